"""A fourth audit of the studio, every game as a user meets it: a part that only prints (a Cats sheet) refused by its
maker names the form's field as a design's refusal does; the keyboard cursor on the drawing speaks the page's
language; Cancel stops the server's balance run; and an edited design of every game downloads as the JSON the page
shows, which `washigen validate` judges as the page did and which opens again as the same design."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from starlette.testclient import TestClient

from tests.test_audit_studio import problem_text
from tests.test_studio_api import LOCAL
from tests.test_studio_browser import POINTER_AT_ONCE
from tests.test_studio_browser import browser, click_cell, downloads, finished_downloads, server, wait  # noqa: F401
from tests.test_studio_page import open_page, shown, speak
from washigen.studio.app import create_app

from selenium.webdriver.common.by import By  # noqa: E402  (test_studio_browser skipped the module without it)
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("audit4-studio")), base_url=LOCAL) as test_client:
        yield test_client


# -- server side ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/design", "/api/render?format=pdf"])
@pytest.mark.parametrize("lang,words", [("en", "team play is for 4 players"), ("de", "Teamspiel gibt es für 4")])
def test_a_sheet_its_maker_refuses_names_the_field_as_a_map_does(client, path, lang, words):
    """`cats sheet` with team play for 2: the map's refusal named its field ("coop"), so the page named it as its
    form labels it and marked it; the sheet's came as bare text, "coop: ...", with no field to name or mark."""
    body = {"game": "cats", "component": "sheet", "params": {"coop": True}}
    answer = client.post(path, json=body, headers={"Accept-Language": lang})
    assert answer.status_code == 400
    said = answer.json()
    assert said.get("field") == "coop", said
    assert said["error"] == f"params.coop: {said['reason']}" and said["reason"].startswith(words), said
    assert said["value"] is True and said["range"] is False


# -- in the browser ------------------------------------------------------------------------------------------------

def test_a_sheets_refused_switch_is_named_and_marked_as_the_form_labels_it(server, browser):
    speak(browser, "de-DE")
    try:
        open_page(browser, server, "game=cats&component=sheet")
        browser.find_element(By.CSS_SELECTOR, '[data-param="coop"] input').click()
        text = problem_text(browser)
        assert text.startswith("Kooperativ: Teamspiel gibt es für 4 Personen"), text
        assert browser.find_element(By.CSS_SELECTOR, "[data-param=coop]").get_attribute("class") == "field invalid"
    finally:
        speak(browser, "en-US")


def status_text(driver) -> str:
    return driver.find_element(By.ID, "status").text


@pytest.mark.parametrize("query,tool,said", [
    ("game=cats&component=map&seed=1", "select", ("Zeile 1, Spalte 2: Enter wählt aus",)),
    ("game=trail-route&component=setup&seed=1", "swap",
     ("Zeile 1, Spalte 2: Enter wendet „Zwei Plättchen tauschen (eines anklicken, dann das andere)“ an",
      "Zeile 1, Spalte 2 gewählt; zum anderen gehen und Enter drücken")),
])
def test_the_keyboard_cursor_on_the_drawing_speaks_the_pages_language(server, browser, query, tool, said):
    """Arrows over the drawing said "Row 1, column 2: Enter selects" on the German page (the words were not put
    through the page's dictionary), and "... picked; move to the other and press Enter" for a swap."""
    speak(browser, "de-DE")
    try:
        open_page(browser, server, query)
        Select(browser.find_element(By.ID, "tool")).select_by_value(tool)
        stage = browser.find_element(By.ID, "preview")
        stage.send_keys(Keys.ARROW_RIGHT)
        stage.send_keys(Keys.ARROW_RIGHT)
        wait(browser, lambda d: status_text(d) == said[0], f"the cursor said {status_text(browser)!r}")
        if len(said) > 1:
            stage.send_keys(Keys.ENTER)
            wait(browser, lambda d: status_text(d) == said[1], f"the pick said {status_text(browser)!r}")
    finally:
        speak(browser, "en-US")


def test_cancel_from_the_keyboard_stops_the_servers_balance_run(server, browser):
    """The work bar's Cancel, reached by the keyboard, ends the run on the server (no job left at work) long before
    its games are played, and the page says it stopped. The map's 150 games take a minute or more (4 players,
    two long layers of 15 rows: about 0.5 s a game here); its making plays a few of them, a third of the time of the
    6-player map this took before, whose games were longer still."""
    from washigen.studio import jobs

    open_page(browser, server, "game=cats&component=map&seed=1&players=4&long=2&segment_rows=15")
    games = browser.find_element(By.ID, "balance-games")
    games.clear()
    games.send_keys("150")
    browser.find_element(By.ID, "balance").send_keys(Keys.ENTER)
    wait(browser, lambda d: not d.find_element(By.ID, "work").get_attribute("hidden") and jobs.running() == 1
         and d.execute_script("return document.getElementById('work-progress').value") >= 1,
         "the run never showed its progress")
    cancel = browser.find_element(By.ID, "cancel")
    cancel.send_keys(Keys.ENTER)
    started = time.monotonic()
    wait(browser, lambda d: jobs.running() == 0, "the server kept playing after Cancel")
    assert time.monotonic() - started < 15
    wait(browser, lambda d: status_text(d) == "Stopped" and d.find_element(By.ID, "work").get_attribute("hidden"),
         f"the page said {status_text(browser)!r}")
    assert browser.find_element(By.ID, "balance-result").text == ""


# -- every game's editor: edit, download, validate, open again -----------------------------------------------------

