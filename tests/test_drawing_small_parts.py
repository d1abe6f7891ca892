"""Small parts of the drawings read back from the files: the sewer lids of Cats maps on the smallest cells, the
words of a Cats tape (only on the whole pieces printed), and the ids of Cops maps on the narrowest tapes."""

from __future__ import annotations

import math
import warnings
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from tests.printcheck import strict_cases
from washigen.cli import main

SVG = "{http://www.w3.org/2000/svg}"
MM_PER_PT = 25.4 / 72.0
LEAST_LINE = 0.1          # mm: the thinnest line or gap a printer holds (the grid's own thinnest line)
EPS = 1e-3                # the SVG writes three decimals


def _run(*args) -> None:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


# -- Cats: sewer lids --------------------------------------------------------------------------------------------

def _lids(path) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(path.read_bytes())
    return {symbol.get("id"): list(symbol) for symbol in root.iter(f"{SVG}symbol")
            if "sewer" in (symbol.get("id") or "")}


def _num(element: ET.Element, name: str) -> float:
    return float(element.get(name, "0"))


def _extent(element: ET.Element) -> tuple[float, float, float, float]:
    if element.tag == f"{SVG}circle":
        cx, cy, r = _num(element, "cx"), _num(element, "cy"), _num(element, "r")
        return cx - r, cy - r, cx + r, cy + r
    if element.tag == f"{SVG}rect":
        x, y = _num(element, "x"), _num(element, "y")
        return x, y, x + _num(element, "width"), y + _num(element, "height")
    points = [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]
    xs, ys = zip(*points)
    return min(xs), min(ys), max(xs), max(ys)


def _gap(a: ET.Element, b: ET.Element) -> float:
    """How far apart two white parts of a grate are (discs by their centres, bars by their boxes)."""
    if a.tag == b.tag == f"{SVG}circle":
        return math.dist((_num(a, "cx"), _num(a, "cy")), (_num(b, "cx"), _num(b, "cy"))) - _num(a, "r") - _num(b, "r")
    p, q = _extent(a), _extent(b)
    dx, dy = max(p[0] - q[2], q[0] - p[2]), max(p[1] - q[3], q[1] - p[3])
    return max(dx, dy) if dx < 0 or dy < 0 else math.hypot(dx, dy)


@pytest.mark.parametrize("tape, rows", [(10, 15), (15, 9), (20, 9), (40, 9), (50, 9)])
def test_every_sewer_lid_keeps_its_lines_and_gaps_printable(tape, rows, tmp_path):
    """10 mm tape with 15 rows is the smallest cell a map takes (0.625 mm): at every size each lid's strokes, its
    grate's bars and the gaps between them are at least LEAST_LINE, and its colour fills most of the cell."""
    out = tmp_path / "map.svg"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _run("cats", "map", "--tape-width", f"{tape}mm", "--segment-rows", rows, "--seed", 1, "-o", out)
    cell = tape / (rows + 1)
    lids = _lids(out)
    assert len(lids) >= 3, lids
    for name, parts in lids.items():
        for part in parts:
            if part.get("stroke"):
                assert _num(part, "stroke-width") >= LEAST_LINE - EPS, (name, cell, part.attrib)
        mark = _extent(parts[0])
        assert min(mark[2] - mark[0], mark[3] - mark[1]) >= 0.6 * cell, (name, cell, mark)
        grate = [part for part in parts if part.get("fill") == "#ffffff"]
        for part in grate:
            box = _extent(part)
            assert min(box[2] - box[0], box[3] - box[1]) >= LEAST_LINE - EPS, (name, cell, part.attrib)
        for k, a in enumerate(grate):
            for b in grate[k + 1:]:
                gap = _gap(a, b)                 # parts that cross (a cross's bars) make one mark
                assert gap < 0 or gap >= LEAST_LINE - EPS, (name, cell, gap, a.attrib, b.attrib)


# -- Cats: the words on a tape -----------------------------------------------------------------------------------

