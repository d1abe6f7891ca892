"""The plane geometry of Cops, shared by the validator, the generator, the engine and the drawing: shapes and
their distances, the part of a path that shows outside its locations, where a path's ends lie in a segment's frame,
and which ports and joints meet across the wrap, between segments and along new roads.

A shape is ("rect", x0, y0, x1, y1) or ("circle", cx, cy, r); a polyline is a sequence of points (mm).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Iterator, Sequence, cast

# The single legs' geometry lives in legs.py; the validator, the generator and the engine import it from here.
from .legs import (EPS, intersection_point, point_rect_distance, point_segment_distance, segment_distance,
                   segment_shape_distance)
from .legs import segments_intersect as segments_intersect          # for the tests that measure it
from .model import (CLEARANCE, PATH_WIDTH, SQUAD_WIDTH, Area, CopsMap, End, Location, Path, Point, Segment, meets,
                    scale_for)


def shape_of(location: Location | Area) -> tuple:
    """A location or a fill-in area as a shape: a card, or the disc its box holds."""
    if location.shape == "circle":
        r = min(location.w, location.h) / 2
        return ("circle", location.x + location.w / 2, location.y + location.h / 2, r)
    return ("rect", location.x, location.y, location.x + location.w, location.y + location.h)


def shape_box(shape: tuple) -> tuple[float, float, float, float]:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return cx - r, cy - r, cx + r, cy + r
    return shape[1], shape[2], shape[3], shape[4]


def shape_centre(shape: tuple) -> Point:
    x0, y0, x1, y1 = shape_box(shape)
    return (x0 + x1) / 2, (y0 + y1) / 2


def shrunk(shape: tuple, d: float) -> tuple:
    """The shape with every edge moved `d` mm inwards (a disc's radius less `d`)."""
    if shape[0] == "circle":
        return ("circle", shape[1], shape[2], max(0.0, shape[3] - d))
    return ("rect", shape[1] + d, shape[2] + d, shape[3] - d, shape[4] - d)


def moved_shape(shape: tuple, dx: float, dy: float) -> tuple:
    if shape[0] == "circle":
        return ("circle", shape[1] + dx, shape[2] + dy, shape[3])
    return ("rect", shape[1] + dx, shape[2] + dy, shape[3] + dx, shape[4] + dy)


def inside(shape: tuple, p: Point, margin: float = 0.0) -> bool:
    """p lies inside the shape (grown by margin; a negative margin shrinks it, a disc past its radius to nothing)."""
    x, y = p
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return r + margin >= 0 and (x - cx) ** 2 + (y - cy) ** 2 <= (r + margin) ** 2
    _, x0, y0, x1, y1 = shape
    return x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin


def _exit_parameter(shape: tuple, a: Point, b: Point) -> float:
    """For a inside the shape and b outside, the parameter t in [0, 1] where a + t (b - a) leaves the shape."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if shape[0] == "circle":
        _, cx, cy, r = shape
        fx, fy = a[0] - cx, a[1] - cy
        qa = dx * dx + dy * dy
        qb = 2 * (fx * dx + fy * dy)
        qc = fx * fx + fy * fy - r * r
        if qa <= EPS:
            return 0.0
        root = math.sqrt(max(0.0, qb * qb - 4 * qa * qc))
        return max(0.0, min(1.0, (-qb + root) / (2 * qa)))
    _, x0, y0, x1, y1 = shape
    t = 1.0                                      # min() and max() below as comparisons, which pick the same
    if dx > EPS or dx < -EPS:
        across = ((x1 if dx > EPS else x0) - a[0]) / dx
        if across < t:
            t = across
    if dy > EPS or dy < -EPS:
        across = ((y1 if dy > EPS else y0) - a[1]) / dy
        if across < t:
            t = across
    return t if t > 0.0 else 0.0


def _first_outside(points: Sequence[Point], shape: tuple, backwards: bool = False) -> int | None:
    """The index of the first point outside the shape (not inside(shape, p)), from the end `backwards`, or None."""
    order = range(len(points) - 1, -1, -1) if backwards else range(len(points))
    if shape[0] == "rect":                       # inside(), the card's edges read once
        _, x0, y0, x1, y1 = shape
        for i in order:
            x, y = points[i]
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return i
        return None
    for i in order:
        if not inside(shape, points[i]):
            return i
    return None


def visible_part(points: Sequence[Point], start: tuple | None, end: tuple | None) -> list[Point] | None:
    """The part of a path that shows: after it leaves the location it starts in, before it enters the one it ends
    in (locations are drawn over paths). None when nothing of it shows. Where the path leaves a shape, from the
    last point inside to the first outside, it is cut at the edge (_exit_parameter)."""
    part = points
    if start is not None:
        out = _first_outside(part, start)
        if out is None:
            return None
        if out > 0:
            a, b = part[out - 1], part[out]
            t = _exit_parameter(start, a, b)
            part = [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), *part[out:]]
    if end is not None:                          # the same from the far end, walking back
        out = _first_outside(part, end, backwards=True)
        if out is None:
            return None
        if out < len(part) - 1:
            a, b = part[out + 1], part[out]
            t = _exit_parameter(end, a, b)
            part = [*part[:out + 1], (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))]
    return list(part) if part is points else cast(list, part)      # a list of its own, as every caller had


def polyline_box(points: Sequence[Point], grow: float = 0.0) -> tuple[float, float, float, float]:
    if len(points) == 2:                         # one leg, most often: min() and max() of two, by comparisons
        (ax, ay), (bx, by) = points
        return ((bx if bx < ax else ax) - grow, (by if by < ay else ay) - grow, (bx if bx > ax else ax) + grow,
                (by if by > ay else ay) + grow)
    xs, ys = zip(*points)
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def boxes_meet(a: tuple, b: tuple) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def polyline_distance(p: Sequence[Point], q: Sequence[Point], limit: float = math.inf) -> tuple[float, Point]:
    """The least distance between two polylines (stopping early below 0), and a point where it is reached."""
    best, where = math.inf, p[0]
    bounded = limit != math.inf
    # q's legs with their boxes, made once rather than for each leg of p
    legs = [(c, d, min(c[0], d[0]), min(c[1], d[1]), max(c[0], d[0]), max(c[1], d[1])) for c, d in zip(q, q[1:])]
    for a, b in zip(p, p[1:]):
        x0, x1 = min(a[0], b[0]) - limit, max(a[0], b[0]) + limit
        y0, y1 = min(a[1], b[1]) - limit, max(a[1], b[1]) + limit
        for c, d, cx0, cy0, cx1, cy1 in legs:
            if bounded and not (x0 <= cx1 and cx0 <= x1 and y0 <= cy1 and cy0 <= y1):
                continue
            distance = segment_distance(a, b, c, d)
            if distance < best:
                best = distance
                where = intersection_point(a, b, c, d) if distance == 0.0 else _nearest_on(a, b, c, d)
                if best == 0.0:
                    return best, where
    return best, where


def polyline_meetings(p: Sequence[Point], q: Sequence[Point], touch: float) -> Iterator[Point]:
    """Every place two polylines come within `touch` of each other: where two legs cross or touch, the point; where
    two legs run along each other, or cross at so shallow an angle that they stay within `touch` of each other
    farther than 2 `touch` from where they cross, also the ends and the middle of the stretch of p's leg within
    `touch` of q's (a stretch lies within any circle that holds those three)."""
    for a, b in zip(p, p[1:]):
        # A leg wholly beyond the box of ab grown by `touch` is farther than `touch` from it: not measured.
        x0, x1 = min(a[0], b[0]) - touch, max(a[0], b[0]) + touch
        y0, y1 = min(a[1], b[1]) - touch, max(a[1], b[1]) + touch
        for c, d in zip(q, q[1:]):
            if ((c[0] < x0 and d[0] < x0) or (c[0] > x1 and d[0] > x1) or (c[1] < y0 and d[1] < y0)
                    or (c[1] > y1 and d[1] > y1) or segment_distance(a, b, c, d) > touch):
                continue
            along = [end for end, leg in ((a, (c, d)), (b, (c, d)), (c, (a, b)), (d, (a, b)))
                     if point_segment_distance(end, *leg) <= touch]
            ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
            if abs(ux * vy - uy * vx) > EPS * math.hypot(ux, uy) * math.hypot(vx, vy) or len(along) < 2:
                where = intersection_point(a, b, c, d)
                yield where
                stretch = _stretch_near(a, b, c, d, touch)
                if stretch is None or max(math.dist(where, end) for end in stretch) <= 2 * touch:
                    continue
                first, last = stretch
            else:
                first, last = min(along), max(along)
            yield from (first, last, ((first[0] + last[0]) / 2, (first[1] + last[1]) / 2))


def _stretch_near(a: Point, b: Point, c: Point, d: Point, reach: float) -> tuple[Point, Point] | None:
    """The ends of the stretch of leg ab within `reach` of leg cd, or None. The points within `reach` of cd make a
    capsule: the discs about c and d and the band along cd between them; a leg meets the convex capsule in one
    stretch, from the first place it enters a part to the last place it leaves one."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    spans = [_disc_span(a, ux, uy, c, reach), _disc_span(a, ux, uy, d, reach)]
    vx, vy = d[0] - c[0], d[1] - c[1]
    length2 = vx * vx + vy * vy
    if length2 > 0.0:
        length = math.sqrt(length2)
        wx, wy = a[0] - c[0], a[1] - c[1]
        along = _linear_span((wx * vx + wy * vy) / length2, (ux * vx + uy * vy) / length2, 0.0, 1.0)
        beside = _linear_span((vx * wy - vy * wx) / length, (vx * uy - vy * ux) / length, -reach, reach)
        if along is not None and beside is not None:
            spans.append((max(along[0], beside[0]), min(along[1], beside[1])))
    found = [span for span in spans if span is not None and span[0] <= span[1]]
    if not found:
        return None
    t0, t1 = max(0.0, min(span[0] for span in found)), min(1.0, max(span[1] for span in found))
    if t0 > t1:
        return None
    return (a[0] + t0 * ux, a[1] + t0 * uy), (a[0] + t1 * ux, a[1] + t1 * uy)


def _disc_span(a: Point, ux: float, uy: float, centre: Point, r: float) -> tuple[float, float] | None:
    """The t with a + t u within r of the centre, or None. Measured from the foot of the centre on the line (its
    distance by the cross product): the quadratic's constant |a - centre|² - r² loses r² next to a far start (a
    disc of 1e-7 mm seen from 4 mm away was met by a line that passes it 1.1e-7 mm off)."""
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    length2 = ux * ux + uy * uy
    if length2 == 0.0:
        return (-math.inf, math.inf) if math.hypot(fx, fy) <= r else None
    length = math.sqrt(length2)
    off = abs(fx * uy - fy * ux) / length               # the centre's distance from the line
    if off > r:
        return None
    foot = -(fx * ux + fy * uy) / length2
    half = math.sqrt((r - off) * (r + off)) / length
    return foot - half, foot + half


def _linear_span(start: float, slope: float, low: float, high: float) -> tuple[float, float] | None:
    """The t with low <= start + slope t <= high, or None."""
    if slope == 0.0:
        return (-math.inf, math.inf) if low <= start <= high else None
    ends = ((low - start) / slope, (high - start) / slope)
    return min(ends), max(ends)


def self_meeting(points: Sequence[Point]) -> Point | None:
    """Where a polyline meets itself other than where one leg joins the next (two legs that cross or touch, or a
    leg that turns straight back along the one before), or None. It would print as a crossing of two paths.
    Legs are swept in order along the axis where fewer of them overlap, so a long polyline is compared only
    where its legs overlap along that axis, not leg by leg with itself."""
    if len(points) == 2:
        return None                              # one leg, or a point twice
    if len(points) == 3:                         # two legs, most often: they meet only by folding back
        a, b, c = points
        if math.dist(b, a) > TOUCH and math.dist(c, b) > TOUCH:
            return b if _folds_back(a, b, c) else None
    kept = [points[0]]
    for p in points[1:]:
        if math.dist(p, kept[-1]) > TOUCH:        # a repeated point is no leg: its neighbours would seem to meet
            kept.append(p)
    legs = list(zip(kept, kept[1:]))
    for (a, b), (_, c) in zip(legs, legs[1:]):
        if _folds_back(a, b, c):
            return b
    if len(legs) < 3:
        return None                              # two legs meet only where they join, or by folding back
    boxes = [polyline_box(leg, TOUCH) for leg in legs]
    axis = 0 if _crowding(boxes, 0) <= _crowding(boxes, 1) else 1
    low, high, other_low, other_high = (0, 2, 1, 3) if axis == 0 else (1, 3, 0, 2)
    active: list[int] = []                       # legs whose span along the axis reaches the sweep's position
    for i in sorted(range(len(legs)), key=lambda k: boxes[k][low]):
        box = boxes[i]
        active = [j for j in active if boxes[j][high] >= box[low]]
        for j in active:
            if abs(i - j) > 1 and boxes[j][other_low] <= box[other_high] and box[other_low] <= boxes[j][other_high] \
                    and segment_distance(*legs[i], *legs[j]) <= TOUCH:
                return intersection_point(*legs[min(i, j)], *legs[max(i, j)])
        active.append(i)
    return None


def _crowding(boxes: Sequence[tuple], axis: int) -> float:
    """How many boxes overlap a point of the axis, on average over the span they cover together."""
    low, high = axis, axis + 2
    span = max(box[high] for box in boxes) - min(box[low] for box in boxes)
    return sum(box[high] - box[low] for box in boxes) / span


TOUCH = 1e-7               # mm: lines this close meet (the validator's crossing test)


def _folds_back(a: Point, b: Point, c: Point) -> bool:
    """Leg bc runs back along leg ab (they overlap beyond their shared point b)."""
    ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]
    # Turning back first: most legs go on forwards, and that spares the square roots.
    return ux * vx + uy * vy < 0 and abs(ux * vy - uy * vx) <= EPS * math.hypot(ux, uy) * math.hypot(vx, vy)


def _nearest_on(a: Point, b: Point, c: Point, d: Point) -> Point:
    options = [(point_segment_distance(c, a, b), c), (point_segment_distance(d, a, b), d),
               (point_segment_distance(a, c, d), a), (point_segment_distance(b, c, d), b)]
    return min(options)[1]


def polyline_shape_distance(points: Sequence[Point], shape: tuple, limit: float = math.inf) -> tuple[float, Point]:
    """The least distance from a polyline to a shape and a point of the polyline near it; legs farther than
    `limit` (by their boxes) are skipped."""
    best, where = math.inf, points[0]
    sx0, sy0, sx1, sy1 = shape_box(shape)
    bounded = limit != math.inf
    for a, b in zip(points, points[1:]):
        # (min() and max() of the two ends as comparisons, which pick the same)
        if bounded and ((b[0] if b[0] < a[0] else a[0]) - limit > sx1 or (b[0] if b[0] > a[0] else a[0]) + limit < sx0
                        or (b[1] if b[1] < a[1] else a[1]) - limit > sy1
                        or (b[1] if b[1] > a[1] else a[1]) + limit < sy0):
            continue
        distance = segment_shape_distance(a, b, shape)
        if distance < best:
            best, where = distance, _closest_to_shape(a, b, shape)
    return best, where


def _closest_to_shape(a: Point, b: Point, shape: tuple) -> Point:
    x0, y0, x1, y1 = shape_box(shape)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 <= EPS:
        return a
    t = max(0.0, min(1.0, ((centre[0] - a[0]) * dx + (centre[1] - a[1]) * dy) / length2))
    return a[0] + t * dx, a[1] + t * dy


def off_rects(points: Sequence[Point], rects: Sequence[tuple[float, float, float, float]]) -> Point | None:
    """A point of the polyline that lies on none of the rectangles (x0, y0, x1, y1), or None when it lies on them
    all along: its points first, then every leg cut where it crosses a rectangle's edge, each piece tested at its
    middle (a leg from one segment to the next that cuts a corner off the tape between them has its ends and its
    middle on the tape)."""
    grown = [(x0 - EPS, y0 - EPS, x1 + EPS, y1 + EPS) for x0, y0, x1, y1 in rects]

    def on(x: float, y: float) -> bool:
        for x0, y0, x1, y1 in grown:
            if x0 <= x <= x1 and y0 <= y <= y1:
                return True
        return False

    for x, y in points:
        if not on(x, y):
            return x, y
    xs = [edge for x0, _, x1, _ in rects for edge in (x0, x1)]
    ys = [edge for _, y0, _, y1 in rects for edge in (y0, y1)]
    for p, q in zip(points, points[1:]):
        dx, dy = q[0] - p[0], q[1] - p[1]
        cuts = {0.0, 1.0}
        for edges, start, delta in ((xs, p[0], dx), (ys, p[1], dy)):
            if abs(delta) > 1e-12:
                for edge in edges:
                    t = (edge - start) / delta
                    if 0.0 < t < 1.0:
                        cuts.add(t)
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            middle = (t0 + t1) / 2
            x, y = p[0] + middle * dx, p[1] + middle * dy
            if not on(x, y):
                return x, y
    return None


def polyline_length(points: Sequence[Point]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_polyline_distance(p: Point, points: Sequence[Point]) -> float:
    return min(point_segment_distance(p, points[i], points[i + 1]) for i in range(len(points) - 1))


def rounded(p: Point) -> tuple[float, float]:
    return round(p[0], 1), round(p[1], 1)


# ----------------------------------------------------------------------------------------------------------------
# The segment frame: what a path's ends should be, and its visible part.


@dataclass(frozen=True)
class Frame:
    """A segment's size and the sizes the rules measure with, for one tape."""
    width: float
    length: float
    scale: float

    @property
    def clearance(self) -> float:
        return CLEARANCE * self.scale

    @property
    def path_width(self) -> float:
        return PATH_WIDTH * self.scale

    @property
    def squad(self) -> float:
        return SQUAD_WIDTH * self.scale


