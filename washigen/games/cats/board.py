"""A Cats map's cells compiled to bit masks (one bit a cell, row-major, 0-based): the kinds of cells, the open
edges a cat steps through, the buildings and forests a cat fills whole, and reachability over them. The rules
(rules.py), the map maker and the engine all read a map through it.

Reachability and distances are a handful of big-integer shifts per step: a whole map validates in well under a
millisecond.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from .model import BUILDING, CELL_KINDS, FOREST, SHRINE, SHRUB, STREET, Colour, Grid

_ALPHABET = set(CELL_KINDS)


def _kind_table(kinds: str) -> dict[int, str]:
    return {ord(ch): ("1" if ch in kinds else "0") for ch in _ALPHABET}


_TABLES = {k: _kind_table(k) for k in (STREET, SHRINE, BUILDING, FOREST, SHRUB, FOREST + SHRUB)}


class Board:
    """A grid compiled to bit masks. Bit i is cell (i // cols, i % cols), 0-based. `east` holds bit i when a cat
    may step between cell i and i + 1, `south` when it may step between i and i + cols."""

    __slots__ = ("rows", "cols", "n", "street", "sewer", "shrine", "building", "forest", "passable", "east",
                 "south", "region_all", "building_masks", "sewers", "col_start", "full_row", "grid", "inner_east",
                 "inner_south", "enterable", "fill_east", "fill_south", "trees", "region_of", "region_masks", "sewer_count")
    sewers: list[tuple[int, int, Colour]]             # (row, col), 0-based, of each sewer inside the grid
    sewer_count: dict[tuple[int, Colour], int]        # sewers by (row, colour)
    building_masks: list[int]
    enterable: list[bool]                             # per building: an opening leads onto open ground

    def __init__(self, grid: Grid):
        self.grid = grid
        rows = grid.rows
        self.rows = R = len(rows)
        self.cols = C = len(rows[0]) if rows else 0
        self.n = N = R * C
        flat = "".join(rows)
        if len(flat) != N:                       # rows of different lengths: a design that did not load from a file
            flat = "".join(r.ljust(C, SHRINE)[:C] for r in rows)
        backwards = flat[::-1]
        full, self.full_row, self.col_start, last_col = _geometry(R, C)
        not_last = full & ~last_col
        sewer = 0
        self.sewers = sewers = []
        counts: dict[tuple[int, Colour], int] = {}
        self.sewer_count = counts
        for s in grid.sewers:
            r, c = s.row - 1, s.col - 1
            if 0 <= r < R and 0 <= c < C:
                sewer |= 1 << (r * C + c)
                key = (r, s.colour)
                sewers.append((r, c, s.colour))
                counts[key] = counts.get(key, 0) + 1
        self.sewer = sewer
        if N:
            try:
                self.street = int(backwards.translate(_TABLES[STREET]), 2) & ~sewer
            except ValueError:                   # an unknown cell kind: read as a shrine, nobody walks there
                flat = "".join(ch if ch in _ALPHABET else SHRINE for ch in flat)
                backwards = flat[::-1]
                self.street = int(backwards.translate(_TABLES[STREET]), 2) & ~sewer
            self.shrine = int(backwards.translate(_TABLES[SHRINE]), 2)
            self.building = B = int(backwards.translate(_TABLES[BUILDING]), 2)
            self.forest = int(backwards.translate(_TABLES[FOREST + SHRUB]), 2)
        else:
            self.street = self.shrine = self.building = self.forest = B = 0
        self.passable = p = full & ~self.shrine
        self.building_masks = masks = []
        inner_e = inner_s = 0
        self.region_of = region_of = [-1] * N
        # Openings take their edge out of the wall; a building can be entered when one leads onto open ground.
        walkable = p & ~B
        opened_e = opened_s = 0
        self.enterable = enterable = []
        for k, building in enumerate(grid.buildings):
            m = 0
            for r, c in building.cells:
                if 1 <= r <= R and 1 <= c <= C:
                    i = (r - 1) * C + c - 1
                    m |= 1 << i
                    region_of[i] = k
            masks.append(m)
            inner_e |= m & (m >> 1)
            inner_s |= m & (m >> C)
            ok = False
            for o in building.openings:
                edge = _opening_edge(R, C, o.row, o.col, o.side)
                if edge is not None:
                    if edge[0]:
                        opened_e |= edge[1]
                    else:
                        opened_s |= edge[1]
                    if walkable & edge[2]:
                        ok = True
            enterable.append(ok)
        # Walls: every edge between a building cell and any other cell, except an edge inside one building.
        self.inner_east = inner_e = inner_e & not_last
        self.inner_south = inner_s
        walls_e = ((B ^ (B >> 1)) & not_last) | (B & (B >> 1) & not_last & ~inner_e)
        walls_s = (B ^ (B >> C)) & (full >> C) | (B & (B >> C) & ~inner_s)
        shut_e = B & (B >> 1) & not_last & ~inner_e       # between two buildings: never open
        shut_s = B & (B >> C) & ~inner_s
        walls_e &= ~opened_e
        walls_s &= ~opened_s
        self.east = p & (p >> 1) & not_last & ~(walls_e | shut_e)
        self.south = p & (p >> C) & ~(walls_s | shut_s)
        # The edges a filling flood may take: inside one building, or between two cells of one forest (a shrub
        # is a forest of its own).
        self.trees = trees = int(backwards.translate(_TABLES[FOREST]), 2) if self.forest else 0
        self.fill_east = inner_e | (trees & (trees >> 1) & not_last)
        self.fill_south = inner_s | (trees & (trees >> C))
        self.region_masks = list(masks)
        rest = self.forest
        while rest:                              # each forest (and each shrub) is one region more
            part = flood(rest & -rest, self.fill_east, self.fill_south, C) & self.forest
            k = len(self.region_masks)
            self.region_masks.append(part)
            rest &= ~part
            while part:
                low = part & -part
                region_of[low.bit_length() - 1] = k
                part ^= low
        # Only cells that belong to a building or forest fill one (a '#' that no building owns is just a cell).
        region_all = 0
        for m in self.region_masks:
            region_all |= m
        self.region_all = region_all

    def regions(self) -> list[int]:
        """Every building and every forest as a mask."""
        return [m for m in self.region_masks if m]

    def without(self, blocked: int) -> Board:
        """This board with the cells in `blocked` closed: nobody walks onto them."""
        clone = Board.__new__(Board)
        for name in Board.__slots__:
            setattr(clone, name, getattr(self, name))
        clone.passable = self.passable & ~blocked
        clone.east = self.east & ~blocked & ~(blocked >> 1)
        clone.south = self.south & ~blocked & ~(blocked >> self.cols)
        return clone

    # -- helpers ---------------------------------------------------------------------------------------------------
    def row_mask(self, r: int) -> int:
        return self.full_row << (r * self.cols)

    def cell(self, bit_index: int) -> tuple[int, int]:
        """1-based (row, col) of a bit index."""
        return bit_index // self.cols + 1, bit_index % self.cols + 1

    def close_regions(self, new: int) -> int:
        """`new` grown by every building or forest it touches: a cat entering one occupies all of it."""
        touched = new & self.region_all
        masks, region_of = self.region_masks, self.region_of
        while touched:
            m = masks[region_of[(touched & -touched).bit_length() - 1]]
            new |= m
            touched &= ~m
        return new

    def bfs(self, sources: int, targets: int) -> tuple[int, int, int]:
        """Breadth-first search by normal moves from `sources`: (every cell reached, the sum of the distances to
        the targets reached, how many targets were reached). Entering a building or a forest is one step."""
        E, S, C = self.east, self.south, self.cols
        regions, region_of, masks = self.region_all, self.region_of, self.region_masks
        reach = frontier = self.close_regions(sources & self.passable)
        total = 0
        count = (reach & targets).bit_count()
        level = 0
        while frontier:
            grow = ((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C) | ((frontier >> C) & S)
            frontier = grow & ~reach
            if not frontier:
                break
            level += 1
            touched = frontier & regions
            while touched:              # entering a building or forest fills all of it at once
                m = masks[region_of[(touched & -touched).bit_length() - 1]]
                frontier |= m & ~reach
                touched &= ~m
            reach |= frontier
            hits = frontier & targets
            if hits:
                n = hits.bit_count()
                total += level * n
                count += n
        return reach, total, count


def _opening_edge(R: int, C: int, row: int, col: int, side: str) -> tuple[bool, int, int] | None:
    """An opening at (row, col, side), 1-based: (on an east edge?, the edge's bit, the bit of the cell beyond), or
    None where it lies on the border and leads nowhere. Worked out per opening: a table of every cell's four edges
    holds four integers as wide as the map a cell, over 100 MB on the largest maps."""
    r, c = row - 1, col - 1
    if not (0 <= r < R and 0 <= c < C):
        return None
    i = r * C + c
    if side == "e" and c < C - 1:
        return True, 1 << i, 1 << (i + 1)
    if side == "w" and c > 0:
        return True, 1 << (i - 1), 1 << (i - 1)
    if side == "s" and r < R - 1:
        return False, 1 << i, 1 << (i + C)
    if side == "n" and r > 0:
        return False, 1 << (i - C), 1 << (i - C)
    return None


@lru_cache(maxsize=64)
def _geometry(R: int, C: int) -> tuple[int, int, int, int]:
    """(every cell, one row, column 0 of every row, the last column of every row) as masks."""
    col_start = sum(1 << (r * C) for r in range(R))
    return (1 << (R * C)) - 1, (1 << C) - 1, col_start, col_start << (C - 1) if C else 0


def flood(start: int, east: int, south: int, cols: int) -> int:
    """Every cell connected to `start` through open east and south edges."""
    reach = start
    while True:
        grow = reach | ((reach & east) << 1) | ((reach >> 1) & east) | ((reach & south) << cols) | (
            (reach >> cols) & south)
        if grow == reach:
            return reach
        reach = grow


def bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def street_mask(kinds: str) -> int:
    """Bit i set where cell i of the flat string of cell kinds is street (sewers included)."""
    return int(kinds[::-1].translate(_TABLES[STREET]), 2) if kinds else 0

