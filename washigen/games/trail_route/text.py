"""The readable text form of a setup (golden files, `-o setup.txt`), and reading it back.

    players: 4
    seed: 1
    row 1:  4  rb | rb<  .    M    #    T    ^    .
    exchange: .  F  P  #  T  <  ry<  bg<  .  F
    seat 1: red | hidden-passage deep-fog living-path mirror

A board whose two grids differ in rows (a rule it breaks) keeps every row: the rows past the other grid's are
`road row 7: | . M ...` or `destination row 7: rb 4`, and a grid without rows is `road: none` or `destinations: none`.
Lines starting with # are comments. A mix or generator name with outer spaces, or opening with a quote, is written
as a JSON string (`mix: " odd "`). Road tokens: `.` plain road, `M` mouse toy, `F` cat forward, `P` place a cat,
`#` wall, `T` tunnel, `< > ^ v` black arrows, `rb<` a red/blue arrow (colour initials r b g y, then the
direction). Destination tokens: `rb` a colour pair, `4` and `3` the fixed tiles.
"""

from __future__ import annotations

import json
import re

from ...design import FORMAT, Design, loads
from ...errors import DesignFormatError
from ...inputs import clipped, name_read, name_value
from ...words import N_, Says
from .model import (CARD_CODES, COLOURS, COLS, MIX_PARTS, TITLE, TOKEN_TO_DEST, TOKEN_TO_ROAD, TrailRouteSetup,
                    dest_token, tile_token)

LEGEND = (
    "# Road: . plain road, M mouse toy, F cat forward, P place a cat, # wall, T tunnel,",
    "#       < > ^ v black arrow, rb< red/blue arrow (colours r b g y, then the direction).",
    "# Destinations: rb colour pair (5 points for a red or blue cat, else 3), 4 and 3 fixed points.",
)


def to_text(design: TrailRouteSetup) -> str:
    lines = [f"# {TITLE}: setup for {design.players} players, seed {design.seed}",
             f"players: {design.players}",
             f"seed: {design.seed}",
             f"generator: {name_value(design.generator)}",
             "#",
             "# Row 1 is at the top, forward is to the left; road columns count from the destinations.",
             "#          dest | " + "".join(f"{c:<5}" for c in range(1, COLS + 1)).rstrip()]
    lines += board_lines(design)
    lines += [*LEGEND, "#",
              "exchange: " + "  ".join(tile_token(code) for code in design.exchange)]
    for n, seat in enumerate(design.seats):
        lines.append(f"seat {n + 1}: {seat.colour} | " + " ".join(seat.hand))
    lines.append("undealt: " + " ".join(design.undealt))
    lines.append(f"mix: {name_value(design.mix.source)}")
    for part in MIX_PARTS:
        lines.append(f"mix {part}: " + " ".join(f"{code}={count}" for code, count in getattr(design.mix, part)))
    return "\n".join(lines) + "\n"


def board_lines(design: TrailRouteSetup) -> list[str]:
    """The rows both grids have as `row N: DEST DEST | ROAD ...`; one grid's rows past the other's as `road row N:
    | ROAD ...` or `destination row N: DEST DEST`, and a grid without rows as `road: none` or `destinations: none`.
    A board whose grids differ in rows breaks a rule, but is read back as it was written: the studio shows every
    design through this form, and writing the road's rows alone lost the destinations' extra rows."""
    road, dests = design.road, design.destinations
    shared = min(len(road), len(dests))
    lines = [f"{f'row {r + 1}:':<9}{_dest_tokens(dests[r]):>6} | {_road_tokens(road[r])}" for r in range(shared)]
    lines += [f"{f'road row {r + 1}:':<15} | {_road_tokens(road[r])}".rstrip() for r in range(shared, len(road))]
    lines += [f"destination row {r + 1}: {_dest_tokens(dests[r])}".rstrip() for r in range(shared, len(dests))]
    lines += [f"{grid}: {NO_ROWS}" for grid in GRIDS if not getattr(design, grid)]
    return lines


def _dest_tokens(row: tuple[str, ...]) -> str:
    return " ".join(f"{dest_token(code):>2}" for code in row)


def _road_tokens(row: tuple[str, ...]) -> str:
    return "".join(f"{tile_token(code):<5}" for code in row).rstrip()


GRIDS = ("road", "destinations")      # the fields, and the keys of `road: none` and `destinations: none`
NO_ROWS = "none"
_ROW = re.compile(r"^row (\d+):(.*)$")
_GRID_ROW = re.compile(r"^(road|destination) row (\d+):(.*)$")
_SEAT = re.compile(r"^seat (\d+):(.*)$")


