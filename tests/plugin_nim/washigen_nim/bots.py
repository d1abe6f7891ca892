"""The bots: random, greedy (takes a win it sees, and leaves no heap alone for the next player), strong (the
shared lookahead over greedy)."""

from __future__ import annotations

import random
from typing import Sequence

from washigen.arena import RandomBot, strong_bot

from . import engine


class GreedyBot:
    name = "greedy"

    def rank(self, state: engine.State, moves: Sequence[engine.Move], rng: random.Random) -> list[engine.Move]:
        """Best first: a move that takes the last stick, then one that leaves the next player no such move, each
        group in random order."""
        shuffled = list(moves)
        rng.shuffle(shuffled)
        return sorted(shuffled, key=lambda move: _badness(state, move))

    def choose(self, state: engine.State, moves: Sequence[engine.Move], rng: random.Random) -> engine.Move:
        return self.rank(state, moves, rng)[0]


def _badness(state: engine.State, move: engine.Move) -> int:
    after = engine.apply(state, move)
    left = sum(1 for heap in after.heaps if heap)
    return 0 if left == 0 else 2 if left == 1 else 1


BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": strong_bot(engine, GreedyBot, default_strength=8)}
