"""`washigen sweep`: the balance of many maps, one JSON line per map, on this machine's cores or a Dask cluster."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import click

from ..errors import InputError
from ..games.params import SEED_MAX
from ..inputs import quoted
from ..words import N_, Says
from .options import given_on_command_line, lang_option, report_written


@click.command("sweep")
@click.argument("game")
@click.option("--seeds", default="1-20", show_default=True, metavar="RANGE",
              help="The maps: made from these seeds (1-200, or 1,5,9) by the game's map maker (its component "
                   "map, or the one the game names as its table).")
@click.option("--designs", type=click.Path(path_type=Path, file_okay=False), default=None, metavar="FOLDER",
              help="The maps: every design file in FOLDER (.json .txt .tmj .tmx), in name order, instead of --seeds.")
@click.option("--set", "params", multiple=True, metavar="KEY=VALUE",
              help="A parameter of the map maker, as `washigen games` lists it (--set players=4 --set layout=stacked).")
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="Games per map.")
@click.option("--bots", default="greedy", show_default=True, help="The bots every seat plays with (greedy, strong:N).")
@click.option("--seed", "play_seed", type=click.IntRange(0, SEED_MAX), default=0, show_default=True,
              help="Seed of the games (every map plays the same seeds).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes playing at once [default: every core]; the numbers are the same for every JOBS.")
@click.option("--scheduler", default=None, metavar="ADDRESS", callback=lambda ctx, param, value: _scheduler(value),
              help="Play on a Dask distributed cluster (tcp://HOST:8786) instead of this machine's cores.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True, metavar="OUT.jsonl",
              callback=lambda ctx, param, value: _target(value),
              help="JSON lines, one per map, in map order; run again on the same file to go on where it stopped.")
@click.option("--chart", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="FILE",
              callback=lambda ctx, param, value: _chart(value),
              help="Also draw the distribution of the maps' balance scores, fair and not (.svg .pdf .png).")
@lang_option
def sweep_command(game: str, seeds: str, designs: Path | None, params: tuple[str, ...], games: int, bots: str,
                  play_seed: int, jobs: int | None, scheduler: str | None, output: Path, chart: Path | None,
                  lang: str):
    """The balance of many maps between the same bots: one JSON line per map (where it came from and its
    balance, as `balance --json` prints it), written as the maps finish. On the local cores, or on a Dask
    cluster with --scheduler; the numbers are the same either way."""
    import json

    from .bars import progress
    from ..games import get_game
    from ..arena.bots import check_strengths
    from ..arena.records import default_jobs
    from ..arena.sweep import file_tasks, read_lines, score_summary, seed_tasks, sweep
    from ..games.sweeps import play_task

    name = _sweepable(game, designs is not None)
    if designs is not None:
        files = _design_files(designs, name)          # a bad file is named first, then a conflicting option
        _alone_with_designs(params)
        tasks = file_tasks(name, files, games, play_seed, bots)
    else:
        tasks = seed_tasks(name, parse_seeds(seeds), _checked_settings(name, _settings(params)), games, play_seed,
                           bots)
    check_strengths(bots)                   # before the estimate reads them; the game names its bots in the worker
    _refuse_long_entry(name, tasks[0], files if designs is not None else [], games, bots)
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
DESIGN_FILES = (".json", ".txt", ".tmj", ".tmx")


def _refuse_long_entry(game: str, first: Any, files: list[Path], games: int, bots: str) -> None:
    """A sweep is long and resumable, but each map's entry is one run: one past its allowance of one core (DESIGN
    12) is refused before any is played, on the costliest of the design files, else on the first seed's map (every
    seed's map is made with the same settings). A game that says no cost (a plugin's) is not estimated."""
    from ..design import load
    from ..games import get_game
    from ..games.generating import generate
    from ..games.sweeps import table_of
    from .options import refuse_long_run

    found = get_game(game)
    run_cost = found.extra.get("run_cost")
    if run_cost is None:
        return
    designs = (load(path) for path in files) if files else [
        generate(game, table_of(found), seed=first.seed, **dict(first.params))]
    costs = [run_cost(design) for design in designs]
    costliest = max(costs, key=lambda cost: cost.seconds(bots))
    refuse_long_run(games, bots, costliest)


def _alone_with_designs(params: tuple[str, ...]) -> None:
    """--designs FOLDER names the maps: a --seeds or --set given beside it was dropped unread (`--seeds 1-200
    --designs d` swept d's files alone, and said nothing)."""
    given = (["--seeds"] if given_on_command_line("seeds") else []) + (["--set"] if params else [])
    if given:
        raise InputError(Says(N_("{option}: the maps come from {designs} alone; leave {option} out with it"),
                              option=given[0], designs="--designs FOLDER"))


def _sweepable(game: str, from_files: bool) -> str:
    """The game's name, once it is one washigen can play and, for --seeds, one with a table made from a seed (by
    its component `map`, or the one its extra["table"] names)."""
    from ..games import get_game
    from ..games.sweeps import table_of

    found = get_game(game)
    if found.balance is None:
        raise InputError(f"sweep: washigen cannot play {found.title}; games with an engine sweep")
    table = table_of(found)
    if not from_files and not any(part.name == table and part.make is not None for part in found.components):
        raise InputError(f"sweep {found.name}: {found.title} has no {table} made from a seed, so --seeds has "
                         "nothing to play; sweep design files with --designs FOLDER")
    return found.name


def _design_files(folder: Path, game: str) -> list[Path]:
    """Every design file in `folder`, in name order, each read and checked to be the game's before the first map
    is played (they are read again where each is played)."""
    from ..design import load

    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in DESIGN_FILES)
    except OSError as error:
        raise InputError(f"--designs: {folder}: cannot be read ({error.strerror or error})") from None
    if not paths:
        raise InputError(f"--designs: {folder} holds no design file ({' '.join(DESIGN_FILES)})")
    if len(paths) > MAX_SWEEP_MAPS:
        raise InputError(f"--designs: {folder} holds {len(paths):,} design files; at most {MAX_SWEEP_MAPS:,} "
                         "maps in one sweep")
    for path in paths:
        design = load(path)
        if design.GAME != game:
            raise InputError(f"--designs: {path}: a {design.GAME} {design.KIND}, not a {game} design; "
                             f"sweep {game} plays {game} designs")
    return paths


