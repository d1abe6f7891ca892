"""A game of Cats as text: the map (its options and seed, or the file it came from), the set-up, who moved first,
then one move per line in the engine's notation. `read_log` and `replay` give back exactly the finished game.

    # Tokyo Washi Game Cats: a game log. Replay it: washigen cats play --replay FILE
    map: players=2 coop=no long=0 forests=0 cut-up=no variant=- jinja=no sewer-poppers=no tape-width=50 ...
    map-check: 3f2a9c0d1e7b
    fish: 1 r1c4, 2 r1c10, ...
    cats: 1 r1c13, 2 r1c16, ...
    first: 1
    bots: greedy,greedy
    result: player 2 wins after 143 turns
    moves:
    c1 N
    ...
    c2 W
    # player 1 trapped: out

A move that traps a player puts it out at once (engine.py); the log notes it on a comment line after that move
(comment lines are read as nothing). Logs written before read a `trapped` line on the trapped player's turn instead:
`replay` passes over such a line where a player went out without one.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ...design import load
from ...errors import InputError
from ...inputs import read_text
from . import engine
from .generate import generate_map
from .model import CatsMap, CatsSetup, Drawing

MAX_MOVES = 100_000
OPTIONS = ("players", "coop", "long", "forests", "cut_up", "variant", "jinja", "sewer_poppers", "tape_width",
           "segment_rows", "segment_cols", "seed")
BOOLEANS = ("coop", "cut_up", "jinja", "sewer_poppers")


def grid_check(design: CatsMap) -> str:
    """A short fingerprint of a map's cells, so a log replayed on a differently generated map says so."""
    grid = design.grid
    text = "\n".join(grid.rows) + repr(grid.buildings) + repr(grid.sewers)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def outcome_text(record) -> str:
    if record.end == "stalemate":
        return f"stalemate: no winner after {record.turns} turns"
    who = " and ".join(f"player {p + 1}" for p in record.winners)
    verb = "win" if len(record.winners) > 1 else "wins"
    how = "" if record.end == "win" else ", the others trapped"
    return f"{who} {verb} after {record.turns} turns{how}"


def write_log(design: CatsMap, map_file: Path | None, setup: CatsSetup, first: int, bots: str, record,
              moves: tuple[str, ...]) -> str:
    lines = ["# Tokyo Washi Game Cats: a game log. Replay it: washigen cats play --replay FILE"]
    if map_file is not None:
        lines.append(f"map-file: {map_file}")
    else:
        lines.append("map: " + " ".join(f"{k.replace('_', '-')}={_value(getattr(design, k))}" for k in OPTIONS))
    lines.append(f"map-check: {grid_check(design)}")
    for kind, drawn in (("fish", setup.fish), ("cats", setup.cats)):
        lines.append(f"{kind}: " + ", ".join(f"{d.player} r{d.row}c{d.col}" for d in drawn))
    lines += [f"first: {first + 1}", f"bots: {bots}", f"result: {outcome_text(record)}", "moves:"]
    lines += _with_traps(design, setup, first, moves)
    return "\n".join(lines) + "\n"


def _with_traps(design: CatsMap, setup: CatsSetup, first: int, moves: tuple[str, ...]) -> list[str]:
    """The moves, each followed by a comment naming the players it trapped (played again to find them)."""
    state = engine.initial_state(design, setup, engine.rules_of(design), 0, first=first)
    found = []
    for text in moves:
        found.append(text)
        before = state.out
        state = engine.apply(state, engine.parse_move(text, state))
        went = [p + 1 for p in range(design.players)
                if state.out[state.game.team_of[p]] and not before[state.game.team_of[p]]]
        if went:
            found.append(f"# {' and '.join(f'player {p}' for p in went)} trapped: out")
    return found


