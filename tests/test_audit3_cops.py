"""A third audit of Cops, read afresh from the reference rule text (seeds/cops.en.md, DESIGN 5 and 9 "Cops"): the
rule sentences no earlier test holds, each with the legal case beside the refused one, through the engine module,
the referee written apart from it (tests/cops_legality.py) and the command line.

The hand-made map of test_cops_rules: two segments; in each, zone 1 holds a b (top) c d (bottom), zone 2 e f g h;
paths a-b, c-d, a-c, b-e, d-g, e-f, g-h, f-h, b to d across the wrap (top and bottom port at x 80), and 1h to 2c
through the joints at y 25.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps
from washigen.errors import InputError
from washigen.games.cops import engine
from washigen.games.cops.engine import Noodle, Pass, Result, apply, legal_moves, parse_move, result
from washigen.games.cops.model import CopsMap, Road, RoadEnd, Zone
from washigen.games.cops.rules import validate

from .cops_legality import Referee
from .test_cops_engine import HAND, position, texts
from .test_cops_rules import L, W, hand_map, segment, with_segment


def _three_squads() -> CopsMap:
    """The hand-made map with a third segment between the two, joined at y 25 on both sides."""
    return CopsMap(seed=0, tape_width=W, segment_length=L,
                   segments=(segment(1, False, True), segment(2, True, True), segment(3, True, False)))


def _position(design: CopsMap, filled: dict[str, tuple[int, ...]], to_move: int = 0, ramen: int = 2):
    """A state of any player count after the start, areas filled as given (squads 0-based, largest first)."""
    state = engine.initial_state(design)
    board, players = state.board, design.players
    cells, held = list(state.filled), [0] * players
    for name, owners in filled.items():
        cells[board.number[name]] = owners
        for owner in owners:
            held[owner] |= 1 << board.number[name]
    return replace(state, started=players, filled=tuple(cells), held=tuple(held), ramen=(ramen,) * players,
                   to_move=to_move)


def _referee_at(design: CopsMap, filled: dict[str, tuple[int, ...]]) -> Referee:
    referee = Referee(design)
    referee.started = design.players
    referee.filled = {name: list(owners) for name, owners in filled.items()}
    return referee


# == moving and filling ==========================================================================================

def test_a_squad_holding_the_middle_area_comes_back_for_the_smallest():
    """"You may not fill in both the largest and middle sized area": the middle and the smallest together are
    allowed, so a squad that holds a location's middle area may enter it again and take the smallest."""
    filled = {"1a": (1, 0), "1b": (0,), "2h": (1,)}
    state = position(filled)
    assert "1b>1a" in texts(state)
    assert ("1b", "1a") in _referee_at(HAND, filled).steps(0)
    after = apply(state, parse_move("1b>1a", state))
    assert after.filled[after.board.number["1a"]] == (1, 0, 0)
    # Beside it: holding the largest alone (the middle empty), the same step is refused by both readings.
    banned = {"1a": (0,), "1b": (0,), "2h": (1,)}
    assert "1b>1a" not in texts(position(banned))
    assert ("1b", "1a") not in _referee_at(HAND, banned).steps(0)


def test_evidence_from_two_locations_of_a_zone_solves_its_crime():
    """"three types of evidence in a single area": the largest and the smallest of one location (another squad
    holding its middle) and a middle area elsewhere in the zone."""
    state = position({"1a": (0, 1), "1b": (1, 0), "2h": (1,)})
    after = apply(state, parse_move("1b>1a", state))
    assert after.crimes[0] == (0,) and after.solved[0] == 0
    # The same two locations but the middle of 1b held by the other squad: two kinds of evidence, no crime.
    state = position({"1a": (0, 1), "1b": (0, 1), "2h": (1,)})
    after = apply(state, parse_move("1b>1a", state))
    assert after.crimes[0] == () and after.solved[0] == -1


# == ramen =======================================================================================================

def _noodle(state, text: str) -> Noodle:
    move = parse_move(text, state)
    assert isinstance(move, Noodle)
    return move


