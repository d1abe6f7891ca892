"""Trail Route boards as Tiled maps (.tmj, .tmx): lay out or swap tiles in the Tiled map editor, then validate,
render or play the setup.

One tile layer, `board`: columns 1-2 the destination tiles (far left first), columns 3-9 the road tiles (road
column 1 touches the destinations), one row a board row, top first; the tileset holds every road and destination
tile, drawn by washigen. The exchange deck, the dealt hands, the tiles left in the box and the mix travel as JSON
map properties (`exchange`, `seats`, `undealt`, `mix`).
"""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...scene import Scene
from ...tiled import MAP_FIELD, TiledReader, json_property, map_document, tile_layer, tileset
from ...words import N_, Says
from .model import COLS, DEST_CODES, DEST_COLS, ROAD_CODES, TrailRouteSetup

TILE_PX = 120                          # a 40 mm tile at 3 px a millimetre
KINDS = [*ROAD_CODES, *DEST_CODES]
GID = {kind: k + 1 for k, kind in enumerate(KINDS)}
COLUMNS = 8                            # tiles a row in the tileset image
JSON_FIELDS = ("exchange", "seats", "undealt", "mix")
# What an absent property reads as: only the undealt cards may be left out. Without the others a setup is
# unreadable (exit 2), as a JSON or text one is: read as empty, every tile and seat then broke a rule (exit 1).
ABSENT: dict[str, list] = {"undealt": []}


def dump(design, image: str) -> tuple[dict[str, Any], bytes]:
    from ...design import to_dict

    if not isinstance(design, TrailRouteSetup):
        raise InputError(Says(N_("the Tiled form holds Trail Route setups; this is a {kind}"), kind=design.KIND))
    _check_rows(design)
    data = [GID[code] for dest, road in zip(design.destinations, design.road) for code in (*dest, *road)]
    width = DEST_COLS + COLS
    fields = to_dict(design)
    values = {name: _json(fields[name]) for name in JSON_FIELDS}
    document = map_document(width, design.rows, TILE_PX, [tile_layer(1, "board", width, design.rows, data)],
                            [tileset("washigen-trail-route", KINDS, TILE_PX, image, COLUMNS)], values)
    return document, tileset_png()


def _check_rows(design: TrailRouteSetup) -> None:
    """The map is one grid, each row its destination tiles then its road tiles: a row short or long, or missing from
    one grid (which breaks a rule, and the JSON form keeps), was written as a map washigen could not read back; so was
    a board of no rows, a map 0 tiles high."""
    if not design.road and not design.destinations:
        raise InputError(Says(N_("the Tiled form holds boards of at least one row; this one has none (use .json)")))
    for r in range(max(len(design.road), len(design.destinations))):
        dest = len(design.destinations[r]) if r < len(design.destinations) else 0
        road = len(design.road[r]) if r < len(design.road) else 0
        if (dest, road) != (DEST_COLS, COLS):
            raise InputError(Says(N_("the Tiled form holds boards whose every row has {destination} destination and "
                                     "{road} road tiles; row {row} has {dest_have} and {road_have} (use .json)"),
                                  destination=DEST_COLS, road=COLS, row=r + 1, dest_have=dest,
                                  road_have=road))


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def tileset_png() -> bytes:
    from ...press.impose import Slot, place
    from ...backends.png import to_png
    from .art import THEME
    from .tiles import destination_tile, road_tile

    s = TILE_PX / 10.0                                      # drawn at 254 dpi: 10 px a millimetre
    rows = -(-len(KINDS) // COLUMNS)
    sheet = Scene(s * COLUMNS, s * rows, theme=dict(THEME), meta={"game": "trail-route", "kind": "tileset"})
    for k, code in enumerate(KINDS):
        tile = road_tile(code, s, 0.0) if code in ROAD_CODES else destination_tile(code, s, 0.0)
        place(sheet, tile, Slot((k % COLUMNS) * s, (k // COLUMNS) * s, s, s, (0.0,) * 4, k % COLUMNS, k // COLUMNS))
    return to_png(sheet, dpi=254)


# A tile in the wrong column of the board layer: a road tile among the destinations, or the other way round.
NOT_DESTINATION = N_("layer {layer}, cell ({row}, {col}): {code} is not a destination tile; columns 1-{last} hold "
                     "destination tiles, {first}-{end} road tiles")
NOT_ROAD = N_("layer {layer}, cell ({row}, {col}): {code} is not a road tile; columns 1-{last} hold destination "
              "tiles, {first}-{end} road tiles")


def load(reader: TiledReader) -> dict[str, Any]:
    if reader.width != DEST_COLS + COLS:
        raise reader.fail(Says(N_("{place}: a board is {destination} destination and {road} road columns ({total} in "
                                  "all), got {got}"), place=Says(MAP_FIELD, key="width"), destination=DEST_COLS,
                               road=COLS, total=DEST_COLS + COLS, got=reader.width))
    board = reader.tiles("board", set(KINDS), empty=False)
    for r, row in enumerate(board, 1):
        for c, code in enumerate(row, 1):
            wanted, words = (DEST_CODES, NOT_DESTINATION) if c <= DEST_COLS else (ROAD_CODES, NOT_ROAD)
            if code not in wanted:
                raise reader.fail(Says(words, layer="board", row=r, col=c, code=code, last=DEST_COLS,
                                       first=DEST_COLS + 1, end=DEST_COLS + COLS))
    values = {**reader.properties, **{name: json_property(reader, name, ABSENT.get(name))
                                      for name in JSON_FIELDS if name in reader.properties or name in ABSENT}}
    return {**values, "destinations": [row[:DEST_COLS] for row in board], "road": [row[DEST_COLS:] for row in board]}
