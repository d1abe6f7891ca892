"""What Cops' commands and its registry entry read when washigen starts: the name, the title, the player counts,
the layouts, the figures. Plain values only (no pydantic, no drawing), so `washigen games` and `--help` stay
quick; model.py takes them from here."""

from typing import Final

GAME = "cops"
TITLE = "Tokyo Washi Game Cops"

DEFAULT_TAPE_WIDTH = 50.0
DEFAULT_PLAYERS = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 6

LAYOUTS = ("end-to-end", "stacked")
# The largest offset a map file may give (mm): a hand-made map may lie further off than the quarter of the tape
# width that `cops map --offset` takes (model.max_offset_for).
MAX_MAP_OFFSET = 100.0
DIAGRAMS = ("segment", "location", "map")     # the rule sheet's figures (members.diagram)
DEFAULT_LAYOUT: Final = "end-to-end"          # Final: a type checker reads it as the literal, one of model.Layout

# The fairness search a default map gets (`cops map --budget`, cops/fair.py): seconds of one core at a nominal rate
# of greedy games, that many games whatever the machine (the slowest, 6 squads, plays about that many here); a map
# in under 5 s on one core. A layout fair by SEARCH_GAMES (arena.fair.FAIR_GAMES; a test holds them equal) is kept
# only if still fair over CONFIRM_GAMES.
DEFAULT_BUDGET = 4.0
NOMINAL_RATE = 900
SEARCH_GAMES = 200
CONFIRM_GAMES = 400
# How its games end (arena.records.End): a squad won, every squad passed in a row, cut off by the turn limit.
ENDINGS = ("win", "stalemate", "turn_limit")
