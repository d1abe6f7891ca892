"""Seeded generators: segments, maps (every player count, long game, forests, cut-ups) and rolls; set-ups are
drawn in setup.py, map plans made in plan.py.

Every generator places, checks with the validator, repairs what it can and retries with a bound; a map that
leaves here passes every rule. Each attempt draws from its own `random.Random` seeded with a string built from the
seed, so the same seed always gives the same map.
"""

from __future__ import annotations

from ...arena.fair import kept
from ...errors import InputError
from ...words import N_, Says
from ..params import IN_RANGE
from .model import (DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, DEFAULT_TAPE_WIDTH, GENERATOR, CatsMap, CatsRoll,
                    CatsSegment)
from .fair import CUT_UP_BUDGET, check_budget
from .plan import MapSpec, _design, _map_rng, base_plan, check_spec, make_segment_plan


def generate_map(players: int = 2, coop: bool = False, long: int = 0, forests: int = 0, cut_up: bool = False,
                 jinja: bool = False, tape_width: float = DEFAULT_TAPE_WIDTH,
                 segment_rows: int = DEFAULT_SEGMENT_ROWS, segment_cols: int = DEFAULT_SEGMENT_COLS, seed: int = 0,
                 variant: int | None = None, rules_url: str | None = None, sewer_poppers: bool = False,
                 play_check: bool = True, budget: float = CUT_UP_BUDGET) -> CatsMap:
    """A map that passes every rule and, with play_check, that greedy bots play to an end on every seating. With
    cut_up, the first fair one of the seed's good cut-ups, searched for `budget` seconds at the nominal rate, or the
    fairest with a FairnessWarning (or exactly cut-up number `variant`, unsearched)."""
    spec = MapSpec(players, coop, long, forests, cut_up, jinja, float(tape_width), segment_rows, segment_cols,
                   rules_url, sewer_poppers, play_check)
    check_spec(spec)
    check_budget(budget)
    if variant is not None and not cut_up:
        raise InputError(Says(N_("{field}: only a cut-up map has variants; add {option}"), field="variant",
                              option="--cut-up"))
    if cut_up and variant is None:
        return _searched(spec, seed, budget)
    base = base_plan(spec, seed, with_forests=not cut_up)
    if variant is None:                  # not a cut-up: a cut-up without a number was searched for above
        return _design(spec, seed, base.plan, base.pieces)
    from .variants import make_variant  # the cut-up search builds on plan.py
    made = make_variant(spec, seed, base, variant)
    if made is not None and play_check:
        from .playtest import scored
        made = scored(made)
    if made is None:
        raise InputError(Says(N_("{field}: cut-up {variant} of seed {seed} breaks a rule or does not play to an "
                                 "end; `washigen cats variants` lists the good ones"), field="variant",
                              variant=variant, seed=seed))
    return made


@kept
def _searched(spec: MapSpec, seed: int, budget: float) -> CatsMap:
    """The seed's cut-up search, its result kept (a design is immutable; the same spec and seed give the same
    map)."""
    from .variants import best_variant  # the cut-up search builds on plan.py
    return best_variant(spec, seed, base_plan(spec, seed, with_forests=False), budget)


# -- segments, rolls and set-ups ----------------------------------------------------------------------------------------

def generate_segment(tape_width: float = DEFAULT_TAPE_WIDTH, segment_rows: int = DEFAULT_SEGMENT_ROWS,
                     segment_cols: int = DEFAULT_SEGMENT_COLS, seed: int = 0) -> CatsSegment:
    check_spec(MapSpec(tape_width=float(tape_width), segment_rows=segment_rows, segment_cols=segment_cols))
    plan = make_segment_plan(_map_rng(seed, "segment", 0), segment_rows, segment_cols)
    return CatsSegment(tape_width=float(tape_width), segment_rows=segment_rows, segment_cols=segment_cols,
                       grid=plan.to_grid(), seed=seed, generator=GENERATOR)


def generate_roll(segments: int = 4, tape_width: float = DEFAULT_TAPE_WIDTH, length: float = 10_000.0,
                  segment_rows: int = DEFAULT_SEGMENT_ROWS, segment_cols: int = DEFAULT_SEGMENT_COLS, seed: int = 0,
                  rules_url: str | None = None) -> CatsRoll:
    check_spec(MapSpec(tape_width=float(tape_width), segment_rows=segment_rows, segment_cols=segment_cols))
    if not 1 <= segments <= 1000:
        raise InputError(Says(IN_RANGE, field="segments", low=1, high=1000, value=segments))
    rng = _map_rng(seed, "roll", 0)
    grids = tuple(make_segment_plan(rng, segment_rows, segment_cols).to_grid() for _ in range(segments))
    return CatsRoll(tape_width=float(tape_width), segment_rows=segment_rows, segment_cols=segment_cols,
                    length=float(length), rules_url=rules_url, segments=grids, seed=seed, generator=GENERATOR)
