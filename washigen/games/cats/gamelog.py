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

A log is read as bounded input (DESIGN 12): the file through read_text (8 MiB at most), every header key known and
given once, every number a plain decimal within the range the command line takes (no NaN, no infinity, no
thousand-digit seed), lines and moves of bounded length, every refusal naming the file and line and quoting at most
inputs.QUOTE characters of what it found. `map-file:` names a map beside the log by its file name alone; a game
played on it with variant rules switched on (`cats play --map FILE --jinja`) adds `rules: jinja=yes
sewer-poppers=no`, the rules it was played with, so that its replay plays them too.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ...design import load
from ...errors import InputError
from ...arena.gamelog import SECOND_LINE, WHOLE_IN, add_move, at_line, beside, checked_bots, logged_name
from ...inputs import exact_number, quoted, read_text
from ...words import N_, Says
from ..foreign import refuse_other_log
from . import engine
from .bots import BOTS
from .constants import FORESTS_MAX, LONG_MAX, SEGMENT_COLS_RANGE, SEGMENT_ROWS_RANGE, TAPE_WIDTH_RANGE
from .generate import generate_map
from .model import CatsMap, CatsSetup, Drawing

MAX_LINE = 2_000          # characters in a header line (a six-player fish line is about 300)
OPTIONS = ("players", "coop", "long", "forests", "cut_up", "variant", "jinja", "sewer_poppers", "tape_width",
           "segment_rows", "segment_cols", "seed")
BOOLEANS = ("coop", "cut_up", "jinja", "sewer_poppers")
# The ranges `cats map` and `cats play` take (their spec, params.seed_param): whole numbers, and the tape
# width (TAPE_WIDTH_RANGE, in mm).
RANGES: dict[str, tuple[int, int]] = {
    "players": (2, 6), "long": (0, LONG_MAX), "forests": (0, FORESTS_MAX), "variant": (1, 100_000),
    "segment_rows": SEGMENT_ROWS_RANGE, "segment_cols": SEGMENT_COLS_RANGE, "seed": (0, 2**63 - 1)}
KEYS = ("map", "map-file", "rules", "map-check", "fish", "cats", "first", "bots", "result")
RULES = ("jinja", "sewer_poppers")         # the variant rules a `rules:` line gives a map file
WHOLE = re.compile(r"[0-9]{1,20}")
DECIMAL = re.compile(r"[0-9]{1,20}(?:\.[0-9]{0,20})?(?:[eE][+-]?[0-9]{1,3})?")
MAP_OPTION = N_("map option {key}")
WRAPPED = N_("{field}: {message}")          # a refusal of what a header line names, under the line's key


def grid_check(design: CatsMap) -> str:
    """A short fingerprint of a map's cells, so a log replayed on a differently generated map says so."""
    grid = design.grid
    text = "\n".join(grid.rows) + repr(grid.buildings) + repr(grid.sewers)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def outcome_text(record) -> str:
    if record.end == "turn_limit":
        return f"turn limit reached: no winner after {record.turns} turns"
    if not record.winners:
        return f"every player trapped: no winner after {record.turns} turns"
    who = " and ".join(f"player {p + 1}" for p in record.winners)
    verb = "win" if len(record.winners) > 1 else "wins"
    how = "" if record.end == "win" else ", the others trapped"
    return f"{who} {verb} after {record.turns} turns{how}"


def write_log(design: CatsMap, map_file: Path | None, setup: CatsSetup, first: int, bots: str, record,
              moves: tuple[str, ...]) -> str:
    lines = ["# Tokyo Washi Game Cats: a game log. Replay it: washigen cats play --replay FILE"]
    if map_file is not None:
        lines.append(f"map-file: {logged_name(map_file)}")   # read back beside the log, by its name alone
        if any(getattr(design, k) for k in RULES):           # switched on for the file, or held by it
            lines.append("rules: " + " ".join(f"{k.replace('_', '-')}={_value(getattr(design, k))}" for k in RULES))
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
        return exact_number(value)
    return str(value)


@dataclass(frozen=True)
class Log:
    design: CatsMap
    setup: CatsSetup
    first: int
    bots: str
    moves: tuple[tuple[int, str], ...]     # (line number, move)
    setup_lines: tuple[int, int] = (0, 0)  # the lines of the fish and the cats, for a set-up that breaks a rule
    result: tuple[int, str] | None = None  # (line, text) of the `result:` line, held against the moves' result


def read_log(path: Path) -> Log:
    text = read_text(path, "game log")
    refuse_other_log(text, path, "cats")
    header, moves = _lines(path, text)
    if not header and not moves:
        raise InputError(Says(N_("{file}: no game in it: neither a header line ({example}) nor a move; "
                                 "`cats play -o game.txt` writes a log"), file=path, example="'fish: ...'"))
    for key in ("fish", "cats", "first"):
        if key not in header:
            raise InputError(Says(N_("{file}: the log has no '{key}:' line"), file=path, key=key))
    if "result" not in header:            # a log says how its game ended: a replay is held to it
        raise InputError(Says(N_("{file}: the log has no {line} line; a log says how its game ended, as {command} "
                                 "writes it ({unfinished} for a game cut short)"), file=path, line="'result:'",
                              command="`cats play -o LOG.txt`", unfinished="'result: no result after N moves'"))
    design = _log_map(path, header)
    setup = CatsSetup(map=design, fish=_drawings(path, design, header["fish"]),
                      cats=_drawings(path, design, header["cats"]))
    first = whole(path, header["first"][0], "first", header["first"][1], 1, design.players)
    bots = checked_bots(path, header, BOTS, design.players) or "-"     # none: played by hand
    return Log(design, setup, first - 1, bots, tuple(moves), (header["fish"][0], header["cats"][0]),
               header.get("result"))


