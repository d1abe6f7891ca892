"""`washigen cats ...`: maps, tape artwork, player strips, cut-up variants, set-ups.

The options are built from the game's spec (games/cats/spec.py), which declares them once; only click, the spec
and the option helpers are imported here, the generator, the rules and the drawing by the command that runs."""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import click

from ..errors import InputError, OutputError
from ..games.cats.spec import COMPONENTS, MapParams
from ..units import format_mm
from .build import component_options
from .bars import progress
from .options import echo_report, emit, fairness_warnings, report_written, resolve_seed

if TYPE_CHECKING:
    from ..games.cats.model import CatsMap

EXIT_RULE_BROKEN = 1


def _game():
    from ..games import get_game
    return get_game("cats")


@click.group("cats")
def commands():
    """Tokyo Washi Game Cats: maps at real size, tape artwork, player strips, cut-up variants.

    Rows and columns count from 1. A cell is the tape width over the segment's rows plus one (the grey band is
    one cell tall): 50 mm tape with 9 rows gives 5 mm cells."""


COMPONENT = {component.name: component for component in COMPONENTS}


@commands.command("map")
@component_options(COMPONENT["map"])
def map_command(output, print_options, **params):
    """A map for PLAYERS at real size (one page, its trim the map), or with --paper its tape strips on sheets,
    numbered in the order they go together. With --cut-up, the first of the seed's good cut-ups that is fair: 200
    greedy games, seats rotated, each seat's 95 % interval holding its fair share (the verdict is stored in the
    design and printed small on the map); where --budget runs out first, the fairest, with a warning."""
    from ..games.cats.spec import make_map

    options = MapParams(**params)
    with fairness_warnings():
        design = make_map(replace(options, seed=resolve_seed(options.seed)))
    _warn(design)
    emit(_game(), design, output, print_options)


def _warn(design) -> None:
    from ..games.cats.rules import validate

    for violation in validate(design).warnings:
        click.echo(f"warning: {violation.message}", err=True)


@commands.command("tape")
@component_options(COMPONENT["tape"])
def tape_command(tape_width, segment_rows, segment_cols, length, bleed, segments, repeat_only, dpi, rules_url, seed,
                 output, colour, output_profile, lang):
    """Artwork for a tape maker: one continuous strip, tape width x length, with bleed; the segments and forest
    sections repeat along it. A PDF roll longer than 5,080 mm (the longest page every viewer shows at real size) is
    written as pages of whole repeats with join marks; a PNG too large for one image as tiles along the tape
    (OUT-tile-01.png, ...)."""
    from ..output import check_colour_target, output_format, write_printed
    from ..press import PrintOptions
    from ..press.impose import last_whole_piece
    from ..press.rolls import check_repeat_only, pages_note, repeat_document, roll_for_output
    from ..games.cats.roll import piece_length, repeat_length, roll_repeat, roll_scene
    from ..games.cats.generate import generate_roll

    if repeat_only:
        check_repeat_only(output, ["--length"] if _given("length") else [])
    check_colour_target(output, colour, output_profile)
    design = generate_roll(segments=segments, tape_width=tape_width, length=length, segment_rows=segment_rows,
                           segment_cols=segment_cols, seed=resolve_seed(seed), rules_url=rules_url)
    _warn(design)
    options = PrintOptions(bleed=bleed, dpi=dpi, colour=colour, output_profile=output_profile, lang=lang)
    repeat = f"repeat: {format_mm(repeat_length(design))} mm ({segments} segments, each followed by a forest section)"
    if repeat_only:
        click.echo(f"{repeat}, written once with {format_mm(bleed)} mm bleed", err=True)
        scene = roll_repeat(design, bleed, lang)
        report_written(write_printed(repeat_document(scene, bleed, scene.meta.get("title", "")), output, options))
        return
    end = last_whole_piece(piece_length(design), design.length)
    ends = f", the artwork ending on the last whole segment at {format_mm(end)} mm" if end < design.length else ""
    click.echo(f"{repeat}, printed {format_mm(design.length)} mm long{ends}", err=True)
    if output_format(output) in (".json", ".txt"):
        emit(_game(), design, output, options)
        return
    strip = roll_scene(design, bleed, lang)
    document = roll_for_output(strip, output, repeat_length(design), strip.meta.get("title", ""), lang,
                               piece=piece_length(design))
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, options))


