"""The rules engine of Tokyo Washi Game Cops (DESIGN 9 "Cops"): a pure state, its legal moves, apply, result.

The map is read once into a `Board`: its locations (numbered in map order), the printed path pieces and the new
roads, and every route a squad can take, from one location to another through ports, joints and roads (found in
routes.py). A squad uses each piece at most once, so a route is open to it while none of its pieces is in the
squad's used set.

Readings where the rules are silent (the rule sheet repeats them):
- A route is what joins two locations: one printed path, or printed paths joined at a port, a joint or new
  roads. Using a route uses every printed path of it. A route never leads back to the location it leaves.
- New roads along one seam that touch end to end are one drawn line, a crossroads: every path end the line
  touches (at a road's end; roads touch paths nowhere else) continues into every other one, whichever side of
  the seam it comes from. The roads themselves are not used up: like the edge where two paths meet, they are
  the join, and the printed paths on either side are what a squad uses once. A road that ends at a location is
  a piece of its own, used like a path.
- A path end that meets nothing (off an outer end of the map, as a run torn off a roll has) is a dead end: no
  route runs through it, as the rule sheet says; the validator only warns of it (cops.joint.unmatched).
- Areas fill largest first, so a location's k-th visitor fills its k-th area; the ban means a squad holding only
  the largest area of a location may not come back while the middle one is empty.
- Miso Squirly draws one of three shapes between the two locations' centres, the first that fits: straight, bent
  along the tape first, bent across it first. It may not cross or touch a path, road or Miso-Squirly path, may not
  run over another location (touch: its centre line within MISO_TOUCH, 0.05 mm, of theirs, so that one printed
  along another is refused whatever the rounding) and stays on the tape (no wrap, no gap between strips).
- Noodle Legs ends after the first move when that move solves the squad's second crime.
- A squad that has no move and no ramen it can use passes; when every squad passes in a row the game ends without
  a winner (a stalemate), since nothing can change any more.

Speed: a state carries what its moves need worked out already (per squad the locations it may not enter and the
ranks it holds per zone; the Miso-Squirly pairs still open and the routes drawn), kept up to date move by move:
a new Miso path is only checked against the pairs that were open (those whose box its box misses at once), and
only those it touches are drawn again. What depends on the map alone is worked out once per board: the routes,
the Miso-Squirly pairs, the hops between locations, the state before the first move. Where the squads stand
(Counts, progress) is in standing.py; a position a board's games reach again keeps its legal moves, the greedy
bot's best and the positions after it (positions.py), so games that begin alike are played once as far as they
go alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Sequence

from ...errors import InputError
from ...words import N_, Says
from .geometry import (MISO_TOUCH, axis_hits, bents_blocked, crosses_legs, frame_of, legs_by_column, location_index,
                       moved_shape, on_tape, origin, path_visible, polyline_box, polyline_shape_distance, shape_box,
                       shape_centre, shape_of, visible_part)
from .model import CopsMap, Location, Point
from .positions import Memo, copier, maker, planted, remembered
from .standing import Counts, counts_of
from .standing import progress as progress      # the engine's, for balance's lead changes (arena.play_match)
from .routes import Route, map_routes


RAMEN = 2
CRIMES_TO_WIN = 2


# -- moves ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Start:
    """Fill the largest area of an empty location (the first turn of each squad)."""
    location: str

    def __str__(self) -> str:
        return f"start {self.location}"


@dataclass(frozen=True, slots=True)
class Step:
    """Move along route `index` of the board from `origin` to `target`; `nth` tells routes between the same two
    locations apart (0 for the first, printed only when it is not 0). `to`: the target's number on the board, for
    the bots (the engine's own steps have it; -1 in one made by hand)."""
    origin: str
    target: str
    nth: int = 0
    index: int = field(default=-1, compare=False)
    to: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.origin}>{self.target}" + (f"/{self.nth}" if self.nth else "")


@dataclass(frozen=True, slots=True)
class Noodle:
    """Noodle Legs: two steps, the second from where the first arrived."""
    first: Step
    second: Step

    def __str__(self) -> str:
        return f"noodle {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Miso:
    """Miso Squirly: a new path between two locations."""
    a: str
    b: str

    def __str__(self) -> str:
        return f"miso {self.a}~{self.b}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Move = Start | Step | Noodle | Miso | Pass
PASS = Pass()