def frame_of(design) -> Frame:
    return Frame(design.tape_width, design.segment_length, scale_for(design.tape_width))


def end_point(end: End, frame: Frame) -> Point | None:
    """Where a port or joint end lies (None for a location end or an incomplete end)."""
    if end.at is None:
        return None
    if end.port == "top":
        return end.at, 0.0
    if end.port == "bottom":
        return end.at, frame.width
    if end.joint == "left":
        return 0.0, end.at
    if end.joint == "right":
        return frame.length, end.at
    return None


def location_index(segment: Segment) -> dict[str, Location]:
    return {location.id: location for location in segment.locations}


def end_shape(end: End, locations: dict[str, Location]) -> tuple | None:
    if end.location is not None and end.location in locations:
        return shape_of(locations[end.location])
    return None


def path_visible(path: Path, locations: dict[str, Location]) -> list[Point] | None:
    return visible_part(path.points, end_shape(path.a, locations), end_shape(path.b, locations))


# ----------------------------------------------------------------------------------------------------------------
# Locations and their areas.


def locations_overlap(a: Location, b: Location) -> bool:
    """The two locations share some area: cards that only share an edge or a corner, or discs that touch, do not
    (any more than a disc touching a card does)."""
    sa, sb = shape_of(a), shape_of(b)
    return boxes_meet(shape_box(sa), shape_box(sb)) and shapes_overlap(sa, sb, EPS)


