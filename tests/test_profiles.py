"""Printer profiles: saved by `washigen profile set`, shown, removed, applied as the print options' defaults (the
profile named default without --profile, which says so on stderr when it changes a value), overridden by an option
typed on the command line, named on every sheet. Setting and removing keep what a user wrote in the file by hand."""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.cli.options import print_options

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
    return json.loads(result.stdout)


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


def test_a_template_that_does_not_read_is_refused_when_saved_not_at_every_print_after(tmp_path):
    bad = tmp_path / "dated.toml"
    bad.write_text('name = "t"\npaper = "a4"\nmargins = 1979-05-27\n[grid]\nitem = "poker"\n')
    result = CliRunner().invoke(main, ["profile", "set", "--name", "office", "--template", str(bad)])
    assert result.exit_code == 2
    assert "dated.toml: margins: must be a number of millimetres, got 1979-05-27" in result.output  # as written
    assert "none saved yet" in run("profile", "show").output


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


# -- editing a file written by hand ---------------------------------------------------------------------------

HAND = ('# my two printers; washigen keeps this note\n'
        '\n'
        '[default]   # the laser in the hall\n'
        'paper = "a4"    # the drawer holds A4 only\n'
        '\n'
        'back_offset = [0.5, -1.0]\n'
        '\n'
        '\n'
        '# the inkjet upstairs\n'
        '[office]\n'
        'duplex = "long"\n'
        '# it cuts 2 mm in\n'
        'bleed = "2mm"\n'
        '\n'
        '# kept for the photo paper\n'
        '[spare]\n'
        'dpi = 150\n')


def hand_written() -> Path:
    profiles_file().write_bytes(HAND.encode())
    return profiles_file()


def test_set_changes_a_value_in_place_and_adds_a_key_after_the_last_one_keeping_every_comment():
    path = hand_written()
    assert run("profile", "set", "--paper", "letter", "--dpi", "600").exit_code == 0
    assert path.read_bytes() == HAND.replace(
        'paper = "a4"    #', 'paper = "letter"    #').replace(
        'back_offset = [0.5, -1.0]\n', 'back_offset = [0.5, -1.0]\ndpi = 600\n').encode()
    assert run("profile", "set", "--name", "office", "--duplex", "short", "--back-offset", "1,-2").exit_code == 0
    assert path.read_bytes().endswith(b'[office]\nduplex = "short"\n# it cuts 2 mm in\nbleed = "2mm"\n'
                                      b'back_offset = [1.0, -2.0]\n\n# kept for the photo paper\n[spare]\ndpi = 150\n')
    assert tomllib.loads(path.read_text())["default"] == {"paper": "letter", "back_offset": [0.5, -1.0], "dpi": 600}


def test_a_new_profile_goes_after_the_others_and_leaves_the_file_before_it_as_it_was():
    path = hand_written()
    assert run("profile", "set", "--name", "labels", "--no-crop-marks", "--bleed", "0").exit_code == 0
    assert path.read_bytes() == (HAND + '\n[labels]\ncrop_marks = false\nbleed = "0mm"\n').encode()


def test_windows_line_ends_stay_windows_line_ends():
    profiles_file().write_bytes(b'[default]\r\npaper = "a4"\r\n')
    run("profile", "set", "--dpi", "600")
    run("profile", "set", "--name", "office", "--dpi", "150")
    assert profiles_file().read_bytes() == b'[default]\r\npaper = "a4"\r\ndpi = 600\r\n\r\n[office]\r\ndpi = 150\r\n'


def test_a_first_profile_starts_the_file_with_a_note_on_what_edits_it():
    run("profile", "set", "--dpi", "600")
    text = profiles_file().read_text()
    assert text.startswith("# washigen printer profiles.") and text.endswith("\n\n[default]\ndpi = 600\n")


@pytest.mark.parametrize("name, left", [
    # the comment right above [office] goes with it; the two blank lines the user put before it stay
    ("office", HAND[:HAND.index("# the inkjet")] + HAND[HAND.index("# kept for"):]),
    # the note at the top is apart from [default] (a blank line); the comment above [office] stays with office
    ("default", HAND[:HAND.index("[default]")] + HAND[HAND.index("# the inkjet"):]),
    # the last profile: no blank line left hanging at the end
    ("spare", HAND[:HAND.index('bleed = "2mm"\n') + len('bleed = "2mm"\n')]),
])
def test_remove_takes_one_profile_and_its_own_comments_and_keeps_the_rest_byte_for_byte(name, left):
    path = hand_written()
    result = run("profile", "remove", name)
    assert result.exit_code == 0, result.output
    assert f"removed profile {name} from {path}" in result.output
    assert path.read_bytes() == left.encode()
    assert set(tomllib.loads(path.read_text())) == {"default", "office", "spare"} - {name}


