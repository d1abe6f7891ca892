"""Sheet templates (templates/*.toml): paper, orientation, margins, and an n-up grid or tape lanes.

    name = "A4 poker 9-up"
    paper = "a4"                 # or size = [210, 297] (mm)
    orientation = "portrait"
    margins = 6.35               # or [top, right, bottom, left]
    [grid]
    item = "poker"               # a card or tile name, or [width, height] in mm
    cols = 3                     # optional: as many as fit
    rows = 3
    gutter = 0                   # mm between items; omitted: twice the bleed, so every item keeps its bleed
    origin = [8.0, 12.5]         # optional: top-left of the first item (label sheets); else centred
    pitch = [66.0, 38.1]         # optional: distance from one item to the next; else item + gutter
    [lanes]                      # instead of [grid], for tape strips
    width = 50                   # the tape width
    gap = 10                     # between lanes (room for crop marks and the piece label)
    [marks]                      # optional: crop marks
    offset = 2
    length = 5
    width = 0.2
    style = "crop"               # or "cut-lines": full-length lines, where marks would fall off the paper
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import TemplateError
from ..i18n import N_, either
from ..inputs import parse_toml, read_text
from ..paths import TEMPLATES
from ..units import (CARD_SIZES, CROP_MARK_LENGTH, CROP_MARK_OFFSET, CROP_MARK_WIDTH, MIN_PAGE_MARGIN,
                     PAPER_SIZES, TILE_SIZES, Mm)
from ..words import Says


# Every number a template holds is bounded: no sheet is larger than a 5 m banner, no grid has more items a side.
MAX_TEMPLATE_MM = 5000.0
MAX_TEMPLATE_COUNT = 100
MIN_ITEM_MM = 5.0
# DESIGN 4: home printers (and many shop printers) print nothing this near the paper's edge, so nothing goes there:
# a template's margins are at least this wide, and bleed, crop marks and the sheet's footer stay inside them.
PRINTER_MARGIN = 5.0
ONE_OF = N_("must be {wanted}, got {value!r}")     # a key's value not among its choices (the key is named before)


@dataclass(frozen=True)
class Grid:
    item_w: float
    item_h: float
    cols: int | None = None
    rows: int | None = None
    gutter: float | None = None           # None: 2 x bleed
    origin: tuple[float, float] | None = None
    pitch: tuple[float, float] | None = None


@dataclass(frozen=True)
class Lanes:
    width: float
    gap: float = 10.0


@dataclass(frozen=True)
class Marks:
    offset: float = CROP_MARK_OFFSET
    length: float = CROP_MARK_LENGTH
    width: float = CROP_MARK_WIDTH
    style: str = "crop"        # "cut-lines" where crop marks would fall off the paper (items filling a side)


@dataclass(frozen=True)
class Template:
    name: str
    paper_w: float                        # as printed, after orientation
    paper_h: float
    margins: tuple[float, float, float, float]   # top, right, bottom, left: paper left blank (see `usable`)
    grid: Grid | None = None
    lanes: Lanes | None = None
    marks: Marks = Marks()
    source: str = ""

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the area inside the margins (each at least PRINTER_MARGIN), where the items' trims go."""
        top, right, bottom, left = (max(PRINTER_MARGIN, m) for m in self.margins)
        return left, top, self.paper_w - left - right, self.paper_h - top - bottom

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the paper inside the printer's margin: everything printed on the sheet (the items,
        their bleed, crop marks, the footer) stays inside it."""
        m = PRINTER_MARGIN
        return m, m, self.paper_w - 2 * m, self.paper_h - 2 * m

    def turned(self) -> "Template":
        """The same sheet in the other orientation (its margins turned with it)."""
        top, right, bottom, left = self.margins
        return replace(self, paper_w=self.paper_h, paper_h=self.paper_w, margins=(left, top, right, bottom))

    @property
    def paper_name(self) -> str:
        return self.name


def _shown(value: Any) -> str:
    """A TOML value as a message quotes it: a date or time as it was written (1979-05-27), not as Python's repr."""
    return value.isoformat() if isinstance(value, (datetime.date, datetime.time)) else repr(value)


def _fail(source: str, field: str, message: Says) -> TemplateError:
    return TemplateError(Says(N_("{source}: {field}: {problem}"), source=source, field=field, problem=message))


