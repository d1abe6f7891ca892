"""Bot games on the board, in a real headless Chromium: a Cats and a Cops game replayed move by move on the drawing
(the board's SVG changes from step to step where a move changed it, equals `play -o game.svg` at the last step, and
the finished game downloads as `play -o game.pdf` draws it), and how long a step takes; the map editors: a Cops path
drawn and erased with the report following the rules, a location moved within its zone, a Cats fish drawn on a cell
the set-up rules forbid, reported by its rule id; and no panel that scrolls sideways at 1400 px."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_studio_browser import POINTER_AT_ONCE, browser, click_cell, downloads, server, wait  # noqa: F401
from tests.test_studio_page import axe_violations
from washigen.cli import main
from washigen.design import dumps

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def shown(driver) -> bool:
    status = driver.find_element(By.ID, "status")
    return status.get_attribute("class").strip() == "status" and bool(
        driver.find_elements(By.CSS_SELECTOR, "#preview svg.design"))


def open_design(driver, server, path: Path) -> None:
    """The page, with a design file opened through its upload field."""
    driver.get(f"{server}/?game=cats&component=map&seed=1")
    wait(driver, shown, "the page never showed a drawing")
    driver.find_element(By.ID, "upload").send_keys(str(path))
    wait(driver, lambda d: shown(d) and d.execute_script("return window.studioDesign()?.kind") is not None
         and path.name in d.find_element(By.ID, "status").text, f"{path.name} never opened")


def board_svg(driver) -> str:
    return driver.execute_script("return document.querySelector('#preview svg.design').outerHTML")


def step_label(driver) -> str:
    return driver.find_element(By.ID, "replay-step").text


def go(driver, button: str, expected_step: str) -> str:
    """Presses a stepping button and waits for the board of that step; returns its SVG."""
    count = len(driver.execute_script("return window.studioStepTimes()"))
    driver.find_element(By.ID, button).click()
    wait(driver, lambda d: expected_step in step_label(d) and len(d.execute_script(
        "return window.studioStepTimes()")) > count, f"{button}: step {expected_step} never drawn")
    return board_svg(driver)


@pytest.mark.parametrize("game,made_by", [
    ("cats", ("cats", "setup", "--players", "2", "--seed", "5")),
    ("cops", ("cops", "map", "--players", "2", "--seed", "3")),
])
def test_a_bot_game_replays_on_the_board_move_by_move(server, browser, downloads, tmp_path, game, made_by):
    design_file = tmp_path / f"{game}-design.json"
    cli(*made_by, "-o", design_file)
    open_design(browser, server, design_file)
    seed = browser.find_element(By.ID, "seed").get_attribute("value")
    browser.find_element(By.ID, "replay").click()
    wait(browser, lambda d: d.execute_script("return window.studioOnBoard()") and "after move" in step_label(d),
         "the game never came on the board")
    moves = int(step_label(browser).split(" of ")[1])
    last = browser.execute_script("return window.studioBoardSvg()")
    expected = tmp_path / "game.svg"
    cli(game, "play", "--map", design_file, "--seed", seed, "-o", expected)
    assert last == expected.read_text("utf-8"), "the board at the last step is not `play -o game.svg`"

    boards = [go(browser, "replay-first", "start")]
    for step in range(1, 4):
        boards.append(go(browser, "replay-next", f"after move {step} of"))
    assert all(a != b for a, b in zip(boards, boards[1:])), "a move left the board as it was"
    assert go(browser, "replay-back", "after move 2 of") == boards[2]
    assert go(browser, "replay-last", f"after move {moves} of") != boards[3]
    lines = browser.find_element(By.ID, "replay-lines").text.splitlines()
    assert lines[-1].startswith("game 1 "), lines[-3:]

    browser.find_element(By.ID, "game-pdf").click()
    pdf = tmp_path / "game.pdf"
    cli(game, "play", "--map", design_file, "--seed", seed, "--lang", "en", "-o", pdf)
    name = f"{game}-game-{json.loads(design_file.read_text())['seed']}-{seed}.pdf"
    wait(browser, lambda d: (downloads / name).exists() and (downloads / name).stat().st_size > 0,
         f"{name} never downloaded")
    assert (downloads / name).read_bytes() == pdf.read_bytes()

    assert axe_violations(browser) == [], "axe-core finds a violation on the board"

    browser.find_element(By.ID, "replay-close").click()
    wait(browser, lambda d: not d.execute_script("return window.studioOnBoard()"), "the design never came back")
    assert browser.find_element(By.ID, "board-bar").get_attribute("hidden") is not None


# A step of Cats is one replay and drawing on the server (~50 ms); a Cops drawing places every word of the map again
# (~350 ms). The page asks for the next step while one is shown, so stepping forward rarely waits; stepping back
# from the last move asks for a drawing the page has not seen. The times are printed (-s), not judged: a loaded
# machine would make a bound flaky, and speed is measured in bench/.
@pytest.mark.parametrize("game", ["cats", "cops"])
def test_every_step_back_and_forward_is_drawn_and_timed(server, browser, tmp_path, game):
    design_file = tmp_path / f"{game}-map.json"
    cli(game, "map", "--players", "2", "--seed", "5", "-o", design_file)
    open_design(browser, server, design_file)
    browser.find_element(By.ID, "replay").click()
    wait(browser, lambda d: d.execute_script("return window.studioOnBoard()") and "after move" in step_label(d),
         "the game never came on the board")
    moves = int(step_label(browser).split(" of ")[1])
    assert moves > 10, f"a game of {moves} moves is too short to time 10 steps"
    timed = {}
    for direction, button, steps in (("back", "replay-back", range(moves - 1, moves - 11, -1)),
                                     ("forward", "replay-next", range(moves - 9, moves + 1))):
        browser.execute_script("window.studioStepTimes().length = 0")
        for step in steps:
            go(browser, button, f"after move {step} of")
        timed[direction] = browser.execute_script("return window.studioStepTimes()")
    for direction, times in timed.items():
        print(f"{game} board step {direction}: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms "
              f"over {len(times)}")
    assert len(timed["back"]) == 10 and len(timed["forward"]) == 10, timed


@pytest.mark.parametrize("query", ["game=cats&component=setup&seed=5", "game=trail-route&component=setup&seed=1",
                                   "game=cat-tree&component=deck"])
def test_no_panel_scrolls_sideways_at_1400_px(server, browser, query):
    """The browser here draws classic scrollbars, so a panel whose content is wider than its room shows one."""
    browser.set_window_size(1400, 900)
    browser.get(f"{server}/?{query}")
    wait(browser, shown, f"{query} never showed")
    browser.execute_script("document.getElementById('print-box').open = true")
    for panel in (".controls", ".side", ".stage"):
        wide, room = browser.execute_script(
            "const p = document.querySelector(arguments[0]); return [p.scrollWidth, p.clientWidth]", panel)
        assert wide <= room, f"{panel} is {wide} px wide in {room} px: it scrolls sideways"


# -- the map editors -----------------------------------------------------------------------------------------------

def click_mm(driver, x: float, y: float) -> None:
    """A real mouse click at (x, y) mm of the drawing, through the drawing's own screen transform; the pointer goes
    there at once (the page edits on the press: selenium's 250 ms of travel only passed the time)."""
    svg = driver.find_element(By.CSS_SELECTOR, "#preview svg.design")
    px, py, width, height = driver.execute_script("""
        const [svg, x, y] = arguments;
        const m = svg.getScreenCTM(), box = svg.getBoundingClientRect();
        return [m.a * x + m.e - box.left, m.d * y + m.f - box.top, box.width, box.height];""", svg, x, y)
    pointer = ActionChains(driver, duration=POINTER_AT_ONCE)
    pointer.move_to_element_with_offset(svg, px - width / 2, py - height / 2).click().perform()


def choose_tool(driver, tool_id: str) -> None:
    Select(driver.find_element(By.ID, "tool")).select_by_value(tool_id)


def page_rules(driver) -> list[tuple]:
    """The page's report: (rule, where) of every violation, as the server last answered it."""
    report = driver.execute_script("return window.studioReport()")
    return sorted((v["rule"], json.dumps(v["where"], sort_keys=True)) for v in report["violations"])


def rules_of(design) -> list[tuple]:
    from washigen import api

    return sorted((v.rule, json.dumps(v.to_dict()["where"], sort_keys=True)) for v in api.validate(design))


def wait_report(driver, expected: list[tuple], what: str) -> None:
    wait(driver, lambda d: shown(d) and page_rules(d) == expected, f"{what}: the report never became {expected}")


def crossing_path(design):
    """Two locations of segment 1 whose straight path (centre to centre) crosses another path, the map with it,
    and a point on the new path farther than 1.5 paths' widths from every other path and off every location."""
    import dataclasses

    from washigen.games.cops.model import PATH_WIDTH, End, Path as CopsPath, scale_for

    segment = design.segments[0]
    locations = segment.locations
    reach = PATH_WIDTH * scale_for(design.tape_width) * 1.5
    for a in locations:
        for b in locations:
            if a.id >= b.id:
                continue
            path = CopsPath(a=End(location=a.id), b=End(location=b.id), points=(a.centre, b.centre))
            edited = dataclasses.replace(design, segments=(dataclasses.replace(
                segment, paths=segment.paths + (path,)),) + design.segments[1:])
            if "cops.path.crossing" not in {rule for rule, _ in rules_of(edited)}:
                continue
            for t in (0.3, 0.4, 0.6, 0.7, 0.35, 0.65):
                point = (a.centre[0] + t * (b.centre[0] - a.centre[0]), a.centre[1] + t * (b.centre[1] - a.centre[1]))
                if all(min_distance(other.points, point) > reach for other in segment.paths) and not any(
                        l.x <= point[0] <= l.x + l.w and l.y <= point[1] <= l.y + l.h for l in locations):
                    return a, b, edited, point
    raise AssertionError("no crossing path to draw on this map")


def min_distance(points, p) -> float:
    import math

    best = math.inf
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        vx, vy = bx - ax, by - ay
        length = vx * vx + vy * vy
        t = max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / length)) if length else 0.0
        best = min(best, math.hypot(ax + t * vx - p[0], ay + t * vy - p[1]))
    return best


