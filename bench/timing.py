"""Timing helpers shared by the benchmarks."""

import gc
import time
import tracemalloc
from typing import Callable


def best_of(func: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of `repeats` runs, in seconds (the least disturbed by the rest of the machine)."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(func: Callable[[], object]) -> tuple[float, int]:
    """(seconds, peak bytes allocated by Python) of one run."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    func()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak


def figure(name: str, ours: float, floor: float, **extra) -> dict:
    return {"name": name, "ours_s": round(ours, 4), "floor_s": round(floor, 4),
            "ratio": round(ours / floor, 3) if floor else None, **extra}
