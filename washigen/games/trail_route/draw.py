"""Drawing The Cats' Trail Route: tiles, hand cards, cat pawns, the board mat, the score pad and setup sheets.

All tile art is drawn in a 40 x 40 box and scaled to the tile size; card art in the card's own millimetres. Every
part paints its background into the bleed. Colours are this game's theme keys (THEME) or the shared cat colours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from ... import __version__
from ...fonts import ASCENT, DESCENT, MIN_TEXT, balanced_lines, fit_size, text_width, wrap_text
from ...i18n import N_, translator
from ...press import Document, PrintOptions
from ...press.impose import impose_grid
from ...press.oversize import tile_pages
from ...press.templates import Grid, Template, builtin_templates, template_for
from ...scene import Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Symbol, Text, Use
from ...units import CARD_SIZES, MIN_PAGE_MARGIN, SAFE_ZONE, format_mm, paper_size
from .model import (CARDS, COLOURS, COLS, DEST_COLS, GAME, ROAD_CODES, TITLE, Mix,
                    TrailRouteSetup, arrow_of, dest_pair, tile_name)

ART = 40.0          # tile art is drawn in a box of this size
THEME = {
    "tr-ground": "#f3e6c8", "tr-ground-dark": "#e3d0a6", "tr-pebble": "#cdb78a", "tr-pebble-dark": "#a88f61",
    "tr-grass": "#8fbf6a", "tr-grass-dark": "#5d8f43",
    "tr-brick": "#b4553a", "tr-brick-light": "#c86b4c", "tr-brick-dark": "#96432c", "tr-mortar": "#ead9bd",
    "tr-stone": "#a9a39a", "tr-stone-light": "#c4bfb6", "tr-stone-dark": "#6f6961", "tr-tunnel": "#2a2420",
    "tr-mouse": "#9a9792", "tr-mouse-dark": "#5e5b57", "tr-pink": "#f2a3b3",
    "tr-dest": "#f6e1e7", "tr-dest-dark": "#e7bccb", "tr-basket": "#c98f4e", "tr-basket-dark": "#94642f",
    "tr-exchange": "#dfeaf3", "tr-exchange-dark": "#9fbad0", "tr-fish": "#5aa0c8", "tr-yarn": "#9b6cc4",
    "tr-badge": "#ffd34d", "tr-night": "#2e2a4f", "tr-night-light": "#454074", "tr-cream": "#fffaf0",
    "tr-mat": "#e7efd9", "tr-mat-dark": "#b9cca0", "tr-slot": "#fbf6ea", "tr-dest-slot": "#fbeef2",
    "tr-hidden-passage": "#6b4fa0", "tr-deep-fog": "#5b7d8c", "tr-living-path": "#3f8a55",
    "tr-curiosity": "#d7831b", "tr-someone-calling": "#c0504d", "tr-mirror": "#3a6fb0",
}
CARD_TEXT = {                 # translated where printed
    "hidden-passage": N_("Pick up to 3 road tiles anywhere, none with a cat on it, and put them back in any order "
                      "in the same spots."),
    "deep-fog": N_("Pick up to 4 road tiles forming one connected group (top and bottom rows touch), none with a "
                "cat on it, and put them back in any order."),
    "living-path": N_("Slide one column of road tiles up or down by any number of steps; tiles wrap round. Cats "
                   "stay where they are and no tile acts."),
    "curiosity": N_("Move any one cat one tile in any of the 8 directions, diagonals too, even onto a destination. "
                 "Resolve the tile it lands on."),
    "someone-calling": N_("Pull any one cat back 2 tiles (to the right) and resolve its tile. Only a wall or cat 2 "
                       "tiles back stops it after 1 tile."),
    "mirror": N_("Swap one of your cats with another cat in the same column or further back (starting positions "
              "count). Resolve your cat's tile, then the other's."),
}
INK = Style(fill="ink")


# -- small shapes --------------------------------------------------------------------------------------------------

def ellipse(cx: float, cy: float, rx: float, ry: float, style: Style) -> Path:
    k = 0.5523
    return Path((("M", cx - rx, cy), ("C", cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry),
                 ("C", cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy),
                 ("C", cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry),
                 ("C", cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy), ("Z",)), style)


def moved(items: list, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0, rotate: float = 0.0) -> Group:
    return Group(children=list(items), dx=dx, dy=dy, sx=scale, sy=scale, rotate=rotate)


def about_centre(items: list, cx: float, cy: float, rotate: float) -> Group:
    """Items rotated (degrees clockwise) about (cx, cy)."""
    return Group(children=[Group(children=list(items), dx=-cx, dy=-cy)], dx=cx, dy=cy, rotate=rotate)




def cat_shape(colour: str, outline: str = "ink") -> list:
    """A sitting cat facing the viewer, in a 24 x 28 box: an outline pass, then the fills, then the face."""
    parts = [
        ("tail", Path((("M", 16.5, 25.5), ("C", 23.5, 25.5, 24.0, 18.0, 20.5, 14.5)), Style())),
        ("body", Path((("M", 4.6, 27.6), ("C", 3.4, 20.5, 6.0, 14.5, 9.6, 12.6), ("L", 14.4, 12.6),
                       ("C", 18.0, 14.5, 20.6, 20.5, 19.4, 27.6), ("Z",)), Style())),
        ("ear", Polygon(((5.0, 8.0), (5.4, 1.0), (10.0, 4.6)), Style())),
        ("ear", Polygon(((14.0, 4.6), (18.6, 1.0), (19.0, 8.0)), Style())),
        ("head", Circle(12.0, 9.2, 6.2, Style())),
    ]
    under, over = [], []
    for kind, shape in parts:
        if kind == "tail":
            under.append(Path(shape.commands, Style(stroke=outline, stroke_width=4.4, line_cap="round")))
            over.append(Path(shape.commands, Style(stroke=colour, stroke_width=2.6, line_cap="round")))
        else:
            under.append(_restyle(shape, Style(fill=outline, stroke=outline, stroke_width=1.6, line_join="round")))
            over.append(_restyle(shape, Style(fill=colour)))
    face = [Circle(9.6, 8.8, 1.25, Style(fill="#ffffff")), Circle(14.4, 8.8, 1.25, Style(fill="#ffffff")),
            Circle(9.8, 9.0, 0.62, INK), Circle(14.6, 9.0, 0.62, INK),
            Polygon(((11.2, 11.0), (12.8, 11.0), (12.0, 12.0)), Style(fill="tr-pink")),
            Polygon(((6.4, 6.8), (6.6, 3.2), (8.6, 5.0)), Style(fill="tr-pink", opacity=0.8)),
            Polygon(((15.4, 5.0), (17.4, 3.2), (17.6, 6.8)), Style(fill="tr-pink", opacity=0.8))]
    return under + over + face


def _restyle(shape, style: Style):
    return replace(shape, style=style)


def paw(cx: float, cy: float, r: float, style: Style) -> list:
    """A paw print: one big pad and four toes, `r` the pad's half width."""
    items = [ellipse(cx, cy + r * 0.25, r, r * 0.8, style)]
    for dx, dy, s in ((-1.05, -0.85, 0.38), (-0.38, -1.35, 0.4), (0.38, -1.35, 0.4), (1.05, -0.85, 0.38)):
        items.append(ellipse(cx + dx * r, cy + dy * r, s * r, s * r * 1.2, style))
    return items


def paw_detail(cx: float, cy: float, r: float, style: Style) -> Detail:
    """A paw print on a background, as a Detail that gives way to the words."""
    return Detail((cx - 1.43 * r, cy - 2.0 * r, cx + 1.43 * r, cy + 1.05 * r), tuple(paw(cx, cy, r, style)))


def badge(cx: float, cy: float, r: float, label: str, fill: str = "tr-badge") -> list:
    return [Circle(cx, cy, r, Style(fill=fill, stroke="ink", stroke_width=r * 0.13)),
            Text(cx, cy + r * 0.42, label, r * 1.2, anchor="middle", weight="bold")]


def colour_initial(colour: str, lang: str = "en") -> str:
    """The colour's initial on a chip, for players who tell colours apart by name (German: Gr grün, Ge gelb)."""
    _ = translator(lang)
    return {"red": _.pgettext("colour initial", "R"), "blue": _.pgettext("colour initial", "B"),
            "green": _.pgettext("colour initial", "G"), "yellow": _.pgettext("colour initial", "Y")}[colour]


def colour_chip(cx: float, cy: float, r: float, colour: str, lang: str = "en") -> list:
    initial = colour_initial(colour, lang)
    return [Circle(cx, cy, r, Style(fill=f"cat-{colour}", stroke="#ffffff", stroke_width=r * 0.22)),
            Text(cx, cy + r * 0.42, initial, fit_size(initial, 1.5 * r, r * 1.15, "bold"), anchor="middle",
                 weight="bold", style=Style(fill="#ffffff"))]


# -- tile art (40 x 40 box) ----------------------------------------------------------------------------------------

PEBBLES = ((6.5, 7.0, 1.1), (33.0, 5.5, 0.8), (20.5, 4.0, 0.6), (35.0, 21.0, 0.9), (4.0, 19.0, 0.7))
LOW_PEBBLES = ((30.5, 33.0, 1.3), (8.0, 31.5, 0.7), (24.0, 36.0, 0.8))      # where the words may go


@dataclass(frozen=True)
class Detail:
    """A small thing on a face's background near its bottom edge (a pebble, a tuft of grass, a paw print): drawn
    where the face's words leave it room, left out where it would lie under them."""
    box: tuple[float, float, float, float]     # x0, y0, x1, y1 in art units, strokes included
    items: tuple


def pebble(x: float, y: float, r: float) -> Path:
    return ellipse(x, y, r * 1.3, r, Style(fill="tr-pebble", stroke="tr-pebble-dark", stroke_width=0.2))


def pebble_detail(x: float, y: float, r: float) -> Detail:
    return Detail((x - r * 1.3 - 0.1, y - r - 0.1, x + r * 1.3 + 0.1, y + r + 0.1), (pebble(x, y, r),))


