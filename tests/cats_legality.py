"""A legality check for Cats moves, written from the rule text (DESIGN 9 "Cats") and NOT from the engine: it reads
the map's grid itself (cell letters, buildings, openings, sewers) and walks cells by (row, col). The engine's
state is read only for its plain facts (lines per player, cats, fish, blocked sewers, specials left).

`check(before, text, after)` returns the reason a move is illegal or its outcome wrong, or None when it is fine.
"""

from __future__ import annotations

import re

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SIDE = {"N": "n", "E": "e", "S": "s", "W": "w"}
BACK = {"n": "s", "s": "n", "e": "w", "w": "e"}


class Map:
    def __init__(self, design):
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
        self.jinja = design.jinja
        self.poppers = design.sewer_poppers
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
        return _check_no_move(before, text, after, design)
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
        if m.poppers and target in m.sewer:
            return "no stepping onto a sewer with sewer poppers"
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
        if m.poppers and cell in m.sewer:
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
    """pass and trapped: the player has no move the rules allow."""
    seat = before.game.order[before.turn]
    mine = [c for c in before.cats if c.player == seat]
    if text == "pass" and not all(c.home for c in mine):
        return "a player with a cat away from home cannot pass"
    found = legal_names(before, design)
    if found and not (text == "trapped" and any(_walled_off(before, cat, design) for cat in mine if not cat.home)):
        return f"{text} while {sorted(found)[0]} is legal"
    if after is not None and text == "trapped" and not after.out[before.game.team_of[seat]]:
        return "a trapped player stays in"
    return None


def _walled_off(before, cat, design) -> bool:
    """The seed's alternative end: the cat cannot walk to its goal (a far-side fish, then its start row) around the
    other players' lines, and no free jump over a teammate's line nor (with one left) a special move made from
    anywhere it can walk to lands beyond."""
    m = _map(design)
    seat = cat.player
    lines = _lines(before, m)
    others = set().union(*(l for p, l in enumerate(lines) if p != seat))
    every = set().union(*lines)
    fish = _cells(before.fish, m)
    start_half = m.half(cat.start_row + 1)
    if cat.fish:
        goal = {(cat.start_row + 1, c) for c in range(1, m.cols + 1)}
    else:
        goal = {f for f in fish if m.half(f[0]) != start_half}
    if not goal:
        return False                 # no fish left to take: not walled off by lines
    if m.jinja:
        goal |= {cell for cell, ch in m.kind.items() if ch == "J" and cell not in every}

    def walkable(cell) -> bool:
        if cell in others or (m.poppers and cell in m.sewer):
            return False
        if m.kind[cell] == "J":
            return m.jinja and cell not in every
        return cell not in fish or cell in goal

    start = _head_cells(cat, m, before)
    seen, todo = set(start), list(start)
    while todo:
        cell = todo.pop()
        if cell in goal:
            return False
        for d in DIRS:
            n = _next(cell, d, m)
            if n is None or n in seen or m.wall(cell, d) or not walkable(n):
                continue
            for x in (m.region(n) if m.kind[n] in "#Tt" else {n}):
                if x not in seen and (x == n or walkable(x)):
                    seen.add(x)
                    todo.append(x)
    specials = before.specials[before.game.team_of[seat]]
    for cell in seen:
        for d in DIRS:
            for kind in ("jump", "amazing"):
                for target in _jump_targets(before, cat, cell, d, kind, m):
                    if target not in seen and (kind == "jump" or specials):
                        return False
        if specials:
            for d in DIRS:
                s_in = _next(cell, d, m)
                if s_in in m.sewer and not m.wall(cell, d) and s_in not in _cells(before.blocked, m) \
                        and s_in not in others:
                    for s_out, colour in m.sewer.items():
                        if colour == m.sewer[s_in] and s_out[0] == s_in[0] and s_out != s_in and s_out not in seen \
                                and s_out not in _cells(before.blocked, m) and s_out not in others:
                            return False
    return True


def _jump_targets(before, cat, cell, d, kind, m: Map):
    """Where a jump of `kind` from `cell` in direction d would land (the rule text's jump, from any cell)."""
    seat = cat.player
    lines = _lines(before, m)
    every = set().union(*lines)
    team = set().union(*(lines[p] for p in _team(before, seat)))
    over = team if kind == "jump" else every
    if kind == "amazing" and m.poppers:
        return
    nxt = _next(cell, d, m)
    if nxt is None or nxt not in over or m.wall(cell, d):
        return
    while nxt is not None and nxt in over:
        if m.kind[nxt] == "J" or m.wall(nxt, d):
            return
        nxt = _next(nxt, d, m)
    if nxt is None or nxt in every or m.kind[nxt] != ".":
        return
    if m.poppers and nxt in m.sewer:
        return
    fish = _cells(before.fish, m)
    if nxt in fish and (cat.fish or m.half(nxt[0]) == m.half(cat.start_row + 1)):
        return
    yield nxt


def legal_names(before, design) -> set[str]:
    """Every move the rules allow the player to move, found by trying every cat, direction, cell and sewer pair."""
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


