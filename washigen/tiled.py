"""Tiled maps (`.tmj`, the JSON map format of the Tiled map editor, https://doc.mapeditor.org): what every game's
Tiled form shares. A game that has one sets `Game.tiled` to a module with

    dump(design, image_name) -> (map document without its envelope properties, tileset PNG bytes)
    load(reader: TiledReader) -> design document (a dict as a design JSON file holds it)

washigen writes an orthogonal, finite map with one embedded tileset whose image (drawn by washigen at the map's
cell size) lies beside the map as NAME.tiles.png; the design's own fields travel as custom map properties. Reading
checks the documented fields and names the layer and cell of any mistake (exit 2); the game's loader then checks
the design like any design file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import DesignFormatError

EXTENSION = ".tmj"
FORMAT_VERSION = "1.10"          # the JSON format version Tiled 1.10 writes
MAX_CELLS = 100_000
PROPERTY_TYPES = {bool: "bool", int: "int", float: "float", str: "string"}


def image_name(path: Path) -> str:
    return f"{path.stem}.tiles.png"


def properties(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Custom properties as Tiled stores them: [{"name", "type", "value"}]; None values are left out."""
    return [{"name": name, "type": PROPERTY_TYPES[type(value)], "value": value}
            for name, value in values.items() if value is not None]


