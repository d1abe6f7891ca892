"""Document titles (DESIGN 11): the title a viewer shows for a printed file (a PDF's /Title in its title bar and tab,
its bookmarks, an SVG's <title>) is in the language of the page; the English titles stay as they were, and no PDF
names a false author. Every kind of printed document of every game is made through the command line and read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from washigen.cli import main

from .readback import pdf_text
from .test_languages import COMMAND_WORDS, catalog, english_words, words  # noqa: F401 (fixtures, used by name)

CATS, COPS = "Tokyo Washi Game Cats", "Tokyo Washi Game Cops"
TREE, TRAIL = "Cat Tree? We can handle this!", "The Cats' Trail Route"

# name: (command line, the English PDF title, the English SVG titles where they are not the PDF's). Files named in
# `{...}` are made first by the `inputs` fixture.
DOCUMENTS: dict[str, tuple[list[str], str, set[str] | None]] = {
    "calibrate": (["calibrate"], "duplex calibration",
                  {"duplex calibration (front)", "duplex calibration (back)"}),
    "cats-map": (["cats", "map", "--players", "4", "--seed", "7"], f"{CATS} · map · 4 players", None),
    "cats-strips": (["cats", "map", "--seed", "7", "--paper", "a4"], f"{CATS} · map · 2 players", None),
    "cats-tape": (["cats", "tape", "--seed", "1", "--length", "0.5m"], f"{CATS} · tape", None),
    "cats-repeat": (["cats", "tape", "--seed", "1", "--repeat-only"], f"{CATS} · tape", None),
    "cats-sheet": (["cats", "sheet", "--players", "4"], f"{CATS} · player strips · 4 players", None),
    "cats-setup": (["cats", "setup", "--seed", "2"], f"{CATS} · map · 2 players", None),
    "cats-game": (["cats", "play", "--replay", "{cats-game.txt}"], f"{CATS} · map · 2 players", None),
    "cats-balance": (["cats", "balance", "--seed", "3", "--games", "4", "--jobs", "1"],
                     f"Balance: {CATS}, 2 players, seed 3, bots greedy", None),
    "cops-map": (["cops", "map", "--players", "4", "--seed", "7"], f"{COPS} — map for 4 players, seed 7", {COPS}),
    "cops-strips": (["cops", "map", "--players", "4", "--seed", "7", "--paper", "a4"],
                    f"{COPS} — 4 segments, seed 7", None),
    "cops-tape": (["cops", "tape", "--seed", "3"], f"{COPS} — tape artwork, seed 3", {COPS}),
    "cops-repeat": (["cops", "tape", "--seed", "3", "--repeat-only"], f"{COPS} — tape artwork, seed 3", {COPS}),
    "cops-tape-strips": (["cops", "tape", "--seed", "3", "--paper", "a4"], f"{COPS} — 4 segments, seed 3", None),
    # a saved tape renders as `cops tape` writes it: its artwork
    "cops-tape-render": (["render", "{cops-tape.json}"], f"{COPS} — tape artwork, seed 3", {COPS}),
    "cops-sheet": (["cops", "sheet"], f"{COPS} — squad sheets", None),
    "cops-game": (["cops", "play", "--seed", "1"], f"{COPS} — a game on map seed 1", {COPS}),
    "cops-replay": (["cops", "play", "--replay", "{cops-game.txt}"], f"{COPS} — a game on map seed 1", {COPS}),
    "cops-balance": (["cops", "balance", "--seed", "1", "--games", "4", "--jobs", "1"],
                     f"Balance: {COPS}, 2 players, seed 1, bots greedy", None),
    "cat-tree-deck": (["cat-tree", "deck", "--reference"], f"{TREE}: deck", None),
    "cat-tree-sheet": (["cat-tree", "sheet"], f"{TREE}: score sheet", None),
    "cat-tree-game": (["cat-tree", "play", "--seed", "1"], f"{TREE} · seed 1", None),
    "cat-tree-games": (["cat-tree", "play", "--seed", "1", "--games", "2"], f"{TREE}: simulated games",
                       {f"{TREE} · seed 1", f"{TREE} · seed 2"}),
    "trail-route-components": (["trail-route", "components"], TRAIL,
                               {TRAIL, *(f"{TRAIL}: {part}" for part in ("tiles", "hand cards", "cat pawns",
                                                                          "board mat", "score pad"))}),
    "trail-route-setup": (["trail-route", "setup", "--seed", "1"], f"{TRAIL}: setup", None),
    "trail-route-setup-paper": (["trail-route", "setup", "--seed", "1", "--paper", "a4"], f"{TRAIL}: setup", None),
}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """The files some commands read: a game log of each game that replays one, a Cops tape design."""
    folder = tmp_path_factory.mktemp("inputs")
    for args, name in ((["cats", "play", "--seed", "3"], "cats-game.txt"),
                       (["cops", "play", "--seed", "1"], "cops-game.txt"),
                       (["cops", "tape", "--seed", "3"], "cops-tape.json")):
        result = CliRunner().invoke(main, [*args, "-o", str(folder / name)])
        assert result.exit_code == 0, (name, result.output)
    return folder


def made(name: str, lang: str, suffix: str, inputs: Path, folder: Path) -> list[Path]:
    """The files `washigen ... --lang LANG -o NAME.LANG.SUFFIX` writes (an SVG of several pages: one a page)."""
    args = [str(inputs / a[1:-1]) if a.startswith("{") else a for a in DOCUMENTS[name][0]]
    out = folder / f"{name}.{lang}{suffix}"
    result = CliRunner().invoke(main, [*args, "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, (name, lang, result.output[-2000:])
    files = [out] if out.exists() else sorted(folder.glob(f"{name}.{lang}-*{suffix}"))
    assert files, (name, lang, suffix)
    return files


def svg_titles(files: list[Path]) -> set[str]:
    from xml.sax.saxutils import unescape

    return {unescape(t, {"&apos;": "'", "&quot;": '"'})
            for f in files for t in re.findall(r"<title>(.*?)</title>", f.read_text(encoding="utf-8"), re.DOTALL)}


def outline_titles(reader: PdfReader) -> list[str]:
    def walk(entries) -> list[str]:
        return [title for e in entries for title in (walk(e) if isinstance(e, list) else [e.title])]
    return walk(reader.outline)


def english_in(text: str, english: set[str]) -> set[str]:
    return (words(text) & english) - COMMAND_WORDS


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_a_document_title_is_in_the_language_of_its_pages(name, inputs, english_words, tmp_path):
    """With --lang de the PDF's title, its bookmarks and the SVG's <title>s hold no English word of the catalog
    (the games' names are proper names); with --lang en they are what they always were; no PDF names an author
    (reportlab's default is "anonymous")."""
    _args, english_title, english_svg = DOCUMENTS[name]
    german_pdf = PdfReader(made(name, "de", ".pdf", inputs, tmp_path)[0])
    english_pdf = PdfReader(made(name, "en", ".pdf", inputs, tmp_path)[0])
    german_title = german_pdf.metadata.title
    assert german_title and not english_in(german_title, english_words), (name, german_title)
    for mark in outline_titles(german_pdf):
        assert not english_in(mark, english_words), (name, mark)
    assert english_pdf.metadata.title == english_title
    for reader in (german_pdf, english_pdf):
        assert reader.metadata.get("/Author", "") == "", (name, reader.metadata.get("/Author"))
    german_svg = svg_titles(made(name, "de", ".svg", inputs, tmp_path))
    assert german_svg and not any(english_in(title, english_words) for title in german_svg), (name, german_svg)
    assert svg_titles(made(name, "en", ".svg", inputs, tmp_path)) == (english_svg or {english_title})


def test_the_simulated_games_are_bookmarked_in_the_language_of_the_page(inputs, tmp_path):
    german = PdfReader(made("cat-tree-games", "de", ".pdf", inputs, tmp_path)[0])
    english = PdfReader(made("cat-tree-games", "en", ".pdf", inputs, tmp_path)[0])
    assert outline_titles(german) == ["Startwert 1", "Startwert 2"]
    assert outline_titles(english) == ["seed 1", "seed 2"]


@pytest.mark.parametrize("paper, german_sheet, english_sheet", [
    ("a4", "A4-Bogen für Poker-Karten", "A4 poker"), ("letter", "Letter-Bogen für Poker-Karten", "Letter poker")])
def test_the_calibration_sheet_names_its_card_sheet_in_the_language_of_the_page(paper, german_sheet, english_sheet,
                                                                                 tmp_path):
    """Its footer names the built-in sheet it is measured for: in words on a German page, by the template's name
    (as its file names it) on an English one."""
    texts = {}
    for lang in ("de", "en"):
        out = tmp_path / f"calibration-{lang}.pdf"
        result = CliRunner().invoke(main, ["calibrate", "--paper", paper, "--lang", lang, "-o", str(out)])
        assert result.exit_code == 0, result.output
        texts[lang] = " ".join(pdf_text(out).split())
    assert f"an der langen Kante wenden · {german_sheet}" in texts["de"] and "poker" not in texts["de"]
    assert f"flip on the long edge · {english_sheet}" in texts["en"]
