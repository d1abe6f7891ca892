"""Benchmark of the Cops fairness search (DESIGN 9: a default map is searched until it is fair).

    cops-fair   default maps (seeds 1..COPS_FAIR_MAPS, default 200; players 2 + seed % 5, so 2-6) per layout:
                the share fair by 200 greedy games checked afresh (`map_balance` with another game seed than the
                search used), for the first playable layout (before: no search) and for the searched map; the
                share where the squad that starts wins clearly more than its fair share (its interval's lower
                end above it); and the seconds per map the search takes on one core. Maps are made in
                COPS_FAIR_JOBS processes (default: every core), one map a task, so each time is one core's.

Run: .venv/bin/python -m bench.bench_cops_fair  (COPS_FAIR_MAPS=40 for a quick look).
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
import warnings

CHECK_GAMES = 200
FRESH = 1_000_003          # the fresh check's game seed is the map seed plus this


def one(task: tuple[str, int]) -> dict:
    from washigen.games.cops.playtest import map_balance
    from washigen.games.cops.generate import generate_map
    from washigen.games.cops.spec import MapParams, make_map

    layout, seed = task
    players = 2 + seed % 5
    before = generate_map(players, seed, layout=layout, search=False)
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        after = make_map(MapParams(players=players, seed=seed, layout=layout))     # as `cops map` makes it
    seconds = time.perf_counter() - start
    row = {"layout": layout, "seed": seed, "players": players, "seconds": seconds, "found": bool(after.balance_fair)}
    for name, design in (("before", before), ("after", after)):
        fresh = map_balance(design, CHECK_GAMES, seed + FRESH)
        first = fresh.seats[0]
        row[name] = fresh.fair
        row[name + "_first_ahead"] = first.low > fresh.fair_share
    return row


def main() -> None:
    maps = int(os.environ.get("COPS_FAIR_MAPS", "200"))
    jobs = int(os.environ.get("COPS_FAIR_JOBS", str(os.cpu_count() or 1)))
    tasks = [(layout, seed) for layout in ("end-to-end", "stacked") for seed in range(1, maps + 1)]
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(one, tasks, chunksize=1)
    for layout in ("end-to-end", "stacked"):
        mine = [row for row in rows if row["layout"] == layout]
        share = lambda key: sum(row[key] for row in mine) / len(mine)        # noqa: E731
        times = [row["seconds"] for row in mine]
        print(f"cops-fair {layout}: {len(mine)} maps; fair afresh before {share('before'):.1%}, after "
              f"{share('after'):.1%}; first squad clearly ahead before {share('before_first_ahead'):.1%}, after "
              f"{share('after_first_ahead'):.1%}; search found a fair map {share('found'):.1%}; seconds per map "
              f"mean {statistics.mean(times):.2f}, median {statistics.median(times):.2f}, max {max(times):.2f}")
        for players in range(2, 7):
            some = [row for row in mine if row["players"] == players]
            print(f"  {players} players: fair afresh before {sum(r['before'] for r in some) / len(some):.1%}, "
                  f"after {sum(r['after'] for r in some) / len(some):.1%}")


if __name__ == "__main__":
    main()
