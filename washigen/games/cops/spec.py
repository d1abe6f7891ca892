"""Tokyo Washi Game Cops declared as data: its components and the parameters of each, as frozen dataclasses whose
fields say what they are (games/params.py). The tape options and the map options are declared once (TapeOptions,
MapOptions) and every component that makes a map or tape shares them; where a command words a shared option its
own way (`cops play` speaks of "a generated map"), its class restates the field, which keeps its place, kind and
default. The command line (cli/cops/), `washigen games`, washigen.generate's checks and the studio's form are
built from these declarations. Plain values only: registering the game imports nothing else."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from ...words import N_, Says
from ...units import MAX_LENGTH, MM_PER_UNIT, TAPE_WIDTHS, format_mm
from ..params import Options, PARAM, declared_fields, param, seed_param
from ..registry import Component, DESIGN, GAME_PLAYED, PRINTED
from .constants import (CONFIRM_GAMES, DEFAULT_BUDGET, DEFAULT_LAYOUT, DEFAULT_PLAYERS, DEFAULT_TAPE_WIDTH, LAYOUTS,
                        MAX_PLAYERS, MIN_PLAYERS, NOMINAL_RATE, SEARCH_GAMES)

if TYPE_CHECKING:
    from .model import CopsMap, CopsSheet, CopsTape

TAPE_WIDTH_RANGE = (10.0, 200.0)            # as generate.check_tape_width, so the listing shows the range
_WIDTHS = ", ".join(format_mm(w) for w in TAPE_WIDTHS)
_SIGNED_LENGTH = r"^\s*(-?)\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(mm|cm|m|in|pt)?\s*$"   # compiled at first use


def restated(base: type, name: str, help: str, help_fields: dict[str, Any] | None = None, **changes: Any) -> Any:
    """The field `name` of `base` as a subclass words it: the same parameter (kind, default, choices) with the
    command's own help (a template filled from help_fields, as param's), and the range it changes (`max=...`)."""
    declared = declared_fields(base)[name]
    worded = declared.metadata[PARAM].reworded(help, help_fields)
    return field(default=declared.default, metadata={PARAM: worded._replace(**changes)})



def offset_mm(value: float | str | None) -> float:
    """An offset as given (mm, or a length such as 6mm) in millimetres. A negative one is refused by name: on the
    command line `-6mm` must not be taken for an option."""
    import math
    import re

    if value is None or isinstance(value, float):
        if value is not None and not math.isfinite(value):      # nan passes every range check after this
            raise InputError(Says(N_("{field}: must be a number, got {value}"), field="offset", value=value))
        return value or 0.0
    match = re.match(_SIGNED_LENGTH, str(value))
    if not match:
        raise InputError(Says(N_("{field}: {value!r} is not a length; write a number of mm such as 10 or 10mm"),
                              field="offset", value=value))
    mm = float(match.group(2)) * MM_PER_UNIT[match.group(3) or "mm"]
    if match.group(1):
        raise InputError(Says(N_("{field}: must be 0 or more, got {value}"), field="offset", value=value))
    return mm


class TapeOptions(Options):
    """The tape a map or a roll is drawn on, and how its segments lie."""
    tape_width: float = param(
        DEFAULT_TAPE_WIDTH, N_("Tape width; standard widths are {widths} mm. Everything scales with it."),
        kind="length", min=TAPE_WIDTH_RANGE[0], max=TAPE_WIDTH_RANGE[1], help_fields={"widths": _WIDTHS})
    layout: str = param(
        DEFAULT_LAYOUT, N_("end-to-end: segments in a row, joints meeting joints, each segment wrapping top to "
                           "bottom. stacked: strips side by side along their long edges, squad sections at the "
                           "left, each strip's bottom ports meeting the top ports of the strip below and the bottom "
                           "strip's the top strip's."), kind="choice", choices=LAYOUTS)


class MapOptions(TapeOptions):
    """What a map is: its squads and its offset set-up."""
    players: int = param(DEFAULT_PLAYERS, N_("One segment per player, laid end to end."), min=MIN_PLAYERS,
                         max=MAX_PLAYERS)
    # The command line reads it as `cops map` always has: a length of 0 or more, shown as written (default 0).
    offset: float | str = param(
        "0", N_("Offset set-up: every other segment lies this much lower (stacked: further right), so the path "
                "ends miss; the new roads that complete them are drawn (orange, dashed). At most a quarter of the "
                "tape width."), kind="LENGTH")
    fair: bool = param(False, N_("Kept for old command lines: every map is searched."), retired=True)


class MapParams(MapOptions):
    """`cops map`."""
    budget: float = param(
        DEFAULT_BUDGET, N_("Search the seed's layouts for a fair one ({games} greedy games each, {confirm} for one "
                           "that looks fair) for up to SECONDS of one core at a nominal {rate} greedy games a second "
                           "(that many games whatever the machine, so the seed alone decides the map); 0: no "
                           "search, the seed's first playable layout. Where no fair map is found, the fairest is "
                           "drawn and a warning gives its score."), min=0, max=600, unit="s",
        help_fields={"games": SEARCH_GAMES, "confirm": CONFIRM_GAMES, "rate": NOMINAL_RATE})
    seed: int | None = seed_param()


class TapeParams(TapeOptions):
    """`cops tape`: artwork for a tape maker."""
    tape_width: float = restated(TapeOptions, "tape_width", N_("Tape width; standard widths are {widths} mm."),
                                 {"widths": _WIDTHS})
    layout: str = restated(TapeOptions, "layout", N_("end-to-end: the last segment of the repeat joins the first. "
                                                     "stacked: every segment has its ports at the same x and no "
                                                     "joints, so any strips of the roll lie side by side and meet."))
    segments: int = param(4, N_("Different segments in the repeat; the last one joins the first, so any run of "
                                "segments torn off the roll meets end to end."), min=1, max=24)
    length: float | None = param(None, N_("Length of the artwork, e.g. 10m for a whole roll (default: one repeat)."),
                                 kind="length", max=MAX_LENGTH, design=False)
    repeat_only: bool = param(False, N_("Only the one repeat a tape maker prints from: tape width x repeat length "
                                        "at real size, with the bleed on every side (at its ends the neighbouring "
                                        "repeats) and no marks (a vector PDF, or a PNG at --dpi 300 or 600)."),
                              design=False)
    seed: int | None = seed_param()


class SheetParams(Options):
    """`cops sheet`: squad sheets."""
    players: int = param(4, N_("How many squad sheets (four to a page)."), min=1, max=24)


class PlayOptions(MapOptions):
    """What `cops play` and `cops balance` play on: a map file, or a map generated from the map options."""
    players: int = restated(MapOptions, "players", N_("Squads (one segment each) of a generated map."))
    offset: float | str = restated(MapOptions, "offset", N_("Offset set-up of a generated map (new roads that "
                                                            "touch make one crossroads joining every path end on "
                                                            "them, never used up; a road that ends at a location is "
                                                            "used once per squad, like a path)."))
    # TAPE_WIDTH_RANGE as `cops map` takes it: refused naming --tape-width, and `washigen games` shows the range.
    tape_width: float = restated(MapOptions, "tape_width", N_("Tape width of a generated map."))
    fair: bool = restated(MapOptions, "fair", N_("Of the seed's first six playable layouts, take the one whose "
                                                 "greedy games favour no place in the turn order most (slower: it "
                                                 "plays a few dozen games on each)."), retired=False)
    map_file: str | None = param(None, N_("A Cops map design (.json) to play on; without it one is generated from "
                                          "the options."), kind="file", flag="--map", design=False)
    seed: int | None = seed_param()


BOTS_HELP = N_("Bots per squad: one name for every squad or one per squad, comma-separated (greedy, random, "
               "strong, strong:N).")


class PlayParams(PlayOptions):
    """`cops play`."""
    bots: str = param("greedy", BOTS_HELP)
    games: int = param(1, N_("How many games; squads take turns at starting."), min=1, max=100_000)
    jobs: int = param(1, N_("Processes to play in; the results do not depend on it."), min=1, max=64, design=False)
    replay: str | None = param(None, N_("Replay a game log written by -o LOG.txt, checking every move (the map "
                                        "comes from the log unless --map is given)."), kind="file", design=False)
    as_json: bool = param(False, N_("One JSON object per game, in a list."), flag="--json", design=False)


class BalanceParams(PlayOptions):
    """`cops balance`."""
    games: int = param(200, N_("Games to play; squads take turns at starting."), min=1, max=100_000)
    jobs: int = param(1, N_("Processes to play in; the numbers do not depend on it."), min=1, max=64, design=False)
    bots: str = param("greedy", BOTS_HELP)
    as_json: bool = param(False, N_("The balance as JSON."), flag="--json", design=False)


def make_map(options: MapParams) -> CopsMap:
    """A map as `cops map` makes it: with a budget, the seed's layouts searched for a fair one (--fair is only
    accepted, as it always was)."""
    from .generate import generate_map

    return generate_map(players=options.players, seed=options.seed or 0, tape_width=options.tape_width,
                        offset=offset_mm(options.offset), layout=options.layout, budget=options.budget,
                        search=options.budget > 0)


def make_tape(options: TapeParams) -> CopsTape:
    from .generate import generate_tape

    return generate_tape(segments=options.segments, seed=options.seed or 0, tape_width=options.tape_width,
                         layout=options.layout)


def tape_file(design, options, output, **given):
    """What `cops tape` writes for a tape to `output` (draw.tape_document): the studio's tape downloads."""
    from .draw import tape_document

    return tape_document(design, options, output, **given)


