"""`washigen cops balance`."""

from __future__ import annotations

import click

from ...games.cops.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, report_written
from .shared import PLAYING, as_ever, game, map_to_play


@click.command("balance")
@as_ever(**PLAYING)
@component_options(named(COMPONENTS, "balance"))
def command(map_file, players, offset, tape_width, layout, fair, seed, games, jobs, bots, as_json, output, lang):
    """How fair a map is between squads played by --bots (greedy by default). Squads are alike but for the order
    of play, so seat N is the squad that plays N-th: per seat its win rate with a 95 % interval, the mean game
    length, the stalemates and games cut off by the turn limit, and the score (the largest gap between a seat's win
    rate and its fair share). With every squad strong, the same games are played by greedy squads too and the report
    says how far the two agree. -o draws it as a chart (.svg .pdf .png, in --lang)."""
    from ...arena import make_bots
    from ...arena.balance import all_strong, balance_report
    from ...games.cops import playtest as playing

    design, seed = map_to_play(map_file, players, offset, tape_width, layout, fair, seed)
    make_bots(bots, playing.BOTS, design.players)          # a bad name fails here, before any game
    refuse_long_run(games, bots, playing.run_cost(design), "greedy" if all_strong(bots) else None)
    result = playing.map_balance(design, games, seed, jobs, bots)
    greedy = playing.map_balance(design, games, seed, jobs) if all_strong(bots) else None
    click.echo(balance_report(result, as_json, greedy, game().extra.get("endings")))
    if output is not None:
        from ...arena.chart import chart_title, write_chart

        title = chart_title(game().title, design.players, seed, bots, lang)
        report_written(write_chart(result, output, title, lang, game().extra.get("endings")))
