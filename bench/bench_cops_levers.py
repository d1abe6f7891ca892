"""A study of the Cops generator's levers on fairness (issue "fair by construction": where locations and paths sit
relative to the squads' starts). Greedy squads start at the location with the most routes out, the first squad
choosing first, so a map with one hub of many paths hands the first squad the best start. The levers change how
the builder adds its last, optional paths (`_Builder.extras`: two to five more paths between locations not yet
joined), here patched in the worker and nowhere in washigen:

    as-built        the generator as it is: extras between random pairs
    least-joined    the extras tried least joined pair first (by the paths at both ends)
    fewer           two extras fewer
    cap-4           least joined first, and no extra path to a location that has 4 paths already
    cap-3           the same with 3

    cops-lever-<lever> <layout>   over the first playable layout of seeds 1..COPS_LEVER_MAPS (default 120; players
                                  2 + seed % 5, so 2-6), each judged by 200 greedy games seeded with the map's seed
                                  (as the fairness search's first look): the share fair (every seat's 95 % interval
                                  holds the fair share), the first squad's edge (its win rate over the fair share,
                                  mean), the share where the first squad is clearly ahead (its interval's lower end
                                  above the share), the mean score, and the mean most routes out of one location.

Run: .venv/bin/python -m bench.bench_cops_levers  (COPS_LEVER_MAPS=40 for a quick look; COPS_LEVER_JOBS processes,
default every core). Measured at this stop (120 maps a layout; end to end / stacked):

    lever          fair           first squad's edge   first squad clearly ahead   most routes out of a location
    as-built       24.2 / 15.8 %  +0.054 / +0.109      37.5 / 60.8 %               5.59 / 5.49
    least-joined   29.2 / 18.3 %  +0.046 / +0.104      39.2 / 60.8 %               5.24 / 5.03
    fewer          33.3 / 30.0 %  +0.059 / +0.073      35.8 / 50.0 %               5.05 / 4.79
    cap-4          43.3 / 50.0 %  +0.040 / +0.063      30.8 / 37.5 %               4.50 / 4.07
    cap-3          26.7 / 43.3 %  +0.055 / +0.056      36.7 / 38.3 %               4.48 / 3.95

Searched maps (`bench_cops_fair`, 100 a layout) built with cap-4 were fair afresh no more often (67 / 62 % against
66 / 66 %); the search found a fair one more often (97 / 92 % against 88 / 85 %) in less time.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import statistics
from collections import Counter

LEVERS = ("as-built", "least-joined", "fewer", "cap-4", "cap-3")
LAYOUTS = ("end-to-end", "stacked")
GAMES = 200


def _extras(lever: str):
    """A replacement for _Builder.extras: the builder's own, changed by the lever (the same random draws first)."""
    def extras(self) -> None:
        rng = self.rng
        rng.shuffle(self.spare)
        budget = rng.randint(2, 5) - (2 if lever == "fewer" else 0)
        joined = Counter(end.location for path in self.paths for end in (path.a, path.b) if end.location is not None)
        cap = {"cap-4": 4, "cap-3": 3}.get(lever, math.inf)
        spare = self.spare if lever in ("as-built", "fewer") else sorted(
            self.spare, key=lambda pair: joined[pair[0].id] + joined[pair[1].id])
        for a, b in spare:
            if budget <= 0:
                break
            if max(joined[a.id], joined[b.id]) >= cap:
                continue
            if math.dist(a.centre, b.centre) > 55 or self._linked(a.id, b.id):
                continue
            if self.route_between(a, b):
                budget -= 1
                joined[a.id] += 1
                joined[b.id] += 1
    return extras


def one(task: tuple[str, str, int]) -> dict:
    from washigen.games.cops import generate
    from washigen.games.cops.engine import board_for
    from washigen.games.cops.playtest import map_balance

    lever, layout, seed = task
    if lever != "as-built":
        generate._Builder.extras = _extras(lever)         # this worker's builder only
    players = 2 + seed % 5
    design = next(itertools.islice(generate.playable_layouts(players, seed, layout=layout), 1))
    found = map_balance(design, GAMES, seed)
    first = found.seats[0]
    return {"lever": lever, "layout": layout, "fair": found.fair, "edge": found.first_edge, "score": found.score,
            "ahead": first.low > found.fair_share,
            "hub": max(len(routes) for routes in board_for(design).routes_from)}


def main() -> None:
    maps = int(os.environ.get("COPS_LEVER_MAPS", "120"))
    jobs = int(os.environ.get("COPS_LEVER_JOBS", str(os.cpu_count() or 1)))
    tasks = [(lever, layout, seed) for lever in LEVERS for layout in LAYOUTS for seed in range(1, maps + 1)]
    # One lever a worker process: a patched builder never serves another lever's task.
    rows = []
    for lever in LEVERS:
        with multiprocessing.Pool(jobs, maxtasksperchild=None) as pool:
            rows += pool.map(one, [task for task in tasks if task[0] == lever], chunksize=1)
    for lever, layout in itertools.product(LEVERS, LAYOUTS):
        mine = [row for row in rows if row["lever"] == lever and row["layout"] == layout]
        share = lambda key: sum(row[key] for row in mine) / len(mine)           # noqa: E731
        print(f"cops-lever-{lever} {layout}: {len(mine)} maps; fair {share('fair'):.1%}, first squad's edge "
              f"{statistics.mean(row['edge'] for row in mine):+.3f}, first squad clearly ahead {share('ahead'):.1%}, "
              f"score {statistics.mean(row['score'] for row in mine):.3f}, most routes out of a location "
              f"{statistics.mean(row['hub'] for row in mine):.2f}")


if __name__ == "__main__":
    main()
