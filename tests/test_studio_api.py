"""The studio's JSON API through Starlette's test client: every endpoint, every game and component; bad input
answered 4xx with the CLI's message and no traceback; prints byte-identical to the CLI's for the same parameters."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import warnings
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from tests.readback import pdf_pages, page_size_mm
from washigen.cli import main
from washigen.design import dumps, loads
from washigen.games import all_games, get_game
from washigen.games.cats.generate import generate_map

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from washigen.studio.app import MAX_BODY_BYTES, create_app
from washigen.studio.api import PRINT_OPTION_NAMES

LOCAL = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("studio")


@pytest.fixture(scope="module")
def client(workdir):
    with TestClient(create_app(workdir), base_url=LOCAL) as test_client:
        yield test_client


def cli(*args) -> CliRunner:
    return CliRunner().invoke(main, [str(a) for a in args])


def studio_components():
    """(game, component) for every component that makes a design or whose spec draws its print."""
    return [(game.name, component.name) for game in all_games() for component in game.components
            if component.make is not None or component.draw is not None]


def command_option(command, param):
    """The command's option for a parameter spec; None for one that takes a path (never set from the page)."""
    import click

    for option in command.params:
        if isinstance(option, click.Option) and option.name == param.name:
            return None if isinstance(option.type, (click.Path, click.File)) else option
    return None


def assert_error(response, status: int, *fragments: str) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    message = response.json()["error"]
    assert "Traceback" not in response.text and 'File "' not in response.text
    for fragment in fragments:
        assert fragment in message
    return message


def svg_root(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text.encode("utf-8"))
    assert root.tag.endswith("svg")
    return root


# -- GET /api/games ------------------------------------------------------------------------------------------------

def test_games_are_listed_from_the_registry_specs(client):
    listing = client.get("/api/games").json()["games"]
    assert [g["name"] for g in listing] == [g.name for g in all_games()]
    for entry in listing:
        game = get_game(entry["name"])
        assert [c["name"] for c in entry["components"]] == [c for g, c in studio_components() if g == game.name]
        for component in entry["components"]:
            spec = next(c for c in game.components if c.name == component["name"])
            command = game.commands.commands[spec.name]
            expected = [p for p in spec.params if p.name != "seed" and command_option(command, p) is not None
                        and p.name not in PRINT_OPTION_NAMES and p.name not in ("output", "profile", "as_json")
                        and not p.retired]
            # named as typed (--long is "long"); a length's minimum is the one its option checks (tests/
            # test_studio_guards.py), the rest as the registry lists them
            assert [(p["name"], p["max"], p["default"]) for p in component["params"]] == \
                   [(p.keyword, p.max, p.default) for p in expected]
            assert [p["min"] for p in component["params"] if p["kind"] != "length"] == \
                   [p.min for p in expected if p.kind != "length"]
            assert component["seeded"] == any(p.name == "seed" for p in spec.params)
    cats_map = next(c for c in listing if c["name"] == "cats")["components"][0]
    players = next(p for p in cats_map["params"] if p["name"] == "players")
    assert (players["min"], players["max"], players["default"]) == (2, 6, 2)


def test_print_options_are_set_with_the_print_not_in_the_form(client):
    deck = next(c for g in client.get("/api/games").json()["games"] if g["name"] == "cat-tree"
                for c in g["components"] if c["name"] == "deck")
    assert [p["name"] for p in deck["params"]] == ["card", "reference"]
    assert {"paper", "duplex", "back_offset"} <= set(deck["print_options"])


def test_parameters_naming_a_file_are_never_offered(client):
    """trail-route's --mix takes a file: the page cannot set it, so the server never reads a path it is sent."""
    listing = client.get("/api/games").json()["games"]
    trail = next(g for g in listing if g["name"] == "trail-route")
    for component in trail["components"]:
        assert "mix" not in [p["name"] for p in component["params"]]
    response = client.post("/api/design", json={"game": "trail-route", "component": "setup", "seed": 1,
                                                "params": {"mix": "/etc/passwd"}})
    assert_error(response, 400, "params.mix", "no such parameter")


# -- POST /api/design ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_name,component", studio_components())
def test_every_component_of_every_game_is_made(client, game_name, component):
    seeded = any(p.name == "seed" for p in next(c for c in get_game(game_name).components
                                                 if c.name == component).params)
    response = client.post("/api/design", json={"game": game_name, "component": component,
                                                "seed": 3 if seeded else None})
    assert response.status_code == 200, response.text
    body = response.json()
    root = svg_root(body["svg"])
    assert root.get("width").endswith("mm") and body["pages"] >= 1
    if body["design"] is None:             # a component that only prints (sheets): a preview, no design
        assert body["report"] is None
        return
    game = get_game(game_name)
    design = loads(json.dumps(body["design"]))
    if seeded:
        assert design.seed == body["seed"] == 3
    expected = game.validate(design).to_dict()
    assert [{k: v for k, v in violation.items() if k != "mark"} for violation in body["report"]["violations"]] \
        == expected["violations"]


def test_changing_a_parameter_changes_the_design(client):
    two = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 5,
                                           "params": {"players": 2}}).json()
    four = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 5,
                                            "params": {"players": 4}}).json()
    assert two["design"]["players"] == 2 and four["design"]["players"] == 4
    assert float(svg_root(four["svg"]).get("width")[:-2]) > float(svg_root(two["svg"]).get("width")[:-2])
    assert two["geometry"] == {"x": 0.0, "y": 5.0, "w": 5.0, "h": 5.0, "pitch_x": 5.0, "pitch_y": 5.0, "rows": 18,
                               "cols": 24, "rows_up": False, "palette": two["geometry"]["palette"]}
    assert [code for code, _ in two["geometry"]["palette"]] == [".", "J", "#", "T", "t"]


