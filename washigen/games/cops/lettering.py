"""Where a Cops segment's words go: every word 3 mm inside the tape's edges at its full size, clear of the
locations it does not name, of paths and roads and of the other words. On wide tape every word keeps its usual
place; on narrow tape an id moves beside its location or into its pictogram's place, and a word with no room is
left off rather than shrunk."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from typing import Sequence

from ...fonts import ASCENT, MIN_TEXT, descent, text_width
from ...scene import Style, Text
from ...units import SAFE_ZONE
from .model import PATH_WIDTH, ROAD_WIDTH, SQUAD_WIDTH, CopsMap, CopsTape, Location, Segment, scale_for
from .geometry import segment_shape_distance, shape_box, shape_of

WORD_GAP = 0.4            # mm a word keeps from a location it does not name, from the walls and from other words
PATH_GAP = 0.15           # mm a word keeps from a path's dark edge where it can
ID_GAP = 0.35             # mm between a location and its id set beside it
ID_NEARER = (1.5, 1.0, 0.5, 0.0)   # mm an id beside its location is nearer to it than to another, best first
ID_APART = 0.8            # mm between two ids
PRINT_APART = 1.0         # mm between a line of fine print and any other word beside it
PRINT_ALONG = 4.0         # mm between a line of fine print and a word before or after it: it reads as no part of it
ID_ALONG = 2.0            # mm between two ids side by side, so that they read as two
STEP = 0.25               # mm between the places tried


def text_box(text: str, x: float, y: float, size: float, anchor: str = "start", weight: str = "normal",
              turned: bool = False) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of a line's glyphs set at (x, y): along the tape, or turned a quarter (rotate -90,
    reading up the tape: the glyphs reach left of the baseline, the line runs up from its start)."""
    length = text_width(text, size, weight)
    before = {"start": 0.0, "middle": length / 2, "end": length}[anchor]
    up, down = ASCENT * size, descent(text) * size
    if turned:
        return x - up, y - (length - before), x + down, y + before
    return x - before, y - up, x + length - before, y + down


def box_of(text: Text) -> tuple[float, float, float, float]:
    return text_box(text.text, text.x, text.y, text.size, text.anchor, text.weight, text.rotate == -90)


def _at(extent: tuple, x: float, y: float) -> tuple[float, float, float, float]:
    """A box moved by (x, y): one given relative to a word's anchor (`box_of` a word set at 0, 0), for the word set
    at (x, y), or a word's box moved off where it was set."""
    return x + extent[0], y + extent[1], x + extent[2], y + extent[3]


def within(box: tuple, outer: tuple) -> bool:
    return (box[0] >= outer[0] - 1e-6 and box[1] >= outer[1] - 1e-6 and box[2] <= outer[2] + 1e-6
            and box[3] <= outer[3] + 1e-6)


def id_size(s: float, lettering: float = 1.0) -> float:
    """The size of a location's id on a tape of scale `s`, `lettering` times its size at real size."""
    return max(MIN_TEXT, 1.3 * s) * lettering


def roads_over(design, index: int) -> list[tuple]:
    """The new roads of a map in segment `index`'s own frame, those that reach it."""
    if not isinstance(design, CopsMap) or not design.roads:
        return []
    ox, oy = design.origin(index)
    roads = [tuple((x - ox, y - oy) for x, y in road.points) for road in design.roads]
    return [points for points in roads
            if box_gap((min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
                         max(p[1] for p in points)), (0.0, 0.0, design.segment_length, design.tape_width)) <= 0]


def crowded_ids(design: CopsMap | CopsTape) -> list[str]:
    """The ids of a map that find no room at real size but over their own location's areas (place_ids' last
    resort, on a narrow tape): they would be hard to read, so the generator passes such a layout by."""
    s = scale_for(design.tape_width)
    crowded: list[str] = []
    for index, segment in enumerate(design.segments):
        room = Room(segment, design.tape_width, design.segment_length, s, roads_over(design, index))
        place_ids(segment.locations, s, id_size(s), room)
        crowded += room.crowded
    return crowded


