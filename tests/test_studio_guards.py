"""The studio's guards and its promises to the page: only its own origin may post, a wrong method is 405, every
command-line option reaches the form under its command-line name with its real range, a refused option names its
field, no message shows a server path, uploads are read as the CLI reads them, Play and Balance are offered only
for what can be played, and long work streams its progress and stops when the page goes away."""

from __future__ import annotations

import http.client
import json
import time
import warnings

import click
import pytest
from click.testing import CliRunner

from tests.studio_server import served
from washigen.cli import main
from washigen.games import all_games, get_game

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from washigen.studio import jobs
from washigen.studio.app import create_app

PORT = 8765
LOCAL = f"http://127.0.0.1:{PORT}"
# Options the form never holds, each for a reason: the seed has its own field; the studio names its own output and
# always answers JSON; a printer profile is read from the home folder only when a user names it at the prompt.
NOT_ON_THE_FORM = {"seed", "output", "profile", "json"}
FLAGS = {"colour": "color"}          # a form field whose command-line flag is spelt otherwise (--color)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("studio")), base_url=LOCAL) as test_client:
        yield test_client


def test_only_the_studios_own_origin_may_post(client):
    body = {"game": "cats", "component": "map", "seed": 1}
    for origin in ("http://127.0.0.1:9999", "http://localhost:9999", "http://127.0.0.1", "https://127.0.0.1:8765",
                   "http://localhost:8765", "null"):        # another port, scheme or name is another origin
        response = client.post("/api/design", json=body, headers={"origin": origin})
        assert response.status_code == 403, origin
        assert "refused" in response.json()["error"]
    assert client.post("/api/design", json=body, headers={"origin": LOCAL}).status_code == 200
    assert client.post("/api/design", json=body).status_code == 200          # no Origin: not a browser page


def test_a_wrong_method_is_405_and_an_unknown_endpoint_404(client):
    response = client.get("/api/design")
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert "POST" in response.json()["error"]
    assert client.post("/api/games").status_code == 405
    assert client.post("/").status_code == 405
    assert client.get("/api/nothing").status_code == 404 and "no such endpoint" in client.get("/api/nothing").json()[
        "error"]


def test_the_refusals_of_the_request_itself_speak_the_pages_language(client):
    """A wrong method, an unknown endpoint, a foreign Host or Origin: the German page was answered in English."""
    german = {"Accept-Language": "de"}
    said = {"405": client.get("/api/design", headers=german).json()["error"],
            "404": client.get("/api/nothing", headers=german).json()["error"],
            "400": client.get("/api/games", headers={**german, "Host": "evil.example"}).json()["error"],
            "403": client.post("/api/validate", headers={**german, "Origin": "http://evil.example"}, json={}).json()[
                "error"]}
    assert said == {"405": "/api/design: GET wird hier nicht beantwortet; verwenden Sie POST",
                    "404": "/api/nothing: diesen Endpunkt gibt es nicht; siehe GET /api/games",
                    "400": "Host 'evil.example' wird nicht bedient; öffnen Sie http://127.0.0.1 oder http://localhost",
                    "403": "Anfragen von Seiten unter 'http://evil.example' werden abgewiesen; nur die eigene Seite "
                           "des Studios darf diesen Dienst nutzen"}
    assert client.get("/api/nothing").json()["error"] == "/api/nothing: no such endpoint; see GET /api/games"


def test_a_body_that_is_not_json_is_refused_in_the_pages_language_saying_where(client):
    """JSON's own complaint (English words of Python's json) came through on the German page."""
    def said(body: bytes, lang: str) -> str:
        response = client.post("/api/design", content=body,
                               headers={"Accept-Language": lang, "Content-Type": "application/json"})
        assert response.status_code == 400
        return response.json()["error"]

    assert said(b'{"design": ', "en") == "request: not valid JSON: Expecting value at line 1, column 12"
    german = said(b'{"design": ', "de")
    assert german.startswith("request: ") and "Zeile 1, Spalte 12" in german and "Expecting" not in german
    assert said(b'{"a": 1,\n "a" 2}', "en") == "request: not valid JSON: Expecting ':' delimiter at line 2, column 6"
    assert said(b"\xff{}", "en") == "request: not UTF-8 text (byte 0)"
    assert "UTF-8" in said(b"\xff{}", "de") and "not" not in said(b"\xff{}", "de")


