"""Cat Tree: one test per rule of DESIGN 5 (placement, what holds what, scoring, altitude, detached parts, cards
that break a rule), on hand-made layouts. Layouts are written as layout text: the last line is the floor (row 1)."""

import pytest

from washigen.games.cat_tree.model import BY_NAME, BY_RANK, COPIES, NAMES, STRUCTURES
from washigen.games.cat_tree.rules import score, validate
from washigen.games.cat_tree.text import example_layout, from_text

BUILD_ON = {"scratcher", "box", "shelf", "nest"}
HANG_ON = {"box", "shelf", "nest"}


def layout(text: str):
    return from_text(text, "test")


def points(text: str) -> dict[tuple[int, int], int]:
    return {(c.row, c.col): c.points for c in score(layout(text)).cards}


def total(text: str) -> int:
    return score(layout(text)).total


def broken(text: str) -> dict[tuple[int, int], str]:
    """(row, col) -> rule id of every placement error."""
    return {v.where["card"]: v.rule for v in validate(layout(text)).errors}


# -- the deck and the grid ---------------------------------------------------------------------------------------

def test_the_deck_maps_each_rank_of_a_standard_deck_to_one_structure():
    assert {rank: BY_RANK[rank].name for rank in BY_RANK} == {
        "A": "pipe", "3": "scratcher", "6": "hammock", "7": "catwalk", "8": "box", "10": "toy", "J": "shelf",
        "K": "nest"}
    assert COPIES * len(STRUCTURES) == 32


def test_row_1_is_the_floor_and_column_1_is_the_left():
    tree = layout("""
        shelf .
        box   pipe
    """)
    assert tree.grid() == {(2, 1): "shelf", (1, 1): "box", (1, 2): "pipe"}


def test_a_cards_height_is_its_row_number():
    # The same shelf on a box tower scores double from row 5 on, not below.
    tower = "box\n" * 4
    assert points("shelf\n" + tower)[(5, 1)] == 10
    assert points("shelf\n" + tower[4:])[(4, 1)] == 5


# -- what can be built on and hung on ----------------------------------------------------------------------------

@pytest.mark.parametrize("below", NAMES)
def test_only_scratcher_box_shelf_and_nest_can_be_built_on(below):
    tree = f"""
        pipe
        {below}
        box
    """
    legal = (2, 1) not in broken(tree.replace(below, "box")) and (3, 1) not in broken(tree)
    assert legal == (below in BUILD_ON)


@pytest.mark.parametrize("side", NAMES)
def test_only_box_shelf_and_nest_can_be_hung_on(side):
    tree = f"""
        {side} hammock {side}
        box    .       box
    """
    assert ((2, 2) not in broken(tree)) == (side in HANG_ON)


# -- placement rules -----------------------------------------------------------------------------------------------

def test_flat_surface_means_the_floor_or_a_build_on_card_directly_below():
    assert not broken("pipe")
    assert not broken("pipe\nbox")
    # diagonally above a box, or a gap above it: no surface
    assert broken("""
        .   pipe
        box .
    """) == {(2, 2): "cat-tree.place.flat-surface"}
    assert broken("""
        pipe
        .
        box
    """) == {(3, 1): "cat-tree.place.flat-surface"}


def test_attached_by_both_sides_means_hang_on_cards_directly_left_and_right():
    between = """
        box hammock nest
        box .       nest
    """
    assert not broken(between)
    one_side = """
        box hammock .
        box .       .
    """
    assert broken(one_side) == {(2, 2): "cat-tree.place.both-sides"}
    one_gap_away = """
        box . catwalk nest
        box . .       nest
    """
    assert broken(one_gap_away) == {(2, 3): "cat-tree.place.both-sides"}


@pytest.mark.parametrize("name", ["pipe", "scratcher", "toy"])
def test_pipe_scratcher_and_toy_need_a_flat_surface_and_hanging_does_not_do(name):
    assert not broken(name)
    assert broken(f"""
        box {name} box
        box .      box
    """) == {(2, 2): "cat-tree.place.flat-surface"}


@pytest.mark.parametrize("name", ["hammock", "catwalk"])
def test_hammock_and_catwalk_must_hang_by_both_sides_even_on_the_floor(name):
    assert broken(name) == {(1, 1): "cat-tree.place.both-sides"}
    assert broken(f"{name}\nbox") == {(2, 1): "cat-tree.place.both-sides"}
    assert not broken(f"shelf {name} shelf\n. . .")