def _value(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@dataclass(frozen=True)
class Log:
    design: CatsMap
    setup: CatsSetup
    first: int
    bots: str
    moves: tuple[tuple[int, str], ...]     # (line number, move)


def read_log(path: Path) -> Log:
    text = read_text(path)
    header: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves:
            moves.append((number, line))
            if len(moves) > MAX_MOVES:
                raise InputError(f"{path}, line {number}: more than {MAX_MOVES} moves")
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise InputError(f"{path}, line {number}: expected 'key: value', got {line!r}")
        key = key.strip()
        if key == "moves":
            in_moves = True
            continue
        header[key] = (number, value.strip())
    for key in ("fish", "cats", "first"):
        if key not in header:
            raise InputError(f"{path}: the log has no '{key}:' line")
    design = _log_map(path, header)
    setup = CatsSetup(map=design, fish=_drawings(path, header["fish"]), cats=_drawings(path, header["cats"]))
    number, first = header["first"]
    if not first.isdigit() or not 1 <= int(first) <= design.players:
        raise InputError(f"{path}, line {number}: first: must be 1..{design.players}, got {first!r}")
    return Log(design, setup, int(first) - 1, header.get("bots", (0, "-"))[1], tuple(moves))


def _log_map(path: Path, header: dict) -> CatsMap:
    if "map-file" in header:
        number, name = header["map-file"]
        target = Path(name)
        if not target.is_absolute():
            target = path.parent / target if not target.exists() else target
        design = load(target)
        if isinstance(design, CatsSetup):
            design = design.map
        if not isinstance(design, CatsMap):
            raise InputError(f"{path}, line {number}: {name} holds no cats map")
    elif "map" in header:
        design = generate_map(**_map_options(path, *header["map"]))
    else:
        raise InputError(f"{path}: the log has neither 'map:' nor 'map-file:'")
    if "map-check" in header and header["map-check"][1] != grid_check(design):
        number = header["map-check"][0]
        raise InputError(f"{path}, line {number}: the map made from this log differs from the one played (another "
                         "washigen version, or an edited map file)")
    return design


def _map_options(path: Path, number: int, value: str) -> dict:
    options = {}
    for part in value.split():
        key, sep, raw = part.partition("=")
        name = key.replace("-", "_")
        if not sep or name not in OPTIONS:
            raise InputError(f"{path}, line {number}: map option {part!r} unknown; known: "
                             f"{', '.join(k.replace('_', '-') for k in OPTIONS)}")
        try:
            if raw == "-":
                options[name] = None
            elif name in BOOLEANS:
                if raw not in ("yes", "no"):
                    raise ValueError
                options[name] = raw == "yes"
            elif name == "tape_width":
                options[name] = float(raw)
            else:
                options[name] = int(raw)
        except ValueError:
            raise InputError(f"{path}, line {number}: map option {key}: bad value {raw!r}") from None
    if options.get("seed") is None:
        raise InputError(f"{path}, line {number}: the map needs its seed")
    return options


def _drawings(path: Path, entry: tuple[int, str]) -> tuple[Drawing, ...]:
    number, value = entry
    found = []
    for part in filter(None, (p.strip() for p in value.split(","))):
        match = re.fullmatch(r"(\d+) r(\d+)c(\d+)", part)
        if not match:
            raise InputError(f"{path}, line {number}: expected 'PLAYER rROWcCOL', got {part!r}")
        found.append(Drawing(player=int(match.group(1)), row=int(match.group(2)), col=int(match.group(3))))
    return tuple(found)


def replay(log: Log, path: Path) -> engine.State:
    """The game's final state, every move checked by the engine (an illegal one names its line)."""
    return _replayed(log, path)[0]


def moves_played(log: Log, path: Path) -> list[str]:
    """The log's moves as the engine plays them: an older log's `trapped` lines left out."""
    return _replayed(log, path)[1]


def _replayed(log: Log, path: Path) -> tuple[engine.State, list[str]]:
    from .rules import validate

    report = validate(log.setup)
    if not report.ok:
        first = report.errors[0]
        raise InputError(f"{path}: the set-up breaks a rule: {first.message}")
    state = engine.initial_state(log.design, log.setup, engine.rules_of(log.design), 0, first=log.first)
    unclaimed = sum(state.out)                    # teams put out with no `trapped` line of an older log yet
    played = []
    for number, text in log.moves:
        if unclaimed and " ".join(text.split()).lower() == "trapped":
            unclaimed -= 1                        # an older log's line for what the engine did already
            continue
        if engine.result(state) is not None:
            raise InputError(f"{path}, line {number}: the game was over before {text!r}")
        try:
            after = engine.apply(state, engine.parse_move(text, state))
        except InputError as error:
            raise InputError(f"{path}, line {number}: {error}") from None
        unclaimed += sum(after.out) - sum(state.out) - (text.strip().lower() == "trapped")
        state = after
        played.append(text)
    return state, played