def _scheduler(value: str | None) -> str | None:
    """--scheduler checked as it is read: an address washigen connects to (an empty one too is refused)."""
    from ..arena.sweep import scheduler_address

    if value is not None:
        scheduler_address(value)
    return value


def _target(path: Path) -> Path:
    """-o checked before any map is played: a file in a folder that exists, that washigen may write."""
    from ..output import check_target, is_stdout

    if is_stdout(path):             # the output is read back to go on where a run stopped
        raise InputError(f"-o {path}: a sweep writes a file it can read back; give a file name (-o sweep.jsonl)")
    if path.exists() and not path.is_file():        # /dev/null, a FIFO: refused before the first map is made
        raise InputError(f"-o {path}: not a regular file; a sweep writes JSON lines to a file it can read back")
    return check_target(path)


def _chart(path: Path | None) -> Path | None:
    """--chart checked before any map is played: a drawing's extension, and a place to write it."""
    from ..output import DOCUMENT_FORMATS, check_target, output_format

    if path is None:
        return None
    if output_format(path) not in DOCUMENT_FORMATS:
        raise InputError(f"--chart: {path}: the format follows the extension; use one of "
                         f"{' '.join(DOCUMENT_FORMATS)}")
    return check_target(path)


def parse_seeds(text: str) -> list[int]:
    """`1-200`, `7`, or `1,5,9-12` -> the seeds in that order, each 0..SEED_MAX as every --seed, at most
    MAX_SWEEP_MAPS."""
    seeds: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise InputError(f"--seeds: {quoted(part)} is not a seed or a range like 1-200") from None
        if not 0 <= first <= last <= SEED_MAX:
            raise InputError(f"--seeds: {quoted(part)} must run upwards within 0..{SEED_MAX}")
        if len(seeds) + last - first + 1 > MAX_SWEEP_MAPS:
            raise InputError(f"--seeds: at most {MAX_SWEEP_MAPS} maps in one sweep")
        seeds.extend(range(first, last + 1))
    if len(set(seeds)) < len(seeds):          # the same map swept twice, and counted twice among the fair
        again = next(seed for seed, count in Counter(seeds).items() if count > 1)
        raise InputError(f"--seeds: seed {again} is given more than once; each map is swept once")
    return seeds


def _settings(pairs: tuple[str, ...]) -> dict:
    """--set KEY=VALUE pairs, each value read as JSON where it is one (4, true, "a") and as text otherwise."""
    import json

    settings = {}
    given: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            raise InputError(f"--set: {pair!r} is not KEY=VALUE")
        if key.strip() == "seed":              # each map's own: the sweep runs over --seeds
            raise InputError(f"--set: {pair!r}: the maps' seeds are given by --seeds (--seeds {value.strip()})")
        name = key.strip().replace("-", "_")
        if name in given:                      # neither may silently win: the line would record one of them
            raise InputError(f"--set: {name} is set twice ({given[name]!r}, {pair!r}); give each key once")
        given[name] = pair
        try:
            settings[name] = json.loads(value)
        except ValueError:
            settings[name] = value
        except RecursionError:                 # [[[[... thousands deep: a traceback, exit 1
            raise InputError(f"--set {name}: a value nested too deep to read ({quoted(value)}); not a parameter "
                             "of a map maker") from None
    return settings


def _checked_settings(game: str, settings: dict) -> dict:
    """--set checked as the map maker checks its parameters, before the first map is made: a bad value is the
    option's, not the first seed's."""
    from ..games.generating import checked_params
    from ..games.registry import get_component, get_game
    from ..games.sweeps import table_of

    found = get_game(game)
    try:
        checked_params(found, get_component(found, table_of(found)), settings)
    except InputError as error:
        raise InputError(f"--set {error}") from None
    return settings
