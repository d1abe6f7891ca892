"""A third audit of Cat Tree? We can handle this! against its reference rule text (../shared/seeds), read afresh:
the edges the earlier audits left open, each counted by hand from the text in its comment; the printed cards; the
engine's refusals; bad design files through the command line."""

import html
import json
import re

import pytest
from click.testing import CliRunner

from washigen import api
from washigen.cli import main
from washigen.games import get_game
from washigen.games.cat_tree import engine
from washigen.games.cat_tree.engine import Dismiss, Keep, Place, Wait
from washigen.games.cat_tree.model import STRUCTURES
from washigen.games.cat_tree.rules import score_grid
from washigen.games.cat_tree.rules import validate as validate_tree
from washigen.games.cat_tree.text import EXAMPLE, layout_from_text


def total(text: str) -> int:
    return score_grid(layout_from_text(text).grid()).total


def points(text: str) -> dict[tuple[int, int], int]:
    return {(c.row, c.col): c.points for c in score_grid(layout_from_text(text).grid()).cards}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# -- what is printed: each card says its structure, rank, placement, what it holds and its points -------------------

CARD_WORDS = {            # the reference's table: rank, "Restrictions" as the card words them, points
    "pipe": ("A", "on a flat surface", "nothing", "5 points", "+ 3 per side neighbour"),
    "scratcher": ("3", "on a flat surface", "on top only", "5 points", "per group"),
    "hammock": ("6", "attached by both sides", "nothing", "8 points", None),
    "catwalk": ("7", "attached by both sides", "nothing", "8 points", None),
    "box": ("8", "flat or both sides", "on top and sides", "5 points", None),
    "toy": ("10", "on a flat surface", "nothing", "5 points", "per group"),
    "shelf": ("J", "anywhere but the floor", "on top and sides", "5 points", None),
    "nest": ("K", "flat or both sides", "on top and sides", "5 points", None),
}


def card_words(name: str, lang: str = "en") -> list[str]:
    svg = api.svg(get_game("cat-tree").diagram("card", {"name": name, "lang": lang}))
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


@pytest.mark.parametrize("name", sorted(CARD_WORDS))
def test_each_printed_card_says_its_rank_rule_holds_and_points(name):
    rank, place, holds, main_points, detail = CARD_WORDS[name]
    words = card_words(name)
    assert name.upper() in words and words.count(rank) == 2          # the name, the rank in both corners
    assert place in words and holds in words and main_points in words
    assert "×2 at height 5+" in words                                # "height of 5 or more ... doubled"
    assert (detail in words) if detail else not ({"per group", "+ 3 per side neighbour"} & set(words))
    assert {s.name for s in STRUCTURES} == set(CARD_WORDS)


# -- scoring edges the text names -------------------------------------------------------------------------------------

def test_toys_two_apart_straight_up_share_a_group_three_apart_do_not():
    # "Toys placed with less than a distance of 3 are grouped": a Toy on a Shelf over a floor Toy is 2 above it,
    # one group (5) + the Shelf (5). With an empty cell more between them, 3 apart: two groups (10) + the Shelf
    # (5), which floats 2 above the floor Toy and so belongs to the tree.
    assert total("toy\nshelf\ntoy") == 10
    assert total("toy\nshelf\n.\ntoy") == 15


def test_a_part_3_away_in_its_own_row_is_detached_2_away_is_not():
    # A Shelf in row 2, three columns right of a Box in row 2 (on a Box): a distance of 3, not part of the tree;
    # two columns right: a distance of 2, it scores. Row 2, so the floor Box is farther still (4 and 3).
    assert points("box . . shelf\nbox . . .") == {(2, 1): 5, (1, 1): 5, (2, 4): 0}
    assert points("box . shelf\nbox . .") == {(2, 1): 5, (1, 1): 5, (2, 3): 5}


def test_a_floating_part_belongs_to_the_tree_when_its_nearest_card_is_within_2():
    # "separated by a distance of 3 from all continuous structure touching the ground": the distance is the
    # part's nearest card's. A row of four Shelves whose first is 2 above the Box: all four count, the last one
    # 5 away from the Box included: 4 x 5 + 5.
    assert total("shelf shelf shelf shelf\n. . . .\nbox . . .") == 25
    # moved one row up, the nearest is 3 away: the four score nothing
    assert total("shelf shelf shelf shelf\n. . . .\n. . . .\nbox . . .") == 5


