"""The Cats' Trail Route held to its rule text where the engine's own entry points (apply_swap, play_card,
apply_finish), called one after another as a script or a referee calls them, did otherwise: each action starts a
chain of effects of its own, a swap is only ever two neighbouring road tiles without cats, a Hidden Passage takes
up to 3 tiles (one too), a Living Path slides up or down by any number of steps, and bad input is refused."""

import pytest

from washigen.games.trail_route.engine import (START, Advance, Cat, Mirror, Nudge, Place, Rearrange, Slide, State,
                                               Swap, apply_finish, apply_swap, legal_swaps, play_card)
from washigen.games.trail_route.model import COLOURS, TOKEN_TO_ROAD


class First:
    def choose(self, state, player, kind, options):
        return options[0]


def table(changes=None, rows=6, hands=None, exchange=()):
    """Plain road with some tiles given as text tokens, {(row, col) 0-based: token}; every cat off the board."""
    road = [["road"] * 7 for _ in range(rows)]
    for (r, c), token in (changes or {}).items():
        road[r][c] = TOKEN_TO_ROAD[token]
    colours = list(COLOURS)
    return State(4, rows, colours, road, [["fixed-4", "pair-red-blue"] for _ in range(rows)], list(exchange),
                 hands or [[] for _ in range(4)], [Cat(p, colours[p]) for p in range(4) for _ in (0, 1)],
                 [First()] * 4)


# -- every action starts its own chain of effects -------------------------------------------------------------------

def test_an_arrow_moves_a_cat_even_back_onto_a_tile_it_reached_in_an_earlier_move():
    """Red advances onto plain road, then (a later move) onto a right arrow: the arrow moves it back one tile. The
    engine's loop guard is for one chain of effects; a second apply_finish read the first move's landing as part
    of the same chain and left the cat on the arrow."""
    state = table({(2, 2): ">"})
    state.cats[0].pos = (2, 4)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos == (2, 3)
    apply_finish(state, Advance(0))
    assert state.cats[0].pos == (2, 3)                    # pushed back by the arrow
    assert state.events[-1][0] == "arrow"


def test_a_tile_still_acts_after_many_moves_made_one_by_one():
    """Every landing counted against one budget of 64 landings when the moves were applied directly: after 70
    advances, a mouse toy no longer gave its point."""
    state = table({(1, 1): "M"}, exchange=["road"])
    for _ in range(70):
        state.cats[0].pos = (1, 4)
        apply_finish(state, Advance(0))
    state.cats[0].pos = (1, 2)
    apply_finish(state, Advance(0))
    assert state.mice[0] == ["mouse-toy"] and state.score(0) == 1
    assert state.road[1][1] == "road"


def test_a_card_moves_a_cat_along_an_arrow_back_onto_a_tile_of_an_earlier_move():
    """Wherever Curiosity Leads moves red onto an arrow that points at the tile red advanced onto before: the
    card's landing is a chain of its own, so the arrow moves it."""
    state = table({(3, 3): "^"}, hands=[["curiosity"], [], [], []])
    state.cats[0].pos = (2, 4)
    apply_finish(state, Advance(0))                       # red lands on (2, 3)
    state.cats[0].pos = (2, 2)
    play_card(state, 0, Nudge(0, 1, 1))                   # down-right onto the up arrow at (3, 3)
    assert state.cats[0].pos == (2, 3)


def test_the_mirror_resolves_the_other_cats_tile_even_if_that_cat_moved_earlier():
    """The Cat in the Mirror resolves my cat's tile, then the other cat's. Blue had been moved by an earlier card;
    that earlier landing stayed in the chain, and the mirror skipped blue's new tile (a left arrow here)."""
    state = table({(4, 5): "<", (4, 6): "M"}, hands=[["curiosity", "mirror"], [], [], []], exchange=["road"])
    state.cats[0].pos = (4, 5)                            # red on the arrow (landed on long ago)
    state.cats[2].pos = (3, 6)                            # blue
    play_card(state, 0, Nudge(2, 0, -1))                  # blue moves to (3, 5)
    state.cats[2].pos = (4, 6)                            # blue stands further back in red's row
    play_card(state, 0, Mirror(0, 2))
    assert state.cats[0].pos == (4, 6) and state.mice[0] == ["mouse-toy"]      # red's new tile first
    assert state.cats[2].pos == (4, 4)                    # then blue's: the arrow moves it on


# -- step 1: a swap is two neighbouring road tiles without cats ------------------------------------------------------

def test_apply_swap_refuses_a_tile_with_a_cat_and_tiles_that_are_not_neighbours():
    state = table({(2, 3): "#", (5, 3): "M"})
    state.cats[0].pos = (2, 4)
    before = [row[:] for row in state.road]
    for swap in (Swap((2, 3), (2, 4)), Swap((2, 4), (2, 5)),          # a cat on either tile
                 Swap((0, 0), (3, 5)), Swap((2, 0), (2, 6)),          # not neighbours; no left-right wrap
                 Swap((1, 1), (1, 1)), Swap((0, 0), (0, 7)),          # one tile; the start is no road tile
                 Swap((6, 0), (5, 0)), Swap((-1, 0), (0, 0))):        # off the board
        with pytest.raises(ValueError, match="illegal swap"):
            apply_swap(state, swap)
        assert swap not in legal_swaps(state)
    assert state.road == before
    apply_swap(state, Swap((5, 3), (0, 3)))               # the top and bottom rows are neighbours
    apply_swap(state, Swap((2, 2), (2, 3)))               # left-right neighbours
    assert state.road[0][3] == "mouse-toy" and state.road[2][2] == "wall"


