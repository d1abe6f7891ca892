"""Cat Tree's printed pieces read back by tools washigen did not write (DESIGN 4, "Checked by tools we did not
write"): the score sheet and the drawn trees on every home-printer paper keep 5 mm of every edge blank (pdfium's
raster) and no word is overlapped or crossed (MuPDF's reading of the PDF); every card of every size and the
rule sheet's figures, in English and German, have no word crossed or overlapped either (the Scene as drawn, and
the PDF)."""

import pytest

from washigen.games import get_game
from washigen.games.cat_tree import draw
from washigen.games.cat_tree.model import STRUCTURES
from washigen.games.cat_tree.playtest import play
from washigen.games.cat_tree.text import from_text
from washigen.press import PrintOptions
from washigen.backends import to_pdf
from washigen.units import CARD_SIZES

from . import collisions, outside, printcheck
from .readback import pdf_pages
from .test_cat_tree_print import EVERY_STATE      # a tree in every state: groups, broken rules, height 5 and up

PAPERS = ["a3", "a4", "a5", "legal", "letter", "tabloid"]
LANGS = ["en", "de"]



@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_score_sheet_keeps_5mm_blank_and_no_word_is_crossed(paper, lang):
    data = to_pdf(draw.sheet_document(paper, lang).pages)
    assert outside.margin_faults(data) == []
    assert collisions.pdf_collisions(data) == []
    runs = printcheck.text_runs(data)
    assert printcheck.small_text(runs) == []
    words = " ".join(run.text for run in runs)
    assert ("Tree 2" if lang == "en" else "Baum 2") in words          # both trees, the legend's every structure
    assert all(draw.rank_index(s, lang) in words.split() for s in STRUCTURES)


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_sheets_footer_names_the_paper(lang):
    words = " ".join(run.text for run in printcheck.text_runs(to_pdf(draw.sheet_document("a5", lang).pages)))
    assert "· A5" in words and "a5" not in words


def _tree_pdf(layout, lang: str, paper: str | None) -> bytes:
    return to_pdf(get_game("cat-tree").print_design(layout, PrintOptions(paper=paper, lang=lang)).pages)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", [None, "a4", "a5", "letter"])
def test_a_drawn_tree_keeps_5mm_blank_and_no_word_is_crossed(paper, lang):
    """The altitude line's label stands in the right margin, clear of the cards of rows 5 and up."""
    for layout in (play(3).layout, from_text(EVERY_STATE, "test")):
        data = _tree_pdf(layout, lang, paper)
        if paper:
            assert outside.margin_faults(data) == []
        assert collisions.pdf_collisions(data) == []
        words = " ".join(run.text for run in printcheck.text_runs(data))
        assert ("height 5+: ×2" if lang == "en" else "ab Höhe 5: ×2") in words


def test_a_wide_trees_altitude_note_joins_its_header_where_its_rows_are_too_short_for_it():
    layout = from_text("\n".join(" ".join(["box"] * 24) for _ in range(5)), "test")
    data = _tree_pdf(layout, "en", "a5")
    assert collisions.pdf_collisions(data) == [] and outside.margin_faults(data) == []
    assert printcheck.small_text(printcheck.text_runs(data)) == []
    assert "height 5+: ×2" in " ".join(run.text for run in printcheck.text_runs(data))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("card", list(CARD_SIZES))
def test_no_word_on_any_card_is_crossed_or_overlapped(card, lang):
    """Fronts, the reference card's two sides and the back (its words on a plate over the paw pattern)."""
    w, h = CARD_SIZES[card]
    scenes = [draw.card_front(s, w, h, 3.0, lang) for s in STRUCTURES]
    scenes += [draw.reference_front(w, h, 3.0, lang), draw.reference_back(w, h, 3.0, lang), draw.card_back(w, h)]
    for number, scene in enumerate(scenes, 1):
        assert collisions.scene_collisions(scene, f"card {number}") == []
    assert collisions.pdf_collisions(to_pdf(scenes)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_sheets_figures_have_no_word_crossed(lang, tmp_path):
    drawings, data = collisions.command_drawings(["rules", "cat-tree", "--lang", lang], tmp_path / "rules.pdf")
    figures = [d for d in drawings if d.name.startswith("figure")]
    assert len(figures) >= 4                  # two cards, the example tree, the reference card
    assert [fault for figure in figures for fault in collisions.page_faults(figure)] == []
    assert len(pdf_pages(data)) >= 3
