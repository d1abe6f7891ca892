"""A Cops game log says which map it was played on: the options that make it, the file it was read from (a map
given with --map, such as a fair-searched one, which the seed's options do not make again) and the map's
fingerprint, so a replay finds the map beside the log and refuses, by the fingerprint's line, a map that is not
the one played."""

import dataclasses
import re
import itertools

import pytest

from washigen.design import load, save
from washigen.errors import InputError
from washigen.i18n import translator
from washigen.games.cops.gamelog import map_check, replay_log
from washigen.games.cops.generate import generate_map, playable_layouts

from .test_cops_cli import refused, run


@pytest.fixture(scope="module")
def later_layout():
    """The seed's second playable layout: a map with seed 1 that the seed's options do not make (as a map the
    fairness search picked past the first)."""
    design = next(itertools.islice(playable_layouts(2, 1), 1, 2))
    assert map_check(design) != map_check(generate_map(players=2, seed=1))
    return design


def _played(tmp_path, design, name="map.json"):
    save(design, tmp_path / name)
    log = tmp_path / "game.txt"
    played = run("cops", "play", "--map", tmp_path / name, "--seed", 4, "-o", log)
    assert played.exit_code == 0, played.output
    return log, played


def _result(output: str) -> str:
    return output.split("(seed")[1].split("wrote")[0].strip()


def test_a_game_on_a_map_given_by_file_replays_from_the_log_and_the_map_beside_it(tmp_path, later_layout):
    log, played = _played(tmp_path, later_layout)
    lines = log.read_text().splitlines()
    assert "# map-file: map.json" in lines and f"# map-check: {map_check(later_layout)}" in lines
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0, replayed.output
    assert _result(replayed.output) == _result(played.output)


def test_the_map_missing_beside_the_log_is_named_by_its_line(tmp_path, later_layout):
    log, _ = _played(tmp_path, later_layout)
    (tmp_path / "map.json").unlink()
    number = log.read_text().splitlines().index("# map-file: map.json") + 1
    refused(run("cops", "play", "--replay", log), f"line {number}", "map-file", "map.json")


def test_a_map_file_line_with_a_folder_is_refused(tmp_path, later_layout):
    log, _ = _played(tmp_path, later_layout)
    log.write_text(log.read_text().replace("# map-file: map.json", "# map-file: ../map.json"))
    refused(run("cops", "play", "--replay", log), "map-file", "is not a file name")


def test_a_header_edited_to_another_seed_is_refused_by_the_fingerprint_line(tmp_path):
    log = tmp_path / "game.txt"
    assert run("cops", "play", "--players", 2, "--seed", 3, "-o", log).exit_code == 0
    text = log.read_text()
    assert "# seed: 3\n" in text
    log.write_text(text.replace("# seed: 3\n", "# seed: 4\n"))
    number = next(k for k, line in enumerate(text.splitlines(), start=1) if line.startswith("# map-check:"))
    refused(run("cops", "play", "--replay", log), f"line {number}", "not played on the map", "--map FILE")


def test_another_map_given_with_map_is_refused_and_said_in_german_too(tmp_path, later_layout):
    log, _ = _played(tmp_path, later_layout)
    save(generate_map(players=2, seed=1), tmp_path / "first.json")
    refused(run("cops", "play", "--replay", log, "--map", tmp_path / "first.json"),
            "not played on the map --map gives")
    with pytest.raises(InputError) as refusal:             # the studio and the API say it in the page's language
        replay_log(log, lambda: load(tmp_path / "first.json"))
    german = translator("de").says(refusal.value.says)
    assert "--map angibt" in german and "gespielt" in german and "not played" not in german


def test_a_log_without_a_fingerprint_replays_as_before(tmp_path):
    log = tmp_path / "game.txt"
    played = run("cops", "play", "--players", 3, "--seed", 2, "-o", log)
    log.write_text("".join(line for line in log.read_text().splitlines(keepends=True)
                           if not line.startswith("# map-check:")))
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0, replayed.output
    assert _result(replayed.output) == _result(played.output)


def test_the_fingerprint_is_of_what_is_played_not_of_who_wrote_the_map(later_layout):
    renamed = dataclasses.replace(later_layout, generator="washigen 9.9", seed=77, balance_games=200,
                                  balance_score=0.01, balance_fair=True)
    assert map_check(renamed) == map_check(later_layout)
    moved = dataclasses.replace(later_layout, offset=later_layout.offset + 1.0)
    assert map_check(moved) != map_check(later_layout)


# -- the result line -------------------------------------------------------------------------------------------------

def _log(tmp_path, *args):
    log = tmp_path / "game.txt"
    played = run("cops", "play", *args, "-o", log)
    assert played.exit_code == 0, played.output
    return log


def test_a_log_states_its_result_and_a_replay_holds_it_to_the_moves(tmp_path):
    log = _log(tmp_path, "--players", 3, "--seed", 2)
    text = log.read_text()
    result = next(line for line in text.splitlines() if line.startswith("# result: "))
    assert re.fullmatch(r"# result: squad [123] wins after \d+ moves", result)
    assert run("cops", "play", "--replay", log).exit_code == 0
    winner = int(result.split("squad ")[1][0])
    log.write_text(text.replace(result, result.replace(f"squad {winner}", f"squad {winner % 3 + 1}")))
    number = text.splitlines().index(result) + 1
    refused(run("cops", "play", "--replay", log), f"line {number}", "result:", "but its moves reach")


def test_a_log_cut_short_is_refused_by_its_result_line_and_replays_as_unfinished_without_one(tmp_path):
    log = _log(tmp_path, "--players", 2, "--seed", 5)
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[:-2]))
    refused(run("cops", "play", "--replay", log), "no result after", "cut short")
    log.write_text("".join(line for line in lines[:-2] if not line.startswith("# result:")))
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0 and "unfinished (the log stops before the game ends)" in replayed.output


def test_a_stalemate_is_stated_and_replays(tmp_path):
    for seed in range(1, 30):
        log = _log(tmp_path, "--players", 2, "--seed", seed, "--bots", "random")
        result = next(line for line in log.read_text().splitlines() if line.startswith("# result: "))
        if "stalemate" in result:
            break
    else:
        pytest.fail("no random game of seeds 1-29 ended in a stalemate")
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0 and "no squad can finish (stalemate)" in replayed.output


def test_moves_that_reach_the_turn_limit_without_an_end_read_as_the_turn_limit():
    from washigen.games.cops import engine
    from washigen.games.cops.gamelog import reached
    from washigen.games.cops.playtest import turn_limit

    design = generate_map(players=2, seed=1)
    state = engine.initial_state(design, first=0)
    limit = turn_limit(design)
    assert reached(design, state, limit) == f"turn limit after {limit} moves"
    assert reached(design, state, limit - 1) == f"no result after {limit - 1} moves"


def test_a_header_line_among_the_moves_is_refused_by_its_line(tmp_path):
    log = _log(tmp_path, "--players", 2, "--seed", 3)
    lines = log.read_text().splitlines(keepends=True)
    first_move = next(k for k, line in enumerate(lines) if not line.startswith("#"))
    seed_line = next(line for line in lines if line.startswith("# game-seed:"))
    moved = [line for line in lines if line != seed_line]
    moved.insert(first_move + 2, seed_line)                 # below the second move
    log.write_text("".join(moved))
    refused(run("cops", "play", "--replay", log), f"line {first_move + 3}", "'# game-seed:' line among the moves")
