"""The command line. Thin: parse, call, write. The only place that turns a WashigenError into an exit code:
0 done, 1 the design breaks a rule (the report is printed), 2 bad input or usage, never a traceback for bad input."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .. import __version__
from .examples import add_examples
from .listing import SENTENCE_END, components_from_commands
from .options import (BLEED, PRINT_OPTION_NAMES, echo_report, install_progress_bar, lang_option, offset_option,
                      output_option, print_options, profile_option, report_written)
from ..exits import EXIT_INTERRUPTED, say_interrupted
from ..errors import InputError, WashigenError
from .rulebook import kit_command, rules_command
from .studio import studio_command
from ..units import PAPER_SIZES

EXIT_RULE_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141          # 128 + SIGPIPE, as shells report `seq 1000000 | head -1`'s seq


class WashigenGroup(click.Group):
    """Adds every registered game's commands as `washigen GAME ...`, and reports WashigenError as exit 2."""

    def list_commands(self, ctx):
        from ..games import all_games

        return sorted(set(super().list_commands(ctx)) | {g.name for g in all_games()})

    def get_command(self, ctx, name):
        from ..games import get_game

        command = super().get_command(ctx, name)
        if command is None:
            try:
                command = commands_of(get_game(name))
            except WashigenError:
                return None
        if command is not None:
            add_examples(command, name)      # every --help ends with examples
        return command

    def make_context(self, *args, **kwargs):
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
            click.echo(f"error: {error.filename or ''}: {error.strerror}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            say_interrupted()
            ctx.exit(EXIT_INTERRUPTED)


def commands_of(game):
    """A game's click group: its own (the built-in games' in cli/, a plugin's), or one built from its spec."""
    if game.declared("commands") is not None:
        return game.commands
    from .build import commands_from_spec

    return commands_from_spec(game)


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
    install_progress_bar()               # long work below the command line reports to a bar on stderr
    if ctx.invoked_subcommand is None:   # `washigen` alone: its help, as asked for
        click.echo(ctx.get_help())


@main.command("games")
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
    """A game's components as the command line offers them: read off its commands (every option, the print
    options too), those built from its spec where it brings none; a spec that declares parameters but no
    parameter dataclass (so no command can be built) as it declares them."""
    if game.declared("commands") is None and not all(c.options for c in game.components):
        return game.components
    return components_from_commands(commands_of(game))


def listing_json(game) -> dict:
    """One game in `washigen games --json`."""
    return {"name": game.name, "title": game.title, "aliases": list(game.aliases),
            "components": [{"name": c.name, "help": c.help,
                            "params": [{"name": p.name, "flag": p.option, "kind": p.kind, "default": p.default,
                                        "min": p.min, "max": p.max, "choices": list(p.choices), "help": p.help}
                                       for p in c.params]} for c in offered(game)]}


def listing_lines(games) -> list[str]:
    """`washigen games` as text: each game, its components, their parameters (the print options once)."""
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


def first_sentence(text: str) -> str:
    return SENTENCE_END.split(text, maxsplit=1)[0].rstrip(".")


@main.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option("--play", "play", is_flag=True,
              help="Also play greedy bot games on every seating (games with a rules engine): a map that does not "
                   "finish within the turn limit breaks GAME.play.stalemate.")
@click.option("--seed", "play_seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True,
              help="Seed of the --play games.")
def validate_command(files: tuple[Path, ...], as_json: bool, play: bool, play_seed: int):
    """Check design files against their game's rules. - reads one from standard input.

    Exit 0 when every file is valid, 1 when a file breaks a rule, 2 when a file cannot be read."""
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
        results.append({"file": _shown(path), "readable": True, **report.to_dict()})
        if not as_json:
            click.echo(f"{_shown(path)}:")
            click.echo("  " + report.format_text().replace("\n", "\n  "))
    if as_json:
        click.echo(json.dumps(results if len(results) > 1 else results[0], indent=2, ensure_ascii=False))
    sys.exit(worst)


def _shown(path: Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def _play_report(game, design, seed: int, placement_ok: bool):
    """The engine's verdict on a design that passed its placement rules (playing a broken map proves nothing)."""
    from ..report import Report

    if game.play_check is None:
        raise InputError(f"--play: washigen cannot play {game.title} yet; only placement rules are checked")
    if not placement_ok:
        return Report()
    return game.play_check(design, seed)


@main.command("render")
@click.argument("file", type=click.Path(path_type=Path))
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
        click.echo(report.format_text(), err=True)
    emit(game, design, output, print_options)
    if not report.ok:
        sys.exit(EXIT_RULE_BROKEN)


@main.command("calibrate")
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


@main.group("profile")
def profile_group():
    """Printer profiles: print-option defaults saved once (duplex drift, paper, bleed...) that every printing
    command uses. An option given on the command line wins over its profile; a run changed by the profile named
    default says so on stderr."""


@profile_group.command("set")
@click.option("--name", default="default", show_default=True,
              help="The profile to set; the one named default applies when no --profile is given.")
@click.option("--paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default=None)
@click.option("--template", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A sheet template file (TOML).")
@click.option("--bleed", type=BLEED, default=None, help="Artwork beyond the trim.")
@click.option("--crop-marks/--no-crop-marks", default=None)
@click.option("--cut-lines/--no-cut-lines", default=None)
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default=None)
@click.option("--back-offset", callback=lambda ctx, param, value: value and offset_option(ctx, param, value),
              default=None, metavar="X,Y", help="Shift the backs by X,Y mm (read it off washigen calibrate).")
@click.option("--dpi", type=click.IntRange(30, 2400), default=None)
def profile_set_command(name: str, **options):
    """Save print-option defaults in a printer profile (merged into what it already holds)."""
    from ..profiles import FIELDS, check_name, save

    check_name(name)
    given = {key: value for key, value in options.items() if value is not None}
    if "back_offset" in given:
        given["back_offset"] = list(given["back_offset"])
    if "template" in given:
        given["template"] = str(given["template"].resolve())
    if not given:
        raise InputError("profile set: give at least one option to save, such as --back-offset 0.5,-1")
    values = {key: FIELDS[key](value) for key, value in given.items()}
    path, profile = save(name, values)
    click.echo(f"saved profile {profile.name} in {path}")
    _echo_profile(profile)


@profile_group.command("show")
@click.option("--name", default=None, help="Only this profile.")
def profile_show_command(name: str | None):
    """List the saved printer profiles and where they are kept."""
    from ..profiles import DEFAULT_PROFILE, find, load_all, profiles_path

    profiles = [find(name)] if name else list(load_all().values())
    click.echo(f"printer profiles in {profiles_path()}" + ("" if profiles else ": none saved yet"))
    for profile in profiles:
        used = " (used when no --profile is given)" if profile.name == DEFAULT_PROFILE else ""
        _echo_profile(profile, used)


@profile_group.command("remove")
@click.argument("name")
def profile_remove_command(name: str):
    """Remove a saved printer profile; the others, and the comments written around them, stay as they are."""
    from ..profiles import remove

    path = remove(name)
    click.echo(f"removed profile {name} from {path}")


def _echo_profile(profile, note: str = "") -> None:
    click.echo(f"{profile.name}{note}")
    for key, value in profile.options.items():
        option = key.replace("_", "-")
        click.echo(f"  --{option if value else 'no-' + option}" if isinstance(value, bool) else f"  --{option} {value}")


@main.command("sweep")
@click.argument("game")
@click.option("--seeds", default="1-20", show_default=True, metavar="RANGE",
              help="The maps: made from these seeds (1-200, or 1,5,9) by the game's map maker.")
@click.option("--designs", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="FOLDER",
              help="The maps: every design file in FOLDER (.json .txt .tmj .tmx), in name order, instead of --seeds.")
@click.option("--set", "params", multiple=True, metavar="KEY=VALUE",
              help="A parameter of the map maker, as `washigen games` lists it (--set players=4 --set layout=stacked).")
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="Games per map.")
@click.option("--bots", default="greedy", show_default=True, help="The bots every seat plays with (greedy, strong:N).")
@click.option("--seed", "play_seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True,
              help="Seed of the games (every map plays the same seeds).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes playing at once [default: every core]; the numbers are the same for every JOBS.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play on a Dask distributed cluster (tcp://HOST:8786) instead of this machine's cores.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True, metavar="OUT.jsonl",
              help="JSON lines, one per map, in map order; run again on the same file to go on where it stopped.")
@click.option("--chart", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="FILE",
              help="Also draw the distribution of the maps' balance scores, fair and not (.svg .pdf .png).")
@lang_option
def sweep_command(game: str, seeds: str, designs: Path | None, params: tuple[str, ...], games: int, bots: str,
                  play_seed: int, jobs: int | None, scheduler: str | None, output: Path, chart: Path | None,
                  lang: str):
    """The balance of many maps between the same bots: one JSON line per map (where it came from and its
    balance, as `balance --json` prints it), written as the maps finish. On the local cores, or on a Dask
    cluster with --scheduler; the numbers are the same either way."""
    import json

    from .options import progress
    from ..games import get_game
    from ..arena.records import default_jobs
    from ..arena.sweep import file_tasks, read_lines, score_summary, seed_tasks, sweep
    from ..games.sweeps import play_task

    name = get_game(game).name
    if designs is not None:
        paths = sorted(p for p in designs.iterdir() if p.suffix.lower() in (".json", ".txt", ".tmj", ".tmx"))
        if not paths:
            raise InputError(f"--designs: {designs} holds no design file (.json .txt .tmj .tmx)")
        tasks = file_tasks(name, paths, games, play_seed, bots)
    else:
        tasks = seed_tasks(name, parse_seeds(seeds), _settings(params), games, play_seed, bots)
    with progress(range(len(tasks)), "sweeping", length=len(tasks)) as bar:
        step = getattr(bar, "update", None)
        played = sweep(tasks, output, play_task, jobs or default_jobs(), scheduler, progress=step)
    lines = read_lines(output)
    summary = score_summary(lines)
    click.echo(f"{played} maps played now, {len(tasks) - played} were already in {output}; "
               f"{summary['fair']} of {summary['maps']} fair")
    click.echo(json.dumps(summary))
    if chart is not None:
        from ..output import write_document
        from ..arena.chart import sweep_chart, sweep_title
        from ..press import Document

        title = sweep_title(get_game(name).title, len(lines), bots, lang)
        report_written(write_document(Document.single(sweep_chart(lines, title, lang)), chart))


MAX_SWEEP_MAPS = 100_000


def parse_seeds(text: str) -> list[int]:
    """`1-200`, `7`, or `1,5,9-12` -> the seeds in that order, each 0..2**31-1, at most MAX_SWEEP_MAPS."""
    seeds: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise InputError(f"--seeds: {part!r} is not a seed or a range like 1-200") from None
        if not 0 <= first <= last < 2**31:
            raise InputError(f"--seeds: {part!r} must run upwards within 0..{2**31 - 1}")
        if len(seeds) + last - first + 1 > MAX_SWEEP_MAPS:
            raise InputError(f"--seeds: at most {MAX_SWEEP_MAPS} maps in one sweep")
        seeds.extend(range(first, last + 1))
    return seeds


def _settings(pairs: tuple[str, ...]) -> dict:
    """--set KEY=VALUE pairs, each value read as JSON where it is one (4, true, "a") and as text otherwise."""
    import json

    settings = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            raise InputError(f"--set: {pair!r} is not KEY=VALUE")
        try:
            settings[key.strip().replace("-", "_")] = json.loads(value)
        except ValueError:
            settings[key.strip().replace("-", "_")] = value
    return settings


# Rule sheets and kits live with the typesetter they drive.
main.add_command(rules_command, "rules")
main.add_command(kit_command, "kit")
main.add_command(studio_command, "studio")
add_examples(main)


__all__ = ["main", "echo_report"]
