"""Load-time checks of Cats designs: a file that breaks these cannot be read at all (exit 2), unlike the rules
(rules.py), which a readable design may break. A grid of another shape than its players and length give it, a
building cell with no building, an opening on no building's wall, a cut-up's pieces that do not cover their layer,
a drawing off the map."""

from __future__ import annotations

from ...errors import DesignFormatError
from .model import (BUILDING, CELL_KINDS, SIDE_STEP, STREET, CatsMap, CatsRoll, CatsSegment,
                    CatsSetup, Grid, Opening, map_shape,
                    table)


def check_design(design) -> None:
    if isinstance(design, CatsMap):
        _check_map(design, "")
    elif isinstance(design, CatsSetup):
        _check_map(design.map, "map.")
        _check_setup(design)
    elif isinstance(design, CatsSegment):
        _check_grid(design.grid, "grid", (design.segment_rows, design.segment_cols))
    elif isinstance(design, CatsRoll):
        if not design.segments:
            raise DesignFormatError("a roll holds at least one segment", path="segments")
        for k, grid in enumerate(design.segments):
            _check_grid(grid, f"segments[{k}]", (design.segment_rows, design.segment_cols))


def _check_map(design: CatsMap, prefix: str) -> None:
    try:
        shape = map_shape(design)
    except Exception as error:  # an impossible player count and team play
        raise DesignFormatError(str(error).split(": ", 1)[-1], path=prefix + "coop") from None
    _check_map_shape(design, prefix + "grid", shape)
    _check_grid(design.grid, prefix + "grid", shape)
    rows, cols = shape
    layers = rows // design.segment_rows
    for k, piece in enumerate(design.pieces):
        path = f"{prefix}pieces[{k}]"
        if not 1 <= piece.layer <= layers:
            raise DesignFormatError(f"layer must be 1..{layers}, got {piece.layer}", path=path + ".layer")
        for name, value in (("col", piece.col), ("source", piece.source)):
            if piece.width < 1 or value < 1 or value + piece.width - 1 > cols:
                raise DesignFormatError(f"columns {value}..{value + piece.width - 1} are outside the map's 1..{cols}",
                                        path=f"{path}.{name}")
    if design.pieces:                     # none: a file from before pieces were kept
        for layer in range(1, layers + 1):
            _check_cut_layer(design.pieces, layer, cols, prefix)


def _check_map_shape(design: CatsMap, path: str, shape: tuple[int, int]) -> None:
    """A grid whose rows agree with one another but not with the shape the map's players and length give it (a
    2-player map given `players: 4`), refused in the game's words. A load refusal, not a rule: the file contradicts
    itself, and every rule counted per player (home-row room, fish, sewer pairs across the width, pieces) and the
    print's strips need the map the player count makes."""
    rows, cols = shape
    widths = {len(line) for line in design.grid.rows}
    if len(widths) == 1 and (width := widths.pop()) != cols:
        raise DesignFormatError(_width_text(design, cols, width), path=path + ".rows")
    if len(design.grid.rows) != rows:
        layers = rows // design.segment_rows
        raise DesignFormatError(f"a map with long: {design.long} is {layers} segments tall ({rows} rows, "
                                f"{design.segment_rows} a segment); this grid has {len(design.grid.rows)}",
                                path=path + ".rows")


def _width_text(design: CatsMap, cols: int, width: int) -> str:
    seats = table(design.players, design.coop)
    kind = f"{design.players}-player{' team' if design.coop else ''} map"
    plural = "s" if seats.width > 1 else ""
    said = (f"a {kind} is {seats.width} segment{plural} wide ({cols} columns, {design.segment_cols} a segment); "
            f"this grid has {width}")
    fits = [n for n in range(2, 7) if table(n).width * design.segment_cols == width]
    if fits:
        said += f", the width of a {' or '.join(f'{n}-' for n in fits)}player map"
    return said


def _check_cut_layer(pieces, layer: int, cols: int, prefix: str) -> None:
    """A layer's pieces are its tape cut along column lines and laid again: where they lie (`col`) and where they
    were cut from (`source`) each cover the layer's columns once, with no gap and no overlap."""
    mine = [(k, piece) for k, piece in enumerate(pieces) if piece.layer == layer]
    if not mine:
        raise DesignFormatError(f"layer {layer} has no piece; every layer of the map is laid with its pieces",
                                path=prefix + "pieces")
    for name, what in (("col", "lie on"), ("source", "are cut from")):
        at = 1
        for k, piece in sorted(mine, key=lambda found: getattr(found[1], name)):
            start = getattr(piece, name)
            if start != at:
                problem = (f"starts at column {start}, on the piece before it (to column {at - 1})" if start < at
                           else f"starts at column {start}, leaving columns {at}..{start - 1} out")
                raise DesignFormatError(f"layer {layer}'s pieces {what} each of its columns 1..{cols} once; this one "
                                        f"{problem}", path=f"{prefix}pieces[{k}].{name}")
            at = start + piece.width
        if at != cols + 1:
            raise DesignFormatError(f"layer {layer}'s pieces {what} its columns 1..{at - 1} only, not 1..{cols}",
                                    path=f"{prefix}pieces")


