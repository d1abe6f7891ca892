"""Seeded generators: segments, maps and tape repeats (the new roads of an offset set-up: roads.py; the search
for a fair map: fair.py).

A segment is built on a 50 mm tape and scaled to the tape asked for. Locations are spread over each zone (best of
several random candidates, so they neither clump nor sit on a grid); then paths are laid one at a time, each a
straight, bent or right-angled polyline, and kept only when the same geometry the rules use finds it clear of
every location it does not join and of every path already laid: so no two paths ever cross. Joint paths come
first (they are promised to the neighbours), then a spanning tree that joins all eight locations, then port pairs
that wrap over the top and bottom edges, then a few extra paths for choice.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Iterator, Sequence, cast

from ...errors import InputError, WashigenError
from ...i18n import MUST_BE, either
from ...units import format_length
from ...words import N_, Says
from ..params import IN_RANGE
from .model import (DEFAULT_LAYOUT, END_CORRIDOR, JOINT_BAND, KINDS, LAYOUTS, LOCATIONS_PER_ZONE, MAX_PLAYERS,
                    MIN_PLAYERS, REFERENCE_WIDTH, SEGMENT_RATIO, SQUAD_WIDTH, Area, CopsMap, CopsTape, End, Kind,
                    Layout, Location, Path, Point, Segment, Shape, Zone, max_offset_for, scale_for,
                    segment_length_for)
from .constants import DEFAULT_BUDGET
from ...arena.fair import kept
from .fair import fair_search
from .geometry import (joints_of, point_segment_distance, polyline_box, polyline_distance, polyline_shape_distance,
                       shape_box, shape_of, visible_part)
from .lettering import crowded_ids
from .roads import complete_offset

# The reference tape all segments are laid out on.
W = REFERENCE_WIDTH
L = REFERENCE_WIDTH * SEGMENT_RATIO
SQUAD = SQUAD_WIDTH
RIGHT = L - END_CORRIDOR               # right of this only right-joint paths run

# Laying out (stricter than the rules, so a scaled and rounded design still passes them).
CLEAR = 2.4            # a path's centre line from a location it does not join
SEPARATION = 4.2       # between the centre lines of two paths
EDGE = 3.0             # path corners keep this far from the top and bottom edges
LOCATION_GAP = 6.0     # between two locations
ZONE_MARGIN = 3.0      # locations from the tape edges
GRAVE_CLEAR = 4.0      # locations from the gravestones; no path runs along them closer than this
JOINT_SPACING = 8.0
PORT_SPACING = 7.0
ATTEMPTS = 60
PLAYABLE_ATTEMPTS = 20     # layouts in a row greedy squads cannot finish before the seed is given up
LETTERING_TRIES = 8        # playable layouts with crowded ids before a tape counts as too narrow for any


# Location shapes: a card (rounded rectangle) with its pictogram on the left and three square areas, or a disc with
# the pictogram on top and three round areas below.
CARD_AREAS = (7.2, 5.0, 3.4)
DISC_AREAS = (6.4, 5.0, 3.6)


# -- public -------------------------------------------------------------------------------------------------------


def check_tape_width(tape_width: float) -> float:
    if not (10.0 <= tape_width <= 200.0):
        raise InputError(Says(N_("{field}: must be {low} to {high}, got {value:g} mm"), field="tape width",
                              low=format_length(10.0), high=format_length(200.0), value=tape_width))
    return float(tape_width)


def check_offset(offset: float, tape_width: float) -> float:
    limit = max_offset_for(tape_width)
    if offset < 0:
        raise InputError(Says(N_("{field}: must be 0 or more, got {value:g} mm"), field="offset", value=offset))
    if offset > limit + 1e-9:
        raise InputError(Says(N_("{field}: must be at most a quarter of the tape width ({most:g} mm on {width:g} mm "
                                 "tape), got {value:g} mm"), field="offset", most=limit, width=tape_width,
                              value=offset))
    return float(offset)


def generate_map(players: int = 2, seed: int = 0, tape_width: float = 50.0, offset: float = 0.0,
                 layout: str = DEFAULT_LAYOUT, fair: bool = True, budget: float = DEFAULT_BUDGET,
                 search: bool = False) -> CopsMap:
    """A map of one segment per player, end to end or stacked; with an offset, every other segment is moved and
    new roads complete the path ends that no longer meet. Only a map greedy squads can finish on every seating
    is returned (the next layout of the seed is tried when one is not), and of those the first fair one by
    DESIGN 9 (`fair_search`); where `budget` runs out first, the fairest, with a warning that gives its score.
    The search is asked for (`search=True`): `cops map`, washigen.generate and the studio ask for it, with a
    budget of DEFAULT_BUDGET seconds unless given another (`--budget 0`: none). Without it, the seed's first
    playable layout, unjudged (the golden files; the map `cops play` makes from its options). `fair` is kept for
    old callers."""
    if not search:
        return next(playable_layouts(players, seed, tape_width, offset, layout))
    return _searched(players, seed, tape_width, offset, layout, budget)


@kept
def _searched(players: int, seed: int, tape_width: float, offset: float, layout: str, budget: float) -> CopsMap:
    return fair_search(playable_layouts(players, seed, tape_width, offset, layout), seed, budget)


def playable_layouts(players: int, seed: int, tape_width: float = 50.0, offset: float = 0.0,
                     layout: str = DEFAULT_LAYOUT) -> Iterator[CopsMap]:
    """The seed's layouts that greedy squads can finish and that leave every id room on the tape, in order; gives
    up after PLAYABLE_ATTEMPTS passed by in a row (an error if that happens before the first). A layout whose ids
    do not all find room (`crowded_ids`: on 15 mm tape about one in seven) is passed by; on a tape too narrow for
    any (the first LETTERING_TRIES playable layouts all crowded: 12 mm and less) none is, and every playable layout
    comes in order."""
    misses, found = 0, False
    crowded: list[CopsMap] = []              # playable, passed by while it is not known whether any is lettered
    lettered: bool | None = None             # whether this tape leaves a layout's every id room
    for design in layouts(players, seed, tape_width, offset, layout):
        if playable(design):
            if lettered is False or not crowded_ids(design):
                misses, found, lettered = 0, True, lettered is not False
                yield design
                continue
            if lettered is None:
                crowded.append(design)
                if len(crowded) == LETTERING_TRIES:          # too narrow: the ids go where they can
                    misses, found, lettered = 0, True, False
                    yield from crowded
                    continue
        misses += 1
        if misses >= PLAYABLE_ATTEMPTS:
            if found:
                return
            if crowded:
                yield from crowded
                return
            raise WashigenError(f"cops: no playable map for {players} players, seed {seed}, after "
                                f"{PLAYABLE_ATTEMPTS} layouts; try another seed")


def layouts(players: int, seed: int, tape_width: float = 50.0, offset: float = 0.0,
            layout: str = DEFAULT_LAYOUT) -> Iterator[CopsMap]:
    """The seed's layouts in order, each valid by the placement rules; generate_map returns the first playable."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise InputError(Says(IN_RANGE, field="players", low=MIN_PLAYERS, high=MAX_PLAYERS, value=players))
    tape_width = check_tape_width(tape_width)
    offset = check_offset(offset, tape_width)
    layout = check_layout(layout)
    stacked = layout == "stacked"
    rng = random.Random(f"cops-map:{seed}:{players}" + (":stacked" if stacked else ""))
    scale = scale_for(tape_width)
    while True:
        segments = _stacked_segments(rng, players) if stacked else _segments(rng, players, ring=False)
        yield complete_offset(CopsMap(seed=seed, tape_width=tape_width, segment_length=segment_length_for(tape_width),
                                      offset=round(offset, 2), layout=layout,
                                      segments=tuple(_scaled(s, scale) for s in segments)))