def _given(name: str) -> bool:
    """Whether the option `name` was given (on the command line or by the environment), not left at its default."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


@commands.command("sheet")
@component_options(COMPONENT["sheet"])
def sheet_command(players, coop, output, print_options):
    """Player strips to cut out, for a map printed without bands or for the players beyond the bands."""
    from ..output import write_printed
    from ..games.cats.draw import sheet_document
    from ..games.cats.model import table

    table(players, coop)
    report_written(write_printed(sheet_document(players, coop, print_options), output, print_options))


@commands.command("variants")
@component_options(COMPONENT["variants"])
def variants_command(count, tries, games, budget, formats, players, coop, long, forests, jinja, sewer_poppers,
                     tape_width, segment_rows, segment_cols, seed, folder, print_options):
    """Cut-ups of the seed's map, every one checked, COUNT of them written, the fairest first. The cut-ups that
    play, smallest route gap first (the gap, in steps, between the two sides' average routes from a home row to a
    fish on the far side and back), are judged as `cats map --cut-up` judges one: --games greedy games, seats
    rotated, fair when each seat's 95 % interval holds its fair share (the verdict is stored in each map and
    printed small on it). The first COUNT fair ones are kept; where --budget runs out first, the fairest others
    fill the places, with a warning. With --games 0 the route gap alone ranks them. A table of the kept maps goes
    to stdout."""
    from ..games.cats.plan import MapSpec, check_spec
    from ..games.cats.variants import best_variants, playable_by_gap

    kinds = [f.strip().lower().lstrip(".") for f in formats.split(",") if f.strip()]
    unknown = [k for k in kinds if k not in ("json", "txt", "pdf", "svg", "png")]
    if unknown or not kinds:
        raise InputError(f"--format: {', '.join(unknown) or formats!r} unknown; use json, txt, pdf, svg or png")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: is a file, not a folder")
    if not folder.parent.exists():
        raise OutputError(f"{folder}: the folder {folder.parent} does not exist")
    spec = MapSpec(players, coop, long, forests, True, jinja, float(tape_width), segment_rows, segment_cols,
                   sewer_poppers=sewer_poppers)
    check_spec(spec)
    seed = resolve_seed(seed)
    tries = tries or max(100, min(20 * count, 3 * count + 10_000))
    with progress(range(tries), "cutting up", length=tries) as bar:
        steps = iter(bar)

        def step(_variant: int) -> None:
            next(steps, None)
        by_gap = playable_by_gap(spec, seed, tries, step) if games else best_variants(spec, seed, tries, count, step)
        first = next(by_gap, None)          # every try happens here; the rest are made again one by one
    if first is None:
        raise InputError(f"none of {tries} cut-ups of seed {seed} passes every rule{' and plays' if games else ''}; "
                         "try more --tries or another seed")
    folder.mkdir(exist_ok=True)
    rows = []
    digits = max(2, len(str(count)))
    candidates = itertools.chain([first], by_gap)
    ranked = _judged(spec, seed, candidates, count, games, budget) if games else candidates
    for rank, design in enumerate(ranked, start=1):     # written as they are made
        stem = folder / f"cats-variant-{rank:0{digits}d}"
        written = []
        for kind in kinds:
            written += emit(_game(), design, stem.with_suffix(f".{kind}"), print_options)
        rows.append((rank, design.variant, design.play_fair, design.play_score, design.balance, len(design.pieces),
                     written[0].name))
    order = "the fairest" if games else "the smallest route gap"
    click.echo(f"kept {len(rows)} of {tries} cut-ups of seed {seed}, {order} first:")
    click.echo(f"{'rank':>4}  {'variant':>7}  {'fair':>4}  {'play':>5}  {'balance':>7}  {'pieces':>6}  file")
    for rank, variant, fair, play, balance, pieces, name in rows:
        judged = "-" if fair is None else ("yes" if fair else "no")
        shown = "-" if play is None else f"{play:.3f}"
        click.echo(f"{rank:>4}  {variant:>7}  {judged:>4}  {shown:>5}  {balance:>7.2f}  {pieces:>6}  {name}")
    click.echo(f"make one again: washigen cats map --cut-up --seed {seed} --variant {rows[0][1]}"
               f"{' --players ' + str(players) if players != 2 else ''} -o map.pdf")


def _judged(spec, seed: int, candidates: Iterable[CatsMap], count: int, games: int, budget: float
            ) -> list[CatsMap]:
    """The first COUNT fair cut-ups by `games` greedy games (the fairest others where the budget runs out first),
    the fairest first, each with its verdict."""
    from ..games.cats.fair import fair_cut_ups

    with fairness_warnings(), progress(candidates, "judging") as bar:
        return fair_cut_ups(spec, seed, bar, budget, count, games)


@commands.command("setup")
@component_options(COMPONENT["setup"])
def setup_command(players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows, segment_cols,
                  map_file, seed, output, print_options):
    """Fish and cats drawn on a map, as the players would: a planned game to print or check."""
    from ..games.cats.generate import generate_map
    from ..games.cats.setup import generate_setup
    from ..games.cats.rules import validate

    seed = resolve_seed(seed)
    if map_file is not None:
        game_map = _load_map(map_file)
    else:
        game_map = generate_map(players=players, coop=coop, long=long, forests=forests, jinja=jinja,
                                tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                                seed=seed, sewer_poppers=sewer_poppers)
    design = generate_setup(game_map, seed)
    report = validate(design)
    emit(_game(), design, output, print_options)
    if not report.ok:
        echo_report(report)
        sys.exit(EXIT_RULE_BROKEN)


def _load_map(map_file: Path, setups: bool = False):
    from ..design import load
    from ..games.cats.model import CatsMap, CatsSetup

    design = load(map_file)
    if design.GAME != "cats":
        raise InputError(f"{map_file}: holds a {design.GAME} design, not a cats map")
    if not isinstance(design, (CatsMap, CatsSetup) if setups else CatsMap):
        raise InputError(f"{map_file}: holds a cats {design.KIND}, not a map" + (" or set-up" if setups else ""))
    return design


def _play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows,
              segment_cols):
    """(map, set-up or None, the map file or None) from --map or the map options; --jinja and --sewer-poppers
    switch the variant on for a map file too."""
    from ..games.cats.generate import generate_map
    from ..games.cats.model import CatsSetup
    from ..games.cats.playtest import with_rules
    from ..games.cats.rules import validate

    if map_file is None:
        design = generate_map(players=players, coop=coop, long=long, forests=forests, jinja=jinja,
                              tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                              seed=seed, sewer_poppers=sewer_poppers)
        return design, None
    design = _load_map(map_file, setups=True)
    setup = design if isinstance(design, CatsSetup) else None
    game_map = with_rules(setup.map if setup else design, jinja, sewer_poppers)
    if setup is not None:
        setup = CatsSetup(map=game_map, fish=setup.fish, cats=setup.cats, seed=setup.seed)
    report = validate(setup or game_map)
    if not report.ok:
        echo_report(report)
        sys.exit(EXIT_RULE_BROKEN)
    return game_map, setup


@commands.command("play")
@component_options(COMPONENT["play"])
def play_command(map_file, bots, games, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                 segment_rows, segment_cols, replay_file, as_json, seed, output, print_options):
    """Bots play Cats: each game's winner, length in turns and how it ended (win, trap or stalemate); with one game,
    its moves first (number, player, move in notation). -o LOG.txt
    writes the first game's log (replay it with --replay); -o game.pdf|svg|png draws its finished paper."""
    import json

    from ..output import is_stdout, write_bytes
    from ..arena import first_seat, game_seed
    from ..games.cats.gamelog import outcome_text, write_log
    from ..games.cats.playtest import play_game

    if replay_file is not None:
        _replay(replay_file, output, print_options)
        return
    seed = resolve_seed(seed)
    design, setup = _play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                              segment_rows, segment_cols)
    played = [play_game(design, setup, bots, game_seed(seed, i), first_seat(i, design.players))
              for i in range(games or 1)]
    if as_json:
        click.echo(json.dumps([{"seed": p.record.seed, "winner": [w + 1 for w in p.record.winners],
                                "turns": p.record.turns, "end": p.record.end,
                                "special_moves_used": list(p.record.specials_used)} for p in played], indent=2))
    else:
        if len(played) == 1:              # one game: its moves first (the studio steps through them)
            _echo_moves(design, played[0])
        for i, p in enumerate(played, start=1):
            click.echo(f"game {i} (seed {p.record.seed}, player {p.record.first + 1} first): "
                       f"{outcome_text(p.record)}")
    if output is not None:
        first = played[0]
        if output.suffix.lower() == ".txt":
            text = write_log(design, map_file, first.setup, first.record.first, bots, first.record, first.moves)
            report_written([write_bytes(output, text.encode("utf-8"))])
            if map_file is not None and not is_stdout(output) and \
                    Path(map_file).resolve().parent != output.resolve().parent:
                click.echo(f"note: the log names its map {Path(map_file).name}; a replay reads it beside the log, "
                           f"so keep a copy in {output.resolve().parent}", err=True)
        else:
            record = first.record
            _draw_game(design, first.setup, record.first, first.moves, (record.winners, record.end, record.turns),
                       output, print_options)


