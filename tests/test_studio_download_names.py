"""The studio names the files it hands out in the page's language (Accept-Language, which the page sets to its own):
on the German page a map is a "spielfeld", in plain ASCII (umlauts as ae, oe, ue, ss) as every file system, zip
and the page's filename="..." reader take it; on the English page, or for a script that names no language, the
command line's words as before."""

from __future__ import annotations

import io
import json
import re
import warnings
import zipfile

import pytest

from washigen.design import dumps
from washigen.games.cats.generate import generate_map
from washigen.studio.api import file_safe, file_stem

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from washigen.studio.app import create_app

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ENGLISH = {"Accept-Language": "en"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("studio")), base_url="http://127.0.0.1:8765") as test_client:
        yield test_client


def file_name(response) -> str:
    assert response.status_code == 200, response.text
    disposition = response.headers["content-disposition"]
    assert disposition.isascii(), disposition
    found = re.fullmatch(r'attachment; filename="([a-z0-9.-]+)"', disposition)
    assert found, disposition
    return found.group(1)


# (request body, English name, German name): parts made afresh, and a saved design's kind
MADE = [
    ({"game": "cats", "component": "map", "seed": 7}, "cats-map-7.pdf", "cats-spielfeld-7.pdf"),
    ({"game": "cops", "component": "sheet"}, "cops-sheet.pdf", "cops-spielerbogen.pdf"),
    ({"game": "trail-route", "component": "components", "params": {"tile_size": "25mm"}},
     "trail-route-components.pdf", "trail-route-spielmaterial.pdf"),
    ({"game": "trail-route", "component": "setup", "seed": 2}, "trail-route-setup-2.pdf",
     "trail-route-aufbau-2.pdf"),
    ({"game": "cat-tree", "component": "deck"}, "cat-tree-deck.pdf", "cat-tree-kartendeck.pdf"),
]


@pytest.mark.parametrize("body, english, german", MADE)
def test_a_part_is_named_in_the_pages_language(client, body, english, german):
    assert file_name(client.post("/api/render?format=pdf", json=body, headers=ENGLISH)) == english
    assert file_name(client.post("/api/render?format=pdf", json=body, headers=GERMAN)) == german
    assert file_name(client.post("/api/render?format=pdf", json=body)) == english      # a script's: as before


def test_a_saved_design_and_the_pages_of_a_zip_are_named_in_german(client):
    design = json.loads(dumps(generate_map(players=2, seed=5)))
    assert file_name(client.post("/api/render?format=json", json={"design": design}, headers=GERMAN)) == \
        "cats-spielfeld-5.json"
    answer = client.post("/api/render?format=svg", json={"game": "cat-tree", "component": "deck"}, headers=GERMAN)
    assert file_name(answer) == "cat-tree-kartendeck-svg.zip"
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        names = archive.namelist()
    assert len(names) > 1 and all(re.fullmatch(r"cat-tree-kartendeck-\d+\.svg", name) for name in names), names


def test_the_bot_games_file_is_named_in_german(client):
    design = json.loads(dumps(generate_map(players=2, seed=5)))
    body = {"design": design, "seed": 3, "options": {"bleed": "0mm"}}
    assert file_name(client.post("/api/game?format=pdf", json=body, headers=ENGLISH)) == "cats-game-5-3.pdf"
    assert file_name(client.post("/api/game?format=pdf", json=body, headers=GERMAN)) == \
        "cats-gespielte-partie-5-3.pdf"


def test_a_german_word_is_spelled_for_a_file_system():
    assert file_safe("Größe der Würfel-Übersicht") == "groesse-der-wuerfel-uebersicht"
    assert file_safe("Spielfeld") == "spielfeld" and file_safe("Café à la carte") == "cafe-a-la-carte"
    assert file_stem("cats", "map", None, 4, lang="de") == "cats-spielfeld-4"
    assert file_stem("cats", "map", 4, lang="en") == "cats-map-4"
