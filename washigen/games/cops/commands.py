"""`washigen cops ...`: map, tape and sheet; play and balance (bots playing the map).

Only click and the option helpers are imported here: the commands are read when washigen starts (`washigen games`,
--help); the generator, the rules and the drawing are imported by the command that runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from ...cli_options import (LENGTH, LengthType, emit, lang_option, output_option, page_options, print_options,
                            report_written, resolve_seed, seed_option)
from ...units import MM_PER_UNIT, TAPE_WIDTHS, format_mm
from .constants import DEFAULT_LAYOUT, DEFAULT_PLAYERS, DEFAULT_TAPE_WIDTH, LAYOUTS, MAX_PLAYERS, MIN_PLAYERS, TITLE

_SIGNED_LENGTH = r"^\s*(-?)\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(mm|cm|m|in|pt)?\s*$"   # compiled at first use
STANDARD_WIDTHS = ", ".join(format_mm(w) for w in TAPE_WIDTHS)


def _offset(ctx, param, value):
    """A length of 0 or more; a negative one is refused by name (not mistaken for an option)."""
    if value is None or isinstance(value, float):
        return value or 0.0
    match = re.match(_SIGNED_LENGTH, str(value))
    if not match:
        raise click.BadParameter(f"{value!r} is not a length; write a number of mm such as 10 or 10mm")
    mm = float(match.group(2)) * MM_PER_UNIT[match.group(3) or "mm"]
    if match.group(1):
        raise click.BadParameter(f"must be 0 or more, got {value}")
    return mm


FAIR_OPTION = click.option(
    "--fair", is_flag=True,
    help="Of the seed's first six playable layouts, take the one whose greedy games favour no place in the turn "
         "order most (slower: it plays a few dozen games on each).")
LAYOUT_OPTION = click.option(
    "--layout", type=click.Choice(LAYOUTS), default=DEFAULT_LAYOUT, show_default=True,
    help="end-to-end: segments in a row, joints meeting joints, each segment wrapping top to bottom. stacked: "
         "strips side by side along their long edges, squad sections at the left, each strip's bottom ports "
         "meeting the top ports of the strip below and the bottom strip's the top strip's.")


def _game():
    from .. import get_game

    return get_game("cops")


def _check(design) -> None:
    """Prints what the validator finds (printability warnings on narrow tape); exit 1 if a rule is broken."""
    from .rules import validate

    report = validate(design)
    if report.violations:
        click.echo(report.format_text(), err=True)
    if not report.ok:
        sys.exit(1)


TAPE_WIDTH = LengthType(minimum=10.0, maximum=200.0)     # as check_tape_width, so the listing shows the range


@click.group("cops")
def commands():
    """Tokyo Washi Game Cops: tape segments with two zones of four crime locations, yellow paths, maps that wrap
    top to bottom, offset set-ups with their new roads drawn, and squad sheets."""


@commands.command("map")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=DEFAULT_PLAYERS,
              show_default=True, help="One segment per player, laid end to end.")
@click.option("--offset", callback=_offset, default="0", show_default=True, metavar="LENGTH",
              help="Offset set-up: every other segment lies this much lower (stacked: further right), so the path "
                   "ends miss; the new roads that complete them are drawn (orange, dashed). At most a quarter of "
                   "the tape width.")
@click.option("--tape-width", type=TAPE_WIDTH, default="50mm", show_default=True,
              help=f"Tape width; standard widths are {STANDARD_WIDTHS} mm. Everything scales with it.")
@LAYOUT_OPTION
@click.option("--budget", type=click.FloatRange(0, 600), default=0.0, show_default=True, metavar="SECONDS",
              help="Search the seed's layouts for a fair one (200 greedy games each) for up to SECONDS of one core "
                   "at a nominal 300 greedy games a second (that many games whatever the machine, so the seed alone "
                   "decides the map); 0: no search, the seed's first playable layout. Where no fair map is found, "
                   "the fairest is drawn and a warning gives its score.")
@click.option("--fair", is_flag=True, hidden=True, help="Kept for old command lines: every map is searched.")
@seed_option
@output_option()
@print_options(backs=False)
def map_command(players, offset, tape_width, layout, budget, fair, seed, output: Path, print_options):
    """A map for PLAYERS squads. With --budget, the first of the seed's layouts that is fair: 200 greedy games,
    seats rotated, each seat's 95 % interval holding its fair share (the verdict is stored in the design and
    printed small on the map). Without --paper: one page at real size (its TrimBox the map). With --paper: each segment a strip in
    the tape lanes of the sheet, with crop marks, to cut out and lay as the layout says."""
    import warnings

    from .generate import FairnessWarning, check_offset, check_tape_width, generate_map

    check_offset(offset, check_tape_width(tape_width))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", FairnessWarning)
        design = generate_map(players=players, seed=resolve_seed(seed), tape_width=tape_width, offset=offset,
                              layout=layout, budget=budget, search=budget > 0)
    for warning in caught:
        click.echo(f"warning: {warning.message}", err=True)
    _check(design)
    emit(_game(), design, output, print_options)


@commands.command("tape")
@click.option("--segments", type=click.IntRange(1, 24), default=4, show_default=True,
              help="Different segments in the repeat; the last one joins the first, so any run of segments torn "
                   "off the roll meets end to end.")
@click.option("--length", type=LENGTH, default=None, help="Length of the artwork, e.g. 10m for a whole roll "
              "(default: one repeat).")
@click.option("--repeat-only", is_flag=True,
              help="Only the one repeat a tape maker prints from: tape width x repeat length at real size, with the "
                   "bleed on every side (at its ends the neighbouring repeats) and no marks (a vector PDF, or a PNG "
                   "at --dpi 300 or 600).")
@click.option("--tape-width", type=TAPE_WIDTH, default="50mm", show_default=True,
              help=f"Tape width; standard widths are {STANDARD_WIDTHS} mm.")
@click.option("--layout", type=click.Choice(LAYOUTS), default=DEFAULT_LAYOUT, show_default=True,
              help="end-to-end: the last segment of the repeat joins the first. stacked: every segment has its "
                   "ports at the same x and no joints, so any strips of the roll lie side by side and meet.")
@seed_option
@output_option()
@print_options(backs=False)
def tape_command(segments, length, repeat_only, tape_width, layout, seed, output: Path, print_options):
    """Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles where one image
    would be too large); with --paper, the repeat's segments as strips on sheets. A PDF longer than 5,080 mm (the
    longest page every viewer shows at real size) is written as pages of whole repeats with join marks."""
    from ...output import output_format, write_printed
    from ...press.impose import tape_artwork
    from ...press.rolls import check_repeat_only, pages_note, repeat_document, roll_for_output
    from .draw import tape_repeat_scene
    from .generate import check_tape_width, generate_tape

    if repeat_only:
        check_repeat_only(output, [name for name, given in (("--length", length is not None),
                                                            ("--paper", print_options.paper),
                                                            ("--template", print_options.template)) if given])
    check_tape_width(tape_width)
    design = generate_tape(segments=segments, seed=resolve_seed(seed), tape_width=tape_width, layout=layout)
    _check(design)
    if output_format(output) in (".json", ".txt") or print_options.paper or print_options.template:
        emit(_game(), design, output, print_options)
        return
    bleed = print_options.bleed
    repeat = tape_repeat_scene(design, bleed, print_options.lang)
    title = f"{TITLE} — tape artwork, seed {design.seed}"
    if repeat_only:
        document = repeat_document(repeat, bleed, title)
    else:
        # Segments are torn off whole: the roll's artwork ends on its last whole one.
        strip = tape_artwork(repeat, length or repeat.width, bleed, piece=design.segment_length)
        document = roll_for_output(strip, output, repeat.width, title, print_options.lang,
                                   piece=design.segment_length)
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, print_options))


@commands.command("sheet")
@click.option("--players", type=click.IntRange(1, 24), default=4, show_default=True,
              help="How many squad sheets (four to a page).")
@output_option()
@print_options(backs=False)
def sheet_command(players, output: Path, print_options):
    """Squad sheets: the squad's name and colour, two ramen bowls to cross off, and the two crimes with room to
    draw the culprits' faces. Four to an A4 or Letter page."""
    from .model import CopsSheet

    emit(_game(), CopsSheet(squads=players), output, print_options)




