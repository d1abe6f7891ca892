"""Bad input, third sweep over the whole command line (DESIGN 12): each refusal is exit 2 with one line that names
the option, field or line and quotes the user's text in part (a 100 kB key is not echoed whole), no traceback, and
the output on disk left as it was; a folder that takes no file is refused before any game is played."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.errors import DesignFormatError

LONG = "q" * 100_000
SHORT_MESSAGE = 400          # characters: a refusal quoting a 100 kB value in part stays well under this
SENTINEL = b"left as it was\n"


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    text = result.output                 # stdout and stderr, as a terminal shows them
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, text


def refused(*args, says: str, output: Path | None = None) -> str:
    """Runs washigen ARGS, which must refuse with exit 2, naming `says` (a regular expression), in a message of
    bounded length; `output` (filled with SENTINEL first) must be left as it was, with nothing beside it."""
    if output is not None:
        output.write_bytes(SENTINEL)
        beside = sorted(os.listdir(output.parent))
    code, text = run(*args)
    assert code == 2, text
    assert re.search(says, text), text[:500]
    assert len(text.strip().splitlines()) == 1 or "Usage:" in text, text[:500]
    assert len(text) < SHORT_MESSAGE, (len(text), text[:300])
    if output is not None:
        assert output.read_bytes() == SENTINEL
        assert sorted(os.listdir(output.parent)) == beside
    return text


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """A design of each form washigen writes and reads back, written by the command line."""
    folder = tmp_path_factory.mktemp("made")
    cats = washigen.generate("cats", "map", players=2, seed=1)
    board = washigen.generate("trail-route", "setup", seed=1)
    for design, name in ((cats, "cats"), (board, "board")):
        for suffix in (".json", ".txt", ".tmj", ".tmx"):
            washigen.render(design, folder / f"{name}{suffix}")
    return {path.name: path for path in folder.iterdir()}


def _edited(made: dict[str, Path], name: str, tmp_path: Path, edit) -> Path:
    path = tmp_path / name
    path.write_text(edit(made[name].read_text(encoding="utf-8")), encoding="utf-8")
    return path


# -- a printer profile: an empty --back-offset --------------------------------------------------------------------

def test_an_empty_back_offset_for_a_profile_is_refused_by_its_option(tmp_path, monkeypatch):
    """`profile set --back-offset ''` was saved as an empty pair and failed with a ValueError traceback (exit 1)."""
    monkeypatch.setenv("WASHIGEN_CONFIG_DIR", str(tmp_path))
    refused("profile", "set", "--back-offset", "", says=r"Invalid value for '--back-offset': write X,Y")
    assert not (tmp_path / "profiles.toml").exists()


# -- JSON designs: a 100 kB name is quoted in part -----------------------------------------------------------------

@pytest.mark.parametrize("field, edit", [
    ("format", lambda d: {**d, "format": "washigen/" + LONG}),
    ("game", lambda d: {**d, "game": LONG}),
    ("kind", lambda d: {**d, "kind": LONG}),
    ("qqqq", lambda d: {**d, LONG: 1}),
])
def test_a_design_field_holding_a_huge_name_is_named_and_quoted_in_part(made, tmp_path, field, edit):
    """The envelope's checks and an unknown key echoed the whole value: a 100,000-character line of error."""
    path = tmp_path / "map.json"
    path.write_text(json.dumps(edit(json.loads(made["cats.json"].read_text()))))
    out = tmp_path / "map.svg"
    text = refused("render", path, "-o", out, says=rf"map\.json, {field}", output=out)
    assert "q…" in text


def test_a_key_given_twice_with_a_huge_name_is_quoted_in_part(made, tmp_path):
    text = made["cats.json"].read_text()
    path = tmp_path / "map.json"
    path.write_text(text.replace('"seed":', f'"{LONG}": 1, "{LONG}": 2, "seed":', 1))
    refused("validate", path, says=r"q…: the key stands twice")


# -- text forms: an unknown key or a bad value 100 kB long ----------------------------------------------------------

@pytest.mark.parametrize("name, old, new, says", [
    ("cats.txt", "\ncoop: no\n", f"\ncoop: no\n{LONG}: 1\n", r"line \d+: unknown key 'q+…'"),
    ("cats.txt", "\ncoop: no\n", f"\ncoop: {LONG}\n", r"line \d+: coop: write yes or no, got 'q+…'"),
    ("board.txt", "\nseed: 1\n", f"\nseed: 1\n{LONG}: 3\n", r"line \d+: unknown field 'q+…'"),
    ("board.txt", "\nseat 1: blue |", f"\nseat 1: {LONG} |", r"line \d+: unknown colour 'q+…'"),
])
def test_a_text_form_line_with_a_huge_word_is_named_by_its_line_and_quoted_in_part(made, tmp_path, name, old, new,
                                                                                    says):
    def edit(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)

    refused("validate", _edited(made, name, tmp_path, edit), says=says)