@pytest.mark.parametrize("rows", [5, 6])
def test_apply_swap_carries_out_exactly_the_swaps_the_rules_list(rows):
    state = table(rows=rows)
    state.cats[0].pos, state.cats[3].pos = (0, 3), (rows - 1, 6)
    listed = {frozenset((s.a, s.b)) for s in legal_swaps(state)}
    cells = [(r, c) for r in range(rows) for c in range(7)]
    for a in cells:
        for b in cells:
            legal = frozenset((a, b)) in listed
            try:
                apply_swap(state, Swap(a, b))
            except ValueError:
                assert not legal, (a, b)
            else:
                assert legal, (a, b)


# -- step 2: the hand cards' limits ----------------------------------------------------------------------------------

def test_a_hidden_passage_takes_up_to_three_tiles_a_single_one_too_but_never_four():
    state = table({(0, 0): "#"}, hands=[["hidden-passage"] * 2, [], [], []])
    play_card(state, 0, Rearrange("hidden-passage", ((0, 0),), (0,)))
    assert state.hands[0] == ["hidden-passage"] and state.road[0][0] == "wall"
    with pytest.raises(ValueError):
        play_card(state, 0, Rearrange("hidden-passage", (), ()))
    with pytest.raises(ValueError):
        play_card(state, 0, Rearrange("hidden-passage", ((0, 0), (1, 1), (2, 2), (3, 3)), (3, 2, 1, 0)))
    assert state.hands[0] == ["hidden-passage"]


def test_in_the_deep_fog_needs_tiles_that_touch_another_chosen_tile():
    state = table(hands=[["deep-fog"], [], [], []])
    with pytest.raises(ValueError):
        play_card(state, 0, Rearrange("deep-fog", ((0, 0),), (0,)))
    with pytest.raises(ValueError):
        play_card(state, 0, Rearrange("deep-fog", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), (4, 3, 2, 1, 0)))
    play_card(state, 0, Rearrange("deep-fog", ((0, 0), (0, 1), (1, 1), (5, 1)), (3, 2, 1, 0)))
    assert state.hands[0] == []


def test_rearranging_refuses_places_off_the_road():
    state = table(hands=[["hidden-passage", "deep-fog"], [], [], []])
    for cells in (((0, 0), (0, 7)), ((0, 0), (6, 0)), ((0, 0), (0, -1)), ([0, 0], [0, 1])):
        for card in ("hidden-passage", "deep-fog"):
            with pytest.raises(ValueError):
                play_card(state, 0, Rearrange(card, cells, (1, 0)))
    assert len(state.hands[0]) == 2


@pytest.mark.parametrize("steps, column", [(1, ["r", "a", "b", "c", "r", "r"]),
                                           (-1, ["b", "c", "r", "r", "r", "a"]),          # up one
                                           (-2, ["c", "r", "r", "r", "a", "b"]),
                                           (7, ["r", "a", "b", "c", "r", "r"]),           # round, then one
                                           (-8, ["c", "r", "r", "r", "a", "b"])])
def test_the_living_path_slides_up_or_down_by_any_number_of_steps(steps, column):
    state = table({(0, 2): "<", (1, 2): "M", (2, 2): "T"}, hands=[["living-path"], [], [], []])
    play_card(state, 0, Slide(2, steps))
    names = {"black-arrow-left": "a", "mouse-toy": "b", "tunnel": "c", "road": "r"}
    assert [names[state.road[r][2]] for r in range(6)] == column


@pytest.mark.parametrize("play", [Slide(2, 0), Slide(2, 6), Slide(2, -12), Slide(7, 1), Slide(-1, 1),
                                  Slide(2, 1.5), Slide(2, True)])
def test_the_living_path_refuses_no_slide_and_no_column(play):
    state = table(hands=[["living-path"], [], [], []])
    with pytest.raises(ValueError):
        play_card(state, 0, play)
    assert state.hands[0] == ["living-path"]


def test_a_card_for_a_player_who_is_not_at_the_table_or_no_card_play_is_refused():
    state = table(hands=[["living-path"], [], [], []])
    for player in (4, -1, None):
        with pytest.raises(ValueError):
            play_card(state, player, Slide(2, 1))
    for play in (None, "living-path", Advance(0)):
        with pytest.raises(ValueError):
            play_card(state, 0, play)
    assert state.hands[0] == ["living-path"]


# -- step 3: bad input ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("finish", [Advance(8), Advance(-1), Place(8, 0), Place(-1, 0), Place(0, 6), Place(0, -1),
                                    Advance(None)])
def test_a_finish_for_no_cat_of_the_game_or_no_start_is_refused(finish):
    state = table()
    state.cats[7].pos = (3, 3)                            # cat -1 (yellow) could advance
    with pytest.raises(ValueError):
        apply_finish(state, finish)
    assert state.cats[7].pos == (3, 3) and all(cat.pos is None for cat in state.cats[:7])


def test_a_cat_placed_on_a_start_stands_there():
    state = table()
    apply_finish(state, Place(0, 5))
    assert state.cats[0].pos == (5, START)
    with pytest.raises(ValueError):
        apply_finish(state, Place(1, 5))                  # that start holds a cat now
