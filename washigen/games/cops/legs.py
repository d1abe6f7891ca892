"""The plane geometry of single legs (straight pieces of a path or road), which the rest of Cops' geometry is built
from: a point and a leg, two legs, a leg and a shape (("rect", x0, y0, x1, y1) or ("circle", cx, cy, r), mm). The
validator asks these of every leg of every path, so they are written for speed, each giving what it gave in
geometry.py, where they were until they outgrew it (geometry.py still offers them by name)."""

from __future__ import annotations

import math

Point = tuple[float, float]

EPS = 1e-9


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    px, py = p
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 <= EPS:
        return math.hypot(px - ax, py - ay)
    ux, uy = px - ax, py - ay
    t = (ux * dx + uy * dy) / length2
    t = t if t < 1.0 else 1.0                    # max(0.0, min(1.0, t)) as comparisons, which pick the same
    t = t if t > 0.0 else 0.0
    return math.hypot(ux - t * dx, uy - t * dy)


def _on_box(p: Point, a: Point, b: Point) -> bool:
    (ax, ay), (bx, by) = a, b                    # min() and max() of two as comparisons, which pick the same
    return ((bx if bx < ax else ax) - 1e-9 <= p[0] <= (bx if bx > ax else ax) + 1e-9
            and (by if by < ay else ay) - 1e-9 <= p[1] <= (by if by > ay else ay) + 1e-9)


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """The closed segments ab and cd share a point (touching and collinear overlap count); an end within about EPS
    (mm) of the other leg's line lies on it."""
    ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
    d1 = vx * (a[1] - c[1]) - vy * (a[0] - c[0])           # which side of cd a lies on (cross product, mm²)
    d2 = vx * (b[1] - c[1]) - vy * (b[0] - c[0])
    d3 = ux * (c[1] - a[1]) - uy * (c[0] - a[0])
    d4 = ux * (d[1] - a[1]) - uy * (d[0] - a[0])
    # A cross product is a leg's length times a distance from its line: EPS times the length makes EPS a distance,
    # whatever the leg's length (an absolute EPS put every end near a leg under 1e-5 mm on its line). The taxicab
    # length, within a factor sqrt 2 of the length, spares a square root.
    on_cd = EPS * (abs(vx) + abs(vy))
    on_ab = EPS * (abs(ux) + abs(uy))
    if (((d1 > on_cd and d2 < -on_cd) or (d1 < -on_cd and d2 > on_cd))
            and ((d3 > on_ab and d4 < -on_ab) or (d3 < -on_ab and d4 > on_ab))):
        return True
    return ((abs(d1) <= on_cd and _on_box(a, c, d)) or (abs(d2) <= on_cd and _on_box(b, c, d))
            or (abs(d3) <= on_ab and _on_box(c, a, b)) or (abs(d4) <= on_ab and _on_box(d, a, b)))


def intersection_point(a: Point, b: Point, c: Point, d: Point) -> Point:
    """Where ab meets cd: where they cross; where they touch without crossing (an end on the other leg, legs that
    run along each other or nearly so), the end of one nearest the other."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denominator = rx * sy - ry * sx
    if abs(denominator) > EPS * math.hypot(rx, ry) * math.hypot(sx, sy):       # the sine of their angle
        qx, qy = c[0] - a[0], c[1] - a[1]
        t = (qx * sy - qy * sx) / denominator
        u = (qx * ry - qy * rx) / denominator
        # Where the lines cross within both legs (a hair past an end is rounding); else they cross beyond a leg's
        # end, and the legs touch, if at all, at an end.
        if -EPS <= t <= 1 + EPS and -EPS <= u <= 1 + EPS:
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
    if segment_meets_rect(a, b, x0, y0, x1, y1):
        return 0.0
    # Apart, a segment and a rectangle are nearest at an end of the one or a corner of the other. A corner beyond
    # the leg's box by more than the best so far (and than rounding) lies farther from the leg: not measured.
    best = min(point_rect_distance(a, x0, y0, x1, y1), point_rect_distance(b, x0, y0, x1, y1))
    (ax, ay), (bx, by) = a, b
    for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        reach = best + 1e-9
        if ((x < ax - reach and x < bx - reach) or (x > ax + reach and x > bx + reach)
                or (y < ay - reach and y < by - reach) or (y > ay + reach and y > by + reach)):
            continue
        best = min(best, point_segment_distance((x, y), a, b))
    return best


def point_rect_distance(p: Point, x0: float, y0: float, x1: float, y1: float) -> float:
    dx = max(x0 - p[0], 0.0, p[0] - x1)
    dy = max(y0 - p[1], 0.0, p[1] - y1)
    return math.hypot(dx, dy)


def segment_meets_rect(a: Point, b: Point, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Liang-Barsky: does the closed segment ab touch the closed rectangle? (t0 and t1 move by comparisons, which
    pick what max() and min() picked, without their calls.)"""
    t0, t1 = 0.0, 1.0
    ax, ay = a[0], a[1]
    dx, dy = b[0] - ax, b[1] - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if abs(p) <= EPS:
            if q < -EPS:
                return False
        elif p < 0:
            t = q / p
            if t > t1 + EPS:
                return False
            if t > t0:
                t0 = t
        else:
            t = q / p
            if t < t0 - EPS:
                return False
            if t < t1:
                t1 = t
    return t0 <= t1 + EPS


def meets_shape(a: Point, b: Point, shape: tuple) -> bool:
    """segment_shape_distance(a, b, shape) == 0.0, measuring only what can make it 0. Of the card's distances, an
    end's is 0 only in the card, and a corner's only where the leg's distance puts it exactly on the leg: where its
    offset from a, as computed there, lies between 0 and the leg's (a point of the leg is a + t (b - a), 0 <= t <=
    1), which few corners pass."""
    if shape[0] == "circle":
        return segment_shape_distance(a, b, shape) == 0.0
    _, x0, y0, x1, y1 = shape
    ax, ay = a
    bx, by = b
    if (x0 <= ax <= x1 and y0 <= ay <= y1) or (x0 <= bx <= x1 and y0 <= by <= y1):
        return True
    if segment_meets_rect(a, b, x0, y0, x1, y1):
        return True
    dx, dy = bx - ax, by - ay
    for x in (x0, x1):
        if min(0.0, dx) <= x - ax <= max(0.0, dx):
            for y in (y0, y1):
                if min(0.0, dy) <= y - ay <= max(0.0, dy) and point_segment_distance((x, y), a, b) == 0.0:
                    return True
    return False
