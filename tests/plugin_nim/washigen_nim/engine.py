"""The rules of play on the washigen.arena protocol: a move takes sticks from one heap; whoever takes the last
stick wins. States are immutable; a move's str() is its notation ("2:3": three sticks from heap 2)."""

from __future__ import annotations

from dataclasses import dataclass

from washigen.errors import InputError


@dataclass(frozen=True)
class Move:
    heap: int                 # 0-based
    take: int

    def __str__(self) -> str:
        return f"{self.heap + 1}:{self.take}"


@dataclass(frozen=True)
class State:
    heaps: tuple[int, ...]
    players: int
    seat: int                 # to move
    last: int | None = None   # who moved last: the winner once the heaps are empty


def initial_state(design, setup: int = 0, rules=None, seed: int = 0) -> State:
    """`setup` is the seat that moves first; Nim has no rules options and no chance."""
    return State(heaps=tuple(design.heaps), players=design.players, seat=setup % design.players)


def legal_moves(state: State) -> list[Move]:
    return [Move(heap, take) for heap, size in enumerate(state.heaps) for take in range(1, size + 1)]


def apply(state: State, move: Move) -> State:
    heaps = list(state.heaps)
    heaps[move.heap] -= move.take
    return State(heaps=tuple(heaps), players=state.players, seat=(state.seat + 1) % state.players, last=state.seat)


def result(state: State) -> int | None:
    """The winning seat once every stick is taken (arena.search.winners_of reads a bare seat)."""
    return state.last if not any(state.heaps) else None


def to_move(state: State) -> int:
    return state.seat


def parse_move(text: str, state: State) -> Move:
    heap, _, take = text.partition(":")
    try:
        move = Move(int(heap) - 1, int(take))
    except ValueError:
        raise InputError(f"move {text!r}: write HEAP:STICKS, such as 2:3") from None
    if move not in legal_moves(state):
        raise InputError(f"move {text!r}: not a legal move here")
    return move
