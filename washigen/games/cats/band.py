"""The grey player band along a tape's edge: colour box, special moves and fish for each player seated there,
the words beside them, a note and the rules' QR code where they fit."""

from __future__ import annotations

from dataclasses import dataclass

from ...qr import QUIET_MODULES, qr_matrix
from ...fonts import MIN_FINE_PRINT, MIN_TEXT, descent, fit_size, size_in_room, text_width
from ...i18n import N_, translator
from ...scene import Group, Line, Path, Primitive, Rect, Scene, Style, Text
from ...units import SAFE_ZONE
from .grid import rect_path
from .model import BAND_PAD, band_holds_qr
from .symbols import symbol, use


# Between the grid and a band's line of text.
BAND_TEXT_GAP = 0.2

# The words beside a band's symbols (translated where they are printed).
BAND_WORDS = {"colour-box": N_("your colour"), "special": N_("special moves"), "fish": N_("fish")}


# -- the player band -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Panel:
    start: float          # mm along the band
    end: float
    label: str            # "1", "team 2", ""


def band_items(scene: Scene, length: float, h: float, panels: list[Panel], bleed: float = 0.0,
               note: str = "", qr: str | None = None, overlap: bool = False, words: bool = True,
               anchors: dict | None = None, spread: float = 0.6, lang: str = "en",
               span: tuple[float, float] | None = None, crowded: list | None = None) -> list:
    """A grey band `length` x `h` mm as its player sees it (their edge, the trim, at the bottom), with a colour box,
    two special moves and a fish for each cat in every panel; `note` prints small at the right end. Text keeps to
    the band's safe line (SAFE_ZONE above the trim) and is left out where it would be too small to read there.
    `span` is the part of the band that reaches the paper (a strip's columns): its ends are trims too. A panel
    whose symbols run into the note even packed close is reported in `crowded`, when given."""
    x0, x1 = span or (0.0, length)
    items: list = [Rect(-bleed, 0, length + 2 * bleed, h + bleed, Style(fill="overlap" if overlap else "band"))]
    if overlap:
        items += _overlap_marks(length, h, lang)
        return items
    icon = 0.78 * h
    pad = BAND_PAD * h
    right_end = x1 - max(0.0, SAFE_ZONE - pad)      # the band's ends are trims too
    if qr and x1 >= length - 1e-6 and band_holds_qr(qr, h):
        items.append(qr_group(qr, h - 2 * pad, length - h + pad, pad))
        right_end = length - h
    limit_end = right_end
    note_size = size_in_room(note, band_room(h), max(MIN_FINE_PRINT, min(0.24 * h, 1.6)), MIN_FINE_PRINT) \
        if note else None
    if note_size:
        items.append(Text(right_end - pad, band_baseline(h, note, note_size), note, note_size, anchor="end",
                          style=Style(fill="band-ink")))
        limit_end = right_end - pad - text_width(note, note_size) - pad
    panels = [Panel(max(p.start, x0), min(p.end, x1), p.label) for p in panels if p.end > x0 and p.start < x1]
    for k, panel in enumerate(panels):
        if k:
            items.append(Line(panel.start, 0, panel.start, h, Style(stroke="#ffffff", stroke_width=max(0.3, 0.08 * h))))
        limit = min(panel.end, limit_end) - pad
        items += _panel(scene, panel, h, icon, pad, limit, words, anchors, spread, lang, x0 + SAFE_ZONE, crowded)
    return items


def band_room(h: float) -> float:
    """The height of a band's text line: from just below the grid down to the safe line above the trim."""
    return h - SAFE_ZONE - BAND_TEXT_GAP


# Round letters and digits (o, s, 3, 6) dip about 1.5 % of their size below the baseline: under 0.05 mm at a band's
# usual sizes, too little to lift every map's words for, but 0.1 to 0.2 mm into the safe zone on 50 mm tape with 4
# rows and wider (their labels 5 to 13 mm tall).
OVERSHOOT = 0.015
OVERSHOOT_IGNORED = 0.05        # mm


