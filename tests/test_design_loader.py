"""The design envelope: JSON round-trips exactly; a bad file names the JSON path of its first bad field; any bytes
at all give a WashigenError or a design, never another exception."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from washigen.design import FORMAT, dumps, load, loads
from washigen.errors import DesignFormatError, InputError, WashigenError

from .sample_game import SAMPLE, Board, Token, registered


@pytest.fixture(autouse=True, scope="module")
def sample_game():
    with registered() as game:
        yield game


def board(**changes):
    values = dict(seed=5, players=3, name="Straße", tokens=(Token(row=1, col=2, colour="red"),
                                                            Token(row=4, col=4, colour="blue")), corner=(1.5, 2.0))
    values.update(changes)
    return Board(**values)


def test_save_then_load_gives_an_equal_design(tmp_path):
    from washigen.design import save

    design = board()
    path = tmp_path / "b.json"
    save(design, path)
    assert load(path) == design
    assert loads(dumps(design)) == design


def test_the_envelope_names_format_game_kind_and_seed():
    document = json.loads(dumps(board()))
    assert (document["format"], document["game"], document["kind"], document["seed"]) == (
        FORMAT, "loader-sample", "board", 5)


def _document(**changes):
    document = json.loads(dumps(board()))
    document.update(changes)
    return json.dumps(document)


@pytest.mark.parametrize("change, path, says", [
    ({"players": 9}, "players", "less than or equal to 6, got 9"),
    ({"players": "3"}, "players", "valid integer"),
    ({"tokens": [{"row": 1, "col": 12, "colour": "red"}]}, "tokens[0].col", "less than or equal to 9"),
    ({"tokens": [{"row": 1, "col": 2, "colour": "mauve"}]}, "tokens[0].colour", "'red' or 'blue'"),
    ({"tokens": [{"row": 1, "col": 2}]}, "tokens[0].colour", "required"),
    ({"corner": [1, 2, 3]}, "corner", "at most 2"),
    ({"colour": "red"}, "colour", "Unexpected"),
    ({"format": "washigen/0"}, "format", "must be 'washigen/1'"),
    ({"game": "chess"}, "game", "unknown game 'chess'"),
    ({"kind": "deck"}, "kind", "no design kind 'deck'"),
    ({"tokens": [{"row": 1, "col": 2, "colour": "red"}, {"row": 1, "col": 2, "colour": "blue"}]}, "tokens[1]",
     "a second token"),
])
def test_a_bad_field_is_named_by_its_json_path(change, path, says):
    with pytest.raises(DesignFormatError) as caught:
        loads(_document(**change), source="b.json")
    assert caught.value.path == path
    assert str(caught.value).startswith(f"b.json, {path}: ")
    assert says in str(caught.value)


@pytest.mark.parametrize("data, says", [
    (b"", "not valid JSON"), (b"\xff\xfe", "not UTF-8"), (b"[1, 2]", "JSON object"),
    (b'{"a": NaN}', "a: nan is not a finite number"),
    (b"[" * 100_000, "nested too deeply"), (b'{"seed": ' + b"9" * 5000 + b"}", "line 1: a number with thousands of digits; whole numbers in a design"),
])
def test_unreadable_documents_say_why(data, says):
    with pytest.raises(DesignFormatError, match=says):
        loads(data)


def test_a_key_named_twice_is_refused_naming_it(tmp_path):
    """json keeps the last of two equal keys silently: the file said `players: 2` to its reader and 3 to washigen."""
    from click.testing import CliRunner

    from washigen.cli import main
    from washigen.games.cats.generate import generate_map

    text = dumps(generate_map(seed=1)).replace('"players": 2,', '"players": 2, "players": 3,', 1)
    path = tmp_path / "m.json"
    path.write_text(text)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and (result.exception is None or isinstance(result.exception, SystemExit))
    assert "m.json: players: the key stands twice in one object" in result.output
    with pytest.raises(DesignFormatError, match="token: the key stands twice"):        # nested objects too
        loads(_document(tokens=[{"row": 1, "col": 2, "colour": "red"}]).replace('"row": 1', '"token": 1, "token": 1'))


def test_a_leading_byte_order_mark_is_dropped(tmp_path):
    """Editors on Windows write a BOM: the file was refused with Python's advice to "decode using utf-8-sig"."""
    path = tmp_path / "b.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(board()).encode("utf-8"))
    assert load(path) == board()
    assert loads("\ufeff" + dumps(board())) == board()
    from washigen.design import render
    from washigen.games.trail_route.generate import generate_setup

    tiled = tmp_path / "setup.tmj"
    render(generate_setup(4, 1), tiled)
    tiled.write_bytes(b"\xef\xbb\xbf" + tiled.read_bytes())
    assert load(tiled) == generate_setup(4, 1)


