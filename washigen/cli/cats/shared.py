"""What the cats commands share: the game, a design's warnings, a map read from a file, the map a game is played on."""

from __future__ import annotations

import sys
from pathlib import Path

from ...errors import InputError
from ..options import echo_report, echo_warnings, refuse_contradicted

EXIT_RULE_BROKEN = 1
# The map options that describe a map file as well (its fields of those names): given beside --map, each must say
# what the file says. --jinja and --sewer-poppers are not among them for play and balance: they switch the variant
# on for a map file too.
MAP_FIELDS = ("players", "coop", "long", "forests", "tape_width", "segment_rows", "segment_cols")
VARIANT_FIELDS = ("jinja", "sewer_poppers")


def game():
    from ...games import get_game

    return get_game("cats")


def warn(design) -> None:
    from ...games.cats.rules import validate

    echo_warnings(validate(design))


def load_map(map_file: Path, setups: bool = False):
    from ...design import load
    from ...games.cats.model import CatsMap, CatsSetup

    design = load(map_file)
    if design.GAME != "cats":
        raise InputError(f"{map_file}: holds a {design.GAME} design, not a cats map")
    if not isinstance(design, (CatsMap, CatsSetup) if setups else CatsMap):
        raise InputError(f"{map_file}: holds a cats {design.KIND}, not a map" + (" or set-up" if setups else ""))
    return design


def play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows,
             segment_cols):
    """(map, set-up or None, the map file or None) from --map or the map options; --jinja and --sewer-poppers
    switch the variant on for a map file too."""
    from ...games.cats.generate import generate_map
    from ...games.cats.model import CatsSetup
    from ...games.cats.playtest import with_rules
    from ...games.cats.rules import validate

    if map_file is None:
        design = generate_map(players=players, coop=coop, long=long, forests=forests, jinja=jinja,
                              tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                              seed=seed, sewer_poppers=sewer_poppers)
        return design, None
    design = load_map(map_file, setups=True)
    setup = design if isinstance(design, CatsSetup) else None
    refuse_contradicted(setup.map if setup else design, "--map", MAP_FIELDS)
    game_map = with_rules(setup.map if setup else design, jinja, sewer_poppers)
    if setup is not None:
        setup = CatsSetup(map=game_map, fish=setup.fish, cats=setup.cats, seed=setup.seed)
    report = validate(setup or game_map)
    if not report.ok:
        echo_report(report)
        sys.exit(EXIT_RULE_BROKEN)
    return game_map, setup


def check_bots(bots: str, players: int) -> None:
    """A bad --bots refused before any game is played or its cost estimated."""
    from ...arena.bots import bot_specs
    from ...games.cats.bots import BOTS

    bot_specs(bots, BOTS, players)
