"""Tiled maps (`.tmj`, the JSON map format of the Tiled map editor, https://doc.mapeditor.org, and `.tmx`, its
XML format): what every game's Tiled form shares. A game that has one sets `Game.tiled` to a module with

    dump(design, image_name) -> (map document without its envelope properties, tileset PNG bytes)
    load(reader: TiledReader) -> design document (a dict as a design JSON file holds it)

washigen writes an orthogonal, finite map with one embedded tileset whose image (drawn by washigen at the map's
cell size) lies beside the map as NAME.tiles.png; the design's own fields travel as custom map properties. Reading
checks every field washigen reads by type and range (whole numbers where Tiled writes them, finite coordinates on
the map, ids within Tiled's 32 bits) and names the layer and cell, object or property of any mistake (exit 2); the
rest of the file is held to DESIGN 12's bounds (nesting, finite numbers, printable text); the game's loader then
checks the design like any design file.

What Tiled users do to a map is read too: layers moved into group layers are found by name; tile layers saved as
base64 (plain, zlib or gzip) are unpacked to exactly one id a cell; a flipped or rotated tile is read as its tile
(the flip bits are dropped: a kind reads the same whichever way it faces); map and layer properties washigen does
not know ride along on the loaded design and are written back with it. A `.tmx` is parsed with the standard
library's xml.etree after refusing any DTD or entity declaration (expat then expands nothing but XML's five
built-in entities and character references), and becomes the same document a `.tmj` gives, so every check above
holds for both.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import struct
import zlib
from pathlib import Path
from typing import Any, TypeGuard

from .errors import DesignFormatError
from .inputs import MAX_NESTING, NOT_TEXT, check_tree, json_syntax
from .words import N_, Says

EXTENSION = ".tmj"
EXTENSIONS = (".tmj", ".tmx")
FORMAT_VERSION = "1.10"          # the JSON format version Tiled 1.10 writes
MAX_CELLS = 100_000
MAX_TILE_PX = 4096               # a tile's side in pixels (washigen writes 16..600)
MAX_GID = 2**32 - 1              # Tiled's tile ids are unsigned 32-bit numbers (the top bits flip a tile)
MAX_PX = float(MAX_CELLS * MAX_TILE_PX)   # no coordinate of any map is further out, so decimals past it are refused
PROPERTY_TYPES = {bool: "bool", int: "int", float: "float", str: "string"}
FLIP_BITS = 0xF0000000           # a tile id's top bits: flipped across, down, diagonally, hexagonal 120 degrees
MAX_GROUP_DEPTH = 8              # group layers within group layers
MAX_CLASS = 100                  # characters of a tile's or object's class: every class washigen knows is a word
EXTRAS = "_tiled_extras"         # a loaded design's attribute: the properties washigen does not read, written back
WALL_COLOUR = "#111111"          # walls as the print draws them (black), apart from Tiled's grey grid
OPENING_COLOUR = "#e0007a"       # doors and cut sides: a magenta no tile of the tileset holds

# The places in a map that a refusal names first ("layer cells: ..."), as sentences to translate: the field names
# and layer names in them are values, typed as the file holds them.
MAP_FIELD = N_("map {key}")
MAP_PROPERTY = N_("map property {name}")
OBJECT = N_("layer {layer}, object {id}")
WHOLE_NUMBER = N_("{place}: its {key} must be a whole number 0..{most}, got {got}")
NOT_A_NAME = N_("{place}: its {key} must be a name, got {got}")
LONG_NAME = N_("{place}: its {key} must be a name of at most {most} characters, got {got}")
NOT_COVERED = N_("layer {layer}: must cover the map, {width} x {height} cells ({ids} ids), got {got}")
NOT_TILED_JSON = N_("not a Tiled JSON map: {problem}")
PLACED = N_("{place}: {message}")
NESTED = N_("nested deeper than {levels} levels")
NOT_TILED_XML = N_("not a Tiled XML map: {problem}")


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
    place = Says(MAP_PROPERTY, name=name)
    if not isinstance(value, str):
        raise reader.fail(Says(N_("{place}: must be a string property holding JSON, got {got}"), place=place,
                               got=_shown(value)))
    try:
        parsed = json.loads(value, parse_constant=_no_constant)
    except json.JSONDecodeError as error:          # what is wrong and where, in our words (json's are English)
        raise reader.fail(Says(PLACED, place=place, message=json_syntax(error))) from None
    except RecursionError:
        raise reader.fail(Says(PLACED, place=place, message=Says(NESTED, levels=MAX_NESTING))) from None
    except ValueError as error:                   # NaN, Infinity, a number of thousands of digits
        said = Says(N_("a number of thousands of digits is out of range")) if "digits" in str(error) else \
            _words(error)
        raise reader.fail(Says(PLACED, place=place, message=said)) from None
    check_tree(parsed, reader.source, DesignFormatError, place, max_float=MAX_PX)
    return parsed


def _no_constant(name: str):
    raise ValueError(Says(N_("{name} is not a number"), name=name))


def _words(error: Exception) -> Says | str:
    """An exception's message: the sentence it was raised with, or its text (Python's words)."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Says) else str(error)


