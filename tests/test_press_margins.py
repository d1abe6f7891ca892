"""Sheets a home printer and a print shop accept, read back from the PDF (DESIGN 4): no ink within 5 mm of the
paper's edge on any built-in sheet, the sheet id printed and 5 mm in, cut lines clear of the footer, bleed beside
an empty slot, strips packed along and down the sheet."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.press import PrintOptions, template_for
from washigen.press.impose import grid_layout, impose_grid, impose_lanes
from washigen.backends import to_pdf
from washigen.scene import Rect, Scene, Style
from washigen.units import PAPER_SIZES

from .printcheck import text_runs
from .readback import page_size_mm, pdf_pages, rasterise_pdf, top_level_segments

PRINTER_MARGIN = 5.0        # mm a home printer leaves blank at every edge
PAPERS = sorted(PAPER_SIZES)
GRID_KINDS = ("poker", "mini-euro", "tarot", "tile40", "tile45")
LANE_KINDS = ("tape15", "tape30", "tape50")
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#ff7f0e"]


def piece(w: float, h: float, colour: str = "#1f77b4", bleed: float = 3.0) -> Scene:
    """A piece inked all over, its bleed too: every pixel of it that prints is dark."""
    scene = Scene(w, h, bleed=bleed)
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour)))
    return scene


def ink_near_edge(data: bytes, page: int, dpi: int = 50) -> float | None:
    """How near the paper's edge (mm) the nearest ink on the page comes, None when the 5 mm band is bare."""
    image = rasterise_pdf(data, page, dpi).convert("L")
    px = dpi / 25.4
    band = int(PRINTER_MARGIN * px) - 1             # whole pixels inside the band (antialiasing spills one)
    w, h = image.size
    pixels = image.load()
    nearest = None
    for y in range(h):
        xs = range(w) if y < band or y >= h - band else [*range(band), *range(w - band, w)]
        for x in xs:
            if pixels[x, y] < 240:
                depth = min(x, w - 1 - x, y, h - 1 - y) / px
                nearest = depth if nearest is None else min(nearest, depth)
    return nearest


