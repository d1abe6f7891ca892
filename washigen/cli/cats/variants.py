"""`washigen cats variants`."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Iterable

import click

from ...errors import InputError, OutputError
from ...words import N_, NN_, Says
from ...games.cats.spec import COMPONENTS
from ..bars import progress
from ..build import component_options, named
from ..options import emit, fairness_warnings, resolve_seed

if TYPE_CHECKING:
    from ...games.cats.model import CatsMap


@click.command("variants")
@component_options(named(COMPONENTS, "variants"))
def command(count, tries, games, budget, formats, players, coop, long, forests, jinja, sewer_poppers, tape_width,
            segment_rows, segment_cols, seed, folder, print_options):
    """Cut-ups of the seed's map, every one checked, COUNT of them written, the fairest first. The cut-ups that
    play, smallest route gap first (the gap, in steps, between the two sides' average routes from a home row to a
    fish on the far side and back), are judged as `cats map --cut-up` judges one: --games greedy games, seats
    rotated, fair when each seat's 95 % interval holds its fair share (the verdict is stored in each map and
    printed small on it). The first COUNT fair ones are kept; where --budget runs out first, the fairest others
    fill the places, with a warning. With --games 0 the route gap alone ranks them. A table of the kept maps goes
    to stdout."""
    from ...games.cats.plan import MapSpec, check_spec
    from ...games.cats.variants import best_variants, playable_by_gap
    from .shared import game

    kinds = [f.strip().lower().lstrip(".") for f in formats.split(",")]
    if "" in kinds and formats.strip():            # json,,pdf: a slip, refused as the empty --format '' is
        raise InputError(f"--format: an empty item in {formats!r}; name each format once, comma-separated "
                         "(json,pdf)")
    unknown = [k for k in kinds if k not in ("json", "txt", "pdf", "svg", "png")]
    if unknown or not kinds:
        raise InputError(f"--format: {', '.join(unknown) or formats!r} unknown; use json, txt, pdf, svg or png")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: is a file, not a folder")
    if not folder.parent.exists():
        raise OutputError(f"{folder}: the folder {folder.parent} does not exist")
    spec = MapSpec(players, coop, long, forests, True, jinja, float(tape_width), segment_rows, segment_cols,
                   sewer_poppers=sewer_poppers)
    check_spec(spec)
    seed = resolve_seed(seed)
    _refuse_long_run(spec, count, tries, games, budget, kinds, print_options.dpi)
    tries = tries or default_tries(count)
    with progress(range(tries), "cutting up", length=tries) as bar:
        steps = iter(bar)

        def step(_variant: int) -> None:
            next(steps, None)
        by_gap = playable_by_gap(spec, seed, tries, step) if games else best_variants(spec, seed, tries, count, step)
        first = next(by_gap, None)          # every try happens here; the rest are made again one by one
    if first is None:
        raise InputError(f"none of {tries} cut-ups of seed {seed} passes every rule{' and plays' if games else ''}; "
                         "try more --tries or another seed")
    folder.mkdir(exist_ok=True)
    rows = []
    digits = max(2, len(str(count)))
    candidates = itertools.chain([first], by_gap)
    ranked = _judged(spec, seed, candidates, count, games, budget) if games else candidates
    for rank, design in enumerate(ranked, start=1):     # written as they are made
        stem = folder / f"cats-variant-{rank:0{digits}d}"
        written = []
        for kind in kinds:
            written += emit(game(), design, stem.with_suffix(f".{kind}"), print_options)
        rows.append((rank, design.variant, design.play_fair, design.play_score, design.balance, len(design.pieces),
                     written[0].name))
    order = "the fairest" if games else "the smallest route gap"
    click.echo(f"kept {len(rows)} of {tries} cut-ups of seed {seed}, {order} first:")
    click.echo(f"{'rank':>4}  {'variant':>7}  {'fair':>4}  {'play':>5}  {'balance':>7}  {'pieces':>6}  file")
    for rank, variant, fair, play, balance, pieces, name in rows:
        judged = "-" if fair is None else ("yes" if fair else "no")
        shown = "-" if play is None else f"{play:.3f}"
        click.echo(f"{rank:>4}  {variant:>7}  {judged:>4}  {shown:>5}  {balance:>7.2f}  {pieces:>6}  {name}")
    click.echo(f"make one again: washigen cats map --cut-up --seed {seed} --variant {rows[0][1]}"
               f"{' --players ' + str(players) if players != 2 else ''} -o map.pdf")


# What a run costs on one core on the default 2-player map (measured; DESIGN 12 wants a run within a minute): a
# cut-up tried, and a kept map made again and written, by format.
TRY_SECONDS = 0.002
WRITE_SECONDS = {"json": 0.04, "txt": 0.04, "pdf": 0.1, "svg": 0.1, "png": 0.3}
# A PNG's pixels grow with the square of --dpi: past 300 dpi a quarter of WRITE_SECONDS["png"] per step of the
# square (the default map measured: 0.4 s at 300 dpi, 1.2 s at 1200, 5.4 s at 2400). Without it 176 maps at
# 1200 dpi passed the check and ran for minutes.
PNG_DPI = 300


def write_seconds(kind: str, dpi: int = PNG_DPI) -> float:
    """Seconds of one core a kept map takes to write as `kind` on the default map."""
    if kind != "png":
        return WRITE_SECONDS[kind]
    return WRITE_SECONDS["png"] * (1 + max(0.0, (dpi / PNG_DPI) ** 2 - 1) / 4)


def default_tries(count: int) -> int:
    return max(100, min(20 * count, 3 * count + 10_000))


def run_seconds(spec, count: int, tries: int | None, games: int, budget: float, kinds: list[str],
                dpi: int = PNG_DPI) -> float:
    """The run's work in seconds of one core: the tries, the judging (the search's budget a kept map, or its
    games at fair.py's nominal rate where more) and the writing, on a bigger map as much more as a game there."""
    from ...games.cats.rates import NOMINAL_RATES, game_cost

    scale = game_cost(spec)
    judging = max(budget, games * scale / NOMINAL_RATES[spec.players]) if games else 0.0
    writing = sum(write_seconds(kind, dpi) for kind in kinds) * scale
    return (tries or default_tries(count)) * TRY_SECONDS * scale + count * (judging + writing)


