"""A fourth audit of Cops: every number of the reference rule text, DESIGN 5 and 9 "Cops" and the rule sheet taken
at its limit (the case at it, one under, one over), through the surfaces an outside tester uses: `washigen
validate` and `cops play` on design files, washigen.api, the engine module and the referee written apart from it.

The hand-made map of test_cops_rules: two segments of 50 x 180 mm; in each, zone 1 holds a b (top) c d (bottom),
zone 2 e f g h; paths a-b, c-d, a-c, b-e, d-g, e-f, g-h, f-h, b to d across the wrap (top and bottom port at x 80),
and 1h to 2c through the joints at y 25.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen import api
from washigen.arena import make_bots, play_match
from washigen.cli import main
from washigen.design import dumps, to_dict
from washigen.errors import InputError
from washigen.games.cops import engine, playtest
from washigen.games.cops.bots import BOTS
from washigen.games.cops.engine import legal_moves, parse_move
from washigen.games.cops.model import CopsMap, End, Path
from washigen.games.cops.roads import complete_offset
from washigen.games.cops.rules import validate

from .cops_legality import Referee
from .test_audit3_cops import _position, _three_squads
from .test_cops_rules import L, W, centre, hand_map, segment, with_paths


def _cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _map_of(count: int) -> CopsMap:
    """The hand-made map with `count` segments (2 or more), each joined to the next at y 25."""
    return CopsMap(seed=0, tape_width=W, segment_length=L,
                   segments=tuple(segment(k, k > 1, k < count) for k in range(1, count + 1)))


def _routes(design: CopsMap) -> set[tuple[str, str]]:
    board = engine.Board(design)
    return {(board.locations[r.origin].id, board.locations[r.target].id) for r in board.routes}


# == A. one segment a player, two to six players =================================================================

@pytest.mark.parametrize("count", [1, 2, 6, 7])
def test_a_map_file_holds_one_segment_for_each_of_two_to_six_players(tmp_path, count):
    """SETUP: "one full segment of tape per player"; DESIGN: 2 to 6 squads. A file of 1 or 7 segments is bad input
    (exit 2, naming `segments`) on the command line as through washigen.api; 2 and 6 are valid maps that play."""
    data = to_dict(_map_of(max(2, min(count, 6))))
    if count == 1:
        data["segments"] = data["segments"][:1]
    if count == 7:
        data["segments"].append(to_dict(_map_of(7))["segments"][6])
    file = tmp_path / "map.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    outcome = _cli("validate", file)
    if count in (1, 7):
        assert outcome.exit_code == 2 and "segments" in outcome.output and "Traceback" not in outcome.output, \
            outcome.output
        with pytest.raises(InputError, match="segments"):
            api.load(file)
        return
    assert outcome.exit_code == 0, outcome.output
    design = api.load(file)
    assert design.players == count and api.validate(design).ok
    assert api.play("cops", design, seed=1).result is not None


@pytest.mark.parametrize("players, ok", [(1, False), (2, True), (6, True), (7, False)])
def test_the_generator_takes_two_to_six_squads_on_every_surface(tmp_path, players, ok):
    """A generated map has one segment a squad, 2 to 6: the command line and washigen.api agree at both ends."""
    outcome = _cli("cops", "map", "--players", players, "--seed", 3, "--budget", 0, "-o", tmp_path / "m.json")
    if not ok:
        assert outcome.exit_code == 2 and "--players" in outcome.output, outcome.output
        with pytest.raises(InputError, match="players"):
            api.generate("cops", "map", players=players, seed=3)
        return
    assert outcome.exit_code == 0, outcome.output
    design = api.load(tmp_path / "m.json")
    assert len(design.segments) == players and api.validate(design).ok
    assert all(len(s.zones) == 2 and all(len(z.locations) == 4 for z in s.zones) for s in design.segments)


@pytest.mark.parametrize("squads, ok", [(0, False), (1, True), (24, True), (25, False)])
def test_squad_sheets_come_one_to_twenty_four_on_every_surface(tmp_path, squads, ok):
    outcome = _cli("cops", "sheet", "--players", squads, "-o", tmp_path / "s.json")
    assert outcome.exit_code == (0 if ok else 2), outcome.output
    if ok:
        assert api.load(tmp_path / "s.json").squads == squads
        assert api.generate("cops", "sheet", players=squads).squads == squads
    else:
        with pytest.raises(InputError, match="players"):
            api.generate("cops", "sheet", players=squads)


# == A. where path ends meet: within 0.5 mm ======================================================================

def _joint_at(y: float) -> CopsMap:
    """Segment 2's left joint moved to y (segment 1's right joint stays at 25)."""
    design = hand_map()
    paths = list(design.segments[1].paths)
    paths[10] = Path(a=End(location="2c"), b=End(joint="left", at=y), points=((24.0, 39.0), (24.0, y), (0.0, y)))
    return with_paths(design, 1, paths)


def _bottom_port_at(x: float) -> CopsMap:
    """Segment 1's bottom port (from 1d) moved to x (its top port, from 1b, stays at 80)."""
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[9] = Path(a=End(location="1d"), b=End(port="bottom", at=x), points=((x, 39.0), (x, W)))
    return with_paths(design, 0, paths)


