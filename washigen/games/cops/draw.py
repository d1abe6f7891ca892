"""Cops designs drawn into scenes at real size: segments, maps (one page, or strips in tape lanes), tape artwork
and squad sheets (a played game: draw_game.py; the rule sheet's other figures: figures.py).

Everything is drawn on the 50 mm tape's sizes multiplied by the tape's scale, so every tape width prints the same
picture. Paths are a dark stroke under a narrower yellow one, so they show on white paper; locations are drawn
over the paths; the new roads of an offset set-up are orange and dashed.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Sequence

from ... import __version__
from ...errors import InputError
from ...words import N_, Says
from ...fonts import ASCENT, MIN_FINE_PRINT, MIN_TEXT, descent, fit_size, text_width
from ...i18n import translator
from ...press import Document, PrintOptions, load_template, template_for
from ...press.impose import impose_grid, impose_lanes
from ...press.templates import Grid, Template
from ...scene import (Anchor, Circle, Group, Line, Path as ScenePath, Polygon, Rect, Scene, StripFrame, Style,
                      Symbol, Text, Use, rounded_path)
from ...units import DEFAULT_BLEED, MIN_PAGE_MARGIN, SAFE_ZONE, paper_size
from .model import (GAME, KIND_COLOURS, PATH_WIDTH, ROAD_WIDTH, SQUAD_WIDTH, TITLE, CopsMap, CopsSheet, CopsTape,
                    Location, Segment, scale_for)
from .lettering import Room, box_of, id_size, location_id, off_the_words, place_ids, roads_over, text_box, within

if TYPE_CHECKING:
    from pathlib import Path as FilePath

THEME = {
    "cops-tape": "#fbf8f1",
    "tape-ground": "#fbf8f1",           # plain tape past a roll's last whole segment (press.impose.tape_artwork)
    "cops-zone-1": "#f6f1e4",
    "cops-zone-2": "#edf2f4",
    "cops-blue": "#2f63a8",
    "cops-blue-light": "#dbe6f4",
    "cops-road-edge": "#8a4310",
    "cops-location-edge": "#2b2b2b",
}

ICON_BOX = 10.0          # pictograms are drawn in a 10 x 10 box and scaled where they are used


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white (amount 0: white, 1: the colour): a light tint without transparency."""
    value = colour.lstrip("#")
    channels = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02x}" for c in channels)


def paint(fill=None, stroke=None, width=0.25, dash=None, cap="butt", join="miter", opacity=1.0) -> Style:
    return Style(fill=fill, stroke=stroke, stroke_width=width, dash=dash, opacity=opacity, line_cap=cap,
                 line_join=join)


# -- pictograms ---------------------------------------------------------------------------------------------------


@cache
def icon_symbol(kind: str) -> Symbol:
    """A small recognisable pictogram of a crime location, from primitives, in a 10 x 10 box."""
    colour = KIND_COLOURS[kind]
    ink = "cops-location-edge"
    line = paint(stroke=ink, width=0.45, join="round", cap="round")
    body = paint(fill=colour, stroke=ink, width=0.45, join="round")
    white = paint(fill="#ffffff", stroke=ink, width=0.4, join="round")
    symbol = Symbol(f"cops-{kind}", ICON_BOX, ICON_BOX)
    if kind == "shop":
        symbol.add(Rect(1.6, 4.4, 6.8, 4.6, white),
                   Polygon(((1.0, 2.6), (9.0, 2.6), (9.4, 4.6), (0.6, 4.6)), body),
                   Line(3.4, 2.6, 3.1, 4.6, line), Line(5.0, 2.6, 5.0, 4.6, line), Line(6.6, 2.6, 6.9, 4.6, line),
                   Rect(2.6, 5.8, 1.8, 3.2, body), Rect(5.2, 5.8, 2.3, 1.8, white),
                   Line(0.6, 9.0, 9.4, 9.0, line), Line(1.0, 1.3, 9.0, 1.3, paint(stroke=colour, width=0.8)))
    elif kind == "house":
        symbol.add(Rect(2.0, 4.6, 6.0, 4.4, white),
                   Polygon(((0.8, 5.0), (5.0, 1.0), (9.2, 5.0)), body),
                   Rect(6.4, 1.6, 1.1, 2.0, body),
                   Rect(4.2, 6.2, 1.6, 2.8, body), Rect(2.7, 5.4, 1.1, 1.1, white), Rect(6.2, 5.4, 1.1, 1.1, white))
    elif kind == "park":
        symbol.add(Rect(4.4, 5.6, 1.2, 3.4, paint(fill="#7a5230", stroke=ink, width=0.35)),
                   Circle(5.0, 4.0, 3.4, body), Circle(3.6, 3.0, 0.9, paint(fill=tint(colour, 0.55))),
                   Line(1.0, 9.0, 9.0, 9.0, line))
    elif kind == "bank":
        symbol.add(Polygon(((0.8, 3.6), (5.0, 0.8), (9.2, 3.6)), body),
                   Rect(1.2, 3.6, 7.6, 0.8, white), Rect(1.0, 8.0, 8.0, 1.0, white))
        for x in (2.0, 4.3, 6.6):
            symbol.add(Rect(x, 4.4, 1.4, 3.6, white))
        symbol.add(Circle(5.0, 2.4, 0.55, paint(fill="#ffffff")))
    elif kind == "phone":
        symbol.add(Rect(2.4, 0.8, 5.2, 8.4, paint(fill=colour, stroke=ink, width=0.45, join="round"), rx=1.0),
                   Rect(3.3, 2.4, 3.4, 4.6, white), Line(5.0, 2.4, 5.0, 7.0, line), Line(3.3, 4.7, 6.7, 4.7, line),
                   Rect(3.0, 1.2, 4.0, 0.8, paint(fill="#ffffff")), Line(2.4, 8.2, 7.6, 8.2, line))
    elif kind == "fish":
        symbol.add(Polygon(((7.0, 5.0), (9.6, 2.6), (9.6, 7.4)), body),
                   ScenePath((("M", 0.6, 5.0), ("C", 2.0, 1.6, 6.0, 1.6, 7.6, 5.0),
                              ("C", 6.0, 8.4, 2.0, 8.4, 0.6, 5.0), ("Z",)), body),
                   Circle(2.6, 4.4, 0.6, paint(fill="#ffffff", stroke=ink, width=0.3)),
                   Line(4.4, 3.2, 4.4, 6.8, line))
    elif kind == "shrine":
        red = paint(fill=colour, stroke=ink, width=0.4, join="round")
        symbol.add(ScenePath((("M", 0.4, 1.6), ("C", 3.4, 2.4, 6.6, 2.4, 9.6, 1.6), ("L", 9.4, 3.0),
                              ("C", 6.6, 3.6, 3.4, 3.6, 0.6, 3.0), ("Z",)), red),
                   Rect(1.6, 4.4, 6.8, 0.9, red), Rect(2.6, 3.2, 1.0, 5.9, red), Rect(6.4, 3.2, 1.0, 5.9, red),
                   Rect(4.6, 3.3, 0.8, 1.1, red), Line(0.8, 9.1, 9.2, 9.1, line))
    elif kind == "station":
        symbol.add(Rect(1.8, 1.0, 6.4, 6.8, paint(fill=colour, stroke=ink, width=0.45, join="round"), rx=1.4),
                   Rect(2.7, 2.0, 4.6, 2.4, white), Circle(3.3, 6.0, 0.6, paint(fill="#ffe98a", stroke=ink, width=0.3)),
                   Circle(6.7, 6.0, 0.6, paint(fill="#ffe98a", stroke=ink, width=0.3)),
                   Line(3.0, 7.8, 1.8, 9.4, line), Line(7.0, 7.8, 8.2, 9.4, line), Line(0.8, 9.4, 9.2, 9.4, line))
    else:
        raise InputError(Says(N_("{field}: unknown location kind {kind!r}"), field="kind", kind=kind))
    return symbol