# -- playing ------------------------------------------------------------------------------------------------------


def map_source(func):
    """--map FILE, or the options that generate a map (as `cops map` takes them)."""
    options = [
        click.option("--map", "map_file", type=click.Path(path_type=Path), default=None,
                     help="A Cops map design (.json) to play on; without it one is generated from the options."),
        click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=DEFAULT_PLAYERS,
                     show_default=True, help="Squads (one segment each) of a generated map."),
        click.option("--offset", callback=_offset, default="0", show_default=True, metavar="LENGTH",
                     help="Offset set-up of a generated map (its new roads are played like paths)."),
        click.option("--tape-width", type=LENGTH, default="50mm", show_default=True,
                     help="Tape width of a generated map."),
        LAYOUT_OPTION,
        FAIR_OPTION,
        seed_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _map(map_file, players, offset, tape_width, layout, fair, seed):
    """The design to play: loaded (a Cops map that passes its rules) or generated."""
    from ...design import load
    from ...errors import InputError
    from .generate import check_offset, check_tape_width, generate_map
    from .model import CopsMap

    if map_file is not None:
        design = load(map_file)
        if not isinstance(design, CopsMap):
            raise InputError(f"--map {map_file}: not a Cops map (it holds {design.GAME} {design.KIND})")
        _check(design)
        return design, seed if seed is not None else (design.seed or 0)
    check_offset(offset, check_tape_width(tape_width))
    seed = resolve_seed(seed)
    return generate_map(players=players, seed=seed, tape_width=tape_width, offset=offset, layout=layout,
                        fair=fair), seed


