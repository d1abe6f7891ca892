"""Cat Tree's pictures: the colours, the eight structures (each a Symbol drawn in a 50 x 34 mm box, so a tree of
many cards draws each picture once), the floor, wall and supports behind them, and the small icons a card states its
rules with."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from ...scene import Circle, Group, Line, Path, Point, Polygon, Polyline, Primitive, Rect, Style, Symbol
from ...units import CARD_SIZES
from .model import Structure

# -- colours -----------------------------------------------------------------------------------------------------

COLOURS: dict[str, str] = {
    "pipe": "#1d7c89",
    "scratcher": "#c0601c",
    "hammock": "#8a4690",
    "catwalk": "#4a8a2c",
    "box": "#c18b1e",
    "toy": "#cc3434",
    "shelf": "#3a67ad",
    "nest": "#566570",
}
INK = "#262626"
MUTED = "#6f6a63"
CREAM = "#fffaf0"
CAT = "#3a3634"
CAT_EYE = "#f2c230"
WOOD = "#b57c45"
WOOD_DARK = "#7a4f2b"
ROPE = "#e0bd82"
ROPE_LINE = "#a67f45"
KRAFT = "#dcaa62"
KRAFT_SIDE = "#c08d45"
KRAFT_TOP = "#e9c283"
HOLE = "#3b2a1c"
FLOOR = "#d6b58a"
FLOOR_LINE = "#b08d62"
WALL = "#f1e8d8"
WALL_LINE = "#e2d5bf"
SUPPORT = "#a39484"
SUPPORT_DARK = "#7f7164"
GOOD = "#2f8a3a"
BAD = "#c8102e"
BACK = "#22505c"
BACK_LIGHT = "#2d6574"

ART_W, ART_H = 50.0, 34.0          # the box every structure picture is drawn in
POKER_W, POKER_H = CARD_SIZES["poker"]


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white: amount 0 is the colour, 1 is white."""
    value = colour.lstrip("#")
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def shade(colour: str, amount: float) -> str:
    """`colour` mixed with black."""
    value = colour.lstrip("#")
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c * (1 - amount)):02x}" for c in rgb)


def st(fill: str | None = None, stroke: str | None = None, width: float = 0.35,
       cap: Literal["butt", "round", "square"] = "round") -> Style:
    return Style(fill=fill, stroke=stroke, stroke_width=width, line_cap=cap, line_join="round")


# -- shapes ------------------------------------------------------------------------------------------------------

K = 0.5523


def ellipse(cx: float, cy: float, rx: float, ry: float, style: Style) -> Path:
    return Path((("M", cx + rx, cy), ("C", cx + rx, cy + K * ry, cx + K * rx, cy + ry, cx, cy + ry),
                 ("C", cx - K * rx, cy + ry, cx - rx, cy + K * ry, cx - rx, cy),
                 ("C", cx - rx, cy - K * ry, cx - K * rx, cy - ry, cx, cy - ry),
                 ("C", cx + K * rx, cy - ry, cx + rx, cy - K * ry, cx + rx, cy), ("Z",)), style)


def check_mark(x: float, y: float, size: float, colour: str = GOOD) -> Polyline:
    return Polyline(((x - size * 0.45, y), (x - size * 0.12, y + size * 0.35), (x + size * 0.5, y - size * 0.4)),
                    st(stroke=colour, width=size * 0.22))


def cross_mark(x: float, y: float, size: float, colour: str = BAD) -> Group:
    h = size * 0.4
    style = st(stroke=colour, width=size * 0.2)
    return Group([Line(x - h, y - h, x + h, y + h, style), Line(x - h, y + h, x + h, y - h, style)])


