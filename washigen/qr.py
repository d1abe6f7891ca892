"""QR codes as printed: the module grid of a URL (reportlab's encoder) and the sizes a printed code needs to scan.

DESIGN 4: a module at least 0.4 mm, and a quiet zone of 4 modules of bare paper around the code. A place that
cannot hold that leaves the code out (its game's validator says so with a printability warning).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import InputError
from .words import N_, Says
from .units import MAX_URL_LENGTH

MIN_MODULE = 0.4           # mm
QUIET_MODULES = 4
QR_BYTES = 2331            # what the largest code (version 40, error correction M) holds, in UTF-8 bytes


@lru_cache(maxsize=32)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of `url`'s QR code, error correction M, without the quiet zone."""
    if not url or len(url) > MAX_URL_LENGTH:
        raise InputError(Says(N_("{field}: give a URL of 1 to {most} characters, got {count}"), field="rules-url",
                              most=MAX_URL_LENGTH, count=len(url)))
    if len(url.encode()) > QR_BYTES:
        raise InputError(Says(N_("{field}: a QR code holds at most {most} bytes; this URL is {size} bytes in "
                                 "{encoding} (percent-encode fewer characters, or shorten it)"), field="rules-url",
                              most=QR_BYTES, size=len(url.encode()), encoding="UTF-8"))
    # reportlab ships no type hints: its names are Any to mypy
    from reportlab.graphics.barcode.qr import QrCodeWidget  # type: ignore[import-untyped]

    code = QrCodeWidget(url, barLevel="M").qr
    code.make()
    n = code.getModuleCount()
    return tuple(tuple(bool(code.isDark(r, c)) for c in range(n)) for r in range(n))


def min_qr_size(url: str) -> float:
    """The side in mm of the smallest printable code of `url`, quiet zone included."""
    return (len(qr_matrix(url)) + 2 * QUIET_MODULES) * MIN_MODULE


def qr_fits(url: str, side: float) -> bool:
    """Whether a square of `side` mm holds a printable code of `url`."""
    return side >= min_qr_size(url) - 1e-9
