"""The Cats validator: one hand-made broken map per rule, reported with its rule id and cell; a valid map and a
valid set-up that report nothing; the bit-mask searches checked against a plain search."""

from __future__ import annotations

import sys
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from cats_maps import (valid_map, valid_setup, with_buildings, with_rows,  # noqa: E402
                       without_sewers)
from washigen.games.cats.generate import generate_map  # noqa: E402
from washigen.games.cats.model import Building, Drawing, Opening, SIDE_STEP  # noqa: E402
from washigen.games.cats.board import Board  # noqa: E402
from washigen.games.cats.rules import map_homes, routes, validate  # noqa: E402


def found(design, rule):
    return [v for v in validate(design) if v.rule == rule]


def test_the_valid_map_and_setup_report_nothing():
    assert validate(valid_map()).violations == ()
    assert validate(valid_setup()).violations == ()


def _bottom_and_top(m):
    """The valid map's two buildings: the bottom one on (6, 5)-(6, 6), the top one on (3, 13)-(3, 14)."""
    bottom = next(b for b in m.grid.buildings if b.cells[0] == (6, 5))
    top = next(b for b in m.grid.buildings if b.cells[0] == (3, 13))
    return bottom, top


def _door_removed():
    m = valid_map()
    bottom, top = _bottom_and_top(m)
    return with_buildings(m, [top, replace(bottom, openings=())])


def _split_building():
    m = valid_map()
    bottom, _ = _bottom_and_top(m)
    m = with_rows(m, r3="..........#.#.....")
    split = Building(cells=((3, 11), (3, 13)), openings=(Opening(row=3, col=11, side="s"),
                                                         Opening(row=3, col=13, side="s")))
    return with_buildings(m, [split, bottom])


def _pocket():
    # shrines on the four sides of (6, 17) shut it in
    m = with_rows(valid_map(), r5="..................", r6="...." + "##" + ".........J.J", r7=".........J......J.")
    m = without_sewers(m, (5, 3), (5, 7), (5, 11), (5, 15))
    return with_rows(m, r5="................J.")


def _desert():
    m = without_sewers(valid_map(), (4, 4), (4, 16), (5, 3), (5, 15))
    return m


def _wall():
    return with_rows(valid_map(), r7="......JJJJJJJ.....")


def _uneven():
    # fish can lie only at the right end of the bottom row: the top side's cats walk far to reach one, the bottom
    # side's cats walk straight up
    m = without_sewers(valid_map(), (8, 2), (8, 17))
    return with_rows(m, r8="JJJJJJJJJJJJJ.J.J.")


BROKEN = [
    # (what, design, rule, severity, cell)
    ("a blue sewer without its partner", lambda: without_sewers(valid_map(), (5, 3)), "cats.sewer.unpaired",
     "warning", (5, 15)),
    ("a home row with one red sewer", lambda: without_sewers(valid_map(), (8, 17)), "cats.home-row.no-red-sewer",
     "error", (8, 2)),
    ("a home row with no red sewer", lambda: without_sewers(valid_map(), (1, 2), (1, 17)),
     "cats.home-row.no-red-sewer", "error", (1, 1)),
    ("shrines on a home row", lambda: with_rows(valid_map(), r8="...JJJJJ.........."), "cats.home-row.room",
     "error", (8, 1)),
    ("a building without a door", _door_removed, "cats.building.no-opening", "error", (6, 5)),
    ("a building in two pieces", _split_building, "cats.building.not-connected", "error", (3, 11)),
    ("the bottom home row walled off", lambda: with_rows(valid_map(), r7="JJJJJJJJJJJJJJJJJJ"),
     "cats.reach.home-to-home", "error", (8, 1)),
    ("a street cell shut in by shrines", _pocket, "cats.reach.pocket", "warning", (6, 17)),
    ("a bare block of street", _desert, "cats.layout.desert", "warning", (2, 1)),
    ("seven shrines side by side", _wall, "cats.layout.wall", "warning", (7, 7)),
    ("one side much farther from its fish", _uneven, "cats.balance.uneven", "warning", (1, 1)),
]


@pytest.mark.parametrize("what, make, rule, severity, cell", BROKEN, ids=[b[0] for b in BROKEN])
def test_each_rule_reports_its_id_and_cell(what, make, rule, severity, cell):
    hits = found(make(), rule)
    assert hits, f"{what}: {rule} not reported"
    assert {v.severity for v in hits} == {severity}
    assert cell in [v.where["cell"] for v in hits], [v.where for v in hits]


