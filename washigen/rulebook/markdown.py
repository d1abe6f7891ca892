"""The Markdown subset the rule texts in seeds/ are written in, parsed into blocks that remember their line.

    ---                                  front matter: title, players, credits, lang (required), time (optional)
    title: Tokyo Washi Game Cats
    ---
    # Title                              once, the first block
    ## Section   ### Subsection
    A paragraph, one or more lines; *italic* and **bold** inline.
    - a bullet item                      or `1. ` numbered; not nested
    | pipe | table |                     a header row, a |---| rule, then rows
    ![Caption](diagram:GAME/NAME?key=value)   a figure on a line of its own

Anything else that looks like Markdown (nested lists, code, quotes, links, images of files) is refused with the
file and line, so a typo never prints silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from ..errors import InputError
from ..inputs import read_text

FRONT_MATTER_KEYS = ("title", "players", "time", "credits", "lang")
REQUIRED_KEYS = ("title", "players", "credits", "lang")

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^- +(.*)$")
_NUMBERED = re.compile(r"^(\d+)\. +(.*)$")
_FIGURE = re.compile(r"^!\[(?P<caption>[^\]]*)\]\((?P<target>[^)\s]*)\)\s*$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_LANG = re.compile(r"^[a-z]{2}$")


@dataclass(frozen=True)
class Heading:
    level: int              # 1 the title, 2 a section, 3 a subsection
    text: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[str, ...]
    line: int
    start: int = 1          # the first number of a numbered list


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int


@dataclass(frozen=True)
class Figure:
    caption: str
    target: str             # "diagram:cats/segment?seed=4"
    line: int


Block = Union[Heading, Paragraph, ListBlock, Table, Figure]


@dataclass(frozen=True)
class FrontMatter:
    title: str
    players: str
    credits: str
    lang: str
    time: str = ""
    lines: dict[str, int] = field(default_factory=dict, compare=False)   # key -> line number


@dataclass(frozen=True)
class RuleText:
    source: str             # how messages name the file: "seeds/cats.en.md"
    front: FrontMatter
    blocks: tuple[Block, ...]

    @property
    def title(self) -> str:
        for block in self.blocks:
            if isinstance(block, Heading) and block.level == 1:
                return block.text
        return self.front.title

    def headings(self) -> list[Heading]:
        return [block for block in self.blocks if isinstance(block, Heading)]

    def figures(self) -> list[Figure]:
        return [block for block in self.blocks if isinstance(block, Figure)]


def fail(source: str, line: int, message: str) -> InputError:
    return InputError(f"{source}:{line}: {message}")


# -- front matter ------------------------------------------------------------------------------------------

def _front_matter(lines: list[str], source: str, file_lang: str | None) -> tuple[FrontMatter, int]:
    """Reads the front matter; returns it and the index of the first body line."""
    if not lines or lines[0].strip() != "---":
        raise fail(source, 1, "the file must start with front matter between two '---' lines "
                              f"({', '.join(REQUIRED_KEYS)})")
    values: dict[str, str] = {}
    where: dict[str, int] = {}
    for index in range(1, len(lines)):
        number, text = index + 1, lines[index].strip()
        if text == "---":
            break
        if not text:
            continue
        key, colon, value = text.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not colon or not key:
            raise fail(source, number, f"front matter: expected 'key: value', got {text!r}")
        if key not in FRONT_MATTER_KEYS:
            raise fail(source, number, f"front matter: unknown key {key!r}; use {', '.join(FRONT_MATTER_KEYS)}")
        if key in values:
            raise fail(source, number, f"front matter: {key!r} given twice (first on line {where[key]})")
        if not value:
            raise fail(source, number, f"front matter: {key!r} is empty")
        values[key], where[key] = value, number
    else:
        raise fail(source, 1, "front matter: no closing '---' line")
    end = index + 1
    missing = [key for key in REQUIRED_KEYS if key not in values]
    if missing:
        raise fail(source, index + 1, f"front matter: missing {', '.join(missing)}")
    lang = values["lang"].lower()
    if not _LANG.match(lang):
        raise fail(source, where["lang"], f"front matter: lang must be a two-letter code such as en or de, "
                                          f"got {values['lang']!r}")
    if file_lang and lang != file_lang:
        raise fail(source, where["lang"], f"front matter: lang is {lang!r} but the file name says {file_lang!r}")
    front = FrontMatter(title=values["title"], players=values["players"], credits=values["credits"], lang=lang,
                        time=values.get("time", ""), lines=where)
    return front, end


# -- body --------------------------------------------------------------------------------------------------

def _cells(row: str) -> tuple[str, ...]:
    body = row.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return tuple(cell.strip() for cell in body.split("|"))


def _starts_block(text: str) -> bool:
    return bool(_HEADING.match(text) or _BULLET.match(text) or _NUMBERED.match(text) or text.startswith("|")
                or text.startswith("!["))


def _refuse_unsupported(text: str, raw: str, source: str, number: int) -> None:
    if raw[:1] in (" ", "\t") and re.match(r"^\s+(-|\*|\d+\.)\s", raw):
        raise fail(source, number, "nested lists are not supported; write a flat list")
    if text.startswith(("* ", "+ ")):
        raise fail(source, number, "write bullet items with '- '")
    if text.startswith(("```", "~~~")) or raw.startswith(("    ", "\t")):
        raise fail(source, number, "code blocks are not supported")
    if text.startswith(">"):
        raise fail(source, number, "quotes ('>') are not supported")
    if text.startswith("![") and not _FIGURE.match(text):
        raise fail(source, number, "a figure is written ![Caption](diagram:GAME/NAME?key=value) on a line of its own")
    if re.search(r"(?<!!)\[[^\]]*\]\([^)]*\)", text):
        raise fail(source, number, "links are not supported")


def _body(lines: list[str], start: int, source: str) -> list[Block]:
    blocks: list[Block] = []
    index = start
    while index < len(lines):
        raw = lines[index].rstrip()
        text = raw.strip()
        number = index + 1
        if not text:
            index += 1
            continue
        _refuse_unsupported(text, raw, source, number)
        if text == "---" or re.fullmatch(r"(\*\s*){3,}|(_\s*){3,}", text):
            raise fail(source, number, "horizontal rules are not supported")
        heading = _HEADING.match(text)
        if heading:
            level = len(heading.group(1))
            if level > 3:
                raise fail(source, number, f"heading level {level}: use #, ## or ### only")
            if not heading.group(2):
                raise fail(source, number, "empty heading")
            check_inline(heading.group(2), source, number)
            blocks.append(Heading(level, heading.group(2), number))
            index += 1
            continue
        figure = _FIGURE.match(text)
        if figure:
            if not figure.group("caption").strip():
                raise fail(source, number, "a figure needs a caption: ![Caption](diagram:GAME/NAME)")
            check_inline(figure.group("caption"), source, number)
            blocks.append(Figure(figure.group("caption").strip(), figure.group("target"), number))
            index += 1
            continue
        if text.startswith("|"):
            index = _table(lines, index, source, blocks)
            continue
        if _BULLET.match(text) or _NUMBERED.match(text):
            index = _list(lines, index, source, blocks)
            continue
        index = _paragraph(lines, index, source, blocks)
    return blocks


def _table(lines: list[str], index: int, source: str, blocks: list[Block]) -> int:
    start = index + 1
    rows: list[tuple[int, str]] = []
    while index < len(lines) and lines[index].strip().startswith("|"):
        rows.append((index + 1, lines[index].strip()))
        index += 1
    if len(rows) < 2 or not _TABLE_RULE.match(rows[1][1]):
        raise fail(source, start, "a table needs a header row, then a rule such as |---|---|")
    header = _cells(rows[0][1])
    if len(_cells(rows[1][1])) != len(header):
        raise fail(source, rows[1][0], f"the rule row has {len(_cells(rows[1][1]))} cells, "
                                       f"the header {len(header)}")
    body = []
    for number, row in rows[2:]:
        cells = _cells(row)
        if len(cells) != len(header):
            raise fail(source, number, f"this table row has {len(cells)} cells, the header {len(header)}")
        body.append(cells)
    if not body:
        raise fail(source, start, "a table needs at least one row below its header")
    for number, row in [rows[0]] + rows[2:]:
        for cell in _cells(row):
            check_inline(cell, source, number)
    blocks.append(Table(header, tuple(body), start))
    return index


def _list(lines: list[str], index: int, source: str, blocks: list[Block]) -> int:
    start = index + 1
    first = lines[index].strip()
    ordered = bool(_NUMBERED.match(first))
    pattern = _NUMBERED if ordered else _BULLET
    items: list[str] = []
    first_number = int(_NUMBERED.match(first).group(1)) if ordered else 1
    while index < len(lines):
        raw = lines[index].rstrip()
        text = raw.strip()
        if not text:
            break
        _refuse_unsupported(text, raw, source, index + 1)
        match = pattern.match(text)
        other = _BULLET.match(text) if ordered else _NUMBERED.match(text)
        if match:
            item = match.group(2) if ordered else match.group(1)
            check_inline(item, source, index + 1)
            items.append(item)
        elif other:
            raise fail(source, index + 1, "a list mixes '- ' and '1. ' items; leave a blank line between lists")
        elif _starts_block(text):
            break
        else:                                  # a continuation line of the item above
            check_inline(text, source, index + 1)
            items[-1] = f"{items[-1]} {text}"
        index += 1
    blocks.append(ListBlock(ordered, tuple(items), start, first_number))
    return index


def _paragraph(lines: list[str], index: int, source: str, blocks: list[Block]) -> int:
    start = index + 1
    parts: list[str] = []
    while index < len(lines):
        raw = lines[index].rstrip()
        text = raw.strip()
        if not text or (parts and _starts_block(text)):
            break
        _refuse_unsupported(text, raw, source, index + 1)
        parts.append(text)
        index += 1
    paragraph = " ".join(parts)
    check_inline(paragraph, source, start)
    blocks.append(Paragraph(paragraph, start))
    return index


# -- inline emphasis -----------------------------------------------------------------------------------------

_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"\*(?=\S)(.+?)(?<=\S)\*")


def check_inline(text: str, source: str, line: int) -> None:
    """Refuses emphasis that does not close, so a stray '*' cannot turn half a page bold."""
    rest = _EMPHASIS.sub("", _STRONG.sub(lambda m: m.group(1), text))
    if "*" in rest:
        raise fail(source, line, f"unbalanced '*' emphasis in {text[:60]!r}")
    if "`" in text:
        raise fail(source, line, "inline code (backticks) is not supported")


def inline_markup(text: str) -> str:
    """Markdown emphasis -> the mini-markup of reportlab's Paragraph, with &, < and > escaped."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    escaped = _STRONG.sub(r"<b>\1</b>", escaped)
    return _EMPHASIS.sub(r"<i>\1</i>", escaped)


