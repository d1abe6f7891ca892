"""Cat Tree on a grid of the user's, in the studio (through its HTTP API, as the page asks): an empty layout
opened there is offered a bot game and a balance estimate (it was refused both: "has no seed", or "changed since"
where it kept one); the bot game is the one `cat-tree play --map FILE --seed SEED` plays on its grid, stepped a card
at a time on the board, its last step and its download byte for byte the command's `-o tree.svg` / `-o tree.pdf`;
the balance is washigen.balance's on that layout. A layout with cards is still refused, saying what is wrong, in
the page's language. (The API's side: tests/test_cat_tree_grid_surfaces.py.)"""

from __future__ import annotations

import json

import pytest

import washigen
from washigen.design import dumps
from washigen.games import get_game
from washigen.games.cat_tree.model import CatTreeLayout
from washigen.i18n import translator
from washigen.studio.api import design_of, refusal

from .test_cat_tree_grid_surfaces import GRID_TEXT, HEIGHT, SEED, WIDTH, cli, grid_file  # noqa: F401
from .test_studio_api import client, workdir  # noqa: F401

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def opened(client):  # noqa: F811
    """The empty 5 x 6 layout as the page holds it after opening grid.txt."""
    answer = client.post("/api/validate?name=grid.txt&page=0", content=GRID_TEXT.encode())
    assert answer.status_code == 200, answer.text
    return answer.json()


def played_tree(tmp_path, grid_file, suffix: str, *options) -> bytes:
    out = tmp_path / f"tree{suffix}"
    cli("cat-tree", "play", "--map", grid_file, "--seed", SEED, *options, "-o", out)
    return out.read_bytes()


def test_an_opened_empty_layout_is_offered_a_bot_game_and_a_balance(opened):
    assert (opened["design"]["width"], opened["design"]["height"], opened["design"]["cards"]) == (WIDTH, HEIGHT, [])
    assert opened["playable"] == {"play": True, "balance": True}
    assert opened["balance_games"] == 200


def test_its_bot_game_is_the_command_s_game_on_its_grid_stepped_a_card_at_a_time(client, opened, grid_file,  # noqa: F811
                                                                                 tmp_path):
    design = opened["design"]
    answer = client.post("/api/play", json={"design": design, "seed": SEED})
    assert answer.status_code == 200, answer.text
    printed = [line for line in cli("cat-tree", "play", "--map", grid_file, "--seed", SEED).splitlines()
               if line.strip()]
    assert answer.json()["board"] == {"moves": 16}
    assert answer.json()["lines"] == printed[1:]          # the command's lines, its title left to the page
    german = client.post("/api/play", json={"design": design, "seed": SEED}, headers=GERMAN).json()["lines"]
    assert german[0].startswith("Runde 1, Person 1: zieht ") and german[-1].startswith("Summe: ")

    boards = [client.post("/api/board", json={"design": design, "seed": SEED, "step": step}).json()["svg"]
              for step in (0, 1, 2, 16)]
    assert len(set(boards)) == 4, "a step left the tree as it was"
    assert boards[-1] == played_tree(tmp_path, grid_file, ".svg").decode("utf-8")

    pdf = client.post("/api/game?format=pdf", json={"design": design, "seed": SEED, "options": {"lang": "en"}})
    assert pdf.status_code == 200, pdf.text
    assert pdf.content == played_tree(tmp_path, grid_file, ".pdf", "--lang", "en")
    assert 'filename="cat-tree-game-7.pdf"' in pdf.headers["content-disposition"]
    german_pdf = client.post("/api/game?format=pdf", json={"design": design, "seed": SEED, "options": {"lang": "de"}})
    assert german_pdf.content == played_tree(tmp_path, grid_file, ".pdf", "--lang", "de")


def test_an_empty_layout_that_keeps_a_seed_is_dealt_on_with_the_page_s_seed(client, opened):  # noqa: F811
    """An empty layout saved with a seed is a grid all the same: its game is the one of the seed the page asks."""
    design = {**opened["design"], "seed": 3}
    assert client.post("/api/validate?name=grid.json", content=json.dumps(design).encode()).json()["playable"] == \
        {"play": True, "balance": True}
    lines = client.post("/api/play", json={"design": design, "seed": SEED}).json()["lines"]
    assert lines == list(washigen.bot_game(CatTreeLayout(width=WIDTH, height=HEIGHT), SEED).lines)


def test_its_balance_is_the_api_s_on_that_layout(client, opened):  # noqa: F811
    run = {"design": opened["design"], "games": 6, "seed": 1}
    answer = client.post("/api/balance", json=run)
    assert answer.status_code == 200, answer.text
    layout = CatTreeLayout(width=WIDTH, height=HEIGHT)
    assert answer.json() == washigen.balance("cat-tree", layout, games=6, seed=1).to_json()
    assert answer.json() != washigen.balance("cat-tree", None, games=6, seed=1).to_json()
    assert client.post("/api/balance/chart?format=svg", json=run).status_code == 200


def test_a_dealt_tree_still_replays_the_game_that_built_it(client):  # noqa: F811
    made = client.post("/api/design", json={"game": "cat-tree", "component": "play", "seed": 3}).json()
    assert made["playable"] == {"play": True, "balance": True}
    answer = client.post("/api/play", json={"design": made["design"], "seed": SEED}).json()
    assert answer["board"] is None and answer["lines"][0].endswith("seed 3")


def test_a_layout_with_cards_is_refused_saying_it_is_not_empty_in_the_page_s_language(client, opened):  # noqa: F811
    tree = json.loads(dumps(washigen.play("cat-tree", CatTreeLayout(width=WIDTH, height=HEIGHT), seed=SEED).layout))
    for design, told in (({**tree, "seed": None}, "this one is not empty and has no seed"),
                         (tree, "this one is not empty and was changed since")):
        checked = client.post("/api/validate?name=tree.json", content=json.dumps(design).encode()).json()
        assert checked["playable"] == {"play": False, "balance": False}
        reason = refusal(get_game("cat-tree"), design_of({"design": design}), "play")
        for path, body in (("/api/play", {"design": design, "seed": 1}),
                           ("/api/balance", {"design": design, "games": 4, "seed": 1}),
                           ("/api/balance/chart?format=svg", {"design": design, "games": 4, "seed": 1})):
            english = client.post(path, json=body)
            assert english.status_code == 409, (path, english.text)
            said = english.json()["error"]
            assert "played on an empty layout (its grid)" in said and said.endswith(told), said
            german = client.post(path, json=body, headers=GERMAN)
            assert german.status_code == 409 and german.json()["error"] == translator("de").says(reason)
