"""How long work (playouts, sweeps) tells its progress. A library call tells none. The command line installs a bar
on stderr (cli/main.py), shown for labelled work when stderr is a terminal; the studio reports a job's games to
its page with `reporting(...)`, for the work of that thread alone. The layers below them import neither click
nor the studio."""

from __future__ import annotations

import contextlib
import sys
from contextvars import ContextVar
from typing import Callable, ContextManager, Iterator

# (total, label) -> a context whose value advances the progress by a count of finished items.
Bar = Callable[[int, str], ContextManager[Callable[[int], None]]]

_installed: list[Bar] = []                                  # the command line's bar, once installed
_reporter: ContextVar[Bar | None] = ContextVar("washigen_progress", default=None)


def install(bar: Bar) -> None:
    """The bar labelled work shows on a terminal (the command line's)."""
    _installed[:] = [bar]


@contextlib.contextmanager
def reporting(bar: Bar) -> Iterator[None]:
    """Within this block (this thread or task alone), all work reports to `bar`, labelled or not."""
    token = _reporter.set(bar)
    try:
        yield
    finally:
        _reporter.reset(token)


def bar_for(label: str | None) -> Bar | None:
    """Where work with this label reports: the block's reporter, else the installed bar for labelled work on a
    terminal, else nowhere."""
    reporter = _reporter.get()
    if reporter is not None:
        return reporter
    if label is not None and _installed and sys.stderr.isatty():
        return _installed[0]
    return None
