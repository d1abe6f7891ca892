"""A legality check for Cats moves, written from the rule text (DESIGN 9 "Cats") and NOT from the engine: it reads
the map's grid itself (cell letters, buildings, openings, sewers) and walks cells by (row, col). The engine's
state is read only for its plain facts (lines per player, cats, fish, blocked sewers, specials left, who is out).

`check(before, text, after)` returns the reason a move is illegal or its outcome wrong (a player put out who is not
trapped among them), or None when it is fine. `trapped_teams(state, design)` is the rule text's answer to "who is
trapped here", found by searching every sequence of each cat's own moves for a way to its goals (`way_home`), cell
by cell and slowly; `missed_traps(before, after, design)` names the players a move trapped that the engine left in.

The reading of "trapped" (DESIGN 9, and the engine's docstring): a player is out when one of its unfinished cats
can no longer reach a far-side fish it may take and then its start row by any sequence of its own steps, free jumps
and, with special moves left, amazing jumps, pops and (jinja mode) shrine visits, every line as it stands and the
lines its own pops draw on their sewers (where cats may not step on a sewer, a free jump over the cat's own line is
the only way past one it popped through); a fish on its own side is never entered, unless another cat of its team
may still take it (then its cell may yet be free); the cat may use all of its team's special moves, walk its own
path again and re-enter a shrine. Outside team play a player with no move at all is out too. Checked after every
move, the mover's team last: a move that traps everyone else wins.
"""

from __future__ import annotations

import re

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SIDE = {"N": "n", "E": "e", "S": "s", "W": "w"}
BACK = {"n": "s", "s": "n", "e": "w", "w": "e"}


class Map:
    def __init__(self, design):
        self.design = design
        grid = design.grid
        self.rows, self.cols = len(grid.rows), len(grid.rows[0])
        self.kind = {(r + 1, c + 1): ch for r, line in enumerate(grid.rows) for c, ch in enumerate(line)}
        self.building = {}
        self.doors = set()
        for k, b in enumerate(grid.buildings):
            for cell in b.cells:
                self.building[tuple(cell)] = k
            for o in b.openings:
                self.doors.add((o.row, o.col, o.side))
        self.buildings = [set(map(tuple, b.cells)) for b in grid.buildings]
        self.sewer = {(s.row, s.col): s.colour for s in grid.sewers}
        self.coop = design.coop
        self.players = design.players
        self.jinja = design.jinja
        self.poppers = design.sewer_poppers
        # Sewer poppers keep cats off the sewers with 2 players, and with more on a map wider than the 2-player one
        # (one segment wide); on a map of the standard width sewers are stepped on (and blocked) as usual.
        self.dry = design.sewer_poppers and (design.players == 2 or self.cols > design.segment_cols)
        self.forests = self._forests()

    def _forests(self) -> dict:
        """Forest cell -> the set of cells of its forest (touching T cells form one; a shrub is alone)."""
        found = {}
        for cell, ch in self.kind.items():
            if ch not in "Tt" or cell in found:
                continue
            part, todo = {cell}, [cell]
            while todo and ch == "T":
                r, c = todo.pop()
                for dr, dc in DIRS.values():
                    n = (r + dr, c + dc)
                    if self.kind.get(n) == "T" and n not in part:
                        part.add(n)
                        todo.append(n)
            for x in part:
                found[x] = part
        return found

    def index(self, cell) -> int:
        return (cell[0] - 1) * self.cols + cell[1] - 1

    def cell(self, index: int):
        return index // self.cols + 1, index % self.cols + 1

    def inside(self, cell) -> bool:
        return 1 <= cell[0] <= self.rows and 1 <= cell[1] <= self.cols

    def wall(self, a, d: str) -> bool:
        """Is there a black wall between cell a and its neighbour in direction d?"""
        b = (a[0] + DIRS[d][0], a[1] + DIRS[d][1])
        ka, kb = self.building.get(a), self.building.get(b)
        if ka is None and kb is None:
            return False
        if ka is not None and ka == kb:
            return False
        side = SIDE[d]
        return not ((ka is not None and (a[0], a[1], side) in self.doors)
                    or (kb is not None and (b[0], b[1], BACK[side]) in self.doors))

    def region(self, cell):
        """The cells a cat entering `cell` occupies: its building, its forest, or just the cell."""
        if cell in self.building:
            return self.buildings[self.building[cell]]
        return self.forests.get(cell, {cell})

    def half(self, row: int) -> int:
        return 0 if 2 * row < self.rows + 1 else 1 if 2 * row > self.rows + 1 else -1


