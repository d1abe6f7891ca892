"""`washigen cops ...`: map, tape and sheet; play and balance (bots playing the map).

The options are built from the game's spec (games/cops/spec.py), which declares them once; only click, the spec
and the option helpers are imported here, the generator, the rules and the drawing by the command that runs."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import click

from ..errors import InputError
from ..games.cops.constants import TITLE
from ..games.cops.spec import (COMPONENTS, MapParams, TapeParams, make_map, make_tape,
                               offset_mm)
from .build import component_options
from .options import emit, fairness_warnings, report_written, resolve_seed


def _offset(ctx, param, value):
    """A length of 0 or more; a negative one is refused by name (not mistaken for an option)."""
    try:
        return offset_mm(value)
    except InputError as error:
        raise click.BadParameter(str(error).split(": ", 1)[-1]) from None


def _as_ever(**settings: dict[str, Any]) -> Callable[[Callable], Callable]:
    """Sets on options that spec_options made what their declarations do not say, so that they read, fail and
    show as they always have: --offset read by its own callback, --map and --replay taking any path (a folder is
    refused when read, naming what was wanted), `cops map`'s --fair kept off --help."""
    def refine(func: Callable) -> Callable:
        for option in getattr(func, "__click_params__", ()):
            for name, value in settings.get(option.name, {}).items():
                setattr(option, name, value)
        return func
    return refine


ANY_PATH = click.Path(path_type=Path)


def _game():
    from ..games import get_game

    return get_game("cops")


def _check(design) -> None:
    """Prints what the validator finds (printability warnings on narrow tape); exit 1 if a rule is broken."""
    from ..games.cops.rules import validate

    report = validate(design)
    if report.violations:
        click.echo(report.format_text(), err=True)
    if not report.ok:
        sys.exit(1)


@click.group("cops")
def commands():
    """Tokyo Washi Game Cops: tape segments with two zones of four crime locations, yellow paths, maps that wrap
    top to bottom, offset set-ups with their new roads drawn, and squad sheets."""


COMPONENT = {component.name: component for component in COMPONENTS}


@commands.command("map")
@_as_ever(offset={"callback": _offset}, fair={"hidden": True})
@component_options(COMPONENT["map"])
def map_command(output: Path, print_options, **params):
    """A map for PLAYERS squads. With --budget, the first of the seed's layouts that is fair: 200 greedy games,
    seats rotated, each seat's 95 % interval holding its fair share (the verdict is stored in the design and
    printed small on the map). Without --paper: one page at real size (its TrimBox the map). With --paper: each
    segment a strip in the tape lanes of the sheet, with crop marks, to cut out and lay as the layout says."""
    from ..games.cops.generate import check_offset, check_tape_width

    options = MapParams(**params)
    check_offset(float(options.offset), check_tape_width(options.tape_width))   # --offset read as mm by _offset
    with fairness_warnings():
        design = make_map(replace(options, seed=resolve_seed(options.seed)))
    _check(design)
    emit(_game(), design, output, print_options)


@commands.command("tape")
@component_options(COMPONENT["tape"])
def tape_command(output: Path, print_options, **params):
    """Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles where one image
    would be too large); with --paper, the repeat's segments as strips on sheets. A PDF longer than 5,080 mm (the
    longest page every viewer shows at real size) is written as pages of whole repeats with join marks."""
    from ..output import output_format, write_printed
    from ..press.impose import tape_artwork
    from ..press.rolls import check_repeat_only, pages_note, repeat_document, roll_for_output
    from ..games.cops.draw import tape_repeat_scene
    from ..games.cops.generate import check_tape_width

    options = TapeParams(**params)
    if options.repeat_only:
        check_repeat_only(output, [name for name, given in (("--length", options.length is not None),
                                                            ("--paper", print_options.paper),
                                                            ("--template", print_options.template)) if given])
    check_tape_width(options.tape_width)
    design = make_tape(replace(options, seed=resolve_seed(options.seed)))
    _check(design)
    if output_format(output) in (".json", ".txt") or print_options.paper or print_options.template:
        emit(_game(), design, output, print_options)
        return
    bleed = print_options.bleed
    repeat = tape_repeat_scene(design, bleed, print_options.lang)
    title = f"{TITLE} — tape artwork, seed {design.seed}"
    if options.repeat_only:
        document = repeat_document(repeat, bleed, title)
    else:
        # Segments are torn off whole: the roll's artwork ends on its last whole one.
        strip = tape_artwork(repeat, options.length or repeat.width, bleed, piece=design.segment_length)
        document = roll_for_output(strip, output, repeat.width, title, print_options.lang,
                                   piece=design.segment_length)
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, print_options))


