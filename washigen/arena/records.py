"""Runs of seeded games: the seed and first seat of each game, and playing many of them in worker processes with
results that do not depend on the number of processes.

The workers end with the run, however it ends (DESIGN 12): a run that finishes tells them to stop; an exception
in the parent (Ctrl-C, the SIGTERM that console.py turns into an exception, a failing game) terminates them; a
worker that dies (the out-of-memory killer's SIGKILL) fails the run at once with WorkerDied; and a parent killed
outright is noticed by its workers within a second, which then stop on their own."""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import random
import signal
import traceback
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Generator, Iterable, Iterator, Literal, TypeVar

from ..errors import InputError, WashigenError
from ..words import N_, Says

End = Literal["win", "trap", "stalemate", "turn_limit"]
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_CHUNK = 4
CHUNKS_AHEAD = 2            # chunks sent to a worker before it answers: it never waits for the next one
PARENT_CHECK_SECONDS = 0.5  # how often an idle worker looks whether its parent is still there
STOP_SECONDS = 2.0          # how long a worker told to stop may take before it is killed


@dataclass(frozen=True)
class GameRecord:
    """What balance needs of one finished game. `winners` are 0-based seats (both teammates in co-op); empty
    on a stalemate, at the turn limit or where every player was trapped. `end` says how it ended: a player (team)
    reached the goal ("win"), the game was decided by trapped players ("trap"), the rules ended it with no one
    able to win ("stalemate": every Cops squad passed in a row), or the bots' turn limit cut it off before the
    rules ended it ("turn_limit").
    `lead_changes`: how often the side ahead by the engine's progress changed (arena.match.LeadCount)."""
    seed: int
    winners: tuple[int, ...]
    turns: int
    end: End
    specials_used: tuple[int, ...] = ()
    first: int = 0
    lead_changes: int = 0


class WorkerDied(WashigenError):
    """A worker process ended before the run did (killed from outside, most often for want of memory)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: the same in every process and on every machine
    (str seeds go through SHA-512, not the salted hash())."""
    return random.Random(f"washigen/{seed}/{index}").getrandbits(31)


def first_seat(index: int, players: int) -> int:
    """Seats take turns at starting, so over any multiple of `players` games each starts equally often."""
    return index % players


RUN_RANGE = N_("{option}: must be 1..{most}, got {value}")


def check_run(games: int, jobs: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise InputError(Says(RUN_RANGE, option="--games", most=MAX_GAMES, value=games))
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(Says(RUN_RANGE, option="--jobs", most=MAX_JOBS, value=jobs))


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, MAX_JOBS))


R = TypeVar("R")                                # what one game's play function records (a GameRecord, a game's own)
PlayOne = Callable[[int, int], R]               # (seed, first seat) -> the game's record
Batch = tuple[int, list[R]]                     # the index of a chunk's first game, and its games' records


def play_chunk(play_one: PlayOne[R], seed: int, players: int, start: int, stop: int) -> list[R]:
    return [play_one(game_seed(seed, i), first_seat(i, players)) for i in range(start, stop)]


