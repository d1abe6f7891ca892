"""Bad input found by an audit of every command, design file and text form: each is refused with exit code 2 and a
message that names the field or the line, no traceback, and the file on disk left as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps, load
from washigen.errors import InputError
from washigen.games.cats.generate import generate_map


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, text


@pytest.fixture(scope="module")
def cats_map():
    return generate_map(players=2, seed=1)


@pytest.fixture
def cats_text(tmp_path, cats_map) -> Path:
    path = tmp_path / "map.txt"
    assert run("render", _json(tmp_path, cats_map), "-o", path)[0] == 0
    return path


def _json(folder: Path, design) -> Path:
    path = folder / "design.json"
    path.write_text(dumps(design), encoding="utf-8")
    return path


def _changed(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# -- text forms: digits that are not 0-9 --------------------------------------------------------------------------

def test_cats_setup_text_with_a_superscript_digit_names_its_line(tmp_path):
    """`fish: 2 ² 6`: isdigit() took the ², int() raised a ValueError (a traceback; a 500 in the studio)."""
    setup = tmp_path / "setup.txt"
    assert run("cats", "setup", "--seed", 1, "-o", setup)[0] == 0
    line = next(n for n, text in enumerate(setup.read_text().splitlines(), 1) if text.startswith("fish: "))
    lines = setup.read_text().splitlines()
    player, _, col = lines[line - 1].split()[1:]
    lines[line - 1] = f"fish: {player} \u00b2 {col}"
    setup.write_text("\n".join(lines) + "\n")
    code, text = run("validate", setup)
    assert code == 2
    assert f"line {line}: expected PLAYER ROW COLUMN" in text


def test_cats_grid_row_numbered_with_a_superscript_names_its_line(cats_text):
    lines = cats_text.read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("  3 "))
    lines[line - 1] = "  \u00b3 " + lines[line - 1][4:]
    cats_text.write_text("\n".join(lines) + "\n")
    code, text = run("validate", cats_text)
    assert code == 2
    assert f"line {line}: expected row 3, got row \u00b3" in text


def test_trail_route_mix_count_with_a_superscript_names_its_line(tmp_path):
    setup = tmp_path / "setup.txt"
    assert run("trail-route", "setup", "--seed", 1, "-o", setup)[0] == 0
    lines = setup.read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("mix road: road="))
    lines[line - 1] = lines[line - 1].replace("road=8", "road=\u00b2", 1)
    setup.write_text("\n".join(lines) + "\n")
    code, text = run("validate", setup)
    assert code == 2
    assert f"line {line}: mix entries are tile=count" in text


# -- text forms: text the reader dropped unread --------------------------------------------------------------------

def test_cats_text_after_grid_colon_is_refused(cats_text):
    _changed(cats_text, "\ngrid:\n", "\ngrid: 18 x 24\n")
    code, text = run("validate", cats_text)
    assert code == 2
    assert "nothing may follow `grid:`" in text and "'18 x 24'" in text


def test_cats_edge_line_past_the_grid_is_refused(cats_text):
    lines = cats_text.read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("    ") and "+" in text)
    lines[line - 1] = lines[line - 1].ljust(4 + 2 * 24 + 1) + "   oops"
    cats_text.write_text("\n".join(lines) + "\n")
    code, text = run("validate", cats_text)
    assert code == 2
    assert f"line {line}: unexpected 'oops' past the grid's last corner" in text


# -- design files: numbers that are printed, out of range ----------------------------------------------------------

@pytest.mark.parametrize("field, value", [("variant", -7), ("variant", 10**19), ("play_score", -0.5),
                                          ("play_score", 3.0), ("balance", -2.0)])
def test_cats_map_printed_numbers_out_of_range(tmp_path, cats_map, field, value):
    """A cut-up's variant, route gap and play score are printed on the band ("cut-up -7, route gap -2.00")."""
    document = json.loads(dumps(cats_map))
    document.update(cut_up=True, variant=1, balance=1.0, play_score=0.01, play_games=200, play_fair=True)
    document[field] = value
    path = tmp_path / "map.json"
    path.write_text(json.dumps(document))
    output = tmp_path / "map.svg"
    output.write_text("untouched")
    code, text = run("render", path, "-o", output)
    assert code == 2
    assert f"{field}: Input should be" in text
    assert output.read_text() == "untouched"


