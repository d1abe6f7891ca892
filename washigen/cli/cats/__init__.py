"""`washigen cats ...`: maps, tape artwork, player strips, cut-up variants, set-ups, bots playing them.

One module a command (map.py is `cats map`), imported when the command is asked for (cli/lazy.py). The options are
built from the game's spec (games/cats/spec.py), which declares them once; only click, the spec and the option
helpers are imported by a command's module, the generator, the rules and the drawing by the command as it runs."""

from __future__ import annotations

import click

from ..lazy import LazyGroup


@click.group("cats", cls=LazyGroup, package=__name__,
             names=("map", "tape", "sheet", "variants", "setup", "play", "balance"))
def commands():
    """Tokyo Washi Game Cats: maps at real size, tape artwork, player strips, cut-up variants.

    Rows and columns count from 1. A cell is the tape width over the segment's rows plus one (the grey band is
    one cell tall): 50 mm tape with 9 rows gives 5 mm cells."""


__all__ = ["commands"]
