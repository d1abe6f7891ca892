"""Perft for the Cats and Cops engines, as chess engines test their move generators: the number of move sequences of
a given length from fixed positions (start positions, and positions a fixed seeded game reaches), counted through
legal_moves and apply and compared with counts stored in tests/golden/games/perft-<game>.txt.

Each stored position keeps the moves that reach it (its path), so a position stays the same when the bots that
first reached it change; only `pytest --update-golden` plays the seeded game again. Each position also stores its
"divide": for every legal move, the count below it, so a changed count names the first move whose subtree changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "games"
SEPARATOR = " | "


@dataclass(frozen=True)
class Position:
    """A position: a design made from `params` (Cats: with the set-up drawn from `setup_seed`), then up to `plies`
    moves of a `bots` game seeded `seed` with seat `first` to move first; counted to `depth`."""
    name: str
    game: str                  # "cats" or "cops"
    params: dict = field(hash=False)
    depth: int
    plies: int = 0
    bots: str = "greedy"
    seed: int = 7
    first: int = 0
    setup_seed: int = 1


POSITIONS = (
    Position("cats-2p-start", "cats", dict(players=2, seed=1), 3),
    Position("cats-2p-greedy", "cats", dict(players=2, seed=1), 3, plies=40),
    Position("cats-2p-random", "cats", dict(players=2, seed=1), 3, plies=30, bots="random", seed=3),
    Position("cats-3p-greedy", "cats", dict(players=3, seed=2), 3, plies=60, first=2),
    Position("cats-coop-random", "cats", dict(players=4, coop=True, seed=2), 3, plies=24, bots="random"),
    Position("cats-jinja-random", "cats", dict(jinja=True, forests=3, seed=4), 3, plies=50, bots="random",
             seed=11),
    Position("cats-poppers-random", "cats", dict(sewer_poppers=True, seed=5), 3, plies=40, bots="random"),
    Position("cats-long-greedy", "cats", dict(long=1, forests=6, seed=3), 3, plies=70, first=1),
    Position("cops-2p-start", "cops", dict(players=2, seed=1), 3),
    Position("cops-4p-stacked-start", "cops", dict(players=4, seed=1, layout="stacked"), 3),
    Position("cops-2p-random", "cops", dict(players=2, seed=1), 2, plies=10, bots="random", seed=5),
    Position("cops-3p-offset-random", "cops", dict(players=3, seed=2, offset=8.0), 2, plies=8, bots="random",
             seed=4, first=1),
    Position("cops-4p-stacked-random", "cops", dict(players=4, seed=1, layout="stacked"), 2, plies=16,
             bots="random", seed=2),
)


# -- designs and positions -----------------------------------------------------------------------------------------

def engine_of(game: str):
    if game == "cats":
        from washigen.games.cats import engine
    else:
        from washigen.games.cops import engine
    return engine


@lru_cache(maxsize=None)
def _design(game: str, params: tuple):
    if game == "cats":
        from washigen.games.cats.generate import generate_map
    else:
        from washigen.games.cops.generate import generate_map
    return generate_map(**dict(params))


def design_of(position: Position):
    return _design(position.game, tuple(sorted(position.params.items())))


def initial(position: Position):
    """The state before the path's first move."""
    design = design_of(position)
    engine = engine_of(position.game)
    if position.game == "cats":
        from washigen.games.cats.setup import generate_setup

        setup = generate_setup(design, position.setup_seed)
        return engine.initial_state(design, setup, engine.rules_of(design), position.seed, first=position.first)
    return engine.initial_state(design, seed=position.seed, first=position.first)


def seeded_path(position: Position) -> list[str]:
    """The first `plies` moves of the position's seeded game, or all but its last in a shorter game (what
    --update-golden stores as its path)."""
    from washigen.arena import play_match

    if position.plies == 0:
        return []
    engine = engine_of(position.game)
    if position.game == "cats":
        from washigen.games.cats.bots import BOTS
    else:
        from washigen.games.cops.bots import BOTS
    state = initial(position)
    players = design_of(position).players
    match = play_match(engine, state, [BOTS[position.bots]() for _ in range(players)], position.seed,
                       position.plies + 1)
    return list(match.moves[:min(position.plies, match.turns - 1)])


def reach(position: Position, path: list[str]):
    """The state after the path's moves, each read with the engine's notation (InputError: one no longer reads)."""
    engine = engine_of(position.game)
    state = initial(position)
    for text in path:
        state = engine.apply(state, engine.parse_move(text, state))
    return state


# -- counting ------------------------------------------------------------------------------------------------------

def perft(engine, state, depth: int) -> int:
    """The number of move sequences of exactly `depth` moves from `state` (a finished game has none)."""
    if depth == 0:
        return 1
    moves = engine.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(engine, engine.apply(state, move), depth - 1) for move in moves)


def divide(engine, state, depth: int) -> dict[str, int]:
    """For every legal move, in the engine's order, the perft below it."""
    return {str(move): perft(engine, engine.apply(state, move), depth - 1) for move in engine.legal_moves(state)}


# -- the stored counts ---------------------------------------------------------------------------------------------

@dataclass
class Stored:
    path: list[str]
    counts: list[int]          # perft(1) .. perft(depth)
    divide: dict[str, int]


def golden_path(game: str) -> Path:
    return GOLDEN / f"perft-{game}.txt"


def write_golden(game: str, found: dict[str, Stored]) -> str:
    lines = [f"# perft of the {game} engine: legal move sequences from fixed positions. tests/test_perft.py compares",
             "# them; `pytest tests/test_perft.py --update-golden` rewrites this file (review the diff)."]
    for name, stored in found.items():
        lines += [f"[{name}]", " ".join(["path:", SEPARATOR.join(stored.path)]).rstrip(),
                  "perft: " + " ".join(str(n) for n in stored.counts)]
        lines += [f"  {move}: {count}" for move, count in stored.divide.items()]
    return "\n".join(lines) + "\n"


def read_golden(game: str) -> dict[str, Stored]:
    path = golden_path(game)
    found: dict[str, Stored] = {}
    if not path.exists():
        return found
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("["):
            current = found[line.strip("[]")] = Stored([], [], {})
        elif line.startswith("path:"):
            text = line.removeprefix("path:").strip()
            current.path = text.split(SEPARATOR.strip()) if text else []
            current.path = [move.strip() for move in current.path]
        elif line.startswith("perft:"):
            current.counts = [int(n) for n in line.removeprefix("perft:").split()]
        else:
            move, _, count = line.strip().rpartition(": ")
            current.divide[move] = int(count)
    return found
