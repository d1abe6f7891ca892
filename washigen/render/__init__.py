"""The backends: SVG (svgwrite), PDF (reportlab), PNG (cairosvg + Pillow). They know primitives, no game."""

from .. import _answer_calls
from .pdf import Bookmark, to_pdf
from .png import DEFAULT_DPI, tile_windows, to_png
from .svg import to_svg

_answer_calls(__name__, "design", "render")   # washigen.render(design, path) stays the API's function

__all__ = ["to_svg", "to_pdf", "to_png", "tile_windows", "Bookmark", "DEFAULT_DPI"]
