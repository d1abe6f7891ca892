"""Cats designs as scenes at real size: maps, tape strips, rolls, player sheets and the rule-sheet figures.

Everything is measured in cells: a cell is `s` mm (the tape width over the cell rows plus one for the band), and
every stroke and symbol scales with it, so a map reads at 5 mm cells and still at 3 mm. Made for white paper under
translucent washi: black walls, light fills, strong colours only where they mean something (sewers, shrines).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from ... import __version__
from ...errors import InputError
from ...qr import QUIET_MODULES, qr_fits, qr_matrix
from ...fonts import MIN_FINE_PRINT, MIN_TEXT, descent, fit_size, size_in_room, text_width
from ...i18n import N_, translator
from ...press import Document, PrintOptions, template_for
from ...press.impose import impose_grid, impose_lanes, lane_length
from ...press.templates import Grid as SheetGrid
from ...press.templates import Template
from ...scene import Circle, Group, Line, Path, Polygon, Rect, Scene, Style, Symbol, Text, Use
from ...units import PAPER_SIZES, SAFE_ZONE, format_mm
from .constants import TITLE
from .model import (BAND_PAD, BUILDING, FOREST, FOREST_SECTION_COLS, SHRINE, SHRUB, CatsMap, CatsRoll, CatsSegment,
                    CatsSetup, Grid, band_holds_qr, cell_size, forest_qr_cells, map_layers, table, top_layers)

Edges = tuple[float, float, float, float]       # top, right, bottom, left (as press.impose.Slot.bleed)
# Between the grid and a band's line of text.
BAND_TEXT_GAP = 0.2

THEME = {
    "grid": "#9a9a9a",
    "building": "#ddd6c8",
    "wall": "#111111",
    "home": "#f5efe0",
    "shrine": "#d2381c",
    "shrine-tint": "#fbe4dc",
    "forest": "#2f6b35",
    "forest-light": "#4f8c44",
    "forest-tint": "#d9ebd1",
    "trunk": "#6b4a2b",
    "band": "#c4c4c4",
    "tape-ground": "#f7f4ec",           # plain tape past a roll's last whole piece (press.impose.tape_artwork)
    "band-ink": "#3a3a3a",
    "overlap": "#e4e4e4",
    # Sewer lids: apart by at least 30 ΔE for every pair under deuteranopia and protanopia too (a teal green, a
    # bright yellow), and each with its own white grate for anyone who tells them by shape.
    "sewer-red": "#e0301e",
    "sewer-blue": "#1f5fbf",
    "sewer-green": "#00796b",
    "sewer-yellow": "#ffd000",
    "sewer-red-rim": "#7d140f",
    "sewer-blue-rim": "#0f336b",
    "sewer-green-rim": "#004d44",
    "sewer-yellow-rim": "#7a5d00",
    "player-1": "#7b3fa0",
    "player-2": "#ee7b16",
    "player-3": "#138a8a",
    "player-4": "#d6408f",
    "player-5": "#8a5a2b",
    "player-6": "#243c8f",
    "cut-line": "#6f6f6f",
}


# The words beside a band's symbols (translated where they are printed).
BAND_WORDS = {"colour-box": N_("your colour"), "special": N_("special moves"), "fish": N_("fish")}


def new_scene(width: float, height: float, bleed: float, meta: dict[str, str]) -> Scene:
    return Scene(width, height, bleed=bleed, theme=dict(THEME), meta={"game": "cats", "version": __version__, **meta})


# -- symbols (one per cell size; drawn in a box of s x s) -------------------------------------------------------------

def _unit(s: float, points) -> tuple[tuple[float, float], ...]:
    return tuple((x * s, y * s) for x, y in points)


@lru_cache(maxsize=None)
def symbol(name: str, s: float) -> Symbol:
    """The symbol `name` for cells of s mm; cached so that every strip on a sheet shares one definition."""
    sym = Symbol(f"{name}-{format_mm(s).replace('.', '_')}", s, s)
    draw = _SYMBOLS[name]
    draw(sym, s)
    return sym


def _shrine(sym: Symbol, s: float) -> None:
    red = Style(fill="shrine")
    sym.add(Rect(0.05 * s, 0.05 * s, 0.9 * s, 0.9 * s, Style(fill="shrine-tint"), rx=0.08 * s))
    sym.add(Path((("M", 0.06 * s, 0.15 * s), ("C", 0.3 * s, 0.25 * s, 0.7 * s, 0.25 * s, 0.94 * s, 0.15 * s),
                  ("L", 0.91 * s, 0.28 * s), ("C", 0.7 * s, 0.34 * s, 0.3 * s, 0.34 * s, 0.09 * s, 0.28 * s),
                  ("Z",)), red))
    sym.add(Rect(0.17 * s, 0.43 * s, 0.66 * s, 0.085 * s, red))
    sym.add(Polygon(_unit(s, ((0.265, 0.3), (0.365, 0.3), (0.375, 0.9), (0.245, 0.9))), red))
    sym.add(Polygon(_unit(s, ((0.635, 0.3), (0.735, 0.3), (0.755, 0.9), (0.625, 0.9))), red))
    sym.add(Rect(0.465 * s, 0.3 * s, 0.07 * s, 0.14 * s, red))


def _sewer(colour: str):
    def draw(sym: Symbol, s: float) -> None:
        sym.add(Circle(0.5 * s, 0.5 * s, 0.36 * s, Style(fill=f"sewer-{colour}", stroke=f"sewer-{colour}-rim",
                                                          stroke_width=0.05 * s)))
        white = Style(fill="#ffffff")
        bar = 0.1 * s
        # Each colour has its own bold grate, so the pairs read in grey-scale, for colour-blind players, and at
        # arm's length: red three rungs across, blue three bars down, green four dots, yellow a cross.
        if colour == "red":
            for y, w in ((0.33, 0.38), (0.45, 0.48), (0.57, 0.38)):
                sym.add(Rect((0.5 - w / 2) * s, y * s, w * s, bar, white, rx=bar / 2))
        elif colour == "blue":
            for x, h in ((0.33, 0.38), (0.45, 0.48), (0.57, 0.38)):
                sym.add(Rect(x * s, (0.5 - h / 2) * s, bar, h * s, white, rx=bar / 2))
        elif colour == "green":
            for x, y in ((0.5, 0.31), (0.69, 0.5), (0.5, 0.69), (0.31, 0.5)):
                sym.add(Circle(x * s, y * s, 0.085 * s, white))
        else:
            sym.add(Rect(0.26 * s, 0.45 * s, 0.48 * s, bar, white, rx=bar / 2))
            sym.add(Rect(0.45 * s, 0.26 * s, bar, 0.48 * s, white, rx=bar / 2))
    return draw


def _tree(sym: Symbol, s: float) -> None:
    sym.add(Rect(0.45 * s, 0.55 * s, 0.1 * s, 0.3 * s, Style(fill="trunk")))
    sym.add(Circle(0.5 * s, 0.4 * s, 0.27 * s, Style(fill="forest")))
    sym.add(Circle(0.42 * s, 0.33 * s, 0.08 * s, Style(fill="forest-light")))


def _pine(sym: Symbol, s: float) -> None:
    sym.add(Rect(0.45 * s, 0.66 * s, 0.1 * s, 0.2 * s, Style(fill="trunk")))
    sym.add(Polygon(_unit(s, ((0.5, 0.1), (0.78, 0.48), (0.64, 0.48), (0.84, 0.72), (0.16, 0.72), (0.36, 0.48),
                              (0.22, 0.48))), Style(fill="forest")))


def _shrub(sym: Symbol, s: float) -> None:
    green = Style(fill="forest-light", stroke="forest", stroke_width=0.04 * s)
    sym.add(Circle(0.32 * s, 0.6 * s, 0.19 * s, green))
    sym.add(Circle(0.68 * s, 0.6 * s, 0.19 * s, green))
    sym.add(Circle(0.5 * s, 0.44 * s, 0.22 * s, green))


def _fish_shape(s: float, style: Style) -> list:
    body = Path((("M", 0.1 * s, 0.5 * s), ("C", 0.25 * s, 0.26 * s, 0.55 * s, 0.26 * s, 0.7 * s, 0.5 * s),
                 ("C", 0.55 * s, 0.74 * s, 0.25 * s, 0.74 * s, 0.1 * s, 0.5 * s), ("Z",)), style)
    tail = Polygon(_unit(s, ((0.68, 0.5), (0.92, 0.3), (0.87, 0.5), (0.92, 0.7))), style)
    eye = Circle(0.24 * s, 0.46 * s, 0.035 * s, Style(fill="ink"))
    return [tail, body, eye]


def _fish(sym: Symbol, s: float) -> None:
    sym.add(*_fish_shape(s, Style(fill="#ffffff", stroke="ink", stroke_width=0.05 * s, line_join="round")))


def _star_points(cx: float, cy: float, outer: float, inner: float) -> tuple[tuple[float, float], ...]:
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        radius = outer if k % 2 == 0 else inner
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def _special(sym: Symbol, s: float) -> None:
    sym.add(Circle(0.5 * s, 0.5 * s, 0.42 * s, Style(fill="#ffffff", stroke="ink", stroke_width=0.05 * s)))
    sym.add(Polygon(_star_points(0.5 * s, 0.53 * s, 0.3 * s, 0.13 * s),
                    Style(fill="faint", stroke="ink", stroke_width=0.035 * s, line_join="round")))


def _colour_box(sym: Symbol, s: float) -> None:
    sym.add(Rect(0.08 * s, 0.08 * s, 0.84 * s, 0.84 * s, Style(fill="#ffffff", stroke="ink", stroke_width=0.06 * s),
                 rx=0.06 * s))


_SYMBOLS = {"shrine": _shrine, "tree": _tree, "pine": _pine, "shrub": _shrub, "fish": _fish, "special": _special,
            "colour-box": _colour_box, **{f"sewer-{c}": _sewer(c) for c in ("red", "blue", "green", "yellow")}}


@lru_cache(maxsize=None)
def player_symbol(kind: str, player: int, s: float) -> Symbol:
    """A drawn fish or cat in a player's colour (set-ups)."""
    sym = Symbol(f"{kind}-p{player}-{format_mm(s).replace('.', '_')}", s, s)
    colour = f"player-{player}"
    if kind == "fish":
        sym.add(*_fish_shape(s, Style(fill=colour, stroke="ink", stroke_width=0.04 * s, line_join="round")))
    else:
        style = Style(fill=colour, stroke="ink", stroke_width=0.04 * s, line_join="round")
        sym.add(Polygon(_unit(s, ((0.2, 0.5), (0.24, 0.12), (0.44, 0.32), (0.56, 0.32), (0.76, 0.12), (0.8, 0.5))),
                        style))
        sym.add(Circle(0.5 * s, 0.56 * s, 0.3 * s, style))
        white = Style(fill="#ffffff")
        sym.add(Circle(0.39 * s, 0.52 * s, 0.06 * s, white), Circle(0.61 * s, 0.52 * s, 0.06 * s, white))
    return sym


