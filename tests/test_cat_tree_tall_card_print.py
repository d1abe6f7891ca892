"""Cat Tree cards taller than poker for their width (tarot 70 x 120, bridge, mini-euro): their art fills the picture
as on a poker card, read back from a raster of the printed PDF. The picture is found by its background colour
(see `picture_fill`), on every structure's front in English and German."""

from functools import lru_cache

import pytest
from PIL import Image, ImageChops

from washigen.games.cat_tree import draw
from washigen.games.cat_tree.model import STRUCTURES
from washigen.backends import to_pdf
from washigen.units import CARD_SIZES

from .readback import rasterise_pdf

DPI = 100
TALL = [card for card, (w, h) in CARD_SIZES.items() if h / w > CARD_SIZES["poker"][1] / CARD_SIZES["poker"][0]]


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def _mask(image: Image.Image, colours: list[str], tolerance: int) -> Image.Image:
    """255 where a pixel is within `tolerance` of one of `colours` in every channel, else 0."""
    mask = Image.new("L", image.size, 0)
    for colour in colours:
        r, g, b = ImageChops.difference(image, Image.new("RGB", image.size, _rgb(colour))).split()
        distance = ImageChops.lighter(ImageChops.lighter(r, g), b)
        mask = ImageChops.lighter(mask, distance.point(lambda v: 255 if v <= tolerance else 0))
    return mask


def _count(mask: Image.Image, box: tuple[int, int, int, int]) -> int:
    return mask.crop(box).histogram()[255]


def _longest_run(rows: list[int]) -> list[int]:
    """The longest run of consecutive rows (a thin line elsewhere, antialiased, can match the background)."""
    runs: list[list[int]] = []
    for y in rows:
        if runs and y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    return max(runs, key=len)


def picture_fill(image: Image.Image, name: str) -> tuple[float, float]:
    """(the share of the picture's rows that hold art, the picture's height over its width) of one card front: the
    picture is the longest run of rows showing its backdrop (the structure's pale tint; the wall; the supports a
    hanging card is drawn between), art is any other colour there."""
    backdrop = [draw.tint(draw.COLOURS[name], 0.86), draw.WALL, draw.WALL_LINE, draw.SUPPORT, draw.SUPPORT_DARK]
    plain = _mask(image, backdrop, 14)
    width, height = image.size
    rows = _longest_run([y for y in range(height) if _count(plain, (0, y, width, y + 1)) >= 3])
    top, bottom = rows[0], rows[-1]
    left = min(plain.crop((0, y, width, y + 1)).getbbox()[0] for y in rows)
    right = max(plain.crop((0, y, width, y + 1)).getbbox()[2] for y in rows)
    # art is looked for in the middle 70 % of the width, clear of the supports' hatching at the sides
    x0, x1 = round(left + 0.15 * (right - left)), round(right - 0.15 * (right - left))
    art_rows = sum(1 for y in range(top, bottom + 1) if (x1 - x0) - _count(plain, (x0, y, x1, y + 1)) >= 3)
    return art_rows / (bottom - top + 1), (bottom - top + 1) / (right - left)


@lru_cache(maxsize=None)
def fills(card: str, lang: str) -> dict[str, tuple[float, float]]:
    w, h = CARD_SIZES[card]
    data = to_pdf([draw.card_front(s, w, h, 0.0, lang) for s in STRUCTURES])
    return {s.name: picture_fill(rasterise_pdf(data, k, DPI), s.name) for k, s in enumerate(STRUCTURES)}


def test_the_tall_cards_are_the_ones_the_fault_was_about():
    assert {"tarot", "bridge", "mini-euro"} <= set(TALL)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("card", TALL)
def test_a_tall_cards_art_fills_its_picture_as_on_a_poker_card(card, lang):
    poker, tall = fills("poker", lang), fills(card, lang)
    for structure in STRUCTURES:
        share, proportion = tall[structure.name]
        assert share >= 0.9 * poker[structure.name][0], (structure.name, share, poker[structure.name][0])
        assert proportion <= 1.1 * poker[structure.name][1], (structure.name, proportion)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tarot_cards_picture_is_wider_than_tall_and_its_art_fills_it(lang):
    """Every structure's art reaches over 45 % of its picture's rows or more (the Catwalk's, the lowest, 49 % on a
    poker card), and the picture is wider than tall, as the art is."""
    for name, (share, proportion) in fills("tarot", lang).items():
        assert share >= 0.45 and proportion < 0.9, (name, share, proportion)