def _lines(state, m: Map) -> list[set]:
    return [_cells(mask, m) for mask in state.lines]


def _cells(mask: int, m: Map) -> set:
    found = set()
    while mask:
        low = mask & -mask
        found.add(m.cell(low.bit_length() - 1))
        mask ^= low
    return found


def _team(state, seat: int) -> set:
    team = state.game.team_of
    return {p for p in range(len(state.lines)) if team[p] == team[seat]}


_MAPS: dict = {}


def _map(design) -> Map:
    key = id(design)
    if key not in _MAPS or _MAPS[key][0] is not design:
        _MAPS[key] = (design, Map(design))
    return _MAPS[key][1]


def check(before, text: str, after, design) -> str | None:
    m = _map(design)
    seat = before.game.order[before.turn]
    team = before.game.team_of[seat]
    lines = _lines(before, m)
    others = set().union(*(l for p, l in enumerate(lines) if p != seat))
    teams = set().union(*(lines[p] for p in _team(before, seat)))
    every = set().union(*lines)
    fish = _cells(before.fish, m)
    blocked = _cells(before.blocked, m)
    specials = before.specials[team]
    if text in ("pass", "trapped"):
        why = _check_no_move(before, text, after, design)
        if why is None and after is not None and text == "pass":
            why = _outs(before, after, design)
        return why
    match = re.fullmatch(r"c(\d) (?:(jump|amazing) )?([NESW])(?: r(\d+)c(\d+))?|c(\d) pop r(\d+)c(\d+)->r(\d+)c(\d+)",
                         text)
    if not match:
        return f"unreadable move {text!r}"
    number = int(match.group(1) or match.group(6))
    cats = [c for c in before.cats if c.player == seat and c.number == number]
    if len(cats) != 1:
        return f"player {seat + 1} has no cat c{number}"
    cat = cats[0]
    if cat.home:
        return "a cat at home moves no more"
    head_cells = _head_cells(cat, m, before)
    start_half = m.half(cat.start_row + 1)

    def fish_ok(cell) -> str | None:
        if cell not in fish:
            return None
        if m.half(cell[0]) == start_half:
            return f"fish at {cell} lies on the cat's own start side"
        if cat.fish:
            return "the cat already carries a fish"
        return None

    if match.group(6):                                       # a pop
        if specials <= 0:
            return "no special move left for a pop"
        s_in = (int(match.group(7)), int(match.group(8)))
        s_out = (int(match.group(9)), int(match.group(10)))
        if s_in not in m.sewer or s_out not in m.sewer or s_in == s_out:
            return "a pop goes from one sewer to another"
        if m.sewer[s_in] != m.sewer[s_out] or s_in[0] != s_out[0]:
            return "a pop goes to a sewer of the same colour in the same row"
        if s_in in blocked or s_out in blocked:
            return "a blocked sewer lets no one in or out"
        if s_in in others or s_out in others:
            return "the sewer holds another player's line"
        if not any(_next(h, d, m) == s_in and not m.wall(h, d) for h in head_cells for d in DIRS):
            return "the head is not next to the sewer it pops into"
        return _outcome(before, after, cat, s_out, {s_in, s_out}, m, special=True, block=False)
    kind = match.group(2) or "step"
    d = match.group(3)
    named = (int(match.group(4)), int(match.group(5))) if match.group(4) else None
    origins = [h for h in head_cells if _next(h, d, m) is not None and _next(h, d, m) not in head_cells
               and not m.wall(h, d)]
    if _inside(cat, m) and named is None:
        return "a cat in a building, forest or shrine names the cell it moves to"
    if kind == "step":
        targets = [_next(h, d, m) for h in origins]
        if named is not None:
            targets = [t for t in targets if t == named]
        if not targets:
            return f"no open edge {d} from the cat"
        target = targets[0]
        if target in others:
            return f"{target} holds another player's line"
        ch = m.kind[target]
        if ch == "J":
            if not m.jinja:
                return "a jinja shrine is closed"
            if specials >= 2:
                return "a shrine opens only to a player who used a special move"
            if target in every:
                return "this shrine is filled already"
        if _inside(cat, m) and m.kind[m.cell(cat.head)] in "#J" and target in every:
            return "out of a building only into an empty cell"
        region = m.region(target)
        if m.kind[target] == "#" and region & others:
            return "the building holds another player's line"
        if m.dry and target in m.sewer:
            return "no stepping onto a sewer with sewer poppers on this map"
        why = fish_ok(target)
        if why:
            return why
        drawn = set() if m.kind[target] in "Tt" else (region if m.kind[target] in "#J" else {target})
        gain = 1 if ch == "J" else 0
        return _outcome(before, after, cat, target, drawn, m, special=False, block=target in m.sewer, gain=gain)
    if kind == "amazing" and (specials <= 0 or m.poppers):
        return "no amazing jump: no special left, or sewer poppers"
    over = teams if kind == "jump" else every
    for h in origins:
        cell, crossed, fails = _next(h, d, m), 0, None
        while cell is not None and cell in over:
            if m.kind[cell] == "J":
                fails = "a jump crosses no shrine"
                break
            crossed += 1
            if m.wall(cell, d) or _next(cell, d, m) is None:
                fails = "a jump crosses no wall or map edge"
                break
            cell = _next(cell, d, m)
        if fails or crossed == 0 or (named is not None and cell != named):
            continue
        if cell in every or m.kind[cell] not in ".":
            continue
        if m.dry and cell in m.sewer:
            continue
        if fish_ok(cell):
            continue
        if kind == "amazing" and not (set(_run(h, d, m, cell)) - teams):
            return "an amazing jump over no other player's line is a free jump"
        return _outcome(before, after, cat, cell, {cell}, m, special=kind == "amazing", block=cell in m.sewer)
    return f"no {kind} {d} possible from here"