# -- byte-identical to the CLI ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_name,component,params,cli_args", [
    ("cats", "map", {"players": 3, "tape_width": "45mm"}, ["--players", "3", "--tape-width", "45mm"]),
    ("cops", "map", {"players": 2}, ["--players", "2"]),
    ("trail-route", "setup", {"players": 3}, ["--players", "3"]),
])
def test_a_design_printed_through_the_api_is_the_clis_print(client, tmp_path, game_name, component, params,
                                                             cli_args):
    design = client.post("/api/design", json={"game": game_name, "component": component, "seed": 11,
                                              "params": params}).json()["design"]
    for fmt in ("pdf", "svg"):
        out = tmp_path / f"cli.{fmt}"
        result = cli(game_name, component, *cli_args, "--seed", 11, "-o", out)
        assert result.exit_code == 0, result.output
        response = client.post(f"/api/render?format={fmt}", json={"design": design})
        assert response.status_code == 200, response.text
        assert response.content == out.read_bytes()


def test_print_options_reach_the_pdf_as_the_cli_gives_them(client, tmp_path):
    design = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 2}).json()["design"]
    options = {"paper": "a4", "bleed": "2mm", "cut_lines": True}
    response = client.post("/api/render?format=pdf", json={"design": design, "options": options})
    assert response.status_code == 200, response.text
    (tmp_path / "map.json").write_text(json.dumps(design))
    out = tmp_path / "cli.pdf"
    assert cli("render", tmp_path / "map.json", "--paper", "a4", "--bleed", "2mm", "--cut-lines", "-o",
               out).exit_code == 0
    assert response.content == out.read_bytes()
    width, height = page_size_mm(pdf_pages(response.content)[0])
    assert sorted((round(width, 1), round(height, 1))) == [210.0, 297.0]     # A4, the lanes run along it


def test_gutter_and_cmyk_reach_the_pdf_as_the_cli_gives_them(client, tmp_path):
    design = client.post("/api/design", json={"game": "cat-tree", "component": "deck"}).json()["design"]
    response = client.post("/api/render?format=pdf", json={"design": design,
                                                          "options": {"gutter": "4mm", "colour": "cmyk"}})
    assert response.status_code == 200, response.text
    (tmp_path / "deck.json").write_text(json.dumps(design))
    out = tmp_path / "cli.pdf"
    assert cli("render", tmp_path / "deck.json", "--gutter", "4mm", "--color", "cmyk", "-o", out).exit_code == 0
    assert response.content == out.read_bytes()
    sheet = client.post("/api/render?format=pdf", json={"game": "cats", "component": "sheet",
                                                        "options": {"colour": "cmyk"}})
    assert cli("cats", "sheet", "--color", "cmyk", "-o", tmp_path / "sheet.pdf").exit_code == 0
    assert sheet.content == (tmp_path / "sheet.pdf").read_bytes()
    assert_error(client.post("/api/render?format=png", json={"design": design, "options": {"colour": "cmyk"}}),
                 400, "cmyk")


def test_a_component_that_only_prints_is_rendered_by_its_own_command(client, tmp_path):
    response = client.post("/api/render?format=pdf", json={"game": "cats", "component": "sheet",
                                                           "params": {"players": 3}, "options": {"paper": "letter"}})
    assert response.status_code == 200, response.text
    out = tmp_path / "sheet.pdf"
    assert cli("cats", "sheet", "--players", "3", "--paper", "letter", "-o", out).exit_code == 0
    assert response.content == out.read_bytes()


def test_json_png_and_many_pages(client):
    made = client.post("/api/design", json={"game": "cat-tree", "component": "deck"}).json()
    as_json = client.post("/api/render?format=json", json={"design": made["design"]})
    assert as_json.content.decode() == dumps(loads(json.dumps(made["design"])))
    png = client.post("/api/render?format=png", json={"design": made["design"], "options": {"dpi": 40}})
    assert png.headers["content-type"] == "application/zip"         # a deck is several sheets
    names = zipfile.ZipFile(io.BytesIO(png.content)).namelist()
    assert len(names) == made["pages"] > 1 and all(n.endswith(".png") for n in names)
    from PIL import Image

    first = Image.open(io.BytesIO(zipfile.ZipFile(io.BytesIO(png.content)).read(names[0])))
    assert abs(first.size[0] - 210 / 25.4 * 40) <= 1          # A4 at 40 dpi


# -- POST /api/validate ----------------------------------------------------------------------------------------------

def broken_map():
    """Seed 1's 2-player map with a shrine at row 2, column 4: the building below loses its only way in."""
    design = generate_map(players=2, seed=1)
    rows = list(design.grid.rows)
    rows[1] = rows[1][:3] + "J" + rows[1][4:]
    return dataclasses.replace(design, grid=dataclasses.replace(design.grid, rows=tuple(rows)))


def test_an_uploaded_design_is_validated_and_its_violations_marked(client):
    response = client.post("/api/validate?name=map.json", content=dumps(broken_map()).encode())
    assert response.status_code == 200, response.text
    report = response.json()["report"]
    assert not report["valid"]
    violation = next(v for v in report["violations"] if v["rule"] == "cats.building.no-opening")
    assert violation["where"] == {"cell": [3, 4]}
    assert violation["mark"] == [15.0, 15.0, 5.0, 5.0]      # column 4, row 3 of 5 mm cells below a 5 mm band


