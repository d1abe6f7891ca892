"""The Cats validator: every placement rule of DESIGN 5, each with a stable id and the cell it is about.

Rule ids (cells are (row, col), counted from 1):

  cats.sewer.unpaired            warning  a sewer with no partner of its colour in its row
  cats.home-row.no-red-sewer     error    a home row (top or bottom row) without a pair of red sewers
  cats.home-row.room             error    a home row without room for its fish and cats, spaced
  cats.building.no-opening       error    a building with no opening onto a walkable cell
  cats.building.not-connected    error    a building whose cells fall apart
  cats.building.cut-side         error    a side marked open by a cut where no piece of tape was cut
  cats.reach.home-to-home        error    a home-row cell from which the other home row cannot be reached
  cats.reach.sewer-poppers       error    sewer poppers with 2 players or on a map wider than the 2-player one: a
                                          home-row cell from which the other home row cannot be reached without
                                          stepping on a sewer
  cats.reach.pocket              warning  walkable cells that no cat can ever reach
  cats.layout.desert             warning  a 4 x 4 block of bare street, away from the home rows
  cats.layout.wall               warning  7 or more buildings and shrines in a row, side by side
  cats.balance.uneven            warning  one side's cats have clearly farther to go than the other's
  cats.print.cell-too-small      warning  cells under 4 mm (where names the field)
  cats.setup.*                   error    drawn fish and cats (see validate_setup); with 3 players each
                                          player's fish as drawn in turn order (3, 3, 2), with 6 in teams
                                          each team's; a player's or team's count on a home row is placed at
                                          its first drawing over the count, or at the row (where: row) short
                                          of one
  cats.play.stalemate            error    (validate --play) greedy bots do not finish a game (playtest.py)

The map is read through board.Board (bit masks, one bit a cell), so a whole map validates in well under a
millisecond.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator

from ...report import Report, Violation
from ...words import N_, NN_, Says
from .board import Board, bits, flood
from .constants import THREE_PLAYER_TURNS
from .model import (DRAWING_GAP, MIN_CELL_MM, CatsMap, CatsRoll, CatsSegment,
                    CatsSetup, Drawing, Grid, band_holds_qr, cell_size, forest_qr_cells, home_rows, table)

DESERT_ROWS = 4
DESERT_COLS = 4
WALL_RUN = 7
BALANCE_LIMIT = 2.0          # steps of difference in the average there-and-back route

# A home row in the sentences, by its name in Homes.names. German declines these (die obere Heimreihe, der oberen
# Heimreihe), so each is written for the one part of a sentence it fills: the subject with its row, a label in
# brackets, the row a cat must reach (nominative and accusative alike in German) and the whole balance sentence.
HOME_ROW = {"top": N_("The top home row (row {row})"), "bottom": N_("The bottom home row (row {row})"),
            "segment's": N_("The segment's home row (row {row})")}
HOME_ROW_LABEL = {"top": N_("top home row"), "bottom": N_("bottom home row"), "segment's": N_("segment's home row")}
OTHER_HOME_ROW = {"top": N_("the top home row"), "bottom": N_("the bottom home row")}
FARTHER_HOME_ROW = {
    "top": N_("Cats from the top home row need {gap:.1f} steps more on average to fetch a fish and come home than "
              "the other side's (more than {limit:g})."),
    "bottom": N_("Cats from the bottom home row need {gap:.1f} steps more on average to fetch a fish and come home "
                 "than the other side's (more than {limit:g}).")}


def capacity(row_cells: int, gap: int = DRAWING_GAP) -> int:
    """How many drawings fit on the set bits of one row with `gap` empty cells between any two (greedy from the
    left, which is optimal on a line)."""
    count = 0
    step = gap + 1
    while row_cells:
        low = row_cells & -row_cells
        count += 1
        row_cells &= ~(low * ((1 << step) - 1))     # this cell and the next `gap` are taken
    return count


@lru_cache(maxsize=64)
def _run_starts(R: int, C: int, length: int) -> int:
    """Cells where a run of `length` cells to the right stays inside its row."""
    if C < length:
        return 0
    return sum(((1 << (C - length + 1)) - 1) << (r * C) for r in range(R))


# -- the rules ------------------------------------------------------------------------------------------------------

@dataclass
class Homes:
    """What the reach, room and balance rules need to know about the rows people draw on."""
    rows: tuple[int, ...]              # 0-based home rows
    names: tuple[str, ...]             # "top", "bottom"
    needed: int                        # drawings each home row must hold
    far: tuple[int, ...] | None = None  # the row each home row must reach (default: the other home row)


def check_sewers(board: Board) -> list[Violation]:
    counts = board.sewer_count
    if all(n >= 2 for n in counts.values()):
        return []
    found = []
    for r, c, colour in board.sewers:
        if counts[r, colour] < 2:
            found.append(Violation.warning(
                "cats.sewer.unpaired", Says(N_("The {colour} sewer has no {colour} partner in row {row}, so nobody "
                                               "can pop through it."), colour=Says(colour), row=r + 1),
                cell=(r + 1, c + 1)))
    return found


def check_red_home_rows(board: Board, homes: Homes) -> list[Violation]:
    found = []
    for r, name in zip(homes.rows, homes.names):
        if board.sewer_count.get((r, "red"), 0) >= 2:
            continue
        reds = [c for rr, c, colour in board.sewers if rr == r and colour == "red"]
        have = N_("no red sewer") if not reds else N_("only one red sewer")
        found.append(Violation.error(
            "cats.home-row.no-red-sewer", Says(N_("{home} has {have}; a home row holds a red pair."),
                                               home=Says(HOME_ROW[name], row=r + 1), have=Says(have)),
            cell=(r + 1, (reds[0] if reds else 0) + 1)))
    return found


def check_room(board: Board, homes: Homes) -> list[Violation]:
    found = []
    for r, name in zip(homes.rows, homes.names):
        free = (board.street >> (r * board.cols)) & board.full_row
        room = capacity(free)
        if room < homes.needed:
            found.append(Violation.error(
                "cats.home-row.room", Says(N_("{home} has room for {room} fish and cats with {gap} empty cells "
                                              "between them; {needed} must fit."),
                                           home=Says(HOME_ROW[name], row=r + 1), room=room, gap=DRAWING_GAP,
                                           needed=homes.needed), cell=(r + 1, 1)))
    return found


def check_buildings(board: Board) -> list[Violation]:
    found = []
    # One flood through the edges inside buildings, from one cell of each: what it misses has fallen apart.
    seeds = 0
    for m in board.building_masks:
        seeds |= m & -m
    whole = flood(seeds, board.inner_east, board.inner_south, board.cols)
    for m, enterable in zip(board.building_masks, board.enterable):
        if m and (not enterable or m & ~whole):
            first = board.cell((m & -m).bit_length() - 1)
            if m & ~whole:
                found.append(Violation.error(
                    "cats.building.not-connected", Says(N_("The building at row {row}, column {col} falls apart into "
                                                           "pieces that do not touch."), row=first[0], col=first[1]),
                    cell=first))
            if not enterable:
                found.append(Violation.error(
                    "cats.building.no-opening", Says(N_("The building at row {row}, column {col} has no opening onto "
                                                        "a cell a cat can stand on, so it can never be entered."),
                                                     row=first[0], col=first[1]), cell=first))
    return found


@dataclass
class Routes:
    """The searches towards each home row's far side, kept for the reach and balance rules."""
    reach: list[int]                   # every cell from which home row k's far side (its fish) can be reached
    mean: list[float | None]           # average steps from home row k's free cells to the nearest far fish cell


