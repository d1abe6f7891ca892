"""The Cats' Trail Route engine's games held, move by move and choice by choice, to a referee written apart from
it from the rule text (tests/trail_route_referee.py): random, greedy, strong and referee-driven players, 3 and 4
players, the default component mix and a crowded one (many mouse toys, a small exchange deck, tunnels, walls, cat
forward, 3-point destinations), the first seat rotated. Then the referee refusing what the rules refuse, by hand
and against engines broken on purpose, so that it is not a referee that lets everything pass."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from washigen.games.trail_route import engine
from washigen.games.trail_route.engine import Advance, Call, Mirror, Nudge, Place, Rearrange, Slide, Swap
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import parse_mix
from washigen.games.trail_route.playtest import turn_order

from .trail_route_referee import (DEST, START, Disagreement, Log, Referee, play_refereed, policies_for,
                                  probe_table)

CROWDED = parse_mix("""
[road]
road = 2
mouse-toy = 8
cat-forward = 6
place-a-cat = 4
wall = 4
tunnel = 4
black-arrow-left = 2
black-arrow-up = 2
black-arrow-down = 2
black-arrow-right = 3
arrow-red-blue-right = 1
arrow-green-yellow-right = 1
arrow-red-green-up = 1
arrow-blue-yellow-down = 1
arrow-red-yellow-left = 1
arrow-blue-green-left = 1

[exchange]
road = 4
mouse-toy = 2
cat-forward = 1
wall = 1
tunnel = 1
black-arrow-right = 1

