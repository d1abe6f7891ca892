"""Progress bars on stderr: the one the layers below the command line report their long work to (installed by
cli/main.py, which imports this module only when work first reports), and the one a command draws over its own
loop."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

import click


@contextlib.contextmanager
def counting_bar(length: int, label: str) -> Iterator[Callable[[int], None]]:
    """A bar on stderr advanced by counts: what the layers below the command line report progress to."""
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


@contextlib.contextmanager
def progress(items, label: str, length: int | None = None):
    """A progress bar on stderr when stderr is a terminal; the plain items otherwise."""
    if sys.stderr.isatty():
        with click.progressbar(items, label=label, length=length, file=sys.stderr) as bar:
            yield bar
    else:
        yield items
