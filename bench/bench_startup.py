"""Start-up: `washigen --version` and `washigen games` in a fresh interpreter, against a bare `python -c pass`, timed
interleaved. Goal: both within 3x."""

import subprocess
import sys

from .timing import figure, interleaved

BARE = [sys.executable, "-c", "pass"]


def run_quietly(command: list[str]):
    return lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True)


def run() -> list[dict]:
    figures = []
    for name, args in (("startup-version", ["--version"]), ("startup-games", ["games"])):
        ours, floor, ratio = interleaved(run_quietly([sys.executable, "-m", "washigen", *args]), run_quietly(BARE),
                                         rounds=11)
        figures.append(figure(name, ours, floor, 3.0, ratio, floor_is="python -c pass"))
    return figures
