"""The Cats engine, one rule sentence of DESIGN 9 "Cats" at a time: each test a small hand-built position with the
legal case beside the illegal one."""

from __future__ import annotations

import pytest

from washigen.errors import InputError
from washigen.games.cats import engine

from .cats_states import cell_of, line_cells, names, play, position, small_map

OPEN = ["........."] * 7          # 7 rows x 9 columns of street


# -- steps ------------------------------------------------------------------------------------------------------------

def test_a_step_into_an_opponents_line_is_refused_and_into_your_own_allowed():
    state = position(small_map(OPEN), [(1, (4, 5), 7), (2, (1, 1), 1)],
                     lines={1: [(5, 5)], 2: [(3, 5)]})
    moves = names(state)
    assert "c1 S" in moves                     # back onto its own line
    assert "c1 N" not in moves                 # player 2's line
    assert {"c1 E", "c1 W"} <= moves
    after = play(state, "c1 E")
    assert cell_of(after, after.cats[0].head) == (4, 6)
    assert (4, 6) in line_cells(after, 1)
    assert engine.to_move(after) == 1          # player 2's turn


def test_no_step_onto_a_shrine_or_across_a_wall_or_off_the_map():
    rows = [".J.......", "#........", "#........"] + OPEN[3:]
    game_map = small_map(rows, buildings=[(((2, 1), (3, 1)), ((3, 1, "s"),))])
    state = position(game_map, [(1, (1, 1), 1), (2, (7, 9), 7)])
    # east a shrine, south the building's wall (its opening is on the south side), north and west the map edge
    assert not {"c1 N", "c1 E", "c1 S", "c1 W"} & names(state)
    below = position(game_map, [(1, (4, 1), 1), (2, (7, 9), 7)])
    assert "c1 N" in names(below)              # through the opening


# -- jumps -------------------------------------------------------------------------------------------------------------

def test_a_super_cat_jump_crosses_your_own_line_and_lands_on_a_blank_cell():
    state = position(small_map(OPEN), [(1, (4, 2), 7), (1, (6, 6), 7), (2, (1, 9), 1)],
                     lines={1: [(4, 3), (4, 4), (5, 6)]})
    assert "c1 jump E" in names(state)
    after = play(state, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 5)
    assert after.specials == state.specials     # free
    # The run may hold either of the player's cats' lines.
    state = position(small_map(OPEN), [(1, (4, 2), 7), (1, (4, 3), 7), (2, (1, 9), 1)])
    after = play(state, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 4)


@pytest.mark.parametrize("blocker", ["wall", "shrine", "edge"])
def test_the_same_jump_is_stopped_by_a_wall_a_shrine_or_the_map_edge(blocker):
    rows = list(OPEN)
    buildings = []
    lines = [(4, 3), (4, 4)]
    if blocker == "shrine":
        rows[3] = ".....J..."
    elif blocker == "wall":
        rows[3] = ".....#..."
        rows[4] = ".....#..."
        buildings = [(((4, 6), (5, 6)), ((5, 6, "s"),))]
    else:
        lines = [(4, 3), (4, 4), (4, 5), (4, 6), (4, 7), (4, 8), (4, 9)]
    state = position(small_map(rows, buildings), [(1, (4, 2), 7), (2, (1, 9), 1)],
                     lines={1: lines if blocker == "edge" else lines + [(4, 5)]})
    assert "c1 jump E" not in names(state)
    assert "c1 amazing E" not in names(state)


def test_a_jump_over_an_opponents_line_needs_the_amazing_jump_and_costs_a_special():
    state = position(small_map(OPEN), [(1, (4, 2), 7), (2, (1, 9), 1)], lines={2: [(4, 3), (4, 4)]})
    moves = names(state)
    assert "c1 jump E" not in moves
    assert "c1 amazing E" in moves
    after = play(state, "c1 amazing E")
    assert cell_of(after, after.cats[0].head) == (4, 5)
    assert after.specials == (1, 2) and after.used == (1, 0)
    # With no special move left, it is gone.
    assert "c1 amazing E" not in names(position(small_map(OPEN), [(1, (4, 2), 7), (2, (1, 9), 1)],
                                                lines={2: [(4, 3), (4, 4)]}, specials=(0, 2)))


