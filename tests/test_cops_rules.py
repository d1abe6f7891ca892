"""Hand-made Cops maps: a tidy valid one, then one broken thing at a time, each reported with its rule id and place.

The hand-made map has two segments of 50 x 180 mm. Each segment: zone 1 holds a (top left), b (top right),
c (bottom left), d (bottom right); zone 2 holds e, f, g, h the same way; gravestones at x 95.

    #0 a-b   #1 c-d   #2 a-c   #3 b-e   #4 d-g   #5 e-f   #6 g-h   #7 f-h
    #8 top port at x 80 from b   #9 bottom port at x 80 from d
    #10 left joint at y 25 to c (segment 2 only)   #11 right joint at y 25 from h (segment 1 only)
"""

import math
import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from washigen.games.cops.generate import card_areas, generate_map
from washigen.games.cops.roads import complete_offset
from washigen.games.cops.model import CopsMap, End, Location, Path, Road, RoadEnd, Segment, Zone
from washigen.games.cops.geometry import polyline_meetings, segment_distance, self_meeting
from washigen.games.cops.rules import validate

W, L = 50.0, 180.0
SPOTS = {"a": (20, 5), "b": (60, 5), "c": (20, 33), "d": (60, 33),
         "e": (102, 5), "f": (140, 5), "g": (102, 33), "h": (140, 33)}
KINDS = {"a": "shop", "b": "house", "c": "park", "d": "bank", "e": "phone", "f": "fish", "g": "shrine",
         "h": "station"}


def location(number: int, letter: str) -> Location:
    x, y = SPOTS[letter]
    return Location(id=f"{number}{letter}", kind=KINDS[letter], shape="rect", x=x, y=y, w=28.0, h=12.0,
                    areas=card_areas(x, y, 28.0, 12.0))


def centre(letter: str) -> tuple[float, float]:
    x, y = SPOTS[letter]
    return x + 14.0, y + 6.0


def link(number: int, first: str, second: str, *points) -> Path:
    return Path(a=End(location=f"{number}{first}"), b=End(location=f"{number}{second}"),
                points=(centre(first), *points, centre(second)))


def segment(number: int, left: bool, right: bool) -> Segment:
    paths = [link(number, "a", "b"), link(number, "c", "d"), link(number, "a", "c"), link(number, "b", "e"),
             link(number, "d", "g"), link(number, "e", "f"), link(number, "g", "h"), link(number, "f", "h"),
             Path(a=End(location=f"{number}b"), b=End(port="top", at=80.0), points=((80.0, 11.0), (80.0, 0.0))),
             Path(a=End(location=f"{number}d"), b=End(port="bottom", at=80.0), points=((80.0, 39.0), (80.0, W)))]
    if left:
        paths.append(Path(a=End(location=f"{number}c"), b=End(joint="left", at=25.0),
                          points=((24.0, 39.0), (24.0, 25.0), (0.0, 25.0))))
    if right:
        paths.append(Path(a=End(location=f"{number}h"), b=End(joint="right", at=25.0),
                          points=((164.0, 39.0), (164.0, 25.0), (L, 25.0))))
    zones = (Zone(locations=tuple(location(number, k) for k in "abcd")),
             Zone(locations=tuple(location(number, k) for k in "efgh")))
    return Segment(zones=zones, gravestones=95.0, paths=tuple(paths))


def hand_map(**changes) -> CopsMap:
    design = CopsMap(seed=0, tape_width=W, segment_length=L, segments=(segment(1, False, True),
                                                                       segment(2, True, False)))
    return replace(design, **changes)


def with_segment(design: CopsMap, index: int, new: Segment) -> CopsMap:
    segments = list(design.segments)
    segments[index] = new
    return replace(design, segments=tuple(segments))


def with_paths(design: CopsMap, index: int, paths) -> CopsMap:
    return with_segment(design, index, replace(design.segments[index], paths=tuple(paths)))