def routes(board: Board, homes: Homes) -> Routes:
    """One search a home row, started from its far side: from the other home row's free cells (where fish lie), or
    from every cell of the far edge for a segment alone. Moves are undirected, so the distance from the far side
    to a cat's starting cell is the cat's distance to the far side."""
    searches = []
    for index, r in enumerate(homes.rows):
        if homes.far is None:
            sources = board.street & board.row_mask(homes.rows[len(homes.rows) - 1 - index])
        else:
            sources = board.passable & board.row_mask(homes.far[index])
        searches.append((sources, board.street & board.row_mask(r)))
    found = [board.bfs(*search) for search in searches]
    return Routes([cells for cells, _, _ in found], [total / count if count else None for _, total, count in found])


def check_reach(board: Board, homes: Homes, found_routes: Routes) -> list[Violation]:
    found = []
    open_cells = board.street | board.sewer
    for index, (r, name) in enumerate(zip(homes.rows, homes.names)):
        stuck = open_cells & board.row_mask(r) & ~found_routes.reach[index]
        if homes.far is None:
            target = Says(OTHER_HOME_ROW[homes.names[len(homes.rows) - 1 - index]])
        else:
            target = Says(N_("row {row}"), row=homes.far[index] + 1)
        for bit in bits(stuck):
            found.append(Violation.error(
                "cats.reach.home-to-home", Says(N_("From row {row} ({home}) a cat cannot reach {target} by normal "
                                                   "moves."), row=r + 1, home=Says(HOME_ROW_LABEL[name]),
                                                target=target), cell=board.cell(bit)))
    reached = 0
    for cells in found_routes.reach:
        reached |= cells
    pockets = board.passable & ~reached
    for m, enterable in zip(board.building_masks, board.enterable):
        if not enterable:                # already reported as cats.building.no-opening
            pockets &= ~m
    C = board.cols
    last_col = board.col_start << (C - 1)
    east = board.east & pockets & (pockets >> 1) & ~last_col
    south = board.south & pockets & (pockets >> C)
    while pockets:
        low = pockets & -pockets
        part = board.close_regions(flood(low, east, south, C)) & pockets
        row, col = board.cell(low.bit_length() - 1)
        found.append(Violation.warning(
            "cats.reach.pocket", Says(NN_("{cells} cell from row {row}, column {col} on cannot be reached from any "
                                          "home row.", "{cells} cells from row {row}, column {col} on cannot be "
                                          "reached from any home row."), by="cells", cells=part.bit_count(), row=row,
                                      col=col), cell=(row, col)))
        pockets &= ~(part | low)
    return found


