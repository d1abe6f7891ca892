"""The Cops validator's rules for the whole map's path network (rules.py runs them with the others): locations and
path ends joined along paths, across the wrap, at joints and along new roads; every path leads to a location, one
network joins them all, every zone can be reached and its crime solved. Places in the report as rules.py says."""

from __future__ import annotations

from typing import Iterable, Sequence

from ...report import Violation
from ...words import N_, NN_, Says
from .geometry import joint_partners, location_index, road_path, rounded, stacked_port_partners
from .measured import Measured
from .model import AREAS_PER_LOCATION, End, Location, Point, Road, Segment, meets


def reached_by_roads(roads: Sequence[Road], segments: Sequence[Segment]) -> list[tuple[int, int] | None]:
    """road_path of every road end in order (each road's a, then its b)."""
    return [road_path(end, segments) for road in roads for end in (road.a, road.b)]


class _Union:
    def __init__(self):
        self.parent: dict = {}

    def find(self, item):
        parents = self.parent
        root = parents.setdefault(item, item)
        if root == item:
            return root
        trail = [item]                           # every item up to the root, each then pointed at it
        while True:
            up = parents[root]
            if up == root:
                break
            trail.append(root)
            root = up
        for node in trail:
            parents[node] = root
        return root

    def join(self, a, b) -> None:
        parents = self.parent
        ra, rb = parents.setdefault(a, a), parents.setdefault(b, b)      # find() where they are their own root
        if ra != a:
            ra = self.find(a)
        if rb != b:
            rb = self.find(b)
        if ra != rb:
            parents[ra] = rb


def _node(segment_index: int, path_index: int, label: str, end: End):
    if end.location is not None:
        return ("location", segment_index, end.location)
    return ("end", segment_index, path_index, label)


def path_graph(segments: Sequence[Segment], ring: bool, origins: Sequence[Point], roads: Sequence[Road],
               stacked: bool = False, joints: Sequence | None = None, stacked_ports: Sequence | None = None,
               reached: Sequence | None = None, measured: Sequence[Measured] | None = None) -> _Union:
    """Locations and path ends, joined along paths, across the wrap, at joints and along new roads (`joints`,
    `stacked_ports`, `reached`, `measured`: joint_partners, stacked_port_partners, reached_by_roads and the
    segments' Measured, where the caller has them)."""
    union = _Union()
    find, join = union.find, union.join
    if measured is None:
        measured = [Measured(segment) for segment in segments]
    for s, segment in enumerate(segments):
        for location in measured[s].locations:
            find(("location", s, location.id))
        for p, path in enumerate(segment.paths):       # _node of each end, written out
            a, b = path.a.location, path.b.location
            join(("end", s, p, "a") if a is None else ("location", s, a),
                 ("end", s, p, "b") if b is None else ("location", s, b))
        if not stacked:                          # port_partners: every top port with each bottom one at its x
            bottoms = measured[s].ports["bottom"]
            for top, x in measured[s].ports["top"]:
                for bottom, x2 in bottoms:
                    if meets(x, x2):
                        union.join(_terminal(s, top, segment, "port"), _terminal(s, bottom, segment, "port"))
    if stacked:
        for (s1, p1), (s2, p2) in stacked_port_partners(segments, origins) if stacked_ports is None else stacked_ports:
            union.join(_terminal(s1, p1, segments[s1], "port"), _terminal(s2, p2, segments[s2], "port"))
    for (s1, p1), (s2, p2) in joint_partners(segments, ring, origins, stacked) if joints is None else joints:
        union.join(_terminal(s1, p1, segments[s1], "joint"), _terminal(s2, p2, segments[s2], "joint"))
    if reached is None:
        reached = reached_by_roads(roads, segments)
    for index, road in enumerate(roads):
        nodes = [_road_node(end, segments, reached[2 * index + k]) for k, end in enumerate((road.a, road.b))]
        if None not in nodes:
            union.join(*nodes)
    return union


def _terminal(s: int, p: int, segment: Segment, kind: str):
    path = segment.paths[p]
    label = "a" if getattr(path.a, kind) is not None else "b"
    return ("end", s, p, label)


