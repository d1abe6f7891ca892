"""The fairness search of Cops maps (DESIGN 9): the seed's playable layouts in order, each judged by greedy games,
the first fair one kept; where the budget runs out first, the fairest, with a warning that gives its score."""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import TYPE_CHECKING, Iterator

from ...errors import InputError
from .model import CopsMap

if TYPE_CHECKING:
    from ...arena import Balance


# The fairness search (DESIGN 9): candidates are the seed's playable layouts in order, each judged by FAIR_GAMES
# greedy games seeded with the map's seed (so `cops balance --seed S` plays the very games behind the verdict); the
# first fair one is kept. The time budget becomes a number of games at a nominal rate, so the map depends on the
# seed alone, never on the machine's speed.
FAIR_GAMES = 200           # enough games for a seat's 95 % interval to mean something
DEFAULT_BUDGET = 4.0       # seconds of search at the nominal rate (a map in under 5 s on one core)
MAX_BUDGET = 600.0
NOMINAL_RATE = 300         # greedy games a second on one core
LAYOUT_COST = 40           # laying out and play-checking a candidate, in games
# Early looks: a candidate a seat of which misses its fair share by this much (z of its Wilson interval) after
# that many games is dropped there; the kept map is judged on all FAIR_GAMES games.
SCREENS = ((60, 2.576), (120, 2.326))


def check_budget(budget: float) -> float:
    if not (0 <= budget <= MAX_BUDGET):
        raise InputError(f"budget: must be 0 to {MAX_BUDGET:g} seconds, got {budget:g}")
    return float(budget)


def search_games(budget: float) -> int:
    """The budget in greedy games at the nominal rate: what the search may spend (the first candidate is always
    judged in full)."""
    return int(check_budget(budget) * NOMINAL_RATE)


def fair_search(candidates: Iterator[CopsMap], seed: int, budget: float = DEFAULT_BUDGET) -> CopsMap:
    """The first candidate fair by FAIR_GAMES greedy games, tried in order while the budget (in games, at the
    nominal rate) lasts; else the fairest, judged on all FAIR_GAMES games, with a warning that gives its score.
    The verdict is stored in the design."""
    allowance, spent = search_games(budget), 0
    best: tuple[float, int, CopsMap, list] | None = None
    for design in candidates:
        if best is not None and spent >= allowance:
            break
        spent += LAYOUT_COST
        records, verdict = _judge(design, seed)
        spent += len(records)
        if verdict is not None and verdict.fair:
            return _with_verdict(design, verdict)
        score = _partial_score(records, design.players)
        if best is None or (-len(records), score) < (-best[1], best[0]):
            best = (score, len(records), design, records)
    assert best is not None, "the candidates are the seed's playable layouts: playable_layouts yields one or raises"
    score, _, design, records = best
    verdict = _judged_in_full(design, seed, records)
    warnings.warn(f"cops: no fair map found for {design.players} players, seed {seed}, within the budget; the "
                  f"fairest has score {verdict.score:.3f} over {verdict.games} greedy games (a seat's win rate "
                  f"that far from its fair share)", FairnessWarning, stacklevel=3)
    return _with_verdict(design, verdict)


class FairnessWarning(UserWarning):
    """The fairness search found no fair map within its budget: the map returned is the fairest it saw."""


def _judge(design: CopsMap, seed: int) -> tuple[list, Balance | None]:
    """Plays the candidate's games stage by stage: its records and, when it got through every early look, its
    balance over FAIR_GAMES games (None when it was dropped early)."""
    records: list = []
    for games, z in SCREENS:
        records += _games(design, seed, len(records), games)
        if not _holds(records, design.players, z):
            return records, None
    records += _games(design, seed, len(records), FAIR_GAMES)
    return records, _balance(records, design.players)


def _judged_in_full(design: CopsMap, seed: int, records: list) -> Balance:
    return _balance(records + _games(design, seed, len(records), FAIR_GAMES), design.players)


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


def _balance(records: list, players: int) -> Balance:
    from ...arena import balance

    return balance(records, players)


def _seat_wins(records: list, players: int) -> list[int]:
    wins = [0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1
    return wins


def _holds(records: list, players: int, z: float) -> bool:
    """Every seat's interval at this z holds the fair share."""
    from ...arena.balance import wilson

    share, n = 1 / players, len(records)
    return all(low <= share <= high for low, high in (wilson(w, n, z) for w in _seat_wins(records, players)))


def _partial_score(records: list, players: int) -> float:
    n = len(records)
    return max(abs(w / n - 1 / players) for w in _seat_wins(records, players))


def _with_verdict(design: CopsMap, verdict) -> CopsMap:
    return replace(design, balance_games=verdict.games, balance_score=round(verdict.score, 4),
                   balance_fair=verdict.fair)


def balance_score(design: CopsMap) -> float:
    """The largest gap between a place in the turn order's greedy win rate and its fair share."""
    from .playtest import map_balance

    return map_balance(design, FAIR_GAMES, design.seed or 0).score
