"""Imposition read back from the PDF: paper, trim and bleed boxes for every built-in template, crop marks where
the template says, duplex backs exactly behind their fronts, tape artwork at its real length."""

import pytest

from washigen import paths
from washigen.errors import TemplateError
from washigen.fonts import text_width
from washigen.press import PrintOptions, builtin_templates, load_template, template_for
from washigen.press.impose import (back_to_front, calibration_pages, footer_band, grid_layout, impose_grid,
                                   impose_lanes, lane_length, tape_artwork)
from washigen.backends import to_pdf
from washigen.scene import Rect, Scene, Style, Text
from washigen.units import PAPER_SIZES, PT_PER_MM

from .printcheck import text_runs
from .readback import page_boxes_mm, page_size_mm, pdf_pages, top_level_segments

GRID_TEMPLATES = sorted(name for name, t in builtin_templates().items() if t.grid)
LANE_TEMPLATES = sorted(name for name, t in builtin_templates().items() if t.lanes)


def card(w, h, label="", bleed=3.0, colour="sewer-blue"):
    scene = Scene(w, h, bleed=bleed)
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour)))
    if label:
        scene.add(Text(w / 2, h / 2, label, 4, anchor="middle"))
    return scene


def test_every_builtin_template_is_there():
    names = set(builtin_templates())
    for paper in ("a4", "letter"):
        for kind in ("poker", "mini-euro", "tarot", "tile40", "tile45"):
            assert f"{paper}-{kind}" in names
        for width in (15, 20, 25, 30, 35, 45, 50):
            assert f"{paper}-tape{width}" in names


@pytest.mark.parametrize("name", GRID_TEMPLATES)
def test_grid_template_pages_read_back_to_the_paper_trim_and_bleed(name):
    template = builtin_templates()[name]
    layout = grid_layout(template, 3.0)
    items = [card(template.grid.item_w, template.grid.item_h) for _ in layout.slots]
    data = to_pdf(impose_grid(items, template, PrintOptions(bleed=3.0)).pages)
    page = pdf_pages(data)[0]
    paper = PAPER_SIZES[name.split("-")[0]]
    assert page_size_mm(page) == pytest.approx(paper, abs=0.05)
    boxes = page_boxes_mm(page)
    # The trim box is the block of items: cols x item + gaps (poker cards abut), centred across the paper (beside
    # the footer, where it runs up the side).
    cols, rows = layout.cols, layout.rows
    gutter = template.grid.gutter if template.grid.gutter is not None else 6.0
    block_w = cols * template.grid.item_w + (cols - 1) * gutter
    block_h = rows * template.grid.item_h + (rows - 1) * gutter
    x0, y0, x1, y1 = boxes["trimbox"]
    assert (x1 - x0, y1 - y0) == pytest.approx((block_w, block_h), abs=0.05)
    beside_footer = footer_band(1) / 2 if layout.footer_turned else 0.0
    assert x0 == pytest.approx((paper[0] - block_w) / 2 + beside_footer, abs=0.05)
    # Each outer edge bleeds 3 mm, or where the paper is tight at least 1 mm, out to the printer's 5 mm margin.
    bx0, by0, bx1, by1 = boxes["bleedbox"]
    for bleed, margin in ((x0 - bx0, x0), (y0 - by0, y0), (bx1 - x1, paper[0] - x1), (by1 - y1, paper[1] - y1)):
        cut = 1.0 <= bleed < 3.0 and margin - bleed == pytest.approx(5.0, abs=0.01)
        assert bleed == pytest.approx(3.0, abs=0.05) or cut, (bleed, margin)
    # The trims keep the template's margins; the bleed and every crop mark the printer's 5 mm, and the footer
    # stands clear of them inside it.
    assert min(x0, y0, paper[0] - x1, paper[1] - y1) >= 6.35
    segments = top_level_segments(page)
    assert min(bx0, by0, paper[0] - bx1, paper[1] - by1) >= 5.0 - 0.01
    assert all(min(x, y, paper[0] - x, paper[1] - y) >= 5.0 - 0.01 for s in segments for x, y in (s[:2], s[2:]))
    (footer,) = [run for run in text_runs(data) if "sheet 1 of 1" in run.text]
    fx0, fy0, fx1, fy1 = footer.box
    assert min(fx0, fy0, paper[0] - fx1, paper[1] - fy1) >= 5.0 - 1e-4          # pdfium rounds
    assert fx1 <= bx0 - 1.0 if layout.footer_turned else fy1 <= by0 - 1.0
    box = (fx0 - 1.0, paper[1] - fy1 - 1.0, fx1 + 1.0, paper[1] - fy0 + 1.0)        # y down, as the segments
    assert not [s for s in segments if min(s[0], s[2]) < box[2] and max(s[0], s[2]) > box[0]
                and min(s[1], s[3]) < box[3] and max(s[1], s[3]) > box[1]]