@cache
def gravestone_symbol() -> Symbol:
    """A rounded headstone with a cross line, 3 x 4 box."""
    blue = paint(fill="cops-blue", stroke="cops-blue", width=0.2, join="round")
    symbol = Symbol("cops-gravestone", 3.0, 4.0)
    symbol.add(ScenePath((("M", 0.3, 4.0), ("L", 0.3, 1.5), ("C", 0.3, -0.3, 2.7, -0.3, 2.7, 1.5),
                          ("L", 2.7, 4.0), ("Z",)), blue),
               Line(1.5, 0.9, 1.5, 2.7, paint(stroke="#ffffff", width=0.3)),
               Line(0.9, 1.5, 2.1, 1.5, paint(stroke="#ffffff", width=0.3)))
    return symbol


@cache
def ramen_symbol() -> Symbol:
    """A bowl of ramen with chopsticks and steam, 20 x 16 box."""
    ink = paint(stroke="ink", width=0.5, cap="round", join="round")
    symbol = Symbol("cops-ramen", 20.0, 16.0)
    symbol.add(Line(12.0, 1.0, 17.5, 7.0, paint(stroke="#9c6b4e", width=0.9, cap="round")),
               Line(14.2, 0.6, 18.6, 6.6, paint(stroke="#9c6b4e", width=0.9, cap="round")),
               ScenePath((("M", 5.0, 4.6), ("C", 3.8, 3.4, 6.2, 2.4, 5.0, 1.0)), ink),
               ScenePath((("M", 8.5, 4.6), ("C", 7.3, 3.4, 9.7, 2.4, 8.5, 1.0)), ink),
               Rect(2.0, 6.6, 16.0, 1.6, paint(fill="#f2d27a", stroke="ink", width=0.4)),
               ScenePath((("M", 1.0, 8.2), ("L", 19.0, 8.2), ("C", 18.4, 13.2, 14.0, 15.0, 10.0, 15.0),
                          ("C", 6.0, 15.0, 1.6, 13.2, 1.0, 8.2), ("Z",)),
                         paint(fill="#c8102e", stroke="ink", width=0.5, join="round")),
               ScenePath((("M", 4.0, 10.4), ("L", 16.0, 10.4)), paint(stroke="#ffffff", width=0.5,
                                                                      dash=(1.0, 0.8))),
               Rect(7.0, 15.0, 6.0, 0.8, paint(fill="ink")))
    return symbol


# -- a segment ----------------------------------------------------------------------------------------------------


def segment_children(segment: Segment, width: float, length: float, bleed: float, caption: str,
                     small: str = "", lang: str = "en", lettering: float | None = 1.0,
                     roads: Sequence[Sequence] = ()) -> tuple[list, list[Symbol]]:
    """The primitives of one segment in its own frame (0..length x 0..width), art reaching `bleed` beyond, its
    words last (`segment_layers`)."""
    art, words, symbols = segment_layers(segment, width, length, bleed, caption, small, lang, lettering, roads)
    return art + words, symbols