def cops_map_file(tmp_path: Path):
    from washigen import api

    design = api.generate("cops", "map", players=2, seed=1)
    path = tmp_path / "cops-map.json"
    path.write_text(dumps(design), encoding="utf-8")
    return design, path


def test_a_cops_path_drawn_and_erased_moves_the_report_as_the_rules_say(server, browser, tmp_path):
    design, path = cops_map_file(tmp_path)
    a, b, edited, on_new_path = crossing_path(design)
    before, after = rules_of(design), rules_of(edited)
    assert "cops.path.crossing" in {rule for rule, _ in after} - {rule for rule, _ in before}

    open_design(browser, server, path)
    wait_report(browser, before, "the map as made")
    choose_tool(browser, "cops:path")
    click_mm(browser, *a.centre)
    click_mm(browser, *b.centre)
    wait_report(browser, after, f"a path from {a.id} to {b.id}")
    drawn = browser.execute_script("return window.studioDesign()")["segments"][0]["paths"][-1]
    assert (drawn["a"]["location"], drawn["b"]["location"]) == (a.id, b.id)
    assert axe_violations(browser) == [], "axe-core finds a violation in the Cops editor"

    choose_tool(browser, "cops:erase")
    click_mm(browser, *on_new_path)
    wait_report(browser, before, "the path erased")
    assert browser.execute_script("return window.studioDesign()")["segments"][0]["paths"] == \
        json.loads(dumps(design))["segments"][0]["paths"]


