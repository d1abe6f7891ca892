"""The bots' protocol: a bot picks one of the legal moves it is shown. Bots hold no hidden randomness: every
choice that is left to chance draws from the rng the match gives them, so a seed replays the same game."""

from __future__ import annotations

import inspect
import random
from typing import Any, Callable, Protocol, Sequence

from ..errors import InputError
from ..inputs import clipped
from ..words import N_, Says

MAX_STRENGTH = 10_000         # DESIGN 12: `--bots strong:N` is bounded
STRENGTH_RANGE = N_("{option}: {part}: strength must be a whole number 1..{most}")


class Bot(Protocol):
    name: str

    def choose(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        """One of `moves` (never empty) for the player to move in `state`."""


class RandomBot:
    """A uniformly random legal move."""
    name = "random"

    def choose(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[rng.randrange(len(moves))]


def make_bots(spec: str, registry: dict[str, Callable[..., Bot]], seats: int,
              option: str = "--bots") -> list[Bot]:
    """`greedy,random` -> one bot per seat. One name serves every seat; otherwise one name per seat. `strong:400`
    asks a bot whose factory takes a `strength` for that strength (1..MAX_STRENGTH)."""
    return [registry[name]() if strength is None else registry[name](strength=strength)
            for name, strength in bot_specs(spec, registry, seats, option)]


def bot_specs(spec: str, registry: dict[str, Callable[..., Bot]], seats: int,
              option: str = "--bots") -> list[tuple[str, int | None]]:
    """(name, strength or None) for every seat, each name one of the registry's and each strength in range: what
    make_bots builds, checked without building (a game log's `bots:` line is checked so)."""
    parts = [part.strip().lower() for part in str(spec).split(",")]
    if any(not part for part in parts):
        raise InputError(Says(N_("{option}: empty bot name in {spec!r}"), option=option, spec=clipped(str(spec))))
    named = [_named(part, option) for part in parts]
    unknown = sorted({name for name, _ in named if name not in registry})
    if unknown:
        raise InputError(Says(N_("{option}: unknown bot {name!r}; known bots: {known}"), option=option,
                              name=clipped(unknown[0]), known=", ".join(sorted(registry))))
    for part, (name, strength) in zip(parts, named):
        if strength is not None and not takes_strength(registry[name]):
            raise InputError(Says(N_("{option}: {part}: the {name} bot takes no strength"), option=option,
                                  part=_shown(part), name=name))
    if len(named) == 1:
        named = named * seats
    if len(named) != seats:
        raise InputError(Says(N_("{option}: {count} bots named for {seats} seats; name one for every seat, or one for "
                                 "all"), option=option, count=len(named), seats=seats))
    return named


def check_game_bots(spec: str, registry: dict[str, Callable[..., Bot]] | None, seats: int | None,
                    option: str = "--bots") -> None:
    """`spec` refused as a game's play and balance refuse it, before any work: each name one of the game's bots
    (its Game.extra["bots"]), each strength in range, one bot for every seat where `seats` is known. A game that
    names no bots (a plugin's) has the spelling and strengths checked alone: its hook names unknown bots."""
    parts = str(spec).split(",")
    if not registry:
        registry = {part.partition(":")[0].strip().lower(): _any_strength for part in parts}
    bot_specs(spec, registry, seats or len(parts), option)


def _any_strength(strength: int | None = None) -> Any:
    """A stand-in for a bot the game's hook will name: any name may take a strength until the hook says."""


def _named(part: str, option: str) -> tuple[str, int | None]:
    """`strong:400` -> ("strong", 400); `greedy` -> ("greedy", None)."""
    name, colon, strength = part.partition(":")
    name, strength = name.strip(), strength.strip()
    if not colon:
        return name, None
    if not name:
        raise InputError(Says(N_("{option}: {part}: a strength needs a bot's name before the colon"), option=option,
                              part=_shown(part)))
    if (not strength.isascii() or not strength.isdigit() or len(strength) > len(str(MAX_STRENGTH))
            or not 1 <= int(strength) <= MAX_STRENGTH):
        raise InputError(Says(STRENGTH_RANGE, option=option, part=_shown(part), most=MAX_STRENGTH))
    return name, int(strength)


def check_strengths(spec: str, option: str = "--bots") -> None:
    """Every `name:N` of a bots spec has a strength in range, refused as bot_specs refuses it: for callers that
    check the spec before they know the game's bots (a sweep estimates its run first; the game names its bots)."""
    for part in str(spec).split(","):
        _named(part, option)


def _shown(part: str) -> str:
    """A part of the spec as an error message quotes it: cut short, so a pasted novel stays out of the message."""
    return repr(part if len(part) <= 40 else part[:37] + "...")


def takes_strength(factory: Callable[..., Bot]) -> bool:
    """Whether a registry's factory makes bots of a chosen strength (it takes `strength`)."""
    try:
        return "strength" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