def check_layout(layout: str) -> Layout:
    if layout not in LAYOUTS:
        raise InputError(Says(MUST_BE, field="layout", wanted=either(LAYOUTS), value=layout))
    return cast(Layout, layout)


def playable(design: CopsMap) -> bool:
    """Greedy squads finish a game on every seating (the engine's play check, DESIGN 9)."""
    from .playtest import play_check

    return play_check(design, design.seed or 0).ok


def generate_tape(segments: int = 4, seed: int = 0, tape_width: float = 50.0,
                  layout: str = DEFAULT_LAYOUT) -> CopsTape:
    """A repeat of `segments` segments for tape artwork: end to end, the last joins the first; stacked, every
    segment has its ports at the same x, so any two strips of the roll lie side by side and meet. As a map's, a
    repeat whose ids do not all find room is passed by for the seed's next (the first, on a tape too narrow for
    any in LETTERING_TRIES)."""
    if not (1 <= segments <= 24):
        raise InputError(Says(IN_RANGE, field="segments", low=1, high=24, value=segments))
    tape_width = check_tape_width(tape_width)
    layout = check_layout(layout)
    stacked = layout == "stacked"
    rng = random.Random(f"cops-tape:{seed}:{segments}" + (":stacked" if stacked else ""))
    scale = scale_for(tape_width)
    first = None
    for _ in range(LETTERING_TRIES):
        laid = _stacked_segments(rng, segments) if stacked else _segments(rng, segments, ring=True)
        tape = CopsTape(seed=seed, tape_width=tape_width, segment_length=segment_length_for(tape_width),
                        layout=layout, segments=tuple(_scaled(s, scale) for s in laid))
        if not crowded_ids(tape):
            return tape
        first = first or tape
    return cast(CopsTape, first)


