"""The Cats' Trail Route: every printed word stands clear, read back from the rendered pixels.

Each piece (tile faces and backs, hand cards, pawns, the mat, the rule-sheet figures, in English and German) is
rendered twice through the PDF writer and pdfium: once with its words only, once with everything but its words.
A word is clear when the artwork under its letters (and a 0.25 mm halo round them) is one flat colour, its own
background, and when no other word's letters come that close. A grass blade, a pebble, an arrow's outline or a
mouse's tail under a label breaks the flat colour. A figure's names must also lie inside the figure, whose edge
the rule sheet clips."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops, ImageFilter

from tests.readback import rasterise_pdf
from washigen.games import get_game
from washigen.games.trail_route.board_mat import mat_scene
from washigen.games.trail_route.hand_cards import card_back, card_front
from washigen.games.trail_route.pawns import pawn_scene
from washigen.games.trail_route.tiles import back_tile, destination_tile, road_tile
from washigen.games.trail_route.model import CARDS, COLOURS, DEST_CODES, ROAD_CODES
from washigen.press.oversize import text_bounds
from washigen.backends import to_pdf
from washigen.scene import Group, Scene, Text

DPI = 300
HALO_MM = 0.25
FLAT = 40                  # the most a channel may vary under a word's letters (the edge of a faint tint aside)
PAPER = 250                # brighter than this on every channel: no ink


def _keep(items: list, wanted) -> list:
    """`items` with only the primitives `wanted(item)` accepts, groups (and their transforms) kept."""
    kept = []
    for item in items:
        if isinstance(item, Group):
            kept.append(replace(item, children=_keep(item.children, wanted)))
        elif wanted(item):
            kept.append(item)
    return kept


def _texts(items: list) -> list[Text]:
    found = []
    for item in items:
        if isinstance(item, Group):
            found += _texts(item.children)
        elif isinstance(item, Text):
            found.append(item)
    return found


def _render(scene: Scene, children: list, dpi: int):
    page = replace(scene, children=children)
    return rasterise_pdf(to_pdf([page]), dpi=dpi)


def _ink(image):
    """A mask (mode L, 255 = ink) of the non-white pixels of a words-only render."""
    return image.convert("L").point(lambda v: 255 if v < PAPER else 0)


def _spread_under(channel, mask) -> int:
    """How far the values of `channel` range under the white of `mask` (both mode L, the same size)."""
    highest = ImageChops.multiply(channel, mask).getextrema()[1]
    lowest = 255 - ImageChops.multiply(ImageChops.invert(channel), mask).getextrema()[1]
    return highest - lowest


def crossed_words(scene: Scene, dpi: int = DPI) -> list[str]:
    """The words of `scene` whose letters lie on more than one colour of artwork, or touch another word."""
    words = _texts(scene.children)
    if not words:
        return []
    art = _render(scene, _keep(scene.children, lambda item: not isinstance(item, Text)), dpi)
    halo = max(3, 2 * round(HALO_MM / 25.4 * dpi) + 1)
    masks = []
    for word in words:
        own = _ink(_render(scene, _keep(scene.children, lambda item, word=word: item is word), dpi))
        found = _haloed(own, halo)
        if found is not None:            # a word that prints nothing (a space, or clipped away): other tests see
            masks.append((word, *found))  # to that
    faults = []
    for word, region, mask in masks:
        spreads = [_spread_under(channel.crop(region), mask) for channel in art.split()]
        if max(spreads) > FLAT:
            faults.append(f"{word.text!r} lies on more than its background (colour spread {max(spreads)})")
    for n, (word, region, mask) in enumerate(masks):
        for other, other_region, other_mask in masks[n + 1:]:
            if _touch(region, mask, other_region, other_mask):
                faults.append(f"{word.text!r} touches {other.text!r}")
    return faults


def _haloed(ink, halo: int):
    """(the region of the page, the ink grown by the halo there) for a word's ink mask, or None where it has none.
    The region is the ink's box with room for the halo: the page's mask is blank everywhere else, so comparing
    regions says what comparing whole pages would, at a fraction of the pixels."""
    box = ink.getbbox()
    if box is None:
        return None
    pad = halo // 2 + 1
    region = (max(0, box[0] - pad), max(0, box[1] - pad), min(ink.width, box[2] + pad),
              min(ink.height, box[3] + pad))
    return region, ink.crop(region).filter(ImageFilter.MaxFilter(halo))


def _touch(region, mask, other_region, other_mask) -> bool:
    """Do two haloed masks (each over its own region of the page) share an inked pixel?"""
    x0, y0 = max(region[0], other_region[0]), max(region[1], other_region[1])
    x1, y1 = min(region[2], other_region[2]), min(region[3], other_region[3])
    if x0 >= x1 or y0 >= y1:
        return False
    a = mask.crop((x0 - region[0], y0 - region[1], x1 - region[0], y1 - region[1]))
    b = other_mask.crop((x0 - other_region[0], y0 - other_region[1], x1 - other_region[0], y1 - other_region[1]))
    return ImageChops.multiply(a, b).getbbox() is not None


def _tile_scenes(size: float, lang: str):
    for code in ROAD_CODES:
        yield f"road {code}", road_tile(code, size, 3.0, lang=lang)
        yield f"exchange {code}", road_tile(code, size, 3.0, exchange=True, lang=lang)
    for code in DEST_CODES:
        yield f"destination {code}", destination_tile(code, size, 3.0, lang)
    for kind in ("road", "exchange", "destination"):
        yield f"back {kind}", back_tile(kind, size, 3.0, lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [32.0, 40.0, 60.0])
def test_no_tile_word_is_crossed_by_art_or_another_word(size, lang):
    scenes = list(_tile_scenes(size, lang))
    assert sum(len(_texts(scene.children)) for _name, scene in scenes) > len(scenes)     # the words do print
    faults = [f"{name}: {fault}" for name, scene in scenes for fault in crossed_words(scene, 8000 / size)]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_card_or_pawn_word_is_crossed_by_art_or_another_word(lang):
    scenes = [(card, card_front(card, 3.0, lang)) for card in CARDS] + [("card back", card_back(3.0))]
    scenes += [(f"pawn {colour}", pawn_scene(colour, 1, 3.0, lang)) for colour in COLOURS]
    faults = [f"{name}: {fault}" for name, scene in scenes for fault in crossed_words(scene, 200)]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_mat_word_is_crossed_by_art_or_another_word(lang):
    assert not crossed_words(mat_scene(40.0, lang=lang), 100)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name, params", [("tiles", {}), ("cards", {}), ("board", {"players": 4})])
def test_rule_sheet_figures_print_every_name_whole_and_clear(lang, name, params):
    figure = get_game("trail-route").diagram(name, {**params, "lang": lang})
    faults = crossed_words(figure, 300)
    for word in (item for item in figure.children if isinstance(item, Text)):      # in figure mm
        x0, y0, x1, y1 = text_bounds(word)
        if x0 < 0 or y0 < 0 or x1 > figure.width or y1 > figure.height:
            faults.append(f"{word.text!r} reaches past the figure's edge, where the rule sheet cuts it off")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_word_on_the_mat_sheets_is_crossed_by_art_or_another_word(lang):
    from washigen.games.trail_route.board_mat import print_mat

    sheets = print_mat(40.0, "a4", lang).pages
    assert len(sheets) > 1
    faults = [f"sheet {page.meta['sheet']}: {fault}" for page in sheets
              for fault in crossed_words(page, 100)]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_word_on_the_contents_page_or_a_setup_is_crossed(lang):
    from washigen.games.trail_route.components import contents_page
    from washigen.games.trail_route.draw import board_scene
    from washigen.games.trail_route.generate import generate_setup
    from washigen.games.trail_route.model import load_mix

    pages = contents_page(load_mix(), 40.0, "a4", lang=lang).pages + [board_scene(generate_setup(4, 5), lang=lang)]
    faults = [fault for page in pages for fault in crossed_words(page, 100)]
    assert not faults, "\n".join(faults)
