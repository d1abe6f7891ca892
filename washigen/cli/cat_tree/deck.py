"""`washigen cat-tree deck`."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cat_tree.spec import COMPONENTS, DeckParams
from ..build import component_options, named
from ..options import emit
from .shared import game


@click.command("deck")
@component_options(named(COMPONENTS, "deck"))
def command(card: str, reference: bool, output: Path, print_options):
    """The 32 structure cards (four of each), 9-up with bleed and crop marks, on A4 unless --paper says otherwise.
    With --duplex long|short each sheet of fronts is followed by its backs."""
    from ...games.cat_tree.spec import make_deck

    emit(game(), make_deck(DeckParams(card=card.lower(), reference=reference)), output, print_options)
