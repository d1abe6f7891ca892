"""The Cats' Trail Route's balance (Game.balance, washigen.balance): checked against the same games played here one
by one on the engine, each game's winners read from its final table by the rule sheet's tie rule written out
below, apart from the engine's."""

from __future__ import annotations

from dataclasses import replace

import pytest

import washigen
from washigen.arena import game_seed
from washigen.errors import InputError
from washigen.games.trail_route.bots import make_policies
from washigen.games.trail_route.engine import START, play_game
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import dest_points
from washigen.games.trail_route.playtest import balance


def points(state, player: int) -> int:
    """Destinations by the colour of the player's cats, plus a point per mouse toy."""
    return sum(dest_points(code, state.colours[player]) for code in state.claims[player]) + len(state.mice[player])


def furthest(state, player: int) -> int | None:
    """How many steps forward of the starting positions the player's most advanced cat stands (None: no cat on
    the board)."""
    steps = [START - cat.pos[1] for cat in state.cats if cat.owner == player and cat.pos is not None]
    return max(steps) if steps else None


def rule_winners(state) -> tuple[list[int], str]:
    """The rule sheet: the highest score wins; of tied players, the one whose cat is furthest forward; still tied,
    they share the victory. Also says which of the three decided."""
    scores = [points(state, p) for p in range(state.players)]
    tied = [p for p in range(state.players) if scores[p] == max(scores)]
    if len(tied) == 1:
        return tied, "score"
    fronts = {p: furthest(state, p) for p in tied}
    on_board = [f for f in fronts.values() if f is not None]
    front = max(on_board) if on_board else None
    ahead = [p for p in tied if fronts[p] == front]
    return ahead, "forward" if len(ahead) == 1 else "shared"


def played_one_by_one(setup, bots: str, seed: int, games: int):
    """Per seat its wins, and how each game was decided: game i seeded game_seed(seed, i), the seat i mod players
    starting and the rest following in seat order."""
    players = setup.players
    wins, decided, lengths = [0] * players, [], []
    for i in range(games):
        start = i % players
        order = [(start + k) % players for k in range(players)]          # order[k]: the seat playing k-th
        table = replace(setup, seats=tuple(setup.seats[s] for s in order))
        result = play_game(table, make_policies([bots] * players, game_seed(seed, i)))
        assert result.end_reason == "destinations"
        won, how = rule_winners(result.state)
        assert sorted(result.winners) == won, f"game {i}: the engine and the rule sheet disagree on the winners"
        for k in won:
            wins[order[k]] += 1
        decided.append((how, start in [order[k] for k in won]))
        lengths.append(sum(result.state.turns))
    return wins, decided, lengths


@pytest.mark.parametrize("players, setup_seed, bots, games", [(3, 4, "random", 40), (4, 5, "random", 40),
                                                              (4, 1, "greedy", 4)])
def test_balance_counts_the_wins_of_the_games_played_one_by_one(players, setup_seed, bots, games):
    setup = generate_setup(players, setup_seed)
    result = balance(setup, games, 7, 1, bots)
    wins, decided, lengths = played_one_by_one(setup, bots, 7, games)
    assert [s.wins for s in result.seats] == wins
    assert [s.seat for s in result.seats] == list(range(players))
    assert result.games == games and result.fair_share == pytest.approx(1 / players)
    assert result.lengths == tuple(lengths)
    assert result.first_edge == pytest.approx(sum(first for _, first in decided) / games - 1 / players)
    for seat in result.seats:
        assert seat.low <= seat.win_rate <= seat.high and seat.win_rate == pytest.approx(seat.wins / games)
    if bots == "random":          # these runs hold ties: the tie rule is what they check
        assert {how for how, _ in decided} >= {"score", "forward" if players == 3 else "shared"}


def test_the_numbers_do_not_depend_on_the_number_of_jobs():
    setup = generate_setup(3, 9)
    one, two = balance(setup, 9, 11, 1, "random"), balance(setup, 9, 11, 2, "random")
    assert one == two
    assert one.to_json() != balance(setup, 9, 12, 1, "random").to_json()      # the seed does change them


def test_no_setup_plays_the_four_player_setup_dealt_from_the_seed():
    assert balance(None, 4, 5, 1, "random") == balance(generate_setup(4, 5), 4, 5, 1, "random")
    assert len(balance(None, 4, 5, 1, "random").seats) == 4


def test_one_policy_per_seat_plays_each_seat_whoever_starts():
    """greedy in seat 1 against three random seats wins far more than its share, wherever it sits in the turn."""
    result = balance(generate_setup(4, 3), 12, 1, 1, "greedy,random,random,random")
    assert result.seats[0].wins >= 6, result.format_text()


@pytest.mark.parametrize("bots", ["grumpy", "greedy,random", "random:5", "strong:0", ""])
def test_a_bad_bots_spec_is_an_input_error_naming_bots(bots):
    with pytest.raises(InputError, match=r"^bots: "):
        balance(generate_setup(3, 1), 2, 0, 1, bots)


def test_a_design_that_is_not_a_setup_is_refused_naming_setup():
    from washigen.games.cat_tree.model import CatTreeLayout

    with pytest.raises(InputError, match=r"^setup: "):
        balance(CatTreeLayout(), 2, 0, 1, "random")


def test_washigen_balance_plays_trail_route_through_the_game_hook():
    setup = generate_setup(3, 2)
    assert washigen.balance("trail-route", setup, games=6, seed=4, bots="random") == balance(setup, 6, 4, 1,
                                                                                              "random")