def test_the_home_row_rule_counts_for_the_player_count():
    # the valid map's home rows hold 6 spaced drawings: enough for 2 players, not for 3 (7 drawings)
    assert not found(valid_map(players=2), "cats.home-row.room")
    assert found(valid_map(players=3), "cats.home-row.room")


def test_small_cells_are_a_print_warning_naming_the_field():
    hits = found(valid_map(tape_width=15.0), "cats.print.cell-too-small")
    assert [v.severity for v in hits] == ["warning"]
    assert hits[0].where == {"field": "tape_width"}
    assert not found(valid_map(tape_width=20.0), "cats.print.cell-too-small")     # 4 mm cells


def test_sewers_pair_across_the_whole_row_of_a_wide_map():
    design = generate_map(players=4, seed=2)
    board = Board(design.grid)
    half = board.cols // 2
    # a row whose colour appears once in each half is paired (the halves are one row of the map)
    for (r, colour), count in board.sewer_count.items():
        cols = [c for rr, c, cc in board.sewers if rr == r and cc == colour]
        assert count >= 2
        if min(cols) < half <= max(cols) and count == 2:
            break
    assert not found(design, "cats.sewer.unpaired")


# -- set-ups -------------------------------------------------------------------------------------------------------------

def _setup(fish=None, cats=None, **map_changes):
    s = valid_setup(valid_map(**map_changes)) if map_changes else valid_setup()
    return replace(s, fish=tuple(fish if fish is not None else s.fish), cats=tuple(cats if cats is not None else s.cats))


def _moved(items, index, **changes):
    items = list(items)
    items[index] = replace(items[index], **changes)
    return items


SETUP_BROKEN = [
    ("a fish off the home rows", lambda: _setup(fish=_moved(valid_setup().fish, 0, row=2, col=1)),
     "cats.setup.off-home-row", (2, 1)),
    ("a fish on a sewer", lambda: _setup(fish=_moved(valid_setup().fish, 0, col=2)), "cats.setup.blocked-cell",
     (1, 2)),
    ("two drawings too close", lambda: _setup(fish=_moved(valid_setup().fish, 1, col=3)), "cats.setup.spacing",
     (1, 3)),
    ("a fish too few on the top row", lambda: _setup(fish=valid_setup().fish[1:]), "cats.setup.fish-count", (1, 1)),
    ("a cat too many on the bottom row",
     lambda: _setup(cats=valid_setup().cats + (Drawing(player=1, row=8, col=1),)), "cats.setup.cat-count", (8, 1)),
]


@pytest.mark.parametrize("what, make, rule, cell", SETUP_BROKEN, ids=[b[0] for b in SETUP_BROKEN])
def test_each_setup_rule_reports_its_id_and_cell(what, make, rule, cell):
    hits = found(make(), rule)
    assert hits, f"{what}: {rule} not reported"
    assert cell in [v.where.get("cell") for v in hits]


def test_a_players_count_on_a_home_row_points_at_the_first_extra_drawing_or_the_row_short_of_one():
    """Player 1's second bottom fish moved up to the top row (3 and 1), player 2's top cat moved down (0 and 2): each
    per-player count is placed at the first drawing beyond the count in the file's order, or at the row a drawing
    is missing from, and says the side; they all lay at column 1 of the row, where no drawing was."""
    setup = valid_setup()
    p1_bottom = [k for k, d in enumerate(setup.fish) if d.player == 1 and d.row == 8]
    fish = _moved(setup.fish, p1_bottom[1], row=1, col=18)           # after (1, 1) and (1, 7): the third
    p2_top = next(k for k, d in enumerate(setup.cats) if d.player == 2 and d.row == 1)
    cats = _moved(setup.cats, p2_top, row=8, col=7)                   # before (8, 16) in the file: (8, 16) is second
    report = validate(_setup(fish=fish, cats=cats))
    counts = [(v.rule, v.where, v.message.split(";")[0]) for v in report
              if v.rule in ("cats.setup.fish-count", "cats.setup.cat-count") and v.message.startswith("Player")]
    assert counts == [
        ("cats.setup.fish-count", {"cell": (1, 18)}, "Player 1 drew 3 fish on the top home row (row 1)"),
        ("cats.setup.fish-count", {"row": 8}, "Player 1 drew 1 fish on the bottom home row (row 8)"),
        ("cats.setup.cat-count", {"row": 1}, "Player 2 has 0 cats on the top home row (row 1)"),
        ("cats.setup.cat-count", {"cell": (8, 16)}, "Player 2 has 2 cats on the bottom home row (row 8)"),
    ]


