"""Tiled maps as Tiled users leave them: the XML format (.tmx) written and read, base64 layers (plain, zlib, gzip),
flipped tiles, layers moved into group layers, properties washigen does not know (kept and written back), and
coloured wall and opening layers. Where Debian's `tiled` is installed, the map editor itself converts and draws
washigen's maps; XML from a file is untrusted: no DTD, no entity."""

from __future__ import annotations

import base64
import copy
import gzip
import json
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import washigen
from washigen.cli import main
from washigen.design import to_dict
from washigen.errors import DesignFormatError
from washigen.games import get_game
from washigen.design import load_tmj
from washigen.tiled import EXTRAS, write_tmj

TILED, RASTERIZER = shutil.which("tiled"), shutil.which("tmxrasterizer")
NO_TILED = "Tiled is not installed (Debian: apt-get install tiled): the map editor's own reading is not tested"
needs_tiled = pytest.mark.skipif(TILED is None, reason=NO_TILED)
FLIPS = (0x80000000, 0x40000000, 0x20000000, 0x10000000, 0xE0000000)   # across, down, diagonal, hex, all three


def run(*args, stdin: bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin, catch_exceptions=False)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict:
    """A Cats map and a Trail Route board, each written as .tmj and as .tmx."""
    folder = tmp_path_factory.mktemp("tmx")
    designs = {"cats": washigen.generate("cats", "map", players=2, seed=3),
               "board": washigen.generate("trail-route", "setup", seed=3)}
    for name, design in designs.items():
        for suffix in (".tmj", ".tmx"):
            write_tmj(get_game(design.GAME), design, to_dict(design), folder / f"{name}{suffix}")
    return {"folder": folder, **designs}


def layer(document: dict, name: str) -> dict:
    return next(item for item in document["layers"] if item["name"] == name)


def edited_tmj(made, change, name: str = "cats") -> bytes:
    document = json.loads((made["folder"] / f"{name}.tmj").read_bytes())
    change(document)
    return json.dumps(document).encode()


def as_base64(ids: list[int], compression: str) -> str:
    packed = struct.pack(f"<{len(ids)}I", *ids)
    packed = {"": packed, "zlib": zlib.compress(packed), "gzip": gzip.compress(packed)}[compression]
    return base64.b64encode(packed).decode()


# --- .tmx written and read ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cats", "board"])
def test_a_tmx_loads_back_equal_to_the_design_it_was_written_from(made, name):
    assert washigen.load(made["folder"] / f"{name}.tmx") == made[name]


def test_a_tmx_is_tileds_xml_with_csv_rows_and_the_maps_properties(made):
    root = ET.parse(made["folder"] / "cats.tmx").getroot()
    assert root.tag == "map" and root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    width, height = int(root.get("width")), int(root.get("height"))
    data = root.find("layer[@name='cells']/data")
    assert data.get("encoding") == "csv"
    rows = data.text.strip().split("\n")
    assert len(rows) == height and all(len(row.rstrip(",").split(",")) == width for row in rows)
    names = {p.get("name"): p for p in root.findall("properties/property")}
    assert names["players"].get("type") == "int" and names["players"].get("value") == "2"
    assert json.loads(names["pieces"].get("value"))[0]["width"] == width       # JSON, its quotes escaped
    assert root.find("tileset/image").get("source") == "cats.tiles.png"


def test_walls_and_openings_have_colours_apart_from_each_other_and_tileds_grey(made):
    """Tiled draws an object layer's lines in its colour, grey (#a0a0a4) without one: the grid's grey."""
    for suffix in (".tmj", ".tmx"):
        text = (made["folder"] / f"cats{suffix}").read_bytes()
        if suffix == ".tmj":
            colours = {item["name"]: item.get("color") for item in json.loads(text)["layers"]}
        else:
            colours = {item.get("name"): item.get("color") for item in ET.fromstring(text).findall("objectgroup")}
        walls, openings = colours["walls"], colours["openings"]
        assert all(c and len(c) == 7 and c.startswith("#") for c in (walls, openings))
        assert len({walls.lower(), openings.lower(), "#a0a0a4", "#9a9a9a"}) == 4


