"""The Cats' Trail Route declared as data: its components and the parameters of each, as frozen dataclasses whose
fields say what they are (games/params.py). What a setup is dealt from (players, seed) is declared once
(DealOptions) and shared by `setup` and `play`; the command line (cli/trail_route/), `washigen games`,
washigen.generate's checks and the studio's form are built from these declarations. Plain values only: registering
the game imports nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...words import N_
from ...units import PAPER_SIZES
from ..params import Options, param, seed_param
from ..registry import Component, MAP, PRINTED
from .constants import PLAYERS

if TYPE_CHECKING:
    from .model import Mix, TrailRouteSetup

TILE_SIZE_RANGE = (25.0, 60.0)


def mix_file() -> str | None:
    """The mix of tiles and cards: the one `components` prints and `setup` deals from."""
    return param(None, N_("Your own component mix (TOML); default: assets/trail-route-mix.toml."), kind="file",
                 flag="--mix")


class DealOptions(Options):
    """What a setup is dealt from: the table's players and the seed."""
    players: int = param(4, N_("3 players play on 5 rows, 4 on 6."), min=min(PLAYERS), max=max(PLAYERS))
    seed: int | None = seed_param()


class ComponentsParams(Options):
    """`trail-route components`: the whole game to print."""
    tile_size: float = param(40.0, N_("Side of the square road and destination tiles (25mm to 60mm)."),
                             kind="length", min=TILE_SIZE_RANGE[0], max=TILE_SIZE_RANGE[1])
    mix_file: str | None = mix_file()
    mat_paper: str | None = param(None, N_("Paper for the board mat (default: --paper). On A3 it fits one sheet; "
                                           "smaller paper is tiled with overlaps and assembly marks."), kind="choice",
                                  choices=tuple(sorted(PAPER_SIZES)), design=False)


class SetupParams(DealOptions):
    """`trail-route setup`."""
    mix_file: str | None = mix_file()


class PlayParams(DealOptions):
    """`trail-route play`: on a setup dealt from the options, or on --setup FILE."""
    policy: str = param("greedy", N_("How the players choose, one for all or one per seat, comma-separated: "
                                     "random; greedy (the best move one step ahead); strong (plays its best moves "
                                     "out in simulated rounds, never seeing the others' cards; strong:N for N "
                                     "simulated rounds a turn, default 24)."), kind="LIST", flag="--bots/--policy")
    setup_file: str | None = param(None, N_("Play this setup (a .json from `trail-route setup`) instead of dealing "
                                            "one."), kind="file", flag="--setup", design=False)
    quiet: bool = param(False, N_("Print only the result, not every move."), design=False)
    as_json: bool = param(False, N_("Print the result as JSON."), flag="--json", design=False)


def chosen_mix(mix_file: str | None) -> Mix:
    """The mix `setup` deals from and `components` prints, read alike: `mix` names a mix file, or "default"."""
    from .model import load_mix

    return load_mix(None if mix_file == "default" else mix_file)


def make_setup(options: SetupParams) -> TrailRouteSetup:
    """A dealt setup, for washigen.generate("trail-route", "setup", ...)."""
    from .generate import generate_setup

    return generate_setup(options.players, options.seed or 0, chosen_mix(options.mix_file))


def draw_components(options: ComponentsParams, print_options):
    """What `trail-route components` prints."""
    from .components import print_components

    return print_components(chosen_mix(options.mix_file), options.tile_size, print_options,
                            options.mat_paper.lower() if options.mat_paper else None)


def bot_game(design, seed: int):
    """washigen.bot_game's game on a design of this game (replay.py)."""
    from .replay import played_game

    return played_game(design, seed)


COMPONENTS: tuple[Component, ...] = (
    Component("components", N_("Print the whole game: tiles, hand cards, cat pawns, the board mat and a score pad"),
              options=ComponentsParams, draw=draw_components, writes=PRINTED,
              prints="sheets+backs"),
    Component("setup", N_("Deal a valid setup: road and destination tiles laid out, exchange deck shuffled, 4 cards "
                          "each"), options=SetupParams, make=make_setup,
              writes=MAP, prints="paper"),
    Component("play", N_("Play a game to its end and print the moves and the scores"), options=PlayParams,
              replay=bot_game, writes=()),
)