def _run(h, d, m, stop):
    cell = _next(h, d, m)
    while cell != stop:
        yield cell
        cell = _next(cell, d, m)


def _next(cell, d, m: Map):
    n = (cell[0] + DIRS[d][0], cell[1] + DIRS[d][1])
    return n if m.inside(n) else None


def _inside(cat, m: Map) -> bool:
    """A head on a building, forest or shrine cell got there by entering it: the cat occupies all of it."""
    return m.kind[m.cell(cat.head)] in "#TtJ"


def _head_cells(cat, m: Map, state) -> set:
    head = m.cell(cat.head)
    return set(m.region(head)) if _inside(cat, m) else {head}


def _outcome(before, after, cat, target, drawn, m: Map, special: bool, block: bool, gain: int = 0) -> str | None:
    why = _drawn_outcome(before, after, cat, target, drawn, m, special, block, gain)
    if why is None and after is not None:
        return _outs(before, after, m.design)
    return why


def _drawn_outcome(before, after, cat, target, drawn, m: Map, special: bool, block: bool, gain: int) -> str | None:
    """The state after: the line drawn, the fish taken, the sewer blocked, the special crossed off, home. With no
    state after (None), only whether the move may be made is asked."""
    if after is None:
        return None
    seat = cat.player
    team = before.game.team_of[seat]
    new = [c for c in after.cats if c.player == seat and c.number == cat.number][0]
    if m.cell(new.head) != target:
        return f"the head ended on {m.cell(new.head)}, not {target}"
    drawn_now = _cells(after.lines[seat] & ~before.lines[seat], m)
    if not drawn_now <= set(drawn) or not (set(drawn) - _cells(before.lines[seat], m)) <= drawn_now:
        return f"the line drawn {sorted(drawn_now)} is not {sorted(drawn)}"
    for p, mask in enumerate(after.lines):
        if p != seat and mask != before.lines[p]:
            return "another player's line changed"
    took = target in _cells(before.fish, m)
    gone = _cells(before.fish & ~after.fish, m)
    if gone != ({target} if took else set()) or new.fish != (cat.fish or took):
        return "the fish was not taken as the rules say"
    want = before.specials[team] - (1 if special else 0) + gain
    if after.specials[team] != want:
        return f"special moves left {after.specials[team]}, expected {want}"
    if block and target not in _cells(after.blocked, m):
        return "a sewer stepped on was not blocked"
    region = m.region(target) if m.kind[target] in "#TtJ" else {target}
    home = new.fish and any(r == cat.start_row + 1 for r, _ in region)
    if new.home != home:
        return f"home is {new.home}, the rules say {home}"
    return None


