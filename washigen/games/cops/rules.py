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
from .geometry import (EPS, TOUCH, Frame, boxes_meet, end_point, frame_of, inside, joint_partners, off_rects,
                       point_polyline_distance, polyline_box, polyline_distance, polyline_meetings,
                       polyline_shape_distance, rounded, self_meeting, shape_box, shrunk, stacked_port_partners)
from .legs import meets_shape
from .location_rules import check_locations, check_printable, check_zones
from .measured import Measured
from .network_rules import (check_connected, check_paths_lead_somewhere, location_roots, path_graph,
                            reached_by_roads)
from .model import (MATCH_TOLERANCE, NAME_FIELD, ROAD_WIDTH, CopsMap, CopsSheet, CopsTape, End, Path, Point, Road,
                    Segment, meets)


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
    measured: list[Measured] = []
    for number, segment in enumerate(segments, start=1):
        found += check_zones(segment, number, frame)
        measures = Measured(segment)            # the segment's shapes, visible parts, ports: worked out once
        measured.append(measures)
        found += check_locations(segment, number, frame, measures.shapes, measures.boxes)
        visible.append(measures.parts)
        found += check_path_ends(segment, number, frame, measures)
        found += check_crossings(segment, number, measures, frame)
        found += check_clearance(segment, number, measures, frame)
        found += check_every_location_has_a_path(segment, number)
        if not stacked or tape:
            # A segment's top ports continue from its own bottom edge end to end; stacked, from the strip above
            # (check_stacked_ports). A stacked tape keeps them at the same x on every segment, so any two strips join.
            found += check_ports(segment, number, frame, measures)
        found += check_squad_section(segment, number, frame)
    found += check_printable(segments)
    wrap = len(segments) * frame.width if stacked else 0.0
    # What several rules look up, found once: the path each road end names, the joints and stacked ports that meet.
    reached = reached_by_roads(roads, segments)
    joints = list(joint_partners(segments, ring, origins, stacked))
    stacked_ports = list(stacked_port_partners(segments, origins)) if stacked else []
    found += check_roads(segments, frame, origins, roads, visible, wrap, measured, reached)
    found += check_name_field(segments, frame, origins, roads)
    if stacked:
        found += check_stacked_ports(segments, frame, origins, roads, ring=tape, partners=stacked_ports,
                                     reached=reached, measured=measured)
    found += check_joints(segments, frame, ring, origins, roads, stacked, partners=joints, reached=reached,
                          measured=measured)
    union = path_graph(segments, ring, origins, roads, stacked, joints, stacked_ports, reached, measured)
    roots = location_roots(segments, union)
    found += check_paths_lead_somewhere(segments, union, roots)
    if not (stacked and tape):
        found += check_connected(segments, union, roots)
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


def check_path_ends(segment: Segment, number: int, frame: Frame,
                    measured: Measured | None = None) -> Iterable[Violation]:
    shapes = (measured or Measured(segment)).shape_by_id
    length, width = frame.length + EPS, frame.width + EPS
    for index, path in enumerate(segment.paths):
        for label, end, point in (("a", path.a, path.points[0]), ("b", path.b, path.points[-1])):
            if end.location is not None and end.port is None and end.joint is None:
                shape = shapes.get(end.location)         # most ends: in the location they name, as they must be
                if shape is not None and inside(shape, point, MATCH_TOLERANCE):
                    continue
            problem = _end_problem(end, point, shapes, frame)
            if problem:
                yield Violation.error("cops.path.detached",
                                      Says(N_("Path #{path} of segment {segment}: {problem}"), path=index,
                                           segment=number, problem=problem),
                                      segment=number, path=index, end=label, position=rounded(point))
            elif _in_corner(end, frame):
                yield Violation.error("cops.path.corner",
                                      Says(_IN_CORNER[end.port or end.joint or ""], path=index, segment=number,
                                           at=end.at, within=MATCH_TOLERANCE),
                                      segment=number, path=index, end=label, position=rounded(point))
        if path.a.location is not None and path.a.location == path.b.location:
            yield Violation.error("cops.path.loop", Says(N_("Path #{path} of segment {segment} leads from {location} "
                                                            "back to itself."), path=index, segment=number,
                                                         location=path.a.location), segment=number, path=index)
        for off in path.points:
            if not (-EPS <= off[0] <= length and -EPS <= off[1] <= width):
                yield Violation.error("cops.path.off-tape",
                                      Says(N_("Path #{path} of segment {segment} runs off the tape."), path=index,
                                           segment=number), segment=number, path=index, position=rounded(off))
                break


