"""Tokyo Washi Game Cats declared as data: its components and the parameters of each, as frozen dataclasses whose
fields say what they are (games/params.py). The map options are declared once (MapOptions) and every component
that makes a map shares them; the command line (cli/cats/), `washigen games`, washigen.generate's checks and the
studio's form are built from these declarations. Plain values only: registering the game imports nothing else."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from ...words import N_
from ...units import DEFAULT_BLEED, MAX_BLEED, MAX_LENGTH, MAX_URL_LENGTH, TAPE_WIDTHS, format_mm
from ..params import Options, declared_fields, param, seed_param
from ..registry import Component, DESIGN, FOLDER, GAME_PLAYED, MAP, PRINTED
from .constants import (CUT_UP_BUDGET, DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, DEFAULT_TAPE_WIDTH, FORESTS_MAX,
                        LONG_MAX, MAX_VARIANTS, SEGMENT_COLS_RANGE, SEGMENT_ROWS_RANGE, TAPE_WIDTH_RANGE,
                        VERDICT_GAMES)

if TYPE_CHECKING:
    from .model import CatsMap, CatsRoll, CatsSetup

_WIDTHS = ", ".join(format_mm(w) for w in TAPE_WIDTHS)


class TapeOptions(Options):
    """The tape every component that makes tape is cut from."""
    tape_width: float = param(
        DEFAULT_TAPE_WIDTH, N_("Width of the tape ({narrowest}-{widest} mm; standard tapes: {widths} mm). Narrower "
                               "tape makes smaller cells; under 4 mm a cell is reported as too small to draw in."),
        kind="length", min=TAPE_WIDTH_RANGE[0], max=TAPE_WIDTH_RANGE[1], example="45mm",
        help_fields={"narrowest": format_mm(TAPE_WIDTH_RANGE[0]), "widest": format_mm(TAPE_WIDTH_RANGE[1]),
                     "widths": _WIDTHS})
    segment_rows: int = param(DEFAULT_SEGMENT_ROWS, N_("Cell rows of a segment (fewer rows: bigger cells on narrow "
                                                       "tape)."), min=SEGMENT_ROWS_RANGE[0], max=SEGMENT_ROWS_RANGE[1])
    segment_cols: int = param(DEFAULT_SEGMENT_COLS, N_("Columns of a segment."), min=SEGMENT_COLS_RANGE[0],
                              max=SEGMENT_COLS_RANGE[1])


class MapOptions(TapeOptions):
    """What a map is: the table it is for, its length, its pieces and its variant rules."""
    players: int = param(2, N_("2 or 3: one segment a side; 4 or 5: two; 6: three."), min=2, max=6)
    coop: bool = param(False, N_("Team play: 2 v 2 (4 players) or 2 v 2 v 2 (6 players) on the 2-player map."))
    long: int = param(0, N_("Extra layers of tape between the two outer ones (long game)."), min=0, max=LONG_MAX)
    forests: int = param(0, N_("Forest and shrub pieces stuck on the map."), min=0, max=FORESTS_MAX)
    jinja: bool = param(False, N_("Jinja mode: after a special move a shrine may be entered to win one back (stored "
                                  "in the map file)."))
    sewer_poppers: bool = param(False, N_("The sewer-popper variant: special moves are sewer pops only; with 2 "
                                          "players or on a map wider than the 2-player one, no cat steps on a "
                                          "sewer and every home-row cell must reach the other home row around the "
                                          "sewers (stored in the map file)."))


def rules_url() -> str | None:
    return param(None, N_("Print a QR code that leads to the rules."), kind="URL", max_length=MAX_URL_LENGTH)



class MapParams(MapOptions):
    """`cats map`."""
    cut_up: bool = param(False, N_("Cut the tape on vertical grid lines and lay the pieces anew; the first fair "
                                   "cut-up found within --budget, else the fairest."))
    variant: int | None = param(None, N_("With --cut-up: exactly this cut-up of the seed's map (as `cats variants` "
                                         "lists them)."), kind="int", min=1, max=100_000)
    budget: float = param(
        CUT_UP_BUDGET, N_("With --cut-up: search the seed's good cut-ups in order for a fair one (200 greedy games "
                          "each, the games `cats balance --seed SEED` plays) for up to SECONDS of one core at a "
                          "nominal rate of greedy games a second for that many players (that many games whatever "
                          "the machine, so the seed alone decides the map); 0: the first that plays, judged all the "
                          "same. Where none is fair, the fairest is drawn and a warning gives its score."),
        min=0, max=600, unit="s")
    rules_url: str | None = rules_url()
    seed: int | None = seed_param()


class RollParams(TapeOptions):
    """`cats tape`: artwork for a tape maker."""
    length: float = param(10_000.0, N_("Length of the roll."), kind="length", max=MAX_LENGTH)
    bleed: float = param(DEFAULT_BLEED, N_("Artwork beyond each edge of the tape."), kind="length", min=0,
                         max=MAX_BLEED, design=False)
    segments: int = param(4, N_("Distinct segments in the repeat (each followed by a forest section)."), min=1,
                          max=1000)
    repeat_only: bool = param(False, N_("Only the one repeat a tape maker prints from: tape width x repeat length "
                                        "at real size, with the bleed on every side and no marks (a vector PDF, or "
                                        "a PNG at --dpi 300 or 600)."), design=False)
    dpi: int = param(300, N_("Resolution of PNG output."), min=30, max=2400, design=False)
    rules_url: str | None = rules_url()
    seed: int | None = seed_param()


class SheetParams(Options):
    """`cats sheet`: player strips to cut out."""
    players: int = param(2, "", min=2, max=6)
    coop: bool = param(False, N_("One strip a team (team play shares the special moves)."))


class SetupParams(MapOptions):
    """`cats setup`: fish and cats drawn on a map (a new one, or --map FILE)."""
    map_file: str | None = param(None, N_("Draw on this map (.json or .txt) instead of a new one."), kind="file",
                                 flag="--map", design=False)
    seed: int | None = seed_param()


class VariantsOptions(Options):
    """`cats variants`: how many cut-ups to keep, and how they are found and written."""
    count: int = param(5, N_("How many maps to keep."), min=1, max=MAX_VARIANTS)
    tries: int | None = param(None, N_("Cut-ups to try (default: 20 a kept map, at least 100, at most 3 a kept map "
                                       "+ 10000)."), kind="int", min=1, max=100_000)
    games: int = param(VERDICT_GAMES, N_("Greedy games judging each cut-up that plays, smallest route gap first "
                                         "(the games `cats balance --map MAP --seed SEED` plays): the first COUNT "
                                         "fair ones are kept; 0 ranks by route gap alone, streaming any COUNT in "
                                         "flat memory."), min=0, max=1000)
    budget: float = param(CUT_UP_BUDGET, N_("Seconds of one core a kept map for that search, at a nominal rate of "
                                            "greedy games a second (so the seed alone decides the maps); where "
                                            "fewer than COUNT are fair, the fairest others fill the places and a "
                                            "warning gives their scores."), min=0, max=600, unit="s")
    formats: str = param("json", N_("What to write for each map, comma-separated: json, txt, pdf, svg, png."),
                         kind="LIST", flag="--format")


class PlayOptions(Options):
    """What `cats play` and `cats balance` play on, and who plays."""
    map_file: str | None = param(None, N_("Play on this map or set-up (.json or .txt) instead of a new map; a "
                                          "set-up's drawings are used in every game, otherwise each game draws its "
                                          "own set-up from its seed."), kind="file", flag="--map")
    bots: str = param("greedy", N_("A bot for every seat, comma-separated, or one for all: greedy, random, "
                                    "strong (strong:N: about N simulated games a move)."),
                      kind="LIST")
    games: int | None = param(None, N_("How many games [default: play 1, balance 200]."), kind="int", min=1,
                              max=100_000)


class VariantsParams(VariantsOptions, MapOptions):
    """`cats variants`."""
    seed: int | None = seed_param()


class PlayParams(PlayOptions, MapOptions):
    """`cats play`."""
    replay_file: str | None = param(None, N_("Replay a game log (as -o LOG.txt writes it) move by move, and print "
                                             "how it ended."), kind="file", flag="--replay", design=False)
    as_json: bool = param(False, N_("Print the games as JSON."), flag="--json", design=False)
    seed: int | None = seed_param()


class BalanceParams(PlayOptions, MapOptions):
    """`cats balance`."""
    jobs: int | None = param(None, N_("Processes playing at once [default: every core]; the numbers are the same "
                                      "for every JOBS."), kind="int", min=1, max=64, design=False)
    as_json: bool = param(False, N_("Print the statistics as JSON."), flag="--json", design=False)
    seed: int | None = seed_param()


def make_map(options: MapParams) -> CatsMap:
    from .generate import generate_map

    return generate_map(**asdict(options))


def make_roll(options: RollParams) -> CatsRoll:
    from .generate import generate_roll

    return generate_roll(segments=options.segments, tape_width=options.tape_width, length=options.length,
                         segment_rows=options.segment_rows, segment_cols=options.segment_cols, seed=options.seed or 0,
                         rules_url=options.rules_url)


def make_setup(options: SetupParams) -> CatsSetup:
    """A map made from the options and the fish and cats drawn on it, both from the one seed."""
    from .generate import generate_map
    from .setup import generate_setup

    map_options = {name: getattr(options, name) for name in declared_fields(MapOptions)}
    return generate_setup(generate_map(**map_options, seed=options.seed or 0), seed=options.seed or 0)


def draw_sheet(options: SheetParams, print_options):
    """What `cats sheet` prints."""
    from .draw import sheet_document
    from .model import table

    table(options.players, options.coop)
    return sheet_document(options.players, options.coop, print_options)


def cell_palette() -> tuple[tuple[str, str], ...]:
    """What a map editor paints a cell with: (code, name) of each cell kind."""
    from .model import CELL_KINDS

    return tuple(CELL_KINDS.items())


def tape_file(design, options, output, **given):
    """What `cats tape` writes for a roll to `output` (roll.tape_document): the studio's tape downloads."""
    from .roll import tape_document

    return tape_document(design, options, output, **given)


