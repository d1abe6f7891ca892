"""Bots for Cats on the washigen.arena protocol: `random` (a uniformly random legal move), `greedy`, and `strong`
(washigen.arena.search's lookahead over the greedy bot, its simulated games played to the end).

The greedy bot walks each cat along a shortest route to its next goal (a fish it may take on the far side, then
any cell of its start row but those holding a fish), measured every turn on the map as it stands: cells holding
another player's line are closed, its own line is open. A free jump counts by where it lands. It spends a special move (amazing jump or
sewer pop) only where it saves at least SPECIAL_SAVING steps over the best normal move, or where no normal move
leads anywhere (a trapped cat). A cat no walk reaches (walled off by other players' lines) is measured by the moves
it really has (escape.py): steps, free jumps, and the special moves its team has left (pops, amazing jumps where
the variant allows them, shrines giving one back in jinja mode), each counting one step. Ties are broken by the
match's rng, so a seed replays the same game.

The distances come from a flood from the goal (goal_flood: one big-integer operation a direction per ring),
which a player's two cats share when they head for the same goal, and which starts from the player's flood of its
last turn: only the rings behind the other players' new lines are grown again.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ...arena import Bot, RandomBot
from ...arena.search import strong_bot
from . import engine
from .engine import apply
from .escape import escape, landings, ring_at
from .flood import Flood, first_ring, goal_flood
from .moves import NO_REGION, Move, State, can_move, goal_of
from .trap import Walk

SPECIAL_SAVING = 4          # steps a special move must save over the best normal move
FAR = 10_000                # the distance of a cell no route reaches


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        normal, special, walled = self._scored(state, moves, rng)
        best = _best(normal, special, walled)
        if best is None or _leaves_a_way_out(state, best):
            return best or moves[0]
        ranked = _ranked(normal, special, walled)     # the best one walls the player in: the next best
        for move in ranked[1:]:
            if _leaves_a_way_out(state, move):
                return move
        return ranked[0]

    def rank(self, state: State, moves: Sequence[Move], rng: random.Random) -> list[Move]:
        """Every move, best first, as choose() would take them (those that leave the player in and the cat a move
        ahead of the rest): the strong bot's candidates."""
        if len(moves) == 1:
            return list(moves)
        ranked = _ranked(*self._scored(state, moves, rng))
        good = [move for move in ranked if _leaves_a_way_out(state, move)]
        return good + [move for move in ranked if move not in good] + [m for m in moves if m not in ranked]

    def _scored(self, state: State, moves: Sequence[Move], rng: random.Random) -> tuple[list, list, bool]:
        """(normal moves, special moves, walled off): each move as (gain, tie-break, move), unsorted; walled off
        when a cat no flood reaches took part."""
        searches: dict[int, tuple] = {}
        normal: list[tuple[int, float, Move]] = []            # (gain, tie-break, move)
        special: list[tuple[int, float, Move]] = []
        walled = False
        draw = rng.random
        land = state.game.terrain
        step_cells = land.step_cells
        index = goal_cells = here = limit = -1
        flood: Flood                           # set by the first move: a pass or trapped (cat -1) is never ranked
        for move in moves:
            if move.cat != index:              # a cat's moves come together: one search a cat
                index = move.cat
                if index < 0:
                    continue
                search = searches.get(index)
                if search is None:
                    search = searches[index] = _search(state, index)
                flood, landed, goal_cells, here, limit, ghost = search
                if ghost:
                    walled = True
                    here -= FAR // 8              # after any real progress
            j = move.target
            kind = move.kind
            spends = kind == "amazing" or kind == "pop"
            if goal_cells >> j & 1:
                gain = -FAR // 4 - here          # takes a fish, or home: the goal of this leg
            else:
                gain = _distance(landed if spends else flood, step_cells[j] if kind == "step" else 1 << j,
                                 limit) - here
            (special if spends else normal).append((gain, draw(), move))
        return normal, special, walled


def _special_first(best_normal: int, best_special: int, walled: bool) -> bool:
    """Does the best special move come before every normal move (gains as _scored gives them)?"""
    saving = 1 if walled and best_normal >= FAR // 8 else SPECIAL_SAVING
    return best_special < FAR // 2 and (best_normal >= FAR // 2 or best_special <= best_normal - saving)


def _ranked(normal: list, special: list, walled: bool) -> list[Move]:
    """The moves scored by GreedyBot._scored, best first."""
    normal.sort()
    special.sort()
    if special and _special_first(normal[0][0] if normal else FAR, special[0][0], walled):
        ranked = special + normal
    else:
        ranked = normal + special
    return [move for _, _, move in ranked]