def test_noodle_legs_collects_evidence_at_both_locations_and_the_second_may_solve_the_crime():
    """NOODLE LEGS: "visit two consecutive locations and collect evidence at both"; a crime is solved "as soon as"
    its three kinds of evidence are held, so on the second location too."""
    state = position({"1a": (0,), "1c": (1,), "1d": (1, 1), "2h": (1,)})
    first = apply(state, parse_move("1a>1c", state))
    assert first.crimes[0] == ()                             # the first location alone solves nothing
    after = apply(state, _noodle(state, "noodle 1a>1c 1c>1d"))
    number = after.board.number
    assert after.filled[number["1c"]] == (1, 0) and after.filled[number["1d"]] == (1, 1, 0)
    assert after.crimes[0] == (0,) and after.solved[0] == 0 and after.ramen == (1, 2)
    assert result(after) is None and engine.to_move(after) == 1


def test_noodle_legs_solving_a_crime_at_each_location_wins():
    """The first location solves the first crime (zone 1: largest 1a, middle 1c, smallest 1b), the second the
    second (zone 2: largest 1f, middle 1g, smallest 1e): "As soon as one squad has solved their second crime"."""
    filled = {"1a": (0,), "1c": (1, 0), "1b": (1, 1), "1e": (1, 1), "1f": (0,), "1g": (1, 0)}
    state = position(filled)
    after = apply(state, _noodle(state, "noodle 1a>1b 1b>1e"))
    assert after.crimes[0] == (0, 1) and result(after) == Result((0,), "win")
    assert legal_moves(after) == []
    # Beside it: without the largest area of 1f the second location solves nothing and the game goes on.
    filled["1f"] = (1,)
    after = apply(position(filled), _noodle(position(filled), "noodle 1a>1b 1b>1e"))
    assert after.crimes[0] == (0,) and result(after) is None


def test_miso_squirly_joins_any_two_locations_not_only_the_squads_own():
    """MISO SQUIRLY: "draw a new path from any location to any other location"; "all players may take it one
    time on a future turn": squad 1 draws it between two locations it holds nothing in, squad 2 then takes it."""
    state = position({"1a": (0,), "2a": (1,)})
    assert "miso 2a~2d" in texts(state)
    after = apply(state, parse_move("miso 2a~2d", state))
    assert after.ramen == (1, 2) and engine.to_move(after) == 1
    assert "2a>2d" in texts(after)                           # squad 2 holds 2a: the new path is open to it
    assert "2a>2d" not in texts(replace(state, to_move=1))  # before it, no path joins them
    moved = apply(after, parse_move("2a>2d", after))
    assert moved.filled[moved.board.number["2d"]] == (1,)


def test_ramen_is_not_eaten_in_the_start_phase():
    """Ramen is eaten "instead of taking a normal turn": picking a starting location is not one."""
    state = engine.initial_state(HAND)
    assert all(isinstance(move, engine.Start) for move in legal_moves(state))
    state = apply(state, parse_move("start 1a", state))
    assert all(isinstance(move, engine.Start) for move in legal_moves(state))
    with pytest.raises(InputError, match="not legal"):
        parse_move("miso 1b~1c", state)


# == turns, passes and the end, with three squads ================================================================

def test_the_three_segment_hand_map_is_valid():
    report = validate(_three_squads())
    assert report.ok, report.format_text()


@pytest.mark.parametrize("first", [0, 1, 2])
def test_three_squads_start_in_turn_from_the_first_and_play_on_in_the_same_order(first):
    """PICK A STARTING LOCATION "starting with the most mischievous player", then turns in the same order."""
    state = engine.initial_state(_three_squads(), first=first)
    order = []
    for name in ("1a", "2a", "3a"):
        order.append(engine.to_move(state))
        state = apply(state, parse_move(f"start {name}", state))
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert engine.to_move(state) == first
    assert not any(isinstance(move, engine.Start) for move in legal_moves(state))
    state = apply(state, legal_moves(state)[0])
    assert engine.to_move(state) == (first + 1) % 3


