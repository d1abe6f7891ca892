"""Floods from a goal over the cells a player's cats may walk: rings of equal walking distance, grown only as far
as a question needs, kept across turns and narrowed where other players drew lines (the greedy bot's distances,
bots.py, and the way out of a walled cat, escape.py)."""

from __future__ import annotations

from .moves import State, Terrain

EVERYWHERE = 1 << 30       # a ring limit no flood reaches


class Flood:
    """Rings of equal walking distance from a goal over the cells a player may walk (steps only; a building or
    forest entered is occupied whole at once), grown ring by ring only as far as a question needs: most turns
    the cats are found long before the whole map is flooded. reach[k] holds rings 0..k; `frontier` is the last
    ring grown, or 0 once the flood has reached all it can."""
    __slots__ = ("land", "goal", "open", "reach", "frontier", "old")

    def __init__(self, land: Terrain, goal: int, open_cells: int, reach: list[int] | None = None,
                 frontier: int | None = None):
        self.land, self.goal, self.open = land, goal, open_cells
        if reach is None:
            frontier = goal & open_cells
            reach = [frontier]
        self.reach, self.frontier = reach, frontier
        # A narrowed flood's old rings, the cells closed since, the ring holding the last of them and the old
        # frontier: where its rings grow as before, the rest are taken from them (see _grow_to).
        self.old: tuple | None = None

    def level(self, cells: int, limit: int = EVERYWHERE) -> int:
        """The first ring holding one of `cells`, looking no farther out than ring `limit`; -1 when none does."""
        reach = self.reach
        top = len(reach) - 1
        if top < limit:
            if not reach[top] & cells:
                self._grow_to(cells, limit)
                top = len(reach) - 1
        else:
            top = limit
        if not reach[top] & cells:
            return -1
        if top and not reach[top - 1] & cells:
            return top                       # mostly: the flood grew until it met the cells
        return first_ring(reach, cells, top)

    def _grow_to(self, cells: int, limit: int) -> None:
        """Grows rings until one holds one of `cells`, ring `limit` is grown or nothing is left to reach. A
        narrowed flood takes the rest of its old rings (without the closed cells) as soon as a ring past the
        closed cells comes out as the old one did."""
        reach = self.reach
        frontier, reached = self.frontier, reach[-1]
        land = self.land
        E, S, C = land.east, land.south, land.cols
        regions, entered = land.buildings_and_forests, land.entered
        left = self.open & ~reached                  # the open cells not reached yet
        old = self.old
        if old is not None:
            rings, closed, last, old_frontier = old
            kept = ~closed
        k = len(reach)                               # the ring grown next
        while frontier:
            # The next ring: the cells first reached one step farther.
            frontier = (((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C)
                        | ((frontier >> C) & S)) & left
            touched = frontier & regions
            if touched:                      # entering a building or forest occupies all of it at once
                frontier |= (entered.get(touched) or land.regions_of(touched)) & left
            if not frontier:
                break
            reached |= frontier
            left ^= frontier                 # (the frontier is all of `left`)
            reach.append(reached)
            if old is not None:
                if k >= len(rings):
                    self.old = old = None
                elif k > last and reached == rings[k] & kept and frontier == rings[k] ^ rings[k - 1]:
                    reach += [ring & kept for ring in rings[k + 1:]]
                    frontier = old_frontier & kept
                    reached = reach[-1]
                    left = self.open & ~reached
                    self.old = old = None
                    k = len(reach) - 1
            if reached & cells or k >= limit:
                break
            k += 1
        self.frontier = frontier

    def narrowed(self, open_cells: int) -> Flood | None:
        """This flood over fewer open cells (a later turn: other players drew more lines). Its rings before the
        first one holding a newly closed cell stay as they are; the flood grows again from there, and as soon as a
        ring past the closed cells comes out as before (without them), the rest are the old rings without them.
        None when cells were opened (a fish taken) or the very first ring changed: then only a fresh flood will
        do."""
        if open_cells & ~self.open:
            return None
        closed = self.open & ~open_cells
        reach = self.reach
        inside = reach[-1] & closed
        if not inside:
            return Flood(self.land, self.goal, open_cells, reach[:], self.frontier)
        low, top = 0, len(reach) - 1
        while low < top:                     # the first ring holding a closed cell
            mid = (low + top) // 2
            if reach[mid] & closed:
                top = mid
            else:
                low = mid + 1
        if low == 0:
            return None
        last, top = low, len(reach) - 1
        if reach[low] & inside == inside:    # mostly one cell was closed
            top = low
        while last < top:                    # the first ring holding all of them
            mid = (last + top) // 2
            if reach[mid] & inside == inside:
                top = mid
            else:
                last = mid + 1
        kept = reach[:low]
        frontier = kept[-1] & ~kept[-2] if low > 1 else kept[0]
        flood = Flood(self.land, self.goal, open_cells, kept, frontier)
        flood.old = (reach, closed, last, self.frontier)
        return flood


def goal_flood(state: State, seat: int, goal: int, through_lines: bool = False) -> Flood:
    """The flood from `goal` over the cells `seat`'s cats may walk today: not onto another player's line (unless
    `through_lines`), a shrine, a fish outside the goal, nor (where sewer poppers keep cats off them) a sewer.
    Kept on the state, so a player's two cats flood once between them; and it starts from the game's latest flood
    for the same player and goal, whose rings up to the other players' new lines still hold."""
    floods = state.floods
    if floods is None:
        floods = state.floods = {}
    key = (-1 if through_lines else seat, goal)
    flood = floods.get(key)
    if flood is None:
        land = state.game.terrain
        others = 0 if through_lines else state.every & ~state.lines[seat]
        open_cells = land.walkable[state.game.dry] & ~others & ~(state.fish & ~goal)
        latest = state.game.floods.get(key)
        flood = latest.narrowed(open_cells) if latest is not None else None
        if flood is None:
            flood = Flood(land, goal, open_cells)
        floods[key] = state.game.floods[key] = flood
    return flood


def first_ring(reach: list[int], cells: int, top: int) -> int:
    """The first of the rings 0..top (reach[top] holds one of `cells`) that holds one of `cells`."""
    low = 0
    while low < top:                     # reach only grows: halve the rings down to the first that holds one
        mid = (low + top) // 2
        if reach[mid] & cells:
            top = mid
        else:
            low = mid + 1
    return low
