"""Instructions are said from the same data as the sheets they describe, and read back against the printed sheets."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from tests.readback import pdf_pages, pdf_text
from washigen.cli import main
from washigen.games import get_game
from washigen.backends import to_pdf


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_mat_is_laid_in_the_order_of_the_sheets_it_prints(paper):
    mat = next(part for part in get_game("trail-route").kit(4, paper) if part.title == "Board mat")
    printed = [re.search(r"sheet (\d+) of", page.extract_text()).group(1)
               for page in pdf_pages(to_pdf(mat.document.pages))]
    assert f"in order {', '.join(printed)} " in mat.instructions


@pytest.mark.parametrize("duplex, says", [("long", "print it on both sides, flipping on the long edge"),
                                          ("none", "This file has no backs")])
def test_the_contents_page_says_how_to_print_this_very_file(duplex, says, tmp_path):
    out = tmp_path / "components.pdf"
    result = CliRunner().invoke(main, ["trail-route", "components", "--duplex", duplex, "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(out).split())
    assert says in text
    assert "with --duplex long for their backs" not in text
