"""`washigen cops play`: bots play a map, or a game log is replayed."""

from __future__ import annotations

from pathlib import Path

import click

from ...games.cops.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, report_written
from .shared import ANY_PATH, PLAYING, as_ever, map_to_play


@click.command("play")
@as_ever(**PLAYING, replay={"type": ANY_PATH})
@component_options(named(COMPONENTS, "play"))
def command(map_file, players, offset, tape_width, layout, fair, seed, bots, games, jobs, replay, as_json, output,
            print_options):
    """Bots play Cops on a map. Every game's seed and result is printed, and with one game its moves first (one a
    line: squad and move in notation); -o LOG.txt writes the first game's moves as a log that --replay plays back,
    -o game.pdf|svg|png draws the map after the first game: each squad's moves along the paths in its colour, the
    areas filled, solved zones framed, Miso-Squirly paths; under it, how the game ended and a key of the squads'
    colours."""
    import json

    from ...arena import game_seed
    from ...games.cops import playtest as playing
    from ...games.cops import engine

    _refuse_unloggable(replay, map_file, output)
    if replay is not None:
        from ...games.cops.gamelog import reached, replay_log

        load_map = None if map_file is None else (lambda: map_to_play(map_file, None, 0.0, 50.0, None, False, None)[0])
        design, state, moves, seed, first = replay_log(replay, load_map)
        outcome = engine.result(state)
        records = [playing.GameRecord(seed=seed, first=first, winners=outcome.winners if outcome else (),
                                      turns=len(moves),
                                      end=playing.end_of(outcome),
                                      specials_used=tuple(engine.RAMEN - n for n in state.ramen))]
        first_match = (state, moves, seed, first, reached(design, state, len(moves)))
        # the log stops before the game ends (no stalemate, no winner, short of the turn limit)
        unfinished = outcome is None and len(moves) < playing.turn_limit(design)
    else:
        design, seed = map_to_play(map_file, players, offset, tape_width, layout, fair, seed)
        from ...arena import make_bots
        from ...games.cops.gamelog import outcome_text

        make_bots(bots, playing.BOTS, design.players)        # refuse a bad --bots before any game
        refuse_long_run(games, bots, playing.run_cost(design))
        records = playing.run(design, games, seed, jobs, bots, label="playing")
        first_match, unfinished = None, False
        if output is not None or (games == 1 and not as_json):
            # The first game again, for its moves (the same seed plays the same game).
            match = playing.play_game(design, bots, game_seed(seed, 0), 0)
            record = playing.record_of(match, game_seed(seed, 0), 0)
            first_match = (match.final, list(match.moves), game_seed(seed, 0), 0,
                           outcome_text(record.winners, record.end, record.turns))
    if as_json:
        click.echo(json.dumps([_game_json(record, unfinished) for record in records], indent=2))
    else:
        if len(records) == 1 and first_match is not None:
            _, moves, _, first, _ = first_match
            for index, move in enumerate(moves):
                click.echo(f"squad {(first + index) % design.players + 1}: {move}")
        for index, record in enumerate(records):
            click.echo(playing.game_line(index, record, unfinished))
    if output is not None:
        _write_game(design, first_match, output, print_options, bots, map_file)


def _refuse_unloggable(replay: Path | None, map_file: str | None, output: Path | None) -> None:
    """Before any game: a replay's -o LOG.txt (as Cats refuses it: the log written again lost its map file and said
    greedy for the log's bots), and a --map whose file name no log can say (arena.gamelog.logged_name)."""
    from ...arena.gamelog import logged_name
    from ...errors import InputError
    from ...output import is_stdout

    if output is None or output.suffix.lower() != ".txt":
        return
    if replay is not None:
        raise InputError("-o: a replay draws the game (.pdf, .svg, .png); the log is the file replayed")
    if map_file is not None and not is_stdout(Path(map_file)):
        logged_name(map_file)


def _game_json(record, unfinished: bool = False) -> dict:
    return {"seed": record.seed, "winner": record.winners[0] + 1 if record.winners else None,
            "turns": record.turns, "end": "unfinished" if unfinished else record.end,
            "ramen_used": list(record.specials_used)}


def _write_game(design, game, output: Path, print_options, bots: str, map_file: str | None) -> None:
    from ...output import is_stdout, write_bytes, write_printed
    from ...press import Document
    from ...games.cops.draw_game import game_scene, game_title

    state, moves, seed, first, result = game
    if output.suffix.lower() == ".txt":
        from ...games.cops.gamelog import game_log

        named = None if map_file is None or is_stdout(Path(map_file)) else Path(map_file)
        log = game_log(design, moves, seed, first, bots, named, result)
        report_written([write_bytes(output, log.encode("utf-8"))])
        if named is not None and not is_stdout(output) and named.resolve().parent != output.resolve().parent:
            click.echo(f"note: the log names its map {named.name}; a replay reads it beside the log, so keep a copy "
                       f"in {output.resolve().parent}", err=True)
        return
    scene = game_scene(design, state, print_options.bleed, print_options.lang)
    document = Document.single(scene, title=game_title(design, print_options.lang))
    report_written(write_printed(document, output, print_options))
