"""reportlab's C accelerator (rl_accel, a dependency wherever its wheel exists): to_pdf on the real scenes of
bench_render, with the accelerator against reportlab's pure-Python fallbacks. The accelerator is chosen when
reportlab is first imported, so each side runs in its own process (`python -m bench.bench_accel off|on`), the two
interleaved round by round; the PDFs must be byte for byte the same.

    render-pdf-accel   seconds to write the four real scenes, with rl_accel against without (goal <= 0.8)
"""

from __future__ import annotations

import hashlib
import json
import statistics
import subprocess
import sys
import time

ROUNDS = 5
REPEATS = 3


def _side(accel: bool) -> dict:
    """One process's figures: seconds per pass over the scenes (best of REPEATS) and the PDFs' digest."""
    if not accel:
        sys.modules["_rl_accel"] = None            # reportlab then uses its Python fallbacks
    from washigen.backends import to_pdf

    from .bench_render import real_scenes

    scenes = real_scenes()
    digest = hashlib.sha256()
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        pdfs = [to_pdf([scene]) for scene in scenes.values()]
        best = min(best, time.perf_counter() - start)
    for pdf in pdfs:
        digest.update(pdf)
    import reportlab.lib.rl_accel as accel_module

    return {"seconds": best, "sha256": digest.hexdigest(), "accelerated": accel_module.fp_str.__module__ == "_rl_accel"}


def _run_side(side: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "bench.bench_accel", side], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def run() -> list[dict]:
    from .timing import figure

    with_accel, without, ratios = [], [], []
    for round_ in range(ROUNDS):
        order = ("on", "off") if round_ % 2 == 0 else ("off", "on")
        sides = {side: _run_side(side) for side in order}
        if not sides["on"]["accelerated"]:
            return [{"name": "render-pdf-accel", "verdict": "SKIP", "note": "rl_accel is not installed"}]
        if sides["on"]["sha256"] != sides["off"]["sha256"]:
            return [{"name": "render-pdf-accel", "verdict": "FAIL", "note": "PDFs differ with the accelerator"}]
        with_accel.append(sides["on"]["seconds"])
        without.append(sides["off"]["seconds"])
        ratios.append(sides["on"]["seconds"] / sides["off"]["seconds"])
    return [figure("render-pdf-accel", statistics.median(with_accel), statistics.median(without), 0.8,
                   statistics.median(ratios), identical=True)]


if __name__ == "__main__":
    print(json.dumps(_side(sys.argv[1] == "on")))
