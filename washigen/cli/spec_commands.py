"""`washigen GAME ...` for a game that brings no commands of its own (a plugin's): one command per component, its
options built from the component's declaration (cli/build.py), and, where the game has an engine, `play` and
`balance` built from its `play` and `balance` hooks. Apart from build.py, as only such a game needs it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ..errors import InputError
from ..games.params import param, params_of, seed_param
from ..games.registry import PRINTED, Component
from ..words import N_, Says
from .build import component_options
from .options import echo_report, emit, refuse_long_run, report_written, resolve_seed

BALANCE_GAMES = 200             # as washigen.balance and the built-in games' balance commands


@dataclass(frozen=True)
class PlayParams:
    """`GAME play` built from the game's `play` hook: the table and who plays."""
    map_file: Path | None = param(None, "Play on this design (.json or .txt) instead of the game's own table.",
                                  kind="file", flag="--map", design=False)
    bots: str = param("greedy", "A bot for every seat, comma-separated, or one for all, as the game names its bots "
                                "(greedy, random, strong:N).", kind="LIST", design=False)
    seed: int | None = seed_param()


@dataclass(frozen=True)
class BalanceParams(PlayParams):
    """`GAME balance` built from the game's `balance` hook."""
    games: int = param(BALANCE_GAMES, "How many games; the first seat is rotated.", min=1, max=100_000,
                       design=False)
    jobs: int | None = param(None, "Processes playing at once [default: every core]; the numbers are the same for "
                                   "every JOBS.", kind="int", min=1, max=64, design=False)
    as_json: bool = param(False, "Print the balance as JSON.", flag="--json", design=False)


PLAY = Component("play", "One game between bots on the game's engine: its moves and how it ended.",
                 options=PlayParams)
BALANCE = Component("balance", "Win rates per seat over GAMES seeded games between equal bots, the first seat "
                               "rotated, each with its 95 % Wilson interval; -o draws it as a chart (.svg .pdf .png, "
                               "in --lang).", options=BalanceParams, writes=PRINTED, output_required=False,
                    prints="lang")


def options_of(cls: type, values: dict[str, Any]) -> Any:
    """An instance of the parameter dataclass from a command's keyword arguments (those it declares)."""
    names = {param.name for param in params_of(cls)}
    return cls(**{name: value for name, value in values.items() if name in names})


def commands_from_spec(game: Any) -> click.Group:
    """`washigen GAME ...` for a game that brings no commands of its own (a plugin's): one command per component
    that makes a design, its options built from the component's declaration (its parameter dataclass, what it
    writes with -o and the print options it takes; a design and its print on sheets where it does not say),
    writing the design or its print by the output's extension; and `play` and `balance` where the game has those
    hooks (and no component of the name)."""
    from ..games.registry import DESIGN, FOLDER

    group = click.Group(game.name, help=f"{game.title}: its components, built from its spec.")
    for component in game.components:
        if component.make is None or component.options is None or component.writes in ((), (FOLDER,)):
            continue
        if component.writes is None:
            component = component._replace(writes=DESIGN, prints="sheets")
        group.add_command(_component_command(game.name, component))
    for name, make in (("play", _play_command), ("balance", _balance_command)):
        if game.declared(name) is not None and name not in group.commands:
            group.add_command(make(game.name))
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


# -- play and balance, from the game's hooks --------------------------------------------------------------------------

def _play_command(game_name: str) -> click.Command:
    def run(map_file: Path | None, bots: str, seed: int | None) -> None:
        """One game between bots on the game's engine, on --map FILE or the game's own table: the game as its
        replay shows it (the studio's bot game) where a part replays it, else its moves and how it ended."""
        game, design = _playing(game_name, map_file, "play")
        _check_bots(game, design, bots)
        seed = resolve_seed(seed)
        _refuse_long(game, design, 1, bots, games_flag=None)
        replay = _replay_of(game) if design is not None and _all_greedy(bots) else None
        played = replay(design, seed) if replay is not None else None
        if played is None:
            played = _as_options(lambda: game.play(design, seed=seed, bots=bots), map_file)
        click.echo("\n".join(_played_lines(played)))

    return click.command("play", help=run.__doc__)(component_options(PLAY)(run))