def _refuse_long_run(spec, count: int, tries: int | None, games: int, budget: float, kinds: list[str],
                     dpi: int = PNG_DPI) -> None:
    """A run past a minute of one core refused before any cut-up is tried, naming its options and the most maps
    that fit (or, where not one does, what to lower)."""
    from ...arena.balance import run_allowance

    allowance, past = run_allowance()                # greedy bots judge: the minute
    seconds = run_seconds(spec, count, tries, games, budget, kinds, dpi)
    if seconds <= allowance:
        return
    shown = f"--count {count}" + (f" --tries {tries}" if tries else "") + (f" --games {games} --budget {budget:g}"
                                                                            if games else " --games 0")
    shown += f" --dpi {dpi}" if "png" in kinds and dpi != PNG_DPI else ""
    fits = next((n for n in range(count - 1, 0, -1)
                 if run_seconds(spec, n, tries, games, budget, kinds, dpi) <= allowance), 0)
    minutes = math.ceil(seconds / 60)
    if fits:
        raise InputError(Says(NN_("{options}: about {minutes:,} minutes of one core's work, {past}; at most {fits:,} "
                                  "map fits", "{options}: about {minutes:,} minutes of one core's work, {past}; at "
                                  "most {fits:,} maps fit"), by="fits", options=shown, minutes=minutes, past=past,
                              fits=fits))
    raise InputError(Says(N_("{options}: about {minutes:,} minutes of one core's work, {past}; try fewer {tries} or "
                             "a smaller {budget}"), options=shown, minutes=minutes, past=past, tries="--tries",
                          budget="--budget"))


def _judged(spec, seed: int, candidates: Iterable[CatsMap], count: int, games: int, budget: float
            ) -> list[CatsMap]:
    """The first COUNT fair cut-ups by `games` greedy games (the fairest others where the budget runs out first),
    the fairest first, each with its verdict."""
    from ...games.cats.fair import fair_cut_ups

    with fairness_warnings(), progress(candidates, "judging") as bar:
        return fair_cut_ups(spec, seed, bar, budget, count, games)
