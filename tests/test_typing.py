"""The public API type-checks as users meet it: `mypy --strict` on a script written against it
(tests/typed_script.py) and on the example scripts finds nothing. `--follow-imports=silent` judges the scripts,
not washigen's own modules, as mypy does for any installed library. The package itself passes mypy as configured
(not strict)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy (the test extra) checks the types")


def _mypy(*args: str, cache: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--no-error-summary", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def strict_cache(tmp_path_factory) -> Path:
    """One mypy cache for the --strict runs (the same flags): the second reads washigen's types from the first."""
    return tmp_path_factory.mktemp("mypy-strict")


def test_scripts_against_the_public_api_pass_mypy_strict(strict_cache):
    scripts = ["tests/typed_script.py", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").glob("*.py"))]
    checked = _mypy("--strict", "--follow-imports=silent", *scripts, cache=strict_cache)
    assert checked.returncode == 0, checked.stdout[-4000:]


def test_the_package_passes_mypy(tmp_path):
    """washigen itself type-checks under the project's mypy settings (pyproject.toml; not --strict)."""
    checked = _mypy("washigen", cache=tmp_path)
    assert checked.returncode == 0, checked.stdout[-4000:]


def test_mypy_strict_catches_a_wrong_field_given_to_replace(tmp_path, strict_cache):
    """The check has teeth: a design's fields are known to mypy (record is a dataclass_transform)."""
    script = tmp_path / "wrong.py"
    script.write_text("import dataclasses\nfrom washigen.games.cats.model import CatsMap\n\n"
                      "def f(m: CatsMap) -> CatsMap:\n    return dataclasses.replace(m, players='four')\n")
    checked = _mypy("--strict", "--follow-imports=silent", str(script), cache=strict_cache)
    assert checked.returncode == 1 and "players" in checked.stdout, checked.stdout
