"""Cat Tree played by bots: single games, many games and their numbers (DESIGN 9, "Bots, playouts and
balance"). Two players, eight rounds, one shared tree, played on the engine (engine.py).

`play(seed)` is the game `cat-tree play` has always shown: each round both players keep, without talking, the
card that alone would add the most points to the tree as it stands; then they reveal, agree who places first (the
order that adds more) and each places their card where it adds the most, or dismisses it when no cell takes it.
The greedy bot (bots.py) plays by the same policy one move at a time; this driver plans each round's placing
order once for both players and draws its tie-breaks as the simulation always has, so a seed keeps its tree.

`play_bots` plays the named bots on the engine (washigen.arena's play_match; two greedy players play `play`);
`tree_record` is one such game as a process pool sends it back; `summary` / `compare` are the numbers
`cat-tree balance` prints, and `balance` the win rate per player (Game.balance). Every game also counts how often
the player whose cards score more changed (engine.progress, washigen.arena.match.LeadCount).

The players build one tree together, so the rules name no winner. For balance, a player's share of a game is the
points their own cards score in the finished tree (the tree's total is the sum of the two shares): the player
with the larger share wins the game, and equal shares are a draw, a game without a winner.
"""

from __future__ import annotations

import functools
import random
import statistics
from dataclasses import dataclass, replace
from typing import Any

from ...arena import Balance, GameRecord, make_bots, play_match, run_games, wilson
from ...arena import balance as seat_balance
from ...arena.match import lead_changes
from ...errors import InputError
from ...words import N_, Says
from . import engine
from .bots import BOTS, Board, choose_card, place_both, planned_move
from .engine import Dismiss, Place, Wait, shuffled_deck
from .model import GAME, GRID_COLS, GRID_ROWS, PLAYERS, CatTreeLayout
from .rules import Cell, Score, score_grid

BALANCE_GAMES = 200
TURN_LIMIT = 100           # moves; a game takes at most 8 rounds x 5


@dataclass(frozen=True)
class Turn:
    round: int
    player: int                      # 1 or 2
    drawn: tuple[str, ...]
    kept: str
    cell: Cell | None                # None: dismissed, no legal cell
    gain: int                        # points the tree gained by it


@dataclass(frozen=True)
class PlayedGame:
    seed: int
    layout: CatTreeLayout
    turns: tuple[Turn, ...]          # in the order the cards were placed
    moves: tuple[str, ...] = ()      # every move in the engine's notation, in order
    bots: str = "greedy"
    first: int = 0                   # the seat that led round 1
    lead_changes: int = 0            # how often the player whose cards score more changed (engine.progress)

    @property
    def dismissed(self) -> tuple[Turn, ...]:
        return tuple(t for t in self.turns if t.cell is None)

    @property
    def score(self) -> int:
        return score_grid(self.layout.grid()).total


def play(seed: int, width: int = GRID_COLS, height: int = GRID_ROWS, first: int = 0) -> PlayedGame:
    """One whole game from a seed, greedy players planning each round's placing order together: the same seed
    gives the same game (whichever seat leads: the plan is the same). Every move goes through the engine, which
    refuses an illegal one."""
    rng = random.Random(seed)
    state = engine.initial_state(CatTreeLayout(width=width, height=height), seed=seed, first=first,
                                 deck=shuffled_deck(rng))
    states, moves = [state], []
    while engine.result(state) is None:
        board = Board.of(state.grid, width, height)
        kept = [(seat, choose_card(board, state.hands[seat], rng)) for seat in range(PLAYERS)]
        plan = place_both(board, state.grid, kept, rng)
        keeps = sorted(kept, key=lambda item: item[0] != state.leader)        # the leader keeps first
        round_moves: list[engine.Move] = [engine.Keep(card) for _, card in keeps]
        round_moves += ([] if plan[0][0] == state.leader else [Wait()]) + [planned_move(step) for step in plan]
        for move in round_moves:
            state = engine.apply(state, move)
            states.append(state)
            moves.append(str(move))
    return _played(seed, states, moves, "greedy", first)


