"""A bot game's lines in the words of a language, for the studio's page (PlayedGame.lines_in): one a move, then how
the game ended, as `cops play` prints them. A step keeps the log's notation (`1h>2a`: locations as the map prints
them, no word in it); a move with a word in its notation (start, Noodle Legs, Miso Squirly, pass) is told in words."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, Translator, translator

MOVE_LINE = N_("squad {number}: {move}")
START = N_("start at {location}")
NOODLE = N_("Noodle Legs: {first}, then {second}")
MISO = N_("Miso Squirly: a new path {a}–{b}")
PASS = N_("pass")
GAME_LINE = N_("game {number} (seed {seed}, squad {first} starts): {outcome}; ramen eaten per squad: {ramen}")
OUTCOMES = {"win": N_("squad {winner} solves two crimes after {turns} moves"),
            "turn_limit": N_("the turn limit cut the game off after {turns} moves, no squad has won"),
            "stalemate": N_("no squad can finish (stalemate) after {turns} moves")}


def lines_in(design: Any, record: Any, moves: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The lines `cops play` prints for this game, in the words of `lang`."""
    from . import engine

    _ = translator(lang)
    state = engine.initial_state(design, first=0)
    lines = []
    for index, text in enumerate(moves):
        move = engine.parse_move(text, state)
        lines.append(_(MOVE_LINE).format(number=index % design.players + 1, move=move_words(move, _)))
        state = engine.apply(state, move)
    outcome = _(OUTCOMES[record.end]).format(winner=record.winners[0] + 1 if record.winners else "",
                                             turns=record.turns)
    lines.append(_(GAME_LINE).format(number=1, seed=record.seed, first=record.first + 1, outcome=outcome,
                                     ramen=", ".join(str(n) for n in record.specials_used)))
    return tuple(lines)


def move_words(move: Any, _: Translator) -> str:
    """A move in words where its notation has any (a step's is places alone)."""
    from .engine import Miso, Noodle, Pass, Start

    if isinstance(move, Start):
        return _(START).format(location=move.location)
    if isinstance(move, Noodle):
        return _(NOODLE).format(first=move.first, second=move.second)
    if isinstance(move, Miso):
        return _(MISO).format(a=move.a, b=move.b)
    if isinstance(move, Pass):
        return _(PASS)
    return str(move)
