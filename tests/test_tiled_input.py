"""Tiled maps (.tmj) as untrusted input (DESIGN 12): every field washigen reads is checked by type and range, and a
mistake is an exit 2 naming the layer and cell, the object or the property; whatever else the file holds is held
to the bounds of any input (nesting, finite numbers, printable text). The loader raises nothing but
DesignFormatError, whatever is put in place of any part of a map washigen wrote."""

from __future__ import annotations

import copy
import json
import math

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.errors import DesignFormatError
from washigen.design import load_tmj


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> dict[str, dict]:
    """A Cats map and a Trail Route board as washigen writes them, parsed."""
    folder = tmp_path_factory.mktemp("tiled")
    washigen.render(washigen.generate("cats", "map", players=2, seed=3), folder / "cats.tmj")
    washigen.render(washigen.generate("trail-route", "setup", seed=3), folder / "board.tmj")
    return {name: json.loads((folder / f"{name}.tmj").read_text()) for name in ("cats", "board")}


def layer(document: dict, name: str) -> dict:
    return next(item for item in document["layers"] if item["name"] == name)


def first_wall(document: dict) -> dict:
    return layer(document, "walls")["objects"][0]


def nested(layers: list, depth: int) -> dict:
    """The layers inside `depth` group layers, each named g."""
    group = {"name": "g", "type": "group", "layers": layers}
    for _ in range(depth - 1):
        group = {"name": "g", "type": "group", "layers": [group]}
    return group


def prop(document: dict, name: str) -> dict:
    return next(item for item in document["properties"] if item["name"] == name)


def run(text: str, tmp_path):
    path = tmp_path / "edited.tmj"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["validate", str(path)], catch_exceptions=False)


def _gzip_without_its_end(document: dict) -> str:
    """The cells layer's ids gzipped, less the stream's last bytes (its CRC and size): Tiled never writes that."""
    import base64
    import gzip
    import struct

    ids = layer(document, "cells")["data"]
    return base64.b64encode(gzip.compress(struct.pack(f"<{len(ids)}I", *ids))[:-8]).decode()


