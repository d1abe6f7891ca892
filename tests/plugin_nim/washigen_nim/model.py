"""The Nim card: its design, its seeded generator, its rules and its drawing."""

from __future__ import annotations

import random
from typing import Annotated

from pydantic import Field

from washigen.design import Design, record
from washigen.press import Document, PrintOptions
from washigen.report import Report, Violation
from washigen.scene import Line, Scene, Style, Text
from washigen.words import N_, Says

CARD_W, CARD_H = 63.0, 88.0          # mm, a poker card
MOST_STICKS = 36                     # sticks the card has room for


@record
class NimCard(Design):
    GAME = "nim"
    KIND = "map"
    heaps: tuple[Annotated[int, Field(ge=1, le=9)], ...] = Field((3, 4, 5), min_length=2, max_length=6)
    players: Annotated[int, Field(ge=2, le=3)] = 2


@record
class NimDeal(NimCard):
    """The card of the game registered as "nim-deal": the same card, made by a component named "card" (the game's
    extra["table"] names it, so `washigen sweep nim-deal --seeds` makes its tables with it)."""
    GAME = "nim-deal"
    KIND = "card"


def generate(heaps: int, most: int, players: int, seed: int | None, kind: type[NimCard] = NimCard) -> NimCard:
    rng = random.Random(seed)
    return kind(heaps=tuple(rng.randint(1, most) for _ in range(heaps)), players=players, seed=seed)


def validate(card: NimCard) -> Report:
    found = []
    if sum(card.heaps) > MOST_STICKS:
        found.append(Violation.error("nim.card.crowded", Says(N_("{count} sticks do not fit on the card; at most "
                                                                 "{most}"), count=sum(card.heaps), most=MOST_STICKS),
                                     field="heaps"))
    nim_sum = 0
    for heap in card.heaps:
        nim_sum ^= heap
    if card.players == 2 and nim_sum == 0:
        found.append(Violation.warning("nim.balance.first-loses", Says(N_("The heaps' nim-sum is 0: the second "
                                                                          "player wins with best play")),
                                       field="heaps"))
    return Report.of(found)


def print_card(card: NimCard, options: PrintOptions) -> Document:
    scene = Scene(CARD_W, CARD_H, bleed=options.bleed, meta={"title": "Nim", "seed": str(card.seed)})
    scene.add(Text(CARD_W / 2, 10, "Nim", 5, anchor="middle"))
    for row, heap in enumerate(card.heaps):
        y = 18 + row * 11
        for stick in range(heap):
            x = 8 + stick * 5.5
            scene.add(Line(x, y, x, y + 8, Style(stroke="ink", stroke_width=0.8)))
    scene.add(Text(CARD_W / 2, CARD_H - 4, f"seed {card.seed}", 2.2, anchor="middle"))
    return Document.single(scene)