@pytest.mark.parametrize("paper, cols, rows", [("a4", 3, 3), ("letter", 3, 3), ("a5", 2, 2)])
def test_poker_templates_hold_as_many_cards_as_their_paper_leaves_room_for(paper, cols, rows):
    """Letter is 279.4 mm tall: three rows (266.7 mm) with 3 mm of bleed above and below would come within 3.35 mm
    of its edges, inside the 5 mm a printer leaves blank; so the bleed above and below the block is cut to the
    1.35 mm left there, and Letter holds three rows."""
    layout = grid_layout(template_for("poker", paper), 3.0)
    assert (layout.cols, layout.rows) == (cols, rows)


@pytest.mark.parametrize("spare, rows", [(2.0, 3), (2.2, 3), (1.8, 2)])
def test_a_row_is_kept_with_its_outer_bleed_cut_to_no_less_than_1mm(spare, rows, tmp_path):
    """Three rows of poker cards on paper `spare` mm taller than them and the printer's two 5 mm margins: the
    bleed above and below is cut to half the spare, down to 1 mm; with less, the sheet holds two rows."""
    path = tmp_path / "tight.toml"
    path.write_text(f'size = [215.9, {3 * 88.9 + 10 + spare:.2f}]\nmargins = 5\n[grid]\nitem = "poker"\n'
                    'gutter = 0\n')
    template = load_template(path)
    layout = grid_layout(template, 3.0)
    assert (layout.cols, layout.rows) == (3, rows)
    data = to_pdf(impose_grid([card(63.5, 88.9) for _ in layout.slots], template, PrintOptions()).pages)
    x0, y0, x1, y1 = page_boxes_mm(pdf_pages(data)[0])["trimbox"]
    bx0, by0, bx1, by1 = page_boxes_mm(pdf_pages(data)[0])["bleedbox"]
    expected = spare / 2 if rows == 3 else 3.0
    assert (y0 - by0, by1 - y1) == pytest.approx((expected, expected), abs=0.01)


@pytest.mark.parametrize("name", ["a4-poker", "letter-tile45", "a4-tile40", "letter-mini-euro"])
def test_crop_marks_stand_at_every_trim_line_outside_the_bleed(name):
    """Read back: one mark at each end of every trim line, starting beyond the bleed, as long as the template's
    where the paper has room and at least 1.5 mm where it is tight (A4 poker cards leave 9.75 mm beside them)."""
    template = builtin_templates()[name]
    layout = grid_layout(template, 3.0)
    items = [card(template.grid.item_w, template.grid.item_h) for _ in layout.slots]
    page = pdf_pages(to_pdf(impose_grid(items, template, PrintOptions(bleed=3.0)).pages))[0]
    paper_w, paper_h = page_size_mm(page)
    segments = set(top_level_segments(page))
    xs = sorted({round(s.x, 3) for s in layout.slots} | {round(s.x + s.w, 3) for s in layout.slots})
    ys = sorted({round(s.y, 3) for s in layout.slots} | {round(s.y + s.h, 3) for s in layout.slots})
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    start = max(template.marks.offset, 3.0)           # outside the 3 mm bleed
    beside = min(template.marks.length, left - start - 5.0)
    across = template.marks.length
    assert beside >= 1.5
    for x in xs:
        assert (x, round(top - start - across, 3), x, round(top - start, 3)) in segments
        assert (x, round(bottom + start, 3), x, round(bottom + start + across, 3)) in segments
    for y in ys:
        assert (round(left - start - beside, 3), y, round(left - start, 3), y) in segments
        assert (round(right + start, 3), y, round(right + start + beside, 3), y) in segments
    assert len(segments) == 2 * (len(xs) + len(ys))
    assert min(left - start - beside, paper_w - right - start - beside) >= 5.0 - 0.01


def _near_any(segment, segments, tolerance: float = 0.01) -> bool:
    return any(all(abs(a - b) <= tolerance for a, b in zip(segment, other)) for other in segments)


