"""Tokyo Washi Game Cats: how a map is planned and assembled. Segments are planned cell by cell (buildings,
doors, shrines, sewer pairs), repaired until they pass the segment rules, laid out as a map of top and bottom
layers, given forests, and checked as a whole (`base_plan`); `_design` turns a plan into the CatsMap. generate.py
makes maps, segments and rolls from these plans; variants.py cuts them up."""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass, field
from typing import cast

from ...errors import InputError
from ...words import N_, Says
from ..params import IN_RANGE
from ...report import Report
from .board import Board
from .model import (BUILDING, COLOURS, DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, DEFAULT_TAPE_WIDTH, DRAWING_GAP,
                    FOREST, GENERATOR, SEGMENT_COLS_RANGE, SEGMENT_ROWS_RANGE, SHRINE, SHRUB, SIDE_STEP, STREET,
                    TAPE_WIDTH_RANGE, TURNED, Building, CatsMap, Colour, Grid, Opening, Piece, Sewer, Side, table,
                    top_layers)
from .rules import capacity, map_balance, validate_grid_segment, validate_map

MAP_ATTEMPTS = 24            # fresh maps tried before the point-symmetric ones
SYMMETRIC_ATTEMPTS = 24
SEGMENT_ATTEMPTS = 12
REPAIR_ROUNDS = 8
BUILDING_COVER = 0.36        # share of a segment's cells (home row aside) under buildings

# Building shapes as (row, col) offsets; each is also used turned and mirrored.
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "two": ((0, 0), (0, 1)),
    "three": ((0, 0), (0, 1), (0, 2)),
    "square": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "block": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
    "corner": ((0, 0), (1, 0), (1, 1)),
    "ell": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "tee": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "house": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1)),
}
SHAPE_WEIGHTS = {"two": 3, "three": 2, "square": 4, "block": 3, "corner": 3, "ell": 3, "tee": 2, "house": 2}
FOREST_PIECES = ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4))
NEIGHBOURS8 = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


@functools.lru_cache(maxsize=32)     # a map and its segments, in a few sizes (a big map's: megabytes)
def within(rows: int, cols: int, reach: int) -> tuple[tuple[int, ...], ...]:
    """For every cell of a rows x cols plan, the cells at most `reach` rows and columns away (itself included) that
    lie on the plan: the neighbourhoods the planner reads again and again, worked out once a plan size."""
    return tuple(tuple(rr * cols + cc for rr in range(r - reach, r + reach + 1) for cc in range(c - reach, c + reach + 1)
                       if 0 <= rr < rows and 0 <= cc < cols)
                 for r in range(rows) for c in range(cols))


@functools.lru_cache(maxsize=32)
def steps(rows: int, cols: int) -> dict[str, tuple[int, ...]]:
    """For each side, every cell's neighbour on that side, -1 off the plan: Plan.neighbour as a table."""
    return {side: tuple(r2 * cols + c2 if 0 <= (r2 := r + dr) < rows and 0 <= (c2 := c + dc) < cols else -1
                        for r in range(rows) for c in range(cols))
            for side, (dr, dc) in SIDE_STEP.items()}


