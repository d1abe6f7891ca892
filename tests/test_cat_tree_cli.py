"""`washigen cat-tree ...`: score's JSON shape and exit codes, play, deck and sheet outputs, the registry entry."""

import json
import math

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import load
from washigen.errors import InputError
from washigen.games import get_game
from washigen.games.cat_tree import REFERENCE_CARDS
from washigen.games.cat_tree.model import NAMES
from washigen.games.cat_tree.text import EXAMPLE, from_text
from washigen.press import PrintOptions, template_for
from washigen.press.impose import grid_layout
from washigen.backends import to_pdf

from .readback import page_size_mm, pdf_pages, png_info

BROKEN = """\
# the hammock hangs from one side only
.       .
hammock box
toy     box
"""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def files(tmp_path):
    (tmp_path / "example.txt").write_text(EXAMPLE)
    (tmp_path / "broken.txt").write_text(BROKEN)
    return tmp_path


def test_the_game_is_registered_under_its_name_and_aliases():
    game = get_game("cat-tree")
    assert get_game("cattree") is game and get_game("cat_tree") is game and get_game("Cat-Tree") is game
    assert set(game.designs) == {"layout", "deck"}
    assert {c.name for c in game.components} >= {"deck", "sheet", "score", "play"}


def test_score_json_has_exactly_the_documented_shape(files):
    result = run("cat-tree", "score", files / "example.txt", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert list(document) == ["total", "valid", "violations", "cards"]
    assert document["total"] == 44 and document["valid"] is True and document["violations"] == []
    assert all(list(card) == ["row", "col", "card", "points", "why"] for card in document["cards"])
    assert {(c["row"], c["col"]): c["points"] for c in document["cards"]}[(1, 2)] == 11
    assert sum(c["points"] for c in document["cards"]) == document["total"]


def test_score_exits_1_when_a_card_breaks_a_rule_and_still_scores_the_rest(files):
    result = run("cat-tree", "score", files / "broken.txt", "--json")
    assert result.exit_code == 1
    document = json.loads(result.output)
    assert document["valid"] is False
    (violation,) = document["violations"]
    assert list(violation) == ["rule", "severity", "row", "col", "message"]
    assert (violation["rule"], violation["severity"], violation["row"], violation["col"]) == \
        ("cat-tree.place.both-sides", "error", 2, 1)
    points = {(c["row"], c["col"]): c["points"] for c in document["cards"]}
    assert points == {(2, 1): 0, (2, 2): 5, (1, 1): 5, (1, 2): 5}
    assert document["total"] == 15


def test_score_for_people_draws_the_tree_and_lists_the_cards(files):
    result = run("cat-tree", "score", files / "example.txt")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert any(line.strip().startswith("1 |") and "pipe" in line for line in lines)      # the floor row
    assert any("floor" in line and "=" in line for line in lines)
    assert "total: 44 points" in result.output


@pytest.mark.parametrize("content, expected", [
    ("box box\nbox sofa\n", ["line 2", "'sofa'"]),
    ("box box\nbox\n", ["line 2", "1 cells, but line 1 has 2"]),
    ("# nothing\n", ["no rows"]),
])
def test_score_exits_2_naming_the_line_and_token_it_cannot_read(tmp_path, content, expected):
    path = tmp_path / "tree.txt"
    path.write_text(content)
    result = run("cat-tree", "score", path)
    assert result.exit_code == 2
    assert all(part in result.output for part in expected), result.output
    assert "Traceback" not in result.output


def test_score_exits_2_for_a_missing_file(tmp_path):
    result = run("cat-tree", "score", tmp_path / "none.txt")
    assert result.exit_code == 2 and "no such file" in result.output


def test_score_can_draw_the_tree(files, tmp_path):
    result = run("cat-tree", "score", files / "example.txt", "-o", tmp_path / "tree.png", "--dpi", 60)
    assert result.exit_code == 0, result.output
    (size, dpi) = png_info((tmp_path / "tree.png").read_bytes())
    assert dpi == pytest.approx((60, 60), abs=0.5) and size[0] > 100


def test_play_prints_the_rounds_and_the_tree_and_is_repeatable():
    first = run("cat-tree", "play", "--seed", 12)
    assert first.exit_code == 0, first.output
    assert first.output == run("cat-tree", "play", "--seed", 12).output
    assert "round 8, player" in first.output and "total:" in first.output


def test_play_saves_layout_text_that_score_reads_back_to_the_same_total(tmp_path):
    played = run("cat-tree", "play", "--seed", 5, "-o", tmp_path / "tree.txt")
    assert played.exit_code == 0
    total = [line for line in played.output.splitlines() if line.startswith("total:")][-1]
    scored = run("cat-tree", "score", tmp_path / "tree.txt")
    assert scored.exit_code == 0
    assert total in scored.output


def test_play_saves_a_design_that_validate_and_render_read(tmp_path):
    assert run("cat-tree", "play", "--seed", 6, "-o", tmp_path / "tree.json").exit_code == 0
    assert load(tmp_path / "tree.json").seed == 6
    assert run("validate", tmp_path / "tree.json").exit_code == 0
    assert run("render", tmp_path / "tree.json", "-o", tmp_path / "tree.pdf").exit_code == 0
    assert len(pdf_pages(tmp_path / "tree.pdf")) == 1


def test_play_several_games_writes_one_file_each(tmp_path):
    result = run("cat-tree", "play", "--seed", 1, "--games", 2, "-o", tmp_path / "tree.txt")
    assert result.exit_code == 0
    assert from_text((tmp_path / "tree-01.txt").read_text()).cards != \
        from_text((tmp_path / "tree-02.txt").read_text()).cards
    assert "trees compared: seed 1:" in result.output


def _sheets_of_cards(paper: str) -> int:
    """How many sheets the deck's cards (four of each structure, and the reference cards) take on `paper`, as many
    to a sheet as its poker template holds."""
    per_sheet = grid_layout(template_for("poker", paper), PrintOptions().bleed).per_page
    return math.ceil((4 * len(NAMES) + REFERENCE_CARDS) / per_sheet)


@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_deck_and_sheet_commands_write_pages_of_the_paper(tmp_path, paper, size):
    assert run("cat-tree", "deck", "--paper", paper, "--duplex", "long", "-o", tmp_path / "deck.pdf").exit_code == 0
    pages = pdf_pages(tmp_path / "deck.pdf")
    assert _sheets_of_cards(paper) == 4                   # nine cards a sheet, on Letter too
    assert len(pages) == 2 * _sheets_of_cards(paper)      # each sheet of fronts followed by its backs
    assert all(page_size_mm(p) == pytest.approx(size, abs=0.05) for p in pages)
    assert run("cat-tree", "sheet", "--paper", paper, "-o", tmp_path / "sheet.pdf").exit_code == 0
    (sheet,) = pdf_pages(tmp_path / "sheet.pdf")
    assert page_size_mm(sheet) == pytest.approx(size, abs=0.05)


def test_deck_on_a3_fits_more_cards_a_sheet_than_on_a4(tmp_path):
    for paper in ("a4", "a3"):
        assert run("cat-tree", "deck", "--paper", paper, "-o", tmp_path / f"{paper}.pdf").exit_code == 0
    a4, a3 = pdf_pages(tmp_path / "a4.pdf"), pdf_pages(tmp_path / "a3.pdf")
    assert page_size_mm(a3[0]) == pytest.approx((297, 420), abs=0.05)
    assert len(a3) < len(a4)


def test_a_deck_design_renders_through_the_generic_command(tmp_path):
    assert run("cat-tree", "deck", "--card", "mini-euro", "-o", tmp_path / "deck.json").exit_code == 0
    assert run("render", tmp_path / "deck.json", "-o", tmp_path / "deck.pdf").exit_code == 0
    assert len(pdf_pages(tmp_path / "deck.pdf")) >= 3


@pytest.mark.parametrize("name", [*NAMES, "K", "10"])
def test_card_diagrams_exist_for_every_structure_and_rank(name):
    scene = get_game("cat-tree").diagram("card", {"name": name})
    assert (scene.width, scene.height) == (63.5, 88.9)


def test_other_diagrams_and_unknown_names():
    game = get_game("cat-tree")
    assert game.diagram("reference", {}).width > 2 * 63.5
    assert game.diagram("tree", {}).height > 3 * 23
    with pytest.raises(InputError, match="sofa"):
        game.diagram("card", {"name": "sofa"})
    with pytest.raises(InputError, match="known: card"):
        game.diagram("table", {})


def test_the_kit_has_the_deck_both_sides_the_reference_cards_and_the_score_sheet():
    parts = get_game("cat-tree").kit(2, "letter")
    assert [p.title for p in parts] == ["Cards", "Score sheet"]
    cards, sheet = (p.document for p in parts)
    # 32 cards and the 2 reference cards fill four sheets of nine (fronts and backs): no sheet of their own
    sheets = _sheets_of_cards("letter")
    assert len(cards.pages) == 2 * sheets and len(sheet.pages) == 1
    last_front = pdf_pages(to_pdf(cards.pages[2 * sheets - 2:2 * sheets - 1]))[0].extract_text()
    assert "STRUCTURES" in last_front
    # Letter poker sheets have crop marks (beside the block, and inside the bleed above and below it)
    assert "along the crop marks" in parts[0].instructions
    assert all((p.width, p.height) == (215.9, 279.4) for part in parts for p in part.document.pages)
