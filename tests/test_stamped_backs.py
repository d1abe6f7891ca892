"""A back placed on every slot (a deck's card back) is drawn once per sheet, as a PDF form used at each slot."""

import re

from click.testing import CliRunner

from washigen.cli import main

from .readback import page_size_mm, pdf_pages, rasterise_pdf


def test_card_backs_are_one_form_used_nine_times(tmp_path):
    out = tmp_path / "deck.pdf"
    assert CliRunner().invoke(main, ["cat-tree", "deck", "--duplex", "long", "-o", str(out)]).exit_code == 0
    pages = pdf_pages(out)
    back = pages[1]
    forms = back["/Resources"]["/XObject"]
    content = back.get_contents().get_data().decode("latin-1")
    used = re.findall(r"/(\S+) Do", content)
    assert len(used) == 9 and len(set(used)) == 1 and f"/{used[0]}" in forms
    assert len(content) < 5000                     # the page itself only places the form; the drawing is in it
    assert page_size_mm(back) == page_size_mm(pages[0])
    image = rasterise_pdf(out.read_bytes(), page=1, dpi=20)
    assert image.getpixel((image.width // 2, image.height // 2)) != (255, 255, 255)   # the backs are drawn
