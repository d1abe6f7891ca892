"""One bot game on a design, as a game's `play` command plays it: what washigen.bot_game returns (each game's
replay.py makes it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class PlayedGame:
    """One bot game on a design, as the game's `play` command plays it: its moves in the notation its log writes,
    the lines the command prints (one a move first, then how the game ended), and, for a game drawn on the board,
    `draw(step, options) -> press.Document`, the game after its first `step` moves as its own drawing of a game
    shows it (`step` None: the finished game, as `play -o game.pdf` draws it); `lines_in(lang)`, the same lines in
    the words of another language than English, for the studio's page (the command's are English, as its log file
    is; None: the page shows `lines` in every language)."""
    moves: tuple[str, ...]
    lines: tuple[str, ...]
    draw: Callable[..., Any] | None = None
    lines_in: Callable[[str], tuple[str, ...]] | None = None
