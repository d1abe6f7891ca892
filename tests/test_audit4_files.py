"""Files as users have them (DESIGN 12): what Windows, macOS and phones make of a design, a log or a TOML file.
Where the intent is clear it just works: UTF-16 with its byte order mark (PowerShell 5's `>`, Notepad's
"Unicode"), a lone CR for a line end (old Mac editors), a JSON design saved as .txt or a text form as .json
(Windows hides extensions). Where it is not, the refusal is exit 2 naming the file and what it is: an archive, a
print or an image given as a design, UTF-16 without its mark, a tab in a Cats grid."""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CATS_JSON = (EXAMPLES / "cats-map-2p.json").read_bytes()
CATS_TEXT = (EXAMPLES / "cats-map-2p.txt").read_bytes()
LAYOUT = (EXAMPLES / "cat-tree-example.txt").read_bytes()
MIX = (EXAMPLES / "trail-route-mix-arrows.toml").read_bytes()
BOMS = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    text = result.output
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, text


def utf16(data: bytes, encoding: str) -> bytes:
    return BOMS[encoding] + data.decode("utf-8").encode(encoding)


# -- encodings that just work ----------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", BOMS)
@pytest.mark.parametrize("name, data", [("map.json", CATS_JSON), ("map.txt", CATS_TEXT)])
def test_a_design_in_utf16_with_its_mark_is_read(tmp_path, encoding, name, data):
    design = tmp_path / name
    design.write_bytes(utf16(data, encoding))
    code, text = run("validate", design)
    assert code == 0, text
    assert washigen.load(design) == washigen.load(EXAMPLES / "cats-map-2p.json")


def test_a_layout_in_utf16_is_scored(tmp_path):
    layout = tmp_path / "layout.txt"
    layout.write_bytes(utf16(LAYOUT, "utf-16-le"))
    code, text = run("cat-tree", "score", layout)
    assert code == 0, text
    assert "44 points" in text


def test_a_toml_file_with_lone_cr_line_ends_is_read(tmp_path):
    setups = []
    for folder, data in (("mac", MIX.replace(b"\n", b"\r")), ("unix", MIX)):
        (tmp_path / folder).mkdir()
        mix = tmp_path / folder / "mix.toml"          # one name: the setup records it
        mix.write_bytes(data)
        code, text = run("trail-route", "setup", "--seed", "1", "--mix", mix, "-o", tmp_path / folder / "setup.json")
        assert code == 0, text
        setups.append((tmp_path / folder / "setup.json").read_bytes())
    assert setups[0] == setups[1]


def test_a_game_log_with_lone_cr_line_ends_is_replayed(tmp_path):
    log = tmp_path / "log.txt"
    code, text = run("cats", "play", "--seed", "3", "--games", "1", "-o", log)
    assert code == 0, text
    mac = tmp_path / "mac.txt"
    mac.write_bytes(log.read_bytes().replace(b"\n", b"\r"))
    code, text = run("cats", "play", "--replay", mac)
    assert code == 0, text
    assert "moves replayed" in text


# -- a design under another extension -------------------------------------------------------------------------

@pytest.mark.parametrize("name, data", [
    ("map.json.txt", CATS_JSON),      # Windows hid the .json; the user typed .txt
    ("design.txt", CATS_JSON),
    ("map.txt.json", CATS_TEXT),
    ("map", CATS_TEXT),               # no extension
    ("MAP.TXT", CATS_TEXT),
])
def test_a_design_is_read_by_its_contents(tmp_path, name, data):
    design = tmp_path / name
    design.write_bytes(data)
    code, text = run("validate", design)
    assert code == 0, text
    code, text = run("render", design, "-o", tmp_path / "out.svg")
    assert code == 0, text


