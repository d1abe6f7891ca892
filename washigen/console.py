"""The entry point of the console script `washigen` and of `python -m washigen`.

Ctrl-C ends washigen with exit 130 and the one line `interrupted` whenever it comes once this has begun: also
while the command line is still being imported (most of a start-up), before cli.WashigenGroup can answer it. So
this module imports nothing of washigen's until the command line is asked for."""

from __future__ import annotations

import gc
import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as shells report a run stopped by Ctrl-C


def main() -> None:
    try:
        from .cli import main as command_line

        command_line()
    except KeyboardInterrupt:
        say_interrupted()
        sys.exit(EXIT_INTERRUPTED)
    finally:
        # The process ends here: the collector's last passes over every object the start-up made would cost a
        # tenth of `washigen games`. Frozen, what is still alive is left to the end of the process. Every command
        # has closed its files by now (outputs are written and renamed before it returns; atexit still runs).
        gc.freeze()


def say_interrupted() -> None:
    """The one line a Ctrl-C leaves on stderr."""
    try:
        print("interrupted", file=sys.stderr, flush=True)
    except (OSError, ValueError):        # stderr closed or gone: the exit status still says it
        pass