def use(scene: Scene, sym: Symbol, x: float, y: float, s: float, turned: bool = False) -> Use:
    scene.define(sym)
    if turned:
        return Use(sym.id, x + s, y + s, rotate=180.0)
    return Use(sym.id, x, y)


# -- the grid ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Window:
    """Rows r0..r1 - 1 and columns c0..c1 - 1 (0-based) of a grid, drawn with its top-left corner at (0, 0)."""
    r0: int
    r1: int
    c0: int
    c1: int


def widths(s: float) -> tuple[float, float]:
    """(grid line, wall) stroke widths for cells of s mm."""
    return max(0.1, 0.03 * s), max(0.2, 0.12 * s)


def draw_grid(scene: Scene, grid: Grid, s: float, window: Window | None = None, turned_rows: int = 0,
              home_rows: tuple[int, ...] = (), bleed: Edges = (0.0, 0.0, 0.0, 0.0)) -> list:
    """The cells of `grid` inside `window`: fills, grid lines, symbols, walls. Rows before `turned_rows` face the
    top player (their symbols are turned). Where a side of the window is a trim, `bleed` (top, right, bottom,
    left) carries the fills, grid lines and walls that reach it on into the bleed. Returns the primitives in window
    coordinates."""
    R, C = grid.height, grid.width
    w = window or Window(0, R, 0, C)
    rows, cols = w.r1 - w.r0, w.c1 - w.c0
    line_w, wall_w = widths(s)
    items: list = []

    def inside(r: int, c: int) -> bool:
        return w.r0 <= r < w.r1 and w.c0 <= c < w.c1

    def xy(r: int, c: int) -> tuple[float, float]:
        return (c - w.c0) * s, (r - w.r0) * s

    top, right, bottom, left = bleed
    for r in home_rows:
        if w.r0 <= r < w.r1:
            items.append(Rect(-left, (r - w.r0) * s, cols * s + left + right, s, Style(fill="home")))
    items += _region_fills(grid, s, w, bleed)
    items.append(_grid_lines(rows, cols, s, line_w, bleed))
    sewers = {(sw.row - 1, sw.col - 1): sw.colour for sw in grid.sewers}
    for r in range(w.r0, w.r1):
        line = grid.rows[r]
        for c in range(w.c0, w.c1):
            kind = line[c]
            x, y = xy(r, c)
            turned = r < turned_rows
            if kind == SHRINE:
                items.append(use(scene, symbol("shrine", s), x, y, s, turned))
            elif kind == FOREST:
                items.append(use(scene, symbol("tree" if (r + c) % 3 else "pine", s), x, y, s, turned))
            elif kind == SHRUB:
                items.append(use(scene, symbol("shrub", s), x, y, s, turned))
            elif (r, c) in sewers:
                items.append(use(scene, symbol(f"sewer-{sewers[r, c]}", s), x, y, s, turned))
    items += _forest_edges(grid, s, w)
    items.append(_walls(grid, s, w, wall_w, bleed))
    return items


