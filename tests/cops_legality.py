"""A referee for Cops games, written apart from the engine: it keeps its own record of the game from the moves'
notation and checks each move against the rules of DESIGN 9 "Cops" with the validator's geometry.

The engine tells the referee which pieces a move travels (its witness); the referee checks on its own that those
pieces really join the two locations, and that the squad has used none before. Where path ends meet it works out
from the map's geometry alone: ends at one point of the map (joints where segments meet; stacked strips' ports,
the map's bottom edge being its top edge), a top port and the bottom port at its x on the same segment (end to
end: the wrap), and every path end a line of new roads reaches: roads that share an end point are one line, and
every path end at a point of that line continues into every other one (the rule sheet's crossroads). Roads
between path ends are not pieces; a road that ends at a location is one.
"""

from __future__ import annotations

import math

from washigen.games.cops.geometry import (frame_of, location_index, path_visible, polyline_distance,
                                          polyline_shape_distance, shape_of, visible_part)

TOLERANCE = 0.5 + 1e-6      # ends meet within the rule's 0.5 mm (float sums of offsets aside)
MISO_TOUCH = 0.05           # a Miso path nearer a path or location than this touches it (printed points: 0.01 mm)


class Referee:
    def __init__(self, design, first: int = 0):
        self.design = design
        self.players = design.players
        self.turn = first
        self.started = 0
        self.filled: dict[str, list[int]] = {}
        self.used: list[set] = [set() for _ in range(self.players)]
        self.ramen = [2] * self.players
        self.crimes: list[list[tuple[int, int]]] = [[] for _ in range(self.players)]
        self.solved: dict[tuple[int, int], int] = {}
        self.miso: list[tuple[str, str, tuple]] = []
        self._linked, self._links_found = -1, {}            # _links() for that many Miso paths
        self.zone: dict[str, tuple[int, int]] = {}
        self.shape: dict[str, tuple] = {}
        frame = frame_of(design)
        self.stacked = getattr(design, "layout", "end-to-end") == "stacked"
        self.height = design.players * design.tape_width
        self.rects = []
        self.lines = []
        for s, segment in enumerate(design.segments):
            dx, dy = self._origin(s)
            self.rects.append((dx, dy, dx + frame.length, dy + frame.width))
            for z, zone in enumerate(segment.zones):
                for location in zone.locations:
                    self.zone[location.id] = (s, z)
                    kind, *rest = shape_of(location)
                    if kind == "circle":
                        self.shape[location.id] = ("circle", rest[0] + dx, rest[1] + dy, rest[2])
                    else:
                        self.shape[location.id] = ("rect", rest[0] + dx, rest[1] + dy, rest[2] + dx, rest[3] + dy)
            for path in segment.paths:
                part = path_visible(path, location_index(segment))
                if part:
                    self.lines.append([(x + dx, y + dy) for x, y in part])
        self.lines += [list(road.points) for road in design.roads]
        self.junction = self._junctions()

    def _junctions(self) -> dict:
        """Every path end and road end that is not at a location -> the junction it belongs to (named by one of
        its ends)."""
        points = {}                                   # ("path", s, p, label) or ("road", r, label) -> map point
        for s, segment in enumerate(self.design.segments):
            dx, dy = self._origin(s)
            for p, path in enumerate(segment.paths):
                for label, end, point in (("a", path.a, path.points[0]), ("b", path.b, path.points[-1])):
                    if end.location is None:
                        points[("path", s, p, label)] = (point[0] + dx, point[1] + dy), s, end.port
        for r, road in enumerate(self.design.roads):
            for label, end, point in (("a", road.a, road.points[0]), ("b", road.b, road.points[-1])):
                if end.location is None:
                    points[("road", r, label)] = point, None, None
        group = {key: key for key in points}

        def find(key):
            while group[key] != key:
                key = group[key]
            return key

        keys = list(points)
        for i, first in enumerate(keys):
            for second in keys[i + 1:]:
                if self._continues(points[first], points[second]):
                    group[find(first)] = find(second)
        for r, road in enumerate(self.design.roads):
            if road.a.location is None and road.b.location is None:
                group[find(("road", r, "a"))] = find(("road", r, "b"))     # a road joins its two ends
        return {key: find(key) for key in points}

    def _continues(self, first, second) -> bool:
        """Two ends meet: at one point of the map, or a top and a bottom port of one segment at one x (the wrap
        of a segment laid end to end)."""
        (p, s1, port1), (q, s2, port2) = first, second
        if self._same(p, q):
            return True
        return (not self.stacked and s1 is not None and s1 == s2 and {port1, port2} == {"top", "bottom"}
                and abs(p[0] - q[0]) <= TOLERANCE)

    def _origin(self, s: int):
        """Where strip or segment s lies, worked out here from the layout's description."""
        slide = self.design.offset if s % 2 == 1 else 0.0
        if self.stacked:
            return slide, s * self.design.tape_width
        return s * self.design.segment_length, slide

    # -- checks ---------------------------------------------------------------------------------------------------
    def problem(self, text: str, witness=None) -> str | None:
        """Why the move `text` is not legal now, or None when it is."""
        squad = self.turn
        words = text.split()
        if self.winner() is not None:
            return "the game is over"
        if self.started < self.players:
            if words[0] != "start" or len(words) != 2:
                return "every squad starts first"
            return None if not self.filled.get(words[1]) else "a squad starts at an empty location"
        if words[0] == "start":
            return "every squad has started"
        if words[0] == "pass":
            if self.steps(squad):
                return "a squad with a move passes"
            return None if self.ramen[squad] == 0 or not self._any_miso() else "a squad with ramen to use passes"
        if words[0] == "noodle":
            if self.ramen[squad] <= 0:
                return "no ramen left"
            first, second = words[1], words[2]
            (a, b), (c, d) = _ends(first), _ends(second)
            if c != b:
                return "Noodle Legs continues from the location the first move reached"
            trouble = self._step(squad, a, b, witness[0], set(), set())
            if trouble:
                return trouble
            return self._step(squad, c, d, witness[1], {b}, set(witness[0]))
        if words[0] == "miso":
            if self.ramen[squad] <= 0:
                return "no ramen left"
            a, b = words[1].split("~")
            return self._miso(a, b, witness)
        a, b = _ends(words[0])
        return self._step(squad, a, b, witness, set(), set())

    def _step(self, squad: int, a: str, b: str, pieces, extra_held: set, extra_used: set) -> str | None:
        if squad not in self.filled.get(a, []) and a not in extra_held:
            return f"squad {squad + 1} holds no area in {a}"
        if a == b:
            return "a move goes to another location"
        filled = self.filled.get(b, [])
        if len(filled) >= 3:
            return f"{b} is full"
        if len(filled) == 1 and filled[0] == squad:
            return f"squad {squad + 1} would hold the largest and the middle area of {b}"
        if set(pieces) & (self.used[squad] | extra_used):
            return "a path used twice by one squad"
        if not self._joined(a, b, pieces):
            return f"the pieces {pieces} do not lead from {a} to {b}"
        return None

    def _joined(self, a: str, b: str, pieces) -> bool:
        """The pieces, in order, form a line from location a to location b."""
        here = ("location", a)
        for piece in pieces:
            ends = self._piece_ends(piece)
            if ends is None:
                return False
            first, second = ends
            if here == first:
                here = second
            elif here == second:
                here = first
            else:
                return False
        return here == ("location", b)

    def _piece_ends(self, piece):
        """A piece's two ends: ("location", id) or ("junction", key)."""
        if piece[0] == "miso":
            a, b, _ = self.miso[piece[1]]
            return ("location", a), ("location", b)
        if piece[0] == "road":
            road = self.design.roads[piece[1]]
            return tuple(("location", end.location) if end.location is not None
                         else ("junction", self.junction[("road", piece[1], label)])
                         for label, end in (("a", road.a), ("b", road.b)))
        s, p = piece
        path = self.design.segments[s].paths[p]
        return tuple(("location", end.location) if end.location is not None
                     else ("junction", self.junction[("path", s, p, label)])
                     for label, end in (("a", path.a), ("b", path.b)))

    def _same(self, p, q) -> bool:
        """Two points of the map are one: stacked, the bottom edge of the map is its top edge (the wrap)."""
        if self.stacked:
            dy = abs(p[1] - q[1]) % self.height
            return abs(p[0] - q[0]) <= TOLERANCE and min(dy, self.height - dy) <= TOLERANCE
        return math.dist(p, q) <= TOLERANCE

    def _miso(self, a: str, b: str, points) -> str | None:
        if a == b or a not in self.shape or b not in self.shape:
            return "Miso Squirly joins two locations of the map"
        if not (_inside(self.shape[a], points[0]) and _inside(self.shape[b], points[-1])):
            return "the new path does not run from one location to the other"
        part = visible_part(points, self.shape[a], self.shape[b])
        if part is None or len(part) < 2:
            return "the new path does not show between the two locations"
        # A Miso path drawn before counts where it shows, as a printed path does: inside its own locations it is
        # not on the paper, and a new path may leave a location where an old one ran hidden under its outline.
        drawn = [visible_part(p, self.shape[c], self.shape[d]) or list(p) for c, d, p in self.miso]
        for line in self.lines + drawn:
            if polyline_distance(part, line)[0] <= MISO_TOUCH:
                return "the new path crosses a path or road"
        for name, shape in self.shape.items():
            if name not in (a, b) and polyline_shape_distance(part, shape)[0] <= MISO_TOUCH:
                return f"the new path runs over {name}"
        for p, q in zip(part, part[1:]):
            for k in range(41):
                t = k / 40
                x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
                if not any(x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6
                           for x0, y0, x1, y1 in self.rects):
                    return "the new path leaves the tape"
        return None

    def steps(self, squad: int) -> set[tuple[str, str]]:
        """Every (from, to) a move of `squad` may make now, found by the referee's own search: from a location it
        holds an area in, along pieces it has not used, joined end to end through junctions, to another location
        neither full nor one whose largest area it holds with the middle one empty."""
        found = set()
        for origin, owners in self.filled.items():
            if squad in owners:
                found |= {(origin, target) for target in self._reached(origin, self.used[squad])
                          if target != origin and self._may_arrive(squad, target)}
        return found

    def _may_arrive(self, squad: int, target: str) -> bool:
        filled = self.filled.get(target, [])
        return len(filled) < 3 and filled != [squad]

    def _reached(self, origin: str, used: set) -> set[str]:
        """The locations chains of unused pieces lead to from `origin` (every chain, each piece once in it)."""
        links = self._links()
        reached = set()

        def walk(node, taken) -> None:
            for piece, other in links.get(node, ()):
                if piece in used or piece in taken:
                    continue
                if other[0] == "location":
                    reached.add(other[1])
                elif len(taken) < 16:
                    walk(other, taken | {piece})

        walk(("location", origin), frozenset())
        return reached

    def _links(self) -> dict:
        """Each end -> the pieces at it and their other ends: the map's pieces worked out once, again only when a
        Miso path has been drawn since."""
        if self._linked != len(self.miso):
            links: dict = {}
            for piece, (a, b) in self._pieces():
                links.setdefault(a, []).append((piece, b))
                if b != a:
                    links.setdefault(b, []).append((piece, a))
            self._links_found, self._linked = links, len(self.miso)
        return self._links_found

    def _pieces(self) -> list:
        """Every piece with its two ends: printed paths, roads with a location at an end, Miso paths."""
        pieces = [((s, p), self._piece_ends((s, p))) for s, segment in enumerate(self.design.segments)
                  for p in range(len(segment.paths))]
        pieces += [(("road", r), self._piece_ends(("road", r))) for r, road in enumerate(self.design.roads)
                   if road.a.location is not None or road.b.location is not None]
        return pieces + [(("miso", k), self._piece_ends(("miso", k))) for k in range(len(self.miso))]

    def _any_miso(self) -> bool:
        """Some pair of locations can still be joined by a Miso-Squirly path: the referee's own search, through the
        shapes the rule sheet allows (straight between the centres, or with one right-angle bend either way), each
        checked by _miso. Slow, so only a pass with ramen left asks it."""
        names = list(self.shape)
        centres = {name: _centre(self.shape[name]) for name in names}
        for i, a in enumerate(names):
            (ax, ay) = centres[a]
            for b in names[i + 1:]:
                (bx, by) = centres[b]
                for points in (((ax, ay), (bx, by)), ((ax, ay), (bx, ay), (bx, by)), ((ax, ay), (ax, by), (bx, by))):
                    if self._miso(a, b, points) is None:
                        return True
        return False

    # -- the record -----------------------------------------------------------------------------------------------
    def play(self, text: str, witness=None) -> None:
        squad = self.turn
        words = text.split()
        if words[0] == "start":
            self._fill(squad, words[1])
            self.started += 1
        elif words[0] == "noodle":
            self.ramen[squad] -= 1
            for step, pieces in zip(words[1:], witness):
                self.used[squad] |= set(pieces)
                self._fill(squad, _ends(step)[1])
                if self.winner() is not None:
                    break
        elif words[0] == "miso":
            self.ramen[squad] -= 1
            a, b = words[1].split("~")
            self.miso.append((a, b, tuple(witness)))
        elif words[0] != "pass":
            self.used[squad] |= set(witness)
            self._fill(squad, _ends(words[0])[1])
        self.turn = (squad + 1) % self.players

    def _fill(self, squad: int, location: str) -> None:
        self.filled.setdefault(location, []).append(squad)
        zone = self.zone[location]
        if zone in self.solved:
            return
        ranks = {rank for name, owners in self.filled.items() if self.zone[name] == zone
                 for rank, owner in enumerate(owners) if owner == squad}
        if ranks == {0, 1, 2}:
            self.solved[zone] = squad
            self.crimes[squad].append(zone)

    def winner(self) -> int | None:
        for squad, crimes in enumerate(self.crimes):
            if len(crimes) >= 2:
                return squad
        return None


