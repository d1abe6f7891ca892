"""The studio's bot game speaks the page's language (DESIGN 11): the lines it shows for the moves and how the game
ended were the command line's, English, on the German page too. Each game tells them in German now (its
PlayedGame.lines_in), line for line and indented alike, so the page steps through the same moves; the English page
keeps the lines `GAME play` prints, which stay English as its log file does."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from washigen.cli import main

from .test_languages import COMMAND_WORDS, catalog, english_words, words  # noqa: F401 (fixtures, used by name)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from washigen.studio.app import create_app

LOCAL = "http://127.0.0.1:8765"
SEED = 9
# game -> (what POST /api/design makes, the `play` command's options naming that design's file)
GAMES = {
    "cats": ({"game": "cats", "component": "map", "params": {"players": 2}, "seed": 5}, ["--map"]),
    "cops": ({"game": "cops", "component": "map", "params": {"players": 2}, "seed": 3}, ["--map"]),
    "cat-tree": ({"game": "cat-tree", "component": "play", "seed": 2}, None),
    "trail-route": ({"game": "trail-route", "component": "setup", "seed": 5}, ["--setup"]),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("bot-game-words")), base_url=LOCAL) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def designs(client) -> dict[str, dict]:
    return {name: client.post("/api/design", json=request).json()["design"] for name, (request, _) in GAMES.items()}


def shown(client, design: dict, language: str) -> dict:
    """POST /api/play as the page asks it: in the page's language (Accept-Language)."""
    answer = client.post("/api/play", json={"design": design, "seed": SEED}, headers={"Accept-Language": language})
    assert answer.status_code == 200, answer.text
    return answer.json()


def printed(game: str, design: dict, tmp_path) -> list[str]:
    """The lines `GAME play` prints for the same game (the page drops empty lines)."""
    request, option = GAMES[game]
    if option is None:                        # Cat Tree plays the game of the tree's own seed
        arguments = [game, "play", "--seed", str(request["seed"])]
    else:
        (tmp_path / "design.json").write_text(json.dumps(design), encoding="utf-8")
        arguments = [game, "play", *option, str(tmp_path / "design.json"), "--seed", str(SEED)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.strip()]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_german_pages_bot_game_has_no_english_word(client, designs, english_words, game):
    german = shown(client, designs[game], "de")["lines"]
    left = {line: sorted((words(line) & english_words) - COMMAND_WORDS) for line in german}
    left = {line: found for line, found in left.items() if found}
    assert not left, f"{game}: English words on the German page's lines, first: {next(iter(left.items()))}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_german_lines_step_as_the_english_ones(client, designs, game):
    """The page makes a step of each move on the board (Cats, Cops: a line each, then how it ended) and otherwise
    of each line that is not indented with those indented under it: German lines must fall into the same steps."""
    english, german = (shown(client, designs[game], language) for language in ("en", "de"))
    assert german["board"] == english["board"]
    assert len(german["lines"]) == len(english["lines"])
    assert [line.startswith(" ") for line in german["lines"]] == [line.startswith(" ") for line in english["lines"]]
    assert german["lines"] != english["lines"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_english_page_shows_what_the_play_command_prints(client, designs, tmp_path, game):
    """Unchanged: the English page (and a script that names no language) shows the command's own lines."""
    expected = printed(game, designs[game], tmp_path)
    assert shown(client, designs[game], "en")["lines"] == expected
    answer = client.post("/api/play", json={"design": designs[game], "seed": SEED})
    assert answer.json()["lines"] == expected


def test_the_german_lines_say_the_moves_and_the_end_in_german(client, designs):
    """What the lines say, read at a few places: a Cats move told in words, a Cops squad, a Cat Tree round and its
    total, a Trail Route turn and its cats."""
    cats, cops, tree, trail = (shown(client, designs[game], "de")["lines"]
                               for game in ("cats", "cops", "cat-tree", "trail-route"))
    assert cats[0].startswith("1. Person ") and "Katze " in cats[0] and "Partie 1 (Startwert" in cats[-1]
    assert cops[0].startswith("Trupp 1: ") and "Ramen je Trupp" in cops[-1]
    assert tree[1].startswith("Runde 1, Person 1: zieht ") and tree[-1].startswith("Summe: ")
    assert any(line.startswith("Zug 1 · ") for line in trail) and any("Katze 1 (" in line for line in trail)
