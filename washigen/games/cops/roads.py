"""The new roads of an offset set-up: where the segments of a map no longer meet, roads along the seam join the
path ends that lost their partners."""

from __future__ import annotations

import math
from dataclasses import replace

from .geometry import joints_of, ports_of
from .model import PATH_WIDTH, CopsMap, Road, RoadEnd, meets, scale_for

# Ends along a seam closer than a path's width and this much white between them print as one line: a road joins
# them, so that the game reads the map as the players see it.
VISIBLE_GAP = 1.0



def complete_offset(design: CopsMap) -> CopsMap:
    """The new roads an offset set-up needs. Where two segments meet, their joints lie on one seam line; every
    joint that lost its partner gets a road along the seam to the nearest joint next to it (the neighbour's when
    that one is next), so roads join only neighbouring joint ends and never cross a printed path; where no road
    links the two sides yet, the shortest one that does is added."""
    if design.offset <= 0:
        return replace(design, roads=())
    roads: list[Road] = []
    count = len(design.segments)
    if design.layout == "stacked":
        for upper in range(count):
            lower = (upper + 1) % count
            if design.shift(upper) != design.shift(lower):
                roads += _strip_roads(design, upper, lower, (upper + 1) * design.tape_width)
        return replace(design, roads=tuple(roads))
    for left in range(count - 1):
        roads += _seam_roads(design, left, left + 1)
    return replace(design, roads=tuple(roads))


def _seam_roads(design: CopsMap, left: int, right: int) -> list[Road]:
    """End to end: roads along the seam x between the right joints of `left` and the left joints of `right`."""
    x = right * design.segment_length
    ends = [(y + design.shift(left), "A", y, _leads_to(design, left, index, "right"))
            for index, y in joints_of(design.segments[left], "right")]
    ends += [(y + design.shift(right), "B", y, _leads_to(design, right, index, "left"))
             for index, y in joints_of(design.segments[right], "left")]
    pieces = _seam_pieces(ends, design.tape_width)
    return [Road(a=RoadEnd(segment=left if "A" == sa else right, joint="right" if "A" == sa else "left", at=a),
                 b=RoadEnd(segment=left if "A" == sb else right, joint="right" if "A" == sb else "left", at=b),
                 points=((x, round(ya, 2)), (x, round(yb, 2)))) for (ya, sa, a), (yb, sb, b) in pieces]


def _strip_roads(design: CopsMap, upper: int, lower: int, seam: float) -> list[Road]:
    """Stacked: roads along the seam y between the bottom ports of `upper` and the top ports of `lower` (for the
    wrap, the seam is the bottom strip's bottom edge, where the top strip's top ports continue)."""
    ends = [(x + design.shift(upper), "A", x, _leads_to(design, upper, index, "bottom"))
            for index, x in ports_of(design.segments[upper], "bottom")]
    ends += [(x + design.shift(lower), "B", x, _leads_to(design, lower, index, "top"))
             for index, x in ports_of(design.segments[lower], "top")]
    pieces = _seam_pieces(ends, design.tape_width)
    return [Road(a=RoadEnd(segment=upper if "A" == sa else lower, port="bottom" if "A" == sa else "top", at=a),
                 b=RoadEnd(segment=upper if "A" == sb else lower, port="bottom" if "A" == sb else "top", at=b),
                 points=((round(xa, 2), seam), (round(xb, 2), seam))) for (xa, sa, a), (xb, sb, b) in pieces]


def _leads_to(design: CopsMap, segment: int, index: int, side: str) -> tuple:
    """Where the path whose end lies on `side` leads from its other end: a location, or (a path between two
    edges) somewhere no other end leads."""
    path = design.segments[segment].paths[index]
    other = path.b if side in (path.a.port, path.a.joint) else path.a
    return ("location", segment, other.location) if other.location is not None else ("through", segment, index)


