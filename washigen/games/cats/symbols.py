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

# The thinnest line, bar or gap a symbol draws: the grid's own thinnest line (grid.widths). Below it a printer's
# dot gain fills a gap and drops a line (DESIGN 4 names no stroke of its own).
MIN_LINE = 0.1
RUNG_GAP = 0.06            # between two rungs of the red and blue grates, in cells: their narrowest gap
# The smallest cell whose lid keeps its grate (every bar and gap at least MIN_LINE): about 1.67 mm. Below it each
# colour's lid is a plain shape of its own (sewer_mark), which a grate at that size would only blur into.
FULL_LID_LEAST = MIN_LINE / RUNG_GAP


# Each symbol's smallest box (mm) that keeps its details with every line, bar and gap at least MIN_LINE; below it a
# plainer form of the same kind. Above it a symbol is drawn as it always was, an outline under MIN_LINE widened to it.
SHRINE_STRUT = 0.07        # the torii's middle strut, in cells: its thinnest bar
SHRINE_FULL_LEAST = MIN_LINE / SHRINE_STRUT                 # about 1.43 mm
HIGHLIGHT_RING = 0.084     # the dark crown round a tree's light highlight, in cells: the trees' thinnest part
FOREST_FULL_LEAST = MIN_LINE / HIGHLIGHT_RING               # about 1.19 mm (a pine's tiers, a shrub's lobes too)
# Under about 2.15 mm the star's lower points come within MIN_LINE of the ring (both outlines at MIN_LINE).
SPECIAL_FULL_LEAST = 2.15
TAIL_NOTCH = 0.05          # how deep a fish's tail is forked (0.92 - 0.87), in cells
FISH_PLAIN_LEAST = MIN_LINE / TAIL_NOTCH                    # 2 mm
# From 3.9 mm (the band's fish on 5 mm cells) a fish is drawn as it always was; below it its outline is at least
# MIN_LINE and its eye shrinks to keep MIN_LINE off the outline, and is left out where it cannot.
FISH_FULL_LEAST = 3.9
EYE_ROOM = 0.0805          # from the centre of a fish's eye to the nearest point of its outline, in cells
# Under about 1.25 mm a cat's eyes (with a MIN_LINE outline) come within MIN_LINE of its outline: a plain cat.
CAT_EYES_LEAST = 1.25


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
    if s < SHRINE_FULL_LEAST:
        sym.add(*_plain_torii(s, red))
        return
    sym.add(Path((("M", 0.06 * s, 0.15 * s), ("C", 0.3 * s, 0.25 * s, 0.7 * s, 0.25 * s, 0.94 * s, 0.15 * s),
                  ("L", 0.91 * s, 0.28 * s), ("C", 0.7 * s, 0.34 * s, 0.3 * s, 0.34 * s, 0.09 * s, 0.28 * s),
                  ("Z",)), red))
    sym.add(Rect(0.17 * s, 0.43 * s, 0.66 * s, 0.085 * s, red))
    sym.add(Polygon(_unit(s, ((0.265, 0.3), (0.365, 0.3), (0.375, 0.9), (0.245, 0.9))), red))
    sym.add(Polygon(_unit(s, ((0.635, 0.3), (0.735, 0.3), (0.755, 0.9), (0.625, 0.9))), red))
    sym.add(Rect(0.465 * s, 0.3 * s, SHRINE_STRUT * s, 0.14 * s, red))


def _plain_torii(s: float, red: Style) -> list[Rect]:
    """A small cell's torii: a straight top beam, a lower beam a bar's width below it and two posts, no strut;
    every bar, overhang and opening at least MIN_LINE."""
    bar = max(MIN_LINE, 0.1 * s)
    left, right, top, foot = 0.08 * s, 0.92 * s, 0.12 * s, 0.9 * s
    overhang = max(MIN_LINE, 0.14 * s)            # of the top beam past each post
    posts = (left + overhang, right - overhang - bar)
    return [Rect(left, top, right - left, bar, red),
            Rect(posts[0], top + 2 * bar, posts[1] + bar - posts[0], bar, red),
            *(Rect(x, top + bar, bar, foot - top - bar, red) for x in posts)]


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