def bot_game(design, seed: int):
    """washigen.bot_game's game on a design of this game (replay.py)."""
    from .replay import played_game

    return played_game(design, seed)


COMPONENTS: tuple[Component, ...] = (
    Component("map", N_("A map for 2 to 6 players at real size (one page, its trim the map), or with --paper its tape "
                        "strips on sheets, numbered in the order they go together"), options=MapParams, make=make_map,
              palette=cell_palette, writes=MAP, prints="strips"),
    Component("tape", N_("Artwork for a tape maker: one continuous strip, tape width x length, with bleed; the "
                         "segments and forest sections repeat along it"), options=RollParams, make=make_roll,
              writes=DESIGN, prints="tape", print_file=tape_file),
    Component("sheet", N_("Player strips to cut out, for a map printed without bands or for the players beyond the "
                          "bands"), options=SheetParams, draw=draw_sheet,
              writes=PRINTED, prints="sheets"),
    Component("variants", N_("Cut-ups of the seed's map, every one checked, COUNT of them written, the fairest "
                             "first"), options=VariantsParams,
              writes=(FOLDER,), prints="strips"),
    Component("setup", N_("Fish and cats drawn on a map, as the players would: a planned game to print or check"),
              options=SetupParams, make=make_setup, palette=cell_palette, writes=DESIGN, prints="page"),
    Component("play", N_("Bots play Cats: each game's winner, length in turns and how it ended (win, trap or "
                         "turn limit); with one game, its moves first (number, player, move in notation)"),
              options=PlayParams, replay=bot_game, writes=GAME_PLAYED, output_required=False, prints="page"),
    Component("balance", N_("Win rates per seat over GAMES seeded games between equal bots, seats rotated so that "
                            "each starts equally often: each with its 95 % Wilson interval, the mean game length, "
                            "games decided by a trap or cut off by the turn limit"), options=BalanceParams,
              writes=PRINTED, output_required=False, prints="lang"),
)
