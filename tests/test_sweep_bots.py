"""A sweep's --bots is checked before its run is estimated: a strength that is no plain whole number in range was a
traceback (exit 1, which reads as a broken design) where every other command refuses it."""

import pytest
from click.testing import CliRunner

from washigen.arena.balance import GameCost
from washigen.cli import main


@pytest.mark.parametrize("bots", ["strong:\u00b2", "strong:" + "9" * 5000, "strong:0", "strong:99999",
                                  "greedy,strong:x"])
@pytest.mark.parametrize("game", ["cats", "cops"])
def test_a_bad_strength_is_refused_before_any_map(tmp_path, game, bots):
    out = tmp_path / "s.jsonl"
    done = CliRunner().invoke(main, ["sweep", game, "--seeds", "1", "--games", "1", "--bots", bots, "-o", str(out)])
    assert done.exit_code == 2, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert "--bots:" in done.output and "strength must be a whole number 1..10000" in done.output
    assert not out.exists()


def test_the_estimate_reads_a_strength_it_cannot_take_as_the_default_not_a_crash():
    cost = GameCost(greedy=0.01, per_strength=2.0, default_strength=16)
    assert cost.seconds("strong:\u00b2") == cost.seconds("strong") == pytest.approx(0.01 * (1 + 32))
    assert cost.seconds("strong:" + "9" * 5000) == cost.seconds("strong")
