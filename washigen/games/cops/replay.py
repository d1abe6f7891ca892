"""A bot game on a map as `cops play --map MAP --seed SEED` plays it, for washigen.bot_game (and the studio's
board): its moves as the game log writes them, the lines the command prints, and the map drawn after any number of
its moves as `cops play --replay LOG -o game.svg` draws it (the finished game as `-o game.pdf` does)."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..played import PlayedGame


def played_game(design: Any, seed: int) -> PlayedGame | None:
    """The first game `cops play --map MAP --seed SEED` plays (greedy squads); None for a design that is not a map."""
    from ...arena import game_seed
    from ...design import refuse_broken
    from .model import CopsMap
    from .playtest import game_line, play_game, record_of

    if not isinstance(design, CopsMap):
        return None
    refuse_broken(design)
    seeded = game_seed(seed, 0)
    match = play_game(design, "greedy", seeded, 0)
    moves = tuple(str(move) for move in match.moves)
    record = record_of(match, seeded, 0)
    lines = [f"squad {index % design.players + 1}: {move}" for index, move in enumerate(moves)]
    lines.append(game_line(0, record))

    def draw(step: int | None, options: Any) -> Any:
        from ...press import Document
        from . import engine
        from .draw_game import game_scene, game_title

        state = match.final
        if step is not None and step < len(moves):
            state = engine.initial_state(design, first=0)
            for text in moves[:max(0, step)]:
                state = engine.apply(state, engine.parse_move(text, state))
        return Document.single(game_scene(design, state, options.bleed, options.lang),
                               title=game_title(design, options.lang))

    from .play_words import lines_in

    return PlayedGame(moves, tuple(lines), draw, partial(lines_in, design, record, moves))
