"""The rules engine: plays Cat Tree? We can handle this! from the deal to the finished tree (DESIGN 9), on the
protocol of washigen.arena: initial_state, legal_moves, apply (pure: states are immutable), result, to_move,
parse_move.

A game is eight rounds. Each round both players are dealt two cards from the draw pile; each keeps one in secret
and discards the other face down; the kept cards are revealed; then both are placed on the one shared tree, each
player placing their own, or dismissed when no cell of the grid takes it. When the eighth round's cards are down,
the tree is scored with the scorer of rules.py and the game is over.

The two players play together, so there is no winner between them: the result is the tree's score, shared by
both seats (`winners` holds both). Where the rules leave a choice open, the engine makes it:
- the simultaneous secret choice is two moves in a row, the round's leader first; the second player does not see
  the first player's choice (the kept card stays hidden until both have kept: see `determinize`);
- "decide who plays first" is the leader's: they place their card, or `wait` and let the partner place first;
  the leader is seat `first` in round 1 and the seats take turns at leading;
- a card with a legal cell must be placed (dismissing is for a card no cell takes), and it is placed on the
  grid of the game (the simulations' 8 x 8 unless a layout design gives another size);
- the deal gives seat 1 the top two cards, then seat 2 the next two; discards stay face down, dismissed cards
  (and every placed one) are seen by both.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, fields

from ...errors import InputError
from ...words import N_, Says
from .model import COPIES, GRID_COLS, GRID_ROWS, HAND, NAMES, PLAYERS, ROUNDS, CatTreeLayout, layout_from_grid
from .rules import Cell, Grid, Score, legal_cells, placement_ok, score_grid

KEEP, PLACE, OVER = "keep", "place", "over"


# -- moves ---------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Keep:
    """Keep `card` of the two dealt; the other is discarded face down."""
    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the kept `card` at `cell` (row, column; row 1 is the floor)."""
    card: str
    cell: Cell

    def __str__(self) -> str:
        if not (isinstance(self.cell, tuple) and len(self.cell) == 2):
            return f"{self.card} {self.cell!r}"             # not a cell: said as it is, when it is refused
        return f"{self.card} r{self.cell[0]}c{self.cell[1]}"


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Put the kept `card` aside: no cell of the grid takes it."""
    card: str

    def __str__(self) -> str:
        return f"dismiss {self.card}"


@dataclass(frozen=True, slots=True)
class Wait:
    """The round's leader lets the partner place first."""

    def __str__(self) -> str:
        return "wait"


Move = Keep | Place | Dismiss | Wait


@dataclass(frozen=True, slots=True)
class Result:
    """A finished tree: its `score` (rules.score_grid), shared by both players, so `winners` holds both seats."""
    score: int
    winners: tuple[int, ...]
    end: str = "win"


# -- the state -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class State:
    width: int
    height: int
    first: int                                  # the seat that leads round 1
    round: int                                  # 1..ROUNDS; ROUNDS + 1 once the game is over
    phase: str                                  # KEEP, PLACE or OVER
    to_move: int
    cards: tuple[tuple[Cell, str], ...]         # the tree, in the order the cards were placed
    deck: tuple[str, ...]                       # the draw pile; the top card is the last
    hands: tuple[tuple[str, ...], ...]          # per seat: the cards dealt this round, until one is kept
    kept: tuple[str | None, ...]                # per seat: the card kept this round, until placed or dismissed
    done: tuple[bool, ...]                      # per seat: placed or dismissed this round
    discards: tuple[tuple[str, ...], ...]       # per seat, face down
    dismissed: tuple[str, ...] = ()             # cards no cell took, face up
    waited: bool = False                        # the leader let the partner place first this round
    placed_by: tuple[int, ...] = ()             # the seat that placed each card of `cards`, in the same order

    @property
    def grid(self) -> Grid:
        return dict(self.cards)

    @property
    def leader(self) -> int:
        return leader_of(self.first, self.round)

    def layout(self, seed: int | None = None) -> CatTreeLayout:
        return layout_from_grid(self.grid, self.width, self.height, seed=seed)


_FIELDS = tuple(f.name for f in fields(State))


def _with(state: State, **changes) -> State:
    """dataclasses.replace, without its cost (the strong bot's playouts make states by the hundred thousand)."""
    return State(*[changes.get(name, getattr(state, name)) for name in _FIELDS])


def leader_of(first: int, round_number: int) -> int:
    return (first + round_number - 1) % PLAYERS


def full_deck() -> list[str]:
    return [name for name in NAMES for _ in range(COPIES)]