def test_a_detached_part_high_up_gets_no_altitude_bonus_and_a_grounded_one_does():
    # A Shelf at height 5 floating 3 above a Box tower's top scores 0, not 0 x 2; on the tower (height 5) it is 10.
    tower = "box\n" * 2
    assert points("shelf\n.\n.\n" + tower)[(5, 1)] == 0
    assert points("shelf\n" + "box\n" * 4)[(5, 1)] == 10


def test_scratchers_side_by_side_on_different_supports_are_one_group_diagonal_ones_are_not():
    # "Scratchers placed side by side horizontally are grouped": in row 2, one on a Box and one on a Nest, one
    # group (5) + Box + Nest. Our reading: side by side means the same row, so a Scratcher on a Box diagonal to a
    # floor Scratcher is a group of its own: 5 + 5 + the Box 5.
    assert total("scratcher scratcher\nbox nest") == 15
    assert total(". scratcher\nscratcher box") == 15


def test_a_pipe_at_height_5_doubles_its_side_points_too():
    # "Every card that is at a height of 5 or more ... points are doubled": the Pipe's 5 + 3 + 3, doubled: 22.
    # Its Shelves are doubled as well (10 each); the Boxes under it score 5 each.
    tree = "shelf pipe shelf\n" + ". box .\n" * 4
    assert points(tree)[(5, 2)] == 22 and total(tree) == 22 + 20 + 20


def test_the_scored_example_of_the_rule_sheet_scores_44_through_the_command_line(tmp_path):
    path = tmp_path / "example.txt"
    path.write_text(EXAMPLE)
    result = run("cat-tree", "score", "--json", path)
    assert result.exit_code == 0 and json.loads(result.output)["total"] == 44


# -- a round: who plays first is the players' choice, and a card placed first can hold the other -------------------

def stacked(*cards: str) -> tuple[str, ...]:
    """The 32-card deck with `cards` dealt first, in order (seat 1's two, seat 2's two, and so on)."""
    rest = engine.full_deck()
    for card in cards:
        rest.remove(card)
    return tuple(rest) + tuple(reversed(cards))


def test_a_hammock_hangs_from_the_card_the_partner_places_first_in_the_same_round():
    # "Players can talk, decide who plays first": round 1 puts a Box on the floor; in round 2 the leader (seat 2)
    # keeps a Hammock, which has nothing to hang from yet, and lets seat 1 place a Nest two cells from the Box.
    # Then the Hammock hangs between them and must be placed, not dismissed.
    state = engine.initial_state(deck=stacked("box", "toy", "pipe", "toy", "nest", "toy", "hammock", "toy"))
    state = engine.apply(engine.apply(state, Keep("box")), Keep("pipe"))
    state = engine.apply(engine.apply(state, Place("box", (1, 1))), Place("pipe", (1, 5)))
    assert state.round == 2 and state.leader == 1 and state.hands == (("nest", "toy"), ("hammock", "toy"))
    state = engine.apply(engine.apply(state, Keep("hammock")), Keep("nest"))
    assert engine.legal_moves(state) == [Dismiss("hammock"), Wait()]
    state = engine.apply(engine.apply(state, Wait()), Place("nest", (1, 3)))
    assert engine.legal_moves(state) == [Place("hammock", (1, 2))]
    assert not engine.is_legal(state, Dismiss("hammock"))
    state = engine.apply(state, Place("hammock", (1, 2)))
    assert state.grid == {(1, 1): "box", (1, 5): "pipe", (1, 3): "nest", (1, 2): "hammock"}


def test_the_leader_alternates_every_round_from_the_seat_that_starts():
    for first in (0, 1):
        state = engine.initial_state(seed=4, first=first)
        leaders = []
        while engine.result(state) is None:
            if state.phase == engine.KEEP and state.kept == (None, None):
                leaders.append(state.to_move)
            state = engine.apply(state, engine.legal_moves(state)[0])
        assert leaders == [(first + k) % 2 for k in range(8)]
        assert engine.result(state).winners == (0, 1) and engine.legal_moves(state) == []