def grass_tuft(x0: float, flip: int) -> Detail:
    """Three blades of grass growing from (x0, 37.6), leaning right (flip 1) or left (-1)."""
    blades, points = [], []
    for dx, lean, h in ((0, -0.6, 1.5), (1.0, 0.2, 3.0), (2.0, 0.9, 1.0)):
        curve = ((x0 + flip * dx, 37.6), (x0 + flip * dx, 35.0), (x0 + flip * (dx + lean), 33.5),
                 (x0 + flip * (dx + lean * 1.6), 32.0 - h))
        blades.append(Path((("M", *curve[0]), ("C", *curve[1], *curve[2], *curve[3])),
                           Style(stroke="tr-grass-dark", stroke_width=0.7, line_cap="round")))
        points += curve                        # a Bezier curve lies inside its control points
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return Detail((min(xs) - 0.35, min(ys) - 0.35, max(xs) + 0.35, max(ys) + 0.35), tuple(blades))


GROUND_DETAILS = (*(pebble_detail(*p) for p in LOW_PEBBLES), grass_tuft(3.2, 1), grass_tuft(36.5, -1))


@lru_cache(maxsize=None)
def ground_symbol() -> Symbol:
    """Sandy ground with pebbles: the floor of every road tile (the pebbles and grass at its foot are
    GROUND_DETAILS, which step aside for the words)."""
    symbol = Symbol("tr-ground", ART, ART)
    symbol.add(Rect(-4, -4, ART + 8, ART + 8, Style(fill="tr-ground")))
    symbol.add(*(pebble(x, y, r) for x, y, r in PEBBLES))
    return symbol


@dataclass(frozen=True)
class Face:
    """A tile face in the 40-unit art box: a background painted over the whole tile and into the bleed, pictures
    that lie in PICTURE_BOX, and the words printed under them in real millimetres (see `word_lines`)."""
    fill: str                        # the background's colour, for a bleed wider than the art's own
    background: tuple
    pictures: tuple
    words: str = ""
    word_colour: str = "ink"
    plate: str | None = None         # a panel behind the words where the background would swallow them
    details: tuple[Detail, ...] = ()  # background things that give way to the words


GROUND = (Use("tr-ground"),)
PICTURE_BOX = (3.0, 3.0, 34.0, 30.5)     # x, y, w, h in art units: every face's pictures lie in it
WORD_SIZE = 2.5                          # mm on a 40 mm tile (7.1 pt), growing with the tile
WORD_GAP = 0.8                           # mm between the pictures and the words
LINE_SPACING = 1.15


def ground_face(pictures, words: str) -> Face:
    """A face on the sandy ground of a road tile."""
    return Face("tr-ground", GROUND, tuple(pictures), words, details=GROUND_DETAILS)


def two_lines(text: str) -> list[str]:
    """`text` in two lines: at its ' · ' if it has one, else at the space that makes the longer line shortest."""
    if " · " in text:
        first, rest = text.split(" · ", 1)
        return [first, rest]
    return balanced_lines(text, "bold")


def word_lines(words: str, size: float) -> tuple[float, list[str]] | None:
    """The words of a face `size` mm wide, in capitals: the size (from WORD_SIZE scaled with the tile down to 6 pt)
    and lines at which they stand inside the 3 mm safe zone, on one line if they can, else on two; None when even
    two lines would print under 6 pt."""
    room = size - 2 * SAFE_ZONE - 0.2
    wanted = max(MIN_TEXT, WORD_SIZE * size / ART)
    text = words.upper()
    for lines in ([text], two_lines(text)):
        longest = max(text_width(line, wanted, "bold") for line in lines)
        font = min(wanted, wanted * room / longest)
        if font >= MIN_TEXT - 1e-9:
            return font, lines
    return None


def words_fit(faces, size: float) -> bool:
    """Whether every face of a set can print its words at `size`: a set prints words on all its tiles or on none."""
    return all(word_lines(face.words, size) for face in faces if face.words)


def legible(items: list, scale: float, minimum: float) -> list:
    """`items` without the text that would print under `minimum` mm at `scale` (the groups' own scales applied):
    a reduced drawing keeps its pictures and leaves out words too small to read."""
    kept = []
    for item in items:
        if isinstance(item, Text):
            if item.size * scale >= minimum - 1e-9:
                kept.append(item)
        elif isinstance(item, Group):
            factor = scale * min(abs(item.sx), abs(item.sy))
            kept.append(replace(item, children=legible(item.children, factor, minimum)))
        else:
            kept.append(item)
    return kept


def face_items(face: Face, size: float, margin: float | None = None, words: bool = True,
               min_text: float = MIN_TEXT) -> list:
    """A face drawn `size` mm square at the origin: the background scaled to the tile, the words (when asked and
    they reach 6 pt) in a band `margin` mm above the bottom edge, the pictures scaled into the room left inside the
    margin. A cut tile has a 3 mm margin; a reduced drawing of one keeps the art's own proportions (3 units)."""
    k = size / ART
    margin = 3.0 * k if margin is None else margin
    lines = word_lines(face.words, size) if words and face.words else None
    band = lines[0] * (ASCENT + DESCENT + LINE_SPACING * (len(lines[1]) - 1)) + WORD_GAP if lines else 0.0
    bx, by, bw, bh = PICTURE_BOX
    room_w, room_h = size - 2 * margin, size - 2 * margin - band
    f = min(room_w / bw, room_h / bh)
    dx = margin + (room_w - bw * f) / 2 - bx * f
    dy = margin + (room_h - bh * f) / 2 - by * f
    room = word_box(face, lines, size, margin) if lines else None
    details = [item for detail in face.details if room is None or not meets(detail.box, k, room)
               for item in detail.items]
    items = [Group(children=[*face.background, *details], sx=k, sy=k),
             Group(children=legible(list(face.pictures), f, min_text), dx=dx, dy=dy, sx=f, sy=f)]
    if lines:
        items += word_band(face, lines, size, margin)
    return items


WORD_CLEARANCE = 0.6         # mm kept between the words (or their plate) and a background detail


def word_box(face: Face, lines: tuple[float, list[str]], size: float, margin: float) -> tuple[float, ...]:
    """x0, y0, x1, y1 in mm of the words, or of their plate, with WORD_CLEARANCE round them."""
    font, texts = lines
    baseline = word_baseline(lines, size, margin)
    pad = (1.2 * font if face.plate else 0.0) + WORD_CLEARANCE
    width = max(text_width(text, font, "bold") for text in texts)
    return ((size - width) / 2 - pad, baseline - ASCENT * font - pad, (size + width) / 2 + pad,
            baseline + LINE_SPACING * font * (len(texts) - 1) + DESCENT * font + pad)


def meets(box: tuple[float, ...], scale: float, room: tuple[float, ...]) -> bool:
    """Whether `box` (art units, drawn at `scale`) overlaps `room` (mm)."""
    x0, y0, x1, y1 = (v * scale for v in box)
    return x0 < room[2] and room[0] < x1 and y0 < room[3] and room[1] < y1


def word_baseline(lines: tuple[float, list[str]], size: float, margin: float) -> float:
    """The baseline of the first line of a face's words: the last line's descent rests on the margin."""
    font, texts = lines
    return size - margin - DESCENT * font - LINE_SPACING * font * (len(texts) - 1)


def word_band(face: Face, lines: tuple[float, list[str]], size: float, margin: float) -> list:
    font, texts = lines
    baseline = word_baseline(lines, size, margin)
    items: list = []
    if face.plate:
        width = max(text_width(text, font, "bold") for text in texts) + 2.4 * font
        height = font * (ASCENT + DESCENT + LINE_SPACING * (len(texts) - 1)) + 0.8 * font
        items.append(Rect((size - width) / 2, baseline - ASCENT * font - 0.4 * font, width, height,
                          Style(fill=face.plate, stroke="tr-brick-dark", stroke_width=0.3), rx=1.2))
    for n, text in enumerate(texts):
        items.append(Text(size / 2, baseline + n * LINE_SPACING * font, text, font, anchor="middle", weight="bold",
                          style=Style(fill=face.word_colour)))
    return items


def mini(face: Face, x: float, y: float, size: float, min_text: float = MIN_TEXT) -> Group:
    """A tile drawn small (a contents page, a board picture, a figure): its pictures without its words."""
    return Group(children=face_items(face, size, words=False, min_text=min_text), dx=x, dy=y,
                 clip=(0, 0, size, size))


ARROW_LEFT = ((6.0, 20.0), (19.0, 8.0), (19.0, 14.5), (34.0, 14.5), (34.0, 25.5), (19.0, 25.5), (19.0, 32.0))
ROTATION = {"left": 0.0, "up": 90.0, "right": 180.0, "down": 270.0}
# The arrow is turned about the middle of PICTURE_BOX, where it is moved first: pointing up or down, its 30 units
# from tip to tail (outline included) then fit the box's 30.5, and never reach the words under it.
PICTURE_MIDDLE = (PICTURE_BOX[0] + PICTURE_BOX[2] / 2, PICTURE_BOX[1] + PICTURE_BOX[3] / 2)


# The cat colours as tile labels name them.
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}


def arrow_face(code: str, lang: str = "en") -> Face:
    _ = translator(lang)
    direction, colours = arrow_of(code)
    outline = Polygon(ARROW_LEFT, Style(fill="ink", stroke="ink", stroke_width=2.2, line_join="round"))
    if colours:
        halves = [Group(children=[Polygon(ARROW_LEFT, Style(fill=f"cat-{colours[0]}"))], clip=(0, 0, ART, 20)),
                  Group(children=[Polygon(ARROW_LEFT, Style(fill=f"cat-{colours[1]}"))], clip=(0, 20, ART, 20))]
        shine = Line(20.5, 16.8, 31.0, 16.8, Style(stroke="#ffffff", stroke_width=0.9, line_cap="round",
                                                     opacity=0.55))
        body = [outline, *halves, Line(8.5, 20.0, 33.2, 20.0, Style(stroke="#ffffff", stroke_width=0.5,
                                                                       opacity=0.8)), shine]
    else:
        body = [outline, Polygon(ARROW_LEFT, Style(fill="#2b2b2b")),
                Line(20.5, 16.8, 31.0, 16.8, Style(stroke="#ffffff", stroke_width=0.9, line_cap="round",
                                                     opacity=0.35))]
    cx, cy = PICTURE_MIDDLE
    pictures: list = [about_centre([moved(body, cx - 20.0, cy - 20.0)], cx, cy, ROTATION[direction])]
    if not colours:
        return ground_face(pictures, _("every cat"))
    pictures += colour_chip(6.6, 6.6, 3.2, colours[0], lang) + colour_chip(33.4, 6.6, 3.2, colours[1], lang)
    return ground_face(pictures, f"{_(COLOUR_WORDS[colours[0]])} · {_(COLOUR_WORDS[colours[1]])}")


