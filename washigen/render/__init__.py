"""The backends: SVG (svgwrite), PDF (reportlab), PNG (cairosvg + Pillow). They know primitives, no game."""

import sys
import types

from .pdf import Bookmark, to_pdf
from .png import DEFAULT_DPI, tile_windows, to_png
from .svg import to_svg


class _CallablePackage(types.ModuleType):
    """`washigen.render(design, path, **print_options)` is the public API's render (washigen.design.render).
    Importing this package binds it to that same name on washigen, so the package answers the call as well."""

    def __call__(self, *args, **kwargs):
        from ..design import render

        return render(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage

__all__ = ["to_svg", "to_pdf", "to_png", "tile_windows", "Bookmark", "DEFAULT_DPI"]
