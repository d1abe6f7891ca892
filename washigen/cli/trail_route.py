"""`washigen trail-route ...`: print the components, deal a setup, play a game.

The options are built from the game's spec (games/trail_route/spec.py), which declares them once; only click, the
spec and the option helpers are imported here, the model, the engine and the drawing by the command that runs."""

from __future__ import annotations

import click

from .build import component_options
from .options import emit, report_written, resolve_seed
from ..errors import InputError
from ..units import format_mm
from ..games.trail_route.constants import GAME, TITLE
from ..games.trail_route.spec import COMPONENTS, TILE_SIZE_RANGE, SetupParams


def check_tile_size(size: float) -> float:
    low, high = TILE_SIZE_RANGE
    if not low <= size <= high:
        raise InputError(f"--tile-size: must be {format_mm(low)} to {format_mm(high)} mm, got {format_mm(size)} mm")
    return size


@click.group("trail-route")
def commands():
    """The Cats' Trail Route: tiles, cards, pawns and board mat; setups; a rules engine that plays.

    Road tiles are named (row, col), 1-based: row 1 at the top, column 1 the road column next to the
    destinations. Forward is to the left."""


COMPONENT = {component.name: component for component in COMPONENTS}


@commands.command("components")
@component_options(COMPONENT["components"])
def components_command(tile_size, mix_file, mat_paper, output, print_options):
    """Print the whole game: tiles, hand cards, cat pawns, the board mat and a score pad.

    Tiles and cards get backs with --duplex long|short."""
    from ..output import write_printed
    from ..games.trail_route.components import print_components
    from ..games.trail_route.model import load_mix

    mix = load_mix(mix_file)
    document = print_components(mix, check_tile_size(tile_size), print_options,
                                mat_paper.lower() if mat_paper else None)
    report_written(write_printed(document, output, print_options))


@commands.command("setup")
@component_options(COMPONENT["setup"])
def setup_command(players, seed, mix_file, output, print_options):
    """Deal a valid setup: road and destination tiles laid out, exchange deck shuffled, 4 cards each.

    .json and .txt write the setup; .pdf .svg .png draw the table."""
    from ..games import get_game
    from ..games.trail_route.spec import make_setup

    setup = make_setup(SetupParams(players=players, seed=resolve_seed(seed), mix_file=mix_file))
    emit(get_game(GAME), setup, output, print_options)


@commands.command("play")
@component_options(COMPONENT["play"])
def play_command(players, seed, policy, setup_file, quiet, as_json):
    """Play a game to its end and print the moves and the scores."""
    import json

    from ..design import load
    from ..games.trail_route.bots import make_policies
    from ..games.trail_route.engine import play_game
    from ..games.trail_route.gamelog import describe
    from ..games.trail_route.generate import generate_setup

    seed = resolve_seed(seed)
    if setup_file is not None:
        setup = load(setup_file)
        if setup.GAME != GAME:
            raise InputError(f"--setup: {setup_file} is a {setup.GAME} design, not a {GAME} setup")
    else:
        setup = generate_setup(players, seed)
    names = [name.strip().lower() for name in policy.split(",")]
    names = names * setup.players if len(names) == 1 else names
    if len(names) != setup.players:
        raise InputError(f"--bots: {len(names)} policies named for {setup.players} players; name one for every "
                         f"seat, or one for all")
    result = play_game(setup, make_policies(names, seed, option="--bots"))
    policy = ",".join(names)
    state = result.state
    if as_json:
        click.echo(json.dumps({
            "seed": seed, "players": setup.players, "policy": policy, "end": result.end_reason,
            "rounds": result.rounds, "scores": {state.colours[p]: result.scores[p] for p in range(setup.players)},
            "winners": [state.colours[p] for p in result.winners]}, indent=2))
        return
    if not quiet:
        click.echo(f"{TITLE}: {setup.players} players, setup seed {setup.seed}, policy {policy}, seed {seed}")
        for event in state.events:
            click.echo(describe(state, event))
    from ..games.trail_route.replay import outcome_lines

    click.echo("\n".join(outcome_lines(result, setup.players)))
