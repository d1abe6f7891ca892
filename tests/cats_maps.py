"""Hand-made Cats maps for the tests: a small valid map, and helpers to break it one rule at a time.

The map: 2 players, segments of 4 rows x 18 columns (8 x 18 cells), the top half the bottom half turned, so that
both sides are exactly as far from their fish. Rows and columns count from 1.
"""

from __future__ import annotations

from dataclasses import replace

from washigen.games.cats.model import Building, CatsMap, CatsSetup, Drawing, Grid, Opening, Piece, Sewer

BOTTOM = (
    "..................",      # row 5: sewers at 3 7 11 15 (below)
    "....##............",      # row 6: a building, its door on top
    ".........J........",      # row 7: a shrine
    "..................",      # row 8: the bottom home row, red pair at 2 and 17
)
BOTTOM_SEWERS = ((5, 3, "blue"), (5, 7, "green"), (5, 11, "green"), (5, 15, "blue"), (8, 2, "red"), (8, 17, "red"))
BOTTOM_BUILDINGS = ((((6, 5), (6, 6)), ((6, 5, "n"),)),)
COLS = 18
ROWS = 8


def _turn(row: int, col: int) -> tuple[int, int]:
    return ROWS + 1 - row, COLS + 1 - col


def valid_grid() -> Grid:
    rows = tuple(line[::-1] for line in reversed(BOTTOM)) + BOTTOM
    sewers = []
    for r, c, colour in BOTTOM_SEWERS:
        sewers.append(Sewer(row=r, col=c, colour=colour))
        tr, tc = _turn(r, c)
        sewers.append(Sewer(row=tr, col=tc, colour=colour))
    buildings = []
    turned = {"n": "s", "s": "n", "e": "w", "w": "e"}
    for cells, doors in BOTTOM_BUILDINGS:
        buildings.append(Building(cells=cells, openings=tuple(Opening(row=r, col=c, side=s) for r, c, s in doors)))
        buildings.append(Building(cells=tuple(sorted(_turn(r, c) for r, c in cells)),
                                  openings=tuple(Opening(row=_turn(r, c)[0], col=_turn(r, c)[1], side=turned[s])
                                                 for r, c, s in doors)))
    buildings.sort(key=lambda b: b.cells[0])            # reading order, as generated maps and the text form list them
    return Grid(rows=rows, buildings=tuple(buildings), sewers=tuple(sorted(sewers, key=lambda s: (s.row, s.col))))


def valid_map(**changes) -> CatsMap:
    base = CatsMap(players=2, segment_rows=4, segment_cols=COLS, tape_width=50.0, seed=None, grid=valid_grid(),
                   pieces=(Piece(layer=1, col=1, width=COLS, source=1), Piece(layer=2, col=1, width=COLS, source=1)))
    return replace(base, **changes)


def with_rows(design: CatsMap, **rows: str) -> CatsMap:
    """The map with some rows replaced: with_rows(m, r7="JJJJ...") (the string must keep the row's sewers on '.')."""
    lines = list(design.grid.rows)
    for key, line in rows.items():
        lines[int(key[1:]) - 1] = line
    return replace(design, grid=replace(design.grid, rows=tuple(lines)))


def without_sewers(design: CatsMap, *cells: tuple[int, int]) -> CatsMap:
    sewers = tuple(s for s in design.grid.sewers if (s.row, s.col) not in cells)
    return replace(design, grid=replace(design.grid, sewers=sewers))


def with_buildings(design: CatsMap, buildings) -> CatsMap:
    return replace(design, grid=replace(design.grid, buildings=tuple(buildings)))


def valid_setup(game_map: CatsMap | None = None) -> CatsSetup:
    """Fish and cats for 2 players on the valid map: each player 2 fish and 1 cat on each home row, 3 apart."""
    game_map = game_map or valid_map()
    fish, cats = [], []
    for row in (1, 8):
        for player, col in ((1, 1), (2, 4), (1, 7), (2, 10)):
            fish.append(Drawing(player=player, row=row, col=col))
        for player, col in ((1, 13), (2, 16)):
            cats.append(Drawing(player=player, row=row, col=col))
    return CatsSetup(map=game_map, fish=tuple(fish), cats=tuple(cats))
