"""Long work for the studio (a balance estimate, a component that plays bot games): run in a thread of its own,
telling its progress as it goes and stopping when the page no longer wants it.

The games' bot runs all go through `washigen.arena.records.run_games`, which reports each finished game to the
reporter of its thread (washigen.progress); a job's thread reports to the job, which raises `Cancelled` there once
the job is cancelled, ending the run (its workers with it) at the next game."""

from __future__ import annotations

import asyncio
import threading
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from ..progress import reporting

_running: set[Job] = set()
_running_lock = threading.Lock()


class Cancelled(Exception):
    """The page went away or asked to stop: the work ends at its next game."""


class Job:
    """One piece of work in its own thread; `events()` yields {"done", "total"} as it goes, then {"result": ...}
    or {"error": ..., "status": ...}."""

    def __init__(self, work: Callable[[], Any], on_error: Callable[[BaseException], tuple[int, dict]]):
        self.work = work
        self.on_error = on_error
        self.cancelled = threading.Event()
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue = asyncio.Queue()
        self.games = 0                  # games finished so far (tests read it)

    def progress(self, done: int, total: int) -> None:
        if self.cancelled.is_set():
            raise Cancelled()
        self.games = done
        self.loop.call_soon_threadsafe(self.queue.put_nowait, {"done": done, "total": total})

    @contextlib.contextmanager
    def counting(self, total: int, label: str) -> Iterator[Callable[[int], None]]:
        """The job as a progress bar (washigen.progress.Bar): each count of finished games is told to the page."""
        done = 0
        self.progress(done, total)

        def advance(count: int) -> None:
            nonlocal done
            done += count
            self.progress(done, total)

        yield advance

    def _run(self) -> None:
        with _running_lock:
            _running.add(self)
        try:
            with reporting(self.counting):
                final = {"result": self.work()}
        except Cancelled:
            final = {"cancelled": True}
        except BaseException as error:  # told to the page as the endpoint would tell it
            status, body = self.on_error(error)
            final = {**body, "status": status}
        finally:
            with _running_lock:
                _running.discard(self)
        self.loop.call_soon_threadsafe(self.queue.put_nowait, final)

    async def events(self):
        """The job's events as they come; when the consumer stops (the client went away), the work is cancelled."""
        threading.Thread(target=self._run, name="washigen-studio-job", daemon=True).start()
        try:
            while True:
                event = await self.queue.get()
                yield event
                if "done" not in event:
                    return
        finally:
            self.cancelled.set()


def stop_all() -> None:
    """Cancels every job at work, the studio stopping: each ends at its next game, so the answers streaming its
    progress end and the server's shutdown, which waits for them, goes on."""
    with _running_lock:
        for job in _running:
            job.cancelled.set()


def running() -> int:
    """How many jobs are at work now."""
    with _running_lock:
        return len(_running)
