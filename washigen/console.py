"""The entry point of the console script `washigen` and of `python -m washigen`.

Ctrl-C ends washigen with exit 130 and the one line `interrupted` whenever it comes once this has begun: also
while the command line is still being imported (most of a start-up), before cli.WashigenGroup can answer it. So
this module imports nothing of washigen's until the command line is asked for.

SIGTERM (what `timeout`, a CI's cancel and systemd send) ends it the same way, with exit 143 and the line
`terminated`: it is raised as Terminated, so everything a Ctrl-C cleans up (a half-written file, worker
processes) is cleaned up too."""

from __future__ import annotations

import gc
import os
import signal
import sys

from .exits import EXIT_INTERRUPTED, EXIT_TERMINATED, ClosedStdout, StdoutClosed, say_interrupted

class Terminated(SystemExit):
    """SIGTERM, raised where the program is. A SystemExit, so no `except Exception` swallows it, and the code
    paths that catch KeyboardInterrupt to say `interrupted` leave it alone."""


# The process that installed on_sigterm: a worker forked from it has the handler until it sets its own.
_INSTALLED_BY = -1


def main() -> None:
    global _INSTALLED_BY
    _INSTALLED_BY = os.getpid()
    signal.signal(signal.SIGTERM, on_sigterm)
    # The start-up makes some 15,000 objects that all live to the end (modules, classes, click's options): at the
    # default threshold of 700 the collector would pass over them twenty times and free nothing, a twentieth of
    # `washigen games`. Cycles that long work leaves behind are still collected, each 20,000 objects made.
    gc.set_threshold(20_000)
    if sys.stdout is None:               # started with stdout closed: printing is an error, not a silent loss
        sys.stdout = ClosedStdout()
    try:
        from .cli.main import main as command_line

        command_line()
    except StdoutClosed:                 # printed outside a command (its help): the command line says it inside
        if sys.stderr is not None:
            print("error: standard output: closed", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        say_interrupted()
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:
        say_interrupted("terminated")
        sys.exit(EXIT_TERMINATED)
    except OSError:                      # the error could not be said: stderr failed (a full disk), so no traceback
        sys.exit(2)                      # either; 2, as every error of the environment the command line names
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)     # from here on a SIGTERM ends the process at once
        # The process ends here: the collector's last passes over every object the start-up made would cost a
        # tenth of `washigen games`. Frozen, what is still alive is left to the end of the process. Every command
        # has closed its files by now (outputs are written and renamed before it returns; atexit still runs).
        gc.freeze()


def on_sigterm(signum, frame) -> None:
    if os.getpid() != _INSTALLED_BY:
        # A worker forked from washigen, terminated by it before it set its own handler (while Python still ran its
        # after-fork hooks, an exception there is printed as "Exception ignored" with a traceback): it ends at once;
        # the parent that stopped it cleans up and says why.
        os._exit(EXIT_TERMINATED)
    # Once only: a second SIGTERM while the first is being cleaned up ends the process at once.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise Terminated(EXIT_TERMINATED)

