"""Printer profiles: saved by `washigen profile set`, shown, applied as the print options' defaults (the profile
named default without --profile), overridden by an option typed on the command line, named on every sheet."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.cli_options import print_options

from .readback import page_size_mm, pdf_pages


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def profiles_file() -> Path:
    return Path(os.environ["WASHIGEN_CONFIG_DIR"]) / "profiles.toml"


@click.command()
@print_options
def echo_options(print_options):
    """Prints the PrintOptions a printing command receives."""
    click.echo(json.dumps({k: getattr(print_options, k) for k in ("paper", "bleed", "crop_marks", "duplex",
                                                                   "back_offset", "dpi", "profile")}))


def received(*args) -> dict:
    result = CliRunner().invoke(echo_options, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_profile_set_saves_a_toml_file_in_the_config_folder_and_show_lists_it():
    assert "none saved yet" in run("profile", "show").output
    saved = run("profile", "set", "--back-offset", "0.5,-1", "--paper", "A4")
    assert saved.exit_code == 0, saved.output
    run("profile", "set", "--name", "office", "--duplex", "long", "--bleed", "0.1in", "--no-crop-marks")
    run("profile", "set", "--dpi", "600")                      # merged into the default profile
    assert tomllib.loads(profiles_file().read_text()) == {
        "default": {"back_offset": [0.5, -1.0], "paper": "a4", "dpi": 600},
        "office": {"duplex": "long", "bleed": "2.54mm", "crop_marks": False}}
    shown = run("profile", "show").output
    assert str(profiles_file()) in shown
    assert "default (used when no --profile is given)" in shown and "--back-offset 0.5,-1" in shown
    assert "--no-crop-marks" in shown and "--bleed 2.54mm" in shown


def test_a_profile_gives_the_defaults_and_a_typed_option_wins():
    assert received()["profile"] is None and received()["back_offset"] == [0.0, 0.0]
    run("profile", "set", "--back-offset", "0.5,-1", "--paper", "letter")
    run("profile", "set", "--name", "office", "--duplex", "long", "--bleed", "2mm", "--dpi", "150")
    assert received() == {"paper": "letter", "bleed": 3.0, "crop_marks": True, "duplex": "none",
                          "back_offset": [0.5, -1.0], "dpi": 300, "profile": "default"}
    assert received("--profile", "office") == {"paper": None, "bleed": 2.0, "crop_marks": True, "duplex": "long",
                                               "back_offset": [0.0, 0.0], "dpi": 150, "profile": "office"}
    typed = received("--profile", "office", "--dpi", "300", "--duplex", "none", "--back-offset", "1,2")
    assert (typed["dpi"], typed["duplex"], typed["back_offset"], typed["bleed"]) == (300, "none", [1.0, 2.0], 2.0)
    assert received("--paper", "a4")["paper"] == "a4"


def test_a_sheet_is_printed_with_the_profile_and_names_it(tmp_path):
    run("profile", "set", "--name", "home", "--paper", "letter", "--duplex", "long")
    result = run("cat-tree", "deck", "--profile", "home", "-o", tmp_path / "deck.pdf")
    assert result.exit_code == 0, result.output
    pages = pdf_pages(tmp_path / "deck.pdf")
    assert len(pages) == 8                                           # 4 sheets of fronts, each with its backs
    assert {tuple(round(v, 1) for v in page_size_mm(p)) for p in pages} == {(215.9, 279.4)}
    assert all("printer profile home" in page.extract_text() for page in pages)

    run("cat-tree", "deck", "--profile", "home", "--paper", "a4", "--duplex", "none", "-o", tmp_path / "a4.pdf")
    pages = pdf_pages(tmp_path / "a4.pdf")
    assert len(pages) == 4 and {tuple(round(v) for v in page_size_mm(p)) for p in pages} == {(210, 297)}


def test_an_unknown_profile_names_the_saved_ones(tmp_path):
    run("profile", "set", "--name", "office", "--dpi", "150")
    result = run("cat-tree", "deck", "--profile", "offce", "-o", tmp_path / "deck.pdf")
    assert result.exit_code == 2
    assert "--profile: no profile named 'offce'" in result.output and "saved: office" in result.output
    assert not (tmp_path / "deck.pdf").exists()


@pytest.mark.parametrize("text, message", [
    ("[default]\npaper = \"a4\"\nbleed = 3mm\n", ":3: "),
    ("[default]\npaper = \"a4\"\n\n[office]\nbleed = \"3 parsecs\"\n", ":5: office.bleed: '3 parsecs' is not a length"),
    ("[office]\ndpi = 300\nback_offset = [1]\n", ":3: office.back_offset: must be two numbers"),
    ("[default]\n\n# the printer in the hall\npapper = \"a4\"\n", ":4: default.papper: not a print option"),
    ("paper = \"a4\"\n", ":1: paper: a profile is a table such as [paper]"),
])
def test_a_broken_profile_file_is_an_error_naming_its_line(tmp_path, text, message):
    profiles_file().write_text(text, encoding="utf-8")
    for args in (["cat-tree", "deck", "-o", tmp_path / "deck.pdf"], ["profile", "show"]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert f"error: {profiles_file()}{message}" in result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "deck.pdf").exists()


def test_calibrate_ends_by_telling_how_to_save_the_offset(tmp_path):
    result = run("calibrate", "--duplex", "short", "--paper", "letter", "-o", tmp_path / "cal.pdf")
    assert result.exit_code == 0
    assert "washigen profile set --back-offset X,Y --paper letter --duplex short" in result.output
    run("profile", "set", "--paper", "a3", "--duplex", "none")      # neither fits calibrate: its own defaults stay
    result = run("calibrate", "-o", tmp_path / "cal2.pdf")
    assert result.exit_code == 0 and "--paper a4 --duplex long" in result.output


def test_commands_with_their_own_print_options_take_them_from_the_profile_too(tmp_path):
    run("profile", "set", "--paper", "letter", "--bleed", "1mm", "--dpi", "100")
    assert run("rules", "cats", "-o", tmp_path / "rules.pdf").exit_code == 0
    assert tuple(round(v, 1) for v in page_size_mm(pdf_pages(tmp_path / "rules.pdf")[0])) == (215.9, 279.4)
    assert run("cats", "tape", "--length", "30cm", "--seed", "1", "-o", tmp_path / "tape.png").exit_code == 0
    from PIL import Image

    with Image.open(tmp_path / "tape.png") as image:               # (300 + 2 x 1) mm by (50 + 2 x 1) mm at 100 dpi
        assert image.size == (round(302 / 25.4 * 100), round(52 / 25.4 * 100))
    assert run("rules", "cats", "--paper", "a4", "-o", tmp_path / "a4.pdf").exit_code == 0
    assert tuple(round(v) for v in page_size_mm(pdf_pages(tmp_path / "a4.pdf")[0])) == (210, 297)
