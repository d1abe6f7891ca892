"""`washigen cat-tree play`."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cat_tree.constants import TITLE
from ...games.cat_tree.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, resolve_seed
from .shared import grid_to_play, save_layouts


@click.command("play")
@component_options(named(COMPONENTS, "play"))
def command(seed: int | None, games: int, bots: str, map_file: Path | None, output: Path | None, print_options):
    """Simulate a game: two players, eight rounds; each round both draw two cards and keep one in secret, then
    place their cards together on one shared tree (a card with no legal cell is dismissed). Greedy players keep
    and place where a card adds the most points now; the strong bot looks ahead by playing the game out.
    Game k is led by player 1 in even games and player 2 in odd ones. Prints each round, the finished tree and
    its score; -o saves the tree (.txt layout text, .json) or draws it (.svg .pdf .png). --map FILE plays on that
    layout's grid (an empty one: width and height, no cards) instead of the 8 x 8 one."""
    from ...arena import make_bots
    from ...games.cat_tree.bots import BOTS
    from ...games.cat_tree.playtest import game_log, grid_of, play_bots, run_cost
    from ...games.cat_tree.rules import score, validate
    from ...games.cat_tree.text import score_lines

    make_bots(bots, BOTS, 2)
    grid = grid_to_play(map_file)
    refuse_long_run(games, bots, run_cost(grid))           # the grid's size counts (playtest.grid_cost)
    width, height = grid_of(grid)
    first = resolve_seed(seed)
    played = [play_bots(first + k, bots, k % 2, width, height) for k in range(games)]
    for k, game in enumerate(played):
        if k:
            click.echo("")
        result, report = score(game.layout), validate(game.layout)
        who = "" if bots == "greedy" else f" · bots {bots}"
        click.echo(f"{TITLE} · simulated game · seed {game.seed}{who}")
        click.echo("\n".join(game_log(game)))
        click.echo("")
        click.echo("\n".join(score_lines(game.layout, result, report, f"seed {game.seed}")))
    if len(played) > 1:
        totals = ", ".join(f"seed {g.seed}: {score(g.layout).total}" for g in played)
        click.echo(f"\ntrees compared: {totals}")
    if output is not None:
        save_layouts([g.layout for g in played], output, print_options)
