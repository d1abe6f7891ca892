"""Rule sheets typeset from the sample game's rules: text layer, German, vector figures, paper sizes, bookmarks,
and broken figure directives named by file and line (through the API and the command line)."""

from __future__ import annotations

import dataclasses
import io
import re
import textwrap

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from tests import readback
from tests.readback import page_size_mm, pdf_pages
from tests.test_rulebook_sample import BOARD_LABEL, RULES_EN, STRIP_LABEL, sample_game  # noqa: F401
from washigen.games import registry as games
from washigen.cli import main
from washigen.errors import InputError
from washigen.rulebook import game_rules_pdf, load_rules, parse, rules_pdf
from washigen.rulebook.figures import draw
from washigen.rulebook.markdown import Figure, plain
from washigen.games import get_game

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf_text(data: bytes) -> str:
    return flat(readback.pdf_text(data))


def outline_titles(data: bytes) -> list[tuple[int, str]]:
    reader = PdfReader(io.BytesIO(data))
    found: list[tuple[int, str]] = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title))
    walk(reader.outline, 0)
    return found


def test_every_heading_is_in_the_text_layer_and_the_outline(sample_game):
    rules = load_rules("sample", "en")
    data = rules_pdf(rules, find_game=get_game)
    text = pdf_text(data)
    headings = rules.headings()
    assert len(headings) >= 5
    for heading in headings:
        assert flat(plain(heading.text)) in text, heading.text
    expected = [(h.level - 2, plain(h.text)) for h in headings if h.level >= 2]
    assert outline_titles(data) == expected


def test_german_umlauts_and_sharp_s_come_out_as_text(sample_game):
    text = pdf_text(game_rules_pdf("sample", "de", find_game=get_game))
    for word in ("Spielübersicht", "Größe", "Straße", "Übung", "Öl", "Äpfel", "Füße", "Spielende", "Seite 1",
                 "Abb. 1."):
        assert word in text, word


def test_figures_are_vectors_drawn_by_the_game(sample_game):
    data = game_rules_pdf("sample", "en", find_game=get_game)
    reader = PdfReader(io.BytesIO(data))
    assert all(not page.images for page in reader.pages), "a figure was pasted as a bitmap"
    text = pdf_text(data)
    assert BOARD_LABEL in text and STRIP_LABEL in text        # the diagrams' own text, as text
    assert "Figure 1. The board" in text and "Figure 2. A long strip spans the page" in text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_paper_sizes_read_back(sample_game, paper):
    pages = pdf_pages(game_rules_pdf("sample", "en", paper, find_game=get_game))
    assert len(pages) >= 1
    for page in pages:
        width, height = page_size_mm(page)
        assert width == pytest.approx(PAPERS[paper][0], abs=0.05)
        assert height == pytest.approx(PAPERS[paper][1], abs=0.05)


def test_unknown_paper_is_refused(sample_game):
    with pytest.raises(InputError, match="a4 or letter"):
        game_rules_pdf("sample", "en", "a5", find_game=get_game)


def test_same_rules_same_bytes(sample_game):
    assert game_rules_pdf("sample", "en", find_game=get_game) == game_rules_pdf("sample", "en", find_game=get_game)


def test_long_rules_run_over_pages_with_numbered_footers(sample_game):
    section = "\n".join(f"## Section {n}\n\n" + "A sentence that fills the columns. " * 40 + "\n" for n in range(12))
    rules = parse(RULES_EN + "\n" + section, "long.md")
    data = rules_pdf(rules, find_game=get_game)
    pages = PdfReader(io.BytesIO(data)).pages
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        assert f"Page {number}" in page.extract_text()
    text = pdf_text(data)
    for n in range(12):
        assert f"Section {n}" in text


def with_line(text: str, marker: str) -> int:
    return text.splitlines().index(marker) + 1


@pytest.mark.parametrize("directive, words", [
    ("![Oops](diagram:sample/segmnet)", "unknown diagram 'sample/segmnet'"),
    ("![Oops](diagram:nogame/board)", "unknown diagram 'nogame/board'"),
    ("![Oops](diagram:sample/boom)", "diagram 'sample/boom' failed: ValueError: the sample cannot draw this"),
    ("![Oops](picture.png)", "unknown directive 'picture.png'"),
    ("![Oops](diagram:sample)", "write GAME/NAME"),
])
def test_a_broken_directive_fails_with_its_file_and_line(sample_game, directive, words):
    text = RULES_EN.replace("![The board](diagram:sample/board?size=5)", directive)
    rules = parse(text, "seeds/sample.en.md")
    with pytest.raises(InputError) as caught:
        rules_pdf(rules, find_game=get_game)
    line = with_line(text, directive)
    assert str(caught.value).startswith(f"seeds/sample.en.md:{line}: "), str(caught.value)
    assert words in str(caught.value)


