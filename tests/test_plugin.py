"""A game from another distribution: the example plugin examples/plugin (washigen-coasters), installed with pip,
is found through the "washigen.games" entry-point group: its commands appear, its designs print at real size,
validate by its own rule and render and load like a built-in game's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .readback import page_boxes_mm, page_size_mm, pdf_pages

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    """The plugin installed with pip into a folder of its own (put on PYTHONPATH by `run`), from a copy of its
    source so the build leaves nothing in the checkout."""
    base = tmp_path_factory.mktemp("plugin")
    source = base / "source"
    shutil.copytree(ROOT / "examples" / "plugin", source)
    target = base / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                                str(target), str(source)], capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr[-3000:]
    assert any(target.glob("washigen_coasters-*.dist-info/entry_points.txt"))
    return target


def run(plugin: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(plugin))
    return subprocess.run([sys.executable, "-m", "washigen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_plugins_game_and_commands_are_listed(plugin, tmp_path):
    listed = run(plugin, "games", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    games = {game["name"]: game for game in json.loads(listed.stdout)}
    assert "coasters" in games and {"cats", "cops"} <= set(games)
    helped = run(plugin, "coasters", "coaster", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "--rings" in helped.stdout


def test_a_coaster_prints_at_real_size_alone_and_on_a4(plugin, tmp_path):
    assert run(plugin, "coasters", "coaster", "--diameter", "80", "-o", "c.pdf", cwd=tmp_path).returncode == 0
    trim = page_boxes_mm(pdf_pages(tmp_path / "c.pdf")[0])["trimbox"]
    assert trim[2] - trim[0] == pytest.approx(80, abs=0.05) and trim[3] - trim[1] == pytest.approx(80, abs=0.05)
    assert run(plugin, "coasters", "coaster", "--paper", "a4", "-o", "a4.pdf", cwd=tmp_path).returncode == 0
    assert sorted(round(v, 1) for v in page_size_mm(pdf_pages(tmp_path / "a4.pdf")[0])) == [210.0, 297.0]


def test_a_coaster_design_validates_renders_and_is_refused_by_field(plugin, tmp_path):
    assert run(plugin, "coasters", "coaster", "--rings", "5", "-o", "c.json", cwd=tmp_path).returncode == 0
    assert run(plugin, "validate", "c.json", cwd=tmp_path).returncode == 0
    drawn = run(plugin, "render", "c.json", "-o", "c.svg", cwd=tmp_path)
    assert drawn.returncode == 0 and (tmp_path / "c.svg").read_text().startswith("<")
    design = json.loads((tmp_path / "c.json").read_text())
    (tmp_path / "tight.json").write_text(json.dumps({**design, "rings": 12, "diameter": 60}))
    tight = run(plugin, "validate", "tight.json", cwd=tmp_path)
    assert tight.returncode == 1 and "coasters.rings.too-close" in tight.stdout
    (tmp_path / "bad.json").write_text(json.dumps({**design, "rings": 13}))
    bad = run(plugin, "validate", "bad.json", cwd=tmp_path)
    assert bad.returncode == 2 and "rings" in bad.stderr and "Traceback" not in bad.stderr
