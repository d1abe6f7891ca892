"""Rule sheets as a print shop's tools see them, for every game, language and paper: the PDF opens clean in qpdf
and renders in poppler without a complaint, no word is printed over another, and the page-fill measure the layout
tests rely on tells a full page from a half-empty one."""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import lru_cache

import pytest
from reportlab.pdfgen.canvas import Canvas

from tests.pagefill import overlapping_text, pages_fill
from tests.test_rulebook_order import CASES, SHEET_MARGINS
from washigen.fonts import register_family
from washigen.rulebook import game_rules_pdf


@lru_cache(maxsize=None)
def sheet(game: str, lang: str, paper: str) -> bytes:
    return game_rules_pdf(game, lang, paper)


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


@pytest.mark.parametrize("game, lang, paper", CASES)
def test_qpdf_and_poppler_read_the_sheet_without_a_complaint(game, lang, paper, tmp_path):
    path = tmp_path / "rules.pdf"
    path.write_bytes(sheet(game, lang, paper))
    checked = subprocess.run([_tool("qpdf"), "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0 and "No syntax or stream encoding errors" in checked.stdout, checked.stdout
    assert not checked.stderr.strip(), checked.stderr
    drawn = subprocess.run([_tool("pdftoppm"), "-r", "20", "-png", str(path), str(tmp_path / "page")],
                           capture_output=True, text=True)
    assert drawn.returncode == 0 and not drawn.stderr.strip(), drawn.stderr
    assert len(list(tmp_path.glob("page-*.png"))) >= 1


@pytest.mark.parametrize("game, lang, paper", CASES)
def test_no_word_is_printed_over_another(game, lang, paper):
    assert overlapping_text(sheet(game, lang, paper)) == []


# -- the measures themselves ---------------------------------------------------------------------------------

def _page(draw) -> bytes:
    """A one-page A4 PDF with the rule sheet's margins, drawn by `draw(canvas, font)`."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595.28, 841.89), invariant=1)
    draw(canvas, register_family())
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _column(canvas, font, x: float, lines: int) -> None:
    canvas.setFont(font, 8.6)
    for k in range(lines):
        canvas.drawString(x, 841.89 - SHEET_MARGINS[1] - 10 - 12 * k, "A line of the rules, set in the column.")


def test_the_fill_measure_counts_each_column():
    left, _, right, _ = SHEET_MARGINS
    full = 58                                      # lines of 12 pt between the margins of an A4 sheet
    both = _page(lambda c, f: (_column(c, f, left, full), _column(c, f, 300, full)))
    one = _page(lambda c, f: _column(c, f, left, full))
    few = _page(lambda c, f: _column(c, f, left, 3))
    assert pages_fill(both, SHEET_MARGINS)[0] > 0.9
    assert 0.4 < pages_fill(one, SHEET_MARGINS)[0] < 0.55          # the right column stays empty
    assert pages_fill(few, SHEET_MARGINS)[0] < 0.05


def test_the_overlap_check_finds_words_printed_over_each_other():
    def draw(canvas, font):
        canvas.setFont(font, 10)
        canvas.drawString(100, 500, "your colour")
        canvas.drawString(130, 501, "special moves")         # over the first
        canvas.drawString(100, 400, "fish")
        canvas.drawString(160, 400, "home")                  # beside it: fine
    found = overlapping_text(_page(draw))
    assert found == ["page 1: 'colour' overlaps 'special'"]
