"""Cat Tree print read back: the deck PDF on A4 and Letter (page size, nine 63.5 x 88.9 mm cards per page read from
the crop marks, art in the bleed, backs behind their fronts for long- and short-edge flips), other card sizes,
the score sheet, and the drawn tree; the print rules (words >= 6 pt and 3 mm inside each card's trim, fonts
embedded, art into the bleed) on every card size in English and German, and on the play and score drawings."""

import xml.etree.ElementTree as ET
from collections import Counter
from functools import lru_cache

import pytest
from pypdf.generic import ContentStream

from washigen.games import get_game
from washigen.games.cat_tree import draw
from washigen.games.cat_tree.model import BY_NAME, STRUCTURES, CatTreeDeck
from washigen.games.cat_tree.playtest import play
from washigen.games.cat_tree.rules import score
from washigen.games.cat_tree.text import example_layout, from_text
from washigen.press import PrintOptions
from washigen.backends import to_pdf, to_png, to_svg
from washigen.scene import Rect
from washigen.units import CARD_SIZES, PAPER_SIZES

from . import printcheck
from .readback import page_boxes_mm, page_size_mm, pdf_pages, pdf_text, png_info, rasterise_pdf

POKER = CARD_SIZES["poker"]
DPI = 150
PX = 25.4 / DPI


@lru_cache(maxsize=None)
def deck_pdf(paper: str, duplex: str = "none", card: str = "poker", reference: int = 2) -> bytes:
    deck = CatTreeDeck(card=card, reference_cards=reference)
    return to_pdf(draw.print_deck(deck, PrintOptions(paper=paper, duplex=duplex)).pages)


def crop_marks(page) -> tuple[list[float], list[float]]:
    """The x of every vertical crop mark and the y of every horizontal one, in mm from the top left, read from the
    page's drawing operators outside any saved state (the cards are drawn inside one each)."""
    depth, start, xs, ys = 0, None, set(), set()
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            depth += 1
        elif operator == b"Q":
            depth -= 1
        elif depth == 0 and operator == b"m":
            start = [float(v) for v in operands]
        elif depth == 0 and operator == b"l" and start is not None:
            x, y = (float(v) for v in operands)
            if abs(x - start[0]) < 1e-6:
                xs.add(round(x, 3))
            elif abs(y - start[1]) < 1e-6:
                ys.add(round(y, 3))
    return sorted(xs), sorted(ys)


def pixel(image, x_mm: float, y_mm: float):
    """The pixel at (x, y) mm from the page's top left (the raster of a page whose size does not fall on whole
    pixels is rounded up, so each axis is scaled by the image's own size)."""
    page_w, page_h = image.info["page_mm"]
    return image.getpixel((int(x_mm * image.width / page_w), int(y_mm * image.height / page_h)))


def raster(data: bytes, index: int, paper: str):
    image = rasterise_pdf(data, index, DPI)
    image.info["page_mm"] = PAPER_SIZES[paper]
    return image


def is_white(rgb) -> bool:
    return min(rgb) > 235


def is_card_back(rgb) -> bool:
    r, g, b = rgb
    return r < 90 and g < 130 and b > r + 30


BLEED = 3.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_deck_pages_are_the_paper_size(paper):
    pages = pdf_pages(deck_pdf(paper))
    assert len(pages) == 4                    # 32 cards + 2 reference cards printed as 4 single-sided cards
    for page in pages:
        assert page_size_mm(page) == pytest.approx(PAPER_SIZES[paper], abs=0.05)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_per_page_read_from_the_crop_marks(paper):
    for page in pdf_pages(deck_pdf(paper)):
        xs, ys = crop_marks(page)
        assert len(xs) == 4 and len(ys) == 4                  # 3 columns x 3 rows of cards
        assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([POKER[0]] * 3, abs=0.01)
        assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([POKER[1]] * 3, abs=0.01)
        x0, y0, x1, y1 = page_boxes_mm(page)["trimbox"]
        assert (x1 - x0, y1 - y0) == pytest.approx((3 * POKER[0], 3 * POKER[1]), abs=0.05)
        assert x0 == pytest.approx(xs[0], abs=0.05)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_slot_holds_a_card_and_its_art_runs_into_the_bleed(paper):
    data = deck_pdf(paper)
    page = pdf_pages(data)[0]
    xs, ys = crop_marks(page)
    image = raster(data, 0, paper)
    for r in range(len(ys) - 1):
        for c in range(len(xs) - 1):
            assert not is_white(pixel(image, (xs[c] + xs[c + 1]) / 2, ys[r] + 1.5))
    middle = (ys[0] + ys[1]) / 2
    assert not is_white(pixel(image, xs[0] - 2.0, middle))          # 2 mm into the 3 mm bleed
    assert not is_white(pixel(image, xs[-1] + 2.0, middle))
    assert is_white(pixel(image, xs[0] - 4.0, middle))               # and no further
    # above and below: on Letter three rows leave the block's bleed 1.35 mm, clear of the printer's 5 mm margin
    centre = (xs[1] + xs[2]) / 2
    assert not is_white(pixel(image, centre, ys[-1] + 1.0))
    assert not is_white(pixel(image, centre, ys[0] - 1.0))


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"),
                                           ("letter", "short")])
