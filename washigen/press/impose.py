"""Imposition: many finished scenes (cards, tiles, tape strips) placed on sheets of paper.

Every placed item is a Group translated to its slot and clipped to its trim plus the bleed it may keep there; its
symbols join the page's. Positions are computed once, in `slots`, and the backs are derived from the same slots, so
a back can only land behind its front.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from ..errors import InputError, TemplateError
from ..fonts import ASCENT, DESCENT, wrap_text
from ..i18n import MUST_BE, N_, either, translator
from ..scene import Group, Line, Primitive, Rect, Scene, Style, Symbol, Text, Use
from ..units import CROP_MARK_LENGTH, SAFE_ZONE, Mm, format_mm
from ..words import Says
from .document import Document
from .options import PrintOptions
from .templates import MAX_TEMPLATE_COUNT, PRINTER_MARGIN, Grid, Marks, Template

MARK_STYLE_KEY = "cut"
SIDES = ("long", "short")          # the duplex flips a page with backs is printed for
NOT_TAPE = N_("{source}: not a tape template (it has a grid)")


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
    gap: tuple[float, float] = (0.0, 0.0)        # between neighbouring items, across and down
    bleed: float = 0.0
    # Crop-mark lengths beyond the bleed: beside the block, above/below it. None: no room beyond the bleed there,
    # the trim lines are marked inside the block's outer bleed (add_marks).
    marks: tuple[float | None, float | None] = (CROP_MARK_LENGTH, CROP_MARK_LENGTH)
    outer: tuple[float, float, float, float] | None = None    # the bleed at the block's edges (top, right, bottom,
    #                                                            left) where the paper is tight; None: `bleed`
    footer_turned: bool = False      # the sheet id runs up the side margin: the block leaves no room below it

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

    def filled(self, count: int) -> list[Slot]:
        """The first `count` slots, each keeping its full bleed on every side no item stands beside (an empty
        slot on a sheet's last page; the block's edge, where the paper may leave less: `outer`) and half the gap
        on the sides where one does."""
        used = {(s.row, s.col) for s in self.slots[:count]}
        gap_x, gap_y = self.gap

        def keep(slot: Slot, down: int, across: int, gap: float, side: int) -> float:
            row, col = slot.row + down, slot.col + across
            if (row, col) in used:
                return min(self.bleed, gap / 2)
            in_block = 0 <= row < self.rows and 0 <= col < self.cols
            return self.bleed if in_block or self.outer is None else self.outer[side]
        return [replace(s, bleed=(keep(s, -1, 0, gap_y, 0), keep(s, 0, 1, gap_x, 1), keep(s, 1, 0, gap_y, 2),
                                  keep(s, 0, -1, gap_x, 3))) for s in self.slots[:count]]


MIN_MARK_LENGTH = 1.5      # mm: a crop mark shortened to keep off the printer's margin is never shorter
MIN_OUTER_BLEED = 1.0      # mm: the least bleed a block's outer edge is cut down to, where that gains a row or column


@dataclass(frozen=True)
class _Axis:
    """One direction of a sheet for a grid: where the items' trims may go (inside the template's margins), where
    their bleed and marks may go (inside the printer's margin, beside any footer), and the items along it."""
    trims: tuple[float, float]        # start, length
    room: tuple[float, float]         # start, length
    item: float
    pitch: float
    most: int | None

    def less(self, band: float, at_start: bool = False) -> "_Axis":
        """The axis with a footer's band taken from the end of its room (or its start)."""
        start, length = self.room
        return replace(self, room=(start + band if at_start else start, length - band))

    def count(self, reach: float) -> int:
        """How many items fit with `reach` mm of ink (bleed, marks) beyond the block at each end."""
        return _fitting(min(self.trims[1], self.room[1] - 2 * reach), self.item, self.pitch, self.most)


@dataclass(frozen=True)
class _Run:
    """The items along one axis: where the first trim starts, how many, the bleed at the block's two ends and the
    crop marks' length beyond it (None: marked inside the bleed)."""
    first: float
    count: int
    bleed: tuple[float, float]
    marks: float | None


def _run(axis: _Axis, count: int, bleed: float, reach: float, marks: tuple[float, float] | None) -> _Run:
    """The block of `count` items centred along `axis`, keeping `reach` mm of room at each end; `marks` (where a
    crop mark begins, how far a full one reaches) when there is room for them beyond a full bleed, else None: the
    bleed is cut to what the room leaves (the caller made sure it is at least MIN_OUTER_BLEED)."""
    size = (count - 1) * axis.pitch + axis.item
    start, length = axis.room
    first = _centred(start, length, size, (axis.trims[0], axis.trims[0] + axis.trims[1] - size), reach)
    before, after = first - start, start + length - first - size
    if marks is None:
        return _Run(first, count, (min(bleed, before), min(bleed, after)), None)
    begin, longest = marks
    return _Run(first, count, (bleed, bleed), min(longest, before, after) - begin)


def grid_layout(template: Template, bleed: float, gutter: float | None = None, *, marked: bool = True,
                footer_height: float | None = None, footer_side: float | None = None) -> GridLayout:
    """The slots of a grid template: as many items as fit (at most its cols x rows) with their trims inside the
    template's margins and, inside the printer's margin above the footer's band (`template.printable`,
    `footer_height`), their bleed and crop marks (`marked`; shortened to no less than MIN_MARK_LENGTH where the
    paper is tight). The block is centred there. A `gutter` (the user's --gutter) replaces the template's spacing.
    A template with an origin (a label sheet) is placed as it says.

    Where a full bleed would cost a row (or a column), the block keeps it if the bleed on its outer edges above and
    below it (beside it) fits the printer's margin cut down to no less than MIN_OUTER_BLEED: those trim lines are
    then marked inside the bleed, and with a row gained the footer turns into the side margin (`footer_side`: its
    band there, wrapped to the paper's height)."""
    grid = template.grid
    if grid is None:
        raise TemplateError(Says(N_("{source}: not a grid template (it has tape lanes)"),
                                 source=template.source or template.name))
    if gutter is None:
        gutter = 2 * bleed if grid.gutter is None else grid.gutter
        pitch_x, pitch_y = grid.pitch or (grid.item_w + gutter, grid.item_h + gutter)
    else:
        pitch_x, pitch_y = grid.item_w + gutter, grid.item_h + gutter
    if grid.origin is not None:
        return _label_sheet(template, grid, grid.origin, bleed, (pitch_x, pitch_y), marked)
    start = max(template.marks.offset, bleed) if marked else bleed        # where a crop mark begins
    marks = (start, start + template.marks.length) if marked else (bleed, bleed)
    shortest = start + MIN_MARK_LENGTH if marked else bleed
    ux, uy, uw, uh = template.usable
    px, py, pw, ph = template.printable
    x = _Axis((ux, uw), (px, pw), grid.item_w, pitch_x, grid.cols)
    y = _Axis((uy, uh), (py, ph), grid.item_h, pitch_y, grid.rows)
    foot = footer_band(1) if footer_height is None else footer_height
    side = footer_band(1) if footer_side is None else footer_side
    # A plan: the room across and down, and which of them (if any) cuts the block's outer bleed to what the
    # printer's margin leaves, marked inside it. With a row gained the footer turns into the side margin.
    plans = [(x, y.less(foot), "")]
    if bleed >= MIN_OUTER_BLEED:
        plans += [(x.less(side, at_start=True), y, "down"), (x, y.less(foot), "across")]

    def reach(cut: bool) -> float:
        return MIN_OUTER_BLEED if cut else shortest
    counted = [(a.count(reach(cut == "across")), d.count(reach(cut == "down")), a, d, cut) for a, d, cut in plans]
    cols, rows, across, down, cut = max(counted, key=lambda c: c[0] * c[1])     # the first plan on a tie
    if not cols or not rows:
        raise TemplateError(Says(N_("{source}: an item of {width} x {height} mm with {bleed} mm of bleed and its crop "
                                    "marks does not fit inside the printable {room_width} x {room_height} mm"),
                                 source=template.source or template.name, width=Mm(grid.item_w),
                                 height=Mm(grid.item_h), bleed=Mm(bleed), room_width=Mm(pw), room_height=Mm(ph)))
    _check_count(template, cols, rows)
    run_x = _run(across, cols, bleed, reach(cut == "across"), None if cut == "across" else marks)
    run_y = _run(down, rows, bleed, reach(cut == "down"), None if cut == "down" else marks)
    slots = _grid_slots(template, grid, run_x.first, run_y.first, cols, rows, (pitch_x, pitch_y), bleed)
    layout = GridLayout(template, slots, cols, rows, (pitch_x - grid.item_w, pitch_y - grid.item_h), bleed,
                        (run_x.marks, run_y.marks), (run_y.bleed[0], run_x.bleed[1], run_y.bleed[1], run_x.bleed[0]),
                        footer_turned=cut == "down")
    return replace(layout, slots=tuple(layout.filled(len(slots))))


def _label_sheet(template: Template, grid: Grid, origin: tuple[float, float], bleed: float,
                 pitch: tuple[float, float], marked: bool) -> GridLayout:
    """A template with an origin (its grid's): its items where it says, as many as it asks or as fit inside its
    margins."""
    ux, uy, uw, uh = template.usable
    cols = grid.cols or max(1, _fitting(uw, grid.item_w, pitch[0]))
    rows = grid.rows or max(1, _fitting(uh, grid.item_h, pitch[1]))
    _check_count(template, cols, rows)
    length = template.marks.length if marked else 0.0
    slots = _grid_slots(template, grid, *origin, cols, rows, pitch, bleed)
    layout = GridLayout(template, slots, cols, rows, (pitch[0] - grid.item_w, pitch[1] - grid.item_h), bleed,
                        (length, length))
    return replace(layout, slots=tuple(layout.filled(len(slots))))


def _check_count(template: Template, cols: int, rows: int) -> None:
    if max(cols, rows) > MAX_TEMPLATE_COUNT:
        raise TemplateError(Says(N_("{source}: {field}: {cols} x {rows} items; at most {most} a side"),
                                 source=template.source or template.name, field="grid", cols=cols, rows=rows,
                                 most=MAX_TEMPLATE_COUNT))


def _grid_slots(template: Template, grid: Grid, x0: float, y0: float, cols: int, rows: int,
                pitch: tuple[float, float], bleed: float) -> tuple[Slot, ...]:
    block_w = (cols - 1) * pitch[0] + grid.item_w
    block_h = (rows - 1) * pitch[1] + grid.item_h
    if x0 + block_w > template.paper_w + 1e-6 or y0 + block_h > template.paper_h + 1e-6 or x0 < 0 or y0 < 0:
        raise TemplateError(Says(N_("{source}: {field}: {cols} x {rows} items of {width} x {height} mm do not fit on "
                                    "the paper"), source=template.source or template.name, field="grid", cols=cols,
                                 rows=rows, width=Mm(grid.item_w), height=Mm(grid.item_h)))
    return tuple(Slot(x0 + col * pitch[0], y0 + row * pitch[1], grid.item_w, grid.item_h, (bleed,) * 4, col, row)
                 for row in range(rows) for col in range(cols))


def _centred(start: float, room: float, size: float, trims: tuple[float, float], reach: float) -> float:
    """Where a block `size` long starts: centred in the printable `room` from `start`, moved as little as keeps its
    trims inside the margins (`trims`: the first and last place it may start), then as keeps `reach` mm of bleed
    and marks inside the printable room (which the count of items made sure of)."""
    first = start + (room - size) / 2
    first = min(max(first, trims[0]), trims[1])
    return min(max(first, start + reach), start + room - reach - size)


def _fitting(room: float, item: float, pitch: float, most: int | None = None) -> int:
    """How many items of `item` mm at `pitch` fit in `room` mm (none when not even one does), `most` at most."""
    count = int((room - item + 1e-6) // pitch) + 1 if room + 1e-6 >= item else 0
    return min(count, most) if most else count


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
        raise InputError(Says(N_("{field}: must be {wanted} for backs, got {value!r}"), field="duplex",
                              wanted=either(SIDES), value=duplex))
    x, y = x + offset[0], y + offset[1]
    # The offset moves the back's bleed as well: where it would reach into the printer's margin, it stops there.
    # A drift that takes a back's trim into that margin is refused.
    px, py, pw, ph = t.printable
    room = (y - py, px + pw - x - slot.w, py + ph - y - slot.h, x - px)        # top, right, bottom, left
    bleed = (top, right, bottom, left)
    if min(room) < -0.005:
        raise InputError(Says(N_("{option}: {value} takes the backs {distance} mm into the {margin} mm a printer "
                                 "leaves blank at the sheet's edge"), option="--back-offset",
                              value=f"{offset[0]:g},{offset[1]:g}", distance=Mm(-min(room)),
                              margin=Mm(PRINTER_MARGIN)))
    top, right, bottom, left = (max(0.0, min(b, r)) for b, r in zip(bleed, room))
    return Slot(x, y, slot.w, slot.h, (top, right, bottom, left), slot.col, slot.row)


def back_to_front(point: tuple[float, float], template: Template, duplex: str) -> tuple[float, float]:
    """Where a point printed on the back page lies on the front page's coordinates once the sheet is flipped."""
    x, y = point
    if duplex == "long":
        return template.paper_w - x, y
    if duplex == "short":
        return x, template.paper_h - y
    raise InputError(Says(MUST_BE, field="duplex", wanted=either(SIDES), value=duplex))


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
        raise InputError(Says(N_("{option}: its slots are {slot_width} x {slot_height} mm but item {number} is "
                                 "{width} x {height} mm; print the parts at the slots' size ({options}) or use a "
                                 "template made for theirs"), option="--template", slot_width=Mm(slot.w),
                              slot_height=Mm(slot.h), number=index + 1, width=Mm(item.width),
                              height=Mm(item.height), options="--tile-size, --card"))


def new_sheet(template: Template, title: str, meta: dict[str, str]) -> Scene:
    return Scene(template.paper_w, template.paper_h, meta={**meta, "title": title})


def impose_grid(fronts: Sequence[Scene], template: Template, options: PrintOptions,
                backs: Sequence[Scene] | Scene | None = None, title: str = "",
                footer: str = "") -> Document:
    """Fronts n-up on sheets; with options.duplex long|short and backs, each front page is followed by its back
    page. `backs` is one scene for every item, or one per front."""
    footer = with_profile(footer, options)
    if isinstance(backs, Scene):
        backs = [backs] * len(fronts)
    if backs is not None and len(backs) != len(fronts):
        raise ValueError("one back per front, or a single back for all")
    if backs is not None:
        backs = stamp_repeats(backs)
    duplex = options.duplex if backs is not None else "none"
    # The footer's band is kept for its longest line: a sheet count no smaller than the real one, the longer side.
    longest = footer_line(footer, "front" if duplex != "none" else "", len(fronts), len(fronts), options.lang)
    _, _, printable_w, printable_h = template.printable
    layout = grid_layout(template, options.bleed, options.gutter, marked=options.crop_marks or options.cut_lines,
                         footer_height=footer_band(len(footer_lines(longest, printable_w))),
                         footer_side=footer_band(len(footer_lines(longest, printable_h))))
    turned = layout.footer_turned
    per_page = layout.per_page
    meta = dict(fronts[0].meta) if fronts else {}
    pages: list[Scene] = []
    sheets = max(1, math.ceil(len(fronts) / per_page))
    for sheet in range(sheets):
        chunk = list(range(sheet * per_page, min(len(fronts), (sheet + 1) * per_page)))
        used = layout.filled(len(chunk))
        page = new_sheet(template, title, meta)
        for slot, index in zip(used, chunk):
            _check_item(fronts[index], slot, index)
            place(page, fronts[index], slot)
        marks = add_marks(page, used, template.marks, options, layout.marks)
        _set_boxes(page, used)
        side = "front" if duplex != "none" else ""
        _footer(page, template, footer_line(footer, side, sheet + 1, sheets, options.lang),
                _ink(used, marks, across=turned), turned)
        pages.append(page)
        if duplex != "none" and backs is not None:          # (a duplex without backs is "none")
            back = new_sheet(template, title, meta)
            back_slots = [back_slot(slot, layout, duplex, options.back_offset) for slot in used]
            for slot, index in zip(back_slots, chunk):
                place(back, backs[index], slot)
            _set_boxes(back, back_slots)
            _footer(back, template, footer_line(footer, "back", sheet + 1, sheets, options.lang),
                    _ink(back_slots, across=turned), turned)
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


FOOTER_SIZE = 2.2          # mm (6.2 pt): the line naming the sheet, its side, sheet n of N
FOOTER_LEADING = 1.15      # line to line, in footer sizes, when a long footer wraps
FOOTER_GAP = 1.0           # mm of bare paper between the footer and the items' bleed or crop marks


def footer_line(text: str, side: str, sheet: int, sheets: int, lang: str = "en") -> str:
    """What a sheet says of itself: what it is, which side, sheet n of N (the id that pairs a front with its back)."""
    _ = translator(lang)
    sides = {"front": _("front side"), "back": _("back side")}
    parts = (text, sides.get(side, ""), _("sheet {sheet} of {sheets}").format(sheet=sheet, sheets=sheets))
    return " · ".join(p for p in parts if p)


def footer_lines(line: str, width: float) -> list[str]:
    return wrap_text(line, FOOTER_SIZE, width) or [""]


def footer_band(lines: int) -> float:
    """The height a footer of `lines` lines takes at the foot of the printable area, with its gap above."""
    return ((lines - 1) * FOOTER_LEADING + ASCENT + DESCENT) * FOOTER_SIZE + FOOTER_GAP


def _ink(slots: Sequence[Slot], marks: Sequence[Line] = (), across: bool = False) -> tuple[float, float]:
    """The top and bottom (`across`: the left and right) of what is printed for `slots`: their bleed and their
    crop marks or cut lines."""
    if across:
        first = [s.x - s.bleed[3] for s in slots] + [min(m.x1, m.x2) for m in marks]
        last = [s.x + s.w + s.bleed[1] for s in slots] + [max(m.x1, m.x2) for m in marks]
    else:
        first = [s.y - s.bleed[0] for s in slots] + [min(m.y1, m.y2) for m in marks]
        last = [s.y + s.h + s.bleed[2] for s in slots] + [max(m.y1, m.y2) for m in marks]
    return min(first, default=math.inf), max(last, default=-math.inf)


def _footer(page: Scene, template: Template, line: str, ink: tuple[float, float], turned: bool = False) -> None:
    """The sheet's footer at the foot of the printable area (or at its head, when the items leave room only
    there: the back of a sheet flipped on its short edge), inside the printer's margin and clear of the ink.
    `turned`: the block fills the paper's height, the footer runs up the printable area's left side (`ink`: the
    ink's left and right), or down its right side when only that has room (the back of a long-edge flip)."""
    if turned:
        _side_footer(page, template, line, ink)
        return
    _, py, pw, ph = template.printable
    lines = footer_lines(line, pw)
    height = footer_band(len(lines)) - FOOTER_GAP
    below = py + ph - ink[1] - FOOTER_GAP
    above = ink[0] - py - FOOTER_GAP
    if below >= height or below >= above:
        first = py + ph - DESCENT * FOOTER_SIZE - (len(lines) - 1) * FOOTER_LEADING * FOOTER_SIZE
    else:
        first = py + ASCENT * FOOTER_SIZE
    page.add(*(Text(template.paper_w / 2, first + k * FOOTER_LEADING * FOOTER_SIZE, text, FOOTER_SIZE,
                    anchor="middle", style=Style(fill="muted")) for k, text in enumerate(lines)))


def _side_footer(page: Scene, template: Template, line: str, ink: tuple[float, float]) -> None:
    """The footer turned a quarter, centred along a side of the printable area: on the left reading up (the tops
    of its letters toward the paper's edge), on the right reading down; its lines wrapped to the paper's height."""
    px, py, pw, ph = template.printable
    lines = footer_lines(line, ph)
    height = footer_band(len(lines)) - FOOTER_GAP
    left = ink[0] - px - FOOTER_GAP
    right = px + pw - ink[1] - FOOTER_GAP
    step = FOOTER_LEADING * FOOTER_SIZE
    if left >= height or left >= right:
        first, step, turn = px + ASCENT * FOOTER_SIZE, step, -90.0
    else:
        first, step, turn = px + pw - ASCENT * FOOTER_SIZE, -step, 90.0
    page.add(*(Text(first + k * step, py + ph / 2, text, FOOTER_SIZE, anchor="middle", style=Style(fill="muted"),
                    rotate=turn) for k, text in enumerate(lines)))


def cut_words(template: Template, options: PrintOptions) -> str:
    """How a sheet made with `template` and `options` is cut, for instructions (in the options' language): the
    same test add_marks makes."""
    _ = translator(options.lang)
    if options.cut_lines or template.marks.style == "cut-lines":
        return _("on the cut lines")
    if options.crop_marks:
        return _("along the crop marks")
    return _("at the edges of the artwork")


def add_marks(page: Scene, slots: Sequence[Slot], marks: Marks, options: PrintOptions,
              lengths: tuple[float | None, float | None] | None = None) -> list[Line]:
    """Crop marks at every trim line, outside the block of items (or cut lines across it, when asked), starting
    beyond the bleed; `lengths` (beside the block, above and below it) shorten them where the paper is tight. Cut
    lines reach as far out as the marks would: never into the printer's margin or the footer. Where the paper
    leaves no room beyond the bleed (a length of None) the trim lines are marked inside it: a mark runs from the
    bleed's outer edge to the trim, on the cut itself, and goes with the bleed."""
    if not slots or not (options.crop_marks or options.cut_lines):
        return []
    style = Style(stroke=MARK_STYLE_KEY, stroke_width=marks.width)
    beside, across = lengths or (marks.length, marks.length)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.h)})
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    # Where each side's marks begin and end, out from the trim: beyond the bleed, so never on artwork, when the
    # paper has room (the offset or the bleed, whichever is wider); else inside it.
    top = _mark_span(marks.offset, _edge_bleed(slots, 0, y0), across)
    bottom = _mark_span(marks.offset, _edge_bleed(slots, 2, y1), across)
    left = _mark_span(marks.offset, _edge_bleed(slots, 3, x0), beside)
    right = _mark_span(marks.offset, _edge_bleed(slots, 1, x1), beside)
    lines: list[Line] = []
    if options.cut_lines or marks.style == "cut-lines":
        lines += [Line(x, y0 - top[1], x, y1 + bottom[1], style) for x in xs]
        lines += [Line(x0 - left[1], y, x1 + right[1], y, style) for y in ys]
    else:
        for x in xs:
            lines.append(Line(x, y0 - top[1], x, y0 - top[0], style))
            lines.append(Line(x, y1 + bottom[0], x, y1 + bottom[1], style))
        for y in ys:
            lines.append(Line(x0 - left[1], y, x0 - left[0], y, style))
            lines.append(Line(x1 + right[0], y, x1 + right[1], y, style))
    page.add(*lines)
    return lines