def cat_sitting(x: float, base: float, height: float, colour: str = CAT, eyes: bool = True) -> Group:
    """A sitting cat seen from the front, its paws on `base`, centred on x."""
    h = height
    body = Path((("M", x - 0.30 * h, base),
                 ("C", x - 0.34 * h, base - 0.30 * h, x - 0.22 * h, base - 0.58 * h, x - 0.10 * h, base - 0.62 * h),
                 ("L", x + 0.10 * h, base - 0.62 * h),
                 ("C", x + 0.22 * h, base - 0.58 * h, x + 0.34 * h, base - 0.30 * h, x + 0.30 * h, base),
                 ("Z",)), st(fill=colour))
    tail = Path((("M", x + 0.26 * h, base - 0.04 * h),
                 ("C", x + 0.52 * h, base - 0.02 * h, x + 0.56 * h, base - 0.30 * h, x + 0.44 * h, base - 0.42 * h)),
                st(stroke=colour, width=0.075 * h))
    head_y = base - 0.74 * h
    head = ellipse(x, head_y, 0.20 * h, 0.17 * h, st(fill=colour))
    ears = [Polygon(((x + s * 0.19 * h, head_y - 0.02 * h), (x + s * 0.17 * h, head_y - 0.27 * h),
                     (x + s * 0.04 * h, head_y - 0.14 * h)), st(fill=colour)) for s in (-1, 1)]
    items: list[Primitive] = [tail, body, head, *ears]
    if eyes:
        items += [ellipse(x + s * 0.08 * h, head_y - 0.01 * h, 0.035 * h, 0.045 * h, st(fill=CAT_EYE))
                  for s in (-1, 1)]
    return Group(items)


def paw(x: float, y: float, size: float, colour: str) -> Group:
    """A paw print centred on (x, y), `size` mm tall."""
    s = size
    items: list[Primitive] = [ellipse(x, y + 0.16 * s, 0.26 * s, 0.21 * s, st(fill=colour))]
    for dx, dy in ((-0.3, -0.12), (-0.11, -0.3), (0.11, -0.3), (0.3, -0.12)):
        items.append(ellipse(x + dx * s, y + dy * s, 0.095 * s, 0.12 * s, st(fill=colour)))
    return Group(items)


# -- the eight pictures (each in a 50 x 34 box; the floor, when there is one, is y = 31) ----------------------

def art_pipe() -> list[Primitive]:
    c = COLOURS["pipe"]
    body, dark, light = tint(c, 0.15), shade(c, 0.35), tint(c, 0.45)
    items: list[Primitive] = [
        Rect(11, 29, 4, 2.4, st(fill=shade(c, 0.45)), rx=0.6), Rect(35, 29, 4, 2.4, st(fill=shade(c, 0.45)), rx=0.6),
        Path((("M", 7, 11), ("L", 43, 11), ("C", 47.5, 11, 47.5, 29, 43, 29), ("L", 7, 29), ("Z",)),
             st(fill=body, stroke=dark, width=0.5)),
    ]
    for x in (14, 21, 28, 35):    # carpet rings round the tube
        items.append(Path((("M", x, 11.2), ("C", x + 2.6, 14, x + 2.6, 26, x, 28.8)), st(stroke=dark, width=0.45)))
    items.append(Path((("M", 9, 13.5), ("L", 40, 13.5)), st(stroke=light, width=1.1)))
    items += [ellipse(7, 20, 4.2, 9, st(fill=tint(c, 0.3), stroke=dark, width=0.5)),
              ellipse(7, 20, 3.0, 7.6, st(fill=HOLE))]
    items += [ellipse(5.9 + dx, 19.2, 0.55, 0.8, st(fill=CAT_EYE)) for dx in (0, 2.3)]
    return items


def art_scratcher() -> list[Primitive]:
    c = COLOURS["scratcher"]
    items: list[Primitive] = [
        Rect(9, 28, 32, 3.2, st(fill=c, stroke=shade(c, 0.35), width=0.45), rx=1.2),
        Rect(20, 7, 10, 21.2, st(fill=ROPE, stroke=ROPE_LINE, width=0.45)),
    ]
    for k in range(10):
        y = 9.2 + 2.05 * k
        items.append(Line(20.2, y + 1.2, 29.8, y - 1.0, st(stroke=ROPE_LINE, width=0.4)))
    items += [
        Rect(12.5, 3.8, 25, 3.6, st(fill=c, stroke=shade(c, 0.35), width=0.45), rx=1.2),
        Line(35, 7.4, 35, 15.5, st(stroke=INK, width=0.35)),
        Circle(35, 17.6, 2.2, st(fill=COLOURS["toy"], stroke=shade(COLOURS["toy"], 0.3), width=0.35)),
        Line(33.9, 16.7, 36.1, 18.5, st(stroke=tint(COLOURS["toy"], 0.5), width=0.4)),
        paw(15, 24, 3.2, tint(c, 0.55)),
    ]
    return items


