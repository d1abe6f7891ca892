"""Cops seams: a run torn off a roll plays as the rule sheets say (paths off the ends of the map lead nowhere), new
roads join each path end that lost its partner to the nearest end next to it (the sheets' rule), keep off the next
segment's squad section, and a report that caps a rule still counts every violation."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path as FilePath

import pytest

from washigen.design import to_dict
from washigen.games.cops import engine
from washigen.games.cops.generate import generate_map, generate_tape, layouts
from washigen.games.cops.geometry import joints_of, ports_of
from washigen.games.cops.model import MATCH_TOLERANCE, ROAD_WIDTH, CopsMap, End, Path, meets, scale_for
from washigen.games.cops.playtest import play_game
from washigen.games.cops.rules import MAX_SAID, said, validate
from washigen.report import Report, Violation
from washigen.words import N_, Says

ROOT = FilePath(__file__).resolve().parents[1]


def torn_run(tape, start: int, count: int, offset: float = 0.0) -> CopsMap:
    """`count` segments of an end-to-end tape in a row, from segment `start` (0-based, round the repeat)."""
    segments = tuple(tape.segments[(start + k) % len(tape.segments)] for k in range(count))
    return CopsMap(seed=tape.seed, tape_width=tape.tape_width, segment_length=tape.segment_length, offset=offset,
                   layout="end-to-end", segments=segments)


# -- 1. a run torn off the roll --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed, start, count", [(3, 1, 3), (3, 4, 4), (8, 0, 2), (11, 2, 6)])
def test_a_run_torn_off_a_tape_validates_and_plays(seed, start, count):
    tape = generate_tape(6, seed)
    run = torn_run(tape, start, count)
    assert joints_of(run.segments[0], "left") and joints_of(run.segments[-1], "right")     # ends with no partner
    report = validate(run)
    assert report.ok, report.format_text()
    outer = [v for v in report.violations if v.rule == "cops.joint.unmatched"]
    assert outer and all(v.severity == "warning" and "off the end of the map" in v.message for v in outer)
    assert {(v.where["segment"], v.where["position"][0]) for v in outer} <= {(1, 0.0), (count, run.segment_length)}
    # The engine reads them as dead ends: no route runs through one, and every other path is on some route.
    board = engine.board_for(run)
    used = 0
    for route in board.routes:
        used |= route.mask
    dead = {(s, p) for s, side in ((0, "left"), (count - 1, "right")) for p, _ in joints_of(run.segments[s], side)}
    unused = {board.piece_key[i] for i in range(board.pieces) if not used >> i & 1}
    assert unused == dead
    outcome = play_game(run, "greedy", seed, 0)
    assert outcome is not None


def test_a_broken_joint_inside_a_run_is_still_an_error():
    tape = generate_tape(6, 3)
    run = torn_run(tape, 1, 3)
    segment = run.segments[1]
    index, y = joints_of(segment, "left")[0]
    path = segment.paths[index]
    moved = 12.0 if y > 25.0 else 38.0           # away from every joint of segment 1's right end
    assert not any(meets(moved, other) for _, other in joints_of(run.segments[0], "right"))
    points = tuple((x, moved) if x < 1e-6 else p for p in path.points for x in (p[0],))
    end = End(joint="left", at=moved)
    path = Path(a=end, b=path.b, points=points) if path.a.joint == "left" else Path(a=path.a, b=end, points=points)
    paths = list(segment.paths)
    paths[index] = path
    broken = replace(run, segments=(run.segments[0], replace(segment, paths=tuple(paths)), run.segments[2]))
    report = validate(broken)
    errors = [v for v in report.errors if v.rule == "cops.joint.unmatched"]
    assert {v.where["segment"] for v in errors} == {1, 2}, report.format_text()
    assert all("no new road completes it" in v.message for v in errors)


def test_a_torn_run_validates_on_the_command_line(tmp_path):
    run = torn_run(generate_tape(6, 3), 1, 3)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(to_dict(run)), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "washigen", "validate", str(path), "--json"], capture_output=True,
                            text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    found = json.loads(result.stdout)
    assert found["valid"] and found["errors"] == 0 and found["warnings"] == 4


# -- 2. the nearest path end ----------------------------------------------------------------------------------------


def _seam_ends(design: CopsMap, left: int, right: int) -> list[tuple[float, set[tuple[int, str, float]]]]:
    """The path ends along a seam in order, ends that meet their partner merged: (position, {(segment, side, at)})."""
    if design.layout == "stacked":
        ends = [(x + design.shift(left), (left, "bottom", x)) for _, x in ports_of(design.segments[left], "bottom")]
        ends += [(x + design.shift(right), (right, "top", x)) for _, x in ports_of(design.segments[right], "top")]
    else:
        ends = [(y + design.shift(left), (left, "right", y)) for _, y in joints_of(design.segments[left], "right")]
        ends += [(y + design.shift(right), (right, "left", y)) for _, y in joints_of(design.segments[right], "left")]
    merged: list[tuple[float, set]] = []
    for at, end in sorted(ends):
        if merged and abs(merged[-1][0] - at) <= MATCH_TOLERANCE + 1e-6 and \
                {e[0] for e in merged[-1][1]} != {end[0]}:
            merged[-1][1].add(end)
            continue
        merged.append((at, {end}))
    return merged


def _joined(design: CopsMap, first: set, second: set) -> bool:
    named = [{(end.segment, end.joint or end.port, end.at) for end in (road.a, road.b)} for road in design.roads]
    return any(pair & first and pair & second for pair in named)


OFFSET_MAPS = [(players, seed, offset, layout) for seed in range(8) for players, offset, layout in
               ((2, 12.5, "end-to-end"), (4, 7.0, "end-to-end"), (6, 10.0, "end-to-end"), (3, 6.0, "stacked"),
                (5, 9.0, "stacked"))]


@pytest.mark.parametrize("players, seed, offset, layout", OFFSET_MAPS)
def test_every_lost_end_is_joined_to_the_nearest_end_next_to_it(players, seed, offset, layout):
    design = next(layouts(players, seed, offset=offset, layout=layout))
    count = len(design.segments)
    seams = [(k, (k + 1) % count) for k in range(count)] if layout == "stacked" else \
        [(k, k + 1) for k in range(count - 1)]
    checked = 0
    for left, right in seams:
        if design.shift(left) == design.shift(right):
            continue
        ends = _seam_ends(design, left, right)
        for k, (at, members) in enumerate(ends):
            if len(members) > 1:
                continue                         # still meets its partner
            side = {e[0] for e in members}
            options = [(abs(ends[j][0] - at), {e[0] for e in ends[j][1]} == side, j)
                       for j in (k - 1, k + 1) if 0 <= j < len(ends)]
            if not options:
                continue
            nearest = ends[min(options)[2]][1]
            assert _joined(design, members, nearest), (members, nearest, design.roads)
            checked += 1
    assert checked


# -- 3. seam roads keep off the next squad section ---------------------------------------------------------------


@pytest.mark.parametrize("players, seed, offset, tape_width", [(2, 1, 8.0, 50.0), (4, 7, 12.5, 50.0),
                                                               (6, 3, 5.0, 50.0), (3, 2, 7.5, 30.0),
                                                               (4, 5, 25.0, 100.0), (5, 4, 4.0, 20.0)])
def test_seam_roads_keep_off_the_next_squad_section(players, seed, offset, tape_width):
    """A road along a seam runs a road's width inside the left segment, its stroke a road's half width off the
    next segment's squad section; it reaches the seam only at the two path ends it joins, slanting there, so that
    its centre line meets their paths at those ends alone."""
    design = generate_map(players, seed, tape_width=tape_width, offset=offset, search=False)
    s = scale_for(tape_width)
    assert design.roads
    for road in design.roads:
        end = road.a
        seam = (end.segment + (end.joint == "right")) * design.segment_length
        joints = {round(y + design.shift(segment), 2) for segment in (road.a.segment, road.b.segment)
                  for side in ("left", "right") for _, y in joints_of(design.segments[segment], side)}
        first, *inner, last = road.points
        assert all(abs(x - seam) < 1e-9 and round(y, 2) in joints for x, y in (first, last)), road
        assert inner and all(seam - x >= ROAD_WIDTH * s - 0.01 for x, _ in inner), road
        assert abs(inner[0][1] - first[1]) > 0.2 and abs(inner[-1][1] - last[1]) > 0.2, road     # slanting out
    assert validate(design).ok


def test_seam_roads_in_the_drawn_map_keep_off_the_squad_section(tmp_path):
    """The drawn SVG: every road's stroke is cut at its seam (a clip whose right edge is the seam), and where it
    runs along the seam it stays a millimetre off the next segment's squad section."""
    design = generate_map(3, 5, offset=10.0, search=False)
    out = tmp_path / "map.svg"
    subprocess.run([sys.executable, "-m", "washigen", "cops", "map", "--players", "3", "--seed", "5", "--offset",
                    "10mm", "--budget", "0", "-o", str(out)], check=True, capture_output=True, cwd=tmp_path)
    svg = out.read_text(encoding="utf-8")
    clips = {name: tuple(float(v) for v in re.search(r'x="(-?[\d.]+)"', rect).groups() +
                         re.search(r'width="(-?[\d.]+)"', rect).groups())
             for name, rect in re.findall(r'<clipPath id="([^"]+)">(<rect [^>]*>)', svg)}
    seams = [k * design.segment_length for k in range(1, design.players)]
    half = ROAD_WIDTH / 2
    strokes = re.findall(r'<g clip-path="url\(#([^)]+)\)"><path d="([^"]+)"[^>]*stroke="#8a4310"', svg)
    assert len(strokes) == len(design.roads) and "#8a4310" in svg
    for clip, d in strokes:
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
        points = list(zip(numbers[::2], numbers[1::2]))
        seam = min(seams, key=lambda x: abs(x - points[0][0]))
        x, width = clips[clip]
        assert x + width <= seam + 1e-6
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            if abs(x1 - x0) < 0.05 and abs(y1 - y0) > 0.05:                     # the stretch along the seam
                assert seam - (x0 + half) >= 1.0 - 1e-6, (d, seam)


