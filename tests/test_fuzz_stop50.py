"""Bugs found by fuzzing the last stop's changes (game logs' map-file lines, --bots, washigen.check_run, sweep):
one test per bug, each failing on the code before its fix."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli.main import main
from washigen.design import save
from washigen.games.cats.generate import generate_map as cats_map
from washigen.games.cops.generate import generate_map as cops_map


def run(*args, stdin: str | None = None):
    """The command's result; an exception is kept (exit 1), not raised, so a traceback fails the assertion."""
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def refused(result, *words: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


def test_a_cops_map_file_that_is_no_file_name_is_refused_once_not_wrapped_in_its_own_words(tmp_path):
    save(cops_map(players=2, seed=3), tmp_path / "map.json")
    log = tmp_path / "game.txt"
    assert run("cops", "play", "--map", tmp_path / "map.json", "--seed", 4, "-o", log).exit_code == 0
    log.write_text(log.read_text().replace("# map-file: map.json", "# map-file: ../map.json"))
    said = refused(run("cops", "play", "--replay", log), "is not a file name")
    assert said.count("map-file:") == 1 and said.count("line 7") == 1, said     # was said twice over


def test_a_cats_game_on_a_map_from_standard_input_writes_a_log_that_replays(tmp_path):
    text = (tmp_path / "map.json")
    save(cats_map(players=2, seed=3), text)
    log = tmp_path / "game.txt"
    played = run("cats", "play", "--map", "-", "--seed", 4, "-o", log, stdin=text.read_text())
    assert played.exit_code == 0, played.output
    assert "map-file: -" not in log.read_text()          # a file named '-' beside the log, which no replay found
    replayed = run("cats", "play", "--replay", log)
    assert replayed.exit_code == 0, replayed.output


@pytest.mark.parametrize("name", [" map.json", "map.json ", "two\nlines.json"])
def test_a_map_file_name_no_log_can_say_is_refused_before_the_game_and_no_log_is_written(tmp_path, name):
    save(cops_map(players=2, seed=3), tmp_path / name)
    log = tmp_path / "game.txt"
    refused(run("cops", "play", "--map", tmp_path / name, "--seed", 4, "-o", log), "--map", "rename the file")
    assert not log.exists()      # the log named a file no replay found, or broke its own header


@pytest.mark.parametrize("game, make", [("cops", cops_map), ("cats", cats_map)])
def test_a_map_file_name_that_is_not_utf8_is_refused_not_a_traceback(tmp_path, game, make):
    name = "map\udcff.json"                 # the byte 0xff in a Linux file name, as Python reads it
    try:
        save(make(players=2, seed=3), tmp_path / name)
    except (OSError, UnicodeError):
        pytest.skip("this file system takes no such name")
    log = tmp_path / "game.txt"
    refused(run(game, "play", "--map", tmp_path / name, "--seed", 4, "-o", log), "--map", "UTF-8")
    assert not log.exists()


def test_a_cops_replay_refuses_to_write_its_log_again_as_cats_does(tmp_path):
    save(cops_map(players=2, seed=3), tmp_path / "map.json")
    log = tmp_path / "game.txt"
    assert run("cops", "play", "--map", tmp_path / "map.json", "--seed", 4, "--bots", "random", "-o", log).exit_code == 0
    again = tmp_path / "again.txt"
    # It was written with no map-file line (so it did not replay) and 'bots: greedy' for a random game.
    refused(run("cops", "play", "--replay", log, "-o", again), "-o", "a replay draws the game")
    assert not again.exists()


def test_a_sweep_setting_nested_too_deep_is_refused_not_a_recursion_error(tmp_path):
    result = run("sweep", "cops", "--seeds", "1", "--games", 2, "--jobs", 1, "-o", tmp_path / "s.jsonl",
                 "--set", "players=" + "[" * 100_000)
    refused(result, "--set players", "nested too deep")
    assert not (tmp_path / "s.jsonl").exists()


def test_a_seed_given_twice_is_refused_not_swept_and_counted_twice(tmp_path):
    out = tmp_path / "s.jsonl"
    refused(run("sweep", "cops", "--seeds", "1-2,1", "--games", 2, "--jobs", 1, "-o", out), "--seeds", "seed 1")
    assert not out.exists()


def test_a_seeds_refusal_quotes_a_pasted_number_cut_short(tmp_path):
    said = refused(run("sweep", "cops", "--seeds", "1-" + "9" * 5000, "-o", tmp_path / "s.jsonl"), "--seeds")
    assert len(said) < 300, len(said)


@pytest.mark.parametrize("arguments", [
    {"games": None}, {"games": "10"}, {"games": float("nan")}, {"games": float("inf")}, {"games": [1]},
    {"games": 0}, {"games": -3}, {"games": 1.5}, {"bots": 3}, {"bots": "strong:0"}, {"design": "map.json"},
    {"design": {}},
])
def test_check_run_refuses_bad_arguments_by_name(arguments):
    field = next(iter(arguments))
    with pytest.raises(washigen.InputError) as refusal:          # a TypeError, ValueError or AttributeError, or
        washigen.check_run("cats", **arguments)                   # nothing (0 games, strong:0 estimated as greedy)
    assert str(refusal.value).startswith(f"{field}:"), str(refusal.value)


@pytest.mark.parametrize("game, other, component", [("cats", "cats", "tape"), ("cops", "cops", "tape"),
                                                    ("cats", "cops", "map"), ("cops", "cats", "map")])
def test_check_run_refuses_a_design_its_game_does_not_play_as_balance_does(game, other, component):
    design = washigen.generate(other, component, seed=1)
    with pytest.raises(washigen.InputError) as refusal:      # an AttributeError deep in the game's run cost
        washigen.check_run(game, design, games=10)
    assert str(refusal.value).startswith("design:"), str(refusal.value)


@pytest.mark.parametrize("game, other", [("trail-route", "cops"), ("cat-tree", "cats"), ("trail-route", "cat-tree")])
def test_a_run_of_a_game_that_reads_no_design_refuses_another_games_design(game, other):
    """Trail Route's and Cat Tree's run costs read nothing of the design, so check_run took a Cops map for Trail
    Route without a word, where balance() refuses it."""
    design = washigen.generate(other, "play" if other == "cat-tree" else "map", seed=1)
    for check in (lambda: washigen.check_run(game, design, games=10), lambda: washigen.games_that_fit(game, design)):
        with pytest.raises(washigen.InputError) as refusal:
            check()
        assert str(refusal.value) == f"design: a run of {game} plays a design of {game}, not a {design.KIND} of " \
                                     f"{other}"
