"""Imposition: many finished scenes (cards, tiles, tape strips) placed on sheets of paper.

Every placed item is a Group translated to its slot and clipped to its trim plus the bleed it may keep there; its
symbols join the page's. Positions are computed once, in `slots`, and the backs are derived from the same slots, so
a back can only land behind its front.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..errors import InputError, TemplateError
from ..fonts import ASCENT, DESCENT, MIN_FINE_PRINT, descent, wrap_text
from ..i18n import translator
from ..scene import Group, Line, Rect, Scene, Style, Symbol, Text, Use
from ..units import SAFE_ZONE, format_mm
from .document import Document
from .options import PrintOptions
from .templates import MAX_TEMPLATE_COUNT, Marks, Template

MARK_STYLE_KEY = "cut"


@dataclass(frozen=True)
class Slot:
    """Where one item goes on a sheet: its trim rectangle and the bleed it keeps on each side."""
    x: float
    y: float
    w: float
    h: float
    bleed: tuple[float, float, float, float]      # top, right, bottom, left
    col: int
    row: int

    def clip(self) -> tuple[float, float, float, float]:
        """The clip rectangle in the item's own coordinates (trim origin at 0, 0)."""
        top, right, bottom, left = self.bleed
        return (-left, -top, self.w + left + right, self.h + top + bottom)


@dataclass(frozen=True)
class GridLayout:
    template: Template
    slots: tuple[Slot, ...]
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def block(self) -> tuple[float, float, float, float]:
        """The trim rectangle around all slots."""
        x0 = min(s.x for s in self.slots)
        y0 = min(s.y for s in self.slots)
        x1 = max(s.x + s.w for s in self.slots)
        y1 = max(s.y + s.h for s in self.slots)
        return x0, y0, x1 - x0, y1 - y0


def grid_layout(template: Template, bleed: float, gutter: float | None = None) -> GridLayout:
    """The slots of a grid template: as many items as fit (or cols x rows), centred unless an origin is given.
    A `gutter` (the user's --gutter) replaces the template's spacing; then as many of its cols x rows as fit."""
    grid = template.grid
    if grid is None:
        raise TemplateError(f"{template.source or template.name}: not a grid template (it has tape lanes)")
    ux, uy, uw, uh = template.usable
    if gutter is None:
        gutter = 2 * bleed if grid.gutter is None else grid.gutter
        pitch_x, pitch_y = grid.pitch or (grid.item_w + gutter, grid.item_h + gutter)
        cols = grid.cols or _fitting(uw, grid.item_w, pitch_x)
        rows = grid.rows or _fitting(uh, grid.item_h, pitch_y)
    else:
        pitch_x, pitch_y = grid.item_w + gutter, grid.item_h + gutter
        cols = min(grid.cols or 10**6, _fitting(uw, grid.item_w, pitch_x))
        rows = min(grid.rows or 10**6, _fitting(uh, grid.item_h, pitch_y))
    if max(cols, rows) > MAX_TEMPLATE_COUNT:
        raise TemplateError(f"{template.source or template.name}: grid: {cols} x {rows} items; at most "
                            f"{MAX_TEMPLATE_COUNT} a side")
    block_w = (cols - 1) * pitch_x + grid.item_w
    block_h = (rows - 1) * pitch_y + grid.item_h
    if grid.origin is not None:
        x0, y0 = grid.origin
    else:
        x0, y0 = ux + (uw - block_w) / 2, uy + (uh - block_h) / 2
    if x0 + block_w > template.paper_w + 1e-6 or y0 + block_h > template.paper_h + 1e-6 or x0 < 0 or y0 < 0:
        raise TemplateError(f"{template.source or template.name}: grid: {cols} x {rows} items of "
                            f"{format_mm(grid.item_w)} x {format_mm(grid.item_h)} mm do not fit on the paper")
    gap_x, gap_y = pitch_x - grid.item_w, pitch_y - grid.item_h
    slots = []
    for row in range(rows):
        for col in range(cols):
            # Between items an item keeps half the gap of bleed; on the outside of the block, the full bleed.
            left = bleed if col == 0 else min(bleed, gap_x / 2)
            right = bleed if col == cols - 1 else min(bleed, gap_x / 2)
            top = bleed if row == 0 else min(bleed, gap_y / 2)
            bottom = bleed if row == rows - 1 else min(bleed, gap_y / 2)
            slots.append(Slot(x0 + col * pitch_x, y0 + row * pitch_y, grid.item_w, grid.item_h,
                              (top, right, bottom, left), col, row))
    return GridLayout(template, tuple(slots), cols, rows)


