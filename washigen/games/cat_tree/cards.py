"""Cat Tree's structure cards, front and back. A card up to poker size is laid out at its own size, its words set at
the size they print at (6 pt or more, on two lines where one is too narrow); a larger card is laid out at poker width
or height and scaled up, and a card taller than poker for its width sets its words and icons larger, so that its
picture keeps a poker card's proportions and the art fills it. The colour runs into the bleed."""

from __future__ import annotations

from ... import __version__
from ...fonts import ASCENT, DESCENT, MIN_TEXT, balanced_lines, fit_size, text_width, wrap_text
from ...i18n import translator
from ...scene import Circle, Group, Line, Primitive, Rect, Scene, Style, Text, Use
from .model import ALTITUDE, GAME, PLACEMENT_TEXT, Structure, holds_text
from .pictures import (ART_H, ART_W, BACK, BACK_LIGHT, BAD, COLOURS, CREAM, FLOOR_LINE, HOLE, INK, KRAFT, KRAFT_SIDE,
                       MUTED, POKER_H, POKER_W, ROPE, ROPE_LINE, WOOD, WOOD_DARK, art_symbol, cat_sitting, floor_band,
                       icon_altitude, icon_holds, paw, placement_icons, shade, st, support_post, tint, wall)

# -- text helpers ------------------------------------------------------------------------------------------------

LEAD = 1.2          # baseline to baseline of a rule broken onto lines, in font sizes


def lines_in(text: str, room: float, wanted: float, weight: str = "normal") -> tuple[list[str], float]:
    """`text` on one line at the largest size up to `wanted` that fits `room` mm, never below 6 pt; where it does
    not fit at 6 pt, on two balanced lines (or more) at 6 pt."""
    size = fit_size(text, room, max(wanted, MIN_TEXT), weight)
    if size >= MIN_TEXT:
        return [text], size
    lines = balanced_lines(text, weight)
    if len(lines) == 2 and all(text_width(line, MIN_TEXT, weight) <= room for line in lines):
        return lines, MIN_TEXT
    return wrap_text(text, MIN_TEXT, room, weight), MIN_TEXT


def fits(text: str, size: float, room: float, weight: str = "normal") -> bool:
    return text_width(text, size, weight) <= room + 1e-9


# -- cards -------------------------------------------------------------------------------------------------------

def card_layout(w: float, h: float) -> tuple[float, float, float]:
    """(k, W, H): a card is laid out in a W x H mm box drawn k times larger. A card up to poker size is laid out at
    its own size (k = 1), so that every word is set at the size it prints at, 6 pt or more; a larger one at poker
    width or height, scaled up."""
    k = max(1.0, min(w / POKER_W, h / POKER_H))
    return k, w / k, h / k


def card_scene(w: float, h: float, bleed: float, title: str) -> Scene:
    return Scene(w, h, bleed=bleed, meta={"game": GAME, "kind": "card", "version": __version__, "title": title})


