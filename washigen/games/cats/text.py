"""The readable text form of Cats designs: a header of `key: value` lines, then the grid with its walls.

    # Tokyo Washi Game Cats · map
    game: cats
    kind: map
    players: 2
    ...
    grid:
        +-+-+
      1 |# #: . r . J .
        +-+-+

One character a cell (`.` street, `J` jinja shrine, `#` building, `T` forest, `t` shrub, `r b g y` a sewer lid
on a street cell), and between the cells the edges: `|` or `-` a wall, `:` an opening (a door), `~` a side left
open by a cut-up, `+` where edges meet. Two building cells with no wall between them are one building; two
buildings that touch always have a wall between them. Rows and columns count from 1. Lines starting with `#` are
comments. `from_text(to_text(d)) == d` for every design that lists its buildings and their openings in
reading order, as washigen writes them (a hand-made file may list them in any order: the same map, read back in
reading order).
"""

from __future__ import annotations

import math
import re
from typing import Any, cast

import pydantic

from ...design import _adapter, json_path, pydantic_says
from ...errors import DesignFormatError, InputError
from ...inputs import clipped, name_read, name_value, quoted
from ...units import format_mm, parse_length
from ...words import N_, Says
from .model import (BUILDING, CELL_KINDS, COLOUR_LETTER, LETTER_COLOUR, SIDE_STEP, STREET, Building, CatsMap,
                    CatsRoll, CatsSegment, CatsSetup, Drawing, Grid, Opening, Piece, Sewer, Side)

LABEL = 4          # width of the row-number column
VERTICAL = {"wall": "|", "door": ":", "cut": "~"}
HORIZONTAL = {"wall": "-", "door": ":", "cut": "~"}
EDGE_KIND = {"|": "wall", "-": "wall", ":": "door", "~": "cut"}

LEGEND = ("# cells: . street  J jinja shrine  # building  T forest  t shrub  r b g y sewer lid (red blue green yellow)",
          "# edges: | - wall  : opening  ~ open cut side  + corner; rows and columns count from 1")

MAP_KEYS = ("players", "coop", "long", "forests", "cut_up", "variant", "jinja", "sewer_poppers", "tape_width",
            "segment_rows", "segment_cols", "balance", "play_score", "play_games", "play_fair", "rules_url")
WHEN_KNOWN = ("play_games", "play_fair")     # the fairness search's verdict: written only for a map it judged
TAPE_KEYS = ("tape_width", "segment_rows", "segment_cols")
KINDS, LAST_KIND = "map, setup, segment", "roll"        # the kinds a text names, as a refusal lists them

FIELD_REASON = N_("{field}: {reason}")
ROW_CELLS = N_("row {row} has {count} cells, expected {width} like row 1")


# -- writing ------------------------------------------------------------------------------------------------------------

def _value(value: Any, key: str) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in ("tape_width", "length"):
        return f"{format_mm(value)}mm"
    return str(value)


def _key(name: str) -> str:
    return name.replace("_", "-")


def _header(design, keys: tuple[str, ...], title: str) -> list[str]:
    lines = [f"# Tokyo Washi Game Cats · {title}", *LEGEND, "game: cats", f"kind: {design.KIND}",
             f"seed: {_value(design.seed, 'seed')}", f"generator: {name_value(design.generator)}"]
    lines += [f"{_key(k)}: {_value(getattr(design, k), k)}" for k in keys
              if k not in WHEN_KNOWN or getattr(design, k) is not None]
    return lines


