"""Simulated games: two players, eight rounds, one shared tree, a greedy placement policy.

Each round both players draw two cards and, without talking, keep the one that would add the most points to the
tree as it stands (the other is discarded). Then they reveal, agree who places first (the order that adds more),
and each places their card where it adds the most points, or dismisses it when it has no legal cell.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .model import (BY_NAME, COPIES, GRID_COLS, GRID_ROWS, HAND, NAMES, PLAYERS, ROUNDS, CatTreeLayout,
                    layout_from_grid)
from .rules import Cell, Grid, legal_cells, score_grid


@dataclass(frozen=True)
class Turn:
    round: int
    player: int                      # 1 or 2
    drawn: tuple[str, ...]
    kept: str
    cell: Cell | None                # None: dismissed, no legal cell
    gain: int                        # points the tree gained by it


@dataclass(frozen=True)
class PlayedGame:
    seed: int
    layout: CatTreeLayout
    turns: tuple[Turn, ...]          # in the order the cards were placed

    @property
    def dismissed(self) -> tuple[Turn, ...]:
        return tuple(t for t in self.turns if t.cell is None)


def shuffled_deck(rng: random.Random) -> list[str]:
    deck = [name for name in NAMES for _ in range(COPIES)]
    rng.shuffle(deck)
    return deck


def _total(grid: Grid) -> int:
    return score_grid(grid).total


def _prospect(grid: Grid, cell: Cell, name: str) -> tuple[int, int, int]:
    """Tie-break between cells of equal gain: first the gaps it opens for a Hammock or Catwalk (a card to hang
    on, one empty cell away from another), then the cards next to it, then height."""
    row, col = cell
    slots = 0
    if BY_NAME[name].hang_on:
        for step in (-1, 1):
            gap, far = (row, col + step), grid.get((row, col + 2 * step))
            slots += gap not in grid and far is not None and BY_NAME[far].hang_on
    neighbours = sum((row + dr, col + dc) in grid for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return slots, neighbours, row


def best_cell(grid: Grid, name: str, rng: random.Random, width: int = GRID_COLS,
              height: int = GRID_ROWS) -> tuple[Cell, int] | None:
    """The legal cell where `name` adds the most points (and that gain), None when it has no legal cell."""
    cells = legal_cells(grid, name, width, height)
    if not cells:
        return None
    rng.shuffle(cells)       # equal cells: the shuffle decides, reproducibly
    before = _total(grid)
    best = max(cells, key=lambda cell: (_total({**grid, cell: name}) - before, *_prospect(grid, cell, name)))
    return best, _total({**grid, best: name}) - before


def choose_card(grid: Grid, hand: tuple[str, ...], rng: random.Random, width: int, height: int) -> str:
    """The card a player keeps: the one that alone would add the most to the tree as it stands."""
    def value(name: str) -> int:
        found = best_cell(grid, name, random.Random(0), width, height)
        return -1 if found is None else found[1]

    order = list(hand)
    rng.shuffle(order)
    return max(order, key=value)


def place_both(grid: Grid, kept: list[tuple[int, str]], rng: random.Random, width: int,
               height: int) -> list[tuple[int, str, Cell | None, int]]:
    """Tries both placing orders and keeps the one that adds more (player 1 first on a tie)."""
    best_plan, best_gain = None, None
    for order in (kept, kept[::-1]):
        trial, plan, gain = dict(grid), [], 0
        trial_rng = random.Random(rng.random())
        for player, name in order:
            found = best_cell(trial, name, trial_rng, width, height)
            if found is None:
                plan.append((player, name, None, 0))
                continue
            cell, added = found
            trial[cell] = name
            plan.append((player, name, cell, added))
            gain += added
        if best_gain is None or gain > best_gain:
            best_plan, best_gain = plan, gain
    return best_plan


def play(seed: int, width: int = GRID_COLS, height: int = GRID_ROWS) -> PlayedGame:
    """One whole game from a seed: the same seed gives the same game."""
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    grid: Grid = {}
    turns: list[Turn] = []
    for round_number in range(1, ROUNDS + 1):
        hands = {player: tuple(deck.pop() for _ in range(HAND)) for player in range(1, PLAYERS + 1)}
        kept = [(player, choose_card(grid, hand, rng, width, height)) for player, hand in hands.items()]
        for player, name, cell, gain in place_both(grid, kept, rng, width, height):
            if cell is not None:
                grid[cell] = name
            turns.append(Turn(round_number, player, hands[player], name, cell, gain))
    return PlayedGame(seed, layout_from_grid(grid, width, height, seed=seed), tuple(turns))


def generate_layout(seed: int) -> CatTreeLayout:
    return play(seed).layout


def game_log(game: PlayedGame) -> list[str]:
    """What happened, round by round, for the terminal."""
    lines = []
    for turn in game.turns:
        head = f"round {turn.round}, player {turn.player}: drew {' and '.join(turn.drawn)}, kept {turn.kept}"
        if turn.cell is None:
            lines.append(f"{head}, no legal cell: dismissed")
        else:
            lines.append(f"{head} -> row {turn.cell[0]}, column {turn.cell[1]} ({turn.gain:+d})")
    return lines