# An end in a corner lies on an edge and at an end of the segment at once: it touches ports and joints alike (of
# this segment, of the strip beside it stacked, of the segment beside it lowered by the offset), which continue
# into each other nowhere else, so the map would not say whether a squad may go on there.
_IN_CORNER = {"top": N_("Path #{path} of segment {segment} leaves the top edge at x {at:g} mm, within {within:g} mm of "
                        "an end of the segment: in the corner it would also meet the joints there."),
              "bottom": N_("Path #{path} of segment {segment} leaves the bottom edge at x {at:g} mm, within {within:g} "
                           "mm of an end of the segment: in the corner it would also meet the joints there."),
              "left": N_("Path #{path} of segment {segment} leaves its left end at y {at:g} mm, within {within:g} mm of "
                         "an edge of the tape: in the corner it would also meet the ports there."),
              "right": N_("Path #{path} of segment {segment} leaves its right end at y {at:g} mm, within {within:g} mm "
                          "of an edge of the tape: in the corner it would also meet the ports there.")}


def _in_corner(end: End, frame: Frame) -> bool:
    """A port within MATCH_TOLERANCE of an end of the segment, or a joint within it of an edge of the tape."""
    if end.at is None or (end.port is None and end.joint is None):
        return False
    far = frame.length if end.port is not None else frame.width
    return meets(end.at, 0.0) or meets(end.at, far)


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


def _end_problem(end: End, point: Point, shapes: dict[str, tuple], frame: Frame) -> Says | None:
    """What is wrong with a path's end (a sentence to follow "Path #3 of segment 1: "), or None; `shapes`: the
    segment's location shapes by id."""
    kinds = (end.location is not None) + (end.port is not None) + (end.joint is not None)
    if kinds != 1:
        return Says(N_("an end names a location, a port or a joint (exactly one)."))
    if end.location is not None:
        if end.location not in shapes:
            return Says(N_("names location {location!r}, which is not on this segment."), location=end.location)
        if not inside(shapes[end.location], point, MATCH_TOLERANCE):
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


def check_crossings(segment: Segment, number: int, measured: Measured, frame: Frame) -> Iterable[Violation]:
    """No two paths cross, and none runs so close to another that they print as one (a warning)."""
    parts = measured.parts
    limit = frame.path_width
    boxes = [None if box is None else (box[0] - limit, box[1] - limit, box[2] + limit, box[3] + limit)
             for box in measured.part_boxes]
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
        x0, y0, x1, y1 = box
        for j in range(i + 1, len(parts)):
            other = boxes[j]
            if other is None or not (x0 <= other[2] and other[0] <= x1 and y0 <= other[3] and other[1] <= y1):
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


