"""Running the command line as a user would, in a subprocess under a memory limit and a timeout (DESIGN 12)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

MEMORY_LIMIT = 1024 * 1024 * 1024          # 1 GB of address space: DESIGN 12's bound for any accepted input
TIME_LIMIT = 60.0
WASHIGEN = [sys.executable, "-m", "washigen"]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def run_bounded(*args, cwd: Path | None = None, timeout: float = TIME_LIMIT, umask: int | None = None,
                **options) -> Run:
    """washigen ARGS in a fresh interpreter with 1 GB of address space (and `umask`, when given); a TimeoutExpired
    fails the test."""
    def prepare() -> None:
        _limit_memory()
        if umask is not None:
            os.umask(umask)

    done = subprocess.run([*WASHIGEN, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=prepare, **options)
    return Run(done.returncode, done.stdout, done.stderr)
