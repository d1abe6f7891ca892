"""Printer profiles: print-option defaults saved once (a printer's duplex drift, its paper) and used by every
printing command.

They live in one TOML file in the user's config folder (platformdirs; `WASHIGEN_CONFIG_DIR` points elsewhere), one
table per profile. The values are read with the bounded TOML reader; `profile set` and `profile remove` edit the file
through tomlkit, so what a user wrote by hand (comments, order, blank lines) stays as it was, and write it whole or
not at all. The profile named `default` applies when no `--profile` is given; an option typed on the
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

from .errors import InputError, OutputError
from .inputs import clipped, parse_toml, quoted, read_text
from .units import MAX_BACK_OFFSET, MAX_BLEED, PAPER_SIZES, parse_length

FILE_NAME = "profiles.toml"
CONFIG_ENV = "WASHIGEN_CONFIG_DIR"
DEFAULT_PROFILE = "default"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
HEADER = ("# washigen printer profiles. `washigen profile set` and `washigen profile remove` edit this file\n"
          "# (your comments stay); `--profile NAME` picks one.\n")


def _as_toml(value: Any) -> str:
    """A value read from the profile file as the file writes it (true, "a4", [1, 2]), never as Python prints it
    (True, 'a4'); a long string cut short, so a pasted novel stays out of the message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):          # a literal string, as the file may spell it ('25mm'), unless it holds a '
        shown = clipped(value)
        return f"'{shown}'" if "'" not in shown and shown.isprintable() else json.dumps(shown, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_as_toml(item) for item in value[:8]) + (", …]" if len(value) > 8 else "]")
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_as_toml(item)}" for key, item in list(value.items())[:8]) + "}"
    return str(value)


def _paper(value: Any) -> str:
    if not isinstance(value, str) or value.lower() not in PAPER_SIZES:
        raise ValueError(f"must be one of {', '.join(sorted(PAPER_SIZES))}, got {_as_toml(value)}")
    return value.lower()


def _bleed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"must be a length such as \"3mm\", got {_as_toml(value)}")
    try:
        bleed = parse_length(value, field='bleed', allow_zero=True)
    except InputError as error:
        raise ValueError(str(error).split(": ", 1)[-1]) from None
    if bleed > MAX_BLEED:          # as --bleed refuses it: a command would otherwise drop it without a word
        raise ValueError(f"must be at most {MAX_BLEED:g}mm, got {_as_toml(value)}")
    return f"{bleed:g}mm"


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, got {_as_toml(value)}")
    return value


def _duplex(value: Any) -> str:
    if value not in ("long", "short", "none"):
        raise ValueError(f"must be \"long\", \"short\" or \"none\", got {_as_toml(value)}")
    return value


def _offset(value: Any) -> str:
    numbers = value if isinstance(value, list) else None
    if numbers is None or len(numbers) != 2 or not all(
            isinstance(n, (int, float)) and not isinstance(n, bool) and abs(n) <= MAX_BACK_OFFSET for n in numbers):
        raise ValueError(f"must be two numbers of millimetres within ±{MAX_BACK_OFFSET:g}, such as [0.5, -1.0], "
                         f"got {_as_toml(value)}")
    return f"{float(numbers[0]):g},{float(numbers[1]):g}"


