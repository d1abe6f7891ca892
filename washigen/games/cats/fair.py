"""The fairness search of Cats cut-ups (DESIGN 9, washigen/arena/fair.py): the seed's good cut-ups in variant
order, each judged by the greedy games `cats balance --map MAP --seed SEED` plays on it, the first fair one kept;
where the budget runs out first, the fairest, with a warning that gives its score."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Iterable

import warnings

from ...arena.fair import (FAIR_GAMES, MAX_BUDGET, FairnessWarning, Trial, check_budget, fair_picks, fair_search,
                           judged_games)
from .constants import CUT_UP_BUDGET
from .model import CatsMap, table
from .rates import NOMINAL_RATES, game_cost
from ...words import N_, Says

if TYPE_CHECKING:
    from ...arena import Balance, GameRecord
    from .plan import MapSpec

__all__ = ["CUT_UP_BUDGET", "FAIR_GAMES", "MAX_BUDGET", "FairnessWarning", "check_budget", "fair_cut_up",
           "fair_cut_ups", "game_cost"]

CANDIDATE_COST = 1         # cutting and checking a cut-up, in games, besides its play check (a game a seating)


def fair_cut_up(spec: MapSpec, seed: int, candidates: Iterable[CatsMap], budget: float) -> CatsMap | None:
    """The first of `candidates` (playable cut-ups of the seed's map) fair by FAIR_GAMES greedy games, tried in
    order while the budget lasts; else the fairest, with a FairnessWarning that gives its score. The verdict is
    stored in the map; None without a candidate."""
    found = fair_search(candidates, _trial(spec, seed, budget), budget,
                        Says(N_("cats: no fair cut-up found for {players} players, seed {seed}"),
                             players=spec.players, seed=seed))
    return _with_verdict(*found) if found is not None else None


def fair_cut_ups(spec: MapSpec, seed: int, candidates: Iterable[CatsMap], budget: float, count: int,
                 games: int = FAIR_GAMES) -> list[CatsMap]:
    """`cats variants`: the first `count` of `candidates` fair by `games` greedy games, tried in order while the
    budget (seconds a kept map) lasts, and where fewer are fair the fairest others, with a FairnessWarning that
    gives their scores; fair ones first, then by score, route gap and number. Verdicts stored in the maps."""
    picked = fair_picks(candidates, _trial(spec, seed, budget, games), budget, count,
                        f"cats: cut-ups of seed {seed} for {spec.players} players")
    return sorted((_with_verdict(*found) for found in picked), key=fairest_first)


def fairest_first(design: CatsMap) -> tuple:
    """Judged cut-ups, best first: the fair ones, then by balance score from play, route gap and number."""
    return (not design.play_fair, design.play_score, design.balance if design.balance is not None else 0.0,
            design.variant or 0)


def _trial(spec: MapSpec, seed: int, budget: float, games: int = FAIR_GAMES) -> Trial:
    """How the spec's cut-ups are judged; on a map whose games are long, on fewer games than asked (said in a
    FairnessWarning)."""
    seats = table(spec.players, spec.coop)
    rate, cost = NOMINAL_RATES[spec.players], game_cost(spec)
    full = judged_games(games, spec.players, rate, cost, budget)
    if full < games:
        warnings.warn(FairnessWarning(Says(N_("cats: a game on a map this size is long (about {cost:.0f} times one "
                                              "on the default map); each cut-up is judged on {full} greedy games, "
                                              "not {games}, for the search to end within a minute, so its verdict "
                                              "is rough (--budget SECONDS judges on more)"),
                                           cost=cost, full=full, games=games)), stacklevel=3)
    return Trial(games=lambda design, start, stop: _games(design, seed, start, stop), players=spec.players,
                 rate=rate, candidate_cost=CANDIDATE_COST + spec.players, game_cost=cost,
                 teams=seats.teams if seats.coop else None, full=full)


def _games(design: CatsMap, seed: int, start: int, stop: int) -> list[GameRecord]:
    """Games start..stop-1 of the map's greedy balance run seeded `seed`, exactly as map_balance plays them (a
    fresh set-up drawn from each game's seed); winners are players, as balance counts seats."""
    from ...arena import first_seat, game_seed
    from .playtest import play_one

    return [play_one(design, None, "greedy", game_seed(seed, index), first_seat(index, design.players))
            for index in range(start, stop)]


def _with_verdict(design: CatsMap, verdict: Balance) -> CatsMap:
    return replace(design, play_games=verdict.games, play_score=round(verdict.score, 4), play_fair=verdict.fair)

