"""The print options a command offers are those that change what it prints (README: "options that change nothing
are not offered"): a part printed as one whole sheet (Component.prints "paper") takes no bleed, marks, template or
gutter; a map or tape laid out as strips in tape lanes ("strips") takes no gutter. And a --template or an
--icc-profile given is read and checked whether or not the run uses it."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import washigen
from tests.test_cmyk import icc_profile
from washigen.cli import main

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "templates"
EXAMPLES = REPO / "examples"

PRINT_FLAGS = {"--profile", "--paper", "--template", "--bleed", "--crop-marks", "--cut-lines", "--color",
               "--icc-profile", "--gutter", "--duplex", "--back-offset", "--dpi", "--lang"}
WHOLE_SHEET = {"--profile", "--paper", "--color", "--icc-profile", "--dpi", "--lang"}
STRIPS = {"--profile", "--paper", "--template", "--bleed", "--crop-marks", "--cut-lines", "--color", "--icc-profile",
          "--dpi", "--lang"}
OFFERED = {("cat-tree", "sheet"): WHOLE_SHEET, ("cat-tree", "score"): WHOLE_SHEET, ("cat-tree", "play"): WHOLE_SHEET,
           ("trail-route", "setup"): WHOLE_SHEET, ("cats", "map"): STRIPS, ("cats", "variants"): STRIPS,
           ("cops", "map"): STRIPS, ("cops", "tape"): STRIPS}
# What each no longer takes, as a user would type it.
GIVEN = {"--template": [str(TEMPLATES / "a4-poker.toml")], "--bleed": ["0"], "--crop-marks": [],
         "--no-crop-marks": [], "--cut-lines": [], "--gutter": ["5mm"]}
DROPPED = {"paper": ["--template", "--bleed", "--crop-marks", "--no-crop-marks", "--cut-lines", "--gutter"],
           "strips": ["--gutter"]}


def run(*args, cwd: Path | None = None):
    if cwd is None:
        return CliRunner().invoke(main, [str(a) for a in args])
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


def refused(result, *says: str) -> str:
    """Exit 2, the words given, no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output, result.output
    for words in says:
        assert words in result.output, result.output
    return result.output


def offered_flags(game: str, command: str) -> set[str]:
    """The long flags the command's --help lists."""
    result = run(game, command, "--help")
    assert result.exit_code == 0, result.output
    return set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z-]*)", result.output, re.M))


@pytest.mark.parametrize("game, command", sorted(OFFERED))
def test_a_command_offers_only_the_print_options_that_change_its_print(game, command):
    assert offered_flags(game, command) & PRINT_FLAGS == OFFERED[(game, command)]


def _kind(game: str, command: str) -> str:
    return "paper" if OFFERED[(game, command)] is WHOLE_SHEET else "strips"


@pytest.mark.parametrize("game, command, flag", [(g, c, flag) for g, c in sorted(OFFERED)
                                                 for flag in DROPPED[_kind(g, c)]])
def test_an_option_a_command_no_longer_takes_is_refused_by_click(game, command, flag, tmp_path):
    result = run(game, command, flag, *GIVEN[flag], "-o", tmp_path / "out.svg")
    refused(result, "No such option", flag.split("/")[0])
    assert not (tmp_path / "out.svg").exists()


@pytest.mark.parametrize("game, command", [("cat-tree", "deck"), ("cats", "sheet"), ("cops", "sheet"),
                                           ("trail-route", "components")])
def test_parts_laid_out_on_sheets_keep_every_sheet_option(game, command):
    assert {"--template", "--bleed", "--crop-marks", "--cut-lines", "--gutter"} <= offered_flags(game, command)


def test_washigen_games_lists_the_options_each_command_takes():
    listing = run("games").output
    sheet = listing.split("cat-tree sheet:")[1].split("cat-tree score:")[0]
    assert "--paper" in sheet and "--dpi" in sheet and "--color" in sheet
    assert "--bleed" not in sheet and "--template" not in sheet and "--gutter" not in sheet
    cats_map = listing.split("cats map:")[1].split("cats tape:")[0]
    assert "--bleed" in cats_map and "--template" in cats_map and "--gutter" not in cats_map


def test_the_studio_offers_the_print_options_of_the_command_line():
    from washigen.games import get_game
    from washigen.studio.api import print_names

    names = {"--paper": "paper", "--bleed": "bleed", "--crop-marks": "crop_marks", "--cut-lines": "cut_lines",
             "--dpi": "dpi", "--gutter": "gutter", "--color": "colour", "--lang": "lang"}
    for (game, command), flags in OFFERED.items():
        component = next(c for c in get_game(game).components if c.name == command)
        assert set(print_names(component)) == {names[f] for f in flags if f in names}, (game, command)


# -- the print is what it was ---------------------------------------------------------------------------------------

def _svg(document) -> bytes:
    from washigen.api import files

    [(_, data)] = files(document, "out.svg")
    return data


DROPPED_VALUES = {"paper": {"bleed": 0.0, "crop_marks": False, "cut_lines": True, "gutter": 8.0,
                            "template": TEMPLATES / "a4-poker.toml"},
                  "strips": {"gutter": 8.0}}