def _game_json(record) -> dict:
    return {"seed": record.seed, "winner": record.winners[0] + 1 if record.winners else None,
            "turns": record.turns, "end": record.end, "ramen_used": list(record.specials_used)}


def _game_line(index: int, record) -> str:
    outcome = (f"squad {record.winners[0] + 1} solves two crimes" if record.winners
               else "no squad can finish (stalemate)")
    ramen = ", ".join(str(n) for n in record.specials_used)
    return (f"game {index + 1} (seed {record.seed}, squad {record.first + 1} starts): {outcome} after "
            f"{record.turns} moves; ramen eaten per squad: {ramen}")


@commands.command("play")
@map_source
@click.option("--bots", default="greedy", show_default=True,
              help="Bots per squad: one name for every squad or one per squad, comma-separated (greedy, random, "
                   "strong, strong:N).")
@click.option("--games", type=click.IntRange(1, 100_000), default=1, show_default=True,
              help="How many games; squads take turns at starting.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to play in; the results do not depend on it.")
@click.option("--replay", type=click.Path(path_type=Path), default=None,
              help="Replay a game log written by -o LOG.txt, checking every move (the map comes from the log "
                   "unless --map is given).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game, in a list.")
@output_option((".txt", ".pdf", ".svg", ".png"), required=False)
@page_options
def play_command(map_file, players, offset, tape_width, layout, fair, seed, bots, games, jobs, replay, as_json, output,
                 print_options):
    """Bots play Cops on a map. Every game's seed and result is printed, and with one game its moves first (one a
    line: squad and move in notation); -o LOG.txt writes the first game's moves as a log that --replay plays back,
    -o game.pdf|svg|png draws the map after the first game: each squad's moves along the paths in its colour, the
    areas filled, solved zones framed, Miso-Squirly paths."""
    import json

    from ...arena import game_seed
    from . import bots as playing
    from . import engine

    if replay is not None:
        design, state, moves, seed, first = _replay(replay, map_file)
        outcome = engine.result(state)
        records = [playing.GameRecord(seed=seed, first=first, winners=outcome.winners if outcome else (),
                                      turns=len(moves),
                                      end="win" if outcome and outcome.winners else "stalemate",
                                      specials_used=tuple(engine.RAMEN - n for n in state.ramen))]
        first_match = (state, moves, seed, first)
    else:
        design, seed = _map(map_file, players, offset, tape_width, layout, fair, seed)
        from ...arena import make_bots

        make_bots(bots, playing.BOTS, design.players)        # refuse a bad --bots before any game
        records = playing.run(design, games, seed, jobs, bots, label="playing")
        first_match = None
        if output is not None or (games == 1 and not as_json):
            # The first game again, for its moves (the same seed plays the same game).
            match = playing.play_game(design, bots, game_seed(seed, 0), 0)
            first_match = (match.final, list(match.moves), game_seed(seed, 0), 0)
    if as_json:
        click.echo(json.dumps([_game_json(record) for record in records], indent=2))
    else:
        if len(records) == 1 and first_match is not None:
            _, moves, _, first = first_match
            for index, move in enumerate(moves):
                click.echo(f"squad {(first + index) % design.players + 1}: {move}")
        for index, record in enumerate(records):
            click.echo(_game_line(index, record))
    if output is not None:
        _write_game(design, first_match, output, print_options, bots)


