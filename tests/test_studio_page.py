"""The studio page in a real headless Chromium: the select tool selects and never edits, a refused option is said
in the form's words and the page's language, an upload moves the link and the Part picker to what it holds, axe-core
finds nothing on any game's page, the page works 375 px wide, and a changed parameter is drawn within 250 ms."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import pytest

from tests.test_studio_browser import POINTER_AT_ONCE
from tests.test_studio_browser import browser, click_cell, downloads, finished_downloads, server, wait  # noqa: F401
from washigen import __version__
from washigen.studio import api

from selenium.webdriver.common.by import By  # noqa: E402  (test_studio_browser skipped the module without it)
from selenium.webdriver.support.ui import Select  # noqa: E402

DOCS_PNG = Path(__file__).parent.parent / "docs" / "studio.png"


def shown(driver) -> bool:
    """A drawing is shown and nothing is being made or checked (in any language)."""
    status = driver.find_element(By.ID, "status")
    return status.get_attribute("class").strip() == "status" and bool(
        driver.find_elements(By.CSS_SELECTOR, "#preview svg.design"))


def open_page(driver, server, query: str) -> None:
    driver.get(f"{server}/?{query}")
    wait(driver, shown, f"{query} never showed")


def test_the_select_tool_selects_a_violation_and_leaves_the_design_alone(server, browser, tmp_path):
    from tests.test_studio_api import broken_map
    from washigen.games import get_game

    open_page(browser, server, "game=cats&component=map&seed=1")
    assert Select(browser.find_element(By.ID, "tool")).first_selected_option.get_attribute("value") == "select"
    broken = tmp_path / "broken.txt"
    broken.write_text(get_game("cats").to_text(broken_map()), encoding="utf-8")
    browser.find_element(By.ID, "upload").send_keys(str(broken))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#studio-marks rect.mark"), "no mark")
    before = browser.execute_script("return window.studioDesign()")
    mark = browser.find_element(By.CSS_SELECTOR, "#studio-marks rect.mark")
    geometry = browser.execute_script("return window.studioGeometry()")
    x, y = float(mark.get_attribute("x")), float(mark.get_attribute("y"))
    row = round((y - geometry["y"]) / geometry["pitch_y"]) + 1
    col = round((x - geometry["x"]) / geometry["pitch_x"]) + 1
    click_cell(browser, row, col, POINTER_AT_ONCE)
    wait(browser, lambda d: "selected" in d.find_element(By.CSS_SELECTOR, "#studio-marks rect.mark")
         .get_attribute("class"), "a click on the mark did not select it")
    text = browser.find_element(By.ID, "selection-text").text
    index = int(browser.find_element(By.CSS_SELECTOR, "#studio-marks rect.mark.selected").get_attribute("data-index"))
    violation = browser.execute_script("return window.studioReport().violations[arguments[0]]", index)
    assert violation["rule"] in text and violation["message"] in text and "row" in text
    time.sleep(0.3)
    assert browser.execute_script("return window.studioDesign()") == before           # nothing edited
    assert browser.execute_script("return window.studioDirty()") is False
    assert "broken.txt" not in browser.current_url and "game=cats" in browser.current_url
    assert "component=map" in browser.current_url
    assert Select(browser.find_element(By.ID, "component")).first_selected_option.text == "map"


def speak(driver, language: str) -> None:
    """The browser's languages (navigator.languages), as a user's settings give them."""
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})


def test_a_refused_option_is_said_in_the_forms_words_and_the_pages_language(server, browser):
    for locale, label, words in (("en-US", "Players", "choose a whole number from 2 to 6"),
                                 ("de-DE", "Personen", "eine ganze Zahl von 2 bis 6")):
        speak(browser, locale)
        try:
            open_page(browser, server, "game=cats&component=map&seed=1")
            players = browser.find_element(By.ID, "param-players")
            players.clear()
            players.send_keys("9")
            problem = wait(browser, lambda d: d.find_element(By.ID, "problem").is_displayed()
                           and d.find_element(By.ID, "problem"), "no message")
            text = problem.text
            assert text.startswith(f"{label}:") and words in text, text
            assert "Invalid value" not in text and "--players" not in text
            assert browser.find_element(By.CSS_SELECTOR, "[data-param=players]").get_attribute("class") == \
                "field invalid"
            # the form's helps and the part's summary in the page's language, as the catalog words them
            lang = locale[:2]
            cats = next(g for g in api.games_listing(lang)["games"] if g["name"] == "cats")
            part = next(c for c in cats["components"] if c["name"] == "map")
            tape = next(p for p in part["params"] if p["name"] == "tape_width")
            assert browser.find_element(By.ID, "param-tape_width-help").text.startswith(tape["help"])
            assert browser.find_element(By.ID, "component-help").text == part["help"]
        finally:
            speak(browser, "en-US")


def axe_violations(driver) -> list[dict]:
    axe_selenium = pytest.importorskip("axe_selenium_python",
                                       reason="axe-selenium-python is not installed (pip install -e '.[test]')")
    axe = axe_selenium.Axe(driver)
    axe.inject()
    return axe.run()["violations"]


@pytest.mark.parametrize("query", ["game=cats&component=map&seed=1", "game=cops&component=tape&seed=1",
                                   "game=cat-tree&component=deck", "game=trail-route&component=setup&seed=1"])
def test_axe_finds_no_violation(server, browser, query):
    open_page(browser, server, query)
    found = axe_violations(browser)
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found] == []


# The SVG of the chart the page shows (its <img> holds it as a blob URL).
CHART_SVG = """
const done = arguments[arguments.length - 1];
fetch(document.getElementById("chart-image").src).then((r) => r.text()).then(done, (e) => done(String(e)));
"""


def chart_shown(driver) -> bool:
    return driver.execute_script("""const image = document.getElementById("chart-image");
        return !document.getElementById("balance-chart").hidden && image.complete && image.naturalWidth > 0
               && !document.getElementById("status").classList.contains("busy");""")


def test_a_balance_run_draws_its_chart_in_the_print_language(server, browser, downloads, tmp_path):
    """Under the numbers, the chart `cats balance -o chart.svg` draws (seat bars, the fair-share line), with a text
    alternative; "Printed in" redraws it in German; SVG downloads the CLI's bytes; axe finds nothing, the chart shown
    and enlarged. The commands run in this process (click's runner): their output and exit code are all it reads."""
    from tests.test_studio_api import cli

    open_page(browser, server, "game=cats&component=map&seed=5")
    games = browser.find_element(By.ID, "balance-games")
    games.clear()
    games.send_keys("20")
    browser.find_element(By.ID, "balance").click()
    wait(browser, chart_shown, "no chart after the balance run")
    svg = browser.execute_async_script(CHART_SVG)
    assert svg.count('fill="#5b8fd6"') == 2, "one bar a seat"                    # arena/chart.py chart-bar
    assert 'stroke="#c8102e"' in svg and "stroke-dasharray" in svg               # the dashed fair-share line
    assert "Win rate per seat" in svg and "seat 2" in svg
    alt = browser.find_element(By.ID, "chart-image").get_attribute("alt")
    assert alt.startswith("Balance chart of 20 games") and "seat 2 wins" in alt
    assert axe_violations(browser) == []
    # the run's other metrics under the verdict, as `cats balance --json` gives them for the same games
    design = tmp_path / "map.json"
    design.write_text(json.dumps(browser.execute_script("return window.studioDesign()")), encoding="utf-8")
    ran = cli("cats", "balance", "--map", design, "--seed", 5, "--games", 20, "--jobs", 1, "--json")
    assert ran.exit_code == 0, ran.output
    told = json.loads(ran.stdout)
    metrics = browser.find_element(By.CSS_SELECTOR, "#balance-result .metrics").text
    leads = float(metrics.split("the lead changed ")[1].split(" ")[0])
    decisive = float(metrics.split("decisive ")[1].split("\u00a0")[0].split(" ")[0])
    assert abs(leads - told["lead_changes"]) <= 0.05 and abs(decisive - 100 * told["decisiveness"]) <= 0.05, metrics

    Select(browser.find_element(By.ID, "lang")).select_by_value("de")
    wait(browser, lambda d: chart_shown(d) and "Platz 2" in d.execute_async_script(CHART_SVG), "no German chart")
    for old in downloads.glob("cats-balance-*"):
        old.unlink()
    browser.find_element(By.CSS_SELECTOR, "#balance-chart [data-chart=svg]").click()
    [downloaded] = wait(browser, lambda d: finished_downloads(downloads, "cats-balance-5-5.svg"), "no chart downloaded")
    ran = cli("cats", "balance", "--map", design, "--seed", 5, "--games", 20, "--jobs", 1, "--lang", "de",
              "-o", tmp_path / "cli.svg")
    assert ran.exit_code == 0, ran.output
    assert downloaded.read_bytes() == (tmp_path / "cli.svg").read_bytes()

    browser.find_element(By.ID, "chart-zoom").click()
    wait(browser, lambda d: d.find_element(By.ID, "chart-dialog").get_attribute("open") is not None, "no dialog")
    assert browser.find_element(By.ID, "chart-large").size["width"] > 3 * \
        browser.find_element(By.ID, "chart-image").size["width"]
    assert axe_violations(browser) == []
    browser.find_element(By.ID, "chart-close").click()
    assert browser.find_element(By.ID, "chart-dialog").get_attribute("open") is None


def test_the_page_is_usable_375_px_wide(server, browser, tmp_path):
    browser.set_window_size(375, 800)
    try:
        open_page(browser, server, "game=cats&component=map&seed=1")
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 375 + 1, f"the page is {width} px wide: it scrolls sideways"
        for element_id in ("game", "component", "seed", "new-seed", "tool"):
            box = browser.find_element(By.ID, element_id).rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= 376, element_id
        browser.save_screenshot(str(tmp_path / "studio-375.png"))
        Path("/tmp/studio-375.png").write_bytes((tmp_path / "studio-375.png").read_bytes())
    finally:
        browser.set_window_size(1400, 900)


def test_docs_screenshot_shows_this_version(server, browser, request):
    """docs/studio.png is a screenshot made here (`pytest --update-golden` rewrites it); it records the version
    it shows, which must be this one."""
    from PIL import Image, PngImagePlugin

    if request.config.getoption("--update-golden", default=False):
        from tests.test_studio_api import broken_map
        from washigen.games import get_game

        open_page(browser, server, "game=cats&component=map&seed=1")
        path = DOCS_PNG.parent / "broken-map.txt"
        try:
            path.write_text(get_game("cats").to_text(broken_map()), encoding="utf-8")
            browser.find_element(By.ID, "upload").send_keys(str(path))
            wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#studio-marks rect.mark"), "no mark")
        finally:
            path.unlink()
        browser.execute_script("document.querySelector('#violations button').click()")
        shot = Image.open(__import__("io").BytesIO(browser.get_screenshot_as_png()))
        info = PngImagePlugin.PngInfo()
        info.add_text("washigen-version", __version__)
        shot.save(DOCS_PNG, pnginfo=info)
    assert Image.open(DOCS_PNG).text.get("washigen-version") == __version__, \
        "docs/studio.png shows another version; rewrite it with pytest --update-golden tests/test_studio_page.py"


def test_every_changed_parameter_and_new_seed_is_drawn_and_timed(server, browser):
    """Each of 10 parameter changes and 10 new seeds brings a new drawing; the times from the last key (or the
    click) to it are printed (-s), not judged here (speed is measured in bench/, a loaded machine makes a bound
    flaky): 166 ms median for a change on an idle machine."""
    open_page(browser, server, "game=cats&component=map&seed=1&players=2")
    times = browser.execute_async_script(LATENCY, 10)
    assert "error" not in times, times
    changes, seeds = times["changes"], times["seeds"]
    print(f"parameter change: median {statistics.median(changes):.0f} ms, max {max(changes):.0f} ms; "
          f"new seed: median {statistics.median(seeds):.0f} ms, max {max(seeds):.0f} ms")
    assert len(changes) == len(seeds) == 10 and all(ms > 0 for ms in changes + seeds), times


# Types into the tape width (a change that redraws the 2-player map) and waits for the new drawing; then presses
# New seed; each time from the last key (or the click) to the new SVG in the page.
LATENCY = """
const [rounds, done] = arguments;
const drawn = () => new Promise((resolve) => {
  const stage = document.getElementById("preview");
  const observer = new MutationObserver(() => {
    if (stage.querySelector("svg.design") && !stage.classList.contains("stale")) {
      observer.disconnect(); resolve(performance.now());
    }
  });
  observer.observe(stage, {childList: true, attributes: true});
});
(async () => {
  const input = document.getElementById("param-tape_width");
  const changes = [], seeds = [];
  for (let k = 0; k < rounds; k++) {
    const next = drawn();
    input.value = k % 2 ? "50mm" : "45mm";
    const start = performance.now();
    input.dispatchEvent(new Event("input"));
    changes.push((await next) - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  for (let k = 0; k < rounds; k++) {
    const next = drawn();
    const start = performance.now();
    document.getElementById("new-seed").click();
    seeds.push((await next) - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  done({changes, seeds});
})().catch((error) => done({error: String(error)}));
"""


def test_a_switch_that_is_on_by_default_loads_on(server, browser):
    """Cat Tree's deck prints its 2 reference cards unless told not to: the form's checkbox loaded unchecked (a
    true default was read as off), so the page's deck, and every download of it, lacked them (an audit compared
    the downloads with the command's files). A choice whose default
    is the command's own (Trail Route's mat paper) reads "not set", not "null"."""
    open_page(browser, server, "game=cat-tree&component=deck")
    box = browser.find_element(By.CSS_SELECTOR, '[data-param="reference"] input')
    assert box.get_attribute("type") == "checkbox" and box.is_selected()
    open_page(browser, server, "game=trail-route&component=components")
    labels = [o.text for o in browser.find_elements(By.CSS_SELECTOR, "select option")]
    assert "null" not in labels and "not set" in labels


def test_a_seed_typed_anew_is_the_seed_made(server, browser):
    """Clearing the seed to type another made a design at once with a random seed and wrote it into the field under
    the typing ("12" became 17367612)."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, server, "game=cats&component=map&seed=3")
    field = browser.find_element(By.ID, "seed")
    field.click()
    field.send_keys(Keys.END, Keys.BACKSPACE)
    time.sleep(0.4)
    field.send_keys("1")
    time.sleep(0.3)
    field.send_keys("2")
    wait(browser, lambda d: "seed=12" in d.current_url and shown(d), "seed 12 never shown")
    assert field.get_attribute("value") == "12"


def test_an_opened_design_carries_its_parameters_into_the_form_and_the_address(server, browser, tmp_path):
    """Opening `cats map --players 4 --forests 5` left the form at 2 players and no forests and the address
    without them: a reload, or any field changed, made a map of the old parameters and lost the opened one."""
    import washigen

    path = tmp_path / "m4.json"
    washigen.save(washigen.generate("cats", "map", seed=3, players=4, forests=5, tape_width="45mm"), path)
    open_page(browser, server, "game=cats&component=map&seed=1")
    browser.find_element(By.ID, "upload").send_keys(str(path))
    wait(browser, lambda d: "seed=3" in d.current_url and shown(d), "the opened map never shown")
    value = {name: browser.find_element(By.CSS_SELECTOR, f'[data-param="{name}"] input').get_attribute("value")
             for name in ("players", "forests", "tape_width")}
    assert value == {"players": "4", "forests": "5", "tape_width": "45mm"}, value
    assert "players=4" in browser.current_url and "forests=5" in browser.current_url


def test_an_opened_cops_design_carries_its_squads_and_segments_into_the_form(server, browser, tmp_path):
    """A Cops map holds its squads as segments, not as `players`: a saved 4-squad map opened on a 2-player page
    left the form at 2, so a reload or any field changed made another map; a tape's `segments` field took the
    segments themselves."""
    import json

    import washigen

    for name, component, made, shown_as in (
            ("cops4.json", "map", {"players": 4, "layout": "stacked"}, {"players": "4", "layout": "stacked"}),
            ("tape6.json", "tape", {"segments": 6}, {"segments": "6"})):
        path = tmp_path / name
        washigen.save(washigen.generate("cops", component, seed=3, **made), path)
        open_page(browser, server, f"game=cops&component={component}&seed=1")
        browser.find_element(By.ID, "upload").send_keys(str(path))
        wait(browser, lambda d: "seed=3" in d.current_url and shown(d), f"the opened {component} never shown")
        value = {field: browser.find_element(By.CSS_SELECTOR, f'[data-param="{field}"] input, '
                                                              f'[data-param="{field}"] select').get_attribute("value")
                 for field in shown_as}
        assert value == shown_as, value
        assert all(f"{field}={number}" in browser.current_url for field, number in shown_as.items())
        browser.refresh()                  # the address makes the opened design again
        wait(browser, shown, "the reloaded page never shown")
        assert browser.execute_script("return window.studioDesign()") == json.loads(path.read_text())


# Keeps what the server answers the page's POST /api/balance (a stream of JSON lines, the run's numbers last), read
# from a copy of the response as the page reads its own: the run the page shows, not played again to be compared.
KEEP_BALANCE_ANSWERS = """
window.balanceAnswers = [];
const fetched = window.fetch;
window.fetch = async (...args) => {
  const response = await fetched(...args);
  if (String(args[0]).startsWith("/api/balance?")) {
    response.clone().text().then((text) => window.balanceAnswers.push(text));
  }
  return response;
};
"""


def balance_answer(driver) -> dict:
    """The result of the one balance run the page asked for since KEEP_BALANCE_ANSWERS."""
    [answer] = driver.execute_script("return window.balanceAnswers")
    [result] = [event["result"] for event in map(json.loads, answer.splitlines()) if "result" in event]
    return result


def test_a_balance_summary_says_only_the_endings_its_game_has(server, browser):
    """Trail Route's summary said "0 trapped, 0 stalemate(s)", words of Cats and Cops, in English and German; the
    chart's words said "by a trap" and "stalemates" too. Each now counts the endings its game has, as the run did,
    a count of one in the singular."""
    # A word that counts: (for one alone, for any other number).
    words = {"en": {"win": "won", "trap": "trapped", "stalemate": ("stalemate", "stalemates"),
                    "turn_limit": "at the turn limit", "chart trap": "by a trap"},
             "de": {"win": "gewonnen", "trap": "durch eine Falle", "stalemate": ("Patt", "Patts"),
                    "turn_limit": "am Zuglimit", "chart trap": "durch eine Falle"}}

    def counted(word, count: int) -> str:
        return f"{count} {word if isinstance(word, str) else word[count != 1]}"

    for locale, game, component in (("en-US", "trail-route", "setup"), ("de-DE", "trail-route", "setup"),
                                    ("en-US", "cops", "map")):
        said_in = words[locale[:2]]
        has = {"trail-route": ("win", "turn_limit"), "cops": ("win", "stalemate", "turn_limit")}[game]
        speak(browser, locale)
        try:
            open_page(browser, server, f"game={game}&component={component}&seed=2")
            games = browser.find_element(By.ID, "balance-games")
            games.clear()
            games.send_keys("6")
            browser.execute_script(KEEP_BALANCE_ANSWERS)
            browser.find_element(By.ID, "balance").click()
            wait(browser, lambda d: chart_shown(d) and d.execute_script("return window.balanceAnswers.length"),
                 "no chart after the balance run")
            run = balance_answer(browser)["ends"]            # the page's run, as the server answered it
            summary = browser.find_element(By.CSS_SELECTOR, "#balance-result .summary").text
            alt = browser.find_element(By.ID, "chart-image").get_attribute("alt")
            told = ", ".join(counted(said_in[end], run[end]) for end in has if end != "win")
            assert summary.endswith(f" · {told}"), summary
            chart = ", ".join(counted(said_in.get("chart " + end, said_in[end]), run[end]) for end in has)
            assert alt.endswith(f"; {chart}."), alt
            for end in ("trap", "stalemate"):
                if end not in has:
                    for word in (said_in[end], said_in.get("chart " + end, said_in[end])):
                        assert all(form not in summary and form not in alt for form in
                                   ((word,) if isinstance(word, str) else word)), (summary, alt)
        finally:
            speak(browser, "en-US")


def test_a_tape_downloaded_from_the_page_is_what_its_tape_command_writes(server, browser, downloads, tmp_path):
    """`cats tape -o roll.svg` writes the 10 m roll as one strip; the page gave a zip of three SVG pages."""
    from tests.test_studio_api import cli

    open_page(browser, server, "game=cats&component=tape&seed=2")
    for old in downloads.glob("cats-roll-2*"):
        old.unlink()
    browser.find_element(By.CSS_SELECTOR, ".downloads [data-format=svg]").click()
    [downloaded] = wait(browser, lambda d: finished_downloads(downloads, "cats-roll-2*"),
                        "no tape downloaded")
    assert cli("cats", "tape", "--seed", 2, "-o", tmp_path / "roll.svg").exit_code == 0
    assert downloaded.name == "cats-roll-2.svg"
    assert downloaded.read_bytes() == (tmp_path / "roll.svg").read_bytes()


def test_a_png_too_large_marks_the_dpi_field_the_refusal_names(server, browser):
    """The refusal carries its field (dpi): the page names it in its own words and marks it (the print options'
    fields could not be marked: they did not say which option they hold)."""
    for locale, label, says in (("en-US", "PNG resolution (dpi):", "2400 dpi makes"),
                                ("de-DE", "PNG-Auflösung (dpi):", "2400 dpi ergeben")):
        speak(browser, locale)
        try:
            open_page(browser, server, "game=cats&component=map&seed=1")
            browser.find_element(By.CSS_SELECTOR, "#print-box summary").click()
            Select(browser.find_element(By.ID, "print-paper")).select_by_value("a4")
            dpi = browser.find_element(By.ID, "print-dpi")
            dpi.clear()
            dpi.send_keys("2400")
            wait(browser, shown, "the map with the print options never shown")
            browser.find_element(By.CSS_SELECTOR, ".downloads [data-format=png]").click()
            problem = wait(browser, lambda d: d.find_element(By.ID, "problem").is_displayed()
                           and d.find_element(By.ID, "problem"), "no refusal shown")
            assert problem.text.startswith(f"{label} {says}"), problem.text
            assert ("PNG-Auflösung verringern" in problem.text or "verringern Sie die PNG-Auflösung" in problem.text) \
                == (locale == "de-DE"), problem.text
            marked = browser.find_elements(By.CSS_SELECTOR, "#print-options .field.invalid")
            assert [field.get_attribute("data-param") for field in marked] == ["dpi"]
            assert browser.find_element(By.ID, "print-dpi").get_attribute("aria-invalid") == "true"
        finally:
            speak(browser, "en-US")


def test_an_upload_the_loader_refuses_is_said_in_the_pages_language(server, browser, tmp_path):
    """A file that cannot be read was refused in English on the German page ("players: Input should be less than or
    equal to 6"); the page asks for its own language and the refusal comes in it."""
    from tests.test_refusal_languages import good_map

    broken = tmp_path / "karte.json"
    broken.write_text(json.dumps({**good_map(), "players": 9}), encoding="utf-8")
    for locale, words in (("en-US", "karte.json, players: Input should be less than or equal to 6, got 9"),
                          ("de-DE", "karte.json, players: Eingabe muss kleiner oder gleich 6 sein, erhalten: 9")):
        speak(browser, locale)
        try:
            open_page(browser, server, "game=cats&component=map&seed=1")
            browser.find_element(By.ID, "upload").send_keys(str(broken))
            problem = wait(browser, lambda d: d.find_element(By.ID, "problem").is_displayed()
                           and d.find_element(By.ID, "problem"), "no refusal shown")
            assert problem.text == words
        finally:
            speak(browser, "en-US")


def test_the_games_field_starts_at_what_fits_and_keeps_a_count_typed(server, browser):
    """The games field said 200 on every design, and on a big map the estimate refused 200 (a 6-player Cats map of
    two long segments of 12 rows: "at most 177 games fit"): it starts at the check's count (what fits, in tens); a
    count typed stays while the design changes, and a game chosen anew starts at its own. The map here is as big as
    that one in the check's count (170) and made in a quarter of the time: 3 players, three long layers of 14 rows."""
    from selenium.webdriver.common.keys import Keys

    from washigen.design import loads
    from washigen.games import get_game
    from washigen.studio.offers import balance_games

    def games() -> str:
        return browser.find_element(By.ID, "balance-games").get_attribute("value")

    big = {"players": 3, "long": 3, "segment_rows": 14}
    open_page(browser, server, "game=cats&component=map&seed=1&" + "&".join(f"{k}={v}" for k, v in big.items()))
    # the check's count for the map the page was given (the server's answer was the same count of the same map)
    fits = balance_games(get_game("cats"), loads(json.dumps(browser.execute_script("return window.studioDesign()"))))
    assert fits < 200 and games() == str(fits), games()
    field = browser.find_element(By.ID, "balance-games")
    field.clear()
    field.send_keys("30")
    seed = browser.find_element(By.ID, "seed")
    seed.send_keys(Keys.END, Keys.BACKSPACE, "2")
    wait(browser, lambda d: "seed=2" in d.current_url and shown(d), "seed 2 never shown")
    assert games() == "30"
    Select(browser.find_element(By.ID, "game")).select_by_value("trail-route")
    wait(browser, lambda d: "game=trail-route" in d.current_url and shown(d), "Trail Route never shown")
    Select(browser.find_element(By.ID, "component")).select_by_value("setup")
    wait(browser, lambda d: "component=setup" in d.current_url and shown(d), "the Trail Route setup never shown")
    assert games() == "200"
