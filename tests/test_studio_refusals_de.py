"""The studio's refusals in the page's language and with the field at fault (DESIGN 10, 11, 12): a German page's
refusal holds no English word of the catalog but the names and values it quotes, whatever Python's json, expat or
zlib would have said; every refusal of one field of the request (a query parameter, a print option) names it in
`field`; a design nothing plays is a conflict (409) at every endpoint that plays; and a body the command line reads
(one starting with a UTF-8 BOM) the studio reads too."""

from __future__ import annotations

import json
import re

import pytest

import washigen
from washigen.design import dumps

from .test_languages import COMMAND_WORDS, catalog, words  # noqa: F401
from .test_refusal_languages import english_words  # noqa: F401
from .test_studio_api import LOCAL, client, workdir  # noqa: F401

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ENGLISH = {"Accept-Language": "en"}
# What an answer quotes stays as it is in every language: quoted values, `key: value` forms, requests, file names,
# the names a refusal lists as known (fields, options, parts: "paper, bleed, crop_marks").
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|(?:GET|POST) /api/[\w/]+|\S+\.(?:tmj|tmx|json|txt)\b"
                    r"|(?:[\w-]+, )+[\w-]+|(?<=it takes )[\w-]+$")


def both(client, method: str, url: str, **kw) -> tuple[dict, dict, int]:  # noqa: F811
    """The answer in English and in German, and its status (the same in both)."""
    english = client.request(method, url, headers=ENGLISH, **kw)
    german = client.request(method, url, headers=GERMAN, **kw)
    assert english.status_code == german.status_code, (english.text, german.text)
    return english.json(), german.json(), german.status_code


def assert_wholly_german(english: str, german: str, english_words: set[str], *names: str) -> None:  # noqa: F811
    """The German answer is not the English one and holds no English word of the catalog, but what it quotes and
    the `names` (fields, kinds) it gives as the request spells them."""
    assert german != english
    quoted = set().union(set(), *(words(q) for q in QUOTED.findall(english)), *(words(n) for n in names))
    left = (words(QUOTED.sub(" ", german)) & english_words) - quoted - COMMAND_WORDS
    assert not left, (german, sorted(left))


# -- Tiled maps and Cat Tree layouts that do not parse ----------------------------------------------------------------

@pytest.fixture(scope="module")
def tiled(tmp_path_factory) -> dict[str, str]:
    """A Cats map and a Trail Route setup as washigen writes them, .tmj and .tmx."""
    folder = tmp_path_factory.mktemp("tiled-de")
    files = {}
    for name, design in (("karte", washigen.generate("cats", "map", players=2, seed=3)),
                         ("brett", washigen.generate("trail-route", "setup", seed=3))):
        for form in (".tmj", ".tmx"):
            washigen.render(design, folder / f"{name}{form}")
            files[f"{name}{form}"] = (folder / f"{name}{form}").read_text(encoding="utf-8")
    return files


def upload(client, name: str, text: str | bytes):  # noqa: F811
    data = text.encode("utf-8") if isinstance(text, str) else text
    return both(client, "POST", f"/api/validate?name={name}&svg=0", content=data)


