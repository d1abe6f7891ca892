"""The rules engine of Tokyo Washi Game Cops (DESIGN 9 "Cops"): a pure state, its legal moves, apply, result.

The map is read once into a `Board`: its locations (numbered in map order), the printed path pieces and the new
roads, and every route a squad can take, from one location to another through ports, joints and roads. A squad
uses each piece at most once, so a route is open to it while none of its pieces is in the squad's used set.

Readings where the rules are silent (the rule sheet repeats them):
- A route is what joins two locations: one printed path, or two joined at a port, a joint or a new road. Using a
  route uses every piece of it. A route never leads back to the location it leaves.
- Areas fill largest first, so a location's k-th visitor fills its k-th area; the ban means a squad holding only
  the largest area of a location may not come back while the middle one is empty.
- Miso Squirly draws one of three shapes between the two locations' centres, the first that fits: straight, bent
  along the tape first, bent across it first. It may not cross or touch a path, road or Miso-Squirly path, may not
  run over another location and stays on the tape (no wrap, no gap between strips).
- Noodle Legs ends after the first move when that move solves the squad's second crime.
- A squad that has no move and no ramen it can use passes; when every squad passes in a row the game ends without
  a winner (a stalemate), since nothing can change any more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Sequence

from ...errors import InputError
from .model import CopsMap, Location, Point
from .rules import (frame_of, location_index, meeting_ends, origin, path_visible, polyline_box,
                    polyline_shape_distance, road_path, segments_intersect, shape_box, shape_of, visible_part)

RAMEN = 2
CRIMES_TO_WIN = 2
MAX_ROUTE_PIECES = 4


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
    locations apart (0 for the first, printed only when it is not 0)."""
    origin: str
    target: str
    nth: int = 0
    index: int = field(default=-1, compare=False)

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


@dataclass(frozen=True, slots=True)
class Route:
    origin: int            # location numbers
    target: int
    mask: int              # the pieces it uses, one bit each
    nth: int
    pieces: tuple[int, ...] = ()   # the same, in the order travelled


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
        self.piece_key: list[tuple] = []          # (segment, path) of a printed path, ("road", r) of a new road
        self.routes: list[Route] = _routes(self, design)
        self.pieces = len(self.piece_key)
        self.routes_from: list[list[int]] = [[] for _ in self.locations]
        for index, route in enumerate(self.routes):
            self.routes_from[route.origin].append(index)
        self.steps = [Step(self.locations[r.origin].id, self.locations[r.target].id, r.nth, i)
                      for i, r in enumerate(self.routes)]

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
                shapes.append(_moved(shape_of(location), ox, oy))
        for road in design.roads:
            lines.append(list(road.points))
        return _legs(lines), shapes, rects

    def miso_points(self, a: int, b: int, drawn: Sequence[tuple] = ()) -> tuple[Point, ...] | None:
        """The Miso-Squirly path from location a to b (the first of the three shapes that fits), or None;
        `drawn`: the Miso paths already on the map, as (location, location, points)."""
        legs, shapes, rects = self._map_geometry
        start, finish = shapes[a], shapes[b]
        (ax, ay), (bx, by) = _centre(start), _centre(finish)
        for points in (((ax, ay), (bx, by)), ((ax, ay), (bx, ay), (bx, by)), ((ax, ay), (ax, by), (bx, by))):
            part = visible_part(points, start, finish)
            if part is None or len(part) < 2 or _crosses(part, legs) or not _on_tape(part, rects):
                continue
            if drawn and _crosses(part, _legs([visible_part(p, shapes[c], shapes[d]) or p for c, d, p in drawn])):
                continue
            if not self._over_location(part, a, b, shapes):
                return tuple(points)
        return None

    @staticmethod
    def _over_location(part, a, b, shapes) -> bool:
        box = polyline_box(part)
        for k, shape in enumerate(shapes):
            if k in (a, b):
                continue
            sb = shape_box(shape)
            if box[0] <= sb[2] and sb[0] <= box[2] and box[1] <= sb[3] and sb[1] <= box[3]:
                if polyline_shape_distance(part, shape, 0.0)[0] <= 1e-7:
                    return True
        return False

    @cached_property
    def miso_moves(self) -> list[Miso]:
        return [Miso(self.locations[a].id, self.locations[b].id) for a, b, _ in self.miso_pairs]

    @cached_property
    def miso_pairs(self) -> list[tuple[int, int, tuple[Point, ...]]]:
        """Every pair of locations a Miso-Squirly path can join on the printed map (before any is drawn)."""
        pairs = []
        for a in range(len(self.locations)):
            for b in range(a + 1, len(self.locations)):
                points = self.miso_points(a, b)
                if points is not None:
                    pairs.append((a, b, points))
        return pairs


