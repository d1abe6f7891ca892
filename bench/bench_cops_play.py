"""Benchmarks for playing Tokyo Washi Game Cops, each against a floor measured in the same run.

    cops-playouts   greedy games per second on a 4-player map, one core (goal >= 500); floor: the same games'
                    moves applied to the state with no choosing (what the rules cost without the bots and the
                    legal-move search)
    cops-random-playouts
                    the same with random squads (goal >= 100: they eat their ramen early, so a game searches the
                    Miso-Squirly pairs on nearly every ply once a Miso path is drawn)
    cops-strong     the strong bot against greedy on 2-player maps, seats and the first move rotated: its win
                    rate (goal >= 0.65, DESIGN 9) and the seconds a game takes; floor: the same games between
                    greedy squads
    cops-balance    the balance score over generated maps (COPS_BENCH_MAPS, default 200, 2-6 players, games per
                    map COPS_BENCH_GAMES, default 100) per layout, as generated and with --fair: its quartiles, and
                    the share of maps where the squad that starts wins clearly more often than its fair share (the
                    lower end of its 95 % interval above it) and clearly less often; floor: generating the maps
"""

from __future__ import annotations

import itertools
import os
import statistics
import time

from bench.timing import at_least, best_of, figure

GAMES = 300
RANDOM_GAMES = 60
STRONG_GAMES = 120
MEASURE_SEED = 10**9


def run():
    """Yields each figure as soon as it is measured (the balance runs take minutes). COPS_BENCH_LAYOUTS picks the
    layouts (comma-separated; default both), so two processes can measure one each."""
    yield playouts("greedy", GAMES, 500)
    yield playouts("random", RANDOM_GAMES, 100)
    yield strong()
    yield from balances()


def playouts(bots_named: str, count: int, goal: float) -> dict:
    from washigen.games.cops import engine, playtest
    from washigen.games.cops.generate import generate_map

    design = generate_map(4, 7)
    board = engine.board_for(design)
    board.miso_pairs, board.hops, board.nearest   # read once per map in every use; not part of a playout
    games = [playtest.play_game(design, bots_named, seed, seed % 4) for seed in range(count)]

    def playing():
        for seed in range(count):
            playtest.play_game(design, bots_named, seed, seed % 4)

    moves = []                           # every game's moves as records, read once; the floor only applies them
    for seed, match in enumerate(games):
        state, records = engine.initial_state(design, first=seed % 4), []
        for text in match.moves:
            records.append(engine.parse_move(text, state))
            state = engine.apply(state, records[-1])
        moves.append(records)

    def applying():
        for seed, records in enumerate(moves):
            state = engine.initial_state(design, first=seed % 4)
            for move in records:
                state = engine.apply(state, move)

    ours, floor = best_of(playing, 3), best_of(applying, 3)
    name = "cops-playouts" if bots_named == "greedy" else f"cops-{bots_named}-playouts"
    return at_least(name, count / ours, goal, "games/s", games=count, ours_s=round(ours, 4),
                    floor_s=round(floor, 4), ratio=round(ours / floor, 3),
                    mean_moves=round(sum(g.turns for g in games) / count, 1))


def strong() -> dict:
    from washigen.games.cops import playtest
    from washigen.games.cops.generate import generate_map

    designs = [generate_map(2, seed) for seed in range(1, 4)]
    duels = [(design, game) for design in designs for game in range(STRONG_GAMES // len(designs))]

    def spec(game: int, strong_one: str) -> str:
        return f"{strong_one},greedy" if game % 2 == 0 else f"greedy,{strong_one}"

    start = time.perf_counter()
    records = [playtest.play_record(design, spec(game, "strong"), game, game // 2 % 2) for design, game in duels]
    ours = time.perf_counter() - start
    start = time.perf_counter()
    for design, game in duels:
        playtest.play_record(design, "greedy", game, game // 2 % 2)
    floor = time.perf_counter() - start
    wins = sum(game % 2 in record.winners for record, (_, game) in zip(records, duels))
    return at_least("cops-strong", wins / len(duels), 0.65, "win rate", games=len(duels),
                    seconds_per_game=round(ours / len(duels), 3), ours_s=round(ours, 3), floor_s=round(floor, 3),
                    ratio=round(ours / floor, 1))


def balances():
    from washigen.games.cops import playtest
    from washigen.games.cops.generate import generate_map

    maps = int(os.environ.get("COPS_BENCH_MAPS", 200))
    games = int(os.environ.get("COPS_BENCH_GAMES", 100))
    chosen = os.environ.get("COPS_BENCH_LAYOUTS", "end-to-end,stacked").split(",")
    for layout, fair in itertools.product(chosen, (False, True)):
        name = layout + ("-fair" if fair else "")
        start = time.perf_counter()
        designs = [generate_map(2 + seed % 5, seed, layout=layout, fair=fair) for seed in range(maps)]
        floor = time.perf_counter() - start
        start = time.perf_counter()
        scores, ahead, behind, unfair = [], 0, 0, 0
        for design in designs:
            # Games apart from the ones --fair chose by, so the choice is judged on fresh games.
            result = playtest.map_balance(design, games, MEASURE_SEED + design.seed)
            scores.append(result.score)
            first = result.seats[0]
            ahead += first.low > result.fair_share
            behind += first.high < result.fair_share
            unfair += not result.fair
        ours = time.perf_counter() - start
        quartiles = [round(q, 3) for q in statistics.quantiles(scores, n=4)]
        yield figure(f"cops-balance-{name}", ours, floor, maps=maps, games_per_map=games, players="2-6",
                     score_quartiles=quartiles, score_max=round(max(scores), 3),
                     first_clearly_ahead=round(ahead / maps, 3), first_clearly_behind=round(behind / maps, 3),
                     not_fair=round(unfair / maps, 3))
