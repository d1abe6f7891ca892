"""How often the leader changes (DESIGN 9, balance metrics): the count itself on hand-made progress, and for every
game a balance's mean count against one recomputed here by replaying each game through the engine's progress and
counting with a counter written apart from washigen's; the same numbers for --jobs 1 and 2."""

from __future__ import annotations

import json
import types
from dataclasses import dataclass

import pytest

from washigen.arena import RandomBot, first_seat, game_seed, play_match
from washigen.arena.match import lead_changes

from .test_cops_cli import run

INF = float("inf")


def changes_counted_apart(progresses) -> int:
    """The test's own count: the strict leader is the one seat holding the highest value; a tie names no one and
    forgets no one; a change is a new strict leader where another one led before."""
    changes, last = 0, None
    for values in progresses:
        ahead = [seat for seat, value in enumerate(values) if value == max(values)]
        if len(ahead) == 1:
            changes += last is not None and ahead[0] != last
            last = ahead[0]
    return changes


# -- the count on hand-made progress ----------------------------------------------------------------------------

@pytest.mark.parametrize("progresses, expected", [
    ([], 0),
    ([(0, 0)], 0),
    ([(0, 0), (1, 0), (2, 0)], 0),                          # one leader all along
    ([(1, 0), (1, 2)], 1),
    ([(0, 0), (0, 0), (0, 1)], 0),                          # a first leader after ties is no change
    ([(1, 0), (1, 1), (2, 1)], 0),                          # tied, then the same leader again: no change
    ([(1, 0), (1, 1), (1, 2)], 1),                          # tied, then the other ahead: one change
    ([(2, 1), (2, 3), (4, 3), (4, 5)], 3),                  # the lead taken, regained, taken again
    ([(3, 1, 1), (3, 3, 1), (1, 3, 1), (1, 3, 5), (6, 3, 5)], 3),      # three seats: 1, (tie), 2, 3, 1
    ([(1, 1, 0), (1, 1, 1), (0, 2, 2), (0, 2, 3)], 0),      # three seats: ties until seat 3 leads
    ([(-INF, -3.0), (-INF, -2.0), (-1.0, -INF)], 1),        # a side out of the game is behind everyone
])
def test_lead_changes_counts_changes_of_the_strict_leader(progresses, expected):
    assert lead_changes(progresses) == expected
    assert changes_counted_apart(progresses) == expected


# A race on the arena protocol: each seat adds 1 or 2 to its own count; the first to 10 wins.
@dataclass(frozen=True)
class Race:
    counts: tuple[int, ...]
    seat: int


race = types.SimpleNamespace(
    __name__="race",
    legal_moves=lambda s: [1, 2],
    apply=lambda s, n: Race(s.counts[:s.seat] + (s.counts[s.seat] + n,) + s.counts[s.seat + 1:],
                            (s.seat + 1) % len(s.counts)),
    result=lambda s: next((seat for seat, count in enumerate(s.counts) if count >= 10), None),
    to_move=lambda s: s.seat,
)


@pytest.mark.parametrize("seats", [2, 3])
def test_play_match_counts_over_every_position_it_plays(seats):
    counted = []
    for seed in range(30):
        start = Race((0,) * seats, 0)
        match, states = play_match(race, start, [RandomBot()] * seats, seed, 100, keep_states=True,
                                   progress=lambda s: s.counts)
        assert match.lead_changes == changes_counted_apart(state.counts for state in states)
        assert play_match(race, start, [RandomBot()] * seats, seed, 100).lead_changes == 0   # no progress given
        counted.append(match.lead_changes)
    assert max(counted) >= 2                     # random races do change leader, so the count is put to the test


# -- every game: balance's mean against a recount from the game's moves ------------------------------------------

def mean(counts: list[int]) -> float:
    return sum(counts) / len(counts)


def cats_counts(design, games: int, seed: int, fresh_check: bool) -> list[int]:
    """Each game of the map's greedy balance run played again from its moves; its progress read at every
    position, and (fresh_check) checked against progress measured with nothing kept from the position before."""
    from washigen.games.cats import engine, playtest

    counts = []
    for index in range(games):
        game, first = game_seed(seed, index), first_seat(index, design.players)
        played = playtest.play_game(design, None, "greedy", game, first)
        state = engine.initial_state(design, played.setup, engine.rules_of(design), game, first=first)
        progresses = [playtest.progress(state)]
        for text in played.moves:
            state = engine.apply(state, engine.parse_move(text, state))
            progresses.append(measured := playtest.progress(state))
            if fresh_check:
                kept = (dict(state.game.progress_steps), dict(state.game.progress_floods))
                state.game.progress_steps.clear()
                state.game.progress_floods.clear()
                assert playtest.progress(state) == measured, (game, text)
                state.game.progress_steps.update(kept[0])
                state.game.progress_floods.clear()
                state.game.progress_floods.update(kept[1])
        assert state == played.final
        winners = played.record.winners
        if winners:                               # a decided game ends with its winner (its team) ahead
            team = state.game.team_of[winners[0]]
            assert [side for side, value in enumerate(progresses[-1]) if value == max(progresses[-1])] == [team]
        counts.append(changes_counted_apart(progresses))
    return counts


@pytest.mark.parametrize("players, coop", [(2, False), (3, False), (4, True)])
def test_cats_balance_counts_what_replaying_the_moves_counts(players, coop):
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import map_balance

    design = generate_map(players=players, coop=coop, seed=2)
    games = 12 if players == 2 else 6
    result = map_balance(design, games, seed=5, jobs=1)
    counts = cats_counts(design, games, 5, fresh_check=True)
    assert result.lead_changes == mean(counts)
    assert result.to_json()["lead_changes"] == round(mean(counts), 2)
    if players == 2:
        assert max(counts) >= 1                   # the leader does change: the comparison means something