def _fitting(room: float, item: float, pitch: float) -> int:
    """How many items of `item` mm at `pitch` fit in `room` mm (at least one)."""
    return max(1, int((room - item + 1e-6) // pitch) + 1)


def back_slot(slot: Slot, layout: GridLayout, duplex: str, offset: tuple[float, float]) -> Slot:
    """Where the back of the item in `slot` is printed on the back page so that it lands behind the front.

    Long-edge flip turns the sheet about its vertical axis (columns mirror); short-edge flip about its horizontal
    axis (rows mirror). The offset (mm, in the back page's own coordinates) corrects a printer's drift."""
    t = layout.template
    top, right, bottom, left = slot.bleed
    x, y = slot.x, slot.y
    if duplex == "long":
        x, left, right = t.paper_w - slot.x - slot.w, right, left
    elif duplex == "short":
        y, top, bottom = t.paper_h - slot.y - slot.h, bottom, top
    else:
        raise InputError(f"duplex: must be long or short for backs, got {duplex!r}")
    return Slot(x + offset[0], y + offset[1], slot.w, slot.h, (top, right, bottom, left), slot.col, slot.row)


def back_to_front(point: tuple[float, float], template: Template, duplex: str) -> tuple[float, float]:
    """Where a point printed on the back page lies on the front page's coordinates once the sheet is flipped."""
    x, y = point
    if duplex == "long":
        return template.paper_w - x, y
    if duplex == "short":
        return x, template.paper_h - y
    raise InputError(f"duplex: must be long or short, got {duplex!r}")


def place(page: Scene, item: Scene, slot: Slot) -> None:
    """Adds `item` (trim at its 0, 0) to `page` at `slot`, clipped to the slot's bleed."""
    for symbol in item.symbols.values():
        page.define(symbol)
    if item.theme:
        for key, value in item.theme.items():
            if page.theme.setdefault(key, value) != value:
                raise ValueError(f"theme colour {key!r} differs between two items on one sheet")
    page.add(Group(children=list(item.children), dx=slot.x, dy=slot.y, clip=slot.clip()))


def _check_item(item: Scene, slot: Slot, index: int) -> None:
    if abs(item.width - slot.w) > 0.01 or abs(item.height - slot.h) > 0.01:
        raise InputError(f"--template: its slots are {format_mm(slot.w)} x {format_mm(slot.h)} mm but item "
                         f"{index + 1} is {format_mm(item.width)} x {format_mm(item.height)} mm; print the parts at "
                         "the slots' size (--tile-size, --card) or use a template made for theirs")


def new_sheet(template: Template, title: str, meta: dict[str, str]) -> Scene:
    return Scene(template.paper_w, template.paper_h, meta={**meta, "title": title})


def impose_grid(fronts: Sequence[Scene], template: Template, options: PrintOptions,
                backs: Sequence[Scene] | Scene | None = None, title: str = "",
                footer: str = "") -> Document:
    """Fronts n-up on sheets; with options.duplex long|short and backs, each front page is followed by its back
    page. `backs` is one scene for every item, or one per front."""
    layout = grid_layout(template, options.bleed, options.gutter)
    per_page = layout.per_page
    footer = with_profile(footer, options)
    if isinstance(backs, Scene):
        backs = [backs] * len(fronts)
    if backs is not None and len(backs) != len(fronts):
        raise ValueError("one back per front, or a single back for all")
    if backs is not None:
        backs = stamp_repeats(backs)
    duplex = options.duplex if backs is not None else "none"
    meta = dict(fronts[0].meta) if fronts else {}
    pages: list[Scene] = []
    sheets = max(1, math.ceil(len(fronts) / per_page))
    for sheet in range(sheets):
        chunk = list(range(sheet * per_page, min(len(fronts), (sheet + 1) * per_page)))
        page = new_sheet(template, title, meta)
        for k, index in enumerate(chunk):
            _check_item(fronts[index], layout.slots[k], index)
            place(page, fronts[index], layout.slots[k])
        used = layout.slots[:len(chunk)]
        add_marks(page, used, template.marks, options)
        _set_boxes(page, used)
        _footer(page, template, footer, sheet + 1, sheets, "front" if duplex != "none" else "", used, options)
        pages.append(page)
        if duplex != "none":
            back = new_sheet(template, title, meta)
            back_slots = [back_slot(layout.slots[k], layout, duplex, options.back_offset) for k in range(len(chunk))]
            for k, index in enumerate(chunk):
                place(back, backs[index], back_slots[k])
            _set_boxes(back, back_slots)
            _footer(back, template, footer, sheet + 1, sheets, "back", back_slots, options)
            pages.append(back)
    return Document(pages, title=title)


def stamp_repeats(items: Sequence[Scene]) -> list[Scene]:
    """Items placed more than once (one card back for a whole deck) become one symbol each, used at every slot:
    drawn once per sheet (a PDF form, an SVG <symbol>) instead of once per card."""
    counts = Counter(id(item) for item in items)
    stamps: dict[int, Scene] = {}
    for item in items:
        if counts[id(item)] > 1 and id(item) not in stamps:
            stamps[id(item)] = stamped(item, f"item-{len(stamps) + 1}")
    return [stamps.get(id(item), item) for item in items]


def stamped(item: Scene, name: str) -> Scene:
    """The same item as one symbol placed once (its bleed drawn too: a symbol does not clip)."""
    stamp = Scene(item.width, item.height, theme=dict(item.theme), bleed=item.bleed, meta=dict(item.meta))
    for symbol in item.symbols.values():
        stamp.define(symbol)
    stamp.define(Symbol(name, item.width, item.height, list(item.children)))
    stamp.add(Use(name))
    return stamp


def _set_boxes(page: Scene, slots: Sequence[Slot]) -> None:
    """TrimBox: the rectangle around every item's trim; BleedBox: that grown by the outer bleed."""
    if not slots:
        return
    x0 = min(s.x for s in slots)
    y0 = min(s.y for s in slots)
    x1 = max(s.x + s.w for s in slots)
    y1 = max(s.y + s.h for s in slots)
    page.trim_box = (x0, y0, x1 - x0, y1 - y0)
    top = max(s.bleed[0] for s in slots if s.y == y0)
    left = max(s.bleed[3] for s in slots if s.x == x0)
    right = max(s.bleed[1] for s in slots if abs(s.x + s.w - x1) < 1e-9)
    bottom = max(s.bleed[2] for s in slots if abs(s.y + s.h - y1) < 1e-9)
    page.bleed_box = (x0 - left, y0 - top, x1 - x0 + left + right, y1 - y0 + top + bottom)


def with_profile(footer: str, options: PrintOptions) -> str:
    """The footer naming the printer profile whose defaults the sheet was printed with."""
    _ = translator(options.lang)
    named = options.profile and _("printer profile {name}").format(name=options.profile)
    return " · ".join(p for p in (footer, named) if p)
FOOTER_SIZE = 2.2          # mm (6.2 pt); a footer that needs to may shrink to fine print to stay clear of the cut


def _footer(page: Scene, template: Template, text: str, sheet: int, sheets: int, side: str,
            slots: Sequence[Slot] = (), options: PrintOptions | None = None) -> None:
    """A small line saying what this sheet is, which side, sheet n of N: in the margin below the items (or above
    them when that margin is the larger), clear of their bleed and crop marks."""
    _ = translator(options.lang if options is not None else "en")
    sides = {"front": _("front side"), "back": _("back side")}
    parts = [p for p in (text, sides.get(side, ""), _("sheet {sheet} of {sheets}").format(sheet=sheet, sheets=sheets))
             if p]
    line = " · ".join(parts)
    top, bottom = _free_margins(page, template, slots, options)
    # In the page's own margin where it is clear of the items, else in what is left between them and the edge.
    below_band = min(bottom, template.margins[2]) if bottom >= FOOTER_GAP + MIN_FINE_PRINT else 0.0
    above_band = min(top, template.margins[0])
    below = below_band >= min(above_band, FOOTER_SIZE + 2 * FOOTER_GAP)
    band = below_band if below else above_band
    size = max(MIN_FINE_PRINT, min(FOOTER_SIZE, (band - FOOTER_GAP) / (ASCENT + descent(line))))
    middle = template.paper_h - band / 2 if below else band / 2
    y = middle + (ASCENT - descent(line)) * size / 2
    page.add(Text(template.paper_w / 2, y, line, size, anchor="middle", style=Style(fill="muted")))


FOOTER_GAP = 0.6           # mm kept clear between the footer and the bleed or marks


def _free_margins(page: Scene, template: Template, slots: Sequence[Slot],
                  options: PrintOptions | None) -> tuple[float, float]:
    """The paper left above and below the items, their bleed and their crop marks (mm)."""
    if not slots:
        return template.margins[0], template.margins[2]
    reach_top = min(s.y - s.bleed[0] for s in slots)
    reach_bottom = max(s.y + s.h + s.bleed[2] for s in slots)
    marks = template.marks
    crop = options is not None and options.crop_marks and not options.cut_lines and marks.style != "cut-lines"
    if crop:
        y0, y1 = min(s.y for s in slots), max(s.y + s.h for s in slots)
        reach_top = min(reach_top, y0 - max(marks.offset, max(s.bleed[0] for s in slots)) - marks.length)
        reach_bottom = max(reach_bottom, y1 + max(marks.offset, max(s.bleed[2] for s in slots)) + marks.length)
    return max(0.0, reach_top), max(0.0, template.paper_h - reach_bottom)


def cut_words(template: Template, options: PrintOptions) -> str:
    """How a sheet made with `template` and `options` is cut, for instructions (in the options' language): the
    same test add_marks makes."""
    _ = translator(options.lang)
    if options.cut_lines or template.marks.style == "cut-lines":
        return _("on the cut lines")
    if options.crop_marks:
        return _("along the crop marks")
    return _("at the edges of the artwork")


def add_marks(page: Scene, slots: Sequence[Slot], marks: Marks, options: PrintOptions) -> None:
    """Crop marks at every trim line, outside the block of items (or full-length cut lines when asked)."""
    if not slots or not (options.crop_marks or options.cut_lines):
        return
    style = Style(stroke=MARK_STYLE_KEY, stroke_width=marks.width)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.h)})
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    lines: list[Line] = []
    if options.cut_lines or marks.style == "cut-lines":
        lines += [Line(x, 0, x, page.height, style) for x in xs]
        lines += [Line(0, y, page.width, y, style) for y in ys]
    else:
        # Marks start outside the bleed when the bleed is wider than the offset, so they never print on artwork.
        top = max(marks.offset, max(s.bleed[0] for s in slots))
        bottom = max(marks.offset, max(s.bleed[2] for s in slots))
        left = max(marks.offset, max(s.bleed[3] for s in slots))
        right = max(marks.offset, max(s.bleed[1] for s in slots))
        for x in xs:
            lines.append(Line(x, y0 - top - marks.length, x, y0 - top, style))
            lines.append(Line(x, y1 + bottom, x, y1 + bottom + marks.length, style))
        for y in ys:
            lines.append(Line(x0 - left - marks.length, y, x0 - left, y, style))
            lines.append(Line(x1 + right, y, x1 + right + marks.length, y, style))
    page.add(*lines)


