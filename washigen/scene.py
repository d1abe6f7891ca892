"""The drawing model: a Scene in millimetres, y pointing down, holding primitives.

Games draw into a Scene and know nothing of SVG or PDF; the backends in render/ know primitives and nothing of
any game. Colours are theme keys ("ink", "wall", "sewer-red") or literal "#rrggbb"; the backend resolves them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Literal, Sequence, Union

from .errors import InputError
from .words import N_, Says

Point = tuple[float, float]

# A print-friendly default: dark inks, light tints that survive a cheap inkjet and translucent washi.
DEFAULT_THEME: dict[str, str] = {
    "ink": "#1a1a1a",
    "paper": "#ffffff",
    "muted": "#7a7a7a",
    "faint": "#d9d9d9",
    "cut": "#000000",
    "accent": "#c8102e",
    "street": "#ffffff",
    "grid": "#bdbdbd",
    "wall": "#111111",
    "building": "#e9e4da",
    "shrine": "#c8102e",
    "forest": "#3f7d3a",
    "forest-tint": "#cfe3c6",
    "band": "#c9c9c9",
    "sewer-red": "#e0301e",
    "sewer-blue": "#1f5fbf",
    "sewer-green": "#00796b",
    "sewer-yellow": "#ffd000",
    "sewer-purple": "#7b3fa0",
    "sewer-orange": "#ee7b16",
    "path": "#f5c400",
    "path-edge": "#6b5200",
    "road-new": "#f08a24",
    "cat-red": "#d7261e",
    "cat-blue": "#1f5fbf",
    "cat-green": "#2e8b3d",
    "cat-yellow": "#e8b400",
}

FontFamily = Literal["sans", "mono"]
Anchor = Literal["start", "middle", "end"]
Weight = Literal["normal", "bold"]


@dataclass(frozen=True)
class Style:
    fill: str | None = None          # None: no fill
    stroke: str | None = None        # None: no stroke
    stroke_width: float = 0.25       # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    opacity: float = 1.0
    line_cap: Literal["butt", "round", "square"] = "butt"
    line_join: Literal["miter", "round", "bevel"] = "miter"


def fill(colour: str, opacity: float = 1.0) -> Style:
    return Style(fill=colour, opacity=opacity)


def stroke(colour: str, width: float = 0.25, dash: tuple[float, ...] | None = None,
           cap: Literal["butt", "round", "square"] = "butt") -> Style:
    return Style(stroke=colour, stroke_width=width, dash=dash, line_cap=cap, line_join="round" if cap == "round" else "miter")


def filled(fill_colour: str, stroke_colour: str, width: float = 0.25) -> Style:
    return Style(fill=fill_colour, stroke=stroke_colour, stroke_width=width)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style(fill="ink")
    rx: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style(stroke="ink")


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]
    style: Style = Style(stroke="ink")


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    style: Style = Style(fill="ink")


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style(fill="ink")


# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",), all absolute.
PathCommand = tuple


@dataclass(frozen=True)
class Path:
    commands: tuple[PathCommand, ...]
    style: Style = Style(fill="ink")


@dataclass(frozen=True)
class Text:
    x: float
    y: float                 # the baseline
    text: str
    size: float = 3.0        # font size in mm (the em height)
    anchor: Anchor = "start"
    weight: Weight = "normal"
    family: FontFamily = "sans"
    italic: bool = False
    style: Style = Style(fill="ink")
    rotate: float = 0.0      # degrees clockwise about (x, y)


@dataclass(frozen=True)
class Use:
    """Places a symbol with its top-left corner at (x, y), scaled and rotated (degrees clockwise) about that corner."""
    symbol: str
    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0
    rotate: float = 0.0


@dataclass
class Group:
    """Children drawn under translate(dx, dy), then rotate(deg, clockwise), then scale(sx, sy); optionally clipped
    to `clip` (a rectangle in the group's own coordinates)."""
    children: list["Primitive"] = field(default_factory=list)
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    sx: float = 1.0
    sy: float = 1.0
    clip: tuple[float, float, float, float] | None = None
    opacity: float = 1.0

    def add(self, *items: "Primitive") -> "Group":
        self.children.extend(items)
        return self

    @property
    def is_identity(self) -> bool:
        return (self.dx, self.dy, self.rotate, self.sx, self.sy) == (0.0, 0.0, 0.0, 1.0, 1.0)


Primitive = Union[Rect, Line, Polyline, Polygon, Circle, Path, Text, Use, Group]


@dataclass
class Symbol:
    """Anything drawn more than once (a shrine, a sewer lid, a fish): drawn in a box of width x height."""
    id: str
    width: float
    height: float
    children: list[Primitive] = field(default_factory=list)

    def add(self, *items: Primitive) -> "Symbol":
        self.children.extend(items)
        return self


Box = tuple[float, float, float, float]       # x, y, width, height in a scene's mm


@dataclass(frozen=True)
class PlaceGrid:
    """A grid of places on a drawing (a map's cells, a tree's card slots, a board's tiles): the top-left corner of
    the top row's first place, a place's size, the step to the next one, the grid's size, and whether row 1 is the
    bottom row. Rows and columns count from 1."""
    x: float
    y: float
    w: float
    h: float
    pitch_x: float
    pitch_y: float
    rows: int
    cols: int
    rows_up: bool = False

    def box(self, row: int, col: int) -> Box | None:
        """Where place (row, col) lies; None outside the grid."""
        if not (1 <= row <= self.rows and 1 <= col <= self.cols):
            return None
        line = self.rows - row if self.rows_up else row - 1
        return self.x + (col - 1) * self.pitch_x, self.y + line * self.pitch_y, self.w, self.h

    def row_box(self, row: int) -> Box | None:
        """Where a whole row lies; None outside the grid."""
        first = self.box(row, 1)
        if first is None:
            return None
        return first[0], first[1], (self.cols - 1) * self.pitch_x + self.w, first[3]


@dataclass(frozen=True)
class StripFrame:
    """A strip of tape on a drawing (a segment of a map laid end to end): its top-left corner, its length along x
    and width along y, its zones' spans along it, how far a path reaches across, and the half-size of the mark
    around a point on it."""
    x: float
    y: float
    length: float
    width: float
    zones: tuple[tuple[float, float], ...] = ()
    reach: float = 0.0
    point: float = 2.0

    def point_box(self, at: tuple[float, float]) -> Box:
        return self.x + at[0] - self.point, self.y + at[1] - self.point, 2 * self.point, 2 * self.point


@dataclass
class Places:
    """Where the parts of a design sit on its drawing, recorded by the drawing itself: what an editor turns a click
    into, and what a violation's place is marked by. Metadata only: no backend draws it, so the bytes of a print
    are the same with it or without it."""
    grid: PlaceGrid | None = None
    strips: list[StripFrame] = field(default_factory=list)
    boxes: dict[tuple[str, str], Box] = field(default_factory=dict)     # ("location", "1a") -> its box

    def add(self, kind: str, key: object, box: Box) -> None:
        self.boxes[(kind, str(key))] = box

    def box(self, kind: str, key: object) -> Box | None:
        return self.boxes.get((kind, str(key)))

    def __bool__(self) -> bool:
        return self.grid is not None or bool(self.strips) or bool(self.boxes)


@dataclass
class Scene:
    """A drawing of `width` x `height` mm (the trim). Artwork may extend `bleed` mm beyond every edge."""
    width: float
    height: float
    children: list[Primitive] = field(default_factory=list)
    symbols: dict[str, Symbol] = field(default_factory=dict)
    theme: dict[str, str] = field(default_factory=dict)   # overrides of DEFAULT_THEME
    bleed: float = 0.0
    meta: dict[str, str] = field(default_factory=dict)    # game, kind, seed, version, title
    # PDF page boxes (x, y, w, h) in scene mm when they are not the trim and trim + bleed (an imposed sheet).
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None
    places: Places = field(default_factory=Places, compare=False, repr=False)   # metadata; never drawn

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.height > 0):
            raise InputError(Says(N_("{field}: size must be positive, got {width} x {height} mm"), field="scene",
                                  width=self.width, height=self.height))

    def add(self, *items: Primitive) -> "Scene":
        self.children.extend(items)
        return self

    def define(self, symbol: Symbol) -> str:
        """Adds a symbol once; returns its id for Use."""
        existing = self.symbols.get(symbol.id)
        if existing is not None and existing is not symbol and existing != symbol:
            raise ValueError(f"symbol id {symbol.id!r} defined twice with different drawings")
        self.symbols[symbol.id] = symbol
        return symbol.id

    def colour(self, key: str | None) -> str | None:
        return resolve_colour(key, self.theme)

    @property
    def outer_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def outer_height(self) -> float:
        return self.height + 2 * self.bleed

    def count(self) -> int:
        """Number of primitives, groups and symbol bodies included (for benchmarks and tests)."""
        total = sum(_count(p) for p in self.children)
        return total + sum(_count(p) for s in self.symbols.values() for p in s.children)


