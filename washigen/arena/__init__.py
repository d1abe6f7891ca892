"""What every game engine shares: the bots' protocol, seeded matches, playouts in parallel and the balance
statistics (DESIGN 9, "Bots, playouts and balance"). Nothing here knows any game; an engine module
(games/<game>/engine.py) provides the rules:

    initial_state(design, setup, rules, seed) -> state
    legal_moves(state) -> list[move]      never empty while result(state) is None
    apply(state, move) -> state           pure: states are immutable
    result(state) -> result | None
    to_move(state) -> int                 the 0-based seat whose turn it is
    parse_move(text, state) -> move       the inverse of str(move), the game's notation
    determinize(state, seat, rng) -> state   optional: hidden parts dealt afresh from `seat`'s view

`strong_bot(engine, GreedyBot, evaluate)` (search.py) makes any engine's strong bot from its greedy one.
"""

from .balance import Agreement, Balance, SeatStats, agreement, balance, wilson
from .bots import Bot, RandomBot, make_bots
from .match import Match, play_match
from .records import GameRecord, first_seat, game_seed, run_games
from .search import strong_bot

__all__ = [
    "Agreement", "Balance", "Bot", "GameRecord", "Match", "RandomBot", "SeatStats",
    "agreement", "balance", "first_seat", "game_seed", "make_bots", "play_match", "run_games", "strong_bot",
    "wilson",
]
