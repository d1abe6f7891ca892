"""A bot game's lines in the words of a language, for the studio's page (PlayedGame.lines_in): one a move, then how
the game ended, as `cats play` prints them, but each move told in words (`draw_game.move_words`, as the rule
sheet's figures tell them) where the command line prints the log's notation, which stays English."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, translator

MOVE_LINE = N_("{turn}. player {player}: {move}")
GAME_LINE = N_("game {number} (seed {seed}, player {first} first): {outcome}")


def lines_in(game_map: Any, setup: Any, record: Any, moves: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The lines `cats play` prints for this game, in the words of `lang`."""
    from . import engine
    from .draw_game import move_words, printed_outcome

    _ = translator(lang)
    state = engine.initial_state(game_map, setup, engine.rules_of(game_map), 0, first=record.first)
    lines = []
    for turn, text in enumerate(moves, start=1):
        move = engine.parse_move(text, state)
        lines.append(_(MOVE_LINE).format(turn=turn, player=engine.to_move(state) + 1,
                                         move=move_words(move, game_map, lang)))
        state = engine.apply(state, move)
    outcome = printed_outcome(record.winners, record.end, record.turns, lang)
    lines.append(_(GAME_LINE).format(number=1, seed=record.seed, first=record.first + 1, outcome=outcome))
    return tuple(lines)
