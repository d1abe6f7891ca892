"""Make a few cut-up Cats maps, keep the fairest, print it.

    python examples/fairest_map.py [OUT_FOLDER] [--maps N]

Each cut-up map is the first fair cut-up of its seed that washigen finds (DESIGN 9), and records its verdict: the
greedy games it was judged by, whether it is fair and its play score (the largest gap between a seat's win rate
and its fair share; 0 is perfectly fair), beside its route gap (in steps, between the two sides' average route
from home row to home row and back). The script keeps the valid map that is fair with the lowest play score (the
route gap, then the lowest seed, break ties) and writes it as JSON and as a PDF of tape strips on A4.
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
            candidates.append((not design.play_fair, design.play_score, design.balance, seed, design, report))
    if not candidates:
        raise SystemExit(f"none of the {count} maps is valid")
    *_, design, report = min(candidates, key=lambda c: c[:4])
    return design, report, len(candidates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=".", type=Path, help="folder for fairest.json and fairest.pdf")
    parser.add_argument("--maps", type=int, default=5, help="how many maps to make (default 5, about 2 s each)")
    args = parser.parse_args()
    design, report, valid = fairest(args.maps)
    verdict = "fair" if design.play_fair else "not fair"
    print(f"{valid} of {args.maps} maps valid; the fairest is seed {design.seed}: {verdict}, play score "
          f"{design.play_score} over {design.play_games} greedy games, a route gap of {design.balance} steps and "
          f"{len(report.warnings)} warning{'' if len(report.warnings) == 1 else 's'}")
    args.out.mkdir(parents=True, exist_ok=True)  # the folder is made where it is missing
    for name, paper in (("fairest.json", None), ("fairest.pdf", "a4")):
        for path in washigen.render(design, args.out / name, paper=paper):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