def shuffled_deck(rng: random.Random) -> list[str]:
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def initial_state(design: CatTreeLayout | None = None, setup=None, rules=None, seed: int = 0, first: int = 0,
                  deck: list[str] | tuple[str, ...] | None = None) -> State:
    """Round 1 dealt from a deck shuffled by `seed` (or the given `deck`, top card last), seat `first` leading.
    A layout `design` gives the grid's size; the tree starts empty. `setup` and `rules` are not used: the game
    has no set-up and no variants."""
    width, height = GRID_COLS, GRID_ROWS
    if design is not None:
        if not isinstance(design, CatTreeLayout):
            raise InputError(Says(N_("a {game} game is played on a layout's grid, not a {kind}"), game="cat-tree",
                                  kind=design.KIND))
        if design.cards:
            raise InputError(Says(N_("the tree starts empty: a layout to play on must hold no cards")))
        width, height = design.width, design.height
    if not (type(first) is int and 0 <= first < PLAYERS):
        raise InputError(Says(N_("first seat: must be 1..{players}, got {seat}"), players=PLAYERS,
                              seat=first + 1 if type(first) is int else repr(first)))
    if type(seed) is not int:          # None would deal a different game every time, a text a game of its own
        raise InputError(Says(N_("{field}: must be a whole number, got {value!r}"), field="seed", value=seed))
    if deck is None:
        deck = shuffled_deck(random.Random(seed))
    elif not _is_full_deck(deck):
        raise InputError(Says(N_("{field}: must be the {cards} cards, {copies} of each structure"), field="deck",
                              cards=len(full_deck()), copies=COPIES))
    state = State(width=width, height=height, first=first, round=1, phase=KEEP, to_move=0, cards=(),
                  deck=tuple(deck), hands=((),) * PLAYERS, kept=(None,) * PLAYERS, done=(False,) * PLAYERS,
                  discards=((),) * PLAYERS)
    return _deal(state)


def _is_full_deck(deck) -> bool:
    """Whether `deck` holds the game's 32 cards, four of each structure. Anything else is bad input, refused with an
    InputError like a card too many (a None or a number among the names made sorted() raise a TypeError)."""
    if not isinstance(deck, (list, tuple)):     # a mapping of counts or a string is not a pile of cards
        return False
    try:
        return Counter(deck) == Counter(full_deck())
    except TypeError:                           # not a collection of names at all
        return False


def _deal(state: State) -> State:
    """The round's hands from the top of the pile (seat 1 first), the leader to keep first."""
    deck = list(state.deck)
    hands = tuple(tuple(deck.pop() for _ in range(HAND)) for _ in range(PLAYERS))
    return _with(state, deck=tuple(deck), hands=hands, kept=(None,) * PLAYERS, done=(False,) * PLAYERS,
                   phase=KEEP, to_move=state.leader, waited=False)


def to_move(state: State) -> int:
    return state.to_move


def result(state: State) -> Result | None:
    if state.phase != OVER:
        return None
    return Result(score_grid(state.grid).total, tuple(range(PLAYERS)))


def progress(state: State) -> tuple[float, ...]:
    """Per seat, the points the cards it placed score in the tree as it stands: the share by which balance names
    the winner (playtest.game_record), and what it counts the lead changes by."""
    return shares_of(state, score_grid(state.grid))


def shares_of(state: State, score: Score) -> tuple[float, ...]:
    """progress, from the tree's score (score_grid of the state's grid) where it is known already."""
    points = [0.0] * PLAYERS
    placed_by = dict(zip((cell for cell, _ in state.cards), state.placed_by))
    for card in score.cards:
        points[placed_by[(card.row, card.col)]] += card.points
    return tuple(points)


def legal_moves(state: State) -> list[Move]:
    seat = state.to_move
    if state.phase == KEEP:
        return [Keep(card) for card in dict.fromkeys(state.hands[seat])]
    if state.phase == PLACE:
        card = state.kept[seat]
        assert card is not None                   # the player to place holds the card it kept
        cells = open_cells(state, card)
        moves: list[Move] = [Place(card, cell) for cell in cells] if cells else [Dismiss(card)]
        if seat == state.leader and not state.waited and not any(state.done):
            moves.append(Wait())
        return moves
    return []


def apply(state: State, move: Move) -> State:
    """The state after `move` by the player to move; a move that is not legal here raises ValueError."""
    if not is_legal(state, move):
        raise ValueError(f"{move} is not a legal move for seat {state.to_move + 1} now")
    seat, other = state.to_move, 1 - state.to_move
    if isinstance(move, Keep):
        hand = list(state.hands[seat])
        hand.remove(move.card)
        state = _with(state, hands=_set(state.hands, seat, ()), kept=_set(state.kept, seat, move.card),
                        discards=_set(state.discards, seat, state.discards[seat] + tuple(hand)))
        if state.kept[other] is None:
            return _with(state, to_move=other)
        return _with(state, phase=PLACE, to_move=state.leader)        # both kept: revealed
    if isinstance(move, Wait):
        return _with(state, waited=True, to_move=other)
    if isinstance(move, Place):
        state = _with(state, cards=state.cards + ((move.cell, move.card),), placed_by=state.placed_by + (seat,))
    else:
        state = _with(state, dismissed=state.dismissed + (move.card,))
    state = _with(state, kept=_set(state.kept, seat, None), done=_set(state.done, seat, True))
    if not state.done[other]:
        return _with(state, to_move=other)
    if state.round >= ROUNDS:
        return _with(state, round=state.round + 1, phase=OVER, done=(False,) * PLAYERS)
    return _deal(_with(state, round=state.round + 1))