def _grid_lines(rows: int, cols: int, s: float, width: float, bleed: Edges) -> Path:
    top, right, bottom, left = bleed
    commands = []
    for r in range(rows + 1):
        commands += [("M", -left, r * s), ("L", cols * s + right, r * s)]
    for c in range(cols + 1):
        commands += [("M", c * s, -top), ("L", c * s, rows * s + bottom)]
    return Path(tuple(commands), Style(stroke="grid", stroke_width=width))


def _rect_path(rects, style: Style) -> Path:
    commands = []
    for x, y, w, h in rects:
        commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    return Path(tuple(commands), style)


def _region_fills(grid: Grid, s: float, w: Window, bleed: Edges = (0.0, 0.0, 0.0, 0.0)) -> list:
    """Buildings, shrines and forests as filled row runs (one path a kind); a run at a trimmed side of the window
    goes on into the bleed."""
    runs = {BUILDING: [], FOREST: [], SHRUB: []}
    for r in range(w.r0, w.r1):
        line = grid.rows[r]
        c = w.c0
        while c < w.c1:
            kind = line[c]
            start = c
            c += 1
            if kind not in runs:
                continue
            while kind != SHRUB and c < w.c1 and line[c] == kind:
                c += 1
            x0 = (start - w.c0) * s - (bleed[3] if start == w.c0 else 0.0)
            x1 = (c - w.c0) * s + (bleed[1] if c == w.c1 else 0.0)
            y0 = (r - w.r0) * s - (bleed[0] if r == w.r0 else 0.0)
            y1 = (r - w.r0 + 1) * s + (bleed[2] if r == w.r1 - 1 else 0.0)
            runs[kind].append((x0, y0, x1 - x0, y1 - y0))
    items = []
    if runs[BUILDING]:
        items.append(_rect_path(runs[BUILDING], Style(fill="building")))
    shrine_edges = _shrine_bleed(grid, s, w, bleed)
    if shrine_edges:
        items.append(_rect_path(shrine_edges, Style(fill="shrine-tint")))
    if runs[FOREST] or runs[SHRUB]:
        items.append(_rect_path(runs[FOREST] + runs[SHRUB], Style(fill="forest-tint")))
    return items


def _shrine_bleed(grid: Grid, s: float, w: Window, bleed: Edges) -> list[tuple[float, float, float, float]]:
    """A shrine's tile is inset in its cell; at a trimmed side of the window its tint runs on from the cell's middle
    into the bleed, so a cut a little off never shows a white sliver beside it."""
    top, right, bottom, left = bleed
    inset, half = 0.05 * s, 0.5 * s
    rects = []
    for r in range(w.r0, w.r1):
        for c in range(w.c0, w.c1):
            if grid.rows[r][c] != SHRINE:
                continue
            x, y = (c - w.c0) * s, (r - w.r0) * s
            if top and r == w.r0:
                rects.append((x + inset, y - top, s - 2 * inset, half + top))
            if bottom and r == w.r1 - 1:
                rects.append((x + inset, y + half, s - 2 * inset, half + bottom))
            if left and c == w.c0:
                rects.append((x - left, y + inset, half + left, s - 2 * inset))
            if right and c == w.c1 - 1:
                rects.append((x + half, y + inset, half + right, s - 2 * inset))
    return rects


def _forest_edges(grid: Grid, s: float, w: Window) -> list:
    """The outline of every forest and shrub piece: they are stickers on the map."""
    commands = []
    R, C = grid.height, grid.width
    for r in range(w.r0, w.r1):
        for c in range(w.c0, w.c1):
            kind = grid.rows[r][c]
            if kind not in (FOREST, SHRUB):
                continue
            x, y = (c - w.c0) * s, (r - w.r0) * s
            for dr, dc, (x1, y1, x2, y2) in ((-1, 0, (0, 0, 1, 0)), (1, 0, (0, 1, 1, 1)), (0, -1, (0, 0, 0, 1)),
                                             (0, 1, (1, 0, 1, 1))):
                rr, cc = r + dr, c + dc
                same = 0 <= rr < R and 0 <= cc < C and grid.rows[rr][cc] == FOREST and kind == FOREST
                if not same:
                    commands += [("M", x + x1 * s, y + y1 * s), ("L", x + x2 * s, y + y2 * s)]
    if not commands:
        return []
    return [Path(tuple(commands), Style(stroke="forest", stroke_width=max(0.12, 0.05 * s), line_cap="square"))]


def _walls(grid: Grid, s: float, w: Window, width: float, bleed: Edges = (0.0, 0.0, 0.0, 0.0)) -> Path:
    """Black walls on every building edge; an opening leaves a gap between two short stubs (a door), a cut side
    leaves the edge open. A wall that meets a trimmed side of the window goes on into the bleed."""
    owner = {}
    for k, building in enumerate(grid.buildings):
        for cell in building.cells:
            owner[cell[0] - 1, cell[1] - 1] = k
    openings = {}
    for building in grid.buildings:
        for o in building.openings:
            openings[o.row - 1, o.col - 1, o.side] = o.cut
    stub = 0.2 * s
    commands = []
    for (r, c), k in owner.items():
        if not (w.r0 <= r < w.r1 and w.c0 <= c < w.c1):
            continue
        x, y = (c - w.c0) * s, (r - w.r0) * s
        for side, (dr, dc), (x1, y1, x2, y2) in (("n", (-1, 0), (0, 0, 1, 0)), ("s", (1, 0), (0, 1, 1, 1)),
                                                  ("w", (0, -1), (0, 0, 0, 1)), ("e", (0, 1), (1, 0, 1, 1))):
            if owner.get((r + dr, c + dc)) == k:
                continue
            ax, ay, bx, by = x + x1 * s, y + y1 * s, x + x2 * s, y + y2 * s
            ux, uy = (bx - ax) / s, (by - ay) / s
            # How far each end goes on into the bleed: only an end that meets a trimmed side of the window.
            if side in "we":
                reach_a = bleed[0] if r == w.r0 else 0.0
                reach_b = bleed[2] if r == w.r1 - 1 else 0.0
            else:
                reach_a = bleed[3] if c == w.c0 else 0.0
                reach_b = bleed[1] if c == w.c1 - 1 else 0.0
            ax, ay, bx, by = ax - ux * reach_a, ay - uy * reach_a, bx + ux * reach_b, by + uy * reach_b
            state = openings.get((r, c, side))
            if state is None:
                commands += [("M", ax, ay), ("L", bx, by)]
            elif state is False:
                commands += [("M", ax, ay), ("L", ax + ux * (stub + reach_a), ay + uy * (stub + reach_a)),
                             ("M", bx - ux * (stub + reach_b), by - uy * (stub + reach_b)), ("L", bx, by)]
    return Path(tuple(commands), Style(stroke="wall", stroke_width=width, line_cap="square"))


