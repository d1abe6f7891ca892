"""Tiled maps (`.tmj`, the JSON map format of the Tiled map editor, https://doc.mapeditor.org): what every game's
Tiled form shares. A game that has one sets `Game.tiled` to a module with

    dump(design, image_name) -> (map document without its envelope properties, tileset PNG bytes)
    load(reader: TiledReader) -> design document (a dict as a design JSON file holds it)

washigen writes an orthogonal, finite map with one embedded tileset whose image (drawn by washigen at the map's
cell size) lies beside the map as NAME.tiles.png; the design's own fields travel as custom map properties. Reading
checks every field washigen reads by type and range (whole numbers where Tiled writes them, finite coordinates on
the map, ids within Tiled's 32 bits) and names the layer and cell, object or property of any mistake (exit 2); the
rest of the file is held to DESIGN 12's bounds (nesting, finite numbers, printable text); the game's loader then
checks the design like any design file.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .errors import DesignFormatError
from .inputs import MAX_NESTING, check_tree

EXTENSION = ".tmj"
FORMAT_VERSION = "1.10"          # the JSON format version Tiled 1.10 writes
MAX_CELLS = 100_000
MAX_TILE_PX = 4096               # a tile's side in pixels (washigen writes 16..600)
MAX_GID = 2**32 - 1              # Tiled's tile ids are unsigned 32-bit numbers (the top bits flip a tile)
MAX_PX = float(MAX_CELLS * MAX_TILE_PX)   # no coordinate of any map is further out, so decimals past it are refused
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
    """A map property that holds JSON (lists and tables Tiled has no field for), held to the same bounds."""
    value = reader.properties.get(name)
    if value is None:
        return default
    if not isinstance(value, str):
        raise reader.fail(f"map property {name}: must be a string property holding JSON, got {_shown(value)}")
    try:
        parsed = json.loads(value, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise reader.fail(f"map property {name}: not JSON ({error})") from None
    except RecursionError:
        raise reader.fail(f"map property {name}: nested deeper than {MAX_NESTING} levels") from None
    except ValueError as error:                   # NaN, Infinity, a number of thousands of digits
        raise reader.fail(f"map property {name}: {error}") from None
    check_tree(parsed, reader.source, DesignFormatError, f"map property {name}", max_float=MAX_PX)
    return parsed


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")


def _shown(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it, cut short."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) or math.isfinite(value) \
        else str(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


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
        if not isinstance(game_name, str):
            raise InputError("not a name")
        game = get_game(game_name)
    except InputError:
        raise reader.fail(f"map property game: {_shown(game_name)} is not a game washigen knows") from None
    if game.tiled is None:
        raise reader.fail(f"map property game: {game.name} has no Tiled form")
    document = game.tiled.load(reader)
    reader.check_the_rest()
    return loads(json.dumps(document), source=source)


class TiledReader:
    """A parsed .tmj with the checks every game needs: the documented map fields, layers by name and type, tile
    kinds through the tilesets' tile classes, objects with finite coordinates on the map."""

    def __init__(self, data: bytes, source: str):
        self.source = source
        self.document = self._parse(data)
        for key, wanted in (("orientation", "orthogonal"), ("infinite", False)):
            if self.document.get(key) != wanted:
                raise self.fail(f"map {key}: must be {json.dumps(wanted)}, got {_shown(self.document.get(key))}")
        self.width, self.height = self._int("width", MAX_CELLS), self._int("height", MAX_CELLS)
        self.tile_w, self.tile_h = self._int("tilewidth", MAX_TILE_PX), self._int("tileheight", MAX_TILE_PX)
        if self.width * self.height > MAX_CELLS:
            raise self.fail(f"map of {self.width} x {self.height} cells: at most {MAX_CELLS} cells")
        self.properties = self._properties(self.document.get("properties", []), "map")
        self.kinds = self._tile_kinds()
        self.layers = self._layers()

    def check_the_rest(self) -> None:
        """After the game has read its layers (each mistake named by layer and cell or object): whatever washigen
        does not read is still held to the bounds of any input, no deep nesting, no number that is not finite or
        lies past any map, no control character."""
        check_tree(self.document, self.source, DesignFormatError, "Tiled map", max_float=MAX_PX)

    def fail(self, message: str) -> DesignFormatError:
        return DesignFormatError(message, source=self.source)

    def _parse(self, data: bytes) -> dict[str, Any]:
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise self.fail(f"not a Tiled JSON map: {error}") from None
        except RecursionError:
            raise self.fail(f"not a Tiled JSON map: nested deeper than {MAX_NESTING} levels") from None
        except ValueError:                       # a whole number longer than Python reads (4,300 digits)
            raise self.fail("not a Tiled JSON map: it holds a number with thousands of digits") from None
        if not isinstance(document, dict) or document.get("type") != "map":
            raise self.fail("not a Tiled JSON map: its type must be \"map\"")
        return document

    def _int(self, key: str, most: int) -> int:
        value = self.document.get(key)
        if not _is_int(value) or not 1 <= value <= most:
            raise self.fail(f"map {key}: must be a whole number 1..{most}, got {_shown(value)}")
        return value

    def _properties(self, items: Any, where: str) -> dict[str, Any]:
        """Custom properties by name: each a {name, type, value} with a plain value (text, number, true/false)."""
        if not isinstance(items, list):
            raise self.fail(f"{where} properties: must be a list of {{name, type, value}}, got {_shown(items)}")
        values: dict[str, Any] = {}
        for item in items:
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str) or not name or "value" not in item:
                raise self.fail(f"{where} properties: {_shown(item, 60)} is not a {{name, type, value}} property")
            value = item["value"]
            if not isinstance(item.get("type", "string"), str):
                raise self.fail(f"{where} property {_shown(name)}: its type must be a name such as \"int\"")
            if not (isinstance(value, (str, bool)) or _is_number(value)):
                raise self.fail(f"{where} property {_shown(name)}: its value must be text, a finite number or "
                                f"true/false, got {_shown(value)}")
            if name in values:
                raise self.fail(f"{where} property {_shown(name)}: given twice")
            values[name] = value
        return values

    def _tile_kinds(self) -> dict[int, str]:
        """gid -> the kind its tile's class names."""
        kinds: dict[int, str] = {}
        tilesets = self.document.get("tilesets")
        if not isinstance(tilesets, list) or not tilesets:
            raise self.fail("map tilesets: washigen's maps embed their tileset; none found")
        for index, tileset in enumerate(tilesets, 1):
            first = tileset.get("firstgid") if isinstance(tileset, dict) else None
            if not _is_int(first) or not 1 <= first <= MAX_GID or "source" in tileset:
                raise self.fail(f"tileset {index}: must be embedded, with a firstgid 1..{MAX_GID}")
            tiles = tileset.get("tiles", [])
            if not isinstance(tiles, list):
                raise self.fail(f"tileset {index} tiles: must be a list of tiles, got {_shown(tiles)}")
            for number, tile in enumerate(tiles, 1):
                gid, kind = self._tile(index, number, first, tile)
                if kind is None:
                    continue
                if gid in kinds:
                    raise self.fail(f"tileset {index}, tile {number}: tile {gid} has a class already "
                                    f"({kinds[gid]})")
                kinds[gid] = kind
        return kinds

    def _tile(self, index: int, number: int, first: int, tile: Any) -> tuple[int, str | None]:
        """A tileset's tile as (its gid, the kind its class names, None for a tile without a class)."""
        where = f"tileset {index}, tile {number}"
        if not isinstance(tile, dict):
            raise self.fail(f"{where}: must be a tile {{id, type}}, got {_shown(tile)}")
        tile_id = tile.get("id")
        if not _is_int(tile_id) or not 0 <= tile_id <= MAX_GID - first:
            raise self.fail(f"{where}: its id must be a whole number 0..{MAX_GID - first}, got {_shown(tile_id)}")
        kind = tile.get("type", tile.get("class"))
        if kind is not None and not isinstance(kind, str):
            raise self.fail(f"{where}: its class must be a name, got {_shown(kind)}")
        return first + tile_id, kind

    def _layers(self) -> list[dict[str, Any]]:
        layers = self.document.get("layers")
        if not isinstance(layers, list):
            raise self.fail(f"map layers: must be a list of layers, got {_shown(layers)}")
        for number, layer in enumerate(layers, 1):
            if not isinstance(layer, dict) or not isinstance(layer.get("name"), str) \
                    or not isinstance(layer.get("type"), str):
                raise self.fail(f"map layers, layer {number}: must be a layer with a name and a type, got "
                                f"{_shown(layer)}")
        return layers

    def layer(self, name: str, kind: str) -> dict[str, Any]:
        found = [layer for layer in self.layers if layer["name"] == name]
        if len(found) != 1:
            raise self.fail(f"layer {name}: {'missing' if not found else 'there are two'}; washigen's maps have "
                            f"one {kind} layer named {name}")
        if found[0]["type"] != kind:
            raise self.fail(f"layer {name}: must be a {kind}, got {_shown(found[0]['type'])}")
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
        if not _is_int(gid) or not 0 <= gid <= MAX_GID:
            raise self.fail(f"layer {layer}, cell ({row}, {col}): a tile id is a whole number 0..{MAX_GID}, got "
                            f"{_shown(gid)}")
        if gid == 0 and empty:
            return None
        kind = self.kinds.get(gid)
        if kind not in allowed:
            shown = "no tile" if gid == 0 else f"tile {gid}" + (f" ({kind})" if kind else ", which no tileset has")
            raise self.fail(f"layer {layer}, cell ({row}, {col}): {shown}; this layer takes "
                            f"{', '.join(sorted(allowed))}")
        return kind

    def objects(self, name: str) -> list[dict[str, Any]]:
        """The objects of layer `name`, each with a whole-number id, a class that is a name (or none) and its
        position and polyline points on the map."""
        layer = self.layer(name, "objectgroup")
        objects = layer.get("objects")
        if not isinstance(objects, list):
            raise self.fail(f"layer {name}: objects must be a list of objects, got {_shown(objects)}")
        for number, obj in enumerate(objects, 1):
            self._check_object(name, number, obj)
        return objects

    def _check_object(self, layer: str, number: int, obj: Any) -> None:
        where = f"layer {layer}, object #{number}"
        if not isinstance(obj, dict):
            raise self.fail(f"{where}: must be an object, got {_shown(obj)}")
        if not _is_int(obj.get("id")) or not 0 <= obj["id"] <= MAX_GID:
            raise self.fail(f"{where}: its id must be a whole number 0..{MAX_GID}, got {_shown(obj.get('id'))}")
        where = f"layer {layer}, object {obj['id']}"
        for key in ("type", "class", "name"):
            if key in obj and not isinstance(obj[key], str):
                raise self.fail(f"{where}: its {key} must be a name, got {_shown(obj[key])}")
        x, y = obj.get("x", 0), obj.get("y", 0)
        self._on_map(where, "its position", x, y)
        for key in ("polyline", "polygon"):
            points = obj.get(key)
            if points is None:
                continue
            if not isinstance(points, list):
                raise self.fail(f"{where}: its {key} must be a list of points, got {_shown(points)}")
            for index, point in enumerate(points, 1):
                if not isinstance(point, dict):
                    raise self.fail(f"{where}: {key} point {index} must be {{x, y}}, got {_shown(point)}")
                self._on_map(where, f"{key} point {index}", point.get("x"), point.get("y"), x, y)

    def _on_map(self, where: str, what: str, x: Any, y: Any, x0: float = 0.0, y0: float = 0.0) -> None:
        """A position (relative to x0, y0) that is a pair of finite numbers within the map or on its edge (a
        tile's width of slack: the game says what lies off its grid)."""
        if not (_is_number(x) and _is_number(y)):
            raise self.fail(f"{where}: {what} must be finite numbers x and y, got {_shown(x)}, {_shown(y)}")
        ax, ay = x0 + x, y0 + y
        right, bottom = self.width * self.tile_w, self.height * self.tile_h
        if not (-self.tile_w <= ax <= right + self.tile_w and -self.tile_h <= ay <= bottom + self.tile_h):
            raise self.fail(f"{where}: {what} at ({_shown(ax)}, {_shown(ay)}) px lies off the map (0..{right} by "
                            f"0..{bottom} px)")
