"""`washigen cops ...` and Cops design files through the command line: exit codes, messages, round trips."""

import json
import warnings

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps, load, loads
from washigen.errors import DesignFormatError
from washigen.games.cops.fair import FairnessWarning
from washigen.games.cops.generate import generate_map, generate_tape
from washigen.games.cops.model import CopsSheet
from washigen.games.cops.text import to_text


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def refused(result, *words):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@pytest.mark.parametrize("players", [0, 7])
def test_players_out_of_range_exit_2_naming_players(tmp_path, players):
    result = run("cops", "map", "--players", players, "--seed", 1, "-o", tmp_path / "m.pdf")
    refused(result, "--players", str(players))
    assert not (tmp_path / "m.pdf").exists()


@pytest.mark.parametrize("offset, words", [("-5", ("--offset", "0 or more")), ("-2mm", ("--offset", "0 or more")),
                                           ("20", ("offset", "quarter of the tape width")),
                                           ("ten", ("--offset", "not a length"))])
def test_bad_offsets_exit_2_naming_the_offset(tmp_path, offset, words):
    result = run("cops", "map", "--offset", offset, "--seed", 1, "-o", tmp_path / "m.json")
    refused(result, *words)


def test_the_offset_limit_follows_the_tape_width(tmp_path):
    assert run("cops", "map", "--tape-width", "30mm", "--offset", "7.5", "--seed", 2, "-o",
               tmp_path / "ok.json").exit_code == 0
    refused(run("cops", "map", "--tape-width", "30mm", "--offset", "8", "--seed", 2, "-o", tmp_path / "no.json"),
            "7.5 mm on 30 mm tape")


def searched_map(players: int, seed: int, **options):
    """The map `cops map` makes by default: the seed's layouts searched for a fair one (its warning let pass)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FairnessWarning)
        return generate_map(players, seed, search=True, **options)


def test_a_map_file_round_trips_and_equals_the_generated_design(tmp_path):
    out = tmp_path / "map.json"
    result = run("cops", "map", "--players", 3, "--offset", "6mm", "--seed", 42, "-o", out)
    assert result.exit_code == 0, result.output
    design = load(out)
    assert design == searched_map(3, 42, offset=6.0)                # `cops map` searches by default
    assert loads(dumps(design)) == design
    assert dumps(loads(out.read_text())) == out.read_text()
    for other in (generate_tape(3, seed=5), CopsSheet(squads=6)):
        assert loads(dumps(other)) == other


def test_without_a_seed_one_is_chosen_printed_and_kept(tmp_path):
    out = tmp_path / "map.json"
    result = run("cops", "map", "-o", out)
    assert result.exit_code == 0
    seed = int(next(line for line in result.output.splitlines() if line.startswith("seed: "))[6:])
    assert load(out).seed == seed


def test_a_path_to_a_location_that_does_not_exist_exits_2_naming_it(tmp_path):
    document = json.loads(dumps(generate_map(2, 3)))
    document["segments"][1]["paths"][4]["b"] = {"location": "9z"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    for command in (("validate", bad), ("render", bad, "-o", tmp_path / "out.pdf")):
        result = run(*command)
        refused(result, "segments[1].paths[4].b.location", "9z")
    assert not (tmp_path / "out.pdf").exists()
    with pytest.raises(DesignFormatError) as error:
        load(bad)
    assert error.value.path == "segments[1].paths[4].b.location"


@pytest.mark.parametrize("change, where", [
    (lambda d: d["segments"][0].update(gravestones="middle"), "segments[0].gravestones"),
    (lambda d: d["segments"][0]["zones"][1]["locations"][2].update(kind="castle"),
     "segments[0].zones[1].locations[2].kind"),
    (lambda d: d["segments"][0]["paths"][0]["a"].update(port="top", at=12.0), "segments[0].paths[0].a"),
    (lambda d: d["segments"][1]["zones"][0]["locations"][0].update(id="1a"),
     "segments[1].zones[0].locations[0].id"),
    (lambda d: d.update(segments=d["segments"] * 4), "segments"),
    (lambda d: d["roads"].append({"a": {"segment": 5, "joint": "right", "at": 20.0},
                                  "b": {"segment": 1, "joint": "left", "at": 20.0},
                                  "points": [[180, 20], [180, 26]]}), "roads[0].a.segment"),
])
def test_unreadable_design_files_name_the_json_path(tmp_path, change, where):
    document = json.loads(dumps(generate_map(2, 3)))
    change(document)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    refused(run("validate", bad), where)


def test_validate_reports_a_broken_map_with_exit_1(tmp_path):
    document = json.loads(dumps(generate_map(2, 8)))
    document["segments"][0]["zones"][0]["locations"][0]["areas"].reverse()
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    result = run("validate", broken)
    assert result.exit_code == 1
    assert "cops.location.areas-order" in result.output and "location 1a" in result.output
    as_json = json.loads(run("validate", broken, "--json").output)
    assert as_json["valid"] is False
    assert {v["rule"] for v in as_json["violations"]} >= {"cops.location.areas-order"}


def test_validate_accepts_a_generated_offset_map_and_a_tape(tmp_path):
    for name, design in (("offset.json", generate_map(4, 5, offset=9.0)), ("tape.json", generate_tape(2, 5))):
        path = tmp_path / name
        path.write_text(dumps(design))
        result = run("validate", path)
        assert result.exit_code == 0 and "valid" in result.output


def test_text_output_is_the_text_form(tmp_path):
    out = tmp_path / "map.txt"
    assert run("cops", "map", "--players", 2, "--seed", 1, "-o", out).exit_code == 0
    assert out.read_text(encoding="utf-8") == to_text(searched_map(2, 1))


def test_games_lists_cops_with_its_parameters():
    listing = json.loads(run("games", "--json").output)
    cops = next(g for g in listing if g["name"] == "cops")
    assert [c["name"] for c in cops["components"]] == ["map", "tape", "sheet", "play", "balance"]
    params = {param["name"]: param for param in cops["components"][0]["params"]}
    players = params["players"]
    assert (players["min"], players["max"], players["default"]) == (2, 6, 2)
    assert "quarter of the tape width" in params["offset"]["help"]   # its bound follows the width


def test_sheet_count_is_checked(tmp_path):
    refused(run("cops", "sheet", "--players", 0, "-o", tmp_path / "s.pdf"), "--players")


def test_the_help_explains_the_offset_and_the_tape_widths():
    text = " ".join(run("cops", "map", "--help").output.split())
    assert "every other segment lies this much lower" in text and "15, 20, 25, 30, 35, 45, 50" in text


@pytest.mark.parametrize("command", ["play", "balance"])
def test_play_and_balance_offer_the_tape_widths_a_map_takes(command):
    """Their --tape-width was listed as up to 1000m, and 300mm was refused later without the option's name."""
    listing = json.loads(run("games", "--json").output)
    cops = next(g for g in listing if g["name"] == "cops")
    params = {p["name"]: p for c in cops["components"] if c["name"] == command for p in c["params"]}
    assert (params["tape_width"]["min"], params["tape_width"]["max"]) == (10.0, 200.0)
    text = run("games").output
    assert "--tape-width LENGTH up to 1000m" not in text and "--tape-width LENGTH up to 200mm" in text
    refused(run("cops", command, "--tape-width", "300mm", "--games", 1),
            "Invalid value for '--tape-width': must be from 10mm to 200mm, got '300mm'")
