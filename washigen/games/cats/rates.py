"""What a Cats game costs on one core, as the fairness search (fair.py) and the bound on a run's work (DESIGN 12,
arena.balance.GameCost) count it: nominal greedy rates, scaled by the map's size."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .constants import DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS

if TYPE_CHECKING:
    from ...arena.balance import GameCost
    from .model import CatsMap
    from .plan import MapSpec

# Greedy games a second on one core, by players, measured on default cut-ups (50 mm tape, 9 rows a segment): the
# budget in games. More players play longer games.
NOMINAL_RATES = {2: 110, 3: 45, 4: 35, 5: 24, 6: 21}
# A strong seat's move search, in greedy games: a fixed part and a part a unit of strength (`strong:N`). Measured on
# the 2-player default map, both seats strong, in greedy games a game: strong:1 129, strong:4 266, strong:16 372,
# strong:64 1036, strong:10000 about 500,000 (76 minutes a game). The search's own cost at a small N (underestimated
# 2.5x without a fixed part) and about 50 a unit at a large one; between them this errs long (2.2x at strong:16),
# which keeps the default strong balance (200 games at strong:16) inside its 30 minutes.
STRONG_FIXED, STRONG_COST = 100, 45


def game_cost(spec: MapSpec) -> float:
    """What a greedy game on the spec's map costs against one on the default map for as many players, at least 1:
    a turn's work grows with the cells, and the turns with the rows a cat crosses (measured: 5 players, 90 rows of
    120 columns, 43 times; this says 62)."""
    rows = (2 + spec.long) * spec.segment_rows / (2 * DEFAULT_SEGMENT_ROWS)
    return max(1.0, rows * rows * spec.segment_cols / DEFAULT_SEGMENT_COLS)


def run_cost(design: CatsMap | None = None) -> GameCost:
    """What a game on the map costs on one core: greedy games at the nominal rate for its players and size (None:
    the default 2-player map, which `cats balance` plays without one; a set-up: its map's)."""
    from ...arena.balance import GameCost
    from .bots import STRONG_STRENGTH
    from .playtest import map_of

    if design is not None:
        design = map_of(design)       # a set-up's map; a roll or another game's design refused as balance does
    greedy = 1 / NOMINAL_RATES[2] if design is None else game_cost(cast(Any, design)) / NOMINAL_RATES[design.players]
    return GameCost(greedy=greedy, per_strength=STRONG_COST, default_strength=STRONG_STRENGTH, fixed=STRONG_FIXED)
