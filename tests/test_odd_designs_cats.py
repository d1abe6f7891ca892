"""Cats designs a person could make by hand that `generate` never would, each one the validator accepts: checked on
every surface (the API and `washigen validate`, JSON, the text form and Tiled read back, the print drawn) and
played by random and greedy bots with every move checked by the referee written from the rule text
(tests/cats_legality.py).

The designs start from the hand-made map of tests/cats_maps.py or a small generated map (every player count, team
play, a long map with an odd number of rows, the smallest and the widest segments) and are edited as a person
edits a file, keeping only the edits the validator accepts: shrines, forests and shrubs painted anywhere (home
rows, the map's edges, the middle rows), forests in long strips across both halves, buildings of one cell, in
L shapes, at the edges and corners, on the home rows, one column tall from the top to the bottom, rings around a
street cell, with doors onto the map's edge, sewers of every colour (in threes and fours, side by side, on the
home rows, alone), sewers taken away, jinja mode and sewer poppers switched. The fish and cats are drawn by hand:
packed from the left or the right end of each home row at the least spacing, or anywhere.

Found on such designs: an edge listed twice among a building's openings (a door and a cut) read as an error in
JSON (the cut where no tape was cut) and as a valid map in the text form and Tiled, which hold one thing an edge;
now refused at load, naming the opening.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner

import washigen
from washigen.arena import RandomBot, play_match
from washigen.cli import main
from washigen.design import dumps, loads
from washigen.errors import DesignFormatError
from washigen.games.cats import engine, playtest
from washigen.games.cats.bots import GreedyBot
from washigen.games.cats.generate import generate_map
from washigen.games.cats.model import (COLOURS, Building, CatsMap, CatsSetup, Drawing, Opening, Sewer, home_rows,
                                       table)
from washigen.games.cats.rules import validate
from washigen.games.cats.setup import _owners
from washigen.games.cats.text import from_text, to_text
from washigen.games.cats.wellformed import check_design

from .cats_legality import check, legal_names
from .cats_maps import valid_map

SIDES = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}


# -- the builder ------------------------------------------------------------------------------------------------------

def accepted(design) -> bool:
    """Loads (wellformed) and breaks no rule (warnings allowed)."""
    try:
        check_design(design)
    except DesignFormatError:
        return False
    return not validate(design).errors


def _free(grid, r: int, c: int) -> bool:
    """A street cell with no sewer lid (no building: a building cell is '#')."""
    return grid.rows[r - 1][c - 1] == "." and not any(s.row == r and s.col == c for s in grid.sewers)


def _painted(design: CatsMap, cells, kind: str) -> CatsMap:
    rows = [list(line) for line in design.grid.rows]
    for r, c in cells:
        rows[r - 1][c - 1] = kind
    return replace(design, grid=replace(design.grid, rows=tuple("".join(line) for line in rows)))


def _with_building(design: CatsMap, cells, doors) -> CatsMap | None:
    """The map with a building on `cells` (street cells with no lid) and doors among `doors` that face no other
    building (a load refusal); None where there is no room or no door."""
    grid = design.grid
    R, C = grid.height, grid.width
    if not all(1 <= r <= R and 1 <= c <= C and _free(grid, r, c) for r, c in cells):
        return None
    kept = []
    for r, c, side in dict.fromkeys(doors):
        rr, cc = r + SIDES[side][0], c + SIDES[side][1]
        if (rr, cc) not in cells and not (1 <= rr <= R and 1 <= cc <= C and grid.rows[rr - 1][cc - 1] == "#"):
            kept.append(Opening(row=r, col=c, side=side))
    if not kept:
        return None
    made = _painted(design, cells, "#")
    building = Building(cells=tuple(sorted(cells)), openings=tuple(kept))
    return replace(made, grid=replace(made.grid, buildings=made.grid.buildings + (building,)))


def _border(cells) -> list[tuple[int, int, str]]:
    inside = set(cells)
    return [(r, c, s) for r, c in cells for s, (dr, dc) in SIDES.items() if (r + dr, c + dc) not in inside]


def paint(rng, d):
    R, C = d.grid.height, d.grid.width
    where = rng.choice(["any", "edge", "home", "middle"])
    spots = {"any": lambda: (rng.randint(1, R), rng.randint(1, C)), "edge": lambda: (rng.randint(1, R), rng.choice([1, C])),
             "home": lambda: (rng.choice([1, R]), rng.randint(1, C)),
             "middle": lambda: (rng.choice([R // 2, R // 2 + 1]), rng.randint(1, C))}[where]
    cells = {spots() for _ in range(rng.choice([1, 2, 4, 8]))}
    return _painted(d, [cell for cell in cells if _free(d.grid, *cell)], rng.choice("JJTtt"))


def forest_strip(rng, d):
    R, C = d.grid.height, d.grid.width
    c = rng.randint(1, C)
    return _painted(d, [(r, c) for r in range(rng.randint(2, R // 2), rng.randint(R // 2 + 1, R - 1) + 1)
                        if _free(d.grid, r, c)], "T")


def building(rng, d):
    R, C = d.grid.height, d.grid.width
    h, w = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (1, 3), (3, 3)])
    r0, c0 = rng.randint(1, R - h + 1), rng.randint(1, C - w + 1)
    where = rng.choice(["any", "edge", "corner", "home"])
    if where in ("edge", "corner"):
        c0 = rng.choice([1, C - w + 1])
    if where in ("corner", "home"):
        r0 = rng.choice([1, R - h + 1])
    cells = [(r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w)]
    if h > 1 and w > 1 and rng.random() < 0.4:
        cells.pop()                                          # an L
    border = _border(cells)
    return _with_building(d, cells, rng.sample(border, min(len(border), rng.choice([1, 1, 2, 3, len(border)]))))


def ring(rng, d):
    """Eight building cells around a street cell, a door or two outside, often one onto the cell inside."""
    R, C = d.grid.height, d.grid.width
    r0, c0 = rng.randint(1, R - 2), rng.randint(1, C - 2)
    if not _free(d.grid, r0 + 1, c0 + 1):
        return None
    cells = [(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3) if (r, c) != (r0 + 1, c0 + 1)]
    border = _border(cells)
    inner = [(r, c, s) for r, c, s in border if (r + SIDES[s][0], c + SIDES[s][1]) == (r0 + 1, c0 + 1)]
    return _with_building(d, cells, rng.sample(border, rng.randint(1, 2)) + rng.sample(inner, rng.randint(0, 1)))


def tall(rng, d):
    """One column of forest, or a building with doors at its ends, across both halves (home rows included)."""
    R, C = d.grid.height, d.grid.width
    c = rng.randint(1, C)
    r0, r1 = rng.choice([(2, R - 1), (1, R), (1, R // 2 + 1), (R // 2, R)])
    cells = [(r, c) for r in range(r0, r1 + 1)]
    if not all(_free(d.grid, *cell) for cell in cells):
        return None
    if rng.random() < 0.5:
        return _painted(d, cells, "T")
    return _with_building(d, cells, [(r0, c, "n"), (r1, c, "s"), (rng.randint(r0, r1), c, rng.choice("ew"))])


def sewers(rng, d):
    R, C = d.grid.height, d.grid.width
    r, count = rng.choice([rng.randint(1, R), 1, R]), rng.choice([1, 2, 2, 3, 4])
    if rng.random() < 0.3:
        start = rng.randint(1, C - count + 1)
        cols = list(range(start, start + count))             # side by side
    else:
        cols = rng.sample(range(1, C + 1), count)
    colour = rng.choice(COLOURS)
    lids = d.grid.sewers + tuple(Sewer(row=r, col=c, colour=colour) for c in cols if _free(d.grid, r, c))
    return replace(d, grid=replace(d.grid, sewers=tuple(sorted(lids, key=lambda s: (s.row, s.col)))))


def drop_sewer(rng, d):
    if not d.grid.sewers:
        return None
    gone = rng.choice(d.grid.sewers)
    return replace(d, grid=replace(d.grid, sewers=tuple(s for s in d.grid.sewers if s != gone)))


def variant(rng, d):
    flag = rng.choice(["jinja", "sewer_poppers"])
    return replace(d, **{flag: not getattr(d, flag)})


EDITS = (paint, paint, forest_strip, building, building, ring, tall, tall, sewers, drop_sewer, variant)


def odd_map(seed: int, start: CatsMap, edits: int) -> CatsMap:
    rng = random.Random(seed)
    design = start
    for _ in range(edits):
        edited = rng.choice(EDITS)(rng, design)
        if edited is not None and accepted(edited):
            design = edited
    return design


def drawn_by_hand(design: CatsMap, how: str, rng: random.Random) -> CatsSetup | None:
    """Fish and cats on the home rows, each player's as the rules count them, at the least spacing from the left or
    the right end of the row, or anywhere it fits."""
    seats = table(design.players, design.coop)
    fish_owners, cat_owners = _owners(seats, rng)
    fish, cats = [], []
    for row, side in zip(home_rows(design), ("top", "bottom")):
        free = [c for c in range(1, design.grid.width + 1) if _free(design.grid, row, c)]
        order = {"left": free, "right": free[::-1], "anywhere": rng.sample(free, len(free))}[how]
        chosen: list[int] = []
        for col in order:
            if len(chosen) < seats.drawings_per_side and all(abs(col - other) > 2 for other in chosen):
                chosen.append(col)
        if len(chosen) < seats.drawings_per_side:
            return None
        rng.shuffle(chosen)
        owners = cat_owners[side] + fish_owners[side]
        for k, (player, col) in enumerate(zip(owners, chosen)):
            (cats if k < len(cat_owners[side]) else fish).append(Drawing(player=player, row=row, col=col))
    return CatsSetup(map=design, fish=tuple(fish), cats=tuple(cats))


# -- the starting maps ------------------------------------------------------------------------------------------------

STARTS = {
    "hand-made": None,
    "3p-rows-4": dict(players=3, segment_rows=4, tape_width=10.0),            # cells of 2 mm
    "2v2-rows-4": dict(players=4, coop=True, segment_rows=4, segment_cols=18),
    "4p-cols-18": dict(players=4, segment_rows=4, segment_cols=18),
    "5p": dict(players=5, segment_rows=4),
    "2v2v2": dict(players=6, coop=True, segment_rows=4),
    "6p": dict(players=6, segment_rows=4),
    "long-odd-rows": dict(long=1, segment_rows=5, segment_cols=18, tape_width=120.0),   # 15 rows: a middle row
}


@functools.lru_cache(maxsize=None)
def start_map(name: str) -> CatsMap:
    if STARTS[name] is None:
        return valid_map()
    return generate_map(**STARTS[name], seed=7, play_check=False)


# (start, seed, edits, how the drawings are placed); a few designs of each start
CASES = [(name, seed, edits, how) for k, name in enumerate(STARTS)
         for seed, edits, how in ((100 + k, 12, ("left", "right", "anywhere")[k % 3]),
                                  (200 + k, 30, ("right", "anywhere", "left")[k % 3]))]
CASES += [("hand-made", seed, 20, how) for seed, how in ((301, "left"), (302, "anywhere"), (303, "right"),
                                                          (304, "anywhere"))]


def _canonical(design):
    """Buildings and their openings in reading order, as the text form and Tiled list them (a file may list them
    in any order: the same map)."""
    game_map = design.map if isinstance(design, CatsSetup) else design
    grid = game_map.grid
    buildings = sorted((replace(b, cells=tuple(sorted(b.cells)),
                                openings=tuple(sorted(b.openings, key=lambda o: (o.row, o.col, o.side))))
                        for b in grid.buildings), key=lambda b: b.cells[0])
    game_map = replace(game_map, grid=replace(grid, buildings=tuple(buildings)))
    return replace(design, map=game_map) if isinstance(design, CatsSetup) else game_map


def _verdict(report) -> list:
    return sorted((v.rule, v.severity, sorted(dict(v.where).items())) for v in report)


def _cli_validate(path) -> tuple[int, dict]:
    result = CliRunner().invoke(main, ["validate", "--json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.output)


def _play_refereed(design: CatsMap, setup: CatsSetup, seed: int) -> None:
    rng = random.Random(seed)
    for bot in (RandomBot, GreedyBot):
        state = engine.initial_state(design, setup, first=rng.randrange(design.players))
        match, states = play_match(engine, state, [bot()] * design.players, rng.randrange(1 << 30),
                                   playtest.turn_limit(design), keep_states=True)
        for k, (before, move, after) in enumerate(zip(states, match.moves, states[1:])):
            why = check(before, move, after, design)
            assert why is None, f"{bot.name}, move {k} {move!r}: {why}"
        for before in states[:: max(1, len(states) // 3)][:3]:
            if engine.result(before) is None:
                offered = {str(m) for m in engine.legal_moves(before)} - {"pass", "trapped"}
                assert offered == legal_names(before, design), bot.name
        if not match.cut_off:
            assert engine.result(match.final) is not None


@pytest.mark.parametrize("start, seed, edits, how", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_an_odd_design_reads_back_alike_everywhere_draws_and_plays_by_the_rules(start, seed, edits, how, tmp_path):
    design = odd_map(seed, start_map(start), edits)
    assert accepted(design)
    setup = drawn_by_hand(design, how, random.Random(seed)) or drawn_by_hand(design, "left", random.Random(seed))
    assert setup is not None and not washigen.validate(setup).errors
    for k, made in enumerate((design, setup)):
        verdict = _verdict(washigen.validate(made))
        assert loads(dumps(made)) == made
        assert _canonical(from_text(to_text(made))) == _canonical(made)
        forms = (".json", ".txt", ".tmj") if k == 0 else (".json", ".txt")
        for form in forms:
            path = tmp_path / f"design{k}{form}"
            washigen.render(made, path)
            read = washigen.load(path)
            if form == ".tmj":            # the Tiled map holds the map's fields, not the fairness search's
                read = replace(read, seed=made.seed, generator=made.generator)
            assert _canonical(read) == _canonical(made), form
            assert _verdict(washigen.validate(read)) == verdict, form
        code, report = _cli_validate(tmp_path / f"design{k}{forms[seed % len(forms)]}")
        assert code == 0 and not [v for v in report["violations"] if v["severity"] == "error"]
    if seed % 4 == 0:
        washigen.render(design, tmp_path / "map.svg")
    _play_refereed(design, setup, seed)


# -- what such designs found ------------------------------------------------------------------------------------------

def _door_and_cut_on_one_edge() -> CatsMap:
    design = valid_map()
    first = design.grid.buildings[0]
    door = first.openings[0]
    twice = replace(first, openings=(replace(door, cut=True), door))
    return replace(design, grid=replace(design.grid, buildings=(twice,) + design.grid.buildings[1:]))


def test_an_edge_listed_twice_among_a_buildings_openings_is_refused_at_load_naming_it(tmp_path):
    design = _door_and_cut_on_one_edge()
    with pytest.raises(DesignFormatError) as refused:
        loads(dumps(design))
    assert refused.value.path == "grid.buildings[0].openings[1]"
    assert "the south side of row 3, column 14 is listed twice" in str(refused.value)
    path = tmp_path / "map.json"
    path.write_text(dumps(design), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "openings[1]" in result.output
    # The text form and Tiled hold one thing an edge: what they read is the door alone, a map with no error.
    assert not washigen.validate(from_text(to_text(replace(design, grid=replace(
        design.grid, buildings=(replace(design.grid.buildings[0], openings=design.grid.buildings[0].openings[1:]),)
        + design.grid.buildings[1:]))))).errors


def test_the_same_door_listed_twice_is_refused_too():
    design = valid_map()
    first = design.grid.buildings[0]
    twice = replace(first, openings=first.openings * 2)
    with pytest.raises(DesignFormatError):
        check_design(replace(design, grid=replace(design.grid, buildings=(twice,) + design.grid.buildings[1:])))