[destinations]
fixed-3 = 6
fixed-4 = 2
pair-red-blue = 2
pair-green-yellow = 2
""", "crowded")

MIXES = {"default": None, "crowded": CROWDED}
# The crowded table's exchange deck, cut after dealing: a mix is dealt only with the game's 10 exchange tiles (a rule,
# trail-route.mix.exchange), and a deck of 6 is emptied within a game, which the engine must then play on.
SMALL_DECK = {"crowded": 6}


def game(players: int, names: list[str], seed: int, mix: str = "default", first: int = 0) -> dict:
    setup = generate_setup(players, seed, MIXES[mix])
    if mix in SMALL_DECK:
        deck = Counter(setup.exchange[:SMALL_DECK[mix]])
        setup = replace(setup, exchange=setup.exchange[:SMALL_DECK[mix]],
                        mix=replace(setup.mix, exchange=tuple((code, deck[code]) for code in deck)))
    if first:
        setup = turn_order(setup, first)
    log = Log()
    return play_refereed(setup, policies_for(names, seed, log), log)


# -- whole games -----------------------------------------------------------------------------------------------------

GAMES = [
    (players, lineup, mix, seed)
    for players in (3, 4)
    for mix, seeds in (("default", (11, 12)), ("crowded", (14,)))
    for lineup in ("random", "referee", "mixed")
    for seed in seeds
]


@pytest.mark.parametrize("players, lineup, mix, seed", GAMES)
def test_every_move_of_a_game_is_legal_and_lands_where_the_rules_say(players, lineup, mix, seed):
    names = {"random": ["random"] * players, "referee": ["referee"] * players,
             "mixed": (["referee", "random", "greedy", "random"])[:players]}[lineup]
    result = game(players, names, seed, mix, first=seed % players)
    assert result["over"] and result["reason"] == "destinations"


@pytest.mark.parametrize("players, mix", [(3, "default"), (4, "crowded")])
def test_greedy_games_keep_to_the_rules(players, mix):
    result = game(players, ["greedy"] * players, 21, mix)
    assert result["over"]


def test_a_game_with_a_strong_player_keeps_to_the_rules():
    assert game(3, ["strong:2", "greedy", "referee"], 5)["over"]


def test_single_actions_from_tables_no_game_reaches_agree_with_the_rules():
    """Arrow loops, right arrows in the last column, cats on walls, emptied destination rows, an empty exchange
    deck, every start taken: one swap, card, step 3 or landing from each of many random tables."""
    kinds = [probe_table(seed) for seed in range(1200)]
    assert {"swap", "card", "finish", "land"} <= set(kinds)


# -- the referee's own reading, by hand ----------------------------------------------------------------------------

def test_the_referee_follows_arrows_and_stops_them_at_a_wall_a_cat_and_a_loop(ref):
    red = ref.colours.index("red")
    k = 2 * red
    ref.road[2][4], ref.road[3][4], ref.road[3][3] = "black-arrow-down", "arrow-red-blue-left", "black-arrow-up"
    ref.move(k, (2, 4), set())
    assert ref.pos[k] == (2, 3)                       # down, left, up: "immediately moves one tile"
    ref.road[2][3] = "black-arrow-right"              # back onto (2, 4), landed on in this chain: it stays
    ref.move(k, (2, 4), set())
    assert ref.pos[k] == (2, 3)
    ref.road[2][3], ref.road[2][2] = "black-arrow-left", "wall"
    ref.move(k, (2, 3), set())
    assert ref.pos[k] == (2, 3)                       # "no cat may move onto" a wall
    ref.road[0][0], ref.road[5][0] = "black-arrow-up", "black-arrow-left"
    ref.dest[5] = ["fixed-4", "pair-red-blue"]
    ref.move(k, (0, 0), set())                        # up wraps to the bottom row, then left onto its destinations
    assert ref.pos[k] is None and ref.claims[red] == ["pair-red-blue"] and ref.score(red) == 5


def test_a_mouse_toy_is_claimed_and_the_exchange_tile_acts_only_next_time(ref):
    ref.road[1][5] = "mouse-toy"
    ref.exchange = ["tunnel", "road"]
    ref.move(0, (1, 5), set())
    assert ref.mice[0] == 1 and ref.road[1][5] == "tunnel" and ref.pos[0] == (1, 5) and ref.exchange == ["road"]
    assert ref.score(0) == 1


def test_a_claim_takes_the_tile_next_to_the_road_the_far_one_slides_over_and_3_points_may_place(ref):
    ref.dest[4] = ["fixed-4", "fixed-3"]
    ref.pos[0] = (4, 0)
    ref.choices.append((0, "bonus-place", [None, 0, 1, 2, 3, 4, 5], 2))
    ref.advance(0, set())
    assert ref.claims[0] == ["fixed-3"] and ref.dest[4] == [None, "fixed-4"] and ref.pos[0] == (2, START)
    ref.pos[1] = (4, 0)
    ref.advance(1, set())
    assert ref.dest[4] == [None, None] and ref.score(0) == 7
    ref.pos[2] = (4, 0)
    ref.choices.append((1, "return", [0, 1, 3, 4, 5], 5))
    ref.advance(2, set())                             # no tile left: back to a free start, nothing claimed
    assert ref.pos[2] == (5, START) and ref.claims[1] == []


def test_the_living_path_slides_tiles_under_the_cats_and_nothing_acts(ref):
    ref.road[0][3], ref.road[5][3] = "tunnel", "wall"
    ref.pos[0] = (1, 3)
    ref.play_card(0, Slide(3, 1))                     # down one: the top tile comes to row 2, the bottom to the top
    assert ref.road[1][3] == "tunnel" and ref.road[0][3] == "wall" and ref.pos[0] == (1, 3)
    assert "living-path" not in ref.hands[0]


def test_the_mirror_swaps_and_resolves_my_cat_first_then_the_other(ref):
    ref.pos[0], ref.pos[4] = (2, 1), (3, 5)
    ref.road[3][5], ref.road[2][1] = "mouse-toy", "tunnel"
    ref.exchange = ["road"]
    ref.choices.append((2, "tunnel", [0, 1, 2, 3, 4, 5], 0))
    ref.play_card(0, Mirror(0, 4))
    assert ref.pos[0] == (3, 5) and ref.mice[0] == 1 and ref.pos[4] == (0, START)


def test_the_round_is_played_out_after_the_seventh_claim(ref):
    ref.claims = [["fixed-4"] * 2, ["fixed-4"] * 2, ["fixed-4"] * 2, []]
    ref.dest[0] = ["fixed-4", "fixed-4"]
    ref.pos[2] = (0, 0)
    ref.advance(2, set())
    assert ref.trigger and not ref.over
    for player in (1, 2):
        ref.end_turn(player)
        assert not ref.over
    ref.end_turn(3)
    assert ref.over and ref.reason == "destinations" and ref.winners() == [1]


# -- the referee refuses what the rules refuse ---------------------------------------------------------------------

@pytest.fixture
def ref():
    """A referee on a 4-player setup: plain road everywhere, every cat off the board, player 1 holding one of each
    card."""
    referee = Referee(generate_setup(4, 1))
    referee.road = [["road"] * 7 for _ in range(6)]
    referee.hands[0] = ["hidden-passage", "deep-fog", "living-path", "curiosity", "someone-calling", "mirror"]
    return referee


def test_a_swap_is_two_neighbouring_road_tiles_without_a_cat(ref):
    ref.pos[2] = (1, 3)
    assert ref.swap_problem((0, 3), (5, 3)) is None                   # the top and bottom rows touch
    assert ref.swap_problem((0, 0), (0, 6)) == "the tiles are not neighbours"       # the outer columns do not
    assert ref.swap_problem((0, 0), (1, 1)) == "the tiles are not neighbours"
    assert ref.swap_problem((1, 3), (1, 4)) == "a tile with a cat cannot be swapped"
    assert ref.swap_problem((1, 0), (1, DEST)) == "only road tiles are swapped"
    assert frozenset(((1, 3), (1, 4))) not in ref.swaps() and frozenset(((0, 3), (5, 3))) in ref.swaps()
    assert len(ref.swaps()) == 6 * 6 + 6 * 7 - 4                      # a cat's tile takes away its 4 swaps


def test_the_cards_refuse_what_their_text_refuses(ref):
    ref.pos[0], ref.pos[2], ref.pos[4] = (2, 3), (2, 2), (4, START)
    ref.road[1][2] = "wall"
    refused = [
        Rearrange("hidden-passage", ((0, 0), (1, 1), (2, 2), (3, 3)), (1, 0, 3, 2)),   # 4 tiles
        Rearrange("hidden-passage", ((0, 0), (2, 3)), (1, 0)),                        # a tile with a cat
        Rearrange("deep-fog", ((0, 0), (0, 1), (3, 0), (3, 1)), (1, 0, 3, 2)),        # two groups
        Rearrange("deep-fog", ((0, 0),), (0,)),                                       # touches no other
        Rearrange("deep-fog", ((0, 0), (0, 6)), (1, 0)),                              # columns do not wrap
        Slide(3, 6), Slide(3, 0), Slide(7, 1),                                       # no slide, no column
        Nudge(0, -1, -1),                                                            # onto a wall
        Nudge(0, 0, -1),                                                             # onto a cat
        Nudge(0, 0, 2),                                                              # two tiles
        Nudge(4, 0, 1), Nudge(4, -1, 0),                                             # beyond / onto a start
        Call(4),                                                                     # no further back than its start
        Mirror(0, 2),                                                                # blue stands further forward
        Mirror(2, 4),                                                                # not my cat
        Mirror(1, 4),                                                                # my cat is off the board
    ]
    for play in refused:
        assert ref.card_problem(0, play) is not None, play
    allowed = [Rearrange("hidden-passage", ((0, 0),), (0,)), Rearrange("deep-fog", ((0, 0), (5, 0)), (1, 0)),
               Rearrange("hidden-passage", ((0, 0), (5, 6), (3, 3)), (2, 0, 1)), Slide(3, -1), Slide(3, 13),
               Nudge(0, 1, -1), Nudge(2, 1, 1), Nudge(0, -1, 0), Call(0), Mirror(0, 4)]
    for play in allowed:
        assert ref.card_problem(0, play) is None, play
    ref.hands[0] = []
    assert ref.card_problem(0, Call(0)) == "player 1 holds no 'someone-calling'"


def test_someone_calling_goes_one_back_where_the_second_tile_is_closed_and_never_onto_a_wall(ref):
    ref.pos[0] = (2, 3)
    ref.road[2][5] = "wall"
    assert ref.call_target(0) == (2, 4)
    ref.road[2][4] = "wall"
    assert ref.call_target(0) is None
    ref.pos[0] = (2, 5)
    assert ref.call_target(0) == (2, START)          # beyond the last road tile: its start, when free
    ref.pos[2] = (2, START)
    assert ref.call_target(0) == (2, 6)


def test_step_3_is_an_advance_onto_an_open_tile_or_placing_a_cat_that_is_off_the_board(ref):
    ref.pos[0], ref.pos[1], ref.pos[2] = (2, 3), (3, 0), (3, START)
    ref.road[2][2] = "wall"
    assert ref.finishes(0) == {("advance", 1)}        # no place: both cats stand on the board
    ref.pos[1] = None
    assert ref.finishes(0) == {("place", row) for row in (0, 1, 2, 4, 5)}
    with pytest.raises(Disagreement):
        ref.finish(0, Advance(0))                     # into the wall
    with pytest.raises(Disagreement):
        ref.finish(0, Place(1, 3))                    # onto blue's start
    with pytest.raises(Disagreement):
        ref.finish(0, Advance(2))                     # another player's cat


def test_the_referee_refuses_a_choice_the_rules_do_not_offer(ref):
    ref.pos[0] = (2, 3)
    ref.road[2][3] = "tunnel"
    ref.pos[2] = (0, START)
    ref.choices.extend([(0, "tunnel", [0, 1, 2, 3, 4, 5], 0)])       # the engine offered blue's start too
    with pytest.raises(Disagreement, match="the rules offer"):
        ref.land(0, set())


# -- the referee catches engines broken on purpose ------------------------------------------------------------------

BROKEN = {
    "arrows push no cat": ("arrow_moves", lambda code, colour: None),
    "a mouse toy stays where it was": ("claim_mouse", lambda state, k, cell: state.mice[state.cats[k].owner]
                                       .append("mouse-toy")),
    "the end comes with the 3rd claim": ("END_CLAIMS", {3: 3, 4: 3}),
    "cat forward does nothing": ("cat_forward", lambda state, k: None),
    "a colour pair scores 4": ("dest_points", lambda code, colour: 4),
    "a tunnel keeps the cat": ("send_to_start", lambda state, k, why: None),
}


@pytest.mark.parametrize("name", BROKEN)
def test_an_engine_that_breaks_a_rule_is_caught(name, monkeypatch):
    attribute, broken = BROKEN[name]
    monkeypatch.setattr(engine, attribute, broken)
    with pytest.raises(Disagreement):
        for seed in range(1, 6):
            game(4, ["random"] * 4, seed, "crowded")


def test_an_engine_offering_a_swap_across_the_outer_columns_is_caught(monkeypatch):
    real = engine.legal_swaps

    def wider(state):
        return real(state) + [Swap((r, 0), (r, 6)) for r in range(state.rows)
                              if state.free((r, 0)) and state.free((r, 6))]

    monkeypatch.setattr(engine, "legal_swaps", wider)
    with pytest.raises(Disagreement, match="swaps"):
        game(3, ["random"] * 3, 1)
