"""`washigen trail-route ...`: print the components, deal a setup, play a game.

Only click and the option helpers are imported here: the commands are read when washigen starts (`washigen games`,
--help); the model, the engine and the drawing are imported by the command that runs."""

from __future__ import annotations

from pathlib import Path

import click

from ...cli_options import LengthType, emit, output_option, print_options, report_written, resolve_seed, seed_option
from ...errors import InputError
from ...units import PAPER_SIZES, format_mm
from .constants import GAME, PLAYERS, TITLE

TILE_SIZE_RANGE = (25.0, 60.0)

mix_option = click.option("--mix", "mix_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
                          help="Your own component mix (TOML); default: assets/trail-route-mix.toml.")
players_option = click.option("--players", type=click.IntRange(min(PLAYERS), max(PLAYERS)), default=4,
                              show_default=True, help="3 players play on 5 rows, 4 on 6.")


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


@commands.command("components")
@click.option("--tile-size", type=LengthType(minimum=TILE_SIZE_RANGE[0], maximum=TILE_SIZE_RANGE[1]), default="40mm",
              show_default=True, help="Side of the square road and destination tiles (25mm to 60mm).")
@mix_option
@click.option("--mat-paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default=None,
              help="Paper for the board mat (default: --paper). On A3 it fits one sheet; smaller paper is "
                   "tiled with overlaps and assembly marks.")
@output_option((".pdf", ".svg", ".png"))
@print_options
def components_command(tile_size, mix_file, mat_paper, output, print_options):
    """Print the whole game: tiles, hand cards, cat pawns, the board mat and a score pad.

    Tiles and cards get backs with --duplex long|short."""
    from ...output import write_printed
    from .draw import print_components
    from .model import load_mix

    mix = load_mix(mix_file)
    document = print_components(mix, check_tile_size(tile_size), print_options,
                                mat_paper.lower() if mat_paper else None)
    report_written(write_printed(document, output, print_options))


@commands.command("setup")
@players_option
@mix_option
@seed_option
@output_option((".pdf", ".svg", ".png", ".json", ".txt", ".tmj", ".tmx"))
@print_options(backs=False)
def setup_command(players, mix_file, seed, output, print_options):
    """Deal a valid setup: road and destination tiles laid out, exchange deck shuffled, 4 cards each.

    .json and .txt write the setup; .pdf .svg .png draw the table."""
    from ...games import get_game
    from .generate import generate_setup
    from .model import load_mix

    setup = generate_setup(players, resolve_seed(seed), load_mix(mix_file))
    emit(get_game(GAME), setup, output, print_options)


@commands.command("play")
@players_option
@seed_option
@click.option("--bots", "--policy", "policy", default="greedy", show_default=True, metavar="LIST",
              help="How the players choose, one for all or one per seat, comma-separated: random; greedy (the "
                   "best move one step ahead); strong (plays its best moves out in simulated rounds, never "
                   "seeing the others' cards; strong:N for N simulated rounds a turn, default 24).")
@click.option("--setup", "setup_file", type=click.Path(path_type=Path), default=None,
              help="Play this setup (a .json from `trail-route setup`) instead of dealing one.")
@click.option("--quiet", is_flag=True, help="Print only the result, not every move.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def play_command(players, seed, policy, setup_file, quiet, as_json):
    """Play a game to its end and print the moves and the scores."""
    import json

    from ...design import load
    from .bots import make_policies
    from .engine import describe, play_game
    from .generate import generate_setup

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
    click.echo(f"game over after {result.rounds} rounds ({result.end_reason})")
    for p in range(setup.players):
        claims, mice = len(state.claims[p]), len(state.mice[p])
        click.echo(f"  {state.colours[p]:<7} {result.scores[p]:>3} points ({claims} destination"
                   f"{'' if claims == 1 else 's'}, {mice} mouse toy{'' if mice == 1 else 's'})")
    names = " and ".join(state.colours[p] for p in result.winners)
    click.echo(f"winner: {names}" if len(result.winners) == 1 else f"shared victory: {names}")
