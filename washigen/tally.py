"""The strip under the drawing of a played game: a headline saying how the game ended, then a key with an entry per
player (a box in the player's colour beside the player's name, then what the game's drawing adds: special moves
crossed off, fish or crimes counted), in as many columns as fit. Game-blind: a game hands in its words and the parts
of each entry (cats/draw_game.py, cops/draw_game.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .fonts import text_width, wrap_text
from .i18n import Translator
from .words import NN_
from .scene import Group, Line, Primitive, Rect, Scene, Style, Text
from .units import SAFE_ZONE

Draw = Callable[[float, float], list[Primitive]]
Part = tuple[float, Draw]          # an entry's part: its width, and draw(x, y) placing it with its row's top at y
COLUMN_GAP = 3.0
PART_GAP = 1.0
UNFINISHED = NN_("still in play after {turns} turn", "still in play after {turns} turns")


@dataclass(frozen=True)
class TallyRows:
    """The sizes of a tally whose rows are `height` mm apart: its words (and headline) and its icons."""
    height: float

    @property
    def size(self) -> float:
        return min(3.0, 0.5 * self.height)

    @property
    def icon(self) -> float:
        return 0.8 * self.height

    def swatch(self, colour: str, label: str) -> Part:
        """A box filled with `colour` (a theme key or #rrggbb) and `label` beside it: who plays that colour."""
        box = Style(fill=colour, stroke="ink", stroke_width=0.15)
        icon, size, height = self.icon, self.size, self.height

        def draw(x: float, y: float) -> list[Primitive]:
            return [Rect(x, y + 0.1 * height, icon, icon, box), Text(x + icon + PART_GAP, y + 0.65 * height, label,
                                                                     size)]
        return icon + PART_GAP + text_width(label, size), draw

    def words(self, text: str) -> Part:
        return text_width(text, self.size), lambda x, y: [Text(x, y + 0.65 * self.height, text, self.size)]

    def token(self, draw_icon: Callable[[float, float, float], list[Primitive]], used: bool) -> Part:
        """An icon `draw_icon(x, y, side)` in a square of the icon's side, crossed off when `used` (a special move
        spent, a bowl of ramen eaten)."""
        icon = self.icon
        cross = Style(stroke="ink", stroke_width=max(0.3, 0.08 * icon), line_cap="round")
        pad = 0.1 * icon

        def draw(x: float, y: float) -> list[Primitive]:
            ty = y + 0.1 * self.height
            drawn = draw_icon(x, ty, icon)
            if used:
                drawn += [Line(x + pad, ty + pad, x + icon - pad, ty + icon - pad, cross),
                          Line(x + pad, ty + icon - pad, x + icon - pad, ty + pad, cross)]
            return drawn
        return icon, draw


def headline(text: str) -> str:
    """How a game ended as the headline of its tally: a sentence of its own, so with a capital."""
    return text[:1].upper() + text[1:]


def unfinished(turns: int, _: Translator) -> str:
    """The words for a game drawn before its end (a step of a replay, a log cut short)."""
    return _.ngettext(*UNFINISHED, turns).format(turns=turns)


def add_tally(scene: Scene, outcome: str, entries: Sequence[Sequence[Part]], rows: TallyRows) -> None:
    """Grows `scene` by a strip under its drawing: `outcome` in bold (wrapped to the width), then the entries, in as
    many columns as the widest fits; an entry wider than its column flows onto more lines. The strip starts below
    the artwork's bleed, and every word keeps the safe zone inside the trim."""
    margin = SAFE_ZONE + 0.5
    size, row_h = rows.size, rows.height
    # Each part (a name with its box, a count) and each word of the outcome stands whole on a line: where one is
    # wider than a narrow drawing (a map on 20 mm tape, 42 mm wide), the page grows to the right to hold it, rather
    # than the words running past the trim.
    widest_part = max((width for parts in entries for width, _draw in parts), default=0.0)
    widest_word = max((text_width(word, size, "bold") for word in outcome.split()), default=0.0)
    scene.width = max(scene.width, max(widest_part, widest_word) + 2 * margin)
    usable = scene.width - 2 * margin
    lines = wrap_text(outcome, size, usable, "bold")
    widest = max((sum(width + PART_GAP for width, _draw in parts) - PART_GAP for parts in entries), default=0.0)
    per_row = max(1, int((usable + COLUMN_GAP) // (widest + COLUMN_GAP)))
    column = (usable + COLUMN_GAP) / per_row - COLUMN_GAP
    leading = 1.35 * size             # the outcome's lines, closer than the rows of the key
    items: list[Primitive] = [Text(margin, 0.7 * row_h + k * leading, line, size, weight="bold")
                              for k, line in enumerate(lines)]
    y = row_h + (len(lines) - 1) * leading
    for first in range(0, len(entries), per_row):
        taken = 1
        for k, parts in enumerate(entries[first:first + per_row]):
            x0 = margin + k * (column + COLUMN_GAP)
            x, line = x0, 0
            for width, draw in parts:
                if x > x0 and x + width > x0 + column + 1e-6:     # flows onto the next line of this entry
                    x, line = x0, line + 1
                items += draw(x, y + line * row_h)
                x += width + PART_GAP
            taken = max(taken, line + 1)
        y += taken * row_h
    top = scene.height + scene.bleed + 1.0      # the drawing's art may reach into its bleed: the strip starts below
    scene.height = top + y + margin
    scene.add(Group(items, dy=top))