# -- 4. a capped report counts every violation -----------------------------------------------------------------------


def _many(count: int, rule: str = "cops.path.crossing") -> list[Violation]:
    return [Violation.error(rule, Says(N_("Paths #{first} and #{second} of segment {segment} cross."), first=k,
                                       second=k + 1, segment=1), segment=1, path=k) for k in range(count)]


def test_a_capped_rule_counts_all_150_violations():
    found = _many(150) + [Violation.warning("cops.path.too-close", "close", segment=1)]
    report = Report.of(said(found))
    assert len(report.violations) == MAX_SAID + 2                 # 100 listed, the line for 50 more, the warning
    assert report.to_dict()["errors"] == 150 and report.to_dict()["warnings"] == 1
    assert report.error_count == 150 and report.format_text().splitlines()[0] == "invalid: 150 errors, 1 warning"
    (more,) = [v for v in report.violations if v.unlisted]
    assert more.unlisted == 50 and more.to_dict()["unlisted"] == 50 and more.message.startswith("50 more violations")
    assert "150" in report.format_text("de").splitlines()[0]


def test_a_capped_rule_of_mixed_severity_counts_each():
    found = _many(120) + [Violation.warning("cops.path.crossing", "close", segment=1) for _ in range(30)]
    report = Report.of(said(found))
    assert (report.error_count, report.warning_count) == (120, 30)