def found(report, rule: str):
    hits = [v for v in report.violations if v.rule == rule]
    assert hits, f"{rule} not reported; got {[str(v) for v in report.violations]}"
    return hits


def test_the_hand_made_map_is_valid():
    report = validate(hand_map())
    assert report.ok and not report.warnings, report.format_text()


def test_two_crossing_paths_are_reported_where_they_cross():
    design = hand_map()
    paths = list(design.segments[0].paths) + [link(1, "a", "d"), link(1, "b", "c")]
    report = validate(with_paths(design, 0, paths))
    (hit,) = found(report, "cops.path.crossing")
    assert hit.where["segment"] == 1 and {hit.where["path"], hit.where["other"]} == {len(paths) - 2, len(paths) - 1}
    x, y = hit.where["position"]
    assert abs(x - 54.0) < 0.2 and abs(y - 25.0) < 0.2      # the two diagonals meet between the four locations


def test_a_path_that_crosses_itself_is_reported_where_it_does():
    design = hand_map()
    # From a out right, down, right, up, back left across its own way down, and on round to b.
    loop = Path(a=End(location="1a"), b=End(location="1b"),
                points=(centre("a"), (51.0, 11.0), (51.0, 26.0), (54.0, 26.0), (54.0, 21.0), (46.0, 21.0),
                        (46.0, 29.0), (57.0, 29.0), (57.0, 11.0), centre("b")))
    report = validate(with_paths(design, 0, [loop] + list(design.segments[0].paths[1:])))
    (hit,) = found(report, "cops.path.crossing")
    assert hit.where == {"segment": 1, "path": 0, "other": 0, "position": (51.0, 21.0)}
    assert str(hit.message) == "Path #0 of segment 1 crosses itself."
    assert report.rules() == {"cops.path.crossing"}


def test_a_path_or_road_that_turns_straight_back_along_itself_crosses_itself():
    design = hand_map()
    # Down to y 26 and straight back up to y 20: the two legs overlap from 20 to 26.
    bend = Path(a=End(location="1a"), b=End(location="1b"),
                points=(centre("a"), (54.0, 11.0), (54.0, 26.0), (54.0, 20.0), (74.0, 20.0), centre("b")))
    (hit,) = found(validate(with_paths(design, 0, [bend] + list(design.segments[0].paths[1:]))),
                   "cops.path.crossing")
    assert hit.where["other"] == hit.where["path"] == 0 and hit.where["position"] == (54.0, 26.0)
    shifted = hand_map(offset=6.0)
    fold = Road(a=RoadEnd(segment=0, joint="right", at=25.0), b=RoadEnd(segment=1, joint="left", at=25.0),
                points=((L, 25.0), (L, 28.0), (L, 26.0), (L, 31.0)))
    report = validate(replace(shifted, roads=(fold,)))
    (hit,) = found(report, "cops.road.crossing")
    assert hit.where == {"road": 0, "other": 0, "position": (L, 28.0)} and report.rules() == {"cops.road.crossing"}
    # The same road without the turn back is the one complete_offset draws, and valid.
    assert validate(replace(shifted, roads=(replace(fold, points=((L, 25.0), (L, 31.0))),))).ok


def _meets_itself(points) -> bool:
    """Leg by leg: two legs not one after the other within 1e-7 mm, or a leg running straight back along the last
    (points closer than 1e-7 mm to the one before count as one)."""
    kept = [points[0]]
    for p in points[1:]:
        if math.dist(p, kept[-1]) > 1e-7:
            kept.append(p)
    legs = list(zip(kept, kept[1:]))
    for (a, b), (_, c) in zip(legs, legs[1:]):
        u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        if u[0] * v[1] == u[1] * v[0] and u[0] * v[0] + u[1] * v[1] < 0:
            return True
    return any(segment_distance(*legs[i], *legs[j]) <= 1e-7 for i in range(len(legs)) for j in range(i + 2, len(legs)))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=2, max_size=12))
