"""Writing outputs: the format follows the extension, every file is written atomically (a temporary file in the
same folder, then renamed), so a failed run leaves no half file and never damages an existing one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from .errors import InputError, OutputError
from .press.document import Document

DOCUMENT_FORMATS = (".pdf", ".svg", ".png")


def check_target(path: Path) -> Path:
    """Refuses a target whose folder is missing or which is itself a folder, before any work is done."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        raise OutputError(f"{path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"{path}: {folder} is not a folder")
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name such as {path / 'out.pdf'}")
    return path


def write_bytes(path: Path, data: bytes) -> Path:
    check_target(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent or ".")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return path


def write_all(files: Iterable[tuple[Path, Callable[[], bytes]]]) -> list[Path]:
    """Renders every file first, then writes them: a failure while rendering writes nothing."""
    rendered = [(path, make()) for path, make in files]
    return [write_bytes(path, data) for path, data in rendered]


def numbered(path: Path, index: int, count: int) -> Path:
    """out.svg -> out.svg for one page; out-01.svg, out-02.svg, ... for many."""
    if count == 1:
        return path
    width = max(2, len(str(count)))
    return path.with_name(f"{path.stem}-{index + 1:0{width}d}{path.suffix}")


def document_files(document: Document, path: Path, dpi: int = 300,
                   colour: str = "rgb") -> list[tuple[Path, Callable[[], bytes]]]:
    """What writing `document` to `path` means for its extension: one PDF, or an SVG/PNG per page. CMYK colour
    is a PDF's alone."""
    from .render import to_pdf, to_png, to_svg

    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return [(path, lambda: to_pdf(document.pages, title=document.title, bookmarks=document.bookmarks,
                                      cmyk=colour == "cmyk"))]
    if colour == "cmyk":
        raise InputError(f"--color cmyk: {path}: CMYK is written in PDF only; use a .pdf output")
    if suffix not in (".svg", ".png"):
        raise InputError(f"{path}: cannot write {suffix or 'a file without extension'}; "
                         f"use {', '.join(DOCUMENT_FORMATS)}")
    count = len(document.pages)
    files = []
    for index, scene in enumerate(document.pages):
        target = numbered(path, index, count)
        if suffix == ".svg":
            files.append((target, lambda s=scene: to_svg(s)))
        elif too_large_for_one_png(scene, dpi):
            files.extend(png_tile_files(scene, target, dpi))
        else:
            files.append((target, lambda s=scene: to_png(s, dpi)))
    return files


def too_large_for_one_png(scene, dpi: int) -> bool:
    from .render.png import needs_tiles

    return needs_tiles(scene, dpi)


def png_tile_files(scene, path: Path, dpi: int) -> list[tuple[Path, Callable[[], bytes]]]:
    """A page past 100 megapixels or cairo's 32,767 px side as tiles along its length: out-tile-01.png, ..."""
    from .render.png import tile_windows, to_png

    windows = tile_windows(scene, dpi)
    width = max(2, len(str(len(windows))))
    return [(path.with_name(f"{path.stem}-tile-{i + 1:0{width}d}{path.suffix}"), (lambda w=w: to_png(w, dpi)))
            for i, w in enumerate(windows)]


def write_document(document: Document, path: Path, dpi: int = 300, colour: str = "rgb") -> list[Path]:
    check_target(path)
    return write_all(document_files(document, path, dpi, colour))
