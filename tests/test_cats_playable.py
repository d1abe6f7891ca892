"""DESIGN 9: every map the generator makes is playable — greedy bots finish a game on every seating within 40 turns
a row. 500 and more maps across every player count, team play, long maps, forests, cut-ups, jinja mode and sewer
poppers; small segments keep the games short, so the test stays fast."""

from __future__ import annotations

from dataclasses import replace

import pytest

from washigen.games.cats.generate import generate_map
from washigen.games.cats.plan import MapSpec, base_plan
from washigen.games.cats.variants import _uncut, playable_cut_ups
from washigen.games.cats.playtest import play_check
from washigen.games.cats.rules import validate
from washigen.report import Report

SMALL = {"segment_rows": 4, "segment_cols": 19}      # the fewest columns that hold a 2-player home row
# (kind, maps, options): the smallest segments each player count allows (room on the home rows).
KINDS = [
    ("2p", 135, dict(players=2, **SMALL)),
    ("2p-standard", 15, dict(players=2)),
    ("3p", 40, dict(players=3, segment_rows=4, segment_cols=22)),
    ("4p", 25, dict(players=4, **SMALL)),
    ("5p", 10, dict(players=5, segment_rows=4, segment_cols=23)),
    ("6p", 10, dict(players=6, **SMALL)),
    ("2v2", 45, dict(players=4, coop=True, **SMALL)),
    ("2v2v2", 25, dict(players=6, coop=True, segment_rows=4, segment_cols=22)),
    ("long", 40, dict(long=1, **SMALL)),
    ("forests", 40, dict(forests=4, segment_rows=5, segment_cols=19)),
    ("cut-up", 20, dict(cut_up=True, budget=0, **SMALL)),
    ("jinja", 40, dict(jinja=True, **SMALL)),
    ("poppers", 45, dict(sewer_poppers=True, **SMALL)),
    ("poppers-3p-cut-up", 10, dict(players=3, sewer_poppers=True, cut_up=True, budget=0, segment_rows=4,
                                    segment_cols=22)),
]


def test_at_least_500_maps_are_tried():
    assert sum(count for _, count, _ in KINDS) >= 500


def searched_first(seed: int, options: dict):
    """The cut-up `generate_map(cut_up=True, budget=0)` returns (the first of the seed's good cut-ups that plays, or
    the uncut order where none does) before the greedy games that judge its fairness (tests/test_cats_fair.py's)
    are played on it: the same map, without its stored verdict."""
    spec = MapSpec(**{key: value for key, value in options.items() if key != "budget"})
    base = base_plan(spec, seed, with_forests=False)
    return next(playable_cut_ups(spec, seed, base), None) or _uncut(spec, seed, base)


def generated(seed: int, options: dict):
    return searched_first(seed, options) if options.get("cut_up") else generate_map(seed=seed, **options)


@pytest.mark.parametrize("kind", [kind for kind, _, options in KINDS if options.get("cut_up")])
def test_the_cut_up_searched_with_no_budget_is_the_first_that_plays(kind):
    options = next(options for name, _, options in KINDS if name == kind)
    searched = generate_map(seed=1, **options)
    assert searched.play_games is not None and searched.variant is not None
    assert replace(searched, play_games=None, play_score=None, play_fair=None) == searched_first(1, options)


@pytest.fixture
def finished_in_generation(monkeypatch) -> list:
    """The maps the generator itself played to an end on every seating (playtest.first_cut_off found no cut-off,
    with the play check's own arguments) while the test ran: the play check is seeded, so one of these passes it
    again, and the test plays only the maps the generator returned without such a run (about 40 % of the time the
    file took)."""
    from washigen.games.cats import playtest

    finished: list = []
    played = playtest.first_cut_off

    def watched(design, setup=None, seed=0, setups=playtest.CHECK_SETUPS):
        cut_off = played(design, setup, seed, setups)
        if cut_off is None and (setup, seed, setups) == (None, 0, playtest.CHECK_SETUPS):
            finished.append(design)
        return cut_off

    monkeypatch.setattr(playtest, "first_cut_off", watched)
    return finished


@pytest.mark.parametrize("kind,count,options", KINDS, ids=[k for k, _, _ in KINDS])
def test_every_generated_map_is_playable(kind, count, options, finished_in_generation):
    failures = []
    for seed in range(count):
        finished_in_generation.clear()
        design = generated(seed, options)
        # The check as DESIGN 9 defines it; a map the generator already saw finish every game needs no second run.
        report = validate(design) + (Report() if design in finished_in_generation else play_check(design))
        if not report.ok:
            failures.append((seed, [str(v) for v in report.errors][:2]))
    assert not failures, f"{kind}: {len(failures)} of {count} maps fail: {failures[:3]}"
