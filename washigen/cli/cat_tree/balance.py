"""`washigen cat-tree balance`."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cat_tree.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, resolve_seed
from .shared import grid_to_play


@click.command("balance")
@component_options(named(COMPONENTS, "balance"))
def command(bots: str, map_file: Path | None, against: str | None, games: int, jobs: int | None, as_json: bool,
            seed: int | None):
    """How good the trees are that bots build: over GAMES seeded deals (the leading player alternating), the
    trees' points (mean, spread, min, quartiles, max), cards placed and dismissed a game, and how many trees reach
    height 5. The players build one tree together, so there is no seat to win: with --against the same deals are
    played by the other bots, and the line says how often the first bots' tree scored more, the same, less, with
    the 95 % Wilson interval of the first bots' share. --map FILE plays every deal on that layout's grid (an empty
    one: width and height, no cards) instead of the 8 x 8 one."""
    import json

    from ...arena import make_bots
    from ...arena.records import default_jobs
    from ...games.cat_tree.bots import BOTS
    from ...games.cat_tree.playtest import Comparison, Summary, compare, grid_of, run_cost, summary, tree_records

    make_bots(bots, BOTS, 2)
    if against is not None:
        make_bots(against, BOTS, 2, option="--against")
    grid = grid_to_play(map_file)
    refuse_long_run(games, bots, run_cost(grid), against)  # the grid's size counts (playtest.grid_cost)
    width, height = grid_of(grid)
    seed = resolve_seed(seed)
    jobs = jobs or default_jobs()
    records = tree_records(bots, games, seed, jobs, width, height, label="playing")
    result: Summary | Comparison
    if against is None:
        result = summary(bots, records)
    else:
        second = tree_records(against, games, seed, jobs, width, height, label="playing")
        result = compare(records, second, bots, against)
    click.echo(json.dumps(result.to_json(), indent=2) if as_json else result.format_text())