def _road_node(end, segments: Sequence[Segment], found: tuple[int, int] | None):
    """The graph's node where a road end lies (`found`: road_path of the end), or None."""
    if end.location is not None:
        if 0 <= end.segment < len(segments) and end.location in location_index(segments[end.segment]):
            return ("location", end.segment, end.location)
        return None
    if found is None:
        return None
    return _terminal(found[0], found[1], segments[found[0]], "joint" if end.joint else "port")


def location_roots(segments: Sequence[Segment], union: _Union) -> list[list]:
    """Each location's group in the path graph (its root), segment by segment, in the segment's order."""
    return [[union.find(("location", s, location.id)) for location in segment.locations]
            for s, segment in enumerate(segments)]


def check_paths_lead_somewhere(segments: Sequence[Segment], union: _Union,
                               roots: Sequence[Sequence] | None = None) -> Iterable[Violation]:
    """Every printed path leads to a crime location, itself or through the paths and new roads it runs on into: the
    offset setup draws new roads so that each path is joined to a location again, so a path that reaches none (a
    top port meeting its own bottom port, a line of such through every strip) is a fault of the map, a path no
    squad can ever take, though each of its ends meets another. `roots`: location_roots, where the caller has them."""
    reaching = {root for found in (location_roots(segments, union) if roots is None else roots) for root in found}
    for s, segment in enumerate(segments):
        for p, path in enumerate(segment.paths):
            if union.find(_node(s, p, "a", path.a)) in reaching:
                continue
            yield Violation.error("cops.path.nowhere",
                                  Says(N_("Path #{path} of segment {segment} leads to no crime location, neither "
                                          "itself nor through the paths and new roads it runs on into."),
                                       path=p, segment=s + 1),
                                  segment=s + 1, path=p, position=rounded(path.points[0]))


def check_connected(segments: Sequence[Segment], union: _Union,
                    roots: Sequence[Sequence] | None = None) -> Iterable[Violation]:
    """One path network (`union`: the map's path graph) joins every location; every zone can be reached; every
    zone's crime can be solved. `roots`: location_roots, where the caller has them."""
    if roots is None:
        roots = location_roots(segments, union)
    groups: dict = {}
    for s, segment in enumerate(segments):
        for location, root in zip(segment.locations, roots[s]):
            groups.setdefault(root, []).append((s, location))
    if not groups:
        return
    main = max(groups.values(), key=len)
    reached = {(s, location.id) for s, location in main}
    for members in groups.values():
        if members is main:
            continue
        names = ", ".join(location.id for _, location in members)
        s, first = members[0]
        yield Violation.error("cops.map.disconnected",
                              Says(NN_("Location {names} cannot be reached from the rest of the map.",
                                       "Locations {names} cannot be reached from the rest of the map."), by="count",
                                   names=names, count=len(members)),
                              segment=s + 1, location=first.id, position=rounded(first.centre))
    for s, segment in enumerate(segments):
        for zone_number, zone in enumerate(segment.zones, start=1):
            if not zone.locations:
                continue
            reachable = [location for location in zone.locations if (s, location.id) in reached]
            if not reachable:
                yield Violation.error("cops.zone.unreachable",
                                      Says(N_("No location of zone {zone} of segment {segment} can be reached."),
                                           zone=zone_number, segment=s + 1),
                                      segment=s + 1, zone=zone_number)
                continue
            complete = 0                         # counted up to the two the crime needs
            for location in reachable:
                complete += _areas_ranked(location)
                if complete == 2:
                    break
            if complete < 2:
                yield Violation.error("cops.zone.unsolvable",
                                      Says(NN_("The crime of zone {zone} of segment {segment} cannot be solved: it "
                                               "needs a largest and a middle area in two different reachable "
                                               "locations and a smallest one; only {count} reachable location holds "
                                               "three ranked areas.", "The crime of zone {zone} of segment {segment} "
                                               "cannot be solved: it needs a largest and a middle area in two "
                                               "different reachable locations and a smallest one; only {count} "
                                               "reachable locations hold three ranked areas."), by="count",
                                           zone=zone_number, segment=s + 1,
                                           count=complete), segment=s + 1, zone=zone_number)


def _areas_ranked(location: Location) -> bool:
    """The location holds its three areas, each larger than the next (the comparisons check_areas makes)."""
    areas = location.areas
    if len(areas) != AREAS_PER_LOCATION:
        return False
    sizes = [area.size for area in areas]
    for k in range(2):
        if not sizes[k] > sizes[k + 1] + 1e-6:
            return False
    return True