def test_backs_print_behind_their_fronts(paper, duplex):
    # 32 cards: the last sheet is part full (5 of 9), so a wrong mirror shows
    data = deck_pdf(paper, duplex, reference=0)
    pages = pdf_pages(data)
    xs, ys = crop_marks(pages[0])
    cols, rows = len(xs) - 1, len(ys) - 1
    sheets = -(-32 // (cols * rows))
    last = 32 - (sheets - 1) * cols * rows
    assert len(pages) == 2 * sheets and 0 < last < cols * rows
    front = raster(data, len(pages) - 2, paper)
    back = raster(data, len(pages) - 1, paper)
    # the sheet turned over: the back as seen through the paper from the front
    seen = back.transpose(0 if duplex == "long" else 1)      # FLIP_LEFT_RIGHT or FLIP_TOP_BOTTOM
    seen.info["page_mm"] = PAPER_SIZES[paper]
    for r in range(rows):
        for c in range(cols):
            # in the card's frame by its right edge, half way down: clear of the bleed a card above or to the left
            # lends an empty slot (slots fill row by row, so the slot to the right of an empty one is empty too)
            x, y = xs[c + 1] - 1.5, (ys[r] + ys[r + 1]) / 2
            has_front = not is_white(pixel(front, x, y))
            assert has_front == (r * cols + c < last), (r, c)
            assert is_card_back(pixel(seen, x, y)) == has_front, (r, c)
    # the back of the last card runs into its bleed beside the empty slots right of and below it, and no further
    # (scanning out from its border, inside the frame line drawn 3 mm in)
    r, c = divmod(last - 1, cols)
    assert c + 1 < cols and r + 1 < rows
    middle = (ys[r] + ys[r + 1]) / 2
    x = xs[c + 1] - 1.5
    while is_card_back(pixel(seen, x, middle)):
        x += PX
    assert x == pytest.approx(xs[c + 1] + BLEED, abs=2 * PX)
    centre = (xs[c] + xs[c + 1]) / 2
    y = ys[r + 1] - 1.5
    while is_card_back(pixel(seen, centre, y)):
        y += PX
    assert y == pytest.approx(ys[r + 1] + BLEED, abs=2 * PX)


@pytest.mark.parametrize("card", ["bridge", "mini-euro", "tarot"])
def test_other_card_sizes_read_back_from_the_crop_marks(card):
    w, h = CARD_SIZES[card]
    for page in pdf_pages(deck_pdf("a4", card=card))[:1]:
        xs, ys = crop_marks(page)
        widths = {round(b - a, 2) for a, b in zip(xs, xs[1:])}
        heights = {round(b - a, 2) for a, b in zip(ys, ys[1:])}
        assert round(w, 2) in widths and round(h, 2) in heights
        assert len(widths - {round(w, 2)}) <= 1 and len(heights - {round(h, 2)}) <= 1    # cards, or a gutter


def test_bridge_cards_are_nine_up_on_letter():
    page = pdf_pages(deck_pdf("letter", card="bridge"))[0]
    xs, ys = crop_marks(page)
    assert (len(xs), len(ys)) == (4, 4)
    assert page_size_mm(page) == pytest.approx(PAPER_SIZES["letter"], abs=0.05)


def test_bridge_cards_fill_a_smaller_or_larger_sheet_as_far_as_it_holds_them():
    for paper, across in (("a5", 2), ("a3", 4)):
        xs, ys = crop_marks(pdf_pages(deck_pdf(paper, card="bridge"))[0])
        assert (len(xs) - 1, len(ys) - 1) == (across, across), paper


@pytest.mark.parametrize("name", [s.name for s in STRUCTURES])
def test_every_card_front_is_painted_into_its_bleed(name):
    card = draw.card_front(BY_NAME[name], *POKER, bleed=3.0)
    assert card.bleed == 3.0
    first = card.children[0]
    assert isinstance(first, Rect)
    assert (first.x, first.y, first.w, first.h) == (-3.0, -3.0, POKER[0] + 6, POKER[1] + 6)
    assert draw.card_back(*POKER, bleed=2.0).children[0].w == POKER[0] + 4


def test_a_card_png_is_its_size_plus_bleed_at_the_dpi_asked():
    size, dpi = png_info(to_png(draw.card_front(STRUCTURES[0]), 150))
    assert size == (round((POKER[0] + 6) / 25.4 * 150), round((POKER[1] + 6) / 25.4 * 150))
    assert dpi == pytest.approx((150, 150), abs=0.5)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_sheet_is_the_paper_size(paper):
    (page,) = pdf_pages(to_pdf(draw.sheet_document(paper).pages))
    assert page_size_mm(page) == pytest.approx(PAPER_SIZES[paper], abs=0.05)


def test_the_score_sheet_grids_are_at_least_8_by_8_with_floor_altitude_and_points():
    sheet = draw.score_sheet("a4")
    svg = ET.fromstring(to_svg(sheet))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts.count("FLOOR") == 2 and texts.count("points") == 2 and texts.count("total") == 2
    assert sum("height 5" in (t or "") for t in texts) == 2
    for number in range(1, draw.SHEET_ROWS + 1):
        assert texts.count(str(number)) >= 4          # row and column numbers of both grids
    assert draw.SHEET_ROWS >= 8 and draw.SHEET_COLS >= 8


def test_the_drawn_tree_is_the_example_with_its_points_beside_each_card():
    tree = get_game("cat-tree").diagram("tree", {})
    svg = ET.fromstring(to_svg(tree))
    texts = Counter(t.text for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    result = score(example_layout())
    assert texts[f"{result.total} points"] == 1
    # one badge per card; "8" is also the rank index of the two boxes (row and column numbers stop at 3)
    badges = Counter(str(c.points) for c in result.cards)
    ranks = Counter(BY_NAME[c.card].rank for c in result.cards)
    assert {value: texts[value] for value in badges} == {value: badges[value] + ranks[value] for value in badges}
    assert texts["Catwalk"] == 1 and texts["Box"] == 2


def test_a_layout_renders_at_its_own_size_or_on_paper():
    layout = example_layout()
    scene = draw.tree_scene(layout, score(layout))
    (page,) = pdf_pages(to_pdf(get_game("cat-tree").print_design(layout, PrintOptions()).pages))
    assert page_size_mm(page) == pytest.approx((scene.width, scene.height), abs=0.05)
    (page,) = pdf_pages(to_pdf(get_game("cat-tree").print_design(layout, PrintOptions(paper="letter")).pages))
    assert page_size_mm(page) == pytest.approx(PAPER_SIZES["letter"], abs=0.05)


def test_the_same_deck_gives_the_same_bytes():
    deck = CatTreeDeck()
    first = to_pdf(draw.print_deck(deck, PrintOptions(paper="a4")).pages)
    assert first == to_pdf(draw.print_deck(deck, PrintOptions(paper="a4")).pages)


# -- the print rules on every card size, in both languages, read back from the PDF ----------------------------------
#
# Every word at 6 pt or more (fine print 5 pt) and 3 mm inside the trim, every font embedded, the art into the bleed:
# DESIGN 4, read back by tests/printcheck.py. A card smaller than poker is laid out at its own size, not shrunk.

CARDS = list(CARD_SIZES)


def _text_faults(data: bytes) -> list[str]:
    runs = printcheck.text_runs(data)
    return printcheck.unembedded_fonts(data) + printcheck.small_text(runs) + printcheck.text_near_trim(data, runs)


@lru_cache(maxsize=None)
def duplex_deck_pdf(card: str, lang: str) -> bytes:
    """The whole deck printed both sides: fronts, their backs, the reference cards' fronts and scoring backs."""
    deck = CatTreeDeck(card=card)
    return to_pdf(draw.print_deck(deck, PrintOptions(paper="a4", duplex="long", lang=lang)).pages)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("card", CARDS)
def test_every_word_of_the_deck_is_6pt_and_inside_the_trim_on_every_card_size(card, lang):
    assert _text_faults(duplex_deck_pdf(card, lang)) == []


@pytest.mark.parametrize("card", CARDS)
def test_the_deck_of_every_card_size_carries_its_art_into_the_bleed(card):
    # the art is the same in every language: English stands for both
    assert printcheck.bare_bleed(duplex_deck_pdf(card, "en")) == []


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("card", CARDS)
def test_every_card_keeps_its_words_3mm_inside_its_own_trim(card, lang):
    """A sheet's TrimBox is the rectangle round all its cards: each card on a page of its own is read back against
    its own trim (fronts, the back, both sides of the reference card)."""
    w, h = CARD_SIZES[card]
    scenes = [draw.card_front(s, w, h, 3.0, lang) for s in STRUCTURES]
    scenes += [draw.reference_front(w, h, 3.0, lang), draw.reference_back(w, h, 3.0, lang), draw.card_back(w, h)]
    data = to_pdf(scenes)
    assert all(box["trim"][2] - box["trim"][0] == pytest.approx(w, abs=0.01) for box in printcheck.page_boxes(data))
    assert _text_faults(data) == []


@pytest.mark.parametrize("card", ["mini-euro", "bridge"])
def test_a_small_card_keeps_its_words_in_german(card):
    """Nothing is left out to make room: each front names its structure, where it goes and what it holds; the
    reference card lists every structure and the scoring's heads."""
    text = pdf_text(duplex_deck_pdf(card, "de"))
    flat = " ".join(text.split())
    for word in ("RÖHRE", "KRATZSÄULE", "HÄNGEMATTE", "WANDBRETT", "PLATZIERUNG", "TRÄGT", "×2 ab Höhe 5",
                 "CAT TREE · BAUTEILE", "CAT TREE · WERTUNG", "Das Raster:", "Ab Höhe 5:", "Eine Runde:",
                 "+3 je Seite", "pro Gruppe", "oben und seitlich"):
        assert word in flat, word


EVERY_STATE = """\
# grouped scratchers and toys, two cards that break a rule, height 5 and up
.         .         .    .    shelf .
.         .         .    .    box   .
.         .         .    .    box   .
nest      .         .    .    box   hammock
shelf     .         .    .    box   .
box       hammock   box  .    box   .
scratcher scratcher toy  toy  box   pipe
"""
FLOATING = """\
shelf .   .   .
.     .   .   .
.     .   .   .
box   pipe .  .
"""


def _tree_pdf(layout, lang: str, paper: str | None = None) -> bytes:
    return to_pdf(get_game("cat-tree").print_design(layout, PrintOptions(paper=paper, lang=lang)).pages)


@pytest.mark.parametrize("paper", [None, "letter"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_play_drawing_keeps_the_print_rules(lang, paper):
    data = _tree_pdf(play(3).layout, lang, paper)
    assert printcheck.preflight(data) == []
    runs = printcheck.text_runs(data)
    stamp = [r for r in runs if r.text.startswith("washigen")]
    assert len(stamp) == 1 and stamp[0].size_pt >= 5.0 - 0.05         # the fine print: seed and version
    assert ("seed 3" if lang == "en" else "Startwert 3") in stamp[0].text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_scored_tree_keeps_its_words_inside_the_page_in_every_state(lang):
    """Grouped, breaking a rule, detached: the cards' notes at 6 pt; nothing within 3 mm of the page's edge,
    labels on bare paper included."""
    for text in (EVERY_STATE, FLOATING):
        layout = from_text(text, "test")
        data = _tree_pdf(layout, lang)
        assert printcheck.preflight(data) == []
        (box,) = printcheck.page_boxes(data)
        for run in printcheck.text_runs(data):
            x0, y0, x1, y1 = run.box
            trim = box["trim"]
            assert min(x0 - trim[0], y0 - trim[1], trim[2] - x1, trim[3] - y1) >= 3.0 - 0.05, run
    words = " ".join(r.text for r in printcheck.text_runs(_tree_pdf(from_text(EVERY_STATE, "test"), lang)))
    assert ("in a group" if lang == "en" else "gruppiert") in words
    assert ("breaks a rule" if lang == "en" else "regelwidrig") in words


def test_a_tree_too_large_for_the_paper_draws_its_cards_smaller_not_its_words():
    layout = from_text("\n".join(" ".join(["box"] * 24) for _ in range(20)), "test")
    data = _tree_pdf(layout, "de", "a4")
    assert len(pdf_pages(data)) == 1
    assert printcheck.preflight(data) == []
    words = " ".join(r.text for r in printcheck.text_runs(data)).split()
    assert "Boden" in words and "24" in words and "20" in words         # the floor, the last column and row
