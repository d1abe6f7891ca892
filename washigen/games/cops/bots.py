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

import itertools
import math
import random
from typing import Callable, Sequence

from ...arena import Bot, RandomBot, strong_bot
from . import engine
from .engine import CRIMES_TO_WIN, Miso, Noodle, Start, State, Step

SOLVE = 1000.0
WIN = 100000.0
EVIDENCE = 10.0
NOODLE_COST = 15.0
FAR = 1000
_HAVE = tuple(bin(held).count("1") for held in range(8))          # ranks held in a zone, by their bits
_EVIDENCE_GAIN = tuple(EVIDENCE * (1 + have) for have in _HAVE)      # the next piece's worth short of a crime
# the next piece's worth in a zone, by the ranks held there, to a squad for which a crime solved is worth `won`
_ZONE_GAIN = {won: tuple(won if have == 2 else gain for have, gain in zip(_HAVE, _EVIDENCE_GAIN))
              for won in (SOLVE, WIN)}


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, moves: Sequence, rng: random.Random):
        if len(moves) == 1:
            return moves[0]
        best = self._best(state, moves)
        # a start is drawn from its ties however many there are; any other move only where two or more tie
        return rng.choice(best) if len(best) > 1 or type(moves[0]) is Start else best[0]

    def _best(self, state: State, moves: Sequence) -> list:
        """The moves that tie for best; kept with a position reached again (positions.py), for these moves."""
        memo = state.memo
        kept = memo.greedy if memo is not None else None     # read once: another thread may keep another
        if kept is not None and kept[0] == moves:
            return kept[1]
        if type(moves[0]) is Start:
            best = self._start(state, moves)
        elif type(moves[0]) is not Step:         # no step to take (so no Noodle Legs): Miso Squirly
            best = self._miso(state, moves)
        else:
            best = self._moving(state, moves)
        if memo is not None:
            memo.greedy = (list(moves), best)    # a copy: the caller may change its list
        return best

    @staticmethod
    def _miso(state: State, moves: Sequence) -> list:
        value = _Valuer(state, state.to_move)
        best, best_value = [], -float("inf")
        for move in moves:
            worth = value(move)
            if worth > best_value + 1e-9:
                best, best_value = [move], worth
            elif worth > best_value - 1e-9:
                best.append(move)
        return best

    @staticmethod
    def _moving(state: State, moves: Sequence) -> list:
        """The best of the steps and Noodle Legs, as _Valuer values them (ties all kept)."""
        # Steps come first in the legal moves, then Noodle Legs grouped by their first step; with a step to take,
        # ramen is eaten only for Noodle Legs whose first move gains (any step is worth more than one that does
        # not). A move's worth depends only on where it arrives (a step) or on the two places (Noodle Legs): each
        # is worked out once, and the loops stay lean, since they run over every legal move of every ply.
        squad, board = state.to_move, state.board
        gainful, won = _gains(state, squad)
        goals = gainful & ~state.counts.blocked[squad]
        mine = state.counts.ranks[squad]
        zone_gain = _ZONE_GAIN[won]              # by the ranks held in the zone
        zone_of, rings = board.zone_of, board.rings
        steps: list[float | None] = [None] * len(zone_of)     # a location's worth as a step's target, once worked out
        noodles: dict[int, float] = {}           # a pair of locations' worth as Noodle Legs, once worked out
        best: list = []
        best_value = -float("inf")
        worth: float | None                      # None: not yet worked out
        gain = 0.0
        count = 0
        for move in moves:
            if type(move) is not Step:
                break
            count += 1
            target = move.to
            worth = steps[target]
            if worth is None:                       # value.step_worth(target), written out
                hops = FAR // 10
                for ring_hops, ring in rings[target]:
                    if goals & ring:
                        hops = ring_hops
                        break
                gain = zone_gain[mine[zone_of[target]]] if gainful >> target & 1 else 0.0
                worth = steps[target] = gain - hops * 0.5
            if worth > best_value + 1e-9:
                best, best_value = [move], worth
            elif worth > best_value - 1e-9:
                best.append(move)
        last = None
        first = 0                                   # set with `last`, on the first Noodle Legs
        zone = after = 0
        filled = state.filled
        for move in itertools.islice(moves, count, None):
            if type(move) is not Noodle:
                break
            if move.first is not last:
                last = move.first
                first = last.to
                zone = zone_of[first]
                gain = zone_gain[mine[zone]] if gainful >> first & 1 else 0.0
                # the ranks held in its zone after the first move (it gains there, so the zone is open)
                after = mine[zone] | 1 << len(filled[first])
            if gain <= 0:
                continue
            second = move.second.to
            key = first * 4096 + second             # the two locations (a map has at most 48)
            worth = noodles.get(key)
            if worth is None:                       # value.noodle_worth(first, second), written out
                if zone_of[second] == zone:
                    rank = len(filled[second])
                    gain2 = 0.0 if rank >= 3 or after >> rank & 1 else zone_gain[after]
                else:
                    gain2 = zone_gain[mine[zone_of[second]]] if gainful >> second & 1 else 0.0
                worth = noodles[key] = gain + gain2 - NOODLE_COST if gain2 > 0 else -FAR
            if worth > best_value + 1e-9:
                best, best_value = [move], worth
            elif worth > best_value - 1e-9:
                best.append(move)
        return best

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
    def _start(state: State, moves: Sequence) -> list:
        """The empty locations with the most routes out, so the squad has the most choice."""
        degree_of = state.board.degree
        degree = [degree_of[move.location] for move in moves]
        top = max(degree)
        return [move for move, routes in zip(moves, degree) if routes == top]