def check_clearance(segment: Segment, number: int, measured: Measured, frame: Frame) -> Iterable[Violation]:
    """A path keeps clear of every location it does not join, and does not run back over the ones it joins."""
    clearance = frame.clearance
    locations, shapes, boxes = measured.locations, measured.shapes, measured.boxes
    cores: list = [None] * len(locations)       # _core of each location, made when a path first needs it
    for index, (path, part, part_box) in enumerate(zip(segment.paths, measured.parts, measured.part_boxes)):
        if part_box is None:                     # no leg of it shows
            continue
        x0, y0, x1, y1 = (part_box[0] - clearance, part_box[1] - clearance, part_box[2] + clearance,
                          part_box[3] + clearance)
        own = (path.a.location, path.b.location)
        for k in [k for k, box in enumerate(boxes) if x0 <= box[2] and box[0] <= x1 and y0 <= box[3] and box[1] <= y1]:
            location, shape = locations[k], shapes[k]
            if location.id in own:
                # Its own locations: the visible part may only touch them where it leaves or enters them; no leg
                # may cross their inside, even between two points outside it.
                core = cores[k] = cores[k] or _core(shape)
                if len(part) == 2 and _apart(part[0], part[1], core[1]):
                    continue                     # _runs_back_over's test of a single leg, most paths' part
                back = _runs_back_over(part, shape, core)
                if back is not None:
                    yield Violation.error("cops.path.clearance",
                                          Says(N_("Path #{path} of segment {segment} runs back over location "
                                                  "{location}."), path=index, segment=number, location=location.id),
                                          segment=number, path=index, location=location.id, position=rounded(back))
                continue
            # Legs farther than the clearance by their boxes are passed by: only a distance under it is reported.
            distance, where = polyline_shape_distance(part, shape, clearance)
            if distance < clearance - 1e-6:
                # Said in tenths of a mm: the distance rounded down and the clearance up, so that a path just
                # inside the clearance is never said to pass as far as it must keep ("passes 1.6 ... keep 1.6").
                shown = {"distance": math.floor(distance * 10 + 1e-6) / 10,
                         "clearance": math.ceil(clearance * 10 - 1e-6) / 10}
                if distance <= TOUCH:
                    says = Says(N_("Path #{path} of segment {segment} runs over location {location}, which it does "
                                   "not join (keep {clearance:.1f} mm clear)."), path=index, segment=number,
                                location=location.id, clearance=shown["clearance"])
                else:
                    says = Says(N_("Path #{path} of segment {segment} passes {distance:.1f} mm from location "
                                   "{location}, which it does not join (keep {clearance:.1f} mm clear)."),
                                path=index, segment=number, distance=shown["distance"], location=location.id,
                                clearance=shown["clearance"])
                yield Violation.error("cops.path.clearance", says, segment=number, path=index,
                                      location=location.id, position=rounded(where))


def _core(shape: tuple) -> tuple:
    """A location's core (its shape 1e-6 mm in from its edge) with the box of its corners (a card under 2e-6 mm
    across turns inside out: its corners are what a leg may meet)."""
    core = shrunk(shape, 1e-6)
    x0, y0, x1, y1 = shape_box(core)
    return core, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _runs_back_over(part: list, shape: tuple, core_and_box: tuple | None = None) -> Point | None:
    """Where the visible part of a path runs back over one of its own locations: a point of it inside the
    location (1e-6 mm in from its edge), or else of a leg that crosses it; None where it keeps out.
    `core_and_box`: _core(shape), where the caller has it."""
    if len(part) > 2:
        if shape[0] == "rect":                   # inside(shape, p, -1e-6), the card's bounds worked out once
            _, sx0, sy0, sx1, sy1 = shape
            sx0, sy0, sx1, sy1 = sx0 - -1e-6, sy0 - -1e-6, sx1 + -1e-6, sy1 + -1e-6
            inner = next((p for p in part[1:-1] if sx0 <= p[0] <= sx1 and sy0 <= p[1] <= sy1), None)
        else:
            inner = next((p for p in part[1:-1] if inside(shape, p, -1e-6)), None)
        if inner is not None:
            return inner
    core, box = core_and_box or _core(shape)
    for a, b in zip(part, part[1:]):
        if not _apart(a, b, box) and meets_shape(a, b, core):      # segment_shape_distance(a, b, core) == 0.0
            return polyline_shape_distance([a, b], core)[1]
    return None