def shapes_overlap(first: tuple, second: tuple, depth: float) -> bool:
    """The two shapes reach more than `depth` (mm) into each other (a disc and a card: the disc's centre lies
    nearer the card than its radius less `depth`)."""
    if first[0] == "circle" and second[0] == "circle":
        return math.dist(first[1:3], second[1:3]) < first[3] + second[3] - depth
    if first[0] == "circle" or second[0] == "circle":
        (_, cx, cy, r), rect = (first, second) if first[0] == "circle" else (second, first)
        return point_rect_distance((cx, cy), *rect[1:]) < r - depth
    return (first[1] < second[3] - depth and second[1] < first[3] - depth and first[2] < second[4] - depth
            and second[2] < first[4] - depth)


def area_inside(area, shape: tuple) -> bool:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        if area.shape == "circle":
            _, ax, ay, ar = shape_of(area)
            return math.dist((ax, ay), (cx, cy)) + ar <= r + 1e-6
        corners = ((area.x, area.y), (area.x + area.w, area.y), (area.x, area.y + area.h),
                   (area.x + area.w, area.y + area.h))
        return all(inside(shape, corner, 1e-6) for corner in corners)
    _, x0, y0, x1, y1 = shape
    return (area.x >= x0 - 1e-6 and area.y >= y0 - 1e-6 and area.x + area.w <= x1 + 1e-6
            and area.y + area.h <= y1 + 1e-6)


