"""The symbols drawn in a Cats map's cells and band, read back from the SVG on small cells: every stroke, bar, dot
and gap at least the grid's thinnest line, down to the smallest cell a map takes (10 mm tape with 15 rows:
0.625 mm). The sewer lids have their own test (tests/test_drawing_small_parts.py)."""

from __future__ import annotations

import math
import re
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from click.testing import CliRunner

from washigen.cli import main

SVG = "{http://www.w3.org/2000/svg}"
LEAST_LINE = 0.1          # mm: the thinnest line or gap a printer holds (the grid's own thinnest line)
EPS = 1e-3                # the SVG writes three decimals
GROUND = {"#fbe4dc"}      # a shrine's tinted tile: the ground its torii stands on, no mark of its own
KINDS = ("shrine", "tree", "pine", "shrub", "fish-p", "cat-p", "colour-box", "special", "fish")


def _setup_svg(tape: int, rows: int, path) -> ET.Element:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = CliRunner().invoke(main, ["cats", "setup", "--tape-width", f"{tape}mm", "--segment-rows", str(rows),
                                           "--forests", "12", "--seed", "3", "-o", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return ET.fromstring(path.read_bytes())


def _num(element: ET.Element, name: str) -> float:
    return float(element.get(name, "0"))


def _cubic(p0, p1, p2, p3, steps: int = 40) -> list[tuple[float, float]]:
    out = []
    for k in range(1, steps + 1):
        t = k / steps
        u = 1 - t
        out.append(tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                         for a, b, c, d in zip(p0, p1, p2, p3)))
    return out


def _outline(element: ET.Element) -> list[tuple[float, float]]:
    """The element's outline as a closed polyline (curves and circles flattened finely)."""
    tag = element.tag[len(SVG):]
    if tag == "circle":
        cx, cy, r = _num(element, "cx"), _num(element, "cy"), _num(element, "r")
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 241)]
    if tag == "rect":
        x, y, w, h = (_num(element, k) for k in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    if tag == "polygon":
        points = [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]
        return points + points[:1]
    tokens = re.findall(r"[MLCZ]|-?[\d.]+", element.get("d", ""))
    points: list[tuple[float, float]] = []
    k = 0
    while k < len(tokens):
        command = tokens[k]
        k += 1
        if command in "ML":
            points.append((float(tokens[k]), float(tokens[k + 1])))
            k += 2
        elif command == "C":
            values = [float(v) for v in tokens[k:k + 6]]
            k += 6
            points += _cubic(points[-1], values[0:2], values[2:4], values[4:6])
        else:
            points.append(points[0])
    return points


def _segments(points) -> np.ndarray:
    p = np.array(points, dtype=float)
    return np.stack([p[:-1], p[1:]], axis=1)


def _point_to_segments(points: np.ndarray, segs: np.ndarray) -> float:
    a, b = segs[:, 0], segs[:, 1]
    ab = b - a
    length = np.maximum((ab ** 2).sum(axis=1), 1e-18)
    t = np.clip((((points[:, None, :] - a[None]) * ab[None]).sum(axis=2)) / length[None], 0, 1)
    nearest = a[None] + t[..., None] * ab[None]
    return float(np.sqrt(((points[:, None, :] - nearest) ** 2).sum(axis=2)).min())


def _crossing(s1: np.ndarray, s2: np.ndarray) -> bool:
    def orient(p, q, r):
        return (q[..., 0] - p[..., 0]) * (r[..., 1] - p[..., 1]) - (q[..., 1] - p[..., 1]) * (r[..., 0] - p[..., 0])
    a, b = s1[:, None, 0], s1[:, None, 1]
    c, d = s2[None, :, 0], s2[None, :, 1]
    return bool(((orient(a, b, c) * orient(a, b, d) <= 0) & (orient(c, d, a) * orient(c, d, b) <= 0)).any())


def _gap(one: ET.Element, other: ET.Element) -> float | None:
    """The clear paper between two parts' ink (outlines less half their strokes, one inside the other too), or None
    where their outlines meet or cross: then they print as one mark."""
    s1, s2 = _segments(_outline(one)), _segments(_outline(other))
    if _crossing(s1, s2):
        return None
    apart = min(_point_to_segments(s1[:, 0], s2), _point_to_segments(s2[:, 0], s1))
    return apart - (_num(one, "stroke-width") + _num(other, "stroke-width")) / 2


def _symbols(root: ET.Element) -> dict[str, list[ET.Element]]:
    return {symbol.get("id", ""): list(symbol) for symbol in root.iter(f"{SVG}symbol")
            if "sewer" not in symbol.get("id", "")}


def _kind(symbol_id: str) -> str:
    return next(kind for kind in KINDS if symbol_id.startswith(f"sym-{kind}"))


def _problems(name: str, parts: list[ET.Element]) -> list[str]:
    found = []
    marks = [part for part in parts if part.get("fill") not in GROUND]
    for part in marks:
        tag = part.tag[len(SVG):]
        if part.get("stroke") and _num(part, "stroke-width") < LEAST_LINE - EPS:
            found.append(f"{name}: {tag} stroke {_num(part, 'stroke-width')}")
        if tag == "rect" and min(_num(part, "width"), _num(part, "height")) < LEAST_LINE - EPS:
            found.append(f"{name}: bar {_num(part, 'width')} x {_num(part, 'height')}")
        if tag == "circle" and 2 * _num(part, "r") < LEAST_LINE - EPS:
            found.append(f"{name}: dot {2 * _num(part, 'r')}")
        if tag == "polygon" and len(_outline(part)) == 11 and not part.get("stroke"):
            star = _outline(part)          # a solid star: each arm at least LEAST_LINE wide where it starts
            arm = min(math.dist(star[k], star[k + 2]) for k in range(1, 9, 2))
            if arm < LEAST_LINE - EPS:
                found.append(f"{name}: star arm {arm:.3f}")
    for k, one in enumerate(marks):
        for other in marks[k + 1:]:
            gap = _gap(one, other)
            if gap is not None and gap < LEAST_LINE - EPS:
                found.append(f"{name}: gap {gap:.3f} between {one.tag[len(SVG):]} and {other.tag[len(SVG):]}")
    return found


# (tape mm, rows): cells of 0.625 (the smallest a map takes), 1, 1.5, 2, 2.5, 3.5 and 4.5 mm; the band's symbols are
# 0.78 of a cell. On 5 mm cells every symbol is drawn as it always was (the band's fish eye there is 0.08 mm off its
# outline: kept, as the default map's look).
@pytest.mark.parametrize("tape, rows", [(10, 15), (16, 15), (15, 9), (20, 9), (25, 9), (35, 9), (45, 9)])
def test_every_symbol_keeps_its_lines_dots_and_gaps_printable(tape, rows, tmp_path):
    symbols = _symbols(_setup_svg(tape, rows, tmp_path / "setup.svg"))
    assert {_kind(name) for name in symbols} == set(KINDS), sorted(symbols)
    problems = [problem for name, parts in symbols.items() for problem in _problems(name, parts)]
    assert problems == [], (tape / (rows + 1), problems)


def test_the_smallest_cells_symbols_still_tell_the_kinds_apart(tmp_path):
    """On 0.625 mm cells a symbol is a plain form, but no two kinds share one: their parts (shape and colour)
    differ, a shrub is light where a tree is dark, and every cat's and fish's colour is its player's."""
    symbols = _symbols(_setup_svg(10, 15, tmp_path / "setup.svg"))
    looks: dict[str, tuple] = {}
    for name, parts in symbols.items():
        look = tuple((part.tag, part.get("fill"), len(_outline(part))) for part in parts)
        kind = _kind(name)
        if kind in ("fish-p", "cat-p"):
            assert {part.get("fill") for part in parts} == {parts[0].get("fill")}, (name, look)
            look = tuple((tag, points) for tag, _fill, points in look)
        looks.setdefault(kind, look)
    assert len(set(looks.values())) == len(looks), looks
    fills = {kind: {fill for _tag, fill, *_ in look} for kind, look in looks.items() if kind in ("tree", "shrub")}
    assert fills["tree"] & fills["shrub"] == set(), fills
