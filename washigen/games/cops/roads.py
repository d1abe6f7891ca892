"""The new roads of an offset set-up: where the segments of a map no longer meet, roads along the seam join the
path ends that lost their partners."""

from __future__ import annotations

from dataclasses import replace

from .geometry import joints_of, ports_of
from .model import PATH_WIDTH, ROAD_WIDTH, CopsMap, Road, RoadEnd, meets, scale_for

# Ends along a seam closer than a path's width and this much white between them print as one line: a road joins
# them, so that the game reads the map as the players see it.
VISIBLE_GAP = 1.0
# End to end, the next segment's left end is its blue squad section, where the squad writes its name: a road along
# the seam runs this far inside the left segment's end (where only joint paths run), its stroke off the section,
# and slants out to the seam at the path ends it joins (slanting, so that it meets their paths only there).
SEAM_SETBACK = ROAD_WIDTH


def complete_offset(design: CopsMap) -> CopsMap:
    """The new roads an offset set-up needs. Where two segments meet, their path ends lie on one seam line; every
    end that lost its partner gets a road along the seam to the nearest end next to it (the rule sheet's rule,
    `_seam_pieces`), so roads join only neighbouring ends and never cross a printed path; where no road links the
    two sides yet, the shortest one that does is added."""
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
    depth = SEAM_SETBACK * scale_for(design.tape_width)
    return [Road(a=RoadEnd(segment=left if "A" == sa else right, joint="right" if "A" == sa else "left", at=a),
                 b=RoadEnd(segment=left if "A" == sb else right, joint="right" if "A" == sb else "left", at=b),
                 points=seam_road_points(x, round(ya, 2), round(yb, 2), depth))
            for (ya, sa, a), (yb, sb, b) in pieces]


def seam_road_points(x: float, ya: float, yb: float, depth: float) -> tuple[tuple[float, float], ...]:
    """A road between two path ends on the seam x (end to end): out from the seam at 45 degrees to `depth` inside
    the left segment, along the seam there, and back out to it; ends closer than two depths apart are joined by a
    V as deep."""
    if abs(yb - ya) < 2 * depth:
        return (x, ya), (round(x - depth, 2), round((ya + yb) / 2, 2)), (x, yb)
    rise = depth if yb > ya else -depth
    return (x, ya), (round(x - depth, 2), round(ya + rise, 2)), (round(x - depth, 2), round(yb - rise, 2)), (x, yb)


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
    own segment, where its path leads); every end that lost its partner on the other side gets a road to the
    nearer neighbouring end, and the two sides end up linked. Ends that print as touching are joined, as the players
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

    pieces = _nearest_ends(items, orphan, cross)
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


def _nearest_ends(items: list[dict], orphan, cross) -> set[tuple[int, int]]:
    """The rule sheet's rule: every end that lost its partner gets a road to the nearer of the two ends next to it
    along the seam; of two as near, the one across the seam (the other segment's), then the one before it."""
    pieces = set()
    for k in range(len(items)):
        if not orphan(k):
            continue
        options = [(items[k]["y"] - items[j]["y"] if j < k else items[j]["y"] - items[k]["y"], not cross(k, j), j)
                   for j in (k - 1, k + 1) if 0 <= j < len(items)]
        if options:
            j = min(options)[2]
            pieces.add((min(j, k), max(j, k)))
    return pieces
