"""A bot game on a map or set-up as `cats play --map DESIGN --seed SEED` plays it, for washigen.bot_game (and the
studio's board): its moves as the game log writes them, the lines the command prints, and the game drawn after any
number of its moves as `cats play --replay LOG -o game.svg` draws it (the finished game as `-o game.pdf` does)."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..played import PlayedGame


def played_game(design: Any, seed: int) -> PlayedGame | None:
    """The first game `cats play --map DESIGN --seed SEED` plays (greedy bots); None for a design that is not a map
    or set-up."""
    from ...arena import first_seat, game_seed
    from ...design import refuse_broken
    from .gamelog import outcome_text
    from .model import CatsMap, CatsSetup
    from .playtest import play_game

    if not isinstance(design, (CatsMap, CatsSetup)):
        return None
    refuse_broken(design)
    setup = design if isinstance(design, CatsSetup) else None
    game_map: CatsMap = design.map if isinstance(design, CatsSetup) else design
    game = play_game(game_map, setup, "greedy", game_seed(seed, 0), first_seat(0, game_map.players))
    record = game.record
    lines = [f"{turn}. player {seat + 1}: {text}" for turn, (seat, text) in
             enumerate(_seats(game_map, game.setup, record.first, game.moves), start=1)]
    lines.append(f"game 1 (seed {record.seed}, player {record.first + 1} first): {outcome_text(record)}")

    def draw(step: int | None, options: Any) -> Any:
        from ...press import Document
        from .draw_game import game_scene, printed_outcome

        shown = game.moves if step is None else game.moves[:max(0, step)]
        if len(shown) == len(game.moves):
            ended = (record.winners, record.end, record.turns)
        else:
            ended = _unfinished(game_map, game.setup, record.first, shown)
        outcome = printed_outcome(*ended, lang=options.lang)
        return Document.single(game_scene(game_map, game.setup, record.first, shown, outcome, lang=options.lang,
                                          bleed=options.bleed))

    from .play_words import lines_in

    return PlayedGame(tuple(game.moves), tuple(lines), draw,
                      partial(lines_in, game_map, game.setup, record, tuple(game.moves)))


def _seats(game_map, setup, first: int, moves) -> list[tuple[int, str]]:
    """(the seat that made it, the move) for each move, as the engine passes the turn."""
    from . import engine

    state = engine.initial_state(game_map, setup, engine.rules_of(game_map), 0, first=first)
    seats = []
    for text in moves:
        seats.append((engine.to_move(state), text))
        state = engine.apply(state, engine.parse_move(text, state))
    return seats


def _unfinished(game_map, setup, first: int, moves) -> tuple:
    """(winners, end, turns) after the first moves of a game, as a replay of them tells it."""
    from . import engine

    state = engine.initial_state(game_map, setup, engine.rules_of(game_map), 0, first=first)
    for text in moves:
        state = engine.apply(state, engine.parse_move(text, state))
    result = engine.result(state)
    return (result.winners, result.end, len(moves)) if result else ((), "unfinished", len(moves))
