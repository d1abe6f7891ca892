"""A walled cat (no walk reaches its goal) heads for the goal by the moves it really has: walking to a cell from
which its special move lands where walking reaches the goal. Measured as if other players' lines could be crossed
anywhere, it stepped back and forth until the turn limit (greedy game 49 of the 2-player map, seed 1)."""

import random

from washigen.arena import game_seed
from washigen.games.cats import engine
from washigen.games.cats.bots import GreedyBot
from washigen.games.cats.generate import generate_map
from washigen.games.cats.playtest import setup_for

GAME = 49
# The game's first 120 moves as the greedy bots played them before the fix (a space in a move written "_"): then
# player 2's c2, at r3c10 with one special move left, stood where it stood when the game ran out of turns.
MOVES = """
    c1_S c2_E c2_N c1_S c2_W c1_S c1_S c1_S c2_W c1_W c1_S c1_S c1_S c1_S c1_S c1_S c2_W c2_N c2_W c2_N c2_N c1_S
    c2_N c2_N c1_S c2_N c1_S c1_S c2_N c1_W c2_N c1_S c2_W c1_W c2_W c1_S c2_W c1_S c2_W c1_W c2_N c1_amazing_S
    c2_W c2_N c2_N c2_N c1_S c1_S c1_S c2_N c1_S c2_N c2_N c2_N c1_S c2_E c1_S c2_E c1_S c2_E_r8c13 c1_S c1_S c1_S
    c1_S c1_S c1_S c1_S c1_W c1_W c1_W c1_E c1_N c1_N c1_W c1_N c1_W c1_N c1_jump_N c1_N c2_N c1_N c2_N c1_N c1_W
    c1_N c2_N c1_N c1_N c1_N c1_N c1_N c1_N c1_N c2_N c1_N c1_N c1_N c1_E c1_N c2_N c1_N c1_N c1_N c2_N c1_N c2_N
    c2_W c2_jump_S c2_amazing_N c2_N c2_N c1_N c2_N c1_N c2_N c2_W c2_N c2_jump_E_r8c14 c2_N c2_W
"""


def _replayed():
    design = generate_map(players=2, seed=1)
    seed = game_seed(0, GAME)
    state = engine.initial_state(design, setup_for(design, None, seed), engine.rules_of(design), seed,
                                 first=GAME % 2)
    for name in MOVES.split():
        state = engine.apply(state, next(m for m in engine.legal_moves(state) if m.name == name.replace("_", " ")))
    return state


def test_game_49s_walled_cat_jumps_out_and_takes_a_fish_within_a_few_turns():
    state = _replayed()
    cat = state.cats[3]
    assert (cat.player, cat.number, state.game.terrain.cell_name(cat.head), cat.fish) == (1, 2, "r3c10", False)
    assert state.game.order[state.turn] == 1 and state.specials == (1, 1)
    bot, rng = GreedyBot(), random.Random(GAME)
    for _ in range(20):                   # 10 turns each
        state = engine.apply(state, bot.choose(state, engine.legal_moves(state), rng))
        if state.cats[3].fish or state.winner is not None:
            break
    assert state.cats[3].fish, "the walled cat never got out to a fish"
