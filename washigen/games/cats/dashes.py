"""Dash patterns that print: every dash and every gap of a dashed line at least MIN_LINE, the grid's thinnest line,
on every cell size a map takes (a pattern scaled with a 0.625 mm cell comes out too fine to hold)."""

from __future__ import annotations

import math

from .symbols import MIN_LINE

SLACK = 1e-9               # a pattern exactly at MIN_LINE holds
MICRON = 0.001             # what the SVG rounds lengths to (three decimals)
OVERRUN = 0.01             # the most a fitted pattern's rounding takes off its last gap


def printable(length: float, on: float, off: float) -> bool:
    """Whether a line `length` mm long dashed on, off (butt ends) keeps every dash and gap at least MIN_LINE, its
    last ones too: it may end on a whole period or in a dash, but not on a stub of a dash nor a sliver of a gap
    (which the next line along it, a circle's first dash, closes). A line within two micrometres of a whole period
    ends on it: the SVG rounds to micrometres."""
    if min(on, off) < MIN_LINE - SLACK:
        return False
    rest = math.fmod(length, on + off)
    if rest < 2 * MICRON or on + off - rest < 2 * MICRON:
        return True
    return MIN_LINE - SLACK <= rest <= on or rest >= on + MIN_LINE - SLACK


def dash_pattern(length: float, on: float, off: float) -> tuple[float, float]:
    """A closed line's (on, off): as given where it prints, else fitted to the line (fitted_dash)."""
    return (on, off) if printable(length, on, off) else fitted_dash(length, on, off)


def fitted_dash(length: float, on: float, off: float) -> tuple[float, float]:
    """The pattern on:off scaled so that `length` holds whole periods, as near its given size as gaps of at least
    MIN_LINE let it be: a closed line of that length, or a line drawn in stretches of that length, each dashed
    alike. Rounded up to the micrometre and a micrometre long, so that no rounding (of the pattern or of the
    stretch's ends in the SVG) leaves a sliver of a dash at a stretch's end: its last gap gives up what is over."""
    period = on + off
    room = length + MICRON
    least = (MIN_LINE + OVERRUN) / min(on, off)       # the least scale whose last gap still holds MIN_LINE
    most = math.floor(room / (period * least) + SLACK)
    periods = max(1, min(round(room / period), most))
    scale = room / (periods * period)
    return _micrometres_up(on * scale), _micrometres_up(off * scale)


def _micrometres_up(mm: float) -> float:
    return math.ceil(mm / MICRON - SLACK) * MICRON
