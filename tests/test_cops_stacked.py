"""The stacked layout: strips side by side, every strip's bottom ports meeting the next strip's top ports (the last
strip's the first's), offset set-ups completed by roads along the seams, the squad name field kept free, and the
printed map read back at real size."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from washigen.cli import main
from washigen.design import dumps, loads
from washigen.games.cops import engine
from washigen.games.cops.generate import generate_map, generate_tape, layouts
from washigen.games.cops.model import Road
from washigen.games.cops.geometry import ports_of
from washigen.games.cops.rules import validate
from washigen.units import MM_PER_UNIT

OFFSETS = (0.0, 3.0, 12.5)


def first_layout(players: int, seed: int, offset: float = 0.0):
    return next(layouts(players, seed, offset=offset, layout="stacked"))


def port_ends(design, strip: int, side: str) -> list[float]:
    """Map x of a strip's ports on one edge, worked out here from the strip's own x and its slide."""
    slide = design.offset if strip % 2 == 1 else 0.0
    return sorted(x + slide for _, x in ports_of(design.segments[strip], side))


def road_links(design) -> set[tuple[float, float, float]]:
    """(seam y, x, x) for every road: what joins two ends along a seam."""
    links = set()
    for road in design.roads:
        (xa, ya), (xb, yb) = road.points[0], road.points[-1]
        assert abs(ya - yb) < 1e-9, "a stacked road runs along its seam"
        links.add((round(ya, 2), round(min(xa, xb), 2), round(max(xa, xb), 2)))
    return links


def test_every_seam_meets_or_is_completed_by_roads():
    checked = 0
    for seed in range(12):
        for players in (2, 3, 4, 5, 6):
            offset = OFFSETS[seed % 3]
            design = first_layout(players, seed, offset)
            report = validate(design)
            assert report.ok, (seed, players, [str(v) for v in report.errors[:3]])
            links = road_links(design)
            for upper in range(players):
                lower = (upper + 1) % players
                seam = round((upper + 1) * design.tape_width, 2)
                bottoms, tops = port_ends(design, upper, "bottom"), port_ends(design, lower, "top")
                for x in bottoms:
                    checked += 1
                    met = any(abs(x - t) <= 0.5 for t in tops)
                    roads = [link for link in links if link[0] == seam and x in (link[1], link[2])]
                    assert met or roads, (seed, players, upper, x)
                    if offset == 0:
                        assert met and not roads
    assert checked > 300


def test_every_stacked_layout_is_valid_for_60_seeds_every_player_count_and_offsets():
    failures = []
    for seed in range(60):
        for players in (2, 3, 4, 5, 6):
            design = first_layout(players, seed, (0.0, 0.8, 6.5, 9.0, 12.5)[(seed + players) % 5])
            report = validate(design)
            if report.errors:
                failures.append((seed, players, design.offset, [str(v) for v in report.errors[:3]]))
    assert not failures, failures[:5]


def test_port_positions_are_the_same_on_every_segment_of_a_roll():
    tape = generate_tape(5, seed=3, layout="stacked")
    assert validate(tape).ok
    positions = {tuple(sorted(x for _, x in ports_of(segment, side))) for segment in tape.segments
                 for side in ("top", "bottom")}
    assert len(positions) == 1 and len(next(iter(positions))) >= 2
    assert not any(end.joint for segment in tape.segments for path in segment.paths for end in (path.a, path.b))


def test_the_validator_finds_a_port_that_misses_the_next_strip():
    design = first_layout(3, 1)
    segment = design.segments[1]
    index, path = next((k, p) for k, p in enumerate(segment.paths) if p.b.port == "bottom" or p.a.port == "bottom")
    moved_end = replace(path.b, at=path.b.at + 4) if path.b.port else replace(path.a, at=path.a.at + 4)
    points = list(path.points)
    if path.b.port:
        points[-1] = (points[-1][0] + 4, points[-1][1])
        points[-2] = (points[-2][0] + 4, points[-2][1])
        moved = replace(path, b=moved_end, points=tuple(points))
    else:
        points[0] = (points[0][0] + 4, points[0][1])
        points[1] = (points[1][0] + 4, points[1][1])
        moved = replace(path, a=moved_end, points=tuple(points))
    paths = list(segment.paths)
    paths[index] = moved
    broken = replace(design, segments=(design.segments[0], replace(segment, paths=tuple(paths)), design.segments[2]))
    rules = {v.rule for v in validate(broken).errors}
    assert "cops.port.unmatched" in rules
    found = [v for v in validate(broken).errors if v.rule == "cops.port.unmatched" and "strip 3" in v.message]
    assert found, [str(v) for v in validate(broken).errors]


def test_a_road_across_the_squad_section_is_refused_by_the_name_field_rule():
    design = first_layout(2, 2, 6.0)
    assert validate(design).ok
    seam = design.tape_width
    first, last = design.roads[0].points[0], design.roads[0].points[-1]
    # A detour up through the middle of the first strip's squad section, leaving less than 10 mm either side.
    across = Road(a=design.roads[0].a, b=design.roads[0].b,
                  points=(first, (7.0, seam), (7.0, 2.0), (7.0, seam), last))
    broken = replace(design, roads=(across,) + design.roads[1:])
    rules = {v.rule for v in validate(broken).errors}
    assert "cops.squad.name-field" in rules


@pytest.mark.parametrize("layout", ["end-to-end", "stacked"])
def test_a_printed_path_in_the_squad_section_is_refused_unless_it_crosses_from_a_joint(layout):
    """The squad writes its name in the blue section at a segment's left end: a path from a joint there crosses
    it straight; a path that runs inside it (here a location's path bent through it) takes the name's room."""
    design = generate_map(3, 2, search=False, layout=layout)
    assert validate(design).ok
    segment = design.segments[0]
    index, path = next((k, p) for k, p in enumerate(segment.paths) if p.a.location and p.b.location)
    squad = design.tape_width * 14 / 50                    # the section's width: 14 mm on 50 mm tape
    bent = (path.points[0], (squad / 2, path.points[0][1]), (squad / 2, path.points[-1][1]), path.points[-1])
    paths = list(segment.paths)
    paths[index] = replace(path, points=bent)
    broken = replace(design, segments=(replace(segment, paths=tuple(paths)),) + design.segments[1:])
    found = [v for v in validate(broken).errors if v.rule == "cops.squad.name-field"]
    assert [v.where for v in found] == [{"segment": 1, "path": index,
                                         "position": (round(squad / 2, 1), round(path.points[0][1], 1))}]


def test_roads_of_an_offset_set_up_keep_the_name_field_free_and_round_trip():
    design = generate_map(4, 5, offset=12.5, layout="stacked")
    assert design.roads and validate(design).ok
    assert all(road.a.port and road.b.port for road in design.roads)
    assert loads(dumps(design)) == design


def test_the_engine_crosses_from_strip_to_strip_and_over_the_wrap():
    design = first_layout(3, 4, 0.0)
    board = engine.board_for(design)
    crossings = {(board.segment_of[r.origin], board.segment_of[r.target]) for r in board.routes
                 if board.segment_of[r.origin] != board.segment_of[r.target]}
    assert {(0, 1), (1, 2), (2, 0)} <= crossings


def test_the_stacked_map_prints_strips_one_tape_width_apart_at_real_size(tmp_path):
    out = tmp_path / "stacked.pdf"
    result = CliRunner().invoke(main, ["cops", "map", "--players", "4", "--layout", "stacked", "--offset", "6mm",
                                       "--seed", "3", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    design = generate_map(4, 3, offset=6.0, layout="stacked")
    page = PdfReader(out).pages[0]
    height = (float(page.trimbox.top) - float(page.trimbox.bottom)) * MM_PER_UNIT["pt"]
    width = (float(page.trimbox.right) - float(page.trimbox.left)) * MM_PER_UNIT["pt"]
    assert height == pytest.approx(4 * design.tape_width, abs=0.05)
    assert width == pytest.approx(design.segment_length + 6.0, abs=0.05)
    captions = []

    def visit(text, cm, tm, font, size):
        if text.startswith("seed 3 ·"):
            captions.append((cm[4] * MM_PER_UNIT["pt"], cm[5] * MM_PER_UNIT["pt"]))

    page.extract_text(visitor_text=visit)
    assert len(captions) == 4
    for (x0, y0), (x1, y1) in zip(captions, captions[1:]):
        assert abs(y0 - y1) == pytest.approx(design.tape_width, abs=0.05)      # strip pitch = tape width
        assert abs(x0 - x1) == pytest.approx(6.0, abs=0.05)                    # every other strip slid by 6 mm


def test_layout_is_stored_and_a_bad_layout_is_refused(tmp_path):
    out = tmp_path / "map.json"
    runner = CliRunner()
    result = runner.invoke(main, ["cops", "map", "--layout", "stacked", "--seed", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["layout"] == "stacked"
    refused = runner.invoke(main, ["cops", "balance", "--layout", "diagonal", "--seed", "1"])
    assert refused.exit_code == 2 and "--layout" in refused.output
    played = runner.invoke(main, ["cops", "balance", "--map", str(out), "--games", "8", "--json"])
    assert played.exit_code == 0 and json.loads(played.output)["games"] == 8


def test_a_stacked_kit_says_how_to_lay_the_strips_and_other_games_refuse_a_layout(tmp_path):
    runner = CliRunner()
    out = tmp_path / "kit.pdf"
    result = runner.invoke(main, ["kit", "cops", "--players", "2", "--layout", "stacked", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(out).pages[:1]).replace("\n", " ")
    assert "one below the other" in text and "--layout stacked" in text
    refused = runner.invoke(main, ["kit", "cats", "--layout", "stacked", "-o", str(tmp_path / "cats.pdf")])
    assert refused.exit_code == 2 and "--layout" in refused.output and not (tmp_path / "cats.pdf").exists()


def _port_moved(design, strip: int, side: str, dx: float):
    """The map with one port of a strip (its first on that edge) moved dx mm along the edge, the path's last leg
    with it, as a hand-made map would draw it."""
    document = json.loads(dumps(design))
    index, x = ports_of(design.segments[strip], side)[0]
    path = document["segments"][strip]["paths"][index]
    end = path["a"] if path["a"]["port"] == side else path["b"]
    end["at"] = round(x + dx, 2)
    for point in path["points"]:
        if abs(point[0] - x) < 1e-6:
            point[0] = round(x + dx, 2)
    return loads(json.dumps(document)), x


def test_two_strips_whose_ports_meet_elsewhere_than_the_roll_puts_them_are_a_valid_map():
    """"Paths that align ... at the very top or bottom may be taken as a continuation": stacked, a strip's bottom
    port needs the top port of the strip below, not one on its own top edge at the same x (that is the end-to-end
    wrap). A bottom port of strip 2 and the top port of strip 3 below it, moved together, still meet; one moved
    alone meets nothing, said once for each end."""
    design = generate_map(3, seed=1, layout="stacked")
    assert validate(design).ok
    bottom_x = ports_of(design.segments[1], "bottom")[0][1]
    top = next(k for k, (_, x) in enumerate(ports_of(design.segments[2], "top")) if abs(x - bottom_x) <= 0.5)
    assert top == 0
    moved, _ = _port_moved(design, 1, "bottom", -4.0)      # (+4 would cross another path of strip 3)
    both, _ = _port_moved(moved, 2, "top", -4.0)
    assert validate(both).ok, [str(v) for v in validate(both).errors]
    unmatched = [v.where["segment"] for v in validate(moved).errors if v.rule == "cops.port.unmatched"]
    assert sorted(unmatched) == [2, 3]
