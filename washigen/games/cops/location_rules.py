"""The Cops validator's rules for segments, zones, crime locations and their fill-in areas (the paths' and roads'
rules are in rules.py, which runs these with them; places in the report as rules.py says)."""

from __future__ import annotations

from typing import Iterable, Sequence

from ...report import Violation
from ...words import N_, NN_, Says
from .geometry import EPS, Frame, area_inside, areas_overlap, rounded, shape_box, shape_of, shapes_overlap
from .model import (AREAS_PER_LOCATION, LOCATIONS_PER_ZONE, MIN_AREA_SIDE, ZONES_PER_SEGMENT, Area, Location,
                    Segment)

# A round location or area is drawn as a circle in its box, measured as the disc that box holds: a box this far
# from square (mm) is a misprint (printed points are rounded to 0.01 mm).
ROUND_TOLERANCE = 0.01

def check_zones(segment: Segment, number: int, frame: Frame) -> Iterable[Violation]:
    if len(segment.zones) != ZONES_PER_SEGMENT:
        yield Violation.error("cops.segment.zones",
                              Says(NN_("Segment {segment} has {count} zone; a segment holds two zones split by "
                                       "gravestones.", "Segment {segment} has {count} zones; a segment holds two "
                                       "zones split by gravestones."), by="count", segment=number,
                                   count=len(segment.zones)), segment=number)
    if not (frame.squad < segment.gravestones < frame.length):
        yield Violation.error("cops.segment.zones",
                              Says(N_("The gravestones of segment {segment} stand at x {x:g} mm, outside the segment, "
                                      "so it has no second zone."), segment=number, x=segment.gravestones),
                              segment=number,
                              position=(round(segment.gravestones, 1), 0.0))
    for zone_number, zone in enumerate(segment.zones, start=1):
        if len(zone.locations) != LOCATIONS_PER_ZONE:
            yield Violation.error("cops.zone.locations",
                                  Says(NN_("Zone {zone} of segment {segment} has {count} location; every zone has "
                                           "{per_zone}.", "Zone {zone} of segment {segment} has {count} locations; "
                                           "every zone has {per_zone}."), by="count", zone=zone_number, segment=number,
                                       count=len(zone.locations), per_zone=LOCATIONS_PER_ZONE),
                                  segment=number, zone=zone_number)


def check_locations(segment: Segment, number: int, frame: Frame, shapes: Sequence[tuple] | None = None,
                    boxes: Sequence[tuple] | None = None) -> Iterable[Violation]:
    """Each location lies in its zone, round where it says so, with its areas; no two overlap. `shapes`, `boxes`:
    the locations' shapes and their boxes, where the caller has them (worked out here otherwise)."""
    locations = segment.locations
    if shapes is None or boxes is None:
        shapes = [shape_of(location) for location in locations]
        boxes = [shape_box(shape) for shape in shapes]
    at = 0                                       # the location's place in `locations`, the zones' in order
    for zone_number, zone in enumerate(segment.zones, start=1):
        low, high = (frame.squad, segment.gravestones) if zone_number == 1 else (segment.gravestones, frame.length)
        for location in zone.locations:
            x0, y0, x1, y1 = location.x, location.y, location.x + location.w, location.y + location.h
            if x0 < low - EPS or x1 > high + EPS or y0 < -EPS or y1 > frame.width + EPS:
                yield Violation.error("cops.location.placement",
                                      Says(N_("Location {location} does not lie within zone {zone} of segment "
                                              "{segment} (on the tape, between the squad section or the gravestones "
                                              "and the zone's end)."), location=location.id, zone=zone_number,
                                           segment=number), segment=number, location=location.id,
                                      position=rounded((x0, y0)))
            yield from check_round(location, number)
            yield from check_areas(location, number, frame, shapes[at])
            at += 1
    for i, first in enumerate(locations):
        x0, y0, x1, y1 = boxes[i]
        for j in range(i + 1, len(locations)):
            box = boxes[j]                       # locations_overlap, with the shapes and boxes made once
            if (x0 <= box[2] and box[0] <= x1 and y0 <= box[3] and box[1] <= y1
                    and shapes_overlap(shapes[i], shapes[j], EPS)):
                yield Violation.error("cops.location.overlap",
                                      Says(N_("Locations {first} and {second} overlap."), first=first.id,
                                           second=locations[j].id), segment=number,
                                      location=first.id, position=rounded(locations[j].centre))


# In location 1a "the largest area" is not larger than "the middle": an area by its rank, then the next one, each
# a whole phrase with its article, so a language puts them in the case its sentence needs.
_AREA_NAMES = (N_("the largest area"), N_("the middle area"), N_("the smallest area"), N_("the fourth area"),
               N_("the fifth area"))
