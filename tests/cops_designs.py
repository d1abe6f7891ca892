"""Cops designs that several tests read, each generated once in a process: the English and German cases of a test
read the same maps and tapes, and so do the print and scene tests of the standard tape widths. A design is frozen,
so no test can change the one another reads, and the tests read the same designs in any order."""

from __future__ import annotations

from functools import cache

from washigen.games.cops.generate import generate_map, generate_tape
from washigen.games.cops.model import CopsMap, CopsTape


@cache
def cops_map(*args, **kwargs) -> CopsMap:
    """generate_map(*args, **kwargs), generated the first time it is asked for."""
    return generate_map(*args, **kwargs)


@cache
def cops_tape(*args, **kwargs) -> CopsTape:
    """generate_tape(*args, **kwargs), generated the first time it is asked for."""
    return generate_tape(*args, **kwargs)