def segment_layers(segment: Segment, width: float, length: float, bleed: float, caption: str,
                   small: str = "", lang: str = "en", lettering: float | None = 1.0,
                   roads: Sequence[Sequence] = (), plated: bool = False) -> tuple[list, list, list[Symbol]]:
    """One segment's art and its words (ids, seed and version), apart, so that a game drawn over the art leaves
    the words on top. Its words are drawn `lettering` times their size on the tape (a figure printed smaller than
    real size needs them larger), or left off with None (an overview). Every word stands SAFE_ZONE inside the
    segment's edges, at no less than its smallest size: on a narrow tape an id goes beside its location or in its
    pictogram's place, and a word with no room is left off (`Room`); a word that has to move keeps clear of
    `roads` (polylines in the segment's frame) as of the paths, and one that has to cross a path gets a plate of
    the ground it stands on (every word does, `plated`, where more is drawn over the segment)."""
    s = scale_for(width)
    room = Room(segment, width, length, s, roads)
    art: list = []
    words: list = []
    symbols = [gravestone_symbol()] + [icon_symbol(kind) for kind in sorted({l.kind for l in segment.locations})]
    g = segment.gravestones
    squad = SQUAD_WIDTH * s
    art.append(Rect(-bleed, -bleed, length + 2 * bleed, width + 2 * bleed, paint(fill="cops-tape")))
    art.append(Rect(squad, -bleed, g - squad, width + 2 * bleed, paint(fill="cops-zone-1")))
    art.append(Rect(g, -bleed, length - g + bleed, width + 2 * bleed, paint(fill="cops-zone-2")))
    art += _squad_section(segment, width, s, bleed, lang, lettering)
    art += _gravestones(segment, width, s, bleed)
    art += _paths(segment, width, length, s, bleed)
    labels = {} if lettering is None else place_ids(segment.locations, s, id_size(s, lettering), room)
    moved = _off_the_words(labels, room)
    for location in segment.locations:
        label, pictogram = labels.get(location.id, (None, True))
        art += location_children(location, s, None, None, pictogram)
        if lettering is not None:
            label = label or location_id(location, s, id_size(s, lettering))
            # an id set where nothing was free (room.crowded, a tape of 12 mm or less), or moved for one, always
            # gets its plate: whatever it was set over, no ink crosses it
            words += _on_plate(label, room, _ground_of(label, location, pictogram),
                               plated or location.id in room.crowded or location.id in moved)
    if lettering is not None:
        words += _small_print(length, width, s, caption, small, lettering, room, plated)
    if room.crowded:         # ids may stand nearer each other than a plate's margin: no plate over another's word
        words = [item for item in words if not isinstance(item, Text)] + [item for item in words
                                                                           if isinstance(item, Text)]
    return art, words, symbols


def _off_the_words(labels: dict[str, tuple[Text, bool]], room: Room) -> set[str]:
    """The ids that place_ids set where nothing was free (room.crowded) moved the least, inside the band, that keeps
    each and its plate off every other word; where no move of it alone does, with the ids nearest it moved too
    (lettering.off_the_words; an id in its pictogram's place stays); where nothing does, as it was set. Which ids
    moved."""
    apart = 2 * PLATE_MARGIN + 0.05             # no plate reaches another word
    moved: set[str] = set()
    for ident in room.crowded:
        boxes = {other: box_of(label) for other, (label, pictogram) in labels.items() if pictogram}
        boxes[ident] = box_of(labels[ident][0])
        for other, (dx, dy) in off_the_words(room, boxes, ident, apart).items():
            label, pictogram = labels[other]
            labels[other] = (replace(label, x=label.x + dx, y=label.y + dy), pictogram)
            room.words[room.words.index(box_of(label))] = box_of(labels[other][0])
            moved.add(other)
    return moved


def _ground_of(label: Text, location: Location, pictogram: bool) -> str | None:
    """The colour under an id on its own location (white, or the tint of a location without its pictogram); None
    beside it (the zone's colour)."""
    x, y, w, h = location.x, location.y, location.w, location.h
    box = text_box(label.text, label.x, label.y, label.size, label.anchor, label.weight)
    if not within(box, (x, y, x + w, y + h)):
        return None
    return tint(KIND_COLOURS[location.kind], 0.16) if location.shape == "circle" or not pictogram else "#ffffff"


def _squad_section(segment: Segment, width: float, s: float, bleed: float, lang: str = "en",
                   lettering: float | None = 1.0) -> list:
    squad = SQUAD_WIDTH * s
    items: list = [Rect(-bleed, -bleed, squad + bleed, width + 2 * bleed, paint(fill="cops-blue"))]
    stubs = sorted(end.at for path in segment.paths for end in (path.a, path.b)
                   if end.joint == "left" and end.at is not None)
    half = PATH_WIDTH * s / 2 + 1.2 * s
    edges = [0.6 * s] + [v for y in stubs for v in (y - half, y + half)] + [width - 0.6 * s]
    fields = [(top, bottom) for top, bottom in zip(edges[::2], edges[1::2]) if bottom - top >= 6.0 * s]
    # Paths from the joint split the section into fields; the word goes in the tallest only (a section says SQUAD
    # once, however many paths cross it).
    tallest = max(fields, key=lambda field: field[1] - field[0], default=None)
    for top, bottom in fields:
        x, w = 1.6 * s, squad - 3.2 * s
        items.append(Rect(x, top + 0.6 * s, w, bottom - top - 1.2 * s, paint(fill="#ffffff"), rx=1.2 * s))
        if lettering is None or bottom - top < 14 * s or (top, bottom) != tallest:
            continue
        label = translator(lang).gettext("SQUAD")
        if label:
            size = max(MIN_TEXT, 1.5 * s) * lettering
            # Turned a quarter, the glyphs reach left of the baseline: keep them SAFE_ZONE from the segment's end.
            baseline = max(x + 0.6 * s + size, SAFE_ZONE + ASCENT * size)
            start = min(bottom - 1.6 * s, width - SAFE_ZONE)
            # In the white field and SAFE_ZONE inside the tape's edges, or not at all: on a narrow tape the field is
            # too narrow or too short for the word at 6 pt, and the empty field still says what it is for.
            field = (max(x, SAFE_ZONE), max(top + 1.2 * s, SAFE_ZONE), x + w, min(bottom - 1.2 * s, width - SAFE_ZONE))
            box = text_box(label, baseline, start, size, weight="bold", turned=True)
            if within(box, field):
                items.append(Text(baseline, start, label, size, weight="bold", rotate=-90,
                                  style=paint(fill="cops-blue")))
    return items