def box_gap(a: tuple, b: tuple) -> float:
    """How far apart two boxes are (negative when they overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2])
    dy = max(a[1] - b[3], b[1] - a[3])
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def gap_at_least(a: tuple, b: tuple, gap: float) -> bool:
    """box_gap(a, b) >= gap (gap >= 0), answered at once where the boxes are that far apart along one axis, as most
    pairs a word placement tries are."""
    return (a[0] - b[2] >= gap or b[0] - a[2] >= gap or a[1] - b[3] >= gap or b[1] - a[3] >= gap
            or box_gap(a, b) >= gap)


def overlap(a: tuple, b: tuple) -> bool:
    """box_gap(a, b) < 0: the boxes overlap on both axes."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _shape_gap(shape: tuple, box: tuple) -> float:
    """How far a box is from a shape, ("rect", x0, y0, x1, y1) or ("circle", cx, cy, r) (negative: they overlap)."""
    if shape[0] == "circle":
        _, cx, cy, r = shape
        dx = max(box[0] - cx, 0.0, cx - box[2])
        dy = max(box[1] - cy, 0.0, cy - box[3])
        return math.hypot(dx, dy) - r
    return box_gap(shape[1:], box)


@cache
def _nudges(right: float, left: float, up: float, down: float, step: float = 0.2) -> tuple[tuple[float, float], ...]:
    """Small moves (dx, dy) of a word, the shortest first."""
    steps = [(i * step, j * step) for i in range(-round(left / step), round(right / step) + 1)
             for j in range(-round(up / step), round(down / step) + 1)]
    return tuple(sorted(steps, key=lambda d: (math.hypot(*d), d)))


LEG_CELL = 10.0              # mm: the width of the columns Room files path and road legs by


