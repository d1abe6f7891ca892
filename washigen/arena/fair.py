"""The fairness search (DESIGN 9), for any game: candidate maps in order, each judged by FAIR_GAMES games of its
own balance run (and, where a game asks for it, fair by those confirmed over more: Trial.confirm); the first fair
one is kept (`fair_picks`: the first COUNT). The time budget becomes a number of games at the game's nominal rate
(greedy games a second on one core, a game on a bigger map than the game's default counting as the several it
costs: Trial.game_cost), so the map found depends on the seed alone, never on the machine's speed.
Where the budget runs out first, the fairest, judged on all FAIR_GAMES games, comes with a FairnessWarning that
gives its score.

A game gives its candidates and `games(design, start, stop)`: games start..stop-1 of the candidate's balance run,
as GameRecords whose winners are the seats `balance` counts (game i always the same, wherever a stage ends)."""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar

from ..errors import InputError
from ..words import N_, Says
from .balance import Balance, balance, wilson
from .records import GameRecord

FAIR_GAMES = 200           # enough games for a seat's 95 % interval to mean something
MAX_BUDGET = 600.0         # seconds
# A candidate's verdict may cost this many seconds at the nominal rate, or the budget where that is more: on a map
# whose games are long it rests on fewer games than asked, so that a search by default ends within the minute
# DESIGN 12 allows any input.
JUDGE_SECONDS = 40.0
# Early looks: a candidate a seat of which misses its fair share by this much (z of its Wilson interval) after
# that many games is dropped there; the kept map is judged on all FAIR_GAMES games.
SCREENS = ((60, 2.576), (120, 2.326))

D = TypeVar("D")
Games = Callable[[Any, int, int], Sequence[GameRecord]]     # (design, start, stop) -> its games


class FairnessWarning(UserWarning):
    """The fairness search found no fair map within its budget: the map returned is the fairest it saw. Its
    message is a words.Says (str() gives the English), so the studio says it in its page's language."""

    def __init__(self, message: Says | str):
        super().__init__(message)
        self.says = message

    def __str__(self) -> str:
        return str(self.says)


def kept(search: Callable[..., D]) -> Callable[..., D]:
    """`search` with its results kept, by its arguments (which must be hashable), with the warnings it gave: a
    search depends on its arguments alone and designs are immutable, so a command, the studio (which draws the map
    again for each print option) or a test asking twice need not search twice. Every call gives the warnings
    again, as the search gave them."""
    @functools.lru_cache(maxsize=64)
    def recorded(*args: Any) -> tuple[D, tuple[warnings.WarningMessage, ...]]:
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always", FairnessWarning)
            found = search(*args)
        return found, tuple(said)

    @functools.wraps(search)
    def replayed(*args: Any) -> D:
        found, said = recorded(*args)
        for warning in said:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
        return found

    replayed.cache_clear = recorded.cache_clear        # type: ignore[attr-defined]
    return replayed


@dataclass(frozen=True)
class Trial:
    """How a game's candidates are judged: their games, the table they are played at (with `teams`, a team's win
    counts for each of its seats and the fair share is 1 / teams), and what a search costs in games."""
    games: Games
    players: int
    rate: float                  # nominal games a second on one core: the budget in games
    candidate_cost: int          # making and checking a candidate, in games
    game_cost: float = 1.0       # what one of these games costs in games at the nominal rate (a bigger map: more)
    teams: int | None = None
    full: int = FAIR_GAMES       # the games a verdict rests on
    # A candidate fair by `full` games plays on to `confirm` and is kept only if still fair over them all (its
    # verdict is theirs): the look that first finds a candidate fair is the best of many, so hopeful (the winner's
    # curse), and a second look makes the kept map's verdict hold when it is played again. 0: no second look.
    confirm: int = 0

    @property
    def share(self) -> float:
        return 1 / (self.teams or self.players)


def check_budget(budget: float) -> float:
    if not (0 <= budget <= MAX_BUDGET):
        raise InputError(Says(N_("{field}: must be 0 to {most:g} seconds, got {value:g}"), field="budget",
                              most=MAX_BUDGET, value=budget))
    return float(budget)


def search_games(budget: float, rate: float) -> int:
    """The budget in games at the nominal rate: what the search may spend (the first candidate is always judged
    in full)."""
    return int(check_budget(budget) * rate)


