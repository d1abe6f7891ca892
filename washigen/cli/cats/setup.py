"""`washigen cats setup`."""

from __future__ import annotations

import sys

import click

from ...games.cats.spec import COMPONENTS
from ..build import component_options, named
from ..options import echo_report, emit, refuse_contradicted, resolve_seed


@click.command("setup")
@component_options(named(COMPONENTS, "setup"))
def command(players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows, segment_cols, map_file,
            seed, output, print_options):
    """Fish and cats drawn on a map, as the players would: a planned game to print or check."""
    from ...games.cats.generate import generate_map
    from ...games.cats.setup import generate_setup
    from ...games.cats.rules import validate
    from .shared import EXIT_RULE_BROKEN, MAP_FIELDS, VARIANT_FIELDS, game, load_map

    seed = resolve_seed(seed)
    if map_file is not None:
        game_map = load_map(map_file)
        refuse_contradicted(game_map, "--map", MAP_FIELDS + VARIANT_FIELDS)     # the set-up keeps the map as it is
    else:
        game_map = generate_map(players=players, coop=coop, long=long, forests=forests, jinja=jinja,
                                tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                                seed=seed, sewer_poppers=sewer_poppers)
    design = generate_setup(game_map, seed)
    report = validate(design)
    emit(game(), design, output, print_options)
    if not report.ok:
        echo_report(report)
        sys.exit(EXIT_RULE_BROKEN)