class _Valuer:
    """What each move is worth to the squad in one position (the goals, gains and distances worked out once per
    location, and a move's worth once per location or pair of locations it reaches)."""

    def __init__(self, state: State, squad: int):
        self.state, self.squad = state, squad
        board = self.board = state.board
        counts = state.counts
        self.gainful, self.won = _gains(state, squad)
        self.goals = self.gainful & ~counts.blocked[squad]
        self.zone_gain = [_ZONE_GAIN[self.won][held] for held in counts.ranks[squad]]   # where the zone gains
        self.printed = len(board.routes)
        self.targets = board.route_targets
        self.zone_of = board.zone_of

    def target(self, step: Step) -> int:
        index = step.index
        return self.targets[index] if index < self.printed else self.state.route(index).target

    def distance(self, source: int) -> int:
        """Fewest routes from `source` to a goal other than itself."""
        goals = self.goals
        for hops, ring in self.board.rings[source]:
            if goals & ring:
                return hops
        return FAR // 10

    def gain(self, location: int) -> float:
        """What filling the next area of this location is worth to the squad."""
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
            # (the zone is open, since the first move gains there)
            filled = self.state.filled
            held = self.state.counts.ranks[self.squad][zone] | 1 << len(filled[first])
            rank = len(filled[second])
            if rank >= 3 or held >> rank & 1:
                gain2 = 0.0
            else:
                gain2 = self.won if _HAVE[held] == 2 else _EVIDENCE_GAIN[held]
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


def _gains(state: State, squad: int) -> tuple[int, float]:
    """Where the squad gains (bits) and what a crime solved is worth to it. A gain: a location of an open zone
    whose next area is a rank the squad lacks there (the locations whose next area has rank r, less those of the
    zones where it holds r); it is worth what that zone's next piece of evidence is (_ZONE_GAIN); a goal: a gain
    open to it."""
    counts = state.counts
    n0, n1, n2 = counts.next_rank
    holding = counts.holding
    h = 3 * squad
    lacking = n0 & ~holding[h] | n1 & ~holding[h + 1] | n2 & ~holding[h + 2]
    won = WIN if len(state.crimes[squad]) + 1 >= CRIMES_TO_WIN else SOLVE
    return lacking & state.board.open_mask(state.solved), won


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

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                       "strong": strong_bot(engine, GreedyBot, evaluate=evaluate)}
