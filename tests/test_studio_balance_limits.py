"""The studio's balance estimate is bounded as the command line's is (DESIGN 10, 12): before any game is played, a
run past its minute of one core is refused on the `games` field, naming the most games that fit, the same number
`washigen GAME balance --games N` names for the same design; the chart endpoint likewise, but for the chart of a run
the studio holds already."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from washigen.games import get_game

from .test_studio_api import LOCAL, cli, client, workdir  # noqa: F401

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ENGLISH = {"Accept-Language": "en"}
TOO_MANY = 2000          # the most the studio's form takes; on a 6-player map past the minute


@pytest.fixture(scope="module")
def six_players(client) -> dict:  # noqa: F811
    """A 6-player Cats map: 2000 greedy games on it are about two minutes of one core."""
    answer = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 3,
                                              "params": {"players": 6}})
    assert answer.status_code == 200, answer.text
    return answer.json()["design"]


@pytest.fixture
def played(monkeypatch) -> list[int]:
    """The games each balance run the studio plays asks for: the Cats `balance` hook, recording its calls, answers
    made-up numbers at once (the registry's run cost stays the game's own)."""
    from washigen.arena import GameRecord, balance
    from washigen.games import registry

    calls: list[int] = []

    def hook(design, games, seed, jobs):
        calls.append(games)
        records = [GameRecord(seed=seed + k, winners=(k % 6,), turns=10 + k % 7, end="win", specials_used=(0,) * 6)
                   for k in range(games)]
        return balance(records, players=6)

    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(get_game("cats"), balance=hook))
    return calls


def cli_refusal(tmp_path, design: dict, games: int) -> str:
    """What `washigen cats balance --map DESIGN --games GAMES` says, refusing the run."""
    path = tmp_path / "map.json"
    path.write_text(json.dumps(design), encoding="utf-8")
    done = cli("cats", "balance", "--map", path, "--games", games, "--seed", 1)
    assert done.exit_code == 2, done.output
    return done.output.strip().removeprefix("error: ")


def fits(message: str) -> int:
    """The most games that fit, as a refusal names them (1,260 in English, 1.260 in German)."""
    found = re.search(r"(\d[\d,.]*) (?:games fit|Partien passen)", message)
    assert found, message
    return int(re.sub(r"\D", "", found.group(1)))


def test_a_run_past_the_minute_is_refused_on_games_with_the_clis_number(client, six_players, played,  # noqa: F811
                                                                       tmp_path):
    said = cli_refusal(tmp_path, six_players, TOO_MANY)
    answer = client.post("/api/balance", json={"design": six_players, "games": TOO_MANY, "seed": 1}, headers=ENGLISH)
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert (body["field"], body["value"]) == ("games", TOO_MANY)            # the page marks the field
    assert fits(body["error"]) == fits(said) == 1260
    assert body["error"] == said.replace(f"--games {TOO_MANY}:", "games:")              # the CLI's sentence
    assert body["error"] == f"games: {body['reason']}"
    assert played == []                                                      # before any game is played


def test_the_refusal_is_said_in_the_pages_language(client, six_players, played):  # noqa: F811
    run = {"design": six_players, "games": TOO_MANY, "seed": 1}
    english = client.post("/api/balance", json=run, headers=ENGLISH)
    german = client.post("/api/balance", json=run, headers=GERMAN)
    assert english.status_code == german.status_code == 400, german.text
    english_body, german_body = english.json(), german.json()
    assert german_body["field"] == "games" and german_body["error"] != english_body["error"]
    assert "Arbeit eines Rechenkerns" in german_body["reason"] and "Partien passen hinein" in german_body["reason"]
    assert "core" not in german_body["error"] and fits(german_body["error"]) == fits(english_body["error"])
    assert played == []


def test_a_streamed_run_is_refused_before_its_first_game(client, six_players, played):  # noqa: F811
    """The page asks for its balance as a stream of progress: the refusal is its one line, with no game counted."""
    answer = client.post("/api/balance?stream=1", json={"design": six_players, "games": TOO_MANY, "seed": 1},
                         headers=ENGLISH)
    events = [json.loads(line) for line in answer.text.splitlines()]
    assert [(e.get("status"), e.get("field")) for e in events] == [(400, "games")], events
    assert "games fit" in events[0]["error"] and played == []


def test_the_most_games_that_fit_are_played_and_one_more_is_refused(client, six_players, played,  # noqa: F811
                                                                  monkeypatch, tmp_path):
    from washigen.games import registry

    most = fits(cli_refusal(tmp_path, six_players, TOO_MANY))
    one_more = client.post("/api/balance", json={"design": six_players, "games": most + 1, "seed": 1})
    assert one_more.status_code == 400 and one_more.json()["field"] == "games", one_more.text
    assert fits(one_more.json()["error"]) == most
    answer = client.post("/api/balance", json={"design": six_players, "games": most, "seed": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["games"] == most and played == [most]

    # a game whose registry names no cost (a plugin's) is not estimated: its run is played as asked
    cats = registry._GAMES["cats"]
    unpriced = {key: value for key, value in cats.extra.items() if key != "run_cost"}
    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(cats, extra=unpriced))
    assert client.post("/api/balance", json={"design": six_players, "games": TOO_MANY, "seed": 1}).status_code == 200
    assert played == [most, TOO_MANY]


def test_a_run_that_fits_is_played_by_the_games_engine(client, six_players):  # noqa: F811
    answer = client.post("/api/balance", json={"design": six_players, "games": 6, "seed": 2})
    assert answer.status_code == 200, answer.text
    assert answer.json()["games"] == 6 and len(answer.json()["seats"]) == 6
    refused = client.post("/api/balance", json={"design": six_players, "games": TOO_MANY, "seed": 2})
    assert refused.status_code == 400 and refused.json()["field"] == "games", refused.text


def test_the_chart_of_a_run_not_held_is_refused_as_the_run_is(client, six_players, played, monkeypatch,  # noqa: F811
                                                             tmp_path):
    """POST /api/balance/chart plays the run again where the studio does not hold it: refused as POST /api/balance
    refuses it. The chart of a run the studio holds (the one the page has just shown) is drawn, never refused."""
    from washigen.arena.balance import GameCost
    from washigen.games import registry

    run = {"design": six_players, "games": TOO_MANY, "seed": 7, "lang": "de"}
    refused = client.post("/api/balance/chart?format=svg", json=run, headers=GERMAN)
    assert refused.status_code == 400, refused.text[:300]
    assert refused.json()["field"] == "games" and "Partien passen hinein" in refused.json()["error"]
    assert fits(refused.json()["error"]) == fits(cli_refusal(tmp_path, six_players, TOO_MANY))
    assert played == []

    # a run the studio played when its game named a cheaper cost: held, its chart is drawn without an estimate
    cats = registry._GAMES["cats"]
    cheap = {**cats.extra, "run_cost": lambda design: GameCost(greedy=0.001, per_strength=1, default_strength=1)}
    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(cats, extra=cheap))
    assert client.post("/api/balance", json={k: v for k, v in run.items() if k != "lang"}).status_code == 200
    monkeypatch.setitem(registry._GAMES, "cats", cats)
    chart = client.post("/api/balance/chart?format=svg", json=run)
    assert chart.status_code == 200, chart.text[:300]
    assert chart.headers["content-type"].startswith("image/svg") and played == [TOO_MANY]   # not played again
