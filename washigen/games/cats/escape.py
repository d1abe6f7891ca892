"""The way out of a walled cat (one no walk from its goal reaches, walled off by other players' lines), for the
greedy bot: the walk to where a special move it has left (an amazing jump, or a sewer pop where sewer poppers
play) lands it on a walk to its goal, the special move counting one step. Jump origins are found on bit masks as
moves._jump_landing finds landings."""

from __future__ import annotations

from .flood import EVERYWHERE, Flood, first_ring
from .moves import Cat, State, Terrain, _bits, _team_lines

def escape(state: State, cat: Cat, flood: Flood, landed: Flood, cells: int) -> tuple[Flood, Flood, int] | None:
    """The way out of a walled cat (the goal's `flood`, grown whole, does not reach it; it stands on `cells`;
    `landed`: the flood as a special move's landing reads it): walking to a cell from which a special move lands
    where walking (or one more special move, if it has two) reaches the goal. (The rings a move that spends none is
    measured by, those a special move is measured by, the cat's ring), from the fewest special moves that will do;
    None when those it has left get it nowhere. A special move counts one ring, as a step does: the measure is the
    moves left, so a detour to a jump is weighed honestly."""
    land = state.game.terrain
    # Only the last walk is the cat's own, within the cells it reaches on foot; the walks it lands on cover the map.
    pocket = _pocket(land, cells, flood.open)
    for left in range(state.specials[state.game.team_of[cat.player]], 0, -1):
        walk = Flood(land, flood.goal, flood.open, _walk_to(state, cat, landed, pocket), 0)
        level = ring_at(land, walk, cells)
        if level >= 0:
            return walk, landed, level
        if left > 1:
            landed = landings(state, Flood(land, flood.goal, flood.open,
                                            _walk_to(state, cat, landed, flood.open), 0))
    return None


def ring_at(land: Terrain, flood: Flood, cells: int) -> int:
    """The ring of a cat on `cells` in a whole flood, or -1: on a sewer the walk never enters (a pop took it there,
    where sewer poppers keep cats off them), one past the nearest cell a step from it."""
    if cells & flood.open:
        return flood.level(cells)
    ring = flood.level(land.around(cells) & flood.open)
    return ring + 1 if ring >= 0 else -1


def _pocket(land: Terrain, cells: int, open_cells: int) -> int:
    """The cells a cat on `cells` reaches on foot (and those it stands on)."""
    walk = Flood(land, (cells | land.around(cells)) & open_cells, open_cells)
    walk._grow_to(0, EVERYWHERE)
    return walk.reach[-1] | cells


def landings(state: State, walk: Flood) -> Flood:
    """`walk`'s rings as a special move's landing reads them: where sewer poppers keep cats off the sewers, a pop
    lands on a sewer the walk never enters, one ring past the nearest cell a step from it."""
    game = state.game
    if not (game.rules.sewer_poppers and game.dry):
        return walk
    land = game.terrain
    popped: dict[int, int] = {}                  # ring -> the sewers a pop there lands on
    for sewer in _bits(land.sewer):
        ring = _ring(walk.reach, land.around_cell[sewer] & walk.open)
        if ring >= 0:
            popped[ring + 1] = popped.get(ring + 1, 0) | 1 << sewer
    reach = walk.reach + [walk.reach[-1]]        # a ring more for the sewers next to the last one
    joined = 0
    for k in range(len(reach)):
        joined |= popped.get(k, 0)
        reach[k] |= joined
    return Flood(land, walk.goal, walk.open, reach, 0)


def _walk_to(state: State, cat: Cat, landed: Flood, within: int) -> list[int]:
    """The rings of the walk to the goal with one more special move on the way, over the cells `within`:
    `landed`'s rings, and each cell from which a special move lands on one of them, one ring farther out than its
    landing, grown on foot."""
    reach = landed.reach
    rings = [ring & ~reach[k - 1] if k else ring for k, ring in enumerate(reach)]     # each ring's own cells
    open_cells = landed.open & within
    if state.game.rules.sewer_poppers:
        starts = _pop_starts(state, cat, reach, open_cells)
    else:
        starts = _jump_starts(state, cat, rings, open_cells)
    seeds = rings + [0]
    for ring, cells in starts:
        seeds[ring + 1] |= cells
    return _grown(state.game.terrain, open_cells, seeds)


