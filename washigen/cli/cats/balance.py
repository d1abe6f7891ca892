"""`washigen cats balance`."""

from __future__ import annotations

import click

from ...games.cats.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, report_written, resolve_seed


@click.command("balance")
@component_options(named(COMPONENTS, "balance"))
def command(map_file, bots, games, players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows,
            segment_cols, jobs, as_json, seed, output, lang):
    """Win rates per seat over GAMES seeded games between equal bots, seats rotated so that each starts equally
    often: each with its 95 % Wilson interval, the mean game length, games decided by a trap or cut off by the turn
    limit. The score is the largest gap between a seat's win rate and its fair share; the map is fair when every
    interval holds the fair share. With every seat strong, the same games are played by greedy bots too and the
    report says how far the two agree. -o draws it as a chart (.svg .pdf .png, in --lang)."""
    from ...arena.balance import all_strong, balance_report
    from ...arena.records import default_jobs
    from ...games.cats.rates import run_cost
    from ...games.cats.playtest import BALANCE_GAMES, map_balance
    from .shared import check_bots, game, play_map

    seed = resolve_seed(seed)
    design, setup = play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                             segment_rows, segment_cols)
    check_bots(bots, design.players)
    refuse_long_run(games or BALANCE_GAMES, bots, run_cost(design), "greedy" if all_strong(bots) else None)
    result = map_balance(design, games or BALANCE_GAMES, seed, jobs or default_jobs(), setup, bots,
                         label="playing")
    greedy = None
    if all_strong(bots):                          # the same games between greedy bots: do the verdicts agree?
        greedy = map_balance(design, games or BALANCE_GAMES, seed, jobs or default_jobs(), setup, "greedy")
    click.echo(balance_report(result, as_json, greedy, game().extra.get("endings")))
    if output is not None:
        from ...arena.chart import chart_title, write_chart

        title = chart_title(game().title, design.players, seed, bots, lang)
        report_written(write_chart(result, output, title, lang, game().extra.get("endings")))
