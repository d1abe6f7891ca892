"""Cops input a user controls, held to DESIGN 12 and to what the rest of washigen can read back: the counts a map
file may hold (paths, roads, points, zones, locations, areas) and the worst map they allow, reports that list a
rule's first violations and count the rest, location ids a game log's moves can name, an engine that refuses a
move that is not one of its legal moves, and the rule sheets and help that say how new roads are used."""

from __future__ import annotations

import json
import random
import resource
import string
from dataclasses import replace
from pathlib import Path as FilePath

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps, loads
from washigen.errors import DesignFormatError
from washigen.games.cops import engine
from washigen.games.cops.engine import Miso, Noodle, Pass, Start, Step, apply, legal_moves, parse_move, result
from washigen.games.cops.gamelog import game_log, replay_log
from washigen.games.cops.generate import generate_map, generate_tape
from washigen.games.cops.model import (MAX_AREAS, MAX_LOCATIONS, MAX_PATHS, MAX_POINTS, MAX_ROADS, MAX_ZONES, End,
                                       Path, Road, Zone)
from washigen.games.cops.playtest import play_game
from washigen.games.cops.rules import MAX_SAID, validate

from .limits import run_bounded, run_warm
from .test_cops_engine import along_the_seam, position
from .test_cops_rules import hand_map, with_paths

ROOT = FilePath(__file__).resolve().parents[1]
HAND = hand_map()


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def refused(text: str, *words: str) -> str:
    """The refusal of a design file's text (DesignFormatError), which must name every one of `words`."""
    with pytest.raises(DesignFormatError) as caught:
        loads(text, "map.json")
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


# -- 1. counts: what a file may hold, and the worst map that allows ------------------------------------------------


def _document(design) -> dict:
    return json.loads(dumps(design))


def _too_many(kind: str) -> tuple[dict, str, int]:
    """The hand map with one item past a limit: (document, the JSON path refused, the limit)."""
    document = _document(HAND)
    segment = document["segments"][0]
    if kind == "paths":
        segment["paths"] = (segment["paths"] * MAX_PATHS)[:MAX_PATHS + 1]
        return document, "segments[0].paths", MAX_PATHS
    if kind == "path points":
        path = segment["paths"][0]
        (x0, y0), (x1, y1) = path["points"][0], path["points"][-1]
        count = MAX_POINTS + 1
        path["points"] = [[x0 + (x1 - x0) * k / (count - 1), y0 + (y1 - y0) * k / (count - 1)] for k in range(count)]
        return document, "segments[0].paths[0].points", MAX_POINTS
    if kind == "zones":
        extra = [{"locations": [dict(location, id=f"1z{n}{k}") for k, location in enumerate(zone["locations"])]}
                 for n, zone in enumerate(segment["zones"] * MAX_ZONES)]
        segment["zones"] = (segment["zones"] + extra)[:MAX_ZONES + 1]
        return document, "segments[0].zones", MAX_ZONES
    if kind == "locations":
        zone = segment["zones"][0]
        zone["locations"] += [dict(zone["locations"][0], id=f"1q{n}") for n in range(MAX_LOCATIONS + 1)]
        zone["locations"] = zone["locations"][:MAX_LOCATIONS + 1]
        return document, "segments[0].zones[0].locations", MAX_LOCATIONS
    if kind == "areas":
        location = segment["zones"][0]["locations"][0]
        location["areas"] = (location["areas"] * MAX_AREAS)[:MAX_AREAS + 1]
        return document, "segments[0].zones[0].locations[0].areas", MAX_AREAS
    design = along_the_seam(False)
    document = _document(design)
    if kind == "roads":
        document["roads"] = (document["roads"] * MAX_ROADS)[:MAX_ROADS + 1]
        return document, "roads", MAX_ROADS
    road = document["roads"][0]
    (x, y0), (_, y1) = road["points"][0], road["points"][-1]
    road["points"] = [[x, y0 + (y1 - y0) * k / MAX_POINTS] for k in range(MAX_POINTS + 1)]
    return document, "roads[0].points", MAX_POINTS