def test_a_tiled_map_saved_as_json_is_read_as_a_map(tmp_path):
    """Tiled saves JSON maps as .tmj or .json: the second was read as a washigen design ("format: must be ...")."""
    code, text = run("trail-route", "setup", "--seed", "2", "-o", tmp_path / "setup.tmj")
    assert code == 0, text
    exported = tmp_path / "exported.json"
    exported.write_bytes((tmp_path / "setup.tmj").read_bytes())
    code, text = run("validate", exported)
    assert code == 0, text
    assert washigen.load(exported) == washigen.load(tmp_path / "setup.tmj")


def test_the_studio_reads_an_upload_as_the_command_line_does(tmp_path):
    from washigen.studio.api import read_design

    design = read_design(utf16(CATS_JSON, "utf-16-le"), "map.json.txt", tmp_path)
    assert design == washigen.load(EXAMPLES / "cats-map-2p.json")


def test_a_broken_json_file_is_still_refused_as_json(tmp_path):
    """A .json that starts as no JSON does and no text form reads is said to be broken JSON, as before."""
    design = tmp_path / "map.json"
    design.write_bytes(b"// my map\n" + CATS_JSON)
    code, text = run("validate", design)
    assert code == 2
    assert "map.json: not valid JSON: Expecting value at line 1, column 1" in text


# -- files that are no design: refused as what they are ---------------------------------------------------------

def _zipped(path: Path) -> bytes:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("map.json", CATS_JSON)
    return path.read_bytes()


@pytest.mark.parametrize("name, make, says", [
    ("map.json.gz", lambda folder: gzip.compress(CATS_JSON), "a gzip-compressed file, not a design file; unpack it"),
    ("map.zip", lambda folder: _zipped(folder / "made.zip"), "a zip archive, not a design file; unpack it"),
    ("map.json", lambda folder: (EXAMPLES / "cats-map-2p.png").read_bytes(), "a PNG image, not a design file"),
    ("map.pdf", lambda folder: b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "a PDF document, not a design file"),
])
def test_an_archive_print_or_image_is_named_as_what_it_is(tmp_path, name, make, says):
    given = tmp_path / name
    given.write_bytes(make(tmp_path))
    code, text = run("validate", given)
    assert code == 2
    assert f"{given}: {says}" in text


def test_an_image_given_as_a_template_is_named(tmp_path):
    template = tmp_path / "labels.toml"
    template.write_bytes((EXAMPLES / "cats-map-2p.png").read_bytes())
    code, text = run("cat-tree", "deck", "--template", template, "-o", tmp_path / "deck.pdf")
    assert code == 2
    assert f"{template}: a PNG image, not a template file" in text
    assert not (tmp_path / "deck.pdf").exists()


@pytest.mark.parametrize("name, data", [("map.json", CATS_JSON), ("layout.txt", LAYOUT)])
def test_utf16_without_its_mark_is_named(tmp_path, name, data):
    given = tmp_path / name
    given.write_bytes(data.decode().encode("utf-16-le"))
    args = ("validate", given) if name.endswith(".json") else ("cat-tree", "score", given)
    code, text = run(*args)
    assert code == 2
    assert f"{given}: UTF-16 text without a byte order mark; save it as UTF-8" in text


def test_a_control_character_in_json_is_placed_once(tmp_path):
    """json says "Invalid control character at"; the place followed as "at at line 3"."""
    design = tmp_path / "map.json"
    design.write_bytes(CATS_JSON.replace(b'"cats"', b'"ca\x00ts"', 1))
    code, text = run("validate", design)
    assert code == 2
    assert "not valid JSON: Invalid control character at line 3, column" in text


def test_a_tab_in_a_cats_grid_is_named(tmp_path):
    """An editor that saves tabs for runs of spaces shifts every cell of the grid: the old message said the grid
    had no rows."""
    lines = CATS_TEXT.decode().split("\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("  1  "))
    lines[row] = "\t1\t" + lines[row][5:]
    design = tmp_path / "map.txt"
    design.write_text("\n".join(lines))
    code, text = run("validate", design)
    assert code == 2
    assert f"{design}, line {row + 1}: a tab in the grid; its cells line up by spaces" in text
