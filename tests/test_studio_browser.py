"""The studio page in a real headless Chromium (Debian's chromium and chromium-driver, driven by selenium): load,
change the player count, paint a Cats cell that breaks a rule and see it listed and marked, undo, download a PDF
and read its page size, and no error in the browser's console. One browser and one server for the module."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.readback import page_size_mm, pdf_pages
from tests.studio_server import served
from tests.test_studio_api import broken_map
from washigen.games import get_game

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip("no chromium and chromedriver here (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAIT_S = 20
# How often a wait asks again: selenium asks every 0.5 s, and the page is mostly ready within a tenth of that, so each
# wait lost a quarter of a second on average (a board test waits once for every step through a game).
POLL_S = 0.02
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1400,900")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("studio-server")) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def downloads(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="washigen-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait(driver, condition, message: str):
    # A condition that reads an element the page is just drawing anew (the preview) is asked again, not failed.
    return WebDriverWait(driver, WAIT_S, poll_frequency=POLL_S,
                         ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d), message)


def finished_downloads(folder: Path, pattern: str) -> list[Path]:
    """The files matching `pattern` that Chromium has finished writing. It reserves a download's name with an empty
    file while it writes a .crdownload beside it, then moves that over it: a file read before then is empty."""
    finished = []
    for path in folder.glob(pattern):
        try:
            if path.suffix != ".crdownload" and path.stat().st_size > 0:
                finished.append(path)
        except FileNotFoundError:          # moved away between the listing and the look
            pass
    return finished


def ready(driver) -> bool:
    return driver.find_element(By.ID, "status").text.startswith(("Ready", "Edited"))


def drawing_width(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "#preview svg.design").get_attribute("width")


# How long a click's pointer takes to get there: selenium's default, 250 ms, passes over the cells between; the page
# edits on the press (stage_input.js), so a pointer moved at once (POINTER_AT_ONCE) makes the same edit sooner.
POINTER_MOVE_MS = 250
POINTER_AT_ONCE = 0


def click_cell(driver, row: int, col: int, move_ms: int = POINTER_MOVE_MS) -> None:
    """A real mouse click in the middle of a map cell: the cell's mm (from the page's geometry) to screen px; the
    pointer moves there in `move_ms`."""
    svg = driver.find_element(By.CSS_SELECTOR, "#preview svg.design")
    x, y, width, height = driver.execute_script("""
        const [svg, row, col] = arguments;
        const g = window.studioGeometry();
        const m = svg.getScreenCTM(), box = svg.getBoundingClientRect();
        const x = g.x + (col - 1) * g.pitch_x + g.w / 2, y = g.y + (row - 1) * g.pitch_y + g.h / 2;
        return [m.a * x + m.e - box.left, m.d * y + m.f - box.top, box.width, box.height];""", svg, row, col)
    pointer = ActionChains(driver, duration=move_ms)
    pointer.move_to_element_with_offset(svg, x - width / 2, y - height / 2).click().perform()


def test_the_page_makes_edits_checks_and_prints(server, browser, downloads, tmp_path):
    browser.get(f"{server}/?game=cats&component=map&seed=1")
    wait(browser, lambda d: ready(d) and d.find_elements(By.CSS_SELECTOR, "#preview svg.design"),
         "the first map never showed")
    assert browser.find_element(By.ID, "report-summary").text == "Valid: no rule broken"
    two_players = drawing_width(browser)

    players = browser.find_element(By.ID, "param-players")
    players.clear()
    players.send_keys("4")
    wait(browser, lambda d: ready(d) and drawing_width(d) != two_players, "the preview did not follow the players")
    assert float(drawing_width(browser)[:-2]) > float(two_players[:-2])       # two segments a side: wider
    assert "players=4" in browser.current_url and "seed=1" in browser.current_url

    players.clear()
    players.send_keys("2")
    wait(browser, lambda d: ready(d) and drawing_width(d) == two_players, "back to 2 players")
    Select(browser.find_element(By.ID, "tool")).select_by_value("paint:J")
    click_cell(browser, 2, 4)                 # a shrine shuts the door of the building below it
    broken = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR,
                                                     "#violations button[data-rule='cats.building.no-opening']"),
                  "painting a shrine did not report the shut building")[0]
    summary = browser.find_element(By.ID, "report-summary").text
    counts = re.fullmatch(r"Invalid: (\d+) (errors?), (\d+) (warnings?)", summary)         # "1 error", "2 errors"
    assert counts and (counts[2] == "error") == (counts[1] == "1") and (counts[4] == "warning") == (counts[3] == "1"), \
        summary
    index = broken.get_attribute("data-index")
    mark = browser.find_element(By.CSS_SELECTOR, f"#studio-marks rect.mark[data-index='{index}']")
    x, y = float(mark.get_attribute("x")), float(mark.get_attribute("y"))
    assert abs(x - 15.0) < 1 and abs(y - 15.0) < 1                    # cell (3, 4): 5 mm cells under a 5 mm band
    broken.click()
    assert "selected" in browser.find_element(By.CSS_SELECTOR,
                                              f"#studio-marks rect[data-index='{index}']").get_attribute("class")
    browser.save_screenshot(str(tmp_path / "studio.png"))

    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda d: d.find_element(By.ID, "report-summary").text == "Valid: no rule broken",
         "undo did not clear the report")
    assert browser.find_elements(By.CSS_SELECTOR, "#violations li") == []

    # real size: 1 mm of the part is 1 CSS mm (96 px an inch) until calibrated; a ruler read as 50 mm doubles it
    width_mm = float(drawing_width(browser)[:-2])
    browser.find_element(By.ID, "zoom-real").click()
    shown = browser.find_element(By.CSS_SELECTOR, "#preview svg.design").rect["width"]
    assert abs(shown - width_mm * 96 / 25.4) < 1.5
    browser.find_element(By.ID, "calibrate").click()
    ruler = browser.find_element(By.ID, "ruler-length")
    ruler.clear()
    ruler.send_keys("50")
    browser.find_element(By.ID, "calibration-done").click()
    shown = browser.find_element(By.CSS_SELECTOR, "#preview svg.design").rect["width"]
    assert abs(shown - 2 * width_mm * 96 / 25.4) < 3
    browser.execute_script("localStorage.clear()")
    browser.find_element(By.ID, "zoom-fit").click()

    browser.find_element(By.CSS_SELECTOR, "#print-box summary").click()
    Select(browser.find_element(By.ID, "print-paper")).select_by_value("a4")
    browser.find_element(By.CSS_SELECTOR, "button[data-format='pdf']").click()
    pdf = wait(browser, lambda d: finished_downloads(downloads, "*.pdf"), "no PDF was downloaded")[0]
    assert pdf.name == "cats-map-1.pdf"
    width, height = page_size_mm(pdf_pages(pdf)[0])
    assert sorted((round(width, 1), round(height, 1))) == [210.0, 297.0]

    # a design file opened from disk: the text form of a map whose shrine shuts a building
    broken = tmp_path / "broken.txt"
    broken.write_text(get_game("cats").to_text(broken_map()), encoding="utf-8")
    browser.find_element(By.ID, "upload").send_keys(str(broken))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR,
                                            "#violations button[data-rule='cats.building.no-opening']"),
         "the opened file's violation was not listed")
    assert browser.find_element(By.ID, "status").text == "Opened broken.txt"

    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def test_a_parameter_that_is_no_part_of_the_design_is_shown_but_not_editable(server, browser):
    """`cat-tree play`'s bots change the command line's game, not the tree the studio shows: the server refuses
    them changed, so the form shows them at their default, disabled, and says where they are given."""
    browser.get(f"{server}/?game=cat-tree&component=play&seed=1")
    wait(browser, lambda d: ready(d) and d.find_elements(By.ID, "param-bots"), "the Cat Tree game never showed")
    bots = browser.find_element(By.ID, "param-bots")
    assert bots.get_attribute("disabled") == "true"
    assert "Command line only" in browser.find_element(By.ID, "param-bots-help").text
    assert browser.find_element(By.ID, "param-games").get_attribute("disabled") == "true"
    browser.get(f"{server}/?game=cat-tree&component=deck")          # the deck's options are its design's
    wait(browser, lambda d: ready(d) and d.find_elements(By.ID, "param-card"), "the deck never showed")
    assert browser.find_element(By.ID, "param-card").get_attribute("disabled") is None
    assert "Command line only" not in browser.find_element(By.ID, "param-card-help").text


EDIT_AT_RANDOM = """
const [game, component, seed, edits, done] = arguments;
(async () => {
  const editor = await import("/static/editor.js");
  const post = (url, body) => fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)});
  const made = await (await post("/api/design", {game, component, seed})).json();
  let design = made.design;
  const geometry = made.geometry;
  const tools = editor.toolsFor(design, geometry);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const answers = [];
  let changed = 0;
  for (let k = 0; k < edits; k++) {
    const tool = tools[Math.floor(random() * tools.length)];
    const cell = () => ({row: 1 + Math.floor(random() * geometry.rows), col: 1 + Math.floor(random() * geometry.cols),
                         dx: random(), dy: random()});
    const next = tool.apply(design, cell(), cell());
    if (next) { design = next; changed++; }
    if (k % 10 === 9) {
      const response = await fetch("/api/validate?name=edited.json&svg=0", {method: "POST",
                                   body: JSON.stringify(design)});
      answers.push([response.status, (await response.json()).error || ""]);
    }
  }
  done({original: made.design, edited: design, answers, changed, tools: tools.map((t) => t.id)});
})().catch((error) => done({error: String(error)}));
"""


@pytest.mark.parametrize("game,component", [("cats", "map"), ("cat-tree", "play"), ("trail-route", "setup")])
def test_the_page_editors_never_make_an_unreadable_design(server, browser, game, component):
    """Random edits with every tool, the edited design sent to the server's loader every ten: it always reads."""
    browser.get(f"{server}/static/index.html")
    browser.set_script_timeout(60)
    result = browser.execute_async_script(EDIT_AT_RANDOM, game, component, 7, 120)
    assert "error" not in result, result.get("error")
    assert result["tools"] and result["changed"] > 10
    assert [status for status, _ in result["answers"]] == [200] * 12, result["answers"]
    if game == "trail-route":                   # swapping keeps every tile, only their places change
        def tiles(design):
            return sorted(code for row in design["road"] for code in row)
        assert tiles(result["edited"]) == tiles(result["original"]) and result["edited"] != result["original"]


