"""The setup validator: one function per rule, stable rule ids, places as 1-based (row, col).

A road tile's place is {"tile": (row, col)}: row 1 at the top, column 1 the road column next to the destinations.
A destination's is {"destination": (row, col)}: column 1 the far left, column 2 the one touching the road.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from typing import Any

from ...report import Report, Violation
from ...words import N_, NN_, Says
from .model import (CARDS, COLOURS, COLS, DEST_COLS, EXCHANGE_SIZE, HAND_SIZE, ROWS, STEP, TrailRouteSetup,
                    arrow_moves, arrow_of, dest_pair, tile_name)

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


# -- the words of the messages: every sentence is a Says, so that a report can be shown in any language --------------

COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
# A road tile as a sentence names it: model.tile_name in lower case ("wall", "red/blue arrow left").
TILE_WORDS = {"road": N_("plain road"), "mouse-toy": N_("mouse toy"), "cat-forward": N_("cat forward"),
              "place-a-cat": N_("place a cat"), "wall": N_("wall"), "tunnel": N_("tunnel")}
BLACK_ARROW_WORDS = {"left": N_("black arrow left"), "up": N_("black arrow up"), "down": N_("black arrow down"),
                     "right": N_("black arrow right")}
COLOUR_ARROW_WORDS = {"left": N_("{first}/{second} arrow left"), "up": N_("{first}/{second} arrow up"),
                      "down": N_("{first}/{second} arrow down"), "right": N_("{first}/{second} arrow right")}
# The cats an arrow moves, by their colours in COLOURS order: whole phrases, as a language inflects the colours.
CATS_WORDS = {
    ("red",): N_("a red cat"), ("blue",): N_("a blue cat"), ("green",): N_("a green cat"),
    ("yellow",): N_("a yellow cat"),
    ("red", "blue"): N_("a red or blue cat"), ("red", "green"): N_("a red or green cat"),
    ("red", "yellow"): N_("a red or yellow cat"), ("blue", "green"): N_("a blue or green cat"),
    ("blue", "yellow"): N_("a blue or yellow cat"), ("green", "yellow"): N_("a green or yellow cat"),
    ("red", "blue", "green"): N_("a red or blue or green cat"),
    ("red", "blue", "yellow"): N_("a red or blue or yellow cat"),
    ("red", "green", "yellow"): N_("a red or green or yellow cat"),
    ("blue", "green", "yellow"): N_("a blue or green or yellow cat"),
}


class Capitalized(Says):
    """Words that open an English phrase ("Wall tile(s)", "'Red & blue'"), as model.tile_name and dest_name write
    them: the English with a capital, the other languages as their catalog writes the words."""
    __slots__ = ()

    def __str__(self) -> str:
        text = super().__str__()
        return text[:1].upper() + text[1:]


def colour_says(colour: str) -> Says:
    return Says(COLOUR_WORDS[colour])


def tile_says(code: str) -> Says:
    """A road tile's name, as a sentence says it: tile_name(code) in lower case."""
    if code in TILE_WORDS:
        return Says(TILE_WORDS[code])
    arrow = arrow_of(code)
    if arrow is None:
        raise ValueError(f"{code!r} is not a road tile")
    direction, colours = arrow
    if not colours:
        return Says(BLACK_ARROW_WORDS[direction])
    return Says(COLOUR_ARROW_WORDS[direction], first=colour_says(colours[0]), second=colour_says(colours[1]))


def cats(colours: tuple[str, ...]) -> Says:
    """The cats an arrow moves: "every cat", "a red or blue cat"."""
    return Says(N_("every cat")) if len(colours) == len(COLOURS) else Says(CATS_WORDS[colours])


def listed(items: list[Says], sentences: bool = False) -> Says:
    """Items one after the other: "a, b, c", or phrases of their own, "a. b. c"."""
    head, *rest = items
    if not rest:
        return head
    return Says(N_("{first}. {rest}") if sentences else N_("{first}, {rest}"), first=head,
                rest=listed(rest, sentences))


# -- the rules -----------------------------------------------------------------------------------------------------

def grid_is_sound(design: TrailRouteSetup) -> bool:
    rows = ROWS.get(design.players)
    return (rows is not None and len(design.road) == rows and all(len(row) == COLS for row in design.road)
            and len(design.destinations) == rows and all(len(row) == DEST_COLS for row in design.destinations))