def _dpi(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 30 <= value <= 2400:
        raise ValueError(f"must be a whole number 30..2400, got {_as_toml(value)}")
    return value


def _template(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be the path of a template file, got {_as_toml(value)}")
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
                         f"digit; got {quoted(name)}")      # quoted: a 5,000-character name was echoed whole
    return name


def load_all(path: Path | None = None, needed: bool = True) -> dict[str, Profile]:
    """Every profile in the file (none when there is no file); a mistake is an InputError naming file and line.
    Unless the profiles are `needed`, a file that cannot be reached is no file."""
    path = path or profiles_path()
    if not _present(path, needed):
        return {}
    return _parsed(path, read_text(path, "profile file"))


def _parsed(path: Path, text: str) -> dict[str, Profile]:
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
        raise InputError(f"--profile: no profile named {quoted(name)} in {path or profiles_path()}; saved: {saved}")
    return profiles[name]


def save(name: str, options: dict[str, Any], path: Path | None = None) -> tuple[Path, Profile]:
    """Sets `options` (file keys, values as the command line takes them) in profile `name`, keeping the other
    profiles and every comment and blank line of the file."""
    path = path or profiles_path()
    check_name(name)
    text, profiles = _read_for_edit(path)
    merged = {**(profiles[name].options if name in profiles else {}), **options}
    document = _editable(path, text)
    if name in profiles:
        _set_keys(document[name], options)
        edited = _same_line_ends(text, _dumps(document))
    else:
        edited = _appended(text, _dumps({name: {key: _toml_value(key, value) for key, value in options.items()}}))
    _write_checked(path, edited, {**{n: p.options for n, p in profiles.items()}, name: merged})
    return path, Profile(name, merged)


def remove(name: str, path: Path | None = None) -> Path:
    """Removes profile `name` with the comment lines right above its header; the rest of the file stays as it was.
    A name not saved is an InputError naming the saved ones."""
    path = path or profiles_path()
    text, profiles = _read_for_edit(path)
    if name not in profiles:
        saved = ", ".join(profiles) or "none yet"
        raise InputError(f"profile remove: no profile named {quoted(name)} in {path}; saved: {saved}")
    document = _editable(path, text)
    was_last = [key.key for key, _ in document.body if key is not None][-1:] == [name]
    _keep_comments_with_their_profiles(document, name)
    del document[name]
    edited = _dumps(document)
    if was_last:                       # no blank lines left hanging at the end of the file
        edited = edited.rstrip() + "\n" if edited.strip() else ""
    _write_checked(path, _same_line_ends(text, edited),
                   {n: p.options for n, p in profiles.items() if n != name})
    return path


def _read_for_edit(path: Path) -> tuple[str, dict[str, Profile]]:
    """The file's text ("" when there is none yet) and its profiles, checked as every read checks them."""
    if not _present(path, needed=True):
        return "", {}
    text = read_text(path, "profile file")
    return text, _parsed(path, text)


def _editable(path: Path, text: str):
    """The file as a tomlkit document, which keeps its comments, order and blank lines when written back."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        return tomlkit.parse(text)
    except TOMLKitError as error:      # read fine above, yet not editable: leave it alone
        raise InputError(f"{path}: cannot be edited keeping its layout ({error}); edit it by hand") from None


def _dumps(document) -> str:
    import tomlkit

    return tomlkit.dumps(document)


def _set_keys(table, options: dict[str, Any]) -> None:
    """Sets each option in `table`: a key it has keeps its place (and its comment), a new one goes after its last
    key, above the blank lines and comments that lead to the next table."""
    import tomlkit
    from tomlkit.items import Table

    for key, value in options.items():
        if key in table:
            table[key] = _toml_value(key, value)
    new = [(key, value) for key, value in options.items() if key not in table]
    body = table.value
    # tomlkit has no public insert; where its long-standing Container._insert_at is missing (or the profile is an
    # inline table or dotted keys), tomlkit places the key itself
    plain = isinstance(table, Table) and not table.is_super_table()
    insert_at = getattr(body, "_insert_at", None) if plain else None
    keyed = [index for index, (key, _) in enumerate(body.body) if key is not None] if plain else []
    after = keyed[-1] + 1 if keyed else 0
    for offset, (key, value) in enumerate(new):
        if insert_at is None or after + offset >= len(body.body):
            table[key] = _toml_value(key, value)
        else:
            insert_at(after + offset, key, tomlkit.item(_toml_value(key, value)))


def _keep_comments_with_their_profiles(document, name: str) -> None:
    """Before `[name]` goes: the comment lines right above its header (no blank line between) speak of it, and are
    emptied; the comment lines at its end, right above the next header, speak of the next profile (tomlkit files
    them under `[name]`), and move onto that header. Items are emptied in place, not deleted, so tomlkit's index of
    the others stays right."""
    from tomlkit.items import Table

    entries = document.body
    keys = [key.key if key is not None else None for key, _ in entries]
    if name not in keys:                   # a profile written as dotted keys (office.paper = ...) has no header
        return
    at = keys.index(name)
    table = entries[at][1]
    if not isinstance(table, Table) or table.is_super_table():
        return
    before = entries[at - 1][1] if at else None
    for comment in _comments_at_end(before.value.body if isinstance(before, Table) else entries[:at]):
        comment.trivia.indent = comment.trivia.comment_ws = comment.trivia.comment = comment.trivia.trail = ""
    following = entries[at + 1][1] if at + 1 < len(entries) else None
    if isinstance(following, Table):
        moved = "".join(comment.as_string() for comment in _comments_at_end(table.value.body))
        following.trivia.indent = moved + following.trivia.indent


def _comments_at_end(entries: list) -> list:
    """The comment lines that end `entries` (a tomlkit body) with no blank line or key after them."""
    from tomlkit.items import Comment

    run: list[Comment] = []
    for _, item in reversed(entries):
        if not isinstance(item, Comment):
            break
        run.insert(0, item)
    return run


def _appended(text: str, block: str) -> str:
    """`block` (a new table) after the file's text, one blank line between; a new file starts with HEADER."""
    if not text:
        return HEADER + "\n" + block
    newline = "\r\n" if "\r\n" in text else "\n"
    gap = "" if text.endswith(newline * 2) else newline if text.endswith(newline) else newline * 2
    return text + gap + block.replace("\n", newline)


def _same_line_ends(original: str, edited: str) -> str:
    """A file written with Windows line ends keeps them in the lines added to it."""
    if "\r\n" not in original or "\n" in original.replace("\r\n", ""):
        return edited
    return edited.replace("\r\n", "\n").replace("\n", "\r\n")


def _write_checked(path: Path, text: str, expected: dict[str, dict[str, Any]]) -> None:
    """Writes `text` once it reads back as exactly the `expected` profiles (atomically: a failed write leaves the
    file as it was)."""
    from .output import write_bytes

    found = {name: profile.options for name, profile in _parsed(path, text).items()}
    if found != expected:
        raise OutputError(f"{path}: the edit would have changed other profiles than the one asked for; the file is "
                          "left as it was (edit it by hand)")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, text.encode("utf-8"))


def _toml_value(key: str, value: Any) -> Any:
    """A profile value as the file holds it (the back offset is a pair of numbers there, "X,Y" on the command line)."""
    if key == "back_offset":
        x, y = value.split(",")
        return [float(x), float(y)]
    return value
