"""A bot game on the board: washigen.bot_game plays it as the game's `play` command does, and the board after k
moves is the game's own drawing of it after its first k moves (the engine's state, drawn as a finished game is), so
the studio holds no copy of any game's rules or drawing. A game is played once and kept, so stepping through it
costs one drawing a step."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Any, Callable

from .. import api as washigen
from ..design import Design, dumps
from ..errors import InputError
from ..games.played import PlayedGame
from ..i18n import SOURCE_LANGUAGE
from ..words import N_, Says

CACHED_GAMES = 16                 # games kept, so that stepping costs one drawing, not a whole game

_games: OrderedDict[tuple, PlayedGame] = OrderedDict()
_games_lock = threading.Lock()
NOT_ON_BOARD = N_("{game}: its bot games are not drawn on the board")


class NotOnBoard(InputError):
    """A design whose bot games are not drawn on the board (HTTP 409)."""


def key_of(design: Design, seed: int) -> tuple:
    return hashlib.sha256(dumps(design).encode("utf-8")).hexdigest(), seed


def played(design: Design, seed: int) -> PlayedGame:
    """The bot game on `design` with `seed` (played once, then kept)."""
    key = key_of(design, seed)
    with _games_lock:
        if key in _games:
            _games.move_to_end(key)
            return _games[key]
    game = washigen.bot_game(design, seed)
    with _games_lock:
        _games[key] = game
        while len(_games) > CACHED_GAMES:
            _games.popitem(last=False)
    return game


def on_board(design: Design, seed: int) -> tuple[PlayedGame, Callable[..., Any]]:
    """The bot game and its drawing after k moves, for a game drawn on the board."""
    game = played(design, seed)
    if game.draw is None:
        raise NotOnBoard(Says(NOT_ON_BOARD, game=design.GAME))
    return game, game.draw


def lines(game: PlayedGame, lang: str) -> list[str]:
    """The lines the game's `play` printed, told in the page's language: the command's own (English, as its log
    file) on an English page or where the game tells them in no other language."""
    if lang == SOURCE_LANGUAGE or game.lines_in is None:
        return list(game.lines)
    return list(game.lines_in(lang))


def board(design: Design, seed: int, step: int, lang: str) -> dict[str, Any]:
    """The board after the game's first `step` moves, as SVG, with the lines the game's `play` printed."""
    game, draw = on_board(design, seed)
    step = max(0, min(step, len(game.moves)))
    document = draw(step, washigen.print_options(lang=lang))
    return {"svg": washigen.svg(document.pages[0]), "step": step, "moves": len(game.moves),
            "lines": list(game.lines)}


def finished(design: Design, seed: int, options: Any) -> Any:
    """The finished game as `play -o game.pdf` draws it, with these print options."""
    return on_board(design, seed)[1](None, options)