def test_the_cli_validates_and_renders_a_tmx_and_reads_one_from_stdin(made, tmp_path):
    path = made["folder"] / "cats.tmx"
    assert run("validate", path).exit_code == 0
    assert run("render", path, "-o", tmp_path / "map.png").exit_code == 0
    assert Image.open(tmp_path / "map.png").size[0] > 100
    assert run("validate", "-", stdin=path.read_bytes()).exit_code == 0


def test_the_cli_writes_a_tmx_by_its_extension(made, tmp_path):
    result = run("cats", "map", "--players", "2", "--seed", "3", "-o", tmp_path / "map.tmx")
    assert result.exit_code == 0, result.output
    assert ET.parse(tmp_path / "map.tmx").getroot().tag == "map" and (tmp_path / "map.tiles.png").exists()
    assert run("render", made["folder"] / "board.tmj", "-o", tmp_path / "board.tmx").exit_code == 0
    assert washigen.load(tmp_path / "board.tmx") == made["board"]


# --- what Tiled users do -------------------------------------------------------------------------------------

def test_unknown_map_and_layer_properties_are_kept_and_written_back_in_either_format(made, tmp_path):
    def annotate(document):
        document["properties"].append({"name": "author", "type": "string", "value": "Mio"})
        document["properties"].append({"name": "revision", "type": "int", "value": 7})
        document["properties"].append({"name": "season", "type": "string", "propertytype": "Season", "value": "Fall"})
        layer(document, "walls")["properties"] = [{"name": "checked", "type": "bool", "value": True}]

    design = load_tmj(edited_tmj(made, annotate), "annotated.tmj")
    assert design == made["cats"]                                 # the design itself has no such fields
    for suffix in (".tmj", ".tmx"):
        target = tmp_path / f"again{suffix}"
        write_tmj(get_game("cats"), design, to_dict(design), target)
        if suffix == ".tmj":
            written = json.loads(target.read_bytes())
            assert {"name": "author", "type": "string", "value": "Mio"} in written["properties"]
            assert layer(written, "walls")["properties"] == [{"name": "checked", "type": "bool", "value": True}]
        else:
            root = ET.parse(target).getroot()
            assert root.find("properties/property[@name='revision']").attrib == {"name": "revision", "type": "int",
                                                                                "value": "7"}
            assert root.find("objectgroup[@name='walls']/properties/property").get("value") == "true"
        kept = getattr(load_tmj(target.read_bytes(), str(target), suffix), EXTRAS)
        assert [(p["name"], p["value"]) for p in kept["map"]] == [("author", "Mio"), ("revision", 7),
                                                                   ("season", "Fall")]
        assert kept["map"][2]["propertytype"] == "Season"
        assert kept["layers"] == {"walls": [{"name": "checked", "type": "bool", "value": True}]}
        by_api = tmp_path / f"api{suffix}"                  # the API checks the design, its extras ride along
        washigen.render(design, by_api)
        assert getattr(load_tmj(by_api.read_bytes(), str(by_api), suffix), EXTRAS) == kept


def test_a_misnamed_known_property_is_still_refused_by_its_value(made):
    def bad(document):
        next(p for p in document["properties"] if p["name"] == "players")["value"] = "two"

    with pytest.raises(DesignFormatError, match="players"):
        load_tmj(edited_tmj(made, bad), "bad.tmj")


@pytest.mark.parametrize("flip", FLIPS)
def test_a_flipped_or_rotated_tile_reads_as_its_tile_and_is_written_back_unflipped(made, tmp_path, flip):
    def flip_some(document):
        for name in ("cells", "sewers"):
            data = layer(document, name)["data"]
            for index in range(0, len(data), 3):
                data[index] |= flip if data[index] else 0

    design = load_tmj(edited_tmj(made, flip_some), "flipped.tmj")
    assert design == made["cats"]
    write_tmj(get_game("cats"), design, to_dict(design), tmp_path / "again.tmj")
    assert max(layer(json.loads((tmp_path / "again.tmj").read_bytes()), "cells")["data"]) < 0x10000000


