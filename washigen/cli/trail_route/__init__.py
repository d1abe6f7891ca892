"""`washigen trail-route ...`: print the components, deal a setup, play a game.

One module a command (setup.py is `trail-route setup`), imported when the command is asked for (cli/lazy.py). The
options are built from the game's spec (games/trail_route/spec.py), which declares them once; only click, the spec
and the option helpers are imported by a command's module, the model, the engine and the drawing by the command as
it runs."""

from __future__ import annotations

import click

from ..lazy import LazyGroup


@click.group("trail-route", cls=LazyGroup, package=__name__, names=("components", "setup", "play"))
def commands():
    """The Cats' Trail Route: tiles, cards, pawns and board mat; setups; a rules engine that plays.

    Road tiles are named (row, col), 1-based: row 1 at the top, column 1 the road column next to the
    destinations. Forward is to the left."""


__all__ = ["commands"]