def _gravestones(segment: Segment, width: float, s: float, bleed: float = 0.0) -> list:
    """A line of small headstones at x = gravestones, leaving gaps where paths cross it; the dashed line under
    them runs across the tape and on into the bleed, as the zones' colours do."""
    g = segment.gravestones
    crossings = []
    for path in segment.paths:
        for p, q in zip(path.points, path.points[1:]):
            if (p[0] - g) * (q[0] - g) <= 0 and p[0] != q[0]:
                t = (g - p[0]) / (q[0] - p[0])
                crossings.append(p[1] + t * (q[1] - p[1]))
    stone_w, stone_h = 3.0 * s, 4.0 * s
    keep_clear = PATH_WIDTH * s / 2 + stone_h / 2 + 0.6 * s
    dash = (0.8 * s, 1.2 * s)
    before = math.ceil(bleed / sum(dash)) * sum(dash)      # whole dashes before the edge keep the tape's in place
    items: list = [Line(g, -before, g, width + bleed, paint(stroke="cops-blue", width=0.25 * s, dash=dash))]
    step = 5.2 * s
    y = 2.6 * s + stone_h / 2
    while y <= width - 2.0 * s - stone_h / 2:
        if all(abs(y - c) >= keep_clear for c in crossings):
            items.append(Use("cops-gravestone", g - stone_w / 2, y - stone_h / 2, scale=s))
        y += step
    return items


def _extended(points: Sequence, width: float, length: float, bleed: float) -> list:
    """Ends on an edge run on into the bleed, so the path prints to the cut."""
    points = list(points)
    for k, neighbour in ((0, 1), (-1, -2)):
        x, y = points[k]
        if y <= 1e-9:
            points[k] = (x, -bleed)
        elif y >= width - 1e-9:
            points[k] = (x, width + bleed)
        elif x <= 1e-9:
            points[k] = (-bleed, y)
        elif x >= length - 1e-9:
            points[k] = (length + bleed, y)
    return points


def _paths(segment: Segment, width: float, length: float, s: float, bleed: float) -> list:
    edges, fills = [], []
    radius = 2.2 * s
    edge = paint(stroke="path-edge", width=PATH_WIDTH * s, join="round")
    yellow = paint(stroke="path", width=(PATH_WIDTH - 0.7) * s, join="round")
    for path in segment.paths:
        shape = rounded_path(_extended(path.points, width, length, bleed), radius)
        edges.append(replace(shape, style=edge))
        fills.append(replace(shape, style=yellow))
    return edges + fills


def location_children(location: Location, s: float, lettering: float | None = 1.0, label: Text | None = None,
                      pictogram: bool = True) -> list:
    """A location: a white card or disc with a tinted pictogram panel and its three fill-in areas, and its id
    `lettering` times its size on the tape (None: no id), in its corner or as `label` sets it (in the pictogram's
    place on a narrow tape: `pictogram` False leaves the pictogram off)."""
    colour = KIND_COLOURS[location.kind]
    outline = paint(fill="#ffffff", stroke="cops-location-edge", width=0.4 * s, join="round")
    area_style = paint(fill="#ffffff", stroke="cops-location-edge", width=0.3 * s)
    items: list = []
    x, y, w, h = location.x, location.y, location.w, location.h
    if location.shape == "circle":
        r = w / 2
        items.append(Circle(x + r, y + r, r, outline))
        items.append(Circle(x + r, y + r, r - 0.4 * s, paint(fill=tint(colour, 0.16))))
        icon = 7.4 * s
        if pictogram:
            items.append(Use(f"cops-{location.kind}", x + r - icon / 2, y + 1.3 * s, scale=icon / ICON_BOX))
    else:
        rx = 2.0 * s
        panel = location.areas[0].x - x - 0.6 * s if location.areas else w / 3
        if pictogram:
            items.append(Rect(x, y, w, h, outline, rx=rx))
            items.append(Rect(x + 0.4 * s, y + 0.4 * s, panel - 0.4 * s, h - 0.8 * s,
                              paint(fill=tint(colour, 0.16)), rx=rx * 0.8))
        else:              # the id in the pictogram's place: the whole card tinted, so no tint's edge crosses it
            items.append(Rect(x, y, w, h, replace(outline, fill=tint(colour, 0.16)), rx=rx))
        icon = min(panel - 1.2 * s, h - 2.0 * s)
        if pictogram:
            items.append(Use(f"cops-{location.kind}", x + (panel - icon) / 2 + 0.2 * s, y + (h - icon) / 2,
                             scale=icon / ICON_BOX))
    for area in location.areas:
        if area.shape == "circle":
            items.append(Circle(area.x + area.w / 2, area.y + area.h / 2, area.w / 2, area_style))
        else:
            items.append(Rect(area.x, area.y, area.w, area.h, area_style, rx=0.5 * s))
    if lettering is not None:
        items.append(label or location_id(location, s, id_size(s, lettering)))
    return items


