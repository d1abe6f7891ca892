"""What every drawing of The Cats' Trail Route shares: the game's colours (THEME), the cat colours' names, small
shapes (ellipse, paw, sitting cat, badge, colour chip, arrow) and the grid that sheets of cut parts are laid out
on."""

from __future__ import annotations

import math
from dataclasses import replace

from ...fonts import fit_size
from ...i18n import N_, translator
from ...press.templates import Grid, Template
from ...scene import Circle, Group, Line, Path, Polygon, Primitive, Style, Text
from ...units import MIN_PAGE_MARGIN, paper_size

THEME = {
    "tr-ground": "#f3e6c8", "tr-ground-dark": "#e3d0a6", "tr-pebble": "#cdb78a", "tr-pebble-dark": "#a88f61",
    "tr-grass": "#8fbf6a", "tr-grass-dark": "#5d8f43",
    "tr-brick": "#b4553a", "tr-brick-light": "#c86b4c", "tr-brick-dark": "#96432c", "tr-mortar": "#ead9bd",
    "tr-stone": "#a9a39a", "tr-stone-light": "#c4bfb6", "tr-stone-dark": "#6f6961", "tr-tunnel": "#2a2420",
    "tr-mouse": "#9a9792", "tr-mouse-dark": "#5e5b57", "tr-pink": "#f2a3b3",
    "tr-dest": "#f6e1e7", "tr-dest-dark": "#e7bccb", "tr-dest-ink": "#94405c",
    "tr-basket": "#c98f4e", "tr-basket-dark": "#94642f",
    "tr-exchange": "#dfeaf3", "tr-exchange-dark": "#9fbad0", "tr-fish": "#5aa0c8", "tr-yarn": "#9b6cc4",
    "tr-badge": "#ffd34d", "tr-night": "#2e2a4f", "tr-night-light": "#454074", "tr-cream": "#fffaf0",
    "tr-mat": "#e7efd9", "tr-mat-dark": "#b9cca0", "tr-slot": "#fbf6ea", "tr-dest-slot": "#fbeef2",
    "tr-hidden-passage": "#6b4fa0", "tr-deep-fog": "#5b7d8c", "tr-living-path": "#3f8a55",
    "tr-curiosity": "#d7831b", "tr-someone-calling": "#c0504d", "tr-mirror": "#3a6fb0",
}
INK = Style(fill="ink")

# The cat colours as labels name them.
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}


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
    parts: list[tuple[str, Path | Polygon | Circle]] = [
        ("tail", Path((("M", 16.5, 25.5), ("C", 23.5, 25.5, 24.0, 18.0, 20.5, 14.5)), Style())),
        ("body", Path((("M", 4.6, 27.6), ("C", 3.4, 20.5, 6.0, 14.5, 9.6, 12.6), ("L", 14.4, 12.6),
                       ("C", 18.0, 14.5, 20.6, 20.5, 19.4, 27.6), ("Z",)), Style())),
        ("ear", Polygon(((5.0, 8.0), (5.4, 1.0), (10.0, 4.6)), Style())),
        ("ear", Polygon(((14.0, 4.6), (18.6, 1.0), (19.0, 8.0)), Style())),
        ("head", Circle(12.0, 9.2, 6.2, Style())),
    ]
    under: list[Primitive] = []
    over: list[Primitive] = []
    for kind, shape in parts:
        if kind == "tail":
            assert isinstance(shape, Path), "the tail is a stroked path"
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


# A paw print's pad and toes as ellipses (x, y, half width, half height) in units of the pad's half width.
PAW_PARTS = ((0.0, 0.25, 1.0, 0.8), *((dx, dy, s, s * 1.2) for dx, dy, s in (
    (-1.05, -0.85, 0.38), (-0.38, -1.35, 0.4), (0.38, -1.35, 0.4), (1.05, -0.85, 0.38))))


def paw(cx: float, cy: float, r: float, style: Style) -> list:
    """A paw print: one big pad and four toes, `r` the pad's half width."""
    return [ellipse(cx + x * r, cy + y * r, w * r, h * r, style) for x, y, w, h in PAW_PARTS]


def paw_reach(r: float) -> tuple[float, float, float, float]:
    """How far a paw print of `paw(cx, cy, r, ...)` reaches from (cx, cy): left, up, right, down."""
    return (max(w - x for x, _y, w, _h in PAW_PARTS) * r, max(h - y for _x, y, _w, h in PAW_PARTS) * r,
            max(x + w for x, _y, w, _h in PAW_PARTS) * r, max(y + h for _x, y, _w, h in PAW_PARTS) * r)


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


def straight_arrow(x1, y1, x2, y2, colour: str = "ink", width: float = 1.2, head: float = 2.8) -> list:
    angle = math.atan2(y2 - y1, x2 - x1)
    base = (x2 - head * math.cos(angle), y2 - head * math.sin(angle))
    tip = ((x2, y2), (base[0] - head * 0.6 * math.sin(angle), base[1] + head * 0.6 * math.cos(angle)),
           (base[0] + head * 0.6 * math.sin(angle), base[1] - head * 0.6 * math.cos(angle)))
    return [Line(x1, y1, base[0], base[1], Style(stroke=colour, stroke_width=width, line_cap="round")),
            Polygon(tip, Style(fill=colour))]


# -- sheets of cut parts -------------------------------------------------------------------------------------------

def grid_template(paper: str, item: tuple[float, float], gutter: float | None, name: str,
                  landscape: bool = False) -> Template:
    w, h = paper_size(paper, "landscape" if landscape else "portrait")
    m = MIN_PAGE_MARGIN
    return Template(name, w, h, (m + 4.0, m, m + 4.0, m), Grid(item[0], item[1], gutter=gutter))