def mouse_face(lang: str = "en") -> Face:
    body = Path((("M", 9.0, 23.0), ("C", 10.0, 14.0, 22.0, 11.5, 29.0, 19.5), ("C", 31.0, 22.0, 30.5, 25.5, 27.0,
                                                                                  26.0),
                 ("L", 12.0, 26.0), ("C", 9.5, 26.0, 8.6, 24.8, 9.0, 23.0), ("Z",)),
                Style(fill="tr-mouse", stroke="tr-mouse-dark", stroke_width=0.7))
    tail = Path((("M", 29.5, 24.0), ("C", 36.0, 25.0, 36.0, 31.0, 30.0, 30.5), ("C", 25.0, 30.0, 22.0, 31.5,
                                                                                  25.0, 32.5)),
                Style(stroke="tr-pink", stroke_width=1.1, line_cap="round"))
    pictures = (ellipse(20.0, 27.0, 12.0, 1.8, Style(fill="tr-ground-dark")), tail, body,
                Circle(15.5, 15.8, 3.6, Style(fill="tr-mouse", stroke="tr-mouse-dark", stroke_width=0.7)),
                Circle(15.5, 15.8, 2.2, Style(fill="tr-pink")),
                Circle(12.6, 20.0, 0.9, INK), Circle(9.3, 22.6, 0.8, Style(fill="tr-pink")),
                Line(9.5, 22.8, 5.5, 21.5, Style(stroke="tr-mouse-dark", stroke_width=0.3)),
                Line(9.5, 23.2, 5.6, 24.0, Style(stroke="tr-mouse-dark", stroke_width=0.3)),
                Circle(20.5, 13.8, 1.2, Style(fill="tr-mouse-dark")), *badge(33.4, 7.2, 4.6, "1"))
    return ground_face(pictures, translator(lang).gettext("mouse toy"))


def forward_face(lang: str = "en") -> Face:
    chevrons = [Polyline(((x + 5.0, 11.0), (x, 17.0), (x + 5.0, 23.0)),
                         Style(stroke="tr-grass-dark", stroke_width=2.2, line_cap="round", line_join="round"))
                for x in (4.5, 10.0)]
    return ground_face((*chevrons, *paw(27.0, 17.5, 5.2, Style(fill="ink"))), translator(lang).gettext("cat forward"))


def place_face(lang: str = "en") -> Face:
    cat = moved(cat_shape("tr-stone-light"), dx=9.0, dy=5.5, scale=0.9)
    return ground_face((ellipse(19.8, 31.0, 9.0, 1.6, Style(fill="tr-ground-dark")), cat,
                        *badge(32.0, 9.0, 4.6, "+", fill="tr-grass")), translator(lang).gettext("place a cat"))


def wall_face(lang: str = "en") -> Face:
    bricks: list = [Rect(-4, -4, ART + 8, ART + 8, Style(fill="tr-mortar"))]
    course = 6.6
    for row in range(-1, 8):
        y = row * course - 1.0
        offset = -7.0 if row % 2 else 0.0
        for n in range(-1, 4):
            x = n * 14.0 + offset
            shade = ("tr-brick", "tr-brick-light", "tr-brick-dark")[(row * 7 + n * 3) % 3]
            bricks.append(Rect(x + 0.6, y + 0.6, 12.8, course - 1.2, Style(fill=shade), rx=0.6))
    return Face("tr-mortar", tuple(bricks), (), translator(lang).gettext("wall"), "tr-brick-dark", "tr-mortar")


def tunnel_face(lang: str = "en") -> Face:
    stones = []
    for k in range(9):
        a0, a1 = math.pi * k / 9, math.pi * (k + 1) / 9
        outer, inner = 15.5, 10.5
        pts = [(20 - outer * math.cos(a), 25 - outer * math.sin(a)) for a in (a0, a1)]
        pts += [(20 - inner * math.cos(a), 25 - inner * math.sin(a)) for a in (a1, a0)]
        stones.append(Polygon(tuple(pts), Style(fill="tr-stone" if k % 2 else "tr-stone-light",
                                                stroke="tr-stone-dark", stroke_width=0.5, line_join="round")))
    mouth = Path((("M", 9.5, 31.0), ("L", 9.5, 25.0), ("C", 9.5, 11.0, 30.5, 11.0, 30.5, 25.0), ("L", 30.5, 31.0),
                  ("Z",)), Style(fill="tr-tunnel"))
    side = [Rect(4.5, 25.0, 5.0, 6.0, Style(fill="tr-stone", stroke="tr-stone-dark", stroke_width=0.5)),
            Rect(30.5, 25.0, 5.0, 6.0, Style(fill="tr-stone", stroke="tr-stone-dark", stroke_width=0.5))]
    back = Polyline(((15.0, 24.0), (24.0, 24.0), (21.0, 21.0)), Style(stroke="#ffffff", stroke_width=1.3,
                                                                      line_cap="round", line_join="round"))
    return ground_face((mouth, *stones, *side, back), translator(lang).gettext("tunnel · back to start"))


def road_face_plain(lang: str = "en") -> Face:
    return ground_face((*paw(13.0, 24.0, 2.0, Style(fill="tr-pebble", opacity=0.7)),
                        *paw(22.0, 15.0, 2.0, Style(fill="tr-pebble", opacity=0.7))), translator(lang).gettext("road"))


ROAD_FACES = {"mouse-toy": mouse_face, "cat-forward": forward_face, "place-a-cat": place_face, "wall": wall_face,
              "tunnel": tunnel_face, "road": road_face_plain}


def road_face(code: str, lang: str = "en", exchange: bool = False) -> Face:
    face = arrow_face(code, lang) if arrow_of(code) else ROAD_FACES[code](lang)
    return replace(face, pictures=face.pictures + tuple(exchange_mark(code))) if exchange else face


def exchange_mark(code: str = "") -> list:
    """The corner mark (two turning arrows) that tells an exchange tile from a road tile: bottom right, or top right
    where the tunnel's pillar stands in the bottom corner."""
    cx, cy, r = (34.0, 6.0, 3.8) if code == "tunnel" else (34.0, 29.2, 3.8)
    arrows = [Path((("M", cx - 2.6, cy - 0.6), ("C", cx - 2.0, cy - 3.0, cx + 1.6, cy - 3.2, cx + 2.4, cy - 1.2)),
                   Style(stroke="ink", stroke_width=0.55, line_cap="round")),
              Polygon(((cx + 3.2, cy - 2.2), (cx + 2.7, cy - 0.1), (cx + 1.2, cy - 1.4)), INK),
              Path((("M", cx + 2.6, cy + 0.6), ("C", cx + 2.0, cy + 3.0, cx - 1.6, cy + 3.2, cx - 2.4, cy + 1.2)),
                   Style(stroke="ink", stroke_width=0.55, line_cap="round")),
              Polygon(((cx - 3.2, cy + 2.2), (cx - 2.7, cy + 0.1), (cx - 1.2, cy + 1.4)), INK)]
    return [Circle(cx, cy, r, Style(fill="tr-exchange", stroke="tr-exchange-dark", stroke_width=0.5)), *arrows]


def destination_face(code: str, lang: str = "en") -> Face:
    _ = translator(lang)
    pair = dest_pair(code)
    background: list = [Rect(-4, -4, ART + 8, ART + 8, Style(fill="tr-dest"))]
    for x, y in ((6, 9), (34, 12)):
        background += paw(x, y, 1.4, Style(fill="tr-dest-dark"))
    details = tuple(paw_detail(x, y, 1.4, Style(fill="tr-dest-dark")) for x, y in ((8, 30), (33, 31)))
    if pair:
        pictures = basket(pair) + badge_pair(pair)
        words = _("5 {first} or {second} · 3 other").format(first=_(COLOUR_WORDS[pair[0]]),
                                                            second=_(COLOUR_WORDS[pair[1]]))
    elif code == "fixed-4":
        pictures, words = fish() + badge(20.0, 8.5, 5.6, "4"), _("4 points, any cat")
    else:
        pictures = yarn() + badge(20.0, 8.5, 5.6, "3") + badge(31.5, 19.0, 4.0, "+", fill="tr-grass")
        words = _("3 points + place a cat")
    return Face("tr-dest", tuple(background), tuple(pictures), words, details=details)


def basket(pair: tuple[str, str]) -> list:
    rim = Style(fill="tr-basket", stroke="tr-basket-dark", stroke_width=0.6)
    cushion = [Group(children=[ellipse(20, 23.5, 11.5, 5.0, Style(fill=f"cat-{pair[0]}"))], clip=(0, 0, 20, 40)),
               Group(children=[ellipse(20, 23.5, 11.5, 5.0, Style(fill=f"cat-{pair[1]}"))], clip=(20, 0, 20, 40))]
    return [Path((("M", 6.0, 23.0), ("C", 6.0, 35.0, 34.0, 35.0, 34.0, 23.0), ("Z",)), rim),
            ellipse(20, 23.0, 14.0, 5.0, rim), *cushion,
            ellipse(20, 23.5, 11.5, 5.0, Style(stroke="ink", stroke_width=0.4)),
            *[Line(x, 26.5, x + 1.0, 31.0, Style(stroke="tr-basket-dark", stroke_width=0.4))
              for x in (11.0, 16.0, 21.0, 26.0)]]


