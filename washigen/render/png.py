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
from ..scene import Scene
from .svg import to_svg

DEFAULT_DPI = 300
MAX_PIXELS = 100_000_000


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
    if width * height > MAX_PIXELS:
        raise InputError(f"png: {width} x {height} px at {dpi} dpi is more than {MAX_PIXELS // 1_000_000} "
                         "megapixels; write tiles instead (png_tiles) or lower --dpi")
    return _rasterise(to_svg(scene), width, height, dpi)


def _rasterise(svg: bytes, width: int, height: int, dpi: int) -> bytes:
    raw = cairosvg.svg2png(bytestring=svg, output_width=width, output_height=height, dpi=dpi,
                           background_color="white")
    image = Image.open(io.BytesIO(raw))
    image.load()
    out = io.BytesIO()
    # No timestamps or text chunks: the same scene gives the same bytes.
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return out.getvalue()


def png_tiles(scene: Scene, dpi: int = DEFAULT_DPI, max_pixels: int = MAX_PIXELS):
    """Yields (index, x_mm, y_mm, png_bytes): the scene cut into vertical bands (along a long strip), each under
    max_pixels, left to right. Tile i covers x from x_mm to the next tile's x_mm."""
    check_dpi(dpi)
    width, height = pixel_size(scene, dpi)
    count = max(1, math.ceil(width * height / max_pixels))
    tile_px = math.ceil(width / count)
    px_per_mm = dpi / 25.4
    for index in range(count):
        left_px = index * tile_px
        tile_width = min(tile_px, width - left_px)
        x_mm = left_px / px_per_mm - scene.bleed
        window = _window(scene, x_mm, tile_width / px_per_mm)
        yield index, x_mm, -scene.bleed, _rasterise(to_svg(window), tile_width, height, dpi)


def _window(scene: Scene, x: float, width: float) -> Scene:
    """The same drawing seen through a vertical band from x to x + width (scene mm, bleed included)."""
    from ..scene import Group

    band = replace(scene, width=width, bleed=0.0, children=[], trim_box=None, bleed_box=None)
    band.height = scene.outer_height
    band.children = [Group(children=list(scene.children), dx=-x, dy=scene.bleed)]
    return band