def play_bots(seed: int, bots: str = "greedy", first: int = 0, width: int = GRID_COLS,
              height: int = GRID_ROWS) -> PlayedGame:
    """One game between bots (`greedy`, `random`, `strong`, `strong:N`; one for both seats or one each), seat
    `first` leading round 1. The deal and every bot's choice come from `seed`. Two greedy players play `play`'s
    game: they plan each round's placing order together."""
    players = make_bots(bots, BOTS, PLAYERS)
    if all(player.name == "greedy" for player in players):
        return replace(play(seed, width, height, first), bots=bots)
    state = engine.initial_state(CatTreeLayout(width=width, height=height), seed=seed, first=first)
    match, states = play_match(engine, state, players, seed, TURN_LIMIT, keep_states=True)
    return _played(seed, states, list(match.moves), bots, first)


def _played(seed: int, states: list[engine.State], moves: list[str], bots: str, first: int) -> PlayedGame:
    """The game's turns (one per card placed or dismissed, with what its player was dealt) from its states, and how
    often the lead changed (engine.progress, each tree scored once)."""
    turns, drawn = [], {}
    trees: dict[int, Score] = {}                 # cards placed -> the tree's score

    def scored(state: engine.State) -> Score:
        if len(state.cards) not in trees:
            trees[len(state.cards)] = score_grid(state.grid)
        return trees[len(state.cards)]

    for before, after, text in zip(states, states[1:], moves):
        if before.phase == engine.KEEP and before.hands[before.to_move]:
            drawn[before.to_move] = before.hands[before.to_move]
        move = engine.parse_move(text, before)
        if isinstance(move, (Place, Dismiss)):
            cell = move.cell if isinstance(move, Place) else None
            gain = scored(after).total - scored(before).total if cell else 0
            turns.append(Turn(before.round, before.to_move + 1, drawn[before.to_move], move.card, cell, gain))
    final = states[-1]
    return PlayedGame(seed, final.layout(seed), tuple(turns), tuple(moves), bots, first,
                      lead_changes(engine.shares_of(state, scored(state)) for state in states))


def game_log(game: PlayedGame) -> list[str]:
    """What happened, round by round, for the terminal."""
    lines = []
    for turn in game.turns:
        head = f"round {turn.round}, player {turn.player}: drew {' and '.join(turn.drawn)}, kept {turn.kept}"
        if turn.cell is None:
            lines.append(f"{head}, no legal cell: dismissed")
        else:
            lines.append(f"{head} -> row {turn.cell[0]}, column {turn.cell[1]} ({turn.gain:+d})")
    return lines


# -- many games: the trees' scores, and two pairs of bots on the same deals ---------------------------------------

@dataclass(frozen=True)
class TreeRecord:
    """What `cat-tree balance` needs of one game."""
    seed: int
    first: int
    score: int
    cards: int                       # placed
    dismissed: int
    high: bool                       # a card at altitude (height 5 or more)
    shares: tuple[int, ...] = ()     # per seat: the points its own cards score in the finished tree
    moves: int = 0                   # the game's length in moves
    lead_changes: int = 0            # how often the player whose cards score more changed


def tree_record(bots: str, width: int, height: int, seed: int, first: int) -> TreeRecord:
    """One game's record (bind the first three with functools.partial for washigen.arena.run_games)."""
    game = play_bots(seed, bots, first, width, height)
    cards = game.layout.cards
    return TreeRecord(seed, first, game.score, len(cards), len(game.dismissed), any(c.row >= 5 for c in cards),
                      shares(game), len(game.moves), game.lead_changes)


def shares(game: PlayedGame) -> tuple[int, ...]:
    """Per seat, the points the cards it placed score in the finished tree; together, the tree's total."""
    placed_by = {turn.cell: turn.player - 1 for turn in game.turns if turn.cell is not None}
    points = [0] * PLAYERS
    for card in score_grid(game.layout.grid()).cards:
        points[placed_by[(card.row, card.col)]] += card.points
    return tuple(points)