def test_team_play_fish_go_opposite_their_players_cat():
    game_map = valid_map(players=4, coop=True)
    # team 1 = players 1, 2; team 2 = players 3, 4; each player one cat, their two fish on the other side
    cats = [Drawing(player=1, row=8, col=13), Drawing(player=2, row=1, col=13),
            Drawing(player=3, row=1, col=16), Drawing(player=4, row=8, col=16)]
    fish = [Drawing(player=2, row=8, col=1), Drawing(player=2, row=8, col=4), Drawing(player=3, row=8, col=7),
            Drawing(player=3, row=8, col=10), Drawing(player=1, row=1, col=1), Drawing(player=1, row=1, col=4),
            Drawing(player=4, row=1, col=7), Drawing(player=4, row=1, col=10)]
    good = replace(valid_setup(game_map), fish=tuple(fish), cats=tuple(cats))
    assert validate(good).violations == ()
    # swap a fish of player 1 (cat on row 8) with one of player 3 (cat on row 1): both now lie on their own side
    swapped = [replace(f, player=1) if (f.row, f.col) == (8, 7) else
               replace(f, player=3) if (f.row, f.col) == (1, 1) else f for f in fish]
    hits = found(replace(good, fish=tuple(swapped)), "cats.setup.fish-own-side")
    assert sorted(v.where["cell"] for v in hits) == [(1, 1), (8, 7)]


def test_a_cat_boxed_in_is_reported():
    # shrines above, left and right of player 1's bottom cat at (8, 13)
    game_map = with_rows(valid_map(), r7=".........J..J.....", r8="...........J.J....")
    boxed = valid_setup(game_map)
    hits = found(boxed, "cats.setup.cut-off")
    assert [(v.severity, v.where["cell"]) for v in hits] == [("warning", (8, 13))]
    assert not found(valid_setup(), "cats.setup.cut-off")


# -- the searches -----------------------------------------------------------------------------------------------------------

def _plain_distances(design, sources_row: int, targets_row: int):
    """A plain breadth-first search over the map's records (no bit masks): the reference for the validator."""
    grid = design.grid
    R, C = grid.height, grid.width
    owner = {}
    doors = set()
    for k, b in enumerate(grid.buildings):
        for cell in b.cells:
            owner[cell] = k
        for o in b.openings:
            doors.add((o.row, o.col, o.side))
    forest_id = {}
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            kind = grid.rows[r - 1][c - 1]
            if kind == "t":
                forest_id[r, c] = ("t", r, c)
            elif kind == "T" and (r, c) not in forest_id:
                queue = [(r, c)]
                forest_id[r, c] = ("T", r, c)
                while queue:
                    cr, cc = queue.pop()
                    for dr, dc in SIDE_STEP.values():
                        n = (cr + dr, cc + dc)
                        if 1 <= n[0] <= R and 1 <= n[1] <= C and grid.rows[n[0] - 1][n[1] - 1] == "T" and \
                                n not in forest_id:
                            forest_id[n] = ("T", r, c)
                            queue.append(n)

    def node(cell):
        if cell in owner:
            return ("b", owner[cell])
        return forest_id.get(cell, cell)

    def can_step(a, side):
        dr, dc = SIDE_STEP[side]
        b = (a[0] + dr, a[1] + dc)
        if not (1 <= b[0] <= R and 1 <= b[1] <= C):
            return None
        if grid.rows[a[0] - 1][a[1] - 1] == "J" or grid.rows[b[0] - 1][b[1] - 1] == "J":
            return None
        oa, ob = owner.get(a), owner.get(b)
        if oa != ob:
            if oa is not None and ob is not None:
                return None
            back = {"n": "s", "s": "n", "e": "w", "w": "e"}[side]
            if oa is not None and (a[0], a[1], side) not in doors:
                return None
            if ob is not None and (b[0], b[1], back) not in doors:
                return None
        return b

    members = {}
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            members.setdefault(node((r, c)), []).append((r, c))
    sewers = {(s.row, s.col) for s in grid.sewers}
    free = lambda row: [(row, c) for c in range(1, C + 1) if grid.rows[row - 1][c - 1] == "." and (row, c) not in sewers]
    dist = {}
    queue = deque()
    for cell in free(sources_row):
        if node(cell) not in dist:
            dist[node(cell)] = 0
            queue.append(node(cell))
    while queue:
        here = queue.popleft()
        for cell in members[here]:
            for side in "nesw":
                nxt = can_step(cell, side)
                if nxt is not None and node(nxt) not in dist:
                    dist[node(nxt)] = dist[here] + 1
                    queue.append(node(nxt))
    reached = [dist[node(cell)] for cell in free(targets_row) if node(cell) in dist]
    return sum(reached) / len(reached) if reached else None


