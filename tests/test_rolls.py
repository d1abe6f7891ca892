"""Tape rolls every viewer shows at real size: a roll longer than 5,080 mm (200 in) is written as PDF pages of whole
repeats with join marks, no /UserUnit anywhere; and the one-repeat file a tape maker prints from. Everything is read
back from the files: page boxes with pypdf, words with pdfium, pixels with poppler and pdfium."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from tests.printcheck import bare_bleed, small_text, text_near_trim, text_runs
from tests.readback import page_boxes_mm, page_size_mm, pdf_pages, png_info, rasterise_pdf
from washigen.cli import main

LONGEST_PAGE_MM = 5080.0          # 200 in: the longest page side every PDF viewer shows at its size
BLEED = 3.0
ROLL_MM = 10_000.0


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _width(box: tuple[float, float, float, float]) -> float:
    return box[2] - box[0]


def _repeat_mm(pdf) -> float:
    """The repeat's length as the one-repeat file prints it: the width of its only page's TrimBox."""
    (page,) = pdf_pages(pdf)
    return _width(page_boxes_mm(page)["trimbox"])


_cache: dict = {}


def _written(tmp_path_factory, game: str, *options) -> bytes:
    key = (game,) + options
    if key not in _cache:
        out = tmp_path_factory.mktemp("rolls") / "out.pdf"
        result = _run(game, "tape", "--seed", 1, *options, "-o", out)
        assert result.exit_code == 0, result.output
        _cache[key] = out.read_bytes()
    return _cache[key]


ROLLS = [("cats", ()), ("cops", ("--length", "10m"))]


@pytest.mark.parametrize("game, options", ROLLS)
def test_a_10_m_roll_is_pages_of_whole_repeats_each_within_200_inches(game, options, tmp_path_factory):
    data = _written(tmp_path_factory, game, *options)
    repeat = _repeat_mm(_written(tmp_path_factory, game, "--repeat-only"))
    assert b"/UserUnit" not in data
    pages = pdf_pages(data)
    assert len(pages) >= 2
    trims = []
    for page in pages:
        assert "/UserUnit" not in page
        assert max(page_size_mm(page)) <= LONGEST_PAGE_MM + 0.05
        boxes = page_boxes_mm(page)
        trims.append(_width(boxes["trimbox"]))
        assert _width(boxes["bleedbox"]) == pytest.approx(trims[-1] + 2 * BLEED, abs=0.05)
    # Together the pages hold the whole roll; each but the last is a run of whole repeats, and the last begins on one.
    assert sum(trims) == pytest.approx(ROLL_MM, abs=0.1)
    for trim in trims[:-1]:
        assert trim / repeat == pytest.approx(round(trim / repeat), abs=1e-4) and trim >= repeat
    assert sum(trims[:-1]) / repeat == pytest.approx(round(sum(trims[:-1]) / repeat), abs=1e-4)


@pytest.mark.parametrize("game, options", ROLLS)
def test_every_page_is_numbered_and_says_where_it_joins(game, options, tmp_path_factory):
    data = _written(tmp_path_factory, game, *options)
    runs = text_runs(data)
    count = len(pdf_pages(data))
    for number in range(1, count + 1):
        words = " | ".join(run.text for run in runs if run.page == number)
        assert f"page {number} of {count}" in words
        assert ("start of the roll" if number == 1 else f"page {number - 1} ← join here") in words
        assert ("end of the roll" if number == count else f"join here → page {number + 1}") in words
        assert ("overlap" in words) == (number < count)
    assert small_text(runs) == [] and text_near_trim(data, runs) == []


def test_the_join_words_are_german_with_lang_de(tmp_path_factory):
    data = _written(tmp_path_factory, "cats", "--lang", "de")
    runs = text_runs(data)
    words = " | ".join(run.text for run in runs if run.page == 2)
    assert "Seite 2 von 3" in words and "Seite 1 ← hier ansetzen" in words and "hier ansetzen → Seite 3" in words
    assert "Überlappung" in words and "Rapport 7" in words
    assert not re.search(r"\b(page|join here|overlap|repeat \d|roll)\b", " ".join(run.text for run in runs))
    assert small_text(runs) == [] and text_near_trim(data, runs) == []


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm is not installed")
@pytest.mark.parametrize("game, options", ROLLS)
def test_poppler_shows_the_first_page_at_its_real_size(game, options, tmp_path_factory, tmp_path):
    data = _written(tmp_path_factory, game, *options)
    pdf = tmp_path / "roll.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "10", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "p")], check=True,
                   capture_output=True, timeout=120)
    (png,) = tmp_path.glob("p*.png")
    width_mm, height_mm = page_size_mm(pdf_pages(data)[0])
    with Image.open(png) as image:
        assert abs(image.width - width_mm / 25.4 * 10) <= 1 and abs(image.height - height_mm / 25.4 * 10) <= 1
    assert width_mm > 2 * _repeat_mm(_written(tmp_path_factory, game, "--repeat-only"))       # a long page, not a tile


def test_the_overlap_past_a_join_is_the_next_page_start_under_a_veil(tmp_path_factory):
    """Past page 1's bleed, the overlap shows what page 2 starts with, lighter: at 127 dpi (5 px a mm) the two
    agree once page 2's pixels are veiled the same way (white over them at a fixed strength, fitted here)."""
    data = _written(tmp_path_factory, "cats")
    first, second = (page_boxes_mm(page) for page in pdf_pages(data)[:2])
    px = 5
    join = round((first["trimbox"][2] - first["mediabox"][0]) * px)        # page 1's last trim edge, in pixels
    start = round((second["trimbox"][0] - second["mediabox"][0]) * px)     # page 2's first trim edge
    tape_top = round((first["mediabox"][3] - first["trimbox"][3]) * px)
    tape_height = round((first["trimbox"][3] - first["trimbox"][1]) * px)
    page_1, page_2 = rasterise_pdf(data, 0, dpi=127).convert("L"), rasterise_pdf(data, 1, dpi=127).convert("L")
    overlap = page_1.width - join
    assert overlap > (BLEED + 5) * px                                       # more than the bleed: room to line up
    span = range(join + round((BLEED + 1) * px), page_1.width - px)
    pairs = [(page_1.getpixel((x, y)), page_2.getpixel((start + x - join, y)))
             for x in span for y in range(tape_top + px, tape_top + tape_height - px, 2)]
    assert len({b for _, b in pairs}) > 5                                   # artwork, not bare paper
    # a = w * 255 + (1 - w) * b for one veil strength w, fitted; then every pixel agrees within antialiasing
    darker = [(a, b) for a, b in pairs if b < 200]
    w = sum((a - b) / (255 - b) for a, b in darker) / len(darker)
    assert 0.3 < w < 0.9
    misfit = sum(abs(a - (w * 255 + (1 - w) * b)) for a, b in pairs) / len(pairs)
    assert misfit < 15 * (1 - w), misfit          # antialiasing noise of 15 grey levels, as much as the veil lets through


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_repeat_only_is_one_page_of_one_repeat_with_bleed_and_nothing_around_it(game, tmp_path_factory):
    data = _written(tmp_path_factory, game, "--repeat-only")
    (page,) = pdf_pages(data)
    boxes = page_boxes_mm(page)
    repeat = _width(boxes["trimbox"])
    assert page_size_mm(page) == pytest.approx((repeat + 2 * BLEED, boxes["trimbox"][3] - boxes["trimbox"][1]
                                                + 2 * BLEED), abs=0.05)
    assert boxes["bleedbox"] == pytest.approx(boxes["mediabox"], abs=0.05)           # no marks, no margin
    # The roll's pages are runs of this repeat: the roll's first page holds a whole number of them.
    roll = _written(tmp_path_factory, game, *dict(ROLLS)[game])
    first_trim = _width(page_boxes_mm(pdf_pages(roll)[0])["trimbox"])
    assert first_trim / repeat == pytest.approx(round(first_trim / repeat), abs=1e-4)
    assert f"repeat: {repeat:.0f} mm" in PdfReader(io.BytesIO(roll)).metadata.subject       # as the roll names it
    # The tape's edges bleed. Its ends bleed into the neighbouring repeats as they meet on the roll: after the end
    # comes the start of the artwork (for Cats white street cells, which bare_bleed cannot tell from bare paper), so
    # the end's bleed is compared with the start instead.
    assert [fault for fault in bare_bleed(data) if "right edge" not in fault] == []
    image = rasterise_pdf(data, dpi=127).convert("L")
    px = 5
    end_bleed, start = image.width - 2, image.width - 2 - round(repeat * px)      # the same place on the tape
    differences = [abs(image.getpixel((end_bleed, y)) - image.getpixel((start, y))) for y in range(image.height)]
    assert sum(differences) / len(differences) < 4
    assert len({image.getpixel((end_bleed, y)) for y in range(image.height)}) > 3          # artwork, not plain