def areas_overlap(a: Area, b: Area) -> bool:
    """Two fill-in areas reach more than 1e-6 mm into each other, each a square or the disc its box holds."""
    return shapes_overlap(shape_of(a), shape_of(b), 1e-6)


# ----------------------------------------------------------------------------------------------------------------
# Ports and joints: where path ends meet across the wrap, between segments and along roads.


def ports_of(segment: Segment, side: str) -> list[tuple[int, float]]:
    return [(index, end.at) for index, path in enumerate(segment.paths) for end in (path.a, path.b)
            if end.port == side and end.at is not None]


def port_partners(segment: Segment) -> list[tuple[int, int]]:
    """(top path, bottom path) for every top port that meets a bottom port at the same x."""
    pairs = []
    bottoms = ports_of(segment, "bottom")
    for top_index, x in ports_of(segment, "top"):
        for bottom_index, x2 in bottoms:
            if meets(x, x2):
                pairs.append((top_index, bottom_index))
    return pairs

def joints_of(segment: Segment, side: str) -> list[tuple[int, float]]:
    return [(index, end.at) for index, path in enumerate(segment.paths) for end in (path.a, path.b)
            if end.joint == side and end.at is not None]


def neighbours(count: int, ring: bool) -> list[tuple[int, int]]:
    """(left segment, right segment) for every place two segments meet."""
    pairs = [(i, i + 1) for i in range(count - 1)]
    if ring and count >= 1:
        pairs.append((count - 1, 0))
    return pairs


