"""A greedy cat carrying its fish heads for a cell of its start row it may enter. The bot's goal was the whole start
row, fish cells too (moves.goal_of), which a cat with a fish never enters: a cat whose nearest home cell was such a
fish stepped into the dead end beside it and out again until the game ran out of turns."""

from __future__ import annotations

from washigen.games.cats import engine

from .cats_states import greedy_game, position, small_map

# Player 1's cat (carrying its fish, home row 10) stands in r8c4. Player 2's line r9c1-r9c3, r9c5-r9c6 walls row 10
# off but for the gap r9c4, above the fish on r10c4, and the way round by r9c7. Counting the fish as home, the gap
# is a step from it; the way home is east along row 8 and down column 7.
STREETS = ["......."] * 10
WALL = [(9, 1), (9, 2), (9, 3), (9, 5), (9, 6)]


def test_a_cat_with_a_fish_goes_round_a_fish_on_its_home_row():
    # Player 2's cat, with no fish yet, must fetch one from row 10 and come back to row 1: a long way.
    state = position(small_map(STREETS), [(1, (8, 4), 10, True), (2, (1, 1), 1, False)], lines={2: WALL},
                     fish=[(10, 4)], specials=(0, 0), to_move=1)
    state, moves = greedy_game(state, 60, 3)
    mine = [name for seat, name in moves if seat == 0]
    assert mine == ["c1 E", "c1 E", "c1 E", "c1 S", "c1 S"], mine[:8]    # the shortest way home, not into the gap
    assert engine.result(state) == engine.Result((0,), "win")
