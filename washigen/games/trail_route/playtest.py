"""The Cats' Trail Route played by bots for balance (DESIGN 9, "Bots, playouts and balance"): one seeded game with
the starting seat chosen, and the balance of a setup over many such games.

A seat is a place at the setup's table: its colour and its hand (`setup.seats[seat]`). Game i of a run starts
with seat first_seat(i, players) and the others follow in the setup's order round the table, so every seat starts
equally often: the seats' win rates say whether a colour and hand is favoured on this board, the first mover's
edge whether starting is.

Who wins is the engine's reading of the rules (engine.winners): the highest score; among tied players the one
whose cat stands furthest forward; still tied, they share the victory, and each of them counts a win. A game the
engine stops at its round limit (MAX_ROUNDS) did not end by the rules: the turn limit cut it off, with no winner.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any, Callable

from ...arena import Balance, GameRecord, run_games
from ...arena import balance as seat_balance
from ...arena.match import LeadCount
from ...errors import InputError
from ...words import N_, Says
from .bots import make_policies, parse_policy
from .engine import GameResult, State, play_game, progress
from .rules import playable
from .generate import generate_setup
from .model import TrailRouteSetup

BALANCE_GAMES = 200
DEALT_PLAYERS = 4              # a balance asked for no setup plays the 4-player setup dealt from its seed


def seat_bots(bots: str, players: int, option: str = "bots") -> tuple[str, ...]:
    """One policy name per seat from `greedy` (every seat) or `greedy,random,random,random` (seat by seat); a bad
    name, strength or count is an InputError naming `option`."""
    names = [name.strip().lower() for name in str(bots).split(",")]
    names = names * players if len(names) == 1 else names
    if len(names) != players:
        raise InputError(Says(N_("{option}: {count} policies named for {players} players; name one for every seat, "
                                 "or one for all"), option=option, count=len(names), players=players))
    for name in names:
        parse_policy(name, option)
    return tuple(names)


def turn_order(setup: TrailRouteSetup, first: int) -> TrailRouteSetup:
    """The setup with seat `first` playing first and the others after it in the setup's order."""
    return replace(setup, seats=setup.seats[first:] + setup.seats[:first])


def play_from(setup: TrailRouteSetup, bots: tuple[str, ...], seed: int, first: int,
              on_turn: Callable[[State], None] | None = None) -> GameResult:
    """One game, seat `first` starting, each seat played by its policy in `bots`; its players (in the result's
    state) are numbered in the order of play, so seat s is player (s - first) % players there. `on_turn` sees the
    table after every turn."""
    names = bots[first:] + bots[:first]
    return play_game(turn_order(setup, first), make_policies(list(names), seed, option="bots"), on_turn)


def play_record(setup: TrailRouteSetup, bots: tuple[str, ...], seed: int, first: int) -> GameRecord:
    """What balance needs of one game, its winners as seats of `setup` (module level, so a process pool can run
    it: bind the first two with functools.partial); the lead changes counted turn by turn (engine.progress)."""
    lead = LeadCount()
    result = play_from(setup, bots, seed, first, on_turn=lambda state: lead.see(progress(state)))
    players = setup.players
    finished = result.end_reason == "destinations"
    winners = tuple(sorted((player + first) % players for player in result.winners)) if finished else ()
    return GameRecord(seed=seed, winners=winners, turns=sum(result.state.turns), end="win" if finished else
                      "turn_limit", first=first, lead_changes=lead.changes)


def balance(setup: TrailRouteSetup | None = None, games: int = BALANCE_GAMES, seed: int = 0, jobs: int = 1,
            bots: str = "greedy") -> Balance:
    """Game.balance: `games` seeded games on `setup` (None: the 4-player setup dealt from `seed`), game i seeded
    game_seed(seed, i) with seat first_seat(i, players) starting; per seat the win rate with its 95 % Wilson
    interval. The same numbers for every `jobs`."""
    if setup is None:
        setup = generate_setup(DEALT_PLAYERS, seed)
    elif not isinstance(setup, TrailRouteSetup):
        raise InputError(Says(N_("{field}: {game} plays on a setup, got a {other} {kind}"), field="setup",
                              game="Trail Route", other=getattr(setup, "GAME", "?"),
                              kind=getattr(setup, "KIND", type(setup).__name__)))
    else:
        playable(setup)
    names = seat_bots(bots, setup.players)
    records = run_games(functools.partial(play_record, setup, names), seed, games, setup.players, jobs)
    return seat_balance(records, setup.players)


def play_check(design: TrailRouteSetup, seed: int = 0):
    """Game.play_check (`validate --play`): trail-route.play.stalemate when greedy bots, on some seating, do not
    finish a game by its destinations within the engine's round limit (DESIGN 9, "Playable"). A board the validator
    passes may still leave the cats no way on: every row walled up but one, whose two destinations are soon gone."""
    from ...arena import game_seed
    from ...report import Report, Violation
    from .engine import MAX_ROUNDS

    bots = ("greedy",) * design.players
    for first in range(design.players):
        game = game_seed(seed, first)
        if play_from(design, bots, game, first).end_reason != "destinations":
            return Report.of([Violation.error("trail-route.play.stalemate", Says(
                N_("Greedy bots did not finish a game within {rounds} rounds on this setup: game seed {seed}, seat "
                   "{seat} playing first."), rounds=MAX_ROUNDS, seed=game, seat=first + 1), seed=game, seat=first + 1)])
    return Report()


__all__ = ["BALANCE_GAMES", "balance", "play_check", "play_from", "play_record", "seat_bots", "turn_order"]


# A game between greedy players on one core (0.10 s with 3 players, 0.15 s with 4, rounded up) and a strong
# player's continuations, in greedy games: a fixed part and a part a unit of strength (`strong:N`), measured
# strong:4 and strong:24 in every seat (3.4 s, 18.2 s a 4-player game).
GREEDY_SECONDS = 0.2
STRONG_FIXED, STRONG_COST = 1.2, 3.7


def run_cost(design: Any = None):
    """What a game costs on one core (arena.balance.GameCost), on any design of the game."""
    from ...arena.balance import GameCost
    from .bots import DEFAULT_STRENGTH

    return GameCost(greedy=GREEDY_SECONDS, per_strength=STRONG_COST, default_strength=DEFAULT_STRENGTH,
                    fixed=STRONG_FIXED)
