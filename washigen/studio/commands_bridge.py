"""Runs a game's own click command for the studio, exactly as `washigen GAME COMPONENT ... -o OUT` would: the
parameters the page sends become the same command-line options, parsed by the same click types, so the designs,
the prints and the error messages are the CLI's. Only options that the registry's parameter specs name (and that
are not file paths) can be set: the page can never make the server read a file."""

from __future__ import annotations

import contextlib
import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ..errors import InputError
from ..games import Component, Game, Param

# click writes to the process's stdout/stderr; one command at a time keeps each run's messages apart.
_RUN_LOCK = threading.Lock()

PRINT_OPTION_NAMES = ("paper", "bleed", "crop_marks", "cut_lines", "duplex", "back_offset", "dpi", "gutter", "colour",
                      "lang")
FLAGS = {"colour": "color"}          # the option's name where its flag is spelt otherwise (--color)
# The studio names its files; a printer profile lives in the home folder (read only when a user asks for it at the
# command line); --json chooses the CLI's output form, where the studio always answers JSON.
NOT_IN_FORM = ("output", "profile", "as_json")


@dataclass(frozen=True)
class Run:
    files: list[Path]          # what the command wrote, in page order
    messages: list[str]        # what it said on stdout and stderr (seed, warnings, reports)
    exit_code: int             # 0, or 1 when the design it wrote breaks a rule


def group_of(game: Game) -> click.Group | None:
    """The game's click group: its own, or the one the command line builds from its spec (a game from a plugin
    that brings none)."""
    from ..cli.build import commands_from_spec

    group = game.commands
    if group is None:
        group = _built.get(game.name)
        if group is None:
            group = _built[game.name] = commands_from_spec(game)
    return group if isinstance(group, click.Group) else None


_built: dict[str, click.Group] = {}


def command_for(game: Game, component: str) -> click.Command:
    group = group_of(game)
    command = group.commands.get(component) if isinstance(group, click.Group) else None
    if command is None or not studio_ready(command):
        offered = ", ".join(c.name for c in studio_components(game)) or "none"
        raise InputError(f"component: {game.name} has no component {component!r} the studio makes; "
                         f"known: {offered}")
    return command


def studio_ready(command: click.Command) -> bool:
    """A command the studio can run: it writes its result with -o and needs no file argument."""
    names = {p.name for p in command.params}
    required_arguments = [p for p in command.params if isinstance(p, click.Argument) and p.required]
    return "output" in names and not required_arguments


def studio_components(game: Game) -> list[Component]:
    group = group_of(game)
    if group is None:
        return []
    return [c for c in game.components if c.name in group.commands and studio_ready(group.commands[c.name])]


def option_for(command: click.Command, param: Param) -> click.Option | None:
    """The command's option for a parameter spec; None for options that take a path (never set from the page)."""
    for option in command.params:
        if isinstance(option, click.Option) and option.name == param.name:
            return None if isinstance(option.type, (click.Path, click.File)) else option
    return None


def settable_params(game: Game, component: Component) -> list[Param]:
    """The component's parameters the page sets in its form: not file paths, not the output (the studio names its
    own files), and not the print options (paper, duplex, ...), which the page sets with every print's options."""
    command = group_of(game).commands[component.name]
    return [p for p in component.params if option_for(command, p) is not None
            and p.name not in PRINT_OPTION_NAMES and p.name not in NOT_IN_FORM]


def takes_json(command: click.Command, folder: Path) -> bool:
    """Whether the command can write its result as a design file (.json), asked of its own -o check."""
    return writes(command, folder / "probe.json")


def writes(command: click.Command, target: Path) -> bool:
    """Whether the command's -o takes `target` (its format is the extension), asked of its own -o check."""
    output = next((p for p in command.params if p.name == "output"), None)
    if output is None:
        return False
    if output.callback is None:
        return True
    try:
        output.callback(None, output, str(target))
    except click.BadParameter:
        return False
    return True


def arguments(game: Game, component: Component, params: dict[str, Any], seed: int | None,
              options: dict[str, Any] | None) -> list[str]:
    """The command line for these values, checked against the component's specs (unknown names refused)."""
    command = group_of(game).commands[component.name]
    specs = {p.keyword: p for p in settable_params(game, component)}
    args: list[str] = []
    if not isinstance(params, dict):
        raise InputError("params: must be an object of parameter names and values")
    for name, value in params.items():
        spec = specs.get(name)
        if spec is None or name == "seed":
            known = ", ".join(n for n in specs if n != "seed") or "none"
            raise InputError(f"params.{name}: {game.name} {component.name} has no such parameter; known: {known}")
        args += option_args(option_for(command, spec), value, f"params.{name}")
    if seed is not None:
        if "seed" not in specs:
            raise InputError(f"seed: {game.name} {component.name} takes no seed")
        args += ["--seed", str(seed)]
    args += print_arguments(options or {}, command)
    return args


def option_args(option: click.Option, value: Any, where: str) -> list[str]:
    if value is None or value == "":
        return []
    if option.is_flag:
        if not isinstance(value, bool):
            raise InputError(f"{where}: must be true or false, got {value!r}")
        if value:
            return [option.opts[0]]
        return [option.secondary_opts[0]] if option.secondary_opts else []
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InputError(f"{where}: must be a number or text, got {value!r}")
    return [option.opts[0], str(value)]


