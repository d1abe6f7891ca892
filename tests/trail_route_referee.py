"""A referee for The Cats' Trail Route, written from the rule text (the seed, DESIGN 5 "The Cats' Trail Route") and,
where the text is silent, from the readings the rule sheet lists under "How washigen reads the rules". It does NOT
use the engine's logic: it keeps its own table (road tiles, destinations, exchange deck, hands, cats, claims,
mouse toys, whose turn, the end) and walks tiles by (row, col) itself. From the engine it takes only its public
protocol: the move records (Swap, Rearrange, Slide, Nudge, Call, Mirror, Advance, Place), the policy calls
(pick_swap, pick_card, pick_finish, choose), new_state / place_first_cats / play_turn to drive a game, and the
live State's plain facts to compare against. The lists the engine offers (legal_swaps, legal_finishes, the options
of each choice, check_play's verdict on loose card plays) are compared with the referee's own.

Three ways in: `play_refereed` (a whole game, every swap, card, step 3 and choice checked as it happens and the
table compared after each step), `probe_table` (random tables no game reaches and single actions on them:
apply_swap, play_card, apply_finish, a landing), and the Referee's own checks (swap_problem, card_problem,
finishes) for tests by hand.

Places: (row, col), 0-based; road columns 0..6 from the destinations, col 7 (START) a row's starting position,
col -1 (DEST) its destinations. Cat k belongs to player k // 2 (two pawns each, as the engine numbers them).

The readings taken where the text is silent (the rule sheet's, i.e. the engine's):
- an arrow does not push a cat onto a wall or a cat, nor onto a tile the cat already landed on in the same chain of
  effects (one swap, card or finish; the Mirror's other cat starts a fresh chain);
- an arrow or card moving a cat right of column 7 puts it on its row's start if free, else it does not move;
- the choices a tile asks for belong to the owner of the cat that landed; Place a cat brings in that player's cat;
  Cat forward must be used when some cat can advance;
- a mouse toy with the exchange deck empty stays and is not claimed;
- a cat sent to a start (tunnel, empty destination row) with no start free leaves the board;
- Wherever Curiosity Leads moves onto a road tile (no wall, no cat) or a destination, never a start;
- Someone Calling: a cat on a start cannot be called; where the 2nd tile back is blocked the 1st must be open;
- The Cat in the Mirror never swaps a cat onto a wall, and resolves the other cat's tile only if my cat's chain did
  not move it;
- Hidden Passage 1..3 tiles; Deep Fog 2..4 connected; Living Path must not be a whole turn of the column;
- a player with no swap skips it; one with no advance or place ends the turn after the card;
- the tie-break "furthest forward": a cat's column, a cat on its start counting behind every road tile, a player
  with no cat on the board behind that;
- the game also stops after 200 rounds (the engine's limit; not in the rules).
"""

from __future__ import annotations

import random
from collections import Counter, deque

COLS = 7
START = 7
DEST = -1
END_CLAIMS = {3: 5, 4: 7}
MAX_ROUNDS = 200
STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
CARD_COPIES = {"hidden-passage": 4, "deep-fog": 4, "living-path": 2, "curiosity": 2, "someone-calling": 2,
               "mirror": 2}


class Disagreement(AssertionError):
    """The engine did something the rules (as read here) do not allow, or reached another position."""


def arrow(code: str, colour: str):
    """The direction a road tile pushes a cat of `colour`, or None. Codes: black-arrow-D, arrow-A-B-D."""
    parts = code.split("-")
    if code.startswith("black-arrow-"):
        return parts[-1]
    if parts[0] == "arrow" and len(parts) == 4:
        return parts[3] if colour in (parts[1], parts[2]) else None
    return None


def points(code: str, colour: str) -> int:
    parts = code.split("-")
    if parts[0] == "pair":
        return 5 if colour in parts[1:] else 3
    return int(parts[1])                       # fixed-4, fixed-3