def grid_lines(grid: Grid) -> list[str]:
    """The grid block: a column ruler (as comments), then 2 x rows + 1 lines of edges and cells."""
    R, C = grid.height, grid.width
    cells = [list(row) for row in grid.rows]
    for sewer in grid.sewers:
        cells[sewer.row - 1][sewer.col - 1] = COLOUR_LETTER[sewer.colour]
    owner = {}
    for k, building in enumerate(grid.buildings):
        for cell in building.cells:
            owner[cell] = k
    opened: dict[tuple[int, int, str], str] = {}      # (row, col, side) -> "door" or "cut"
    for k, building in enumerate(grid.buildings):
        for o in building.openings:
            opened[o.row, o.col, o.side] = "cut" if o.cut else "door"

    def edge(r: int, c: int, side: str) -> str | None:
        """The kind of the edge on `side` of 1-based cell (r, c): None, "wall", "door" or "cut"."""
        dr, dc = SIDE_STEP[side]
        here, there = owner.get((r, c)), owner.get((r + dr, c + dc))
        if here == there:
            return None
        if here is not None and there is not None:
            return "wall"
        if here is None:
            back = {"n": "s", "s": "n", "e": "w", "w": "e"}[side]
            return opened.get((r + dr, c + dc, back), "wall")
        return opened.get((r, c, side), "wall")

    lines = ["#" + " " * (LABEL - 1) + "".join(f" {c // 10 if c >= 10 else ' '}" for c in range(1, C + 1)).rstrip(),
             "#" + " " * (LABEL - 1) + "".join(f" {c % 10}" for c in range(1, C + 1))]
    for r in range(1, R + 2):
        # the edges above row r (below the last row when r == R + 1)
        above = []
        for c in range(1, C + 1):
            kind = edge(r, c, "n") if r <= R else edge(R, c, "s")
            above.append(HORIZONTAL[kind] if kind else " ")
        line = []
        for c in range(1, C + 2):
            corner = _corner(edge, r, c, R, C)
            line.append(corner)
            if c <= C:
                line.append(above[c - 1])
        lines.append((" " * LABEL + "".join(line)).rstrip())
        if r > R:
            break
        row = []
        for c in range(1, C + 1):
            kind = edge(r, c, "w")
            row.append(VERTICAL[kind] if kind else " ")
            row.append(cells[r - 1][c - 1])
        kind = edge(r, C, "e")
        row.append(VERTICAL[kind] if kind else " ")
        lines.append((f"{r:>{LABEL - 1}} " + "".join(row)).rstrip())
    return lines


def _corner(edge, r: int, c: int, R: int, C: int) -> str:
    """'+' where any of the four edges meeting at the corner above-left of (r, c) is drawn."""
    touching = []
    if r <= R and c <= C:
        touching += [edge(r, c, "n"), edge(r, c, "w")]
    if r <= R and c > 1:
        touching.append(edge(r, c - 1, "n"))
    if r > 1 and c <= C:
        touching.append(edge(r - 1, c, "w"))
    if r > R and c <= C:
        touching.append(edge(R, c, "s"))
    if r > R and c > 1:
        touching.append(edge(R, c - 1, "s"))
    if c > C and r <= R:
        touching.append(edge(r, C, "e"))
    if c > C and r > 1:
        touching.append(edge(r - 1, C, "e"))
    return "+" if any(touching) else " "


def _pieces_lines(design: CatsMap) -> list[str]:
    by_layer: dict[int, list[Piece]] = {}
    for piece in design.pieces:
        by_layer.setdefault(piece.layer, []).append(piece)
    lines = []
    for layer in sorted(by_layer):
        spans = " ".join(f"{p.col}-{p.col + p.width - 1}<{p.source}" for p in by_layer[layer])
        lines.append(f"pieces {layer}: {spans}")
    return lines


def map_text_lines(design: CatsMap, title: str = "map") -> list[str]:
    lines = _header(design, MAP_KEYS, title)
    lines += _pieces_lines(design)
    lines.append("grid:")
    lines += grid_lines(design.grid)
    return lines


def to_text(design) -> str:
    if isinstance(design, CatsMap):
        lines = map_text_lines(design)
    elif isinstance(design, CatsSetup):
        lines = map_text_lines(design.map, "set-up")
        lines[lines.index("kind: map")] = "kind: setup"
        lines.insert(lines.index("grid:"), f"setup-seed: {_value(design.seed, 'seed')}")
        lines.insert(lines.index("grid:"), f"setup-generator: {name_value(design.generator)}")
        lines.append("# drawings: fish or cat, the player, row, column")
        lines += [f"fish: {d.player} {d.row} {d.col}" for d in design.fish]
        lines += [f"cat: {d.player} {d.row} {d.col}" for d in design.cats]
    elif isinstance(design, CatsSegment):
        lines = _header(design, TAPE_KEYS, "segment")
        lines.append("grid:")
        lines += grid_lines(design.grid)
        lines.append("# the player band runs below the last row")
    elif isinstance(design, CatsRoll):
        lines = _header(design, TAPE_KEYS + ("length", "rules_url"), "roll")
        for number, grid in enumerate(design.segments, start=1):
            lines.append(f"segment {number}:")
            lines += grid_lines(grid)
    else:
        raise InputError(Says(N_("{game} has no text form for {kind}"), game="cats", kind=type(design).__name__))
    return "\n".join(lines) + "\n"