def test_a_nan_in_a_design_made_in_python_is_named_by_its_field():
    """A Cops map generated with offset=nan holds it in `offset` and in the roads drawn from it: the check named
    neither ("NaN is not a number a design may hold"); it names the field, the first in the file's order."""
    from washigen.design import checked
    from washigen.games.cops.generate import generate_map

    with pytest.raises(DesignFormatError) as caught:
        checked(generate_map(players=2, seed=1, offset=float("nan")))
    assert str(caught.value).startswith("design, offset: nan is not a finite number")


@pytest.mark.parametrize("line, value, says", [
    ("balance", "nan", "balance: nan is not a finite number"),
    ("play-score", "1e400", "play_score: inf is not a finite number"),
    ("seed", "1" * 40, "seed: Input should be less than or equal to 9223372036854775807"),
])
def test_a_text_form_is_held_to_what_its_json_form_may_hold(tmp_path, line, value, says):
    """The text form took numbers its JSON form refuses, and wrote JSON that washigen then refused to read."""
    import re

    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.text import to_text

    text = to_text(generate_map(seed=1))
    changed = re.sub(rf"^{line}: .*$", f"{line}: {value}", text, flags=re.M)
    assert changed != text
    path = tmp_path / "m.txt"
    path.write_text(changed)
    with pytest.raises(DesignFormatError, match=says):
        load(path)
    path.write_text(text)
    assert load(path) == generate_map(seed=1)


def test_missing_files_and_folders_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load(tmp_path / "none.json")
    with pytest.raises(InputError, match="is a folder"):
        load(tmp_path)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_give_a_design_or_a_washigen_error(data):
    try:
        loads(data)
    except WashigenError:
        pass


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                         max_size=4), max_leaves=12)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_mutated_documents_give_a_design_or_a_washigen_error(data):
    document = json.loads(dumps(board()))
    paths = [p for p in _paths(document) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        try:
            if action == "replace":
                parent[path[-1]] = data.draw(JSON_VALUES)
            elif action == "delete":
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[data.draw(st.text(max_size=6))] = data.draw(JSON_VALUES)
            else:
                parent.append(data.draw(JSON_VALUES))
        except (KeyError, IndexError, TypeError):
            continue    # an earlier mutation removed or replaced this path
        paths = [p for p in _paths(document) if p]
    try:
        design = loads(json.dumps(document, allow_nan=True))
    except WashigenError:
        return
    assert isinstance(design, Board)


def test_a_games_own_check_names_the_field_once():
    """A game's check of a loaded design (Cats: team play's player count) said its field twice: `coop: coop: ...`."""
    from washigen.design import to_dict
    from washigen.games.cats.generate import generate_map

    data = to_dict(generate_map(seed=1))
    data["coop"] = True
    with pytest.raises(DesignFormatError) as caught:
        loads(json.dumps(data), "m.json")
    assert str(caught.value).startswith("m.json, coop: team play is for 4 players") and str(caught.value).count(
        "coop:") == 1


def test_a_cats_map_with_a_cut_up_number_must_be_cut_up():
    """As `cats map --variant 3` without --cut-up is refused: the file said cut-up 3 of a map that is not cut up, and
    validated."""
    from washigen.design import to_dict
    from washigen.games.cats.generate import generate_map

    data = to_dict(generate_map(seed=1))
    data["variant"] = 3
    with pytest.raises(DesignFormatError) as caught:
        loads(json.dumps(data), "m.json")
    assert str(caught.value) == 'm.json, variant: only a cut-up map has variants; add "cut_up": true'
    data["cut_up"] = True
    assert loads(json.dumps(data), "m.json").variant == 3


def test_a_game_may_not_take_another_games_name_as_its_alias():
    from dataclasses import replace

    from washigen.games import get_game, register_game

    assert get_game("cats").name == "cats"
    with pytest.raises(ValueError, match="the name 'Cats' already names the game 'cats'"):
        register_game(replace(SAMPLE, name="alias-sample", aliases=("Cats",)))
    assert get_game("cats").name == "cats"


def test_a_text_form_written_only_to_be_read_is_named_when_loaded(tmp_path):
    import washigen
    from washigen.design import load as load_file
    from washigen.games import get_game

    path = tmp_path / "cops-map.txt"
    path.write_text(get_game("cops").to_text(washigen.generate("cops", "map", seed=1, budget=0)), encoding="utf-8")
    with pytest.raises(DesignFormatError, match="line 1: a cops text form, written to be read by people; washigen "
                                                "does not read it back"):
        load_file(path)
