"""`washigen games`: every game, its components and their parameters as the command line offers them (every option,
the output and print options too), from the specs' declarations, or read off a plugin's own commands
(reading.py); tests/test_specs.py holds the two together."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .common_params import PRINT_OPTION_NAMES, PRINT_PARAMS, output_params
from ..words import first_sentence

if TYPE_CHECKING:
    from ..games.params import Param


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def games_command(as_json: bool):
    """List every registered game, its components and their parameters."""
    from ..games import all_games

    games = all_games()
    if as_json:
        import json

        click.echo(json.dumps([listing_json(game) for game in games], indent=2, ensure_ascii=False))
        return
    click.echo("\n".join(listing_lines(games)) if games else "no games registered")   # one write, not 300


def offered(game) -> tuple:
    """A game's components as the command line offers them, every option (the output and print options too):
    from the spec where each component declares what it writes and prints (its command is built from the same
    declaration, so no command need be built to list it); else read off the game's own commands, or those built
    from its spec; a spec that declares parameters but no parameter dataclass (so no command can be built) as it
    declares them."""
    if all(c.writes is not None for c in game.components):
        return tuple(c._replace(params=declared_options(c)) for c in game.components)
    if game.declared("commands") is None and not all(c.options for c in game.components):
        return game.components
    from .main import commands_of
    from .reading import components_from_commands

    return components_from_commands(commands_of(game))


def declared_options(component) -> tuple[Param, ...]:
    """Every option of the component's command, read from declarations without building the command: its
    parameters, then the -o it writes to and the print options it takes (common_params.py, which the command's
    click options are built from)."""
    return (tuple(_as_offered(param) for param in component.params if not param.retired)
            + output_params(component.writes, component.output_required) + PRINT_PARAMS[component.prints])


def _as_offered(param: Param) -> Param:
    """A declared parameter as its click option shows it (options.click_option, read back by reading.param_of): a
    length's default as the command line writes it (50mm), its minimum as its type checks it, 0 where none is
    declared."""
    from ..units import MAX_LENGTH

    if param.kind != "length":
        return param
    return param._replace(default=param.typed_default, min=param.min or 0,
                          max=MAX_LENGTH if param.max is None else param.max)


def listing_json(game) -> dict:
    """One game in `washigen games --json`."""
    return {"name": game.name, "title": game.title, "aliases": list(game.aliases),
            "components": [{"name": c.name, "help": c.help,
                            "params": [{"name": p.name, "flag": p.option, "kind": p.kind, "default": p.default,
                                        "min": p.min, "max": p.max, "choices": list(p.choices), "help": p.help}
                                       for p in c.params]} for c in offered(game)]}


def listing_lines(games) -> list[str]:
    """`washigen games` as text: each game, its components, their parameters (the print options once)."""
    from ..units import PAPER_SIZES

    lines = []
    for game in games:
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        lines.append(f"{game.name}{aliases}: {game.title}")
        for component in offered(game):
            lines.append(f"  {game.name} {component.name}: {component.help}")
            names = {param.name for param in component.params}
            shared = PRINT_OPTION_NAMES <= names
            for param in component.params:
                if not (shared and param.name in PRINT_OPTION_NAMES):
                    note = f"  {first_sentence(param.help)}" if param.help else ""
                    lines.append(f"      {param.describe()}{note}")
            if shared:
                lines.append("      print options: --paper " + "|".join(sorted(PAPER_SIZES)) + " --template --bleed "
                             "--crop-marks/--no-crop-marks --cut-lines --duplex --back-offset --dpi --lang en|de")
    return lines