def test_a_cops_location_moves_only_within_its_zone(server, browser, tmp_path):
    design, path = cops_map_file(tmp_path)
    open_design(browser, server, path)
    first = design.segments[0].zones[0].locations[0]
    choose_tool(browser, "cops:move")
    click_mm(browser, *first.centre)
    click_mm(browser, design.segments[0].gravestones + 30, first.centre[1])     # into zone 2: held at its edge
    wait(browser, lambda d: shown(d) and d.execute_script(
        "return window.studioDesign().segments[0].zones[0].locations[0].x") != first.x, "the location never moved")
    moved = browser.execute_script("return window.studioDesign()")["segments"][0]["zones"][0]["locations"][0]
    assert first.x < moved["x"] and moved["x"] + moved["w"] <= design.segments[0].gravestones + 1e-6
    shift = moved["x"] - first.x
    assert [area["x"] for area in moved["areas"]] == pytest.approx([area.x + shift for area in first.areas], abs=0.02)
    assert "cops.location.placement" not in {rule for rule, _ in page_rules(browser)}


def test_a_fish_drawn_on_a_sewer_is_reported_by_its_rule(server, browser, tmp_path):
    path = tmp_path / "cats-setup.json"
    cli("cats", "setup", "--players", "2", "--seed", "5", "-o", path)
    setup = json.loads(path.read_text())
    sewer = next(s for s in setup["map"]["grid"]["sewers"] if s["row"] == 1)
    fish = next(f for f in setup["fish"] if f["player"] == 1 and f["row"] == 1)
    open_design(browser, server, path)
    assert not any(rule.startswith("cats.setup.") for rule, _ in page_rules(browser))

    choose_tool(browser, "draw:remove")
    click_cell(browser, fish["row"], fish["col"], POINTER_AT_ONCE)
    count = ("cats.setup.fish-count", json.dumps({"cell": [1, 1]}))
    wait(browser, lambda d: shown(d) and count in page_rules(d), "a fish taken away: the count never told")
    choose_tool(browser, "draw:fish:1")
    click_cell(browser, sewer["row"], sewer["col"], POINTER_AT_ONCE)
    blocked = ("cats.setup.blocked-cell", json.dumps({"cell": [sewer["row"], sewer["col"]]}))
    wait(browser, lambda d: shown(d) and blocked in page_rules(d), "a fish on a sewer was never reported")
    assert count not in page_rules(browser)
    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda d: shown(d) and blocked not in page_rules(d), "undone, the sewer's fish stayed reported")
