"""One seeded match between bots, played on any engine that follows the protocol of washigen.arena."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal, Sequence, overload

from .bots import Bot


@dataclass(frozen=True)
class Match:
    final: Any                     # the last state
    moves: tuple[str, ...]         # every move in the game's notation, in order
    turns: int                     # moves made
    stalemate: bool                # the turn limit was reached with no result
    result: Any                    # engine.result(final), None on a stalemate


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: Literal[False] = False) -> Match: ...


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: Literal[True]) -> tuple[Match, list[Any]]: ...


@overload
def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: bool) -> Match | tuple[Match, list[Any]]: ...


def play_match(engine: ModuleType | Any, state: Any, bots: Sequence[Bot], seed: int, turn_limit: int,
               keep_states: bool = False) -> Match | tuple[Match, list[Any]]:
    """Plays from `state` until the engine has a result or `turn_limit` moves were made. Every random choice of
    every bot draws from one `random.Random(seed)`, in move order, so the same seed gives the same game. With
    `keep_states`, also every state from the first to the last."""
    rng = random.Random(seed)
    moves: list[str] = []
    states = [state] if keep_states else []
    outcome = engine.result(state)
    while outcome is None and len(moves) < turn_limit:
        legal = engine.legal_moves(state)
        if not legal:
            raise RuntimeError(f"{engine.__name__}: no legal move and no result (engine contract broken)")
        move = bots[engine.to_move(state)].choose(state, legal, rng)
        state = engine.apply(state, move)
        moves.append(str(move))
        if keep_states:
            states.append(state)
        outcome = engine.result(state)
    match = Match(final=state, moves=tuple(moves), turns=len(moves), stalemate=outcome is None, result=outcome)
    return (match, states) if keep_states else match
