"""An audit of Cops against its rule text (seeds/cops.en.md, DESIGN 5 and 9 "Cops"): each test a rule where
washigen disagreed with the text, the legal case beside the illegal one.

- A path that leads to no crime location: the offset setup draws new roads so that every path is joined to a
  location again, so every printed path must, through the paths and new roads it runs on into, reach one. A path
  from a top port to the bottom port below it (its own wrap partner) on the map's last segment, or a line of such
  paths through every strip of a stacked map, is a closed loop that no squad can ever travel on.
- Miso Squirly links two locations of the squad's choice, in no order: naming the two the other way round is the
  same new path, not an illegal move.
- Bad move text: a route's number /0 is the first route (it is printed without it), and a location whose name is
  all digits is looked up like any other name.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from washigen.errors import InputError
from washigen.games.cops import engine
from washigen.games.cops.engine import Miso, Step, legal_moves, parse_move
from washigen.games.cops.model import End, Path
from washigen.games.cops.rules import validate

from .test_cops_engine import position, texts, through_a_bare_piece
from .test_cops_rules import W, hand_map, with_paths

# -- every printed path leads to a crime location ------------------------------------------------------------------


def _loop(at: float) -> Path:
    """A path from the top edge straight down to the bottom edge at x `at`: it meets itself across the wrap."""
    return Path(a=End(port="top", at=at), b=End(port="bottom", at=at), points=((at, 0.0), (at, W)))


def test_a_path_that_reaches_no_crime_location_is_refused():
    design = hand_map()
    report = validate(with_paths(design, 1, list(design.segments[1].paths) + [_loop(174.0)]))
    hits = [v for v in report.violations if v.rule == "cops.path.nowhere"]
    assert [(v.where["segment"], v.where["path"]) for v in hits] == [(2, len(design.segments[1].paths))]
    assert not report.ok
    # Legal beside it: a path with no location at either end that runs on into paths that reach one (1f's wrap
    # partner, continuing through the joints to 2c) is a piece of a route, not a path to nowhere.
    bare = validate(through_a_bare_piece())
    assert bare.ok and "cops.path.nowhere" not in bare.rules(), bare.format_text()
    assert validate(design).ok


def test_a_loop_through_every_strip_of_a_stacked_map_is_refused_on_each_strip():
    # The hand map stacked, without its joint paths (stacked strips' ends meet nothing): valid, the strips joined
    # by 1b's top and 1d's bottom ports at x 80.
    design = hand_map(layout="stacked")
    design = with_paths(design, 0, design.segments[0].paths[:10])
    design = with_paths(design, 1, design.segments[1].paths[:10])
    assert validate(design).ok, validate(design).format_text()
    # A line at x 174 down through both strips, round over the wrap: every port met, no location on it.
    looped = with_paths(design, 0, list(design.segments[0].paths) + [_loop(174.0)])
    looped = with_paths(looped, 1, list(looped.segments[1].paths) + [_loop(174.0)])
    report = validate(looped)
    assert "cops.port.unmatched" not in report.rules()
    hits = sorted((v.where["segment"], v.where["path"]) for v in report.violations if v.rule == "cops.path.nowhere")
    assert hits == [(1, 10), (2, 10)]
    # The same line ending at 1h on the first strip leads somewhere: no longer refused.
    to_h = Path(a=End(location="1h"), b=End(port="bottom", at=174.0), points=((164.0, 39.0), (174.0, 39.0),
                                                                                  (174.0, W)))
    joined = with_paths(looped, 0, list(design.segments[0].paths) + [to_h])
    report = validate(joined)
    assert "cops.path.nowhere" not in report.rules(), report.format_text()


# -- Miso Squirly: between two locations, either way round ---------------------------------------------------


def test_miso_squirly_is_the_same_new_path_named_from_either_location():
    state = position({"1a": (0,), "2h": (0,)})
    forward = parse_move("miso 1a~1d", state)
    backward = parse_move("miso 1d~1a", state)
    assert isinstance(backward, Miso) and backward == forward
    after = engine.apply(state, backward)
    assert after.ramen == (1, 2) and len(after.miso) == 1
    assert "1a>1d" not in texts(state) and "1a>1d" in texts(replace(after, to_move=0))   # the new path, 1a to 1d
    # Illegal either way round: along path a-b, and from a location to itself.
    for text in ("miso 1b~1a", "miso 1a~1b", "miso 1a~1a"):
        with pytest.raises(InputError, match="not legal"):
            parse_move(text, state)


# -- bad move text -------------------------------------------------------------------------------------------------


def test_route_zero_is_the_first_route_and_digit_names_are_looked_up():
    state = position({"1a": (0,), "2h": (0,)})
    assert parse_move("1a>1b/0", state) == parse_move("1a>1b", state)
    assert isinstance(parse_move("1a>1b/0", state), Step)
    assert any(str(move) == "1a>1b" for move in legal_moves(state))
    with pytest.raises(InputError, match="not legal"):
        parse_move("1a>1b/1", state)                   # there is one route from 1a to 1b
    with pytest.raises(InputError, match="no location '12' on this map"):
        parse_move("12>1b", state)
    with pytest.raises(InputError, match="no location '7' on this map"):
        parse_move("miso 1a~7", state)


# -- the referee checks a pass with ramen left too -----------------------------------------------------------------


def test_a_stuck_squad_with_ramen_it_can_use_does_not_pass_and_the_referee_says_so():
    from washigen.games.cops.engine import Pass

    from .cops_legality import Referee

    everything = {name: (1, 1, 1) for name in engine.board_for(hand_map()).number}
    everything["1a"] = (0, 1, 1)
    stuck = position(everything, ramen=(2, 2))
    moves = legal_moves(stuck)
    assert Pass() not in moves and any(isinstance(move, Miso) for move in moves)
    assert not any(isinstance(move, Step) for move in moves)
    referee = Referee(hand_map())
    referee.play("start 1a")
    referee.play("start 1b")
    referee.filled = {name: list(owners) for name, owners in everything.items()}
    assert not referee.steps(0)
    assert "ramen to use" in referee.problem("pass")
    referee.ramen[0] = 0
    assert referee.problem("pass") is None


# -- a new road stays on the tape all along ------------------------------------------------------------------------


def _stacked_offset_map():
    """The hand map stacked without its joint paths, the second strip slid 8 mm right, completed with new roads
    (road #0 from 1d's bottom port at x 80 along the seam to 2d's top port at x 88)."""
    from washigen.games.cops.roads import complete_offset

    design = hand_map(layout="stacked")
    design = with_paths(design, 0, design.segments[0].paths[:10])
    design = with_paths(design, 1, design.segments[1].paths[:10])
    return complete_offset(replace(design, offset=8.0))


def test_a_new_road_that_cuts_a_corner_off_the_tape_is_refused():
    design = _stacked_offset_map()
    assert validate(design).ok, validate(design).format_text()
    road = design.roads[0]
    assert (road.points[0], road.points[-1]) == ((80.0, 50.0), (88.0, 50.0))
    # Round the end of strip 1 (x 180) into strip 2 (from x 8 to 188, below y 50): legal when it turns on the tape,
    # off it when its leg cuts the corner (its ends and its middle on the tape, x 180..182 above y 50 not).
    turning = replace(road, points=((80.0, 50.0), (83.0, 48.0), (170.0, 47.0), (180.0, 47.0), (180.0, 50.0),
                                    (186.0, 51.0), (91.0, 52.0), (88.0, 50.0)))
    report = validate(replace(design, roads=(turning, *design.roads[1:])))
    assert report.ok, report.format_text()
    cutting = replace(road, points=((80.0, 50.0), (83.0, 48.0), (170.0, 47.0), (186.0, 51.0), (91.0, 52.0),
                                    (88.0, 50.0)))
    report = validate(replace(design, roads=(cutting, *design.roads[1:])))
    hits = [v for v in report.violations if v.rule == "cops.road.off-tape"]
    assert len(hits) == 1 and hits[0].where["road"] == 0
    x, y = hits[0].where["position"]
    assert 180.0 < x < 182.0 and y < 50.0
