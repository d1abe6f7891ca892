"""QR codes as printed: the module grid of a URL (reportlab's encoder) and the sizes a printed code needs to scan.

DESIGN 4: a module at least 0.4 mm, and a quiet zone of 4 modules of bare paper around the code. A place that
cannot hold that leaves the code out (its game's validator says so with a printability warning).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import InputError
from .units import MAX_URL_LENGTH

MIN_MODULE = 0.4           # mm
QUIET_MODULES = 4
QR_BYTES = 2331            # what the largest code (version 40, error correction M) holds, in UTF-8 bytes


@lru_cache(maxsize=32)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of `url`'s QR code, error correction M, without the quiet zone."""
    if not url or len(url) > MAX_URL_LENGTH:
        raise InputError(f"rules-url: give a URL of 1 to {MAX_URL_LENGTH} characters, got {len(url)}")
    if len(url.encode()) > QR_BYTES:
        raise InputError(f"rules-url: a QR code holds at most {QR_BYTES} bytes; this URL is {len(url.encode())} "
                         f"bytes in UTF-8 (percent-encode fewer characters, or shorten it)")
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
