"""`cats variants` keeps only rank keys while trying and makes the winners again by number: the maps it streams
out are exactly the best of all good cut-ups, in order, as a full sort of every good cut-up would give."""

import types

from washigen.design import dumps
from washigen.games.cats.generate import MapSpec
from washigen.games.cats.variants import best_variants, rank_key, variants


def test_streamed_winners_are_the_best_of_all_good_cut_ups_in_order():
    spec = MapSpec(players=2, cut_up=True)
    everything = sorted(variants(spec, 3, 120), key=rank_key)
    streamed = best_variants(spec, 3, 120, 10)
    assert isinstance(streamed, types.GeneratorType)          # made one at a time, never held as a list
    assert [dumps(d) for d in streamed] == [dumps(d) for d in everything[:10]]