KINDS = ("paths", "path points", "zones", "locations", "areas", "roads", "road points")


@pytest.mark.parametrize("kind", KINDS)
def test_one_item_past_each_limit_is_refused_naming_the_field_and_the_limit(kind):
    document, where, limit = _too_many(kind)
    message = refused(json.dumps(document), where, f"at most {limit} items", f"not {limit + 1}")
    assert message.startswith("map.json, "), message
    # At the limit it loads (a rule may still be broken: that is validate's to report).
    document, where, limit = _too_many(kind)
    node: object = document
    for step in where.replace("]", "").replace("[", ".").split("."):
        node = node[int(step)] if step.isdigit() else node[step]         # type: ignore[index]
    del node[-1]                                                            # type: ignore[union-attr]
    loads(json.dumps(document), "map.json")


def test_the_command_line_refuses_a_map_past_a_limit_with_exit_2_and_no_traceback(tmp_path):
    """The audit's file: 1,500 copies of one path ran `validate` 98 s in 1.9 GB; one past the limit is refused at
    once, naming the field and the limit."""
    document, _, _ = _too_many("paths")
    many = tmp_path / "many.json"
    many.write_text(json.dumps(document))
    for command in (("validate", many), ("render", many, "-o", tmp_path / "many.pdf"),
                    ("cops", "play", "--map", many)):
        done = run_warm(*command, cwd=ROOT)            # run_bounded's 1 GB and minute, washigen imported once
        assert done.code == 2, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr + done.stdout
        assert "segments[0].paths" in done.stderr and f"at most {MAX_PATHS} items" in done.stderr, done.stderr
    assert not (tmp_path / "many.pdf").exists()


def test_the_limits_leave_generated_maps_a_wide_margin():
    """The largest maps washigen makes hold 22 paths on a segment, 18 new roads, 4 points a path: the limits are
    more than twice that (and more than the rules' 2 zones, 4 locations, 3 areas)."""
    designs = [generate_map(6, 0, tape_width=10.0, offset=1.25, layout="stacked"),
               generate_map(4, 2, tape_width=10.0), generate_map(5, 2, tape_width=100.0, offset=25.0),
               generate_tape(6, 1, tape_width=10.0)]
    for design in designs:
        loads(dumps(design))
        assert max(len(segment.paths) for segment in design.segments) * 2 <= MAX_PATHS
        assert len(getattr(design, "roads", ())) * 2 <= MAX_ROADS
        assert max(len(path.points) for segment in design.segments for path in segment.paths) * 2 <= MAX_POINTS
        assert all(len(road.points) * 2 <= MAX_POINTS for road in getattr(design, "roads", ()))
        assert max(len(segment.zones) for segment in design.segments) * 2 <= MAX_ZONES
        assert max(len(zone.locations) for segment in design.segments for zone in segment.zones) * 2 <= MAX_LOCATIONS
        assert max(len(location.areas) for segment in design.segments for location in segment.locations) \
            * 2 <= MAX_AREAS


