"""Cops words read back from the scenes as drawn (tests/collisions.py, the suite's scene reading), on every standard
tape width and in both languages: no word over another, and no path, road, line or shape crossing a word unless
it lies under the word's own background (its location, or the plate a word gets where a narrow tape leaves it no
place off the paths)."""

import pytest

from washigen.games.cops.draw import map_scene, tape_repeat_scene
from washigen.games.cops.generate import generate_map, layouts, playable
from washigen.games.cops.lettering import crowded_ids
from washigen.scene import Group, Path, Rect, Text

from .collisions import scene_collisions
from .cops_designs import cops_map, cops_tape

STANDARD_TAPE_WIDTHS = (15.0, 20.0, 25.0, 30.0, 35.0, 45.0, 50.0)


def _scenes(width: float, lang: str, seed: int) -> dict:
    """Each design drawn in `lang`, the designs generated once for both languages (and the map and the tape of seed
    2 for tests/test_cops_print.py's prints too)."""
    offset = round(width * 0.2, 1)
    return {
        "map": map_scene(cops_map(3, seed=seed, tape_width=width, offset=offset), 3.0, lang),
        "stacked map": map_scene(cops_map(4, seed=seed, tape_width=width, offset=offset, layout="stacked"), 3.0,
                                 lang),
        "tape": tape_repeat_scene(cops_tape(4, seed=seed, tape_width=width), 3.0, lang),
        "stacked tape": tape_repeat_scene(cops_tape(2, seed=seed, tape_width=width, layout="stacked"), 3.0, lang),
    }


def _items(items) -> list:
    """Every primitive in drawing order, through groups."""
    flat = []
    for item in items:
        flat += _items(item.children) if isinstance(item, Group) else [item]
    return flat


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", STANDARD_TAPE_WIDTHS)
def test_no_word_is_crossed_on_any_standard_tape(width, lang):
    for seed in (2, 6) if width <= 20 else (2,):                 # the narrow tapes, where words have least room
        for name, scene in _scenes(width, lang, seed).items():
            assert scene_collisions(scene) == [], (name, width, lang, seed)


def test_the_seed_lines_on_15mm_tape_are_crossed_by_no_path():
    """15 mm tape, where the seed line has least room: several maps' seed lines, each off the paths or on the plate
    it gets over them (a plain ground colour holding it), and no path crosses any of them."""
    lines = plated = 0
    for seed in range(1, 5):
        scene = map_scene(cops_map(3, seed=seed, tape_width=15.0), 3.0)
        items = _items(scene.children)
        for before, item in zip([None] + items, items):
            if isinstance(item, Text) and item.text.startswith("seed"):
                lines += 1
                plated += isinstance(before, Rect) and before.style.fill in ("cops-zone-1", "cops-zone-2")
        assert not [fault for fault in scene_collisions(scene) if "'seed" in fault], seed
    assert lines >= 4 and plated >= 1          # the narrow tape leaves some of them no place off the paths


def test_a_word_set_on_a_path_without_its_plate_is_seen():
    """The reading itself: a seed line set over a path, no plate under it, is reported."""
    scene = map_scene(generate_map(2, seed=1, tape_width=50.0), 3.0)
    path = next(item for item in _items(scene.children) if isinstance(item, Path) and item.style.stroke == "path")
    x, y = path.commands[1][1:3]
    scene.add(Text(x - 3.0, y + 0.5, "seed 1", 1.8))
    assert "page 1: a line crosses 'seed 1'" in scene_collisions(scene)


def _first_playable(players: int, seed: int, width: float):
    return next(design for design in layouts(players, seed, width) if playable(design))


@pytest.mark.filterwarnings("ignore::washigen.arena.fair.FairnessWarning")
def test_a_layout_that_leaves_an_id_no_room_on_15mm_tape_is_passed_by():
    """These seeds' first playable layouts leave an id no room on 15 mm tape but over its own location's areas
    (drawn on a plate, it stays readable, but hides some of them); the generator passes them by for the seed's
    next, whose words are clear, searched for fairness or not."""
    for players, seed, search in ((2, 19, True), (3, 17, False), (3, 10, False)):
        first = _first_playable(players, seed, 15.0)
        assert crowded_ids(first), (players, seed)
        design = generate_map(players, seed, 15.0, search=search, budget=0.5)
        assert design != first and crowded_ids(design) == [], (players, seed)
        assert scene_collisions(map_scene(design, 3.0)) == [], (players, seed)


def test_on_a_tape_too_narrow_for_any_layout_s_ids_the_first_playable_one_is_kept():
    first = _first_playable(2, 3, 10.0)
    assert crowded_ids(first) and generate_map(2, 3, 10.0) == first
