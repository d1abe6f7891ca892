"""The fairness search of Cops maps (DESIGN 9): the seed's playable layouts in order, each judged by greedy games,
the first fair one kept; where the budget runs out first, the fairest, with a warning that gives its score."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TYPE_CHECKING, Iterator

from ...arena.fair import FAIR_GAMES, MAX_BUDGET, SCREENS, FairnessWarning, Trial, check_budget, fair_search as search
from ...arena.fair import search_games as games_for
from .constants import CONFIRM_GAMES, DEFAULT_BUDGET, NOMINAL_RATE
from .model import CopsMap
from ...words import N_, Says

if TYPE_CHECKING:
    from ...arena import Balance

__all__ = ["CONFIRM_GAMES", "FAIR_GAMES", "MAX_BUDGET", "NOMINAL_RATE", "SCREENS", "FairnessWarning", "check_budget",
           "fair_search", "search_games", "balance_score"]

# The fairness search (DESIGN 9, washigen/arena/fair.py): candidates are the seed's playable layouts in order, each
# judged by FAIR_GAMES greedy games seeded with the map's seed, one fair by them confirmed over CONFIRM_GAMES (so
# `cops balance --seed S --games N`, N the verdict's games, plays the very games behind it); the first fair one is
# kept.
LAYOUT_COST = 40           # laying out and play-checking a candidate, in games


def search_games(budget: float) -> int:
    """The budget in greedy games at the nominal rate: what the search may spend (the first candidate is always
    judged in full)."""
    return games_for(budget, NOMINAL_RATE)


def fair_search(candidates: Iterator[CopsMap], seed: int, budget: float = DEFAULT_BUDGET) -> CopsMap:
    """The first candidate fair by FAIR_GAMES greedy games and still fair over CONFIRM_GAMES, tried in order while
    the budget (in games, at the nominal rate) lasts; else the fairest, with a warning that gives its score. The
    verdict (over the games the candidate played) is stored in the design."""
    first = next(candidates)
    players = first.players
    trial = Trial(games=lambda design, start, stop: _games(design, seed, start, stop), players=players,
                  rate=NOMINAL_RATE, candidate_cost=LAYOUT_COST, confirm=CONFIRM_GAMES)
    found = search(itertools.chain([first], candidates), trial, budget,
                   Says(N_("cops: no fair map found for {players} players, seed {seed}"), players=players,
                        seed=seed))
    assert found is not None, "the first candidate is always judged"
    return _with_verdict(*found)


def _games(design: CopsMap, seed: int, start: int, stop: int) -> list:
    """Games start..stop-1 of the map's greedy balance run, exactly as map_balance plays them, winners as seats."""
    from ...arena import first_seat, game_seed
    from .playtest import play_record

    players = design.players
    records = []
    for index in range(start, stop):
        record = play_record(design, "greedy", game_seed(seed, index), first_seat(index, players))
        records.append(replace(record, winners=tuple((w - record.first) % players for w in record.winners)))
    return records


def _with_verdict(design: CopsMap, verdict: Balance) -> CopsMap:
    return replace(design, balance_games=verdict.games, balance_score=round(verdict.score, 4),
                   balance_fair=verdict.fair)


def balance_score(design: CopsMap) -> float:
    """The largest gap between a place in the turn order's greedy win rate and its fair share."""
    from .playtest import map_balance

    return map_balance(design, FAIR_GAMES, design.seed or 0).score