def command_options(command: click.Command) -> set[str]:
    """What a user can type: every long option's name (--long -> long), but options naming a file and those kept off
    --help (retired: they change nothing)."""
    names = set()
    for option in command.params:
        if (isinstance(option, click.Option) and not isinstance(option.type, (click.Path, click.File))
                and not option.hidden):
            flag = next(f for f in option.opts + option.secondary_opts if f.startswith("--"))
            names.add(flag[2:].replace("-", "_"))
    return names


def test_every_option_of_every_component_is_on_the_form(client):
    """The form's fields (parameters, print options, the seed) against the command's own options."""
    for game in client.get("/api/games").json()["games"]:
        group = get_game(game["name"]).commands
        for component in game["components"]:
            command = group.commands[component["name"]]
            form = {p["name"] for p in component["params"]} | set(component["print_options"])
            form = {FLAGS.get(name, name) for name in form}
            missing = command_options(command) - form - NOT_ON_THE_FORM
            assert not missing, f"{game['name']} {component['name']}: {sorted(missing)} not on the form"
    cats_map = next(c for g in client.get("/api/games").json()["games"] if g["name"] == "cats"
                    for c in g["components"] if c["name"] == "map")
    params = {p["name"]: p for p in cats_map["params"]}
    assert "long" in params and "long_" not in params
    assert (params["tape_width"]["min"], params["tape_width"]["max"]) == (10.0, 120.0)


def test_a_param_named_as_on_the_command_line_reaches_the_command(client):
    plain = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 4}).json()
    longer = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 4,
                                              "params": {"long": 2}}).json()
    assert plain["design"]["long"] == 0 and longer["design"]["long"] == 2


def test_a_refused_option_names_its_field_and_why(client):
    response = client.post("/api/design", json={"game": "cats", "component": "map", "params": {"players": 9}})
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "players" and "9" in answer["reason"] and "Invalid value" not in answer["reason"]
    answer = client.post("/api/design", json={"game": "cats", "component": "map",
                                              "params": {"tape_width": "5mm"}}).json()
    assert answer["field"] == "tape_width" and "10mm" in answer["reason"]


def test_no_message_shows_a_server_path(client):
    root = str(client.app.state.workdir)
    answers = [client.post("/api/validate?name=map.tmj", content=b'{"orientation": "orthogonal"}'),
               client.post("/api/validate?name=/etc/secret/map.json", content=b"{"),
               client.post("/api/validate?name=empty.json", content=b"")]
    for response in answers:
        text = response.text
        assert response.status_code == 400 and root not in text and "/tmp" not in text and "/etc" not in text, text
    made = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 1}).json()
    assert root not in json.dumps(made["messages"])