def _sheets(template, options: PrintOptions, backs: bool) -> bytes:
    """A full sheet and a part-filled one (its last slots empty), with backs when asked."""
    layout = grid_layout(template, options.bleed, options.gutter)
    count = layout.per_page + max(1, layout.per_page // 2)
    w, h = template.grid.item_w, template.grid.item_h
    fronts = [piece(w, h, COLOURS[k % len(COLOURS)], options.bleed) for k in range(count)]
    back = piece(w, h, "#333333", options.bleed) if backs else None
    return to_pdf(impose_grid(fronts, template, options, backs=back, footer="test sheet").pages)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", GRID_KINDS)
def test_no_ink_within_5mm_of_the_edge_of_any_card_or_tile_sheet(kind, paper):
    template = template_for(kind, paper)
    for options, backs in ((PrintOptions(duplex="long"), True), (PrintOptions(duplex="short", cut_lines=True), True),
                           (PrintOptions(duplex="long", cut_lines=True), True), (PrintOptions(bleed=5.0), False),
                           (PrintOptions(crop_marks=False), False)):
        data = _sheets(template, options, backs)
        for page in range(len(pdf_pages(data))):
            assert ink_near_edge(data, page) is None, (kind, paper, options, page)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", LANE_KINDS)
def test_no_ink_within_5mm_of_the_edge_of_any_tape_sheet(kind, paper):
    template = template_for(kind, paper)
    tape = template.lanes.width
    strips = [piece(length, tape, COLOURS[k % len(COLOURS)]) for k, length in enumerate([180.0, 60.0, 120.0] * 4)]
    data = to_pdf(impose_lanes(strips, template, PrintOptions(), labels=[f"strip {k + 1}" for k in range(12)],
                               footer="test strips").pages)
    for page in range(len(pdf_pages(data))):
        assert ink_near_edge(data, page) is None, (kind, paper, page)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_sheet_id_is_printed_on_every_page_5mm_in(paper, duplex):
    template = template_for("poker", paper)
    data = _sheets(template, PrintOptions(duplex=duplex), backs=True)
    runs = text_runs(data)
    pages = pdf_pages(data)
    assert len(pages) == 4
    for number, page in enumerate(pages, 1):
        sheet = (number + 1) // 2
        side = "front side" if number % 2 else "back side"
        (run,) = [r for r in runs if r.page == number and f"sheet {sheet} of 2" in r.text]
        assert side in run.text and run.size_pt >= 6.0
        x0, y0, x1, y1 = run.box
        paper_w, paper_h = page_size_mm(page)
        assert min(x0, y0, paper_w - x1, paper_h - y1) >= PRINTER_MARGIN - 1e-4, (number, run)   # pdfium rounds


SHEET_ID = re.compile(r"\b(sheet|Bogen) \S+ (of|von) ")      # "sheet 2 of 4", not "Bogen 5 bis zur Linie ..."


def _crosses(segment, box, clear: float = 0.5) -> bool:
    """Whether a straight line (x0, y0, x1, y1) passes within `clear` mm of a box (x0, y0, x1, y1)."""
    sx0, sy0, sx1, sy1 = segment
    bx0, by0, bx1, by1 = box
    return (min(sx0, sx1) <= bx1 + clear and max(sx0, sx1) >= bx0 - clear
            and min(sy0, sy1) <= by1 + clear and max(sy0, sy1) >= by0 - clear)


@pytest.mark.parametrize("args", [["cat-tree", "deck", "--paper", "letter", "--cut-lines"],
                                  ["cat-tree", "deck", "--paper", "a4", "--cut-lines", "--duplex", "short"],
                                  ["trail-route", "components", "--paper", "a5", "--cut-lines", "--lang", "de"]])
def test_cut_lines_stop_short_of_the_footer(args, tmp_path):
    out = tmp_path / "sheets.pdf"
    result = CliRunner().invoke(main, [*args, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    runs = text_runs(data)
    checked = 0
    for number, page in enumerate(pdf_pages(data), 1):
        segments = top_level_segments(page)                       # y down from the top
        paper_h = page_size_mm(page)[1]
        footers = [r for r in runs if r.page == number and SHEET_ID.search(r.text)]
        if not segments or not footers:
            continue
        for run in footers:
            box = (run.box[0], paper_h - run.box[3], run.box[2], paper_h - run.box[1])
            assert not [s for s in segments if _crosses(s, box)], (number, run.text)
            checked += 1
    assert checked


def _trims(page) -> tuple[list[float], list[float]]:
    """The x and y (mm from the top left) of every trim line, read from the sheet's crop marks."""
    marks = top_level_segments(page)
    return (sorted({round(x0, 2) for x0, y0, x1, y1 in marks if x0 == x1}),
            sorted({round(y0, 2) for x0, y0, x1, y1 in marks if y0 == y1}))


def _pixel(image, x_mm: float, y_mm: float, dpi: int) -> tuple[int, int, int]:
    return image.getpixel((int(x_mm * dpi / 25.4), int(y_mm * dpi / 25.4)))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_card_beside_an_empty_slot_carries_its_artwork_into_the_bleed_there_front_and_back(duplex):
    """Five poker cards on an A4 sheet of nine that abut: the fifth card (row 2, column 2) has no card to its right
    and none below, so its bleed runs 3 mm into the empty slots there, on the front and behind it on the back."""
    dpi = 100
    template = template_for("poker", "a4")
    fronts = [piece(63.5, 88.9, COLOURS[k]) for k in range(5)]
    backs = [piece(63.5, 88.9, COLOURS[8 - k]) for k in range(5)]
    data = to_pdf(impose_grid(fronts, template, PrintOptions(duplex=duplex), backs=backs).pages)
    front_page, back_page = pdf_pages(data)
    xs, ys = _trims(front_page)
    paper_w, paper_h = page_size_mm(front_page)
    front, back = rasterise_pdf(data, 0, dpi), rasterise_pdf(data, 1, dpi)
    fifth = tuple(int(COLOURS[4][i:i + 2], 16) for i in (1, 3, 5))
    fifth_back = tuple(int(COLOURS[8 - 4][i:i + 2], 16) for i in (1, 3, 5))
    middle_x, middle_y = (xs[1] + xs[2]) / 2, (ys[1] + ys[2]) / 2
    beside = [(xs[2] + 2.0, middle_y), (middle_x, ys[2] + 2.0)]          # 2 mm into the 3 mm bleed
    for x, y in beside:
        assert _near(_pixel(front, x, y, dpi), fifth), (x, y)
        seen = (paper_w - x, y) if duplex == "long" else (x, paper_h - y)  # where the back of that point prints
        assert _near(_pixel(back, *seen, dpi), fifth_back), (x, y)
    # and the bleed ends there: 4 mm out is bare paper
    assert _pixel(front, xs[2] + 4.0, middle_y, dpi) == (255, 255, 255)


def _near(rgb, wanted, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, wanted))


def _deck(tmp_path, *args: str) -> bytes:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["cat-tree", "deck", *args, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _cards(image, xs: list[float], ys: list[float], dpi: int) -> list[tuple[float, float]]:
    """The top left of every slot holding a card: its frame shows 1.5 mm inside its right trim (an empty slot's
    right neighbour is empty too, or the paper's margin: no bleed reaches there)."""
    card_w = xs[1] - xs[0]
    return [(x, y) for y in ys[:-1] for x in xs[:-1] if min(_pixel(image, x + card_w - 1.5, y + 20.0, dpi)) < 240]


def test_the_last_card_of_a_real_deck_bleeds_beside_its_empty_slots(tmp_path):
    """`cat-tree deck --paper letter --duplex long`: 34 cards, nine a sheet, so the last sheet holds seven and its
    last card stands alone in the bottom row. 2 mm to its right (an empty slot) and 1 mm below it (the block's
    edge, where Letter leaves 1.35 mm of bleed) the paper carries its artwork, on the front and behind it on the
    back."""
    data = _deck(tmp_path, "--paper", "letter", "--duplex", "long")
    pages = pdf_pages(data)
    number = len(pages) - 2                                             # the last front page
    xs, ys = _trims(pages[number])
    dpi = 100
    front, back = rasterise_pdf(data, number, dpi), rasterise_pdf(data, number + 1, dpi)
    paper_w = page_size_mm(pages[number])[0]
    cards = _cards(front, xs, ys, dpi)
    assert 0 < len(cards) < (len(xs) - 1) * (len(ys) - 1)              # a part-filled sheet
    left, top = max(cards, key=lambda p: (p[1], p[0]))                # the last card: lowest row, rightmost
    right, bottom = left + xs[1] - xs[0], top + ys[1] - ys[0]
    assert right < xs[-1] - 1.0 and bottom == pytest.approx(ys[-1])     # an empty slot beside, the edge below
    for x, y in ((right + 2.0, top + 20.0), (left + 20.0, bottom + 1.0)):
        assert min(_pixel(front, x, y, dpi)) < 240, (x, y)
        assert min(_pixel(back, paper_w - x, y, dpi)) < 240, (x, y)     # long-edge flip: columns mirror


@pytest.mark.parametrize("args", [["--duplex", "long"], ["--duplex", "short", "--cut-lines", "--lang", "de"]])
def test_a_letter_deck_has_nine_cards_a_sheet_each_bleeding_1mm_past_the_block_edge(args, tmp_path):
    """Letter's three rows of poker cards fill its height but for 1.35 mm above and below: read back, each full
    sheet holds nine cards, and each card of the top and the bottom row carries its artwork 1 mm past its trim
    there, on the front and behind it on the back; nothing is printed within 5 mm of the paper's edge."""
    data = _deck(tmp_path, "--paper", "letter", *args)
    pages = pdf_pages(data)
    dpi = 100
    counted = 0
    for number in range(0, len(pages), 2):
        xs, ys = _trims(pages[number])
        paper_w, paper_h = page_size_mm(pages[number])
        front, back = rasterise_pdf(data, number, dpi), rasterise_pdf(data, number + 1, dpi)
        cards = _cards(front, xs, ys, dpi)
        assert len(cards) == 9 or number == len(pages) - 2, number
        counted += len(cards)
        card_w = xs[1] - xs[0]
        for left, top in cards:
            row = ys.index(top)
            edges = [y for y, outer in ((top - 1.0, row == 0), (ys[row + 1] + 1.0, row == len(ys) - 2)) if outer]
            for y in edges:
                for x in (left + 10.0, left + card_w / 2, left + card_w - 10.0):
                    assert min(_pixel(front, x, y, dpi)) < 240, (number, x, y)
                    seen = (paper_w - x, y) if "long" in args else (x, paper_h - y)
                    assert min(_pixel(back, *seen, dpi)) < 240, (number + 1, x, y)
        for page in (number, number + 1):
            assert ink_near_edge(data, page) is None, page
    assert counted == 34
    # The sheet id, turned into the side margin, on every page at 6 pt or more and 5 mm in.
    runs = text_runs(data)
    for number, page in enumerate(pages, 1):
        sheet, sheets = (number + 1) // 2, len(pages) // 2
        words = f"Bogen {sheet} von {sheets}" if "de" in args else f"sheet {sheet} of {sheets}"
        (run,) = [r for r in runs if r.page == number and words in r.text]
        x0, y0, x1, y1 = run.box
        paper_w, paper_h = page_size_mm(page)
        assert run.size_pt >= 6.0 and min(x0, y0, paper_w - x1, paper_h - y1) >= PRINTER_MARGIN - 1e-4, run


def test_four_cops_segments_of_180mm_fit_one_a4_sheet(tmp_path):
    """`cops map --players 4 --paper a4`: four 180 mm segments of 50 mm tape, one a lane in four lanes down a
    portrait sheet (a landscape one holds three lanes), each labelled at 6 pt or more, clear of every strip."""
    out = tmp_path / "strips.pdf"
    result = CliRunner().invoke(main, ["cops", "map", "--players", "4", "--paper", "a4", "--seed", "1",
                                       "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    (page,) = pdf_pages(data)
    paper_w, paper_h = page_size_mm(page)
    assert (paper_w, paper_h) == pytest.approx(PAPER_SIZES["a4"], abs=0.05)
    marks = top_level_segments(page)
    ends = sorted({round(x0, 2) for x0, y0, x1, y1 in marks if x0 == x1})
    assert len(ends) == 2 and ends[1] - ends[0] == pytest.approx(180.0, abs=0.05)
    trims = sorted({round(y0, 2) for x0, y0, x1, y1 in marks if y0 == y1})
    strips = list(zip(trims[::2], trims[1::2]))                                 # each strip's top and bottom trim
    assert [b - a for a, b in strips] == pytest.approx([50.0] * 4, abs=0.05)
    labels = [r for r in text_runs(data) if "segment" in r.text and "sheet" not in r.text]
    assert len(labels) == 4 and all(r.size_pt >= 6.0 for r in labels)
    for run in labels:                                    # 3 mm of bleed and 1 mm of bare paper from every strip
        top, bottom = paper_h - run.box[3], paper_h - run.box[1]
        assert all(bottom <= a - 4.0 or top >= b + 4.0 for a, b in strips), run


def test_short_strips_share_a_lane_side_by_side():
    template = template_for("tape50", "a4")
    strips = [piece(70.0, 50.0, COLOURS[k]) for k in range(6)]
    document = impose_lanes(strips, template, PrintOptions(), labels=[f"strip {k + 1}" for k in range(6)])
    (page,) = pdf_pages(to_pdf(document.pages))
    marks = top_level_segments(page)
    ends = sorted({round(x0, 2) for x0, y0, x1, y1 in marks if x0 == x1})
    rows = sorted({round(y0, 2) for x0, y0, x1, y1 in marks if y0 == y1})
    assert len(ends) == 6 and len(rows) == 4             # three strips along each of two lanes
