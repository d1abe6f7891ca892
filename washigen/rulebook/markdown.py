"""The Markdown subset the rule texts in seeds/ are written in, parsed into blocks that remember their line.

    ---                                  front matter: title, players, credits, lang (required), time (optional)
    title: Tokyo Washi Game Cats
    ---
    # Title                              once, the first block
    ## Section   ### Subsection
    A paragraph, one or more lines; *italic* (or _italic_) and **bold** inline, \\* for a star.
    - a bullet item                      or `1. ` numbered; not nested
    | pipe | table |                     a header row, a |---| rule, then rows
    ![Caption](diagram:GAME/NAME?key=value)   a figure on a line of its own

Anything else that looks like Markdown (nested lists, code, quotes, links, images of files) is refused with the
file and line, so a typo never prints silently. markdown-it-py parses (CommonMark, linear time); this module walks
its tokens once and keeps the blocks' text as inline Markdown, which inline_markup() and plain() turn into
reportlab's paragraph markup and into the words a reader sees. Blocks, tables and emphasis are bounded,
and so is the whole text (its lines, its pieces of text, its figures), so any text accepted is set within a minute.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Union

from ..errors import InputError
from ..inputs import read_text
from ..words import N_, Says

FRONT_MATTER_KEYS = ("title", "players", "time", "credits", "lang")
REQUIRED_KEYS = ("title", "players", "credits", "lang")

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


def fail(source: str, line: int, message: Says | str) -> InputError:
    """A refusal of the rule text `source` at `line`; `message` a sentence (words.Says) to say in any language."""
    return InputError(Says(N_("{source}:{line}: {message}"), source=source, line=line, message=message))


# -- front matter ------------------------------------------------------------------------------------------

def _front_matter(lines: list[str], source: str, file_lang: str | None) -> tuple[FrontMatter, int]:
    """Reads the front matter; returns it and the index of the first body line."""
    if not lines or lines[0].strip() != "---":
        raise fail(source, 1, Says(N_("the file must start with front matter between two '---' lines ({keys})"),
                                   keys=", ".join(REQUIRED_KEYS)))
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
            raise fail(source, number, Says(N_("front matter: expected {form}, got {text!r}"), form="'key: value'",
                                            text=text))
        if key not in FRONT_MATTER_KEYS:
            raise fail(source, number, Says(N_("front matter: unknown key {key!r}; use {keys}"), key=key,
                                            keys=", ".join(FRONT_MATTER_KEYS)))
        if key in values:
            raise fail(source, number, Says(N_("front matter: {key!r} given twice (first on line {first})"), key=key,
                                            first=where[key]))
        if not value:
            raise fail(source, number, Says(N_("front matter: {key!r} is empty"), key=key))
        values[key], where[key] = value, number
    else:
        raise fail(source, 1, Says(N_("front matter: no closing '---' line")))
    end = index + 1
    missing = [key for key in REQUIRED_KEYS if key not in values]
    if missing:
        raise fail(source, index + 1, Says(N_("front matter: missing {keys}"), keys=", ".join(missing)))
    lang = values["lang"].lower()
    if not _LANG.match(lang):
        raise fail(source, where["lang"], Says(N_("front matter: {key} must be a two-letter code such as {one} or "
                                                  "{other}, got {value!r}"), key="lang", one="en", other="de",
                                               value=values["lang"]))
    if file_lang and lang != file_lang:
        raise fail(source, where["lang"], Says(N_("front matter: {key} is {value!r} but the file name says {file!r}"),
                                               key="lang", value=lang, file=file_lang))
    front = FrontMatter(title=values["title"], players=values["players"], credits=values["credits"], lang=lang,
                        time=values.get("time", ""), lines=where)
    return front, end


# -- body: markdown-it-py's tokens, walked once ------------------------------------------------------------

# Bounds that keep typesetting linear and the page sane: longer text is refused with its line, not set for minutes.
MAX_BLOCK_CHARS = 10_000          # a paragraph, list item, heading or table cell
MAX_PIECES = 25_000               # headings, paragraphs, list items, table cells: hundreds of pages
MAX_LINES = 50_000                # counted before parsing, which would hold every line's tokens at once
MAX_FIGURES = 30                  # each is drawn by its game (a map is generated and played): ~0.5 s apiece
MAX_TABLE_COLUMNS = 8             # more cannot be read in a rule sheet's column
MAX_EMPHASIS_DEPTH = 3            # *italic* inside **bold** inside another: more is a typo

# "HTML" and "links" are values, not words of the sentences: the catalog's English may not hold them, as German
# writes "HTML" too and its "links" (left) would then read as an English word left in a translation.
_REFUSED_BLOCKS = {
    "fence": Says(N_("code blocks are not supported")),
    "code_block": Says(N_("code blocks are not supported")),
    "blockquote_open": Says(N_("quotes ('>') are not supported")),
    "hr": Says(N_("horizontal rules are not supported")),
    "html_block": Says(N_("{html} is not supported"), html="HTML"),
}
_REFUSED_INLINE = {
    "link_open": Says(N_("{links} are not supported"), links="links"),
    "code_inline": Says(N_("inline code (backticks) is not supported")),
    "html_inline": Says(N_("{html} is not supported"), html="HTML"),
    "image": Says(N_("a figure is written {form} on a line of its own"),
                  form="![Caption](diagram:GAME/NAME?key=value)"),
}


@lru_cache(maxsize=1)
def _parser():
    from markdown_it import MarkdownIt

    # text_join off: an escaped character stays its own token, so a literal '\*' is told from a stray '*'
    return MarkdownIt("commonmark", {"html": False}).enable("table").disable("text_join")


def _cells(row: str) -> tuple[str, ...]:
    body = row.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return tuple(cell.strip() for cell in body.split("|"))


def _one_line(content: str) -> str:
    return " ".join(part.strip() for part in content.split("\n"))


class _Walk:
    """Walks the token stream of a rule text's body, building blocks; `offset` turns token lines into file lines."""

    def __init__(self, tokens, lines: list[str], offset: int, source: str):
        self.tokens, self.lines, self.offset, self.source = tokens, lines, offset, source
        self.index = 0
        self.blocks: list[Block] = []
        self.last_list: tuple[str, int] | None = None     # (kind, end line) of the list just closed
        self.pieces = self.figures = 0                      # texts and figures so far (MAX_PIECES, MAX_FIGURES)

    def line(self, token) -> int:
        return self.offset + token.map[0] + 1 if token.map else self.offset + 1

    def fail(self, token, message: Says) -> InputError:
        return fail(self.source, self.line(token), message)

    def run(self) -> list[Block]:
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            if token.type in _REFUSED_BLOCKS:
                raise self.fail(token, _REFUSED_BLOCKS[token.type])
            if token.type == "heading_open":
                self.heading(token)
            elif token.type == "paragraph_open":
                self.paragraph(token)
            elif token.type in ("bullet_list_open", "ordered_list_open"):
                self.list(token)
                continue
            elif token.type == "table_open":
                self.table(token)
                continue
            self.index += 1
        return self.blocks

    def inline_after(self, token):
        self.index += 1
        return self.tokens[self.index]

    def heading(self, token) -> None:
        if token.markup in ("=", "-"):
            raise self.fail(token, Says(N_("write headings with #, ## or ###")))
        level = int(token.tag[1])
        if level > 3:
            raise self.fail(token, Says(N_("heading level {level}: use #, ## or ### only"), level=level))
        inline = self.inline_after(token)
        text = self.text(inline, token)
        if not text:
            raise self.fail(token, Says(N_("empty heading")))
        self.blocks.append(Heading(level, text, self.line(token)))

    def paragraph(self, token) -> None:
        inline = self.inline_after(token)
        children = inline.children or []
        content = inline.content.strip()
        if len(children) == 1 and children[0].type == "image" and "\n" not in content:
            self.figure(children[0], token)
            return
        if content.startswith("|"):
            raise self.fail(token, Says(N_("a table needs a header row, then a rule such as |---|---|")))
        if content.startswith("!["):
            raise self.fail(token, _REFUSED_INLINE["image"])
        self.blocks.append(Paragraph(self.text(inline, token), self.line(token)))

    def figure(self, image, token) -> None:
        caption = image.content.strip()
        if not caption:
            raise self.fail(token, Says(N_("a figure needs a caption: {form}"), form="![Caption](diagram:GAME/NAME)"))
        check_inline(caption, self.source, self.line(token))
        self.figures += 1
        if self.figures > MAX_FIGURES:
            raise self.fail(token, Says(N_("more than {most} figures; a rule text draws at most {most}"),
                                        most=MAX_FIGURES))
        self.blocks.append(Figure(caption, str(image.attrs.get("src", "")), self.line(token)))

    def list(self, token) -> None:
        kind, line = token.type, self.line(token)
        if kind == "bullet_list_open" and token.markup != "-":
            raise self.fail(token, Says(N_("write bullet items with '- '")))
        if kind == "ordered_list_open" and token.markup != ".":
            raise self.fail(token, Says(N_("write numbered items as '1. '")))
        before = self.lines[self.offset + token.map[0] - 1] if token.map[0] > 0 else ""
        if self.last_list and self.last_list[0] != kind and self.last_list[1] == token.map[0] and before.strip():
            raise self.fail(token, Says(N_("a list mixes '- ' and '1. ' items; leave a blank line between lists")))
        close = kind.replace("_open", "_close")
        items: list[str] = []
        self.index += 1
        while self.tokens[self.index].type != close:
            item = self.tokens[self.index]
            if item.type in ("bullet_list_open", "ordered_list_open"):
                raise self.fail(item, Says(N_("nested lists are not supported; write a flat list")))
            if item.type in _REFUSED_BLOCKS:
                raise self.fail(item, _REFUSED_BLOCKS[item.type])
            if item.type == "inline":
                opened = self.tokens[self.index - 2].map       # None: a paragraph closed before this one
                if item.map and (opened is None or item.map[0] != opened[0]):
                    raise self.fail(item, Says(N_("a list item holds one paragraph; leave a blank line after the "
                                                  "list")))
                items.append(self.text(item, item))
            self.index += 1
        self.last_list = (kind, token.map[1])
        start = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 1
        self.blocks.append(ListBlock(kind == "ordered_list_open", tuple(items), line, start))
        self.index += 1

    def table(self, token) -> None:
        line = self.line(token)
        header: list[str] = []
        rows: list[tuple[str, ...]] = []
        row: list[str] = []
        self.index += 1
        while self.tokens[self.index].type != "table_close":
            cell = self.tokens[self.index]
            if cell.type == "tr_open":
                row = []
                written = _cells(self.lines[self.offset + cell.map[0]])
                if header and len(written) != len(header):
                    raise self.fail(cell, Says(N_("this table row has {count} cells, the header {header}"),
                                               count=len(written), header=len(header)))
            elif cell.type == "inline":
                row.append(self.text(cell, token))
            elif cell.type == "tr_close":
                if not header:
                    header = row
                    if len(header) > MAX_TABLE_COLUMNS:
                        raise self.fail(token, Says(N_("a table of {count} columns; at most {most} fit a column of "
                                                       "the rule sheet"), count=len(header), most=MAX_TABLE_COLUMNS))
                    rule = _cells(self.lines[self.offset + token.map[0] + 1])
                    if len(rule) != len(header):
                        raise fail(self.source, line + 1, Says(N_("the rule row has {count} cells, the header "
                                                                  "{header}"), count=len(rule), header=len(header)))
                else:
                    rows.append(tuple(row))
            self.index += 1
        if not rows:
            raise self.fail(token, Says(N_("a table needs at least one row below its header")))
        self.blocks.append(Table(tuple(header), tuple(rows), line))
        self.index += 1

    def text(self, inline, where) -> str:
        """The inline Markdown of a block on one line, after checking it (see check_inline)."""
        self.pieces += 1
        if self.pieces > MAX_PIECES:
            raise self.fail(where, Says(N_("more than {most:,} headings, paragraphs, list items and table cells; "
                                           "split the rule text into several"), most=MAX_PIECES))
        content = _one_line(inline.content)
        _check_inline_tokens(inline.children or [], content, self.source, self.line(where))
        return content