def sample_segment(seed: int = 0, tape_width: float = 50.0) -> Segment:
    """One segment on its own, with joints at both ends (for the rule sheet)."""
    return generate_tape(1, seed, tape_width).segments[0]


# -- segments -----------------------------------------------------------------------------------------------------


def _segments(rng: random.Random, count: int, ring: bool) -> list[Segment]:
    """`count` segments whose joints meet end to end (and, for a ring, the last's right end the first's left)."""
    segments: list[Segment] = []
    first_left: list[float] | None = _joint_heights(rng) if ring else None      # None: not a ring
    left: list[float] = first_left or []
    for index in range(count):
        last = index == count - 1
        if last:
            right = list(first_left) if first_left is not None else []
        else:
            right = None
        if first_left is not None and count == 1:
            left = right = list(first_left)
        segment = build_segment(rng, index + 1, left, right)
        segments.append(segment)
        left = sorted(y for _, y in joints_of(segment, "right"))
    return segments


def _stacked_segments(rng: random.Random, count: int) -> list[Segment]:
    """`count` segments without joints whose top and bottom ports all lie at the roll's port positions."""
    for _ in range(ATTEMPTS):
        ports = _port_positions(rng)
        segments = []
        for index in range(count):
            for _ in range(ATTEMPTS):
                segment = _Builder(rng, index + 1).build([], [], ports)
                if segment is not None:
                    segments.append(segment)
                    break
            else:
                break
        if len(segments) == count:
            return segments
    raise RuntimeError(f"cops: could not lay out {count} stacked segments after {ATTEMPTS} attempts")


def _port_positions(rng: random.Random) -> list[float]:
    """Two or three x positions for the ports of a whole roll, apart, clear of the squad section, of the middle
    (where gravestones stand) and of the right end."""
    middle = (SQUAD + ZONE_MARGIN + RIGHT - 2) / 2
    count = rng.choice((2, 3, 3))
    for _ in range(100):
        xs = sorted(round(rng.uniform(SQUAD + 8, RIGHT - 6), 1) for _ in range(count))
        if all(b - a >= 3 * PORT_SPACING for a, b in zip(xs, xs[1:])) and all(abs(x - middle) >= 10 for x in xs):
            return xs
    return [round(SQUAD + 30, 1), round(RIGHT - 30, 1)]


