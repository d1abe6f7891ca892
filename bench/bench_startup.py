"""Start-up: `washigen --version` and `washigen games` in a fresh interpreter, against a bare `python -c pass`, timed
interleaved. Goal: both within 3x.

Both run with their bytecode cached, as an installed washigen starts (pip compiles it when it installs): in a shell
that sets PYTHONDONTWRITEBYTECODE, every start would otherwise compile each washigen module again and time that.
The cache goes to a temporary folder (PYTHONPYCACHEPREFIX), which leaves the checkout as it was."""

import os
import subprocess
import sys
import tempfile

from .timing import figure, interleaved

BARE = [sys.executable, "-c", "pass"]


def bytecode_cached(folder: str) -> dict[str, str]:
    """The environment, with bytecode written to and read from `folder`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": folder}


def run_quietly(command: list[str], env: dict[str, str]):
    return lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)


def run() -> list[dict]:
    figures = []
    with tempfile.TemporaryDirectory(prefix="washigen-bytecode-") as cache:
        env = bytecode_cached(cache)            # interleaved's first, untimed runs fill it
        for name, args in (("startup-version", ["--version"]), ("startup-games", ["games"])):
            ours, floor, ratio = interleaved(run_quietly([sys.executable, "-m", "washigen", *args], env),
                                             run_quietly(BARE, env), rounds=11)
            figures.append(figure(name, ours, floor, 3.0, ratio, floor_is="python -c pass"))
    return figures
