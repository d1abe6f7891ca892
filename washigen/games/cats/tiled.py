"""Cats maps as Tiled maps (.tmj, .tmx): edit a map in the Tiled map editor, then validate, render or play it.

Layers (one tile a cell, the tileset drawn by washigen at the map's cell size):
- `cells`, tiles: street, shrine, building, forest, shrub;
- `sewers`, tiles: sewer-red, sewer-blue, sewer-green, sewer-yellow on street cells (empty elsewhere);
- `walls` (drawn black in Tiled), polylines of class `wall` along the grid lines around buildings (two buildings
  that touch have a wall between them; building cells with no wall between them are one building);
- `openings` (drawn magenta), one-cell polylines of class `opening` (a door) or `cut` (a side a cut-up left open)
  on a building's edge.
The map's custom properties hold the rest of the design (players, tape width, seed, `pieces` as JSON, ...).
"""

from __future__ import annotations

import json
from typing import Any, cast

from ...errors import InputError
from ...scene import Rect, Scene, Style
from ...tiled import (OBJECT, OPENING_COLOUR, WALL_COLOUR, TiledReader, json_property, map_document, object_layer,
                      tile_layer, tileset)
from ...words import N_, Says
from .model import SIDE_STEP, CatsMap, Grid, cell_size
from .text import _NO_WALL, _buildings

PX_PER_MM = 12                                 # tile images at about 300 dpi
CELL_KINDS = {".": "street", "J": "shrine", "#": "building", "T": "forest", "t": "shrub"}
CELL_CHARS = {kind: char for char, kind in CELL_KINDS.items()}
SEWER_KINDS = {c: f"sewer-{c}" for c in ("red", "blue", "green", "yellow")}
KINDS = [*CELL_KINDS.values(), *SEWER_KINDS.values()]
GID = {kind: k + 1 for k, kind in enumerate(KINDS)}
EDGE_CLASSES = {"walls": {"wall"}, "openings": {"opening", "cut"}}
TEXT_KIND = {"wall": "wall", "opening": "door", "cut": "cut"}
# An edge's kind as a refusal names what an edge holds already.
HELD_WORDS = {"wall": N_("a wall"), "door": N_("a door"), "cut": N_("a cut")}
# The text form's refusal of a building side without a wall, by its template, as it is said of a Tiled map: there
# the wall, door or cut is drawn, not typed.
NO_WALL_DRAWN = {
    _NO_WALL["n"]: N_("the building cell at row {row}, column {col} has no wall on its top side; draw a wall, opening "
                      "or cut there"),
    _NO_WALL["s"]: N_("the building cell at row {row}, column {col} has no wall on its bottom side; draw a wall, "
                      "opening or cut there"),
    _NO_WALL["e"]: N_("the building cell at row {row}, column {col} has no wall on its right side; draw a wall, "
                      "opening or cut there"),
    _NO_WALL["w"]: N_("the building cell at row {row}, column {col} has no wall on its left side; draw a wall, "
                      "opening or cut there"),
}


def dump(design, image: str) -> tuple[dict[str, Any], bytes]:
    if not isinstance(design, CatsMap):
        raise InputError(Says(N_("the Tiled form holds Cats maps; this is a {game} {kind} (use .json)"), game="cats",
                              kind=design.KIND))
    grid = design.grid
    px = max(16, round(cell_size(design.tape_width, design.segment_rows) * PX_PER_MM))
    sewers = {(s.row, s.col): s.colour for s in grid.sewers}
    cells = [GID[CELL_KINDS[ch]] for row in grid.rows for ch in row]
    lids = [GID[SEWER_KINDS[sewers[r, c]]] if (r, c) in sewers else 0
            for r in range(1, grid.height + 1) for c in range(1, grid.width + 1)]
    walls, openings = _edge_objects(grid, px)
    layers = [tile_layer(1, "cells", grid.width, grid.height, cells),
              tile_layer(2, "sewers", grid.width, grid.height, lids),
              object_layer(3, "walls", walls, WALL_COLOUR), object_layer(4, "openings", openings, OPENING_COLOUR)]
    pieces = json.dumps([{"layer": p.layer, "col": p.col, "width": p.width, "source": p.source}
                         for p in design.pieces])
    document = map_document(grid.width, grid.height, px, layers, [tileset("washigen-cats", KINDS, px, image)],
                            {"pieces": pieces})
    return document, tileset_png(px)