def test_an_amazing_jump_crosses_a_mix_of_lines_and_lands_on_the_first_blank():
    state = position(small_map(OPEN), [(1, (4, 2), 7), (2, (1, 9), 1)],
                     lines={1: [(4, 3), (4, 5)], 2: [(4, 4)]})
    moves = names(state)
    assert "c1 jump E" not in moves            # stops at player 2's line: no blank to land on
    after = play(state, "c1 amazing E")
    assert cell_of(after, after.cats[0].head) == (4, 6)


# -- sewers ------------------------------------------------------------------------------------------------------------

def test_a_pop_comes_out_of_a_same_colour_sewer_in_the_same_row_across_a_six_player_map():
    wide = ["." * 72] * 5
    wide[2] = "." * 4 + "b" + "." * 30 + "g" + "." * 30 + "b" + "." * 5     # blue at columns 5 and 67
    wide[3] = "." * 66 + "b" + "." * 5                                      # blue in another row
    game_map = small_map(wide, players=6)
    state = position(game_map, [(1, (3, 4), 5)] + [(p, (1, 3 * p), 1) for p in range(2, 7)])
    moves = names(state)
    assert "c1 pop r3c5->r3c67" in moves
    assert not any("r4c67" in m or "r3c36" in m for m in moves)      # not another row, not another colour
    after = play(state, "c1 pop r3c5->r3c67")
    assert cell_of(after, after.cats[0].head) == (3, 67)
    assert after.specials[0] == 1


def test_a_step_onto_a_sewer_blocks_it_and_a_blocked_sewer_refuses_a_pop():
    rows = list(OPEN)
    rows[3] = "..b.....b"
    game_map = small_map(rows)
    state = position(game_map, [(1, (4, 2), 7), (2, (1, 9), 1)])
    assert "c1 pop r4c3->r4c9" in names(state)
    walked = play(state, "c1 E")                         # player 1 steps onto the sewer
    assert cell_of(walked, walked.blocked.bit_length() - 1) == (4, 3)
    # A cat of player 2 next to the other end now cannot pop into it.
    state = position(game_map, [(1, (1, 1), 7), (2, (4, 8), 1)], blocked=[(4, 3)], to_move=2)
    assert not any("pop" in m for m in names(state))
    state = position(game_map, [(1, (1, 1), 7), (2, (4, 8), 1)], to_move=2)
    assert "c1 pop r4c9->r4c3" in names(state)


def test_sewer_poppers_forbid_stepping_onto_sewers_and_leave_only_pops_as_specials():
    rows = list(OPEN)
    rows[3] = "..b.....b"
    plain = position(small_map(rows), [(1, (4, 2), 7), (2, (1, 9), 1)], lines={2: [(3, 2)]})
    poppers = position(small_map(rows, sewer_poppers=True), [(1, (4, 2), 7), (2, (1, 9), 1)], lines={2: [(3, 2)]})
    assert "c1 E" in names(plain) and "c1 E" not in names(poppers)
    assert "c1 amazing N" in names(plain) and "c1 amazing N" not in names(poppers)
    assert "c1 pop r4c3->r4c9" in names(poppers)


# -- fish and home -------------------------------------------------------------------------------------------------------

def test_a_fish_on_the_cats_own_side_is_refused_and_on_the_far_side_taken():
    game_map = small_map(["........."] * 8)
    own = position(game_map, [(1, (7, 5), 8), (2, (1, 9), 1)], fish=[(8, 5)])
    assert "c1 S" not in names(own)
    far = position(game_map, [(1, (2, 5), 8), (2, (8, 9), 1)], fish=[(1, 5)])
    after = play(far, "c1 N")
    assert after.cats[0].fish and after.fish == 0


def test_a_cat_carrying_a_fish_enters_no_fish_cell():
    game_map = small_map(["........."] * 8)
    state = position(game_map, [(1, (2, 5), 8, True), (2, (8, 9), 1)], fish=[(1, 5)])
    assert "c1 N" not in names(state)
    # and cannot land on one by a jump either
    state = position(game_map, [(1, (3, 5), 8, True), (2, (8, 9), 1)], fish=[(1, 5)], lines={1: [(2, 5)]})
    assert "c1 jump N" not in names(state)


