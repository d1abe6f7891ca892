"""Cat Tree on a grid of the user's, from the Python API: `washigen.play("cat-tree", layout)` on an empty layout
plays the game `cat-tree play --map FILE` plays on its grid (it refused every layout: "pass a seed, not a
design"), `washigen.bot_game` steps through it as the studio's board does, and `washigen.balance` counts the same
deals `cat-tree balance --map FILE` does; a layout with cards is refused by both, naming what is wrong, in English
and in German. (The studio's side: tests/test_studio_cat_tree_grid.py.)"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import washigen
from washigen.arena import balance as seat_balance
from washigen.cli import main
from washigen.design import dumps
from washigen.errors import InputError
from washigen.games.cat_tree import playtest
from washigen.games.cat_tree.model import CatTreeLayout

WIDTH, HEIGHT = 5, 6
GRID_TEXT = "\n".join(" ".join("." * WIDTH) for _ in range(HEIGHT)) + "\n"
SEED = 7
WITH_CARDS = "design: Cat Tree builds its tree from the deal; give no design or an empty layout (its grid), not a " \
             "layout with cards"


def cli(*args) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def grid_file(tmp_path):
    """The empty 5 x 6 layout as the command line reads it (layout text)."""
    path = tmp_path / "grid.txt"
    path.write_text(GRID_TEXT)
    return path


def grid() -> CatTreeLayout:
    return CatTreeLayout(width=WIDTH, height=HEIGHT)


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_play_on_an_empty_layout_is_the_command_line_s_game_on_its_grid(grid_file, tmp_path, bots):
    game = washigen.play("cat-tree", grid(), seed=SEED, bots=bots)
    tree_json, tree_text = tmp_path / "tree.json", tmp_path / "tree.txt"
    for out in (tree_json, tree_text):
        cli("cat-tree", "play", "--map", grid_file, "--seed", SEED, "--bots", bots, "-o", out)
    assert dumps(game.layout) == tree_json.read_text("utf-8")
    assert washigen.load(tree_json).cards and (game.layout.width, game.layout.height) == (WIDTH, HEIGHT)
    assert all(1 <= c.row <= HEIGHT and 1 <= c.col <= WIDTH for c in game.layout.cards)
    assert washigen.get_game("cat-tree").to_text(game.layout) == tree_text.read_text("utf-8")
    assert dumps(game.layout) != dumps(washigen.play("cat-tree", seed=SEED, bots=bots).layout)    # the grid tells


def test_the_bot_game_on_an_empty_layout_steps_a_card_at_a_time_through_the_command_s_lines(grid_file):
    """washigen.bot_game (the studio's board): a step a card placed or dismissed, each drawn, and the lines `play
    --map` prints but for its title line (the page names the game)."""
    played = washigen.bot_game(grid(), SEED)
    printed = [line for line in cli("cat-tree", "play", "--map", grid_file, "--seed", SEED).splitlines()
               if line.strip()]
    assert printed[0] == f"Cat Tree? We can handle this! · simulated game · seed {SEED}"
    assert list(played.lines) == printed[1:]
    assert len(played.moves) == len(washigen.play("cat-tree", grid(), seed=SEED).turns) == 16
    assert played.moves == tuple(printed[1:17])
    assert played.draw is not None and len(played.lines_in("de")) == len(played.lines)


def test_balance_on_an_empty_layout_plays_the_deals_the_command_line_plays(grid_file):
    """The API's seats and the command's trees come from the same records: those of the 5 x 6 grid."""
    records = playtest.tree_records("greedy", 10, 3, 1, WIDTH, HEIGHT)
    printed = json.loads(cli("cat-tree", "balance", "--map", grid_file, "--seed", 3, "--games", 10, "--jobs", 1,
                             "--json"))
    assert printed == playtest.summary("greedy", records).to_json()
    expected = seat_balance([playtest.game_record(r) for r in records], 2).to_json()
    assert washigen.balance("cat-tree", grid(), games=10, seed=3).to_json() == expected
    assert washigen.balance("cat-tree", None, games=10, seed=3).to_json() != expected


def test_a_layout_with_cards_is_refused_by_play_and_balance_before_any_game(monkeypatch):
    tree = washigen.play("cat-tree", grid(), seed=SEED).layout

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(playtest, "play_bots", no_game)
    monkeypatch.setattr(playtest, "tree_records", no_game)
    for call in (lambda: washigen.play("cat-tree", tree, seed=1), lambda: washigen.balance("cat-tree", tree, games=4)):
        with pytest.raises(InputError) as refused:
            call()
        assert str(refused.value) == WITH_CARDS
        assert washigen.message(refused.value, "de") == (
            "design: Cat Tree baut seinen Baum aus dem Austeilen; keinen Entwurf oder einen leeren Legeplan (sein "
            "Raster) angeben, nicht einen Legeplan mit Karten")
    with pytest.raises(InputError, match="not a deck"):
        washigen.play("cat-tree", washigen.generate("cat-tree", "deck"))
