"""Trail Route setups as Tiled maps (.tmj): documented fields, the tileset image, the round trip, a hand edit that
breaks a rule (exit 1) and malformed boards (exit 2, naming the layer and cell)."""

from __future__ import annotations

import json

import pytest
from PIL import Image

import washigen
from washigen.games.trail_route.model import DEST_CODES, ROAD_CODES

from .test_cats_tiled import MAP_FIELDS, TILE_LAYER_FIELDS, TILESET_FIELDS, has_fields, run


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiled")
    design = washigen.generate("trail-route", "setup", players=3, seed=4)
    assert washigen.render(design, folder / "board.tmj") == [folder / "board.tiles.png", folder / "board.tmj"]
    return design, folder / "board.tmj"


def test_a_board_as_tmj_has_the_documented_fields_and_its_tileset_image(written):
    design, path = written
    document = json.loads(path.read_text(encoding="utf-8"))
    has_fields(document, MAP_FIELDS)
    (layer,) = document["layers"]
    has_fields(layer, TILE_LAYER_FIELDS)
    assert (layer["name"], document["width"], document["height"]) == ("board", 9, design.rows)
    (tileset,) = document["tilesets"]
    has_fields(tileset, TILESET_FIELDS)
    assert tileset["tilecount"] == len(ROAD_CODES) + len(DEST_CODES) == len(tileset["tiles"])
    with Image.open(path.parent / tileset["image"]) as image:
        rows = -(-tileset["tilecount"] // tileset["columns"])
        assert image.size == (tileset["imagewidth"], tileset["imageheight"]) == \
            (tileset["columns"] * tileset["tilewidth"], rows * tileset["tileheight"])


def test_a_board_loads_back_equal(written):
    design, path = written
    assert washigen.load(path) == design
    assert run("validate", path).exit_code == 0


def _edit(path, tmp_path, change):
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    target = tmp_path / "edited.tmj"
    target.write_text(json.dumps(document), encoding="utf-8")
    return target


def _property(document, name):
    return next(p for p in document["properties"] if p["name"] == name)


def _gid(document, code):
    return next(t["id"] for t in document["tilesets"][0]["tiles"] if t["type"] == code) + 1


def test_a_hand_edit_that_walls_a_row_off_validates_to_exit_1(written, tmp_path):
    _, path = written

    def walls_across_row_1(document):
        document["layers"][0]["data"][2:9] = [_gid(document, "wall")] * 7

    result = run("validate", _edit(path, tmp_path, walls_across_row_1), "--json")
    assert result.exit_code == 1
    rules = {v["rule"] for v in json.loads(result.output)["violations"]}
    assert {"trail-route.row.impassable", "trail-route.mix.count"} <= rules


@pytest.mark.parametrize("change, message", [
    (lambda d: d["layers"][0]["data"].__setitem__(0, _gid(d, "wall")),
     "layer board, cell (1, 1): wall is not a destination tile"),
    (lambda d: d["layers"][0]["data"].__setitem__(9 + 5, _gid(d, "fixed-4")),
     "layer board, cell (2, 6): fixed-4 is not a road tile"),
    (lambda d: d["layers"][0]["data"].__setitem__(4, 500), "layer board, cell (1, 5): tile 500, which no tileset"),
    (lambda d: d["layers"][0].__setitem__("name", "tiles"), "layer board: missing"),
    (lambda d: _property(d, "seats").update(value="[oops"),
     "map property seats: not valid JSON: Expecting value at line 1, column 2"),
    (lambda d: d["properties"].append({"name": "seats", "type": "string", "value": "[]"}),
     'map property "seats": given twice'),
])
def test_a_malformed_board_is_refused_naming_the_layer_and_cell(written, tmp_path, change, message):
    _, path = written
    result = run("validate", _edit(path, tmp_path, change))
    assert result.exit_code == 2 and message in result.output, result.output