@pytest.mark.parametrize("name, cut", [("letter-poker", "down"), ("a4-tile45", "across")])
@pytest.mark.parametrize("cut_lines", [False, True])
def test_where_the_paper_is_tight_the_trim_lines_are_marked_inside_the_outer_bleed(name, cut, cut_lines):
    """Letter poker cards fill the paper's height (their bleed above and below cut to 1.35 mm), A4 45 mm tiles
    its width (their 3 mm of bleed beside them reach the printer's margin): read back, every trim line across
    that direction is marked by a line through the block's outer bleed, from its edge to the trim (or a cut line
    runs out to that edge); the other direction keeps its crop marks beyond the bleed."""
    template = builtin_templates()[name]
    layout = grid_layout(template, 3.0)
    items = [card(template.grid.item_w, template.grid.item_h) for _ in layout.slots]
    page = pdf_pages(to_pdf(impose_grid(items, template, PrintOptions(cut_lines=cut_lines)).pages))[0]
    paper_w, paper_h = page_size_mm(page)
    bx0, by0, bx1, by1 = page_boxes_mm(page)["bleedbox"]
    bleed_top, bleed_bottom = paper_h - by1, paper_h - by0                  # y down, as the segments
    segments = top_level_segments(page)
    xs = sorted({round(s.x, 3) for s in layout.slots} | {round(s.x + s.w, 3) for s in layout.slots})
    ys = sorted({round(s.y, 3) for s in layout.slots} | {round(s.y + s.h, 3) for s in layout.slots})
    verticals = [s for s in segments if s[0] == s[2]]
    horizontals = [s for s in segments if s[1] == s[3]]
    inner, outer = (verticals, horizontals) if cut == "down" else (horizontals, verticals)
    if cut == "down":
        assert bleed_top == pytest.approx(5.0, abs=0.01) and bleed_bottom == pytest.approx(paper_h - 5.0, abs=0.01)
        ends = [(x, bleed_top, x, ys[0]) for x in xs] + [(x, ys[-1], x, bleed_bottom) for x in xs]
        full = [(x, bleed_top, x, bleed_bottom) for x in xs]
    else:
        assert bx0 >= 5.0 - 0.01 and paper_w - bx1 >= 5.0 - 0.01
        ends = [(bx0, y, xs[0], y) for y in ys] + [(xs[-1], y, bx1, y) for y in ys]
        full = [(bx0, y, bx1, y) for y in ys]
    for segment in (full if cut_lines else ends):
        assert _near_any(segment, inner), segment
    assert len(inner) == len(full if cut_lines else ends)
    # The other direction's marks stand beyond the bleed, at least 1.5 mm long, all of them 5 mm in.
    lengths = [abs(s[2] - s[0]) + abs(s[3] - s[1]) for s in outer]
    assert outer and (cut_lines or min(lengths) >= 1.5 - 0.01)
    assert all(min(x, y, paper_w - x, paper_h - y) >= 5.0 - 0.01 for s in segments for x, y in (s[:2], s[2:]))


def test_cut_lines_cross_the_block_and_stop_at_the_margin_instead_of_marks():
    template = builtin_templates()["a4-poker"]
    items = [card(63.5, 88.9) for _ in range(9)]
    page = pdf_pages(to_pdf(impose_grid(items, template, PrintOptions(cut_lines=True)).pages))[0]
    segments = top_level_segments(page)
    x0, y0, x1, y1 = page_boxes_mm(page)["bleedbox"]                  # from the lower left
    verticals = [s for s in segments if s[0] == s[2]]
    horizontals = [s for s in segments if s[1] == s[3]]
    assert len(verticals) == 4 and len(horizontals) == 4
    # Past the bleed on both sides, never within 5 mm of the paper's edge.
    assert all(min(s[1], s[3]) < 297 - y1 - 1 and max(s[1], s[3]) > 297 - y0 + 1 for s in verticals)
    assert all(min(s[1], s[3]) >= 5.0 and max(s[1], s[3]) <= 292.0 for s in verticals)
    assert all(min(s[0], s[2]) < x0 and max(s[0], s[2]) > x1 for s in horizontals)
    assert all(min(s[0], s[2]) >= 5.0 - 0.01 and max(s[0], s[2]) <= 205.01 for s in horizontals)


def test_no_marks_when_switched_off():
    template = builtin_templates()["a4-poker"]
    items = [card(63.5, 88.9) for _ in range(9)]
    page = pdf_pages(to_pdf(impose_grid(items, template, PrintOptions(crop_marks=False)).pages))[0]
    assert top_level_segments(page) == []


