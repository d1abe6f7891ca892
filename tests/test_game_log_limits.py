"""DESIGN 12 for game logs: `cats play --replay` and `cops play --replay` read a log as bounded input. Every header
key, every number in it, every kind of line, the file itself and (for Cats) the map it names: each bad one exits 2
with one message naming the log and its line, quoting at most a few dozen characters of what it found, with no
traceback and nothing written; `map-file:` reads only a file beside the log."""

from __future__ import annotations

import functools
import os
import re
import shutil
from pathlib import Path

import pytest

from washigen.inputs import MAX_INPUT_BYTES

from .limits import run_warm

LOG = "game.txt"
HUGE_MOVE = 5 * 1024 * 1024


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, str]:
    """A log of each game as `play -o` writes it."""
    folder = tmp_path_factory.mktemp("logs")
    for game in ("cats", "cops"):
        written = run_warm(game, "play", "--seed", "1", "-o", f"{game}.txt", cwd=folder)
        assert written.code == 0, written.stderr
    return {game: (folder / f"{game}.txt").read_text(encoding="utf-8") for game in ("cats", "cops")}


def line_of(text: str, pattern: str) -> int:
    """The number of the first line matching `pattern` (counted as an editor counts)."""
    return next(n for n, line in enumerate(text.split("\n"), start=1) if re.match(pattern, line))


def with_header(game: str, text: str, key: str, value: str) -> tuple[str, int]:
    """The log with one header value changed (a Cats map option inside its `map:` line), and that line's number."""
    lines = text.split("\n")
    if game == "cops":
        pattern = rf"# {re.escape(key)}:"
    elif key in ("fish", "cats", "first", "bots", "map-check", "map-file"):
        pattern = rf"{re.escape(key)}:"
    else:
        pattern = "map:"
    number = line_of(text, pattern)
    line = lines[number - 1]
    if game == "cats" and pattern == "map:":
        assert f" {key}=" in line, key
        lines[number - 1] = re.sub(rf"(?<= ){re.escape(key)}=\S+", lambda _: f"{key}={value}", line)
    else:
        lines[number - 1] = line[:line.index(":") + 1] + " " + value
    return "\n".join(lines), number


def refused(folder: Path, game: str, text: str | bytes, number: int | None, says: str, *args):
    """Replays `text` as game.txt in `folder` with -o game.svg; it must exit 2, naming the file (and line), with
    `says`, in one bounded message, no traceback, nothing written."""
    target = folder / LOG
    target.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    before = sorted(os.listdir(folder))
    result = run_warm(game, "play", "--replay", LOG, "-o", "game.svg", *args, cwd=folder)
    assert result.code == 2, result.stderr
    where = f"{LOG}, line {number}: " if number is not None else f"{LOG}"
    assert where in result.stderr and says in result.stderr, result.stderr[:2000]
    assert "Traceback" not in result.stderr + result.stdout
    assert len(result.stderr) < 1024 and len(result.stderr.strip().splitlines()) == 1, result.stderr[:2000]
    assert sorted(os.listdir(folder)) == before
    return result


WHOLE = "must be a whole number"
SEED_RANGE = f"{WHOLE} 0..{2**63 - 1}"