def test_the_text_form_uploads_too(client):
    design = generate_map(players=2, seed=4)
    text = get_game("cats").to_text(design)
    response = client.post("/api/validate?name=map.txt", content=text.encode())
    assert response.status_code == 200, response.text
    assert loads(json.dumps(response.json()["design"])) == design


# -- bad input ---------------------------------------------------------------------------------------------------------

def test_unknown_game_and_component(client):
    assert_error(client.post("/api/design", json={"game": "chess", "component": "map"}), 404, "unknown game 'chess'")
    assert_error(client.post("/api/design", json={"game": "cats", "component": "moon"}), 404, "moon", "map")


def test_a_parameter_out_of_range_is_refused_by_its_spec_as_the_cli_refuses_it(client, tmp_path):
    message = assert_error(client.post("/api/design", json={"game": "cats", "component": "map",
                                                            "params": {"players": 9}, "seed": 1}), 400)
    result = cli("cats", "map", "--players", "9", "--seed", 1, "-o", tmp_path / "m.json")
    assert result.exit_code == 2 and "--players" in result.output and "9" in result.output
    # the field named as the form names it, with the range the spec declares (2..6), never click's wording
    assert message == "players: must be at least 2 and at most 6, got 9"
    assert_error(client.post("/api/design", json={"game": "cats", "component": "map", "params": {"colour": 1}}),
                 400, "params.colour")
    assert_error(client.post("/api/design", json={"game": "cats", "component": "map", "seed": -1}), 400, "seed")
    assert_error(client.post("/api/render?format=pdf", json={"design": generate_map_json(),
                                                             "options": {"dpi": 5}}), 400, "options.dpi", "30")
    assert_error(client.post("/api/render?format=pdf", json={"design": generate_map_json(),
                                                             "options": {"template": "/etc/passwd"}}),
                 400, "options.template")
    assert_error(client.post("/api/render?format=exe", json={"design": generate_map_json()}), 400, "format")


def generate_map_json() -> dict:
    return json.loads(dumps(generate_map(players=2, seed=1)))


def test_a_broken_upload_is_answered_with_the_loaders_message(client, tmp_path):
    assert_error(client.post("/api/validate?name=map.json", content=b'{"format": "washigen/1", "game": '), 400,
                 "map.json", "not valid JSON")
    bad = generate_map_json()
    bad["players"] = 9
    message = assert_error(client.post("/api/validate?name=bad.json", content=json.dumps(bad).encode()), 400,
                           "players")
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert message.split(", ", 1)[1] in cli("validate", tmp_path / "bad.json").output
    assert_error(client.post("/api/validate?name=x.txt", content=b"K\xe4se\n"), 400, "UTF-8")  # Latin-1
    assert_error(client.post("/api/design", content=b"[1, 2]"), 400, "JSON object")


def test_a_3_mb_upload_is_refused(client, workdir):
    big = b"{" + b" " * (3 * 1024 * 1024) + b"}"
    assert len(big) > MAX_BODY_BYTES
    assert_error(client.post("/api/validate", content=big), 413, "2 MB")

    def chunks():                          # no Content-Length: counted as it comes
        for _ in range(48):
            yield b" " * 65536
    assert_error(client.post("/api/validate", content=chunks()), 413, "2 MB")


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example:8765", "localhost.:8765", "[::2]:8765"])
def test_a_foreign_host_is_refused(client, host):
    for response in (client.get("/api/games", headers={"host": host}), client.get("/", headers={"host": host})):
        assert_error(response, 400, "is not served")
    assert client.get("/api/games", headers={"host": "localhost:8765"}).status_code == 200


def test_a_page_from_another_site_cannot_post(client):
    for origin in ("http://evil.example", "https://127.0.0.1:8765", "null"):
        assert_error(client.post("/api/design", json={"game": "cats", "component": "map"},
                                 headers={"origin": origin}), 403, "refused")
    assert client.post("/api/design", json={"game": "cats", "component": "map", "seed": 1},
                       headers={"origin": LOCAL}).status_code == 200


def test_no_endpoint_reads_a_path(client):
    assert client.get("/static/../../../../etc/passwd").status_code == 404
    assert_error(client.get("/api/file?path=/etc/passwd"), 404, "no such endpoint")


def assert_refused(client, caplog, response, field: str, *fragments: str) -> dict:
    """A 400 whose JSON names the field, nothing in the server's log, and the studio still answering."""
    message = assert_error(response, 400, *fragments)
    answer = response.json()
    assert answer.get("field") == field, answer
    assert [r for r in caplog.records if r.name.startswith("washigen.studio")] == [], caplog.text
    assert client.get("/api/games").status_code == 200
    return {**answer, "error": message}


MAP = '{"game": "cats", "component": "map", "seed": 1, %s}'
NOT_JSON_NUMBERS = [                  # (endpoint, body, the field named, where the message says it stood)
    ("/api/design", MAP % '"params": {"players": NaN}', "players", "params.players"),
    ("/api/design", MAP % '"params": {"tape_width": NaN}', "tape_width", "params.tape_width"),
    ("/api/design", MAP % '"params": {"budget": Infinity}', "budget", "params.budget"),
    ("/api/design", MAP % '"params": {"budget": -Infinity}', "budget", "params.budget"),
    ("/api/design", MAP % '"params": {"budget": 1e400}', "budget", "params.budget"),      # json reads it as inf
    ("/api/design?stream=1", MAP % '"params": {"players": NaN}', "players", "params.players"),
    ("/api/design", MAP % '"page": Infinity', "page", "page"),
    ("/api/render?format=pdf", '{"design": DESIGN, "options": {"bleed": NaN}}', "bleed", "options.bleed"),
    ("/api/render?format=pdf", '{"design": DESIGN, "options": {"dpi": NaN}}', "dpi", "options.dpi"),
    ("/api/render?format=pdf", '{"design": DESIGN, "options": {"gutter": Infinity}}', "gutter", "options.gutter"),
    ("/api/game?format=pdf", '{"design": DESIGN, "seed": 1, "options": {"bleed": NaN}}', "bleed", "options.bleed"),
]