# -- reading ------------------------------------------------------------------------------------------------------------

class _Reader:
    def __init__(self, text: str, source: str):
        self.lines = text.splitlines()
        self.source = source
        self.at = 0                                  # index of the next line

    def fail(self, message: Says | str, line: int | None = None) -> DesignFormatError:
        number = self.at if line is None else line
        return DesignFormatError(message, path=f"line {number}", source=self.source)

    def next_content(self) -> tuple[int, str] | None:
        """The next line that is not a comment or blank, as (1-based number, text)."""
        while self.at < len(self.lines):
            self.at += 1
            text = self.lines[self.at - 1]
            if text.strip() and not text.lstrip().startswith("#"):
                return self.at, text
        return None

    def grid_line(self) -> tuple[int, str]:
        """The next line of a grid block: comments are skipped, blank lines are edge lines with nothing drawn."""
        while self.at < len(self.lines):
            self.at += 1
            text = self.lines[self.at - 1]
            if not text.startswith("#"):
                return self.at, text
        self.at += 1
        return self.at, ""


def from_text(text: str, source: str = "") -> Any:
    """Reads any Cats design from its text form; a bad line raises DesignFormatError naming the line."""
    reader = _Reader(text, source)
    header: dict[str, tuple[int, str]] = {}
    grids: list[tuple[int, Grid]] = []
    drawings: dict[str, list[tuple[int, str]]] = {"fish": [], "cat": []}
    while (item := reader.next_content()) is not None:
        number, line = item
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep:
            raise reader.fail(Says(N_("expected `key: value`, got {line!r}"), line=clipped(line.strip())), number)
        if key == "grid" or key.startswith("segment ") and key[8:].strip().isdigit():
            # The grid starts on the next line: text after the colon was dropped unread (`grid: 3 x 5`).
            if value.strip():
                raise reader.fail(Says(N_("nothing may follow `{key}:` on its line (the grid starts on the next "
                                          "line), got {value}"), key=key, value=quoted(value.strip())), number)
            grids.append((number, read_grid(reader, header, number)))
        elif key in drawings:
            drawings[key].append((number, value))
        elif key in header:
            raise reader.fail(Says(N_("{key!r} is given twice (first on line {first})"), key=key,
                                   first=header[key][0]), number)
        else:
            header[key] = (number, value.strip())
    return _build(reader, header, grids, drawings)


def _classify(text: str) -> str:
    """A grid block's lines: "row" (a row number, then cells), "edge" (blank label: edges), or "other"."""
    label = text[:LABEL]
    if label.strip().isdigit():
        return "row"
    if not text.strip() or (label == " " * LABEL and not text[LABEL:LABEL + 1].isalpha()):
        return "edge"
    return "other"