# (game, header key or map option, bad value, what the message says)
NUMBERS = [
    ("cats", "seed", "9" * 1000, SEED_RANGE),
    ("cats", "seed", str(2**63), SEED_RANGE),
    ("cats", "seed", "-1", SEED_RANGE),
    ("cats", "seed", "9" * 5000, "a header line of 5,"),
    ("cats", "players", "7", f"{WHOLE} 2..6"),
    ("cats", "players", "\u00b2", f"{WHOLE} 2..6"),          # a digit to str.isdigit(), not to int()
    ("cats", "players", "+2", f"{WHOLE} 2..6"),
    ("cats", "long", "5", f"{WHOLE} 0..4"),
    ("cats", "forests", "31", f"{WHOLE} 0..30"),
    ("cats", "segment-rows", "3", f"{WHOLE} 4..15"),
    ("cats", "segment-cols", "61", f"{WHOLE} 18..60"),
    ("cats", "segment-cols", "2_4", f"{WHOLE} 18..60"),
    ("cats", "variant", "0", f"{WHOLE} 1..100000"),
    ("cats", "tape-width", "nan", "must be a number from 10 to 120 mm, got 'nan'"),
    ("cats", "tape-width", "inf", "must be a number from 10 to 120 mm"),
    ("cats", "tape-width", "1e400", "must be a number from 10 to 120 mm"),
    ("cats", "tape-width", "-50", "must be a number from 10 to 120 mm"),
    ("cats", "tape-width", "9.99", "must be a number from 10 to 120 mm"),
    ("cats", "coop", "maybe", "must be yes or no"),
    ("cats", "first", "0", f"first: {WHOLE} 1..2"),
    ("cats", "first", "3", f"first: {WHOLE} 1..2"),
    ("cats", "first", "9" * 1900, f"first: {WHOLE} 1..2"),
    ("cats", "fish", "3 r1c1", f"player: {WHOLE} 1..2"),
    ("cats", "fish", "1 r19c1", f"row: {WHOLE} 1..18"),
    ("cats", "cats", "1 r1c" + "9" * 1000, f"column: {WHOLE} 1..24"),
    ("cats", "cats", "1 r1c25", f"column: {WHOLE} 1..24"),
    ("cops", "players", "7", f"players: {WHOLE} 2..6"),
    ("cops", "players", "9" * 5000, "players: a value of 5,000 characters"),
    ("cops", "seed", "9" * 1000, SEED_RANGE),
    ("cops", "seed", str(2**63), SEED_RANGE),
    ("cops", "game-seed", "-1", SEED_RANGE),
    ("cops", "first", "0", f"first: {WHOLE} 1..2"),
    ("cops", "first", "3", f"first: {WHOLE} 1..2"),
    ("cops", "first", "\u0663", f"first: {WHOLE} 1..2"),    # an Arabic-Indic three: int() would read it
    ("cops", "tape-width", "nanmm", "tape-width: must be a length from 10 to 200 mm, got 'nanmm'"),
    ("cops", "tape-width", "infmm", "tape-width: must be a length from 10 to 200 mm"),
    ("cops", "tape-width", "1e400mm", "tape-width: must be a length from 10 to 200 mm"),
    ("cops", "tape-width", "201mm", "tape-width: must be a length from 10 to 200 mm"),
    ("cops", "offset", "nanmm", "offset: must be a length from 0 to 12.5 mm, got 'nanmm'"),
    ("cops", "offset", "-infmm", "offset: must be a length from 0 to 12.5 mm"),
    ("cops", "offset", "-1mm", "offset: must be a length from 0 to 12.5 mm"),
    ("cops", "offset", "12.6mm", "offset: must be a length from 0 to 12.5 mm"),
    ("cops", "layout", "round", "layout: must be end-to-end or stacked, got 'round'"),
]


@pytest.mark.parametrize("game, key, value, says", NUMBERS,
                         ids=[f"{g}-{k}-{v[:12]}" for g, k, v, _ in NUMBERS])
