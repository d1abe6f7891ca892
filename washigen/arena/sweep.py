"""Sweeps (DESIGN 13): the balance of many maps (generated from a range of seeds, or design files) between the
same bots, one JSON line per map, written in map order as the results come in. Started again on the same output,
a sweep keeps the lines already there and goes on from the first map missing, so a run stopped halfway and
finished later leaves the same file as one that ran through.

It runs in this process, on the local worker pool (play/records.py) or on a Dask distributed cluster, the
existing engine for that (`dask scheduler`, `dask worker`; `pip install washigen[cluster]`). Every map's numbers
come from its own seeds, so they are the same whichever runs them."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import socket
import statistics
import struct
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..errors import InputError
from ..inputs import MAX_NESTING, QUOTE, check_tree, open_for_reading, quoted
from .records import in_workers

MAX_MAPS = 100_000
Line = dict[str, Any]
# A sweep's line is under 1 KiB (six seats) plus the path of its design file: a longer one is no sweep's. The
# output is read a line at a time and holds at most one line per map, so reading it is bounded by the sweep's size
# (a whole-file cap of 8 MiB would leave a sweep of more than ~10,000 maps unable to go on).
MAX_LINE_BYTES = 64 * 1024
# json.dumps(line, sort_keys=True): every line a sweep writes begins with its balance, so the line a killed run
# was cutting short begins so too.
LINE_START = b'{"balance": {'


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


def play_named(play: Play, task: MapTask) -> Line:
    """`play(task)`, its bad input named by the map it came from (a design file of the wrong kind is found by the
    game's own balance, which knows the kinds it plays); a bad --bots, which every map is played with, is the
    option's and named alone, whether the game's balance hook words it as the command line does (`--bots:`) or as
    washigen.balance names its parameter (`bots:`: Cat Tree's hook, a plugin's)."""
    try:
        return play(task)
    except InputError as error:
        said = str(error)
        if said.startswith((task.source, "--bots:")):
            raise
        if said.startswith("bots:"):
            raise InputError(f"--{said}") from None
        raise InputError(f"{task.source}: {error}") from None


def local_results(play: Play, tasks: Sequence[MapTask], jobs: int) -> Iterator[tuple[int, Line]]:
    play = functools.partial(play_named, play)
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


# -- the cluster ----------------------------------------------------------------------------------------------------

SCHEDULER_TIMEOUT = 10.0            # seconds for a scheduler to be reached and to say it is one
# The handshake a Dask scheduler sends first is a few hundred bytes; a count past this is something else talking.
MAX_HANDSHAKE_BYTES = 1024 * 1024
# tcp://HOST:PORT as `dask scheduler` prints it, or HOST:PORT (Dask's default scheme is tcp); HOST a name, an IPv4
# address or an IPv6 one in brackets. Other schemes (tls, ucx, inproc) need settings washigen does not pass.
SCHEDULER_ADDRESS = re.compile(r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*)"
                               r":(?P<port>[0-9]{1,5})")


def scheduler_address(text: str) -> tuple[str, str, int]:
    """--scheduler as (tcp://HOST:PORT, host, port), or an InputError naming the option."""
    found = SCHEDULER_ADDRESS.fullmatch(text)
    if found is None or not 1 <= int(found["port"]) <= 65535:
        raise InputError(f"--scheduler: {quoted(text)} is not a Dask scheduler's address; give tcp://HOST:PORT "
                         "as `dask scheduler` prints it (tcp://10.0.0.5:8786)")
    host = found["host"]
    return f"tcp://{host}:{found['port']}", host.strip("[]"), int(found["port"])


def probe_scheduler(text: str, timeout: float | None = None) -> str:
    """The scheduler's address, once something listening there has answered as a Dask scheduler does: it speaks
    first, a handshake led by its 8-byte length. distributed waits for that handshake with no time limit and
    believes the length it reads, so a port held by anything else (a web server waiting for a request, a socket
    that never answers, garbage) would hang the run or have it allocate whatever the length says."""
    address, host, port = scheduler_address(text)
    timeout = SCHEDULER_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as connection:
            (length,) = struct.unpack("Q", _receive(connection, 8, deadline))     # distributed's own framing
            if not 0 < length <= MAX_HANDSHAKE_BYTES:
                raise InputError(f"--scheduler: {address} answers, but not as a Dask scheduler")
            _receive(connection, length, deadline)
    except TimeoutError:
        raise InputError(f"--scheduler: {address} did not answer as a Dask scheduler within {timeout:g} s") from None
    except socket.gaierror as error:
        raise InputError(f"--scheduler: {address}: unknown host ({error.strerror})") from None
    except OSError as error:
        raise InputError(f"--scheduler: no Dask scheduler answers at {address} ({error.strerror or error})") from None
    return address


def _receive(connection: socket.socket, size: int, deadline: float) -> bytes:
    data = b""
    while len(data) < size:
        connection.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = connection.recv(min(size - len(data), 65536))
        if not chunk:
            raise ConnectionError(0, "it closed the connection without a scheduler's handshake")
        data += chunk
    return data


def cluster_results(play: Play, tasks: Sequence[MapTask], scheduler: str) -> Iterator[tuple[int, Line]]:
    """The maps played on a Dask distributed cluster: one task a map, gathered as they finish."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError("--scheduler: the Dask cluster needs the `distributed` package "
                         "(pip install 'washigen[cluster]')") from None
    address = probe_scheduler(scheduler)
    try:
        client = Client(address, timeout=f"{SCHEDULER_TIMEOUT:g}s", set_as_default=False)
    except OSError as error:
        raise InputError(f"--scheduler: no Dask scheduler answers at {address} ({error})") from None
    try:
        futures = client.map(functools.partial(play_named, play), list(tasks), pure=False)
        index_of = {future.key: task.index for future, task in zip(futures, tasks)}
        for future in as_completed(futures, loop=client.loop):
            yield index_of[future.key], future.result()
    finally:
        client.close()


# -- the output, resumable ----------------------------------------------------------------------------------------------

def done_lines(path: Path, tasks: Sequence[MapTask]) -> int:
    """How many maps the output already holds, after checking that every line is one this sweep wrote (the same
    maps in the same order, the same games, seeds and bots, and a balance the summary can read). A last line cut
    short by a killed run is dropped from the file, but only once the whole file has passed: a file that is not
    this sweep's is refused as it is, byte for byte."""
    if not path.exists():
        return 0
    if not path.is_file():
        raise InputError(f"{path}: not a regular file; a sweep writes JSON lines to a file")
    count, whole = 0, 0          # the maps there, and the bytes up to the end of the last whole line
    for number, raw in _raw_lines(path):
        if not raw.endswith(b"\n"):
            _check_cut_line(raw, path, number, count < len(tasks))
            break
        line = checked_line(raw, path, number)
        if count >= len(tasks) or not _same_map(line, tasks[count]):
            raise InputError(f"{path}, line {number}: a sweep of other maps or settings; use another output file, "
                             "or remove this one to start again")
        count += 1
        whole += len(raw)
    if path.stat().st_size > whole:
        os.truncate(path, whole)             # the line a killed run was writing: written again below
    return count


def _raw_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The file's lines as bytes (the last without its line end if it has none), each at most MAX_LINE_BYTES."""
    try:
        with open_for_reading(path) as stream:
            number = 0
            while raw := stream.readline(MAX_LINE_BYTES + 1):
                number += 1
                if len(raw) > MAX_LINE_BYTES:
                    raise InputError(f"{path}, line {number}: longer than {MAX_LINE_BYTES // 1024} KiB; not a line "
                                     "of a sweep; use another output file")
                yield number, raw
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror or error})") from None


