"""Trapped, where sewer poppers keep cats off the sewers (2 players): a cat's own line on a sewer it popped
through is a line it may jump free, and the only way past that sewer. The trap check (engine) and the rule
text's search (tests/cats_legality.py) must both see a way that pops first and jumps over the sewer later; and a
player whose pop leads only into a dead end is out all the same."""

from __future__ import annotations

from washigen.games.cats import engine
from washigen.games.cats.trap import Escape

from .cats_legality import check, missed_traps, trapped_teams, way_home
from .cats_states import cell_of, names, play, position, small_map

# Player 1's cat (carrying its fish, start row 8) stands in r6c4, shrines all round but for the blue sewer r6c5
# east of it, which it may not step onto. Its one move is a pop out of r6c8; from there it walks r6c7, r5c7,
# r5c6, r5c5, and jumps south over its own line on r6c5 to r7c5, a step from home. Player 2 (carrying its fish,
# start row 1) shuffles in the open rows at the top.
POP_JUMP = [".........", ".........", ".........", "JJJJJJJJJ",
            "JJJJ...JJ", "JJJ.bJ.bJ", "JJJJ.JJJJ", "........."]
WAY = ["c1 pop r6c5->r6c8", "c1 W", "c1 N", "c1 W", "c1 W", "c1 jump S", "c1 S"]
SHUFFLE = ["c1 E", "c1 W"] * 4


def pop_jump_position(specials: int, to_move: int):
    return position(small_map(POP_JUMP, sewer_poppers=True), [(1, (6, 4), 8, True), (2, (2, 5), 1, True)],
                    specials=(specials, 2), to_move=to_move)


def judged(state, text: str):
    """The state after `text`, the move and whoever it put out (or left in) held to the rule text."""
    after = play(state, text)
    design = state.game.map
    assert check(state, text, after, design) is None, text
    assert not missed_traps(state, after, design), text
    return after


def test_a_player_whose_way_jumps_its_own_line_on_a_popped_sewer_is_not_out():
    state = pop_jump_position(1, to_move=2)
    assert state.game.dry
    after = judged(state, "c1 E")
    assert after.out == (False, False) and engine.result(after) is None
    assert names(after) == {"c1 pop r6c5->r6c8"}


def test_the_way_out_plays_to_a_win():
    state = pop_jump_position(1, to_move=2)          # player 2 moves first: the check asks before the pop
    for theirs, mine in zip(SHUFFLE, WAY):
        state = judged(state, theirs)
        assert state.out == (False, False), theirs
        state = judged(state, mine)
        assert state.out == (False, False), mine
        if engine.result(state) is not None:
            break
    assert cell_of(state, state.cats[0].head) == (8, 5)
    assert engine.result(state) == engine.Result((0,), "win")


def test_the_rule_texts_search_finds_the_way_over_the_popped_sewer():
    state = pop_jump_position(1, to_move=2)
    design = state.game.map
    assert way_home(state, state.cats[0], design)
    assert trapped_teams(state, design, among={0}) == set()


def test_without_a_special_move_the_cat_is_trapped_there():
    state = pop_jump_position(0, to_move=2)
    assert not way_home(state, state.cats[0], state.game.map)
    after = judged(state, "c1 E")
    assert after.out == (True, False) and engine.result(after) == engine.Result((1,), "trap")


# The cat in r5c5 (shrines all round) stands north of the blue sewer r6c5 with r7c5 and home beyond it. Its line
# is not on the sewer yet: only a pop puts it there, and that pop brings it out at r6c8, from where only r6c9 is
# open, a dead end (a jump west from r6c9 over its line on r6c8 would land on the shrine r6c7). With no special
# move left then, it never gets back north of r6c5 to jump it. Reading every sewer it might pop through as lined
# (or every sewer some pop of the search went through) would keep it in. With a second special move it pops back
# from r6c9 out of r6c5 and steps south: a way.
DEAD_END = [".........", ".........", ".........", "JJJJJJJJJ",
            "JJJJ.JJJJ", "JJJJbJJb.", "JJJJ.JJJJ", "........."]


def test_a_cat_whose_pop_leads_only_into_a_dead_end_is_out():
    design = small_map(DEAD_END, sewer_poppers=True)
    cats = [(1, (5, 5), 8, True), (2, (2, 5), 1, True)]
    state = position(design, cats, specials=(1, 2), to_move=2)
    assert not way_home(state, state.cats[0], design)
    after = judged(state, "c1 E")
    assert after.out == (True, False) and engine.result(after) == engine.Result((1,), "trap")
    state = position(design, cats, specials=(2, 2), to_move=2)
    assert way_home(state, state.cats[0], design)
    assert judged(state, "c1 E").out == (False, False)


# POP_JUMP with one blue sewer more, r6c1, player 2's cat beside it in r6c2 (shrines round it but for that sewer),
# and r4c6 open: player 2's way home pops out of r6c5 or r6c8 and walks north through r4c6. Player 1's second cat
# has its way over r6c5 (kept by the check while its first cat, next to home, walks about) until player 2 pops out
# of r6c8: then both sewers a pop from r6c5 leads to, r6c1 and r6c8, hold player 2's line, and it has no way.
CROSSED = [".........", ".........", ".........", "JJJJJ.JJJ",
           "JJJJ...JJ", "b.J.bJ.bJ", "JJJJ.JJJJ", "........."]


def test_the_way_kept_over_a_sewer_breaks_when_another_players_pop_takes_its_other_sewer():
    state = position(small_map(CROSSED, sewer_poppers=True),
                     [(1, (3, 1), 1, True), (1, (6, 4), 8, True), (2, (6, 2), 1, True)], specials=(1, 2), to_move=1)
    kept = judged(state, "c1 E")
    assert kept.out == (False, False) and isinstance(kept.routes[1], Escape)
    assert way_home(kept, kept.cats[1], kept.game.map)
    assert names(kept) == {"c1 pop r6c1->r6c5", "c1 pop r6c1->r6c8"}
    lost = judged(kept, "c1 pop r6c1->r6c8")
    assert not way_home(lost, lost.cats[1], lost.game.map)
    assert lost.out == (True, False) and engine.result(lost) == engine.Result((1,), "trap")
