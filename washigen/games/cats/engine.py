"""Tokyo Washi Game Cats, played: state, legal moves, apply and result, every rule as DESIGN 9 "Cats" reads it.

The map is compiled once into a `Terrain` (per grid, cached): for every cell its open neighbours, the building,
forest or shrine region it belongs to, its sewer and the sewer's partners in the row. A `State` is small and
immutable: each player's lines are one bit mask (bit i = cell i, row-major, 0-based), the cats a tuple of `Cat`
tuples, the fish and blocked sewers bit masks. Applying a move builds a new state from a few ints and tuples, so
a game costs little more than its moves.

Moves print as notation and parse back (`parse_move`):
  c1 N            a step north with the player's first cat (N E S W)
  c1 N r4c7       a step out of a building, forest or shrine, to the cell named
  c2 jump E       a super cat jump (free) over the player's own (or, in team play, the teammate's) lines
  c2 amazing E    a super amazing cat jump (a special move) over any lines
  c1 pop r5c7->r5c19   a super sewer popper (a special move): in at r5c7, out at r5c19
  pass            team play: this player's cat is home, the teammate's is not
  trapped         no legal move (special moves counted), or a cat walled off from its goal by other players'
                  lines that no free jump nor special move left leads out of: the player (team) is out
Cats are numbered per player in the order of the set-up (top row first, then left to right); rows and columns
count from 1.

Where the seed leaves a choice open, the readings below are ours (README and the rule sheet repeat them):
- a cat inside a building, forest or shrine occupies all of it: it leaves, jumps or pops from any of its cells;
- a jump or pop that lands on a sewer blocks it just as a step does (the lid now holds a line), except the two
  sewers of a pop, which stay open; in the sewer-popper variants nothing but a pop may land on a sewer;
- in team play a step into the teammate's line is refused (it is another player's line); only jumps pass it free;
- a shrine entered in jinja mode is filled like a one-cell building and gives its special move back once;
- a player with no legal move loses even with special moves in hand that fit nowhere: lines only grow and
  sewers only close, so no later turn can free them (the seed's alternative end, met a turn early);
- a player one of whose cats can no longer walk to its goal (a far-side fish, then its start row) around the
  other players' lines is trapped too, as the seed says ("trapped from returning home"), even while that cat can
  still wander, unless a free jump or a special move still in hand, made from anywhere the cat can walk, leads
  out (an open shrine in jinja mode counts as a way out; with no far-side fish left the rule does not apply);
- in team play seats alternate between teams (1, 3, 2, 4 with four players; 1, 3, 5, 2, 4, 6 with six).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ...errors import InputError
from .model import SHRINE, CatsMap, CatsSetup, Grid, table
from .rules import Board

DIRS = "NESW"
DIR_STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SPECIALS = 2
NO_REGION = -1


# -- the map, compiled ---------------------------------------------------------------------------------------------

class Terrain:
    """Everything the rules ask of a map's cells, indexed by bit (row-major, 0-based)."""

    def __init__(self, grid: Grid):
        board = Board(grid)
        # A second board with the shrines read as street: its edges are the ones a jinja cat may take into a
        # shrine; the normal board's edges never touch a shrine.
        open_board = Board(Grid(rows=tuple(r.replace(SHRINE, ".") for r in grid.rows), buildings=grid.buildings,
                                sewers=grid.sewers))
        self.rows, self.cols, self.n = R, C, N = board.rows, board.cols, board.n
        self.shrine = board.shrine
        self.sewer = board.sewer
        self.forest = board.forest
        self.east, self.south = board.east, board.south      # normal steps (no shrine), for the bots' searches
        self.buildings_and_forests = board.region_all
        # step[d][i]: the cell one step in direction d through an open edge (shrines included), or -1.
        E, S = open_board.east, open_board.south
        self.step = {d: [-1] * N for d in DIRS}
        for i in range(N):
            if E >> i & 1:
                self.step["E"][i], self.step["W"][i + 1] = i + 1, i
            if S >> i & 1:
                self.step["S"][i], self.step["N"][i + C] = i + C, i
        # Regions: buildings, forests (and shrubs), then each shrine cell as a one-cell region of its own.
        self.region_of = list(board.region_of)
        self.region_mask = list(board.region_masks)
        self.region_forest = [bool(m & board.forest) for m in self.region_mask]
        self.region_shrine = [False] * len(self.region_mask)
        shrines = self.shrine
        while shrines:
            low = shrines & -shrines
            self.region_of[low.bit_length() - 1] = len(self.region_mask)
            self.region_mask.append(low)
            self.region_forest.append(False)
            self.region_shrine.append(True)
            shrines ^= low
        # The ways out of each region: (from cell, direction, to cell) across its border.
        self.region_exits = []
        for k, m in enumerate(self.region_mask):
            exits = []
            for i in _bits(m):
                for d in DIRS:
                    j = self.step[d][i]
                    if j >= 0 and not (m >> j & 1):
                        exits.append((i, d, j))
            self.region_exits.append(tuple(exits))
        # Sewers: each one's partners (same colour, same row, anywhere across the map).
        colour_at = {}
        for r, c, colour in board.sewers:
            colour_at[r * C + c] = (r, colour)
        self.partners = {i: tuple(sorted(j for j, key in colour_at.items() if key == here and j != i))
                         for i, here in colour_at.items()}
        self.row_mask = [((1 << C) - 1) << (r * C) for r in range(R)]
        # Tables the move generator and the floods read every turn, so no turn re-derives them cell by cell.
        self.full = (1 << N) - 1
        self.exits = [tuple((i, d, self.step[d][i]) for d in DIRS if self.step[d][i] >= 0) for i in range(N)]
        self.names = [f"r{i // C + 1}c{i % C + 1}" for i in range(N)]
        self.row_half = [self.half(r * C) for r in range(R)]
        # beyond[h]: the cells not on half h, where a cat that started on half h may take a fish.
        self.beyond = {h: sum(1 << i for i in range(N) if self.half(i) != h) for h in (-1, 0, 1)}
        # plain[sewer_poppers]: the cells a step enters with no rule beyond lines and fish (no building, forest or
        # shrine; no sewer where the variant forbids stepping on one).
        regions = sum(1 << i for i in range(N) if self.region_of[i] != NO_REGION)
        self.plain = (self.full & ~regions, self.full & ~regions & ~self.sewer)

    def half(self, i: int) -> int:
        """0 for the top half of the map, 1 for the bottom half, -1 for the middle row of an odd map."""
        twice = 2 * (i // self.cols)
        return 0 if twice < self.rows - 1 else 1 if twice > self.rows - 1 else -1

    def cell_name(self, i: int) -> str:
        return self.names[i]


@lru_cache(maxsize=64)
def terrain(grid: Grid) -> Terrain:
    return Terrain(grid)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- state -----------------------------------------------------------------------------------------------------------

class Cat(NamedTuple):
    player: int          # 0-based seat
    number: int          # 1-based among the player's cats (c1, c2)
    head: int            # the cell at the end of its line
    region: int          # the building, forest or shrine it occupies, or NO_REGION
    start_row: int       # 0-based row it was drawn on
    fish: bool           # carries a fish
    home: bool           # delivered its fish: it moves no more


@dataclass(frozen=True)
class Rules:
    """The variant rules a game is played with (map options, stored in the design file)."""
    jinja: bool = False
    sewer_poppers: bool = False


@dataclass(frozen=True)
class Result:
    winners: tuple[int, ...]     # 0-based seats (both teammates in team play); empty when nobody won
    end: str                     # "win" (fish delivered) or "trap" (the others were trapped)


@dataclass(frozen=True)
class Game:
    """What stays fixed during a game."""
    terrain: Terrain
    rules: Rules
    players: int
    team_of: tuple[int, ...]     # seat -> team (0-based); a team of one outside team play
    order: tuple[int, ...]       # seats in turn order
    teams: int
    map: CatsMap
    setup: CatsSetup
    # The latest goal flood for each (seat, goal): the next turn's flood starts from it (see goal_flood).
    floods: dict = field(default_factory=dict, compare=False, repr=False)


class State:
    """One moment of a game. Treat as immutable: apply() returns a new one."""
    __slots__ = ("game", "lines", "cats", "fish", "blocked", "specials", "used", "out", "turn", "winner", "every",
                 "floods", "after")

    def __init__(self, game, lines, cats, fish, blocked, specials, used, out, turn, winner):
        self.game: Game = game
        self.lines: tuple[int, ...] = lines          # per seat: the cells holding its line
        self.cats: tuple[Cat, ...] = cats
        self.fish: int = fish                        # cells still holding a fish
        self.blocked: int = blocked                  # sewers walked over
        self.specials: tuple[int, ...] = specials    # per team: special moves left
        self.used: tuple[int, ...] = used            # per seat: special moves used
        self.out: tuple[bool, ...] = out             # per team: trapped out of the game
        self.turn: int = turn                        # index into game.order
        self.winner: Result | None = winner
        every = 0
        for mask in lines:
            every |= mask
        self.every: int = every                      # every player's lines
        # Caches, not part of the state: the goal floods asked for on this state (the engine's walled-off check
        # and the greedy bot share them), and the last move applied to it with its result (the greedy bot tries
        # its move, then the match plays it).
        self.floods: dict | None = None
        self.after: tuple | None = None

    def key(self) -> tuple:
        """Everything that tells two states apart (the map and rules aside)."""
        return (self.lines, self.cats, self.fish, self.blocked, self.specials, self.used, self.out, self.turn,
                self.winner)

    def __eq__(self, other) -> bool:
        return (isinstance(other, State) and self.key() == other.key() and self.game.map == other.game.map
                and self.game.rules == other.game.rules)

    def __hash__(self) -> int:
        return hash(self.key())


class Move(NamedTuple):
    kind: str            # step, jump, amazing, pop, pass, trapped
    cat: int             # index into state.cats (-1 for pass and trapped)
    number: int          # the cat's number for its player (c1, c2)
    direction: str       # N E S W, or "" for pop, pass and trapped
    target: int          # the cell the head ends on (-1 for pass and trapped)
    via: int             # pop: the sewer entered; step out of a region: the cell left; else -1
    name: str            # the notation

    def __str__(self) -> str:
        return self.name


_new = tuple.__new__        # builds a Move from a tuple without NamedTuple's keyword-handling __new__

PASS = Move("pass", -1, 0, "", -1, -1, "pass")
TRAPPED = Move("trapped", -1, 0, "", -1, -1, "trapped")


def rules_of(design: CatsMap) -> Rules:
    return Rules(jinja=design.jinja, sewer_poppers=design.sewer_poppers)


def turn_order(players: int, coop: bool) -> tuple[int, ...]:
    """Seats in turn order: 0, 1, 2, ...; in team play the teams alternate (0, 2, 1, 3 / 0, 2, 4, 1, 3, 5)."""
    if not coop:
        return tuple(range(players))
    return tuple(range(0, players, 2)) + tuple(range(1, players, 2))


def initial_state(design: CatsMap, setup: CatsSetup, rules: Rules | None = None, seed: int = 0,
                  first: int = 0) -> State:
    """The game as set up: every cat's line is its start cell. `first` is the seat that moves first (seats keep
    their turn order after it). Cats has no chance in it, so `seed` changes nothing; it is kept for the protocol."""
    seats = table(design.players, design.coop)
    land = terrain(design.grid)
    rules = rules or rules_of(design)
    team_of = tuple(seats.team(p + 1) - 1 for p in range(design.players))
    order = turn_order(design.players, design.coop)
    if not 0 <= first < design.players:
        raise InputError(f"first seat: must be 1..{design.players}, got {first + 1}")
    game = Game(land, rules, design.players, team_of, order, seats.teams, design, setup)
    lines = [0] * design.players
    cats = []
    numbers = [0] * design.players
    for d in sorted(setup.cats, key=lambda d: (d.row, d.col)):
        p = d.player - 1
        if not 0 <= p < design.players:
            raise InputError(f"cats: player {d.player} does not sit at a {design.players}-player map")
        i = (d.row - 1) * land.cols + d.col - 1
        numbers[p] += 1
        lines[p] |= 1 << i
        cats.append(Cat(p, numbers[p], i, NO_REGION, d.row - 1, False, False))
    fish = 0
    for d in setup.fish:
        fish |= 1 << ((d.row - 1) * land.cols + d.col - 1)
    return State(game, tuple(lines), tuple(cats), fish, 0, (SPECIALS,) * seats.teams, (0,) * design.players,
                 (False,) * seats.teams, order.index(first), None)


def to_move(state: State) -> int:
    return state.game.order[state.turn]


def result(state: State) -> Result | None:
    return state.winner


# -- legal moves -------------------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every move the player to move may make; never empty while the game is on."""
    if state.winner is not None:
        return []
    game = state.game
    seat = game.order[state.turn]
    team = game.team_of[seat]
    specials = state.specials[team]
    moves: list[Move] = []
    for index, cat in enumerate(state.cats):
        if cat.player == seat and not cat.home:
            moves.extend(_cat_moves(state, index, cat, specials))
    if moves and not shut_off(state, seat, specials):
        return moves
    if all(c.home for c in state.cats if c.player == seat):
        return [PASS]                             # team play: this cat is home, the teammate's is not
    return [TRAPPED]


def goal_of(state: State, cat: Cat) -> int:
    """The cells a cat heads for: a fish it may take (on the far side of its start row), then its start row."""
    land = state.game.terrain
    if cat.fish:
        return land.row_mask[cat.start_row]
    return state.fish & land.beyond[land.row_half[cat.start_row]]


def _others(state: State, seat: int) -> int:
    """The cells holding another player's line."""
    others = 0
    for p, lines in enumerate(state.lines):
        if p != seat:
            others |= lines
    return others


def shut_off(state: State, seat: int, specials: int) -> bool:
    """Is one of the player's cats walled off from its goal (a far-side fish it may take, then its start row) by
    other players' lines, with no special move left or none that leads out of its pocket from anywhere in it?
    Lines only grow and sewers only close, so it stays walled off: the seed's alternative end."""
    game = state.game
    land = game.terrain
    jinja = game.rules.jinja
    open_cells = land.full & ~land.shrine & ~_others(state, seat)
    if game.rules.sewer_poppers:
        open_cells &= ~land.sewer
    if jinja:
        open_cells |= land.shrine & ~state.every    # an open shrine gives a special move back
    for cat in state.cats:
        if cat.player != seat or cat.home:
            continue
        goal = goal_of(state, cat)
        if jinja:
            goal |= open_cells & land.shrine
        if not goal & ~land.shrine:
            continue                              # no fish left to take: not walled off by lines
        start = land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head
        walk = open_cells & ~(state.fish & ~goal)
        if _flood_answers(land, cat, start, walk, jinja) and goal_flood(state, seat, goal).level(start) >= 0:
            continue                              # the goal's flood reaches the cat: the cat walks to the goal
        pocket = _pocket(land, start, goal & walk, walk | start)
        if pocket and not _way_out(state, cat, pocket, specials):
            return True
    return False


def _flood_answers(land: Terrain, cat: Cat, start: int, walk: int, jinja: bool) -> bool:
    """May the flood from the goal (which the greedy bot asks for anyway) stand in for the walk from the cat? A walk
    goes both ways, so yes where both walk the same cells: not in jinja mode (its open shrines count as goals and
    ways out), and not from a cell outside them (a cat popped onto a sewer in the sewer-popper variants)."""
    if jinja or start & ~walk:
        return False
    return cat.region != NO_REGION or not land.buildings_and_forests >> cat.head & 1


def _pocket(land: Terrain, start: int, goal: int, walk: int) -> int:
    """0 when a walk over `walk` cells (steps only; a building or forest entered is occupied whole) leads from
    `start` to a `goal` cell; otherwise every cell the walk reaches."""
    E, S, C = land.east, land.south, land.cols
    reach = frontier = start
    while frontier:
        if reach & goal:
            return 0
        grow = ((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C) | ((frontier >> C) & S)
        frontier = grow & walk & ~reach
        touched = frontier & land.buildings_and_forests
        while touched:
            m = land.region_mask[land.region_of[(touched & -touched).bit_length() - 1]]
            frontier |= m & walk & ~reach
            touched &= ~m
        reach |= frontier
    return 0 if reach & goal else reach


EVERYWHERE = 1 << 30       # a ring limit no flood reaches


class Flood:
    """Rings of equal walking distance from a goal over the cells a player may walk (steps only; a building or
    forest entered is occupied whole at once), grown ring by ring only as far as a question needs: most turns
    the cats are found long before the whole map is flooded. reach[k] holds rings 0..k; `frontier` is the last
    ring grown, or 0 once the flood has reached all it can."""
    __slots__ = ("land", "goal", "open", "reach", "frontier")

    def __init__(self, land: Terrain, goal: int, open_cells: int, reach: list[int] | None = None,
                 frontier: int | None = None):
        self.land, self.goal, self.open = land, goal, open_cells
        if reach is None:
            frontier = goal & open_cells
            reach = [frontier]
        self.reach, self.frontier = reach, frontier

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
        low = 0
        while low < top:                     # reach only grows: halve the rings down to the first that holds one
            mid = (low + top) // 2
            if reach[mid] & cells:
                top = mid
            else:
                low = mid + 1
        return low

    def _grow_to(self, cells: int, limit: int) -> None:
        """Grows rings until one holds one of `cells`, ring `limit` is grown or nothing is left to reach."""
        land, reach = self.land, self.reach
        E, S, C = land.east, land.south, land.cols
        regions, region_of, masks = land.buildings_and_forests, land.region_of, land.region_mask
        open_cells, frontier, reached = self.open, self.frontier, reach[-1]
        while frontier:
            walk = open_cells & ~reached
            grow = ((frontier & E) << 1) | ((frontier >> 1) & E) | ((frontier & S) << C) | ((frontier >> C) & S)
            frontier = grow & walk
            touched = frontier & regions
            while touched:                   # entering a building or forest occupies all of it at once
                m = masks[region_of[(touched & -touched).bit_length() - 1]]
                frontier |= m & walk
                touched &= ~m
            if not frontier:
                break
            reached |= frontier
            reach.append(reached)
            if reached & cells or len(reach) > limit:
                break
        self.frontier = frontier

    def narrowed(self, open_cells: int) -> Flood | None:
        """This flood over fewer open cells (a later turn: other players drew more lines). Its rings before the
        first one holding a newly closed cell stay as they are; the flood grows again from there. None when
        cells were opened (a fish taken) or the very first ring changed: then only a fresh flood will do."""
        if open_cells & ~self.open:
            return None
        closed = self.open & ~open_cells
        reach = self.reach
        if not reach[-1] & closed:
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
        kept = reach[:low]
        frontier = kept[-1] & ~kept[-2] if low > 1 else kept[0]
        return Flood(self.land, self.goal, open_cells, kept, frontier)


def goal_flood(state: State, seat: int, goal: int, through_lines: bool = False) -> Flood:
    """The flood from `goal` over the cells `seat`'s cats may walk today: not onto another player's line (unless
    `through_lines`), a shrine, a fish outside the goal, nor (sewer poppers) a sewer. Kept on the state, so the
    walled-off check and the greedy bot flood once between them; and it starts from the game's latest flood for
    the same player and goal, whose rings up to the other players' new lines still hold."""
    floods = state.floods
    if floods is None:
        floods = state.floods = {}
    key = (-1 if through_lines else seat, goal)
    flood = floods.get(key)
    if flood is None:
        land = state.game.terrain
        others = 0 if through_lines else _others(state, seat)
        open_cells = land.full & ~land.shrine & ~others & ~(state.fish & ~goal)
        if state.game.rules.sewer_poppers:
            open_cells &= ~land.sewer
        latest = state.game.floods.get(key)
        flood = latest.narrowed(open_cells) if latest is not None else None
        if flood is None:
            flood = Flood(land, goal, open_cells)
        floods[key] = state.game.floods[key] = flood
    return flood


def _way_out(state: State, cat: Cat, pocket: int, specials: int) -> bool:
    """Could a free jump (over the player's or the teammate's line), or a special move (with one left), made from
    some cell of the pocket land outside it?"""
    land = state.game.terrain
    every = state.every
    others = every & ~state.lines[cat.player]
    team = _team_lines(state, cat.player)
    free_sewers = land.sewer & ~state.blocked & ~others
    for i in _bits(pocket):
        for _, d, j in land.exits[i]:
            if pocket >> j & 1:
                continue
            if team >> j & 1:
                landing = _jump_landing(state, cat, i, d, team, every)
                if landing >= 0 and not pocket >> landing & 1:
                    return True
            if not specials:
                continue
            if free_sewers >> j & 1 and any(free_sewers >> t & 1 and not pocket >> t & 1 for t in land.partners[j]):
                return True
            if not state.game.rules.sewer_poppers and every >> j & 1:
                landing = _jump_landing(state, cat, i, d, every, every)
                if landing >= 0 and not pocket >> landing & 1:
                    return True
    return False


def _team_lines(state: State, seat: int) -> int:
    game = state.game
    team = game.team_of[seat]
    mask = 0
    for p, lines in enumerate(state.lines):
        if game.team_of[p] == team:
            mask |= lines
    return mask


def cat_moves(state: State, index: int, cat: Cat, specials: int, moves: list[Move]) -> None:
    """Adds the moves of one cat to `moves`."""
    moves.extend(_cat_moves(state, index, cat, specials))


def can_move(state: State, index: int, cat: Cat, specials: int) -> bool:
    """Has the cat a move? Stops at the first one found (usually a step)."""
    for _ in _cat_moves(state, index, cat, specials):
        return True
    return False


def _cat_moves(state: State, index: int, cat: Cat, specials: int):
    """The cat's moves, steps first, then jumps, then pops (the order the notation lists them in)."""
    game = state.game
    land, rules = game.terrain, game.rules
    seat = cat.player
    own = state.lines[seat]
    every = state.every
    others = every & ~own
    name = f"c{cat.number}"
    names = land.names
    # Where the head is: one cell, or every cell of the region it occupies (leaving it goes out of its border).
    many = cat.region != NO_REGION
    if many:
        starts = land.region_exits[cat.region]
        inside_building = not land.region_forest[cat.region]
        here = land.region_mask[cat.region]
    else:
        starts = land.exits[cat.head]
        inside_building = False
        here = 1 << cat.head
    # Most steps go onto a plain cell with no line and no fish: nothing more to check there.
    plain = 0 if inside_building else land.plain[rules.sewer_poppers] & ~others & ~state.fish
    for frm, d, j in starts:
        if plain >> j & 1 or not others >> j & 1 and _may_step(state, cat, j, 1 << j, own, others, every,
                                                                inside_building, specials):
            yield _new(Move, ("step", index, cat.number, d, j, frm if many else -1,
                              f"{name} {d} {names[j]}" if many else f"{name} {d}"))
    team = _team_lines(state, seat) if game.teams != game.players else own
    amazing = specials and not rules.sewer_poppers        # with sewer poppers a special move is a pop
    region_of = land.region_of
    for frm, d, j in starts:
        if not (every >> j & 1) or region_of[frm] != NO_REGION and region_of[j] == region_of[frm]:
            continue
        land_free = _jump_landing(state, cat, frm, d, team, every)
        if land_free >= 0:
            yield _new(Move, ("jump", index, cat.number, d, land_free, frm if many else -1,
                              f"{name} jump {d} {names[land_free]}" if many else f"{name} jump {d}"))
        # Where a free jump lands (on a cell with no line), an amazing jump over the same cells lands too: it is
        # no move of its own. Only where the free jump fails can the amazing one go elsewhere.
        if amazing and land_free < 0:
            target = _jump_landing(state, cat, frm, d, every, every)
            if target >= 0:
                yield _new(Move, ("amazing", index, cat.number, d, target, frm if many else -1,
                                  f"{name} amazing {d} {names[target]}" if many else f"{name} amazing {d}"))
    if specials:
        yield from _pops(state, index, cat, starts, here, others)


def _may_step(state: State, cat: Cat, j: int, bit: int, own: int, others: int, every: int, leaving_building: bool,
              specials: int) -> bool:
    game = state.game
    land, rules = game.terrain, game.rules
    if bit & others:
        return False
    if leaving_building and bit & own:
        return False                              # out of a building only into an empty cell
    region = land.region_of[j]
    if region != NO_REGION:
        if land.region_shrine[region]:
            return rules.jinja and specials < SPECIALS and not bit & every
        mask = land.region_mask[region]
        if not land.region_forest[region] and mask & others:
            return False                          # a building holding another player's line
        return True
    if bit & land.sewer and rules.sewer_poppers:
        return False
    if bit & state.fish:
        return _may_take_fish(land, cat, j)
    return True


def _may_take_fish(land: Terrain, cat: Cat, j: int) -> bool:
    if cat.fish:
        return False                              # one fish per cat
    return bool(land.beyond[land.row_half[cat.start_row]] >> j & 1)   # never on its own start side


def _jump_landing(state: State, cat: Cat, frm: int, d: str, jumpable: int, every: int) -> int:
    """Where a jump from cell `frm` in direction `d` over cells in `jumpable` lands, or -1. It crosses at least one
    such cell, no wall, shrine or map edge, and lands on the first cell with no line: a street, a sewer (not in the
    sewer-popper variants) or a fish the cat may take."""
    land = state.game.terrain
    step = land.step[d]
    j = step[frm]
    if j < 0 or not (jumpable >> j & 1):
        return -1
    shrine = land.shrine
    while True:
        if shrine >> j & 1:
            return -1
        if not (jumpable >> j & 1):
            break
        j = step[j]
        if j < 0:
            return -1
    bit = 1 << j
    if bit & (every | shrine) or land.region_of[j] != NO_REGION:
        return -1
    if bit & land.sewer and state.game.rules.sewer_poppers:
        return -1
    if bit & state.fish and not _may_take_fish(land, cat, j):
        return -1
    return j


def _pops(state: State, index: int, cat: Cat, starts, here: int, others: int):
    land = state.game.terrain
    free = land.sewer & ~state.blocked & ~others
    seen = set()
    for frm, d, s in starts:
        if not (free >> s & 1) or s in seen or here >> s & 1:
            continue
        seen.add(s)
        for t in land.partners[s]:
            if free >> t & 1:
                yield Move("pop", index, cat.number, "", t, s, f"c{cat.number} pop {land.names[s]}->{land.names[t]}")


# -- apply -------------------------------------------------------------------------------------------------------------

def apply(state: State, move: Move) -> State:
    """The state after `move` (one of legal_moves(state)); the next player (still in the game) is to move."""
    after = state.after
    if after is not None and after[0] is move:
        return after[1]                           # the bot tried this move already
    game = state.game
    seat = game.order[state.turn]
    team = game.team_of[seat]
    out, specials, used = state.out, state.specials, state.used
    lines, cats, fish, blocked, winner = state.lines, state.cats, state.fish, state.blocked, None
    if move.kind == "trapped":
        out = out[:team] + (True,) + out[team + 1:]
        winner = _last_team(game, out)
    elif move.kind != "pass":
        land = game.terrain
        cat = cats[move.cat]
        j = move.target
        bit = 1 << j
        drawn = bit
        region = land.region_of[j] if move.kind == "step" else NO_REGION
        if region != NO_REGION:
            if land.region_forest[region]:
                drawn = 0                         # a forest is not filled in
            else:
                drawn = land.region_mask[region]
                if land.region_shrine[region]:
                    specials = _with(specials, team, specials[team] + 1)
        if move.kind in ("amazing", "pop"):
            specials = _with(specials, team, specials[team] - 1)
            used = _with(used, seat, used[seat] + 1)
        if move.kind == "pop":
            drawn |= 1 << move.via
        elif bit & land.sewer:
            blocked |= bit                        # walked (or jumped) onto: no one pops here again
        took = bool(bit & fish)
        fish &= ~bit
        carrying = cat.fish or took
        head_cells = land.region_mask[region] if region != NO_REGION else bit
        home = carrying and bool(head_cells & land.row_mask[cat.start_row])
        cats = cats[:move.cat] + (Cat(seat, cat.number, j, region, cat.start_row, carrying, home),) \
            + cats[move.cat + 1:]
        lines = _with(lines, seat, lines[seat] | drawn)
        if home and all(c.home for c in cats if game.team_of[c.player] == team):
            winner = Result(tuple(p for p in range(game.players) if game.team_of[p] == team), "win")
    turn = state.turn
    if winner is None:
        turn = _next_turn(game, turn, out)
    state.after = (move, State(game, lines, cats, fish, blocked, specials, used, out, turn, winner))
    return state.after[1]


def _with(values: tuple, k: int, value) -> tuple:
    return values[:k] + (value,) + values[k + 1:]


def _next_turn(game: Game, turn: int, out: tuple[bool, ...]) -> int:
    count = len(game.order)
    for step in range(1, count + 1):
        t = (turn + step) % count
        if not out[game.team_of[game.order[t]]]:
            return t
    return turn


def _last_team(game: Game, out: tuple[bool, ...]) -> Result | None:
    """With one team left in, it wins; with none (cannot happen: the last is never asked), nobody."""
    left = [t for t in range(game.teams) if not out[t]]
    if len(left) > 1:
        return None
    return Result(tuple(p for p in range(game.players) if left and game.team_of[p] == left[0]), "trap")


# -- notation ----------------------------------------------------------------------------------------------------------

def parse_move(text: str, state: State) -> Move:
    """The legal move written `text` (as str(move) prints it; case and spacing are free)."""
    wanted = " ".join(str(text).split()).lower()
    for move in legal_moves(state):
        if move.name.lower() == wanted:
            return move
    seat = to_move(state) + 1
    raise InputError(f"move {text.strip()!r} is not legal for player {seat} here")