def _hooks(y: float) -> list[Primitive]:
    style = st(stroke=INK, width=0.55)
    return [Circle(6.2, y, 1.1, style), Circle(43.8, y, 1.1, style)]


def art_hammock() -> list[Primitive]:
    c = COLOURS["hammock"]
    front = Path((("M", 6.2, 9.5), ("C", 12, 23, 38, 23, 43.8, 9.5), ("C", 37, 31.5, 13, 31.5, 6.2, 9.5), ("Z",)),
                 st(fill=c, stroke=shade(c, 0.35), width=0.5))
    items: list[Primitive] = [Path((("M", 6.2, 9.5), ("C", 16, 14.5, 34, 14.5, 43.8, 9.5)),
                                   st(stroke=shade(c, 0.2), width=0.5)),
                              cat_sitting(25, 24.5, 14, eyes=False)]
    items += [ellipse(25 + s * 1.1, 14.1, 0.55, 0.2, st(fill=CAT_EYE)) for s in (-1, 1)]
    items.append(front)
    for offset in (-7, 0, 7):
        items.append(Path((("M", 25 + offset * 1.4, 19.5 + abs(offset) * 0.2),
                           ("C", 25 + offset * 1.3, 23, 25 + offset * 1.1, 25, 25 + offset, 27.4 - abs(offset) * 0.15)),
                          st(stroke=tint(c, 0.45), width=0.55)))
    items += _hooks(9.5)
    return items


def art_catwalk() -> list[Primitive]:
    c = COLOURS["catwalk"]
    rail = st(stroke=shade(c, 0.3), width=0.7)
    items: list[Primitive] = [Path((("M", 6.2, 7.5), ("C", 16, 12.5, 34, 12.5, 43.8, 7.5)), rail)]
    for k in range(1, 8):
        x = 6.2 + k * 37.6 / 8
        t = k / 8
        y = 7.5 + 3.75 * 4 * t * (1 - t)
        items.append(Line(x, y, x, 20, st(stroke=shade(c, 0.3), width=0.4)))
    items.append(Rect(6.2, 20, 37.6, 3.4, st(fill=c, stroke=shade(c, 0.35), width=0.45), rx=0.8))
    for k in range(1, 8):
        x = 6.2 + k * 37.6 / 8
        items.append(Line(x, 20.3, x, 23.1, st(stroke=shade(c, 0.25), width=0.35)))
    items.append(cat_sitting(31, 20, 12.5))
    items += [Line(x, 7.5, x, 21, st(stroke=INK, width=0.45)) for x in (6.2, 43.8)]
    items += _hooks(7.5)
    return items


def art_box() -> list[Primitive]:
    items: list[Primitive] = [
        Polygon(((9, 12), (15.5, 6.5), (44, 6.5), (37.5, 12)), st(fill=KRAFT_TOP, stroke=KRAFT_SIDE, width=0.45)),
        Polygon(((37.5, 12), (44, 6.5), (44, 25.5), (37.5, 31)), st(fill=KRAFT_SIDE, stroke=shade(KRAFT_SIDE, 0.25),
                                                                   width=0.45)),
        Rect(9, 12, 28.5, 19, st(fill=KRAFT, stroke=KRAFT_SIDE, width=0.45)),
        Line(23.25, 12, 23.25, 14.5, st(stroke=KRAFT_SIDE, width=0.4)),
    ]
    for cx, cy, r in ((16, 22.5, 3.6), (29.5, 19, 2.7), (30.5, 26.4, 2.2)):
        items.append(Circle(cx, cy, r, st(fill=HOLE, stroke=shade(KRAFT_SIDE, 0.3), width=0.35)))
    items.append(ellipse(40.8, 18.5, 1.5, 3.2, st(fill=HOLE)))
    items += [ellipse(15.0 + dx, 22.0, 0.5, 0.7, st(fill=CAT_EYE)) for dx in (0, 2.0)]
    items.append(cat_sitting(24.5, 9.3, 9.5))
    return items