def test_a_cat_with_a_fish_on_its_start_row_is_home_and_both_home_wins():
    game_map = small_map(["........."] * 8)
    state = position(game_map, [(1, (7, 5), 8, True), (1, (2, 1), 1, True), (2, (1, 9), 1)])
    after = play(state, "c1 S")
    assert after.cats[0].home and engine.result(after) is None
    assert not any(m.startswith("c1") for m in names(play(after, "c1 W")))   # home cats move no more
    # the other cat has its fish and is one step from row 1: it comes home and player 1 wins
    after = play(play(after, "c1 W"), "c2 N")
    assert engine.result(after) == engine.Result((0,), "win")


# -- buildings -----------------------------------------------------------------------------------------------------------

BUILT = ["........."] * 2 + ["...##...."] * 2 + ["........."] * 3
DOORS = [(((3, 4), (3, 5), (4, 4), (4, 5)), ((4, 4, "s"), (3, 5, "n")))]


def test_entering_a_building_fills_it_and_the_cat_occupies_all_of_it():
    state = position(small_map(BUILT, DOORS), [(1, (5, 4), 7), (2, (1, 9), 1)])
    assert "c1 N" in names(state)
    after = play(state, "c1 N")
    assert {(3, 4), (3, 5), (4, 4), (4, 5)} <= line_cells(after, 1)
    after = play(after, "c1 W")                           # player 2 moves
    assert "c1 N r2c5" in names(after)                      # out of the other opening


def test_a_building_holding_another_players_line_cannot_be_entered():
    state = position(small_map(BUILT, DOORS), [(1, (5, 4), 7), (2, (1, 9), 1)], lines={2: [(3, 5)]})
    assert "c1 N" not in names(state)


def test_a_cat_leaves_a_building_only_into_an_empty_cell():
    game_map = small_map(BUILT, DOORS)
    state = position(game_map, [(1, (5, 4), 7), (2, (1, 9), 1)])
    inside = play(play(state, "c1 N"), "c1 W")
    assert "c1 N r2c5" in names(inside) and "c1 S r5c4" not in names(inside)    # r5c4: its own line
    blocked = position(game_map, [(1, (5, 4), 7), (2, (1, 9), 1)], lines={1: [(2, 5)]})
    inside = play(play(blocked, "c1 N"), "c1 W")
    assert "c1 N r2c5" not in names(inside) and "c1 S r5c4" not in names(inside)
    assert "c1 jump N r1c5" in names(inside)               # over its own line, it may still jump


# -- forests ----------------------------------------------------------------------------------------------------------

def test_a_forest_is_shared_not_filled_and_entering_it_ends_the_turn():
    rows = ["........."] * 3 + ["...TT...."] + ["........."] * 3
    state = position(small_map(rows), [(1, (5, 4), 7), (2, (3, 5), 1)])
    after = play(state, "c1 N")                            # player 1 enters the forest
    assert line_cells(after, 1) == {(5, 4)}                # not filled
    assert engine.to_move(after) == 1                      # the turn passed
    assert "c1 S" in names(after)                          # player 2 may enter too
    both = play(after, "c1 S")
    assert engine.to_move(both) == 0
    # next turn player 1 leaves in any open direction
    assert {"c1 N r3c4", "c1 W r4c3", "c1 E r4c6"} <= names(both)


# -- jinja mode ------------------------------------------------------------------------------------------------------------

def test_jinja_a_shrine_opens_after_a_special_and_gives_one_back_never_above_two():
    rows = ["........."] * 3 + ["....J...."] + ["........."] * 3
    jinja = small_map(rows, jinja=True)
    fresh = position(jinja, [(1, (4, 4), 7), (2, (1, 9), 1)])
    assert "c1 E" not in names(fresh)                      # 2 unused: closed
    used_one = position(jinja, [(1, (4, 4), 7), (2, (1, 9), 1)], specials=(1, 2))
    assert "c1 E" in names(used_one)
    after = play(used_one, "c1 E")
    assert after.specials == (2, 2) and (4, 5) in line_cells(after, 1)
    plain = position(small_map(rows), [(1, (4, 4), 7), (2, (1, 9), 1)], specials=(1, 2))
    assert "c1 E" not in names(plain)                      # without jinja mode shrines stay shut


