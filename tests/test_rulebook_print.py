"""The page-fill measure the rule-sheet layout tests rely on (tests/pagefill.py) tells a full page from a half-empty
one. (qpdf, poppler and the word-over-word check read every rule sheet, each game, language and paper, in
tests/test_outside_preflight.py.)"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from tests.pagefill import pages_fill
from tests.test_rulebook_order import SHEET_MARGINS
from washigen.fonts import register_family


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