def _check_no_move(before, text, after, design) -> str | None:
    """pass and trapped: the player has no move the rules allow. Outside team play such a player is trapped (and
    in a game already out: only a position set up by hand gets here); in team play, or with every cat home, it
    passes."""
    m = _map(design)
    seat = before.game.order[before.turn]
    mine = [c for c in before.cats if c.player == seat]
    found = legal_names(before, design)
    if found:
        return f"{text} while {sorted(found)[0]} is legal"
    passes = m.coop or all(c.home for c in mine)
    if text == "pass" and not passes:
        return "outside team play a player with no move at all is trapped, it does not pass"
    if text == "trapped" and passes:
        return "a player in team play, or with every cat home, passes"
    if after is not None and text == "trapped" and not after.out[before.game.team_of[seat]]:
        return "a trapped player stays in"
    return None


def _outs(before, after, design) -> str | None:
    """Every team the move put out is trapped by the rule text; the mover's only while another team is left."""
    went = [t for t, now in enumerate(after.out) if now and not before.out[t]]
    if not went:
        return None
    trapped = trapped_teams(after, design, among=set(went))
    for team in went:
        if team not in trapped:
            return f"team {team + 1} was put out, but the rule text finds it a way out"
    mover = before.game.team_of[before.game.order[before.turn]]
    if mover in went and all(after.out):
        return "the mover's team was put out with everyone else: it wins instead"
    return None


def missed_traps(before, after, design) -> set[int]:
    """The teams (0-based) still in after a move that the rule text finds trapped: the engine should have put them
    out. The mover's team is spared when every other team is out."""
    if after.winner is not None:
        return set()
    left = {t for t, out in enumerate(after.out) if not out}
    trapped = trapped_teams(after, design, among=left)
    mover = before.game.team_of[before.game.order[before.turn]]
    if mover in left and left - {mover} <= trapped:
        trapped.discard(mover)
    return trapped


def trapped_teams(state, design, among: set | None = None) -> set[int]:
    """The teams (0-based, of those in `among`, else of those still in) with a player that is trapped: one of its
    unfinished cats has no way home (`way_home`), or, outside team play, it has no move at all."""
    m = _map(design)
    game = state.game
    found = set()
    for team in range(game.teams):
        if (team not in among) if among is not None else state.out[team]:
            continue
        for seat in range(len(state.lines)):
            if game.team_of[seat] != team:
                continue
            cats = [c for c in state.cats if c.player == seat and not c.home]
            if any(not way_home(state, cat, design) for cat in cats) \
                    or (not m.coop and cats and not legal_names(state, design, seat)):
                found.add(team)
                break
    return found


def way_home(state, cat, design) -> bool:
    """Does some sequence of the cat's own moves bring it to a far-side fish it may take and then to its start row
    (or, carrying a fish, to its start row)? Every line as it stands, and the lines the cat's own pops draw on
    their two sewers on its way; the team's special moves all the cat's; a fish on its own side that another cat
    of its team may still take counts as gone. A breadth-first search over (the cells the cat occupies, special
    moves left, carrying a fish, the sewers it popped through).

    The sewers popped through matter where cats are kept off the sewers: there a free jump over the cat's own
    line on such a sewer is the only way past it (elsewhere the cat steps over the sewer as well, so they are not
    kept, and the search stays small)."""
    m = _map(design)
    seat = cat.player
    if not cat.fish and not any(m.half(f[0]) != m.half(cat.start_row + 1) for f in _cells(state.fish, m)):
        return True                  # no fish left on the far side: no line walls it off (a set-up by hand)
    lines = _lines(state, m)
    others = set().union(*(l for p, l in enumerate(lines) if p != seat))
    every = set().union(*lines)
    team_lines = set().union(*(lines[p] for p in _team(state, seat)))
    fish = _cells(state.fish, m)
    mates = [c for c in state.cats if (c.player, c.number) != (cat.player, cat.number) and not c.home
             and not c.fish and c.player in _team(state, seat)]
    fish -= {f for f in fish if any(m.half(f[0]) != m.half(c.start_row + 1) for c in mates)}
    blocked = _cells(state.blocked, m)
    start_half = m.half(cat.start_row + 1)
    specials = state.specials[state.game.team_of[seat]]
    start = (frozenset(_head_cells(cat, m, state)), specials, bool(cat.fish), frozenset())
    seen, todo = {start}, [start]
    while todo:
        here, left, carry, popped = todo.pop()
        if carry and any(r == cat.start_row + 1 for r, _ in here):
            return True
        for place in _next_places(here, left, carry, popped, m, others, every, team_lines, fish, blocked,
                                  start_half):
            if place not in seen:
                seen.add(place)
                todo.append(place)
    return False


