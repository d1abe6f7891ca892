"""Coasters: a round card with scoring rings (flick a coin onto it: the ring it stops in scores). The smallest
complete washigen game: one design kind, one placement rule, a drawing, and a command; registered through the
"washigen.games" entry point (pyproject.toml), so installing this package is all it takes. Its parameters are
declared once (CoasterParams); its command is built from them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import click
from pydantic import Field

from washigen.cli.build import spec_options
from washigen.cli.options import emit, output_option, print_options
from washigen.design import Design, record
from washigen.games import Component, Game
from washigen.games.params import param
from washigen.press import Document, PrintOptions
from washigen.press.impose import grid_layout, impose_grid
from washigen.press.templates import Grid, Template
from washigen.report import Report, Violation
from washigen.scene import Circle, Scene, Style, Text
from washigen.units import PAPER_SIZES

MIN_RING_GAP = 4.0          # mm between rings, so a coin's edge can be judged


@record
class Coaster(Design):
    GAME = "coasters"
    KIND = "coaster"
    diameter: Annotated[float, Field(ge=60, le=120)] = 90.0       # mm
    rings: Annotated[int, Field(ge=1, le=12)] = 4
    title: Annotated[str, Field(min_length=1, max_length=40)] = "Coasters"


def ring_gap(coaster: Coaster) -> float:
    """The mm between two rings: the radius shared out, a centre disc as wide as a ring."""
    return coaster.diameter / 2 / (coaster.rings + 1)


def validate(coaster: Coaster) -> Report:
    if ring_gap(coaster) >= MIN_RING_GAP:
        return Report.of([])
    most = int(coaster.diameter / 2 / MIN_RING_GAP) - 1
    return Report.of([Violation.error(
        "coasters.rings.too-close", f"{coaster.rings} rings on a {coaster.diameter:g} mm coaster are "
        f"{ring_gap(coaster):.1f} mm apart; at least {MIN_RING_GAP:g} mm is needed (at most {most} rings)",
        field="rings")])


def print_coaster(coaster: Coaster, options: PrintOptions) -> Document:
    size, bleed = coaster.diameter, options.bleed
    centre = size / 2
    scene = Scene(size, size, bleed=bleed, meta={"title": coaster.title, "seed": str(coaster.seed)})
    scene.add(Circle(centre, centre, centre + bleed, Style(fill="forest-tint")))
    gap = ring_gap(coaster)
    for ring in range(coaster.rings, 0, -1):
        radius = gap * (ring + 1)
        scene.add(Circle(centre, centre, radius, Style(stroke="ink", stroke_width=0.5)))
        scene.add(Text(centre, centre - radius + gap * 0.7, str(coaster.rings - ring + 1), gap * 0.5,
                       anchor="middle"))
    scene.add(Text(centre, centre + gap * 0.2, coaster.title, min(gap * 0.45, 5), anchor="middle"))
    if not options.paper:
        return Document.single(scene)        # one coaster at its own size
    # On paper: a sheet full of coasters, with bleed and crop marks, by washigen's own imposition.
    width, height = PAPER_SIZES[options.paper]
    sheet = Template(name=options.paper, paper_w=width, paper_h=height, margins=(10, 10, 10, 10),
                     grid=Grid(item_w=size, item_h=size))
    return impose_grid([scene] * grid_layout(sheet, bleed).per_page, sheet, options, title=coaster.title)


@dataclass(frozen=True)
class CoasterParams:
    """The coaster's parameters, declared once: the command line, `washigen games`, washigen.generate and the
    studio are built from them."""
    rings: int = param(4, "Scoring rings.", min=1, max=12)
    diameter: float = param(90.0, "Diameter in mm.", min=60.0, max=120.0)
    title: str = param("Coasters", "Printed in the centre.", max_length=40)


def make_coaster(options: CoasterParams) -> Coaster:
    return Coaster(rings=options.rings, diameter=options.diameter, title=options.title)


@click.group("coasters")
def commands() -> None:
    """Coasters: round cards with scoring rings (an example game from a plugin)."""


@commands.command("coaster")
@spec_options(CoasterParams)
@output_option((".pdf", ".svg", ".png", ".json"))
@print_options(backs=False)
def coaster_command(output: Path, print_options: PrintOptions, **params: object) -> None:
    """Print one coaster at real size."""
    coaster = make_coaster(CoasterParams(**params))  # type: ignore[arg-type]
    report = validate(coaster)
    if not report.ok:
        raise click.UsageError(report.format_text())
    emit(GAME, coaster, output, print_options)


GAME = Game(name="coasters", title="Coasters", designs={"coaster": Coaster}, validate=validate,
            print_design=print_coaster, commands=commands,
            components=(Component("coaster", "Print one coaster at real size", options=CoasterParams,
                                  make=make_coaster),))