def open_cells(state: State, card: str) -> list[Cell]:
    """The empty cells of the grid where `card` may be placed (rules.legal_cells, row by row), looking only where a
    card other than a Shelf can stand at all: the floor, and next to a card."""
    if card == "shelf" or not state.cards:
        return legal_cells(state.grid, card, state.width, state.height)
    grid = state.grid
    near = {(1, col) for col in range(1, state.width + 1)}
    for (row, col) in grid:
        near.update(((row + 1, col), (row, col - 1), (row, col + 1)))
    return sorted(cell for cell in near if cell not in grid and 1 <= cell[0] <= state.height
                  and 1 <= cell[1] <= state.width and placement_ok(grid, cell, card))


def is_legal(state: State, move: Move) -> bool:
    """Whether `move` is among legal_moves(state), without listing them all."""
    seat = state.to_move
    if isinstance(move, Keep):
        return state.phase == KEEP and move.card in state.hands[seat]
    if state.phase != PLACE:
        return False
    if isinstance(move, Wait):
        return seat == state.leader and not state.waited and not any(state.done)
    if not isinstance(move, (Place, Dismiss)) or move.card != state.kept[seat]:     # a text, None: no move
        return False
    if isinstance(move, Place):
        cell = move.cell
        # A cell is two whole numbers: (1.0, 2) equals (1, 2) but printed as r1.0c2, which no log reads back.
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(n) is int for n in cell)):
            return False
        row, col = cell
        grid = state.grid
        return (1 <= row <= state.height and 1 <= col <= state.width and move.cell not in grid
                and placement_ok(grid, move.cell, move.card))
    return isinstance(move, Dismiss) and not open_cells(state, move.card)


def _set(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


# -- hidden information -------------------------------------------------------------------------------------------

def hidden_from(state: State, seat: int) -> list[str]:
    """The cards `seat` cannot see: the draw pile, the other player's discards, their hand while they choose and
    their kept card until it is revealed."""
    other = 1 - seat
    unseen = list(state.deck) + list(state.discards[other]) + list(state.hands[other])
    kept = state.kept[other]
    if state.phase == KEEP and kept is not None:
        unseen.append(kept)
    return unseen


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A state `seat` cannot tell from `state`: everything it sees kept, the cards it cannot see dealt anew at
    random from `rng` into the same places (the pile, the other player's discards, hand and unrevealed card)."""
    if state.phase == OVER:
        return state
    other = 1 - seat
    unseen = sorted(hidden_from(state, seat))         # sorted: how they lie now must not show through
    rng.shuffle(unseen)
    discards = tuple(unseen.pop() for _ in state.discards[other])
    hand = tuple(unseen.pop() for _ in state.hands[other])
    kept = state.kept
    if state.phase == KEEP and state.kept[other] is not None:
        kept = _set(kept, other, unseen.pop())
    return _with(state, deck=tuple(unseen), discards=_set(state.discards, other, discards),
                   hands=_set(state.hands, other, hand), kept=kept)


# -- notation ------------------------------------------------------------------------------------------------------

_NOTATION = re.compile(r"(keep|dismiss) (\S+)|(\S+) r(\d{1,3})c(\d{1,3})|wait")


def parse_move(text: str, state: State) -> Move:
    """A move from its notation (`keep box`, `box r2c3`, `dismiss hammock`, `wait`); a card may be named or given
    by its rank (`keep 8`, `J r4c2`). An InputError says what is wrong when it is not a legal move here."""
    from .text import token_card

    canonical = " ".join(str(text).split()).lower()
    found = _NOTATION.fullmatch(canonical)
    if found is None:
        raise InputError(Says(N_("move {move!r}: not a {game} move ({notation})"), move=text, game="Cat Tree",
                              notation="keep CARD, CARD rRcC, dismiss CARD, wait"))
    word, named, placed, row, col = found.groups()
    card = named if named is not None else placed
    if card is not None:
        try:
            card = token_card(card)
        except KeyError:
            card = None
        if card is None:
            raise InputError(Says(N_("move {move!r}: no structure {name!r}; use one of {known}"), move=text,
                                  name=named or placed, known=", ".join(NAMES)))
    if card is None:                              # only `wait` names no card
        move: Move = Wait()
    elif word == "keep":
        move = Keep(card)
    elif word == "dismiss":
        move = Dismiss(card)
    else:
        move = Place(card, (int(row), int(col)))
    legal = legal_moves(state)
    if move not in legal:
        sample = ", ".join(str(m) for m in legal[:6]) + (" ..." if len(legal) > 6 else "")
        raise InputError(Says(N_("move {move!r} is not legal for player {player} now (legal: {legal})"), move=text,
                              player=state.to_move + 1, legal=sample))
    return move