def _edges(grid: Grid) -> dict[tuple[str, int, int], str]:
    """Every building edge: ("v", r, c) west of cell (r, c), ("h", r, c) above it -> wall, opening or cut."""
    owner = {cell: k for k, b in enumerate(grid.buildings) for cell in b.cells}
    opened: dict[tuple[int, int, str], str] = {(o.row, o.col, o.side): "cut" if o.cut else "opening"
                                               for b in grid.buildings for o in b.openings}
    edges: dict[tuple[str, int, int], str] = {}
    for (r, c), k in owner.items():
        for side, (dr, dc) in SIDE_STEP.items():
            if owner.get((r + dr, c + dc)) == k:
                continue
            key = ("v", r, c + (side == "e")) if side in "ew" else ("h", r + (side == "s"), c)
            kind = opened.get((r, c, side), "wall")
            if edges.get(key, "wall") == "wall":
                edges[key] = kind
    return edges


def _edge_objects(grid: Grid, px: int) -> tuple[list[dict], list[dict]]:
    """Walls merged into straight runs along the grid lines; each opening and cut one cell long."""
    edges = _edges(grid)
    walls, openings, ids = [], [], iter(range(1, 10**7))
    runs: dict[tuple[str, int], list[int]] = {}
    for (axis, r, c), kind in sorted(edges.items()):
        if kind != "wall":
            openings.append(_line(next(ids), kind, axis, r, c, 1, px))
        else:
            runs.setdefault((axis, c if axis == "v" else r), []).append(r if axis == "v" else c)
    for (axis, fixed), steps in sorted(runs.items()):
        start = prev = steps[0]
        for step in steps[1:] + [None]:
            if step is not None and step == prev + 1:
                prev = step
                continue
            r, c = (start, fixed) if axis == "v" else (fixed, start)
            walls.append(_line(next(ids), "wall", axis, r, c, prev - start + 1, px))
            if step is not None:
                start = prev = step
    return walls, openings


def _line(object_id: int, kind: str, axis: str, r: int, c: int, length: int, px: int) -> dict[str, Any]:
    end = {"x": 0, "y": length * px} if axis == "v" else {"x": length * px, "y": 0}
    return {"id": object_id, "name": "", "type": kind, "x": (c - 1) * px, "y": (r - 1) * px, "width": 0,
            "height": 0, "rotation": 0, "visible": True, "polyline": [{"x": 0, "y": 0}, end]}


def tileset_png(px: int) -> bytes:
    """The tiles side by side, px pixels square: the map's look, one cell a tile."""
    from ...backends.png import to_png
    from .symbols import THEME, symbol, use

    s = px / 10.0                                          # drawn at 254 dpi: 10 px a millimetre
    scene = Scene(s * len(KINDS), s, theme=dict(THEME), meta={"game": "cats", "kind": "tileset"})
    fills = {"building": "building", "forest": "forest-tint", "shrub": "forest-tint"}
    symbols = {"shrine": "shrine", "forest": "tree", "shrub": "shrub",
               **{kind: kind for kind in SEWER_KINDS.values()}}
    for k, kind in enumerate(KINDS):
        scene.add(Rect(k * s, 0, s, s, Style(fill=fills.get(kind, "#ffffff"), stroke="grid", stroke_width=s / 30)))
        if kind in symbols:
            scene.add(use(scene, symbol(symbols[kind], s), k * s, 0, s))
    return to_png(scene, dpi=254)


class _EdgeReader:
    """The text form's building reader reports through `fail(message, line)`; here a mistake names the layers."""

    def __init__(self, reader: TiledReader):
        self.reader = reader

    def fail(self, message: Says | str, line: int):
        if isinstance(message, Says) and isinstance(message.template, str) and message.template in NO_WALL_DRAWN:
            message = Says(NO_WALL_DRAWN[message.template], **message.values)
        elif isinstance(message, str):
            message = message.replace("; draw | or - (wall), : (opening) or ~ (cut side)",
                                      "; draw a wall, opening or cut there")
        return self.reader.fail(Says(N_("layers {first} and {second}: {message}"), first="walls", second="openings",
                                     message=message))


