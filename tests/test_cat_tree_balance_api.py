"""Cat Tree's balance (Game.balance, washigen.balance): which player's cards score more in the finished tree, checked
against the same games played here one by one and scored card by card with the scorer of rules.py."""

from __future__ import annotations

import pytest

import washigen
from washigen.arena import game_seed
from washigen.errors import InputError
from washigen.games.cat_tree.model import CatTreeLayout
from washigen.games.cat_tree.playtest import balance, play_bots
from washigen.games.cat_tree.rules import score


def shares_of(game) -> list[int]:
    """Per player, the points of the cards that player placed, as the finished tree scores each card."""
    placer = {turn.cell: turn.player for turn in game.turns if turn.cell is not None}
    shares = [0, 0]
    for card in score(game.layout).cards:
        shares[placer[(card.row, card.col)] - 1] += card.points
    return shares


def played_one_by_one(bots: str, seed: int, games: int, grid: tuple[int, int] = (8, 8)):
    wins, draws, led_and_won = [0, 0], 0, 0
    for i in range(games):
        leader = i % 2                                  # player 1 leads round 1 in even games
        game = play_bots(game_seed(seed, i), bots, leader, *grid)
        assert (game.layout.width, game.layout.height) == grid
        shares = shares_of(game)
        assert sum(shares) == score(game.layout).total
        if shares[0] == shares[1]:
            draws += 1
            continue
        winner = 0 if shares[0] > shares[1] else 1
        wins[winner] += 1
        led_and_won += winner == leader
    return wins, draws, led_and_won


@pytest.mark.parametrize("bots, games", [("random", 24), ("greedy", 10), ("greedy,random", 10)])
def test_balance_counts_whose_cards_score_more_in_the_games_played_one_by_one(bots, games):
    result = balance(None, games, 5, 1, bots)
    wins, draws, led_and_won = played_one_by_one(bots, 5, games)
    assert [s.wins for s in result.seats] == wins
    assert result.games == games and result.fair_share == 0.5
    assert result.decisive == pytest.approx((games - draws) / games)
    assert result.first_edge == pytest.approx(led_and_won / games - 0.5)
    for seat in result.seats:
        assert seat.low <= seat.win_rate <= seat.high


def test_the_numbers_do_not_depend_on_the_number_of_jobs():
    assert balance(None, 8, 3, 1, "random") == balance(None, 8, 3, 2, "random")


@pytest.mark.parametrize("bots", ["grumpy", "greedy,random,random", "random:4", ""])
def test_a_bad_bots_spec_is_an_input_error_naming_bots(bots):
    with pytest.raises(InputError, match=r"^bots: "):
        balance(None, 2, 0, 1, bots)


def test_a_tree_with_cards_is_refused_naming_design():
    from washigen.games.cat_tree.text import example_layout

    with pytest.raises(InputError, match=r"^design: .*, not a layout with cards$"):
        balance(example_layout(), 2, 0, 1, "random")


def test_a_deck_is_refused_as_a_deck():
    """A deck has no cards laid: it was refused as "not a deck with cards"."""
    with pytest.raises(InputError, match=r"^design: .*empty layout \(its grid\), not a deck$"):
        balance(washigen.generate("cat-tree", "deck"), 2, 0, 1, "random")


def test_an_empty_layout_gives_the_grid_to_play_on():
    small = balance(CatTreeLayout(width=5, height=4), 12, 2, 1, "random")
    assert [s.wins for s in small.seats] == played_one_by_one("random", 2, 12, (5, 4))[0]


def test_washigen_balance_plays_cat_tree_through_the_game_hook():
    assert washigen.balance("cat-tree", games=6, seed=4, bots="random") == balance(None, 6, 4, 1, "random")
