"""--gutter LENGTH: the space between cards and tiles on a sheet, read back from the printed page."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.readback import pdf_pages, top_level_segments
from washigen.cli import main

def _deck(tmp_path, *options) -> bytes:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["cat-tree", "deck", *options, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _gaps(data: bytes) -> list[float]:
    """The distances between neighbouring trim lines across page 1, read from its crop marks (mm)."""
    marks = top_level_segments(pdf_pages(data)[0])
    xs = sorted({round(x0, 2) for x0, y0, x1, y1 in marks if x0 == x1})
    return [round(b - a, 2) for a, b in zip(xs, xs[1:])]


@pytest.mark.parametrize("gutter, cols", [(0.0, 3), (0.25, 3), (2.0, 3), (4.0, 2), (10.0, 2)])
def test_cards_stand_a_gutter_apart(gutter, cols, tmp_path):
    gaps = _gaps(_deck(tmp_path, "--gutter", f"{gutter:g}mm"))
    # A4 holds three poker cards abreast with a gutter of up to 0.25 mm (190.5 mm of cards, 3 mm of bleed and
    # 1.5 mm crop marks each side inside the 200 mm a printer reaches); up to 3.75 mm with the bleed beside the
    # block cut to no less than 1 mm (its rows then marked inside it); two with a wider one. A mark stands above
    # and below each edge of every card (one where two cards meet)
    expected = [63.5] * cols if not gutter else [63.5] + [gutter, 63.5] * (cols - 1)
    assert gaps == pytest.approx(expected, abs=0.01)


def test_a_gutter_that_leaves_no_room_for_a_row_puts_fewer_cards_on_a_sheet(tmp_path):
    assert len(pdf_pages(_deck(tmp_path))) < len(pdf_pages(_deck(tmp_path, "--gutter", "6mm")))


def test_a_gutter_past_30mm_is_refused_naming_the_option(tmp_path):
    result = CliRunner().invoke(main, ["cat-tree", "deck", "--gutter", "31mm", "-o", str(tmp_path / "d.pdf")])
    assert result.exit_code == 2
    assert "--gutter" in result.output
    assert not (tmp_path / "d.pdf").exists()
