"""Collisions between labels and the rest of a drawing (DESIGN 4: "no text overlaps other text, and no label is
crossed by a line or shape that is not its own background"), checked twice, from two readings that share nothing
but the rules:

- `scene_collisions(scene)`: the Scene as washigen drew it, walked through groups, clips, symbols and uses, each
  Text boxed with the font metrics washigen sets it with (washigen.fonts);
- `pdf_collisions(data)`: the finished PDF as MuPDF reads it (pymupdf: every text show and every path, with its
  paint order and clip), nothing taken from washigen but the font's ascent. `data` may be a
  tests.mupdf_reading.MupdfReading that tests/outside.py has read the same pages with.

Both readings reduce a page to labels, strokes and fills in page millimetres (y down) in paint order, and
`page_faults` applies the rules:
- two labels overlap by more than TOLERANCE_MM;
- a stroke passes through a label, unless it lies under the label's background (the topmost opaque fill drawn
  before the label that wholly holds it) or is that background itself (a thick line the label sits on);
- a fill partly covers a label: drawn over it at all, or under it, above its background, holding only part of it
  (a label running off its card, half over a band);
- (Scene reading only) a label cut by the clip of the group that holds it.

A label's box is its glyphs' ink, not the font's whole line: cap height above the baseline (ASCENT em), the
descender below only when the text has one, then INSET_EM taken off every side, so that the label's own
underline, frame or tight background never counts against it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from tests.mupdf_reading import MupdfReading, reading

TOLERANCE_MM = 0.1          # overlaps this small are rounding, not a collision
INSET_EM = 0.06             # taken off every side of a label's box: glyph boxes are wider and taller than ink
OPAQUE = 0.5                # fills and strokes fainter than this are tints: neither a background nor a fault
SAMPLE_MM = 0.4             # spacing of the points a fill's coverage of a label is measured on
CURVE_STEPS = 8             # a cubic Bézier is followed as this many straight pieces
MM_PER_PT = 25.4 / 72.0

Point = tuple[float, float]
Box = tuple[float, float, float, float]          # x0, y0, x1, y1


# -- what a page is made of --------------------------------------------------------------------------------------
@dataclass
class Label:
    """A line of text: its box in its own frame (x along the baseline from `origin` in direction `axis`, y down)."""
    text: str
    origin: Point
    axis: Point                     # unit vector along the baseline
    box: Box                        # in the label's frame, inset already
    z: int                          # paint order
    clip: Box | None = None

    def local(self, point: Point) -> Point:
        dx, dy = point[0] - self.origin[0], point[1] - self.origin[1]
        ux, uy = self.axis
        return dx * ux + dy * uy, -dx * uy + dy * ux

    def page(self, point: Point) -> Point:
        ux, uy = self.axis
        x, y = point
        return self.origin[0] + x * ux - y * uy, self.origin[1] + x * uy + y * ux

    def corners(self) -> list[Point]:
        x0, y0, x1, y1 = self.box
        return [self.page(p) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]

    def extent(self) -> Box:
        xs, ys = zip(*self.corners())
        return min(xs), min(ys), max(xs), max(ys)

    def samples(self) -> tuple[np.ndarray, np.ndarray]:
        """Points spread over the box, its edges included, in page mm: their x and their y, column by column
        along the baseline."""
        x0, y0, x1, y1 = self.box
        nx = max(2, math.ceil((x1 - x0) / SAMPLE_MM) + 1)
        ny = max(2, math.ceil((y1 - y0) / SAMPLE_MM) + 1)
        (ox, oy), (ux, uy) = self.origin, self.axis
        along = x0 + (x1 - x0) * np.arange(nx) / (nx - 1)
        across = y0 + (y1 - y0) * np.arange(ny) / (ny - 1)
        # each point's page(): its term along the baseline worked out once a column, across it once a row
        xs = (ox + along * ux)[:, None] + (-across * uy)[None, :]
        ys = (oy + along * uy)[:, None] + (across * ux)[None, :]
        return xs.ravel(), ys.ravel()


@dataclass
class Stroke:
    segments: list[tuple[Point, Point]]
    width: float
    z: int
    clip: Box | None = None
    colour: tuple[float, ...] | None = None


@dataclass
class Fill:
    rings: list[list[Point]]        # outlines, filled even-odd
    z: int
    clip: Box | None = None
    colour: tuple[float, ...] | None = None
    _boxes: list[Box] = field(default_factory=list, init=False, repr=False)
    _extent: Box | None = field(default=None, init=False, repr=False)
    _edges: list[tuple] | None = field(default=None, init=False, repr=False)     # per ring, made when first asked
    _rect: Box | None = field(default=None, init=False, repr=False)   # set when the fill is one upright rectangle

    def __post_init__(self) -> None:
        self._boxes = [_ring_box(ring) for ring in self.rings]
        if len(self.rings) == 1 and _upright_rectangle(self.rings[0]):
            self._rect = self._boxes[0]

    def extent(self) -> Box:
        if self._extent is None:
            box = (min(b[0] for b in self._boxes), min(b[1] for b in self._boxes),
                   max(b[2] for b in self._boxes), max(b[3] for b in self._boxes))
            self._extent = _intersect(box, self.clip) if self.clip else box
        return self._extent

    def held(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Which of the points (xs[i], ys[i]) the fill covers: inside its clip, and inside an odd number of its
        rings (counted by the crossings to the point's right, so a left or top edge is in, a right or bottom edge
        out)."""
        covered = _in_box(xs, ys, self.clip) if self.clip else np.ones(len(xs), bool)
        if self._rect is not None:          # what the crossings give for a rectangle
            x0, y0, x1, y1 = self._rect
            return covered & (x0 <= xs) & (xs < x1) & (y0 <= ys) & (ys < y1)
        inside = np.zeros(len(xs), bool)
        for box, edges in zip(self._boxes, self._ring_edges()):
            near = _in_box(xs, ys, box)     # a point outside a ring's box is outside the ring
            if near.any():
                inside[near] ^= _odd_crossings(edges, xs[near], ys[near])
        return covered & inside

    def holds_all(self, xs: np.ndarray, ys: np.ndarray, box: Box) -> bool:
        """Whether the fill covers every one of the points, whose bounding box is `box`: never when a point lies
        outside the fill's extent (its rings' boxes within its clip), and in a rectangle as soon as none lies on its
        right or bottom edge, decided on the box alone."""
        x0, y0, x1, y1 = self.extent()
        if not (x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1):
            return False
        if self._rect is not None:          # within the extent: within the clip and from the left and top edges
            return box[2] < self._rect[2] and box[3] < self._rect[3]
        return bool(self.held(xs, ys).all())

    def _ring_edges(self) -> list[tuple[np.ndarray, ...]]:
        """Per ring, its edges as arrays: x and y at the start, y at the end, the run and rise, the lower and the
        higher y."""
        if self._edges is None:
            self._edges = []
            for ring in self.rings:
                start, end = np.array(ring, dtype=float), np.array(ring[1:] + ring[:1], dtype=float)
                (x1, y1), (x2, y2) = start.T, end.T
                self._edges.append((x1, y1, y2, x2 - x1, y2 - y1, np.minimum(y1, y2), np.maximum(y1, y2)))
        return self._edges