def _write_game(design, game, output: Path, print_options, bots: str) -> None:
    from ...output import write_bytes, write_printed
    from ...press import Document
    from .draw import game_scene

    state, moves, seed, first = game
    if output.suffix.lower() == ".txt":
        report_written([write_bytes(output, game_log(design, moves, seed, first, bots).encode("utf-8"))])
        return
    scene = game_scene(design, state, print_options.bleed, print_options.lang)
    document = Document.single(scene, title=f"{TITLE} — a game on map seed {design.seed}")
    report_written(write_printed(document, output, print_options))


LOG_KEYS = ("players", "seed", "offset", "tape-width", "layout", "first", "game-seed", "bots")
# A log is bounded input (DESIGN 12): header numbers are plain decimals in the ranges the options take, lines and
# moves are of bounded length, and every refusal names the file and line, quoting at most inputs.QUOTE characters.
MAX_LOG_MOVES = 100_000
MAX_LOG_LINE = 2_000
MAX_LOG_MOVE = 100             # the longest notation (a noodle move with its ramen) is a few dozen characters
MAX_SEED = 2**63 - 1           # as seed_option
_WHOLE = r"[0-9]{1,20}"
_DECIMAL = r"[0-9]{1,20}(?:\.[0-9]{0,20})?(?:[eE][+-]?[0-9]{1,3})?"


def game_log(design, moves, seed: int, first: int, bots: str) -> str:
    """A game in notation, one move a line, after a header that says which map it was played on."""
    from ...inputs import exact_number

    lines = [f"# {TITLE} game log (washigen cops play --replay reads it)",
             f"# players: {design.players}", f"# seed: {design.seed}", f"# offset: {exact_number(design.offset)}mm",
             f"# tape-width: {exact_number(design.tape_width)}mm", f"# layout: {design.layout}",
             f"# first: {first + 1}", f"# game-seed: {seed}", f"# bots: {bots}"]
    for index, move in enumerate(moves):
        lines.append(f"{move:<28} # {index + 1}, squad {(first + index) % design.players + 1}")
    return "\n".join(lines) + "\n"


def _replay(path: Path, map_file):
    """Reads a log, rebuilds its map (or loads --map), and plays every move, refusing the first illegal one by
    its line."""
    from ...errors import InputError
    from . import engine

    header, moves = _log_lines(path)
    design = _log_map(path, header, map_file)
    first = _log_whole(path, header, "first", 1, design.players, 1) - 1
    game_seed = _log_whole(path, header, "game-seed", 0, MAX_SEED, 0)
    state = engine.initial_state(design, first=first)
    played = []
    for number, text in moves:
        if engine.result(state) is not None:
            raise InputError(f"{path}, line {number}: the game is already over")
        try:
            move = engine.parse_move(text, state)
        except InputError as error:
            raise InputError(f"{path}, line {number}: {error}") from None
        state = engine.apply(state, move)
        played.append(str(move))
    return design, state, played, game_seed, first


