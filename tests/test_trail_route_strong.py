"""The strong Trail Route policy: it is chosen by name and strength, it never sees what its seat cannot see, every
answer it gives is legal, a seed replays its game, and it beats greedy on the same seats and seeds."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.errors import InputError
from washigen.games.trail_route.bots import (DEFAULT_STRENGTH, GreedyPolicy, Heuristic, StrongPolicy, determinize,
                                             make_policies, parse_policy)
from washigen.games.trail_route.engine import (COLS, DEST, START, Advance, Place, check_play, legal_finishes,
                                               legal_swaps, new_state, place_first_cats, play_game, play_turn)
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import DECK
from washigen.arena.bots import MAX_STRENGTH

from .test_trail_route_engine import check_finished

# -- choosing it ---------------------------------------------------------------------------------------------------


def test_strong_is_named_like_the_other_policies_with_an_optional_strength():
    assert parse_policy("strong") == ("strong", None)
    assert parse_policy(" Strong:200 ") == ("strong", 200)
    assert parse_policy("greedy") == ("greedy", None)
    default, chosen, greedy = make_policies(["strong", "strong:7", "greedy"], seed=1)
    assert isinstance(default, StrongPolicy) and default.strength == DEFAULT_STRENGTH
    assert chosen.strength == 7 and isinstance(greedy, GreedyPolicy)


@pytest.mark.parametrize("spec, words", [
    ("strong:0", "strength must be a whole number 1.."), (f"strong:{MAX_STRENGTH + 1}", "1.."),
    ("strong:-3", "whole number"), ("strong:2.5", "whole number"), ("strong:", "whole number"),
    ("strong:٣", "whole number"), ("greedy:5", "only strong takes a strength"), ("best", "unknown policy"),
    ("x" * 500, "..."),
])
def test_a_bad_policy_or_strength_is_an_input_error_naming_the_option(spec, words):
    with pytest.raises(InputError, match="--bots") as caught:
        make_policies([spec], seed=1, option="--bots")
    assert words in str(caught.value) and len(str(caught.value)) < 200


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_play_command_seats_strong_beside_greedy_and_refuses_bad_bots():
    result = run("trail-route", "play", "--players", "3", "--seed", "2", "--bots", "strong:3,greedy,greedy",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["policy"] == "strong:3,greedy,greedy" and data["end"] == "destinations"
    for bots, words in (("strong:0", "1.."), ("greedy,greedy", "2 policies named for 3 players"),
                        ("strong,clever,greedy", "unknown policy 'clever'")):
        result = run("trail-route", "play", "--players", "3", "--seed", "2", "--bots", bots)
        assert result.exit_code == 2 and "--bots" in result.output and words in result.output, result.output
    assert run("trail-route", "play", "--players", "3", "--seed", "2", "--policy", "random", "--quiet").exit_code == 0


# -- what it may see -----------------------------------------------------------------------------------------------


def mid_game(players=4, seed=3, turns=3):
    """A table some turns into a greedy game, red to move."""
    state = new_state(generate_setup(players, seed), [Heuristic()] * players)
    place_first_cats(state)
    greedy = make_policies(["greedy"] * players, seed)
    while state.turns[0] < turns or state.current != 0:
        play_turn(state, greedy[state.current])
    assert not state.over and state.played                # some cards are already out
    return state


def hidden_changed(state):
    """The same table as red sees it, with the others' hands dealt differently and the exchange deck reordered."""
    other = state.clone()
    pool = [card for p in range(1, state.players) for card in state.hands[p]]
    pool = pool[1:] + pool[:1]
    for p in range(1, state.players):
        other.hands[p], pool = pool[:len(state.hands[p])], pool[len(state.hands[p]):]
    other.exchange = state.exchange[::-1]
    assert other.hands != state.hands and other.exchange != state.exchange
    return other


def test_a_determinized_table_keeps_all_the_seat_sees_and_deals_only_unseen_cards():
    import random
    state = mid_game()
    world = determinize(state, 0, random.Random(4))
    assert world.hands[0] == state.hands[0] and world.road == state.road and world.dest == state.dest
    assert [c.pos for c in world.cats] == [c.pos for c in state.cats] and world.played == state.played
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert Counter(world.exchange) == Counter(state.exchange)
    unseen = Counter(DECK) - Counter(state.hands[0]) - Counter(state.played)
    dealt = Counter(card for hand in world.hands[1:] for card in hand)
    assert dealt - unseen == Counter()                     # no card comes from the seat's hand or the played ones
    assert determinize(hidden_changed(state), 0, random.Random(4)).hands == world.hands


def test_the_strong_policy_plays_the_same_turn_whatever_the_hidden_cards_and_deck_order_are():
    import random
    state = mid_game()
    other = hidden_changed(state)
    one, two = StrongPolicy(random.Random(8), 12), StrongPolicy(random.Random(8), 12)
    assert one.pick_swap(state, 0, legal_swaps(state)) == two.pick_swap(other, 0, legal_swaps(other))
    assert one.plan == two.plan


