"""washigen.play and washigen.balance: one shape for every game, and the same games and numbers the command line
plays for the same seed (the CLI's own commands are the independent witness)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import washigen
from washigen.errors import InputError


def cli_json(*args: str) -> object:
    done = subprocess.run([sys.executable, "-m", "washigen", *args, "--json"], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("game, seed", [("cats", 3), ("cops", 4)])
def test_play_plays_the_game_the_command_line_plays_for_the_seed(game, seed):
    played = washigen.play(game, seed=seed)
    record = played.record if game == "cats" else None
    shown = cli_json(game, "play", "--seed", str(seed))[0]
    if game == "cats":
        assert (record.seed, [w + 1 for w in record.winners], record.turns, record.end) == \
            (shown["seed"], shown["winner"], shown["turns"], shown["end"])
    else:
        winners = played.result.winners if played.result else ()
        assert played.turns == shown["turns"]
        assert (winners[0] + 1 if winners else None) == shown["winner"]


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_play_on_a_design_and_a_starting_seat(game):
    design = washigen.generate(game, "map", players=3, seed=2)
    one, again = washigen.play(game, design, seed=5, first=2), washigen.play(game, design, seed=5, first=2)
    other = washigen.play(game, design, seed=5, first=0)
    assert one.moves == again.moves                   # seeded: the same game twice
    if game == "cats":
        assert one.moves != other.moves               # another seat starting plays another game
        assert (one.record.first, other.record.first) == (2, 0)
    else:                                             # squads differ only by their place in the order
        assert one.moves == other.moves
        assert [(w - 2) % 3 for w in one.result.winners] == [w for w in other.result.winners]
    with pytest.raises(InputError, match="first: must be a"):
        washigen.play(game, design, seed=5, first=3)


@pytest.mark.parametrize("game", ["cats", "cops"])
def test_balance_gives_the_numbers_the_command_line_prints(game):
    # `GAME balance` without --map plays the seed's first playable map, unsearched (`cops map --budget 0`'s)
    unsearched = {"budget": 0} if game == "cops" else {}
    numbers = washigen.balance(game, washigen.generate(game, "map", players=2, seed=3, **unsearched), games=24, seed=3,
                               jobs=2)
    shown = cli_json(game, "balance", "--seed", "3", "--games", "24", "--jobs", "1")
    assert numbers.games == shown["games"] == 24
    assert [s.wins for s in numbers.seats] == [s["wins"] for s in shown["seats"]]
    assert sum(s.wins for s in numbers.seats) + numbers.stalemates + numbers.turn_limits == 24


def test_balance_refuses_bad_counts_and_games_without_an_engine():
    with pytest.raises(InputError, match="games: must be a whole number 1..100000"):
        washigen.balance("cops", games=0)
    with pytest.raises(InputError, match="jobs: must be a whole number 1..64"):
        washigen.balance("cops", games=4, jobs=True)
    with pytest.raises(InputError, match="bots"):
        washigen.balance("cops", games=4, bots="clever")


def test_the_api_functions_are_plain_functions_not_packages():
    import types

    import washigen.arena
    import washigen.backends

    for name in ("generate", "validate", "render", "load", "save", "play", "balance"):
        assert isinstance(getattr(washigen, name), types.FunctionType), name
        assert getattr(washigen, name).__module__ == "washigen.api"