def joint_partners(segments: Sequence[Segment], ring: bool, origins: Sequence[Point], stacked: bool = False):
    """((segment, path) of a right joint, (segment, path) of the left joint it meets) pairs; none when the
    segments are stacked (their ends meet nothing)."""
    if stacked:
        return
    for left, right in neighbours(len(segments), ring):
        lefts = joints_of(segments[right], "left")
        for index, y in joints_of(segments[left], "right"):
            for other, y2 in lefts:
                if meets(y + origins[left][1], y2 + origins[right][1]):
                    yield (left, index), (right, other)


def stacked_port_partners(segments: Sequence[Segment], origins: Sequence[Point], ring: bool = True):
    """((strip, path) of a bottom port, (strip, path) of the top port below it) pairs: each strip's bottom edge
    meets the next strip's top edge, and the last strip's bottom the first strip's top (the wrap)."""
    count = len(segments)
    for upper in range(count):
        lower = (upper + 1) % count
        if lower == 0 and not ring:
            continue
        tops = ports_of(segments[lower], "top")
        for index, x in ports_of(segments[upper], "bottom"):
            for other, x2 in tops:
                if meets(x + origins[upper][0], x2 + origins[lower][0]):
                    yield (upper, index), (lower, other)


def meeting_ends(design: CopsMap) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """((segment, path), (segment, path)) for every two printed path ends that continue into each other: a top
    port and the bottom port at its x (the wrap), and joints that meet."""
    origins = [design.origin(i) for i in range(len(design.segments))]
    if design.layout == "stacked":
        return list(stacked_port_partners(design.segments, origins))
    pairs = [((s, top), (s, bottom)) for s, segment in enumerate(design.segments)
             for top, bottom in port_partners(segment)]
    return pairs + list(joint_partners(design.segments, False, origins))


