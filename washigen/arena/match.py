"""One seeded match between bots, played on any engine that follows the protocol of washigen.arena, and how often
its leader changed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Literal, Sequence, overload

from ..errors import PluginError
from ..words import N_, Says
from .bots import Bot

NO_LEGAL_MOVE = N_("{engine}: `legal_moves` gave no move after {turns} moves, while `result` is still `None` (a "
                   "stuck player needs a pass move, or the game must end)")
NOT_LEGAL = N_("{engine}: the bot of seat {seat} (`{bot}.choose`) chose {move!r} after {turns} moves, not one of the "
               "{count} moves `legal_moves` gave")

# An engine's optional `progress(state)`: one number per side (a seat; a team where a team wins together), higher
# the further ahead. Balance counts how often the side ahead changes (lead_changes).
Progress = Callable[[Any], Sequence[float]]


class LeadCount:
    """How many times the strict leader (the one side whose progress is highest) changed from one side to another,
    position by position. A tie has no leader and keeps the last one: a side that ties and then pulls ahead again
    has not changed the lead."""
    __slots__ = ("leader", "changes")

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def see(self, progress: Sequence[float]) -> None:
        best = max(progress)
        ahead = progress.index(best)
        if best in progress[ahead + 1:]:
            return
        if self.leader is not None and ahead != self.leader:
            self.changes += 1
        self.leader = ahead


def lead_changes(progresses: Iterable[Sequence[float]]) -> int:
    """The lead changes over a game's positions, given as each one's progress (see LeadCount)."""
    count = LeadCount()
    for progress in progresses:
        count.see(progress)
    return count.changes


@dataclass(frozen=True)
class Match:
    final: Any                     # the last state
    moves: tuple[str, ...]         # every move in the game's notation, in order
    turns: int                     # moves made
    cut_off: bool                  # the turn limit was reached with no result
    result: Any                    # engine.result(final), None where the turn limit cut the game off
    lead_changes: int = 0          # how often the leader changed, by the `progress` play_match was given


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: Literal[False] = False, progress: Progress | None = None) -> Match: ...


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: Literal[True], progress: Progress | None = None) -> tuple[Match, list[Any]]: ...


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: bool, progress: Progress | None = None) -> Match | tuple[Match, list[Any]]: ...


def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: bool = False, progress: Progress | None = None) -> Match | tuple[Match, list[Any]]:
    """Plays from `state` until the engine has a result or `turn_limit` moves were made. Every random choice of
    every bot draws from one `random.Random(seed)`, in move order, so the same seed gives the same game. With
    `keep_states`, also every state from the first to the last; with `progress` (the engine's), the lead changes
    over every state from the first to the last."""
    rng = random.Random(seed)
    moves: list[str] = []
    states = [state] if keep_states else []
    lead = LeadCount()
    if progress is not None:
        lead.see(progress(state))
    outcome = engine.result(state)
    while outcome is None and len(moves) < turn_limit:
        legal = engine.legal_moves(state)
        if not legal:
            raise PluginError(Says(NO_LEGAL_MOVE, engine=_name(engine), turns=len(moves)))
        seat = engine.to_move(state)
        move = bots[seat].choose(state, legal, rng)
        if move not in legal:          # applied, it failed deep in the engine (or made a position no rule allows)
            raise PluginError(Says(NOT_LEGAL, engine=_name(engine), seat=seat + 1, bot=_name(bots[seat]),
                                   move=str(move), turns=len(moves), count=len(legal)))
        state = engine.apply(state, move)
        moves.append(str(move))
        if keep_states:
            states.append(state)
        if progress is not None:
            lead.see(progress(state))
        outcome = engine.result(state)
    match = Match(final=state, moves=tuple(moves), turns=len(moves), cut_off=outcome is None, result=outcome,
                  lead_changes=lead.changes)
    return (match, states) if keep_states else match


def _name(player: Any) -> str:
    """An engine module's name, a bot's class name."""
    return str(getattr(player, "__name__", None) or type(player).__name__)