@pytest.mark.parametrize("game, command, params, paper", [
    ("cat-tree", "sheet", {}, "letter"),
    ("cat-tree", "play", {"seed": 3}, "a4"),
    ("trail-route", "setup", {"seed": 2}, "a4"),
    ("cats", "map", {"seed": 2}, "a4"),
    ("cops", "map", {"seed": 2}, "a4"),
    ("cops", "tape", {"seed": 2}, "a4"),
])
def test_the_options_no_longer_offered_change_nothing_in_the_drawing(game, command, params, paper):
    """Held to the drawing: should a part come to use one of them, its command must offer it again."""
    plain = washigen.print_options(paper=paper)
    changed = dataclasses.replace(plain, **DROPPED_VALUES[_kind(game, command)])
    component = next(c for c in washigen.get_game(game).components if c.name == command)
    if component.make is None:
        draw = lambda options: washigen.draw_component(game, command, options, **params)  # noqa: E731
    else:
        design = washigen.generate(game, command, **params)
        draw = lambda options: washigen.draw(design, options)  # noqa: E731
    assert _svg(draw(plain)) == _svg(draw(changed))


@pytest.mark.parametrize("args, api", [
    (["cat-tree", "sheet", "--paper", "letter"], lambda: washigen.draw_component(
        "cat-tree", "sheet", washigen.print_options(paper="letter"))),
    (["cat-tree", "score", EXAMPLES / "cat-tree-example.txt"], lambda: washigen.draw(
        washigen.load(EXAMPLES / "cat-tree-example.txt"), washigen.print_options())),
    (["trail-route", "setup", "--seed", "2", "--paper", "a4"], lambda: washigen.draw(
        washigen.generate("trail-route", "setup", seed=2), washigen.print_options(paper="a4"))),
    (["cats", "map", "--seed", "2", "--paper", "a4"], lambda: washigen.draw(
        washigen.generate("cats", "map", seed=2), washigen.print_options(paper="a4"))),
])
def test_the_command_prints_what_the_print_options_at_their_defaults_print(args, api, tmp_path):
    assert run(*args, "-o", tmp_path / "out.svg").exit_code == 0
    assert (tmp_path / "out.svg").read_bytes() == _svg(api())


# -- a file option is checked when it is read ------------------------------------------------------------------------

@pytest.fixture
def junk(tmp_path) -> Path:
    path = tmp_path / "junk.bin"
    path.write_bytes(b"junk\x00\x01\x02")
    return path


def test_a_bad_template_is_refused_where_the_run_lays_out_no_sheet(junk, tmp_path):
    result = run("cats", "variants", "--seed", 1, "--count", 1, "--tries", 2, "--games", 0, "--format", "json",
                 "--template", junk, "-o", tmp_path / "variants")
    refused(result, "--template", str(junk))
    assert not (tmp_path / "variants").exists()


def test_a_bad_template_is_refused_for_a_design_written_as_json(junk, tmp_path):
    refused(run("cats", "map", "--seed", 1, "--template", junk, "-o", tmp_path / "map.json"), "--template", "junk.bin")
    assert not (tmp_path / "map.json").exists()


def test_a_template_that_is_a_folder_or_missing_is_refused_naming_the_option(tmp_path):
    refused(run("cops", "map", "--seed", 1, "--template", tmp_path, "-o", tmp_path / "map.json"), "'--template'")
    refused(run("cops", "map", "--seed", 1, "--template", tmp_path / "none.toml", "-o", tmp_path / "map.json"),
            "--template", "no such file")


def test_a_bad_template_in_a_profile_names_the_profile(junk, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.toml").write_text(f'[shop]\ntemplate = "{junk}"\n')
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "--profile", "shop", "-o",
                                       str(tmp_path / "map.json")], env={"WASHIGEN_CONFIG_DIR": str(config)})
    refused(result, "profile shop: template", "junk.bin")


def test_a_good_template_is_taken_where_the_run_does_not_use_it(tmp_path):
    result = run("cats", "map", "--seed", 1, "--template", TEMPLATES / "a4-tape50.toml", "-o", tmp_path / "map.json")
    assert result.exit_code == 0, result.output


def test_a_bad_icc_profile_is_refused_where_the_game_is_not_drawn(junk):
    output = refused(run("cats", "play", "--seed", 1, "--color", "cmyk", "--icc-profile", junk), "--icc-profile",
                     "not an ICC profile")
    assert "player 1" not in output                     # refused before the game is played


@pytest.mark.parametrize("command", [["cats", "map", "--seed", "1", "-o", "map.json"],
                                     ["cats", "tape", "--length", "1m", "-o", "tape.json"],
                                     ["cat-tree", "play", "--seed", "1"],
                                     ["cops", "play", "--seed", "1"]])
def test_a_bad_icc_profile_is_refused_whatever_the_run_writes(command, junk, tmp_path):
    refused(run(*command, "--color", "cmyk", "--icc-profile", junk, cwd=tmp_path), "--icc-profile", "junk.bin")
    assert not list(tmp_path.glob("*.json"))


def test_an_icc_profile_without_cmyk_is_refused_without_an_output_too(tmp_path):
    profile = tmp_path / "shop.icc"
    profile.write_bytes(icc_profile())
    refused(run("cats", "play", "--seed", 1, "--icc-profile", profile), "--icc-profile", "goes with --color cmyk")


def test_a_good_icc_profile_is_taken_where_the_game_is_not_drawn(tmp_path):
    profile = tmp_path / "shop.icc"
    profile.write_bytes(icc_profile())
    result = run("cat-tree", "play", "--seed", 1, "--color", "cmyk", "--icc-profile", profile)
    assert result.exit_code == 0, result.output
