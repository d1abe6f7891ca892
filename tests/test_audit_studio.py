"""The studio as a user meets it, found wanting in an audit and fixed: a German page printing English cards still
reports in German; the edit tools are named in the page's language; a refused seed or a length the maker refuses is
said as the form labels its field; a number the browser cannot read is refused, not silently replaced by the
default; an opened file is logged in the page's language."""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient

from tests.test_studio_api import LOCAL, broken_map
from tests.test_studio_browser import browser, downloads, server, wait  # noqa: F401
from tests.test_studio_page import open_page, speak
from washigen.games import get_game
from washigen.i18n import translator
from washigen.studio.app import create_app

from selenium.webdriver.common.by import By  # noqa: E402  (test_studio_browser skipped the module without it)
from selenium.webdriver.support.ui import Select  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("audit-studio")), base_url=LOCAL) as test_client:
        yield test_client


def broken_json() -> bytes:
    from washigen.design import dumps

    return dumps(broken_map()).encode()


# -- server side ---------------------------------------------------------------------------------------------------

def test_a_german_page_printing_english_reports_in_german(client):
    """The page asks in its own language (Accept-Language) and prints in "Printed in": the report, the places and
    the edit tools' names follow the page, the drawing follows the print language."""
    german = translator("de")
    answer = client.post("/api/validate?name=map.json&lang=en", content=broken_json(),
                         headers={"Accept-Language": "de"}).json()
    violation = answer["report"]["violations"][0]
    english = client.post("/api/validate?name=map.json&lang=en", content=broken_json()).json()
    assert violation["message"] != english["report"]["violations"][0]["message"]
    assert "Gebäude" in violation["message"] and "building" not in violation["message"]
    assert violation["place"].startswith("Feld")
    assert "seed 1" in answer["svg"] or "Startwert" not in answer["svg"]          # the print stays English
    names = dict(answer["geometry"]["palette"])
    assert names["#"] == german("building") == "Gebäude"
    # without a page language, as before: the report in the print language
    assert "building" in english["report"]["violations"][0]["message"]
    made = client.post("/api/design", json={"game": "cat-tree", "component": "play", "seed": 1, "lang": "en"},
                       headers={"Accept-Language": "de-DE,de;q=0.9"}).json()
    assert dict(made["geometry"]["palette"])["box"] == german("Box") == "Kiste"


@pytest.mark.parametrize("seed", [-5, "1.5", "-5"])
def test_a_refused_seed_names_its_field(client, seed):
    response = client.post("/api/design", json={"game": "cats", "component": "map", "seed": seed})
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "seed" and body["error"].startswith("seed: ") and body["reason"]


def test_a_length_the_maker_refuses_names_its_field(client):
    response = client.post("/api/design", json={"game": "cops", "component": "map", "seed": 1,
                                                "params": {"offset": "xyz"}})
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "offset" and "xyz" in body["reason"] and not body["reason"].startswith("offset")


# -- in the browser --------------------------------------------------------------------------------------------------

def tool_labels(driver) -> list[str]:
    return [o.text for o in Select(driver.find_element(By.ID, "tool")).options]


def test_the_edit_tools_speak_the_pages_language(server, browser):
    speak(browser, "de-DE")
    try:
        open_page(browser, server, "game=cats&component=map&seed=1")
        labels = tool_labels(browser)
        assert "Gebäude malen" in labels and "Wald malen" in labels, labels
        assert "Öffnung setzen oder entfernen (eine Kante anklicken)" in labels
        assert "Gully setzen / umfärben" in labels
        assert not [label for label in labels if label.startswith(("Paint ", "Place ", "Toggle "))], labels
        open_page(browser, server, "game=cat-tree&component=play&seed=1")
        labels = tool_labels(browser)
        assert "Kiste legen" in labels and "Karte entfernen" in labels, labels
        assert not [label for label in labels if label.startswith(("Place ", "Remove "))], labels
        open_page(browser, server, "game=trail-route&component=setup&seed=1")
        assert tool_labels(browser)[1] == "Zwei Plättchen tauschen (eines anklicken, dann das andere)"
    finally:
        speak(browser, "en-US")


def test_a_german_page_printing_english_keeps_its_report_german(server, browser, tmp_path):
    broken = tmp_path / "kaputt.txt"
    broken.write_text(get_game("cats").to_text(broken_map()), encoding="utf-8")
    speak(browser, "de-DE")
    try:
        open_page(browser, server, "game=cats&component=map&seed=1&lang=en")
        assert Select(browser.find_element(By.ID, "lang")).first_selected_option.get_attribute("value") == "en"
        browser.find_element(By.ID, "upload").send_keys(str(broken))
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#violations button"), "no violation listed")
        text = browser.find_element(By.CSS_SELECTOR, "#violations button").text.split("\n", 1)[1]
        assert "Gebäude" in text and "(Feld" in text and "building" not in text and "(cell" not in text, text
        browser.execute_script("document.getElementById('log-box').open = true")
        assert browser.find_element(By.ID, "log").text.startswith("kaputt.txt geöffnet")
    finally:
        speak(browser, "en-US")


