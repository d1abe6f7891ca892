"""Printer profiles: print-option defaults saved once (a printer's duplex drift, its paper) and used by every
printing command.

They live in one TOML file in the user's config folder (platformdirs; `WASHIGEN_CONFIG_DIR` points elsewhere), one
table per profile. The profile named `default` applies when no `--profile` is given; an option typed on the
command line always wins. Nothing else of the home folder is read: a run that names no profile and finds the file
missing or out of reach (an unreadable home, as `sudo -u` leaves it) simply has no profile; one that names a
profile, shows or sets them, gets an error naming the file.

    [default]
    paper = "a4"
    back_offset = [0.5, -1.0]

    [office]
    paper = "letter"
    duplex = "long"
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import InputError
from .inputs import parse_toml, read_text
from .units import PAPER_SIZES, parse_length

FILE_NAME = "profiles.toml"
CONFIG_ENV = "WASHIGEN_CONFIG_DIR"
DEFAULT_PROFILE = "default"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
HEADER = "# washigen printer profiles: `washigen profile set` writes this file, `--profile NAME` picks one.\n"


def _paper(value: Any) -> str:
    if not isinstance(value, str) or value.lower() not in PAPER_SIZES:
        raise ValueError(f"must be one of {', '.join(sorted(PAPER_SIZES))}, got {value!r}")
    return value.lower()


def _bleed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"must be a length such as \"3mm\", got {value!r}")
    try:
        return f"{parse_length(value, field='bleed', allow_zero=True):g}mm"
    except InputError as error:
        raise ValueError(str(error).split(": ", 1)[-1]) from None


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, got {value!r}")
    return value


def _duplex(value: Any) -> str:
    if value not in ("long", "short", "none"):
        raise ValueError(f"must be \"long\", \"short\" or \"none\", got {value!r}")
    return value


def _offset(value: Any) -> str:
    numbers = value if isinstance(value, list) else None
    if numbers is None or len(numbers) != 2 or not all(
            isinstance(n, (int, float)) and not isinstance(n, bool) and abs(n) <= 50 for n in numbers):
        raise ValueError(f"must be two numbers of millimetres within ±50, such as [0.5, -1.0], got {value!r}")
    return f"{float(numbers[0]):g},{float(numbers[1]):g}"


def _dpi(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 30 <= value <= 2400:
        raise ValueError(f"must be a whole number 30..2400, got {value!r}")
    return value


def _template(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be the path of a template file, got {value!r}")
    return value


# key in the file -> how it is checked, giving the value as the command-line option takes it
FIELDS: dict[str, Callable[[Any], Any]] = {
    "paper": _paper, "template": _template, "bleed": _bleed, "crop_marks": _flag, "cut_lines": _flag,
    "duplex": _duplex, "back_offset": _offset, "dpi": _dpi,
}


@dataclass(frozen=True)
class Profile:
    name: str
    options: dict[str, Any]          # option name (as the print options' parameters) -> value as the CLI takes it


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_config_path("washigen", appauthor=False)


def profiles_path() -> Path:
    return config_dir() / FILE_NAME


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise InputError(f"--name: a profile name is 1 to 40 letters, digits, - or _, starting with a letter or "
                         f"digit; got {name!r}")
    return name


def load_all(path: Path | None = None, needed: bool = True) -> dict[str, Profile]:
    """Every profile in the file (none when there is no file); a mistake is an InputError naming file and line.
    Unless the profiles are `needed`, a file that cannot be reached is no file."""
    path = path or profiles_path()
    if not _present(path, needed):
        return {}
    text = read_text(path, "profile file")
    tables = parse_toml(text, str(path), what="profile file")
    profiles = {}
    for name, table in tables.items():
        if not isinstance(table, dict):
            raise InputError(f"{path}:{_line_of(text, None, name)}: {name}: a profile is a table such as "
                             f"[{name}], with keys {', '.join(FIELDS)}")
        profiles[name] = Profile(name, _checked(path, text, name, table))
    return profiles


def _present(path: Path, needed: bool) -> bool:
    """Whether there is a profile file to read. A folder in its place is an error naming it, whether or not a
    profile was asked for (it is the user's own mistake, and would otherwise hide every profile saved later)."""
    try:
        found = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as failure:
        if not needed:
            return False
        raise InputError(f"{path}: cannot be read ({failure.strerror})") from None
    if stat.S_ISDIR(found.st_mode):
        raise InputError(f"{path}: is a folder where the printer profiles file belongs; remove or rename it "
                         f"(or point {CONFIG_ENV} at another folder)")
    return needed or os.access(path, os.R_OK)


def _checked(path: Path, text: str, name: str, table: dict[str, Any]) -> dict[str, Any]:
    if not NAME.fullmatch(name):
        raise InputError(f"{path}:{_line_of(text, name, None)}: [{name}]: a profile name is letters, digits, - or _")
    options = {}
    for key, value in table.items():
        where = f"{path}:{_line_of(text, name, key)}: {name}.{key}"
        if key not in FIELDS:
            raise InputError(f"{where}: not a print option; a profile may set {', '.join(FIELDS)}")
        try:
            options[key] = FIELDS[key](value)
        except ValueError as error:
            raise InputError(f"{where}: {error}") from None
    return options


def _line_of(text: str, table: str | None, key: str | None) -> int:
    """The line (1-based) of `key` in `[table]` (or of the table's header, or of a top-level key)."""
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        header = re.fullmatch(r"\[\s*\"?([^\]\"]+)\"?\s*\]\s*(#.*)?", stripped)
        if header:
            current = header.group(1).strip()
            if key is None and current == table:
                return number
            continue
        if key is not None and current == table and re.match(rf"\"?{re.escape(key)}\"?\s*=", stripped):
            return number
    return 1


def find(name: str | None, path: Path | None = None) -> Profile | None:
    """The profile to use: `name` (an InputError naming the saved ones when missing), else `default` if saved and
    readable."""
    profiles = load_all(path, needed=name is not None)
    if name is None:
        return profiles.get(DEFAULT_PROFILE)
    if name not in profiles:
        saved = ", ".join(profiles) or "none yet (washigen profile set ... saves one)"
        raise InputError(f"--profile: no profile named {name!r} in {path or profiles_path()}; saved: {saved}")
    return profiles[name]


def save(name: str, options: dict[str, Any], path: Path | None = None) -> tuple[Path, Profile]:
    """Sets `options` (file keys, values as the command line takes them) in profile `name`, keeping the others."""
    from .output import write_bytes

    path = path or profiles_path()
    profiles = load_all(path)
    merged = {**(profiles[name].options if name in profiles else {}), **options}
    profiles[check_name(name)] = Profile(name, merged)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, dumps(profiles).encode("utf-8"))
    return path, profiles[name]


def dumps(profiles: dict[str, Profile]) -> str:
    blocks = [HEADER]
    for profile in profiles.values():
        lines = [f"[{profile.name}]"]
        lines += [f"{key} = {_toml_value(key, value)}" for key, value in profile.options.items()]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _toml_value(key: str, value: Any) -> str:
    if key == "back_offset":
        x, y = value.split(",")
        return f"[{float(x)!r}, {float(y)!r}]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)   # a TOML basic string: JSON's escapes are TOML's