@pytest.mark.parametrize("path,body,field,where", NOT_JSON_NUMBERS)
def test_nan_and_infinity_are_refused_as_the_body_is_read_naming_their_field(client, caplog, path, body, field,
                                                                           where):
    """Python's json takes NaN and Infinity; the studio reads JSON as the standard has it (a refusal that echoed
    such a value could not be written as JSON: a 500 and a traceback, or a stream line that is not JSON)."""
    body = body.replace("DESIGN", json.dumps(generate_map_json()))
    response = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
    answer = assert_refused(client, caplog, response, field)
    assert answer["error"].startswith(f"{where}: ")
    assert "finite" in answer["reason"] or "too large" in answer["reason"]


def test_a_value_of_the_wrong_type_or_too_large_is_refused_naming_its_field(client, caplog):
    huge = str(10**400)
    refused = [("/api/design", MAP % '"params": {"rules_url": 12}', "rules_url", "must be text"),
               ("/api/design", MAP % '"params": {"rules_url": ["a"]}', "rules_url", "must be text"),
               ("/api/design", MAP % f'"params": {{"budget": {huge}}}', "budget", "too large"),
               ("/api/design", MAP % f'"page": {huge}', "page", "too large"),
               ("/api/design", MAP % '"page": 1.7', None, "page"),
               ("/api/render?format=pdf", f'{{"design": DESIGN, "options": {{"bleed": {huge}}}}}', "bleed",
                "options.bleed")]
    for path, body, field, fragment in refused:
        body = body.replace("DESIGN", json.dumps(generate_map_json()))
        response = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
        if field is None:
            assert_error(response, 400, fragment)
        else:
            assert_refused(client, caplog, response, field, fragment)
    upload = dumps(generate_map(players=2, seed=1)).encode()
    for name in ("..", "a/..", "..."):          # a name that would be the folder the upload is saved in
        assert_refused(client, caplog, client.post(f"/api/validate?name={name}", content=upload), "name", "name")
    assert client.post("/api/validate?name=map.json", content=upload).status_code == 200


def test_every_text_parameter_refuses_what_is_not_text(client, caplog):
    """A spec checks the words of its text kinds (a URL, a list of bots), not that they are words: the command line
    only ever gives it text, JSON may give anything."""
    from washigen.studio.api import NOT_TEXT_KINDS, settable_params

    for game in all_games():
        for component in game.components:
            if component.make is None and component.draw is None:
                continue
            for param in settable_params(component):
                if param.kind in NOT_TEXT_KINDS:
                    continue
                for value in (12, ["a"], {"a": 1}, True):
                    response = client.post("/api/design", json={"game": game.name, "component": component.name,
                                                                "params": {param.keyword: value}})
                    assert_refused(client, caplog, response, param.keyword, "must be text")


def test_an_option_that_is_no_part_of_the_design_is_refused_not_ignored(client, caplog):
    """`cat-tree play`'s bots and games change the command's game, not the design the studio shows (the greedy
    bots' tree of the seed, which its bot-game panel replays): another value is refused, not dropped."""
    tree = {"game": "cat-tree", "component": "play", "seed": 1}
    for params in ({"bots": "random"}, {"bots": "nobody"}, {"bots": "strong:3"}, {"games": 3}):
        field = next(iter(params))
        answer = assert_refused(client, caplog, client.post("/api/design", json={**tree, "params": params}), field,
                                f"params.{field}", "washigen cat-tree play")
        assert "leave it at" in answer["reason"]
    plain = client.post("/api/design", json=tree).json()["design"]
    assert client.post("/api/design", json={**tree, "params": {"bots": "greedy", "games": 1}}).json()[
        "design"] == plain                     # the defaults are what is shown: accepted
    assert_refused(client, caplog, client.post("/api/design", json={"game": "cops", "component": "tape", "seed": 1,
                                                                    "params": {"length": "2m"}}), "length")


def test_the_game_print_refuses_an_unknown_print_option_as_render_does(client, caplog):
    design = generate_map_json()
    for path, body in (("/api/game?format=pdf", {"design": design, "seed": 1}),
                       ("/api/render?format=pdf", {"design": design})):
        message = assert_error(client.post(path, json={**body, "options": {"zzz": 1}}), 400, "options.zzz")
        assert "unknown print option" in message
    # the page sends its form's print options; those the game's drawing does not take (a paper) are left out
    assert client.post("/api/game?format=svg", json={"design": design, "seed": 1,
                                                     "options": {"paper": "a4"}}).status_code == 200


@pytest.mark.parametrize("seed", [" 1_0 ", "1_0", "+10", "10.0", "1e1", "\u0661\u0660", "0x0a", 10.0, True, [10]])
def test_a_seed_given_as_text_is_plain_digits(client, seed):
    """int() reads " 1_0 " as 10 and Arabic-Indic digits as theirs: a seed is a JSON whole number or ASCII digits."""
    assert_error(client.post("/api/design", json={"game": "cats", "component": "map", "seed": seed}), 400, "seed")


