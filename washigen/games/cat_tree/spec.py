"""Cat Tree declared as data: its components and the parameters of each, as frozen dataclasses whose fields say
what they are (games/params.py). The bots and the seed that `play` and `balance` share are declared once; the
command line (cli/cat_tree/), `washigen games`, washigen.generate's checks and the studio's form are built from
these declarations. Plain values only: registering the game imports nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...words import N_
from ..params import Options, param, seed_param
from ..registry import Component, DESIGN, PRINTED
from .constants import CARD_SIZE_NAMES, REFERENCE_CARDS

if TYPE_CHECKING:
    from .model import CardSize, CatTreeDeck, CatTreeLayout

BALANCE_GAMES = 200



def bots() -> str:
    """Who plays: the same declaration for the game shown and the games counted (a design is always the greedy
    bots' tree, so it is no part of one)."""
    return param("greedy", N_("Who plays. A bot for both players or one each, comma-separated: greedy, random, "
                              "strong (strong:N: N playouts a move)."), kind="LIST", design=False)


def grid_file() -> str | None:
    """The grid `play` and `balance` play on, named by a layout file as the other games' --map names their map."""
    return param(None, N_("Play on the grid of this layout (layout text or .json, as score reads it; an empty "
                          "grid, no cards) instead of the 8 x 8 one."), kind="file", flag="--map", design=False)


class DeckParams(Options):
    """`cat-tree deck`."""
    card: str = param("poker", N_("Card size (poker 63.5 x 88.9 mm, bridge 57.15 x 88.9, mini-euro 44 x 68, tarot "
                                  "70 x 120)."), kind="choice", choices=CARD_SIZE_NAMES)
    reference: bool = param(True, N_("Add {count} reference cards (structures on the front, scoring on the back)."),
                            flag="--reference/--no-reference", help_fields={"count": REFERENCE_CARDS})


class SheetParams(Options):
    """`cat-tree sheet`: the score sheet takes nothing but the print options."""


class ScoreParams(Options):
    """`cat-tree score`: a finished tree to read (the command's argument) and how to report it."""
    layout: str | None = param(None, kind="file", flag="LAYOUT", required=True, design=False)
    as_json: bool = param(False, N_("Print the score and the violations as JSON."), flag="--json", design=False)


class PlayParams(Options):
    """`cat-tree play`: a design is the tree of the seed's game."""
    seed: int | None = seed_param()
    games: int = param(1, N_("Games to play one after another (seeds S, S+1, ...), to compare their trees."), min=1,
                       max=100, design=False)
    bots: str = bots()
    map_file: str | None = grid_file()


class BalanceParams(Options):
    """`cat-tree balance`."""
    bots: str = bots()
    map_file: str | None = grid_file()
    against: str | None = param(None, N_("Play the same deals with these bots too and count whose tree scores "
                                         "more."), kind="LIST")
    games: int = param(BALANCE_GAMES, N_("How many games (deals)."), min=1, max=100_000)
    jobs: int | None = param(None, N_("Processes playing at once [default: every core]; the numbers are the same "
                                      "for every JOBS."), kind="int", min=1, max=64, design=False)
    as_json: bool = param(False, N_("Print the numbers as JSON."), flag="--json", design=False)
    seed: int | None = seed_param()


def make_deck(options: DeckParams) -> CatTreeDeck:
    """The deck `cat-tree deck` prints."""
    from .model import CatTreeDeck

    # One of CARD_SIZE_NAMES, the parameter's choices (checked by washigen.generate and the command line).
    return CatTreeDeck(card=cast("CardSize", options.card), reference_cards=REFERENCE_CARDS if options.reference else 0)


def make_layout(options: PlayParams) -> CatTreeLayout:
    """The tree the greedy bots build in the seed's game (washigen.generate("cat-tree", "play", seed=...))."""
    from .generate import generate_layout

    return generate_layout(options.seed or 0)


def draw_sheet(options: SheetParams, print_options):
    """What `cat-tree sheet` prints: A4 unless the paper says otherwise."""
    from .draw import sheet_document

    return sheet_document(print_options.paper or "a4", print_options.lang)


def card_palette() -> tuple[tuple[str, str], ...]:
    """What a tree editor places in a cell: (name, title) of each structure."""
    from .model import STRUCTURES

    return tuple((s.name, s.title) for s in STRUCTURES)


def score_of(design) -> int:
    """The points of a finished tree."""
    from .replay import score_of as points

    return points(design)


def bot_game(design, seed: int):
    """washigen.bot_game's game on a design of this game (replay.py)."""
    from .replay import played_game

    return played_game(design, seed)


COMPONENTS: tuple[Component, ...] = (
    Component("deck", N_("The 32 structure cards (four of each), 9-up with bleed and crop marks, on A4 unless "
                         "--paper says otherwise"), options=DeckParams, make=make_deck,
              writes=DESIGN, prints="sheets+backs"),
    Component("sheet", N_("A score sheet for two trees: a 10 x 10 grid each, the floor marked, the altitude line at "
                          "height 5, a points column"), options=SheetParams, draw=draw_sheet,
              writes=PRINTED, prints="paper"),
    Component("score", N_("Check and score a finished tree"), options=ScoreParams, writes=DESIGN,
              output_required=False, prints="paper"),
    Component("play", N_("Simulate a game: two players, eight rounds; each round both draw two cards and keep one "
                         "in secret, then place their cards together on one shared tree (a card with no legal cell "
                         "is dismissed)"), options=PlayParams, make=make_layout,
              palette=card_palette, score=score_of, replay=bot_game,
              writes=DESIGN, output_required=False, prints="paper"),
    Component("balance", N_("How good the trees are that bots build: over GAMES seeded deals (the leading player "
                            "alternating), the trees' points (mean, spread, min, quartiles, max), cards placed and "
                            "dismissed a game, and how many trees reach height 5"), options=BalanceParams,
              writes=()),
)
