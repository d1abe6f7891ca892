"""Bots for Cat Tree on the washigen.arena protocol: `random` (a uniformly random legal move), `greedy` and
`strong`.

The greedy bot plays for the points the tree gains now. It keeps the card of its two that alone would add the
most to the tree as it stands; it places its card where it adds the most; leading a round, it tries both
placing orders (its card first, or the partner's) and waits when the partner's card first adds more. Cells of
equal gain go to the one that opens more gaps for a Hammock or Catwalk, then to the one with more neighbours,
then to the higher; what is still equal is drawn from the match's rng, so a seed replays the same game.

The strong bot is washigen.arena.search's rollout lookahead over the greedy bot. The two players build one tree,
so a simulated game is worth the points of the tree it ends with (a share of TOP_SCORE), to both seats alike:
the search sees the game through `SearchView`, where a finished game is scored by `evaluate` rather than as a
win for both. Every simulated game starts from `engine.determinize`: the draw pile, the partner's hand and
their unrevealed card dealt anew, so the bot never peeks.

The points are counted on bitboards (`Board`): the same totals as rules.score_grid (the tests compare them on
every kind of grid), fast enough for the thousands of placements a strong move tries.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ...arena import Bot, RandomBot, strong_bot
from . import engine
from .engine import KEEP, OVER, PLACE, Dismiss, Keep, Move, Place, State, Wait
from .model import ALTITUDE, ALTITUDE_FACTOR, BY_NAME, NAMES, STRUCTURES, TOY_GROUP_DISTANCE
from .rules import Cell, Grid

TOP_SCORE = 256            # a tree's points as a share of this are its value to the search (no tree gets there)
PLAYOUTS = 48              # the strong bot's playouts per decision
PLAYOUT_PLIES = 48         # more than a whole game's moves: every playout runs to the finished tree


# -- points on bitboards ------------------------------------------------------------------------------------------

KINDS = {name: index for index, name in enumerate(NAMES)}
PIPE, SCRATCHER, HAMMOCK, CATWALK, BOX, TOY, SHELF, NEST = (KINDS[name] for name in (
    "pipe", "scratcher", "hammock", "catwalk", "box", "toy", "shelf", "nest"))
BUILD_ON = tuple(KINDS[s.name] for s in STRUCTURES if s.build_on)
HANG_ON = tuple(KINDS[s.name] for s in STRUCTURES if s.hang_on)
RULE_KINDS = tuple(tuple(KINDS[s.name] for s in STRUCTURES if s.placement == rule)
                   for rule in ("flat", "sides", "flat-or-sides", "not-floor"))
SINGLES = tuple((KINDS[s.name], s.points) for s in STRUCTURES if not s.grouped and not s.per_side)
DOUBLE = ALTITUDE_FACTOR - 1


class Geometry:
    """A width x height grid as bits: cell (row, col) is bit (row - 1) * stride + col - 1, with one empty guard
    column per row (stride = width + 1), so a shift left or right never wraps into the next row."""
    __slots__ = ("width", "height", "stride", "valid", "floor", "high")

    def __init__(self, width: int, height: int):
        self.width, self.height, self.stride = width, height, width + 1
        row = (1 << width) - 1
        self.valid = sum(row << (r * self.stride) for r in range(height))
        self.floor = row
        self.high = sum(row << (r * self.stride) for r in range(ALTITUDE - 1, height))

    def bit(self, cell: Cell) -> int:
        return 1 << ((cell[0] - 1) * self.stride + cell[1] - 1)

    def cell(self, bit: int) -> Cell:
        index = bit.bit_length() - 1
        return index // self.stride + 1, index % self.stride + 1

    def grow(self, mask: int) -> int:
        """`mask` and every cell one orthogonal step from it."""
        stride = self.stride
        return (mask | (mask << stride) | (mask >> stride) | (mask << 1) | (mask >> 1)) & self.valid

    def flood(self, seed: int, within: int) -> int:
        """The cells of `within` 4-connected to `seed`."""
        seed &= within
        while True:
            grown = self.grow(seed) & within
            if grown == seed:
                return seed
            seed = grown


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(width: int, height: int) -> Geometry:
    found = _GEOMETRIES.get((width, height))
    if found is None:
        found = _GEOMETRIES[(width, height)] = Geometry(width, height)
    return found


class Board:
    """A tree as one bit mask per structure (in NAMES order) on a Geometry. `legal`: every card is known to keep
    its placement rule (a game's tree: a card placed legally stays so), which spares counting it again."""
    __slots__ = ("geo", "masks", "legal")

    def __init__(self, geo: Geometry, masks: tuple[int, ...], legal: bool = False):
        self.geo, self.masks, self.legal = geo, masks, legal

    @classmethod
    def of(cls, grid: Grid, width: int, height: int, legal: bool = False) -> Board:
        geo = geometry(width, height)
        masks = [0] * len(NAMES)
        for cell, name in grid.items():
            masks[KINDS[name]] |= geo.bit(cell)
        return cls(geo, tuple(masks), legal)

    def bit(self, cell: Cell) -> int:
        return self.geo.bit(cell)

    def cell(self, bit: int) -> Cell:
        return self.geo.cell(bit)

    def with_card(self, name: str, bit: int, open_cell: bool = False) -> Board:
        """The tree with `name` added at `bit`; `open_cell`: a cell open_cells(name) gave."""
        kind = KINDS[name]
        masks = self.masks
        return Board(self.geo, masks[:kind] + (masks[kind] | bit,) + masks[kind + 1:], self.legal and open_cell)

    def supports(self, within: int = -1) -> tuple[int, int]:
        """(the cells on a flat surface, the cells attached by both sides), empty or not, held by the cards of
        `within` (all of them by default)."""
        geo, masks = self.geo, self.masks
        build = hang = 0
        for kind in BUILD_ON:
            build |= masks[kind]
        for kind in HANG_ON:
            hang |= masks[kind]
        build &= within
        hang &= within
        flat = (geo.floor | build << geo.stride) & geo.valid
        sides = (hang << 1) & (hang >> 1) & geo.valid
        return flat, sides

    def open_cells(self, name: str) -> int:
        """The empty cells where `name` may be placed (rules.placement_ok on every empty cell)."""
        geo = self.geo
        occupied = 0
        for mask in self.masks:
            occupied |= mask
        rule = BY_NAME[name].placement
        if rule == "not-floor":
            return geo.valid & ~geo.floor & ~occupied
        flat, sides = self.supports()
        allowed = {"flat": flat, "sides": sides, "flat-or-sides": flat | sides}[rule]
        return allowed & ~occupied

    def occupied(self) -> int:
        occupied = 0
        for mask in self.masks:
            occupied |= mask
        return occupied

    def grounded(self, occupied: int) -> int:
        """The cards of the parts that touch the floor."""
        return self.geo.flood(occupied & self.geo.floor, occupied)

    def total(self) -> int:
        """The tree's points, as rules.score_grid(...).total counts them."""
        geo, masks = self.geo, self.masks
        high = geo.high
        occupied = 0
        for mask in masks:
            occupied |= mask
        legal = occupied if self.legal else self._buildable(occupied)
        grounded = self.grounded(occupied)
        counting = grounded
        if grounded != occupied:            # floating parts count when within 2 of the grounded tree
            floating = occupied & ~grounded
            counting |= geo.flood(floating & geo.grow(geo.grow(grounded)), floating)
        tree = counting                     # a detached card joins no group (rules.score_grid)
        counting &= legal
        points = 0
        for kind, base in SINGLES:
            mine = masks[kind] & counting
            if mine:
                points += base * (mine.bit_count() + DOUBLE * (mine & high).bit_count())
        pipes = masks[PIPE] & counting
        if pipes:
            pipe = BY_NAME["pipe"]
            points += pipe.points * (pipes.bit_count() + DOUBLE * (pipes & high).bit_count())
            for side in (pipes & (occupied << 1), pipes & (occupied >> 1)):
                points += pipe.per_side * (side.bit_count() + DOUBLE * (side & high).bit_count())
        if masks[SCRATCHER]:
            points += self._groups(SCRATCHER, tree, counting, self._run)
        if masks[TOY]:
            points += self._groups(TOY, tree, counting, self._toy_group)
        return points

    def _standing(self, within: int) -> int:
        """The cards whose placement rule holds, held by the cards of `within`."""
        geo, masks = self.geo, self.masks
        flat, sides = self.supports(within)
        standing = 0
        for kinds, allowed in zip(RULE_KINDS, (flat, sides, flat | sides, geo.valid & ~geo.floor)):
            for kind in kinds:
                standing |= masks[kind] & allowed
        return standing

    def _buildable(self, occupied: int) -> int:
        """The cards that keep their rule and that some order of play places (rules.score_grid: neither misplaced
        nor unbuildable). A misplaced card holds others as if placed first; the rest are placed while any can be,
        which only adds support, so the order does not matter. Two boxes side by side in the air keep their rule by
        each other, but neither can be placed first."""
        misplaced = occupied & ~self._standing(occupied)
        placed = misplaced
        while True:
            grown = placed | self._standing(placed)
            if grown == placed:
                return placed & ~misplaced
            placed = grown

    def _groups(self, kind: int, tree: int, counting: int, group_of) -> int:
        """Points of the groups a kind's cards of the tree form: each scores once, if a card of it counts, double
        if a card of it is at altitude."""
        base, high = STRUCTURES[kind].points, self.geo.high
        points, members = 0, self.masks[kind] & tree
        left = members
        while left:
            group = group_of(left & -left, members)
            left &= ~group
            if group & counting:
                points += base * (ALTITUDE_FACTOR if group & high else 1)
        return points

    def _run(self, seed: int, members: int) -> int:
        """Scratchers side by side in one row, chained."""
        while True:
            grown = (seed | seed << 1 | seed >> 1) & members
            if grown == seed:
                return seed
            seed = grown

    def _toy_group(self, seed: int, members: int) -> int:
        """Toys within TOY_GROUP_DISTANCE of a toy of the group, chained."""
        grow = self.geo.grow
        while True:
            grown = seed
            for _ in range(TOY_GROUP_DISTANCE):
                grown = grow(grown)
            grown &= members
            if grown == seed:
                return seed
            seed = grown


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


# -- the greedy policy --------------------------------------------------------------------------------------------

def prospect(grid: Grid, cell: Cell, name: str) -> tuple[int, int, int]:
    """Tie-break between cells of equal gain: first the gaps it opens for a Hammock or Catwalk (a card to hang
    on, one empty cell away from another), then the cards next to it, then height."""
    row, col = cell
    slots = 0
    if BY_NAME[name].hang_on:
        for step in (-1, 1):
            gap, far = (row, col + step), grid.get((row, col + 2 * step))
            slots += gap not in grid and far is not None and BY_NAME[far].hang_on
    neighbours = sum((row + dr, col + dc) in grid for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return slots, neighbours, row


_GAINS: dict[tuple, tuple[tuple[Cell, int], ...]] = {}
GAINS_KEPT = 100_000          # trees remembered (a strong move's playouts meet the same trees again and again)


def gains(board: Board, name: str) -> list[tuple[Cell, int]]:
    """Every legal cell of `name`, row by row, with the points the tree gains by it."""
    key = (board.geo, board.masks, name)
    found = _GAINS.get(key)
    if found is None:
        if len(_GAINS) >= GAINS_KEPT:
            _GAINS.clear()
        found = _GAINS[key] = tuple(_gains(board, name))
    return list(found)


def _gains(board: Board, name: str) -> list[tuple[Cell, int]]:
    cells = board.open_cells(name)
    idle = 0
    if name == "shelf":
        # A shelf touching no card, 3 or more from the grounded tree, is a detached part of its own: it scores
        # nothing and changes nothing (it supports and joins no card), so its gain is 0 without counting.
        geo, occupied = board.geo, board.occupied()
        idle = cells & ~geo.grow(occupied) & ~geo.grow(geo.grow(board.grounded(occupied)))
    before = board.total()
    return [(board.cell(bit), 0 if bit & idle else board.with_card(name, bit, True).total() - before)
            for bit in bits(cells)]


def best_gain(board: Board, name: str) -> int:
    """The most `name` can add to the tree; -1 when no cell takes it."""
    return max((gain for _, gain in gains(board, name)), default=-1)


def best_cell(board: Board, grid: Grid, name: str, rng: random.Random) -> tuple[Cell, int] | None:
    """The legal cell where `name` adds the most (prospect, then `rng`, breaking ties) and that gain; None when
    no cell takes it."""
    found = gains(board, name)
    if not found:
        return None
    rng.shuffle(found)                   # equal cells: the shuffle decides, reproducibly
    top = max(gain for _, gain in found)
    return max((item for item in found if item[1] == top), key=lambda item: prospect(grid, item[0], name))


def choose_card(board: Board, hand: Sequence[str], rng: random.Random) -> str:
    """The card a player keeps: the one that alone would add the most to the tree as it stands."""
    order = list(hand)
    rng.shuffle(order)
    return max(order, key=lambda name: best_gain(board, name))


Planned = tuple[int, str, "Cell | None", int]      # seat, card, cell (None: dismissed), gain


def place_both(board: Board, grid: Grid, kept: Sequence[tuple[int, str]], rng: random.Random) -> list[Planned]:
    """Both kept cards placed greedily in both orders; the order that adds more (the first given on a tie)."""
    best_plan: list[Planned] = []
    best_total = None
    for order in (list(kept), list(kept)[::-1]):
        trial_board, trial_grid, total = board, dict(grid), 0
        plan: list[Planned] = []
        trial_rng = random.Random(rng.random())
        for seat, name in order:
            found = best_cell(trial_board, trial_grid, name, trial_rng)
            if found is None:
                plan.append((seat, name, None, 0))
                continue
            cell, gain = found
            trial_board, trial_grid[cell] = trial_board.with_card(name, trial_board.bit(cell), True), name
            plan.append((seat, name, cell, gain))
            total += gain
        if best_total is None or total > best_total:
            best_plan, best_total = plan, total
    return best_plan


def planned_move(step: Planned) -> Move:
    _, name, cell, _ = step
    return Dismiss(name) if cell is None else Place(name, cell)


# -- the bots -----------------------------------------------------------------------------------------------------

def board_of(state: State) -> Board:
    return Board.of(state.grid, state.width, state.height, legal=True)


class GreedyBot:
    """The best immediate gain, as the module's docstring says."""
    name = "greedy"

    def choose(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        seat, board = state.to_move, board_of(state)
        if state.phase == KEEP:
            return Keep(choose_card(board, state.hands[seat], rng))
        own = state.kept[seat]
        assert own is not None                    # the player to place holds the card it kept
        if any(isinstance(move, Wait) for move in moves):
            other = 1 - seat
            partner = state.kept[other]
            assert partner is not None            # waiting is legal only while neither has placed
            plan = place_both(board, state.grid, [(seat, own), (other, partner)], rng)
            return planned_move(plan[0]) if plan[0][0] == seat else Wait()
        found = best_cell(board, state.grid, own, rng)
        return Dismiss(own) if found is None else Place(own, found[0])

    def rank(self, state: State, moves: Sequence[Move], rng: random.Random) -> list[Move]:
        """The moves, best first, by what they add this round: a kept card by its best gain; a placement by its
        gain plus the best the partner's card can add after it (when the partner has yet to place); waiting by
        the partner's best placement followed by this player's. Ties in random order from `rng`."""
        board, grid, seat = board_of(state), state.grid, state.to_move
        values: dict[Move, tuple[int, ...]]
        if state.phase != PLACE:
            values = {move: (best_gain(board, move.card),) for move in moves if isinstance(move, Keep)}
        else:
            other = 1 - seat
            partner = None if state.done[other] else state.kept[other]
            values = {}
            for move in moves:
                if isinstance(move, Place):
                    after = board.with_card(move.card, board.bit(move.cell), True)
                    gain = after.total() - board.total()
                    follow = max(0, best_gain(after, partner)) if partner else 0
                    values[move] = (gain + follow, *prospect(grid, move.cell, move.card))
                elif isinstance(move, Wait):
                    own = state.kept[seat]
                    assert partner is not None and own is not None    # waiting: neither has placed yet
                    values[move] = (_partner_first(board, grid, partner, own), 0, 0, 0)
                else:
                    values[move] = (0, 0, 0, 0)
        ties = {move: rng.random() for move in moves}
        return sorted(moves, key=lambda move: (values.get(move, (-1,)), ties[move]), reverse=True)


def _partner_first(board: Board, grid: Grid, partner: str, own: str) -> int:
    """The points of the round when the partner's card goes down first (greedily), then this player's."""
    first = best_cell(board, grid, partner, random.Random(0))
    if first is None:
        return max(0, best_gain(board, own))
    after = board.with_card(partner, board.bit(first[0]), True)
    return first[1] + max(0, best_gain(after, own))


# -- the strong bot -------------------------------------------------------------------------------------------------

STAY = "stay"              # the one move of a finished game, as the search sees it


class SearchView:
    """The engine as the strong bot's search sees it. The search counts a simulated game as won or lost; here the
    two players share one tree, so a finished game is never over for the search: it stays put (STAY) until the
    playout stops, and `evaluate` gives both seats the tree's points as a share of TOP_SCORE."""
    initial_state = staticmethod(engine.initial_state)
    to_move = staticmethod(engine.to_move)
    determinize = staticmethod(engine.determinize)

    @staticmethod
    def legal_moves(state: State) -> list:
        return engine.legal_moves(state) if state.phase != OVER else [STAY]

    @staticmethod
    def apply(state: State, move) -> State:
        return state if move == STAY else engine.apply(state, move)

    @staticmethod
    def result(state: State) -> None:
        return None


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's value of a state: the tree's points so far as a share of TOP_SCORE, the same for both."""
    value = min(1.0, board_of(state).total() / TOP_SCORE)
    return (value, value)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": strong_bot(SearchView, GreedyBot, evaluate=evaluate, default_strength=PLAYOUTS,
                         depth=PLAYOUT_PLIES),
}
