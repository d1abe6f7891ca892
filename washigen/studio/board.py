"""A bot game on the board: the game's own `play` command plays it and writes its log (`play --map DESIGN -o
game.txt`), and the board after k moves is what that command draws when it replays the log's first k moves
(`play --replay LOG --map DESIGN -o board.svg`): the engine's state after k moves, drawn by the game's drawing of
a finished game. So the studio holds no copy of any game's rules or drawing.

A game offers this when its `play` command writes a log (-o .txt), draws a game (-o .svg) and replays a log
(--replay). A log ends with its moves, one a line, in the order the command printed them; the studio matches the
two before it cuts a log short, and offers no board where they do not match."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ..design import dumps
from ..games import Game
from . import commands_bridge as bridge

REPLAY_OPTIONS = ("replay", "replay_file")
DESIGN_FILE = "design.json"
CACHED_GAMES = 16                 # games kept (log and moves) so that stepping costs one replay, not a whole game


@dataclass(frozen=True)
class PlayedGame:
    lines: list[str]              # what `play` printed: a line a move, then the summary
    head: list[str]               # the log's lines before its moves
    moves: list[str]              # the log's move lines


_games: OrderedDict[tuple, PlayedGame] = OrderedDict()
_games_lock = threading.Lock()


def replay_option(command: click.Command) -> click.Option | None:
    return next((p for p in command.params if isinstance(p, click.Option) and p.name in REPLAY_OPTIONS), None)


def on_board(game: Game, folder: Path) -> bool:
    """Whether the game's `play` command can log a game, draw it, and replay a log: what a board replay needs."""
    found = bridge.play_option(game)
    if found is None or replay_option(found[0]) is None:
        return False
    command = found[0]
    return all(bridge.writes(command, folder / f"probe{suffix}") for suffix in (".txt", ".svg"))


def play_command(game: Game) -> tuple[click.Command, click.Option, click.Option]:
    """The game's `play` command, its option naming the design file, and its --replay option."""
    found = bridge.play_option(game)
    replay = None if found is None else replay_option(found[0])
    if found is None or replay is None:
        raise bridge.PlayUnavailable(f"{game.name}: its bot games are not drawn on the board")
    return found[0], found[1], replay


def key_of(design, seed: int) -> tuple:
    return hashlib.sha256(dumps(design).encode("utf-8")).hexdigest(), seed


def played(game: Game, design, seed: int, folder: Path) -> PlayedGame:
    """The bot game on `design` with `seed` (played once, then kept): `play --map DESIGN --seed S -o game.txt`."""
    key = key_of(design, seed)
    with _games_lock:
        if key in _games:
            _games.move_to_end(key)
            return _games[key]
    command, option, _ = play_command(game)
    design_file = write_design(design, folder)
    log_file = folder / "game.txt"
    args = [option.opts[0], str(design_file), "--seed", str(seed), "-o", str(log_file)]
    _, lines = bridge.capture(command, args, f"washigen {game.name} play")
    lines = [line for line in lines if not line.startswith("wrote ")]
    game_played = split_log(lines, log_file.read_text("utf-8"))
    with _games_lock:
        _games[key] = game_played
        while len(_games) > CACHED_GAMES:
            _games.popitem(last=False)
    return game_played


def split_log(lines: list[str], log: str) -> PlayedGame:
    """The log cut into its head and its moves: its trailing lines, one for each move `play` printed before its
    summary ("game 1 ..."), matched from the last move back (each printed move ends with the log line's move, the
    text before any '#'); a line printed before the moves (a note) is no move."""
    summary = next((i for i, line in enumerate(lines) if line.startswith("game 1 ")), len(lines))
    printed = lines[:summary]
    log_lines = [line for line in log.split("\n") if line.strip()]
    count = 0
    while count < min(len(printed), len(log_lines)):
        move = log_lines[-1 - count].partition("#")[0].strip()
        if not move or not printed[-1 - count].rstrip().endswith(move):
            break
        count += 1
    if printed and count == 0:
        raise bridge.PlayUnavailable("this game's log does not end with the moves it printed; no board replay")
    return PlayedGame(lines, log_lines[:len(log_lines) - count], log_lines[len(log_lines) - count:])


def write_design(design, folder: Path) -> Path:
    target = folder / DESIGN_FILE
    target.write_text(dumps(design), encoding="utf-8")
    return target


def board(game: Game, design, seed: int, step: int, lang: str, folder: Path) -> dict[str, Any]:
    """The board after the game's first `step` moves, as SVG: `play --replay LOG --map DESIGN -o board.svg` on
    the log cut after that move."""
    game_played = played(game, design, seed, folder)
    step = max(0, min(step, len(game_played.moves)))
    svg = draw(game, design, game_played, step, folder / "board.svg", {"lang": lang})
    return {"svg": svg.read_text("utf-8"), "step": step, "moves": len(game_played.moves), "lines": game_played.lines}


def draw(game: Game, design, game_played: PlayedGame, step: int, target: Path, options: dict[str, Any]) -> Path:
    """Replays the first `step` moves and writes the drawing (its format by `target`'s extension)."""
    command, option, replay = play_command(game)
    design_file = write_design(design, target.parent)
    log_file = target.parent / "game.txt"
    log_file.write_text("\n".join(game_played.head + game_played.moves[:step]) + "\n", encoding="utf-8")
    args = [replay.opts[0], str(log_file), option.opts[0], str(design_file), "-o", str(target)]
    args += bridge.print_arguments(options_taken(command, options), command)
    bridge.capture(command, args, f"washigen {game.name} play")
    return target


def options_taken(command: click.Command, options: dict[str, Any]) -> dict[str, Any]:
    """The print options the `play` command takes (a finished game is one page at its real size: no paper)."""
    names = {p.name for p in command.params}
    return {name: value for name, value in options.items() if name in names}


def finished(game: Game, design, seed: int, fmt: str, options: dict[str, Any], folder: Path) -> tuple[list[Path], str]:
    """The finished game as `play --map DESIGN --seed S -o game.FMT` draws it: (the files written, the name to
    give it)."""
    command, option, _ = play_command(game)
    design_file = write_design(design, folder)
    target = folder / f"game.{fmt}"
    args = [option.opts[0], str(design_file), "--seed", str(seed), "-o", str(target)]
    args += bridge.print_arguments(options_taken(command, options), command)
    bridge.capture(command, args, f"washigen {game.name} play")
    stem = f"{game.name}-game" + ("" if design.seed is None else f"-{design.seed}") + f"-{seed}"
    return sorted(folder.glob(f"game*.{fmt}")), stem
