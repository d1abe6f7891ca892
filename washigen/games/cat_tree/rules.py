"""The placement validator and the scorer of a cat tree.

Placement: "on a flat surface" is row 1 or a card that can be built on directly below; "attached by both sides"
is a card that can be hung on directly left and directly right. A card that breaks its placement rule is reported
and scores 0, but stays on the grid for every other check: it still supports, attaches, groups and connects.
The rules hold when a card is placed: a card held only by cards that need it placed first (two Boxes hung from
each other, nothing under them) is never placed in any order of play, and breaks its rule as a card with no
support does (`unbuildable`).

Scoring: Pipe 5 + 3 per side neighbour; Scratchers 5 per group (side by side in a row); Toys 5 per group (within
Manhattan distance 2, chained); Hammock and Catwalk 8; Box, Shelf, Nest 5. Height 5 or more doubles. A part with no
card on the floor whose nearest card is 3 or more from every grounded part scores nothing.

Rule ids (where: a layout's card as its (row, column), a deck's field):

  cat-tree.place.flat-surface    error    a Pipe, Scratcher or Toy not on the floor or a build-on card
  cat-tree.place.both-sides      error    a Hammock or Catwalk without a hang-on card on its left and right
  cat-tree.place.flat-or-sides   error    a Box or Nest with neither
  cat-tree.place.not-floor       error    a Shelf on the floor
  cat-tree.deck.count            warning  a layout: a fifth card of a structure; a deck: fewer than the game's
                                          32 cards, four of each (a game with it deals fewer rounds)
  cat-tree.deck.cards            warning  a layout of more than the 16 cards eight rounds place
"""

from __future__ import annotations

from dataclasses import dataclass

from ...report import Report, Violation
from ...words import N_, Says
from .model import (ALTITUDE, ALTITUDE_FACTOR, BY_NAME, COPIES, DETACHED_DISTANCE, HAND, PLACEMENT_TEXT, PLAYERS,
                    ROUNDS, RULE_DECK_CARDS, RULE_DECK_COUNT, RULE_IDS, STRUCTURES, TOY_GROUP_DISTANCE, CatTreeDeck,
                    CatTreeLayout)

Cell = tuple[int, int]
Grid = dict[Cell, str]


# -- placement ---------------------------------------------------------------------------------------------------

def on_flat_surface(grid: Grid, cell: Cell) -> bool:
    row, col = cell
    if row == 1:
        return True
    below = grid.get((row - 1, col))
    return below is not None and BY_NAME[below].build_on


def attached_both_sides(grid: Grid, cell: Cell) -> bool:
    row, col = cell
    left, right = grid.get((row, col - 1)), grid.get((row, col + 1))
    return left is not None and right is not None and BY_NAME[left].hang_on and BY_NAME[right].hang_on


def placement_ok(grid: Grid, cell: Cell, name: str) -> bool:
    """Whether `name` may stand in `cell` given the other cards of `grid` (the cell itself is not looked at)."""
    rule = BY_NAME[name].placement
    if rule == "flat":
        return on_flat_surface(grid, cell)
    if rule == "sides":
        return attached_both_sides(grid, cell)
    if rule == "flat-or-sides":
        return on_flat_surface(grid, cell) or attached_both_sides(grid, cell)
    return cell[0] != 1   # not-floor: the shelf, anywhere above row 1


def legal_cells(grid: Grid, name: str, width: int, height: int) -> list[Cell]:
    """Every empty cell of a width x height grid where `name` may be placed."""
    return [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)
            if (r, c) not in grid and placement_ok(grid, (r, c), name)]


def _placement_message(name: str, cell: Cell) -> Says:
    title = Says(BY_NAME[name].title)           # the card's name, as the cards print it in the language
    rule = BY_NAME[name].placement
    row, col = cell
    if rule == "flat":
        return Says(N_("The {title} in row {row}, column {col} must stand on a flat surface: the floor, or a "
                       "Scratcher, Box, Shelf or Nest directly below it."), title=title, row=row, col=col)
    if rule == "sides":
        return Says(N_("The {title} in row {row}, column {col} must hang from both sides: a Box, Shelf or Nest "
                       "directly to its left and one directly to its right."), title=title, row=row, col=col)
    if rule == "flat-or-sides":
        return Says(N_("The {title} in row {row}, column {col} needs a flat surface (the floor, or a Scratcher, Box, "
                       "Shelf or Nest below it) or a Box, Shelf or Nest on both its left and right."),
                    title=title, row=row, col=col)
    return Says(N_("The Shelf in row {row}, column {col} touches the floor: shelves go anywhere but row 1."),
                row=row, col=col)