def cli_message(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    return result.output.strip().replace(f"{tmp_path}/", "")


@pytest.mark.parametrize("name,data", [("empty.json", b""), ("notes.pdf", b"%PDF-1.4 not a design"),
                                       ("map.tmj", b'{"orientation": "orthogonal", "layers": []}')])
def test_an_empty_or_unknown_file_is_refused_with_the_clis_message(client, tmp_path, name, data):
    message = client.post(f"/api/validate?name={name}", content=data).json()["error"]
    assert message in cli_message(tmp_path, name, data)


def test_a_tmj_upload_is_read_as_the_cli_reads_it(client, tmp_path):
    from washigen.design import load

    target = tmp_path / "map.tmj"
    assert CliRunner().invoke(main, ["cats", "map", "--seed", "3", "-o", str(target)]).exit_code == 0
    answer = client.post("/api/validate?name=map.tmj", content=target.read_bytes())
    assert answer.status_code == 200, answer.text
    expected = json.loads(json.dumps(__import__("washigen.design", fromlist=["to_dict"]).to_dict(load(target))))
    assert answer.json()["design"] == expected
    assert answer.json()["component"] == "map" and answer.json()["seed"] == 3


def test_play_and_balance_are_offered_only_for_what_can_be_played(client):
    def offered(game, component, **params):
        made = client.post("/api/design", json={"game": game, "component": component, "params": params}).json()
        return made.get("playable")
    assert offered("cats", "map") == {"play": True, "balance": True}
    assert offered("cats", "setup") == {"play": True, "balance": True}
    assert offered("trail-route", "setup")["play"] is True
    assert offered("cops", "tape") == {"play": False, "balance": False}
    for game in all_games():                  # a design no hook takes: neither is offered
        for design in (game.golden() or {}).values():
            if type(design).KIND in ("tape", "sheet", "deck", "roll", "segment"):
                answer = client.post("/api/validate?name=d.json",
                                     content=__import__("washigen.design", fromlist=["dumps"]).dumps(design).encode())
                assert answer.json()["playable"] == {"play": False, "balance": False}, (game.name, design.KIND)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("served")) as port:
        yield port


def stream(port: int, path: str, body: dict) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json",
                                                       "Host": f"127.0.0.1:{port}"})
    return connection, connection.getresponse()


def test_a_balance_streams_its_progress_and_stops_when_the_page_goes_away(server, client):
    design = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 2}).json()["design"]
    connection, response = stream(server, "/api/balance?stream=1", {"design": design, "games": 12, "seed": 1})
    events = [json.loads(line) for line in response.read().decode().splitlines()]
    connection.close()
    assert [e["done"] for e in events[:-1]] == list(range(13))          # 0, then each game as it ends
    assert events[-1]["result"] == client.post("/api/balance", json={"design": design, "games": 12,
                                                                     "seed": 1}).json()

    connection, response = stream(server, "/api/balance?stream=1", {"design": design, "games": 2000, "seed": 1})
    first = [json.loads(response.readline()) for _ in range(3)]
    assert first[-1]["total"] == 2000 and jobs.running() == 1
    connection.close()                                    # the page cancels: the server stops playing
    deadline = time.monotonic() + 10
    while jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert jobs.running() == 0


def test_a_balance_not_streamed_stops_when_its_client_goes_away(server, client):
    """Without ?stream=1 the answer comes once the games are played; a client that leaves before stops them as a
    streamed one does (two such requests once kept the server playing 2000 games each for no one)."""
    design = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 2}).json()["design"]
    connection = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    connection.request("POST", "/api/balance", json.dumps({"design": design, "games": 2000, "seed": 3}),
                       {"Content-Type": "application/json", "Host": f"127.0.0.1:{server}"})
    deadline = time.monotonic() + 10
    while not jobs.running():
        assert time.monotonic() < deadline, "the balance is not run as work the server can stop"
        time.sleep(0.05)
    connection.close()                                    # the client gives up before the answer
    deadline = time.monotonic() + 10
    while jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert jobs.running() == 0, "the balance went on playing for no one"
    connection, response = stream(server, "/api/balance", {"design": design, "games": 3, "seed": 3})
    assert response.status == 200 and json.loads(response.read())["games"] == 3   # and the studio goes on
    connection.close()


@pytest.mark.parametrize("path, body", [
    ("/api/play", '{"zzz": "\\ud800"}'),
    ("/api/design", '{"game": "cats", "component": "map", "params": {"\\ud800": 1}}'),
    ("/api/design", '{"game": "cats", "component": "map", "lang": "\\udfff"}'),
    ("/api/render", '{"game": "cats", "component": "map", "options": {"lang": "\\ud800"}}'),
])
def test_a_lone_surrogate_echoed_in_a_refusal_is_a_json_400_not_a_bare_500(client, path, body):
    response = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.headers["content-type"].startswith("application/json")
    said = response.json()                      # strict JSON: the surrogate comes back as its escape, "\\ud800"
    assert isinstance(said["error"], str) and said["error"]