def _joint_heights(rng: random.Random) -> list[float]:
    low, high = JOINT_BAND[0] * W, JOINT_BAND[1] * W
    count = rng.choice((1, 2, 2, 3, 3))
    for _ in range(50):
        heights = sorted(round(rng.uniform(low, high), 1) for _ in range(count))
        if all(b - a >= JOINT_SPACING for a, b in zip(heights, heights[1:])):
            return heights
    return [round((low + high) / 2, 1)]


def build_segment(rng: random.Random, number: int, left: Sequence[float], right: Sequence[float] | None) -> Segment:
    """One segment on the reference tape. `left`: the joint heights promised by the left neighbour; `right`: the
    heights the right end must have, or None to choose them."""
    for _ in range(ATTEMPTS):
        builder = _Builder(rng, number)
        segment = builder.build(list(left), None if right is None else list(right))
        if segment is not None:
            return segment
    raise RuntimeError(f"cops: could not lay out segment {number} after {ATTEMPTS} attempts")


class _Builder:
    def __init__(self, rng: random.Random, number: int):
        self.rng = rng
        self.number = number
        self.gravestones = round((SQUAD + ZONE_MARGIN + RIGHT - 2) / 2 + rng.uniform(-4, 4), 2)
        self.locations: list[Location] = []
        self.shapes: dict[str, tuple] = {}
        self.paths: list[Path] = []
        self.parts: list[list[Point]] = []
        self.boxes: list[tuple] = []
        self.orthogonal = rng.uniform(0.45, 0.9)      # how much this segment prefers right-angled streets

    # -- locations ---------------------------------------------------------------------------------------------
    def place_locations(self) -> bool:
        g = self.gravestones
        zones = [(SQUAD + ZONE_MARGIN, g - GRAVE_CLEAR), (g + GRAVE_CLEAR, RIGHT - 2.0)]
        kinds = list(KINDS)
        self.rng.shuffle(kinds)
        self.zones: list[list[Location]] = []
        for zone_index, (x0, x1) in enumerate(zones):
            placed = self._arrangement(x0, x1)
            if placed is None:
                return False
            placed.sort()
            zone_kinds = kinds[zone_index * 4:(zone_index + 1) * 4]
            letters = "abcd" if zone_index == 0 else "efgh"
            zone = [self._location(f"{self.number}{letters[k]}", zone_kinds[k], *placed[k])
                    for k in range(LOCATIONS_PER_ZONE)]
            self.zones.append(zone)
        self.locations = [location for zone in self.zones for location in zone]
        self.shapes = {location.id: shape_of(location) for location in self.locations}
        return True

    def _arrangement(self, x0: float, x1: float):
        """Four locations in a zone: two rows of two, or a zigzag along the tape, each jittered, with mixed
        shapes; tried until every pair keeps its gap."""
        rng = self.rng
        width = x1 - x0
        for _ in range(40):
            pattern = rng.choice(("grid", "grid", "zigzag", "zigzag"))
            rows = ("top", "bottom", "top", "bottom") if rng.random() < 0.5 else ("bottom", "top", "bottom", "top")
            placed = []
            for k in range(LOCATIONS_PER_ZONE):
                if rng.random() < 0.3:
                    shape, w = "circle", rng.choice((19.0, 19.5, 20.0))
                    h = w
                else:
                    shape, w, h = "rect", rng.choice((27.0, 28.0, 29.0)), rng.choice((11.0, 11.5, 12.0))
                if pattern == "grid":
                    column, row = k // 2, ("top", "bottom")[k % 2]
                    centre = x0 + (column + 0.5) * width / 2 + rng.uniform(-6, 6)
                else:
                    row = rows[k]
                    centre = x0 + (k + 0.5) * width / 4 + rng.uniform(-3, 3)
                x = min(max(centre - w / 2, x0), x1 - w)
                slack = rng.uniform(0, 9)
                y = ZONE_MARGIN + slack if row == "top" else W - ZONE_MARGIN - h - slack
                placed.append((x, y, w, h, shape))
            if all(_gap(a, b) >= LOCATION_GAP for i, a in enumerate(placed) for b in placed[i + 1:]):
                return placed
        return None

    def _location(self, ident: str, kind: Kind, x: float, y: float, w: float, h: float, shape: Shape) -> Location:
        x, y = round(x, 2), round(y, 2)
        if shape == "circle":
            areas = disc_areas(x, y, w)
        else:
            areas = card_areas(x, y, w, h)
        return Location(id=ident, kind=kind, shape=shape, x=x, y=y, w=w, h=h, areas=areas)

    # -- paths -------------------------------------------------------------------------------------------------
    def build(self, left: list[float], right: list[float] | None, ports: list[float] | None = None) -> Segment | None:
        """The segment, or None when this attempt's locations leave no room for what is promised: the joints on
        the left (and right, when given) and, for a stacked roll, a top and a bottom port at each of `ports`."""
        if not self.place_locations():
            return None
        rng = self.rng
        for y in left:
            if not self.route_terminal(End(joint="left", at=y)):
                return None
        if right is None:
            if not self.right_joints(rng.choice((1, 2, 2, 3, 3))):
                return None
        else:
            for y in right:
                if not self.route_terminal(End(joint="right", at=y)):
                    return None
        self.union = {location.id: location.id for location in self.locations}
        for x in ports or ():
            if not (self.route_terminal(End(port="top", at=x)) and self.route_terminal(End(port="bottom", at=x))):
                return None
        self.spanning_tree()
        if ports is None:
            self.port_pairs()
        if not self.connected():
            return None
        self.extras()
        zones = tuple(Zone(locations=tuple(zone)) for zone in self.zones)
        return Segment(zones=zones, gravestones=self.gravestones, paths=tuple(self.paths))

    def route_terminal(self, end: End, exclude: str | None = None) -> bool:
        point = _terminal_point(end)
        nearest = sorted(self.locations, key=lambda loc: math.dist(loc.centre, point))
        for location in nearest[:3 if end.port else 4]:
            if location.id == exclude:
                continue
            for points in self._terminal_shapes(location, end):
                if self.try_add(Path(a=End(location=location.id), b=end, points=points)):
                    return True
        return False

    def right_joints(self, wanted: int) -> int:
        """Up to `wanted` joints at the right end, at heights that can be routed, spaced apart."""
        low, high = JOINT_BAND[0] * W, JOINT_BAND[1] * W
        chosen: list[float] = []
        for _ in range(14):
            if len(chosen) >= wanted:
                break
            y = round(self.rng.uniform(low, high), 1)
            if any(abs(y - c) < JOINT_SPACING for c in chosen):
                continue
            if self.route_terminal(End(joint="right", at=y)):
                chosen.append(y)
        return len(chosen)

    def spanning_tree(self) -> None:
        """Shortest first (a little shuffled), a path for every pair of locations not yet joined: Kruskal's tree
        over the paths that fit. The pairs already joined are kept as spares for extra paths."""
        pairs = []
        for i, a in enumerate(self.locations):
            for b in self.locations[i + 1:]:
                distance = math.dist(a.centre, b.centre)
                if distance < 75:
                    pairs.append((distance * self.rng.uniform(0.8, 1.25), a, b))
        pairs.sort(key=lambda item: item[0])
        self.spare = []
        for _, a, b in pairs:
            if self._find(a.id) == self._find(b.id):
                self.spare.append((a, b))
                continue
            if self.route_between(a, b):
                self._join(a.id, b.id)

    def port_pairs(self) -> None:
        rng = self.rng
        count = rng.choice((1, 2, 2, 3))
        used: list[float] = []
        for _ in range(12):
            if len(used) >= count:
                break
            x = round(rng.uniform(SQUAD + 6, RIGHT - 4), 1)
            if abs(x - self.gravestones) < GRAVE_CLEAR + 1 or any(abs(x - u) < PORT_SPACING for u in used):
                continue
            mark = len(self.paths)
            if not self.route_terminal(End(port="top", at=x)):
                continue
            top_location = self._last_start()
            if self.route_terminal(End(port="bottom", at=x), exclude=top_location):
                used.append(x)
                self._join(top_location, self._last_start())
            else:
                self._drop_from(mark)

    def extras(self) -> None:
        rng = self.rng
        rng.shuffle(self.spare)
        budget = rng.randint(2, 5)
        for a, b in self.spare:
            if budget <= 0:
                break
            if math.dist(a.centre, b.centre) > 55 or self._linked(a.id, b.id):
                continue
            if self.route_between(a, b):
                budget -= 1

    def connected(self) -> bool:
        roots = {self._find(location.id) for location in self.locations}
        return len(roots) == 1

    def route_between(self, a: Location, b: Location) -> bool:
        for points in self._between_shapes(a, b):
            if self.try_add(Path(a=End(location=a.id), b=End(location=b.id), points=points)):
                return True
        return False

    def _linked(self, a: str, b: str) -> bool:
        return any({path.a.location, path.b.location} == {a, b} for path in self.paths)

    def _find(self, item: str) -> str:
        while self.union[item] != item:
            self.union[item] = self.union[self.union[item]]
            item = self.union[item]
        return item

    def _last_start(self) -> str:
        """The location the path added last starts at."""
        location = self.paths[-1].a.location
        assert location is not None, "every path the builder adds starts at a location"
        return location

    def _join(self, a: str, b: str) -> None:
        if hasattr(self, "union"):
            self.union[self._find(a)] = self._find(b)

    def _drop_from(self, mark: int) -> None:
        del self.paths[mark:], self.parts[mark:], self.boxes[mark:]

    # -- candidate shapes --------------------------------------------------------------------------------------
    def _ordered(self, orthogonal: list, other: list) -> list:
        rng = self.rng
        rng.shuffle(orthogonal)
        rng.shuffle(other)
        return orthogonal + other if rng.random() < self.orthogonal else other + orthogonal

    def _between_shapes(self, a: Location, b: Location) -> list:
        rng = self.rng
        (ax, ay), (bx, by) = a.centre, b.centre
        orthogonal: list[tuple[Point, ...]] = [((ax, ay), (bx, ay), (bx, by)), ((ax, ay), (ax, by), (bx, by))]
        mx = rng.uniform(min(ax, bx), max(ax, bx))
        my = rng.uniform(min(ay, by), max(ay, by))
        orthogonal += [((ax, ay), (mx, ay), (mx, by), (bx, by)), ((ax, ay), (ax, my), (bx, my), (bx, by))]
        bend = rng.uniform(-0.22, 0.22)
        cx, cy = (ax + bx) / 2 - (by - ay) * bend, (ay + by) / 2 + (bx - ax) * bend
        other = [((ax, ay), (bx, by)), ((ax, ay), (cx, cy), (bx, by))]
        return [_clean(points) for points in self._ordered(orthogonal, other)]

    def _terminal_shapes(self, location: Location, end: End) -> list:
        rng = self.rng
        cx, cy = location.centre
        tx, ty = _terminal_point(end)
        orthogonal: list[tuple[Point, ...]]
        if end.port is not None:
            inward = 1.0 if end.port == "top" else -1.0
            knee_y = ty + inward * rng.uniform(EDGE + 1, EDGE + 6)
            orthogonal = [((cx, cy), (tx, cy), (tx, ty))]
            other = [((cx, cy), (tx, knee_y), (tx, ty))]
        else:
            inward = 1.0 if end.joint == "left" else -1.0
            edge = SQUAD + 3.0 if end.joint == "left" else RIGHT - 2.0
            span = abs(cx - edge)
            mx = edge + inward * rng.uniform(0.0, max(0.0, span - 4.0))
            orthogonal = [((cx, cy), (cx, ty), (tx, ty)), ((cx, cy), (mx, cy), (mx, ty), (tx, ty))]
            other = [((cx, cy), (edge + inward * rng.uniform(0, 6), ty), (tx, ty))]
        return [_clean(points) for points in self._ordered(orthogonal, other)]

    # -- the test every candidate passes -----------------------------------------------------------------------
    def try_add(self, path: Path) -> bool:
        assert path.a.location is not None, "every path the builder adds starts at a location"
        start = self.shapes[path.a.location]
        finish = self.shapes.get(path.b.location) if path.b.location else None
        part = visible_part(path.points, start, finish)
        if part is None or len(part) < 2 or not self._fits(path, part, start, finish):
            return False
        box = polyline_box(part, SEPARATION)
        for other, other_box in zip(self.parts, self.boxes):
            if box[0] <= other_box[2] and other_box[0] <= box[2] and box[1] <= other_box[3] and other_box[1] <= box[3]:
                if polyline_distance(part, other, SEPARATION)[0] < SEPARATION:
                    return False
        self.paths.append(path)
        self.parts.append(part)
        self.boxes.append(polyline_box(part))
        return True

    def _fits(self, path: Path, part: list[Point], start: tuple, finish: tuple | None) -> bool:
        end = path.b
        terminal = end.location is None
        inner = part[:-1] if terminal else part
        for x, y in inner:
            if not (EDGE <= y <= W - EDGE):
                return False
            if x < SQUAD + 2.5 and end.joint != "left":
                return False
            if x > RIGHT - 1.5 and end.joint != "right":
                return False
        if terminal:
            # The last leg meets its edge square on: across the squad section or the roads' corridor for a
            # joint, straight up or down for a port.
            px, py = part[-2]
            if end.joint is not None and (abs(py - end.edge_at) > 1e-9 or (end.joint == "left" and px < SQUAD + 2.5)
                                          or (end.joint == "right" and px > RIGHT - 1.5)):
                return False
            if end.port is not None and abs(px - end.edge_at) > 1e-9:
                return False
        for p, q in zip(part, part[1:]):
            if abs(p[0] - q[0]) < 1e-9 and abs(p[0] - self.gravestones) < GRAVE_CLEAR:
                return False
        # After leaving its first location (and before entering its last) a path keeps clear of it.
        if len(part) >= 3:
            if polyline_shape_distance(part[1:], start, CLEAR)[0] < CLEAR:
                return False
            if finish is not None and polyline_shape_distance(part[:-1], finish, CLEAR)[0] < CLEAR:
                return False
        box = polyline_box(part, CLEAR)
        for location in self.locations:
            shape = self.shapes[location.id]
            if shape is start or shape is finish:
                continue
            sb = shape_box(shape)
            if not (box[0] <= sb[2] and sb[0] <= box[2] and box[1] <= sb[3] and sb[1] <= box[3]):
                continue
            if polyline_shape_distance(part, shape, CLEAR)[0] < CLEAR:
                return False
        return True


