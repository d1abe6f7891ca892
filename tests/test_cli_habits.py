"""Command-line habits: every --help ends with examples that parse; defaults are shown plainly; options that do
nothing for a command are not offered; `washigen` alone prints its help; `-o -` writes to stdout; `kit --seed`;
`validate` reads every game's text form."""

from __future__ import annotations

import json
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.errors import InputError

from .commands_walk import command_paths
from .readback import pdf_pages

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def parse(words: list[str]) -> click.Context | None:
    """Parses an example as the command line would, down to its command, without running it."""
    command, rest = main, list(words[1:])
    parent = main.make_context("washigen", [], resilient_parsing=True)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        name = rest.pop(0)
        sub = command.get_command(parent, name)
        assert sub is not None, f"no command {name!r}"
        if isinstance(sub, click.Group) and rest and not rest[0].startswith("-"):
            parent = click.Context(sub, info_name=name, parent=parent)
        command = sub
    try:
        return command.make_context(words[-1], rest, parent=parent)
    except InputError as error:      # a file option's file (--setup setup.json) looked for as it is read: it parsed
        assert str(error).endswith(": no such file"), error
        return None


PATHS = command_paths()


def test_every_command_is_reached():
    assert {("cats", "map"), ("profile", "set"), ("validate",), ("cat-tree", "score"), ("kit",)} <= set(PATHS)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "washigen")
def test_every_help_ends_with_examples_that_parse(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "variants").mkdir()
    result = run(*path, "--help")
    assert result.exit_code == 0, result.output
    lines = result.output.rstrip().split("\n")
    examples = []
    while lines and lines[-1].strip().startswith("washigen"):
        examples.insert(0, lines.pop().strip())
    assert examples and lines[-2].strip() == "Examples:", result.output[-500:]
    assert "[default: (" not in result.output            # 3mm, not (3mm)
    for example in examples:
        words = shlex.split(example)
        assert words[1:1 + len(path)] == list(path), example
        parse(words)                                     # raises click's UsageError on an unknown option or value


def test_options_that_do_nothing_are_not_offered():
    assert "--duplex" not in run("cat-tree", "score", "--help").output
    assert "--back-offset" not in run("cats", "map", "--help").output
    assert "--duplex" in run("cat-tree", "deck", "--help").output
    assert "--back-offset" in run("trail-route", "components", "--help").output
    refused = run("cat-tree", "score", "examples/cat-tree-example.txt", "--duplex", "long")
    assert refused.exit_code == 2 and "No such option" in refused.output


def test_washigen_alone_prints_its_help():
    result = run()
    assert result.exit_code == 0
    assert result.output.startswith("Usage: ") and "Commands:" in result.output
    assert "cats" in result.output and "profile" in result.output


def test_dash_o_dash_writes_json_text_and_svg_to_stdout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    design = json.loads(run("cats", "map", "--seed", "1", "-o", "-").output)
    assert (design["game"], design["kind"], design["seed"]) == ("cats", "map", 1)
    text = run("cats", "map", "--seed", "1", "-o", "-.txt").output
    assert text.startswith("# Tokyo Washi Game Cats") and "wrote" not in text
    svg = ET.fromstring(run("trail-route", "setup", "--seed", "1", "-o", "-.svg").output.encode("utf-8"))
    assert svg.tag.endswith("svg") and svg.get("width", "").endswith("mm")
    several = run("cat-tree", "deck", "-o", "-.svg")
    assert several.exit_code == 2 and "prints 4 pages" in several.output
    assert run("calibrate", "-o", "-").exit_code == 2
    assert list(tmp_path.iterdir()) == []                  # nothing written to files named "-"


def test_kit_takes_a_seed_and_prints_the_one_it_chose(tmp_path):
    chosen = CliRunner().invoke(main, ["kit", "cats", "--players", "2", "-o", str(tmp_path / "a.pdf")])
    assert chosen.exit_code == 0 and "seed: " in chosen.stderr
    result = run("kit", "cats", "--players", "2", "--seed", "5", "-o", tmp_path / "b.pdf")
    assert result.exit_code == 0 and "seed: " not in result.output
    text = "".join(page.extract_text() for page in pdf_pages(tmp_path / "b.pdf"))
    assert "seed 5" in text