def worst_map():
    """A 6-squad map with every count at its limit: on every segment MAX_ZONES zones of MAX_LOCATIONS locations
    (copies, overlapping) of MAX_AREAS areas, MAX_PATHS paths of MAX_POINTS points (zigzags along the whole
    segment, each a little below the last: near every other path and crossing none, so every pair is measured
    leg by leg), and MAX_ROADS roads of MAX_POINTS points along the whole map."""
    base = generate_map(6, 1, offset=12.0)
    width, length = base.tape_width, base.segment_length
    segments = []
    for s, segment in enumerate(base.segments):
        zones = []
        for z in range(MAX_ZONES):
            source = segment.zones[min(z, 1)].locations
            locations = [*source, *(replace(source[0], id=f"{s + 1}x{z}{k}")
                                    for k in range(MAX_LOCATIONS - len(source)))]
            if z >= 2:
                locations = [replace(location, id=f"{s + 1}y{z}{k}") for k, location in enumerate(locations)]
            zones.append(Zone(locations=tuple(replace(location, areas=(location.areas * MAX_AREAS)[:MAX_AREAS])
                                              for location in locations)))
        a, b = segment.zones[0].locations[0].id, segment.zones[0].locations[1].id
        paths = list(segment.paths)
        for i in range(MAX_PATHS - len(paths)):
            dy = i * (width - 20) / MAX_PATHS
            paths.append(Path(a=End(location=a), b=End(location=b), points=tuple(
                (round(16 + (length - 26) * k / (MAX_POINTS - 1), 3), round(5 + dy + (8.0 if k % 2 else 0.0), 3))
                for k in range(MAX_POINTS))))
        segments.append(replace(segment, zones=tuple(zones), paths=tuple(paths)))
    roads = list(base.roads)
    total = base.size[0]
    for i in range(MAX_ROADS - len(roads)):
        dy = i * (width - 4) / MAX_ROADS
        roads.append(Road(a=roads[0].a, b=roads[0].b, points=tuple(
            (round(2 + (total - 4) * k / (MAX_POINTS - 1), 3), round(2 + dy + (3.0 if k % 2 else 0.0), 3))
            for k in range(MAX_POINTS))))
    return replace(base, segments=tuple(segments), roads=tuple(roads))


def test_the_worst_map_the_limits_allow_is_validated_within_seconds_in_a_short_report(tmp_path):
    design = worst_map()
    assert len(design.roads) == MAX_ROADS and all(len(s.paths) == MAX_PATHS for s in design.segments)
    worst = tmp_path / "worst.json"
    worst.write_text(dumps(design))
    before = cpu_of_children()
    done = run_bounded("validate", worst, cwd=ROOT)           # 1 GB and a minute at most, or the test fails
    seconds = cpu_of_children() - before
    assert done.code == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert seconds < 20, f"validate took {seconds:.1f} s of CPU"          # about 3 s here
    lines = done.stdout.splitlines()
    rules = {line.split(":")[1].strip().split(" at ")[0] for line in lines if line.strip().startswith(("error:",
                                                                                                       "warning:"))}
    assert len(lines) < (MAX_SAID + 2) * len(rules) + 10, f"{len(lines)} lines for {len(rules)} rules"
    assert "more violations of this rule are not listed" in done.stdout


def test_a_report_lists_the_first_violations_of_a_rule_and_says_how_many_more():
    copies = MAX_PATHS - len(HAND.segments[0].paths)
    flood = with_paths(HAND, 0, list(HAND.segments[0].paths) + [HAND.segments[0].paths[0]] * copies)
    report = validate(loads(dumps(flood)))
    crossings = [v for v in report.violations if v.rule == "cops.path.crossing"]
    # Every copy crosses the path and every other copy: C(copies + 1, 2) pairs; the report lists MAX_SAID of them.
    pairs = (copies + 1) * copies // 2
    assert len(crossings) == MAX_SAID + 1
    listed, summary = crossings[:-1], crossings[-1]
    assert all(v.where.get("path") is not None for v in listed)
    assert summary.where == {} and summary.severity == "error"
    assert summary.message == (f"{pairs - MAX_SAID:,} more violations of this rule are not listed (a report lists "
                               f"the first {MAX_SAID} of each rule).")
    assert not report.ok
    # A report with fewer is whole.
    few = with_paths(HAND, 0, list(HAND.segments[0].paths) + [HAND.segments[0].paths[0]] * 3)
    assert len([v for v in validate(few).violations if v.rule == "cops.path.crossing"]) == 6


# -- 2. location ids a game log can name ---------------------------------------------------------------------------


def _renamed(design, names: dict[str, str]) -> str:
    text = dumps(design)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    return text


@pytest.mark.parametrize("name, character", [("a>b", ">"), ("x y", " "), ("q~r", "~"), ("p/1", "/"),
                                             ("h#1", "#"), ("nb\u00a0sp", "\u00a0"), ("ide\u3000o", "\u3000")])
