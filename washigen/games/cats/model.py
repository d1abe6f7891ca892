"""Tokyo Washi Game Cats as data: segments of tape, maps joined from them, rolls, and drawn set-ups.

Rows and columns count from 1 everywhere a person sees them: in design files, the text form and reports. Row 1 is
the top row of a map (the home row of the player across the table), column 1 its left end.

A map is a grid of cells. Every cell has a kind (street, jinja shrine, building, forest, shrub); sewers are lids
on street cells and carry a colour; buildings are regions with black walls on every edge except their openings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from ... import __version__
from ...design import Design, record
from ...errors import InputError
from ...inputs import url_says
from ...units import MAX_LENGTH, MAX_URL_LENGTH
from ...words import N_, Says

# The sizes live in constants.py, which the commands read at start-up without pydantic.
from .constants import (DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, DEFAULT_TAPE_WIDTH, DRAWING_GAP,  # noqa: F401
                        FOREST_SECTION_COLS, FORESTS_MAX, LONG_MAX, MIN_CELL_MM, SEGMENT_COLS_RANGE,
                        SEGMENT_ROWS_RANGE, TAPE_WIDTH_RANGE)

GENERATOR = f"washigen {__version__}"          # written into every design this version makes
MAX_VARIANT = 100_000                          # the largest cut-up number: --variant's and --tries' bound

# -- cells -----------------------------------------------------------------------------------------------------
STREET, SHRINE, BUILDING, FOREST, SHRUB = ".", "J", "#", "T", "t"
CELL_KINDS = {STREET: N_("street"), SHRINE: N_("jinja shrine"), BUILDING: N_("building"), FOREST: N_("forest"),
              SHRUB: N_("shrub")}                 # named in the studio's edit tools, in the page's language

Colour = Literal["red", "blue", "green", "yellow"]
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
COLOUR_LETTER: dict[Colour, str] = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
LETTER_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}

Side = Literal["n", "e", "s", "w"]
SIDE_STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
TURNED = OPPOSITE            # a side after a half turn of the tape

Cell = tuple[int, int]       # (row, col), 1-based

# The address of the rules, printed as a QR code; the same bound as --rules-url.
def _leads_to_a_web_page(url: str) -> str:
    problem = url_says(url, MAX_URL_LENGTH)
    if problem is not None:
        raise ValueError(problem)          # a sentence: the design loader says it in the page's language
    return url


RulesUrl = Annotated[str, Field(min_length=1, max_length=MAX_URL_LENGTH), AfterValidator(_leads_to_a_web_page)]


@record
class Opening:
    """An opening in a building's wall: the edge on `side` of cell (row, col). `cut` marks a side left open by a
    cut-up (no wall was ever printed there) rather than a door."""
    row: int
    col: int
    side: Side
    cut: bool = False


@record
class Building:
    cells: tuple[tuple[int, int], ...]
    openings: tuple[Opening, ...] = ()


@record
class Sewer:
    row: int
    col: int
    colour: Colour


@record
class Grid:
    """Cells row by row (`. J # T t`, one character a cell), the buildings that own the `#` cells, and the sewer
    lids that sit on street cells."""
    rows: tuple[str, ...]
    buildings: tuple[Building, ...] = ()
    sewers: tuple[Sewer, ...] = ()

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0


@record
class Piece:
    """Where a piece of tape lies in a map: `width` columns of layer `layer` from column `col` on, cut from the
    same layer's columns starting at `source` (equal to `col` on a map that was not cut up)."""
    layer: int
    col: int
    width: int
    source: int


TapeWidth = Annotated[float, Field(ge=TAPE_WIDTH_RANGE[0], le=TAPE_WIDTH_RANGE[1])]
SegmentRows = Annotated[int, Field(ge=SEGMENT_ROWS_RANGE[0], le=SEGMENT_ROWS_RANGE[1])]
SegmentCols = Annotated[int, Field(ge=SEGMENT_COLS_RANGE[0], le=SEGMENT_COLS_RANGE[1])]


@record
class CatsSegment(Design):
    """One segment of tape in its own orientation: row 1 is the edge that meets the other side of a map, the last
    row is the home row next to the grey player band."""
    GAME = "cats"
    KIND = "segment"
    tape_width: TapeWidth = DEFAULT_TAPE_WIDTH
    segment_rows: SegmentRows = DEFAULT_SEGMENT_ROWS
    segment_cols: SegmentCols = DEFAULT_SEGMENT_COLS
    grid: Grid


@record
class CatsRoll(Design):
    """A roll: distinct segments, each followed by a forest section, repeated along the tape."""
    GAME = "cats"
    KIND = "roll"
    tape_width: TapeWidth = DEFAULT_TAPE_WIDTH
    segment_rows: SegmentRows = DEFAULT_SEGMENT_ROWS
    segment_cols: SegmentCols = DEFAULT_SEGMENT_COLS
    length: Annotated[float, Field(gt=0, le=MAX_LENGTH)] = 10_000.0
    rules_url: RulesUrl | None = None
    segments: tuple[Grid, ...]


