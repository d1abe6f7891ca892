"""The Cops validator's shortcuts give what the plain computations give: each test below runs a shortcut of
rules.py, measured.py, legs.py or geometry.py and the computation it stands for (written out here as the validator
did it before the shortcut) on seeded inputs where the two could part: legs through the corners of a location and
along its edges, legs of no length, a location under 2e-6 mm across (its core, 1e-6 mm in from its edge, is inside
out), points on a 0.5 mm grid and a hair off it. A yes or no and every float must be the very same, not merely
close: a report quotes them."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from washigen.games.cops import geometry as g
from washigen.games.cops import rules
from washigen.games.cops.generate import layouts
from washigen.games.cops.legs import meets_shape, segment_meets_rect, segment_shape_distance
from washigen.games.cops.measured import Measured

CASES = 4000


def plain_meets(a, b, shape) -> bool:
    return segment_shape_distance(a, b, shape) == 0.0


def plain_runs_back_over(part, shape):
    """rules._runs_back_over before its shortcuts: a point inside the location, else the first leg that meets its
    core, however far the leg lies."""
    inner = next((p for p in part[1:-1] if g.inside(shape, p, -1e-6)), None)
    if inner is not None:
        return inner
    core = g.shrunk(shape, 1e-6)
    for a, b in zip(part, part[1:]):
        if segment_shape_distance(a, b, core) == 0.0:
            return g.polyline_shape_distance([a, b], core)[1]
    return None


def plain_rect_distance(a, b, rect) -> float:
    """segment_shape_distance of a card before it passed by far corners: the least of all six distances."""
    _, x0, y0, x1, y1 = rect
    if segment_meets_rect(a, b, x0, y0, x1, y1):
        return 0.0
    best = min(g.point_rect_distance(a, x0, y0, x1, y1), g.point_rect_distance(b, x0, y0, x1, y1))
    for corner in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        best = min(best, g.point_segment_distance(corner, a, b))
    return best


def coordinate(rng: random.Random) -> float:
    roll = rng.random()
    if roll < 0.4:
        return round(rng.uniform(-20, 20) * 2) / 2
    if roll < 0.5:
        return rng.choice((0.0, 1e-9, -1e-9, 1e-6, -1e-6, 2.5))
    return rng.uniform(-20, 20)


def a_shape(rng: random.Random) -> tuple:
    x, y = coordinate(rng), coordinate(rng)
    if rng.random() < 0.6:
        # some cards under 2e-6 mm across: their core turns inside out
        w, h = (abs(coordinate(rng)) + rng.choice((1e-6, 1.5e-6, 1.0, 4.0)) for _ in range(2))
        return ("rect", x, y, x + w, y + h)
    return ("circle", x, y, abs(coordinate(rng)) + rng.choice((0.0, 1e-6, 1.0)))


def outline_points(shape: tuple) -> list:
    """The corners of the shape and of its core, points on its edges, its centre."""
    if shape[0] == "rect":
        _, x0, y0, x1, y1 = shape
        core = g.shrunk(shape, 1e-6)
        return [(x0, y0), (x1, y1), (x0, y1), (x1, y0), (core[1], core[2]), (core[3], core[4]), (core[1], core[4]),
                (x0, (y0 + y1) / 2), ((x0 + x1) / 2, y1)]
    _, cx, cy, r = shape
    return [(cx + r, cy), (cx, cy - r), (cx, cy), (cx + r - 1e-6, cy)]


def a_point(rng: random.Random, shape: tuple) -> tuple:
    if rng.random() < 0.4:
        x, y = rng.choice(outline_points(shape))
        step = rng.choice((0.0, 0.0, 1e-10, 1e-7, 1e-3, 1.0, 5.0))
        return x + rng.choice((0.0, step, -step)), y + rng.choice((0.0, step, -step))
    return coordinate(rng), coordinate(rng)


def a_part(rng: random.Random, shape: tuple) -> list:
    part = [a_point(rng, shape) for _ in range(rng.choice((2, 2, 2, 3, 4, 6)))]
    if rng.random() < 0.25:                     # a leg straight along an edge or through a corner
        x, y = rng.choice(outline_points(shape))
        reach = rng.uniform(0.1, 5)
        part[:2] = [(x - reach, y), (x + reach, y)] if rng.random() < 0.5 else [(x, y - reach), (x, y + reach)]
    if rng.random() < 0.05:
        part[1] = part[0]                       # a leg of no length
    return part


def test_a_leg_meets_a_shape_exactly_where_its_distance_is_0():
    rng = random.Random(1)
    met = 0
    for _ in range(CASES):
        shape = a_shape(rng)
        a, b = a_part(rng, shape)[:2]
        for each in (shape, g.shrunk(shape, 1e-6)):
            assert meets_shape(a, b, each) == plain_meets(a, b, each), (a, b, each)
            met += plain_meets(a, b, each)
    assert CASES / 4 < met < 2 * CASES * 3 / 4          # both answers are tried often


def test_runs_back_over_finds_what_the_plain_search_finds():
    rng = random.Random(2)
    found = 0
    for _ in range(CASES):
        shape = a_shape(rng)
        part = a_part(rng, shape)
        expected = plain_runs_back_over(part, shape)
        assert rules._runs_back_over(part, shape) == expected, (part, shape)
        assert repr(rules._runs_back_over(part, shape, rules._core(shape))) == repr(expected)
        found += expected is not None
    assert CASES / 10 < found < CASES * 9 / 10


def test_a_leg_along_the_edge_of_a_card_too_thin_for_a_core_meets_it_at_a_corner():
    # Shrunk by 1e-6 mm, this card 1e-6 mm wide turns inside out: its core's right edge lies left of its left edge.
    # The leg down its left edge lies left of the core's left edge, yet passes through the core's corners there.
    card = ("rect", -6.5, 5.038156687892563, -6.499999, 8.038156687892563)
    leg = [(-6.5, 4.8198590599371816), (-6.5, 11.256454315847945)]
    expected = plain_runs_back_over(leg, card)
    assert expected is not None
    assert rules._runs_back_over(leg, card) == expected


def test_a_card_far_corner_is_passed_by_without_changing_the_distance():
    rng = random.Random(3)
    for _ in range(CASES):
        shape = a_shape(rng)
        if shape[0] != "rect":
            continue
        a, b = a_part(rng, shape)[:2]
        assert repr(segment_shape_distance(a, b, shape)) == repr(plain_rect_distance(a, b, shape)), (a, b, shape)


def test_a_limit_leaves_every_distance_under_it_as_it_was():
    rng = random.Random(4)
    for _ in range(CASES):
        shape = a_shape(rng)
        part = a_part(rng, shape)
        unbounded = g.polyline_shape_distance(part, shape)
        bounded = g.polyline_shape_distance(part, shape, 1.6)
        if unbounded[0] < 1.6:
            assert repr(bounded) == repr(unbounded), (part, shape)
        else:
            assert bounded[0] >= 1.6


def plain_visible_part(points, start, end):
    """visible_part as it was: clipped at the start, then the reversed polyline clipped at the end."""
    def exit_parameter(shape, a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if shape[0] == "circle":
            return g._exit_parameter(shape, a, b)
        _, x0, y0, x1, y1 = shape
        t = 1.0
        if dx > g.EPS:
            t = min(t, (x1 - a[0]) / dx)
        elif dx < -g.EPS:
            t = min(t, (x0 - a[0]) / dx)
        if dy > g.EPS:
            t = min(t, (y1 - a[1]) / dy)
        elif dy < -g.EPS:
            t = min(t, (y0 - a[1]) / dy)
        return max(0.0, t)

    def clip(points, shape):
        if not g.inside(shape, points[0]):
            return list(points)
        for i in range(len(points) - 1):
            if not g.inside(shape, points[i + 1]):
                a, b = points[i], points[i + 1]
                t = exit_parameter(shape, a, b)
                return [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), *points[i + 1:]]
        return None

    part = list(points)
    if start is not None:
        part = clip(part, start)
        if part is None:
            return None
    if end is not None:
        part = clip(part[::-1], end)
        if part is None:
            return None
        part.reverse()
    return part


def test_the_visible_part_is_cut_where_it_was():
    rng = random.Random(5)
    shown = 0
    for _ in range(CASES):
        start, end = a_shape(rng), a_shape(rng)
        points = a_part(rng, start) + a_part(rng, end)
        for ends in ((start, end), (start, None), (None, end), (end, start)):
            expected = plain_visible_part(points, *ends)
            assert repr(g.visible_part(tuple(points), *ends)) == repr(expected), (points, ends)
            shown += expected is not None
    assert CASES < shown < 4 * CASES


def plain_three_meeting(points):
    """self_meeting of three points as the general search finds it: the middle one where the second leg folds back
    along the first (a repeated point is no leg)."""
    kept = [points[0]]
    for p in points[1:]:
        if math.dist(p, kept[-1]) > g.TOUCH:
            kept.append(p)
    if len(kept) < 3:
        return None
    (ax, ay), (bx, by), (cx, cy) = kept
    ux, uy, vx, vy = bx - ax, by - ay, cx - bx, cy - by
    folds = abs(ux * vy - uy * vx) <= g.EPS * math.hypot(ux, uy) * math.hypot(vx, vy) and ux * vx + uy * vy < 0
    return kept[1] if folds else None


def plain_off_rects(points, rects):
    def on(x, y):
        return any(x0 - g.EPS <= x <= x1 + g.EPS and y0 - g.EPS <= y <= y1 + g.EPS for x0, y0, x1, y1 in rects)

    for x, y in points:
        if not on(x, y):
            return x, y
    for p, q in zip(points, points[1:]):
        dx, dy = q[0] - p[0], q[1] - p[1]
        cuts = {0.0, 1.0}
        for x0, y0, x1, y1 in rects:
            for edge, start, delta in ((x0, p[0], dx), (x1, p[0], dx), (y0, p[1], dy), (y1, p[1], dy)):
                if abs(delta) > 1e-12 and 0.0 < (edge - start) / delta < 1.0:
                    cuts.add((edge - start) / delta)
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            middle = (t0 + t1) / 2
            x, y = p[0] + middle * dx, p[1] + middle * dy
            if not on(x, y):
                return x, y
    return None


def test_boxes_self_meetings_and_off_tape_points_are_found_as_before():
    rng = random.Random(6)
    for _ in range(CASES):
        shape = a_shape(rng)
        part = a_part(rng, shape)
        xs, ys = [p[0] for p in part], [p[1] for p in part]
        assert g.polyline_box(part, 1.6) == (min(xs) - 1.6, min(ys) - 1.6, max(xs) + 1.6, max(ys) + 1.6)
        three = (part + [a_point(rng, shape)])[:3]
        assert g.self_meeting(three) == plain_three_meeting(three), three
        rects = [(coordinate(rng), coordinate(rng), coordinate(rng) + 20, coordinate(rng) + 20) for _ in range(3)]
        assert g.off_rects(part, rects) == plain_off_rects(part, rects), (part, rects)


def test_measured_ports_and_joints_are_ports_of_and_joints_of():
    for seed in range(4):
        for layout in ("end-to-end", "stacked"):
            design = next(layouts(3, seed, offset=3.0, layout=layout))
            for segment in design.segments:
                measured = Measured(segment)
                for side in ("top", "bottom"):
                    assert measured.ports[side] == g.ports_of(segment, side)
                for side in ("left", "right"):
                    assert measured.joints[side] == g.joints_of(segment, side)
                assert measured.parts == [g.path_visible(path, g.location_index(segment)) for path in segment.paths]


@pytest.mark.parametrize("seed", range(3))
def test_a_validation_reports_what_each_rule_reports_on_its_own(seed):
    """The shared measures (Measured, the ends roads reach, the joints that meet) change nothing: each rule run on
    its own, working everything out for itself, reports what the whole validation reports for it."""
    design = next(layouts(4, seed, offset=6.5))
    # Broken on purpose: every road but the last moved 3 mm down (off its ends, over paths), the last left out
    # (the joints it completed meet nothing), the last segment's first path cut short and lowered off the tape.
    roads = tuple(replace(road, points=tuple((x, y + 3.0) for x, y in road.points)) for road in design.roads[:-1])
    last = design.segments[-1]
    cut = replace(last.paths[0], points=tuple((x, y + 60.0) for x, y in last.paths[0].points[:-1]))
    design = replace(design, roads=roads,
                     segments=(*design.segments[:-1], replace(last, paths=(cut, *last.paths[1:]))))
    frame = g.frame_of(design)
    origins = [design.origin(i) for i in range(len(design.segments))]
    alone = []
    for number, segment in enumerate(design.segments, start=1):
        alone += rules.check_path_ends(segment, number, frame)
        alone += rules.check_ports(segment, number, frame)
    alone += rules.check_roads(design.segments, frame, origins, design.roads)
    alone += rules.check_joints(design.segments, frame, False, origins, design.roads)
    reported = [v for v in rules.validate(design)
                if v.rule.startswith(("cops.path.detached", "cops.path.loop", "cops.path.off-tape", "cops.port.",
                                      "cops.road.", "cops.joint."))]
    assert [(v.rule, v.message, v.where) for v in alone] == [(v.rule, v.message, v.where) for v in reported]
    assert {"cops.path.detached", "cops.path.off-tape", "cops.road.detached", "cops.road.crossing",
            "cops.joint.unmatched"} <= {v.rule for v in alone}
