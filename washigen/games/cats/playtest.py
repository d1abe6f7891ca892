"""Cats played by bots: single games, game logs that replay, the balance of a map, and the play check that makes a
map "playable" (DESIGN 9, "Bots, playouts and balance").

A game on a map without a set-up file gets a fresh set-up drawn from the game's seed, so a balance run measures the
map over many set-ups, not one lucky drawing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from ...errors import InputError
from ...arena import Balance, GameRecord, Match, balance, first_seat, game_seed, make_bots, play_match, run_games
from ...arena.records import End
from ...report import Report, Violation
from ...words import N_, Says
from . import engine
from .bots import BOTS
from .flood import Flood
from .moves import NO_REGION, goal_of
from .setup import generate_setup
from .model import CatsMap, CatsSetup, table

TURNS_PER_ROW = 40             # DESIGN 9: a game must end within 40 x the map's rows
CHECK_SETUPS = 1               # set-ups tried on every seating by the play check (and the generator)
BALANCE_GAMES = 200


def turn_limit(design: CatsMap) -> int:
    return TURNS_PER_ROW * design.grid.height


def teams(design: CatsMap) -> int | None:
    seats = table(design.players, design.coop)
    return seats.teams if seats.coop else None


@dataclass(frozen=True)
class Played:
    """One finished game: what balance counts, and what a log and a drawing need."""
    record: GameRecord
    setup: CatsSetup
    moves: tuple[str, ...]
    final: engine.State


def setup_for(design: CatsMap, setup: CatsSetup | None, seed: int) -> CatsSetup:
    return setup if setup is not None else generate_setup(design, seed)


def play_game(design: CatsMap, setup: CatsSetup | None, bots: str, seed: int, first: int,
              count_leads: bool = False) -> Played:
    """One game: `bots` names a bot for every seat (or one for all), seat `first` moves first; with `count_leads`
    (balance), also how often the side ahead changed (progress)."""
    drawn = setup_for(design, setup, seed)
    players = make_bots(bots, BOTS, design.players)
    state = engine.initial_state(design, drawn, engine.rules_of(design), seed, first=first)
    match = play_match(engine, state, players, seed, turn_limit(design), progress=progress if count_leads else None)
    return Played(_record(match, seed, first, design.players), drawn, match.moves, match.final)


def _record(match: Match, seed: int, first: int, players: int) -> GameRecord:
    final = match.final
    winners: tuple[int, ...]
    end: End
    if match.cut_off:
        winners, end = (), "turn_limit"
    else:
        winners, end = match.result.winners, match.result.end
    return GameRecord(seed=seed, winners=winners, turns=match.turns, end=end, specials_used=final.used, first=first,
                      lead_changes=match.lead_changes)


def progress(state: engine.State) -> tuple[float, ...]:
    """How far ahead each side is (a player; a team in team play, which wins together): minus the steps its
    unfinished cats still have to walk (steps_left), so higher is nearer the goal; a side out of the game is behind
    everyone. Balance counts the lead changes by it (washigen.arena.match.LeadCount)."""
    game = state.game
    left = [0] * game.teams
    for cat in state.cats:
        if not cat.home:
            left[game.team_of[cat.player]] += steps_left(state, cat)
    return tuple(float("-inf") if out else -float(steps) for steps, out in zip(left, state.out))


def steps_left(state: engine.State, cat: engine.Cat) -> int:
    """The steps an unfinished cat still has at least to walk, measured as the greedy bot measures them (a flood
    from its goal over the cells its player may walk, flood.Flood): to its goal, then for a cat without a fish the
    rows from the far side back to its start row. A cat no walk takes to its goal (walled off, which only special
    moves or a trap decide) has as many steps left as the map has cells. The count is kept on the game for the
    next position: it holds while the cat and the fish are as they were, no other player's line closed a cell of
    the rings it was read from and none was opened (a position from earlier in the game)."""
    game = state.game
    others = state.every & ~state.lines[cat.player]
    kept = game.progress_steps.get((cat.player, cat.number))
    if kept is not None:
        was, fish, closed, read, steps = kept
        if was == cat and fish == state.fish and not others & ~closed & read and not closed & ~others:
            return steps
    land = game.terrain
    flood = _progress_flood(state, cat.player, goal_of(state, cat), others)
    there = flood.level(land.region_mask[cat.region] if cat.region != NO_REGION else 1 << cat.head)
    if there < 0:
        steps, read = land.n, 0
    else:
        steps, read = there + (0 if cat.fish else _rows_back(land.rows, cat.start_row)), flood.reach[there]
    game.progress_steps[cat.player, cat.number] = (cat, state.fish, others, read, steps)
    return steps


def _rows_back(rows: int, start_row: int) -> int:
    """The rows between a start row and the nearest row of the far side (Terrain.half: the middle row of an odd
    map is on neither side, so the far side of a cat that starts there is every other row)."""
    twice, middle = 2 * start_row, rows - 1
    if twice < middle:
        return (middle + 1) // 2 - start_row
    if twice > middle:
        return start_row - middle // 2
    return 1


def _progress_flood(state: engine.State, seat: int, goal: int, others: int) -> Flood:
    """The flood from `goal` over the cells `seat`'s cats may walk (as flood.goal_flood opens them: not onto
    `others`' lines, a shrine, a fish outside the goal or, where sewer poppers keep cats off them, a sewer),
    narrowed from the game's last one for the same seat and goal. Kept on the game apart from the bot's floods, so
    measuring progress never changes how far a bot's flood has grown, nor so what the bot plays."""
    game = state.game
    land = game.terrain
    open_cells = land.full & ~land.shrine & ~others & ~(state.fish & ~goal)
    if game.dry:
        open_cells &= ~land.sewer
    flood = game.progress_floods.get((seat, goal))
    if flood is None or flood.open != open_cells:
        narrowed = flood.narrowed(open_cells) if flood is not None else None
        flood = game.progress_floods[seat, goal] = narrowed or Flood(land, goal, open_cells)
    return flood


