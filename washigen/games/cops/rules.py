"""The validator of Cops maps and tapes: one function per rule, stable rule ids (the plane geometry they measure
with is geometry.py, shared with the generator, the engine and the drawing).

Places in the report: `segment` counts from 1 (as printed on the tape), `path` and `road` are indexes into the
design file's lists (from 0), `position` is (x, y) in mm in the segment's own frame (roads: the map's frame).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from ...report import Report, Severity, Violation
from ...words import N_, NN_, Says
from .geometry import (EPS, TOUCH, Frame, boxes_meet, end_point, frame_of, inside, joint_partners, joints_of,
                       location_index, off_rects, path_visible, point_polyline_distance, polyline_box,
                       polyline_distance, polyline_meetings, polyline_shape_distance, port_partners, ports_of,
                       road_path, rounded, segment_shape_distance, self_meeting, shape_box, shape_of, shrunk,
                       stacked_port_partners)
from .location_rules import check_locations, check_printable, check_zones
from .model import (AREAS_PER_LOCATION, MATCH_TOLERANCE, NAME_FIELD, ROAD_WIDTH, CopsMap, CopsSheet, CopsTape, End,
                    Location, Path, Point, Road, Segment, meets)


def validate(design) -> Report:
    if isinstance(design, CopsSheet):
        return Report()
    if isinstance(design, CopsTape):
        return validate_segments(design.segments, frame_of(design), ring=design.layout == "end-to-end",
                                 layout=design.layout, tape=True)
    if isinstance(design, CopsMap):
        origins = [design.origin(i) for i in range(len(design.segments))]
        return validate_segments(design.segments, frame_of(design), origins=origins, roads=design.roads,
                                 layout=design.layout)
    return Report.of([Violation.error("cops.design.kind", Says(N_("not a Cops design: {kind}"),
                                                               kind=type(design).__name__))])


def validate_segments(segments: Sequence[Segment], frame: Frame, ring: bool = False,
                      origins: Sequence[Point] | None = None, roads: Sequence[Road] = (),
                      layout: str = "end-to-end", tape: bool = False) -> Report:
    """Every rule on a run of segments: a map's (laid out at `origins`, with its new roads) or a tape's (a ring
    end to end; stacked, every segment's ports at the same x and no joints)."""
    if origins is None:
        origins = [(i * frame.length, 0.0) if layout == "end-to-end" else (0.0, i * frame.width)
                   for i in range(len(segments))]
    origins = list(origins)
    stacked = layout == "stacked"
    found: list[Violation] = []
    visible: list[list[list[Point] | None]] = []
    for number, segment in enumerate(segments, start=1):
        found += check_zones(segment, number, frame)
        found += check_locations(segment, number, frame)
        parts = [path_visible(path, location_index(segment)) for path in segment.paths]
        visible.append(parts)
        found += check_path_ends(segment, number, frame)
        found += check_crossings(segment, number, parts, frame)
        found += check_clearance(segment, number, parts, frame)
        found += check_every_location_has_a_path(segment, number)
        if not stacked or tape:
            # A segment's top ports continue from its own bottom edge end to end; stacked, from the strip above
            # (check_stacked_ports). A stacked tape keeps them at the same x on every segment, so any two strips join.
            found += check_ports(segment, number, frame)
        found += check_squad_section(segment, number, frame)
    found += check_printable(segments)
    wrap = len(segments) * frame.width if stacked else 0.0
    found += check_roads(segments, frame, origins, roads, visible, wrap)
    found += check_name_field(segments, frame, origins, roads)
    if stacked:
        found += check_stacked_ports(segments, frame, origins, roads, ring=tape)
    found += check_joints(segments, frame, ring, origins, roads, stacked)
    union = path_graph(segments, ring, origins, roads, stacked)
    found += check_paths_lead_somewhere(segments, union)
    if not (stacked and tape):
        found += check_connected(segments, union)
    return Report.of(said(found))


# A report lists this many violations of one rule, then says how many more there are: 64 copies of one path cross
# in 2,016 pairs on each segment, and a report of every one ran to megabytes.
MAX_SAID = 100


def said(found: Sequence[Violation], most: int = MAX_SAID) -> list[Violation]:
    """The violations in order, at most `most` of each rule; where a rule has more, one line (per severity) after
    its last one listed says how many more it found, and stands for them in the counts (`Violation.unlisted`)."""
    counts = Counter(violation.rule for violation in found)
    if max(counts.values(), default=0) <= most:
        return list(found)
    seen: Counter = Counter()
    unlisted: dict[str, Counter] = {}
    for violation in found:
        seen[violation.rule] += 1
        if seen[violation.rule] > most:
            unlisted.setdefault(violation.rule, Counter())[violation.severity] += 1
    listed: Counter = Counter()
    kept = []
    for violation in found:
        listed[violation.rule] += 1
        if listed[violation.rule] <= most:
            kept.append(violation)
        elif listed[violation.rule] == most + 1:
            kept += [_more(violation.rule, severity, more, most)
                     for severity, more in sorted(unlisted[violation.rule].items())]
    return kept


def _more(rule: str, severity: Severity, more: int, most: int) -> Violation:
    """The line that stands for `more` violations of `rule` a report does not list."""
    return Violation.of(rule, severity, Says(NN_(
        "{count:,} more violation of this rule is not listed (a report lists the first {most} of each rule).",
        "{count:,} more violations of this rule are not listed (a report lists the first {most} of each "
        "rule)."), by="count", count=more, most=most), {}, unlisted=more)


# -- paths --------------------------------------------------------------------------------------------------------


def check_path_ends(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    locations = location_index(segment)
    for index, path in enumerate(segment.paths):
        for label, end, point in (("a", path.a, path.points[0]), ("b", path.b, path.points[-1])):
            problem = _end_problem(end, point, locations, frame)
            if problem:
                yield Violation.error("cops.path.detached",
                                      Says(N_("Path #{path} of segment {segment}: {problem}"), path=index,
                                           segment=number, problem=problem),
                                      segment=number, path=index, end=label, position=rounded(point))
        if path.a.location is not None and path.a.location == path.b.location:
            yield Violation.error("cops.path.loop", Says(N_("Path #{path} of segment {segment} leads from {location} "
                                                            "back to itself."), path=index, segment=number,
                                                         location=path.a.location), segment=number, path=index)
        off = [p for p in path.points if not (-EPS <= p[0] <= frame.length + EPS and -EPS <= p[1] <= frame.width + EPS)]
        if off:
            yield Violation.error("cops.path.off-tape",
                                  Says(N_("Path #{path} of segment {segment} runs off the tape."), path=index,
                                       segment=number), segment=number, path=index, position=rounded(off[0]))


# Sentences that name a side of a segment are written whole for each side: German names a port by its edge and a
# joint by the segment's end ("an der Oberkante", "am linken Ende"), in the sentence's own case.
_NO_POSITION = {"top": N_("the top end gives no position (at)."),
                "bottom": N_("the bottom end gives no position (at)."),
                "left": N_("the left end gives no position (at)."),
                "right": N_("the right end gives no position (at).")}
_END_AWAY = {"top": N_("its top port at {at:g} mm is {distance:.1f} mm away from where the path ends."),
             "bottom": N_("its bottom port at {at:g} mm is {distance:.1f} mm away from where the path ends."),
             "left": N_("its left joint at {at:g} mm is {distance:.1f} mm away from where the path ends."),
             "right": N_("its right joint at {at:g} mm is {distance:.1f} mm away from where the path ends.")}


def _end_problem(end: End, point: Point, locations: dict[str, Location], frame: Frame) -> Says | None:
    """What is wrong with a path's end (a sentence to follow "Path #3 of segment 1: "), or None."""
    kinds = sum(value is not None for value in (end.location, end.port, end.joint))
    if kinds != 1:
        return Says(N_("an end names a location, a port or a joint (exactly one)."))
    if end.location is not None:
        if end.location not in locations:
            return Says(N_("names location {location!r}, which is not on this segment."), location=end.location)
        if not inside(shape_of(locations[end.location]), point, MATCH_TOLERANCE):
            return Says(N_("an end lies outside location {location}, at ({x:g}, {y:g}) mm."), location=end.location,
                        x=point[0], y=point[1])
        return None
    side = end.port or end.joint or ""
    expected = end_point(end, frame)
    if expected is None:
        return Says(_NO_POSITION[side])
    if math.dist(expected, point) > MATCH_TOLERANCE:
        return Says(_END_AWAY[side], at=end.at, distance=math.dist(expected, point))
    return None


def check_crossings(segment: Segment, number: int, parts: list, frame: Frame) -> Iterable[Violation]:
    """No two paths cross, and none runs so close to another that they print as one (a warning)."""
    limit = frame.path_width
    boxes = [polyline_box(part, limit) if part and len(part) > 1 else None for part in parts]
    for i in range(len(parts)):
        box = boxes[i]
        if box is None:
            continue
        itself = self_meeting(parts[i])
        if itself is not None:
            yield Violation.error("cops.path.crossing",
                                  Says(N_("Path #{path} of segment {segment} crosses itself."), path=i,
                                       segment=number),
                                  segment=number, path=i, other=i, position=rounded(itself))
        for j in range(i + 1, len(parts)):
            other = boxes[j]
            if other is None or not boxes_meet(box, other):
                continue
            distance, where = polyline_distance(parts[i], parts[j], limit)
            if distance <= TOUCH:
                yield Violation.error("cops.path.crossing",
                                      Says(N_("Paths #{first} and #{second} of segment {segment} cross."), first=i,
                                           second=j, segment=number),
                                      segment=number, path=i, other=j, position=rounded(where))
            elif distance < limit - 1e-6:
                yield Violation.warning("cops.path.too-close",
                                        Says(N_("Paths #{first} and #{second} of segment {segment} run "
                                                "{distance:.1f} mm apart and print as one."), first=i, second=j,
                                             segment=number, distance=distance),
                                        segment=number, path=i, other=j, position=rounded(where))


def check_clearance(segment: Segment, number: int, parts: list, frame: Frame) -> Iterable[Violation]:
    """A path keeps clear of every location it does not join, and does not run back over the ones it joins."""
    shapes = [(location, shape_of(location)) for location in segment.locations]
    clearance = frame.clearance
    for index, (path, part) in enumerate(zip(segment.paths, parts)):
        if part is None or len(part) < 2:
            continue
        box = polyline_box(part, clearance)
        own = {path.a.location, path.b.location}
        for location, shape in shapes:
            if not boxes_meet(box, shape_box(shape)):
                continue
            if location.id in own:
                # Its own locations: the visible part may only touch them where it leaves or enters them; no leg
                # may cross their inside, even between two points outside it.
                back = _runs_back_over(part, shape)
                if back is not None:
                    yield Violation.error("cops.path.clearance",
                                          Says(N_("Path #{path} of segment {segment} runs back over location "
                                                  "{location}."), path=index, segment=number, location=location.id),
                                          segment=number, path=index, location=location.id, position=rounded(back))
                continue
            distance, where = polyline_shape_distance(part, shape)
            if distance < clearance - 1e-6:
                if distance <= TOUCH:
                    says = Says(N_("Path #{path} of segment {segment} runs over location {location}, which it does "
                                   "not join (keep {clearance:.1f} mm clear)."), path=index, segment=number,
                                location=location.id, clearance=clearance)
                else:
                    says = Says(N_("Path #{path} of segment {segment} passes {distance:.1f} mm from location "
                                   "{location}, which it does not join (keep {clearance:.1f} mm clear)."),
                                path=index, segment=number, distance=distance, location=location.id,
                                clearance=clearance)
                yield Violation.error("cops.path.clearance", says, segment=number, path=index,
                                      location=location.id, position=rounded(where))


def _runs_back_over(part: list, shape: tuple) -> Point | None:
    """Where the visible part of a path runs back over one of its own locations: a point of it inside the
    location (1e-6 mm in from its edge), or else of a leg that crosses it; None where it keeps out."""
    inner = next((p for p in part[1:-1] if inside(shape, p, -1e-6)), None)
    if inner is not None:
        return inner
    core = shrunk(shape, 1e-6)
    for a, b in zip(part, part[1:]):
        if segment_shape_distance(a, b, core) == 0.0:
            return polyline_shape_distance([a, b], core)[1]
    return None


def check_every_location_has_a_path(segment: Segment, number: int) -> Iterable[Violation]:
    joined = {end.location for path in segment.paths for end in (path.a, path.b)}
    for location in segment.locations:
        if location.id not in joined:
            yield Violation.error("cops.location.no-path",
                                  Says(N_("No path leads to location {location}."), location=location.id),
                                  segment=number, location=location.id, position=rounded(location.centre))



def check_squad_section(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    """The squad section (the blue band at the segment's left end) is where a squad writes its name: a printed path
    enters it only from a joint on that end, straight across (one leg from the edge out of the section)."""
    for index, path in enumerate(segment.paths):
        last = len(path.points) - 1
        for i, (x, y) in enumerate(path.points):
            end = path.a if i == 0 else path.b if i == last else None
            if x >= frame.squad - 1e-6 or end is not None and end.joint == "left":
                continue
            yield Violation.error("cops.squad.name-field",
                                  Says(N_("Path #{path} of segment {segment} runs into the squad section at ({x:g}, "
                                          "{y:g}) mm, where the squad's name is written; only a path from a joint on "
                                          "the segment's left end crosses it."), path=index, segment=number, x=x, y=y),
                                  segment=number, path=index,
                                  position=(round(x, 1), round(y, 1)))
            break


_PORT_ALONE = {"top": N_("Path #{path} of segment {segment} leaves the top edge at x {x:g} mm, but no path meets it on "
                        "the bottom edge."),
               "bottom": N_("Path #{path} of segment {segment} leaves the bottom edge at x {x:g} mm, but no path meets "
                           "it on the top edge.")}
_STACKED_PORT_ALONE = {"top": N_("The top port of strip {strip} at x {x:g} mm meets no port of strip {neighbour} and "
                                 "no new road completes it."),
                       "bottom": N_("The bottom port of strip {strip} at x {x:g} mm meets no port of strip "
                                    "{neighbour} and no new road completes it.")}


def check_ports(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    """The map wraps top to bottom: a port needs a partner on the opposite edge at the same x."""
    for side, other in (("top", "bottom"), ("bottom", "top")):
        partners = ports_of(segment, other)
        for index, x in ports_of(segment, side):
            if not any(meets(x, x2) for _, x2 in partners):
                y = 0.0 if side == "top" else frame.width
                yield Violation.error("cops.port.unmatched",
                                      Says(_PORT_ALONE[side], path=index, segment=number, x=x),
                                      segment=number, path=index, position=(round(x, 1), y))


def check_stacked_ports(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point], roads: Sequence[Road],
                        ring: bool = False) -> Iterable[Violation]:
    """Stacked strips: every bottom port meets a top port of the strip below at the same x (the bottom strip's
    meet the top strip's), or a new road completes it. A tape (`ring`) is checked strip after strip in a ring, so
    any two strips torn off it join."""
    count = len(segments)
    met: set[tuple[int, int]] = set()              # (strip, path) of the ports met
    for a, b in stacked_port_partners(segments, origins):
        met.update((a, b))
    for road in roads:
        for end in (road.a, road.b):
            found = road_path(end, segments)
            if found:
                met.add(found)
    for number, segment in enumerate(segments, start=1):
        for side in ("top", "bottom"):
            for index, x in ports_of(segment, side):
                if (number - 1, index) in met:
                    continue
                neighbour = (number % count) + 1 if side == "bottom" else (number - 2) % count + 1
                y = 0.0 if side == "top" else frame.width
                yield Violation.error("cops.port.unmatched",
                                      Says(_STACKED_PORT_ALONE[side], strip=number, x=x, neighbour=neighbour),
                                      segment=number, path=index, position=(round(x, 1), y))


def check_name_field(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point],
                     roads: Sequence[Road]) -> Iterable[Violation]:
    """A new road never takes the squad section's name field: a free rectangle of 30 mm along the section and
    10 mm across it (on 50 mm tape; it scales) stays clear of every road."""
    if not roads:
        return
    field_w, field_h = NAME_FIELD[0] * frame.scale, NAME_FIELD[1] * frame.scale
    half = ROAD_WIDTH * frame.scale / 2
    boxes = [polyline_box((p, q), half) for road in roads for p, q in zip(road.points, road.points[1:])]
    step = 0.5 * frame.scale
    for number, (ox, oy) in enumerate(origins, start=1):
        x0, y0, x1, y1 = ox, oy, ox + frame.squad, oy + frame.width
        near = [b for b in boxes if boxes_meet(b, (x0, y0, x1, y1))]
        if not near or _free_field(near, x0, y0, x1, y1, field_w, field_h, step):
            continue
        yield Violation.error("cops.squad.name-field",
                              Says(N_("New roads cut the squad section of segment {segment}: no {width:g} x "
                                      "{height:g} mm field is left free for the squad's name."), segment=number,
                                   width=field_w, height=field_h), segment=number,
                              position=rounded((x0, y0)))


def _free_field(boxes, x0, y0, x1, y1, w, h, step) -> bool:
    x = x0
    while x + w <= x1 + 1e-9:
        y = y0
        while y + h <= y1 + 1e-9:
            if not any(boxes_meet(b, (x + 1e-6, y + 1e-6, x + w - 1e-6, y + h - 1e-6)) for b in boxes):
                return True
            y += step
        x += step
    return False


# -- joints, roads and the whole map ------------------------------------------------------------------------------


_JOINT_ALONE = {"left": N_("The left joint of segment {segment} at y {y:g} mm meets nothing: {why}."),
                "right": N_("The right joint of segment {segment} at y {y:g} mm meets nothing: {why}.")}


def check_joints(segments: Sequence[Segment], frame: Frame, ring: bool, origins: Sequence[Point],
                 roads: Sequence[Road], stacked: bool = False) -> Iterable[Violation]:
    met = set()
    for a, b in joint_partners(segments, ring, origins, stacked):
        met.add(a)
        met.add(b)
    for road in roads:
        for end in (road.a, road.b):
            found = road_path(end, segments)
            if found:
                met.add(found)
    count = len(segments)
    for number, segment in enumerate(segments, start=1):
        for side in ("left", "right"):
            for index, y in joints_of(segment, side):
                if (number - 1, index) in met:
                    continue
                edge = (side == "left" and number == 1) or (side == "right" and number == count)
                place = {"segment": number, "path": index, "position": (0.0 if side == "left" else frame.length,
                                                                       round(y, 1))}
                # The ends of the map lead nowhere (the rule sheet), as any run torn off a roll has: a dead end.
                if stacked or (edge and not ring):
                    why = Says(N_("stacked strips meet nothing at their ends") if stacked else
                               N_("it leads off the end of the map"))
                    yield Violation.warning("cops.joint.unmatched", Says(_JOINT_ALONE[side], segment=number, y=y,
                                                                         why=why), **place)
                    continue
                neighbour = ((number - 2 if side == "left" else number) % count) + 1     # round the ring
                why = Says(N_("segment {neighbour} has no joint at that height and no new road completes it"),
                           neighbour=neighbour)
                yield Violation.error("cops.joint.unmatched", Says(_JOINT_ALONE[side], segment=number, y=y, why=why),
                                      **place)


def _segment_rect(index: int, frame: Frame, origins: Sequence[Point]) -> tuple[float, float, float, float]:
    x, y = origins[index]
    return x, y, x + frame.length, y + frame.width


def to_map(point: Point, index: int, frame: Frame, origins: Sequence[Point]) -> Point:
    return point[0] + origins[index][0], point[1] + origins[index][1]


def check_roads(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point], roads: Sequence[Road],
                visible: Sequence[Sequence] | None = None, wrap: float = 0.0) -> Iterable[Violation]:
    """A new road starts and ends at the joints, ports or locations it names, stays on the tape, and crosses no
    path, no location and no other road. With stacked strips (`wrap`: the map's height) the top strip's top ports
    continue at the bottom strip's bottom edge, so a road may end there on them."""
    if not roads:
        return
    tolerance = MATCH_TOLERANCE + 0.1
    rects = [_segment_rect(i, frame, origins) for i in range(len(segments))]
    if visible is None:
        visible = [[path_visible(path, location_index(segment)) for path in segment.paths] for segment in segments]
    for index, road in enumerate(roads):
        ends = []
        for label, end, point in (("a", road.a, road.points[0]), ("b", road.b, road.points[-1])):
            problem, target = _road_end_problem(end, point, segments, frame, origins, wrap)
            ends.append((point, target))
            if problem:
                yield Violation.error("cops.road.detached",
                                      Says(N_("New road #{road}: {problem}"), road=index, problem=problem),
                                      road=index, end=label, position=rounded(point))
        # Every piece of every leg, not only its ends and middle: a leg from one segment to the next may cut a
        # corner off the tape where the offset moved the next one (its ends and middle on the tape).
        off = off_rects(road.points, rects)
        if off is not None:
            yield Violation.error("cops.road.off-tape",
                                  Says(N_("New road #{road} runs off the tape."), road=index), road=index,
                                  position=rounded(off))
        yield from _road_crossings(index, road, ends, segments, frame, origins, tolerance, visible)
        itself = self_meeting(road.points)
        if itself is not None:
            yield Violation.error("cops.road.crossing", Says(N_("New road #{road} crosses itself."), road=index),
                                  road=index, other=index, position=rounded(itself))
    for i, first in enumerate(roads):
        for j in range(i + 1, len(roads)):
            second = roads[j]
            distance, met = polyline_distance(first.points, second.points, TOUCH)
            if distance > TOUCH:
                continue
            shared = [p for p in (first.points[0], first.points[-1])
                      if min(math.dist(p, second.points[0]), math.dist(p, second.points[-1])) <= tolerance]
            # Roads joined end to end meet there; anywhere else they cross.
            crossing = next((point for point in polyline_meetings(first.points, second.points, TOUCH)
                             if all(math.dist(point, p) > tolerance for p in shared)), None) if shared else met
            if crossing is not None:
                yield Violation.error("cops.road.crossing",
                                      Says(N_("New roads #{first} and #{second} cross."), first=i, second=j),
                                      road=i, other=j, position=rounded(crossing))


# A road's end on a segment's side: (side, kind) as the road names it; "?" where it names neither a joint nor a port.
_ROAD_NO_END = {("left", "joint"): N_("segment {segment} has no left joint at y {at} mm."),
                ("right", "joint"): N_("segment {segment} has no right joint at y {at} mm."),
                ("top", "port"): N_("segment {segment} has no top port at x {at} mm."),
                ("bottom", "port"): N_("segment {segment} has no bottom port at x {at} mm."),
                ("?", "port"): N_("segment {segment} has no ? port at x {at} mm.")}
_ROAD_MISSES_PATH = {("left", "joint"): N_("does not reach the path of the left joint of segment {segment}."),
                     ("right", "joint"): N_("does not reach the path of the right joint of segment {segment}."),
                     ("top", "port"): N_("does not reach the path of the top port of segment {segment}."),
                     ("bottom", "port"): N_("does not reach the path of the bottom port of segment {segment}.")}


def _road_end_problem(end, point: Point, segments: Sequence[Segment], frame: Frame,
                      origins: Sequence[Point], wrap: float = 0.0) -> tuple[Says | None, tuple | None]:
    """What is wrong with a new road's end (a sentence to follow "New road #0: ", or None) and what it reaches."""
    if not (0 <= end.segment < len(segments)):
        return Says(N_("names segment {segment}, which is not on the map."), segment=end.segment + 1), None
    segment = segments[end.segment]
    local = (point[0] - origins[end.segment][0], point[1] - origins[end.segment][1])
    if wrap and getattr(end, "port", None) == "top" and abs(local[1] - wrap) <= MATCH_TOLERANCE:
        local = (local[0], local[1] - wrap)          # across the wrap, onto the top strip's top edge
    if end.location is not None:
        locations = location_index(segment)
        if end.location not in locations:
            return Says(N_("names location {location!r}, which is not on segment {segment}."),
                        location=end.location, segment=end.segment + 1), None
        if not inside(shape_of(locations[end.location]), local, MATCH_TOLERANCE):
            return Says(N_("does not reach location {location}."), location=end.location), None
        return None, ("location", end.segment, end.location)
    found = road_path(end, segments)
    side = (end.joint or end.port or "?", "joint" if end.joint else "port")
    if found is None:
        return Says(_ROAD_NO_END[side], segment=end.segment + 1, at=end.at), None
    path = segment.paths[found[1]]
    if point_polyline_distance(local, path.points) > MATCH_TOLERANCE:
        return Says(_ROAD_MISSES_PATH[side], segment=end.segment + 1), None
    return None, ("path", found[0], found[1])


def _road_crossings(index: int, road: Road, ends: list, segments: Sequence[Segment], frame: Frame,
                    origins: Sequence[Point], tolerance: float, visible: Sequence[Sequence]) -> Iterable[Violation]:
    box = polyline_box(road.points, frame.clearance)
    for s, segment in enumerate(segments):
        if not boxes_meet(box, _segment_rect(s, frame, origins)):
            continue
        local = [(p[0] - origins[s][0], p[1] - origins[s][1]) for p in road.points]
        local_box = polyline_box(local, frame.clearance)
        for location in segment.locations:
            if any(target == ("location", s, location.id) for _, target in ends):
                continue
            shape = shape_of(location)
            if not boxes_meet(local_box, shape_box(shape)):
                continue
            distance, where = polyline_shape_distance(local, shape)
            if distance < frame.clearance - 1e-6:
                yield Violation.error("cops.road.crossing",
                                      Says(N_("New road #{road} runs over location {location}."), road=index,
                                           location=location.id), road=index,
                                      location=location.id, position=rounded(to_map(where, s, frame, origins)))
        for p_index, path in enumerate(segment.paths):
            part = visible[s][p_index]
            if not part or len(part) < 2 or not boxes_meet(local_box, polyline_box(part)):
                continue
            if polyline_distance(local, part, TOUCH)[0] > TOUCH:
                continue
            # Every place they meet: a road that touches a path at its own end may still cross it farther on.
            crossing = next((where for where in (to_map(w, s, frame, origins)
                                                 for w in polyline_meetings(local, part, TOUCH))
                             if not _touch_allowed(where, path, (s, p_index), ends, frame, origins, tolerance)), None)
            if crossing is not None:
                yield Violation.error("cops.road.crossing",
                                      Says(N_("New road #{road} crosses path #{path} of segment {segment}."),
                                           road=index, path=p_index, segment=s + 1),
                                      road=index, segment=s + 1, path=p_index, position=rounded(crossing))


def _touch_allowed(where: Point, path: Path, key: tuple[int, int], ends: list, frame: Frame,
                   origins: Sequence[Point], tolerance: float) -> bool:
    """A road may touch a path only at one of its own ends, and only the path it names there or a path whose
    joint or port lies at that very spot (the partner of the one it names)."""
    for point, target in ends:
        if math.dist(point, where) > tolerance:
            continue
        if target == ("path", *key):
            return True
        for end, p in ((path.a, path.points[0]), (path.b, path.points[-1])):
            if end.location is None and math.dist(to_map(p, key[0], frame, origins), point) <= tolerance:
                return True
    return False


class _Union:
    def __init__(self):
        self.parent: dict = {}

    def find(self, item):
        parent = self.parent.setdefault(item, item)
        if parent != item:
            parent = self.parent[item] = self.find(parent)
        return parent

    def join(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def _node(segment_index: int, path_index: int, label: str, end: End):
    if end.location is not None:
        return ("location", segment_index, end.location)
    return ("end", segment_index, path_index, label)


def path_graph(segments: Sequence[Segment], ring: bool, origins: Sequence[Point], roads: Sequence[Road],
               stacked: bool = False) -> _Union:
    """Locations and path ends, joined along paths, across the wrap, at joints and along new roads."""
    union = _Union()
    for s, segment in enumerate(segments):
        for location in segment.locations:
            union.find(("location", s, location.id))
        for p, path in enumerate(segment.paths):
            union.join(_node(s, p, "a", path.a), _node(s, p, "b", path.b))
        if not stacked:
            for top, bottom in port_partners(segment):
                union.join(_terminal(s, top, segment, "port"), _terminal(s, bottom, segment, "port"))
    if stacked:
        for (s1, p1), (s2, p2) in stacked_port_partners(segments, origins):
            union.join(_terminal(s1, p1, segments[s1], "port"), _terminal(s2, p2, segments[s2], "port"))
    for (s1, p1), (s2, p2) in joint_partners(segments, ring, origins, stacked):
        union.join(_terminal(s1, p1, segments[s1], "joint"), _terminal(s2, p2, segments[s2], "joint"))
    for road in roads:
        nodes = [_road_node(end, segments) for end in (road.a, road.b)]
        if None not in nodes:
            union.join(*nodes)
    return union


def _terminal(s: int, p: int, segment: Segment, kind: str):
    path = segment.paths[p]
    label = "a" if getattr(path.a, kind) is not None else "b"
    return ("end", s, p, label)


def _road_node(end, segments: Sequence[Segment]):
    if end.location is not None:
        if 0 <= end.segment < len(segments) and end.location in location_index(segments[end.segment]):
            return ("location", end.segment, end.location)
        return None
    found = road_path(end, segments)
    if found is None:
        return None
    return _terminal(found[0], found[1], segments[found[0]], "joint" if end.joint else "port")


def check_paths_lead_somewhere(segments: Sequence[Segment], union: _Union) -> Iterable[Violation]:
    """Every printed path leads to a crime location, itself or through the paths and new roads it runs on into: the
    offset setup draws new roads so that each path is joined to a location again, so a path that reaches none (a
    top port meeting its own bottom port, a line of such through every strip) is a fault of the map, a path no
    squad can ever take, though each of its ends meets another."""
    reaching = {union.find(("location", s, location.id))
                for s, segment in enumerate(segments) for location in segment.locations}
    for s, segment in enumerate(segments):
        for p, path in enumerate(segment.paths):
            if union.find(_node(s, p, "a", path.a)) in reaching:
                continue
            yield Violation.error("cops.path.nowhere",
                                  Says(N_("Path #{path} of segment {segment} leads to no crime location, neither "
                                          "itself nor through the paths and new roads it runs on into."),
                                       path=p, segment=s + 1),
                                  segment=s + 1, path=p, position=rounded(path.points[0]))


def check_connected(segments: Sequence[Segment], union: _Union) -> Iterable[Violation]:
    """One path network (`union`: the map's path graph) joins every location; every zone can be reached; every
    zone's crime can be solved."""
    groups: dict = {}
    for s, segment in enumerate(segments):
        for location in segment.locations:
            groups.setdefault(union.find(("location", s, location.id)), []).append((s, location))
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
            complete = [location for location in reachable if _areas_ranked(location)]
            if len(complete) < 2:
                yield Violation.error("cops.zone.unsolvable",
                                      Says(NN_("The crime of zone {zone} of segment {segment} cannot be solved: it "
                                               "needs a largest and a middle area in two different reachable "
                                               "locations and a smallest one; only {count} reachable location holds "
                                               "three ranked areas.", "The crime of zone {zone} of segment {segment} "
                                               "cannot be solved: it needs a largest and a middle area in two "
                                               "different reachable locations and a smallest one; only {count} "
                                               "reachable locations hold three ranked areas."), by="count",
                                           zone=zone_number, segment=s + 1,
                                           count=len(complete)), segment=s + 1, zone=zone_number)


def _areas_ranked(location: Location) -> bool:
    areas = location.areas
    return len(areas) == AREAS_PER_LOCATION and all(areas[k].size > areas[k + 1].size + 1e-6 for k in range(2))
