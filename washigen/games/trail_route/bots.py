"""The players' policies for the Trail Route engine: `random`, `greedy` and `strong`.

A policy answers the engine's questions in a turn: which swap, which card (or none), which finish, and the
choices a tile effect asks for (Chooser.choose).

The strong policy searches inside this framework rather than on the immutable-state protocol of washigen.arena
(washigen.arena.search). The engine resolves a landing in one call that asks the lander's chooser mid-way (cat
forward, tunnel, place a cat, the 3-point bonus), so a turn is not one move but a tree of small choices; putting
all of them on the shared protocol would mean rewriting the engine and its tests, for a search that would then
spend its budget on sub-choices that rarely matter. Here a turn is a plan (swap, card, finish), and the strong
policy is a flat Monte Carlo search over plans, the same idea as washigen.arena.search:

- candidates: the plans that look best one turn ahead by `margin` (a seat's `outlook`, its points plus what its
  cards and its cats on the way are likely to bring, less the best other seat's), always with the best plan that
  keeps the cards, so that the search weighs playing a card now against later;
- each candidate is played out in simulated continuations: a copy of the table in which the other players'
  hands and the exchange deck's order are dealt again at random from what the player cannot see (`determinize`:
  the strong policy never peeks), the plan carried out, then CONTINUATION_ROUNDS rounds played by greedy
  policies for every seat (QuickGreedy, greedy cut to the swaps and card plays that can matter), then scored as a
  chance to win: exact where the game ended, else from the margin;
- successive halving: every candidate gets a share of the continuations, the worse half is dropped, the rest
  share the next round, and candidates are compared on the same dealt worlds (equal luck).

Why two rounds, and not to the end of the game: a greedy game lasts about a dozen rounds (3 players 11, 4 players
12, on average), so one continuation to the end costs as much as six two-round ones. After one round the margin
still told too little against greedy players that claim every destination they can (one strong among four greedy
won 13 of 40 games with one round, 24 of 40 with two, at 1.8 times the time); where the game ends within the
rounds, the continuation scores the real result.

`strength` is the number of continuations a turn may use (`strong:N`). Every random choice comes from the policy's
own rng, so a seed replays the same game.

The greedy look-ahead and the strong policy's candidates try every swap, card play and finish on one copy of the
table and undo it (`Mark`, `finish_trials`, `try_play`) rather than copy the table for each; what they find is
what a copy for each would give (tests/test_trail_route_trials.py).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

from ...errors import InputError
from ...arena.bots import MAX_STRENGTH, STRENGTH_RANGE
from ...words import N_, Says
from .engine import (COLS, START, Advance, CardPlay, Cell, Finish, Place, Policy, Rearrange, Slide, State, Swap,
                     advance, apply_finish, apply_swap, card_plays, check_play, end_of_turn, legal_finishes,
                     legal_swaps, neighbours, play_card, play_turn, resolve_play, winners)
from .model import DECK, arrow_moves, dest_points


class RandomPolicy:
    """Picks uniformly among legal moves; plays a card on about half of its turns."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state, player, kind, options):
        return self.rng.choice(options)

    def pick_swap(self, state, player, swaps):
        return self.rng.choice(swaps)

    def pick_card(self, state, player):
        hand = state.hands[player]
        if not hand or self.rng.random() < 0.5:
            return None
        plays = card_plays(state, player, self.rng.choice(hand), self.rng, samples=4)
        return self.rng.choice(plays) if plays else None

    def pick_finish(self, state, player, finishes):
        return self.rng.choice(finishes)


class Heuristic:
    """Quick choices with no look-ahead: used by the greedy policy and inside its look-ahead."""

    def choose(self, state, player, kind, options):
        if kind == "forward":
            own = [k for k in options if state.cats[k].owner == player]
            if own:
                return min(own, key=lambda k: state.cats[k].pos[1])
            return max(options, key=lambda k: state.cats[k].pos[1])
        if kind == "bonus-place":
            starts = [o for o in options if o is not None]
            return best_start(state, player, starts) if starts else None
        return best_start(state, player, options)


