"""Valid-but-odd Cops maps: hand-made maps unlike any `cops map` makes, edited the way a person edits a design file,
each kept only when the validator passes it, then checked on every surface: `validate` in Python and on the command
line give one verdict, the JSON file reads back the same, the text form and the SVG print, the Tiled forms are
refused by name (Cops has none), and random and greedy games on it end, every move checked by the referee
(tests/cops_legality.py).

The maps start from the hand-made map of test_cops_rules (any number of segments from 2 to 6, end to end or
stacked) or from three hand-made maps with what `generate` never lays: a path from joint to joint with no location
at either end (`through_joints`), a path from the top edge to the bottom edge with none (`through_ports`), a new
road that ends at a location (`road_to_location`). Mutations (`MUTATIONS`, then `whole`): a path dropped; a path
added between two locations (straight or bent; the paths it crosses dropped); a path from a location straight out
to an edge or an end; a location moved, made round, renamed (odd ids), its kind changed (or every location one
kind), its areas mirrored; paths reversed and shuffled, locations shuffled in their zone, segments reordered,
gravestones moved; then the layout switched, the map scaled to a tape from 10 to 200 mm, and an offset (up to the
whole tape width, past the quarter `cops map --offset` takes) with the new roads `complete_offset` draws.

Found and pinned below: a game on a map offset past a quarter of the tape could not be replayed from its log; a
path end in a corner of its segment (a port at an end of the segment, a joint at an edge of the tape) touched ends
of the other kind, which the engine and the validator never join and the referee did, so the validator refuses it
(cops.path.corner).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

import washigen
from washigen.cli import main
from washigen.design import checked
from washigen.games.cops.generate import _scaled, disc_areas
from washigen.games.cops.model import KINDS, CopsMap, End, Path, Road, RoadEnd, Segment, Zone
from washigen.games.cops.roads import complete_offset
from washigen.games.cops.rules import validate
from washigen.games.cops.text import to_text

from .test_cops_engine import refereed_game
from .test_cops_rules import L, W, centre, segment as hand_segment

RUN = CliRunner()
ODD_IDS = ("Z", "ÄÖ", "12", "xxxxxxxxxxxx", "日本", "-", "a.b", "0", "ramen!", "ＷＷ", "start", "pass")


# -- the hand-made maps ---------------------------------------------------------------------------------------------

def hand(players: int, layout: str = "end-to-end") -> CopsMap:
    """The hand-made map of test_cops_rules with `players` segments: joints at y 25 between neighbours, the wrap
    at x 80 in each."""
    segments = tuple(hand_segment(n, n > 1, n < players) for n in range(1, players + 1))
    return CopsMap(seed=0, tape_width=W, segment_length=L, layout=layout, segments=segments)


def _edge(end: End) -> tuple[float, float]:
    return {"top": (end.at, 0.0), "bottom": (end.at, W), "left": (0.0, end.at), "right": (L, end.at)}[
        end.port or end.joint]


def _out(number: int, letter: str, end: End, *corners) -> Path:
    return Path(a=End(location=f"{number}{letter}"), b=end, points=(centre(letter), *corners, _edge(end)))


def _without(segment: Segment, *pairs: str) -> Segment:
    """The segment without its joint paths and its paths between the pairs of letters named ('ac')."""
    number = segment.zones[0].locations[0].id[:-1]
    gone = [{f"{number}{x}", f"{number}{y}"} for x, y in pairs]
    return replace(segment, paths=tuple(p for p in segment.paths if not (p.a.joint or p.b.joint)
                                        and {p.a.location, p.b.location} not in gone))


def through_joints(players: int, layout: str = "end-to-end") -> CopsMap:
    """End to end, the middle segments carry a path from their left joint to their right joint at y 25 (no location
    at either end) instead of their paths a-c and f-h, and every segment joins its neighbours by a second pair of
    joints at y 3 (a to the left, f to the right)."""
    segments = []
    for n in range(1, players + 1):
        segment, extra = hand_segment(n, n > 1, n < players), []
        if 1 < n < players:
            segment = _without(segment, "ac", "fh")
            extra.append(Path(a=End(joint="left", at=25.0), b=End(joint="right", at=25.0),
                              points=((0.0, 25.0), (L, 25.0))))
        if n > 1:
            extra.append(_out(n, "a", End(joint="left", at=3.0), (34.0, 3.0)))
        if n < players:
            extra.append(_out(n, "f", End(joint="right", at=3.0), (154.0, 3.0)))
        segments.append(replace(segment, paths=segment.paths + tuple(extra)))
    return CopsMap(seed=0, tape_width=W, segment_length=L, layout=layout, segments=tuple(segments))


def through_ports(players: int, layout: str = "stacked") -> CopsMap:
    """Stacked, every strip joins the next by ports at x 80 (b up, d down) and x 154 (f up, h down); the middle
    strips carry a path from the top edge straight to the bottom edge at x 91 (no location at either end) instead
    of their paths b-e and d-g; the first strip leads g down to it, the last leads it on to e."""
    segments = []
    for n in range(1, players + 1):
        segment = hand_segment(n, False, False)
        extra = [_out(n, "f", End(port="top", at=154.0)), _out(n, "h", End(port="bottom", at=154.0))]
        if 1 < n < players:
            segment = _without(segment, "be", "dg")
            extra.append(Path(a=End(port="top", at=91.0), b=End(port="bottom", at=91.0),
                              points=((91.0, 0.0), (91.0, W))))
        if n == 1:
            extra.append(_out(n, "g", End(port="bottom", at=91.0), (116.0, 47.0), (91.0, 47.0)))
        if n == players:
            extra.append(Path(a=End(port="top", at=91.0), b=End(location=f"{n}e"),
                              points=((91.0, 0.0), (91.0, 3.0), (116.0, 3.0), centre("e"))))
        segments.append(replace(segment, paths=segment.paths + tuple(extra)))
    return CopsMap(seed=0, tape_width=W, segment_length=L, layout=layout, segments=tuple(segments))


def road_to_location(players: int, offset: float = 0.0) -> CopsMap:
    """End to end; the second segment has no joint path: a new road runs from the first segment's right joint down
    along its end and across the second's squad section, below its name field, into location 2c."""
    design = hand(players)
    second = _without(design.segments[1], "ac")
    second = replace(second, paths=second.paths + (Path(a=End(location="2a"), b=End(location="2c"),
                                                        points=(centre("a"), centre("c"))),))
    if players > 2:
        second = replace(second, paths=second.paths + (_out(2, "h", End(joint="right", at=25.0), (164.0, 25.0)),))
    road = Road(a=RoadEnd(segment=0, joint="right", at=25.0), b=RoadEnd(segment=1, location="2c"),
                points=((L, 25.0), (L - 2, 27.0), (L - 2, 47.0 + offset), (L + 34.0, 47.0 + offset),
                        (L + 34.0, 39.0 + offset)))
    segments = list(design.segments)
    segments[1] = second
    return replace(design, segments=tuple(segments), offset=offset, roads=(road,))