def test_validate_reads_every_games_text_form_cat_tree_layouts_included(tmp_path):
    for name, code in (("cat-tree-example.txt", 0), ("cat-tree-broken.txt", 1), ("cats-map-2p.txt", 0),
                       ("trail-route-setup-3p.txt", 0), ("cats-map-broken.txt", 1)):
        result = run("validate", ROOT / "examples" / name)
        assert result.exit_code == code, (name, result.output)
    bad = tmp_path / "tree.txt"
    bad.write_text("A . x\n")
    result = run("validate", bad)
    assert result.exit_code == 2 and "as cat-tree: line 1: unknown token 'x'" in result.output


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_scripts_and_completions(shell):
    import os
    import subprocess
    import sys

    washigen = Path(sys.executable).parent / "washigen"
    script = subprocess.run([str(washigen)], env={**os.environ, "_WASHIGEN_COMPLETE": f"{shell}_source"},
                            capture_output=True, text=True, timeout=60)
    assert script.returncode == 0 and "_washigen_completion" in script.stdout
    if shell == "bash":
        done = subprocess.run([str(washigen)], env={**os.environ, "_WASHIGEN_COMPLETE": "bash_complete",
                                                    "COMP_WORDS": "washigen cats map --pla", "COMP_CWORD": "3"},
                              capture_output=True, text=True, timeout=60)
        assert done.stdout.split() == ["plain,--players"]


@pytest.mark.parametrize("form", [".json", ".txt", ".tmj"])
def test_validate_and_render_read_a_design_from_stdin_in_every_form(form, tmp_path):
    made = tmp_path / f"map{form}"
    assert run("cats", "map", "--seed", "3", "-o", made).exit_code == 0
    data = made.read_bytes()
    checked = CliRunner().invoke(main, ["validate", "-", "--json"], input=data)
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["file"] == "<stdin>" and report["readable"] and report["valid"]
    out = tmp_path / "from-stdin.svg"
    drawn = CliRunner().invoke(main, ["render", "-", "-o", str(out)], input=data)
    assert drawn.exit_code == 0, drawn.output
    assert ET.parse(out).getroot().tag.endswith("svg")


def test_stdin_that_is_no_design_is_bad_input_named_stdin():
    bad = CliRunner().invoke(main, ["validate", "-"], input=b"garbage\n")
    assert bad.exit_code == 2 and "<stdin>: line 1" in bad.output
    empty = CliRunner().invoke(main, ["render", "-", "-o", "x.pdf"], input=b"")
    assert empty.exit_code == 2 and "<stdin>" in empty.output and "empty" in empty.output


@pytest.mark.parametrize("data, says", [(b"[" * 10_000 + b"]" * 10_000, "<stdin>: JSON nested too deeply\n"),
                                        (b"[1, 2]", "<stdin>: a design file must hold a JSON object\n")])
def test_a_json_array_on_stdin_is_refused_as_json(data, says):
    """As from a .json file: it was taken for a text form and refused by every game's text reader, quoting the whole
    line back three times (60 KB for the nested one)."""
    refused = CliRunner().invoke(main, ["validate", "-"], input=data)
    assert refused.exit_code == 2 and refused.output == f"error: {says}", refused.output


def test_a_long_line_no_text_form_reads_is_quoted_in_part(tmp_path):
    """Every game's text reader refuses it, each quoting the line: 60 characters of it, not 100,000."""
    path = tmp_path / "wide.txt"
    path.write_text("x" * 100_000 + "\n")
    refused = CliRunner().invoke(main, ["validate", str(path)])
    assert refused.exit_code == 2 and refused.output.count("x" * 59 + "…") == 3 and len(refused.output) < 1200, \
        refused.output


@pytest.mark.parametrize("args", [["cats", "map", "--seed", "1"], ["cat-tree", "deck", "--paper", "letter"]])
def test_dash_o_dash_pdf_streams_the_same_pdf_to_stdout(args, tmp_path):
    """`-o -.pdf` writes the very bytes `-o FILE.pdf` would, and nothing else, to stdout (several pages too)."""
    import subprocess
    import sys

    streamed = subprocess.run([sys.executable, "-m", "washigen", *args, "-o", "-.pdf"], cwd=tmp_path,
                              capture_output=True, timeout=300)
    assert streamed.returncode == 0, streamed.stderr.decode()[-2000:]
    written = subprocess.run([sys.executable, "-m", "washigen", *args, "-o", "file.pdf"], cwd=tmp_path,
                             capture_output=True, timeout=300)
    assert written.returncode == 0
    assert streamed.stdout == (tmp_path / "file.pdf").read_bytes()
    assert len(pdf_pages(streamed.stdout)) == len(pdf_pages(tmp_path / "file.pdf")) >= 1


@pytest.mark.parametrize("columns", ["40", "79", "102", "250", "", "wide"])
def test_the_help_is_as_wide_as_clicks_own_formatter_would_make_it(monkeypatch, columns):
    """cli/main.help_width finds the width without importing shutil; it must be click's, for any $COLUMNS, and
    the width a test forces where one is forced."""
    from click import formatting

    from washigen.cli.main import help_width

    monkeypatch.setenv("COLUMNS", columns)
    assert help_width(100) == formatting.HelpFormatter(max_width=100).width
    monkeypatch.setattr(formatting, "FORCED_WIDTH", 63)
    assert help_width(100) == formatting.HelpFormatter(max_width=100).width == 63


