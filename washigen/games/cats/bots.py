"""Bots for Cats on the washigen.play protocol: `random` (a uniformly random legal move) and `greedy`.

The greedy bot walks each cat along a shortest route to its next goal (a fish it may take on the far side, then
any cell of its start row), measured every turn on the map as it stands: cells holding another player's line are
closed, its own line is open. A free jump counts by where it lands. It spends a special move (amazing jump or
sewer pop) only where it saves at least SPECIAL_SAVING steps over the best normal move, or where no normal move
leads anywhere (a trapped cat). Ties are broken by the match's rng, so a seed replays the same game.

The search is a breadth-first flood over bit masks (one big-integer operation a direction per level), so a turn
costs a few dozen integer operations per cat rather than a walk over every cell.
"""

from __future__ import annotations

import random
from typing import Sequence

from ...play import RandomBot
from .engine import NO_REGION, Move, State, Terrain, apply, cat_moves

SPECIAL_SAVING = 4          # steps a special move must save over the best normal move
FAR = 10_000                # the distance of a cell no route reaches


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        searches: dict[int, tuple[list[int], bool]] = {}
        normal, special = [], []
        walled = False
        for move in moves:
            if move.cat < 0:
                continue
            found = searches.get(move.cat)
            if found is None:
                layers = _layers(state, move.cat)
                ghost = _here(layers, state, move.cat) >= FAR
                if ghost:                     # walled off: head for the goal as if other lines were jumpable
                    layers = _layers(state, move.cat, through_lines=True)
                found = searches[move.cat] = (layers, ghost)
            layers, ghost = found
            walled |= ghost
            gain = _distance(layers, state, move) - _here(layers, state, move.cat)
            if ghost:
                gain += FAR // 8              # a walled-off cat's progress comes after any real progress
            (special if move.kind in ("amazing", "pop") else normal).append((gain, rng.random(), move))
        normal.sort()
        special.sort()
        best_normal = normal[0][0] if normal else FAR
        saving = 1 if walled and best_normal >= FAR // 8 else SPECIAL_SAVING
        if special and special[0][0] < FAR // 2 and (best_normal >= FAR // 2
                                                     or special[0][0] <= best_normal - saving):
            ranked = special + normal
        else:
            ranked = normal + special
        for _, _, move in ranked:
            if _leaves_a_way_out(state, move):
                return move
        return ranked[0][2] if ranked else moves[0]


def _leaves_a_way_out(state: State, move: Move) -> bool:
    """After the move the cat can still move (a building with one door, entered, is a trap of one's own)."""
    after = apply(state, move)
    cat = after.cats[move.cat]
    if cat.home or after.winner is not None:
        return True
    found: list[Move] = []
    cat_moves(after, move.cat, cat, after.specials[after.game.team_of[cat.player]], found)
    return bool(found)


def _goal(state: State, cat) -> int:
    """The cells a cat heads for: a far-side fish it may take, or its start row once it carries one."""
    land = state.game.terrain
    if cat.fish:
        return land.row_mask[cat.start_row]
    own_half = land.half(cat.start_row * land.cols)
    goal = 0
    fish = state.fish
    while fish:
        low = fish & -fish
        if land.half(low.bit_length() - 1) != own_half:
            goal |= low
        fish ^= low
    return goal


def _layers(state: State, index: int, through_lines: bool = False) -> list[int]:
    """Rings of equal distance from the cat's goal, over the cells it may walk today, out to one ring past the
    cat (a move never ends farther than that and still counts: farther is as bad as unreachable)."""
    land: Terrain = state.game.terrain
    cat = state.cats[index]
    others = 0
    if not through_lines:
        for p, lines in enumerate(state.lines):
            if p != cat.player:
                others |= lines
    goal = _goal(state, cat)
    full = (1 << land.n) - 1
    open_cells = full & ~land.shrine & ~others & ~(state.fish & ~goal)
    if state.game.rules.sewer_poppers:
        open_cells &= ~land.sewer
    E, S, C = land.east, land.south, land.cols
    regions, region_of, masks = land.buildings_and_forests, land.region_of, land.region_mask
    here = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
    frontier = goal & open_cells
    reach = frontier
    layers = [frontier]
    extra = 1
    while frontier:
        if reach & here:
            if not extra:
                break
            extra -= 1
        grow = ((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C) | ((frontier >> C) & S)
        frontier = grow & open_cells & ~reach
        touched = frontier & regions
        while touched:                       # entering a building or forest occupies all of it at once
            m = masks[region_of[(touched & -touched).bit_length() - 1]]
            frontier |= m & open_cells & ~reach
            touched &= ~m
        if not frontier:
            break
        reach |= frontier
        layers.append(frontier)
    return layers


def _ring(layers: list[int], cells: int) -> int:
    for level, ring in enumerate(layers):
        if ring & cells:
            return level
    return FAR


def _here(layers: list[int], state: State, index: int) -> int:
    cat = state.cats[index]
    land = state.game.terrain
    cells = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
    return _ring(layers, cells)


def _distance(layers: list[int], state: State, move: Move) -> int:
    """How far the cat is from its goal after the move (0 when the move reaches it)."""
    land = state.game.terrain
    cat = state.cats[move.cat]
    j = move.target
    if not cat.fish and state.fish >> j & 1:
        return -FAR // 4                     # takes a fish: the goal of this leg
    if cat.fish and land.row_mask[cat.start_row] >> j & 1:
        return -FAR // 4                     # home
    region = land.region_of[j] if move.kind == "step" else NO_REGION
    cells = land.region_mask[region] if region != NO_REGION else 1 << j
    return _ring(layers, cells)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