def _echo_moves(design: CatsMap, played) -> None:
    """Each move of a game on a line of its own: its number, the player who made it, the move in notation."""
    from ..games.cats import engine

    state = engine.initial_state(design, played.setup, engine.rules_of(design), played.record.seed,
                                 first=played.record.first)
    for turn, text in enumerate(played.moves, start=1):
        click.echo(f"{turn}. player {engine.to_move(state) + 1}: {text}")
        state = engine.apply(state, engine.parse_move(text, state))


def _replay(replay_file: Path, output: Path | None, print_options) -> None:
    from ..games.cats.gamelog import moves_played, read_log, replay

    from ..games.cats import engine

    log = read_log(replay_file)
    result = engine.result(replay(log, replay_file))
    moves = moves_played(log, replay_file)            # an older log's `trapped` lines left out
    turns = len(moves)
    click.echo(f"{replay_file}: {turns} moves replayed; {engine_outcome(result, turns)}")
    if output is not None:
        if output.suffix.lower() == ".txt":
            raise InputError("-o: a replay draws the game (.pdf, .svg, .png); the log is the file replayed")
        ended = (result.winners, result.end, turns) if result else ((), "unfinished", turns)
        _draw_game(log.design, log.setup, log.first, moves, ended, output, print_options)


def engine_outcome(result, turns: int) -> str:
    """How a replayed game ended (`result`: the engine's, None while it goes on), as `cats play` prints it."""
    from ..arena import GameRecord
    from ..games.cats.gamelog import outcome_text

    if result is None:
        return f"no result after {turns} moves"
    return outcome_text(GameRecord(seed=0, winners=result.winners, turns=turns, end=result.end))