# -- the player band -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Panel:
    start: float          # mm along the band
    end: float
    label: str            # "1", "team 2", ""


def band_items(scene: Scene, length: float, h: float, panels: list[Panel], bleed: float = 0.0,
               note: str = "", qr: str | None = None, overlap: bool = False, words: bool = True,
               anchors: dict | None = None, spread: float = 0.6, lang: str = "en",
               span: tuple[float, float] | None = None, crowded: list | None = None) -> list:
    """A grey band `length` x `h` mm as its player sees it (their edge, the trim, at the bottom), with a colour box,
    two special moves and a fish for each cat in every panel; `note` prints small at the right end. Text keeps to
    the band's safe line (SAFE_ZONE above the trim) and is left out where it would be too small to read there.
    `span` is the part of the band that reaches the paper (a strip's columns): its ends are trims too. A panel
    whose symbols run into the note even packed close is reported in `crowded`, when given."""
    x0, x1 = span or (0.0, length)
    items: list = [Rect(-bleed, 0, length + 2 * bleed, h + bleed, Style(fill="overlap" if overlap else "band"))]
    if overlap:
        items += _overlap_marks(length, h, lang)
        return items
    icon = 0.78 * h
    pad = BAND_PAD * h
    right_end = x1 - max(0.0, SAFE_ZONE - pad)      # the band's ends are trims too
    if qr and x1 >= length - 1e-6 and band_holds_qr(qr, h):
        items.append(qr_group(qr, h - 2 * pad, length - h + pad, pad))
        right_end = length - h
    limit_end = right_end
    note_size = size_in_room(note, band_room(h), max(MIN_FINE_PRINT, min(0.24 * h, 1.6)), MIN_FINE_PRINT) \
        if note else None
    if note_size:
        items.append(Text(right_end - pad, band_baseline(h, note, note_size), note, note_size, anchor="end",
                          style=Style(fill="band-ink")))
        limit_end = right_end - pad - text_width(note, note_size) - pad
    panels = [Panel(max(p.start, x0), min(p.end, x1), p.label) for p in panels if p.end > x0 and p.start < x1]
    for k, panel in enumerate(panels):
        if k:
            items.append(Line(panel.start, 0, panel.start, h, Style(stroke="#ffffff", stroke_width=max(0.3, 0.08 * h))))
        limit = min(panel.end, limit_end) - pad
        items += _panel(scene, panel, h, icon, pad, limit, words, anchors, spread, lang, x0 + SAFE_ZONE, crowded)
    return items


def band_room(h: float) -> float:
    """The height of a band's text line: from just below the grid down to the safe line above the trim."""
    return h - SAFE_ZONE - BAND_TEXT_GAP


def band_baseline(h: float, text: str, size: float) -> float:
    """The baseline that puts `text` on the band's safe line (its lowest ink SAFE_ZONE above the trim)."""
    return h - SAFE_ZONE - descent(text) * size


def _panel(scene: Scene, panel: Panel, h: float, icon: float, pad: float, limit: float,
           words: bool = True, anchors: dict | None = None, spread: float = 0.6,
           lang: str = "en", safe_start: float = SAFE_ZONE, crowded: list | None = None) -> list:
    """One player's part of a band; the words beside the symbols print when they fit (at a readable size, inside
    the safe line). `anchors`, when given, receives the middle of each group of symbols (for a labelled figure).
    Symbols that would run past `limit` (into the note) are spaced closer, then left out."""
    _ = translator(lang)
    groups = tuple((name, count, _(BAND_WORDS[name])) for name, count in (("colour-box", 1), ("special", 2),
                                                                         ("fish", 2)))
    caption_sizes = [size_in_room(caption, band_room(h), max(MIN_TEXT, 0.25 * h)) for _n, _c, caption in groups]
    caption_size = min(caption_sizes) if words and all(caption_sizes) else None
    label_size = size_in_room(panel.label, band_room(h), fit_size(panel.label, 1.6 * h, 0.55 * h, minimum=0.8)) \
        if panel.label else None
    for captions, gap in ((caption_size, spread), (None, spread), (None, 0.1)):
        items: list = []
        y = (h - icon) / 2
        x = max(panel.start + 0.5 * pad + 0.15 * h, safe_start)
        if label_size:             # regular weight: a second font would double the map's PDF
            items.append(Text(x, band_baseline(h, panel.label, label_size), panel.label, label_size,
                              style=Style(fill="band-ink")))
            x += text_width(panel.label, label_size) + 0.3 * h
        for n, (name, count, caption) in enumerate(groups):
            start = x
            for _copy in range(count):
                items.append(use(scene, symbol(name, icon), x, y, icon))
                x += icon + 0.06 * h
            if anchors is not None:
                anchors[name] = (start + x - 0.06 * h) / 2
            if captions:
                x += 0.1 * h
                items.append(Text(x, band_baseline(h, caption, captions), caption, captions,
                                  style=Style(fill="band-ink")))
                x += text_width(caption, captions)
            x += gap * h if n < 2 else 0
        if x <= limit:
            return items
    if crowded is not None:
        crowded.append(panel)
    return items


def _overlap_marks(length: float, h: float, lang: str = "en") -> list:
    """An inner layer's band is covered by the next strip: say so, and hatch it."""
    commands = []
    step = 1.6 * h
    x = -h
    while x < length:
        commands += [("M", max(0.0, x), h - (max(0.0, x) - x)), ("L", min(length, x + h), h - (min(length, x + h) - x))]
        x += step
    text = translator(lang).gettext("overlap: the next strip covers this band")
    size = size_in_room(text, band_room(h), max(MIN_TEXT, min(0.3 * h, 1.8)))
    marks = [Path(tuple(commands), Style(stroke="#bdbdbd", stroke_width=0.15))]
    if size:
        marks.append(Text(length / 2, band_baseline(h, text, size), text, size, anchor="middle",
                          style=Style(fill="muted")))
    return marks


def qr_group(url: str, size: float, x: float, y: float) -> Group:
    """A QR code (reportlab's encoder) as vector rectangles in a white square of `size` mm that includes its
    4-module quiet zone: one path of dark modules, row runs merged. Place it only where qr_fits(url, size)."""
    matrix = qr_matrix(url)
    n = len(matrix)
    unit = size / (n + 2 * QUIET_MODULES)
    rects = []
    for r, row in enumerate(matrix):
        c = 0
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                rects.append(((start + QUIET_MODULES) * unit, (r + QUIET_MODULES) * unit, (c - start) * unit, unit))
            else:
                c += 1
    return Group([Rect(0, 0, size, size, Style(fill="#ffffff")), _rect_path(rects, Style(fill="#000000"))], dx=x, dy=y)


