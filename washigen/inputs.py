"""Reading a user's files, bounded (DESIGN 12): a missing file, a folder, an unreadable, oversized or non-UTF-8 file
is an InputError that names the file (and the line where the text goes wrong), never a traceback.

Reads stop at the cap whatever size the file claims: /dev/zero, a pipe or a growing file cost at most the cap.
Text may hold tabs and line ends but no other control character; parsed documents (JSON, TOML) are walked once
to refuse deep nesting, control characters in their strings and numbers that are not finite or out of range."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

from .errors import InputError
from .words import N_, Says

MAX_INPUT_BYTES = 8 * 1024 * 1024
MAX_NESTING = 32
# Control characters (Unicode Cc) and lone surrogates: neither prints, and neither may stand in XML.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
# In text files, line ends and tabs are layout; every other control character is refused.
TEXT_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
LONE_CR = re.compile("\r(?!\n)")       # a line end of old Mac editors, read as LF


# Bytes that are not text: `byte` is where the first bad one is (the encoding's name is a value, the same in every
# language).
NOT_TEXT = N_("not {encoding} text (byte {byte})")
# A file too large to read: `what` is what it was read as (a words.Says of a name, "design file", or its text).
TOO_LARGE = N_("{path}: larger than {size} MiB; not a {what}")


def read_bytes(path: str | Path, what: str | Says = "file", error: type[InputError] = InputError,
               limit: int = MAX_INPUT_BYTES) -> bytes:
    """A file's bytes, at most `limit`. `what` names what the file is read as in a refusal ("design file"; a
    words.Says to put it into the page's language)."""
    path = Path(path)
    try:
        with open_for_reading(path) as stream:
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise error(Says(N_("{path}: no such file"), path=str(path))) from None
    except IsADirectoryError:
        raise error(Says(N_("{path}: is a folder, not a {what}"), path=str(path), what=what)) from None
    except OSError as failure:
        raise error(Says(N_("{path}: cannot be read ({reason})"), path=str(path), reason=failure.strerror)) from None
    if len(data) > limit:
        raise error(Says(TOO_LARGE, path=str(path), size=limit // 2**20, what=what))
    return data


def open_for_reading(path: Path):
    """A binary stream of the file. Opened without waiting, so a named pipe that nobody writes to reads as empty
    instead of hanging the run (a plain open() blocks until a writer comes); reads then block as usual."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_text(path: str | Path, what: str | Says = "file", error: type[InputError] = InputError) -> str:
    return decode_text(read_bytes(path, what, error), str(path), error, what)


# UTF-16 with its byte order mark is text whose encoding is not in doubt: Windows PowerShell 5 writes it for
# `washigen ... -o - > map.json`, Notepad for "Unicode".
UTF16_BOMS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
# Files that are no text at all, told by their first bytes, so a refusal says what was given instead.
ARCHIVES = ((b"\x1f\x8b", N_("a gzip-compressed file")), (b"PK\x03\x04", N_("a zip archive")))
BINARIES = ((b"%PDF-", N_("a PDF document")), (b"\x89PNG\r\n", N_("a PNG image")),
            (b"\xff\xd8\xff", N_("a JPEG image")))


def as_utf8(data: bytes, source: str, error: type[InputError] = InputError, what: str | Says = "text file") -> bytes:
    """A text file's bytes as UTF-8: UTF-16 with a byte order mark re-encoded; an archive, a print or an image, or
    UTF-16 without its mark, refused as what it is. Anything else is left for the UTF-8 decoder to judge."""
    for mark, encoding in UTF16_BOMS:
        if data.startswith(mark):
            try:
                return data[len(mark):].decode(encoding).encode("utf-8")
            except UnicodeDecodeError as failure:
                raise error(_at(source, "", Says(NOT_TEXT, encoding="UTF-16", byte=failure.start + len(mark)))
                            ) from None
    for magic, kind in ARCHIVES:
        if data.startswith(magic):
            raise error(Says(N_("{source}: {kind}, not a {what}; unpack it and give the file inside"), source=source,
                             kind=Says(kind), what=what))
    for magic, kind in BINARIES:
        if data.startswith(magic):
            raise error(Says(N_("{source}: {kind}, not a {what}"), source=source, kind=Says(kind), what=what))
    if _utf16_unmarked(data):
        raise error(Says(N_("{source}: {encoding} text without a byte order mark; save it as {utf8}"), source=source,
                         encoding="UTF-16", utf8="UTF-8"))
    return data


def _utf16_unmarked(data: bytes) -> bool:
    """Whether the file starts as ASCII text in UTF-16 would: a zero byte beside every letter of its first few."""
    head = data[:16] if len(data) % 2 == 0 else b""
    if len(head) < 4:
        return False
    odd, even = head[1::2], head[0::2]
    return (not any(odd) and all(even)) or (not any(even) and all(odd))


def decode_text(data: bytes, source: str, error: type[InputError] = InputError, what: str | Says = "text file"
                ) -> str:
    """UTF-8 text (a BOM is dropped; UTF-16 with its BOM read too) without control characters other than tabs and
    line ends. A lone CR (old Mac editors) ends a line as LF does."""
    try:
        text = as_utf8(data, source, error, what).decode("utf-8-sig")
    except UnicodeDecodeError as failure:
        line = data[:failure.start].count(b"\n") + 1
        raise error(Says(N_("{source}: line {line}: not {encoding} text"), source=source, line=line,
                         encoding="UTF-8")) from None
    text = LONE_CR.sub("\n", text)
    found = TEXT_CONTROL.search(text)
    if found is not None:
        bad = found.start()
        line = text.count("\n", 0, bad) + 1
        column = bad - (text.rfind("\n", 0, bad) + 1) + 1
        raise error(Says(N_("{source}: line {line}, column {column}: {character} is not allowed in text"),
                         source=source, line=line, column=column, character=unprintable(text[bad])))
    return text


def describe_char(char: str) -> str:
    return f"U+{ord(char):04X}"


def unprintable(char: str) -> Says:
    """What a refused character is: a lone surrogate (a JSON escape such as \\ud800 without its pair) is half of
    a UTF-16 pair, not a control character, and a user looking for one would not find it."""
    if "\ud800" <= char <= "\udfff":
        return Says(N_("lone surrogate {code} (half of a {encoding} pair, not a character)"),
                    code=describe_char(char), encoding="UTF-16")
    return Says(N_("control character {code}"), code=describe_char(char))


def printable_problem(text: str, max_length: int) -> str | None:
    """What is wrong with free text that reaches the paper (a URL, a name), or None: the command line, the studio
    and washigen.generate hold it to the same rule. Empty text is refused, not printed as an empty QR code. As
    text; printable_says says it as a sentence to translate."""
    problem = printable_says(text, max_length)
    return None if problem is None else str(problem)


def printable_says(text: str, max_length: int) -> Says | None:
    """printable_problem's answer as a sentence (words.Says), for a refusal in the page's language."""
    if not text:
        return Says(N_("empty; leave it out for none"))
    if len(text) > max_length:
        return Says(N_("at most {most} characters, got {length}"), most=max_length, length=len(text))
    found = CONTROL.search(text)
    if found is not None:
        return Says(N_("{character} at character {position}; the text must be printable"),
                    character=unprintable(found.group()), position=found.start() + 1)
    return None


# Characters that print nothing but reorder or hide what is around them (bidi controls, zero-width marks): in a
# URL printed as a QR code, what a reader sees would not be where the code leads.
INVISIBLE = re.compile("[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def url_problem(text: str, max_length: int) -> str | None:
    """What is wrong with an address printed as a QR code (the rules' URL), or None: printable text, as
    printable_problem holds it, that leads to a web page (http or https) and holds no invisible character. As
    text; url_says says it as a sentence to translate."""
    problem = url_says(text, max_length)
    return None if problem is None else str(problem)


def url_says(text: str, max_length: int) -> Says | None:
    """url_problem's answer as a sentence (words.Says), for a refusal in the page's language."""
    problem = printable_says(text, max_length)
    if problem is not None:
        return problem
    if not re.match(r"https?://[^\s/]", text, re.IGNORECASE):
        return Says(N_("must be a web address beginning {http} or {https}, got {text!r}"), http="http://",
                    https="https://", text=text[:40])
    found = INVISIBLE.search(text)
    if found is not None:
        return Says(N_("an invisible character U+{code:04X} at character {position}; a printed address must read "
                       "as it leads"), code=ord(found.group()), position=found.start() + 1)
    # Only the start was looked at: `http://a b` was printed as a QR code that scanners read as text, not a link.
    found = re.search(r"\s", text)
    if found is not None:
        return Says(N_("a space at character {position}; a web address holds none (write it as {escaped})"),
                    position=found.start() + 1, escaped="%20")
    return None


MAX_NUMBER = 2 ** 64          # whole numbers: a seed is the largest a document holds
NESTED = N_("{what} nested deeper than {levels} levels")


def check_tree(document: Any, source: str, error: type[InputError] = InputError, what: str | Says = "document",
               max_float: float = float("inf"), max_items: int | None = None) -> None:
    """Walks a parsed JSON/TOML document (iteratively, so depth cannot exhaust Python's stack): refuses nesting
    deeper than MAX_NESTING, lists longer than `max_items`, control characters in strings and keys, numbers that
    are not finite, whole numbers past MAX_NUMBER and decimals past `max_float` (so no sum or square of them can
    overflow). `what` names the document in a refusal (a words.Says to put it into the page's language); the
    refusal, an `error`, is a sentence (words.Says) whose English is "SOURCE, PATH: reason"."""
    stack: list[tuple[Any, str, int]] = [(document, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_NESTING:
                raise error(_at(source, where, Says(NESTED, what=what, levels=MAX_NESTING)))
            if max_items is not None and isinstance(value, list) and len(value) > max_items:
                raise error(_at(source, where, Says(N_("a list of {count:,} items; a {what} holds at most {most:,} in "
                                                       "one"), count=len(value), what=what, most=max_items)))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = []
            for key, item in items:
                if isinstance(key, str):
                    _check_string(key, source, where, error)
                    child = f"{where}.{key}" if where else key
                else:
                    child = f"{where}[{key}]"
                children.append((item, child, depth + 1))
            # Pushed last first, so the first bad value in the file's order is the one reported: a NaN offset is
            # named as the offset, not as the roads drawn from it further down.
            stack.extend(reversed(children))
        elif isinstance(value, str):
            _check_string(value, source, where, error)
        elif isinstance(value, float) and not (math.isfinite(value) and abs(value) <= max_float):
            raise error(_at(source, where, Says(N_("{value} is not a finite number"), value=value)
                            if not math.isfinite(value) else
                            Says(N_("{value:g} is out of range (at most {most:g} either way)"), value=value,
                                 most=max_float)))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise error(_at(source, where, Says(N_("the number is out of range"))))


def _check_string(text: str, source: str, where: str, error: type[InputError]) -> None:
    found = CONTROL.search(text)
    if found is not None:
        raise error(_at(source, where, Says(N_("{character} at character {position}; text must be printable"),
                                            character=unprintable(found.group()), position=found.start() + 1)))


def _at(source: str, where: str, message: Says) -> Says:
    """A refusal of a document's value: "SOURCE, PATH: message"."""
    return Says(N_("{place}: {message}"), place=", ".join(part for part in (source, where) if part), message=message)


def parse_toml(text: str, source: str, error: type[InputError] = InputError, what: str | Says = "TOML file"
               ) -> dict:
    """A TOML document, walked by check_tree; bad syntax (with its line), numbers too long to read and deep nesting
    are InputErrors naming the file."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as failure:
        found = re.search(r"\s*\(at line (\d+), column (\d+)\)", str(failure))
        if found is None:       # tomllib's words are English in any language
            raise error(Says(N_("{source}: not valid TOML: {failure}"), source=source, failure=str(failure))) from None
        message = str(failure)[:found.start()] + str(failure)[found.end():]
        raise error(Says(N_("{source}:{line}: not valid TOML: {failure} (column {column})"), source=source,
                         line=found.group(1), failure=message, column=found.group(2))) from None
    except RecursionError:
        raise error(_at(source, "", Says(NESTED, what=what, levels=MAX_NESTING))) from None
    except ValueError:                 # a whole number longer than Python converts (4,300 digits)
        raise error(Says(N_("{source}:{line}: a number with thousands of digits; numbers here are at most 20 digits "
                            "long"), source=source, line=long_number_line(text))) from None
    check_tree(data, source, error, what)
    return data


def long_number_line(text: str) -> int:
    """The line of the first number of a thousand digits or more (Python reads none past 4,300)."""
    found = re.search(r"\d[\d_]{999,}", text)
    return text.count("\n", 0, found.start()) + 1 if found else 1


QUOTE = 60          # characters of a user's text quoted in a message


def clipped(text: str, limit: int = QUOTE) -> str:
    """Some of a user's text for a message: at most `limit` characters, so a huge line is not echoed whole."""
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(text: str, limit: int = QUOTE) -> str:
    """clipped(), in quotes."""
    return repr(clipped(text, limit))


def name_value(name: str) -> str:
    """A name (a design's generator, a mix's name) as a text form's `key: value` line holds it: as it is, or as a
    JSON string where the line's trimming would lose its outer spaces (" odd " came back as "odd") or it opens with
    a quote."""
    return json.dumps(name, ensure_ascii=False) if name != name.strip() or name.startswith('"') else name


def name_read(value: str) -> str:
    """The name a `key: value` line holds (name_value's reverse): a JSON string's text, else the value as it is."""
    if len(value) > 1 and value[0] == value[-1] == '"':
        try:
            text = json.loads(value)
        except ValueError:
            return value
        if isinstance(text, str):
            return text
    return value


class JsonSpelled(str):
    """A value a JSON document or request gave, spelt as JSON spells it (null, true, {"a": 1}), clipped, for a
    refusal's `{value!r}`: Python's None, True and {'a': 1} are words the user never wrote."""

    def __repr__(self) -> str:
        return str(self)


def json_spelled(value: Any) -> Any:
    """`value` for a refusal: numbers as they are, text cut short (both quoted by the message's !r), anything else
    as JSON."""
    if isinstance(value, str):
        return clipped(value)         # a 100 kB name refused was echoed whole
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    try:
        return JsonSpelled(clipped(json.dumps(value, ensure_ascii=False)))
    except (TypeError, ValueError):
        return value


def exact_number(value: float) -> str:
    """A decimal as short as it reads back exactly (`50`, `50.8`, `33.333333333333336`): what a log or header
    writes, so the value read back is the one used."""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


# What Python's json says of a broken file, as sentences to translate (its words, exactly: anything else it says is
# quoted as it is).
JSON_PROBLEMS = (N_("Expecting value"), N_("Expecting property name enclosed in double quotes"),
                 N_("Expecting ':' delimiter"), N_("Expecting ',' delimiter"), N_("Extra data"),
                 N_("Unterminated string starting at"), N_("Invalid control character at"))


def json_syntax(error: json.JSONDecodeError) -> Says:
    """What is wrong with a text that is not JSON, and where: json's words as a sentence where they are among
    JSON_PROBLEMS (so a German page or command says them in German), else quoted as json says them."""
    problem = Says(error.msg) if error.msg in JSON_PROBLEMS else error.msg
    if error.msg.endswith(" at"):        # "Invalid control character at": its own "at" comes before the place
        return Says(N_("not valid JSON: {problem} line {line}, column {column}"), problem=problem, line=error.lineno,
                    column=error.colno)
    return Says(N_("not valid JSON: {problem} at line {line}, column {column}"), problem=problem, line=error.lineno,
                column=error.colno)
