"""A tiny game defined here alone, for tests/test_game_from_spec.py: one design kind, one rule, a drawing and a
spec. It brings no commands, no studio code and no API code of its own; registered through the "washigen.games"
entry point, it must get all three from its spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from washigen.design import Design, record
from washigen.games import Component, Game
from washigen.games.params import param, seed_param
from washigen.press import Document
from washigen.report import Report, Violation
from washigen.scene import Rect, Scene, Style, Text


@record
class Pond(Design):
    GAME = "tiny-pond"
    KIND = "pond"
    lilies: Annotated[int, Field(ge=1, le=9)] = 3
    width: Annotated[float, Field(ge=20, le=200)] = 60.0
    label: Annotated[str, Field(max_length=20)] = "pond"


@dataclass(frozen=True)
class PondParams:
    lilies: int = param(3, "Lily pads on the pond.", min=1, max=9)
    width: float = param(60.0, "Width of the pond.", kind="length", min=20.0, max=200.0)
    label: str = param("pond", "Printed under the pond.", max_length=20)
    seed: int | None = seed_param()


def make_pond(options: PondParams) -> Pond:
    return Pond(lilies=options.lilies, width=options.width, label=options.label, seed=options.seed)


def validate(pond: Pond) -> Report:
    if pond.lilies * 10 > pond.width:
        return Report.of([Violation.error("tiny-pond.lilies.crowded",
                                          f"{pond.lilies} lilies need {pond.lilies * 10} mm, the pond is "
                                          f"{pond.width:g} mm wide", field="lilies")])
    return Report.of([])


def print_pond(pond: Pond, options) -> Document:
    scene = Scene(pond.width, 30, bleed=options.bleed, meta={"title": pond.label, "seed": str(pond.seed)})
    for k in range(pond.lilies):
        scene.add(Rect(2 + k * 10, 10, 8, 8, Style(fill="forest-tint")))
    scene.add(Text(pond.width / 2, 27, pond.label, 3, anchor="middle"))
    return Document.single(scene)


GAME = Game(name="tiny-pond", title="A tiny pond", designs={"pond": Pond}, validate=validate,
            print_design=print_pond,
            components=(Component("pond", "A pond with lily pads", options=PondParams, make=make_pond),))