def check_balance(homes: Homes, found_routes: Routes) -> list[Violation]:
    gap = balance_gap(found_routes)
    if gap is None or gap <= BALANCE_LIMIT:
        return []
    means = found_routes.mean
    longer = 0 if (means[0] or 0) > (means[1] or 0) else 1
    return [Violation.warning(
        "cats.balance.uneven", Says(FARTHER_HOME_ROW[homes.names[longer]], gap=gap, limit=BALANCE_LIMIT),
        cell=(homes.rows[longer] + 1, 1))]


def balance_gap(found_routes: Routes) -> float | None:
    """The gap between the two sides' average there-and-back routes, in steps."""
    means = found_routes.mean
    if len(means) != 2 or means[0] is None or means[1] is None:
        return None
    return round(abs(means[0] - means[1]) * 2, 2)


def check_desert(board: Board, exclude_rows: Iterable[int]) -> list[Violation]:
    bare = board.street
    for r in exclude_rows:
        bare &= ~board.row_mask(r)
    return [Violation.warning(
        "cats.layout.desert", Says(N_("The {rows} x {cols} cells from row {row}, column {col} on are bare street: "
                                      "nothing to steer around there."), rows=DESERT_ROWS, cols=DESERT_COLS,
                                   row=r + 1, col=c + 1), cell=(r + 1, c + 1))
        for r, c in desert_corners(bare, board.rows, board.cols)]


def desert_corners(bare: int, R: int, C: int, first_only: bool = False) -> list[tuple[int, int]]:
    """The top left cells (0-based) of the DESERT_ROWS x DESERT_COLS blocks of `bare` cells, one for each group of
    overlapping blocks; with `first_only`, only the first (enough to reject a try)."""
    if C < DESERT_COLS or R < DESERT_ROWS:
        return []
    run = bare
    for k in range(1, DESERT_COLS):
        run &= bare >> k
    run &= _run_starts(R, C, DESERT_COLS)
    block = run
    for k in range(1, DESERT_ROWS):
        block &= run >> (k * C)
    found = []
    full_row = (1 << C) - 1
    while block:
        bit = (block & -block).bit_length() - 1
        r, c = divmod(bit, C)
        found.append((r, c))
        if first_only:
            break
        span = (1 << (2 * DESERT_COLS - 1)) - 1           # windows overlapping this one start in this box
        cols = (span << (c - DESERT_COLS + 1) if c >= DESERT_COLS - 1 else span >> (DESERT_COLS - 1 - c)) \
            & full_row
        for rr in range(max(0, r - DESERT_ROWS + 1), min(R, r + DESERT_ROWS)):
            block &= ~(cols << (rr * C))
    return found


