"""`washigen trail-route setup`."""

from __future__ import annotations

import click

from ...games.trail_route.constants import GAME
from ...games.trail_route.spec import COMPONENTS, SetupParams
from ..build import component_options, named
from ..options import echo_warnings, emit, resolve_seed


@click.command("setup")
@component_options(named(COMPONENTS, "setup"))
def command(players, seed, mix_file, output, print_options):
    """Deal a valid setup: road and destination tiles laid out, exchange deck shuffled, 4 cards each.

    .json and .txt write the setup; .pdf .svg .png draw the table."""
    from ...games import get_game
    from ...games.trail_route.spec import make_setup

    setup = make_setup(SetupParams(players=players, seed=resolve_seed(seed), mix_file=mix_file))
    game = get_game(GAME)
    echo_warnings(game.validate(setup))          # a mix of your own may break the rule text's counts
    emit(game, setup, output, print_options)