def _check_cut_line(raw: bytes, path: Path, number: int, maps_left: bool) -> None:
    """A last line without its line end is the start of the line a killed run was writing, or the file is not a
    sweep's (a note, a compact JSON file)."""
    if not maps_left or not (raw.startswith(LINE_START) or LINE_START.startswith(raw)):
        raise InputError(f"{path}, line {number}: not a line of a sweep (and no line end); use another output "
                         "file, or remove this one to start again")


def checked_line(raw: bytes, path: Path, number: int) -> Line:
    """One line of a sweep's output, held to the bounds of any input (nesting, finite numbers, printable text)
    and holding what the summary and the chart read: the balance's score and verdict."""
    where = f"{path}, line {number}"
    try:
        line = json.loads(raw, parse_constant=_not_a_number)
    except RecursionError:
        raise InputError(f"{where}: nested deeper than {MAX_NESTING} levels; not a line of a sweep") from None
    except NotANumber as error:
        raise InputError(f"{where}: {error} is not a number a sweep writes; use another output file, or remove "
                         "this one to start again") from None
    except ValueError:           # not JSON, not UTF-8, a number of thousands of digits
        raise InputError(f"{where}: not a JSON line of a sweep; use another output file") from None
    check_tree(line, where, what="sweep line")
    problem = _balance_problem(line) or _digest_problem(line, raw)
    if problem:
        raise InputError(f"{where}: not a line a sweep wrote ({problem}); use another output file, or remove this "
                         "one to start again")
    return line


