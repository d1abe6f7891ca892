"""Cat Tree? We can handle this!: the eight structures, their placement and scoring constants, and the designs
(a layout of cards on the grid, a printable deck).

The grid: row 1 is the floor and a card's height is its row number; column 1 is the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, cast

from pydantic import Field

from ...design import Design, record
from ...i18n import N_

# The name, title, card sizes and reference cards live in constants.py, which the commands read at start-up.
from .constants import CARD_SIZE_NAMES, GAME, REFERENCE_CARDS, TITLE  # noqa: F401

CardName = Literal["pipe", "scratcher", "hammock", "catwalk", "box", "toy", "shelf", "nest"]
CardSize = Literal["poker", "bridge", "mini-euro", "tarot"]          # the sizes of units.CARD_SIZES
Placement = Literal["flat", "sides", "flat-or-sides", "not-floor"]


@dataclass(frozen=True)
class Structure:
    name: str               # "box"
    title: str              # "Box"
    rank: str               # index of the matching standard card: "8"
    rank_name: str          # "Eight"
    placement: Placement
    build_on: bool          # may hold a card directly on top
    hang_on: bool           # may hold a card hung from its left or right side
    points: int             # base points (per group for scratchers and toys)
    grouped: bool = False   # scores once per group
    per_side: int = 0       # extra points for each side neighbour (the pipe)
    depicts: str = ""       # what the picture shows, for the reference card and rule sheet


STRUCTURES: tuple[Structure, ...] = (
    Structure("pipe", N_("Pipe"), "A", "Ace", "flat", False, False, 5, per_side=3,
              depicts="a tube cats enter from both ends"),
    Structure("scratcher", N_("Scratcher"), "3", "Three", "flat", True, False, 5, grouped=True,
              depicts="an upright trunk wrapped in rope"),
    Structure("hammock", N_("Hammock"), "6", "Six", "sides", False, False, 8,
              depicts="a cloth hung between two supports"),
    Structure("catwalk", N_("Catwalk"), "7", "Seven", "sides", False, False, 8,
              depicts="a walkway hung across a gap"),
    Structure("box", N_("Box"), "8", "Eight", "flat-or-sides", True, True, 5,
              depicts="a box with many openings"),
    Structure("toy", N_("Toy"), "10", "Ten", "flat", False, False, 5, grouped=True,
              depicts="a plaything fixed to the ground"),
    Structure("shelf", N_("Shelf"), "J", "Jack", "not-floor", True, True, 5,
              depicts="a shelf mounted on the wall"),
    Structure("nest", N_("Nest"), "K", "King", "flat-or-sides", True, True, 5,
              depicts="a sleeping box with one way in"),
)

BY_NAME: dict[str, Structure] = {s.name: s for s in STRUCTURES}
BY_RANK: dict[str, Structure] = {s.rank: s for s in STRUCTURES}
NAMES: tuple[str, ...] = tuple(s.name for s in STRUCTURES)
RANKS: tuple[str, ...] = tuple(s.rank for s in STRUCTURES)

COPIES = 4                      # four cards of each structure: a 32-card deck
ROUNDS = 8                      # eight rounds of two cards kept, one per player
PLAYERS = 2
HAND = 2                        # cards drawn by each player per round
ALTITUDE = 5                    # from this height on, points are doubled
ALTITUDE_FACTOR = 2
DETACHED_DISTANCE = 3           # a floating part this far from every grounded part is not part of the tree
TOY_GROUP_DISTANCE = 2          # toys this close (Manhattan) share a group

# The grid the simulated games and the score sheet use: wide and tall enough for 16 cards.
GRID_COLS = 8
GRID_ROWS = 8
MAX_GRID = 64                   # the largest layout a file may hold, either way
MAX_REFERENCE_CARDS = 4         # a deck prints at most this many reference cards


RULE_IDS: dict[str, str] = {
    "flat": "cat-tree.place.flat-surface",
    "sides": "cat-tree.place.both-sides",
    "flat-or-sides": "cat-tree.place.flat-or-sides",
    "not-floor": "cat-tree.place.not-floor",
}
RULE_DECK_COUNT = "cat-tree.deck.count"
RULE_DECK_CARDS = "cat-tree.deck.cards"

PLACEMENT_TEXT: dict[str, str] = {          # translated where printed
    "flat": N_("on a flat surface"),
    "sides": N_("attached by both sides"),
    "flat-or-sides": N_("flat surface or both sides"),
    "not-floor": N_("anywhere but the floor"),
}


def holds_text(structure: Structure) -> str:
    if structure.build_on and structure.hang_on:
        return N_("on top and sides")
    if structure.build_on:
        return N_("on top only")
    return N_("nothing")


def points_text(structure: Structure) -> str:
    if structure.per_side:
        return f"{structure.points} + {structure.per_side} per side neighbour"
    if structure.grouped:
        return f"{structure.points} per group"
    return str(structure.points)


@record
class PlacedCard:
    row: Annotated[int, Field(ge=1, le=MAX_GRID)]
    col: Annotated[int, Field(ge=1, le=MAX_GRID)]
    card: CardName


@record
class CatTreeLayout(Design):
    """A tree on the grid: `width` columns, `height` rows, the cards placed in it (row 1 = floor)."""
    GAME = GAME
    KIND = "layout"
    width: Annotated[int, Field(ge=1, le=MAX_GRID)] = GRID_COLS
    height: Annotated[int, Field(ge=1, le=MAX_GRID)] = GRID_ROWS
    cards: tuple[PlacedCard, ...] = ()

    def grid(self) -> dict[tuple[int, int], str]:
        """(row, col) -> card name."""
        return {(c.row, c.col): c.card for c in self.cards}


@record
class CatTreeDeck(Design):
    """The printable deck: four cards of each structure, a back, and the reference cards."""
    GAME = GAME
    KIND = "deck"
    card: CardSize = "poker"
    copies: Annotated[int, Field(ge=1, le=COPIES)] = COPIES
    reference_cards: Annotated[int, Field(ge=0, le=MAX_REFERENCE_CARDS)] = REFERENCE_CARDS

    @property
    def reference(self) -> bool:
        """Whether it has its reference cards, as `cat-tree deck --reference/--no-reference` says."""
        return self.reference_cards > 0


def layout_from_grid(grid: dict[tuple[int, int], str], width: int, height: int,
                     seed: int | None = None) -> CatTreeLayout:
    # A grid holds structure names only: the engine deals NAMES, the text form reads cards with token_card.
    cards = tuple(PlacedCard(row=r, col=c, card=cast(CardName, name)) for (r, c), name in sorted(grid.items()))
    return CatTreeLayout(width=width, height=height, cards=cards, seed=seed)
