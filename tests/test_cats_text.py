"""The Cats text form and design files: round trips, and bad input named by field or line."""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from cats_maps import valid_map, valid_setup  # noqa: E402
from washigen.design import dumps, loads, to_dict  # noqa: E402
from washigen.errors import DesignFormatError, WashigenError  # noqa: E402
from washigen.games.cats.generate import generate_map, generate_roll, generate_segment  # noqa: E402
from washigen.games.cats.setup import generate_setup  # noqa: E402
from washigen.games.cats.text import from_text, to_text  # noqa: E402


DESIGNS = ("map", "map-4p-jinja", "cut-up", "long-forests", "setup", "team-setup", "segment", "roll", "hand-made")


@functools.lru_cache(maxsize=1)
def _designs():
    """Made once, when a test first asks (not while the tests are collected, in every worker)."""
    two = generate_map(seed=1)
    return {
        "map": two,
        "map-4p-jinja": generate_map(players=4, jinja=True, seed=2, rules_url="https://example.com/rules"),
        # Has buildings cut open: the cut-up `--cut-up --seed 11 --budget 0` keeps, with the verdict it stores
        # (its fairness search's 200 greedy games are test_cats_fair's to play).
        "cut-up": replace(generate_map(cut_up=True, seed=11, variant=3), play_games=200, play_score=0.015,
                          play_fair=True),
        "long-forests": generate_map(long=2, forests=7, seed=4),
        "setup": generate_setup(two, seed=1),
        "team-setup": generate_setup(generate_map(players=6, coop=True, seed=3), seed=1),
        "segment": generate_segment(seed=5),
        "roll": generate_roll(segments=2, seed=1, length=2_000.0),
        "hand-made": valid_map(),
    }


def test_every_design_kind_is_round_tripped():
    assert tuple(_designs()) == DESIGNS


@pytest.mark.parametrize("name", DESIGNS)
def test_text_and_json_round_trip(name):
    design = _designs()[name]
    assert from_text(to_text(design)) == design
    assert loads(dumps(design)) == design
    assert to_text(from_text(to_text(design))) == to_text(design)


def test_the_cut_up_text_shows_open_cut_sides():
    text = to_text(_designs()["cut-up"])
    assert "~" in text.split("grid:")[1]


def test_walls_and_openings_show_in_the_text():
    lines = to_text(valid_map()).split("grid:\n")[1].splitlines()
    row6 = next(line for line in lines if line.startswith("  6 "))
    assert row6[5:].rstrip() == ". . . .|# #|. . . . . . . . . . . ."
    above = lines[lines.index(row6) - 1]
    assert above.strip() == "+:+-+"                  # the door on top of (6, 5), the wall on top of (6, 6)


def test_an_edited_text_map_loads_with_its_edit():
    text = to_text(valid_map())
    edited = text.replace("  7  . . . . . . . . . J . . . . . . . .", "  7  . . . . . . . . . J J . . . . . . .")
    assert edited != text
    design = from_text(edited, "edited.txt")
    assert design.grid.rows[6] == ".........JJ......."


