"""`washigen cat-tree deck | sheet | score | play | balance`.

One module a command (deck.py is `cat-tree deck`), imported when the command is asked for (cli/lazy.py). The options
are built from the game's spec (games/cat_tree/spec.py), which declares them once; only click, the spec and the
option helpers are imported by a command's module, the model, the rules and the drawing by the command as it
runs."""

from __future__ import annotations

import click

from ..lazy import LazyGroup


@click.group("cat-tree", cls=LazyGroup, package=__name__, names=("deck", "sheet", "score", "play", "balance"))
def commands():
    """Cat Tree? We can handle this! Print the deck and the score sheet; score a tree; simulate games; measure
    how good the bots' trees are.

    The grid: row 1 is the floor, a card's height is its row number, column 1 is the left."""


__all__ = ["commands"]