# -- every answer is legal -----------------------------------------------------------------------------------------


def swap_is_legal(state, swap):
    """Two different road tiles, side by side or above each other (the top and bottom rows touch), no cat on
    either: the rule read apart from the engine's swap generator."""
    (r1, c1), (r2, c2) = swap.a, swap.b
    inside = all(0 <= r < state.rows and 0 <= c < COLS for r, c in (swap.a, swap.b))
    beside = r1 == r2 and abs(c1 - c2) == 1
    above = c1 == c2 and (r1 - r2) % state.rows in (1, state.rows - 1)
    cats = {cat.pos for cat in state.cats}
    return inside and (beside or above) and swap.a not in cats and swap.b not in cats


def finish_is_legal(state, player, finish):
    cat = state.cats[finish.cat]
    if cat.owner != player:
        return False
    if isinstance(finish, Advance):
        if cat.pos is None:
            return False
        r, c = cat.pos
        ahead = (r, DEST if c == 0 else c - 1)
        return ahead[1] == DEST or (state.road[r][ahead[1]] != "wall" and all(o.pos != ahead for o in state.cats))
    assert isinstance(finish, Place)
    return cat.pos is None and all(o.pos != (finish.row, START) for o in state.cats)


class Checked:
    """Passes the engine's questions to a policy and checks every answer before the engine gets it."""

    def __init__(self, policy):
        self.policy = policy
        self.answers = Counter()

    def choose(self, state, player, kind, options):
        answer = self.policy.choose(state, player, kind, options)
        assert answer in options, (kind, answer, options)
        self.answers["choice"] += 1
        return answer

    def pick_swap(self, state, player, swaps):
        swap = self.policy.pick_swap(state, player, swaps)
        assert swap in legal_swaps(state) and swap_is_legal(state, swap), swap
        self.answers["swap"] += 1
        return swap

    def pick_card(self, state, player):
        play = self.policy.pick_card(state, player)
        if play is not None:
            assert play.card in state.hands[player] and check_play(state, player, play) is None, play
            self.answers["card"] += 1
        return play

    def pick_finish(self, state, player, finishes):
        finish = self.policy.pick_finish(state, player, finishes)
        assert finish in legal_finishes(state, player) and finish_is_legal(state, player, finish), finish
        self.answers["finish"] += 1
        return finish


@pytest.mark.parametrize("players, seed", [(3, 21), (4, 22)])
def test_every_answer_of_the_strong_policy_is_legal_and_its_games_end_properly(players, seed):
    setup = generate_setup(players, seed)
    names = ["strong:6"] + ["greedy"] * (players - 1)
    checked = Checked(make_policies(names, seed)[0])
    result = play_game(setup, [checked] + make_policies(names, seed)[1:])
    check_finished(result, setup)
    assert checked.answers["swap"] >= 5 and checked.answers["finish"] >= 5 and checked.answers["card"] >= 1


def test_the_same_seed_plays_the_same_game_with_the_strong_policy():
    setup = generate_setup(3, 6)
    one = play_game(setup, make_policies(["strong:6", "greedy", "strong:6"], 13))
    two = play_game(setup, make_policies(["strong:6", "greedy", "strong:6"], 13))
    assert one.state.events == two.state.events and one.scores == two.scores


# -- it is stronger ------------------------------------------------------------------------------------------------


def seat_wins(name: str, games: int, setup_seed: int = 1) -> float:
    """Games won (a shared victory counts its share) by the seat played by `name`, rotated over the three seats of
    one 3-player setup (as bench.bench_engines's duel), every other seat greedy."""
    from washigen.arena import game_seed

    setup = generate_setup(3, setup_seed)
    won = 0.0
    for index in range(games):
        seat = index % 3
        names = ["greedy"] * 3
        names[seat] = name
        winners = play_game(setup, make_policies(names, game_seed(5, index))).winners
        won += (1 / len(winners)) if seat in winners else 0.0
    return won


def test_strong_wins_clearly_more_in_a_seat_than_greedy_does_in_the_same_seats_and_games():
    # 18 games, the strong seat rotated: greedy in that seat wins about its fair share (6); a small strength
    # (strong:6, two greedy rounds after each of its candidate plans) about twice as often. The default strength over
    # 99 games on 33 setups (README): 58.6 % against greedy's 35.4 % in the same seats and games.
    strong, greedy = seat_wins("strong:6", 18), seat_wins("greedy", 18)
    assert strong >= greedy + 4 and strong >= 9, (strong, greedy)


def test_an_empty_bot_name_is_refused_as_the_other_games_refuse_it():
    result = run("trail-route", "play", "--players", "4", "--seed", "1", "--quiet", "--bots", "greedy,,greedy,greedy")
    assert result.exit_code == 2 and "--bots: empty bot name in 'greedy,,greedy,greedy'" in result.output