def judged_games(wanted: int, players: int, rate: float, game_cost: float, budget: float) -> int:
    """The games a candidate's verdict rests on: `wanted`, or as many whole rounds of seats (one game each
    seat starts) as JUDGE_SECONDS (or the budget, where more) pays for at `game_cost` a game, never under one round."""
    affordable = int(max(check_budget(budget), JUDGE_SECONDS) * rate / game_cost)
    return min(wanted, max(players, affordable // players * players))


def fair_search(candidates: Iterable[D], trial: Trial, budget: float, unfound: Says | str
                ) -> tuple[D, Balance] | None:
    """The first candidate fair by the trial's games, tried in order while the budget (in games, at the nominal
    rate) lasts, and its verdict; else the fairest, judged on all the trial's games, with a FairnessWarning that
    begins with `unfound` ("GAME: no fair map found for ...") and gives its score. None without a candidate."""
    fair, fill = _search(candidates, trial, budget, 1)
    if fill:
        warnings.warn(FairnessWarning(Says(N_("{unfound}, within the budget; the fairest has score {score:.3f} over "
                                              "{games} greedy games (a seat's win rate that far from its fair "
                                              "share)"), unfound=unfound, score=fill[0][1].score,
                                           games=fill[0][1].games)), stacklevel=4)
    return (fair + fill)[0] if fair or fill else None


def fair_picks(candidates: Iterable[D], trial: Trial, budget: float, count: int, unfound: str
               ) -> list[tuple[D, Balance]]:
    """Up to `count` candidates and their verdicts: the first fair ones, in the order tried, while the budget (that
    many seconds a place, in games at the nominal rate) lasts; where fewer are fair, the fairest of the others fill
    the places, judged on all the trial's games, with a FairnessWarning that begins with `unfound` and gives their
    scores. At least `count` candidates are judged whatever the budget, where there are that many."""
    fair, fill = _search(candidates, trial, budget, count)
    if fill:
        scores = ", ".join(f"{verdict.score:.3f}" for _, verdict in fill)
        found = len(fair) + len(fill)
        said = (f"{len(fair)} of {count} fair within the budget" if found == count else
                f"{len(fair)} fair of the {found} there were to judge")
        warnings.warn(f"{unfound}: {said}; the fairest others have scores {scores} over {fill[0][1].games} greedy "
                      "games (a seat's win rate that far from its fair share)", FairnessWarning, stacklevel=4)
    return fair + fill


def _search(candidates: Iterable[D], trial: Trial, budget: float, count: int
            ) -> tuple[list[tuple[D, Balance]], list[tuple[D, Balance]]]:
    """The fair candidates found (at most `count`, in order) and the fairest others that fill the places left."""
    allowance, spent = search_games(budget, trial.rate) * count, 0.0
    fair: list[tuple[D, Balance]] = []
    others: list[tuple[int, float, int, D, list]] = []      # (-games judged, score, order, design, its records)
    for order, design in enumerate(candidates):
        if len(fair) >= count or (len(fair) + len(others) >= count and spent >= allowance):
            break
        spent += trial.candidate_cost * trial.game_cost
        records, verdict = _judge(design, trial)
        spent += len(records) * trial.game_cost
        if verdict is not None and verdict.fair:
            fair.append((design, verdict))
        else:
            others.append((-len(records), _partial_score(records, trial), order, design, records))
    fill = [(design, _verdict(records + list(trial.games(design, len(records), max(trial.full, len(records)))),
                              trial))
            for *_, design, records in sorted(others, key=lambda other: other[:3])[:count - len(fair)]]
    return fair, fill


def _judge(design: D, trial: Trial) -> tuple[list, Balance | None]:
    """Plays the candidate's games stage by stage: its records and, when it got through every early look, its
    balance over the trial's games (None when it was dropped early)."""
    records: list = []
    for games, z in SCREENS:
        if games >= trial.full:
            break
        records += trial.games(design, len(records), games)
        if not _holds(records, trial, z):
            return records, None
    records += trial.games(design, len(records), trial.full)
    verdict = _verdict(records, trial)
    if verdict.fair and trial.confirm > len(records):
        records += trial.games(design, len(records), trial.confirm)
        verdict = _verdict(records, trial)
    return records, verdict


def _verdict(records: list, trial: Trial) -> Balance:
    return balance(records, trial.players, trial.teams)


def _seat_wins(records: list, players: int) -> list[int]:
    wins = [0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1
    return wins


def _holds(records: list, trial: Trial, z: float) -> bool:
    """Every seat's interval at this z holds the fair share."""
    n = len(records)
    return all(low <= trial.share <= high
               for low, high in (wilson(w, n, z) for w in _seat_wins(records, trial.players)))


def _partial_score(records: list, trial: Trial) -> float:
    n = len(records)
    return max(abs(w / n - trial.share) for w in _seat_wins(records, trial.players))
