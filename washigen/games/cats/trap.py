"""Trapped, as DESIGN 9 "Cats" reads it: after every move, every player still in is asked whether each of its
unfinished cats can still reach its goals (a far-side fish it may take, then its start row); see engine.py's
docstring for the reading. The answer is kept per cat between moves, and only ever kept while it is still true
(so the answer is the same as a fresh search's, whatever was kept before):

- a `Walk`: a way by steps alone, found as a shortest walk from the cat to a fish (and on home by the map's kept
  way from that fish while it is still open, else the shortest); it holds while no other player's line and no
  taken fish touches it, and no line lands on a cell it steps into out of a building or shrine; the cat's own
  plain steps onto it keep it, and its plain steps off it only add to it, each from a cell it may step back onto
  (never from a sewer it popped out of where sewer poppers keep cats off them); entering a building or jumping
  onto it, the cat seeks its way again;
- an `Escape`: a way found by the search with special moves (where sewer poppers keep cats off the sewers, a
  free jump may cross the sewers the way popped through before: they hold the cat's line by then); it holds
  while nothing is drawn on what the way passes (its sewers jumped over included) and the team's special moves
  and the fish its team may still take are unchanged, and while the cat steps about its first walk onto cells
  the rest of the way does not need. It also keeps the cells the cat had no walk from: a cat that moves within
  them has none still, unless a fish is taken;
- False: no way, the player is out.

Walks and floods are big-integer masks, one bit a cell (engine.Terrain).
"""

from __future__ import annotations

from typing import Literal, NamedTuple, Union, overload

from .moves import (DIRS, NO_REGION, SPECIALS, Cat, Game, Move, State, Terrain, _bits, _last_team, _team_lines,
                     can_move)

# -- trapped -------------------------------------------------------------------------------------------------------------

class Walk(NamedTuple):
    """A way to the cat's goals by steps alone, as it stood when found: good while it stays open."""
    cells: int           # the walk's cells (the head's included): no other player's line, no fish but its goal
    exits: int           # the cells it steps into out of a building or shrine: they must stay empty


class Escape(NamedTuple):
    """A way to the cat's goals that the search with special moves found, as the map stood."""
    cells: int           # every cell of the way: its walks, landings and sewers
    specials: int        # the team's special moves then
    loose: int           # the fish then counted as gone
    near: int            # cells from which the cat walks onto the way's first walk, and that walk's cells
    need: int            # cells the rest of the way needs free of the cat's line (landings, sewers, exits)
    stuck: int           # cells from which no walk (steps alone) reaches the goals, while no fish is taken


# A cat's way to its goals as State.routes keeps it: a Walk, an Escape, False (none: out), None (not sought yet).
Route = Union[Walk, Escape, Literal[False], None]