# -- mutations: each takes a map and a Random, and gives a map the validator may refuse ---------------------------------

def _segment(design: CopsMap, s: int, new: Segment) -> CopsMap:
    segments = list(design.segments)
    segments[s] = new
    return replace(design, segments=tuple(segments))


def _paths(design: CopsMap, s: int, paths) -> CopsMap:
    return _segment(design, s, replace(design.segments[s], paths=tuple(paths)))


def _each_location(design: CopsMap, change) -> CopsMap:
    return replace(design, segments=tuple(
        replace(segment, zones=tuple(Zone(locations=tuple(change(loc) for loc in zone.locations))
                                     for zone in segment.zones)) for segment in design.segments))


def _centre(location) -> tuple[float, float]:
    return location.x + location.w / 2, location.y + location.h / 2


def _clear_way(design: CopsMap, s: int) -> CopsMap:
    """Drops the paths that the segment's last path crosses or runs too close to."""
    for _ in range(4):
        last = len(design.segments[s].paths) - 1
        gone = set()
        for v in validate(design).violations:
            pair = (v.where.get("path"), v.where.get("other"))
            if v.rule in ("cops.path.crossing", "cops.path.too-close") and v.where.get("segment") == s + 1 \
                    and last in pair:
                gone |= set(pair) - {last, None}
        if not gone:
            break
        design = _paths(design, s, [p for k, p in enumerate(design.segments[s].paths) if k not in gone])
    return design


