"""`washigen cops ...`: map, tape and sheet; play and balance (bots playing the map).

One module a command (map.py is `cops map`), imported when the command is asked for (cli/lazy.py). The options are
built from the game's spec (games/cops/spec.py), which declares them once; only click, the spec and the option
helpers are imported by a command's module, the generator, the rules and the drawing by the command as it runs."""

from __future__ import annotations

import click

from ..lazy import LazyGroup


@click.group("cops", cls=LazyGroup, package=__name__, names=("map", "tape", "sheet", "play", "balance"))
def commands():
    """Tokyo Washi Game Cops: tape segments with two zones of four crime locations, yellow paths, maps that wrap
    top to bottom, offset set-ups with their new roads drawn, and squad sheets."""


__all__ = ["commands"]