def test_generator_is_bounded(tmp_path):
    """A 2 MB `generator` (printed on a Trail Route setup's page) kept `render` fitting it for over two minutes
    (DESIGN 12: within a minute); the refusal quotes a little of it, not all 2 MB."""
    setup = tmp_path / "setup.json"
    assert run("trail-route", "setup", "--seed", 1, "-o", setup)[0] == 0
    document = json.loads(setup.read_text())
    document["generator"] = "x y " * 500_000
    setup.write_text(json.dumps(document))
    code, text = run("validate", setup)          # validate: the unchanged code took it in a second, render did not
    assert code == 2
    assert "generator: String should have at most" in text
    assert len(text) < 1000
    document["generator"] = "x y " * 500
    setup.write_text(json.dumps(document))
    output = tmp_path / "setup.pdf"
    output.write_bytes(b"untouched")
    code, text = run("render", setup, "-o", output)
    assert code == 2
    assert "generator: String should have at most" in text
    assert output.read_bytes() == b"untouched"


def test_generator_bound_through_the_api(tmp_path, cats_map):
    document = json.loads(dumps(cats_map))
    document["generator"] = "g" * 5000
    path = tmp_path / "map.json"
    path.write_text(json.dumps(document))
    with pytest.raises(InputError, match="generator"):
        load(path)


# -- the same file as input and output -----------------------------------------------------------------------------

def test_play_on_a_map_written_over_itself_is_refused(cats_text):
    """`cats play --map m.txt -o m.txt` wrote the game log over the map (the log then named itself as its map)."""
    before = cats_text.read_bytes()
    for args in (("--map", cats_text, "-o", cats_text), ("-o", cats_text, "--map", cats_text)):
        code, text = run("cats", "play", "--seed", 2, *args)
        assert code == 2
        assert "--map" in text and "is also the output file" in text
        assert cats_text.read_bytes() == before


def test_render_over_its_own_input_is_refused(tmp_path, cats_map):
    path = _json(tmp_path, cats_map)
    path.write_bytes(path.read_bytes() + b"\n\n")     # a byte the rewrite would drop
    before = path.read_bytes()
    for args in ((path, "-o", path), ("-o", tmp_path / "." / path.name, path)):
        code, text = run("render", *args)
        assert code == 2
        assert "FILE" in text and "is also the output file" in text
        assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_score_over_its_own_layout_is_refused(tmp_path):
    layout = tmp_path / "tree.txt"
    assert run("cat-tree", "play", "--seed", 1, "-o", layout)[0] == 0
    before = layout.read_bytes()
    code, text = run("cat-tree", "score", layout, "-o", layout)
    assert code == 2
    assert "LAYOUT" in text and "is also the output file" in text
    assert layout.read_bytes() == before


def test_other_inputs_and_outputs_still_work(tmp_path, cats_text):
    output = tmp_path / "log.txt"
    code, _ = run("cats", "play", "--seed", 2, "--map", cats_text, "-o", output)
    assert code == 0 and output.read_text().startswith("# Tokyo Washi Game Cats: a game log")


# -- conflicting options ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra, named", [(("--seeds", "1-200"), "--seeds"), (("--set", "players=4"), "--set")])
def test_sweep_designs_with_seeds_or_set_is_refused(tmp_path, cats_map, extra, named):
    """`sweep cats --seeds 1-200 --designs d` swept d's files alone and dropped --seeds (and --set) unread."""
    folder = tmp_path / "maps"
    folder.mkdir()
    _json(folder, cats_map)
    output = tmp_path / "sweep.jsonl"
    code, text = run("sweep", "cats", "--designs", folder, *extra, "--games", 1, "-o", output)
    assert code == 2
    assert f"{named}: the maps come from --designs FOLDER alone" in text
    assert not output.exists()


def test_cats_map_budget_without_cut_up_is_refused(tmp_path):
    """Only a cut-up is searched for a fair one: `cats map --budget 5` dropped the budget unread (--variant without
    --cut-up is refused the same way)."""
    output = tmp_path / "map.json"
    code, text = run("cats", "map", "--seed", 1, "--budget", 5, "-o", output)
    assert code == 2
    assert "--budget: only a cut-up map is searched for a fair one; add --cut-up" in text
    assert not output.exists()
    assert run("cats", "map", "--seed", 1, "--cut-up", "--budget", 0, "-o", output)[0] == 0


def test_tiled_layer_of_another_width_says_so(tmp_path, cats_map):
    """A tile layer 25 wide holding the map's 432 ids was refused as "must cover the map ... (432 ids), got 432"."""
    path = tmp_path / "map.tmj"
    assert run("render", _json(tmp_path, cats_map), "-o", path)[0] == 0
    document = json.loads(path.read_text())
    cells = next(layer for layer in document["layers"] if layer.get("name") == "cells")
    cells["width"] = 25
    path.write_text(json.dumps(document))
    code, text = run("validate", path)
    assert code == 2
    assert "layer cells: its width and height must be the map's, 24 x 18, got 25 x 18" in text