def drop_path(design, rng):
    s = rng.randrange(design.players)
    paths = list(design.segments[s].paths)
    paths.pop(rng.randrange(len(paths)))
    return _paths(design, s, paths)


def link(design, rng):
    s = rng.randrange(design.players)
    a, b = rng.sample(design.segments[s].locations, 2)
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    bend = rng.choice(([], [(bx, ay)], [(ax, by)]))
    path = Path(a=End(location=a.id), b=End(location=b.id), points=((ax, ay), *bend, (bx, by)))
    return _clear_way(_paths(design, s, design.segments[s].paths + (path,)), s)


def to_edge(design, rng):
    s = rng.randrange(design.players)
    location = rng.choice(design.segments[s].locations)
    x, y = _centre(location)
    side = rng.choice(("top", "bottom", "left", "right"))
    at = round(x if side in ("top", "bottom") else y, 2)
    end = End(port=side, at=at) if side in ("top", "bottom") else End(joint=side, at=at)
    far = {"top": (at, 0.0), "bottom": (at, design.tape_width), "left": (0.0, at),
           "right": (design.segment_length, at)}[side]
    path = Path(a=End(location=location.id), b=end, points=((x, y), far))
    return _paths(design, s, design.segments[s].paths + (path,))


def move(design, rng):
    s = rng.randrange(design.players)
    segment = design.segments[s]
    z = rng.randrange(len(segment.zones))
    k = rng.randrange(len(segment.zones[z].locations))
    location = segment.zones[z].locations[k]
    dx, dy = round(rng.uniform(-6, 6), 2), round(rng.uniform(-6, 6), 2)
    moved = replace(location, x=location.x + dx, y=location.y + dy,
                    areas=tuple(replace(a, x=a.x + dx, y=a.y + dy) for a in location.areas))
    paths = []
    for path in segment.paths:
        points = list(path.points)
        for end, at in ((path.a, 0), (path.b, -1)):
            if end.location == location.id:
                points[at] = (points[at][0] + dx, points[at][1] + dy)
        paths.append(replace(path, points=tuple(points)))
    zones = list(segment.zones)
    zones[z] = Zone(locations=tuple(moved if i == k else other for i, other in enumerate(zones[z].locations)))
    return _segment(design, s, Segment(zones=tuple(zones), gravestones=segment.gravestones, paths=tuple(paths)))


def kinds(design, rng):
    one = rng.choice(KINDS) if rng.random() < 0.5 else None
    return _each_location(design, lambda loc: replace(loc, kind=one or rng.choice(KINDS)))


def mirrored_areas(design, rng):
    """Smallest area on the left of a card, largest on the right (the sizes in the same order)."""
    def flip(loc):
        middle = loc.x + loc.w / 2
        return replace(loc, areas=tuple(replace(a, x=round(2 * middle - a.x - a.w, 2)) for a in loc.areas))
    return _each_location(design, lambda loc: flip(loc) if loc.shape == "rect" and rng.random() < 0.5 else loc)


def round_locations(design, rng):
    def disc(loc):
        d = round(19.5 * design.tape_width / W, 2)
        x, y = (round(c - d / 2, 2) for c in _centre(loc))
        return replace(loc, shape="circle", x=x, y=y, w=d, h=d, areas=disc_areas(x, y, d))
    return _each_location(design, lambda loc: disc(loc) if rng.random() < 0.4 else loc)