# Each line carries the SHA-256 of the rest of it, so a line edited by hand (a value changed, a key renamed) is
# found when the sweep goes on, where a line of the right shape would otherwise be kept as this sweep's result.
DIGEST = "digest"


def _digest(line: Line) -> str:
    rest = {key: value for key, value in line.items() if key != DIGEST}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def written_line(line: Line) -> str:
    """The line as a sweep writes it: sorted keys (so it begins with LINE_START) and its digest."""
    return json.dumps({**line, DIGEST: _digest(line)}, sort_keys=True, ensure_ascii=False) + "\n"


def _digest_problem(line: Line, raw: bytes) -> str:
    """Why the line is not byte for byte one a sweep wrote: no digest, another digest, or the same content
    written otherwise (spaces, key order, escapes)."""
    if not isinstance(line.get(DIGEST), str):
        return f"no {DIGEST}; edited by hand, or written by washigen 0.2.0 or older"
    if line[DIGEST] != _digest(line):
        return f"its {DIGEST} does not match its content; edited by hand"
    if raw.rstrip(b"\n") != written_line(line).encode().rstrip(b"\n"):
        return "spacing, key order or escapes unlike a sweep's; edited by hand"
    return ""


class NotANumber(ValueError):
    """NaN or Infinity in a line: Python's JSON reads them, a sweep never writes them."""


def _not_a_number(name: str):
    raise NotANumber(name)


def _balance_problem(line: Any) -> str:
    balance = line.get("balance") if isinstance(line, dict) else None
    if not isinstance(balance, dict):
        return "no balance"
    score, fair = balance.get("score"), balance.get("fair")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
        return f"balance.score is {_shown(score)}, not a number from 0 to 1"
    if not isinstance(fair, bool):
        return f"balance.fair is {_shown(fair)}, not true or false"
    return ""


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= QUOTE else text[:QUOTE] + "…"


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
    if scheduler is not None:
        scheduler_address(scheduler)             # a bad address is refused before the output is touched
    first = done_lines(output, tasks)
    todo = list(tasks[first:])
    if not todo:
        return 0
    results = cluster_results(play, todo, scheduler) if scheduler is not None else local_results(play, todo, jobs)
    written = 0
    file = None                 # opened at the first finished map: a run that fails before leaves no file behind
    try:
        for line in in_order(results, first):
            file = file or output.open("a", encoding="utf-8")
            file.write(written_line(line))
            file.flush()                           # a killed run keeps every line it finished
            written += 1
            if progress is not None:
                progress(1)
    finally:
        if file is not None:
            file.close()
    return written


def read_lines(path: Path) -> list[Line]:
    """The output's lines, each checked as done_lines checks them (read a line at a time, each line bounded)."""
    return [checked_line(raw, path, number) for number, raw in _raw_lines(path)]


def score_summary(lines: Sequence[Line]) -> dict:
    """The sweep at a glance: how many maps are fair, and the spread of their scores."""
    scores = [line["balance"]["score"] for line in lines]
    fair = sum(1 for line in lines if line["balance"]["fair"])
    n = len(scores)
    return {"maps": n, "fair": fair, "fair_share": round(fair / n, 4) if n else 0.0,
            "score_median": round(statistics.median(scores), 4) if n else None,
            "score_max": max(scores) if n else None}


__all__ = ["MapTask", "seed_tasks", "file_tasks", "sweep", "done_lines", "read_lines", "checked_line",
           "scheduler_address", "probe_scheduler", "score_summary"]
