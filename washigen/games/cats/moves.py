"""Tokyo Washi Game Cats: what a position is and which moves it allows. The map compiled into a `Terrain`, the
immutable `State`, `Move` and its notation's parts, and legal move generation (steps, free and amazing jumps,
sewer pops, leaving a region). engine.py applies the moves and judges the game; trap.py, which decides whether a
cat can still get home, reads the same positions and moves, so both build on this module."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .board import Board
from .model import SHRINE, CatsMap, CatsSetup, Grid

DIRS = "NESW"
DIR_STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SPECIALS = 2
NO_REGION = -1
ENTERED_KEPT = 1 << 16      # answers Terrain.regions_of keeps (a few thousand come up in a 200-game balance)
ENTERED_BYTES = 64 << 20    # and at most about this much memory for them: on the largest maps an answer is 4 KB


# -- the map, compiled ---------------------------------------------------------------------------------------------

class Terrain:
    """Everything the rules ask of a map's cells, indexed by bit (row-major, 0-based)."""

    def __init__(self, grid: Grid):
        board = Board(grid)
        # A second board with the shrines read as street: its edges are the ones a jinja cat may take into a
        # shrine (and out of one); the normal board's edges never touch a shrine.
        open_board = Board(Grid(rows=tuple(r.replace(SHRINE, ".") for r in grid.rows), buildings=grid.buildings,
                                sewers=grid.sewers))
        self.rows, self.cols, self.n = R, C, N = board.rows, board.cols, board.n
        self.shrine = board.shrine
        self.sewer = board.sewer
        self.forest = board.forest
        self.east, self.south = board.east, board.south      # normal steps (no shrine), for the bots' searches
        self.jeast, self.jsouth = E, S = open_board.east, open_board.south    # any open edge, shrines included
        self.buildings_and_forests = board.region_all
        # step[d][i]: the cell one step in direction d through an open edge (shrines included), or -1.
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
        self.region_outside = [~m for m in self.region_mask]      # each region's complement (regions_of)
        # rooms: the cells a cat leaves only into an empty cell (buildings and shrines; a forest is left freely).
        self.rooms = (board.region_all & ~board.forest) | self.shrine
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
        self.partner_mask = {i: sum(1 << j for j in ts) for i, ts in self.partners.items()}
        self.row_mask = [((1 << C) - 1) << (r * C) for r in range(R)]
        # Tables the move generator and the floods read every turn, so no turn re-derives them cell by cell.
        self.full = (1 << N) - 1
        self.exits = [tuple((i, d, self.step[d][i]) for d in DIRS if self.step[d][i] >= 0) for i in range(N)]
        self.around_cell = [self.around(1 << i) for i in range(N)]          # around(), one cell at a time
        # ray[d][i]: the cells straight on from cell i in direction d, through open edges, up to a wall or the edge.
        self.ray = {d: [0] * N for d in DIRS}
        for d in DIRS:
            step, ray = self.step[d], self.ray[d]
            for i in range(N):
                j = step[i]
                while j >= 0:
                    ray[i] |= 1 << j
                    j = step[j]
        self.names = [f"r{i // C + 1}c{i % C + 1}" for i in range(N)]
        self.row_half = [self.half(r * C) for r in range(R)]
        # beyond[h]: the cells not on half h, where a cat that started on half h may take a fish.
        self.beyond = {h: sum(1 << i for i in range(N) if self.half(i) != h) for h in (-1, 0, 1)}
        # plain[dry]: the cells a step enters with no rule beyond lines and fish (no building, forest or shrine;
        # no sewer where the variant keeps cats off them). walkable[dry]: the cells a walk may cross at all;
        # landing[dry]: where a jump may land, lines and fish aside.
        regions = sum(1 << i for i in range(N) if self.region_of[i] != NO_REGION)
        self.plain = (self.full & ~regions, self.full & ~regions & ~self.sewer)
        self.walkable = (self.full & ~self.shrine, self.full & ~self.shrine & ~self.sewer)
        # step_cells[j]: the cells a step onto cell j occupies (all of a building, forest or shrine).
        self.step_cells = [self.region_mask[k] if k != NO_REGION else 1 << i for i, k in enumerate(self.region_of)]
        self.landing = self.plain
        self.move_names: dict = {}
        # What a cat may do from each cell or region, lines aside, made once a map (engine._move_table), by (index
        # into the cats, the cat's number, its cell or -1 - its region).
        self.moves_at: dict = {}
        # trap._way_home's latest walk from a fish to a home row, by (dry, the fish's cell, the row).
        self.ways_home: dict = {}
        # entered[touched]: every cell of the buildings and forests that the cells `touched` lie in (regions_of).
        self.entered: dict[int, int] = {}
        self.entered_kept = min(ENTERED_KEPT, ENTERED_BYTES // (2 * (N // 8 + 32)))

    def regions_of(self, touched: int) -> int:
        """Every cell of the buildings and forests that the cells `touched` (of buildings and forests) lie in: a
        flood entering one occupies all of it. Its callers look in `entered` first; the answer is kept there (up to
        entered_kept answers, then begun afresh): the floods of a map come into its buildings the same few ways
        again and again. The regions are taken from the highest cell down (bit_length allocates nothing, where the
        lowest cell takes two integers as wide as the map), each cleared by its kept complement: on the largest
        maps, with tens of thousands of ways in, this was a third of a game's time."""
        whole, rest = 0, touched
        region_of, masks, outside = self.region_of, self.region_mask, self.region_outside
        while rest:
            k = region_of[rest.bit_length() - 1]
            whole |= masks[k]
            rest &= outside[k]
        if len(self.entered) >= self.entered_kept:
            self.entered.clear()         # full (the largest maps): the ways in of the games now played come back
        self.entered[touched] = whole
        return whole

    def half(self, i: int) -> int:
        """0 for the top half of the map, 1 for the bottom half, -1 for the middle row of an odd map."""
        twice = 2 * (i // self.cols)
        return 0 if twice < self.rows - 1 else 1 if twice > self.rows - 1 else -1

    def cell_name(self, i: int) -> str:
        return self.names[i]

    def grow(self, cells: int, empty: int) -> int:
        """The cells one step from `cells` through an open edge; out of a building or shrine only into `empty`."""
        E, S, C = self.jeast, self.jsouth, self.cols
        rooms = cells & self.rooms
        if rooms:
            free = cells & ~rooms
            return ((((free & E) << 1) | ((free >> 1) & E) | ((free & S) << C) | ((free >> C) & S))
                    | ((((rooms & E) << 1) | ((rooms >> 1) & E) | ((rooms & S) << C) | ((rooms >> C) & S)) & empty))
        return ((cells & E) << 1) | ((cells >> 1) & E) | ((cells & S) << C) | ((cells >> C) & S)

    def around(self, cells: int) -> int:
        """The cells one step from `cells` through an open edge, whatever they hold."""
        E, S, C = self.jeast, self.jsouth, self.cols
        return ((cells & E) << 1) | ((cells >> 1) & E) | ((cells & S) << C) | ((cells >> C) & S)


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
    dry: bool = False            # sewer poppers keep cats off the sewers (2 players, or a wider map)
    # The greedy bot's latest goal flood for each (seat, goal): the next turn's flood starts from it (bots.py).
    floods: dict = field(default_factory=dict, compare=False, repr=False)
    # What balance measures the cats' progress with (playtest.progress), kept apart from the bot's floods: its own
    # floods by (seat, goal), and each cat's latest steps left by (seat, cat number).
    progress_floods: dict = field(default_factory=dict, compare=False, repr=False)
    progress_steps: dict = field(default_factory=dict, compare=False, repr=False)
    # Each cat's moves by what decides them (moves._cat_moves): the same position around a cat gives the same moves.
    cat_moves: dict = field(default_factory=dict, compare=False, repr=False)
    # The trap check's teams and their cats, in the order it asks them, by the mover's team (trap._check_order).
    check_order: dict = field(default_factory=dict, compare=False, repr=False)
    # The last move applied, as [(state, move, state after)]: the greedy bot tries its move, then the match plays it
    # (engine.apply). One for the game, not one a state: kept on every state, each state would hold the next, and a
    # caller holding a game's first state would keep every state of it, their floods and routes, to its end.
    applied: list = field(default_factory=lambda: [None], compare=False, repr=False)
    # The last legal_moves asked, as [(state, moves)]: apply checks its move against them (the match asks for the
    # moves, then applies one of them).
    legal: list = field(default_factory=lambda: [None], compare=False, repr=False)


class State:
    """One moment of a game. Treat as immutable: apply() returns a new one."""
    __slots__ = ("game", "lines", "cats", "fish", "blocked", "specials", "used", "out", "turn", "winner", "every",
                 "floods", "routes")

    def __init__(self, game: Game, lines: tuple[int, ...], cats: tuple[Cat, ...], fish: int, blocked: int,
                 specials: tuple[int, ...], used: tuple[int, ...], out: tuple[bool, ...], turn: int,
                 winner: Result | None, every: int | None = None) -> None:
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
        if every is None:                            # apply() passes it on: the lines before and the new cells
            every = 0
            for mask in lines:
                every |= mask
        self.every: int = every                      # every player's lines
        # Caches, not part of the state: the bot's goal floods on this state and each cat's way to its goals (see
        # _keep_route), None until the trap check has looked.
        self.floods: dict | None = None
        self.routes: tuple | None = None

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


_new = tuple.__new__        # builds a Move or Cat from a tuple without NamedTuple's keyword-handling __new__

PASS = Move("pass", -1, 0, "", -1, -1, "pass")
TRAPPED = Move("trapped", -1, 0, "", -1, -1, "trapped")


def rules_of(design: CatsMap) -> Rules:
    return Rules(jinja=design.jinja, sewer_poppers=design.sewer_poppers)


def turn_order(players: int, coop: bool) -> tuple[int, ...]:
    """Seats in turn order: 0, 1, 2, ...; in team play the teams alternate (0, 2, 1, 3 / 0, 2, 4, 1, 3, 5)."""
    if not coop:
        return tuple(range(players))
    return tuple(range(0, players, 2)) + tuple(range(1, players, 2))


# -- legal moves -------------------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every move the player to move may make; never empty while the game is on."""
    if state.winner is not None:
        return []
    game = state.game
    seat = game.order[state.turn]
    specials = state.specials[game.team_of[seat]]
    moves: list[Move] = []
    for index, cat in enumerate(state.cats):
        if cat.player == seat and not cat.home:
            _cat_moves(state, index, cat, specials, moves)
    if not moves:
        # Team play: home, or held up until the teammate's lines give it a jump; else only in a position set up by
        # hand, which apply() ends by putting the player out.
        moves = [PASS if game.teams != game.players or all(c.home for c in state.cats if c.player == seat)
                 else TRAPPED]
    game.legal[0] = (state, moves)
    return moves


def goal_of(state: State, cat: Cat) -> int:
    """The cells a cat heads for: a fish it may take (on the far side of its start row), then its start row."""
    land = state.game.terrain
    if cat.fish:
        return land.row_mask[cat.start_row]
    return state.fish & land.beyond[land.row_half[cat.start_row]]


def _team_lines(state: State, seat: int) -> int:
    game = state.game
    if game.teams == game.players:
        return state.lines[seat]
    team = game.team_of[seat]
    mask = 0
    for p, lines in enumerate(state.lines):
        if game.team_of[p] == team:
            mask |= lines
    return mask


def cat_moves(state: State, index: int, cat: Cat, specials: int, moves: list[Move]) -> None:
    """Adds the moves of one cat to `moves`."""
    _cat_moves(state, index, cat, specials, moves)


def can_move(state: State, index: int, cat: Cat, specials: int) -> bool:
    """Has the cat a move?"""
    found: list[Move] = []
    _cat_moves(state, index, cat, specials, found, first=True)
    return bool(found)


def _name(land: Terrain, key: tuple) -> str:
    """The notation of a move, made once per map: (number, kind, direction, target, via)."""
    name = land.move_names.get(key)
    if name is None:
        number, kind, d, j, via = key
        if kind == "pop":
            name = f"c{number} pop {land.names[via]}->{land.names[j]}"
        else:
            word = "" if kind == "step" else kind + " "
            name = f"c{number} {word}{d}" + (f" {land.names[j]}" if via >= 0 else "")
        land.move_names[key] = name
    return name


def _cat_moves(state: State, index: int, cat: Cat, specials: int, moves: list[Move], first: bool = False) -> None:
    """The cat's moves, steps first, then jumps, then pops (the order the notation lists them in). With `first`,
    it stops at the first move found. A cat's moves are kept on the game by what its zone holds (see _move_table):
    the cat that did not move, and the one that moved where nothing changed since, have them already."""
    game = state.game
    land = game.terrain
    own = state.lines[cat.player]
    region = cat.region
    # Where the head is: one cell, or every cell of the region it occupies (leaving it goes out of its border).
    key = (index, cat.number, cat.head if region == NO_REGION else -1 - region)
    table = land.moves_at.get(key)
    if table is None:
        table = land.moves_at[key] = _move_table(land, index, cat)
    zone = table[-1]
    every = state.every
    seen: tuple                          # what decides the moves: the cat, its special moves, its zone's cells
    if game.teams == game.players:
        team = own
        seen = (index, cat, specials, every & zone, own & zone, state.fish & zone, state.blocked & zone)
    else:                                # team play: the teammate's lines are jumped free
        team = _team_lines(state, seat=cat.player)
        seen = (index, cat, specials, every & zone, own & zone, state.fish & zone, state.blocked & zone, team & zone)
    known = game.cat_moves.get(seen)
    if known is None:
        known = []
        _fresh_cat_moves(state, index, cat, specials, known, first, table, own, team)
        if first:
            moves.extend(known)
            return
        game.cat_moves[seen] = known
    moves.extend(known[:1] if first else known)


def _fresh_cat_moves(state: State, index: int, cat: Cat, specials: int, moves: list[Move], first: bool, table: tuple,
                     own: int, team: int) -> None:
    """_cat_moves, found anew from the cat's `table` (_move_table)."""
    game = state.game
    land = game.terrain
    every = state.every
    others = every & ~own
    steps, starts, inside_building, here, near, _ = table
    # Most steps go onto a plain cell with no line and no fish: nothing more to check there.
    plain = 0 if inside_building else land.plain[game.dry] & ~others & ~state.fish
    for j, move in steps:
        if plain >> j & 1 or not others >> j & 1 and _may_step(state, cat, j, own, every, inside_building,
                                                                specials):
            moves.append(move)
            if first:
                return
    if every & near:
        if _jump_moves(state, index, cat, specials, moves, first, starts, team, every) and first:
            return
    if specials:
        free = land.sewer & ~state.blocked & ~others
        if not near & free:
            return
        number, names = cat.number, land.move_names
        seen = set()
        for frm, d, s in starts:
            if not (free >> s & 1) or s in seen or here >> s & 1:
                continue
            seen.add(s)
            for t in land.partners[s]:
                if free >> t & 1:
                    name_key = (number, "pop", "", t, s)
                    moves.append(_new(Move, ("pop", index, number, "", t, s,
                                             names.get(name_key) or _name(land, name_key))))
                    if first:
                        return


def _move_table(land: Terrain, index: int, cat: Cat) -> tuple:
    """What a cat standing where `cat` stands may do, lines and fish aside: its steps (each with its move, made
    once a map), the ways out of its cell or region, whether it stands inside a building or shrine, its cells, the
    cells next to them and its zone (_zone)."""
    region = cat.region
    many = region != NO_REGION
    if many:
        starts = land.region_exits[region]
        inside_building = not land.region_forest[region]
        here = land.region_mask[region]
    else:
        starts = land.exits[cat.head]
        inside_building = False
        here = 1 << cat.head
    number = cat.number
    steps = []
    for frm, d, j in starts:
        via = frm if many else -1
        key = (number, "step", d, j if many else -1, via)
        steps.append((j, _new(Move, ("step", index, number, d, j, via, _name(land, key)))))
    near = land.around(here)
    return tuple(steps), starts, inside_building, here, near, _zone(land, starts, near)


def _zone(land: Terrain, starts, near: int) -> int:
    """The cells whose lines, fish and blocked sewers decide a cat's moves: the cells next to it, the building or
    forest each step enters (whole: a line anywhere in it bars the step), each jump's ray up to the wall or the
    map's edge, and the partners of each sewer it may pop into."""
    zone = near
    for frm, d, j in starts:
        region = land.region_of[j]
        if region != NO_REGION:
            zone |= land.region_mask[region]
        zone |= land.ray[d][frm] | land.partner_mask.get(j, 0)
    return zone


def _jump_moves(state: State, index: int, cat: Cat, specials: int, moves: list[Move], first: bool, starts,
                team: int, every: int) -> bool:
    """Adds the cat's jumps (free, then amazing where the free one fails) to `moves`; True when one was added."""
    game = state.game
    land = game.terrain
    region = cat.region
    many = region != NO_REGION
    number, names = cat.number, land.move_names
    amazing = specials and not game.rules.sewer_poppers       # with sewer poppers a special move is a pop
    region_of = land.region_of
    found = False
    for frm, d, j in starts:
        if not (every >> j & 1) or many and region_of[j] == region:
            continue
        via = frm if many else -1
        land_free = _jump_landing(state, cat, frm, d, team, every) if team >> j & 1 else -1
        if land_free >= 0:
            key = (number, "jump", d, land_free if many else -1, via)
            moves.append(_new(Move, ("jump", index, number, d, land_free, via, names.get(key) or _name(land, key))))
            found = True
            if first:
                return True
        # Where a free jump lands (on a cell with no line), an amazing jump over the same cells lands too: it is
        # no move of its own. Only where the free jump fails can the amazing one go elsewhere.
        elif amazing:
            target = _jump_landing(state, cat, frm, d, every, every)
            if target >= 0:
                key = (number, "amazing", d, target if many else -1, via)
                moves.append(_new(Move, ("amazing", index, number, d, target, via,
                                         names.get(key) or _name(land, key))))
                found = True
                if first:
                    return True
    return found


def _may_step(state: State, cat: Cat, j: int, own: int, every: int, leaving_building: bool, specials: int) -> bool:
    """May the cat step onto cell j, which holds no other player's line?"""
    game = state.game
    land = game.terrain
    bit = 1 << j
    if leaving_building and bit & own:
        return False                              # out of a building only into an empty cell
    region = land.region_of[j]
    if region != NO_REGION:
        if land.region_shrine[region]:
            return game.rules.jinja and specials < SPECIALS and not bit & every
        mask = land.region_mask[region]
        if not land.region_forest[region] and mask & every & ~own:
            return False                          # a building holding another player's line
        return True
    if bit & land.sewer and game.dry:
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
    such cell, no wall, shrine or map edge, and lands on the first cell with no line: a street, a sewer (not where
    sewer poppers keep cats off them) or a fish the cat may take."""
    land = state.game.terrain
    ray = land.ray[d][frm]                  # the cells straight on from frm, up to a wall or the map's edge
    stops = ray & ~(jumpable & ~land.shrine)
    if not stops:
        return -1                                 # the run reaches the wall or the edge
    # The nearest cell that ends the run: the lowest bit going east or south, the highest going west or north.
    j = (stops & -stops).bit_length() - 1 if d == "E" or d == "S" else stops.bit_length() - 1
    if j == land.step[d][frm] or land.shrine >> j & 1:
        return -1                                 # nothing jumped over, or a shrine in the way
    if not land.landing[state.game.dry] >> j & 1 or every >> j & 1:
        return -1
    if state.fish >> j & 1 and not _may_take_fish(land, cat, j):
        return -1
    return j


def _last_team(game: Game, out: tuple[bool, ...]) -> Result | None:
    """With one team left in, it wins; with none (cannot happen: the last is never asked), nobody."""
    left = [t for t in range(game.teams) if not out[t]]
    if len(left) > 1:
        return None
    return Result(tuple(p for p in range(game.players) if left and game.team_of[p] == left[0]), "trap")
