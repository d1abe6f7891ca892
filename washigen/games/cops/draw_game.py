"""A Cops game drawn on its map after it was played: each squad's moves along the paths in its colour, the areas
filled, Miso-Squirly paths, and the solved zones framed (`cops play -o game.pdf`); under the map, how the game ended
and a key of the squads' colours, with the ramen each ate and the crimes it solved."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...fonts import MIN_TEXT
from ...i18n import N_, translator
from ...scene import Circle, Group, Polyline, Primitive, Rect, Scene, Style, Text, Use, rounded_path
from ...tally import Part, TallyRows, add_tally, headline, unfinished
from ...units import SAFE_ZONE
from . import engine
from .draw import map_scene, paint, ramen_symbol
from .geometry import location_index, path_visible, shape_of, visible_part
from .lettering import WORD_GAP, box_gap, text_box
from .model import PATH_WIDTH, SQUAD_WIDTH, TITLE, CopsMap, scale_for
from .playtest import turn_limit


SQUAD_COLOURS = ("#d62728", "#1f4fd6", "#1a9a3a", "#8e3fb0", "#222222", "#e0559b")
COLOUR_WORDS = (N_("red"), N_("blue"), N_("green"), N_("purple"), N_("black"), N_("pink"))    # the key names them


def game_title(design: CopsMap, lang: str = "en") -> str:
    """The title of a played game's document, in the page's language."""
    return f"{TITLE} — " + translator(lang).gettext("a game on map seed {seed}").format(seed=design.seed)


def game_scene(design: CopsMap, state, bleed: float = 0.0, lang: str = "en") -> Scene:
    """The map after a game: every path piece a squad used drawn in its colour along the path (squads side by
    side), the areas filled in their squads' colours, Miso-Squirly paths dashed in the colour of the squad that
    drew them, and every solved zone framed in its solver's colour; under the map, how the game ended (or that it
    goes on, for a game drawn before its end) and a key of the squads' colours (`_tally`)."""
    s = scale_for(design.tape_width)
    board = state.board
    lines = _piece_lines(design, board)
    width = 0.55 * s
    overlay: list = []
    for squad in range(state.players):
        colour = SQUAD_COLOURS[squad % len(SQUAD_COLOURS)]
        shift = (squad - (state.players - 1) / 2) * width
        for bit, points in enumerate(lines):
            if state.used[squad] >> bit & 1:
                overlay.append(_offset_line(points, shift, paint(stroke=colour, width=width, cap="round",
                                                                  join="round")))
    for (a, b, points), drawer in zip(state.miso, state.miso_by):
        shape = rounded_path(_outside(design, board, points, a, b), 1.5 * s)
        colour = SQUAD_COLOURS[drawer % len(SQUAD_COLOURS)]
        overlay += [replace(shape, style=paint(stroke="path", width=PATH_WIDTH * s, cap="round", join="round")),
                    replace(shape, style=paint(stroke=colour, width=0.8 * s, dash=(1.6 * s, 1.1 * s)))]
    for k, owners in enumerate(state.filled):
        location = board.locations[k]
        ox, oy = _origin(design, board.segment_of[k])
        for area, owner in zip(location.areas, owners):
            fill = paint(fill=SQUAD_COLOURS[owner % len(SQUAD_COLOURS)], stroke="cops-location-edge",
                          width=0.3 * s)
            if area.shape == "circle":
                overlay.append(Circle(ox + area.x + area.w / 2, oy + area.y + area.h / 2, area.w / 2, fill))
            else:
                overlay.append(Rect(ox + area.x, oy + area.y, area.w, area.h, fill, rx=0.5 * s))
    # the map's words stay on top, each on a plate, so nothing of the game crosses them; the solved zones' marks
    # go over everything, where they keep clear of the words
    scene = map_scene(design, bleed, lang, overlay=overlay)
    words = _word_boxes(scene.children)
    for zone, solver in enumerate(state.solved):
        if solver >= 0:
            scene.add(*_solved_mark(design, zone, solver, s, words))
    _tally(scene, design, state, s, lang)
    return scene


def printed_outcome(design: CopsMap, state, lang: str = "en") -> str:
    """How the game that reached `state` ended, in the words of `lang`: a squad's second crime, a stalemate (no
    squad can move any more) or the turn limit; for a game not over yet, that it is still in play."""
    _ = translator(lang)
    turns = state.plies
    result = engine.result(state)
    if result is not None and result.winners:
        text = _("squad {number} solves its second crime after {turns} turns and wins").format(
            number=result.winners[0] + 1, turns=turns)
    elif result is not None:
        text = _("stalemate after {turns} turns: no squad can move any more, so no one wins").format(turns=turns)
    elif turns >= turn_limit(design):
        text = _("turn limit reached after {turns} turns: no squad has solved two crimes").format(turns=turns)
    else:
        text = unfinished(turns, _)
    return headline(text)


def _tally(scene: Scene, design: CopsMap, state, s: float, lang: str) -> None:
    """A strip under the map: how the game ended, then per squad its colour, its ramen (those eaten crossed off)
    and the crimes it solved."""
    _ = translator(lang)
    rows = TallyRows(max(6.0, 6.0 * s))
    scene.define(ramen_symbol())

    def bowl(x: float, y: float, side: float) -> list[Primitive]:
        return [Use("cops-ramen", x, y + 0.1 * side, scale=side / 20.0)]     # 20 x 16: centred in the square

    entries: list[list[Part]] = []
    for squad in range(state.players):
        colour = squad % len(SQUAD_COLOURS)
        label = _("squad {number} ({colour})").format(number=squad + 1, colour=_(COLOUR_WORDS[colour]))
        eaten = engine.RAMEN - state.ramen[squad]
        entries.append([rows.swatch(SQUAD_COLOURS[colour], label),
                        *(rows.token(bowl, k < eaten) for k in range(engine.RAMEN)),
                        rows.words(_("crimes solved: {count}").format(count=len(state.crimes[squad])))])
    add_tally(scene, printed_outcome(design, state, lang), entries, rows)