@pytest.mark.parametrize("build, pair, rule", [(_joint_at, ("1h", "2c"), "cops.joint.unmatched"),
                                               (_bottom_port_at, ("1b", "1d"), "cops.port.unmatched")],
                         ids=["joint", "wrap"])
@pytest.mark.parametrize("miss, meets", [(-0.6, False), (-0.5, True), (0.0, True), (0.5, True), (0.6, False)])
def test_path_ends_meet_within_half_a_millimetre_for_the_validator_the_engine_and_the_referee(
        tmp_path, build, pair, rule, miss, meets):
    """"align the tops and paths together"; "paths that align ... may be taken as a continuation": a joint (or a
    port across the wrap) 0.5 mm from its partner meets it, 0.6 mm does not. The validator, the command line, the
    engine's routes and the referee's reading of the geometry give one answer."""
    design = build((25.0 if build is _joint_at else 80.0) + miss)
    report = validate(design)
    assert report.ok is meets and (rule in report.rules()) is not meets, [str(v) for v in report.violations]
    (tmp_path / "m.json").write_text(dumps(design), encoding="utf-8")
    assert _cli("validate", tmp_path / "m.json").exit_code == (0 if meets else 1)
    assert (pair in _routes(design)) is meets
    referee = Referee(design)
    referee.started, referee.filled = 2, {pair[0]: [0]}
    assert (pair in referee.steps(0)) is meets


# == A. a path keeps 1.6 mm clear of a location it does not join (ours) ==========================================

def _detour(y: float) -> CopsMap:
    """Path a-b of segment 1 led down and along y, above location 1d (its top edge at y 33, x 60 to 88)."""
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[0] = Path(a=End(location="1a"), b=End(location="1b"),
                    points=(centre("a"), (54.0, 11.0), (54.0, y), (74.0, y), centre("b")))
    return with_paths(design, 0, paths)


@pytest.mark.parametrize("y, ok", [(31.3, True), (31.4, True), (31.41, False), (31.5, False)])
def test_a_path_passing_a_location_keeps_the_clearance_and_the_report_says_less_than_it(y, ok):
    """Our reading (DESIGN 5: "no two paths cross", a path reads as joining only its own locations): 1.6 mm on
    50 mm tape. At 1.6 mm the map is valid; at 1.59 mm it is refused, and the sentence must not say the path
    passes as far as it must keep ("passes 1.6 mm ... keep 1.6 mm clear" was said)."""
    report = validate(_detour(y))
    assert report.ok is ok, [str(v) for v in report.violations]
    if not ok:
        (hit,) = [v for v in report.violations if v.rule == "cops.path.clearance"]
        assert hit.where["location"] == "1d"
        assert "keep 1.6 mm clear" in str(hit) and "passes 1.6 mm" not in str(hit), str(hit)


@pytest.mark.parametrize("tape_width", [20.0, 35.0, 45.0])
def test_the_clearance_refusal_never_names_a_distance_as_large_as_the_clearance(tape_width):
    """On tapes whose clearance is no tenth of a millimetre (20 mm: 0.64, 35: 1.12, 45: 1.44), a path just inside
    it was said to pass as far as the clearance it must keep."""
    from washigen.games.cops.geometry import frame_of
    from washigen.games.cops.measured import Measured
    from washigen.games.cops.rules import check_clearance

    frame = frame_of(hand_map(tape_width=tape_width))
    gap = frame.clearance - 0.01
    top = 33.0 - gap                                  # above location 1d (x 60 to 88, top edge at y 33)
    detour = Path(a=End(location="1a"), b=End(location="1b"), points=((55.0, top), (93.0, top)))
    probe = replace(hand_map().segments[0], paths=(detour,))
    (hit,) = [v for v in check_clearance(probe, 1, Measured(probe), frame) if v.where.get("location") == "1d"]
    words = str(hit).split()
    passes = float(words[words.index("passes") + 1])
    keep = float(words[words.index("(keep") + 1])
    assert passes < keep and passes <= gap and keep >= frame.clearance - 1e-9, str(hit)


# == A. roads join path ends with less than 1 mm of tape between them (the rule sheet's offset set-up) ============

