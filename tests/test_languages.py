"""Languages (DESIGN 11): every printed word comes from the catalog, and `--lang de` leaves no English word on the
page but proper names and titles. The German pages are read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po
from click.testing import CliRunner

from washigen import __version__, paths
from washigen.cli import main
from washigen.i18n import LOCALE_DIR, catalog_path, check_language, languages, translator
from washigen.errors import InputError

from .print_matrix import OUTPUTS as MATRIX
from .print_matrix import made
from .readback import pdf_text

# Names and titles that stay as they are in every language: the games' titles, the tool, the built-in mix
# ("default"), the paper "US Letter" and the Wilson interval of the balance helps.
PROPER_NAMES = {"tokyo", "washi", "game", "cats", "cops", "cat", "tree", "we", "can", "handle", "this", "the",
                "trail", "route", "washigen", "jinja", "default", "us", "letter", "wilson", "python"}
# Words German shares with the English of the catalog: German words spelt the same ("des Tapes", "der Bot", "QR-Code",
# "Standard", "Notation", "orange"), the card sizes' names, Japanese words, units, file formats.
SHARED_WORDS = {"in", "so", "fair", "plus", "name", "nest", "start", "tunnel", "zone", "segment", "team", "teams",
                "tape", "tapes", "bot", "bots", "qr", "code", "standard", "notation", "orange", "diagonal", "duplex",
                "position", "ramen", "miso", "poker", "bridge", "tarot", "mini", "euro", "mm", "pt", "super",
                "pdf", "png", "svg", "json", "txt", "toml"}
# and those the Cops report's English brings: the preposition "an" ("an der Oberkante"), "des Segments", "der Rest".
SHARED_WORDS |= {"an", "segments", "rest"}
# and the one the Cats report's English brings ("no piece of tape was cut there"): "was" ("Was drucken").
SHARED_WORDS |= {"was"}
# and the one a fairness warning's English brings ("within a minute"): "Minute" ("binnen einer Minute").
SHARED_WORDS |= {"minute"}
# and those refusals bring: the German "links" (an English message's "links" out of a folder), the editor Tiled, and
# the file formats, encodings and units they name.
SHARED_WORDS |= {"links", "tiled", "tmj", "xml", "csv", "base", "zlib", "gzip", "zstd", "byte", "mb", "mib", "px",
                 "zip", "jpeg"}
# A value of an option a page or a help tells its reader to type (`--duplex long`, `--bots greedy,random`).
COMMAND_WORDS = {"long", "stacked", "greedy", "random", "strong"}
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}(?:'[a-z]+)?")         # single letters are ranks, rows and columns
# placeholders, commands, options, files; the metavars a help names options by (COUNT, JOBS) and the --layout value
# end-to-end, typed as they are in every language
NOT_WORDS = re.compile(r"\{[^{}]*\}|washigen(?: [a-z][\w-]*){1,2}|--[\w-]+|`[^`]*`|\S+\.toml|\bX,Y\b"
                       r"|\b(?:COUNT|GAMES|JOBS|PLAYERS|SECONDS)\b|\bend-to-end\b")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", " ".join(text.split())))}


@pytest.fixture(scope="module")
def catalog():
    with catalog_path("de").open("rb") as source:
        return read_po(source, locale="de")


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.fixture(scope="module")
def english_words(catalog) -> set[str]:
    """Words of the English msgids, less the names and the words German shares."""
    return set().union(*(words(i) for m in catalog if m.id for i in _ids(m))) - PROPER_NAMES - SHARED_WORDS


# -- the catalog ----------------------------------------------------------------------------------------------

def test_the_german_catalog_translates_every_word_and_none_is_fuzzy(catalog):
    untranslated = [m.id for m in catalog if m.id and not all(_strings(m))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated and not fuzzy, (untranslated, fuzzy)
    assert len(catalog) > 200


def test_the_catalog_holds_exactly_the_words_marked_in_the_code(catalog):
    """`make catalog` keeps them in step; a word marked but missing would print in English."""
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "NN_": (1, 2)}
    marked = set()
    for _file, _line, message, _comments, context in extract_from_dir(paths.ROOT / "washigen", keywords=keywords):
        marked.add((context, message if isinstance(message, str) else tuple(message)))
    held = {(m.context, m.id) for m in catalog if m.id}
    assert marked - held == set(), "marked in the code but not in the catalog: run make catalog"
    assert held - marked == set(), "in the catalog but no longer marked: run make catalog"


def test_a_translation_uses_no_english_word_but_the_shared_ones(catalog, english_words):
    for message in catalog:
        if message.id:
            for german in _strings(message):
                assert not (words(german) & english_words) - COMMAND_WORDS, (message.id, german)


def test_every_translation_keeps_the_placeholders_of_its_english(catalog):
    field = re.compile(r"\{[^{}]*\}")
    for message in catalog:
        if message.id:
            for english, german in zip(_ids(message) * 2, _strings(message)):
                assert sorted(field.findall(english)) == sorted(field.findall(german)), (english, german)


def test_the_catalogs_are_found_beside_the_package():
    assert LOCALE_DIR == Path(__file__).resolve().parents[1] / "washigen" / "locale"
    assert languages() == ("de", "en")


def test_numbers_follow_the_language():
    assert translator("de").mm(12.5) == "12,5" and translator("en").mm(12.5) == "12.5"
    assert translator("de").mm(297.0) == "297"
    assert translator("de").number(0.25) == "0,25"
    assert translator("de")("fish") == "Fische" and translator("en")("fish") == "fish"


def test_an_unknown_language_names_the_languages_there_are(tmp_path):
    with pytest.raises(InputError, match=r"--lang: no language 'fr'; washigen prints de, en"):
        check_language("fr")
    out = tmp_path / "map.pdf"
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 2
    assert "no language 'fr'; washigen prints de, en" in result.output
    assert "Traceback" not in result.output and not out.exists()


# -- German pages, read back ----------------------------------------------------------------------------------

# The German outputs read, as the arguments of `washigen ... -o OUT.pdf`: most by their name in
# tests/print_matrix.py (the same arguments: each made once a run, here and for the preflights).
GERMAN_OUTPUTS = {
    **{name: MATRIX[made_as] for name, made_as in {
        "cats-map": "cats-map-2p-de",
        "cops-sheet": "cops-sheet-a4-de",
        "cat-tree-deck": "cat-tree-deck-duplex-long-de",
        "cat-tree-sheet": "cat-tree-sheet-a4-de",
        "trail-route-components": "trail-route-components-a4-de",
        "trail-route-setup": "trail-route-setup-de",
        "calibrate": "calibrate-a4-long-de",
        **{f"kit-{game}": f"kit-{game}-a4-de" for game in ("cats", "cops", "cat-tree", "trail-route")},
    }.items()},
    **{name: [*arguments, "--lang", "de"] for name, arguments in {
        "cats-strips": ["cats", "map", "--seed", "2", "--players", "6", "--coop", "--long", "1", "--paper", "a4"],
        "cats-cutup": ["cats", "map", "--seed", "3", "--cut-up", "--jinja"],
        "cats-sheet": ["cats", "sheet", "--players", "4", "--coop"],
        "cats-tape": ["cats", "tape", "--seed", "1", "--length", "0.5m", "--rules-url", "https://example.org/r"],
        "cops-map": ["cops", "map", "--seed", "1", "--players", "3", "--offset", "7.5", "--paper", "a4"],
    }.items()},
}


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> dict[str, str]:
    """The text of every German output, by name."""
    return {name: pdf_text(made(arguments, tmp_path_factory)) for name, arguments in GERMAN_OUTPUTS.items()}


# German words spelt as English ones of the catalog: "also" (therefore), "Form", "des Segments", and the credit
# "Jordan Draper (Design)" of the rule sheets, "Block" and "des Blocks" (a refusal's English names code blocks).
GERMAN_HOMOGRAPHS = {"also", "form", "segments", "design", "block", "blocks", "bonus"}     # German words too


@pytest.mark.parametrize("name", sorted(GERMAN_OUTPUTS))
def test_a_german_page_has_no_english_word_of_the_catalog(name, german, english_words):
    """A kit carries its game's German rule sheet, so the rules are read back here too."""
    left = (words(german[name]) & english_words) - COMMAND_WORDS - GERMAN_HOMOGRAPHS
    assert not left, f"{name}: English words on the German page: {sorted(left)}"


