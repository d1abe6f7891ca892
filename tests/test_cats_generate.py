"""The Cats generators, tested by running the validator on what they make."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from cats_maps import valid_map  # noqa: E402
from washigen.design import dumps, loads  # noqa: E402
from washigen.errors import InputError  # noqa: E402
from washigen.games.cats import generate  # noqa: E402
from washigen.games.cats.generate import generate_map, generate_roll, generate_segment  # noqa: E402
from washigen.games.cats.plan import MapSpec, Plan  # noqa: E402
from washigen.games.cats.setup import generate_setup  # noqa: E402
from washigen.games.cats.variants import apply_cuts, variants  # noqa: E402
from washigen.games.cats.model import map_shape, table  # noqa: E402
from washigen.games.cats.rules import validate  # noqa: E402

SEATS = [(2, False), (3, False), (4, False), (5, False), (6, False), (4, True), (6, True)]
VARIANTS = [{}, {"cut_up": True}, {"forests": 5}, {"long": 1}, {"long": 2, "forests": 3},
            {"cut_up": True, "forests": 4, "long": 1}]
CASES = 504          # every seat and variant combination 12 times, each on its own seed


def _case(seed: int) -> dict:
    players, coop = SEATS[seed % len(SEATS)]
    return {"players": players, "coop": coop, **VARIANTS[seed // len(SEATS) % len(VARIANTS)]}


def _problems(design) -> list[str]:
    """Everything a generated map must not have: any error, any warning but the printability ones."""
    return [str(v) for v in validate(design) if not v.rule.startswith("cats.print.")]


def test_every_generated_map_passes_every_check():
    failures = []
    for seed in range(CASES):
        kwargs = _case(seed)
        design = generate_map(seed=seed, play_check=False, **kwargs)   # play: test_cats_playable.py
        problems = _problems(design)
        if problems:
            failures.append((seed, kwargs, problems[:2]))
        rows, cols = map_shape(design)
        assert (design.grid.height, design.grid.width) == (rows, cols)
        if design.cut_up:
            assert design.variant and design.variant > 0, (seed, kwargs, "fell back to the uncut order")
            assert design.balance is not None and design.balance <= 2.0
        if seed % 12 == 0:
            assert loads(dumps(design)) == design
    assert not failures, failures


def test_the_same_seed_makes_the_same_map():
    cut_up = dict(players=2, seed=11, cut_up=True, budget=0)       # the search and its verdict's 200 games
    generate._searched.cache_clear()             # searched twice afresh, not handed back from the cache
    first = generate_map(**cut_up)
    generate._searched.cache_clear()
    assert generate_map(**cut_up) == first
    assert generate_map(seed=11) != generate_map(seed=12)


def test_home_rows_hold_red_pairs_and_room_for_every_player_count():
    for players, coop in SEATS:
        design = generate_map(players=players, coop=coop, seed=5)
        need = table(players, coop).drawings_per_side
        for row in (1, design.grid.height):
            reds = [s for s in design.grid.sewers if s.row == row and s.colour == "red"]
            assert len(reds) >= 2
            setup = generate_setup(design, seed=1)
            assert sum(1 for d in setup.fish + setup.cats if d.row == row) == need


@pytest.mark.parametrize("players, coop", SEATS)
def test_generated_setups_follow_the_rules(players, coop):
    design = generate_map(players=players, coop=coop, seed=3)
    setup = generate_setup(design, seed=2)
    assert validate(setup).violations == ()
    seats = table(players, coop)
    assert len(setup.fish) == 2 * seats.fish_per_side and len(setup.cats) == 2 * seats.cats_per_side


def test_segments_and_rolls_pass_their_checks():
    assert validate(generate_segment(seed=4)).violations == ()
    roll = generate_roll(segments=6, seed=2)
    assert len(roll.segments) == 6 and validate(roll).violations == ()
    assert len(set(roll.segments)) == 6


def test_the_last_resort_segment_is_valid_too():
    from washigen.games.cats.plan import _plain_segment
    from washigen.games.cats.rules import validate_grid_segment

    for rows in range(4, 16):
        for cols in (18, 24, 37, 60):
            grid = _plain_segment(random.Random(rows * cols), rows, cols).to_grid()
            assert validate_grid_segment(grid) == [], (rows, cols)


def test_maps_are_dense_enough():
    # a city, not a desert: buildings, shrines and sewers on a good share of the cells off the home rows
    design = generate_map(seed=1)
    inner = "".join(design.grid.rows[1:-1])
    built = sum(ch in "#J" for ch in inner) + sum(1 for s in design.grid.sewers if 1 < s.row < design.grid.height)
    assert 0.25 <= built / len(inner) <= 0.55


def test_a_long_map_is_layered_and_keeps_red_sewers_top_and_bottom():
    design = generate_map(long=2, seed=8)
    assert design.grid.height == 4 * design.segment_rows
    assert {p.layer for p in design.pieces} == {1, 2, 3, 4}
    for row in (1, design.grid.height):
        assert sum(1 for s in design.grid.sewers if s.row == row and s.colour == "red") >= 2


def test_forests_are_stuck_on_street_off_the_home_rows():
    design = generate_map(forests=8, seed=6)
    rows = design.grid.rows
    assert any("T" in r or "t" in r for r in rows)
    assert "T" not in rows[0] + rows[-1] and "t" not in rows[0] + rows[-1]


# -- cut-ups -----------------------------------------------------------------------------------------------------------

def _plan(design):
    plan = Plan.from_grid(design.grid)
    plan.layer_rows = design.segment_rows
    return plan


def test_a_building_cut_in_two_is_open_on_the_cut_side():
    design = valid_map()
    plan = _plan(design)
    # cut the top layer between columns 13 and 14, through the building on (3, 13)-(3, 14), and lay columns 14-18
    # first: the old (3, 14) lands on column 1, the old (3, 13) on column 18
    new, pieces = apply_cuts(plan, [[(13, 5), (0, 13)], [(0, 18)]], rows=4)
    cut = new.to_grid()
    right_half = next(b for b in cut.buildings if b.cells == ((3, 1),))
    left_half = next(b for b in cut.buildings if b.cells == ((3, 18),))
    assert [o.side for o in right_half.openings if o.cut] == ["w"]
    assert [o.side for o in left_half.openings if o.cut] == ["e"]
    assert [(o.side, o.cut) for o in right_half.openings if not o.cut] == [("s", False)]    # the door stays
    assert [(p.col, p.source, p.width) for p in pieces if p.layer == 1] == [(1, 14, 5), (6, 1, 13)]


def test_pieces_keep_their_rows_and_side():
    design = generate_map(seed=9, cut_up=True, players=4, play_check=False)     # how pieces are laid, unjudged
    base = generate_map(seed=9, players=4)
    R = design.segment_rows
    for piece in design.pieces:
        for r in range((piece.layer - 1) * R, piece.layer * R):
            got = design.grid.rows[r][piece.col - 1:piece.col - 1 + piece.width]
            want = base.grid.rows[r][piece.source - 1:piece.source - 1 + piece.width]
            assert got.replace("T", ".").replace("t", ".") == want.replace("T", ".").replace("t", ".")
    for layer in {p.layer for p in design.pieces}:
        widths = sorted((p.col, p.width) for p in design.pieces if p.layer == layer)
        assert sum(w for _, w in widths) == design.grid.width
        assert widths[0][0] == 1 and all(a + w == b for (a, w), (b, _) in zip(widths, widths[1:]))


def test_a_cut_up_that_walls_a_home_row_off_is_rejected():
    # the bottom home row's cells 1-5 reach the rest of the map only through (7, 1); shrines stand above 2-5
    # and on (8, 6). Laying columns 2-6 first shuts cells 1-4 in between the map's edge and a shrine.
    design = valid_map()
    rows = list(design.grid.rows)
    rows[6] = ".JJJJ....J........"
    rows[7] = ".....J............"
    from dataclasses import replace
    design = replace(design, grid=replace(design.grid, rows=tuple(rows)))
    before = validate(design)
    assert "cats.reach.home-to-home" not in before.rules()
    new, pieces = apply_cuts(_plan(design), [[(0, 18)], [(1, 5), (6, 12), (0, 1)]], rows=4)
    after = replace(design, cut_up=True, pieces=tuple(pieces), grid=new.to_grid())
    report = validate(after)
    walled = sorted(v.where["cell"] for v in report if v.rule == "cats.reach.home-to-home")
    assert walled[:4] == [(8, 1), (8, 2), (8, 3), (8, 4)]
    assert not report.ok             # so neither `cats map --cut-up` nor `cats variants` keeps it


def test_variants_are_all_valid_and_carry_their_balance():
    spec = MapSpec(players=2, cut_up=True)
    found = variants(spec, seed=4, tries=30)
    assert len(found) >= 10
    for design in found:
        assert validate(design).ok
        assert design.balance is not None and design.balance >= 0
        assert design.cut_up and design.variant >= 1
    again = generate_map(cut_up=True, seed=4, variant=found[0].variant)
    assert again.grid == found[0].grid


def test_a_broken_variant_asked_for_by_number_is_refused():
    spec = MapSpec(players=6, cut_up=True)
    good = {d.variant for d in variants(spec, seed=1, tries=12)}
    bad = next(v for v in range(1, 13) if v not in good)
    with pytest.raises(InputError, match="variant"):
        generate_map(players=6, cut_up=True, seed=1, variant=bad)


# -- parameters --------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    (dict(players=7), "players"),
    (dict(players=3, coop=True), "coop"),
    (dict(players=5, segment_cols=18), "segment-cols"),
    (dict(tape_width=200.0), "tape-width"),
    (dict(long=9), "long"),
    (dict(variant=3), "variant"),
])
def test_impossible_parameters_are_refused_up_front(kwargs, message):
    with pytest.raises(InputError, match=message):
        generate_map(**kwargs)


# The fewest columns a segment may have, by seats: the home row holds every drawing two empty cells apart (2
# players: 6 drawings in 18 columns, at columns 1, 4, ..., 16), the red sewers in the gaps.
FEWEST_COLS = {(2, False): 18, (3, False): 19, (4, False): 18, (5, False): 22, (6, False): 18, (4, True): 18,
               (6, True): 19}


@pytest.mark.parametrize("players, coop", SEATS)
def test_the_fewest_columns_allowed_make_valid_maps_and_set_ups_and_one_fewer_is_refused(players, coop):
    cols = FEWEST_COLS[(players, coop)]
    for seed in (1, 2):
        design = generate_map(players=players, coop=coop, segment_cols=cols, seed=seed, play_check=False)
        assert _problems(design) == [] and not validate(generate_setup(design, seed=seed)).errors
    if cols > 18:
        with pytest.raises(InputError, match=f"segment-cols: {cols - 1} columns a segment leave room for"):
            generate_map(players=players, coop=coop, segment_cols=cols - 1, seed=1)


def test_other_sizes_make_valid_maps_or_are_refused_up_front():
    rng = random.Random(1)
    made = 0
    for k in range(30):
        players, coop = rng.choice(SEATS)
        kwargs = dict(players=players, coop=coop, segment_rows=rng.randint(4, 10), segment_cols=rng.randint(18, 36),
                      tape_width=rng.choice((15.0, 25.0, 35.0)), long=rng.choice((0, 1)),
                      forests=rng.choice((0, 4)), cut_up=rng.random() < 0.4)
        try:
            design = generate_map(seed=k, play_check=False, **kwargs)     # play: test_cats_playable.py
        except InputError as error:
            assert "segment-cols" in str(error)          # too few columns for the drawings of this many players
            continue
        made += 1
        assert _problems(design) == [], kwargs
    assert made >= 20
