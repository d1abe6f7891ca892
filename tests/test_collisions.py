"""No text overlaps other text, and no label is crossed by a line or shape that is not its own background
(DESIGN 4), read twice (tests/collisions.py): from the Scenes before rendering, and from the finished PDF."""

from __future__ import annotations

import pytest

from tests.collisions import command_drawings, page_faults, pdf_collisions, scene_collisions
from tests.printcheck import strict_cases
from washigen.scene import Group, Line, Rect, Scene, Style, Text

# Outputs with labels on cards, tiles, sheets and rule-sheet figures, in both languages, with the faults found in
# them first (issue 20) and a handful that were clean.
OUTPUTS = {
    "rules-cats": ["rules", "cats"],                                  # Figure 2: the player band's callouts
    "rules-trail-route-de": ["rules", "trail-route", "--lang", "de"],  # Figure 1 cuts off "einfache Straße"
    "trail-route-components": ["trail-route", "components"],          # tile labels, arrows, grass, mouse tail
    "trail-route-components-de": ["trail-route", "components", "--lang", "de"],   # the mat's "A2" and its note
    "cops-map-15mm": ["cops", "map", "--seed", "1", "--tape-width", "15mm"],       # the seed line on the paths
    "cops-sheet": ["cops", "sheet"],                                   # the version line on the crime boxes
    "cat-tree-deck-letter-cut-lines": ["cat-tree", "deck", "--paper", "letter", "--cut-lines"],  # the footer
    "cats-map": ["cats", "map", "--seed", "1"],
    "cat-tree-sheet": ["cat-tree", "sheet"],
    "trail-route-setup": ["trail-route", "setup", "--seed", "1"],
    "rules-cops": ["rules", "cops"],
    # the mat on small tiles (its title reached the wrap arrow, "row 6" ran over its slot) and over A5 sheets
    "trail-route-components-tiles25-de": ["trail-route", "components", "--tile-size", "25mm", "--lang", "de"],
    "trail-route-components-a5": ["trail-route", "components", "--paper", "a5"],
}

# Outputs that still collide, by reading: each entry is a fault not fixed yet. The xfail is strict, so a fix that
# lands without removing its entry fails the suite.
KNOWN_FAULTS: dict[str, set[str]] = {
    "scene": set(),
    "pdf": set(),
}

_cache: dict[str, tuple] = {}


def _cases(reading: str):
    return strict_cases(OUTPUTS, KNOWN_FAULTS[reading], "{name}: labels still collide")


def _read(name: str, tmp_path_factory) -> tuple:
    if name not in _cache:
        _cache[name] = command_drawings(OUTPUTS[name], tmp_path_factory.mktemp("collisions") / f"{name}.pdf")
    return _cache[name]


@pytest.mark.parametrize("name", _cases("scene"))
def test_no_label_collides_in_the_scenes(name, tmp_path_factory):
    drawings, _ = _read(name, tmp_path_factory)
    assert [fault for drawing in drawings for fault in page_faults(drawing)] == []


@pytest.mark.parametrize("name", _cases("pdf"))
def test_no_label_collides_in_the_pdf(name, tmp_path_factory):
    _, data = _read(name, tmp_path_factory)
    assert pdf_collisions(data) == []


# -- the checks themselves, on drawings made to pass or fail them -------------------------------------------------
def _both(*items, width: float = 80.0, height: float = 40.0) -> tuple[list[str], list[str]]:
    """The faults of a scene holding `items`, read from the Scene and from its PDF."""
    from washigen.backends import to_pdf

    scene = Scene(width, height)
    scene.add(*items)
    return scene_collisions(scene), pdf_collisions(to_pdf([scene]))


def test_two_overlapping_labels_are_named_with_their_overlap():
    scene_faults, pdf_faults = _both(Text(10, 20, "your colour", 3.0, weight="bold"),
                                     Text(24, 20, "special moves", 3.0, weight="bold"))
    for faults in (scene_faults, pdf_faults):
        assert len(faults) == 1, faults
        assert faults[0].startswith("page 1: 'your colour' overlaps 'special moves' (")
    # The overlap is the same measure in both readings: 'your colour' at 3 mm is about 19 mm long.
    assert scene_faults == pdf_faults


def test_a_line_through_a_label_is_named():
    dashed = Style(stroke="cut", stroke_width=0.2, dash=(1.0, 1.0))
    for faults in _both(Text(40, 20, "TUNNEL", 3.0, anchor="middle"), Line(0, 19, 80, 19, dashed)):
        assert faults == ["page 1: a line crosses 'TUNNEL'"]


def test_a_fill_over_part_of_a_label_is_named_drawn_under_it_or_over_it():
    grass = Rect(40, 10, 30, 20, Style(fill="forest"))
    for faults in _both(grass, Text(30, 20, "TUNNEL", 3.0, weight="bold")):
        assert faults == ["page 1: 'TUNNEL' runs over the edge of a shape"]
    for faults in _both(Text(30, 20, "TUNNEL", 3.0, weight="bold"), grass):
        assert faults == ["page 1: a shape is drawn over 'TUNNEL'"]