@pytest.mark.parametrize("name", ["box", "nest"])
def test_box_and_nest_stand_on_a_flat_surface_or_hang_by_both_sides(name):
    assert not broken(name)
    assert not broken(f"{name}\nbox")
    assert not broken(f"shelf {name} shelf\n. . .")
    assert broken(f"{name}\n.") == {(2, 1): "cat-tree.place.flat-or-sides"}
    assert broken(f"shelf {name} .\n. . .") == {(2, 2): "cat-tree.place.flat-or-sides"}


def test_a_shelf_goes_anywhere_but_the_floor():
    assert not broken("shelf\n.\n.\n.\n.")
    assert not broken("shelf .\n. box")
    assert broken("shelf") == {(1, 1): "cat-tree.place.not-floor"}


def test_a_violation_names_the_card_by_row_and_column_and_says_why():
    report = validate(layout("""
        . . hammock
        . . box
    """))
    (violation,) = report.errors
    assert violation.where == {"card": (2, 3)}
    assert "row 2, column 3" in violation.message and "Hammock" in violation.message


# -- scoring ---------------------------------------------------------------------------------------------------

def test_a_pipe_scores_5_plus_3_for_each_side_neighbour_holding_a_card():
    assert points("pipe")[(1, 1)] == 5
    assert points("toy pipe")[(1, 2)] == 8
    assert points("toy pipe box")[(1, 2)] == 11
    # cards above and below do not count, nor a card two columns away
    assert points("box .\npipe .\nbox .")[(2, 1)] == 5
    assert points("pipe . box")[(1, 1)] == 5


def test_scratchers_side_by_side_in_a_row_form_one_group():
    assert total("scratcher scratcher") == 5
    assert total("scratcher scratcher scratcher") == 5


def test_scratchers_with_a_column_between_them_are_separate_groups():
    assert total("scratcher . scratcher") == 10
    assert total("scratcher box scratcher") == 15


def test_stacked_scratchers_are_separate_groups():
    assert total("scratcher\nscratcher") == 10
    assert total("scratcher scratcher\nscratcher scratcher") == 10


def test_toys_within_distance_2_share_a_group():
    assert total("toy toy") == 5                          # distance 1
    assert total("toy . toy") == 5                        # distance 2, in a row
    assert total("toy .\nbox toy") == 10                  # distance 2, diagonal: one toy group (5) + box (5)


def test_toys_at_distance_3_are_separate_groups():
    assert total("toy . . toy") == 10
    assert total("toy . .\nbox . toy") == 15              # distance 3 = 1 up + 2 across


def test_toys_group_through_a_chain():
    assert total("toy . toy . toy") == 5                  # ends 4 apart, linked by the middle toy


@pytest.mark.parametrize("name, value", [("hammock", 8), ("catwalk", 8), ("box", 5), ("shelf", 5), ("nest", 5)])
def test_hammock_and_catwalk_score_8_box_shelf_and_nest_5(name, value):
    tree = f"box {name} box\nbox . box" if BY_NAME[name].placement == "sides" else f"{name}\nbox"
    row = 2
    col = 2 if BY_NAME[name].placement == "sides" else 1
    assert points(tree)[(row, col)] == value


def test_altitude_doubles_at_height_5_not_at_4():
    assert points("box hammock box\n" + "box . box\n" * 3)[(4, 2)] == 8
    assert points("box hammock box\n" + "box . box\n" * 4)[(5, 2)] == 16
    assert points("box pipe box\n" + "box box box\n" * 3)[(4, 2)] == 11
    assert points("box pipe box\n" + "box box box\n" * 4)[(5, 2)] == 22


def test_a_group_scores_double_when_any_of_its_cards_is_at_height_5():
    # toys at (4, 1) and (5, 2), distance 2: one group, doubled by the higher toy
    high = """
        .   toy
        toy box
        box box
        box box
        box box
    """
    assert [c.points for c in score(layout(high)).cards if c.card == "toy"] == [10, 0]
    low = """
        toy toy
        box box
        box box
        box box
    """
    assert [c.points for c in score(layout(low)).cards if c.card == "toy"] == [5, 0]
    assert total("scratcher scratcher\n" + "box box\n" * 4) == 10 + 40


def test_a_floating_part_at_distance_2_from_the_grounded_tree_counts():
    assert points("shelf\n.\nbox")[(3, 1)] == 5           # straight above, one empty cell between
    assert points("shelf .\n. box")[(2, 1)] == 5          # diagonal


