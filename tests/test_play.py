"""washigen.arena: bots' protocol, seeded matches, runs in a process pool and the balance statistics, on a tiny
game made here (Nim) so that nothing depends on a real game's engine."""

from __future__ import annotations

import functools
import types
from dataclasses import dataclass

import pytest
from click.testing import CliRunner

from washigen.errors import InputError
from washigen.arena import (GameRecord, RandomBot, agreement, balance, first_seat, game_seed, make_bots, play_match,
                           run_games, wilson)


# -- a tiny engine: take 1 or 2 stones; who takes the last one wins ----------------------------------------

@dataclass(frozen=True)
class NimState:
    stones: int
    seat: int
    players: int
    winner: int | None = None


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


def _initial_state(stones, players, first=0):
    return NimState(stones=stones, seat=first, players=players)


def _legal_moves(state):
    return [Take(n) for n in (1, 2) if n <= state.stones]


def _apply(state, move):
    left = state.stones - move.n
    return NimState(stones=left, seat=(state.seat + 1) % state.players, players=state.players,
                    winner=state.seat if left == 0 else None)


nim = types.SimpleNamespace(__name__="nim", legal_moves=_legal_moves, apply=_apply,
                            result=lambda s: s.winner, to_move=lambda s: s.seat)


class TakeOne:
    name = "one"

    def choose(self, state, moves, rng):
        return moves[0]


def play_nim(stones: int, players: int, seed: int, first: int) -> GameRecord:
    bots = [RandomBot() for _ in range(players)]
    match = play_match(nim, _initial_state(stones, players, first), bots, seed, turn_limit=100)
    return GameRecord(seed=seed, winners=(match.result,), turns=match.turns, end="win", first=first)


# -- wilson --------------------------------------------------------------------------------------------------

def test_wilson_matches_the_textbook_values():
    # 50 of 100: 0.4038..0.5962 (Wilson 1927, z = 1.96)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    # 0 of 10: the interval starts at 0 and is not empty (the normal approximation would give 0..0)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


# -- seeds and seats -----------------------------------------------------------------------------------------

def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert seeds == [game_seed(7, i) for i in range(200)]
    assert game_seed(7, 0) != game_seed(8, 0)


def test_each_seat_starts_equally_often():
    starts = [first_seat(i, 3) for i in range(12)]
    assert [starts.count(seat) for seat in range(3)] == [4, 4, 4]


# -- matches -------------------------------------------------------------------------------------------------

def test_a_seed_replays_the_same_match_and_another_seed_differs():
    state = _initial_state(30, 2)
    bots = [RandomBot(), RandomBot()]
    games = {seed: play_match(nim, state, bots, seed, turn_limit=100).moves for seed in range(20)}
    assert games[3] == play_match(nim, state, bots, 3, turn_limit=100).moves
    assert len(set(games.values())) > 10
    for moves in games.values():
        assert sum(int(m.split()[1]) for m in moves) == 30


def test_the_turn_limit_cuts_a_game_off():
    match = play_match(nim, _initial_state(30, 2), [TakeOne(), TakeOne()], 1, turn_limit=5)
    assert match.cut_off and match.turns == 5 and match.result is None and match.final.stones == 25
    finished = play_match(nim, _initial_state(4, 2), [TakeOne(), TakeOne()], 1, turn_limit=5)
    assert not finished.cut_off and finished.result == 1 and finished.moves == ("take 1",) * 4


def test_keep_states_records_every_state():
    match, states = play_match(nim, _initial_state(5, 2), [TakeOne(), TakeOne()], 1, turn_limit=10,
                               keep_states=True)
    assert [s.stones for s in states] == [5, 4, 3, 2, 1, 0]


# -- bots ----------------------------------------------------------------------------------------------------

