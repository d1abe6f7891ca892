"""Golden text files: a readable rendering of each game's designs for fixed seeds, compared line by line.
`pytest --update-golden` rewrites them. A registered game without golden designs fails here."""

from pathlib import Path

import pytest

from washigen.games import all_games

GOLDEN = Path(__file__).parent / "golden"


def _cases():
    for game in all_games():
        yield pytest.param(game, id=game.name)


@pytest.mark.parametrize("game", list(_cases()))
def test_every_game_matches_its_golden_files(game, update_golden):
    assert game.golden is not None and game.to_text is not None, f"{game.name} has no golden designs or text form"
    designs = game.golden()
    assert designs, f"{game.name}: golden() returned nothing"
    for name, design in designs.items():
        path = GOLDEN / f"{game.name}-{name}.txt"
        text = game.to_text(design)
        if update_golden:
            path.write_text(text, encoding="utf-8")
            continue
        assert path.exists(), f"{path} is missing: run pytest --update-golden and review it"
        expected = path.read_text(encoding="utf-8").splitlines()
        actual = text.splitlines()
        for number, (want, got) in enumerate(zip(expected, actual), start=1):
            assert got == want, f"{path.name} line {number}: expected {want!r}, got {got!r}"
        assert len(actual) == len(expected), f"{path.name}: {len(actual)} lines, expected {len(expected)}"


def test_games_are_registered():
    names = {game.name for game in all_games()}
    assert names, "no game is registered"
