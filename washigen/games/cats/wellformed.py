"""Load-time checks of Cats designs: a file that breaks these cannot be read at all (exit 2), unlike the rules
(rules.py), which a readable design may break. A grid of another shape than its players and length give it, a
building cell with no building, an opening on no building's wall, a cut-up's pieces that do not cover their layer,
a drawing off the map."""

from __future__ import annotations

from ...errors import DesignFormatError
from ...words import N_, NN_, Says
from .model import (BUILDING, CELL_KINDS, FOREST, SHRINE, SHRUB, SIDE_STEP, STREET, CatsMap, CatsRoll, CatsSegment,
                    CatsSetup, Grid, Opening, map_shape,
                    table)

OUTSIDE = N_("({row}, {col}) is outside the {rows} x {cols} grid")
# A cell's kind as the refusal of a sewer off the street says what it sits on.
CELL_WORDS = {SHRINE: N_("jinja shrine"), BUILDING: N_("building"), FOREST: N_("forest"), SHRUB: N_("shrub")}


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
            raise DesignFormatError(Says(N_("a roll holds at least one segment")), path="segments")
        for k, grid in enumerate(design.segments):
            _check_grid(grid, f"segments[{k}]", (design.segment_rows, design.segment_cols))


def _check_map(design: CatsMap, prefix: str) -> None:
    try:
        shape = map_shape(design)
    except Exception as error:  # an impossible player count and team play
        reason = str(error).split(": ", 1)[-1]
        said = Says(N_("team play is for 4 players (2 v 2) or 6 players (2 v 2 v 2), got {players}"),
                    players=design.players)
        raise DesignFormatError(said if str(said) == reason else reason, path=prefix + "coop") from None
    if design.variant is not None and not design.cut_up:      # as `cats map --variant` without --cut-up
        raise DesignFormatError(Says(N_("only a cut-up map has variants; add {option}"), option='"cut_up": true'),
                                path=prefix + "variant")
    _check_map_shape(design, prefix + "grid", shape)
    _check_grid(design.grid, prefix + "grid", shape)
    rows, cols = shape
    layers = rows // design.segment_rows
    for k, piece in enumerate(design.pieces):
        path = f"{prefix}pieces[{k}]"
        if not 1 <= piece.layer <= layers:
            raise DesignFormatError(Says(N_("{field} must be 1..{most}, got {value}"), field="layer", most=layers,
                                         value=piece.layer), path=path + ".layer")
        for name, value in (("col", piece.col), ("source", piece.source)):
            if piece.width < 1 or value < 1 or value + piece.width - 1 > cols:
                raise DesignFormatError(Says(N_("columns {first}..{last} are outside the map's 1..{cols}"), first=value,
                                             last=value + piece.width - 1, cols=cols), path=f"{path}.{name}")
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
        raise DesignFormatError(Says(N_("a map with {field}: {long} is {layers} segments tall ({rows} rows, {per} a "
                                        "segment); this grid has {height}"), field="long", long=design.long,
                                     layers=layers, rows=rows, per=design.segment_rows, height=len(design.grid.rows)),
                                path=path + ".rows")


def _width_text(design: CatsMap, cols: int, width: int) -> Says:
    values = {"players": design.players, "segments": table(design.players, design.coop).width, "cols": cols,
              "per": design.segment_cols, "width": width}
    if design.coop:
        said = Says(NN_("a {players}-player team map is {segments} segment wide ({cols} columns, {per} a segment); "
                        "this grid has {width}",
                        "a {players}-player team map is {segments} segments wide ({cols} columns, {per} a segment); "
                        "this grid has {width}"), by="segments", **values)
    else:
        said = Says(NN_("a {players}-player map is {segments} segment wide ({cols} columns, {per} a segment); this "
                        "grid has {width}",
                        "a {players}-player map is {segments} segments wide ({cols} columns, {per} a segment); this "
                        "grid has {width}"), by="segments", **values)
    fits = [n for n in range(2, 7) if table(n).width * design.segment_cols == width]
    if len(fits) == 1:
        return Says(N_("{said}, the width of a {players}-player map"), said=said, players=fits[0])
    if fits:
        return Says(N_("{said}, the width of a {first}- or {second}-player map"), said=said,
                    first="- or ".join(str(n) for n in fits[:-1]), second=fits[-1])
    return said


