"""The README's two commands, in a fresh clone of the committed tree, with a fresh virtual environment: what a new
user or CI meets. `make test` runs one small test file there (the whole suite is what is running now)."""

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

    demo = subprocess.run(["make", "demo"], cwd=clone, capture_output=True, text=True, timeout=900)
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    printed = sorted(p.name for p in (clone / "out").iterdir())
    assert printed and all((clone / "out" / name).stat().st_size > 1000 for name in printed)
    assert all(f"out/{name}" in demo.stdout for name in printed), "make demo must say where it printed"

    test = subprocess.run(["make", "test", "TESTS=tests/test_units.py"], cwd=clone, capture_output=True,
                          text=True, timeout=900)
    assert test.returncode == 0, test.stdout[-3000:] + test.stderr[-3000:]
    assert " passed" in test.stdout


def test_an_installed_wheel_finds_its_fonts_templates_and_rule_texts(tmp_path):
    """Outside a checkout the data folders come from <prefix>/share/washigen."""
    import sys

    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    wheel = next(wheels.glob("washigen-*.whl"))
    install = subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)], capture_output=True,
                             text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-2000:]
    out = tmp_path / "work"
    out.mkdir()
    for args in (["cats", "map", "--seed", "1", "-o", "map.pdf"], ["rules", "cats", "--lang", "de", "-o", "r.pdf"],
                 ["cat-tree", "deck", "--paper", "letter", "-o", "deck.pdf"],
                 ["cats", "sheet", "--lang", "de", "-o", "sheet.pdf"]):
        result = subprocess.run([str(venv / "bin" / "washigen"), *args], cwd=out, capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, (args, result.stderr[-2000:])
    shown = subprocess.run([str(venv / "bin" / "python"), "-c", "import washigen.paths as p; print(p.ROOT)"],
                           cwd=out, capture_output=True, text=True, check=True).stdout.strip()
    assert shown == str(venv / "share" / "washigen")
    from pypdf import PdfReader                                # the German catalog came with the wheel
    assert "Spezialzüge" in PdfReader(out / "sheet.pdf").pages[0].extract_text()
