"""Cat Tree's reference card: the structures on the front, the scoring on the back, laid out for the card's size
like the structure cards, every word at 6 pt or more."""

from __future__ import annotations

from typing import Literal, overload

from ...fonts import ASCENT, DESCENT, MIN_TEXT, fit_size, text_width, wrap_text
from ...i18n import N_, translator
from ...scene import Circle, Group, Rect, Scene, Style, Text, Use
from .cards import card_frame, card_layout, card_scene, fits, rank_index
from .model import PLACEMENT_TEXT, STRUCTURES, Structure
from .pictures import ART_H, ART_W, BACK, BAD, COLOURS, INK, MUTED, POKER_H, POKER_W, art_symbol, st, tint

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
    scene = card_scene(w, h, bleed, "reference card: structures")
    for structure in STRUCTURES:
        scene.define(art_symbol(structure.name))
    card_frame(scene, BACK)
    k, width, height = card_layout(w, h)
    scene.add(Group(_reference_sides(width, height, lang)[0], sx=k, sy=k))
    return scene


def reference_back(w: float = POKER_W, h: float = POKER_H, bleed: float = 3.0, lang: str = "en") -> Scene:
    scene = card_scene(w, h, bleed, "reference card: scoring")
    card_frame(scene, BACK)
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


@overload
def _reference_table(w: float, h: float, lang: str, pictures: bool, definitions: bool, *,
                     squeeze: Literal[True]) -> list: ...
@overload
def _reference_table(w: float, h: float, lang: str, pictures: bool, definitions: bool,
                     squeeze: bool = False) -> list | None: ...
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
    place = next((p for p in places if fits(p, MIN_TEXT, room)), None)
    if place is None:
        return None
    note = _("+3 per side") if structure.per_side else _("per group") if structure.grouped else ""
    below = place + (f" · {note}" if note else "")
    if note and not fits(below, MIN_TEXT, room):
        # too long for one line: the note stands on the name's line, before the points
        note_end = points_start - 1.5
        if name_end + 1.2 > note_end - text_width(note, MIN_TEXT):
            return None
        items.append(Text(note_end, name_base, note, MIN_TEXT, anchor="end", style=Style(fill=MUTED)))
        below = place
    items.append(Text(name_x, name_base + lead, below, MIN_TEXT, style=Style(fill=MUTED)))
    return items


@overload
def _scoring_text(w: float, h: float, lang: str, lines: tuple[tuple[str, str], ...], definitions: tuple[str, ...],
                  *, squeeze: Literal[True]) -> list: ...
@overload
def _scoring_text(w: float, h: float, lang: str, lines: tuple[tuple[str, str], ...], definitions: tuple[str, ...],
                  squeeze: bool = False) -> list | None: ...
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
