"""One map of a sweep (arena/sweep.py, DESIGN 13) played: the map made or loaded by its game and its balance
measured by the game's engine. Module level, so a pool worker or a Dask worker imports it by name.

A seed's table is made by the game's component named `map`, or by the one its `extra["table"]` names (a plugin's
`card`): `table_of`."""

from __future__ import annotations

from ..arena.sweep import Line, MapTask
from ..errors import InputError
from ..words import N_, Says

TABLE = "map"           # the component a seed's table is made with, where the game's extra["table"] names none


def table_of(game) -> str:
    """The name of the component that makes the game's table from a seed (`washigen sweep GAME --seeds`)."""
    return game.extra.get("table") or TABLE


def play_task(task: MapTask) -> Line:
    """One map's line: where it came from and its balance. Runs anywhere washigen is installed (a pool worker,
    a Dask worker), so it imports what it needs here."""
    from ..design import load
    from .generating import generate
    from .registry import get_game

    game = get_game(task.game)
    if task.path is not None:
        design = load(task.path)
    else:
        design = generate(task.game, table_of(game), seed=task.seed, **dict(task.params))
    if game.balance is None:
        raise InputError(Says(N_("{field}: washigen cannot play {game}; games with an engine sweep"), field="sweep",
                              game=game.title))
    result = game.balance(design, task.games, task.play_seed, 1, bots=task.bots)
    return {"map": task.index, "game": task.game, "source": task.source, "bots": task.bots, "games": task.games,
            "play_seed": task.play_seed, "players": getattr(design, "players", None), **_params(task),
            "balance": result.to_json()}


def _params(task: MapTask) -> dict:
    return {"params": dict(task.params)} if task.params else {}

