"""The routes of a Cops map: every way a squad can go from one location to another. Pieces are printed paths and
new roads; their ends that are not locations meet at junctions (a port and its partner across the wrap, joints that
meet, every end a line of touching roads reaches), and a route is a chain of pieces through junctions from one
location to another, never back to the one it leaves (the engine's readings, engine.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import InputError
from ...words import N_, Says
from .model import CopsMap, meets

# A route runs through fewer than this many printed paths and roads (MAX_ROUTE_PIECES - 1 at most, as the refusal
# says), and a map's pieces chain in at most so many ways: a hand-made map past either is refused by name rather
# than played with routes left out (a path through every strip of the widest map is 8 pieces; generated maps chain
# 3 at most).
MAX_ROUTE_PIECES = 16
MAX_CHAINS = 200_000


@dataclass(frozen=True, slots=True)
class Route:
    origin: int            # location numbers
    target: int
    mask: int              # the pieces it uses, one bit each
    nth: int
    pieces: tuple[int, ...] = ()   # the same, in the order travelled



def map_routes(design: CopsMap, number: dict[str, int]) -> tuple[list[Route], list[tuple]]:
    """Every route between two locations: pieces are printed paths and new roads; their ends that are not
    locations meet at junctions (a port and its partner across the wrap, joints that meet, every end a line of
    touching roads reaches)."""
    pieces: list[tuple] = []           # (node, node); node = ("L", k) or ("J", root)
    piece_key: list[tuple] = []
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
            return ("L", number[end.location])
        return ("E", s, p, label)

    raw: list[tuple] = []              # (node, node); node also ("E", s, p, "a" or "b") a path end, ("R", ...) a road's
    for s, segment in enumerate(design.segments):
        for p, path in enumerate(segment.paths):
            raw.append((end_node(s, p, "a", path.a), end_node(s, p, "b", path.b)))
            piece_key.append((s, p))
    for first, second in _meetings(design):
        join(first, second)
    for r, road in enumerate(design.roads):
        nodes: list[tuple] = []
        for end in (road.a, road.b):
            if end.location is not None:
                nodes.append(("L", number[end.location]))
            else:
                nodes.append(_road_terminal(end, design) or ("R", r, id(end)))
        if nodes[0][0] == "E" and nodes[1][0] == "E":
            join(nodes[0], nodes[1])          # a road between two path ends joins them (and its whole line)
        else:
            raw.append(tuple(nodes))
            piece_key.append(("road", r))
    for a, b in raw:
        pieces.append(tuple(n if n[0] == "L" else ("J", find(n)) for n in (a, b)))
    at_node: dict = {}
    for index, (a, b) in enumerate(pieces):
        at_node.setdefault(a, []).append(index)
        if b != a:
            at_node.setdefault(b, []).append(index)

    found: dict[tuple[int, int], list[int]] = {}
    routes: list[Route] = []
    chains = [0]

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
                continue
            chains[0] += 1
            fewest = len(travelled) + 2          # pieces of any route on through this junction
            if fewest >= MAX_ROUTE_PIECES or chains[0] > MAX_CHAINS:
                raise InputError(Says(N_("{part}: its paths and new roads chain {how} from location {location}; "
                                         "washigen plays routes of up to {pieces} pieces and maps that chain in up to "
                                         "{chains:,} ways"), part="cops map", how=_too_many(fewest),
                                      location=next(i for i, k in number.items() if k == origin),
                                      pieces=MAX_ROUTE_PIECES - 1, chains=MAX_CHAINS))
            walk(origin, other, travelled + (index,), used)

    for k in range(len(number)):
        walk(k, ("L", k), (), 0)
    return routes, piece_key


def _too_many(length: int) -> Says:
    return Says(N_("through more than {pieces} pieces"), pieces=MAX_ROUTE_PIECES - 1) if length >= MAX_ROUTE_PIECES \
        else Says(N_("in more than {chains:,} ways"), chains=MAX_CHAINS)


def _edge_ends(design: CopsMap) -> dict[tuple[int, str], list[tuple[int, str, float]]]:
    """(segment, side) -> every path end on that edge or end of the segment, as (path, "a" or "b", at)."""
    ends: dict[tuple[int, str], list[tuple[int, str, float]]] = {}
    for s, segment in enumerate(design.segments):
        for p, path in enumerate(segment.paths):
            for label, end in (("a", path.a), ("b", path.b)):
                side = end.port or end.joint
                if side is not None and end.at is not None:
                    ends.setdefault((s, side), []).append((p, label, end.at))
    return ends


def _meetings(design: CopsMap):
    """Every two printed path ends that continue into each other, as end nodes ("E", segment, path, "a"/"b"):
    end to end, a top port and the bottom port at its x on the same segment (the wrap), and a right joint and
    the next segment's left joint at the same height; stacked, a bottom port and the top port of the strip
    below at the same x (the bottom strip's and the top strip's across the wrap). Each end is named by its
    own label, so a path with no location at either end is joined by the right end."""
    ends = _edge_ends(design)
    count = len(design.segments)
    origins = [design.origin(s) for s in range(count)]
    pairs = []
    if design.layout == "stacked":
        for upper in range(count):
            lower = (upper + 1) % count
            pairs += [((upper, "bottom"), (lower, "top"), origins[upper][0] - origins[lower][0])]
    else:
        pairs += [((s, "top"), (s, "bottom"), 0.0) for s in range(count)]
        pairs += [((s, "right"), (s + 1, "left"), origins[s][1] - origins[s + 1][1]) for s in range(count - 1)]
    for (s1, side1), (s2, side2), shift in pairs:
        for p1, label1, at1 in ends.get((s1, side1), ()):
            for p2, label2, at2 in ends.get((s2, side2), ()):
                if meets(at1 + shift, at2):
                    yield ("E", s1, p1, label1), ("E", s2, p2, label2)


def _road_terminal(end, design: CopsMap):
    """The path end a road's end names (a joint or port of a segment at a position), or None."""
    side = end.joint or end.port
    if side is None or end.at is None or not 0 <= end.segment < len(design.segments):
        return None
    for p, label, at in _edge_ends(design).get((end.segment, side), ()):
        if meets(at, end.at):
            return ("E", end.segment, p, label)
    return None