def _pop_starts(state: State, cat: Cat, reach: list[int], open_cells: int):
    """(ring, cells): the cells of `open_cells` next to a free sewer, from which a pop lands on a free partner on
    ring `ring` of `reach` (as moves.py pops)."""
    land = state.game.terrain
    free = land.sewer & ~state.blocked & ~(state.every & ~state.lines[cat.player])
    for s in _bits(free):
        for t in land.partners[s]:
            ring = _ring(reach, 1 << t) if free >> t & 1 else -1
            if ring >= 0:
                yield ring, land.around_cell[s] & open_cells


def _jump_starts(state: State, cat: Cat, rings: list[int], open_cells: int):
    """(ring, cells) for the cells of `open_cells` an amazing jump leaves from to land on a cell of rings[ring],
    as moves._jump_landing finds it (a run of at least one line, not all of them the team's: over those alone the
    jump is free, a step as far as the floods go). A direction at a time: the runs from `open_cells` give the
    landings in reach, then each ring's landings are walked back over their runs to where a jump leaves."""
    game = state.game
    land = game.terrain
    every, team = state.every, _team_lines(state, cat.player)
    lined = every & ~land.shrine
    takes = 0 if cat.fish else land.beyond[land.row_half[cat.start_row]]
    lands = land.landing[game.dry] & ~every & ~(state.fish & ~takes)
    for d, (ahead, behind) in _shifts(land).items():
        run, landings = ahead(open_cells) & lined, 0
        while run:
            run = ahead(run)
            landings |= run & lands
            run &= lined
        if not landings:
            continue
        for ring, cells in enumerate(rings):
            if cells & landings:
                starts = _run_starts(behind, cells & landings, lined, team) & open_cells
                if starts & land.buildings_and_forests:
                    starts = _ways_out(land, d, starts)
                if starts:
                    yield ring, starts


def _shifts(land: Terrain) -> dict:
    """By direction: (the cells a step ahead of some cells, the cells a step behind them), through open edges."""
    E, S, C = land.jeast, land.jsouth, land.cols
    east, west = (lambda x: (x & E) << 1), (lambda x: (x >> 1) & E)
    south, north = (lambda x: (x & S) << C), (lambda x: (x >> C) & S)
    return {"E": (east, west), "W": (west, east), "S": (south, north), "N": (north, south)}


def _run_starts(behind, landings: int, lined: int, team: int) -> int:
    """The cells a jump over a run of `lined` cells, not all of them `team`'s, leaves from to land on `landings`."""
    first = behind(landings) & lined
    solo, mixed, starts = first & team, first & ~team, 0
    while solo | mixed:
        solo, mixed = behind(solo), behind(mixed)
        starts |= mixed
        solo, mixed = solo & lined & team, (mixed | solo & ~team) & lined
    return starts


def _ways_out(land: Terrain, d: str, starts: int) -> int:
    """`starts` without the cells of a building or forest whose jump in direction `d` stays in it."""
    region_of, step = land.region_of, land.step[d]
    for frm in _bits(starts & land.buildings_and_forests):
        if region_of[step[frm]] == region_of[frm]:
            starts &= ~(1 << frm)
    return starts


def _grown(land: Terrain, open_cells: int, seeds: list[int]) -> list[int]:
    """Rings over `open_cells` as a Flood grows them, with seeds[k] joining ring k (whatever the walk)."""
    E, S, C = land.east, land.south, land.cols
    regions, entered = land.buildings_and_forests, land.entered
    reach: list[int] = []
    reached = frontier = 0
    k = 0
    while frontier or k < len(seeds):
        frontier = (((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C) | ((frontier >> C) & S)
                    | (seeds[k] if k < len(seeds) else 0)) & open_cells & ~reached
        if not frontier and k >= len(seeds):
            break
        touched = frontier & regions
        if touched:                      # entering a building or forest occupies all of it at once
            frontier |= (entered.get(touched) or land.regions_of(touched)) & open_cells & ~reached
        reached |= frontier
        reach.append(reached)
        k += 1
    return reach


def _ring(reach: list[int], cells: int) -> int:
    """The first ring holding one of `cells`, or -1."""
    return first_ring(reach, cells, len(reach) - 1) if reach and reach[-1] & cells else -1
