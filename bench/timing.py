"""Timing helpers shared by the benchmarks: ours and the floor are timed interleaved (A B, B A, A B, ...), so both
meet the same load on a shared machine, and the figure is the median of the per-round ratios."""

import gc
import statistics
import time
import tracemalloc
from typing import Callable

MIN_SAMPLE_S = 0.1           # one timed sample lasts at least this long


def once(func: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def best_of(func: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of `repeats` runs, in seconds."""
    return min(once(func) for _ in range(repeats))


def interleaved(ours: Callable[[], object], floor: Callable[[], object], rounds: int = 9
                ) -> tuple[float, float, float]:
    """(median seconds of ours, median seconds of the floor, median of the per-round ratios ours/floor), timed in
    alternation with the order swapped every round."""
    warm = min(once(ours), once(floor))                # also warms caches and imports outside the timing
    repeats = max(1, round(MIN_SAMPLE_S / max(warm, 1e-6)))   # short runs are batched: timer noise stays small

    def sample(func):
        return once(lambda: [func() for _ in range(repeats)]) / repeats

    mine, theirs, ratios = [], [], []
    for round_ in range(rounds):
        if round_ % 2:
            b = sample(floor)
            a = sample(ours)
        else:
            a = sample(ours)
            b = sample(floor)
        mine.append(a)
        theirs.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(theirs), statistics.median(ratios)


def peak_memory(func: Callable[[], object]) -> int:
    """Peak bytes allocated by Python during one run (timed separately: tracemalloc slows the run it traces)."""
    gc.collect()
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def figure(name: str, ours: float, floor: float, goal: float | None = None, ratio: float | None = None,
           **extra) -> dict:
    """One benchmark's line: times, the ratio (median of rounds when given), its goal and PASS/FAIL; a figure
    without a goal is reported, not judged."""
    ratio = ratio if ratio is not None else (ours / floor if floor else None)
    line = {"name": name, "ours_s": round(ours, 4), "floor_s": round(floor, 4),
            "ratio": None if ratio is None else round(ratio, 3)}
    if goal is not None:
        line.update(goal=goal, verdict="PASS" if ratio is not None and ratio <= goal else "FAIL")
    return {**line, **extra}


def at_least(name: str, value: float, goal: float, unit: str, **extra) -> dict:
    """A rate that must reach its goal (games per second, a speed-up)."""
    return {"name": name, "value": round(value, 3), "unit": unit, "goal": f">= {goal}",
            "verdict": "PASS" if value >= goal else "FAIL", **extra}


def limit(name: str, value: float, goal: float, unit: str, **extra) -> dict:
    """A figure that has a fixed goal instead of a floor (seconds, megabytes, bytes)."""
    return {"name": name, "value": round(value, 3), "unit": unit, "goal": goal,
            "verdict": "PASS" if value <= goal else "FAIL", **extra}
