"""`washigen cats map`."""

from __future__ import annotations

from dataclasses import replace

import click

from ...games.cats.spec import COMPONENTS, MapParams
from ..build import component_options, named
from ...errors import InputError
from ...words import N_, Says
from ..options import emit, fairness_warnings, given_on_command_line, resolve_seed


@click.command("map")
@component_options(named(COMPONENTS, "map"))
def command(output, print_options, **params):
    """A map for 2 to 6 players at real size (one page, its trim the map), or with --paper its tape strips on sheets,
    numbered in the order they go together. With --cut-up, the first of the seed's good cut-ups that is fair: 200
    greedy games, seats rotated, each seat's 95 % interval holding its fair share (the verdict is stored in the
    design and printed small on the map); where --budget runs out first, the fairest, with a warning."""
    from ...games.cats.spec import make_map
    from .shared import game, warn

    if not params["cut_up"] and given_on_command_line("budget"):
        # Only a cut-up is searched for a fair one: a --budget without --cut-up was dropped unread, as --variant
        # without it is refused.
        raise InputError(Says(N_("{field}: only a cut-up map is searched for a fair one; add {option}"),
                              field="--budget", option="--cut-up"))
    options = MapParams(**params)
    with fairness_warnings():
        design = make_map(replace(options, seed=resolve_seed(options.seed)))
    warn(design)
    emit(game(), design, output, print_options)