def check_traps(new: State, old: State | None, seat: int, move: Move | None, drawn: int, taken: int) -> None:
    """Puts out every team a player of which is trapped after `move` (by `seat`, which drew `drawn` and took the
    fish `taken`), the mover's team last, and names the winner when one team is left. Keeps each cat's way to its
    goals on `new.routes` for the next move's check."""
    game = new.game
    cats = new.cats
    routes: list[Route] = (list(old.routes) if old is not None and old.routes is not None
                           else [None] * len(cats))
    moved = move.cat if move is not None else -1
    # A cat moved (moved >= 0) only on a move from an old state: the first check (engine) has neither.
    before = old.cats[moved] if moved >= 0 and old is not None else None
    out = was_out = new.out
    mover_team = game.team_of[seat] if seat >= 0 else -1
    solo = game.teams == game.players
    land = game.terrain
    hit = taken | drawn                           # breaks another player's walk
    # A sewer walked onto is blocked for every pop, even where the mover's line already lay there (nothing drawn):
    # an escape through it breaks too.
    closed = new.blocked & ~old.blocked if old is not None else 0
    for team, group in _check_order(game, cats, mover_team):
        if was_out[team]:
            continue
        if team == mover_team and out.count(False) == 1:
            break                                 # everyone else is out: the mover has won
        specials = new.specials[team]
        fine, shown = True, False                 # shown: a move of the player's is known to exist
        for k in group:
            cat = cats[k]
            if cat.home:
                continue
            route = was = routes[k]
            if route is not None:
                if k != moved and type(route) is Walk:
                    if route.cells & (hit if cat.player != seat else taken) or route.exits & drawn:
                        route = None
                    elif cat.region == NO_REGION:
                        shown = True
                        continue                  # the walk holds (the common case)
                else:
                    route = _keep_route(new, cat, route, move if k == moved else None, before, drawn | closed,
                                        taken, specials)
            if route is None:
                # With no walk before, none appears unless its team took a fish (a cell opens) or the cat moved
                # out of the cells it had no walk from.
                stuck = 0
                if type(was) is Escape and not taken:
                    stuck = was.stuck
                    walks = k == moved and (land.region_mask[cat.region] if cat.region != NO_REGION
                                            else 1 << cat.head) & ~stuck
                else:
                    walks = True
                if walks:
                    walked = _walk_route(new, cat)
                    if isinstance(walked, Walk):
                        route = walked
                    else:
                        stuck = walked
                route = route or _search(new, cat, specials, stuck)
                if route is False and not cat.fish and not new.fish & land.beyond[land.row_half[cat.start_row]]:
                    route = None          # no fish left on the far side: no line walls it off (a set-up by hand)
            routes[k] = route
            if route is False:
                fine = False
                break
            # A walk from a cell starts with a step; only a cat in a building or shrine, or one that needs its
            # special moves, may have no move at all.
            shown = shown or (type(route) is Walk and cat.region == NO_REGION)
        if fine and solo and not shown:
            fine = any(can_move(new, k, cats[k], specials) for k in group if not cats[k].home)
        if not fine:
            out = out[:team] + (True,) + out[team + 1:]
    new.routes = tuple(routes)
    if out is not new.out:
        new.out = out
        new.winner = _last_team(game, out)