@pytest.mark.parametrize("name", ["karte.tmj", "brett.tmj"])
def test_a_tiled_json_map_cut_short_is_refused_in_our_words_and_place(client, tiled, english_words, name):  # noqa: F811
    text = tiled[name]
    english, german, status = upload(client, name, text[: len(text) // 2])
    assert status == 400
    assert re.search(r"not valid JSON: .* at line \d+, column \d+$", english["error"]), english
    assert "(char " not in english["error"]                  # json's own sentence, said as the design loader says it
    assert re.search(r"Zeile \d+, Spalte \d+$", german["error"]), german
    assert_wholly_german(english["error"], german["error"], english_words)


@pytest.mark.parametrize("name", ["karte.tmx", "brett.tmx"])
@pytest.mark.parametrize("damage", ["cut", "control character", "mismatched tag", "after the map"])
def test_a_tiled_xml_map_that_is_not_xml_is_refused_in_our_words_and_place(
        client, tiled, english_words, name, damage):  # noqa: F811
    text = tiled[name]
    broken = {"cut": text[: len(text) // 2], "control character": text.replace("<map", "<map\x01", 1),
              "mismatched tag": text.replace("</map>", "</mop>"), "after the map": text + "<map/>"}[damage]
    english, german, status = upload(client, name, broken)
    assert status == 400
    assert re.search(r"not valid XML: .* at line \d+, column \d+$", english["error"]), english
    for expat in ("token", "well-formed", "mismatched", "junk", "no element"):
        assert expat not in english["error"], english
    assert re.search(r"Zeile \d+, Spalte \d+$", german["error"]), german
    assert_wholly_german(english["error"], german["error"], english_words)


def test_an_xml_column_is_counted_from_1_as_json_counts_it(client, tiled):  # noqa: F811
    english, _, _ = upload(client, "karte.tmx", "<map>\x01</map>")
    assert english["error"].endswith("at line 1, column 6")                  # the sixth character, expat's 5


@pytest.mark.parametrize("name, key", [("karte", "pieces"), ("brett", "mix")])
@pytest.mark.parametrize("form", [".tmj", ".tmx"])
def test_a_json_property_that_is_not_json_is_refused_in_our_words(
        client, tiled, english_words, name, key, form):  # noqa: F811
    text = tiled[name + form]
    if form == ".tmj":
        document = json.loads(text)
        holder = next(p for p in document["properties"] if p["name"] == key)
        holder["value"] = "{" + holder["value"]
        broken = json.dumps(document)
    else:
        broken, count = re.subn(rf'(<property name="{key}"[^>]*value=")', r"\1{", text, count=1)
        assert count == 1, "the property is not where the test looks for it"
    english, german, status = upload(client, name + form, broken)
    assert status == 400
    assert re.search(rf"map property {key}: not valid JSON: .* at line 1, column \d+$", english["error"]), english
    assert "(char " not in english["error"]
    assert_wholly_german(english["error"], german["error"], english_words, key)


def test_layer_data_that_does_not_unpack_is_refused_without_zlibs_words(client, tiled, english_words):  # noqa: F811
    document = json.loads(tiled["karte.tmj"])
    cells = next(layer for layer in document["layers"] if layer["name"] == "cells")
    cells.update(encoding="base64", compression="zlib", data="AAAAAA==")
    english, german, status = upload(client, "karte.tmj", json.dumps(document))
    assert status == 400 and "layer cells: its zlib data does not unpack" in english["error"]
    assert "Error -3" not in english["error"] and "header" not in english["error"]
    assert_wholly_german(english["error"], german["error"], english_words, "cells")


LAYOUT = "# a Cat Tree layout\n.    .        nest\nbox  catwalk  shelf\nbox  pipe     scratcher\n"
BAD_LAYOUTS = {
    "an unknown card": (LAYOUT.replace("nest", "nestt"), "as cat-tree: line 2: unknown token 'nestt' (cell 3)"),
    "a short row": (LAYOUT + "box box\n", "as cat-tree: line 5: 2 cells, but line 2 has 3"),
    "too wide": (("box " * 70 + "\n") * 2, "as cat-tree: 70 x 2 cells; a layout holds at most 64 x 64"),
    "no rows": ("# nothing\n", "as cat-tree: no rows; write one line per row"),
}


@pytest.mark.parametrize("case", sorted(BAD_LAYOUTS))
def test_a_cat_tree_layout_that_does_not_parse_is_refused_wholly_in_german(client, english_words, case):  # noqa: F811
    text, said = BAD_LAYOUTS[case]
    english, german, status = upload(client, "baum.txt", text)
    assert status == 400 and said in english["error"], english
    cat_tree = german["error"].split("als cat-tree: ", 1)[1].split(" | ", 1)[0]   # the Cat Tree reader's part
    english_part = english["error"].split("as cat-tree: ", 1)[1].split(" | ", 1)[0]
    names = "pipe scratcher hammock catwalk box toy shelf nest"                  # the cards' names, as typed
    assert_wholly_german(english_part, cat_tree, english_words, names)


def test_the_command_line_says_a_layouts_line_as_it_says_every_text_forms(tmp_path):
    from click.testing import CliRunner

    from washigen.cli import main

    (tmp_path / "tree.txt").write_text(LAYOUT.replace("nest", "nestt"))
    result = CliRunner().invoke(main, ["cat-tree", "score", str(tmp_path / "tree.txt")])
    assert result.exit_code == 2
    assert "tree.txt, line 2: unknown token 'nestt' (cell 3)" in result.output


# -- a body with a BOM -------------------------------------------------------------------------------------------------

def test_a_body_starting_with_a_bom_is_read_as_the_command_line_reads_a_file(client, tmp_path):  # noqa: F811
    design = dumps(washigen.generate("cats", "map", players=2, seed=4))
    (tmp_path / "map.json").write_bytes(b"\xef\xbb\xbf" + design.encode())
    assert washigen.load(tmp_path / "map.json").seed == 4                  # the command line reads it
    asked = json.dumps({"design": json.loads(design)}).encode()
    plain = client.post("/api/render?format=json", content=asked, headers={"Content-Type": "application/json"})
    with_bom = client.post("/api/render?format=json", content=b"\xef\xbb\xbf" + asked,
                           headers={"Content-Type": "application/json"})
    assert with_bom.status_code == 200, with_bom.text
    assert with_bom.content == plain.content
    made = client.post("/api/design", content=b"\xef\xbb\xbf" + json.dumps({"game": "cats", "component": "map",
                                                                             "seed": 4}).encode())
    assert made.status_code == 200 and made.json()["seed"] == 4


# -- every refusal of one field names it ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cats_map() -> dict:
    return json.loads(dumps(washigen.generate("cats", "map", players=2, seed=1)))


FIELD_CASES = {
    "a page that is no number": ("POST", "/api/design", {"json": {"game": "cats", "component": "map", "page": "x"}},
                                 "page", "x"),
    "a page below 0": ("POST", "/api/design", {"json": {"game": "cats", "component": "map", "page": -1}}, "page", -1),
    "an upload's page": ("POST", "/api/validate?name=karte.json&page=zwei", "map", "page", "zwei"),
    "a language there is none of": ("POST", "/api/design", {"json": {"game": "cats", "component": "map",
                                                                     "lang": "fr"}}, "lang", "fr"),
    "an upload's language": ("POST", "/api/validate?name=karte.json&lang=fr", "map", "lang", "fr"),
    "the listing's language": ("GET", "/api/games?lang=fr", {}, "lang", "fr"),
    "a query parameter nothing reads": ("POST", "/api/render?fromat=svg", "design", "fromat", "svg"),
    "a query parameter of the listing": ("GET", "/api/games?sprache=de", {}, "sprache", "de"),
    "a query parameter of an upload": ("POST", "/api/validate?name=karte.json&seite=1", "map", "seite", "1"),
    "a query parameter of play": ("POST", "/api/play?seed=1", "design", "seed", "1"),
    "a format there is none of": ("POST", "/api/render?format=zip", "design", "format", "zip"),
    "a game's format": ("POST", "/api/game?format=gif", "design", "format", "gif"),
    "an unknown print option": ("POST", "/api/render?format=pdf", "options", "options.farbe", "cmyk"),
    "an unknown print option of a game": ("POST", "/api/game?format=pdf", "game options", "options.farbe", "cmyk"),
    "a print option the part does not take": ("POST", "/api/render?format=pdf",
                                              {"json": {"game": "cats", "component": "map",
                                                        "options": {"duplex": "long"}}}, "duplex", "long"),
    "an unknown parameter": ("POST", "/api/design", {"json": {"game": "cats", "component": "map",
                                                              "params": {"spieler": 3}}}, "params.spieler", 3),
    "an unknown game": ("POST", "/api/design", {"json": {"game": "schach", "component": "map"}}, "game", "schach"),
    "an unknown part": ("POST", "/api/design", {"json": {"game": "cats", "component": "brett"}}, "component",
                        "brett"),
}


def _request(kind, cats_map) -> dict:
    if kind == "map":
        return {"content": dumps(washigen.generate("cats", "map", players=2, seed=1)).encode()}
    if kind == "design":
        return {"json": {"design": cats_map}}
    if kind == "options":
        return {"json": {"design": cats_map, "options": {"farbe": "cmyk"}}}
    if kind == "game options":
        return {"json": {"design": cats_map, "seed": 1, "options": {"farbe": "cmyk"}}}
    return kind


@pytest.mark.parametrize("case", sorted(FIELD_CASES))
def test_a_refusal_of_one_field_names_it_with_its_reason_and_value(client, cats_map, english_words, case):  # noqa: F811
    method, url, kind, field, value = FIELD_CASES[case]
    english, german, status = both(client, method, url, **_request(kind, cats_map))
    assert status in (400, 404), english
    assert english["field"] == german["field"] == field, english
    assert english["value"] == value
    # the page says "label: reason"; the message names the place in the request (a print option's "options.")
    assert english["error"] in (f"{field}: {english['reason']}", f"options.{field}: {english['reason']}")
    assert german["error"].endswith(german["reason"]) and german["reason"] != english["reason"]
    assert_wholly_german(english["error"], german["error"], english_words, field, "options", "map")   # as named


# -- a design nothing plays is a conflict everywhere ------------------------------------------------------------------

PLAYING = ["/api/balance", "/api/balance/chart?format=svg", "/api/play", "/api/board", "/api/game?format=svg"]


@pytest.mark.parametrize("game, component", [("cat-tree", "deck"), ("cats", "tape"), ("cops", "sheet")])
def test_a_design_no_engine_plays_is_a_conflict_wherever_it_is_played(
        client, english_words, game, component):  # noqa: F811
    design = client.post("/api/design", json={"game": game, "component": component, "seed": 2}).json()["design"]
    for endpoint in PLAYING:
        english, german, status = both(client, "POST", endpoint, json={"design": design, "seed": 1})
        assert status == 409, (endpoint, english)
        assert_wholly_german(english["error"], german["error"], english_words, design["kind"])


def test_a_cat_tree_layout_holding_cards_it_was_not_dealt_is_a_conflict_for_balance_as_for_play(client):  # noqa: F811
    made = client.post("/api/design", json={"game": "cat-tree", "component": "play", "seed": 3}).json()["design"]
    unseeded = {**made, "seed": None}                    # cards on the grid, but no deal they grew from
    for endpoint in PLAYING:
        response = client.post(endpoint, json={"design": unseeded, "seed": 1, **({"games": 2} if "balance" in endpoint
                                                                                   else {})})
        assert response.status_code == 409, (endpoint, response.text)
    assert client.post("/api/balance", json={"design": made, "games": 2}).status_code == 200
