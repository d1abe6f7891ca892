"""The way out of a walled cat (one no walk from its goal reaches, walled off by other players' lines), for the
greedy bot: the fewest moves to its goal by every move the rules give it, a move counting one ring as a step
does. Besides steps: free jumps over its team's lines, and the special moves its team has left: sewer pops (from
a sewer next to it to any open sewer of the colour in the row), amazing jumps (not where sewer poppers play) and,
in jinja mode, a shrine entered for a special move back. These are the moves trap.py's search reads, so a cat the
trap check keeps in the game finds its way here too.

The search runs back from the goal, ring by ring, in layers by the special moves left: layer j holds the rings
of a cat with j of them (0 up to the team's, or up to two in jinja mode, where a shrine gives one back). A special
move into layer j's ring k puts its origin on ring k + 1 of layer j + 1; a shrine left into layer j's ring k is
ring k + 1 of layer j - 1 (entered with one move fewer). On bit masks, the layers side by side in one integer
(_Layers). The jumps are tabled once a search by the length of their run (_jumps, as moves._jump_landing finds
landings): a ring's jump origins are then its landings shifted back."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from .flood import Flood, first_ring
from .moves import SPECIALS, Cat, State, Terrain, _bits, _team_lines


def escape(state: State, cat: Cat, flood: Flood, cells: int) -> tuple[Flood, Flood, int] | None:
    """The way out of a walled cat (the goal's `flood`, grown whole, does not reach it; it stands on `cells`):
    (the rings its moves that spend no special move are measured by, those its special moves are measured by (where
    they land, with one special move fewer), the cat's ring); None when no move it has gets it to its goal. Rings
    are grown one past the cat's: a move ending farther counts as unreachable."""
    game = state.game
    have = state.specials[game.team_of[cat.player]]
    search = _Layers(state, cat, flood, have)
    level = search.grow(cells, have)
    if level < 0:
        return None
    land = game.terrain
    walk = Flood(land, flood.goal, search.open, search.rings(have), 0)
    landed = Flood(land, flood.goal, search.open, search.rings(have - 1), 0) if have else walk
    return walk, landed, level


class _Layers:
    """The rings of the search back from the goal for each number of special moves left, the layers side by side
    in one integer (layer j on bits j*n up to (j+1)*n): a step, a jump or a pop is then one operation for them all,
    the masks repeated in each layer keeping moves from crossing between them, and a special move or a shrine is a
    shift by one layer."""

    def __init__(self, state: State, cat: Cat, flood: Flood, have: int) -> None:
        game = state.game
        land = self.land = game.terrain
        rules = game.rules
        every = state.every
        self.top = top = SPECIALS if rules.jinja else have
        self.n = land.n
        self.fixed = fixed = _fixed(land, top + 1)
        stack = fixed.stack
        self.open = open_cells = flood.open        # (a cat carrying a fish: no fish, its goal none either)
        self.opens = stack(open_cells)
        self.goal = stack(flood.goal & open_cells)
        self.sewers = stack(land.sewer & ~state.blocked & ~(every & ~state.lines[cat.player]))   # a pop's ends
        self.dry = game.dry
        takes = 0 if cat.fish else land.beyond[land.row_half[cat.start_row]]
        lands = land.landing[game.dry] & ~every & ~(state.fish & ~takes)
        self.jumps = _jumps(land, fixed, open_cells, every & ~land.shrine, _team_lines(state, cat.player), lands,
                            not rules.sewer_poppers)
        self.lands = 0
        for by_direction in self.jumps:
            self.lands |= by_direction[0]
        self.shrines = stack(land.shrine & ~every) if rules.jinja else 0
        self.empty_cells = land.full & ~every
        self.empty = stack(self.empty_cells)
        self.reach: list[int] = []

    def rings(self, j: int) -> list[int]:
        """Layer j's rings."""
        shift, full = j * self.n, self.land.full
        return [ring >> shift & full for ring in self.reach]

    def grow(self, cells: int, have: int) -> int:
        """Grows every layer's rings until ring (the cat's + 1); the cat's ring in layer `have`, or -1 when no
        layer reaches it. A cat off the walk (in a shrine, or on a sewer it popped out of where cats are kept off
        them) is one ring past the nearest cell it steps onto."""
        land, fixed, opens = self.land, self.fixed, self.opens
        if cells & self.open:
            target, extra = cells, 0
        else:
            target = land.around(cells) & self.open & (self.empty_cells if cells & land.shrine else land.full)
            extra = 1
        target <<= have * self.n
        E, S, C = fixed.east, fixed.south, land.cols
        regions, shrines, reach = fixed.regions, self.shrines, self.reach
        reached = new = 0
        seeds = self.goal
        level, k = -1, 0
        while True:
            # A step onto the newest ring: from an open cell, or into a shrine (valued where it is left).
            walked = new & opens
            fresh = (((walked & E) << 1) | ((walked >> 1) & E) | ((walked & S) << C) | ((walked >> C) & S)
                     | (fixed.around(new & shrines) if new & shrines else 0)) & opens | seeds
            fresh &= ~reached
            touched = fresh & regions
            if touched:                        # entering a building or forest occupies all of it at once
                fresh |= self._regions(touched) & opens & ~reached
            reached |= fresh
            reach.append(reached)
            new = fresh
            if level < 0 and reached & target:
                level = k + extra
            if level >= 0 and k > level or not new:
                return level
            seeds = self._seeds(new)
            k += 1

    def _regions(self, touched: int) -> int:
        """The buildings and forests the cells `touched` lie in, layer by layer."""
        land, n, full = self.land, self.n, self.land.full
        entered, whole, shift = land.entered, 0, 0
        while touched:
            cells = touched & full
            if cells:
                whole |= (entered.get(cells) or land.regions_of(cells)) << shift
            touched >>= n
            shift += n
        return whole

    def _seeds(self, new: int) -> int:
        """The cells that join each layer's next ring by a move other than a step onto the cells `new` (each
        layer's newest ring): a free jump, a special move (from the layer above), a shrine left (into the layer
        below); and where cats are kept off the sewers, the sewers a pop comes out of next to them."""
        fixed, opens, sewers, n = self.fixed, self.opens, self.sewers, self.n
        seeds = fixed.around(new & opens) & sewers if self.dry else 0
        landing = new & self.lands
        if landing:                            # jumps: their landings shifted back to their starts (_jumps)
            free = amazing = 0
            for targets, back, runs in self.jumps:
                if landing & targets:
                    if back:
                        for shift, solo, mixed in runs:
                            free |= (landing & solo) >> shift
                            amazing |= (landing & mixed) >> shift
                    else:
                        for shift, solo, mixed in runs:
                            free |= (landing & solo) << shift
                            amazing |= (landing & mixed) << shift
            seeds |= free & opens
            if amazing:
                seeds |= amazing << n & opens      # (the top layer's go past the last one: dropped)
        popped = new & sewers & fixed.below[self.top]
        if popped:                             # a pop out of the sewers of its colour in the row, a layer up
            partner_mask, partners = self.land.partner_mask, 0
            for t in _bits(popped):
                layer, cell = divmod(t, n)
                partners |= partner_mask[cell] << layer * n
            seeds |= fixed.around(partners & sewers) << n & opens
        if self.shrines:                       # a shrine left with one more: entered with one fewer
            seeds |= (fixed.around(new & opens & self.empty) & self.shrines) >> n
        return seeds


class _Fixed:
    """What the search reads of a map for a number of layers, each mask repeated in every layer."""

    def __init__(self, land: Terrain, layers: int) -> None:
        n, C = land.n, land.cols
        shifts = [j * n for j in range(1, layers)]

        def stack(cells: int) -> int:
            whole = cells
            for shift in shifts:
                whole |= cells << shift
            return whole
        self.stack = stack
        self.east, self.south = stack(land.east), stack(land.south)
        self.regions = stack(land.buildings_and_forests)
        # below[j]: the layers under layer j.
        self.below = [(1 << j * n) - 1 for j in range(layers)]
        E, S = stack(land.jeast), stack(land.jsouth)
        self.around = lambda x: ((x & E) << 1) | ((x >> 1) & E) | ((x & S) << C) | ((x >> C) & S)
        # By the direction of a jump: (a step ahead, the cells a jump that way may start from (not those of a
        # building or forest whose jump that way stays in it), the shift one step makes, whether a step back is a
        # right shift).
        self.jumps = []
        for d, ahead, unit, back in (("E", lambda x: (x & E) << 1, 1, True), ("W", lambda x: (x >> 1) & E, 1, False),
                                     ("S", lambda x: (x & S) << C, C, True), ("N", lambda x: (x >> C) & S, C, False)):
            region_of, step = land.region_of, land.step[d]
            inside = sum(1 << i for i in _bits(land.buildings_and_forests) if region_of[step[i]] == region_of[i])
            self.jumps.append((ahead, stack(land.full & ~inside), unit, back))


def _jumps(land: Terrain, fixed: _Fixed, open_cells: int, lined: int, team: int, lands: int,
           amazing: bool) -> list[tuple]:
    """The jumps from `open_cells` over a run of `lined` cells onto `lands`, as moves._jump_landing makes them, by
    direction: (every landing, a right shift back to the start, the runs: (the shift from landing to start, the
    landings over `team`'s lines alone (a free jump), those over a run not all of them the team's (an amazing
    jump))), each mask repeated in every layer. A landing is as many cells from its start as the run is long, plus
    one: so the search finds a ring's starts by shifting its landings back."""
    stack = fixed.stack
    lined, lands = stack(lined), stack(lands)
    team_lined, other_lined, starts = lined & stack(team), lined & ~stack(team), stack(open_cells)
    found = []
    for ahead, may_start, unit, back in fixed.jumps:
        run = ahead(starts & may_start)
        solo, mixed = run & team_lined, run & other_lined
        runs, targets, shift = [], 0, unit
        while solo | mixed:
            solo, mixed = ahead(solo), ahead(mixed)
            shift += unit
            over_solo, over_mixed = solo & lands, mixed & lands if amazing else 0
            if over_solo | over_mixed:
                runs.append((shift, over_solo, over_mixed))
                targets |= over_solo | over_mixed
            solo, mixed = solo & team_lined, mixed & lined | solo & other_lined
        if runs:
            found.append((targets, back, runs))
    return found


_FIXED: WeakKeyDictionary = WeakKeyDictionary()


def _fixed(land: Terrain, layers: int) -> _Fixed:
    """The map's _Fixed for `layers` layers, made once a map."""
    by_layers = _FIXED.get(land)
    if by_layers is None:
        by_layers = _FIXED[land] = {}
    fixed = by_layers.get(layers)
    if fixed is None:
        fixed = by_layers[layers] = _Fixed(land, layers)
    return fixed


def ring_at(land: Terrain, flood: Flood, cells: int) -> int:
    """The ring of a cat on `cells` in a whole flood, or -1: on a sewer the walk never enters (a pop took it there,
    where sewer poppers keep cats off them), one past the nearest cell a step from it."""
    if cells & flood.open:
        return flood.level(cells)
    ring = flood.level(land.around(cells) & flood.open)
    return ring + 1 if ring >= 0 else -1


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


def _ring(reach: list[int], cells: int) -> int:
    """The first ring holding one of `cells`, or -1."""
    return first_ring(reach, cells, len(reach) - 1) if reach and reach[-1] & cells else -1
