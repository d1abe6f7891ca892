"""`washigen cats sheet`."""

from __future__ import annotations

import click

from ...games.cats.spec import COMPONENTS
from ..build import component_options, named
from ..options import report_written


@click.command("sheet")
@component_options(named(COMPONENTS, "sheet"))
def command(players, coop, output, print_options):
    """Player strips to cut out, for a map printed without bands or for the players beyond the bands."""
    from ...output import write_printed
    from ...games.cats.draw import sheet_document
    from ...games.cats.model import table

    table(players, coop)
    report_written(write_printed(sheet_document(players, coop, print_options), output, print_options))
