"""The backends: SVG (svgwrite), PDF (reportlab), PNG (cairosvg + Pillow). They know primitives, no game."""

from .pdf import Bookmark, to_pdf
from .png import DEFAULT_DPI, png_tiles, to_png
from .svg import to_svg

__all__ = ["to_svg", "to_pdf", "to_png", "png_tiles", "Bookmark", "DEFAULT_DPI"]