def test_make_bots_names_every_seat_or_all():
    registry = {"random": RandomBot, "one": TakeOne}
    assert [b.name for b in make_bots("one", registry, 3)] == ["one"] * 3
    assert [b.name for b in make_bots("random, one", registry, 2)] == ["random", "one"]
    with pytest.raises(InputError, match=r"--bots: unknown bot 'smart'; known bots: one, random"):
        make_bots("smart", registry, 2)
    with pytest.raises(InputError, match=r"--bots: 3 bots named for 2 seats"):
        make_bots("one,one,one", registry, 2)
    with pytest.raises(InputError, match="empty bot name"):
        make_bots("one,", registry, 2)


# -- runs and balance ----------------------------------------------------------------------------------------

def test_jobs_do_not_change_the_results():
    play_one = functools.partial(play_nim, 20, 3)
    one = run_games(play_one, seed=5, games=60, players=3, jobs=1)
    two = run_games(play_one, seed=5, games=60, players=3, jobs=2)
    assert one == two
    assert [r.first for r in one[:6]] == [0, 1, 2, 0, 1, 2]
    assert [r.seed for r in one] == [game_seed(5, i) for i in range(60)]


def test_run_games_bounds_its_counts():
    with pytest.raises(InputError, match="--games: must be 1..100000, got 0"):
        run_games(functools.partial(play_nim, 5, 2), 1, 0, 2)
    with pytest.raises(InputError, match="--jobs: must be 1..64, got 0"):
        run_games(functools.partial(play_nim, 5, 2), 1, 10, 2, jobs=0)


def _record(winners, turns=10, end="win", first=0):
    return GameRecord(seed=0, winners=winners, turns=turns, end=end, first=first)


def test_balance_of_a_lopsided_run_is_not_fair():
    records = [_record((0,))] * 80 + [_record((1,))] * 20
    result = balance(records, players=2)
    assert [s.wins for s in result.seats] == [80, 20]
    assert result.score == pytest.approx(0.3)
    assert not result.fair
    js = result.to_json()
    assert js["games"] == 100 and [s["seat"] for s in js["seats"]] == [1, 2]
    assert set(js) == {"games", "seats", "mean_turns", "trapped", "stalemates", "turn_limits", "score", "fair",
                       "ends", "turns_sd", "decisiveness", "first_mover_edge", "lead_changes"}
    assert set(js["seats"][0]) == {"seat", "wins", "win_rate", "low", "high"}


def test_balance_counts_teams_traps_and_stalemates():
    records = ([_record((0, 2), turns=30)] * 45 + [_record((1, 3), turns=10, end="trap")] * 50
               + [_record((), turns=100, end="stalemate")] * 5)
    result = balance(records, players=4, teams=2)
    assert result.fair_share == 0.5
    assert [s.wins for s in result.seats] == [45, 50, 45, 50]
    assert result.trapped == 50 and result.stalemates == 5
    assert result.mean_turns == pytest.approx((45 * 30 + 50 * 10 + 5 * 100) / 100)
    assert result.fair  # 45 % and 50 % of 100 both hold 0.5 in their intervals
    assert result.score == pytest.approx(0.05)


def test_balance_gives_the_game_metrics():
    # 2 players, 10 games: the seat that moved first wins 6 of them (games 1-5 and 7); one game is a trap (won),
    # one is a stalemate and one reached the turn limit (no winner in either).
    records = [_record((0,), 20, first=0), _record((1,), 30, first=1), _record((0,), 40, first=0),
               _record((1,), 50, "trap", first=1), _record((0,), 60, first=0), _record((0,), 70, first=1),
               _record((0,), 80, first=0), _record((1,), 90, first=0), _record((), 100, "stalemate", first=1),
               _record((), 110, "turn_limit", first=0)]
    result = balance(records, players=2)
    assert (result.won, result.trapped, result.stalemates, result.turn_limits) == (7, 1, 1, 1)
    assert result.decisive == pytest.approx(0.8)
    assert result.first_edge == pytest.approx(0.6 - 0.5)
    assert result.mean_turns == pytest.approx(65)
    assert result.turns_sd == pytest.approx(30.2765, abs=1e-4)      # 10..110 by tens: sqrt(8250 / 9)
    js = result.to_json()
    assert js["ends"] == {"win": 7, "trap": 1, "stalemate": 1, "turn_limit": 1}
    assert (js["stalemates"], js["turn_limits"]) == (1, 1)
    assert (js["turns_sd"], js["decisiveness"], js["first_mover_edge"]) == (30.28, 0.8, 0.1)
    assert ("7 won, 1 by a trap, 1 stalemates, 1 at the turn limit; length 65.0 ± 30.3 turns; decisive 80.0%; "
            "first mover's edge +10.0%") in result.format_text()


