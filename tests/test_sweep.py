"""Sweeps (DESIGN 13): one JSON line per map, the same bytes whether the maps are played in one process, on the
local pool or on a Dask cluster (a LocalCluster on 127.0.0.1, started here with two worker processes); a sweep
killed halfway and started again ends with the same file as one that ran through; bad input is named."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from washigen.cli.main import main
from washigen.cli.sweep import parse_seeds
from washigen.arena.sweep import done_lines, seed_tasks, sweep
from washigen.games.sweeps import play_task

GAMES = 12


def _sweep(tmp_path: Path, name: str, *extra: str) -> bytes:
    out = tmp_path / name
    result = CliRunner().invoke(main, ["sweep", "cops", "--seeds", "1-6", "--set", "players=3", "--games", str(GAMES),
                                       "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def test_one_process_and_the_pool_write_the_same_lines(tmp_path):
    alone = _sweep(tmp_path, "one.jsonl", "--jobs", "1")
    pooled = _sweep(tmp_path, "pool.jsonl", "--jobs", "2")
    assert alone == pooled
    lines = [json.loads(line) for line in alone.decode().splitlines()]
    assert [line["map"] for line in lines] == list(range(6))
    assert [line["source"] for line in lines] == [f"seed {seed}" for seed in range(1, 7)]
    assert all(line["players"] == 3 and line["balance"]["games"] == GAMES for line in lines)
    assert len({json.dumps(line["balance"], sort_keys=True) for line in lines}) > 1     # six maps, not one


def test_a_dask_cluster_writes_the_same_lines_as_one_process(tmp_path):
    distributed = pytest.importorskip("distributed", reason="the cluster extra (distributed) runs the sweep")
    alone = _sweep(tmp_path, "one.jsonl", "--jobs", "1")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        on_cluster = _sweep(tmp_path, "cluster.jsonl", "--scheduler", cluster.scheduler_address)
    assert on_cluster == alone


def test_a_sweep_killed_halfway_goes_on_where_it_stopped(tmp_path):
    seeds = "1-40"                                  # long enough that the kill lands halfway on any machine
    whole = tmp_path / "whole.jsonl"
    done = CliRunner().invoke(main, ["sweep", "cops", "--seeds", seeds, "--set", "players=3", "--games", str(GAMES),
                                     "--jobs", "1", "-o", str(whole)])
    assert done.exit_code == 0, done.output
    whole = whole.read_bytes()
    out = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "washigen", "sweep", "cops", "--seeds", seeds, "--set", "players=3",
               "--games", str(GAMES), "--jobs", "2", "-o", str(out)]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while (not out.exists() or out.read_bytes().count(b"\n") < 2) and run.poll() is None:
        assert time.monotonic() < deadline, "no line within 120 s"
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGKILL)              # the whole group: parent and workers, as a crash would
    run.wait(timeout=30)
    kept = out.read_bytes()
    assert kept.count(b"\n") < 40, "the run finished before it could be killed; nothing was tested"
    with out.open("ab") as file:
        file.write(b'{"map": 39, "half a li')     # a line the killed run was writing
    again = subprocess.run(command, capture_output=True, timeout=300)
    assert again.returncode == 0, again.stderr.decode()[-2000:]
    assert out.read_bytes() == whole
    assert b"maps played now" in again.stdout


def test_an_output_of_another_sweep_is_refused_not_overwritten(tmp_path):
    out = tmp_path / "other.jsonl"
    tasks = seed_tasks("cops", [1, 2], {"players": 2}, 4, 0, "greedy")
    sweep(tasks, out, play_task)
    before = out.read_bytes()
    other = seed_tasks("cops", [1, 2], {"players": 2}, 8, 0, "greedy")       # more games a map
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
])
def test_bad_sweep_input_is_named(tmp_path, args, message):
    result = CliRunner().invoke(main, ["sweep", "cops", "--games", "2", "-o", str(tmp_path / "x.jsonl"), *args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.jsonl").exists()          # a sweep that fails before its first map writes nothing


def test_seed_ranges():
    assert parse_seeds("1-3,7,9-10") == [1, 2, 3, 7, 9, 10]


def test_the_sweep_chart_counts_every_map_fair_or_not(tmp_path):
    import xml.etree.ElementTree as ET

    from washigen.arena.chart import THEME

    out, chart = tmp_path / "s.jsonl", tmp_path / "s.svg"
    result = CliRunner().invoke(main, ["sweep", "cops", "--seeds", "1-6", "--games", "10", "--jobs", "1",
                                       "-o", str(out), "--chart", str(chart)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
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
    assert all(abs(h / unit - round(h / unit)) < 0.01 for h in stacks.values())
    counted = {key: round(sum(float(r.get("height")) for r in rects if r.get("fill") == THEME[f"chart-{key}"]) / unit)
               for key in ("win", "trap")}
    assert counted["win"] == sum(line["balance"]["fair"] for line in lines)
    assert counted["win"] + counted["trap"] == len(lines)