def check_wall(board: Board) -> list[Violation]:
    C = board.cols
    if C < WALL_RUN:
        return []
    solid = board.shrine | board.building
    run = solid
    for k in range(1, WALL_RUN):
        run &= solid >> k
    run &= _run_starts(board.rows, C, WALL_RUN)
    found = []
    while run:
        bit = (run & -run).bit_length() - 1
        r, c = divmod(bit, C)
        found.append(Violation.warning(
            "cats.layout.wall", Says(N_("Row {row} is blocked by {run} or more buildings and shrines side by side "
                                        "from column {col} on."), row=r + 1, run=WALL_RUN, col=c + 1),
            cell=(r + 1, c + 1)))
        run &= ~board.row_mask(r)
    return found


def check_print(tape_width: float, segment_rows: int) -> list[Violation]:
    size = cell_size(tape_width, segment_rows)
    if size >= MIN_CELL_MM - 1e-9:
        return []
    return [Violation.warning(
        "cats.print.cell-too-small", Says(N_("Cells are {size:g} mm, under {least:g} mm: too small to draw fish and "
                                             "cats in. Use wider tape or fewer rows."),
                                          size=_mm(size), least=_mm(MIN_CELL_MM)), field="tape_width")]


def _mm(value: float) -> float:
    """A length as units.format_mm prints it, kept a number so that a German sentence gives it the decimal comma:
    `{size:g}` of round(12.0, 2) is "12", of round(63.456, 2) "63.46"."""
    return round(float(value), 2)


def check_rules_qr(url: str | None, holds: bool, place: Says) -> list[Violation]:
    """A rules URL whose QR code the place cannot print scannably (modules of 0.4 mm, a 4-module quiet zone)."""
    if not url or holds:
        return []
    from ...qr import min_qr_size

    return [Violation.warning(
        "cats.print.qr-left-out", Says(N_("The rules' QR code needs {size:g} mm square to scan; {place} cannot hold "
                                          "it, so it is left out. Print the address on the rule sheet, or use wider "
                                          "tape."), size=_mm(min_qr_size(url)), place=place),
        field="rules_url")]


# -- designs ----------------------------------------------------------------------------------------------------------

def map_homes(design: CatsMap) -> Homes:
    top, bottom = home_rows(design)
    needed = table(design.players, design.coop).drawings_per_side
    return Homes((top - 1, bottom - 1), ("top", "bottom"), needed)


def validate_map(design: CatsMap, board: Board | None = None) -> Report:
    board = board or Board(design.grid)
    homes = map_homes(design)
    found_routes = routes(board, homes)
    violations = (check_red_home_rows(board, homes) + check_room(board, homes) + check_buildings(board)
                  + check_reach(board, homes, found_routes) + check_sewers(board)
                  + check_desert(board, homes.rows) + check_wall(board) + check_balance(homes, found_routes)
                  + check_print(design.tape_width, design.segment_rows)
                  + check_rules_qr(design.rules_url, band_holds_qr(design.rules_url, cell_size(
                      design.tape_width, design.segment_rows)) if design.rules_url else True,
                                   Says(N_("the player band"))))
    if design.sewer_poppers and poppers_keep_off_sewers(design.players, design.coop):
        violations += check_popper_reach(board, homes)
    return Report.of(violations + check_cut_sides(design))


def check_cut_sides(design: CatsMap) -> list[Violation]:
    """A side left open by a cut lies on an edge of the piece holding it, where scissors cut that piece from inside
    its layer (not on the layer's own ends, where a wall was printed). Laid out anew, that edge may meet another
    piece or the map's own edge: both are a cut-up the rules allow."""
    cut_edges: set[tuple[int, int, str]] = set()     # (layer, column, side) of a piece's edge made by scissors
    layer_cols: dict[int, int] = {}
    for piece in design.pieces:
        layer_cols[piece.layer] = layer_cols.get(piece.layer, 0) + piece.width
    for piece in design.pieces:
        if piece.source > 1:
            cut_edges.add((piece.layer, piece.col, "w"))
        if piece.source + piece.width - 1 < layer_cols[piece.layer]:
            cut_edges.add((piece.layer, piece.col + piece.width - 1, "e"))
    found = []
    for building in design.grid.buildings:
        for o in building.openings:
            if not o.cut:
                continue
            layer = (o.row - 1) // design.segment_rows + 1
            if (layer, o.col, o.side) not in cut_edges:
                found.append(Violation.error(
                    "cats.building.cut-side", Says(N_("The building side at row {row}, column {col} ({side}) is "
                                                      "marked as left open by a cut, but no piece of tape was cut "
                                                      "there."), row=o.row, col=o.col, side=o.side),
                    cell=(o.row, o.col)))
    return found