def test_a_label_on_its_own_background_box_with_its_underline_and_frame_is_no_fault():
    box = Rect(20, 14, 40, 10, Style(fill="paper", stroke="ink", stroke_width=0.3))
    grid = [Line(x, 0, x, 40, Style(stroke="grid")) for x in range(5, 80, 10)]   # under the box: hidden
    label = Text(40, 20.5, "EVERY CAT", 3.0, anchor="middle", weight="bold")
    underline = Line(32, 21.2, 48, 21.2, Style(stroke="ink", stroke_width=0.2))
    card = Rect(0, 0, 80, 40, Style(fill="building"))                           # a card that holds it all
    assert _both(card, *grid, box, label, underline) == ([], [])


def test_a_clean_drawing_gives_no_fault():
    items = [Rect(0, 0, 80, 40, Style(fill="forest-tint")), Line(0, 30, 80, 30, Style(stroke="ink")),
             Text(4, 8, "seed 1", 2.0), Text(76, 8, "washigen", 2.0, anchor="end"),
             Text(40, 20, "MOUSE TOY", 3.0, anchor="middle", rotate=90.0)]
    assert _both(*items) == ([], [])


def test_turned_labels_are_measured_along_their_baseline():
    """A label turned a quarter turn runs down the page: a line across the page below its end misses it."""
    items = [Text(40, 5, "MOUSE TOY", 3.0, rotate=90.0), Line(0, 30, 80, 30, Style(stroke="ink"))]
    assert _both(*items) == ([], [])
    items[1] = Line(0, 12, 80, 12, Style(stroke="ink"))
    for faults in _both(*items):
        assert faults == ["page 1: a line crosses 'MOUSE TOY'"]


def test_a_label_cut_by_its_drawing_edge_is_named_in_the_scene():
    scene = Scene(40.0, 20.0)
    scene.add(Group([Text(30, 10, "einfache Straße", 3.0)], clip=(0, 0, 40, 20)))
    faults = scene_collisions(scene, "figure 1")
    assert len(faults) == 1 and faults[0].startswith("figure 1: 'einfache Straße' is cut off at the edge of its "
                                                     "drawing (")


# -- a label's background, to the edge (tests/collisions.py decides some on the boxes alone) ---------------------
def _square(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


GREEN, WHITE = (0.0, 0.5, 0.0), (1.0, 1.0, 1.0)
NOTCHED = [(0, 0), (30, 0), (30, 30), (20, 30), (20, 19), (15, 19), (15, 30), (0, 30)]   # cut in from below
HOLED = [_square(0, 0, 30, 30), _square(12, 12, 26, 26)]                                # even-odd: a frame


RUNS_OVER, CROSSED = "p: 'EDGE' runs over the edge of a shape", "p: a line crosses 'EDGE'"


@pytest.mark.parametrize("fills, origin, length, axis, faults", [
    # a rectangle's right and bottom edges are outside it: a label whose points reach one is not held
    ([(_square(0, 0, 30, 30), None)], (10, 20), 20, (1, 0), [RUNS_OVER, CROSSED]),
    ([(_square(0, 0, 30.5, 30), None)], (10, 20), 20, (1, 0), []),
    ([(_square(0, 0, 30.5, 30), (0, 0, 25, 30))], (10, 20), 18, (1, 0), [RUNS_OVER, CROSSED]),   # past its clip
    ([(NOTCHED, None)], (10, 20), 18, (1, 0), [RUNS_OVER, CROSSED]),                   # over the notch
    ([(NOTCHED, None)], (10, 10), 18, (1, 0), []),                                     # above it
    ([(NOTCHED, None)], (10, 10), 20, (1, 0), [RUNS_OVER, CROSSED]),                   # to its right edge
    ([(NOTCHED, None)], (0, 10), 12, (1, 0), []),                                      # from its left edge
    ([(NOTCHED, None)], (17, 5), 15, (0, 1), [RUNS_OVER, CROSSED]),                    # turned, down into it
    ([(NOTCHED, None)], (12, 10), 15, (0, 1), []),                                     # turned, beside it
    ([(HOLED, None)], (20, 20), 8, (1, 0), [RUNS_OVER, CROSSED]),                      # half in the hole
    ([(HOLED, None)], (14, 20), 8, (1, 0), [CROSSED]),                                 # all in it: on the page
])
def test_a_shape_is_a_labels_background_only_when_it_holds_all_of_it(fills, origin, length, axis, faults):
    """A label on a page (white, the bottom fill) with a line under a green shape, across the label: the shape is
    the label's background, hiding the line, only where it holds every one of the label's sample points (to its
    left and top edges, not its right and bottom ones, within its clip); a label running off it is named."""
    from tests.collisions import Drawing, Fill, Label, Stroke

    page = Fill([_square(-10, -10, 50, 50)], 0, colour=WHITE)
    line = Stroke([((origin[0] + 1, -10), (origin[0] + 1, 50))], 0.2, 1, colour=(0.0, 0.0, 0.0))
    shapes = [Fill(rings if isinstance(rings[0], list) else [rings], 2, clip, GREEN) for rings, clip in fills]
    label = Label("EDGE", origin, axis, (0.0, -2.0, float(length), 0.0), 9)
    assert page_faults(Drawing("p", [label], [line], [page, *shapes], [])) == faults