def placement_violations(design: CatTreeLayout) -> list[Violation]:
    grid = design.grid()
    broken = misplaced(grid)
    never = unbuildable(grid, broken)
    found = []
    for cell, name in sorted(grid.items()):
        if cell in never:
            found.append(Violation.error(RULE_IDS[BY_NAME[name].placement], _unbuildable_message(name, cell),
                                         card=cell))
        elif cell in broken:
            found.append(Violation.error(RULE_IDS[BY_NAME[name].placement], _placement_message(name, cell),
                                         card=cell))
    return found


def misplaced(grid: Grid) -> frozenset[Cell]:
    """The cards that break their placement rule on the finished grid."""
    return frozenset(cell for cell, name in grid.items() if not placement_ok(grid, cell, name))


def unbuildable(grid: Grid, broken: frozenset[Cell]) -> frozenset[Cell]:
    """The cards that keep their placement rule on the finished grid but that no order of play places: each is
    held only by cards that need it (or another of them) placed first. A misplaced card (of `broken`, misplaced's
    answer) counts as placed from the start (it still supports and attaches, as everywhere). Placing cards only
    adds support, so the cards that can be placed one by one, each where its rule holds at that moment, are found
    by placing any that can be until none is left; the rest are unbuildable."""
    placed = {cell: grid[cell] for cell in broken}
    waiting = {cell: name for cell, name in grid.items() if cell not in placed}
    ready = [cell for cell, name in waiting.items() if placement_ok(placed, cell, name)]
    while ready:
        cell = ready.pop()
        if cell not in waiting:
            continue
        placed[cell] = waiting.pop(cell)
        row, col = cell
        for near in ((row + 1, col), (row, col - 1), (row, col + 1)):     # the cards it may now hold
            if near in waiting and placement_ok(placed, near, waiting[near]):
                ready.append(near)
    return frozenset(waiting)


def _unbuildable_message(name: str, cell: Cell) -> Says:
    return Says(N_("The {title} in row {row}, column {col} is held only by cards that need it placed first: no "
                   "order of play can place it, since its rule ({rule}) must hold when it is placed."),
                title=Says(BY_NAME[name].title), row=cell[0], col=cell[1],
                rule=Says(PLACEMENT_TEXT[BY_NAME[name].placement]))


def deck_warnings(design: CatTreeLayout) -> list[Violation]:
    """A tree that one deck and eight rounds cannot make: more than four of a structure, more than 16 cards."""
    found = []
    seen: dict[str, int] = {}
    for cell, name in sorted(design.grid().items()):
        seen[name] = seen.get(name, 0) + 1
        if seen[name] == COPIES + 1:
            found.append(Violation.warning(
                RULE_DECK_COUNT, Says(N_("A fifth {title} (row {row}, column {col}): the deck holds {copies} of each "
                                         "structure."), title=Says(BY_NAME[name].title), row=cell[0], col=cell[1],
                                      copies=COPIES), card=cell))
    limit = ROUNDS * PLAYERS
    if len(design.cards) > limit:
        cell = sorted(design.grid())[limit]
        found.append(Violation.warning(
            RULE_DECK_CARDS, Says(N_("{cards} cards on the grid: a game places at most {limit} ({rounds} rounds, "
                                     "{players} players)."), cards=len(design.cards), limit=limit, rounds=ROUNDS,
                                  players=PLAYERS), card=cell))
    return found


def printed_deck_warnings(deck: CatTreeDeck) -> list[Violation]:
    """A deck short of the game's 32 cards, four of each. A warning, not an error: every round deals four cards
    (two a player) and a deck of fewer copies still deals whole rounds, only fewer of them, and the game ends when
    no card is left; the trees it builds are smaller than the game's and do not compare with them."""
    if deck.copies >= COPIES:
        return []
    have, full = deck.copies * len(STRUCTURES), COPIES * len(STRUCTURES)
    rounds = have // (PLAYERS * HAND)
    return [Violation.warning(
        RULE_DECK_COUNT, Says(N_("This deck has {have} cards, {copies} of each structure; the game deals {full}, "
                                 "{full_copies} of each, in {all_rounds} rounds of {dealt}: a game with this deck ends "
                                 "after {rounds} rounds."), have=have, copies=deck.copies, full=full,
                              full_copies=COPIES, all_rounds=ROUNDS, dealt=PLAYERS * HAND, rounds=rounds),
        field="copies")]


