"""Tokyo Washi Game Cops game logs: a game in notation, one move a line, after a header that says which map it was
played on (`cops play -o game.txt`), and the log read back and replayed move by move (`cops play --replay`).

A log is bounded input (DESIGN 12): header numbers are plain decimals in the ranges the options take, lines and
moves are of bounded length (arena/gamelog.py), and every refusal names the file and line, quoting at most
inputs.QUOTE characters."""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ...arena.gamelog import SECOND_LINE, WHOLE_IN, add_move, at_line, beside, checked_bots, logged_name
from ...errors import InputError
from ...design import dumps, load
from ...inputs import exact_number, quoted, read_text
from ...words import N_, Says
from ..foreign import refuse_other_log
from ..params import SEED_MAX
from .constants import (DEFAULT_LAYOUT, DEFAULT_PLAYERS, DEFAULT_TAPE_WIDTH, LAYOUTS, MAX_MAP_OFFSET, MAX_PLAYERS,
                        MIN_PLAYERS, TITLE)
from .spec import TAPE_WIDTH_RANGE

if TYPE_CHECKING:
    from .model import CopsMap

LOG_KEYS = ("players", "seed", "offset", "tape-width", "layout", "map-file", "map-check", "first", "game-seed", "bots",
            "result")
MAX_LOG_LINE = 2_000
_WHOLE = r"[0-9]{1,20}"
_DECIMAL = r"[0-9]{1,20}(?:\.[0-9]{0,20})?(?:[eE][+-]?[0-9]{1,3})?"


def game_log(design, moves, seed: int, first: int, bots: str, map_file: Path | None = None,
             result: str | None = None) -> str:
    """A game in notation, one move a line, after a header that says which map it was played on: the options that
    make it again, and the file it was read from (a map given by --map, which those options need not make: a
    fair-searched one), by its name alone; and always the map's fingerprint, so a replay on another map says so.
    `result` (outcome_text) is what the moves reach, which a replay holds the log to."""
    lines = [f"# {TITLE} game log (washigen cops play --replay reads it)",
             f"# players: {design.players}", f"# seed: {design.seed}", f"# offset: {exact_number(design.offset)}mm",
             f"# tape-width: {exact_number(design.tape_width)}mm", f"# layout: {design.layout}"]
    if map_file is not None:
        lines.append(f"# map-file: {logged_name(map_file)}")    # read back beside the log, by its name alone
    lines += [f"# map-check: {map_check(design)}", f"# first: {first + 1}", f"# game-seed: {seed}",
              f"# bots: {bots}"] + ([f"# result: {result}"] if result else [])
    for index, move in enumerate(moves):
        lines.append(f"{move:<28} # {index + 1}, squad {(first + index) % design.players + 1}")
    return "\n".join(lines) + "\n"


def outcome_text(winners: tuple[int, ...], end: str, moves: int) -> str:
    """How a game ended, as a log's `# result:` line says it (arena.records.End; "cut short": the moves stop
    before the game ends)."""
    if end == "win":
        return f"squad {winners[0] + 1} wins after {moves} moves"
    if end == "stalemate":
        return f"stalemate after {moves} moves"
    return f"{'turn limit' if end == 'turn_limit' else 'no result'} after {moves} moves"


def reached(design: CopsMap, state, moves: int) -> str:
    """What a replay's moves reach: the rules' end, the turn limit (DESIGN 9), or no result (a log cut short)."""
    from . import engine
    from .playtest import turn_limit

    outcome = engine.result(state)
    end = ("turn_limit" if moves >= turn_limit(design) else "cut short") if outcome is None else \
        "win" if outcome.winners else "stalemate"
    return outcome_text(outcome.winners if outcome is not None else (), end, moves)


