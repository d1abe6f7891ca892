"""The tiles of The Cats' Trail Route: road, exchange and destination faces and the tiles' backs, drawn in a
40 x 40 art box and scaled to the tile; a face's words sized to the tile or left out; the tile sheets.

Every tile paints its background into the bleed; a tile drawn small (a board, a contents page, a figure) keeps
its pictures and leaves out its words."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from ... import __version__
from ...fonts import ASCENT, DESCENT, MIN_TEXT, balanced_lines, fit_size, text_width
from ...i18n import translator
from ...press import Document, PrintOptions
from ...press.impose import impose_grid
from ...press.templates import Template, builtin_templates, template_for
from ...scene import (Circle, Group, Line, Path, Polygon, Polyline, Primitive, Rect, Scene, Style, Symbol, Text,
                      Use)
from ...units import SAFE_ZONE, format_mm
from .art import (COLOUR_WORDS, INK, THEME, about_centre, badge, cat_shape, colour_chip, ellipse, grid_template,
                  moved, paw, paw_reach)
from .model import GAME, TITLE, Mix, arrow_of, dest_pair, tile_name

ART = 40.0          # tile art is drawn in a box of this size


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
    blades: list[Path] = []
    points: list[tuple[float, float]] = []
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


def paw_detail(cx: float, cy: float, r: float, style: Style) -> Detail:
    """A paw print on a background, as a Detail that gives way to the words."""
    return Detail((cx - 1.43 * r, cy - 2.0 * r, cx + 1.43 * r, cy + 1.05 * r), tuple(paw(cx, cy, r, style)))


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
    kept: list[Primitive] = []
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


def arrow_face(code: str, lang: str = "en") -> Face:
    _ = translator(lang)
    arrow = arrow_of(code)
    if arrow is None:
        raise ValueError(f"arrow_face: {code!r} is not an arrow tile")
    direction, colours = arrow
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
    items: list[Primitive] = [Circle(20, 24.5, 8.5, Style(fill="tr-yarn", stroke="ink", stroke_width=0.6))]
    for k in range(-2, 3):
        items.append(Path((("M", 13.0, 24.5 + k * 3.0), ("C", 17.0, 20.0 + k * 3.0, 23.0, 29.0 + k * 3.0, 27.5,
                                                         23.5 + k * 3.0)),
                          Style(stroke="#ffffff", stroke_width=0.45, opacity=0.6)))
    items.append(Path((("M", 27.0, 28.5), ("C", 32.0, 33.0, 35.0, 28.0, 36.0, 33.0)),
                      Style(stroke="tr-yarn", stroke_width=0.8, line_cap="round")))
    return items


BACK_PAW = 1.5              # a back's paw prints: their pads' half width, 5 x 5 places BACK_PAW_STEP apart
BACK_PAW_STEP = 8.5


def back_paws() -> list[tuple[float, float]]:
    """Where a back's paw prints stand: every other place of a 5 x 5 grid whose prints' outlines are centred on the
    art box, so that each print keeps as clear of the trim on one side as on the other (0.8 units). A 9-unit grid
    from (2, 2.5) ran past the trim on every side, 0.22 mm at the left of a 60 mm tile and 0.37 mm at the top: the cut
    took a sliver of the toes."""
    left, up, right, down = paw_reach(BACK_PAW)
    x0 = ART / 2 - 2 * BACK_PAW_STEP + (left - right) / 2
    y0 = ART / 2 - 2 * BACK_PAW_STEP + (up - down) / 2
    return [(x0 + col * BACK_PAW_STEP, y0 + row * BACK_PAW_STEP) for row in range(5) for col in range(5)
            if (row + col) % 2 == 0]


def back_face(kind: str, lang: str = "en") -> Face:
    """A tile's back: a paw pattern and the kind's name on a plate in the middle (left out where under 6 pt)."""
    _ = translator(lang)
    fill, dark, label = {"road": ("tr-ground", "tr-pebble", _("road")),
                         "exchange": ("tr-exchange", "tr-exchange-dark", _("exchange")),
                         "destination": ("tr-dest", "tr-dest-dark", _("destination"))}[kind]
    background: list = [Rect(-4, -4, ART + 8, ART + 8, Style(fill=fill))]
    background += [item for cx, cy in back_paws() for item in paw(cx, cy, BACK_PAW, Style(fill=dark, opacity=0.7))]
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


# -- tile sheets ---------------------------------------------------------------------------------------------------

def tile_template(paper: str, size: float, options: PrintOptions) -> Template:
    if options.template is not None:
        return template_for("tile", paper, options.template)
    name = f"{paper}-tile{format_mm(size)}"
    if name in builtin_templates():
        return builtin_templates()[name]
    return grid_template(paper, (size, size), None, f"{paper} {format_mm(size)} mm tiles")


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
    """Every tile of the mix, fronts and matching backs: road tiles, exchange tiles, destination tiles.

    Every copy of a tile type is the same drawing, so each type is drawn once and placed as often as the mix holds
    it, and each kind of back once for all its tiles (the sheets stamp it, as a deck's card back): a scene per copy
    held 1.6 GB for 200 tiles of every type (a back alone is 80 KB of paw prints)."""
    words = tile_words_print(mix, size, lang)
    road = {code: road_tile(code, size, bleed, lang=lang, words=words) for code, count in mix.road if count}
    exchange = {code: road_tile(code, size, bleed, exchange=True, lang=lang, words=words)
                for code, count in mix.exchange if count}
    destinations = {code: destination_tile(code, size, bleed, lang, words=words)
                    for code, count in mix.destinations if count}
    fronts, backs = [], []
    for part, drawn, back in (("road", road, "road"), ("exchange", exchange, "exchange"),
                              ("destinations", destinations, "destination")):
        codes = mix.pool(part)
        fronts += [drawn[code] for code in codes]
        backs += [back_tile(back, size, bleed, lang)] * len(codes)
    return fronts, backs


def print_tiles(mix: Mix, size: float, options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    fronts, backs = tile_runs(mix, size, options.bleed, options.lang)
    sheet = _("tiles {size} mm · mix {mix}").format(size=_.mm(size), mix=mix_name(mix, options.lang))
    footer = f"{TITLE} · {sheet} · washigen {__version__}"
    return impose_grid(fronts, tile_template(paper, size, options), options, backs=backs,
                       title=f"{TITLE}: " + _("tiles"), footer=footer)