def edit_cops_map(driver) -> None:
    """A path drawn across another on segment 1 (the Cops editor works in mm)."""
    from tests.test_studio_board import click_mm, crossing_path
    from washigen.design import loads

    design = loads(json.dumps(driver.execute_script("return window.studioDesign()")))
    a, b, _, _ = crossing_path(design)
    Select(driver.find_element(By.ID, "tool")).select_by_value("cops:path")
    click_mm(driver, *a.centre)
    click_mm(driver, *b.centre)


def edit_by_cells(tool: str, *cells: tuple[int, int]):
    def edit(driver) -> None:
        Select(driver.find_element(By.ID, "tool")).select_by_value(tool)
        for row, col in cells:
            click_cell(driver, row, col, POINTER_AT_ONCE)
    return edit


EDITS = {   # query: an edit a user makes there
    "game=cats&component=map&seed=1": edit_by_cells("paint:J", (2, 4)),          # shuts a building's only door
    "game=cats&component=setup&seed=1": edit_by_cells("sewer", (1, 10)),
    "game=cops&component=map&seed=1&players=2": edit_cops_map,
    "game=cat-tree&component=play&seed=1": edit_by_cells("card:shelf", (8, 1)),    # a shelf in mid-air
    "game=trail-route&component=setup&seed=1": edit_by_cells("swap", (1, 1), (2, 2)),
}


@pytest.mark.parametrize("query", list(EDITS))
def test_an_edited_design_downloads_validates_as_shown_and_opens_again(server, browser, downloads, tmp_path, query):
    open_page(browser, server, query)
    made = browser.execute_script("return window.studioDesign()")
    EDITS[query](browser)
    wait(browser, lambda d: shown(d) and d.execute_script("return window.studioDesign()") != made
         and d.execute_script("return window.studioDirty()"), "the edit was never checked")
    edited = browser.execute_script("return window.studioDesign()")
    report = browser.execute_script("return window.studioReport()")
    for old in downloads.glob("*.json"):
        old.unlink()
    browser.find_element(By.CSS_SELECTOR, ".downloads [data-format=json]").click()
    [saved] = wait(browser, lambda d: finished_downloads(downloads, "*.json"), "no JSON downloaded")
    assert json.loads(saved.read_text(encoding="utf-8")) == edited
    assert browser.execute_script("return window.studioDirty()") is False

    verdict = subprocess.run([sys.executable, "-m", "washigen", "validate", "--json", str(saved)],
                             capture_output=True, text=True, timeout=120)
    told = json.loads(verdict.stdout)
    told = told[0] if isinstance(told, list) else told
    assert verdict.returncode == (0 if report["valid"] else 1), verdict.stdout
    assert (told["valid"], told["errors"], told["warnings"]) == (report["valid"], report["errors"], report["warnings"])
    assert sorted(v["rule"] for v in told["violations"]) == sorted(v["rule"] for v in report["violations"])

    kept = tmp_path / saved.name
    kept.write_bytes(saved.read_bytes())
    browser.find_element(By.ID, "upload").send_keys(str(kept))
    wait(browser, lambda d: shown(d) and kept.name in status_text(d), f"{kept.name} never opened")
    assert browser.execute_script("return window.studioDesign()") == edited
    assert browser.execute_script("return window.studioReport()")["violations"] == report["violations"]


def test_a_cops_mark_is_selected_from_the_keyboard_with_the_select_tool(server, browser, tmp_path):
    """On a Cops map the select tool took no key (its cursor walked a grid a Cops map has not), so a mark could be
    selected by the mouse only: arrows now move a point over the map, as the Cops edit tools' do, and Enter selects
    the violation marked there, editing nothing."""
    import httpx

    from tests.test_studio_board import cops_map_file, crossing_path, open_design
    from washigen.design import dumps

    design, _ = cops_map_file(tmp_path)
    edited = crossing_path(design)[2]
    path = tmp_path / "crossing.json"
    path.write_text(dumps(edited), encoding="utf-8")
    open_design(browser, server, path)
    checked = httpx.post(f"{server}/api/validate?name=crossing.json&svg=0", content=path.read_bytes(), timeout=60)
    frame = checked.json()["frames"][0]
    report = browser.execute_script("return window.studioReport()")
    violation = next(v for v in report["violations"] if v["mark"])
    x, y, w, h = violation["mark"]
    target = (x + w / 2, y + h / 2)
    before = browser.execute_script("return window.studioDesign()")
    assert Select(browser.find_element(By.ID, "tool")).first_selected_option.get_attribute("value") == "select"

    stage = browser.find_element(By.ID, "preview")
    point = [frame["x"] + frame["length"] / 2, frame["y"] + frame["width"] / 2]  # where the cursor starts
    for axis, (plus, minus) in enumerate(((Keys.ARROW_RIGHT, Keys.ARROW_LEFT), (Keys.ARROW_DOWN, Keys.ARROW_UP))):
        distance = target[axis] - point[axis]
        key = plus if distance > 0 else minus
        for _ in range(int(abs(distance) // 10)):
            stage.send_keys(Keys.SHIFT, key)
        for _ in range(round(abs(distance) % 10 / 2)):
            stage.send_keys(key)
    wait(browser, lambda d: status_text(d).startswith("At ") and status_text(d).endswith("Enter selects"),
         f"the cursor said {status_text(browser)!r}")
    stage.send_keys(Keys.ENTER)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#studio-marks rect.mark.selected"),
         "Enter selected no mark")
    chosen = int(browser.find_element(By.CSS_SELECTOR, "#studio-marks rect.mark.selected").get_attribute("data-index"))
    mx, my, mw, mh = report["violations"][chosen]["mark"]
    assert mx <= target[0] + 2 and target[0] - 2 <= mx + mw and my <= target[1] + 2 and target[1] - 2 <= my + mh
    assert report["violations"][chosen]["rule"] in browser.find_element(By.ID, "selection-text").text
    assert browser.execute_script("return window.studioDesign()") == before          # nothing edited
