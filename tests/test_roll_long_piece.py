"""A piece longer than a PDF page (its pages then end on no piece's end) keeps its words: each printed once, on the
first page it stands on, inside that page's trim. They were on no page: a page printed only the words of the pieces
it carried whole, and no page carries such a piece whole. Read back per page with pypdf's text extraction."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from tests.test_roll_words import _captions, _misplaced
from washigen.backends.pdf import to_pdf
from washigen.press import PrintOptions
from washigen.press.rolls import roll_document, roll_with_words
from washigen.scene import Group, Line, Scene, Style, Text

BLEED = 3.0


def page_words(data: bytes) -> list[list[str]]:
    return [page.extract_text().splitlines() for page in PdfReader(io.BytesIO(data)).pages]


def test_the_words_of_a_6_m_piece_are_on_the_pages_it_lies_on():
    """No design the limits allow has a piece this long (a Cops segment is at most 2 m): the roll is made directly,
    two 6 m pieces on 5,080 mm pages; a word at 5,045 mm runs over page 1's join at 5,054 mm."""
    piece = 6_000.0
    art = Scene(piece, 40.0, bleed=BLEED)
    art.add(Line(0.0, 20.0, piece, 20.0, Style(stroke="ink", stroke_width=0.3)))
    words = [[Group([Text(10.0, 20.0, "PIECE-START", 4.0), Text(5_045.0, 30.0, "OVER-THE-JOIN", 4.0),
                     Text(5_400.0, 20.0, "FAR-ON", 4.0)])]]
    strip = roll_with_words(art, words, 2 * piece, BLEED, piece, "long")
    document = roll_document(strip, piece, "two long pieces", piece=piece)
    data = to_pdf(document.pages)
    pages = page_words(data)
    assert len(pages) == 3
    mine = [{word for word in page if word.isupper()} for page in pages]
    assert mine[0] == {"PIECE-START", "OVER-THE-JOIN"}          # piece 1 starts on page 1: its words there
    assert mine[1] == {"FAR-ON", "PIECE-START"}                 # piece 1's past page 1's end; piece 2's start
    assert mine[2] == {"OVER-THE-JOIN", "FAR-ON"}
    for word in ("PIECE-START", "OVER-THE-JOIN", "FAR-ON"):
        assert sum(page.count(word) for page in pages) == 2, word     # once a piece
    assert _misplaced(data, 2 * piece) == []                         # inside the trim, the join's word too


def test_the_largest_cats_piece_on_pages_shorter_than_it_keeps_its_words(monkeypatch):
    """The largest piece the limits allow (120 mm tape, 4 rows, 60 columns: 1,632 mm with its forest section), on
    pages of 1,200 mm: each of its words on the first page it stands on, once."""
    from washigen.games.cats.generate import generate_roll
    from washigen.games.cats.roll import piece_length, tape_document

    monkeypatch.setattr("washigen.press.rolls.MAX_PAGE_MM", 1_200.0)
    design = generate_roll(segments=2, length=3_400.0, seed=3, tape_width=120.0, segment_rows=4, segment_cols=60)
    piece = piece_length(design)
    assert piece == 1_632.0
    data = to_pdf(tape_document(design, PrintOptions(bleed=BLEED), Path("roll.pdf")).pages)
    pages = page_words(data)
    assert len(pages) == 3
    assert {"your colour", "special moves", "fish"} <= set(pages[0])  # the first piece's start: page 1
    for word in ("your colour", "forests & shrubs: cut out, stick on"):
        assert sum(page.count(word) for page in pages) == 2, word      # once for each of the two whole pieces
    assert _captions(data, r"seed 3 · washigen \S+") == 2
    assert _misplaced(data, 2 * piece) == []