def test_repeat_only_as_png_at_600_dpi_is_the_repeat_at_real_size(tmp_path_factory, tmp_path):
    repeat = _repeat_mm(_written(tmp_path_factory, "cats", "--repeat-only"))
    out = tmp_path / "repeat.png"
    result = _run("cats", "tape", "--seed", 1, "--repeat-only", "--dpi", 600, "-o", out)
    assert result.exit_code == 0, result.output
    (width, height), dpi = png_info(out.read_bytes())
    assert width == round((repeat + 2 * BLEED) / 25.4 * 600) and height == round((50 + 2 * BLEED) / 25.4 * 600)
    assert dpi == pytest.approx((600, 600), abs=0.01)


def test_a_roll_that_fits_one_page_stays_one_page_without_marks(tmp_path):
    out = tmp_path / "roll.pdf"
    assert _run("cats", "tape", "--seed", 1, "--length", "5m", "-o", out).exit_code == 0
    (page,) = pdf_pages(out)
    assert page_size_mm(page) == pytest.approx((5006.0, 56.0), abs=0.05)
    assert not any("page" in run.text or "join" in run.text for run in text_runs(out.read_bytes()))


def test_a_png_of_a_roll_longer_than_a_pdf_page_is_one_image_without_a_seam(tmp_path):
    """At 30 dpi a 10 m roll is one image; it is drawn in bands no longer than a PDF page, side by side."""
    out = tmp_path / "roll.png"
    assert _run("cats", "tape", "--seed", 1, "--dpi", 30, "-o", out).exit_code == 0
    assert not list(tmp_path.glob("roll-tile-*.png"))
    image = Image.open(out).convert("L")
    assert image.size == (round((ROLL_MM + 2 * BLEED) / 25.4 * 30), round(56 / 25.4 * 30))
    band = image.crop((0, image.height - 6, image.width, image.height - 3))      # the segments' bands and forests
    blank = [x for x in range(image.width) if min(band.getpixel((x, y)) for y in range(3)) > 245]
    assert blank == []


