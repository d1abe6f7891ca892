"""Writing outputs: the format follows the extension, every file is written atomically (a temporary file in the
same folder, then renamed), so a failed run leaves no half file and never damages an existing one.

Writes respect what is there (DESIGN 12): a file replaced keeps its permissions (and, where allowed, its owner), a
new one follows the umask; a symbolic link is written through to the file it names, never replaced by a file; a
named pipe or a character device (`/dev/null`, a terminal) is written through; a folder, a block device (a disk)
or a socket is refused before any work is done. `-o -` with stdout closed is an error, not a traceback."""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from .errors import InputError, OutputError
from .exits import stdout_closed
from .words import N_, Says

if TYPE_CHECKING:
    from .press.document import Document

DOCUMENT_FORMATS = (".pdf", ".svg", ".png")
# All the PNG pixels one command may write (tiles included): under a minute of rasterising on this machine (a 10 m
# roll at 300 dpi is 78 megapixels).
MAX_PNG_TOTAL_PIXELS = 200_000_000
# A page cut into PNG pieces (tiles, and bands where longer than a PDF page) draws all of its elements in every
# piece: pieces x elements, summed over such pages, stays under what draws in about half a minute here (a 1 km
# roll of 4 segments of 15 x 60 cells at 30 dpi is 393,000 and took 49 s; on 10 mm tape, 2.8 million, minutes).
MAX_PNG_PIECE_WORK = 300_000
# A temporary file older than this beside a target is a killed run's, not a run still writing.
STALE_PART_SECONDS = 60.0
# `-o -` writes a design's JSON to stdout, `-o -.txt` its text form, `-o -.svg` a one-page SVG.
STDOUT_FORMATS = {"-": ".json", "-.json": ".json", "-.txt": ".txt", "-.svg": ".svg", "-.pdf": ".pdf"}
# What the permission bits of a new file start from before the umask takes its share, as for any program's files.
NEW_FILE_MODE = 0o666


def is_stdout(path: Path) -> bool:
    return str(path) in STDOUT_FORMATS


def output_format(path: Path) -> str:
    """What `path` asks to be written as: its extension, or for stdout ("-", "-.txt", ...) the format it stands for."""
    return STDOUT_FORMATS.get(str(path), Path(path).suffix.lower())


def check_target(path: Path) -> Path:
    """Refuses, before any work is done, a target washigen will not write: a missing folder, a folder, a block
    device or a socket, a file it may not write, a closed stdout."""
    if is_stdout(path):
        stdout_stream(path)
        return path
    if str(path).startswith("-."):          # read as standard output, but no format goes there in this form
        raise OutputError(f"-o {path}: standard output takes {', '.join(STDOUT_FORMATS)}; give a file name for "
                          f"{path.suffix or 'it'} (out{path.suffix})")
    written_at(path)
    return path


def written_at(path: Path) -> tuple[Path, os.stat_result | None]:
    """Where writing `path` lands (its symbolic links followed) and what is there now (None: nothing yet)."""
    _check_folder(path, path)
    target = followed(path)
    if target != path:
        _check_folder(path, target)
    try:
        found = os.stat(target)
    except FileNotFoundError:
        _check_writable_folder(path, target)
        return target, None
    except OSError as failure:
        raise OutputError(f"{path}: cannot be written ({failure.strerror})") from None
    kind = stat.S_IFMT(found.st_mode)
    if kind == stat.S_IFDIR:
        raise OutputError(f"{path}: is a folder; give a file name such as {path / 'out.pdf'}")
    if kind == stat.S_IFREG:
        # A file with no write bit is read-only to root too (root may write anything, but whoever took the bits
        # away meant it kept, as `rm` asks first); one the user may not write, whatever its bits, too.
        if not found.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
            raise OutputError(f"{path}: the file is read-only; washigen leaves it as it is (make it writable or "
                              "remove it first)")
        _check_writable_folder(path, target)
        return target, found
    if kind in (stat.S_IFIFO, stat.S_IFCHR):
        return target, found
    what = {stat.S_IFBLK: "a block device (a disk)", stat.S_IFSOCK: "a socket"}.get(kind, "not a file")
    raise OutputError(f"{path}: is {what}; washigen writes files, and writes through named pipes and character "
                      "devices such as /dev/null")