def _check_grid(grid: Grid, path: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    if len(grid.rows) != rows:
        raise DesignFormatError(f"{len(grid.rows)} rows, expected {rows}", path=path + ".rows")
    for r, line in enumerate(grid.rows):
        if len(line) != cols:
            raise DesignFormatError(f"{len(line)} cells, expected {cols} like every row", path=f"{path}.rows[{r}]")
        for c, ch in enumerate(line):
            if ch not in CELL_KINDS:
                kinds = " ".join(f"{k} {v}" for k, v in CELL_KINDS.items())
                raise DesignFormatError(f"unknown cell kind {ch!r} at column {c + 1}; use {kinds}",
                                        path=f"{path}.rows[{r}]")
    occupied: set[tuple[int, int]] = set()
    for k, sewer in enumerate(grid.sewers):
        here = f"{path}.sewers[{k}]"
        if not (1 <= sewer.row <= rows and 1 <= sewer.col <= cols):
            raise DesignFormatError(f"({sewer.row}, {sewer.col}) is outside the {rows} x {cols} grid", path=here)
        kind = grid.rows[sewer.row - 1][sewer.col - 1]
        if kind != STREET:
            raise DesignFormatError(f"sits on a {CELL_KINDS[kind]} cell; sewers lie on street cells", path=here)
        if (sewer.row, sewer.col) in occupied:
            raise DesignFormatError("a second sewer on the same cell", path=here)
        occupied.add((sewer.row, sewer.col))
    owner: dict[tuple[int, int], int] = {}
    for k, building in enumerate(grid.buildings):
        here = f"{path}.buildings[{k}]"
        if not building.cells:
            raise DesignFormatError("a building has at least one cell", path=here + ".cells")
        for j, (r, c) in enumerate(building.cells):
            if not (1 <= r <= rows and 1 <= c <= cols):
                raise DesignFormatError(f"({r}, {c}) is outside the {rows} x {cols} grid", path=f"{here}.cells[{j}]")
            if grid.rows[r - 1][c - 1] != BUILDING:
                raise DesignFormatError(f"({r}, {c}) is not a building cell '#' in rows[{r - 1}]",
                                        path=f"{here}.cells[{j}]")
            if (r, c) in owner:
                raise DesignFormatError(f"({r}, {c}) already belongs to buildings[{owner[r, c]}]",
                                        path=f"{here}.cells[{j}]")
            owner[r, c] = k
        for j, opening in enumerate(building.openings):
            spot = f"{here}.openings[{j}]"
            if owner.get((opening.row, opening.col)) != k:
                raise DesignFormatError(f"({opening.row}, {opening.col}) is not a cell of this building", path=spot)
            dr, dc = SIDE_STEP[opening.side]
            if owner.get((opening.row + dr, opening.col + dc)) == k:
                raise DesignFormatError(f"side {opening.side!r} of ({opening.row}, {opening.col}) lies inside the "
                                        "building, not on its wall", path=spot + ".side")
            beyond = (opening.row + dr, opening.col + dc)
            inside = 1 <= beyond[0] <= rows and 1 <= beyond[1] <= cols
            if inside and grid.rows[beyond[0] - 1][beyond[1] - 1] == BUILDING:
                raise DesignFormatError(_shared_wall_text(opening, beyond), path=spot + ".side")
    for r, line in enumerate(grid.rows):
        for c, ch in enumerate(line):
            if ch == BUILDING and (r + 1, c + 1) not in owner:
                raise DesignFormatError(f"the building cell at column {c + 1} belongs to no building",
                                        path=f"{path}.rows[{r}]")


SIDE_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _shared_wall_text(opening: Opening, beyond: tuple[int, int]) -> str:
    """Why an opening onto another building cannot be in a file. Two buildings that touch share one wall, which
    the print draws whole, the text form writes as a wall and a cut-up keeps shut (variants._join_cut_sides drops
    such an opening): the door would be on no tape. A load refusal, not cats.building.no-opening (a door onto a
    shrine or the map's edge is printed, so that one is a rule broken)."""
    where = f"the {SIDE_NAME[opening.side]} side of row {opening.row}, column {opening.col}"
    if opening.cut:
        return (f"{where} is marked open by a cut, but it faces the building at row {beyond[0]}, column "
                f"{beyond[1]}: two cut sides face to face are one building (list its cells together); any other "
                "side that touches a building is a wall")
    return (f"the door on {where} opens onto the building at row {beyond[0]}, column {beyond[1]}: two buildings "
            "that touch share one wall, printed whole, so no door can be there; put it on a side that faces a "
            "street, sewer, forest or shrub")


def _check_setup(design: CatsSetup) -> None:
    players = design.map.players
    rows, cols = map_shape(design.map)
    for name, items in (("fish", design.fish), ("cats", design.cats)):
        for k, d in enumerate(items):
            if not 1 <= d.player <= players:
                raise DesignFormatError(f"must be 1..{players}, got {d.player}", path=f"{name}[{k}].player")
            if not (1 <= d.row <= rows and 1 <= d.col <= cols):
                raise DesignFormatError(f"({d.row}, {d.col}) is outside the {rows} x {cols} map", path=f"{name}[{k}]")
