"""Tokyo Washi Game Cats: set-ups, the fish and cats drawn on a map as the players would draw them, seeded,
each drawing at least DRAWING_GAP empty cells from the next."""

from __future__ import annotations

import random
from functools import lru_cache

from .board import Board
from .constants import THREE_PLAYER_TURNS
from .model import DRAWING_GAP, GENERATOR, CatsMap, CatsSetup, Drawing, Grid, table


def generate_setup(game_map: CatsMap, seed: int = 0) -> CatsSetup:
    """Fish and cats drawn on a map the way the players would: every drawing on a free street cell of a home row,
    spaced, each player's counts and sides as the rules ask."""
    rng = random.Random(f"cats:{game_map.seed}:setup:{seed}")
    seats = table(game_map.players, game_map.coop)
    board = _board(game_map.grid)
    top, bottom = 1, board.rows
    spots = {row: _spread(board, row, seats.drawings_per_side, rng) for row in (top, bottom)}
    fish_owners, cat_owners = _owners(seats, rng)
    fish: list[Drawing] = []
    cats: list[Drawing] = []
    for row, side in ((top, "top"), (bottom, "bottom")):
        places = spots[row]
        rng.shuffle(places)
        owners = cat_owners[side] + fish_owners[side]
        for k, (player, col) in enumerate(zip(owners, places)):
            (cats if k < len(cat_owners[side]) else fish).append(Drawing(player=player, row=row, col=col))
    return CatsSetup(map=game_map, fish=tuple(sorted(fish, key=_order)), cats=tuple(sorted(cats, key=_order)),
                     seed=seed, generator=GENERATOR)


@lru_cache(maxsize=16)
def _board(grid: Grid) -> Board:
    """The map compiled once for all its set-ups (a balance run draws one a game); only read here."""
    return Board(grid)


def _order(d: Drawing):
    return d.row, d.col


def _spread(board: Board, row: int, count: int, rng: random.Random) -> list[int]:
    """`count` columns of free street on a home row, spaced; random but always found when the row has room."""
    free = [c + 1 for c in range(board.cols) if board.street >> ((row - 1) * board.cols + c) & 1]
    for _ in range(40):
        order = free[:]
        rng.shuffle(order)
        chosen: list[int] = []
        for col in order:
            if all(abs(col - other) > DRAWING_GAP for other in chosen):
                chosen.append(col)
                if len(chosen) == count:
                    return sorted(chosen)
    chosen = []
    for col in free:                      # the packing from the left: the most that fit
        if not chosen or col - chosen[-1] > DRAWING_GAP:
            chosen.append(col)
    return chosen[:count]


def _owners(seats, rng: random.Random) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Who draws the fish and the cats on each side."""
    cats: dict[str, list[int]] = {"top": [], "bottom": []}
    for p in range(1, seats.players + 1):
        for side in ((seats.cat_side(p),) if seats.coop else ("top", "bottom")):
            cats[side].append(p)
    if seats.teams == 3:                  # 3 players, or 6 in teams (set up as the 3-player game)
        return _fish_in_turn_order(seats, cats), cats
    fish: dict[str, list[int]] = {"top": [], "bottom": []}
    for side, other in (("top", "bottom"), ("bottom", "top")):
        # In team play a fish lies opposite its fetcher's cat; otherwise everyone draws two on each side.
        fetchers = cats[other] if seats.coop else [p for p in cats[other] for _ in range(2)]
        for k in range(seats.fish_per_side):
            fish[side].append(fetchers[k % len(fetchers)])
    return fish, cats


def _fish_in_turn_order(seats, cats: dict[str, list[int]]) -> dict[str, list[int]]:
    """The 3-player game's 8 fish, drawn one at a time in turn order (THREE_PLAYER_TURNS), the sides taking turns;
    each by the player (in team play, the teammate) whose cat on the other side fetches it."""
    fish: dict[str, list[int]] = {"top": [], "bottom": []}
    for k, turn in enumerate(THREE_PLAYER_TURNS):
        side, other = ("top", "bottom") if k % 2 == 0 else ("bottom", "top")
        fish[side].append(next(p for p in cats[other] if seats.team(p) == turn))
    return fish