def test_a_location_id_a_move_cannot_name_is_refused_naming_the_field_and_the_character(name, character):
    refused(_renamed(HAND, {"1a": name}), "segments[0].zones[0].locations[0].id", repr(name), repr(character))


def test_the_command_line_refuses_such_an_id_with_exit_2_and_no_traceback(tmp_path):
    weird = tmp_path / "weird.json"
    weird.write_text(_renamed(generate_map(2, 3), {f"{s}{k}": f"{s}{k}>x" for s in (1, 2) for k in "abcdefgh"}))
    for command in (("validate", weird), ("cops", "play", "--map", weird)):
        done = run_warm(*command, cwd=ROOT)
        assert done.code == 2, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr + done.stdout
        assert "segments[0].zones[0].locations[0].id" in done.stderr and "'>'" in done.stderr, done.stderr


ALLOWED = [c for c in string.punctuation if c not in ">~/#"] + ["é", "ß", "東", "0", "Z"]


@pytest.mark.parametrize("start", range(0, len(ALLOWED), 16))
def test_every_id_the_loader_takes_replays_from_its_game_log(tmp_path, start):
    """Ids of any other printable character (a map holds 16, one each) load, play, and their log replays."""
    design = generate_map(2, 3)
    characters = (ALLOWED[start:] + ALLOWED)[:16]
    ids = [f"{s}{k}" for s in (1, 2) for k in "abcdefgh"]
    text = _renamed(design, {old: f"{old[0]}{c}{old[1]}" for old, c in zip(ids, characters)})
    renamed = loads(text)
    match = play_game(renamed, "greedy", 5, 0)
    log = tmp_path / "game.txt"
    log.write_text(game_log(renamed, match.moves, 5, 0, "greedy"))
    _, state, moves, _, _ = replay_log(log, lambda: renamed)
    assert moves == list(match.moves) and result(state) == match.result
    assert any(c in "".join(match.moves) for c in characters)


def test_the_ids_washigen_makes_and_ships_are_allowed():
    for path in sorted((ROOT / "examples").glob("cops-*.json")):
        loads(path.read_text(), str(path))
    for design in (generate_map(3, 1), generate_tape(6, 1, layout="stacked")):
        loads(dumps(design))


# -- 3. apply takes only a legal move --------------------------------------------------------------------------------


def _refusal(state, move, *words: str) -> str:
    with pytest.raises(ValueError) as caught:
        apply(state, move)
    message = str(caught.value)
    assert repr(str(move)) in message, message
    for word in words:
        assert word in message, message
    return message


def test_apply_refuses_a_move_once_the_game_is_over():
    design = generate_map(2, 1)
    match = play_game(design, "greedy", 1, 0)
    assert match.result is not None
    state = match.final
    assert legal_moves(state) == []
    board = state.board
    for move in (board.steps[0], Pass(), board.starts[0], Noodle(board.steps[0], board.steps[1]), Miso("1a", "1b")):
        _refusal(state, move, "over")


def test_apply_refuses_a_move_the_engine_does_not_know():
    state = engine.initial_state(HAND)
    for move in ("start 1a", ("start", "1a"), None, 3):
        with pytest.raises(ValueError, match="not a move of this engine"):
            apply(state, move)                                              # type: ignore[arg-type]