# -- maps --------------------------------------------------------------------------------------------------------------------

def map_meta(design: CatsMap, lang: str = "en") -> dict[str, str]:
    _ = translator(lang)
    seats = table(design.players, design.coop)
    what = (_("{players} players in teams") if seats.coop else _("{players} players")).format(players=design.players)
    return {"kind": "map", "seed": str(design.seed), "title": f"{TITLE} · " + _("map") + f" · {what}",
            "players": str(design.players)}


def sheet_note(design: CatsMap, short: bool = False, lang: str = "en") -> str:
    _ = translator(lang)
    seats = table(design.players, design.coop)
    parts = [] if short else [(_("{players}p teams") if seats.coop else _("{players}p")).format(
        players=design.players)]
    if design.cut_up and not short:
        parts.append(_("cut-up {variant}").format(variant=design.variant) + (
            _(", balance {balance}").format(balance=_.number(design.balance)) if design.balance is not None else "")
            + (_(", play score {score}").format(score=_.number(design.play_score))
               if design.play_score is not None else ""))
    if design.jinja:
        parts.append(_("jinja mode"))
    parts += [_("seed {seed}").format(seed=design.seed), f"washigen {__version__}"]
    return " · ".join(parts)


def band_panels(design: CatsMap, side: str, length: float, lang: str = "en") -> list[Panel]:
    """The panels of one side's band: one per player (per team in team play) seated there."""
    seats = table(design.players, design.coop)
    mine = seats.seats(side)
    width = length / max(1, len(mine))
    name = translator(lang).gettext("team {number}") if seats.coop else "{number}"
    return [Panel(k * width, (k + 1) * width, name.format(number=seat)) for k, seat in enumerate(mine)]


def map_scene(design: CatsMap, bleed: float = 0.0, drawings: CatsSetup | None = None, lang: str = "en") -> Scene:
    """The whole map at real size: the top band, the grid, the bottom band. The trim is the map itself."""
    s = cell_size(design.tape_width, design.segment_rows)
    grid = design.grid
    R, C = grid.height, grid.width
    W, H = C * s, R * s + 2 * s
    scene = new_scene(W, H, bleed, map_meta(design, lang))
    turned = top_layers(map_layers(design)) * design.segment_rows
    body = draw_grid(scene, grid, s, turned_rows=turned, home_rows=(0, R - 1),
                     bleed=(0.0, bleed, 0.0, bleed))
    body += _cut_lines(design, s)
    if drawings is not None:
        body += _drawings(scene, drawings, s, turned)
    scene.add(Group(body, dy=s))
    # The seed line goes at the end of the bottom band, or of the top band where the bottom one has no room
    # beside its last player's symbols (six players in teams).
    note, crowded = sheet_note(design, lang=lang), []
    bottom_panels = band_panels(design, "bottom", W, lang)
    bottom = band_items(scene, W, s, bottom_panels, bleed, note=note, qr=design.rules_url, lang=lang,
                        crowded=crowded)
    top_note = ""
    if crowded:
        bottom = band_items(scene, W, s, bottom_panels, bleed, qr=design.rules_url, lang=lang)
        top_note = note
    top = band_items(scene, W, s, band_panels(design, "top", W, lang), bleed, note=top_note, lang=lang)
    scene.add(Group(top, dx=W, dy=s, rotate=180.0))
    scene.add(Group(bottom, dy=s + R * s))
    return scene


def _cut_lines(design: CatsMap, s: float) -> list:
    """Thin dashed lines where a cut-up's pieces meet."""
    if not design.cut_up:
        return []
    commands = []
    rows = design.segment_rows
    for piece in design.pieces:
        if piece.col > 1:
            x = (piece.col - 1) * s
            commands += [("M", x, (piece.layer - 1) * rows * s), ("L", x, piece.layer * rows * s)]
    if not commands:
        return []
    return [Path(tuple(commands), Style(stroke="cut-line", stroke_width=max(0.12, 0.035 * s),
                                        dash=(0.25 * s, 0.15 * s)))]


def _drawings(scene: Scene, setup: CatsSetup, s: float, turned_rows: int) -> list:
    items = []
    for kind, drawn in (("fish", setup.fish), ("cat", setup.cats)):
        for d in drawn:
            sym = player_symbol(kind, d.player, s)
            items.append(use(scene, sym, (d.col - 1) * s, (d.row - 1) * s, s, d.row - 1 < turned_rows))
    return items


# -- strips on sheets -----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Strip:
    number: int            # in assembly order
    layer: int             # 0-based, from the top
    c0: int                # map columns c0..c1 - 1 (0-based)
    c1: int
    turned: bool           # on the top half: printed turned, band down
    outer: bool            # carries a real band (else its band is covered by the next strip)

    def label(self, layers: int, lang: str = "en") -> str:
        _ = translator(lang)
        side = _("top side") if self.turned else _("bottom side")
        depth = "" if self.outer else _(", layer {layer} of {layers}").format(layer=self.layer + 1, layers=layers)
        return _("strip {number} · {side}{depth} · columns {first}-{last}").format(
            number=self.number, side=side, depth=depth, first=self.c0 + 1, last=self.c1)


def map_strips(design: CatsMap, max_cols: int | None = None) -> list[Strip]:
    """The map cut into tape strips, numbered in the order they are laid: from the middle outwards (each layer
    overlaps the band of the one before), the top side first, left to right as seen from the bottom."""
    layers = map_layers(design)
    tops = top_layers(layers)
    C = design.grid.width
    step = min(design.segment_cols, max_cols or design.segment_cols)
    order = []
    for depth in range(max(tops, layers - tops)):
        if depth < tops:
            order.append(tops - 1 - depth)
        if depth < layers - tops:
            order.append(tops + depth)
    strips = []
    for layer in order:
        for c0 in range(0, C, step):
            strips.append(Strip(len(strips) + 1, layer, c0, min(C, c0 + step), layer < tops,
                                layer in (0, layers - 1)))
    return strips


