"""Cat Tree layout text (DESIGN 5) and the layout design file: parsing, errors naming line and token, round trips."""

import re

import pytest

from washigen.design import dumps, load, loads
from washigen.errors import DesignFormatError, InputError
from washigen.games import get_game
from washigen.games.cat_tree.generate import generate_layout
from washigen.games.cat_tree.model import CatTreeDeck, CatTreeLayout, PlacedCard
from washigen.games.cat_tree.text import from_text, to_text


def test_ranks_and_names_in_any_case_read_as_the_same_cards():
    by_rank = from_text("a 3 6 7\n8 10 j K")
    by_name = from_text("PIPE Scratcher hammock CATWALK\nbox toy Shelf nest")
    assert by_rank.grid() == by_name.grid() == {
        (2, 1): "pipe", (2, 2): "scratcher", (2, 3): "hammock", (2, 4): "catwalk",
        (1, 1): "box", (1, 2): "toy", (1, 3): "shelf", (1, 4): "nest"}


def test_dots_are_empty_cells_and_comments_and_blank_lines_are_skipped():
    tree = from_text("# a tree\n\n.  nest   # on the box\n\n. box\n# end\n")
    assert (tree.width, tree.height) == (2, 2)
    assert tree.grid() == {(2, 2): "nest", (1, 2): "box"}


def test_an_unknown_token_names_its_line_and_the_token():
    with pytest.raises(InputError) as caught:
        from_text("box box\n\nbox Q\n", "tree.txt")
    message = str(caught.value)
    assert "tree.txt" in message and "line 3" in message and "'Q'" in message


def test_ragged_rows_name_the_line():
    with pytest.raises(InputError, match=r"line 2: 3 cells, but line 1 has 2"):
        from_text("box box\nbox box box")


def test_a_layout_without_rows_is_refused():
    with pytest.raises(InputError, match="no rows"):
        from_text("# only a comment\n\n")


def test_text_round_trips_a_simulated_tree():
    tree = generate_layout(11)
    again = from_text(to_text(tree))
    assert (again.width, again.height, again.cards) == (tree.width, tree.height, tree.cards)


def test_text_round_trips_a_simulated_trees_seed():
    tree = generate_layout(11)
    assert tree.seed == 11 and from_text(to_text(tree)) == tree


@pytest.mark.parametrize("deck", [CatTreeDeck(), CatTreeDeck(card="tarot", copies=3, reference_cards=0),
                                  CatTreeDeck(card="mini-euro", copies=1, reference_cards=4)])
def test_a_decks_listing_reads_back_as_the_deck(deck):
    assert from_text(to_text(deck)) == deck


@pytest.mark.parametrize("change, says", [
    ((" 3  Scratcher  x 4", " 3  Scratcher  x 2"), "same number of copies, got pipe x 4 (line 2), scratcher x 2"),
    ((" 3  Scratcher  x 4", " 6  Scratcher  x 4"), "line 3: write a structure as RANK NAME x COPIES"),
    ((" 3  Scratcher  x 4\n", ""), "no line for scratcher"),
    ((" 3  Scratcher  x 4", " 3  Scratcher  x 4\n 3  Scratcher  x 4"), "line 4: scratcher is listed twice (line 3)"),
    (("poker cards", "beer-mat cards"), "line 1: unknown card size 'beer-mat'"),
    (("x 4", "x 9"), "copies"),
])
def test_a_decks_listing_with_a_bad_line_names_it(change, says, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(to_text(CatTreeDeck()).replace(*change), encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(says)):
        load(path)


def test_the_text_form_carries_the_score_as_comments():
    text = get_game("cat-tree").to_text(from_text(". . K\n8 7 J\n8 A 3"))
    assert "# score: 44 points; no rule broken" in text
    assert from_text(text).grid() == from_text(". . K\n8 7 J\n8 A 3").grid()


def test_the_design_file_round_trips():
    tree = generate_layout(4)
    assert loads(dumps(tree)) == tree


def test_a_design_file_with_a_card_outside_the_grid_names_the_field():
    bad = CatTreeLayout(width=2, height=2, cards=(PlacedCard(row=3, col=1, card="box"),))
    with pytest.raises(DesignFormatError, match=r"cards\[0\]\.row"):
        loads(dumps(bad))


def test_a_design_file_with_two_cards_in_one_cell_names_the_second():
    bad = CatTreeLayout(width=2, height=2, cards=(PlacedCard(row=1, col=1, card="box"),
                                                  PlacedCard(row=1, col=1, card="toy")))
    with pytest.raises(DesignFormatError, match=r"cards\[1\]: a second card in row 1, column 1"):
        loads(dumps(bad))


def test_a_design_file_with_an_unknown_card_names_the_field():
    text = dumps(CatTreeLayout(width=1, height=1, cards=(PlacedCard(row=1, col=1, card="box"),)))
    with pytest.raises(DesignFormatError, match=r"cards\[0\]\.card"):
        loads(text.replace('"box"', '"sofa"'))