def test_every_part_of_every_game_loads_without_a_console_error(server, browser):
    from washigen.studio.api import games_listing

    browser.get_log("browser")                               # start from a clean log
    for game in games_listing()["games"]:
        for component in game["components"]:
            browser.get(f"{server}/?game={game['name']}&component={component['name']}&seed=2")
            wait(browser, lambda d: ready(d) and d.find_elements(By.CSS_SELECTOR, "#preview svg.design"),
                 f"{game['name']} {component['name']} never showed")
            fields = browser.find_elements(By.CSS_SELECTOR, "#params .field")
            assert [f.get_attribute("data-param") for f in fields] == [p["name"] for p in component["params"]]
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_quick_undos_and_redos_step_through_every_edit(server, browser):
    from selenium.webdriver.common.keys import Keys

    browser.get(f"{server}/?game=cats&component=map&seed=1")
    wait(browser, lambda d: ready(d) and d.find_elements(By.CSS_SELECTOR, "#preview svg.design"), "no map")
    original = browser.execute_script("return window.studioDesign()")
    Select(browser.find_element(By.ID, "tool")).select_by_value("sewer")
    for col in (10, 12, 14):                   # three street cells of row 1 get a sewer each
        click_cell(browser, 1, col)
        wait(browser, ready, "an edit was not checked")
    edited = browser.execute_script("return window.studioDesign()")
    assert len(edited["grid"]["sewers"]) == len(original["grid"]["sewers"]) + 3
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(3):                         # without waiting for the server in between
        body.send_keys(Keys.CONTROL, "z")
    wait(browser, lambda d: ready(d) and d.execute_script("return window.studioDesign()") == original,
         "three undos did not give back the generated map")
    for _ in range(3):
        body.send_keys(Keys.CONTROL, Keys.SHIFT, "z")
    wait(browser, lambda d: ready(d) and d.execute_script("return window.studioDesign()") == edited,
         "three redos did not give back the edits")
    assert browser.find_element(By.ID, "redo").get_attribute("disabled") == "true"


def test_the_language_changes_the_preview_and_stays_in_the_link(server, browser):
    browser.get(f"{server}/?game=cats&component=map&seed=1")
    wait(browser, lambda d: ready(d) and d.find_elements(By.CSS_SELECTOR, "#preview svg.design"), "no map")
    assert "seed 1 ·" in browser.find_element(By.ID, "preview").get_attribute("innerHTML")
    Select(browser.find_element(By.ID, "lang")).select_by_value("de")
    wait(browser, lambda d: "Startwert 1 ·" in d.find_element(By.ID, "preview").get_attribute("innerHTML"),
         "the preview did not turn German")
    assert "lang=de" in browser.current_url
    browser.get(browser.current_url)
    wait(browser, lambda d: "Startwert 1 ·" in d.find_element(By.ID, "preview").get_attribute("innerHTML"),
         "a link with lang=de did not give the German preview")
