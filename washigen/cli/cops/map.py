"""`washigen cops map`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from ...games.cops.spec import COMPONENTS, MapParams, make_map
from ..build import component_options, named
from ..options import emit, fairness_warnings, resolve_seed
from .shared import as_ever, check, game, read_offset


@click.command("map")
@as_ever(offset={"callback": read_offset})
@component_options(named(COMPONENTS, "map"))
def command(output: Path, print_options, **params):
    """A map for 2 to 6 squads, one segment each. Within --budget, the first of the seed's layouts that is fair:
    200 greedy games, seats rotated, each seat's 95 % interval holding its fair share, and still so over 400 games
    (the verdict is stored in the design and printed small on the map). Without --paper: one page at real size (its
    TrimBox the map). With --paper: each segment a strip in the tape lanes of the sheet, with crop marks, to cut
    out and lay as the layout says."""
    from ...games.cops.generate import check_offset, check_tape_width

    options = MapParams(**params)
    check_offset(float(options.offset), check_tape_width(options.tape_width))   # --offset read as mm by read_offset
    with fairness_warnings():
        design = make_map(replace(options, seed=resolve_seed(options.seed)))
    check(design)
    emit(game(), design, output, print_options)