def _words(path) -> list[tuple[str, tuple[float, float, float, float], tuple[float, float, float, float]]]:
    """Every line of text in the PDF as pdfium reads it (clipped or covered text included): its words, its box in
    mm (y down) and its page's TrimBox in mm."""
    import pypdfium2 as pdfium

    found = []
    pdf = pdfium.PdfDocument(str(path))
    for page in pdf:
        _, height = page.get_size()
        x0, y0, x1, y1 = (v * MM_PER_PT for v in page.get_trimbox())
        trim = (x0, height * MM_PER_PT - y1, x1, height * MM_PER_PT - y0)
        text = page.get_textpage()
        for k in range(text.count_rects()):
            left, bottom, right, top = text.get_rect(k)
            box = (left * MM_PER_PT, (height - top) * MM_PER_PT, right * MM_PER_PT, (height - bottom) * MM_PER_PT)
            found.append((text.get_text_bounded(left, bottom, right, top).strip(), box, trim))
    return found


# (tape options, roll length, whole pieces on it, mm of a piece): a roll ending inside a repeat (the rest plain
# tape), one ending on a repeat's end (its bleed running on into the next), big cells with words in the band
@pytest.mark.parametrize("options, length, pieces, piece", [
    (("--segments", 2), "300mm", 1, 160.0),
    (("--segments", 2), "480mm", 3, 160.0),
    (("--segments", 2, "--tape-width", "120mm", "--segment-rows", 4), "1000mm", 1, 768.0),
])
def test_a_tape_prints_words_on_its_whole_pieces_alone(options, length, pieces, piece, tmp_path):
    out = tmp_path / "roll.pdf"
    _run("cats", "tape", *options, "--length", length, "--seed", 1, "-o", out)
    words = _words(out)
    assert words
    for text, box, trim in words:
        end = trim[0] + pieces * piece                   # the last whole piece's end on the page
        assert trim[0] - EPS <= box[0] and box[2] <= end + EPS, (text, box, end)
        assert trim[1] - EPS <= box[1] and box[3] <= trim[3] + EPS, (text, box, trim)
    assert sum(text.startswith("seed 1") for text, _, _ in words) == pieces       # one seed line a piece


def test_the_one_repeat_file_prints_the_words_of_its_own_pieces_alone(tmp_path):
    out = tmp_path / "repeat.pdf"
    _run("cats", "tape", "--repeat-only", "--segments", 2, "--rules-url", "https://example.com/rules", "--seed", 1,
         "-o", out)
    words = _words(out)
    for text, box, trim in words:
        assert trim[0] - EPS <= box[0] and box[2] <= trim[2] + EPS, (text, box, trim)
    assert sorted(text for text, _, _ in words) == ["seed 1 · washigen " + words[0][0].split()[-1]] * 2 + \
        ["the rules"] * 2


# -- Cops: ids on the narrowest tapes ----------------------------------------------------------------------------

# Maps ("width-seed": 2 squads; "width-seed-squads") on tapes of 10 to 12 mm, where place_ids sets ids with no place
# free. Before draw._off_the_words moved the ids in a crowded id's way too, 78 of the 450 maps of seeds 1-30 with 2-6
# squads had an id over another; these are some: 10-4 (1f over 1h by 0.9 mm), 10-29-4 (three ids moved), 10-9-6
# (1.4 mm, the most), 10-17-5 (five ids moved), 11-16-4, 11-30 and 12-18-6.
NARROW_MAPS = ["10-1", "10-2", "10-3", "10-4", "10-6", "11-1", "11-6", "12-6", "10-29-4", "10-9-6", "10-17-5",
               "11-16-4", "11-30", "12-18-6"]
CROWDED: set[str] = set()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("case", strict_cases(NARROW_MAPS, CROWDED, "{name}: an id over another, no place free"))
def test_no_id_is_hidden_or_crossed_on_the_narrowest_tapes(case, lang):
    """Cops takes tape from 10 mm; below 13 mm its maps' ids do not all find a free place (generate: the
    layouts are kept all the same). Every id is still readable: no other word's plate, path or location is drawn
    over it or through it, and it overlaps no other word (tests/collisions.py, the suite's scene reading). Both
    languages draw the same map, generated once."""
    from tests.collisions import scene_collisions
    from tests.cops_designs import cops_map
    from washigen.games.cops.draw import map_scene

    width, seed, squads = ([int(part) for part in case.split("-")] + [2])[:3]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        design = cops_map(squads, seed=seed, tape_width=float(width), budget=0)
    assert scene_collisions(map_scene(design, 3.0, lang)) == [], (case, lang)
