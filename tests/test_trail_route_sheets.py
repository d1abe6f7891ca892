"""The Cats' Trail Route's own sheets as a print shop and a home printer read them back: pawns bleed on every side,
the German sheets name the mix in German, the game's own pages keep 5 mm clear of the paper's edge, and the mat's
sheets have names no one takes for a paper size."""

from __future__ import annotations

import re

import pytest

from tests.printcheck import bare_bleed, page_boxes, text_runs
from tests.readback import rasterise_pdf
from washigen.games.trail_route.board_mat import print_mat
from washigen.games.trail_route.components import contents_page
from washigen.games.trail_route.model import COLOURS, load_mix
from washigen.games.trail_route.pawns import PAWN_H, PAWN_W, pawn_scene, print_pawns
from washigen.games.trail_route.score_pad import score_pad
from washigen.press import PrintOptions
from washigen.backends import to_pdf

PRINTER_EDGE = 5.0          # mm a home printer leaves blank (DESIGN 4)
PAPER_WHITE = 245


def _inked(pixel) -> bool:
    return min(pixel) < PAPER_WHITE


@pytest.mark.parametrize("colour", COLOURS)
def test_every_side_of_a_pawn_carries_its_artwork_into_the_bleed(colour):
    bleed, dpi = 3.0, 200
    image = rasterise_pdf(to_pdf([pawn_scene(colour, 1, bleed)]), dpi=dpi)
    px = dpi / 25.4

    def at(x_mm: float, y_mm: float):              # scene mm, the trim's top left at (0, 0)
        return image.getpixel((int((x_mm + bleed) * px), int((y_mm + bleed) * px)))

    # Along each side: the paper just inside the trim and 2 mm out in the bleed carry the same ink, not bare paper.
    rows = [y + 0.5 for y in range(2, int(PAWN_H) - 2)]     # between the dashed fold lines at whole millimetres
    sides = {"left": [((0.4, y), (-2.0, y)) for y in rows],
             "right": [((PAWN_W - 0.4, y), (PAWN_W + 2.0, y)) for y in rows],
             "top": [((x, 0.4), (x, -2.0)) for x in range(2, int(PAWN_W) - 1)],
             "bottom": [((x, PAWN_H - 0.4), (x, PAWN_H + 2.0)) for x in range(2, int(PAWN_W) - 1)]}
    for side, probes in sides.items():
        for inner, outer in probes:
            assert _inked(at(*inner)) and at(*outer) == at(*inner), (colour, side, inner, at(*inner), at(*outer))


def test_the_pawn_sheet_has_no_bare_bleed_beside_its_artwork():
    data = to_pdf(print_pawns(PrintOptions(paper="a4"), "a4").pages)
    assert not bare_bleed(data)


def _words(data: bytes) -> str:
    return " | ".join(run.text for run in text_runs(data))


def test_the_german_contents_page_and_tile_footers_name_the_mix_in_german(tmp_path):
    from click.testing import CliRunner

    from washigen.cli import main

    out = tmp_path / "de.pdf"
    result = CliRunner().invoke(main, ["trail-route", "components", "--lang", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    printed = _words(out.read_bytes())
    assert "Mischung: Standard" in printed and "Mischung Standard" in printed
    assert "default" not in printed.lower()
    english = _words(to_pdf(contents_page(load_mix(), 40.0, "a4").pages))
    assert "mix: default" in english                     # the English sheets keep the English word


@pytest.mark.parametrize("paper", ["a3", "a4", "a5", "letter", "legal", "tabloid"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_games_own_pages_print_nothing_within_5_mm_of_the_paper_edge(paper, lang):
    pages = contents_page(load_mix(), 40.0, paper, lang=lang).pages + score_pad(paper, lang).pages
    data = to_pdf(pages)
    boxes = page_boxes(data)
    runs = text_runs(data)
    assert runs
    for run in runs:
        media = boxes[run.page - 1]["media"]
        x0, y0, x1, y1 = run.box
        gap = min(x0 - media[0], y0 - media[1], media[2] - x1, media[3] - y1)
        assert gap >= PRINTER_EDGE, (paper, run.page, run.text, round(gap, 2))


@pytest.mark.parametrize("paper", ["a5", "letter"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_setup_on_paper_keeps_every_word_5_mm_from_the_edge(paper, lang):
    """Seed 1 deals player 2 the longest German card names: on A5 that line once ran off the paper."""
    from washigen.games.trail_route.draw import print_setup
    from washigen.games.trail_route.generate import generate_setup

    data = to_pdf(print_setup(generate_setup(4, 1), PrintOptions(paper=paper, lang=lang)).pages)
    media = page_boxes(data)[0]["media"]
    runs = text_runs(data)
    assert any("2" in run.text and "," in run.text for run in runs)         # the players' lines print
    for run in runs:
        x0, y0, x1, y1 = run.box
        assert min(x0 - media[0], y0 - media[1], media[2] - x1, media[3] - y1) >= PRINTER_EDGE, run.text


@pytest.mark.parametrize("paper", ["a5", "a4", "letter"])
def test_the_pawn_sheet_footer_fits_on_the_paper(paper):
    data = to_pdf(print_pawns(PrintOptions(paper=paper, lang="de"), paper).pages)
    boxes = page_boxes(data)
    footers = [run for run in text_runs(data) if "washigen" in run.text]
    assert footers
    for run in footers:
        media = boxes[run.page - 1]["media"]
        assert media[0] <= run.box[0] and run.box[2] <= media[2], (paper, run.text, run.box)


PAPER_NAME = re.compile(r"\b[ABC][0-9]\b")          # A4, B5, C6: ISO paper sizes


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_mat_sheet_is_named_like_a_paper_size(lang):
    from washigen.games import get_game

    mat = print_mat(40.0, "a4", lang)
    names = [page.meta["sheet"] for page in mat.pages]
    assert len(names) > 1
    printed = _words(to_pdf(mat.pages))
    kit = next(part for part in get_game("trail-route").kit(4, "a4", lang) if part.document.pages[0].meta.get(
        "kind") == "mat")
    for text in [*names, printed, kit.instructions]:
        assert not PAPER_NAME.search(text), text
