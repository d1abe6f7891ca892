"""The bots' protocol: a bot picks one of the legal moves it is shown. Bots hold no hidden randomness: every
choice that is left to chance draws from the rng the match gives them, so a seed replays the same game."""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from ..errors import InputError


class Bot(Protocol):
    name: str

    def choose(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        """One of `moves` (never empty) for the player to move in `state`."""


class RandomBot:
    """A uniformly random legal move."""
    name = "random"

    def choose(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[rng.randrange(len(moves))]


def make_bots(spec: str, registry: dict[str, Callable[[], Bot]], seats: int,
              option: str = "--bots") -> list[Bot]:
    """`greedy,random` -> one bot per seat. One name serves every seat; otherwise one name per seat."""
    names = [name.strip().lower() for name in str(spec).split(",")]
    if any(not name for name in names):
        raise InputError(f"{option}: empty bot name in {spec!r}")
    unknown = sorted({name for name in names if name not in registry})
    if unknown:
        raise InputError(f"{option}: unknown bot {unknown[0]!r}; known bots: {', '.join(sorted(registry))}")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise InputError(f"{option}: {len(names)} bots named for {seats} seats; name one for every seat, or one for all")
    return [registry[name]() for name in names]