def test_a_flipped_tile_of_no_tileset_is_named_without_its_flip_bits(made):
    def unknown(document):
        layer(document, "cells")["data"][0] = 0x80000000 | 77

    with pytest.raises(DesignFormatError, match=r"layer cells, cell \(1, 1\): tile 77, which no tileset has"):
        load_tmj(edited_tmj(made, unknown), "x.tmj")


def test_layers_moved_into_nested_group_layers_are_found_by_name(made):
    def grouped(document):
        cells, sewers, walls, openings = document["layers"]
        inner = {"id": 9, "name": "edges", "type": "group", "layers": [walls, openings]}
        document["layers"] = [{"id": 8, "name": "ground", "type": "group", "layers": [cells, sewers, inner]}]

    assert load_tmj(edited_tmj(made, grouped), "grouped.tmj") == made["cats"]


def test_a_layer_name_twice_across_groups_is_refused(made):
    def twice(document):
        document["layers"].append({"id": 9, "name": "g", "type": "group", "layers": [copy.deepcopy(
            layer(document, "walls"))]})

    with pytest.raises(DesignFormatError, match="layer walls: there are two"):
        load_tmj(edited_tmj(made, twice), "twice.tmj")


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
@pytest.mark.parametrize("name", ["cats", "board"])
def test_base64_layer_data_reads_as_its_csv_does(made, name, compression):
    def packed(document):
        for item in document["layers"]:
            if item["type"] == "tilelayer":
                item.update(encoding="base64", compression=compression, data=as_base64(item["data"], compression))

    assert load_tmj(edited_tmj(made, packed, name), "packed.tmj") == made[name]


def test_a_layer_that_unpacks_past_the_map_is_refused_without_unpacking_all_of_it(made):
    bomb = base64.b64encode(zlib.compress(bytes(16 * 2**20))).decode()            # 16 MiB of zeros, 16 KiB packed

    def packed(document):
        layer(document, "cells").update(encoding="base64", compression="zlib", data=bomb)

    with pytest.raises(DesignFormatError, match=r"layer cells: must cover the map, 24 x 18 cells \(432 ids\), "
                                                r"got more than 432$"):
        load_tmj(edited_tmj(made, packed), "bomb.tmj")


def test_base64_zlib_layers_in_a_tmx_read_too(made):
    root = ET.parse(made["folder"] / "board.tmx").getroot()
    data = root.find("layer/data")
    ids = [int(v) for v in data.text.replace("\n", "").split(",")]
    data.set("encoding", "base64")
    data.set("compression", "zlib")
    data.text = "\n   " + as_base64(ids, "zlib") + "\n  "
    assert load_tmj(ET.tostring(root), "packed.tmx", ".tmx") == made["board"]


# --- the XML is untrusted -----------------------------------------------------------------------------------

BAD_XML = [
    (b'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><map>&b;</map>',
     "it declares a DTD or entities"),
    (b'<?xml version="1.0"?><!DOCTYPE map SYSTEM "file:///etc/passwd"><map/>', "it declares a DTD or entities"),
    (b'<map><!ENTITY x "y"></map>', "it declares a DTD or entities"),
    # UTF-16 with its mark is read as every file is (tests/test_audit4_files.py); another encoding is not
    ('<?xml version="1.0" encoding="ISO-8859-1"?><map name="K\xe4se"/>'.encode("latin-1"),
     "not a Tiled XML map: not UTF-8 text"),
    (b"<map><layer>", "not a Tiled XML map: not valid XML: the text ends before every tag it opens is closed at "
                      "line 1, column 13"),
    (b"<tileset/>", "its root element must be <map>, got <tileset>"),
    (b"<map>\x00</map>", "not a Tiled XML map"),
]