def poppers_keep_off_sewers(players: int, coop: bool = False) -> bool:
    """Do sewer poppers forbid stepping on a sewer? With 2 players, and on a map wider than the standard 2-player
    one (4 to 6 competitive players); on a standard-width map (3 players, 4- and 6-player team play) sewers are
    stepped on, and blocked, as usual."""
    return players == 2 or table(players, coop).width > 1


def check_popper_reach(board: Board, homes: Homes) -> list[Violation]:
    """Where sewer poppers forbid stepping on a sewer: every home-row cell must still reach the other home row (and
    so its fish) around them."""
    dry = board.without(board.sewer)
    found_routes = routes(dry, homes)
    found = []
    for index, (r, name) in enumerate(zip(homes.rows, homes.names)):
        stuck = board.street & board.row_mask(r) & ~found_routes.reach[index]
        for bit in bits(stuck):
            found.append(Violation.error(
                "cats.reach.sewer-poppers", Says(N_("With sewer poppers, a cat from row {row} ({home}) cannot reach "
                                                    "the other home row without stepping on a sewer."),
                                                 row=r + 1, home=Says(HOME_ROW_LABEL[name])), cell=board.cell(bit)))
    return found


def map_balance(design: CatsMap, board: Board | None = None) -> float | None:
    """The balance score of a map: the gap, in steps, between the two sides' average there-and-back routes."""
    board = board or Board(design.grid)
    return balance_gap(routes(board, map_homes(design)))


def validate_grid_segment(grid: Grid) -> list[Violation]:
    """A segment alone: its home row (the last) holds a red pair and room for a 2-player side, and reaches the
    segment's far edge (row 1), where the other side of a map joins."""
    board = Board(grid)
    last = board.rows - 1
    homes = Homes((last,), ("segment's",), table(2).drawings_per_side, far=(0,))
    found_routes = routes(board, homes)
    return (check_red_home_rows(board, homes) + check_room(board, homes) + check_buildings(board)
            + check_reach(board, homes, found_routes) + check_sewers(board) + check_desert(board, (last,))
            + check_wall(board))


def validate_segment(design: CatsSegment) -> Report:
    return Report.of(validate_grid_segment(design.grid) + check_print(design.tape_width, design.segment_rows))


def validate_roll(design: CatsRoll) -> Report:
    found = []
    for number, grid in enumerate(design.segments, start=1):
        for v in validate_grid_segment(grid):
            found.append(Violation.of(v.rule, v.severity, Says(N_("Segment {number}: {message}"), number=number,
                                                               message=v.says or v.message),
                                      {"segment": number, **v.where}))
    s = cell_size(design.tape_width, design.segment_rows)
    holds = bool(design.rules_url and forest_qr_cells(design.rules_url, design.segment_rows, s) > 0)
    return Report.of(found + check_print(design.tape_width, design.segment_rows)
                     + check_rules_qr(design.rules_url, holds, Says(N_("the forest section"))))


def validate(design) -> Report:
    if isinstance(design, CatsMap):
        return validate_map(design)
    if isinstance(design, CatsSetup):
        return validate_setup(design)
    if isinstance(design, CatsSegment):
        return validate_segment(design)
    if isinstance(design, CatsRoll):
        return validate_roll(design)
    raise TypeError(f"not a Cats design: {type(design).__name__}")


# -- set-ups -----------------------------------------------------------------------------------------------------------

def validate_setup(design: CatsSetup) -> Report:
    game_map = design.map
    board = Board(game_map.grid)
    found = list(validate_map(game_map, board))
    found += check_setup_cells(design, board)
    found += check_setup_counts(design)
    found += check_setup_spacing(design)
    found += check_setup_routes(design, board)
    return Report.of(found)


def _drawings(design: CatsSetup) -> Iterator[tuple[str, Drawing]]:
    for kind, items in (("fish", design.fish), ("cat", design.cats)):
        for d in items:
            yield kind, d


# A fish or a cat in a sentence: German gives them genders of their own (der Fisch, die Katze), so each is a sentence.
OFF_HOME_ROW = {
    "fish": N_("Player {player}'s fish at row {row}, column {col} is not on a home row (row {top} or {bottom})."),
    "cat": N_("Player {player}'s cat at row {row}, column {col} is not on a home row (row {top} or {bottom}).")}
