"""Cops played by bots: single games, the balance of a map, and the play check that makes a map "playable"
(DESIGN 9, "Bots, playouts and balance"). A game is seeded: the same seed and first seat play the same game.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...arena import GameRecord, balance, game_seed, make_bots, play_match, run_games
from ...arena.records import End
from ...errors import InputError
from ...report import Report, Violation
from ...words import N_, Says
from . import engine
from .bots import BOTS
from .engine import RAMEN

if TYPE_CHECKING:
    from .model import CopsMap


def turn_limit(design) -> int:
    """DESIGN 9: 20 moves per location of the map."""
    return 20 * sum(len(segment.locations) for segment in design.segments)


def play_game(design, bots: str, seed: int, first: int, count_leads: bool = False):
    """One seeded game between the bots named by `bots` (`greedy`, `greedy,random`, ...), seat `first` starting;
    with `count_leads` (balance), also how often the squad ahead changed (engine.progress)."""
    players = design.players
    state = engine.initial_state(design, seed=seed, first=first)
    return play_match(engine, state, make_bots(bots, BOTS, players), seed, turn_limit(design),
                      progress=engine.progress if count_leads else None)


def end_of(outcome) -> End:
    """How a game ended by its engine.result (None: the turn limit cut it off before the rules ended it)."""
    if outcome is None:
        return "turn_limit"
    return "win" if outcome.winners else "stalemate"


def record_of(match, seed: int, first: int) -> GameRecord:
    outcome = match.result
    winners = outcome.winners if outcome is not None else ()
    return GameRecord(seed=seed, winners=winners, turns=match.turns, end=end_of(outcome),
                      specials_used=tuple(RAMEN - left for left in match.final.ramen), first=first,
                      lead_changes=match.lead_changes)


def game_line(index: int, record, unfinished: bool = False) -> str:
    """One game's line in `cops play` and `cops replay`: its seed, who started, how it ended, the ramen eaten."""
    outcome = ("unfinished (the log stops before the game ends)" if unfinished
               else f"squad {record.winners[0] + 1} solves two crimes" if record.winners
               else "the turn limit cut the game off, no squad has won" if record.end == "turn_limit"
               else "no squad can finish (stalemate)")
    ramen = ", ".join(str(n) for n in record.specials_used)
    return (f"game {index + 1} (seed {record.seed}, squad {record.first + 1} starts): {outcome} after "
            f"{record.turns} moves; ramen eaten per squad: {ramen}")


def play_record(design, bots: str, seed: int, first: int, count_leads: bool = False) -> GameRecord:
    """What balance needs of one game (module level, so a process pool can run it)."""
    return record_of(play_game(design, bots, seed, first, count_leads), seed, first)


def run(design, games: int, seed: int, jobs: int = 1, bots: str = "greedy", label: str | None = None,
        count_leads: bool = False):
    play_one = functools.partial(play_record, design, bots, count_leads=count_leads)
    return run_games(play_one, seed, games, design.players, jobs, label)


def map_balance(design, games: int, seed: int, jobs: int = 1, bots: str = "greedy"):
    """The balance of a map between squads played by `bots` (greedy: the Game.balance hook). Squads differ only in
    the order of play, so a seat here is a place in that order: seat 0 is the squad that starts."""
    players = design.players
    # Seat 0 is the squad that starts: winners renumbered from the starter, who is then seat 0 in every game.
    records = [replace(record, winners=tuple((winner - record.first) % players for winner in record.winners),
                       first=0)
               for record in run(design, games, seed, jobs, bots, count_leads=True)]
    return balance(records, players)


def play_check(design, seed: int) -> Report:
    """Greedy squads on every seating (each seat starting once) must finish with a winner (the Game.play_check
    hook): `cops.play.stalemate` names the first game that does not, with its seed."""
    for first in range(design.players):
        game = game_seed(seed, first)
        match = play_game(design, "greedy", game, first)
        if match.result is None or not match.result.winners:
            why = N_("reached the turn limit") if match.result is None else N_("ended with every squad stuck")
            return Report.of([Violation.error(
                "cops.play.stalemate",
                Says(N_("Greedy squads cannot finish on this map: the game with seed {seed} (squad {first} starting) "
                        "{why} after {moves} moves without a squad solving two crimes."),
                     seed=game, first=first + 1, why=Says(why), moves=match.turns), seed=game, first=first + 1)])
    return Report()


# A game between greedy squads on one core, a squad: about 1.1 ms for 2 squads (cops/constants.NOMINAL_RATE, 900 a
# second), longer with more (6: about 3.5 ms); measured today 0.5 ms (2 squads) and 0.7 ms (4). A strong squad's
# search, in these greedy games: a fixed part and a part a unit of strength (`strong:N`), measured in both seats
# (2 squads): strong:1 8, strong:24 100, strong:100 935, strong:400 3,690 (4.0 s a game); with 4 squads alike.
# (1000 and 12 were measured before the engine's speed-ups: 13x too long at the default strength.)
GREEDY_SECONDS_A_SQUAD = 1 / 1800
STRONG_FIXED, STRONG_COST = 20, 10


def run_cost(design=None):
    """What a game on the map costs on one core (arena.balance.GameCost); None: the default map's."""
    from ...arena.balance import GameCost
    from ...arena.search import DEFAULT_STRENGTH
    from .constants import DEFAULT_PLAYERS

    # a tape, a sheet or another game's design refused as balance refuses it (it was an AttributeError)
    squads = DEFAULT_PLAYERS if design is None else map_to_play(design).players
    return GameCost(greedy=squads * GREEDY_SECONDS_A_SQUAD, per_strength=STRONG_COST,
                    default_strength=DEFAULT_STRENGTH, fixed=STRONG_FIXED)


def map_to_play(design: Any) -> CopsMap:
    """The design, where it is a map (bots play on nothing else), or InputError naming what it is."""
    from .model import CopsMap

    if not isinstance(design, CopsMap):
        raise InputError(Says(N_("{field}: Cops is played on a map, not a {game} {kind}"), field="design",
                              game=getattr(design, "GAME", "?"), kind=getattr(design, "KIND", type(design).__name__)))
    return design
