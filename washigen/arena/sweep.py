"""Sweeps (DESIGN 13): the balance of many maps (generated from a range of seeds, or design files) between the
same bots, one JSON line per map, written in map order as the results come in. Started again on the same output,
a sweep keeps the lines already there and goes on from the first map missing, so a run stopped halfway and
finished later leaves the same file as one that ran through.

It runs in this process, on the local worker pool (play/records.py) or on a Dask distributed cluster, the
existing engine for that (`dask scheduler`, `dask worker`; `pip install washigen[cluster]`). Every map's numbers
come from its own seeds, so they are the same whichever runs them."""

from __future__ import annotations

import functools
import json
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..errors import InputError
from .records import in_workers

MAX_MAPS = 100_000
Line = dict[str, Any]


@dataclass(frozen=True)
class MapTask:
    """One map of a sweep: made from `seed` by the game's maker with `params`, or read from `path`."""
    index: int
    game: str
    games: int
    play_seed: int
    bots: str
    seed: int | None = None
    params: tuple[tuple[str, Any], ...] = ()
    path: str | None = None

    @property
    def source(self) -> str:
        return self.path if self.path is not None else f"seed {self.seed}"


def seed_tasks(game: str, seeds: Sequence[int], params: dict[str, Any], games: int, play_seed: int,
               bots: str) -> list[MapTask]:
    return [MapTask(i, game, games, play_seed, bots, seed=seed, params=tuple(sorted(params.items())))
            for i, seed in enumerate(seeds)]


def file_tasks(game: str, paths: Sequence[Path], games: int, play_seed: int, bots: str) -> list[MapTask]:
    return [MapTask(i, game, games, play_seed, bots, path=str(path)) for i, path in enumerate(paths)]


Play = Callable[[MapTask], Line]           # one map's line; module level, so a pool or a Dask worker can run it


def _run_chunk(play: Play, tasks: Sequence[MapTask], start: int, stop: int) -> list[Line]:
    return [play(task) for task in tasks[start:stop]]


# -- where the maps are played ---------------------------------------------------------------------------------------

def in_order(results: Iterable[tuple[int, Line]], first: int) -> Iterator[Line]:
    """Lines as they come (in any order, each with its map index) given back in map order from `first`."""
    waiting: dict[int, Line] = {}
    upcoming = first
    for index, line in results:
        waiting[index] = line
        while upcoming in waiting:
            yield waiting.pop(upcoming)
            upcoming += 1


def local_results(play: Play, tasks: Sequence[MapTask], jobs: int) -> Iterator[tuple[int, Line]]:
    if jobs == 1 or len(tasks) == 1:
        for task in tasks:
            yield task.index, play(task)
        return
    work = functools.partial(_run_chunk, play, list(tasks))
    batches = in_workers(work, len(tasks), min(jobs, len(tasks)), 1)
    try:
        for start, lines in batches:
            for offset, line in enumerate(lines):
                yield tasks[start + offset].index, line
    finally:
        batches.close()


def cluster_results(play: Play, tasks: Sequence[MapTask], scheduler: str) -> Iterator[tuple[int, Line]]:
    """The maps played on a Dask distributed cluster: one task a map, gathered as they finish."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError("--scheduler: the Dask cluster needs the `distributed` package "
                         "(pip install 'washigen[cluster]')") from None
    try:
        client = Client(scheduler, timeout="10s", set_as_default=False)
    except OSError as error:
        raise InputError(f"--scheduler: no Dask scheduler answers at {scheduler} ({error})") from None
    try:
        futures = client.map(play, list(tasks), pure=False)
        index_of = {future.key: task.index for future, task in zip(futures, tasks)}
        for future in as_completed(futures, loop=client.loop):
            yield index_of[future.key], future.result()
    finally:
        client.close()


# -- the output, resumable ----------------------------------------------------------------------------------------------

def done_lines(path: Path, tasks: Sequence[MapTask]) -> int:
    """How many maps the output already holds, after checking that they are this sweep's (the same maps in the
    same order, the same games, seeds and bots); a last line cut short by a killed run is dropped from the file."""
    if not path.exists():
        return 0
    if not path.is_file():
        raise InputError(f"{path}: not a regular file; a sweep writes JSON lines to a file")
    data = path.read_bytes()
    complete = data[:data.rfind(b"\n") + 1]
    if len(complete) != len(data):
        with path.open("r+b") as file:             # the line a killed run was writing: written again below
            file.truncate(len(complete))
    count = 0
    for number, raw in enumerate(complete.splitlines(), start=1):
        try:
            line = json.loads(raw)
        except ValueError:
            raise InputError(f"{path}, line {number}: not a JSON line of a sweep; use another output file") from None
        if count >= len(tasks) or not _same_map(line, tasks[count]):
            raise InputError(f"{path}, line {number}: a sweep of other maps or settings; use another output file, "
                             "or remove this one to start again")
        count += 1
    return count


def _same_map(line: Any, task: MapTask) -> bool:
    if not isinstance(line, dict):
        return False
    wanted = {"map": task.index, "game": task.game, "source": task.source, "bots": task.bots, "games": task.games,
              "play_seed": task.play_seed}
    return all(line.get(key) == value for key, value in wanted.items()) and line.get("params", {}) == dict(
        task.params)


def sweep(tasks: Sequence[MapTask], output: Path, play: Play, jobs: int = 1, scheduler: str | None = None,
          progress: Callable[[int], None] | None = None) -> int:
    """Plays every map not yet in `output` with `play` (games/sweeps.py: play_task) and appends its line, in map
    order; returns how many maps were played now. `progress(n)` is told each map as its line is written."""
    if not 1 <= len(tasks) <= MAX_MAPS:
        raise InputError(f"sweep: 1..{MAX_MAPS} maps, got {len(tasks)}")
    first = done_lines(output, tasks)
    todo = list(tasks[first:])
    if not todo:
        return 0
    results = cluster_results(play, todo, scheduler) if scheduler else local_results(play, todo, jobs)
    written = 0
    file = None                 # opened at the first finished map: a run that fails before leaves no file behind
    try:
        for line in in_order(results, first):
            file = file or output.open("a", encoding="utf-8")
            file.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")
            file.flush()                           # a killed run keeps every line it finished
            written += 1
            if progress is not None:
                progress(1)
    finally:
        if file is not None:
            file.close()
    return written


def read_lines(path: Path) -> list[Line]:
    return [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]


def score_summary(lines: Sequence[Line]) -> dict:
    """The sweep at a glance: how many maps are fair, and the spread of their scores."""
    scores = [line["balance"]["score"] for line in lines]
    fair = sum(1 for line in lines if line["balance"]["fair"])
    n = len(scores)
    return {"maps": n, "fair": fair, "fair_share": round(fair / n, 4) if n else 0.0,
            "score_median": round(statistics.median(scores), 4) if n else None,
            "score_max": max(scores) if n else None}


__all__ = ["MapTask", "seed_tasks", "file_tasks", "sweep", "done_lines", "read_lines",
           "score_summary"]
