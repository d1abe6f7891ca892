"""`make bench`: runs every bench/bench_*.py's run() and prints one JSON line per benchmark: {"name": ...,
"ours_s": ..., "floor_s": ..., "ratio": ..., ...}. A module without run() is a study, run on its own (`python -m
bench.bench_cops_fair`). Ratios are measured against a floor timed in the same run, so they mean the same on a
fast or a slow machine."""

import importlib
import json
import pkgutil
import sys
from pathlib import Path


def main(selected: list[str]) -> None:
    folder = Path(__file__).parent
    figures: list[dict] = []
    for module in sorted(pkgutil.iter_modules([str(folder)]), key=lambda m: m.name):
        if not module.name.startswith("bench_"):
            continue
        if selected and not any(name in module.name for name in selected):
            continue
        run = getattr(importlib.import_module(f"bench.{module.name}"), "run", None)
        if run is None:                        # a study, run on its own: python -m bench.bench_cops_fair
            continue
        for figure in run():
            print(json.dumps(figure), flush=True)
            figures.append(figure)
    for figure in figures:                     # the summary: each figure with its goal and verdict
        shown = figure.get("ratio") if "ratio" in figure and "value" not in figure else figure.get("value")
        goal = f"goal {figure['goal']}" if "goal" in figure else "no goal"
        print(f"{figure.get('verdict', '-'):4}  {figure['name']:26} {shown!s:>10} {figure.get('unit', 'x floor'):8}"
              f"  {goal}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