def _draw_game(design, setup, first: int, moves, ended: tuple, output: Path, print_options) -> None:
    """The game's finished paper; `ended` is (winners, end, turns), printed in the words of --lang."""
    from ..output import write_printed
    from ..press import Document
    from ..games.cats.draw_game import game_scene, printed_outcome

    winners, end, turns = ended
    outcome = printed_outcome(winners, end, turns, lang=print_options.lang)
    scene = game_scene(design, setup, first, moves, outcome, lang=print_options.lang, bleed=print_options.bleed)
    report_written(write_printed(Document.single(scene), output, print_options))


@commands.command("balance")
@component_options(COMPONENT["balance"])
def balance_command(map_file, bots, games, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                    segment_rows, segment_cols, jobs, as_json, seed, output, lang):
    """Win rates per seat over GAMES seeded games between equal bots, seats rotated so that each starts equally
    often: each with its 95 % Wilson interval, the mean game length, games decided by a trap, stalemates. The
    score is the largest gap between a seat's win rate and its fair share; the map is fair when every interval
    holds the fair share. With every seat strong, the same games are played by greedy bots too and the report says
    how far the two agree. -o draws it as a chart (.svg .pdf .png, in --lang)."""
    from ..arena.balance import all_strong, balance_report
    from ..arena.records import default_jobs
    from ..games.cats.playtest import BALANCE_GAMES, map_balance

    seed = resolve_seed(seed)
    design, setup = _play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                              segment_rows, segment_cols)
    result = map_balance(design, games or BALANCE_GAMES, seed, jobs or default_jobs(), setup, bots,
                         label="playing")
    greedy = None
    if all_strong(bots):                          # the same games between greedy bots: do the verdicts agree?
        greedy = map_balance(design, games or BALANCE_GAMES, seed, jobs or default_jobs(), setup, "greedy")
    click.echo(balance_report(result, as_json, greedy))
    if output is not None:
        from ..arena.chart import chart_title, write_chart

        title = chart_title(_game().title, design.players, seed, bots, lang)
        report_written(write_chart(result, output, title, lang))


__all__ = ["commands"]