def _two_ends_each_side(second: float) -> CopsMap:
    """Segment 1's right end with joints at y 20 and `second`, segment 2's left end with joints 5 mm higher, the
    map offset 5 mm: every end still meets its partner, so only the 1 mm rule can draw a road."""
    design = hand_map(offset=5.0)
    left = list(design.segments[0].paths)
    left[10] = Path(a=End(location="1h"), b=End(joint="right", at=20.0), points=((164.0, 39.0), (164.0, 20.0),
                                                                               (L, 20.0)))
    left.append(Path(a=End(location="1g"), b=End(joint="right", at=second),
                     points=((116.0, 39.0), (116.0, second), (L, second))))
    right = list(design.segments[1].paths)
    right[10] = Path(a=End(location="2c"), b=End(joint="left", at=15.0), points=((24.0, 39.0), (24.0, 15.0),
                                                                              (0.0, 15.0)))
    right.append(Path(a=End(location="2a"), b=End(joint="left", at=second - 5.0),
                      points=((24.0, 11.0), (24.0, second - 5.0), (0.0, second - 5.0))))
    return with_paths(with_paths(design, 0, left), 1, right)


@pytest.mark.parametrize("second, joined", [(23.5, True), (23.59, True), (23.6, False), (23.7, False)])
def test_a_road_joins_two_meeting_ends_with_less_than_1_mm_of_tape_between_their_paths(second, joined):
    """Rule sheet, offset set-up: "join any two neighbouring path ends with less than 1 mm of tape between their
    paths". Paths are 2.6 mm wide, so ends 3.5 mm apart leave 0.9 mm (a road), 3.6 mm leave 1 mm (none)."""
    roads = complete_offset(_two_ends_each_side(second)).roads
    assert bool(roads) is joined, roads
    if joined:
        assert {(road.a.at, road.b.at) for road in roads} == {(20.0, second)}


# == A. a location: largest, middle, smallest; entered by 0, 1 or 2 fills, never by 3 ==============================

@pytest.mark.parametrize("owners, enters, rank", [
    ((), True, 0),            # empty: the largest
    ((0,), False, None),      # "cannot move into a location that only has your color in the largest area"
    ((1,), True, 1),          # someone else's largest: the middle
    ((0, 1), True, 2),        # ours the largest, another's the middle: the smallest (our reading)
    ((1, 0), True, 2),        # the middle ours: middle and smallest together are allowed
    ((1, 2), True, 2),        # two others: the smallest
    ((1, 2, 0), False, None),  # "If a location has all areas filled in already, you cannot move to that location"
    ((1, 2, 1), False, None),
])
def test_a_location_is_entered_by_its_fill_count_and_owners_as_the_rules_say(owners, enters, rank):
    """Squad 1 (0) holds 1c (largest) and may go c>a by path a-c; 1a holds `owners`, largest first."""
    design = _three_squads()
    filled = {"1c": (0,), "3h": (1,), "2h": (2,)}
    filled["1a"] = owners
    state = _position(design, filled)
    offered = "1c>1a" in {str(move) for move in legal_moves(state)}
    referee = Referee(design)
    referee.started, referee.filled = 3, {name: list(who) for name, who in filled.items()}
    assert offered is enters and (("1c", "1a") in referee.steps(0)) is enters
    if enters:
        after = engine.apply(state, parse_move("1c>1a", state))
        assert after.filled[after.board.number["1a"]] == owners + (0,) and len(owners) == rank


# == A. the turn limit: 20 moves a location (DESIGN 9) ============================================================

@pytest.mark.parametrize("count", [2, 6])
def test_the_turn_limit_is_twenty_moves_a_location_and_a_win_on_its_last_move_counts(count):
    """DESIGN 9: greedy games must end "within a turn limit (cops: 20 x locations)": 320 moves for 2 squads, 960
    for 6. A game that wins on the limit's last move is a win; one move fewer cuts the same game off."""
    design = _map_of(count)
    assert playtest.turn_limit(design) == 20 * 8 * count
    state = engine.initial_state(design)
    full = play_match(engine, state, make_bots("greedy", BOTS, count), 5, playtest.turn_limit(design))
    assert full.result is not None and full.result.winners
    at = play_match(engine, state, make_bots("greedy", BOTS, count), 5, full.turns)
    assert at.result == full.result and not at.cut_off
    short = play_match(engine, state, make_bots("greedy", BOTS, count), 5, full.turns - 1)
    assert short.result is None and short.cut_off and playtest.end_of(short.result) == "turn_limit"


# == A. Noodle Legs: two locations, exactly =======================================================================

@pytest.mark.parametrize("text", ["noodle 1a>1b", "noodle 1a>1b 1b>1e 1e>1f"])
def test_noodle_legs_is_two_moves_not_one_nor_three(text):
    """NOODLE LEGS: "you will visit two consecutive locations": one step or three are no Noodle Legs."""
    state = _position(hand_map(), {"1a": (0,), "2h": (1,)})
    assert "noodle 1a>1b 1b>1e" in {str(move) for move in legal_moves(state)}
    with pytest.raises(InputError, match="not a Cops move"):
        parse_move(text, state)


