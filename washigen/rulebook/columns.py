"""Two balanced columns of flowables on a page, as the rule sheets set their text, and the figure panel that may
wait in them for the top of the next column.

Filling the columns takes blocks from the front of what is left, so a page costs what it holds, however long the
text: a rule text ten times as long is set in ten times the time.
"""

from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Sequence

from .. import reportlab_guard  # noqa: F401  (before reportlab: its home-folder hooks never run)
# reportlab ships no type hints (no py.typed, types-reportlab is not installed): its names are Any to mypy
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.platypus import Flowable  # type: ignore[import-untyped]

BODY_LEADING = 12.0          # points; also what one more line of column costs
PANEL = colors.HexColor("#f5f3ee")


class FigureBlock(Flowable):
    """A figure on a light panel with its caption below, kept in one piece and centred in its width."""

    padding = 6.0
    gap = 4.5
    floats = False         # a spanning figure may float to the next page while the text after it fills this one

    def __init__(self, drawing: Flowable, caption: Flowable, width: float):
        super().__init__()
        self.drawing = drawing
        self.caption = caption
        self.width = width
        self.spaceBefore = 5.0
        self.spaceAfter = 8.0

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        _, self.caption_height = self.caption.wrap(min(availWidth - 2 * self.padding,
                                                       max(self.drawing.width, 0.7 * availWidth)), availHeight)
        self.height = self.padding * 2 + self.drawing.height + self.gap + self.caption_height
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(PANEL)
        canvas.roundRect(0, 0, self.width, self.height, 3, stroke=0, fill=1)
        canvas.restoreState()
        x = (self.width - self.drawing.width) / 2
        self.drawing.drawOn(canvas, x, self.height - self.padding - self.drawing.height)
        x = (self.width - self.caption.width) / 2
        self.caption.drawOn(canvas, x, self.padding)


def trailing_kept(placed: list) -> int:
    """How many blocks at the end of a column are kept with what follows them (headings, lead-ins)."""
    count = 0
    while count < len(placed) and placed[-1 - count][0].getKeepWithNext():
        count += 1
    return count