def _everything_full(design: CopsMap) -> dict[str, tuple[int, ...]]:
    return {name: (2, 2, 2) for name in engine.board_for(design).number}


def test_with_three_squads_the_game_ends_stuck_only_when_all_three_pass_in_a_row():
    """DESIGN 9: a squad with no move and no ramen passes; a stalemate is every squad passing in a row. Squads 1
    and 2 hold only 1a, which is full; squad 3 holds the rest, with one move left: 3a to the empty 3c."""
    design = _three_squads()
    filled = _everything_full(design)
    filled.update({"1a": (0, 1, 2), "3a": (2,), "3c": ()})
    state = _position(design, filled, ramen=0)
    assert legal_moves(state) == [Pass()]
    state = apply(state, Pass())
    assert legal_moves(state) == [Pass()]
    state = apply(state, Pass())
    assert result(state) is None and "3a>3c" in texts(state)
    state = apply(state, parse_move("3a>3c", state))          # a move: the passes before it no longer count
    state = apply(apply(state, Pass()), Pass())
    assert result(state) is None and engine.to_move(state) == 2
    assert legal_moves(state) == [Pass()]                     # squad 3 holds only the largest of 3a and 3c now
    state = apply(state, Pass())
    assert result(state) == Result((), "stalemate")
    assert legal_moves(state) == []


# == what is printed: exactly two zones, four locations, three areas of different sizes ===========================

def test_a_segment_with_three_zones_is_refused():
    """"Each strip of tape holds two zones in it": one more is refused as one fewer is."""
    design = hand_map()
    first = design.segments[0]
    third = Zone(locations=first.zones[1].locations[2:])
    second = Zone(locations=first.zones[1].locations[:2])
    report = validate(with_segment(design, 0, replace(first, zones=(first.zones[0], second, third))))
    assert "cops.segment.zones" in report.rules() and not report.ok


def test_a_zone_with_five_locations_is_refused():
    """"which have four locations each": a fifth is refused as a third is."""
    design = hand_map()
    first = design.segments[0]
    moved = replace(first.zones[1].locations[0], id="1x")
    zones = (Zone(locations=first.zones[0].locations + (moved,)), Zone(locations=first.zones[1].locations[1:]))
    report = validate(with_segment(design, 0, replace(first, zones=zones)))
    hits = [v.where for v in report.violations if v.rule == "cops.zone.locations"]
    assert {"segment": 1, "zone": 1} in hits and {"segment": 1, "zone": 2} in hits


def test_two_areas_of_the_same_size_are_refused():
    """"One largest spot, one middle spot, and one smallest spot": three sizes; a middle area exactly as large
    as the largest is not a middle one."""
    design = hand_map()
    first = design.segments[0]
    a = first.zones[0].locations[0]
    big, mid, small = a.areas
    assert big.size > mid.size > small.size
    same = replace(mid, w=big.w, h=big.h, x=a.x + a.w - big.w - 0.5, y=a.y + a.h - big.h - 0.5)
    zone = replace(first.zones[0], locations=(replace(a, areas=(big, same, small)),) + first.zones[0].locations[1:])
    report = validate(with_segment(design, 0, replace(first, zones=(zone, first.zones[1]))))
    hits = [v for v in report.violations if v.rule == "cops.location.areas-order"]
    assert [(v.where["location"], v.where["area"]) for v in hits] == [("1a", 1)] and not report.ok


# == the command line: a hand-written game replayed on the hand-made map ========================================

def _replay(tmp_path, moves: list[str], design: CopsMap = HAND):
    (tmp_path / "hand.json").write_text(dumps(design), encoding="utf-8")
    (tmp_path / "game.txt").write_text("".join(f"{move}\n" for move in moves), encoding="utf-8")
    return CliRunner().invoke(main, ["cops", "play", "--map", str(tmp_path / "hand.json"), "--replay",
                                     str(tmp_path / "game.txt")])