def test_apply_refuses_the_illegal_moves_the_audit_played():
    # A step into a full location raised IndexError.
    full = position({"1a": (0,), "1b": (1, 1, 1)})
    step = next(s for s in full.board.steps if str(s) == "1a>1b")
    _refusal(full, step, "may not enter")
    # A start on a filled location, and a start after every squad has started.
    state = apply(engine.initial_state(HAND), Start("1a"))
    _refusal(state, Start("1a"), "filled")
    _refusal(state, Start("zz"), "no location")
    _refusal(position({"1a": (0,), "2h": (1,)}), Start("1c"), "started")
    # A pass while there are moves.
    _refusal(full, Pass(), "has a move")
    # A step in the start phase, one from where the squad is not, one of a route used, a step made by hand.
    _refusal(engine.initial_state(HAND), step, "starts first")
    away = position({"1e": (0,), "2h": (1,)})
    _refusal(away, step, "the squad is not at")
    used = position({"1a": (0,), "2h": (1,)}, used={0: {("1a", "1b")}})
    _refusal(used, step, "used")
    for made in (Step("1a", "1b", index=-10**9), Step("1a", "1b", index=10**9), Step("1a", "1c", index=step.index),
                 Step("1a", "1a"), Step("zz", "1b"), Step("1a", "1b", nth=5)):
        _refusal(position({"1a": (0,), "2h": (1,)}), made, "names no route of this map")
    start = position({"1a": (0,), "2h": (1,)})
    copy = Step(step.origin, step.target, step.nth, step.index)              # the same step, made anew: taken
    by_hand = Step("1a", "1b")                     # no index: equal to the legal step, and taken as it is
    assert by_hand in legal_moves(start)
    assert apply(start, copy) == apply(start, by_hand) == apply(start, step)
    # Noodle Legs and Miso Squirly without ramen; a Miso path that cannot be drawn.
    poor = position({"1a": (0,), "2h": (1,)}, ramen=(0, 2))
    noodle = next(m for m in legal_moves(position({"1a": (0,), "2h": (1,)})) if isinstance(m, Noodle))
    _refusal(poor, noodle, "ramen")
    _refusal(poor, Miso("1a", "1d"), "ramen")
    _refusal(position({"1a": (0,), "2h": (1,)}), Miso("1a", "1b"), "Miso")
    _refusal(position({"1a": (0,), "2h": (1,)}), Miso("1b", "1a"), "Miso")
    # A Miso path named from either end is the same path (it was refused named the other way round).
    rich = position({"1a": (0,), "2h": (1,)})
    assert Miso("1a", "1d") in legal_moves(rich) and Miso("1d", "1a") not in legal_moves(rich)
    assert apply(rich, Miso("1d", "1a")).miso == apply(rich, Miso("1a", "1d")).miso
    # A Noodle whose second step does not leave from where the first arrives.
    rich = position({"1a": (0,), "2h": (1,)})
    stray = Noodle(next(s for s in rich.board.steps if str(s) == "1a>1b"),
                   next(s for s in rich.board.steps if str(s) == "1c>1d"))
    _refusal(rich, stray, "1c>1d: it leaves from a location the squad is not at")


def _named(moves) -> list[tuple]:
    """(move, its text, the text of the same Miso path named the other way round or None)."""
    return [(move, str(move), str(Miso(move.b, move.a)) if type(move) is Miso else None) for move in moves]


def _board_candidates(board) -> list[tuple]:
    """Every move the board names whatever Miso paths are drawn (_named): the state's candidates (_candidates)
    less those a drawn path's steps make. The same in every state of a game, so made once a game."""
    steps = list(board.steps)
    ids = [location.id for location in board.locations]
    return _named(list(board.starts) + steps + [Pass()]
                  + [Noodle(f, s) for f in steps for s in steps if s.origin == f.target]
                  + [Miso(a, b) for a in ids for b in ids if a != b])


def _candidates(state, on_board: list[tuple]) -> list[tuple]:
    """Every move of every kind the state's board and its drawn Miso paths can name (_named): `on_board` (the
    board's own, _board_candidates) and, once a path is drawn, its steps and every Noodle Legs with one of them."""
    if not state.miso:
        return on_board
    printed, drawn = list(state.board.steps), list(state.drawn.steps)
    steps = printed + drawn
    return on_board + _named(drawn + [Noodle(f, s) for i, f in enumerate(steps) for j, s in enumerate(steps)
                                      if s.origin == f.target and max(i, j) >= len(printed)])


@pytest.mark.parametrize("design", [generate_map(2, 1), generate_map(3, 3, offset=8.0, layout="stacked"),
                                    generate_map(4, 7, offset=10.0)], ids=["2p", "3p-stacked-offset", "4p-offset"])
