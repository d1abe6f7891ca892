"""Cops bots on the play protocol: `random` (any legal move) and `greedy` (the evidence it lacks, nearest first).

The greedy squad scores each move by the evidence it brings: an area of a rank the squad still lacks in a zone
whose crime is open, more the closer that zone is to solved, most when it solves a crime. With nothing to gain
in one move it heads for the nearest location where it could gain (fewest routes, from the board's table). It eats
ramen only when that pays: Noodle Legs when both moves bring evidence or the pair solves a crime, Miso Squirly
when it has no move at all. Ties are broken by the game's random generator, so the same seed plays the same game.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

from ...play import GameRecord, RandomBot, balance, game_seed, make_bots, play_match, run_games
from ...report import Report, Violation
from . import engine
from .engine import CRIMES_TO_WIN, RAMEN, Miso, Noodle, Start, State, Step, open_to, ranks_held

SOLVE = 1000.0
WIN = 100000.0
EVIDENCE = 10.0
NOODLE_COST = 15.0
FAR = 1000


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, moves: list, rng: random.Random):
        if len(moves) == 1:
            return moves[0]
        squad = state.to_move
        if isinstance(moves[0], Start):
            return self._start(state, moves, rng)
        ranks = [ranks_held(state, squad, zone) if state.solved[zone] < 0 else -1
                 for zone in range(state.board.zones)]
        value = _Valuer(state, squad, ranks)
        # Steps come first in the legal moves; with a step to take, ramen is eaten only for Noodle Legs.
        moving = isinstance(moves[0], Step)
        best, best_value = [], -float("inf")
        for move in moves:
            if moving and isinstance(move, Miso):
                break
            worth = value(move)
            if worth > best_value + 1e-9:
                best, best_value = [move], worth
            elif worth > best_value - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)

    @staticmethod
    def _start(state: State, moves: list, rng: random.Random):
        """The empty location with the most routes out, so the squad has the most choice."""
        board = state.board
        degree = {move: len(board.routes_from[board.number[move.location]]) for move in moves}
        top = max(degree.values())
        return rng.choice([move for move in moves if degree[move] == top])


class _Valuer:
    """What each move is worth to the squad in one position (the goals and distances worked out once)."""

    def __init__(self, state: State, squad: int, ranks: list[int]):
        self.state, self.squad, self.ranks = state, squad, ranks
        self.board = state.board
        self.goals = [k for zone, held in enumerate(ranks) if held >= 0 for k in self.board.zone_members[zone]
                      if len(state.filled[k]) < 3 and not held >> len(state.filled[k]) & 1
                      and open_to(state, squad, k)]
        self.distances: dict[int, int] = {}
        self.gains: dict[int, float] = {}

    def distance(self, source: int) -> int:
        """Fewest routes from `source` to a goal other than itself."""
        known = self.distances.get(source)
        if known is None:
            row = self.board.hops[source]
            known = min((row[goal] for goal in self.goals if goal != source), default=FAR // 10)
            self.distances[source] = known
        return known

    def gain(self, location: int) -> float:
        known = self.gains.get(location)
        if known is None:
            known = self.gains[location] = _gain_at(self.state, self.squad, location, self.ranks)
        return known

    def __call__(self, move) -> float:
        state, board = self.state, self.board
        if isinstance(move, Step):
            target = state.route(move.index).target
            return self.gain(target) - self.distance(target) * 0.5
        if isinstance(move, Noodle):
            first = state.route(move.first.index).target
            gain1 = self.gain(first)
            if gain1 <= 0:
                return -FAR
            second = state.route(move.second.index).target
            after = list(self.ranks)
            zone = board.zone_of[first]
            if after[zone] >= 0:
                after[zone] |= 1 << len(state.filled[first])
            gain2 = _gain_at(state, self.squad, second, after)
            return gain1 + gain2 - NOODLE_COST if gain2 > 0 else -FAR
        if isinstance(move, Miso):
            a, b = board.number[move.a], board.number[move.b]
            held = state.held[self.squad]
            if held >> a & 1 and not held >> b & 1:
                return -self.distance(b) - 2 * FAR
            if held >> b & 1 and not held >> a & 1:
                return -self.distance(a) - 2 * FAR
            return -3 * FAR
        return -4 * FAR


def _gain_at(state: State, squad: int, location: int, ranks: list[int]) -> float:
    """What filling the next area of this location is worth to the squad."""
    zone = state.board.zone_of[location]
    held = ranks[zone]
    rank = len(state.filled[location])
    if held < 0 or rank >= 3 or held >> rank & 1:
        return 0.0
    have = bin(held).count("1")
    if have == 2:
        return WIN if len(state.crimes[squad]) + 1 >= CRIMES_TO_WIN else SOLVE
    return EVIDENCE * (1 + have)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


# -- playouts ------------------------------------------------------------------------------------------------------


def turn_limit(design) -> int:
    """DESIGN 9: 20 moves per location of the map."""
    return 20 * sum(len(segment.locations) for segment in design.segments)


def play_game(design, bots: str, seed: int, first: int):
    """One seeded game between the bots named by `bots` (`greedy`, `greedy,random`, ...), seat `first` starting."""
    players = design.players
    state = engine.initial_state(design, seed=seed, first=first)
    return play_match(engine, state, make_bots(bots, BOTS, players), seed, turn_limit(design))


def record_of(match, seed: int, first: int) -> GameRecord:
    outcome = match.result
    winners = outcome.winners if outcome is not None else ()
    return GameRecord(seed=seed, winners=winners, turns=match.turns, end="win" if winners else "stalemate",
                      specials_used=tuple(RAMEN - left for left in match.final.ramen), first=first)


def play_record(design, bots: str, seed: int, first: int) -> GameRecord:
    """What balance needs of one game (module level, so a process pool can run it)."""
    return record_of(play_game(design, bots, seed, first), seed, first)


def run(design, games: int, seed: int, jobs: int = 1, bots: str = "greedy", label: str | None = None):
    return run_games(functools.partial(play_record, design, bots), seed, games, design.players, jobs, label)


def map_balance(design, games: int, seed: int, jobs: int = 1):
    """The balance of a map between greedy squads (the Game.balance hook). Squads differ only in the order of
    play, so a seat here is a place in that order: seat 0 is the squad that starts."""
    players = design.players
    records = [replace(record, winners=tuple((winner - record.first) % players for winner in record.winners))
               for record in run(design, games, seed, jobs)]
    return balance(records, players)


def play_check(design, seed: int) -> Report:
    """Greedy squads on every seating (each seat starting once) must finish with a winner (the Game.play_check
    hook): `cops.play.stalemate` names the first game that does not, with its seed."""
    for first in range(design.players):
        game = game_seed(seed, first)
        match = play_game(design, "greedy", game, first)
        if match.result is None or not match.result.winners:
            why = "reached the turn limit" if match.result is None else "ended with every squad stuck"
            return Report.of([Violation.error(
                "cops.play.stalemate",
                f"Greedy squads cannot finish on this map: the game with seed {game} (squad {first + 1} starting) "
                f"{why} after {match.turns} moves without a squad solving two crimes.", seed=game, first=first + 1)])
    return Report()