def load(reader: TiledReader) -> dict[str, Any]:
    # empty=False: every cell holds a kind, none is None
    rows = cast(list[list[str]], reader.tiles("cells", set(CELL_KINDS.values()), empty=False))
    lids = reader.tiles("sewers", set(SEWER_KINDS.values()), empty=True)
    vertical: dict[tuple[int, int], str] = {}
    horizontal: dict[tuple[int, int], str] = {}
    for layer, classes in EDGE_CLASSES.items():
        for obj in reader.objects(layer):
            for axis, r, c in _unit_edges(reader, layer, obj, classes):
                table = vertical if axis == "v" else horizontal
                if (r, c) in table:
                    raise reader.fail(Says(N_("{place}: the edge at cell ({row}, {col}) already holds {held}"),
                                           place=Says(OBJECT, layer=layer, id=obj.get("id")), row=r, col=c,
                                           held=Says(HELD_WORDS[table[r, c]])))
                # _unit_edges has found the object's class among `classes`: a str
                table[r, c] = TEXT_KIND[cast(str, obj.get("type", obj.get("class")))]
    cells = [[CELL_CHARS[kind] for kind in row] for row in rows]
    R = reader.height
    buildings = _buildings(_EdgeReader(reader), cells, vertical, horizontal, [(0,)] * R, [(0,)] * (R + 1))
    sewers: list[dict[str, Any]] = [{"row": r + 1, "col": c + 1, "colour": kind.split("-", 1)[1]}
                                    for r, row in enumerate(lids) for c, kind in enumerate(row) if kind is not None]
    for sewer in sewers:
        if cells[sewer["row"] - 1][sewer["col"] - 1] != ".":
            raise reader.fail(Says(N_("layer {layer}, cell ({row}, {col}): a sewer lid sits on a street cell, this one "
                                      "is {kind}"), layer="sewers", row=sewer["row"], col=sewer["col"],
                                   kind=rows[sewer["row"] - 1][sewer["col"] - 1]))
    values = {**reader.properties, "pieces": json_property(reader, "pieces", [])}
    grid = {"rows": ["".join(row) for row in cells], "sewers": sewers,
            "buildings": [{"cells": [list(cell) for cell in b.cells],
                           "openings": [{"row": o.row, "col": o.col, "side": o.side, "cut": o.cut}
                                        for o in b.openings]} for b in buildings]}
    return {**values, "grid": grid}


def _unit_edges(reader: TiledReader, layer: str, obj: dict[str, Any], classes: set[str]):
    """The grid edges a polyline covers, as ("v", r, c) west of cell (r, c) or ("h", r, c) above it."""
    kind = obj.get("type", obj.get("class"))
    where = Says(OBJECT, layer=layer, id=obj.get("id"))
    if kind not in classes:
        names = sorted(classes)
        held = names[0] if len(names) == 1 else Says(N_("{first} and {second}"), first=" and ".join(names[:-1]),
                                                     second=names[-1])
        raise reader.fail(Says(N_("{place}: class {kind!r}; this layer holds {classes} lines"), place=where, kind=kind,
                               classes=held))
    points = obj.get("polyline")
    x0, y0 = obj.get("x"), obj.get("y")
    if not isinstance(points, list) or len(points) < 2 or not all(isinstance(v, (int, float)) for v in (x0, y0)):
        raise reader.fail(Says(N_("{place}: must be a polyline along the grid lines"), place=where))
    px, py = reader.tile_w, reader.tile_h
    corners = []
    for point in points:
        if not isinstance(point, dict) or not all(isinstance(point.get(k), (int, float)) for k in "xy"):
            raise reader.fail(Says(N_("{place}: a polyline point needs x and y"), place=where))
        x, y = (x0 + point["x"]) / px, (y0 + point["y"]) / py
        if abs(x - round(x)) > 0.01 or abs(y - round(y)) > 0.01:
            raise reader.fail(Says(N_("{place}: a corner at cell ({row}, {col}) is off the grid lines"), place=where,
                                   row=int(y) + 1, col=int(x) + 1))
        corners.append((round(x), round(y)))
    for (ax, ay), (bx, by) in zip(corners, corners[1:]):
        if ax != bx and ay != by:
            raise reader.fail(Says(N_("{place}: runs across cell ({row}, {col}); walls follow the grid lines"),
                                   place=where, row=min(ay, by) + 1, col=min(ax, bx) + 1))
        if not (0 <= min(ax, bx) and max(ax, bx) <= reader.width and 0 <= min(ay, by) and max(ay, by) <= reader.height):
            raise reader.fail(Says(N_("{place}: leaves the map"), place=where))
        if ax == bx:
            yield from (("v", y + 1, ax + 1) for y in range(min(ay, by), max(ay, by)))
        else:
            yield from (("h", ay + 1, x + 1) for x in range(min(ax, bx), max(ax, bx)))