def _check_cut_layer(pieces, layer: int, cols: int, prefix: str) -> None:
    """A layer's pieces are its tape cut along column lines and laid again: where they lie (`col`) and where they
    were cut from (`source`) each cover the layer's columns once, with no gap and no overlap."""
    mine = [(k, piece) for k, piece in enumerate(pieces) if piece.layer == layer]
    if not mine:
        raise DesignFormatError(Says(N_("layer {layer} has no piece; every layer of the map is laid with its pieces"),
                                     layer=layer), path=prefix + "pieces")
    for name, (once, only) in CUT_WORDS.items():
        at = 1
        for k, piece in sorted(mine, key=lambda found: getattr(found[1], name)):
            start = getattr(piece, name)
            if start != at:
                problem = (Says(N_("starts at column {start}, on the piece before it (to column {end})"), start=start,
                                end=at - 1) if start < at else
                           Says(N_("starts at column {start}, leaving columns {first}..{last} out"), start=start,
                                first=at, last=start - 1))
                raise DesignFormatError(Says(once, layer=layer, cols=cols, problem=problem),
                                        path=f"{prefix}pieces[{k}].{name}")
            at = start + piece.width
        if at != cols + 1:
            raise DesignFormatError(Says(only, layer=layer, last=at - 1, cols=cols), path=f"{prefix}pieces")


# How a layer's pieces cover its columns, by the field that places them: where they lie (`col`) and where they were
# cut from (`source`); each a refusal of a piece out of place and one of columns left out at the end.
CUT_WORDS = {
    "col": (N_("layer {layer}'s pieces lie on each of its columns 1..{cols} once; this one {problem}"),
            N_("layer {layer}'s pieces lie on its columns 1..{last} only, not 1..{cols}")),
    "source": (N_("layer {layer}'s pieces are cut from each of its columns 1..{cols} once; this one {problem}"),
               N_("layer {layer}'s pieces are cut from its columns 1..{last} only, not 1..{cols}")),
}


