"""The Cats' Trail Route: every printed word stands clear, read back from the rendered pixels.

Each piece (tile faces and backs, hand cards, pawns, the mat, the rule-sheet figures, in English and German) is
rendered through the PDF writer and pdfium with everything but its words, and once more for each word, that word
alone. A word is clear when the artwork under its letters (and a 0.25 mm halo round them) is one flat colour, its
own background, and when no other word's letters come that close. A grass blade, a pebble, an arrow's outline or a
mouse's tail under a label breaks the flat colour. A figure's names must also lie inside the figure, whose edge
the rule sheet clips."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops, ImageFilter

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
    """`items` with only the primitives `wanted(item)` accepts, groups (and their transforms) kept where they keep
    one: a group left empty draws nothing, and writing a page's thousands of them for each word was much of
    its render."""
    kept = []
    for item in items:
        if isinstance(item, Group):
            children = _keep(item.children, wanted)
            if children:
                kept.append(replace(item, children=children))
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


def _renders(pages: list[Scene], dpi: float):
    """Each page rendered, in order, as tests.readback.rasterise_pdf renders one. The pages are written as one PDF,
    its fonts and symbols once rather than once a page: a page renders to the same pixels as in a PDF of its own
    (compared for every page these tests render), at a fraction of the writing."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(to_pdf(pages))
    try:
        for page in document:
            yield page.render(scale=dpi / 72.0).to_pil().convert("RGB")
    finally:
        document.close()


def _ink(image):
    """A mask (mode L, 255 = ink) of the non-white pixels of a words-only render."""
    return image.convert("L").point(lambda v: 255 if v < PAPER else 0)


def _spread_under(channel, mask) -> int:
    """How far the values of `channel` range under the white of `mask` (both mode L, the same size)."""
    highest = ImageChops.multiply(channel, mask).getextrema()[1]
    lowest = 255 - ImageChops.multiply(ImageChops.invert(channel), mask).getextrema()[1]
    return highest - lowest


def crossed_words(scenes: list[tuple[str, Scene]], dpi: float = DPI) -> list[str]:
    """The words of each named scene whose letters lie on more than one colour of artwork, or touch another word
    of the scene, each fault under its scene's name."""
    named, pages = [], []
    for name, scene in scenes:
        words = _texts(scene.children)
        if words:
            named.append((name, words))
            pages.append(replace(scene, children=_keep(scene.children, lambda item: not isinstance(item, Text))))
            pages += [replace(scene, children=_keep(scene.children, lambda item, word=word: item is word))
                      for word in words]
    if not pages:
        return []
    renders = _renders(pages, dpi)
    halo = max(3, 2 * round(HALO_MM / 25.4 * dpi) + 1)
    faults = []
    for name, words in named:
        art = next(renders)
        masks = []
        for word in words:
            found = _haloed(_ink(next(renders)), halo)
            if found is not None:            # a word that prints nothing (a space, or clipped away): other tests
                masks.append((word, *found))  # see to that
        faults += [f"{name}: {fault}" for fault in _faults(art, masks)]
    return faults


def _faults(art, masks: list) -> list[str]:
    """What crossed_words finds on one scene, given its art's render and its words' haloed ink."""
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
    faults = crossed_words(scenes, 8000 / size)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_card_or_pawn_word_is_crossed_by_art_or_another_word(lang):
    scenes = [(card, card_front(card, 3.0, lang)) for card in CARDS] + [("card back", card_back(3.0))]
    scenes += [(f"pawn {colour}", pawn_scene(colour, 1, 3.0, lang)) for colour in COLOURS]
    faults = crossed_words(scenes, 200)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_mat_word_is_crossed_by_art_or_another_word(lang):
    assert not crossed_words([("mat", mat_scene(40.0, lang=lang))], 100)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name, params", [("tiles", {}), ("cards", {}), ("board", {"players": 4})])
def test_rule_sheet_figures_print_every_name_whole_and_clear(lang, name, params):
    figure = get_game("trail-route").diagram(name, {**params, "lang": lang})
    faults = crossed_words([(name, figure)], 300)
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
    faults = crossed_words([(f"sheet {page.meta['sheet']}", page) for page in sheets], 100)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_word_on_the_contents_page_or_a_setup_is_crossed(lang):
    from washigen.games.trail_route.components import contents_page
    from washigen.games.trail_route.draw import board_scene
    from washigen.games.trail_route.generate import generate_setup
    from washigen.games.trail_route.model import load_mix

    contents = contents_page(load_mix(), 40.0, "a4", lang=lang).pages
    pages = [(f"contents page {n}", page) for n, page in enumerate(contents, 1)]
    faults = crossed_words(pages + [("setup", board_scene(generate_setup(4, 5), lang=lang))], 100)
    assert not faults, "\n".join(faults)