def _in_box(xs: np.ndarray, ys: np.ndarray, box: Box) -> np.ndarray:
    return (box[0] <= xs) & (xs <= box[2]) & (box[1] <= ys) & (ys <= box[3])


def _odd_crossings(edges: tuple[np.ndarray, ...], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """For each point, whether the ring's outline crosses the horizontal line through it an odd number of times to
    its right (an edge counts from its lower end up to but not including its upper end, so a vertex on the line is
    crossed once)."""
    x1, y1, y2, run, rise, low, high = edges
    reach = (high > ys.min()) & (low <= ys.max())      # the edges that the row of some point can cross
    if not reach.any():
        return np.zeros(len(xs), bool)
    x1, y1, y2, run, rise = (a[reach][:, None] for a in (x1, y1, y2, run, rise))     # edges down, points across
    crossed = (y1 > ys) != (y2 > ys)
    with np.errstate(divide="ignore", invalid="ignore"):    # a level edge is never crossed: its quotient unused
        at = x1 + (ys - y1) * run / rise
    return (crossed & (at > xs)).sum(axis=0) % 2 == 1


@dataclass
class Drawing:
    """One page (or figure) as the rules see it."""
    name: str                       # "page 2", "figure 1"
    labels: list[Label]
    strokes: list[Stroke]
    fills: list[Fill]
    clipped: list[str]              # faults found while reading: labels cut by a clip


# -- the rules -----------------------------------------------------------------------------------------------------
def page_faults(drawing: Drawing) -> list[str]:
    """Every collision on one page, one sentence each, each sentence once."""
    extents = [label.extent() for label in drawing.labels]
    faults = list(drawing.clipped) + _overlapping_labels(drawing, extents)
    fills = _Grid([(fill, fill.extent()) for fill in drawing.fills if fill.rings])
    strokes = _Grid([(stroke, _stroke_extent(stroke)) for stroke in drawing.strokes if stroke.segments])
    for label, extent in zip(drawing.labels, extents):
        faults += _crossings(drawing.name, label, fills.near(extent), strokes.near(extent))
    return list(dict.fromkeys(faults))


class _Grid:
    """Shapes with their boxes, found by the box they meet: each is filed under the CELL_MM squares its box covers,
    so a label looks only at the shapes of its own squares (a 10 m roll has tens of thousands)."""
    CELL_MM = 10.0

    def __init__(self, shapes: list[tuple]):
        self.shapes = shapes
        self.cells: dict[tuple[int, int], list[int]] = {}
        for index, (_, box) in enumerate(shapes):
            for key in self._keys(box):
                self.cells.setdefault(key, []).append(index)

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        size = self.CELL_MM
        rows = range(math.floor(box[1] / size), math.floor(box[3] / size) + 1)
        return [(i, j) for i in range(math.floor(box[0] / size), math.floor(box[2] / size) + 1) for j in rows]

    def near(self, box: Box) -> list:
        """The shapes whose boxes meet `box`, in the order they were given (paint order)."""
        found = {index for key in self._keys(box) for index in self.cells.get(key, ())}
        return [self.shapes[index][0] for index in sorted(found) if _meets(self.shapes[index][1], box)]

    def meets_any(self, box: Box) -> bool:
        """Whether some shape's box meets `box`."""
        x0, y0, x1, y1 = box
        size, cells, shapes = self.CELL_MM, self.cells, self.shapes
        rows = range(math.floor(y0 / size), math.floor(y1 / size) + 1)
        for i in range(math.floor(x0 / size), math.floor(x1 / size) + 1):
            for j in rows:
                for index in cells.get((i, j), ()):
                    other = shapes[index][1]
                    if other[0] < x1 and x0 < other[2] and other[1] < y1 and y0 < other[3]:     # _meets(other, box)
                        return True
        return False


def _overlapping_labels(drawing: Drawing, extents: list[Box]) -> list[str]:
    """(`extents`: the labels' extents, in the drawing's order.)"""
    faults = []
    order = sorted(range(len(extents)), key=lambda index: extents[index][0])
    labels = [drawing.labels[index] for index in order]
    extents = [extents[index] for index in order]
    for i, (a, box_a) in enumerate(zip(labels, extents)):
        for b, box_b in zip(labels[i + 1:], extents[i + 1:]):
            if box_b[0] >= box_a[2] - TOLERANCE_MM:
                break
            if box_b[1] >= box_a[3] - TOLERANCE_MM or box_a[1] >= box_b[3] - TOLERANCE_MM:
                continue
            if a.text == b.text and math.dist(a.origin, b.origin) < 0.3:
                continue                # one label drawn twice in place (a halo): not two labels
            depth = _overlap(a, b)
            if depth > TOLERANCE_MM:
                faults.append(f"{drawing.name}: {_name(a)} overlaps {_name(b)} ({depth:.1f} mm)")
    return faults


def _crossings(name: str, label: Label, fills: list[Fill], strokes: list[Stroke]) -> list[str]:
    """The strokes through `label` and the fills over part of it, above its background (`fills` and `strokes`: the
    shapes whose boxes meet the label's)."""
    if not fills and not strokes:
        return []
    xs, ys = label.samples()
    box = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
    background = _background(label, fills, xs, ys, box)
    background_colour = next((f.colour for f in fills if f.z == background), None)
    faults = []
    for fill in fills:
        if fill.z <= background or (fill.z < label.z and fill.colour == background_colour):
            continue                    # hidden by the background, or the background's own colour again
        held = fill.held(xs, ys)
        if fill.z > label.z and held.any():
            faults.append(f"{name}: a shape is drawn over {_name(label)}")
        elif held.any() and not held.all():
            faults.append(f"{name}: {_name(label)} runs over the edge of a shape")
    points: list[Point] = []
    for stroke in strokes:
        if stroke.z <= background:
            continue
        if stroke.z < label.z:
            points = points or list(zip(xs.tolist(), ys.tolist()))
            if _band_holds(stroke, points):
                continue                # the label sits on a thick line: that line is its background
        if _crosses(stroke, label):
            faults.append(f"{name}: a line crosses {_name(label)}")
    return faults


def _background(label: Label, near: list[Fill], xs, ys, box: Box) -> int:
    """The paint order of the topmost fill under the label that holds all of its sample points (xs, ys, within
    `box`), or -1: the fills below it are tried from the top down, so the search ends at the first that does."""
    for fill in sorted((f for f in near if f.z < label.z), key=lambda f: f.z, reverse=True):
        if fill.holds_all(xs, ys, box):
            return fill.z
    return -1


def _name(label: Label) -> str:
    return repr(label.text if len(label.text) <= 40 else label.text[:37] + "...")


def _overlap(a: Label, b: Label) -> float:
    """How far two label boxes reach into each other (mm): the least overlap along the boxes' own axes."""
    depth = math.inf
    for ux, uy in {a.axis, (-a.axis[1], a.axis[0]), b.axis, (-b.axis[1], b.axis[0])}:
        pa = [x * ux + y * uy for x, y in a.corners()]
        pb = [x * ux + y * uy for x, y in b.corners()]
        depth = min(depth, min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return depth


def _crosses(stroke: Stroke, label: Label) -> bool:
    for start, end in stroke.segments:
        if stroke.clip:
            shown = _clip_segment(start, end, stroke.clip)
            if shown is None:
                continue
            start, end = shown
        if _clip_segment(label.local(start), label.local(end), label.box) is not None:
            return True
    return False


def _band_holds(stroke: Stroke, points: list[Point]) -> bool:
    half = stroke.width / 2
    return all(any(_distance_to_segment(p, s, e) <= half for s, e in stroke.segments) for p in points)


def _stroke_extent(stroke: Stroke) -> Box:
    xs = [p[0] for segment in stroke.segments for p in segment]
    ys = [p[1] for segment in stroke.segments for p in segment]
    half = stroke.width / 2
    return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half


# -- geometry ------------------------------------------------------------------------------------------------------
def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _intersect(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _ring_box(ring: list[Point]) -> Box:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def _upright_rectangle(ring: list[Point]) -> bool:
    """Four corners joined by edges that run alternately along x and along y (a page's or card's rectangle)."""
    if len(ring) != 4:
        return False
    edges = list(zip(ring, ring[1:] + ring[:1]))
    along_x = [a[1] == b[1] and a[0] != b[0] for a, b in edges]
    along_y = [a[0] == b[0] and a[1] != b[1] for a, b in edges]
    return along_x in ([True, False, True, False], [False, True, False, True]) and along_y == [not x for x in along_x]


def _clip_segment(start: Point, end: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of a segment inside a box (Liang-Barsky), or None."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (x1 + low * dx, y1 + low * dy), (x1 + high * dx, y1 + high * dy)


def _distance_to_segment(point: Point, start: Point, end: Point) -> float:
    (px, py), (x1, y1), (x2, y2) = point, start, end
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def _bernstein(step: int) -> tuple[float, float, float, float]:
    t = step / CURVE_STEPS
    u = 1 - t
    return u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3


BERNSTEIN = [_bernstein(step) for step in range(1, CURVE_STEPS + 1)]   # a curve's weights at each of its steps


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
    return [(w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3, w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3)
            for w0, w1, w2, w3 in BERNSTEIN]


def _segments(ring: list[Point], closed: bool) -> list[tuple[Point, Point]]:
    pairs = list(zip(ring, ring[1:]))
    return pairs + [(ring[-1], ring[0])] if closed and len(ring) > 2 else pairs


# -- reading 1: the Scene ------------------------------------------------------------------------------------------
Matrix = tuple[float, float, float, float, float, float]     # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _then(m: Matrix, n: Matrix) -> Matrix:
    """n drawn inside m (n's coordinates are m's local ones)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _placed(m: Matrix, dx: float, dy: float, degrees: float, sx: float, sy: float) -> Matrix:
    """Translate, then rotate (clockwise on a y-down page), then scale: how groups, uses and texts are drawn."""
    r = math.radians(degrees)
    cos, sin = math.cos(r), math.sin(r)
    m = _then(m, (1.0, 0.0, 0.0, 1.0, dx, dy))
    m = _then(m, (cos, sin, -sin, cos, 0.0, 0.0))
    return _then(m, (sx, 0.0, 0.0, sy, 0.0, 0.0))


def _apply(m: Matrix, point: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = point
    return a * x + c * y + e, b * x + d * y + f


def scene_drawing(scene, name: str = "page 1", clip: Box | None = None) -> Drawing:
    """A Scene read as labels, strokes and fills in its own mm, in paint order; `clip` is where it is shown (a
    rule sheet's figure is cut at its trim, a page at its bleed)."""
    reader = _SceneReader(scene, name)
    reader.walk(scene.children, IDENTITY, clip, 1.0)
    return Drawing(name, reader.labels, reader.strokes, reader.fills, reader.clipped)


def scene_collisions(scene, name: str = "page 1", clip: Box | None = None) -> list[str]:
    return page_faults(scene_drawing(scene, name, clip))


class _SceneReader:
    def __init__(self, scene, name: str):
        self.scene, self.name = scene, name
        self.labels: list[Label] = []
        self.strokes: list[Stroke] = []
        self.fills: list[Fill] = []
        self.clipped: list[str] = []
        self.z = 0

    def colour(self, key: str | None) -> tuple[float, ...] | None:
        from washigen.scene import hex_to_rgb, resolve_colour

        value = resolve_colour(key, self.scene.theme) if key else None
        return None if value is None else tuple(round(c, 3) for c in hex_to_rgb(value))

    def walk(self, items, m: Matrix, clip: Box | None, opacity: float) -> None:
        from washigen.scene import Circle, Group, Line, Path, Polygon, Polyline, Rect, Text, Use

        for item in items:
            self.z += 1
            if isinstance(item, Group):
                inner = _placed(m, item.dx, item.dy, item.rotate, item.sx, item.sy)
                self.walk(item.children, inner, self.clipped_to(inner, item.clip, clip), opacity * item.opacity)
            elif isinstance(item, Use):
                inner = _placed(m, item.x, item.y, item.rotate, item.scale, item.scale)
                self.walk(self.scene.symbols[item.symbol].children, inner, clip, 1.0)   # forms draw opaque
            elif isinstance(item, Text):
                self.text(item, m, clip)
            elif isinstance(item, Rect):
                x, y, w, h = item.x, item.y, item.w, item.h
                self.shape([[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], True, True, item.style, m, clip,
                           opacity)
            elif isinstance(item, Circle):
                ring = [(item.cx + item.r * math.cos(math.pi * k / 16), item.cy + item.r * math.sin(math.pi * k / 16))
                        for k in range(32)]
                self.shape([ring], True, True, item.style, m, clip, opacity)
            elif isinstance(item, Line):
                self.shape([[(item.x1, item.y1), (item.x2, item.y2)]], False, False, item.style, m, clip, opacity)
            elif isinstance(item, (Polyline, Polygon)):
                closed = isinstance(item, Polygon)
                self.shape([list(item.points)], closed, closed, item.style, m, clip, opacity)
            elif isinstance(item, Path):
                closed = any(command[0] == "Z" for command in item.commands)
                self.shape(_path_rings(item.commands), True, closed, item.style, m, clip, opacity)

    def clipped_to(self, m: Matrix, rect, outer: Box | None) -> Box | None:
        if rect is None:
            return outer
        x, y, w, h = rect
        xs, ys = zip(*(_apply(m, p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))))
        box = (min(xs), min(ys), max(xs), max(ys))
        return _intersect(box, outer) if outer else box

    def shape(self, rings, fillable: bool, closed: bool, style, m: Matrix, clip: Box | None,
              opacity: float) -> None:
        """An outline: a fill when it can be filled (a path is, open or not: PDF closes it for the fill), a stroke
        along it that returns to its start when `closed`."""
        rings = [[_apply(m, p) for p in ring] for ring in rings if len(ring) >= 2]
        if not rings or style.opacity * opacity < OPAQUE:
            return
        fill = self.colour(style.fill) if fillable else None
        if fill is not None:
            self.fills.append(Fill([r for r in rings if len(r) > 2], self.z, clip, fill))
        stroke = self.colour(style.stroke)
        if stroke is not None:
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            segments = [s for ring in rings for s in _segments(ring, closed)]
            self.strokes.append(Stroke(segments, style.stroke_width * scale, self.z, clip, stroke))

    def text(self, item, m: Matrix, clip: Box | None) -> None:
        from washigen.fonts import ASCENT, descent, text_width

        if not item.text.strip():
            return
        width = text_width(item.text, item.size, item.weight, item.family)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
        inset = INSET_EM * item.size
        local = (start + inset, -ASCENT * item.size + inset, start + width - inset,
                 descent(item.text) * item.size - inset)
        frame = _placed(m, item.x, item.y, item.rotate, 1.0, 1.0)
        along, across = (frame[0], frame[1]), (frame[2], frame[3])
        sx, sy = math.hypot(*along), math.hypot(*across)
        label = Label(item.text, _apply(frame, (0.0, 0.0)), (along[0] / sx, along[1] / sx),
                      (local[0] * sx, local[1] * sy, local[2] * sx, local[3] * sy), self.z, clip)
        self.labels.append(label)
        if clip:
            x0, y0, x1, y1 = label.extent()
            cut = max(clip[0] - x0, clip[1] - y0, x1 - clip[2], y1 - clip[3])
            if cut > TOLERANCE_MM:
                self.clipped.append(f"{self.name}: {_name(label)} is cut off at the edge of its drawing "
                                    f"({cut:.1f} mm)")


def _path_rings(commands) -> list[list[Point]]:
    """A path's subpaths as point lists, curves followed in straight pieces."""
    rings: list[list[Point]] = []
    for command in commands:
        letter = command[0]
        if letter == "M":
            rings.append([(command[1], command[2])])
        elif letter == "L":
            rings[-1].append((command[1], command[2]))
        elif letter == "C":
            p = command[1:7]
            rings[-1].extend(_bezier(rings[-1][-1], (p[0], p[1]), (p[2], p[3]), (p[4], p[5])))
    return rings


# -- reading 2: the PDF --------------------------------------------------------------------------------------------
def pdf_drawings(data: bytes | MupdfReading) -> list[Drawing]:
    """Every page of a PDF as MuPDF reads it (its text trace and its drawings), in mm from the page's top left,
    in paint order. Given a MupdfReading, what it has read already is not read again."""
    pages = reading(data)
    drawings = []
    try:
        for index in range(len(pages)):
            shown = _unclipped_origins(pages.page(index))
            labels = [label for span in pages.texttrace(index) for label in _span_labels(span, shown)]
            strokes, fills = _paths(pages.drawings(index), _Grid([(l, l.extent()) for l in labels]))
            drawings.append(Drawing(f"page {index + 1}", labels, strokes, fills, []))
    finally:
        if pages is not data:
            pages.close()
    return drawings


def pdf_collisions(data: bytes | MupdfReading) -> list[str]:
    return [fault for drawing in pdf_drawings(data) for fault in page_faults(drawing)]


def _unclipped_origins(page) -> set[tuple[float, float]]:
    """Where the characters that MuPDF's text extraction keeps inside the clip in force start (the text trace says
    nothing of clips: a tape's repeat cut off by its clip, or a bleed's mirrored edge, still shows its words there)."""
    import pymupdf

    flags = pymupdf.TEXTFLAGS_RAWDICT | pymupdf.TEXT_CLIP
    return {(round(char["origin"][0], 1), round(char["origin"][1], 1))       # to 0.1 pt, as _span_labels looks
            for block in page.get_text("rawdict", flags=flags)["blocks"]
            for line in block.get("lines", ()) for span in line["spans"] for char in span["chars"]}


def _span_labels(span: dict, shown: set | None = None) -> list[Label]:
    """A span of text shown in one go, one label per line it runs over (a paragraph's span may run on over its
    line breaks), spaces trimmed; invisible text (type 3) is none, and so are characters clipped away (not in
    `shown`, where given)."""
    if span.get("type") == 3 or span.get("opacity", 1.0) < OPAQUE:
        return []
    size = span["size"] * MM_PER_PT
    axis = tuple(span["dir"])
    labels, line = [], []
    chars = span["chars"] if shown is None else [c for c in span["chars"]
                                                 if (round(c[2][0], 1), round(c[2][1], 1)) in shown]
    for char in chars:
        if line and _off_line(line[-1], char, axis, size):
            labels += _line_label(line, axis, size, span["seqno"])
            line = []
        line.append(char)
    return labels + _line_label(line, axis, size, span["seqno"])


def _off_line(last, char, axis: Point, size: float) -> bool:
    """A character starts a new line when its origin is off the last one's baseline, or behind it."""
    dx, dy = (char[2][0] - last[2][0]) * MM_PER_PT, (char[2][1] - last[2][1]) * MM_PER_PT
    along, across = dx * axis[0] + dy * axis[1], -dx * axis[1] + dy * axis[0]
    return abs(across) > size / 3 or along < -size / 3


def _line_label(chars: list, axis: Point, size: float, z: int) -> list[Label]:
    from washigen.fonts import ASCENT, descent

    inked = [c for c in chars if chr(c[0]).strip()]
    if not inked:
        return []
    text = "".join(chr(c[0]) for c in chars).strip()
    label = Label(text, _mm(inked[0][2]), axis, (0.0, 0.0, 0.0, 0.0), z)
    (ox, oy), (ux, uy) = label.origin, axis
    # label.local() of each corner of each glyph's box, in mm: how far along the baseline it lies
    along = [(x * MM_PER_PT - ox) * ux + (y * MM_PER_PT - oy) * uy for c in inked
             for x in (c[3][0], c[3][2]) for y in (c[3][1], c[3][3])]
    inset = INSET_EM * size
    label.box = (min(along) + inset, -ASCENT * size + inset, max(along) - inset, descent(text) * size - inset)
    return [label]


def _mm(point) -> Point:
    return point[0] * MM_PER_PT, point[1] * MM_PER_PT


def _paths(items: list[dict], labels: _Grid) -> tuple[list[Stroke], list[Fill]]:
    """MuPDF's drawings as strokes and fills, each with the clip in force where it is drawn; those whose box
    (MuPDF's, which holds every point of the path) meets no label are left out, as the rules never look at them."""
    strokes, fills = [], []
    clips: list[tuple[int, Box]] = []
    for order, item in enumerate(items):
        level = item.get("level", 0)
        while clips and clips[-1][0] >= level:
            clips.pop()
        if item["type"] == "clip":
            clips.append((level, tuple(v * MM_PER_PT for v in item["scissor"])))
            continue
        reach = ((item.get("width") or 0.0) / 2 + 1.0) * MM_PER_PT
        rect = item["rect"]
        left, top, right, bottom = rect[0] * MM_PER_PT, rect[1] * MM_PER_PT, rect[2] * MM_PER_PT, rect[3] * MM_PER_PT
        x0, x1 = (left, right) if left <= right else (right, left)
        y0, y1 = (top, bottom) if top <= bottom else (bottom, top)
        if not labels.meets_any((x0 - reach, y0 - reach, x1 + reach, y1 + reach)):
            continue
        clip = clips[-1][1] if clips else None
        z = item.get("seqno", order)
        rings = _item_rings(item["items"])
        if "f" in item["type"] and item.get("fill") and (item.get("fill_opacity") or 1.0) >= OPAQUE:
            closed = [ring for ring in rings if len(ring) > 2]
            if closed:
                fills.append(Fill(closed, z, clip, tuple(round(c, 3) for c in item["fill"])))
        if "s" in item["type"] and item.get("color") and (item.get("stroke_opacity") or 1.0) >= OPAQUE:
            segments = [s for ring in rings for s in _segments(ring, bool(item.get("closePath")))]
            if segments:
                strokes.append(Stroke(segments, (item.get("width") or 0.0) * MM_PER_PT, z, clip,
                                      tuple(round(c, 3) for c in item["color"])))
    return strokes, fills


def _item_rings(path_items) -> list[list[Point]]:
    """MuPDF's path pieces ('l' lines, 'c' curves, 're' rectangles, 'qu' quads; raw tuples, as get_cdrawings gives
    them) joined into outlines."""
    rings: list[list[Point]] = []
    for piece in path_items:
        kind = piece[0]
        if kind in ("re", "qu"):
            if kind == "re":
                x0, x1 = sorted(piece[1][0::2])
                y0, y1 = sorted(piece[1][1::2])
                corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            else:
                upper_left, upper_right, lower_left, lower_right = piece[1]
                corners = [upper_left, upper_right, lower_right, lower_left]
            rings.append([_mm(corner) for corner in corners])
            rings.append([])            # a rectangle closes itself: what follows starts afresh
            continue
        start = _mm(piece[1])
        if not rings or not rings[-1] or math.dist(rings[-1][-1], start) > 1e-3:
            rings.append([start])
        if kind == "l":
            rings[-1].append(_mm(piece[2]))
        elif kind == "c":
            rings[-1].extend(_bezier(start, _mm(piece[2]), _mm(piece[3]), _mm(piece[4])))
    return [ring for ring in rings if len(ring) >= 2]


# -- what a command draws -------------------------------------------------------------------------------------------
def command_drawings(args: list[str], output) -> tuple[list[Drawing], bytes]:
    """Runs `washigen ARGS -o OUTPUT` (a .pdf path) and reads back both: every scene it painted as a page
    ("sheet N", in the order painted) or drew as a rule-sheet figure ("figure N"), and the PDF it wrote."""
    from unittest import mock

    from click.testing import CliRunner

    from washigen.cli import main
    from washigen.backends.pdf import ScenePainter
    from washigen.rulebook import figures

    drawings: list[Drawing] = []
    seen: set[int] = set()           # a rule sheet paints its figures as scenes too, once per layout it tries
    paint_page, draw_figure = ScenePainter.page, figures.draw

    def counted(kind: str) -> str:
        return f"{kind} {sum(d.name.startswith(kind) for d in drawings) + 1}"

    def page(painter, scene):
        if id(scene) in seen:
            return paint_page(painter, scene)
        seen.add(id(scene))
        b = scene.bleed
        drawings.append(scene_drawing(scene, counted("sheet"), (-b, -b, scene.width + b, scene.height + b)))
        return paint_page(painter, scene)

    def figure(*args, **kwargs):
        scene = draw_figure(*args, **kwargs)
        seen.add(id(scene))
        drawings.append(scene_drawing(scene, counted("figure"), (0.0, 0.0, scene.width, scene.height)))
        return scene

    with mock.patch.object(ScenePainter, "page", page), mock.patch.object(figures, "draw", figure):
        result = CliRunner().invoke(main, [*args, "-o", str(output)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return drawings, output.read_bytes()
