"""Sewer lids told apart without colour: every pair of colours stays clearly different under deuteranopia and
protanopia (simulated), and every lid carries its own grate, distinct in shape and big enough to see."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from tests.colourvision import difference
from tests.readback import rasterise_pdf
from washigen.games.cats.symbols import THEME, symbol
from washigen.backends import to_pdf
from washigen.scene import Scene, Use

COLOURS = ("red", "blue", "green", "yellow")
CELL = 5.0                 # mm: a 50 mm tape of 9 rows


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_every_pair_of_sewer_colours_is_clearly_apart(vision):
    for a, b in itertools.combinations(COLOURS, 2):
        assert difference(THEME[f"sewer-{a}"], THEME[f"sewer-{b}"], vision) >= 30, (a, b, vision)


def _grate(colour: str) -> Image.Image:
    """The white grate of one lid, printed at 600 dpi and read back as a mask of the white inside the lid (the
    middle half of the cell, which the disc covers wholly)."""
    scene = Scene(CELL, CELL, theme=dict(THEME))
    lid = symbol(f"sewer-{colour}", CELL)
    scene.define(lid)
    scene.add(Use(lid.id, 0, 0))
    image = rasterise_pdf(to_pdf([scene]), 0, 600).convert("L")
    side = image.width
    middle = image.crop((side // 4, side // 4, side - side // 4, side - side // 4))
    return middle.point(lambda v: 255 if v >= 200 else 0)


def _count(mask: Image.Image) -> int:
    return mask.histogram()[255]


def test_each_lid_has_its_own_grate_in_shape_alone():
    grates = {colour: _grate(colour) for colour in COLOURS}
    middle_px = grates["red"].width * grates["red"].height
    for colour, grate in grates.items():
        # big enough to read at arm's length: the grate is a fifth of the lid's middle or more
        assert _count(grate) >= 0.2 * middle_px, colour
    for a, b in itertools.combinations(COLOURS, 2):
        union = _count(ImageChops.lighter(grates[a], grates[b]))
        overlap = _count(ImageChops.multiply(grates[a], grates[b]))
        assert overlap / union < 0.6, (a, b)      # shapes that share under 60 % of their ink