def make_sheet(options: SheetParams) -> CopsSheet:
    """The squad sheets `cops sheet` prints."""
    from .model import CopsSheet

    return CopsSheet(squads=options.players)


def bot_game(design, seed: int):
    """washigen.bot_game's game on a design of this game (replay.py)."""
    from .replay import played_game

    return played_game(design, seed)


COMPONENTS: tuple[Component, ...] = (
    Component("map", N_("A map for 2 to 6 squads, one segment each"), options=MapParams, make=make_map, writes=DESIGN,
              prints="strips"),
    Component("tape", N_("Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles "
                         "where one image would be too large); with --paper, the repeat's segments as strips on "
                         "sheets"), options=TapeParams, make=make_tape, writes=DESIGN, prints="strips",
              print_file=tape_file),
    Component("sheet", N_("Squad sheets: the squad's name and colour, two ramen bowls to cross off, and the two "
                          "crimes with room to draw the culprits' faces"), options=SheetParams, make=make_sheet,
              writes=DESIGN, prints="sheets"),
    Component("play", N_("Bots play Cops on a map"), options=PlayParams, replay=bot_game, writes=GAME_PLAYED,
              output_required=False, prints="page"),
    Component("balance", N_("How fair a map is between squads played by --bots (greedy by default)"),
              options=BalanceParams, writes=PRINTED, output_required=False, prints="lang"),
)