def badge_pair(pair: tuple[str, str]) -> list:
    return [Group(children=[Circle(20, 9.5, 6.0, Style(fill=f"cat-{pair[0]}"))], clip=(0, 0, 20, 40)),
            Group(children=[Circle(20, 9.5, 6.0, Style(fill=f"cat-{pair[1]}"))], clip=(20, 0, 20, 40)),
            Circle(20, 9.5, 6.0, Style(stroke="ink", stroke_width=0.7)),
            Circle(20, 9.5, 4.2, Style(fill="#ffffff")),
            Text(20, 11.5, "5", 5.6, anchor="middle", weight="bold")]       # clear of the ring, drawn small too


def fish() -> list:
    body = Path((("M", 8.0, 24.0), ("C", 13.0, 16.0, 24.0, 16.0, 29.0, 24.0), ("C", 24.0, 32.0, 13.0, 32.0, 8.0,
                                                                                  24.0), ("Z",)),
                Style(fill="tr-fish", stroke="ink", stroke_width=0.6))
    tail = Polygon(((28.0, 24.0), (35.0, 18.5), (35.0, 29.5)), Style(fill="tr-fish", stroke="ink", stroke_width=0.6,
                                                                     line_join="round"))
    return [tail, body, Circle(13.0, 22.6, 1.2, INK),
            Path((("M", 18.0, 19.5), ("C", 20.0, 22.0, 20.0, 26.0, 18.0, 28.5)),
                 Style(stroke="ink", stroke_width=0.4))]


def yarn() -> list:
    items = [Circle(20, 24.5, 8.5, Style(fill="tr-yarn", stroke="ink", stroke_width=0.6))]
    for k in range(-2, 3):
        items.append(Path((("M", 13.0, 24.5 + k * 3.0), ("C", 17.0, 20.0 + k * 3.0, 23.0, 29.0 + k * 3.0, 27.5,
                                                         23.5 + k * 3.0)),
                          Style(stroke="#ffffff", stroke_width=0.45, opacity=0.6)))
    items.append(Path((("M", 27.0, 28.5), ("C", 32.0, 33.0, 35.0, 28.0, 36.0, 33.0)),
                      Style(stroke="tr-yarn", stroke_width=0.8, line_cap="round")))
    return items


def back_face(kind: str, lang: str = "en") -> Face:
    """A tile's back: a paw pattern and the kind's name on a plate in the middle (left out where under 6 pt)."""
    _ = translator(lang)
    fill, dark, label = {"road": ("tr-ground", "tr-pebble", _("road")),
                         "exchange": ("tr-exchange", "tr-exchange-dark", _("exchange")),
                         "destination": ("tr-dest", "tr-dest-dark", _("destination"))}[kind]
    background: list = [Rect(-4, -4, ART + 8, ART + 8, Style(fill=fill))]
    for row in range(5):
        for col in range(5):
            if (row + col) % 2 == 0:
                background += paw(col * 9.0 + 2.0, row * 9.0 + 2.5, 1.5, Style(fill=dark, opacity=0.7))
    pictures = (Rect(5.0, 15.0, 30.0, 10.0, Style(fill="tr-cream", stroke=dark, stroke_width=0.5), rx=5.0),
                Text(20, 21.6, label.upper(), fit_size(label.upper(), 26, 3.8, "bold"), anchor="middle",
                     weight="bold", style=Style(fill="ink")))
    return Face(fill, tuple(background), pictures)


# -- tiles as scenes -----------------------------------------------------------------------------------------------

def tile_scene(face: Face, size: float, bleed: float, meta: dict[str, str] | None = None,
               words: bool = True) -> Scene:
    """A tile to cut out: its background into the bleed, its words (if `words`) 3 mm inside the trim."""
    scene = Scene(size, size, bleed=bleed, theme=dict(THEME), meta=dict(meta or {}))
    scene.define(ground_symbol())
    # The art's background reaches 4 units past its box; a wider bleed gets the background colour too.
    scene.add(Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(fill=face.fill)))
    scene.add(*face_items(face, size, margin=SAFE_ZONE, words=words))
    return scene


def road_tile(code: str, size: float = 40.0, bleed: float = 3.0, exchange: bool = False,
              lang: str = "en", words: bool = True) -> Scene:
    return tile_scene(road_face(code, lang, exchange), size, bleed,
                      {"game": GAME, "kind": "tile", "title": tile_name(code)}, words)


def destination_tile(code: str, size: float = 40.0, bleed: float = 3.0, lang: str = "en",
                     words: bool = True) -> Scene:
    return tile_scene(destination_face(code, lang), size, bleed, {"game": GAME, "kind": "tile"}, words)


def back_tile(kind: str, size: float = 40.0, bleed: float = 3.0, lang: str = "en") -> Scene:
    return tile_scene(back_face(kind, lang), size, bleed, {"game": GAME, "kind": "tile-back"})


# -- hand cards ----------------------------------------------------------------------------------------------------

CARD_W, CARD_H = CARD_SIZES["poker"]
CARD_MARGIN = 5.0            # the 3 mm safe zone and a little air: the widest a card's line of text may run


def mini_tile(x: float, y: float, s: float, fill: str = "tr-ground", stroke: str = "tr-pebble-dark") -> Rect:
    return Rect(x, y, s, s, Style(fill=fill, stroke=stroke, stroke_width=0.5), rx=1.0)


def curved_arrow(x1, y1, x2, y2, bend: float, colour: str = "ink", width: float = 0.9) -> list:
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    nx, ny = -(y2 - y1), x2 - x1
    length = math.hypot(nx, ny) or 1.0
    cx, cy = mx + nx / length * bend, my + ny / length * bend
    angle = math.atan2(y2 - cy, x2 - cx)
    head = 2.4
    tip = ((x2, y2), (x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45)),
           (x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45)))
    return [Path((("M", x1, y1), ("C", cx, cy, cx, cy, x2, y2)), Style(stroke=colour, stroke_width=width,
                                                                        line_cap="round")),
            Polygon(tip, Style(fill=colour))]


def straight_arrow(x1, y1, x2, y2, colour: str = "ink", width: float = 1.2, head: float = 2.8) -> list:
    angle = math.atan2(y2 - y1, x2 - x1)
    base = (x2 - head * math.cos(angle), y2 - head * math.sin(angle))
    tip = ((x2, y2), (base[0] - head * 0.6 * math.sin(angle), base[1] + head * 0.6 * math.cos(angle)),
           (base[0] + head * 0.6 * math.sin(angle), base[1] - head * 0.6 * math.cos(angle)))
    return [Line(x1, y1, base[0], base[1], Style(stroke=colour, stroke_width=width, line_cap="round")),
            Polygon(tip, Style(fill=colour))]


