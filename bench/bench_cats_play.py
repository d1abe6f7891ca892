"""Benchmarks for Cats played by bots, each against a floor measured in the same run.

    cats-greedy-playouts  greedy games per second on the standard 2-player map, one core (goal >= 300 games/s);
                          floor: the same games between random bots (the engine alone, no route search)
    cats-jobs-2           `cats balance` over 200 games with --jobs 2 against --jobs 1 (goal: speed-up >= 1.7)
    cats-map-cut-up       `washigen cats map --cut-up` at defaults, end to end (goal <= 5 s); floor: the uncut map
    cats-variants-10      `washigen cats variants --count 10` (goal <= 30 s); floor: the uncut map
    cats-balance-200      the balance score from play of 200 generated 2-player maps (40 greedy games each): its
                          distribution, and Spearman's rank correlation with the old route-gap score
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.timing import at_least, figure, limit

GAMES = 100
STUDY_MAPS = 200
STUDY_GAMES = 40


def _games_per_second(bots: str, games: int = GAMES) -> float:
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import play_one
    from washigen.arena import first_seat, game_seed

    design = generate_map(seed=1)
    start = time.perf_counter()
    for i in range(games):
        play_one(design, None, bots, game_seed(0, i), first_seat(i, 2))
    return games / (time.perf_counter() - start)


def _washigen(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "washigen", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def _balance_seconds(jobs: int) -> float:
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import map_balance

    design = generate_map(seed=2)
    start = time.perf_counter()
    map_balance(design, games=200, seed=1, jobs=jobs)
    return time.perf_counter() - start


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and values[order[j + 1]] == values[order[k]]:
            j += 1
        for m in range(k, j + 1):
            ranks[order[m]] = (k + j) / 2 + 1
        k = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sx = sum((a - mx) ** 2 for a in rx) ** 0.5
    sy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (sx * sy) if sx and sy else 0.0


def _study() -> dict:
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.playtest import map_balance
    from washigen.games.cats.rules import map_balance as route_gap

    scores, gaps = [], []
    start = time.perf_counter()
    for seed in range(STUDY_MAPS):
        design = generate_map(seed=seed)
        scores.append(map_balance(design, games=STUDY_GAMES, seed=seed, jobs=2).score)
        gaps.append(route_gap(design) or 0.0)
    seconds = time.perf_counter() - start
    ordered = sorted(scores)
    quantiles = {f"p{q}": round(ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))], 3)
                 for q in (10, 25, 50, 75, 90)}
    return figure("cats-balance-200", seconds, seconds, maps=STUDY_MAPS, games_each=STUDY_GAMES,
                  mean_score=round(sum(scores) / len(scores), 3), max_score=round(max(scores), 3), **quantiles,
                  spearman_route_gap=round(spearman(gaps, scores), 3))


def run():
    greedy = _games_per_second("greedy")
    random_bots = _games_per_second("random")
    yield at_least("cats-greedy-playouts", greedy, 300, "games/s", random_games_per_s=round(random_bots, 1),
                   greedy_over_random_time=round(random_bots / greedy, 3))
    one, two = _balance_seconds(1), _balance_seconds(2)
    yield at_least("cats-jobs-2", one / two, 1.7, "x faster", one_job_s=round(one, 3), two_jobs_s=round(two, 3))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        plain = _washigen("cats", "map", "--seed", "4", "-o", str(out / "plain.json"))
        cut = _washigen("cats", "map", "--cut-up", "--seed", "4", "-o", str(out / "cut.json"))
        yield limit("cats-map-cut-up", cut, 5, "s", plain_map_s=round(plain, 3))
        variants = _washigen("cats", "variants", "--count", "10", "--seed", "4", "-o", str(out / "variants"))
        yield limit("cats-variants-10", variants, 30, "s", plain_map_s=round(plain, 3))
    yield _study()