def best_start(state: State, player: int, rows: list[int]) -> int:
    """The starting position whose first road tile looks best for the player's colour."""
    colour = state.colours[player]

    def entry(row: int) -> int:
        code = state.road[row][COLS - 1]
        if code in ("wall", "tunnel") or not state.free((row, COLS - 1)):
            return -2
        direction = arrow_moves(code, colour)
        return {"left": 2, None: 0, "up": 1, "down": 1, "right": -1}[direction]

    return max(rows, key=lambda row: (entry(row), -row))


Scores = Sequence[int]           # every player's score, by player
Worth = Sequence[float]          # every player's cats_worth


def value(state: State, player: int, scores: Scores | None = None, worth: Worth | None = None) -> float:
    """The greedy policy's worth of a table to the player: points, the cats on their way (cats_worth: always less
    than the claim in front of a cat, so a cat one step from its destination claims it rather than waits; counted
    by its column alone, 4.5 points at the last one, a cat declined 3-point claims and games ran to the round
    limit) and cards, less half the best other player's. `scores`, `worth`: the table's, where the caller has
    them."""
    worth = cats_worth(state) if worth is None else worth
    scores = all_scores(state) if scores is None else scores
    own = scores[player] + worth[player] + 0.4 * len(state.hands[player])
    others = max(scores[p] + worth[p] for p in range(state.players) if p != player)
    return own - 0.5 * others


def all_scores(state: State) -> list[int]:
    return [state.score(p) for p in range(state.players)]


class Mark:
    """What a swap, card or finish may change on a table besides the road tiles it moves itself: the cats, the
    claims, the mouse toys claimed, the exchange deck, the destinations. Taken before a move is tried on the table
    itself, `restore` puts the table back as it was, for the next move to try: cheaper than a copy of the whole
    table for every move (the bots' look-ahead spent over a quarter of its time copying tables)."""

    __slots__ = ("positions", "claims", "mice", "trigger", "dest", "exchange", "mouse_toys")

    def __init__(self, state: State):
        self.positions = [cat.pos for cat in state.cats]
        self.claims = tuple(map(len, state.claims))
        self.mice = tuple(map(len, state.mice))
        self.trigger = state.trigger
        self.dest = state.dest[:]              # a claim replaces a row's list, never changes one
        self.exchange = state.exchange[:]
        # A claimed mouse toy gives way to the exchange deck's top tile; only a mouse toy is claimed.
        self.mouse_toys = [(r, c) for r, row in enumerate(state.road) if "mouse-toy" in row
                           for c, code in enumerate(row) if code == "mouse-toy"]

    def same_points(self, state: State) -> bool:
        """Has no one claimed anything since the mark (the scores, destinations, deck and road are the same)?"""
        return tuple(map(len, state.claims)) == self.claims and tuple(map(len, state.mice)) == self.mice

    def restore(self, state: State, same_points: bool | None = None) -> None:
        """Puts the table back; `same_points`: what same_points says of the table now, where the caller knows."""
        for cat, pos in zip(state.cats, self.positions):
            cat.pos = pos
        if same_points or (same_points is None and self.same_points(state)):
            return
        if tuple(map(len, state.claims)) != self.claims:
            for claims, count in zip(state.claims, self.claims):
                del claims[count:]
            state.dest[:] = self.dest
            state.trigger = self.trigger
        if tuple(map(len, state.mice)) != self.mice:
            for mice, count in zip(state.mice, self.mice):
                del mice[count:]
            state.exchange[:] = self.exchange
            for r, c in self.mouse_toys:
                state.road[r][c] = "mouse-toy"


Judge = Callable[[State, int, Scores, Worth], float]        # value or margin


