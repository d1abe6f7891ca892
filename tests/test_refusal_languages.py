"""Refusals in the page's language (DESIGN 11): a refusal of bad input carries its sentence (words.Says). The command
line and str() say it in English as before; the studio says it in the language its page asks for (Accept-Language),
with no English word of the catalog left but the names and values the sentence quotes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.errors import DesignFormatError, InputError
from washigen.i18n import translator
from washigen.words import Says

from .test_languages import COMMAND_WORDS, PROPER_NAMES, SHARED_WORDS, _ids, catalog, words  # noqa: F401
from .test_studio_api import LOCAL, client, workdir  # noqa: F401


@pytest.fixture(scope="module")
def english_words(catalog) -> set[str]:  # noqa: F811
    return set().union(*(words(i) for m in catalog if m.id for i in _ids(m))) - PROPER_NAMES - SHARED_WORDS


def good_map() -> dict:
    from washigen.design import dumps
    return json.loads(dumps(washigen.generate("cats", "map", seed=1)))


# Uploads the loaders refuse, of every kind a page can open: JSON that is no design, a design with a field out of
# its range, of the wrong type or unknown, a text form with a bad line, a Tiled map that is not one.
BAD_UPLOADS = {
    "not JSON": ("map.json", b"{nope"),
    "empty": ("map.json", b""),
    "a list": ("map.json", b"[]"),
    "no format": ("map.json", json.dumps({"kind": "map"}).encode()),
    "unknown game": ("map.json", json.dumps({"format": "washigen/1", "game": "chess", "kind": "map"}).encode()),
    "players out of range": ("karte.json", json.dumps({**good_map(), "players": 9}).encode()),
    "players not a number": ("karte.json", json.dumps({**good_map(), "players": "x"}).encode()),
    "an unknown field": ("karte.json", json.dumps({**good_map(), "colour": 5}).encode()),
    "a missing field": ("karte.json", json.dumps({k: v for k, v in good_map().items() if k != "grid"}).encode()),
    "a text form's bad line": ("map.txt", b"# washigen cats map\nplayers: many\n"),
    "a Tiled map that is none": ("map.tmj", b'{"type": "map", "width": 3}'),
}


def refusal_of(name: str, data: bytes, tmp_path: Path) -> InputError:
    """The loader's own refusal of an upload, as the command line meets it."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(InputError) as caught:
        washigen.load(path)
    return caught.value


def values_of(sentence: Says | str) -> set[str]:
    """The words of what a sentence quotes (names, fields, values), which stay as they are in every language."""
    if not isinstance(sentence, Says):
        return words(sentence)
    found: set[str] = set()
    for value in sentence.values.values():
        found |= values_of(value) if isinstance(value, Says) else words(str(value))
    return found


def ask(client, name: str, data: bytes, lang: str | None):  # noqa: F811
    headers = {"Accept-Language": lang} if lang else {}
    return client.post(f"/api/validate?name={name}", content=data, headers=headers)


@pytest.mark.parametrize("case", sorted(BAD_UPLOADS))
def test_an_upload_is_refused_in_the_pages_language_and_the_same_refusal_stays_english_elsewhere(
        client, english_words, tmp_path, case):  # noqa: F811
    name, data = BAD_UPLOADS[case]
    error = refusal_of(name, data, tmp_path)
    assert isinstance(error.says, Says), f"{case}: refused as plain text, which no page can translate: {error}"
    english = str(error).replace(str(tmp_path / name), name)
    assert ask(client, name, data, None).json()["error"] == english          # no language asked: the CLI's words
    assert ask(client, name, data, "en-US,en;q=0.9").json()["error"] == english
    german = ask(client, name, data, "de-DE,de;q=0.9,en;q=0.8").json()["error"]
    assert german != english
    assert german == translator("de").says(error.says).replace(str(tmp_path / name), name)
    left = (words(german) & english_words) - values_of(error.says) - COMMAND_WORDS
    assert not left, (case, german, left)


def test_the_command_line_and_python_keep_the_english(tmp_path):
    name, data = BAD_UPLOADS["players out of range"]
    (tmp_path / name).write_bytes(data)
    result = CliRunner().invoke(main, ["validate", "--lang", "de", str(tmp_path / name)])
    assert result.exit_code == 2
    assert "players: Input should be less than or equal to 6, got 9" in result.output
    error = refusal_of(name, data, tmp_path)
    assert str(error).endswith("players: Input should be less than or equal to 6, got 9")
    assert washigen.message(error, "de").endswith("players: Eingabe muss kleiner oder gleich 6 sein, erhalten: 9")
    assert washigen.message(error) == str(error)


def test_a_refused_field_comes_with_its_reason_in_the_pages_language_and_whether_it_is_a_range(client):  # noqa: F811
    asked = {"game": "cats", "component": "map", "params": {"players": 9}}
    english = client.post("/api/design", json=asked).json()
    german = client.post("/api/design", json=asked, headers={"Accept-Language": "de"}).json()
    assert english["reason"] == "must be at least 2 and at most 6, got 9" and english["range"] is True
    assert german["reason"] == "muss mindestens 2 und höchstens 6 sein, nicht 9" and german["range"] is True
    assert german["error"] == "players: " + german["reason"] and german["field"] == "players"
    asked = {"game": "cats", "component": "map", "params": {"tape_width": "wide"}}
    german = client.post("/api/design", json=asked, headers={"Accept-Language": "de"}).json()
    assert german["field"] == "tape_width" and german["range"] is False
    assert german["reason"].startswith("'wide' ist keine Länge")


def test_a_print_option_and_the_request_itself_are_refused_in_german(client):  # noqa: F811
    german = {"Accept-Language": "de"}
    answer = client.post("/api/render?format=pdf", headers=german,
                         json={"game": "cats", "component": "map", "params": {}, "options": {"bleed": "99mm"}})
    assert answer.status_code == 400
    assert answer.json()["error"] == "options.bleed: darf höchstens 20mm sein, nicht '99mm'"
    answer = client.post("/api/design", content=b"[1, 2]", headers={**german, "Content-Type": "application/json"})
    assert answer.json()["error"] == "request: muss ein JSON-Objekt sein"
    answer = client.post("/api/design", content=b'{"seed": NaN}', headers={**german, "Content-Type": "application/json"})
    assert "NaN ist keine Zahl, die JSON erlaubt" in answer.json()["error"]


def test_a_language_without_a_catalog_gets_english(client):  # noqa: F811
    name, data = BAD_UPLOADS["players out of range"]
    answer = ask(client, name, data, "fr-FR,fr;q=0.9")
    assert answer.json()["error"].endswith("players: Input should be less than or equal to 6, got 9")
    answer = ask(client, name, data, "fr-FR,de;q=0.5")                     # the first one with a catalog
    assert answer.json()["error"].endswith("players: Eingabe muss kleiner oder gleich 6 sein, erhalten: 9")


def test_a_text_forms_line_is_said_in_the_language():
    error = DesignFormatError("players: bad", path="line 12", source="map.txt")
    assert str(error) == "map.txt, line 12: players: bad"
    assert translator("de").says(error.says) == "map.txt, Zeile 12: players: bad"