def test_cats_progress_has_one_value_per_team():
    from washigen.games.cats import engine, playtest
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.setup import generate_setup

    design = generate_map(players=4, coop=True, seed=2)
    state = engine.initial_state(design, generate_setup(design, 1), engine.rules_of(design), 1)
    assert len(playtest.progress(state)) == 2
    assert all(value < 0 for value in playtest.progress(state))       # steps left, negated: nobody is home yet


def test_cops_balance_counts_what_replaying_the_moves_counts():
    from washigen.games.cops import engine, playtest
    from washigen.games.cops.generate import generate_map

    design = generate_map(3, 4, fair=False)
    games, seed = 30, 2
    counts = []
    for index in range(games):
        game, first = game_seed(seed, index), first_seat(index, 3)
        match = playtest.play_game(design, "greedy", game, first)
        state = engine.initial_state(design, seed=game, first=first)
        progresses = [engine.progress(state)]
        for text in match.moves:
            state = engine.apply(state, engine.parse_move(text, state))
            progresses.append(engine.progress(state))
        if match.result is not None and match.result.winners:
            top = max(progresses[-1])
            assert [s for s, value in enumerate(progresses[-1]) if value == top] == list(match.result.winners)
        counts.append(changes_counted_apart(progresses))
    result = playtest.map_balance(design, games, seed)
    assert result.lead_changes == mean(counts)
    assert max(counts) >= 1


def test_trail_route_balance_counts_what_replaying_the_games_counts():
    from washigen.games.trail_route import engine
    from washigen.games.trail_route.generate import generate_setup
    from washigen.games.trail_route.playtest import balance, play_from

    setup = generate_setup(3, 6)
    games, seed = 4, 3
    counts = []
    for index in range(games):
        progresses: list[tuple[float, ...]] = []
        result = play_from(setup, ("greedy",) * 3, game_seed(seed, index), first_seat(index, 3),
                           on_turn=lambda state: progresses.append(engine.progress(state)))
        # progress is the score, then how far forward: the player ahead at the end is the one who won
        if result.end_reason == "destinations" and len(result.winners) == 1:
            top = max(progresses[-1])
            assert [p for p, value in enumerate(progresses[-1]) if value == top] == result.winners
        assert [int(value) for value in progresses[-1]] == result.scores
        counts.append(changes_counted_apart(progresses))
    assert balance(setup, games, seed, 1).lead_changes == mean(counts)
    assert max(counts) >= 1


def test_cat_tree_balance_counts_what_replaying_the_moves_counts():
    from washigen.games.cat_tree import engine
    from washigen.games.cat_tree.playtest import balance, play_bots, shares, summary, tree_records

    games, seed = 16, 4
    counts = []
    for index in range(games):
        game, first = game_seed(seed, index), first_seat(index, 2)
        played = play_bots(game, "greedy", first)
        state = engine.initial_state(seed=game, first=first)
        progresses = [engine.progress(state)]
        for text in played.moves:
            state = engine.apply(state, engine.parse_move(text, state))
            progresses.append(engine.progress(state))
        assert progresses[-1] == tuple(float(points) for points in shares(played))     # the balance's winner
        counts.append(changes_counted_apart(progresses))
    assert balance(None, games, seed).lead_changes == mean(counts)
    assert summary("greedy", tree_records("greedy", games, seed)).lead_changes == mean(counts)
    assert max(counts) >= 1


# -- the same numbers for every --jobs, and where they are printed --------------------------------------------------

def test_jobs_change_no_lead_count():
    from washigen.games.cat_tree.playtest import balance as tree_balance
    from washigen.games.cats.generate import generate_map as cats_map
    from washigen.games.cats.playtest import map_balance as cats_balance
    from washigen.games.cops.generate import generate_map as cops_map
    from washigen.games.cops.playtest import map_balance as cops_balance
    from washigen.games.trail_route.generate import generate_setup
    from washigen.games.trail_route.playtest import balance as trail_balance

    runs = {
        "cats": lambda jobs: cats_balance(cats_map(seed=3), 16, 1, jobs),
        "cops": lambda jobs: cops_balance(cops_map(4, 1, fair=False), 24, 1, jobs),
        "trail-route": lambda jobs: trail_balance(generate_setup(3, 1), 3, 1, jobs),
        "cat-tree": lambda jobs: tree_balance(None, 16, 1, jobs),
    }
    for name, balance_run in runs.items():
        one, two = balance_run(1), balance_run(2)
        assert one.lead_changes == two.lead_changes and one.to_json() == two.to_json(), name


def test_balance_commands_show_lead_changes(tmp_path):
    body = json.loads(run("cats", "balance", "--seed", 3, "--games", 6, "--jobs", 1, "--json").output)
    assert isinstance(body["lead_changes"], float) and body["lead_changes"] >= 0
    text = run("cats", "balance", "--seed", 3, "--games", 6, "--jobs", 1).output
    assert f"lead changes: {body['lead_changes']:.2f} a game" in text
    cops = json.loads(run("cops", "balance", "--players", 3, "--seed", 2, "--games", 9, "--jobs", 1,
                          "--json").output)
    assert isinstance(cops["lead_changes"], float) and cops["lead_changes"] >= 0
    tree = json.loads(run("cat-tree", "balance", "--seed", 1, "--games", 6, "--jobs", 1, "--json").output)
    assert isinstance(tree["lead_changes"], float) and tree["lead_changes"] >= 0
