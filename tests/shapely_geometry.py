"""Shapely (GEOS) readings of the Cops plane geometry, written apart from washigen/games/cops/geometry.py: the
validator, the engine and the referee (tests/cops_legality.py) all measure with that one module, so a check built
on it shares its blind spots; these answers come from a library someone else wrote.

Shapes are read from what they are, not from the project's functions: a rect (x0, y0, x1, y1) is GEOS's exact
box; a disc is exact only through its centre and radius (the distance from anything to a disc is the distance to
its centre less the radius, and a polyline lies in a disc when its vertices do, the disc being convex), and as a
1024-gon where an area or a difference is needed (`disc_error`: how far that polygon falls inside the circle).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import shapely
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

QUAD_SEGS = 256                       # a quarter circle in 256 pieces: a disc as a 1024-gon


def disc_error(r: float) -> float:
    """How far the 1024-gon of a disc of radius r falls inside the circle, at most."""
    return r * (1 - math.cos(math.pi / (4 * QUAD_SEGS)))


def line(points: Sequence[tuple[float, float]]) -> BaseGeometry:
    """A polyline as GEOS holds it; one that never moves is its point (GEOS calls a zero-length line invalid)."""
    points = [(float(x), float(y)) for x, y in points]
    if all(p == points[0] for p in points):
        return Point(points[0])
    return LineString(points)


def grown(points: Sequence[tuple[float, float]], r: float) -> BaseGeometry:
    """Every point within r of a polyline, built leg by leg: GEOS's buffer of a whole line that closes a loop can
    fill the loop at a tiny r (a 4 mm loop grown by 1e-7 mm covered 0.06 mm², where its legs' own capsules cover
    8e-7 mm²), which put points 0.03 mm off the line inside it."""
    legs = [line([a, b]) for a, b in zip(points, points[1:])] or [line(points)]
    return shapely.union_all([leg.buffer(r, quad_segs=QUAD_SEGS) for leg in legs])


@lru_cache(maxsize=4096)                 # geometries are immutable; a map's locations are read over and over
def polygon(shape: tuple) -> BaseGeometry:
    """The shape's area: a rect exactly, a disc as its 1024-gon (inscribed: within disc_error of the circle)."""
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return Point(cx, cy).buffer(r, quad_segs=QUAD_SEGS)
    _, x0, y0, x1, y1 = shape
    return box(x0, y0, x1, y1)


def shape_distance(geometry: BaseGeometry, shape: tuple) -> float:
    """The distance from a geometry to a shape (0 where they touch or overlap), exact for discs too."""
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return max(0.0, geometry.distance(Point(cx, cy)) - r)
    _, x0, y0, x1, y1 = shape
    return geometry.distance(box(x0, y0, x1, y1))


def signed_depth(p: tuple[float, float], shape: tuple) -> float:
    """How far the point lies outside the shape (negative: how far inside, to the nearest edge)."""
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return Point(p).distance(Point(cx, cy)) - r
    _, x0, y0, x1, y1 = shape
    rect = box(x0, y0, x1, y1)
    if rect.covers(Point(p)):
        return -Point(p).distance(rect.exterior)
    return Point(p).distance(rect)


def covered(geometry: BaseGeometry, shape: tuple, tolerance: float = 1e-6) -> bool:
    """The geometry lies in the shape, give or take `tolerance` (mm)."""
    if geometry.is_empty:
        return True
    if shape[0] == "circle":
        _, cx, cy, r = shape
        # GEOS's Hausdorff distance from a point to a polyline is its farthest vertex: the polyline lies in the
        # disc when that vertex does.
        return shapely.hausdorff_distance(Point(cx, cy), geometry) <= r + tolerance
    _, x0, y0, x1, y1 = shape
    return box(x0 - tolerance, y0 - tolerance, x1 + tolerance, y1 + tolerance).covers(geometry)


def components(geometry: BaseGeometry, gap: float) -> list[BaseGeometry]:
    """The pieces of a geometry, pieces nearer each other than `gap` joined: its connected parts."""
    parts = [part for part in shapely.get_parts(geometry) if not part.is_empty]
    group = list(range(len(parts)))

    def find(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for i in range(len(parts)):
        for j in range(i + 1, len(parts)):
            if parts[i].distance(parts[j]) <= gap:
                group[find(i)] = find(j)
    joined: dict[int, list[BaseGeometry]] = {}
    for k, part in enumerate(parts):
        joined.setdefault(find(k), []).append(part)
    return [shapely.union_all(members) for members in joined.values()]


def location_shape(location) -> tuple:
    """A location as the rule sheet draws it: a card (its box) or a disc in its box."""
    if location.shape == "circle":
        r = location.w / 2
        return ("circle", location.x + r, location.y + r, r)
    return ("rect", location.x, location.y, location.x + location.w, location.y + location.h)


def moved(shape: tuple, dx: float, dy: float) -> tuple:
    if shape[0] == "circle":
        return ("circle", shape[1] + dx, shape[2] + dy, shape[3])
    return ("rect", shape[1] + dx, shape[2] + dy, shape[3] + dx, shape[4] + dy)


def shown(points: Sequence[tuple[float, float]], start: tuple | None, end: tuple | None) -> BaseGeometry:
    """What shows of a path that starts in `start` and ends in `end` (shapes; None for a port or joint end): the
    line less the two areas (locations are drawn over paths), by GEOS's difference. For a path that does not come
    back into its own locations this is the part between where it leaves the one and enters the other."""
    drawn = line(points)
    for shape in (start, end):
        if shape is not None:
            drawn = drawn.difference(polygon(shape))
    return drawn
