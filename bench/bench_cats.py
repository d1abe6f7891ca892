"""Benchmarks for Tokyo Washi Game Cats, each against a floor measured in the same run.

    validate      our whole validator (every rule) on the cut-up variants of the standard 2-player map, against
                  networkx searching the same movement graph (load its edges, one breadth-first search from each
                  home row, as our reach and balance rules do): goal ratio <= 0.2; also variants per second
    scale-10-100  drawing a 100-segment roll and writing it as vector PDF, against a 10-segment roll: goal <= 11
    roll          a 10 m x 50 mm roll to vector PDF: seconds (goal <= 5 s) and, in a run of its own under
                  tracemalloc, peak memory (goal <= 300 MB)
    variants      good cut-ups made and checked per second (no goal: the figure `cats variants` users feel)
    map-pdf-size  bytes of the standard 2-player map's PDF (goal <= 100 KB); floor: the same map with every symbol
                  drawn out in full where it is used, which is what symbols save
    largest-map   `cats map` on the largest map the options allow (6 players, long 4, 30 forests, 60 x 15
                  segments, sewer poppers, jinja, cut up), in a process of its own: seconds (goal <= 60) and peak
                  resident memory (goal <= 1 GB), DESIGN 12's bound on any accepted input
"""

from __future__ import annotations

import time
from dataclasses import replace

from bench.timing import best_of, figure, interleaved, limit, peak_memory
from washigen.games.cats.constants import FORESTS_MAX, LONG_MAX, SEGMENT_COLS_RANGE, SEGMENT_ROWS_RANGE

VARIANTS = 300


def cut_up_variants(count: int):
    """Every cut-up candidate of the standard map, good or not: what `cats variants` validates."""
    from washigen.games.cats.plan import MapSpec, _design, _map_rng, base_plan
    from washigen.games.cats.variants import cut_plan

    spec = MapSpec(players=2, cut_up=True)
    base = base_plan(spec, 1, with_forests=False)
    designs = []
    for variant in range(1, count + 1):
        plan, pieces = cut_plan(spec, base.plan, _map_rng(1, "variant", variant))
        designs.append(_design(spec, 1, plan, pieces, cut_up=True, variant=variant))
    return designs


def movement_graph(design):
    """The edges a cat may step along, each building and forest one node (as our validator searches them), and
    the free cells of the top and bottom home rows."""
    from washigen.games.cats.board import Board

    board = Board(design.grid)
    C = board.cols
    region_of = {}
    for k, mask in enumerate(board.regions()):
        while mask:
            low = mask & -mask
            region_of[low.bit_length() - 1] = k
            mask ^= low

    def node(i: int):
        region = region_of.get(i)
        return ("region", region) if region is not None else i

    edges = set()
    for bits, step in ((board.east, 1), (board.south, C)):
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            a, b = node(i), node(i + step)
            if a != b:
                edges.add((a, b))
            bits ^= low
    top = [c for c in range(C) if board.street >> c & 1]
    last = (board.rows - 1) * C
    bottom = [last + c for c in range(C) if board.street >> (last + c) & 1]
    return sorted(edges, key=str), top, bottom


def networkx_routes(edges, top, bottom) -> list[float | None]:
    """The average distance from each home row's free cells to the other home row's, as networkx finds it."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_edges_from(edges)
    means = []
    for sources, targets in ((bottom, top), (top, bottom)):
        graph.add_edges_from(("source", s) for s in sources)
        lengths = nx.single_source_shortest_path_length(graph, "source")
        graph.remove_node("source")
        reached = [lengths[t] - 1 for t in targets if t in lengths]
        means.append(sum(reached) / len(reached) if reached else None)
    return means


def bench_validate() -> dict:
    from washigen.games.cats.rules import validate_map

    designs = cut_up_variants(VARIANTS)
    graphs = [movement_graph(d) for d in designs]
    ours, floor, ratio = interleaved(lambda: [validate_map(d) for d in designs],
                                     lambda: [networkx_routes(*g) for g in graphs], rounds=7)
    valid = sum(1 for d in designs if validate_map(d).ok)
    return figure("validate", ours, floor, 0.2, ratio, variants=VARIANTS, valid_variants=valid,
                  variants_per_s=round(VARIANTS / ours), ours_per_variant_us=round(ours / VARIANTS * 1e6, 1),
                  floor_is="networkx: load the movement graph, BFS from each home row")


def bench_scale() -> dict:
    from washigen.games.cats.generate import generate_roll
    from washigen.backends import to_pdf

    rolls = {n: generate_roll(segments=n, length=n * 160.0, seed=1) for n in (10, 100)}   # not timed
    large, small, ratio = interleaved(lambda: to_pdf(_roll_pages(rolls[100])), lambda: to_pdf(_roll_pages(rolls[10])),
                                      rounds=3)
    return figure("scale-10-100", large, small, 11.0, ratio,
                  what="draw + vector PDF (pages of at most 5.08 m), 100 segments vs 10")


def _roll_pages(roll) -> list:
    """A roll as the PDF's pages: runs of whole repeats no longer than 5,080 mm, with their join marks."""
    from washigen.games.cats.roll import piece_length, repeat_length, roll_scene
    from washigen.press.rolls import roll_document

    return roll_document(roll_scene(roll, 3.0), repeat_length(roll), "", piece=piece_length(roll)).pages


