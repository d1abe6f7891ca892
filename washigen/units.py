"""Lengths and the size tables. Every length inside washigen is a float in millimetres."""

from __future__ import annotations

import re

from .errors import InputError
from .words import N_, Says

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "m": 1000.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

# A length as written; compiled (and kept by re) when first used, not by every start of washigen.
_LENGTH = r"^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(mm|cm|m|in|pt)?\s*$"


# The longest length washigen accepts anywhere: a kilometre of tape (DESIGN 12); options set tighter bounds.
MAX_LENGTH = 1_000_000.0
MAX_LENGTH_TEXT = 32
MAX_URL_LENGTH = 2000      # characters of a rules URL, wherever one is given (option, design file, studio)


def parse_length(value: str | float | int, field: str = "length", allow_zero: bool = False,
                 maximum: float = MAX_LENGTH) -> float:
    """"50mm", "2.5in", "1m", "12pt" or a bare number (millimetres) -> millimetres, finite, 0 < mm <= maximum."""
    if isinstance(value, bool):
        raise InputError(Says(N_("{field}: expected a length such as 50mm, got {value!r}"), field=field, value=value))
    if isinstance(value, (int, float)):
        mm = float(value)
    elif len(str(value)) > MAX_LENGTH_TEXT:
        raise InputError(Says(N_("{field}: {value!r}... is not a length (too long)"), field=field,
                              value=str(value)[:MAX_LENGTH_TEXT]))
    else:
        match = re.match(_LENGTH, str(value))
        if not match and str(value).lstrip().startswith("-") and re.match(_LENGTH, str(value).lstrip()[1:]):
            raise _below(field, value, allow_zero)
        if not match:
            raise InputError(Says(N_("{field}: {value!r} is not a length; write a number with {units} or {unit} (e.g. "
                                     "50mm, 2.5in)"), field=field, value=value, units="mm, cm, m, in", unit="pt"))
        mm = float(match.group(1)) * MM_PER_UNIT[match.group(2) or "mm"]
    if mm != mm or mm in (float("inf"), float("-inf")):
        raise InputError(Says(N_("{field}: {value!r} is not a finite length"), field=field, value=value))
    if mm < 0 or (mm == 0 and not allow_zero):
        raise _below(field, value, allow_zero)
    if mm > maximum:
        raise InputError(Says(N_("{field}: must be at most {most}, got {value!r}"), field=field,
                              most=format_length(maximum), value=value))
    return mm


def _below(field: str, value: object, allow_zero: bool) -> InputError:
    """The refusal of a length below its least: a negative one, or zero where zero is no length."""
    if allow_zero:
        return InputError(Says(N_("{field}: must be zero or more, got {value!r}"), field=field, value=value))
    return InputError(Says(N_("{field}: must be greater than zero, got {value!r}"), field=field, value=value))


def format_length(mm: float) -> str:
    """A limit as a user would write it: 1000000 -> '1000m', 20 -> '20mm'."""
    if mm >= 1000 and mm % 1000 == 0:
        return f"{mm / 1000:g}m"
    return f"{format_mm(mm)}mm"


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt / PT_PER_MM


# Paper, portrait, (width, height) in mm.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}

# Washi tape comes in these widths, on 10 m rolls.
TAPE_WIDTHS: tuple[float, ...] = (15.0, 20.0, 25.0, 30.0, 35.0, 45.0, 50.0)
TAPE_ROLL_LENGTH = 10_000.0

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
}

TILE_SIZES: dict[str, float] = {"tile40": 40.0, "tile45": 45.0}

# Print defaults (DESIGN 4).
DEFAULT_BLEED = 3.0
SAFE_ZONE = 3.0
CROP_MARK_LENGTH = 5.0
CROP_MARK_WIDTH = 0.2
CROP_MARK_OFFSET = 2.0
MIN_PAGE_MARGIN = 6.35
MAX_BLEED = 20.0           # more is no bleed but a second picture
MAX_BACK_OFFSET = 20.0     # a duplex drift beyond this is a paper jam, not a drift
MAX_GUTTER = 30.0          # mm between cards or tiles on a sheet


def paper_size(name: str, orientation: str = "portrait") -> tuple[float, float]:
    key = name.strip().lower()
    if key not in PAPER_SIZES:
        raise InputError(Says(N_("{field}: unknown paper {name!r}; choose one of {known}"), field="paper", name=name,
                              known=", ".join(PAPER_SIZES)))
    width, height = PAPER_SIZES[key]
    if orientation == "landscape":
        return height, width
    if orientation != "portrait":
        raise InputError(Says(N_("{field}: must be {wanted}, got {value!r}"), field="orientation",
                              wanted=Says(N_("{first} or {rest}"), first="portrait", rest="landscape"),
                              value=orientation))
    return width, height


def card_size(name: str) -> tuple[float, float]:
    key = name.strip().lower()
    if key not in CARD_SIZES:
        raise InputError(Says(N_("{field}: unknown card size {name!r}; choose one of {known}"), field="card",
                              name=name, known=", ".join(CARD_SIZES)))
    return CARD_SIZES[key]


def tape_width(value: str | float) -> float:
    """A tape width as a length; any positive width is accepted, the standard ones are listed in --help."""
    return parse_length(value, field="tape width")


def format_mm(mm: float) -> str:
    """12.0 -> '12', 63.5 -> '63.5' (for labels and messages)."""
    return f"{mm:.2f}".rstrip("0").rstrip(".")


class Mm(float):
    """A length in mm as a sentence (words.Says) shows it: format_mm's digits (12, 63.5), and still a number, so
    that the sentence said in another language writes it with that language's decimal separator (63,5)."""

    def __format__(self, spec: str) -> str:
        return format_mm(self) if not spec else super().__format__(spec)