def _gap(a: tuple, b: tuple) -> float:
    """The distance between two placed locations (x, y, w, h, shape)."""
    def shape(item):
        x, y, w, h, kind = item
        return ("circle", x + w / 2, y + h / 2, w / 2) if kind == "circle" else ("rect", x, y, x + w, y + h)

    first, second = shape(a), shape(b)
    if first[0] == "circle" and second[0] == "circle":
        return math.dist(first[1:3], second[1:3]) - first[3] - second[3]
    if first[0] == "circle" or second[0] == "circle":
        circle, rect = (first, second) if first[0] == "circle" else (second, first)
        dx = max(rect[1] - circle[1], 0.0, circle[1] - rect[3])
        dy = max(rect[2] - circle[2], 0.0, circle[2] - rect[4])
        return math.hypot(dx, dy) - circle[3]
    dx = max(second[1] - first[3], first[1] - second[3], 0.0)
    dy = max(second[2] - first[4], first[2] - second[4], 0.0)
    return math.hypot(dx, dy)


def _terminal_point(end: End) -> Point:
    if end.port == "top":
        return end.edge_at, 0.0
    if end.port == "bottom":
        return end.edge_at, W
    if end.joint == "left":
        return 0.0, end.edge_at
    return L, end.edge_at


def _clean(points: Sequence[Point]) -> tuple[Point, ...]:
    """Drops repeated and collinear corners."""
    kept: list[Point] = []
    for p in points:
        if kept and math.dist(kept[-1], p) < 1e-9:
            continue
        if len(kept) >= 2 and point_segment_distance(kept[-1], kept[-2], p) < 1e-9:
            kept[-1] = p
            continue
        kept.append(p)
    return tuple(kept)