SCALE_TEXT = 2.2          # mm: the scales' numbers at 6.2 pt, readable held to the light


def calibration_pages(template: Template, duplex: str, lang: str = "en") -> Document:
    """A two-sided page to measure a printer's duplex drift. The front carries scales at five targets, labelled
    with the --back-offset value that would centre the back's cross on them; the back carries the crosses."""
    if duplex not in ("long", "short"):
        raise InputError("duplex: the calibration page needs --duplex long or short")
    w, h = template.paper_w, template.paper_h
    targets = [(w / 2, h / 2), (30, 30), (w - 30, 30), (30, h - 30), (w - 30, h - 30)]
    front = Scene(w, h, meta={"title": "duplex calibration (front)"})
    back = Scene(w, h, meta={"title": "duplex calibration (back)"})
    ink, thin = Style(stroke="ink", stroke_width=0.15), Style(stroke="accent", stroke_width=0.3)
    # A drift that the back's mirrored axis reverses must be corrected with the same sign, the other with -1.
    sign_x = 1 if duplex == "long" else -1
    sign_y = 1 if duplex == "short" else -1
    for tx, ty in targets:
        for mm in range(-5, 6):
            tick = 3.0 if mm % 5 == 0 else 1.8
            front.add(Line(tx + mm, ty - 12 - tick, tx + mm, ty - 12, ink),
                      Line(tx - 12 - tick, ty + mm, tx - 12, ty + mm, ink))
            if mm % 5 == 0:
                front.add(Text(tx + mm, ty - 16, f"{sign_x * mm:+d}" if mm else "0", SCALE_TEXT, anchor="middle"),
                          Text(tx - 16.5, ty + mm + 0.75, f"{sign_y * mm:+d}" if mm else "0", SCALE_TEXT,
                               anchor="end"))
        front.add(Line(tx - 5, ty, tx + 5, ty, ink), Line(tx, ty - 5, tx, ty + 5, ink))
        bx, by = back_to_front((tx, ty), template, duplex)    # the mirror is its own inverse
        back.add(Line(bx, by - 20, bx, by + 20, thin), Line(bx - 20, by, bx + 20, by, thin))
    _ = translator(lang)
    edge = _("flip on the long edge") if duplex == "long" else _("flip on the short edge")
    front.add(Text(w / 2, 16, _("Duplex calibration: print both sides, hold the sheet to the light."), 3.2,
                   anchor="middle", weight="bold"),
              Text(w / 2, 21.5, _("Read the red lines of the back on the scales; pass the two numbers as "
                   "--back-offset X,Y (mm)."), 2.6, anchor="middle"),
              Text(w / 2, h - 12, f"{edge} · {template.name}", 2.4, anchor="middle",
                   style=Style(fill="muted")))
    return Document([front, back], title="duplex calibration")


