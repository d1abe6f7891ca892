"""An audit of Cats against its rule text (seeds/cats.en.md, DESIGN 5 and 9 "Cats"): what the audit found wrong,
each with the legal case beside the refused one, and rules it checked that no other test pinned down."""

from __future__ import annotations

import pytest

from washigen.errors import DesignFormatError, InputError
from washigen.games.cats import engine
from washigen.games.cats.model import CatsSetup, Drawing

from .cats_states import cell_of, line_cells, names, play, position, small_map

OPEN = ["........."] * 8                      # 8 rows x 9 columns of street: home rows 1 and 8


def _setup(game_map, cats, fish=()):
    return CatsSetup(map=game_map, cats=tuple(Drawing(player=p, row=r, col=c) for p, r, c in cats),
                     fish=tuple(Drawing(player=p, row=r, col=c) for p, r, c in fish))


GOOD_CATS = [(1, 8, 1), (1, 1, 5), (2, 1, 1), (2, 8, 5)]


# -- bad input: a set-up handed straight to the engine --------------------------------------------------------------

@pytest.mark.parametrize("kind, where", [("cats", (9, 1)), ("cats", (8, 0)), ("cats", (0, 3)), ("cats", (8, 10)),
                                         ("fish", (0, 5)), ("fish", (1, 10))])
def test_a_drawing_off_the_map_is_refused_by_the_engine_naming_it(kind, where):
    """A fish or cat sits on a cell of the map. Off it, the engine raised IndexError (a cat below the last row), a
    ValueError of a negative shift (a fish above row 1), or silently put the cat on another row (column 0 is the
    last cell of the row above); now it refuses the drawing as a design file's check does."""
    game_map = small_map(OPEN)
    fish = [(1, 1, 9), (1, 8, 9)]
    cats = list(GOOD_CATS)
    if kind == "cats":
        cats[0] = (1, *where)
    else:
        fish[0] = (1, *where)
    with pytest.raises(DesignFormatError, match=rf"{kind}\[0\]: \({where[0]}, {where[1]}\) is outside the 8 x 9 map"):
        engine.initial_state(game_map, _setup(game_map, cats, fish))
    # The same set-up with the drawing on the map plays.
    state = engine.initial_state(game_map, _setup(game_map, GOOD_CATS, [(1, 1, 9), (1, 8, 9)]))
    assert {cell_of(state, c.head) for c in state.cats} == {(8, 1), (1, 5), (1, 1), (8, 5)}
    assert engine.result(state) is None and engine.legal_moves(state)


@pytest.mark.parametrize("first", [1.5, "1", None, True, 2, -1])
def test_the_first_seat_is_a_whole_number_of_a_seat_at_the_map(first):
    """`first` is a seat (0-based) at the map. A text or None was a TypeError, 1.5 a ValueError of tuple.index, and
    True was taken for seat 1; each is now refused as an out-of-range seat is."""
    game_map = small_map(OPEN)
    setup = _setup(game_map, GOOD_CATS)
    with pytest.raises(InputError, match="first seat: must be 1..2"):
        engine.initial_state(game_map, setup, first=first)
    assert engine.to_move(engine.initial_state(game_map, setup, first=1)) == 1


# -- rules checked by the audit that no other test pinned down --------------------------------------------------------

BUILT = ["........."] * 2 + ["...##...."] * 2 + ["........."] * 4
DOORS = [(((3, 4), (3, 5), (4, 4), (4, 5)), ((4, 4, "s"), (3, 5, "n")))]


def test_a_cat_leaves_a_building_onto_an_empty_sewer_or_pops_from_it_but_not_onto_another_players_line():
    rows = list(BUILT)
    rows[1] = "....b...b"                       # a blue sewer outside the north opening, its partner at (2, 9)
    state = position(small_map(rows, DOORS), [(1, (5, 4), 8), (2, (1, 9), 1)])
    inside = play(play(state, "c1 N"), "c1 W")
    moves = names(inside)
    assert "c1 N r2c5" in moves and "c1 pop r2c5->r2c9" in moves
    after = play(inside, "c1 N r2c5")
    assert cell_of(after, after.blocked.bit_length() - 1) == (2, 5)          # stepped on: blocked
    held = position(small_map(rows, DOORS), [(1, (5, 4), 8), (2, (1, 9), 1)], lines={2: [(2, 5)]})
    inside = play(play(held, "c1 N"), "c1 W")
    assert not {"c1 N r2c5", "c1 pop r2c5->r2c9"} & names(inside)


def test_a_free_jump_passes_straight_through_a_building_filled_with_the_cats_own_line_between_two_openings():
    rows = ["........."] * 2 + ["...###..."] + ["........."] * 5
    doors = [(((3, 4), (3, 5), (3, 6)), ((3, 4, "w"), (3, 6, "e")))]
    own = [(3, 3), (3, 4), (3, 5), (3, 6)]
    state = position(small_map(rows, doors), [(1, (3, 2), 8), (2, (1, 9), 1)], lines={1: own})
    after = play(state, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (3, 7) and after.specials == state.specials
    # With the east side a wall the ray stops inside: no jump that way.
    shut = [(((3, 4), (3, 5), (3, 6)), ((3, 4, "w"),))]
    state = position(small_map(rows, shut), [(1, (3, 2), 8), (2, (1, 9), 1)], lines={1: own})
    assert not {"c1 jump E", "c1 amazing E"} & names(state)


def test_a_cat_leaves_a_forest_straight_into_a_building_and_fills_it():
    rows = ["........."] * 3 + ["...T##..."] + ["........."] * 4
    doors = [(((4, 5), (4, 6)), ((4, 5, "w"),))]
    state = position(small_map(rows, doors), [(1, (5, 4), 8), (2, (1, 9), 1)])
    in_forest = play(play(state, "c1 N"), "c1 W")
    assert line_cells(in_forest, 1) == {(5, 4)}                            # the forest is not filled
    after = play(in_forest, "c1 E r4c5")
    assert {(4, 5), (4, 6)} <= line_cells(after, 1) and after.cats[0].region != engine.NO_REGION


def test_a_cat_carrying_a_fish_that_pops_out_on_its_start_row_is_home():
    rows = list(OPEN)
    rows[7] = "r.......r"                       # the red pair of the bottom home row
    cats = [(1, (7, 1), 8, True), (1, (3, 5), 1, True), (2, (1, 9), 1)]
    after = play(position(small_map(rows), cats), "c1 pop r8c1->r8c9")
    assert after.cats[0].home and engine.result(after) is None            # the other cat is still out
    assert after.specials[0] == 1 and not after.blocked                   # both sewers of a pop stay open
    # Without a fish the same pop ends on the start row but not home.
    no_fish = [(1, (7, 1), 8, False), (1, (3, 5), 1, True), (2, (1, 9), 1)]
    after = play(position(small_map(rows), no_fish, fish=[(1, 2)]), "c1 pop r8c1->r8c9")
    assert not after.cats[0].home and cell_of(after, after.cats[0].head) == (8, 9)