def validate(design: CatTreeLayout | CatTreeDeck) -> Report:
    if isinstance(design, CatTreeDeck):
        return Report.of(printed_deck_warnings(design))
    return Report.of(placement_violations(design) + deck_warnings(design))


# -- scoring -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardScore:
    row: int
    col: int
    card: str
    points: int
    why: str


@dataclass(frozen=True)
class Group:
    kind: str                     # "scratcher" or "toy"
    cells: tuple[Cell, ...]       # sorted, the scoring card first among the legal, attached ones
    points: int                   # 0 when no card of it counts
    doubled: bool


@dataclass(frozen=True)
class Part:
    cells: tuple[Cell, ...]
    grounded: bool
    distance: int | None          # for a floating part: to the nearest grounded card (None: no grounded part)

    @property
    def detached(self) -> bool:
        return not self.grounded and (self.distance is None or self.distance >= DETACHED_DISTANCE)


@dataclass(frozen=True)
class Score:
    total: int
    cards: tuple[CardScore, ...]  # one per card, row then column
    groups: tuple[Group, ...]
    parts: tuple[Part, ...]
    illegal: frozenset[Cell]

    def by_cell(self) -> dict[Cell, CardScore]:
        return {(c.row, c.col): c for c in self.cards}


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def altitude(cell: Cell) -> bool:
    return cell[0] >= ALTITUDE


SIDE_STEPS = ((0, -1), (0, 1))
ORTHOGONAL_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
TOY_STEPS = tuple((dr, dc) for dr in range(-TOY_GROUP_DISTANCE, TOY_GROUP_DISTANCE + 1)
                  for dc in range(-TOY_GROUP_DISTANCE, TOY_GROUP_DISTANCE + 1)
                  if 0 < abs(dr) + abs(dc) <= TOY_GROUP_DISTANCE)


def parts(grid: Grid) -> list[Part]:
    """4-connected parts of the grid; each floating part with its distance to the nearest grounded card."""
    components = _components(list(grid), ORTHOGONAL_STEPS)
    grounded_cells = [cell for comp in components if any(r == 1 for r, _ in comp) for cell in comp]
    distance = _distances_from(grounded_cells, list(grid))
    result = []
    for comp in components:
        grounded = any(r == 1 for r, _ in comp)
        far = None if grounded or not grounded_cells else min(distance[cell] for cell in comp)
        result.append(Part(tuple(comp), grounded, far))
    return result


def _distances_from(sources: list[Cell], cells: list[Cell]) -> dict[Cell, int]:
    """Manhattan distance from the nearest source to every cell of the box around `cells` (a breadth-first search:
    inside a box, the shortest Manhattan path never has to leave it)."""
    if not sources:
        return {}
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    distance = {cell: 0 for cell in sources}
    frontier = list(sources)
    while frontier:
        following = []
        for row, col in frontier:
            for dr, dc in ORTHOGONAL_STEPS:
                cell = (row + dr, col + dc)
                if cell not in distance and top <= cell[0] <= bottom and left <= cell[1] <= right:
                    distance[cell] = distance[(row, col)] + 1
                    following.append(cell)
        frontier = following
    return distance


def scratcher_groups(grid: Grid) -> list[list[Cell]]:
    """Scratchers side by side in one row (neighbouring columns, chained) form a group; stacked ones do not."""
    return _components([cell for cell, name in grid.items() if name == "scratcher"], SIDE_STEPS)


def toy_groups(grid: Grid) -> list[list[Cell]]:
    """Toys within Manhattan distance 2 of a toy of a group join it (chained)."""
    return _components([cell for cell, name in grid.items() if name == "toy"], TOY_STEPS)


def _components(cells: list[Cell], steps) -> list[list[Cell]]:
    """Connected components of `cells`, two cells linked when one is a step of `steps` from the other; each
    component sorted, in order of their first cell."""
    members = set(cells)
    seen: set[Cell] = set()
    found = []
    for start in sorted(members):
        if start in seen:
            continue
        seen.add(start)
        component, stack = [], [start]
        while stack:
            row, col = stack.pop()
            component.append((row, col))
            for dr, dc in steps:
                cell = (row + dr, col + dc)
                if cell in members and cell not in seen:
                    seen.add(cell)
                    stack.append(cell)
        found.append(sorted(component))
    return found