DRAWN_ON = {
    "fish": N_("Player {player}'s fish at row {row}, column {col} is drawn on a {what}; fish and cats go on empty "
               "street cells."),
    "cat": N_("Player {player}'s cat at row {row}, column {col} is drawn on a {what}; fish and cats go on empty "
              "street cells.")}
TOO_CLOSE = {
    ("fish", "fish"): N_("Player {player}'s fish at row {row}, column {col} is too close to the fish at row "
                         "{other_row}, column {other_col}: leave {gap} empty cells between drawings."),
    ("fish", "cat"): N_("Player {player}'s fish at row {row}, column {col} is too close to the cat at row "
                        "{other_row}, column {other_col}: leave {gap} empty cells between drawings."),
    ("cat", "fish"): N_("Player {player}'s cat at row {row}, column {col} is too close to the fish at row "
                        "{other_row}, column {other_col}: leave {gap} empty cells between drawings."),
    ("cat", "cat"): N_("Player {player}'s cat at row {row}, column {col} is too close to the cat at row "
                       "{other_row}, column {other_col}: leave {gap} empty cells between drawings.")}
# A home row's count of fish or of cats against the count its side needs: a sentence for each row and kind.
ROW_HOLDS = {
    ("top", "fish"): N_("The top home row holds {have} fish; with {players} it holds {per_side}."),
    ("bottom", "fish"): N_("The bottom home row holds {have} fish; with {players} it holds {per_side}."),
    ("top", "cats"): N_("The top home row holds {have} cats; with {players} it holds {per_side}."),
    ("bottom", "cats"): N_("The bottom home row holds {have} cats; with {players} it holds {per_side}.")}


def check_setup_cells(design: CatsSetup, board: Board) -> list[Violation]:
    top, bottom = home_rows(design.map)
    found = []
    for kind, d in _drawings(design):
        where = (d.row, d.col)
        if d.row not in (top, bottom):
            found.append(Violation.error(
                "cats.setup.off-home-row", Says(OFF_HOME_ROW[kind], player=d.player, row=d.row, col=d.col, top=top,
                                                bottom=bottom), cell=where))
        if not (1 <= d.row <= board.rows and 1 <= d.col <= board.cols):
            continue
        bit = 1 << ((d.row - 1) * board.cols + d.col - 1)
        if not board.street & bit:
            found.append(Violation.error(
                "cats.setup.blocked-cell", Says(DRAWN_ON[kind], player=d.player, row=d.row, col=d.col,
                                                what=_what_is(board, bit)), cell=where))
    return found


def _what_is(board: Board, bit: int) -> Says:
    """What a drawing stands on where it may not ("drawn on a sewer", "auf einem Gully gezeichnet")."""
    if board.sewer & bit:
        return Says(N_("sewer"))
    if board.shrine & bit:
        return Says(N_("jinja shrine"))
    if board.building & bit:
        return Says(N_("building"))
    return Says(N_("forest"))


def check_setup_counts(design: CatsSetup) -> list[Violation]:
    game_map = design.map
    seats = table(game_map.players, game_map.coop)
    top, bottom = home_rows(game_map)
    found = []
    for kind, items, per_side in (("fish", design.fish, seats.fish_per_side),
                                  ("cats", design.cats, seats.cats_per_side)):
        for row, name in ((top, "top"), (bottom, "bottom")):
            have = sum(1 for d in items if d.row == row)
            if have != per_side:
                found.append(Violation.error(
                    f"cats.setup.{'fish' if kind == 'fish' else 'cat'}-count",
                    Says(ROW_HOLDS[name, kind], have=have, players=_players_text(seats), per_side=per_side),
                    cell=(row, 1)))
    found += _per_player_counts(design, seats, top, bottom)
    if seats.coop:
        found += _team_cat_sides(design, seats, top, bottom)
    if seats.coop and seats.teams == 3:
        found += _three_team_fish(design, seats, top)
    return found