def test_a_seed_or_page_of_plain_digits_is_read(client):
    made = client.post("/api/design", json={"game": "cats", "component": "map", "seed": "10", "page": "0"}).json()
    assert made["seed"] == 10 and made["design"]["seed"] == 10 and made["page"] == 0


# -- POST /api/balance -------------------------------------------------------------------------------------------------

def test_balance_without_an_engine_is_a_conflict(client):
    for game in all_games():
        if getattr(game, "balance", None) is None:
            design = game.golden()[next(iter(game.golden()))]
            assert_error(client.post("/api/balance", json={"design": json.loads(dumps(design))}), 409,
                         game.name, "no engine")
    assert_error(client.post("/api/balance", json={}), 400, "design")


def test_a_cat_tree_game_shown_estimates_the_balance_of_its_deals(client):
    """The page offers "Estimate balance" on the tree Cat Tree's bots built (playable: balance), and the answer is
    the deals' balance, as `cat-tree balance` plays it with no design; it was refused with "pass None or an empty
    layout", in English on both pages."""
    import washigen

    made = client.post("/api/design", json={"game": "cat-tree", "component": "play", "seed": 3}).json()
    assert made["design"]["cards"] and made["playable"]["balance"] is True
    response = client.post("/api/balance", json={"design": made["design"], "games": 4, "seed": 2})
    assert response.status_code == 200, response.text
    assert response.json() == washigen.balance("cat-tree", None, games=4, seed=2).to_json()


# -- the temporary folder ----------------------------------------------------------------------------------------------

def test_nothing_is_left_outside_the_temporary_folder(tmp_path):
    with TestClient(create_app(tmp_path), base_url=LOCAL) as fresh:
        assert fresh.post("/api/render?format=pdf", json={"design": generate_map_json()}).status_code == 200
        [root] = list(tmp_path.iterdir())
        assert list(root.iterdir()) == []          # each request's files gone with its answer
    assert list(tmp_path.iterdir()) == []          # and the folder itself on shutdown


def test_balance_runs_the_games_hook(client, monkeypatch):
    """With a `balance` hook in the registry, the endpoint passes it the design, games and seed, and answers the
    Balance's JSON. The hook here plays no real game: it makes records from the seed, as an engine would."""
    from washigen.games import registry
    from washigen.arena import GameRecord, balance

    calls = []

    def hook(design, games, seed, jobs):
        calls.append((design, games, seed, jobs))
        records = [GameRecord(seed=seed + k, winners=(k % 3 % 2,), turns=10 + k, end="win", specials_used=(0, 0))
                   for k in range(games)]
        return balance(records, players=2)

    cats = get_game("cats")
    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(cats, balance=hook))
    design = generate_map_json()
    response = client.post("/api/balance", json={"design": design, "games": 30, "seed": 4})
    assert response.status_code == 200, response.text
    [(received, games, seed, jobs)] = calls
    assert received == loads(json.dumps(design)) and (games, seed, jobs) == (30, 4, 1)
    answer = response.json()
    assert answer == hook(received, 30, 4, 1).to_json()
    assert [s["wins"] for s in answer["seats"]] == [20, 10]
    assert next(g for g in client.get("/api/games").json()["games"] if g["name"] == "cats")["balance"] is True
    refused = client.post("/api/balance", json={"design": design, "games": 0})
    assert_error(refused, 400, "games: must be a whole number 1..2000, got 0")
    assert (refused.json()["field"], refused.json()["value"]) == ("games", 0)      # the page marks the field


# -- POST /api/play ----------------------------------------------------------------------------------------------------

def test_one_bot_game_is_played_by_the_games_own_command(client, tmp_path):
    made = client.post("/api/design", json={"game": "trail-route", "component": "setup", "seed": 5}).json()
    response = client.post("/api/play", json={"design": made["design"], "seed": 9})
    assert response.status_code == 200, response.text
    (tmp_path / "setup.json").write_text(json.dumps(made["design"]))
    result = cli("trail-route", "play", "--setup", tmp_path / "setup.json", "--seed", 9)
    assert result.exit_code == 0
    assert response.json()["lines"] == [line for line in result.output.splitlines() if line.strip()]
    assert any(line.startswith("turn 1") for line in response.json()["lines"])
    listing = {g["name"]: g["play"] for g in client.get("/api/games").json()["games"]}
    assert listing["trail-route"] is True
    for name, playable in listing.items():
        if not playable:
            design = next(iter(get_game(name).golden().values()))
            assert_error(client.post("/api/play", json={"design": json.loads(dumps(design))}), 409, name)


# -- marks on the other games' drawings --------------------------------------------------------------------------------

def test_a_misplaced_card_is_marked_where_the_tree_draws_it(client):
    from washigen.games.cat_tree.draw import CELL_H, CELL_W, GAP, tree_frame
    from washigen.games.cat_tree.model import CatTreeLayout, PlacedCard

    layout = CatTreeLayout(width=5, height=4, cards=(PlacedCard(row=1, col=1, card="box"),
                                                     PlacedCard(row=3, col=2, card="hammock")))
    response = client.post("/api/validate?name=tree.json", content=dumps(layout).encode())
    body = response.json()
    [violation] = [v for v in body["report"]["violations"] if v["severity"] == "error"]
    assert violation["where"] == {"card": [3, 2]}
    _, _, x, y = tree_frame(layout)
    # row 3 of 4 is the second from the top; column 2 the second from the left
    assert violation["mark"] == pytest.approx([x + (CELL_W + GAP), y + (CELL_H + GAP), CELL_W, CELL_H])
    assert body["score"] == 5                                    # the box alone; the hanging hammock scores nothing


