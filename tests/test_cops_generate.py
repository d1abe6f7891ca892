"""The Cops generators, judged by the validator and by independent geometry."""

import itertools
import math
from collections import Counter
from dataclasses import replace

import pytest

from washigen.errors import InputError, WashigenError
from washigen.games.cops import generate
from washigen.games.cops.playtest import play_check
from washigen.games.cops.generate import generate_map, generate_tape, layouts
from washigen.games.cops.roads import complete_offset
from washigen.games.cops.model import JOINT_BAND, MATCH_TOLERANCE, ROAD_WIDTH, max_offset_for, meets
from washigen.games.cops.geometry import joints_of
from washigen.games.cops.rules import validate
from washigen.units import TAPE_WIDTHS

# 200 seeds x 5 squad counts x offset on and off: 2,000 maps. (300 seeds took 25 s, and the suite is held under
# fifteen minutes on two cores.)
SEEDS = range(200)
PLAYERS = (2, 3, 4, 5, 6)


def offset_for(seed: int) -> float:
    """A spread of offsets, from small near misses to the largest allowed."""
    return (0.8, 3.0, 6.5, 9.0, 12.5)[seed % 5]


def first_layout(players: int, seed: int, offset: float = 0.0):
    """The layout generate_map returns unless greedy squads cannot finish on it (then it tries the next one from
    the same code, tested below); the placement rules are checked here on 2,000 layouts without playing each."""
    return next(layouts(players, seed, offset=offset))


def test_every_map_is_valid_for_200_seeds_every_player_count_offset_on_and_off():
    """2,000 maps. The offset set-up is the same layout with every other segment lowered and new roads drawn,
    so it is built from the straight map exactly as generate_map builds it (checked below)."""
    failures = []
    for seed in SEEDS:
        for players in PLAYERS:
            straight = first_layout(players, seed)
            shifted = complete_offset(replace(straight, offset=offset_for(seed)))
            for design in (straight, shifted):
                report = validate(design)
                if report.errors:
                    failures.append((seed, players, design.offset, [str(v) for v in report.errors[:3]]))
    assert not failures, failures[:5]


@pytest.mark.parametrize("players", PLAYERS)
def test_generated_maps_are_playable_and_valid(players):
    for seed in range(3):
        design = generate_map(players, seed, offset=offset_for(seed), search=False)
        assert validate(design).ok and play_check(design, seed).ok


def test_the_generator_skips_a_layout_greedy_squads_cannot_finish(monkeypatch):
    verdicts = iter([False, True])
    monkeypatch.setattr(generate, "playable", lambda design: next(verdicts))
    design = generate_map(3, 5, search=False)
    assert design != first_layout(3, 5)
    assert design == next(itertools.islice(layouts(3, 5), 1, None)) and validate(design).ok
    monkeypatch.setattr(generate, "playable", lambda design: False)
    for search in (False, True):
        with pytest.raises(WashigenError, match="no playable map for 3 players, seed 5"):
            generate_map(3, 5, budget=1.0, search=search)


def test_the_offset_map_is_the_straight_map_lowered_and_completed():
    for seed in (0, 1, 2):
        made = generate_map(4, seed, offset=9.0, search=False)
        built = complete_offset(replace(generate_map(4, seed, search=False), offset=9.0))
        assert made == built
        assert made.roads


def test_same_seed_same_map_other_seed_other_map():
    generate._searched.cache_clear()             # searched twice afresh, not handed back from the cache
    first = generate_map(4, 11)
    generate._searched.cache_clear()
    assert generate_map(4, 11) == first
    assert generate_map(4, 11) != generate_map(4, 12)


def _segment_points(point, index, design):
    return point[0] + index * design.segment_length, point[1] + design.shift(index)


def _legs(points):
    return list(zip(points, points[1:]))


def _orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _crossing(p, q, r, s) -> bool:
    """A proper crossing or a touch of two segments (tested here apart from the rules' own geometry)."""
    d1, d2, d3, d4 = _orient(r, s, p), _orient(r, s, q), _orient(p, q, r), _orient(p, q, s)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True

    def on(a, b, c):
        return abs(_orient(a, b, c)) < 1e-9 and min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 and \
            min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9

    return on(r, s, p) or on(r, s, q) or on(p, q, r) or on(p, q, s)


