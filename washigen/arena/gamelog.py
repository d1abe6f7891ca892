"""What every game log shares: one move per line in the game's notation, each line bounded, and the count of
moves bounded (DESIGN 12), refused by the file and line that break the bound. The games' log readers and writers
(games/cats/gamelog.py, cli/cops/play.py) build their headers and replays on these."""

from __future__ import annotations

from ..errors import InputError
from ..inputs import quoted

MAX_MOVES = 100_000         # moves in one log: far more than any game's turn limit allows
MAX_MOVE = 100              # characters in a move (the longest notation is a few dozen)


def add_move(moves: list[tuple[int, str]], path: object, number: int, text: str) -> None:
    """Appends (line number, move) to `moves`, or an InputError naming the line of a move too long or one too
    many."""
    if len(text) > MAX_MOVE:
        raise InputError(f"{path}, line {number}: a move of {len(text):,} characters (at most {MAX_MOVE}): "
                         f"{quoted(text)}")
    moves.append((number, text))
    if len(moves) > MAX_MOVES:
        raise InputError(f"{path}, line {number}: more than {MAX_MOVES:,} moves")
