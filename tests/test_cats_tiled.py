"""Cats maps as Tiled JSON maps (.tmj): the documented format, the tileset image, the round trip, a hand edit that
breaks a rule (exit 1) and malformed maps (exit 2, naming the layer and cell)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import washigen
from washigen.cli import main
from washigen.games.cats.model import cell_size

from .readback import page_size_mm, pdf_pages

# The fields Tiled's JSON map format documents (doc.mapeditor.org, "JSON Map Format"), with their JSON types.
MAP_FIELDS = {"type": str, "version": str, "tiledversion": str, "orientation": str, "renderorder": str,
              "infinite": bool, "width": int, "height": int, "tilewidth": int, "tileheight": int,
              "nextlayerid": int, "nextobjectid": int, "compressionlevel": int, "layers": list, "tilesets": list,
              "properties": list}
LAYER_FIELDS = {"id": int, "name": str, "type": str, "x": int, "y": int, "opacity": (int, float), "visible": bool}
TILE_LAYER_FIELDS = {"width": int, "height": int, "data": list}
OBJECT_LAYER_FIELDS = {"draworder": str, "objects": list}
OBJECT_FIELDS = {"id": int, "name": str, "type": str, "x": (int, float), "y": (int, float), "width": (int, float),
                 "height": (int, float), "rotation": (int, float), "visible": bool}
TILESET_FIELDS = {"firstgid": int, "name": str, "tilewidth": int, "tileheight": int, "tilecount": int,
                  "columns": int, "margin": int, "spacing": int, "image": str, "imagewidth": int, "imageheight": int,
                  "tiles": list}
PROPERTY_TYPES = {"string": str, "int": int, "float": float, "bool": bool}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def has_fields(item: dict, fields: dict) -> None:
    for name, kind in fields.items():
        assert name in item, name
        assert isinstance(item[name], kind) and not (kind is int and isinstance(item[name], bool)), (name, item[name])


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiled")
    # Made once, written as `cats map -o map.tmj` writes it: a 4-player cut-up by its number, with a verdict as the
    # fairness search stores one (the search would judge it by a few hundred greedy games; here only its fields
    # travel).
    design = replace(washigen.generate("cats", "map", players=4, long=1, forests=4, cut_up=True, variant=3, seed=5),
                     play_games=200, play_score=0.0412, play_fair=True)
    washigen.save(design, folder / "map.json")
    result = CliRunner().invoke(main, ["render", str(folder / "map.json"), "-o", str(folder / "map.tmj")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return design, folder / "map.tmj"


def test_a_map_written_as_tmj_has_the_documented_tiled_fields(written):
    design, path = written
    document = json.loads(path.read_text(encoding="utf-8"))
    has_fields(document, MAP_FIELDS)
    assert (document["type"], document["orientation"], document["renderorder"]) == ("map", "orthogonal",
                                                                                     "right-down")
    assert (document["width"], document["height"]) == (design.grid.width, design.grid.height)
    assert document["infinite"] is False
    for prop in document["properties"]:
        assert set(prop) == {"name", "type", "value"} and isinstance(prop["value"], PROPERTY_TYPES[prop["type"]])
    ids = [layer["id"] for layer in document["layers"]]
    assert len(set(ids)) == len(ids) and document["nextlayerid"] > max(ids)
    objects = [o for layer in document["layers"] for o in layer.get("objects", ())]
    assert objects and document["nextobjectid"] > max(o["id"] for o in objects)
    assert len({o["id"] for o in objects}) == len(objects)
    for layer in document["layers"]:
        has_fields(layer, LAYER_FIELDS)
        if layer["type"] == "tilelayer":
            has_fields(layer, TILE_LAYER_FIELDS)
            assert len(layer["data"]) == layer["width"] * layer["height"] == design.grid.width * design.grid.height
        else:
            assert layer["type"] == "objectgroup"
            has_fields(layer, OBJECT_LAYER_FIELDS)
            for obj in layer["objects"]:
                has_fields(obj, OBJECT_FIELDS)
                assert len(obj["polyline"]) == 2 and all(set(p) == {"x", "y"} for p in obj["polyline"])
    assert {layer["name"] for layer in document["layers"]} == {"cells", "sewers", "walls", "openings"}


def test_the_tileset_image_lies_beside_the_map_at_the_maps_cell_size(written):
    design, path = written
    (tileset,) = json.loads(path.read_text(encoding="utf-8"))["tilesets"]
    has_fields(tileset, TILESET_FIELDS)
    assert tileset["tilewidth"] == round(cell_size(design.tape_width, design.segment_rows) * 12)
    assert tileset["tilecount"] == len(tileset["tiles"]) == tileset["columns"]
    with Image.open(path.parent / tileset["image"]) as image:
        assert image.size == (tileset["imagewidth"], tileset["imageheight"])
        assert image.size == (tileset["tilecount"] * tileset["tilewidth"], tileset["tileheight"])
        shrine = [t["id"] for t in tileset["tiles"] if t["type"] == "shrine"][0]
        size = tileset["tilewidth"]
        tile = image.convert("RGB").crop((shrine * size, 0, (shrine + 1) * size, size))
        red = sum(n for n, (r, g, b) in tile.getcolors(size * size) if r > 180 and g < 90 and b < 90)
        assert red > size * size // 10                           # the shrine's red torii, not a blank tile


def test_a_tmj_map_loads_back_equal_and_renders_like_its_json(written, tmp_path):
    design, path = written
    assert washigen.load(path) == design
    assert run("validate", path).exit_code == 0
    assert run("render", path, "-o", tmp_path / "from-tmj.pdf").exit_code == 0
    washigen.render(design, tmp_path / "from-design.pdf")
    sizes = [page_size_mm(pdf_pages(tmp_path / name)[0]) for name in ("from-tmj.pdf", "from-design.pdf")]
    assert sizes[0] == pytest.approx(sizes[1], abs=0.05)


def _edited(path: Path, tmp_path: Path, change) -> Path:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    target = tmp_path / "edited.tmj"
    target.write_text(json.dumps(document), encoding="utf-8")
    return target


def _layer(document: dict, name: str) -> dict:
    return next(layer for layer in document["layers"] if layer["name"] == name)


def test_a_hand_edit_that_breaks_a_rule_validates_to_exit_1_with_the_rule_id(written, tmp_path):
    design, path = written
    width = design.grid.width

    def no_sewers_in_the_top_row(document):
        _layer(document, "sewers")["data"][:width] = [0] * width

    edited = _edited(path, tmp_path, no_sewers_in_the_top_row)
    result = run("validate", edited, "--json")
    assert result.exit_code == 1
    assert "cats.home-row.no-red-sewer" in {v["rule"] for v in json.loads(result.output)["violations"]}


def _first_building_cell(design) -> tuple[int, int]:
    return design.grid.buildings[0].cells[0]


@pytest.mark.parametrize("change, message", [
    (lambda d, g: _layer(d, "cells")["data"].__setitem__(g.width + 2, 99),
     "layer cells, cell (2, 3): tile 99, which no tileset has"),
    (lambda d, g: _layer(d, "cells")["data"].__setitem__(0, 6),
     "layer cells, cell (1, 1): tile 6 (sewer-red); this layer takes building, forest, shrine, shrub, street"),
    (lambda d, g: _layer(d, "sewers")["data"].__setitem__(3, 2),
     "layer sewers, cell (1, 4): tile 2 (shrine)"),
    (lambda d, g: d["layers"].remove(_layer(d, "walls")), "layer walls: missing"),
    (lambda d, g: _layer(d, "walls").__setitem__("type", "tilelayer"), "layer walls: must be a objectgroup"),
    (lambda d, g: _layer(d, "cells")["data"].pop(), "layer cells: must cover the map"),
    (lambda d, g: _layer(d, "walls")["objects"][0]["polyline"][1].update(x=17, y=17),
     "layer walls, object 95: a corner at cell (2, 6) is off the grid lines"),     # 95: the first wall's id
    (lambda d, g: _layer(d, "openings")["objects"][0].__setitem__("type", "window"),
     "class 'window'; this layer holds cut and opening lines"),
    (lambda d, g: _layer(d, "walls")["objects"].clear(), "layers walls and openings: the building cell at row"),
    (lambda d, g: d.__setitem__("orientation", "isometric"), "map orientation: must be \"orthogonal\""),
    (lambda d, g: d["properties"].append({"name": "players", "type": "int", "value": 9}), "players"),
])
def test_a_malformed_tmj_is_refused_with_exit_2_naming_the_layer_and_cell(written, tmp_path, change, message):
    design, path = written
    edited = _edited(path, tmp_path, lambda document: change(document, design.grid))
    result = run("validate", edited)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert run("render", edited, "-o", tmp_path / "x.pdf").exit_code == 2
    assert not (tmp_path / "x.pdf").exists()


def test_only_maps_have_a_tiled_form(tmp_path):
    result = run("cats", "setup", "--seed", "1", "-o", tmp_path / "setup.tmj")
    assert result.exit_code == 2 and not (tmp_path / "setup.tmj").exists()
    result = run("cops", "map", "--seed", "1", "-o", tmp_path / "cops.tmj")
    assert result.exit_code == 2 and not (tmp_path / "cops.tmj").exists()