def _apart(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Leg ab lies wholly beyond a side of a core's box, so keeps off the core: by a margin above meets_shape's
    tolerance (1e-9 of the leg's length along each axis, on Liang-Barsky's parameter) and above rounding. Most legs
    do, among them the one that leaves the location at its edge, 1e-6 mm off the core."""
    ax, ay = a
    bx, by = b
    margin = 2e-9 * (abs(bx - ax) + abs(by - ay)) + 1e-9
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    return (ax < x0 and bx < x0) or (ax > x1 and bx > x1) or (ay < y0 and by < y0) or (ay > y1 and by > y1)


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
    limit = frame.squad - 1e-6
    for index, path in enumerate(segment.paths):
        for p in path.points:                    # most paths keep out of the section: nothing to look at
            if not p[0] >= limit:
                break
        else:
            continue
        last = len(path.points) - 1
        for i, (x, y) in enumerate(path.points):
            end = path.a if i == 0 else path.b if i == last else None
            if x >= limit or end is not None and end.joint == "left":
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


def check_ports(segment: Segment, number: int, frame: Frame, measured: Measured | None = None) -> Iterable[Violation]:
    """The map wraps top to bottom: a port needs a partner on the opposite edge at the same x."""
    ports = (measured or Measured(segment)).ports
    for side, other in (("top", "bottom"), ("bottom", "top")):
        partners = ports[other]
        for index, x in ports[side]:
            if not any(meets(x, x2) for _, x2 in partners):
                y = 0.0 if side == "top" else frame.width
                yield Violation.error("cops.port.unmatched",
                                      Says(_PORT_ALONE[side], path=index, segment=number, x=x),
                                      segment=number, path=index, position=(round(x, 1), y))


def check_stacked_ports(segments: Sequence[Segment], frame: Frame, origins: Sequence[Point], roads: Sequence[Road],
                        ring: bool = False, partners: Sequence | None = None, reached: Sequence | None = None,
                        measured: Sequence[Measured] | None = None) -> Iterable[Violation]:
    """Stacked strips: every bottom port meets a top port of the strip below at the same x (the bottom strip's
    meet the top strip's), or a new road completes it. A tape (`ring`) is checked strip after strip in a ring, so
    any two strips torn off it join. `partners`, `reached`, `measured`: stacked_port_partners, reached_by_roads and
    the segments' Measured, where the caller has them."""
    count = len(segments)
    met: set[tuple[int, int]] = set()              # (strip, path) of the ports met
    for a, b in stacked_port_partners(segments, origins) if partners is None else partners:
        met.update((a, b))
    for found in reached_by_roads(roads, segments) if reached is None else reached:
        if found:
            met.add(found)
    if measured is None:
        measured = [Measured(segment) for segment in segments]
    for number, segment in enumerate(segments, start=1):
        for side in ("top", "bottom"):
            for index, x in measured[number - 1].ports[side]:
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
    for number, (ox, oy) in enumerate(origins, start=1):
        x0, y0, x1, y1 = ox, oy, ox + frame.squad, oy + frame.width
        near = [b for b in boxes if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]]      # boxes_meet
        if not near or _free_field(near, x0, y0, x1, y1, field_w, field_h):
            continue
        yield Violation.error("cops.squad.name-field",
                              Says(N_("New roads cut the squad section of segment {segment}: no {width:g} x "
                                      "{height:g} mm field is left free for the squad's name."), segment=number,
                                   width=field_w, height=field_h), segment=number,
                              position=rounded((x0, y0)))


def _free_field(boxes, x0, y0, x1, y1, w, h) -> bool:
    """A w x h field fits in the section (x0, y0)-(x1, y1) clear of the boxes. A free field slides left until it
    meets the section's edge or a box, so one is free where one is with its left side at x0 or at a box's right
    side: each of those columns is tried, from the top down between the boxes that reach into it (a grid of places
    every 0.5 mm missed a field that fits between two boxes off its lines)."""
    for x in sorted({x0, *(b[2] for b in boxes if x0 < b[2] <= x1 - w + 1e-9)}):
        # The boxes that reach into this column (boxes_meet along x), top first: the field goes below each one
        # that would meet it, and is free once the next box starts below its bottom.
        fx0, fx1 = x + 1e-6, x + w - 1e-6
        top = y0
        for by0, by1 in sorted((b[1], b[3]) for b in boxes if b[0] <= fx1 and fx0 <= b[2]):
            if by0 > top + h - 1e-6:
                break
            top = max(top, by1)
        if top + h <= y1 + 1e-9:
            return True
    return False


# -- joints, roads and the whole map ------------------------------------------------------------------------------


_JOINT_ALONE = {"left": N_("The left joint of segment {segment} at y {y:g} mm meets nothing: {why}."),
                "right": N_("The right joint of segment {segment} at y {y:g} mm meets nothing: {why}.")}


def check_joints(segments: Sequence[Segment], frame: Frame, ring: bool, origins: Sequence[Point],
                 roads: Sequence[Road], stacked: bool = False, partners: Sequence | None = None,
                 reached: Sequence | None = None, measured: Sequence[Measured] | None = None) -> Iterable[Violation]:
    """Every joint meets one at its height on the neighbouring segment, or a new road completes it (`partners`,
    `reached`, `measured`: joint_partners, reached_by_roads and the segments' Measured, where the caller has
    them)."""
    met = set()
    for a, b in joint_partners(segments, ring, origins, stacked) if partners is None else partners:
        met.add(a)
        met.add(b)
    for found in reached_by_roads(roads, segments) if reached is None else reached:
        if found:
            met.add(found)
    count = len(segments)
    if measured is None:
        measured = [Measured(segment) for segment in segments]
    for number, segment in enumerate(segments, start=1):
        for side in ("left", "right"):
            for index, y in measured[number - 1].joints[side]:
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
                visible: Sequence[Sequence] | None = None, wrap: float = 0.0,
                measured: Sequence[Measured] | None = None, reached: Sequence | None = None) -> Iterable[Violation]:
    """A new road starts and ends at the joints, ports or locations it names, stays on the tape, and crosses no
    path, no location and no other road. With stacked strips (`wrap`: the map's height) the top strip's top ports
    continue at the bottom strip's bottom edge, so a road may end there on them."""
    if not roads:
        return
    tolerance = MATCH_TOLERANCE + 0.1
    rects = [_segment_rect(i, frame, origins) for i in range(len(segments))]
    if measured is None:
        measured = [Measured(segment) for segment in segments]
    if visible is None:
        visible = [measures.parts for measures in measured]
    if reached is None:
        reached = reached_by_roads(roads, segments)
    for index, road in enumerate(roads):
        ends = []
        for k, (label, end, point) in enumerate((("a", road.a, road.points[0]), ("b", road.b, road.points[-1]))):
            problem, target = _road_end_problem(end, point, segments, frame, origins, wrap, measured,
                                                reached[2 * index + k])
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
        yield from _road_crossings(index, road, ends, segments, frame, origins, tolerance, visible, measured)
        itself = self_meeting(road.points)
        if itself is not None:
            yield Violation.error("cops.road.crossing", Says(N_("New road #{road} crosses itself."), road=index),
                                  road=index, other=index, position=rounded(itself))
    # Roads whose boxes lie farther apart than TOUCH have every pair of legs passed by in polyline_distance.
    boxes = [polyline_box(road.points) for road in roads]
    for i, first in enumerate(roads):
        x0, y0, x1, y1 = boxes[i]
        x0, y0, x1, y1 = x0 - TOUCH, y0 - TOUCH, x1 + TOUCH, y1 + TOUCH
        for j in range(i + 1, len(roads)):
            box = boxes[j]
            if not (x0 <= box[2] and box[0] <= x1 and y0 <= box[3] and box[1] <= y1):
                continue
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