class Referee:
    """The game's table by the rules, fed one turn at a time."""

    def __init__(self, setup):
        self.players = setup.players
        self.rows = len(setup.road)
        assert self.rows == {3: 5, 4: 6}[self.players], "rows for the player count"
        assert all(len(row) == COLS for row in setup.road)
        self.road = [list(row) for row in setup.road]
        self.dest = [list(row) for row in setup.destinations]      # [far left, touching the road]
        self.exchange = list(setup.exchange)                       # top first
        self.hands = [list(seat.hand) for seat in setup.seats]
        self.colours = [seat.colour for seat in setup.seats]
        assert len(set(self.colours)) == self.players
        self.check_setup(setup)
        self.pos: list = [None] * (2 * self.players)
        self.claims: list[list[str]] = [[] for _ in range(self.players)]
        self.mice = [0] * self.players
        self.turns = [0] * self.players
        self.current = 0
        self.trigger = False
        self.over = False
        self.reason = ""
        self.choices: deque = deque()
        self.where = "setup"
        self.moved: set = set()           # cats moved since the current card or step 3 began

    def check_setup(self, setup) -> None:
        """The table the rules lay out: 6 rows (5 with 3 players) of 7 road tiles and 2 destinations, the exchange
        deck of the box's exchange tiles (10 in the rules), 4 of the 16 hand cards to each player, a colour each."""
        problems = []
        if any(len(row) != 2 for row in setup.destinations) or len(setup.destinations) != self.rows:
            problems.append("destinations are not rows x 2")
        dealt = Counter(card for seat in setup.seats for card in seat.hand) + Counter(setup.undealt)
        if dealt != Counter(CARD_COPIES) or any(len(seat.hand) != 4 for seat in setup.seats):
            problems.append(f"the hands and undealt cards are not the 16 cards, 4 to a player: {dealt}")
        mix = setup.mix
        if Counter(setup.exchange) != Counter(mix.pool("exchange")):
            problems.append("the exchange deck is not the box's exchange tiles")
        if mix.source == "default" and len(setup.exchange) != 10:
            problems.append(f"{len(setup.exchange)} exchange tiles, the rules give 10")
        if Counter(code for row in setup.road for code in row) - Counter(mix.pool("road")):
            problems.append("road tiles the box does not hold")
        if Counter(code for row in setup.destinations for code in row) - Counter(mix.pool("destinations")):
            problems.append("destination tiles the box does not hold")
        if problems:
            raise Disagreement("setup: " + "; ".join(problems))

    @classmethod
    def from_state(cls, state) -> Referee:
        """A referee on the plain facts of an engine State (any table, not only a game's): for probing single
        actions from tables a game rarely reaches."""
        self = cls.__new__(cls)
        self.players, self.rows = state.players, state.rows
        self.road = [list(row) for row in state.road]
        self.dest = [list(row) for row in state.dest]
        self.exchange = list(state.exchange)
        self.hands = [list(hand) for hand in state.hands]
        self.colours = list(state.colours)
        assert all(cat.owner == k // 2 for k, cat in enumerate(state.cats)), "two pawns a player, in seat order"
        self.pos = [cat.pos for cat in state.cats]
        self.claims = [list(c) for c in state.claims]
        self.mice = [len(m) for m in state.mice]
        self.turns = list(state.turns)
        self.current, self.trigger, self.over, self.reason = state.current, state.trigger, state.over, state.end_reason
        self.choices, self.where, self.moved = deque(), "table", set()
        return self

    # -- facts --------------------------------------------------------------------------------------------------
    def owner(self, k: int) -> int:
        return k // 2

    def cats_of(self, p: int) -> list[int]:
        return [2 * p, 2 * p + 1]

    def cat_at(self, cell):
        for k, pos in enumerate(self.pos):
            if pos == cell:
                return k
        return None

    def open_starts(self) -> list[int]:
        return [r for r in range(self.rows) if self.cat_at((r, START)) is None]

    def is_road(self, cell) -> bool:
        return (isinstance(cell, tuple) and len(cell) == 2 and all(type(n) is int for n in cell)
                and 0 <= cell[0] < self.rows and 0 <= cell[1] < COLS)

    def wall(self, cell) -> bool:
        return self.is_road(cell) and self.road[cell[0]][cell[1]] == "wall"

    def open_road(self, cell) -> bool:
        """A road tile a cat may be moved onto: no wall, no cat ("no cat may move onto this tile")."""
        return self.is_road(cell) and not self.wall(cell) and self.cat_at(cell) is None

    def adjacent(self, a, b) -> bool:
        """Up/down/left/right; the top and bottom rows touch, the outer columns do not."""
        (r1, c1), (r2, c2) = a, b
        if c1 == c2:
            return r1 != r2 and ((r1 - r2) % self.rows in (1, self.rows - 1))
        return r1 == r2 and abs(c1 - c2) == 1

    def score(self, p: int) -> int:
        return sum(points(code, self.colours[p]) for code in self.claims[p]) + self.mice[p]

    def forward(self, p: int) -> int:
        cols = [pos[1] for k in self.cats_of(p) if (pos := self.pos[k]) is not None]
        return START - min(cols) if cols else -1

    def winners(self) -> list[int]:
        best = max(self.score(p) for p in range(self.players))
        tied = [p for p in range(self.players) if self.score(p) == best]
        front = max(self.forward(p) for p in tied)
        return [p for p in tied if self.forward(p) == front]

    # -- the choices the engine's players answered ---------------------------------------------------------------
    def ask(self, player: int, kind: str, options: list):
        if not self.choices:
            raise Disagreement(f"{self.where}: the rules ask player {player + 1} a {kind!r} choice among {options}; "
                               f"the engine asked none")
        got_player, got_kind, got_options, answer = self.choices.popleft()
        if (got_player, got_kind) != (player, kind):
            raise Disagreement(f"{self.where}: the rules ask player {player + 1} a {kind!r} choice among {options}; "
                               f"the engine asked player {got_player + 1} {got_kind!r} among {got_options}")
        if Counter(map(repr, got_options)) != Counter(map(repr, options)):
            raise Disagreement(f"{self.where}: player {player + 1}'s {kind!r} choice: the rules offer "
                               f"{sorted(options, key=repr)}, the engine offered {sorted(got_options, key=repr)}")
        if answer not in options:
            raise Disagreement(f"{self.where}: {kind!r} answer {answer!r} is not among {options}")
        return answer

    # -- tiles -----------------------------------------------------------------------------------------------------
    def move(self, k: int, cell, chain: set) -> None:
        self.pos[k] = cell
        self.land(k, chain)

    def land(self, k: int, chain: set) -> None:
        cell = self.pos[k]
        if cell is None:
            return
        chain.add((k, cell))
        self.moved.add(k)
        r, c = cell
        if c == DEST:
            self.reach(k)
            return
        if c == START:
            return
        code = self.road[r][c]
        direction = arrow(code, self.colours[self.owner(k)])
        if direction is not None:
            dr, dc = STEPS[direction]
            if c + dc < 0:
                self.move(k, (r, DEST), chain)
            elif c + dc >= COLS:
                if self.cat_at((r, START)) is None:
                    self.pos[k] = (r, START)
                    self.moved.add(k)
            else:
                target = ((r + dr) % self.rows, c + dc)
                if self.open_road(target) and (k, target) not in chain:
                    self.move(k, target, chain)
        elif code == "mouse-toy":
            if self.exchange:
                self.mice[self.owner(k)] += 1
                self.road[r][c] = self.exchange.pop(0)
        elif code == "cat-forward":
            options = [j for j in range(len(self.pos)) if self.can_advance(j)]
            if options:
                chosen = self.ask(self.owner(k), "forward", options)
                self.advance(chosen, chain)
        elif code == "place-a-cat":
            p = self.owner(k)
            waiting = [j for j in self.cats_of(p) if self.pos[j] is None]
            starts = self.open_starts()
            if waiting and starts:
                self.pos[waiting[0]] = (self.ask(p, "place", starts), START)
        elif code == "tunnel":
            self.to_start(k, "tunnel")

    def to_start(self, k: int, why: str) -> None:
        self.pos[k] = None
        starts = self.open_starts()
        if starts:
            self.pos[k] = (self.ask(self.owner(k), why, starts), START)

    def reach(self, k: int) -> None:
        p = self.owner(k)
        r = self.pos[k][0]
        far, near = self.dest[r]
        if near is None:
            assert far is None
            self.to_start(k, "return")
            return
        self.claims[p].append(near)
        self.dest[r] = [None, far]                   # the tile to its left shifts right into the gap
        self.pos[k] = None
        if sum(map(len, self.claims)) >= END_CLAIMS[self.players]:
            self.trigger = True
        if near == "fixed-3":
            starts = self.open_starts()
            if starts:
                row = self.ask(p, "bonus-place", [None, *starts])
                if row is not None:
                    self.pos[k] = (row, START)

    def can_advance(self, k: int) -> bool:
        pos = self.pos[k]
        if pos is None:
            return False
        r, c = pos
        return c == 0 or self.open_road((r, c - 1))

    def advance(self, k: int, chain: set) -> None:
        r, c = self.pos[k]
        self.move(k, (r, DEST if c == 0 else c - 1), chain)

    # -- step 1 ----------------------------------------------------------------------------------------------------
    def swaps(self) -> set:
        cells = [(r, c) for r in range(self.rows) for c in range(COLS) if self.cat_at((r, c)) is None]
        return {frozenset((a, b)) for a in cells for b in cells if a < b and self.adjacent(a, b)}

    def swap_problem(self, a, b) -> str | None:
        if not (self.is_road(a) and self.is_road(b)):
            return "only road tiles are swapped"
        if not self.adjacent(a, b):
            return "the tiles are not neighbours"
        if self.cat_at(a) is not None or self.cat_at(b) is not None:
            return "a tile with a cat cannot be swapped"
        return None

    # -- step 2 ----------------------------------------------------------------------------------------------------
    def connected(self, cells) -> bool:
        cells = list(cells)
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            here = todo.pop()
            for other in cells:
                if other not in seen and self.adjacent(here, other):
                    seen.add(other)
                    todo.append(other)
        return len(seen) == len(cells)

    def nudge_target(self, k, dr, dc):
        if not (type(k) is int and 0 <= k < len(self.pos)) or (dr, dc) not in EIGHT or self.pos[k] is None:
            return None
        r, c = self.pos[k]
        row, col = (r + dr) % self.rows, c + dc
        if col < 0:
            return (row, DEST)
        return (row, col) if self.open_road((row, col)) else None

    def call_target(self, k):
        if not (type(k) is int and 0 <= k < len(self.pos)) or self.pos[k] is None:
            return None
        r, c = self.pos[k]
        if c == START:
            return None

        def open_(col):
            if col == START:
                return self.cat_at((r, START)) is None
            return col < START and self.open_road((r, col))

        if open_(c + 2):
            return (r, c + 2)
        if open_(c + 1):
            return (r, c + 1)
        return None

    def mirror_ok(self, player, mine, other) -> bool:
        if not all(type(x) is int and 0 <= x < len(self.pos) for x in (mine, other)) or mine == other:
            return False
        if self.owner(mine) != player:
            return False
        a, b = self.pos[mine], self.pos[other]
        if a is None or b is None or b[1] < a[1]:
            return False
        return not (self.wall(a) or self.wall(b))

    def card_problem(self, player: int, play) -> str | None:
        card = getattr(play, "card", None)
        if card not in self.hands[player]:
            return f"player {player + 1} holds no {card!r}"
        kind = type(play).__name__
        if kind == "Rearrange":
            cells, order = tuple(play.cells), tuple(play.order)
            least, most = (1, 3) if card == "hidden-passage" else (2, 4)
            if card not in ("hidden-passage", "deep-fog"):
                return f"{card} does not rearrange"
            if not all(self.is_road(cell) for cell in cells):
                return "a chosen place is no road tile"
            if not least <= len(cells) <= most or len(set(cells)) != len(cells):
                return f"choose {least}..{most} different tiles"
            if any(self.cat_at(cell) is not None for cell in cells):
                return "a chosen tile holds a cat"
            if sorted(order) != list(range(len(cells))):
                return "not a rearrangement"
            if card == "deep-fog" and not self.connected(cells):
                return "not one connected group"
            return None
        if kind == "Slide":
            if card != "living-path":
                return f"{card} does not slide"
            if not (type(play.col) is int and 0 <= play.col < COLS and type(play.steps) is int):
                return "no such column"
            return None if play.steps % self.rows else "the column does not move"
        if kind == "Nudge":
            if card != "curiosity":
                return f"{card} does not nudge"
            return None if self.nudge_target(play.cat, play.dr, play.dc) is not None else "cannot move there"
        if kind == "Call":
            if card != "someone-calling":
                return f"{card} does not call"
            return None if self.call_target(play.cat) is not None else "cannot be called back"
        if kind == "Mirror":
            if card != "mirror":
                return f"{card} does not mirror"
            return None if self.mirror_ok(player, play.mine, play.other) else "those cats cannot swap"
        return f"{play!r} is no card play"

    def play_card(self, player: int, play) -> None:
        problem = self.card_problem(player, play)
        if problem:
            raise Disagreement(f"{self.where}: the engine played {play!r}, which the rules refuse: {problem}")
        self.hands[player].remove(play.card)
        kind = type(play).__name__
        chain: set = set()
        self.moved = set()
        if kind == "Rearrange":
            tiles = [self.road[r][c] for r, c in play.cells]
            for (r, c), source in zip(play.cells, play.order):
                self.road[r][c] = tiles[source]
        elif kind == "Slide":
            column = [self.road[r][play.col] for r in range(self.rows)]
            for r in range(self.rows):                        # down by `steps`: row r takes the tile from r - steps
                self.road[(r + play.steps) % self.rows][play.col] = column[r]
        elif kind == "Nudge":
            self.move(play.cat, self.nudge_target(play.cat, play.dr, play.dc), chain)
        elif kind == "Call":
            self.move(play.cat, self.call_target(play.cat), chain)
        elif kind == "Mirror":
            a, b = self.pos[play.mine], self.pos[play.other]
            self.pos[play.mine], self.pos[play.other] = b, a
            self.land(play.mine, chain)
            if play.other not in self.moved:
                self.moved = set()
                self.land(play.other, set())

    def all_card_plays(self, player: int, rng: random.Random, samples: int = 30) -> list:
        """Legal plays of the player's cards by these rules: every one for the four small cards, a sample of
        rearrangements (the engine's move records, built here)."""
        from washigen.games.trail_route.engine import Call, Mirror, Nudge, Rearrange, Slide
        plays: list = []
        hand = set(self.hands[player])
        if "living-path" in hand:
            plays += [Slide(c, s) for c in range(COLS) for s in range(-self.rows - 1, self.rows + 2)
                      if s % self.rows]
        if "curiosity" in hand:
            plays += [Nudge(k, dr, dc) for k in range(len(self.pos)) for dr, dc in EIGHT
                      if self.nudge_target(k, dr, dc) is not None]
        if "someone-calling" in hand:
            plays += [Call(k) for k in range(len(self.pos)) if self.call_target(k) is not None]
        if "mirror" in hand:
            plays += [Mirror(m, o) for m in self.cats_of(player) for o in range(len(self.pos))
                      if self.mirror_ok(player, m, o)]
        free = [(r, c) for r in range(self.rows) for c in range(COLS) if self.cat_at((r, c)) is None]
        for card in ("hidden-passage", "deep-fog"):
            if card not in hand:
                continue
            for _ in range(samples):
                if card == "hidden-passage":
                    cells = rng.sample(free, min(len(free), rng.choice((1, 2, 3))))
                else:
                    cells = [rng.choice(free)]
                    size = rng.choice((2, 3, 4))
                    while len(cells) < size:
                        edge = [f for f in free if f not in cells and any(self.adjacent(f, x) for x in cells)]
                        if not edge:
                            break
                        cells.append(rng.choice(edge))
                order = list(range(len(cells)))
                rng.shuffle(order)
                play = Rearrange(card, tuple(cells), tuple(order))
                if self.card_problem(player, play) is None:
                    plays.append(play)
        return plays

    # -- step 3 ----------------------------------------------------------------------------------------------------
    def finishes(self, player: int) -> set:
        found = {("advance", k) for k in self.cats_of(player) if self.can_advance(k)}
        if any(self.pos[k] is None for k in self.cats_of(player)):
            found |= {("place", row) for row in self.open_starts()}
        return found

    def finish(self, player: int, move) -> None:
        kind = type(move).__name__
        if kind == "Advance":
            if not (type(move.cat) is int and move.cat in self.cats_of(player) and self.can_advance(move.cat)):
                raise Disagreement(f"{self.where}: the engine advanced cat {move.cat}, which the rules refuse")
            self.moved = set()
            self.advance(move.cat, set())
        elif kind == "Place":
            if not (type(move.cat) is int and move.cat in self.cats_of(player) and self.pos[move.cat] is None
                    and move.row in self.open_starts()):
                raise Disagreement(f"{self.where}: the engine placed cat {move.cat} on row {move.row}, which the "
                                   f"rules refuse")
            self.pos[move.cat] = (move.row, START)
        else:
            raise Disagreement(f"{self.where}: {move!r} is no step 3")

    # -- whole turns -----------------------------------------------------------------------------------------------
    def first_places(self, choices: list) -> None:
        self.choices = deque(choices)
        self.where = "setup"
        for p in reversed(range(self.players)):
            self.pos[self.cats_of(p)[0]] = (self.ask(p, "first-place", self.open_starts()), START)
        self.done()

    def done(self) -> None:
        if self.choices:
            raise Disagreement(f"{self.where}: the engine asked choices the rules do not: {list(self.choices)}")

    def end_turn(self, player: int) -> None:
        self.turns[player] += 1
        if player == self.players - 1:
            if self.trigger:
                self.over, self.reason = True, "destinations"
            elif self.turns[player] >= MAX_ROUNDS:
                self.over, self.reason = True, "turn-limit"
        self.current = (player + 1) % self.players

    # -- comparing with the engine's State -------------------------------------------------------------------------
    def compare(self, state, what: str) -> None:
        def differ(name, mine, theirs):
            raise Disagreement(f"{what}: {name}: the rules give {mine}, the engine {theirs}")

        engine_pos = [c.pos for c in state.cats]
        for p in range(self.players):
            mine = sorted((self.pos[k] for k in self.cats_of(p)), key=repr)
            theirs = sorted((engine_pos[k] for k in self.cats_of(p)), key=repr)
            if mine != theirs:
                differ(f"player {p + 1} ({self.colours[p]}) cats", mine, theirs)
        for k in range(len(self.pos)):              # pawns of one player are alike: take the engine's numbering
            self.pos[k] = engine_pos[k]
        if [list(r) for r in state.road] != self.road:
            diffs = [((r, c), self.road[r][c], state.road[r][c]) for r in range(self.rows) for c in range(COLS)
                     if self.road[r][c] != state.road[r][c]]
            differ("road tiles (place, rules, engine)", diffs, "")
        if [list(d) for d in state.dest] != self.dest:
            differ("destinations", self.dest, state.dest)
        if list(state.exchange) != self.exchange:
            differ("exchange deck", self.exchange, state.exchange)
        for p in range(self.players):
            if Counter(state.hands[p]) != Counter(self.hands[p]):
                differ(f"player {p + 1}'s hand", sorted(self.hands[p]), sorted(state.hands[p]))
            if Counter(state.claims[p]) != Counter(self.claims[p]):
                differ(f"player {p + 1}'s destinations", sorted(self.claims[p]), sorted(state.claims[p]))
            if len(state.mice[p]) != self.mice[p]:
                differ(f"player {p + 1}'s mouse toys", self.mice[p], len(state.mice[p]))
            if state.score(p) != self.score(p):
                differ(f"player {p + 1}'s score", self.score(p), state.score(p))

    def compare_turn_end(self, state, what: str) -> None:
        self.compare(state, what)
        if bool(state.trigger) != self.trigger:
            raise Disagreement(f"{what}: the end triggered: rules {self.trigger}, engine {state.trigger}")
        if state.current != self.current:
            raise Disagreement(f"{what}: to move: the rules say player {self.current + 1}, the engine "
                               f"{state.current + 1}")
        if list(state.turns) != self.turns:
            raise Disagreement(f"{what}: turns taken: rules {self.turns}, engine {state.turns}")
        if bool(state.over) != self.over or (self.over and state.end_reason != self.reason):
            raise Disagreement(f"{what}: game over: the rules say {self.over} ({self.reason}), the engine "
                               f"{state.over} ({state.end_reason})")


# -- driving the engine's games through the referee ------------------------------------------------------------------

class Log:
    """What the players of the live game were asked this turn, and answered."""

    def __init__(self):
        self.live = None
        self.referee: Referee | None = None
        self.reset()

    def reset(self):
        self.choices: list = []
        self.swapped = False
        self.play = None
        self.card_applied = False
        self.finish = None
        self.finish_asked = False


class Watched:
    """A seat's policy, its every answer in the live game told to the referee as it is given."""

    def __init__(self, inner, log: Log, seat: int):
        self.inner, self.log, self.seat = inner, log, seat

    def choose(self, state, player, kind, options):
        answer = self.inner.choose(state, player, kind, options)
        if state is self.log.live:
            self.log.choices.append((player, kind, list(options), answer))
        return answer

    def pick_swap(self, state, player, swaps):
        ref, log = self.log.referee, self.log
        mine = ref.swaps()
        theirs = {frozenset((s.a, s.b)) for s in swaps}
        if mine != theirs:
            raise Disagreement(f"{ref.where}: swaps: the rules allow {len(mine)}, the engine offers {len(theirs)}; "
                               f"only the rules': {sorted(map(sorted, mine - theirs))[:5]}; only the engine's: "
                               f"{sorted(map(sorted, theirs - mine))[:5]}")
        choice = self.inner.pick_swap(state, player, swaps)
        problem = ref.swap_problem(choice.a, choice.b)
        if problem:
            raise Disagreement(f"{ref.where}: swap {choice}: {problem}")
        (r1, c1), (r2, c2) = choice.a, choice.b
        ref.road[r1][c1], ref.road[r2][c2] = ref.road[r2][c2], ref.road[r1][c1]
        log.swapped = True
        return choice

    def pick_card(self, state, player):
        ref, log = self.log.referee, self.log
        if not log.swapped and ref.swaps():
            raise Disagreement(f"{ref.where}: the engine skipped the swap; the rules require one of "
                               f"{len(ref.swaps())}")
        ref.compare(state, f"{ref.where}, after the swap")
        play = self.inner.pick_card(state, player)
        log.play = play
        return play

    def pick_finish(self, state, player, finishes):
        ref, log = self.log.referee, self.log
        apply_card(ref, log, state, player)
        mine = ref.finishes(player)
        theirs = {("advance", f.cat) if type(f).__name__ == "Advance" else ("place", f.row) for f in finishes}
        if mine != theirs:
            raise Disagreement(f"{ref.where}: step 3: the rules allow {sorted(mine)}, the engine offers "
                               f"{sorted(theirs)}")
        choice = self.inner.pick_finish(state, player, finishes)
        log.finish, log.finish_asked = choice, True
        return choice


def apply_card(ref: Referee, log: Log, state, player: int) -> None:
    if log.card_applied:
        return
    log.card_applied = True
    ref.choices = deque(log.choices)
    log.choices.clear()
    if log.play is not None:
        ref.where = f"{ref.where}, card {log.play}"
        ref.play_card(player, log.play)
    ref.done()
    ref.compare(state, f"{ref.where}, after step 2")


class RefereeRandom:
    """A player that picks among the moves the referee (not the engine) finds legal, cards included (a Hidden
    Passage of one tile, a Living Path slid upwards, every Mirror and Curiosity), and answers choices at random; it
    also asks the engine's check_play about plays the rules refuse and allow, to find a disagreement either way."""

    def __init__(self, rng: random.Random, log: Log, probes: int = 6):
        self.rng, self.log, self.probes = rng, log, probes

    def choose(self, state, player, kind, options):
        return self.rng.choice(options)

    def pick_swap(self, state, player, swaps):
        return self.rng.choice(swaps)

    def pick_card(self, state, player):
        from washigen.games.trail_route.engine import check_play
        ref = self.log.referee
        for play in wild_plays(ref, player, self.rng, self.probes):
            mine = ref.card_problem(player, play)
            theirs = check_play(state, player, play)
            if (mine is None) != (theirs is None):
                raise Disagreement(f"{ref.where}: card play {play}: the rules say "
                                   f"{'legal' if mine is None else 'illegal (' + mine + ')'}, the engine "
                                   f"{'legal' if theirs is None else 'illegal (' + theirs + ')'}")
        if self.rng.random() < 0.4:
            return None
        plays = ref.all_card_plays(player, self.rng, samples=6)
        return self.rng.choice(plays) if plays else None

    def pick_finish(self, state, player, finishes):
        return self.rng.choice(finishes)


def wild_plays(ref: Referee, player: int, rng: random.Random, count: int) -> list:
    """Card plays drawn loosely: often illegal (a cat's tile, tiles apart, no slide, a wall, another's cat)."""
    from washigen.games.trail_route.engine import Call, Mirror, Nudge, Rearrange, Slide
    cards = list(CARD_COPIES)
    cats = len(ref.pos)
    plays = []
    for _ in range(count):
        card = rng.choice(ref.hands[player] or cards) if rng.random() < 0.85 else rng.choice(cards)
        if card in ("hidden-passage", "deep-fog"):
            n = rng.randint(0, 5)
            cells = tuple((rng.randrange(ref.rows), rng.randrange(COLS)) for _ in range(n))
            if n and rng.random() < 0.5:                    # a group that grows by neighbours
                cells = [cells[0]]
                while len(cells) < n:
                    r, c = rng.choice(cells)
                    dr, dc = rng.choice(list(STEPS.values()))
                    cells.append(((r + dr) % ref.rows, c + dc))
                cells = tuple(cells)
            order = list(range(n))
            rng.shuffle(order)
            plays.append(Rearrange(card, cells, tuple(order)))
        elif card == "living-path":
            plays.append(Slide(rng.randrange(-1, COLS + 1), rng.randint(-2 * ref.rows, 2 * ref.rows)))
        elif card == "curiosity":
            plays.append(Nudge(rng.randrange(cats), rng.randint(-1, 1), rng.randint(-1, 1)))
        elif card == "someone-calling":
            plays.append(Call(rng.randrange(cats)))
        else:
            plays.append(Mirror(rng.randrange(cats), rng.randrange(cats)))
    return plays


def play_refereed(setup, policies: list, log: Log | None = None, max_turns: int | None = None) -> dict:
    """Plays a game of the engine with `policies` (one per seat, in the setup's order of play), every move held to
    a fresh referee. Returns a summary; raises Disagreement at the first difference."""
    from washigen.games.trail_route import engine
    log = log or Log()
    ref = Referee(setup)
    log.referee = ref
    watched = [p if isinstance(p, Watched) else Watched(p, log, n) for n, p in enumerate(policies)]
    state = engine.new_state(setup, watched)
    log.live = state
    engine.place_first_cats(state)
    ref.first_places(log.choices)
    log.choices = []
    ref.compare(state, "after the first cats")
    moves = 0
    while not state.over:
        player = state.current
        if player != ref.current:
            raise Disagreement(f"to move: rules player {ref.current + 1}, engine {player + 1}")
        log.reset()
        ref.where = f"round {ref.turns[player] + 1}, player {player + 1} ({ref.colours[player]})"
        turn_name = ref.where
        try:
            engine.play_turn(state, watched[player])
        except ValueError as error:
            raise Disagreement(f"{turn_name}: the engine refused a move the rules allow: {error}") from error
        apply_card(ref, log, state, player)
        ref.where = turn_name + (f", step 3 {log.finish}" if log.finish_asked else ", step 3")
        if not log.finish_asked:
            if ref.finishes(player):
                raise Disagreement(f"{ref.where}: the engine ended the turn with no step 3; the rules allow "
                                   f"{sorted(ref.finishes(player))}")
        else:
            ref.choices = deque(log.choices)
            ref.finish(player, log.finish)
            ref.done()
        ref.end_turn(player)
        ref.compare_turn_end(state, ref.where)
        moves += 1
        if max_turns is not None and moves >= max_turns:
            break
    if state.over:
        mine = ref.winners()
        theirs = engine.winners(state)
        if sorted(mine) != sorted(theirs):
            raise Disagreement(f"end: winners: the rules give {[p + 1 for p in mine]} (scores "
                               f"{[ref.score(p) for p in range(ref.players)]}), the engine {[p + 1 for p in theirs]}")
    return {"turns": moves, "over": state.over, "reason": state.end_reason, "state": state, "referee": ref}


def policies_for(names: list[str], seed: int, log: Log) -> list:
    """Engine policies by name (random, greedy, strong:N) and `referee` (RefereeRandom), each seeded from `seed`."""
    from washigen.games.trail_route.bots import make_policies
    rng = random.Random(seed)
    found = []
    for n, name in enumerate(names):
        if name == "referee":
            found.append(Watched(RefereeRandom(random.Random(rng.getrandbits(64)), log), log, n))
        else:
            found.append(Watched(make_policies([name], rng.getrandbits(64))[0], log, n))
    return found


# -- single actions from random tables --------------------------------------------------------------------------------

class Recorder:
    """A chooser answering at random, and noting each question and answer."""

    def __init__(self, rng: random.Random):
        self.rng, self.log = rng, []

    def choose(self, state, player, kind, options):
        answer = self.rng.choice(options)
        self.log.append((player, kind, list(options), answer))
        return answer


def random_table(rng: random.Random):
    """An engine State with random content (any tile anywhere, cats anywhere, on walls too, destinations rows
    partly or wholly claimed, a short or empty exchange deck, sometimes every start taken), and its chooser."""
    from washigen.games.trail_route.engine import Cat, State
    from washigen.games.trail_route.model import COLOURS, DEST_CODES, ROAD_CODES
    players = rng.choice((3, 4))
    rows = {3: 5, 4: 6}[players]
    weights = {"road": 6, "wall": 3, "tunnel": 2, "mouse-toy": 3, "cat-forward": 3, "place-a-cat": 2}
    codes = list(ROAD_CODES)
    road = [rng.choices(codes, [weights.get(c, 1) for c in codes], k=COLS) for _ in range(rows)]
    dest = []
    for _ in range(rows):
        left = rng.random()
        dest.append([None, None] if left < 0.2 else [None, rng.choice(DEST_CODES)] if left < 0.45
                    else [rng.choice(DEST_CODES), rng.choice(DEST_CODES)])
    exchange = [rng.choice(codes) for _ in range(rng.choice((0, 0, 1, 2, 5)))]
    cards = [card for card, copies in CARD_COPIES.items() for _ in range(copies)]
    hands = [rng.sample(cards, rng.randint(0, 4)) for _ in range(players)]
    colours = rng.sample(COLOURS, players)
    cells = [(r, c) for r in range(rows) for c in range(COLS)] + [(r, START) for r in range(rows)]
    rng.shuffle(cells)
    full_starts = rng.random() < 0.15
    cats = []
    for p in range(players):
        for _ in range(2):
            starts = [cell for cell in cells if cell[1] == START]
            if full_starts and starts:
                pos = starts[0]
                cells.remove(pos)
            else:
                pos = None if rng.random() < 0.25 else cells.pop()
            cats.append(Cat(p, colours[p], pos))
    chooser = Recorder(rng)
    state = State(players, rows, colours, road, dest, exchange, hands, cats, [chooser] * players)
    state.claims = [[rng.choice(DEST_CODES) for _ in range(rng.randint(0, 2))] for _ in range(players)]
    return state, chooser


def probe_table(seed: int, actions: int = 1) -> str:
    """A random table and `actions` actions on it one after another, each done by the engine (apply_swap,
    play_card, apply_finish, or a cat landing on a tile) and by the referee; raises Disagreement where they differ.
    Returns the kind of the last action ("none" where the table allows none)."""
    rng = random.Random(seed)
    state, chooser = random_table(rng)
    ref = Referee.from_state(state)
    kind = "none"
    for n in range(actions):
        chooser.log.clear()
        kind = probe_action(state, ref, chooser, rng, f"table {seed} action {n + 1}")
    return kind


def probe_action(state, ref: Referee, chooser: Recorder, rng: random.Random, where: str) -> str:
    from washigen.games.trail_route import engine
    from washigen.games.trail_route.engine import Advance, Place, Swap
    player = rng.randrange(state.players)
    action = rng.choice(["swap", "card", "card", "finish", "land", "land"])
    ref.where = where
    if action == "swap":
        mine = ref.swaps()
        theirs = {frozenset((s.a, s.b)) for s in engine.legal_swaps(state)}
        if mine != theirs:
            raise Disagreement(f"{ref.where}: legal swaps: only the rules' {list(mine - theirs)[:3]}, only the "
                               f"engine's {list(theirs - mine)[:3]}")
        if not mine:
            return "none"
        a, b = sorted(rng.choice(sorted(mine, key=sorted)))
        ref.where += f", swap {a} {b}"
        engine.apply_swap(state, Swap(a, b))
        (r1, c1), (r2, c2) = a, b
        ref.road[r1][c1], ref.road[r2][c2] = ref.road[r2][c2], ref.road[r1][c1]
    elif action == "card":
        for play in wild_plays(ref, player, rng, 8):
            mine, theirs = ref.card_problem(player, play), engine.check_play(state, player, play)
            if (mine is None) != (theirs is None):
                raise Disagreement(f"{ref.where}: player {player + 1}'s {play}: the rules say {mine or 'legal'}, "
                                   f"the engine {theirs or 'legal'}")
        plays = ref.all_card_plays(player, rng, samples=4)
        if not plays:
            return "none"
        play = rng.choice(plays)
        ref.where += f", player {player + 1} plays {play}"
        try:
            engine.play_card(state, player, play)
        except ValueError as error:
            raise Disagreement(f"{ref.where}: the engine refused it: {error}") from error
        ref.choices = deque(chooser.log)
        ref.play_card(player, play)
        ref.done()
    elif action == "finish":
        mine = ref.finishes(player)
        theirs = {("advance", f.cat) if isinstance(f, Advance) else ("place", f.row)
                  for f in engine.legal_finishes(state, player)}
        if mine != theirs:
            raise Disagreement(f"{ref.where}: player {player + 1}'s step 3: the rules allow {sorted(mine)}, the "
                               f"engine {sorted(theirs)}")
        if not mine:
            return "none"
        kind, arg = rng.choice(sorted(mine))
        waiting = [k for k in ref.cats_of(player) if ref.pos[k] is None]
        move = Advance(arg) if kind == "advance" else Place(waiting[0], arg)
        ref.where += f", player {player + 1}: {move}"
        engine.apply_finish(state, move)
        ref.choices = deque(chooser.log)
        ref.finish(player, move)
        ref.done()
    else:
        k = rng.randrange(len(state.cats))
        cell = (rng.randrange(state.rows), rng.randrange(COLS))
        if state.cat_at(cell) not in (None, k):
            return "none"
        ref.where += f", cat {k} lands on {cell} ({state.road[cell[0]][cell[1]]})"
        state.new_chain()
        engine.move(state, k, cell)
        ref.choices = deque(chooser.log)
        ref.moved = set()
        ref.move(k, cell, set())
        ref.done()
    ref.compare(state, ref.where)
    if bool(state.trigger) != ref.trigger:
        raise Disagreement(f"{ref.where}: the end triggered: rules {ref.trigger}, engine {state.trigger}")
    return action