def bench_roll() -> list[dict]:
    from washigen.games.cats.generate import generate_roll
    from washigen.backends import to_pdf

    roll = generate_roll(segments=4, tape_width=50.0, length=10_000.0, seed=1)
    seconds = best_of(lambda: to_pdf(_roll_pages(roll)), 3)          # timed without tracemalloc
    peak = peak_memory(lambda: to_pdf(_roll_pages(roll)))           # measured in a run of its own
    size = len(to_pdf(_roll_pages(roll)))
    return [limit("roll-seconds", seconds, 5.0, "s", what="a 10 m x 50 mm roll to vector PDF"),
            limit("roll-peak-memory", peak / 2**20, 300, "MB", what="Python allocations at the peak (tracemalloc)",
                  pdf_bytes=size)]


def bench_variants() -> dict:
    """`cats variants` work: good cut-ups made and checked per second (the standard map, 300 tries)."""
    from washigen.games.cats.plan import MapSpec
    from washigen.games.cats.variants import variants

    spec = MapSpec(players=2, cut_up=True)
    seconds = best_of(lambda: variants(spec, 1, VARIANTS), 3)
    return {"name": "variants-per-second", "value": round(VARIANTS / seconds), "unit": "tries/s",
            "good": len(variants(spec, 1, VARIANTS)), "tries": VARIANTS}


def bench_map_pdf_size() -> dict:
    from washigen.games.cats.draw import map_scene
    from washigen.games.cats.generate import generate_map
    from washigen.backends import to_pdf

    scene = map_scene(generate_map(players=2, seed=1), 3.0)
    ours = len(to_pdf([scene]))
    floor = len(to_pdf([inline_symbols(scene)]))
    return limit("map-pdf-size", ours, 100_000, "bytes", floor_bytes=floor, ratio=round(ours / floor, 3),
                 floor_is="the same map with every symbol drawn out where it is used")


def inline_symbols(scene):
    from washigen.scene import Group, Use

    def expand(items):
        out = []
        for item in items:
            if isinstance(item, Use):
                symbol = scene.symbols[item.symbol]
                out.append(Group(expand(symbol.children), dx=item.x, dy=item.y, rotate=item.rotate,
                                 sx=item.scale, sy=item.scale))
            elif isinstance(item, Group):
                out.append(replace(item, children=expand(item.children)))
            else:
                out.append(item)
        return out

    return replace(scene, children=expand(scene.children), symbols={})


# The largest Cats map the options allow, cut up and play-checked: DESIGN 12 holds any accepted input to a minute
# and 1 GB on this machine.
LARGEST_MAP = ("--players", "6", "--long", str(LONG_MAX), "--forests", str(FORESTS_MAX), "--segment-cols",
               str(SEGMENT_COLS_RANGE[1]), "--segment-rows", str(SEGMENT_ROWS_RANGE[1]), "--sewer-poppers", "--jinja",
               "--cut-up", "--budget", "0", "--seed", "1")


def bench_largest_map() -> list[dict]:
    """`cats map` on the largest map, in a process of its own: its wall time and its peak resident memory (the
    child's own rusage, not the largest child the bench has run)."""
    import os
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "washigen", "cats", "map", *LARGEST_MAP, "-o",
                                  os.path.join(folder, "map.json")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"cats map {' '.join(LARGEST_MAP)} failed: {child.stderr.read().decode()[-300:]}")
    what = "cats map " + " ".join(LARGEST_MAP)
    return [limit("largest-map-seconds", seconds, 60.0, "s", what=what),
            limit("largest-map-peak-memory", usage.ru_maxrss / 1024, 1024, "MB", what="peak resident memory")]


def run() -> list[dict]:
    return [bench_validate(), bench_scale(), *bench_roll(), bench_variants(), bench_map_pdf_size(),
            *bench_largest_map()]
