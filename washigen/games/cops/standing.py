"""Where the squads of a Cops game stand, worked out from the areas filled (engine.State.filled): the locations
each may not enter, the ranks it holds per zone, and how far it is towards winning (`progress`, what balance
counts the lead changes by). The engine keeps a state's Counts up to date move by move (engine._arrive)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Board, State


@dataclass(frozen=True, slots=True)
class Counts:
    """Per squad: the locations it may not enter (bits) and, per zone, the ranks it holds there (bits); per rank,
    the locations whose next empty area has that rank (bits); per squad and rank, the locations of the zones where
    the squad holds that rank (bits; the greedy bot's gains are read from these without a loop over the zones)."""
    filled: tuple                              # the state's `filled` this was worked out for
    blocked: tuple[int, ...]
    ranks: tuple[tuple[int, ...], ...]
    next_rank: tuple[int, ...]
    holding: tuple[int, ...]                   # squad s, rank r at 3 * s + r


def counts_of(board: Board, players: int, filled) -> Counts:
    """The Counts of `filled` worked out afresh (a state made by hand, the opening)."""
    blocked = [0] * players
    ranks = [[0] * board.zones for _ in range(players)]
    next_rank = [0, 0, 0, 0]
    for k, owners in enumerate(filled):
        bit = 1 << k
        next_rank[min(len(owners), 3)] |= bit
        if len(owners) >= 3:
            blocked = [b | bit for b in blocked]
        elif len(owners) == 1:
            blocked[owners[0]] |= bit
        zone = board.zone_of[k]
        for rank, owner in enumerate(owners):
            ranks[owner][zone] |= 1 << rank
    holding = [0] * (3 * players)
    for squad, zones in enumerate(ranks):
        for zone, held in enumerate(zones):
            for rank in range(3):
                if held >> rank & 1:
                    holding[3 * squad + rank] |= board.zone_mask[zone]
    return Counts(filled, tuple(blocked), tuple(tuple(r) for r in ranks), (next_rank[0], next_rank[1], next_rank[2]),
                  tuple(holding))


def progress(state: State) -> tuple[float, ...]:
    """How far each squad is towards winning, as the rules count it: three a crime solved (a crime takes the three
    areas of a zone), plus the areas it holds in the zone still open where it holds most. What balance counts the
    lead changes by."""
    holding, open_ = state.counts.holding, state.board.open_mask(state.solved)
    return tuple(float(3 * len(crimes) + _most_areas(holding[3 * squad] & open_, holding[3 * squad + 1] & open_,
                                                     holding[3 * squad + 2] & open_))
                 for squad, crimes in enumerate(state.crimes))


def _most_areas(rank0: int, rank1: int, rank2: int) -> int:
    """The most areas a squad holds in one zone, from the zones where it holds each rank (bits of their
    locations, as Counts.holding): zones are disjoint, so two ranks share a bit only where one zone holds both."""
    if rank0 & rank1 & rank2:
        return 3
    if rank0 & rank1 or rank0 & rank2 or rank1 & rank2:
        return 2
    return 1 if rank0 or rank1 or rank2 else 0
