"""The balance of a map (DESIGN 9): per seat the win rate with its 95 % Wilson interval, how long games last,
how many ended by a trap or not at all; the map's score is the largest gap between a seat's win rate and its fair
share, and the map is fair when every seat's interval holds the fair share."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

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
    stalemates: int        # games that reached the turn limit
    score: float           # largest |win rate - fair share| over the seats
    fair: bool             # every seat's interval holds the fair share

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "seats": [{"seat": s.seat + 1, "wins": s.wins, "win_rate": round(s.win_rate, 4),
                       "low": round(s.low, 4), "high": round(s.high, 4)} for s in self.seats],
            "mean_turns": round(self.mean_turns, 2),
            "trapped": self.trapped,
            "stalemates": self.stalemates,
            "score": round(self.score, 4),
            "fair": self.fair,
        }

    def format_text(self) -> str:
        lines = [f"{self.games} games, fair share {self.fair_share:.1%} per seat, "
                 f"mean length {self.mean_turns:.1f} turns, {self.trapped} decided by a trap, "
                 f"{self.stalemates} stalemates"]
        for s in self.seats:
            lines.append(f"  seat {s.seat + 1}: {s.wins:>5} wins  {s.win_rate:6.1%}  "
                         f"95% [{s.low:6.1%}, {s.high:6.1%}]")
        lines.append(f"score {self.score:.3f} ({'fair' if self.fair else 'not fair'})")
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
    return Balance(
        games=n, fair_share=fair_share, seats=tuple(seats),
        mean_turns=sum(record.turns for record in records) / n if n else 0.0,
        trapped=sum(1 for record in records if record.end == "trap"),
        stalemates=sum(1 for record in records if record.end == "stalemate"),
        score=max((abs(s.win_rate - fair_share) for s in seats), default=0.0),
        fair=all(s.low <= fair_share <= s.high for s in seats),
    )