# -- team play ----------------------------------------------------------------------------------------------------------

def test_teammates_lines_are_jumped_for_free_an_opponents_are_not():
    game_map = small_map(OPEN, players=4, coop=True)
    cats = [(1, (4, 2), 7), (2, (1, 1), 1), (3, (7, 9), 7), (4, (1, 9), 1)]
    mate = position(game_map, cats, lines={2: [(4, 3), (4, 4)]})
    assert "c1 jump E" in names(mate)
    assert "c1 E" not in names(mate)                       # a step into the teammate's line is refused
    foe = position(game_map, cats, lines={3: [(4, 3), (4, 4)]})
    assert "c1 jump E" not in names(foe) and "c1 amazing E" in names(foe)
    assert engine.turn_order(4, True) == (0, 2, 1, 3)


def test_a_team_shares_two_special_moves():
    game_map = small_map(OPEN, players=4, coop=True)
    cats = [(1, (4, 2), 7), (2, (2, 2), 1), (3, (7, 9), 7), (4, (1, 9), 1)]
    state = position(game_map, cats, lines={3: [(4, 3)], 4: [(2, 3)]})
    assert len(state.specials) == 2
    state = play(state, "c1 amazing E")                     # player 1 (team 1) uses one
    assert state.specials == (1, 2)


# -- the end -------------------------------------------------------------------------------------------------------------

def test_a_trapped_player_loses_at_once_with_two_players():
    rows = ["........."] * 7
    boxed = position(small_map(rows), [(1, (4, 1), 7), (2, (1, 9), 1)],
                     lines={2: [(3, 1), (5, 1), (4, 2), (4, 3), (3, 2), (5, 2)]}, specials=(0, 2))
    assert names(boxed) == {"trapped"}
    after = play(boxed, "trapped")
    assert engine.result(after) == engine.Result((1,), "trap")
    free = position(small_map(rows), [(1, (4, 1), 7), (2, (1, 9), 1)],
                    lines={2: [(3, 1), (5, 1), (4, 2), (4, 3)]}, specials=(1, 2))
    assert "c1 amazing E" in names(free)


def test_with_three_players_a_trapped_player_is_out_and_the_others_play_on():
    rows = ["........."] * 7
    state = position(small_map(rows, players=3), [(1, (4, 1), 7), (2, (1, 9), 1), (3, (7, 9), 7)],
                     lines={2: [(3, 1), (5, 1), (4, 2), (4, 3), (3, 2), (5, 2)]}, specials=(0, 2, 2))
    after = play(state, "trapped")
    assert engine.result(after) is None and after.out == (True, False, False)
    assert engine.to_move(after) == 1
    after = play(after, "c1 W")
    assert engine.to_move(after) == 2
    after = play(after, "c1 W")
    assert engine.to_move(after) == 1                      # seat 1 (player 1) is skipped


# -- notation ------------------------------------------------------------------------------------------------------------

def test_every_legal_move_prints_and_parses_back():
    state = position(small_map(BUILT, DOORS), [(1, (5, 4), 7), (1, (6, 6), 7), (2, (1, 9), 1)],
                     lines={1: [(6, 4), (6, 5)]})
    for move in engine.legal_moves(state):
        assert engine.parse_move(str(move), state) == move
    with pytest.raises(InputError, match="'c3 N' is not legal for player 1"):
        engine.parse_move("c3 N", state)


def test_with_sewer_poppers_the_free_jump_stays():
    rows = list(OPEN)
    game_map = small_map(rows, sewer_poppers=True)
    state = position(game_map, [(1, (4, 2), 7), (2, (1, 9), 1)], lines={1: [(4, 3)], 2: [(3, 2)]})
    moves = names(state)
    assert "c1 jump E" in moves                # not a special move
    assert "c1 amazing N" not in moves         # a special move, and specials are pops only


