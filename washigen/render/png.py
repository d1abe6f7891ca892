"""Scene -> PNG through cairosvg at a chosen dpi (default 300), the dpi written into the file with Pillow.

An image past MAX_PIXELS is rendered as tiles (a window of the SVG each), so a whole tape roll at 600 dpi never
needs one giant bitmap in memory.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace

import cairosvg
from PIL import Image

from ..errors import InputError
from ..scene import Group, Scene
from .svg import to_svg

DEFAULT_DPI = 300
MAX_PIXELS = 100_000_000
MAX_SIDE = 32_767            # cairo's largest image side


def pixel_size(scene: Scene, dpi: int) -> tuple[int, int]:
    return (round(scene.outer_width / 25.4 * dpi), round(scene.outer_height / 25.4 * dpi))


def check_dpi(dpi: int) -> int:
    if not (isinstance(dpi, int) and 30 <= dpi <= 2400):
        raise InputError(f"dpi: must be a whole number from 30 to 2400, got {dpi!r}")
    return dpi


def to_png(scene: Scene, dpi: int = DEFAULT_DPI) -> bytes:
    """One PNG of the whole scene (trim plus bleed) at `dpi`, white background, dpi recorded."""
    check_dpi(dpi)
    width, height = pixel_size(scene, dpi)
    if too_large(width, height):
        raise InputError(f"png: {width} x {height} px at {dpi} dpi is more than {MAX_PIXELS // 1_000_000} "
                         f"megapixels or {MAX_SIDE} px a side; write tiles (tile_windows) or lower --dpi")
    return _rasterise(to_svg(scene), width, height, dpi)


def too_large(width: int, height: int) -> bool:
    return width * height > MAX_PIXELS or max(width, height) > MAX_SIDE


def _rasterise(svg: bytes, width: int, height: int, dpi: int) -> bytes:
    raw = cairosvg.svg2png(bytestring=svg, output_width=width, output_height=height, dpi=dpi,
                           background_color="white")
    image = Image.open(io.BytesIO(raw))
    image.load()
    out = io.BytesIO()
    # No timestamps or text chunks: the same scene gives the same bytes.
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return out.getvalue()


def tile_windows(scene: Scene, dpi: int = DEFAULT_DPI, max_pixels: int | None = None) -> list[Scene]:
    """The scene cut into vertical bands along its length, left to right, each under max_pixels at `dpi`; each band
    is a scene of its own (bleed included, no further bleed), so it renders with to_png like any other."""
    check_dpi(dpi)
    width, height = pixel_size(scene, dpi)
    count = max(1, math.ceil(width * height / (max_pixels or MAX_PIXELS)), math.ceil(width / MAX_SIDE))
    tile_px = math.ceil(width / count)
    px_per_mm = dpi / 25.4
    windows = []
    for left_px in range(0, width, tile_px):
        tile_width = min(tile_px, width - left_px)
        windows.append(_window(scene, left_px / px_per_mm - scene.bleed, tile_width / px_per_mm))
    return windows


def _window(scene: Scene, x: float, width: float) -> Scene:
    """The same drawing seen through a vertical band from x to x + width (scene mm, bleed included)."""
    band = replace(scene, width=width, height=scene.outer_height, bleed=0.0, trim_box=None, bleed_box=None,
                   children=[Group(children=list(scene.children), dx=-x, dy=scene.bleed)])
    band.meta = {**scene.meta, "tile_x_mm": f"{x:.3f}"}
    return band
