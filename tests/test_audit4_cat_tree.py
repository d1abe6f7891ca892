"""A fourth audit of Cat Tree? We can handle this! against its reference rule text (../shared/seeds): every number
the text and DESIGN 5 name, each built exactly at its limit, one under and one over; the same tree through every
surface (the command line, washigen.api, the layout text and the JSON design); the generator's trees inside every
limit. Each expected value is counted by hand from the text, in the comment beside it."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from washigen import api
from washigen.cli import main
from washigen.games.cat_tree import engine
from washigen.games.cat_tree.engine import Dismiss, Keep, Place, Wait
from washigen.games.cat_tree.model import CatTreeLayout
from washigen.games.cat_tree.rules import score_grid
from washigen.games.cat_tree.text import layout_from_text

SEED_MAX = 2 ** 63 - 1            # as every --seed and a design's seed field take it


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def total(text: str) -> int:
    return score_grid(layout_from_text(text).grid()).total


def points(text: str) -> dict[tuple[int, int], int]:
    return {(c.row, c.col): c.points for c in score_grid(layout_from_text(text).grid()).cards}


# -- A. every number at its limit: scoring ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    # "Scratchers placed side by side horizontally are grouped ... separated horizontally by a distance of 2 or more
    # to be considered a separate group": 1 apart one group (5); 2 and 3 apart two groups (10).
    ("3 3", 5),
    ("3 . 3", 10),
    ("3 . . 3", 10),
    # a chain of three side by side is one group (5); stacked, "built on top of another", two groups (10)
    ("3 3 3", 5),
    ("3\n3", 10),
])
def test_scratchers_at_horizontal_distance_1_group_at_2_and_3_do_not(text, expected):
    assert total(text) == expected


@pytest.mark.parametrize("text, expected", [
    # "Toys placed with less than a distance of 3 are grouped" (Manhattan): 1 and 2 apart one group (5), 3 apart
    # two (10), in a row
    ("10 10", 5),
    ("10 . 10", 5),
    ("10 . . 10", 10),
    # a diagonal neighbour is 1 + 1 = 2: one group, + the Box under the upper Toy: 5 + 5
    (". 10\n10 8", 10),
    # one across and two up (a knight's step) is 3: two groups, + two Boxes under the upper Toy: 10 + 10
    (". 10\n. 8\n10 8", 20),
    # two across and one up is 3 as well: two groups + two Boxes (the upper Toy on the second)
    (". . 10\n10 8 8", 20),
])
def test_toys_within_distance_2_group_and_at_3_do_not_diagonals_counted_as_two(text, expected):
    assert total(text) == expected


@pytest.mark.parametrize("tower, top", [(3, 5), (4, 10), (5, 10)])
def test_the_altitude_bonus_starts_at_height_5_exactly(tower, top):
    # "Every card that is at a height of 5 or more ... doubled": a Shelf on `tower` Boxes stands at height
    # tower + 1: at 4 it scores 5, at 5 and 6 it scores 10; the Boxes under it double from height 5 as well.
    scored = points("J\n" + "8\n" * tower)
    assert scored[(tower + 1, 1)] == top
    assert [scored[(row, 1)] for row in range(1, tower + 1)] == [5 if row < 5 else 10 for row in range(1, tower + 1)]


@pytest.mark.parametrize("text, shelf", [
    # "separated by a distance of 3 from all continuous structure touching the ground ... doesn't add any point":
    # a Shelf a diagonal step from a floor Box is 2 away and scores 5; one more row up it is 3 away and scores 0.
    (". J\n8 .", 5),
    (". J\n. .\n8 .", 0),
    # two across and one up: 3 away, 0; one across and one up from a Box on a Box: 2 away, 5
    (". . J\n8 . .", 0),
    (". J\n8 .\n8 .", 5),
])
def test_a_floating_part_counts_at_distance_2_and_not_at_3_diagonals_included(text, shelf):
    scored = points(text)
    [shelf_cell] = [cell for cell, _ in layout_from_text(text).grid().items() if _ == "shelf"]
    assert scored[shelf_cell] == shelf


@pytest.mark.parametrize("text, pipe", [
    # "5 points + 3 points by side attached": no side neighbour 5, one 8, two 11; at the grid's edge a side
    # without a cell adds nothing; a card under it is no side.
    ("A", 5),
    ("A 8", 8),
    ("8 A", 8),
    ("8 A 8", 11),
    ("A\n8", 5),
])
def test_a_pipe_counts_only_its_left_and_right_neighbours(text, pipe):
    assert points(text)[[c for c, name in layout_from_text(text).grid().items() if name == "pipe"][0]] == pipe


# -- A. every number at its limit: the grid, through both design forms --------------------------------------------

def _json_layout(tmp_path, **fields) -> str:
    path = tmp_path / "tree.json"
    path.write_text(json.dumps({"format": "washigen/1", "game": "cat-tree", "kind": "layout", "width": 8,
                                "height": 8, "cards": [], **fields}))
    return str(path)


@pytest.mark.parametrize("size", [1, 64])
def test_a_layout_of_1_and_64_cells_a_side_is_read_by_text_and_json_alike(tmp_path, size):
    # 64 x 64 is the largest layout a file may hold (DESIGN 12): at the limit both forms read it, and the
    # command line and the API give it the same verdict. A Box in the top right corner, on nothing: an error
    # (exit 1) when the grid is taller than 1; on a 1 x 1 grid it stands on the floor.
    rows = [["."] * size for _ in range(size)]
    rows[0][-1] = "8"
    text_path = tmp_path / "tree.txt"
    text_path.write_text("\n".join(" ".join(row) for row in rows) + "\n")
    json_path = _json_layout(tmp_path, width=size, height=size, cards=[{"row": size, "col": size, "card": "box"}])
    expected = 0 if size == 1 else 1
    for path in (text_path, json_path):
        assert run("validate", path).exit_code == expected
        assert run("cat-tree", "score", path).exit_code == expected
    assert api.load(text_path) == api.load(json_path)
    assert api.validate(api.load(text_path)).ok is (size == 1)


@pytest.mark.parametrize("cell, field", [((8, 8), None), ((9, 8), "cards[0].row"), ((8, 9), "cards[0].col")])
def test_a_card_in_the_last_row_and_column_is_on_the_grid_one_past_is_refused(tmp_path, cell, field):
    # A Shelf may go anywhere but row 1: in the 8 x 8 grid's top right cell it is legal (exit 0); one row or
    # column past the grid, the file is refused (exit 2) naming the field.
    path = _json_layout(tmp_path, cards=[{"row": cell[0], "col": cell[1], "card": "shelf"}])
    result = run("validate", path)
    assert result.exit_code == (0 if field is None else 2), result.output
    if field:
        assert field in result.output


@pytest.mark.parametrize("seed, accepted", [
    (0, True), (SEED_MAX, True), (SEED_MAX + 1, False), (10 ** 19, False), (10 ** 40, False), (-1, False),
])
def test_a_layout_texts_seed_is_read_or_refused_as_the_json_designs_is(tmp_path, seed, accepted):
    # The title line to_text writes carries the tree's seed. A seed out of 0..2^63-1 is refused by the JSON form
    # (exit 2, naming the seed); the text form must refuse it too, not read the tree without its seed.
    text_path = tmp_path / "tree.txt"
    text_path.write_text(f"# Cat Tree? We can handle this! · layout 1 x 1 · seed {seed} · 1 cards\nbox\n")
    json_path = _json_layout(tmp_path, width=1, height=1, seed=seed, cards=[{"row": 1, "col": 1, "card": "box"}])
    for path in (text_path, json_path):
        result = run("validate", path)
        assert result.exit_code == (0 if accepted else 2), (path, result.output)
        if not accepted:
            assert "seed" in result.output and "Traceback" not in result.output
    if not accepted:            # the text form quotes what it read (the JSON loader's words are its own)
        assert str(seed) in run("validate", text_path).output
    if accepted:
        assert api.load(text_path).seed == api.load(json_path).seed == seed


# -- A. the engine at the grid's edges ------------------------------------------------------------------------------

def _stacked(*top: str) -> list[str]:
    """A deck whose first cards dealt are `top` (seat 1's two, then seat 2's two, ...), the rest after them."""
    rest = Counter(engine.full_deck()) - Counter(top)
    return list(reversed(list(top) + sorted(rest.elements())))


def _placing(width: int, height: int, first: str, second: str):
    """The first round on a width x height grid, seat 1 keeping `first` and seat 2 `second`, seat 1 to place."""
    state = engine.initial_state(CatTreeLayout(width=width, height=height), seed=0,
                                 deck=_stacked(first, first, second, second))
    return engine.apply(engine.apply(state, Keep(first)), Keep(second))


def test_a_shelf_goes_in_the_last_row_and_column_and_never_past_them():
    # "Can be placed anywhere on the grid ... Shelves can't touch the ground": on a 3 x 4 grid rows 2..4,
    # columns 1..3; row 1, row 5, column 0 and column 4 are no cells for it.
    state = _placing(3, 4, "shelf", "shelf")
    cells = {move.cell for move in engine.legal_moves(state) if isinstance(move, Place)}
    assert cells == {(row, col) for row in range(2, 5) for col in range(1, 4)}
    for cell in ((1, 1), (5, 1), (2, 0), (2, 4), (0, 2)):
        assert not engine.is_legal(state, Place("shelf", cell))
        with pytest.raises(ValueError):
            engine.apply(state, Place("shelf", cell))


def test_on_a_grid_one_row_high_a_shelf_has_no_cell_and_is_dismissed():
    # A 1-row grid is all floor: a Shelf "can't touch the ground", so it has no cell and must be dismissed; a Box
    # goes on the floor, in either of the two columns.
    state = _placing(2, 1, "shelf", "box")
    assert engine.legal_moves(state) == [Dismiss("shelf"), Wait()]
    state = engine.apply(state, Dismiss("shelf"))
    assert engine.legal_moves(state) == [Place("box", (1, 1)), Place("box", (1, 2))]


def test_a_hammock_beside_the_grids_last_column_has_no_side_to_hang_from():
    # "attached by both left and right side": on a 3-column grid, Shelves in columns 2 and 3 of row 2 leave no cell
    # between two of them (column 1 has a card on its right only, the grid ends right of column 3): the Hammock
    # is dismissed. Shelves in columns 1 and 3 leave column 2, between them: its one cell.
    for shelves, hammock in (((2, 2), (2, 3)), [Dismiss("hammock")]), (((2, 1), (2, 3)), [Place("hammock", (2, 2))]):
        state = engine.initial_state(CatTreeLayout(width=3, height=3), seed=0,
                                     deck=_stacked("shelf", "shelf", "shelf", "shelf", "hammock", "hammock", "box",
                                                   "box"))
        state = engine.apply(engine.apply(state, Keep("shelf")), Keep("shelf"))
        state = engine.apply(engine.apply(state, Place("shelf", shelves[0])), Place("shelf", shelves[1]))
        state = engine.apply(engine.apply(state, Keep("box")), Keep("hammock"))     # round 2: seat 2 leads
        state = engine.apply(state, Wait())                                         # seat 1 places first
        assert [m for m in engine.legal_moves(state) if not isinstance(m, Wait)] == hammock


# -- A. the generator stays inside every limit ----------------------------------------------------------------------

def test_generated_trees_keep_every_limit_of_one_deck_and_eight_rounds():
    # Each tree is a simulated game: at most 16 cards (eight rounds, two players), at most four of a structure,
    # on the 8 x 8 grid, no Shelf on the floor, and no rule broken or warned about, through the API and the
    # command line's validate of the saved design.
    for seed in range(0, 40, 3):
        design = api.generate("cat-tree", "play", seed=seed)
        assert (design.width, design.height) == (8, 8) and design.seed == seed
        assert 0 < len(design.cards) <= 16
        assert max(Counter(card.card for card in design.cards).values()) <= 4
        assert not any(card.card == "shelf" and card.row == 1 for card in design.cards)
        assert not api.validate(design).violations, seed


def test_a_generated_tree_gets_one_verdict_and_score_through_every_surface(tmp_path):
    design = api.generate("cat-tree", "play", seed=5)
    json_path, text_path = tmp_path / "tree.json", tmp_path / "tree.txt"
    api.save(design, json_path)
    api.render(design, text_path)
    assert api.load(json_path) == api.load(text_path) == design          # seed and size kept by both forms
    totals = set()
    for path in (json_path, text_path):
        assert run("validate", path).exit_code == 0
        result = run("cat-tree", "score", "--json", path)
        assert result.exit_code == 0
        totals.add(json.loads(result.output)["total"])
    assert totals == {score_grid(design.grid()).total}


# -- A and B. a deck's counts at their limits, in its listing and its JSON design ------------------------------------

@pytest.mark.parametrize("field, value, exit_code", [
    # four copies of each structure is the game's deck; one is the fewest a deck may print (a warning: a game
    # with it is shorter); none or a fifth is no deck. Reference cards: none up to four.
    ("copies", 4, 0), ("copies", 1, 0), ("copies", 0, 2), ("copies", 5, 2), ("copies", 1000, 2),
    ("reference_cards", 0, 0), ("reference_cards", 4, 0), ("reference_cards", 5, 2), ("reference_cards", 1000, 2),
])
def test_a_decks_counts_get_one_verdict_as_a_listing_and_as_json(tmp_path, field, value, exit_code):
    listing = tmp_path / "deck.txt"
    assert run("cat-tree", "deck", "-o", listing).exit_code == 0
    text = listing.read_text()
    if field == "copies":
        text = text.replace("x 4", f"x {value}")
    else:
        text = text.replace("and 2 reference cards", f"and {value} reference cards")
    listing.write_text(text)
    design = tmp_path / "deck.json"
    design.write_text(json.dumps({"format": "washigen/1", "game": "cat-tree", "kind": "deck", field: value}))
    for path in (listing, design):
        result = run("validate", path)
        assert result.exit_code == exit_code, (path, result.output)
        if exit_code == 2:                    # the field and the number named, whatever the number's length
            assert field in result.output and str(value) in result.output, (path, result.output)
    if exit_code == 0:
        assert api.load(listing) == api.load(design)
