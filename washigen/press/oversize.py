"""A scene larger than the paper, printed over several overlapping sheets that are trimmed and taped together.

Each sheet shows a window of the scene. A sheet is laid over its left (or upper) neighbour with its own edge on
that neighbour's dashed line, so the first edge of every sheet but the first is a cut through the assembled
picture. Text is kept SAFE_ZONE clear of those cuts (moved along, or broken onto two lines), and each sheet prints
only the texts that lie whole inside its window: the others it would clip, and a neighbour prints them whole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

from .. import __version__
from ..fonts import ASCENT, DESCENT, balanced_lines, text_width
from ..i18n import translator
from ..scene import Circle, Group, Line, Rect, Scene, Style, Text
from ..units import MIN_PAGE_MARGIN, SAFE_ZONE, paper_size
from .document import Document
from .templates import PRINTER_MARGIN

FOOTER = 8.0                  # mm below the window kept for the footer line
NAME_SIZE = 3.5               # the sheet's name, below its window's right end
LABEL_GAP = 0.6               # mm between a cut's dashed line and the paper label beside it
LABEL_PAD = 0.6               # the paper label's margin around its words
NAME_BASELINE = 5.0           # mm below the window: above the footer, whose top is 6.8 mm below it
BESIDE = LABEL_GAP + 2 * LABEL_PAD + (ASCENT + DESCENT) * 2.4   # mm: the words' paper label beside a cut, across
CROSS_ARM = 4.0               # mm from an aligning cross's centre to the end of its arms
LINE_SPACING = 1.2            # a note broken onto two lines: baseline to baseline, in font sizes


@dataclass(frozen=True)
class SheetGrid:
    """`cols` x `rows` sheets of `page` mm, each showing a `window` of the scene; sheet (r, c)'s window starts at
    (c * step_x, r * step_y) in scene millimetres."""
    cols: int
    rows: int
    page: tuple[float, float]
    window: tuple[float, float]
    step: tuple[float, float]

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def origin(self, row: int, col: int) -> tuple[float, float]:
        return col * self.step[0], row * self.step[1]

    def cuts(self) -> tuple[list[float], list[float]]:
        """Scene x and y where a sheet's first edge lies on its neighbour: cuts through the assembled picture."""
        return ([c * self.step[0] for c in range(1, self.cols)], [r * self.step[1] for r in range(1, self.rows)])


def sheet_grid(width: float, height: float, paper: str, overlap: float) -> SheetGrid:
    """The orientation that needs the fewest sheets (landscape on a tie); the windows overlap by at least `overlap`
    mm."""
    return min((_sheet_grid(width, height, paper_size(paper, orientation), overlap)
                for orientation in ("landscape", "portrait")), key=lambda grid: grid.count)


def _sheet_grid(width: float, height: float, page: tuple[float, float], overlap: float) -> SheetGrid:
    pw, ph = page
    uw, uh = pw - 2 * MIN_PAGE_MARGIN, ph - 2 * MIN_PAGE_MARGIN - FOOTER
    cols = 1 if width <= uw else math.ceil((width - overlap) / (uw - overlap))
    rows = 1 if height <= uh else math.ceil((height - overlap) / (uh - overlap))
    ww, wh = min(uw, width), min(uh, height)
    step = ((width - ww) / (cols - 1) if cols > 1 else 0.0, (height - wh) / (rows - 1) if rows > 1 else 0.0)
    return SheetGrid(cols, rows, (pw, ph), (ww, wh), step)


# -- text clear of the cuts ----------------------------------------------------------------------------------------