def test_a_polyline_meets_itself_exactly_where_a_leg_by_leg_look_finds_it(grid):
    points = [(float(x), float(y)) for x, y in grid]
    assert (self_meeting(points) is not None) == _meets_itself(points)


def _near(point, a, b) -> float:
    """The distance from a point to the segment ab, worked out here."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy)
                                                / (dx * dx + dy * dy)))
    return math.dist(point, (a[0] + t * dx, a[1] + t * dy))


GRID_LINE = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=2, max_size=6)


@settings(max_examples=300, deadline=None)
@given(GRID_LINE, GRID_LINE)
def test_two_polylines_meet_at_every_place_a_leg_by_leg_look_finds(first, second):
    """polyline_meetings (the road checks') gives a place wherever two legs meet, only places on both lines, and
    both ends of every stretch two legs share."""
    p = [(float(x), float(y)) for x, y in first]
    q = [(float(x), float(y)) for x, y in second]
    places = list(polyline_meetings(p, q, 1e-7))
    legs_p, legs_q = list(zip(p, p[1:])), list(zip(q, q[1:]))
    assert bool(places) == any(segment_distance(*a, *b) <= 1e-7 for a in legs_p for b in legs_q)
    for place in places:
        assert min(_near(place, *leg) for leg in legs_p) <= 1e-6 and min(_near(place, *leg) for leg in legs_q) <= 1e-6
    for a, b in legs_p:
        for c, d in legs_q:
            shared = [end for end in (a, b, c, d) if _near(end, a, b) <= 1e-9 and _near(end, c, d) <= 1e-9]
            if len(set(shared)) >= 2 and (b[0] - a[0]) * (d[1] - c[1]) == (b[1] - a[1]) * (d[0] - c[0]):
                for end in (min(shared), max(shared)):        # the stretch they share, by its ends
                    assert any(math.dist(end, place) <= 1e-9 for place in places), (a, b, c, d, end)


def test_a_path_that_brushes_a_location_it_does_not_join():
    design = hand_map()
    # From b down and left into c, its level leg 1.5 mm above d (the rule keeps 1.6 mm).
    detour = Path(a=End(location="1b"), b=End(location="1c"),
                  points=((74.0, 11.0), (74.0, 31.5), (46.0, 31.5), (46.0, 39.0)))
    report = validate(with_paths(design, 0, list(design.segments[0].paths) + [detour]))
    hits = found(report, "cops.path.clearance")
    assert {v.where["location"] for v in hits} == {"1d"}
    assert all(v.where["path"] == len(design.segments[0].paths) for v in hits)
    assert "cops.path.crossing" not in report.rules()


def test_a_location_with_no_path():
    design = hand_map()
    paths = [p for p in design.segments[0].paths if "1g" not in (p.a.location, p.b.location)]
    report = validate(with_paths(design, 0, paths))
    hits = found(report, "cops.location.no-path")
    assert [v.where["location"] for v in hits] == ["1g"]
    assert hits[0].where["segment"] == 1


def test_an_unmatched_port_on_each_edge():
    design = hand_map()
    paths = list(design.segments[1].paths)
    paths[9] = Path(a=End(location="2d"), b=End(port="bottom", at=85.0), points=((85.0, 39.0), (85.0, W)))
    report = validate(with_paths(design, 1, paths))
    hits = found(report, "cops.port.unmatched")
    assert {(v.where["segment"], v.where["path"], v.where["position"]) for v in hits} == {
        (2, 8, (80.0, 0.0)), (2, 9, (85.0, W))}


def test_a_zone_with_three_locations():
    design = hand_map()
    first = design.segments[0]
    zones = (first.zones[0], Zone(locations=first.zones[1].locations[:3]))
    paths = [p for p in first.paths if "1h" not in (p.a.location, p.b.location)]
    report = validate(with_segment(design, 0, replace(first, zones=zones, paths=tuple(paths))))
    (hit,) = found(report, "cops.zone.locations")
    assert hit.where == {"segment": 1, "zone": 2}


def test_a_segment_with_one_zone():
    design = hand_map()
    first = design.segments[0]
    merged = Zone(locations=first.zones[0].locations + first.zones[1].locations)
    report = validate(with_segment(design, 0, replace(first, zones=(merged,))))
    assert found(report, "cops.segment.zones")[0].where["segment"] == 1


def areas_swapped(design):
    """The design with location 1a's largest and middle areas swapped."""
    first = design.segments[0]
    a = first.zones[0].locations[0]
    swapped = replace(a, areas=(a.areas[1], a.areas[0], a.areas[2]))
    zone = replace(first.zones[0], locations=(swapped,) + first.zones[0].locations[1:])
    return with_segment(design, 0, replace(first, zones=(zone, first.zones[1])))


def test_areas_out_of_order():
    report = validate(areas_swapped(hand_map()))
    (hit,) = found(report, "cops.location.areas-order")
    assert hit.where["location"] == "1a" and hit.where["area"] == 1


def test_an_area_outside_its_location():
    design = hand_map()
    first = design.segments[0]
    a = first.zones[0].locations[0]
    moved = replace(a, areas=(a.areas[0], a.areas[1], replace(a.areas[2], x=a.x + a.w - 1.0)))
    zone = replace(first.zones[0], locations=(moved,) + first.zones[0].locations[1:])
    report = validate(with_segment(design, 0, replace(first, zones=(zone, first.zones[1]))))
    (hit,) = found(report, "cops.location.area-outside")
    assert hit.where["location"] == "1a" and hit.where["area"] == 3


def joint_moved(design):
    """The design with segment 2's left joint moved to y 30 mm, where segment 1 has none."""
    paths = list(design.segments[1].paths)
    paths[10] = Path(a=End(location="2c"), b=End(joint="left", at=30.0), points=((24.0, 39.0), (24.0, 30.0),
                                                                                 (0.0, 30.0)))
    return with_paths(design, 1, paths)


def test_a_joint_with_no_partner():
    report = validate(joint_moved(hand_map()))
    hits = found(report, "cops.joint.unmatched")
    assert {(v.where["segment"], v.where["position"]) for v in hits} == {(1, (L, 25.0)), (2, (0.0, 30.0))}


def test_a_joint_off_the_end_of_the_map():
    design = hand_map()
    extra = Path(a=End(location="1c"), b=End(joint="left", at=25.0), points=((24.0, 39.0), (24.0, 25.0),
                                                                             (0.0, 25.0)))
    report = validate(with_paths(design, 0, list(design.segments[0].paths) + [extra]))
    (hit,) = found(report, "cops.joint.unmatched")
    assert hit.where["segment"] == 1 and "off the end" in hit.message


def test_a_zone_cut_off_from_the_map():
    design = hand_map()
    keep = [p for p in design.segments[1].paths
            if {p.a.location, p.b.location} not in ({"2b", "2e"}, {"2d", "2g"})]
    report = validate(with_paths(design, 1, keep))
    assert found(report, "cops.zone.unreachable")[0].where == {"segment": 2, "zone": 2}
    disconnected = found(report, "cops.map.disconnected")
    assert disconnected[0].where["segment"] == 2


def test_a_zone_with_a_single_reachable_location_is_unsolvable():
    design = hand_map()
    keep = [p for p in design.segments[1].paths
            if {p.a.location, p.b.location} not in ({"2d", "2g"}, {"2e", "2f"})]
    report = validate(with_paths(design, 1, keep))
    (hit,) = found(report, "cops.zone.unsolvable")
    assert hit.where == {"segment": 2, "zone": 2}


def test_an_offset_map_needs_its_roads_and_is_valid_with_them():
    shifted = hand_map(offset=6.0)
    bare = validate(shifted)
    assert {(v.where["segment"], v.where["position"]) for v in found(bare, "cops.joint.unmatched")} == {
        (1, (L, 25.0)), (2, (0.0, 25.0))}
    completed = complete_offset(shifted)
    assert len(completed.roads) == 1
    # just inside the left segment's end, off the next segment's name section; out to the two ends at 45 degrees
    assert completed.roads[0].points == ((L, 25.0), (L - 2.2, 27.2), (L - 2.2, 28.8), (L, 31.0))
    assert validate(completed).ok, validate(completed).format_text()


def test_a_road_across_a_printed_path():
    shifted = hand_map(offset=6.0)
    # From segment 1's right joint straight into segment 2 and down into location 2d: it crosses 2's path a-c.
    road = Road(a=RoadEnd(segment=0, joint="right", at=25.0), b=RoadEnd(segment=1, location="2d"),
                points=((L, 25.0), (L + 70.0, 25.0), (L + 70.0, 42.0)))
    report = validate(replace(shifted, roads=(road,)))
    hits = found(report, "cops.road.crossing")
    assert [(v.where["segment"], v.where["path"]) for v in hits if "path" in v.where] == [(2, 2)]
    x, y = next(v.where["position"] for v in hits if "path" in v.where)
    assert abs(x - (L + 34.0)) < 0.2 and abs(y - 25.0) < 0.2


def _seam_roads(middle_points):
    """The map whose new roads run along the seam x 180 end to end (11-20, 20-25, 25-39), the middle one laid
    along `middle_points` from y 20 to y 25."""
    from .test_cops_engine import along_the_seam

    design = along_the_seam(True)
    roads = list(design.roads)
    roads[1] = replace(roads[1], points=middle_points)
    return replace(design, roads=tuple(roads))


def test_roads_joined_end_to_end_may_meet_only_where_they_join():
    """Two roads that share an end were held to meet only there by the first place found where they meet: one
    that left the shared end and crossed the other farther on passed."""
    assert validate(_seam_roads(((180.0, 20.0), (180.0, 25.0)))).ok          # a chain along the seam
    detour = ((180.0, 20.0), (185.0, 20.0), (185.0, 15.0), (179.0, 15.0), (179.0, 25.0), (180.0, 25.0))
    hits = [v.where for v in found(validate(_seam_roads(detour)), "cops.road.crossing") if "other" in v.where]
    assert hits == [{"road": 0, "other": 1, "position": (180.0, 15.0)}]
    along = ((180.0, 20.0), (180.0, 16.0), (181.0, 16.0), (181.0, 25.0), (180.0, 25.0))   # back along road 0
    hits = [v.where for v in found(validate(_seam_roads(along)), "cops.road.crossing") if "other" in v.where]
    assert hits == [{"road": 0, "other": 1, "position": (180.0, 16.0)}]


def test_a_road_that_meets_a_path_at_its_joint_may_not_cross_it_farther_on():
    """A road was held to touch a printed path only at its joint by the first place found where they meet: one that
    left 1f's joint, looped round and crossed 1f's path on the way back passed."""
    from .test_cops_engine import along_the_seam

    design = along_the_seam(True)
    loop = ((180.0, 11.0), (180.0, 5.0), (170.0, 5.0), (170.0, 15.0), (180.0, 15.0), (180.0, 20.0))
    roads = (replace(design.roads[0], points=loop),) + design.roads[1:]
    report = validate(replace(design, roads=roads))
    (hit,) = found(report, "cops.road.crossing")
    assert hit.where == {"road": 0, "segment": 1, "path": 10, "position": (170.0, 11.0)}


def test_a_road_that_misses_its_joint():
    shifted = hand_map(offset=6.0)
    road = Road(a=RoadEnd(segment=0, joint="right", at=25.0), b=RoadEnd(segment=1, joint="left", at=25.0),
                points=((L, 25.0), (L, 29.0)))
    report = validate(replace(shifted, roads=(road,)))
    (hit,) = found(report, "cops.road.detached")
    assert hit.where["road"] == 0 and hit.where["end"] == "b"


def test_a_path_that_does_not_start_in_its_location():
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[0] = replace(paths[0], points=((10.0, 25.0), centre("b")))
    report = validate(with_paths(design, 0, paths))
    (hit,) = found(report, "cops.path.detached")
    assert hit.where["path"] == 0 and hit.where["end"] == "a"


def test_overlapping_locations():
    design = hand_map()
    first = design.segments[0]
    b = first.zones[0].locations[1]
    moved = replace(b, x=40.0, areas=card_areas(40.0, b.y, b.w, b.h))
    zone = replace(first.zones[0], locations=(first.zones[0].locations[0], moved) + first.zones[0].locations[2:])
    report = validate(with_segment(design, 0, replace(first, zones=(zone, first.zones[1]))))
    assert {v.where["location"] for v in found(report, "cops.location.overlap")} == {"1a"}


def test_narrow_tape_warns_that_areas_are_hard_to_fill_but_stays_valid():
    report = validate(generate_map(2, seed=5, tape_width=20.0))
    assert report.ok
    assert "cops.print.small-area" in {v.rule for v in report.warnings}
    assert not validate(generate_map(2, seed=5, tape_width=50.0)).warnings


def test_the_validator_never_raises_on_a_mutated_design():
    base = generate_map(3, seed=9, offset=7.0)
    rng = random.Random(1)
    for _ in range(150):
        design = base
        s = rng.randrange(len(design.segments))
        segment_ = design.segments[s]
        choice = rng.randrange(5)
        if choice == 0 and segment_.paths:
            paths = list(segment_.paths)
            del paths[rng.randrange(len(paths))]
            design = with_paths(design, s, paths)
        elif choice == 1 and segment_.paths:
            paths = list(segment_.paths)
            k = rng.randrange(len(paths))
            points = [(x + rng.uniform(-30, 30), y + rng.uniform(-30, 30)) for x, y in paths[k].points]
            paths[k] = replace(paths[k], points=tuple(points))
            design = with_paths(design, s, paths)
        elif choice == 2:
            zones = list(segment_.zones)
            del zones[rng.randrange(len(zones))]
            design = with_segment(design, s, replace(segment_, zones=tuple(zones)))
        elif choice == 3 and segment_.paths:
            paths = list(segment_.paths)
            k = rng.randrange(len(paths))
            paths[k] = replace(paths[k], b=End(location="nowhere"))
            design = with_paths(design, s, paths)
        else:
            design = replace(design, offset=rng.uniform(0, 20))
        report = validate(design)
        assert isinstance(report.ok, bool)


def test_a_location_on_the_squad_section_or_across_the_gravestones():
    design = hand_map()
    first = design.segments[0]
    c = first.zones[0].locations[2]
    onto_squad = replace(c, x=8.0, areas=card_areas(8.0, c.y, c.w, c.h))
    zone = replace(first.zones[0], locations=first.zones[0].locations[:2] + (onto_squad, first.zones[0].locations[3]))
    report = validate(with_segment(design, 0, replace(first, zones=(zone, first.zones[1]))))
    assert [v.where["location"] for v in found(report, "cops.location.placement")] == ["1c"]
    across = replace(first, gravestones=70.0)
    report = validate(with_segment(design, 0, across))
    assert {v.where["location"] for v in found(report, "cops.location.placement")} == {"1b", "1d"}


def test_a_path_off_the_tape_and_a_road_off_the_tape():
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[2] = replace(paths[2], points=(centre("a"), (34.0, 60.0), centre("c")))
    report = validate(with_paths(design, 0, paths))
    assert found(report, "cops.path.off-tape")[0].where["position"] == (34.0, 60.0)
    shifted = complete_offset(hand_map(offset=6.0))
    road = shifted.roads[0]
    wide = replace(road, points=(road.points[0], (L, -8.0), (L - 0.5, 31.0)))
    report = validate(replace(shifted, roads=(wide,)))
    assert found(report, "cops.road.off-tape")[0].where["road"] == 0
