"""The commands that take a design file whatever its game: `validate` checks it (and plays it, --play), `render`
prints it or writes it in another form; and `calibrate`, the duplex calibration sheet."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import InputError, WashigenError
from ..games.params import SEED_MAX
from .main import EXIT_BAD_INPUT, EXIT_RULE_BROKEN
from .options import lang_option, not_the_output, output_option, print_options, profile_option, report_written


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option("--play", "play", is_flag=True,
              help="Also play greedy bot games on every seating (games with a rules engine): a map that does not "
                   "finish within the turn limit breaks GAME.play.stalemate.")
@click.option("--seed", "play_seed", type=click.IntRange(0, SEED_MAX), default=0, show_default=True,
              help="Seed of the --play games.")
@lang_option
def validate_command(files: tuple[Path, ...], as_json: bool, play: bool, play_seed: int, lang: str):
    """Check design files against their game's rules. - reads one from standard input.

    Exit 0 when every file is valid, 1 when a file breaks a rule, 2 when a file cannot be read. --lang gives the
    report's sentences in another language (rule ids and JSON keys stay as they are)."""
    import json

    from ..design import load
    from ..games import get_game

    worst = 0
    results = []
    for path in files:
        try:
            design = load(path)
        except WashigenError as error:
            worst = EXIT_BAD_INPUT
            results.append({"file": _shown(path), "readable": False, "error": str(error)})
            if not as_json:
                click.echo(f"error: {error}", err=True)
            continue
        game = get_game(design.GAME)
        report = game.validate(design)
        if play:
            report = report + _play_report(game, design, play_seed, report.ok)
        if not report.ok:
            worst = max(worst, EXIT_RULE_BROKEN)
        results.append({"file": _shown(path), "readable": True, **report.to_dict(lang)})
        if not as_json:
            click.echo(f"{_shown(path)}:")
            click.echo("  " + report.format_text(lang).replace("\n", "\n  "))
    if as_json:
        click.echo(json.dumps(results if len(results) > 1 else results[0], indent=2, ensure_ascii=False))
    sys.exit(worst)


def _shown(path: Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def _play_report(game, design, seed: int, placement_ok: bool):
    """The engine's verdict on a design that passed its placement rules (playing a broken map proves nothing)."""
    from ..report import Report

    if game.play_check is None:
        # Cat Tree: its layouts are finished trees and its games always end (the deck runs out): nothing to play.
        raise InputError(f"--play: {game.title} has no play check (no design of it can stall a game); "
                         "only its placement rules are checked")
    if not placement_ok:
        return Report()
    return game.play_check(design, seed)


@click.command("render")
@click.argument("file", type=click.Path(path_type=Path), callback=not_the_output)   # not -o's file too
@output_option((".pdf", ".svg", ".png", ".txt", ".json", ".tmj", ".tmx"))
@print_options
def render_command(file: Path, output: Path, print_options):
    """Print a design file (as made by any `-o OUT.json`, a text form or a Tiled map; - reads it from standard
    input) to PDF, SVG or PNG, or write it in another form."""
    from .options import emit
    from ..design import load
    from ..games import get_game

    design = load(file)
    game = get_game(design.GAME)
    report = game.validate(design)
    if not report.ok:
        click.echo(report.format_text(print_options.lang), err=True)
    emit(game, design, output, print_options)
    if not report.ok:
        sys.exit(EXIT_RULE_BROKEN)


@click.command("calibrate")
@output_option((".pdf", ".svg", ".png"))
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True)
@profile_option(only=("paper", "duplex"))
@lang_option
def calibrate_command(output: Path, paper: str, duplex: str, lang: str):
    """Print a duplex calibration sheet: it tells the --back-offset your printer needs."""
    from ..output import write_document
    from ..press.impose import calibration_pages
    from ..press.templates import template_for

    document = calibration_pages(template_for("poker", paper.lower()), duplex, lang)
    report_written(write_document(document, output))
    click.echo(f"Print it on both sides (flip on the {duplex} edge), hold it to the light and read X and Y where "
               "the red lines cross the scales. Save them once, for every command to use:\n"
               f"  washigen profile set --back-offset X,Y --paper {paper.lower()} --duplex {duplex}\n"
               "(add --name NAME for a second printer, then pass --profile NAME).")