@pytest.mark.parametrize("junk", ["keep box", "box r1c1", None, 3, ("box", (1, 1))])
def test_anything_but_a_move_is_refused_with_a_value_error_in_every_phase(junk):
    # apply's word: "a move that is not legal here raises ValueError", for the keep, the place phase and after
    # the end alike (it was an AttributeError in the place phase).
    keeping = engine.initial_state(seed=2)
    placing = engine.apply(keeping, engine.legal_moves(keeping)[0])
    placing = engine.apply(placing, engine.legal_moves(placing)[0])
    over = placing
    while engine.result(over) is None:
        over = engine.apply(over, engine.legal_moves(over)[0])
    assert (keeping.phase, placing.phase, over.phase) == (engine.KEEP, engine.PLACE, engine.OVER)
    for phase in (keeping, placing, over):
        assert engine.is_legal(phase, junk) is False
        with pytest.raises(ValueError, match="not a legal move"):
            engine.apply(phase, junk)


# -- bad design files: exit 2, the field or line named, no traceback --------------------------------------------------

GOOD = {"format": "washigen/1", "game": "cat-tree", "kind": "layout", "width": 3, "height": 2,
        "cards": [{"row": 1, "col": 1, "card": "box"}]}


@pytest.mark.parametrize("change, says", [
    ({"width": "3"}, "width"),
    ({"width": 0}, "width"),
    ({"height": 65}, "height"),
    ({"width": 10 ** 9}, "width"),
    ({"width": 2.5}, "width"),
    ({"width": None}, "width"),
    ({"cards": "box"}, "cards"),
    ({"cards": [None]}, "cards[0]"),
    ({"cards": [{"col": 1, "card": "box"}]}, "cards[0].row"),
    ({"cards": [{"row": 0, "col": 1, "card": "box"}]}, "cards[0].row"),
    ({"cards": [{"row": 3, "col": 1, "card": "box"}]}, "cards[0].row"),
    ({"cards": [{"row": 1, "col": 4, "card": "box"}]}, "cards[0].col"),
    ({"cards": [{"row": 1, "col": "1", "card": "box"}]}, "cards[0].col"),
    ({"cards": [{"row": 1, "col": 1, "card": "sofa"}]}, "cards[0].card"),
    ({"cards": [{"row": 1, "col": 1, "card": "box", "tilt": 1}]}, "cards[0].tilt"),
    ({"cards": [{"row": 1, "col": 1, "card": "box"}, {"row": 1, "col": 1, "card": "nest"}]}, "cards[1]"),
    ({"seed": -1}, "seed"),
    ({"colour": "red"}, "colour"),
    ({"kind": "tree"}, "kind"),
])
@pytest.mark.parametrize("command", [("validate",), ("cat-tree", "score")])
def test_a_broken_layout_file_exits_2_naming_the_field(tmp_path, change, says, command):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps({**GOOD, **change}))
    result = run(*command, path)
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("content, says", [
    ("box\tsofa\n", "line 1: unknown token 'sofa' (cell 2)"),
    ("box 11\n", "unknown token '11'"),
    (" ".join(["."] * 65) + "\n", "65 x 1 cells; a layout holds at most 64 x 64"),
    ("box\n" * 65, "1 x 65 cells"),
    ("box .\n.\n", "line 2"),
])
def test_a_broken_layout_text_exits_2_naming_the_line_or_size(tmp_path, content, says):
    path = tmp_path / "tree.txt"
    path.write_text(content)
    result = run("cat-tree", "score", path)
    assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output


def test_a_fifth_card_of_a_structure_is_a_warning_and_a_misplaced_card_an_error_exit_1(tmp_path):
    # The deck holds four of each: a fifth Box cannot come from it (a warning, exit 0); a Toy in the air breaks
    # "Must be laid on a flat surface" (an error, exit 1).
    fifth, floating = tmp_path / "fifth.txt", tmp_path / "floating.txt"
    fifth.write_text("box box box box box\n")
    floating.write_text(". toy\nbox .\n")
    assert [v.rule for v in validate_tree(layout_from_text(fifth.read_text())).violations] == ["cat-tree.deck.count"]
    assert run("validate", fifth).exit_code == 0
    result = run("validate", floating)
    assert result.exit_code == 1 and "cat-tree.place.flat-surface" in result.output
