"""Cat Tree drawings: the eight structure pictures, the cards (front, back, reference), a scored tree, the score
sheet, and their print documents.

Every picture is built from scene primitives in a 50 x 34 mm box (a Symbol, so a tree of many cards draws each
picture once). A card up to poker size is laid out at its own size, its words set at the size they print at (6 pt or
more, on two lines where one is too narrow; the reference card says less on a small card); a larger card is laid
out at poker width or height and scaled up. Their colour runs into the bleed. A tree on paper draws its cards
smaller where it must, never its words.
"""

from __future__ import annotations

from functools import lru_cache

from ... import __version__
from ...fonts import ASCENT, DESCENT, MIN_FINE_PRINT, MIN_TEXT, balanced_lines, fit_size, text_width, wrap_text
from ...i18n import N_, translator
from ...press import Document, KitPart, PrintOptions, Template, template_for
from ...press.impose import cut_words, impose_grid
from ...press.templates import Grid
from ...scene import (Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Symbol, Text, Use)
from ...units import CARD_SIZES, MIN_PAGE_MARGIN, paper_size
from .model import (ALTITUDE, BY_NAME, GAME, PLACEMENT_TEXT, STRUCTURES, TITLE, CatTreeDeck, CatTreeLayout,
                    Structure, holds_text)

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


def st(fill: str | None = None, stroke: str | None = None, width: float = 0.35, cap: str = "round") -> Style:
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
    items = [tail, body, head, *ears]
    if eyes:
        items += [ellipse(x + s * 0.08 * h, head_y - 0.01 * h, 0.035 * h, 0.045 * h, st(fill=CAT_EYE))
                  for s in (-1, 1)]
    return Group(items)


def paw(x: float, y: float, size: float, colour: str) -> Group:
    """A paw print centred on (x, y), `size` mm tall."""
    s = size
    items = [ellipse(x, y + 0.16 * s, 0.26 * s, 0.21 * s, st(fill=colour))]
    for dx, dy in ((-0.3, -0.12), (-0.11, -0.3), (0.11, -0.3), (0.3, -0.12)):
        items.append(ellipse(x + dx * s, y + dy * s, 0.095 * s, 0.12 * s, st(fill=colour)))
    return Group(items)


# -- the eight pictures (each in a 50 x 34 box; the floor, when there is one, is y = 31) ----------------------

