"""washigen.generate's making of a design from a game's component and its parameters, each checked as the spec
declares it. Apart from the registry, which every start imports, as only a script or the studio makes a design."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..errors import InputError
from ..i18n import NONE
from ..words import N_, Says
from .registry import Component, Game, get_component, get_game

if TYPE_CHECKING:
    from ..design import Design

# What washigen.render takes, not washigen.generate: named so that passing one to generate says where it goes.
PRINT_OPTION_NAMES = frozenset({"paper", "template", "bleed", "crop_marks", "cut_lines", "duplex", "back_offset",
                                "dpi", "lang", "colour", "color", "icc_profile", "output_profile", "gutter"})
NO_SUCH_PARAMETER = N_("{field}: {game} {component} takes no such parameter; it takes {known}")
NOT_OF_THE_DESIGN = N_("{field}: not part of the design that {maker} makes; print options go to {printer}")


def generate(game: str, component: str, **params: Any) -> Design:
    """A new design: `generate("cats", "map", players=4, seed=7)`. Parameters are the component's, as `washigen
    games` lists them (underscores for hyphens); each is checked against its range, an unknown one is refused."""
    found = get_game(game)
    part = get_component(found, component)
    make = _maker(found, part)
    checked = checked_params(found, part, params)
    if "seed" in {param.keyword for param in part.params} and checked.get("seed") is None:
        import secrets

        checked["seed"] = secrets.randbelow(1_000_000)   # recorded in the design, so it can be made again
    if part.options is not None:            # the maker takes the component's parameter dataclass
        known = {param.keyword: param for param in part.params}
        return make(part.options(**{known[name].name: value for name, value in checked.items()}))
    return make(**checked)


def checked_params(found: Game, part: Component, params: dict[str, Any]) -> dict[str, Any]:
    """`params` checked as generate checks them, before anything is made (a sweep checks its --set so before its
    first map): each against its range, an unknown one or a print option refused, a None left out."""
    make = _maker(found, part)
    known = {param.keyword: param for param in part.params}
    for name in params:
        if name in PRINT_OPTION_NAMES and name not in known:
            raise InputError(Says(NOT_OF_THE_DESIGN, field=name, maker="generate", printer="washigen.render"))
        if name not in known:
            raise InputError(Says(NO_SUCH_PARAMETER, field=name, game=found.name, component=part.name,
                                  known=", ".join(n for n, p in known.items() if p.design) or Says(NONE)))
    # None means the default, as a parameter left out (a maker's own default is not always None).
    checked = {name: known[name].check(value, name) for name, value in params.items() if value is not None}
    if part.options is not None:
        printing = [name for name in checked if not known[name].design]
    else:
        accepted = _maker_params(make)
        printing = [] if accepted is None else [name for name in checked if name not in accepted]
    if printing:
        raise InputError(Says(NOT_OF_THE_DESIGN, field=", ".join(printing), maker="generate",
                              printer="washigen.render"))
    return checked


def _maker(found: Game, part: Component) -> Callable[..., Any]:
    """The component's maker, or an InputError where it makes no design (it only prints parts)."""
    if part.make is None:
        makers = ", ".join(c.name for c in found.components if c.make is not None) or Says(NONE)
        raise InputError(Says(N_("{field}: {game} {component} prints parts but makes no design to keep; components "
                                 "that do: {makers}"), field="component", game=found.name, component=part.name,
                              makers=makers))
    return part.make


def _maker_params(maker: Callable[..., Any]) -> set[str] | None:
    """The parameters a maker takes (None: any, it passes them on); the command's other options (a bleed, a paper,
    a count of games) change what is printed, not the design."""
    import inspect

    parameters = inspect.signature(maker).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return {p.name for p in parameters}