def map_check(design: CopsMap) -> str:
    """A short fingerprint of what a game is played on (the segments, the roads and how they are laid), not of
    the map's seed, maker or verdict, so the same map written by another version checks the same."""
    played = {key: value for key, value in json.loads(dumps(design)).items()
              if key in ("tape_width", "segment_length", "offset", "layout", "segments", "roads")}
    return hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:12]


def replay_log(path: Path, load_map: Callable[[], CopsMap] | None = None):
    """Reads a log, rebuilds its map (or takes `load_map()`'s, the command line's --map), and plays every move,
    refusing the first illegal one by its line: (map, final state, moves, game seed, first squad)."""
    from . import engine
    from .bots import BOTS

    header, moves = _log_lines(path)
    if not header and not moves:
        raise InputError(Says(N_("{file}: no game in it: neither a header line ({example}) nor a move; "
                                 "`cops play -o game.txt` writes a log"), file=path, example="'# players: 2'"))
    design = _log_map(path, header, load_map)
    checked_bots(path, header, BOTS, design.players)
    first = _log_whole(path, header, "first", 1, design.players, 1) - 1
    game_seed = _log_whole(path, header, "game-seed", 0, SEED_MAX, 0)
    state = engine.initial_state(design, first=first)
    played = []
    for number, text in moves:
        if engine.result(state) is not None:
            raise InputError(at_line(path, number, Says(N_("the game is already over"))))
        try:
            move = engine.parse_move(text, state)
        except InputError as error:
            raise InputError(at_line(path, number, error.says)) from None
        state = engine.apply(state, move)
        played.append(str(move))
    if "result" in header:
        _check_result(path, header["result"], reached(design, state, len(played)))
    return design, state, played, game_seed, first


def _check_result(path: Path, line: tuple[int, str], moves_reach: str) -> None:
    """The log's `# result:` line is what its moves reach; else a refusal by that line."""
    number, said = line
    if said != moves_reach:
        raise InputError(at_line(path, number, Says(N_("{field}: the log says {said}, but its moves reach {reached} "
                                                       "(a log cut short or edited)"), field="result",
                                                    said=quoted(said), reached=quoted(moves_reach))))


def _log_lines(path: Path) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The header (`# key: value` lines of LOG_KEYS: key -> (line number, value)) and the moves (line number, the
    text before any '#'); other comments are nothing. Lines are split at line ends alone, as an editor counts."""
    header: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    text = read_text(path, "game log")
    refuse_other_log(text, path, "cops")
    for number, line in enumerate(text.split("\n"), start=1):
        text, _, comment = line.partition("#")
        text = text.strip()
        if text:
            add_move(moves, path, number, text)
            continue
        key, sep, value = comment.partition(":")
        if not sep or key.strip() not in LOG_KEYS:
            continue                                  # a comment
        key, value = key.strip(), value.strip()
        if moves:                   # an edited or pasted header below the first move, read as if it came first
            raise InputError(at_line(path, number, Says(N_("a {key} line among the moves; the header comes before "
                                                           "the first move"), key=quoted(f"# {key}:"))))
        if len(value) > MAX_LOG_LINE:
            raise InputError(at_line(path, number, Says(N_("{field}: a value of {length:,} characters (at most "
                                                           "{most:,}): {value}"), field=key, length=len(value),
                                                        most=MAX_LOG_LINE, value=quoted(value))))
        if not value:
            raise InputError(at_line(path, number, Says(N_("{field}: no value"), field=key)))
        if key in header:
            raise InputError(at_line(path, number, Says(SECOND_LINE, key=key, first=header[key][0])))
        header[key] = (number, value)
    return header, moves


def _log_map(path: Path, header: dict, load_map: Callable[[], CopsMap] | None) -> CopsMap:
    """The map the header describes, every field checked (as the options are) by its line, or load_map()'s."""
    from .generate import generate_map
    from .model import max_offset_for

    players = _log_whole(path, header, "players", MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS)
    seed = _log_whole(path, header, "seed", 0, SEED_MAX, 0)
    tape_width = _log_mm(path, header, "tape-width", *TAPE_WIDTH_RANGE, DEFAULT_TAPE_WIDTH)
    # A map the log names or --map gives may lie at any offset a map file takes; one made from the seed, at what
    # `cops map --offset` takes.
    given = load_map is not None or "map-file" in header
    offset = _log_mm(path, header, "offset", 0.0, MAX_MAP_OFFSET if given else max_offset_for(tape_width) + 1e-9, 0.0)
    number, layout = header.get("layout", (0, DEFAULT_LAYOUT))
    if layout not in LAYOUTS:
        raise InputError(at_line(path, number, Says(N_("{field}: must be {choices} or {last}, got {value}"),
                                                    field="layout", choices=" or ".join(LAYOUTS[:-1]),
                                                    last=LAYOUTS[-1], value=quoted(layout))))
    if load_map is not None:
        return _checked(path, header, load_map(), "map")
    if "map-file" in header:
        return _checked(path, header, _map_beside(path, *header["map-file"]), "map-file")
    if "seed" not in header:            # without it any map would do, and the first move out of place took the blame
        raise InputError(Says(N_("{file}: no {line} line, so no map to replay the game on; `cops play -o game.txt` "
                                 "writes one, or give the map with {option}"), file=path, line="'# seed:'",
                              option="--map FILE"))
    return _checked(path, header, generate_map(players=players, seed=seed, tape_width=tape_width, offset=offset,
                                               layout=layout), "seed")


