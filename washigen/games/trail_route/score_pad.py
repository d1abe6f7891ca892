"""The score pad of The Cats' Trail Route: two pads a sheet, a column per player."""

from __future__ import annotations

from ... import __version__
from ...fonts import MIN_TEXT, fit_size, wrap_text
from ...i18n import translator
from ...press import Document
from ...scene import Circle, Group, Line, Rect, Scene, Style, Text
from ...units import MIN_PAGE_MARGIN, paper_size
from .art import THEME
from .model import COLOURS, GAME, TITLE


def score_pad(paper: str, lang: str = "en") -> Document:
    _ = translator(lang)
    w, h = paper_size(paper)
    title = f"{TITLE}: " + _("score pad")
    page = Scene(w, h, theme=dict(THEME), meta={"game": GAME, "kind": "score-pad", "title": title})
    half = h / 2
    for n in range(2):
        page.add(Group(children=score_block(w - 2 * 12.0, half - 16.0, lang), dx=12.0, dy=n * half + 9.0))
    footer = f"{TITLE} · " + _("score pad") + f" · washigen {__version__}"
    page.add(Line(6.0, half, w - 6.0, half, Style(stroke="muted", stroke_width=0.25, dash=(2.0, 2.0))),
             Text(w / 2, h - MIN_PAGE_MARGIN, footer, 2.2, anchor="middle", style=Style(fill="muted")))
    return Document([page], title=title)


def score_block(w: float, h: float, lang: str = "en") -> list:
    _ = translator(lang)
    items: list = [Text(0, 6.0, TITLE, 5.0, weight="bold"),
                   Text(w, 6.0, _("score pad"), 3.4, anchor="end", style=Style(fill="muted"))]
    label_w, rows = 46.0, [_("player"), _("cat colour")] + [_("destination {number}").format(number=n)
                                                           for n in range(1, 9)] + [
        _("mouse toys (1 each)"), _("total"), _("tie: cat furthest forward")]
    col_w = (w - label_w) / 4
    row_h = min(7.0, (h - 24.0) / len(rows))
    y0 = 10.0
    line = Style(stroke="ink", stroke_width=0.25)
    for i, label in enumerate(rows):
        y = y0 + i * row_h
        bold = i in (0, len(rows) - 2)
        if i == len(rows) - 2:
            items.append(Rect(0, y, w, row_h, Style(fill="tr-badge", opacity=0.35)))
        size = fit_size(label, label_w - 3.0, 2.8, "bold" if bold else "normal")
        items.append(Text(1.5, y + row_h * 0.68, label, size, weight="bold" if bold else "normal"))
        items.append(Line(0, y, w, y, line))
    items.append(Line(0, y0 + len(rows) * row_h, w, y0 + len(rows) * row_h, line))
    for c in range(5):
        x = label_w + c * col_w if c else label_w
        items.append(Line(x, y0, x, y0 + len(rows) * row_h, line))
    for c, colour in enumerate(COLOURS):
        cx = label_w + (c + 0.5) * col_w
        for k, other in enumerate(COLOURS):
            items.append(Circle(cx - 7.5 + k * 5.0, y0 + 1.5 * row_h, 1.6,
                                Style(fill=f"cat-{other}", stroke="ink", stroke_width=0.15)))
    foot = y0 + len(rows) * row_h + 5.0
    rule = _("Colour-pair destination: 5 if the cat has one of its colours, else 3 · fixed tiles: 4 or 3 · mouse "
             "toy: 1 · circle your colour.")
    size = fit_size(rule, w, 2.5, minimum=MIN_TEXT)          # on narrow paper: 6 pt, on two lines
    for k, text in enumerate(wrap_text(rule, size, w)):
        items.append(Text(0, foot + k * 1.35 * size, text, size, style=Style(fill="muted")))
    return items