def _three_team_fish(design: CatsSetup, seats, top: int) -> list[Violation]:
    """6 players in teams set up as the 3-player game, the teams drawing the 8 fish in turn: 3, 3 and 2 a team."""
    found = []
    for team in range(1, 4):
        fish = [d for d in design.fish if seats.team(d.player) == team]
        if len(fish) != THREE_PLAYER_FISH[team]:
            found.append(Violation.error(
                "cats.setup.fish-count", Says(NN_("Team {team} drew {fish} fish; with 6 players in teams the game is "
                                                  "set up as with 3 players, the teams drawing the 8 fish one at a "
                                                  "time in turn, so team {team} draws {want}.",
                                                  "Team {team} drew {fish} fish; with 6 players in teams the game is "
                                                  "set up as with 3 players, the teams drawing the 8 fish one at a "
                                                  "time in turn, so team {team} draws {want}."), by="fish",
                                              team=team, fish=len(fish), want=THREE_PLAYER_FISH[team]),
                cell=(fish[0].row, fish[0].col) if fish else (top, 1)))
    return found


def _players_text(seats) -> Says:
    if seats.coop:
        return Says(N_("{players} players in teams"), players=seats.players)
    return Says(N_("{players} players"), players=seats.players)


def _per_player_counts(design: CatsSetup, seats, top: int, bottom: int) -> list[Violation]:
    found = []
    row_of = {"top": top, "bottom": bottom}
    for player in range(1, seats.players + 1):
        fish = [d for d in design.fish if d.player == player]
        cats = [d for d in design.cats if d.player == player]
        if seats.coop:
            found += _team_player_counts(player, fish, cats, seats, row_of)
            continue
        for row in (top, bottom):
            side = _home_row_text(row, top)
            mine = sum(1 for d in cats if d.row == row)
            if mine != 1:
                found.append(Violation.error(
                    "cats.setup.cat-count", Says(NN_("Player {player} has {mine} cat on {side}; everybody draws "
                                                     "one cat on each home row.", "Player {player} has {mine} cats on "
                                                     "{side}; everybody draws one cat on each home row."), by="mine",
                                                 player=player, mine=mine, side=side),
                    **_count_place(cats, 1, row)))
            if seats.players != 3:
                mine = sum(1 for d in fish if d.row == row)
                if mine != 2:
                    found.append(Violation.error(
                        "cats.setup.fish-count", Says(NN_("Player {player} drew {mine} fish on {side}; everybody "
                                                          "draws two fish on each home row.", "Player {player} drew "
                                                          "{mine} fish on {side}; everybody draws two fish on each "
                                                          "home row."), by="mine",
                                                      player=player, mine=mine, side=side),
                        **_count_place(fish, 2, row)))
        if seats.players == 3 and len(fish) != THREE_PLAYER_FISH[player]:
            found.append(Violation.error(
                "cats.setup.fish-count", Says(NN_("Player {player} drew {fish} fish; with 3 players the 8 fish are "
                                                  "drawn one at a time in turn order, so player {player} draws "
                                                  "{want}.", "Player {player} drew {fish} fish; with 3 players the 8 "
                                                  "fish are drawn one at a time in turn order, so player {player} "
                                                  "draws {want}."), by="fish", player=player, fish=len(fish),
                                              want=THREE_PLAYER_FISH[player]),
                cell=(fish[0].row, fish[0].col) if fish else (top, 1)))
    return found


THREE_PLAYER_FISH = Counter(THREE_PLAYER_TURNS)     # 8 fish drawn in turn: 3, 3 and 2


def _home_row_text(row: int, top: int) -> Says:
    """A home row as the row a drawing is put on ("in die obere Heimreihe (Reihe 1)" in German)."""
    if row == top:
        return Says(N_("the top home row (row {row})"), row=row)
    return Says(N_("the bottom home row (row {row})"), row=row)


def _count_place(drawings, want: int, row: int) -> dict[str, tuple[int, int] | int]:
    """Where a player's (or team's) count on a home row is wrong: the first drawing beyond the count, which is the
    one to rub out, or the row itself where one is missing (the studio marks either)."""
    on_row = [d for d in drawings if d.row == row]
    if len(on_row) > want:
        return {"cell": (on_row[want].row, on_row[want].col)}
    return {"row": row}


