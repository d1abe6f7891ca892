"""Faults a sweep of Cat Tree, Trail Route, rule sheets and kits at their option extremes found (DESIGN 4), each
held to the check that found it on the output of the command that made it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests import outside
from tests.collisions import pdf_collisions
from tests.printcheck import preflight
from washigen.cli import main


def printed(tmp_path, *args: str) -> bytes:
    path = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*args, "-o", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return path.read_bytes()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_altitude_label_of_a_played_tree_keeps_clear_of_the_last_columns_badges(tmp_path, lang):
    """Seed 99's tree has cards in the last column at heights 5 to 7: the points badge of the one at height 6
    stood out past its card into the right margin and covered the turned label "height 5+: ×2"."""
    data = printed(tmp_path, "cat-tree", "play", "--seed", "99", "--lang", lang)
    assert pdf_collisions(data) == []
    assert preflight(data) == []


@pytest.mark.parametrize("args", [
    ("cat-tree", "deck", "--duplex", "short", "--back-offset", "-3,3"),               # ink 4 mm from the left edge
    ("trail-route", "components", "--paper", "legal", "--bleed", "20mm", "--duplex", "long", "--back-offset",
     "2,2"),                                                                          # ink 3 mm from the right edge
])
def test_backs_moved_by_a_back_offset_keep_their_bleed_out_of_the_printers_margin(tmp_path, args):
    """The offset moved each back with its full bleed, so the backs' bleed reached into the 5 mm a home printer
    leaves blank; now it stops at that margin."""
    data = printed(tmp_path, *args)
    assert outside.margin_faults(data) == []
    assert preflight(data) == []


def test_a_back_offset_that_takes_the_backs_trim_into_the_printers_margin_is_refused(tmp_path):
    """20,20 printed the backs' trim and bleed boxes off the page (the preflight's raster crashed on them)."""
    result = CliRunner().invoke(main, ["cat-tree", "deck", "--duplex", "long", "--back-offset", "20,20",
                                       "-o", str(tmp_path / "out.pdf")])
    assert result.exit_code == 2, result.output
    assert "--back-offset: 20,20 takes the backs 15.25 mm into the 5 mm a printer leaves blank" in result.output
    assert not (tmp_path / "out.pdf").exists()