def strip_scene(design: CatsMap, strip: Strip, bleed: float, lang: str = "en") -> Scene:
    """One strip in its own orientation (band at the bottom), as it comes off the roll."""
    s = cell_size(design.tape_width, design.segment_rows)
    R = design.segment_rows
    width = (strip.c1 - strip.c0) * s
    scene = new_scene(width, (R + 1) * s, bleed, {**map_meta(design, lang), "kind": "strip",
                                                  "strip": str(strip.number)})
    r0 = strip.layer * R
    window = Window(r0, r0 + R, strip.c0, strip.c1)
    turned_rows = top_layers(map_layers(design)) * R
    homes = tuple(r for r in (0, design.grid.height - 1) if r0 <= r < r0 + R)
    # The strip's outer edge (away from its band) is a trim: row r0, or row r1 - 1 on a turned strip.
    outer = (0.0, bleed, bleed, bleed) if strip.turned else (bleed, bleed, 0.0, bleed)
    cells = draw_grid(scene, design.grid, s, window, turned_rows=turned_rows, home_rows=homes, bleed=outer)
    cells += _strip_cut_lines(design, strip, s)
    W = design.grid.width * s
    side = "top" if strip.turned else "bottom"
    span = (W - strip.c1 * s, W - strip.c0 * s) if strip.turned else (strip.c0 * s, strip.c1 * s)
    band = band_items(scene, W, s, band_panels(design, side, W, lang), bleed, overlap=not strip.outer,
                      note=sheet_note(design, lang=lang) if strip.outer else "",
                      qr=design.rules_url if strip.outer else None, lang=lang, span=span)
    if strip.turned:
        scene.add(Group(cells, dx=width, dy=R * s, rotate=180.0))
        scene.add(Group(band, dx=-(W - strip.c1 * s), dy=R * s))
    else:
        scene.add(Group(cells))
        scene.add(Group(band, dx=-strip.c0 * s, dy=R * s))
    return scene


def _strip_cut_lines(design: CatsMap, strip: Strip, s: float) -> list:
    if not design.cut_up:
        return []
    commands = []
    for piece in design.pieces:
        if piece.layer == strip.layer + 1 and strip.c0 < piece.col - 1 < strip.c1:
            x = (piece.col - 1 - strip.c0) * s
            commands += [("M", x, 0.0), ("L", x, design.segment_rows * s)]
    if not commands:
        return []
    return [Path(tuple(commands), Style(stroke="cut-line", stroke_width=max(0.12, 0.035 * s),
                                        dash=(0.25 * s, 0.15 * s)))]


def lanes_template(design: CatsMap, options: PrintOptions) -> Template:
    """The sheet the map's strips are printed on: the user's, the built-in one for the tape, or plain lanes."""
    paper = options.paper or "a4"
    tape = design.tape_width
    return template_for(f"tape{format_mm(tape)}", paper, options.template) if options.template or \
        f"{paper}-tape{format_mm(tape)}" in _builtin_names() else _lanes_template(paper, tape)