def _team_player_counts(player: int, fish, cats, seats, row_of) -> list[Violation]:
    """Team play: each player draws one cat, and their fish on the side opposite that cat."""
    found = []
    if len(cats) != 1:
        found.append(Violation.error(
            "cats.setup.cat-count", Says(N_("Player {player} drew {cats} cats; in team play each player draws one."),
                                         player=player, cats=len(cats)),
            cell=(cats[1].row, cats[1].col) if len(cats) > 1 else (row_of["bottom"], 1)))
    cat_row = cats[0].row if cats else None
    for d in fish:
        if d.row == cat_row:
            found.append(Violation.error(
                "cats.setup.fish-own-side", Says(N_("Player {player}'s fish at row {row}, column {col} is on their "
                                                    "own cat's side; their fish go on the other side."),
                                                 player=player, row=d.row, col=d.col), cell=(d.row, d.col)))
    low, high = (2, 2) if seats.players == 4 else (1, 2)
    if not low <= len(fish) <= high:
        need: int | Says = low if low == high else Says(N_("{low} or {high}"), low=low, high=high)
        found.append(Violation.error(
            "cats.setup.fish-count", Says(NN_("Player {player} drew {fish} fish; in team play each player draws "
                                              "{need}.", "Player {player} drew {fish} fish; in team play each player "
                                              "draws {need}."), by="fish", player=player, fish=len(fish), need=need),
            cell=(fish[-1].row, fish[-1].col) if fish else (row_of["top"], 1)))
    return found


def _team_cat_sides(design: CatsSetup, seats, top: int, bottom: int) -> list[Violation]:
    found = []
    for team in range(1, seats.teams + 1):
        cats = [d for d in design.cats if seats.team(d.player) == team]
        for row in (top, bottom):
            have = sum(1 for d in cats if d.row == row)
            if have != 1:
                found.append(Violation.error(
                    "cats.setup.cat-count", Says(NN_("Team {team} has {have} cat on {side}; a team draws one cat "
                                                     "on each home row.", "Team {team} has {have} cats on {side}; a "
                                                     "team draws one cat on each home row."), by="have", team=team,
                                                 have=have, side=_home_row_text(row, top)),
                    **_count_place(cats, 1, row)))
    return found


def check_setup_spacing(design: CatsSetup) -> list[Violation]:
    """Each drawing against the first drawn before it that lies too close. The drawings seen are kept by cell (the
    first on each), so a drawing looks at the cells around it, not at every drawing before it: a file's 40,000
    drawings heaped on a few cells took minutes."""
    seen: list[tuple[str, Drawing]] = []
    first_at: dict[tuple[int, int], int] = {}      # cell -> index in seen of the first drawing on it
    reach = range(-DRAWING_GAP, DRAWING_GAP + 1)
    found = []
    for kind, d in _drawings(design):
        near = [k for dr in reach for dc in reach if (k := first_at.get((d.row + dr, d.col + dc))) is not None]
        if near:
            other_kind, o = seen[min(near)]
            found.append(Violation.error(
                "cats.setup.spacing", Says(TOO_CLOSE[kind, other_kind], player=d.player, row=d.row, col=d.col,
                                           other_row=o.row, other_col=o.col, gap=DRAWING_GAP),
                cell=(d.row, d.col)))
        first_at.setdefault((d.row, d.col), len(seen))
        seen.append((kind, d))
    return found


def check_setup_routes(design: CatsSetup, board: Board) -> list[Violation]:
    """Every cat can reach a fish on the far side and come back, around the other drawings."""
    C = board.cols
    top, bottom = home_rows(design.map)

    def bit(d) -> int:
        if not (1 <= d.row <= board.rows and 1 <= d.col <= C):
            return 0
        return 1 << ((d.row - 1) * C + d.col - 1)

    cats = [bit(d) for d in design.cats]
    fish_by_row = {top: 0, bottom: 0}
    for d in design.fish:
        if d.row in fish_by_row:
            fish_by_row[d.row] |= bit(d)
    every_cat = 0
    for own in cats:
        every_cat |= own               # or'd, not added: two cats on one cell were a carry onto the next cell
    reaches: dict[int, bool] = {}      # by the cat's cell: a file's cats may be heaped on a few cells
    found = []
    for d, own in zip(design.cats, cats):
        if not own or d.row not in fish_by_row:
            continue
        if own not in reaches:
            far = bottom if d.row == top else top
            sub = board.without(fish_by_row[d.row] | (every_cat & ~own))
            reaches[own] = bool(sub.bfs(own, fish_by_row[far])[2])
        if not reaches[own]:
            found.append(Violation.warning(
                "cats.setup.cut-off", Says(N_("Player {player}'s cat at row {row}, column {col} cannot reach any fish "
                                              "on the far side around the other drawings."),
                                           player=d.player, row=d.row, col=d.col), cell=(d.row, d.col)))
    return found
