"""The cat pawns of The Cats' Trail Route: fold-over standees, two per colour, and their sheet."""

from __future__ import annotations

from ... import __version__
from ...i18n import translator
from ...press import Document, PrintOptions
from ...press.impose import impose_grid
from ...scene import Group, Line, Rect, Scene, Style, Text
from .art import THEME, about_centre, cat_shape, grid_template, moved
from .model import COLOURS, GAME, TITLE

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


def print_pawns(options: PrintOptions, paper: str) -> Document:
    _ = translator(options.lang)
    pawns = [pawn_scene(colour, n, options.bleed, options.lang) for colour in COLOURS for n in (1, 2)]
    template = grid_template(paper, (PAWN_W, PAWN_H), None, f"{paper} standees")
    return impose_grid(pawns, template, PrintOptions(**{**options.__dict__, "duplex": "none"}),
                       title=f"{TITLE}: " + _("cat pawns"),
                       footer=f"{TITLE} · " + _("cat pawns: cut out, fold, glue the feet")
                       + f" · washigen {__version__}")
