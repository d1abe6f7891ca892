"""Click options built from a spec's parameter dataclasses (games/params.py): a component's parameters are declared
once, as data, and the command line offers each with the type, range, default and help declared there.

    @commands.command("map")
    @spec_options(MapParams)
    @output_option(...)
    def map_command(output, print_options, **params): make_map(MapParams(**params))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from ..games.params import Param, params_of
from ..units import format_length
from .options import LengthType, printable_text


def spec_options(*options: type, skip: tuple[str, ...] = ()) -> Callable[[Callable], Callable]:
    """A decorator adding one click option per parameter of the dataclasses, in their order (the first class's
    first), but those named in `skip`."""
    declared = [param for cls in options for param in params_of(cls) if param.name not in skip]

    def decorate(func: Callable) -> Callable:
        for param in reversed(declared):
            func = click_option(param)(func)
        return func
    return decorate


def click_option(param: Param) -> Callable[[Callable], Callable]:
    """The click option for one declared parameter."""
    flag = param.option
    declarations = [flag] if param.kind == "bool" and "/" in flag else flag.split("/")
    settings: dict[str, Any] = {"help": param.help, "required": param.required}
    shown = param.default is not None and param.default is not False
    if param.kind == "bool":
        settings.update(default=bool(param.default), show_default="/" in flag)
        if "/" not in flag:
            settings["is_flag"] = True
    else:
        settings.update(type=_click_type(param), default=_click_default(param), show_default=shown)
        if param.kind not in _TYPED_KINDS:
            settings["metavar"] = param.kind            # URL, LIST, X,Y: what the value looks like
        if param.max_length is not None:
            settings["callback"] = printable_text(param.max_length)
    return click.option(*declarations, param.name, **settings)


_TYPED_KINDS = ("int", "float", "length", "choice", "file", "folder", "str")


def _click_type(param: Param) -> Any:
    if param.kind == "int":
        bounded = param.min is not None or param.max is not None
        return click.IntRange(param.min, param.max) if bounded else click.INT
    if param.kind == "float":
        bounded = param.min is not None or param.max is not None
        return click.FloatRange(param.min, param.max) if bounded else click.FLOAT
    if param.kind == "length":
        return LengthType(allow_zero=param.min == 0, minimum=param.min or None,
                          **({} if param.max is None else {"maximum": param.max}))
    if param.kind == "choice":
        return click.Choice(param.choices, case_sensitive=False)
    if param.kind == "file":
        return click.Path(dir_okay=False, path_type=Path)
    if param.kind == "folder":
        return click.Path(file_okay=False, path_type=Path)
    return click.STRING


def _click_default(param: Param) -> Any:
    """A length's default as the command line shows it (10m, 50mm); anything else as declared."""
    if param.kind == "length" and isinstance(param.default, (int, float)):
        return format_length(param.default)
    return param.default


def options_of(cls: type, values: dict[str, Any]) -> Any:
    """An instance of the parameter dataclass from a command's keyword arguments (those it declares)."""
    names = {param.name for param in params_of(cls)}
    return cls(**{name: value for name, value in values.items() if name in names})


def commands_from_spec(game: Any) -> click.Group:
    """`washigen GAME ...` for a game that brings no commands of its own (a plugin's): one command per component
    that makes a design, its options built from the component's parameter dataclass, writing the design or its
    print by the output's extension (-o), with the print options every printing command takes."""
    from .options import output_option, print_options

    group = click.Group(game.name, help=f"{game.title}: its components, built from its spec.")
    for component in game.components:
        if component.make is None or component.options is None:
            continue
        group.add_command(_component_command(game.name, component, output_option, print_options))
    return group


def _component_command(game_name: str, component: Any, output_option: Callable, print_options: Callable) -> Any:
    def run(output: Path, print_options: Any, **params: Any) -> None:
        from ..games import get_game
        from .options import echo_report, emit, resolve_seed

        if "seed" in params:
            params["seed"] = resolve_seed(params["seed"])
        design = component.make(options_of(component.options, params))
        game = get_game(game_name)
        emit(game, design, output, print_options)
        report = game.validate(design)
        if not report.ok:
            echo_report(report)
            raise SystemExit(1)

    run.__doc__ = component.help
    command = print_options(backs=False)(run)          # innermost first, as decorators stack
    command = output_option()(command)
    command = spec_options(component.options)(command)
    return click.command(component.name, help=component.help)(command)
