"""The validator of Cops maps and tapes: one function per rule, stable rule ids, and the plane geometry they share
with the generator (segment intersection, distances, the part of a path that shows outside its locations).

Places in the report: `segment` counts from 1 (as printed on the tape), `path` and `road` are indexes into the
design file's lists (from 0), `position` is (x, y) in mm in the segment's own frame (roads: the map's frame).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from ...report import Report, Violation
from .model import (AREAS_PER_LOCATION, CLEARANCE, LOCATIONS_PER_ZONE, MATCH_TOLERANCE, MIN_AREA_SIDE, NAME_FIELD,
                    PATH_WIDTH, ROAD_WIDTH, SQUAD_WIDTH, ZONES_PER_SEGMENT, CopsMap, CopsSheet, CopsTape, End,
                    Location, Path, Point, Road, Segment, scale_for)

EPS = 1e-9

# ----------------------------------------------------------------------------------------------------------------
# Geometry. A shape is ("rect", x0, y0, x1, y1) or ("circle", cx, cy, r); a polyline is a sequence of points.


def shape_of(location: Location) -> tuple:
    if location.shape == "circle":
        r = min(location.w, location.h) / 2
        return ("circle", location.x + location.w / 2, location.y + location.h / 2, r)
    return ("rect", location.x, location.y, location.x + location.w, location.y + location.h)


def shape_box(shape: tuple) -> tuple[float, float, float, float]:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return cx - r, cy - r, cx + r, cy + r
    return shape[1], shape[2], shape[3], shape[4]


def inside(shape: tuple, p: Point, margin: float = 0.0) -> bool:
    """p lies inside the shape (grown by margin; a negative margin shrinks it)."""
    x, y = p
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return (x - cx) ** 2 + (y - cy) ** 2 <= (r + margin) ** 2
    _, x0, y0, x1, y1 = shape
    return x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin


def _cross(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    px, py = p
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 <= EPS:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _on_box(p: Point, a: Point, b: Point) -> bool:
    return (min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9
            and min(a[1], b[1]) - 1e-9 <= p[1] <= max(a[1], b[1]) + 1e-9)


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """The closed segments ab and cd share a point (touching and collinear overlap count)."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
        return True
    return ((abs(d1) <= EPS and _on_box(a, c, d)) or (abs(d2) <= EPS and _on_box(b, c, d))
            or (abs(d3) <= EPS and _on_box(c, a, b)) or (abs(d4) <= EPS and _on_box(d, a, b)))


def intersection_point(a: Point, b: Point, c: Point, d: Point) -> Point:
    """Where ab meets cd (for parallel touching segments, the point of one nearest the other)."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denominator = rx * sy - ry * sx
    if abs(denominator) > EPS:
        t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denominator
        t = max(0.0, min(1.0, t))
        return a[0] + t * rx, a[1] + t * ry
    candidates = [(point_segment_distance(p, c, d), p) for p in (a, b)]
    candidates += [(point_segment_distance(p, a, b), p) for p in (c, d)]
    return min(candidates)[1]


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def segment_shape_distance(a: Point, b: Point, shape: tuple) -> float:
    """Distance from segment ab to the shape (0 when they touch or overlap)."""
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return max(0.0, point_segment_distance((cx, cy), a, b) - r)
    _, x0, y0, x1, y1 = shape
    if _segment_meets_rect(a, b, x0, y0, x1, y1):
        return 0.0
    # Apart, a segment and a rectangle are nearest at an end of the one or a corner of the other.
    best = min(_point_rect_distance(a, x0, y0, x1, y1), _point_rect_distance(b, x0, y0, x1, y1))
    for corner in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        best = min(best, point_segment_distance(corner, a, b))
    return best


def _point_rect_distance(p: Point, x0: float, y0: float, x1: float, y1: float) -> float:
    dx = max(x0 - p[0], 0.0, p[0] - x1)
    dy = max(y0 - p[1], 0.0, p[1] - y1)
    return math.hypot(dx, dy)


def _segment_meets_rect(a: Point, b: Point, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Liang-Barsky: does the closed segment ab touch the closed rectangle?"""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if abs(p) <= EPS:
            if q < -EPS:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t1 + EPS:
                return False
            t0 = max(t0, t)
        else:
            if t < t0 - EPS:
                return False
            t1 = min(t1, t)
    return t0 <= t1 + EPS


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
    t = 1.0
    if dx > EPS:
        t = min(t, (x1 - a[0]) / dx)
    elif dx < -EPS:
        t = min(t, (x0 - a[0]) / dx)
    if dy > EPS:
        t = min(t, (y1 - a[1]) / dy)
    elif dy < -EPS:
        t = min(t, (y0 - a[1]) / dy)
    return max(0.0, t)