def test_offset_roads_never_cross_a_printed_path_and_the_completed_map_is_connected():
    checked = 0
    for seed in range(60):
        for players in (2, 4, 6):
            design = first_layout(players, seed, offset=offset_for(seed + players))
            ends = {}
            for index, segment in enumerate(design.segments):
                for side in ("left", "right"):
                    for path_index, y in joints_of(segment, side):
                        ends[(index, path_index)] = (index * design.segment_length if side == "left"
                                                     else (index + 1) * design.segment_length, y + design.shift(index))
            for road in design.roads:
                checked += 1
                road_ends = [road.points[0], road.points[-1]]
                for index, segment in enumerate(design.segments):
                    for path_index, path in enumerate(segment.paths):
                        points = [_segment_points(p, index, design) for p in path.points]
                        for p, q in _legs(points):
                            for r, s in _legs(road.points):
                                if not _crossing(p, q, r, s):
                                    continue
                                # Touching is allowed only where the road ends on that path's joint.
                                joint = ends.get((index, path_index))
                                assert joint is not None, (seed, players, road, index, path_index)
                                assert min(math.dist(joint, e) for e in road_ends) <= MATCH_TOLERANCE
            report = validate(design)
            assert not ({"cops.map.disconnected", "cops.joint.unmatched", "cops.zone.unreachable"} & report.rules())
    assert checked > 200


def test_every_lowered_joint_gets_a_road_and_roads_join_the_two_sides():
    design = generate_map(5, seed=21, offset=7.0, search=False)
    for left in range(4):
        named = {(end.segment, end.joint, end.at) for road in design.roads for end in (road.a, road.b)}
        right_joints = {("right", y) for _, y in joints_of(design.segments[left], "right")}
        left_joints = {("left", y) for _, y in joints_of(design.segments[left + 1], "left")}
        on_seam = [r for r in design.roads if r.points[0][0] == (left + 1) * design.segment_length]
        assert on_seam
        assert any({e.segment for e in (r.a, r.b)} == {left, left + 1} for r in on_seam)
        touched = {(s, j, a) for s, j, a in named if s in (left, left + 1)}
        assert {(left, side, y) for side, y in right_joints} <= touched
        assert {(left + 1, side, y) for side, y in left_joints} <= touched


def _road_lines(design) -> list[set[int]]:
    """The roads in lines: roads whose ends share a point print as one line."""
    lines: list[set[int]] = []
    for index, road in enumerate(design.roads):
        ends = {road.points[0], road.points[-1]}
        joined = [line for line in lines
                  if any(math.dist(e, f) <= 1e-6 for k in line for f in (design.roads[k].points[0],
                                                                        design.roads[k].points[-1]) for e in ends)]
        merged = set().union(*joined, {index})
        lines = [line for line in lines if line not in joined] + [merged]
    return lines


# Offset maps the audit found faults on: two road lines 0.8 mm apart (2 players, end-to-end, offset 8, seed 1); two
# joints of one location joined to each other alone (2, seed 4 and 4, seed 7 at 12.5 mm); a path end 0.5 mm from
# its partner by the road's sum, 0.5000000000000018 by the routes' (4 players, offset 10, seed 934).
AUDITED = [(2, 1, 8.0, "end-to-end"), (2, 4, 12.5, "end-to-end"), (4, 7, 12.5, "end-to-end"),
           (4, 934, 10.0, "end-to-end"), (5, 2, 11.0, "end-to-end"), (3, 5, 9.0, "stacked"), (6, 3, 12.5, "stacked")]


@pytest.mark.parametrize("players, seed, offset, layout", AUDITED)
def test_road_lines_that_would_print_touching_are_one_line(players, seed, offset, layout):
    """Road strokes are ROAD_WIDTH wide with round ends: two lines whose ends come closer than that print as one,
    so the generator joins them (a road between) and the game reads them as one."""
    design = generate_map(players, seed, offset=offset, layout=layout, search=False)
    lines = _road_lines(design)
    for one, other in itertools.combinations(lines, 2):
        gap = min(math.dist(e, f) for i in one for j in other
                  for e in (design.roads[i].points[0], design.roads[i].points[-1])
                  for f in (design.roads[j].points[0], design.roads[j].points[-1]))
        assert gap >= ROAD_WIDTH, (players, seed, gap)