def art_toy() -> list[Primitive]:
    c = COLOURS["toy"]
    items: list[Primitive] = [ellipse(18, 30, 9, 2.0, st(fill=shade(c, 0.45)))]
    spring: list[Point] = [(18, 29)]
    for k in range(1, 12):
        spring.append((18 + (2.6 if k % 2 else -2.6), 29 - k * 1.45))
    spring.append((18, 11.5))
    items.append(Polyline(tuple(spring), st(stroke="#8c8c8c", width=0.55)))
    items += [Circle(18, 8.6, 5, st(fill=c, stroke=shade(c, 0.3), width=0.45)),
              Path((("M", 13.3, 7.2), ("C", 16, 10.4, 20, 10.4, 22.7, 7.2)), st(stroke=tint(c, 0.6), width=0.7)),
              Circle(16.3, 6.6, 1.0, st(fill=tint(c, 0.55)))]
    for dx, dy in ((-1.5, -4.8), (0.5, -5.6), (2.4, -4.6)):     # a feather tuft
        items.append(Line(18, 4, 18 + dx, 4 + dy, st(stroke=COLOURS["box"], width=0.55)))
    # a toy mouse on the floor
    mouse = "#9a9590"
    items += [Path((("M", 44, 29.6), ("C", 47.5, 29.8, 48, 26, 46.2, 26.4)), st(stroke=INK, width=0.35)),
              Path((("M", 30.5, 30.2), ("C", 31.5, 25.2, 39, 23.6, 44.5, 30.2), ("Z",)),
                   st(fill=mouse, stroke=shade(mouse, 0.3), width=0.35)),
              Circle(35, 25.4, 1.5, st(fill=tint(mouse, 0.35), stroke=shade(mouse, 0.3), width=0.3)),
              Circle(32.7, 27.8, 0.45, st(fill=INK))]
    return items


def art_shelf() -> list[Primitive]:
    items: list[Primitive] = []
    for x in (13, 37):     # brackets
        items.append(Polygon(((x - 2, 17.5), (x + 2, 17.5), (x - 2, 26)), st(fill=WOOD_DARK)))
        items.append(Circle(x - 1.2, 23.3, 0.45, st(fill=SUPPORT)))
    items += [Rect(7, 14.2, 36, 3.3, st(fill=WOOD, stroke=WOOD_DARK, width=0.45), rx=0.6),
              Line(8, 15.4, 42, 15.4, st(stroke=tint(WOOD, 0.35), width=0.4)),
              cat_sitting(21, 14.2, 12),
              Circle(35.5, 11.9, 2.3, st(fill=tint(COLOURS["toy"], 0.2), stroke=shade(COLOURS["toy"], 0.3),
                                         width=0.3)),
              Path((("M", 33.6, 10.8), ("C", 35, 12.2, 36.4, 12.6, 37.6, 12.4)), st(stroke=tint(COLOURS["toy"], 0.6),
                                                                                   width=0.35)),
              Path((("M", 34.2, 13.6), ("C", 35.2, 11.6, 36.2, 10.6, 37.2, 10.2)), st(stroke=tint(COLOURS["toy"], 0.6),
                                                                                  width=0.35)),
              Path((("M", 37.4, 13.2), ("C", 39.5, 13.8, 40, 14.2, 41.5, 14.2)), st(stroke=COLOURS["toy"], width=0.3))]
    return items