def _label_positions(page, size: float = 4.0) -> dict[str, tuple[float, float]]:
    """The centre of each text's baseline, in page mm from the top left (read from the PDF's text operators;
    every label here is set at `size` mm)."""
    found = {}
    height = float(page.mediabox.top)

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            label = text.strip()
            found[label] = (x / PT_PER_MM + text_width(label, size) / 2, (height - y) / PT_PER_MM)

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("name", ["a4-poker", "letter-poker"])      # Letter: the block beside a turned footer
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_each_back_lands_behind_its_front(duplex, offset, name):
    template = builtin_templates()[name]
    fronts = [card(63.5, 88.9, f"F{k}") for k in range(11)]       # two sheets, the second part full
    backs = [card(63.5, 88.9, f"B{k}", colour="sewer-red") for k in range(11)]
    options = PrintOptions(duplex=duplex, back_offset=offset)
    pages = pdf_pages(to_pdf(impose_grid(fronts, template, options, backs=backs).pages))
    assert len(pages) == 4                                          # front, back, front, back
    for sheet in range(2):
        front = _label_positions(pages[2 * sheet])
        back = _label_positions(pages[2 * sheet + 1])
        labels = [f"F{k}" for k in range(11) if f"F{k}" in front]
        assert labels
        for label in labels:
            k = label[1:]
            bx, by = back[f"B{k}"]
            # Undo the drift correction, flip the sheet, and the back's centre is the front's.
            seen = back_to_front((bx - offset[0], by - offset[1]), template, duplex)
            assert seen == pytest.approx(front[label], abs=0.05), (label, duplex)


def test_duplex_mirrors_columns_for_long_edge_and_rows_for_short_edge():
    template = builtin_templates()["a4-poker"]
    fronts = [card(63.5, 88.9, f"F{k}") for k in range(9)]
    backs = [card(63.5, 88.9, f"B{k}") for k in range(9)]
    for duplex, same_axis in (("long", 1), ("short", 0)):
        pages = pdf_pages(to_pdf(impose_grid(fronts, template, PrintOptions(duplex=duplex), backs=backs).pages))
        front, back = _label_positions(pages[0]), _label_positions(pages[1])
        # Card 0 (top left on the front): long-edge flip puts its back top right; short-edge, bottom left (the
        # block sits above the footer, off the page's middle, so the back's row is the front's mirrored, not row 3).
        assert back["B0"][same_axis] == pytest.approx(front["F0"][same_axis], abs=0.05)
        assert back["B0"][1 - same_axis] == pytest.approx(front["F2" if duplex == "long" else "F6"][1 - same_axis],
                                                         abs=5.0)


def _read_scale(labels, ticks, anchor, seen):
    """Reads a scale as a person does: find the tick under the line, count from the labelled 0 and 5 ticks."""
    axis = "x" if anchor == "middle" else "y"
    shift = 0.0 if axis == "x" else 0.6          # the y labels sit 0.6 mm below their tick
    zero = min((t for t in labels if t.anchor == anchor and t.text == "0"),
               key=lambda t: abs(getattr(t, axis) - shift - seen))
    five = next(t for t in labels if t.anchor == anchor and t.text.lstrip("+-") == "5" and t.text != "0"
                and abs(getattr(t, axis) - getattr(zero, axis)) == 5 and
                (t.y == zero.y if axis == "x" else t.x == zero.x))
    per_mm = int(five.text) / (getattr(five, axis) - getattr(zero, axis))
    tick_positions = {round(t.x1 if axis == "x" else t.y1, 3) for t in ticks
                      if (t.x1 == t.x2) == (axis == "x")}
    assert round(seen, 3) in tick_positions, "no tick where the line falls"
    return round((seen - (getattr(zero, axis) - shift)) * per_mm)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("drift", [(2.0, -3.0), (-4.0, 1.0)])
def test_calibration_scales_read_the_offset_that_cancels_a_printers_drift(duplex, drift):
    """A printer that shifts the back by `drift` shows the back's red lines at some mark of the front's scales;
    the numbers printed there, passed as --back-offset, must cancel the drift."""
    template = builtin_templates()["a4-poker"]
    front, back = calibration_pages(template, duplex).pages
    red = [item for item in back.children if getattr(item, "style", None) and item.style.stroke == "accent"]
    vertical = next(line for line in red if line.x1 == line.x2)
    horizontal = next(line for line in red if line.y1 == line.y2)
    # Where the drifted back's lines fall when seen on the front.
    seen_x, _ = back_to_front((vertical.x1 + drift[0], 0.0), template, duplex)
    _, seen_y = back_to_front((0.0, horizontal.y1 + drift[1]), template, duplex)
    labels = [t for t in front.children if isinstance(t, Text) and t.text.lstrip("+-").isdigit()]
    ticks = [item for item in front.children if type(item).__name__ == "Line"]
    correction = (_read_scale(labels, ticks, "middle", seen_x), _read_scale(labels, ticks, "end", seen_y))
    assert correction == (-drift[0], -drift[1])


