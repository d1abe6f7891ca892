"""The strong bot every engine shares (DESIGN 9, "Bots, playouts and balance"): a rollout lookahead over the game's
greedy bot.

    BOTS = {"random": RandomBot, "greedy": GreedyBot,
            "strong": strong_bot(engine, GreedyBot, evaluate=evaluate)}

How it chooses. The greedy bot ranks the legal moves (its `rank(state, moves, rng)` where it has one, else its
choice, then its choice among the rest, ...) and the best `width` of them are the candidates. Each candidate is
tried in simulated games ("playouts"): the move, then every seat played by the greedy bot, cut after `depth` plies
where the game's `evaluate` says each seat's chance, or run to the end without one. The budget is shared out by
sequential halving (Karnin, Koren and Somekh 2013): every candidate gets an equal share of a round, the worse half
of the others is dropped, the rest share the next round; the greedy bot's own choice plays every round. Playout j
of every candidate draws from the same generator (common random numbers), so candidates are compared on the same
deals and tie-breaks. Greedy's choice stands unless the best other candidate beats it on their paired playouts by
more than `margin` and by more than EVIDENCE standard errors: with no evidence the strong bot plays as greedy does,
and luck does not make it dither. It stops after the first round when every playout of every candidate came out
the same (a race already decided either way).

Why a flat lookahead and not a tree (MCTS/UCT). The budget is small: a balance of 100 strong games has to finish in
minutes, which leaves a few dozen playouts a move. A tree grows one node a playout; at that budget it barely
passes the root and its statistics below the root are too thin to trust, while the same playouts spent on the
root's candidates give each a usable mean. A playout that lets the greedy bot play every seat is a step of policy
improvement (Tesauro and Galperin 1996; Bertsekas' rollout algorithm): it keeps greedy's choice unless the playouts
show a better one, and against greedy opponents the playouts model them exactly. Values are per seat: a win
counts for every seat in the result's `winners` (a team shares it), and the player to move reads its own (max-n).

Strength is the number of playouts per decision (about; at least one per candidate and round), default
DEFAULT_STRENGTH, and a game may set its own. A playout costs at most `depth` greedy moves where the game has an
`evaluate`, a whole game's rest where it has not, so the cost of a move grows linearly with the strength. A
decision with one legal move costs nothing. Engines with hidden information export `determinize(state, seat, rng)`:
the ranking and every playout start from a fresh deal of what the player to move cannot see, so the bot never
peeks.

Every random choice draws from generators seeded from the match's rng (one draw a decision): the same seed replays
the same game. Nothing is kept between decisions and nothing is global.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from ..errors import InputError
from ..words import N_, Says
from .bots import MAX_STRENGTH

DEFAULT_STRENGTH = 24       # playouts per decision: Cats, 2 players, ~3.6 s of one core a game against greedy
DEFAULT_WIDTH = 6           # candidate moves, in the greedy bot's order
DEFAULT_DEPTH = 12          # plies a playout runs before `evaluate` scores it
DEFAULT_MARGIN = 0.02       # how much better than the greedy bot's choice another move must look to be played
EVIDENCE = 1.0              # ... and in standard errors of the paired differences
HORIZON = 2_000             # plies a playout runs at most without `evaluate` (then nobody has won)

Evaluate = Callable[[Any], Sequence[float]]


def check_strength(strength: Any, option: str = "--bots") -> int:
    """A strength as a whole number within 1..MAX_STRENGTH, or InputError naming `option`."""
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= MAX_STRENGTH:
        raise InputError(Says(N_("{option}: strength must be a whole number 1..{most}, got {value!r}"), option=option,
                              most=MAX_STRENGTH, value=strength))
    return strength


def strong_bot(engine: Any, rollout: Callable[[], Any], evaluate: Evaluate | None = None,
               default_strength: int | None = None, *, width: int = DEFAULT_WIDTH,
               depth: int = DEFAULT_DEPTH, margin: float = DEFAULT_MARGIN) -> Callable[..., "StrongBot"]:
    """A factory of strong bots for `engine`: `factory()` at the default strength, `factory(strength=N)` at N.
    `rollout` makes the bot that ranks the candidates and plays the simulated games (the game's greedy bot);
    `evaluate(state)` gives each seat's chance to win (0..1) where a playout is cut, None to play them out."""
    default = check_strength(DEFAULT_STRENGTH if default_strength is None else default_strength, "strength")
    if not 1 <= width <= 1000 or not 0 <= depth <= HORIZON:
        raise ValueError(f"strong_bot: width 1..1000 and depth 0..{HORIZON}, got {width} and {depth}")

    def factory(strength: int | None = None) -> StrongBot:
        chosen = default if strength is None else check_strength(strength)
        return StrongBot(engine, rollout(), evaluate, chosen, width, depth, margin)

    return factory


class StrongBot:
    """A rollout lookahead over `rollout` (see the module's docstring)."""
    name = "strong"

    def __init__(self, engine: Any, rollout: Any, evaluate: Evaluate | None, strength: int,
                 width: int = DEFAULT_WIDTH, depth: int = DEFAULT_DEPTH, margin: float = DEFAULT_MARGIN):
        self.engine, self.rollout, self.evaluate = engine, rollout, evaluate
        self.strength, self.width, self.margin = strength, width, margin
        self.depth = depth if evaluate is not None else HORIZON
        self.determinize = getattr(engine, "determinize", None)

    def choose(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        if len(moves) == 1:
            return moves[0]
        local = random.Random(rng.getrandbits(64))
        seat = self.engine.to_move(state)
        candidates = self.candidates(state, moves, local, seat)
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self._halving(state, seat, candidates, local)]

    def candidates(self, state: Any, moves: Sequence[Any], rng: random.Random, seat: int | None = None) -> list:
        """The `width` best moves in the rollout bot's order (on a state dealt from `seat`'s view, where the game
        hides things): its own ranking where it has one (`rank`), else its choice, then its choice among the
        rest, and so on."""
        if len(moves) <= 1:
            return list(moves)
        width = min(self.width, max(2, self.strength))
        if self.determinize is not None and seat is not None:
            state = self.determinize(state, seat, rng)
        rank = getattr(self.rollout, "rank", None)
        if rank is not None:
            return list(rank(state, moves, rng))[:width]
        left, chosen = list(moves), list[Any]()
        while left and len(chosen) < width:
            move = self.rollout.choose(state, left, rng) if len(left) > 1 else left[0]
            chosen.append(move)
            del left[_index(left, move)]
        return chosen

    def _halving(self, state: Any, seat: int, candidates: list, rng: random.Random) -> int:
        """Sequential halving over the candidates: the index of the one chosen.

        Playout j of every candidate draws from the same generator (common random numbers): candidates are
        compared on the same deals and tie-breaks, so their difference is the move's, not luck's. The greedy
        bot's choice (index 0) stays in every round, and stands unless the best other candidate beats it on those
        paired playouts clearly (`_beats`). The search stops early where more playouts would hardly change the
        answer: every candidate's playouts have all come out the same (a race decided either way)."""
        n = len(candidates)
        base = rng.getrandbits(64)
        alive = list(range(n))
        tallies = [_Tally() for _ in range(n)]
        rounds = max(1, math.ceil(math.log2(n)))
        per_round = self.strength / rounds
        for _ in range(rounds):
            each = max(1, int(per_round / len(alive)))
            for k in alive:
                tally = tallies[k]
                for _ in range(each):
                    tally.add(self.playout(state, seat, candidates[k], random.Random(base + len(tally.values))))
            others = sorted(alive[1:], key=lambda k: tallies[k].rank(k))
            if all(tallies[k].low == tallies[k].high == tallies[0].high for k in others):
                return 0
            alive = [0] + others[:max(1, len(others) // 2)]
            if len(alive) <= 2 and len(others) <= 1:
                break
        best = min(alive[1:], key=lambda k: tallies[k].rank(k))
        return best if self._beats(tallies[best], tallies[0]) else 0

    def _beats(self, tally: "_Tally", greedy: "_Tally") -> bool:
        """Is a candidate clearly better than the greedy bot's choice: over their paired playouts (at least two),
        better on average by more than `margin` and by more than EVIDENCE standard errors of that average?"""
        pairs = min(len(tally.values), len(greedy.values))
        if pairs < 2:
            return False
        gaps = [a - b for a, b in zip(tally.values, greedy.values)]
        mean = sum(gaps) / pairs
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (pairs - 1))
        return mean > self.margin and mean > EVIDENCE * spread / math.sqrt(pairs)

    def playout(self, state: Any, seat: int, move: Any, rng: random.Random) -> float:
        """`seat`'s value of one simulated game after `move`: 1 for a win (its team's included), 0 for a loss or
        no winner, or `evaluate`'s chance where the game is cut at `depth` plies."""
        engine, bot = self.engine, self.rollout
        if self.determinize is not None:
            state = self.determinize(state, seat, rng)
        state = engine.apply(state, move)
        for plies in range(self.depth + 1):
            outcome = engine.result(state)
            if outcome is not None:
                return 1.0 if seat in winners_of(outcome) else 0.0
            if plies < self.depth:
                state = engine.apply(state, bot.choose(state, engine.legal_moves(state), rng))
        if self.evaluate is None:
            return 0.0
        return float(self.evaluate(state)[seat])


class _Tally:
    """One candidate's playouts: their values in order (playout j of every candidate shares its generator), the
    lowest and the highest."""
    __slots__ = ("values", "total", "low", "high")

    def __init__(self):
        self.values: list[float] = []
        self.total = 0.0
        self.low, self.high = math.inf, -math.inf

    def add(self, value: float) -> None:
        self.values.append(value)
        self.total += value
        self.low, self.high = min(self.low, value), max(self.high, value)

    def rank(self, index: int) -> tuple:
        """Best first: the highest mean, then the greedy bot's order."""
        return (-self.total / len(self.values), index)


def winners_of(outcome: Any) -> tuple:
    """The winning seats of a result: its `winners`, or a bare seat number (a game with a single winner)."""
    winners = getattr(outcome, "winners", None)
    if winners is not None:
        return tuple(winners)
    return (outcome,) if isinstance(outcome, int) else ()


def _index(moves: list, move: Any) -> int:
    """Where a chosen move is in the list: the very object (moves may compare equal), else an equal one."""
    for i, m in enumerate(moves):
        if m is move:
            return i
    return moves.index(move)