def _map_beside(path: Path, number: int, name: str) -> CopsMap:
    """The map a `map-file:` line names, in the log's own folder."""
    from .model import CopsMap

    target = beside(path, number, name)            # refuses by the line itself: not wrapped again below
    try:
        design = load(target)
    except InputError as error:
        raise InputError(at_line(path, number, Says(N_("{field}: {message}"), field="map-file",
                                                    message=error.says))) from None
    if not isinstance(design, CopsMap):
        raise InputError(at_line(path, number, Says(N_("{name} holds no {game} map"), name=quoted(name),
                                                    game="cops")))
    return design


def _checked(path: Path, header: dict, design: CopsMap, source: str) -> CopsMap:
    """The map, where the log's `map-check:` (if any) is its fingerprint; else a refusal by that line."""
    if "map-check" in header and header["map-check"][1] != map_check(design):
        number = header["map-check"][0]
        raise InputError(at_line(path, number, Says(N_("this game was not played on the map {source} "
                                                       "(another washigen version or an edited map); give the map "
                                                       "it was played on with {option}"),
                                                    source=Says(_SOURCES[source], line="'# map-file:'"),
                                                    option="--map FILE")))
    return design


_SOURCES = {"map": N_("--map gives"), "map-file": N_("its {line} line names"),
            "seed": N_("its seed and options make")}


def _log_whole(path: Path, header: dict, key: str, low: int, high: int, default: int) -> int:
    """A header number in low..high in plain digits (at most 20: int() never reads thousands)."""
    if key not in header:
        return default
    number, raw = header[key]
    if not re.fullmatch(_WHOLE, raw) or not low <= int(raw) <= high:
        raise InputError(at_line(path, number, Says(WHOLE_IN, field=key, low=low, high=high, value=quoted(raw))))
    return int(raw)


def _log_mm(path: Path, header: dict, key: str, low: float, high: float, default: float) -> float:
    """A header length in mm ('50mm' or '50'), finite and in low..high: NaN, infinity and 1e400 are refused."""
    if key not in header:
        return default
    number, raw = header[key]
    digits = raw.lower().removesuffix("mm").rstrip()
    value = float(digits) if re.fullmatch(_DECIMAL, digits) else math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise InputError(at_line(path, number, Says(N_("{field}: must be a length from {low:g} to {high:g} mm, got "
                                                       "{value}"), field=key, low=low, high=high, value=quoted(raw))))
    return value
