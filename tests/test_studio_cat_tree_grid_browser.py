"""An empty Cat Tree layout opened in the studio, in a real headless Chromium: its bot game (it was not offered) is
dealt on the file's 5 x 6 grid with the page's seed and replayed a card at a time on the board, the tree growing
inside that grid alone; its last step is `cat-tree play --map FILE --seed SEED -o tree.svg` and Game PDF downloads
`-o tree.pdf`, byte for byte; the balance panel estimates it on that grid. (Over HTTP:
tests/test_studio_cat_tree_grid.py.)"""

from __future__ import annotations

import json

from selenium.webdriver.common.by import By

from tests.test_studio_board import cli, go, open_design, step_label
from tests.test_studio_browser import browser, downloads, server, wait  # noqa: F401

WIDTH, HEIGHT = 5, 6

# Each card drawn on the board (a <use> of a structure's symbol), as its box in the drawing's mm.
CARD_BOXES = """
const svg = document.querySelector('#preview svg.design');
const root = svg.getScreenCTM().inverse();
return [...svg.querySelectorAll('use')].map((use) => {
  const box = use.getBoundingClientRect();
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(root);
  const [a, b] = [corner(box.left, box.top), corner(box.right, box.bottom)];
  return [a.x, a.y, b.x, b.y];
});
"""


def inside_the_grid(boxes: list[list[float]], grid: dict) -> bool:
    """Every box within the cells of the grid the page was given (its geometry: the top-left cell and the pitch)."""
    right = grid["x"] + (grid["cols"] - 1) * grid["pitch_x"] + grid["w"]
    bottom = grid["y"] + (grid["rows"] - 1) * grid["pitch_y"] + grid["h"]
    slack = 0.5                                     # mm: a symbol's stroke may stand on its cell's edge
    return all(grid["x"] - slack <= x0 and x1 <= right + slack and grid["y"] - slack <= y0 and y1 <= bottom + slack
               for x0, y0, x1, y1 in boxes)


def test_an_empty_layout_s_bot_game_grows_the_tree_on_its_grid_and_downloads_as_the_command(
        server, browser, downloads, tmp_path):  # noqa: F811
    grid_file = tmp_path / "grid.txt"
    grid_file.write_text("\n".join(" ".join("." * WIDTH) for _ in range(HEIGHT)) + "\n")
    open_design(browser, server, grid_file)
    assert not browser.find_element(By.ID, "replay-box").get_attribute("hidden"), "no bot game offered"
    assert not browser.find_element(By.ID, "balance-box").get_attribute("hidden"), "no balance offered"
    grid = browser.execute_script("return window.studioGeometry()")
    assert (grid["cols"], grid["rows"]) == (WIDTH, HEIGHT)
    seed = browser.find_element(By.ID, "seed").get_attribute("value") or "0"     # the file names none: 0

    browser.find_element(By.ID, "replay").click()
    wait(browser, lambda d: d.execute_script("return window.studioOnBoard()") and "after move" in step_label(d),
         "the game never came on the board")
    moves = int(step_label(browser).split(" of ")[1])
    tree_svg, tree_json = tmp_path / "tree.svg", tmp_path / "tree.json"
    cli("cat-tree", "play", "--map", grid_file, "--seed", seed, "-o", tree_svg)
    cli("cat-tree", "play", "--map", grid_file, "--seed", seed, "-o", tree_json)
    assert browser.execute_script("return window.studioBoardSvg()") == tree_svg.read_text("utf-8")
    placed = json.loads(tree_json.read_text())["cards"]
    assert moves == 16 and placed
    finished = browser.execute_script(CARD_BOXES)
    assert finished and inside_the_grid(finished, grid), finished

    go(browser, "replay-first", "start")
    assert browser.execute_script(CARD_BOXES) == [], "cards on the board before the first move"
    go(browser, "replay-next", "after move 1 of")
    first = browser.execute_script(CARD_BOXES)
    assert first and inside_the_grid(first, grid) and len(first) < len(finished)

    browser.find_element(By.ID, "game-pdf").click()
    pdf = tmp_path / "tree.pdf"
    cli("cat-tree", "play", "--map", grid_file, "--seed", seed, "--lang", "en", "-o", pdf)
    name = f"cat-tree-game-{seed}.pdf"
    wait(browser, lambda d: (downloads / name).exists() and (downloads / name).stat().st_size > 0,
         f"{name} never downloaded")
    assert (downloads / name).read_bytes() == pdf.read_bytes()

    browser.find_element(By.ID, "replay-close").click()
    wait(browser, lambda d: not d.execute_script("return window.studioOnBoard()"), "the layout never came back")
    browser.find_element(By.ID, "balance-games").clear()
    browser.find_element(By.ID, "balance-games").send_keys("10")
    browser.find_element(By.ID, "balance").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#balance-result table.balance-table"),
         "the balance never showed")