def _best(normal: list, special: list, walled: bool) -> Move | None:
    """The first of _ranked's moves, without sorting the rest."""
    best_normal = min(normal) if normal else None
    if special:
        best_special = min(special)
        if best_normal is None or _special_first(best_normal[0], best_special[0], walled):
            return best_special[2]
    return best_normal[2] if best_normal is not None else None


def _search(state: State, index: int) -> tuple[Flood, Flood, int, int, int, bool]:
    """One cat's distances this turn: (the flood from its goal its normal moves are measured by, the one its special
    moves are measured by (where they land), the cells that reach the goal of this leg in one move, the cat's ring,
    the ring past which a move counts as unreachable, walled off). The flood is looked at no farther than one ring
    past the cat (a move never ends farther than that and still counts: farther is as bad as unreachable). A cat
    the flood does not reach is walled off (a ghost): it heads for the goal by the fewest of the moves it has
    (escape.escape), or, where none gets it there, as if other players' lines were jumpable."""
    cat = state.cats[index]
    land = state.game.terrain
    # A move onto one of these cells reaches the goal of this leg: a fish to take, or home. Home is the start row's
    # cells a cat with a fish may enter: not one holding a fish (moves.goal_of counts those, and a cat beside one
    # stepped back and forth by it for ever).
    if cat.fish:
        goal = goal_cells = land.row_mask[cat.start_row] & ~state.fish
    else:
        goal, goal_cells = goal_of(state, cat), state.fish
    cells = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
    flood = goal_flood(state, cat.player, goal)
    level = flood.level(cells)
    if level >= 0:
        return flood, flood, goal_cells, level, level + 1, False
    landed = landings(state, flood)
    level = ring_at(land, flood, cells)       # on a sewer a pop took it to, where sewer poppers keep cats off them
    if level >= 0:
        return flood, landed, goal_cells, level, level + 1, False
    way_out = escape(state, cat, flood, cells)
    if way_out is not None:
        walk, landed, level = way_out
        return walk, landed, goal_cells, level, level + 1, True
    flood = goal_flood(state, cat.player, goal, through_lines=True)
    level = flood.level(cells)
    # Past the cat's own ring + 1 everything counts as unreachable; a cat not reached sees the whole flood.
    if level < 0:
        return flood, flood, goal_cells, FAR, FAR, True
    return flood, flood, goal_cells, level, level + 1, True


def _distance(flood: Flood, cells: int, limit: int) -> int:
    """How far a move onto `cells` leaves the cat from its goal: Flood.level looking no farther than `limit`, with
    the rings nearest the cat's looked at first; FAR when farther. As in Flood.level, a move whose look grows the
    flood past the limit (a narrowed flood takes its old rings all at once) sees them all."""
    reach = flood.reach
    top = len(reach) - 1
    if top < limit:
        if not reach[top] & cells:
            flood._grow_to(cells, limit)
            top = len(reach) - 1
    else:
        top = limit
    if not reach[top] & cells:
        return FAR
    # A step ends a ring or two from the cat's: look down from the top ring first, then halve what is left.
    low = top - 3
    while top > low:
        if top == 0 or not reach[top - 1] & cells:
            return top
        top -= 1
    return first_ring(reach, cells, top)


def _leaves_a_way_out(state: State, move: Move) -> bool:
    """After the move the player is still in (it did not wall itself off) and the cat can still move (a building
    with one door, entered, is a trap of one's own)."""
    after = apply(state, move)
    cat = after.cats[move.cat]
    team = after.game.team_of[cat.player]
    if after.out[team]:
        return False
    if cat.home or after.winner is not None:
        return True
    routes = after.routes
    if cat.region == NO_REGION and routes is not None and type(routes[move.cat]) is Walk:
        return True                      # a walk from a cell starts with a step (as the trap check reads it)
    return can_move(after, move.cat, cat, after.specials[team])


# The strong bot plays its simulated games to the end: a guess from the steps each team has left (tried as
# `evaluate`, games cut after 12 or 30 plies) won no more games against greedy than greedy itself, while games
# played out won 6 of 8. STRONG_STRENGTH keeps a 100-game balance with strong bots in every seat within minutes.
STRONG_STRENGTH = 16

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                       "strong": strong_bot(engine, GreedyBot, default_strength=STRONG_STRENGTH)}