def test_a_trail_route_tile_and_row_are_marked_on_the_board(client):
    import washigen
    from washigen.games.trail_route.draw import BOARD_CELL, road_origin
    from washigen.studio.places import mark

    made = client.post("/api/design", json={"game": "trail-route", "component": "setup", "seed": 1}).json()
    geometry = made["geometry"]
    x, y = road_origin()
    assert [geometry[k] for k in ("x", "y", "w", "h", "pitch_x", "pitch_y", "rows", "cols", "rows_up")] == \
        [x, y, BOARD_CELL, BOARD_CELL, BOARD_CELL, BOARD_CELL, 6, 7, False]
    places = washigen.draw(loads(json.dumps(made["design"]))).pages[0].places
    assert mark(places, {"tile": (2, 3)}) == [x + 2 * BOARD_CELL, y + BOARD_CELL, BOARD_CELL, BOARD_CELL]
    assert mark(places, {"row": 6}) == [x, y + 5 * BOARD_CELL, 7 * BOARD_CELL, BOARD_CELL]
    assert mark(places, {"seat": 2}) is None and mark(places, {"tile": (9, 1)}) is None


def test_any_page_of_a_print_can_be_previewed(client):
    first = client.post("/api/design", json={"game": "cat-tree", "component": "deck"}).json()
    second = client.post("/api/design", json={"game": "cat-tree", "component": "deck", "page": 1}).json()
    beyond = client.post("/api/design", json={"game": "cat-tree", "component": "deck", "page": 99}).json()
    assert (first["page"], second["page"], beyond["page"]) == (0, 1, first["pages"] - 1)
    assert first["svg"] != second["svg"] and first["design"] == second["design"]
    sheets = client.post("/api/design", json={"game": "trail-route", "component": "components", "page": 2}).json()
    assert sheets["design"] is None and sheets["page"] == 2 and sheets["pages"] > 2
    assert_error(client.post("/api/design", json={"game": "cat-tree", "component": "deck", "page": -1}), 400,
                 "page")
    again = client.post("/api/validate?name=deck.json&page=1", content=json.dumps(first["design"]).encode())
    assert again.json()["svg"] == second["svg"]


def test_a_killed_studios_folder_is_swept_by_the_next(tmp_path):
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    abandoned = tmp_path / f"washigen-studio-{gone}-abc123"
    (abandoned / "x").mkdir(parents=True)
    alive = tmp_path / f"washigen-studio-{os.getpid()}-def456"
    alive.mkdir()
    with TestClient(create_app(tmp_path), base_url=LOCAL):
        assert not abandoned.exists() and alive.exists()


def test_a_cops_location_is_marked_on_the_map(client):
    from washigen.games.cops.generate import generate_map as cops_map

    design = cops_map(players=2, seed=1)
    segment = design.segments[1]
    zone = segment.zones[0]
    first, second = zone.locations[:2]
    on_top = dataclasses.replace(second, x=first.x, y=first.y)            # two locations in one place
    zone = dataclasses.replace(zone, locations=(first, on_top) + zone.locations[2:])
    broken = dataclasses.replace(design, segments=(design.segments[0],
                                                   dataclasses.replace(segment, zones=(zone,) + segment.zones[1:])))
    body = client.post("/api/validate?name=cops.json", content=dumps(broken).encode()).json()
    overlap = next(v for v in body["report"]["violations"] if v["rule"] == "cops.location.overlap")
    assert overlap["where"]["location"] == first.id
    # the second segment starts one segment length to the right on the map's drawing
    assert overlap["mark"] == pytest.approx([first.x + design.segment_length, first.y + design.shift(1), first.w,
                                             first.h])


def test_the_preview_and_the_print_speak_the_language_asked(client, tmp_path):
    assert "de" in client.get("/api/games").json()["languages"]
    made = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 6, "lang": "de"}).json()
    # the map's band prints its seed line (its captions are left out where the band cannot hold them at 6 pt)
    assert "Startwert 6 ·" in made["svg"] and "seed 6 ·" not in made["svg"]
    english = client.post("/api/design", json={"game": "cats", "component": "map", "seed": 6}).json()
    assert "seed 6 ·" in english["svg"] and english["design"] == made["design"]
    response = client.post("/api/render?format=pdf", json={"design": made["design"], "options": {"lang": "de"}})
    out = tmp_path / "de.pdf"
    assert cli("cats", "map", "--seed", 6, "--lang", "de", "-o", out).exit_code == 0
    assert response.content == out.read_bytes()
    sheet = client.post("/api/design", json={"game": "cats", "component": "sheet", "lang": "de"}).json()
    assert "Spezialzüge" in sheet["svg"]
    checked = client.post("/api/validate?name=map.json&lang=de", content=json.dumps(made["design"]).encode())
    assert checked.json()["svg"] == made["svg"]
    assert_error(client.post("/api/design", json={"game": "cats", "component": "map", "lang": "fr"}), 400,
                 "lang", "fr")


# -- POST /api/board and /api/game: a bot game on the board ------------------------------------------------------------

