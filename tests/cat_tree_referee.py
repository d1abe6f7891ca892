"""The Cat Tree referee, written from the rule text (the seed) and DESIGN 5's readings of it, apart from the engine
and the scorer: `referee` replays a game's moves and refuses the first one the rules do not allow; `tree_points`
scores a finished tree card by card. Neither imports the game's rules: the tests hold the engine and the scorer to
them.

Placement. "On a flat surface": the floor (row 1) or directly on a card that can be built on; "attached by both
sides": a card that can be hung on directly to the left and directly to the right; a Shelf anywhere but row 1.
Each round: two cards to each player from the top of the pile (seat 1 first), each keeps one (the round's leader
first), then each places their own card, the leader first unless they wait; a card goes on a cell that takes it,
and is dismissed only when no cell does.

Points. Pipe 5 + 3 for each card directly left or right of it; Scratchers side by side in one row score 5 once
(a column between them, or one on top of another, makes separate groups); Toys closer than 3 (Manhattan) to a toy
of a group join it and the group scores 5 once; Hammock and Catwalk 8; Box, Shelf, Nest 5. From height (row) 5 up
a card scores double, a group when any of its cards stands there. A part (cards touching side by side or one on
another) that touches no floor and whose every card is 3 or more from every card of the parts on the floor is no
part of the tree: it scores nothing and links no group. A card off its placement rule scores 0 but stays on the
grid for everything else.
"""

from __future__ import annotations

import re
from collections import Counter

STANDS = {"pipe": "surface", "scratcher": "surface", "toy": "surface", "hammock": "hung", "catwalk": "hung",
          "box": "surface or hung", "nest": "surface or hung", "shelf": "above the floor"}
HOLDS_ABOVE = {"scratcher", "box", "shelf", "nest"}
HOLDS_BESIDE = {"box", "shelf", "nest"}
ROUNDS, FOUR = 8, 4
POINTS = {"pipe": 5, "scratcher": 5, "hammock": 8, "catwalk": 8, "box": 5, "toy": 5, "shelf": 5, "nest": 5}
PIPE_SIDE = 3
HIGH = 5                        # from this row on, points are doubled
FAR = 3                         # a floating part this far from the grounded tree is not part of it
TOYS_APART = 3                  # toys closer than this share a group


def rule_holds(tree: dict, card: str, row: int, col: int) -> bool:
    """Whether `card` at (row, col) keeps its placement rule with the other cards of `tree` where they are."""
    surface = row == 1 or tree.get((row - 1, col)) in HOLDS_ABOVE
    hung = tree.get((row, col - 1)) in HOLDS_BESIDE and tree.get((row, col + 1)) in HOLDS_BESIDE
    return {"surface": surface, "hung": hung, "surface or hung": surface or hung,
            "above the floor": row > 1}[STANDS[card]]


def may_stand(tree: dict, width: int, height: int, card: str, row: int, col: int) -> bool:
    if not (1 <= row <= height and 1 <= col <= width) or (row, col) in tree:
        return False
    return rule_holds(tree, card, row, col)


def any_cell(tree: dict, width: int, height: int, card: str) -> bool:
    return any(may_stand(tree, width, height, card, r, c) for r in range(1, height + 1) for c in range(1, width + 1))


MOVE = re.compile(r"keep (\w+)|dismiss (\w+)|(\w+) r(\d+)c(\d+)|wait")


class Illegal(AssertionError):
    pass


