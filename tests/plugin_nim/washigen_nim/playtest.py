"""Where washigen plays Nim: one game, the play check, a card's balance and what a game costs."""

from __future__ import annotations

import functools

from washigen.arena import Balance, GameRecord, balance as seat_balance, make_bots, play_match, run_games
from washigen.arena.balance import GameCost
from washigen.report import Report, Violation
from washigen.words import N_, Says

from . import engine
from .bots import BOTS
from .model import NimCard

TURN_LIMIT = 100              # more than the sticks a card holds: never reached
# Measured: a game between greedy bots on the default card takes about 0.2 ms; counted at 1 ms so the allowance
# errs towards refusing. A strong seat's playouts are greedy games: per unit of strength about one more game.
GREEDY_SECONDS = 0.001
STRONG_COST = 1.0


def play(design: NimCard | None, seed: int | None = 0, bots: str | None = None, first: int = 0):
    """Game.play: one game between `bots` (greedy when None), seat `first` moving first, on `design` (None: the
    card `washigen nim map --seed SEED` makes)."""
    seed = 0 if seed is None else seed
    design = own_card(design, seed)
    players = make_bots(bots or "greedy", BOTS, design.players, option="bots")
    return play_match(engine, engine.initial_state(design, first), players, seed, TURN_LIMIT)


def _record(design: NimCard, bots: str, seed: int, first: int) -> GameRecord:
    match = play(design, seed, bots, first)
    winners = () if match.result is None else (match.result,)
    return GameRecord(seed=seed, winners=winners, turns=match.turns, first=first,
                      end="turn_limit" if match.cut_off else "win")


def balance(design: NimCard | None, games: int = 200, seed: int = 0, jobs: int = 1, bots: str = "greedy") -> Balance:
    """Game.balance: `games` seeded games, the first seat rotated, the same numbers for every `jobs`; on `design`
    (None: the card `washigen nim map --seed SEED` makes)."""
    design = own_card(design, seed)
    make_bots(bots, BOTS, design.players, option="bots")        # a bad name fails here, before any game
    records = run_games(functools.partial(_record, design, bots), seed, games, design.players, jobs)
    return seat_balance(records, design.players)


def own_card(design: NimCard | None, seed: int) -> NimCard:
    """The card played on: the one given, or (None) the card of `seed` made with the map's defaults."""
    if design is not None:
        return design
    from . import CardParams, make_card

    return make_card(CardParams(seed=seed))


def play_check(design: NimCard, seed: int) -> Report:
    """Greedy games from every seat; Nim always ends, so a stalemate would be an engine's bug."""
    for first in range(design.players):
        if play(design, seed, "greedy", first).cut_off:
            return Report.of([Violation.error("nim.play.stalemate", Says(N_("A game with seed {seed} did not end"),
                                                                          seed=seed))])
    return Report.of([])


def run_cost(design: NimCard | None = None) -> GameCost:
    return GameCost(greedy=GREEDY_SECONDS, per_strength=STRONG_COST, default_strength=8)


def replay(design: NimCard, seed: int):
    """Component.replay: one game between greedy bots as the studio shows it (its moves, a line each, and the end)."""
    from washigen.games.played import PlayedGame

    match = play(design, seed)
    lines = [f"seat {index % design.players + 1}: {move}" for index, move in enumerate(match.moves)]
    return PlayedGame(moves=match.moves, lines=(*lines, f"seat {match.result + 1} takes the last stick and wins"))
