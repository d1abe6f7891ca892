"""Tokyo Washi Game Cops as data: tape segments with two zones of four crime locations, yellow paths between them,
maps of one segment per player laid end to end, the new roads an offset set-up needs, and squad sheets.

Coordinates are millimetres in a segment's own frame: x along the tape from its left end, y across it from the
top edge (y down). The physical sizes of the original tape are not public; ours are below, for a 50 mm tape, and
scale with the tape width.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...design import Design, record

# The name, title, player counts and layouts live in constants.py, which the commands read at start-up.
from .constants import (DEFAULT_LAYOUT, DEFAULT_PLAYERS, DEFAULT_TAPE_WIDTH, GAME, LAYOUTS,  # noqa: F401
                        MAX_MAP_OFFSET, MAX_PLAYERS, MIN_PLAYERS, TITLE)

# -- sizes, for a 50 mm tape; every one scales with the tape width -----------------------------------------------
REFERENCE_WIDTH = 50.0
SEGMENT_RATIO = 3.6            # segment length / tape width: 180 mm on 50 mm tape
SQUAD_WIDTH = 14.0             # the blue squad-name section at a segment's left end
END_CORRIDOR = 9.0             # at a segment's right end only joint paths run (the offset roads need the room)
PATH_WIDTH = 2.6               # a yellow path with its dark edge
ROAD_WIDTH = 2.2               # a new road as drawn (its dark edge)
NAME_FIELD = (10.0, 30.0)      # the squad's name field: across the section x along the tape width (mm)
ROAD_OFFSET_STEP = 2.5         # an offset road between two joints of one side runs this far inside that tape
JOINT_BAND = (0.29, 0.71)      # joints sit within this fraction of the width, so a shifted neighbour still meets them
MAX_OFFSET_RATIO = 0.25        # the largest offset, as a fraction of the tape width

# Tolerances of the rules (absolute, as the rules state them).
MATCH_TOLERANCE = 0.5          # a port or joint meets its partner within this many mm
# Clearance of a path's centre line from a location it does not join, for a 50 mm tape (scales with the width).
CLEARANCE = 1.6
MIN_AREA_SIDE = 2.0            # a fill-in area narrower than this is hard to colour in (a printability warning)

# A location id is written in a game's moves (engine.py's notation: `start A`, `A>B`, `A>B/N`, `noodle A>B B>C`,
# `miso A~B`) and a game log cuts each line at '#', its comments: an id holding one of these marks or a space
# loaded and played, but its log could not be read back.
ID_MARKS = ">~/#"


def id_problem(location_id: str) -> str | None:
    """The first character of a location id that the moves of a game log cannot hold (a space or one of
    ID_MARKS), or None."""
    return next((character for character in location_id if character.isspace() or character in ID_MARKS), None)


ZONES_PER_SEGMENT = 2
LOCATIONS_PER_ZONE = 4
AREAS_PER_LOCATION = 3

# The most a file may hold (DESIGN 12), well past what the rules ask for and what any map washigen makes holds:
# the rules compare paths, roads, locations and areas pair by pair, so 1,500 copies of one path (a 350 kB file)
# kept `validate` 98 s in 1.9 GB. Generated maps (2-6 players, tapes 10-200 mm, both layouts, with and without an
# offset) hold at most 22 paths on a segment (the generator lays 24 at most), 18 new roads and 4 points to a path
# or road; a map of every count at its most validates within seconds.
MAX_ZONES = 4                  # per segment (the rules ask for 2)
MAX_LOCATIONS = 8              # per zone (the rules ask for 4)
MAX_AREAS = 6                  # per location (the rules ask for 3)
MAX_PATHS = 64                 # per segment
MAX_ROADS = 64                 # per map
MAX_POINTS = 16                # per path or road

RANKS = ("largest", "middle", "smallest")

# The crime locations. Each kind has a pictogram (draw.py) and a colour.
Kind = Literal["shop", "house", "park", "bank", "phone", "fish", "shrine", "station"]
KINDS: tuple[Kind, ...] = ("shop", "house", "park", "bank", "phone", "fish", "shrine", "station")
KIND_COLOURS = {
    "shop": "#e0663a",
    "house": "#9c6b4e",
    "park": "#3f8f47",
    "bank": "#5b6f8f",
    "phone": "#c23b6a",
    "fish": "#2f86b5",
    "shrine": "#c8102e",
    "station": "#7b4fa0",
}

Point = tuple[float, float]
Side = Literal["top", "bottom", "left", "right"]
Shape = Literal["rect", "circle"]


def meets(at: float, other: float) -> bool:
    """Two positions along one edge or seam (mm) meet within MATCH_TOLERANCE, the float sums that bring them into
    one frame left out: a joint 0.5 mm from its partner meets it whichever offset was added to which."""
    return abs(at - other) <= MATCH_TOLERANCE + 1e-6


def scale_for(tape_width: float) -> float:
    """How much every reference size grows or shrinks on this tape."""
    return tape_width / REFERENCE_WIDTH


def segment_length_for(tape_width: float) -> float:
    return round(tape_width * SEGMENT_RATIO, 2)


def max_offset_for(tape_width: float) -> float:
    return round(tape_width * MAX_OFFSET_RATIO, 2)


@record
class Area:
    """A fill-in area: a square (rect) or a disc (circle) in the bounding box x, y, w, h (mm, segment frame)."""
    shape: Shape
    x: float
    y: float
    w: Annotated[float, Field(gt=0)]
    h: Annotated[float, Field(gt=0)]

    @property
    def size(self) -> float:
        """The area in mm²: what largest, middle and smallest compare."""
        return self.w * self.h * (0.785398 if self.shape == "circle" else 1.0)


@record
class Location:
    """A crime location: a rounded rectangle or a circle (bounding box x, y, w, h) with three areas, largest first."""
    id: Annotated[str, Field(min_length=1, max_length=12)]
    kind: Kind
    shape: Shape
    x: float
    y: float
    w: Annotated[float, Field(gt=0)]
    h: Annotated[float, Field(gt=0)]
    areas: Annotated[tuple[Area, ...], Field(max_length=MAX_AREAS)]

    @property
    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2


@record
class Zone:
    locations: Annotated[tuple[Location, ...], Field(max_length=MAX_LOCATIONS)]


@record
class End:
    """One end of a path: a location (by id), a port on the top or bottom edge at x = at, or a joint at the left or
    right end at y = at. Exactly one of location, port, joint is given."""
    location: str | None = None
    port: Literal["top", "bottom"] | None = None
    joint: Literal["left", "right"] | None = None
    at: float | None = None

    @property
    def kind(self) -> str:
        return "location" if self.location is not None else "port" if self.port is not None else "joint"

    @property
    def edge_at(self) -> float:
        """`at` of a port or joint end, which always has one (the generator gives it, loading a design checks it)."""
        assert self.at is not None, f"a {self.kind} end without its position"
        return self.at

    def describe(self) -> str:
        if self.location is not None:
            return self.location
        side = self.port or self.joint
        return f"{side} {'port' if self.port else 'joint'} at {self.at:g} mm"


@record
class Path:
    """A yellow path: a polyline (segment frame) from end a to end b. A location end starts inside the location
    (the location is drawn over it); a port or joint end lies on its edge."""
    a: End
    b: End
    points: Annotated[tuple[Point, ...], Field(min_length=2, max_length=MAX_POINTS)]


@record
class Segment:
    """One segment of tape: the squad section at its left end, two zones split by a line of gravestones at x =
    gravestones, and the paths."""
    zones: Annotated[tuple[Zone, ...], Field(max_length=MAX_ZONES)]
    gravestones: float
    paths: Annotated[tuple[Path, ...], Field(max_length=MAX_PATHS)] = ()

    @property
    def locations(self) -> tuple[Location, ...]:
        return tuple(location for zone in self.zones for location in zone.locations)


@record
class RoadEnd:
    """Where a new road ends: on the path of a joint or a port of a segment (0-based index), or at a location."""
    segment: Annotated[int, Field(ge=0)]
    joint: Literal["left", "right"] | None = None
    port: Literal["top", "bottom"] | None = None
    at: float | None = None
    location: str | None = None


@record
class Road:
    """A new road drawn for an offset set-up: a polyline in map coordinates (x along the whole map, y from the top
    of the highest segment)."""
    a: RoadEnd
    b: RoadEnd
    points: Annotated[tuple[Point, ...], Field(min_length=2, max_length=MAX_POINTS)]


Layout = Literal["end-to-end", "stacked"]       # the names in constants.LAYOUTS


@record
class CopsMap(Design):
    """A map: one segment per player. `end-to-end`: segments in a row, joints meeting joints, each segment's top
    ports continuing from its bottom ports; with an offset every other segment (the 2nd, 4th, ...) lies `offset`
    mm lower. `stacked`: strips side by side along their long edges, squad sections at the left, each strip's
    bottom ports meeting the top ports of the strip below and the bottom strip's the top strip's; with an offset
    every other strip lies `offset` mm further right. `roads` completes the path ends that no longer meet.
    `balance_games`, `balance_score`, `balance_fair`: what the generator's fairness search found (DESIGN 9), from
    that many greedy games seeded with the map's seed, seats rotated; 0 and None where no search was made (a map
    written before it, or one generated without it)."""
    GAME = "cops"
    KIND = "map"
    tape_width: Annotated[float, Field(ge=10, le=200)] = DEFAULT_TAPE_WIDTH     # as `cops map` takes it
    segment_length: Annotated[float, Field(gt=0, le=2000)] = 180.0
    offset: Annotated[float, Field(ge=0, le=MAX_MAP_OFFSET)] = 0.0
    layout: Layout = DEFAULT_LAYOUT
    segments: Annotated[tuple[Segment, ...], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]
    roads: Annotated[tuple[Road, ...], Field(max_length=MAX_ROADS)] = ()
    balance_games: Annotated[int, Field(ge=0, le=100_000)] = 0
    balance_score: Annotated[float, Field(ge=0, le=1)] | None = None
    balance_fair: bool | None = None

    @property
    def players(self) -> int:
        return len(self.segments)

    def shift(self, index: int) -> float:
        """How far segment `index` (0-based) is moved by the offset: down (end-to-end) or right (stacked)."""
        return self.offset if index % 2 == 1 else 0.0

    def origin(self, index: int) -> Point:
        """Where segment `index` lies on the map: its top left corner, in mm."""
        if self.layout == "stacked":
            return self.shift(index), index * self.tape_width
        return index * self.segment_length, self.shift(index)

    @property
    def size(self) -> tuple[float, float]:
        """The map's width and height, in mm."""
        if self.layout == "stacked":
            return self.segment_length + (self.offset if self.players > 1 else 0.0), self.players * self.tape_width
        return self.players * self.segment_length, self.tape_width + (self.offset if self.players > 1 else 0.0)


@record
class CopsTape(Design):
    """Tape artwork for a maker: a repeat of segments that joins end to start, so any run torn off the roll meets."""
    GAME = "cops"
    KIND = "tape"
    tape_width: Annotated[float, Field(ge=10, le=200)] = DEFAULT_TAPE_WIDTH     # as `cops map` takes it
    segment_length: Annotated[float, Field(gt=0, le=2000)] = 180.0
    layout: Layout = DEFAULT_LAYOUT       # stacked: every segment has its ports at the same x and no joints
    segments: Annotated[tuple[Segment, ...], Field(min_length=1, max_length=24)]


@record
class CopsSheet(Design):
    """Squad sheets: a name field, two ramen bowls to cross off, the two crimes with room for the culprits' faces."""
    GAME = "cops"
    KIND = "sheet"
    squads: Annotated[int, Field(ge=1, le=24)] = 4

    @property
    def players(self) -> int:
        """The squads, as `cops sheet --players` counts them."""
        return self.squads