def _clip_start(points: Sequence[Point], shape: tuple) -> list[Point] | None:
    """The polyline from where it first leaves the shape; None if it never does."""
    if not inside(shape, points[0]):
        return list(points)
    for i in range(len(points) - 1):
        if not inside(shape, points[i + 1]):
            a, b = points[i], points[i + 1]
            t = _exit_parameter(shape, a, b)
            start = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            return [start, *points[i + 1:]]
    return None


def visible_part(points: Sequence[Point], start: tuple | None, end: tuple | None) -> list[Point] | None:
    """The part of a path that shows: after it leaves the location it starts in, before it enters the one it ends
    in (locations are drawn over paths). None when nothing of it shows."""
    part: list[Point] | None = list(points)
    if start is not None:
        part = _clip_start(part, start)
        if part is None:
            return None
    if end is not None:
        part = _clip_start(part[::-1], end)
        if part is None:
            return None
        part.reverse()
    return part


def polyline_box(points: Sequence[Point], grow: float = 0.0) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def boxes_meet(a: tuple, b: tuple) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def polyline_distance(p: Sequence[Point], q: Sequence[Point], limit: float = math.inf) -> tuple[float, Point]:
    """The least distance between two polylines (stopping early below 0), and a point where it is reached."""
    best, where = math.inf, p[0]
    for i in range(len(p) - 1):
        a, b = p[i], p[i + 1]
        box_ab = (min(a[0], b[0]) - limit, min(a[1], b[1]) - limit, max(a[0], b[0]) + limit, max(a[1], b[1]) + limit)
        for j in range(len(q) - 1):
            c, d = q[j], q[j + 1]
            if limit != math.inf and not (box_ab[0] <= max(c[0], d[0]) and min(c[0], d[0]) <= box_ab[2]
                                          and box_ab[1] <= max(c[1], d[1]) and min(c[1], d[1]) <= box_ab[3]):
                continue
            distance = segment_distance(a, b, c, d)
            if distance < best:
                best = distance
                where = intersection_point(a, b, c, d) if distance == 0.0 else _nearest_on(a, b, c, d)
                if best == 0.0:
                    return best, where
    return best, where


def _nearest_on(a: Point, b: Point, c: Point, d: Point) -> Point:
    options = [(point_segment_distance(c, a, b), c), (point_segment_distance(d, a, b), d),
               (point_segment_distance(a, c, d), a), (point_segment_distance(b, c, d), b)]
    return min(options)[1]


def polyline_shape_distance(points: Sequence[Point], shape: tuple, limit: float = math.inf) -> tuple[float, Point]:
    """The least distance from a polyline to a shape and a point of the polyline near it; legs farther than
    `limit` (by their boxes) are skipped."""
    best, where = math.inf, points[0]
    sx0, sy0, sx1, sy1 = shape_box(shape)
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        if limit != math.inf and (min(a[0], b[0]) - limit > sx1 or max(a[0], b[0]) + limit < sx0
                                  or min(a[1], b[1]) - limit > sy1 or max(a[1], b[1]) + limit < sy0):
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
# The validator.


def validate(design) -> Report:
    if isinstance(design, CopsSheet):
        return Report()
    if isinstance(design, CopsTape):
        return validate_segments(design.segments, frame_of(design), ring=design.layout == "end-to-end",
                                 layout=design.layout, tape=True)
    if isinstance(design, CopsMap):
        origins = [design.origin(i) for i in range(len(design.segments))]
        return validate_segments(design.segments, frame_of(design), origins=origins, roads=design.roads,
                                 layout=design.layout)
    return Report.of([Violation.error("cops.design.kind", f"not a Cops design: {type(design).__name__}")])


def validate_segments(segments: Sequence[Segment], frame: Frame, ring: bool = False,
                      origins: Sequence[Point] | None = None, roads: Sequence[Road] = (),
                      layout: str = "end-to-end", tape: bool = False) -> Report:
    """Every rule on a run of segments: a map's (laid out at `origins`, with its new roads) or a tape's (a ring
    end to end; stacked, every segment's ports at the same x and no joints)."""
    if origins is None:
        origins = [(i * frame.length, 0.0) if layout == "end-to-end" else (0.0, i * frame.width)
                   for i in range(len(segments))]
    origins = list(origins)
    stacked = layout == "stacked"
    found: list[Violation] = []
    visible: list[list[list[Point] | None]] = []
    for number, segment in enumerate(segments, start=1):
        found += check_zones(segment, number, frame)
        found += check_locations(segment, number, frame)
        parts = [path_visible(path, location_index(segment)) for path in segment.paths]
        visible.append(parts)
        found += check_path_ends(segment, number, frame)
        found += check_crossings(segment, number, parts, frame)
        found += check_clearance(segment, number, parts, frame)
        found += check_every_location_has_a_path(segment, number)
        found += check_ports(segment, number, frame)
    found += check_printable(segments)
    wrap = len(segments) * frame.width if stacked else 0.0
    found += check_roads(segments, frame, origins, roads, visible, wrap)
    found += check_name_field(segments, frame, origins, roads)
    if stacked:
        found += check_stacked_ports(segments, frame, origins, roads, ring=tape)
    found += check_joints(segments, frame, ring, origins, roads, stacked)
    if not (stacked and tape):
        found += check_connected(segments, frame, ring, origins, roads, stacked)
    return Report.of(found)


