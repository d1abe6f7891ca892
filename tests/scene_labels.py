"""Labels that collide in a drawn Scene: text over text, and lines or shapes crossing a label that are not its own
background (a shape that holds the whole label, such as a band or a box behind its words). Measured from the
Scene's primitives with the embedded font's widths, every group and symbol transform applied."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from washigen.fonts import ASCENT, descent, text_width
from washigen.scene import Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Text, Use

Matrix = tuple[float, float, float, float, float, float]       # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CAP = 0.73            # em: DejaVu's capital height, the top of a label's ink for the purpose of crossing
SLACK = 0.05          # mm: boxes that share only an edge do not collide


@dataclass(frozen=True)
class Label:
    text: str
    box: tuple[float, float, float, float]          # x0, y0, x1, y1 (y down)
    order: int = 0                                  # how many marks were drawn before it


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m applied after n."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _rotation(degrees: float) -> Matrix:
    r = math.radians(degrees)
    return (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)


def _group_matrix(item: Group) -> Matrix:
    return _times(_times((1, 0, 0, 1, item.dx, item.dy), _rotation(item.rotate)), (item.sx, 0, 0, item.sy, 0, 0))


def _use_matrix(item: Use) -> Matrix:
    return _times(_times((1, 0, 0, 1, item.x, item.y), _rotation(item.rotate)), (item.scale, 0, 0, item.scale, 0, 0))


def _bounds(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _label(item: Text, m: Matrix) -> Label:
    width = text_width(item.text, item.size, item.weight, item.family)
    x0 = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
    y0, y1 = item.y - CAP * item.size, item.y + descent(item.text) * item.size
    corners = [(x0, y0), (x0 + width, y0), (x0, y1), (x0 + width, y1)]
    if item.rotate:
        corners = [_point(_times((1, 0, 0, 1, item.x, item.y), _times(_rotation(item.rotate),
                                                                         (1, 0, 0, 1, -item.x, -item.y))), *p)
                   for p in corners]
    return Label(item.text, _bounds([_point(m, *p) for p in corners]))


def _path_points(commands) -> list[list[tuple[float, float]]]:
    """The path's subpaths as point lists, curves flattened in eight steps."""
    subpaths: list[list[tuple[float, float]]] = []
    for command in commands:
        kind, values = command[0], command[1:]
        if kind == "M":
            subpaths.append([(values[0], values[1])])
        elif kind == "L":
            subpaths[-1].append((values[0], values[1]))
        elif kind == "C":
            (x0, y0), (x1, y1, x2, y2, x3, y3) = subpaths[-1][-1], values
            for k in range(1, 9):
                t = k / 8
                u = 1 - t
                subpaths[-1].append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                                     u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif kind == "Z" and subpaths and subpaths[-1]:
            subpaths[-1].append(subpaths[-1][0])
    return subpaths


@dataclass(frozen=True)
class Mark:
    """A drawn thing, as what can cross a label: its strokes as segments, its filled area as a box."""
    kind: str
    segments: tuple = ()
    box: tuple[float, float, float, float] | None = None


def _mark(item, m: Matrix, clip=None) -> Mark | None:
    style = item.style
    if style.opacity <= 0 or (not style.fill and not style.stroke):
        return None
    if isinstance(item, Rect):
        outline = [(item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h),
                   (item.x, item.y + item.h), (item.x, item.y)]
        lines = [outline]
    elif isinstance(item, Circle):
        lines = [[(item.cx + item.r * math.cos(k * math.pi / 12), item.cy + item.r * math.sin(k * math.pi / 12))
                  for k in range(25)]]
    elif isinstance(item, Line):
        lines = [[(item.x1, item.y1), (item.x2, item.y2)]]
    elif isinstance(item, (Polyline, Polygon)):
        lines = [list(item.points) + ([item.points[0]] if isinstance(item, Polygon) else [])]
    else:
        lines = _path_points(item.commands)
    lines = [[_point(m, *p) for p in line] for line in lines if line]
    segments = [(p, q) for line in lines for p, q in zip(line, line[1:])]
    box = _bounds([p for line in lines for p in line]) if style.fill and lines else None
    if clip is not None:           # what a group's clip cuts off is not printed
        segments = [part for part in (_clipped(p, q, clip) for p, q in segments) if part]
        if box is not None:
            box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
            box = box if box[0] < box[2] and box[1] < box[3] else None
    return Mark(type(item).__name__, tuple(segments) if style.stroke else (), box)


def flatten(scene: Scene) -> tuple[list[Label], list[Mark]]:
    labels: list[Label] = []
    marks: list[Mark] = []

    def walk(items, m: Matrix, clip) -> None:
        for item in items:
            if isinstance(item, Text):
                labels.append(replace(_label(item, m), order=len(marks)))
            elif isinstance(item, Group):
                inner = _times(m, _group_matrix(item))
                if item.clip is not None:          # (x, y, w, h), as page bounds (groups here are not rotated)
                    x, y, w, h = item.clip
                    x0, y0, x1, y1 = _bounds([_point(inner, x, y), _point(inner, x + w, y + h)])
                    clip = (x0, y0, x1, y1) if clip is None else (max(x0, clip[0]), max(y0, clip[1]),
                                                                  min(x1, clip[2]), min(y1, clip[3]))
                walk(item.children, inner, clip)
            elif isinstance(item, Use):
                walk(scene.symbols[item.symbol].children, _times(m, _use_matrix(item)), clip)
            else:
                mark = _mark(item, m, clip)
                if mark:
                    marks.append(mark)

    walk(scene.children, IDENTITY, None)
    return labels, marks


def _overlap(a, b) -> bool:
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK


def _holds(outer, inner) -> bool:
    return outer[0] <= inner[0] + SLACK and outer[1] <= inner[1] + SLACK and inner[2] <= outer[2] + SLACK \
        and inner[3] <= outer[3] + SLACK


def _clipped(p, q, box, slack: float = 0.0):
    """The part of the segment pq inside `box` (Liang-Barsky), or None."""
    x0, y0, x1, y1 = box[0] + slack, box[1] + slack, box[2] - slack, box[3] - slack
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, room in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if room < 0:
                return None
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (p[0] + low * dx, p[1] + low * dy), (p[0] + high * dx, p[1] + high * dy)


def _segment_crosses(p, q, box) -> bool:
    """Whether the segment pq passes through the inside of `box`."""
    return _clipped(p, q, box, SLACK) is not None


def collisions(scene: Scene) -> list[str]:
    """Every pair of labels that overlap, and every label a line or shape crosses, as readable messages. A label's
    background is the last filled shape drawn before it that holds the whole label; what was drawn before that is
    hidden under it."""
    labels, marks = flatten(scene)
    found = []
    for k, label in enumerate(labels):
        for other in labels[k + 1:]:
            if _overlap(label.box, other.box):
                found.append(f"{label.text!r} overlaps {other.text!r}")
        beneath = [n for n in range(label.order) if marks[n].box and _holds(marks[n].box, label.box)]
        for mark in marks[beneath[-1] + 1 if beneath else 0:]:
            if mark.box and _overlap(mark.box, label.box) and not _holds(mark.box, label.box):
                found.append(f"a {mark.kind} covers part of {label.text!r}")
            elif any(_segment_crosses(p, q, label.box) for p, q in mark.segments):
                found.append(f"a {mark.kind}'s line crosses {label.text!r}")
    return found