def test_the_board_steps_through_the_game_the_play_command_plays(client, tmp_path):
    design = json.loads(dumps(generate_map(players=2, seed=5)))
    (tmp_path / "map.json").write_text(json.dumps(design))
    played = client.post("/api/play", json={"design": design, "seed": 3}).json()
    moves = played["board"]["moves"]
    printed = cli("cats", "play", "--map", tmp_path / "map.json", "--seed", 3).output
    assert played["lines"] == [line for line in printed.splitlines() if line.strip()]
    assert moves == sum(1 for line in played["lines"] if line.split(".")[0].isdigit()) > 3

    boards = [client.post("/api/board", json={"design": design, "seed": 3, "step": k}).json() for k in range(4)]
    assert [b["step"] for b in boards] == [0, 1, 2, 3] and all(b["moves"] == moves for b in boards)
    assert all(a["svg"] != b["svg"] for a, b in zip(boards, boards[1:]))
    assert cli("cats", "play", "--map", tmp_path / "map.json", "--seed", 3, "-o", tmp_path / "game.svg").exit_code == 0
    last = client.post("/api/board", json={"design": design, "seed": 3, "step": moves + 50}).json()
    assert last["step"] == moves and last["svg"] == (tmp_path / "game.svg").read_text("utf-8")

    response = client.post("/api/game?format=pdf", json={"design": design, "seed": 3,
                                                         "options": {"paper": "a4", "bleed": "0mm", "lang": "de"}})
    assert response.status_code == 200, response.text
    assert 'filename="cats-game-5-3.pdf"' in response.headers["content-disposition"]
    assert cli("cats", "play", "--map", tmp_path / "map.json", "--seed", 3, "--bleed", "0mm", "--lang", "de", "-o",
               tmp_path / "game.pdf").exit_code == 0
    assert response.content == (tmp_path / "game.pdf").read_bytes()


def test_the_board_refuses_what_it_cannot_draw(client):
    design = json.loads(dumps(generate_map(players=2, seed=5)))
    assert_error(client.post("/api/board", json={"design": design, "seed": 3, "step": "last"}), 400, "step")
    assert_error(client.post("/api/board", json={"design": design, "seed": 3, "step": -1}), 400, "step")
    assert_error(client.post("/api/game?format=txt", json={"design": design, "seed": 3}), 400, "format")
    assert_error(client.post("/api/board", json={"seed": 3, "step": 1}), 400, "design")
    tree = next(iter(get_game("cat-tree").golden().values()))
    assert_error(client.post("/api/board", json={"design": json.loads(dumps(tree)), "step": 1}), 409, "board")
    assert_error(client.get("/api/board"), 405, "POST")


def test_a_design_knows_the_part_that_makes_it_and_a_cat_tree_tree_replays_its_game():
    """Which component made a design comes from the game's spec (its makers), not from a list kept elsewhere."""
    import washigen
    from washigen.games.registry import maker_of
    from washigen.studio.api import replays_its_making

    tree = washigen.generate("cat-tree", "play", seed=2)
    cat_tree = get_game("cat-tree")
    assert maker_of(cat_tree, tree).name == "play" and replays_its_making(cat_tree, tree)
    cats = get_game("cats")
    game_map = washigen.generate("cats", "map", seed=1)
    assert maker_of(cats, game_map).name == "map" and not replays_its_making(cats, game_map)
    assert maker_of(cats, washigen.generate("cats", "setup", seed=1)).name == "setup"
    assert maker_of(cats, washigen.generate("cats", "tape", seed=1)).name == "tape"       # a roll


def test_the_listing_speaks_the_language_asked(client):
    english = client.get("/api/games").json()
    german = client.get("/api/games?lang=de").json()
    assert [g["name"] for g in german["games"]] == [g["name"] for g in english["games"]]
    cats_en = next(g for g in english["games"] if g["name"] == "cats")["components"][0]
    cats_de = next(g for g in german["games"] if g["name"] == "cats")["components"][0]
    spec = next(c for c in get_game("cats").components if c.name == cats_en["name"])
    assert cats_en["help"] == spec.help_text("en") and cats_de["help"] == spec.help_text("de")
    assert [p["help"] for p in cats_de["params"]] == [
        next(p for p in spec.params if p.keyword == shown["name"]).help_text("de") for shown in cats_de["params"]]
    assert {k: v for k, v in cats_de.items() if k not in ("help", "params", "label")} == \
           {k: v for k, v in cats_en.items() if k not in ("help", "params", "label")}
    assert (cats_en["label"], cats_de["label"]) == ("map", "Spielfeld")           # the Part picker's word
    assert_error(client.get("/api/games?lang=xx"), 400, "lang", "'xx'")


def test_a_png_too_large_at_its_dpi_is_refused_in_the_forms_words(client, caplog):
    """The refusal named the command line's --dpi; the page's field is the PNG resolution."""
    for path, body in (("/api/render?format=png", {"design": generate_map_json(), "options": {"dpi": 2400,
                                                                                              "paper": "a4"}}),
                       ("/api/render?format=png", {"game": "trail-route", "component": "components",
                                                   "options": {"dpi": 2400}})):
        answer = assert_refused(client, caplog, client.post(path, json=body), "dpi", "options.dpi: 2400 dpi makes")
        assert "--dpi" not in answer["error"] and "lower the PNG resolution" in answer["reason"]
        assert answer["value"] == 2400


@pytest.mark.parametrize("value, said", [([], "a list"), (None, "null"), (0, "a number"), (False, "true or false"),
                                         ("", "text")])
