"""The rule texts' Markdown subset: blocks with their line numbers, and every mistake named by file and line."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import pytest

from washigen.errors import InputError
from washigen.paths import SEEDS
from washigen.rulebook.markdown import (Figure, Heading, ListBlock, Paragraph, Table, inline_markup, parse, plain,
                                        read)

FRONT = "---\ntitle: T\nplayers: 2\ncredits: Someone.\nlang: en\n---\n"


def body(text: str) -> str:
    return FRONT + textwrap.dedent(text)


def error_of(text: str, source: str = "r.md") -> str:
    with pytest.raises(InputError) as caught:
        parse(text, source)
    return str(caught.value)


def test_blocks_keep_their_kind_and_line():
    rules = parse(body("""\
        # Title

        ## Section
        A paragraph that
        runs over two lines.

        - one
        - two

        1. first
        2. second

        | A | B |
        |---|---|
        | x | y |

        ![Caption here](diagram:cats/map?players=4)
        """), "r.md")
    kinds = [(type(b).__name__, b.line) for b in rules.blocks]
    assert kinds == [("Heading", 7), ("Heading", 9), ("Paragraph", 10), ("ListBlock", 13), ("ListBlock", 16),
                     ("Table", 19), ("Figure", 23)]
    paragraph = rules.blocks[2]
    assert isinstance(paragraph, Paragraph) and paragraph.text == "A paragraph that runs over two lines."
    bullets, numbers = rules.blocks[3], rules.blocks[4]
    assert isinstance(bullets, ListBlock) and not bullets.ordered and bullets.items == ("one", "two")
    assert isinstance(numbers, ListBlock) and numbers.ordered and numbers.items == ("first", "second")
    table = rules.blocks[5]
    assert isinstance(table, Table) and table.header == ("A", "B") and table.rows == (("x", "y"),)
    figure = rules.blocks[6]
    assert isinstance(figure, Figure) and figure.caption == "Caption here"
    assert figure.target == "diagram:cats/map?players=4"
    assert rules.title == "Title" and rules.front.players == "2" and rules.front.time == ""


def test_emphasis_becomes_paragraph_markup_and_text_is_escaped():
    assert inline_markup("a **bold** and *italic* <tag> & co") == \
        "a <b>bold</b> and <i>italic</i> &lt;tag&gt; &amp; co"
    assert plain("**Goal:** win *now*") == "Goal: win now"


@pytest.mark.parametrize("text, line, words", [
    ("title: T\n", 1, "front matter between two '---'"),
    ("---\ntitle: T\nplayers: 2\nlang: en\n---\n# T\n", 5, "missing credits"),
    ("---\ntitle: T\nplayers: 2\ncredits: C\nlang: en\ncolour: red\n---\n", 6, "unknown key 'colour'"),
    ("---\ntitle: T\nplayers: 2\ncredits: C\nlang: english\n---\n", 5, "two-letter code"),
    ("---\ntitle: T\nplayers: 2\ncredits: C\nlang: en\n", 1, "no closing '---'"),
    ("---\ntitle: T\ntitle: U\n---\n", 3, "'title' given twice"),
    ("---\ntitle T\n---\n", 2, "expected 'key: value'"),
])
def test_bad_front_matter_names_its_line(text, line, words):
    message = error_of(text)
    assert message.startswith(f"r.md:{line}: "), message
    assert words in message


def test_the_language_of_the_file_name_must_match_its_front_matter(tmp_path):
    path = tmp_path / "game.de.md"
    path.write_text(body("# T\n\nText.\n"), encoding="utf-8")
    with pytest.raises(InputError, match=r"game\.de\.md:5: .*lang is 'en' but the file name says 'de'"):
        read(path, "game.de.md")


@pytest.mark.parametrize("text, line, words", [
    ("# T\n\n- one\n  - nested\n", 10, "nested lists"),
    ("# T\n\nSome **bold text.\n", 9, "unbalanced '*'"),
    ("# T\n\n| A | B |\n|---|---|\n| x |\n", 11, "1 cells, the header 2"),
    ("# T\n\n| A | B |\n| x | y |\n", 9, "a rule such as |---|---|"),
    ("# T\n\n#### Deep\n", 9, "use #, ## or ###"),
    ("# T\n\n### Skips a level\n", 9, "follows level 1"),
    ("# T\n\n# Again\n", 9, "a second '# ' title"),
    ("# T\n\n![](diagram:cats/map)\n", 9, "needs a caption"),
    ("# T\n\n![A map] (diagram:cats/map)\n", 9, "on a line of its own"),
    ("# T\n\nSee [the site](https://example.org).\n", 9, "links are not supported"),
    ("# T\n\n> quoted\n", 9, "quotes"),
    ("# T\n\n```\ncode\n```\n", 9, "code blocks"),
    ("# T\n\n- one\n1. two\n", 10, "mixes '- ' and '1. '"),
    # a second paragraph in an item raised TypeError (a traceback) instead of this refusal
    ("# T\n\n- one\n\n  more of it\n", 11, "a list item holds one paragraph"),
])
def test_unsupported_or_broken_markdown_names_its_line(text, line, words):
    message = error_of(body(text))
    assert message.startswith(f"r.md:{line}: "), message
    assert words in message


SEED_FILES = sorted(SEEDS.glob("*.md"))


def test_the_seeds_are_there():
    names = {path.name for path in SEED_FILES}
    assert {"cats.en.md", "cats.de.md", "cops.en.md", "cat-tree.en.md", "trail-route.en.md"} <= names


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda p: p.name)
def test_every_seed_parses_with_title_credits_and_sections(path: Path):
    rules = read(path, f"seeds/{path.name}")
    assert rules.front.lang == path.name.split(".")[-2]
    assert rules.front.credits and rules.front.players
    assert isinstance(rules.blocks[0], Heading) and rules.blocks[0].level == 1
    assert rules.title == rules.front.title
    sections = [h.text for h in rules.headings() if h.level == 2]
    assert len(sections) >= 5, sections
    assert rules.figures(), "every rule text shows at least one diagram"


def test_escaped_stars_and_underscore_emphasis():
    rules = parse(FRONT + "# T\n\nA star \\* here, _emphasis_ and **bold _both_**, 3 \\* 4.\n", "r.md")
    (title, paragraph) = rules.blocks
    assert inline_markup(paragraph.text) == "A star * here, <i>emphasis</i> and <b>bold <i>both</i></b>, 3 * 4."
    assert plain(paragraph.text) == "A star * here, emphasis and bold both, 3 * 4."


@pytest.mark.parametrize("text, words", [
    ("*" * 2500 + "x" + "*" * 2500, "emphasis nested more than 3 deep"),
    ("_" * 2500 + "x" + "_" * 2500, "emphasis nested more than 3 deep"),
    ("word " * 2001, "a block of 10,004 characters"),
    ("|" + "h|" * 1000 + "\n|" + "---|" * 1000 + "\n|" + "x|" * 1000, "a table of 1000 columns"),
])
def test_pathological_text_is_refused_with_its_line_quickly(text, words):
    started = time.perf_counter()
    with pytest.raises(InputError, match=r"r\.md:9: ") as refused:
        parse(FRONT + "# T\n\n" + text + "\n", "r.md")
    assert words in str(refused.value)
    assert time.perf_counter() - started < 5
