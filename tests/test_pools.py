"""Work in several processes ends as one (DESIGN 12): a SIGTERM or SIGINT to the parent stops every worker, a
worker that dies fails the run at once with one line, and no process outlives the command. The commands run for
real in their own process group, and what is left of the group is read from /proc."""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import subprocess
import time

import pytest

from washigen.errors import InputError
from washigen.arena import GameRecord, run_games
from washigen.arena.records import WorkerDied, first_seat, game_seed

from .limits import WASHIGEN

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads processes from /proc")

# Each near a minute of one core (the most a run may ask): stopped long before their end.
BIG_RUNS = {
    "cats-balance": ["cats", "balance", "--games", "6000", "--jobs", "2", "--seed", "1"],
    "cops-balance": ["cops", "balance", "--games", "50000", "--jobs", "2", "--seed", "1"],
    "cops-play": ["cops", "play", "--games", "50000", "--jobs", "2", "--seed", "1"],
}
WORKER_DIED = "error: a worker process (pid {pid}) was killed by SIGKILL, so the run stopped (if memory ran short, " \
              "try fewer --jobs)\n"
EXIT_WORKER_DIED = 2        # an environment's failure, told as the CLI tells a full disk


def processes() -> list[tuple[int, int, int]]:
    """(pid, parent pid, process group) of every living process; zombies are already gone for this purpose."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except OSError:                       # ended while we looked
            continue
        state, ppid, pgid = text[text.rindex(")") + 2:].split()[:3]
        if state not in "ZX":
            found.append((int(name), int(ppid), int(pgid)))
    return found


def children(pid: int) -> list[int]:
    return sorted(p for p, ppid, _ in processes() if ppid == pid)


def group(pgid: int) -> list[int]:
    return sorted(p for p, _, g in processes() if g == pgid)


def start(args: list[str]) -> subprocess.Popen:
    """washigen ARGS as the leader of a new process group, with Ctrl-C's default action whatever the suite's."""
    return subprocess.Popen([*WASHIGEN, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for_workers(run: subprocess.Popen, count: int = 2) -> list[int]:
    deadline = time.monotonic() + 20
    while len(workers := children(run.pid)) < count:
        assert run.poll() is None, run.stderr.read()
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    time.sleep(0.3)                           # playing, not starting up
    return workers


def finish(run: subprocess.Popen, within: float) -> tuple[int, str, float]:
    """Exit status, stderr, and seconds until the whole group has gone (it must within `within` seconds)."""
    started = time.monotonic()
    try:
        stderr = run.communicate(timeout=within)[1]
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    while group(run.pid):
        assert time.monotonic() - started < within, f"left running: {group(run.pid)}"
        time.sleep(0.02)
    return run.returncode, stderr, time.monotonic() - started


@pytest.fixture
def reaped():
    """Whatever a test leaves of its group is killed, so a failure cannot leave busy workers behind."""
    runs = []
    yield runs.append
    for run in runs:
        try:
            os.killpg(run.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


TERM = (signal.SIGTERM, 143, "terminated\n")
INT = (signal.SIGINT, 130, "interrupted\n")      # sent to the parent alone, as `kill -INT`: not to the whole group


@pytest.mark.parametrize("name, signum, code, line", [
    ("cats-balance", *TERM), ("cats-balance", *INT), ("cops-balance", *TERM), ("cops-balance", *INT),
    ("cops-play", *TERM),
], ids=["cats-balance-SIGTERM", "cats-balance-SIGINT", "cops-balance-SIGTERM", "cops-balance-SIGINT",
        "cops-play-SIGTERM"])
def test_a_signal_to_the_parent_stops_every_worker(reaped, name, signum, code, line):
    run = start(BIG_RUNS[name])
    reaped(run)
    workers = wait_for_workers(run)
    os.kill(run.pid, signum)
    returncode, stderr, seconds = finish(run, within=10)
    assert (returncode, stderr) == (code, line)
    assert not set(workers) & {p for p, _, _ in processes()}
    assert seconds < 5


@pytest.mark.parametrize("name", ["cats-balance", "cops-balance"])
def test_a_killed_worker_fails_the_run_with_one_line(reaped, name):
    run = start(BIG_RUNS[name])
    reaped(run)
    killed, other = wait_for_workers(run)
    os.kill(killed, signal.SIGKILL)                # as the out-of-memory killer does
    returncode, stderr, seconds = finish(run, within=10)
    assert returncode == EXIT_WORKER_DIED
    assert stderr == WORKER_DIED.format(pid=killed)          # one line: no traceback, no second message
    assert other not in {p for p, _, _ in processes()}
    assert seconds < 5


def test_a_parent_killed_outright_leaves_no_worker(reaped):
    run = start(BIG_RUNS["cats-balance"])
    reaped(run)
    wait_for_workers(run)
    os.kill(run.pid, signal.SIGKILL)               # no handler runs: the workers must notice by themselves
    returncode, stderr, seconds = finish(run, within=10)
    assert returncode == -signal.SIGKILL and stderr == ""
    assert seconds < 3


# In-process: run_games itself, with games cheap enough to play thousands.

def numbered_game(seed: int, first: int) -> GameRecord:
    return GameRecord(seed=seed, winners=(first,), turns=seed % 97, end="win")


class TwoPart(Exception):
    """An exception that pickles but cannot be unpickled (its __init__ wants two arguments, args holds one). Its
    own __reduce__ says so, whatever else is loaded: `distributed` (imported by the cluster tests in the same
    process) installs tblib's pickling of every exception, with which this one travelled whole."""

    def __init__(self, first: str, second: str):
        super().__init__(f"{first} {second}")

    def __reduce__(self):
        return TwoPart, self.args