def _shown(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it, cut short."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) or math.isfinite(value) \
        else str(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def tile_layer(layer_id: int, name: str, width: int, height: int, data: list[int]) -> dict[str, Any]:
    return {"id": layer_id, "name": name, "type": "tilelayer", "width": width, "height": height, "x": 0, "y": 0,
            "opacity": 1, "visible": True, "data": data}


def object_layer(layer_id: int, name: str, objects: list[dict[str, Any]], color: str | None = None
                 ) -> dict[str, Any]:
    """An object layer; `color` (#rrggbb) is what Tiled draws its objects in (grey, as its grid, without one)."""
    layer = {"id": layer_id, "name": name, "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
             "opacity": 1, "visible": True, "objects": objects}
    return {**layer, "color": color} if color else layer


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


def write_tmj(game, design, fields: dict[str, Any], path: Path) -> list[Path]:
    """The map (.tmj JSON, or .tmx XML by the extension) and its tileset image beside it, both written atomically;
    the design's plain `fields` (its JSON document's) travel as map properties, and the properties a loaded map
    held that washigen does not read are written back with it."""
    from .errors import InputError
    from .output import write_bytes

    if game.tiled is None:
        raise InputError(Says(N_("{path}: {game} has no Tiled form; use .json"), path=str(path), game=game.name))
    document, image = game.tiled.dump(design, image_name(path))
    envelope = {k: v for k, v in fields.items() if not isinstance(v, (dict, list))}
    extras = getattr(design, EXTRAS, {"map": [], "layers": {}})
    document["properties"] = properties(envelope) + document["properties"] + extras["map"]
    for layer in all_layers(document["layers"]):
        if extras["layers"].get(layer["name"]):
            layer["properties"] = extras["layers"][layer["name"]]
    text = tmx_dumps(document) if path.suffix.lower() == ".tmx" else dumps(document)
    return [write_bytes(path.with_name(image_name(path)), image), write_bytes(path, text)]


def all_layers(layers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every layer, those in group layers too, depth first (the document's own checks bound the depth)."""
    found = []
    for layer in layers:
        found.append(layer)
        if layer.get("type") == "group" and isinstance(layer.get("layers"), list):
            found += all_layers(layer["layers"])
    return found


def read_tmj(data: bytes, source: str, form: str = EXTENSION) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Tiled map (.tmj, or .tmx for `form` ".tmx") that washigen wrote (and a person may have edited), read as
    (the design document, as a design JSON file holds it; the extras): map properties that are no field of the
    design, and every layer property, for the design to keep (EXTRAS) and write_tmj to write back. The design
    itself is made by design.load_tmj."""
    from .games import get_game
    from .errors import InputError

    reader = TiledReader(data, source, form)
    game_name = reader.properties.get("game")
    try:
        if not isinstance(game_name, str):
            raise InputError("not a name")
        game = get_game(game_name)
    except InputError:
        raise reader.fail(Says(N_("{place}: {game} is not a game washigen knows"),
                               place=Says(MAP_PROPERTY, name="game"), game=_shown(game_name))) from None
    if game.tiled is None:
        raise reader.fail(Says(N_("{place}: {game} has no Tiled form"), place=Says(MAP_PROPERTY, name="game"),
                               game=game.name))
    document = game.tiled.load(reader)
    reader.check_the_rest()
    extra = _unknown_properties(game, reader)
    extras = {"map": [reader.property_items[name] for name in extra], "layers": reader.layer_properties}
    return {k: v for k, v in document.items() if k not in extra}, extras


def _unknown_properties(game, reader: "TiledReader") -> list[str]:
    """The map properties that are no field of the design the map holds (none while its kind is unknown: the
    design loader names that mistake)."""
    from dataclasses import fields

    cls = game.designs.get(reader.properties.get("kind")) if isinstance(reader.properties.get("kind"), str) \
        else None
    if cls is None:
        return []
    known = {"format", "game", "kind", *(f.name for f in fields(cls))}
    unknown = [name for name in reader.properties if name not in known]
    # A property of one's own is kept and written back; one spelled like a field but for its case, hyphens or
    # spaces (Players, segment-rows) is a typo that left the field at its default: refused, naming the field.
    spelled = {_spelling(name): name for name in known if name not in reader.properties}
    for name in unknown:
        meant = spelled.get(_spelling(name))
        if meant is not None:
            raise reader.fail(Says(N_("{place}: no field has this name; did you mean {field}? (a property is "
                                      "named exactly as its field)"), place=Says(MAP_PROPERTY, name=_shown(name)),
                                   field=meant))
    return unknown


def _spelling(name: str) -> str:
    """A property's name as a typo would leave it: case, hyphens and spaces set aside."""
    return re.sub(r"[-_\s]+", "_", name.strip().lower())


class TiledReader:
    """A parsed .tmj with the checks every game needs: the documented map fields, layers by name and type, tile
    kinds through the tilesets' tile classes, objects with finite coordinates on the map."""

    def __init__(self, data: bytes, source: str, form: str = EXTENSION):
        self.source = source
        self.document = parse_tmx(data, self.fail) if form == ".tmx" else self._parse(data)
        for key, wanted in (("orientation", "orthogonal"), ("infinite", False)):
            if self.document.get(key) != wanted:
                raise self.fail(Says(N_("{place}: must be {wanted}, got {got}"), place=Says(MAP_FIELD, key=key),
                                     wanted=json.dumps(wanted), got=_shown(self.document.get(key))))
        self.width, self.height = self._int("width", MAX_CELLS), self._int("height", MAX_CELLS)
        self.tile_w, self.tile_h = self._int("tilewidth", MAX_TILE_PX), self._int("tileheight", MAX_TILE_PX)
        if self.width * self.height > MAX_CELLS:
            raise self.fail(Says(N_("map of {width} x {height} cells: at most {most} cells"), width=self.width,
                                 height=self.height, most=MAX_CELLS))
        self.property_items: dict[str, dict[str, Any]] = {}
        self.properties = self._properties(self.document.get("properties", []), None, self.property_items)
        self.kinds = self._tile_kinds()
        self.layer_properties: dict[str, list[dict[str, Any]]] = {}
        self.layers = self._layers(self.document.get("layers"), Says(MAP_FIELD, key="layers"), 1, (0, 0))

    def check_the_rest(self) -> None:
        """After the game has read its layers (each mistake named by layer and cell or object): whatever washigen
        does not read is still held to the bounds of any input, no deep nesting, no number that is not finite or
        lies past any map, no control character."""
        check_tree(self.document, self.source, DesignFormatError, Says(N_("Tiled map")), max_float=MAX_PX)

    def fail(self, message: Says | str) -> DesignFormatError:
        return DesignFormatError(message, source=self.source)

    def _parse(self, data: bytes) -> dict[str, Any]:
        try:
            document = json.loads(data.decode("utf-8-sig"))       # a leading BOM dropped, as design.load does
        except UnicodeDecodeError as error:
            raise self.fail(Says(NOT_TILED_JSON, problem=Says(NOT_TEXT, encoding="UTF-8", byte=error.start))) from None
        except json.JSONDecodeError as error:
            raise self.fail(Says(NOT_TILED_JSON, problem=json_syntax(error))) from None
        except RecursionError:
            raise self.fail(Says(NOT_TILED_JSON, problem=Says(NESTED, levels=MAX_NESTING))) from None
        except ValueError:                       # a whole number longer than Python reads (4,300 digits)
            raise self.fail(Says(NOT_TILED_JSON, problem=Says(N_("it holds a number with thousands of digits")))
                            ) from None
        if not isinstance(document, dict) or document.get("type") != "map":
            raise self.fail(Says(NOT_TILED_JSON, problem=Says(N_("its {key} must be {wanted}"), key="type",
                                                              wanted='"map"')))
        return document

    def _int(self, key: str, most: int) -> int:
        value = self.document.get(key)
        if not _is_int(value) or not 1 <= value <= most:
            raise self.fail(Says(N_("{place}: must be a whole number 1..{most}, got {got}"),
                                 place=Says(MAP_FIELD, key=key), most=most, got=_shown(value)))
        return value

    def _properties(self, items: Any, layer: str | None, kept: dict[str, dict[str, Any]] | None = None
                    ) -> dict[str, Any]:
        """Custom properties by name, of the map (`layer` None) or of a layer: each a {name, type, value} with a
        plain value (text, number, true/false); `kept` gets each as {name, type, value} to write back."""
        place = Says(N_("map properties")) if layer is None else Says(N_("layer {layer} properties"), layer=layer)
        if not isinstance(items, list):
            raise self.fail(Says(N_("{place}: must be a list of {{name, type, value}}, got {got}"), place=place,
                                 got=_shown(items)))
        values: dict[str, Any] = {}
        for item in items:
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str) or not name or "value" not in item:
                raise self.fail(Says(N_("{place}: {item} is not a {{name, type, value}} property"), place=place,
                                     item=_shown(item, 60)))
            value = item["value"]
            one = Says(MAP_PROPERTY, name=_shown(name)) if layer is None else \
                Says(N_("layer {layer} property {name}"), layer=layer, name=_shown(name))
            if not isinstance(item.get("type", "string"), str):
                raise self.fail(Says(N_("{place}: its {key} must be a name such as {example}"), place=one, key="type",
                                     example='"int"'))
            if not (isinstance(value, (str, bool)) or _is_number(value)):
                raise self.fail(Says(N_("{place}: its {key} must be text, a finite number or {booleans}, got {got}"),
                                     place=one, key="value", booleans="true/false", got=_shown(value)))
            if name in values:
                raise self.fail(Says(N_("{place}: given twice"), place=one))
            values[name] = value
            if kept is not None:                  # an enum's property type rides along as Tiled wrote it
                enum = {"propertytype": item["propertytype"]} if isinstance(item.get("propertytype"), str) else {}
                kept[name] = {"name": name, "type": item.get("type", "string"), **enum, "value": value}
        return values

    def _tile_kinds(self) -> dict[int, str]:
        """gid -> the kind its tile's class names."""
        kinds: dict[int, str] = {}
        tilesets = self.document.get("tilesets")
        if not isinstance(tilesets, list) or not tilesets:
            raise self.fail(Says(N_("{place}: washigen's maps embed their tileset; none found"),
                                 place=Says(MAP_FIELD, key="tilesets")))
        for index, tileset in enumerate(tilesets, 1):
            first = tileset.get("firstgid") if isinstance(tileset, dict) else None
            if not _is_int(first) or not 1 <= first <= MAX_GID or "source" in tileset:
                raise self.fail(Says(N_("tileset {index}: must be embedded, with a {key} 1..{most}"), index=index,
                                     key="firstgid", most=MAX_GID))
            tiles = tileset.get("tiles", [])
            if not isinstance(tiles, list):
                raise self.fail(Says(N_("tileset {index} {key}: must be a list of tiles, got {got}"), index=index,
                                     key="tiles", got=_shown(tiles)))
            for number, tile in enumerate(tiles, 1):
                gid, kind = self._tile(index, number, first, tile)
                if kind is None:
                    continue
                if gid in kinds:
                    raise self.fail(Says(N_("tileset {index}, tile {number}: tile {gid} has a class already "
                                            "({kind})"), index=index, number=number, gid=gid, kind=kinds[gid]))
                kinds[gid] = kind
        return kinds

    def _tile(self, index: int, number: int, first: int, tile: Any) -> tuple[int, str | None]:
        """A tileset's tile as (its gid, the kind its class names, None for a tile without a class)."""
        where = Says(N_("tileset {index}, tile {number}"), index=index, number=number)
        if not isinstance(tile, dict):
            raise self.fail(Says(N_("{place}: must be a tile {{id, type}}, got {got}"), place=where, got=_shown(tile)))
        tile_id = tile.get("id")
        if not _is_int(tile_id) or not 0 <= tile_id <= MAX_GID - first:
            raise self.fail(Says(WHOLE_NUMBER, place=where, key="id", most=MAX_GID - first, got=_shown(tile_id)))
        kind = tile.get("type", tile.get("class"))
        if kind is not None and not isinstance(kind, str):
            raise self.fail(Says(NOT_A_NAME, place=where, key="class", got=_shown(kind)))
        self._short_class(where, "class", kind)
        return first + tile_id, kind

    def _short_class(self, where: Says, key: str, kind: str | None) -> None:
        """A class of a known length, so that a refusal naming it (an unknown class) quotes it whole."""
        if kind is not None and len(kind) > MAX_CLASS:
            raise self.fail(Says(LONG_NAME, place=where, key=key, most=MAX_CLASS, got=_shown(kind)))

    def _layers(self, layers: Any, where: Says, depth: int, offset: tuple[float, float]) -> list[dict[str, Any]]:
        """Every layer, those in group layers too, each with its properties checked and kept, and with the
        offset it and its groups are drawn moved by (as "_offset")."""
        if not isinstance(layers, list):
            raise self.fail(Says(N_("{place}: must be a list of layers, got {got}"), place=where, got=_shown(layers)))
        if depth > MAX_GROUP_DEPTH:
            raise self.fail(Says(N_("{place}: group layers nested more than {most} deep"), place=where,
                                 most=MAX_GROUP_DEPTH))
        found = []
        for number, layer in enumerate(layers, 1):
            if not isinstance(layer, dict) or not isinstance(layer.get("name"), str) \
                    or not isinstance(layer.get("type"), str):
                raise self.fail(Says(N_("{place}, layer {number}: must be a layer with a name and a type, got {got}"),
                                     place=where, number=number, got=_shown(layer)))
            name = layer["name"]
            moved = [layer.get(key, 0) for key in ("offsetx", "offsety")]
            if not all(_is_number(v) and abs(v) <= MAX_PX for v in moved):
                raise self.fail(Says(N_("layer {layer}: its offset must be finite numbers, got {got}"), layer=name,
                                     got=_shown(moved)))
            kept: dict[str, dict[str, Any]] = {}
            self._properties(layer.get("properties", []), name, kept)
            if kept:
                self.layer_properties.setdefault(name, list(kept.values()))
            here = (offset[0] + moved[0], offset[1] + moved[1])
            found.append({**layer, "_offset": here})
            if layer["type"] == "group":
                found += self._layers(layer.get("layers"), Says(N_("group {name}"), name=name), depth + 1, here)
        return found

    def layer(self, name: str, kind: str) -> dict[str, Any]:
        """The one layer named `name` (in a group layer or not), of type `kind`, drawn where it lies."""
        found = [layer for layer in self.layers if layer["name"] == name]
        if len(found) != 1:
            raise self.fail(Says(N_("layer {layer}: missing; washigen's maps have one {kind} layer named {layer}")
                                 if not found else
                                 N_("layer {layer}: there are two; washigen's maps have one {kind} layer named "
                                    "{layer}"), layer=name, kind=kind))
        if found[0]["type"] != kind:
            raise self.fail(Says(N_("layer {layer}: must be a {kind}, got {got}"), layer=name, kind=kind,
                                 got=_shown(found[0]["type"])))
        if found[0]["_offset"] != (0, 0):
            raise self.fail(Says(N_("layer {layer}: drawn moved by {offset} px (its offset or its group's); set the "
                                    "offset to 0 so its cells lie on the map's grid"), layer=name,
                                 offset=_shown(list(found[0]["_offset"]))))
        return found[0]

    def tiles(self, name: str, allowed: set[str], empty: bool) -> list[list[str | None]]:
        """The tile layer `name` as rows of kinds (None where empty), every tile one of `allowed`."""
        layer = self.layer(name, "tilelayer")
        data = self._tile_ids(name, layer)
        if (layer.get("width"), layer.get("height")) != (self.width, self.height):
            # Said apart from the ids' count: a layer 25 wide holding the map's 432 ids was told "432 ids, got 432".
            raise self.fail(Says(N_("layer {layer}: its width and height must be the map's, {width} x {height}, got "
                                    "{got_width} x {got_height}"), layer=name, width=self.width, height=self.height,
                                 got_width=_shown(layer.get("width")), got_height=_shown(layer.get("height"))))
        if len(data) != self.width * self.height:
            raise self.fail(Says(NOT_COVERED, layer=name, width=self.width, height=self.height,
                                 ids=self.width * self.height, got=len(data)))
        rows = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                gid = data[r * self.width + c]
                row.append(self._kind(name, gid, r + 1, c + 1, allowed, empty))
            rows.append(row)
        return rows

    def _tile_ids(self, name: str, layer: dict[str, Any]) -> list[Any]:
        """A tile layer's ids: its CSV list, or its base64 text unpacked (uncompressed, zlib or gzip)."""
        data, encoding = layer.get("data"), layer.get("encoding", "csv")
        if encoding == "csv" and isinstance(data, list):
            return data
        if encoding == "base64" and isinstance(data, str):
            return self._base64_ids(name, data, layer.get("compression", ""))
        raise self.fail(Says(N_("layer {layer}: its data must be a list of tile ids (the CSV layer format) or base64 "
                                "text (the Base64 formats), got {got} data"), layer=name, got=_shown(encoding)))

    def _base64_ids(self, name: str, text: str, compression: Any) -> list[int]:
        """Little-endian 32-bit ids, exactly one a cell; an unpacked layer is never read past that size."""
        size = 4 * self.width * self.height
        try:
            packed = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise self.fail(Says(N_("layer {layer}: its data is not base64 text"), layer=name)) from None
        if compression in ("zlib", "gzip"):
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            try:
                packed = inflater.decompress(packed, size + 1)
            except zlib.error:                   # zlib's words are English: what it means, in ours
                raise self.fail(Says(N_("layer {layer}: its {compression} data does not unpack; it is damaged, or "
                                        "packed another way"), layer=name, compression=compression)) from None
            if len(packed) == size and not inflater.eof:
                raise self.fail(Says(N_("layer {layer}: its {compression} data is cut short (no end of stream)"),
                                     layer=name, compression=compression))
        elif compression == "zstd":
            raise self.fail(Says(N_("layer {layer}: zstd-compressed layer data cannot be read (Python's standard "
                                    "library has no zstd); save the layer as CSV, Base64, Base64 (zlib) or Base64 "
                                    "(gzip)"), layer=name))
        elif compression not in ("", None):
            raise self.fail(Says(N_("layer {layer}: compression {got}; washigen reads none, zlib or gzip"), layer=name,
                                 got=_shown(compression)))
        if len(packed) != size:
            got: Says | int = (Says(N_("more than {count}"), count=size // 4) if len(packed) > size else
                               len(packed) // 4 if len(packed) % 4 == 0 else
                               Says(N_("{count} bytes, not whole ids"), count=len(packed)))
            raise self.fail(Says(NOT_COVERED, layer=name, width=self.width, height=self.height, ids=size // 4,
                                 got=got))
        return list(struct.unpack(f"<{size // 4}I", packed))

    def _kind(self, layer: str, gid: Any, row: int, col: int, allowed: set[str], empty: bool) -> str | None:
        if not _is_int(gid) or not 0 <= gid <= MAX_GID:
            raise self.fail(Says(N_("layer {layer}, cell ({row}, {col}): a tile id is a whole number 0..{most}, got "
                                    "{got}"), layer=layer, row=row, col=col, most=MAX_GID, got=_shown(gid)))
        gid &= ~FLIP_BITS                        # a flipped or rotated tile is still its tile
        if gid == 0 and empty:
            return None
        kind = self.kinds.get(gid)
        if kind not in allowed:
            if gid == 0:
                shown = Says(N_("no tile"))
            elif kind:
                shown = Says(N_("tile {gid} ({kind})"), gid=gid, kind=kind)
            else:
                shown = Says(N_("tile {gid}, which no tileset has"), gid=gid)
            raise self.fail(Says(N_("layer {layer}, cell ({row}, {col}): {found}; this layer takes {kinds}"),
                                 layer=layer, row=row, col=col, found=shown, kinds=", ".join(sorted(allowed))))
        return kind

    def objects(self, name: str) -> list[dict[str, Any]]:
        """The objects of layer `name`, each with a whole-number id, a class that is a name (or none) and its
        position and polyline points on the map."""
        layer = self.layer(name, "objectgroup")
        objects = layer.get("objects")
        if not isinstance(objects, list):
            raise self.fail(Says(N_("layer {layer}: {key} must be a list of objects, got {got}"), layer=name,
                                 key="objects", got=_shown(objects)))
        for number, obj in enumerate(objects, 1):
            self._check_object(name, number, obj)
        return objects

    def _check_object(self, layer: str, number: int, obj: Any) -> None:
        where = Says(N_("layer {layer}, object #{number}"), layer=layer, number=number)
        if not isinstance(obj, dict):
            raise self.fail(Says(N_("{place}: must be an object, got {got}"), place=where, got=_shown(obj)))
        if not _is_int(obj.get("id")) or not 0 <= obj["id"] <= MAX_GID:
            raise self.fail(Says(WHOLE_NUMBER, place=where, key="id", most=MAX_GID, got=_shown(obj.get("id"))))
        where = Says(OBJECT, layer=layer, id=obj["id"])
        for key in ("type", "class", "name"):
            if key in obj and not isinstance(obj[key], str):
                raise self.fail(Says(NOT_A_NAME, place=where, key=key, got=_shown(obj[key])))
            if key != "name":
                self._short_class(where, key, obj.get(key))
        x, y = obj.get("x", 0), obj.get("y", 0)
        self._on_map(where, Says(N_("its position")), x, y)
        for key in ("polyline", "polygon"):
            points = obj.get(key)
            if points is None:
                continue
            if not isinstance(points, list):
                raise self.fail(Says(N_("{place}: its {key} must be a list of points, got {got}"), place=where,
                                     key=key, got=_shown(points)))
            for index, point in enumerate(points, 1):
                if not isinstance(point, dict):
                    raise self.fail(Says(N_("{place}: {key} point {index} must be {{x, y}}, got {got}"), place=where,
                                         key=key, index=index, got=_shown(point)))
                self._on_map(where, Says(N_("{key} point {index}"), key=key, index=index), point.get("x"),
                             point.get("y"), x, y)

    def _on_map(self, where: Says, what: Says, x: Any, y: Any, x0: float = 0.0, y0: float = 0.0) -> None:
        """A position (relative to x0, y0) that is a pair of finite numbers within the map or on its edge (a
        tile's width of slack: the game says what lies off its grid)."""
        if not (_is_number(x) and _is_number(y)):
            raise self.fail(Says(N_("{place}: {what} must be finite numbers x and y, got {x}, {y}"), place=where,
                                 what=what, x=_shown(x), y=_shown(y)))
        ax, ay = x0 + x, y0 + y
        right, bottom = self.width * self.tile_w, self.height * self.tile_h
        if not (-self.tile_w <= ax <= right + self.tile_w and -self.tile_h <= ay <= bottom + self.tile_h):
            raise self.fail(Says(N_("{place}: {what} at ({x}, {y}) px lies off the map (0..{right} by 0..{bottom} px)"),
                                 place=where, what=what, x=_shown(ax), y=_shown(ay), right=right, bottom=bottom))


# Tiled's XML format (.tmx): read into the document a .tmj holds, and written from it.
XML_REFUSED = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}")     # ASCII digits: int() also reads "٢٤"
FLOAT_TEXT = re.compile(r"[+-]?([0-9]{1,20}(\.[0-9]{0,20})?|\.[0-9]{1,20})([eE][+-]?[0-9]{1,3})?")
XML_NUMBERS = {"width", "height", "tilewidth", "tileheight", "nextlayerid", "nextobjectid", "compressionlevel", "id",
               "firstgid", "tilecount", "columns", "margin", "spacing", "x", "y", "offsetx", "offsety", "opacity",
               "rotation", "gid", "parallaxx", "parallaxy"}
XML_FLAGS = {"infinite", "visible", "locked"}
XML_LAYERS = {"layer": "tilelayer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}


def _xml_value(text: str) -> Any:
    """A number where the text is one (else the text, for the checks to name); no inf or nan is ever made."""
    text = text.strip()
    if INT_TEXT.fullmatch(text):
        return int(text)
    number = float(text) if FLOAT_TEXT.fullmatch(text) else math.nan
    return number if math.isfinite(number) else text


def _xml_attributes(element) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, text in element.attrib.items():
        if key in XML_NUMBERS:
            values[key] = _xml_value(text)
        elif key in XML_FLAGS:
            values[key] = {"0": False, "1": True}.get(text, text)
        else:
            values[key] = text
    return values


# What expat says of a broken .tmx (its messages, xml.parsers.expat.errors), in our words: its own are English.
XML_PROBLEMS = {
    "syntax error": N_("a mark XML does not allow"),
    "no element found": N_("the text ends before every tag it opens is closed"),
    "not well-formed (invalid token)": N_("a character or mark XML does not allow there"),
    "unclosed token": N_("the text ends inside a tag"),
    "mismatched tag": N_("a closing tag that does not match the tag left open"),
    "junk after document element": N_("text after the map's closing tag"),
}


def xml_syntax(error: Exception) -> Says:
    """What is wrong with a text that is not XML, and where (a column counted from 1, as an editor counts)."""
    from xml.parsers.expat import errors

    line, column = getattr(error, "position", (0, 0))
    said = errors.messages.get(getattr(error, "code", 0), "")
    problem = XML_PROBLEMS.get(said, N_("the text is not well-formed"))
    return Says(N_("not valid XML: {problem} at line {line}, column {column}"), problem=Says(problem), line=line,
                column=column + 1)


def parse_tmx(data: bytes, fail) -> dict[str, Any]:
    """A .tmx as the document its .tmj would be. UTF-8 only (the text checked is the text parsed); a DTD or an
    entity declaration is refused before parsing, so nothing is fetched or expanded."""
    import xml.etree.ElementTree as ET

    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise fail(Says(NOT_TILED_XML, problem=Says(NOT_TEXT, encoding="UTF-8", byte=error.start))) from None
    if XML_REFUSED.search(text):
        raise fail(Says(NOT_TILED_XML, problem=Says(N_("it declares a DTD or entities ({markup}), which washigen does "
                                                       "not read"), markup="<!DOCTYPE, <!ENTITY")))
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise fail(Says(NOT_TILED_XML, problem=xml_syntax(error))) from None
    if root.tag != "map":
        raise fail(Says(NOT_TILED_XML, problem=Says(N_("its root element must be {wanted}, got {got}"),
                                                    wanted="<map>", got=f"<{root.tag}>")))
    document = {"type": "map", **_xml_attributes(root), "properties": _xml_properties(root),
                "tilesets": [_xml_tileset(t) for t in root.findall("tileset")], "layers": _xml_layers(root, 0)}
    return document


def _xml_properties(element) -> list[dict[str, Any]]:
    items = []
    for holder in element.findall("properties"):
        for prop in holder.findall("property"):
            kind = prop.get("type", "string")
            text = prop.get("value", prop.text or "")
            value: Any = text
            if kind in ("int", "float", "object"):
                value = _xml_value(text)
            elif kind == "bool":
                value = {"true": True, "false": False}.get(text, text)
            elif kind == "class":
                value = None                        # a class's members: refused as no plain value by the reader
            enum = {"propertytype": prop.get("propertytype")} if prop.get("propertytype") is not None else {}
            items.append({"name": prop.get("name"), "type": kind, **enum, "value": value})
    return items


def _xml_tileset(element) -> dict[str, Any]:
    tileset = _xml_attributes(element)
    image = element.find("image")
    if image is not None:
        tileset.update(image=image.get("source"), imagewidth=_xml_value(image.get("width", "")),
                       imageheight=_xml_value(image.get("height", "")))
    tileset["tiles"] = [_xml_attributes(tile) for tile in element.findall("tile")]
    return tileset


def _xml_layers(element, depth: int) -> list[dict[str, Any]]:
    """Layers in their order, group layers holding theirs (nested at most MAX_GROUP_DEPTH + 1 deep: deeper ones
    are left empty for the reader to refuse)."""
    layers = []
    for child in element:
        kind = XML_LAYERS.get(child.tag)
        if kind is None:
            continue
        layer = {**_xml_attributes(child), "type": kind, "properties": _xml_properties(child)}
        layer.setdefault("name", "")
        if kind == "tilelayer":
            layer.update(_xml_data(child.find("data")))
        elif kind == "objectgroup":
            layer["objects"] = [_xml_object(obj) for obj in child.findall("object")]
        elif kind == "group":
            layer["layers"] = _xml_layers(child, depth + 1) if depth <= MAX_GROUP_DEPTH else [{}]
        layers.append(layer)
    return layers


def _xml_data(element) -> dict[str, Any]:
    if element is None:
        return {"data": None}
    encoding, text = element.get("encoding"), element.text or ""
    if encoding == "csv":
        return {"data": [_xml_value(item) for item in text.split(",")] if text.strip() else []}
    if encoding == "base64":
        return {"encoding": "base64", "compression": element.get("compression", ""), "data": "".join(text.split())}
    if encoding is None and element.find("chunk") is None:
        return {"data": [_xml_value(tile.get("gid", "0")) for tile in element.findall("tile")]}
    return {"encoding": encoding or "chunks", "data": None}


def _xml_object(element) -> dict[str, Any]:
    obj = _xml_attributes(element)
    for key in ("polyline", "polygon"):
        shape = element.find(key)
        if shape is not None:
            obj[key] = [_xml_point(pair) for pair in shape.get("points", "").split()]
    properties = _xml_properties(element)
    return {**obj, "properties": properties} if properties else obj


def _xml_point(pair: str) -> Any:
    parts = pair.split(",")
    return {"x": _xml_value(parts[0]), "y": _xml_value(parts[1])} if len(parts) == 2 else pair


def tmx_dumps(document: dict[str, Any]) -> bytes:
    """The map document as Tiled writes a .tmx: CSV layer data, one row a line."""
    import xml.etree.ElementTree as ET

    keys = ("version", "tiledversion", "orientation", "renderorder", "width", "height", "tilewidth", "tileheight",
            "infinite", "nextlayerid", "nextobjectid")
    root = ET.Element("map", _xml_text({key: document[key] for key in keys}))
    _xml_put_properties(root, document.get("properties", []))
    for tileset in document["tilesets"]:
        element = ET.SubElement(root, "tileset", _xml_text({key: tileset[key] for key in (
            "firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns")}))
        ET.SubElement(element, "image", _xml_text({"source": tileset["image"], "width": tileset["imagewidth"],
                                                   "height": tileset["imageheight"]}))
        for tile in tileset["tiles"]:
            ET.SubElement(element, "tile", _xml_text(tile))
    _xml_put_layers(root, document["layers"], document["width"])
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def _xml_text(values: dict[str, Any]) -> dict[str, str]:
    """Attributes as Tiled writes them: 0/1 for true/false, whole numbers without a decimal point."""
    def text(value: Any) -> str:
        if isinstance(value, bool):
            return "1" if value else "0"
        return f"{value:g}" if isinstance(value, float) else str(value)
    return {key: text(value) for key, value in values.items() if value is not None}


def _xml_put_properties(parent, items: list[dict[str, Any]]) -> None:
    import xml.etree.ElementTree as ET

    if not items:
        return
    holder = ET.SubElement(parent, "properties")
    for item in items:
        value = item["value"]
        shown = ("true" if value else "false") if isinstance(value, bool) else \
            repr(value) if isinstance(value, float) else str(value)
        attributes = {"name": item["name"], **({"type": item["type"]} if item.get("type", "string") != "string"
                                                else {}), **{k: item[k] for k in ("propertytype",) if k in item},
                      "value": shown}
        ET.SubElement(holder, "property", attributes)


def _xml_put_layers(parent, layers: list[dict[str, Any]], width: int) -> None:
    import xml.etree.ElementTree as ET

    for layer in layers:
        tag = {kind: tag for tag, kind in XML_LAYERS.items()}[layer["type"]]
        keys = ("id", "name", "color", "width", "height") if tag != "group" else ("id", "name")
        element = ET.SubElement(parent, tag, _xml_text({key: layer.get(key) for key in keys}))
        _xml_put_properties(element, layer.get("properties", []))
        if tag == "layer":
            data = ET.SubElement(element, "data", encoding="csv")
            rows = [",".join(map(str, layer["data"][i:i + width])) for i in range(0, len(layer["data"]), width)]
            data.text = "\n" + ",\n".join(rows) + "\n"
        elif tag == "objectgroup":
            for obj in layer["objects"]:
                _xml_put_object(element, obj)
        elif tag == "group":
            _xml_put_layers(element, layer["layers"], width)


def _xml_put_object(parent, obj: dict[str, Any]) -> None:
    import xml.etree.ElementTree as ET

    element = ET.SubElement(parent, "object", _xml_text({key: obj.get(key) or None if key in ("name", "type")
                                                         else obj.get(key) for key in ("id", "name", "type", "x",
                                                                                       "y")}))
    for key in ("polyline", "polygon"):
        if obj.get(key):
            points = " ".join(f"{_xml_text({'v': p['x']})['v']},{_xml_text({'v': p['y']})['v']}" for p in obj[key])
            ET.SubElement(element, key, points=points)
