"""The Python API: plain typed functions for scripts, the studio and the command line alike.

    generate(game, component, **params) -> Design     a new design, its parameters checked as the spec declares them
    validate(design) -> Report                        every violation of the game's placement rules
    render(design, path, **print_options) -> [Path]   .json .txt .tmj .tmx the design; .pdf .svg .png its print
    load(path) -> Design, save(design, path)          design files (.json, a game's .txt, Tiled .tmj/.tmx)
    play(game, design=None, seed=, bots=) -> a game   one game played by bots on the game's engine
    balance(game, design=None, games=, seed=, jobs=, bots=) -> Balance   win rates per seat over seeded games

Each function imports what it needs when called, so `import washigen` stays quick."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError

if TYPE_CHECKING:
    from .arena.balance import Balance
    from .design import Design
    from .games import Game
    from .press.options import PrintOptions
    from .report import Report

BALANCE_GAMES = 200         # games a balance plays unless told: enough for a 95 % interval of about ±7 points


def generate(game: str, component: str, **params: Any) -> Design:
    """A new design: `generate("cats", "map", players=4, seed=7)`. Parameters are the component's, as `washigen
    games` lists them (underscores for hyphens); each is checked against its range, an unknown one is refused. A
    missing seed is chosen and kept in the design, so it can be made again."""
    from .games import generate as make

    return make(game, component, **params)


def validate(design: Design) -> Report:
    """The design checked against its game's rules: every violation with its rule id, severity and place."""
    from .design import validate as check

    return check(design)


def render(design: Design, path: str | Path, options: PrintOptions | None = None, **print_options: Any) -> list[Path]:
    """Writes a design by the extension of `path` (see design.render); returns the files written."""
    from .design import render as write

    return write(design, path, options, **print_options)


def load(path: str | Path) -> Design:
    """A design file: .json, a game's text form (.txt), or a Tiled map (.tmj, .tmx); "-" reads standard input."""
    from .design import load as read

    return read(path)


def save(design: Design, path: str | Path) -> None:
    """The design as JSON at `path`."""
    from .design import save as write

    write(design, path)


def play(game: str, design: Design | None = None, *, seed: int | None = None, bots: str | None = None,
         **options: Any) -> Any:
    """One game played to its end by bots on the game's engine: on `design` (a map, a set-up), or on one made
    from `seed` (0 when None). `bots` names a bot for every seat, or one per seat ("greedy", "strong:24,greedy").
    Returns the game's played record (moves, result); InputError for a game washigen cannot play."""
    found = _playable(game, "play")
    return found.play(design, seed=seed, bots=bots, **options)


def balance(game: str, design: Design | None = None, *, games: int = BALANCE_GAMES, seed: int = 0,
            jobs: int = 1, bots: str = "greedy") -> Balance:
    """Win rate per seat over `games` seeded games between equal `bots`, the starting seat rotated, each rate with
    its 95 % Wilson interval (DESIGN 9). The numbers depend only on the arguments, not on `jobs`."""
    found = _playable(game, "balance")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 100_000:
        raise InputError(f"games: must be a whole number 1..100000, got {games!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 64:
        raise InputError(f"jobs: must be a whole number 1..64, got {jobs!r}")
    return found.balance(design, games=games, seed=seed, jobs=jobs, bots=bots)


def _playable(name: str, what: str) -> Game:
    from .games import all_games, get_game

    found = get_game(name)
    if getattr(found, what) is None:
        able = ", ".join(g.name for g in all_games() if getattr(g, what) is not None) or "none"
        raise InputError(f"{what}: {found.name} has no engine to {what} it; games that do: {able}")
    return found


__all__ = ["BALANCE_GAMES", "balance", "generate", "load", "play", "render", "save", "validate"]