@commands.command("sheet")
@component_options(COMPONENT["sheet"])
def sheet_command(players, output: Path, print_options):
    """Squad sheets: the squad's name and colour, two ramen bowls to cross off, and the two crimes with room to
    draw the culprits' faces. Four to an A4 or Letter page."""
    from ..games.cops.model import CopsSheet

    emit(_game(), CopsSheet(squads=players), output, print_options)


# -- playing ------------------------------------------------------------------------------------------------------


# What play and balance set on their shared options (spec.PlayOptions: --map FILE, or a map's options).
PLAYING: dict[str, dict[str, Any]] = {"offset": {"callback": _offset}, "map_file": {"type": ANY_PATH}}


def _map(map_file, players, offset, tape_width, layout, fair, seed):
    """The design to play: loaded (a Cops map that passes its rules) or generated."""
    from ..design import load
    from ..games.cops.generate import check_offset, check_tape_width, generate_map
    from ..games.cops.model import CopsMap

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
@_as_ever(**PLAYING, replay={"type": ANY_PATH})
@component_options(COMPONENT["play"])
def play_command(map_file, players, offset, tape_width, layout, fair, seed, bots, games, jobs, replay, as_json, output,
                 print_options):
    """Bots play Cops on a map. Every game's seed and result is printed, and with one game its moves first (one a
    line: squad and move in notation); -o LOG.txt writes the first game's moves as a log that --replay plays back,
    -o game.pdf|svg|png draws the map after the first game: each squad's moves along the paths in its colour, the
    areas filled, solved zones framed, Miso-Squirly paths."""
    import json

    from ..arena import game_seed
    from ..games.cops import playtest as playing
    from ..games.cops import engine

    if replay is not None:
        from ..games.cops.gamelog import replay_log

        load_map = None if map_file is None else (lambda: _map(map_file, None, 0.0, 50.0, None, False, None)[0])
        design, state, moves, seed, first = replay_log(replay, load_map)
        outcome = engine.result(state)
        records = [playing.GameRecord(seed=seed, first=first, winners=outcome.winners if outcome else (),
                                      turns=len(moves),
                                      end="win" if outcome and outcome.winners else "stalemate",
                                      specials_used=tuple(engine.RAMEN - n for n in state.ramen))]
        first_match = (state, moves, seed, first)
    else:
        design, seed = _map(map_file, players, offset, tape_width, layout, fair, seed)
        from ..arena import make_bots

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
    from ..output import write_bytes, write_printed
    from ..press import Document
    from ..games.cops.draw_game import game_scene

    state, moves, seed, first = game
    if output.suffix.lower() == ".txt":
        from ..games.cops.gamelog import game_log

        report_written([write_bytes(output, game_log(design, moves, seed, first, bots).encode("utf-8"))])
        return
    scene = game_scene(design, state, print_options.bleed, print_options.lang)
    document = Document.single(scene, title=f"{TITLE} — a game on map seed {design.seed}")
    report_written(write_printed(document, output, print_options))


@commands.command("balance")
@_as_ever(**PLAYING)
@component_options(COMPONENT["balance"])
def balance_command(map_file, players, offset, tape_width, layout, fair, seed, games, jobs, bots, as_json, output,
                    lang):
    """How fair a map is between squads played by --bots (greedy by default). Squads are alike but for the order
    of play, so seat N is the squad that plays N-th: per seat its win rate with a 95 % interval, the mean game
    length, the stalemates, and the score (the largest gap between a seat's win rate and its fair share). With
    every squad strong, the same games are played by greedy squads too and the report says how far the two agree.
    -o draws it as a chart (.svg .pdf .png, in --lang)."""
    from ..arena import make_bots
    from ..arena.balance import all_strong, balance_report
    from ..games.cops import playtest as playing

    design, seed = _map(map_file, players, offset, tape_width, layout, fair, seed)
    make_bots(bots, playing.BOTS, design.players)          # a bad name fails here, before any game
    result = playing.map_balance(design, games, seed, jobs, bots)
    greedy = playing.map_balance(design, games, seed, jobs) if all_strong(bots) else None
    click.echo(balance_report(result, as_json, greedy))
    if output is not None:
        from ..arena.chart import chart_title, write_chart

        title = chart_title(_game().title, design.players, seed, bots, lang)
        report_written(write_chart(result, output, title, lang))
