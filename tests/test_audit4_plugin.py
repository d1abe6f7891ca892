"""A newcomer's plugin mistakes said by game and hook, not a traceback from deep inside washigen: a validate that
returns a list or raises, a drawing that is a Scene, a maker that returns a dict, a Lazy naming a function that is
not there, a hook that is not a function, a required hook left out, a bot that answers an illegal move, an engine
with no legal move before its end. The plugin is tests/plugin_nim beside a second distribution, `washigen-nimbad`,
whose game `nim-bad` (found through the entry point, as a callable returning its Game) breaks the contract the way
$NIMBAD says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

NIMBAD = '''
import os

from washigen.arena import make_bots, play_match
from washigen.design import record
from washigen.games import Component, Game, Lazy
from washigen.games.registry import DESIGN
from washigen_nim import CardParams, engine
from washigen_nim.bots import BOTS
from washigen_nim.model import NimCard, generate, print_card, validate


@record
class BadCard(NimCard):
    GAME = "nim-bad"
    KIND = "map"


def make(options):
    if os.environ.get("NIMBAD") == "maker-dict":
        return {"heaps": [1, 2]}
    return generate(options.heaps, options.most, options.players, options.seed, BadCard)


def listing(card):
    return [str(heap) for heap in card.heaps]


def raising(card):
    return {}["heaps"]


def scene(card, options):
    from washigen.scene import Scene

    return Scene(63, 88)


class IllegalBot:
    def choose(self, state, moves, rng):
        return "9:9"


class StuckEngine:
    """Nim whose legal_moves is empty once fewer than three sticks are left, while result is still None."""
    __name__ = "nimbad.stuck"

    def __getattr__(self, name):
        return getattr(engine, name)

    def legal_moves(self, state):
        return [] if sum(state.heaps) < 3 else engine.legal_moves(state)


def play(design, seed=0, bots=None):
    card = design or make(CardParams(seed=seed))
    broken = os.environ.get("NIMBAD")
    players = [IllegalBot(), IllegalBot()] if broken == "bot-illegal" else make_bots("greedy", BOTS, 2)
    rules = StuckEngine() if broken == "moves-empty" else engine
    return play_match(rules, engine.initial_state(card), players, seed, 100)


def make_game():
    broken = os.environ.get("NIMBAD", "")
    hooks = {"validate": validate, "print_design": print_card}
    if broken == "validate-list":
        hooks["validate"] = listing
    if broken == "validate-raises":
        hooks["validate"] = raising
    if broken == "draw-scene":
        hooks["print_design"] = scene
    if broken == "lazy-typo":
        hooks["validate"] = Lazy("washigen_nim.model:validat")
    if broken == "not-callable":
        hooks["validate"] = "washigen_nim.model:validate"
    if broken == "no-validate":
        del hooks["validate"]
    return Game(name="nim-bad", title="Nim, broken", designs={"map": BadCard}, play=play,
                components=(Component("map", "A card", options=CardParams, make=make, writes=DESIGN,
                                      prints="page"),), **hooks)
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """tests/plugin_nim and washigen-nimbad installed side by side, as pip would (a dist-info each)."""
    folder = tmp_path_factory.mktemp("nimbad-site")
    shutil.copytree(HERE / "plugin_nim", folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "washigen_nimbad.py").write_text(NIMBAD)
    info = folder / "washigen_nimbad-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: washigen-nimbad\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[washigen.games]\nnim-bad = washigen_nimbad:make_game\n")
    return folder


def washigen(site: Path, cwd: Path, *args: str, broken: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "NIMBAD": broken,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "washigen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def card(site, tmp_path_factory) -> Path:
    """A sound card of the game, made while its hooks keep the contract."""
    folder = tmp_path_factory.mktemp("nimbad-card")
    made = washigen(site, folder, "nim-bad", "map", "--seed", "3", "-o", "card.json")
    assert made.returncode == 0, made.stderr[-2000:]
    assert json.loads((folder / "card.json").read_text())["game"] == "nim-bad"
    return folder / "card.json"


def refused(done: subprocess.CompletedProcess) -> str:
    """The one line a refusal prints (exit 2, no traceback)."""
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.stderr.strip().splitlines()[-1]


def test_a_validate_returning_a_list_is_named_by_game_and_hook(site, card):
    said = refused(washigen(site, card.parent, "validate", str(card), broken="validate-list"))
    assert said == ("error: game 'nim-bad': its validate hook (washigen_nimbad:listing) must return "
                    "washigen.report.Report, got builtins.list")


def test_a_validate_that_raises_is_named_with_the_plugins_line(site, card):
    said = refused(washigen(site, card.parent, "validate", str(card), broken="validate-raises"))
    assert said.startswith("error: game 'nim-bad': its validate hook (washigen_nimbad:raising) failed: KeyError: "
                           "'heaps' (")
    assert said.endswith("washigen_nimbad.py, line 30)")


def test_a_drawing_that_is_a_scene_not_a_document_is_named(site, card, tmp_path):
    said = refused(washigen(site, card.parent, "render", str(card), "-o", str(tmp_path / "card.pdf"),
                            broken="draw-scene"))
    assert said == ("error: game 'nim-bad': its print_design hook (washigen_nimbad:scene) must return "
                    "washigen.press.Document, got washigen.scene.Scene")
    assert not (tmp_path / "card.pdf").exists()


def test_a_maker_returning_a_dict_is_named_with_the_design_it_owes(site, tmp_path):
    said = refused(washigen(site, tmp_path, "nim-bad", "map", "--seed", "1", "-o", "card.json", broken="maker-dict"))
    assert said == ("error: game 'nim-bad': its map.make hook (washigen_nimbad:make) must return BadCard, "
                    "got builtins.dict")


def test_a_lazy_naming_a_missing_function_names_what_it_names(site, card):
    said = refused(washigen(site, card.parent, "validate", str(card), broken="lazy-typo"))
    assert said == ("error: game 'nim-bad': its validate hook (washigen_nim.model:validat) failed: AttributeError: "
                    "module 'washigen_nim.model' has no attribute 'validat'")


def test_a_hook_that_is_not_a_function_leaves_the_game_out_saying_which(site, card):
    """It was registered, and `validate` ended in "TypeError: 'str' object is not callable"."""
    listed = washigen(site, card.parent, "games", "--json", broken="not-callable")
    assert listed.returncode == 0 and "nim-bad" not in {game["name"] for game in json.loads(listed.stdout)}
    assert "its validate must be a function (or a `Lazy` naming one), got builtins.str" in listed.stderr
    said = refused(washigen(site, card.parent, "validate", str(card), broken="not-callable"))
    assert "game 'nim-bad' (washigen_nimbad:make_game) could not be loaded" in said


def test_a_design_of_a_plugin_left_out_says_why_not_unknown_game(site, card):
    """The file's game was "unknown", the reason (Python's, clipped at 60 characters: "...argument: 'val…") not
    said where the file was read."""
    said = refused(washigen(site, card.parent, "validate", str(card), broken="no-validate"))
    assert "unknown game" not in said
    assert said.endswith("could not be loaded and is left out: TypeError: Game.__init__() missing 1 required "
                         "positional argument: 'validate'")


def test_a_bots_illegal_move_is_named_by_engine_seat_and_bot(site, tmp_path):
    said = refused(washigen(site, tmp_path, "nim-bad", "play", "--seed", "2", broken="bot-illegal"))
    assert said == ("error: washigen_nim.engine: the bot of seat 1 (`IllegalBot.choose`) chose '9:9' after 0 moves, "
                    "not one of the 16 moves `legal_moves` gave")


def test_an_engine_with_no_legal_move_before_its_end_is_said_not_a_traceback(site, tmp_path):
    said = refused(washigen(site, tmp_path, "nim-bad", "play", "--seed", "2", broken="moves-empty"))
    assert said.startswith("error: nimbad.stuck: `legal_moves` gave no move after ")
    assert said.endswith("while `result` is still `None` (a stuck player needs a pass move, or the game must end)")


def test_the_python_api_raises_a_plugin_error_a_script_can_catch(site, card):
    code = ("import washigen\nfrom washigen.errors import PluginError\n"
            f"design = washigen.load({str(card)!r})\n"
            "try:\n    washigen.validate(design)\nexcept PluginError as error:\n"
            "    print(type(error).__name__, washigen.message(error, 'de'))\n")
    env = {**os.environ, "NIMBAD": "validate-list", "PYTHONPATH": os.pathsep.join(
        filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], cwd=card.parent, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("PluginError Spiel 'nim-bad': seine Funktion validate"), done.stdout