@pytest.mark.parametrize("kwargs", [dict(seed=1), dict(seed=7, forests=6), dict(seed=3, cut_up=True, budget=0),
                                    dict(seed=4, long=1, forests=3), dict(players=4, seed=2)])
def test_the_bit_mask_search_equals_a_plain_search(kwargs):
    design = generate_map(**kwargs)
    board = Board(design.grid)
    found_routes = routes(board, map_homes(design))
    rows = board.rows
    assert found_routes.mean[0] == pytest.approx(_plain_distances(design, rows, 1))
    assert found_routes.mean[1] == pytest.approx(_plain_distances(design, 1, rows))


# -- never raises ----------------------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_validator_never_raises_on_a_mutated_map(data):
    design = generate_map(seed=data.draw(st.integers(0, 3)))
    rows = list(design.grid.rows)
    for _ in range(data.draw(st.integers(1, 12))):
        r = data.draw(st.integers(0, len(rows) - 1))
        c = data.draw(st.integers(0, len(rows[0]) - 1))
        rows[r] = rows[r][:c] + data.draw(st.sampled_from(".J#Tt?")) + rows[r][c + 1:]
    buildings = list(design.grid.buildings)
    if data.draw(st.booleans()) and buildings:
        buildings.pop(data.draw(st.integers(0, len(buildings) - 1)))
    sewers = list(design.grid.sewers)
    if data.draw(st.booleans()) and sewers:
        sewers[0] = replace(sewers[0], row=data.draw(st.integers(-3, 40)), col=data.draw(st.integers(-3, 40)))
    mutated = replace(design, grid=replace(design.grid, rows=tuple(rows), buildings=tuple(buildings),
                                           sewers=tuple(sewers)))
    report = validate(mutated)
    assert all(v.rule.startswith("cats.") for v in report)


def test_a_three_player_setup_is_checked_per_player_in_turn_order():
    from washigen.games.cats.setup import generate_setup

    setup = generate_setup(generate_map(players=3, seed=2, play_check=False), seed=1)
    assert validate(setup).ok
    counts = {p: sum(1 for d in setup.fish if d.player == p) for p in (1, 2, 3)}
    assert counts == {1: 3, 2: 3, 3: 2}
    # player 3 takes over one of player 1's fish: 8 fish, 4 a side, but not as drawn in turn
    moved = next(d for d in setup.fish if d.player == 1)
    fish = tuple(replace(d, player=3) if d is moved else d for d in setup.fish)
    report = validate(replace(setup, fish=fish))
    assert "cats.setup.fish-count" in report.rules()
    assert any("player 1 draws 3" in v.message.lower() or "Player 1 drew 2" in v.message for v in report)


@pytest.mark.parametrize("seed", range(6))
def test_six_players_in_teams_draw_the_fish_as_three_teams_in_turn_order(seed):
    """Set up as the 3-player game, the teams drawing the 8 fish in turn: 3, 3 and 2 a team (4, 2 and 2 drew
    each player's 1 or 2 fish and passed), each fish on the side opposite its drawer's cat."""
    from washigen.games.cats.model import table
    from washigen.games.cats.setup import generate_setup

    seats = table(6, True)
    setup = generate_setup(generate_map(players=6, coop=True, seed=seed, play_check=False), seed=seed)
    assert validate(setup).ok
    assert [sum(1 for d in setup.fish if seats.team(d.player) == team) for team in (1, 2, 3)] == [3, 3, 2]
    # a fish of team 2 drawn by team 1's player on that side instead: 8 fish, 4 a side, each player 1 or 2
    drawer = {d.row: d.player for d in setup.fish if seats.team(d.player) == 1}
    moved = next(d for d in setup.fish if seats.team(d.player) == 2 and d.row in drawer
                 and sum(1 for f in setup.fish if f.player == drawer[d.row]) == 1)
    fish = tuple(replace(d, player=drawer[d.row]) if d is moved else d for d in setup.fish)
    report = validate(replace(setup, fish=fish))
    assert [v.message[:20] for v in report if v.rule == "cats.setup.fish-count"] == ["Team 1 drew 4 fish; ",
                                                                                     "Team 2 drew 2 fish; "]


