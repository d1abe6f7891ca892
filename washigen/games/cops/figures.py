"""The figures of the Cops rule sheet beyond whole segments and maps: one location with its areas named, and a
detail of a drawing cut out of it (`cropped`)."""

from __future__ import annotations

import math
from dataclasses import replace

from ...i18n import translator
from ...scene import Circle, Group, Line, Path as ScenePath, Polygon, Polyline, Rect, Scene, Text, Use
from .draw import THEME, icon_symbol, location_children, paint
from .model import GAME, Location


def location_diagram(location: Location, lang: str = "en") -> Scene:
    """One location at twice its size, its three areas named."""
    zoom, margin = 2.0, 2.0
    location = replace(location, id="", x=0.0, y=0.0,
                       areas=tuple(replace(a, x=a.x - location.x, y=a.y - location.y) for a in location.areas))
    w, h = location.w, location.h
    scene = Scene(margin + zoom * w + 28.0, margin + zoom * h + 18.0, theme=dict(THEME),
                  meta={"game": GAME, "kind": "diagram"})
    scene.define(icon_symbol(location.kind))
    scene.add(Group(children=location_children(location, 1.0, lettering=None), dx=margin, dy=margin, sx=zoom,
                    sy=zoom))
    leader = paint(stroke="ink", width=0.3)
    label_x = margin + zoom * w + 4.0
    _ = translator(lang)
    for k, (area, name) in enumerate(zip(location.areas, (_("largest"), _("middle"), _("smallest")))):
        ax = margin + zoom * (area.x + area.w / 2)
        ay = margin + zoom * (area.y + area.h)
        level = margin + zoom * h + 4.0 + 4.5 * (2 - k)
        scene.add(Polygon(((ax, ay + 0.6), (ax - 0.9, ay + 2.2), (ax + 0.9, ay + 2.2)), paint(fill="ink")),
                  Line(ax, ay + 2.2, ax, level, leader), Line(ax, level, label_x - 1.0, level, leader),
                  Text(label_x, level + 0.9, name, 2.8))
    return scene


CROP_MARGIN = 3.0         # mm drawn past a detail's edge, so strokes reach its clip cleanly


def cropped(scene: Scene, x: float, y: float, w: float, h: float) -> Scene:
    """The part of `scene` in the rectangle (x, y, w, h), as a scene of its own (a figure showing a detail). What
    lies outside is left out of the drawing, not only clipped: a PDF would still carry it (its words in the text,
    its shapes reaching across the page)."""
    part = Scene(w, h, theme=dict(scene.theme), meta=dict(scene.meta))
    for symbol in scene.symbols.values():
        part.define(symbol)
    box = (x - CROP_MARGIN, y - CROP_MARGIN, x + w + CROP_MARGIN, y + h + CROP_MARGIN)
    sizes = {name: (symbol.width, symbol.height) for name, symbol in scene.symbols.items()}
    part.add(Group(children=_trimmed(scene.children, box, sizes, 0.0, 0.0), dx=-x, dy=-y, clip=(x, y, w, h)))
    return part


def _trimmed(items: list, box: tuple, sizes: dict, dx: float, dy: float) -> list:
    """`items` (moved by dx, dy) cut to `box` (x0, y0, x1, y1): words whose anchor is outside and shapes wholly
    outside left out, straight lines and rectangles cut at its edge; through groups that only move."""
    kept: list = []
    local = (box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy)
    for item in items:
        if isinstance(item, Group) and (item.rotate, item.sx, item.sy) == (0.0, 1.0, 1.0):
            kept.append(replace(item, children=_trimmed(item.children, box, sizes, dx + item.dx, dy + item.dy)))
        elif isinstance(item, Text):
            kept += [item] if _overlaps((item.x, item.y, item.x, item.y), local) else []
        elif isinstance(item, Rect) and item.rx <= CROP_MARGIN:        # a cut corner lies outside the clip
            x0, y0 = max(item.x, local[0]), max(item.y, local[1])
            x1, y1 = min(item.x + item.w, local[2]), min(item.y + item.h, local[3])
            kept += [replace(item, x=x0, y=y0, w=x1 - x0, h=y1 - y0)] if x1 > x0 and y1 > y0 else []
        elif isinstance(item, Line):
            cut = _clip_segment((item.x1, item.y1), (item.x2, item.y2), local)
            kept += [replace(item, x1=cut[0][0], y1=cut[0][1], x2=cut[1][0], y2=cut[1][1])] if cut else []
        elif isinstance(item, ScenePath):
            commands = _trimmed_path(item.commands, local)
            kept += [replace(item, commands=commands)] if commands else []
        elif _overlaps(_bounds(item, sizes), local):
            kept.append(item)
    return kept


def _bounds(item, sizes: dict) -> tuple[float, float, float, float]:
    """A shape's extent (x0, y0, x1, y1); a placed symbol's from its size (`sizes`, by id)."""
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, (Polyline, Polygon)):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(item, Use) and item.symbol in sizes and not item.rotate:
        w, h = sizes[item.symbol]
        return item.x, item.y, item.x + w * item.scale, item.y + h * item.scale
    return -math.inf, -math.inf, math.inf, math.inf        # anything else is kept


def _overlaps(a: tuple, b: tuple) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _trimmed_path(commands: tuple, box: tuple) -> tuple:
    """A path of M, L, C and Z commands cut to `box`: straight pieces cut at its edges, curves outside it left out;
    each run of pieces inside starts with a move."""
    out: list = []
    start: tuple | None = None
    current: tuple | None = None
    pen = None                   # where the output path's pen is
    for command in commands:
        kind = command[0]
        if kind == "M":
            start = current = command[1:3]
            continue
        assert start is not None and current is not None, "a path begins with a move (M)"
        end = start if kind == "Z" else command[-2:]
        if kind == "C":
            xs, ys = [current[0], command[1], command[3], end[0]], [current[1], command[2], command[4], end[1]]
            piece = (current, end) if _overlaps((min(xs), min(ys), max(xs), max(ys)), box) else None
        else:
            piece = _clip_segment(current, end, box)
        if piece:
            if pen is None or math.dist(pen, piece[0]) > 1e-9:
                out.append(("M", *piece[0]))
            out.append(command if kind == "C" and piece[1] == end else ("L", *piece[1]))
            pen = piece[1]
        else:
            pen = None
        current = end
    return tuple(out)


def _clip_segment(p: tuple, q: tuple, box: tuple):
    """The part of the segment p-q inside `box` (Liang-Barsky), or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for step, room in ((-dx, p[0] - box[0]), (dx, box[2] - p[0]), (-dy, p[1] - box[1]), (dy, box[3] - p[1])):
        if abs(step) < 1e-12:
            if room < 0:
                return None
            continue
        t = room / step
        if step < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)
