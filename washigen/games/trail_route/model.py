"""The Cats' Trail Route as data: tile and card codes, the component mix, and the setup design.

Coordinates: the road grid has `rows` rows (6 with 4 players, 5 with 3) and 7 columns. In reports and text a road
tile is (row, col), 1-based, row 1 at the top and column 1 the road column next to the destinations; forward is to
the left. Destination tiles sit in two columns left of the road: destination column 1 is the far left one, column 2
touches the road. Each row's starting position lies right of road column 7.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from ...design import Design, record
from ...errors import InputError
from ...i18n import N_
from ...inputs import parse_toml, read_text
from ...paths import ASSETS
from ...words import Says

# The name, title and player counts live in constants.py, which the commands read at start-up.
from .constants import GAME, PLAYERS, TITLE  # noqa: F401

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
INITIAL = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
DIRECTIONS: tuple[str, ...] = ("left", "up", "down", "right")
ARROW_GLYPH = {"left": "<", "right": ">", "up": "^", "down": "v"}
STEP = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}

COLS = 7
DEST_COLS = 2
ROWS = {3: 5, 4: 6}
HAND_SIZE = 4
EXCHANGE_SIZE = 10
PAWNS_PER_PLAYER = 2
# The end is triggered by the claim of this many destination tiles (DESIGN 5; rule sheet "End of the game").
END_CLAIMS = {3: 5, 4: 7}

PAIRS: tuple[tuple[str, str], ...] = tuple(combinations(COLOURS, 2))

SIMPLE_TILES = {
    "road": "Plain road",
    "mouse-toy": "Mouse toy",
    "cat-forward": "Cat forward",
    "place-a-cat": "Place a cat",
    "wall": "Wall",
    "tunnel": "Tunnel",
}
SIMPLE_TOKEN = {"road": ".", "mouse-toy": "M", "cat-forward": "F", "place-a-cat": "P", "wall": "#",
                "tunnel": "T"}


def colour_arrow(a: str, b: str, direction: str) -> str:
    return f"arrow-{a}-{b}-{direction}"


def black_arrow(direction: str) -> str:
    return f"black-arrow-{direction}"


ROAD_CODES: tuple[str, ...] = (
    *SIMPLE_TILES,
    *(black_arrow(d) for d in DIRECTIONS),
    *(colour_arrow(a, b, d) for a, b in PAIRS for d in DIRECTIONS),
)
DEST_CODES: tuple[str, ...] = (*(f"pair-{a}-{b}" for a, b in PAIRS), "fixed-4", "fixed-3")

CARDS: dict[str, tuple[str, int]] = {            # code -> (name, copies)
    "hidden-passage": (N_("A Hidden Passage"), 4),
    "deep-fog": (N_("In the Deep Fog"), 4),
    "living-path": (N_("The Living Path"), 2),
    "curiosity": (N_("Wherever Curiosity Leads"), 2),
    "someone-calling": (N_("Someone Calling"), 2),
    "mirror": (N_("The Cat in the Mirror"), 2),
}
CARD_CODES: tuple[str, ...] = tuple(CARDS)
DECK: tuple[str, ...] = tuple(code for code, (_, copies) in CARDS.items() for _ in range(copies))

# Literals of the tuples' values: pydantic reads them at run time, mypy takes only a Literal written out (the
# valid-type ignores), so to a type checker these codes are plain values.
RoadCode = Literal[ROAD_CODES]            # type: ignore[valid-type]
DestCode = Literal[DEST_CODES]            # type: ignore[valid-type]
CardCode = Literal[CARD_CODES]            # type: ignore[valid-type]
Colour = Literal[COLOURS]                 # type: ignore[valid-type]
MAX_MIX_COUNT = 200          # tiles of one type in a box; a real box holds a few dozen
Count = Annotated[int, Field(ge=0, le=MAX_MIX_COUNT)]


# -- what a tile code means ---------------------------------------------------------------------------------------

def arrow_of(code: str) -> tuple[str, tuple[str, ...]] | None:
    """(direction, colours it moves) for an arrow tile, colours () meaning every cat; None for other tiles."""
    if code.startswith("black-arrow-"):
        return code.rsplit("-", 1)[1], ()
    if code.startswith("arrow-"):
        _, a, b, direction = code.split("-")
        return direction, (a, b)
    return None


def _arrow(code: str) -> tuple[str, tuple[str, ...]]:
    """What arrow_of says of a road tile that is not a simple one: every other road tile is an arrow."""
    arrow = arrow_of(code)
    if arrow is None:
        raise ValueError(f"{code!r} is not a road tile")
    return arrow


@cache                   # read for every landing in every move the bots try, as dest_points
def arrow_moves(code: str, colour: str) -> str | None:
    """The direction an arrow tile moves a cat of `colour`, or None when it does not move it."""
    arrow = arrow_of(code)
    if arrow is None:
        return None
    direction, colours = arrow
    return direction if not colours or colour in colours else None


def tile_name(code: str) -> str:
    if code in SIMPLE_TILES:
        return SIMPLE_TILES[code]
    direction, colours = _arrow(code)
    if not colours:
        return f"Black arrow {direction}"
    return f"{colours[0].capitalize()}/{colours[1]} arrow {direction}"


def tile_token(code: str) -> str:
    """The short form used in text boards: `.`, `M`, `#`, `<`, `rb<` ..."""
    if code in SIMPLE_TOKEN:
        return SIMPLE_TOKEN[code]
    direction, colours = _arrow(code)
    return "".join(INITIAL[c] for c in colours) + ARROW_GLYPH[direction]


def dest_pair(code: str) -> tuple[str, str] | None:
    if code.startswith("pair-"):
        _, a, b = code.split("-")
        return a, b
    return None


@cache                   # read for every cat on every table a bot tries: a few codes and colours, parsed once
def dest_points(code: str, colour: str) -> int:
    """What a destination tile scores for a cat of `colour`."""
    pair = dest_pair(code)
    if pair is not None:
        return 5 if colour in pair else 3
    return int(code.split("-")[1])


def dest_name(code: str) -> str:
    pair = dest_pair(code)
    if pair is not None:
        return f"{pair[0].capitalize()} & {pair[1]}"
    return f"Fixed {code.split('-')[1]} points"


def dest_token(code: str) -> str:
    pair = dest_pair(code)
    return INITIAL[pair[0]] + INITIAL[pair[1]] if pair else code.split("-")[1]


TOKEN_TO_ROAD = {tile_token(code): code for code in ROAD_CODES}
TOKEN_TO_DEST = {dest_token(code): code for code in DEST_CODES}


# -- the component mix ---------------------------------------------------------------------------------------------

# A mix is named by its file's name (at most 255 characters on the usual file systems), said in every message about
# a tile it lacks: a name of 1.8 MB made `validate` print 43 MB.
MAX_MIX_NAME = 255


@record
class Mix:
    """How many tiles of each type the box holds: road tiles, exchange tiles and destination tiles."""
    source: Annotated[str, Field(max_length=MAX_MIX_NAME)] = "default"
    road: tuple[tuple[RoadCode, Count], ...] = ()
    exchange: tuple[tuple[RoadCode, Count], ...] = ()
    destinations: tuple[tuple[DestCode, Count], ...] = ()

    def counts(self, part: str) -> dict[str, int]:
        return dict(getattr(self, part))

    def pool(self, part: str) -> list[str]:
        """Every tile of a part, in code order, one entry per physical tile."""
        return [code for code, count in getattr(self, part) for _ in range(count)]

    def total(self, part: str) -> int:
        return sum(count for _, count in getattr(self, part))


def check_exchange_deck(mix: Mix) -> None:
    """Refuses (exit 2) a mix whose exchange deck is other than the game's 10 tiles (trail-route.mix.exchange):
    `setup` deals from it and `components` prints it, so both refuse it in the same words."""
    if mix.total("exchange") != EXCHANGE_SIZE:
        raise InputError(Says(N_("mix {source}: {table} holds {count} tiles; the game's exchange deck is {need}"),
                              source=mix.source, table="[exchange]", count=mix.total("exchange"),
                              need=EXCHANGE_SIZE))


MIX_PARTS = {"road": ROAD_CODES, "exchange": ROAD_CODES, "destinations": DEST_CODES}
DEFAULT_MIX_PATH = ASSETS / "trail-route-mix.toml"


def parse_mix(text: str, source: str) -> Mix:
    """A mix file: tables [road], [exchange], [destinations] of `tile-code = count`. Raises InputError naming the
    table and key of the first bad entry."""
    data = parse_toml(text, f"mix {source}", what="mix")
    for part in data:
        if part not in MIX_PARTS:
            raise InputError(Says(N_("mix {source}: [{part}]: unknown table; a mix has {parts}"), source=source,
                                  part=part, parts=", ".join(MIX_PARTS)))
    parts: dict[str, tuple[tuple[str, int], ...]] = {}
    for part, known in MIX_PARTS.items():
        table = data.get(part, {})
        if not isinstance(table, dict):
            raise InputError(Says(N_("mix {source}: {part}: must be a table of {form}"), source=source, part=part,
                                  form="tile = count"))
        for code, count in table.items():
            if code not in known:
                raise InputError(Says(N_("mix {source}: {part}.{code}: unknown tile type {code!r}; known types: "
                                         "{known}"), source=source, part=part, code=code, known=", ".join(known)))
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_MIX_COUNT:
                raise InputError(Says(N_("mix {source}: {part}.{code}: count must be a whole number from 0 to "
                                         "{most}, got {count!r}"), source=source, part=part, code=code,
                                      most=MAX_MIX_COUNT, count=count))
        parts[part] = tuple((code, table[code]) for code in known if table.get(code, 0) > 0)
    if not any(parts.values()):
        raise InputError(Says(N_("mix {source}: lists no tiles; a mix has tables {tables} of {form}"), source=source,
                              tables=", ".join(f"[{p}]" for p in MIX_PARTS), form="tile = count"))
    return Mix(source=source, **parts)


def load_mix(path: str | Path | None = None) -> Mix:
    """The mix in `path`, or the default mix shipped with washigen."""
    if path is None:
        return parse_mix(DEFAULT_MIX_PATH.read_text(encoding="utf-8"), "default")
    path = Path(path)
    return parse_mix(read_text(path, "mix file"), path.name)


# -- the setup ----------------------------------------------------------------------------------------------------

# Bounds a file is refused past on load (exit 2): twice the game's board either way, so that a board of the wrong
# size is still read and reported by the rules (trail-route.grid.size), and one hand no bigger than the 16-card
# deck; a 100 x 100 road took 1.35 GB to draw, 1,000 seats ran out of stack, a 20,000-card hand minutes.
MAX_GRID = 16
MAX_HAND = 16


@record
class Seat:
    """One player, in turn order: their cat colour and the hand cards dealt to them."""
    colour: Colour
    hand: Annotated[tuple[CardCode, ...], Field(max_length=MAX_HAND)] = ()


@record
class TrailRouteSetup(Design):
    """A table ready to play: the road grid, the destination grid, the exchange deck and the dealt hands."""
    GAME = GAME
    KIND = "setup"
    players: Annotated[int, Field(ge=3, le=4)] = 4
    # The board and the table are what a setup is: a file without them is refused on load (exit 2), as a Cats map
    # without its grid is; present but of the wrong size, they break a rule. The exchange deck and the mix too: an
    # absent mix read as an empty one, and every tile on the board then broke a rule as one the box lacks.
    # rows top to bottom; column 1 next to the destinations
    road: Annotated[tuple[Annotated[tuple[RoadCode, ...], Field(max_length=MAX_GRID)], ...],
                    Field(max_length=MAX_GRID)]
    # per row: far left tile, then the one touching the road
    destinations: Annotated[tuple[Annotated[tuple[DestCode, ...], Field(max_length=MAX_GRID)], ...],
                            Field(max_length=MAX_GRID)]
    exchange: tuple[RoadCode, ...]                        # the face-down deck, top tile first
    seats: Annotated[tuple[Seat, ...], Field(max_length=4)]
    undealt: tuple[CardCode, ...] = ()                    # hand cards left in the box (3 players)
    mix: Mix

    @property
    def rows(self) -> int:
        return len(self.road)
