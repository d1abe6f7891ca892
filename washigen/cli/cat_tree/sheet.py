"""`washigen cat-tree sheet`."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cat_tree.spec import COMPONENTS
from ..build import component_options, named
from ..options import report_written


@click.command("sheet")
@component_options(named(COMPONENTS, "sheet"))
def command(output: Path, print_options):
    """A score sheet for two trees: a 10 x 10 grid each, the floor marked, the altitude line at height 5, a points
    column. A4 unless --paper says otherwise."""
    from ...output import write_printed
    from ...games.cat_tree.draw import sheet_document

    paper = print_options.paper or "a4"
    report_written(write_printed(sheet_document(paper, print_options.lang), output, print_options))
