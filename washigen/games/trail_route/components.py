"""Every component of The Cats' Trail Route in one document (`trail-route components`): a contents page, then
the tiles, hand cards, cat pawns, the board mat and the score pad."""

from __future__ import annotations

from ... import __version__
from ...fonts import MIN_TEXT, fit_size, wrap_text
from ...i18n import translator
from ...press import Document, PrintOptions
from ...scene import Rect, Scene, Style, Text
from ...units import MIN_PAGE_MARGIN, paper_size
from .art import THEME
from .board_mat import print_mat
from .hand_cards import print_cards
from .model import GAME, TITLE, Mix, check_exchange_deck
from .pawns import print_pawns
from .score_pad import score_pad
from .tiles import destination_face, ground_symbol, mini, mix_name, print_tiles, road_face, tile_words_print


class _Pages:
    """Pages of `w` x `h` mm filled from the top: `room(need)` starts a new page where `need` mm no longer fit above
    the bottom margin, so a small paper gets more pages instead of smaller words."""

    TOP, BOTTOM = 20.0, 14.0

    def __init__(self, w: float, h: float, meta: dict):
        self.w, self.h, self.meta = w, h, meta
        self.scenes: list[Scene] = []
        self.y = 0.0
        self.new()

    def new(self) -> None:
        page = Scene(self.w, self.h, theme=dict(THEME), meta=dict(self.meta))
        page.define(ground_symbol())
        page.add(Text(self.w / 2, self.h - MIN_PAGE_MARGIN, f"washigen {__version__}", 2.2, anchor="middle",
                      style=Style(fill="muted")))
        self.scenes.append(page)
        self.y = self.TOP

    def room(self, need: float) -> None:
        if self.y + need > self.h - self.BOTTOM and self.y > self.TOP:
            self.new()

    def add(self, *items) -> None:
        self.scenes[-1].add(*items)


def contents_page(mix: Mix, size: float, paper: str, duplex: str = "none", lang: str = "en") -> Document:
    """What the components file holds, tile by tile with its count; on paper too small for it, over more pages."""
    _ = translator(lang)
    w, h = paper_size(paper)
    pages = _Pages(w, h, {"game": GAME, "kind": "components", "title": TITLE})
    x = 18.0
    subtitle = _("Everything to print for 3 or 4 players · tiles {size} mm · mix: {mix}").format(
        size=_.mm(size), mix=mix_name(mix, lang))
    pages.add(Text(x, 26.0, TITLE, fit_size(TITLE, w - 2 * x, 9.0, "bold"), weight="bold"))
    pages.y = 34.0
    sub_size = fit_size(subtitle, w - 2 * x, 3.4, minimum=MIN_TEXT)
    for line in wrap_text(subtitle, sub_size, w - 2 * x):
        pages.add(Text(x, pages.y, line, sub_size, style=Style(fill="muted")))
        pages.y += sub_size * 1.4
    pages.y += 12.0 - sub_size * 1.4
    per_row = max(1, int((w - 2 * x + 6.0) // 22.0))
    groups = [(_("Road tiles"), "road"), (_("Exchange tiles (marked with the turning arrows)"), "exchange"),
              (_("Destination tiles"), "destinations")]
    for heading, part in groups:
        # A heading wider than the column (A5) breaks into lines rather than run into the page's margin.
        lines = wrap_text(f"{heading}: {mix.total(part)}", 4.2, w - 2 * x, "bold")
        pages.room(3.0 + 5.6 * (len(lines) - 1) + 25.0)    # a heading stays with its first row of tiles
        for index, line in enumerate(lines):
            pages.y += 5.6 if index else 0.0
            pages.add(Text(x, pages.y, line, 4.2, weight="bold"))
        pages.y += 3.0
        codes = getattr(mix, part)
        for first in range(0, len(codes), per_row):
            pages.room(25.0)
            for n, (code, count) in enumerate(codes[first:first + per_row]):
                cx, cy = x + n * 22.0, pages.y
                face = destination_face(code, lang) if part == "destinations" else road_face(code, lang,
                                                                                             part == "exchange")
                pages.add(mini(face, cx, cy, 16), Rect(cx, cy, 16, 16, Style(stroke="muted", stroke_width=0.2)),
                          Text(cx + 8, cy + 20.5, f"× {count}", 3.0, anchor="middle", weight="bold"))
            pages.y += 25.0
        pages.y += 6.0
    notes = [(_("Also: 16 hand cards (poker size, with backs) · 8 cat pawns (standees, two per colour) · the "
                "board mat · a score pad."), "ink"),
             (backs_note(duplex, lang) + " " + _("Replace the mix with --mix FILE (see assets/trail-route-mix.toml)."),
              "muted")]
    if not tile_words_print(mix, size, lang):
        notes.append((_("At {size} mm a tile cannot hold its words at 6 pt: the tiles print their pictures only "
                        "(the rule sheet names them).").format(size=_.mm(size)), "muted"))
    for note, colour in notes:
        for line in wrap_text(note, 3.1, w - 2 * x):
            pages.room(4.6)
            pages.add(Text(x, pages.y, line, 3.1, style=Style(fill=colour)))
            pages.y += 4.6
        pages.y += 1.5
    return Document(pages.scenes, title=TITLE)


def backs_note(duplex: str, lang: str = "en") -> str:
    """What the contents page says of the backs: how to print this very file, from the options that made it."""
    _ = translator(lang)
    if duplex == "none":
        return _("This file has no backs: make it again with --duplex long for tile and card backs.")
    if duplex == "long":
        return _("This file has the backs: print it on both sides, flipping on the long edge.")
    return _("This file has the backs: print it on both sides, flipping on the short edge.")


def print_components(mix: Mix, size: float, options: PrintOptions, mat_paper: str | None = None) -> Document:
    check_exchange_deck(mix)          # the deck `setup` deals from: a print of another would be no game's
    paper = options.paper or "a4"
    lang = options.lang
    _ = translator(lang)
    document = Document([], title=TITLE)
    document.extend(contents_page(mix, size, paper, options.duplex, lang), _("Contents"))
    document.extend(print_tiles(mix, size, options, paper), _("Tiles"))
    document.extend(print_cards(options, paper), _("Hand cards"))
    document.extend(print_pawns(options, paper), _("Cat pawns"))
    document.extend(print_mat(size, mat_paper or paper, lang), _("Board mat"))
    document.extend(score_pad(paper, lang), _("Score pad"))
    return document