def card_areas(x: float, y: float, w: float, h: float) -> tuple[Area, ...]:
    """Three squares in a row along the card's right side, largest first, bottoms in line; the pictogram takes
    the left."""
    big, mid, small = CARD_AREAS
    gap = 0.9
    bottom = y + (h + big) / 2
    x_small = x + w - 1.2 - small
    x_mid = x_small - gap - mid
    x_big = x_mid - gap - big
    return (Area(shape="rect", x=round(x_big, 2), y=round(bottom - big, 2), w=big, h=big),
            Area(shape="rect", x=round(x_mid, 2), y=round(bottom - mid, 2), w=mid, h=mid),
            Area(shape="rect", x=round(x_small, 2), y=round(bottom - small, 2), w=small, h=small))


def disc_areas(x: float, y: float, d: float) -> tuple[Area, ...]:
    """Three discs in the lower half of the disc, largest on the left; the pictogram sits above them."""
    big, mid, small = DISC_AREAS
    r = d / 2
    cx, cy = x + r, y + r
    row = cy + 3.3
    xs = (cx - 4.9, cx + 1.1, cx + 5.8)
    return tuple(Area(shape="circle", x=round(ax - size / 2, 2), y=round(row - size / 2 + (big - size) * 0.25, 2),
                      w=size, h=size) for ax, size in zip(xs, (big, mid, small)))