def test_tape_lanes_hold_strips_at_their_real_size():
    template = builtin_templates()["a4-tape50"]
    length = lane_length(template)
    strips = [card(120.0, 50.0, f"S{k}") for k in range(7)]
    document = impose_lanes(strips, template, PrintOptions(), labels=[f"piece {k + 1}" for k in range(7)])
    pages = pdf_pages(to_pdf(document.pages))
    assert page_size_mm(pages[0]) == pytest.approx((297, 210), abs=0.05)
    placed = {}
    for page in pages:
        placed.update(_label_positions(page))
    assert all(f"S{k}" in placed for k in range(7))
    text = " ".join(page.extract_text() for page in pages)
    assert all(f"piece {k + 1}" in text for k in range(7))
    assert length >= 240
    with pytest.raises(Exception, match="longer than a lane"):
        impose_lanes([card(length + 1, 50.0)], template, PrintOptions())


def _marks_and_trims(page) -> tuple[list, list[float]]:
    """The crop marks of a lane sheet (page mm, y down) and the y of every strip's top and bottom trim (where its
    horizontal marks point)."""
    marks = top_level_segments(page)
    return marks, sorted({y0 for x0, y0, x1, y1 in marks if y0 == y1})


def _distance(box, segment) -> float:
    """Between a text box (x0, y0, x1, y1) and a straight mark, both in page mm."""
    x0, y0, x1, y1 = box
    sx0, sy0, sx1, sy1 = segment
    dx = max(min(sx0, sx1) - x1, x0 - max(sx0, sx1), 0.0)
    dy = max(min(sy0, sy1) - y1, y0 - max(sy0, sy1), 0.0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("tape", [15, 25, 50])
def test_strip_labels_keep_the_safe_zone_from_every_trim_and_crop_mark_and_cost_no_lane(paper, tape):
    """Labels of Cops' segments (3.6 x the tape long) and Cats' strips (2.4 x; on 15 mm tape the label is longer
    than the strip and takes two lines): read back, each is 6 pt or more and 3 mm or more from every trim line and
    crop mark; the sheet holds as many lanes as fit above its footer (one more would reach into it)."""
    from .printcheck import text_runs

    template = builtin_templates()[f"{paper}-tape{tape}"]
    for length, label in ((3.6 * tape, "Cops · seed 123456 · segment 2 of 2"),
                          (2.4 * tape, "strip 3 · bottom side · columns 1-24")):
        strips = [card(length, float(tape)) for _ in range(40)]
        document = impose_lanes(strips, template, PrintOptions(), labels=[label] * 40)
        data = to_pdf(document.pages[:1])
        page = pdf_pages(data)[0]
        marks, trims = _marks_and_trims(page)
        paper_h = page_size_mm(page)[1]
        footer = next(run for run in text_runs(data) if "sheet 1 of" in run.text)
        pitch = trims[2] - trims[0]
        lowest_mark = max(max(y0, y1) for x0, y0, x1, y1 in marks)
        assert lowest_mark + pitch > paper_h - footer.box[3], "room for another lane"
        runs = [run for run in text_runs(data) if "sheet" not in run.text]
        assert runs and all(run.size_pt >= 6.0 for run in runs)
        for run in runs:
            box = (run.box[0], paper_h - run.box[3], run.box[2], paper_h - run.box[1])   # y down, as the marks
            assert min(min(abs(box[1] - y), abs(box[3] - y)) for y in trims) >= 3.0, run
            assert min(_distance(box, mark) for mark in marks) >= 3.0, run


def test_tape_artwork_is_one_strip_of_the_asked_length_with_bleed():
    repeat = card(250.0, 50.0, "R", bleed=3.0)
    for length in (1000.0, 5000.0):                 # a longer roll is written as pages (press.rolls)
        page = pdf_pages(to_pdf([tape_artwork(repeat, length, 3.0)]))[0]
        boxes = page_boxes_mm(page)
        x0, y0, x1, y1 = boxes["trimbox"]
        assert (x1 - x0, y1 - y0) == pytest.approx((length, 50.0), abs=0.05)
        assert page_size_mm(page) == pytest.approx((length + 6, 56), abs=0.05)


def test_a_roll_of_whole_pieces_ends_on_its_last_whole_piece_and_its_plain_tape_fills_the_bleed():
    """A repeat of two 100 mm pieces (blue, then green) on a 250 mm roll: two whole repeats would reach 400 mm, so
    the roll shows blue 0..100, green 100..200, then plain tape to its end and through its bleed; a repeat that
    names no piece is cut wherever its length ends (blue again at 200..250)."""
    from .readback import rasterise_pdf

    repeat = Scene(200.0, 20.0, bleed=3.0, theme={"tape-ground": "#f0e0c0"})
    repeat.add(Rect(0, -3, 100, 26, Style(fill="#0000ff")), Rect(100, -3, 103, 26, Style(fill="#00ff00")))

    for piece, tail in ((100.0, (0xf0, 0xe0, 0xc0)), (None, (0, 0, 255))):
        image = rasterise_pdf(to_pdf([tape_artwork(repeat, 250.0, 3.0, piece=piece)]), dpi=254).convert("RGB")
        at = lambda x: image.getpixel((round((x + 3) * 10), 130))        # noqa: E731 (mm along the strip)
        assert [at(x) for x in (-2.0, 50.0, 150.0)] == [(0, 255, 0), (0, 0, 255), (0, 255, 0)]
        assert at(201.0) == at(249.0) == at(252.5) == tail          # the tail, to the edge of the bleed
    # A roll of exactly two pieces runs on into its bleed with the next piece (paths at the cut carry on past it),
    # as its start shows the piece before it.
    image = rasterise_pdf(to_pdf([tape_artwork(repeat, 200.0, 3.0, piece=100.0)]), dpi=254).convert("RGB")
    assert image.getpixel((round((199.0 + 3) * 10), 130)) == (0, 255, 0)
    assert image.getpixel((round((202.5 + 3) * 10), 130)) == (0, 0, 255)


def test_user_template_for_a_label_sheet(tmp_path):
    path = tmp_path / "labels.toml"
    path.write_text('name = "labels"\npaper = "letter"\nmargins = 5\n[grid]\nitem = [66.7, 25.4]\n'
                    'cols = 3\nrows = 10\norigin = [4.8, 12.7]\npitch = [69.85, 25.4]\ngutter = 0\n')
    template = load_template(path)
    layout = grid_layout(template, 0.0)
    assert layout.per_page == 30
    assert (layout.slots[0].x, layout.slots[0].y) == (4.8, 12.7)
    assert layout.slots[-1].x == pytest.approx(4.8 + 2 * 69.85)


@pytest.mark.parametrize("text, says", [
    ('paper = "b9"\n[grid]\nitem = "poker"\n', "paper: unknown paper 'b9'"),
    ('[grid]\nitem = "jumbo"\n', "grid.item: unknown item 'jumbo'"),
    ('[grid]\nitem = [300, 10]\n', "does not fit inside the margins"),
    ('[grid]\nitem = "poker"\ncols = 0\n', "grid.cols: must be a whole number"),
    ('margins = -1\n[grid]\nitem = "poker"\n', "margins: must be at least zero"),
    ('[lanes]\ngap = 3\n', "lanes.width: missing"),
    ('[grid]\nitem = "poker"\n[lanes]\nwidth = 50\n', "either a [grid] or a [lanes]"),
    ('colour = "red"\n[grid]\nitem = "poker"\n', "colour: unknown key"),
    ('[grid\nitem = "poker"\n', "not valid TOML"),
    ('[grid]\nitem = "poker"\n[marks]\nstyle = "dots"\n', "marks.style: must be crop or cut-lines"),
])
def test_bad_templates_name_the_field(tmp_path, text, says):
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    assert str(path) in str(caught.value) and says in str(caught.value)


def test_a_template_for_other_sized_parts_is_refused_naming_both_sizes(tmp_path):
    from click.testing import CliRunner

    from washigen.cli import main

    out = tmp_path / "tiles.pdf"
    result = CliRunner().invoke(main, ["trail-route", "components", "--template",
                                       str(paths.TEMPLATES / "a4-tile45.toml"), "-o", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output and not out.exists()
    assert "--template: its slots are 45 x 45 mm but item 1 is 40 x 40 mm" in result.output
    assert "--tile-size" in result.output