def print_arguments(options: dict[str, Any], command: click.Command | None = None) -> list[str]:
    """--paper --bleed --crop-marks/--no-crop-marks --cut-lines --duplex --back-offset --dpi --gutter --color --lang
    from a JSON object."""
    if not isinstance(options, dict):
        raise InputError("options: must be an object such as {\"paper\": \"a4\", \"bleed\": \"3mm\"}")
    command = command or _print_options_command()
    by_name = {p.name: p for p in command.params if isinstance(p, click.Option)}
    args: list[str] = []
    for name, value in options.items():
        if name not in PRINT_OPTION_NAMES:
            raise InputError(f"options.{name}: unknown print option; known: {', '.join(PRINT_OPTION_NAMES)}")
        option = by_name.get(name)
        if option is None:
            flag = FLAGS.get(name, name).replace("_", "-")
            raise InputError(f"options.{name}: this component does not take --{flag}")
        if name == "back_offset" and isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        args += option_args(option, value, f"options.{name}")
    return args


def _print_options_command() -> click.Command:
    """A command that takes exactly the CLI's print options and returns the PrintOptions they make."""
    from ..cli.options import print_options

    @click.command()
    @print_options
    def collect(print_options):
        return print_options

    return collect


def parse_print_options(options: dict[str, Any]):
    """A PrintOptions from a JSON object, through the CLI's own print-option decorator (same checks, messages)."""
    command = _print_options_command()
    return invoke(command, print_arguments(options, command), "options")


def invoke(command: click.Command, args: list[str], label: str):
    """Runs a click command in-process and returns what it returns; click's usage errors become InputError with
    click's own message."""
    try:
        return command.main(args, prog_name=label, standalone_mode=False)
    except click.BadParameter as error:
        raise OptionError(error) from None
    except click.ClickException as error:
        raise InputError(error.format_message()) from None
    except click.exceptions.Abort:
        raise InputError(f"{label}: stopped") from None


def run(game: Game, component: str, params: dict[str, Any], seed: int | None, folder: Path, suffix: str,
        options: dict[str, Any] | None = None) -> Run:
    """`washigen GAME COMPONENT <params> --seed S -o folder/<component><suffix>`; returns the files written."""
    command = command_for(game, component)
    spec = next(c for c in game.components if c.name == component)
    target = folder / f"{component}{suffix}"
    args = arguments(game, spec, params, seed, options) + ["-o", str(target)]
    code, messages = capture(command, args, f"washigen {game.name} {component}")
    messages = [line for line in messages if not line.startswith("wrote ")]
    written = sorted(folder.glob(f"{component}*{suffix}"))
    if not written:
        raise InputError(f"{game.name} {component} wrote nothing")
    return Run(written, messages, code)


def capture(command: click.Command, args: list[str], label: str) -> tuple[int, list[str]]:
    """Runs a command with its stdout and stderr captured: (exit code, non-empty lines said). Exit 0 and 1 (a
    design that breaks a rule) are answers; anything else raises InputError with what the command said."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with _RUN_LOCK, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result = invoke(command, args, label)
            code = result if isinstance(result, int) else 0
        except SystemExit as stop:            # a command exits 1 after writing a design that breaks a rule
            code = stop.code if isinstance(stop.code, int) else 2
    messages = [line for line in (out.getvalue() + err.getvalue()).splitlines() if line.strip()]
    if code not in (0, 1):
        raise InputError("; ".join(messages) or f"{label} failed")
    return code, messages


# The options through which a game's `play` command reads the design to play (a file the studio writes itself).
DESIGN_FILE_OPTIONS = ("map_file", "setup_file", "layout_file", "design_file")


def play_option(game: Game) -> tuple[click.Command, click.Option] | None:
    """The game's `play` command and its option naming the design file, when it has both."""
    command = group_of(game).commands.get("play") if group_of(game) is not None else None
    if command is None:
        return None
    option = next((p for p in command.params if isinstance(p, click.Option) and p.name in DESIGN_FILE_OPTIONS),
                  None)
    return None if option is None else (command, option)


def play_log(game: Game, design_file: Path, seed: int) -> list[str]:
    """`washigen GAME play --map/--setup FILE --seed S`: the lines of one bot game on the design."""
    found = play_option(game)
    if found is None:
        raise PlayUnavailable(f"{game.name}: no engine plays a design of this game yet")
    command, option = found
    args = [option.opts[0], str(design_file)]
    if any(p.name == "seed" for p in command.params):
        args += ["--seed", str(seed)]
    _, lines = capture(command, args, f"washigen {game.name} play")
    return lines


class OptionError(InputError):
    """click's message for a bad option, with what the page needs to say it in its own words: the field (the
    name the form and the API use), the reason without click's "Invalid value for '--x'", and the value given."""

    def __init__(self, error: click.BadParameter):
        super().__init__(error.format_message())
        param = error.param
        self.reason = error.message
        self.value = None
        self.field = None
        if isinstance(param, click.Option):
            long_flags = [flag for flag in param.opts if flag.startswith("--")]
            keyword = long_flags[0][2:].replace("-", "_") if long_flags else param.name
            self.field = param.name if param.name in PRINT_OPTION_NAMES else keyword


class PlayUnavailable(InputError):
    """The game has no `play` command that takes a design file."""