@pytest.mark.parametrize("game, args, words", [
    ("cats", ["--repeat-only", "--length", "5m"], ["--repeat-only", "--length"]),
    ("cops", ["--repeat-only", "--length", "10m"], ["--repeat-only", "--length"]),
    ("cops", ["--repeat-only", "--paper", "a4"], ["--repeat-only", "--paper"]),
    ("cats", ["--repeat-only"], ["--repeat-only", "design file"]),
])
def test_repeat_only_with_an_option_asking_for_more_is_refused(game, args, words, tmp_path):
    out = tmp_path / ("design.json" if "design file" in words else "out.pdf")
    result = CliRunner().invoke(main, [game, "tape", "--seed", "1", *args, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and not out.exists()
    for word in words:
        assert word in result.output, result.output


def test_a_pdf_page_longer_than_200_inches_is_refused():
    from washigen.errors import InputError
    from washigen.backends import to_pdf
    from washigen.scene import Rect, Scene, Style

    strip = Scene(6000.0, 50.0, bleed=3.0)
    strip.add(Rect(0, 0, 6000, 50, Style(fill="band")))
    with pytest.raises(InputError, match="6006 mm long, longer than the 5080 mm"):
        to_pdf([strip])


def test_pages_are_runs_of_whole_repeats_or_of_whole_pieces_when_a_repeat_is_longer_than_a_page():
    from washigen.press.rolls import page_runs

    for length, repeat, piece in [(10_000, 640, 160), (10_000, 720, 180), (20_000, 6_400, 160), (5_075, 640, None)]:
        runs = page_runs(length, BLEED, repeat, piece)
        unit = repeat if repeat < LONGEST_PAGE_MM else piece
        assert runs[0][0] == 0 and runs[-1][1] == length and len(runs) >= 2
        assert all(a[1] == b[0] for a, b in zip(runs, runs[1:]))
        assert all(end - start + 2 * BLEED < LONGEST_PAGE_MM for start, end in runs)
        assert all((end - start) % unit == 0 for start, end in runs[:-1])
        assert len({end - start for start, end in runs[:-1]}) <= 1              # the same length but the last
    assert page_runs(5_074, BLEED, 640) == [(0.0, 5_074)]
