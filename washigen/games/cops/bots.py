"""Cops bots on the play protocol: `random` (any legal move), `greedy` (the evidence it lacks, nearest first) and
`strong` (a rollout lookahead over greedy, washigen.arena.search; `strong:N` plays N simulated games a move).

The greedy squad scores each move by the evidence it brings: an area of a rank the squad still lacks in a zone
whose crime is open, more the closer that zone is to solved, most when it solves a crime. With nothing to gain
in one move it heads for the nearest location where it could gain (fewest routes, from the board's table). It eats
ramen only when that pays: Noodle Legs when both moves bring evidence or the pair solves a crime, Miso Squirly
when it has no move at all. Ties are broken by the game's random generator, so the same seed plays the same game.
Its `rank` orders the moves the same way, for the strong bot's candidates; `evaluate` guesses each squad's chance
where the strong bot cuts a simulated game short.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import replace

from ...arena import GameRecord, RandomBot, balance, game_seed, make_bots, play_match, run_games, strong_bot
from ...report import Report, Violation
from . import engine
from .engine import CRIMES_TO_WIN, RAMEN, Miso, Noodle, Start, State, Step

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
        if type(moves[0]) is Start:
            return self._start(state, moves, rng)
        value = _Valuer(state, state.to_move)
        # Steps come first in the legal moves; with a step to take, ramen is eaten only for Noodle Legs. A move's
        # worth depends only on where it arrives (a step) or on the two places (Noodle Legs): each is worked out
        # once, and the loop stays lean, since it runs over every legal move of every ply of every playout.
        moving = type(moves[0]) is Step
        targets, printed, route = value.targets, value.printed, state.route
        steps, noodles = value.steps, value.noodles
        gainful, zone_gain, zone_of = value.gainful, value.zone_gain, value.zone_of
        last = first = gain = None
        best, best_value = [], -float("inf")
        for move in moves:
            kind = type(move)
            if kind is Step:
                index = move.index
                target = targets[index] if index < printed else route(index).target
                worth = steps.get(target)
                if worth is None:
                    worth = steps[target] = value.step_worth(target)
            elif kind is Noodle:
                if move.first is not last:          # Noodle Legs come grouped by their first step
                    last = move.first
                    index = last.index
                    first = targets[index] if index < printed else route(index).target
                    gain = zone_gain[zone_of[first]] if gainful >> first & 1 else 0.0
                if gain <= 0:
                    worth = -FAR
                else:
                    index = move.second.index           # key: the two locations (a map has at most 48)
                    key = first * 4096 + (targets[index] if index < printed else route(index).target)
                    worth = noodles.get(key)
                    if worth is None:
                        worth = noodles[key] = value.noodle_worth(first, key % 4096)
            elif moving:
                break
            else:
                worth = value(move)
            if worth > best_value + 1e-9:
                best, best_value = [move], worth
            elif worth > best_value - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)

    def rank(self, state: State, moves: list, rng: random.Random) -> list:
        """The moves best first by the worth `choose` gives them, ties in an order drawn from rng (the strong
        bot's candidates); with a step to take, Miso Squirly comes last, as `choose` never eats ramen for it then."""
        if len(moves) <= 1 or type(moves[0]) is Start:
            first = self.choose(state, moves, rng)
            return [first] + [move for move in moves if move is not first]
        value = _Valuer(state, state.to_move)
        moving = type(moves[0]) is Step
        worth = [-5 * FAR if moving and type(move) is Miso else value(move) for move in moves]
        order = list(range(len(moves)))
        rng.shuffle(order)
        order.sort(key=lambda k: -worth[k])
        return [moves[k] for k in order]

    @staticmethod
    def _start(state: State, moves: list, rng: random.Random):
        """The empty location with the most routes out, so the squad has the most choice."""
        board = state.board
        degree = [len(board.routes_from[board.number[move.location]]) for move in moves]
        top = max(degree)
        return rng.choice([move for move, routes in zip(moves, degree) if routes == top])


class _Valuer:
    """What each move is worth to the squad in one position (the goals, gains and distances worked out once per
    location, and a move's worth once per location or pair of locations it reaches)."""

    def __init__(self, state: State, squad: int):
        self.state, self.squad = state, squad
        board = self.board = state.board
        counts = state.counts
        self.ranks = [held if solved < 0 else -1 for held, solved in zip(counts.ranks[squad], state.solved)]
        # A gain: a location of an open zone whose next area is a rank the squad lacks there, worth what that
        # zone's next piece of evidence is worth (_gain_at, worked out per zone); a goal: a gain open to it.
        wanted = counts.next_rank
        gainful = 0
        self.zone_gain = [0.0] * board.zones
        won = WIN if len(state.crimes[squad]) + 1 >= CRIMES_TO_WIN else SOLVE
        for zone, held in enumerate(self.ranks):
            if 0 <= held < 0b111:
                for rank in range(3):
                    if not held >> rank & 1:
                        gainful |= board.zone_mask[zone] & wanted[rank]
                have = bin(held).count("1")
                self.zone_gain[zone] = won if have == 2 else EVIDENCE * (1 + have)
        self.gainful = gainful
        self.goals = gainful & ~counts.blocked[squad]
        self.printed = len(board.routes)
        self.targets = board.route_targets
        self.zone_of = board.zone_of
        self.steps: dict[int, float] = {}
        self.noodles: dict[int, float] = {}

    def target(self, step: Step) -> int:
        index = step.index
        return self.targets[index] if index < self.printed else self.state.route(index).target

    def distance(self, source: int) -> int:
        """Fewest routes from `source` to a goal other than itself."""
        goals = self.goals
        for hops, k in self.board.nearest[source]:
            if goals >> k & 1:
                return hops
        return FAR // 10

    def gain(self, location: int) -> float:
        """What filling the next area of this location is worth to the squad (as _gain_at)."""
        return self.zone_gain[self.zone_of[location]] if self.gainful >> location & 1 else 0.0

    def step_worth(self, target: int) -> float:
        gain = self.zone_gain[self.zone_of[target]] if self.gainful >> target & 1 else 0.0
        return gain - self.distance(target) * 0.5

    def noodle_worth(self, first: int, second: int) -> float:
        gain1 = self.gain(first)
        if gain1 <= 0:
            return -FAR
        zone = self.zone_of[first]
        if self.zone_of[second] == zone:           # the first move's evidence counts in the second's zone
            after = list(self.ranks)
            after[zone] |= 1 << len(self.state.filled[first])
            gain2 = _gain_at(self.state, self.squad, second, after)
        else:
            gain2 = self.gain(second)
        return gain1 + gain2 - NOODLE_COST if gain2 > 0 else -FAR

    def __call__(self, move) -> float:
        if isinstance(move, Step):
            return self.step_worth(self.target(move))
        if isinstance(move, Noodle):
            return self.noodle_worth(self.target(move.first), self.target(move.second))
        if isinstance(move, Miso):
            board = self.board
            a, b = board.number[move.a], board.number[move.b]
            held = self.state.held[self.squad]
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


def evaluate(state: State) -> list[float]:
    """Each squad's chance to win where the strong bot's simulated game is cut short, guessed from where it
    stands: its crimes solved, then how far it is towards a crime in the two zones where it is furthest (ranks
    held in a zone still open whose missing ranks are still empty somewhere in it), then its ramen left; the
    chances are a softmax of those scores, so a squad a crime ahead is a clear favourite."""
    board, counts = state.board, state.counts
    scores = []
    for squad in range(state.players):
        if len(state.crimes[squad]) >= CRIMES_TO_WIN:
            return [1.0 if seat == squad else 0.0 for seat in range(state.players)]
        progress = []
        for zone, held in enumerate(counts.ranks[squad]):
            if state.solved[zone] >= 0:
                continue
            members = board.zone_mask[zone]
            # rank r is still to be had in the zone where some location there has had at most r areas filled
            open_ranks = [bool(members & (counts.next_rank[0] | (counts.next_rank[1] if r >= 1 else 0)
                                          | (counts.next_rank[2] if r >= 2 else 0))) for r in range(3)]
            if all(held >> r & 1 or open_ranks[r] for r in range(3)):
                progress.append(bin(held).count("1"))
        progress += [0, 0]
        progress.sort(reverse=True)
        scores.append(EVAL_CRIME * len(state.crimes[squad]) + progress[0] + EVAL_SECOND * progress[1]
                      + EVAL_RAMEN * state.ramen[squad])
    top = max(scores)
    weights = [math.exp(EVAL_SHARPNESS * (score - top)) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]


EVAL_CRIME = 3.0          # a crime solved, against evidence in hand (a crime takes three pieces)
EVAL_SECOND = 0.4         # the second-best zone: a fallback where the best one is taken
EVAL_RAMEN = 0.3          # a bowl of ramen left
EVAL_SHARPNESS = 1.2      # how sure a lead makes a squad of winning

BOTS = {"random": RandomBot, "greedy": GreedyBot,
        "strong": strong_bot(engine, GreedyBot, evaluate=evaluate)}


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


def map_balance(design, games: int, seed: int, jobs: int = 1, bots: str = "greedy"):
    """The balance of a map between squads played by `bots` (greedy: the Game.balance hook). Squads differ only in
    the order of play, so a seat here is a place in that order: seat 0 is the squad that starts."""
    players = design.players
    # Seat 0 is the squad that starts: winners renumbered from the starter, who is then seat 0 in every game.
    records = [replace(record, winners=tuple((winner - record.first) % players for winner in record.winners),
                       first=0)
               for record in run(design, games, seed, jobs, bots)]
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