def card_picture(card: str, lang: str = "en") -> list:
    """The illustration of a hand card, in a 50 x 34 mm box."""
    colour = f"tr-{card}"
    if card == "hidden-passage":
        items = [_framed("arrow-red-blue-left", 3, 17, 12, lang), _framed("wall", 19, 3, 12, lang),
                 _framed("mouse-toy", 35, 17, 12, lang)]
        items += curved_arrow(10, 15, 18.5, 8, -4, colour) + curved_arrow(31.5, 8, 40, 15, -4, colour)
        items += curved_arrow(38, 31.5, 12, 31.5, -3.5, colour)
        return items
    if card == "deep-fog":
        codes = ("black-arrow-up", "cat-forward", "tunnel", "arrow-green-yellow-left")
        items = [_framed(code, 13 + (n % 2) * 12, 4 + (n // 2) * 12, 12, lang) for n, code in enumerate(codes)]
        cloud = Style(fill="#eef2f4", opacity=0.78)
        for cx, cy, r in ((12, 25, 5.5), (19, 21, 7), (28, 19, 8), (37, 23, 6), (24, 27, 6), (33, 28, 5.5)):
            items.append(Circle(cx, cy, r, cloud))
        items += curved_arrow(16, 2.5, 34, 2.5, -2.5, colour) + curved_arrow(39, 8, 39, 26, -3, colour)
        return items
    if card == "living-path":
        items = [mini_tile(19, 1 + r * 8, 8) for r in range(4)]
        # Bare pictures on plain tiles (an arrow without its colour chips): the column, not the faces, is the point.
        for r, code in enumerate(("black-arrow-left", "road", "arrow-green-yellow-up", "mouse-toy")):
            pictures = road_face(code, lang).pictures[:1 if arrow_of(code) else None]
            items.append(moved(legible(list(pictures), 8 / ART, MIN_TEXT), 19, 1 + r * 8, 8 / ART))
        items += straight_arrow(34, 22, 34, 3, colour, 1.6) + straight_arrow(13, 11, 13, 30, colour, 1.6)
        items.append(moved(cat_shape("cat-green"), 38.5, 12, 0.42))
        return items
    if card == "curiosity":
        items = []
        for k in range(8):
            a = k * math.pi / 4
            items += straight_arrow(25 + 8.5 * math.cos(a), 17 + 8.5 * math.sin(a), 25 + 15 * math.cos(a),
                                    17 + 15 * math.sin(a), colour, 1.1, 2.4)
        items.append(moved(cat_shape("cat-yellow"), 19.0, 9.5, 0.5))
        return items
    if card == "someone-calling":
        items = [moved(cat_shape("cat-blue"), 5.0, 8.0, 0.75)]
        items += [Polyline(((x, 12.0), (x + 4.0, 17.0), (x, 22.0)),
                           Style(stroke=colour, stroke_width=1.8, line_cap="round", line_join="round"))
                  for x in (24.0, 30.0)]
        bubble = Path((("M", 38.0, 4.0), ("L", 48.0, 4.0), ("C", 50.0, 4.0, 50.0, 6.0, 50.0, 7.0),
                       ("L", 50.0, 13.0), ("C", 50.0, 15.0, 48.0, 15.0, 47.0, 15.0), ("L", 42.0, 15.0),
                       ("L", 38.0, 19.0), ("L", 39.0, 15.0), ("C", 37.0, 15.0, 36.0, 14.0, 36.0, 12.0),
                       ("L", 36.0, 7.0), ("C", 36.0, 5.0, 37.0, 4.0, 38.0, 4.0), ("Z",)),
                      Style(fill="#ffffff", stroke="ink", stroke_width=0.5))
        items += [bubble, Text(43.0, 13.2, "!", 8.0, anchor="middle", weight="bold", style=Style(fill=colour))]
        return items
    mirror = [ellipse(25, 16, 8.0, 13.0, Style(fill="tr-stone-dark")),
              ellipse(25, 16, 6.4, 11.4, Style(fill="#dbe8f2")),
              Line(21.0, 8.0, 24.0, 5.5, Style(stroke="#ffffff", stroke_width=0.8, line_cap="round")),
              Rect(23.5, 28.5, 3.0, 4.5, Style(fill="tr-stone-dark"))]
    return (mirror + [moved(cat_shape("cat-red"), 1.5, 8.0, 0.62), moved(cat_shape("cat-blue"), 34.0, 8.0, 0.62)]
            + curved_arrow(10, 6, 40, 6, -5, colour) + curved_arrow(40, 32, 10, 32, -5, colour))


def _framed(code: str, x: float, y: float, s: float, lang: str = "en") -> list:
    """A small road tile with its frame, for card pictures."""
    return Group(children=[mini(road_face(code, lang), 0, 0, s),
                           Rect(0, 0, s, s, Style(stroke="tr-pebble-dark", stroke_width=0.5), rx=0.8)], dx=x, dy=y)


def card_front(card: str, bleed: float = 3.0, lang: str = "en") -> Scene:
    _ = translator(lang)
    name, copies = CARDS[card]
    name = _(name)
    colour = f"tr-{card}"
    scene = Scene(CARD_W, CARD_H, bleed=bleed, theme=dict(THEME), meta={"game": GAME, "kind": "card",
                                                                       "title": name})
    scene.define(ground_symbol())
    panel = Style(fill="tr-cream")
    scene.add(Rect(-bleed, -bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed, Style(fill=colour)),
              Rect(4.0, 4.0, CARD_W - 8.0, CARD_H - 8.0, panel, rx=3.0))
    size = fit_size(name, CARD_W - 14.0, 4.4, "bold")
    scene.add(Rect(4.0, 4.0, CARD_W - 8.0, 11.5, Style(fill=colour, opacity=0.18), rx=3.0),
              Text(CARD_W / 2, 11.8, name, size, anchor="middle", weight="bold", style=Style(fill=colour)))
    scene.add(Rect(6.5, 17.5, CARD_W - 13.0, 36.0, Style(fill="#ffffff", stroke=colour, stroke_width=0.4),
                   rx=2.0))
    scene.add(moved(card_picture(card, lang), 6.75, 18.5))
    size, lines = card_text_lines(_(CARD_TEXT[card]))
    y = 61.0 + (5 - len(lines)) * 1.9 * size / 3.0
    for line in lines:
        scene.add(Text(CARD_W / 2, y, line, size, anchor="middle"))
        y += 1.3 * size
    footer = _("hand card · {copies} in the deck · play it once").format(copies=copies)
    scene.add(Line(10.0, CARD_H - 9.5, CARD_W - 10.0, CARD_H - 9.5, Style(stroke=colour, stroke_width=0.3)),
              Text(CARD_W / 2, CARD_H - 6.0, footer, fit_size(footer, CARD_W - 2 * CARD_MARGIN, 2.3,
                                                              minimum=MIN_TEXT), anchor="middle",
                   style=Style(fill="muted")))
    return scene


def card_text_lines(text: str, size: float = 3.0, most: int = 5) -> tuple[float, list[str]]:
    """The card's rule at the largest size (3 mm down to 2.4 mm) at which it takes at most `most` lines, wrapped."""
    lines = wrap_text(text, size, CARD_W - 15.0)
    while len(lines) > most and size > 2.4:
        size = round(size - 0.1, 2)
        lines = wrap_text(text, size, CARD_W - 15.0)
    return size, lines


def card_back(bleed: float = 3.0) -> Scene:
    scene = Scene(CARD_W, CARD_H, bleed=bleed, theme=dict(THEME), meta={"game": GAME, "kind": "card-back"})
    scene.add(Rect(-bleed, -bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed, Style(fill="tr-night")))
    for row in range(11):
        for col in range(8):
            if (row + col) % 2 == 0:
                scene.add(*paw(col * 9.0 + (4.5 if row % 4 < 2 else 0.0), row * 9.0 + 1.0, 1.5,
                               Style(fill="tr-night-light")))
    scene.add(Rect(6.0, 28.0, CARD_W - 12.0, 33.0, Style(fill="tr-night", stroke="tr-badge", stroke_width=0.5),
                   rx=4.0),
              moved(cat_shape("tr-badge", outline="tr-night"), CARD_W / 2 - 6.0, 30.0, 0.5),
              Text(CARD_W / 2, 52.0, "The Cats'", 4.2, anchor="middle", weight="bold", style=Style(fill="tr-cream")),
              Text(CARD_W / 2, 57.5, "Trail Route", 4.2, anchor="middle", weight="bold",
                   style=Style(fill="tr-cream")))
    return scene


# -- cat pawns -----------------------------------------------------------------------------------------------------

PAWN_W, PAWN_H, PAWN_FOOT, PAWN_PANEL = 30.0, 84.0, 12.0, 30.0


def pawn_scene(colour: str, number: int, bleed: float = 3.0, lang: str = "en") -> Scene:
    """A fold-over standee: foot, front, back (upside down), foot; fold on the dashed lines, glue the feet."""
    scene = Scene(PAWN_W, PAWN_H, bleed=bleed, theme=dict(THEME), meta={"game": GAME, "kind": "pawn"})
    # Every band runs into the bleed on each side it touches: the feet top and bottom, the panels left and right.
    tint = Style(fill=f"cat-{colour}", opacity=0.18)
    scene.add(Rect(-bleed, -bleed, PAWN_W + 2 * bleed, PAWN_H + 2 * bleed, Style(fill="tr-cream")),
              Rect(-bleed, -bleed, PAWN_W + 2 * bleed, PAWN_H + 2 * bleed, Style(fill=f"cat-{colour}",
                                                                                opacity=0.08)))
    top = PAWN_FOOT
    for n, flip in ((0, 180.0), (1, 0.0)):
        y0 = top + n * PAWN_PANEL
        scene.add(Rect(-bleed, y0, PAWN_W + 2 * bleed, PAWN_PANEL, tint))
        panel = [moved(cat_shape(f"cat-{colour}"), 4.2, 0.6, 0.9),
                 Text(PAWN_W - 3.0, PAWN_PANEL - 2.0, str(number), 3.2, anchor="end", weight="bold")]
        scene.add(Group(children=[about_centre(panel, PAWN_W / 2, PAWN_PANEL / 2, flip)], dy=y0))
    fold = Style(stroke="muted", stroke_width=0.25, dash=(1.2, 1.0))
    for y in (PAWN_FOOT, PAWN_FOOT + PAWN_PANEL, PAWN_FOOT + 2 * PAWN_PANEL):
        scene.add(Line(-bleed, y, PAWN_W + bleed, y, fold))
    glue = translator(lang).gettext("glue")
    for y, text in ((PAWN_FOOT / 2 + 1.0, glue), (PAWN_H - PAWN_FOOT / 2 + 1.0, glue)):
        scene.add(Text(PAWN_W / 2, y, text, 2.4, anchor="middle", style=Style(fill="muted")))
    return scene


# -- sheets of parts -----------------------------------------------------------------------------------------------

def grid_template(paper: str, item: tuple[float, float], gutter: float | None, name: str,
                  landscape: bool = False) -> Template:
    w, h = paper_size(paper, "landscape" if landscape else "portrait")
    m = MIN_PAGE_MARGIN
    return Template(name, w, h, (m + 4.0, m, m + 4.0, m), Grid(item[0], item[1], gutter=gutter))


def tile_template(paper: str, size: float, options: PrintOptions) -> Template:
    if options.template is not None:
        return template_for("tile", paper, options.template)
    name = f"{paper}-tile{format_mm(size)}"
    if name in builtin_templates():
        return builtin_templates()[name]
    return grid_template(paper, (size, size), None, f"{paper} {format_mm(size)} mm tiles")


def card_template(paper: str) -> Template:
    name = f"{paper}-poker"
    if name in builtin_templates():
        return builtin_templates()[name]
    return grid_template(paper, CARD_SIZES["poker"], 0.0, f"{paper} poker")


def mix_faces(mix: Mix, lang: str = "en") -> list[Face]:
    """The face of every tile type of the mix: road, exchange and destination tiles."""
    return ([road_face(code, lang) for code, _count in mix.road + mix.exchange]
            + [destination_face(code, lang) for code, _count in mix.destinations])


def tile_words_print(mix: Mix, size: float, lang: str = "en") -> bool:
    """Whether the tiles print their words at `size`: only when every face of the mix holds its words at 6 pt or
    more inside the safe zone (in one line or two), so that no tile of the set goes without while another has them;
    below that (under 32 mm in English, 31 mm in German, with the default mix) the tiles show their pictures only."""
    return words_fit(mix_faces(mix, lang), size)


def mix_name(mix: Mix, lang: str = "en") -> str:
    """The mix as the sheets name it: the shipped one in the reader's language, a file of one's own by its name."""
    return translator(lang).pgettext("mix name", "default") if mix.source == "default" else mix.source


def tile_runs(mix: Mix, size: float, bleed: float, lang: str = "en") -> tuple[list[Scene], list[Scene]]:
    """Every tile of the mix, fronts and matching backs: road tiles, exchange tiles, destination tiles."""
    words = tile_words_print(mix, size, lang)
    fronts, backs = [], []
    for code in mix.pool("road"):
        fronts.append(road_tile(code, size, bleed, lang=lang, words=words))
        backs.append(back_tile("road", size, bleed, lang))
    for code in mix.pool("exchange"):
        fronts.append(road_tile(code, size, bleed, exchange=True, lang=lang, words=words))
        backs.append(back_tile("exchange", size, bleed, lang))
    for code in mix.pool("destinations"):
        fronts.append(destination_tile(code, size, bleed, lang, words=words))
        backs.append(back_tile("destination", size, bleed, lang))
    return fronts, backs


def print_tiles(mix: Mix, size: float, options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    fronts, backs = tile_runs(mix, size, options.bleed, options.lang)
    sheet = _("tiles {size} mm · mix {mix}").format(size=_.mm(size), mix=mix_name(mix, options.lang))
    footer = f"{TITLE} · {sheet} · washigen {__version__}"
    return impose_grid(fronts, tile_template(paper, size, options), options, backs=backs, title=f"{TITLE}: tiles",
                       footer=footer)


def print_cards(options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    fronts = [card_front(card, options.bleed, options.lang) for card, (_name, copies) in CARDS.items()
              for _copy in range(copies)]
    return impose_grid(fronts, card_template(paper), options, backs=card_back(options.bleed),
                       title=f"{TITLE}: hand cards",
                       footer=f"{TITLE} · " + _("hand cards") + f" · washigen {__version__}")


def print_pawns(options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    pawns = [pawn_scene(colour, n, options.bleed, options.lang) for colour in COLOURS for n in (1, 2)]
    template = grid_template(paper, (PAWN_W, PAWN_H), None, f"{paper} standees")
    return impose_grid(pawns, template, PrintOptions(**{**options.__dict__, "duplex": "none"}),
                       title=f"{TITLE}: cat pawns",
                       footer=f"{TITLE} · " + _("cat pawns: cut out, fold, glue the feet")
                       + f" · washigen {__version__}")


# -- the board mat -------------------------------------------------------------------------------------------------

def mat_geometry(tile: float) -> dict[str, float]:
    cell = tile + 0.8
    g = {"cell": cell, "top": 15.0, "dest_x": 0.0, "gap": 4.0, "start_w": 30.0}
    g["road_x"] = DEST_COLS * cell + g["gap"]
    g["start_x"] = g["road_x"] + COLS * cell + g["gap"]
    g["width"] = g["start_x"] + g["start_w"]
    g["height"] = g["top"] + 6 * cell + 15.0
    return g


def mat_scene(tile: float = 40.0, rows: int = 6, lang: str = "en") -> Scene:
    """The board mat at real size: slots for the destination and road tiles, the starting positions, wrap marks."""
    _ = translator(lang)
    g = mat_geometry(tile)
    cell, top = g["cell"], g["top"]
    scene = Scene(g["width"], g["height"], theme=dict(THEME), meta={"game": GAME, "kind": "mat",
                                                                     "title": f"{TITLE}: board mat"})
    scene.add(Rect(0, 0, g["width"], g["height"], Style(fill="tr-mat"), rx=4.0))
    scene.add(Text(SAFE_ZONE + 0.5, 8.0, TITLE, 5.5, weight="bold", style=Style(fill="tr-grass-dark")))
    right = g["road_x"] + COLS * cell - 14.0
    scene.add(*straight_arrow(right, 7.0, right - 40, 7.0, "tr-grass-dark", 1.2))
    scene.add(Text(right - 42, 8.2, _("forward"), 3.4, anchor="end", weight="bold", style=Style(fill="tr-grass-dark")))
    for r in range(rows):
        y = top + r * cell
        for c in range(DEST_COLS):
            scene.add(Rect(g["dest_x"] + c * cell + 0.4, y + 0.4, tile, tile,
                           Style(fill="tr-dest-slot", stroke="tr-dest-dark", stroke_width=0.4), rx=1.5))
        for c in range(COLS):
            scene.add(Rect(g["road_x"] + c * cell + 0.4, y + 0.4, tile, tile,
                           Style(fill="tr-slot", stroke="tr-mat-dark", stroke_width=0.4), rx=1.5))
        scene.add(*start_spot(g["start_x"] + g["start_w"] / 2, y + cell / 2, r, lang))
        scene.add(Text(g["road_x"] - g["gap"] / 2, y + cell / 2 + 1.0, str(r + 1), 2.6, anchor="middle",
                       style=Style(fill="tr-grass-dark")))
    if rows == 6:
        scene.add(*_row_six_note(g, tile, lang))
    for c in range(COLS):
        scene.add(Text(g["road_x"] + (c + 0.5) * cell, top - 1.5, str(c + 1), 2.6, anchor="middle",
                       style=Style(fill="tr-grass-dark")))
    scene.add(Text(g["dest_x"] + cell, top - 1.5, _("destinations"), 2.8, anchor="middle", weight="bold",
                   style=Style(fill="tr-dest-dark")))
    scene.add(Text(g["start_x"] + g["start_w"] / 2, top - 1.5, _("start"), 2.8, anchor="middle", weight="bold",
                   style=Style(fill="tr-grass-dark")))
    title_end = SAFE_ZONE + 0.5 + text_width(TITLE, 5.5, "bold")
    scene.add(*wrap_marks(g, rows, lang, clear_of=title_end))
    return scene


def _row_six_note(g: dict[str, float], tile: float, lang: str = "en") -> list:
    """"row 6: 4 players only" at the foot of the middle slot of row 6, on two lines where one would run past the
    slot's edges (small tiles, German)."""
    size, cell = 2.6, g["cell"]
    note = translator(lang).gettext("row 6: 4 players only")
    lines = [note] if text_width(note, size) <= tile - 2.0 else balanced_lines(note)
    x, y = g["road_x"] + COLS * cell / 2, g["top"] + 6 * cell - 3.0
    return [Text(x, y - (len(lines) - 1 - k) * 1.2 * size, line, size, anchor="middle",
                 style=Style(fill="tr-grass-dark")) for k, line in enumerate(lines)]


def start_spot(cx: float, cy: float, row: int, lang: str = "en", radius: float = 11.0, label: bool = True) -> list:
    """A starting position: a dashed ring with a paw, and on the mat its name ("start 3") inside the ring."""
    items = [Circle(cx, cy, radius, Style(fill="tr-slot", stroke="tr-mat-dark", stroke_width=0.6 * radius / 11.0,
                                          dash=(2.0 * radius / 11.0, 1.2 * radius / 11.0))),
             # with its name under it the paw sits a little higher, clear of the name's letters
             *paw(cx, cy + (0.0 if label else 1.0) * radius / 11.0, 3.6 * radius / 11.0, Style(fill="tr-mat-dark"))]
    if label:
        items.append(Text(cx, cy + 0.84 * radius, translator(lang).gettext("start {row}").format(row=row + 1), 2.2,
                          anchor="middle", style=Style(fill="tr-grass-dark")))
    return items


def wrap_marks(g: dict[str, float], rows: int, lang: str = "en", clear_of: float = 0.0) -> list:
    """Marks at the top and bottom of the road: the two rows are neighbours. The upper left arrow keeps right of
    `clear_of` (the mat's title, which reaches over the road on small tiles)."""
    x0, x1 = g["road_x"], g["road_x"] + COLS * g["cell"]
    y_top, y_bottom = g["top"], g["top"] + 6 * g["cell"]
    style = Style(stroke="tr-grass-dark", stroke_width=0.6, dash=(2.0, 1.5))
    items: list = []
    for x in (x0 + 6, x1 - 6):
        items += straight_arrow(max(x, clear_of + 3.0), y_top - 5.0, max(x, clear_of + 3.0), y_top - 11.0,
                                "tr-grass-dark", 0.8, 2.0)
        items += straight_arrow(x, y_bottom + 4.0, x, y_bottom + 10.0, "tr-grass-dark", 0.8, 2.0)
    items += [Line(x0 + 10, y_bottom + 10.5, x1 - 10, y_bottom + 10.5, style),
              Text((x0 + x1) / 2, y_bottom + 7.0, wrap_note(lang), 2.6, anchor="middle",
                   style=Style(fill="tr-grass-dark"))]
    return items


def wrap_note(lang: str = "en") -> str:
    return translator(lang).gettext("the bottom row and the top row are neighbours: arrows, swaps and cards wrap "
                                    "round (3 players: row 5 and row 1)")


def wrap_note_lane(g: dict[str, float]) -> tuple[float, float]:
    """Where the wrap note may move to keep clear of the sheet cuts: along the dashed line, between the wrap arrows."""
    return g["road_x"] + 10.0, g["road_x"] + COLS * g["cell"] - 10.0


def print_mat(tile: float, paper: str, lang: str = "en") -> Document:
    title = f"{TITLE}: " + translator(lang).gettext("board mat")
    lanes = {wrap_note(lang): wrap_note_lane(mat_geometry(tile))}
    return tile_pages(mat_scene(tile, lang=lang), paper, title, lang=lang, lanes=lanes)


# -- score pad -----------------------------------------------------------------------------------------------------

def score_pad(paper: str, lang: str = "en") -> Document:
    _ = translator(lang)
    w, h = paper_size(paper)
    page = Scene(w, h, theme=dict(THEME), meta={"game": GAME, "kind": "score-pad", "title": f"{TITLE}: score pad"})
    half = h / 2
    for n in range(2):
        page.add(Group(children=score_block(w - 2 * 12.0, half - 16.0, lang), dx=12.0, dy=n * half + 9.0))
    footer = f"{TITLE} · " + _("score pad") + f" · washigen {__version__}"
    page.add(Line(6.0, half, w - 6.0, half, Style(stroke="muted", stroke_width=0.25, dash=(2.0, 2.0))),
             Text(w / 2, h - MIN_PAGE_MARGIN, footer, 2.2, anchor="middle", style=Style(fill="muted")))
    return Document([page], title=f"{TITLE}: score pad")


def score_block(w: float, h: float, lang: str = "en") -> list:
    _ = translator(lang)
    items: list = [Text(0, 6.0, TITLE, 5.0, weight="bold"),
                   Text(w, 6.0, _("score pad"), 3.4, anchor="end", style=Style(fill="muted"))]
    label_w, rows = 46.0, [_("player"), _("cat colour")] + [_("destination {number}").format(number=n)
                                                           for n in range(1, 9)] + [
        _("mouse toys (1 each)"), _("total"), _("tie: cat furthest forward")]
    col_w = (w - label_w) / 4
    row_h = min(7.0, (h - 24.0) / len(rows))
    y0 = 10.0
    line = Style(stroke="ink", stroke_width=0.25)
    for i, label in enumerate(rows):
        y = y0 + i * row_h
        bold = i in (0, len(rows) - 2)
        if i == len(rows) - 2:
            items.append(Rect(0, y, w, row_h, Style(fill="tr-badge", opacity=0.35)))
        size = fit_size(label, label_w - 3.0, 2.8, "bold" if bold else "normal")
        items.append(Text(1.5, y + row_h * 0.68, label, size, weight="bold" if bold else "normal"))
        items.append(Line(0, y, w, y, line))
    items.append(Line(0, y0 + len(rows) * row_h, w, y0 + len(rows) * row_h, line))
    for c in range(5):
        x = label_w + c * col_w if c else label_w
        items.append(Line(x, y0, x, y0 + len(rows) * row_h, line))
    for c, colour in enumerate(COLOURS):
        cx = label_w + (c + 0.5) * col_w
        for k, other in enumerate(COLOURS):
            items.append(Circle(cx - 7.5 + k * 5.0, y0 + 1.5 * row_h, 1.6,
                                Style(fill=f"cat-{other}", stroke="ink", stroke_width=0.15)))
    foot = y0 + len(rows) * row_h + 5.0
    rule = _("Colour-pair destination: 5 if the cat has one of its colours, else 3 · fixed tiles: 4 or 3 · mouse "
             "toy: 1 · circle your colour.")
    size = fit_size(rule, w, 2.5, minimum=MIN_TEXT)          # on narrow paper: 6 pt, on two lines
    for k, text in enumerate(wrap_text(rule, size, w)):
        items.append(Text(0, foot + k * 1.35 * size, text, size, style=Style(fill="muted")))
    return items


# -- the whole game ------------------------------------------------------------------------------------------------

class _Pages:
    """Pages of `w` x `h` mm filled from the top: `room(need)` starts a new page where `need` mm no longer fit above
    the bottom margin, so a small paper gets more pages instead of smaller words."""

    TOP, BOTTOM = 20.0, 14.0

    def __init__(self, w: float, h: float, meta: dict):
        self.w, self.h, self.meta = w, h, meta
        self.scenes: list[Scene] = []
        self.y = 0.0
        self.new()

    def new(self) -> None:
        page = Scene(self.w, self.h, theme=dict(THEME), meta=dict(self.meta))
        page.define(ground_symbol())
        page.add(Text(self.w / 2, self.h - MIN_PAGE_MARGIN, f"washigen {__version__}", 2.2, anchor="middle",
                      style=Style(fill="muted")))
        self.scenes.append(page)
        self.y = self.TOP

    def room(self, need: float) -> None:
        if self.y + need > self.h - self.BOTTOM and self.y > self.TOP:
            self.new()

    def add(self, *items) -> None:
        self.scenes[-1].add(*items)


def contents_page(mix: Mix, size: float, paper: str, duplex: str = "none", lang: str = "en") -> Document:
    """What the components file holds, tile by tile with its count; on paper too small for it, over more pages."""
    _ = translator(lang)
    w, h = paper_size(paper)
    pages = _Pages(w, h, {"game": GAME, "kind": "components", "title": TITLE})
    x = 18.0
    subtitle = _("Everything to print for 3 or 4 players · tiles {size} mm · mix: {mix}").format(
        size=_.mm(size), mix=mix_name(mix, lang))
    pages.add(Text(x, 26.0, TITLE, fit_size(TITLE, w - 2 * x, 9.0, "bold"), weight="bold"))
    pages.y = 34.0
    sub_size = fit_size(subtitle, w - 2 * x, 3.4, minimum=MIN_TEXT)
    for line in wrap_text(subtitle, sub_size, w - 2 * x):
        pages.add(Text(x, pages.y, line, sub_size, style=Style(fill="muted")))
        pages.y += sub_size * 1.4
    pages.y += 12.0 - sub_size * 1.4
    per_row = max(1, int((w - 2 * x + 6.0) // 22.0))
    groups = [(_("Road tiles"), "road"), (_("Exchange tiles (marked with the turning arrows)"), "exchange"),
              (_("Destination tiles"), "destinations")]
    for heading, part in groups:
        pages.room(3.0 + 25.0)                             # a heading stays with its first row of tiles
        pages.add(Text(x, pages.y, f"{heading}: {mix.total(part)}", 4.2, weight="bold"))
        pages.y += 3.0
        codes = getattr(mix, part)
        for first in range(0, len(codes), per_row):
            pages.room(25.0)
            for n, (code, count) in enumerate(codes[first:first + per_row]):
                cx, cy = x + n * 22.0, pages.y
                face = destination_face(code, lang) if part == "destinations" else road_face(code, lang,
                                                                                             part == "exchange")
                pages.add(mini(face, cx, cy, 16), Rect(cx, cy, 16, 16, Style(stroke="muted", stroke_width=0.2)),
                          Text(cx + 8, cy + 20.5, f"× {count}", 3.0, anchor="middle", weight="bold"))
            pages.y += 25.0
        pages.y += 6.0
    notes = [(_("Also: 16 hand cards (poker size, with backs) · 8 cat pawns (standees, two per colour) · the "
                "board mat · a score pad."), "ink"),
             (backs_note(duplex, lang) + " " + _("Replace the mix with --mix FILE (see assets/trail-route-mix.toml)."),
              "muted")]
    if not tile_words_print(mix, size, lang):
        notes.append((_("At {size} mm a tile cannot hold its words at 6 pt: the tiles print their pictures only "
                        "(the rule sheet names them).").format(size=_.mm(size)), "muted"))
    for note, colour in notes:
        for line in wrap_text(note, 3.1, w - 2 * x):
            pages.room(4.6)
            pages.add(Text(x, pages.y, line, 3.1, style=Style(fill=colour)))
            pages.y += 4.6
        pages.y += 1.5
    return Document(pages.scenes, title=TITLE)


def backs_note(duplex: str, lang: str = "en") -> str:
    """What the contents page says of the backs: how to print this very file, from the options that made it."""
    _ = translator(lang)
    if duplex == "none":
        return _("This file has no backs: make it again with --duplex long for tile and card backs.")
    if duplex == "long":
        return _("This file has the backs: print it on both sides, flipping on the long edge.")
    return _("This file has the backs: print it on both sides, flipping on the short edge.")


def print_components(mix: Mix, size: float, options: PrintOptions, mat_paper: str | None = None) -> Document:
    paper = options.paper or "a4"
    lang = options.lang
    _ = translator(lang)
    document = Document([], title=TITLE)
    document.extend(contents_page(mix, size, paper, options.duplex, lang), _("Contents"))
    document.extend(print_tiles(mix, size, options, paper), _("Tiles"))
    document.extend(print_cards(options, paper), _("Hand cards"))
    document.extend(print_pawns(options, paper), _("Cat pawns"))
    document.extend(print_mat(size, mat_paper or paper, lang), _("Board mat"))
    document.extend(score_pad(paper, lang), _("Score pad"))
    return document


# -- a setup, drawn ------------------------------------------------------------------------------------------------

BOARD_CELL = 24.0           # a setup's natural drawing; on paper the cell shrinks to fit and the words do not
BOARD_TEXT = 2.4            # mm (6.8 pt): the board's smallest words


def road_origin(cell: float = BOARD_CELL, legend: bool = True) -> tuple[float, float]:
    """(x, y) in a setup's drawing of the road tile in row 1, column 1; tile (r, c) lies (c - 1, r - 1) cells on."""
    return DEST_COLS * cell + 3.0 + 8.0, 20.0 if legend else 12.0


def board_size(cell: float, rows: int, seats: int, legend: bool = True) -> tuple[float, float]:
    """Width and height in mm of a setup drawn with `cell` mm cells."""
    road_x, top = road_origin(cell, legend)
    info = (10.0 + 6.5 * seats + 12.0) if legend else 0.0
    return road_x + COLS * cell + 3.0 + cell * 0.8 + 6.0, top + rows * cell + 12.0 + info


def board_cell(setup: TrailRouteSetup, paper: str) -> float:
    """The largest cell (to 0.5 mm, at most BOARD_CELL) at which the setup's drawing fits inside the paper's margins
    in either orientation: the board is drawn to fit, never scaled, so its words keep their size."""
    best = 0.0
    for orientation in ("landscape", "portrait"):
        w, h = (side - 2 * MIN_PAGE_MARGIN for side in paper_size(paper, orientation))
        cell = BOARD_CELL
        while cell > 5.0 and any(a > b for a, b in zip(board_size(cell, len(setup.road), len(setup.seats)), (w, h))):
            cell -= 0.5
        best = max(best, cell)
    return best


def board_scene(setup: TrailRouteSetup, cell: float = BOARD_CELL, legend: bool = True, lang: str = "en",
                min_text: float = MIN_TEXT) -> Scene:
    """The table of a setup as a picture: destinations, road tiles, starting positions, and who holds what. The
    tiles are drawn small, with their pictures and without their words (any word of theirs under `min_text` mm is
    left out); the board's own words are BOARD_TEXT or larger whatever the cell."""
    _ = translator(lang)
    rows = len(setup.road)
    road_x, top = road_origin(cell, legend)
    start_x = road_x + COLS * cell + 3.0
    width, height = board_size(cell, rows, len(setup.seats), legend)
    scene = Scene(width, height, theme=dict(THEME),
                  meta={"game": GAME, "kind": "setup", "seed": str(setup.seed), "version": __version__,
                        "title": f"{TITLE}: setup"})
    scene.define(ground_symbol())
    scene.add(Rect(0, 0, scene.width, scene.height, Style(fill="tr-mat")))
    label = Style(fill="tr-grass-dark")
    if legend:
        heading = f"{TITLE} · " + _("{players} players").format(players=setup.players)
        scene.add(Text(8.0, 10.0, heading, fit_size(heading, scene.width - 40.0, 5.0, "bold", MIN_TEXT),
                       weight="bold"),
                  Text(scene.width - 6.0, 10.0, _("seed {seed}").format(seed=setup.seed), 3.0, anchor="end",
                       style=Style(fill="muted")))
    scene.add(Text(8.0 + cell, top - 1.2, _("destinations"), 2.6, anchor="middle", weight="bold", style=label),
              Text(start_x + cell * 0.4, top - 1.2, _("start"), 2.6, anchor="middle", weight="bold", style=label))
    arrow_y = top - 5.0
    scene.add(*straight_arrow(road_x + COLS * cell, arrow_y, road_x + COLS * cell - 24, arrow_y, "tr-grass-dark",
                              0.9, 2.2))
    scene.add(Text(road_x + COLS * cell - 26, arrow_y + 1.0, _("forward"), 2.8, anchor="end", style=label))
    for r in range(rows):
        y = top + r * cell
        scene.add(Text(4.5, y + cell / 2 + 1.0, str(r + 1), 3.0, anchor="middle", weight="bold", style=label))
        for c, code in enumerate(setup.destinations[r] if r < len(setup.destinations) else ()):
            scene.add(mini(destination_face(code, lang), 8.0 + c * cell, y, cell - 1.0, min_text))
        for c, code in enumerate(setup.road[r]):
            if code in ROAD_CODES:
                scene.add(mini(road_face(code, lang), road_x + c * cell, y, cell - 1.0, min_text))
        scene.add(*start_spot(start_x + cell * 0.4, y + cell / 2, r, lang, radius=cell * 11 / 32, label=False))
    for c in range(COLS):
        scene.add(Text(road_x + (c + 0.5) * cell, top - 1.2, str(c + 1), BOARD_TEXT, anchor="middle", style=label))
    y = top + rows * cell + 5.0
    note = _("row 1 and the bottom row are neighbours; the left and right edges are not")
    scene.add(Text(8.0, y, note, fit_size(note, scene.width - 14.0, BOARD_TEXT, minimum=MIN_TEXT), style=label))
    if legend:
        scene.add(*seat_lines(setup, y + 8.0, scene.width, lang))
    return scene


def seat_lines(setup: TrailRouteSetup, y: float, width: float, lang: str = "en") -> list:
    """Under the board: the players in turn order with their cards, and the decks."""
    _ = translator(lang)
    heading = _("Players, in turn order (first cats are placed in reverse order):")
    items: list = [Text(8.0, y, heading, fit_size(heading, width - 14.0, 3.0, "bold", MIN_TEXT), weight="bold")]
    lines = [_("player {number}, {colour}: {cards}").format(
        number=n + 1, colour=_(COLOUR_WORDS[seat.colour]), cards=", ".join(_(CARDS[card][0]) for card in seat.hand))
        for n, seat in enumerate(setup.seats)]
    size = min(fit_size(line, width - 21.0, 2.8, minimum=MIN_TEXT) for line in lines)    # one size for every player
    for seat, line in zip(setup.seats, lines):
        y += 6.5
        items += [Circle(11.0, y - 1.0, 2.2, Style(fill=f"cat-{seat.colour}", stroke="ink", stroke_width=0.2)),
                  *fitted_lines(15.0, y, line, size, width - 21.0)]
    deck = _("Exchange deck: {tiles} tiles, shuffled face down. Undealt hand cards: {cards}. Generator: "
             "{generator}.").format(tiles=len(setup.exchange), cards=len(setup.undealt), generator=setup.generator)
    items += fitted_lines(8.0, y + 8.0, deck, 2.6, width - 14.0, Style(fill="muted"))
    return items


def fitted_lines(x: float, y: float, text: str, size: float, room: float, style: Style = INK) -> list[Text]:
    """`text` in one line `room` mm wide at `size` or smaller down to 6 pt, and where even 6 pt is too wide (long
    German card names on narrow paper), in two lines centred on the baseline `y`."""
    size = fit_size(text, room, size, minimum=MIN_TEXT)
    lines = [text] if text_width(text, size) <= room else balanced_lines(text)
    top = y - (len(lines) - 1) * LINE_SPACING * size / 2
    return [Text(x, top + n * LINE_SPACING * size, line, size, style=style) for n, line in enumerate(lines)]


def print_setup(setup: TrailRouteSetup, options: PrintOptions) -> Document:
    if options.paper is None:
        return Document.single(board_scene(setup, lang=options.lang), title=f"{TITLE}: setup")
    scene = board_scene(setup, board_cell(setup, options.paper), lang=options.lang)
    return Document([fit_on_paper(scene, options.paper)], title=f"{TITLE}: setup")


def fit_on_paper(scene: Scene, paper: str) -> Scene:
    """The scene centred on the paper, in whichever orientation fits it larger, scaled to fit inside the margins
    (a setup is drawn to fit, so it is scaled by no more than a rounding)."""
    best = None
    for orientation in ("landscape", "portrait"):
        w, h = paper_size(paper, orientation)
        k = min((w - 2 * MIN_PAGE_MARGIN) / scene.width, (h - 2 * MIN_PAGE_MARGIN) / scene.height)
        if best is None or k > best[0]:
            best = (k, w, h)
    k, w, h = best
    page = Scene(w, h, theme=dict(scene.theme), meta=dict(scene.meta))
    for symbol in scene.symbols.values():
        page.define(symbol)
    page.add(Group(children=list(scene.children), dx=(w - scene.width * k) / 2, dy=(h - scene.height * k) / 2,
                   sx=k, sy=k))
    return page


# -- rule-sheet figures --------------------------------------------------------------------------------------------
# A rule sheet prints a figure in a column at about its real size (washigen/rulebook/typeset.py: no wider than the
# column, ~81 mm, and no taller than a third of the page keeps it there): these figures are drawn that small, their
# parts without their words, and name the parts in words of FIGURE_TEXT mm, which print at 6 pt or more.

FIGURE_TEXT = 2.3            # mm (6.5 pt)
FIGURE_WIDTH = 79.8          # mm: inside the narrowest column (A4) with the figure panel's padding


def figure_names(scene: Scene, names: list[str], x: float, y: float, width: float, colour: str = "ink") -> float:
    """`names` under each other, centred on x (moved in where a line would pass the figure's edge, which the rule
    sheet cuts off), wrapped to `width`; returns the baseline after the last."""
    for line in names:
        for part in wrap_text(line, FIGURE_TEXT, width, "bold"):
            size = fit_size(part, width, FIGURE_TEXT, "bold", MIN_TEXT)
            half = text_width(part, size, "bold") / 2
            scene.add(Text(min(max(x, half), scene.width - half), y, part, size, anchor="middle", weight="bold",
                           style=Style(fill=colour)))
            y += LINE_SPACING * FIGURE_TEXT
    return y


def tiles_figure(lang: str = "en") -> Scene:
    """The eight kinds of road tile in a row across the page, drawn 18 mm with their pictures only, each named
    under it."""
    _ = translator(lang)
    codes = ("arrow-red-blue-left", "black-arrow-up", "mouse-toy", "cat-forward", "place-a-cat", "wall", "tunnel",
             "road")
    names = (_("colour arrow"), _("black arrow"), _("mouse toy"), _("cat forward"), _("place a cat"), _("wall"),
             _("tunnel"), _("plain road"))
    per_row, s, gap = 8, 18.0, 3.0
    row_h = s + 2.2 + 2 * LINE_SPACING * FIGURE_TEXT + 1.0
    rows = math.ceil(len(codes) / per_row)
    scene = Scene(per_row * (s + gap) - gap, rows * row_h - 1.0, theme=dict(THEME), meta={"game": GAME, "kind": "figure"})
    scene.define(ground_symbol())
    for n, (code, name) in enumerate(zip(codes, names)):
        x, y = (n % per_row) * (s + gap), (n // per_row) * row_h
        scene.add(mini(road_face(code, lang), x, y, s, FIGURE_TEXT),
                  Rect(x + 0.1, y + 0.1, s - 0.2, s - 0.2, Style(stroke="muted", stroke_width=0.2)))
        figure_names(scene, [name], x + s / 2, y + s + 2.2 + ASCENT * FIGURE_TEXT, s + gap / 2)
    return scene


def cards_figure(lang: str = "en") -> Scene:
    """The six hand cards by their pictures (each in its card's colour), three a row, each named under it: the
    cards' own words are the rule text's, and would print far under 6 pt at this size."""
    _ = translator(lang)
    per_row, k, frame = 3, 0.46, 1.2
    panel_w, panel_h = (CARD_W - 13.0) * k, 36.0 * k
    w, h = panel_w + 2 * frame, panel_h + 2 * frame
    gap = (FIGURE_WIDTH - per_row * w) / (per_row - 1)
    row_h = h + 1.8 + 2 * LINE_SPACING * FIGURE_TEXT + 1.2
    scene = Scene(FIGURE_WIDTH, math.ceil(len(CARDS) / per_row) * row_h - 1.2, theme=dict(THEME),
                  meta={"game": GAME, "kind": "figure"})
    scene.define(ground_symbol())
    for n, (card, (name, _copies)) in enumerate(CARDS.items()):
        x, y = (n % per_row) * (w + gap), (n // per_row) * row_h
        colour = f"tr-{card}"
        picture = legible(card_picture(card, lang), k, FIGURE_TEXT)
        scene.add(Rect(x, y, w, h, Style(fill=colour), rx=1.6),
                  Rect(x + frame, y + frame, panel_w, panel_h, Style(fill="#ffffff"), rx=1.0),
                  Group(children=picture, dx=x + frame + 0.25 * k, dy=y + frame + 1.0 * k, sx=k, sy=k))
        figure_names(scene, [_(name)], x + w / 2, y + h + 1.8 + ASCENT * FIGURE_TEXT, w + gap / 2, colour)
    return scene