def test_the_first_movers_edge_counts_a_team_and_every_seat_moving_first():
    # Team play, 4 seats in 2 teams: the starter's team wins 3 of 4 games, whichever seat started.
    records = [_record((0, 2), first=0), _record((1, 3), first=1), _record((0, 2), first=2), _record((0, 2), first=1)]
    result = balance(records, players=4, teams=2)
    assert result.first_edge == pytest.approx(0.75 - 0.5)
    one = balance([_record((0,))], players=3)
    assert one.turns_sd == 0.0 and one.first_edge == pytest.approx(1 - 1 / 3)
    empty = balance([], players=2)
    assert (empty.decisive, empty.first_edge, empty.turns_sd) == (0.0, 0.0, 0.0)


def test_agreement_of_greedy_and_strong_play():
    even = [_record((0,))] * 50 + [_record((1,))] * 50
    lopsided = [_record((0,))] * 80 + [_record((1,))] * 20
    near = [_record((0,))] * 55 + [_record((1,))] * 45
    same = agreement(balance(even, 2), balance(near, 2))
    assert same.same_verdict and same.score_gap == pytest.approx(0.05)
    assert same.seat_gaps == pytest.approx((0.05, -0.05))
    differ = agreement(balance(even, 2), balance(lopsided, 2))
    assert not differ.same_verdict and differ.score_gap == pytest.approx(0.3) and differ.largest_gap == pytest.approx(0.3)
    js = differ.to_json()
    assert js["same_verdict"] is False and js["score_gap"] == 0.3
    assert js["seat_gaps"] == [{"seat": 1, "gap": 0.3}, {"seat": 2, "gap": -0.3}]
    assert js["greedy"]["fair"] is True and js["strong"]["fair"] is False
    assert "disagree" in differ.format_text() and "seat 1 +30.0%" in differ.format_text()
    with pytest.raises(ValueError, match="not the same map"):
        agreement(balance(even, 2), balance(even, 3))


# -- validate --play -----------------------------------------------------------------------------------------

def test_validate_play_refuses_a_game_without_a_play_check(tmp_path):
    from washigen.cli import main
    from washigen.design import save
    from washigen.games import get_game

    game = get_game("cat-tree")
    if game.play_check is not None:
        pytest.skip("every game has a play check now")
    design = _any_design(game)
    path = tmp_path / "design.json"
    save(design, path)
    result = CliRunner().invoke(main, ["validate", "--play", str(path)])
    assert result.exit_code == 2
    assert "--play: Cat Tree? We can handle this! has no play check" in result.output
    assert "Traceback" not in result.output


def _any_design(game):
    golden = game.golden()
    return next(iter(golden.values()))


@pytest.mark.parametrize("game, named, unnamed", [("cats", "by a trap", "stalemates"),
                                                  ("cops", "stalemates", "by a trap")])
def test_the_balance_summary_counts_only_the_endings_its_game_has(game, named, unnamed):
    """`cats balance` said "0 stalemates", an ending Cats does not have (its chart left the line out)."""
    from click.testing import CliRunner

    from washigen.cli import main

    result = CliRunner().invoke(main, [game, "balance", "--games", "2", "--seed", "1", "--jobs", "1"])
    ends = next(line for line in result.output.splitlines() if line.startswith("ends: "))
    assert result.exit_code == 0 and "won" in ends and "at the turn limit" in ends, result.output
    assert named in ends and unnamed not in ends, ends
