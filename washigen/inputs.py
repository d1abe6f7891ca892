"""Reading a user's files: a missing file, a folder, an unreadable or non-UTF-8 file is an InputError that names
the file (and the line where the text stops being UTF-8), never a traceback."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError

MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_bytes(path: str | Path, what: str = "file", error: type[InputError] = InputError) -> bytes:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_INPUT_BYTES:
            raise error(f"{path}: larger than {MAX_INPUT_BYTES // 2**20} MiB; not a {what}")
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}") from None
    except OSError as failure:
        raise error(f"{path}: cannot be read ({failure.strerror})") from None


def read_text(path: str | Path, what: str = "file", error: type[InputError] = InputError) -> str:
    data = read_bytes(path, what, error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as failure:
        line = data[:failure.start].count(b"\n") + 1
        raise error(f"{path}: line {line}: not UTF-8 text") from None
