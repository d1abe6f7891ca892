"""`washigen cat-tree score`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ...games.cat_tree.spec import COMPONENTS
from ..build import component_options, named
from ..options import emit, not_the_output
from .shared import EXIT_RULE_BROKEN, game, read_layout, score_document


@click.command("score")
@click.argument("layout", type=click.Path(path_type=Path), callback=not_the_output)   # not -o's file too
@component_options(named(COMPONENTS, "score"), skip=("layout",))    # an argument, declared apart from the options
def command(layout: Path, as_json: bool, output: Path | None, print_options):
    """Check and score a finished tree. LAYOUT is layout text (one line per row, top row first, the floor row last;
    . for an empty cell, a rank A 3 6 7 8 10 J K or a name; # starts a comment) or a layout design (.json).

    Exit 0 when every card is legally placed, 1 when a card breaks a placement rule (it scores 0), 2 when the file
    cannot be read."""
    import json

    design = read_layout(layout)
    from ...games.cat_tree.rules import score, validate
    from ...games.cat_tree.text import score_lines

    result, report = score(design), validate(design)
    if as_json:
        click.echo(json.dumps(score_document(result, report), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(score_lines(design, result, report, str(layout))))
    if output is not None:
        emit(game(), design, output, print_options)
    if not report.ok:
        sys.exit(EXIT_RULE_BROKEN)
