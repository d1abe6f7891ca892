"""The readable text form of Cops designs (golden files, `-o map.txt`): a listing of every location, area, path and
new road to 0.01 mm, and a rough character sketch of each segment.

The text form is for reading and comparing; it is not read back (the JSON file is the design's exchange format),
so the game registers no from_text.
"""

from __future__ import annotations

from .model import CopsMap, CopsSheet, CopsTape, End, Segment
from .geometry import inside, point_segment_distance, shape_of

SKETCH_COLUMN = 2.5     # mm per character along the tape
SKETCH_ROW = 5.0        # mm per character across it


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _p(point) -> str:
    return f"({_n(point[0])}, {_n(point[1])})"


def _end(end: End) -> str:
    if end.location is not None:
        return end.location
    return f"{end.port or end.joint}@{_n(end.at) if end.at is not None else '?'}"


def to_text(design) -> str:
    if isinstance(design, CopsSheet):
        return f"cops sheet · {design.squads} squad sheets · {design.generator}\n"
    lines = []
    if isinstance(design, CopsMap):
        stacked = " · stacked (strips side by side)" if design.layout == "stacked" else ""
        lines.append(f"cops map · {design.players} players{stacked} · tape {_n(design.tape_width)} mm · segment "
                     f"{_n(design.segment_length)} mm · offset {_n(design.offset)} mm · seed {design.seed}"
                     + _verdict(design))
    elif isinstance(design, CopsTape):
        joins = ("every segment's ports at the same x" if design.layout == "stacked"
                 else "the last joins the first")
        lines.append(f"cops tape · {len(design.segments)} segments, {joins} · tape "
                     f"{_n(design.tape_width)} mm · segment {_n(design.segment_length)} mm · seed {design.seed}")
    lines.append(f"legend: a-h locations · # path · = squad section · : gravestones · "
                 f"{_n(SKETCH_COLUMN)} x {_n(SKETCH_ROW)} mm per character")
    for number, segment in enumerate(design.segments, start=1):
        shift = design.shift(number - 1) if isinstance(design, CopsMap) else 0.0
        lines += _segment_lines(segment, number, design.tape_width, design.segment_length, shift)
    if isinstance(design, CopsMap) and design.roads:
        lines.append("new roads (map frame)")
        for index, road in enumerate(design.roads):
            ends = [f"segment {e.segment + 1} {_end(End(location=e.location, joint=e.joint, port=e.port, at=e.at))}"
                    for e in (road.a, road.b)]
            lines.append(f"  road {index}: {ends[0]} -- {ends[1]}: {' '.join(_p(p) for p in road.points)}")
    return "\n".join(lines) + "\n"


def _verdict(design: CopsMap) -> str:
    """The fairness search's verdict, where one was made."""
    if not design.balance_games or design.balance_score is None:
        return ""
    return (f" · {'fair' if design.balance_fair else 'not fair'}, score {design.balance_score:.4f} over "
            f"{design.balance_games} greedy games")


def _segment_lines(segment: Segment, number: int, width: float, length: float, shift: float) -> list[str]:
    head = f"segment {number} · gravestones at x {_n(segment.gravestones)}"
    if shift:
        head += f" · lies {_n(shift)} mm lower"
    lines = [head]
    for zone_number, zone in enumerate(segment.zones, start=1):
        lines.append(f"  zone {zone_number}")
        for location in zone.locations:
            areas = " ".join(f"{a.shape[0]}{_n(a.w)}x{_n(a.h)}@{_p((a.x, a.y))}" for a in location.areas)
            lines.append(f"    {location.id:<4} {location.kind:<8} {location.shape:<6} {_n(location.w)}x"
                         f"{_n(location.h)} at {_p((location.x, location.y))} · areas {areas}")
    lines.append("  paths")
    for index, path in enumerate(segment.paths):
        lines.append(f"    #{index:<2} {_end(path.a)} -- {_end(path.b)}: {' '.join(_p(p) for p in path.points)}")
    lines.append("  sketch")
    lines += ["    " + row for row in sketch(segment, width, length)]
    return lines


def sketch(segment: Segment, width: float, length: float) -> list[str]:
    """A character picture of the segment: letters for locations, # for paths, = the squad section, : the
    gravestones."""
    from .model import SQUAD_WIDTH, scale_for

    squad = SQUAD_WIDTH * scale_for(width)
    scale = scale_for(width)
    column, row = SKETCH_COLUMN * scale, SKETCH_ROW * scale
    columns, rows = round(length / column), round(width / row)
    shapes = [(location.id[-1], shape_of(location)) for location in segment.locations]
    legs = [(p, q) for path in segment.paths for p, q in zip(path.points, path.points[1:])]
    out = ["+" + "-" * columns + "+"]
    for r in range(rows):
        line = []
        for c in range(columns):
            point = ((c + 0.5) * column, (r + 0.5) * row)
            char = " "
            if point[0] < squad:
                char = "="
            elif abs(point[0] - segment.gravestones) < column / 2:
                char = ":"
            if any(point_segment_distance(point, p, q) <= column * 0.55 for p, q in legs):
                char = "#"
            for letter, shape in shapes:
                if inside(shape, point):
                    char = letter
                    break
            line.append(char)
        out.append("|" + "".join(line) + "|")
    out.append(out[0])
    return out