def test_removing_every_profile_leaves_the_note_at_the_top():
    path = hand_written()
    for name in ("office", "default", "spare"):
        assert run("profile", "remove", name).exit_code == 0
    assert path.read_bytes() == b"# my two printers; washigen keeps this note\n"
    assert "none saved yet" in run("profile", "show").output


def test_removing_a_name_that_is_not_saved_names_the_saved_ones_and_changes_nothing():
    path = hand_written()
    result = run("profile", "remove", "ofice")
    assert result.exit_code == 2
    assert f"error: profile remove: no profile named 'ofice' in {path}; saved: default, office, spare" in result.output
    assert path.read_bytes() == HAND.encode()


def test_removing_with_no_profile_file_says_none_is_saved():
    result = run("profile", "remove", "default")
    assert result.exit_code == 2 and "saved: none yet" in result.output
    assert not profiles_file().exists()


def test_a_failed_write_leaves_the_file_as_it_was(monkeypatch):
    path = hand_written()
    path.chmod(0o640)

    def disk_full(source, target):
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(os, "replace", disk_full)
    for args in (["profile", "set", "--dpi", "600"], ["profile", "remove", "office"]):
        result = run(*args)
        assert result.exit_code == 2 and "No space left on device" in result.output
        assert path.read_bytes() == HAND.encode() and stat.S_IMODE(path.stat().st_mode) == 0o640
        assert os.listdir(path.parent) == ["profiles.toml"]                 # no temporary left behind


def test_an_edit_that_would_read_back_wrong_is_not_written(monkeypatch):
    from washigen import profiles

    path = hand_written()
    monkeypatch.setattr(profiles, "_dumps", lambda document: HAND.replace("dpi = 150", "dpi = 151"))
    result = run("profile", "set", "--dpi", "600")
    assert result.exit_code == 2 and "the file is left as it was" in result.output
    assert path.read_bytes() == HAND.encode()


# -- the notice when the default profile changes a run ---------------------------------------------------------

NOTICE = 'using profile "default" (washigen profile show)'


def stderr_of(*args) -> str:
    result = CliRunner().invoke(echo_options, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert NOTICE not in result.stdout
    return result.stderr


def test_the_default_profile_says_so_once_when_it_changes_a_value():
    run("profile", "set", "--paper", "a4", "--back-offset", "0.5,-1", "--dpi", "600")
    assert stderr_of() == NOTICE + "\n"                                  # three values changed: one line
    assert stderr_of("--paper", "letter") == NOTICE + "\n"              # the others still come from it
    assert stderr_of("--paper", "letter", "--back-offset", "0,0", "--dpi", "300") == ""   # every one was typed


@pytest.mark.parametrize("saved, args", [
    ([], []),                                                                 # no profile saved
    (["--name", "office", "--paper", "a4"], []),                              # only a named one saved
    (["--name", "office", "--paper", "a4"], ["--profile", "office"]),         # named on the command line
    (["--paper", "a4"], ["--profile", "default"]),                            # the default, named: no surprise
    (["--duplex", "none", "--crop-marks", "--back-offset", "0,0"], []),       # the command's own defaults
], ids=["none saved", "only office saved", "--profile office", "--profile default", "changes nothing"])
def test_no_notice_when_the_default_profile_changes_nothing_unasked(saved, args):
    if saved:
        run("profile", "set", *saved)
    assert stderr_of(*args) == ""


def test_a_plain_map_made_on_a4_by_the_default_profile_says_so(tmp_path):
    run("profile", "set", "--paper", "a4")
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "-o", str(tmp_path / "map.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [NOTICE] and NOTICE not in result.stdout
    plain = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "--paper", "a4", "-o", str(tmp_path / "b.pdf")])
    assert plain.exit_code == 0 and plain.stderr == ""


def test_a_command_taking_only_some_options_says_so_only_for_those(tmp_path):
    run("profile", "set", "--paper", "a3", "--dpi", "600")        # calibrate offers a4 and letter, and no --dpi
    quiet = CliRunner().invoke(main, ["calibrate", "-o", str(tmp_path / "cal.pdf")])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    run("profile", "set", "--duplex", "short")
    told = CliRunner().invoke(main, ["calibrate", "-o", str(tmp_path / "cal.pdf")])
    assert told.exit_code == 0 and told.stderr == NOTICE + "\n" and "--duplex short" in told.stdout