def _moved(shape: tuple, dx: float, dy: float) -> tuple:
    if shape[0] == "circle":
        return ("circle", shape[1] + dx, shape[2] + dy, shape[3])
    return ("rect", shape[1] + dx, shape[2] + dy, shape[3] + dx, shape[4] + dy)


def _centre(shape: tuple) -> Point:
    x0, y0, x1, y1 = shape_box(shape)
    return (x0 + x1) / 2, (y0 + y1) / 2


BUCKET = 15.0          # mm along the map: legs are filed by the columns they span, so a test looks at few


def _legs(lines) -> dict[int, list[tuple]]:
    """The straight legs of polylines with their boxes, (p, q, x0, y0, x1, y1), filed by column."""
    columns: dict[int, list[tuple]] = {}
    for line in lines:
        for p, q in zip(line, line[1:]):
            leg = (p, q, min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))
            for column in range(int(leg[2] // BUCKET), int(leg[4] // BUCKET) + 1):
                columns.setdefault(column, []).append(leg)
    return columns


def _crosses(part: Sequence[Point], legs: dict[int, list[tuple]]) -> bool:
    """Some leg of the polyline touches or crosses one of the legs (the validator's segment test); the columns
    are searched from the polyline's start, where a crossing is most likely found first."""
    for a, b in zip(part, part[1:]):
        # Boxes grown a little, so legs that touch within rounding still reach the exact test.
        x0, y0 = min(a[0], b[0]) - 1e-6, min(a[1], b[1]) - 1e-6
        x1, y1 = max(a[0], b[0]) + 1e-6, max(a[1], b[1]) + 1e-6
        first, last = int(a[0] // BUCKET), int(b[0] // BUCKET)
        step = 1 if last >= first else -1
        for column in range(first, last + step, step):
            for p, q, lx0, ly0, lx1, ly1 in legs.get(column, ()):
                if lx0 <= x1 and x0 <= lx1 and ly0 <= y1 and y0 <= ly1 and segments_intersect(a, b, p, q):
                    return True
    return False


def _on_tape(points: Sequence[Point], rects) -> bool:
    """Every leg lies on the tape: cut at the rectangles' edges, each piece lies inside one rectangle."""
    for p, q in zip(points, points[1:]):
        cuts = {0.0, 1.0}
        for x0, y0, x1, y1 in rects:
            for edge, start, delta in ((x0, p[0], q[0] - p[0]), (x1, p[0], q[0] - p[0]),
                                       (y0, p[1], q[1] - p[1]), (y1, p[1], q[1] - p[1])):
                if abs(delta) > 1e-12 and 0.0 < (edge - start) / delta < 1.0:
                    cuts.add((edge - start) / delta)
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            mid = (t0 + t1) / 2
            x, y = p[0] + mid * (q[0] - p[0]), p[1] + mid * (q[1] - p[1])
            if not any(x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9 for x0, y0, x1, y1 in rects):
                return False
    return True


def _routes(board: Board, design: CopsMap) -> list[Route]:
    """Every route between two locations: pieces are printed paths and new roads; their ends that are not
    locations meet at junctions (a port and its partner across the wrap, joints that meet, the ends a road joins)."""
    pieces: list[tuple[object, object]] = []           # (node, node); node = ("L", k) or ("J", root)
    parent: dict = {}

    def find(item):
        parent.setdefault(item, item)
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def join(a, b) -> None:
        parent[find(a)] = find(b)

    def end_node(s: int, p: int, label: str, end):
        if end.location is not None:
            return ("L", board.number[end.location])
        return ("E", s, p, label)

    raw = []
    for s, segment in enumerate(design.segments):
        for p, path in enumerate(segment.paths):
            raw.append((end_node(s, p, "a", path.a), end_node(s, p, "b", path.b)))
            board.piece_key.append((s, p))
    for (s1, p1), (s2, p2) in meeting_ends(design):
        join(_terminal(s1, p1, design), _terminal(s2, p2, design))
    for r, road in enumerate(design.roads):
        nodes = []
        for end in (road.a, road.b):
            if end.location is not None:
                nodes.append(("L", board.number[end.location]))
            else:
                found = road_path(end, design.segments)
                nodes.append(_terminal(*found, design) if found else ("R", r, id(end)))
        if nodes[0][0] == "E" and nodes[1][0] == "E":
            join(nodes[0], nodes[1])          # a road that completes a path joins its two ends into one junction
        else:
            raw.append(tuple(nodes))
            board.piece_key.append(("road", r))
    for a, b in raw:
        pieces.append(tuple(n if n[0] == "L" else ("J", find(n)) for n in (a, b)))
    at_node: dict = {}
    for index, (a, b) in enumerate(pieces):
        at_node.setdefault(a, []).append(index)
        if b != a:
            at_node.setdefault(b, []).append(index)

    found: dict[tuple[int, int], list[int]] = {}
    routes: list[Route] = []

    def walk(origin: int, node, travelled: tuple[int, ...], mask: int) -> None:
        for index in at_node.get(node, ()):
            if mask >> index & 1:
                continue
            a, b = pieces[index]
            other = b if a == node else a
            used = mask | 1 << index
            if other[0] == "L":
                known = found.setdefault((origin, other[1]), [])
                if other[1] != origin and used not in known:
                    routes.append(Route(origin, other[1], used, len(known), travelled + (index,)))
                    known.append(used)
            elif len(travelled) + 1 < MAX_ROUTE_PIECES:
                walk(origin, other, travelled + (index,), used)

    for k in range(len(board.locations)):
        walk(k, ("L", k), (), 0)
    return routes


def _terminal(s: int, p: int, design: CopsMap):
    path = design.segments[s].paths[p]
    label = "a" if path.a.location is None else "b"
    return ("E", s, p, label)


# -- the state -----------------------------------------------------------------------------------------------------


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

    def route(self, index: int) -> Route:
        routes = self.board.routes
        if index < len(routes):
            return routes[index]
        return self.miso_routes[index - len(routes)]

    @property
    def miso_routes(self) -> list[Route]:
        base = self.board.pieces
        routes = []
        for k, (a, b, _) in enumerate(self.miso):
            routes.append(Route(a, b, 1 << (base + k), _nth(self, a, b, k), (base + k,)))
            routes.append(Route(b, a, 1 << (base + k), _nth(self, b, a, k), (base + k,)))
        return routes


def _nth(state: State, a: int, b: int, k: int) -> int:
    """The number of a Miso path among the routes from a to b: after the printed ones and earlier Miso paths."""
    board = state.board
    before = sum(1 for index in board.routes_from[a] if board.routes[index].target == b)
    before += sum(1 for m in state.miso[:k] if {m[0], m[1]} == {a, b})
    return before


def initial_state(design: CopsMap, setup=None, rules=None, seed: int = 0, first: int = 0,
                  board: Board | None = None) -> State:
    """A game before anyone has started; `first` is the seat that starts (seats rotate between games)."""
    board = board or board_for(design)
    players = design.players
    return State(board=board, players=players, to_move=first % players, started=0,
                 filled=((),) * len(board.locations), held=(0,) * players, used=(0,) * players,
                 ramen=(RAMEN,) * players, crimes=((),) * players, solved=(-1,) * board.zones)


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
    for seat, crimes in enumerate(state.crimes):
        if len(crimes) >= CRIMES_TO_WIN:
            return Result((seat,), "win")
    if state.passes >= state.players:
        return Result((), "stalemate")
    return None


def open_to(state: State, squad: int, location: int) -> bool:
    """The squad may arrive at this location: it is not full, and its next area is not the middle one while the
    squad holds the largest."""
    filled = state.filled[location]
    if len(filled) >= 3:
        return False
    return not (len(filled) == 1 and filled[0] == squad)


def step_moves(state: State, squad: int, held: int | None = None, used: int | None = None) -> list[Step]:
    board = state.board
    held = state.held[squad] if held is None else held
    used = state.used[squad] if used is None else used
    moves = []
    routes, steps = board.routes, board.steps
    k = 0
    bits = held
    while bits:
        if bits & 1:
            for index in board.routes_from[k]:
                route = routes[index]
                if not route.mask & used and open_to(state, squad, route.target):
                    moves.append(steps[index])
        bits >>= 1
        k += 1
    if state.miso:
        offset = len(routes)
        for j, route in enumerate(state.miso_routes):
            if held >> route.origin & 1 and not route.mask & used and open_to(state, squad, route.target):
                moves.append(_step(state, offset + j, route))
    return moves


def _step(state: State, index: int, route: Route) -> Step:
    board = state.board
    return Step(board.locations[route.origin].id, board.locations[route.target].id, route.nth, index)


def legal_moves(state: State) -> list[Move]:
    if result(state) is not None:
        return []
    squad = state.to_move
    board = state.board
    if state.started < state.players:
        return [Start(board.locations[k].id) for k, filled in enumerate(state.filled) if not filled]
    steps = step_moves(state, squad)
    moves: list[Move] = list(steps)
    if state.ramen[squad] > 0:
        for first in steps:
            route = state.route(first.index)
            target = route.target
            for second in step_moves(state, squad, 1 << target, state.used[squad] | route.mask):
                if second.target != first.target:
                    moves.append(Noodle(first, second))
        moves += miso_moves(state)
    return moves or [PASS]


def miso_moves(state: State) -> list[Miso]:
    board = state.board
    names = board.locations
    if not state.miso:
        return board.miso_moves
    return [Miso(names[a].id, names[b].id) for a, b, _ in board.miso_pairs
            if board.miso_points(a, b, state.miso) is not None]


def apply(state: State, move: Move) -> State:
    """The state after `move` (which must be legal; `parse_move` and the bots only make legal ones)."""
    squad = state.to_move
    nxt = (squad + 1) % state.players
    if isinstance(move, Pass):
        return _with(state, to_move=nxt, passes=state.passes + 1, plies=state.plies + 1)
    if isinstance(move, Start):
        state = _fill(state, squad, state.board.number[move.location])
        return _with(state, to_move=nxt, started=state.started + 1, passes=0, plies=state.plies + 1)
    if isinstance(move, Step):
        state = _travel(state, squad, move)
    elif isinstance(move, Noodle):
        state = _travel(state, squad, move.first)
        if len(state.crimes[squad]) < CRIMES_TO_WIN:
            state = _travel(state, squad, move.second)
        state = _with(state, ramen=_set(state.ramen, squad, state.ramen[squad] - 1))
    elif isinstance(move, Miso):
        a, b = state.board.number[move.a], state.board.number[move.b]
        points = state.board.miso_points(a, b, state.miso)
        state = _with(state, miso=state.miso + ((a, b, points),), miso_by=state.miso_by + (squad,),
                        ramen=_set(state.ramen, squad, state.ramen[squad] - 1))
    return _with(state, to_move=nxt, passes=0, plies=state.plies + 1)


def _travel(state: State, squad: int, step: Step) -> State:
    route = state.route(step.index)
    state = _with(state, used=_set(state.used, squad, state.used[squad] | route.mask))
    return _fill(state, squad, route.target)


def _fill(state: State, squad: int, location: int) -> State:
    filled = state.filled[location] + (squad,)
    state = _with(state, filled=_set(state.filled, location, filled),
                    held=_set(state.held, squad, state.held[squad] | 1 << location))
    zone = state.board.zone_of[location]
    if state.solved[zone] < 0 and has_evidence(state, squad, zone):
        state = _with(state, solved=_set(state.solved, zone, squad),
                        crimes=_set(state.crimes, squad, state.crimes[squad] + (zone,)))
    return state


def ranks_held(state: State, squad: int, zone: int) -> int:
    """Bit r set when the squad holds an area of rank r (0 largest, 1 middle, 2 smallest) in the zone."""
    ranks = 0
    for k in state.board.zone_members[zone]:
        for rank, owner in enumerate(state.filled[k]):
            if owner == squad:
                ranks |= 1 << rank
    return ranks


def has_evidence(state: State, squad: int, zone: int) -> bool:
    return ranks_held(state, squad, zone) == 0b111


_FIELDS = tuple(State.__dataclass_fields__)


def _with(state: State, **changes) -> State:
    """A copy of the state with some fields changed (dataclasses.replace, without its checks: it runs on every
    move of every playout)."""
    new = object.__new__(State)
    for name in _FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


def _set(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


# -- notation ------------------------------------------------------------------------------------------------------


_STEP = r"[^\s>~/]+>[^\s>~/]+(?:/\d+)?"
_NOTATION = re.compile(rf"start [^\s>~/]+|{_STEP}|noodle {_STEP} {_STEP}|miso [^\s>~/]+~[^\s>~/]+|pass")


def parse_move(text: str, state: State) -> Move:
    """A move from its notation (`start 1a`, `1a>2c`, `1a>2c/1`, `noodle 1a>2c 2c>2d`, `miso 1a~2e`, `pass`);
    an InputError names what is wrong when it is not a legal move here."""
    canonical = " ".join(str(text).split())
    if not _NOTATION.fullmatch(canonical):
        raise InputError(f"move {text!r}: not a Cops move (start L, A>B, A>B/N, noodle A>B B>C, miso A~B, pass)")
    names = re.split(r"[ >~/]", canonical.removeprefix("start ").removeprefix("noodle ").removeprefix("miso "))
    for name in names:
        if name and not name.isdigit() and name != "pass" and name not in state.board.number:
            raise InputError(f"move {text!r}: no location {name!r} on this map")
    legal = legal_moves(state)
    for move in legal:
        if str(move) == canonical:
            return move
    return _explain(text, state, legal)


def _explain(text: str, state: State, legal: list[Move]) -> Move:
    squad = state.to_move
    sample = ", ".join(str(move) for move in legal[:6]) + (" ..." if len(legal) > 6 else "")
    raise InputError(f"move {text!r} is not legal for squad {squad + 1} now (legal: {sample})")

