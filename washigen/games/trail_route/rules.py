"""The setup validator: one function per rule, stable rule ids, places as 1-based (row, col).

A road tile's place is {"tile": (row, col)}: row 1 at the top, column 1 the road column next to the destinations.
A destination's is {"destination": (row, col)}: column 1 the far left, column 2 the one touching the road.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from ...errors import InputError
from ...report import Report, Violation
from .model import (CARDS, COLOURS, COLS, DEST_COLS, EXCHANGE_SIZE, HAND_SIZE, ROWS, STEP, TrailRouteSetup,
                    arrow_moves, dest_name, tile_name)

Cell = tuple[int, int]            # 0-based (row, col) inside the code; reports add 1

BLOCKERS = ("wall", "tunnel")


def place(cell: Cell) -> tuple[int, int]:
    return cell[0] + 1, cell[1] + 1


# -- arrow chains --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Trace:
    """Where a cat of one colour goes after landing on `cells[0]`, pushed by arrows only.

    end: "rest" (the last tile does not move it), "destination" (pushed off the left edge onto the destinations),
    "off-board" (pushed off the right edge), "blocked" (the next tile is a wall), "loop" (the next tile was
    already visited by this chain). The cat ends on cells[-1] (or beyond the edge)."""
    cells: tuple[Cell, ...]
    end: str
    next: Cell | None = None      # the tile the last arrow points at (for blocked and loop)


def arrow_trace(road, start: Cell, colour: str) -> Trace:
    rows = len(road)
    cells = [start]
    seen = {start}
    here = start
    while True:
        direction = arrow_moves(road[here[0]][here[1]], colour)
        if direction is None:
            return Trace(tuple(cells), "rest")
        dr, dc = STEP[direction]
        col = here[1] + dc
        if col < 0:
            return Trace(tuple(cells), "destination")
        if col >= COLS:
            return Trace(tuple(cells), "off-board")
        target = ((here[0] + dr) % rows, col)
        if road[target[0]][target[1]] == "wall":
            return Trace(tuple(cells), "blocked", target)
        if target in seen:
            return Trace(tuple(cells), "loop", target)
        cells.append(target)
        seen.add(target)
        here = target


def arrow_loops(road) -> list[tuple[tuple[Cell, ...], tuple[str, ...]]]:
    """Every distinct cycle of arrows, as (its cells from the first in reading order, the colours it traps)."""
    loops: dict[frozenset, tuple[tuple[Cell, ...], set[str]]] = {}
    for r, row in enumerate(road):
        for c in range(len(row)):
            for colour in COLOURS:
                trace = arrow_trace(road, (r, c), colour)
                if trace.end != "loop":
                    continue
                cycle = trace.cells[trace.cells.index(trace.next):]
                key = frozenset(cycle)
                if key not in loops:
                    first = cycle.index(min(cycle))
                    loops[key] = (cycle[first:] + cycle[:first], set())
                loops[key][1].add(colour)
    return [(cells, tuple(c for c in COLOURS if c in colours)) for cells, colours in loops.values()]


def off_board_arrows(road) -> list[tuple[Cell, tuple[str, ...]]]:
    """Arrows in the last road column that push a cat off the right edge, with the colours they push."""
    found = []
    for r, row in enumerate(road):
        c = len(row) - 1
        colours = tuple(colour for colour in COLOURS if arrow_moves(row[c], colour) == "right")
        if colours:
            found.append(((r, c), colours))
    return found


def impassable_rows(road) -> list[tuple[int, Cell]]:
    """Rows from whose starting position no route of non-wall, non-tunnel tiles (stepping left, right, up or down,
    the top and bottom rows being neighbours) reaches the destinations; with the blocking tile nearest the start."""
    rows = len(road)
    blocked = {(r, c) for r in range(rows) for c in range(COLS) if road[r][c] in BLOCKERS}
    found = []
    for r in range(rows):
        entry = (r, COLS - 1)
        if entry in blocked or not _reaches_destinations(entry, blocked, rows):
            nearest = next(((r, c) for c in range(COLS - 1, -1, -1) if (r, c) in blocked), entry)
            found.append((r, nearest))
    return found


def _reaches_destinations(entry: Cell, blocked: set[Cell], rows: int) -> bool:
    seen = {entry}
    queue = deque([entry])
    while queue:
        r, c = queue.popleft()
        if c == 0:
            return True
        for dr, dc in STEP.values():
            nxt = ((r + dr) % rows, c + dc)
            if 0 <= nxt[1] < COLS and nxt not in blocked and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return False


# -- the rules -----------------------------------------------------------------------------------------------------

def grid_is_sound(design: TrailRouteSetup) -> bool:
    rows = ROWS.get(design.players)
    return (rows is not None and len(design.road) == rows and all(len(row) == COLS for row in design.road)
            and len(design.destinations) == rows and all(len(row) == DEST_COLS for row in design.destinations))


def only(count: int) -> str:
    return "none" if count == 0 else f"only {count}"


def cats(colours: tuple[str, ...]) -> str:
    return "every cat" if len(colours) == len(COLOURS) else f"a {' or '.join(colours)} cat"


def check_grid_size(design: TrailRouteSetup) -> list[Violation]:
    rows = ROWS.get(design.players, 0)
    found = []
    for name, grid, cols in (("road", design.road, COLS), ("destination", design.destinations, DEST_COLS)):
        if len(grid) != rows:
            found.append(Violation.error("trail-route.grid.size", f"{design.players} players play on {rows} rows "
                                         f"of {name} tiles, this setup has {len(grid)}."))
        for r, row in enumerate(grid):
            if len(row) != cols:
                found.append(Violation.error("trail-route.grid.size", f"{name.capitalize()} row {r + 1} has "
                                             f"{len(row)} tiles, a row holds {cols}.", row=r + 1))
    return found


def _over_the_mix(grid, allowed: dict, report) -> list[Violation]:
    """A violation at each tile that is one more of its kind than the mix holds (reported once per kind)."""
    seen: Counter = Counter()
    found = []
    for r, row in enumerate(grid):
        for c, code in enumerate(row):
            seen[code] += 1
            if seen[code] == allowed.get(code, 0) + 1:
                found.append(report(code, seen[code], only(allowed.get(code, 0)), r, c))
    return found


def check_road_counts(design: TrailRouteSetup) -> list[Violation]:
    return _over_the_mix(design.road, design.mix.counts("road"), lambda code, n, held, r, c: Violation.error(
        "trail-route.mix.count", f"This is {tile_name(code).lower()} number {n} on the board; the mix "
        f"({design.mix.source}) has {held}.", tile=place((r, c))))


def check_destination_counts(design: TrailRouteSetup) -> list[Violation]:
    return _over_the_mix(design.destinations, design.mix.counts("destinations"),
                         lambda code, n, held, r, c: Violation.error(
                             "trail-route.mix.count", f"This is destination '{dest_name(code)}' number {n}; the "
                             f"mix ({design.mix.source}) has {held}.", destination=(r + 1, c + 1)))


def check_exchange(design: TrailRouteSetup) -> list[Violation]:
    want = Counter(design.mix.counts("exchange"))
    have = Counter(design.exchange)
    found = []
    for code in sorted(set(want) | set(have)):
        if want[code] != have[code]:
            found.append(Violation.error(
                "trail-route.mix.count", f"The exchange deck holds {have[code]} {tile_name(code)} tile(s), "
                f"the mix ({design.mix.source}) {want[code]}.", exchange=tile_name(code)))
    if design.mix.total("exchange") != EXCHANGE_SIZE:
        found.append(Violation.warning(
            "trail-route.mix.exchange", f"The rules use {EXCHANGE_SIZE} exchange tiles; this mix has "
            f"{design.mix.total('exchange')}."))
    return found


def check_arrow_loops(design: TrailRouteSetup) -> list[Violation]:
    found = []
    for cells, colours in arrow_loops(design.road):
        path = " -> ".join(f"({r + 1}, {c + 1})" for r, c in cells)
        found.append(Violation.error(
            "trail-route.arrow.loop", f"Arrows send {cats(colours)} round in a loop: {path} and back.",
            tile=place(cells[0]), colours="/".join(colours)))
    return found


def check_off_board(design: TrailRouteSetup) -> list[Violation]:
    return [Violation.error("trail-route.arrow.off-board",
                            f"This arrow in the last column pushes {cats(colours)} off the right edge of the "
                            "board.", tile=place(cell), colours="/".join(colours))
            for cell, colours in off_board_arrows(design.road)]


def check_impassable(design: TrailRouteSetup) -> list[Violation]:
    found = []
    for r, cell in impassable_rows(design.road):
        kind = "wall" if design.road[cell[0]][cell[1]] == "wall" else "tunnel"
        found.append(Violation.error(
            "trail-route.row.impassable", f"A cat starting in row {r + 1} can never reach the destinations: "
            f"walls and tunnels close its way, first this {kind}.", row=r + 1, tile=place(cell)))
    return found


def check_seats(design: TrailRouteSetup) -> list[Violation]:
    found = []
    if len(design.seats) != design.players:
        found.append(Violation.error("trail-route.seats.count", f"A {design.players}-player setup seats "
                                     f"{design.players} players, this one {len(design.seats)}."))
    for colour in dict.fromkeys(seat.colour for seat in design.seats):
        sharing = [n + 1 for n, seat in enumerate(design.seats) if seat.colour == colour]
        if len(sharing) > 1:
            seats = ", ".join(str(n) for n in sharing[:-1]) + f" and {sharing[-1]}"
            play = "both play" if len(sharing) == 2 else "all play"
            found.append(Violation.error("trail-route.seats.colour", f"Seats {seats} {play} {colour}; each player "
                                         "has a colour of their own.", seat=sharing[0]))
    for n, seat in enumerate(design.seats):
        if len(seat.hand) != HAND_SIZE:
            found.append(Violation.error("trail-route.cards.hand", f"Player {n + 1} holds {len(seat.hand)} hand "
                                         f"cards; each player is dealt {HAND_SIZE}.", seat=n + 1))
    return found + check_deck(design)


def check_deck(design: TrailRouteSetup) -> list[Violation]:
    """The hands and the undealt cards hold the game's 16 hand cards: each card over or short said by name, with
    who holds the extra; the place is the seat where one seat's hand alone holds every extra card."""
    holders = card_holders(design)
    over, short, seats = [], [], set()
    for code, (name, copies) in CARDS.items():
        held = holders.get(code, Counter())
        count = sum(held.values())
        if count > copies:
            over.append(f"{count} x {name}, {count - copies} over the game's {copies} ({_holders_text(held)})")
            seats.add(next(iter(held)) if len(held) == 1 else 0)
        elif count < copies:
            short.append(f"{count} x {name}, {copies - count} short of the game's {copies}")
    if not over and not short:
        return []
    where = {"seat": seats.pop()} if len(seats) == 1 and 0 not in seats else {}
    return [Violation.error("trail-route.cards.deck", "The hands and the undealt cards are not the 16 hand cards "
                            f"of the game (4 + 4 + 2 + 2 + 2 + 2). {'. '.join(over + short)}.", **where)]


