"""reportlab's C accelerator (rl_accel) is installed wherever CPython runs and changes no byte of a PDF: the same
documents written in a process where reportlab found it and in one where it was hidden (reportlab then uses its
pure-Python fallbacks) are identical. The speed-up is measured in bench/bench_accel.py."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import pytest

SCRIPT = """
import hashlib, json, sys
if sys.argv[1] == "off":
    sys.modules["_rl_accel"] = None
import reportlab.lib.rl_accel as accel
from washigen.games.cat_tree.draw import print_design
from washigen.games.cat_tree.model import CatTreeDeck
from washigen.games.cats.draw import map_scene
from washigen.games.cats.generate import generate_map
from washigen.press import PrintOptions
from washigen.backends import to_pdf
deck = print_design(CatTreeDeck(), PrintOptions(paper="a4", duplex="long"))
pdfs = [to_pdf([map_scene(generate_map(players=4, seed=3), 3.0)]), to_pdf(deck.pages[:2])]
print(json.dumps({"accelerated": accel.fp_str.__module__ == "_rl_accel",
                  "digests": [hashlib.sha256(pdf).hexdigest() for pdf in pdfs]}))
"""


def _write(side: str) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT, side], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.skipif(platform.python_implementation() != "CPython", reason="rl_accel has wheels for CPython only")
def test_the_accelerator_is_used_and_changes_no_byte():
    on, off = _write("on"), _write("off")
    assert on["accelerated"], "reportlab did not find rl_accel (pyproject.toml depends on it on CPython)"
    assert not off["accelerated"]
    assert on["digests"] == off["digests"]