def finish_trials(table: State, player: int, finishes: Sequence[Finish], judge: Judge,
                  scores: Scores | None = None) -> list[float]:
    """judge(table, player, scores, worth) after each of the player's legal `finishes`, each tried on the table
    itself and undone (Mark): what apply_finish on a copy of the table for each would give. `scores`: the table's,
    where the caller has them. A judge sees the cats only through `worth`, so that the places of a cat whose
    worth is the same are judged once."""
    scores = all_scores(table) if scores is None else scores
    worth: Worth | None = None            # the table's, once a Place needs it
    mark = None
    judged: dict[float, float] = {}       # by the placed cat's owner's worth
    found = []
    for finish in finishes:
        if isinstance(finish, Advance):
            mark = Mark(table) if mark is None else mark
            table.new_chain()
            advance(table, finish.cat)
            same = mark.same_points(table)
            found.append(judge(table, player, scores if same else all_scores(table), cats_worth(table)))
            mark.restore(table, same)
        else:                                   # a Place: the cat comes onto the board, nothing happens
            worth = cats_worth(table) if worth is None else worth
            cat = table.cats[finish.cat]
            cat.pos = (finish.row, START)
            own = owner_worth(table, cat.owner)
            if own not in judged:
                placed = list(worth)
                placed[cat.owner] = own
                judged[own] = judge(table, player, scores, placed)
            found.append(judged[own])
            cat.pos = None                      # a Place's cat is one off the board
    return found


def best_finish(table: State, player: int, finishes: list[Finish], judge: Judge, scores: Scores | None) -> float:
    """max(finish_trials(...)), judging of the player's Places only the one whose row's destination is worth the
    most to it: a Place changes only the player's worth, the worth of the cat placed never falls as that
    destination's points rise (cats_worth), nor does a judge as the player's worth rises (value, margin), so no
    other Place is judged higher."""
    places = [finish for finish in finishes if isinstance(finish, Place)]
    if len(places) > 1:
        colour, dest = table.colours[player], table.dest

        def destination(place: Place) -> float:
            near = dest[place.row][1]
            return dest_points(near, colour) if near else 1.0

        finishes = [finish for finish in finishes if not isinstance(finish, Place)] + [max(places, key=destination)]
    best = float("-inf")
    for found in finish_trials(table, player, finishes, judge, scores):
        best = max(best, found)
    return best


def fronts(state: State, player: int) -> set[Cell]:
    """The road tiles whose swap may change the player's legal finishes: those in front of its cats on the road
    or a start (can_advance reads the tile in front and where the cats are; a Place, where the cats are)."""
    return {(pos[0], pos[1] - 1) for cat in state.cats if cat.owner == player and (pos := cat.pos) is not None
            and pos[1] > 0}


def swapped(state: State, swap: Swap) -> None:
    """Exchanges the swap's two road tiles, legal by the caller's word (the engine's swaps for this table); done
    a second time, it undoes itself."""
    (r1, c1), (r2, c2) = swap.a, swap.b
    road = state.road
    road[r1][c1], road[r2][c2] = road[r2][c2], road[r1][c1]


def try_play(state: State, player: int, play: CardPlay, mark: Mark, scores: Scores,
             judge: Callable[[State, Scores | None], float]) -> float:
    """judge(table, its scores or None) after the player's `play` (one card_plays gave for this table), tried on
    `state` itself and undone; `mark` and `scores` were taken of the table as it is."""
    hand = state.hands[player][:]
    if isinstance(play, Rearrange):
        cells = list(play.cells)
    elif isinstance(play, Slide):
        cells = [(r, play.col) for r in range(state.rows)]
    else:
        cells = []
    tiles = [state.road[r][c] for r, c in cells]
    resolve_play(state, player, play)
    same = mark.same_points(state)
    found = judge(state, scores if same else None)
    for (r, c), code in zip(cells, tiles):
        state.road[r][c] = code
    state.hands[player][:] = hand
    state.played.pop()
    mark.restore(state, same)
    return found


