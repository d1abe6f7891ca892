"""A list near the end of a page, before a paragraph and a figure, reads in order: when the columns break at the page's
end, none of its items is set in the room left under them (under the left column, read before the right one)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.test_rulebook_order import _printed, _source_pieces, find_in_order
from washigen.cli import main
from washigen.rulebook import read

SENTENCES = (
    "A cat moves one square at a time: up, down, left or right, never diagonally.",
    "Each move draws the line of that cat on from its front end, in the pen of its player.",
    "A fish is taken by moving onto its square; it is gone for everyone afterwards.",
    "Sewers join squares of one colour across the whole width of the board.",
    "A building is entered through an opening, and its inside is coloured in at once.",
    "Players take turns clockwise, and each turn moves exactly one of their two cats.",
    "A cat that cannot move stays where it is until a special move sets it free.",
    "Shrines, walls and the lines of other players block the way of every cat.",
)
ITEMS = ("a square on another player's line,", "a shrine,", "a building through its black wall,",
         "a square outside the board.")


def sheet(paragraphs: int, short: int) -> str:
    """Rules whose first page ends in the list: `paragraphs` long ones and `short` one-line ones move where the
    columns break, to the point."""
    body = [f"Rule {n}. " + " ".join(SENTENCES[(n + k) % len(SENTENCES)] for k in range(4))
            for n in range(1, paragraphs)]
    body += [f"Rule {paragraphs + n}. Keep to it." for n in range(short)]
    after = [f"Rule {50 + n}. " + " ".join(SENTENCES[(n + k) % len(SENTENCES)] for k in range(4)) for n in range(4)]
    return "\n\n".join([
        "---\ntitle: Order Test\nplayers: 2\ncredits: Written for a test.\nlang: en\n---",
        "# Order Test", "## Moving", *body, "You may not enter:", "\n".join(f"- {item}" for item in ITEMS),
        "Your own lines never stop you: a cat may step again on a square it crossed before.",
        "![A step: the line grows by one square](diagram:cats/play-step?lang=en)",
        "## Buildings", *after]) + "\n"


# Found by trying: before the fix, the first two set a list item under the left column of page 1, the third the
# paragraph after the list.
CASES = [("a4", 15, 7), ("letter", 15, 1), ("letter", 14, 3)]


@pytest.mark.parametrize("paper, paragraphs, short", CASES)
def test_a_list_broken_at_the_end_of_a_page_reads_in_order(paper, paragraphs, short, tmp_path):
    source = tmp_path / "order.en.md"
    source.write_text(sheet(paragraphs, short), encoding="utf-8")
    out = tmp_path / "order.pdf"
    result = CliRunner().invoke(main, ["rules", str(source), "--paper", paper, "-o", str(out)])
    assert result.exit_code == 0, result.output
    printed = _printed(out.read_bytes())
    at = 0
    for piece in _source_pieces(read(source)):
        end = find_in_order(printed, piece, at)
        assert end is not None, (f"{paper}: {' '.join(piece[:12])!r} is missing, split or out of order after "
                                 f"{' '.join(printed[max(0, at - 12):at])!r}")
        at = end
