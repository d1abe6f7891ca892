"""The one font family washigen prints with: DejaVu (assets/fonts), which covers German (ä ö ü ß) and more.

The PDF backend embeds it (subset), and PNGs are that PDF rasterised; SVG names the same family so viewers pick it
from the system.
Text measurement for layout uses the same metrics, so a label that fits in the PDF fits in the SVG.
"""

from __future__ import annotations

from functools import lru_cache

from .paths import ASSETS

SVG_FAMILY = {"sans": "DejaVu Sans, Verdana, sans-serif", "mono": "DejaVu Sans Mono, monospace"}

_FILES = {
    ("sans", "normal", False): ("WashigenSans", "DejaVuSans.ttf"),
    ("sans", "bold", False): ("WashigenSans-Bold", "DejaVuSans-Bold.ttf"),
    ("sans", "normal", True): ("WashigenSans-Oblique", "DejaVuSans-Oblique.ttf"),
    ("sans", "bold", True): ("WashigenSans-BoldOblique", "DejaVuSans-BoldOblique.ttf"),
    ("mono", "normal", False): ("WashigenMono", "DejaVuSansMono.ttf"),
}


@lru_cache(maxsize=None)
def pdf_font(family: str = "sans", weight: str = "normal", italic: bool = False) -> str:
    """Registers (once) and returns the reportlab font name for a family/weight/style."""
    # reportlab ships no type hints: its names are Any to mypy
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

    key = (family, weight, italic) if (family, weight, italic) in _FILES else (family, "normal", False)
    if key not in _FILES:
        key = ("sans", "normal", False)
    name, filename = _FILES[key]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(ASSETS / "fonts" / filename)))
    return name


@lru_cache(maxsize=None)
def register_family() -> str:
    """Registers the sans family with bold/italic mapping for platypus; returns its name."""
    # reportlab ships no type hints
    from reportlab.lib.fonts import addMapping  # type: ignore[import-untyped]

    regular = pdf_font("sans")
    bold = pdf_font("sans", "bold")
    italic = pdf_font("sans", "normal", True)
    bold_italic = pdf_font("sans", "bold", True)
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italic)
    addMapping(regular, 1, 1, bold_italic)
    return regular


def text_width(text: str, size: float, weight: str = "normal", family: str = "sans") -> float:
    """Width in mm of `text` at font size `size` mm."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, pdf_font(family, weight), size)


def fit_size(text: str, max_width: float, size: float, weight: str = "normal", minimum: float = 1.2) -> float:
    """The largest font size <= size at which `text` fits in max_width mm (never below `minimum`)."""
    width = text_width(text, size, weight)
    if width <= max_width or width == 0:
        return size
    return max(minimum, size * max_width / width)


def wrap_text(text: str, size: float, width: float, weight: str = "normal") -> list[str]:
    """`text` broken into lines at spaces so each fits `width` mm at font size `size` mm (a word longer than the
    width stands alone on its line)."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, weight) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def balanced_lines(text: str, weight: str = "normal") -> list[str]:
    """`text` in two lines, broken at the space that makes the longer line shortest (one line if it has none)."""
    spaces = [i for i, char in enumerate(text) if char == " "]
    if not spaces:
        return [text]
    cut = min(spaces, key=lambda i: max(text_width(text[:i], 1.0, weight), text_width(text[i + 1:], 1.0, weight)))
    return [text[:cut], text[cut + 1:]]


# DESIGN 4: printed text at least 6 pt, fine print (seed, version) at least 5 pt; sizes here are in mm.
MIN_TEXT = 6.0 * 25.4 / 72.0
MIN_FINE_PRINT = 5.0 * 25.4 / 72.0
# DejaVu Sans: ascender and descender of the glyphs, in em (what a preflight measures of a printed line).
ASCENT = 0.76
DESCENT = 0.24
_DESCENDERS = frozenset("gjpqyQ,;()[]{}|/_@$")


def descent(text: str) -> float:
    """How far below the baseline `text` reaches, in em: nothing unless it has a descender."""
    return DESCENT if _DESCENDERS.intersection(text) else 0.0


def size_in_room(text: str, room: float, wanted: float, minimum: float = MIN_TEXT) -> float | None:
    """The largest size <= wanted at which `text` stands in a line `room` mm tall, or None when that is below
    `minimum` (the text is better left out than printed too small to read)."""
    size = min(wanted, room / (ASCENT + descent(text)))
    return size if size >= minimum - 1e-9 else None