def check_grid_size(design: TrailRouteSetup) -> list[Violation]:
    rows = ROWS.get(design.players, 0)
    found = []
    for name, grid, cols in (("road", design.road, COLS), ("destination", design.destinations, DEST_COLS)):
        if len(grid) != rows:
            found.append(Violation.error("trail-route.grid.size", Says(
                N_("{players} players play on {rows} rows of road tiles, this setup has {have}.") if name == "road"
                else N_("{players} players play on {rows} rows of destination tiles, this setup has {have}."),
                players=design.players, rows=rows, have=len(grid))))
        for r, row in enumerate(grid):
            if len(row) != cols:
                found.append(Violation.error("trail-route.grid.size", Says(
                    N_("Road row {row} has {have} tiles, a row holds {cols}.") if name == "road"
                    else N_("Destination row {row} has {have} tiles, a row holds {cols}."),
                    row=r + 1, have=len(row), cols=cols), row=r + 1))
    return found


def _over_the_mix(grid, allowed: dict, report) -> list[Violation]:
    """A violation at each tile that is one more of its kind than the mix holds (reported once per kind)."""
    seen: Counter = Counter()
    found = []
    for r, row in enumerate(grid):
        for c, code in enumerate(row):
            seen[code] += 1
            if seen[code] == allowed.get(code, 0) + 1:
                found.append(report(code, seen[code], allowed.get(code, 0), r, c))
    return found


def check_road_counts(design: TrailRouteSetup) -> list[Violation]:
    def report(code: str, n: int, held: int, r: int, c: int) -> Violation:
        template = N_("This is {tile} number {n} on the board; the mix ({mix}) has none.") if held == 0 else \
            N_("This is {tile} number {n} on the board; the mix ({mix}) has only {held}.")
        return Violation.error("trail-route.mix.count", Says(template, tile=tile_says(code), n=n,
                                                             mix=design.mix.source, held=held), tile=place((r, c)))

    return _over_the_mix(design.road, design.mix.counts("road"), report)


def check_destination_counts(design: TrailRouteSetup) -> list[Violation]:
    def report(code: str, n: int, held: int, r: int, c: int) -> Violation:
        pair = dest_pair(code)
        if pair is None:
            template = N_("This is destination 'Fixed {points} points' number {n}; the mix ({mix}) has none.") \
                if held == 0 else \
                N_("This is destination 'Fixed {points} points' number {n}; the mix ({mix}) has only {held}.")
            names: dict[str, Any] = {"points": int(code.split("-")[1])}
        else:
            template = N_("This is destination '{first} & {second}' number {n}; the mix ({mix}) has none.") \
                if held == 0 else \
                N_("This is destination '{first} & {second}' number {n}; the mix ({mix}) has only {held}.")
            names = {"first": Capitalized(COLOUR_WORDS[pair[0]]), "second": colour_says(pair[1])}
        return Violation.error("trail-route.mix.count", Says(template, n=n, mix=design.mix.source, held=held,
                                                             **names), destination=(r + 1, c + 1))

    return _over_the_mix(design.destinations, design.mix.counts("destinations"), report)


def check_exchange(design: TrailRouteSetup) -> list[Violation]:
    want = Counter(design.mix.counts("exchange"))
    have = Counter(design.exchange)
    found = []
    for code in sorted(set(want) | set(have)):
        if want[code] != have[code]:
            tile = tile_says(code)
            found.append(Violation.error(
                "trail-route.mix.count", Says(NN_("The exchange deck holds {have} {tile} tile, the mix ({mix}) "
                                                  "{want}.", "The exchange deck holds {have} {tile} tiles, the mix "
                                                  "({mix}) {want}."), by="have", have=have[code],
                                              tile=Capitalized(tile.template, **tile.values), mix=design.mix.source,
                                              want=want[code]), exchange=tile_name(code)))
    # The reference text fixes the deck at 10 tiles, as it fixes the grids and the 16 cards: a setup count, an error.
    # The deck must hold what the mix lists (above), so a deck of any other size breaks one rule or the other.
    if design.mix.total("exchange") != EXCHANGE_SIZE:
        found.append(Violation.error(
            "trail-route.mix.exchange", Says(N_("The rules use {size} exchange tiles; this mix has {total}."),
                                             size=EXCHANGE_SIZE, total=design.mix.total("exchange"))))
    return found


def check_arrow_loops(design: TrailRouteSetup) -> list[Violation]:
    found = []
    for cells, colours in arrow_loops(design.road):
        path = " -> ".join(f"({r + 1}, {c + 1})" for r, c in cells)
        found.append(Violation.error(
            "trail-route.arrow.loop", Says(N_("Arrows send {cats} round in a loop: {path} and back."),
                                           cats=cats(colours), path=path),
            tile=place(cells[0]), colours="/".join(colours)))
    return found


