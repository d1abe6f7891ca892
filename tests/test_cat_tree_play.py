"""Cat Tree simulated games and scorer properties: games follow the round structure and never place a card
illegally; the score always equals the sum of its breakdown; the validator and scorer never raise. The games are
played on the engine: their moves replay there, and `cat-tree play --bots` and `cat-tree balance` run them."""

from collections import Counter
from functools import lru_cache

import json

from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from washigen.cli import main
from washigen.games.cat_tree import engine
from washigen.games.cat_tree.model import COPIES, HAND, NAMES, PLAYERS, ROUNDS, layout_from_grid
from washigen.games.cat_tree.playtest import play, play_bots, tree_records
from washigen.games.cat_tree.rules import legal_cells, placement_ok, score, validate

SEEDS = range(40)


@lru_cache(maxsize=None)
def game_of(seed: int):
    return play(seed)


def test_simulated_games_never_place_a_card_illegally():
    for seed in SEEDS:
        game = game_of(seed)
        grid = {}
        for turn in game.turns:
            if turn.cell is None:
                # dismissed only when no cell of the grid would take it
                assert not legal_cells(grid, turn.kept, game.layout.width, game.layout.height), (seed, turn)
                continue
            assert turn.cell not in grid and placement_ok(grid, turn.cell, turn.kept), (seed, turn)
            grid[turn.cell] = turn.kept
        assert grid == game.layout.grid()
        assert validate(game.layout).ok, seed


def test_a_game_is_eight_rounds_of_two_cards_drawn_and_one_kept_per_player():
    for seed in SEEDS:
        game = game_of(seed)
        assert len(game.turns) == ROUNDS * PLAYERS
        assert Counter(t.round for t in game.turns) == {r: PLAYERS for r in range(1, ROUNDS + 1)}
        assert all(len(t.drawn) == HAND and t.kept in t.drawn for t in game.turns)
        drawn = Counter(name for t in game.turns for name in t.drawn)
        assert drawn == {name: COPIES for name in NAMES}           # the whole deck, each card once


def test_the_same_seed_plays_the_same_game_and_others_differ():
    assert play(7) == play(7)
    assert len({play(seed).layout.cards for seed in range(6)}) == 6


def test_simulated_scores_equal_the_sum_of_their_breakdown():
    for seed in SEEDS:
        result = score(game_of(seed).layout)
        assert result.total == sum(card.points for card in result.cards)
        assert result.total > 0


def test_each_kept_card_goes_where_it_adds_the_most():
    game = play(3)
    grid = {}
    for turn in game.turns:
        if turn.cell is None:
            continue
        before = score(layout_from_grid(grid, 8, 8)).total
        best = max(score(layout_from_grid({**grid, cell: turn.kept}, 8, 8)).total - before
                   for cell in legal_cells(grid, turn.kept, 8, 8))
        grid[turn.cell] = turn.kept
        assert turn.gain == best == score(layout_from_grid(grid, 8, 8)).total - before


cells = st.tuples(st.integers(1, 6), st.integers(1, 6))
grids = st.dictionaries(cells, st.sampled_from(NAMES), max_size=20)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_any_tree_scores_the_sum_of_its_breakdown(grid):
    tree = layout_from_grid(grid, 6, 6)
    result = score(tree)
    report = validate(tree)
    assert result.total == sum(card.points for card in result.cards)
    assert sorted((c.row, c.col) for c in result.cards) == sorted(grid)
    broken = {v.where["card"] for v in report.errors}
    assert broken == set(result.illegal)
    assert all(card.points == 0 for card in result.cards if (card.row, card.col) in broken)
    assert all(card.points >= 0 for card in result.cards)


# -- on the engine ------------------------------------------------------------------------------------------------

def test_a_simulated_game_replays_move_by_move_on_the_engine():
    for seed in (0, 3, 9):
        game = play(seed)
        state = engine.initial_state(seed=seed)
        for text in game.moves:
            state = engine.apply(state, engine.parse_move(text, state))
        assert engine.result(state).score == score(game.layout).total
        assert state.layout(seed) == game.layout


def test_two_greedy_players_play_the_simulation_whoever_leads():
    assert play_bots(4, "greedy", 1).layout == play(4).layout == play_bots(4, "Greedy", 0).layout
    assert play_bots(4, "greedy,random").layout != play(4).layout


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_play_takes_bots_and_refuses_an_unknown_one():
    played = run("cat-tree", "play", "--seed", 6, "--bots", "random,greedy")
    assert played.exit_code == 0, played.output
    assert "bots random,greedy" in played.output and "round 8, player" in played.output
    assert played.output == run("cat-tree", "play", "--seed", 6, "--bots", "random,greedy").output
    assert run("cat-tree", "play", "--seed", 6).output == run("cat-tree", "play", "--seed", 6, "--bots",
                                                              "greedy").output
    wrong = run("cat-tree", "play", "--seed", 6, "--bots", "sofa")
    assert wrong.exit_code == 2 and "--bots" in wrong.output and "sofa" in wrong.output
    strong = run("cat-tree", "play", "--seed", 6, "--bots", "strong:0")
    assert strong.exit_code == 2 and "strength" in strong.output


def test_balance_sums_up_the_trees_and_compares_two_pairs_of_bots_on_the_same_deals():
    alone = run("cat-tree", "balance", "--seed", 2, "--games", 12, "--jobs", 1, "--json")
    assert alone.exit_code == 0, alone.output
    numbers = json.loads(alone.output)
    scores = sorted(r.score for r in tree_records("greedy", 12, seed=2))
    assert numbers["games"] == 12 and numbers["min"] == scores[0] and numbers["max"] == scores[-1]
    assert abs(numbers["mean"] - sum(scores) / 12) < 0.01
    duel = run("cat-tree", "balance", "--seed", 2, "--games", 12, "--jobs", 2, "--bots", "random",
               "--against", "greedy", "--json")
    assert duel.exit_code == 0, duel.output
    numbers = json.loads(duel.output)
    assert numbers["wins"] + numbers["ties"] + numbers["losses"] == 12
    assert numbers["losses"] >= 10                      # random players build the worse tree
    assert numbers["second"]["max"] == scores[-1]       # the same deals, whatever the jobs
    wrong = run("cat-tree", "balance", "--against", "greedy,greedy,greedy")
    assert wrong.exit_code == 2 and "--against" in wrong.output


def test_a_bot_game_is_the_layouts_own_and_an_edited_layout_has_none():
    """washigen.bot_game on a played layout replays the game that built it (its last placement is a card of the
    tree); once a card is taken away, or the grid widened, no game built that tree, so none is shown (it showed the
    seed's game, ending on a tree that was not the one asked about)."""
    from dataclasses import replace

    import pytest

    import washigen
    from washigen.errors import InputError

    layout = washigen.generate("cat-tree", "play", seed=5)
    played = washigen.bot_game(layout)
    assert played.moves and f"seed {layout.seed}: {len(layout.cards)} cards" in "\n".join(played.lines)
    for edited in (replace(layout, cards=layout.cards[:-1]), replace(layout, width=layout.width + 1)):
        with pytest.raises(InputError, match="no bot game of cat-tree is played on a layout"):
            washigen.bot_game(edited)
