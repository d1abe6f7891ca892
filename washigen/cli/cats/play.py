"""`washigen cats play`: bots play a map, or a game log is replayed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ...errors import InputError
from ...games.cats.spec import COMPONENTS
from ..build import component_options, named
from ..options import refuse_long_run, report_written, resolve_seed

if TYPE_CHECKING:
    from ...games.cats.model import CatsMap


@click.command("play")
@component_options(named(COMPONENTS, "play"))
def command(map_file, bots, games, players, coop, long, forests, jinja, sewer_poppers, tape_width, segment_rows,
            segment_cols, replay_file, as_json, seed, output, print_options):
    """Bots play Cats: each game's winner, length in turns and how it ended (win, trap or turn limit); with one game,
    its moves first (number, player, move in notation). -o LOG.txt
    writes the first game's log (replay it with --replay); -o game.pdf|svg|png draws its finished paper."""
    import json

    from ...output import is_stdout, write_bytes
    from ...arena import first_seat, game_seed
    from ...arena.gamelog import logged_name
    from ...games.cats.gamelog import outcome_text, write_log
    from ...games.cats.rates import run_cost
    from ...games.cats.playtest import play_game
    from .shared import check_bots, play_map

    if replay_file is not None:
        _replay(replay_file, output, print_options)
        return
    logged_map = None if map_file is None or is_stdout(Path(map_file)) else map_file   # standard input has no name
    if logged_map is not None and output is not None and output.suffix.lower() == ".txt":
        logged_name(logged_map)                      # a name no log can say, refused before any game
    seed = resolve_seed(seed)
    design, setup = play_map(map_file, seed, players, coop, long, forests, jinja, sewer_poppers, tape_width,
                             segment_rows, segment_cols)
    check_bots(bots, design.players)
    refuse_long_run(games or 1, bots, run_cost(design))
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
            text = write_log(design, logged_map, first.setup, first.record.first, bots, first.record, first.moves)
            report_written([write_bytes(output, text.encode("utf-8"))])
            if logged_map is not None and not is_stdout(output) and \
                    Path(map_file).resolve().parent != output.resolve().parent:
                click.echo(f"note: the log names its map {Path(map_file).name}; a replay reads it beside the log, "
                           f"so keep a copy in {output.resolve().parent}", err=True)
        else:
            record = first.record
            _draw_game(design, first.setup, record.first, first.moves, (record.winners, record.end, record.turns),
                       output, print_options)


def _echo_moves(design: CatsMap, played) -> None:
    """Each move of a game on a line of its own: its number, the player who made it, the move in notation."""
    from ...games.cats import engine

    state = engine.initial_state(design, played.setup, engine.rules_of(design), played.record.seed,
                                 first=played.record.first)
    for turn, text in enumerate(played.moves, start=1):
        click.echo(f"{turn}. player {engine.to_move(state) + 1}: {text}")
        state = engine.apply(state, engine.parse_move(text, state))


def _replay(replay_file: Path, output: Path | None, print_options) -> None:
    from ...games.cats.gamelog import moves_played, read_log, replay

    from ...games.cats import engine

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
    from ...arena import GameRecord
    from ...games.cats.gamelog import outcome_text

    if result is None:
        return f"no result after {turns} moves"
    return outcome_text(GameRecord(seed=0, winners=result.winners, turns=turns, end=result.end))


def _draw_game(design, setup, first: int, moves, ended: tuple, output: Path, print_options) -> None:
    """The game's finished paper; `ended` is (winners, end, turns), printed in the words of --lang."""
    from ...output import write_printed
    from ...press import Document
    from ...games.cats.draw_game import game_scene, printed_outcome

    winners, end, turns = ended
    outcome = printed_outcome(winners, end, turns, lang=print_options.lang)
    scene = game_scene(design, setup, first, moves, outcome, lang=print_options.lang, bleed=print_options.bleed)
    report_written(write_printed(Document.single(scene), output, print_options))
