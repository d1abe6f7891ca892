"""Start-up: `washigen --version`, `washigen games` and `washigen cats map --help` in a fresh interpreter, against a
bare `python -c pass`, timed interleaved. Goal: each within 3x, with its bytecode cached and without.

Both run with their bytecode cached, as an installed washigen starts (pip compiles it when it installs): in a shell
that sets PYTHONDONTWRITEBYTECODE, every start would otherwise compile each washigen module again and time that.
The cache goes to a temporary folder (PYTHONPYCACHEPREFIX), which leaves the checkout as it was. Without a cache:
a copy of the package with no __pycache__ on PYTHONPATH and PYTHONDONTWRITEBYTECODE=1, as a fresh install run by a
user whose shell sets it (every start compiles washigen's modules it imports; the standard library keeps its own
cache)."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .timing import figure, interleaved

BARE = [sys.executable, "-c", "pass"]
COMMANDS = (("version", ["--version"]), ("games", ["games"]), ("cats-map-help", ["cats", "map", "--help"]))
PACKAGE = Path(__file__).resolve().parent.parent / "washigen"


def bytecode_cached(folder: str) -> dict[str, str]:
    """The environment, with bytecode written to and read from `folder`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": folder}


def run_quietly(command: list[str], env: dict[str, str], cwd: Path | None = None):
    return lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env, cwd=cwd)


def run() -> list[dict]:
    figures = []
    with tempfile.TemporaryDirectory(prefix="washigen-bytecode-") as cache:
        env = bytecode_cached(cache)            # interleaved's first, untimed runs fill it
        for name, args in COMMANDS:
            ours, floor, ratio = interleaved(run_quietly([sys.executable, "-m", "washigen", *args], env),
                                             run_quietly(BARE, env), rounds=11)
            figures.append(figure(f"startup-{name}", ours, floor, 3.0, ratio, floor_is="python -c pass"))
    with tempfile.TemporaryDirectory(prefix="washigen-uncached-") as folder:
        env = uncached(Path(folder))
        for name, args in COMMANDS:     # run in the copy's folder: `-m` puts the working folder first on sys.path,
            ours, floor, ratio = interleaved(      # and a checkout's own __pycache__ would be found there
                run_quietly([sys.executable, "-m", "washigen", *args], env, cwd=Path(folder)),
                run_quietly(BARE, env, cwd=Path(folder)), rounds=11)
            figures.append(figure(f"startup-{name}-uncached", ours, floor, 3.0, ratio, floor_is="python -c pass"))
    return figures


def uncached(folder: Path) -> dict[str, str]:
    """The environment of a fresh install without bytecode: the package copied with no __pycache__, first on
    PYTHONPATH, and no bytecode written."""
    shutil.copytree(PACKAGE, folder / "washigen", ignore=shutil.ignore_patterns("__pycache__"))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPYCACHEPREFIX"}
    return {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(folder)}