def _log_lines(path: Path) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The header (`# key: value` lines of LOG_KEYS: key -> (line number, value)) and the moves (line number, the
    text before any '#'); other comments are nothing. Lines are split at line ends alone, as an editor counts."""
    from ...errors import InputError
    from ...inputs import quoted, read_text

    header: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    for number, line in enumerate(read_text(path, "game log").split("\n"), start=1):
        text, _, comment = line.partition("#")
        text = text.strip()
        if text:
            if len(text) > MAX_LOG_MOVE:
                raise InputError(f"{path}, line {number}: a move of {len(text):,} characters (at most "
                                 f"{MAX_LOG_MOVE}): {quoted(text)}")
            moves.append((number, text))
            if len(moves) > MAX_LOG_MOVES:
                raise InputError(f"{path}, line {number}: more than {MAX_LOG_MOVES:,} moves")
            continue
        key, sep, value = comment.partition(":")
        if not sep or key.strip() not in LOG_KEYS:
            continue                                  # a comment
        key, value = key.strip(), value.strip()
        if len(value) > MAX_LOG_LINE:
            raise InputError(f"{path}, line {number}: {key}: a value of {len(value):,} characters (at most "
                             f"{MAX_LOG_LINE:,}): {quoted(value)}")
        if not value:
            raise InputError(f"{path}, line {number}: {key}: no value")
        if key in header:
            raise InputError(f"{path}, line {number}: a second '{key}:' line (the first is line {header[key][0]})")
        header[key] = (number, value)
    return header, moves


def _log_map(path: Path, header: dict, map_file):
    """--map's design, or the map the header describes, every field checked (as the options are) by its line."""
    from ...inputs import quoted

    from ...errors import InputError
    from .generate import generate_map
    from .model import max_offset_for

    players = _log_whole(path, header, "players", MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS)
    seed = _log_whole(path, header, "seed", 0, MAX_SEED, 0)
    tape_width = _log_mm(path, header, "tape-width", TAPE_WIDTH.minimum, TAPE_WIDTH.maximum, DEFAULT_TAPE_WIDTH)
    offset = _log_mm(path, header, "offset", 0.0, max_offset_for(tape_width) + 1e-9, 0.0)
    number, layout = header.get("layout", (0, DEFAULT_LAYOUT))
    if layout not in LAYOUTS:
        raise InputError(f"{path}, line {number}: layout: must be {' or '.join(LAYOUTS)}, got {quoted(layout)}")
    if map_file is not None:
        return _map(map_file, None, 0.0, 50.0, None, False, None)[0]
    return generate_map(players=players, seed=seed, tape_width=tape_width, offset=offset, layout=layout)


def _log_whole(path: Path, header: dict, key: str, low: int, high: int, default: int) -> int:
    """A header number in low..high in plain digits (at most 20: int() never reads thousands)."""
    from ...inputs import quoted

    from ...errors import InputError

    if key not in header:
        return default
    number, raw = header[key]
    if not re.fullmatch(_WHOLE, raw) or not low <= int(raw) <= high:
        raise InputError(f"{path}, line {number}: {key}: must be a whole number {low}..{high}, got {quoted(raw)}")
    return int(raw)


def _log_mm(path: Path, header: dict, key: str, low: float, high: float, default: float) -> float:
    """A header length in mm ('50mm' or '50'), finite and in low..high: NaN, infinity and 1e400 are refused."""
    from ...inputs import quoted

    import math

    from ...errors import InputError

    if key not in header:
        return default
    number, raw = header[key]
    digits = raw.lower().removesuffix("mm").rstrip()
    value = float(digits) if re.fullmatch(_DECIMAL, digits) else math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise InputError(f"{path}, line {number}: {key}: must be a length from {low:g} to {high:g} mm, got "
                         f"{quoted(raw)}")
    return value


@commands.command("balance")
@map_source
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Games to play; squads take turns at starting.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to play in; the numbers do not depend on it.")
@click.option("--bots", default="greedy", show_default=True,
              help="Bots per squad: one name for every squad or one per squad, comma-separated (greedy, random, "
                   "strong, strong:N).")
@output_option((".pdf", ".svg", ".png"), required=False)
@lang_option
@click.option("--json", "as_json", is_flag=True, help="The balance as JSON.")
def balance_command(map_file, players, offset, tape_width, layout, fair, seed, games, jobs, bots, as_json, output,
                    lang):
    """How fair a map is between squads played by --bots (greedy by default). Squads are alike but for the order
    of play, so seat N is the squad that plays N-th: per seat its win rate with a 95 % interval, the mean game
    length, the stalemates, and the score (the largest gap between a seat's win rate and its fair share). With
    every squad strong, the same games are played by greedy squads too and the report says how far the two agree.
    -o draws it as a chart (.svg .pdf .png, in --lang)."""
    from ...arena import make_bots
    from ...arena.balance import all_strong, balance_report
    from . import bots as playing

    design, seed = _map(map_file, players, offset, tape_width, layout, fair, seed)
    make_bots(bots, playing.BOTS, design.players)          # a bad name fails here, before any game
    result = playing.map_balance(design, games, seed, jobs, bots)
    greedy = playing.map_balance(design, games, seed, jobs) if all_strong(bots) else None
    click.echo(balance_report(result, as_json, greedy))
    if output is not None:
        from ...arena.chart import chart_title, write_chart

        title = chart_title(_game().title, design.players, seed, bots, lang)
        report_written(write_chart(result, output, title, lang))