def _edge_bleed(slots: Sequence[Slot], side: int, edge: float) -> float:
    """The widest bleed (side: 0 top, 1 right, 2 bottom, 3 left) of the slots whose trim lies on the block's edge."""
    def at(s: Slot) -> float:
        return (s.y, s.x + s.w, s.y + s.h, s.x)[side]
    return max(s.bleed[side] for s in slots if abs(at(s) - edge) < 1e-3)


def _mark_span(offset: float, bleed: float, length: float | None) -> tuple[float, float]:
    """Where a crop mark begins and ends, measured out from the trim: `length` long beyond the offset or the bleed,
    or (None) across the bleed from the trim to its outer edge."""
    if length is None:
        return 0.0, bleed
    begin = max(offset, bleed)
    return begin, begin + length


SCALE_TEXT = 2.2          # mm: the scales' numbers at 6.2 pt, readable held to the light
# The built-in sheets a calibration page is printed on, as its footer describes them in the page's language.
CALIBRATION_SHEETS = (N_("A4 poker"), N_("Letter poker"))


def calibration_pages(template: Template, duplex: str, lang: str = "en") -> Document:
    """A two-sided page to measure a printer's duplex drift. The front carries scales at five targets, labelled
    with the --back-offset value that would centre the back's cross on them; the back carries the crosses."""
    if duplex not in SIDES:
        raise InputError(Says(N_("{field}: the calibration page needs {option} {wanted}"), field="duplex",
                              option="--duplex", wanted=either(SIDES)))
    w, h = template.paper_w, template.paper_h
    targets = [(w / 2, h / 2), (30, 30), (w - 30, 30), (30, h - 30), (w - 30, h - 30)]
    _ = translator(lang)
    front = Scene(w, h, meta={"title": _("duplex calibration (front)")})
    back = Scene(w, h, meta={"title": _("duplex calibration (back)")})
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
    sheet = _(template.name) if template.name in CALIBRATION_SHEETS else template.name
    edge = _("flip on the long edge") if duplex == "long" else _("flip on the short edge")
    front.add(Text(w / 2, 16, _("Duplex calibration: print both sides, hold the sheet to the light."), 3.2,
                   anchor="middle", weight="bold"),
              Text(w / 2, 21.5, _("Read the red lines of the back on the scales; pass the two numbers as "
                   "--back-offset X,Y (mm)."), 2.6, anchor="middle"),
              Text(w / 2, h - 12, f"{edge} · {sheet}", 2.4, anchor="middle",
                   style=Style(fill="muted")))
    return Document([front, back], title=_("duplex calibration"))


