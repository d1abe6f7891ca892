"""What Trail Route's commands and its registry entry read when washigen starts: the name, the title, the player
counts. Plain values only (no pydantic, no drawing), so `washigen games` and `--help` stay quick; model.py takes
them from here."""

GAME = "trail-route"
TITLE = "The Cats' Trail Route"

PLAYERS = (3, 4)
# How its games end (arena.records.End): the destinations all reached, or cut off by the turn limit.
ENDINGS = ("win", "turn_limit")
