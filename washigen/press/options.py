"""The print options every printing command shares (the CLI spells them the same everywhere)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..units import DEFAULT_BLEED

Duplex = Literal["long", "short", "none"]
Colour = Literal["rgb", "cmyk"]


@dataclass(frozen=True)
class PrintOptions:
    paper: str | None = None               # None: the design's natural page (a map at real size)
    template: Path | None = None           # a user's own sheet template (TOML)
    bleed: float = DEFAULT_BLEED
    crop_marks: bool = True
    cut_lines: bool = False                # full-length cut lines instead of crop marks
    duplex: Duplex = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    orientation: str | None = None         # override the template's orientation
    profile: str | None = None             # the printer profile the defaults came from, named on every sheet
    gutter: float | None = None            # mm between cards or tiles on a sheet (None: the template's)
    colour: Colour = "rgb"                 # the PDF's colour space: cmyk for print shops and tape makers
    output_profile: Path | None = None     # with cmyk: the shop's ICC output profile, embedded as the intent
    lang: str = "en"                       # the language of every printed word (washigen.i18n)
