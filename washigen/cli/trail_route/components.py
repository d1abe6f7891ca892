"""`washigen trail-route components`."""

from __future__ import annotations

import click

from ...errors import InputError
from ...games.trail_route.spec import COMPONENTS, TILE_SIZE_RANGE, chosen_mix
from ...units import format_mm
from ..build import component_options, named
from ..options import report_written


def check_tile_size(size: float) -> float:
    low, high = TILE_SIZE_RANGE
    if not low <= size <= high:
        raise InputError(f"--tile-size: must be {format_mm(low)} to {format_mm(high)} mm, got {format_mm(size)} mm")
    return size


@click.command("components")
@component_options(named(COMPONENTS, "components"))
def command(tile_size, mix_file, mat_paper, output, print_options):
    """Print the whole game: tiles, hand cards, cat pawns, the board mat and a score pad.

    Tiles and cards get backs with --duplex long|short."""
    from ...output import write_printed
    from ...games.trail_route.components import print_components

    mix = chosen_mix(mix_file)            # as `setup` reads it
    document = print_components(mix, check_tile_size(tile_size), print_options,
                                mat_paper.lower() if mat_paper else None)
    report_written(write_printed(document, output, print_options))
