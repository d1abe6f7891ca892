"""A segment's geometry as the validator measures it, worked out once per validation: several rules read each
piece (rules.py, location_rules.py), which each worked it out for itself before."""

from __future__ import annotations

from .geometry import polyline_box, shape_box, shape_of, visible_part
from .model import Segment


class Measured:
    """One segment's measures: its locations with their shapes and boxes, the shape of each location id (the last
    location of an id, as location_index keeps it), every path's visible part with its box (None where no leg of
    it shows), and its ports and joints by side, as ports_of and joints_of list them: (path index, at)."""
    __slots__ = ("locations", "shapes", "boxes", "shape_by_id", "parts", "part_boxes", "ports", "joints")

    def __init__(self, segment: Segment):
        self.locations = segment.locations
        self.shapes = [shape_of(location) for location in self.locations]
        self.boxes = [shape_box(shape) for shape in self.shapes]
        self.shape_by_id = {location.id: shape for location, shape in zip(self.locations, self.shapes)}
        shape_by_id = self.shape_by_id
        self.parts: list = [                     # each a list[Point] or None
            visible_part(path.points, shape_by_id.get(path.a.location) if path.a.location is not None else None,
                         shape_by_id.get(path.b.location) if path.b.location is not None else None)
            for path in segment.paths]
        self.part_boxes = [polyline_box(part) if part and len(part) > 1 else None for part in self.parts]
        self.ports: dict[str | None, list[tuple[int, float]]] = {"top": [], "bottom": []}
        self.joints: dict[str | None, list[tuple[int, float]]] = {"left": [], "right": []}
        for index, path in enumerate(segment.paths):
            for end in (path.a, path.b):
                if end.at is not None:
                    ports, joints = self.ports.get(end.port), self.joints.get(end.joint)
                    if ports is not None:
                        ports.append((index, end.at))
                    if joints is not None:
                        joints.append((index, end.at))
