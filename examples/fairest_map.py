"""Make 20 cut-up Cats maps, keep the fairest, print it.

    python examples/fairest_map.py [OUT_FOLDER] [--maps N]

Each cut-up map records its balance score: the gap, in steps, between the two sides' average route from home row
to home row and back (0 is perfectly fair). The script keeps the valid map with the smallest gap (the fewest
warnings, then the lowest seed, break ties) and writes it as JSON and as a PDF of tape strips on A4.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import washigen
from washigen.games.cats.model import CatsMap


def fairest(count: int, first_seed: int = 1) -> tuple[CatsMap, washigen.Report, int]:
    """(design, report, how many were valid) of the fairest valid map among `count` seeds."""
    candidates = []
    for seed in range(first_seed, first_seed + count):
        design = washigen.generate("cats", "map", players=2, cut_up=True, seed=seed)
        assert isinstance(design, CatsMap)
        report = washigen.validate(design)
        if report.ok:
            candidates.append((design.balance, len(report.warnings), seed, design, report))
    if not candidates:
        raise SystemExit(f"none of the {count} maps is valid")
    *_, design, report = min(candidates, key=lambda c: c[:3])
    return design, report, len(candidates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=".", type=Path, help="folder for fairest.json and fairest.pdf")
    parser.add_argument("--maps", type=int, default=20, help="how many maps to make (default 20)")
    args = parser.parse_args()
    design, report, valid = fairest(args.maps)
    print(f"{valid} of {args.maps} maps valid; the fairest is seed {design.seed} with a gap of {design.balance} "
          f"steps and {len(report.warnings)} warning(s)")
    args.out.mkdir(parents=True, exist_ok=True)  # the folder is made where it is missing
    for name, paper in (("fairest.json", None), ("fairest.pdf", "a4")):
        for path in washigen.render(design, args.out / name, paper=paper):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