def _small_print(length: float, width: float, s: float, caption: str, small: str, lettering: float = 1.0,
                room: Room | None = None, plated: bool = False) -> list:
    """The seed and version, small, in the corridor at the segment's right end, SAFE_ZONE inside its edges (turned
    a quarter, a line's descenders reach right of its baseline), off the paths where it can (a joint path runs
    through the corridor), else on a plate (`_on_plate`). Where a tape is too narrow for them there, `room` moves
    them, never making them smaller: each turned at another place in the corridor (side by side); else the caption
    without the segment's number there; else the caption (whole, else shorter) at the nearest free place on the
    segment crossing no path, else crossing fewest, on a plate; the version is left off a segment whose corridor
    has no room for it (the PDF's creator still names it, as its title and a sheet's strip labels name the
    seed)."""
    size = max(MIN_FINE_PRINT, 1.25 * s) * lettering
    style = paint(fill="muted")
    items = []
    lines: tuple[tuple[str, float, Anchor], ...] = ((caption, width - SAFE_ZONE, "start"), (small, SAFE_ZONE, "end"))
    for text, y, anchor in lines:
        if text:
            fitted = max(MIN_FINE_PRINT * lettering, fit_size(text, width / 2 - SAFE_ZONE - 1.0, size, minimum=0.6))
            x = min(length - 3.6 * s, length - SAFE_ZONE - descent(text) * fitted)
            line = Text(x, y, text, fitted, rotate=-90, anchor=anchor, style=style)
            placed: Text | None = line
            if room is not None:
                # off the paths in the corridor, else on a plate there (a joint path runs through it)
                tries: list[tuple[Text | None, bool, bool]] = [(line, False, False), (line, False, True)]
                if text == caption:
                    # the segment's number (after the last " · ") is what a narrow tape gives up first
                    short = replace(line, text=caption.rpartition(" · ")[0]) if " · " in caption else None
                    tries += [(short, False, False), (short, False, True), (line, True, False), (short, True, False),
                              (line, True, True), (short, True, True)]
                placed = _first_placed(room, tries)
            if placed is not None:
                items += _on_plate(placed, room, always=plated)
    return items


PLATE_MARGIN = 0.25       # mm of a word's plate around its glyphs


def _on_plate(text: Text, room: Room | None, ground: str | None = None, always: bool = False) -> list:
    """The word, on a plate of the ground it stands on (`ground`, else its zone's colour) where it crosses a path
    (a narrow tape leaves it nowhere else) or `always`: the path stops at the plate's edge and goes on past it, and
    no ink crosses the word. A word on its own location needs none: the location covers the paths under it."""
    if room is None or not (always or (ground is None and room.crosses(text))):
        return [text]
    x0, y0, x1, y1 = text_box(text.text, text.x, text.y, text.size, text.anchor, text.weight, text.rotate == -90)
    ground = ground or ("cops-zone-1" if (x0 + x1) / 2 < room.gravestones else "cops-zone-2")
    m = PLATE_MARGIN
    return [Rect(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m, paint(fill=ground), rx=m), text]


def _first_placed(room: Room, tries) -> Text | None:
    """The first of `tries` (line, anywhere, crossing) that `room` finds a place for, placed; None if none."""
    for line, anywhere, crossing in tries:
        placed = None if line is None else room.place_line(line, anywhere, crossing)
        if placed is not None:
            return placed
    return None


def segment_scene(segment: Segment, width: float, length: float, bleed: float = 0.0, caption: str = "",
                  meta: dict | None = None, lang: str = "en", lettering: float | None = 1.0,
                  roads: Sequence[Sequence] = ()) -> Scene:
    scene = Scene(length, width, bleed=bleed, theme=dict(THEME), meta=dict(meta or {}))
    children, symbols = segment_children(segment, width, length, bleed, caption, f"washigen {__version__}", lang,
                                         lettering, roads)
    for symbol in symbols:
        scene.define(symbol)
    scene.add(*children)
    return scene


# -- maps ---------------------------------------------------------------------------------------------------------


def _meta(design, kind: str) -> dict:
    return {"game": GAME, "kind": kind, "seed": str(design.seed), "version": __version__, "title": TITLE}


def _caption(design, index: int, count: int, lang: str = "en") -> str:
    """The seed and the segment's number; on a map's first segment also the fairness search's verdict, small:
    its score (the largest gap between a seat's win rate and its fair share) over so many greedy games."""
    _ = translator(lang)
    caption = _("seed {seed}").format(seed=design.seed)
    if index == 0 and isinstance(design, CopsMap) and design.balance_games and design.balance_score is not None:
        verdict = _("fair {score}/{games}") if design.balance_fair else _("not fair {score}/{games}")
        caption += " · " + verdict.format(score=_.number(design.balance_score, 3), games=design.balance_games)
    return caption + f" · {index + 1}/{count}"