# -- scaling to the tape asked for --------------------------------------------------------------------------------


def _s(value: float, scale: float) -> float:
    return round(value * scale, 2)


def _scaled(segment: Segment, scale: float) -> Segment:
    def point(p: Point) -> Point:
        return _s(p[0], scale), _s(p[1], scale)

    def end(e: End) -> End:
        return e if e.at is None else replace(e, at=_s(e.at, scale))

    def area(a: Area) -> Area:
        return replace(a, x=_s(a.x, scale), y=_s(a.y, scale), w=_s(a.w, scale), h=_s(a.h, scale))

    def location(loc: Location) -> Location:
        return replace(loc, x=_s(loc.x, scale), y=_s(loc.y, scale), w=_s(loc.w, scale), h=_s(loc.h, scale),
                       areas=tuple(area(a) for a in loc.areas))

    paths = []
    for path in segment.paths:
        a, b = end(path.a), end(path.b)
        points = [point(p) for p in path.points]
        # Terminal points sit exactly where their end says.
        for e, k in ((a, 0), (b, -1)):
            if e.port == "top":
                points[k] = (e.edge_at, 0.0)
            elif e.port == "bottom":
                points[k] = (e.edge_at, _s(W, scale))
            elif e.joint == "left":
                points[k] = (0.0, e.edge_at)
            elif e.joint == "right":
                points[k] = (_s(L, scale), e.edge_at)
        paths.append(Path(a=a, b=b, points=tuple(points)))
    zones = tuple(Zone(locations=tuple(location(loc) for loc in zone.locations)) for zone in segment.zones)
    return Segment(zones=zones, gravestones=_s(segment.gravestones, scale), paths=tuple(paths))