def art_pipe() -> list:
    c = COLOURS["pipe"]
    body, dark, light = tint(c, 0.15), shade(c, 0.35), tint(c, 0.45)
    items = [
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


def art_scratcher() -> list:
    c = COLOURS["scratcher"]
    items = [
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


def _hooks(y: float) -> list:
    style = st(stroke=INK, width=0.55)
    return [Circle(6.2, y, 1.1, style), Circle(43.8, y, 1.1, style)]


def art_hammock() -> list:
    c = COLOURS["hammock"]
    front = Path((("M", 6.2, 9.5), ("C", 12, 23, 38, 23, 43.8, 9.5), ("C", 37, 31.5, 13, 31.5, 6.2, 9.5), ("Z",)),
                 st(fill=c, stroke=shade(c, 0.35), width=0.5))
    items = [Path((("M", 6.2, 9.5), ("C", 16, 14.5, 34, 14.5, 43.8, 9.5)), st(stroke=shade(c, 0.2), width=0.5)),
             cat_sitting(25, 24.5, 14, eyes=False)]
    items += [ellipse(25 + s * 1.1, 14.1, 0.55, 0.2, st(fill=CAT_EYE)) for s in (-1, 1)]
    items.append(front)
    for offset in (-7, 0, 7):
        items.append(Path((("M", 25 + offset * 1.4, 19.5 + abs(offset) * 0.2),
                           ("C", 25 + offset * 1.3, 23, 25 + offset * 1.1, 25, 25 + offset, 27.4 - abs(offset) * 0.15)),
                          st(stroke=tint(c, 0.45), width=0.55)))
    items += _hooks(9.5)
    return items


def art_catwalk() -> list:
    c = COLOURS["catwalk"]
    rail = st(stroke=shade(c, 0.3), width=0.7)
    items = [Path((("M", 6.2, 7.5), ("C", 16, 12.5, 34, 12.5, 43.8, 7.5)), rail)]
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


def art_box() -> list:
    items = [
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


def art_toy() -> list:
    c = COLOURS["toy"]
    items = [ellipse(18, 30, 9, 2.0, st(fill=shade(c, 0.45)))]
    spring = [(18, 29)]
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


def art_shelf() -> list:
    items = []
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


def art_nest() -> list:
    c = COLOURS["nest"]
    fabric, edge = tint(c, 0.2), shade(c, 0.35)
    items = [
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

def floor_band(x: float, y: float, w: float, h: float) -> list:
    """Floor boards: two rows of planks, their joints staggered."""
    items = [Rect(x, y, w, h, st(fill=FLOOR)), Line(x, y + h / 2, x + w, y + h / 2, st(stroke=FLOOR_LINE, width=0.2))]
    step = 7.0
    for half, offset in ((0, 2.0), (1, 2.0 + step / 2)):
        xx = x + offset
        while xx < x + w:
            items.append(Line(xx, y + half * h / 2, xx, y + (half + 1) * h / 2, st(stroke=FLOOR_LINE, width=0.25)))
            xx += step
    items.append(Line(x, y, x + w, y, st(stroke=FLOOR_LINE, width=0.45)))
    return items


def wall(x: float, y: float, w: float, h: float) -> list:
    items = [Rect(x, y, w, h, st(fill=WALL))]
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


def support_post(x: float, y: float, w: float, h: float) -> list:
    """A neighbouring card's structure, hinted at the picture's edge: something to hang from."""
    items = [Rect(x, y, w, h, st(fill=SUPPORT))]
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
    items = [mini_card(x0, y0, cw, ch, colour),
             Rect(x0, y0 - ch - 0.25, cw, ch, slot, rx=0.4),
             Rect(x0 - cw - 0.25, y0, cw, ch, slot, rx=0.4), Rect(x0 + cw + 0.25, y0, cw, ch, slot, rx=0.4)]
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


# -- text helpers ------------------------------------------------------------------------------------------------

LEAD = 1.2          # baseline to baseline of a rule broken onto lines, in font sizes


def _lines_in(text: str, room: float, wanted: float, weight: str = "normal") -> tuple[list[str], float]:
    """`text` on one line at the largest size up to `wanted` that fits `room` mm, never below 6 pt; where it does
    not fit at 6 pt, on two balanced lines (or more) at 6 pt."""
    size = fit_size(text, room, max(wanted, MIN_TEXT), weight)
    if size >= MIN_TEXT:
        return [text], size
    lines = balanced_lines(text, weight)
    if len(lines) == 2 and all(text_width(line, MIN_TEXT, weight) <= room for line in lines):
        return lines, MIN_TEXT
    return wrap_text(text, MIN_TEXT, room, weight), MIN_TEXT


def _fits(text: str, size: float, room: float, weight: str = "normal") -> bool:
    return text_width(text, size, weight) <= room + 1e-9


# -- cards -------------------------------------------------------------------------------------------------------

def card_layout(w: float, h: float) -> tuple[float, float, float]:
    """(k, W, H): a card is laid out in a W x H mm box drawn k times larger. A card up to poker size is laid out at
    its own size (k = 1), so that every word is set at the size it prints at, 6 pt or more; a larger one at poker
    width or height, scaled up."""
    k = max(1.0, min(w / POKER_W, h / POKER_H))
    return k, w / k, h / k


def _card_scene(w: float, h: float, bleed: float, title: str) -> Scene:
    return Scene(w, h, bleed=bleed, meta={"game": GAME, "kind": "card", "version": __version__, "title": title})


def _frame(scene: Scene, colour: str) -> None:
    """The colour runs into the bleed; a cream panel sits inside the safe zone."""
    w, h, b = scene.width, scene.height, scene.bleed
    scene.add(Rect(-b, -b, w + 2 * b, h + 2 * b, st(fill=colour)),
              Rect(3.0, 3.0, w - 6.0, h - 6.0, st(fill=CREAM, stroke=shade(colour, 0.25), width=0.3), rx=2.6))


def rank_index(structure: Structure, lang: str = "en") -> str:
    """The rank as a deck of the language prints it in its corners (a German jack is a Bube: B)."""
    _ = translator(lang)
    letters = {"A": _.pgettext("card rank", "A"), "J": _.pgettext("card rank", "J"), "K": _.pgettext("card rank", "K")}
    return letters.get(structure.rank, structure.rank)


def _corner_index(scene: Scene, structure: Structure, u: float, lang: str = "en") -> None:
    """The rank in the top-left corner and, upside down, in the bottom-right, with a paw as its suit."""
    colour = COLOURS[structure.name]
    rank = rank_index(structure, lang)
    size = max(MIN_TEXT, (6.0 if len(rank) == 1 else 5.0) * u)
    for rotate, (x, y) in ((0.0, (3.0, 3.0)), (180.0, (scene.width - 3.0, scene.height - 3.0))):
        scene.add(Group([Text(4.6 * u, 8.4 * u, rank, size, anchor="middle", weight="bold",
                              style=Style(fill=colour)),
                         paw(4.6 * u, 11.9 * u, 3.2 * u, colour)], dx=x, dy=y, rotate=rotate))


def card_front(structure: Structure, w: float = POKER_W, h: float = POKER_H, bleed: float = 3.0,
               lang: str = "en") -> Scene:
    """One structure card, laid out for its size: the corners, the name and the icons scale with the card, the
    rules keep 6 pt (on two lines where one is too narrow) and the picture takes the height they leave."""
    colour = COLOURS[structure.name]
    scene = _card_scene(w, h, bleed, f"{structure.title} ({structure.rank})")
    symbol = scene.define(art_symbol(structure.name))
    _frame(scene, colour)
    k, width, height = card_layout(w, h)
    scene.add(Group(_card_body(structure, symbol, width, height, lang), sx=k, sy=k))
    _corner_index(scene, structure, min(w / POKER_W, h / POKER_H), lang)
    return scene


def _card_body(structure: Structure, symbol: str, w: float, h: float, lang: str = "en") -> list:
    """The middle of a w x h card: name, points badge, picture, placement, holds, points and altitude. Graphics
    scale with the card (`g`, 1 on a poker card); no word is set below 6 pt."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    g = min(1.0, w / POKER_W, h / POKER_H)
    px = 3.0 + 3.0 * g                       # the picture's and the rules' left edge: 6 mm on a poker card
    items: list = []
    # the name, between the corner index and the points badge
    name = _(structure.title).upper()
    # (the header keeps its place in the corner: 3 mm in, then scaled)
    cx = w / 2 - 1.2 * g
    room = 2 * min(cx - (3.0 + 9.4 * g), w - 3.0 - 13.4 * g - cx)
    items.append(Text(cx, 3.0 + 8.6 * g, name, max(MIN_TEXT, fit_size(name, room, 5.0 * g, "bold")),
                      anchor="middle", weight="bold", style=Style(fill=INK)))
    badge = f"{structure.points}+" if structure.per_side else str(structure.points)
    bx, by = w - 3.0 - 7.2 * g, 3.0 + 6.6 * g
    items += [Circle(bx, by, 5.0 * g, st(fill=colour, stroke=shade(colour, 0.3), width=0.4)),
              Text(bx + (0.3 * g if structure.per_side else 0.0), by + (1.5 if structure.per_side else 1.9) * g,
                   badge, max(MIN_TEXT, (4.4 if structure.per_side else 5.4) * g), anchor="middle", weight="bold",
                   style=Style(fill="#ffffff"))]
    # from the foot up: the points and the altitude, then the rules; the picture takes what is left
    alt_base = h - 3.0 - 3.9 * g
    main_base = alt_base - 5.0 * g
    line_y = main_base - 4.4 * g
    items += _points_rows(structure, w, px, g, line_y, main_base, alt_base, lang)
    place = _("flat or both sides") if structure.placement == "flat-or-sides" else \
        _(PLACEMENT_TEXT[structure.placement])
    rows = [_rule_row(placement_icons(structure, 8.6 * g), 8.6 * g, _("PLACE IT"), place, _("or"), w, px, g),
            _rule_row([icon_holds(structure, 9.0 * g)], 9.0 * g, _("HOLDS"), _(holds_text(structure)), "", w, px, g)]
    y = line_y - sum(height for _row, height in rows)
    py = 3.4 + 12.2 * g                    # below the corner index's paw
    pw, ph = w - 2 * px, y - 2.0 * g - py
    k = min(1.0, pw / (POKER_W - 12.0), ph / 36.0)        # the picture as drawn on a poker card, or smaller
    items.append(Group(_picture(structure, symbol, pw / k, ph / k), dx=px, dy=py, sx=k, sy=k,
                       clip=(0, 0, pw / k, ph / k)))
    items.append(Rect(px, py, pw, ph, st(stroke=shade(colour, 0.2), width=0.4)))
    for row, height in rows:
        items.append(Group(row, dy=y))
        y += height
    return items


def _picture(structure: Structure, symbol: str, pw: float, ph: float) -> list:
    colour = COLOURS[structure.name]
    items: list = [Rect(0, 0, pw, ph, st(fill=tint(colour, 0.86)))]
    ox = (pw - ART_W) / 2
    art_y = ph - ART_H - 0.6
    if structure.placement == "sides":
        items += support_post(0, 3, ox + 5.2, ph - 3) + support_post(pw - ox - 5.2, 3, ox + 5.2, ph - 3)
        art_y = (ph - ART_H) / 2
    elif structure.placement == "not-floor":
        items += wall(0, 0, pw, ph - 3.2) + floor_band(0, ph - 3.2, pw, 3.2)
        art_y = (ph - 3.2 - 26.0) / 2       # the cat's ears to the brackets span 26 mm
    else:
        items += floor_band(0, ph - 3.6, pw, 3.6)
        art_y = ph - 3.6 - 31.0
    items.append(Use(symbol, ox, art_y))
    return items


def _rule_row(icons: list[Group], s: float, label: str, text: str, either: str, w: float, px: float,
              g: float) -> tuple[list, float]:
    """Icons (`s` mm) on the left, a small label and the rule beside them: the items (y = 0 at the row's top) and
    the row's height with the gap below it. Two icons stand either side of the word `either`, or of a slash where
    the word would leave the label no room."""

    def icons_at(word: str) -> tuple[list, float]:
        placed, x = [], px
        for k, icon in enumerate(icons):
            if k:
                gap = text_width(word, MIN_TEXT) + 0.6 if word else 1.8 * g
                if word:
                    placed.append(Text(x + gap / 2, 0.63 * s, word, MIN_TEXT, anchor="middle", style=Style(fill=MUTED)))
                else:
                    placed.append(Line(x + 0.3 * gap, 0.7 * s, x + 0.7 * gap, 0.2 * s,
                                       st(stroke=MUTED, width=0.3)))
                x += gap
            icon.dx, icon.dy = x, 0.0
            placed.append(icon)
            x += s
        return placed, max(x + 1.8 * g, px + 10.4 * g)

    items, tx = icons_at(either)
    if len(icons) > 1 and not _fits(label, MIN_TEXT, w - px - tx, "bold"):
        items, tx = icons_at("")
    lines, size = _lines_in(text, w - px - tx, 2.9 * g, "bold")
    label_base = max(2.6 * g, ASCENT * MIN_TEXT + 0.2)
    first = label_base + max(3.7 * g, ASCENT * size + DESCENT * MIN_TEXT + 0.55)
    items.append(Text(tx, label_base, label, MIN_TEXT, weight="bold", style=Style(fill=MUTED)))
    for k, line in enumerate(lines):
        items.append(Text(tx, first + k * LEAD * size, line, size, weight="bold", style=Style(fill=INK)))
    bottom = first + (len(lines) - 1) * LEAD * size + DESCENT * size
    return items, max(0.82 * s, bottom) + 2.2 * g


def _points_rows(structure: Structure, w: float, px: float, g: float, line_y: float, main_base: float,
                 alt_base: float, lang: str = "en") -> list:
    """The points (and what they are counted per) and the altitude rule, left of the bottom corner index."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    main = _("{points} points").format(points=structure.points)
    main_size = max(MIN_TEXT, 3.0 * g)
    if structure.per_side:
        details = [_("+ {points} per side neighbour").format(points=structure.per_side), _("+3 per side")]
    elif structure.grouped:
        details = [_("per group")]
    else:
        details = []
    items: list = [Line(px, line_y, w - 14.0 * g, line_y, st(stroke=tint(colour, 0.55), width=0.3)),
                   Text(px, main_base, main, main_size, weight="bold", style=Style(fill=shade(colour, 0.15)))]
    x = px + text_width(main, main_size, "bold") + 1.2 * g
    room = w - 12.0 * g - x                      # clear of the corner index
    for detail in details:
        size = fit_size(detail, room, max(MIN_TEXT, 2.3 * g))
        if size >= MIN_TEXT:
            items.append(Text(x, main_base, detail, size, style=Style(fill=INK)))
            break
    alt = icon_altitude(4.6 * g)
    alt.dx, alt.dy = px, alt_base - 3.6 * g
    items.append(alt)
    items.append(Text(px + 5.6 * g, alt_base, _("×2 at height {height}+").format(height=ALTITUDE),
                      max(MIN_TEXT, 2.2 * g), weight="bold", style=Style(fill=BAD)))
    return items


def card_back(w: float = POKER_W, h: float = POKER_H, bleed: float = 3.0) -> Scene:
    """The one back of every structure card: the title, a cat on a small tree, paw prints."""
    scene = _card_scene(w, h, bleed, "card back")
    b = bleed
    scene.add(Rect(-b, -b, w + 2 * b, h + 2 * b, st(fill=BACK)))
    for row in range(-1, int(h / 9) + 2):
        for col in range(-1, int(w / 9) + 2):
            x = col * 9 + (4.5 if row % 2 else 0)
            scene.add(Group([paw(0, 0, 3.2, BACK_LIGHT)], dx=x, dy=row * 9 + 2, rotate=-15 if (row + col) % 2 else 15))
    # No frame near the trim: a back printed a millimetre or two off its front (duplex drift) would show it uneven.
    # The pattern runs into the bleed and the emblem sits in the middle, so a drifted back looks the same.
    u = min(w / POKER_W, h / POKER_H)
    scene.add(Group(_back_emblem(), dx=(w - POKER_W * u) / 2, dy=(h - POKER_H * u) / 2, sx=u, sy=u))
    return scene


def _back_emblem() -> list:
    cx, cy = POKER_W / 2, POKER_H / 2
    items: list = [Circle(cx, cy, 22.5, st(fill=tint(BACK, 0.88), stroke=tint(BACK, 0.6), width=0.8))]
    # a little tree: a box on the floor, a scratcher, a shelf and a cat on top
    tree = Group([
        Rect(-13, 10, 26, 1.2, st(fill=FLOOR_LINE)),
        Rect(-12, -1, 11, 11, st(fill=KRAFT, stroke=KRAFT_SIDE, width=0.4)), Circle(-6.5, 4.5, 2.6, st(fill=HOLE)),
        Rect(2.5, -10, 5, 20, st(fill=ROPE, stroke=ROPE_LINE, width=0.4)),
        *[Line(2.6, -8 + 2.2 * k + 1.1, 7.4, -8 + 2.2 * k - 0.9, st(stroke=ROPE_LINE, width=0.35)) for k in range(8)],
        Rect(-3, -12.5, 14, 2.5, st(fill=COLOURS["scratcher"], stroke=shade(COLOURS["scratcher"], 0.3), width=0.4),
             rx=0.8),
        Rect(-12.5, -3, 12, 2, st(fill=WOOD, stroke=WOOD_DARK, width=0.35), rx=0.4),
        cat_sitting(4, -12.5, 11),
    ], dx=cx, dy=cy + 2)
    items.append(tree)
    items.append(Text(cx, cy - 27.5, "CAT TREE?", 6.2, anchor="middle", weight="bold", style=Style(fill=CREAM)))
    items.append(Text(cx, cy + 30.5, "We can handle this!", 3.4, anchor="middle", weight="bold",
                      style=Style(fill=CREAM), ))
    return items


# -- the reference card (front: the structures; back: scoring) ----------------------------------------------------
#
# Laid out for the card's size like the structure cards, every word at 6 pt or more. Where a small card cannot hold
# it all, the table drops its pictures (a colour chip carries the rank), the two definitions move to the back, and
# the back says the scoring in fewer words; the rule sheet has it in full.

DEFINITIONS: tuple[str, ...] = (           # translated where printed
    N_("Flat surface: the floor, or a Scratcher, Box, Shelf or Nest below."),
    N_("Both sides: a Box, Shelf or Nest directly left and right."),
)

SCORING_LINES: tuple[tuple[str, str], ...] = (          # translated where printed
    (N_("The grid"), N_("row 1 is the floor; a card's height is its row number.")),
    (N_("Distances"), N_("count steps along rows and columns: a diagonal neighbour is 2 away.")),
    (N_("Pipe"), N_("5, plus 3 for each card directly left or right of it.")),
    (N_("Scratchers"), N_("side by side in a row form one group: 5 per group. A column between them, or one "
                          "stacked on another, makes separate groups.")),
    (N_("Toys"), N_("2 or less apart (chains count) form one group: 5 per group.")),
    (N_("Hammock, Catwalk"), N_("8. Box, Shelf, Nest: 5.")),
    (N_("Height 5 and up"), N_("scores double; a group does if any of its cards is that high.")),
    (N_("Floating parts"), N_("not on the floor and 3 or more away from every part on the floor score nothing.")),
    (N_("A round"), N_("each player draws 2, keeps 1 in secret, reveal, then talk and place. A card with no legal "
                       "cell is dismissed. 8 rounds.")),
)
# The same in fewer words, for a card too small to hold the whole (the points are on the front).
SCORING_SHORT: tuple[tuple[str, str], ...] = (
    (N_("The grid"), N_("row 1 is the floor; a card's height is its row number.")),
    (N_("Scratchers"), N_("side by side in a row form one group.")),
    (N_("Toys"), N_("2 or less apart (a diagonal is 2) form one group.")),
    (N_("Height 5 and up"), N_("scores double; a group does if any of its cards is that high.")),
    (N_("Floating parts"), N_("3 or more away from every part on the floor score nothing.")),
    (N_("A round"), N_("draw 2, keep 1 in secret, reveal, place. 8 rounds.")),
)
DOUBLING_LINE = "Height 5 and up"          # printed in red
SCORING_SIZE = 2.12                        # the back's text: 6 pt


def reference_front(w: float = POKER_W, h: float = POKER_H, bleed: float = 3.0, lang: str = "en") -> Scene:
    scene = _card_scene(w, h, bleed, "reference card: structures")
    for structure in STRUCTURES:
        scene.define(art_symbol(structure.name))
    _frame(scene, BACK)
    k, width, height = card_layout(w, h)
    scene.add(Group(_reference_sides(width, height, lang)[0], sx=k, sy=k))
    return scene


def reference_back(w: float = POKER_W, h: float = POKER_H, bleed: float = 3.0, lang: str = "en") -> Scene:
    scene = _card_scene(w, h, bleed, "reference card: scoring")
    _frame(scene, BACK)
    k, width, height = card_layout(w, h)
    scene.add(Group(_reference_sides(width, height, lang)[1], sx=k, sy=k))
    return scene


def _reference_sides(w: float, h: float, lang: str = "en") -> tuple[list, list]:
    """Both sides of a w x h reference card: the first table that fits (pictures and definitions, then without
    pictures, then with the definitions moved to the back), and the first scoring text that fits after it."""
    front, definitions = None, True
    for pictures, definitions in ((True, True), (False, True), (True, False), (False, False)):
        front = _reference_table(w, h, lang, pictures, definitions)
        if front is not None:
            break
    if front is None:
        front = _reference_table(w, h, lang, False, False, squeeze=True)
    moved = () if definitions else DEFINITIONS
    back = None
    for lines, extra in ((SCORING_LINES, moved), (SCORING_SHORT, moved), (SCORING_SHORT, ())):
        back = _scoring_text(w, h, lang, lines, extra)
        if back is not None:
            break
    if back is None:
        back = _scoring_text(w, h, lang, SCORING_SHORT, (), squeeze=True)
    return front, back


def _title(w: float, g: float, text: str, base: float) -> tuple[Text, float]:
    """A side's heading, centred, and its baseline."""
    size = max(MIN_TEXT, fit_size(text, w - 10.0, 3.3 * g, "bold"))
    base = max(base * g, 3.9 + ASCENT * size)
    return Text(w / 2, base, text, size, anchor="middle", weight="bold", style=Style(fill=BACK)), base


def _reference_table(w: float, h: float, lang: str, pictures: bool, definitions: bool,
                     squeeze: bool = False) -> list | None:
    """The eight structures, one row each (rank, picture, name and points; where it may be placed, and how it
    scores, below), then what "flat surface" and "both sides" mean; None where that does not fit a w x h card
    with every word at 6 pt (`squeeze`: drawn all the same, rows as low as they go)."""
    _ = translator(lang)
    g = min(1.0, w / POKER_W, h / POKER_H)
    title, base = _title(w, g, _("CAT TREE · STRUCTURES"), 9.0)
    top, bottom = base + 2.6 * g, h - 3.5 - 2.4 * g          # the first row's top, the last line's lowest baseline
    paragraphs = [wrap_text(_(line), MIN_TEXT, w - 10.0) for line in DEFINITIONS] if definitions else []
    lines = sum(len(p) for p in paragraphs)
    defs_h = 3.2 * g + (lines - 1) * 1.25 * MIN_TEXT + 0.4 * (len(paragraphs) - 1) if paragraphs else 0.0
    # a row: the name over the placement, both 6 pt or more
    name_size, points_size = max(MIN_TEXT, 2.3 * g), max(MIN_TEXT, 2.7 * g)
    lead = max(DESCENT * name_size + ASCENT * MIN_TEXT + 0.45, 2.9 * g)
    block = ASCENT * name_size + lead + DESCENT * MIN_TEXT
    free = bottom - top - defs_h if paragraphs else bottom - top + DESCENT * MIN_TEXT
    row_h = min(6.9 * max(1.0, h / POKER_H), free / len(STRUCTURES))
    if row_h < block + 1.0:
        if not squeeze:
            return None
        row_h = block + 0.4
    spare = max(0.0, free - len(STRUCTURES) * row_h) / 3
    ranks = [rank_index(s, lang) for s in STRUCTURES]
    rank_size = {r: max(MIN_TEXT, (3.0 if len(r) == 1 else 2.6) * g) for r in ranks}
    rank_w = max(text_width(r, rank_size[r], "bold") for r in ranks)
    rows: list = []
    for k, structure in enumerate(STRUCTURES):
        row = _reference_row(structure, top + spare + k * row_h, row_h, k % 2 == 0, w, g, pictures, rank_w,
                             (name_size, points_size, rank_size[ranks[k]]), (block, lead), lang)
        if row is None and not squeeze:
            return None
        rows += row or []
    y = top + spare + len(STRUCTURES) * row_h + spare + 3.2 * g       # the first definition's baseline
    for paragraph in paragraphs:
        for line in paragraph:
            rows.append(Text(5.0, y, line, MIN_TEXT, style=Style(fill=INK)))
            y += MIN_TEXT * 1.25
        y += 0.4
    return [title] + rows


def _reference_row(structure: Structure, y: float, row_h: float, shaded: bool, w: float, g: float, pictures: bool,
                   rank_w: float, sizes: tuple[float, float, float], spacing: tuple[float, float],
                   lang: str = "en") -> list | None:
    """One structure's row, or None where its words do not fit the row at their sizes."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    name_size, points_size, rank_size = sizes
    block, lead = spacing
    rank, title = rank_index(structure, lang), _(structure.title)
    name_base = y + (row_h - block) / 2 + ASCENT * name_size
    items: list = []
    if shaded:
        items.append(Rect(3.6, y, w - 7.2, row_h, st(fill=tint(BACK, 0.92))))
    if pictures:
        rank_x = max(8.2 * g, 5.4 + rank_w / 2)
        scale = 0.17 * row_h / 6.9
        pic_x = max(10.9 * g, rank_x + rank_w / 2 + 0.4)
        name_x = pic_x + ART_W * scale + 2.2 * g
        items.append(Rect(3.6, y + 0.5, 1.2, row_h - 1.0, st(fill=colour)))
        items.append(Text(rank_x, y + row_h / 2 + ASCENT * rank_size / 2, rank, rank_size, anchor="middle",
                          weight="bold", style=Style(fill=colour)))
        items.append(Use(f"cat-tree-{structure.name}", pic_x, y + (row_h - ART_H * scale) / 2, scale=scale))
    else:
        chip = rank_w + 2.0
        name_x = 3.6 + chip + 1.6
        items.append(Rect(3.6, y + 0.5, chip, row_h - 1.0, st(fill=colour), rx=0.6))
        items.append(Text(3.6 + chip / 2, y + row_h / 2 + ASCENT * rank_size / 2, rank, rank_size, anchor="middle",
                          weight="bold", style=Style(fill="#ffffff")))
    points = str(structure.points)
    points_x = w - 3.6 - 1.5 * g
    points_start = points_x - text_width(points, points_size, "bold")
    name_end = name_x + text_width(title, name_size, "bold")
    if name_end + 1.2 > points_start:
        return None
    items.append(Text(name_x, name_base, title, name_size, weight="bold", style=Style(fill=INK)))
    items.append(Text(points_x, name_base + 0.1, points, points_size, anchor="end", weight="bold",
                      style=Style(fill=INK)))
    room = points_x - name_x
    places = [_(PLACEMENT_TEXT[structure.placement])]
    if structure.placement == "flat-or-sides":
        places.append(_("flat or both sides"))
    place = next((p for p in places if _fits(p, MIN_TEXT, room)), None)
    if place is None:
        return None
    note = _("+3 per side") if structure.per_side else _("per group") if structure.grouped else ""
    below = place + (f" · {note}" if note else "")
    if note and not _fits(below, MIN_TEXT, room):
        # too long for one line: the note stands on the name's line, before the points
        note_end = points_start - 1.5
        if name_end + 1.2 > note_end - text_width(note, MIN_TEXT):
            return None
        items.append(Text(note_end, name_base, note, MIN_TEXT, anchor="end", style=Style(fill=MUTED)))
        below = place
    items.append(Text(name_x, name_base + lead, below, MIN_TEXT, style=Style(fill=MUTED)))
    return items


def _scoring_text(w: float, h: float, lang: str, lines: tuple[tuple[str, str], ...], definitions: tuple[str, ...],
                  squeeze: bool = False) -> list | None:
    """The back: the scoring (and the definitions, where the front had no room for them), or None where it does
    not fit a w x h card at 6 pt (`squeeze`: drawn all the same)."""
    _ = translator(lang)
    g = min(1.0, w / POKER_W, h / POKER_H)
    title, base = _title(w, g, _("CAT TREE · SCORING"), 9.6)
    paragraphs = [(_(head), _(body), head == DOUBLING_LINE) for head, body in lines]
    for definition in definitions:
        head, body = _(definition).split(": ", 1)
        paragraphs.append((head, body, False))
    top, bottom = base + 5.8 * g, h - 3.5 - 2.4 * g
    left = 3.0 + 5.0 * g
    # A language whose lines run longer sets them wider and closer, so the last one keeps the safe zone.
    items: list = []
    for right, lead, gap in ((w - 8.0, 1.3, 1.2), (w - 5.0, 1.22, 0.8), (w - 4.0, 1.15, 0.5)):
        items, last = _scoring_lines(paragraphs, SCORING_SIZE, left, right - left, lead, gap, top, g)
        if last <= bottom:
            # room to spare (a large card, or the fewer words): the paragraphs stand further apart
            spare = min(1.6, (bottom - last) / len(paragraphs))
            if spare > 0.1:
                items, last = _scoring_lines(paragraphs, SCORING_SIZE, left, right - left, lead, gap + spare, top, g)
            return [title] + items
    return [title] + items if squeeze else None


def _scoring_lines(paragraphs: list[tuple[str, str, bool]], size: float, x: float, width: float, lead: float,
                   gap: float, y: float, g: float) -> tuple[list, float]:
    """The paragraphs from baseline y, each after a dot, its head in bold: the items and the last baseline."""
    items: list = []
    last = y
    for head, body, red in paragraphs:
        items.append(Circle(3.0 + 3.2 * g, y - 0.7, 0.7, st(fill=BAD if red else BACK)))
        # the head is bold: the line it starts has that much less room
        bold = text_width(head + ": ", size, "bold") - text_width(head + ": ", size)
        first = True
        for line in wrap_text(f"{head}: {body}", size, width - bold):
            if first and line.startswith(head):
                items.append(Text(x, y, head + ":", size, weight="bold", style=Style(fill=INK)))
                rest = line[len(head) + 1:].strip()
                items.append(Text(x + text_width(head + ": ", size, "bold"), y, rest, size, style=Style(fill=INK)))
            else:
                items.append(Text(x, y, line, size, style=Style(fill=INK)))
            first = False
            last = y
            y += size * lead
        y += gap
    return items, last


# -- the deck document -----------------------------------------------------------------------------------------

def deck_cards(deck: CatTreeDeck, bleed: float, duplex: str, lang: str = "en") -> tuple[list[Scene], list[Scene]]:
    """Fronts and their backs, in print order: every structure's copies, then the reference cards. Printed
    single-sided, each reference card's scoring side becomes a card of its own."""
    w, h = CARD_SIZES[deck.card]
    back = card_back(w, h, bleed)
    fronts: list[Scene] = []
    for structure in STRUCTURES:
        front = card_front(structure, w, h, bleed, lang)
        fronts += [front] * deck.copies
    backs = [back] * len(fronts)
    if deck.reference_cards:
        ref_front, ref_back = reference_front(w, h, bleed, lang), reference_back(w, h, bleed, lang)
        if duplex == "none":
            for _ in range(deck.reference_cards):
                fronts += [ref_front, ref_back]
                backs += [back, back]
        else:
            fronts += [ref_front] * deck.reference_cards
            backs += [ref_back] * deck.reference_cards
    return fronts, backs


# The card sizes as a footer names them.
CARD_SIZE_WORDS = {"poker": N_("poker"), "bridge": N_("bridge"), "mini-euro": N_("mini-euro"), "tarot": N_("tarot")}


def card_template(card: str, options: PrintOptions) -> Template:
    """The user's template, the built-in one for the card and paper, or for bridge cards (no built-in sheet) a
    grid of abutting cards like the poker sheets, as many as the paper holds (3 x 3 on A4 and Letter)."""
    paper = options.paper or "a4"
    if card != "bridge" or options.template is not None:
        return template_for(card, paper, options.template)
    pw, ph = paper_size(paper)
    w, h = CARD_SIZES[card]
    return Template(f"{paper_label(paper)} bridge", pw, ph, (MIN_PAGE_MARGIN,) * 4,
                    grid=Grid(w, h, gutter=0.0))


def print_deck(deck: CatTreeDeck, options: PrintOptions) -> Document:
    _ = translator(options.lang)
    fronts, backs = deck_cards(deck, options.bleed, options.duplex, options.lang)
    template = card_template(deck.card, options)
    w, h = CARD_SIZES[deck.card]
    footer = f"{TITLE} · " + _("{card} cards {width} × {height} mm").format(
        card=_(CARD_SIZE_WORDS[deck.card]), width=_.mm(w), height=_.mm(h)) + f" · washigen {__version__}"
    return impose_grid(fronts, template, options, backs=backs, title=f"{TITLE}: deck", footer=footer)


# -- a scored tree -------------------------------------------------------------------------------------------------

CELL_W, CELL_H, GAP = 17.0, 23.8, 2.0
# Around the grid: row numbers (left), the title, points and cards (top), the floor, the column numbers and the
# fine print (bottom). Their words keep their size whatever the grid's zoom.
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 10.0, 6.0, 24.0, 14.0
MIN_TREE_WIDTH = 70.0


def _tree_box(design: CatTreeLayout, zoom: float = 1.0) -> tuple[float, float, float, float]:
    grid_w = (design.width * (CELL_W + GAP) - GAP) * zoom
    width = max(MARGIN_L + grid_w + MARGIN_R, MIN_TREE_WIDTH)
    margin_l = (width - grid_w - MARGIN_R + MARGIN_L) / 2
    return width, MARGIN_T + (design.height * (CELL_H + GAP) - GAP) * zoom + MARGIN_B, margin_l, MARGIN_T


def tree_frame(design: CatTreeLayout) -> tuple[float, float, float, float]:
    """(width, height, x, y) of a tree's drawing: its size and the top-left corner of the top row's first cell.
    Cell (row, col) lies at x + (col - 1) * (CELL_W + GAP), y + (height - row) * (CELL_H + GAP)."""
    return _tree_box(design)


def tree_scene(design: CatTreeLayout, score, title: str = "", lang: str = "en", zoom: float = 1.0) -> Scene:
    """The layout drawn to scale: each card small in its cell with its points beside it, the floor, the rows and
    columns numbered, the altitude line at height 5, the total. `zoom` < 1 draws the cards smaller (a large tree
    on a sheet of paper); every word stays 6 pt or more, and a card's words that no longer fit it are left out."""
    _ = translator(lang)
    width, height, margin_l, margin_t = _tree_box(design, zoom)
    pitch_x, pitch_y = (CELL_W + GAP) * zoom, (CELL_H + GAP) * zoom
    scene = Scene(width, height, meta={"game": GAME, "kind": "layout", "seed": str(design.seed),
                                       "version": __version__, "title": title or f"{TITLE}: a scored tree"})
    names = sorted({c.card for c in design.cards})
    for name in names:
        scene.define(art_symbol(name))
    scene.add(Rect(0, 0, width, height, st(fill="#ffffff")))

    def cell_xy(row: int, col: int) -> tuple[float, float]:
        return margin_l + (col - 1) * pitch_x, margin_t + (design.height - row) * pitch_y

    floor_y = margin_t + design.height * pitch_y - GAP * zoom
    scene.add(*floor_band(margin_l - 3, floor_y + 0.6, design.width * pitch_x - GAP * zoom + 6, 3.2))
    floor = _("floor")
    half = text_width(floor, MIN_TEXT) / 2
    floor_x = max(margin_l - 3.2, 3.4 + half)
    scene.add(Text(floor_x, floor_y + 7.8, floor, MIN_TEXT, anchor="middle", style=Style(fill=WOOD_DARK)))
    for row in range(1, design.height + 1):
        y = cell_xy(row, 1)[1]
        scene.add(Text(margin_l - 3.2, y + CELL_H * zoom / 2 + 1.0, str(row), 2.8, anchor="middle", weight="bold",
                       style=Style(fill=BAD if row >= ALTITUDE else MUTED)))
    # every column numbered, or every second (fifth, ...) where the numbers would touch; none on the floor's word
    step = next(n for n in (1, 2, 5, 10, 20, 64) if n * pitch_x >= text_width(str(design.width), 2.8) + 0.8)
    for col in range(1, design.width + 1):
        x = cell_xy(1, col)[0] + CELL_W * zoom / 2
        numbered = (col - 1) % step == 0 if step <= 2 else col == 1 or col % step == 0
        if numbered and x - text_width(str(col), 2.8) / 2 >= floor_x + half + 0.8:
            scene.add(Text(x, floor_y + 7.8, str(col), 2.8, anchor="middle", style=Style(fill=MUTED)))
    if design.height >= ALTITUDE:
        y = cell_xy(ALTITUDE, 1)[1] + (CELL_H + GAP / 2) * zoom
        scene.add(Line(margin_l - 5, y, width - 2, y, Style(stroke=BAD, stroke_width=0.45, dash=(1.6, 1.0))))
        scene.add(Text(width - 3.2, y - 1.0, _("height {height}+: ×2").format(height=ALTITUDE), 2.4, anchor="end",
                       weight="bold", style=Style(fill=BAD)))
    grid = design.grid()
    by_cell = score.by_cell()
    detached = {cell for part in score.parts if part.detached for cell in part.cells}
    grouped = {cell for group in score.groups if group.points for cell in group.cells[1:]}
    for row in range(1, design.height + 1):
        for col in range(1, design.width + 1):
            x, y = cell_xy(row, col)
            name = grid.get((row, col))
            if name is None:
                scene.add(Rect(x, y, CELL_W * zoom, CELL_H * zoom,
                               Style(stroke="#cfc8bd", stroke_width=0.25, dash=(0.8, 0.8)), rx=1.2 * zoom))
                continue
            cell = (row, col)
            state = ("illegal" if cell in score.illegal else "detached" if cell in detached else
                     "grouped" if cell in grouped else "ok")
            scene.add(Group(_cell_card(BY_NAME[name], by_cell[(row, col)].points, state, lang, MIN_TEXT / zoom),
                            dx=x, dy=y, sx=zoom, sy=zoom))
    _tree_header(scene, design, score, title, len(detached), lang)
    return scene


def _tree_header(scene: Scene, design: CatTreeLayout, score, title: str, detached: int, lang: str) -> None:
    """The title (on two lines where one would print it below 6 pt), the points, what the tree holds, and the
    fine print at the foot."""
    _ = translator(lang)
    width, height = scene.width, scene.height
    heading = title or TITLE
    size = fit_size(heading, width - 8.0, 3.6, "bold")
    if size >= MIN_TEXT:
        scene.add(Text(4.0, 8.0, heading, size, weight="bold", style=Style(fill=INK)))
    else:
        lines = balanced_lines(heading, "bold")
        size = max(MIN_TEXT, min(fit_size(line, width - 8.0, 2.6, "bold") for line in lines))
        for k, line in enumerate(lines):
            scene.add(Text(4.0, 5.8 + k * 1.15 * size, line, size, weight="bold", style=Style(fill=INK)))
    scene.add(Text(4.0, 14.6, _("{points} points").format(points=score.total), 4.6, weight="bold",
                   style=Style(fill=INK)))
    broken = len(score.illegal)
    parts = [_.ngettext("{cards} card", "{cards} cards", len(design.cards)).format(cards=len(design.cards))]
    if broken:
        parts.append(translator(lang).ngettext("{count} breaks a rule", "{count} break a rule", broken).format(
            count=broken))
    if detached:
        parts.append(_("{count} detached").format(count=detached))
    status = " · ".join(parts)
    if fit_size(status, width - 8.0, 2.4) < MIN_TEXT and len(parts) > 1:
        status = " · ".join(parts[1:])                 # a narrow tree: what is wrong before how many cards
    scene.add(Text(4.0, 19.6, status, max(MIN_TEXT, fit_size(status, width - 8.0, 2.4)),
                   style=Style(fill=BAD if broken else MUTED)))
    stamp = f"washigen {__version__}" + ("" if design.seed is None else " · " + _("seed {seed}").format(
        seed=design.seed))
    scene.add(Text(width - 3.2, height - 3.6, stamp, MIN_FINE_PRINT + 0.04, anchor="end", style=Style(fill=MUTED)))


def _cell_card(structure: Structure, points: int, state: str, lang: str = "en", least: float = MIN_TEXT) -> list:
    """A card in its cell (CELL_W x CELL_H), its points in a badge at the corner. `least` is the smallest size a
    word may have here (6 pt, in the cell's millimetres): a word that cannot have it is left out."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    title = _(structure.title)
    items: list = [Rect(0, 0, CELL_W, CELL_H, st(fill=colour), rx=1.2),
                   Rect(0.9, 0.9, CELL_W - 1.8, CELL_H - 1.8, st(fill=CREAM), rx=0.8),
                   Rect(1.6, 5.0, CELL_W - 3.2, 11.4, st(fill=tint(colour, 0.86)))]
    scale = (CELL_W - 3.2) / ART_W
    items.append(Use(f"cat-tree-{structure.name}", 1.6, 5.0 + (11.4 - ART_H * scale) / 2, scale=scale))
    rank_size = max(2.4, least)
    if rank_size <= 4.4:
        items.append(Text(2.0, max(4.0, 1.2 + ASCENT * rank_size), rank_index(structure, lang), rank_size,
                          weight="bold", style=Style(fill=colour)))
    title_size, weight = 0.0, "bold"
    for weight in ("bold", "normal"):
        title_size = fit_size(title, CELL_W - 2.0, max(2.2, least), weight)
        if title_size >= least:
            break
    shown = title_size >= least and ASCENT * title_size <= 3.0
    if shown:
        items.append(Text(CELL_W / 2, 19.6, title, title_size, anchor="middle", weight=weight, style=Style(fill=INK)))
    number = 3.0 if points < 10 else 2.6
    badge_size = max(number, least)
    radius = 3.1 * badge_size / number
    badge_at = (CELL_W - 1.2, 1.2) if radius <= 4.2 else (CELL_W / 2, 10.7) if radius <= 5.6 else None
    badge = {"ok": (INK, "#ffffff"), "grouped": (MUTED, "#ffffff"), "illegal": (BAD, "#ffffff"),
             "detached": (MUTED, "#ffffff")}[state]
    if badge_at is not None:
        bx, by = badge_at
        items += [Circle(bx, by, radius, st(fill=badge[0], stroke="#ffffff", width=0.4)),
                  Text(bx, by + 1.05 * badge_size / number, str(points), badge_size, anchor="middle", weight="bold",
                       style=Style(fill=badge[1]))]
    # the state under the name, where both have room at their size
    note = {"grouped": _("in a group"), "illegal": _("breaks a rule"), "detached": _("detached")}.get(state, "")
    note_weight = "bold" if state == "detached" else "normal"
    if note and not (_fits(note, least, CELL_W - 2.0, note_weight) and (not shown or least <= 2.5)):
        note = ""
    note_style = Style(fill={"grouped": MUTED, "illegal": BAD}.get(state, INK))
    if state == "illegal":
        items.append(Rect(-0.4, -0.4, CELL_W + 0.8, CELL_H + 0.8, Style(stroke=BAD, stroke_width=0.6,
                                                                         dash=(1.2, 0.7)), rx=1.4))
    if state == "detached":
        items = [Group(items, opacity=0.45)]
    if note:
        items.append(Text(CELL_W / 2, CELL_H - 1.5, note, least, anchor="middle", weight=note_weight,
                          style=note_style))
    return items


def print_layout(design: CatTreeLayout, score, options: PrintOptions, title: str = "") -> Document:
    """The tree at its own size, or centred on a sheet of options.paper: its cards drawn smaller where the tree
    would not fit it, its words never below 6 pt."""
    if not options.paper:
        return Document.single(tree_scene(design, score, title, options.lang))
    zoom, orientation = paper_zoom(design, options.paper)
    return Document.single(on_paper(tree_scene(design, score, title, options.lang, zoom), options.paper,
                                    orientation=orientation))


def paper_zoom(design: CatTreeLayout, paper: str, margin: float = 12.0) -> tuple[float, str]:
    """The zoom (1 at most) at which the tree fits a sheet of `paper`, and the orientation that gives the
    larger (portrait or landscape as the tree is, when both hold it at its own size)."""
    grid_w = design.width * (CELL_W + GAP) - GAP
    grid_h = design.height * (CELL_H + GAP) - GAP
    width, height, _x, _y = _tree_box(design)
    natural = "landscape" if width > height else "portrait"
    best = (0.0, natural)
    for orientation in (natural, "portrait" if natural == "landscape" else "landscape"):
        pw, ph = paper_size(paper, orientation)
        zoom = min(1.0, (pw - 2 * margin - MARGIN_L - MARGIN_R) / grid_w,
                   (ph - 2 * margin - MARGIN_T - MARGIN_B) / grid_h)
        if zoom > best[0] + 1e-9:
            best = (zoom, orientation)
    return best


def on_paper(scene: Scene, paper: str, margin: float = 12.0, orientation: str | None = None) -> Scene:
    orientation = orientation or ("landscape" if scene.width > scene.height else "portrait")
    pw, ph = paper_size(paper, orientation)
    scale = min(1.0, (pw - 2 * margin) / scene.width, (ph - 2 * margin) / scene.height)
    page = Scene(pw, ph, meta=dict(scene.meta))
    for symbol in scene.symbols.values():
        page.define(symbol)
    page.add(Group(list(scene.children), dx=(pw - scene.width * scale) / 2, dy=(ph - scene.height * scale) / 2,
                   sx=scale, sy=scale))
    return page


# -- the score sheet -----------------------------------------------------------------------------------------------

SHEET_COLS, SHEET_ROWS = 10, 10


def score_sheet(paper: str = "a4", lang: str = "en") -> Scene:
    """Two trees to record (one game each, for the two players), each a 10 x 10 grid with the floor, the altitude
    line at height 5 and a points column; the structures and their points at the foot."""
    _ = translator(lang)
    pw, ph = paper_size(paper)
    page = Scene(pw, ph, meta={"game": GAME, "kind": "sheet", "version": __version__,
                               "title": f"{TITLE}: " + _("score sheet")})
    margin = 11.0
    how = _("Write each card's rank in its cell (row 1 is the floor), each row's points on the right, the sum in "
            "the total box.")
    page.add(Text(margin, margin + 4.5, TITLE, 5.2, weight="bold", style=Style(fill=INK)),
             Text(pw - margin, margin + 4.5, _("score sheet"), 3.4, anchor="end", weight="bold",
                  style=Style(fill=MUTED)),
             Text(margin, margin + 9.6, how, fit_size(how, pw - 2 * margin, 2.4), style=Style(fill=MUTED)))
    legend_h = 17.0
    top = margin + 13.0
    block_h = (ph - top - margin - legend_h) / 2
    for k in range(2):
        _sheet_block(page, margin, top + k * block_h, pw - 2 * margin, block_h - 3.0, k + 1, lang)
    _sheet_legend(page, margin, ph - margin - legend_h + 2.0, pw - 2 * margin, lang)
    page.add(Text(pw / 2, ph - 4.5, f"washigen {__version__} · {paper_label(paper)}", 2.0, anchor="middle",
                  style=Style(fill=MUTED)))
    return page


def paper_label(paper: str) -> str:
    return {"a4": "A4", "letter": "Letter"}.get(paper.lower(), paper)


def _sheet_block(page: Scene, x: float, y: float, w: float, h: float, number: int, lang: str = "en") -> None:
    _ = translator(lang)
    field = Style(stroke=MUTED, stroke_width=0.25)
    page.add(Text(x, y + 4.2, _("Tree {number}").format(number=number), 3.6, weight="bold", style=Style(fill=INK)))
    label_x = x + 20
    players = _("Players")
    page.add(Text(label_x, y + 4.2, players, fit_size(players, 10.0, 2.5), style=Style(fill=MUTED)),
             Line(label_x + 11, y + 4.6, label_x + 56, y + 4.6, field),
             Text(label_x + 58, y + 4.2, "&", 2.5, style=Style(fill=MUTED)),
             Line(label_x + 62, y + 4.6, label_x + 107, y + 4.6, field),
             Text(x + w - 36, y + 4.2, _("Date"), fit_size(_("Date"), 7.5, 2.5), style=Style(fill=MUTED)),
             Line(x + w - 28, y + 4.6, x + w, y + 4.6, field))
    points_w, number_w = 17.0, 8.5
    grid_top = y + 9.0
    floor_h, numbers_h = 3.4, 5.0
    cell_h = (h - 9.0 - floor_h - numbers_h) / SHEET_ROWS
    cell_w = min(cell_h * 1.45, (w - number_w - points_w - 4.0) / SHEET_COLS)
    gx = x + number_w
    grid_w = cell_w * SHEET_COLS
    line = Style(stroke="#9c958b", stroke_width=0.25)
    for row in range(SHEET_ROWS + 1):
        yy = grid_top + row * cell_h
        page.add(Line(gx, yy, gx + grid_w, yy, line))
    for col in range(SHEET_COLS + 1):
        xx = gx + col * cell_w
        page.add(Line(xx, grid_top, xx, grid_top + SHEET_ROWS * cell_h, line))
    px = gx + grid_w + 4.0
    page.add(Text(px + points_w / 2, grid_top - 1.2, _("points"), 2.2, anchor="middle", weight="bold",
                  style=Style(fill=MUTED)))
    for row in range(SHEET_ROWS):
        yy = grid_top + row * cell_h
        height = SHEET_ROWS - row
        page.add(Rect(px, yy, points_w, cell_h, Style(stroke="#9c958b", stroke_width=0.25,
                                                      fill=tint(BAD, 0.93) if height >= ALTITUDE else None)))
        page.add(Text(gx - 2.0, yy + cell_h / 2 + 1.0, str(height), 2.6, anchor="end", weight="bold",
                      style=Style(fill=BAD if height >= ALTITUDE else MUTED)))
    page.add(Rect(gx, grid_top, grid_w, (SHEET_ROWS - ALTITUDE + 1) * cell_h, Style(fill=BAD, opacity=0.05)))
    alt_y = grid_top + (SHEET_ROWS - ALTITUDE + 1) * cell_h
    page.add(Line(gx - 6.0, alt_y, px + points_w, alt_y, Style(stroke=BAD, stroke_width=0.6, dash=(2.0, 1.0))))
    mid_y = grid_top + (SHEET_ROWS - ALTITUDE + 1) * cell_h / 2
    page.add(Text(x + 1.6, mid_y, _("height {height}+: ×2").format(height=ALTITUDE), 2.3, anchor="middle",
                  weight="bold",
                  style=Style(fill=BAD), rotate=-90))
    floor_y = grid_top + SHEET_ROWS * cell_h
    page.add(*floor_band(gx, floor_y, grid_w, floor_h))
    page.add(Text(gx + grid_w - 1.0, floor_y + floor_h - 0.8, _("FLOOR"), 2.2, anchor="end", weight="bold",
                  style=Style(fill=WOOD_DARK)))
    for col in range(SHEET_COLS):
        page.add(Text(gx + (col + 0.5) * cell_w, floor_y + floor_h + 3.6, str(col + 1), 2.4, anchor="middle",
                      style=Style(fill=MUTED)))
    total_y = floor_y
    page.add(Rect(px, total_y, points_w, floor_h + numbers_h + 2.0, Style(stroke=INK, stroke_width=0.5)),
             Text(px + 1.0, total_y + 2.6, _("total"), MIN_TEXT, weight="bold", style=Style(fill=MUTED)))


def _sheet_legend(page: Scene, x: float, y: float, w: float, lang: str = "en") -> None:
    _ = translator(lang)
    col_w = w / 4
    for k, structure in enumerate(STRUCTURES):
        cx = x + (k % 4) * col_w
        cy = y + (k // 4) * 6.0
        colour = COLOURS[structure.name]
        points = f"{structure.points}" + (" " + _("+ 3 per side") if structure.per_side else
                                          " " + _("per group") if structure.grouped else "")
        title = _(structure.title)
        page.add(Rect(cx, cy, 6.0, 4.6, st(fill=colour), rx=0.8),
                 Text(cx + 3.0, cy + 3.6, rank_index(structure, lang), 2.8, anchor="middle", weight="bold",
                      style=Style(fill="#ffffff")),
                 Text(cx + 7.4, cy + 3.5, title, 2.6, weight="bold", style=Style(fill=INK)),
                 Text(cx + 7.6 + text_width(title, 2.6, "bold") + 1.2, cy + 3.5, points, 2.3,
                      style=Style(fill=MUTED)))


# -- diagrams for the rule sheet -----------------------------------------------------------------------------------

def reference_pair(w: float = POKER_W, h: float = POKER_H, lang: str = "en") -> Scene:
    """Both sides of the reference card, side by side."""
    gap = 6.0
    front, back = reference_front(w, h, 0.0, lang), reference_back(w, h, 0.0, lang)
    scene = Scene(2 * w + gap, h, meta={"game": GAME, "kind": "reference", "version": __version__,
                                        "title": "reference card"})
    for symbol in front.symbols.values():
        scene.define(symbol)
    scene.add(Group(front.children, clip=(0, 0, w, h)), Group(back.children, dx=w + gap, clip=(0, 0, w, h)))
    return scene


def sheet_document(paper: str, lang: str = "en") -> Document:
    return Document.single(score_sheet(paper, lang), title=f"{TITLE}: score sheet")


def kit_parts(paper: str, deck: CatTreeDeck, options: PrintOptions) -> list[KitPart]:
    """The deck (the reference cards fill its last sheet) and the score sheet; the instructions say how this very
    sheet is cut (crop marks or cut lines) and which cards it holds."""
    _ = translator(options.lang)
    name = paper_label(paper)
    cards = print_deck(deck, options)
    count = len(STRUCTURES) * deck.copies
    how = cut_words(card_template(deck.card, options), options)
    if deck.reference_cards:
        cut = _("Print both sides and cut {how}: {count} structure cards with their backs, and {reference} reference "
                "cards (structures on the front, scoring on the back), one per player.").format(
                    how=how, count=count, reference=deck.reference_cards)
    else:
        cut = _("Print both sides and cut {how}: {count} structure cards with their backs.").format(how=how,
                                                                                                  count=count)
    return [
        KitPart(_("Cards"), cards, _("{paper} card stock, both sides ({duplex})").format(
                    paper=name, duplex=_(DUPLEX_WORDS[options.duplex])), cut),
        KitPart(_("Score sheet"), sheet_document(paper, options.lang),
                _("{paper} plain paper, one side").format(paper=name),
                _("Write each card's rank in its cell, the points of each row on the right, the total at the "
                  "foot.")),
    ]


DUPLEX_WORDS = {"long": N_("flip on the long edge"), "short": N_("flip on the short edge"), "none": N_("one side")}