def play_one(design: CatsMap, setup: CatsSetup | None, bots: str, seed: int, first: int,
             count_leads: bool = False) -> GameRecord:
    """play_game's record only: what a process pool sends back (bind the first three with functools.partial)."""
    return play_game(design, setup, bots, seed, first, count_leads).record


def play_games(design: CatsMap, setup: CatsSetup | None, bots: str, seed: int, games: int) -> list[Played]:
    """`games` games in one process, game i seeded game_seed(seed, i), seats taking turns at moving first."""
    return [play_game(design, setup, bots, game_seed(seed, i), first_seat(i, design.players)) for i in range(games)]


def map_balance(design: CatsMap, games: int = BALANCE_GAMES, seed: int = 0, jobs: int = 1,
                setup: CatsSetup | None = None, bots: str = "greedy", label: str | None = None) -> Balance:
    """The balance of a map (DESIGN 9): `games` seeded games between equal bots, seats rotated; the numbers are
    the same for every `jobs`."""
    design = map_of(design)
    make_bots(bots, BOTS, design.players)                 # a bad name fails here, not in a worker
    records = run_games(functools.partial(play_one, design, setup, bots, count_leads=True), seed, games,
                        design.players, jobs, label=label)
    return balance(records, design.players, teams(design))


def map_of(design) -> CatsMap:
    if isinstance(design, CatsSetup):
        return design.map
    if not isinstance(design, CatsMap):
        raise InputError(Says(N_("{field}: only a {game} map or set-up can be played, not a {other} {kind}"),
                              field="design", game="cats", other=design.GAME, kind=design.KIND))
    return design


def first_cut_off(design: CatsMap, setup: CatsSetup | None = None, seed: int = 0,
                    setups: int = CHECK_SETUPS) -> int | None:
    """The seed of the first greedy game that reaches the turn limit, trying every seating first on `setups`
    set-ups (or the given one), or None when every game finishes."""
    tries = 1 if setup is not None else setups
    for k in range(tries):
        for first in range(design.players):
            game = game_seed(seed, k * design.players + first)
            if play_one(design, setup, "greedy", game, first).end == "turn_limit":
                return game
    return None


def play_check(design, seed: int = 0) -> Report:
    """Game.play_check: cats.play.stalemate when greedy bots do not finish a game within the turn limit."""
    setup = design if isinstance(design, CatsSetup) else None
    game_map = map_of(design)
    stuck = first_cut_off(game_map, setup, seed)
    if stuck is None:
        return Report()
    return Report.of([Violation.error(
        "cats.play.stalemate", Says(N_("Greedy bots did not finish a game within {turns} turns (40 a row) on this "
                                       "map: game seed {seed}; replay it with `washigen cats play --seed {seed}`."),
                                    turns=turn_limit(game_map), seed=stuck), seed=stuck)])


def with_rules(design: CatsMap, jinja: bool | None, sewer_poppers: bool | None) -> CatsMap:
    """A map file played with variant rules switched on from the command line."""
    changes: dict[str, Any] = {}                # field -> value, for dataclasses.replace
    if jinja:
        changes["jinja"] = True
    if sewer_poppers:
        changes["sewer_poppers"] = True
    return replace(design, **changes) if changes else design


# -- a cut-up scored by play ---------------------------------------------------------------------------------------------

CUT_UP_GAMES = 10              # games behind the play score of a cut-up asked for by number (--variant)


def scored(design: CatsMap, games: int = CUT_UP_GAMES, seed: int = 0) -> CatsMap | None:
    """The map with its balance score from `games` greedy games (seats rotated), or None when one of them does not
    finish: the first `players` games are exactly the play check's, so a map that fails it never scores."""
    records = [play_one(design, None, "greedy", game_seed(seed, i), first_seat(i, design.players))
               for i in range(max(games, design.players))]
    if any(r.end == "turn_limit" for r in records):
        return None
    return replace(design, play_score=round(balance(records, design.players, teams(design)).score, 4))
