"""How washigen ends when it is stopped: the exit statuses of a Ctrl-C and a SIGTERM, and the one line each leaves
on stderr. Shared by the entry point (console.py) and the command line, and imports nothing, so both can use it
before anything else is loaded."""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130          # 128 + SIGINT, as shells report a run stopped by Ctrl-C
EXIT_TERMINATED = 143           # 128 + SIGTERM


def say_interrupted(word: str = "interrupted") -> None:
    """The one line a Ctrl-C (or a SIGTERM: `terminated`) leaves on stderr."""
    try:
        print(word, file=sys.stderr, flush=True)
    except (OSError, ValueError):        # stderr closed or gone: the exit status still says it
        pass