def renamed(design, rng):
    for new in rng.sample(ODD_IDS, 3):
        ids = [loc.id for segment in design.segments for loc in segment.locations]
        if new not in ids:
            old = rng.choice(ids)

            def name(end, old=old, new=new):
                return replace(end, location=new) if end.location == old else end
            design = _each_location(design, lambda loc, old=old, new=new: replace(loc, id=new) if loc.id == old
                                    else loc)
            design = replace(design, roads=tuple(replace(r, a=name(r.a), b=name(r.b)) for r in design.roads),
                             segments=tuple(replace(segment, paths=tuple(replace(p, a=name(p.a), b=name(p.b))
                                                                         for p in segment.paths))
                                            for segment in design.segments))
    return design


def shuffled(design, rng):
    """Paths reversed and shuffled, locations shuffled in their zones."""
    segments = []
    for segment in design.segments:
        paths = [Path(a=p.b, b=p.a, points=p.points[::-1]) if rng.random() < 0.5 else p for p in segment.paths]
        rng.shuffle(paths)
        zones = [list(zone.locations) for zone in segment.zones]
        for zone in zones:
            rng.shuffle(zone)
        segments.append(Segment(zones=tuple(Zone(locations=tuple(z)) for z in zones),
                                gravestones=segment.gravestones, paths=tuple(paths)))
    return replace(design, segments=tuple(segments))


def gravestones(design, rng):
    s = rng.randrange(design.players)
    segment = design.segments[s]
    return _segment(design, s, replace(segment, gravestones=round(segment.gravestones + rng.uniform(-8, 8), 2)))


def reordered(design, rng):
    segments = list(design.segments)
    rng.shuffle(segments)
    return replace(design, segments=tuple(segments))


MUTATIONS = (drop_path, link, to_edge, move, kinds, mirrored_areas, round_locations, renamed, shuffled, gravestones,
             reordered)


def whole(design: CopsMap, rng: random.Random) -> CopsMap:
    """The other layout, another tape width (the map scaled), an offset with its new roads."""
    if rng.random() < 0.4:
        design = replace(design, layout="stacked" if design.layout == "end-to-end" else "end-to-end")
    if rng.random() < 0.3:
        width = rng.choice((10.0, 13.0, 120.0, 200.0))
        k = width / design.tape_width
        design = replace(design, tape_width=width, segment_length=round(design.segment_length * k, 2),
                         segments=tuple(_scaled(segment, k) for segment in design.segments))
    if rng.random() < 0.5:
        width = design.tape_width
        offset = rng.choice((0.5, width / 8, width / 4, width / 2, min(100.0, width)))
        design = complete_offset(replace(design, offset=round(offset, 2)))
    return design


BASES = (lambda rng: hand(rng.randint(2, 6), rng.choice(("end-to-end", "stacked"))),
         lambda rng: through_joints(rng.randint(2, 6)), lambda rng: through_ports(rng.randint(2, 6)),
         lambda rng: road_to_location(rng.randint(2, 6)))


def odd_map(seed: int) -> tuple[CopsMap, list[str]]:
    """A valid odd map and the changes kept."""
    rng = random.Random(seed)
    design = checked(rng.choice(BASES)(rng))
    kept = []
    for change in [*(rng.choice(MUTATIONS) for _ in range(rng.randint(1, 6))), whole]:
        try:
            new = checked(change(design, rng))
        except (ValueError, IndexError):         # a file the loader refuses (pydantic's errors are ValueErrors)
            continue
        if validate(new).ok:
            design = new
            kept.append(change.__name__)
    return design, kept


# -- the surfaces -------------------------------------------------------------------------------------------------

def _same_everywhere(design: CopsMap, folder) -> None:
    report = washigen.validate(design)
    assert report.ok
    path = folder / "map.json"
    washigen.save(design, path)
    assert washigen.load(path) == design
    done = RUN.invoke(main, ["validate", str(path)])
    assert done.exit_code == 0, done.output
    assert to_text(design).startswith("cops map")
    washigen.render(design, folder / "map.svg")
    assert (folder / "map.svg").read_text().startswith("<?xml")
    for form in ("tmj", "tmx"):
        done = RUN.invoke(main, ["render", str(path), "-o", str(folder / f"map.{form}")])
        assert done.exit_code == 2 and "no Tiled form" in done.output and "Traceback" not in done.output