def test_apply_takes_exactly_the_legal_moves(design):
    """Every move of every kind the board can name, in every state of random games (Miso paths drawn in them
    too): apply refuses it exactly when legal_moves does not offer it."""
    drawn = 0
    for game in range(6):
        rng = random.Random(game)
        state = engine.initial_state(design, first=game % design.players)
        on_board = _board_candidates(state.board)          # new moves each game, as each state had them
        while result(state) is None:
            drawn += bool(state.miso)
            moves = legal_moves(state)
            legal = {str(move) for move in moves}
            for move, text, reversed_text in _candidates(state, on_board):
                try:
                    apply(state, move)
                    taken = True
                except ValueError:
                    taken = False
                # A Miso path joins two locations whichever is named first.
                named = text in legal or reversed_text in legal
                assert taken == named, (state.plies, text)
            state = apply(state, rng.choice(moves))
    assert drawn, "no game drew a Miso path"


def test_parsed_moves_are_applied_as_before():
    """What parse_move reads is a legal move, so a log replays through apply unchanged."""
    state = position({"1a": (0,), "2h": (1,)})
    for text in ("1a>1b", "noodle 1a>1b 1b>1e", "miso 1a~1d", "miso 1d~1a"):
        after = apply(state, parse_move(text, state))
        assert after.plies == state.plies + 1


# -- 4. how new roads are used, as the sheets, the help and the engine say -----------------------------------------


def test_the_rule_sheets_say_a_road_that_ends_at_a_location_is_used_once_per_squad():
    english = (ROOT / "seeds" / "cops.en.md").read_text(encoding="utf-8")
    german = (ROOT / "seeds" / "cops.de.md").read_text(encoding="utf-8")
    assert "The roads themselves are never used up" not in english
    assert "Die Straßen selbst werden nie verbraucht" not in german
    assert "Roads between path ends are never used up" in english
    assert "A new road that ends at a crime location is different: it counts as a path of its own, which your " \
           "squad may use only once" in english
    assert "Straßen zwischen Wegenden werden nie verbraucht" in german
    assert "Anders ist es bei einer neuen Straße, die an einem Tatort endet: Sie zählt als eigener Weg, den dein " \
           "Trupp wie einen gelben nur einmal benutzen darf." in german
    # The engine reads them so: a road between path ends is no piece of a route, one that ends at a location is.
    design = along_the_seam(False)
    to_location = Road(a=replace(design.roads[0].a, segment=1, joint=None, at=None, location="2a"),
                       b=replace(design.roads[0].a, segment=1, joint="left", at=20.0),
                       points=((34.0, 11.0), (180.0, 20.0)))
    design = replace(design, roads=design.roads + (to_location,))
    board = engine.board_for(design)
    assert ("road", 0) not in board.piece_key and ("road", 1) not in board.piece_key
    piece = board.piece_key.index(("road", 2))
    assert any(route.mask >> piece & 1 for route in board.routes)


def test_cops_play_help_says_how_new_roads_are_played():
    for command in ("play", "balance"):
        text = " ".join(CliRunner().invoke(main, ["cops", command, "--help"]).output.split())
        assert "played like paths" not in text
        assert "crossroads" in text and "used once per squad" in text, text


@pytest.mark.parametrize("width", [1e-300, 0.1, 9.99])
def test_a_map_file_with_a_tape_narrower_than_10_mm_is_refused_on_load_naming_it(tmp_path, width):
    # A 0.1 mm tape drew its text form for 22 s, 1e-300 overflowed: the loader takes what `cops map` takes.
    from washigen.games.cops.generate import generate_map
    data = json.loads(dumps(generate_map(2, 1, search=False)))
    data["tape_width"] = width
    path = tmp_path / "narrow.json"
    path.write_text(json.dumps(data))
    done = run_warm("render", path, "-o", tmp_path / "x.txt", timeout=60, memory_limit=None)
    assert done.code == 2 and "tape_width" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.txt").exists()
