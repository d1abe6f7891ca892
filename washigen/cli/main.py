"""The command line. Thin: parse, call, write. The only place that turns a WashigenError into an exit code:
0 done, 1 the design breaks a rule (the report is printed), 2 bad input or usage, never a traceback for bad input."""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from ..exits import EXIT_INTERRUPTED, say_interrupted
from ..errors import WashigenError

EXIT_RULE_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141          # 128 + SIGPIPE, as shells report `seq 1000000 | head -1`'s seq

# The commands beside the games', each imported only when it runs (or --help lists them), so that a start pays
# for the command it runs alone: `washigen --version` loads none of them.
COMMANDS = {"games": "listing:games_command", "validate": "designs:validate_command",
            "render": "designs:render_command", "calibrate": "designs:calibrate_command",
            "profile": "profiles:profile_group", "sweep": "sweep:sweep_command", "rules": "rulebook:rules_command",
            "kit": "rulebook:kit_command", "studio": "studio:studio_command"}


class WashigenGroup(click.Group):
    """Adds every registered game's commands as `washigen GAME ...`, and reports WashigenError as exit 2."""

    def list_commands(self, ctx):
        from ..games import all_games

        return sorted(set(super().list_commands(ctx)) | set(COMMANDS) | {g.name for g in all_games()})

    def get_command(self, ctx, name):
        from ..games import get_game

        command = super().get_command(ctx, name) or own_command(name)
        if command is None:
            try:
                command = commands_of(get_game(name))
            except WashigenError:
                from ..games.registry import load_failure

                failure = load_failure(name)          # a plugin game that could not be loaded says why
                if failure is not None:
                    raise click.UsageError(str(failure), ctx) from None
                return None
        return command

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and may_show_help(command, rest, ctx.help_option_names):
            from .examples import add_examples

            add_examples(command, name)     # every --help ends with examples (a group's: its commands' too)
        return name, command, rest

    def format_epilog(self, ctx, formatter):
        from .examples import add_examples

        add_examples(self)
        super().format_epilog(ctx, formatter)

    def make_context(self, *args, **kwargs):
        kwargs.setdefault("terminal_width", help_width(self.context_settings["max_content_width"]))
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:      # while the arguments are read (--help loads every game): not click's Aborted!
            say_interrupted()
            sys.exit(EXIT_INTERRUPTED)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except WashigenError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except BrokenPipeError:
            quiet_broken_pipe()
            ctx.exit(EXIT_BROKEN_PIPE)
        except OSError as error:  # a disk full, a permission refused: the environment, not a bug
            # An error without a file name came from a stream: stdout (click.echo), the one a command writes to.
            click.echo(f"error: {error.filename or 'standard output'}: {error.strerror or error}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            say_interrupted()
            ctx.exit(EXIT_INTERRUPTED)


def may_show_help(command: click.Command, args: list[str], help_names: list[str]) -> bool:
    """Whether `command` may print its help when given `args` (a help option among them, or a group given none):
    only then are the examples (cli/examples.py) imported and set as its epilog."""
    return any(arg in help_names for arg in args) or (not args and isinstance(command, click.Group))


def help_width(max_width: int) -> int:
    """The width click's help formatter would choose (formatting.HelpFormatter: the terminal's, at most max_width,
    less 2, at least 50; or the width a test forces), found without its `import shutil`, which loads zlib, bz2 and
    lzma: a twentieth of `washigen cats map --help`. Every command's context inherits it."""
    from click import formatting

    if formatting.FORCED_WIDTH is not None:
        return formatting.FORCED_WIDTH
    return max(min(terminal_columns(), max_width) - 2, 50)


def terminal_columns() -> int:
    """shutil.get_terminal_size().columns: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns   # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):                         # no stdout, or not a terminal
            columns = 0
    return columns or 80


def own_command(name: str) -> click.Command | None:
    """One of washigen's own commands (COMMANDS), imported from its module."""
    if name not in COMMANDS:
        return None
    module, attribute = COMMANDS[name].split(":")
    return getattr(importlib.import_module(f"{__package__}.{module}"), attribute)


def commands_of(game) -> click.Group:
    """A game's click group: its own (the built-in games' in cli/, a plugin's), or one built from its spec."""
    if game.declared("commands") is not None:
        return game.commands
    from .spec_commands import commands_from_spec

    return commands_from_spec(game)


def bar_on_stderr(length: int, label: str):
    """The bar long work below the command line reports to (cli/bars.py), imported when work first reports."""
    from .bars import counting_bar

    return counting_bar(length, label)


def quiet_broken_pipe() -> None:
    """The reader of our output has gone (`washigen games | head -1`): like any Unix tool, stop without a word.
    stdout is pointed at /dev/null so the interpreter's last flush finds nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


@click.group(cls=WashigenGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", prog_name="washigen")
@click.pass_context
def main(ctx: click.Context):
    """washigen prints games: washi-tape maps, cards, tiles, player sheets and rule sheets, at real size.

    The output format follows the file extension (.svg .pdf .png .json, and .txt where a game has a text form).
    Exit codes: 0 done, 1 the design breaks a rule, 2 bad input."""
    from ..progress import install

    install(bar_on_stderr)               # long work below the command line reports to a bar on stderr
    if ctx.invoked_subcommand is None:   # `washigen` alone: its help, as asked for
        click.echo(ctx.get_help())


__all__ = ["main"]
