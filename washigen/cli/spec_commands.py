"""`washigen GAME ...` for a game that brings no commands of its own (a plugin's): one command per component, its
options built from the component's declaration (cli/build.py). Apart from build.py, as only such a game needs it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..games.params import params_of
from .build import component_options
from .options import echo_report, emit, resolve_seed


def options_of(cls: type, values: dict[str, Any]) -> Any:
    """An instance of the parameter dataclass from a command's keyword arguments (those it declares)."""
    names = {param.name for param in params_of(cls)}
    return cls(**{name: value for name, value in values.items() if name in names})


def commands_from_spec(game: Any) -> click.Group:
    """`washigen GAME ...` for a game that brings no commands of its own (a plugin's): one command per component
    that makes a design, its options built from the component's declaration (its parameter dataclass, what it
    writes with -o and the print options it takes; a design and its print on sheets where it does not say),
    writing the design or its print by the output's extension."""
    from ..games.registry import DESIGN, FOLDER

    group = click.Group(game.name, help=f"{game.title}: its components, built from its spec.")
    for component in game.components:
        if component.make is None or component.options is None or component.writes in ((), (FOLDER,)):
            continue
        if component.writes is None:
            component = component._replace(writes=DESIGN, prints="sheets")
        group.add_command(_component_command(game.name, component))
    return group


def _component_command(game_name: str, component: Any) -> Any:
    def run(output: Path | None = None, print_options: Any = None, **params: Any) -> None:
        from ..games import get_game

        if "seed" in params:
            params["seed"] = resolve_seed(params["seed"])
        design = component.make(options_of(component.options, params))
        game = get_game(game_name)
        if output is not None:
            emit(game, design, output, print_options)
        report = game.validate(design)
        if not report.ok:
            echo_report(report)
            raise SystemExit(1)

    run.__doc__ = component.help
    return click.command(component.name, help=component.help)(component_options(component)(run))