def _first_layer_first(pieces):
    """The first layer's pieces, in the order they lie, then the others."""
    return tuple(sorted(pieces, key=lambda p: (p.layer, p.col)))


@pytest.mark.parametrize("change, says", [
    (lambda ps: ps + (replace(ps[0], col=ps[0].width, width=1, source=1),), ".col: layer 1's pieces lie on each of "
     "its columns 1..24 once; this one starts at column"),
    (lambda ps: ps[1:], ".col: layer 1's pieces lie on each of its columns 1..24 once; this one starts at column"),
    (lambda ps: tuple(p for p in ps if p.layer == 1), "pieces: layer 2 has no piece"),
    (lambda ps: ps[:1] + (replace(ps[1], source=ps[1].source - 1 if ps[1].source > 1 else 2),) + ps[2:],
     ".source: layer 1's pieces are cut from each of its columns 1..24 once"),
    (lambda ps: (replace(ps[0], width=ps[0].width - 1, col=ps[0].col + 1, source=ps[0].source + 1),) + ps[1:],
     ".col: layer 1's pieces lie on each of its columns 1..24 once; this one starts at column 2, leaving columns "
     "1..1 out"),
])
def test_a_cut_ups_pieces_must_lay_and_come_from_each_column_once(change, says):
    """A cut-up's pieces are its layers cut along column lines and laid again: a made-up piece would mark a
    building side as cut where no scissors went (cats.building.cut-side reads the cuts from the pieces)."""
    from washigen.design import dumps, loads
    from washigen.errors import DesignFormatError

    design = generate_map(cut_up=True, seed=4, play_check=False)
    pieces = _first_layer_first(design.pieces)
    assert sum(p.layer == 1 for p in pieces) >= 2 and loads(dumps(design)) == design
    with pytest.raises(DesignFormatError) as refused:
        loads(dumps(replace(design, pieces=change(pieces))))
    assert says in str(refused.value)


def test_a_side_open_by_a_cut_is_accepted_only_on_a_cut_between_two_pieces():
    designs = (generate_map(cut_up=True, seed=seed, play_check=False) for seed in range(40))
    design = next(d for d in designs if any(o.cut for b in d.grid.buildings for o in b.openings))
    assert "cats.building.cut-side" not in validate(design).rules()
    # a door on a building's top or bottom side, marked as cut: scissors only cut along vertical lines
    k, building = next((k, b) for k, b in enumerate(design.grid.buildings)
                       if any(not o.cut and o.side in "ns" for o in b.openings))
    door = next(o for o in building.openings if not o.cut and o.side in "ns")
    buildings = list(design.grid.buildings)
    buildings[k] = replace(building, openings=tuple(replace(o, cut=True) if o == door else o
                                                    for o in building.openings))
    report = validate(with_buildings(design, buildings))
    assert [v.where["cell"] for v in report if v.rule == "cats.building.cut-side"] == [(door.row, door.col)]


