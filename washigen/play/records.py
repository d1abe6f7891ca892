"""Runs of seeded games: the seed and first seat of each game, and playing many of them in a process pool with
results that do not depend on the number of processes."""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterable, Literal

from ..errors import InputError

End = Literal["win", "trap", "stalemate"]
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_CHUNK = 4


@dataclass(frozen=True)
class GameRecord:
    """What balance needs of one finished game. `winners` are 0-based seats (both teammates in co-op); empty
    on a stalemate or where every player was trapped. `end` says how it ended: a player (team) reached the goal
    ("win"), the game was decided by trapped players ("trap"), or the turn limit was reached ("stalemate")."""
    seed: int
    winners: tuple[int, ...]
    turns: int
    end: End
    specials_used: tuple[int, ...] = ()
    first: int = 0


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: the same in every process and on every machine
    (str seeds go through SHA-512, not the salted hash())."""
    return random.Random(f"washigen/{seed}/{index}").getrandbits(31)


def first_seat(index: int, players: int) -> int:
    """Seats take turns at starting, so over any multiple of `players` games each starts equally often."""
    return index % players


def check_run(games: int, jobs: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games: must be 1..{MAX_GAMES}, got {games}")
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs: must be 1..{MAX_JOBS}, got {jobs}")


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, MAX_JOBS))


PlayOne = Callable[[int, int], GameRecord]
_worker_play_one: PlayOne | None = None


def _start_worker(play_one: PlayOne) -> None:
    global _worker_play_one
    _worker_play_one = play_one


def _play_in_worker(task: tuple[int, int]) -> GameRecord:
    assert _worker_play_one is not None
    return _worker_play_one(*task)


def run_games(play_one: PlayOne, seed: int, games: int, players: int, jobs: int = 1,
              label: str | None = None) -> list[GameRecord]:
    """Plays `games` games, game i with seed game_seed(seed, i) and first seat first_seat(i, players), in game
    order. With jobs > 1 the games run in a process pool (play_one must pickle: a module-level function or a
    functools.partial of one); each worker receives play_one once, and results come back in order, so the numbers
    are identical for every jobs."""
    check_run(games, jobs)
    tasks = [(game_seed(seed, i), first_seat(i, players)) for i in range(games)]
    if jobs == 1:
        return list(_with_progress((play_one(*task) for task in tasks), games, label))
    # Chunks of a few games: cheap to send (the map went to each worker once), and short enough that Ctrl-C, which
    # lets every worker finish the chunk in hand, ends the run at once.
    chunk = max(1, min(games // (jobs * 8), MAX_CHUNK))
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(play_one,))
    try:
        records = list(_with_progress(pool.map(_play_in_worker, tasks, chunksize=chunk), games, label))
    except BaseException:                # Ctrl-C, a failing game: drop the games not started, wait for none
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return records


def _with_progress(records: Iterable[GameRecord], games: int, label: str | None) -> Iterable[GameRecord]:
    """A progress bar on stderr when stderr is a terminal; the records pass through unchanged."""
    if label is None or not sys.stderr.isatty():
        yield from records
        return
    import click

    with click.progressbar(length=games, label=label, file=sys.stderr) as bar:
        for record in records:
            bar.update(1)
            yield record