def test_a_floating_part_at_distance_3_scores_nothing():
    assert points("shelf\n.\n.\nbox")[(4, 1)] == 0
    assert points("shelf .\n. .\n. box")[(3, 1)] == 0


def test_a_shelf_and_toy_at_distance_3_score_nothing_together():
    tree = """
        toy   .
        shelf .
        .     .
        .     .
        .     box
    """
    assert points(tree) == {(5, 1): 0, (4, 1): 0, (1, 2): 5}


def test_a_part_touching_the_floor_always_counts_however_far():
    assert points("box . . . . . toy") == {(1, 1): 5, (1, 7): 5}


def test_detached_is_measured_to_grounded_parts_only_not_through_other_floating_parts():
    # the upper shelf is 2 from the lower floating shelf, which is 2 from the box, but 4 from the box itself
    tree = """
        shelf
        .
        shelf
        .
        box
    """
    assert points(tree) == {(5, 1): 0, (3, 1): 5, (1, 1): 5}



DETACHED_TOY_BETWEEN = """
    .   .  toy   .  toy   .  toy   .  .
    box .  shelf .  shelf .  shelf .  nest
    box .  .     .  .     .  .     .  nest
    box .  .     .  .     .  .     .  nest
"""


def test_a_detached_card_is_no_part_of_the_tree_and_links_no_group():
    """The middle shelf and toy are 4 from every grounded card: not part of the tree. The toys 2 columns either side
    of it stay two groups (5 points each), as they are with the detached pair taken away; were the detached toy to
    link them, the tree would lose 5 points by a card that is not in it."""
    from washigen.games.cat_tree.bots import Board
    from washigen.games.cat_tree.rules import score_grid

    scored = points(DETACHED_TOY_BETWEEN)
    assert (scored[(3, 5)], scored[(4, 5)]) == (0, 0)
    assert scored[(4, 3)] == scored[(4, 7)] == 5
    without = DETACHED_TOY_BETWEEN.replace("shelf .  shelf .  shelf", "shelf .  .     .  shelf").replace(
        "toy   .  toy   .  toy", "toy   .  .     .  toy")
    assert total(DETACHED_TOY_BETWEEN) == total(without) == 50
    grid = layout(DETACHED_TOY_BETWEEN).grid()
    assert Board.of(grid, 9, 4).total() == score_grid(grid).total == 50     # the bots count it alike

def test_without_any_part_on_the_floor_nothing_scores():
    assert total("shelf shelf\n. .") == 0


def test_a_card_that_breaks_a_rule_scores_0_but_still_supports():
    tree = """
        nest
        box
        .
    """
    assert broken(tree) == {(2, 1): "cat-tree.place.flat-or-sides"}
    assert points(tree) == {(2, 1): 0, (3, 1): 0}         # detached: nothing on the floor
    grounded = """
        nest .
        box  .
        .    box
    """
    # the box breaks its rule and scores 0; the nest stands legally on it and scores
    assert broken(grounded) == {(2, 1): "cat-tree.place.flat-or-sides"}
    assert points(grounded) == {(3, 1): 5, (2, 1): 0, (1, 2): 5}


def test_a_card_that_breaks_a_rule_still_attaches_and_counts_as_a_pipe_neighbour():
    tree = "shelf hammock shelf pipe"
    # both shelves break their rule on the floor, yet the hammock hangs from them legally
    assert broken(tree) == {(1, 1): "cat-tree.place.not-floor", (1, 3): "cat-tree.place.not-floor"}
    assert points(tree) == {(1, 1): 0, (1, 2): 8, (1, 3): 0, (1, 4): 8}
    attached = """
        shelf hammock shelf
        shelf .       box
    """
    # the floor shelf breaks its rule, yet the shelf on it and the hammock hung from both shelves are legal
    assert broken(attached) == {(1, 1): "cat-tree.place.not-floor"}
    assert points(attached)[(2, 2)] == 8
    assert points("shelf pipe")[(1, 2)] == 8


def test_a_card_that_breaks_a_rule_still_connects_its_part_to_the_floor():
    tree = """
        shelf . . .
        shelf . . .
        shelf . . .
        shelf . . box
    """
    assert broken(tree) == {(1, 1): "cat-tree.place.not-floor"}
    assert points(tree) == {(1, 1): 0, (2, 1): 5, (3, 1): 5, (4, 1): 5, (1, 4): 5}