def test_params_and_options_that_are_not_objects_are_refused_naming_them(client, caplog, value, said):
    """"params": [] or null, and "options": [] or null, were taken as no parameters (200, the defaults made)."""
    fresh = {"game": "cats", "component": "map", "seed": 1}
    design = generate_map_json()
    for path, body, field in (("/api/design", {**fresh, "params": value}, "params"),
                              ("/api/design?stream=1", {**fresh, "params": value}, "params"),
                              ("/api/render?format=pdf", {**fresh, "params": value}, "params"),
                              ("/api/render?format=pdf", {**fresh, "options": value}, "options"),
                              ("/api/render?format=pdf", {"design": design, "options": value}, "options"),
                              ("/api/render?format=json", {"design": design, "options": value}, "options"),
                              ("/api/game?format=svg", {"design": design, "seed": 1, "options": value}, "options")):
        response = client.post(path, json=body)
        if "stream" in path:
            event = json.loads(response.text.strip().splitlines()[-1])
            assert (event["status"], event["field"]) == (400, field) and said in event["reason"]
            continue
        answer = assert_refused(client, caplog, response, field, f"{field}: must be an object")
        assert answer["reason"].endswith(f"got {said}")


@pytest.mark.parametrize("body, field, says", [
    ({}, "game", "missing"), ({"game": None}, "game", "missing"), ({"game": 3}, "game", "must be text"),
    ({"game": ["cats"]}, "game", "must be text"), ({"game": "cats"}, "component", "missing"),
    ({"game": "cats", "component": None}, "component", "missing"),
    ({"game": "cats", "component": {"name": "map"}}, "component", "must be text")])
def test_a_game_or_component_missing_or_not_text_is_a_bad_request_naming_it(client, caplog, body, field, says):
    """{"game": null} was answered 404 "unknown game 'None'", as if a game of that name had been asked for."""
    for path in ("/api/design", "/api/render?format=pdf"):
        answer = assert_refused(client, caplog, client.post(path, json={**body, "seed": 1}), field,
                                f"{field}: {says}")
        assert "None" not in answer["error"]
    assert_error(client.post("/api/design", json={"game": "chess"}), 404, "unknown game 'chess'")


def test_the_balance_refuses_bots_it_does_not_play_naming_bots(client, caplog):
    """"bots": "foo" was answered 200 with the greedy bots' numbers, the field dropped without a word."""
    design = generate_map_json()
    for path in ("/api/balance", "/api/balance/chart?format=svg"):
        for bots, says in (("foo", "played by greedy bots alone"), ("strong", "washigen cats balance --bots"),
                           (3, "must be text"), (None, "must be text")):
            answer = assert_refused(client, caplog, client.post(path, json={"design": design, "games": 2,
                                                                            "bots": bots}), "bots", says)
            assert answer["error"].startswith("bots: ")
    plain = client.post("/api/balance", json={"design": design, "games": 2}).json()
    assert client.post("/api/balance", json={"design": design, "games": 2, "bots": "greedy"}).json() == plain


MAP_JSON = {"game": "cats", "component": "map", "seed": 1}


@pytest.mark.parametrize("path, body, field, reads", [
    ("/api/design", {**MAP_JSON, "paramz": {"players": 3}}, "paramz", "game, component, params, seed, page, lang"),
    ("/api/render?format=pdf", {**MAP_JSON, "lang": "de"}, "lang", "game, component, params, seed, options"),
    ("/api/render?format=pdf", {"design": "MAP", "seed": 3}, "seed", "design, options"),
    ("/api/balance", {"design": "MAP", "games": 2, "sed": 3}, "sed", "design, games, seed, bots"),
    ("/api/balance/chart?format=svg", {"design": "MAP", "games": 2, "format": "png"}, "format",
     "design, games, seed, bots, lang"),
    ("/api/play", {"design": "MAP", "seed": 1, "step": 3}, "step", "design, seed"),
    ("/api/board", {"design": "MAP", "seed": 1, "steps": 3}, "steps", "design, seed, step, lang"),
    ("/api/game?format=svg", {"design": "MAP", "seed": 1, "lang": "de"}, "lang", "design, seed, options"),
])
def test_a_field_a_request_does_not_read_is_refused_naming_it_and_those_it_reads(client, caplog, path, body, field,
                                                                                  reads):
    """Such a field (a typo, or a print option beside its options) was dropped, and the answer made without it."""
    body = {key: generate_map_json() if value == "MAP" else value for key, value in body.items()}
    answer = assert_refused(client, caplog, client.post(path, json=body), field, f"{field}: POST ")
    assert answer["reason"].endswith(f"reads no such field; it reads {reads}")


@pytest.mark.parametrize("lang", [3, ["de"], {"de": 1}, True])
def test_a_language_that_is_not_text_is_refused_as_such(client, caplog, lang):
    """["de"] was looked up as the language "['de']" (and 3 as '3'): refused, but saying no such language."""
    design = generate_map_json()
    for path, body in (("/api/design", {**MAP_JSON, "lang": lang}),
                       ("/api/board", {"design": design, "seed": 1, "lang": lang}),
                       ("/api/balance/chart?format=svg", {"design": design, "games": 2, "lang": lang})):
        assert_refused(client, caplog, client.post(path, json=body), "lang", "lang: must be text")


def test_a_flag_that_is_not_true_or_false_is_refused_in_jsons_words(client, caplog):
    """The spec's refusal said Python's "True or False" to a page that sends JSON's true and false."""
    for value in ("yes", 1, "true", [True]):
        answer = assert_refused(client, caplog, client.post("/api/design", json={**MAP_JSON, "params": {
            "coop": value}}), "coop", "coop: must be true or false")
        assert "True" not in answer["error"]