def origin(design: CopsMap, index: int) -> Point:
    """Where segment `index` lies in the map's frame (its top left corner)."""
    return design.origin(index)


def road_path(end, segments: Sequence[Segment]) -> tuple[int, int] | None:
    """(segment, path) whose joint or port a road end names, or None."""
    side = end.joint or getattr(end, "port", None)
    if side is None or end.at is None or not (0 <= end.segment < len(segments)):
        return None
    ends = joints_of(segments[end.segment], side) if end.joint else ports_of(segments[end.segment], side)
    for index, at in ends:
        if meets(at, end.at):
            return end.segment, index
    return None


# ----------------------------------------------------------------------------------------------------------------
# Rays along the axes: a bent Miso-Squirly path's legs run along the lines through its locations' centres, which
# the paths of many pairs share; a leg that surely meets something there spares the pair's full test.

RAY_CLEAR = 1e-6    # mm: a hit counts this far inside a leg's sure part: far above rounding, below the 0.05 mm touch


def axis_hits(shapes: Sequence[tuple], legs: Sequence[tuple[Point, Point]], axis: int) -> list[tuple[float, float]]:
    """Per shape, on the line through its centre along `axis` (0: x, 1: y): the nearest coordinate past its box
    ahead (increasing) and behind where the line meets a leg or another shape (inf, -inf: nowhere). The line's
    point there lies on that leg or on the shape's outline, up to rounding."""
    other = 1 - axis
    boxes = [shape_box(shape) for shape in shapes]
    lines = sorted(((box[other] + box[other + 2]) / 2, k) for k, box in enumerate(boxes))
    at = [c for c, _ in lines]
    hits = [(math.inf, -math.inf)] * len(shapes)

    def meet(low: float, high: float, span, owner: int = -1) -> None:
        """The lines at low to high (other axis) meet an obstacle over span(line) along the axis."""
        for i in range(bisect.bisect_left(at, low), bisect.bisect_right(at, high)):
            c, k = lines[i]
            if k != owner:
                lo, hi = span(c)
                ahead, behind = hits[k]
                start, end = boxes[k][axis] - RAY_CLEAR, boxes[k][axis + 2] + RAY_CLEAR
                if hi >= end:
                    ahead = min(ahead, max(lo, end))
                if lo <= start:
                    behind = max(behind, min(hi, start))
                hits[k] = ahead, behind

    for p, q in legs:
        if p[other] == q[other]:
            meet(p[other], p[other], lambda c, p=p, q=q: (min(p[axis], q[axis]), max(p[axis], q[axis])))
        else:
            meet(min(p[other], q[other]), max(p[other], q[other]), lambda c, p=p, q=q: _leg_at(p, q, axis, c))
    for k, shape in enumerate(shapes):
        meet(boxes[k][other], boxes[k][other + 2], lambda c, shape=shape: _shape_span(shape, axis, c), k)
    return hits