def _balance_command(game_name: str) -> click.Command:
    def run(map_file: Path | None, bots: str, seed: int | None, games: int, jobs: int | None, as_json: bool,
            output: Path | None, lang: str) -> None:
        """Win rates per seat over GAMES seeded games between equal bots on --map FILE or the game's own table, the
        first seat rotated: each with its 95 % Wilson interval, the mean game length and how the games ended. With
        every seat strong, the same games are played by greedy bots too and the report says how far the two agree.
        -o draws it as a chart (.svg .pdf .png, in --lang)."""
        from ..arena.balance import all_strong, balance_report
        from ..arena.chart import chart_title, write_chart
        from ..arena.records import default_jobs

        game, design = _playing(game_name, map_file, "balance")
        _check_bots(game, design, bots)
        seed = resolve_seed(seed)
        strong = all_strong(bots)
        _refuse_long(game, design, games, bots, also="greedy" if strong else None)
        jobs = jobs or default_jobs()
        result = _as_options(lambda: game.balance(design, games, seed, jobs, bots=bots), map_file)
        greedy = game.balance(design, games, seed, jobs, bots="greedy") if strong else None
        endings = game.extra.get("endings")
        click.echo(balance_report(result, as_json, greedy, endings))
        if output is not None:
            title = chart_title(game.title, getattr(design, "players", len(result.seats)), seed, bots, lang)
            report_written(write_chart(result, output, title, lang, endings))

    return click.command("balance", help=run.__doc__)(component_options(BALANCE)(run))


def _playing(game_name: str, map_file: Path | None, hook: str) -> tuple[Any, Any]:
    """The game and the design its `hook` plays: --map FILE read, held to the kinds the hook takes (by its first
    parameter's annotation; any of the game's where it names none) and to the game's rules (a broken one is
    reported, exit 1, as a made design is); None without --map, the hook's own table."""
    import inspect

    from ..design import load
    from ..games import get_game
    from ..games.registry import design_classes

    game = get_game(game_name)
    if map_file is None:
        return game, None
    design = load(map_file)
    function = getattr(game, hook)
    first = next(iter(inspect.signature(function).parameters.values()), None)
    kinds = (() if first is None else design_classes(game, function, first.annotation)) or tuple(
        game.designs.values())
    if design.GAME != game.name or not isinstance(design, kinds):
        wanted = ", ".join(sorted({f"{game.name} {getattr(kind, 'KIND', '')}" for kind in kinds}))
        raise InputError(Says(N_("{option}: {path} holds a {game} {kind}; {command} plays a {wanted}"),
                              option="--map", path=str(map_file), game=design.GAME, kind=design.KIND,
                              command=f"{game.name} {hook}", wanted=wanted))
    report = game.validate(design)
    if not report.ok:
        echo_report(report)
        raise SystemExit(1)
    return game, design


def _check_bots(game: Any, design: Any, bots: str) -> None:
    """--bots refused before the run is estimated or played, against the game's bots (extra["bots"]), one for
    every seat of --map's design."""
    from ..arena.bots import check_game_bots

    check_game_bots(bots, game.extra.get("bots"), getattr(design, "players", None))


def _refuse_long(game: Any, design: Any, games: int, bots: str, also: str | None = None,
                 games_flag: str | None = "--games") -> None:
    """The run refused before any game where the game's cost (extra["run_cost"]) puts it past its allowance; a
    game that registers no cost is not estimated."""
    run_cost = game.extra.get("run_cost")
    if run_cost is not None:
        refuse_long_run(games, bots, run_cost(design), also, games_flag=games_flag)


def _as_options(call: Any, map_file: Path | None) -> Any:
    """call()'s value; a hook's refusal of its `bots` or `design` parameter (washigen.balance's words) said as the
    command line's option that gave it: --bots, --map FILE."""
    try:
        return call()
    except InputError as error:
        said = str(error)
        for name, option in (("bots", "--bots"), ("design", f"--map {map_file}")):
            if said.startswith(f"{name}: "):
                raise InputError(f"{option}: {said[len(name) + 2:]}") from None
        raise


def _replay_of(game: Any) -> Any:
    """The first part's `replay` (design, seed) -> PlayedGame, the bot game the studio shows; None where none."""
    return next((part.replay for part in game.components if part.replay is not None), None)


def _all_greedy(bots: str) -> bool:
    """Greedy at every seat: the bots a replay plays."""
    return all(name.strip().lower() == "greedy" for name in str(bots).split(","))


def _played_lines(played: Any) -> list[str]:
    """A game as the command prints it: the lines of a PlayedGame (the studio's replay), else one line a move in
    the game's notation and how it ended (a Match: a result, or cut off by the turn limit)."""
    lines = getattr(played, "lines", None)
    if lines:
        return list(lines)
    moves = getattr(played, "moves", None)
    if moves is None:
        return [str(played)]
    shown = [f"{number}. {move}" for number, move in enumerate(moves, 1)]
    if getattr(played, "cut_off", False):
        return [*shown, f"cut off by the turn limit after {len(moves)} moves"]
    return [*shown, f"ended after {len(moves)} moves; the engine's result: {getattr(played, 'result', None)!r}"]
