"""Where a violation lies on the drawing, read from the drawing itself: a game's drawing records where each cell,
card, tile, location and segment sits (scene.Places), and the page needs those rectangles in the drawing's mm to mark
a report's violations, and the grid's geometry to turn a click back into a place."""

from __future__ import annotations

from typing import Any

from ..scene import Box, Places, PlaceGrid

PLACE_KEYS = ("cell", "card", "tile")


def grid_geometry(grid: PlaceGrid | None, palette: tuple[tuple[str, str], ...] = ()) -> dict[str, Any] | None:
    """{"x", "y", "w", "h", "pitch_x", "pitch_y", "rows", "cols", "rows_up", "palette"}: the top-left corner of the
    top row's first place in the drawing's mm, a place's size, the step to the next one, the grid's size, whether
    row 1 is the bottom row, and what an editor may put in a place ([code, name] pairs); None without a grid."""
    if grid is None:
        return None
    return {"x": grid.x, "y": grid.y, "w": grid.w, "h": grid.h, "pitch_x": grid.pitch_x, "pitch_y": grid.pitch_y,
            "rows": grid.rows, "cols": grid.cols, "rows_up": grid.rows_up, "palette": [list(p) for p in palette]}


def strip_frames(places: Places) -> list[dict[str, Any]] | None:
    """Where each segment lies, for the page's map editor: its top-left corner, length and width, each zone's span
    along it and how far a path reaches across; None for a drawing without segments."""
    if not places.strips:
        return None
    return [{"x": s.x, "y": s.y, "length": s.length, "width": s.width, "zones": [list(z) for z in s.zones],
             "reach": s.reach} for s in places.strips]


def mark(places: Places, where: dict[str, Any]) -> list[float] | None:
    """[x, y, w, h] in mm of the place a violation names (a cell, card, tile or row of a grid, a named location, or
    a point on a segment), or None where the drawing has no such place."""
    if "location" in where and where.get("path") is None:
        return _listed(places.box("location", where["location"]))
    segment, position = where.get("segment"), where.get("position")
    if isinstance(segment, int) and not isinstance(segment, bool) and 1 <= segment <= len(places.strips) \
            and isinstance(position, (list, tuple)) and len(position) == 2:
        return _listed(places.strips[segment - 1].point_box((position[0], position[1])))
    grid = places.grid
    if grid is None:
        return None
    place = next((where[key] for key in PLACE_KEYS if key in where), None)
    if isinstance(place, (list, tuple)) and len(place) == 2:
        return _listed(grid.box(place[0], place[1]))
    row = where.get("row")
    if isinstance(row, int) and not isinstance(row, bool):
        return _listed(grid.row_box(row))
    return None


def _listed(box: Box | None) -> list[float] | None:
    return None if box is None else list(box)
