"""How washigen ends when it is stopped: the exit statuses of a Ctrl-C and a SIGTERM, and the one line each leaves
on stderr; and what stands in for a standard output closed before the start. Shared by the entry point
(console.py) and the command line, and imports nothing, so both can use it before anything else is loaded."""

from __future__ import annotations

import io
import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as shells report a run stopped by Ctrl-C
EXIT_TERMINATED = 143           # 128 + SIGTERM


def say_interrupted(word: str = "interrupted") -> None:
    """The one line a Ctrl-C (or a SIGTERM: `terminated`) leaves on stderr."""
    try:
        print(word, file=sys.stderr, flush=True)
    except (OSError, ValueError):        # stderr closed or gone: the exit status still says it
        pass


class StdoutClosed(OSError):
    """Something was printed where standard output was closed before the start (`washigen games >&-`)."""


class ClosedStdout(io.TextIOBase):
    """sys.stdout for a process started with standard output closed. Python gives such a process None there, and
    click's echo then prints nowhere and the command ends 0 with its output lost (DESIGN 12: a closed stdout is a
    clear error); this one refuses every write."""

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        raise StdoutClosed(9, "closed")        # EBADF, as a write to the closed descriptor itself would fail


def stdout_closed() -> bool:
    return sys.stdout is None or isinstance(sys.stdout, ClosedStdout)