@pytest.mark.parametrize("data, says", BAD_XML, ids=[s for _, s in BAD_XML])
def test_xml_with_a_dtd_an_entity_or_that_is_not_a_map_is_refused(data, says, tmp_path):
    path = tmp_path / "bad.tmx"
    path.write_bytes(data)
    result = run("validate", path)
    assert result.exit_code == 2 and says in result.output, result.output


def tmx_edit(made, name: str, change) -> bytes:
    root = ET.parse(made["folder"] / f"{name}.tmx").getroot()
    change(root)
    return ET.tostring(root)


TMX_CASES = [
    (lambda r: r.set("width", "24x"), 'map width: must be a whole number 1..100000, got "24x"'),
    (lambda r: r.set("height", "1e400"), 'map height: must be a whole number 1..100000, got "1e400"'),
    (lambda r: r.set("width", "\u0662\u0664"), 'map width: must be a whole number 1..100000, got "\u0662\u0664"'),
    (lambda r: r.find("properties/property[@name='seed']").set("value", "-1"),
     "seed: Input should be greater than or equal to 0, got -1"),
    (lambda r: r.set("infinite", "1"), "map infinite: must be false, got true"),
    (lambda r: r.find("tileset").set("source", "x.tsx"), "tileset 1: must be embedded"),
    (lambda r: r.find("tileset/tile").set("id", "-1"), "tileset 1, tile 1: its id must be a whole number"),
    (lambda r: setattr(r.find("layer/data"), "text", "abc," + r.find("layer/data").text.split(",", 1)[1]),
     'layer cells, cell (1, 1): a tile id is a whole number 0..4294967295, got "abc"'),
    (lambda r: r.find("layer/data").set("encoding", "xml"), "layer cells: its data must be a list of tile ids"),
    (lambda r: r.find("objectgroup/object").set("x", "nan"), "its position must be finite numbers x and y, got"),
    (lambda r: r.find("objectgroup/object/polyline").set("points", "0,0 1;2"), "polyline point 2 must be {x, y}"),
    (lambda r: r.find("objectgroup/object/polyline").set("points", "0,0 0,1e9"), "polyline point 2 at ("),
    (lambda r: r.find("properties/property[@name='players']").set("value", "2.5"), "players"),
    (lambda r: r.find("properties/property[@name='game']").set("value", "chess"),
     'map property game: "chess" is not a game washigen knows'),
    (lambda r: r.find("properties").append(ET.Element("property", name="seed", type="int", value="1")),
     'map property "seed": given twice'),
    (lambda r: r.find("properties").append(ET.Element("property", name="c", type="class")),
     'map property "c": its value must be text'),
]


@pytest.mark.parametrize("change, says", TMX_CASES, ids=[s[:50] for _, s in TMX_CASES])
def test_a_bad_tmx_field_is_named_as_its_tmj_field_is(made, tmp_path, change, says):
    path = tmp_path / "edited.tmx"
    path.write_bytes(tmx_edit(made, "cats", change))
    result = run("validate", path)
    assert result.exit_code == 2 and says in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1


BAD_TEXT = ["", "x", "-1", "0", "1.5", "1e400", "nan", "inf", "9" * 30, "0,0 x", "\u0007"]


def test_whatever_replaces_any_tmx_attribute_the_loader_raises_only_design_format_errors(made):
    text = (made["folder"] / "board.tmx").read_bytes()
    places = [(index, key) for index, element in enumerate(ET.fromstring(text).iter()) for key in element.attrib]
    for number, (index, key) in enumerate(places):
        for value in (BAD_TEXT[number % len(BAD_TEXT)], BAD_TEXT[(number * 5 + 3) % len(BAD_TEXT)]):
            root = ET.fromstring(text)
            list(root.iter())[index].set(key, value)
            try:
                load_tmj(ET.tostring(root), "edited.tmx", ".tmx")
            except DesignFormatError as error:
                assert str(error).startswith("edited.tmx")
    assert len(places) > 100


# --- Tiled itself ---------------------------------------------------------------------------------------------

def tiled(*args: Path, program: str | None = None) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}          # no display needed
    command = [program or TILED, *(["--export-map"] if program is None else []), *map(str, args)]
    subprocess.run(command, env=environment, check=True, capture_output=True, timeout=120)
    assert args[-1].exists()


