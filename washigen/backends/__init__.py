"""The backends: SVG (svgwrite), PDF (reportlab), PNG (the PDF through pdfium, + Pillow). They know primitives, no
game.

Each backend is imported on first use: reportlab, svgwrite and pdfium cost most of a command's start-up, and most
commands need one of them at most."""

from .bookmark import Bookmark

_BACKENDS = {"to_pdf": "pdf", "to_png": "png", "tile_windows": "png", "DEFAULT_DPI": "png", "to_svg": "svg"}


def __getattr__(name: str):
    if name in _BACKENDS:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{_BACKENDS[name]}"), name)
    raise AttributeError(name)


__all__ = ["to_svg", "to_pdf", "to_png", "tile_windows", "Bookmark", "DEFAULT_DPI"]