def test_diagram_parameters_reach_the_game_typed(sample_game, monkeypatch):
    calls = []

    def spy(name, params):
        calls.append((name, dict(params.items())))         # read whole: a parameter never read is refused
        return sample_game.diagram("board", {})
    monkeypatch.setitem(games._GAMES, "sample", dataclasses.replace(sample_game, diagram=spy))
    draw(Figure("c", "diagram:sample/board?size=3&ratio=1.5&coop=true&colour=blue&max-rows=2", 1), "x.md", get_game)
    assert calls == [("board", {"lang": "en", "size": 3, "ratio": 1.5, "coop": True, "colour": "blue",
                                "max_rows": 2})]             # the rule text's language comes along


@pytest.mark.parametrize("query, says", [
    ("seed=-5", "parameter 'seed' must be a whole number 0..9223372036854775807, got -5"),
    ("seed=" + "1" * 30, "parameter 'seed' must be a whole number 0..9223372036854775807, got 1111"),
    ("seed=1.5", "parameter 'seed' must be a whole number"),
    # past the 4,300 digits Python reads as a whole number: refused by name, quoted short (it was a traceback)
    ("seed=" + "9" * 5000, "parameter 'seed' must be a whole number 0..9223372036854775807, got '9999"),
    ("seed=2&player=4", "diagram 'sample/board': parameter 'player' is not one it takes"),
])
def test_a_diagram_parameter_out_of_range_or_not_taken_is_refused_by_its_line(sample_game, monkeypatch, query, says):
    """A negative or 30-digit seed drew a figure, and a parameter the diagram never reads (a typo, `player=4`, or
    `tape_width` on a map) was dropped without a word."""
    def reads_seed(name, params):
        params.get("seed")
        return sample_game.diagram("board", {})
    monkeypatch.setitem(games._GAMES, "sample", dataclasses.replace(sample_game, diagram=reads_seed))
    with pytest.raises(InputError) as caught:
        draw(Figure("c", f"diagram:sample/board?{query}", 7), "x.md", get_game)
    assert str(caught.value).startswith("x.md:7: ") and says in str(caught.value)
    assert len(str(caught.value)) < 300


# -- the command line --------------------------------------------------------------------------------------

def test_rules_command_writes_the_pdf(sample_game, tmp_path):
    out = tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["rules", "sample", "--lang", "de", "--paper", "letter", "-o", str(out)])
    assert result.exit_code == 0, result.output
    width, height = page_size_mm(pdf_pages(out)[0])
    assert (width, height) == pytest.approx(PAPERS["letter"], abs=0.05)
    assert "Spielübersicht" in pdf_text(out.read_bytes())