def _lines(path: Path, text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The header (key -> (line number, value)) and the moves (line number, move); comment lines are nothing.
    Lines are split at line ends alone (not at the other breaks str.splitlines knows), as an editor counts them."""
    header: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves:
            _refuse_header_among_moves(path, number, line)
            add_move(moves, path, number, line)
            continue
        if len(line) > MAX_LINE:
            raise InputError(at_line(path, number, Says(N_("a header line of {length:,} characters (at most {most:,}): "
                                                           "{text}"), length=len(line), most=MAX_LINE,
                                                        text=quoted(line))))
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep:
            raise InputError(at_line(path, number, Says(N_("expected {form} (or {moves} before the moves), got {text}"),
                                                        form="'key: value'", moves="'moves:'", text=quoted(line))))
        if key == "moves" and not value.strip():
            in_moves = True
            continue
        if key not in KEYS:
            raise InputError(at_line(path, number, Says(N_("unknown key {key}; a log's header has {keys} and {moves}"),
                                                        key=quoted(key), keys=", ".join(KEYS), moves="moves")))
        if key in header:
            raise InputError(at_line(path, number, Says(SECOND_LINE, key=key, first=header[key][0])))
        header[key] = (number, value.strip())
    return header, moves


def _refuse_header_among_moves(path: Path, number: int, line: str) -> None:
    """A header line after `moves:` (a result moved below the moves) is named as such, not as an illegal move."""
    key, sep, _ = line.partition(":")
    if sep and key.strip() in KEYS + ("moves",):
        raise InputError(at_line(path, number, Says(N_("a {key} line among the moves; the header comes before "
                                                       "{moves}"), key=quoted(key.strip() + ":"), moves="'moves:'")))


def whole(path: Path, number: int, what: Says | str, raw: str, low: int, high: int) -> int:
    """A whole number in low..high written in plain digits (no sign, no '_', no other script's digits, at most 20
    of them: int() is never asked to read thousands)."""
    if not WHOLE.fullmatch(raw) or not low <= int(raw) <= high:
        raise InputError(at_line(path, number, Says(WHOLE_IN, field=what, low=low, high=high, value=quoted(raw))))
    return int(raw)


def decimal(path: Path, number: int, what: Says | str, raw: str, low: float, high: float, unit: str = "") -> float:
    """A finite decimal in low..high (NaN and infinity are not numbers here, nor is 1e400)."""
    value = float(raw) if DECIMAL.fullmatch(raw) else math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise InputError(at_line(path, number, Says(N_("{field}: must be a number from {low:g} to {high:g}{unit}, got "
                                                       "{value}"), field=what, low=low, high=high, unit=unit,
                                                    value=quoted(raw))))
    return value


def _log_map(path: Path, header: dict) -> CatsMap:
    if "map-file" in header and "map" in header:
        raise InputError(at_line(path, header["map-file"][0], Says(N_("a log names its map by {map} or by {map_file}, "
                                                                      "not both (line {other})"), map="'map:'",
                                                                   map_file="'map-file:'", other=header["map"][0])))
    if "map-file" in header:
        number, name = header["map-file"]
        target = beside(path, number, name)       # absolute: a map named `-` is a file, never standard input
        try:
            design = load(target)
        except InputError as error:
            raise InputError(at_line(path, number, Says(WRAPPED, field="map-file", message=error.says))) from None
        if isinstance(design, CatsSetup):
            design = design.map
        if not isinstance(design, CatsMap):
            raise InputError(at_line(path, number, Says(N_("{name} holds no {game} map"), name=quoted(name),
                                                        game="cats")))
        if "rules" in header:
            design = replace(design, **_rules(path, *header["rules"]))
    elif "map" in header:
        if "rules" in header:
            raise InputError(at_line(path, header["rules"][0], Says(N_("{rules} goes with {map_file}; {map} names "
                                                                       "the variant rules itself"), rules="'rules:'",
                                                                    map_file="'map-file:'", map="'map:'")))
        options = _map_options(path, *header["map"])
        try:
            design = generate_map(**options)
        except InputError as error:           # options that no map satisfies together
            raise InputError(at_line(path, header["map"][0], Says(WRAPPED, field="map", message=error.says))) from None
    else:
        raise InputError(Says(N_("{file}: the log has neither {map} nor {map_file}"), file=path, map="'map:'",
                              map_file="'map-file:'"))
    if "map-check" in header and header["map-check"][1] != grid_check(design):
        number = header["map-check"][0]
        raise InputError(at_line(path, number, Says(N_("the map made from this log differs from the one played "
                                                       "(another washigen version, or an edited map file)"))))
    return design


def _map_options(path: Path, number: int, value: str) -> dict:
    options = _options_line(path, number, value, OPTIONS)
    if options.get("seed") is None:
        raise InputError(at_line(path, number, Says(N_("the map needs its seed"))))
    return options


def _rules(path: Path, number: int, value: str) -> dict:
    """The variant rules of a `rules:` line: a map file's game played with them switched on."""
    return _options_line(path, number, value, RULES)


def _options_line(path: Path, number: int, value: str, known: tuple[str, ...]) -> dict:
    """A `map:` or `rules:` line's `key=value` parts, each one of `known` and given once."""
    options = {}
    for part in value.split():
        key, sep, raw = part.partition("=")
        name = key.replace("-", "_")
        if not sep or name not in known:
            raise InputError(at_line(path, number, Says(N_("{option} unknown; known: {known}"),
                                                        option=Says(MAP_OPTION, key=quoted(part)),
                                                        known=", ".join(k.replace("_", "-") for k in known))))
        if name in options:
            raise InputError(at_line(path, number, Says(N_("{option} given twice"), option=Says(MAP_OPTION, key=key))))
        options[name] = _option(path, number, key, name, raw)
    return options


def _option(path: Path, number: int, key: str, name: str, raw: str):
    if raw == "-" and name in ("variant", "seed"):
        return None
    if name in BOOLEANS:
        if raw not in ("yes", "no"):
            raise InputError(at_line(path, number, Says(N_("{field}: must be {yes} or {no}, got {value}"),
                                                        field=Says(MAP_OPTION, key=key), yes="yes", no="no",
                                                        value=quoted(raw))))
        return raw == "yes"
    if name == "tape_width":
        return decimal(path, number, Says(MAP_OPTION, key=key), raw, *TAPE_WIDTH_RANGE, " mm")
    low, high = RANGES[name]
    return whole(path, number, Says(MAP_OPTION, key=key), raw, low, high)


def _drawings(path: Path, design: CatsMap, entry: tuple[int, str]) -> tuple[Drawing, ...]:
    """PLAYER rROWcCOL, comma-separated: a player of the map on one of its cells."""
    number, value = entry
    found = []
    for part in filter(None, (p.strip() for p in value.split(","))):
        match = re.fullmatch(r"([0-9]+) r([0-9]+)c([0-9]+)", part)
        if not match:
            raise InputError(at_line(path, number, Says(N_("expected {form}, got {text}"), form="'PLAYER rROWcCOL'",
                                                        text=quoted(part))))
        player, row, col = match.groups()
        found.append(Drawing(player=whole(path, number, Says(N_("player")), player, 1, design.players),
                             row=whole(path, number, Says(N_("row")), row, 1, design.grid.height),
                             col=whole(path, number, Says(N_("column")), col, 1, design.grid.width)))
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
        fish, cats = log.setup_lines
        raise InputError(Says(N_("{file}, lines {fish} and {cats}: the set-up breaks a rule: {message}"), file=path,
                              fish=fish, cats=cats, message=first.says or first.message))
    state = engine.initial_state(log.design, log.setup, engine.rules_of(log.design), 0, first=log.first)
    unclaimed = sum(state.out)                    # teams put out with no `trapped` line of an older log yet
    played = []
    for number, text in log.moves:
        if unclaimed and " ".join(text.split()).lower() == "trapped":
            unclaimed -= 1                        # an older log's line for what the engine did already
            continue
        if engine.result(state) is not None:
            raise InputError(at_line(path, number, Says(N_("the game was over before {move}"), move=quoted(text))))
        try:
            after = engine.apply(state, engine.parse_move(text, state))
        except InputError as error:
            raise InputError(at_line(path, number, error.says)) from None
        unclaimed += sum(after.out) - sum(state.out) - (text.strip().lower() == "trapped")
        state = after
        played.append(text)
    _check_result(log, path, state, len(played))
    return state, played


def _check_result(log: Log, path: Path, state: engine.State, turns: int) -> None:
    """The `result:` line against the game its moves play: an edited one (another winner, another length) was
    replayed without a word, the moves' result printed as if the log had said it. The bots line is not checked:
    it says who played, and a replay plays no bot."""
    if log.result is None:
        return
    from types import SimpleNamespace

    from .playtest import turn_limit

    result = engine.result(state)
    if result is not None:
        played = outcome_text(SimpleNamespace(winners=result.winners, turns=turns, end=result.end))
    elif turns >= turn_limit(log.design):           # the bots' games stop there; the engine's rules do not
        played = outcome_text(SimpleNamespace(winners=(), turns=turns, end="turn_limit"))
    else:
        played = f"no result after {turns} moves"
    number, stated = log.result
    if " ".join(stated.split()) != played:
        raise InputError(at_line(path, number, Says(N_("the log's result is {stated}, but its moves end in {played!r}"),
                                                    stated=quoted(stated), played=played)))