def failing_game(bad_seed: int, message: str, seed: int, first: int) -> GameRecord:
    if seed == bad_seed:
        raise TwoPart(*message.split(" ", 1)) if message.startswith("two-part") else InputError(message)
    return numbered_game(seed, first)


def suicidal_game(bad_seed: int, seed: int, first: int) -> GameRecord:
    if seed == bad_seed:
        os.kill(os.getpid(), signal.SIGKILL)
    return numbered_game(seed, first)


@pytest.mark.parametrize("games, jobs", [(1, 2), (5, 8), (103, 3), (2000, 2)])
def test_every_game_comes_back_in_order_whatever_the_jobs(games, jobs):
    records = run_games(numbered_game, seed=11, games=games, players=3, jobs=jobs)
    assert [(r.seed, r.winners) for r in records] == [(game_seed(11, i), (first_seat(i, 3),)) for i in range(games)]
    assert multiprocessing.active_children() == []           # a finished run has waited for its workers


def test_a_game_that_raises_raises_the_same_in_the_parent_with_the_workers_traceback():
    bad = game_seed(4, 37)
    with pytest.raises(InputError, match="--tape-width: too narrow") as raised:
        run_games(functools.partial(failing_game, bad, "--tape-width: too narrow"), seed=4, games=200, players=2,
                  jobs=2)
    assert "failing_game" in str(raised.value.__cause__)      # where in the worker it was raised
    assert multiprocessing.active_children() == []


def test_an_exception_that_cannot_travel_is_named_instead():
    with pytest.raises(RuntimeError, match="TwoPart: two-part message"):
        run_games(functools.partial(failing_game, game_seed(4, 3), "two-part message"), seed=4, games=20,
                  players=2, jobs=2)
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_raises_worker_died_at_once():
    started = time.monotonic()
    with pytest.raises(WorkerDied, match=r"a worker process \(pid \d+\) was killed by SIGKILL"):
        run_games(functools.partial(suicidal_game, game_seed(8, 50)), seed=8, games=100_000, players=2, jobs=2)
    assert time.monotonic() - started < 5                     # not the 100 000 games, and no hang
    assert multiprocessing.active_children() == []
