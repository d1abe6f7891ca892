"""`washigen trail-route play`."""

from __future__ import annotations

import click

from ...errors import InputError
from ...inputs import quoted
from ...games.trail_route.constants import GAME, TITLE
from ...games.trail_route.spec import COMPONENTS
from ..build import component_options, named
from ..main import EXIT_RULE_BROKEN
from ..options import echo_report, refuse_contradicted, refuse_long_run, resolve_seed


@click.command("play")
@component_options(named(COMPONENTS, "play"))
def command(players, seed, policy, setup_file, quiet, as_json):
    """Play a game to its end and print the moves and the scores."""
    import json
    import sys

    from ...design import load, validate
    from ...games.trail_route.bots import make_policies
    from ...games.trail_route.engine import play_game
    from ...games.trail_route.gamelog import describe
    from ...games.trail_route.playtest import run_cost
    from ...games.trail_route.generate import generate_setup

    seed = resolve_seed(seed)
    if setup_file is not None:
        setup = load(setup_file)
        if setup.GAME != GAME:
            raise InputError(f"--setup: {setup_file} is a {setup.GAME} design, not a {GAME} setup")
        refuse_contradicted(setup, "--setup", ("players",), what="setup")
        report = validate(setup)
        if not report.ok:                  # a broken setup is no game to play: said as `validate` says it
            echo_report(report)
            sys.exit(EXIT_RULE_BROKEN)
    else:
        setup = generate_setup(players, seed)
    names = [name.strip().lower() for name in policy.split(",")]
    if "" in names:                        # as the other games' --bots say it
        raise InputError(f"--bots: empty bot name in {quoted(policy)}")
    names = names * setup.players if len(names) == 1 else names
    if len(names) != setup.players:
        raise InputError(f"--bots: {len(names)} policies named for {setup.players} players; name one for every "
                         f"seat, or one for all")
    policies = make_policies(names, seed, option="--bots")          # a bad name refused before the cost is told
    refuse_long_run(1, policy, run_cost(), games_flag=None)
    result = play_game(setup, policies)
    policy = ",".join(names)
    state = result.state
    if as_json:
        click.echo(json.dumps({
            "seed": seed, "players": setup.players, "policy": policy, "end": result.end_reason,
            "rounds": result.rounds, "scores": {state.colours[p]: result.scores[p] for p in range(setup.players)},
            "winners": [state.colours[p] for p in result.winners]}, indent=2))
        return
    if not quiet:
        click.echo(f"{TITLE}: {setup.players} players, setup seed {setup.seed}, policy {policy}, seed {seed}")
        for event in state.events:
            click.echo(describe(state, event))
    from ...games.trail_route.replay import outcome_lines

    click.echo("\n".join(outcome_lines(result, setup.players)))