def _next_places(here, left, carry, popped, m: Map, others, every, team_lines, fish, blocked, start_half):
    """Where one move of the cat takes it: (cells occupied, special moves left, carrying a fish, the sewers it
    popped through where cats are kept off the sewers). A free jump crosses the team's lines and those sewers."""
    room = any(m.kind[h] in "#J" for h in here)           # a building or shrine is left only into an empty cell
    own = team_lines | popped

    def arrive(cell, spent):
        """The place after landing on `cell` by a jump or pop, or None where the cat may not land."""
        if cell in every or m.kind[cell] != "." or (m.dry and cell in m.sewer and spent != "pop"):
            return None
        if cell in fish:
            if carry or m.half(cell[0]) == start_half:
                return None
            return frozenset({cell}), left - (spent != "free"), True, popped
        return frozenset({cell}), left - (spent != "free"), carry, popped

    for h in here:
        for d in DIRS:
            n = _next(h, d, m)
            if n is None or n in here or m.wall(h, d):
                continue
            kind = m.kind[n]
            if n not in others and not (room and n in every):          # a step
                if kind == "J":
                    if m.jinja and left < 2 and n not in every:
                        yield frozenset({n}), left + 1, carry, popped
                elif kind in "#Tt":
                    region = m.region(n)
                    if not (kind == "#" and region & others):
                        yield frozenset(region), left, carry, popped
                elif m.dry and n in m.sewer:
                    pass
                elif n in fish:
                    if not carry and m.half(n[0]) != start_half:
                        yield frozenset({n}), left, True, popped
                else:
                    yield frozenset({n}), left, carry, popped
            for over, spent in ((own, "free"), (every, "special")):
                if spent == "special" and (left <= 0 or m.poppers):
                    continue
                cell = n
                while cell is not None and cell in over and m.kind[cell] != "J" and not m.wall(cell, d):
                    cell = _next(cell, d, m)
                if cell is not None and cell != n and cell not in over:
                    place = arrive(cell, spent)
                    if place is not None:
                        yield place
            if left > 0 and n in m.sewer and n not in blocked and n not in others:        # a pop
                for out, colour in m.sewer.items():
                    if colour == m.sewer[n] and out[0] == n[0] and out != n and out not in blocked \
                            and out not in others:
                        yield frozenset({out}), left - 1, carry, popped | {n, out} if m.dry else popped


def legal_names(before, design, seat: int | None = None) -> set[str]:
    """Every move the rules allow the player to move (or `seat`), found by trying every cat, direction, cell and
    sewer pair."""
    if seat is not None and seat != before.game.order[before.turn]:
        before = _as_if_to_move(before, seat)
    seat = before.game.order[before.turn]
    m = _map(design)
    found = set()
    for cat in before.cats:
        if cat.player != seat or cat.home:
            continue
        for d in DIRS:
            for kind in ("", "jump ", "amazing "):
                for target in _candidate_cells(cat, m, before):
                    move = f"c{cat.number} {kind}{d}{target}"
                    if check(before, move, None, design) is None:
                        found.add(move)
        for s_in, colour in m.sewer.items():
            for s_out, colour2 in m.sewer.items():
                if colour == colour2 and s_in[0] == s_out[0] and s_in != s_out:
                    move = f"c{cat.number} pop r{s_in[0]}c{s_in[1]}->r{s_out[0]}c{s_out[1]}"
                    if check(before, move, None, design) is None:
                        found.add(move)
    return found


def _as_if_to_move(state, seat: int):
    """The same position with `seat` to move (its facts copied, nothing else)."""
    copy = type(state)(state.game, state.lines, state.cats, state.fish, state.blocked, state.specials, state.used,
                       state.out, state.game.order.index(seat), None)
    return copy


def _candidate_cells(cat, m: Map, state):
    """"" for a cat on one cell; for a cat in a region, every cell in a row or column of the region (where a step
    or a jump out of it can end)."""
    cells = _head_cells(cat, m, state)
    if not _inside(cat, m):
        yield ""
        return
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    for r in range(1, m.rows + 1):
        for c in range(1, m.cols + 1):
            if r in rows or c in cols:
                yield f" r{r}c{c}"


