"""One source for what a command accepts: `washigen games` and the registry's components are read off the click
commands, and every --paper a command offers is honoured (the pages come back at that paper's size)."""

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.games import all_games
from washigen.units import PAPER_SIZES

from .readback import page_size_mm, pdf_pages

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def game_commands():
    """(game, command name, click command) for every subcommand of every game, found by walking click itself."""
    context = click.Context(main)
    for game in all_games():
        group = main.get_command(context, game.name)
        for name in group.list_commands(context):
            yield game, name, group.get_command(context, name)


def test_games_json_lists_every_option_of_every_command_as_click_defines_it():
    listing = {g["name"]: {c["name"]: c for c in g["components"]} for g in json.loads(run("games", "--json").output)}
    for game, name, command in game_commands():
        params = {p["name"]: p for p in listing[game.name][name]["params"]}
        listed = [p for p in command.params if p.name != "help" and not getattr(p, "hidden", False)]   # hidden: retired
        assert set(params) == {p.name for p in listed}, (game.name, name)
        for param in listed:
            if isinstance(param.type, click.Choice):
                assert params[param.name]["choices"] == list(param.type.choices), (name, param.name)
            if isinstance(param.type, click.IntRange):
                assert (params[param.name]["min"], params[param.name]["max"]) == (param.type.min, param.type.max)
            if getattr(param, "is_flag", False):
                assert params[param.name]["kind"] == "bool"


def test_games_text_never_shows_a_default_of_none_or_a_bool_kind():
    text = run("games").output
    assert "(default None)" not in text and " bool" not in text and "Sentinel" not in text
    assert "--paper " + "|".join(sorted(PAPER_SIZES)) in text
    assert "--coop\n" in text or "--coop  " in text


def test_the_registry_components_are_the_cli_commands():
    """Every command of a game is a component its spec declares, and offers every parameter declared there (the
    command adds only the command line's own: the output, the print options, a profile)."""
    for game, name, command in game_commands():
        component = next(c for c in game.components if c.name == name)
        offered = [p.name for p in command.params if p.name != "help"]
        assert [p.name for p in component.params] == [n for n in offered if n in {p.name for p in component.params}]
        assert {n for n in offered if n not in {p.name for p in component.params}} <= CLI_OWN, (game.name, name)


CLI_OWN = {"output", "folder", "profile", "paper", "template_file", "bleed", "crop_marks", "cut_lines", "duplex",
           "back_offset", "dpi", "lang", "colour", "output_profile", "gutter"}


def minimal_args(game: str, command: str) -> list[str]:
    """The least a command needs besides --paper, --seed and -o."""
    args = {
        ("cat-tree", "score"): [EXAMPLES / "cat-tree-example.txt"],
        # --games 0: ranked by route gap alone, unplayed (the papers are the question here, not the fairness search)
        ("cats", "variants"): ["--count", "1", "--tries", "2", "--format", "pdf", "--games", "0"],
        ("render", ""): [EXAMPLES / "cops-map-2p.json"],
    }.get((game, command), [])
    return [str(a) for a in args]


def commands_with_paper():
    render = main.get_command(click.Context(main), "render")
    found = [("render", "", tuple(next(p for p in render.params if p.name == "paper").type.choices), False)]
    for game, name, command in game_commands():
        paper = next((p for p in command.params if p.name == "paper"), None)
        if paper is not None:
            seeded = any(p.name == "seed" for p in command.params)
            found.append((game.name, name, tuple(paper.type.choices), seeded))
    return found


@pytest.mark.parametrize("game, command, papers, seeded", commands_with_paper(),
                         ids=[f"{g}-{c}" for g, c, _, _ in commands_with_paper()])
def test_every_paper_offered_is_honoured(tmp_path, game, command, papers, seeded):
    args = minimal_args(game, command) + (["--seed", "1"] if seeded else [])
    for paper in papers:
        if paper in ("a4", "letter"):
            continue                                 # the built-in sheets, tested with each game
        if command == "variants":
            out = tmp_path / paper
            out.mkdir()
            result = run(game, command, *args, "--paper", paper, "-o", out)
            pdfs = sorted(out.glob("*.pdf"))
        else:
            out = tmp_path / f"{command}-{paper}.pdf"
            result = run(*filter(None, [game, command]), *args, "--paper", paper, "-o", out)
            pdfs = [out]
        assert result.exit_code in (0, 1), (paper, result.output)
        width, height = PAPER_SIZES[paper]
        assert pdfs, paper
        for pdf in pdfs:
            for page in pdf_pages(pdf.read_bytes()):
                assert sorted(page_size_mm(page)) == pytest.approx(sorted((width, height)), abs=0.05), paper


def float_options():
    """(command path, option) for every option of every command that reads a number with a fraction."""
    from .commands_walk import command_tree

    return [(" ".join(path), option) for path, command in command_tree() for option in command.params
            if isinstance(option.type, click.FloatRange) or option.type is click.FLOAT]


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "1e400"])
def test_every_float_option_refuses_nan_and_infinities_naming_itself(value):
    options = float_options()
    assert {path for path, _ in options} >= {"cats variants", "cats map", "cops map"}     # the --budget options
    for path, option in options:
        with pytest.raises(click.BadParameter) as refused:
            option.type.convert(value, option, None)
        message = refused.value.format_message()
        assert "not a number" in message and option.opts[0] in message, (path, message)


def test_a_nan_budget_is_refused_before_the_search(tmp_path):
    out = tmp_path / "variants"
    result = CliRunner().invoke(main, ["cats", "variants", "--games", "0", "--budget", "nan", "-o", str(out)])
    assert result.exit_code == 2 and "Invalid value for '--budget': 'nan' is not a number" in result.output
    assert "Traceback" not in result.output and not out.exists()
