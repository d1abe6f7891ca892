"""Scene -> PNG: the scene's PDF (render/pdf.py) rasterised by pdfium at a chosen dpi (default 300), the dpi
written into the file with Pillow.

Why pdfium on the PDF rather than cairosvg on the SVG: the PDF embeds the bundled DejaVu, so a PNG's text is the
PDF's whatever fonts the system has (cairosvg asks the system's fontconfig, and bold, "·" and "×" were lost on a
machine without DejaVu); pdfium draws in C, a 10 m roll at 300 dpi in seconds where cairosvg took half a minute
a tile; and the PNG shows exactly what the PDF prints.

An image past MAX_PIXELS, or with a side past MAX_SIDE (cairo's and many image tools' limit), is written as tiles
(a window of the scene each), so a whole tape roll at 600 dpi never needs one giant bitmap in memory.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace

from PIL import Image

from ..errors import InputError
from ..scene import Group, Scene, Use
from ..words import N_, Says

DEFAULT_DPI = 300
MAX_PIXELS = 100_000_000
MAX_SIDE = 32_767          # the largest image side cairo makes, and many image tools read


def pixel_size(scene: Scene, dpi: int) -> tuple[int, int]:
    return (round(scene.outer_width / 25.4 * dpi), round(scene.outer_height / 25.4 * dpi))


def check_dpi(dpi: int) -> int:
    if not (isinstance(dpi, int) and 30 <= dpi <= 2400):
        raise InputError(Says(N_("{field}: must be a whole number from {low} to {high}, got {value!r}"), field="dpi",
                              low=30, high=2400, value=dpi))
    return dpi


def to_png(scene: Scene, dpi: int = DEFAULT_DPI) -> bytes:
    """One PNG of the whole scene (trim plus bleed) at `dpi`, white background, dpi recorded."""
    check_dpi(dpi)
    width, height = pixel_size(scene, dpi)
    if needs_tiles(scene, dpi):
        raise InputError(Says(N_("{field}: {width} x {height} px at {resolution} is more than {most} megapixels or "
                                 "{side} px a side; {advice}"), field="png", width=width, height=height,
                              resolution=f"{dpi} dpi", most=MAX_PIXELS // 1_000_000, side=MAX_SIDE,
                              advice=Says(N_("write tiles ({function}) or lower {option}"), function="tile_windows",
                                          option="--dpi")), field="dpi")
    return _rasterise(scene, width, height, dpi)


def needs_tiles(scene: Scene, dpi: int) -> bool:
    """Whether one PNG of the scene at `dpi` would pass the pixel cap or the side limit."""
    width, height = pixel_size(scene, dpi)
    return width * height > MAX_PIXELS or width > MAX_SIDE or height > MAX_SIDE


def _rasterise(scene: Scene, width: int, height: int, dpi: int) -> bytes:
    """The scene's PNG; a scene longer than a PDF page may be (pdf.MAX_PAGE_MM, reached at low dpi) is rendered as
    bands of whole pixels, each a page of its own, pasted side by side."""
    from .pdf import MAX_PAGE_MM

    if scene.outer_width <= MAX_PAGE_MM:
        image = _render_page(scene, dpi)
        if image.size != (width, height):     # pdfium rounds the page's pixel size up; ours rounds to nearest
            image = _framed([(0, image)], width, height)
    else:
        bands = _bands(scene, dpi, math.floor(MAX_PAGE_MM / 25.4 * dpi))
        image = _framed(((left_px, _render_page(band, dpi)) for left_px, band in bands), width, height)
    out = io.BytesIO()
    # No timestamps or text chunks: the same scene gives the same bytes.
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return out.getvalue()


def _framed(pieces, width: int, height: int) -> Image.Image:
    """A white image `width` x `height` px with each (left pixel, image) of `pieces` pasted in, clipped to it."""
    framed = Image.new("RGB", (width, height), "white")
    for left_px, piece in pieces:
        framed.paste(piece, (left_px, 0))
    return framed


def _render_page(scene: Scene, dpi: int) -> Image.Image:
    # pypdfium2 ships no type hints (no py.typed): its names are Any to mypy
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    from .pdf import to_pdf

    document = pdfium.PdfDocument(to_pdf([scene]))
    try:
        page = document[0]
        bitmap = page.render(scale=dpi / 72.0)               # on white paper, pdfium's default
        image = bitmap.to_pil()
        # pdfium's BGR bitmap comes out as an RGB copy already: converting it again held a third copy of a 100
        # megapixel tile at once (1.1 GB).
        if image.mode != "RGB":
            image = image.convert("RGB")
        bitmap.close()
        page.close()
    finally:
        document.close()
    return image


def tile_windows(scene: Scene, dpi: int = DEFAULT_DPI, max_pixels: int | None = None) -> list[Scene]:
    """The scene cut into vertical bands along its length, left to right, each under max_pixels and MAX_SIDE at
    `dpi`; each band is a scene of its own (bleed included, no further bleed), so it renders with to_png like any
    other."""
    check_dpi(dpi)
    width, height = pixel_size(scene, dpi)
    if height > MAX_SIDE:
        raise InputError(Says(N_("{field}: the page is {height} px high at {resolution}; tiles are cut along the "
                                 "length and no image is made over {side} px a side: {advice}"), field="png",
                              height=height, resolution=f"{dpi} dpi", side=MAX_SIDE,
                              advice=Says(N_("lower {option}"), option="--dpi")), field="dpi")
    count = max(1, math.ceil(width * height / (max_pixels or MAX_PIXELS)), math.ceil(width / MAX_SIDE))
    return [band for _, band in _bands(scene, dpi, math.ceil(width / count))]


def _bands(scene: Scene, dpi: int, band_px: int) -> list[tuple[int, Scene]]:
    """(left pixel, window) of the scene cut along its length into bands `band_px` wide (the last the rest)."""
    width, _ = pixel_size(scene, dpi)
    px_per_mm = dpi / 25.4
    return [(left_px, _window(scene, left_px / px_per_mm - scene.bleed, min(band_px, width - left_px) / px_per_mm))
            for left_px in range(0, width, band_px)]


def _window(scene: Scene, x: float, width: float) -> Scene:
    """The same drawing seen through a vertical band from x to x + width (scene mm, bleed included)."""
    # Seen through the band, symbols placed wholly outside it are left out: the tile's PDF stays small however
    # long the roll.
    left, right = x - scene.bleed, x - scene.bleed + width
    children = cull_to_band(scene.children, left, right, scene.symbols)
    band = replace(scene, width=width, height=scene.outer_height, bleed=0.0, trim_box=None, bleed_box=None,
                   children=[Group(children=children, dx=-x, dy=scene.bleed)])
    band.meta = {**scene.meta, "tile_x_mm": f"{x:.3f}"}
    return band


def raster_pieces(scene: Scene, dpi: int) -> int:
    """How many PDF pages pdfium renders for one scene's PNG at `dpi`: its tiles (tile_windows), each cut into
    bands where longer than a PDF page may be (_rasterise). Every piece draws the scene's symbols anew."""
    from .pdf import MAX_PAGE_MM

    width, height = pixel_size(scene, dpi)
    band_px = max(1, math.floor(MAX_PAGE_MM / 25.4 * dpi))
    if not needs_tiles(scene, dpi):
        return 1 if scene.outer_width <= MAX_PAGE_MM else math.ceil(width / band_px)
    count = max(1, math.ceil(width * height / MAX_PIXELS), math.ceil(width / MAX_SIDE))
    tile_px = math.ceil(width / count)
    tiles = [min(tile_px, width - left) for left in range(0, width, tile_px)]
    return sum(1 if px / dpi * 25.4 <= MAX_PAGE_MM else math.ceil(px / band_px) for px in tiles)


def cull_to_band(items: list, left: float, right: float, symbols: dict) -> list:
    """`items` without the symbol uses that fall wholly outside left..right (scene mm along x). A use is kept when
    its symbol's generous box (a symbol may draw past its nominal box by its own size) meets the band; groups that
    turn or scale are kept whole."""
    kept = []
    for item in items:
        if isinstance(item, Use) and not item.rotate and item.symbol in symbols:
            span = symbols[item.symbol].width * item.scale
            if item.x + 2 * span < left or item.x - span > right:
                continue
        elif isinstance(item, Group) and not item.rotate and item.sx == 1.0 and item.sy == 1.0:
            item = replace(item, children=cull_to_band(item.children, left - item.dx, right - item.dx, symbols))
        kept.append(item)
    return kept
