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
from .options import LengthType, output_decorator, print_decorator, printable_text


def spec_options(*options: type, skip: tuple[str, ...] = ()) -> Callable[[Callable], Callable]:
    """A decorator adding one click option per parameter of the dataclasses, in their order (the first class's
    first), but those named in `skip`."""
    declared = [param for cls in options for param in params_of(cls) if param.name not in skip]

    def decorate(func: Callable) -> Callable:
        for param in reversed(declared):
            func = click_option(param)(func)
        return func
    return decorate


def named(components: tuple[Any, ...], name: str) -> Any:
    """The component called `name` among a spec's COMPONENTS."""
    return next(component for component in components if component.name == name)


def component_options(component: Any, skip: tuple[str, ...] = ()) -> Callable[[Callable], Callable]:
    """A decorator adding every option a component's command takes, from its declaration: its parameters, then
    -o as it `writes`, then the print options it `prints` (games/registry.py Component)."""
    def decorate(func: Callable) -> Callable:
        func = print_decorator(component.prints)(func)
        func = output_decorator(component.writes, component.output_required)(func)
        return spec_options(component.options, skip=skip)(func) if component.options is not None else func
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
        settings.update(type=_click_type(param), default=param.typed_default, show_default=shown)
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