def card_frame(scene: Scene, colour: str) -> None:
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
    rules keep 6 pt (on two lines where one is too narrow) and the picture takes the height they leave. A card
    taller than poker for its width sets all of that larger, so that its picture keeps a poker card's proportions
    and the art fills it."""
    colour = COLOURS[structure.name]
    scene = card_scene(w, h, bleed, f"{structure.title} ({structure.rank})")
    symbol = scene.define(art_symbol(structure.name))
    card_frame(scene, colour)
    k, width, height = card_layout(w, h)
    body, scale = _card_body(structure, symbol, width, height, lang)
    scene.add(Group(body, sx=k, sy=k))
    _corner_index(scene, structure, k * scale, lang)
    return scene


# The room a picture is drawn for: the art, 50 x 34 mm, on its floor, with a little air (a poker card's picture;
# a card's may be up to PICTURE_SLACK mm taller for its width before its words and icons grow).
PICTURE_W, PICTURE_H = POKER_W - 12.0, 36.0
PICTURE_SLACK = 0.5
LARGEST_CONTENT = 1.5          # how much larger than on a poker card a tall card may set its words and icons


def _content_scales(g: float):
    """The sizes a card's words and icons may take, as a factor of a poker card's: `g` (the card's own), then
    larger in small steps, for a card whose picture would be taller than a poker card's."""
    steps = round((LARGEST_CONTENT - g) / 0.02)
    return [g + 0.02 * n for n in range(max(0, steps) + 1)]


def _card_body(structure: Structure, symbol: str, w: float, h: float, lang: str = "en") -> tuple[list, float]:
    """The middle of a w x h card: name, points badge, picture, placement, holds, points and altitude; with the
    factor its words and icons are set at (1 on a poker card), which the corner index drawn outside it follows.
    Insets scale with the card's width (`g`); no word is set below 6 pt."""
    colour = COLOURS[structure.name]
    g = min(1.0, w / POKER_W, h / POKER_H)
    px = 3.0 + 3.0 * g                       # the picture's and the rules' left edge: 6 mm on a poker card
    t = _content_scale(structure, w, h, px, g, lang)
    rows, y, (line_y, main_base, alt_base) = _lower_part(structure, w, h, px, t, lang)
    py = 3.4 + 12.2 * t                      # below the corner index's paw
    pw, ph = w - 2 * px, y - 2.0 * t - py
    items: list = _card_header(structure, w, t, lang)
    items += _points_rows(structure, w, px, t, line_y, main_base, alt_base, lang)
    k = min(1.0, pw / PICTURE_W, ph / PICTURE_H)        # the picture as drawn on a poker card, or smaller
    items.append(Group(_picture(structure, symbol, pw / k, ph / k), dx=px, dy=py, sx=k, sy=k,
                       clip=(0, 0, pw / k, ph / k)))
    items.append(Rect(px, py, pw, ph, st(stroke=shade(colour, 0.2), width=0.4)))
    for row, height in rows:
        items.append(Group(row, dy=y))
        y += height
    return items, t


def _lower_part(structure: Structure, w: float, h: float, px: float, t: float,
                lang: str) -> tuple[list, float, tuple[float, float, float]]:
    """From the foot up: the points and the altitude (their baselines), then the two rule rows, at size factor
    `t`: the rows with their heights, the first row's top, and (line, points, altitude) y; the picture takes
    what is left above."""
    _ = translator(lang)
    alt_base = h - 3.0 - 3.9 * t
    main_base = alt_base - 5.0 * t
    line_y = main_base - 4.4 * t
    place = _("flat or both sides") if structure.placement == "flat-or-sides" else \
        _(PLACEMENT_TEXT[structure.placement])
    rows = [_rule_row(placement_icons(structure, 8.6 * t), 8.6 * t, _("PLACE IT"), place, _("or"), w, px, t),
            _rule_row([icon_holds(structure, 9.0 * t)], 9.0 * t, _("HOLDS"), _(holds_text(structure)), "", w, px, t)]
    return rows, line_y - sum(height for _row, height in rows), (line_y, main_base, alt_base)


def _content_scale(structure: Structure, w: float, h: float, px: float, g: float, lang: str) -> float:
    """The size factor of a card's words and icons: `g`, the card's own, or larger on a card taller than poker for
    its width, until its picture is no taller than a poker card's for its width (the art then fills it), or the
    name would no longer fit beside the corner index and the badge."""
    name = translator(lang).gettext(structure.title).upper()
    chosen = g
    for t in _content_scales(g):
        if t > g and fit_size(name, _name_room(w, t), 5.0 * t, "bold") < MIN_TEXT:
            break
        chosen = t
        _rows, y, _bases = _lower_part(structure, w, h, px, t, lang)
        picture_h = y - 2.0 * t - (3.4 + 12.2 * t)
        if picture_h * PICTURE_W <= (w - 2 * px) * (PICTURE_H + PICTURE_SLACK):
            break
    return chosen


def _name_room(w: float, t: float) -> float:
    """The width the name has, centred between the corner index and the points badge."""
    cx = w / 2 - 1.2 * t
    return 2 * min(cx - (3.0 + 9.4 * t), w - 3.0 - 13.4 * t - cx)


def _card_header(structure: Structure, w: float, t: float, lang: str) -> list:
    """The name, between the corner index and the points badge, and the badge; `t` is their size factor."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    name = _(structure.title).upper()
    cx, room = w / 2 - 1.2 * t, _name_room(w, t)
    badge = f"{structure.points}+" if structure.per_side else str(structure.points)
    bx, by = w - 3.0 - 7.2 * t, 3.0 + 6.6 * t
    return [Text(cx, 3.0 + 8.6 * t, name, max(MIN_TEXT, fit_size(name, room, 5.0 * t, "bold")),
                 anchor="middle", weight="bold", style=Style(fill=INK)),
            Circle(bx, by, 5.0 * t, st(fill=colour, stroke=shade(colour, 0.3), width=0.4)),
            Text(bx + (0.3 * t if structure.per_side else 0.0), by + (1.5 if structure.per_side else 1.9) * t,
                 badge, max(MIN_TEXT, (4.4 if structure.per_side else 5.4) * t), anchor="middle", weight="bold",
                 style=Style(fill="#ffffff"))]


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
    the word would leave the label no room. The label and the word are 6 pt, larger on a card whose words are
    (`g` > 1)."""
    small = MIN_TEXT * max(1.0, g)

    def icons_at(word: str) -> tuple[list, float]:
        placed: list[Primitive] = []
        x = px
        for k, icon in enumerate(icons):
            if k:
                gap = text_width(word, small) + 0.6 if word else 1.8 * g
                if word:
                    placed.append(Text(x + gap / 2, 0.63 * s, word, small, anchor="middle", style=Style(fill=MUTED)))
                else:
                    placed.append(Line(x + 0.3 * gap, 0.7 * s, x + 0.7 * gap, 0.2 * s,
                                       st(stroke=MUTED, width=0.3)))
                x += gap
            icon.dx, icon.dy = x, 0.0
            placed.append(icon)
            x += s
        return placed, max(x + 1.8 * g, px + 10.4 * g)

    items, tx = icons_at(either)
    if len(icons) > 1 and not fits(label, MIN_TEXT, w - px - tx, "bold"):
        items, tx = icons_at("")
    lines, size = lines_in(text, w - px - tx, 2.9 * g, "bold")
    label_size = max(MIN_TEXT, fit_size(label, w - px - tx, small, "bold"))
    label_base = max(2.6 * g, ASCENT * label_size + 0.2)
    first = label_base + max(3.7 * g, ASCENT * size + DESCENT * label_size + 0.55)
    items.append(Text(tx, label_base, label, label_size, weight="bold", style=Style(fill=MUTED)))
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
    scene = card_scene(w, h, bleed, "card back")
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
    for words, base, size in (("CAT TREE?", cy - 27.5, 6.2), ("We can handle this!", cy + 30.5, 3.4)):
        # a plate of the back's colour under the words: the paw pattern stops short of them
        width = text_width(words, size, "bold")
        items += [Rect(cx - width / 2 - 1.2, base - ASCENT * size - 1.0, width + 2.4,
                       (ASCENT + DESCENT) * size + 1.6, st(fill=BACK), rx=1.0),
                  Text(cx, base, words, size, anchor="middle", weight="bold", style=Style(fill=CREAM))]
    return items
