"""A Cats grid drawn at real size: fills, grid lines, symbols and walls of any window of it, carried into the
bleed where a side is a trim."""

from __future__ import annotations

from dataclasses import dataclass

from ...scene import Path, Rect, Scene, Style
from .model import BUILDING, FOREST, SHRINE, SHRUB, Grid
from .symbols import symbol, use


Edges = tuple[float, float, float, float]       # top, right, bottom, left (as press.impose.Slot.bleed)


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


def rect_path(rects, style: Style) -> Path:
    commands = []
    for x, y, w, h in rects:
        commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    return Path(tuple(commands), style)


def _region_fills(grid: Grid, s: float, w: Window, bleed: Edges = (0.0, 0.0, 0.0, 0.0)) -> list:
    """Buildings, shrines and forests as filled row runs (one path a kind); a run at a trimmed side of the window
    goes on into the bleed."""
    runs: dict[str, list[tuple[float, float, float, float]]] = {BUILDING: [], FOREST: [], SHRUB: []}  # x, y, w, h
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
        items.append(rect_path(runs[BUILDING], Style(fill="building")))
    shrine_edges = _shrine_bleed(grid, s, w, bleed)
    if shrine_edges:
        items.append(rect_path(shrine_edges, Style(fill="shrine-tint")))
    if runs[FOREST] or runs[SHRUB]:
        items.append(rect_path(runs[FOREST] + runs[SHRUB], Style(fill="forest-tint")))
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
    openings: dict[tuple[int, int, str], bool] = {}         # (row, col, side), 0-based -> a cut side?
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
