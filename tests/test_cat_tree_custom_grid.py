"""`washigen cat-tree play` and `cat-tree balance` on a grid of the user's: --map FILE names an empty layout (text or
.json, read as `cat-tree score` reads one) whose width and height the games are played on, as the API's
balance(design=...) plays them (playtest.grid_of). A layout with cards, a file that cannot be read and a grid whose
games would pass the run's minute are refused, exit 2, before any game."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps, load
from washigen.games.cat_tree import playtest
from washigen.games.cat_tree.model import CatTreeLayout
from washigen.games.cat_tree.playtest import compare, play_bots, summary, tree_records

from .cat_tree_referee import tree_points
from .test_cat_tree_engine import refereed

WIDTH, HEIGHT = 5, 6


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def grid_text(width: int, height: int) -> str:
    return "# an empty grid\n" + "\n".join(" ".join("." * width) for _ in range(height)) + "\n"


@pytest.fixture
def grid(tmp_path):
    """An empty 5 x 6 grid as layout text."""
    path = tmp_path / "grid.txt"
    path.write_text(grid_text(WIDTH, HEIGHT))
    return path


def refused(result, *parts: str) -> None:
    assert result.exit_code == 2, result.output
    assert all(part in result.output for part in parts), result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


# -- the same numbers as the API, on the file's grid ---------------------------------------------------------------

def test_balance_on_a_file_s_grid_prints_the_numbers_of_the_api_on_that_layout_for_every_jobs(grid, tmp_path):
    layout = CatTreeLayout(width=WIDTH, height=HEIGHT)
    as_json = tmp_path / "grid.json"
    as_json.write_text(dumps(layout))
    expected = summary("greedy", tree_records("greedy", 12, 3, 1, *playtest.grid_of(layout))).to_json()
    assert expected != summary("greedy", tree_records("greedy", 12, 3)).to_json()      # the grid tells
    for path, jobs in ((grid, 1), (grid, 2), (as_json, 1)):
        result = run("cat-tree", "balance", "--map", path, "--seed", 3, "--games", 12, "--jobs", jobs, "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output) == expected, (path, jobs)


def test_balance_against_plays_the_same_deals_on_the_file_s_grid(grid):
    width, height = WIDTH, HEIGHT
    expected = compare(tree_records("greedy", 8, 5, 1, width, height),
                       tree_records("random", 8, 5, 1, width, height), "greedy", "random").to_json()
    result = run("cat-tree", "balance", "--map", grid, "--against", "random", "--seed", 5, "--games", 8,
                 "--jobs", 1, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == expected


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_play_on_a_file_s_grid_places_every_card_inside_it(grid, tmp_path, bots):
    """Each tree `play -o` writes, read back: the API's game on the 5 x 6 grid, every card inside the grid, every
    move allowed by the referee on that grid, and `score` agrees with the referee's points."""
    out = tmp_path / "tree.json"
    result = run("cat-tree", "play", "--map", grid, "--seed", 11, "--games", 3, "--bots", bots, "-o", out)
    assert result.exit_code == 0, result.output
    assert f"on a {WIDTH} x {HEIGHT} grid" in result.output
    columns = set()
    for k in range(3):
        written = tmp_path / f"tree-{k + 1:02d}.json"
        tree = load(written)
        game = play_bots(11 + k, bots, k % 2, WIDTH, HEIGHT)
        assert dumps(tree) == dumps(game.layout)
        assert (tree.width, tree.height) == (WIDTH, HEIGHT) and tree.cards
        assert all(1 <= c.row <= HEIGHT and 1 <= c.col <= WIDTH for c in tree.cards), tree.cards
        columns |= {c.col for c in tree.cards}
        assert refereed(game) == tree.grid()
        scored = run("cat-tree", "score", written, "--json")
        assert scored.exit_code == 0, scored.output
        assert json.loads(scored.output)["total"] == tree_points(tree.grid())[0]
    assert max(columns) == WIDTH               # the trees reach the grid's edge: they would go past it on 8 x 8


# -- refusals ----------------------------------------------------------------------------------------------------

def test_a_layout_with_cards_is_refused_naming_the_option_and_the_file(grid, tmp_path):
    tree = tmp_path / "tree.txt"
    assert run("cat-tree", "play", "--map", grid, "--seed", 2, "-o", tree).exit_code == 0
    for command in (("play",), ("balance", "--games", 4), ("balance", "--against", "random", "--games", 4)):
        refused(run("cat-tree", *command, "--map", tree, "--seed", 1),
                f"--map {tree}: Cat Tree builds its tree from the deal", "not a layout with cards")


@pytest.mark.parametrize("command", ["play", "balance"])
def test_a_missing_or_garbled_file_exits_2_naming_it(tmp_path, command):
    garbled_text, garbled_json = tmp_path / "garbled.txt", tmp_path / "garbled.json"
    garbled_text.write_text(". . zz\n. . .\n")
    garbled_json.write_text('{"format": "washigen/1", "game": "cat-tree",')
    deck = tmp_path / "deck.json"
    assert run("cat-tree", "deck", "-o", deck).exit_code == 0
    wide = tmp_path / "wide.txt"
    wide.write_text(grid_text(65, 2))
    refused(run("cat-tree", command, "--map", tmp_path / "missing.txt"), "--map", "missing.txt: no such file")
    refused(run("cat-tree", command, "--map", garbled_text), f"{garbled_text}, line 1", "'zz'")
    refused(run("cat-tree", command, "--map", garbled_json), f"{garbled_json}", "not valid JSON")
    refused(run("cat-tree", command, "--map", deck), f"{deck}", "deck", "not a cat-tree layout")
    refused(run("cat-tree", command, "--map", wide), f"{wide}", "at most 64 x 64")


def test_the_grid_file_is_not_the_output_file(grid):
    refused(run("cat-tree", "play", "--map", grid, "-o", grid), f"--map: {grid} is also the output file")


# -- bounds: a huge grid costs its size in the run-time estimate -------------------------------------------------

def test_a_huge_grid_s_balance_is_refused_by_its_run_time_before_any_game(tmp_path, monkeypatch):
    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")

    huge = tmp_path / "huge.json"
    huge.write_text(dumps(CatTreeLayout(width=64, height=64)))
    monkeypatch.setattr(playtest, "tree_records", no_game)
    monkeypatch.setattr(playtest, "play_bots", no_game)
    refused(run("cat-tree", "balance", "--map", huge, "--games", 200, "--seed", 1),
            "--games 200:", "past the minute a run may take", "at most 148 games fit")
    refused(run("cat-tree", "balance", "--map", huge, "--bots", "strong", "--games", 20, "--seed", 1),
            "--games 20 --bots strong:", "at most 12 games fit")
    refused(run("cat-tree", "play", "--map", huge, "--bots", "strong", "--games", 20, "--seed", 1),
            "--games 20 --bots strong:", "at most 12 games fit")
