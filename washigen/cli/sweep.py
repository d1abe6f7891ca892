"""`washigen sweep`: the balance of many maps, one JSON line per map, on this machine's cores or a Dask cluster."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from .options import lang_option, report_written


@click.command("sweep")
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

    from .bars import progress
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
        if key.strip() == "seed":              # each map's own: the sweep runs over --seeds
            raise InputError(f"--set: {pair!r}: the maps' seeds are given by --seeds (--seeds {value.strip()})")
        try:
            settings[key.strip().replace("-", "_")] = json.loads(value)
        except ValueError:
            settings[key.strip().replace("-", "_")] = value
    return settings
