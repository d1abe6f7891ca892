"""A walled cat (no walk reaches its goal) that only a sewer pop frees heads for the sewer and pops, in a game
without sewer poppers too (the way out the trap check keeps it in the game by); in jinja mode, one with no special
move left steps into a shrine for one. The greedy bot read only amazing jumps there (pops only with sewer poppers,
shrines never): a cat walled like this stepped back and forth by the wall until the other player won, or the game
ran out of turns (hand-made 3-player and 2v2v2 maps: `validate --play` called them stalemates)."""

from __future__ import annotations

from washigen.games.cats import engine
from washigen.games.cats.trap import Escape

from .cats_states import greedy_game, position, small_map

# Player 1's cat (carrying its fish, home row 10) stands in r4c3, in a pocket r4c3-r4c5 of shrines but for
# player 2's line r5c4-r6c4 south of r4c4 (an amazing jump over it lands on the shrine r7c4) and the blue sewer
# r4c6 east of r4c5 (a dead end to walk onto). Its way out: a pop out of r4c10, then east and down column 12.
# Measured through the lines, the pocket is 7 steps from home by r5c4 and the pop no shorter: the bot shuffled.
POCKET = ["............", "............", ".JJJJJJJJJJ.", ".J...bJJJb..", ".JJ.JJJJJJJ.",
          ".J..JJJJJJJ.", "...J........", "............", "............", "............"]
WALL = [(5, 4), (6, 4)]
POP = "c1 pop r4c6->r4c10"


def pocket_position(specials: int, **rules):
    # Player 2's cat, with no fish yet, must fetch the one on r10c6 and come back to row 1: a long way.
    return position(small_map(POCKET, **rules), [(1, (4, 3), 10, True), (2, (1, 1), 1, False)],
                    lines={2: WALL}, fish=[(10, 6)], specials=(specials, 2), to_move=1)


def test_the_walled_cat_walks_to_the_sewer_pops_and_wins():
    start = pocket_position(1)
    stepped = engine.apply(start, engine.parse_move("c1 E", start))
    assert stepped.out == (False, False) and type(stepped.routes[0]) is Escape    # the trap check sees the pop
    state, moves = greedy_game(start, 80, 7)
    mine = [name for seat, name in moves if seat == 0]
    assert POP in mine, mine[:12]
    assert mine[:mine.index(POP)] == ["c1 E", "c1 E"]               # straight to the sewer, no shuffling
    assert engine.result(state) == engine.Result((0,), "win")


# Jinja mode: player 1's cat (carrying its fish, home row 10, no special move left) stands in r4c3, in a pocket
# r4c2-r5c3 walled by player 2's lines but for the shrine r4c4 east of it, whose way out is r4c5. It may enter the
# shrine (it has used a special move) and leave it onto r4c5. Measured through the lines, the pocket is 6 steps
# from home southward; by the shrine it is 8: the bot shuffled in the pocket.
SHRINE = [".......", ".......", ".......", "...J...", ".......", ".......", ".......", ".......", ".......",
          "......."]
SHRINE_WALL = [(3, 2), (3, 3), (3, 4), (4, 1), (5, 1), (5, 4), (6, 2), (6, 3)]


def test_in_jinja_mode_a_walled_cat_with_no_special_move_left_takes_the_shrine_out():
    state = position(small_map(SHRINE, jinja=True), [(1, (4, 3), 10, True), (2, (1, 7), 1, False)],
                     lines={2: SHRINE_WALL}, fish=[(10, 7)], specials=(0, 2), to_move=1)
    state, moves = greedy_game(state, 80, 7)
    mine = [name for seat, name in moves if seat == 0]
    assert mine[:2] == ["c1 E", "c1 E r4c5"], mine[:6]              # into the shrine r4c4 and out onto r4c5
    assert engine.result(state) == engine.Result((0,), "win")