def _played(design: CopsMap, seed: int) -> None:
    refereed_game(design, "random", seed, 0)
    refereed_game(design, "greedy", seed + 1, 1 % design.players)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_an_odd_map_gives_one_verdict_everywhere_prints_and_plays_by_the_rules(tmp_path_factory, seed):
    design, kept = odd_map(seed)
    _same_everywhere(design, tmp_path_factory.mktemp("odd"))
    _played(design, seed)


@pytest.mark.parametrize("seed", range(24))
def test_odd_maps_play_by_the_rules(seed):
    design, kept = odd_map(1000 + seed)
    assert validate(design).ok
    _played(design, seed)


# -- the hand-made maps with what `generate` never lays --------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_paths_with_no_location_at_either_end_are_played_through_every_squad_count(players):
    for design, offset in ((through_joints(players), 0.0), (through_joints(players), 1.0),
                           (through_ports(players), 0.0), (through_ports(players), 12.5),
                           (road_to_location(players), 0.0), (road_to_location(players), 2.0)):
        design = checked(design if design.roads else complete_offset(replace(design, offset=offset)))
        assert validate(design).ok, validate(design).format_text()
        _played(design, players)


def test_the_through_paths_are_single_routes_of_several_pieces():
    """The route from 1h to the last segment's c runs through every middle segment's joint-to-joint path; the one
    from strip 1's g to the last strip's e through every middle strip's top-to-bottom path."""
    from washigen.games.cops import engine

    for design, origin, target in ((through_joints(4), "1h", "4c"), (through_ports(4), "1g", "4e")):
        board = engine.initial_state(checked(design)).board
        pieces = {len(r.pieces) for r in board.routes
                  if (board.locations[r.origin].id, board.locations[r.target].id) == (origin, target)}
        assert pieces == {4}, (origin, target, pieces)


@pytest.mark.parametrize("players", range(2, 7))
def test_the_feature_maps_are_refused_in_the_layout_they_are_not_made_for(players):
    """Stacked strips meet nothing at their ends, so the joint-to-joint path leads nowhere; end to end, the
    top-to-bottom path of a segment meets only itself."""
    if players > 2:
        assert "cops.path.nowhere" in validate(checked(through_joints(players, "stacked"))).rules()
    assert not validate(checked(through_ports(players, "end-to-end"))).ok


# -- findings -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("offset", [12.5, 20.0, 24.0])
def test_a_game_on_a_map_offset_past_a_quarter_of_the_tape_replays_from_its_log(tmp_path, offset):
    """A map file takes any offset up to 100 mm; `cops map --offset` a quarter of the tape width. The log's header
    was held to the generator's limit even where the map came from the log's map-file line or --map, so a game
    played on a valid map could not be replayed ('offset: must be a length from 0 to 12.5 mm')."""
    design = checked(complete_offset(replace(hand(2), offset=offset)))
    assert validate(design).ok
    washigen.save(design, tmp_path / "map.json")
    done = RUN.invoke(main, ["cops", "play", "--map", str(tmp_path / "map.json"), "--seed", "1",
                             "-o", str(tmp_path / "game.txt")])
    assert done.exit_code == 0, done.output
    for extra in ([], ["--map", str(tmp_path / "map.json")]):
        done = RUN.invoke(main, ["cops", "play", "--replay", str(tmp_path / "game.txt"), *extra])
        assert done.exit_code == 0, done.output
    if offset <= W / 4:
        return
    # A log that makes its map from the seed is still held to what `cops map --offset` takes.
    text = (tmp_path / "game.txt").read_text()
    (tmp_path / "seed.txt").write_text("\n".join(line for line in text.split("\n") if "map-file" not in line))
    done = RUN.invoke(main, ["cops", "play", "--replay", str(tmp_path / "seed.txt")])
    assert done.exit_code == 2 and "offset" in done.output and "12.5" in done.output


