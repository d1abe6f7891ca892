"""Bots for Cats on the washigen.play protocol: `random` (a uniformly random legal move) and `greedy`.

The greedy bot walks each cat along a shortest route to its next goal (a fish it may take on the far side, then
any cell of its start row), measured every turn on the map as it stands: cells holding another player's line are
closed, its own line is open. A free jump counts by where it lands. It spends a special move (amazing jump or
sewer pop) only where it saves at least SPECIAL_SAVING steps over the best normal move, or where no normal move
leads anywhere (a trapped cat). Ties are broken by the match's rng, so a seed replays the same game.

The distances come from the engine's flood from the goal (engine.goal_flood: one big-integer operation a
direction per ring), which the engine's walled-off check has usually grown already on the same state, and which
a player's two cats share when they head for the same goal.
"""

from __future__ import annotations

import random
from typing import Sequence

from ...play import RandomBot
from .engine import NO_REGION, Flood, Move, State, apply, can_move, goal_flood, goal_of

SPECIAL_SAVING = 4          # steps a special move must save over the best normal move
FAR = 10_000                # the distance of a cell no route reaches


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        searches: dict[int, _Search] = {}
        normal, special = [], []
        walled = False
        for move in moves:
            if move.cat < 0:
                continue
            search = searches.get(move.cat)
            if search is None:
                search = searches[move.cat] = _Search(state, move.cat)
            walled |= search.ghost
            gain = search.distance(state, move) - search.here
            if search.ghost:
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


class _Search:
    """One cat's distances this turn: the flood from its goal over the cells it may walk, looked at no farther
    than one ring past the cat (a move never ends farther than that and still counts: farther is as bad as
    unreachable). A cat the flood does not reach is walled off (a ghost): it heads for the goal as if other
    players' lines were jumpable."""
    __slots__ = ("flood", "here", "limit", "ghost", "land", "taking", "home_row")

    def __init__(self, state: State, index: int):
        cat = state.cats[index]
        self.land = land = state.game.terrain
        # A move onto one of these cells reaches the goal of this leg: a fish to take, or home.
        self.taking = 0 if cat.fish else state.fish
        self.home_row = land.row_mask[cat.start_row] if cat.fish else 0
        goal = goal_of(state, cat)
        cells = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
        self.ghost = False
        self.flood: Flood = goal_flood(state, cat.player, goal)
        level = self.flood.level(cells)
        if level < 0:
            self.ghost = True
            self.flood = goal_flood(state, cat.player, goal, through_lines=True)
            level = self.flood.level(cells)
        # Past the cat's own ring + 1 everything counts as unreachable; a cat not reached sees the whole flood.
        self.here, self.limit = (level, level + 1) if level >= 0 else (FAR, FAR)

    def distance(self, state: State, move: Move) -> int:
        """How far the cat is from its goal after the move (0 when the move reaches it)."""
        land = self.land
        j = move.target
        if (self.taking | self.home_row) >> j & 1:
            return -FAR // 4                     # takes a fish, or home: the goal of this leg
        region = land.region_of[j] if move.kind == "step" else NO_REGION
        cells = land.region_mask[region] if region != NO_REGION else 1 << j
        level = self.flood.level(cells, self.limit)
        return level if level >= 0 else FAR


def _leaves_a_way_out(state: State, move: Move) -> bool:
    """After the move the cat can still move (a building with one door, entered, is a trap of one's own)."""
    after = apply(state, move)
    cat = after.cats[move.cat]
    if cat.home or after.winner is not None:
        return True
    return can_move(after, move.cat, cat, after.specials[after.game.team_of[cat.player]])


BOTS = {"random": RandomBot, "greedy": GreedyBot}