def _check_grid(grid: Grid, path: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    if len(grid.rows) != rows:
        raise DesignFormatError(Says(N_("{count} rows, expected {rows}"), count=len(grid.rows), rows=rows),
                                path=path + ".rows")
    for r, line in enumerate(grid.rows):
        if len(line) != cols:
            raise DesignFormatError(Says(N_("{count} cells, expected {cols} like every row"), count=len(line),
                                         cols=cols), path=f"{path}.rows[{r}]")
        for c, ch in enumerate(line):
            if ch not in CELL_KINDS:
                kinds = " ".join(f"{k} {v}" for k, v in CELL_KINDS.items())
                raise DesignFormatError(Says(N_("unknown cell kind {kind!r} at column {col}; use {kinds}"), kind=ch,
                                             col=c + 1, kinds=kinds), path=f"{path}.rows[{r}]")
    occupied: set[tuple[int, int]] = set()
    for k, sewer in enumerate(grid.sewers):
        here = f"{path}.sewers[{k}]"
        if not (1 <= sewer.row <= rows and 1 <= sewer.col <= cols):
            raise DesignFormatError(Says(OUTSIDE, row=sewer.row, col=sewer.col, rows=rows, cols=cols), path=here)
        kind = grid.rows[sewer.row - 1][sewer.col - 1]
        if kind != STREET:
            raise DesignFormatError(Says(N_("sits on a {kind} cell; sewers lie on street cells"),
                                         kind=Says(CELL_WORDS[kind])), path=here)
        if (sewer.row, sewer.col) in occupied:
            raise DesignFormatError(Says(N_("a second sewer on the same cell")), path=here)
        occupied.add((sewer.row, sewer.col))
    owner: dict[tuple[int, int], int] = {}
    for k, building in enumerate(grid.buildings):
        here = f"{path}.buildings[{k}]"
        if not building.cells:
            raise DesignFormatError(Says(N_("a building has at least one cell")), path=here + ".cells")
        for j, (r, c) in enumerate(building.cells):
            if not (1 <= r <= rows and 1 <= c <= cols):
                raise DesignFormatError(Says(OUTSIDE, row=r, col=c, rows=rows, cols=cols), path=f"{here}.cells[{j}]")
            if grid.rows[r - 1][c - 1] != BUILDING:
                raise DesignFormatError(Says(N_("({row}, {col}) is not a building cell {char!r} in {where}"), row=r,
                                             col=c, char=BUILDING, where=f"rows[{r - 1}]"), path=f"{here}.cells[{j}]")
            if (r, c) in owner:
                raise DesignFormatError(Says(N_("({row}, {col}) already belongs to {other}"), row=r, col=c,
                                             other=f"buildings[{owner[r, c]}]"), path=f"{here}.cells[{j}]")
            owner[r, c] = k
        sides: set[tuple[int, int, str]] = set()
        for j, opening in enumerate(building.openings):
            spot = f"{here}.openings[{j}]"
            if owner.get((opening.row, opening.col)) != k:
                raise DesignFormatError(Says(N_("({row}, {col}) is not a cell of this building"), row=opening.row,
                                             col=opening.col), path=spot)
            # One edge holds one thing: the text form and Tiled draw one there, so a door listed again as a cut
            # (or twice) read back as another design, with another verdict.
            if (opening.row, opening.col, opening.side) in sides:
                raise DesignFormatError(Says(N_("{where} is listed twice; an edge holds one opening, a door or a "
                                                "cut"), where=Says(SIDE_WORDS[opening.side], row=opening.row,
                                                                   col=opening.col)), path=spot)
            sides.add((opening.row, opening.col, opening.side))
            dr, dc = SIDE_STEP[opening.side]
            if owner.get((opening.row + dr, opening.col + dc)) == k:
                raise DesignFormatError(Says(N_("side {side!r} of ({row}, {col}) lies inside the building, not on its "
                                                "wall"), side=opening.side, row=opening.row, col=opening.col),
                                        path=spot + ".side")
            beyond = (opening.row + dr, opening.col + dc)
            inside = 1 <= beyond[0] <= rows and 1 <= beyond[1] <= cols
            if inside and grid.rows[beyond[0] - 1][beyond[1] - 1] == BUILDING:
                raise DesignFormatError(_shared_wall_text(opening, beyond), path=spot + ".side")
    for r, line in enumerate(grid.rows):
        for c, ch in enumerate(line):
            if ch == BUILDING and (r + 1, c + 1) not in owner:
                raise DesignFormatError(Says(N_("the building cell at column {col} belongs to no building"), col=c + 1),
                                        path=f"{path}.rows[{r}]")


# A side of a cell, as the refusal of an opening onto another building names it.
SIDE_WORDS = {"n": N_("the north side of row {row}, column {col}"), "e": N_("the east side of row {row}, column {col}"),
              "s": N_("the south side of row {row}, column {col}"), "w": N_("the west side of row {row}, column {col}")}


def _shared_wall_text(opening: Opening, beyond: tuple[int, int]) -> Says:
    """Why an opening onto another building cannot be in a file. Two buildings that touch share one wall, which
    the print draws whole, the text form writes as a wall and a cut-up keeps shut (variants._join_cut_sides drops
    such an opening): the door would be on no tape. A load refusal, not cats.building.no-opening (a door onto a
    shrine or the map's edge is printed, so that one is a rule broken)."""
    where = Says(SIDE_WORDS[opening.side], row=opening.row, col=opening.col)
    if opening.cut:
        return Says(N_("{where} is marked open by a cut, but it faces the building at row {row}, column {col}: two "
                       "cut sides face to face are one building (list its cells together); any other side that "
                       "touches a building is a wall"), where=where, row=beyond[0], col=beyond[1])
    return Says(N_("the door on {where} opens onto the building at row {row}, column {col}: two buildings that touch "
                   "share one wall, printed whole, so no door can be there; put it on a side that faces a street, "
                   "sewer, forest or shrub"), where=where, row=beyond[0], col=beyond[1])


def check_on_map(drawing, rows: int, cols: int, path: str) -> None:
    """DesignFormatError at `path` where the drawing (a fish or cat) lies off a map of `rows` x `cols` cells."""
    if not (1 <= drawing.row <= rows and 1 <= drawing.col <= cols):
        raise DesignFormatError(Says(N_("({row}, {col}) is outside the {rows} x {cols} map"), row=drawing.row,
                                     col=drawing.col, rows=rows, cols=cols), path=path)


def _check_setup(design: CatsSetup) -> None:
    players = design.map.players
    rows, cols = map_shape(design.map)
    for name, items in (("fish", design.fish), ("cats", design.cats)):
        for k, d in enumerate(items):
            if not 1 <= d.player <= players:
                raise DesignFormatError(Says(N_("must be 1..{most}, got {value}"), most=players, value=d.player),
                                        path=f"{name}[{k}].player")
            check_on_map(d, rows, cols, f"{name}[{k}]")