def text_bounds(text: Text) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a text's ink box (rotation included) in its scene's millimetres."""
    width = text_width(text.text, text.size, text.weight, text.family)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    corners = [(start + dx, dy) for dx in (0.0, width) for dy in (-ASCENT * text.size, DESCENT * text.size)]
    a = math.radians(text.rotate)
    xs = [text.x + u * math.cos(a) - v * math.sin(a) for u, v in corners]
    ys = [text.y + u * math.sin(a) + v * math.cos(a) for u, v in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _shift_clear(low: float, high: float, cuts: list[float], lowest: float, highest: float) -> float | None:
    """The smallest move of [low, high] that keeps it SAFE_ZONE from every cut and inside [lowest, highest]."""
    def clear(s: float) -> bool:
        return (lowest <= low + s and high + s <= highest
                and all(high + s <= cut - SAFE_ZONE or low + s >= cut + SAFE_ZONE for cut in cuts))

    candidates = [0.0] + [move for cut in cuts for move in (cut - SAFE_ZONE - high, cut + SAFE_ZONE - low)]
    fitting = [s for s in candidates if clear(s)]
    return min(fitting, key=abs) if fitting else None


def _as_lines(text: Text, parts: list[str]) -> list[Text]:
    """`text` broken at `parts`, the lines centred on its baseline."""
    first = text.y - (len(parts) - 1) * LINE_SPACING * text.size / 2
    return [replace(text, text=part, y=first + i * LINE_SPACING * text.size) for i, part in enumerate(parts)]


def _moved_off_cuts(text: Text, grid: SheetGrid, size: tuple[float, float],
                    lane: tuple[float, float] | None) -> list[Text]:
    """`text` moved the least that keeps it clear of the cuts, inside its `lane` (x from, x to; else the scene);
    on two lines when one line has no clear place."""
    cuts_x, cuts_y = grid.cuts()
    for lines in ([text], _as_lines(text, balanced_lines(text.text, text.weight))):
        boxes = [text_bounds(line) for line in lines]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        left, right = lane or (min(x0, SAFE_ZONE), max(x1, size[0] - SAFE_ZONE))
        dx = _shift_clear(x0, x1, cuts_x, left, right)
        dy = _shift_clear(y0, y1, cuts_y, min(y0, SAFE_ZONE), max(y1, size[1] - SAFE_ZONE))
        if dx is not None and dy is not None:
            return [replace(line, x=line.x + dx, y=line.y + dy) for line in lines]
    return [text]                   # wider than any stretch between cuts: the preflight names it


def off_the_cuts(children: list, grid: SheetGrid, size: tuple[float, float],
                 lanes: dict[str, tuple[float, float]] | None = None) -> list:
    """The scene's items with every top-level text moved SAFE_ZONE clear of the cuts; `lanes` holds, by a text's
    words, the stretch it may move along (so a note stays clear of the drawing beside it)."""
    lanes = lanes or {}
    return [moved for item in children
            for moved in (_moved_off_cuts(item, grid, size, lanes.get(item.text)) if isinstance(item, Text)
                          else [item])]


def _whole_in(item, window: tuple[float, float, float, float], size: tuple[float, float]) -> bool:
    """Whether `item` prints whole on the sheet showing `window`: a text must lie SAFE_ZONE inside every window
    edge that is a cut (the scene's own edges keep their own margins)."""
    if not isinstance(item, Text):
        return True
    x0, y0, x1, y1 = text_bounds(item)
    wx, wy, ww, wh = window

    def inset(edge: float, scene_edge: float) -> float:
        return 0.0 if abs(edge - scene_edge) < 1e-6 else SAFE_ZONE - 1e-6

    return (x0 >= wx + inset(wx, 0.0) and y0 >= wy + inset(wy, 0.0)
            and x1 <= wx + ww - inset(wx + ww, size[0]) and y1 <= wy + wh - inset(wy + wh, size[1]))


# -- the sheets ----------------------------------------------------------------------------------------------------

def sheet_name(grid: "SheetGrid", row: int, col: int) -> str:
    """A sheet's number, row by row: plain numbers, since names such as A1..A3 read as paper sizes next to the
    kit's "A4 paper"."""
    return str(row * grid.cols + col + 1)


def tile_pages(scene: Scene, paper: str, title: str, overlap: float = 12.0, lang: str = "en",
               lanes: dict[str, tuple[float, float]] | None = None) -> Document:
    """`scene` over as many sheets as it needs, with overlaps, crosses to align and each sheet's name; texts kept
    clear of the cuts (`lanes`: see off_the_cuts)."""
    grid = sheet_grid(scene.width, scene.height, paper, overlap)
    children = off_the_cuts(list(scene.children), grid, (scene.width, scene.height), lanes)
    (pw, ph), (ww, wh) = grid.page, grid.window
    ox, oy = (pw - ww) / 2, MIN_PAGE_MARGIN
    pages = []
    for r in range(grid.rows):
        for c in range(grid.cols):
            wx, wy = grid.origin(r, c)
            name = sheet_name(grid, r, c)
            page = Scene(pw, ph, theme=dict(scene.theme), meta={**scene.meta, "title": title, "sheet": name})
            for symbol in scene.symbols.values():
                page.define(symbol)
            shown = [item for item in children if _whole_in(item, (wx, wy, ww, wh), (scene.width, scene.height))]
            page.add(Group(children=shown, dx=ox - wx, dy=oy - wy, clip=(wx, wy, ww, wh)))
            page.add(*assembly_marks(grid, (r, c), (ox, oy), scene, lang))
            label = title + " · " + translator(lang).gettext("sheet {name} of {sheets}").format(
                name=name, sheets=grid.count) if grid.count > 1 else title
            # The footer's baseline keeps its descenders inside the printer's margin (DESIGN 4: 5 mm).
            page.add(Text(pw / 2, ph - PRINTER_MARGIN - DESCENT * 2.4, f"{label} · washigen {__version__}", 2.4,
                          anchor="middle", style=Style(fill="muted")))
            page.trim_box = (ox, oy, ww, wh)
            pages.append(page)
    return Document(pages, title=title)


def assembly_marks(grid: SheetGrid, at: tuple[int, int], offset: tuple[float, float], scene: Scene,
                   lang: str = "en") -> list:
    """Where the next sheet overlaps this one (dashed line, 'lay … over'), crosses to align, and the sheet's name."""
    (r, c), (ox, oy) = at, offset
    (ww, wh), (step_x, step_y) = grid.window, grid.step
    wx, wy = grid.origin(r, c)
    if grid.count == 1:
        return []
    mark = Style(stroke="accent", stroke_width=0.3)
    dash = Style(stroke="accent", stroke_width=0.3, dash=(2.0, 1.5))
    _ = translator(lang).gettext
    lay = _("lay sheet {sheet} over this strip, up to the line")
    # The sheet's name below its window, clear of the artwork (whose lines ran through it in the window's corner).
    items: list = [Text(ox + ww, oy + wh + NAME_BASELINE, _("sheet {name}").format(name=sheet_name(grid, r, c)),
                        NAME_SIZE, anchor="end", weight="bold", style=Style(fill="accent"))]
    # Each cut's words stand at the middle of the sheet, unless the other cut or an aligning cross would run
    # through them there: then moved the least along their own cut that keeps them clear, so the two never meet at
    # the crossing (nor is either crossed by the other's dashed line or a cross's arm).
    x_cut = ox + (c + 1) * step_x - wx if c + 1 < grid.cols else None
    y_cut = oy + (r + 1) * step_y - wy if r + 1 < grid.rows else None
    if x_cut is not None:
        words = lay.format(sheet=sheet_name(grid, r, c + 1))
        arms = [(oy + yy - wy, CROSS_ARM) for yy in (scene.height * 0.25, scene.height * 0.75)]
        y = _along_cut(oy, oy + wh, [(y_cut, BESIDE)] if y_cut is not None else [], text_width(words, 2.4), arms)
        items += [Line(x_cut, oy, x_cut, oy + wh, dash),
                  *_beside_cut(Text(x_cut, y, words, 2.4, anchor="middle", rotate=90.0, style=Style(fill="accent")),
                               x_cut, None)]
    if y_cut is not None:
        words = lay.format(sheet=sheet_name(grid, r + 1, c))
        arms = [(ox + xx - wx, CROSS_ARM) for xx in (scene.width * 0.25, scene.width * 0.75)]
        x = _along_cut(ox, ox + ww, [(x_cut, BESIDE)] if x_cut is not None else [], text_width(words, 2.4), arms)
        items += [Line(ox, y_cut, ox + ww, y_cut, dash),
                  *_beside_cut(Text(x, y_cut, words, 2.4, anchor="middle", style=Style(fill="accent")), None, y_cut)]
    # Crosses at fixed mat positions inside every overlap: they print on both sheets and must coincide.
    for k in range(1, grid.cols):
        for yy in (scene.height * 0.25, scene.height * 0.75):
            xx = k * step_x + (ww - step_x) / 2
            items += _cross(ox + xx - wx, oy + yy - wy, (ox, oy, ww, wh), mark)
    for k in range(1, grid.rows):
        for xx in (scene.width * 0.25, scene.width * 0.75):
            yy = k * step_y + (wh - step_y) / 2
            items += _cross(ox + xx - wx, oy + yy - wy, (ox, oy, ww, wh), mark)
    return items


def _along_cut(low: float, high: float, avoid: list[tuple[float, float]], length: float,
               rather: Sequence[tuple[float, float]] = ()) -> float:
    """Where along a cut from `low` to `high` its words (`length` mm) are centred: the middle, or the place nearest
    it whose words keep clear of every (position, reach) in `avoid` (the other cut) and `rather` (the crosses' arms)
    and inside the sheet; where none is, clear of `avoid` alone; the middle where no place is clear of that."""
    middle, half = (low + high) / 2, length / 2 + LABEL_PAD + LABEL_GAP + 1.0

    def nearest(keep_off: list[tuple[float, float]]) -> float | None:
        places = [middle] + [where + sign * (half + reach) for where, reach in keep_off for sign in (-1.0, 1.0)]
        fitting = [at for at in places if low + half <= at + 1e-9 and at <= high - half + 1e-9
                   and all(abs(at - where) >= half + reach - 1e-9 for where, reach in keep_off)]
        return min(fitting, key=lambda at: abs(at - middle)) if fitting else None

    for keep_off in ([*avoid, *rather], list(avoid)):
        at = nearest(keep_off)
        if at is not None:
            return at
    return middle


def _beside_cut(text: Text, x: float | None, y: float | None) -> list:
    """`text` moved just past the cut at `x` (or `y`), on a plain label of paper: it runs over the mat's tiles and
    lines, which would otherwise cross it."""
    x0, y0, x1, y1 = text_bounds(text)
    dx = x + LABEL_GAP + LABEL_PAD - x0 if x is not None else 0.0
    dy = y + LABEL_GAP + LABEL_PAD - y0 if y is not None else 0.0
    moved = replace(text, x=text.x + dx, y=text.y + dy)
    pad = LABEL_PAD
    return [Rect(x0 + dx - pad, y0 + dy - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, Style(fill="paper")), moved]


def _cross(x: float, y: float, window: tuple[float, float, float, float], style: Style) -> list:
    ox, oy, ww, wh = window
    if not (ox <= x <= ox + ww and oy <= y <= oy + wh):
        return []
    return [Line(x - CROSS_ARM, y, x + CROSS_ARM, y, style), Line(x, y - CROSS_ARM, x, y + CROSS_ARM, style),
            Circle(x, y, 2.0, Style(stroke="accent", stroke_width=0.3))]