def road_children(design: CopsMap, dx: float = 0.0, dy: float = 0.0) -> list:
    s = scale_for(design.tape_width)
    edge = paint(stroke="cops-road-edge", width=ROAD_WIDTH * s, cap="round", join="round")
    dashes = paint(stroke="road-new", width=1.5 * s, dash=(1.6 * s, 1.1 * s), cap="butt", join="round")
    items = []
    for road in design.roads:
        points = tuple((x + dx, y + dy) for x, y in road.points)
        shape = rounded_path(points, 1.5 * s)
        drawn: list = [replace(shape, style=edge), replace(shape, style=dashes)]
        if design.layout == "end-to-end" and _inside_seam(road.points):
            # Along a seam, inside the left segment (roads.seam_road_points): cut at the seam, so that no stroke's
            # end or slant reaches over it onto the next segment's squad section.
            seam = road.points[0][0] + dx
            length, width = design.segment_length, design.tape_width
            drawn = [Group(children=drawn, clip=(seam - length, dy - width, length, 3 * width + design.offset))]
        items += drawn
    return items


def _inside_seam(points: Sequence) -> bool:
    """A road from the seam to the same seam that runs inside the segment left of it."""
    seam = points[0][0]
    return abs(points[-1][0] - seam) < 1e-6 and all(x <= seam + 1e-6 for x, _ in points) and \
        any(x < seam - 1e-6 for x, _ in points)


def map_scene(design: CopsMap, bleed: float = 0.0, lang: str = "en", lettering: float | None = 1.0,
              overlay: Sequence = ()) -> Scene:
    """The whole map on one page at real size: segments end to end (every other one `offset` mm lower), or
    stacked strips (every other one `offset` mm further right); words as `segment_layers` draws them, over the
    art, the new roads and the `overlay` (a game drawn on the map: every word then on a plate)."""
    width, length, count = design.tape_width, design.segment_length, design.players
    map_width, map_height = design.size
    scene = Scene(map_width, map_height, bleed=bleed, theme=dict(THEME), meta=_meta(design, "map"))
    words = []
    for index, segment in enumerate(design.segments):
        ox, oy = design.origin(index)
        art, segment_words, symbols = segment_layers(segment, width, length, bleed,
                                                     _caption(design, index, count, lang), f"washigen {__version__}",
                                                     lang, lettering, roads_over(design, index), bool(overlay))
        for symbol in symbols:
            scene.define(symbol)
        # Art reaches into the bleed only on the page's own edges.
        left = bleed if ox <= 1e-9 else 0.0
        right = bleed if ox + length >= map_width - 1e-9 else 0.0
        top = bleed if oy <= 1e-9 else 0.0
        bottom = bleed if oy + width >= map_height - 1e-9 else 0.0
        clip = (-left, -top, length + left + right, width + top + bottom)
        scene.add(Group(children=art, dx=ox, dy=oy, clip=clip))
        words.append(Group(children=segment_words, dx=ox, dy=oy, clip=clip))
        _record_places(scene, segment, ox, oy, width, length)
    seam = paint(stroke="#ffffff", width=0.3 * scale_for(width))
    for index in range(1, count):
        (px, py), (ox, oy) = design.origin(index - 1), design.origin(index)
        if design.layout == "stacked":
            scene.add(Line(max(px, ox), oy, min(px, ox) + length, oy, seam))
        else:
            top = max(py, oy)
            scene.add(Line(ox, top, ox, top + width - abs(oy - py), seam))
    scene.add(*road_children(design))
    scene.add(*overlay)
    scene.add(*(group for group in words if group.children))
    return scene


def _record_places(scene: Scene, segment: Segment, ox: float, oy: float, width: float, length: float) -> None:
    """Where the segment lies on the map and its locations' boxes (scene.places, for marks and the map editor): its
    zones span from the squad section or the gravestones to the gravestones or its end, as the placement rule
    measures them."""
    s = scale_for(width)
    scene.places.strips.append(StripFrame(ox, oy, length, width, ((SQUAD_WIDTH * s, segment.gravestones),
                                                                 (segment.gravestones, length)),
                                          reach=PATH_WIDTH * s, point=2.0 * s))
    for location in segment.locations:
        scene.places.add("location", location.id, (location.x + ox, location.y + oy, location.w, location.h))


def strip_scenes(design, bleed: float, lang: str = "en") -> list[Scene]:
    """Each segment as its own strip (its part of any new road included), for tape lanes."""
    count = len(design.segments)
    scenes = []
    for index, segment in enumerate(design.segments):
        scene = segment_scene(segment, design.tape_width, design.segment_length, bleed,
                              _caption(design, index, count, lang), _meta(design, design.KIND), lang,
                              roads=roads_over(design, index))
        if isinstance(design, CopsMap) and design.roads:
            ox, oy = design.origin(index)
            scene.add(*road_children(design, -ox, -oy))
        scenes.append(scene)
    return scenes


def strip_labels(design, lang: str = "en") -> list[str]:
    _ = translator(lang)
    count = len(design.segments)
    labels = []
    for index in range(count):
        label = "Cops · " + _("seed {seed}").format(seed=design.seed) + " · " + _(
            "segment {number} of {count}").format(number=index + 1, count=count)
        stacked = isinstance(design, CopsMap) and design.layout == "stacked"
        if stacked:
            label += _(" · strips side by side, squad sections at the left")
        if isinstance(design, CopsMap) and design.offset > 0 and design.shift(index) > 0:
            if stacked:
                label += _(" · lay it {offset} mm further right than its neighbours").format(
                    offset=_.mm(design.offset))
            else:
                label += _(" · lay it {offset} mm lower than its neighbours").format(offset=_.mm(design.offset))
        elif isinstance(design, CopsTape):
            label += _(" (the last joins the first)")
        labels.append(label)
    return labels


