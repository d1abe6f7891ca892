"""Tweak a Cats map by hand and check it again.

    python examples/tweak_map.py [OUT_FOLDER]

Designs are frozen dataclasses: change one with dataclasses.replace and validate the result. The script takes a
generated 2-player map, turns a red sewer of the top home row into a street cell (the rules want red sewers
there), shows the rule that breaks, then puts a red sewer back elsewhere in that row and checks again.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import washigen
from washigen.games.cats.model import CatsMap, Sewer


def without_sewer(design: CatsMap, sewer: Sewer) -> CatsMap:
    grid = replace(design.grid, sewers=tuple(s for s in design.grid.sewers if s != sewer))
    return replace(design, grid=grid)


def with_sewer(design: CatsMap, sewer: Sewer) -> CatsMap:
    return replace(design, grid=replace(design.grid, sewers=(*design.grid.sewers, sewer)))


def free_street(design: CatsMap, row: int) -> int:
    """A street column of `row` with no sewer on it, nor on its neighbours."""
    taken = {s.col for s in design.grid.sewers if s.row == row}
    line = design.grid.rows[row - 1]
    for col in range(2, len(line)):
        if line[col - 1] == "." and not taken & {col - 1, col, col + 1}:
            return col
    raise SystemExit(f"row {row} has no free street cell")


def show(title: str, report: washigen.Report) -> None:
    print(f"{title}: {'valid' if report.ok else 'breaks a rule'}")
    for violation in report.violations:
        print(f"  {violation}")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    out.mkdir(parents=True, exist_ok=True)      # the folder is made where it is missing
    design = washigen.generate("cats", "map", players=2, seed=1)
    assert isinstance(design, CatsMap)          # generate returns a Design; this one is a Cats map
    show("generated", washigen.validate(design))

    red = [s for s in design.grid.sewers if s.row == 1 and s.colour == "red"]
    broken = design
    for sewer in red:   # every red sewer of the top row: the row is left with none
        broken = without_sewer(broken, sewer)
    report = washigen.validate(broken)
    show("top row without its red sewers", report)
    assert "cats.home-row.no-red-sewer" in {v.rule for v in report.errors}

    fixed = broken
    for _ in range(2):
        fixed = with_sewer(fixed, Sewer(row=1, col=free_street(fixed, 1), colour="red"))
    report = washigen.validate(fixed)
    show("two red sewers put back", report)
    for path in washigen.render(fixed, out / "tweaked.json"):
        print(f"wrote {path}")
    again = washigen.load(out / "tweaked.json")
    print(f"loads back equal: {again == fixed}")


if __name__ == "__main__":
    main()
