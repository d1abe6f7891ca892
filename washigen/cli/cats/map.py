"""`washigen cats map`."""

from __future__ import annotations

from dataclasses import replace

import click

from ...games.cats.spec import COMPONENTS, MapParams
from ..build import component_options, named
from ..options import emit, fairness_warnings, resolve_seed


@click.command("map")
@component_options(named(COMPONENTS, "map"))
def command(output, print_options, **params):
    """A map for PLAYERS at real size (one page, its trim the map), or with --paper its tape strips on sheets,
    numbered in the order they go together. With --cut-up, the first of the seed's good cut-ups that is fair: 200
    greedy games, seats rotated, each seat's 95 % interval holding its fair share (the verdict is stored in the
    design and printed small on the map); where --budget runs out first, the fairest, with a warning."""
    from ...games.cats.spec import make_map
    from .shared import game, warn

    options = MapParams(**params)
    with fairness_warnings():
        design = make_map(replace(options, seed=resolve_seed(options.seed)))
    warn(design)
    emit(game(), design, output, print_options)