def read_grid(reader: _Reader, header, start: int) -> Grid:
    """Reads the lines of edges and rows that follow `grid:`, alternating, edges first and last. A missing last
    line of edges (an editor dropped the blank line) is read as a line with nothing drawn."""
    edge_lines: list[tuple[int, str]] = []
    row_lines: list[tuple[int, str]] = []
    while True:
        while reader.at < len(reader.lines) and reader.lines[reader.at].startswith("#"):
            reader.at += 1
        if reader.at >= len(reader.lines):
            break
        text = reader.lines[reader.at]
        kind = _classify(text)
        if "\t" in text and _classify(text.expandtabs()) != "other":      # an editor's tabs for our spaces
            raise reader.fail(Says(N_("a tab in the grid; its cells line up by spaces (save the file with spaces "
                                      "for tabs)")), reader.at + 1)
        if len(edge_lines) == len(row_lines):
            if kind == "edge":
                reader.at += 1
                edge_lines.append((reader.at, text))
                continue
            if kind == "row":
                edge_lines.append((reader.at + 1, ""))
                continue
            break
        if kind != "row":
            break
        # isdigit() takes superscripts (`³`) that int() refuses: a ValueError, a traceback, was raised here.
        label: int | str = int(text[:LABEL]) if text[:LABEL].strip().isdecimal() else text[:LABEL].strip()
        if label != len(row_lines) + 1:
            raise reader.fail(Says(N_("expected row {row}, got row {label}"), row=len(row_lines) + 1, label=label),
                              reader.at + 1)
        reader.at += 1
        row_lines.append((reader.at, text))
    if not row_lines:
        raise reader.fail(Says(N_("a grid needs at least one row after `grid:`")), start)
    if len(edge_lines) == len(row_lines):
        edge_lines.append((row_lines[-1][0] + 1, ""))
    return parse_grid(reader, edge_lines, row_lines)