def _grid_line(text: str, row: int) -> int:
    """1-based line number of a grid row in a text form."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"{row:>3} "):
            return number
    raise AssertionError(row)


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("  4  . . . b", "  4  . . . X"), "unknown cell kind 'X' in column 4"),
    (lambda t: t.replace("  4  . . . b . . . g . . . g . . . b . .", "  4  . . . b . . . g . . . g . . . b ."),
     "row 4 has 17 cells, expected 18"),
    (lambda t: t.replace("  2  . . . . . . . . J", "  2  . . . .|. . . . J"), "between two cells that are not"),
    (lambda t: t.replace("  6  . . . .|# #|", "  6  . . . . # #|"), "has no wall on its left side"),
    (lambda t: t.replace("players: 2", "players: two"), "players: expected a number"),
    (lambda t: t.replace("players: 2", "players: 9"), "players: Input should be less than or equal to 6"),
    (lambda t: t.replace("coop: no", "coop: maybe"), "coop: write yes or no"),
    (lambda t: t.replace("jinja: no", "jinja: no\ncolour: blue"), "unknown key 'colour'"),
])
def test_bad_text_names_the_line(edit, message):
    text = to_text(valid_map())
    bad = edit(text)
    assert bad != text
    with pytest.raises(DesignFormatError, match=message) as error:
        from_text(bad, "map.txt")
    assert "map.txt, line " in str(error.value)


def test_bad_text_names_the_right_line_number():
    text = to_text(valid_map())
    bad = text.replace("  4  . . . b", "  4  . . . X")
    with pytest.raises(DesignFormatError) as error:
        from_text(bad)
    assert error.value.path == f"line {_grid_line(text, 4)}"


@pytest.mark.parametrize("old, new, says", [
    ("game: cats", "game: dogs", "this is the Cats text form; game is 'dogs'"),
    ("pieces 2: 1-18<1", "pieces 2: 1-999999999999<1", "pieces[1].col: columns 1..999999999999 are outside"),
    ("fish: 2 1 10", "fish: 5 1 10", "fish[3].player: "),
])
def test_a_value_refused_after_reading_names_its_own_line(old, new, says):
    """`game:` was named as line 0; a piece or a drawing the game's own check refuses was named by its JSON path
    only, without the file or the line."""
    text = to_text(valid_setup())
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    with pytest.raises(DesignFormatError) as error:
        from_text(text.replace(old, new), "map.txt")
    assert str(error.value).startswith(f"map.txt, line {line}: {says}")


# -- design files ------------------------------------------------------------------------------------------------------------

def _document(edits=None, **more):
    data = to_dict(valid_map())
    for path, value in {**(edits or {}), **more}.items():
        target = data
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value
    return json.dumps(data)


@pytest.mark.parametrize("edits, path, message", [
    ({"grid.rows.3": "." * 17}, "grid.rows[3]", "17 cells, expected 18"),
    ({"grid.rows.2": "..X" + "." * 15}, "grid.rows[2]", "unknown cell kind 'X' at column 3"),
    ({"grid.sewers.0.colour": "purple"}, "grid.sewers[0].colour", "Input should be 'red', 'blue', 'green' or 'yellow'"),
    ({"grid.sewers.0.row": 12}, "grid.sewers[0]", "outside the 8 x 18 grid"),
    ({"grid.sewers.0.row": 3, "grid.sewers.0.col": 13}, "grid.sewers[0]", "sits on a building cell"),
    ({"players": 9}, "players", "less than or equal to 6"),
    ({"grid.buildings.0.openings.0.side": "w"}, "grid.buildings[0].openings[0].side", "lies inside the building"),
])
def test_a_bad_design_file_names_its_field(edits, path, message):
    document = _document(edits)
    with pytest.raises(DesignFormatError, match=message) as error:
        loads(document, "map.json")
    assert error.value.path == path


def test_a_sewer_outside_the_grid_is_refused():
    with pytest.raises(DesignFormatError) as error:
        loads(_document({"grid.sewers.2.col": 40}), "map.json")
    assert error.value.path == "grid.sewers[2]" and "outside" in str(error.value)


def test_team_play_needs_four_or_six_players():
    with pytest.raises(DesignFormatError, match="team play") as error:
        loads(_document(players=3, coop=True))
    assert error.value.path == "coop"


def test_a_setup_with_an_unknown_player_is_refused():
    setup = valid_setup()
    data = to_dict(setup)
    data["fish"][0]["player"] = 5
    with pytest.raises(DesignFormatError) as error:
        loads(json.dumps(data))
    assert error.value.path == "fish[0].player"


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=400))
def test_the_loader_raises_only_washigen_errors_on_any_bytes(data):
    with pytest.raises(WashigenError):
        loads(data)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_the_text_reader_raises_only_washigen_errors_on_mangled_text(data):
    text = to_text(valid_map())
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text) - 1))
        text = text[:at] + data.draw(st.sampled_from(list(".#|:-+~ JTtrbgy\nx9"))) + text[at + 1:]
    try:
        from_text(text)
    except WashigenError:
        pass


@pytest.mark.parametrize("generator", [" padded ", "ends in a space ", '"starts with a quote', '"all quoted"'])
def test_a_generator_name_comes_back_from_the_text_form_as_written(generator):
    """A `key: value` line is trimmed as it is read: a name with outer spaces (or one that opens with a quote, which
    a quoted name would be taken for) is written as a JSON string, and comes back as it was, map and set-up alike."""
    game_map = replace(valid_map(), generator=generator)
    setup = replace(valid_setup(), generator=generator)
    assert from_text(to_text(game_map)).generator == generator
    back = from_text(to_text(setup))
    assert (back.generator, back.map.generator) == (generator, setup.map.generator)