@needs_tiled
@pytest.mark.parametrize("name", ["cats", "board"])
def test_tiled_converts_washigens_maps_both_ways_and_they_load_back_equal(made, tmp_path, name):
    folder = made["folder"]
    tiled(folder / f"{name}.tmj", tmp_path / "by-tiled.tmx")
    tiled(folder / f"{name}.tmx", tmp_path / "by-tiled.tmj")
    for path in (tmp_path / "by-tiled.tmx", tmp_path / "by-tiled.tmj"):
        assert washigen.load(path) == made[name], path


@needs_tiled
def test_tileds_own_base64_layers_flips_groups_and_properties_load(made, tmp_path):
    def as_a_tiled_user_leaves_it(document):
        document["properties"].append({"name": "author", "type": "string", "value": "Mio"})
        cells = layer(document, "cells")
        cells["data"] = [gid | (0x80000000 if k % 2 else 0) for k, gid in enumerate(cells["data"])]
        cells["properties"] = [{"name": "note", "type": "string", "value": "drawn by Mio"}]
        document["layers"] = [{"id": 9, "name": "all", "type": "group", "opacity": 1, "visible": True, "x": 0,
                               "y": 0, "layers": document["layers"]}]

    (tmp_path / "cats.tiles.png").write_bytes((made["folder"] / "cats.tiles.png").read_bytes())
    (tmp_path / "user.tmj").write_bytes(edited_tmj(made, as_a_tiled_user_leaves_it))
    for compression in ("", "zlib", "gzip"):
        # Tiled keeps a map's layer format as it read it: a base64 layer in, Tiled's own base64 out
        document = json.loads((tmp_path / "user.tmj").read_bytes())
        for item in document["layers"][0]["layers"]:
            if item["type"] == "tilelayer":
                item.update(encoding="base64", compression=compression,
                            data=as_base64(item["data"], compression))
        (tmp_path / "packed.tmj").write_text(json.dumps(document))
        tiled(tmp_path / "packed.tmj", tmp_path / "by-tiled.tmx")
        data = ET.parse(tmp_path / "by-tiled.tmx").getroot().find("group/layer/data")
        assert (data.get("encoding"), data.get("compression", "")) == ("base64", compression)
        design = washigen.load(tmp_path / "by-tiled.tmx")
        assert design == made["cats"]
        write_tmj(get_game("cats"), design, to_dict(design), tmp_path / "again.tmx")
        root = ET.parse(tmp_path / "again.tmx").getroot()
        assert root.find("properties/property[@name='author']").get("value") == "Mio"
        assert root.find("layer[@name='cells']/properties/property[@name='note']").get("value") == "drawn by Mio"


@pytest.mark.skipif(RASTERIZER is None, reason=NO_TILED)
def test_tileds_rasterizer_draws_walls_and_openings_in_their_colours(made, tmp_path):
    tiled(made["folder"] / "cats.tmx", tmp_path / "drawn.png", program=RASTERIZER)
    image = Image.open(tmp_path / "drawn.png").convert("RGB")
    document = json.loads((made["folder"] / "cats.tmj").read_bytes())
    assert image.size == (document["width"] * document["tilewidth"], document["height"] * document["tileheight"])
    for name in ("walls", "openings"):
        item = layer(document, name)
        want = tuple(int(item["color"][k:k + 2], 16) for k in (1, 3, 5))
        hits = 0
        for obj in item["objects"][:20]:
            end = obj["polyline"][-1]
            x, y = round(obj["x"] + end["x"] / 2), round(obj["y"] + end["y"] / 2)     # a line's middle
            window = [image.getpixel((min(max(x + dx, 0), image.width - 1), min(max(y + dy, 0), image.height - 1)))
                      for dx in range(-2, 3) for dy in range(-2, 3)]
            hits += any(sum(abs(a - b) for a, b in zip(pixel, want)) < 60 for pixel in window)
        assert hits == min(20, len(item["objects"])), (name, hits)
