"""washigen.check_run: the run estimate the command line and the studio make before any game, for scripts too; on a
map, a set-up (its map's cost) or no design (the game's own table)."""

import re

import pytest

import washigen
from washigen.games.cats.generate import generate_map
from washigen.games.cats.setup import generate_setup

from .test_cli_limits_more import run as cli


def _fits(error: washigen.InputError) -> int:
    return int(re.search(r"at most ([\d,]+) games? fit", str(error)).group(1).replace(",", ""))


def test_a_run_that_fits_passes_and_one_past_the_minute_names_what_fits():
    design = generate_map(players=4, seed=2)
    washigen.check_run("cats", design, games=100)
    with pytest.raises(washigen.InputError) as refused:
        washigen.check_run("cats", design, games=50_000)
    assert str(refused.value).startswith("games=50000, bots=greedy: about ")
    fits = _fits(refused.value)
    washigen.check_run("cats", design, games=fits)
    with pytest.raises(washigen.InputError):
        washigen.check_run("cats", design, games=fits + 1)


def test_a_set_up_costs_what_its_map_costs():
    design = generate_map(players=3, seed=5)
    setup = generate_setup(design, seed=1)
    answers = []
    for table in (design, setup):
        with pytest.raises(washigen.InputError) as refused:
            washigen.check_run("cats", table, games=100_000)
        answers.append(_fits(refused.value))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("game", ["cats", "cops", "cat-tree"])
def test_without_a_design_the_default_table_is_estimated_as_the_command_line_does(tmp_path, game):
    with pytest.raises(washigen.InputError) as refused:
        washigen.check_run(game, None, games=100_000)
    done = cli(game, "balance", "--games", 100_000)
    assert done.exit_code == 2, done.output
    assert _fits(refused.value) == int(re.search(r"at most ([\d,]+) games? fit", done.output).group(1)
                                       .replace(",", ""))


def test_a_strong_seat_has_its_thirty_minutes():
    design = generate_map(players=2, seed=1)
    washigen.check_run("cats", design, games=100, bots="strong")
    with pytest.raises(washigen.InputError, match="past the 30 minutes a run with a strong bot may take"):
        washigen.check_run("cats", design, games=2000, bots="strong")
