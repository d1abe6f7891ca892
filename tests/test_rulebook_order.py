"""Rule sheets read in the order they were written: the text extracted from the PDF, page by page, holds every
heading, paragraph, list item and table row of the Markdown source in the source's order, for every game and
language."""

from __future__ import annotations

import ctypes
import functools
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from washigen.rulebook import game_rules_pdf, languages, load_rules
from washigen.rulebook import markdown as md
from tests.pagefill import pages_fill
from washigen.rulebook.typeset import Sheet, labels
from washigen.games import get_game

GAMES = ("cats", "cops", "cat-tree", "trail-route")
SHEET_MARGINS = (Sheet.margin_x, Sheet.margin_top, Sheet.margin_x, Sheet.margin_bottom)     # points
CASES = [(game, lang, paper) for game in GAMES for lang in languages(game) for paper in ("a4", "letter")]


@functools.cache
def _sheet(game: str, lang: str, paper: str) -> bytes:
    """The rule sheet's PDF, typeset once for the three tests that read it (on the worker that runs them)."""
    return game_rules_pdf(game, lang, paper, find_game=get_game)


def _words(text: str) -> list[str]:
    """Letters and digits only, lower case: what survives line breaks, hyphenation and the PDF's spacing."""
    return re.findall(r"[^\W_]+", text.lower())


def _source_pieces(rules: md.RuleText) -> list[list[str]]:
    """Every piece of text the sheet must show, in source order, as its words."""
    pieces = []
    for block in rules.blocks:
        if isinstance(block, (md.Heading, md.Paragraph)):
            texts = [block.text]
        elif isinstance(block, md.ListBlock):
            texts = list(block.items)
        elif isinstance(block, md.Table):
            # a row's cells stand side by side and wrap each in its own width: the rows' order is what counts
            texts = [row[0] for row in (block.header, *block.rows)]
        else:
            texts = []
        pieces += [words for words in (_words(md.plain(text)) for text in texts) if words]
    return pieces


def _printed(data: bytes) -> list[str]:
    """The sheet's words in the order a person reads them: page by page; on a page, top to bottom, a line across
    the whole width (a heading over both columns, a table row) closes the columns above it, which read left column
    first, then right."""
    words: list[str] = []
    document = pdfium.PdfDocument(data)
    try:
        for number in range(len(document)):
            page = document[number]
            lines = _outside_figures(_lines(page.get_textpage()), page) + _panels(page)
            for line in _reading_order(lines, page.get_width()):
                words += _words(line)
    finally:
        document.close()
    return words


def _lines(textpage) -> list[tuple[float, float, float, str]]:
    """(baseline, left, right, text) of every printed line: runs of characters on one baseline, broken at wide
    gaps (between two columns)."""
    lines, current, last = [], [], None
    x, y = ctypes.c_double(), ctypes.c_double()
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if char in "\r\n":
            continue
        left, _, right, _ = textpage.get_charbox(index)
        pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
        here = (left, y.value, right)
        if last is not None and (abs(here[1] - last[1]) > 1.5 or here[0] - last[2] > 12 or here[0] < last[0] - 2):
            lines.append(current)
            current = []
        current.append((char, here))
        last = here
    if current:
        lines.append(current)
    return [(line[0][1][1], min(b[0] for _, b in line), max(b[2] for _, b in line), "".join(c for c, _ in line))
            for line in lines if "".join(c for c, _ in line).strip()]


# A figure's caption starts with its label in any language ("Figure 2.", "Abb. 2.").
CAPTION = re.compile("|".join(re.escape(labels(lang)["figure"]).replace(r"\{\}", r"\d+") for lang in ("en", "de")))


def _outside_figures(lines, page) -> list:
    """The lines that are not a figure's own words (its labels and caption, on the panel that holds its caption): a
    reader passes a figure by, so text that runs on below a figure floated to the top of a page reads on unbroken."""
    panels = []
    for item in page.get_objects(max_depth=1):
        if item.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = item.get_bounds()
            if any(CAPTION.match(text.strip()) and left <= x0 and x1 <= right and bottom <= y <= top
                   for y, x0, x1, text in lines):
                panels.append((left, bottom, right, top))
    return [line for line in lines if not any(left <= line[1] and line[2] <= right and bottom <= line[0] <= top
                                                  for left, bottom, right, top in panels)]


HEADING_OVER_RULE = 12.0      # pt: a spanning heading's baseline stands less than this above the rule under it


def _panels(page) -> list[tuple[float, float, float, str]]:
    """The top edges of drawn things across the gutter (a figure's panel, a table's rows, the rule under a heading
    that spans the page, lifted over that heading), as empty full-width lines: a reader finishes the columns above
    them before reading on below."""
    middle = page.get_width() / 2
    edges = []
    for item in page.get_objects(max_depth=1):
        if item.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = item.get_bounds()
        if left < middle - 6 and right > middle + 6:
            edges.append((top + (HEADING_OVER_RULE if top - bottom < 3 else 0.0), left, right, ""))
    return edges