def _corner_strips() -> CopsMap:
    """Stacked: strip 1's path from h ends at its right end on the bottom edge, strip 2's from f at its right end
    on the top edge: the two ends are one point of the map."""
    first, second = hand_segment(1, False, False), hand_segment(2, False, False)
    first = replace(first, paths=first.paths + (Path(a=End(location="1h"), b=End(joint="right", at=W),
                                                     points=(centre("h"), (L, W))),))
    second = replace(second, paths=second.paths + (Path(a=End(location="2f"), b=End(joint="right", at=0.0),
                                                        points=(centre("f"), (L, 0.0))),))
    return CopsMap(seed=0, tape_width=W, segment_length=L, layout="stacked", segments=(first, second))


def _corner_ports(offset: float) -> CopsMap:
    """End to end, the second segment `offset` mm lower: the first's paths from f and h leave its top and bottom
    edges at its right end (x 180), and the second's path from c its left end where the first's bottom edge is."""
    first, second = hand_segment(1, False, True), hand_segment(2, True, False)
    first = replace(first, paths=first.paths + (
        Path(a=End(location="1f"), b=End(port="top", at=L), points=(centre("f"), (L, 0.0))),
        Path(a=End(location="1h"), b=End(port="bottom", at=L), points=(centre("h"), (L, W)))))
    second = replace(second, paths=second.paths + (
        Path(a=End(location="2c"), b=End(joint="left", at=W - offset),
             points=(centre("c"), (20.0, W - offset), (0.0, W - offset))),))
    return complete_offset(CopsMap(seed=0, tape_width=W, segment_length=L, offset=offset, segments=(first, second)))


@pytest.mark.parametrize("make, places", [
    (_corner_strips, {(1, 10, "b", (180.0, 50.0)), (2, 10, "b", (180.0, 0.0))}),
    (lambda: _corner_ports(10.0), {(1, 11, "b", (180.0, 0.0)), (1, 12, "b", (180.0, 50.0))}),
])
def test_a_path_end_in_a_corner_of_its_segment_is_refused_by_name(tmp_path, make, places):
    """An end in a corner touches ports and joints alike: stacked, strip 1's joint at y 50 and strip 2's at y 0
    are one point; end to end with an offset, the first segment's bottom port at x 180 is where the second's
    left joint and a new road end. The engine joins ports to ports and joints to joints only (and the validator
    said the stacked joints meet nothing), the referee every two ends at one point: they disagreed on which
    locations a squad could reach. The validator refuses the corner, naming the path, its end and the place."""
    report = validate(checked(make()))
    found = {(v.where["segment"], v.where["path"], v.where["end"], v.where["position"])
             for v in report.violations if v.rule == "cops.path.corner"}
    assert found == places, report.format_text()
    washigen.save(checked(make()), tmp_path / "map.json")
    done = RUN.invoke(main, ["validate", str(tmp_path / "map.json")])
    assert done.exit_code == 1 and "cops.path.corner" in done.output and "in the corner" in done.output


@pytest.mark.parametrize("at, ok", [(0.0, False), (0.5, False), (0.6, True), (W - 0.6, True), (W - 0.5, False)])
def test_joints_between_two_segments_meet_until_half_a_millimetre_from_the_corner(at, ok):
    """End to end, the first segment's f (near the top) or h leaves its right end at y `at`, the second's a or c
    its left end there."""
    (right, x), (left, x2) = (("f", 164.0), ("a", 24.0)) if at < W / 2 else (("h", 164.0), ("c", 24.0))
    first, second = hand_segment(1, False, False), hand_segment(2, False, False)
    first = replace(first, paths=first.paths + (_out(1, right, End(joint="right", at=at), (x, at)),))
    second = replace(second, paths=second.paths + (_out(2, left, End(joint="left", at=at), (x2, at)),))
    design = checked(CopsMap(seed=0, tape_width=W, segment_length=L, segments=(first, second)))
    report = validate(design)
    assert report.ok == ok and ("cops.path.corner" in report.rules()) == (not ok), report.format_text()
    if ok:
        _played(design, 0)