# == A. ramen: two bowls, then none; two crimes win, one does not ================================================

def test_the_second_bowl_is_eaten_and_a_third_is_not_offered():
    state = _position(hand_map(), {"1a": (0,), "2h": (1,)}, ramen=1)
    moves = {str(move) for move in legal_moves(state)}
    assert "noodle 1a>1b 1b>1e" in moves and any(move.startswith("miso ") for move in moves)
    after = engine.apply(state, parse_move("noodle 1a>1b 1b>1e", state))
    after = engine.apply(after, legal_moves(after)[0])              # squad 2 moves
    assert after.ramen[0] == 0
    assert not any(str(move).startswith(("noodle", "miso")) for move in legal_moves(after))



# == B. one verdict on every surface ===========================================================================

@pytest.mark.parametrize("miss", [0.5, 0.6])
def test_the_command_line_in_either_language_and_the_api_give_one_verdict_at_the_limit(tmp_path, miss):
    """A joint at the 0.5 mm limit and just past it: `validate --json` (English and German) and washigen.api name
    the same rules at the same places, with the same exit code."""
    file = tmp_path / "m.json"
    file.write_text(dumps(_joint_at(25.0 + miss)), encoding="utf-8")
    found = api.validate(api.load(file))
    expected = [(v.rule, str(v.severity), json.loads(json.dumps(v.where))) for v in found.violations]
    for lang in ("en", "de"):
        outcome = _cli("validate", "--json", "--lang", lang, file)
        assert outcome.exit_code == (0 if found.ok else 1), outcome.output
        said = json.loads(outcome.output)
        said = said[0] if isinstance(said, list) else said
        assert [(v["rule"], v["severity"], v["where"]) for v in said["violations"]] == expected
    assert bool(expected) is (miss > 0.5)


# == A. the longest route washigen plays is the one its refusal names ===========================================

@pytest.mark.parametrize("most, played", [(5, False), (6, True)])
def test_a_route_as_long_as_the_stated_limit_is_played_and_one_piece_more_is_refused(monkeypatch, most, played):
    """DESIGN 12 (every input bounded, refused by name): a map whose route runs through more pieces than
    washigen plays is refused, saying "routes of up to N pieces". The map of five strips has one route of five
    pieces: played when N is 5, refused when N is 4 (it was played then, past the limit the refusal names)."""
    from washigen.games.cops import routes

    from .test_cops_engine import _five_strips_one_through_path

    monkeypatch.setattr(routes, "MAX_ROUTE_PIECES", most)
    design = _five_strips_one_through_path()
    if played:
        assert max(len(route.pieces) for route in engine.Board(design).routes) == 5
        return
    with pytest.raises(InputError, match=r"through more than 4 pieces .* routes of up to 4 pieces"):
        engine.Board(design)


def _joints(design: CopsMap, index: int, side: str, places: dict[str, float]) -> CopsMap:
    """Segment `index` with a path to a joint on `side` from each location named (letter: height), and no other
    joint; a road-drawing fixture only (the paths are not laid out to validate)."""
    number = index + 1
    edge = L if side == "right" else 0.0
    paths = [path for path in design.segments[index].paths if path.a.joint is None and path.b.joint is None]
    for letter, y in places.items():
        x, _ = centre(letter)
        paths.append(Path(a=End(location=f"{number}{letter}"), b=End(joint=side, at=y),
                          points=(centre(letter), (x, y), (edge, y))))
    return with_paths(design, index, paths)


def test_a_lost_end_between_two_equally_near_ends_on_the_other_side_gets_the_one_nearer_the_top():
    """Rule sheet, offset set-up: a lost end's road goes to the nearer neighbouring end, of two equally near the
    one on the other segment; where both count as that (two ends that still meet), the one nearer the top edge
    (our reading, now on the sheet). Segment 1's end at 20 lost its partner; the ends at 15 and 25 still meet."""
    design = _joints(hand_map(offset=5.0), 0, "right", {"f": 15.0, "h": 20.0, "g": 25.0})
    design = _joints(design, 1, "left", {"a": 10.0, "c": 20.0})
    roads = complete_offset(design).roads
    assert {(road.a.segment, road.a.at, road.b.segment, road.b.at) for road in roads} == {(0, 15.0, 0, 20.0)}


def test_the_sheets_state_the_tie_break_of_the_nearest_end_in_both_languages():
    from .test_cops_seams import ROOT

    english = (ROOT / "seeds" / "cops.en.md").read_text(encoding="utf-8")
    german = (ROOT / "seeds" / "cops.de.md").read_text(encoding="utf-8")
    assert "the one nearer the top edge (side by side: the left end)" in english
    assert "das näher an der Oberkante (untereinander: am linken Ende)" in german
