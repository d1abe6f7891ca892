"""A rule text with a block no page can hold (a table cell, heading or figure caption too long to break across
pages) is refused naming its file and line, exit 2, an existing output left as it was; reportlab's LayoutError
was a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from washigen.cli import main

FRONT = "---\ntitle: T\nplayers: 2\ncredits: me\nlang: en\n---\n\n# T\n\nA first paragraph.\n\n"
LONG = " ".join(["word"] * 1000)


@pytest.mark.parametrize("block, line", [
    (f"| a | b |\n|---|---|\n| {LONG} | x |\n", 12),
    (f"## {' '.join(['heading'] * 400)}\n", 12),
])
def test_a_block_taller_than_a_page_is_refused_naming_its_line(tmp_path, block, line):
    text = tmp_path / "long.en.md"
    text.write_text(FRONT + block + "\nA last paragraph.\n", encoding="utf-8")
    out = tmp_path / "r.pdf"
    out.write_bytes(b"an older sheet")
    result = CliRunner().invoke(main, ["rules", str(text), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert f"long.en.md:{line}: this block does not fit on one page" in result.output
    assert "Traceback" not in result.output and out.read_bytes() == b"an older sheet"


def test_the_same_block_of_a_length_that_fits_is_set():
    from washigen.rulebook import markdown as md
    from washigen.rulebook.typeset import typeset

    rules = md.parse(FRONT + f"| a | b |\n|---|---|\n| {' '.join(['word'] * 60)} | x |\n", "fits.en.md")
    assert typeset(rules, {}).startswith(b"%PDF")
