"""Click options built from a spec's parameter dataclasses (games/params.py): a component's parameters are declared
once, as data, and the command line offers each with the type, range, default and help declared there.

    @commands.command("map")
    @spec_options(MapParams)
    @output_option(...)
    def map_command(output, print_options, **params): make_map(MapParams(**params))
"""

from __future__ import annotations

from typing import Any, Callable

from ..games.params import params_of
from .options import click_option, output_decorator, print_decorator


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