def tree_records(bots: str, games: int, seed: int = 0, jobs: int = 1, width: int = GRID_COLS,
                 height: int = GRID_ROWS, label: str | None = None) -> list[TreeRecord]:
    """`games` games, game i seeded game_seed(seed, i) with seat first_seat(i, 2) leading; the same records for
    every `jobs`."""
    make_bots(bots, BOTS, PLAYERS)                       # a bad name fails here, not in a worker
    return run_games(functools.partial(tree_record, bots, width, height), seed, games, PLAYERS, jobs, label=label)


@dataclass(frozen=True)
class Summary:
    """The trees of many games: their points (mean, spread, quartiles), cards placed and dismissed."""
    bots: str
    games: int
    mean: float
    stdev: float
    low: int
    quartiles: tuple[float, float, float]
    high: int
    placed: float                    # cards placed per game
    dismissed: float                 # cards dismissed per game
    altitude: float                  # share of trees with a card at height 5 or more
    lead_changes: float = 0.0        # how often the player whose cards score more changed, a game on average

    def to_json(self) -> dict:
        return {"bots": self.bots, "games": self.games, "mean": round(self.mean, 2), "stdev": round(self.stdev, 2),
                "min": self.low, "quartiles": [round(q, 2) for q in self.quartiles], "max": self.high,
                "placed": round(self.placed, 2), "dismissed": round(self.dismissed, 2),
                "altitude": round(self.altitude, 4), "lead_changes": round(self.lead_changes, 2)}

    def format_text(self) -> str:
        q1, median, q3 = self.quartiles
        return (f"{self.bots}: {self.games} games, tree {self.mean:.1f} points on average (spread {self.stdev:.1f}; "
                f"min {self.low}, quartiles {q1:g} / {median:g} / {q3:g}, max {self.high}); "
                f"{self.placed:.1f} cards placed and {self.dismissed:.1f} dismissed a game; "
                f"{self.altitude:.0%} of trees reach height 5; the player whose cards score more changed "
                f"{self.lead_changes:.2f} times a game")


def summary(bots: str, records: list[TreeRecord]) -> Summary:
    scores = [r.score for r in records]
    n = len(records)
    if n > 1:
        q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive")
    else:
        q1 = median = q3 = scores[0]
    return Summary(bots, n, statistics.fmean(scores), statistics.pstdev(scores), min(scores), (q1, median, q3),
                   max(scores), statistics.fmean(r.cards for r in records),
                   statistics.fmean(r.dismissed for r in records), sum(r.high for r in records) / n,
                   statistics.fmean(r.lead_changes for r in records))


@dataclass(frozen=True)
class Comparison:
    """Two pairs of bots on the same deals (same seeds, the same seat leading): how often the first pair's tree
    scores more, the same, less; the win rate with its 95 % Wilson interval (a tie counts as no win)."""
    first: Summary
    second: Summary
    wins: int
    ties: int
    losses: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.first.games

    def to_json(self) -> dict:
        low, high = wilson(self.wins, self.first.games)
        return {"first": self.first.to_json(), "second": self.second.to_json(), "wins": self.wins,
                "ties": self.ties, "losses": self.losses, "win_rate": round(self.win_rate, 4),
                "low": round(low, 4), "high": round(high, 4)}

    def format_text(self) -> str:
        low, high = wilson(self.wins, self.first.games)
        return (f"{self.first.format_text()}\n{self.second.format_text()}\n"
                f"same deals: {self.first.bots} built the better tree in {self.wins}, the same in {self.ties}, "
                f"the worse in {self.losses} of {self.first.games}: {self.win_rate:.1%} "
                f"95% [{low:.1%}, {high:.1%}]")


def compare(first: list[TreeRecord], second: list[TreeRecord], first_bots: str, second_bots: str) -> Comparison:
    """`first` and `second` must be the same deals (tree_records with the same seed and games)."""
    pairs = list(zip(first, second))
    assert all(a.seed == b.seed and a.first == b.first for a, b in pairs), "compare: not the same deals"
    wins = sum(a.score > b.score for a, b in pairs)
    ties = sum(a.score == b.score for a, b in pairs)
    return Comparison(summary(first_bots, first), summary(second_bots, second), wins, ties, len(pairs) - wins - ties)


