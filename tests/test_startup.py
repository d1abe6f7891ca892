"""Start-up: what `washigen games` and `washigen --version` import, read back from sys.modules at the end of a run
in a fresh interpreter. Registering a game imports its spec only; its model (pydantic), generator, rules, drawing
(reportlab, Pillow) and engine are imported when a design is made, checked or drawn. This is a test of what is
imported, not of how long it takes (bench/bench_startup.py times it)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest


GAME_PACKAGES = ("cats", "cops", "cat_tree", "trail_route")
# Libraries that only drawing, printing, loading a design or the studio need.
HEAVY_LIBRARIES = ("pydantic", "pydantic_core", "reportlab", "PIL", "pypdf", "pypdfium2", "cairosvg", "svgwrite",
                   "markdown_it", "babel", "starlette", "uvicorn", "importlib.metadata")
# Modules of washigen that hold the designs, the drawing and the engines.
HEAVY_MODULES = ("washigen.design", "washigen.scene", "washigen.tally", "washigen.backends",
                 "washigen.press.document", "washigen.press.impose", "washigen.press.templates", "washigen.arena",
                 "washigen.fonts", "washigen.rulebook.kit", "washigen.studio.app")
HEAVY_GAME_MODULES = ("model", "generate", "rules", "draw", "engine", "text", "tiled", "playtest", "bots", "variants",
                      "gamelog", "draw_game")


# `python -m washigen ARGS`, writing the names of every module imported by its end to the file named first.
# (-X importtime would not list the modules imported through importlib.import_module, as Lazy members are.)
PROBE = """
import atexit, runpy, sys
listing = sys.argv.pop(1)

@atexit.register
def write_listing():
    with open(listing, "w") as file:
        file.write("\\n".join(sorted(sys.modules)))

runpy.run_module("washigen", run_name="__main__", alter_sys=True)
"""


def imported(*args: str, env: dict | None = None) -> tuple[set[str], str]:
    """The modules a run of washigen ARGS has imported when it ends, and what it printed."""
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "modules.txt"
        done = subprocess.run([sys.executable, "-c", PROBE, str(listing), *args], capture_output=True, text=True,
                              timeout=60, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        return set(listing.read_text().split()), done.stdout


def heavy(names: set[str]) -> list[str]:
    game_modules = tuple(f"washigen.games.{g}.{m}" for g in GAME_PACKAGES for m in HEAVY_GAME_MODULES)
    return sorted(n for n in names if n.split(".")[0] in HEAVY_LIBRARIES or n in HEAVY_LIBRARIES
                  or n.startswith(HEAVY_MODULES) or n in game_modules)


def test_washigen_games_lists_every_game_from_its_spec_alone():
    names, out = imported("games")
    assert heavy(names) == []
    for game in GAME_PACKAGES:           # every game listed from its spec's declarations, no command of it built
        assert f"washigen.games.{game}.spec" in names and f"washigen.cli.{game}" not in names
    # The shared options are listed from their declarations (cli/common_params.py): no click option is built for
    # them, and no help is printed, so neither the option helpers nor the examples are imported.
    assert "washigen.cli.common_params" in names
    assert not names & {"washigen.cli.options", "washigen.cli.reading", "washigen.cli.examples"}
    for line in ("cats (also: tokyo-washi-cats, washi-cats): Tokyo Washi Game Cats", "  cops map: ",
                 "  cat-tree deck: ", "  trail-route setup: ", "      --players 2..6 (default 2)"):
        assert line in out


def test_washigen_games_json_lists_the_parameters_without_the_heavy_modules():
    names, out = imported("games", "--json")
    assert heavy(names) == []
    cats = next(game for game in json.loads(out) if game["name"] == "cats")
    params = next(c for c in cats["components"] if c["name"] == "map")["params"]
    width = next(p for p in params if p["name"] == "tape_width")
    assert (width["kind"], width["min"], width["max"]) == ("length", 10.0, 120.0)     # its real minimum


def test_washigen_version_imports_no_game():
    names, out = imported("--version")
    assert out.strip().startswith("washigen, version ")
    assert not [n for n in names if n.startswith("washigen.games.")]
    assert heavy(names) == []


def test_a_command_imports_only_its_own_game():
    names, out = imported("cat-tree", "score", "--help")
    assert "washigen.cli.cat_tree" in names
    # Its help ends with examples, laid out as wide as click would, without shutil (and its zlib, bz2, lzma).
    assert "washigen.cli.examples" in names and "Examples:" in out and "shutil" not in names
    assert not [n for n in names if n.startswith(("washigen.games.cats", "washigen.games.cops",
                                                  "washigen.games.trail_route"))]


RESOLVES_ON_FIRST_USE = """
import sys
from washigen.games import Lazy, all_games, get_game
games = all_games()
loaded_before = sorted(m for m in sys.modules if m.endswith((".rules", ".model", ".draw")))
cats = get_game("cats")
assert type(cats.declared("validate")) is Lazy
validate = cats.validate
from washigen.games.cats import rules
print(loaded_before, validate is rules.validate, type(cats.declared("validate")) is Lazy)
"""


def test_a_games_heavy_members_are_imported_when_first_read():
    done = subprocess.run([sys.executable, "-c", RESOLVES_ON_FIRST_USE], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[] True False", done.stderr[-2000:]


def test_every_design_kind_names_the_class_that_has_it():
    """A game's designs are given by kind before their classes are imported; the kind must be the class's."""
    from washigen.games import all_games

    for game in all_games():
        for kind, cls in game.designs.items():
            assert (cls.GAME, cls.KIND) == (game.name, kind)


def test_a_maker_takes_its_components_parameter_dataclass_and_the_setup_takes_the_map_options():
    from washigen.games import get_component, get_game
    from washigen.games.cats.spec import MapOptions, SetupParams
    from washigen.games.params import params_of

    setup = get_component(get_game("cats"), "setup")
    assert setup.options is SetupParams and list(inspect.signature(setup.make).parameters) == ["options"]
    assert {p.name for p in params_of(MapOptions)} <= {p.name for p in setup.params}


PLUGIN = """
from washigen.games import Game, Lazy, register_game

GAME = Game(name="plugged", title="A game from another distribution", designs={},
            validate=Lazy("plugged_rules:validate"), print_design=Lazy("plugged_rules:print_design"))
"""


def test_a_game_from_another_distribution_is_listed_through_its_entry_point(tmp_path):
    (tmp_path / "plugged.py").write_text(PLUGIN)
    info = tmp_path / "plugged-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plugged\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent("""\
        [console_scripts]
        plugged = plugged:main

        [washigen.games]
        plugged = plugged:GAME
        """))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    names, out = imported("games", env=env)
    assert "plugged: A game from another distribution" in out.splitlines()
    assert "importlib.metadata" in names and "plugged_rules" not in names    # its members stay unimported


@pytest.mark.parametrize("section", ["[console_scripts]", "[washigen.games.extra]"])
def test_a_distribution_without_the_group_does_not_bring_importlib_metadata(tmp_path, section):
    info = tmp_path / "other-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: other\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"{section}\nother = other:main\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    names, out = imported("games", env=env)
    assert "importlib.metadata" not in names
    assert out.startswith("cat-tree")
