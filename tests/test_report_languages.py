"""A report in another language (DESIGN 11): `validate --lang de` and the studio's German page give the rules'
sentences in German, from the catalog, while rule ids and JSON keys stay the names a script reads."""

from __future__ import annotations

import json

from click.testing import CliRunner

from washigen.cli import main
from washigen.games.cat_tree.rules import validate
from washigen.games.cat_tree.text import from_text
from washigen.i18n import translator
from washigen.report import Report, Violation
from washigen.words import N_, Says

HAMMOCK_ON_A_BOX = """
    . . hammock
    . . box
"""


def test_a_sentence_is_english_filled_in_and_german_from_the_catalog_with_its_words_and_numbers():
    sentence = Says(N_("The {title} in row {row}, column {col} must hang from both sides: a Box, Shelf or Nest "
                       "directly to its left and one directly to its right."), title=Says("Hammock"), row=2, col=3)
    assert str(sentence).startswith("The Hammock in row 2, column 3 must hang")
    german = translator("de").says(sentence)
    assert german.startswith("Die Karte Hängematte in Reihe 2, Spalte 3 muss an beiden Seiten hängen")


def test_numbers_in_a_german_sentence_and_place_take_the_decimal_comma():
    violation = Violation.error("x.rule", Says(N_("{cards} cards on the grid: a game places at most {limit} "
                                                   "({rounds} rounds, {players} players)."),
                                               cards=17, limit=16, rounds=8, players=2),
                                position=(12.5, 3.0), segment=2)
    assert violation.line() == ("error: x.rule at position (12.5, 3.0), segment 2: 17 cards on the grid: a game "
                                "places at most 16 (8 rounds, 2 players).")
    assert violation.line("de") == ("Fehler: x.rule bei Position (12,5; 3,0), Segment 2: 17 Karten im Raster: eine "
                                    "Partie legt höchstens 16 (8 Runden, 2 Personen).")
    assert translator("de").value(2.5) == "2,5" and translator("de").value(7) == "7"


def test_a_german_report_keeps_its_rule_ids_and_where_and_says_its_sentences_in_german():
    report = validate(from_text(HAMMOCK_ON_A_BOX, "test"))
    english, german = report.to_dict(), report.to_dict("de")
    assert german["violations"][0]["rule"] == english["violations"][0]["rule"] == "cat-tree.place.both-sides"
    assert german["violations"][0]["where"] == english["violations"][0]["where"] == {"card": [2, 3]}
    assert "row 2, column 3" in english["violations"][0]["message"]
    assert "Reihe 2, Spalte 3" in german["violations"][0]["message"] and "Hängematte" in german["violations"][0][
        "message"]
    assert report.format_text("de").splitlines()[0] == "ungültig: 1 Fehler, 0 Warnung(en)"
    assert Report().format_text("de") == "gültig: keine Regel verletzt"


def test_a_message_given_as_plain_text_stays_as_it_is_in_every_language():
    violation = Violation.warning("x.rule", "plain words", cell=(1, 2))
    assert violation.text("de") == "plain words" and violation.says is None


def test_validate_lang_de_prints_the_report_in_german_and_its_json_keeps_the_keys(tmp_path):
    layout = tmp_path / "tree.txt"
    layout.write_text(HAMMOCK_ON_A_BOX)
    runner = CliRunner()
    text = runner.invoke(main, ["validate", str(layout), "--lang", "de"])
    assert text.exit_code == 1, text.output
    assert "ungültig: 1 Fehler" in text.output and "Fehler: cat-tree.place.both-sides bei Karte (2; 3)" in text.output
    as_json = runner.invoke(main, ["validate", str(layout), "--lang", "de", "--json"])
    found = json.loads(as_json.output)
    assert found["valid"] is False and found["violations"][0]["rule"] == "cat-tree.place.both-sides"
    assert "muss an beiden Seiten hängen" in found["violations"][0]["message"]
    english = runner.invoke(main, ["validate", str(layout)])
    assert "error: cat-tree.place.both-sides at card (2, 3): The Hammock in row 2" in english.output


def test_validate_refuses_a_language_it_does_not_print(tmp_path):
    layout = tmp_path / "tree.txt"
    layout.write_text(HAMMOCK_ON_A_BOX)
    result = CliRunner().invoke(main, ["validate", str(layout), "--lang", "xx"])
    assert result.exit_code == 2 and "xx" in result.output and "Traceback" not in result.output


def test_the_studio_checks_an_opened_file_in_the_pages_language(tmp_path):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from washigen.studio.app import create_app

    with TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8765") as client:
        found = {lang: client.post(f"/api/validate?name=tree.txt&svg=0&lang={lang}",
                                   content=HAMMOCK_ON_A_BOX.encode()).json()["report"]["violations"][0]
                 for lang in ("en", "de")}
    assert found["en"]["rule"] == found["de"]["rule"] == "cat-tree.place.both-sides"
    assert found["en"]["message"].startswith("The Hammock in row 2, column 3")
    assert found["de"]["message"].startswith("Die Karte Hängematte in Reihe 2, Spalte 3")
    assert (found["en"]["place"], found["de"]["place"]) == ("card (2, 3)", "Karte (2; 3)")


def test_the_studios_log_says_its_own_words_in_the_pages_language(tmp_path):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from washigen.studio.app import create_app

    body = {"game": "cats", "component": "map", "page": 0}
    with TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8765") as client:
        logs = {lang: client.post("/api/design", json={**body, "lang": lang}).json()["messages"]
                for lang in ("en", "de")}
    assert logs["en"][0].startswith("seed: ") and logs["de"][0].startswith("Startwert: ")
