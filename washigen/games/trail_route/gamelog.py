"""A Trail Route game told in words: each event the engine recorded (State.events), as a line of the log that
`trail-route play` prints. Places are printed 1-based: (row, column) for a road tile, a row's start and its
destinations."""

from __future__ import annotations

from .engine import DEST, START, Call, CardPlay, Cell, Nudge, Rearrange, Slide, State
from .model import CARDS, dest_name, tile_name


def where(cell: Cell) -> str:
    r, c = cell
    if c == START:
        return f"the start of row {r + 1}"
    if c == DEST:
        return f"the destinations of row {r + 1}"
    return f"({r + 1}, {c + 1})"


def describe_play(state: State, play: CardPlay, target: Cell | None = None) -> str:
    name = CARDS[play.card][0]
    if isinstance(play, Rearrange):
        cells = ", ".join(where(c) for c in play.cells)
        return f"{name}: rearranges {cells}"
    if isinstance(play, Slide):
        return f"{name}: slides column {play.col + 1} down by {play.steps % state.rows}"     # up 1 = down rows - 1
    if isinstance(play, (Nudge, Call)):
        assert target is not None, "a nudge or call is played only where the cat has somewhere to go"
        if isinstance(play, Nudge):
            return f"{name}: moves the {state.cat_name(play.cat)} to {where(target)}"
        return f"{name}: calls the {state.cat_name(play.cat)} back to {where(target)}"
    return f"{name}: swaps the {state.cat_name(play.mine)} with the {state.cat_name(play.other)}"


def describe(state: State, event: tuple) -> str:
    kind, *data = event
    cat = (lambda k: state.cat_name(k))
    if kind == "turn":
        return f"turn {data[1]} · {state.colours[data[0]]}"
    if kind == "swap":
        return f"  swaps {where(data[0])} and {where(data[1])}"
    if kind == "card":
        return f"  plays {describe_play(state, data[1], data[2])}"
    if kind == "advance":
        return f"  {cat(data[0])} advances from {where(data[1])} to {where(data[2])}"
    if kind == "place":
        why = {"tile": " by the place-a-cat tile", "tunnel": " out of the tunnel", "bonus": " (3-point bonus)",
               "return": " (its row has no destination left)"}.get(data[2], "")
        return f"  {cat(data[0])} is placed on {where((data[1], START))}{why}"
    if kind == "arrow":
        return f"    an arrow pushes the {cat(data[0])} from {where(data[1])} to {where(data[2])}"
    if kind == "arrow-stop":
        return f"    the arrow at {where(data[1])} cannot move the {cat(data[0])} ({data[2]})"
    if kind == "mouse":
        return f"    the {cat(data[0])} claims the mouse toy at {where(data[1])}; {tile_name(data[2])} replaces it"
    if kind == "mouse-stays":
        return f"    the exchange deck is empty: the mouse toy at {where(data[1])} stays"
    if kind == "claim":
        return f"    the {cat(data[0])} claims a destination in row {data[1] + 1}: {dest_name(data[2])}, {data[3]} points"
    if kind == "tunnel":
        return f"    the {cat(data[0])} enters the tunnel at {where(data[1])}"
    if kind == "forward":
        return f"    cat forward: the {cat(data[1])} advances"
    if kind == "trigger":
        return f"  the {data[0]}th destination is claimed: this round is the last"
    if kind == "forward-none":
        return f"    cat forward: no cat can advance, the {cat(data[0])}'s tile does nothing"
    if kind == "place-none":
        owner = state.colours[state.cats[data[0]].owner]
        return f"    place a cat: {owner} has no cat waiting or no start is free; nothing happens"
    if kind == "off-board":
        return f"    the {cat(data[0])} leaves the board: no start is free for it"
    if kind == "no-destination":
        return f"    the {cat(data[0])} reaches row {data[1] + 1}, which has no destination left"
    if kind == "stuck":
        return f"  {state.colours[data[0]]} can neither advance a cat nor place one: the turn ends"
    if kind == "cascade":
        return f"    the chain of effects stops at the {cat(data[0])} (too many landings in a row)"
    if kind == "end":
        return f"end of the game ({data[0]})"
    return f"    {kind}: " + ", ".join(str(d) for d in data)