WALL = "layer walls, object "
# (what is changed, the message naming where); each change is made to the Cats map.
CASES = [
    # the map's own fields
    (lambda d: d.update(width="24"), 'map width: must be a whole number 1..100000, got "24"'),
    (lambda d: d.update(width=0), "map width: must be a whole number 1..100000, got 0"),
    (lambda d: d.update(height=True), "map height: must be a whole number 1..100000, got true"),
    (lambda d: d.update(tilewidth=10**9), "map tilewidth: must be a whole number 1..4096"),
    (lambda d: d.update(width=1000, height=1000), "map of 1000 x 1000 cells: at most 100000 cells"),
    # layers
    (lambda d: d.update(layers=5), "map layers: must be a list of layers, got 5"),
    (lambda d: d["layers"].append(5), "map layers, layer 5: must be a layer with a name and a type, got 5"),
    (lambda d: d["layers"][0].update(name=["cells"]), "map layers, layer 1: must be a layer with a name"),
    (lambda d: layer(d, "cells").update(data=5), "layer cells: its data must be a list of tile ids (the CSV"),
    (lambda d: layer(d, "cells").update(encoding="base64", data="!!"), "layer cells: its data is not base64 text"),
    (lambda d: layer(d, "cells").update(encoding="base64", data="AAAA"),
     "layer cells: must cover the map, 24 x 18 cells (432 ids), got 3 bytes, not whole ids"),
    (lambda d: layer(d, "cells").update(encoding="base64", compression="zlib", data="AAAAAA=="),
     "layer cells: its zlib data does not unpack"),
    (lambda d: layer(d, "cells").update(encoding="base64", compression="gzip", data=_gzip_without_its_end(d)),
     "layer cells: its gzip data is cut short (no end of stream)"),
    (lambda d: d["properties"].append({"name": "pieces", "type": "string", "value": "[" + "9" * 5000 + "]"})
     if not any(p["name"] == "pieces" for p in d["properties"]) else
     next(p for p in d["properties"] if p["name"] == "pieces").update(value="[" + "9" * 5000 + "]"),
     "map property pieces: a number of thousands of digits is out of range"),
    (lambda d: layer(d, "cells").update(encoding="base64", compression="zstd", data="AAAA"),
     "layer cells: zstd-compressed layer data cannot be read (Python's standard library has no zstd)"),
    (lambda d: layer(d, "cells").update(encoding="base64", compression="lz4", data="AAAA"),
     'layer cells: compression "lz4"; washigen reads none, zlib or gzip'),
    # group layers
    (lambda d: d.update(layers=[{"name": "g", "type": "group", "layers": 5}]), "group g: must be a list of layers"),
    (lambda d: d.update(layers=[{"name": "g", "type": "group", "layers": [7]}]),
     "group g, layer 1: must be a layer with a name and a type, got 7"),
    (lambda d: d.update(layers=[nested(d["layers"], 9)]), "group g: group layers nested more than 8 deep"),
    (lambda d: d.update(layers=[{**nested(d["layers"], 1), "offsetx": 5}]),
     "layer cells: drawn moved by [5, 0] px (its offset or its group's)"),
    (lambda d: layer(d, "walls").update(offsety=math.inf), "layer walls: its offset must be finite numbers"),
    (lambda d: layer(d, "walls").update(properties=[{"name": "note", "value": []}]),
     'layer walls property "note": its value must be text'),
    (lambda d: layer(d, "cells")["data"].__setitem__(30, None),
     "layer cells, cell (2, 7): a tile id is a whole number 0..4294967295, got null"),
    (lambda d: layer(d, "cells")["data"].__setitem__(0, "x"), 'layer cells, cell (1, 1): a tile id is a whole number'),
    (lambda d: layer(d, "sewers")["data"].__setitem__(1, 1.5), "layer sewers, cell (1, 2): a tile id is a whole"),
    (lambda d: layer(d, "sewers")["data"].__setitem__(2, 2**40), "layer sewers, cell (1, 3): a tile id is a whole"),
    (lambda d: layer(d, "sewers")["data"].__setitem__(3, -1), "layer sewers, cell (1, 4): a tile id is a whole"),
    # tilesets and their tiles
    (lambda d: d.update(tilesets=5), "map tilesets: washigen's maps embed their tileset; none found"),
    (lambda d: d["tilesets"][0].update(firstgid=2**33), "tileset 1: must be embedded, with a firstgid 1..4294967295"),
    (lambda d: d["tilesets"][0].update(tiles=5), "tileset 1 tiles: must be a list of tiles, got 5"),
    (lambda d: d["tilesets"][0].update(tiles=[1, "x", None]), "tileset 1, tile 1: must be a tile {id, type}, got 1"),
    (lambda d: d["tilesets"][0]["tiles"][2].update(id="2"), 'tileset 1, tile 3: its id must be a whole number'),
    (lambda d: d["tilesets"][0]["tiles"][2].update(id=2**40), "tileset 1, tile 3: its id must be a whole number"),
    (lambda d: d["tilesets"][0]["tiles"][2].update(type=[]), "tileset 1, tile 3: its class must be a name, got []"),
    (lambda d: d["tilesets"][0]["tiles"][2].update(id=0), "tileset 1, tile 3: tile 1 has a class already (street)"),
    # objects and their coordinates
    (lambda d: layer(d, "walls").update(objects=5), "layer walls: objects must be a list of objects, got 5"),
    (lambda d: layer(d, "walls")["objects"].insert(0, "x"), 'layer walls, object #1: must be an object, got "x"'),
    (lambda d: first_wall(d).update(id=None), "layer walls, object #1: its id must be a whole number"),
    (lambda d: first_wall(d).update(type=[]), "its type must be a name, got []"),
    (lambda d: first_wall(d).update(x=math.nan), "its position must be finite numbers x and y, got nan"),
    (lambda d: first_wall(d).update(y=-math.inf), "its position must be finite numbers x and y, got 0, -inf"),
    (lambda d: first_wall(d).update(x="60"), 'its position must be finite numbers x and y, got "60"'),
    (lambda d: first_wall(d).update(x=1e300), "its position at (1e+300, "),
    (lambda d: first_wall(d).update(y=10**30), "lies off the map (0..1440 by 0..1080 px)"),
    (lambda d: first_wall(d).update(polyline=5), "its polyline must be a list of points, got 5"),
    (lambda d: first_wall(d)["polyline"].__setitem__(1, [0, 60]), "polyline point 2 must be {x, y}, got [0, 60]"),
    (lambda d: first_wall(d)["polyline"][1].update(x=math.inf), "polyline point 2 must be finite numbers x and y"),
    (lambda d: first_wall(d)["polyline"][1].update(y=-10**20), "polyline point 2 at ("),
    # properties
    (lambda d: d.update(properties=5), "map properties: must be a list of {name, type, value}, got 5"),
    (lambda d: d["properties"].append(5), "map properties: 5 is not a {name, type, value} property"),
    (lambda d: prop(d, "players").update(value=[2]), 'map property "players": its value must be text, a finite'),
    (lambda d: prop(d, "tape_width").update(value=math.nan), 'map property "tape_width": its value must be text'),
    (lambda d: prop(d, "players").update(type=5), 'map property "players": its type must be a name'),
    (lambda d: d["properties"].append({"name": "seed", "value": 4}), 'map property "seed": given twice'),
    (lambda d: prop(d, "game").update(value=["cats"]), 'map property "game": its value must be text'),
    (lambda d: prop(d, "game").update(value="chess"), 'map property game: "chess" is not a game washigen knows'),
    (lambda d: prop(d, "pieces").update(value=5), "map property pieces: must be a string property holding JSON"),
    (lambda d: prop(d, "pieces").update(value="[NaN]"), "map property pieces: NaN is not a number"),
    (lambda d: prop(d, "pieces").update(value="[" * 40 + "]" * 40), "map property pieces nested deeper than 32"),
    (lambda d: prop(d, "pieces").update(value="[" * 5000 + "]" * 5000), "map property pieces: nested deeper"),
    (lambda d: prop(d, "pieces").update(value="[1" + "0" * 5000 + "]"), "map property pieces: "),
    # what washigen does not read is bounded too
    (lambda d: d["layers"].append({"name": "notes", "type": "imagelayer", "deep": json.loads("[" * 40 + "]" * 40)}),
     "Tiled map nested deeper than 32 levels"),
    (lambda d: d["layers"].append({"name": "notes\u0007", "type": "imagelayer"}), "layers[4].name: control character"),
    (lambda d: d.update(nextobjectid=math.inf), "nextobjectid: inf is not a finite number"),
]