def _check_folder(path: Path, target: Path) -> None:
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise OutputError(f"{path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"{path}: {folder} is not a folder")


def _check_writable_folder(path: Path, target: Path) -> None:
    """Refuses, before any work, a file whose folder takes no new file (a read-only mount, a folder of another
    user's): a file is written beside its target and renamed over it, so a game played or a balance run for
    minutes was lost at the end. Pipes and devices are written through and need no such folder (/dev/null)."""
    folder = target.parent if str(target.parent) else Path(".")
    if os.access(folder, os.W_OK | os.X_OK):
        return
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    reason = os.strerror(errno.EROFS if read_only else errno.EACCES)
    raise OutputError(f"{path}: cannot write in the folder {folder} ({reason})")


def followed(path: Path) -> Path:
    """`path` with its symbolic links followed, so the file a link names is written, not the link replaced. A
    link that someone else planted in a shared folder (sticky and writable by all, as /tmp) is not followed, as
    the kernel's protected_symlinks refuses it to the shell."""
    if not path.is_symlink():
        return path
    link, folder = os.lstat(path), os.stat(path.parent if str(path.parent) else ".")
    shared = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
    if shared and link.st_uid not in (os.geteuid(), folder.st_uid):
        raise OutputError(f"{path}: a symbolic link another user left in a shared folder; washigen does not "
                          "follow it (remove it, or write elsewhere)")
    return Path(os.path.realpath(path))


def temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def sweep_stale_parts(path: Path, now: float | None = None) -> list[Path]:
    """Removes the `.part` temporaries a killed run left beside `path` (those older than STALE_PART_SECONDS, so a
    run writing the same file at this moment keeps its own)."""
    now = time.time() if now is None else now
    folder = path.parent if str(path.parent) else Path(".")
    prefix = temporary_prefix(path)
    swept = []
    for candidate in _temporaries_in(folder.resolve()):
        if not candidate.name.startswith(prefix) or candidate.name.count(".") != prefix.count(".") + 1:
            continue
        try:
            if now - candidate.lstat().st_mtime > STALE_PART_SECONDS and candidate.is_file():
                candidate.unlink()
                swept.append(candidate)
        except OSError:
            pass                      # gone already, or not ours to remove
    return swept


@lru_cache(maxsize=64)
def _temporaries_in(folder: Path) -> tuple[Path, ...]:
    """The hidden `.part` files of a folder, listed once per run: a run writing 10,000 files into one folder
    must not list it 10,000 times. A killed run's temporaries are there before this run starts; this run's own
    are removed by the run itself."""
    try:
        return tuple(folder / entry.name for entry in os.scandir(folder)
                     if entry.name.startswith(".") and entry.name.endswith(".part"))
    except OSError:
        return ()


def write_bytes(path: Path, data: bytes) -> Path:
    if is_stdout(path):
        return write_stdout(path, data)
    target, found = written_at(path)
    if found is not None and not stat.S_ISREG(found.st_mode):
        write_through(path, target, data)
    else:
        replace_atomically(path, target, data, found)
    return path


def replace_atomically(path: Path, target: Path, data: bytes, found: os.stat_result | None) -> None:
    """`data` in a temporary beside `target`, renamed over it: the permissions of the file it replaces, or those
    the umask gives a new file."""
    temporary = staged(path, target, data, found)
    try:
        os.replace(temporary, target)
    except BaseException:
        _drop(temporary)
        raise


def staged(path: Path, target: Path, data: bytes, found: os.stat_result | None) -> str:
    """`data` written whole in a temporary beside `target`, with the permissions it is to have; the temporary's
    name. A failure (a full disk, a file size limit) leaves no temporary and is told naming `path`."""
    import tempfile      # here, not at the top: it pulls in random and shutil, which every start-up would pay

    sweep_stale_parts(target)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=temporary_prefix(target), suffix=".part", dir=folder)
    except OSError as failure:
        raise OutputError(f"{path}: cannot write in the folder {folder} ({failure.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        keep_permissions(temporary, found)
    except OSError as failure:
        _drop(temporary)
        raise OutputError(f"{path}: cannot be written ({failure.strerror or failure})") from None
    except BaseException:
        _drop(temporary)
        raise
    return temporary


def _drop(temporary: str) -> None:
    if os.path.lexists(temporary):
        os.unlink(temporary)


def keep_permissions(temporary: str, found: os.stat_result | None) -> None:
    """A replaced file's mode, and its owner and group where the system lets us give them (root may; a user may
    keep a group they belong to); a new file's mode from the umask."""
    if found is None:
        os.chmod(temporary, NEW_FILE_MODE & ~umask())
        return
    if hasattr(os, "chown") and (found.st_uid, found.st_gid) != (os.geteuid(), os.getegid()):
        for owner in ((found.st_uid, found.st_gid), (-1, found.st_gid)):
            try:
                os.chown(temporary, *owner)
                break
            except OSError:
                continue
    os.chmod(temporary, stat.S_IMODE(found.st_mode))        # after chown, which clears set-id bits


@lru_cache(maxsize=1)
def umask() -> int:
    """The process's umask, read without changing it where Linux tells it (os.umask can only set it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_through(path: Path, target: Path, data: bytes) -> None:
    """`data` written into a named pipe or a character device, which stays what it is. Opened without waiting, so
    a pipe nobody reads is an error at once instead of a run that hangs."""
    waiting = getattr(os, "O_NONBLOCK", 0)
    flags = os.O_WRONLY | waiting | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(target, flags)
    except OSError as failure:
        if failure.errno == errno.ENXIO:
            raise OutputError(f"{path}: a named pipe that nobody reads; start its reader first") from None
        raise OutputError(f"{path}: cannot be written ({failure.strerror})") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            raise OutputError(f"{path}: changed while washigen was writing; run again")
        if waiting:
            os.set_blocking(descriptor, True)
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    except BrokenPipeError:
        raise OutputError(f"{path}: the reader of the pipe stopped reading") from None
    except OSError as failure:
        raise OutputError(f"{path}: cannot be written ({failure.strerror})") from None
    finally:
        os.close(descriptor)


def stdout_stream(path: Path):
    """stdout; an error naming the output when it is closed (`washigen ... -o - >&-`)."""
    if stdout_closed():
        raise OutputError(f"-o {path}: stdout is closed; give a file name instead (-o out{output_format(path)})")
    return sys.stdout


def write_stdout(path: Path, data: bytes) -> Path:
    stream = stdout_stream(path)
    binary = getattr(stream, "buffer", None)
    try:
        if binary is not None:
            binary.write(data)
            binary.flush()
        else:                          # a text stream put in stdout's place (contextlib.redirect_stdout)
            stream.write(data.decode("utf-8"))
            stream.flush()
    except BrokenPipeError:
        raise                          # the reader has gone (`| head`): the command line ends quietly
    except (OSError, ValueError) as failure:        # ValueError: stdout was closed inside this process
        reason = getattr(failure, "strerror", None) or "it is closed"
        raise OutputError(f"-o {path}: cannot write to stdout ({reason})") from None
    return path


def write_all(files: Iterable[tuple[Path, Callable[[], bytes]]]) -> list[Path]:
    """Renders every file first, then writes them: a failure while rendering writes nothing. Several files are
    each written whole beside their place before any is renamed into it, so a failure while writing (a full disk,
    a file size limit) leaves every file that was there as it was, not some pages new and some old."""
    rendered = [(path, make()) for path, make in files]
    places = [(path, data, *written_at(path)) for path, data in rendered if not is_stdout(path)]
    if len(places) < 2 or len(places) < len(rendered) or any(
            found is not None and not stat.S_ISREG(found.st_mode) for *_, found in places):
        return [write_bytes(path, data) for path, data in rendered]
    ready: list[tuple[str, Path]] = []
    try:
        for path, data, target, found in places:
            ready.append((staged(path, target, data, found), target))
        for temporary, target in ready:
            os.replace(temporary, target)
    finally:
        for temporary, _ in ready:
            _drop(temporary)
    return [path for path, _ in rendered]


def numbered(path: Path, index: int, count: int) -> Path:
    """out.svg -> out.svg for one page; out-01.svg, out-02.svg, ... for many."""
    if count == 1:
        return path
    width = max(2, len(str(count)))
    return path.with_name(f"{path.stem}-{index + 1:0{width}d}{path.suffix}")


def check_colour_target(path: Path | None, colour: str, output_profile: Path | None) -> None:
    """Refuses colour options the output cannot carry, before any work is done: CMYK and an output profile are a
    PDF's alone (a design file takes them and ignores them). The profile is read as the PDF reads it whatever the
    output, or with none (a game played and not drawn), so a file that is no CMYK profile never passes; a pipe is
    left to be read once, where the PDF is written."""
    if output_profile is not None and colour != "cmyk":
        raise InputError(Says(N_("{option}: {path}: an output profile goes with {colour}"), option="--icc-profile",
                              path=output_profile, colour="--color cmyk"))
    if path is not None and colour == "cmyk" and path.suffix.lower() in (".svg", ".png"):
        raise InputError(Says(N_("{option}: {path}: {model} is written in PDF only; use a .pdf output"),
                              option="--color cmyk", path=path, model="CMYK"))
    if output_profile is not None and Path(output_profile).is_file():
        read_output_profile(output_profile)


def document_files(document: Document, path: Path, dpi: int = 300, colour: str = "rgb",
                   output_profile: Path | None = None) -> list[tuple[Path, Callable[[], bytes]]]:
    """What writing `document` to `path` means for its extension: one PDF, or an SVG/PNG per page. CMYK colour
    is a PDF's alone; `output_profile` (a CMYK ICC file) is embedded as its output intent."""
    from .backends import to_pdf, to_png, to_svg

    suffix = path.suffix.lower()
    check_colour_target(path, colour, output_profile)
    if suffix == ".pdf":
        profile = read_output_profile(output_profile)
        return [(path, lambda: to_pdf(document.pages, title=document.title, bookmarks=document.bookmarks,
                                      cmyk=colour == "cmyk", output_profile=profile))]
    if suffix not in (".svg", ".png"):
        raise InputError(Says(N_("{path}: cannot write {what}; use {formats}"), path=path,
                              what=suffix or Says(N_("a file without extension")), formats=", ".join(DOCUMENT_FORMATS)))
    count = len(document.pages)
    if suffix == ".png":
        check_png_total(document, dpi)
    files: list[tuple[Path, Callable[[], bytes]]] = []
    for index, scene in enumerate(document.pages):
        target = numbered(path, index, count)
        if suffix == ".svg":
            files.append((target, partial(to_svg, scene)))
        elif too_large_for_one_png(scene, dpi):
            files.extend(png_tile_files(scene, target, dpi))
        else:
            files.append((target, partial(to_png, scene, dpi)))
    return files


def read_output_profile(path: Path | None) -> bytes | None:
    """The bytes of a print shop's CMYK output profile, checked before anything is written."""
    if path is None:
        return None
    from .inputs import read_bytes
    from .backends.icc import check_output_profile

    return check_output_profile(read_bytes(path, "ICC profile"), f"--icc-profile: {path}")


def check_png_total(document: Document, dpi: int) -> None:
    from .backends.png import pixel_size

    total = sum(w * h for w, h in (pixel_size(scene, dpi) for scene in document.pages))
    if total > MAX_PNG_TOTAL_PIXELS:
        raise InputError(Says(N_("{option}: {resolution} makes {megapixels:,.0f} megapixels of PNG, more than {most} "
                                 "allowed; {advice}"), option="--dpi", resolution=f"{dpi} dpi", megapixels=total / 1e6,
                              most=MAX_PNG_TOTAL_PIXELS // 1_000_000,
                              advice=Says(N_("lower {option}, or write a PDF"), option="--dpi")), field="dpi")
    check_png_piece_work(document, dpi)


def check_png_piece_work(document: Document, dpi: int) -> None:
    """Refused before any piece is drawn: pages cut into so many PNG pieces, each drawing the whole page's
    elements again (a long roll's repeat), that rasterising them would take minutes."""
    from .backends.png import raster_pieces

    cut = [(pieces, scene.count()) for scene in document.pages if (pieces := raster_pieces(scene, dpi)) > 1]
    work = sum(pieces * elements for pieces, elements in cut)
    if work > MAX_PNG_PIECE_WORK:
        pieces, elements = max(cut, key=lambda cut_page: cut_page[0] * cut_page[1])
        raise InputError(Says(N_("{option}: at {resolution} the PNG is drawn in {pieces:,} pieces that each draw the "
                                 "page's {elements:,} elements again, {work:,} in all, more than {most:,} (about a "
                                 "minute of one core); {advice}"), option="--dpi", resolution=f"{dpi} dpi",
                              pieces=pieces, elements=elements, work=work, most=MAX_PNG_PIECE_WORK,
                              advice=Says(N_("write a PDF, or a shorter roll or repeat ({options})"),
                                          options="--length, --segments")),
                         field="dpi")


def too_large_for_one_png(scene, dpi: int) -> bool:
    from .backends.png import needs_tiles

    return needs_tiles(scene, dpi)


def png_tile_files(scene, path: Path, dpi: int) -> list[tuple[Path, Callable[[], bytes]]]:
    """A page past 100 megapixels or cairo's 32,767 px side as tiles along its length: out-tile-01.png, ..."""
    from .backends.png import tile_windows, to_png

    windows = tile_windows(scene, dpi)
    width = max(2, len(str(len(windows))))
    return [(path.with_name(f"{path.stem}-tile-{i + 1:0{width}d}{path.suffix}"), partial(to_png, w, dpi))
            for i, w in enumerate(windows)]


def write_document(document: Document, path: Path, dpi: int = 300, colour: str = "rgb",
                   output_profile: Path | None = None) -> list[Path]:
    if is_stdout(path) and output_format(path) != ".pdf" and len(document.pages) != 1:
        raise InputError(Says(N_("{option}: the design prints {count} pages; write them to files ({files}), or all of "
                                 "them as one PDF to stdout ({stdout})"), option=f"-o {path}",
                              count=len(document.pages), files="-o out.svg", stdout="-o -.pdf"))
    check_target(path)
    return write_all(document_files(document, path, dpi, colour, output_profile))


def write_printed(document: Document, path: Path, options) -> list[Path]:
    """`document` written to `path` with the print options that reach the file (dpi, colour, output profile)."""
    return write_document(document, path, options.dpi, options.colour, options.output_profile)