def _road_end_problem(end, point: Point, segments: Sequence[Segment], frame: Frame, origins: Sequence[Point],
                      wrap: float, measured: Sequence[Measured],
                      found: tuple[int, int] | None) -> tuple[Says | None, tuple | None]:
    """What is wrong with a new road's end (a sentence to follow "New road #0: ", or None) and what it reaches
    (`found`: road_path of the end)."""
    if not (0 <= end.segment < len(segments)):
        return Says(N_("names segment {segment}, which is not on the map."), segment=end.segment + 1), None
    segment = segments[end.segment]
    local = (point[0] - origins[end.segment][0], point[1] - origins[end.segment][1])
    if wrap and getattr(end, "port", None) == "top" and abs(local[1] - wrap) <= MATCH_TOLERANCE:
        local = (local[0], local[1] - wrap)          # across the wrap, onto the top strip's top edge
    if end.location is not None:
        shapes = measured[end.segment].shape_by_id
        if end.location not in shapes:
            return Says(N_("names location {location!r}, which is not on segment {segment}."),
                        location=end.location, segment=end.segment + 1), None
        if not inside(shapes[end.location], local, MATCH_TOLERANCE):
            return Says(N_("does not reach location {location}."), location=end.location), None
        return None, ("location", end.segment, end.location)
    side = (end.joint or end.port or "?", "joint" if end.joint else "port")
    if found is None:
        return Says(_ROAD_NO_END[side], segment=end.segment + 1, at=end.at), None
    path = segment.paths[found[1]]
    if point_polyline_distance(local, path.points) > MATCH_TOLERANCE:
        return Says(_ROAD_MISSES_PATH[side], segment=end.segment + 1), None
    return None, ("path", found[0], found[1])


