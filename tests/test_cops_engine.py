"""The Cops engine, rule by rule (DESIGN 9 "Cops"), each legal and illegal side by side on the hand-made map of
test_cops_rules; then random games on generated maps checked move by move by a referee written apart from the
engine (tests/cops_legality.py), replays, and runs that do not depend on --jobs.

The hand-made map: two segments; in each, zone 1 holds a b (top) c d (bottom), zone 2 e f g h; paths a-b, c-d,
a-c, b-e, d-g, e-f, g-h, f-h, b to d across the wrap (top and bottom port at x 80), and 1h to 2c through the
joints at y 25.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from washigen.errors import InputError
from washigen.games.cops import bots, engine
from washigen.games.cops.engine import Miso, Noodle, Pass, Start, apply, legal_moves, parse_move, result
from washigen.games.cops.generate import generate_map
from washigen.play import make_bots

from .cops_legality import Referee, witness
from .test_cops_rules import hand_map

HAND = hand_map()


def position(filled: dict[str, tuple[int, ...]], to_move: int = 0, used: dict[int, set] | None = None,
             ramen: tuple[int, int] = (2, 2), solved: dict[int, int] | None = None):
    """A state after the start, with the areas filled as given (squads 0-based, largest area first)."""
    state = engine.initial_state(HAND)
    board = state.board
    cells = list(state.filled)
    held = [0, 0]
    for name, owners in filled.items():
        k = board.number[name]
        cells[k] = owners
        for owner in owners:
            held[owner] |= 1 << k
    masks = [0, 0]
    for squad, routes in (used or {}).items():
        for origin, target in routes:
            masks[squad] |= next(r.mask for r in board.routes
                                 if (board.locations[r.origin].id, board.locations[r.target].id) == (origin, target))
    zones = list(state.solved)
    crimes = [(), ()]
    for zone, squad in (solved or {}).items():
        zones[zone] = squad
        crimes[squad] += (zone,)
    return replace(state, started=2, filled=tuple(cells), held=tuple(held), used=tuple(masks), ramen=ramen,
                   solved=tuple(zones), crimes=tuple(crimes), to_move=to_move)


def texts(state) -> set[str]:
    return {str(move) for move in legal_moves(state)}


def test_start_fills_the_largest_area_of_an_empty_location_in_turn_order():
    state = engine.initial_state(HAND, first=1)
    assert engine.to_move(state) == 1
    assert all(isinstance(move, Start) for move in legal_moves(state)) and len(legal_moves(state)) == 16
    state = apply(state, parse_move("start 1a", state))
    assert state.filled[state.board.number["1a"]] == (1,)
    assert engine.to_move(state) == 0
    assert "start 1a" not in texts(state) and "start 1b" in texts(state)     # only empty locations


def test_a_move_leaves_from_any_location_the_squad_holds():
    state = position({"1a": (0,), "2h": (0,), "1f": (1,)})
    moves = texts(state)
    assert {"1a>1b", "1a>1c", "2h>2g", "2h>2f"} <= moves
    assert "1f>1e" not in moves                      # 1f is the other squad's


def test_ports_and_joints_continue_into_the_path_they_meet():
    state = position({"1b": (0,), "1h": (0,)})
    moves = texts(state)
    assert "1b>1d" in moves                          # up through the top port, in again from the bottom
    assert "1h>2c" in moves                          # through the joints into the next segment


def test_a_path_is_used_once_per_squad_but_by_every_squad():
    state = position({"1a": (0,), "1b": (0,), "1c": (1,)}, used={0: {("1a", "1b")}})
    assert "1b>1a" not in texts(state)               # squad 1 came along a-b: not again
    other = position({"1a": (1, 0), "1b": (0,), "1c": (1,)}, to_move=1, used={0: {("1a", "1b")}})
    assert "1a>1b" in texts(other)                   # squad 2 may still take a-b


def test_arriving_fills_the_largest_empty_area():
    state = position({"1a": (0,), "1b": (1,)})
    after = apply(state, parse_move("1a>1b", state))
    assert after.filled[after.board.number["1b"]] == (1, 0)       # the middle area, the largest being taken


def test_no_squad_holds_largest_and_middle_of_one_location():
    banned = position({"1c": (0,), "1a": (0,)}, used={0: {("1a", "1c")}})
    refused = position({"1b": (0,), "1a": (0,)}, used={0: {("1a", "1b")}})
    assert "1b>1a" not in texts(refused) and "1c>1a" not in texts(banned)
    allowed = position({"1b": (0,), "1a": (0, 1)}, used={0: {("1a", "1b")}})
    assert "1c>1a" not in texts(allowed)             # not held: 1c is not the squad's
    allowed = position({"1c": (0,), "1a": (0, 1)}, used={0: {("1a", "1b")}})
    assert "1c>1a" in texts(allowed)                 # the middle is taken: the squad fills the smallest


def test_a_full_location_is_closed():
    full = position({"1a": (0,), "1b": (1, 1, 1)})
    assert "1a>1b" not in texts(full)
    open_ = position({"1a": (0,), "1b": (1, 1)})
    assert "1a>1b" in texts(open_)


def test_a_crime_is_solved_at_once_from_three_ranks_in_one_zone():
    state = position({"1a": (0,), "1b": (1, 0), "1c": (1, 1)})
    after = apply(state, parse_move("1a>1c", state))     # the smallest of 1c completes largest, middle, smallest
    assert after.crimes[0] == (0,) and after.solved[0] == 0


def test_no_crime_from_three_ranks_across_two_zones():
    state = position({"1b": (0,), "1a": (1, 0), "1e": (1, 1)})
    after = apply(state, parse_move("1b>1e", state))     # largest in zone 2, middle in zone 1, smallest in zone 2
    assert after.crimes[0] == () and after.solved == (-1, -1, -1, -1)


def test_a_solved_zone_solves_no_other_crime_but_can_be_crossed():
    state = position({"1a": (0,), "1b": (1, 0), "1c": (1, 1)}, solved={0: 1})
    after = apply(state, parse_move("1a>1c", state))
    assert after.crimes[0] == () and after.solved[0] == 1
    assert "1c>1d" in texts(after)                        # moving through it stays allowed


def test_two_crimes_win():
    state = position({"1a": (0,), "1b": (1, 0), "1c": (1, 1)}, solved={1: 0})
    assert result(state) is None
    after = apply(state, parse_move("1a>1c", state))
    assert result(after) == engine.Result((0,), "win")
    assert legal_moves(after) == []


def test_noodle_legs_continues_from_the_first_location_reached():
    state = position({"1a": (0,), "2h": (0,)})
    moves = [move for move in legal_moves(state) if isinstance(move, Noodle)]
    assert moves and all(move.second.origin == move.first.target for move in moves)
    assert "noodle 1a>1b 1b>1e" in texts(state)
    with pytest.raises(InputError, match="not legal"):
        parse_move("noodle 1a>1b 2h>2g", state)            # the second move must leave from 1b
    after = apply(state, parse_move("noodle 1a>1b 1b>1e", state))
    board = after.board
    assert after.filled[board.number["1b"]] == (0,) and after.filled[board.number["1e"]] == (0,)
    assert after.ramen == (1, 2) and engine.to_move(after) == 1


def test_ramen_twice_per_squad():
    state = position({"1a": (0,), "2h": (0,)}, ramen=(0, 2))
    assert not any(isinstance(move, (Noodle, Miso)) for move in legal_moves(state))


def test_miso_squirly_refused_across_a_path_and_allowed_in_the_clear():
    state = position({"1a": (0,), "2h": (0,)})
    moves = texts(state)
    assert "miso 1a~1d" in moves                          # a clear diagonal
    assert "miso 1a~1b" not in moves                      # it would run along path a-b
    after = apply(state, parse_move("miso 1a~1d", state))
    assert "miso 1b~1c" not in texts(replace(after, to_move=0))     # it would cross the new path
    assert after.ramen == (1, 2)


def test_miso_squirly_stays_on_the_tape_and_does_not_wrap():
    board = engine.board_for(HAND)
    rects = board._map_geometry[2]
    assert engine._on_tape(((74.0, 11.0), (74.0, 39.0)), rects)
    assert not engine._on_tape(((74.0, 11.0), (74.0, -5.0), (74.0, 60.0)), rects)    # over the top edge
    offset = complete_offset_map()
    rects = engine.board_for(offset)._map_geometry[2]
    assert not engine._on_tape(((170.0, 3.0), (190.0, 3.0)), rects)     # into the gap above the lowered segment


def complete_offset_map():
    from washigen.games.cops.generate import complete_offset

    return complete_offset(replace(HAND, offset=8.0))


def test_the_miso_path_is_a_route_for_every_squad_once():
    state = position({"1a": (0,), "1b": (1,)})
    state = apply(state, parse_move("miso 1a~1d", state))          # squad 1 draws it; nobody moves on it now
    assert state.filled[state.board.number["1d"]] == ()
    assert "1b>1d" in texts(state)                                  # the printed wrap route, for squad 2
    state = replace(state, to_move=0)
    assert "1a>1d" in texts(state)
    state = apply(state, parse_move("1a>1d", state))
    state = replace(state, to_move=0)
    assert "1d>1a" not in texts(state)                              # used once by squad 1


def test_a_stuck_squad_without_ramen_passes_and_all_stuck_is_a_stalemate():
    everything = {name: (1, 1, 1) for name in engine.board_for(HAND).number}
    everything["1a"] = (0, 1, 1)
    state = position(everything, ramen=(0, 0))
    assert legal_moves(state) == [Pass()]
    state = apply(state, Pass())
    assert result(state) is None
    state = apply(state, Pass())
    assert result(state) == engine.Result((), "stalemate")


def test_bad_moves_are_named():
    state = position({"1a": (0,)})
    with pytest.raises(InputError, match="no location '9z'"):
        parse_move("1a>9z", state)
    with pytest.raises(InputError, match="not a Cops move"):
        parse_move("jump", state)


# -- whole games, checked by the referee -----------------------------------------------------------------------


MAPS = [(2, 0.0, 11, "end-to-end"), (3, 8.0, 12, "end-to-end"), (4, 0.0, 13, "end-to-end"),
        (5, 12.5, 14, "end-to-end"), (6, 0.0, 15, "end-to-end"), (6, 6.0, 16, "end-to-end"),
        (2, 10.0, 21, "stacked"), (3, 0.0, 22, "stacked"), (4, 6.0, 23, "stacked"), (5, 0.0, 24, "stacked"),
        (6, 12.5, 25, "stacked")]


@pytest.mark.parametrize("players, offset, seed, layout", MAPS)
def test_random_games_make_only_legal_moves_and_end(players, offset, seed, layout):
    design = generate_map(players, seed, offset=offset, layout=layout)
    for game in range(2):
        first = game % players
        state = engine.initial_state(design, first=first)
        referee = Referee(design, first)
        rng = random.Random(seed * 10 + game)
        limit = bots.turn_limit(design)
        for _ in range(limit):
            if result(state) is not None:
                break
            move = rng.choice(legal_moves(state))
            proof = witness(state, move)
            assert referee.problem(str(move), proof) is None, (str(move), referee.problem(str(move), proof))
            referee.play(str(move), proof)
            state = apply(state, move)
        outcome = result(state)
        assert outcome is not None, "a random game ran past the turn limit"
        assert (outcome.winners[0] if outcome.winners else None) == referee.winner()


def test_the_referee_refuses_what_the_rules_refuse():
    referee = Referee(HAND)
    referee.play("start 1a")
    referee.play("start 1c")
    assert referee.problem("1a>1b", [(0, 0)]) is None
    assert "do not lead" in referee.problem("1a>1b", [(0, 2)])
    referee.play("1a>1b", [(0, 0)])
    assert referee.problem("1c>1a", [(0, 2)]) is None
    referee.play("1c>1a", [(0, 2)])
    assert "used twice" in referee.problem("1b>1a", [(0, 0)])
    assert "holds no area" in referee.problem("1d>1c", [(0, 1)])
    referee.play("1b>1e", [(0, 3)])
    referee.play("pass")
    assert "largest and the middle" in referee.problem("1e>1b", [(0, 3)])


@pytest.mark.parametrize("players", [2, 4])
def test_a_log_replays_to_the_same_game(players):
    design = generate_map(players, 21)
    match = bots.play_game(design, "greedy,random" if players == 2 else "random", seed=5, first=1)
    state = engine.initial_state(design, first=1)
    for text in match.moves:
        state = apply(state, parse_move(text, state))
    assert state == match.final


def test_greedy_squads_finish_and_a_seed_plays_the_same_game():
    design = generate_map(4, 2)
    first = bots.play_game(design, "greedy", seed=9, first=0)
    again = bots.play_game(design, "greedy", seed=9, first=0)
    assert first.moves == again.moves and first.result.end == "win"
    assert bots.play_check(design, 3).ok


def test_greedy_beats_random():
    design = generate_map(2, 4)
    wins = sum(0 in bots.play_record(design, "greedy,random", seed, 0).winners for seed in range(20))
    assert wins >= 15


def test_jobs_do_not_change_results():
    design = generate_map(3, 6)
    assert bots.run(design, 9, seed=2, jobs=1) == bots.run(design, 9, seed=2, jobs=2)


def test_bad_bot_names_are_refused():
    with pytest.raises(InputError, match="unknown bot 'clever'"):
        make_bots("clever", bots.BOTS, 2)