def _body(lines: list[str], start: int, source: str) -> list[Block]:
    if len(lines) > MAX_LINES:
        raise fail(source, MAX_LINES + 1, Says(N_("a rule text of {count:,} lines; at most {most:,} (split it into "
                                                  "several texts)"), count=len(lines), most=MAX_LINES))
    body = "\n".join(lines[start:])
    return _Walk(_parser().parse(body), lines, start, source).run()


# -- inline: emphasis, escapes ---------------------------------------------------------------------------------

def _inline_tokens(text: str):
    return _parser().parseInline(text)[0].children or []


def _check_inline_tokens(children, text: str, source: str, line: int) -> None:
    if len(text) > MAX_BLOCK_CHARS:
        raise fail(source, line, Says(N_("a block of {count:,} characters; split it (at most {most:,})"),
                                      count=len(text), most=MAX_BLOCK_CHARS))
    depth = 0
    for child in children:
        if child.type in _REFUSED_INLINE:
            raise fail(source, line, _REFUSED_INLINE[child.type])
        if child.type.endswith("_open"):
            depth += 1
            if depth > MAX_EMPHASIS_DEPTH:
                raise fail(source, line, Says(N_("emphasis nested more than {most} deep in {text!r}"),
                                              most=MAX_EMPHASIS_DEPTH, text=text[:60]))
        elif child.type.endswith("_close"):
            depth -= 1
        elif child.type == "text" and "*" in child.content:
            raise fail(source, line, Says(N_("unbalanced '*' emphasis in {text!r}"), text=text[:60]))


