"""The README's two commands, in a fresh clone of the committed tree, with a fresh virtual environment: what a new
user or CI meets. `make test` runs one small test file there (the whole suite is what is running now)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _has_commits() -> bool:
    if shutil.which("git") is None or shutil.which("make") is None or not (ROOT / ".git").exists():
        return False
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _has_commits(), reason="needs git, make and a checkout with commits")
def test_make_demo_and_make_test_work_in_a_fresh_clone(tmp_path):
    clone = tmp_path / "washigen"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    readme = (clone / "README.md").read_text(encoding="utf-8")
    head = readme[:readme.index("\n## ", readme.index("make test"))]
    assert "make demo" in head and "make test" in head, "README must open with the two set-up commands"

    # Byte-compiling every dependency (pip's bootstrap of uv, uv's install: COMPILE=) tests nothing here and costs
    # a good part of the install. What the commands import is compiled once, by the first one, and kept in the
    # clone's venv for the rest: where PYTHONDONTWRITEBYTECODE is set (as on our machines), each of the demo's three
    # commands and make test's pytest and its two workers compiled reportlab, pydantic, click, pytest again (4 s CPU).
    env = {**{key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"},
           "PIP_NO_COMPILE": "1"}
    demo = subprocess.run(["make", "demo", "COMPILE="], cwd=clone, capture_output=True, text=True, timeout=900,
                          env=env)
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    printed = sorted(p.name for p in (clone / "out").iterdir())
    assert printed and all((clone / "out" / name).stat().st_size > 1000 for name in printed)
    assert all(f"out/{name}" in demo.stdout for name in printed), "make demo must say where it printed"

    test = subprocess.run(["make", "test", "COMPILE=", "TESTS=tests/test_units.py"], cwd=clone, capture_output=True,
                          text=True, timeout=900, env=env)
    assert test.returncode == 0, test.stdout[-3000:] + test.stderr[-3000:]
    assert " passed" in test.stdout

