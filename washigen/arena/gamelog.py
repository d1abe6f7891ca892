"""What every game log shares: one move per line in the game's notation, each line bounded, and the count of
moves bounded (DESIGN 12), refused by the file and line that break the bound. The games' log readers and writers
(games/cats/gamelog.py, cli/cops/play.py) build their headers and replays on these."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from ..errors import InputError
from ..inputs import CONTROL, quoted
from ..words import N_, Says
from .bots import bot_specs

MAX_MOVES = 100_000         # moves in one log: far more than any game's turn limit allows
MAX_MOVE = 100              # characters in a move (the longest notation is a few dozen)
# The refusals every log reader says.
SECOND_LINE = N_("a second '{key}:' line (the first is line {first})")
WHOLE_IN = N_("{field}: must be a whole number {low}..{high}, got {value}")


def at_line(path: object, number: int, message: Says | str) -> Says:
    """A refusal of a log's line, "game.txt, line 12: why", in any language."""
    return Says(N_("{file}, line {number}: {message}"), file=path, number=number, message=message)


def add_move(moves: list[tuple[int, str]], path: object, number: int, text: str) -> None:
    """Appends (line number, move) to `moves`, or an InputError naming the line of a move too long or one too
    many."""
    if len(text) > MAX_MOVE:
        raise InputError(at_line(path, number, Says(N_("a move of {length:,} characters (at most {most}): {text}"),
                                                    length=len(text), most=MAX_MOVE, text=quoted(text))))
    moves.append((number, text))
    if len(moves) > MAX_MOVES:
        raise InputError(at_line(path, number, Says(N_("more than {most:,} moves"), most=MAX_MOVES)))


def checked_bots(path: object, header: dict[str, tuple[int, str]], registry: dict[str, Callable[..., Any]],
                 seats: int) -> str | None:
    """The log's `bots:` line (who played; a replay plays no bot), checked as `--bots` is: names the game knows,
    one for every seat or one for all, strengths in range; refused by its line. None where the log has none (a
    game played by hand)."""
    if "bots" not in header:
        return None
    number, spec = header["bots"]
    try:
        bot_specs(spec, registry, seats, option="bots")
    except InputError as error:
        raise InputError(at_line(path, number, error.says)) from None
    return spec


def beside(path: Path, number: int, name: str) -> Path:
    """The file a log names (DESIGN 12): a plain file name in the log's own folder, so a log can read nothing else
    on the machine; a link there must stay in that folder too. The current folder is never searched."""
    if name in ("", ".", "..") or "/" in name or "\\" in name or "\0" in name:
        raise InputError(at_line(path, number, Says(N_("{field}: {name} is not a file name; a log names its map by "
                                                       "the name of a file in the log's own folder (no folder, no "
                                                       "{parent})"), field="map-file", name=quoted(name),
                                                    parent="'..'")))
    folder = path.absolute().parent
    target = folder / name
    if os.path.dirname(os.path.realpath(target)) != os.path.realpath(folder):
        raise InputError(at_line(path, number, Says(N_("{field}: {name} links to a file outside the log's folder; "
                                                       "copy the map beside the log"), field="map-file",
                                                    name=quoted(name))))
    return target


def logged_name(map_file: Path | str) -> str:
    """The name a log writes for its map file (`beside` reads it back): refused, before the log is written, where
    the log could not say it as it is: spaces at its ends (a header value is read stripped), a line end or another
    control character, or bytes that are not UTF-8 (the log is UTF-8 text). Such a log named a file no replay
    found, or broke its own header; a non-UTF-8 name was a traceback."""
    name = Path(map_file).name
    if name != name.strip() or CONTROL.search(name):
        raise InputError(Says(N_("--map {name}: a game log cannot name this file (spaces at its ends, a line end, a "
                                 "control character or bytes that are not {encoding}), and a replay reads the map "
                                 "by its name; rename the file"), name=quoted(name), encoding="UTF-8"))
    return name