def test_rules_url_with_a_space_is_refused(tmp_path, cats_map):
    """Only the address's start was checked: `http://a b` was printed as a QR code that reads as text, not a link."""
    output = tmp_path / "map.pdf"
    code, text = run("cats", "map", "--seed", 1, "--rules-url", "https://example.org/cat rules", "-o", output)
    assert code == 2
    assert "--rules-url" in text and "a space at character 24" in text
    assert not output.exists()
    document = json.loads(dumps(cats_map))
    document["rules_url"] = "https://example.org/cat rules"
    path = tmp_path / "map.json"
    path.write_text(json.dumps(document))
    code, text = run("validate", path)
    assert code == 2 and "rules_url" in text and "a space at character 24" in text
    with pytest.raises(InputError, match="rules_url: a space at character 24"):
        import washigen
        washigen.generate("cats", "map", seed=1, rules_url="https://example.org/cat rules")


def test_studio_upload_with_a_superscript_digit_is_a_bad_request(tmp_path):
    """The same text forms made the studio answer 500 "internal error" (a ValueError in the reader)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from washigen.studio.app import create_app

    setup = tmp_path / "setup.txt"
    assert run("trail-route", "setup", "--seed", 1, "-o", setup)[0] == 0
    text = setup.read_text().replace("road=8", "road=\u00b2", 1)
    local = "http://127.0.0.1:8765"
    (tmp_path / "studio").mkdir()
    with TestClient(create_app(tmp_path / "studio"), base_url=local, raise_server_exceptions=False) as client:
        response = client.post("/api/validate?name=setup.txt", content=text.encode(), headers={"Origin": local})
    assert response.status_code == 400
    assert "setup.txt, line" in response.json()["error"] and "road=\u00b2" in response.json()["error"]


# -- the Python API: a design that breaks its rules is not played; a game's name is a name ---------------------------

def _setup_with_two_cats_on_one_cell():
    import dataclasses

    import washigen

    setup = washigen.generate("cats", "setup", players=2, seed=2)
    first, second, *rest = setup.cats
    moved = dataclasses.replace(second, row=first.row, col=first.col)
    return setup, dataclasses.replace(setup, cats=(first, moved, *rest))


@pytest.mark.parametrize("how", ["play", "balance"])
def test_the_api_does_not_play_a_design_that_breaks_a_rule_and_names_the_rule(how):
    """`cats play --map` refuses a set-up that breaks a rule (exit 1); washigen.play and balance played it."""
    import washigen
    from washigen.errors import InputError

    good, broken = _setup_with_two_cats_on_one_cell()
    run = {"play": lambda design: washigen.play("cats", design, seed=1),
           "balance": lambda design: washigen.balance("cats", design, games=2)}[how]
    run(good)                                                      # the set-up as drawn plays
    with pytest.raises(InputError) as refused:
        run(broken)
    assert str(refused.value).startswith("design: breaks a rule, so it is not played: Player 2's cat at row "), \
        str(refused.value)
    german = washigen.message(refused.value, "de")
    assert german.startswith("design: verletzt eine Regel") and "Katze" in german and "cat" not in german, german


def test_a_design_given_where_a_games_name_goes_is_named_by_its_type_not_echoed_whole():
    import washigen
    from washigen.errors import InputError

    design = washigen.generate("cats", "map", seed=1)
    with pytest.raises(InputError) as refused:
        washigen.play(design)                                      # the design where the game's name goes
    message = str(refused.value)
    assert message == "game: must be a game's name (cat-tree, cats, cops, trail-route), got CatsMap", message
    with pytest.raises(InputError) as refused:
        washigen.play("x" * 5000)
    assert len(str(refused.value)) < 200 and "unknown game 'xxxx" in str(refused.value)


def test_a_long_profile_name_is_quoted_in_part_not_echoed_whole():
    from washigen.profiles import check_name

    with pytest.raises(InputError) as refused:
        check_name("x" * 5000)
    message = str(refused.value)
    assert message.startswith("--name: a profile name is 1 to 40 letters") and len(message) < 250, len(message)


def test_an_output_name_ending_in_a_slash_is_refused_not_written_without_it(tmp_path):
    """`-o out/map.pdf/` names a folder; Path() dropped the slash and wrote the file out/map.pdf."""
    named = f"{tmp_path / 'map.pdf'}/"
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "-o", named])
    assert result.exit_code == 2 and "names a folder (it ends in /)" in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "map.pdf").exists()


def test_another_games_design_given_to_cats_play_names_the_design_field():
    import washigen

    setup = washigen.generate("trail-route", "setup", seed=1)
    with pytest.raises(InputError) as refused:
        washigen.play("cats", setup)
    assert str(refused.value) == "design: only a cats map or set-up can be played, not a trail-route setup"
    assert washigen.message(refused.value, "de").startswith("design: nur ein Spielfeld oder Aufbau von cats")