def band_baseline(h: float, text: str, size: float) -> float:
    """The baseline that puts `text` on the band's safe line (its lowest ink SAFE_ZONE above the trim)."""
    below = descent(text) * size
    if OVERSHOOT * size > max(below, OVERSHOOT_IGNORED):
        below = OVERSHOOT * size
    return h - SAFE_ZONE - below


def _panel(scene: Scene, panel: Panel, h: float, icon: float, pad: float, limit: float,
           words: bool = True, anchors: dict | None = None, spread: float = 0.6,
           lang: str = "en", safe_start: float = SAFE_ZONE, crowded: list | None = None) -> list:
    """One player's part of a band; the words beside the symbols print when they fit (at a readable size, inside
    the safe line). `anchors`, when given, receives the middle of each group of symbols (for a labelled figure).
    Symbols that would run past `limit` (into the note) are spaced closer, then left out."""
    _ = translator(lang)
    groups = tuple((name, count, _(BAND_WORDS[name])) for name, count in (("colour-box", 1), ("special", 2),
                                                                         ("fish", 2)))
    caption_sizes = [size_in_room(caption, band_room(h), max(MIN_TEXT, 0.25 * h)) for _n, _c, caption in groups]
    fitting = [size for size in caption_sizes if size]
    caption_size = min(fitting) if words and len(fitting) == len(caption_sizes) else None
    label_size = size_in_room(panel.label, band_room(h), fit_size(panel.label, 1.6 * h, 0.55 * h, minimum=0.8)) \
        if panel.label else None
    for captions, gap in ((caption_size, spread), (None, spread), (None, 0.1)):
        items: list = []
        y = (h - icon) / 2
        x = max(panel.start + 0.5 * pad + 0.15 * h, safe_start)
        if label_size:             # regular weight: a second font would double the map's PDF
            items.append(Text(x, band_baseline(h, panel.label, label_size), panel.label, label_size,
                              style=Style(fill="band-ink")))
            x += text_width(panel.label, label_size) + 0.3 * h
        for n, (name, count, caption) in enumerate(groups):
            start = x
            for _copy in range(count):
                items.append(use(scene, symbol(name, icon), x, y, icon))
                x += icon + 0.06 * h
            if anchors is not None:
                anchors[name] = (start + x - 0.06 * h) / 2
            if captions:
                x += 0.1 * h
                items.append(Text(x, band_baseline(h, caption, captions), caption, captions,
                                  style=Style(fill="band-ink")))
                x += text_width(caption, captions)
            x += gap * h if n < 2 else 0
        if x <= limit:
            return items
    if crowded is not None:
        crowded.append(panel)
    return items


def _overlap_marks(length: float, h: float, lang: str = "en") -> list:
    """An inner layer's band is covered by the next strip: say so, and hatch it."""
    commands = []
    step = 1.6 * h
    x = -h
    while x < length:
        commands += [("M", max(0.0, x), h - (max(0.0, x) - x)), ("L", min(length, x + h), h - (min(length, x + h) - x))]
        x += step
    text = translator(lang).gettext("overlap: the next strip covers this band")
    size = size_in_room(text, band_room(h), max(MIN_TEXT, min(0.3 * h, 1.8)))
    marks: list[Primitive] = [Path(tuple(commands), Style(stroke="#bdbdbd", stroke_width=0.15))]
    if size:
        marks.append(Text(length / 2, band_baseline(h, text, size), text, size, anchor="middle",
                          style=Style(fill="muted")))
    return marks


def qr_group(url: str, size: float, x: float, y: float) -> Group:
    """A QR code (reportlab's encoder) as vector rectangles in a white square of `size` mm that includes its
    4-module quiet zone: one path of dark modules, row runs merged. Place it only where qr_fits(url, size)."""
    matrix = qr_matrix(url)
    n = len(matrix)
    unit = size / (n + 2 * QUIET_MODULES)
    rects = []
    for r, row in enumerate(matrix):
        c = 0
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                rects.append(((start + QUIET_MODULES) * unit, (r + QUIET_MODULES) * unit, (c - start) * unit, unit))
            else:
                c += 1
    return Group([Rect(0, 0, size, size, Style(fill="#ffffff")), rect_path(rects, Style(fill="#000000"))], dx=x, dy=y)