def parse_grid(reader: _Reader, edge_lines, row_lines) -> Grid:
    C = max(1, len(row_lines[0][1][LABEL:].rstrip()) // 2)
    width = 2 * C + 1
    cells: list[str] = []
    sewers: list[Sewer] = []
    vertical: dict[tuple[int, int], str] = {}       # (row, col) -> kind of the edge west of it (col C+1: east end)
    horizontal: dict[tuple[int, int], str] = {}     # (row, col) -> kind of the edge above it (row R+1: bottom)
    for r, (number, text) in enumerate(row_lines, start=1):
        body = text[LABEL:]
        if len(body.rstrip()) > width:
            raise reader.fail(Says(ROW_CELLS, row=r, count=len(body.rstrip()) // 2, width=C), number)
        body = body.ljust(width)
        row = []
        for c in range(1, C + 1):
            ch = body[2 * c - 1]
            if ch in LETTER_COLOUR:
                sewers.append(Sewer(row=r, col=c, colour=LETTER_COLOUR[ch]))
                ch = STREET
            elif ch == " ":
                raise reader.fail(Says(ROW_CELLS, row=r, count=c - 1, width=C), number)
            elif ch not in CELL_KINDS:
                kinds = " ".join(CELL_KINDS) + " " + " ".join(LETTER_COLOUR)
                raise reader.fail(Says(N_("unknown cell kind {kind!r} in column {col}; use one of {kinds}"), kind=ch,
                                       col=c, kinds=kinds), number)
            row.append(ch)
        for c in range(1, C + 2):
            ch = body[2 * c - 2]
            if ch != " ":
                if ch not in ("|", ":", "~"):
                    raise reader.fail(Says(N_("unknown edge {edge!r} west of column {col}; use | : ~ or a space"),
                                           edge=ch, col=c), number)
                vertical[r, c] = EDGE_KIND[ch]
        cells.append("".join(row))
    for r, (number, text) in enumerate(edge_lines, start=1):
        body = text[LABEL:]
        # An edge line past the grid's last corner was read only as far as the grid is wide, the rest dropped.
        if len(body.rstrip()) > width:
            raise reader.fail(Says(N_("unexpected {text} past the grid's last corner; the grid is {width} columns "
                                      "wide"), text=quoted(body[width:].strip()), width=C), number)
        body = body.ljust(width)
        if body[2 * C] not in (" ", "+"):           # the east end's corner, which the loop below does not reach
            raise reader.fail(Says(N_("unexpected {corner!r} after column {col}; corners are + or a space"),
                                   corner=body[2 * C], col=C), number)
        for c in range(1, C + 1):
            ch = body[2 * c - 1]
            if ch != " ":
                if ch not in ("-", ":", "~"):
                    raise reader.fail(Says(N_("unknown edge {edge!r} above column {col}; use - : ~ or a space"),
                                           edge=ch, col=c), number)
                horizontal[r, c] = EDGE_KIND[ch]
            corner = body[2 * c - 2]
            if corner not in (" ", "+"):
                raise reader.fail(Says(N_("unexpected {corner!r} between columns {left} and {col}; corners are + or a "
                                          "space"), corner=corner, left=c - 1, col=c), number)
    buildings = _buildings(reader, cells, vertical, horizontal, row_lines, edge_lines)
    return Grid(rows=tuple(cells), buildings=buildings, sewers=tuple(sewers))


def _buildings(reader, cells, vertical, horizontal, row_lines, edge_lines) -> tuple[Building, ...]:
    """Building cells joined by edges without a wall form one building; its openings are the `:` and `~` edges."""
    R, C = len(cells), len(cells[0])

    def line_of(r: int, c: int, side: str) -> int:
        if side in "ew":
            return row_lines[r - 1][0]
        return edge_lines[(r if side == "n" else r + 1) - 1][0]

    def edge_at(r: int, c: int, side: str) -> str | None:
        if side == "w":
            return vertical.get((r, c))
        if side == "e":
            return vertical.get((r, c + 1))
        if side == "n":
            return horizontal.get((r, c))
        return horizontal.get((r + 1, c))

    def is_building(r: int, c: int) -> bool:
        return 1 <= r <= R and 1 <= c <= C and cells[r - 1][c - 1] == BUILDING

    # edges drawn where no building has a boundary are mistakes
    for r in range(1, R + 2):
        for c in range(1, C + 2):
            for side, table in (("w", vertical), ("n", horizontal)):
                kind = table.get((r, c))
                if kind is None:
                    continue
                here = is_building(r, c)
                there = is_building(r, c - 1) if side == "w" else is_building(r - 1, c)
                if not here and not there:
                    raise reader.fail(Says(N_("an edge west of column {col} lies between two cells that are not "
                                              "buildings") if side == "w" else
                                           N_("an edge above column {col} lies between two cells that are not "
                                              "buildings"), col=c),
                                      line_of(min(r, R), c, side if r <= R else "s"))
    seen: dict[tuple[int, int], int] = {}
    groups: list[list[tuple[int, int]]] = []
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            if not is_building(r, c) or (r, c) in seen:
                continue
            group, stack = [], [(r, c)]
            seen[r, c] = len(groups)
            while stack:
                cr, cc = stack.pop()
                group.append((cr, cc))
                for side, (dr, dc) in SIDE_STEP.items():
                    nr, nc = cr + dr, cc + dc
                    if is_building(nr, nc) and (nr, nc) not in seen and edge_at(cr, cc, side) is None:
                        seen[nr, nc] = len(groups)
                        stack.append((nr, nc))
            groups.append(sorted(group))
    buildings = []
    for k, group in enumerate(groups):
        openings = []
        for r, c in group:
            for side, (dr, dc) in SIDE_STEP.items():
                nr, nc = r + dr, c + dc
                kind = edge_at(r, c, side)
                inside = seen.get((nr, nc)) == k
                if inside:
                    if kind is not None:
                        raise reader.fail(Says(N_("the wall at row {row}, column {col} ({side}) splits a building; "
                                                  "two buildings that touch need a wall all along"),
                                               row=r, col=c, side=side), line_of(r, c, side))
                    continue
                if kind is None:
                    raise reader.fail(Says(_NO_WALL[side], row=r, col=c), line_of(r, c, side))
                if kind != "wall":
                    if is_building(nr, nc):
                        raise reader.fail(Says(N_("the opening at row {row}, column {col} faces another building"),
                                               row=r, col=c), line_of(r, c, side))
                    # side is a key of SIDE_STEP: n, e, s or w
                    openings.append(Opening(row=r, col=c, side=cast(Side, side), cut=kind == "cut"))
        buildings.append(Building(cells=tuple(group), openings=tuple(sorted(
            openings, key=lambda o: (o.row, o.col, o.side)))))
    return tuple(buildings)


# A building cell's side without a wall, by the side: the sentence for each (its words differ in German).
_NO_WALL = {
    "n": N_("the building cell at row {row}, column {col} has no wall on its top side; draw | or - (wall), "
            ": (opening) or ~ (cut side)"),
    "s": N_("the building cell at row {row}, column {col} has no wall on its bottom side; draw | or - (wall), "
            ": (opening) or ~ (cut side)"),
    "e": N_("the building cell at row {row}, column {col} has no wall on its right side; draw | or - (wall), "
            ": (opening) or ~ (cut side)"),
    "w": N_("the building cell at row {row}, column {col} has no wall on its left side; draw | or - (wall), "
            ": (opening) or ~ (cut side)"),
}


def _build(reader: _Reader, header, grids, drawings):
    def take(key: str):
        return header.pop(key, (None, None))

    game_line, game = take("game")
    if game is not None and game != "cats":
        raise reader.fail(Says(N_("this is the Cats text form; {key} is {game!r}"), key="game", game=game), game_line)
    number, kind = take("kind")
    if kind is None:
        raise DesignFormatError(Says(N_("missing `kind:` ({kinds} or {last})"), kinds=KINDS, last=LAST_KIND),
                                path="line 1", source=reader.source)
    fields_of = {"map": MAP_KEYS, "setup": MAP_KEYS, "segment": TAPE_KEYS, "roll": TAPE_KEYS + ("length", "rules_url")}
    if kind not in fields_of:
        raise reader.fail(Says(N_("unknown kind {kind!r}; use {kinds} or {last}"), kind=kind, kinds=KINDS,
                               last=LAST_KIND), number)
    body: dict[str, Any] = {}
    lines_of: dict[str, int] = {}
    for name in ("seed", "generator") + fields_of[kind]:
        line, value = take(_key(name))
        if value is None:
            continue
        lines_of[name] = line
        body[name] = _parse_value(reader, name, value, line)
    pieces, piece_lines = _take_pieces(reader, header)
    setup_seed = take("setup-seed")
    setup_generator = take("setup-generator")
    if header:
        key, (line, _) = next(iter(header.items()))
        raise reader.fail(Says(N_("unknown key {key!r}"), key=key), line)
    cls: type[CatsRoll] | type[CatsSegment] | type[CatsMap]
    if kind == "roll":
        body["segments"] = tuple(grid for _, grid in grids)
        cls = CatsRoll
    else:
        if len(grids) != 1:
            raise DesignFormatError(Says(N_("expected one `grid:` block, found {count}"), count=len(grids)),
                                    path="grid", source=reader.source)
        body["grid"] = grids[0][1]
        cls = CatsSegment if kind == "segment" else CatsMap
        if kind != "segment":
            body["pieces"] = tuple(pieces)
    design = _validated(reader, cls, body, lines_of, grids)
    if kind == "setup":
        fish = tuple(_parse_drawing(reader, value, line) for line, value in drawings["fish"])
        cats = tuple(_parse_drawing(reader, value, line) for line, value in drawings["cat"])
        extra = {}
        if setup_seed[1] is not None:
            extra["seed"] = _parse_value(reader, "seed", setup_seed[1], setup_seed[0])
        if setup_generator[1] is not None:
            extra["generator"] = name_read(setup_generator[1])
        design = CatsSetup(map=design, fish=fish, cats=cats, **extra)
    elif drawings["fish"] or drawings["cat"]:
        line = (drawings["fish"] or drawings["cat"])[0][0]
        raise reader.fail(Says(N_("fish and cats belong in a set-up ({kind})"), kind="kind: setup"), line)
    items = {"pieces": piece_lines, "fish": [line for line, _ in drawings["fish"]],
             "cats": [line for line, _ in drawings["cat"]]}
    _check(reader, design, {**{name: [line] for name, line in lines_of.items()}, **items}, grids)
    return design


def _take_pieces(reader: _Reader, header) -> tuple[list[Piece], list[int]]:
    """The `pieces LAYER:` lines, read and taken out of the header; beside each piece, the line it stands on."""
    pieces: list[Piece] = []
    lines: list[int] = []
    for key in sorted(k for k in header if k.startswith("pieces ")):
        line, value = header.pop(key)
        pieces += _parse_pieces(reader, key, value, line)
        lines += [line] * (len(pieces) - len(lines))
    return pieces, lines


def _check(reader: _Reader, design, lines_of: dict[str, list[int]], grids) -> None:
    """The game's own check, its complaint placed on the line it is about: it names a JSON path (`pieces[0].col`),
    which in a text file said neither the file nor the line. `lines_of` gives each field its line, or for a list
    (pieces, fish, cats) each item's."""
    from .wellformed import check_design

    try:
        check_design(design)
    except DesignFormatError as error:
        path = error.path.removeprefix("map.")          # a set-up's map fields stand in its own header
        found = re.match(r"(\w+)(?:\[(\d+)\])?", path)
        lines = lines_of.get(found.group(1), []) if found else []
        index = int(found.group(2) or 0) if found else 0
        line = lines[min(index, len(lines) - 1)] if lines else (grids[0][0] if grids else 1)
        raise reader.fail(Says(FIELD_REASON, field=_key(path), reason=error.detail) if path else error.detail,
                          line) from None


def _parse_value(reader: _Reader, name: str, value: str, line: int) -> Any:
    if value == "-":
        return None
    if name in ("coop", "cut_up", "jinja", "sewer_poppers", "play_fair"):
        if value not in ("yes", "no"):
            raise reader.fail(Says(N_("{field}: write {yes} or {no}, got {value!r}"), field=_key(name), yes="yes",
                                   no="no", value=value), line)
        return value == "yes"
    if name in ("tape_width", "length"):
        try:
            return parse_length(value, field=_key(name))
        except InputError as error:
            raise reader.fail(error.says, line) from None
    if name == "generator":
        return name_read(value)
    if name == "rules_url":
        return value
    try:
        number = float(value) if name in ("balance", "play_score") else int(value)
    except ValueError:
        raise reader.fail(Says(N_("{field}: expected a number, got {value!r}"), field=_key(name), value=clipped(value)),
                          line) from None
    # Refused here, named as its JSON form names it: the model's bounds (balance >= 0) would call a nan out of range.
    if not math.isfinite(number):
        raise reader.fail(Says(FIELD_REASON, field=name, reason=Says(N_("{value} is not a finite number"),
                                                                     value=number)), line)
    return number


def _parse_pieces(reader: _Reader, key: str, value: str, line: int) -> list[Piece]:
    layer_text = key[len("pieces "):].strip()
    if not layer_text.isdecimal():       # isdigit() takes `²`, which int() refuses
        raise reader.fail(Says(N_("{key!r}: expected `pieces LAYER: FIRST-LAST<SOURCE ...`"), key=key), line)
    pieces = []
    for token in value.split():
        try:
            span, source = token.split("<")
            first, last = span.split("-")
            pieces.append(Piece(layer=int(layer_text), col=int(first), width=int(last) - int(first) + 1,
                                source=int(source)))
        except ValueError:
            raise reader.fail(Says(N_("piece {token!r}: write {form}, such as {example}"), token=clipped(token),
                                   form="FIRST-LAST<SOURCE", example="1-6<13"), line) from None
    return pieces


def _parse_drawing(reader: _Reader, value: str, line: int) -> Drawing:
    parts = value.split()
    # isdecimal, not isdigit: `fish: 1 ² 3` passed isdigit() and int() raised a ValueError, a traceback.
    if len(parts) != 3 or not all(p.isdecimal() for p in parts):
        raise reader.fail(Says(N_("expected {form}, got {value!r}"), form="PLAYER ROW COLUMN",
                               value=clipped(value.strip())),
                          line)
    return Drawing(player=int(parts[0]), row=int(parts[1]), col=int(parts[2]))


def _validated(reader: _Reader, cls, body: dict, lines_of: dict[str, int], grids):
    """Checks types and ranges with the same model the JSON files use; a bad value names its line."""
    try:
        return _adapter(cls).validate_python(body)
    except pydantic.ValidationError as error:
        first = error.errors(include_url=False)[0]
        loc = first.get("loc", ())
        name = str(loc[0]) if loc else ""
        line = lines_of.get(name, grids[0][0] if grids else 1)
        where = json_path(loc)
        raise reader.fail(Says(FIELD_REASON, field=_key(where), reason=pydantic_says(first)), line) from None


__all__ = ["to_text", "from_text", "grid_lines"]