def _ends(step: str) -> tuple[str, str]:
    a, b = step.split(">")
    return a, b.split("/")[0]


def _centre(shape) -> tuple[float, float]:
    if shape[0] == "circle":
        return shape[1], shape[2]
    return (shape[1] + shape[3]) / 2, (shape[2] + shape[4]) / 2


def _inside(shape, point) -> bool:
    x, y = point
    if shape[0] == "circle":
        return math.dist((x, y), shape[1:3]) <= shape[3] + 1e-6
    return shape[1] - 1e-6 <= x <= shape[3] + 1e-6 and shape[2] - 1e-6 <= y <= shape[4] + 1e-6


def witness(state, move):
    """The pieces the engine says a move travels, in the referee's terms: (segment, path), or ("miso", k) for the
    k-th Miso-Squirly path."""
    from washigen.games.cops import engine

    def pieces(step):
        route = state.route(step.index)
        board = state.board
        names = []
        for bit in route.pieces:
            if bit < board.pieces:
                names.append(board.piece_key[bit])
            else:
                names.append(("miso", bit - board.pieces))
        return names

    if isinstance(move, engine.Step):
        return pieces(move)
    if isinstance(move, engine.Noodle):
        return [pieces(move.first), pieces(move.second)]
    if isinstance(move, engine.Miso):
        board = state.board
        return board.miso_points(board.number[move.a], board.number[move.b], state.miso)
    return None

