"""Where a violation lies on the drawing: a report names a cell (row, col); the page needs the rectangle in the
drawing's millimetres to mark it, and the grid's geometry to turn a click back into a cell. Both come from the
game's own layout helpers (cell size, the band above the grid), so a mark sits where `draw` put the cell."""

from __future__ import annotations

from typing import Any


def grid_geometry(design: Any) -> dict[str, float] | None:
    """{"x", "y", "cell", "rows", "cols"}: the top-left corner of cell (1, 1) in the drawing's mm, the side of a
    cell, and the grid's size; None for designs without a cell grid the page can edit."""
    from ..games.cats.model import CatsMap, CatsSetup, cell_size

    game_map = design.map if isinstance(design, CatsSetup) else design
    if not isinstance(game_map, CatsMap):
        return None
    s = cell_size(game_map.tape_width, game_map.segment_rows)
    # map_scene draws the grid one band (one cell) below the top edge
    return {"x": 0.0, "y": s, "cell": s, "rows": game_map.grid.height, "cols": game_map.grid.width}


def mark(geometry: dict[str, float] | None, where: dict[str, Any]) -> list[float] | None:
    """[x, y, w, h] in mm of the place a violation names, or None where the drawing has no such place."""
    cell = where.get("cell")
    if geometry is None or not isinstance(cell, (list, tuple)) or len(cell) != 2:
        return None
    row, col = cell
    if not (1 <= row <= geometry["rows"] and 1 <= col <= geometry["cols"]):
        return None
    s = geometry["cell"]
    return [geometry["x"] + (col - 1) * s, geometry["y"] + (row - 1) * s, s, s]
