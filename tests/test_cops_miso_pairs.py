"""The Miso-Squirly pairs a board works out at once (Board.miso_pairs, which passes over the bent shapes a leg of
surely blocks) are exactly those found by trying every pair in turn with Board.miso_points: the same pairs, in the
same order, with the same points, on maps of every size and layout, with offsets and on narrow and wide tape."""

from __future__ import annotations

import itertools
import math

import pytest

from washigen.games.cops.engine import Board
from washigen.games.cops.generate import layouts
from washigen.games.cops.geometry import axis_hits


def pair_by_pair(board: Board) -> list:
    n = len(board.locations)
    return [(a, b, p) for a in range(n) for b in range(a + 1, n) if (p := board.miso_points(a, b)) is not None]


CASES = ([(players, seed, {"layout": layout}, 4) for players in range(2, 7) for seed, layout in
          ((players, "end-to-end"), (players + 10, "stacked"))]
         + [(4, 3, {"offset": 12.0}, 3), (6, 7, {"offset": 5.0, "layout": "stacked"}, 2),
            (3, 5, {"tape_width": 15.0}, 3), (5, 2, {"tape_width": 75.0, "offset": 10.0}, 2),
            (2, 9, {"tape_width": 75.0, "layout": "stacked"}, 3),
            # a bent path passes a disc's box but not the disc: a skip that took discs for their boxes showed here
            (5, 102, {"tape_width": 75.0, "offset": 7.31, "layout": "stacked"}, 2)])


@pytest.mark.parametrize("players, seed, options, count", CASES)
def test_the_miso_pairs_are_those_found_pair_by_pair(players, seed, options, count):
    for design in itertools.islice(layouts(players, seed, **options), count):
        expected = pair_by_pair(Board(design))
        assert Board(design).miso_pairs == expected
        assert expected, "a map with no Miso pair tests nothing"


def test_a_line_through_a_location_meets_the_nearest_leg_or_outline_past_its_box():
    shapes = [("rect", 0.0, 0.0, 4.0, 4.0), ("circle", 20.0, 6.0, 5.0), ("rect", 40.0, -10.0, 44.0, 30.0)]
    leg = ((10.0, -5.0), (12.0, 15.0))
    assert axis_hits(shapes, [leg], 0)[0] == (pytest.approx(10.7), -math.inf)
    assert axis_hits(shapes, [], 0)[0] == (17.0, -math.inf)          # the disc's outline, 1 mm below its centre line
    assert axis_hits(shapes, [leg], 0)[1] == (40.0, pytest.approx(11.1))
    assert axis_hits(shapes, [leg], 1)[1] == (math.inf, -math.inf)