def lane_length(template: Template) -> float:
    """The longest strip one lane of a tape template holds."""
    if template.lanes is None:
        raise TemplateError(Says(NOT_TAPE, source=template.source or template.name))
    return template.usable[2] - 2 * (template.marks.offset + template.marks.length)


LABEL_SIZE = 2.2           # mm (6.2 pt): a strip's label
LABEL_LEADING = 1.15       # label line to line, in label sizes
LABEL_CLEAR = 1.0          # mm of bare paper between a label and a strip's bleed


@dataclass(frozen=True)
class LanePlan:
    """Where the strips go: per sheet, each strip's index and the top left of its trim; and how long its crop
    marks are at its ends (along the lane) and at its sides (across the lane, in the gap between lanes)."""
    template: Template
    sheets: tuple[tuple[tuple[int, float, float], ...], ...]
    marks: tuple[float, float]


def impose_lanes(strips: Sequence[Scene], template: Template, options: PrintOptions,
                 labels: Sequence[str] = (), title: str = "", footer: str = "") -> Document:
    """Tape strips in lanes, in order: side by side along a lane as far as they fit, lanes down the sheet, on the
    template's paper turned whichever way takes fewer sheets (unless options.orientation says). Each strip's trim
    keeps its bleed on every side; its label prints small above it, in the gap between lanes, at least SAFE_ZONE
    from every trim and crop mark and clear of the bleed (the gap widens when a label needs it, wrapped to the
    strip's length)."""
    lanes = template.lanes
    if lanes is None:
        raise TemplateError(Says(NOT_TAPE, source=template.source or template.name))
    length = lane_length(template)
    for index, strip in enumerate(strips):
        if strip.width > length + 1e-6:
            raise InputError(Says(N_("strip {number}: {length} mm is longer than a lane ({lane} mm); cut it into "
                                     "pieces first"), number=index + 1, length=Mm(strip.width), lane=Mm(length)))
        if abs(strip.height - lanes.width) > 0.01:
            raise InputError(Says(N_("strip {number}: {width} mm wide, the template's tape is {tape} mm"),
                                  number=index + 1, width=Mm(strip.height), tape=Mm(lanes.width)))
    footer = with_profile(footer, options)
    lines = [_label_lines(labels[k] if k < len(labels) else "", strip, template.marks)
             for k, strip in enumerate(strips)]
    label_room = _label_height(max(map(len, lines), default=0))
    own = "landscape" if template.paper_w > template.paper_h else "portrait"
    ways = [way for way, turned in ((template, False), (template.turned(), True))
            if options.orientation is None or (options.orientation == own) != turned]
    longest = footer_line(footer, "", len(strips), len(strips), options.lang)
    plans = [plan for way in ways
             if (plan := plan_lanes([s.width for s in strips], way, options.bleed, label_room,
                                    footer_band(len(footer_lines(longest, way.printable[2]))))) is not None]
    if not plans:
        raise InputError(Says(N_("{source}: the strips with {bleed} mm of bleed and their crop marks do not fit on "
                                 "the paper"), source=template.source or template.name, bleed=Mm(options.bleed)))
    plan = min(plans, key=lambda p: len(p.sheets))          # the first (the template's own way) on a tie
    sheet = plan.template
    clear = max(SAFE_ZONE, options.bleed) + LABEL_CLEAR
    meta = dict(strips[0].meta) if strips else {}
    pages: list[Scene] = []
    for number, placed in enumerate(plan.sheets, 1):
        page = new_sheet(sheet, title, meta)
        slots, marks = [], []
        for index, x, y in placed:
            slot = Slot(x, y, strips[index].width, strips[index].height, (options.bleed,) * 4, 0, 0)
            place(page, strips[index], slot)
            marks += add_marks(page, [slot], sheet.marks, options, plan.marks)   # strips differ in length: marks each
            page.add(*_label_texts(lines[index], slot, clear, sheet.marks))
            slots.append(slot)
        _set_boxes(page, slots)
        _footer(page, sheet, footer_line(footer, "", number, len(plan.sheets), options.lang), _ink(slots, marks))
        pages.append(page)
    return Document(pages, title=title)


