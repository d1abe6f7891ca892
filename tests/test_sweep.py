"""Sweeps (DESIGN 13): one JSON line per map, the same bytes whether the maps are played in one process, on the
local pool or on a Dask cluster (a LocalCluster on 127.0.0.1, started here with two worker processes); a sweep
killed halfway and started again ends with the same file as one that ran through; bad input is named."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from washigen.cli.main import main
from washigen.cli.sweep import parse_seeds
from washigen.arena import sweep as sweep_module
from washigen.arena.sweep import done_lines, seed_tasks, sweep
from washigen.games.sweeps import play_task

GAMES = 12
# Each map the seed's first playable layout (budget=0: no fairness search). The pool's workers are forked from this
# process, whose search results they inherit (arena.fair.kept): after a one-process run of searched maps they never
# searched (the search replaced by one that fails, the pool still wrote its lines), so the search's 12 s compared
# nothing between the two; without it every worker makes its own maps.
MAPS = ("--seeds", "1-6", "--set", "players=3", "--set", "budget=0", "--games", str(GAMES))


def _sweep(tmp_path: Path, name: str, *extra: str) -> bytes:
    out = tmp_path / name
    result = CliRunner().invoke(main, ["sweep", "cops", *MAPS, "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


@pytest.fixture(scope="module")
def one_process(tmp_path_factory) -> tuple[bytes, Path]:
    """The lines of the sweep of MAPS in one process, and its chart: what the pool, the cluster and the chart
    tests read (one run for the three)."""
    folder = tmp_path_factory.mktemp("one-process")
    lines = _sweep(folder, "one.jsonl", "--jobs", "1", "--chart", str(folder / "one.svg"))
    return lines, folder / "one.svg"


def test_one_process_and_the_pool_write_the_same_lines(tmp_path, one_process):
    alone, _ = one_process
    pooled = _sweep(tmp_path, "pool.jsonl", "--jobs", "2")
    assert alone == pooled
    lines = [json.loads(line) for line in alone.decode().splitlines()]
    assert [line["map"] for line in lines] == list(range(6))
    assert [line["source"] for line in lines] == [f"seed {seed}" for seed in range(1, 7)]
    assert all(line["players"] == 3 and line["balance"]["games"] == GAMES for line in lines)
    assert len({json.dumps(line["balance"], sort_keys=True) for line in lines}) > 1     # six maps, not one


def test_a_dask_cluster_writes_the_same_lines_as_one_process(tmp_path, one_process):
    distributed = pytest.importorskip("distributed", reason="the cluster extra (distributed) runs the sweep")
    alone, _ = one_process
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        on_cluster = _sweep(tmp_path, "cluster.jsonl", "--scheduler", cluster.scheduler_address)
    assert on_cluster == alone


def test_a_sweep_killed_halfway_goes_on_where_it_stopped(tmp_path):
    # Maps made without the fairness search (budget=0: the first candidate, judged) keep this to seconds; the kill
    # comes at the second line, while 22 maps are left.
    seeds, made = "1-24", ["--set", "players=3", "--set", "budget=0"]
    whole = tmp_path / "whole.jsonl"
    done = CliRunner().invoke(main, ["sweep", "cops", "--seeds", seeds, *made, "--games", str(GAMES), "--jobs", "1",
                                     "-o", str(whole)])
    assert done.exit_code == 0, done.output
    whole = whole.read_bytes()
    out = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "washigen", "sweep", "cops", "--seeds", seeds, *made, "--games", str(GAMES),
               "--jobs", "2", "-o", str(out)]
    again = killed_and_resumed(command, out, whole, maps=24)
    assert b"maps played now" in again.stdout


def killed_and_resumed(command: list[str], out: Path, whole: bytes, maps: int, **run: Any
                       ) -> subprocess.CompletedProcess:
    """Runs the sweep `command` (writing `out`), kills it and its workers once it has written two lines, cuts the
    line it was writing in half, runs it again to the end and checks it ends with `whole`, the file of one
    uninterrupted run of `maps` maps; the second run's result. `run`: cwd, env for both runs."""
    started = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                               **run)
    deadline = time.monotonic() + 120
    while (not out.exists() or out.read_bytes().count(b"\n") < 2) and started.poll() is None:
        assert time.monotonic() < deadline, "no line within 120 s"
        time.sleep(0.02)
    os.killpg(started.pid, signal.SIGKILL)          # the whole group: parent and workers, as a crash would
    started.wait(timeout=30)
    kept = out.read_bytes()
    assert kept.count(b"\n") < maps, "the run finished before it could be killed; nothing was tested"
    missing = whole.splitlines(keepends=True)[kept.count(b"\n")]
    with out.open("ab") as file:
        file.write(missing[:len(missing) // 2])     # the line the killed run was writing, cut short
    again = subprocess.run(command, capture_output=True, timeout=300, **run)
    assert again.returncode == 0, again.stderr.decode()[-2000:]
    assert out.read_bytes() == whole
    return again


def test_an_output_of_another_sweep_is_refused_not_overwritten(tmp_path, two_lines):
    out = tmp_path / "other.jsonl"
    out.write_bytes(b"".join(two_lines))
    tasks = seed_tasks("cops", [1, 2], {}, 2, 0, "greedy")                   # the sweep that wrote two_lines
    before = out.read_bytes()
    other = seed_tasks("cops", [1, 2], {}, 4, 0, "greedy")                   # more games a map
    with pytest.raises(Exception) as refused:
        done_lines(out, other)
    assert "line 1" in str(refused.value) and "other maps or settings" in str(refused.value)
    assert out.read_bytes() == before
    assert sweep(tasks, out, play_task) == 0 and out.read_bytes() == before      # already done: nothing to play


@pytest.mark.parametrize("args, message", [
    (["--seeds", "5-1"], "--seeds: '5-1' must run upwards"),
    (["--seeds", "x"], "--seeds: 'x' is not a seed"),
    (["--set", "players"], "--set: 'players' is not KEY=VALUE"),
    (["--set", "players=9"], "players"),
    (["--scheduler", "tcp://127.0.0.1:9"], "--scheduler"),
    (["--set", "seed=5"], "--set: 'seed=5': the maps' seeds are given by --seeds"),
    (["--set", "players=abc"], "players: must be a whole number"),
    (["--set", "players=9"], "--set players: must be 2..6, got 9"),           # the option named, not "seed 1"
    (["--set", "players=abc"], "--set players: must be a whole number"),
    (["--set", "colour=cmyk"], "--set colour: not part of the design"),
    (["--set", "players=2", "--set", "players=4"], "--set: players is set twice ('players=2', 'players=4')"),
    (["--set", "tape-width=50mm", "--set", "tape_width=40"], "--set: tape_width is set twice"),
    # The option every map is played with, named alone (it read "seed 1: --bots: ...", as if the map were at fault).
    (["--bots", "foo", "--set", "budget=0"], "error: --bots: unknown bot 'foo'; known bots: greedy, random, strong\n"),
    (["--bots", "strong:0", "--set", "budget=0"],
     "error: --bots: 'strong:0': strength must be a whole number 1..10000\n"),
])
def test_bad_sweep_input_is_named(tmp_path, args, message):
    result = CliRunner().invoke(main, ["sweep", "cops", "--games", "2", "-o", str(tmp_path / "x.jsonl"), *args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.jsonl").exists()          # a sweep that fails before its first map writes nothing


def test_seed_ranges():
    assert parse_seeds("1-3,7,9-10") == [1, 2, 3, 7, 9, 10]


def test_the_sweep_chart_counts_every_map_fair_or_not(one_process):
    import xml.etree.ElementTree as ET

    from washigen.arena.chart import LABEL, THEME

    out, chart = one_process
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert {line["balance"]["fair"] for line in lines} == {True, False}         # maps of both kinds to count
    elements = list(ET.parse(chart).getroot().iter())
    rects = [e for e in elements if e.tag.endswith("rect") and float(e.get("height")) > 2.5]
    # The count axis: its labels "0" (at the base line) and the tallest stack's count (at its top), right-aligned.
    ticks = sorted((float(e.get("y")), int(e.text)) for e in elements
                   if e.tag.endswith("text") and e.get("text-anchor") == "end" and (e.text or "").isdigit())
    (top_y, tallest), (base_y, zero) = ticks[0], ticks[-1]
    assert zero == 0 and tallest >= 1
    stacks: dict[str, float] = {}
    for rect in rects:
        stacks[rect.get("x")] = stacks.get(rect.get("x"), 0.0) + float(rect.get("height"))
    unit = max(stacks.values()) / tallest                  # mm per map: the tallest stack holds `tallest` maps
    # The axis's labels stand at its ends: "0" on the base line, the tallest count hung from the top one.
    assert abs((base_y - top_y) - (tallest * unit - 0.7 * LABEL)) < 0.05
    assert all(abs(h / unit - round(h / unit)) < 0.01 for h in stacks.values())
    counted = {key: round(sum(float(r.get("height")) for r in rects if r.get("fill") == THEME[f"chart-{key}"]) / unit)
               for key in ("win", "trap")}
    assert counted["win"] == sum(line["balance"]["fair"] for line in lines)
    assert counted["win"] + counted["trap"] == len(lines)


# -- bad input found before the first map, and nothing on disk damaged ----------------------------------------------

def _quick(out: Path, *args: str, game: str = "cops"):
    return CliRunner().invoke(main, ["sweep", game, "--games", "2", "--jobs", "1", "-o", str(out), *args])


@pytest.mark.parametrize("content", [
    b"line 1\nline 2 no newline",                                  # notes whose last line has no line end
    b'{"format":"washigen/1","game":"cops"}',                       # a compact design file: one line, no line end
    b'{"balance": {"score": 0}}\n',                                 # JSON, but no sweep's line
    b"x" * 70_000 + b"\n",                                          # a line longer than any sweep writes
])
def test_an_output_that_is_not_a_sweeps_is_refused_and_left_byte_for_byte(tmp_path, content):
    out = tmp_path / "notes.txt"
    out.write_bytes(content)
    result = _quick(out, "--seeds", "1-2")
    assert result.exit_code == 2, result.output
    assert f"{out}, line " in result.output and "Traceback" not in result.output
    assert out.read_bytes() == content


@pytest.fixture(scope="module")
def two_lines(tmp_path_factory) -> list[bytes]:
    """The lines of `sweep cops --seeds 1-2 --games 2` (maps made by the fairness search)."""
    out = tmp_path_factory.mktemp("sweep") / "two.jsonl"
    assert sweep(seed_tasks("cops", [1, 2], {}, 2, 0, "greedy"), out, play_task) == 2
    return out.read_bytes().splitlines(keepends=True)


def test_a_line_cut_short_by_a_killed_run_is_written_again(tmp_path, two_lines):
    out = tmp_path / "cut.jsonl"
    out.write_bytes(two_lines[0] + two_lines[1][:20])
    assert _quick(out, "--seeds", "1-2").exit_code == 0
    assert out.read_bytes() == b"".join(two_lines)


def _edited(line: bytes, **balance) -> bytes:
    document = json.loads(line)
    document["balance"] = dict(document["balance"], **balance) if balance else "x"
    return json.dumps(document).encode() + b"\n"


def _without_balance(line: bytes) -> bytes:
    document = json.loads(line)
    del document["balance"]
    return json.dumps(document).encode() + b"\n"


@pytest.mark.parametrize("edit, message", [
    (_without_balance, "no balance"),
    (lambda line: _edited(line), "no balance"),
    (lambda line: _edited(line, score="high"), "balance.score"),
    (lambda line: _edited(line, score=float("nan")), "NaN"),
    (lambda line: _edited(line, score=1e308), "balance.score"),
    (lambda line: _edited(line, fair=1), "balance.fair"),
    (lambda line: b"[" * 3000 + b"]" * 3000 + b"\n", "nested deeper"),
    (lambda line: _edited(line, extra=json.loads("[" * 40 + "]" * 40)), "nested deeper"),
])
def test_a_hand_edited_output_is_refused_before_any_map_is_played(tmp_path, two_lines, edit, message):
    out, chart = tmp_path / "edited.jsonl", tmp_path / "edited.svg"
    out.write_bytes(edit(two_lines[0]))
    before = out.read_bytes()
    result = _quick(out, "--seeds", "1-2", "--chart", str(chart))
    assert result.exit_code == 2, result.output
    assert f"{out}, line 1" in result.output and message in result.output, result.output
    assert "Traceback" not in result.output
    assert out.read_bytes() == before and not chart.exists()


def _rewritten(line: bytes, old: bytes, new: bytes) -> bytes:
    assert old in line, line
    return line.replace(old, new, 1)


@pytest.mark.parametrize("edit, message", [
    (lambda line: _rewritten(line, b'"win_rate": ', b'"win_rate": 0.25, "was": '), "digest does not match"),
    (lambda line: _rewritten(line, b'"wins": ', b'"won": '), "digest does not match"),              # a key renamed
    (lambda line: _rewritten(line, b'"games": ', b'"games":'), "spacing, key order or escapes"),
    (lambda line: _rewritten(line, b'"digest": "', b'"digest": "0'), "digest does not match"),
    (lambda line: json.dumps({k: v for k, v in json.loads(line).items() if k != "digest"}, sort_keys=True)
     .encode() + b"\n", "no digest"),
])
def test_a_line_edited_within_its_shape_is_refused_on_resume(tmp_path, two_lines, edit, message):
    """A value changed or a key renamed leaves a line a sweep could have written: its digest finds the edit,
    where the shape alone let the sweep go on and keep the edited numbers as its own."""
    out = tmp_path / "edited.jsonl"
    out.write_bytes(edit(two_lines[0]))
    before = out.read_bytes()
    result = _quick(out, "--seeds", "1-2")
    assert result.exit_code == 2, result.output
    assert f"{out}, line 1: not a line a sweep wrote" in result.output and message in result.output, result.output
    assert "Traceback" not in result.output and out.read_bytes() == before


@pytest.fixture
def cops_maps(tmp_path) -> Path:
    folder = tmp_path / "maps"
    folder.mkdir()
    # A design file to read, never played: the seed's first layout (--budget 0: no fairness search, 0.9 s)
    made = CliRunner().invoke(main, ["cops", "map", "--seed", "3", "--budget", "0", "-o", str(folder / "a.json")])
    assert made.exit_code == 0, made.output
    return folder


@pytest.mark.parametrize("game, args, message", [
    ("cops", ["--chart", "chart.exe"], "--chart: chart.exe"),
    ("cops", ["-o", "missing/out.jsonl"], "the folder missing does not exist"),
    ("cops", ["-o", "-"], "-o -"),
    ("cops", ["--designs", "{maps}"], "b.json"),                  # a bad design file after a good one
    ("cats", ["--designs", "{maps}"], "a.json: a cops map, not a cats design"),
    ("cat-tree", [], "has no map made from a seed"),
    ("trail-route", ["--seeds", "1"], "has no map made from a seed"),
])
def test_what_can_be_found_before_the_first_map_is_found_there(tmp_path, cops_maps, monkeypatch, game, args,
                                                               message):
    (cops_maps / "b.json").write_text('{"format": "washigen/1", "game": "cops", "kind": "map", "players": "x"}')
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["sweep", game, "--games", "2", "--jobs", "1", "--seeds", "1-2", "-o", str(out),
                                       *[arg.format(maps=cops_maps) for arg in args]])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert not out.exists() and not (tmp_path / "-").exists()      # no map was played


@pytest.mark.parametrize("address", ["", "foo://bar", "not an address", "tcp://[::1", "inproc://x",
                                     "tls://127.0.0.1:1", "ucx://127.0.0.1:1", "tcp://127.0.0.1:70000"])
def test_a_scheduler_address_washigen_does_not_connect_to_is_refused_at_once(tmp_path, address):
    out = tmp_path / "x.jsonl"
    result = _quick(out, "--seeds", "1-2", "--scheduler", address)
    assert result.exit_code == 2, result.output
    assert "--scheduler: " in result.output and "tcp://HOST:PORT" in result.output
    assert "Traceback" not in result.output and not out.exists()


@pytest.fixture(params=["mute", "garbage"])
def not_a_scheduler(request):
    """A port held by something that is not a Dask scheduler: a listener that never answers, or one that answers
    with an HTTP error (whose first 8 bytes, read as a frame length, ask for exabytes)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    held, stop = [], threading.Event()

    def serve():
        while not stop.is_set():
            try:
                connection = server.accept()[0]
            except OSError:
                continue
            held.append(connection)
            if request.param == "garbage":
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(5)
    for connection in held:
        connection.close()
    server.close()


def test_a_port_held_by_something_else_fails_in_bounded_time(tmp_path, monkeypatch, request, not_a_scheduler):
    pytest.importorskip("distributed", reason="the cluster extra (distributed) is what connects to --scheduler")
    # 10 s in use. The mute listener is waited for all of it; the garbage one answers at once (1 s leaves a loaded
    # machine time to answer, so that its refusal is the one for garbage, not for silence).
    mute = request.node.callspec.params["not_a_scheduler"] == "mute"
    monkeypatch.setattr(sweep_module, "SCHEDULER_TIMEOUT", 0.25 if mute else 1.0, raising=False)
    out, finished = tmp_path / "x.jsonl", []
    runner = threading.Thread(target=lambda: finished.append(
        _quick(out, "--seeds", "1-2", "--scheduler", not_a_scheduler)), daemon=True)
    started = time.monotonic()
    runner.start()
    runner.join(30)
    assert finished, "the sweep still waits for an answer after 30 s"
    result = finished[0]
    assert result.exit_code == 2, result.output
    assert f"--scheduler: {not_a_scheduler}" in result.output and "Traceback" not in result.output
    assert time.monotonic() - started < 10


def test_sweep_seeds_take_the_range_of_every_other_seed(tmp_path):
    """--seed and --seeds stopped at 2**31 - 1, where every other --seed takes 0..2**63 - 1."""
    top = 2**63 - 1
    assert parse_seeds(f"{top - 1}-{top}") == [top - 1, top]
    out = tmp_path / "top.jsonl"
    result = _quick(out, "--seeds", str(top), "--set", "budget=0", "--seed", str(top))
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["play_seed"] == top
    refused = _quick(tmp_path / "over.jsonl", "--seeds", "1", "--seed", str(top + 1))
    assert refused.exit_code == 2 and "'--seed'" in refused.output and str(top) in refused.output


def test_the_sweep_charts_score_axis_ends_read_alike_in_the_charts_language():
    """The score axis read "0,00" at one end and "0,100" at the other (two decimals, then three)."""
    from washigen.arena.chart import sweep_chart
    from washigen.scene import Text

    lines = [{"balance": {"fair": fair, "score": score}} for fair, score in ((True, 0.02), (False, 0.08))]
    def texts(node) -> list[str]:
        if isinstance(node, Text):
            return [node.text]
        return [text for child in getattr(node, "children", ()) for text in texts(child)]

    words = {lang: texts(sweep_chart(lines, "t", lang)) for lang in ("en", "de")}
    assert "0.000" in words["en"] and "0.100" in words["en"], words["en"]
    assert "0,000" in words["de"] and "0,100" in words["de"], words["de"]


def test_an_output_that_is_no_regular_file_is_refused_before_any_map_is_made(tmp_path, monkeypatch):
    """-o /dev/null (or a FIFO) was refused only once the first map was made (a second on a 4-player Cops map)."""
    from washigen.games import generating

    def made(*args, **kwargs):
        raise AssertionError("a map was made")

    monkeypatch.setattr(generating, "generate", made)
    fifo = tmp_path / "lines.jsonl"
    os.mkfifo(fifo)
    for target in ("/dev/null", str(fifo)):
        result = CliRunner().invoke(main, ["sweep", "cops", "--seeds", "1-2", "--games", "4", "-o", target])
        assert result.exit_code == 2, result.output
        assert f"-o {target}: not a regular file" in result.output and "Traceback" not in result.output
