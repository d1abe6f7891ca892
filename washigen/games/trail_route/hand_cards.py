"""The 16 hand cards of The Cats' Trail Route: each card's picture, rule text and footer, the common back, and the
card sheets. Card art is drawn in the card's own millimetres."""

from __future__ import annotations

import math

from ... import __version__
from ...fonts import MIN_TEXT, fit_size, wrap_text
from ...i18n import N_, translator
from ...press import Document, PrintOptions
from ...press.impose import impose_grid
from ...press.templates import Template, builtin_templates
from ...scene import Circle, Group, Line, Path, Polygon, Polyline, Primitive, Rect, Scene, Style, Text
from ...units import CARD_SIZES
from .art import THEME, cat_shape, ellipse, grid_template, moved, paw, straight_arrow
from .model import CARDS, GAME, TITLE, arrow_of
from .tiles import ART, ground_symbol, legible, mini, road_face

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


def card_picture(card: str, lang: str = "en") -> list:
    """The illustration of a hand card, in a 50 x 34 mm box."""
    colour = f"tr-{card}"
    items: list[Primitive]
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


def _framed(code: str, x: float, y: float, s: float, lang: str = "en") -> Group:
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


# -- card sheets ---------------------------------------------------------------------------------------------------

def card_template(paper: str) -> Template:
    name = f"{paper}-poker"
    if name in builtin_templates():
        return builtin_templates()[name]
    return grid_template(paper, CARD_SIZES["poker"], 0.0, f"{paper} poker")


def print_cards(options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    fronts = [card_front(card, options.bleed, options.lang) for card, (_name, copies) in CARDS.items()
              for _copy in range(copies)]
    return impose_grid(fronts, card_template(paper), options, backs=card_back(options.bleed),
                       title=f"{TITLE}: " + _("hand cards"),
                       footer=f"{TITLE} · " + _("hand cards") + f" · washigen {__version__}")