def plain(text: str) -> str:
    """The text a reader sees: emphasis marks removed."""
    return _EMPHASIS.sub(r"\1", _STRONG.sub(r"\1", text))


# -- whole files ---------------------------------------------------------------------------------------------

def _check_structure(blocks: list[Block], source: str) -> None:
    titles = [block for block in blocks if isinstance(block, Heading) and block.level == 1]
    if len(titles) > 1:
        raise fail(source, titles[1].line, f"a second '# ' title (the first is on line {titles[0].line})")
    if titles and blocks[0] is not titles[0]:
        raise fail(source, titles[0].line, "the '# ' title must come before everything else")
    previous = 1
    for block in blocks:
        if isinstance(block, Heading):
            if block.level > previous + 1:
                raise fail(source, block.line, f"heading level {block.level} follows level {previous}; "
                                               f"use {'#' * (previous + 1)}")
            previous = block.level


def parse(text: str, source: str = "<rules>", file_lang: str | None = None) -> RuleText:
    """Parses a rule text. `source` names the file in messages; `file_lang` is the language its name says."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    front, start = _front_matter(lines, source, file_lang)
    blocks = _body(lines, start, source)
    _check_structure(blocks, source)
    if not blocks:
        raise fail(source, start, "the rules are empty")
    return RuleText(source, front, tuple(blocks))


def file_language(path: Path) -> str | None:
    """'cats.de.md' -> 'de'; None when the name carries no language."""
    parts = path.name.split(".")
    return parts[-2].lower() if len(parts) >= 3 and _LANG.match(parts[-2].lower()) else None


def read(path: Path, source: str | None = None) -> RuleText:
    text = read_text(path, "rule text")
    return parse(text, source or str(path), file_language(Path(path)))