def test_a_group_with_a_card_that_breaks_a_rule_still_scores_through_its_legal_card():
    tree = """
        toy .
        .   toy
    """
    assert broken(tree) == {(2, 1): "cat-tree.place.flat-surface"}
    assert points(tree) == {(2, 1): 0, (1, 2): 5}


def test_a_card_that_breaks_a_rule_still_links_a_group():
    # the floating toy at (2, 2) is 2 from both other toys, which are 4 apart: one group of three
    tree = """
        .   .   toy
        .   toy box
        toy .   box
    """
    assert broken(tree) == {(2, 2): "cat-tree.place.flat-surface"}
    assert total(tree) == 5 + 10


def test_the_example_of_the_rules_scores_44():
    result = score(example_layout())
    assert validate(example_layout()).ok
    assert {(c.row, c.col): (c.card, c.points) for c in result.cards} == {
        (1, 1): ("box", 5), (1, 2): ("pipe", 11), (1, 3): ("scratcher", 5),
        (2, 1): ("box", 5), (2, 2): ("catwalk", 8), (2, 3): ("shelf", 5),
        (3, 3): ("nest", 5)}
    assert result.total == 44


def test_a_tree_one_deck_cannot_make_is_warned_about_but_stays_valid():
    report = validate(layout("box\n" * 5))
    assert report.ok
    assert [(v.rule, v.severity, v.where) for v in report] == [("cat-tree.deck.count", "warning", {"card": (5, 1)})]
    seventeen = " ".join(["box"] * 4 + ["pipe"] * 4 + ["toy"] * 4 + ["scratcher"] * 4 + ["nest"])
    assert validate(layout(seventeen)).rules() == {"cat-tree.deck.cards"}
    assert not validate(layout(seventeen.rsplit(" ", 1)[0])).violations


@pytest.mark.parametrize("copies, cards, rounds", [(3, 24, 6), (1, 8, 2)])
def test_a_deck_short_of_the_games_32_cards_is_warned_about_with_its_count(copies, cards, rounds):
    """The game shuffles 32 cards, four of each structure, and deals them all in eight rounds of four. A printed
    deck of fewer copies still deals whole rounds, only fewer: a warning that says the count, on the deck's field."""
    from washigen.games import get_game
    from washigen.games.cat_tree.model import CatTreeDeck

    assert not get_game("cat-tree").validate(CatTreeDeck()).violations
    report = get_game("cat-tree").validate(CatTreeDeck(copies=copies))
    assert report.ok
    assert [(v.rule, v.severity, v.where) for v in report] == [("cat-tree.deck.count", "warning", {"field": "copies"})]
    message = report.violations[0].message
    assert f"This deck has {cards} cards" in message and "the game deals 32" in message
    assert f"ends after {rounds} rounds" in message


# -- the rules hold when a card is placed ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, never", [
    # Two Boxes hung from each other between two Shelves, nothing under them.
    ("shelf box box shelf\nbox . . box", {(2, 2), (2, 3)}),
    # Box, Nest and Box in a row, each held by its neighbours alone.
    ("shelf nest box nest shelf\npipe . . . pipe", {(2, 2), (2, 3), (2, 4)}),
    # A Toy on a Nest on such a Box: neither can be placed before it.
    (". toy . .\nshelf nest . .\nshelf box nest shelf\nbox . . box", {(2, 2), (2, 3), (3, 2), (4, 2)}),
])
def test_a_card_held_only_by_cards_that_need_it_first_is_never_placed_and_scores_nothing(text, never):
    tree = layout(text)
    errors = validate(tree).errors
    assert {v.where["card"] for v in errors} == never
    assert all("no order of play can place it" in str(v.message) for v in errors)
    assert all(card.points == 0 for card in score(tree).cards if (card.row, card.col) in never)


def test_hanging_cards_are_placed_when_one_of_them_stands_on_something():
    # The same two Boxes with a Scratcher under one of them: that one goes first, the other hangs from it.
    tree = layout("shelf box box shelf\nbox scratcher . box")
    assert not validate(tree).errors
    assert {(card.row, card.col): card.points for card in score(tree).cards}[(2, 3)] == 5


def test_a_misplaced_card_still_holds_the_cards_placed_after_it():
    # A floating Box breaks its rule (reported once, as a card with no support); the Toy on it is placed after it.
    broken_only = broken("toy\nbox\n.\npipe")
    assert broken_only == {(3, 1): "cat-tree.place.flat-or-sides"}
