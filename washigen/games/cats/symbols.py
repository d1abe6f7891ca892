"""The look of Cats on paper: the palette every scene carries, and the symbols drawn in a cell (shrines,
sewer lids, trees, fish, special moves, the players' drawings), one definition per cell size."""

from __future__ import annotations

import math
from functools import lru_cache

from ... import __version__
from ...scene import Circle, Path, Polygon, Rect, Scene, Style, Symbol, Use
from ...units import format_mm


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


# The thinnest line, bar or gap a symbol draws: the grid's own thinnest line (grid.widths). Below it a printer's
# dot gain fills a gap and drops a line (DESIGN 4 names no stroke of its own).
MIN_LINE = 0.1
RUNG_GAP = 0.06            # between two rungs of the red and blue grates, in cells: their narrowest gap
# The smallest cell whose lid keeps its grate (every bar and gap at least MIN_LINE): about 1.67 mm. Below it each
# colour's lid is a plain shape of its own (sewer_mark), which a grate at that size would only blur into.
FULL_LID_LEAST = MIN_LINE / RUNG_GAP


def _sewer(colour: str):
    def draw(sym: Symbol, s: float) -> None:
        if s < FULL_LID_LEAST:
            sym.add(sewer_mark(colour, s))
            return
        sym.add(Circle(0.5 * s, 0.5 * s, 0.36 * s, Style(fill=f"sewer-{colour}", stroke=f"sewer-{colour}-rim",
                                                          stroke_width=max(MIN_LINE, 0.05 * s))))
        white = Style(fill="#ffffff")
        bar = 0.1 * s
        # Each colour has its own bold grate, so the pairs read in grey-scale, for colour-blind players, and at
        # arm's length: red three rungs across, blue three bars down, green four dots, yellow a cross.
        rungs = ((0.29, 0.34), (0.45, 0.48), (0.61, 0.34))          # (start, length): RUNG_GAP apart
        if colour == "red":
            for y, w in rungs:
                sym.add(Rect((0.5 - w / 2) * s, y * s, w * s, bar, white, rx=bar / 2))
        elif colour == "blue":
            for x, h in rungs:
                sym.add(Rect(x * s, (0.5 - h / 2) * s, bar, h * s, white, rx=bar / 2))
        elif colour == "green":
            for x, y in ((0.5, 0.31), (0.69, 0.5), (0.5, 0.69), (0.31, 0.5)):
                sym.add(Circle(x * s, y * s, 0.085 * s, white))
        else:
            sym.add(Rect(0.26 * s, 0.45 * s, 0.48 * s, bar, white, rx=bar / 2))
            sym.add(Rect(0.45 * s, 0.26 * s, bar, 0.48 * s, white, rx=bar / 2))
    return draw


def sewer_mark(colour: str, s: float) -> Circle | Polygon | Rect:
    """A small cell's lid: its colour filling most of the cell, with no grate, in a shape of its own (red a disc,
    blue a square, green a diamond, yellow a triangle), so the lids still read by shape as well as by colour. Its
    rim is MIN_LINE, the least a printer holds."""
    style = Style(fill=f"sewer-{colour}", stroke=f"sewer-{colour}-rim", stroke_width=MIN_LINE, line_join="round")
    edge = 0.08 * s + MIN_LINE / 2              # the rim's outer edge keeps 0.08 of the cell off the grid line
    far = s - edge
    if colour == "red":
        return Circle(0.5 * s, 0.5 * s, 0.5 * s - edge, style)
    if colour == "blue":
        return Rect(edge, edge, far - edge, far - edge, style)
    if colour == "green":
        return Polygon(((0.5 * s, edge), (far, 0.5 * s), (0.5 * s, far), (edge, 0.5 * s)), style)
    return Polygon(((0.5 * s, edge), (far, far - 0.05 * s), (edge, far - 0.05 * s)), style)


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