def map_strips_for_sheets(design: CatsMap, options: PrintOptions) -> list[Strip]:
    """The map cut into strips no longer than a lane of its sheet."""
    s = cell_size(design.tape_width, design.segment_rows)
    longest = lane_length(lanes_template(design, options)) - 2 * options.bleed
    return map_strips(design, max(1, int(longest // s)))


def strips_document(design: CatsMap, options: PrintOptions) -> Document:
    template = lanes_template(design, options)
    strips = map_strips_for_sheets(design, options)
    lang = options.lang
    scenes = [strip_scene(design, strip, options.bleed, lang) for strip in strips]
    layers = map_layers(design)
    footer = f"{TITLE} · {sheet_note(design, lang=lang)}"
    document = impose_lanes(scenes, template, options, labels=[st.label(layers, lang) for st in strips],
                            title=map_meta(design, lang)["title"], footer=footer)
    _add_guide(document, design, strips, template, lang)
    return document


def _builtin_names() -> set[str]:
    from ...press.templates import builtin_templates
    return set(builtin_templates())


def _lanes_template(paper: str, tape: float) -> Template:
    """Lanes for a tape width that has no built-in template: like the built-in ones, on landscape paper."""
    from ...press.templates import Lanes
    w, h = PAPER_SIZES[paper]
    return Template(f"{paper} tape {format_mm(tape)} mm", h, w, (6.35,) * 4, lanes=Lanes(tape, 10.0))


def _add_guide(document: Document, design: CatsMap, strips: list[Strip], template: Template,
               lang: str = "en") -> None:
    """How the strips go together: a small plan of the map with every strip's number, below the last strip or on a
    page of its own."""
    last = document.pages[-1]
    if (last.width > last.height) != (template.paper_w > template.paper_h):
        template = template.turned()          # impose_lanes turned the sheet to save one
    used = max((g.dy + g.clip[1] + g.clip[3] for g in last.children if isinstance(g, Group) and g.clip), default=0)
    x0, y0, uw, uh = template.usable
    free_top = used + 8.0
    free = y0 + uh - free_top - 6.0
    if free < 40.0:
        page = Scene(template.paper_w, template.paper_h, theme=dict(THEME), meta=dict(last.meta))
        document.pages.append(page)
        free_top, free, last = y0 + 6.0, uh - 12.0, page
    last.add(*guide_items(design, strips, x0 + 4.0, free_top, uw - 8.0, free, lang))


def _numbers(strips: list[Strip], lang: str = "en") -> str:
    names = [str(strip.number) for strip in strips]
    if len(names) == 1:
        return names[0]
    return translator(lang).gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def assembly_lines(strips: list[Strip], layers: int, lang: str = "en") -> list[str]:
    """How the strips go together, said from the same strips the plan draws (their layers and columns), so the
    words and the drawing cannot disagree."""
    _ = translator(lang)
    by_layer: dict[int, list[Strip]] = {}
    for strip in strips:
        by_layer.setdefault(strip.layer, []).append(strip)
    order = list(by_layer)                                  # layers in the order they are laid
    lines = [_("Lay the strips in number order, printed side up.")]
    for layer in order:
        row = by_layer[layer]
        if len(row) > 1:
            lines.append(_("Strips {numbers} lie end to end in one row, columns {first}-{last} left to right as the "
                           "bottom player sees them.").format(numbers=_numbers(row, lang), first=row[0].c0 + 1,
                                                              last=row[-1].c1))
    first = [by_layer[layer] for layer in order[:2]]
    if len(first) == 2 and len(first[0]) == len(first[1]) == 1:
        lines.append(_("Strips {first} and {second} meet along their edges without a band; every band faces "
                       "out.").format(first=first[0][0].number, second=first[1][0].number))
    elif len(first) == 2:
        lines.append(_("The row of strips {first} meets the row of strips {second} along the edges without a band; "
                       "every band faces out.").format(first=_numbers(first[0], lang),
                                                       second=_numbers(first[1], lang)))
    if layers > 2:
        lines.append(_("Each later row goes outside the one before it and covers that row's band."))
    return lines


def guide_items(design: CatsMap, strips: list[Strip], x: float, y: float, width: float, height: float,
                lang: str = "en") -> list:
    """A small plan of the map: its buildings and bands, every strip outlined with its number."""
    s = cell_size(design.tape_width, design.segment_rows)
    R, C = design.grid.height, design.grid.width
    map_w, map_h = C * s, (R + 2) * s
    title_size = 3.2
    layers = map_layers(design)
    _ = translator(lang)
    lines = assembly_lines(strips, layers, lang)
    scale = min(0.45, (width * 0.6) / map_w, (height - 8 - 4.2 * len(lines) - title_size) / map_h)
    items: list = [Text(x, y + title_size, _("How the strips go together"), title_size, weight="bold")]
    for k, line in enumerate(lines):
        items.append(Text(x, y + title_size + 5 + 4.2 * k, line, 2.6))
    gx, gy = x, y + title_size + 6 + 4.2 * len(lines)
    u = s * scale
    items.append(Rect(gx, gy, C * u, u, Style(fill="band")))
    items.append(Rect(gx, gy + (R + 1) * u, C * u, u, Style(fill="band")))
    built = []
    for r, line in enumerate(design.grid.rows):
        for c, kind in enumerate(line):
            if kind in (BUILDING, SHRINE):
                built.append((gx + c * u, gy + (r + 1) * u, u, u))
    if built:
        items.append(_rect_path(built, Style(fill="#cfcfcf")))
    cell_h = design.segment_rows * u
    for strip in strips:
        sx = gx + strip.c0 * u
        sy = gy + u + strip.layer * cell_h
        w = (strip.c1 - strip.c0) * u
        items.append(Rect(sx, sy, w, cell_h, Style(stroke="ink", stroke_width=0.35)))
        size = min(7.0, cell_h * 0.55, w * 0.5)
        items.append(Circle(sx + w / 2, sy + cell_h / 2, size * 0.75, Style(fill="#ffffff", stroke="ink",
                                                                             stroke_width=0.25)))
        items.append(Text(sx + w / 2, sy + cell_h / 2 + 0.36 * size, str(strip.number), size, anchor="middle",
                          weight="bold"))
    label = 2.4
    right = gx + C * u + 3
    items.append(Text(right, gy + u * 0.5 + 0.8, _("top player's band"), label, style=Style(fill="muted")))
    items.append(Text(right, gy + (R + 1.5) * u + 0.8, _("bottom player's band"), label, style=Style(fill="muted")))
    q = min(28.0, height - 10)
    if design.rules_url and qr_fits(design.rules_url, q):
        qx = x + width - q
        items.append(qr_group(design.rules_url, q, qx, gy))
        items.append(Text(qx + q / 2, gy + q + 3.5, _("the rules"), 2.6, anchor="middle"))
    return items


# -- print ------------------------------------------------------------------------------------------------------------------

def print_design(design, options: PrintOptions) -> Document:
    if isinstance(design, CatsMap):
        if options.paper or options.template:
            return strips_document(design, options)
        return Document.single(map_scene(design, options.bleed, lang=options.lang))
    if isinstance(design, CatsSetup):
        if options.paper or options.template:
            raise InputError("paper: a set-up prints as one page at real size; leave out --paper")
        scene = map_scene(design.map, options.bleed, drawings=design, lang=options.lang)
        scene.meta["kind"] = "setup"
        return Document.single(scene)
    if isinstance(design, CatsSegment):
        note = translator(options.lang).gettext("seed {seed}").format(seed=design.seed) + f" · washigen {__version__}"
        return Document.single(segment_scene(design.grid, design.tape_width, design.segment_rows, options.bleed,
                                             note=note, lang=options.lang))
    if isinstance(design, CatsRoll):
        from ...press.rolls import roll_document      # a roll past 5,080 mm: pages of whole repeats

        strip = roll_scene(design, options.bleed, options.lang)
        return roll_document(strip, repeat_length(design), strip.meta.get("title", ""), options.lang,
                             piece=piece_length(design))
    raise InputError(f"cats cannot print {type(design).__name__}")


# -- segments, forest sections, rolls ---------------------------------------------------------------------------------------------

def segment_items(scene: Scene, grid: Grid, s: float, bleed: float, note: str = "", qr: str | None = None,
                  lang: str = "en") -> list:
    R, C = grid.height, grid.width
    items = draw_grid(scene, grid, s, home_rows=(R - 1,), bleed=(bleed, 0.0, 0.0, 0.0))
    band = band_items(scene, C * s, s, [Panel(0, C * s, "")], 0.0, note=note, qr=qr, lang=lang)
    band[0] = Rect(0, 0, C * s, s + bleed, Style(fill="band"))
    return items + [Group(band, dy=R * s)]


def segment_scene(grid: Grid, tape_width: float, rows: int, bleed: float = 0.0, note: str = "",
                  lang: str = "en") -> Scene:
    s = cell_size(tape_width, rows)
    scene = new_scene(grid.width * s, (rows + 1) * s, bleed,
                      {"kind": "segment", "title": f"{TITLE} · " + translator(lang).gettext("segment")})
    scene.add(*segment_items(scene, grid, s, bleed, note, lang=lang))
    return scene


def forest_pieces(rows: int, cols: int, reserved: tuple[int, int, int, int] | None = None
                  ) -> list[tuple[int, int, int, int]]:
    """The forest section's pieces as (row, col, height, width): big forests first, shrubs in the gaps; the
    `reserved` rectangle (row, col, height, width) stays empty."""
    free = [[True] * cols for _ in range(rows)]
    if reserved:
        r0, c0, h0, w0 = reserved
        for i in range(r0, r0 + h0):
            for j in range(c0, c0 + w0):
                free[i][j] = False
    pieces = []
    shapes = [(3, 3), (2, 4), (3, 2), (2, 3), (2, 2)]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if not free[r][c]:
                continue
            placed = False
            for t in range(len(shapes)):
                h, w = shapes[(k + t) % len(shapes)]
                if r + h <= rows and c + w <= cols and all(free[r + i][c + j] for i in range(h) for j in range(w)):
                    pieces.append((r, c, h, w))
                    for i in range(h):
                        for j in range(w):
                            free[r + i][c + j] = False
                    k += 1
                    placed = True
                    break
            if not placed:
                pieces.append((r, c, 1, 1))
                free[r][c] = False
    return pieces


def forest_section_items(scene: Scene, rows: int, s: float, bleed: float, qr: str | None = None,
                         lang: str = "en") -> list:
    _ = translator(lang)
    cols = FOREST_SECTION_COLS
    width = cols * s
    items: list = [Rect(0, -bleed, width, rows * s + bleed, Style(fill="forest-tint"))]
    reserved = None
    cells = forest_qr_cells(qr, rows, s) if qr else 0
    if cells:
        # The code, and a row below it for its caption, in the middle (rounded towards the segment before it): its
        # white quiet zone never meets the section's tail, which the roll's bleed shows at its start.
        reserved = (0, (cols - cells) // 2, cells + 1, cells)
    pieces = forest_pieces(rows, cols, reserved)
    edges = []
    for r, c, h, w in pieces:
        for i in range(h):
            for j in range(w):
                name = "shrub" if (h, w) == (1, 1) else ("pine" if (r + i + c + j) % 3 == 0 else "tree")
                items.append(use(scene, symbol(name, s), (c + j) * s, (r + i) * s, s))
        edges += [("M", c * s, r * s), ("L", (c + w) * s, r * s), ("L", (c + w) * s, (r + h) * s),
                  ("L", c * s, (r + h) * s), ("Z",)]
    items.append(Path(tuple(edges), Style(stroke="forest", stroke_width=max(0.12, 0.04 * s), dash=(0.2 * s, 0.12 * s))))
    if reserved:
        items.append(qr_group(qr, (cells - 0.4) * s, (reserved[1] + 0.2) * s, 0.2 * s))
        size = max(MIN_TEXT, min(0.28 * s, 1.6))
        items.append(Text((reserved[1] + cells / 2) * s, (cells + 0.5) * s + 0.36 * size, _("the rules"), size,
                          anchor="middle", style=Style(fill="forest")))
    band = [Rect(0, 0, width, s + bleed, Style(fill="forest"))]
    text = _("forests & shrubs: cut out, stick on")
    size = size_in_room(text, band_room(s), fit_size(text, width - 0.4 * s, max(MIN_TEXT, min(0.3 * s, 1.8))))
    if size:
        band.append(Text(width / 2, band_baseline(s, text, size), text, size, anchor="middle",
                         style=Style(fill="#ffffff")))
    return items + [Group(band, dy=rows * s)]


def piece_length(design: CatsRoll) -> float:
    """The length in mm of one segment with the forest section after it."""
    return (design.segment_cols + FOREST_SECTION_COLS) * cell_size(design.tape_width, design.segment_rows)


def repeat_length(design: CatsRoll) -> float:
    """The length in mm after which the roll's artwork repeats."""
    return len(design.segments) * piece_length(design)


def roll_repeat(design: CatsRoll, bleed: float, lang: str = "en") -> Scene:
    """One repeat of the roll: every segment followed by a forest section, as the tape maker prints it."""
    s = cell_size(design.tape_width, design.segment_rows)
    R, C = design.segment_rows, design.segment_cols
    pitch = piece_length(design)
    scene = new_scene(len(design.segments) * pitch, (R + 1) * s, bleed,
                      {"kind": "roll", "seed": str(design.seed),
                       "title": f"{TITLE} · " + translator(lang).gettext("tape")})
    note = translator(lang).gettext("seed {seed}").format(seed=design.seed) + f" · washigen {__version__}"
    for k, grid in enumerate(design.segments):
        scene.add(Group(segment_items(scene, grid, s, bleed, note, lang=lang), dx=k * pitch))
        scene.add(Group(forest_section_items(scene, R, s, bleed, design.rules_url, lang), dx=k * pitch + C * s))
    return scene


def roll_scene(design: CatsRoll, bleed: float, lang: str = "en") -> Scene:
    from ...press.impose import tape_artwork

    repeat = roll_repeat(design, bleed, lang)
    # A segment and its forest section are cut off the roll together: the artwork ends on the last whole pair, so
    # the roll's end never cuts through a segment (its bleed shows the plain tape after it).
    strip = tape_artwork(repeat, design.length, bleed, piece=piece_length(design))
    strip.meta.update({"game": "cats", "kind": "roll", "seed": str(design.seed), "version": __version__})
    return strip


# -- player sheets --------------------------------------------------------------------------------------------------------------

SHEET_STRIP = (90.0, 26.0)         # two abreast on A4 or Letter, with room for their bleed between them


def player_strip(player_label: str, w: float = SHEET_STRIP[0], h: float = SHEET_STRIP[1], note: str = "",
                 bleed: float = 0.0, lang: str = "en") -> Scene:
    """A player strip to cut out: a band at a size you can write on, with a name line. The band runs into the
    bleed; its words keep the safe zone."""
    _ = translator(lang)
    scene = new_scene(w, h, bleed, {"kind": "sheet", "title": f"{TITLE} · " + _("player strips")})
    icon = 0.27 * h
    y = SAFE_ZONE + 0.5
    ink = Style(fill="band-ink")
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="band")))
    scene.add(Text(SAFE_ZONE + 1, y + 0.6 * icon, player_label, 3.4, weight="bold", style=ink))
    line_y = y + icon + 3.2
    scene.add(Text(SAFE_ZONE + 1, line_y, _("name"), MIN_TEXT, style=ink))
    scene.add(Line(SAFE_ZONE + 10, line_y + 0.2, SAFE_ZONE + 33, line_y + 0.2,
                   Style(stroke="band-ink", stroke_width=0.25)))
    groups = (("colour-box", 1, 0.485), ("special", 2, 0.67), ("fish", 2, 0.855))
    for name, count, at in groups:
        label = _(BAND_WORDS[name])
        x = at * w - (count * (icon + 1.0)) / 2
        for k in range(count):
            scene.add(use(scene, symbol(name, icon), x + k * (icon + 1.0), y, icon))
        scene.add(Text(at * w, line_y, label, MIN_TEXT, anchor="middle", style=ink))
    if note:
        scene.add(Text(w - SAFE_ZONE, h - SAFE_ZONE - descent(note) * MIN_FINE_PRINT, note, MIN_FINE_PRINT,
                       anchor="end", style=ink))
    return scene


def sheet_document(players: int, coop: bool, options: PrintOptions, seed: int | None = None) -> Document:
    """One strip a player (a team), two abreast where the paper is wide enough (one on A5), each with its bleed and
    crop marks."""
    seats = table(players, coop)
    paper = options.paper or "a4"
    w, h = PAPER_SIZES[paper]
    margin, gutter = 10.0, 2 * options.bleed
    abreast = 2 if 2 * SHEET_STRIP[0] + gutter <= w - 2 * margin else 1
    template = Template(f"{paper} player strips", w, h, (margin,) * 4,
                        grid=SheetGrid(SHEET_STRIP[0], SHEET_STRIP[1], cols=abreast, gutter=gutter))
    if options.template is not None:
        from ...press.templates import load_template
        template = load_template(options.template)
    _ = translator(options.lang)
    note = f"washigen {__version__}" + (" · " + _("seed {seed}").format(seed=seed) if seed is not None else "")
    labels = [_("team {number}").format(number=t) for t in range(1, seats.teams + 1)] if coop else \
        [_("player {number}").format(number=p) for p in range(1, players + 1)]
    fronts = [player_strip(label, note=note, bleed=options.bleed, lang=options.lang) for label in labels]
    what = (_("{players} players in teams") if coop else _("{players} players")).format(players=players)
    return impose_grid(fronts, template, replace(options, paper=paper, duplex="none"),
                       title=f"{TITLE} · " + _("player strips") + f" · {what}",
                       footer=f"{TITLE} · " + _("player strips") + f" · {note}")