class Columns(Flowable):
    """Flowables set in two columns, balanced to equal height; split across pages when they do not fit.

    Keeps a heading with what follows (a column never ends on one) and collapses the space between two blocks
    to the larger of the first one's space after and the second one's space before, as a frame does."""

    def __init__(self, items: Sequence[Flowable], gutter: float, placed=None, height: float = 0.0):
        super().__init__()
        self.items = list(items)
        self.gutter = gutter
        self.placed = placed            # a finished layout: [[(flowable, y_top, height), ...] per column]
        self.fixed_height = height
        self.laid_out_for = None        # the width the layout was made for

    def column_width(self, availWidth: float) -> float:
        return (availWidth - self.gutter) / 2

    def fill(self, column_width: float, height: float, strict: bool = True, splitting: bool = True):
        """Fills two columns of `height` in turn; returns (columns, what did not fit). Strictly, a column never
        ends on a heading while more follows, even when that leaves the column empty; otherwise (at the top of a
        page, where waiting gains nothing) only a column that holds more than its trailing headings gives them
        up, and a column of nothing but headings stays full. Without `splitting`, columns break only between
        blocks."""
        queue = deque(self.items)          # taken from the front: a page costs what it holds, not the whole text
        columns: list[list[tuple[Flowable, float, float]]] = []
        for _ in range(2):
            placed: list[tuple[Flowable, float, float]] = []
            bottom = after = 0.0
            while queue:
                item = queue[0]
                gap = max(after, item.getSpaceBefore()) if placed else 0.0
                room = height - bottom - gap
                _, item_height = item.wrap(column_width, room)
                if item_height <= room + 1e-6:
                    placed.append((item, bottom + gap, item_height))
                    bottom += gap + item_height
                    after = item.getSpaceAfter()
                    queue.popleft()
                    continue
                # The figure may wait for the top of the next column while the text after it fills this one; it
                # waits past all that text only for the second column of this page, where it fits.
                to_end = len(columns) == 0 and item_height <= height
                ahead = self.fit_ahead(queue, column_width, room, after, to_end) \
                    if isinstance(item, FigureBlock) and placed else 0
                if ahead:
                    waiting = [queue.popleft() for _ in range(ahead + 1)]
                    queue.extendleft(reversed([*waiting[1:], item]))
                    continue
                parts = item.split(column_width, room) if room > 0 and splitting else []
                if len(parts) >= 2:
                    _, first_height = parts[0].wrap(column_width, room)
                    if first_height <= room + 1e-6:
                        placed.append((parts[0], bottom + gap, first_height))
                        queue.popleft()
                        queue.extendleft(reversed(parts[1:]))
                break
            kept = trailing_kept(placed) if queue else 0
            if strict or kept < len(placed):
                for _ in range(kept):
                    queue.appendleft(placed.pop()[0])
            columns.append(placed)
        return columns, list(queue)

    @staticmethod
    def fit_ahead(queue: deque, column_width: float, room: float, after: float, to_end: bool) -> int:
        """How many whole blocks after the figure at the head of `queue` fit in `room`: up to the next figure, never
        ending on a heading (it stays with what follows it), and all of them only `to_end`."""
        count, used = 0, 0.0
        for item in islice(queue, 1, None if to_end else len(queue) - 1):
            if isinstance(item, FigureBlock):
                break
            gap = max(after, item.getSpaceBefore())
            _, height = item.wrap(column_width, room - used - gap)
            if used + gap + height > room + 1e-6:
                break
            used += gap + height
            after = item.getSpaceAfter()
            count += 1
        while count and queue[count].getKeepWithNext():
            count -= 1
        return count

    @staticmethod
    def _filled(columns) -> float:
        """How much of both columns' height the placed blocks take (the emptier column counts as much)."""
        return sum(y + h for column in columns for _, y, h in column[-1:])

    @staticmethod
    def used(columns) -> float:
        return max((y + h for column in columns for _, y, h in column[-1:]), default=0.0)

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        if self.placed is not None and (self.items == [] or self.laid_out_for == availWidth):
            return availWidth, self.fixed_height
        column_width = self.column_width(availWidth)
        columns, rest = self.fill(column_width, availHeight)
        if rest:
            return availWidth, availHeight + 1          # too tall: the frame will split us
        balanced = self.lowest(column_width, availHeight, splitting=True)
        # Breaking between blocks reads better than breaking a paragraph: take it when it costs little height.
        whole = self.lowest(column_width, availHeight, splitting=False)
        height, splitting = balanced, True
        if whole is not None and whole <= balanced + max(0.2 * balanced, 2 * BODY_LEADING):
            height, splitting = whole, False
        columns, _ = self.fill(column_width, height, splitting=splitting)
        self.placed, self.fixed_height, self.laid_out_for = columns, self.used(columns), availWidth
        return availWidth, self.fixed_height

    def lowest(self, column_width: float, limit: float, splitting: bool) -> float | None:
        """The lowest column height (to half a point) that takes every item, or None when `limit` does not."""
        if self.fill(column_width, limit, splitting=splitting)[1]:
            return None
        low, high = 0.0, limit
        while high - low > 0.5:
            middle = (low + high) / 2
            if self.fill(column_width, middle, splitting=splitting)[1]:
                low = middle
            else:
                high = middle
        return high

    def split(self, availWidth, availHeight):
        column_width = self.column_width(availWidth)
        columns, rest = self.fill(column_width, availHeight)
        # At a page's end too, a break between blocks reads better than a paragraph or list item cut in two (the
        # rest of it over the page, perhaps under a figure): take it when it leaves little more of the page blank.
        whole, whole_rest = self.fill(column_width, availHeight, splitting=False)
        if any(whole) and self._filled(whole) >= self._filled(columns) - 3 * BODY_LEADING:
            columns, rest = whole, whole_rest
        frame = getattr(self, "_frame", None)
        if not any(columns) and frame is not None and getattr(frame, "_atTop", False):
            columns, rest = self.fill(column_width, availHeight, strict=False)   # a whole page: no choice
        if not any(columns):
            return []
        # With text left over, the first part takes the whole height it was offered: the rest must start the next
        # page. Set below it in what a last gap left (a line's room: the next item's space before did not fit), the
        # rest would make a second pair of columns under the first, read down the left column out of order.
        first = Columns([], self.gutter, placed=columns, height=availHeight if rest else self.used(columns))
        return [first, Columns(rest, self.gutter)] if rest else [first]

    def draw(self):
        column_width = self.column_width(self.width)
        for index, column in enumerate(self.placed or ()):
            x = index * (column_width + self.gutter)
            for item, top, height in column:
                item.wrap(column_width, height)
                item.drawOn(self.canv, x, self.fixed_height - top - height)
