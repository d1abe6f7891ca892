"""PNG of any length: a 10 m roll at 300 dpi is written as numbered tiles, each within the side limit and the pixel
cap, that join to the roll's length at that dpi; memory stays that of a tile, not of the roll."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from washigen.backends.png import MAX_PIXELS, MAX_SIDE

BLEED = 3.0
# Runs the command in a fresh interpreter and reports its own peak resident memory (kB on Linux).
_MEASURED = ("import json, resource, sys; from washigen.cli import main\n"
             "try:\n    main(sys.argv[1:], standalone_mode=False)\n"
             "finally:\n    print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss), file=sys.stderr)")


def _run(args: list[str]) -> int:
    result = subprocess.run([sys.executable, "-c", _MEASURED, *args], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("game, tape_height, measure", [("cats", 50.0, True), ("cops", 50.0, False)])
def test_a_10_m_roll_at_300_dpi_is_tiles_that_join_to_its_length(game, tape_height, measure, tmp_path):
    peak_10m = _run([game, "tape", "--seed", "1", "--length", "10m", "-o", str(tmp_path / "roll.png")])
    tiles = sorted(tmp_path.glob("roll-tile-*.png"))
    assert [t.name for t in tiles] == [f"roll-tile-{n:02d}.png" for n in range(1, len(tiles) + 1)]
    sizes = []
    for tile in tiles:
        with Image.open(tile) as image:
            sizes.append(image.size)
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert all(w <= MAX_SIDE and h <= MAX_SIDE and w * h <= MAX_PIXELS for w, h in sizes)
    assert sum(w for w, _ in sizes) == round((10_000 + 2 * BLEED) / 25.4 * 300)
    assert {h for _, h in sizes} == {round((tape_height + 2 * BLEED) / 25.4 * 300)}
    if measure:
        # Five times the roll, about the same memory: a tile at a time, never the whole roll's bitmap.
        peak_2m = _run([game, "tape", "--seed", "1", "--length", "2m", "-o", str(tmp_path / "short.png")])
        assert peak_10m < 1.5 * peak_2m, (peak_2m, peak_10m)


def test_png_text_is_the_bundled_font_whatever_the_system_has(tmp_path, monkeypatch):
    """The PNG is the PDF rasterised: with fontconfig pointed at an empty folder, the text still prints the same."""
    from washigen.backends import to_png
    from washigen.scene import Scene, Style, Text

    scene = Scene(40.0, 12.0)
    scene.add(Text(2, 8, "bold · 3 × 4", 5.0, weight="bold", style=Style(fill="#000000")))
    expected = to_png(scene, 150)
    empty = tmp_path / "fonts.conf"
    empty.write_text('<?xml version="1.0"?><fontconfig><dir>' + str(tmp_path) + '</dir></fontconfig>')
    script = ("import sys; from washigen.backends import to_png; from washigen.scene import Scene, Style, Text\n"
              "scene = Scene(40.0, 12.0)\n"
              "scene.add(Text(2, 8, 'bold · 3 × 4', 5.0, weight='bold', style=Style(fill='#000000')))\n"
              "sys.stdout.buffer.write(to_png(scene, 150))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120,
                            env={"FONTCONFIG_FILE": str(empty), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected
    with Image.open(io.BytesIO(expected)) as image:
        inked = sum(image.convert("L").histogram()[:128])
    assert inked > 500          # the text printed (a missing font would leave boxes or nothing)
