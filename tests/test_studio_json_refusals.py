"""The studio's refusals of JSON it was given: a `design` that is no design object names the field, as every other
refused value does (the page marks it), and a value is quoted as JSON spells it (null, true, {"a": 1}), not as
Python does (None, True, {'a': 1}), in English and German; a design file read by the command line likewise."""

import json

import pytest
from click.testing import CliRunner

from washigen.cli import main

from .test_studio_api import LOCAL, client, workdir  # noqa: F401

GERMAN = {"Accept-Language": "de"}
ENDPOINTS = ("/api/render?format=pdf", "/api/balance", "/api/balance/chart?format=svg", "/api/play", "/api/board",
             "/api/game?format=svg")


@pytest.fixture(scope="module")
def design(client):  # noqa: F811
    return client.post("/api/design", json={"game": "cats", "component": "map", "seed": 1}).json()["design"]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("given", [None, True, 1, "x", [], {}, {"a": 1}])
def test_a_design_that_is_no_design_is_refused_naming_the_design_field(client, endpoint, given):  # noqa: F811
    answer = client.post(endpoint, json={"design": given})
    assert answer.status_code == 400, answer.text
    assert answer.json()["field"] == "design" and answer.json()["error"].startswith("design")


@pytest.mark.parametrize("body, english, german", [
    ({"games": None}, "got null", "nicht null"),
    ({"games": True}, "got true", "nicht true"),
    ({"seed": True}, "got true", "nicht true"),
    ({"seed": {"a": 1}}, 'got {"a": 1}', 'nicht {"a": 1}'),
])
def test_a_refused_value_is_spelt_as_json_spells_it(client, design, body, english, german):  # noqa: F811
    said = {}
    for lang, headers in (("en", {}), ("de", GERMAN)):
        answer = client.post("/api/balance", json={"design": design, **body}, headers=headers)
        assert answer.status_code == 400, answer.text
        said[lang] = answer.json()["error"]
    assert english in said["en"] and german in said["de"]
    assert not any(word in said["en"] + said["de"] for word in ("None", "True", "{'a'"))


@pytest.mark.parametrize("document, expected", [
    ({"format": None}, "format: must be 'washigen/1', got null"),
    ({"format": "washigen/1", "game": False}, "game: must name a game, got false"),
    ({"format": "washigen/1", "game": "cats", "kind": "map", "seed": True}, "seed: Input should be a valid integer, "
                                                                           "got true"),
])
def test_a_design_file_is_refused_in_json_words_too(tmp_path, document, expected):
    path = tmp_path / "d.json"
    path.write_text(json.dumps(document))
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 2 and expected in done.output, done.output


@pytest.mark.parametrize("endpoint, name", [("/api/validate?svg=7", "svg"), ("/api/validate?svg=yes", "svg"),
                                            ("/api/balance?stream=yes", "stream")])
def test_a_switch_is_0_or_1(client, design, endpoint, name):  # noqa: F811
    body = json.dumps(design).encode() if "validate" in endpoint else json.dumps({"design": design, "games": 2})
    answer = client.post(endpoint, content=body)
    assert answer.status_code == 400 and answer.json()["field"] == name, answer.text
    assert "must be 0 or 1" in answer.json()["error"]