@dataclass(frozen=True)
class Result:
    """How a game ended: `winners` (0-based seats; empty in a stalemate) and `end` ("win" or "stalemate")."""
    winners: tuple[int, ...]
    end: str


# -- the board -----------------------------------------------------------------------------------------------------


class Board:
    """What never changes during a game: locations, pieces, routes, and the geometry Miso Squirly needs."""

    def __init__(self, design: CopsMap):
        self.design = design
        self.locations: list[Location] = []
        self.segment_of: list[int] = []
        self.zone_of: list[int] = []
        for s, segment in enumerate(design.segments):
            for z, zone in enumerate(segment.zones):
                for location in zone.locations:
                    self.locations.append(location)
                    self.segment_of.append(s)
                    self.zone_of.append(len(design.segments[0].zones) * s + z)
        self.number = {location.id: k for k, location in enumerate(self.locations)}
        self.zones = max(self.zone_of) + 1 if self.zone_of else 0
        self.zone_members = [[k for k, z in enumerate(self.zone_of) if z == zone] for zone in range(self.zones)]
        self.zone_mask = [sum(1 << k for k in members) for members in self.zone_members]
        # piece_key: (segment, path) of a printed path, ("road", r) of a new road; one bit each in a route's mask
        self.routes, self.piece_key = map_routes(design, self.number)
        self.pieces = len(self.piece_key)
        self.routes_from: list[list[int]] = [[] for _ in self.locations]
        for index, route in enumerate(self.routes):
            self.routes_from[route.origin].append(index)
        self.steps = [Step(self.locations[r.origin].id, self.locations[r.target].id, r.nth, i, r.target)
                      for i, r in enumerate(self.routes)]
        # Per location, its routes out as (pieces, target bit, target, step): what the move search reads.
        self.out = [[(self.routes[i].mask, 1 << self.routes[i].target, self.routes[i].target, self.steps[i])
                     for i in indexes] for indexes in self.routes_from]
        self.route_targets = [route.target for route in self.routes]
        self.starts = [Start(location.id) for location in self.locations]
        self.degree = {location.id: len(routes) for location, routes in zip(self.locations, self.routes_from)}
        self.noodles_after: list[list | None] = [None] * len(self.routes)   # per first route (_noodles_after)
        self.openings: dict[int, State] = {}      # players -> the state before anyone has started
        self.roots: dict[tuple[int, int], State] = {}     # (players, first) -> the game's first position
        self.memos = 0                            # the positions given a Memo (positions.MEMOS_A_BOARD at most)
        self.open_masks: dict[tuple[int, ...], int] = {}

    def open_mask(self, solved: tuple[int, ...]) -> int:
        """The locations of the zones whose crime is still open (bits), kept per `solved` (a game has few)."""
        mask = self.open_masks.get(solved)
        if mask is None:
            if len(self.open_masks) >= 4096:
                self.open_masks.clear()
            mask = self.open_masks[solved] = sum(self.zone_mask[zone] for zone, by in enumerate(solved) if by < 0)
        return mask

    @cached_property
    def hops(self) -> list[list[int]]:
        """Fewest routes between any two locations (ignoring what is used), for the greedy bot."""
        count = len(self.locations)
        far = count + 1
        table = []
        for source in range(count):
            distance = [far] * count
            distance[source] = 0
            frontier = [source]
            while frontier:
                nxt = []
                for k in frontier:
                    for index in self.routes_from[k]:
                        target = self.routes[index].target
                        if distance[target] == far:
                            distance[target] = distance[k] + 1
                            nxt.append(target)
                frontier = nxt
            table.append(distance)
        return table

    @cached_property
    def nearest(self) -> list[list[tuple[int, int]]]:
        """Per location, every other location as (hops, location), nearest first."""
        return [sorted((d, k) for k, d in enumerate(row) if k != source) for source, row in enumerate(self.hops)]

    @cached_property
    def rings(self) -> list[list[tuple[int, int]]]:
        """Per location, the others by hops as (hops, their bits), nearest first: the greedy bot's nearest goal is
        the first ring that holds one."""
        rings = []
        for row in self.nearest:
            ring: dict[int, int] = {}
            for hops, k in row:
                ring[hops] = ring.get(hops, 0) | 1 << k
            rings.append(sorted(ring.items()))
        return rings

    # -- Miso Squirly geometry -------------------------------------------------------------------------------
    @cached_property
    def _map_geometry(self):
        """Every leg of every visible path and road in map coordinates (with its box), the locations' shapes
        there, and the tape's rectangles."""
        design, frame = self.design, frame_of(self.design)
        lines: list[list[Point]] = []
        shapes: list[tuple] = []
        rects = []
        for s, segment in enumerate(design.segments):
            ox, oy = origin(design, s)
            rects.append((ox, oy, ox + frame.length, oy + frame.width))
            locations = location_index(segment)
            for path in segment.paths:
                part = path_visible(path, locations)
                if part and len(part) >= 2:
                    lines.append([(x + ox, y + oy) for x, y in part])
            for location in segment.locations:
                shapes.append(moved_shape(shape_of(location), ox, oy))
        for road in design.roads:
            lines.append(list(road.points))
        return legs_by_column(lines), shapes, rects, [shape_box(shape) for shape in shapes]

    def miso_points(self, a: int, b: int, drawn: Sequence[tuple] = (),
                    drawn_legs: dict[int, list[tuple]] | None = None) -> tuple[Point, ...] | None:
        """The Miso-Squirly path from location a to b (the first of the three shapes that fits), or None;
        `drawn`: the Miso paths already on the map, as (location, location, points), and `drawn_legs` their
        legs (self.drawn_legs(drawn), worked out here when not given)."""
        return self._first_fit(a, b, self._miso_shapes(a, b), drawn, drawn_legs)

    def _miso_shapes(self, a: int, b: int) -> tuple[tuple[Point, ...], ...]:
        """Straight, bent along the tape first, bent across it first: from a's centre to b's."""
        shapes = self._map_geometry[1]
        (ax, ay), (bx, by) = shape_centre(shapes[a]), shape_centre(shapes[b])
        return ((ax, ay), (bx, by)), ((ax, ay), (bx, ay), (bx, by)), ((ax, ay), (ax, by), (bx, by))

    def _first_fit(self, a: int, b: int, tried: Sequence[tuple[Point, ...]], drawn: Sequence[tuple] = (),
                   drawn_legs: dict[int, list[tuple]] | None = None) -> tuple[Point, ...] | None:
        legs, shapes, rects, boxes = self._map_geometry
        start, finish = shapes[a], shapes[b]
        # The tests in order of what they cost against how often they fail (a shape is kept when all pass).
        for points in tried:
            part = visible_part(points, start, finish)
            if part is None or len(part) < 2 or crosses_legs(part, legs):
                continue
            if drawn:
                if drawn_legs is None:
                    drawn_legs = self.drawn_legs(drawn)
                if crosses_legs(part, drawn_legs):
                    continue
            if not self._over_location(part, a, b, shapes, boxes) and on_tape(part, rects):
                return tuple(points)
        return None

    def drawn_legs(self, drawn: Sequence[tuple]) -> dict[int, list[tuple]]:
        """The legs of Miso paths as they show between their locations."""
        shapes = self._map_geometry[1]
        return legs_by_column([visible_part(p, shapes[c], shapes[d]) or p for c, d, p in drawn])

    def visible(self, a: int, b: int, points) -> list[Point] | None:
        shapes = self._map_geometry[1]
        return visible_part(points, shapes[a], shapes[b])

    def miso_part(self, a: int, b: int, points: tuple[Point, ...]) -> list[Point]:
        """The part that shows of a Miso path as miso_points found it (it keeps only paths that show)."""
        part = self.visible(a, b, points)
        assert part is not None, f"the Miso path between locations {a} and {b} does not show"
        return part

    @staticmethod
    def _over_location(part, a, b, shapes, boxes) -> bool:
        x0, y0, x1, y1 = polyline_box(part, MISO_TOUCH)    # a location within MISO_TOUCH of the box is near
        for k, sb in enumerate(boxes):
            if x0 <= sb[2] and sb[0] <= x1 and y0 <= sb[3] and sb[1] <= y1 and k != a and k != b:
                if polyline_shape_distance(part, shapes[k], MISO_TOUCH)[0] <= MISO_TOUCH:
                    return True
        return False

    @cached_property
    def miso_moves(self) -> list[Miso]:
        return [Miso(self.locations[a].id, self.locations[b].id) for a, b, _ in self.miso_pairs]

    @cached_property
    def miso_pairs(self) -> list[tuple[int, int, tuple[Point, ...]]]:
        """Every pair of locations a Miso-Squirly path can join on the printed map (before any is drawn), as
        miso_points finds them; but a bent shape a leg of which surely meets a path or location is not tried (most
        do, and the legs of many pairs' bent shapes share a line through a location's centre: _axis_hits)."""
        boxes, hits = self._map_geometry[3], self._axis_hits
        pairs = []
        for a in range(len(self.locations)):
            for b in range(a + 1, len(self.locations)):
                straight, along, across = self._miso_shapes(a, b)
                blocked = bents_blocked(straight, boxes[a], boxes[b], hits[a], hits[b])
                tried = [straight] + [bent for bent, skip in zip((along, across), blocked) if not skip]
                points = self._first_fit(a, b, tried)
                if points is not None:
                    pairs.append((a, b, points))
        return pairs

    @cached_property
    def _axis_hits(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Per location, where the lines through its centre along and across the tape first meet a path or
        another location (axis_hits)."""
        legs, shapes = self._map_geometry[:2]
        flat = [leg[:2] for leg in {id(leg): leg for column in legs.values() for leg in column}.values()]
        return list(zip(axis_hits(shapes, flat, 0), axis_hits(shapes, flat, 1)))

    @cached_property
    def no_miso(self) -> "Drawn":
        pairs = tuple(self.miso_pairs)
        parts = tuple(self.miso_part(a, b, p) for a, b, p in pairs)
        boxes = tuple(polyline_box(part, MISO_TOUCH) for part in parts)
        return Drawn((), pairs, parts, boxes, tuple(self.miso_moves), (), ())


# -- the state -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drawn:
    """What the Miso paths drawn so far leave: the pairs a new one can still join (with its points and the part
    that shows), their moves, and the drawn paths as routes (each both ways) and steps."""
    miso: tuple                                # the state's `miso` this was worked out for
    pairs: tuple[tuple[int, int, tuple[Point, ...]], ...]
    parts: tuple[list[Point], ...]
    boxes: tuple[tuple[float, float, float, float], ...]  # each part's, grown by MISO_TOUCH as crosses_legs grows a leg
    moves: tuple[Miso, ...]
    routes: tuple[Route, ...]
    steps: tuple[Step, ...]
    shown: tuple = ()                          # each drawn path's part that shows, in drawn order (drawn_legs)


@dataclass(frozen=True, slots=True)
class State:
    board: Board
    players: int
    to_move: int
    started: int                               # squads that have started (the start phase ends at `players`)
    filled: tuple[tuple[int, ...], ...]        # per location: the squads that filled its areas, largest first
    held: tuple[int, ...]                      # per squad: bit k set when it holds an area of location k
    used: tuple[int, ...]                      # per squad: the pieces (and Miso paths) it has used
    ramen: tuple[int, ...]
    crimes: tuple[tuple[int, ...], ...]        # per squad: the zones whose crime it solved
    solved: tuple[int, ...]                    # per zone: the squad that solved it, or -1
    miso: tuple[tuple[int, int, tuple[Point, ...]], ...] = ()   # drawn: (location a, location b, points)
    miso_by: tuple[int, ...] = ()              # the squad that drew each
    passes: int = 0
    plies: int = 0
    # Worked out from the fields above and kept with the state; a state built by hand (dataclasses.replace)
    # gets them worked out again on first use, since each names the field it was made from.
    known_counts: Counts | None = field(default=None, compare=False, repr=False)
    known_drawn: Drawn | None = field(default=None, compare=False, repr=False)
    memo: Memo | None = field(default=None, init=False, compare=False, repr=False)    # positions.py

    @property
    def counts(self) -> Counts:
        known = self.known_counts
        if known is None or known.filled is not self.filled:
            known = counts_of(self.board, self.players, self.filled)
            object.__setattr__(self, "known_counts", known)
        return known

    @property
    def drawn(self) -> Drawn:
        known = self.known_drawn
        if known is None or known.miso is not self.miso:
            known = _drawn_afresh(self)
            object.__setattr__(self, "known_drawn", known)
        return known

    def route(self, index: int) -> Route:
        routes = self.board.routes
        if index < len(routes):
            return routes[index]
        return self.drawn.routes[index - len(routes)]

def _drawn_afresh(state: State) -> Drawn:
    """The Miso-derived part of a state, from nothing but its `miso` (one Miso at a time, as in a game)."""
    drawn = state.board.no_miso
    for k in range(len(state.miso)):
        drawn = _after_miso(state.board, drawn, state.miso[:k + 1])
    return drawn if drawn.miso is state.miso else replace(drawn, miso=state.miso)


def _after_miso(board: Board, before: Drawn, miso: tuple) -> Drawn:
    """`before` after one more Miso path (the last of `miso`): a pair stays open with its shape when that shape
    does not touch the new path; a pair whose shape does gets its first fitting shape again, checked against
    every path drawn (the shapes before its old one stayed blocked, since drawing only adds)."""
    a, b, points = miso[-1]
    shown = before.shown + (board.visible(a, b, points) or points,)   # as drawn_legs shows them, kept
    new_legs = legs_by_column(shown[-1:])
    x0, y0, x1, y1 = polyline_box(shown[-1], MISO_TOUCH)
    every = None                                    # the legs of every Miso path drawn, once one is needed
    pairs, parts, boxes, moves = [], [], [], []
    for pair, part, box, move in zip(before.pairs, before.parts, before.boxes, before.moves):
        if box[0] <= x1 and x0 <= box[2] and box[1] <= y1 and y0 <= box[3] and crosses_legs(part, new_legs):
            if every is None:
                every = legs_by_column(shown)
            found = board.miso_points(pair[0], pair[1], miso, every)
            if found is None:
                continue
            pair, part = (pair[0], pair[1], found), board.miso_part(pair[0], pair[1], found)
            box = polyline_box(part, MISO_TOUCH)
        pairs.append(pair)
        parts.append(part)
        boxes.append(box)
        moves.append(move)
    k = len(miso) - 1
    index = len(board.routes) + 2 * k
    routes: list[Route] = []
    steps: list[Step] = []
    for origin_, target in ((a, b), (b, a)):
        nth = sum(1 for i in board.routes_from[origin_] if board.routes[i].target == target)
        nth += sum(1 for m in miso[:k] if {m[0], m[1]} == {origin_, target})
        route = Route(origin_, target, 1 << (board.pieces + k), nth, (board.pieces + k,))
        routes.append(route)
        steps.append(Step(board.locations[origin_].id, board.locations[target].id, nth, index + len(steps), target))
    return Drawn(miso, tuple(pairs), tuple(parts), tuple(boxes), tuple(moves), before.routes + tuple(routes),
                 before.steps + tuple(steps), shown)


def initial_state(design: CopsMap, setup=None, rules=None, seed: int = 0, first: int = 0,
                  board: Board | None = None) -> State:
    """A game before anyone has started; `first` is the seat that starts (seats rotate between games)."""
    board = board or board_for(design)
    players = design.players
    opening = board.openings.get(players)
    if opening is None:                 # the same for every game on the board: made once
        filled = ((),) * len(board.locations)
        opening = board.openings[players] = State(
            board=board, players=players, to_move=0, started=0, filled=filled, held=(0,) * players,
            used=(0,) * players, ramen=(RAMEN,) * players, crimes=((),) * players, solved=(-1,) * board.zones,
            known_counts=counts_of(board, players, filled))
    root = board.roots.get((players, first % players))
    if root is None:                    # every game from here starts at this very position (positions.py)
        if not board.roots:
            planted(board)
        root = board.roots[players, first % players] = remembered(_copy(opening, {"to_move": first % players}))
    return root


_BOARDS: dict[int, tuple[CopsMap, Board]] = {}


def board_for(design: CopsMap) -> Board:
    """The board of a design, read once per process (designs are immutable)."""
    kept = _BOARDS.get(id(design))
    if kept is not None and kept[0] is design:
        return kept[1]
    if len(_BOARDS) > 64:
        _BOARDS.clear()
    board = Board(design)
    _BOARDS[id(design)] = (design, board)
    return board


def to_move(state: State) -> int:
    return state.to_move


def result(state: State) -> Result | None:
    # asked three times a move (the match, legal_moves, apply): the usual answer, none yet, found in C
    if state.passes < state.players and max(map(len, state.crimes)) < CRIMES_TO_WIN:
        return None
    for seat, crimes in enumerate(state.crimes):
        if len(crimes) >= CRIMES_TO_WIN:
            return Result((seat,), "win")
    if state.passes >= state.players:
        return Result((), "stalemate")
    return None


def _moves_out(state: State, squad: int, held: int, used: int) -> list[Move]:
    """The step of every route the squad may take from the locations in `held`."""
    blocked = state.counts.blocked[squad]
    found: list[Move] = []
    out = state.board.out
    held_from = held
    while held:
        low = held & -held
        for mask, bit, _, step in out[low.bit_length() - 1]:
            if not (mask & used or bit & blocked):
                found.append(step)
        held ^= low
    if state.miso:
        drawn = state.drawn
        for route, step in zip(drawn.routes, drawn.steps):
            if held_from >> route.origin & 1 and not (route.mask & used or blocked >> route.target & 1):
                found.append(step)
    return found


def legal_moves(state: State) -> list[Move]:
    memo = state.memo
    if memo is None:
        return _legal_moves(state)
    if memo.moves is None:
        memo.moves = _legal_moves(state)
    return list(memo.moves)                 # a list of its own: the caller may change it


def _legal_moves(state: State) -> list[Move]:
    if result(state) is not None:
        return []
    squad = state.to_move
    board = state.board
    if state.started < state.players:
        starts = board.starts
        return [starts[k] for k, filled in enumerate(state.filled) if not filled]
    used = state.used[squad]
    moves: list[Move] = _moves_out(state, squad, state.held[squad], used)
    if state.ramen[squad] > 0:
        moves += _noodles(state, squad, moves, used)
        moves += state.drawn.moves if state.miso else board.miso_moves
    return moves or [PASS]


def _noodles(state: State, squad: int, firsts: list, used: int) -> list[Noodle]:
    """Noodle Legs: every step, then every step on from where it arrived (a route never leads back to the
    location it leaves, so the second move always goes elsewhere). This is the move search's inner loop: a
    printed route's Noodle Legs on along printed routes are made once per board (_noodles_after)."""
    board = state.board
    out, table, routes, printed = board.out, board.noodles_after, board.routes, len(board.routes)
    blocked = state.counts.blocked[squad]
    drawn = state.drawn if state.miso else None
    moves: list[Noodle] = []
    for first in firsts:
        index = first.index
        if index < printed:
            after = table[index]
            if after is None:
                after = table[index] = _noodles_after(board, first)
            taken = used | routes[index].mask
            for pieces, bit, noodle in after:
                if not (pieces & taken or bit & blocked):
                    moves.append(noodle)
            target = routes[index].target
        else:                                       # along a Miso path: made afresh
            route = drawn.routes[index - printed]   # type: ignore[union-attr]
            taken, target = used | route.mask, route.target
            for pieces, bit, _, second in out[target]:
                if not (pieces & taken or bit & blocked):
                    moves.append(Noodle(first, second))
        if drawn is not None:
            for route, second in zip(drawn.routes, drawn.steps):
                if route.origin == target and not (route.mask & taken or blocked >> route.target & 1):
                    moves.append(Noodle(first, second))
    return moves


def _noodles_after(board: Board, first: Step) -> list[tuple[int, int, Noodle]]:
    """(pieces, target bit, Noodle Legs) for every printed route on from where the printed `first` arrives."""
    after = board.out[board.routes[first.index].target]
    return [(pieces, bit, Noodle(first, second)) for pieces, bit, _, second in after]


def miso_moves(state: State) -> list[Miso]:
    return list(state.drawn.moves)


def apply(state: State, move: Move) -> State:
    """The state after `move`, which must be one of legal_moves(state) (`parse_move` and the bots only make
    those): any other move, or any move once the game is over, raises ValueError naming it and saying why. The
    check is full and costs little: a step is held to the rules where its route is travelled, and the moves that
    come seldom (a start, a pass, Miso Squirly) to the moves there are. From a position with a Memo, a move
    played from it before (the very object) leads to the very position it led to, now reached again."""
    memo = state.memo
    if memo is None:
        return _applied(state, move)
    kept = memo.after.get(id(move))
    if kept is not None and kept[0] is move:
        return remembered(kept[1])
    after = _applied(state, move)
    memo.after[id(move)] = (move, after)
    return after


def _applied(state: State, move: Move) -> State:
    if result(state) is not None:
        raise _refused(move, "the game is already over")
    squad = state.to_move
    nxt = (squad + 1) % state.players
    changes: dict = {"to_move": nxt, "passes": 0, "plies": state.plies + 1}
    if type(move) is Step:
        if state.started < state.players:
            raise _refused(move, "every squad starts first")
        _travel(state, changes, squad, move, move, state.held[squad])
        return _copy(state, changes)
    if type(move) is Noodle:
        if state.started < state.players or state.ramen[squad] <= 0:
            raise _refused(move, "every squad starts first" if state.started < state.players
                           else "the squad has no ramen left")
        arrived = 1 << _travel(state, changes, squad, move.first, move, state.held[squad])
        if len(changes.get("crimes", state.crimes)[squad]) < CRIMES_TO_WIN:
            _travel(state, changes, squad, move.second, move, arrived)
        else:                       # the first step won: the second is not made, but must have been legal
            _travel(state, dict(changes), squad, move.second, move, arrived)
        changes["ramen"] = _set(state.ramen, squad, state.ramen[squad] - 1)
    elif type(move) is Start:
        k = state.board.number.get(move.location)
        if state.started >= state.players or k is None or state.filled[k]:
            raise _refused(move, "every squad has started" if state.started >= state.players
                           else "no location of that name" if k is None else "the location is filled")
        _arrive(state, changes, squad, k, move)
        changes["started"] = state.started + 1
    elif type(move) is Pass:
        if legal_moves(state) != [PASS]:
            raise _refused(move, "the squad has a move, so it may not pass")
        return _copy(state, {"to_move": nxt, "passes": state.passes + 1, "plies": state.plies + 1})
    elif type(move) is Miso:
        board = state.board
        a, b = board.number.get(move.a), board.number.get(move.b)
        if a is not None and b is not None and a > b:
            a, b = b, a                      # a path joins two locations whichever is named first (as parse_move reads)
        before = state.drawn if state.miso else board.no_miso
        points = next((p for x, y, p in before.pairs if x == a and y == b), None)
        if state.started < state.players or state.ramen[squad] <= 0 or points is None:
            raise _refused(move, "every squad starts first" if state.started < state.players else "the squad has no "
                           "ramen left" if state.ramen[squad] <= 0 else "no Miso-Squirly path can join them now")
        miso = state.miso + ((a, b, points),)
        changes.update(miso=miso, miso_by=state.miso_by + (squad,), known_drawn=_after_miso(board, before, miso),
                       ramen=_set(state.ramen, squad, state.ramen[squad] - 1))
    else:
        raise _refused(move, f"not a move of this engine (a {type(move).__name__}; moves are Start, Step, Noodle, "
                             "Miso, Pass)")
    return _copy(state, changes)


def _refused(move, why: str) -> ValueError:
    return ValueError(f"move {str(move)!r}: {why}")


def _travel(state: State, changes: dict, squad: int, step: Step, move, held: int) -> int:
    """The squad takes `step` from one of the locations `held` (those it holds; for the second step of Noodle
    Legs, the one the first reached): `changes` gets what changes; a step it may not take refuses `move`. Where
    it arrives."""
    board, index = state.board, step.index
    route = board.routes[index] if 0 <= index < len(board.routes) and board.steps[index] is step else \
        _route_of(state, step, move)
    used = list(changes.get("used", state.used))
    if not held >> route.origin & 1 or route.mask & used[squad]:
        raise _refused(move, f"{step}: " + ("the squad has used that path" if held >> route.origin & 1 else
                                            "it leaves from a location the squad is not at (Noodle Legs: the "
                                            "second step leaves from where the first arrives)"))
    used[squad] |= route.mask
    changes["used"] = tuple(used)
    _arrive(state, changes, squad, route.target, move)
    return route.target


def _route_of(state: State, step: Step, move) -> Route:
    """The route of a step not among the board's own (a Miso path's, or one made anew): by its index, where the
    step there is the same; a step made by hand without an index (Step("1a", "1b"), equal to the legal one) by its
    locations and nth; else `move` is refused."""
    board, index, printed = state.board, step.index, len(state.board.routes)
    drawn = state.drawn if state.miso else board.no_miso
    if index == -1:                                 # no index given: the route these locations and nth name
        index = next((k for k, known in enumerate((*board.steps, *drawn.steps)) if known == step), -2)
    if 0 <= index < printed and board.steps[index] == step:
        return board.routes[index]
    if 0 <= index - printed < len(drawn.routes) and drawn.steps[index - printed] == step:
        return drawn.routes[index - printed]
    raise _refused(move, f"{step} names no route of this map")


def _arrive(state: State, changes: dict, squad: int, location: int, move) -> None:
    """The squad fills the next area of the location: `changes` gets the fields that change (it may hold some
    already, from the first move of Noodle Legs); a location it may not enter refuses `move`. Every move of
    every playout comes here, so each tuple is made anew in one go, by the rank the area filled has."""
    counts = changes.get("known_counts") or state.counts
    blocked = counts.blocked
    if blocked[squad] >> location & 1:
        raise _refused(move, f"the squad may not enter {state.board.locations[location].id} (it is full, or the "
                             "squad holds only its largest area)")
    before = changes.get("filled", state.filled)
    owners = before[location] + (squad,)
    filled = _set(before, location, owners)
    bit = 1 << location
    rank = len(owners) - 1
    n0, n1, n2 = counts.next_rank
    if rank == 0:
        next_rank = (n0 & ~bit, n1 | bit, n2)
        blocked = _set(blocked, squad, blocked[squad] | bit)
    elif rank == 1:
        next_rank = (n0, n1 & ~bit, n2 | bit)
        blocked = _set(blocked, owners[0], blocked[owners[0]] & ~bit)
    else:
        next_rank = (n0, n1, n2 & ~bit)
        blocked = tuple([b | bit for b in blocked])
    board = state.board
    zone = board.zone_of[location]
    mine = counts.ranks[squad]
    held_there = mine[zone] | 1 << rank
    ranks = _set(counts.ranks, squad, _set(mine, zone, held_there))
    at = 3 * squad + rank
    holding = _set(counts.holding, at, counts.holding[at] | board.zone_mask[zone])
    held = changes.get("held", state.held)
    changes["filled"] = filled
    changes["held"] = _set(held, squad, held[squad] | bit)
    changes["known_counts"] = _make_counts(filled, blocked, ranks, next_rank, holding)
    if held_there == 0b111:
        solved = changes.get("solved", state.solved)
        if solved[zone] < 0:
            crimes = changes.get("crimes", state.crimes)
            changes.update(solved=_set(solved, zone, squad), crimes=_set(crimes, squad, crimes[squad] + (zone,)))


_make_counts = maker(Counts)
_copy = copier(State)


def _set(values: tuple, index: int, value) -> tuple:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


# -- notation ------------------------------------------------------------------------------------------------------


_STEP = r"[^\s>~/]+>[^\s>~/]+(?:/\d+)?"
_NOTATION = re.compile(rf"start [^\s>~/]+|{_STEP}|noodle {_STEP} {_STEP}|miso [^\s>~/]+~[^\s>~/]+|pass")


def parse_move(text: str, state: State) -> Move:
    """A move from its notation (`start 1a`, `1a>2c`, `1a>2c/1`, `noodle 1a>2c 2c>2d`, `miso 1a~2e`, `pass`);
    an InputError names what is wrong when it is not a legal move here."""
    canonical = " ".join(str(text).split())
    if not _NOTATION.fullmatch(canonical):
        raise InputError(Says(N_("move {move!r}: not a {game} move ({notation})"), move=text, game="Cops",
                              notation="start L, A>B, A>B/N, noodle A>B B>C, miso A~B, pass"))
    # A route's number /0 is the first route, which is printed without it; the numbers are no location names
    # (a location may be named all in digits, and is looked up like any other).
    canonical = re.sub(r"/0+(?=\s|$)", "", canonical)
    body = re.sub(r"/\d+", "", canonical.removeprefix("start ").removeprefix("noodle ").removeprefix("miso "))
    names = [] if canonical == "pass" else re.split(r"[ >~]", body)
    for name in names:
        if name not in state.board.number:
            raise InputError(Says(N_("move {move!r}: no location {name!r} on this map"), move=text, name=name))
    wanted = {canonical}
    if canonical.startswith("miso "):
        # Miso Squirly links two locations of the squad's choice, in no order: named from either end it is the
        # same new path (the engine keeps each pair once, in map order).
        first, second = canonical.removeprefix("miso ").split("~")
        wanted.add(f"miso {second}~{first}")
    legal = legal_moves(state)
    for move in legal:
        if str(move) in wanted:
            return move
    return _explain(text, state, legal)


def _explain(text: str, state: State, legal: list[Move]) -> Move:
    squad = state.to_move
    sample = ", ".join(str(move) for move in legal[:6]) + (" ..." if len(legal) > 6 else "")
    raise InputError(Says(N_("move {move!r} is not legal for squad {squad} now (legal: {legal})"), move=text,
                          squad=squad + 1, legal=sample))
