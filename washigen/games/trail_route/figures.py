"""The rule sheet's figures for The Cats' Trail Route: the kinds of road tile, and the hand cards by their
pictures.

A rule sheet prints a figure in a column at about its real size (washigen/rulebook/typeset.py: no wider than the
column, ~81 mm, and no taller than a third of the page keeps it there): these figures are drawn that small, their
parts without their words, and name the parts in words of FIGURE_TEXT mm, which print at 6 pt or more."""

from __future__ import annotations

import math

from ...fonts import ASCENT, MIN_TEXT, fit_size, text_width, wrap_text
from ...i18n import translator
from ...scene import Group, Rect, Scene, Style, Text
from .art import THEME
from .hand_cards import CARD_W, card_picture
from .model import CARDS, GAME
from .tiles import LINE_SPACING, ground_symbol, legible, mini, road_face

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
