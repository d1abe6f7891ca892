"""A report in another language (DESIGN 11): `validate --lang de` and the studio's German page give the rules'
sentences in German, from the catalog, while rule ids and JSON keys stay the names a script reads."""

from __future__ import annotations

import ast
import json
from pathlib import Path

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
    assert report.format_text("de").splitlines()[0] == "ungültig: 1 Fehler, 0 Warnungen"
    assert Report().format_text("de") == "gültig: keine Regel verletzt"


def test_a_sentence_with_a_count_says_the_singular_for_one_and_the_plural_otherwise_in_each_language():
    from dataclasses import replace

    from washigen.games.cops.model import Zone
    from washigen.games.cops.rules import validate as validate_cops

    from .test_cops_rules import hand_map, with_segment

    design = hand_map()
    first = design.segments[0]
    merged = Zone(locations=first.zones[0].locations + first.zones[1].locations)
    one = validate_cops(with_segment(design, 0, replace(first, zones=(merged,))))
    three = validate_cops(with_segment(design, 0, replace(first, zones=first.zones + (first.zones[0],))))
    said = {count: next(v for v in report.violations if v.rule == "cops.segment.zones")
            for count, report in ((1, one), (3, three))}
    assert said[1].message.startswith("Segment 1 has 1 zone; a segment holds two zones")
    assert said[1].text("de").startswith("Segment 1 hat 1 Zone; ein Segment hat zwei Zonen")
    assert said[3].message.startswith("Segment 1 has 3 zones;")
    assert said[3].text("de").startswith("Segment 1 hat 3 Zonen;")
    assert one.format_text().splitlines()[0] == f"invalid: {len(one.errors)} errors, {len(one.warnings)} warnings"
    single = Report([Violation.error("x.rule", "a"), Violation.warning("x.other", "b")])
    assert single.format_text().splitlines()[0] == "invalid: 1 error, 1 warning"
    assert single.format_text("de").splitlines()[0] == "ungültig: 1 Fehler, 1 Warnung"
    assert Report([Violation.warning("x.rule", "a")] * 2).format_text("de").splitlines()[0] == \
        "gültig: 0 Fehler, 2 Warnungen"