def test_missing_language_exits_2_naming_the_languages_there_are(sample_game, tmp_path):
    out = tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["rules", "sample", "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 2
    assert "--lang': no language 'fr'; washigen prints de, en" in result.output
    assert not out.exists()


def test_broken_file_exits_2_with_file_and_line_and_writes_nothing(sample_game, tmp_path):
    source = tmp_path / "broken.en.md"
    text = RULES_EN.replace("diagram:sample/strip", "diagram:sample/stirp")
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "rules.pdf"
    out.write_bytes(b"an older file")
    result = CliRunner().invoke(main, ["rules", str(source), "-o", str(out)])
    assert result.exit_code == 2
    line = with_line(text, "![A long strip spans the page](diagram:sample/stirp)")
    assert f"broken.en.md:{line}: unknown diagram 'sample/stirp'" in result.output
    assert "Traceback" not in result.output
    assert out.read_bytes() == b"an older file"


def test_a_markdown_file_can_be_typeset_directly(sample_game, tmp_path):
    source = tmp_path / "mine.en.md"
    source.write_text(textwrap.dedent(RULES_EN), encoding="utf-8")
    out = tmp_path / "mine.pdf"
    result = CliRunner().invoke(main, ["rules", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "End of the game" in pdf_text(out.read_bytes())


def test_same_rules_same_bytes_across_processes(tmp_path):
    """Two separate runs of the command write identical files."""
    import subprocess
    import sys

    source = tmp_path / "plain.en.md"
    source.write_text(RULES_EN.split("![The board]")[0] + "## Über Straßen\n\nText.\n", encoding="utf-8")
    outputs = []
    for run in range(2):
        out = tmp_path / f"run{run}.pdf"
        subprocess.run([sys.executable, "-m", "washigen", "rules", str(source), "-o", str(out)], check=True,
                       capture_output=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert [title for _, title in outline_titles(outputs[0])][-1] == "Über Straßen"


# -- typesetting in time linear in the text ------------------------------------------------------------------

HEAD = "---\ntitle: T\nplayers: 2\ncredits: C\nlang: en\n---\n# T\n\n"


def heading_rules(count: int) -> str:
    return HEAD + "".join(f"## Heading {n}\n\n" for n in range(count))


def table_rules(rows: int) -> str:
    return HEAD + "## H\n\n| a | b |\n|---|---|\n" + "".join(f"| {n} | cell {n} |\n" for n in range(rows)) + "\n"


class Counted:
    """Counts the lines reportlab breaks (each a paragraph measured anew) and the table rows it is given to make
    into Tables, while a rule text is set."""

    def __init__(self, monkeypatch):
        from reportlab.platypus.paragraph import Paragraph as RLParagraph
        from reportlab.platypus.tables import Table

        self.breaks = self.rows = 0
        breaks, table_init = RLParagraph.breakLines, Table.__init__

        def counted_breaks(paragraph, *args, **kwargs):
            self.breaks += 1
            return breaks(paragraph, *args, **kwargs)

        def counted_init(table, data, *args, **kwargs):
            self.rows += len(data)
            return table_init(table, data, *args, **kwargs)

        monkeypatch.setattr(RLParagraph, "breakLines", counted_breaks)
        monkeypatch.setattr(Table, "__init__", counted_init)


def pages_of(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def test_a_column_of_nothing_but_headings_is_filled():
    data = rules_pdf(parse(heading_rules(600), "heads.md"), find_game=get_game)
    # a page holds some 44 headings (with their space and rule): 600 fill 14 pages after the title's, never 300
    assert 12 <= pages_of(data) <= 16
    text = pdf_text(data)
    assert all(re.search(rf"\bHeading {n}\b", text) for n in range(600))


@pytest.mark.parametrize("make, unit", [(heading_rules, "heading"), (table_rules, "table row")])
def test_setting_a_text_ten_times_as_long_costs_about_ten_times_the_work(monkeypatch, make, unit):
    work = []
    for count in (300, 3000):
        counted = Counted(monkeypatch)
        rules_pdf(parse(make(count), "long.md"), find_game=get_game)
        work.append((counted.breaks / count, counted.rows / count))
    (breaks_short, rows_short), (breaks_long, rows_long) = work
    # each paragraph is broken into lines a bounded number of times, each table row made into a Table a bounded
    # number of times, however long the text (the work per unit was 30 times larger for 10 times the headings)
    assert breaks_long <= 1.25 * breaks_short + 1, (unit, work)
    assert rows_long <= 1.25 * rows_short + 1, (unit, work)
    assert breaks_long <= 6 and rows_long <= 25, (unit, work)


def test_a_long_table_is_set_as_the_whole_table_would_be(monkeypatch):
    from washigen.rulebook import typeset

    rules = parse(table_rules(150), "table.md")
    windowed = rules_pdf(rules, find_game=get_game)
    monkeypatch.setattr(typeset, "LONG_TABLE_ROWS", 10**6)          # reportlab's one Table, split page by page
    whole = rules_pdf(rules, find_game=get_game)
    pages = [flat(page.extract_text()) for page in PdfReader(io.BytesIO(windowed)).pages]
    assert pages == [flat(page.extract_text()) for page in PdfReader(io.BytesIO(whole)).pages]
    text = " ".join(pages)
    assert [len(re.findall(rf"\bcell {n}\b", text)) for n in range(150)] == [1] * 150
    assert all(" a b " in page for page in pages if "cell" in page)       # the header over every piece


def test_a_long_sheet_is_not_set_again_to_save_its_last_page(monkeypatch):
    from washigen.rulebook import typeset

    builds: list[int] = []
    original = typeset.build

    def nearly_empty_last_page(*args, **kwargs):
        data, pages, _ = original(*args, **kwargs)
        builds.append(pages)
        return data, pages, 0.0

    monkeypatch.setattr(typeset, "build", nearly_empty_last_page)
    rules_pdf(parse(heading_rules(60), "short.md"), find_game=get_game)
    closer = sum(size == 1.0 for size, _ in typeset.LAYOUTS[1:])             # no figures: closer lines alone
    assert closer == 2 and len(builds) == 1 + closer and builds[0] <= typeset.MAX_REFIT_PAGES
    builds.clear()
    rules_pdf(parse(heading_rules(50 * typeset.MAX_REFIT_PAGES), "long.md"), find_game=get_game)
    assert len(builds) == 1 and builds[0] > typeset.MAX_REFIT_PAGES