def _outside(design: CopsMap, board, points, a: int, b: int) -> tuple:
    """The part of a Miso-Squirly path between its two locations (locations are not drawn over again)."""
    shapes = []
    for k in (a, b):
        ox, oy = _origin(design, board.segment_of[k])
        location = board.locations[k]
        shapes.append(shape_of(replace(location, x=location.x + ox, y=location.y + oy)))
    return tuple(visible_part(points, *shapes) or points)


def _origin(design: CopsMap, index: int) -> tuple[float, float]:
    return design.origin(index)


def _piece_lines(design: CopsMap, board) -> list[tuple]:
    lines = []
    for key in board.piece_key:
        if key[0] == "road":
            lines.append(tuple(design.roads[key[1]].points))
            continue
        s_index, p_index = key
        ox, oy = _origin(design, s_index)
        segment = design.segments[s_index]
        part = path_visible(segment.paths[p_index], location_index(segment)) or segment.paths[p_index].points
        lines.append(tuple((x + ox, y + oy) for x, y in part))
    return lines


def _offset_line(points: Sequence, shift: float, style: Style) -> Polyline:
    """The polyline moved `shift` mm sideways (leg by leg, corners joined), so squads' lines lie side by side."""
    if abs(shift) < 1e-9:
        return Polyline(tuple(points), style)
    moved = []
    for k, (x, y) in enumerate(points):
        px, py = points[max(k - 1, 0)]
        nx, ny = points[min(k + 1, len(points) - 1)]
        dx, dy = nx - px, ny - py
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        moved.append((x - dy / length * shift, y + dx / length * shift))
    return Polyline(tuple(moved), style)


def _solved_mark(design: CopsMap, zone: int, solver: int, s: float, words: Sequence[tuple] = ()) -> list:
    """A frame around the solved zone and the solving squad's number in a disc at its top (or its foot), at the
    place nearest the zone's middle where the disc keeps clear of the map's `words` (their boxes) and, where it
    can, of the zone's locations."""
    index, half = divmod(zone, 2)
    segment = design.segments[index]
    ox, oy = _origin(design, index)
    x0 = ox + (SQUAD_WIDTH * s if half == 0 else segment.gravestones)
    x1 = ox + (segment.gravestones if half == 0 else design.segment_length)
    colour = SQUAD_COLOURS[solver % len(SQUAD_COLOURS)]
    inset = 0.8 * s
    size = max(MIN_TEXT, 3.4 * s)
    r = max(3.0 * s, 0.9 * size)
    # The digit's top (0.37 of its size above the disc's centre) keeps the safe zone from the tape's edge.
    reach = max(inset + r, SAFE_ZONE + 0.2 + 0.37 * size)
    rows = (oy + reach, oy + design.tape_width - max(inset + r, SAFE_ZONE + 0.2 + 0.36 * size))
    # At the segment's right end (the map's, or a strip's, where the page is cut) the digit keeps the safe zone
    # from the trim too: on narrow tape the disc alone let it come 1.6 mm from it.
    digit = text_box(str(solver + 1), 0.0, 0.0, size, "middle", "bold")
    right = max(inset + r, SAFE_ZONE + 0.2 + (digit[2] - digit[0]) / 2) if half == 1 else inset + r
    middle, step = (x0 + x1) / 2, 0.5
    across = [middle + sign * k * step for k in range(int((x1 - x0) / 2 / step)) for sign in (1, -1)
              if x0 + inset + r <= middle + sign * k * step <= x1 - right]
    cards = [(ox + l.x, oy + l.y, ox + l.x + l.w, oy + l.y + l.h) for l in segment.locations]

    def free(cx: float, cy: float, boxes: Sequence[tuple]) -> bool:
        return all(box_gap((cx - r, cy - r, cx + r, cy + r), box) >= WORD_GAP for box in boxes)
    # off the words, and off the locations where it can be (the areas filled there stay in sight)
    cx, cy = next(((x, y) for boxes in (list(words) + cards, words) for x in across for y in rows
                   if free(x, y, boxes)), (middle, rows[0]))
    return [Rect(x0 + inset, oy + inset, x1 - x0 - 2 * inset, design.tape_width - 2 * inset,
                 paint(stroke=colour, width=1.0 * s, dash=(3 * s, 1.5 * s))),
            Circle(cx, cy, r, paint(fill=colour, stroke="#ffffff", width=0.4 * s)),
            Text(cx, cy + 0.36 * size, str(solver + 1), size, anchor="middle", weight="bold",
                 style=paint(fill="#ffffff"))]


def _word_boxes(items: Sequence, dx: float = 0.0, dy: float = 0.0) -> list[tuple]:
    """The boxes of the words among `items` (through groups that only move them), in page coordinates."""
    boxes = []
    for item in items:
        if isinstance(item, Group):
            boxes += _word_boxes(item.children, dx + item.dx, dy + item.dy)
        elif isinstance(item, Text):
            x0, y0, x1, y1 = text_box(item.text, item.x, item.y, item.size, item.anchor, item.weight,
                                      item.rotate == -90)
            boxes.append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
    return boxes
