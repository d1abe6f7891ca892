"""What Cat Tree's commands and its registry entry read when washigen starts: the name, the title, the card sizes
and the reference cards. Plain values only (no pydantic, no drawing), so `washigen games` and `--help` stay quick;
model.py takes them from here."""

from ...units import CARD_SIZES

GAME = "cat-tree"
TITLE = "Cat Tree? We can handle this!"

CARD_SIZE_NAMES: tuple[str, ...] = tuple(CARD_SIZES)
# How its games end (arena.records.End): the tree is always finished and scored.
ENDINGS = ("win",)
REFERENCE_CARDS = 2             # one per player