def _trunk(s: float, top: float, height: float) -> Rect:
    """A tree's trunk, at least MIN_LINE wide."""
    if s < FOREST_FULL_LEAST:
        width = max(MIN_LINE, 0.1 * s)
        return Rect(0.5 * s - width / 2, top * s, width, height * s, Style(fill="trunk"))
    return Rect(0.45 * s, top * s, 0.1 * s, height * s, Style(fill="trunk"))


def _tree(sym: Symbol, s: float) -> None:
    sym.add(_trunk(s, 0.55, 0.3))
    sym.add(Circle(0.5 * s, 0.4 * s, 0.27 * s, Style(fill="forest")))
    if s >= FOREST_FULL_LEAST:            # smaller, its dark ring would be under MIN_LINE: a plain crown
        sym.add(Circle(0.42 * s, 0.33 * s, 0.08 * s, Style(fill="forest-light")))


def _pine(sym: Symbol, s: float) -> None:
    sym.add(_trunk(s, 0.66, 0.2))
    tiers: tuple[tuple[float, float], ...] = ((0.5, 0.1), (0.78, 0.48), (0.64, 0.48), (0.84, 0.72), (0.16, 0.72),
                                             (0.36, 0.48), (0.22, 0.48))
    if s < FOREST_FULL_LEAST:             # its tiers' steps would be too small to see: one plain triangle
        tiers = ((0.5, 0.1), (0.84, 0.72), (0.16, 0.72))
    sym.add(Polygon(_unit(s, tiers), Style(fill="forest")))


def _shrub(sym: Symbol, s: float) -> None:
    if s < FOREST_FULL_LEAST:
        # Three lobes would be mostly outline: one low, wide bush, light with a dark rim (a tree is dark and tall).
        edge = 0.08 * s + MIN_LINE / 2            # the rim's outer edge keeps 0.08 of the cell off the grid line
        sym.add(Rect(edge, 0.34 * s, s - 2 * edge, 0.46 * s,
                     Style(fill="forest-light", stroke="forest", stroke_width=MIN_LINE), rx=0.23 * s))
        return
    green = Style(fill="forest-light", stroke="forest", stroke_width=max(MIN_LINE, 0.04 * s))
    sym.add(Circle(0.32 * s, 0.6 * s, 0.19 * s, green))
    sym.add(Circle(0.68 * s, 0.6 * s, 0.19 * s, green))
    sym.add(Circle(0.5 * s, 0.44 * s, 0.22 * s, green))


def _fish_shape(s: float, fill: str, stroke: float) -> list:
    """A fish with a forked tail and an eye, `fill` inside an ink outline `stroke` cells wide; under FISH_FULL_LEAST
    the outline is at least MIN_LINE and the eye keeps MIN_LINE off it (left out where it cannot)."""
    width, eye = stroke * s, 0.035 * s
    if s < FISH_FULL_LEAST:
        width = max(MIN_LINE, width)
        eye = min(eye, EYE_ROOM * s - width / 2 - MIN_LINE)
    style = Style(fill=fill, stroke="ink", stroke_width=width, line_join="round")
    body = Path((("M", 0.1 * s, 0.5 * s), ("C", 0.25 * s, 0.26 * s, 0.55 * s, 0.26 * s, 0.7 * s, 0.5 * s),
                 ("C", 0.55 * s, 0.74 * s, 0.25 * s, 0.74 * s, 0.1 * s, 0.5 * s), ("Z",)), style)
    tail = Polygon(_unit(s, ((0.68, 0.5), (0.92, 0.3), (0.87, 0.5), (0.92, 0.7))), style)
    if eye < MIN_LINE / 2:
        return [tail, body]
    return [tail, body, Circle(0.24 * s, 0.46 * s, eye, Style(fill="ink"))]


