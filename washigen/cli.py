"""The command line. Thin: parse, call, write. The only place that turns a WashigenError into an exit code:
0 done, 1 the design breaks a rule (the report is printed), 2 bad input or usage, never a traceback for bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__
from .cli_options import echo_report, lang_option, output_option, print_options, report_written
from .errors import WashigenError
from .games import all_games, get_game
from .output import write_document
from .rulebook.commands import kit_command, rules_command
from .studio.commands import studio_command

EXIT_RULE_BROKEN = 1
EXIT_BAD_INPUT = 2


class WashigenGroup(click.Group):
    """Adds every registered game's commands as `washigen GAME ...`, and reports WashigenError as exit 2."""

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | {g.name for g in all_games() if g.commands is not None})

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        try:
            game = get_game(name)
        except WashigenError:
            return None
        return game.commands

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except WashigenError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except OSError as error:  # a disk full, a permission refused: the environment, not a bug
            click.echo(f"error: {error.filename or ''}: {error.strerror}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


@click.group(cls=WashigenGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", prog_name="washigen")
def main():
    """washigen prints games: washi-tape maps, cards, tiles, player sheets and rule sheets, at real size.

    The output format follows the file extension (.svg .pdf .png .json, and .txt where a game has a text form).
    Exit codes: 0 done, 1 the design breaks a rule, 2 bad input."""


@main.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def games_command(as_json: bool):
    """List every registered game, its components and their parameters."""
    listing = []
    for game in all_games():
        listing.append({
            "name": game.name, "title": game.title, "aliases": list(game.aliases),
            "components": [{"name": c.name, "help": c.help,
                            "params": [{"name": p.name, "kind": p.kind, "default": p.default, "min": p.min,
                                        "max": p.max, "choices": list(p.choices), "help": p.help}
                                       for p in c.params]} for c in game.components]})
    if as_json:
        click.echo(json.dumps(listing, indent=2, ensure_ascii=False))
        return
    if not listing:
        click.echo("no games registered")
    for game in all_games():
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        click.echo(f"{game.name}{aliases}: {game.title}")
        for component in game.components:
            click.echo(f"  {game.name} {component.name}: {component.help}")
            for param in component.params:
                click.echo(f"      {param.describe()}" + (f"  {param.help}" if param.help else ""))


@main.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option("--play", "play", is_flag=True,
              help="Also play greedy bot games on every seating (games with a rules engine): a map that does not "
                   "finish within the turn limit breaks GAME.play.stalemate.")
@click.option("--seed", "play_seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True,
              help="Seed of the --play games.")
def validate_command(files: tuple[Path, ...], as_json: bool, play: bool, play_seed: int):
    """Check design files against their game's rules.

    Exit 0 when every file is valid, 1 when a file breaks a rule, 2 when a file cannot be read."""
    from .design import load

    worst = 0
    results = []
    for path in files:
        try:
            design = load(path)
        except WashigenError as error:
            worst = EXIT_BAD_INPUT
            results.append({"file": str(path), "readable": False, "error": str(error)})
            if not as_json:
                click.echo(f"error: {error}", err=True)
            continue
        game = get_game(design.GAME)
        report = game.validate(design)
        if play:
            report = report + _play_report(game, design, play_seed, report.ok)
        if not report.ok:
            worst = max(worst, EXIT_RULE_BROKEN)
        results.append({"file": str(path), "readable": True, **report.to_dict()})
        if not as_json:
            click.echo(f"{path}:")
            click.echo("  " + report.format_text().replace("\n", "\n  "))
    if as_json:
        click.echo(json.dumps(results if len(results) > 1 else results[0], indent=2, ensure_ascii=False))
    sys.exit(worst)


def _play_report(game, design, seed: int, placement_ok: bool):
    """The engine's verdict on a design that passed its placement rules (playing a broken map proves nothing)."""
    from .errors import InputError
    from .report import Report

    if game.play_check is None:
        raise InputError(f"--play: washigen cannot play {game.title} yet; only placement rules are checked")
    if not placement_ok:
        return Report()
    return game.play_check(design, seed)


@main.command("render")
@click.argument("file", type=click.Path(path_type=Path))
@output_option((".pdf", ".svg", ".png", ".txt", ".json"))
@print_options
def render_command(file: Path, output: Path, print_options):
    """Print a design file (as made by any `-o OUT.json`) to PDF, SVG or PNG."""
    from .cli_options import emit
    from .design import load

    design = load(file)
    game = get_game(design.GAME)
    report = game.validate(design)
    if not report.ok:
        click.echo(report.format_text(), err=True)
    emit(game, design, output, print_options)
    if not report.ok:
        sys.exit(EXIT_RULE_BROKEN)


@main.command("calibrate")
@output_option((".pdf", ".svg", ".png"))
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True)
@lang_option
def calibrate_command(output: Path, paper: str, duplex: str, lang: str):
    """Print a duplex calibration sheet: it tells the --back-offset your printer needs."""
    from .press.impose import calibration_pages
    from .press.templates import template_for

    document = calibration_pages(template_for("poker", paper.lower()), duplex, lang)
    report_written(write_document(document, output))


# Rule sheets and kits live with the typesetter they drive.
main.add_command(rules_command, "rules")
main.add_command(kit_command, "kit")
main.add_command(studio_command, "studio")


__all__ = ["main", "echo_report"]