def art_nest() -> list[Primitive]:
    c = COLOURS["nest"]
    fabric, edge = tint(c, 0.2), shade(c, 0.35)
    items: list[Primitive] = [
        Path((("M", 10, 31), ("L", 10, 15), ("C", 10, 8, 15, 6, 25, 6), ("C", 35, 6, 40, 8, 40, 15), ("L", 40, 31),
              ("Z",)), st(fill=fabric, stroke=edge, width=0.5)),
        Path((("M", 12.2, 29), ("L", 12.2, 15.3), ("C", 12.2, 10, 16, 8.2, 25, 8.2),
              ("C", 34, 8.2, 37.8, 10, 37.8, 15.3), ("L", 37.8, 29)),
             Style(stroke=tint(c, 0.6), stroke_width=0.35, dash=(0.9, 0.7))),     # the stitching
        Circle(25, 20.5, 6.8, st(fill=tint(c, 0.55), stroke=edge, width=0.5)),
        Circle(25, 20.5, 5.6, st(fill=HOLE)),
        ellipse(25, 24.6, 4.6, 1.3, st(fill=tint(COLOURS["hammock"], 0.45))),
    ]
    items += [ellipse(25 + s * 1.5, 19.6, 0.6, 0.9, st(fill=CAT_EYE)) for s in (-1, 1)]
    items.append(Rect(10, 30, 30, 1.2, st(fill=edge)))
    return items


ARTS = {"pipe": art_pipe, "scratcher": art_scratcher, "hammock": art_hammock, "catwalk": art_catwalk,
        "box": art_box, "toy": art_toy, "shelf": art_shelf, "nest": art_nest}


@lru_cache(maxsize=None)
def art_symbol(name: str) -> Symbol:
    """The picture of a structure, one Symbol object per name: every scene that shows it shares it."""
    return Symbol(f"cat-tree-{name}", ART_W, ART_H, ARTS[name]())


# -- picture backgrounds: the floor, the wall, the supports a card hangs from ------------------------------------

def floor_band(x: float, y: float, w: float, h: float) -> list[Primitive]:
    """Floor boards: two rows of planks, their joints staggered."""
    items: list[Primitive] = [Rect(x, y, w, h, st(fill=FLOOR)),
                              Line(x, y + h / 2, x + w, y + h / 2, st(stroke=FLOOR_LINE, width=0.2))]
    step = 7.0
    for half, offset in ((0, 2.0), (1, 2.0 + step / 2)):
        xx = x + offset
        while xx < x + w:
            items.append(Line(xx, y + half * h / 2, xx, y + (half + 1) * h / 2, st(stroke=FLOOR_LINE, width=0.25)))
            xx += step
    items.append(Line(x, y, x + w, y, st(stroke=FLOOR_LINE, width=0.45)))
    return items


def wall(x: float, y: float, w: float, h: float) -> list[Primitive]:
    items: list[Primitive] = [Rect(x, y, w, h, st(fill=WALL))]
    row = 0
    yy = y + 4.5
    while yy < y + h:
        items.append(Line(x, yy, x + w, yy, st(stroke=WALL_LINE, width=0.3)))
        offset = 4.5 if row % 2 else 0
        xx = x + offset
        while xx < x + w:
            items.append(Line(xx, yy, xx, min(yy + 4.5, y + h), st(stroke=WALL_LINE, width=0.3)))
            xx += 9
        yy += 4.5
        row += 1
    return items