def _refused(outcome, line: int, *words: str) -> None:
    assert outcome.exit_code == 2, outcome.output
    assert outcome.exception is None or isinstance(outcome.exception, SystemExit), outcome.exception
    assert "Traceback" not in outcome.output
    assert f"game.txt, line {line}:" in outcome.output, outcome.output
    for word in words:
        assert word in outcome.output, outcome.output


OPENING = ["start 1a", "start 1b", "1a>1c", "1b>1a", "1c>1d", "1a>1c", "1d>1b", "1c>1d"]


def test_a_replay_takes_the_smallest_area_where_another_squad_holds_the_middle(tmp_path):
    """Squad 1 starts at 1a, squad 2 takes 1a's middle area; squad 1 may come back along path a-b for the
    smallest, which with 1b's middle solves zone 1's crime."""
    outcome = _replay(tmp_path, OPENING + ["1b>1a"])
    assert outcome.exit_code == 0, outcome.output
    state = engine.initial_state(HAND)
    for text in OPENING + ["1b>1a"]:
        state = apply(state, parse_move(text, state))
    assert state.filled[state.board.number["1a"]] == (0, 1, 0) and state.crimes[0] == (0,)


ROUND_TRIP = ["start 1a", "start 2h", "1a>1b", "2h>2g", "1b>1d", "2g>2d", "1d>1c", "2d>2c"]
TWO_BOWLS = ["start 1a", "start 2h", "miso 1b~1c", "2h>2g", "miso 1e~1h", "2g>2d"]


@pytest.mark.parametrize("before, refused, allowed", [
    # back to 1a, where squad 1 holds the largest area alone (the middle empty)
    (ROUND_TRIP, "1c>1a", "1b>1e"),
    # path a-b back the way squad 1 came: each path once
    (ROUND_TRIP[:4], "1b>1a", "1b>1e"),
    # a third bowl of ramen: twice per match
    (TWO_BOWLS, "noodle 1a>1b 1b>1e", "1a>1b"),
    # a start on a location already chosen, and a move before every squad has started
    (["start 1a"], "start 1a", "start 1b"),
    (["start 1a"], "1a>1b", "start 2h"),
    # Noodle Legs whose second move does not leave from where the first arrived
    (ROUND_TRIP[:2], "noodle 1a>1b 1a>1c", "noodle 1a>1b 1b>1e"),
], ids=["largest-alone", "path-twice", "third-ramen", "start-taken", "move-in-start", "noodle-elsewhere"])
def test_a_replay_refuses_a_move_the_rules_forbid_by_its_line(tmp_path, before, refused, allowed):
    _refused(_replay(tmp_path, before + [refused]), len(before) + 1, repr(refused), "not legal")
    outcome = _replay(tmp_path, before + [allowed])
    assert outcome.exit_code == 0, outcome.output


def test_a_replay_refuses_a_move_after_the_second_crime(tmp_path):
    """"As soon as one squad has solved their second crime" the game is over: a bots' game played to its win and
    written as a log replays; one more move after it is refused by its line."""
    (tmp_path / "hand.json").write_text(dumps(HAND), encoding="utf-8")
    log = tmp_path / "game.txt"
    played = CliRunner().invoke(main, ["cops", "play", "--map", str(tmp_path / "hand.json"), "--seed", "1", "-o",
                                       str(log)])
    assert played.exit_code == 0 and "solves two crimes" in played.output, played.output
    lines = log.read_text(encoding="utf-8").splitlines()
    assert CliRunner().invoke(main, ["cops", "play", "--replay", str(log)]).exit_code == 0
    log.write_text("\n".join(lines + ["pass"]) + "\n", encoding="utf-8")
    _refused(CliRunner().invoke(main, ["cops", "play", "--replay", str(log)]), len(lines) + 1, "already over")


# == the squad section: a name field of 30 x 10 mm free of new roads ============================================

