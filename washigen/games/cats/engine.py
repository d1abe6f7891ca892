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
  pass            team play: this player's cat is home, or has no move while its team is still in
Cats are numbered per player in the order of the set-up (top row first, then left to right); rows and columns
count from 1. A trapped player makes no move of its own: the move that traps it puts it out (see below), and a
game log notes it on a comment line. Logs written before read `trapped` on the trapped player's turn; `trapped`
still parses where a player is to move with no move at all (a position set up by hand), and gamelog.replay skips
the old lines.

Trapped (the seed's alternative end), checked after every move for every player still in, the mover included:
a player is out as soon as it is certain that it can no longer bring both of its cats home, that is when one of
its unfinished cats cannot reach its goals (a far-side fish it may take, then any cell of its start row) by any
sequence of its own moves: steps, free jumps, and with special moves left amazing jumps, pops from any sewer it
can reach to any open sewer of the colour in the row, and in jinja mode visits to open shrines that give a special
move back. "One cat" and not "every cat": a player wins only with both cats home, so one cat walled off for good
is a game it cannot win; keeping it in would let it win by trapping the others later. The search reads the map
with every line as it stands (lines only grow and sewers only close) and errs towards playing on: it lets the cat
use all of the team's special moves, walk over its own path again, re-enter a shrine, and treats a fish on its own
side as gone where another cat of its team may still take it; a fish on the cat's own side is otherwise never a
way home. The lines the cat's own way draws count where they open one: a free jump over streets it walked onto
goes nowhere its steps do not, but where sewer poppers keep cats off the sewers the only way past a sewer the cat
popped through (in or out) is a free jump over its own line there, so each way the search follows keeps the
sewers it popped through, and its later free jumps cross them. Without special moves this is exactly: steps and
free jumps cannot bring the cat to its goals (no pop, so no line of its own on a sewer it may not step on). A player
with no move at all is out too (outside team play: nothing can free it); in team play it passes, for the teammate's
lines may yet give it a jump. With 2 players a trapped player loses at once; with more it is out and the others
play on, the last team in winning. When one move traps the mover and everyone else, the mover wins.

The check costs little: each cat keeps a route to its goals found by walking, which stays good while no other
player's line, no taken fish and no line on a cell stepped into out of a building touches it; only a route broken
is sought again, and only a cat with no walk left is searched with its special moves (trap.py).

Where the seed leaves a choice open, the readings below are ours (README and the rule sheet repeat them):
- a cat inside a building, forest or shrine occupies all of it: it leaves, jumps or pops from any of its cells;
- a jump or pop that lands on a sewer blocks it just as a step does (the lid now holds a line), except the two
  sewers of a pop, which stay open; where sewer poppers keep cats off the sewers nothing but a pop lands on one;
- sewer poppers keep cats off the sewers with 2 players and on maps wider than the standard 2-player one (4 to 6
  competitive players); on a standard-width map (3 players, 4- and 6-player team play) sewers are stepped on;
- in team play a step into the teammate's line is refused (it is another player's line); only jumps pass it free;
- a shrine entered in jinja mode is filled like a one-cell building and gives its special move back once;
- in team play seats alternate between teams (1, 3, 2, 4 with four players; 1, 3, 5, 2, 4, 6 with six).
"""

from __future__ import annotations

from ...errors import InputError
from ...words import N_, Says
from .model import CatsMap, CatsSetup, table
from .moves import (NO_REGION, PASS, SPECIALS, TRAPPED, Cat, Game, Move, Result, Rules, State, Terrain, _last_team,
                    _new, can_move, goal_of, legal_moves, rules_of, terrain, turn_order)
from .rules import poppers_keep_off_sewers
from .wellformed import check_on_map
from . import trap


def initial_state(design: CatsMap, setup: CatsSetup, rules: Rules | None = None, seed: int = 0,
                  first: int = 0) -> State:
    """The game as set up: every cat's line is its start cell. `first` is the seat that moves first (seats keep
    their turn order after it). Cats has no chance in it, so `seed` changes nothing; it is kept for the protocol."""
    seats = table(design.players, design.coop)
    land = terrain(design.grid)
    rules = rules or rules_of(design)
    team_of = tuple(seats.team(p + 1) - 1 for p in range(design.players))
    order = turn_order(design.players, design.coop)
    # A seat is a whole number (not a bool, a float or a text): anything else was a TypeError or a ValueError of
    # tuple.index, not a refusal.
    whole = isinstance(first, int) and not isinstance(first, bool)
    if not whole or not 0 <= first < design.players:
        raise InputError(Says(N_("first seat: must be 1..{players}, got {seat}"), players=design.players,
                              seat=first + 1 if whole else repr(first)))
    _check_drawings(setup, land)
    dry = rules.sewer_poppers and poppers_keep_off_sewers(design.players, design.coop)
    game = Game(land, rules, design.players, team_of, order, seats.teams, design, setup, dry)
    lines = [0] * design.players
    cats = []
    numbers = [0] * design.players
    for d in sorted(setup.cats, key=lambda d: (d.row, d.col)):
        p = d.player - 1
        if not 0 <= p < design.players:
            raise InputError(Says(N_("{field}: player {player} does not sit at a {players}-player map"), field="cats",
                                  player=d.player, players=design.players))
        i = (d.row - 1) * land.cols + d.col - 1
        numbers[p] += 1
        lines[p] |= 1 << i
        cats.append(Cat(p, numbers[p], i, NO_REGION, d.row - 1, False, False))
    fish = 0
    for d in setup.fish:
        fish |= 1 << ((d.row - 1) * land.cols + d.col - 1)
    state = State(game, tuple(lines), tuple(cats), fish, 0, (SPECIALS,) * seats.teams, (0,) * design.players,
                  (False,) * seats.teams, order.index(first), None)
    trap.check_traps(state, None, -1, None, 0, 0)
    if state.out[game.team_of[order[state.turn]]] and state.winner is None:
        state.turn = _next_turn(game, state.turn, state.out)
    return state


def _check_drawings(setup: CatsSetup, land: Terrain) -> None:
    """Every fish and cat lies on the map: a set-up given straight to the engine (not loaded from a file, which
    wellformed checks) with a drawing off it was an IndexError, or a fish's bit a negative shift; now the refusal a
    file gets, naming the drawing."""
    for name, items in (("cats", setup.cats), ("fish", setup.fish)):
        for k, d in enumerate(items):
            check_on_map(d, land.rows, land.cols, f"{name}[{k}]")


def to_move(state: State) -> int:
    return state.game.order[state.turn]


def result(state: State) -> Result | None:
    return state.winner


# -- apply -------------------------------------------------------------------------------------------------------------

def apply(state: State, move: Move) -> State:
    """The state after `move`, one of legal_moves(state) (any other, or a move after the end, raises ValueError
    saying which); every player it leaves trapped is out, and the next player still in is to move."""
    game = state.game
    applied = game.applied[0]
    if applied is not None and applied[0] is state and applied[1] is move:
        return applied[2]                         # the bot tried this move already
    if state.winner is not None:                  # a move after the end would take the win back
        raise ValueError(f"move {move} after the end of the game")
    if not _is_legal(state, move):
        raise ValueError(f"move {str(move)!r}: not a legal move for player {game.order[state.turn] + 1} here")
    seat = game.order[state.turn]
    team = game.team_of[seat]
    out, specials, used = state.out, state.specials, state.used
    lines, cats, fish, blocked, winner = state.lines, state.cats, state.fish, state.blocked, None
    drawn = 0
    kind = move.kind
    if kind == "trapped":
        out = out[:team] + (True,) + out[team + 1:]
        winner = _last_team(game, out)
    elif kind != "pass":
        land = game.terrain
        cat = cats[move.cat]
        j = move.target
        bit = 1 << j
        drawn = bit
        region = land.region_of[j] if kind == "step" else NO_REGION
        if region != NO_REGION:
            if land.region_forest[region]:
                drawn = 0                         # a forest is not filled in
            else:
                drawn = land.region_mask[region]
                if land.region_shrine[region]:
                    specials = _with(specials, team, specials[team] + 1)
        if kind == "amazing" or kind == "pop":
            specials = _with(specials, team, specials[team] - 1)
            used = _with(used, seat, used[seat] + 1)
        if kind == "pop":
            drawn |= 1 << move.via
        elif bit & land.sewer:
            blocked |= bit                        # walked (or jumped) onto: no one pops here again
        took = bool(bit & fish)
        fish &= ~bit
        carrying = cat.fish or took
        head_cells = land.region_mask[region] if region != NO_REGION else bit
        home = carrying and bool(head_cells & land.row_mask[cat.start_row])
        cats = cats[:move.cat] + (_new(Cat, (seat, cat.number, j, region, cat.start_row, carrying, home)),) \
            + cats[move.cat + 1:]
        drawn &= ~lines[seat]
        lines = lines[:seat] + (lines[seat] | drawn,) + lines[seat + 1:]
        if home and all(c.home for c in cats if game.team_of[c.player] == team):
            winner = Result(tuple(p for p in range(game.players) if game.team_of[p] == team), "win")
    new = State(game, lines, cats, fish, blocked, specials, used, out, state.turn, winner, state.every | drawn)
    if winner is None:
        trap.check_traps(new, state, seat, move, drawn, state.fish & ~fish)
    if new.winner is None:
        new.turn = _next_turn(game, state.turn, new.out)
    game.applied[0] = (state, move, new)
    return new


def _is_legal(state: State, move: Move) -> bool:
    """One of legal_moves(state): those the match (or a bot) asked for last, where they were this state's."""
    asked = state.game.legal[0]
    moves = asked[1] if asked is not None and asked[0] is state else legal_moves(state)
    return move in moves                  # a list looks for the object itself before an equal one