def _cell_name(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _single_points(grid: Grid, cell: Cell, name: str) -> tuple[int, str]:
    structure = BY_NAME[name]
    if structure.per_side:
        row, col = cell
        sides = sum((row, c) in grid for c in (col - 1, col + 1))
        base = structure.points + structure.per_side * sides
        return base, f"{structure.points} + {structure.per_side} x {sides} side neighbour{'s' if sides != 1 else ''}"
    return structure.points, f"{structure.points} points"


def _doubled(points: int, why: str, doubled: bool, reason: str) -> tuple[int, str]:
    if not doubled:
        return points, why
    return points * ALTITUDE_FACTOR, f"({why}) x {ALTITUDE_FACTOR} {reason}"


def score(design: CatTreeLayout) -> Score:
    """Every card's points and why; the total is their sum."""
    return score_grid(design.grid())


def score_grid(grid: Grid) -> Score:
    broken = misplaced(grid)
    illegal = broken | unbuildable(grid, broken)
    all_parts = parts(grid)
    detached = {cell: part for part in all_parts if part.detached for cell in part.cells}

    def counts(cell: Cell) -> bool:
        return cell not in illegal and cell not in detached

    results: dict[Cell, CardScore] = {}
    groups: list[Group] = []
    # A detached card is not part of the tree: it joins no group, so it neither links two groups into one nor
    # doubles one (a misplaced card does both: it stays on the grid for every other check).
    tree = {cell: name for cell, name in grid.items() if cell not in detached}
    for kind, found in (("scratcher", scratcher_groups(tree)), ("toy", toy_groups(tree))):
        for members in found:
            group = _score_group(kind, members, counts)
            groups.append(group)
            for cell in members:
                results[cell] = _group_member_score(group, cell, grid[cell], illegal, detached)
    for cell, name in grid.items():
        if cell in results:
            continue
        if cell in illegal:
            results[cell] = _zero(cell, name, f"breaks {RULE_IDS[BY_NAME[name].placement]}: 0")
        elif cell in detached:
            results[cell] = _zero(cell, name, _detached_why(detached[cell]))
        else:
            points, why = _single_points(grid, cell, name)
            points, why = _doubled(points, why, altitude(cell), f"at height {cell[0]}")
            results[cell] = CardScore(cell[0], cell[1], name, points, why)
    cards = tuple(results[cell] for cell in sorted(results))
    return Score(sum(c.points for c in cards), cards, tuple(groups), tuple(all_parts), illegal)


def _score_group(kind: str, members: list[Cell], counts) -> Group:
    scoring = [cell for cell in members if counts(cell)]
    doubled = any(altitude(cell) for cell in members)
    points = 0
    if scoring:
        points = BY_NAME[kind].points * (ALTITUDE_FACTOR if doubled else 1)
        members = scoring[:1] + [cell for cell in members if cell != scoring[0]]
    return Group(kind, tuple(members), points, doubled)


def _group_member_score(group: Group, cell: Cell, name: str, illegal, detached) -> CardScore:
    size = len(group.cells)
    if cell in illegal:
        return _zero(cell, name, f"breaks {RULE_IDS[BY_NAME[name].placement]}: 0")
    if cell in detached:
        return _zero(cell, name, _detached_why(detached[cell]))
    head = group.cells[0]
    if cell != head or group.points == 0:
        return _zero(cell, name, f"in the {group.kind} group scored at {_cell_name(head)}: 0")
    base = BY_NAME[group.kind].points
    why = f"{group.kind} group of {size}: {base}"
    if group.doubled:
        high = max(r for r, _ in group.cells)
        reason = f"at height {high}" if size == 1 else f"a card at height {high}"
        why = f"({why}) x {ALTITUDE_FACTOR} {reason}"
    return CardScore(cell[0], cell[1], name, group.points, why)


def _zero(cell: Cell, name: str, why: str) -> CardScore:
    return CardScore(cell[0], cell[1], name, 0, why)


def _detached_why(part: Part) -> str:
    if part.distance is None:
        return "detached: no part touches the floor: 0"
    return f"detached: its part is {part.distance} from the grounded tree: 0"