def problem_text(driver) -> str:
    return wait(driver, lambda d: d.find_element(By.ID, "problem").is_displayed()
                and d.find_element(By.ID, "problem").text, "no message")


def test_a_refused_seed_and_offset_are_named_as_the_form_labels_them(server, browser):
    speak(browser, "de-DE")
    try:
        for query, box, typed, label, name in (("game=cats&component=map&seed=1", "seed", "-5", "Startwert", "seed"),
                                               ("game=cops&component=map&seed=1", "param-offset", "xyz", "Versatz",
                                                "offset")):
            open_page(browser, server, query)
            field = browser.find_element(By.ID, box)
            field.clear()
            field.send_keys(typed)
            text = problem_text(browser)
            assert text.startswith(f"{label}: ") and name not in text, text
        assert browser.find_element(By.CSS_SELECTOR, "[data-param=offset]").get_attribute("class") == "field invalid"
    finally:
        speak(browser, "en-US")


def test_a_number_the_browser_cannot_read_is_refused_not_replaced_by_the_default(server, browser):
    open_page(browser, server, "game=cats&component=map&seed=1")
    before = browser.execute_script("return JSON.stringify(window.studioDesign())")
    budget = browser.find_element(By.ID, "param-budget")
    budget.clear()
    budget.send_keys("1e999")                  # shown in the field, read by the browser as empty
    text = problem_text(browser)
    assert text == "Budget: choose a number from 0 to 600.", text
    time.sleep(0.5)
    status = browser.find_element(By.ID, "status")
    assert "error" in status.get_attribute("class") and not status.text.startswith("Ready")
    assert browser.find_element(By.CSS_SELECTOR, "[data-param=budget]").get_attribute("class") == "field invalid"
    # a print option the browser cannot read stops the download instead of printing the default
    budget.clear()
    budget.send_keys("2")
    wait(browser, lambda d: d.find_element(By.ID, "status").text.startswith("Ready"), "the map was not made again")
    assert json.loads(browser.execute_script("return JSON.stringify(window.studioDesign())")) == json.loads(before)
    browser.execute_script("document.getElementById('print-box').open = true")
    bleed = browser.find_element(By.ID, "print-bleed")
    bleed.clear()
    bleed.send_keys("1e999")
    browser.find_element(By.CSS_SELECTOR, "button[data-format=pdf]").click()
    text = problem_text(browser)
    assert text.startswith("Bleed (mm): ") and not browser.find_element(By.ID, "status").text.startswith(
        ("Printing", "Downloaded")), text


# -- the pickers' words --------------------------------------------------------------------------------------------

def test_the_listing_names_parts_and_choices_in_the_pages_language_and_keeps_no_placeholder(client):
    """The German page's Part picker showed the command names (map, sheet, components), the Cops layouts their
    option values (end-to-end, stacked), and the map's summary the command line's placeholder ("für PLAYERS")."""
    games = {g["name"]: g for g in client.get("/api/games?lang=de").json()["games"]}
    parts = {game: {c["name"]: c for c in listing["components"]} for game, listing in games.items()}
    assert [c["label"] for c in games["cats"]["components"]] == ["Spielfeld", "Tape", "Spielerbogen", "Aufbau"]
    assert parts["trail-route"]["components"]["label"] == "Spielmaterial"
    assert parts["cat-tree"]["play"]["label"] == "gespielte Partie"
    layout = next(p for p in parts["cops"]["map"]["params"] if p["name"] == "layout")
    assert layout["choices"] == ["end-to-end", "stacked"]                       # the values the server takes
    assert layout["choice_labels"] == ["Ende an Ende", "untereinander"]
    for game in parts.values():
        for part in game.values():
            assert "PLAYERS" not in part["help"], part["help"]
    english = {g["name"]: g for g in client.get("/api/games?lang=en").json()["games"]}
    assert [c["label"] for c in english["cops"]["components"]] == ["map", "tape", "sheet"]


def test_the_german_pickers_show_german_words(server, browser):
    speak(browser, "de-DE")
    try:
        open_page(browser, server, "game=cops&component=map&seed=1")
        parts = [o.text for o in Select(browser.find_element(By.ID, "component")).options]
        assert parts == ["Spielfeld", "Tape", "Spielerbogen"], parts
        layout = Select(browser.find_element(By.CSS_SELECTOR, "#params select[name='layout']"))
        assert [o.text for o in layout.options] == ["Ende an Ende", "untereinander"]
        assert layout.first_selected_option.get_attribute("value") == "end-to-end"
    finally:
        speak(browser, "en-US")