def lane_length(template: Template) -> float:
    """The longest strip one lane of a tape template holds."""
    if template.lanes is None:
        raise TemplateError(f"{template.source or template.name}: not a tape template (it has a grid)")
    return template.usable[2] - 2 * (template.marks.offset + template.marks.length)


LABEL_SIZE = 2.2           # mm (6.2 pt): a strip's label
LABEL_LEADING = 1.15       # label line to line, in label sizes
LABEL_CLEAR = 1.0          # mm of bare paper between a label and a strip's bleed


def impose_lanes(strips: Sequence[Scene], template: Template, options: PrintOptions,
                 labels: Sequence[str] = (), title: str = "", footer: str = "") -> Document:
    """Tape strips in lanes, in order, left to right then top to bottom, several per lane when they fit.
    Each strip's trim keeps its bleed on every side; its label prints small above it, in the gap between lanes,
    at least SAFE_ZONE from every trim and crop mark and clear of the bleed (the gap widens when a label needs
    it, wrapped to the strip's length)."""
    lanes = template.lanes
    if lanes is None:
        raise TemplateError(f"{template.source or template.name}: not a tape template (it has a grid)")
    length = lane_length(template)
    ux, uy, uw, uh = template.usable
    reserve = template.marks.offset + template.marks.length
    bleed = options.bleed
    lines = [_label_lines(labels[k] if k < len(labels) else "", strip, template.marks)
             for k, strip in enumerate(strips)]
    # A label keeps clear of the trim below it and of the lane's trim above it.
    clear = max(SAFE_ZONE, bleed) + LABEL_CLEAR
    label_room = _label_height(max(map(len, lines), default=0))
    labelled = 2 * clear + label_room if label_room else 0.0
    lane_pitch = lanes.width + max(lanes.gap, 2 * bleed + 4.0, labelled)
    top = max(reserve, clear + label_room)
    per_page = max(1, int((uh - top - reserve - lanes.width) // lane_pitch) + 1)
    pages: list[Scene] = []
    placed: dict[int, list[Slot]] = {}
    page = None
    x = 0.0
    lane_index = per_page  # forces a new page first
    meta = dict(strips[0].meta) if strips else {}
    for index, strip in enumerate(strips):
        if strip.width > length + 1e-6:
            raise InputError(f"strip {index + 1}: {format_mm(strip.width)} mm is longer than a lane "
                             f"({format_mm(length)} mm); cut it into pieces first")
        if abs(strip.height - lanes.width) > 0.01:
            raise InputError(f"strip {index + 1}: {format_mm(strip.height)} mm wide, the template's tape is "
                             f"{format_mm(lanes.width)} mm")
        if page is None or x + strip.width > length + 1e-6:
            lane_index += 1
            x = 0.0
            if lane_index >= per_page:
                page = new_sheet(template, title, meta)
                pages.append(page)
                lane_index = 0
        y = uy + top + lane_index * lane_pitch
        slot = Slot(ux + reserve + x, y, strip.width, strip.height, (bleed,) * 4, 0, int(lane_index))
        place(page, strip, slot)
        placed.setdefault(len(pages) - 1, []).append(slot)
        add_marks(page, [slot], template.marks, options)   # strips differ in length: marks each
        page.add(*_label_texts(lines[index], slot, clear, template.marks))
        x += strip.width + 2 * reserve
    for n, page in enumerate(pages):
        _set_boxes(page, placed.get(n, []))
        _footer(page, template, with_profile(footer, options), n + 1, len(pages), "", placed.get(n, []), options)
    return Document(pages, title=title)


def _label_inset(marks: Marks) -> float:
    """How far a label starts inside its strip's ends: SAFE_ZONE from the crop marks there."""
    return SAFE_ZONE + marks.width


def _label_lines(label: str, strip: Scene, marks: Marks) -> list[str]:
    return wrap_text(label, LABEL_SIZE, strip.width - 2 * _label_inset(marks)) if label else []


def _label_height(lines: int) -> float:
    """The height of a label of `lines` lines, from its first line's ascender to its last line's descender."""
    return ((lines - 1) * LABEL_LEADING + ASCENT + DESCENT) * LABEL_SIZE if lines else 0.0


def _label_texts(lines: list[str], slot: Slot, clear: float, marks: Marks) -> list[Text]:
    """The label's lines above the strip, the last one `clear` mm above its trim."""
    last = slot.y - clear - DESCENT * LABEL_SIZE
    first = last - (len(lines) - 1) * LABEL_LEADING * LABEL_SIZE
    return [Text(slot.x + _label_inset(marks), first + k * LABEL_LEADING * LABEL_SIZE, line, LABEL_SIZE,
                 style=Style(fill="ink")) for k, line in enumerate(lines)]


def real_size_page(scene: Scene) -> Document:
    """The scene alone on a page of its own size (trim plus bleed): TrimBox the scene's trim."""
    return Document.single(scene)


def tape_artwork(repeat: Scene, length: float, bleed: float, piece: float | None = None) -> Scene:
    """A continuous strip `length` mm long: the repeat laid end to end (drawn once, as a symbol, used many times),
    with `bleed` mm of artwork beyond each edge. The repeat should carry at least that much bleed itself.

    A repeat made of pieces that are torn off whole (`piece` mm long: a Cops segment, a Cats segment with its forest
    section) ends the roll on its last whole piece: the rest, shorter than a piece, and the bleed after the end are
    plain tape (theme colour "tape-ground"), so the roll's end never cuts through a piece's artwork and a cut a
    little late shows plain tape, not the start of a piece that is not there."""
    if length <= 0:
        raise InputError("length: must be greater than zero")
    strip = Scene(length, repeat.height, bleed=bleed, theme=dict(repeat.theme),
                  meta={**repeat.meta, "repeat": f"{format_mm(repeat.width)} mm", "length": f"{format_mm(length)} mm"})
    for symbol in repeat.symbols.values():
        strip.define(symbol)
    body = Symbol(f"repeat-{repeat.meta.get('seed', '0')}", repeat.width, repeat.height, list(repeat.children))
    strip.define(body)
    end = last_whole_piece(piece, length)
    reach = end if piece else end + bleed
    count = math.ceil(reach / repeat.width)
    # The roll is continuous: the repeats before the first and after the last show in the bleed at its ends. Each
    # repeat is cut to its own length, so the bleed it carries past its ends never paints over its neighbours.
    uses = [Group([Use(body.id, k * repeat.width, 0.0)], clip=(k * repeat.width, -bleed, repeat.width,
                                                               repeat.height + 2 * bleed))
            for k in range(-1 if bleed > 0 else 0, count)]
    strip.add(Group(children=uses, clip=(-bleed, -bleed, reach + bleed, repeat.height + 2 * bleed)))
    if piece:
        strip.add(Rect(end, -bleed, length - end + bleed, repeat.height + 2 * bleed, Style(fill="tape-ground")))
    return strip


def last_whole_piece(piece: float | None, length: float) -> float:
    """Where the roll's last whole piece ends: `length` itself for a repeat without pieces, a length of whole
    pieces, or shorter than one piece."""
    if not piece:
        return length
    whole = math.floor(length / piece + 1e-9) * piece
    return whole if whole > 0 and length - whole > 1e-6 else length