def test_a_printed_count_of_one_is_singular_in_each_language(tmp_path):
    from pypdf import PdfReader

    from washigen.arena.chart import sweep_title
    from washigen.tally import unfinished

    for lang, one, two in (("en", "still in play after 1 turn", "still in play after 2 turns"),
                           ("de", "nach 1 Zug noch im Spiel", "nach 2 Zügen noch im Spiel")):
        assert (unfinished(1, translator(lang)), unfinished(2, translator(lang))) == (one, two)
    assert sweep_title("cats", 1, "greedy") == "Sweep: cats, 1 map, bots greedy"
    assert sweep_title("cats", 1, "greedy", "de").startswith("Durchlauf: cats, 1 Karte, Bots ")
    for lang, title in (("en", "1 segment, seed 2"), ("de", "1 Segment, Startwert 2")):
        out = tmp_path / f"strips-{lang}.pdf"
        result = CliRunner().invoke(main, ["cops", "tape", "--segments", "1", "--seed", "2", "--paper", "a4",
                                           "--lang", lang, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert PdfReader(out).metadata.title.endswith(f" — {title}")


def test_a_plural_pair_names_the_value_that_counts():
    import pytest

    from washigen.words import NN_

    with pytest.raises(ValueError):
        Says(NN_("{count} zone", "{count} zones"), count=2)
    with pytest.raises(ValueError):
        Says(NN_("{count} zone", "{count} zones"), by="zones", count=2)
    with pytest.raises(ValueError):
        Says(N_("{count} zones"), by="count", count=2)
    assert str(Says(NN_("{count} zone", "{count} zones"), by="count", count=0)) == "0 zones"


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


def test_the_studio_says_a_fairness_warning_in_the_pages_language_and_the_command_line_in_english(tmp_path):
    """A cut-up none of whose looks was fair (3 players, seed 7, no budget: the first candidate only)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from washigen.studio.app import create_app

    body = {"game": "cats", "component": "map", "seed": 7, "params": {"players": 3, "cut_up": True, "budget": 0}}
    with TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8765") as client:
        logs = {lang: client.post("/api/design", json={**body, "lang": lang}).json()["messages"]
                for lang in ("en", "de")}
    english = "warning: cats: no fair cut-up found for 3 players, seed 7, within the budget; the fairest has score "
    german = ("Warnung: cats: innerhalb des Budgets keine faire zerschnittene Fassung für 3 Personen, Startwert 7, "
              "gefunden; bester Wert 0,")
    assert any(line.startswith(english) for line in logs["en"]), logs["en"]
    assert any(line.startswith(german) and "Partien gieriger Bots" in line for line in logs["de"]), logs["de"]
    result = CliRunner().invoke(main, ["cats", "map", "--cut-up", "--players", "3", "--budget", "0", "--seed", "7",
                                       "--lang", "de", "-o", str(tmp_path / "cut.json")])
    assert result.exit_code == 0 and english in result.output, result.output       # the command line stays English


# -- every rule's sentence is a Says, in every module --------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[1] / "washigen"


def _message_argument(call: ast.Call) -> ast.expr | None:
    """The message a Violation call is given: Violation.error/warning(rule, message), Violation.of(rule, severity,
    message, where), Violation(rule, severity, message), or message=..."""
    for keyword in call.keywords:
        if keyword.arg == "message":
            return keyword.value
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    position = {"error": 1, "warning": 1, "of": 2, "Violation": 2}[name]
    return call.args[position] if len(call.args) > position else None


def _violation_calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "Violation")
        or (isinstance(node.func, ast.Attribute) and node.func.attr in ("error", "warning", "of")
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "Violation"))]


def _is_text(node: ast.expr) -> bool:
    """An f-string, a plain string, text joined from them, or one of two of them."""
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return isinstance(node, ast.BinOp) and (_is_text(node.left) or _is_text(node.right))


def _modules() -> dict[Path, ast.AST]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}


def test_every_violation_washigen_builds_is_given_a_says_not_text():
    """A message written as text would stay English on a German page (the four games' rules and play checks)."""
    calls = {path: _violation_calls(tree) for path, tree in _modules().items()}
    assert sum(map(len, calls.values())) >= 70
    for path, found in calls.items():
        for call in found:
            message = _message_argument(call)
            assert message is not None and not _is_text(message), \
                f"{path.relative_to(PACKAGE)}:{call.lineno}: a Violation's message is plain text, not a Says"


def test_every_word_marked_for_the_catalog_is_a_plain_string_and_every_says_template_is_marked():
    """pybabel extracts only literals: an N_ of an f-string or a variable would never be translated, nor would a
    Says whose template is text rather than N_("...") or a word chosen from marked ones."""
    for path, tree in _modules().items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            if node.func.id in ("N_", "NN_"):
                assert len(node.args) == (1 if node.func.id == "N_" else 2) and all(
                    isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in node.args), where
            if node.func.id == "Says" and path.name != "words.py":
                assert node.args and not _is_text(node.args[0]), f"{where}: a Says of unmarked text"
                plural = isinstance(node.args[0], ast.Call) and getattr(node.args[0].func, "id", "") == "NN_"
                assert plural == any(k.arg == "by" for k in node.keywords), f"{where}: NN_ goes with by= alone"


def test_a_place_named_by_words_the_catalog_holds_is_said_in_the_pages_language():
    violation = Violation.error("x.rule", "plain words", colours="red/blue", exchange="Wall", location="1a")
    assert violation.place() == "colours red/blue, exchange Wall, location 1a"
    assert violation.place("de") == "Farben rot/blau, Ersatz Mauer, Tatort 1a"