def _leg_at(p: Point, q: Point, axis: int, c: float) -> tuple[float, float]:
    """Where the leg pq crosses the line at c (other axis; between p's and q's)."""
    other = 1 - axis
    x = p[axis] + (c - p[other]) * (q[axis] - p[axis]) / (q[other] - p[other])
    return x, x


def _shape_span(shape: tuple, axis: int, c: float) -> tuple[float, float]:
    """Where the line at c (other axis; within the shape's box) runs through the shape."""
    if shape[0] == "rect":
        return shape[1 + axis], shape[3 + axis]
    _, cx, cy, r = shape
    centre, offset = (cx, cy - c) if axis == 0 else (cy, cx - c)
    half = math.sqrt(max(0.0, r * r - offset * offset))
    return centre - half, centre + half


def bents_blocked(straight: Sequence[Point], a_box: tuple, b_box: tuple, a_hits: tuple, b_hits: tuple
                  ) -> tuple[bool, bool]:
    """Whether the path from a's centre to b's (`straight`) bent along x first, and bent along y first, surely
    meets a leg or location where it shows; a_hits, b_hits: the locations' axis_hits along x and along y. Each
    leg of a bent path runs from a centre to the bend."""
    (ax, ay), (bx, by) = straight
    return (leg_blocked(a_hits[0], ax, bx, b_box, 0, ay) or leg_blocked(b_hits[1], by, ay, a_box, 1, bx),
            leg_blocked(a_hits[1], ay, by, b_box, 1, ax) or leg_blocked(b_hits[0], bx, ax, a_box, 0, by))