def _plain_fish(s: float, style: Style) -> Path:
    """A small cell's fish: one plump silhouette, body and unforked tail, no eye, keeping 0.08 of the cell off its
    edges (as a small lid). Its waist, where the tail starts, is 0.2 of the cell: 0.125 mm on the smallest cell."""
    return Path((("M", 0.08 * s, 0.5 * s), ("C", 0.2 * s, 0.2 * s, 0.48 * s, 0.2 * s, 0.62 * s, 0.4 * s),
                 ("L", 0.92 * s, 0.2 * s), ("L", 0.92 * s, 0.8 * s), ("L", 0.62 * s, 0.6 * s),
                 ("C", 0.48 * s, 0.8 * s, 0.2 * s, 0.8 * s, 0.08 * s, 0.5 * s), ("Z",)), style)


def _fish(sym: Symbol, s: float) -> None:
    if s < FISH_PLAIN_LEAST:              # the band's plain fish is solid ink, as its plain special move
        sym.add(_plain_fish(s, Style(fill="ink")))
        return
    sym.add(*_fish_shape(s, "#ffffff", 0.05))


def _star_points(cx: float, cy: float, outer: float, inner: float) -> tuple[tuple[float, float], ...]:
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        radius = outer if k % 2 == 0 else inner
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def _special(sym: Symbol, s: float) -> None:
    if s < SPECIAL_FULL_LEAST:
        # No room for a star inside a ring: a plain star in solid ink, its arms at least MIN_LINE wide at their base
        # from the smallest band's 0.49 mm.
        sym.add(Polygon(_star_points(0.5 * s, 0.52 * s, 0.46 * s, 0.2 * s), Style(fill="ink")))
        return
    sym.add(Circle(0.5 * s, 0.5 * s, 0.42 * s, Style(fill="#ffffff", stroke="ink",
                                                     stroke_width=max(MIN_LINE, 0.05 * s))))
    sym.add(Polygon(_star_points(0.5 * s, 0.53 * s, 0.3 * s, 0.13 * s),
                    Style(fill="faint", stroke="ink", stroke_width=max(MIN_LINE, 0.035 * s), line_join="round")))


def _colour_box(sym: Symbol, s: float) -> None:
    sym.add(Rect(0.08 * s, 0.08 * s, 0.84 * s, 0.84 * s,
                 Style(fill="#ffffff", stroke="ink", stroke_width=max(MIN_LINE, 0.06 * s)), rx=0.06 * s))


_SYMBOLS = {"shrine": _shrine, "tree": _tree, "pine": _pine, "shrub": _shrub, "fish": _fish, "special": _special,
            "colour-box": _colour_box, **{f"sewer-{c}": _sewer(c) for c in ("red", "blue", "green", "yellow")}}


@lru_cache(maxsize=None)
def player_symbol(kind: str, player: int, s: float) -> Symbol:
    """A drawn fish or cat in a player's colour (set-ups)."""
    sym = Symbol(f"{kind}-p{player}-{format_mm(s).replace('.', '_')}", s, s)
    colour = f"player-{player}"
    # A small cell's fish or cat is a plain silhouette in the player's colour with no outline: an ink outline of
    # MIN_LINE would leave more ink than colour.
    plain = Style(fill=colour)
    if kind == "fish":
        sym.add(*(_fish_shape(s, colour, 0.04) if s >= FISH_PLAIN_LEAST else [_plain_fish(s, plain)]))
    elif s < CAT_EYES_LEAST:                  # a head with two ears, no eyes
        sym.add(Polygon(_unit(s, ((0.18, 0.56), (0.2, 0.1), (0.42, 0.3), (0.58, 0.3), (0.8, 0.1), (0.82, 0.56))),
                        plain))
        sym.add(Circle(0.5 * s, 0.6 * s, 0.3 * s, plain))
    else:
        style = Style(fill=colour, stroke="ink", stroke_width=max(MIN_LINE, 0.04 * s), line_join="round")
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