class GreedyPolicy(Heuristic):
    """Takes, step by step, the move that leaves the best position after its own best step 3."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.heuristic = Heuristic()

    def _table(self, state: State) -> State:
        """The copy of the table the policy tries its moves on, undoing each: every choice in it is heuristic."""
        return state.clone([self.heuristic] * state.players)

    @staticmethod
    def _best_finish_value(table: State, player: int, scores: Scores | None = None,
                           finishes: list[Finish] | None = None) -> float:
        """The best value a finish leaves (the table is left as it was); `scores`, `finishes`: the table's, where
        known."""
        finishes = legal_finishes(table, player) if finishes is None else finishes
        if not finishes:
            return value(table, player, scores)
        return best_finish(table, player, finishes, value, scores)

    def _swap_values(self, state: State, player: int, swaps: Sequence[Swap]) -> list[float]:
        """The best value a finish leaves after each swap."""
        table = self._table(state)
        scores = all_scores(table)                      # a swap changes no score
        finishes, near = legal_finishes(table, player), fronts(table, player)
        found = []
        for swap in swaps:
            swapped(table, swap)
            same = swap.a not in near and swap.b not in near
            found.append(self._best_finish_value(table, player, scores, finishes if same else None))
            swapped(table, swap)
        return found

    def pick_swap(self, state, player, swaps):
        scored = [(found, -i) for i, found in enumerate(self._swap_values(state, player, swaps))]
        return swaps[-max(scored)[1]]

    def pick_card(self, state, player):
        table = self._table(state)
        scores = all_scores(table)
        best_value, best = self._best_finish_value(table, player, scores), None
        mark = Mark(table)
        for card in sorted(set(state.hands[player])):
            for play in self._card_options(state, player, card):
                score = try_play(table, player, play, mark, scores,
                                 lambda t, known: self._best_finish_value(t, player, known))
                if score > best_value + 1e-9:
                    best_value, best = score, play
        return best

    def _card_options(self, state: State, player: int, card: str) -> list[CardPlay]:
        return card_plays(state, player, card, self.rng, samples=12)

    def pick_finish(self, state, player, finishes):
        values = finish_trials(self._table(state), player, finishes, value)
        return finishes[values.index(max(values))]        # the first of the best, as max(finishes, key=...)


# -- the strong policy ---------------------------------------------------------------------------------------------

DEFAULT_STRENGTH = 24            # simulated continuations a turn
CANDIDATES = 8                   # plans a turn's search plays out
SWAPS_KEPT = 4                   # swaps whose cards and finishes are looked at
PLAYS_KEPT = 2                   # card plays kept per swap, besides keeping the card
FINISHES_KEPT = 2                # finishes kept per swap and card
REACH = 0.8                      # each step a cat still has to go keeps this share of its destination's worth
CARD_WORTH = 0.6                 # a card in the hand, in points
MEAN_DESTINATION = 4.0           # a destination's worth to a cat that is off the board
QUICK_PLAYS = 8                  # plays of a card the greedy continuations try
CONTINUATION_ROUNDS = 2          # rounds of greedy play after a candidate plan, before its margin is scored
MARGIN_SCALE = 3.0               # points of lead that make a win about three times as likely as a loss
REACH_POWERS = tuple(REACH ** steps for steps in range(START + 2))   # by a cat's column + 1 (DEST is -1)
OFF_BOARD_WORTH = MEAN_DESTINATION * REACH ** (START + 2)

Option = TypeVar("Option")       # what the search ranks: a swap, a card play, a plan


@dataclass(frozen=True)
class Plan:
    """What is left of a turn: the swap, the card (None keeps the cards), the finish (None where there is none)."""
    swap: Swap | None
    play: CardPlay | None
    finish: Finish | None


def outlook(state: State, player: int, worth: Worth, scores: Scores) -> float:
    """The points a seat can count on: its score, its cards, and its cats on their way (`worth`: cats_worth's).
    Once the end is triggered only points count."""
    points = float(scores[player])
    if state.trigger:
        return points
    return points + CARD_WORTH * len(state.hands[player]) + worth[player]


def cats_worth(state: State) -> list[float]:
    """By player: each cat worth its row's next destination for its colour, less for every step still to go; a cat
    off the board, a mean destination from behind the starts. One pass over the cats for every player: the greedy
    value and the strong margin weigh every seat."""
    worth = [0.0] * state.players
    colours = state.colours
    dest = state.dest
    for cat in state.cats:
        pos = cat.pos
        if pos is None:
            worth[cat.owner] += OFF_BOARD_WORTH
            continue
        near = dest[pos[0]][1]
        worth[cat.owner] += (dest_points(near, colours[cat.owner]) if near else 1.0) * REACH_POWERS[pos[1] + 1]
    return worth


def owner_worth(state: State, owner: int) -> float:
    """cats_worth(state)[owner], summed as cats_worth sums it."""
    worth = 0.0
    colour = state.colours[owner]
    dest = state.dest
    for cat in state.cats:
        if cat.owner != owner:
            continue
        pos = cat.pos
        if pos is None:
            worth += OFF_BOARD_WORTH
            continue
        near = dest[pos[0]][1]
        worth += (dest_points(near, colour) if near else 1.0) * REACH_POWERS[pos[1] + 1]
    return worth


def margin(state: State, player: int, scores: Scores | None = None, worth: Worth | None = None) -> float:
    """The seat's outlook less the best of the others'. `scores`, `worth`: the table's, where the caller has
    them."""
    worth = cats_worth(state) if worth is None else worth
    scores = all_scores(state) if scores is None else scores
    return (outlook(state, player, worth, scores)
            - max(outlook(state, p, worth, scores) for p in range(state.players) if p != player))


def leaf_value(state: State, player: int) -> float:
    """The seat's chance to win, 0..1: exact at the end (a share of a shared victory), else from its margin."""
    if state.over:
        won = winners(state)
        return 1 / len(won) if player in won else 0.0
    return 1 / (1 + math.exp(-margin(state, player) / MARGIN_SCALE))


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A copy of the table equal in all `player` sees: the others' hands are dealt again from the cards it has not
    seen (the deck less its hand and the cards played), and the exchange deck is shuffled. Both are drawn from
    sorted lists, so what the player cannot see never changes what the copy holds."""
    world = state.clone()
    unseen = sorted((Counter(DECK) - Counter(state.hands[player]) - Counter(state.played)).elements())
    rng.shuffle(unseen)
    for p in range(state.players):
        if p != player:
            count = len(state.hands[p])
            world.hands[p], unseen = unseen[:count], unseen[count:]
    world.exchange = sorted(state.exchange)
    rng.shuffle(world.exchange)
    return world


class QuickGreedy(GreedyPolicy):
    """The greedy policy with its swap search cut to the swaps that can change what its next step lands on: those
    touching the tile in front of one of its cats or a neighbour of that tile (an arrow there chains), and the
    first swap, which greedy takes when no swap helps; and it tries at most QUICK_PLAYS plays of each card. It picks
    greedy's move in most turns at a fraction of the cost, so that the strong policy can afford many
    continuations."""

    def pick_swap(self, state, player, swaps):
        near: set = set()
        for k in state.cats_of(player):
            pos = state.cats[k].pos
            if pos is not None and pos[1] > 0:
                front = (pos[0], pos[1] - 1)
                near.add(front)
                near.update(neighbours(state, front))
        tried = [i for i, w in enumerate(swaps) if i == 0 or w.a in near or w.b in near]
        found = self._swap_values(state, player, [swaps[i] for i in tried])
        return swaps[-max(zip(found, (-i for i in tried)))[1]]

    def _card_options(self, state, player, card):
        plays = card_plays(state, player, card, self.rng, samples=QUICK_PLAYS)
        return plays if len(plays) <= QUICK_PLAYS else self.rng.sample(plays, QUICK_PLAYS)


class StrongPolicy(Heuristic):
    """Searches each turn: candidate plans played out in simulated continuations (see the module docstring)."""

    def __init__(self, rng: random.Random, strength: int = DEFAULT_STRENGTH):
        self.rng = rng
        self.strength = strength
        self.plan: Plan | None = None
        self.planned_for: tuple[int, int] | None = None

    # -- the engine's questions
    def pick_swap(self, state, player, swaps):
        plan = self._plan(state, player, "swap")
        return plan.swap if plan.swap in swaps else swaps[0]

    def pick_card(self, state, player):
        plan = self._current(state, player) or self._plan(state, player, "card")
        if plan.play is not None and check_play(state, player, plan.play) is None:
            return plan.play
        return None

    def pick_finish(self, state, player, finishes):
        plan = self._current(state, player) or self._plan(state, player, "finish")
        if plan.finish in finishes:
            return plan.finish
        return self._plan(state, player, "finish").finish          # the table differs from the plan's: search again

    # -- planning
    def _current(self, state: State, player: int) -> Plan | None:
        return self.plan if self.planned_for == (player, state.turns[player]) else None

    def _plan(self, state: State, player: int, stage: str) -> Plan:
        plans = self._candidates(determinize(state, player, self.rng), player, stage)
        self.plan = plans[0] if len(plans) == 1 else self._halving(state, player, stage, plans)
        self.planned_for = (player, state.turns[player])
        return self.plan

    def _candidates(self, world: State, player: int, stage: str) -> list[Plan]:
        """The plans that look best one turn ahead, best first; the best that keeps the card is always among
        them, so that the search can weigh playing a card now against keeping it."""
        world = world.clone([HEURISTIC] * world.players)
        swaps: list = legal_swaps(world) if stage == "swap" else []
        scores = all_scores(world)                      # a swap changes no score
        finishes, near = legal_finishes(world, player), fronts(world, player)
        swaps = self._ranked([(self._best_after(world, player, w, scores, finishes if w is None or (
            w.a not in near and w.b not in near) else None), w) for w in swaps or [None]])
        scored: list[tuple[float, Plan]] = []
        for swap in swaps[:SWAPS_KEPT]:
            after_swap = _after(world, player, swap=swap)
            plays: list = [] if stage == "finish" else [
                play for card in sorted(set(after_swap.hands[player]))
                for play in card_plays(after_swap, player, card, self.rng, samples=12)]
            mark = Mark(after_swap)
            by_play = [(try_play(after_swap, player, p, mark, scores,
                                 lambda t, known: self._best_after(t, player, None, known)), p) for p in plays]
            for play in [None, *self._ranked(by_play)[:PLAYS_KEPT]]:
                after_play = _after(after_swap, player, play=play)
                for value, finish in sorted(_finish_values(after_play, player), key=lambda vf: -vf[0])[:FINISHES_KEPT]:
                    scored.append((value, Plan(swap, play, finish)))
        ranked = list(dict.fromkeys(self._ranked(scored)))
        kept = ranked[:max(2, min(CANDIDATES, self.strength))]
        keeper = next((plan for plan in ranked if plan.play is None), None)
        if keeper is not None and keeper not in kept:
            kept[-1] = keeper
        return kept

    def _ranked(self, scored: Sequence[tuple[float, Option]]) -> list[Option]:
        """The options best first; equal values in an order drawn from the rng."""
        order = list(range(len(scored)))
        self.rng.shuffle(order)
        return [scored[i][1] for i in sorted(order, key=lambda i: -scored[i][0])]

    @staticmethod
    def _best_after(table: State, player: int, swap: Swap | None, scores: Scores | None,
                    finishes: list[Finish] | None = None) -> float:
        """The best margin a finish leaves after `swap`, tried on the table and undone; `scores`, `finishes`: the
        table's after the swap, where known."""
        if swap is not None:
            swapped(table, swap)
        finishes = legal_finishes(table, player) if finishes is None else finishes
        found = best_finish(table, player, finishes, margin, scores) if finishes else margin(table, player, scores)
        if swap is not None:
            swapped(table, swap)
        return found

    def _halving(self, state: State, player: int, stage: str, plans: list[Plan]) -> Plan:
        """Successive halving: every live plan is played out in the same fresh worlds, the worse half dropped."""
        alive = list(range(len(plans)))
        totals = [0.0] * len(plans)
        per_round = self.strength / max(1, math.ceil(math.log2(len(plans))))
        while len(alive) > 1:
            for _ in range(max(1, int(per_round // len(alive)))):
                world, seed = determinize(state, player, self.rng), self.rng.getrandbits(64)
                for i in alive:
                    totals[i] += self._continuation(world, player, stage, plans[i], seed)
            alive = sorted(alive, key=lambda i: (-totals[i], i))[:(len(alive) + 1) // 2]
        return plans[alive[0]]

    @staticmethod
    def _continuation(world: State, player: int, stage: str, plan: Plan, seed: int) -> float:
        """Carries out the plan on a copy of the world, lets greedy play CONTINUATION_ROUNDS rounds for every
        seat, and scores it."""
        policies = [QuickGreedy(random.Random(seed + p)) for p in range(world.players)]
        sim = world.clone(policies)
        carry_out(sim, player, plan, stage, policies[player])
        for _ in range(CONTINUATION_ROUNDS * sim.players):
            if sim.over:
                break
            play_turn(sim, policies[sim.current])
        return leaf_value(sim, player)


HEURISTIC = Heuristic()


def _after(state: State, player: int, swap: Swap | None = None, play: CardPlay | None = None) -> State:
    trial = state.clone()
    if swap is not None:
        apply_swap(trial, swap)
    if play is not None:
        play_card(trial, player, play)
    return trial


def _finish_values(table: State, player: int) -> list[tuple[float, Finish | None]]:
    """Each legal finish with the margin it leaves (one entry with None where the player has no finish), tried on
    the table and undone."""
    finishes = legal_finishes(table, player)
    if not finishes:
        return [(margin(table, player), None)]
    return list(zip(finish_trials(table, player, finishes, margin), finishes))


def carry_out(state: State, player: int, plan: Plan, stage: str, policy: Policy) -> None:
    """Plays the rest of `player`'s turn by `plan` from `stage` ("swap", "card" or "finish": the step the turn is
    at) and ends the turn. A finish the table no longer allows (an exchange tile dealt differently in this world
    changed a choice) is replaced by the player's own `policy`'s."""
    if stage == "swap" and plan.swap is not None:
        apply_swap(state, plan.swap)
    if stage != "finish" and plan.play is not None and check_play(state, player, plan.play) is None:
        play_card(state, player, plan.play)
    finishes = legal_finishes(state, player)
    if finishes:
        finish = plan.finish if plan.finish in finishes else policy.pick_finish(state, player, finishes)
        apply_finish(state, finish)
    state.turns[player] += 1
    end_of_turn(state)


# -- choosing policies by name -------------------------------------------------------------------------------------

POLICIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy, "greedy": GreedyPolicy, "strong": StrongPolicy}


def parse_policy(spec: str, option: str = "--policy") -> tuple[str, int | None]:
    """`greedy` -> ("greedy", None); `strong:200` -> ("strong", 200), the spelling of washigen.play's --bots.
    A bad name or strength is an InputError naming `option`."""
    text = str(spec).strip().lower()
    shown = repr(text if len(text) <= 40 else text[:37] + "...")
    name, colon, strength = (part.strip() for part in text.partition(":"))
    if name not in POLICIES:
        raise InputError(Says(N_("{option}: unknown policy {name}; known: {known}"), option=option, name=shown,
                              known=", ".join(POLICIES)))
    if not colon:
        return name, None
    if name != "strong":
        raise InputError(Says(N_("{option}: {part}: only {name} takes a strength ({name}:N)"), option=option,
                              part=shown, name="strong"))
    if (not strength.isascii() or not strength.isdigit() or len(strength) > len(str(MAX_STRENGTH))
            or not 1 <= int(strength) <= MAX_STRENGTH):
        raise InputError(Says(STRENGTH_RANGE, option=option, part=shown, most=MAX_STRENGTH))
    return name, int(strength)


def make_policies(names: list[str], seed: int, option: str = "--policy") -> list[Policy]:
    """One policy per seat, each with its own rng drawn from `seed`; names as parse_policy reads them."""
    rng = random.Random(seed)
    policies: list[Policy] = []
    for spec in names:
        name, strength = parse_policy(spec, option)
        own = random.Random(rng.getrandbits(64))
        policies.append(StrongPolicy(own, strength) if strength is not None else POLICIES[name](own))
    return policies