@pytest.fixture(scope="module")
def design_files(tmp_path_factory) -> dict[str, Path]:
    """A 2-player Cats map, a 2-squad Cops map on 50mm tape (end to end), a 4-player Trail Route setup."""
    folder = tmp_path_factory.mktemp("designs")
    made = {"cats": ("cats", "map", "--seed", "1", "--players", "2"), "cops": ("cops", "map", "--seed", "3"),
            "trail-route": ("trail-route", "setup", "--seed", "1", "--players", "4")}
    for name, args in made.items():
        assert run(*args, "-o", folder / f"{name}.json").exit_code == 0
    return {name: folder / f"{name}.json" for name in made}


@pytest.mark.parametrize("args, message", [
    (["cats", "play", "--map", "{cats}", "--players", "4"],
     "--players 4: the map is for 2 players; leave --players out with --map"),
    (["cats", "balance", "--games", "2", "--map", "{cats}", "--tape-width", "30mm"], "--tape-width 30mm: the map"),
    (["cats", "play", "--map", "{cats}", "--coop"], "--coop: the map has coop off; leave --coop out with --map"),
    (["cats", "setup", "--map", "{cats}", "--long", "2", "-o", "{out}"], "--long 2: the map has long 0"),
    (["cats", "setup", "--map", "{cats}", "--jinja", "-o", "{out}"], "--jinja: the map has jinja off"),
    (["trail-route", "play", "--setup", "{trail-route}", "--players", "3"],
     "--players 3: the setup is for 4 players; leave --players out with --setup"),
    (["cops", "play", "--map", "{cops}", "--players", "4"], "--players 4: the map is for 2 players"),
    (["cops", "balance", "--games", "2", "--map", "{cops}", "--layout", "stacked"], "--layout stacked: the map"),
    (["cops", "balance", "--games", "2", "--map", "{cops}", "--offset", "5mm"], "--offset 5mm: the map"),
    (["cops", "play", "--map", "{cops}", "--fair"], "--fair: it makes a new map"),
])
def test_an_option_the_design_file_contradicts_is_refused(design_files, tmp_path, args, message):
    """Beside a design file, an option describing the design used to be silently ignored: the file was played."""
    out = tmp_path / "out.json"
    files = {f"{{{name}}}": str(path) for name, path in design_files.items()} | {"{out}": str(out)}
    result = CliRunner().invoke(main, [files.get(word, word) for word in args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()



@pytest.mark.parametrize("args", [
    ["cats", "map", "--seed", "1", "--color", "cmyk", "--icc-profile", "{missing}", "-o", "{out}"],
    ["kit", "cats", "--color", "cmyk", "--icc-profile", "{missing}", "-o", "{out}"],
    ["trail-route", "play", "--setup", "{missing}"],
    ["trail-route", "components", "--mix", "{missing}", "-o", "{out}"],
    ["trail-route", "setup", "--mix", "{missing}", "-o", "{out}"],
    ["profile", "set", "--template", "{missing}"],
    ["cats", "play", "--map", "{missing}"],
    ["cops", "play", "--replay", "{missing}"],
])
def test_a_missing_input_file_is_named_by_its_option(tmp_path, args):
    """The file was named alone (`x.icc: no such file`), as if it were the command's argument."""
    files = {"{missing}": str(tmp_path / "nothere.x"), "{out}": str(tmp_path / "out.pdf")}
    result = CliRunner().invoke(main, [files.get(word, word) for word in args])
    option = args[args.index("{missing}") - 1]
    assert result.exit_code == 2, result.output
    assert f"error: {option}: {tmp_path / 'nothere.x'}: no such file" in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "out.pdf").exists()


def test_validate_play_takes_every_seed_another_command_takes():
    """validate --seed stopped at 2**31 - 1, where every other --seed takes 0..2**63 - 1."""
    top, design = 2**63 - 1, str(ROOT / "examples" / "cats-map-2p.json")
    result = CliRunner().invoke(main, ["validate", "--play", "--seed", str(top), design])
    assert result.exit_code == 0 and "valid" in result.output, result.output
    over = CliRunner().invoke(main, ["validate", "--seed", str(top + 1), design])
    assert over.exit_code == 2 and f"0<=x<={top}" in over.output, over.output


def test_every_required_option_left_out_is_named_exit_2():
    """Every command with a required option (mostly -o) refuses to run without it, naming it, exit 2. Click 8.3
    and later take an explicit default=None as a value given, so `cats map --seed 1` without -o ran on and ended
    in a traceback (exit 1)."""
    from .commands_walk import command_tree

    checked = 0
    for path, command in command_tree():
        if isinstance(command, click.Group):
            continue
        required = [p for p in command.params if isinstance(p, click.Option) and p.required]
        if not required or any(isinstance(p, click.Argument) and p.required for p in command.params):
            continue
        result = CliRunner().invoke(main, [*path])
        flags = " / ".join(f"'{flag}'" for flag in required[0].opts)
        assert result.exit_code == 2 and f"Missing option {flags}" in result.output, (path, result.output[-300:])
        checked += 1
    assert checked >= 10