def _with(values: tuple, k: int, value) -> tuple:
    return values[:k] + (value,) + values[k + 1:]


def _next_turn(game: Game, turn: int, out: tuple[bool, ...]) -> int:
    count = len(game.order)
    for step in range(1, count + 1):
        t = (turn + step) % count
        if not out[game.team_of[game.order[t]]]:
            return t
    return turn


# -- notation ----------------------------------------------------------------------------------------------------------

def parse_move(text: str, state: State) -> Move:
    """The legal move written `text` (as str(move) prints it; case and spacing are free)."""
    wanted = " ".join(str(text).split()).lower()
    for move in legal_moves(state):
        if move.name.lower() == wanted:
            return move
    seat = to_move(state) + 1
    raise InputError(Says(N_("move {move!r} is not legal for player {seat} here"), move=text.strip(), seat=seat))



# The protocol washigen.arena plays (initial_state, legal_moves, apply, result, to_move, parse_move) and the
# position's types, as the bots, the drawing and the logs read them.
__all__ = ["NO_REGION", "PASS", "SPECIALS", "TRAPPED", "Cat", "Move", "Result", "Rules", "State", "Terrain", "apply",
           "can_move", "goal_of", "initial_state", "legal_moves", "parse_move", "result", "rules_of", "to_move",
           "turn_order"]