def support_post(x: float, y: float, w: float, h: float) -> list[Primitive]:
    """A neighbouring card's structure, hinted at the picture's edge: something to hang from."""
    items: list[Primitive] = [Rect(x, y, w, h, st(fill=SUPPORT))]
    for k in range(int(h // 3)):
        items.append(Line(x, y + 3 * k + 3, x + w, y + 3 * k, st(stroke=SUPPORT_DARK, width=0.3)))
    return items


# -- small icons: the placement rule and what a card holds (each in a box of `size` x size*0.8) --------------

def mini_card(x: float, y: float, w: float, h: float, colour: str) -> Rect:
    return Rect(x, y, w, h, st(fill=colour, stroke=shade(colour, 0.35), width=0.25), rx=0.5)


def icon_flat(colour: str, s: float = 8.0) -> Group:
    """This card standing on the floor or on a card below it."""
    return Group([Rect(0.5, s * 0.62, s - 1, s * 0.16, st(fill=FLOOR, stroke=FLOOR_LINE, width=0.25)),
                  mini_card(s * 0.32, s * 0.14, s * 0.36, s * 0.48, colour)])


def icon_sides(colour: str, s: float = 8.0) -> Group:
    """This card hung between two supports, left and right."""
    return Group([mini_card(0.2, s * 0.1, s * 0.22, s * 0.58, SUPPORT),
                  mini_card(s * 0.78 - 0.2, s * 0.1, s * 0.22, s * 0.58, SUPPORT),
                  mini_card(s * 0.3, s * 0.14, s * 0.4, s * 0.3, colour),
                  Line(s * 0.22, s * 0.2, s * 0.3, s * 0.2, st(stroke=INK, width=0.3)),
                  Line(s * 0.7, s * 0.2, s * 0.78, s * 0.2, st(stroke=INK, width=0.3))])


def icon_not_floor(colour: str, s: float = 8.0) -> Group:
    """A card up in the air, never on the floor."""
    return Group([Rect(0.5, s * 0.62, s - 1, s * 0.16, st(fill=FLOOR, stroke=FLOOR_LINE, width=0.25)),
                  mini_card(s * 0.32, s * 0.0, s * 0.36, s * 0.36, colour),
                  Line(s * 0.5, s * 0.4, s * 0.5, s * 0.56, Style(stroke=MUTED, stroke_width=0.25, dash=(0.4, 0.4))),
                  cross_mark(s * 0.82, s * 0.46, s * 0.3)])


def placement_icons(structure: Structure, s: float = 8.0) -> list[Group]:
    colour = COLOURS[structure.name]
    return {"flat": [icon_flat(colour, s)], "sides": [icon_sides(colour, s)],
            "flat-or-sides": [icon_flat(colour, s), icon_sides(colour, s)],
            "not-floor": [icon_not_floor(colour, s)]}[structure.placement]


def icon_holds(structure: Structure, s: float = 8.0) -> Group:
    """A small grid: this card, the cell above it and the cells beside it, each marked yes or no."""
    colour = COLOURS[structure.name]
    cw, ch = s * 0.3, s * 0.38
    x0, y0 = (s - cw) / 2, s * 0.44
    slot = Style(stroke=MUTED, stroke_width=0.22, dash=(0.5, 0.35))
    items: list[Primitive] = [mini_card(x0, y0, cw, ch, colour),
                              Rect(x0, y0 - ch - 0.25, cw, ch, slot, rx=0.4),
                              Rect(x0 - cw - 0.25, y0, cw, ch, slot, rx=0.4),
                              Rect(x0 + cw + 0.25, y0, cw, ch, slot, rx=0.4)]
    mark_size = s * 0.26
    for (cx, cy), ok in (((s / 2, y0 - ch / 2 - 0.25), structure.build_on),
                         ((x0 - cw / 2 - 0.25, y0 + ch / 2), structure.hang_on),
                         ((x0 + cw * 1.5 + 0.25, y0 + ch / 2), structure.hang_on)):
        items.append(check_mark(cx, cy, mark_size) if ok else cross_mark(cx, cy, mark_size))
    return Group(items)


def icon_altitude(s: float = 6.0) -> Group:
    """An arrow up past a dashed line: height 5 and up."""
    return Group([Line(0, s * 0.55, s, s * 0.55, Style(stroke=BAD, stroke_width=0.3, dash=(0.6, 0.4))),
                  Line(s * 0.5, s * 0.95, s * 0.5, s * 0.12, st(stroke=INK, width=0.4)),
                  Polyline(((s * 0.3, s * 0.32), (s * 0.5, s * 0.1), (s * 0.7, s * 0.32)), st(stroke=INK, width=0.4))])