def plan_lanes(widths: Sequence[float], template: Template, bleed: float, label_room: float,
               footer_height: float) -> LanePlan | None:
    """Strips of these lengths in the template's lanes, or None when the longest does not fit one with its bleed
    and crop marks of at least MIN_MARK_LENGTH. The gap between lanes holds the labels and both lanes' marks; a
    strip's end marks are as long as the longest strip leaves room for."""
    lanes = template.lanes
    if lanes is None:
        raise TemplateError(Says(NOT_TAPE, source=template.source or template.name))
    ux, uy, uw, uh = template.usable
    _, py, _, ph = template.printable
    marks = template.marks
    start = max(marks.offset, bleed)
    along = min(marks.length, (uw - max(widths, default=0.0)) / 2 - start)
    clear = max(SAFE_ZONE, bleed) + LABEL_CLEAR
    gap = max(lanes.gap, 2 * bleed + 4.0, 2 * clear + label_room if label_room else 0.0)
    across = min(marks.length, gap - start - bleed)        # a lane's marks never reach the next lane's bleed
    top = max(start + across, clear + label_room)          # above the first lane: its marks and label
    room = min(uy + uh, py + ph - footer_height) - uy - top - (start + across)
    if min(along, across) < min(MIN_MARK_LENGTH, marks.length) or room < lanes.width:
        return None
    per_sheet = int((room - lanes.width + 1e-6) // (lanes.width + gap)) + 1
    end = start + along                                    # from a strip's trim to the far end of its marks
    sheets: list[list[tuple[int, float, float]]] = []
    lane, x = per_sheet, math.inf
    for index, width in enumerate(widths):
        if x + width + end > ux + uw + 1e-6:
            lane, x = lane + 1, ux + end
            if lane >= per_sheet:
                sheets.append([])
                lane = 0
        sheets[-1].append((index, x, uy + top + lane * (lanes.width + gap)))
        x += width + 2 * end
    return LanePlan(template, tuple(tuple(sheet) for sheet in sheets), (along, across))


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


def tape_artwork(repeat: Scene, length: float, bleed: float, piece: float | None = None) -> Scene:
    """A continuous strip `length` mm long: the repeat laid end to end (drawn once, as a symbol, used many times),
    with `bleed` mm of artwork beyond each edge. The repeat should carry at least that much bleed itself.

    A repeat made of pieces that are torn off whole (`piece` mm long: a Cops segment, a Cats segment with its forest
    section) ends the roll on its last whole piece: the rest, shorter than a piece, and the bleed after it are plain
    tape (theme colour "tape-ground"), so the roll's end never cuts through a piece's artwork. A roll that ends on a
    piece's end carries the next piece into its bleed, as at its start, so paths at the cut run on past it."""
    if length <= 0:
        raise InputError(Says(N_("{field}: must be greater than zero"), field="length"))
    strip = Scene(length, repeat.height, bleed=bleed, theme=dict(repeat.theme),
                  meta={**repeat.meta, "repeat": f"{format_mm(repeat.width)} mm", "length": f"{format_mm(length)} mm"})
    for symbol in repeat.symbols.values():
        strip.define(symbol)
    body = Symbol(f"repeat-{repeat.meta.get('seed', '0')}", repeat.width, repeat.height, list(repeat.children))
    strip.define(body)
    end = last_whole_piece(piece, length)
    # Plain tape only where the roll runs on past its last whole piece; a roll ending on a piece's end runs on into
    # the bleed (the next piece, its paths meeting this one's), as it does at its start.
    plain = bool(piece) and length - end > 1e-6
    reach = end if plain else end + bleed
    count = math.ceil(reach / repeat.width)
    # The roll is continuous: the repeats before the first and after the last show in the bleed at its ends. Each
    # repeat is cut to its own length, so the bleed it carries past its ends never paints over its neighbours.
    uses: list[Primitive] = [
        Group([Use(body.id, k * repeat.width, 0.0)],
              clip=(k * repeat.width, -bleed, repeat.width, repeat.height + 2 * bleed))
        for k in range(-1 if bleed > 0 else 0, count)]
    strip.add(Group(children=uses, clip=(-bleed, -bleed, reach + bleed, repeat.height + 2 * bleed)))
    if plain:
        strip.add(Rect(end, -bleed, length - end + bleed, repeat.height + 2 * bleed, Style(fill="tape-ground")))
    return strip


def last_whole_piece(piece: float | None, length: float) -> float:
    """Where the roll's last whole piece ends: `length` itself for a repeat without pieces, a length of whole
    pieces, or shorter than one piece."""
    if not piece:
        return length
    whole = math.floor(length / piece + 1e-9) * piece
    return whole if whole > 0 and length - whole > 1e-6 else length