def _count(item: Primitive) -> int:
    if isinstance(item, Group):
        return 1 + sum(_count(c) for c in item.children)
    return 1


def resolve_colour(key: str | None, theme: dict[str, str] | None = None) -> str | None:
    if key is None or key == "none":
        return None
    if key.startswith("#"):
        return key
    if theme and key in theme:
        return resolve_colour(theme[key], None)
    if key in DEFAULT_THEME:
        return DEFAULT_THEME[key]
    raise InputError(Says(N_("{field}: unknown theme colour {key!r}"), field="colour", key=key))


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    return tuple(int(value[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def iter_primitives(items: Sequence[Primitive]):
    """Every primitive, groups flattened (the group itself is not yielded)."""
    for item in items:
        if isinstance(item, Group):
            yield from iter_primitives(item.children)
        else:
            yield item


def rounded_path(points: Sequence[Point], radius: float) -> Path:
    """A polyline with its corners rounded by `radius` (for paths and roads that bend)."""
    if len(points) < 3 or radius <= 0:
        return Path((("M", *points[0]),) + tuple(("L", *p) for p in points[1:]), Style(stroke="ink"))
    commands: list[PathCommand] = [("M", *points[0])]
    for prev, here, nxt in zip(points, points[1:], points[2:]):
        a = _towards(here, prev, radius)
        b = _towards(here, nxt, radius)
        commands.append(("L", *a))
        commands.append(("C", *here, *here, *b))
    commands.append(("L", *points[-1]))
    return Path(tuple(commands), Style(stroke="ink"))


def _towards(origin: Point, target: Point, distance: float) -> Point:
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return origin
    d = min(distance, length / 2)
    return origin[0] + dx / length * d, origin[1] + dy / length * d


def with_style(item, style: Style):
    return replace(item, style=style)