def test_the_german_pages_carry_their_german_words(german):
    expected = {
        # the band's captions print where the band holds them at 6 pt (not on the default map; on the sheet)
        "cats-map": ["Startwert 1", "2 Pers."],
        # (a covered band's "overlap" note prints only where the band holds it at 6 pt: not at this tape width)
        "cats-strips": ["So gehören die Streifen zusammen", "Team 1", "Streifen 1 · obere Seite", "Bogen 1 von",
                        "Die Streifen 1 und 2 stoßen mit ihren Kanten ohne Spielerleiste aneinander",
                        "Jede weitere Reihe kommt außen an die vorige", "Lage 2 von"],
        "cats-cutup": ["Zuschnitt", "Wegunterschied", "Jinja-Modus"],
        "cats-sheet": ["Team 2", "Name", "Deine Farbe", "Spielerleisten"],
        # (the forest band's words print only where the band holds them at 6 pt: not at this tape width)
        "cats-tape": ["die Regeln", "Startwert 1"],
        "cops-map": ["Segment 1 von 3", "7,5 mm tiefer als seine Nachbarn legen", "TRUPP",
                     "an den Marken schneiden, die Segmente Ende an Ende legen"],
        "cops-sheet": ["Truppbogen", "Name des Trupps", "Unsere Farbe", "Aufgeklärte Verbrechen", "Verbrechen 2",
                       "Täter/in", "Nudelbeine!", "Miso quirlig!"],
        "cat-tree-deck": ["PLATZIERUNG", "TRÄGT", "×2 ab Höhe 5", "CAT TREE · BAUTEILE", "CAT TREE · WERTUNG",
                          "Poker-Karten 63,5 × 88,9 mm", "Vorderseite", "Rückseite"],
        "cat-tree-sheet": ["Wertungsbogen", "Baum 1", "BODEN", "Summe"],
        "trail-route-components": ["Straßenplättchen", "Ersatzplättchen", "Zielplättchen", "SPIELZEUGMAUS",
                                   "Handkarte · 4 im Stapel · einmal ausspielen", "Spielplan", "kleben",
                                   "Wertungsblock", "Gleichstand: vorderste Katze", "Plättchen 40 mm", "GRÜN · GELB",
                                   "Gr Ge"],
        "trail-route-setup": ["4 Personen", "Personen in Zugreihenfolge", "Ersatzstapel", "Ziele"],
        "calibrate": ["Duplex-Abgleich", "an der langen Kante wenden"],
        "kit-cats": ["Spielset für 2 Personen", "Schneiden und zusammensetzen", "Spielregeln", "Abb. 2",
                     "einen abhaken für jeden Fang"],
        "kit-cops": ["Truppbögen", "größter", "mittlerer", "kleinster", "Abb. 2"],
        "kit-cat-tree": ["Übersichtskarten", "Der Beispielbaum", "Wertungsbogen"],
        "kit-trail-route": ["Aufbau", "Katzenfiguren", "Farbpfeil", "einfache Straße"],
    }
    for name, phrases in expected.items():
        flat = " ".join(german[name].split())
        for phrase in phrases:
            assert phrase in flat, f"{name}: {phrase!r} missing"


def test_german_cards_name_the_structures_as_the_german_rules_do(german):
    """The German rules' table says `| Ass | Röhre (Pipe) | ...`: the deck prints those names, in capitals on the
    cards and as written on the reference card."""
    table = re.findall(r"^\| [^|]+ \| ([^|(]+?)(?: \(\w+\))? \|", (paths.SEEDS / "cat-tree.de.md").read_text(
        encoding="utf-8"), re.MULTILINE)
    names = [n for n in table if n not in ("Bauteil", "Karte")][:8]
    assert len(names) == 8 and "Röhre" in names and "Wandbrett" in names
    deck = " ".join(german["cat-tree-deck"].split())
    for name in names:
        assert name.upper() in deck and name in deck, name
    for english in ("PIPE", "BOX", "CATWALK", "SHELF"):
        assert english not in deck


def test_german_sizes_use_the_decimal_comma(german):
    for name in ("cat-tree-deck", "cops-map"):
        assert not re.search(r"\d\.\d", german[name].replace(__version__, "")), name
    assert "63,5" in german["cat-tree-deck"] and "7,5 mm" in german["cops-map"]
