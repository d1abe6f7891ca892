"""The rules engine: plays The Cats' Trail Route from a setup to its end.

Positions are 0-based (row, col) here: road columns 0..6 from the destinations, START (7) a row's starting
position, DEST (-1) its destinations; printed places add 1 to row and road column, as the validator's do.

Where the rules leave a case open, the engine decides (the README lists these):
- an arrow whose next tile is a wall or holds a cat does not move the cat;
- an arrow that would move a cat onto a tile it already landed on in the same chain of effects (one swap, card or
  finish, through arrows, cat forward and every other tile) does not move it: so a cat forward with an arrow
  pointing back at it in front ends the chain on the arrow, where choosing the same cat again would loop for ever;
- an arrow that moves a cat right off column 7 puts it on that row's starting position if it is free, else does
  not move it; Someone Calling counts the starting position as the tile behind column 7 (a cat pulled onto a
  starting position that holds a cat stops a step short, as before a wall; one whose tiles one and two back are
  both blocked, or that stands on a start, cannot be called);
- in a tie, a cat on a starting position is behind every cat on a road tile, and a player with no cat on the board
  behind both;
- tile effects that need a choice (cat forward, place a cat, tunnel, where a cat returns) are chosen by the owner
  of the cat that landed; cat forward must be used when some cat can advance;
- a mouse toy with the exchange deck empty stays where it is and cannot be claimed;
- a cat with no free starting position to go to (tunnel, emptied destination row) leaves the board;
- Wherever Curiosity Leads moves a cat onto a road tile or a destination, never onto a starting position;
- The Cat in the Mirror resolves the other cat's tile only where that cat still stands where the swap put it
  (the tile of the player's own cat may have moved it on, and what it landed on then has been resolved);
- a cat may stand on a wall (a Living Path slid it under the cat, or it replaced a claimed mouse toy); The Cat in
  the Mirror never swaps another cat onto it;
- a Hidden Passage may take a single tile ("up to 3"); In the Deep Fog needs 2, each touching another; The Living
  Path slides by any number of steps, a negative number upwards, but not by whole turns of the column (no slide);
- apply_swap, play_card and apply_finish each refuse what the rules do not allow in the position (ValueError: a
  move of the wrong shape, a number that is not a whole number, a tile or cat the rule does not allow) and each
  start a chain of effects of its own, whoever calls them; so does every choice a rule asks a chooser for (`ask`).
  The order of a turn (the player to move swaps once, plays at most one card, then advances or places once) is
  play_turn's: the bots try moves on copies of a position through the three directly;
- a player with no swap to make skips the swap; one with no cat to advance or place ends the turn after the card;
- a chain of effects also stops after MAX_CASCADE landings (a safety net: the arrow reading above ends every loop);
- the game also stops, with the reason "turn-limit" and no winner (play_game), after MAX_ROUNDS rounds.

The players' policies (random, greedy, strong) are in bots.py; the words a game log tells its events in, in
gamelog.py; games played for balance, in playtest.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from typing import Callable, Protocol, Sequence

from .model import CARDS, COLS, END_CLAIMS, PAWNS_PER_PLAYER, STEP, TrailRouteSetup, arrow_moves, dest_points

Cell = tuple[int, int]
START = COLS
DEST = -1
MAX_CASCADE = 64
MAX_ROUNDS = 200
DIRECTIONS_8 = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


# -- moves ---------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Swap:
    a: Cell
    b: Cell


@dataclass(frozen=True)
class Rearrange:
    """A Hidden Passage or In the Deep Fog: the tile now at cells[i] is the one that was at cells[order[i]]."""
    card: str
    cells: tuple[Cell, ...]
    order: tuple[int, ...]


@dataclass(frozen=True)
class Slide:
    """The Living Path: column `col` slides down by `steps`, up where it is negative (tiles wrap round)."""
    col: int
    steps: int
    card: str = "living-path"


@dataclass(frozen=True)
class Nudge:
    """Wherever Curiosity Leads: cat `cat` moves one tile by (dr, dc)."""
    cat: int
    dr: int
    dc: int
    card: str = "curiosity"


@dataclass(frozen=True)
class Call:
    """Someone Calling: cat `cat` is pulled back two tiles (one when the second is a wall or holds a cat)."""
    cat: int
    card: str = "someone-calling"


@dataclass(frozen=True)
class Mirror:
    mine: int
    other: int
    card: str = "mirror"


@dataclass(frozen=True)
class Advance:
    cat: int


@dataclass(frozen=True)
class Place:
    cat: int
    row: int


CardPlay = Rearrange | Slide | Nudge | Call | Mirror
Finish = Advance | Place


class Chooser(Protocol):
    def choose(self, state: "State", player: int, kind: str, options: list): ...


# -- the state -----------------------------------------------------------------------------------------------------

@dataclass
class Cat:
    owner: int
    colour: str
    pos: Cell | None = None          # None: off the board


@dataclass
class State:
    players: int
    rows: int
    colours: list[str]
    road: list[list[str]]
    dest: list[list[str | None]]            # per row: [far left, touching the road]
    exchange: list[str]
    hands: list[list[str]]
    cats: list[Cat]
    choosers: list[Chooser]
    claims: list[list[str]] = field(default_factory=list)      # destination codes per player
    mice: list[list[str]] = field(default_factory=list)        # claimed mouse toy tiles per player
    turns: list[int] = field(default_factory=list)
    current: int = 0
    trigger: bool = False
    over: bool = False
    end_reason: str = ""
    events: list[tuple] = field(default_factory=list)
    budget: int = MAX_CASCADE
    record: bool = True
    played: list[str] = field(default_factory=list)             # hand cards played so far, open to all
    landed: set[tuple[int, Cell]] = field(default_factory=set)  # (cat, tile) landed on in this chain of effects

    def __post_init__(self):
        self.claims = self.claims or [[] for _ in range(self.players)]
        self.mice = self.mice or [[] for _ in range(self.players)]
        self.turns = self.turns or [0] * self.players

    def clone(self, choosers: Sequence[Chooser] | None = None) -> "State":
        """A copy to try moves on; events are not recorded in it."""
        return State(self.players, self.rows, self.colours, [row[:] for row in self.road],
                     [row[:] for row in self.dest], self.exchange[:], [hand[:] for hand in self.hands],
                     [Cat(c.owner, c.colour, c.pos) for c in self.cats],
                     list(choosers) if choosers else self.choosers,
                     [c[:] for c in self.claims], [m[:] for m in self.mice], self.turns[:], self.current,
                     self.trigger, self.over, self.end_reason, [], MAX_CASCADE, False, self.played[:])

    def new_chain(self) -> None:
        """A swap, card or finish starts a chain of effects of its own."""
        self.budget = MAX_CASCADE
        self.landed = set()

    def note(self, *event) -> None:
        if self.record:
            self.events.append(event)

    # -- where things are
    def cat_at(self, cell: Cell) -> int | None:
        for k, cat in enumerate(self.cats):
            if cat.pos == cell:
                return k
        return None

    def cell_of(self, k: int) -> Cell:
        """Where cat k stands, for a step only a cat on the board takes (an arrow, an advance, a destination)."""
        pos = self.cats[k].pos
        assert pos is not None, f"the {self.cat_name(k)} is off the board"
        return pos

    def free(self, cell: Cell) -> bool:
        return cell not in [cat.pos for cat in self.cats]

    def enterable(self, cell: Cell) -> bool:
        """A road tile a cat may move onto: no wall, no cat."""
        return 0 <= cell[1] < COLS and self.road[cell[0]][cell[1]] != "wall" and self.free(cell)

    def open_starts(self) -> list[int]:
        taken = {c.pos[0] for c in self.cats if c.pos is not None and c.pos[1] == START}
        return [r for r in range(self.rows) if r not in taken]

    def cats_of(self, player: int) -> list[int]:
        return [k for k, cat in enumerate(self.cats) if cat.owner == player]

    def off_board(self, player: int) -> list[int]:
        return [k for k in self.cats_of(player) if self.cats[k].pos is None]

    def claimed(self) -> int:
        return sum(len(c) for c in self.claims)

    def score(self, player: int) -> int:
        return sum(dest_points(code, self.colours[player]) for code in self.claims[player]) + len(self.mice[player])

    def cat_name(self, k: int) -> str:
        return f"{self.cats[k].colour} cat {k % PAWNS_PER_PLAYER + 1}"


def new_state(setup: TrailRouteSetup, choosers: Sequence[Chooser]) -> State:
    """The table of a setup before the first cats are placed."""
    colours = [seat.colour for seat in setup.seats]
    cats = [Cat(p, colours[p]) for p in range(setup.players) for _ in range(PAWNS_PER_PLAYER)]
    return State(setup.players, setup.rows, colours, [list(row) for row in setup.road],
                 [list(row) for row in setup.destinations], list(setup.exchange),
                 [list(seat.hand) for seat in setup.seats], cats, list(choosers))


def ask(state: State, player: int, kind: str, options: list):
    """The player's chooser's answer to a choice a rule asks for, held to the options the rules give (an answer
    from outside them put two cats on one starting position, or advanced a cat onto a wall)."""
    return _chosen(state.choosers[player].choose(state, player, kind, options), options, kind)


def place_first_cats(state: State) -> None:
    """In reverse turn order each player puts one cat on a free starting position."""
    for player in reversed(range(state.players)):
        k = state.cats_of(player)[0]
        row = ask(state, player, "first-place", state.open_starts())
        state.cats[k].pos = (row, START)
        state.note("place", k, row, "setup")


# -- landing and tile effects --------------------------------------------------------------------------------------

def move(state: State, k: int, cell: Cell) -> None:
    """Puts cat k on `cell` and resolves what it lands on."""
    state.cats[k].pos = cell
    land(state, k)


def land(state: State, k: int) -> None:
    state.budget -= 1
    if state.budget < 0:
        state.note("cascade", k)
        return
    cat = state.cats[k]
    if cat.pos is None:
        return
    r, c = cat.pos
    state.landed.add((k, cat.pos))
    if c == DEST:
        reach_destination(state, k)
        return
    if c == START:
        return
    code = state.road[r][c]
    direction = arrow_moves(code, cat.colour)
    if direction is not None:
        follow_arrow(state, k, direction)
    elif code == "mouse-toy":
        claim_mouse(state, k, (r, c))
    elif code == "cat-forward":
        cat_forward(state, k)
    elif code == "place-a-cat":
        place_from_tile(state, k)
    elif code == "tunnel":
        state.note("tunnel", k, (r, c))
        send_to_start(state, k, "tunnel")


def arrow_target(state: State, cell: Cell, direction: str) -> Cell:
    dr, dc = STEP[direction]
    col = cell[1] + dc
    if col < 0:
        return cell[0], DEST
    if col >= COLS:
        return cell[0], START
    return (cell[0] + dr) % state.rows, col


def follow_arrow(state: State, k: int, direction: str) -> None:
    here = state.cell_of(k)
    target = arrow_target(state, here, direction)
    if target[1] == DEST:
        state.note("arrow", k, here, target)
        move(state, k, target)
        return
    if target[1] == START:
        if not state.free(target):
            state.note("arrow-stop", k, here, "occupied")
            return
        state.note("arrow", k, here, target)
        state.cats[k].pos = target
        return
    if state.road[target[0]][target[1]] == "wall":
        state.note("arrow-stop", k, here, "wall")
        return
    if not state.free(target):
        state.note("arrow-stop", k, here, "occupied")
        return
    if (k, target) in state.landed:
        state.note("arrow-stop", k, here, "loop")
        return
    state.note("arrow", k, here, target)
    state.cats[k].pos = target
    land(state, k)


def claim_mouse(state: State, k: int, cell: Cell) -> None:
    if not state.exchange:
        state.note("mouse-stays", k, cell)
        return
    owner = state.cats[k].owner
    state.mice[owner].append(state.road[cell[0]][cell[1]])
    state.road[cell[0]][cell[1]] = state.exchange.pop(0)
    state.note("mouse", k, cell, state.road[cell[0]][cell[1]])


def can_advance(state: State, k: int) -> bool:
    pos = state.cats[k].pos
    if pos is None:
        return False
    if pos[1] == 0:
        return True
    return state.enterable((pos[0], pos[1] - 1))


def advance(state: State, k: int) -> None:
    r, c = state.cell_of(k)
    target = (r, DEST if c == 0 else c - 1)
    state.note("advance", k, (r, c), target)
    move(state, k, target)


def cat_forward(state: State, k: int) -> None:
    options = [j for j in range(len(state.cats)) if can_advance(state, j)]
    owner = state.cats[k].owner
    if not options:
        state.note("forward-none", k)
        return
    chosen = ask(state, owner, "forward", options)
    state.note("forward", k, chosen)
    advance(state, chosen)


def place_from_tile(state: State, k: int) -> None:
    owner = state.cats[k].owner
    waiting, starts = state.off_board(owner), state.open_starts()
    if not waiting or not starts:
        state.note("place-none", k)
        return
    row = ask(state, owner, "place", starts)
    state.cats[waiting[0]].pos = (row, START)
    state.note("place", waiting[0], row, "tile")


def send_to_start(state: State, k: int, why: str) -> None:
    owner = state.cats[k].owner
    state.cats[k].pos = None
    starts = state.open_starts()
    if not starts:
        state.note("off-board", k, why)
        return
    row = ask(state, owner, why, starts)
    state.cats[k].pos = (row, START)
    state.note("place", k, row, why)


def reach_destination(state: State, k: int) -> None:
    cat = state.cats[k]
    r = state.cell_of(k)[0]
    far, near = state.dest[r]
    if near is None:
        state.note("no-destination", k, r)
        send_to_start(state, k, "return")
        return
    state.dest[r] = [None, far]
    state.claims[cat.owner].append(near)
    cat.pos = None
    state.note("claim", k, r, near, dest_points(near, cat.colour))
    if not state.trigger and state.claimed() >= END_CLAIMS[state.players]:
        state.trigger = True
        state.note("trigger", state.claimed())
    if near == "fixed-3":
        starts = state.open_starts()
        if starts:
            row = ask(state, cat.owner, "bonus-place", [None, *starts])
            if row is not None:
                state.cats[k].pos = (row, START)
                state.note("place", k, row, "bonus")


# -- step 1: swap --------------------------------------------------------------------------------------------------

def neighbours(state: State, cell: Cell) -> list[Cell]:
    r, c = cell
    found = [((r - 1) % state.rows, c), ((r + 1) % state.rows, c)]
    found += [(r, cc) for cc in (c - 1, c + 1) if 0 <= cc < COLS]
    return found


@cache                                              # the bots ask for every table they try
def _neighbour_pairs(rows: int) -> tuple[Swap, ...]:
    """Each road tile with the one right of it, then the one below it (the top row below the bottom one)."""
    return tuple(Swap((r, c), other) for r in range(rows) for c in range(COLS)
                 for other in [(r, c + 1)] * (c + 1 < COLS) + [((r + 1) % rows, c)] if other != (r, c))


def legal_swaps(state: State) -> list[Swap]:
    occupied = {cat.pos for cat in state.cats if cat.pos is not None}
    return [swap for swap in _neighbour_pairs(state.rows) if swap.a not in occupied and swap.b not in occupied]


def swap_problem(state: State, swap: Swap) -> str | None:
    """Why `swap` is not a legal step 1 now, or None: two road tiles that are neighbours (up, down, left, right;
    the top and bottom rows touch, the outer columns do not), neither carrying a cat."""
    a, b = getattr(swap, "a", None), getattr(swap, "b", None)
    if not (_road_cell(state, a) and _road_cell(state, b)):
        return "only two road tiles of the board can be swapped"
    assert a is not None and b is not None
    if b not in neighbours(state, a) or a == b:
        return "the two tiles are not neighbours"
    if not (state.free(a) and state.free(b)):
        return "a tile with a cat on it cannot be swapped"
    return None


def _road_cell(state: State, cell) -> bool:
    return (isinstance(cell, tuple) and len(cell) == 2 and all(type(n) is int for n in cell)
            and 0 <= cell[0] < state.rows and 0 <= cell[1] < COLS)


def apply_swap(state: State, swap: Swap) -> None:
    # The rules allow only these swaps: applied directly (not through play_turn), an illegal one was carried out.
    problem = swap_problem(state, swap)
    if problem:
        raise ValueError(f"illegal swap: {problem}")
    state.new_chain()
    (r1, c1), (r2, c2) = swap.a, swap.b
    road = state.road
    road[r1][c1], road[r2][c2] = road[r2][c2], road[r1][c1]
    state.note("swap", swap.a, swap.b)


# -- step 2: hand cards --------------------------------------------------------------------------------------------

def free_tiles(state: State) -> list[Cell]:
    occupied = {cat.pos for cat in state.cats if cat.pos is not None}
    return [(r, c) for r in range(state.rows) for c in range(COLS) if (r, c) not in occupied]


def connected(state: State, cells: tuple[Cell, ...]) -> bool:
    """The cells form one group through up/down/left/right neighbours (the top and bottom rows touch)."""
    chosen = set(cells)
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        for other in neighbours(state, stack.pop()):
            if other in chosen and other not in seen:
                seen.add(other)
                stack.append(other)
    return seen == chosen


# The card each kind of play is made with (a play names its card: Rearrange one of two).
PLAYED_WITH: dict[type, tuple[str, ...]] = {Rearrange: ("hidden-passage", "deep-fog"), Slide: ("living-path",),
                                            Nudge: ("curiosity",), Call: ("someone-calling",), Mirror: ("mirror",)}


def check_play(state: State, player: int, play: CardPlay) -> str | None:
    """Why `play` is not legal for `player` now, or None when it is."""
    if type(play) not in PLAYED_WITH:
        return f"{play!r} is no card play"
    if play.card not in PLAYED_WITH[type(play)]:
        return f"{play.card!r} is not played as a {type(play).__name__.lower()}"
    if not (type(player) is int and 0 <= player < state.players):
        return f"there is no player {player!r}"
    if play.card not in state.hands[player]:
        return f"player {player + 1} holds no {CARDS[play.card][0]}"
    if isinstance(play, Rearrange):
        # A Hidden Passage takes "up to 3" tiles, so a single one too (it changes nothing, as putting 2 or 3 back
        # in their own spots does); In the Deep Fog's tiles each touch another chosen one, so it needs 2.
        least, limit = (1, 3) if play.card == "hidden-passage" else (2, 4)
        if not (isinstance(play.cells, tuple) and all(_road_cell(state, cell) for cell in play.cells)):
            return "only road tiles of the board can be chosen"
        if not least <= len(play.cells) <= limit or len(set(play.cells)) != len(play.cells):
            return f"choose {least} to {limit} different road tiles"
        if any(not state.free(cell) for cell in play.cells):
            return "a chosen tile holds a cat"
        if not (isinstance(play.order, tuple) and all(type(i) is int for i in play.order)
                and sorted(play.order) == list(range(len(play.cells)))):
            return "the new order must use every chosen tile once"
        if play.card == "deep-fog" and not connected(state, play.cells):
            return "the tiles must form one connected group"
        return None
    if isinstance(play, Slide):
        # "Up or down by as many steps as you like": a negative slide goes up, and any number of steps counts
        # round the column; a slide that brings every tile back to its own spot moves nothing.
        if not (type(play.col) is int and 0 <= play.col < COLS and type(play.steps) is int
                and play.steps % state.rows):
            return "no such column or slide"
        return None
    if isinstance(play, Nudge):
        return None if nudge_target(state, play) is not None else "the cat cannot move there"
    if isinstance(play, Call):
        return None if call_target(state, play.cat) is not None else "the cat cannot be pulled back"
    if isinstance(play, Mirror):
        whole = _whole(play.mine) and _whole(play.other)
        return None if whole and play in mirror_plays(state, player) else "those two cats cannot swap"
    return "unknown card play"


def nudge_target(state: State, play: Nudge) -> Cell | None:
    if not (_whole(play.cat) and 0 <= play.cat < len(state.cats) and _whole(play.dr) and _whole(play.dc)
            and (play.dr, play.dc) in DIRECTIONS_8):
        return None
    pos = state.cats[play.cat].pos
    if pos is None:
        return None
    col = pos[1] + play.dc
    row = (pos[0] + play.dr) % state.rows
    if col < 0:
        return row, DEST
    if col >= COLS or not state.enterable((row, col)):
        return None
    return row, col


def _back_blocked(state: State, row: int, col: int) -> bool:
    if col > START:
        return True
    if col == START:
        return not state.free((row, col))
    return not state.enterable((row, col))


def _whole(n) -> bool:
    """A whole number as a move holds it: an int, not a bool, float or text (1.0 and True equal 1)."""
    return type(n) is int


def call_target(state: State, k: int) -> Cell | None:
    if not (_whole(k) and 0 <= k < len(state.cats)):
        return None
    pos = state.cats[k].pos
    if pos is None or pos[1] >= START:
        return None
    r, c = pos
    for col in (c + 2, c + 1):
        if not _back_blocked(state, r, col):
            return r, col
    return None


def mirror_plays(state: State, player: int) -> list[Mirror]:
    """A cat of the player's swaps places with a cat in the same column or further back; never onto a wall (a cat
    may stand on one that a Living Path slid under it, or that replaced a mouse toy it claimed)."""
    plays = []
    for mine in state.cats_of(player):
        here = state.cats[mine].pos
        if here is None or _wall(state, here):
            continue
        for other, cat in enumerate(state.cats):
            there = cat.pos
            if other != mine and there is not None and there[1] >= here[1] and not _wall(state, there):
                plays.append(Mirror(mine, other))
    return plays


def _wall(state: State, cell: Cell) -> bool:
    row, col = cell
    return 0 <= col < COLS and state.road[row][col] == "wall"


def play_card(state: State, player: int, play: CardPlay) -> None:
    problem = check_play(state, player, play)
    if problem:
        raise ValueError(f"illegal card play: {problem}")
    resolve_play(state, player, play)


def resolve_play(state: State, player: int, play: CardPlay) -> None:
    """Carries out a play check_play allows here (the bots try card_plays' plays without checking each again)."""
    state.new_chain()           # a card starts a chain of effects of its own, however play_card is called
    state.hands[player].remove(play.card)
    state.played.append(play.card)
    target = _card_target(state, play)
    state.note("card", player, play, target)
    if isinstance(play, Rearrange):
        tiles = [state.road[r][c] for r, c in play.cells]
        for (r, c), source in zip(play.cells, play.order):
            state.road[r][c] = tiles[source]
    elif isinstance(play, Slide):
        column = [state.road[r][play.col] for r in range(state.rows)]
        for r in range(state.rows):
            state.road[r][play.col] = column[(r - play.steps) % state.rows]
    elif isinstance(play, (Nudge, Call)):
        assert target is not None, "check_play has found the cat somewhere to go"
        move(state, play.cat, target)
    elif isinstance(play, Mirror):
        a, b = state.cats[play.mine], state.cats[play.other]
        a.pos, b.pos = b.pos, a.pos
        land(state, play.mine)
        # Every move of a cat lands it (state.landed): a cat that did not land in my cat's chain stands where the
        # swap put it.
        if all(j != play.other for j, _ in state.landed):
            state.new_chain()
            land(state, play.other)


def _card_target(state: State, play: CardPlay) -> Cell | None:
    if isinstance(play, Nudge):
        return nudge_target(state, play)
    if isinstance(play, Call):
        return call_target(state, play.cat)
    return None


def card_plays(state: State, player: int, card: str, rng: random.Random, samples: int = 24) -> list[CardPlay]:
    """Legal plays of `card`: all of them for the four cards with few, a random sample for the two rearranging
    cards (a Hidden Passage alone has tens of thousands)."""
    if card not in state.hands[player]:
        return []
    if card == "living-path":
        return [Slide(col, steps) for col in range(COLS) for steps in range(1, state.rows)]
    if card == "curiosity":
        nudges = [Nudge(k, dr, dc) for k in range(len(state.cats)) for dr, dc in DIRECTIONS_8]
        return [p for p in nudges if nudge_target(state, p) is not None]
    if card == "someone-calling":
        return [Call(k) for k in range(len(state.cats)) if call_target(state, k) is not None]
    if card == "mirror":
        return list(mirror_plays(state, player))
    free = free_tiles(state)
    plays: list[CardPlay] = []
    for _ in range(samples):
        cells = _random_group(state, free, card, rng)
        if cells is None:
            continue
        orders = [o for o in permutations(range(len(cells))) if o != tuple(range(len(cells)))]
        plays.append(Rearrange(card, cells, rng.choice(orders)))
    return plays


def _random_group(state: State, free: list[Cell], card: str, rng: random.Random) -> tuple[Cell, ...] | None:
    if len(free) < 2:
        return None
    if card == "hidden-passage":
        return tuple(rng.sample(free, rng.choice((2, 3)) if len(free) >= 3 else 2))
    free_set = set(free)
    group = [rng.choice(free)]
    size = rng.choice((2, 3, 4))
    while len(group) < size:
        edge = [n for cell in group for n in neighbours(state, cell) if n in free_set and n not in group]
        if not edge:
            break
        group.append(rng.choice(edge))
    return tuple(group) if len(group) >= 2 else None


# -- step 3: advance or place --------------------------------------------------------------------------------------

def legal_finishes(state: State, player: int) -> list[Finish]:
    finishes: list[Finish] = [Advance(k) for k in state.cats_of(player) if can_advance(state, k)]
    waiting = state.off_board(player)
    if waiting:
        finishes += [Place(waiting[0], row) for row in state.open_starts()]
    return finishes


def apply_finish(state: State, finish: Finish) -> None:
    cat = getattr(finish, "cat", None)
    if not (isinstance(finish, (Advance, Place)) and type(cat) is int and 0 <= cat < len(state.cats)):
        raise ValueError(f"illegal move: {finish!r} moves no cat of the game")
    # A finish starts a chain of effects of its own: called one after another (not through play_turn), an arrow
    # met in an earlier finish stopped as a loop, and after 64 landings no tile acted any more.
    state.new_chain()
    if isinstance(finish, Advance):
        if not can_advance(state, finish.cat):
            raise ValueError(f"{state.cat_name(finish.cat)} cannot advance")
        advance(state, finish.cat)
    else:
        if state.cats[finish.cat].pos is not None or not _whole(finish.row) \
                or finish.row not in state.open_starts():
            raise ValueError("that cat cannot be placed there")
        state.cats[finish.cat].pos = (finish.row, START)
        state.note("place", finish.cat, finish.row, "step")


# -- turns and the game --------------------------------------------------------------------------------------------

class Policy(Chooser, Protocol):
    def pick_swap(self, state: State, player: int, swaps: list[Swap]) -> Swap: ...
    def pick_card(self, state: State, player: int) -> CardPlay | None: ...
    def pick_finish(self, state: State, player: int, finishes: list[Finish]) -> Finish: ...


def play_turn(state: State, policy: Policy) -> None:
    player = state.current
    state.note("turn", player, state.turns[player] + 1)
    swaps = legal_swaps(state)
    if swaps:
        apply_swap(state, _chosen(policy.pick_swap(state, player, swaps), swaps, "swap"))
    play = policy.pick_card(state, player)
    if play is not None:
        play_card(state, player, play)
    finishes = legal_finishes(state, player)
    if finishes:
        apply_finish(state, _chosen(policy.pick_finish(state, player, finishes), finishes, "move"))
    else:
        state.note("stuck", player)
    state.turns[player] += 1
    end_of_turn(state)


def _chosen(choice, options: list, what: str):
    """A policy's choice, held to the options it was given (a swap of a tile with a cat, or a cat of another
    player moved, would break the rules)."""
    for option in options:
        # The option itself, never the choice: 1.0 or True equals the option 1 (and a move holding them, the move
        # holding 1), and a float row or cat carried on broke the next step.
        if type(option) is type(choice) and option == choice and _same_numbers(option, choice):
            return option
    raise ValueError(f"illegal {what}: {choice!r} is not one of the {len(options)} the rules allow")


def _same_numbers(a, b) -> bool:
    """Do `a` and `b` (equal) hold their numbers as the same types (1, not 1.0 or True), inside moves and cells?"""
    return all(type(x) is type(y) and (not isinstance(x, tuple) or _same_numbers(x, y))
               for x, y in zip(_parts(a), _parts(b)))


def _parts(value) -> tuple:
    if hasattr(value, "__dataclass_fields__"):
        return tuple(getattr(value, name) for name in value.__dataclass_fields__)
    return value if isinstance(value, tuple) else (value,)


def end_of_turn(state: State) -> None:
    last_seat = state.current == state.players - 1
    if last_seat and state.trigger:
        state.over, state.end_reason = True, "destinations"
    elif last_seat and state.turns[-1] >= MAX_ROUNDS:
        state.over, state.end_reason = True, "turn-limit"
    state.current = (state.current + 1) % state.players
    if state.over:
        state.note("end", state.end_reason)


def forward_rank(state: State, player: int) -> int:
    """How far forward the player's most advanced cat stands (higher is further; no cat on the board: -1)."""
    cols = [pos[1] for k in state.cats_of(player) if (pos := state.cats[k].pos) is not None]
    return START - min(cols) if cols else -1


def winners(state: State) -> list[int]:
    """Highest score; among tied players, the one with a cat furthest forward; still tied, all of them."""
    best = max(state.score(p) for p in range(state.players))
    tied = [p for p in range(state.players) if state.score(p) == best]
    front = max(forward_rank(state, p) for p in tied)
    return [p for p in tied if forward_rank(state, p) == front]


def progress(state: State) -> tuple[float, ...]:
    """How far ahead each player is (in the order of play), as `winners` would judge the game now: its score and,
    below a point, how far forward its most advanced cat stands. What balance counts the lead changes by."""
    room = START + 2                            # forward_rank + 1 runs 0..START + 1: a fraction of a point
    return tuple(state.score(p) + (forward_rank(state, p) + 1) / room for p in range(state.players))


@dataclass
class GameResult:
    state: State
    scores: list[int]
    winners: list[int]
    end_reason: str
    rounds: int


def play_game(setup: TrailRouteSetup, policies: list[Policy],
              on_turn: Callable[[State], None] | None = None) -> GameResult:
    state = new_state(setup, policies)
    place_first_cats(state)
    while not state.over:
        play_turn(state, policies[state.current])
        if on_turn is not None:
            on_turn(state)
    won = winners(state) if state.end_reason == "destinations" else []      # the rules ended it, or the limit
    return GameResult(state, [state.score(p) for p in range(state.players)], won, state.end_reason, state.turns[-1])