def test_a_cat_walled_off_from_its_goal_with_no_special_left_is_out_though_it_can_still_wander():
    rows = ["........."] * 8
    wall = [(5, c) for c in range(1, 10)]                  # player 2's line across the map, between cat and fish
    walled = position(small_map(rows), [(1, (7, 5), 8), (2, (1, 9), 1)], lines={2: wall}, fish=[(1, 2), (8, 1)],
                      specials=(0, 2), to_move=2)
    walled_moves = position(small_map(rows), [(1, (7, 5), 8), (2, (1, 9), 1)], lines={2: wall},
                            fish=[(1, 2), (8, 1)], specials=(0, 2))
    assert {"c1 N", "c1 E", "c1 S", "c1 W"} <= names(walled_moves)      # set up by hand, it can still wander
    after = play(walled, "c1 W")                             # the check runs after every move, anyone's
    assert after.out == (True, False) and engine.result(after) == engine.Result((1,), "trap")
    # There and back it crosses the line twice: one special move is not enough, two are.
    for specials, out in ((1, True), (2, False)):
        with_specials = position(small_map(rows), [(1, (7, 5), 8), (2, (1, 9), 1)], lines={2: wall},
                                 fish=[(1, 2), (8, 1)], specials=(specials, 2), to_move=2)
        assert play(with_specials, "c1 W").out == (out, False)
    gap = position(small_map(rows), [(1, (7, 5), 8), (2, (1, 9), 1)], lines={2: wall[:-1]}, fish=[(1, 2), (8, 1)],
                   specials=(0, 2), to_move=2)
    assert play(gap, "c1 W").out == (False, False)           # a way round at column 9


def test_a_game_held_by_its_first_state_does_not_keep_the_others():
    """The bot's tried move is kept for the match's apply (one for the game), not on each state: kept on every
    state it tied each to the next, so that a caller holding the first state (playtest.play_game does, through
    the match) kept every state of the game, with its floods and routes, until the game ended: over 1 GB on the
    largest maps."""
    import gc

    from washigen.arena import make_bots, play_match
    from washigen.games.cats.bots import BOTS
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import setup_for

    design = generate_map(seed=3)
    first = engine.initial_state(design, setup_for(design, None, 3), engine.rules_of(design), 3)
    match = play_match(engine, first, make_bots("greedy", BOTS, 2), 3, 10_000)
    assert match.turns > 50
    gc.collect()
    alive = [o for o in gc.get_objects() if type(o) is engine.State and o.game is first.game]
    assert len(alive) <= 4, f"{len(alive)} states of a {match.turns}-turn game are still alive"


def test_no_move_is_applied_after_the_end_of_a_game():
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import play_game

    design = generate_map(seed=2)
    played = play_game(design, None, "greedy", 5, 0)
    final = played.final
    assert engine.result(final) is not None and engine.legal_moves(final) == []
    some_move = engine.legal_moves(engine.initial_state(design, played.setup))[0]
    with pytest.raises(ValueError, match="after the end of the game"):
        engine.apply(final, some_move)
    assert engine.result(final) == played.final.winner and engine.result(final) is not None


def test_apply_takes_exactly_the_legal_moves():
    """As the other engines do, apply refuses a move that is not one of legal_moves (a pass while a cat can move,
    a step another turn allowed, a step off the map), naming it, and leaves the position as it was; every legal
    move, and a hand-built copy of one, is taken."""
    from washigen.arena import first_seat, game_seed
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import play_game

    design = generate_map(seed=4, players=3)
    played = play_game(design, None, "random", game_seed(7, 0), first_seat(0, 3))
    state = engine.initial_state(design, played.setup, engine.rules_of(design), first=first_seat(0, 3))
    refused = 0
    seen: set[engine.Move] = set()
    for ply, name in enumerate(played.moves[:60]):
        legal = engine.legal_moves(state)
        for move in legal:
            after = engine.apply(state, engine.Move(*move))          # a copy: equal, not the same object
            assert after.turn != state.turn or after.winner is not None or len(set(state.out)) > 1
        strangers = [m for m in seen if m not in legal]
        strangers.append(engine.PASS if engine.PASS not in legal else engine.TRAPPED)
        strangers.append(legal[0]._replace(target=-5, name="c9 Z"))
        for move in strangers:
            lines = state.lines
            with pytest.raises(ValueError, match=rf"move {move.name!r}: not a legal move for player \d here"):
                engine.apply(state, move)
            assert state.lines == lines and engine.legal_moves(state) == legal
            refused += 1
        seen.update(legal)
        state = engine.apply(state, engine.parse_move(name, state))
        if engine.result(state) is not None:
            break
    assert refused > 100