def _across_the_section(y: float) -> Road:
    """A new road straight across segment 1's squad section (x 0 to 14 mm) at height y; its stroke is 2.2 mm."""
    return Road(a=RoadEnd(segment=0, joint="left", at=y), b=RoadEnd(segment=0, joint="left", at=y),
                points=((0.0, y), (14.0, y)))


@pytest.mark.parametrize("upper, lower, free", [
    (9.0, 41.5, True),          # 30.3 mm free between the strokes (10.1 to 40.4)
    (9.0, 41.2, True),          # exactly 30 mm (10.1 to 40.1): "at least 30 x 10 mm"
    (9.0, 41.1, False),         # 29.9 mm
    (8.0, 40.5, True),          # 30.4 mm (9.1 to 39.5), off every half millimetre
    (8.0, 40.1, False),         # 29.9 mm, and nowhere else 30 mm: above 6.9 mm, below 8.8 mm
])
def test_the_name_field_is_free_wherever_30_mm_are_left_between_two_roads(upper, lower, free):
    """DESIGN 5: "the squad section keeps a name field of at least 30 x 10 mm free of roads". Two roads across the
    section leave a band between them; a band of 30 mm or more holds the field wherever it lies (the check tried
    places every 0.5 mm and refused a band of 30.3 mm between 10.1 and 40.4)."""
    design = replace(hand_map(), roads=(_across_the_section(upper), _across_the_section(lower)))
    hits = [v for v in validate(design).violations if v.rule == "cops.squad.name-field"]
    assert not hits if free else [v.where["segment"] for v in hits] == [1]


# == bad design files: exit 2, the field named, no traceback ======================================================

def _first_location(document: dict) -> dict:
    return document["segments"][0]["zones"][0]["locations"][0]


@pytest.mark.parametrize("change, where, words", [
    (lambda d: d.update(segments=d["segments"][:1]), "segments", "at least 2"),
    (lambda d: _first_location(d).update(w=0), "segments[0].zones[0].locations[0].w", "greater than 0"),
    (lambda d: _first_location(d).update(x=1e300), "segments[0].zones[0].locations[0].x", "out of range"),
    (lambda d: _first_location(d)["areas"][0].pop("x"), "segments[0].zones[0].locations[0].areas[0].x",
     "required"),
    (lambda d: _first_location(d).update(areas=_first_location(d)["areas"] * 3),
     "segments[0].zones[0].locations[0].areas", "at most 6"),
    (lambda d: d["segments"][0]["paths"][0]["a"].update(location=None), "segments[0].paths[0].a", "none"),
    (lambda d: d["segments"][0]["paths"][10]["b"].update(at=None), "segments[0].paths[10].b.at", "position"),
    (lambda d: d["segments"][0]["paths"][0].update(points=[[1, 2, 3], [4, 5, 6]]), "segments[0].paths[0].points[0]",
     "at most 2"),
    (lambda d: d["segments"][0]["paths"][0]["a"].update(location="2a"), "segments[0].paths[0].a.location",
     "'2a'"),
    (lambda d: d.update(roads=[{"a": {"segment": 0, "joint": "right"}, "b": {"segment": 1, "joint": "left",
                                                                            "at": 25.0},
                                "points": [[180, 25], [180, 26]]}]), "roads[0].a.at", "position"),
    (lambda d: d.update(roads=[{"a": {"segment": 0, "location": "9z"}, "b": {"segment": 1, "joint": "left",
                                                                            "at": 25.0},
                                "points": [[180, 25], [180, 26]]}]), "roads[0].a.location", "9z"),
])
def test_a_broken_design_file_is_refused_naming_the_field(tmp_path, change, where, words):
    document = json.loads(dumps(HAND))
    change(document)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    for command in (["validate", str(bad)], ["cops", "play", "--map", str(bad), "--seed", "1"]):
        outcome = CliRunner().invoke(main, command)
        assert outcome.exit_code == 2, outcome.output
        assert outcome.exception is None or isinstance(outcome.exception, SystemExit), outcome.exception
        assert where + ":" in outcome.output and words in outcome.output, outcome.output
