"""Cat Tree? We can handle this! held to its rule text: the deal refuses anything but the game's 32 cards as a
sentence (InputError), and the scorer and the referee agree with a plain reading of DESIGN 5 on random trees and
random games."""

import random
from collections import Counter

import pytest

from washigen.errors import InputError
from washigen.games.cat_tree.engine import OVER, PLACE, apply, full_deck, initial_state, legal_moves, open_cells
from washigen.games.cat_tree.model import CatTreeLayout
from washigen.games.cat_tree.rules import legal_cells, score_grid


def test_the_deck_is_the_32_cards_four_of_each_rank():
    deck = full_deck()
    assert len(deck) == 32
    assert Counter(deck) == {name: 4 for name in ("pipe", "scratcher", "hammock", "catwalk", "box", "toy", "shelf",
                                                  "nest")}


@pytest.mark.parametrize("deck", [full_deck()[:-1] + [None], [1] * 32, full_deck()[:-1] + [["box"]],
                                  dict(Counter(full_deck())), 7, full_deck()[:-1], full_deck() + ["box"]])
def test_a_deal_from_anything_but_the_32_cards_is_refused_as_bad_input(deck):
    with pytest.raises(InputError, match="32 cards"):
        initial_state(deck=deck)


def test_a_deal_from_the_32_cards_in_any_order_gives_two_cards_to_each_player():
    deck = full_deck()
    random.Random(3).shuffle(deck)
    state = initial_state(deck=tuple(deck))
    assert [len(hand) for hand in state.hands] == [2, 2] and len(state.deck) == 28
    assert state.hands[0] == tuple(reversed(deck[-2:])) and state.hands[1] == tuple(reversed(deck[-4:-2]))


# -- the scorer against the rule text, read plainly ------------------------------------------------------------------

BUILD_ON, HANG_ON = {"scratcher", "box", "shelf", "nest"}, {"box", "shelf", "nest"}
POINTS = {"pipe": 5, "scratcher": 5, "hammock": 8, "catwalk": 8, "box": 5, "toy": 5, "shelf": 5, "nest": 5}


def _legal(grid, cell, name):
    row, col = cell
    flat = row == 1 or grid.get((row - 1, col)) in BUILD_ON
    sides = grid.get((row, col - 1)) in HANG_ON and grid.get((row, col + 1)) in HANG_ON
    return {"pipe": flat, "scratcher": flat, "toy": flat, "hammock": sides, "catwalk": sides,
            "box": flat or sides, "nest": flat or sides, "shelf": row != 1}[name]


def _groups(cells, linked):
    cells, seen, found = list(cells), set(), []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        group, stack = [], [start]
        while stack:
            here = stack.pop()
            group.append(here)
            for other in cells:
                if other not in seen and linked(here, other):
                    seen.add(other)
                    stack.append(other)
        found.append(group)
    return found


def _apart(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def plain_score(grid):
    """DESIGN 5 word by word, with no care for speed."""
    broken = {cell for cell, name in grid.items() if not _legal(grid, cell, name)}
    parts = _groups(grid, lambda a, b: _apart(a, b) == 1)
    grounded = [cell for part in parts if any(row == 1 for row, _ in part) for cell in part]
    away = set()
    for part in parts:
        if not any(row == 1 for row, _ in part) and (
                not grounded or min(_apart(a, b) for a in part for b in grounded) >= 3):
            away |= set(part)
    tree = {cell: name for cell, name in grid.items() if cell not in away}
    total = 0
    for kind, linked in (("scratcher", lambda a, b: a[0] == b[0] and abs(a[1] - b[1]) == 1),
                         ("toy", lambda a, b: _apart(a, b) <= 2)):
        for group in _groups([cell for cell, name in tree.items() if name == kind], linked):
            if any(cell not in broken for cell in group):
                total += 5 * (2 if any(row >= 5 for row, _ in group) else 1)
    for cell, name in tree.items():
        if name in ("scratcher", "toy") or cell in broken:
            continue
        points = POINTS[name] + (3 * sum((cell[0], cell[1] + d) in grid for d in (-1, 1)) if name == "pipe" else 0)
        total += points * (2 if cell[0] >= 5 else 1)
    return total


def test_the_scorer_agrees_with_the_rule_text_on_random_trees():
    rng = random.Random(11)
    names = list(POINTS)
    for _ in range(1500):
        width, height = rng.randint(1, 7), rng.randint(1, 8)
        grid = {(rng.randint(1, height), rng.randint(1, width)): rng.choice(names) for _ in range(rng.randint(0, 16))}
        assert score_grid(grid).total == plain_score(grid), sorted(grid.items())


def test_random_games_place_only_where_the_rules_allow_and_deal_every_card():
    rng = random.Random(2)
    for seed in range(40):
        state = initial_state(CatTreeLayout(width=rng.randint(1, 8), height=rng.randint(1, 8)), seed=seed,
                              first=seed % 2)
        while state.phase != OVER:
            if state.phase == PLACE:
                card = state.kept[state.to_move]
                assert open_cells(state, card) == legal_cells(state.grid, card, state.width, state.height)
            state = apply(state, rng.choice(legal_moves(state)))
        assert len(state.cards) + len(state.dismissed) == 16 and sum(map(len, state.discards)) == 16
        assert not state.deck