# -- Tiled maps: a class 100 kB long --------------------------------------------------------------------------------

def test_a_tmj_tile_class_of_100_kb_is_refused_by_its_tile(made, tmp_path):
    document = json.loads(made["cats.tmj"].read_text())
    document["tilesets"][0]["tiles"][0]["type"] = LONG
    path = tmp_path / "map.tmj"
    path.write_text(json.dumps(document))
    refused("validate", path, says=r"tileset 1, tile 1: its class must be a name of at most 100 characters")


def test_a_tmj_object_class_of_100_kb_is_refused_by_its_object(made, tmp_path):
    document = json.loads(made["cats.tmj"].read_text())
    walls = next(layer for layer in document["layers"] if layer["name"] == "walls")
    walls["objects"][0]["type"] = LONG
    path = tmp_path / "map.tmj"
    path.write_text(json.dumps(document))
    refused("validate", path, says=r"layer walls, object \d+: its type must be a name of at most 100 characters")


def test_a_tmx_object_class_of_100_kb_is_refused_by_its_object(made, tmp_path):
    def edit(text: str) -> str:
        edited = re.sub(r'(<object id="\d+") type="wall"', rf'\1 type="{LONG}"', text, count=1)
        assert edited != text
        return edited

    refused("validate", _edited(made, "cats.tmx", tmp_path, edit),
            says=r"layer walls, object \d+: its type must be a name of at most 100 characters")


def test_a_class_of_100_characters_is_still_read(made, tmp_path):
    """The bound is on a class's length alone: an unknown class of 100 characters is refused as unknown."""
    document = json.loads(made["cats.tmj"].read_text())
    walls = next(layer for layer in document["layers"] if layer["name"] == "walls")
    walls["objects"][0]["type"] = "w" * 100
    path = tmp_path / "map.tmj"
    path.write_text(json.dumps(document))
    text = refused("validate", path, says=r"class 'w{100}'")
    assert "at most 100 characters" not in text


# -- the Python API: a field that JSON cannot hold ------------------------------------------------------------------

@pytest.mark.parametrize("change, field", [
    (lambda d: dataclasses.replace(d, players=object()), "players"),
    (lambda d: dataclasses.replace(d, pieces=[object()]), r"pieces\[0\]"),
])
def test_a_design_holding_an_object_json_cannot_write_names_the_field(made, change, field):
    """It was refused as `design: cannot be written as a design file (...)`, naming no field."""
    design = washigen.load(made["cats.json"])
    with pytest.raises(DesignFormatError, match=rf"^design, {field}: cannot be written as a design file"):
        washigen.validate(change(design))


def test_a_set_up_whose_map_holds_such_an_object_names_the_path_to_it(tmp_path):
    setup = washigen.generate("cats", "setup", seed=2)
    broken = dataclasses.replace(setup, map=dataclasses.replace(setup.map, long=object()))
    with pytest.raises(DesignFormatError, match=r"^design, map\.long: cannot be written"):
        washigen.save(broken, tmp_path / "setup.json")
    assert not (tmp_path / "setup.json").exists()


# -- an output folder that takes no file ----------------------------------------------------------------------------

@pytest.fixture
def closed_folder(tmp_path, monkeypatch) -> Path:
    """A folder no file can be written in: its write bit taken away (root writes there all the same, so for root
    os.access says what it says of a read-only mount)."""
    folder = tmp_path / "closed"
    folder.mkdir()
    (folder / "game.txt").write_bytes(SENTINEL)
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real = os.access

        def access(path, mode, *args, **kwargs):
            if Path(path) == folder and mode & os.W_OK:
                return False
            return real(path, mode, *args, **kwargs)

        monkeypatch.setattr(os, "access", access)
    yield folder
    folder.chmod(0o755)


@pytest.mark.parametrize("args, name", [
    (["cats", "play", "--seed", 1], "new.txt"),
    (["cats", "play", "--seed", 1], "game.txt"),
    (["cats", "balance", "--seed", 1, "--games", 2, "--jobs", 1], "chart.svg"),
    (["cats", "map", "--seed", 1], "map.pdf"),
])
def test_an_output_in_a_folder_that_takes_no_file_is_refused_before_any_game(closed_folder, args, name):
    """The game (or balance) was played to its end, and only then the write failed."""
    output = closed_folder / name
    code, text = run(*args, "-o", output)
    assert code == 2
    assert f"{output}: cannot write in the folder {closed_folder} (Permission denied)" in text
    assert "wins" not in text and "win rate" not in text.lower()       # refused before any game
    assert sorted(os.listdir(closed_folder)) == ["game.txt"]
    assert (closed_folder / "game.txt").read_bytes() == SENTINEL
