"""Cops squad sheets read back: the version line clear of the crime boxes, four sheets to an A4 or Letter page, and
nothing printed within a home printer's 5 mm margin on any paper the command offers."""

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.games.cops.draw import squad_sheet_scene
from washigen.games.cops.lettering import box_gap, text_box
from washigen.scene import Rect, Text

from .readback import page_boxes_mm, page_size_mm, pdf_pages

PAPERS = ("a4", "letter", "a5", "a3", "legal", "tabloid")
PRINTER_MARGIN_MM = 5.0
PAPER_WHITE = 250          # a channel this bright or brighter on all three counts as bare paper


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def _box(text: Text) -> tuple[float, float, float, float]:
    return text_box(text.text, text.x, text.y, text.size, text.anchor, text.weight)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_version_line_keeps_clear_of_the_crime_boxes(lang):
    """The sheet's words and boxes as drawn: the version line at the foot is >= 1 mm from each crime box (the
    boxes holding a 'Crime n' heading), and inside the sheet's safe zone."""
    scene = squad_sheet_scene(1, lang=lang)
    texts = [item for item in scene.children if isinstance(item, Text)]
    version = next(_box(text) for text in texts if text.text.startswith("washigen"))
    headings = [_box(text) for text in texts if text.style.fill == "cops-blue"]
    boxes = [(item.x, item.y, item.x + item.w, item.y + item.h) for item in scene.children if isinstance(item, Rect)
             and any(box[0] >= item.x and box[2] <= item.x + item.w and box[1] >= item.y and box[3] <= item.y + item.h
                     for box in headings)]
    assert len(boxes) == 2
    assert all(box_gap(version, box) >= 1.0 for box in boxes), (version, boxes)
    assert version[3] <= scene.height - 3.0 + 1e-6


def _ink_near_edge(image, margin_mm: float, dpi: int) -> list[tuple[int, int]]:
    """Pixels of `image` (a whole page) carrying ink within `margin_mm` of the paper's edge."""
    band = round(margin_mm * dpi / 25.4)
    width, height = image.size
    pixels = image.load()
    inked = []
    for y in range(height):
        columns = range(width) if y < band or y >= height - band else [*range(band), *range(width - band, width)]
        inked += [(x, y) for x in columns if min(pixels[x, y]) < PAPER_WHITE]
    return inked


@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_prints_within_5mm_of_the_paper_edge(tmp_path, paper):
    """Every paper `cops sheet --paper` offers, 2 to 6 squads (German for 6): each page rasterised, the 5 mm along
    its edges bare (sheets, bleed, crop marks, footer), and every word on the page, >= 5 mm from its edge."""
    from .printcheck import text_runs

    dpi = 100
    for players, lang in [(n, "en") for n in range(2, 7)] + [(6, "de")]:
        out = tmp_path / f"sheets-{paper}-{players}-{lang}.pdf"
        run("cops", "sheet", "--players", players, "--paper", paper, "--lang", lang, "-o", out)
        data = out.read_bytes()
        document = pdfium.PdfDocument(data)
        for number in range(len(document)):
            image = document[number].render(scale=dpi / 72.0).to_pil().convert("RGB")
            inked = _ink_near_edge(image, PRINTER_MARGIN_MM - 0.2, dpi)       # a pixel's rounding
            assert not inked, (paper, players, lang, number + 1, inked[:5])
        document.close()
        w, h = page_size_mm(pdf_pages(out)[0])
        for run_ in text_runs(data):
            x0, y0, x1, y1 = run_.box
            assert min(x0, y0, w - x1, h - y1) >= PRINTER_MARGIN_MM - 0.05, (paper, players, run_)


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_four_squad_sheets_to_an_a4_or_letter_page(tmp_path, paper, size):
    """Read back: six sheets take two pages, the first holding a 2 x 2 block (its TrimBox two sheets and the 6 mm
    between them each way)."""
    from washigen.games.cops.draw import SHEET_SIZE

    out = tmp_path / f"sheets-{paper}.pdf"
    run("cops", "sheet", "--players", 6, "--paper", paper, "-o", out)
    pages = pdf_pages(out)
    assert len(pages) == 2
    w, h = page_size_mm(pages[0])
    assert abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05
    trim = page_boxes_mm(pages[0])["trimbox"]
    assert abs(trim[2] - trim[0] - (2 * SHEET_SIZE[0] + 6)) < 0.05
    assert abs(trim[3] - trim[1] - (2 * SHEET_SIZE[1] + 6)) < 0.05