def from_text(text: str, source: str = "") -> Design:
    fields: dict = {"road": [], "destinations": [], "seats": [], "undealt": ()}
    mix: dict = {}
    given: dict[str, int] = {}              # field -> the line it was given on: a second one is refused, not kept
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"line {number}"
        if match := _ROW.match(line):
            _row(match, fields, where, source)
        elif match := _GRID_ROW.match(line):
            _grid_row(match, fields, where, source)
        elif match := _SEAT.match(line):
            fields["seats"].append(_seat(match, len(fields["seats"]) + 1, where, source))
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            if key in given:
                raise DesignFormatError(Says(N_("{key!r} is given twice (first on line {first})"), key=key,
                                             first=given[key]), path=where, source=source)
            given[key] = number
            _field(key, value.strip(), fields, mix, where, source)
        else:
            raise DesignFormatError(Says(N_("cannot read {line!r}"), line=clipped(line)), path=where, source=source)
    # As in a JSON setup, the board and the table must be there; their size is a rule (validate says it).
    _require_board(fields, given, source)
    if not fields["seats"]:
        raise DesignFormatError(Says(N_("no players: a setup lists them as `seat N: COLOUR | CARD ...`, seat 1 "
                                        "first")), path="seats", source=source)
    _require_table(fields, mix, source)
    document = {"format": FORMAT, "game": TrailRouteSetup.GAME, "kind": TrailRouteSetup.KIND, **fields,
                "mix": mix}
    return loads(json.dumps(document), source=source)   # the same checks as a JSON file


def _require_board(fields: dict, given: dict[str, int], source: str) -> None:
    """Each grid given by its rows or as `KEY: none`, never both; the road's absence said as before the grids could
    differ in rows (every text then gave both grids on its `row N` lines)."""
    for grid in GRIDS:
        if grid in given and fields[grid]:
            raise DesignFormatError(Says(N_("{key!r} is {none} (a grid without rows), yet {count} of its rows are "
                                            "given"), key=grid, none=NO_ROWS, count=len(fields[grid])),
                                    path=f"line {given[grid]}", source=source)
    if not fields["road"] and "road" not in given:
        raise DesignFormatError(Says(N_("no board: a setup lists its rows as `row N: DEST DEST | ROAD ...`, row 1 "
                                        "first")), path="road", source=source)
    if not fields["destinations"] and "destinations" not in given:
        raise DesignFormatError(Says(N_("no destinations: a setup lists them on its rows, `row N: DEST DEST | ROAD "
                                        "...` (a grid without rows is `destinations: none`)")),
                                path="destinations", source=source)


def _require_table(fields: dict, mix: dict, source: str) -> None:
    """The exchange deck and the mix are part of the table, as in a JSON setup: without them the setup read as an
    empty deck and an empty box, and every tile on the board broke a rule as one the box lacks."""
    if "exchange" not in fields:
        raise DesignFormatError(Says(N_("no exchange deck: a setup lists it as `exchange: TILE ...`, top tile first "
                                        "(an empty deck is a bare `exchange:` line)")), path="exchange", source=source)
    if not mix:
        raise DesignFormatError(Says(N_("no mix: a setup names its mix as `mix: NAME` and lists it as `mix road: "
                                        "CODE=COUNT ...`")), path="mix", source=source)
    mix.setdefault("source", "default")


def _seat(match, expected: int, where: str, source: str) -> dict:
    """`seat N: COLOUR | CARD ...`, seat `expected` (seats in turn order, as rows), its colour and cards named by the
    line they are on."""
    if _ordinal(match.group(1)) != expected:
        raise DesignFormatError(Says(N_("seats must come in order; expected seat {seat}"), seat=expected),
                                path=where, source=source)
    colour, _, hand = match.group(2).partition("|")
    colour = colour.strip()
    if colour not in COLOURS:
        raise DesignFormatError(Says(N_("unknown colour {colour!r}; one of {colours}"), colour=colour,
                                     colours=", ".join(COLOURS)), path=where, source=source)
    cards = tuple(hand.split())
    for card in cards:
        if card not in CARD_CODES:
            raise DesignFormatError(Says(N_("unknown hand card {card!r}; one of {cards}"), card=card,
                                         cards=", ".join(CARD_CODES)), path=where, source=source)
    return {"colour": colour, "hand": cards}


