"""Print a custom Cat Tree deck sheet: two copies of each card on mini-euro cards, one reference card, on Letter
paper with backs for a long-edge duplex printer whose backs drift by 0.5 mm right and 0.3 mm up.

    python examples/custom_deck.py [OUT_FOLDER]
"""

from __future__ import annotations

import sys
from pathlib import Path

import washigen
from washigen.games.cat_tree.model import CatTreeDeck


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    out.mkdir(parents=True, exist_ok=True)      # the folder is made where it is missing
    deck = CatTreeDeck(card="mini-euro", copies=2, reference_cards=1)
    report = washigen.validate(deck)
    print(f"{deck.copies * 8 + deck.reference_cards} cards, {'valid' if report.ok else report.format_text()}")
    written = washigen.render(deck, out / "deck.pdf", paper="letter", duplex="long", back_offset=(0.5, -0.3),
                              bleed="2mm")
    for path in written:
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