def test_every_header_number_is_finite_and_in_the_commands_range(logs, tmp_path, game, key, value, says):
    text, number = with_header(game, logs[game], key, value)
    result = refused(tmp_path, game, text, number, says)
    assert "9" * 61 not in result.stderr                    # a long value is quoted cut short


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_a_five_megabyte_move_is_refused_by_its_line_in_under_a_kilobyte(logs, tmp_path, game):
    lines = logs[game].split("\n")
    number = line_of(logs[game], r"start |c\d ") + 1
    lines.insert(number - 1, "x" * HUGE_MOVE)
    result = refused(tmp_path, game, "\n".join(lines), number, "a move of 5,242,880 characters (at most 100)")
    assert "x" * 60 + "…" in result.stderr and "x" * 61 not in result.stderr


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_a_log_past_the_cap_is_refused_unread(logs, tmp_path, game):
    text = logs[game] + ("# padding\n" * (MAX_INPUT_BYTES // 10 + 1))
    refused(tmp_path, game, text, None, "larger than 8 MiB")


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_bytes_that_are_not_utf8_are_refused_by_their_line(logs, tmp_path, game):
    data = logs[game].encode("utf-8").replace(b"1", b"\xff", 1)
    number = logs[game].encode("utf-8")[:data.index(b"\xff")].count(b"\n") + 1
    refused(tmp_path, game, data, None, f"line {number}: not UTF-8 text")


# Cats header lines of every kind that is wrong: (a line put after `first:`, what is said)
CATS_LINES = [
    ("colour: blue", "unknown key 'colour'"),
    ("first: 1", "a second 'first:' line"),
    ("just words", "expected 'key: value'"),
    ("z" * 3000, "a header line of 3,000 characters"),
    ("map-file: other.json", "by 'map:' or by 'map-file:', not both"),
]


@pytest.mark.parametrize("line, says", CATS_LINES, ids=[s[:30] for _, s in CATS_LINES])
def test_every_cats_header_line_is_a_known_key_given_once(logs, tmp_path, line, says):
    text = logs["cats"]
    number = line_of(text, "first:")
    lines = text.split("\n")
    lines.insert(number, line)
    refused(tmp_path, "cats", "\n".join(lines), number + 1, says)


def test_a_cats_map_option_is_known_and_given_once(logs, tmp_path):
    text, number = with_header("cats", logs["cats"], "seed", "1 seed=2")
    refused(tmp_path, "cats", text, number, "map option seed given twice")
    text, number = with_header("cats", logs["cats"], "seed", "1 colour=" + "b" * 500)
    result = refused(tmp_path, "cats", text, number, "map option 'colour=bbb")
    assert "b" * 61 not in result.stderr


@pytest.mark.parametrize("key, value, says", [("first", "", "first: no value"),
                                              ("seed", "1\n# seed: 2", "a second 'seed:' line")])
def test_a_cops_header_key_has_one_value(logs, tmp_path, key, value, says):
    text, number = with_header("cops", logs["cops"], key, value)
    refused(tmp_path, "cops", text, number + (key == "seed"), says)


@pytest.mark.parametrize("game, other", [("cats", "cops"), ("cops", "cats")])
def test_a_log_of_the_other_game_is_named_with_the_command_that_replays_it(logs, tmp_path, game, other):
    """A Cops log given to `cats play --replay` was refused for its first move ("expected 'key: value'"), a Cats
    log given to Cops for its map line ("a move of 137 characters")."""
    refused(tmp_path, game, logs[other], None,
            f"this is a {other.title()} game log; replay it with `washigen {other} play --replay FILE`")


@pytest.fixture(scope="module")
def design(tmp_path_factory):
    """design(command, suffix): the bytes `command -o FILE.suffix` writes, made once in the module (the Cats map
    of seed 1 in its text form serves two tests)."""
    folder = tmp_path_factory.mktemp("designs")

    @functools.cache
    def made(command: tuple[str, ...], suffix: str) -> bytes:
        path = folder / f"design-{len(os.listdir(folder))}.{suffix}"
        result = run_warm(*command, "-o", path, cwd=folder)
        assert result.code == 0, result.stderr
        return path.read_bytes()
    return made


@pytest.mark.parametrize("game, made, says", [
    ("cats", ("cops", "map", "--seed", "1", "--budget", "0"), "this is a Cops map, not a Cats game log"),
    ("cops", ("cats", "map", "--seed", "1"), "this is a Cats map, not a Cops game log"),
    ("cops", ("trail-route", "setup", "--seed", "1"), "this is a Trail Route setup, not a Cops game log"),
])
def test_a_design_given_as_a_log_is_named(design, tmp_path, game, made, says):
    for suffix in ("txt", "json"):
        refused(tmp_path, game, design(made, suffix), None, says)


def test_cat_tree_names_a_file_of_another_game_given_as_a_layout(logs, design, tmp_path):
    """`cat-tree score` read a Cats map's text form as a layout and refused its fourth line ("unknown token
    'game:'"); its JSON form was named already."""
    (tmp_path / "map.txt").write_bytes(design(("cats", "map", "--seed", "1"), "txt"))
    (tmp_path / "log.txt").write_text(logs["cops"], encoding="utf-8")
    for name, says in (("map.txt", "map.txt: this is a Cats map, not a Cat Tree layout"),
                       ("log.txt", "log.txt: this is a Cops game log, not a Cat Tree layout")):
        result = run_warm("cat-tree", "score", name, cwd=tmp_path)
        assert result.code == 2 and says in result.stderr and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize("stated", ["player 2 wins after 3 turns", "every player trapped: no winner after 9 turns"])
def test_a_cats_result_line_that_its_moves_do_not_reach_is_refused(logs, tmp_path, stated):
    """The `result:` line is held against the game its moves play: an edited one was replayed with exit 0, and the
    moves' own result printed as if the log had said it."""
    real = next(line for line in logs["cats"].split("\n") if line.startswith("result: ")).removeprefix("result: ")
    number = line_of(logs["cats"], "result:")
    text = logs["cats"].replace(f"result: {real}\n", f"result: {stated}\n")
    refused(tmp_path, "cats", text, number, f"the log's result is {stated!r}, but its moves end in {real!r}")
    moves = logs["cats"].rstrip("\n").split("\n")
    refused(tmp_path, "cats", "\n".join(moves[:-3]) + "\n", line_of(logs["cats"], "result:"), "but its moves end in")


# -- map-file: only a file beside the log ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def logged_on_a_map_file(tmp_path_factory) -> Path:
    """A Cats game on a map file, logged in a folder of its own with the map beside it: logs/game.txt, logs/map.json
    (made once; each test works on a copy)."""
    folder = tmp_path_factory.mktemp("map-log")
    (folder / "logs").mkdir()
    made = run_warm("cats", "map", "--seed", "3", "-o", "logs/map.json", cwd=folder)
    played = run_warm("cats", "play", "--seed", "2", "--map", "logs/map.json", "-o", "logs/game.txt", cwd=folder)
    assert made.code == 0 and played.code == 0, made.stderr + played.stderr
    return folder / "logs"


@pytest.fixture
def map_log(tmp_path, logged_on_a_map_file) -> Path:
    """A copy of that folder, in the test's own: tmp_path/logs/game.txt beside tmp_path/logs/map.json."""
    shutil.copytree(logged_on_a_map_file, tmp_path / "logs")
    return tmp_path / "logs" / LOG


def test_a_log_names_its_map_by_file_name_and_replays_beside_it(map_log):
    text = map_log.read_text(encoding="utf-8")
    assert re.search(r"^map-file: map\.json$", text, re.M)
    (map_log.parent / "link.json").symlink_to("map.json")          # a link within the folder is beside it too
    linked = map_log.parent / "linked.txt"
    linked.write_text(text.replace("map-file: map.json", "map-file: link.json"), encoding="utf-8")
    for log in (map_log, linked):
        result = run_warm("cats", "play", "--replay", log, cwd=map_log.parent.parent)
        assert result.code == 0 and "moves replayed" in result.stdout, result.stderr


@pytest.mark.parametrize("name, says", [
    ("/etc/passwd", "is not a file name"),
    ("../map.json", "is not a file name"),
    ("logs/map.json", "is not a file name"),
    ("..", "is not a file name"),
    ("outside.json", "links to a file outside the log's folder"),
    ("-", "no such file"),                              # a file named '-', never standard input
])
def test_map_file_reads_nothing_but_a_file_beside_the_log(map_log, name, says):
    folder = map_log.parent
    (folder.parent / "map.json").write_bytes((folder / "map.json").read_bytes())
    (folder / "outside.json").symlink_to(folder.parent / "map.json")
    text, number = with_header("cats", map_log.read_text(encoding="utf-8"), "map-file", name)
    result = refused(folder, "cats", text, number, says)
    assert "root:" not in result.stderr + result.stdout


def test_map_file_is_not_looked_up_in_the_current_folder(map_log):
    """The map beside the log is gone; one of the same name in the current folder is not read in its place."""
    folder = map_log.parent
    (folder.parent / "map.json").write_bytes((folder / "map.json").read_bytes())
    (folder / "map.json").unlink()
    result = run_warm("cats", "play", "--replay", "logs/game.txt", cwd=folder.parent)
    assert result.code == 2 and "logs/game.txt, line 2: map-file:" in result.stderr, result.stderr
    assert f"{folder / 'map.json'}: no such file" in result.stderr


# -- what is written reads back exactly ------------------------------------------------------------------------


def test_logged_lengths_read_back_exactly(tmp_path):
    cats = run_warm("cats", "play", "--seed", "1", "--tape-width", "33.3333333mm", "-o", "cats.txt", cwd=tmp_path)
    cops = run_warm("cops", "play", "--seed", "1", "--tape-width", "33.3333333mm", "--offset", "3.12", "-o",
                       "cops.txt", cwd=tmp_path)
    assert cats.code == 0 and cops.code == 0, cats.stderr + cops.stderr
    assert "tape-width=33.3333333 " in (tmp_path / "cats.txt").read_text(encoding="utf-8")
    assert "# tape-width: 33.3333333mm\n" in (tmp_path / "cops.txt").read_text(encoding="utf-8")
    for game in ("cats", "cops"):
        replayed = run_warm(game, "play", "--replay", f"{game}.txt", cwd=tmp_path)
        assert replayed.code == 0, replayed.stderr


def test_a_log_written_away_from_its_map_says_to_keep_the_map_beside_it(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "logs").mkdir()
    made = run_warm("cats", "map", "--seed", "2", "-o", "maps/map.json", cwd=tmp_path, timeout=120, memory_limit=None)
    assert made.code == 0, made.stderr
    played = run_warm("cats", "play", "--map", "maps/map.json", "--seed", "1", "-o", "logs/game.txt", cwd=tmp_path,
                      timeout=300, memory_limit=None)
    assert played.code == 0 and "keep a copy in" in played.stderr and "map.json" in played.stderr
    beside = run_warm("cats", "play", "--map", "maps/map.json", "--seed", "1", "-o", "maps/game.txt", cwd=tmp_path,
                      timeout=300, memory_limit=None)
    assert beside.code == 0 and "keep a copy" not in beside.stderr