class Room:
    """Where a segment's words may stand: SAFE_ZONE inside its edges, off its squad section and its line of
    gravestones, clear of its locations and of the words already set, and, where they can be, off its paths and
    roads."""

    def __init__(self, segment: Segment, width: float, length: float, s: float, roads: Sequence[Sequence] = ()):
        self.band = (SAFE_ZONE, SAFE_ZONE, length - SAFE_ZONE, width - SAFE_ZONE)
        self.shapes = {location.id: shape_of(location) for location in segment.locations}
        # right of every location: the corridor at the segment's right end
        self.corridor = max((shape_box(shape)[2] for shape in self.shapes.values()), default=0.0) + WORD_GAP
        self.legs = [(p, q, half) for points, half in
                     [(path.points, PATH_WIDTH * s / 2) for path in segment.paths]
                     + [(points, ROAD_WIDTH * s / 2) for points in roads]
                     for p, q in zip(points, points[1:])]
        self.leg_boxes = [(min(p[0], q[0]) - half - PATH_GAP, min(p[1], q[1]) - half - PATH_GAP,
                           max(p[0], q[0]) + half + PATH_GAP, max(p[1], q[1]) + half + PATH_GAP)
                          for p, q, half in self.legs]
        # the legs by the LEG_CELL-wide columns of the segment their boxes reach into: a word's box looks only at
        # the legs of its own columns (a placement tries thousands of boxes)
        self.leg_columns: dict[int, list[int]] = {}
        for k, near in enumerate(self.leg_boxes):
            for column in range(math.floor(near[0] / LEG_CELL), math.floor(near[2] / LEG_CELL) + 1):
                self.leg_columns.setdefault(column, []).append(k)
        self.gravestones = segment.gravestones
        g, stone = segment.gravestones, 1.5 * s
        self.walls = [(-math.inf, -math.inf, SQUAD_WIDTH * s, math.inf), (g - stone, -math.inf, g + stone, math.inf)]
        self.words: list[tuple] = []
        self.crowded: list[str] = []         # ids set over their own location: no room anywhere (place_ids)

    def fits(self, box: tuple) -> bool:
        return within(box, self.band)

    def clear(self, box: tuple, own: str | None = None) -> bool:
        """Whether the box keeps WORD_GAP from every location but `own` (the squad section and the line of
        gravestones are walls), and from the words set."""
        return (all(gap_at_least(wall, box, WORD_GAP) for wall in self.walls)
                and all(gap_at_least(word, box, WORD_GAP) for word in self.words)
                and all(_shape_gap(shape, box) >= WORD_GAP for ident, shape in self.shapes.items() if ident != own))

    def crosses(self, text: Text) -> bool:
        """Whether a word set comes within PATH_GAP of a path or road (it then needs a plate under it)."""
        return self.crossings(box_of(text)) > 0

    def crossings(self, box: tuple) -> int:
        """How many legs of paths and roads come within PATH_GAP of the box."""
        shape = ("rect", *box)
        columns = range(math.floor(box[0] / LEG_CELL), math.floor(box[2] / LEG_CELL) + 1)
        near = {k for column in columns for k in self.leg_columns.get(column, ())}
        return sum(1 for k in near if overlap(self.leg_boxes[k], box)
                   and segment_shape_distance(self.legs[k][0], self.legs[k][1], shape) < self.legs[k][2] + PATH_GAP)

    def margin(self, box: tuple, own: str) -> float:
        """How much nearer a word beside location `own` is to it than to any other location."""
        mine = _shape_gap(self.shapes[own], box)
        return min(_shape_gap(shape, box) for ident, shape in self.shapes.items() if ident != own) - mine

    def apart(self, box: tuple) -> bool:
        """Whether an id's box keeps ID_APART from the words set, and ID_ALONG from those beside it."""
        return all(gap_at_least((word[0] - ID_ALONG, word[1] - ID_APART, word[2] + ID_ALONG, word[3] + ID_APART),
                                box, 0.0) for word in self.words)

    def take(self, text: Text) -> Text:
        self.words.append(box_of(text))
        return text

    def spaced(self, box: tuple, along: int) -> bool:
        """Whether a line of fine print running along x (along=0) or y (along=1) keeps PRINT_APART beside it and
        PRINT_ALONG before and after it from every word set."""
        grow = [PRINT_APART, PRINT_APART]
        grow[along] = PRINT_ALONG
        return all(gap_at_least((word[0] - grow[0], word[1] - grow[1], word[2] + grow[0], word[3] + grow[1]),
                                box, 0.0) for word in self.words)

    def best(self, places: Sequence[tuple[tuple, int]]) -> int | None:
        """Which of `places` (a line's box and which way it runs, in order of preference) is the first free one
        that crosses no path, else the free one crossing fewest; None when none is free."""
        best, fewest = None, math.inf
        for index, (box, along) in enumerate(places):
            count = self.crossings(box)     # cheaper than the checks of freedom: they wait until it would count
            if count >= fewest or not (self.fits(box) and self.clear(box) and self.spaced(box, along)):
                continue
            best, fewest = index, count
            if count == 0:
                break
        return best

    def _blocked(self, along: int, a0: float, a1: float) -> list[tuple[float, float]]:
        """The stretches of a row (along=0: along x, for y from a0 to a1; along=1: along y, for x from a0 to a1)
        that a word may not take: near a location, a wall or a word."""
        across = 1 - along
        spans: list[tuple[float, float] | None] = []
        for shape in self.shapes.values():
            if shape[0] == "circle":
                centre, r = (shape[1], shape[2]), shape[3] + WORD_GAP
                d = max(a0 - centre[across], 0.0, centre[across] - a1)
                if d < r:
                    half = math.sqrt(r * r - d * d)
                    spans.append((centre[along] - half, centre[along] + half))
                continue
            spans.append(self._span(shape[1:], along, a0, a1, WORD_GAP))
        spans += [self._span(box, along, a0, a1, WORD_GAP) for box in self.walls]
        spans += [self._span(box, along, a0, a1, PRINT_APART, PRINT_ALONG) for box in self.words]
        return sorted(span for span in spans if span is not None)

    @staticmethod
    def _span(box: tuple, along: int, a0: float, a1: float, gap: float,
              gap_along: float | None = None) -> tuple[float, float] | None:
        across = 1 - along
        if box[across] - gap >= a1 or box[across + 2] + gap <= a0:
            return None
        gap_along = gap if gap_along is None else gap_along
        return box[along] - gap_along, box[along + 2] + gap_along

    def free_places(self, extent: tuple, along: int) -> list[tuple[float, float]]:
        """Every anchor point (STEP apart, and snug against what blocks a row) at which a word of `extent` lies in
        the safe band clear of locations, walls and words: rows along x (along=0) or columns along y (along=1)."""
        across = 1 - along
        lo, hi = self.band[along], self.band[along + 2]
        size_along = extent[along + 2] - extent[along]
        places = []
        first, last = self.band[across] - extent[across], self.band[across + 2] - extent[across + 2]
        for k in range(int((last - first) / STEP + 1e-9) + 1):
            at = first + k * STEP
            start = lo
            for b0, b1 in self._blocked(along, at + extent[across], at + extent[across + 2]) + [(hi, math.inf)]:
                stop = min(b0, hi)
                if stop - start >= size_along - 1e-9:
                    n = int((stop - start - size_along) / STEP + 1e-9)
                    for edge in sorted({start + j * STEP for j in range(n + 1)} | {stop - size_along}):
                        anchor = edge - extent[along]
                        places.append((anchor, at) if along == 0 else (at, anchor))
                start = max(start, b1)
        return places

    def place_line(self, line: Text, anywhere: bool = False, crossing: bool = True) -> Text | None:
        """A line of fine print where it was set if it is free there and crosses no path, else at the free place
        nearest to that: turned, in the corridor right of the locations, or (`anywhere`) also elsewhere on the
        segment, turned or along the tape, crossing as few paths as it can (none unless `crossing`); or None."""
        box = box_of(line)
        if (self.fits(box) and self.clear(box) and self.spaced(box, 1 if line.rotate == -90 else 0)
                and self.crossings(box) == 0):
            return self.take(line)
        home = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        kinds = [replace(line, x=0.0, y=0.0, anchor="start", rotate=-90), replace(line, x=0.0, y=0.0, anchor="start",
                                                                               rotate=0.0)]
        places = []
        for kind, along in zip(kinds, (1, 0) if anywhere else (1,)):
            extent = box_of(kind)
            centre = ((extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2)
            places += [(math.hypot(x + centre[0] - home[0], y + centre[1] - home[1]), along, x, y, extent)
                       for x, y in self.free_places(extent, along)
                       if anywhere or x + extent[0] >= self.corridor]
        places.sort(key=lambda place: (-place[1], *place[:4]))       # turned first: it reads as no id
        found = self.best([(_at(extent, x, y), along) for _, along, x, y, extent in places])
        if found is None or not (crossing or self.crossings(_at(places[found][4], *places[found][2:4])) == 0):
            return None
        _, along, x, y, _ = places[found]
        return self.take(replace(kinds[1 - along], x=x, y=y))


# mm along and across: how far an id set where nothing was free may move off a word (across, from one row of ids
# to the other on a 10 mm tape: its 4 mm band less an id's 1.6 mm)
CROWDED_MOVES = (6.0, 2.4)
MOVE_STEP = 0.1                # mm between the moves tried
SHUFFLE_STEP = 0.2             # mm between the moves tried of several ids at once (_settled)


@cache
def _moves(along: float, across: float, step: float) -> tuple[tuple[float, float], ...]:
    """Moves (dx, dy) at most `along` and `across`, `step` apart, the shortest first."""
    return _nudges(along, along, across, across, step)


def off_the_words(room: Room, boxes: dict[str, tuple], own: str, apart: float) -> dict[str, tuple[float, float]]:
    """How to move the id `own` (set where nothing was free: room.crowded) so that it keeps `apart` from every
    other word, inside the band: the least move of it alone, at most CROWDED_MOVES; where there is none, moves of
    it and of the ids of `boxes` (those that may move, by id) nearest it, as few and as short as the search finds
    (`_settled`). An id moved stays nearer its own location than any other where it can. {} where nothing frees
    it, else the moves by id (room.words is the caller's to follow)."""
    box = boxes[own]
    others = [word for word in room.words if word != box]
    free = _free_moves(room, box, own, others, apart, MOVE_STEP)
    return {own: free[0]} if free else _settled(room, boxes, own, apart)


def _free_moves(room: Room, box: tuple, own: str, others: Sequence[tuple], apart: float,
                step: float) -> list[tuple[float, float]]:
    """The moves of the id `own` (its box `box`) that keep it inside the band and `apart` from `others`: those
    that leave it nearer its own location than any other first, each part the shortest first."""
    free = [move for move in _moves(*CROWDED_MOVES, step) if room.fits(moved := _at(box, *move))
            and all(gap_at_least(word, moved, apart) for word in others)]
    return sorted(free, key=lambda move: room.margin(_at(box, *move), own) <= 0)


SETTLE_IDS = 5                 # ids moved together at most: the crowded one and those nearest it
SETTLE_CHECKS = 400_000        # pairs of places the search of their moves may compare
FARTHER = 100.0                # mm a move counts extra that leaves an id no nearer its own location than another


def _settled(room: Room, boxes: dict[str, tuple], own: str, apart: float) -> dict[str, tuple[float, float]]:
    """Moves of the id `own` and of the SETTLE_IDS - 1 ids of `boxes` nearest it that keep each inside the band
    and `apart` from every other word, the fewest ids left farther from their own location than from another,
    then the least moves in all, as far as a search of SETTLE_CHECKS finds; {} if it finds none."""
    mine = boxes[own]
    near = sorted((box_gap(mine, box), ident) for ident, box in boxes.items() if ident != own)
    cluster = [own] + [ident for gap, ident in near[:SETTLE_IDS - 1] if gap < 2 * CROWDED_MOVES[0]]
    fixed = [word for word in room.words if word not in [boxes[ident] for ident in cluster]]
    domains = {}
    for ident in cluster:          # each place: its cost, the move and the box
        places = [(math.hypot(*move) + FARTHER * (room.margin(moved, ident) <= 0), move, moved)
                  for move in _free_moves(room, boxes[ident], ident, fixed, apart, SHUFFLE_STEP)
                  for moved in [_at(boxes[ident], *move)]]
        domains[ident] = sorted(places)
    checks = [SETTLE_CHECKS]
    best: list = [math.inf, None]

    def search(domains: dict, cost: float, chosen: dict) -> None:
        if not domains:
            best[:] = [cost, dict(chosen)]
            return
        ident = min(domains, key=lambda key: (len(domains[key]), key))
        rest = {key: domain for key, domain in domains.items() if key != ident}
        for place, move, box in domains[ident]:
            if cost + place + sum(domain[0][0] for domain in rest.values()) >= best[0]:
                return                 # the places come cheapest first: none after it does better
            checks[0] -= sum(len(domain) for domain in rest.values())
            if checks[0] < 0:
                return
            narrowed = {key: [other for other in domain if gap_at_least(other[2], box, apart)]
                        for key, domain in rest.items()}
            if all(narrowed.values()):
                search(narrowed, cost + place, {**chosen, ident: move})

    search(domains, 0.0, {})
    found = best[1] or {}
    return {ident: move for ident, move in found.items() if ident == own or move != (0.0, 0.0)}


def location_id(location: Location, s: float, size: float) -> Text:
    """A location's id (moves are written with it), in a corner of the location the areas leave free."""
    style = Style(fill="muted")
    x, y, w, h = location.x, location.y, location.w, location.h
    if location.shape == "circle":
        return Text(x + w / 2 - 6.3 * s, y + h / 2 - 0.5 * s, location.id, size, anchor="middle", style=style)
    return Text(x + w - 1.3 * s, y + 0.9 * s + size, location.id, size, anchor="end", style=style)


def place_ids(locations: Sequence[Location], s: float, size: float, room: Room) -> dict[str, tuple[Text, bool]]:
    """Every location's id where `room` finds it room, and whether the location keeps its pictogram: the id in
    its corner; where that lies too near the tape's edge (a narrow tape), nudged inside the location; else beside
    it where it is plainly nearer to it than to any other location and crosses no path; else in the pictogram's
    place (the pictogram left off); else beside it where it reads best. The locations with fewest good places
    beside them choose first; ids keep apart."""
    placed: dict[str, tuple[Text, bool]] = {}
    options: dict[str, list] = {}
    for location in locations:
        text = location_id(location, s, size)
        inside = _inside_id(location, text, s, room)
        if inside is not None:
            placed[location.id] = (room.take(inside), True)
        else:
            options[location.id] = _beside_options(location, text, room)
    by_id = {location.id: location for location in locations}
    good = (False, 0, 0)                    # nearer to its location by ID_NEARER[0], and crossing no path
    # the locations with fewest good places choose first, then those with fewest places at all
    order = sorted(options, key=lambda ident: (sum(1 for option in options[ident] if option[0][:3] == good),
                                               len(options[ident]), ident))
    for ident in order:
        location = by_id[ident]
        chosen = next((text for score, text, box in options[ident] if score[:3] == good and room.apart(box)), None)
        if chosen is not None:
            placed[ident] = (room.take(chosen), True)
            continue
        chosen = _pictogram_id(location, location_id(location, s, size), s, room)
        if chosen is not None:
            placed[ident] = (room.take(chosen), False)
            continue
        chosen = next((text for _, text, box in options[ident] if room.apart(box)), None)
        if chosen is None:         # beside it, nearer to other ids than they like, but clear of them
            chosen = next((text for _, text, box in options[ident] if room.clear(box, ident)), None)
        if chosen is None:         # nowhere free: the corner, moved into the band (generators skip such layouts)
            room.crowded.append(ident)
            text = location_id(location, s, size)
            box = box_of(text)
            dx = max(room.band[0] - box[0], 0.0) + min(room.band[2] - box[2], 0.0)
            dy = max(room.band[1] - box[1], 0.0) + min(room.band[3] - box[3], 0.0)
            chosen = replace(text, x=text.x + dx, y=text.y + dy)
        placed[ident] = (room.take(chosen), True)
    return placed


@cache
def _bearings(text: str) -> tuple[float, float]:
    """How far (em) the glyphs of `text` stand in from the ends of its advance, left and right (rounded down)."""
    try:
        from PIL import ImageFont

        from ...paths import ASSETS

        font = ImageFont.truetype(str(ASSETS / "fonts" / "DejaVuSans.ttf"), 1000)
        mask, offset = font.getmask2(text, anchor="ls")
        ink = mask.getbbox()
    except (ImportError, OSError):
        return 0.0, 0.0
    if ink is None:
        return 0.0, 0.0
    advance = text_width(text, 1000.0)
    left, right = (offset[0] + ink[0]) / 1000.0, (advance - offset[0] - ink[2]) / 1000.0
    return max(0.0, math.floor(left * 100) / 100 - 0.01), max(0.0, math.floor(right * 100) / 100 - 0.01)


def _pictogram_id(location: Location, text: Text, s: float, room: Room) -> Text | None:
    """The id in the place of the location's pictogram, centred where that is (or a little off), where its
    glyphs stand inside the location clear of its areas and inside the band; or None."""
    x, y, w, h = location.x, location.y, location.w, location.h
    if location.shape == "circle":
        icon = 7.4 * s
        cx, cy = x + w / 2, y + 1.3 * s + icon / 2
    else:
        panel = location.areas[0].x - x - 0.6 * s if location.areas else w / 3
        cx, cy = x + panel / 2 + 0.2 * s, y + h / 2
    text = replace(text, anchor="middle")
    extent = box_of(replace(text, x=0.0, y=0.0))
    left, right = (b * text.size for b in _bearings(text.text))
    baseline = cy - (extent[1] + extent[3]) / 2
    inner = _inside_location(location, s, pictogram=False)
    for dx, dy in _nudges(0.4, 0.4, 0.6, 0.6, 0.1):
        box = _at(extent, cx + dx, baseline + dy)
        if room.fits(box) and inner((box[0] + left, box[1], box[2] - right, box[3])) and room.clear(box, location.id):
            return replace(text, x=cx + dx, y=baseline + dy)
    return None


def _inside_id(location: Location, text: Text, s: float, room: Room) -> Text | None:
    """The id in its corner, or moved a little inside its location, where it keeps inside the band; or None."""
    inner = _inside_location(location, s)
    extent = box_of(replace(text, x=0.0, y=0.0))
    for dx, dy in _nudges(0.4, 2.0, 1.0, 2.0):
        box = _at(extent, text.x + dx, text.y + dy)
        if room.fits(box) and inner(box) and room.clear(box, location.id):
            return replace(text, x=text.x + dx, y=text.y + dy)
    return None


def _beside_options(location: Location, text: Text, room: Room) -> list[tuple[tuple, Text, tuple]]:
    """The places for an id beside its location, best first: (score, text, box). The score ranks how plainly the
    id is nearer to its location than to any other, then how many paths it crosses, then how near it is to the
    corner it has on a wide tape."""
    extent = box_of(replace(text, x=0.0, y=0.0, anchor="start"))
    options = []
    for rank, (x, y) in enumerate(_beside(location, extent, text)):
        box = _at(extent, x, y)
        if not (room.fits(box) and room.clear(box, location.id)):
            continue
        margin = room.margin(box, location.id)
        tier = next((k for k, least in enumerate(ID_NEARER) if margin >= least), len(ID_NEARER))
        crossings = room.crossings(box)
        # an id off the paths first, unless it is then hardly nearer to its location than to another
        options.append(((tier > 1, crossings, tier, rank), replace(text, x=x, y=y, anchor="start"), box))
    return sorted(options, key=lambda option: option[0])


def _inside_location(location: Location, s: float, pictogram: bool = True):
    """A test: does a box lie inside the location, clear of its areas (and of its pictogram)?"""
    x, y, w, h = location.x, location.y, location.w, location.h
    edge = 0.6 * s if pictogram else 0.3 * s
    clear = 0.0 if pictogram else 0.2           # the id in the pictogram's place keeps off the areas' outlines
    art: list[tuple] = []                       # shapes: ("rect", x0, y0, x1, y1) or ("circle", cx, cy, r)
    if location.shape == "circle":
        r = w / 2
        icon = 7.4 * s
        cx, cy = x + r, y + r
        if pictogram:
            art = [("rect", cx - icon / 2, y + 1.3 * s, cx + icon / 2, y + 1.3 * s + icon)]

        def inside(box):
            return all(math.hypot(px - cx, py - cy) <= r - edge for px in (box[0], box[2]) for py in (box[1], box[3]))
    else:
        if pictogram:
            panel = location.areas[0].x - x - 0.6 * s if location.areas else w / 3
            art = [("rect", x, y, x + panel, y + h)]

        def inside(box):
            return within(box, (x + edge, y + edge, x + w - edge, y + h - edge))
    art += [("circle", a.x + a.w / 2, a.y + a.h / 2, a.w / 2) if a.shape == "circle" else
            ("rect", a.x, a.y, a.x + a.w, a.y + a.h) for a in location.areas]
    return lambda box: inside(box) and all(_shape_gap(part, box) >= clear for part in art)


def _beside(location: Location, extent: tuple, text: Text) -> list[tuple[float, float]]:
    """Anchor points of an id (its box `extent` about the anchor) beside its location, all round it, ID_GAP from
    it, the places nearest its corner (`text`) first."""
    tw, th = extent[2] - extent[0], extent[3] - extent[1]
    x0, y0 = location.x, location.y
    x1, y1 = x0 + location.w, y0 + location.h
    corners = []                               # the top left corner of each box tried
    if location.shape == "circle":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, location.w / 2
        for k in range(72):
            a = math.radians(5 * k)
            ux, uy = math.cos(a), math.sin(a)
            reach = r + ID_GAP + abs(ux) * tw / 2 + abs(uy) * th / 2
            corners.append((cx + ux * reach - tw / 2, cy + uy * reach - th / 2))
    else:
        n = int((y1 - y0 + th) / STEP)
        for k in range(n + 1):
            top = y0 - th + 0.4 + k * (y1 - y0 + th - 0.8) / max(n, 1)
            corners += [(x1 + ID_GAP, top), (x0 - ID_GAP - tw, top)]
        n = int((x1 - x0 + tw) / STEP)
        for k in range(n + 1):
            left = x0 - tw + 0.4 + k * (x1 - x0 + tw - 0.8) / max(n, 1)
            corners += [(left, y1 + ID_GAP), (left, y0 - ID_GAP - th)]
    home = (text.x + (extent[0] + extent[2]) / 2, text.y + (extent[1] + extent[3]) / 2)
    corners.sort(key=lambda c: (math.hypot(c[0] + tw / 2 - home[0], c[1] + th / 2 - home[1]), c))
    return [(left - extent[0], top - extent[1]) for left, top in corners]