@record
class CatsMap(Design):
    GAME = "cats"
    KIND = "map"
    players: Annotated[int, Field(ge=2, le=6)] = 2
    coop: bool = False               # 2 v 2 (4 players) or 2 v 2 v 2 (6 players) on the 2-player map
    long: Annotated[int, Field(ge=0, le=LONG_MAX)] = 0      # extra layers between the two outer segments
    forests: Annotated[int, Field(ge=0, le=FORESTS_MAX)] = 0  # forest and shrub pieces stuck on
    cut_up: bool = False
    # Which cut-up of the seed's map (cats variants; 0 the uncut pieces), bounded as --variant and --tries are: a
    # file's -7 or 10**19 was printed on the band as "cut-up -7".
    variant: Annotated[int, Field(ge=0, le=MAX_VARIANT)] | None = None
    jinja: bool = False              # jinja mode is played on this map
    sewer_poppers: bool = False      # the sewer-popper variant: specials are pops only, no stepping on sewers
    tape_width: TapeWidth = DEFAULT_TAPE_WIDTH
    segment_rows: SegmentRows = DEFAULT_SEGMENT_ROWS
    segment_cols: SegmentCols = DEFAULT_SEGMENT_COLS
    # The route gap (steps) between the sides, when a search measured it; the balance score from play (the largest
    # gap between a seat's win rate and its fair share, 0..1). Printed on the band, so held to what they can be.
    balance: Annotated[float, Field(ge=0)] | None = None
    play_score: Annotated[float, Field(ge=0, le=1)] | None = None
    # The fairness search's verdict (DESIGN 9): the greedy games play_score is over, and whether every seat's 95 %
    # interval held the fair share; None where no search judged the map (an older file, an explicit variant).
    play_games: Annotated[int, Field(ge=1, le=100_000)] | None = None
    play_fair: bool | None = None
    rules_url: RulesUrl | None = None     # printed as a QR code
    pieces: tuple[Piece, ...] = ()
    grid: Grid


@record
class Drawing:
    """A fish or a cat drawn by `player` on cell (row, col)."""
    player: int
    row: int
    col: int


@record
class CatsSetup(Design):
    """A map with its fish and cats drawn: a planned or played set-up."""
    GAME = "cats"
    KIND = "setup"
    map: CatsMap
    fish: tuple[Drawing, ...] = ()
    cats: tuple[Drawing, ...] = ()


# -- what follows from the player count ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """Who sits where and what they draw, for a player count (and team play)."""
    players: int
    coop: bool
    width: int                   # segments side by side on each side of the map
    fish_per_side: int
    cats_per_side: int

    @property
    def drawings_per_side(self) -> int:
        return self.fish_per_side + self.cats_per_side

    @property
    def teams(self) -> int:
        return self.players // 2 if self.coop else self.players

    def team(self, player: int) -> int:
        """1-based team of a player: players 1 and 2 form team 1, 3 and 4 team 2, 5 and 6 team 3."""
        return (player - 1) // 2 + 1 if self.coop else player

    def band_side(self, seat: int) -> str:
        """The side ("bottom" or "top") of a seat's band: seats alternate, the first at the bottom."""
        return "bottom" if seat % 2 == 1 else "top"

    def seats(self, side: str) -> list[int]:
        """The players (or teams, in team play) whose band is on `side`, left to right as they see it."""
        return [s for s in range(1, self.teams + 1) if self.band_side(s) == side]

    def cat_side(self, player: int) -> str:
        """Team play: the first player of a team draws the cat on the team's side, the second the other one."""
        own = self.band_side(self.team(player))
        if not self.coop or player % 2 == 1:
            return own
        return "top" if own == "bottom" else "bottom"


@lru_cache(maxsize=None)
def table(players: int, coop: bool = False) -> Table:
    if not 2 <= players <= 6:
        raise InputError(Says(N_("{field}: must be 2..6, got {value}"), field="players", value=players))
    if coop and players not in (4, 6):
        raise InputError(Says(N_("{field}: team play is for 4 players (2 v 2) or 6 players (2 v 2 v 2), got {value}"),
                              field="coop", value=players))
    if coop:                       # the 2-player map, 8 fish, one cat a player
        return Table(players, True, 1, 4, players // 2)
    width = {2: 1, 3: 1, 4: 2, 5: 2, 6: 3}[players]
    fish = 8 if players == 3 else 4 * players
    return Table(players, False, width, fish // 2, players)


def cell_size(tape_width: float, segment_rows: int) -> float:
    """The side of a cell in mm: the tape holds the cell rows and a band one cell tall."""
    return tape_width / (segment_rows + 1)


def map_layers(design: CatsMap) -> int:
    return 2 + design.long


def top_layers(layers: int) -> int:
    """How many layers lie on the top half (turned towards the top player); the rest lie upright below."""
    return layers // 2


def map_shape(design: CatsMap) -> tuple[int, int]:
    """(rows, cols) the map's grid must have."""
    return map_layers(design) * design.segment_rows, table(design.players, design.coop).width * design.segment_cols


def home_rows(design: CatsMap) -> tuple[int, int]:
    """(top, bottom) home rows, 1-based."""
    return 1, map_layers(design) * design.segment_rows


def side_of_row(design: CatsMap, row: int) -> str | None:
    top, bottom = home_rows(design)
    return "top" if row == top else "bottom" if row == bottom else None


# -- where the rules' QR code prints (DESIGN 4: modules >= 0.4 mm, a 4-module quiet zone) --------------------------

BAND_PAD = 0.11            # of a cell: the margin around what a player band holds


def band_holds_qr(url: str, s: float) -> bool:
    """Whether a player band of one cell (s mm) holds a printable QR code of `url`."""
    from ...qr import qr_fits

    return qr_fits(url, s - 2 * BAND_PAD * s)


def forest_qr_cells(url: str, rows: int, s: float) -> int:
    """How many cells square the forest section gives the rules' QR code (its quiet zone inside a 0.2-cell
    margin), with a row below for its caption; 0 where the section cannot hold a printable code."""
    from ...qr import qr_fits

    # At least a column of forest after the code: the section's tail shows in the bleed at the roll's start.
    for cells in range(1, min(rows - 1, FOREST_SECTION_COLS - 1) + 1):
        if qr_fits(url, (cells - 0.4) * s):
            return cells
    return 0