def _check_order(game: Game, cats: tuple[Cat, ...], mover_team: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each team with its cats (indices into the cats), in the order the trap check asks them: the mover's team (if
    any) last. The same for a whole game (kept on it): the cats keep their places."""
    order = game.check_order.get(mover_team)
    if order is None:
        teams = tuple(team for team in range(game.teams) if team != mover_team) + \
            ((mover_team,) if mover_team >= 0 else ())
        order = game.check_order[mover_team] = tuple(
            (team, tuple(k for k, cat in enumerate(cats) if game.team_of[cat.player] == team)) for team in teams)
    return order


def _keep_route(state: State, cat: Cat, route: Walk | Escape | Literal[False], move: Move | None, before: Cat | None,
                drawn: int, taken: int, specials: int) -> Walk | Escape | None:
    """The cat's way to its goals after the move (`move` when the cat itself made it, standing before as
    `before`), where the move left it standing; None when it must be sought again. A Walk comes here only when
    the cat itself moved (check_traps judges the others' walks)."""
    if move is not None:
        assert before is not None                 # the cat moved, so it stood somewhere before
        # The cat itself moved. A plain step onto a plain cell of its walk keeps the walk; a step from a cell of it
        # to a cell off it keeps it too with the new cell added (the cat may step back onto its own line). A building
        # entered or a cell jumped to is sought again: a building on the way may now be left only onto the cat's
        # own line, and a cat leaves a building only into an empty cell.
        if type(route) is Escape:
            # A step onto a cell the rest of the way does not need, from or onto the cells that walk to its first
            # walk, keeps the way: the cat may step back onto its own line (not onto a sewer it popped out of
            # where sewer poppers keep cats off them).
            here = 1 << cat.head
            game = state.game
            if move.kind == "step" and not route.need & here and before.region == NO_REGION \
                    and cat.region == NO_REGION and (route.near & here or route.near >> before.head & 1
                                                     and game.terrain.walkable[game.dry] >> before.head & 1) \
                    and cat.fish == before.fish and route.specials == specials and route.loose == _loose(state, cat):
                return route._replace(near=route.near | here)
            return None
        if type(route) is not Walk or route.exits & drawn:
            return None
        game = state.game
        here = game.terrain.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
        if here & ~route.cells == 0 and move.kind == "step" and cat.region == NO_REGION:
            return route
        # The step back must be one the cat may take: not onto a sewer it popped out of where sewer poppers keep
        # cats off them (the walk starts on that sewer, but leads on only from it).
        if move.kind == "step" and before.region == NO_REGION and cat.region == NO_REGION \
                and cat.fish == before.fish and route.cells >> before.head & 1 \
                and game.terrain.walkable[game.dry] >> before.head & 1:
            return Walk(route.cells | here, route.exits)
        return None
    if not isinstance(route, Escape) or route.cells & (drawn | taken) or route.specials != specials \
            or route.loose != _loose(state, cat):
        return None
    return route


@overload
def _rings(land: Terrain, seeds: int, walk: int, empty: int, targets: int, dead: int = 0, *,
           full: Literal[True]) -> list[int]: ...
@overload
def _rings(land: Terrain, seeds: int, walk: int, empty: int, targets: int, dead: int = 0,
           full: bool = False) -> list[int] | None: ...
def _rings(land: Terrain, seeds: int, walk: int, empty: int, targets: int, dead: int = 0,
           full: bool = False) -> list[int] | None:
    """The rings of a walk from `seeds` (each the cells first reached at that many steps; a building or forest
    entered is occupied whole) up to the first that holds one of `targets`, or None when none is reached (with
    `full`, every ring the walk reaches). Cells in `dead` are entered but not left. A cell of a building or shrine
    is left only into an empty cell (as Terrain.grow)."""
    regions, entered = land.buildings_and_forests, land.entered
    E, S, C, rooms = land.jeast, land.jsouth, land.cols, land.rooms
    rings = [seeds]
    frontier = seeds
    left = walk & ~seeds                     # the cells not reached yet
    alive, lined = ~dead, ~empty
    while not frontier & targets:
        cells = frontier & alive if dead else frontier
        frontier = (((cells & E) << 1) | ((cells >> 1) & E) | ((cells & S) << C) | ((cells >> C) & S)) & left
        inside = cells & rooms
        if inside:
            # Out of a building or shrine only into an empty cell: a cell with a line (the cat's own) reached only
            # from one is not reached (mostly there is none, and one step does for all).
            held = frontier & lined
            if held:
                cells ^= inside
                frontier ^= held & ~(((cells & E) << 1) | ((cells >> 1) & E) | ((cells & S) << C)
                                     | ((cells >> C) & S))
        touched = frontier & regions
        if touched:                          # a building or forest entered is occupied whole
            frontier |= (entered.get(touched) or land.regions_of(touched)) & left
        if not frontier:
            return rings if full else None
        left ^= frontier                     # (the frontier is all of `left`)
        rings.append(frontier)
    return rings


def _trace(land: Terrain, rings: list[int], target: int, empty: int) -> tuple[int, int, int]:
    """The cells of one walk through `rings` from ring 0 to the cell `target` in the last ring, the cell of ring 0
    it starts from, and the cells it steps into out of a building or shrine."""
    rooms, region_of, masks, around = land.rooms, land.region_of, land.region_mask, land.around_cell
    cells = exits = 0
    cell = target
    for k in range(len(rings) - 1, 0, -1):
        region = region_of[cell]
        before = rings[k - 1]
        if region == NO_REGION:
            cells |= 1 << cell
            came = around[cell] & before
            if not (empty >> cell & 1):
                came &= ~rooms                    # out of a building or shrine only into an empty cell
            if came:
                low = (came & -came).bit_length() - 1
                if rooms >> low & 1:
                    exits |= 1 << cell
                cell = low
            continue
        group = masks[region] & rings[k]
        cells |= group
        for z in _bits(group):
            came = around[z] & before
            if not (empty >> z & 1):
                came &= ~rooms
            if came:
                low = (came & -came).bit_length() - 1
                if rooms >> low & 1:
                    exits |= 1 << z
                cell = low
                break
    region = region_of[cell]
    return cells | (masks[region] & rings[0] if region != NO_REGION else 1 << cell), cell, exits


def _walk_route(state: State, cat: Cat) -> Walk | int:
    """A walk (steps only) from the cat to a far-side fish it may take and on to its start row, or to its start
    row when it carries a fish; when there is none, the cells the cat reaches (none of them has a walk either)."""
    game = state.game
    land = game.terrain
    every = state.every
    walk = land.walkable[game.dry] & ~(every & ~state.lines[cat.player]) & ~state.fish
    empty = land.full & ~every
    start = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
    home = land.row_mask[cat.start_row] & walk
    rings: list[int] | None           # the last walk's rings: None once no fish is left to try
    if cat.fish:
        rings = _rings(land, start, walk, empty, home, full=True)
        if not rings[-1] & home:
            return _union(rings)
        cells, _, exits = _trace(land, rings, _lowest(rings[-1] & home), empty)
        return Walk(cells | start, exits)
    takeable = state.fish & land.beyond[land.row_half[cat.start_row]]
    rings = _rings(land, start, walk | takeable, empty, takeable, dead=takeable, full=True)
    if not rings[-1] & takeable:
        return _union(rings) & ~takeable
    tried = 0
    while rings is not None:
        for f in _bits(rings[-1] & takeable):
            back = _way_home(land, f, cat.start_row, walk, empty, home, game.dry)
            if back is not None:
                there, _, exits = _trace(land, rings, f, empty)
                return Walk(there | start | back.cells, exits | back.exits)
        tried |= rings[-1] & takeable
        rings = _rings(land, start, walk | (takeable & ~tried), empty, takeable & ~tried, dead=takeable)
    return 0


def _way_home(land: Terrain, f: int, start_row: int, walk: int, empty: int, home: int, dry: bool) -> Walk | None:
    """A walk from the fish on cell f to the home row (`home`, the cells of start row `start_row` in `walk`), or
    None. The last one found from the fish to the row is kept on the map and taken again while it is still open
    (all on `walk`, its exits empty): a walk mostly breaks on the cat's way to the fish, so the way home holds."""
    key = (dry, f, start_row)
    kept = land.ways_home.get(key)
    if kept is not None and not kept.cells & ~walk & ~(1 << f) and not kept.exits & ~empty:
        return kept
    back = _rings(land, 1 << f, walk, empty, home)
    if back is None:
        return None
    cells, _, exits = _trace(land, back, _lowest(back[-1] & home), empty)
    way = land.ways_home[key] = Walk(cells, exits)
    return way


def _union(rings: list[int]) -> int:
    cells = 0
    for ring in rings:
        cells |= ring
    return cells


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _loose(state: State, cat: Cat) -> int:
    """The fish a cat's teammates (its player's other cat, or in team play the teammate's) may still take: they
    may yet be gone, so the search counts their cells as open."""
    game = state.game
    land = game.terrain
    team = game.team_of[cat.player]
    sides = 0
    for other in state.cats:
        if not other.home and not other.fish and game.team_of[other.player] == team \
                and (other.player, other.number) != (cat.player, cat.number):
            sides |= land.beyond[land.row_half[other.start_row]]
    return state.fish & sides


def _jump_ends(land: Terrain, cells: int, over: int) -> int:
    """The cells where jumps from `cells` over runs of `over` cells come down (lines aside): a straight run of at
    least one such cell, no wall or map edge crossed; `over` holds no shrine."""
    if not over:
        return 0
    E, S, C = land.jeast, land.jsouth, land.cols
    ends = 0
    run = ((cells & E) << 1) & over
    while run:
        run = (run & E) << 1
        ends |= run & ~over
        run &= over
    run = ((cells >> 1) & E) & over
    while run:
        run = (run >> 1) & E
        ends |= run & ~over
        run &= over
    run = ((cells & S) << C) & over
    while run:
        run = (run & S) << C
        ends |= run & ~over
        run &= over
    run = ((cells >> C) & S) & over
    while run:
        run = (run >> C) & S
        ends |= run & ~over
        run &= over
    return ends


class _Node:
    """A place the search reached: the fish carried (0 or 1), the special moves left, the sewers the cat popped
    through on its way there that a jump may cross (`lined`: they hold its line from then on), the cells its walk
    starts from, the node it was reached from (-1: the cat's own) and how, and its walk's rings once searched."""
    __slots__ = ("carry", "left", "lined", "seeds", "parent", "how", "rings")

    def __init__(self, carry: int, left: int, lined: int, seeds: int, parent: int, how: str) -> None:
        self.carry, self.left, self.lined, self.seeds, self.parent, self.how = carry, left, lined, seeds, parent, how
        self.rings: list[int] = []


def _crossable(land: Terrain, sewers: int, jinja: bool) -> int:
    """The sewers of `sewers` a free jump may cross, lines aside: in a line, north and south or east and west, a
    cell to jump from (no shrine, but in jinja mode, where a cat may stand in one) and one beyond (no shrine: a run
    ends there, and lands on none)."""
    step, shrine = land.step, land.shrine
    found = 0
    for s in _bits(sewers):
        for a, b in ((step["N"][s], step["S"][s]), (step["E"][s], step["W"][s])):
            if a >= 0 and b >= 0 and (jinja and not shrine >> a & shrine >> b & 1
                                      or not (shrine >> a | shrine >> b) & 1):
                found |= 1 << s
                break
    return found


def _search(state: State, cat: Cat, specials: int, stuck: int = 0) -> Escape | Literal[False]:
    """An Escape when some sequence of the cat's own moves (steps, free jumps, amazing jumps, pops, shrine visits)
    reaches its goals with the lines as they stand, else False. Its places are (cells, special moves left, fish
    carried, sewers popped through): from each set of cells it walks all it can, then jumps, pops, takes a fish or
    enters a shrine. The Escape keeps the cells of the one way found (its walks, landings, sewers and the sewers it
    jumps over), and `stuck`: the cells known to have no walk.

    Lines the cat's own way lays are mostly no matter: a jump over streets it walked onto goes nowhere its steps
    do not. Not so a sewer it popped through (in or out) where sewer poppers keep cats off the sewers: nothing but
    a free jump over its own line there gets past it. So there the places keep the sewers their way popped
    through that a jump may cross, and a free jump from a place crosses them as the cat's own lines; a place that
    popped through more dominates (what one with fewer lined reaches, it reaches too). A search that keeps them
    has more places, so it is made only where the search without them (which finds a subset of the ways) finds
    none."""
    game = state.game
    land, rules = game.terrain, game.rules
    p = cat.player
    every = state.every
    others = every & ~state.lines[p]
    sewers = land.sewer & ~state.blocked & ~others
    free = _team_lines(state, p) & ~land.shrine
    # The sewers whose lines, laid by the cat's pops, the search keeps: only where cats are kept off the sewers,
    # and only those a jump may cross that hold no line now (one that does is crossed already).
    track = _crossable(land, sewers & ~free, rules.jinja) if game.dry and (specials or rules.jinja) else 0
    found = _explore(state, cat, specials, stuck, sewers, free, 0)
    if found is False and track:
        found = _explore(state, cat, specials, stuck, sewers, free, track)
    return found


def _explore(state: State, cat: Cat, specials: int, stuck: int, sewers: int, free: int, track: int
             ) -> Escape | Literal[False]:
    """_search, with the sewers of `track` that the cat pops through kept as its lines (none: the map's lines as
    they stand)."""
    game = state.game
    land, rules = game.terrain, game.rules
    every = state.every
    others = every & ~state.lines[cat.player]
    loose = _loose(state, cat)
    fish = state.fish & ~loose
    walk = land.walkable[game.dry] & ~others & ~fish
    empty = land.full & ~every
    home = land.row_mask[cat.start_row]
    takeable = fish & land.beyond[land.row_half[cat.start_row]]
    ground = land.landing[game.dry] & ~every & ~fish
    over: dict[str, int] = {"free": free, "amazing": every & ~land.shrine if not rules.sewer_poppers else 0}
    shrines = land.shrine & ~every if rules.jinja else 0
    done: dict[tuple[int, int, int], int] = {}
    start = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
    nodes = [_Node(int(cat.fish), specials, 0, start, -1, "")]
    todo = [0]
    while todo:
        n = todo.pop()
        node = nodes[n]
        carry, left, lined, seeds = node.carry, node.left, node.lined, node.seeds
        if track:
            seen = 0
            for (c, k, had), cells in done.items():
                if c == carry and k == left and had & lined == lined:
                    seen |= cells
        else:
            seen = done.get((carry, left, 0), 0)
        seeds &= ~seen
        if not seeds:
            continue
        rings = _rings(land, seeds, walk & ~seen, empty, home if carry else 0, full=True)
        node.rings = rings
        cells = 0
        for ring in rings:
            cells |= ring
        done[carry, left, lined] = done.get((carry, left, lined), 0) | cells
        if carry and rings[-1] & home:
            ways, near, need = _way_found(land, nodes, n, _lowest(rings[-1] & home), empty, over, sewers, track)
            return Escape(ways, specials, loose, near, need, stuck)
        found: list[tuple[int, int, int, int, str]] = []   # (carry, left, lined, seeds) of a node reached, and how
        if not carry:
            found.append((1, left, lined, land.around(cells) & takeable, "fish"))
        for how, cost in (("free", 0), ("amazing", 1)):
            if over[how] and left >= cost:
                ends = _jump_ends(land, cells, over[how] | lined if how == "free" else over[how])
                found.append((carry, left - cost, lined, ends & ground, how))
                if not carry:
                    found.append((1, left - cost, lined, ends & takeable, how))
        if left:
            # Each pop lines its two sewers: the places it reaches part by the ones of `track` they line (with
            # nothing tracked, all in one).
            outs: dict[int, int] = {}
            for s in _bits(land.around(cells) & sewers):
                for t in _bits(land.partner_mask[s] & sewers):
                    key = lined | ((1 << s | 1 << t) & track)
                    outs[key] = outs.get(key, 0) | 1 << t
            for key, out in outs.items():
                found.append((carry, left - 1, key, out, "pop"))
        if shrines and left < SPECIALS:
            found.append((carry, left + 1, lined, land.grow(cells, empty) & shrines, "shrine"))
        for carry_to, left_to, lined_to, seeds_to, how in found:
            if seeds_to:
                nodes.append(_Node(carry_to, left_to, lined_to, seeds_to, n, how))
                todo.append(len(nodes) - 1)
    return False


def _way_found(land: Terrain, nodes: list[_Node], n: int, cell: int, empty: int, over: dict[str, int], sewers: int,
               track: int) -> tuple[int, int, int]:
    """The cells of the way the search found, from node n's cell back to the cat: each node's walk, and where a
    node was entered from its parent (a jump's landing and the sewers of the cat's own it jumps over, a pop's two
    sewers, a shrine, a fish); the cells of the first walk (from the cat) that no other part of the way needs; and
    the cells the way needs free of the cat's line (every part but the first walk, and the cells that walk steps
    into out of a building or shrine)."""
    ways = 0
    while True:
        rings, parent, how, lined = nodes[n].rings, nodes[n].parent, nodes[n].how, nodes[n].lined
        path, first, exits = _trace(land, rings, cell, empty)
        if parent < 0:
            need = ways | exits
            return ways | path, path & ~need, need
        ways |= path
        below = 0
        for ring in nodes[parent].rings:
            below |= ring
        had = nodes[parent].lined
        if how == "free":
            cell, extra = _came_from(land, how, first, below, over[how] | had, had)
        elif how == "pop":
            cell, extra = _popped_from(land, first, below, sewers, lined & ~had, track & ~had)
        else:
            cell, extra = _came_from(land, how, first, below, over.get(how, 0), 0)
        ways |= extra
        n = parent


BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _came_from(land: Terrain, how: str, landed: int, below: int, jumpable: int, lined: int) -> tuple[int, int]:
    """A cell of `below` from which the move `how` (a jump over `jumpable` cells, a fish or a shrine entered)
    reaches cell `landed`, and the cells jumped over that the way needs open (those of `lined`, the sewers the
    cat popped through: another player's pop there would end the jump)."""
    if how in ("free", "amazing"):
        for d in DIRS:
            step = land.step[BACK[d]]
            j = step[landed]
            run = 0
            while j >= 0 and jumpable >> j & 1:      # back over the run: a cell of `below` behind it jumped
                run |= 1 << j
                j = step[j]
                if j >= 0 and below >> j & 1:
                    return j, run & lined
    else:                                          # a fish or a shrine entered by a step
        return _lowest(land.around(1 << landed) & below), 0
    raise AssertionError(f"no way into cell {landed} by {how}")


def _popped_from(land: Terrain, landed: int, below: int, sewers: int, lined: int, track: int) -> tuple[int, int]:
    """A cell of `below` next to a sewer from which a pop comes out at `landed`, and that sewer (it must stay
    open): one whose pop lines the sewers `lined` of those the search keeps (`track`, less those lined before)."""
    for s in _bits(land.around(below) & sewers):
        if land.partner_mask[s] >> landed & 1 and (1 << s | 1 << landed) & track == lined:
            return _lowest(land.around(1 << s) & below), 1 << s
    raise AssertionError(f"no pop out at cell {landed}")
