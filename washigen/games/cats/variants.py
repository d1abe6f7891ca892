"""Cut-ups: the map cut on vertical grid lines and its pieces laid anew (each piece stays in its layer, so on its
player's side and with its rows in order), then checked. A building cut in two is open on the cut side.

`cats map --cut-up` keeps the first fair one of the good cut-ups (fair.py); `cats variants` ranks many. A variant is
numbered: `random.Random("cats:SEED:variant:N")` makes cut-up N of the seed's map, so `--variant N` makes it again.
"""

from __future__ import annotations

import heapq
import itertools
import random
from dataclasses import dataclass, replace
from typing import Iterator

from .board import Board, street_mask
from .plan import Base, MapSpec, Plan, _design, _map_rng, base_plan, playable, steps, stick_forests
from .model import BUILDING, SHRINE, STREET, TURNED, CatsMap, Piece, table
from .rules import BALANCE_LIMIT, desert_corners, map_balance, validate_map

CUT_ATTEMPTS = 80            # cut-ups tried by `cats map --cut-up` before falling back
MIN_PIECE = 3                # columns


@dataclass(frozen=True)
class LayerEdges:
    """What cutting one layer needs to know of its columns, worked out once per map rather than once per try:
    each column's cells and which of them a cat can stand on, the rows where a building opens (or goes on) west
    and east of it, the bare street that runs into it from either edge, and the weight of a cut on each grid line."""
    columns: list[list[int]]
    walkable: list[list[bool]]
    west: list[list[int]]
    east: list[list[int]]
    bare_from_left: list[list[int]]
    bare_from_right: list[list[int]]
    weights: dict[int, float]


def layer_edges(plan: Plan, layer: int, rows: int) -> LayerEdges:
    cols = range(plan.cols)
    columns = [_column(plan, layer, rows, c) for c in cols]
    west = [_edge_openings(plan, layer, rows, c, "w") for c in cols]
    east = [_edge_openings(plan, layer, rows, c, "e") for c in cols]
    weights = {k: 1.0 / (1 + 4 * _straddling(plan, layer, rows, k) + 2 * len(west[k]) + 2 * len(east[k - 1]))
               for k in range(MIN_PIECE, plan.cols - MIN_PIECE + 1)}
    walkable = [[_walkable(plan, i) for i in column] for column in columns]
    bare = plan.bare_cells()
    return LayerEdges(columns, walkable, west, east, [_bare_run(plan, bare, column, 1) for column in columns],
                      [_bare_run(plan, bare, column, -1) for column in columns], weights)