def test_validate_json_counts_the_violations_a_report_leaves_unlisted(tmp_path):
    design = generate_map(2, 1, search=False)
    segment = design.segments[0]
    copies = 17                                   # with the original, 18 identical paths: 153 crossing pairs
    paths = segment.paths + (segment.paths[0],) * copies
    crowded = replace(design, segments=(replace(segment, paths=paths),) + design.segments[1:])
    crossings = (copies + 1) * copies // 2
    path = tmp_path / "crowded.json"
    path.write_text(json.dumps(to_dict(crowded)), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "washigen", "validate", str(path), "--json"], capture_output=True,
                            text=True, cwd=tmp_path)
    found = json.loads(result.stdout)
    listed = [v for v in found["violations"] if v["rule"] == "cops.path.crossing"]
    assert len(listed) == MAX_SAID + 1 and listed[-1]["unlisted"] == crossings - MAX_SAID
    others = sum(1 for v in found["violations"] if v["rule"] != "cops.path.crossing" and v["severity"] == "error")
    assert found["errors"] == crossings + others


# -- the sheets say it --------------------------------------------------------------------------------------------


def test_the_sheets_state_the_ends_of_the_map_and_the_nearest_end_rule():
    english = (ROOT / "seeds" / "cops.en.md").read_text(encoding="utf-8")
    german = (ROOT / "seeds" / "cops.de.md").read_text(encoding="utf-8")
    assert "the right end of the last lead nowhere" in english
    assert "to the nearer of the two path ends next to it on that edge" in english
    assert "take the one on the other segment" in english
    assert "am rechten Ende des letzten hinausführen, führen nirgendwohin" in german
    assert "bis zum näheren der beiden Wegenden, die auf dieser Kante neben ihm liegen" in german
    assert "nehmt das auf dem anderen Segment" in german
