"""A script as a user writes one against washigen's public API; tests/test_typing.py checks it with
`mypy --strict`. Not run: only type-checked."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import washigen
from washigen import Design, InputError, PrintOptions, Report, Violation, WashigenError


def make(seed: int) -> Design:
    design = washigen.generate("cats", "map", players=4, seed=seed)
    report: Report = washigen.validate(design)
    first: list[Violation] = list(report.violations[:1])
    print(report.ok, first)
    return dataclasses.replace(design, seed=seed + 1)          # a record is a dataclass to the type checker


def write(design: Design, folder: Path) -> list[Path]:
    options = PrintOptions(paper="a4")
    written = washigen.render(design, folder / "map.pdf", options)
    washigen.save(design, folder / "map.json")
    again: Design = washigen.load(folder / "map.json")
    assert again == design
    return written


def lengths(text: str) -> float:
    try:
        return washigen.parse_length(text)
    except InputError as error:
        raise SystemExit(str(error)) from error


def games() -> list[str]:
    try:
        return [game.name for game in washigen.all_games()]
    except WashigenError:
        return []


print(washigen.__version__, games(), lengths("50mm"), write(make(7), Path(".")))