@pytest.mark.parametrize("change, says", CASES, ids=[says[:50] for _, says in CASES])
def test_a_bad_field_exits_2_naming_where(maps, tmp_path, change, says):
    document = copy.deepcopy(maps["cats"])
    change(document)
    result = run(json.dumps(document), tmp_path)          # Python's json writes NaN and Infinity as JSON5 does
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("raw, says", [
    ("1" + "0" * 5000, "not a Tiled JSON map: it holds a number with thousands of digits"),
    ("1e400", "map width: must be a whole number 1..100000, got inf"),
    ("[" * 5000 + "]" * 5000, "not a Tiled JSON map: nested deeper than 32 levels"),
])
def test_a_number_or_nesting_json_cannot_hold_in_python_exits_2(maps, tmp_path, raw, says):
    text = json.dumps(maps["cats"]).replace('"width": 24', f'"width": {raw}', 1)
    result = run(text, tmp_path)
    assert result.exit_code == 2 and says in result.output, result.output


def test_a_board_names_its_layer_and_cell_too(maps, tmp_path):
    document = copy.deepcopy(maps["board"])
    layer(document, "board")["data"][9 + 3] = {"gid": 1}
    result = run(json.dumps(document), tmp_path)
    assert result.exit_code == 2
    assert 'layer board, cell (2, 4): a tile id is a whole number 0..4294967295, got {"gid": 1}' in result.output


# What replaces a part of the map in the sweep below: every JSON type, and numbers past every range.
BAD = [None, True, -1, 0, 1.5, math.nan, math.inf, 10**30, 1e300, "x", [], [1, "x", None], {}, {"a": 1}]
LONG = 20               # a longer list (a layer's data, its objects) is stood for by its first item


def parts(node, where=()):
    """Every place in a document, each item of a short list and the first of a long one."""
    yield where
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node if len(node) <= LONG else node[:1])
    else:
        items = ()
    for key, value in items:
        yield from parts(value, (*where, key))


def replaced(document, where, value):
    if not where:
        return value
    document = copy.deepcopy(document)
    node = document
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return document


@pytest.mark.parametrize("game", ["cats", "board"])
def test_whatever_replaces_any_part_the_loader_raises_only_design_format_errors(maps, game):
    document = maps[game]
    places = list(parts(document))
    for index, where in enumerate(places):
        for value in (BAD[index % len(BAD)], BAD[(index * 5 + 3) % len(BAD)]):     # two kinds a place, all kinds
            text = json.dumps(replaced(document, where, value)).encode()
            try:
                load_tmj(text, "edited.tmj")
            except DesignFormatError as error:
                assert str(error).startswith("edited.tmj")
    assert len(places) > 60                      # the sweep reached the layers, tilesets and properties


@pytest.mark.parametrize("game, field, typo", [("cats", "players", "Players"), ("cats", "segment_rows", "segment-rows"),
                                               ("board", "players", "PLAYERS ")])
def test_a_property_spelled_like_a_field_but_for_case_or_hyphens_is_refused_naming_the_field(maps, tmp_path, game,
                                                                                            field, typo):
    """Such a property was kept as one of the user's own and the field left at its default (a 6-player map read
    as a 2-player one); a property of one's own (author) is still kept."""
    document = copy.deepcopy(maps[game])
    prop(document, field)["name"] = typo
    result = run(json.dumps(document), tmp_path)
    assert result.exit_code == 2, result.output
    assert f'map property "{typo}": no field has this name' in result.output and f"did you mean {field}?" in result.output
    assert "Traceback" not in result.output
    own = copy.deepcopy(maps[game])
    own["properties"].append({"name": "author", "type": "string", "value": "Mika"})
    assert run(json.dumps(own), tmp_path).exit_code == 0