def check_inline(text: str, source: str, line: int) -> None:
    """Refuses emphasis that does not close (a stray '*' cannot turn half a page bold; write '\\*' for a star),
    links, inline code and over-long text."""
    _check_inline_tokens(_inline_tokens(text), text, source, line)


_MARKUP = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
           "softbreak": " ", "hardbreak": "<br/>"}


def inline_markup(text: str) -> str:
    """Markdown emphasis -> the mini-markup of reportlab's Paragraph, with &, < and > escaped."""
    parts = []
    for child in _inline_tokens(text):
        if child.type in ("text", "text_special"):
            parts.append(_escape(child.content))
        elif child.type == "code_inline":          # rule texts refuse it; a kit's own notes set it in mono
            parts.append(f"`{_escape(child.content)}`")
        else:
            parts.append(_MARKUP.get(child.type, ""))
    return "".join(parts)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plain(text: str) -> str:
    """The text a reader sees: emphasis marks and escapes removed."""
    return "".join(child.content if child.type in ("text", "text_special") else
                   " " if child.type in ("softbreak", "hardbreak") else "" for child in _inline_tokens(text))


# -- whole files ---------------------------------------------------------------------------------------------

def _check_structure(blocks: list[Block], source: str) -> None:
    titles = [block for block in blocks if isinstance(block, Heading) and block.level == 1]
    if len(titles) > 1:
        raise fail(source, titles[1].line, Says(N_("a second '# ' title (the first is on line {first})"),
                                                first=titles[0].line))
    if titles and blocks[0] is not titles[0]:
        raise fail(source, titles[0].line, Says(N_("the '# ' title must come before everything else")))
    previous = 1
    for block in blocks:
        if isinstance(block, Heading):
            if block.level > previous + 1:
                raise fail(source, block.line, Says(N_("heading level {level} follows level {previous}; use {marks}"),
                                                    level=block.level, previous=previous, marks="#" * (previous + 1)))
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
        raise fail(source, start, Says(N_("the rules are empty")))
    return RuleText(source, front, tuple(blocks))


def file_language(path: Path) -> str | None:
    """'cats.de.md' -> 'de'; None when the name carries no language."""
    parts = path.name.split(".")
    return parts[-2].lower() if len(parts) >= 3 and _LANG.match(parts[-2].lower()) else None


def read(path: Path, source: str | None = None) -> RuleText:
    text = read_text(path, "rule text")
    return parse(text, source or str(path), file_language(Path(path)))
