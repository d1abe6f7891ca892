"""Cat Tree designs made from a seed: the tree a simulated game of two greedy players builds (playtest.play)."""

from __future__ import annotations

from .model import CatTreeLayout
from .playtest import play


def generate_layout(seed: int) -> CatTreeLayout:
    return play(seed).layout


__all__ = ["generate_layout"]