def referee(deck, first: int, moves, width: int = 8, height: int = 8) -> dict:
    """Replays a game's moves from its deck (top card last) and first leader; raises Illegal at the first move
    the rules do not allow; returns the finished tree."""
    if Counter(deck) != {card: FOUR for card in STANDS}:
        raise Illegal(f"not the 32-card deck: {Counter(deck)}")
    pile, tree, moves = list(deck), {}, list(moves)

    def next_move(what: str):
        if not moves:
            raise Illegal(f"the game stops before {what}")
        found = MOVE.fullmatch(moves.pop(0))
        if found is None:
            raise Illegal(f"unreadable move for {what}")
        return found.groups()

    for round_number in range(1, ROUNDS + 1):
        leader = (first + round_number - 1) % 2
        hands = [[pile.pop(), pile.pop()] for _ in range(2)]
        kept = {}
        for seat in (leader, 1 - leader):
            card = next_move(f"round {round_number}: player {seat + 1} keeps")[0]
            if card not in hands[seat]:
                raise Illegal(f"round {round_number}: player {seat + 1} keeps {card}, dealt {hands[seat]}")
            kept[seat] = card
        order = [leader, 1 - leader]
        for index, seat in enumerate(list(order)):
            groups = next_move(f"round {round_number}: player {seat + 1} places")
            if index == 0 and groups == (None,) * 5:          # wait: the partner places first
                order.reverse()
                seat = order[0]
                groups = next_move(f"round {round_number}: player {seat + 1} places")
                if groups == (None,) * 5:
                    raise Illegal(f"round {round_number}: both wait")
            order_seat = order[index]
            _, dismissed, card, row, col = groups
            if dismissed is not None:
                if dismissed != kept[order_seat] or any_cell(tree, width, height, dismissed):
                    raise Illegal(f"round {round_number}: player {order_seat + 1} dismisses {dismissed}")
                continue
            if card != kept[order_seat] or not may_stand(tree, width, height, card, int(row), int(col)):
                raise Illegal(f"round {round_number}: player {order_seat + 1} places {card} at {row},{col}")
            tree[(int(row), int(col))] = card
    if moves or pile:
        raise Illegal(f"the game goes on after round {ROUNDS}: {moves[:3]}, {len(pile)} cards left")
    return tree


# -- the points of a finished tree -------------------------------------------------------------------------------

def _chains(cells, steps) -> list[set]:
    """`cells` cut into groups: two cells share a group when a chain of cells, each one of `steps` from the last,
    joins them."""
    left, found = set(cells), []
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            row, col = todo.pop()
            group.add((row, col))
            near = {(row + dr, col + dc) for dr, dc in steps} & left
            left -= near
            todo.extend(near)
        found.append(group)
    return found


def _within(distance: int) -> list[tuple[int, int]]:
    return [(dr, dc) for dr in range(-distance, distance + 1) for dc in range(-distance, distance + 1)
            if 0 < abs(dr) + abs(dc) <= distance]


def detached_cells(tree: dict) -> set:
    """The cards of the parts that are no part of the tree: no card on the floor, every card 3 or more from every
    card of a part on the floor (with no part on the floor, every part)."""
    parts = _chains(tree, _within(1))
    grounded = {cell for part in parts if any(row == 1 for row, _ in part) for cell in part}
    close = {(row + dr, col + dc) for row, col in grounded for dr, dc in _within(FAR - 1)} | grounded
    away: set = set()
    for part in parts:
        if not any(row == 1 for row, _ in part) and not part & close:
            away |= part
    return away


def tree_points(tree: dict) -> tuple[int, dict]:
    """The tree's total and each card's points: a group's points go to its first card (row, then column) that
    keeps its rule; the other cards of a group score 0."""
    off_rule = {cell for cell, card in tree.items() if not rule_holds(tree, card, *cell)}
    away = detached_cells(tree)
    counted = {cell: card for cell, card in tree.items() if cell not in away}
    points = {cell: 0 for cell in tree}
    for kind, steps in (("scratcher", [(0, -1), (0, 1)]), ("toy", _within(TOYS_APART - 1))):
        for group in _chains([cell for cell, card in counted.items() if card == kind], steps):
            scoring = sorted(cell for cell in group if cell not in off_rule)
            if scoring:
                high = any(row >= HIGH for row, _ in group)
                points[scoring[0]] = POINTS[kind] * (2 if high else 1)
    for (row, col), card in counted.items():
        if card in ("scratcher", "toy") or (row, col) in off_rule:
            continue
        value = POINTS[card]
        if card == "pipe":
            value += PIPE_SIDE * sum((row, col + step) in tree for step in (-1, 1))
        points[(row, col)] = value * (2 if row >= HIGH else 1)
    return sum(points.values()), points