@functools.lru_cache(maxsize=32)
def places(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """Every cell's (row, column), 1-based as a Grid counts them."""
    return tuple((r + 1, c + 1) for r in range(rows) for c in range(cols))


def _orientations(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    found = []
    shape = list(cells)
    for mirror in (False, True):
        current = [(r, -c) for r, c in shape] if mirror else shape
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            r0 = min(r for r, _ in current)
            c0 = min(c for _, c in current)
            normal = tuple(sorted((r - r0, c - c0) for r, c in current))
            if normal not in found:
                found.append(normal)
    return found


ORIENTED = {name: _orientations(cells) for name, cells in SHAPES.items()}
# ORIENTED with each orientation's height and width, in the same order (a draw from either list takes the same one)
SIZED = {name: [(shape, 1 + max(r for r, _ in shape), 1 + max(c for _, c in shape)) for shape in shapes]
         for name, shapes in ORIENTED.items()}
SHAPE_NAMES = tuple(SHAPE_WEIGHTS)
SHAPE_CUM_WEIGHTS = tuple(itertools.accumulate(SHAPE_WEIGHTS.values()))


# -- a grid while it is being made ------------------------------------------------------------------------------------

@dataclass
class Block:
    cells: list[int]
    openings: list[tuple[int, str, bool]] = field(default_factory=list)   # (cell, side, cut)


class Plan:
    """A mutable grid, 0-based, cell i = r * cols + c."""

    def __init__(self, rows: int, cols: int, layer_rows: int = 0):
        self.rows, self.cols = rows, cols
        self.layer_rows = layer_rows or rows      # a building never spans two layers (two strips of tape)
        self.kind = [STREET] * (rows * cols)
        self.sewer: dict[int, str] = {}
        self.blocks: list[Block | None] = []
        self.owner = [-1] * (rows * cols)

    def copy(self) -> "Plan":
        other = Plan.__new__(Plan)
        other.rows, other.cols, other.layer_rows = self.rows, self.cols, self.layer_rows
        other.kind = list(self.kind)
        other.sewer = dict(self.sewer)
        other.blocks = [None if b is None else Block(list(b.cells), list(b.openings)) for b in self.blocks]
        other.owner = list(self.owner)
        return other

    def owned_block(self, index: int) -> Block:
        """The block a cell's owner index names: never a removed one, as remove_block frees its cells."""
        block = self.blocks[index]
        assert block is not None, f"block {index} was removed yet still owns cells"
        return block

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def neighbour(self, i: int, side: str) -> int | None:
        dr, dc = SIDE_STEP[side]
        r, c = divmod(i, self.cols)
        r, c = r + dr, c + dc
        return r * self.cols + c if self.inside(r, c) else None

    def bare(self, i: int) -> bool:
        return self.kind[i] == STREET and i not in self.sewer

    def bare_cells(self) -> list[bool]:
        """`bare` of every cell, in one go."""
        bare = [kind == STREET for kind in self.kind]
        for i in self.sewer:
            bare[i] = False
        return bare

    def near(self, i: int, kinds: str) -> bool:
        """True when a cell in the 8-neighbourhood of i (i included) is of one of `kinds`."""
        kind = self.kind
        for j in within(self.rows, self.cols, 1)[i]:
            if kind[j] in kinds:
                return True
        return False

    def door_fronts(self) -> set[int]:
        fronts = set()
        for block in self.blocks:
            if block is not None:
                for cell, side, _ in block.openings:
                    front = self.neighbour(cell, side)
                    if front is not None:
                        fronts.add(front)
        return fronts

    def add_block(self, cells: list[int]) -> Block:
        block = Block(sorted(cells))
        index = len(self.blocks)
        self.blocks.append(block)
        for i in cells:
            self.kind[i] = BUILDING
            self.owner[i] = index
        return block

    def remove_block(self, index: int) -> None:
        block = self.blocks[index]
        if block is None:
            return
        for i in block.cells:
            self.kind[i] = STREET
            self.owner[i] = -1
        self.blocks[index] = None

    def to_grid(self) -> Grid:
        C = self.cols
        at = places(self.rows, C)
        rows = tuple("".join(self.kind[r * C:(r + 1) * C]) for r in range(self.rows))
        blocks = sorted((b for b in self.blocks if b is not None), key=lambda b: min(b.cells))
        # A plan's sides are letters of "nesw" and its sewer colours are COLOURS, kept as plain str while planning.
        buildings = tuple(
            Building(cells=tuple([at[i] for i in sorted(b.cells)]),
                     openings=tuple([Opening(row=at[i][0], col=at[i][1], side=cast(Side, side), cut=cut)
                                     for i, side, cut in sorted(b.openings)]))
            for b in blocks)
        sewers = tuple([Sewer(row=at[i][0], col=at[i][1], colour=cast(Colour, colour))
                        for i, colour in sorted(self.sewer.items())])
        return Grid(rows=rows, buildings=buildings, sewers=sewers)

    @classmethod
    def from_grid(cls, grid: Grid) -> "Plan":
        plan = cls(grid.height, grid.width)
        C = plan.cols
        plan.kind = list("".join(grid.rows))
        for building in grid.buildings:
            block = plan.add_block([(r - 1) * C + c - 1 for r, c in building.cells])
            block.openings = [((o.row - 1) * C + o.col - 1, o.side, o.cut) for o in building.openings]
        plan.sewer = {(s.row - 1) * C + s.col - 1: s.colour for s in grid.sewers}
        return plan

    def turned(self) -> "Plan":
        """The plan after a half turn (how a segment lies on the top half of a map)."""
        N = self.rows * self.cols
        other = Plan(self.rows, self.cols)
        other.kind = self.kind[::-1]
        other.sewer = {N - 1 - i: colour for i, colour in self.sewer.items()}
        for block in self.blocks:
            if block is not None:
                new = other.add_block([N - 1 - i for i in block.cells])
                new.openings = [(N - 1 - i, TURNED[side], cut) for i, side, cut in block.openings]
        return other

    def paste(self, part: "Plan", row: int, col: int) -> None:
        """Copies `part` into this plan with its top-left cell at (row, col)."""
        C = self.cols
        for r in range(part.rows):
            base = (row + r) * C + col
            self.kind[base:base + part.cols] = part.kind[r * part.cols:(r + 1) * part.cols]

        def at(i: int) -> int:
            r, c = divmod(i, part.cols)
            return (row + r) * C + col + c

        for i, colour in part.sewer.items():
            self.sewer[at(i)] = colour
        for block in part.blocks:
            if block is not None:
                new = self.add_block([at(i) for i in block.cells])
                new.openings = [(at(i), side, cut) for i, side, cut in block.openings]


# -- segments ---------------------------------------------------------------------------------------------------------

def _splits(total: int, sizes: tuple[int, ...], rng: random.Random) -> list[int]:
    """Random part sizes from `sizes` adding up to `total` (the last part takes the rest)."""
    parts, left = [], total
    while left > 0:
        size = rng.choice(sizes)
        if left - size < min(sizes):
            size = left
        parts.append(size)
        left -= size
    return parts


def red_columns(cols: int, rng: random.Random) -> tuple[int, int]:
    """A red pair for a home row: one in each outer third, on columns a drawing packing leaves free (col % 3 == 1
    keeps every third cell from the left end available, and survives the half turn when cols % 3 == 0)."""
    third = max(2, cols // 3)
    left = [c for c in range(1, third) if c % 3 == 1] or [1]
    right = [c for c in range(cols - third, cols - 1) if c % 3 == 1] or [cols - 2]
    return rng.choice(left), rng.choice(right)


def make_segment_plan(rng: random.Random, rows: int, cols: int) -> Plan:
    """One segment in its own orientation: row 0 the far edge, row rows - 1 the home row by the band."""
    for _ in range(SEGMENT_ATTEMPTS):
        plan = Plan(rows, cols)
        home = rows - 1
        for c in red_columns(cols, rng):
            plan.sewer[home * cols + c] = "red"
        _place_buildings(plan, rng, rows - 1)
        _place_shrines(plan, rng, rows - 1)
        _place_sewer_pairs(plan, rng, rows - 1)
        if _settle(plan, rng, lambda p: validate_grid_segment(p.to_grid())):
            return plan
    return _plain_segment(rng, rows, cols)


def _plain_segment(rng: random.Random, rows: int, cols: int) -> Plan:
    """The last resort: sewers and spaced shrines only. Shrines 8-apart from each other and from the edges
    never cut a street off; deserts are filled with shrines on a fixed lattice."""
    plan = Plan(rows, cols)
    home = rows - 1
    for c in red_columns(cols, rng):
        plan.sewer[home * cols + c] = "red"
    for r in range(1, home - 1, 2):
        for c in range(1 + (r // 2) % 2 * 2, cols, 4):
            plan.kind[r * cols + c] = SHRINE
    _place_sewer_pairs(plan, rng, home)
    return plan


def _place_buildings(plan: Plan, rng: random.Random, usable_rows: int) -> None:
    """Buildings zone by zone, so that none of the map is empty and none of it solid: zones of 3 to 5 cells, one
    building a zone at most, never touching another building (not even at a corner)."""
    crowd = _crowding(plan)
    row0 = 0
    for height in _splits(usable_rows, (3, 4), rng):
        col0 = 0
        for width in _splits(plan.cols, (3, 4, 5), rng):
            if rng.random() < 0.85:
                _try_building(plan, rng, row0, col0, height, width, crowd)
            col0 += width
        row0 += height
    _infill(plan, rng, usable_rows, crowd)


def _crowding(plan: Plan) -> list[int]:
    """For each cell, how many building or shrine cells its 8-neighbourhood holds (itself included): a building
    may go on cells where this is 0 (as `not plan.near(i, BUILDING + SHRINE)`), kept up to date by _build."""
    crowd = [0] * len(plan.kind)
    close = within(plan.rows, plan.cols, 1)
    for i, kind in enumerate(plan.kind):
        if kind == BUILDING or kind == SHRINE:
            for j in close[i]:
                crowd[j] += 1
    return crowd


def _random_shape(rng: random.Random) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """A shape by SHAPE_WEIGHTS and one of its orientations, with its height and width: the same draws as
    `rng.choice(ORIENTED[rng.choices(names, weights)[0]])`."""
    return rng.choice(SIZED[rng.choices(SHAPE_NAMES, cum_weights=SHAPE_CUM_WEIGHTS)[0]])


def _free_for_building(plan: Plan, cells: list[int], crowd: list[int]) -> bool:
    sewer = plan.sewer
    for i in cells:
        if crowd[i] or i in sewer:
            return False
    return True


def _build(plan: Plan, rng: random.Random, cells: list[int], crowd: list[int]) -> bool:
    """A building on `cells` with its doors; False (and no building) when no door fits."""
    block = plan.add_block(cells)
    _add_doors(plan, block, rng, 1 if len(cells) <= 4 else rng.choice((1, 2)))
    if not block.openings:
        plan.remove_block(plan.owner[cells[0]])
        return False
    close = within(plan.rows, plan.cols, 1)
    for i in cells:
        for j in close[i]:
            crowd[j] += 1
    return True


def _infill(plan: Plan, rng: random.Random, usable_rows: int, crowd: list[int]) -> None:
    """More buildings wherever one still fits, until about BUILDING_COVER of the cells are built on."""
    C = plan.cols
    target = BUILDING_COVER * usable_rows * C
    built = plan.kind[:usable_rows * C].count(BUILDING)
    for _ in range(usable_rows * C // 2):
        if built >= target:
            return
        shape, h, w = _random_shape(rng)
        if h > usable_rows or w > C:
            continue
        r = rng.randrange(usable_rows - h + 1)
        c = rng.randrange(C - w + 1)
        cells = [(r + dr) * C + c + dc for dr, dc in shape]
        if _free_for_building(plan, cells, crowd) and _build(plan, rng, cells, crowd):
            built += len(cells)


def _try_building(plan: Plan, rng: random.Random, row0: int, col0: int, height: int, width: int,
                  crowd: list[int]) -> bool:
    C = plan.cols
    for _ in range(8):
        shape, h, w = _random_shape(rng)
        if h > height or w > width:
            continue
        r = row0 + rng.randrange(height - h + 1)
        c = col0 + rng.randrange(width - w + 1)
        cells = [(r + dr) * C + c + dc for dr, dc in shape]
        if _free_for_building(plan, cells, crowd) and _build(plan, rng, cells, crowd):
            return True
    return False


def _add_doors(plan: Plan, block: Block, rng: random.Random, count: int) -> None:
    """Doors on edges that face a street cell inside the grid, on different sides where possible."""
    choices = []
    owner, kind = plan.owner, plan.kind
    nearby = steps(plan.rows, plan.cols)
    for i in block.cells:
        for side in "nesw":
            j = nearby[side][i]
            if j >= 0 and owner[j] != owner[i] and kind[j] == STREET:
                choices.append((i, side))
    rng.shuffle(choices)
    used_sides = {side for _, side, _ in block.openings}
    for i, side in choices:
        if len(block.openings) >= count:
            break
        if side in used_sides and len(choices) > count:
            continue
        block.openings.append((i, side, False))
        used_sides.add(side)


def _place_shrines(plan: Plan, rng: random.Random, usable_rows: int) -> None:
    wanted = max(1, round(plan.cols * usable_rows / 64)) + rng.choice((-1, 0, 0, 1))
    fronts = plan.door_fronts()
    for _ in range(wanted * 6):
        if wanted <= 0:
            break
        i = rng.randrange(usable_rows * plan.cols)
        if plan.bare(i) and i not in fronts and not plan.near(i, BUILDING + SHRINE):
            plan.kind[i] = SHRINE
            wanted -= 1


def _place_sewer_pairs(plan: Plan, rng: random.Random, usable_rows: int) -> None:
    """Pairs of blue, green and yellow sewers, both lids of a pair in one row, well apart."""
    pairs = max(1, round(plan.cols * usable_rows / 48))
    colours = [c for c in COLOURS if c != "red"]
    for _ in range(pairs * 4):
        if pairs <= 0:
            break
        r = rng.randrange(usable_rows)
        free = [r * plan.cols + c for c in range(plan.cols) if plan.bare(r * plan.cols + c)]
        if len(free) < 2:
            continue
        a, b = sorted(rng.sample(free, 2))
        if b - a < max(5, plan.cols // 4):
            continue
        colour = rng.choice(colours)
        plan.sewer[a] = plan.sewer[b] = colour
        pairs -= 1


# -- repair ------------------------------------------------------------------------------------------------------------

def _settle(plan: Plan, rng: random.Random, check) -> bool:
    """Check, repair what the report names, check again; True once nothing is reported (print warnings aside)."""
    for _ in range(REPAIR_ROUNDS):
        report = [v for v in check(plan) if not v.rule.startswith("cats.print.")]
        if not report:
            return True
        if not _repair(plan, report, rng):
            return False
    return False


def _repair(plan: Plan, violations, rng: random.Random) -> bool:
    """Fixes each reported problem locally; False when something cannot be fixed here (the caller retries)."""
    C = plan.cols
    fixed = False
    for v in violations:
        cell = v.where.get("cell")
        if cell is None:
            continue
        i = (cell[0] - 1) * C + cell[1] - 1
        rule = v.rule
        if rule == "cats.building.no-opening":
            index = plan.owner[i]
            if index >= 0:
                _add_doors(plan, plan.blocks[index], rng, 1)
                if not plan.blocks[index].openings or not any(
                        _door_ok(plan, j, s) for j, s, _ in plan.blocks[index].openings):
                    plan.remove_block(index)
                fixed = True
        elif rule in ("cats.reach.home-to-home", "cats.reach.pocket", "cats.layout.wall"):
            fixed |= _open_up(plan, i, rng)
        elif rule == "cats.layout.desert":
            fixed |= _fill_desert(plan, i, rng)
        elif rule == "cats.sewer.unpaired":
            plan.sewer.pop(i, None)
            fixed = True
        elif rule in ("cats.home-row.room", "cats.home-row.no-red-sewer"):
            fixed |= _clear_home_row(plan, i // C, rng)
        else:
            return False
    return fixed


def _door_ok(plan: Plan, i: int, side: str) -> bool:
    j = plan.neighbour(i, side)
    return j is not None and plan.kind[j] not in (SHRINE, BUILDING)


def _open_up(plan: Plan, i: int, rng: random.Random) -> bool:
    """Removes the shrine or building nearest to cell i: what walls a cell in is always close by."""
    r0, c0 = divmod(i, plan.cols)
    best = None
    for j, kind in enumerate(plan.kind):
        if kind == SHRINE or kind == BUILDING:
            r, c = divmod(j, plan.cols)
            d = abs(r - r0) + abs(c - c0)
            if best is None or d < best[0]:
                best = (d, j)
    if best is None:
        return False
    j = best[1]
    if plan.kind[j] == SHRINE:
        plan.kind[j] = STREET
    else:
        plan.remove_block(plan.owner[j])
    return True


def _fill_desert(plan: Plan, i: int, rng: random.Random) -> bool:
    """Puts something in a bare block: a small building, or else a shrine, near its middle."""
    r0, c0 = divmod(i, plan.cols)
    centre = [(r0 + dr) * plan.cols + c0 + dc for dr in (1, 2) for dc in (1, 2)]
    rng.shuffle(centre)
    for name in ("two", "corner", "square"):
        for shape in ORIENTED[name]:
            for anchor in centre:
                ar, ac = divmod(anchor, plan.cols)
                cells = [(ar + dr) * plan.cols + ac + dc for dr, dc in shape]
                layers = {(ar + dr) // plan.layer_rows for dr, _ in shape}
                if len(layers) == 1 and all(plan.inside(ar + dr, ac + dc) for dr, dc in shape) and all(
                        plan.bare(j) and not plan.near(j, BUILDING + SHRINE) for j in cells):
                    block = plan.add_block(cells)
                    _add_doors(plan, block, rng, 1)
                    if block.openings:
                        return True
                    plan.remove_block(plan.owner[cells[0]])
    for anchor in centre:
        if plan.bare(anchor) and not plan.near(anchor, BUILDING + SHRINE):
            plan.kind[anchor] = SHRINE
            return True
    plan.kind[centre[0]] = SHRINE if plan.bare(centre[0]) else plan.kind[centre[0]]
    return plan.kind[centre[0]] == SHRINE


def _clear_home_row(plan: Plan, r: int, rng: random.Random) -> bool:
    """A home row holds street and its red pair only, the pair on columns that keep the most room."""
    C = plan.cols
    for c in range(C):
        i = r * C + c
        if plan.kind[i] in (SHRINE, FOREST, SHRUB):
            plan.kind[i] = STREET
        elif plan.kind[i] == BUILDING:
            plan.remove_block(plan.owner[i])
        if plan.sewer.get(i, "red") != "red":
            del plan.sewer[i]
    reds = [i for i in range(r * C, r * C + C) if plan.sewer.get(i) == "red"]
    for i in reds:
        del plan.sewer[i]
    spans = max(1, len(reds) // 2)
    width = C // spans
    for k in range(spans):
        for c in red_columns(width, rng):
            plan.sewer[r * C + k * width + c] = "red"
    return True


# -- maps ----------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapSpec:
    players: int = 2
    coop: bool = False
    long: int = 0
    forests: int = 0
    cut_up: bool = False
    jinja: bool = False
    tape_width: float = DEFAULT_TAPE_WIDTH
    segment_rows: int = DEFAULT_SEGMENT_ROWS
    segment_cols: int = DEFAULT_SEGMENT_COLS
    rules_url: str | None = None
    sewer_poppers: bool = False
    play_check: bool = True          # keep only maps greedy bots play to an end on every seating (DESIGN 9)


def check_spec(spec: MapSpec) -> None:
    """Refuses parameters no map can satisfy, before any work (exit 2 at the command line)."""
    seats = table(spec.players, spec.coop)
    for name, value, (low, high) in (("segment-rows", spec.segment_rows, SEGMENT_ROWS_RANGE),
                                     ("segment-cols", spec.segment_cols, SEGMENT_COLS_RANGE)):
        if not low <= value <= high:
            raise InputError(Says(IN_RANGE, field=name, low=low, high=high, value=value))
    if not TAPE_WIDTH_RANGE[0] <= spec.tape_width <= TAPE_WIDTH_RANGE[1]:
        raise InputError(Says(N_("{field}: must be {low:g}..{high:g} mm, got {value:g}"), field="tape-width",
                              low=TAPE_WIDTH_RANGE[0], high=TAPE_WIDTH_RANGE[1], value=spec.tape_width))
    if not 0 <= spec.long <= 4:
        raise InputError(Says(IN_RANGE, field="long", low=0, high=4, value=spec.long))
    if not 0 <= spec.forests <= 30:
        raise InputError(Says(IN_RANGE, field="forests", low=0, high=30, value=spec.forests))
    width = seats.width * spec.segment_cols
    # Drawings DRAWING_GAP cells apart, the first in column 1: the red sewers lie in the gaps between them (the
    # generator makes every seed at the fewest columns this allows, 2-6 players, team play, forests, long maps).
    room = -(-width // (DRAWING_GAP + 1))
    if room < seats.drawings_per_side:
        raise InputError(Says(N_("{field}: {cols} columns a segment leave room for {room} fish and cats on a home row; "
                                 "{players} players draw {drawings} there"), field="segment-cols",
                              cols=spec.segment_cols, room=room, players=spec.players,
                              drawings=seats.drawings_per_side))


def _map_rng(seed: int, what: str, attempt: int) -> random.Random:
    return random.Random(f"cats:{seed}:{what}:{attempt}")


@dataclass
class Base:
    plan: Plan
    pieces: list[Piece]


def base_plan(spec: MapSpec, seed: int, with_forests: bool = True) -> Base:
    """The uncut map: fresh segments first; when the sides stay unequal, point-symmetric maps (the top half is the
    bottom half turned), whose two sides are equally far from their fish."""
    best = None
    for attempt in range(MAP_ATTEMPTS + SYMMETRIC_ATTEMPTS):
        rng = _map_rng(seed, "map", attempt)
        symmetric = attempt >= MAP_ATTEMPTS
        plan, pieces = assemble(spec, rng, symmetric)
        if with_forests and spec.forests:
            stick_forests(plan, spec, rng)
        design = _design(spec, seed, plan, pieces)
        board = Board(design.grid)
        report = validate_map(design, board)
        errors = [v for v in report if not v.rule.startswith("cats.print.")]
        if not errors:
            if not spec.play_check or playable(design):
                return Base(plan, pieces)
            continue
        if not report.errors and all(v.rule == "cats.balance.uneven" for v in errors):
            gap = map_balance(design, board) or 0.0
            if (best is None or gap < best[0]) and (not spec.play_check or playable(design)):
                best = (gap, plan, pieces)
        if _settle(plan, rng, lambda p: _map_check(spec, seed, p, pieces)) and \
                (not spec.play_check or playable(_design(spec, seed, plan, pieces))):
            return Base(plan, pieces)
    if best is not None:
        return Base(best[1], best[2])
    raise InputError(Says(N_("no valid map found for seed {seed} with these parameters; try another seed"), seed=seed))


def playable(design: CatsMap) -> bool:
    """DESIGN 9: greedy bots finish a game on every seating (the play check, one set-up)."""
    from .playtest import first_cut_off  # playtest builds on this module
    return first_cut_off(design) is None


def _map_check(spec: MapSpec, seed: int, plan: Plan, pieces) -> Report:
    return validate_map(_design(spec, seed, plan, pieces))


def assemble(spec: MapSpec, rng: random.Random, symmetric: bool) -> tuple[Plan, list[Piece]]:
    """Segments laid out as a map: the top half turned to face the top player, the bottom half upright, each half
    `width` segments wide."""
    seats = table(spec.players, spec.coop)
    R, C = spec.segment_rows, spec.segment_cols
    layers = 2 + spec.long
    tops = top_layers(layers)
    plan = Plan(layers * R, seats.width * C, layer_rows=R)
    pieces = []
    made: dict[tuple[int, int], Plan] = {}
    for layer in range(layers - 1, -1, -1):          # bottom first, so a symmetric top can copy it
        for j in range(seats.width):
            mirror = layers - 1 - layer
            if symmetric and layer < tops and (mirror, seats.width - 1 - j) in made:
                segment = made[mirror, seats.width - 1 - j]
            else:
                segment = make_segment_plan(rng, R, C)
            made[layer, j] = segment
            plan.paste(segment.turned() if layer < tops else segment, layer * R, j * C)
            pieces.append(Piece(layer=layer + 1, col=j * C + 1, width=C, source=j * C + 1))
    _fit_home_rows(plan, spec, rng)
    pieces.sort(key=lambda p: (p.layer, p.col))
    return plan, pieces


def _fit_home_rows(plan: Plan, spec: MapSpec, rng: random.Random) -> None:
    """Where the segments' red pairs leave too little room for every drawing (5 players on a double-width map), the
    pairs move to columns the packing leaves free."""
    seats = table(spec.players, spec.coop)
    C = plan.cols
    for r in (0, plan.rows - 1):
        free = sum(1 << c for c in range(C) if plan.bare(r * C + c))
        if capacity(free) >= seats.drawings_per_side:
            continue
        reds = sorted(i for i in range(r * C, r * C + C) if plan.sewer.get(i) == "red")
        for i in reds:
            del plan.sewer[i]
        for k in range(0, len(reds), 2):
            span = spec.segment_cols
            start = (reds[k] - r * C) // span * span
            left = [c for c in range(start + 1, start + span // 2) if c % 3 == 1]
            right = [c for c in range(start + span // 2, start + span - 1) if c % 3 == 1]
            for c in (rng.choice(left), rng.choice(right)):
                plan.sewer[r * C + c] = "red"


def stick_forests(plan: Plan, spec: MapSpec, rng: random.Random) -> None:
    """Forest and shrub pieces stuck on bare street, off the home rows, where the map is most open."""
    C = plan.cols
    kind = plan.kind
    around = within(plan.rows, C, 2)
    close = within(plan.rows, C, 1)
    bare = plan.bare_cells()
    wooded = [False] * len(kind)        # a forest or shrub in the cell's 8-neighbourhood
    if FOREST in kind or SHRUB in kind:
        for i, k in enumerate(kind):
            if k == FOREST or k == SHRUB:
                for j in close[i]:
                    wooded[j] = True
    for _ in range(spec.forests):
        shrub = rng.random() < 0.4
        h, w = (1, 1) if shrub else rng.choice(FOREST_PIECES)
        openness_at: dict[int, int] = {}      # bare cells around a cell, until the next piece is stuck on
        offsets = [dr * C + dc for dr in range(h) for dc in range(w)]
        best = None
        for _ in range(40):
            r = rng.randrange(1, plan.rows - h)
            c = rng.randrange(0, C - w + 1)
            corner = r * C + c
            cells = [corner + offset for offset in offsets]
            if not all([bare[i] and not wooded[i] for i in cells]):
                continue
            openness = 0
            for i in cells:
                here = openness_at.get(i)
                if here is None:
                    here = openness_at[i] = sum([bare[j] for j in around[i]])
                openness += here
            if best is None or openness > best[0]:
                best = (openness, cells)
        if best is not None:
            for i in best[1]:
                kind[i] = SHRUB if shrub else FOREST
                bare[i] = False
                for j in close[i]:
                    wooded[j] = True


def _design(spec: MapSpec, seed: int, plan: Plan, pieces, cut_up: bool = False, variant: int | None = None,
            balance: float | None = None) -> CatsMap:
    return CatsMap(players=spec.players, coop=spec.coop, long=spec.long, forests=spec.forests, cut_up=cut_up,
                   variant=variant, jinja=spec.jinja, sewer_poppers=spec.sewer_poppers, tape_width=spec.tape_width, segment_rows=spec.segment_rows,
                   segment_cols=spec.segment_cols, balance=balance, rules_url=spec.rules_url,
                   pieces=tuple(pieces), grid=plan.to_grid(), seed=seed, generator=GENERATOR)
