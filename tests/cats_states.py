"""Small hand-built Cats positions for the engine's rule tests: a map drawn as rows of letters, and a state with the
lines, cats, fish and special moves a test asks for. Rows and columns count from 1."""

from __future__ import annotations

from washigen.games.cats import engine
from washigen.games.cats.model import Building, CatsMap, CatsSetup, Drawing, Grid, Opening, Sewer

LETTERS = {"r": "red", "b": "blue", "g": "green", "y": "yellow"}


def small_map(rows: list[str], buildings=(), players: int = 2, coop: bool = False, **flags) -> CatsMap:
    """`rows`: `.` street, `J` shrine, `#` building, `T` forest, `t` shrub, `r b g y` a sewer lid on a street.
    `buildings`: ((cells...), ((row, col, side), ...)) for each building."""
    sewers = []
    lines = []
    for r, line in enumerate(rows, start=1):
        for c, ch in enumerate(line, start=1):
            if ch in LETTERS:
                sewers.append(Sewer(row=r, col=c, colour=LETTERS[ch]))
        lines.append("".join("." if ch in LETTERS else ch for ch in line))
    made = tuple(Building(cells=tuple(cells), openings=tuple(Opening(row=r, col=c, side=s) for r, c, s in doors))
                 for cells, doors in buildings)
    return CatsMap(players=players, coop=coop, grid=Grid(rows=tuple(lines), buildings=made, sewers=tuple(sewers)),
                   **flags)


def position(game_map: CatsMap, cats, lines=None, fish=(), specials=None, to_move: int = 1, blocked=()):
    """A state on `game_map`. `cats`: (player, (row, col), start_row[, carries_fish]) in each player's cat order;
    `lines`: player -> cells holding that player's line (each cat's head is added); `fish`: cells with a fish;
    `specials`: special moves left per player (per team in team play)."""
    setup = CatsSetup(map=game_map, cats=tuple(Drawing(player=p, row=cell[0], col=cell[1]) for p, cell, *_ in cats),
                      fish=tuple(Drawing(player=1, row=r, col=c) for r, c in fish))
    start = engine.initial_state(game_map, setup)
    C = game_map.grid.width
    bit = lambda cell: 1 << ((cell[0] - 1) * C + cell[1] - 1)        # noqa: E731
    numbers: dict[int, int] = {}
    built = []
    for p, cell, start_row, *rest in cats:
        numbers[p] = numbers.get(p, 0) + 1
        built.append(engine.Cat(p - 1, numbers[p], (cell[0] - 1) * C + cell[1] - 1, engine.NO_REGION, start_row - 1,
                                bool(rest and rest[0]), False))
    masks = [0] * game_map.players
    for cat in built:
        masks[cat.player] |= 1 << cat.head
    for p, cells in (lines or {}).items():
        for cell in cells:
            masks[p - 1] |= bit(cell)
    fish_mask = 0
    for cell in fish:
        fish_mask |= bit(cell)
    blocked_mask = 0
    for cell in blocked:
        blocked_mask |= bit(cell)
    game = start.game
    specials = tuple(specials) if specials is not None else start.specials
    return engine.State(game, tuple(masks), tuple(built), fish_mask, blocked_mask, specials, start.used, start.out,
                        game.order.index(to_move - 1), None)


def names(state) -> set[str]:
    return {str(m) for m in engine.legal_moves(state)}


def play(state, text: str):
    return engine.apply(state, engine.parse_move(text, state))


def cell_of(state, index: int) -> tuple[int, int]:
    C = state.game.terrain.cols
    return index // C + 1, index % C + 1


def line_cells(state, player: int) -> set[tuple[int, int]]:
    mask = state.lines[player - 1]
    C = state.game.terrain.cols
    return {(i // C + 1, i % C + 1) for i in range(state.game.terrain.n) if mask >> i & 1}


def greedy_game(state, plies: int, seed: int):
    """Greedy bots playing on from `state` for at most `plies` or to the end: (the last state, the moves as
    (player, move name))."""
    import random

    from washigen.games.cats.bots import GreedyBot

    bot, rng, moves = GreedyBot(), random.Random(seed), []
    for _ in range(plies):
        if engine.result(state) is not None:
            break
        move = bot.choose(state, engine.legal_moves(state), rng)
        moves.append((state.game.order[state.turn], move.name))
        state = engine.apply(state, move)
    return state, moves
