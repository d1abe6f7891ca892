"""Where a violation lies on the drawing: a report names a cell, card or tile (row, col) or a row; the page needs
the rectangle in the drawing's millimetres to mark it, and the grid's geometry to turn a click back into a cell.
Both come from the games' own layout helpers (the ones their drawings use), so a mark sits where `draw` put it."""

from __future__ import annotations

from typing import Any

PLACE_KEYS = ("cell", "card", "tile")


def grid_geometry(design: Any) -> dict[str, Any] | None:
    """{"x", "y", "w", "h", "pitch_x", "pitch_y", "rows", "cols", "rows_up", "palette"}: the top-left corner of the top row's
    first cell in the drawing's mm, a cell's size, the step to the next one, the grid's size, and whether row 1
    is the bottom row; None for designs without a grid of places."""
    from ..games.cat_tree.draw import CELL_H, CELL_W, GAP, tree_frame
    from ..games.cat_tree.model import CatTreeLayout
    from ..games.cats.model import CatsMap, CatsSetup, cell_size
    from ..games.trail_route.draw import BOARD_CELL, road_origin
    from ..games.trail_route.model import COLS, TrailRouteSetup

    if isinstance(design, (CatsMap, CatsSetup)):
        from ..games.cats.model import CELL_KINDS

        game_map = design.map if isinstance(design, CatsSetup) else design
        s = cell_size(game_map.tape_width, game_map.segment_rows)
        # map_scene draws the grid one band (one cell) below the top edge
        return _frame(0.0, s, s, s, s, s, game_map.grid.height, game_map.grid.width,
                      palette=list(CELL_KINDS.items()))
    if isinstance(design, CatTreeLayout):
        from ..games.cat_tree.model import STRUCTURES

        _, _, x, y = tree_frame(design)
        return _frame(x, y, CELL_W, CELL_H, CELL_W + GAP, CELL_H + GAP, design.height, design.width, rows_up=True,
                      palette=[(s.name, s.title) for s in STRUCTURES])
    if isinstance(design, TrailRouteSetup):
        x, y = road_origin()
        return _frame(x, y, BOARD_CELL, BOARD_CELL, BOARD_CELL, BOARD_CELL, len(design.road), COLS)
    return None


def _frame(x: float, y: float, w: float, h: float, pitch_x: float, pitch_y: float, rows: int, cols: int,
           rows_up: bool = False, palette: list | None = None) -> dict[str, Any]:
    """`palette`: what may be put in a cell, as [code, name] pairs from the game's model (cell kinds, cards)."""
    return {"x": x, "y": y, "w": w, "h": h, "pitch_x": pitch_x, "pitch_y": pitch_y, "rows": rows, "cols": cols,
            "rows_up": rows_up, "palette": [list(p) for p in palette or ()]}


def score(design: Any) -> int | None:
    """The points of a design that scores (a Cat Tree layout), by the game's own scorer."""
    from ..games.cat_tree.model import CatTreeLayout
    from ..games.cat_tree.rules import score as tree_score

    return tree_score(design).total if isinstance(design, CatTreeLayout) else None


def cell_box(geometry: dict[str, Any], row: int, col: int) -> list[float]:
    line = geometry["rows"] - row if geometry["rows_up"] else row - 1
    return [geometry["x"] + (col - 1) * geometry["pitch_x"], geometry["y"] + line * geometry["pitch_y"],
            geometry["w"], geometry["h"]]


def mark(geometry: dict[str, Any] | None, where: dict[str, Any]) -> list[float] | None:
    """[x, y, w, h] in mm of the place a violation names, or None where the drawing has no such place."""
    if geometry is None:
        return None
    place = next((where[key] for key in PLACE_KEYS if key in where), None)
    if isinstance(place, (list, tuple)) and len(place) == 2:
        row, col = place
        if 1 <= row <= geometry["rows"] and 1 <= col <= geometry["cols"]:
            return cell_box(geometry, row, col)
        return None
    row = where.get("row")
    if isinstance(row, int) and 1 <= row <= geometry["rows"]:
        x, y, _, h = cell_box(geometry, row, 1)
        return [x, y, (geometry["cols"] - 1) * geometry["pitch_x"] + geometry["w"], h]
    return None


def location_box(design: Any, location_id: Any) -> list[float] | None:
    """[x, y, w, h] of a Cops crime location on the map's drawing (segments end to end, each `shift` lower)."""
    from ..games.cops.model import CopsMap

    if not isinstance(design, CopsMap):
        return None
    for index, segment in enumerate(design.segments):
        ox, oy = design.origin(index)
        for location in segment.locations:
            if location.id == location_id:
                return [location.x + ox, location.y + oy, location.w, location.h]
    return None


def position_box(design: Any, where: dict[str, Any]) -> list[float] | None:
    """A small square around the point a Cops violation names on a segment (a crossing, a path's loose end)."""
    from ..games.cops.model import CopsMap, scale_for

    segment, position = where.get("segment"), where.get("position")
    if not (isinstance(design, CopsMap) and isinstance(segment, int) and 1 <= segment <= design.players
            and isinstance(position, (list, tuple)) and len(position) == 2):
        return None
    ox, oy = design.origin(segment - 1)
    half = 2.0 * scale_for(design.tape_width)
    return [position[0] + ox - half, position[1] + oy - half, 2 * half, 2 * half]


def segment_frames(design: Any) -> list[dict[str, Any]] | None:
    """Where each segment of a Cops map lies on its drawing, for the page's map editor: its top-left corner (the
    map's `origin`), length and width, and each zone's span along the segment (from the squad section or the
    gravestones to the gravestones or the segment's end, as the placement rule measures it); None for other
    designs."""
    from ..games.cops.geometry import frame_of
    from ..games.cops.model import CopsMap

    if not isinstance(design, CopsMap):
        return None
    frame = frame_of(design)
    frames = []
    for index, segment in enumerate(design.segments):
        ox, oy = design.origin(index)
        frames.append({"x": ox, "y": oy, "length": frame.length, "width": frame.width,
                       "zones": [[frame.squad, segment.gravestones], [segment.gravestones, frame.length]],
                       "reach": frame.path_width})
    return frames


def place(design: Any, geometry: dict[str, Any] | None, where: dict[str, Any]) -> list[float] | None:
    """The mark of a violation: a cell, card, tile or row of a grid, a named location, or a point on a segment."""
    if "location" in where and where.get("path") is None:
        return location_box(design, where["location"])
    return position_box(design, where) or mark(geometry, where)
