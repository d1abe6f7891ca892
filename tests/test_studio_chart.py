"""The balance chart in the studio: POST /api/balance/chart draws the run the page has just played, byte for byte
what `washigen GAME balance ... -o chart.svg` (or .pdf) writes for the same design, seed and games, in the asked
language, without playing the games again; washigen.balance_chart is the typed call behind it."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from washigen import api as washigen
from washigen.design import loads
from washigen.errors import InputError
from washigen.games import get_game
from washigen.i18n import translator

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from washigen.studio.app import create_app

LOCAL = "http://127.0.0.1:8765"
GAMES = 20
FAIR_LINE = 'stroke="#c8102e"'           # the fair-share line's colour (arena/chart.py THEME["chart-fair"])


@pytest.fixture
def client(tmp_path):
    """A studio of its own for each test: the runs it keeps are the test's alone."""
    with TestClient(create_app(tmp_path), base_url=LOCAL) as test_client:
        yield test_client


def made(client, game: str, seed: int, **params) -> dict:
    answer = client.post("/api/design", json={"game": game, "component": "map", "seed": seed, "params": params})
    assert answer.status_code == 200, answer.text
    return answer.json()["design"]


def chart(client, design: dict, seed: int, fmt: str = "svg", lang: str = "en", games: int = GAMES):
    return client.post(f"/api/balance/chart?format={fmt}", json={"design": design, "games": games, "seed": seed,
                                                                 "lang": lang})


def cli_chart(tmp_path: Path, game: str, design: dict, seed: int, fmt: str, lang: str = "en") -> bytes:
    """What `washigen GAME balance --map DESIGN --seed SEED --games 20 --lang LANG -o chart.FMT` writes, run as a
    user runs it: a process of its own."""
    (tmp_path / "design.json").write_text(json.dumps(design), encoding="utf-8")
    out = tmp_path / f"cli-{lang}.{fmt}"
    command = [sys.executable, "-m", "washigen", game, "balance", "--map", str(tmp_path / "design.json"),
               "--seed", str(seed), "--games", str(GAMES), "--jobs", "1", "--lang", lang, "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


@pytest.mark.parametrize("game,seed,params", [("cats", 5, {"players": 2}), ("cops", 3, {"players": 3})])
def test_the_chart_of_a_balance_run_is_the_clis_byte_for_byte(client, tmp_path, game, seed, params):
    design = made(client, game, seed, **params)
    run = client.post("/api/balance", json={"design": design, "games": GAMES, "seed": seed})
    assert run.status_code == 200, run.text
    for fmt, media in (("svg", "image/svg+xml"), ("pdf", "application/pdf")):
        answer = chart(client, design, seed, fmt)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith(media)
        assert f'filename="{game}-balance-{seed}-{seed}.{fmt}"' in answer.headers["content-disposition"]
        assert answer.content == cli_chart(tmp_path, game, design, seed, fmt)
    svg = chart(client, design, seed).text
    title = f"Balance: {get_game(game).title}, {params['players']} players, seed {seed}, bots greedy"
    assert f"<title>{title}</title>" in svg and FAIR_LINE in svg


def test_a_chart_asked_without_a_run_plays_the_same_games(client, tmp_path):
    """A studio that has not played the run (restarted, or the run pushed out by newer ones) plays it again: the
    same numbers, the same chart."""
    design = made(client, "cats", 5)
    answer = chart(client, design, 5)
    assert answer.status_code == 200, answer.text
    assert answer.content == cli_chart(tmp_path, "cats", design, 5, "svg")


def test_the_chart_is_drawn_from_the_run_kept_not_played_again(client, monkeypatch):
    from washigen.arena import GameRecord, balance
    from washigen.games import registry

    calls = []

    def hook(design, games, seed, jobs):
        calls.append((games, seed))
        records = [GameRecord(seed=seed + k, winners=(k % 3 % 2,), turns=10 + k, end="win", specials_used=(0, 0))
                   for k in range(games)]
        return balance(records, players=2)

    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(get_game("cats"), balance=hook))
    design = made(client, "cats", 4)
    assert client.post("/api/balance", json={"design": design, "games": 30, "seed": 4}).status_code == 200
    english = chart(client, design, 4, games=30)
    german = chart(client, design, 4, "pdf", "de", games=30)
    assert english.status_code == german.status_code == 200
    assert calls == [(30, 4)]                          # the run played once, its chart drawn twice
    expected = washigen.balance_chart(hook(loads(json.dumps(design)), 30, 4, 1), loads(json.dumps(design)), seed=4)
    assert english.content == washigen.files(expected, "chart.svg")[0][1]
    assert chart(client, design, 4, games=31).status_code == 200
    assert calls[-1] == (31, 4)                        # another number of games is another run


def test_the_chart_speaks_the_asked_language(client, tmp_path):
    design = made(client, "cats", 5)
    assert client.post("/api/balance", json={"design": design, "games": GAMES, "seed": 5}).status_code == 200
    german = chart(client, design, 5, lang="de")
    assert german.status_code == 200, german.text
    assert german.content == cli_chart(tmp_path, "cats", design, 5, "svg", "de")
    _ = translator("de")
    for words in ("Win rate per seat, with its 95 % interval", "Game length in turns", "How the games ended"):
        assert _(words) != words
        assert _(words) in german.text and words not in german.text
    assert "Platz 1" in german.text and "seat 1" not in german.text


def test_a_refused_language_or_format_is_said_before_any_game_is_played(client):
    design = made(client, "cats", 5)
    answer = chart(client, design, 5, lang="xx")
    assert answer.status_code == 400 and "lang" in answer.json()["error"] and "'xx'" in answer.json()["error"]
    answer = chart(client, design, 5, fmt="docx")
    assert answer.status_code == 400 and "svg, pdf or png" in answer.json()["error"]
    answer = chart(client, design, 5, games=0)
    assert answer.status_code == 400 and "games" in answer.json()["error"]
    tape = client.post("/api/design", json={"game": "cops", "component": "tape", "seed": 5}).json()["design"]
    answer = chart(client, tape, 5)               # a tape is well formed, but nothing plays on it: as /api/play
    assert answer.status_code == 409 and "tape" in answer.json()["error"]


def test_the_typed_call_refuses_what_the_command_line_refuses():
    design = washigen.generate("cats", "map", seed=5)
    result = washigen.balance("cats", design, games=10, seed=5)
    document = washigen.balance_chart(result, design, seed=5, lang="de")
    assert len(document.pages) == 1 and document.pages[0].meta["kind"] == "balance-chart"
    with pytest.raises(InputError, match="lang: no language 'xx'"):
        washigen.balance_chart(result, design, seed=5, lang="xx")
    with pytest.raises(InputError, match="seed"):
        washigen.balance_chart(result, design, seed=-1)
    with pytest.raises(InputError, match="bots"):
        washigen.balance_chart(result, design, seed=5, bots="")