def _row(match, fields: dict, where: str, source: str) -> None:
    road_rows, dest_rows = len(fields["road"]), len(fields["destinations"])
    if road_rows != dest_rows:
        raise DesignFormatError(Says(N_("`row N` gives both grids a row, but {road} road rows and {dests} destination "
                                        "rows come before it: write `road row N` or `destination row N`"),
                                     road=road_rows, dests=dest_rows), path=where, source=source)
    if _ordinal(match.group(1)) != road_rows + 1:
        raise DesignFormatError(Says(N_("rows must come in order; expected row {row}"), row=road_rows + 1),
                                path=where, source=source)
    dests, bar, road = match.group(2).partition("|")
    if not bar:
        raise DesignFormatError(Says(N_("a row is `row N: DEST DEST | ROAD ...`")), path=where, source=source)
    fields["destinations"].append(tuple(_token(t, TOKEN_TO_DEST, UNKNOWN_DEST, where, source)
                                        for t in dests.split()))
    fields["road"].append(tuple(_token(t, TOKEN_TO_ROAD, UNKNOWN_ROAD, where, source) for t in road.split()))


def _grid_row(match, fields: dict, where: str, source: str) -> None:
    """`road row N: | ROAD ...` or `destination row N: DEST DEST`: a row of one grid alone, past the other's rows."""
    grid, tokens = match.group(1), match.group(3).strip()
    field = "road" if grid == "road" else "destinations"
    expected = len(fields[field]) + 1
    if _ordinal(match.group(2)) != expected:
        raise DesignFormatError(Says(N_("rows must come in order; expected `{grid} row {row}`"), grid=grid,
                                     row=expected), path=where, source=source)
    if grid == "road":
        fields["road"].append(tuple(_token(t, TOKEN_TO_ROAD, UNKNOWN_ROAD, where, source)
                                    for t in tokens.removeprefix("|").split()))
    else:
        fields["destinations"].append(tuple(_token(t, TOKEN_TO_DEST, UNKNOWN_DEST, where, source)
                                            for t in tokens.split()))


def _ordinal(digits: str) -> int | None:
    """The number of a `row N` or `seat N` line; None for thousands of digits, which int() refuses (a traceback)."""
    try:
        return int(digits)
    except ValueError:
        return None


UNKNOWN_DEST = N_("unknown destination {token!r}")
UNKNOWN_ROAD = N_("unknown road tile {token!r}")


def _token(token: str, table: dict[str, str], unknown: str, where: str, source: str) -> str:
    """The code a token stands for; `unknown` is the refusal of any other token (UNKNOWN_DEST, UNKNOWN_ROAD)."""
    if token not in table:
        raise DesignFormatError(Says(unknown, token=clipped(token)), path=where, source=source)
    return table[token]


def _field(key: str, value: str, fields: dict, mix: dict, where: str, source: str) -> None:
    if key in ("players", "seed"):
        try:
            fields[key] = int(value) if value != "None" else None
        except ValueError:
            raise DesignFormatError(Says(N_("{key} must be a whole number, got {value!r}"), key=key,
                                         value=clipped(value)),
                                    path=where, source=source) from None
    elif key in GRIDS:
        if value != NO_ROWS:
            raise DesignFormatError(Says(N_("{key!r} takes only {none} (a grid without rows); its rows are `row N` "
                                            "lines"), key=key, none=NO_ROWS), path=where, source=source)
    elif key == "generator":
        fields["generator"] = name_read(value)
    elif key == "exchange":
        fields["exchange"] = tuple(_token(t, TOKEN_TO_ROAD, UNKNOWN_ROAD, where, source) for t in value.split())
    elif key == "undealt":
        fields["undealt"] = tuple(value.split())
    elif key == "mix":
        mix["source"] = name_read(value)
    elif key.startswith("mix ") and key[4:] in MIX_PARTS:
        pairs = []
        for item in value.split():
            code, eq, count = item.partition("=")
            # isdecimal, not isdigit: `road=²` passed isdigit() and int() raised a ValueError, a traceback.
            if not eq or not count.lstrip("-").isdecimal():
                raise DesignFormatError(Says(N_("mix entries are {form}, got {item!r}"), form="tile=count",
                                             item=clipped(item)),
                                        path=where, source=source)
            try:
                pairs.append((code, int(count)))
            except ValueError:              # thousands of digits, which int() refuses
                raise DesignFormatError(Says(N_("a number of thousands of digits is out of range")), path=where,
                                        source=source) from None
        mix[key[4:]] = tuple(pairs)
    else:
        raise DesignFormatError(Says(N_("unknown field {key!r}"), key=key), path=where, source=source)