# -- balance: which player's cards score more ---------------------------------------------------------------------

def game_record(record: TreeRecord) -> GameRecord:
    """A game as washigen.arena's balance counts it: the seat with the larger share wins, equal shares draw."""
    best = max(record.shares)
    leaders = tuple(seat for seat, points in enumerate(record.shares) if points == best)
    return GameRecord(seed=record.seed, winners=leaders if len(leaders) == 1 else (), turns=record.moves, end="win",
                      first=record.first, lead_changes=record.lead_changes)


def balance(design: CatTreeLayout | None = None, games: int = BALANCE_GAMES, seed: int = 0, jobs: int = 1,
            bots: str = "greedy") -> Balance:
    """Game.balance: over `games` seeded deals, the leading player alternating (player 1 leads round 1 in even
    games), how often each player's cards score more in the finished tree, with 95 % Wilson intervals; the same
    numbers for every `jobs`. `design`: None for the 8 x 8 grid, or an empty layout whose grid to play on."""
    width, height = grid_of(design)
    make_bots(bots, BOTS, PLAYERS, option="bots")           # a bad name fails here, naming the argument
    records = tree_records(bots, games, seed, jobs, width, height)
    return seat_balance([game_record(record) for record in records], PLAYERS)


def grid_of(design: CatTreeLayout | None, field: str = "design") -> tuple[int, int]:
    """The width and height of the grid to play on: 8 x 8 without a design; an empty layout's own, named `field`
    where it is refused (the API's argument, or the command's --map FILE)."""
    if design is None:
        return GRID_COLS, GRID_ROWS
    if not isinstance(design, CatTreeLayout) or design.cards:
        kind = getattr(design, "KIND", type(design).__name__)
        given = Says(N_("a layout with cards")) if isinstance(design, CatTreeLayout) else Says(N_("a {kind}"), kind=kind)
        raise InputError(Says(N_("{field}: {game} builds its tree from the deal; give no design or an empty layout "
                                 "(its grid), not {given}"), field=field, game="Cat Tree", given=given))
    return design.width, design.height


__all__ = ["BALANCE_GAMES", "PlayedGame", "Summary", "TreeRecord", "Turn", "balance", "compare", "game_log",
           "game_record", "play", "play_bots", "shares", "summary", "tree_record", "tree_records"]


# A game between greedy players on one core (about 56 a second) and a strong player's playouts, in greedy games a
# unit of strength (`strong:N`), measured strong:48 in both seats (about 6 s a game).
GREEDY_SECONDS = 1 / 56
STRONG_COST = 7.5


def run_cost(design: Any = None):
    """What a game costs on one core (arena.balance.GameCost) on the design's grid (None: the 8 x 8 one); a design
    of the game that balance refuses (a deck, a layout with cards) is refused here as balance refuses it, so that an
    estimate never passes a run that then fails. Another game's design is washigen.check_run's to refuse."""
    from ...arena.balance import GameCost
    from .bots import PLAYOUTS

    ours = design is None or getattr(design, "GAME", GAME) == GAME
    width, height = grid_of(design) if ours else (GRID_COLS, GRID_ROWS)
    return GameCost(greedy=GREEDY_SECONDS * grid_cost(width, height), per_strength=STRONG_COST,
                    default_strength=PLAYOUTS)


def grid_cost(width: int, height: int) -> float:
    """What a game on a width x height grid costs against one on the 8 x 8 grid, at least 1: a move counts the tree
    once for each cell its card may take, the floor's every column among them, and a count grows with the grid
    (measured on one core: 64 x 64 about 23 times, 32 x 64 11, 32 x 32 8, 64 x 1 7, 1 x 64 1; this says 23, 11, 8,
    8, 2.8)."""
    return max(1.0, width / GRID_COLS) * max(1.0, height / GRID_ROWS) ** 0.5
