"""What the cops commands share: the game, a design's report, what their options are given beyond the spec, and
the map a game is played on."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import click

from ...errors import InputError
from ...games.cops.spec import offset_mm
from ..options import refuse_contradicted, resolve_seed


def read_offset(ctx, param, value):
    """A length of 0 or more; a negative one is refused by name (not mistaken for an option)."""
    try:
        return offset_mm(value)
    except InputError as error:
        raise click.BadParameter(str(error).split(": ", 1)[-1]) from None


def as_ever(**settings: dict[str, Any]) -> Callable[[Callable], Callable]:
    """Sets on options that spec_options made what their declarations do not say, so that they read, fail and
    show as they always have: --offset read by its own callback, --map and --replay taking any path (a folder is
    refused when read, naming what was wanted), `cops map`'s --fair kept off --help."""
    def refine(func: Callable) -> Callable:
        for option in getattr(func, "__click_params__", ()):
            for name, value in settings.get(option.name, {}).items():
                setattr(option, name, value)
        return func
    return refine


ANY_PATH = click.Path(path_type=Path)
# What play and balance set on their shared options (spec.PlayOptions: --map FILE, or a map's options).
PLAYING: dict[str, dict[str, Any]] = {"offset": {"callback": read_offset}, "map_file": {"type": ANY_PATH}}


def game():
    from ...games import get_game

    return get_game("cops")


def check(design) -> None:
    """Prints what the validator finds (printability warnings on narrow tape); exit 1 if a rule is broken."""
    from ...games.cops.rules import validate

    report = validate(design)
    if report.violations:
        click.echo(report.format_text(), err=True)
    if not report.ok:
        sys.exit(1)


def map_to_play(map_file, players, offset, tape_width, layout, fair, seed):
    """The design to play: loaded (a Cops map that passes its rules) or generated."""
    from ...design import load
    from ...games.cops.generate import check_offset, check_tape_width, generate_map
    from ...games.cops.model import CopsMap

    if map_file is not None:
        design = load(map_file)
        if not isinstance(design, CopsMap):
            raise InputError(f"--map {map_file}: not a Cops map (it holds {design.GAME} {design.KIND})")
        # The fields a map file has of the map options; --fair only chooses among the layouts of a new map.
        refuse_contradicted(design, "--map", ("players", "offset", "tape_width", "layout"), makes=("fair",))
        check(design)
        return design, seed if seed is not None else (design.seed or 0)
    check_offset(offset, check_tape_width(tape_width))
    seed = resolve_seed(seed)
    return generate_map(players=players, seed=seed, tape_width=tape_width, offset=offset, layout=layout,
                        fair=fair), seed