def _reading_order(lines, width: float) -> list[str]:
    middle = width / 2
    ordered, left, right = [], [], []
    for top, x0, x1, text in sorted(lines, key=lambda line: (-line[0], line[1])):
        if x0 < middle - 6 and x1 > middle + 6:            # across the gutter: the whole width
            ordered += [t for _, t in sorted(left, key=lambda l: -l[0])] + [t for _, t in sorted(right,
                                                                                              key=lambda l: -l[0])]
            left, right = [], []
            ordered.append(text)
        else:
            (left if (x0 + x1) / 2 < middle else right).append((top, text))
    return ordered + [t for _, t in left] + [t for _, t in right]


# A piece may be interrupted by a page's running footer or a figure's labels, never by more.
INTERRUPTION = 40


def find_in_order(printed: list[str], piece: list[str], start: int) -> int | None:
    """Where `piece` ends in `printed`, read from `start`: its words in order, starting at the first place its
    first word appears, with at most INTERRUPTION other words between two of them; None if they are not so."""
    at = start
    while True:
        try:
            first = printed.index(piece[0], at)
        except ValueError:
            return None
        position, ok = first, True
        for word in piece[1:]:
            window = printed[position + 1:position + 2 + INTERRUPTION]
            if word not in window:
                ok = False
                break
            position += 1 + window.index(word)
        if ok:
            return position + 1
        at = first + 1


@pytest.mark.parametrize("game, lang, paper", CASES)
def test_the_printed_rules_read_in_source_order(game, lang, paper):
    printed = _printed(_sheet(game, lang, paper))
    at = 0
    for piece in _source_pieces(load_rules(game, lang)):
        end = find_in_order(printed, piece, at)
        assert end is not None, (f"{game} {lang}: {' '.join(piece[:12])!r} is missing, split or out of order after "
                                 f"{' '.join(printed[max(0, at - 12):at])!r}")
        at = end


def test_the_order_check_catches_a_paragraph_out_of_order():
    printed = "alpha beta gamma delta epsilon zeta".split()
    assert find_in_order(printed, ["gamma", "delta"], 0) == 4
    assert find_in_order(printed, ["beta", "gamma"], 4) is None


@pytest.mark.parametrize("game, lang, paper", CASES)
def test_no_page_but_the_last_is_under_half_full(game, lang, paper):
    """How much of each page's body its text lines, tables and figures cover, column by column (the footer aside),
    read back from the PDF: a page whose right column stays empty, or that holds a few lines, is under half full."""
    fill = pages_fill(_sheet(game, lang, paper), SHEET_MARGINS)
    assert all(share >= 0.5 for share in fill[:-1]), [round(share, 2) for share in fill]


def _page_words(data: bytes) -> list[list[str]]:
    document = pdfium.PdfDocument(data)
    try:
        return [_words(document[n].get_textpage().get_text_range()) for n in range(len(document))]
    finally:
        document.close()


def _pages_with(pages: list[list[str]], piece: list[str]) -> list[int]:
    return [number for number, words in enumerate(pages) if find_in_order(words, piece, 0) is not None]


def _pages_with_run(pages: list[list[str]], piece: list[str]) -> list[int]:
    """The pages where `piece` stands word for word, nothing between (a caption is one line or two)."""
    size = len(piece)
    return [number for number, words in enumerate(pages)
            if any(words[k:k + size] == piece for k in range(len(words) - size + 1))]


@pytest.mark.parametrize("game, lang, paper", CASES)
def test_every_figure_stands_on_the_page_of_the_text_before_it_or_the_next(game, lang, paper):
    """A figure floats at most to the top of the next page: its caption ("Figure 3.") is printed on the page where
    the text just before it in the source ends (or the figure before it, in a run of figures), or on the page
    after."""
    rules = load_rules(game, lang)
    pages = _page_words(_sheet(game, lang, paper))
    label = labels(lang)["figure"]
    # Where each piece of text ends: the first page, from the one where the piece before it ended, that holds its
    # last words (a short piece such as a table's last row may stand again, word for word, pages later).
    ends = 0
    number, previous = 0, None
    for piece, block in zip(_source_pieces_with_figures(rules), rules.blocks):
        if isinstance(block, md.Figure):
            number += 1
            caption = _pages_with_run(pages, _words(label.format(number)) + _words(md.plain(block.caption))[:4])
            assert len(caption) == 1, (game, lang, number, caption)
            after = ends if previous is None else max(ends, previous)
            assert 0 <= caption[0] - after <= 1, (f"{game} {lang} {paper}: figure {number} is on page "
                                                  f"{caption[0] + 1}, what comes before it ends on page {after + 1}")
            previous = caption[0]
        elif piece:
            found = [page for page in _pages_with(pages, piece[-6:]) if page >= ends]
            assert found, (game, lang, paper, piece[-6:], ends + 1)
            ends, previous = found[0], None


def _source_pieces_with_figures(rules: md.RuleText) -> list[list[str]]:
    """Per block, the words of its last piece of text (a list's last item, a table's last row), [] for a figure."""
    pieces = []
    for block in rules.blocks:
        if isinstance(block, (md.Heading, md.Paragraph)):
            pieces.append(_words(md.plain(block.text)))
        elif isinstance(block, md.ListBlock):
            pieces.append(_words(md.plain(block.items[-1])))
        elif isinstance(block, md.Table):
            pieces.append(_words(md.plain(" ".join((block.rows or [block.header])[-1]))))
        else:
            pieces.append([])
    return pieces
