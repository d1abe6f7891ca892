"""A tape roll's words (ids, captions, seed and version) are printed once each, wholly inside the trim of the page
that carries their piece, and only on whole pieces: never in the bleed, in the veiled overlap past a join, under
the plain tape after the last whole piece, nor clipped or mirrored out of sight. Read back from the files with
pdfium's text page (clipping is not applied there, so a word drawn and clipped away is still found)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tests.printcheck import TextRun, page_boxes, text_runs
from washigen.backends.pdf import to_pdf
from washigen.press import PrintOptions

BLEED = 3.0
SEED = 3


def _cats(length: float):
    from washigen.games.cats.generate import generate_roll
    from washigen.games.cats.roll import piece_length, tape_document

    design = generate_roll(segments=4, length=length, seed=SEED)
    return piece_length(design), lambda output: tape_document(design, PrintOptions(bleed=BLEED), output)


def _cops(length: float | None, layout: str = "end-to-end", repeat_only: bool = False):
    from washigen.games.cops.draw import tape_document
    from washigen.games.cops.generate import generate_tape

    design = generate_tape(4, seed=SEED, layout=layout)
    return design.segment_length, lambda output: tape_document(design, PrintOptions(bleed=BLEED), output, length,
                                                              repeat_only=repeat_only)


def _on_tape(runs: list[TextRun], boxes: list[dict]) -> list[TextRun]:
    """The runs printed over the tape and its bleed: not the page's heading, join words and repeat marks."""
    return [run for run in runs if run.box[3] > boxes[run.page - 1]["bleed"][1]
            and run.box[1] < boxes[run.page - 1]["bleed"][3]]


def _misplaced(data: bytes, last_whole: float) -> list[str]:
    """Words on the tape not wholly inside their page's trim, or past the roll's last whole piece (`last_whole` mm
    along the roll, the pages' trims laid end to end)."""
    boxes = page_boxes(data)
    starts = [0.0]
    for box in boxes:
        starts.append(starts[-1] + box["trim"][2] - box["trim"][0])
    faults = []
    for run in _on_tape(text_runs(data), boxes):
        trim = boxes[run.page - 1]["trim"]
        x0, y0, x1, y1 = run.box
        along = starts[run.page - 1] + x1 - trim[0]
        if x0 < trim[0] - 0.01 or x1 > trim[2] + 0.01 or y0 < trim[1] - 0.01 or y1 > trim[3] + 0.01:
            faults.append(f"page {run.page}: {run.text!r} at {x0:.1f}..{x1:.1f} mm is outside the trim "
                          f"{trim[0]:.1f}..{trim[2]:.1f}")
        elif along > last_whole + 0.01:
            faults.append(f"page {run.page}: {run.text!r} ends {along:.1f} mm along the roll, past its last whole "
                          f"piece at {last_whole:.1f}")
    return faults


def _captions(data: bytes, caption: str) -> int:
    return sum(1 for run in _on_tape(text_runs(data), page_boxes(data)) if re.fullmatch(caption, run.text))


# Cats: a 5.2 m roll is two pages (the neighbours' words were drawn clipped past page 1's join, mirrored in its
# bleed and in page 2's bleed). Cops: a 500 mm roll of 180 mm segments ends on plain tape after 360 mm (the words
# of the repeat before showed in the start's bleed, those of the third segment under the plain tape); at 5.2 m it
# is two pages (page 1's overlap showed page 2's SQUAD, veiled: printed twice).
CASES = [
    pytest.param(lambda: _cats(5_200.0), 5_200.0, r"seed 3 · washigen \S+", id="cats-5.2m-pages"),
    pytest.param(lambda: _cops(500.0), 500.0, r"seed 3 · \d/4", id="cops-500mm"),
    pytest.param(lambda: _cops(500.0, "stacked"), 500.0, r"seed 3 · \d/4", id="cops-stacked-500mm"),
    pytest.param(lambda: _cops(5_200.0, "stacked"), 5_200.0, r"seed 3 · \d/4", id="cops-stacked-5.2m-pages"),
]


@pytest.mark.parametrize("make, length, caption", CASES)
def test_a_rolls_words_are_printed_once_on_whole_pieces_inside_the_trim(make, length, caption):
    piece, document_for = make()
    document = document_for(Path("roll.pdf"))
    data = to_pdf(document.pages)
    pieces = math.floor(length / piece + 1e-9)
    assert (len(document.pages) > 1) == (length > 5_000.0)
    assert _misplaced(data, pieces * piece) == []
    assert _captions(data, caption) == pieces            # each whole piece's caption once, and no other


def test_a_cops_repeat_for_the_tape_maker_shows_the_neighbours_art_not_their_words():
    segment, document_for = _cops(None, "stacked", repeat_only=True)
    data = to_pdf(document_for(Path("repeat.pdf")).pages)
    assert _misplaced(data, 4 * segment) == []
    assert _captions(data, r"seed 3 · \d/4") == 4


@pytest.mark.parametrize("layout", ["end-to-end", "stacked"])
def test_the_png_tiles_of_a_cops_roll_carry_words_on_its_whole_segments_alone(layout):
    """A PNG is the roll's strip rasterised in tiles, each a PDF page pdfium draws: joined, the tiles' words lie
    on the two whole segments of a 500 mm roll, none in the bleed or under the plain tape after them."""
    from washigen.backends.png import tile_windows

    segment, document_for = _cops(500.0, layout)
    (strip,) = document_for(Path("roll.png")).pages
    tiles = tile_windows(strip, dpi=30, max_pixels=10_000)
    assert len(tiles) > 2
    along = []
    for tile in tiles:
        origin = float(tile.meta["tile_x_mm"])             # where the tile starts along the roll's trim
        along += [(run.text, origin + run.box[0], origin + run.box[2]) for run in text_runs(to_pdf([tile]))]
    assert [word for word in along if word[1] < -0.01 or word[2] > 2 * segment + 0.01] == []
    assert len({(text, round(x0)) for text, x0, _ in along if re.fullmatch(r"seed 3 · \d/4", text)}) == 2


def test_the_svg_of_a_short_cops_roll_holds_its_whole_segments_words_alone():
    """An SVG writes every symbol it defines, used or not: only the two whole segments' words are defined."""
    from washigen.backends.svg import to_svg

    _, document_for = _cops(500.0)
    (strip,) = document_for(Path("roll.svg")).pages
    assert sorted(re.findall(r"seed 3 · \d/4", to_svg(strip).decode())) == ["seed 3 · 1/4", "seed 3 · 2/4"]
