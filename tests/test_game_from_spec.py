"""A game that brings only its spec (tests/tiny_game.py, registered through the "washigen.games" entry point of a
distribution of its own) gets its command line, the studio's form and the Python API from it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .readback import page_boxes_mm, pdf_pages

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder holding the tiny game's module and a dist-info that declares it in the entry-point group."""
    folder = tmp_path_factory.mktemp("tiny-site")
    shutil.copy(HERE / "tiny_game.py", folder / "tiny_game.py")
    info = folder / "tiny_pond-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-pond\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[washigen.games]\ntiny-pond = tiny_game:GAME\n")
    return folder


def run(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_its_command_is_built_from_its_spec_and_writes_designs_and_prints(site, tmp_path):
    helped = run(site, "-m", "washigen", "tiny-pond", "pond", "--help", cwd=tmp_path)
    assert helped.returncode == 0, helped.stderr
    assert "--lilies INTEGER RANGE" in helped.stdout and "Lily pads on the pond." in helped.stdout
    made = run(site, "-m", "washigen", "tiny-pond", "pond", "--lilies", "4", "--width", "8cm", "--seed", "3",
               "-o", "pond.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    design = json.loads((tmp_path / "pond.json").read_text())
    assert (design["lilies"], design["width"], design["seed"]) == (4, 80.0, 3)
    assert run(site, "-m", "washigen", "tiny-pond", "pond", "--width", "90mm", "-o", "p.pdf",
               cwd=tmp_path).returncode == 0
    trim = page_boxes_mm(pdf_pages(tmp_path / "p.pdf")[0])["trimbox"]
    assert trim[2] - trim[0] == pytest.approx(90, abs=0.05)


def test_its_command_refuses_out_of_range_values_and_reports_a_broken_rule(site, tmp_path):
    bad = run(site, "-m", "washigen", "tiny-pond", "pond", "--lilies", "10", "-o", "p.json", cwd=tmp_path)
    assert bad.returncode == 2 and "--lilies" in bad.stderr and "Traceback" not in bad.stderr
    crowded = run(site, "-m", "washigen", "tiny-pond", "pond", "--lilies", "9", "--width", "30mm", "-o", "c.json",
                  cwd=tmp_path)
    assert crowded.returncode == 1 and "tiny-pond.lilies.crowded" in crowded.stdout
    listed = run(site, "-m", "washigen", "games", "--json", cwd=tmp_path)
    pond = next(g for g in json.loads(listed.stdout) if g["name"] == "tiny-pond")
    params = {p["name"]: p for p in pond["components"][0]["params"]}
    assert (params["lilies"]["min"], params["lilies"]["max"], params["width"]["min"]) == (1, 9, 20.0)


def test_the_api_and_the_studio_form_come_from_the_same_spec(site, tmp_path):
    code = textwrap.dedent("""
        import json, washigen
        from washigen.studio.api import games_listing
        pond = washigen.generate("tiny-pond", "pond", lilies=2, width="50mm", seed=5)
        try:
            washigen.generate("tiny-pond", "pond", lilies=0)
            refused = ""
        except washigen.InputError as error:
            refused = str(error)
        listing = next(g for g in games_listing()["games"] if g["name"] == "tiny-pond")
        print(json.dumps({"pond": [pond.lilies, pond.width, pond.seed], "refused": refused,
                          "form": [[p["name"], p["min"], p["max"]] for p in listing["components"][0]["params"]]}))
    """)
    shown = run(site, "-c", code, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    answer = json.loads(shown.stdout.strip().splitlines()[-1])
    assert answer["pond"] == [2, 50.0, 5]
    assert answer["refused"].startswith("lilies: must be 1..9")
    assert answer["form"] == [["lilies", 1, 9], ["width", 20.0, 200.0], ["label", None, None]]
