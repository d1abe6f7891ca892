"""`washigen cops sheet`."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cops.spec import COMPONENTS
from ..build import component_options, named
from ..options import emit
from .shared import game


@click.command("sheet")
@component_options(named(COMPONENTS, "sheet"))
def command(players, output: Path, print_options):
    """Squad sheets: the squad's name and colour, two ramen bowls to cross off, and the two crimes with room to
    draw the culprits' faces. Four to an A4 or Letter page."""
    from ...games.cops.model import CopsSheet

    emit(game(), CopsSheet(squads=players), output, print_options)
