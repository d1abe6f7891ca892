"""Defects found by looking at what washigen prints, each held by a reading of the printed file: where its words
stand on the page, in mm, as PDFium reads them back."""

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.units import MIN_PAGE_MARGIN

PT = 25.4 / 72.0


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def text_lines(pdf: bytes, page_index: int) -> tuple[float, list[tuple[str, float, float]]]:
    """The page's width in mm and its text, a line at a time: (words, left, right) in mm."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[page_index]
        width = page.get_width() * PT
        textpage = page.get_textpage()
        lines, words, left, right, last = [], "", None, None, None
        for index in range(textpage.count_chars()):
            char = textpage.get_text_range(index, 1)
            if not char.strip():
                words += " " if words else ""
                continue
            x0, y0, x1, y1 = textpage.get_charbox(index)
            if last is not None and (y1 < last[0] or y0 > last[1]):     # no height in common: a new line
                lines.append((words.strip(), left * PT, right * PT))
                words, left, right = "", None, None
            words += char
            left = x0 if left is None else min(left, x0)
            right = x1 if right is None else max(right, x1)
            last = (y0, y1)
        if words.strip():
            lines.append((words.strip(), left * PT, right * PT))
        return width, lines
    finally:
        document.close()


@pytest.mark.parametrize("lang, heading", [("en", "Exchange tiles (marked with the turning arrows)"),
                                           ("de", "Ersatzplättchen (mit den Drehpfeilen markiert)")])
def test_trail_route_contents_headings_stay_off_the_a5_margin(tmp_path, lang, heading):
    """The contents page of `trail-route components --paper a5`: the heading "Exchange tiles (marked with the turning
    arrows): 10" ran 142.4 mm into a 148 mm page (English; German 138.9 mm), past the page's 18 mm text column and
    into the printer's unprintable edge (MIN_PAGE_MARGIN). Every line of the contents pages ends inside the column
    the notes under it wrap to, and the heading is all there."""
    out = tmp_path / "tr.pdf"
    result = run("trail-route", "components", "--paper", "a5", "--tile-size", "25mm", "--lang", lang, "-o", out)
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    said = ""
    for index in range(2):                          # A5 holds the contents on its first two pages
        width, lines = text_lines(pdf, index)
        for words, left, right in lines:
            assert right <= width - MIN_PAGE_MARGIN, (index, words, right, width)
            assert right <= width - 18.0 + 0.5, (index, words, right, width)
        said += "".join(words for words, _left, _right in lines)
    said = "".join(said.split())                    # PDFium's own spaces between letters left out
    assert "".join(heading.split()) in said
    assert "):10" in said                           # the count after the heading's wrapped words


def test_trail_route_mat_on_four_a4_sheets_keeps_its_cut_notes_apart(tmp_path):
    """`trail-route components --tile-size 45mm --lang de`: the mat over 2 x 2 A4 sheets. Sheet 1's two notes
    "Bogen 2/3 bis zur Linie über diesen Rand legen" met where the two dashed cuts cross (the upright one centred on
    the sheet, right on the other cut): 2 mm of words on words, and a dashed line through them. MuPDF reads the
    mat's sheets back with no text on text and no line or shape through any text."""
    from tests.collisions import pdf_collisions

    out = tmp_path / "tr45.pdf"
    result = run("trail-route", "components", "--tile-size", "45mm", "--lang", "de", "-o", out)
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    document = pdfium.PdfDocument(pdf)
    try:
        mats = [n for n in range(len(document))
                if "Spielplan · Bogen" in document[n].get_textpage().get_text_range()]
    finally:
        document.close()
    assert len(mats) == 4
    faults = [fault for fault in pdf_collisions(pdf) if int(fault.split(":")[0].split()[1]) - 1 in mats]
    assert faults == []


@pytest.mark.parametrize("tile, paper, lang", [(25.0, "a5", "en"), (25.0, "letter", "de"), (45.0, "legal", "de"),
                                               (30.0, "a5", "de"), (60.0, "letter", "en"), (50.0, "letter", "de")])
def test_trail_route_mat_words_clear_on_every_sheet(tile, paper, lang):
    """The mat tiled over sheets at the sizes where its words collided, read back from the PDF by MuPDF:
    - 25 mm on A5: the title, moved past two cuts by the sheets' layout, landed on "forward" and its arrow;
    - 25 mm on letter: the title, moved 3 mm off a cut, ran under the wrap arrow;
    - 45 mm on legal (German): "Reihe 6: nur bei 4 Personen", moved off a cut, hung over its slot's edge;
    - 30 mm on A5, 60 mm and 50 mm on letter: a cut's note crossed by the other cut or by an aligning cross, or on
      a row number."""
    from tests.collisions import pdf_collisions
    from washigen.backends import to_pdf
    from washigen.games.trail_route.board_mat import print_mat

    document = print_mat(tile, paper, lang)
    assert len(document.pages) > 1
    assert pdf_collisions(to_pdf(document.pages)) == []


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("args", [("--players", "3", "--seed", "4", "--paper", "a5"),
                                  ("--players", "5", "--seed", "4", "--long", "1", "--paper", "tabloid")])
def test_cats_strip_band_note_stays_clear_of_the_last_players_symbols(tmp_path, lang, args):
    """`cats map --players 3 --seed 4 --paper a5`: strip 2's band holds seats 1 and 3; the seed line at its right
    end ("3 Pers. · Startwert 4 · washigen 0.2.0") was drawn over seat 3's fish. MuPDF reads no text crossed by a
    line or under a shape, and each strip with a player band still says its seed."""
    from tests.collisions import pdf_collisions

    out = tmp_path / "map.pdf"
    result = run("cats", "map", *args, "--lang", lang, "-o", out)
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    assert pdf_collisions(pdf) == []
    seed = {"en": "seed 4", "de": "Startwert 4"}[lang]
    document = pdfium.PdfDocument(pdf)
    try:
        said = "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    bands = sum(1 for line in said.splitlines() if seed in line and "Tokyo Washi" not in line)
    assert bands >= 2, said                     # the footer aside, the outer strips' bands say the seed
