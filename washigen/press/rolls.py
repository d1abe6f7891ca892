"""A tape roll as PDF pages every viewer shows at real size, and the one-repeat file a tape maker prints from.

A PDF page side longer than 5,080 mm (200 in) needs /UserUnit, which poppler and the viewers built on it ignore
(a 10 m roll showed at half size). So a longer roll is written as pages of whole repeats, each a window of the one
continuous strip (press.impose.tape_artwork): its repeats with the roll's bleed, and past each join (and its bleed)
the start of the next page's artwork under a white veil, the overlap on which the next page is laid, its first edge
on the join's ticks. Page numbers, join words and ticks sit above and below the tape, so the artwork is the strip's
own, untouched.

A roll's words (ids, captions, seed) are not art: each whole piece's words are one symbol use on the strip
(add_piece_words), and a page prints those of the pieces it carries whole, once, inside its trim; the bleed, its
mirrored edge and the veiled overlap carry the art alone (a window of the strip cut through the neighbours' words).
A piece longer than a page (pages then end on no piece's end) has its words printed one by one, each on the first
page it stands on, moved back inside that page's trim where it would run over the join.

A tape maker prints from one repeat: the tape width by the repeat length, at real size, with bleed on every side;
at its ends the bleed shows the neighbouring repeat, so the printed repeats meet without a seam.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from ..errors import InputError
from ..fonts import MIN_TEXT, fit_size, text_width
from ..i18n import N_, either, translator
from ..backends.pdf import MAX_PAGE_MM
from ..backends.png import cull_to_band
from ..scene import Anchor, Group, Line, Primitive, Rect, Scene, Style, Symbol, Text, Use
from ..units import Mm
from ..words import Says
from .document import Document
from .impose import tape_artwork
from .oversize import text_bounds

JOIN_OVERLAP = 20.0          # mm of the next page's artwork printed past a join's bleed: to line up and glue
# The white veil over the overlap: plainly not this page's, light enough that its artwork stays readable to line up
# by (under half: the collision checks take a shape of half opacity or more over a word as hiding it).
VEIL_OPACITY = 0.45
WORDS_SYMBOL = "roll-words-"  # the id prefix of a piece's words on a roll (add_piece_words), told from its art by it
TOP_MARGIN = 12.0            # mm above the tape's bleed: the page's heading and the join words
BOTTOM_MARGIN = 9.0          # mm below it: where each repeat starts
TICK = 5.0                   # length of a join tick, 1 mm clear of the bleed
HEADING_SIZE = 3.0           # mm (8.5 pt)
WORDS_SIZE = 2.5             # mm (7.1 pt)
_MARK = Style(stroke="ink", stroke_width=0.3)
_REPEAT_MARK = Style(stroke="muted", stroke_width=0.2)


def page_runs(length: float, bleed: float, repeat: float, piece: float | None = None) -> list[tuple[float, float]]:
    """(start, end) in mm along the roll of each page: one page when the roll fits, else runs of whole repeats
    (whole pieces where one repeat is longer than a page), every page but the last the same length."""
    if length + 2 * bleed <= MAX_PAGE_MM:
        return [(0.0, length)]
    room = MAX_PAGE_MM - 2 * bleed - JOIN_OVERLAP        # between a page's bleed at its start and its overlap
    unit = next((u for u in (repeat, piece) if u and u <= room), room)
    units = length / unit
    pages = math.ceil(units / math.floor(room / unit + 1e-9) - 1e-9)
    step = math.ceil(units / pages - 1e-9) * unit
    return [(k * step, min((k + 1) * step, length)) for k in range(pages) if k * step < length - 1e-6]


def roll_document(strip: Scene, repeat: float, title: str, lang: str = "en", piece: float | None = None) -> Document:
    """The roll `strip` (tape_artwork: the roll's length, its bleed) as a PDF's pages: itself when it fits one
    page, else pages of whole `repeat`s with join marks."""
    runs = page_runs(strip.width, strip.bleed, repeat, piece)
    if len(runs) == 1:
        return Document.single(strip, title=title)
    pages = [roll_page(strip, run, number, len(runs), repeat, lang) for number, run in enumerate(runs, start=1)]
    return Document(pages, title=title)


def roll_for_output(strip: Scene, output: Path, repeat: float, title: str, lang: str = "en",
                    piece: float | None = None) -> Document:
    """The roll as `output` takes it: a PDF as pages no longer than MAX_PAGE_MM (roll_document), an SVG or PNG as
    the one strip (a PNG too large for one image is written as tiles)."""
    from ..output import output_format

    if output_format(output) == ".pdf":
        return roll_document(strip, repeat, title, lang, piece=piece)
    return Document.single(strip, title=title)


def pages_note(document: Document) -> str:
    """What stderr says of a roll split into pages ("" for one page)."""
    if len(document.pages) == 1:
        return ""
    return (f"longer than one PDF page shows at real size: {len(document.pages)} pages, each ending on a whole "
            "repeat (or piece) and joined to the next at its marks")


def add_piece_words(strip: Scene, words: Sequence[Sequence[Primitive]], pitch: float, pieces: int, key: str) -> None:
    """The words of the strip's first `pieces` pieces, `pitch` mm apart, piece k carrying words[k % len(words)] (in
    the piece's own frame): each piece's words one symbol, used once a piece, so that a page of the roll (roll_page)
    prints them apart from the art. Only whole pieces get words: none under the plain tape past the last one, in
    the bleed or past the roll's ends, where no one could read them."""
    ids = [strip.define(Symbol(f"{WORDS_SYMBOL}{key}-{k + 1}", pitch, strip.height, list(piece)))
           for k, piece in enumerate(words[:pieces])]           # those used alone: an SVG writes every one defined
    strip.add(*(Use(ids[k % len(ids)], k * pitch, 0.0) for k in range(pieces if ids else 0)))


def roll_with_words(art: Scene, words: Sequence[Sequence[Primitive]], length: float, bleed: float, piece: float,
                    key: str) -> Scene:
    """The roll `length` mm long: the repeat's art laid end to end (tape_artwork, ending on its last whole piece),
    and the words of every whole piece on it (add_piece_words)."""
    strip = tape_artwork(art, length, bleed, piece=piece)
    add_piece_words(strip, words, piece, math.floor(length / piece + 1e-9), key)
    return strip


def repeat_with_words(art: Scene, words: Sequence[Sequence[Primitive]], piece: float, bleed: float, title: str,
                      key: str) -> Document:
    """The one-repeat file (repeat_document) with its own pieces' words: the neighbouring repeats show in the bleed
    at its ends, their art and not their words."""
    document = repeat_document(art, bleed, title)
    add_piece_words(document.pages[0], words, piece, len(words), key)
    return document


def words_apart(items: Sequence[Primitive]) -> tuple[list[Primitive], list[Primitive]]:
    """`items` split into their art and their words (Text), each in the groups it was drawn in."""
    art: list[Primitive] = []
    words: list[Primitive] = []
    for item in items:
        if isinstance(item, Text):
            words.append(item)
        elif isinstance(item, Group):
            inner_art, inner_words = words_apart(item.children)
            art += [replace(item, children=inner_art)] if inner_art else []
            words += [replace(item, children=inner_words)] if inner_words else []
        else:
            art.append(item)
    return art, words


def _art_and_words(strip: Scene) -> tuple[list[Primitive], list[Use]]:
    """The strip's children apart: its art, and the uses of its pieces' words (add_piece_words)."""
    art: list[Primitive] = []
    words: list[Use] = []
    for item in strip.children:
        if isinstance(item, Use) and item.symbol.startswith(WORDS_SYMBOL):
            words.append(item)
        else:
            art.append(item)
    return art, words


def _words_on(words: list[Use], start: float, end: float, symbols: dict[str, Symbol]) -> list[Use]:
    """The words of the pieces lying wholly between `start` and `end` along the roll: those a page carries."""
    return [use for use in words if use.x >= start - 1e-6 and use.x + symbols[use.symbol].width <= end + 1e-6]


def _split_words_on(words: list[Use], run: tuple[float, float], place: tuple[int, int],
                    symbols: dict[str, Symbol]) -> list[Primitive]:
    """The words a page prints of the pieces longer than its run that it carries part of (in the roll's frame):
    each word on the first page it stands on (where its ink starts), moved back inside the trim where it runs past
    the page's end. Its words were on no page: every page carried the piece in part, none whole."""
    (start, end), (number, count) = run, place
    low = -math.inf if number == 1 else start            # a word before the roll's start: on its first page
    high = math.inf if number == count else end
    shown: list[Primitive] = []
    for use in words:
        width = symbols[use.symbol].width
        if use.x + width <= start + 1e-6 or use.x >= end - 1e-6 or (use.x >= start - 1e-6
                                                                      and use.x + width <= end + 1e-6):
            continue                                     # not on this page, or on it whole (_words_on)
        for first, last, word in _each_word(symbols[use.symbol].children, use.x, use.y):
            if low <= first < high:
                back = min(0.0, end - last) if number < count else 0.0
                shown.append(Group(children=[word], dx=back) if back else word)
    return shown


def _each_word(items: Sequence[Primitive], dx: float, dy: float) -> list[tuple[float, float, Primitive]]:
    """`items` word by word, moved by (dx, dy), with where each one's ink starts and ends along the roll: a Text
    alone, a group drawn turned, scaled, clipped or faded as one (its own place as its start and end)."""
    found: list[tuple[float, float, Primitive]] = []
    for item in items:
        if isinstance(item, Group) and (item.rotate, item.sx, item.sy, item.clip, item.opacity) == (0.0, 1.0, 1.0,
                                                                                                  None, 1.0):
            found += _each_word(item.children, dx + item.dx, dy + item.dy)
        elif isinstance(item, Text):
            word = replace(item, x=item.x + dx, y=item.y + dy)
            left, _, right, _ = text_bounds(word)
            found.append((left, right, word))
        else:
            at = dx + (item.dx if isinstance(item, Group) else getattr(item, "x", 0.0))
            found.append((at, at, Group(children=[item], dx=dx, dy=dy)))
    return found


def roll_page(strip: Scene, run: tuple[float, float], number: int, count: int, repeat: float,
              lang: str = "en") -> Scene:
    """Page `number` of `count`: the strip's art from run[0] to run[1] with its bleed, the overlap past its end
    when a page follows, the words of the pieces it carries, and the marks around the tape."""
    start, end = run
    bleed, tape = strip.bleed, strip.height
    after = bleed + (JOIN_OVERLAP if number < count else 0.0)
    width = bleed + (end - start) + after
    page = Scene(width, TOP_MARGIN + tape + 2 * bleed + BOTTOM_MARGIN, theme=dict(strip.theme),
                 meta=dict(strip.meta))
    for symbol in strip.symbols.values():
        page.define(symbol)
    top = TOP_MARGIN + bleed                     # the tape's upper edge on the page
    join = bleed + end - start                   # the page's last trim edge, on the page
    page.trim_box = (bleed, top, end - start, tape)
    page.bleed_box = (0.0, TOP_MARGIN, end - start + 2 * bleed, tape + 2 * bleed)
    # The window shows the art alone: cut from the one strip, it would carry the neighbouring pieces' words, clipped
    # or mirrored, into the bleed and the overlap; each piece's words are printed once, on the page carrying it.
    art, words = _art_and_words(strip)
    shown = cull_to_band(art, start - bleed, end + after, strip.symbols)
    page.add(Group(children=shown, dx=bleed - start, dy=top,
                   clip=(start - bleed, -bleed, end - start + bleed + after, tape + 2 * bleed)))
    if number < count:
        # The bleed past a join is the page's own artwork mirrored, carrying the edge on as a bleed does (a join
        # cut a little late shows no sliver of the next page's start twice); past it the next page's start, veiled:
        # the overlap the next page is laid on, lined up by the artwork.
        if bleed > 0:
            edge = cull_to_band(art, end - bleed, end, strip.symbols)
            page.add(Group(children=edge, dx=join + end, dy=top, sx=-1.0,
                           clip=(end - bleed, -bleed, bleed, tape + 2 * bleed)))
        page.add(Rect(join + bleed, TOP_MARGIN, JOIN_OVERLAP, tape + 2 * bleed,
                      Style(fill="paper", opacity=VEIL_OPACITY)))
    page.add(*(replace(use, x=use.x + bleed - start, y=use.y + top)
               for use in _words_on(words, start, end, strip.symbols)))
    split = _split_words_on(words, run, (number, count), strip.symbols)
    if split:
        page.add(Group(children=split, dx=bleed - start, dy=top))
    page.add(*_marks(page, run, (number, count), strip, repeat, lang))
    return page


def _marks(page: Scene, run: tuple[float, float], place: tuple[int, int], strip: Scene, repeat: float,
           lang: str) -> list:
    """The heading, a tick and words at each end of the page's tape, the overlap named, each repeat's start."""
    _ = translator(lang)
    (start, end), (number, count) = run, place
    left, right = strip.bleed, strip.bleed + end - start
    below = TOP_MARGIN + strip.height + 2 * strip.bleed + 1.0          # 1 mm clear of the bleed
    heading = " · ".join(part for part in (
        _("page {page} of {pages}").format(page=number, pages=count),
        _("{start} to {end} mm of the {length} mm roll").format(start=_.mm(start), end=_.mm(end),
                                                               length=_.mm(strip.width)),
        page.meta.get("title", "")) if part)
    first = _("start of the roll") if number == 1 else _("page {page} ← join here").format(page=number - 1)
    last = _("end of the roll") if number == count else _("join here → page {page}").format(page=number + 1)
    size = fit_size(heading, page.width - left - 1.0, HEADING_SIZE, weight="bold", minimum=MIN_TEXT)
    items: list = [Text(left, 4.5, heading, size, weight="bold", style=Style(fill="ink"))]
    items += _join_mark(left, below, first, "start") + _join_mark(right, below, last, "end")
    if number < count:
        overlap, word = page.width - right, _("overlap")
        size = fit_size(word, overlap - 2.0, WORDS_SIZE)
        if size >= MIN_TEXT:
            items.append(Text(right + overlap / 2, below + 3.2, word, size, anchor="middle",
                              style=Style(fill="muted")))
    for k in range(math.ceil(start / repeat - 1e-9), math.ceil(end / repeat - 1e-9)):     # repeats starting here
        x = left + k * repeat - start
        label = _("repeat {number}").format(number=k + 1)
        items.append(Line(x, below, x, below + 2.5, _REPEAT_MARK))
        if x + 1.0 + text_width(label, WORDS_SIZE) <= page.width - 1.0:
            items.append(Text(x + 1.0, below + 5.5, label, WORDS_SIZE, style=Style(fill="muted")))
    return items


def _join_mark(x: float, below: float, words: str, anchor: Anchor) -> list:
    """Ticks above and below the tape at an end of the page's trim, and its words beside the upper one."""
    above = TOP_MARGIN - 1.0
    beside = 1.2 if anchor == "start" else -1.2
    return [Line(x, above - TICK, x, above, _MARK), Line(x, below, x, below + TICK, _MARK),
            Text(x + beside, above - 1.2, words, WORDS_SIZE, anchor=anchor, style=Style(fill="ink"))]


def repeat_document(repeat: Scene, bleed: float, title: str) -> Document:
    """The one-repeat file a tape maker prints from: the tape width by the repeat's length at real size, `bleed`
    on every side (at the ends the neighbouring repeats, as they meet on the roll), no marks or words around it."""
    if repeat.width + 2 * bleed > MAX_PAGE_MM:
        raise InputError(Says(N_("{option}: the repeat is {length} mm long, longer than the {most} mm a PDF page shows "
                                 "at real size; make it shorter (fewer {segments})"), option="--repeat-only",
                              length=Mm(repeat.width), most=Mm(MAX_PAGE_MM), segments="--segments"))
    scene = tape_artwork(repeat, repeat.width, bleed)
    scene.meta["kind"] = "repeat"
    return Document.single(scene, title=title)


def check_repeat_only(output: Path, contradicting: Sequence[str]) -> None:
    """--repeat-only writes the artwork of one repeat: refused beside the options in `contradicting` (given on the
    command line and asking for something else: a roll length, sheets) and for a design file (.json, .txt)."""
    from ..output import DOCUMENT_FORMATS, output_format

    if contradicting:
        raise InputError(Says(N_("{option}: writes one repeat for a tape maker; it cannot go with {options}"),
                              option="--repeat-only", options=either(contradicting)))
    suffix = output_format(output)
    if suffix not in DOCUMENT_FORMATS:
        raise InputError(Says(N_("{option}: {path}: the repeat is artwork ({formats}); a design file ({suffix}) is the "
                                 "whole design, written without {option}"), option="--repeat-only", path=output,
                              formats=", ".join(DOCUMENT_FORMATS), suffix=suffix))