# -- segments, zones and locations --------------------------------------------------------------------------------


def check_zones(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    if len(segment.zones) != ZONES_PER_SEGMENT:
        yield Violation.error("cops.segment.zones",
                              f"Segment {number} has {len(segment.zones)} zone(s); a segment holds two zones split "
                              "by gravestones.", segment=number)
    if not (frame.squad < segment.gravestones < frame.length):
        yield Violation.error("cops.segment.zones",
                              f"The gravestones of segment {number} stand at x {segment.gravestones:g} mm, outside "
                              "the segment, so it has no second zone.", segment=number,
                              position=(round(segment.gravestones, 1), 0.0))
    for zone_number, zone in enumerate(segment.zones, start=1):
        if len(zone.locations) != LOCATIONS_PER_ZONE:
            yield Violation.error("cops.zone.locations",
                                  f"Zone {zone_number} of segment {number} has {len(zone.locations)} location(s); "
                                  f"every zone has {LOCATIONS_PER_ZONE}.", segment=number, zone=zone_number)


def check_locations(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    locations = segment.locations
    for zone_number, zone in enumerate(segment.zones, start=1):
        low, high = (frame.squad, segment.gravestones) if zone_number == 1 else (segment.gravestones, frame.length)
        for location in zone.locations:
            x0, y0, x1, y1 = location.x, location.y, location.x + location.w, location.y + location.h
            if x0 < low - EPS or x1 > high + EPS or y0 < -EPS or y1 > frame.width + EPS:
                yield Violation.error("cops.location.placement",
                                      f"Location {location.id} does not lie within zone {zone_number} of segment "
                                      f"{number} (on the tape, between the squad section or the gravestones and "
                                      "the zone's end).", segment=number, location=location.id,
                                      position=rounded((x0, y0)))
            yield from check_areas(location, number, frame)
    for i, first in enumerate(locations):
        for second in locations[i + 1:]:
            if _locations_overlap(first, second):
                yield Violation.error("cops.location.overlap",
                                      f"Locations {first.id} and {second.id} overlap.", segment=number,
                                      location=first.id, position=rounded(second.centre))


def _locations_overlap(a: Location, b: Location) -> bool:
    sa, sb = shape_of(a), shape_of(b)
    if not boxes_meet(shape_box(sa), shape_box(sb)):
        return False
    if sa[0] == "circle" and sb[0] == "circle":
        return math.dist(sa[1:3], sb[1:3]) < sa[3] + sb[3]
    if sa[0] == "circle" or sb[0] == "circle":
        circle, rect = (sa, sb) if sa[0] == "circle" else (sb, sa)
        cx, cy, r = circle[1:]
        dx = max(rect[1] - cx, 0.0, cx - rect[3])
        dy = max(rect[2] - cy, 0.0, cy - rect[4])
        return math.hypot(dx, dy) < r
    return True


def _area_inside(area, shape: tuple) -> bool:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        if area.shape == "circle":
            ar = min(area.w, area.h) / 2
            return math.dist((area.x + ar, area.y + ar), (cx, cy)) + ar <= r + 1e-6
        corners = ((area.x, area.y), (area.x + area.w, area.y), (area.x, area.y + area.h),
                   (area.x + area.w, area.y + area.h))
        return all(inside(shape, corner, 1e-6) for corner in corners)
    _, x0, y0, x1, y1 = shape
    return (area.x >= x0 - 1e-6 and area.y >= y0 - 1e-6 and area.x + area.w <= x1 + 1e-6
            and area.y + area.h <= y1 + 1e-6)


def _areas_overlap(a, b) -> bool:
    return (a.x < b.x + b.w - 1e-6 and b.x < a.x + a.w - 1e-6 and a.y < b.y + b.h - 1e-6
            and b.y < a.y + a.h - 1e-6)


def check_areas(location: Location, number: int, frame: Frame) -> Iterable[Violation]:
    areas = location.areas
    if len(areas) != AREAS_PER_LOCATION:
        yield Violation.error("cops.location.areas",
                              f"Location {location.id} has {len(areas)} area(s); every location has three: the "
                              "largest, the middle and the smallest.", segment=number, location=location.id)
    for k in range(len(areas) - 1):
        if not areas[k].size > areas[k + 1].size + 1e-6:
            names = ("largest", "middle", "smallest", "fourth", "fifth")
            yield Violation.error("cops.location.areas-order",
                                  f"In location {location.id} the {names[min(k, 4)]} area "
                                  f"({areas[k].size:.1f} mm²) is not larger than the {names[min(k + 1, 4)]} "
                                  f"({areas[k + 1].size:.1f} mm²): the three areas must differ in size, largest "
                                  "first.", segment=number, location=location.id, area=k + 1)
    shape = shape_of(location)
    for k, area in enumerate(areas):
        if not _area_inside(area, shape):
            yield Violation.error("cops.location.area-outside",
                                  f"Area {k + 1} of location {location.id} sticks out of the location.",
                                  segment=number, location=location.id, area=k + 1,
                                  position=rounded((area.x, area.y)))
        for j in range(k + 1, len(areas)):
            if _areas_overlap(area, areas[j]):
                yield Violation.error("cops.location.areas-overlap",
                                      f"Areas {k + 1} and {j + 1} of location {location.id} overlap.",
                                      segment=number, location=location.id, area=k + 1)


def check_printable(segments: Sequence[Segment]) -> Iterable[Violation]:
    """One warning for the whole design when its fill-in areas are too small to colour in."""
    small = [(number, location, min(min(a.w, a.h) for a in location.areas))
             for number, segment in enumerate(segments, start=1) for location in segment.locations
             if location.areas and min(min(a.w, a.h) for a in location.areas) < MIN_AREA_SIDE]
    if small:
        number, location, side = min(small, key=lambda item: item[2])
        yield Violation.warning("cops.print.small-area",
                                f"{len(small)} location(s) have an area under {MIN_AREA_SIDE:g} mm across (the "
                                f"smallest: {side:.1f} mm in {location.id}): hard to colour in; a wider tape helps.",
                                segment=number, location=location.id)


# -- paths --------------------------------------------------------------------------------------------------------


def check_path_ends(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    locations = location_index(segment)
    for index, path in enumerate(segment.paths):
        for label, end, point in (("a", path.a, path.points[0]), ("b", path.b, path.points[-1])):
            problem = _end_problem(end, point, locations, frame)
            if problem:
                yield Violation.error("cops.path.detached", f"Path #{index} of segment {number}: {problem}",
                                      segment=number, path=index, end=label, position=rounded(point))
        if path.a.location is not None and path.a.location == path.b.location:
            yield Violation.error("cops.path.loop", f"Path #{index} of segment {number} leads from "
                                  f"{path.a.location} back to itself.", segment=number, path=index)
        off = [p for p in path.points if not (-EPS <= p[0] <= frame.length + EPS and -EPS <= p[1] <= frame.width + EPS)]
        if off:
            yield Violation.error("cops.path.off-tape", f"Path #{index} of segment {number} runs off the tape.",
                                  segment=number, path=index, position=rounded(off[0]))


def _end_problem(end: End, point: Point, locations: dict[str, Location], frame: Frame) -> str:
    kinds = sum(value is not None for value in (end.location, end.port, end.joint))
    if kinds != 1:
        return "an end names a location, a port or a joint (exactly one)."
    if end.location is not None:
        if end.location not in locations:
            return f"names location {end.location!r}, which is not on this segment."
        if not inside(shape_of(locations[end.location]), point, MATCH_TOLERANCE):
            return f"does not start inside location {end.location}."
        return ""
    expected = end_point(end, frame)
    if expected is None:
        return f"the {end.port or end.joint} end gives no position (at)."
    if math.dist(expected, point) > MATCH_TOLERANCE:
        return (f"its {end.describe()} is {math.dist(expected, point):.1f} mm away from where the path ends.")
    return ""


def check_crossings(segment: Segment, number: int, parts: list, frame: Frame) -> Iterable[Violation]:
    """No two paths cross, and none runs so close to another that they print as one (a warning)."""
    limit = frame.path_width
    boxes = [polyline_box(part, limit) if part and len(part) > 1 else None for part in parts]
    for i in range(len(parts)):
        if boxes[i] is None:
            continue
        for j in range(i + 1, len(parts)):
            if boxes[j] is None or not boxes_meet(boxes[i], boxes[j]):
                continue
            distance, where = polyline_distance(parts[i], parts[j], limit)
            if distance <= 1e-7:
                yield Violation.error("cops.path.crossing", f"Paths #{i} and #{j} of segment {number} cross.",
                                      segment=number, path=i, other=j, position=rounded(where))
            elif distance < limit - 1e-6:
                yield Violation.warning("cops.path.too-close",
                                        f"Paths #{i} and #{j} of segment {number} run {distance:.1f} mm apart and "
                                        "print as one.", segment=number, path=i, other=j, position=rounded(where))


def check_clearance(segment: Segment, number: int, parts: list, frame: Frame) -> Iterable[Violation]:
    """A path keeps clear of every location it does not join, and does not run back over the ones it joins."""
    shapes = [(location, shape_of(location)) for location in segment.locations]
    clearance = frame.clearance
    for index, (path, part) in enumerate(zip(segment.paths, parts)):
        if part is None or len(part) < 2:
            continue
        box = polyline_box(part, clearance)
        own = {path.a.location, path.b.location}
        for location, shape in shapes:
            if not boxes_meet(box, shape_box(shape)):
                continue
            if location.id in own:
                # Its own locations: the visible part may only touch them where it leaves or enters them.
                inner = part[1:-1]
                if any(inside(shape, p, -1e-6) for p in inner):
                    yield Violation.error("cops.path.clearance",
                                          f"Path #{index} of segment {number} runs back over location "
                                          f"{location.id}.", segment=number, path=index, location=location.id,
                                          position=rounded(next(p for p in inner if inside(shape, p, -1e-6))))
                continue
            distance, where = polyline_shape_distance(part, shape)
            if distance < clearance - 1e-6:
                verb = "runs over" if distance <= 1e-7 else f"passes {distance:.1f} mm from"
                yield Violation.error("cops.path.clearance",
                                      f"Path #{index} of segment {number} {verb} location {location.id}, which it "
                                      f"does not join (keep {clearance:.1f} mm clear).", segment=number, path=index,
                                      location=location.id, position=rounded(where))


def check_every_location_has_a_path(segment: Segment, number: int) -> Iterable[Violation]:
    joined = {end.location for path in segment.paths for end in (path.a, path.b)}
    for location in segment.locations:
        if location.id not in joined:
            yield Violation.error("cops.location.no-path", f"No path leads to location {location.id}.",
                                  segment=number, location=location.id, position=rounded(location.centre))


def ports_of(segment: Segment, side: str) -> list[tuple[int, float]]:
    return [(index, end.at) for index, path in enumerate(segment.paths) for end in (path.a, path.b)
            if end.port == side and end.at is not None]


def port_partners(segment: Segment) -> list[tuple[int, int]]:
    """(top path, bottom path) for every top port that meets a bottom port at the same x."""
    pairs = []
    bottoms = ports_of(segment, "bottom")
    for top_index, x in ports_of(segment, "top"):
        for bottom_index, x2 in bottoms:
            if abs(x - x2) <= MATCH_TOLERANCE:
                pairs.append((top_index, bottom_index))
    return pairs


def check_ports(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    """The map wraps top to bottom: a port needs a partner on the opposite edge at the same x."""
    for side, other in (("top", "bottom"), ("bottom", "top")):
        partners = ports_of(segment, other)
        for index, x in ports_of(segment, side):
            if not any(abs(x - x2) <= MATCH_TOLERANCE for _, x2 in partners):
                y = 0.0 if side == "top" else frame.width
                yield Violation.error("cops.port.unmatched",
                                      f"Path #{index} of segment {number} leaves the {side} edge at x {x:g} mm, "
                                      f"but no path meets it on the {other} edge.", segment=number, path=index,
                                      position=(round(x, 1), y))


def check_stacked_ports(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point], roads: Sequence[Road],
                        ring: bool = False) -> Iterable[Violation]:
    """Stacked strips: every bottom port meets a top port of the strip below at the same x (the bottom strip's
    meet the top strip's), or a new road completes it. A tape (`ring`) is checked strip after strip in a ring, so
    any two strips torn off it join."""
    count = len(segments)
    met = set()
    for a, b in stacked_port_partners(segments, origins):
        met.update((a, b))
    for road in roads:
        for end in (road.a, road.b):
            found = road_path(end, segments)
            if found:
                met.add(found)
    for number, segment in enumerate(segments, start=1):
        for side in ("top", "bottom"):
            for index, x in ports_of(segment, side):
                if (number - 1, index) in met:
                    continue
                neighbour = (number % count) + 1 if side == "bottom" else (number - 2) % count + 1
                y = 0.0 if side == "top" else frame.width
                yield Violation.error("cops.port.unmatched",
                                      f"The {side} port of strip {number} at x {x:g} mm meets no port of strip "
                                      f"{neighbour} and no new road completes it.", segment=number, path=index,
                                      position=(round(x, 1), y))


def check_name_field(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point],
                     roads: Sequence[Road]) -> Iterable[Violation]:
    """A new road never takes the squad section's name field: a free rectangle of 30 mm along the section and
    10 mm across it (on 50 mm tape; it scales) stays clear of every road."""
    if not roads:
        return
    field_w, field_h = NAME_FIELD[0] * frame.scale, NAME_FIELD[1] * frame.scale
    half = ROAD_WIDTH * frame.scale / 2
    boxes = [polyline_box((p, q), half) for road in roads for p, q in zip(road.points, road.points[1:])]
    step = 0.5 * frame.scale
    for number, (ox, oy) in enumerate(origins, start=1):
        x0, y0, x1, y1 = ox, oy, ox + frame.squad, oy + frame.width
        near = [b for b in boxes if boxes_meet(b, (x0, y0, x1, y1))]
        if not near or _free_field(near, x0, y0, x1, y1, field_w, field_h, step):
            continue
        yield Violation.error("cops.squad.name-field",
                              f"New roads cut the squad section of segment {number}: no {field_w:g} x "
                              f"{field_h:g} mm field is left free for the squad's name.", segment=number,
                              position=rounded((x0, y0)))


def _free_field(boxes, x0, y0, x1, y1, w, h, step) -> bool:
    x = x0
    while x + w <= x1 + 1e-9:
        y = y0
        while y + h <= y1 + 1e-9:
            if not any(boxes_meet(b, (x + 1e-6, y + 1e-6, x + w - 1e-6, y + h - 1e-6)) for b in boxes):
                return True
            y += step
        x += step
    return False


# -- joints, roads and the whole map ------------------------------------------------------------------------------


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
                if abs(y + origins[left][1] - (y2 + origins[right][1])) <= MATCH_TOLERANCE:
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
                if abs(x + origins[upper][0] - (x2 + origins[lower][0])) <= MATCH_TOLERANCE:
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
        if abs(at - end.at) <= MATCH_TOLERANCE:
            return end.segment, index
    return None


def check_joints(segments: Sequence[Segment], frame: Frame, ring: bool, origins: Sequence[Point],
                 roads: Sequence[Road], stacked: bool = False) -> Iterable[Violation]:
    met = set()
    for a, b in joint_partners(segments, ring, origins, stacked):
        met.add(a)
        met.add(b)
    for road in roads:
        for end in (road.a, road.b):
            found = road_path(end, segments)
            if found:
                met.add(found)
    count = len(segments)
    for number, segment in enumerate(segments, start=1):
        for side in ("left", "right"):
            for index, y in joints_of(segment, side):
                if (number - 1, index) in met:
                    continue
                edge = (side == "left" and number == 1) or (side == "right" and number == count)
                if stacked:
                    why = "stacked strips meet nothing at their ends"
                elif edge and not ring:
                    why = "it leads off the end of the map"
                else:
                    neighbour = number - 1 if side == "left" else number + 1
                    neighbour = (neighbour - 1) % count + 1
                    why = f"segment {neighbour} has no joint at that height and no new road completes it"
                x = 0.0 if side == "left" else frame.length
                yield Violation.error("cops.joint.unmatched",
                                      f"The {side} joint of segment {number} at y {y:g} mm meets nothing: {why}.",
                                      segment=number, path=index, position=(x, round(y, 1)))


def _segment_rect(index: int, frame: Frame, origins: Sequence[Point]) -> tuple[float, float, float, float]:
    x, y = origins[index]
    return x, y, x + frame.length, y + frame.width


def to_map(point: Point, index: int, frame: Frame, origins: Sequence[Point]) -> Point:
    return point[0] + origins[index][0], point[1] + origins[index][1]


def check_roads(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point], roads: Sequence[Road],
                visible: Sequence[Sequence] | None = None, wrap: float = 0.0) -> Iterable[Violation]:
    """A new road starts and ends at the joints, ports or locations it names, stays on the tape, and crosses no
    path, no location and no other road. With stacked strips (`wrap`: the map's height) the top strip's top ports
    continue at the bottom strip's bottom edge, so a road may end there on them."""
    if not roads:
        return
    tolerance = MATCH_TOLERANCE + 0.1
    rects = [_segment_rect(i, frame, origins) for i in range(len(segments))]
    if visible is None:
        visible = [[path_visible(path, location_index(segment)) for path in segment.paths] for segment in segments]
    for index, road in enumerate(roads):
        ends = []
        for label, end, point in (("a", road.a, road.points[0]), ("b", road.b, road.points[-1])):
            problem, target = _road_end_problem(end, point, segments, frame, origins, wrap)
            ends.append((point, target))
            if problem:
                yield Violation.error("cops.road.detached", f"New road #{index}: {problem}", road=index, end=label,
                                      position=rounded(point))
        samples = list(road.points) + [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                                       for p, q in zip(road.points, road.points[1:])]
        for p in samples:
            if not any(r[0] - EPS <= p[0] <= r[2] + EPS and r[1] - EPS <= p[1] <= r[3] + EPS for r in rects):
                yield Violation.error("cops.road.off-tape", f"New road #{index} runs off the tape.", road=index,
                                      position=rounded(p))
                break
        yield from _road_crossings(index, road, ends, segments, frame, origins, tolerance, visible)
    for i, first in enumerate(roads):
        for j in range(i + 1, len(roads)):
            second = roads[j]
            distance, where = polyline_distance(first.points, second.points, 0.0)
            if distance > 1e-7:
                continue
            shared = [p for p in (first.points[0], first.points[-1])
                      if min(math.dist(p, second.points[0]), math.dist(p, second.points[-1])) <= tolerance]
            if not any(math.dist(where, p) <= tolerance for p in shared):
                yield Violation.error("cops.road.crossing", f"New roads #{i} and #{j} cross.", road=i, other=j,
                                      position=rounded(where))


def _road_end_problem(end, point: Point, segments: Sequence[Segment], frame: Frame,
                      origins: Sequence[Point], wrap: float = 0.0) -> tuple[str, tuple | None]:
    if not (0 <= end.segment < len(segments)):
        return f"names segment {end.segment + 1}, which is not on the map.", None
    segment = segments[end.segment]
    local = (point[0] - origins[end.segment][0], point[1] - origins[end.segment][1])
    if wrap and getattr(end, "port", None) == "top" and abs(local[1] - wrap) <= MATCH_TOLERANCE:
        local = (local[0], local[1] - wrap)          # across the wrap, onto the top strip's top edge
    if end.location is not None:
        locations = location_index(segment)
        if end.location not in locations:
            return f"names location {end.location!r}, which is not on segment {end.segment + 1}.", None
        if not inside(shape_of(locations[end.location]), local, MATCH_TOLERANCE):
            return f"does not reach location {end.location}.", None
        return "", ("location", end.segment, end.location)
    found = road_path(end, segments)
    kind = "joint" if end.joint else "port"
    if found is None:
        axis = "y" if end.joint else "x"
        return (f"segment {end.segment + 1} has no {end.joint or end.port or '?'} {kind} at {axis} {end.at} mm.",
                None)
    path = segment.paths[found[1]]
    if point_polyline_distance(local, path.points) > MATCH_TOLERANCE:
        return (f"does not reach the path of the {end.joint or end.port} {kind} of segment {end.segment + 1}.",
                None)
    return "", ("path", found[0], found[1])


def _road_crossings(index: int, road: Road, ends: list, segments: Sequence[Segment], frame: Frame,
                    origins: Sequence[Point], tolerance: float, visible: Sequence[Sequence]) -> Iterable[Violation]:
    box = polyline_box(road.points, frame.clearance)
    for s, segment in enumerate(segments):
        if not boxes_meet(box, _segment_rect(s, frame, origins)):
            continue
        local = [(p[0] - origins[s][0], p[1] - origins[s][1]) for p in road.points]
        local_box = polyline_box(local, frame.clearance)
        for location in segment.locations:
            if any(target == ("location", s, location.id) for _, target in ends):
                continue
            shape = shape_of(location)
            if not boxes_meet(local_box, shape_box(shape)):
                continue
            distance, where = polyline_shape_distance(local, shape)
            if distance < frame.clearance - 1e-6:
                yield Violation.error("cops.road.crossing",
                                      f"New road #{index} runs over location {location.id}.", road=index,
                                      location=location.id, position=rounded(to_map(where, s, frame, origins)))
        for p_index, path in enumerate(segment.paths):
            part = visible[s][p_index]
            if not part or len(part) < 2 or not boxes_meet(local_box, polyline_box(part)):
                continue
            distance, where = polyline_distance(local, part, 0.0)
            if distance > 1e-7:
                continue
            where_map = to_map(where, s, frame, origins)
            if not _touch_allowed(where_map, path, (s, p_index), ends, frame, origins, tolerance):
                yield Violation.error("cops.road.crossing",
                                      f"New road #{index} crosses path #{p_index} of segment {s + 1}.", road=index,
                                      segment=s + 1, path=p_index, position=rounded(where_map))


def _touch_allowed(where: Point, path: Path, key: tuple[int, int], ends: list, frame: Frame,
                   origins: Sequence[Point], tolerance: float) -> bool:
    """A road may touch a path only at one of its own ends, and only the path it names there or a path whose
    joint or port lies at that very spot (the partner of the one it names)."""
    for point, target in ends:
        if math.dist(point, where) > tolerance:
            continue
        if target == ("path", *key):
            return True
        for end, p in ((path.a, path.points[0]), (path.b, path.points[-1])):
            if end.location is None and math.dist(to_map(p, key[0], frame, origins), point) <= tolerance:
                return True
    return False


class _Union:
    def __init__(self):
        self.parent: dict = {}

    def find(self, item):
        parent = self.parent.setdefault(item, item)
        if parent != item:
            parent = self.parent[item] = self.find(parent)
        return parent

    def join(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def _node(segment_index: int, path_index: int, label: str, end: End):
    if end.location is not None:
        return ("location", segment_index, end.location)
    return ("end", segment_index, path_index, label)


def path_graph(segments: Sequence[Segment], ring: bool, origins: Sequence[Point], roads: Sequence[Road],
               stacked: bool = False) -> _Union:
    """Locations and path ends, joined along paths, across the wrap, at joints and along new roads."""
    union = _Union()
    for s, segment in enumerate(segments):
        for location in segment.locations:
            union.find(("location", s, location.id))
        for p, path in enumerate(segment.paths):
            union.join(_node(s, p, "a", path.a), _node(s, p, "b", path.b))
        if not stacked:
            for top, bottom in port_partners(segment):
                union.join(_terminal(s, top, segment, "port"), _terminal(s, bottom, segment, "port"))
    if stacked:
        for (s1, p1), (s2, p2) in stacked_port_partners(segments, origins):
            union.join(_terminal(s1, p1, segments[s1], "port"), _terminal(s2, p2, segments[s2], "port"))
    for (s1, p1), (s2, p2) in joint_partners(segments, ring, origins, stacked):
        union.join(_terminal(s1, p1, segments[s1], "joint"), _terminal(s2, p2, segments[s2], "joint"))
    for road in roads:
        nodes = [_road_node(end, segments) for end in (road.a, road.b)]
        if None not in nodes:
            union.join(*nodes)
    return union


def _terminal(s: int, p: int, segment: Segment, kind: str):
    path = segment.paths[p]
    label = "a" if getattr(path.a, kind) is not None else "b"
    return ("end", s, p, label)


def _road_node(end, segments: Sequence[Segment]):
    if end.location is not None:
        if 0 <= end.segment < len(segments) and end.location in location_index(segments[end.segment]):
            return ("location", end.segment, end.location)
        return None
    found = road_path(end, segments)
    if found is None:
        return None
    return _terminal(found[0], found[1], segments[found[0]], "joint" if end.joint else "port")


def check_connected(segments: Sequence[Segment], frame: Frame, ring: bool, origins: Sequence[Point],
                    roads: Sequence[Road], stacked: bool = False) -> Iterable[Violation]:
    """One path network joins every location; every zone can be reached; every zone's crime can be solved."""
    union = path_graph(segments, ring, origins, roads, stacked)
    groups: dict = {}
    for s, segment in enumerate(segments):
        for location in segment.locations:
            groups.setdefault(union.find(("location", s, location.id)), []).append((s, location))
    if not groups:
        return
    main = max(groups.values(), key=len)
    reached = {(s, location.id) for s, location in main}
    for members in groups.values():
        if members is main:
            continue
        names = ", ".join(location.id for _, location in members)
        s, first = members[0]
        yield Violation.error("cops.map.disconnected",
                              f"Location(s) {names} cannot be reached from the rest of the map.",
                              segment=s + 1, location=first.id, position=rounded(first.centre))
    for s, segment in enumerate(segments):
        for zone_number, zone in enumerate(segment.zones, start=1):
            if not zone.locations:
                continue
            reachable = [location for location in zone.locations if (s, location.id) in reached]
            if not reachable:
                yield Violation.error("cops.zone.unreachable",
                                      f"No location of zone {zone_number} of segment {s + 1} can be reached.",
                                      segment=s + 1, zone=zone_number)
                continue
            complete = [location for location in reachable if _areas_ranked(location)]
            if len(complete) < 2:
                yield Violation.error("cops.zone.unsolvable",
                                      f"The crime of zone {zone_number} of segment {s + 1} cannot be solved: it "
                                      "needs a largest and a middle area in two different reachable locations and a "
                                      f"smallest one; only {len(complete)} reachable location(s) hold three ranked "
                                      "areas.", segment=s + 1, zone=zone_number)


def _areas_ranked(location: Location) -> bool:
    areas = location.areas
    return len(areas) == AREAS_PER_LOCATION and all(areas[k].size > areas[k + 1].size + 1e-6 for k in range(2))