def check_off_board(design: TrailRouteSetup) -> list[Violation]:
    return [Violation.error("trail-route.arrow.off-board",
                            Says(N_("This arrow in the last column pushes {cats} off the right edge of the board."),
                                 cats=cats(colours)), tile=place(cell), colours="/".join(colours))
            for cell, colours in off_board_arrows(design.road)]


def check_impassable(design: TrailRouteSetup) -> list[Violation]:
    found = []
    for r, cell in impassable_rows(design.road):
        template = N_("A cat starting in row {row} can never reach the destinations: walls and tunnels close its "
                      "way, first this wall.") if design.road[cell[0]][cell[1]] == "wall" else \
            N_("A cat starting in row {row} can never reach the destinations: walls and tunnels close its way, "
               "first this tunnel.")
        found.append(Violation.error("trail-route.row.impassable", Says(template, row=r + 1), row=r + 1,
                                     tile=place(cell)))
    return found


def check_seats(design: TrailRouteSetup) -> list[Violation]:
    found = []
    if len(design.seats) != design.players:
        found.append(Violation.error("trail-route.seats.count", Says(
            N_("A {players}-player setup seats {players} players, this one {seats}."), players=design.players,
            seats=len(design.seats))))
    for colour in dict.fromkeys(seat.colour for seat in design.seats):
        sharing = [n + 1 for n, seat in enumerate(design.seats) if seat.colour == colour]
        if len(sharing) > 1:
            template = N_("Seats {seats} and {last} both play {colour}; each player has a colour of their own.") \
                if len(sharing) == 2 else \
                N_("Seats {seats} and {last} all play {colour}; each player has a colour of their own.")
            found.append(Violation.error("trail-route.seats.colour", Says(
                template, seats=", ".join(str(n) for n in sharing[:-1]), last=sharing[-1],
                colour=colour_says(colour)), seat=sharing[0]))
    for n, seat in enumerate(design.seats):
        if len(seat.hand) != HAND_SIZE:
            found.append(Violation.error("trail-route.cards.hand", Says(
                N_("Player {seat} holds {have} hand cards; each player is dealt {hand}."), seat=n + 1,
                have=len(seat.hand), hand=HAND_SIZE), seat=n + 1))
    return found + check_deck(design)


def check_deck(design: TrailRouteSetup) -> list[Violation]:
    """The hands and the undealt cards hold the game's 16 hand cards: each card over or short said by name, with
    who holds the extra; the place is the seat where one seat's hand alone holds every extra card."""
    holders = card_holders(design)
    over: list[Says] = []
    short: list[Says] = []
    seats = set()
    for code, (name, copies) in CARDS.items():
        held = holders.get(code, Counter())
        count = sum(held.values())
        if count > copies:
            over.append(Says(N_("{count} x {name}, {over} over the game's {copies} ({holders})"), count=count,
                             name=Says(name), over=count - copies, copies=copies, holders=_holders_text(held)))
            seats.add(next(iter(held)) if len(held) == 1 else 0)
        elif count < copies:
            short.append(Says(N_("{count} x {name}, {short} short of the game's {copies}"), count=count,
                              name=Says(name), short=copies - count, copies=copies))
    if not over and not short:
        return []
    where = {"seat": seats.pop()} if len(seats) == 1 and 0 not in seats else {}
    return [Violation.error("trail-route.cards.deck", Says(
        N_("The hands and the undealt cards are not the 16 hand cards of the game (4 + 4 + 2 + 2 + 2 + 2). {cards}."),
        cards=listed(over + short, sentences=True)), **where)]


def card_holders(design: TrailRouteSetup) -> dict[str, Counter[int]]:
    """card code -> how many each seat (1-based) holds, 0 for the undealt cards."""
    holders: dict[str, Counter[int]] = {}
    for n, seat in enumerate(design.seats):
        for card in seat.hand:
            holders.setdefault(card, Counter())[n + 1] += 1
    for card in design.undealt:
        holders.setdefault(card, Counter())[0] += 1
    return holders


def _holders_text(held: Counter[int]) -> Says:
    ordered = sorted(held.items(), key=lambda item: (item[0] == 0, item[0]))       # seats in turn order, then the box
    return listed([Says(N_("seat {seat} holds {count}"), seat=who, count=n) if who else
                   Says(N_("{count} undealt"), count=n) for who, n in ordered])


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
    from ...design import refuse_broken

    refuse_broken(setup)
    return setup
