"""`make bench`: runs every bench/bench_*.py's run() and prints one JSON line per benchmark:
{"name": ..., "ours_s": ..., "floor_s": ..., "ratio": ..., ...}. Ratios are measured against a floor timed in the
same run, so they mean the same on a fast or a slow machine."""

import importlib
import json
import pkgutil
import sys
from pathlib import Path


def main(selected: list[str]) -> None:
    folder = Path(__file__).parent
    for module in sorted(pkgutil.iter_modules([str(folder)]), key=lambda m: m.name):
        if not module.name.startswith("bench_"):
            continue
        if selected and not any(name in module.name for name in selected):
            continue
        for figure in importlib.import_module(f"bench.{module.name}").run():
            print(json.dumps(figure), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