def _road_crossings(index: int, road: Road, ends: list, segments: Sequence[Segment], frame: Frame,
                    origins: Sequence[Point], tolerance: float, visible: Sequence[Sequence],
                    measured: Sequence[Measured]) -> Iterable[Violation]:
    clearance = frame.clearance
    box = polyline_box(road.points, clearance)
    targets = [target for _, target in ends]
    for s, segment in enumerate(segments):
        if not boxes_meet(box, _segment_rect(s, frame, origins)):
            continue
        ox, oy = origins[s]
        local = [(p[0] - ox, p[1] - oy) for p in road.points]
        x0, y0, x1, y1 = polyline_box(local, clearance)
        measures = measured[s]
        for location, shape, (sx0, sy0, sx1, sy1) in zip(measures.locations, measures.shapes, measures.boxes):
            if not (x0 <= sx1 and sx0 <= x1 and y0 <= sy1 and sy0 <= y1) or ("location", s, location.id) in targets:
                continue
            # Legs farther than the clearance by their boxes are passed by: only a distance under it is reported.
            distance, where = polyline_shape_distance(local, shape, clearance)
            if distance < clearance - 1e-6:
                yield Violation.error("cops.road.crossing",
                                      Says(N_("New road #{road} runs over location {location}."), road=index,
                                           location=location.id), road=index,
                                      location=location.id, position=rounded(to_map(where, s, frame, origins)))
        # A path whose box lies farther than TOUCH from the road's has every pair of legs passed by in
        # polyline_meetings: it meets the road nowhere.
        tx0, ty0, tx1, ty1 = polyline_box(local, TOUCH)
        for p_index, (path, part_box) in enumerate(zip(segment.paths, measures.part_boxes)):
            # (part_box: None where no leg of the path shows)
            if part_box is None or not (tx0 <= part_box[2] and part_box[0] <= tx1 and ty0 <= part_box[3]
                                        and part_box[1] <= ty1):
                continue
            part = visible[s][p_index]
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