def run_games(play_one: PlayOne[R], seed: int, games: int, players: int, jobs: int = 1,
              label: str | None = None) -> list[R]:
    """Plays `games` games, game i with seed game_seed(seed, i) and first seat first_seat(i, players), in game
    order. With jobs > 1 the games run in `jobs` worker processes (play_one must pickle: a module-level function or
    a functools.partial of one); each worker receives play_one once, and the records are put back in game order,
    so the numbers are identical for every jobs."""
    check_run(games, jobs)
    work = functools.partial(play_chunk, play_one, seed, players)
    if jobs == 1:
        batches = ((i, work(i, i + 1)) for i in range(games))
    else:
        # Chunks of a few games: cheap to send, and short enough that the last ones do not keep a core idle.
        chunk = max(1, min(games // (jobs * 8), MAX_CHUNK))
        batches = in_workers(work, games, min(jobs, games), chunk)
    by_start: dict[int, list[R]] = {}       # the batches come back in any order: put in game order at the end
    with contextlib.closing(batches):       # the workers stop here, not whenever a traceback lets go of them
        for start, batch in _with_progress(batches, games, label):
            by_start[start] = batch
    return [record for start in sorted(by_start) for record in by_start[start]]


def _with_progress(batches: Iterable[Batch[R]], games: int, label: str | None) -> Iterator[Batch[R]]:
    """The batches unchanged, each one's games told to whoever listens (progress.py: the command line's bar on a
    terminal, a studio job's page)."""
    from ..progress import bar_for

    bar = bar_for(label)
    if bar is None:
        yield from batches
        return
    with bar(games, label or "") as advance:
        for batch in batches:
            advance(len(batch[1]))
            yield batch


@dataclass
class Worker:
    process: multiprocessing.process.BaseProcess
    connection: Connection
    in_hand: int = 0                  # chunks sent and not yet answered


Work = Callable[[int, int], list]          # (start, stop) -> the results of items start..stop-1


def in_workers(work: Work, items: int, jobs: int, chunk: int) -> Generator[tuple[int, list], None, None]:
    """Items 0..items-1 in chunks over `jobs` worker processes, each chunk's results as it comes back (in any
    order) with the index of its first item. `work` must pickle (a module-level function or a functools.partial of
    one); each worker receives it once. However this generator ends (finished, closed, an exception in the parent
    or from a worker), no worker is left: see stop_workers."""
    chunks = deque((start, min(start + chunk, items)) for start in range(0, items, chunk))
    workers: list[Worker] = []
    finished = False
    try:
        context = multiprocessing.get_context()
        for _ in range(jobs):
            ours, theirs = context.Pipe()
            # daemon: should this process end before stop_workers has run, multiprocessing's exit still stops it
            process = context.Process(target=serve, args=(theirs, work), name="washigen-worker", daemon=True)
            process.start()
            theirs.close()
            workers.append(Worker(process, ours))
        for worker in workers:
            for _ in range(CHUNKS_AHEAD):
                _send_next(worker, chunks)
        by_handle: dict[Any, Worker] = {w.connection: w for w in workers} | {w.process.sentinel: w for w in workers}
        while any(w.in_hand for w in workers):
            for ready in wait(list(by_handle)):
                worker = by_handle[ready]
                if ready is not worker.connection or not worker.in_hand:   # its process ended
                    raise _died(worker)
                yield _answer(worker)
                _send_next(worker, chunks)
        finished = True
    finally:
        stop_workers(workers, finished)


def _send_next(worker: Worker, chunks: deque) -> None:
    if chunks:
        try:
            worker.connection.send(chunks.popleft())
        except OSError:              # it died since its last answer (a broken pipe, a reset connection)
            raise _died(worker) from None
        worker.in_hand += 1


def _answer(worker: Worker) -> Batch[Any]:
    try:
        kind, value = worker.connection.recv()
    except (EOFError, OSError):      # it died while answering
        raise _died(worker) from None
    worker.in_hand -= 1
    if kind == "failed":             # a game raised: the same exception here, with the worker's traceback
        error, remote = value
        raise error from RemoteTraceback(remote)
    return value


def _died(worker: Worker) -> WorkerDied:
    worker.process.join(1.0)          # its exit status, once the system has it
    code = worker.process.exitcode
    if code is not None and code < 0:
        try:
            how = f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"was killed by signal {-code}"
    else:
        how = "ended" if code is None else f"ended with exit status {code}"
    return WorkerDied(f"a worker process (pid {worker.process.pid}) {how}, so the run stopped (if memory ran "
                      "short, try fewer --jobs)")


def stop_workers(workers: list[Worker], finished: bool) -> None:
    """Ends every worker and waits for it: told to stop when the run has finished, terminated otherwise (their
    games are no longer wanted); killed if still there after STOP_SECONDS."""
    for worker in workers:
        try:
            if finished:
                worker.connection.send(None)
            elif worker.process.exitcode is None:
                worker.process.terminate()
        except (OSError, ValueError):     # already gone
            pass
    for worker in workers:
        worker.process.join(STOP_SECONDS)
        if worker.process.exitcode is None:
            worker.process.kill()
            worker.process.join()
        worker.connection.close()
        worker.process.close()


class RemoteTraceback(Exception):
    """A worker's traceback, shown as the cause of the exception it sent."""

    def __str__(self) -> str:
        return "\n" + self.args[0]


def serve(connection: Connection, work: Work) -> None:
    """A worker: does each chunk (start, stop) it receives and answers ("played", (start, results)) or
    ("failed", (exception, traceback)); ends on None, or as soon as its parent has gone."""
    # The parent stops the workers: a terminal's Ctrl-C, which reaches every process of the group, leaves them to
    # it; and a SIGTERM from the parent ends a worker at once, whatever handler the parent had installed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # The run's process, or a fork server that ends with it: once it has gone the worker is someone else's child.
    parent = os.getppid()
    while True:
        while not connection.poll(PARENT_CHECK_SECONDS):
            if os.getppid() != parent:   # the parent was killed outright: nobody wants these games
                return
        try:
            task = connection.recv()
        except EOFError:
            return
        if task is None:
            return
        try:
            answer: tuple[str, Any] = ("played", (task[0], work(*task)))
        except Exception as error:
            answer = ("failed", (_picklable(error), traceback.format_exc()))
        try:
            connection.send(answer)
        except OSError:                  # the parent has gone
            return


def _picklable(error: Exception) -> Exception:
    """The exception itself when it survives the trip to the parent, else a RuntimeError that names it."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