def cut_layer(plan: Plan, rng: random.Random, layer: int, rows: int, aligned: bool,
              facts: LayerEdges | None = None) -> list[tuple[int, int]]:
    """Cut positions and a new order for one layer: [(source column, width), ...] in the new order. Grid lines
    that few buildings straddle are likelier cuts (a cut through a building leaves two halves open on the cut
    side, which must still face a street). With `aligned`, pieces are a multiple of 3 columns wide, which keeps
    every packing of the home row as it was."""
    facts = facts or layer_edges(plan, layer, rows)
    width = plan.cols
    step = 3 if aligned else 1
    count = max(3, min(width // 5, round(width / 7) + rng.choice((-1, 0, 1))))
    lines = [k for k in range(MIN_PIECE, width - MIN_PIECE + 1) if k % step == 0]
    cum_weights = list(itertools.accumulate(facts.weights[k] for k in lines))   # as choices(lines, weights) sums
    cuts: set[int] = set()
    for _ in range(count * 8):
        if len(cuts) >= count - 1 or not lines:
            break
        cut = rng.choices(lines, cum_weights=cum_weights)[0]
        if all(abs(cut - other) >= MIN_PIECE for other in cuts):
            cuts.add(cut)
    edges = [0, *sorted(cuts), width]
    parts = [(a, b - a) for a, b in zip(edges, edges[1:])]
    return [parts[k] for k in _piece_order(parts, rng, facts)]


def _piece_order(parts: list[tuple[int, int]], rng: random.Random, facts: LayerEdges) -> list[int]:
    """A new order of the pieces (never the old one) in which no opening faces something no cat can stand on (a
    wall, a shrine, the outside of the map at its two ends), where such an order is found: random walks from a
    clean left end through pieces that fit their left neighbour, a bounded number of them; else the walk with the
    fewest such openings."""
    n = len(parts)
    if n < 2:
        return [0]
    left = [facts.west[start] for start, _ in parts]
    right = [facts.east[start + width - 1] for start, width in parts]
    walk_first = [facts.walkable[start] for start, _ in parts]
    walk_last = [facts.walkable[start + width - 1] for start, width in parts]

    bare_right = [facts.bare_from_right[start + width - 1] for start, width in parts]
    bare_left = [facts.bare_from_left[start] for start, _ in parts]
    seams: list[int | None] = [None] * (n * n)      # seam(a, b) at a * n + b, worked out on first use
    deserts: list[int | None] = [None] * (n * n)

    def bare(a: int, b: int) -> int:
        """Rows in a row of 4 or more where bare street runs 4 cells or more across the seam: a desert."""
        found = deserts[a * n + b]
        if found is None:
            run = worst = 0
            for from_right, from_left in zip(bare_right[a], bare_left[b]):
                if from_right + from_left >= 4:
                    run += 1
                    worst = max(worst, run)
                else:
                    run = 0
            found = deserts[a * n + b] = worst if worst >= 4 else 0
        return found

    def seam(a: int, b: int) -> int:
        found = seams[a * n + b]
        if found is None:
            first, last = walk_first[b], walk_last[a]
            found = seams[a * n + b] = (sum(1 for r in right[a] if not first[r])
                                        + sum(1 for r in left[b] if not last[r]))
        return found

    starts = [k for k in range(n) if not left[k]] or list(range(n))
    best = None
    for _ in range(30):
        order = [rng.choice(starts)]
        bad = len(left[order[0]])
        rest = [k for k in range(n) if k != order[0]]
        while rest:
            fitting = [k for k in rest if seam(order[-1], k) == 0 and (len(rest) > 1 or not right[k])]
            open_land = [k for k in fitting if not bare(order[-1], k)]
            pick = rng.choice(open_land or fitting or rest)
            bad += seam(order[-1], pick)
            order.append(pick)
            rest.remove(pick)
        bad += len(right[order[-1]])
        if order == sorted(order):
            continue
        if best is None or bad < best[0]:
            best = (bad, order)
            if bad == 0:
                break
    return best[1] if best else list(reversed(range(n)))


def _bare_run(plan: Plan, bare: list[bool], column: list[int], step: int) -> list[int]:
    """For each cell of a piece's edge column: how many bare street cells run from it into the piece (up to 4);
    `step` is +1 from a left edge, -1 from a right edge."""
    runs = []
    C = plan.cols
    for i in column:
        first = i // C * C                      # the cells of i's row: first .. first + C - 1
        n, j = 0, i
        while n < 4 and first <= j < first + C and bare[j]:
            n += 1
            j += step
        runs.append(n)
    return runs


def _column(plan: Plan, layer: int, rows: int, col: int) -> list[int]:
    return [r * plan.cols + col for r in range(layer * rows, (layer + 1) * rows)]


def _walkable(plan: Plan, i: int) -> bool:
    return plan.kind[i] not in (SHRINE, BUILDING)


def _edge_openings(plan: Plan, layer: int, rows: int, col: int, side: str) -> list[int]:
    """The rows (0-based within the layer) where a building in column `col` has an opening on `side`, or would
    have one after a cut there (the building goes on across that side)."""
    found = []
    for k, i in enumerate(_column(plan, layer, rows, col)):
        index = plan.owner[i]
        if index < 0:
            continue
        j = plan.neighbour(i, side)
        if j is not None and plan.owner[j] == index or any(
                cell == i and s == side for cell, s, _ in plan.owned_block(index).openings):
            found.append(k)
    return found


def _straddling(plan: Plan, layer: int, rows: int, k: int) -> int:
    """How many buildings a cut on the grid line before column k would split, in one layer."""
    split = set()
    for r in range(layer * rows, (layer + 1) * rows):
        left, right = plan.owner[r * plan.cols + k - 1], plan.owner[r * plan.cols + k]
        if left >= 0 and left == right:
            split.add(left)
    return len(split)


def apply_cuts(plan: Plan, layer_pieces: list[list[tuple[int, int]]], rows: int) -> tuple[Plan, list[Piece]]:
    """The map after every layer is cut into its pieces and laid out in their new order. A building cut in two
    becomes two buildings, each open on the cut side."""
    C = plan.cols
    new = Plan(plan.rows, C, layer_rows=rows)
    pieces: list[Piece] = []
    moved = [0] * (plan.rows * C)               # old cell -> new cell
    piece_id = [0] * (plan.rows * C)            # old cell -> (layer, piece) key
    for layer, parts in enumerate(layer_pieces):
        col = 0
        for k, (start, width) in enumerate(parts):
            pieces.append(Piece(layer=layer + 1, col=col + 1, width=width, source=start + 1))
            ids = [layer * 1000 + k] * width
            for r in range(layer * rows, (layer + 1) * rows):
                old, to = r * C + start, r * C + col
                moved[old:old + width] = range(to, to + width)
                piece_id[old:old + width] = ids
                new.kind[to:to + width] = plan.kind[old:old + width]
            col += width
    for old, colour in plan.sewer.items():
        new.sewer[moved[old]] = colour
    owner = plan.owner
    for block in plan.blocks:
        if block is None or not block.cells:    # an empty block has no cells to move
            continue
        key = piece_id[block.cells[0]]
        if [piece_id[old] for old in block.cells].count(key) == len(block.cells):
            # not cut: the building moves whole, openings and all
            part = new.add_block([moved[old] for old in block.cells])
            part.openings = [(moved[i], side, cut) for i, side, cut in block.openings]
            continue
        groups: dict[int, list[int]] = {}
        for old in block.cells:
            groups.setdefault(piece_id[old], []).append(old)
        for cells in groups.values():
            part = new.add_block([moved[old] for old in cells])
            members = set(cells)
            part.openings = [(moved[i], side, cut) for i, side, cut in block.openings if i in members]
            for old in cells:                   # a side that went on into the building's other piece is open
                col = old % C
                if col + 1 < C and owner[old + 1] == owner[old] and old + 1 not in members:
                    part.openings.append((moved[old], "e", True))
                if col > 0 and owner[old - 1] == owner[old] and old - 1 not in members:
                    part.openings.append((moved[old], "w", True))
    # Building cells come with their blocks only: every owned cell is one, so the counts differ when any is not.
    if new.kind.count(BUILDING) != len(new.owner) - new.owner.count(-1):
        for i, kind in enumerate(new.kind):
            if kind == BUILDING and new.owner[i] < 0:
                new.kind[i] = STREET
    _join_cut_sides(new)
    return new, pieces


def _join_cut_sides(plan: Plan) -> None:
    """Where two buildings meet after a cut-up: two open cut sides face to face make one building (no wall lies
    between them); any other opening that faces a building is shut by that building's wall."""
    nearby = steps(plan.rows, plan.cols)
    for index, block in enumerate(plan.blocks):
        if block is None:
            continue
        for i, side, cut in list(block.openings):
            j = nearby[side][i]
            if j < 0 or plan.kind[j] != BUILDING or plan.owner[j] == index:
                continue
            other = plan.owned_block(plan.owner[j])
            facing = (j, TURNED[side], True)
            if cut and facing in other.openings:
                _merge(plan, index, plan.owner[j])
            else:
                block.openings.remove((i, side, cut))


def _merge(plan: Plan, keep: int, gone: int) -> None:
    block, other = plan.owned_block(keep), plan.owned_block(gone)
    for i in other.cells:
        plan.owner[i] = keep
    block.cells = sorted(block.cells + other.cells)
    openings = block.openings + other.openings
    block.openings = [(i, side, cut) for i, side, cut in openings
                      if (j := plan.neighbour(i, side)) is None or plan.owner[j] != keep]
    plan.blocks[gone] = None


def make_variant(spec: MapSpec, seed: int, base: Base, variant: int, balance_limit: float | None = BALANCE_LIMIT
                 ) -> CatsMap | None:
    """Cut-up number `variant` of the seed's map, with its forests stuck on afterwards; None when it breaks a rule
    (or, with a limit, is less balanced than that)."""
    rng = _map_rng(seed, "variant", variant)
    plan, pieces = cut_plan(spec, base.plan, rng)
    if spec.forests:
        stick_forests(plan, spec, rng)
    if has_desert(plan):                 # what rejects most tries, read off the plan before any design is built
        return None
    design = _design(spec, seed, plan, pieces, cut_up=True, variant=variant)
    board = Board(design.grid)
    report = validate_map(design, board)
    if any(not v.rule.startswith("cats.print.") and v.rule != "cats.balance.uneven" for v in report):
        return None
    gap = map_balance(design, board)
    if balance_limit is not None and gap is not None and gap > balance_limit:
        return None
    return _with_balance(design, gap)


def has_desert(plan: Plan) -> bool:
    """True when the plan holds a block of bare street away from the home rows, as the validator's
    cats.layout.desert sees it on the finished map (home rows: the top and bottom rows)."""
    C = plan.cols
    sewers = sum(1 << i for i in plan.sewer)
    home_rows = ((1 << C) - 1) | (((1 << C) - 1) << ((plan.rows - 1) * C))
    bare = street_mask("".join(plan.kind)) & ~sewers & ~home_rows
    return bool(desert_corners(bare, plan.rows, C, first_only=True))


def _with_balance(design: CatsMap, gap: float | None) -> CatsMap:
    return replace(design, balance=gap)


def cut_plan(spec: MapSpec, plan: Plan, rng: random.Random) -> tuple[Plan, list[Piece]]:
    seats = table(spec.players, spec.coop)
    width = plan.cols
    aligned = -(-width // 3) - seats.drawings_per_side <= 2
    edges = _edges_of(plan, spec.segment_rows)
    layer_pieces = [cut_layer(plan, rng, layer, spec.segment_rows, aligned, layer_edge)
                    for layer, layer_edge in enumerate(edges)]
    return apply_cuts(plan, layer_pieces, spec.segment_rows)


_EDGES: list[tuple[Plan, int, list[LayerEdges]]] = []      # the last map cut up: every try cuts the same one


def _edges_of(plan: Plan, rows: int) -> list[LayerEdges]:
    for known, known_rows, edges in _EDGES:
        if known is plan and known_rows == rows:
            return edges
    edges = [layer_edges(plan, layer, rows) for layer in range(plan.rows // rows)]
    _EDGES[:] = [(plan, rows, edges)]
    return edges


def best_variant(spec: MapSpec, seed: int, base: Base, budget: float, wanted: int = 6) -> CatsMap:
    """The first fair cut-up of the seed's map (fair_cut_up: its good cut-ups that play, in variant order, judged
    by greedy games within `budget`), or the fairest with a warning. Without the play check, no game is played:
    the smallest route gap of the first `wanted` good cut-ups. Should none be good, the pieces go back in their
    first order: a cut-up that changes nothing, but never a broken map."""
    if spec.play_check:
        from .fair import fair_cut_up           # the search plays games: playtest builds on the generator
        found = fair_cut_up(spec, seed, playable_cut_ups(spec, seed, base), budget)
        if found is None:                       # no good cut-up plays: the first order, judged the same way
            found = fair_cut_up(spec, seed, [_uncut(spec, seed, base)], budget)
        assert found is not None, "a search with a candidate judges it"
        return found
    made = (make_variant(spec, seed, base, variant) for variant in range(1, CUT_ATTEMPTS + 1))
    first = list(itertools.islice((design for design in made if design is not None), wanted))
    return min(first, key=lambda d: (d.balance or 0.0, d.variant), default=None) or _uncut(spec, seed, base)


def playable_by_gap(spec: MapSpec, seed: int, tries: int, on_step=None) -> Iterator[CatsMap]:
    """The seed's good cut-ups among the first `tries`, smallest route gap first (rank_key), that greedy bots play
    to an end on every seating (the play check): what `cats variants` judges for fairness. Every try is made on
    the first step; the cut-ups are then made again one by one, as they are asked for."""
    return (design for design in best_variants(spec, seed, tries, tries, on_step) if playable(design))


def playable_cut_ups(spec: MapSpec, seed: int, base: Base) -> Iterator[CatsMap]:
    """The seed's good cut-ups (route gap within the limit) among the first CUT_ATTEMPTS, in variant order, that
    greedy bots play to an end on every seating (the play check)."""
    for variant in range(1, CUT_ATTEMPTS + 1):
        made = make_variant(spec, seed, base, variant)
        if made is not None and playable(made):
            yield made


def _uncut(spec: MapSpec, seed: int, base: Base) -> CatsMap:
    pieces = [Piece(layer=p.layer, col=p.col, width=p.width, source=p.col) for p in base.pieces]
    return _with_balance(_design(spec, seed, base.plan, pieces, cut_up=True, variant=0),
                         map_balance(_design(spec, seed, base.plan, pieces)))


def good_variants(spec: MapSpec, seed: int, tries: int, on_step=None, base: Base | None = None
                  ) -> Iterator[CatsMap]:
    """Every good cut-up among the first `tries` of the seed's map, any balance, in variant order, one at a time."""
    base = base or base_plan(spec, seed, with_forests=False)
    for variant in range(1, tries + 1):
        made = make_variant(spec, seed, base, variant, balance_limit=None)
        if made is not None:
            yield made
        if on_step is not None:
            on_step(variant)


def variants(spec: MapSpec, seed: int, tries: int, on_step=None) -> list[CatsMap]:
    return list(good_variants(spec, seed, tries, on_step))


def rank_key(design: CatsMap) -> tuple:
    """How good cut-ups are ordered, best first: the smallest balance gap, then the lower number. The one place
    to change what "best" means."""
    return (design.balance if design.balance is not None else float("inf"), design.variant)


def best_variants(spec: MapSpec, seed: int, tries: int, count: int, on_step=None) -> Iterator[CatsMap]:
    """The `count` best good cut-ups, best first, made one at a time: the tries keep only each good cut-up's rank
    key, and the winners are made again by their number, so memory stays flat however many are asked for."""
    base = base_plan(spec, seed, with_forests=False)
    keys = heapq.nsmallest(count, (rank_key(design) + (design.variant,)
                                   for design in good_variants(spec, seed, tries, on_step, base)))
    for key in keys:
        design = make_variant(spec, seed, base, key[-1], balance_limit=None)
        assert design is not None, f"cut-up {key[-1]} passed once and is made again from the same seed and number"
        yield design
