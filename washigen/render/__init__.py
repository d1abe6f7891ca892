"""The backends: SVG (svgwrite), PDF (reportlab), PNG (the PDF through pdfium, + Pillow). They know primitives, no
game."""

from .pdf import Bookmark, to_pdf
from .png import DEFAULT_DPI, tile_windows, to_png
from .svg import to_svg

__all__ = ["to_svg", "to_pdf", "to_png", "tile_windows", "Bookmark", "DEFAULT_DPI"]
