"""A second audit of Cat Tree and The Cats' Trail Route against their reference rule texts (../shared/seeds, as
DESIGN 5 reads them), sentence by sentence: the smallest position for each rule, the legal case beside the illegal
one, every card, tile and player count. Scores are counted by hand from the rule text in each test's comment."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from washigen.games.cat_tree.engine import (
    KEEP,
    OVER,
    PLACE,
    Dismiss,
    Keep,
    Wait,
    apply,
    full_deck,
    initial_state,
    legal_moves,
)
from washigen.games.cat_tree.engine import Place as TreePlace
from washigen.games.cat_tree.model import BY_RANK
from washigen.games.cat_tree.rules import placement_ok, score_grid
from washigen.games.cat_tree.rules import validate as validate_tree
from washigen.games.cat_tree.text import layout_from_text
from washigen.games.trail_route.engine import (
    DEST,
    START,
    Advance,
    Call,
    Cat,
    Mirror,
    Nudge,
    Rearrange,
    Slide,
    State,
    Swap,
    apply_finish,
    apply_swap,
    call_target,
    check_play,
    land,
    legal_finishes,
    nudge_target,
    place_first_cats,
    play_card,
    play_turn,
    winners,
)
from washigen.games.trail_route.engine import Place as RoutePlace
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import (
    COLOURS,
    DECK,
    PAIRS,
    TOKEN_TO_ROAD,
    dest_points,
)
from washigen.games.trail_route.rules import validate as validate_setup

# =====================================================================================================================
# Cat Tree? We can handle this!
# =====================================================================================================================

# The reference's table, written out again here: how each card is placed, and what it holds.
FLAT, SIDES, EITHER = {"pipe", "scratcher", "toy"}, {"hammock", "catwalk"}, {"box", "nest"}
BUILD_ON, HANG_ON = {"scratcher", "box", "shelf", "nest"}, {"box", "shelf", "nest"}
CARDS = ("pipe", "scratcher", "hammock", "catwalk", "box", "toy", "shelf", "nest")


def tree(text: str) -> dict:
    """A grid from layout text (top row first, floor last)."""
    return layout_from_text(text).grid()


def test_the_ranks_picked_from_a_standard_deck_are_the_eight_structures():
    # "pick all your Aces, 3, 6, 7, 8, 10, J and K": Ace Pipe, 3 (Tree) Scratcher, 6 Hammock, 7 Catwalk, 8 Box,
    # 10 Toy, Jack Shelf, King Nest; "Shuffle all your 32 cards".
    assert {rank: s.name for rank, s in BY_RANK.items()} == {
        "A": "pipe", "3": "scratcher", "6": "hammock", "7": "catwalk", "8": "box", "10": "toy", "J": "shelf",
        "K": "nest"}
    assert Counter(full_deck()) == {name: 4 for name in CARDS} and len(full_deck()) == 32
    assert "2" not in BY_RANK and "Q" not in BY_RANK and "9" not in BY_RANK         # "The rest will not be used"


@pytest.mark.parametrize("card", CARDS)
def test_every_card_on_the_floor_row(card):
    # Row 1 is the floor, a flat surface: Pipe, Scratcher, Toy, Box, Nest stand there; Hammock and Catwalk hang
    # (with nothing beside them they cannot); "Shelves can't touch the ground".
    assert placement_ok({}, (1, 3), card) == (card in FLAT | EITHER)


@pytest.mark.parametrize("card", CARDS)
def test_every_card_on_top_of_every_card(card):
    # "Must be laid on a flat surface": only a card one can build on from above (Scratcher, Box, Shelf, Nest) is
    # one; Pipe, Hammock, Catwalk, Toy "can't be used as a basement". Hanging cards never stand; the Shelf goes
    # anywhere above the floor.
    for below in CARDS:
        expected = card == "shelf" or (card in FLAT | EITHER and below in BUILD_ON)
        assert placement_ok({(2, 3): below}, (3, 3), card) == expected, (card, below)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("row", [1, 3])
def test_every_card_hung_between_every_pair_of_cards(card, row):
    # "attached by both left and right side": Box, Shelf, Nest can be hung on; a Scratcher only built on ("can't
    # support other pieces on their left or right side"); Pipe, Hammock, Catwalk, Toy not at all. Box and Nest
    # may hang or stand; Pipe, Scratcher, Toy must stand, even between two boxes.
    for left in CARDS:
        for right in CARDS:
            grid = {(row, 2): left, (row, 4): right}
            hung = left in HANG_ON and right in HANG_ON
            expected = (row == 1 and card in FLAT | EITHER) or (card in SIDES | EITHER and hung) or (
                card == "shelf" and row != 1)
            assert placement_ok(grid, (row, 3), card) == expected, (card, left, right, row)


@pytest.mark.parametrize("card", sorted(SIDES))
def test_a_hanging_card_is_not_hung_by_a_single_side(card):
    # "you can't hang them by a single side"
    assert not placement_ok({(2, 1): "box"}, (2, 2), card)
    assert not placement_ok({(2, 3): "shelf"}, (2, 2), card)
    assert placement_ok({(2, 1): "box", (2, 3): "shelf"}, (2, 2), card)
    assert not placement_ok({(2, 1): "box", (2, 4): "shelf"}, (2, 2), card)          # not directly beside it


@pytest.mark.parametrize("basement", ["pipe", "hammock", "catwalk", "toy"])
def test_a_card_over_one_that_holds_nothing_stands_if_it_is_attached_some_other_way(basement):
    # "You can't use it as a basement ... (you can still place other pieces if they are attached by some other
    # way)": a Box over a Pipe (Hammock, Catwalk, Toy) is wrong alone, right hung between two Nests.
    assert not placement_ok({(1, 2): basement}, (2, 2), "box")
    assert placement_ok({(1, 2): basement, (2, 1): "nest", (2, 3): "nest"}, (2, 2), "box")


def test_a_scratcher_holds_a_card_on_top_but_not_on_its_sides():
    assert placement_ok({(1, 2): "scratcher"}, (2, 2), "nest")
    assert not placement_ok({(2, 1): "scratcher", (2, 3): "box"}, (2, 2), "hammock")
    assert placement_ok({(2, 1): "nest", (2, 3): "box"}, (2, 2), "hammock")


def test_the_validator_reports_exactly_the_cards_off_their_rule():
    # A Shelf on the floor, a Toy on a Pipe, a Catwalk beside one Box: three errors, each at its card, with the
    # rule it breaks; the Pipe on a Box, the Box on a Shelf and the floor's Boxes stand.
    layout = layout_from_text("""
        toy   .       .
        pipe  box     catwalk
        box   shelf   box
    """)
    found = {(v.where["card"], v.rule) for v in validate_tree(layout).errors}
    assert found == {((1, 2), "cat-tree.place.not-floor"), ((3, 1), "cat-tree.place.flat-surface"),
                     ((2, 3), "cat-tree.place.both-sides")}
    assert validate_tree(layout_from_text("toy\npipe\nbox")).errors != ()
    assert validate_tree(layout_from_text("nest\npipe\nbox")).errors != ()
    assert validate_tree(layout_from_text("nest\nbox\nbox")).ok


# -- points: counted by hand from the reference's table ---------------------------------------------------------------

@pytest.mark.parametrize("text, points", [
    ("pipe", 5),                                            # 5 + 3 by side attached: none
    ("pipe box", 8 + 5),                                    # one side
    ("box pipe box", 5 + 11 + 5),                           # both sides
    ("toy pipe scratcher", 5 + 11 + 5),                     # any card beside it is a side attached
    (". shelf\n. pipe", 5 + 5),                             # a card above it is no side
    ("box hammock box", 5 + 8 + 5),
    ("shelf catwalk shelf\nbox . .", 5 + 8 + 5 + 5),
    ("box", 5), ("toy", 5), ("nest", 5), ("scratcher", 5), ("shelf\nbox", 10),
])
def test_each_structure_scores_its_points(text, points):
    assert score_grid(tree(text)).total == points


@pytest.mark.parametrize("text, points", [
    ("scratcher scratcher scratcher", 5),                   # side by side: one group
    ("scratcher . scratcher", 10),                          # a distance of 2: separate groups
    ("scratcher box scratcher", 5 + 5 + 5),                 # a card between them separates them too
    ("scratcher .\nscratcher scratcher", 10),               # built on top of another: a separate group
    ("scratcher scratcher\nscratcher scratcher", 10),       # each row its group
    ("scratcher scratcher . scratcher scratcher", 10),
])
def test_scratchers_score_by_group(text, points):
    assert score_grid(tree(text)).total == points


@pytest.mark.parametrize("text, points", [
    ("toy . toy", 5),                                       # distance 2: less than 3, one group
    ("toy . . toy", 10),                                    # distance 3: two groups
    ("toy . toy . toy . toy", 5),                           # chained
    (". toy\ntoy box", 5 + 5),                              # diagonal: distance 2, one group (with the box's 5)
    (". . toy\ntoy . box", 5 + 5 + 5),                      # distance 3 diagonally: two groups
])
def test_toys_score_by_group(text, points):
    assert score_grid(tree(text)).total == points


def test_height_5_and_more_doubles_every_kind_of_points():
    # A Pipe at height 5 on four Boxes between two Shelves: 4 x 5 + (5 + 3 + 3) x 2 + 5 x 2 + 5 x 2 = 62.
    assert score_grid(tree("""
        shelf pipe shelf
        .     box  .
        .     box  .
        .     box  .
        .     box  .
    """)).total == 62
    # The same one row lower: 3 x 5 + 11 + 5 + 5 = 36.
    assert score_grid(tree("shelf pipe shelf\n. box .\n. box .\n. box .")).total == 36
    # A toy group with one toy at height 5 and one at 4: 3 x 5 + 4 x 5 + 5 x 2 = 45.
    assert score_grid(tree("""
        .   toy
        toy box
        box box
        box box
        box box
    """)).total == 45


def test_a_part_3_away_from_the_grounded_tree_is_no_part_of_it():
    # "a single structure with a distance of 3": a Shelf 1 up and 2 across from the Box scores nothing; 1 up and 1
    # across (distance 2) it does. "a shelf + a toy with a distance of 3": neither scores.
    assert score_grid(tree(". . shelf\nbox . .")).total == 5
    assert score_grid(tree(". shelf\nbox .")).total == 10
    assert score_grid(tree(". . . toy\n. . . shelf\nbox . . .")).total == 5
    assert score_grid(tree(". . toy\n. . shelf\n. box .")).total == 15


# -- a round ----------------------------------------------------------------------------------------------------------

def dealt(seat0, seat1, rest=None):
    """A deck whose first deal gives seat 1 the cards `seat0`, seat 2 `seat1` (top card last)."""
    deck = list(rest or full_deck())
    for card in (*seat0, *seat1):
        deck.remove(card)
    return tuple(deck) + tuple(reversed(seat1)) + tuple(reversed(seat0))


def test_each_player_draws_two_keeps_one_and_discards_the_other():
    state = initial_state(deck=dealt(("box", "toy"), ("nest", "pipe")))
    assert state.phase == KEEP and state.hands == (("box", "toy"), ("nest", "pipe"))
    state = apply(state, Keep("toy"))
    state = apply(state, Keep("nest"))
    assert state.phase == PLACE and state.kept == ("toy", "nest") and state.discards == (("box",), ("pipe",))


def test_a_card_no_cell_takes_is_dismissed_and_a_card_with_a_cell_cannot_be():
    # "If some card can't be placed because there is no way to attach it (such as the hammock), you can't play
    # them and must dismiss it."
    state = initial_state(deck=dealt(("hammock", "catwalk"), ("box", "box")))
    state = apply(apply(state, Keep("hammock")), Keep("box"))
    moves = legal_moves(state)
    assert Dismiss("hammock") in moves and not any(isinstance(m, TreePlace) for m in moves)
    state = apply(state, Wait())                            # the partner places first
    assert Dismiss("box") not in legal_moves(state)
    with pytest.raises(ValueError):
        apply(state, Dismiss("box"))
    with pytest.raises(ValueError):
        apply(state, TreePlace("box", (2, 1)))             # in the air
    state = apply(state, TreePlace("box", (1, 1)))
    assert legal_moves(state) == [Dismiss("hammock")]       # one Box is not both sides
    state = apply(state, Dismiss("hammock"))
    assert state.dismissed == ("hammock",) and state.round == 2


def test_eight_rounds_use_the_32_cards():
    # "You repeat this step 7 more times until there is no more card available."
    state = initial_state(seed=5)
    rounds = 0
    while state.phase != OVER:
        if state.phase == KEEP and state.to_move == state.leader and state.kept == (None, None):
            rounds += 1
        state = apply(state, legal_moves(state)[0])
    assert rounds == 8 and not state.deck
    assert len(state.cards) + len(state.dismissed) + sum(map(len, state.discards)) == 32


# =====================================================================================================================
# The Cats' Trail Route
# =====================================================================================================================

class Script:
    """A chooser answering {kind: answer} (answers outside the options too) and otherwise the first option; it
    records what it was asked."""

    def __init__(self, **answers):
        self.answers, self.asked = answers, []

    def choose(self, state, player, kind, options):
        self.asked.append((player, kind, list(options)))
        key = kind.replace("-", "_")
        return self.answers[key] if key in self.answers else options[0]


def table(changes=None, rows=6, players=4, chooser=None, exchange=(), hands=None, dest=None):
    """Plain road with some tiles as text tokens {(row, col) 0-based: token}; every cat off the board."""
    road = [["road"] * 7 for _ in range(rows)]
    for (r, c), token in (changes or {}).items():
        road[r][c] = TOKEN_TO_ROAD[token]
    colours = list(COLOURS[:players])
    dest = dest or [["fixed-4", "pair-red-blue"] for _ in range(rows)]
    return State(players, rows, colours, road, [list(d) for d in dest], list(exchange),
                 hands or [[] for _ in range(players)], [Cat(p, colours[p]) for p in range(players) for _ in (0, 1)],
                 [chooser or Script()] * players)


def positions(state):
    return [cat.pos for cat in state.cats]


# -- set-up ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, rows", [(3, 5), (4, 6)])
def test_the_table_for_each_player_count(players, rows):
    # Destinations 6 x 2 and road 6 x 7 (5 rows with 3 players); 10 exchange tiles; a colour and 4 of the 16
    # cards to each player.
    for seed in (0, 7):
        setup = generate_setup(players, seed)
        assert len(setup.road) == rows and all(len(row) == 7 for row in setup.road)
        assert len(setup.destinations) == rows and all(len(row) == 2 for row in setup.destinations)
        assert len(setup.exchange) == 10
        assert len(setup.seats) == players and len({seat.colour for seat in setup.seats}) == players
        assert all(len(seat.hand) == 4 for seat in setup.seats)
        assert Counter(card for seat in setup.seats for card in seat.hand) + Counter(setup.undealt) == Counter(DECK)
        assert validate_setup(setup).ok
    other = generate_setup(7 - players, 0)                  # the other count's board is the wrong size
    wrong = replace(setup, road=other.road, destinations=other.destinations)
    assert "trail-route.grid.size" in {v.rule for v in validate_setup(wrong).errors}


def test_the_hand_cards_are_the_six_kinds_in_their_numbers():
    assert Counter(DECK) == {"hidden-passage": 4, "deep-fog": 4, "living-path": 2, "curiosity": 2,
                             "someone-calling": 2, "mirror": 2}


@pytest.mark.parametrize("players", [3, 4])
def test_first_cats_go_on_in_reverse_turn_order_never_two_on_one_start(players):
    chooser = Script()
    state = table(rows=5 if players == 3 else 6, players=players, chooser=chooser)
    place_first_cats(state)
    rows = 5 if players == 3 else 6
    assert [p for p, kind, _ in chooser.asked] == list(reversed(range(players)))
    assert [len(options) for _, _, options in chooser.asked] == list(range(rows, rows - players, -1))
    placed = [cat.pos for cat in state.cats if cat.pos is not None]
    assert len(placed) == players == len(set(placed)) and all(col == START for _, col in placed)
    assert all(len(state.off_board(p)) == 1 for p in range(players))     # the second cat comes later


# -- choices a rule asks for are held to what the rule allows -------------------------------------------------------

def test_a_first_cat_is_never_put_on_a_start_that_holds_one():
    state = table(chooser=Script(first_place=0))
    with pytest.raises(ValueError):
        place_first_cats(state)                             # player 4 takes row 1; player 3 answers row 1 too
    assert [pos for pos in positions(state) if pos is not None] == [(0, START)]


@pytest.mark.parametrize("tile, kind", [("T", "tunnel"), ("P", "place")])
def test_a_tile_never_puts_a_cat_on_a_start_that_holds_one(tile, kind):
    state = table({(2, 3): tile}, chooser=Script(**{kind: 0}))
    state.cats[2].pos = (0, START)
    state.cats[0].pos = (2, 4)
    with pytest.raises(ValueError, match="illegal"):
        apply_finish(state, Advance(0))
    assert positions(state).count((0, START)) == 1
    ok = table({(2, 3): tile}, chooser=Script(**{kind: 4}))        # a free start is taken
    ok.cats[2].pos, ok.cats[0].pos = (0, START), (2, 4)
    apply_finish(ok, Advance(0))
    assert (4, START) in positions(ok)


def test_the_three_point_claim_places_a_cat_only_on_a_free_start_and_only_if_wished():
    dest = [["fixed-4", "fixed-3"] for _ in range(6)]
    state = table(dest=dest, chooser=Script(bonus_place=1))
    state.cats[2].pos, state.cats[0].pos = (1, START), (3, 0)
    with pytest.raises(ValueError):
        apply_finish(state, Advance(0))
    state = table(dest=dest, chooser=Script(bonus_place=None))     # "you may": declined
    state.cats[0].pos = (3, 0)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos is None and state.claims[0] == ["fixed-3"] and state.score(0) == 3
    state = table(dest=dest, chooser=Script(bonus_place=5))
    state.cats[0].pos = (3, 0)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos == (5, START)


def test_cat_forward_moves_only_a_cat_that_can_move_forward():
    state = table({(2, 3): "F", (4, 2): "#"}, chooser=Script(forward=2))
    state.cats[0].pos, state.cats[2].pos = (2, 4), (4, 3)          # blue faces a wall
    with pytest.raises(ValueError):
        apply_finish(state, Advance(0))
    assert state.cats[2].pos == (4, 3)


# -- road tiles -------------------------------------------------------------------------------------------------------

def test_cat_forward_may_move_an_opponents_cat_which_then_resolves_its_tile():
    # "choose any one cat pawn on the board (yours or an opponent's) and move it forward one tile (to the left
    # only)": red lands on Cat forward and moves blue onto a mouse toy, which blue's owner claims.
    state = table({(2, 3): "F", (4, 2): "M"}, chooser=Script(forward=2), exchange=["road"])
    state.cats[0].pos, state.cats[2].pos = (2, 4), (4, 3)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos == (2, 3) and state.cats[2].pos == (4, 2)
    assert state.mice == [[], ["mouse-toy"], [], []] and state.score(1) == 1


def test_cat_forward_can_move_a_cat_from_its_start_and_never_right():
    chooser = Script(forward=2)
    state = table({(2, 3): "F"}, chooser=chooser)
    state.cats[0].pos, state.cats[2].pos = (2, 4), (5, START)
    apply_finish(state, Advance(0))
    assert state.cats[2].pos == (5, 6)
    assert sorted(chooser.asked[0][2]) == [0, 2]            # only cats that can go left are offered


def test_a_mouse_toy_goes_to_the_owner_of_the_cat_that_lands_even_by_anothers_card():
    state = table({(3, 2): "M"}, hands=[["curiosity"], [], [], []], exchange=["wall", "road"])
    state.cats[2].pos = (2, 3)                               # blue, player 2's
    play_card(state, 0, Nudge(2, 1, -1))
    assert state.mice[1] == ["mouse-toy"] and state.mice[0] == []
    assert state.road[3][2] == "wall" and state.exchange == ["road"]        # the top exchange tile replaces it
    assert state.cats[2].pos == (3, 2)                       # and does not act now


def test_a_tunnel_sends_the_cat_back_and_place_a_cat_brings_in_the_landers_second_cat():
    state = table({(2, 3): "P"})
    state.cats[0].pos = (2, 4)
    apply_finish(state, Advance(0))
    assert state.cats[1].pos == (0, START)                   # red's waiting cat
    state = table({(2, 3): "P"})
    state.cats[0].pos, state.cats[1].pos = (2, 4), (5, 5)    # both on the board: nothing to place
    apply_finish(state, Advance(0))
    assert positions(state)[:2] == [(2, 3), (5, 5)] and positions(state)[2:] == [None] * 6


@pytest.mark.parametrize("token, moves", [("<", True), ("rb<", True), ("gy<", False), ("ry<", True)])
def test_a_red_cat_on_each_kind_of_left_arrow(token, moves):
    state = table({(2, 3): token})
    state.cats[0].pos = (2, 4)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos == ((2, 2) if moves else (2, 3))


# -- hand cards --------------------------------------------------------------------------------------------------------

def test_deep_fog_needs_one_connected_group_and_no_cat_and_no_left_right_wrap():
    state = table(hands=[["deep-fog"] * 4, [], [], []])
    state.cats[0].pos = (3, 3)
    for cells in (((0, 0), (0, 1), (2, 0), (2, 1)),        # two pairs, each tile beside another: not one group
                  ((1, 0), (1, 6)),                         # the outer columns are not neighbours
                  ((3, 2), (3, 3)),                         # a cat on one
                  ((0, 0), (2, 0))):
        with pytest.raises(ValueError):
            play_card(state, 0, Rearrange("deep-fog", cells, tuple(reversed(range(len(cells))))))
    play_card(state, 0, Rearrange("deep-fog", ((0, 4), (5, 4)), (1, 0)))     # top and bottom rows touch
    assert len(state.hands[0]) == 3


def test_a_hidden_passage_takes_far_apart_tiles_but_none_with_a_cat():
    state = table({(0, 0): "#", (5, 6): "M"}, hands=[["hidden-passage"] * 2, [], [], []])
    state.cats[3].pos = (2, 2)
    with pytest.raises(ValueError):
        play_card(state, 0, Rearrange("hidden-passage", ((0, 0), (2, 2)), (1, 0)))
    play_card(state, 0, Rearrange("hidden-passage", ((0, 0), (5, 6), (3, 3)), (1, 2, 0)))
    assert (state.road[0][0], state.road[5][6], state.road[3][3]) == ("mouse-toy", "road", "wall")


@pytest.mark.parametrize("dr, dc", [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)])
def test_curiosity_moves_a_cat_one_tile_in_each_of_eight_directions_wrapping_top_and_bottom(dr, dc):
    state = table(hands=[["curiosity"], [], [], []])
    state.cats[4].pos = (0, 3)                              # green, in the top row
    play_card(state, 0, Nudge(4, dr, dc))
    assert state.cats[4].pos == ((0 + dr) % 6, 3 + dc)


def test_curiosity_never_onto_a_wall_a_cat_or_a_start_but_onto_a_destination():
    state = table({(1, 2): "#"}, hands=[["curiosity"], [], [], []])
    state.cats[0].pos, state.cats[2].pos, state.cats[4].pos = (2, 3), (3, 3), (1, 6)
    for nudge in (Nudge(0, -1, -1), Nudge(0, 1, 0), Nudge(4, 0, 1), Nudge(4, 1, 1)):
        with pytest.raises(ValueError):
            play_card(state, 0, nudge)
    state.cats[0].pos = (5, 0)
    play_card(state, 0, Nudge(0, 1, -1))                    # down-left from the bottom row: row 1's destination
    assert state.claims[0] == ["pair-red-blue"] and state.score(0) == 5 and state.cats[0].pos is None
    assert state.dest[0] == [None, "fixed-4"]


def test_someone_calling_pulls_back_two_or_one_and_onto_the_start():
    # "move it back 2 tiles (backward = to the right) ... A wall or cat pawn on the tile 1 step back does not
    # block this. If the tile 2 steps back holds a wall or a cat pawn, the cat moves back only 1 tile."
    def called(cat_at, changes=None, others=()):
        state = table(changes, hands=[["someone-calling"], [], [], []])
        state.cats[0].pos = cat_at
        for k, pos in others:
            state.cats[k].pos = pos
        try:
            play_card(state, 0, Call(0))
        except ValueError:
            return "refused"
        return state.cats[0].pos

    assert called((1, 2)) == (1, 4)
    assert called((1, 2), {(1, 3): "#"}, [(2, (1, 3))]) == (1, 4)          # a wall there (a cat too) is passed
    assert called((1, 2), {(1, 4): "#"}) == (1, 3)
    assert called((1, 2), others=[(2, (1, 4))]) == (1, 3)
    assert called((1, 2), {(1, 3): "#", (1, 4): "#"}) == "refused"
    assert called((1, 5)) == (1, START)
    assert called((1, 5), others=[(2, (1, START))]) == (1, 6)
    assert called((1, 6)) == (1, START)
    assert called((1, 6), others=[(2, (1, START))]) == "refused"
    assert called((1, START)) == "refused"


def test_someone_calling_resolves_the_tile_the_cat_lands_on():
    state = table({(1, 4): "T"}, hands=[["someone-calling"], [], [], []], chooser=Script(tunnel=3))
    state.cats[2].pos = (1, 2)
    play_card(state, 0, Call(2))
    assert state.cats[2].pos == (3, START)


def test_the_mirror_swaps_only_with_a_cat_in_the_same_column_or_further_back():
    def mirrored(mine, other):
        state = table(hands=[["mirror"], [], [], []])
        state.cats[0].pos, state.cats[2].pos = mine, other
        try:
            play_card(state, 0, Mirror(0, 2))
        except ValueError:
            return "refused"
        return state.cats[0].pos, state.cats[2].pos

    assert mirrored((2, 3), (4, 2)) == "refused"            # further forward
    assert mirrored((2, 3), (4, 3)) == ((4, 3), (2, 3))     # same column
    assert mirrored((2, 3), (4, 6)) == ((4, 6), (2, 3))
    assert mirrored((2, 3), (0, START)) == ((0, START), (2, 3))              # on a starting position
    assert mirrored(None, (0, START)) == "refused"          # my cat must be on the board
    state = table(hands=[["mirror"], [], [], []])
    state.cats[2].pos, state.cats[4].pos = (2, 3), (4, 5)
    with pytest.raises(ValueError):
        play_card(state, 0, Mirror(2, 4))                   # not my cat


def test_the_mirror_resolves_my_cats_tile_then_the_other_cats():
    # Red (2, 2) swaps with blue (4, 5): red lands on plain road, then blue on a mouse toy, which blue's owner takes.
    state = table({(2, 2): "M"}, hands=[["mirror"], [], [], []], exchange=["road"])
    state.cats[0].pos, state.cats[2].pos = (2, 2), (4, 5)
    play_card(state, 0, Mirror(0, 2))
    assert state.cats[0].pos == (4, 5) and state.cats[2].pos == (2, 2)
    assert state.mice[1] == ["mouse-toy"] and state.mice[0] == []
    # Both land on a mouse toy, and the pile holds one tile: mine is resolved first, so red takes it.
    state = table({(2, 2): "M", (4, 5): "M"}, hands=[["mirror"], [], [], []], exchange=["road"])
    state.cats[0].pos, state.cats[2].pos = (2, 2), (4, 5)
    play_card(state, 0, Mirror(0, 2))
    assert state.mice[0] == ["mouse-toy"] and state.mice[1] == []


def test_the_living_path_moves_tiles_not_cats_and_nothing_acts():
    state = table({(1, 4): "M", (2, 4): "T"}, hands=[["living-path"], [], [], []], exchange=["road"])
    state.cats[0].pos = (3, 4)
    play_card(state, 0, Slide(4, 2))
    assert state.road[3][4] == "mouse-toy" and state.road[4][4] == "tunnel"
    assert state.cats[0].pos == (3, 4) and state.mice[0] == []


# -- a turn, destinations, scores and the end --------------------------------------------------------------------------

class Turn:
    """Swaps the first legal pair, plays `card`, then `finish`; records the order it is asked in."""

    def __init__(self, card=None, finish=None):
        self.card, self.finish, self.asked = card, finish, []

    def choose(self, state, player, kind, options):
        return options[0]

    def pick_swap(self, state, player, swaps):
        self.asked.append("swap")
        return swaps[0]

    def pick_card(self, state, player):
        self.asked.append("card")
        return self.card

    def pick_finish(self, state, player, finishes):
        self.asked.append("finish")
        return self.finish if self.finish in finishes else finishes[0]


def test_a_turn_is_swap_then_at_most_one_card_then_a_move_and_passes_on():
    state = table(hands=[["living-path", "curiosity"], [], [], []])
    state.cats[0].pos = (2, 4)
    policy = Turn(card=Slide(6, 1), finish=Advance(0))
    play_turn(state, policy)
    assert policy.asked == ["swap", "card", "finish"]
    assert [e[0] for e in state.events] == ["turn", "swap", "card", "advance"]
    assert state.hands[0] == ["curiosity"] and state.cats[0].pos == (2, 3) and state.current == 1


def test_a_move_is_advance_a_cat_on_the_board_or_place_the_one_off_it():
    state = table({(2, 3): "#"})
    state.cats[0].pos, state.cats[3].pos = (2, 4), (0, START)
    finishes = legal_finishes(state, 0)
    assert Advance(0) not in finishes                       # a wall in front
    assert {f.row for f in finishes} == {0, 1, 2, 3, 4, 5} - {0}
    state.cats[2].pos = (4, 1)
    assert Advance(2) not in legal_finishes(state, 0)       # not my cat
    state.cats[1].pos = (5, 0)
    assert legal_finishes(state, 0) == [Advance(1)]         # both cats on the board: no place


@pytest.mark.parametrize("pair", PAIRS)
def test_a_colour_pair_tile_scores_5_for_either_colour_and_3_for_the_others(pair):
    code = f"pair-{pair[0]}-{pair[1]}"
    for colour in COLOURS:
        assert dest_points(code, colour) == (5 if colour in pair else 3)
    for colour in COLOURS:
        assert dest_points("fixed-4", colour) == 4 and dest_points("fixed-3", colour) == 3


def test_a_score_is_the_claimed_destinations_and_mouse_toys():
    state = table()
    state.claims = [["pair-red-blue", "pair-green-yellow", "fixed-4", "fixed-3"], [], [], []]
    state.mice = [["mouse-toy"] * 2, [], [], []]
    assert state.score(0) == 5 + 3 + 4 + 3 + 2


def test_a_claim_takes_the_tile_touching_the_road_and_a_row_emptied_returns_the_cat():
    state = table(dest=[["fixed-3", "pair-blue-green"]] * 6, chooser=Script(bonus_place=None, **{"return": 2}))
    state.cats[0].pos = (1, 0)
    apply_finish(state, Advance(0))
    assert state.claims[0] == ["pair-blue-green"] and state.dest[1] == [None, "fixed-3"]
    state.cats[0].pos = (1, 0)
    apply_finish(state, Advance(0))
    assert state.claims[0] == ["pair-blue-green", "fixed-3"] and state.dest[1] == [None, None]
    state.cats[0].pos = (1, 0)
    apply_finish(state, Advance(0))
    assert state.claims[0] == ["pair-blue-green", "fixed-3"] and state.cats[0].pos == (2, START)


@pytest.mark.parametrize("players, trigger", [(3, 5), (4, 7)])
def test_the_end_comes_with_the_7th_claim_or_the_5th_with_three_players(players, trigger):
    state = table(rows=5 if players == 3 else 6, players=players)
    state.claims = [["fixed-4"] * (trigger - 2)] + [[] for _ in range(players - 1)]
    state.cats[0].pos = (0, 0)
    apply_finish(state, Advance(0))
    assert not state.trigger and state.claimed() == trigger - 1
    state.cats[2].pos = (1, 0)
    apply_finish(state, Advance(2))
    assert state.trigger and state.claimed() == trigger
    # the round is played out: the trigger in seat 2's turn ends the game after the last seat's turn
    state.current = 1
    policy = Turn()
    for seat in range(1, players):
        assert not state.over
        play_turn(state, policy)
    assert state.over and state.end_reason == "destinations"


def test_a_tie_goes_to_the_cat_furthest_forward_a_cat_on_its_start_before_none():
    state = table()
    state.claims = [["fixed-4"], ["fixed-4"], ["fixed-4"], ["fixed-3"]]
    state.cats[2].pos = (3, START)
    assert winners(state) == [1]
    state.cats[0].pos = (2, 6)
    assert winners(state) == [0]
    state.cats[5].pos = (1, 0)                              # player 3's cat, at the front
    assert winners(state) == [2]


def test_every_tile_lands_on_the_board_only_through_a_landing():
    # "Effects trigger whenever a cat lands on ... a road tile": a cat standing on a tile is not moved by it
    # until it lands (a tile slid or swapped next to it does nothing).
    state = table({(2, 2): "<"})
    state.cats[0].pos = (2, 3)
    apply_swap(state, Swap((2, 2), (1, 2)))
    assert state.cats[0].pos == (2, 3)
    state.road[2][3] = "black-arrow-left"
    assert state.cats[0].pos == (2, 3)
    land(state, 0)
    assert state.cats[0].pos == (2, 2)
    assert DEST == -1 and START == 7


# -- the cards' and moves' targets against a plain reading, on random tables ----------------------------------------

def random_table(rng, players):
    rows = 5 if players == 3 else 6
    state = table({(rng.randrange(rows), rng.randrange(7)): "#" for _ in range(rng.randrange(8))}, rows=rows,
                  players=players, hands=[list(DECK[:16:4]) + ["curiosity", "someone-calling", "mirror"]
                                          for _ in range(players)])
    places = [(r, c) for r in range(rows) for c in range(8)]
    rng.shuffle(places)
    for cat in state.cats:
        if rng.random() < 0.7:
            cat.pos = places.pop()
            if cat.pos[1] == START and sum(1 for c in state.cats if c.pos == cat.pos) > 1:
                cat.pos = None
    return state


def plain_targets(state, player):
    """What the rule text (as DESIGN and the rule sheet read it) allows: {play or finish: where the cat goes}."""
    rows = state.rows
    at = {cat.pos: k for k, cat in enumerate(state.cats) if cat.pos is not None}
    wall = {(r, c) for r in range(rows) for c in range(7) if state.road[r][c] == "wall"}

    def open_tile(cell):
        return cell[1] < 7 and cell not in wall and cell not in at

    found = {}
    for k, cat in enumerate(state.cats):
        if cat.pos is None:
            continue
        r, c = cat.pos
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0):
                    continue
                target = ((r + dr) % rows, c + dc)
                if target[1] < 0:
                    found[Nudge(k, dr, dc)] = (target[0], DEST)
                elif target[1] < 7 and open_tile(target):
                    found[Nudge(k, dr, dc)] = target
        if c < 7:
            for back in (c + 2, c + 1):
                if back < 7 and open_tile((r, back)) or back == 7 and (r, 7) not in at:
                    found[Call(k)] = (r, back)
                    break
    for mine in state.cats_of(player):
        here = state.cats[mine].pos
        if here is None or here in wall:
            continue
        for other, cat in enumerate(state.cats):
            if other != mine and cat.pos is not None and cat.pos[1] >= here[1] and cat.pos not in wall:
                found[Mirror(mine, other)] = cat.pos
    for k in state.cats_of(player):
        pos = state.cats[k].pos
        if pos is not None and (pos[1] == 0 or open_tile((pos[0], pos[1] - 1))):
            found[Advance(k)] = (pos[0], pos[1] - 1 if pos[1] else DEST)
    waiting = state.off_board(player)
    if waiting:
        for row in range(rows):
            if (row, 7) not in at:
                found[("place", row)] = (row, 7)
    return found


@pytest.mark.parametrize("players", [3, 4])
def test_card_and_move_targets_agree_with_a_plain_reading_on_random_tables(players):
    rng = random.Random(players)
    for _ in range(300):
        state = random_table(rng, players)
        player = rng.randrange(players)
        want = plain_targets(state, player)
        for k in range(len(state.cats)):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr, dc) != (0, 0):
                        nudge = Nudge(k, dr, dc)
                        assert (check_play(state, player, nudge) is None) == (nudge in want), nudge
                        if nudge in want:
                            assert nudge_target(state, nudge) == want[nudge]
            call = Call(k)
            assert (check_play(state, player, call) is None) == (call in want), (call, positions(state))
            if call in want:
                assert call_target(state, k) == want[call]
            for other in range(len(state.cats)):
                mirror = Mirror(k, other)
                assert (check_play(state, player, mirror) is None) == (mirror in want), mirror
        finishes = legal_finishes(state, player)
        got = {(f if isinstance(f, Advance) else ("place", f.row)) for f in finishes}
        assert got == {key for key in want if isinstance(key, (Advance, tuple))}
        assert all(f.cat in state.off_board(player) for f in finishes if isinstance(f, RoutePlace))