def test_a_cut_building_half_laid_at_the_maps_edge_keeps_its_open_side():
    """Cut it up: the pieces may be laid in any order, so a building's half may end up at the map's left or right
    edge, its cut side facing off the map. That is a cut-up the rules allow (it was refused, and the generator
    threw such cut-ups away). A side marked cut on a layer's own end, where no scissors went, is still refused."""
    from washigen.games.cats.plan import Plan
    from washigen.games.cats.variants import apply_cuts

    design = valid_map()
    plan = Plan.from_grid(design.grid)
    plan.layer_rows = design.segment_rows
    # the top layer cut between columns 13 and 14, through the building on (3, 13)-(3, 14), columns 14-18 laid
    # first: the building's halves come to columns 1 (cut side west) and 18 (cut side east), both at the edge
    new, pieces = apply_cuts(plan, [[(13, 5), (0, 13)], [(0, 18)]], rows=design.segment_rows)
    cut = replace(design, grid=new.to_grid(), pieces=tuple(pieces), cut_up=True)
    halves = [(o.row, o.col, o.side) for b in cut.grid.buildings for o in b.openings if o.cut]
    assert sorted(halves) == [(3, 1, "w"), (3, 18, "e")]
    # the cut sides pass; the half at column 18 has no door left, only its cut side off the map: that is said
    assert [(v.rule, v.where["cell"]) for v in validate(cut)] == [("cats.building.no-opening", (3, 18))]
    # the second layer was not cut: its building moved to the layer's west end, a side there marked cut (a wall was
    # printed at the tape's end, no scissors went there) is refused
    moved = with_rows(cut, r6="##................")
    buildings = [b for b in moved.grid.buildings if b.cells != ((6, 5), (6, 6))] + [
        Building(cells=((6, 1), (6, 2)), openings=(Opening(row=6, col=1, side="n"),
                                                   Opening(row=6, col=1, side="w", cut=True)))]
    report = validate(with_buildings(moved, sorted(buildings, key=lambda b: b.cells[0])))
    assert [v.where["cell"] for v in report if v.rule == "cats.building.cut-side"] == [(6, 1)]


# -- the map's shape ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("changes, says", [
    ({"players": 4}, "a 4-player map is 2 segments wide (36 columns, 18 a segment); this grid has 18, the width of "
                     "a 2- or 3-player map"),
    ({"players": 6}, "a 6-player map is 3 segments wide (54 columns, 18 a segment); this grid has 18, the width of "
                     "a 2- or 3-player map"),
    ({"long": 1}, "a map with long: 1 is 3 segments tall (12 rows, 4 a segment); this grid has 8"),
])
def test_a_map_whose_grid_is_not_its_player_counts_shape_is_refused_in_the_games_words(changes, says):
    """A 2-player map given `players: 4` is refused on load (exit 2), saying how wide a 4-player map is and what
    the grid's width fits, in the JSON and the text form alike; it said "24 cells, expected 48 like every row"."""
    import json

    from washigen.design import loads, to_dict
    from washigen.errors import DesignFormatError
    from washigen.games.cats.text import from_text, to_text

    data = {**to_dict(valid_map()), **changes}
    with pytest.raises(DesignFormatError) as error:
        loads(json.dumps(data), "map.json")
    assert (error.value.path, error.value.message) == ("grid.rows", says)
    key, value = next(iter(changes.items()))
    text = to_text(valid_map()).replace(f"\n{key}: {getattr(valid_map(), key)}\n", f"\n{key}: {value}\n")
    with pytest.raises(DesignFormatError) as error:
        from_text(text, "map.txt")
    assert str(error.value).startswith("map.txt, line ") and error.value.message == f"grid.rows: {says}"


@pytest.mark.parametrize("cut, says", [
    (False, "the door on the south side of row 6, column 5 opens onto the building at row 7, column 5: two "
            "buildings that touch share one wall, printed whole, so no door can be there"),
    (True, "the south side of row 6, column 5 is marked open by a cut, but it faces the building at row 7, "
           "column 5: two cut sides face to face are one building"),
])
def test_a_door_onto_another_buildings_wall_is_refused_saying_why_it_cannot_be_there(cut, says):
    """Two buildings that touch share one wall: the print draws it whole, the text form writes a wall and a cut-up
    drops such a door, so a file holding one is refused on load (exit 2), naming the door, the building it faces
    and why; a door onto a shrine or off the map is printed and stays the rule cats.building.no-opening."""
    import json

    from washigen.design import loads, to_dict
    from washigen.errors import DesignFormatError

    m = with_rows(valid_map(), r7="....#....J........")
    bottom, top = _bottom_and_top(m)
    door = replace(bottom, openings=bottom.openings + (Opening(row=6, col=5, side="s", cut=cut),))
    below = Building(cells=((7, 5),), openings=(Opening(row=7, col=5, side="w"),))
    with pytest.raises(DesignFormatError) as error:
        loads(json.dumps(to_dict(with_buildings(m, [top, door, below]))), "map.json")
    assert error.value.path == "grid.buildings[1].openings[1].side"
    assert error.value.message.startswith(says)
    onto_shrine = replace(bottom, openings=(Opening(row=6, col=5, side="s"),))
    shrine = with_buildings(with_rows(m, r7="....J....J........"), [top, onto_shrine])
    assert [(v.rule, v.where["cell"]) for v in validate(shrine)] == [("cats.building.no-opening", (6, 5))]
