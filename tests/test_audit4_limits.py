"""DESIGN 12 from the attacker's side: the accepted inputs that made the most work. Each refusal must come before
the work starts (a few seconds at most), where the code before it ran for minutes. Run as a user would (a fresh
interpreter under 1 GB, tests/limits.py), so that it can be run against an older checkout (PYTHONPATH)."""

from __future__ import annotations

import time

import pytest

from .limits import run_bounded

# The refusal comes from the roll's numbers, before a single piece is drawn: a few seconds even on a busy machine.
FAST = 10.0


def refused_fast(tmp_path, *args) -> str:
    started = time.monotonic()
    try:
        done = run_bounded(*args, cwd=tmp_path, timeout=FAST)
    except Exception as error:          # TimeoutExpired: the old code drew the pieces
        pytest.fail(f"not refused within {FAST:g} s: {error}")
    assert done.code == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert time.monotonic() - started < FAST
    assert not list(tmp_path.glob("*.png")), "nothing is written"
    return done.stderr


def test_a_km_of_narrow_tape_as_png_is_refused_before_drawing(tmp_path):
    """A 1 km roll on 10 mm tape at 30 dpi is only 22 megapixels, but its 222 pieces (tiles cut into bands a PDF
    page long) each drew the 12,538 elements of the page again: past 146 s of one core, killed at 150 s."""
    said = refused_fast(tmp_path, "cats", "tape", "--tape-width", "10mm", "--segment-cols", 60, "--segment-rows", 15,
                        "--length", "1000m", "--bleed", "0mm", "--dpi", 30, "--seed", 1, "-o", "roll.png")
    assert "--dpi: at 30 dpi the PNG is drawn in 222 pieces" in said
    assert "more than 300,000" in said and "write a PDF" in said and "--length" in said


def test_pieces_are_counted_as_they_are_drawn():
    """Tiles past 32,767 px, each cut into bands of a PDF page (5080 mm): what the bound multiplies."""
    from washigen.backends.png import raster_pieces
    from washigen.scene import Scene

    assert raster_pieces(Scene(200.0, 100.0), 300) == 1
    assert raster_pieces(Scene(10_000.0, 120.0), 30) == 2            # one image, two bands
    assert raster_pieces(Scene(10_000.0, 120.0), 300) == 4           # four tiles of 2.5 m
    assert raster_pieces(Scene(1_000_000.0, 10.0), 30) == 222        # 37 tiles of 27 m, six bands each


def test_a_roll_under_the_bound_is_still_written(tmp_path):
    """The ordinary roll (the default 10 m at 300 dpi, four tiles) stays accepted: the bound is on pieces times
    elements, not pixels."""
    from washigen.output import check_png_total
    from washigen.press.document import Document
    from washigen.scene import Scene

    check_png_total(Document([Scene(10_000.0, 50.0, bleed=3.0)]), 300)


def test_a_png_of_nearly_100_megapixels_is_drawn_within_1_gb(tmp_path):
    """The largest PNG page drawn as one image (a 2-squad Cops map on 200 mm tape at 465 dpi: 99.8 megapixels)
    held three copies of its pixels at once (pdfium's bitmap, PIL's, and a needless convert): 1.1 GB resident for a
    6-squad map's tiles, and a MemoryError under 1 GB of address space. About 6 s of one core."""
    from click.testing import CliRunner

    from washigen.cli import main

    made = CliRunner().invoke(main, ["cops", "map", "--tape-width", "200mm", "--players", "2", "--budget", "0",
                                     "--seed", "1", "-o", str(tmp_path / "map.json")])
    assert made.exit_code == 0, made.output
    done = run_bounded("render", "map.json", "--dpi", 465, "-o", "map.png", cwd=tmp_path)
    assert done.code == 0, done.stderr
    assert "MemoryError" not in done.stderr
    header = (tmp_path / "map.png").read_bytes()[16:24]          # IHDR: width, height (PIL warns of a "bomb")
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    assert 99_000_000 < width * height <= 100_000_000


def test_variants_as_png_at_a_high_dpi_are_refused_before_the_search(tmp_path):
    """`cats variants` judged a PNG's writing at 300 dpi whatever --dpi said: 176 maps at 1200 dpi (5 minutes of
    one core, killed at 150 s) passed the check it refuses 177 with; it now counts the pixels' share (40 maps at
    1200 dpi fit, and took 54 s)."""
    said = refused_fast(tmp_path, "cats", "variants", "--count", 176, "--games", 0, "--format", "png", "--dpi", 1200,
                        "--seed", 1, "-o", "maps")
    assert "--count 176 --games 0 --dpi 1200: about 5 minutes of one core's work" in said
    assert "at most 40 maps fit" in said
    assert not (tmp_path / "maps").exists()
