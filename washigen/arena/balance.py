"""The balance of a map (DESIGN 9): per seat the win rate with its 95 % Wilson interval, how long games last,
how many ended by a trap, in a stalemate or at the turn limit; the map's score is the largest gap between a seat's
win rate and its fair share, and the map is fair when every seat's interval holds the fair share.

Besides, the game metrics analysts look at where they mean something for every game here (Browne 2008, Ludii's
metrics): how games end, the spread of their length, decisiveness (the share of games with a winner), the first
mover's edge and how often the leader changes (by each engine's progress: few changes, games decided early; many,
a close race). `Agreement` says how far greedy and strong play agree on one map: balance from greedy play is only
trusted where they do."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Sequence

from ..errors import InputError
from ..words import N_, NN_, Says
from .records import GameRecord

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `wins` successes in `n` trials: unlike the normal approximation it stays
    inside 0..1 and is honest for rates near 0 or 1 and for small n."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)    # exact at the ends, where rounding would leave 1e-16
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class SeatStats:
    seat: int              # 0-based
    wins: int
    win_rate: float
    low: float
    high: float


@dataclass(frozen=True)
class Balance:
    games: int
    fair_share: float
    seats: tuple[SeatStats, ...]
    mean_turns: float
    trapped: int           # games decided by trapped players
    stalemates: int        # games the rules ended with no one able to win (every Cops squad passed in a row)
    score: float           # largest |win rate - fair share| over the seats
    fair: bool             # every seat's interval holds the fair share
    won: int = 0           # games a player (team) won by reaching the goal
    turns_sd: float = 0.0  # the standard deviation of the games' length (n - 1 in the denominator)
    decisive: float = 0.0  # share of games with a winner (a trap's survivor included)
    first_edge: float = 0.0    # win rate of the seat that moved first, minus the fair share
    lengths: tuple[int, ...] = ()  # every game's length in turns, in game order (the chart's histogram)
    lead_changes: float = 0.0  # how often the side ahead changed, a game on average (GameRecord.lead_changes)
    turn_limits: int = 0   # games the bots' turn limit cut off before the rules ended them

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "seats": [{"seat": s.seat + 1, "wins": s.wins, "win_rate": round(s.win_rate, 4),
                       "low": round(s.low, 4), "high": round(s.high, 4)} for s in self.seats],
            "mean_turns": round(self.mean_turns, 2),
            "trapped": self.trapped,
            "stalemates": self.stalemates,
            "turn_limits": self.turn_limits,
            "score": round(self.score, 4),
            "fair": self.fair,
            "ends": {"win": self.won, "trap": self.trapped, "stalemate": self.stalemates,
                     "turn_limit": self.turn_limits},
            "turns_sd": round(self.turns_sd, 2),
            "decisiveness": round(self.decisive, 4),
            "first_mover_edge": round(self.first_edge, 4),
            "lead_changes": round(self.lead_changes, 2),
        }

    def format_text(self, endings: Sequence[str] | None = None) -> str:
        """The balance as `balance` prints it; `endings` (the game's: "win", "trap", "stalemate", "turn_limit")
        name the ways its games can end, and only those are counted on the `ends:` line (no Cats stalemates)."""
        lines = [f"{self.games} games, fair share {self.fair_share:.1%} per seat, "
                 f"mean length {self.mean_turns:.1f} turns"]
        for s in self.seats:
            lines.append(f"  seat {s.seat + 1}: {s.wins:>5} wins  {s.win_rate:6.1%}  "
                         f"95% [{s.low:6.1%}, {s.high:6.1%}]")
        lines.append(f"score {self.score:.3f} ({'fair' if self.fair else 'not fair'})")
        said = {"win": f"{self.won} won", "trap": f"{self.trapped} by a trap",
                "stalemate": f"{self.stalemates} stalemates", "turn_limit": f"{self.turn_limits} at the turn limit"}
        ends = ", ".join(words for key, words in said.items() if endings is None or key in endings)
        lines.append(f"ends: {ends}; "
                     f"length {self.mean_turns:.1f} ± {self.turns_sd:.1f} turns; decisive {self.decisive:.1%}; "
                     f"first mover's edge {self.first_edge:+.1%}")
        lines.append(f"lead changes: {self.lead_changes:.2f} a game (few: decided early; many: a close race)")
        return "\n".join(lines)


def balance(records: Sequence[GameRecord], players: int, teams: int | None = None) -> Balance:
    """Statistics over finished games. With teams (co-op), a team's win counts for each of its seats and the
    fair share of a seat is 1 / teams; otherwise 1 / players."""
    n = len(records)
    fair_share = 1 / (teams or players)
    seats = []
    for seat in range(players):
        wins = sum(1 for record in records if seat in record.winners)
        low, high = wilson(wins, n)
        seats.append(SeatStats(seat=seat, wins=wins, win_rate=wins / n if n else 0.0, low=low, high=high))
    turns = [record.turns for record in records]
    mean_turns = sum(turns) / n if n else 0.0
    first_wins = sum(1 for record in records if record.first in record.winners)
    return Balance(
        games=n, fair_share=fair_share, seats=tuple(seats),
        mean_turns=mean_turns,
        trapped=sum(1 for record in records if record.end == "trap"),
        stalemates=sum(1 for record in records if record.end == "stalemate"),
        score=max((abs(s.win_rate - fair_share) for s in seats), default=0.0),
        fair=all(s.low <= fair_share <= s.high for s in seats),
        won=sum(1 for record in records if record.end == "win"),
        turns_sd=math.sqrt(sum((t - mean_turns) ** 2 for t in turns) / (n - 1)) if n > 1 else 0.0,
        decisive=sum(1 for record in records if record.winners) / n if n else 0.0,
        first_edge=first_wins / n - fair_share if n else 0.0,
        lengths=tuple(turns),
        lead_changes=sum(record.lead_changes for record in records) / n if n else 0.0,
        turn_limits=sum(1 for record in records if record.end == "turn_limit"),
    )


@dataclass(frozen=True)
class Agreement:
    """How far greedy and strong play agree on one map (DESIGN 9): balance measured with greedy bots is trusted
    where the strong bots give the same verdict and near the same win rates."""
    same_verdict: bool                 # both fair, or both not
    score_gap: float                   # |greedy score - strong score|
    seat_gaps: tuple[float, ...]       # per seat: strong win rate - greedy win rate
    greedy: Balance
    strong: Balance

    @property
    def largest_gap(self) -> float:
        return max((abs(gap) for gap in self.seat_gaps), default=0.0)

    def to_json(self) -> dict:
        return {
            "same_verdict": self.same_verdict,
            "score_gap": round(self.score_gap, 4),
            "seat_gaps": [{"seat": seat + 1, "gap": round(gap, 4)} for seat, gap in enumerate(self.seat_gaps)],
            "largest_gap": round(self.largest_gap, 4),
            "greedy": self.greedy.to_json(),
            "strong": self.strong.to_json(),
        }

    def format_text(self) -> str:
        verdict = "agree" if self.same_verdict else "disagree"
        gaps = ", ".join(f"seat {seat + 1} {gap:+.1%}" for seat, gap in enumerate(self.seat_gaps))
        return (f"greedy and strong play {verdict} (greedy {'fair' if self.greedy.fair else 'not fair'}, strong "
                f"{'fair' if self.strong.fair else 'not fair'}); score gap {self.score_gap:.3f}; "
                f"win rate, strong minus greedy: {gaps}")


def agreement(greedy: Balance, strong: Balance) -> Agreement:
    """How far two balances of the same map agree: one from greedy play, one from strong play."""
    if len(greedy.seats) != len(strong.seats):
        raise ValueError(f"agreement: {len(greedy.seats)} seats against {len(strong.seats)}: not the same map")
    return Agreement(
        same_verdict=greedy.fair == strong.fair,
        score_gap=abs(greedy.score - strong.score),
        seat_gaps=tuple(s.win_rate - g.win_rate for g, s in zip(greedy.seats, strong.seats)),
        greedy=greedy, strong=strong,
    )


def all_strong(bots: str) -> bool:
    """Does every seat play a strong bot (`strong`, `strong:N`, or a list of those)? Then a balance run also plays
    the same games between greedy bots and reports how far the two agree."""
    names = [name.strip().lower() for name in str(bots).split(",")]
    return all(name.split(":", 1)[0] == "strong" for name in names)


def balance_report(result: Balance, as_json: bool, greedy: Balance | None = None,
                   endings: Sequence[str] | None = None) -> str:
    """What `balance` prints: the balance, and with `greedy` (the same games between greedy bots) how far greedy
    play's verdict agrees with this one's; the text counts only the game's `endings`."""
    if greedy is None:
        return json.dumps(result.to_json(), indent=2) if as_json else result.format_text(endings)
    agreed = agreement(greedy, result)
    if as_json:
        body = agreed.to_json()
        body.pop("strong")
        return json.dumps({**result.to_json(), "agreement": body}, indent=2)
    return result.format_text(endings) + "\n" + agreed.format_text()


# -- What a run costs (DESIGN 12: any accepted input finishes within a minute on one core) -------------------------

RUN_SECONDS = 60.0
# DESIGN 9 lets a balance between strong bots take minutes, not hours: a run with a strong seat may take this long,
# so that the default one (200 games, and the same between greedy bots) on a 2-player Cats map or a Cat Tree deal
# fits; a typo (strong:10000, --games 100000) still does not.
STRONG_RUN_SECONDS = 30 * 60.0
PAST_A_MINUTE = N_("past the minute a run may take")
PAST_STRONG_MINUTES = N_("past the {minutes} minutes a run with a strong bot may take")


@dataclass(frozen=True)
class GameCost:
    """What one game costs on one core, as a game's nominal rates say it (arena/fair.py): `greedy` seconds for a
    game between greedy (or random) bots, and a strong seat's search in greedy games: `fixed` and `per_strength`
    a unit (`strong:N` plays about N simulated games a move), measured on the game's default table."""
    greedy: float
    per_strength: float
    default_strength: int
    fixed: float = 0.0

    def seconds(self, bots: str) -> float:
        """A game between `bots` (checked already): each seat's share of the moves at its bot's cost."""
        strengths = _strengths(bots, self.default_strength)
        return self.greedy * sum(1 + (n > 0) * (self.fixed + self.per_strength * n) for n in strengths) / len(strengths)


def _strengths(bots: str, default: int) -> list[int]:
    """Per named seat, the strength of its strong bot, 0 for another bot."""
    found = []
    for part in str(bots).split(","):
        name, _, strength = part.strip().lower().partition(":")
        strength = strength.strip()
        given = strength.isascii() and strength.isdigit() and len(strength) <= 9      # '²' and 10**5000 are no N
        found.append(0 if name.strip() != "strong" else int(strength) if given else default)
    return found


def run_allowance(*bots: str | None) -> tuple[float, Says]:
    """The seconds of one core a run between these bots may take, and the words for passing it."""
    if any(spec and any(_strengths(spec, 1)) for spec in bots):
        return STRONG_RUN_SECONDS, Says(PAST_STRONG_MINUTES, minutes=int(STRONG_RUN_SECONDS // 60))
    return RUN_SECONDS, Says(PAST_A_MINUTE)


def games_that_fit(cost: GameCost, bots: str, also: str | None = None) -> int:
    """The most games between `bots` (and the same games between `also`) that run_allowance gives time for."""
    allowance, _ = run_allowance(bots, also)
    return int(allowance / (cost.seconds(bots) + (cost.seconds(also) if also else 0.0)))


def refuse_long_run(games: int, cost: GameCost, bots: str, options: str, also: str | None = None) -> None:
    """An InputError, before any game is played, for `games` games between `bots` (and the same games between the
    bots `also` names: a balance's greedy run, --against) that would take longer than run_allowance gives: naming
    `options` (as the user gave them) and the most games that fit, or, where one game is already too long, the
    strongest bot that fits."""
    allowance, past = run_allowance(bots, also)
    other = cost.seconds(also) if also else 0.0
    per_game = cost.seconds(bots) + other
    if games * per_game <= allowance:
        return
    minutes = math.ceil(games * per_game / 60)
    fits = games_that_fit(cost, bots, also)
    if fits >= 1:
        raise InputError(Says(NN_("{options}: about {minutes:,} minutes of one core's work, {past}; at most {fits:,} "
                                  "game fits", "{options}: about {minutes:,} minutes of one core's work, {past}; at "
                                  "most {fits:,} games fit"), by="fits", options=options, minutes=minutes, past=past,
                              fits=fits))
    room = allowance / games - other          # seconds a game between `bots` may take
    strengths = _strengths(bots, cost.default_strength)
    share = sum(n > 0 for n in strengths) / len(strengths)                 # of the moves, made by strong seats
    strongest = int(((room / cost.greedy - 1) / share - cost.fixed) / cost.per_strength) if share else 0
    if strongest >= 1:
        raise InputError(Says(N_("{options}: about {minutes:,} minutes of one core's work, {past}; the strongest bot "
                                 "that fits is {strongest}"), options=options, minutes=minutes, past=past,
                              strongest=f"strong:{strongest}"))
    raise InputError(Says(N_("{options}: about {minutes:,} minutes of one core's work, {past}; greedy bots fit"),
                          options=options, minutes=minutes, past=past))
