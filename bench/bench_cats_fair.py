"""Benchmark of the Cats cut-up fairness search (DESIGN 9: a cut-up is searched until it is fair).

    cats-fair   default cut-ups (`cats map --cut-up`: seeds 1..CATS_FAIR_MAPS, default 100, for each player count
                in CATS_FAIR_PLAYERS, default "2"): the share the search found fair, the share fair by 200 greedy
                games checked afresh (`map_balance` with another game seed than the search used), the mean score
                of that check, and the seconds per map the search takes on one core. Maps are made in
                CATS_FAIR_JOBS processes (default: every core), one map a task, so each time is one core's.

A study, not part of `make bench` (it plays 400 games a map or more). Run: .venv/bin/python -m bench.bench_cats_fair
(CATS_FAIR_PLAYERS=2,3,4 CATS_FAIR_MAPS=40 for the larger tables; a 6-player map takes about 10 s).
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
import warnings

CHECK_GAMES = 200
FRESH = 1_000_003          # the fresh check's game seed is the map seed plus this


def one(task: tuple[int, int]) -> dict:
    from washigen.api import generate
    from washigen.games.cats.playtest import map_balance

    players, seed = task
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        design = generate("cats", "map", players=players, seed=seed, cut_up=True)     # as `cats map` makes it
    seconds = time.perf_counter() - start
    fresh = map_balance(design, CHECK_GAMES, seed + FRESH)
    return {"players": players, "seed": seed, "seconds": seconds, "found": bool(design.play_fair),
            "fresh": fresh.fair, "score": fresh.score}


def main() -> None:
    maps = int(os.environ.get("CATS_FAIR_MAPS", "100"))
    jobs = int(os.environ.get("CATS_FAIR_JOBS", str(os.cpu_count() or 1)))
    counts = [int(p) for p in os.environ.get("CATS_FAIR_PLAYERS", "2").split(",")]
    tasks = [(players, seed) for players in counts for seed in range(1, maps + 1)]
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(one, tasks, chunksize=1)
    for players in counts:
        mine = [row for row in rows if row["players"] == players]
        share = lambda key: sum(row[key] for row in mine) / len(mine)        # noqa: E731
        times = [row["seconds"] for row in mine]
        print(f"cats-fair {players} players: {len(mine)} cut-ups; found fair {share('found'):.1%}, fair afresh "
              f"{share('fresh'):.1%} (mean score {statistics.mean(row['score'] for row in mine):.3f}); seconds per "
              f"map mean {statistics.mean(times):.2f}, median {statistics.median(times):.2f}, max {max(times):.2f}")


if __name__ == "__main__":
    main()
