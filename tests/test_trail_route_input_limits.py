"""Trail Route setup files are bounded on load (DESIGN 12): a road grid, a seat list or a hand far past the game's
is refused naming the field, exit 2, before anything is drawn (a 100 x 100 road took 1.35 GB to draw, 1,000 seats
ran out of stack, a 20,000-card hand drew for minutes); a board of a wrong but near size is still read and
reported by the rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from washigen.design import dumps
from washigen.games.trail_route.generate import generate_setup


def _setup_data() -> dict:
    return json.loads(dumps(generate_setup(4, 1)))


def _validate(tmp_path, data: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(data))
    return subprocess.run([sys.executable, "-m", "washigen", "validate", str(path)], capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("grow, field", [
    (lambda d: d.update(road=[row * 3 for row in d["road"]]), "road[0]"),
    (lambda d: d.update(road=d["road"] * 3), "road"),
    (lambda d: d.update(destinations=d["destinations"] * 3), "destinations"),
    (lambda d: d.update(seats=d["seats"] * 2), "seats"),
    (lambda d: d["seats"][0].update(hand=d["seats"][0]["hand"] * 5), "seats[0].hand"),
])
def test_a_setup_far_past_the_games_size_is_refused_on_load_naming_the_field(tmp_path, grow, field):
    data = _setup_data()
    grow(data)
    done = _validate(tmp_path, data)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{field}: Tuple should have at most" in done.stderr


def test_a_board_a_row_too_long_is_still_read_and_reported_by_the_rules(tmp_path):
    data = _setup_data()
    data["road"] = [row + row[:1] for row in data["road"]]
    done = _validate(tmp_path, data)
    assert done.returncode == 1 and "trail-route.grid.size" in done.stdout + done.stderr