def leg_blocked(hits: tuple[float, float], start: float, bend: float, far_box: tuple, axis: int,
                line: float) -> bool:
    """The leg along `axis` on the line at `line` from a location's centre `start` to the bend surely meets a leg
    or location where it shows: the location's first hit that way (hits: its axis_hits) comes before the leg
    surely stops showing: at the bend, or, when the bend may lie in the location at the path's other end, at the
    edge of its box (far_box) facing the leg. (Where it starts showing, at its own box's edge, the hit is past.)"""
    if far_box[1 - axis] - RAY_CLEAR <= line <= far_box[3 - axis] + RAY_CLEAR:
        shows_to = far_box[axis] if bend > start else far_box[axis + 2]
    else:
        shows_to = bend
    if bend > start:
        return hits[0] < shows_to - RAY_CLEAR
    if bend < start:
        return hits[1] > shows_to + RAY_CLEAR
    return False


# -- Miso Squirly's tests (the engine's): a new path against the legs of every line on the map ---------------

# A Miso-Squirly path this close to a path, road or location touches it (mm): printed points are rounded to 0.01
# mm, so a Miso path straight along a printed one missed it by rounding alone and was offered on top of it.
MISO_TOUCH = 0.05
BUCKET = 15.0          # mm along the map: legs are filed by the columns they span, so a test looks at few


def legs_by_column(lines) -> dict[int, list[tuple]]:
    """The straight legs of polylines with their boxes, (p, q, x0, y0, x1, y1), filed by column."""
    columns: dict[int, list[tuple]] = {}
    for line in lines:
        for p, q in zip(line, line[1:]):
            leg = (p, q, min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))
            for column in range(int(leg[2] // BUCKET), int(leg[4] // BUCKET) + 1):
                columns.setdefault(column, []).append(leg)
    return columns


def crosses_legs(part: Sequence[Point], legs: dict[int, list[tuple]]) -> bool:
    """Some leg of the polyline touches or crosses one of the legs (the validator's segment test); the columns
    are searched from the polyline's start, where a crossing is most likely found first."""
    for a, b in zip(part, part[1:]):
        x0, y0 = min(a[0], b[0]) - MISO_TOUCH, min(a[1], b[1]) - MISO_TOUCH
        x1, y1 = max(a[0], b[0]) + MISO_TOUCH, max(a[1], b[1]) + MISO_TOUCH
        first, last = (int(x0 // BUCKET), int(x1 // BUCKET)) if a[0] <= b[0] else (int(x1 // BUCKET),
                                                                                 int(x0 // BUCKET))
        step = 1 if last >= first else -1
        for column in range(first, last + step, step):
            for p, q, lx0, ly0, lx1, ly1 in legs.get(column, ()):
                if lx0 <= x1 and x0 <= lx1 and ly0 <= y1 and y0 <= ly1 and touching(a, b, p, q):
                    return True
    return False


def touching(a: Point, b: Point, p: Point, q: Point) -> bool:
    """Legs ab and pq cross or come within MISO_TOUCH of each other."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    reach = MISO_TOUCH * math.hypot(dx, dy)
    side_p = dx * (p[1] - a[1]) - dy * (p[0] - a[0])
    side_q = dx * (q[1] - a[1]) - dy * (q[0] - a[0])
    if (side_p > reach and side_q > reach) or (side_p < -reach and side_q < -reach):
        return False            # pq lies on one side of ab's line, farther from it than MISO_TOUCH: most legs
    return segment_distance(a, b, p, q) <= MISO_TOUCH


def on_tape(points: Sequence[Point], rects) -> bool:
    """Every leg lies on the tape: cut at the rectangles' edges, each piece lies inside one rectangle."""
    for p, q in zip(points, points[1:]):
        cuts = {0.0, 1.0}
        for x0, y0, x1, y1 in rects:
            for edge, start, delta in ((x0, p[0], q[0] - p[0]), (x1, p[0], q[0] - p[0]),
                                       (y0, p[1], q[1] - p[1]), (y1, p[1], q[1] - p[1])):
                if abs(delta) > 1e-12 and 0.0 < (edge - start) / delta < 1.0:
                    cuts.add((edge - start) / delta)
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            mid = (t0 + t1) / 2
            x, y = p[0] + mid * (q[0] - p[0]), p[1] + mid * (q[1] - p[1])
            if not any(x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9 for x0, y0, x1, y1 in rects):
                return False
    return True
