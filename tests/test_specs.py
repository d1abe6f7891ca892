"""Each game's spec (games/<game>/spec.py) declares its components and their parameters as data; the command line
must offer exactly those. Read back from the click commands themselves (cli/listing.py), so a parameter added to,
dropped from or changed in either place fails here."""

from __future__ import annotations

import importlib

import pytest

from washigen.cli.reading import components_from_commands
from washigen.games import get_game
from washigen.units import parse_length

BUILT_IN = {"cats": "cats", "cops": "cops", "cat-tree": "cat_tree", "trail-route": "trail_route"}


def _comparable(param):
    """What the command line and the spec must agree on; a length's default as millimetres (the command line
    shows 50mm), its minimum aside (click's type keeps it apart from the range it shows)."""
    default = param.default
    if param.kind == "length" and isinstance(default, str):
        default = parse_length(default, allow_zero=True)
    return (param.name, param.kind, default, None if param.kind == "length" else param.min, param.max,
            param.choices, param.help, param.option, param.required)


@pytest.mark.parametrize("game", sorted(BUILT_IN))
def test_the_command_line_offers_every_component_and_parameter_the_spec_declares(game):
    spec = importlib.import_module(f"washigen.games.{BUILT_IN[game]}.spec")
    commands = importlib.import_module(f"washigen.cli.{BUILT_IN[game]}").commands
    read = {component.name: component for component in components_from_commands(commands)}
    assert [c.name for c in spec.COMPONENTS] == [name for name in read if name in {c.name for c in spec.COMPONENTS}]
    for declared in spec.COMPONENTS:
        offered = {param.name: param for param in read[declared.name].params}
        assert declared.help == read[declared.name].help, declared.name
        for param in declared.params:
            if param.retired:                      # taken, but off --help: components_from_commands skips it
                option = next(p for p in commands.commands[declared.name].params if p.name == param.name)
                assert option.hidden and param.name not in offered, (declared.name, param.name)
                continue
            assert param.name in offered, (declared.name, param.name)
            assert _comparable(param) == _comparable(offered[param.name]), (declared.name, param.name)


def test_the_cats_map_options_are_declared_once_and_shared_by_every_command_that_makes_a_map():
    from washigen.games.cats.spec import COMPONENTS, MapOptions
    from washigen.games.params import params_of

    clump = [p.name for p in params_of(MapOptions)]
    sharing = [c.name for c in COMPONENTS if c.options is not None and issubclass(c.options, MapOptions)]
    assert sharing == ["map", "variants", "setup", "play", "balance"]
    for component in COMPONENTS:
        if component.name in sharing:
            by_name = {param.name: param for param in component.params}
            assert [by_name[name] for name in clump] == [p for p in component.params if p.name in clump]


@pytest.mark.parametrize("game", sorted(BUILT_IN))
def test_a_length_declares_its_real_minimum_and_the_command_line_checks_the_same(game):
    commands = importlib.import_module(f"washigen.cli.{BUILT_IN[game]}").commands
    for component in get_game(game).components:
        command = commands.commands[component.name]
        options = {option.name: option for option in command.params}
        for param in component.params:
            if param.kind == "length" and param.name in options:
                minimum = getattr(options[param.name].type, "minimum", None)
                assert (param.min or None) == minimum, (component.name, param.name)


def test_registering_a_game_reads_no_click_command():
    """The API's view of a game (its components) comes from its spec: made in a fresh interpreter, a design
    never loads the command line."""
    import subprocess
    import sys

    code = ("import sys, washigen; washigen.generate('cats', 'map', seed=1); "
            "print(sorted(m for m in sys.modules if m == 'click' or m.startswith('washigen.cli')))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert shown.strip() == "[]"


@pytest.mark.parametrize("game", sorted(BUILT_IN))
def test_washigen_games_lists_from_the_specs_exactly_what_the_commands_offer(game):
    """`washigen games` reads each component's options off its declaration (parameters, what it writes, the print
    options it takes) without building a command; read off the built commands, they must be the same."""
    from washigen.cli.listing import offered

    commands = importlib.import_module(f"washigen.cli.{BUILT_IN[game]}").commands
    from_commands = components_from_commands(commands)
    from_specs = offered(get_game(game))
    assert [c.name for c in from_specs] == [c.name for c in from_commands]
    for declared, built in zip(from_specs, from_commands):
        assert declared.help == built.help, declared.name
        assert [p.name for p in declared.params] == [p.name for p in built.params], declared.name
        for mine, theirs in zip(declared.params, built.params):
            listed = [(p.name, p.option, p.kind, p.default, p.min, p.max, p.choices, p.help, p.required, p.describe())
                      for p in (mine, theirs)]
            assert listed[0] == listed[1], (declared.name, mine.name)


def test_listing_the_games_builds_no_game_command():
    import subprocess
    import sys

    code = ("import sys; from washigen.cli.main import main\n"
            "try:\n    main(['games', '--json'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('washigen.cli.') and m.rsplit('.', 1)[1] in "
            "('cats', 'cops', 'cat_tree', 'trail_route')), file=sys.stderr)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stderr.strip().splitlines()[-1] == "[]"
    assert '"name": "cats"' in shown.stdout


def test_a_subclass_keeps_its_bases_parameters_once_the_base_is_made_a_dataclass():
    """Options classes become dataclasses on first use; a base used first (washigen.generate's map) must not hide
    its parameters from a subclass not yet used (a command's parameters built afterwards)."""
    from washigen.games.params import Options, declared_fields, param, params_of

    class Shared(Options):
        players: int = param(2, "Players.", min=2, max=6)
        width: float = param(45.0, "Width.", kind="length", min=10, max=120)

    class Command(Shared):
        games: int = param(10, "Games.", min=1)

    Shared()                                     # the base made a dataclass first
    assert list(declared_fields(Command)) == ["players", "width", "games"]
    assert [(p.name, p.default) for p in params_of(Command)] == [("players", 2), ("width", 45.0), ("games", 10)]
    assert Command(players=3).players == 3 and Command().width == 45.0


def test_a_retired_option_still_runs_but_is_offered_nowhere(tmp_path):
    """`cops map --fair` changes nothing since every map is searched; it is kept so old command lines run, and kept
    off `--help`, `washigen games` and the studio's form (where it was a checkbox that did nothing). `cops play
    --fair`, which still chooses among layouts, is offered everywhere."""
    import subprocess
    import sys

    from washigen.studio.api import settable_params
    from washigen.games import get_game

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "washigen", *args], capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout

    cops = get_game("cops")
    by_name = {c.name: c for c in cops.components}
    assert [p.retired for p in by_name["map"].params if p.name == "fair"] == [True]
    assert "fair" not in {p.name for p in settable_params(by_name["map"])}
    assert "fair" in {p.name for p in settable_params(by_name["play"])}
    assert "--fair" not in run("cops", "map", "--help") and "--fair" in run("cops", "play", "--help")
    listed = run("games").split("cops map:")[1].split("cops tape:")[0]
    assert "--fair" not in listed and "--budget" in listed
    run("cops", "map", "--seed", "2", "--budget", "0", "--fair", "-o", "old.json")
    run("cops", "map", "--seed", "2", "--budget", "0", "-o", "new.json")
    assert (tmp_path / "old.json").read_bytes() == (tmp_path / "new.json").read_bytes()