def tape_repeat_scene(design: CopsTape, bleed: float, lang: str = "en") -> Scene:
    """The repeat of a tape: its segments end to end."""
    scene, words = tape_repeat_layers(design, bleed, lang)
    scene.add(*(Group(children=segment, dx=index * design.segment_length) for index, segment in enumerate(words)))
    return scene


def tape_repeat_layers(design: CopsTape, bleed: float, lang: str = "en") -> tuple[Scene, list[list]]:
    """The repeat's art (a scene), and each segment's words in its own frame, apart: a roll prints a segment's
    words only where the whole segment is on the tape (press.rolls.add_piece_words)."""
    from ...press.rolls import words_apart

    width, length, count = design.tape_width, design.segment_length, len(design.segments)
    scene = Scene(count * length, width, bleed=bleed, theme=dict(THEME), meta=_meta(design, "tape"))
    words = []
    for index, segment in enumerate(design.segments):
        drawn, segment_words, symbols = segment_layers(segment, width, length, bleed,
                                                       _caption(design, index, count, lang),
                                                       f"washigen {__version__}", lang)
        art, squad_word = words_apart(drawn)          # the squad section's SQUAD is drawn with its art
        for symbol in symbols:
            scene.define(symbol)
        left = bleed if index == 0 else 0.0
        right = bleed if index == count - 1 else 0.0
        scene.add(Group(children=art, dx=index * length,
                        clip=(-left, -bleed, length + left + right, width + 2 * bleed)))
        words.append(squad_word + segment_words)
    return scene, words


# -- squad sheets -------------------------------------------------------------------------------------------------

SHEET_SIZE = (90.0, 122.0)      # four to an A4 or Letter page with their bleed and crop marks inside the printer's
                                # margin; as many as fit on the other papers
SHEET_INSET = 5.0               # mm from the sheet's sides to its words and boxes
VERSION_CLEAR = 1.5             # mm between the version line at the foot and the crime boxes above it


def sheet_template(paper: str) -> Template:
    w, h = paper_size(paper)
    return Template(f"{paper} squad sheets", w, h, (MIN_PAGE_MARGIN,) * 4,
                    grid=Grid(SHEET_SIZE[0], SHEET_SIZE[1], gutter=6.0))


def squad_sheet_scene(number: int, seed_text: str = "", lang: str = "en") -> Scene:
    """One squad's sheet: name, colour, two ramen bowls to cross off, the two crimes and their culprits' faces."""
    _ = translator(lang)
    w, h = SHEET_SIZE
    b = DEFAULT_BLEED              # the header runs into the bleed; the sheet clips it to the bleed it keeps
    left, right = SHEET_INSET, w - SHEET_INSET
    scene = Scene(w, h, theme=dict(THEME), meta={"game": GAME, "kind": "sheet", "version": __version__,
                                                  "title": f"{TITLE} " + _("squad sheet")})
    scene.define(ramen_symbol())
    ink = paint(stroke="ink", width=0.35)
    blue = "cops-blue"
    scene.add(Rect(-b, -b, w + 2 * b, 14.5 + b, paint(fill=blue)),
              Text(left, 6.2, "TOKYO WASHI GAME COPS", 3.0, weight="bold", style=paint(fill="#ffffff")),
              Text(left, 11.4, _("squad sheet"), 2.6, style=paint(fill="#ffffff")),
              Text(right, 11.4, f"#{number}", 3.2, anchor="end", weight="bold", style=paint(fill="#ffffff")))
    y = 21.5
    name = _("Squad name")
    scene.add(Text(left, y, name, 2.6, weight="bold"),
              Line(max(28.0, left + 2.0 + text_width(name, 2.6, "bold")), y + 0.6, right, y + 0.6, ink))
    y = 29.0
    scene.add(Text(left, y, _("Our colour"), 2.6, weight="bold"),
              Circle(33.0, y - 0.9, 3.0, paint(fill="#ffffff", stroke="ink", width=0.35)),
              Text(39.0, y, _("colour the dot with your pen"), 2.2, style=paint(fill="muted")))
    y = 34.5
    scene.add(Text(left, y + 3.0, _("Ramen"), 2.6, weight="bold"),
              Text(left, y + 7.0, _("cross off a bowl"), MIN_TEXT, style=paint(fill="muted")),
              Text(left, y + 9.8, _("each time you eat"), MIN_TEXT, style=paint(fill="muted")))
    for k in range(2):
        bx = 36.0 + k * 26.0
        scene.add(Rect(bx - 1.5, y - 1.0, 23.0, 18.5, paint(stroke="faint", width=0.3), rx=2.0),
                  Use("cops-ramen", bx, y, scale=1.0))
    # the two souper powers a line each, at 6 pt at least (one line was smaller in German)
    for k, power in enumerate((_("Noodle Legs!  two moves in a row"), _("Miso Squirly!  draw a new path"))):
        scene.add(Text(w / 2, y + 21.2 + 2.6 * k, power, max(MIN_TEXT, fit_size(power, right - left, 2.1)),
                       anchor="middle", style=paint(fill="muted")))
    y = 62.5
    solved, how = _("Crimes solved"), _("largest + middle + smallest in one zone")
    # the rule at 6 pt; the heading gives way where a language's rule is long
    heading = max(MIN_TEXT, fit_size(solved, right - left - text_width(how, MIN_TEXT) - 3.0, 2.6, "bold"))
    scene.add(Text(left, y, solved, heading, weight="bold"),
              Text(right, y, how, MIN_TEXT, anchor="end", style=paint(fill="muted")))
    footer = f"washigen {__version__}" + (f" · {seed_text}" if seed_text else "")
    footer_y = h - SAFE_ZONE - descent(footer) * MIN_FINE_PRINT
    by = y + 3.0
    box_h = footer_y - ASCENT * MIN_FINE_PRINT - VERSION_CLEAR - by          # the crime boxes end clear of it
    box_w, gap = (right - left - 4.0) / 2, 4.0
    for k in range(2):
        bx = left + k * (box_w + gap)
        face = box_h - 23.5                                                   # room for the culprit's face
        scene.add(Rect(bx, by, box_w, box_h, paint(fill="#ffffff", stroke="ink", width=0.4), rx=2.0),
                  Text(bx + 2.5, by + 5.5, _("Crime {number}").format(number=k + 1), 2.8, weight="bold",
                       style=paint(fill=blue)),
                  Text(bx + 2.5, by + 10.5, _("zone:"), 2.2),
                  Line(bx + 11.0, by + 10.9, bx + box_w - 2.5, by + 10.9, ink),
                  Rect(bx + 3.0, by + 14.0, box_w - 6.0, face, paint(fill="cops-blue-light", stroke=blue, width=0.3,
                                                                       dash=(1.2, 0.8)), rx=2.0),
                  Text(bx + box_w / 2, by + 14.0 + face / 2 + 0.8, _("the culprit"), 2.2, anchor="middle",
                       style=paint(fill="muted")),
                  Text(bx + 2.5, by + box_h - 4.5, _("name:"), 2.2),
                  Line(bx + 11.5, by + box_h - 4.1, bx + box_w - 2.5, by + box_h - 4.1, ink))
    scene.add(Text(w / 2, footer_y, footer, MIN_FINE_PRINT, anchor="middle", style=paint(fill="muted")))
    return scene


