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


def component_options(component: Any, skip: tuple[str, ...] = ()) -> Callable[[Callable], Callable]:
    """A decorator adding every option a component's command takes, from its declaration: its parameters, then
    -o as it `writes`, then the print options it `prints` (games/registry.py Component)."""
    def decorate(func: Callable) -> Callable:
        func = _print_decorator(component.prints)(func)
        func = _output_decorator(component)(func)
        return spec_options(component.options, skip=skip)(func) if component.options is not None else func
    return decorate


def _print_decorator(prints: str) -> Callable[[Callable], Callable]:
    from .options import (COLOUR_OPTION, ICC_PROFILE_OPTION, lang_option, page_options, print_options,
                          profile_option)

    def tape(func: Callable) -> Callable:           # a tape maker's strip: its own bleed and dpi, no sheets
        for option in (profile_option(only=("bleed", "dpi")), lang_option, ICC_PROFILE_OPTION, COLOUR_OPTION):
            func = option(func)
        return func

    return {"": lambda func: func, "sheets": print_options(backs=False), "sheets+backs": print_options,
            "page": page_options, "tape": tape, "lang": lang_option}[prints]


def _output_decorator(component: Any) -> Callable[[Callable], Callable]:
    from ..games.registry import FOLDER
    from .options import output_option

    if not component.writes:
        return lambda func: func
    if component.writes == (FOLDER,):
        return click.option("-o", "--output", "folder", required=component.output_required,
                            type=click.Path(file_okay=False, path_type=Path), help="Folder for the maps (made if "
                            "missing).")
    return output_option(component.writes, required=component.output_required)


def declared_options(component: Any) -> tuple[Param, ...]:
    """Every option of the component's command, read from its declaration without building the command: its
    parameters, then those its output and print options add (read once per kind off the click options
    themselves, so they are what the command offers; tests/test_specs.py holds the two together)."""
    own = tuple(_as_offered(param) for param in component.params)
    return own + _added_options(component.writes, component.output_required, component.prints)


def _as_offered(param: Param) -> Param:
    """A declared parameter as its click option shows it (click_option, read back by reading.param_of): a length's
    default as the command line writes it (50mm), its minimum as its type checks it, 0 where none is declared."""
    from dataclasses import replace

    from ..units import MAX_LENGTH

    if param.kind != "length":
        return param
    return replace(param, default=_click_default(param), min=param.min or 0,
                   max=MAX_LENGTH if param.max is None else param.max)


_added: dict[tuple, tuple[Param, ...]] = {}


def _added_options(writes: tuple[str, ...], required: bool, prints: str) -> tuple[Param, ...]:
    from ..games.registry import Component
    from .reading import param_of

    key = (writes, required, prints)
    if key not in _added:
        probe = Component("probe", "", writes=writes, output_required=required, prints=prints)
        command = click.command("probe")(component_options(probe)(lambda **_: None))
        _added[key] = tuple(param_of(p) for p in command.params if p.name != "help")
    return _added[key]


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
        elif param.unit in _UNIT_WORDS:
            settings["metavar"] = _UNIT_WORDS[param.unit]     # --budget SECONDS
        if param.max_length is not None:
            settings["callback"] = printable_text(param.max_length)
    return click.option(*declarations, param.name, **settings)


_TYPED_KINDS = ("int", "float", "length", "choice", "file", "folder", "str")
_UNIT_WORDS = {"s": "SECONDS"}


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
    that makes a design, its options built from the component's declaration (its parameter dataclass, what it
    writes with -o and the print options it takes; a design and its print on sheets where it does not say),
    writing the design or its print by the output's extension."""
    from dataclasses import replace

    from ..games.registry import DESIGN, FOLDER

    group = click.Group(game.name, help=f"{game.title}: its components, built from its spec.")
    for component in game.components:
        if component.make is None or component.options is None or component.writes in ((), (FOLDER,)):
            continue
        if component.writes is None:
            component = replace(component, writes=DESIGN, prints="sheets")
        group.add_command(_component_command(game.name, component))
    return group


def _component_command(game_name: str, component: Any) -> Any:
    def run(output: Path | None = None, print_options: Any = None, **params: Any) -> None:
        from ..games import get_game
        from .options import echo_report, emit, resolve_seed

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


def commands_of(game):
    """A game's click group: its own (the built-in games' in cli/, a plugin's), or one built from its spec."""
    if game.declared("commands") is not None:
        return game.commands
    return commands_from_spec(game)