_OTHER_AREA_NAMES = (N_("the middle"), N_("the smallest"), N_("the fourth"), N_("the fifth"))


def check_areas(location: Location, number: int, frame: Frame, shape: tuple | None = None) -> Iterable[Violation]:
    """Three areas, largest first, each inside the location (`shape`: its shape, where the caller has it), no
    two overlapping."""
    areas = location.areas
    if len(areas) != AREAS_PER_LOCATION:
        yield Violation.error("cops.location.areas",
                              Says(NN_("Location {location} has {count} area; every location has three: the "
                                       "largest, the middle and the smallest.", "Location {location} has {count} "
                                       "areas; every location has three: the largest, the middle and the smallest."),
                                   by="count", location=location.id,
                                   count=len(areas)), segment=number, location=location.id)
    sizes = [area.size for area in areas]
    for k in range(len(areas) - 1):
        if not sizes[k] > sizes[k + 1] + 1e-6:
            yield Violation.error("cops.location.areas-order",
                                  Says(N_("In location {location} {area} ({size:.1f} mm²) is not larger than {other} "
                                          "({other_size:.1f} mm²): the three areas must differ in size, largest "
                                          "first."), location=location.id, area=Says(_AREA_NAMES[min(k, 4)]),
                                       size=sizes[k], other=Says(_OTHER_AREA_NAMES[min(k, 3)]),
                                       other_size=sizes[k + 1]),
                                  segment=number, location=location.id, area=k + 1)
    if shape is None:
        shape = shape_of(location)
    boxes = [(area.x, area.y, area.x + area.w, area.y + area.h) for area in areas]
    for k, area in enumerate(areas):
        if not area_inside(area, shape):
            yield Violation.error("cops.location.area-outside",
                                  Says(N_("Area {area} of location {location} sticks out of the location."),
                                       area=k + 1, location=location.id),
                                  segment=number, location=location.id, area=k + 1,
                                  position=rounded((area.x, area.y)))
        x0, y0, x1, y1 = boxes[k]
        for j in range(k + 1, len(areas)):
            # Areas that reach 1e-6 mm into each other (areas_overlap) have boxes that overlap, by as much: far
            # above rounding. Most boxes lie apart.
            box = boxes[j]
            if x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1 and areas_overlap(area, areas[j]):
                yield Violation.error("cops.location.areas-overlap",
                                      Says(N_("Areas {first} and {second} of location {location} overlap."),
                                           first=k + 1, second=j + 1, location=location.id),
                                      segment=number, location=location.id, area=k + 1)


def check_round(location: Location, number: int) -> Iterable[Violation]:
    """A round location, or a round area in it, whose box is not square: the drawing's circle would not be the
    disc the validator and the engine measure."""
    if location.shape == "circle" and not _square(location):
        yield Violation.error("cops.location.not-round",
                              Says(N_("Location {location} is round, but its box is {w:g} mm wide and {h:g} mm high: "
                                      "a round location's width and height are equal."), location=location.id,
                                   w=location.w, h=location.h), segment=number, location=location.id,
                              position=rounded((location.x, location.y)))
    for k, area in enumerate(location.areas):
        if area.shape == "circle" and not _square(area):
            yield Violation.error("cops.location.not-round",
                                  Says(N_("Area {area} of location {location} is round, but its box is {w:g} mm wide "
                                          "and {h:g} mm high: a round area's width and height are equal."),
                                       area=k + 1, location=location.id, w=area.w, h=area.h),
                                  segment=number, location=location.id, area=k + 1,
                                  position=rounded((area.x, area.y)))


def _square(item: Location | Area) -> bool:
    return abs(item.w - item.h) <= ROUND_TOLERANCE + EPS


def check_printable(segments: Sequence[Segment]) -> Iterable[Violation]:
    """One warning for the whole design when its fill-in areas are too small to colour in."""
    small = [(number, location, min(min(a.w, a.h) for a in location.areas))
             for number, segment in enumerate(segments, start=1) for location in segment.locations
             if location.areas and min(min(a.w, a.h) for a in location.areas) < MIN_AREA_SIDE]
    if small:
        number, location, side = min(small, key=lambda item: item[2])
        yield Violation.warning("cops.print.small-area",
                                Says(NN_("{count} location has an area under {limit:g} mm across (the smallest: "
                                         "{side:.1f} mm in {location}): hard to colour in; a wider tape helps.",
                                         "{count} locations have an area under {limit:g} mm across (the smallest: "
                                         "{side:.1f} mm in {location}): hard to colour in; a wider tape helps."),
                                     by="count", count=len(small), limit=MIN_AREA_SIDE, side=side,
                                     location=location.id),
                                segment=number, location=location.id)