@pytest.mark.parametrize("players, seed, offset, layout", AUDITED)
def test_every_printed_path_of_an_offset_map_is_on_some_route(players, seed, offset, layout):
    """A path that leads only into a road back to its own location, or whose end the routes miss by a rounding,
    is printed but never walked."""
    from washigen.games.cops import engine

    board = engine.board_for(generate_map(players, seed, offset=offset, layout=layout, search=False))
    used = 0
    for route in board.routes:
        used |= route.mask
    unused = [board.piece_key[i] for i in range(board.pieces) if not used >> i & 1]
    assert unused == []


def test_ends_meet_within_the_tolerance_whatever_offset_brought_them_into_one_frame():
    assert meets(25.6 + -10.0, 15.1) and meets(15.1 + 10.0, 25.6)          # 0.5000000000000018 and 0.5
    assert not meets(25.7 - 10.0, 15.1)


def test_segments_matter_to_each_other_and_paths_vary():
    joints, ports, bends, straight, shapes, spots, layouts = Counter(), 0, 0, 0, Counter(), set(), set()
    for seed in range(40):
        design = generate_map(4, seed, search=False)
        for index, segment in enumerate(design.segments):
            if index < 3:
                joints[len(joints_of(segment, "right"))] += 1
            ports += sum(1 for p in segment.paths for e in (p.a, p.b) if e.port == "top")
            for path in segment.paths:
                if len(path.points) == 2:
                    straight += 1
                elif any(abs(p[0] - q[0]) > 1e-6 and abs(p[1] - q[1]) > 1e-6
                         for p, q in zip(path.points, path.points[1:])):
                    bends += 1
            for location in segment.locations:
                shapes[location.shape] += 1
                spots.add((round(location.x / 5), round(location.y / 5)))
            layouts.add(tuple((round(loc.x), round(loc.y)) for loc in segment.zones[0].locations))
            for _, y in joints_of(segment, "left"):
                assert JOINT_BAND[0] * 50 - 1e-6 <= y <= JOINT_BAND[1] * 50 + 1e-6
    assert 0 not in joints and joints[2] + joints[3] > joints[1]       # most borders carry two or three paths
    assert ports >= 40 * 4                                            # about one wrap or more per segment
    assert bends > 100 and straight > 50                              # bent and right-angled streets both occur
    assert shapes["circle"] > 50 and shapes["rect"] > 300
    assert len(spots) > 80 and len(layouts) == 40 * 4                 # locations sit in many places


@pytest.mark.parametrize("width", TAPE_WIDTHS)
def test_every_tape_width_gives_a_valid_map_at_its_scale(width):
    design = generate_map(3, seed=4, tape_width=width, offset=max_offset_for(width), search=False)
    assert design.tape_width == width and design.segment_length == pytest.approx(width * 3.6)
    assert validate(design).ok
    ys = [p[1] for s in design.segments for path in s.paths for p in path.points]
    assert max(ys) <= width + 1e-9 and min(ys) >= 0


def test_a_tape_repeat_joins_its_last_segment_to_its_first():
    for seed in range(20):
        for count in (1, 2, 5):
            tape = generate_tape(count, seed)
            assert validate(tape).ok, (seed, count, validate(tape).format_text())
            assert sorted(y for _, y in joints_of(tape.segments[-1], "right")) == \
                sorted(y for _, y in joints_of(tape.segments[0], "left"))


@pytest.mark.parametrize("players, offset, message", [
    (1, 0.0, "players"), (7, 0.0, "players"), (2, -1.0, "offset"), (2, 13.0, "quarter of the tape width")])
def test_bad_parameters_are_refused_by_name(players, offset, message):
    with pytest.raises(InputError, match=message):
        generate_map(players, 0, offset=offset)