def _number(value: Any, source: str, field: str, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _fail(source, field, Says(N_("must be a number of millimetres, got {value}"), value=_shown(value)))
    if value < 0 or (positive and value == 0):
        raise _fail(source, field, Says(N_("must be greater than zero, got {value}") if positive else
                                        N_("must be at least zero, got {value}"), value=_shown(value)))
    if value > MAX_TEMPLATE_MM:
        raise _fail(source, field, Says(N_("must be at most {most} mm, got {value}"), most=Mm(MAX_TEMPLATE_MM),
                                        value=_shown(value)))
    return float(value)


def _pair(value: Any, source: str, field: str) -> tuple[float, float]:
    if not (isinstance(value, list) and len(value) == 2):
        raise _fail(source, field, Says(N_("must be a pair [x, y] in mm, got {value}"), value=_shown(value)))
    return _number(value[0], source, field, False), _number(value[1], source, field, False)


def _item_size(value: Any, source: str) -> tuple[float, float]:
    if isinstance(value, str):
        key = value.lower()
        if key in CARD_SIZES:
            return CARD_SIZES[key]
        if key in TILE_SIZES:
            return TILE_SIZES[key], TILE_SIZES[key]
        known = ", ".join([*CARD_SIZES, *TILE_SIZES])
        raise _fail(source, "grid.item", Says(N_("unknown item {value}; use one of {known} or [width, height]"),
                                              value=_shown(value), known=known))
    w, h = _pair(value, source, "grid.item")
    if min(w, h) < MIN_ITEM_MM:
        raise _fail(source, "grid.item", Says(N_("width and height must be at least {least} mm, got {width} x "
                                                 "{height}"), least=Mm(MIN_ITEM_MM), width=Mm(w), height=Mm(h)))
    return w, h


def _pitch(value: Any, source: str, item: tuple[float, float]) -> tuple[float, float]:
    pitch = _pair(value, source, "grid.pitch")
    if pitch[0] < item[0] or pitch[1] < item[1]:
        raise _fail(source, "grid.pitch", Says(N_("{across} x {down} mm is smaller than the item ({width} x {height} "
                                                  "mm): items would overlap"), across=Mm(pitch[0]), down=Mm(pitch[1]),
                                               width=Mm(item[0]), height=Mm(item[1])))
    return pitch


def _count(value: Any, source: str, field: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TEMPLATE_COUNT:
        raise _fail(source, field, Says(N_("must be a whole number from 1 to {most}, got {value}"),
                                        most=MAX_TEMPLATE_COUNT, value=_shown(value)))
    return value


def parse_template(data: dict[str, Any], source: str) -> Template:
    known = {"name", "paper", "size", "orientation", "margins", "grid", "lanes", "marks"}
    for key in data:
        if key not in known:
            raise _fail(source, key, Says(N_("unknown key; a template has {known}"), known=", ".join(sorted(known))))
    paper_w, paper_h = _paper(data, source)
    orientation = data.get("orientation", "portrait")
    if orientation not in ("portrait", "landscape"):
        raise _fail(source, "orientation", Says(ONE_OF, wanted=either(("portrait", "landscape")), value=orientation))
    if (orientation == "landscape") != (paper_w > paper_h):
        paper_w, paper_h = paper_h, paper_w
    margins = _margins(data.get("margins", MIN_PAGE_MARGIN), source)
    grid = lanes = None
    if ("grid" in data) == ("lanes" in data):
        raise _fail(source, "grid", Says(N_("a template has either a {grid} or a {lanes} table, not both or neither"),
                                         grid="[grid]", lanes="[lanes]"))
    if "grid" in data:
        grid = _grid(data["grid"], source)
    else:
        spec = data["lanes"]
        if not isinstance(spec, dict) or "width" not in spec:
            raise _fail(source, "lanes.width", Says(N_("missing: the tape width in mm")))
        lanes = Lanes(_number(spec["width"], source, "lanes.width"),
                      _number(spec.get("gap", 10.0), source, "lanes.gap", positive=False))
    marks_spec = data.get("marks", {})
    if not isinstance(marks_spec, dict):
        raise _fail(source, "marks", Says(N_("must be a table")))
    style = marks_spec.get("style", "crop")
    if style not in ("crop", "cut-lines"):
        raise _fail(source, "marks.style", Says(ONE_OF, wanted=either(("crop", "cut-lines")), value=style))
    offset, length, width = (_number(marks_spec.get(k, d), source, f"marks.{k}", positive=False)
                             for k, d in (("offset", CROP_MARK_OFFSET), ("length", CROP_MARK_LENGTH),
                                          ("width", CROP_MARK_WIDTH)))
    marks = Marks(offset, length, width, style=style)
    name = str(data.get("name", Path(source).stem))
    template = Template(name, paper_w, paper_h, margins, grid, lanes, marks, source)
    _check_fits(template)
    return template


def _paper(data: dict, source: str) -> tuple[float, float]:
    if "size" in data:
        return _pair(data["size"], source, "size")
    paper = str(data.get("paper", "a4")).lower()
    if paper not in PAPER_SIZES:
        raise _fail(source, "paper", Says(N_("unknown paper {name!r}; use one of {known} or {size}"), name=paper,
                                          known=", ".join(PAPER_SIZES), size="size = [w, h]"))
    return PAPER_SIZES[paper]


def _margins(value: Any, source: str) -> tuple[float, float, float, float]:
    if isinstance(value, list):
        if len(value) != 4:
            raise _fail(source, "margins", Says(N_("must be one number or [top, right, bottom, left]")))
        return tuple(_number(v, source, "margins", positive=False) for v in value)  # type: ignore[return-value]
    m = _number(value, source, "margins", positive=False)
    return m, m, m, m


def _grid(spec: Any, source: str) -> Grid:
    if not isinstance(spec, dict) or "item" not in spec:
        raise _fail(source, "grid.item", Says(N_("missing: a card or tile name, or [width, height]")))
    for key in spec:
        if key not in ("item", "cols", "rows", "gutter", "origin", "pitch"):
            raise _fail(source, f"grid.{key}", Says(N_("unknown key")))
    w, h = _item_size(spec["item"], source)
    gutter = spec.get("gutter")
    return Grid(w, h, _count(spec.get("cols"), source, "grid.cols"), _count(spec.get("rows"), source, "grid.rows"),
                None if gutter is None else _number(gutter, source, "grid.gutter", positive=False),
                _pair(spec["origin"], source, "grid.origin") if "origin" in spec else None,
                _pitch(spec["pitch"], source, (w, h)) if "pitch" in spec else None)


def _check_fits(template: Template) -> None:
    x, y, w, h = template.usable
    if w <= 0 or h <= 0:
        raise _fail(template.source, "margins", Says(N_("leave no room on the paper")))
    if template.grid and template.grid.origin is None:
        g = template.grid
        if g.item_w > w or g.item_h > h:
            raise _fail(template.source, "grid.item",
                        Says(N_("{width} x {height} mm does not fit inside the margins ({room_width} x {room_height} "
                                "mm)"), width=Mm(g.item_w), height=Mm(g.item_h), room_width=Mm(w), room_height=Mm(h)))
    if template.lanes and template.lanes.width > h:
        raise _fail(template.source, "lanes.width", Says(N_("the tape is wider than the paper inside its margins")))


def load_template(path: str | Path) -> Template:
    path = Path(path)
    return loads_template(read_text(path, "template file", TemplateError), str(path))


def loads_template(text: str, source: str) -> Template:
    return parse_template(parse_toml(text, source, TemplateError, "template"), source)


@lru_cache(maxsize=None)
def builtin_templates() -> dict[str, Template]:
    """Every template shipped in templates/, by file stem (a4-poker, letter-tape50, ...)."""
    return {path.stem: load_template(path) for path in sorted(TEMPLATES.glob("*.toml"))}


def template_for(kind: str, paper: str, template_file: Path | None = None) -> Template:
    """The user's template file if given, else the built-in `<paper>-<kind>` (kind: poker, tile40, tape50, ...)."""
    if template_file is not None:
        return load_template(template_file)
    paper = paper.lower()
    templates = builtin_templates()
    name = f"{paper}-{kind}"
    if name in templates:
        return templates[name]
    if f"a4-{kind}" not in templates:
        raise TemplateError(Says(N_("no built-in {kind} sheet; give a template file with {option}"), kind=kind,
                                 option="--template"))
    if paper not in PAPER_SIZES:
        raise TemplateError(Says(N_("{field}: unknown paper {name!r}; use one of {known}"), field="paper", name=paper,
                                 known=", ".join(PAPER_SIZES)))
    return on_paper(templates[f"a4-{kind}"], paper)


@lru_cache(maxsize=None)
def on_paper(template: Template, paper: str) -> Template:
    """A built-in A4 sheet laid out on another paper: the same items, margins and marks, in the same
    orientation, with as many items (or lanes) as fit. Every paper --paper offers is a built-in sheet this way."""
    width, height = PAPER_SIZES[paper]
    if (template.paper_w > template.paper_h) != (width > height):
        width, height = height, width
    grid = template.grid and replace(template.grid, cols=None, rows=None, origin=None, pitch=None)
    label = template.name.replace("A4", paper.title() if len(paper) > 2 else paper.upper())
    derived = replace(template, name=label, paper_w=width, paper_h=height, grid=grid, source=label)
    _check_fits(derived)
    return derived
