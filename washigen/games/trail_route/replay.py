"""A bot game on a setup as `trail-route play --setup SETUP --seed SEED` plays it, for washigen.bot_game (and the
studio's play panel): the events as the game log describes them and the lines the command prints."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..played import PlayedGame
from .constants import TITLE


def played_game(design: Any, seed: int) -> PlayedGame | None:
    """The game `trail-route play --setup SETUP --seed SEED` plays (greedy players); None for another design."""
    from .bots import make_policies
    from .engine import play_game
    from .gamelog import describe
    from .model import TrailRouteSetup

    from .rules import playable

    if not isinstance(design, TrailRouteSetup):
        return None
    playable(design)
    names = ["greedy"] * design.players
    result = play_game(design, make_policies(names, seed, option="--bots"))
    state = result.state
    events = tuple(describe(state, event) for event in state.events)
    lines = [f"{TITLE}: {design.players} players, setup seed {design.seed}, policy {','.join(names)}, seed {seed}",
             *events, *outcome_lines(result, design.players)]
    from .play_words import lines_in

    return PlayedGame(events, tuple(lines), lines_in=partial(lines_in, design, ",".join(names), seed, result))


def outcome_lines(result: Any, players: int) -> list[str]:
    """How a game ended, as `trail-route play` prints it: its length, each cat's points, the winner."""
    state = result.state
    lines = [f"game over after {result.rounds} rounds ({result.end_reason})"]
    for p in range(players):
        claims, mice = len(state.claims[p]), len(state.mice[p])
        lines.append(f"  {state.colours[p]:<7} {result.scores[p]:>3} points ({claims} destination"
                     f"{'' if claims == 1 else 's'}, {mice} mouse toy{'' if mice == 1 else 's'})")
    winners = " and ".join(state.colours[p] for p in result.winners)
    if not result.winners:              # cut off by the turn limit: the rules never ended the game
        lines.append("no winner: the turn limit cut the game off")
    else:
        lines.append(f"winner: {winners}" if len(result.winners) == 1 else f"shared victory: {winners}")
    return lines