def card_holders(design: TrailRouteSetup) -> dict[str, Counter[int]]:
    """card code -> how many each seat (1-based) holds, 0 for the undealt cards."""
    holders: dict[str, Counter[int]] = {}
    for n, seat in enumerate(design.seats):
        for card in seat.hand:
            holders.setdefault(card, Counter())[n + 1] += 1
    for card in design.undealt:
        holders.setdefault(card, Counter())[0] += 1
    return holders


def _holders_text(held: Counter[int]) -> str:
    ordered = sorted(held.items(), key=lambda item: (item[0] == 0, item[0]))       # seats in turn order, then the box
    return ", ".join(f"seat {who} holds {n}" if who else f"{n} undealt" for who, n in ordered)


def validate(design: TrailRouteSetup) -> Report:
    violations = check_grid_size(design)
    if grid_is_sound(design):
        violations += check_arrow_loops(design) + check_off_board(design) + check_impassable(design)
    violations += check_road_counts(design) + check_destination_counts(design) + check_exchange(design)
    violations += check_seats(design)
    return Report.of(violations)


def board_problems(road) -> set[Cell]:
    """The road tiles a generator must move: in a loop, pushing off the board, or closing a row."""
    cells: set[Cell] = set()
    for loop, _ in arrow_loops(road):
        cells.update(loop)
    cells.update(cell for cell, _ in off_board_arrows(road))
    for r, cell in impassable_rows(road):
        cells.add(cell)
    return cells


def playable(setup: TrailRouteSetup) -> TrailRouteSetup:
    """The setup, once it breaks no rule: the engine plays on a sound board (a road row cut short loaded, then
    failed inside the engine with an IndexError)."""
    report = validate(setup)
    if not report.ok:
        raise InputError(f"design: breaks a rule, so it is not played: {report.errors[0].message}")
    return setup
