"""`cats variants` keeps only rank keys while trying and makes the winners again by number: the maps it streams
out are exactly the best of all good cut-ups, in order, as a full sort of every good cut-up would give."""

import types

from washigen.design import dumps
from washigen.games.cats.plan import MapSpec
from washigen.games.cats.variants import best_variants, rank_key, variants


def test_streamed_winners_are_the_best_of_all_good_cut_ups_in_order():
    spec = MapSpec(players=2, cut_up=True)
    everything = sorted(variants(spec, 3, 120), key=rank_key)
    streamed = best_variants(spec, 3, 120, 10)
    assert isinstance(streamed, types.GeneratorType)          # made one at a time, never held as a list
    assert [dumps(d) for d in streamed] == [dumps(d) for d in everything[:10]]


SPECS = [MapSpec(players=2, cut_up=True), MapSpec(players=4, cut_up=True), MapSpec(players=2, cut_up=True, long=1),
         MapSpec(players=2, cut_up=True, forests=3), MapSpec(players=6, coop=True, cut_up=True)]


def test_the_plan_sees_a_desert_exactly_where_the_validator_reports_one():
    """Tries are rejected for a desert before their design is built: that early look must agree with the rule
    cats.layout.desert on the finished map, try by try, or the variants found would change."""
    from washigen.games.cats.plan import _design, _map_rng, base_plan, stick_forests
    from washigen.games.cats.rules import validate_map
    from washigen.games.cats.variants import cut_plan, has_desert

    deserts = 0
    for spec in SPECS:
        base = base_plan(spec, 5, with_forests=False)
        for variant in range(1, 41):
            rng = _map_rng(5, "variant", variant)
            plan, pieces = cut_plan(spec, base.plan, rng)
            if spec.forests:
                stick_forests(plan, spec, rng)
            design = _design(spec, 5, plan, pieces, cut_up=True, variant=variant)
            reported = any(v.rule == "cats.layout.desert" for v in validate_map(design))
            assert has_desert(plan) == reported, (spec, variant)
            deserts += reported
    assert 20 < deserts < 5 * 40 - 20           # both answers were asked for many times


def test_rejecting_deserts_early_finds_the_same_variants(monkeypatch):
    from washigen.games.cats import variants as module

    spec = MapSpec(players=2, cut_up=True)
    early = [dumps(d) for d in variants(spec, 8, 60)]
    monkeypatch.setattr(module, "has_desert", lambda plan: False)
    assert [dumps(d) for d in variants(spec, 8, 60)] == early and early