# -- printing -----------------------------------------------------------------------------------------------------


def print_design(design, options: PrintOptions) -> Document:
    if isinstance(design, CopsSheet):
        return print_sheets(design, options)
    if isinstance(design, CopsMap):
        if options.paper is None and options.template is None:
            scene = map_scene(design, options.bleed, options.lang)
            title = translator(options.lang).gettext("map for {players} players, seed {seed}").format(
                players=design.players, seed=design.seed)
            return Document.single(scene, title=f"{TITLE} — {title}")
        return print_strips(design, options)
    if isinstance(design, CopsTape):
        if options.paper is None and options.template is None:
            scene = tape_repeat_scene(design, options.bleed, options.lang)
            title = translator(options.lang).gettext("tape repeat, seed {seed}").format(seed=design.seed)
            return Document.single(scene, title=f"{TITLE} — {title}")
        return print_strips(design, options)
    raise InputError(Says(N_("{game}: cannot print a {kind}"), game="cops", kind=type(design).__name__))


def tape_document(design: CopsTape, options: PrintOptions, output: FilePath, length: float | None = None,
                  repeat_only: bool = False) -> Document:
    """What `cops tape` writes to `output`, as its form takes it: with a paper or template the repeat's segments as
    strips on sheets; else the artwork, `length` long (default: one repeat) and ending on its last whole segment (a
    PDF as pages of whole repeats, an SVG or PNG as the one strip), or with `repeat_only` the one repeat a tape maker
    prints from. The studio's tape downloads are made here too (the component's print_file)."""
    from ...press.rolls import repeat_with_words, roll_for_output, roll_with_words

    if options.paper or options.template:
        return print_strips(design, options)
    repeat, words = tape_repeat_layers(design, options.bleed, options.lang)
    title = f"{TITLE} — " + translator(options.lang).gettext("tape artwork, seed {seed}").format(seed=design.seed)
    piece, key = design.segment_length, str(design.seed)
    if repeat_only:
        return repeat_with_words(repeat, words, piece, options.bleed, title, key)
    # Segments are torn off whole: the roll's artwork ends on its last whole one, and only whole ones carry words
    # (none in the bleed at the ends, none under the plain tape after the last).
    strip = roll_with_words(repeat, words, length or repeat.width, options.bleed, piece, key)
    return roll_for_output(strip, output, repeat.width, title, options.lang, piece=piece)


def print_strips(design, options: PrintOptions) -> Document:
    """Every segment as a strip in the tape lanes of a sheet template."""
    width = design.tape_width
    template = template_for(f"tape{int(round(width))}", options.paper or "a4", options.template)
    _ = translator(options.lang)
    strips = strip_scenes(design, options.bleed, options.lang)
    title = f"{TITLE} — " + _.ngettext("{count} segment, seed {seed}", "{count} segments, seed {seed}",
                                       len(strips)).format(count=len(strips), seed=design.seed)
    if getattr(design, "layout", "end-to-end") == "stacked":
        how = _("cut along the marks, lay the strips one below the other, squad sections at the left")
    else:
        how = _("cut along the marks, lay the segments end to end")
    footer = "Cops · " + _("seed {seed}").format(seed=design.seed) + " · " + how
    return impose_lanes(strips, template, options, labels=strip_labels(design, options.lang), title=title,
                        footer=footer)


def print_sheets(design: CopsSheet, options: PrintOptions) -> Document:
    """Squad sheets four to a page (or on the user's own template)."""
    template = load_template(options.template) if options.template else sheet_template(options.paper or "a4")
    _ = translator(options.lang)
    fronts = [squad_sheet_scene(k + 1, lang=options.lang) for k in range(design.squads)]
    return impose_grid(fronts, template, replace(options, duplex="none"), title=f"{TITLE} — " + _("squad sheets"),
                       footer=_("Cops squad sheets · one per squad"))