def tileset(name: str, kinds: list[str], tile_px: int, image: str, columns: int | None = None) -> dict[str, Any]:
    """One embedded tileset, one tile a kind (left to right, `columns` a row), each tile's class naming its kind."""
    columns = columns or len(kinds)
    rows = -(-len(kinds) // columns)
    return {"firstgid": 1, "name": name, "tilewidth": tile_px, "tileheight": tile_px, "tilecount": len(kinds),
            "columns": columns, "margin": 0, "spacing": 0, "image": image, "imagewidth": tile_px * columns,
            "imageheight": tile_px * rows, "tiles": [{"id": k, "type": kind} for k, kind in enumerate(kinds)]}


def json_property(reader: "TiledReader", name: str, default: Any) -> Any:
    """A map property that holds JSON (lists and tables Tiled has no field for)."""
    value = reader.properties.get(name)
    if value is None:
        return default
    try:
        return json.loads(value) if isinstance(value, str) else None
    except json.JSONDecodeError as error:
        raise reader.fail(f"map property {name}: not JSON ({error})") from None


def tile_layer(layer_id: int, name: str, width: int, height: int, data: list[int]) -> dict[str, Any]:
    return {"id": layer_id, "name": name, "type": "tilelayer", "width": width, "height": height, "x": 0, "y": 0,
            "opacity": 1, "visible": True, "data": data}


def object_layer(layer_id: int, name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": layer_id, "name": name, "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
            "opacity": 1, "visible": True, "objects": objects}


def map_document(width: int, height: int, tile_px: int, layers: list[dict], tilesets: list[dict],
                 values: dict[str, Any]) -> dict[str, Any]:
    next_object = 1 + max((o["id"] for layer in layers for o in layer.get("objects", ())), default=0)
    return {"type": "map", "version": FORMAT_VERSION, "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "infinite": False, "width": width, "height": height,
            "tilewidth": tile_px, "tileheight": tile_px, "compressionlevel": -1,
            "nextlayerid": 1 + max((layer["id"] for layer in layers), default=0), "nextobjectid": next_object,
            "properties": properties(values), "tilesets": tilesets, "layers": layers}


def dumps(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def write_tmj(game, design, path: Path) -> list[Path]:
    """The map and its tileset image beside it, both written atomically."""
    from .design import to_dict
    from .errors import InputError
    from .output import write_bytes

    if game.tiled is None:
        raise InputError(f"{path}: {game.name} has no Tiled form; use .json")
    document, image = game.tiled.dump(design, image_name(path))
    envelope = {k: v for k, v in to_dict(design).items() if not isinstance(v, (dict, list))}
    document["properties"] = properties(envelope) + document["properties"]
    return [write_bytes(path.with_name(image_name(path)), image), write_bytes(path, dumps(document))]


def load_tmj(data: bytes, source: str):
    """A design from a Tiled map that washigen wrote (and a person may have edited)."""
    from .design import loads
    from .games import get_game
    from .errors import InputError

    reader = TiledReader(data, source)
    game_name = reader.properties.get("game")
    try:
        game = get_game(game_name)
    except InputError:
        raise reader.fail(f"map property game: {game_name!r} is not a game washigen knows") from None
    if game.tiled is None:
        raise reader.fail(f"map property game: {game.name} has no Tiled form")
    document = game.tiled.load(reader)
    return loads(json.dumps(document), source=source)


class TiledReader:
    """A parsed .tmj with the checks every game needs: the documented map fields, layers by name and type, tile
    kinds through the tilesets' tile classes."""

    def __init__(self, data: bytes, source: str):
        self.source = source
        try:
            self.document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
            raise self.fail(f"not a Tiled JSON map: {error}") from None
        if not isinstance(self.document, dict) or self.document.get("type") != "map":
            raise self.fail("not a Tiled JSON map: its type must be \"map\"")
        for key, wanted in (("orientation", "orthogonal"), ("infinite", False)):
            if self.document.get(key) != wanted:
                raise self.fail(f"map {key}: must be {json.dumps(wanted)}, got {json.dumps(self.document.get(key))}")
        self.width, self.height = self._int("width"), self._int("height")
        self.tile_w, self.tile_h = self._int("tilewidth"), self._int("tileheight")
        if self.width * self.height > MAX_CELLS:
            raise self.fail(f"map of {self.width} x {self.height} cells: at most {MAX_CELLS} cells")
        self.properties = self._properties(self.document.get("properties", []), "map")
        self.kinds = self._tile_kinds()

    def fail(self, message: str) -> DesignFormatError:
        return DesignFormatError(message, source=self.source)

    def _int(self, key: str) -> int:
        value = self.document.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(f"map {key}: must be a whole number of at least 1, got {json.dumps(value)}")
        return value

    def _properties(self, items: Any, where: str) -> dict[str, Any]:
        if not isinstance(items, list):
            raise self.fail(f"{where} properties: must be a list of {{name, type, value}}")
        values = {}
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) or "value" not in item:
                raise self.fail(f"{where} properties: {json.dumps(item)[:60]} is not a {{name, type, value}} property")
            values[item["name"]] = item["value"]
        return values

    def _tile_kinds(self) -> dict[int, str]:
        """gid -> the kind its tile's class names."""
        kinds = {}
        tilesets = self.document.get("tilesets")
        if not isinstance(tilesets, list) or not tilesets:
            raise self.fail("map tilesets: washigen's maps embed their tileset; none found")
        for index, tileset in enumerate(tilesets):
            first = tileset.get("firstgid") if isinstance(tileset, dict) else None
            if isinstance(first, bool) or not isinstance(first, int) or first < 1 or "source" in tileset:
                raise self.fail(f"tileset {index + 1}: must be embedded, with a firstgid")
            for tile in tileset.get("tiles", []):
                kind = tile.get("type", tile.get("class")) if isinstance(tile, dict) else None
                if isinstance(tile.get("id"), int) and isinstance(kind, str):
                    kinds[first + tile["id"]] = kind
        return kinds

    def layer(self, name: str, kind: str) -> dict[str, Any]:
        found = [layer for layer in self.document.get("layers", []) if isinstance(layer, dict)
                 and layer.get("name") == name]
        if len(found) != 1:
            raise self.fail(f"layer {name}: {'missing' if not found else 'there are two'}; washigen's maps have "
                            f"one {kind} layer named {name}")
        if found[0].get("type") != kind:
            raise self.fail(f"layer {name}: must be a {kind}, got {found[0].get('type')!r}")
        return found[0]

    def tiles(self, name: str, allowed: set[str], empty: bool) -> list[list[str | None]]:
        """The tile layer `name` as rows of kinds (None where empty), every tile one of `allowed`."""
        layer = self.layer(name, "tilelayer")
        data = layer.get("data")
        if layer.get("encoding", "csv") != "csv" or not isinstance(data, list):
            raise self.fail(f"layer {name}: its data must be a plain list of tile ids (save with the CSV layer "
                            "format)")
        if (layer.get("width"), layer.get("height")) != (self.width, self.height) or \
                len(data) != self.width * self.height:
            raise self.fail(f"layer {name}: must cover the map, {self.width} x {self.height} cells "
                            f"({self.width * self.height} ids), got {len(data)}")
        rows = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                gid = data[r * self.width + c]
                row.append(self._kind(name, gid, r + 1, c + 1, allowed, empty))
            rows.append(row)
        return rows

    def _kind(self, layer: str, gid: Any, row: int, col: int, allowed: set[str], empty: bool) -> str | None:
        if gid == 0 and empty:
            return None
        kind = self.kinds.get(gid) if isinstance(gid, int) and not isinstance(gid, bool) else None
        if kind not in allowed:
            shown = "no tile" if gid == 0 else f"tile {gid}" + (f" ({kind})" if kind else ", which no tileset has")
            raise self.fail(f"layer {layer}, cell ({row}, {col}): {shown}; this layer takes "
                            f"{', '.join(sorted(allowed))}")
        return kind

    def objects(self, name: str) -> list[dict[str, Any]]:
        layer = self.layer(name, "objectgroup")
        objects = layer.get("objects")
        if not isinstance(objects, list) or not all(isinstance(o, dict) for o in objects):
            raise self.fail(f"layer {name}: objects must be a list of objects")
        return objects