def _seam_pieces(ends: list[tuple[float, str, float, tuple]], width: float) -> list[tuple[tuple, tuple]]:
    """Which ends along one seam a road joins: ends are (position on the seam, side "A" or "B", position in their
    own segment, where its path leads); every end that lost its partner on the other side gets a road to a
    neighbouring end, and the two sides end up linked. Ends that print as touching are joined, as the players
    see them, and a line of roads whose paths all lead to one location runs on to the next end (it would lead
    nowhere else). Returns pairs of (seam position, side, own position)."""
    ends = sorted(ends)
    # Ends that meet their partner merge into one item that counts as both sides.
    items: list[dict] = []
    for y, side, local, place in ends:
        if items and meets(items[-1]["y"], y) and side not in items[-1]["sides"]:
            items[-1]["sides"][side] = local
            items[-1]["places"].add(place)
            if side == "A":
                items[-1]["y"] = y          # a road names the A end, so it ends exactly there
            continue
        items.append({"y": y, "sides": {side: local}, "places": {place}})

    def orphan(k: int) -> bool:
        return len(items[k]["sides"]) == 1

    def cross(k: int, j: int) -> bool:
        return set(items[k]["sides"]) != set(items[j]["sides"]) or len(items[j]["sides"]) == 2

    pieces = _cheapest_cover(items, orphan, cross, width)
    linked = any(len(item["sides"]) == 2 for item in items) or any(cross(a, b) for a, b in pieces)
    if not linked:
        options = [(items[k + 1]["y"] - items[k]["y"], k) for k in range(len(items) - 1) if cross(k, k + 1)]
        if options:
            pieces.add((min(options)[1], min(options)[1] + 1))
    touching = (PATH_WIDTH + VISIBLE_GAP) * scale_for(width)
    pieces |= {(k, k + 1) for k in range(len(items) - 1) if items[k + 1]["y"] - items[k]["y"] < touching}
    _lead_somewhere(items, pieces)

    def named(item: dict) -> tuple:
        side = "A" if "A" in item["sides"] else "B"
        return item["y"], side, item["sides"][side]

    return [(named(items[a]), named(items[b])) for a, b in sorted(pieces)]


def _lead_somewhere(items: list[dict], pieces: set[tuple[int, int]]) -> None:
    """Runs on every line of roads whose paths all lead to one location (two joints of one location's paths, side
    by side) to its nearer neighbouring end, until each line leads to two places or there is nothing left to
    join."""
    while True:
        lonely = [run for run in _lines(items, pieces)
                  if len(run) > 1 and len(set().union(*(items[k]["places"] for k in run))) == 1]
        if not lonely:
            return
        first, last = lonely[0][0], lonely[0][-1]
        options = [(items[first]["y"] - items[first - 1]["y"], first - 1)] if first > 0 else []
        if last + 1 < len(items):
            options.append((items[last + 1]["y"] - items[last]["y"], last))
        if not options:
            return
        pieces.add((min(options)[1], min(options)[1] + 1))


def _lines(items: list[dict], pieces: set[tuple[int, int]]) -> list[list[int]]:
    """The items, in runs joined by roads (every road joins two neighbours along the seam)."""
    runs: list[list[int]] = []
    for k in range(len(items)):
        if runs and (k - 1, k) in pieces:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def _cheapest_cover(items: list[dict], orphan, cross, width: float) -> set[tuple[int, int]]:
    """Roads between neighbouring ends along the seam so that every end that lost its partner gets one, as short
    as possible, a road to the other side preferred over one to an end of the same segment."""
    count = len(items)

    def cost(k: int) -> float:
        return items[k + 1]["y"] - items[k]["y"] + (0.0 if cross(k, k + 1) else 2.0 * width)

    # best[k][covered]: least cost for items k.., item k already covered (by the road from k - 1) or not.
    best = [[0.0, 0.0] for _ in range(count + 1)]
    choice = [[False, False] for _ in range(count)]
    for k in range(count - 1, -1, -1):
        for covered in (0, 1):
            skip = best[k + 1][0] if (covered or not orphan(k)) else math.inf
            take = cost(k) + best[k + 1][1] if k + 1 < count else math.inf
            choice[k][covered] = take < skip
            best[k][covered] = min(skip, take)
    pieces, covered = set(), 0
    for k in range(count):
        if choice[k][covered]:
            pieces.add((k, k + 1))
            covered = 1
        else:
            covered = 0
    return pieces
