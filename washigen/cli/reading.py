"""A game's click commands read back as Components and Params: what `washigen games` lists for a game whose
commands are its own (a plugin's); tests/test_specs.py reads the built-in games' commands so, to hold them to
their declarations."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..words import first_sentence

if TYPE_CHECKING:
    from ..games.params import Param
    from ..games.registry import Component


def components_from_commands(group: click.Group) -> tuple[Component, ...]:
    """One Component per subcommand of the game's group, with every parameter but --help."""
    from ..games.registry import Component

    context = click.Context(group)
    components = []
    for name in getattr(group, "commands", None) or group.list_commands(context):     # in the order defined
        command = group.get_command(context, name)
        if command is None or command.hidden:
            continue
        summary = first_sentence(command.get_short_help_str(limit=300))
        components.append(Component(name, summary,
                                    tuple(param_of(p) for p in command.params
                                          if p.name != "help" and not getattr(p, "hidden", False))))
    return tuple(components)


def param_of(param: click.Parameter) -> Param:
    from ..games.params import Param

    kind, low, high, choices = _kind(param)
    default = param.default if isinstance(param.default, (str, int, float, bool)) else None
    if kind == "str" and param.metavar:
        kind = param.metavar                            # X,Y or URL says more than "str"
    return Param(param.name or "", kind, default, low, high, choices, getattr(param, "help", None) or "",
                 flag=_flag(param), required=param.required, retired=getattr(param, "hidden", False))


def _flag(param: click.Parameter) -> str:
    if isinstance(param, click.Argument):
        return param.human_readable_name
    return "/".join([*param.opts, *param.secondary_opts])


def _kind(param: click.Parameter) -> tuple[str, object, object, tuple[str, ...]]:
    kind = param.type
    if getattr(param, "is_flag", False) and getattr(param, "is_bool_flag", False):
        return "bool", None, None, ()
    if isinstance(kind, click.Choice):
        return "choice", None, None, tuple(str(c) for c in kind.choices)
    if isinstance(kind, click.IntRange):
        return "int", kind.min, kind.max, ()
    if isinstance(kind, click.FloatRange):
        return "float", kind.min, kind.max, ()
    if isinstance(kind, click.Path):
        return ("folder" if not kind.file_okay else "file"), None, None, ()
    if getattr(kind, "name", "") == "LENGTH":               # options.LengthType: in mm, its real minimum
        return "length", getattr(kind, "minimum", None) or 0, getattr(kind, "maximum", None), ()
    if kind is click.INT:
        return "int", None, None, ()
    if kind is click.FLOAT:
        return "float", None, None, ()
    return "str", None, None, ()
