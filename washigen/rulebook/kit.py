"""A game kit: one PDF with everything a table needs.

Page 1 says what to print on which paper, what to cut and how to assemble; then come the game's kit parts (map or
components, player sheets, ...), each exactly as the game prints it, then the rule sheet. The parts are rendered
by the PDF backend and joined with pypdf, because each part keeps its own page size, TrimBox and BleedBox (a map
may be printed at real size, not on the kit's paper) and its own bookmarks, which pypdf nests under the part's.
"""

from __future__ import annotations

import inspect
import io
import re
from dataclasses import dataclass
from typing import Any, Callable

# reportlab ships no type hints (no py.typed, types-reportlab is not installed): its names are Any to mypy
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Spacer  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as RLTable

from .. import __version__
from ..errors import InputError
from ..fonts import pdf_font
from ..i18n import N_, translator
from ..press.document import KitPart
from ..backends.pdf import to_pdf
from ..units import PAPER_SIZES
from ..words import Says
from . import markdown as md
from .typeset import (ACCENT, HEADER_TINT, RULE_GREY, Sheet, Styles, make_styles, page_footer, table_style,
                      title_block)

# The kit's own words (from the catalog, in the kit's language).
WORDS = {"kit": N_("Game kit for {} players"), "kit1": N_("Game kit"), "part": N_("Part"), "pages": N_("Pages"),
         "print": N_("Print on"), "do": N_("Cut and assemble"), "rules": N_("Rules"),
         "rules_paper": N_("{}, plain paper, one or both sides"),
         "rules_do": N_("Read them before the first game; staple the pages at the top left."),
         "intro": N_("Tick each part off as it comes out of the printer. Print at 100 % (\u201cactual size\u201d), "
                     "never \u201cfit to page\u201d: the parts are drawn at their real size."),
         "cover": N_("What to print")}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}     # as the games name it on their own parts


def words(lang: str) -> dict[str, str]:
    _ = translator(lang)
    return {key: _(message) for key, message in WORDS.items()}


@dataclass(frozen=True)
class RenderedPart:
    title: str
    paper: str
    instructions: str
    pdf: bytes
    pages: int
    sizes: str                 # the page sizes of the part, "60 × 68 mm"


def default_players(game) -> int:
    """The players a kit is made for when none is asked: the game's own default for --players."""
    for component in game.components:
        for param in component.params:
            if param.name == "players" and param.default is not None:
                return int(param.default)
    return 2


def check_players(game, players: int) -> int:
    """`players` checked against the range the game's components declare, or an InputError naming players. A game
    that declares none (Cat Tree) is for its default number alone: its kit prints the same whatever is asked, so
    another number would be a kit for a table the game does not seat."""
    for component in game.components:
        for param in component.params:
            if param.name == "players":
                return param.check(players)
    seats = default_players(game)
    if players != seats:
        raise InputError(Says(N_("{field}: must be {seats}, got {value} ({title} is for {seats} players)"),
                              field="players", seats=seats, value=players, title=game.title))
    return players


def _render_parts(game, parts: Any, lang: str = "en") -> list[RenderedPart]:
    _ = translator(lang)
    if not isinstance(parts, (list, tuple)) or not parts:
        raise InputError(Says(N_("{field}: {game} returned no kit parts"), field="kit", game=game.name))
    rendered = []
    for index, part in enumerate(parts):
        if not isinstance(part, KitPart):
            raise InputError(Says(N_("{field}: part {index} of {game} is {kind}, not a {expected}"), field="kit",
                                  index=index + 1, game=game.name, kind=type(part).__name__, expected="KitPart"))
        pages = part.document.pages
        if not pages:
            raise InputError(Says(N_("{field}: the part {title!r} of {game} has no pages"), field="kit",
                                  title=part.title, game=game.name))
        data = to_pdf(pages, title=part.title, bookmarks=part.document.bookmarks)
        sizes = dict.fromkeys(f"{_.mm(p.outer_width)} \u00d7 {_.mm(p.outer_height)} mm" for p in pages)
        rendered.append(RenderedPart(part.title, part.paper, part.instructions, data, len(pages),
                                     ", ".join(sizes)))
    return rendered


def _page_span(first: int, count: int) -> str:
    return str(first) if count == 1 else f"{first}\u2013{first + count - 1}"


def part_markup(text: str) -> str:
    """A game's own words about a part, as Paragraph markup: emphasis, and `commands` in the mono font."""
    mono = pdf_font("mono")
    return re.sub(r"`([^`]+)`", lambda m: f'<font face="{mono}">{m.group(1)}</font>', md.inline_markup(text))


def _paper_cell(paper: str, sizes: str) -> str:
    return f'{part_markup(paper)}<br/><font size="6.8" color="#5f5f5f">{sizes}</font>'


def cover_rows(parts: list[RenderedPart], rules_pages: int, paper: str, lang: str) -> list[tuple[str, ...]]:
    """One row per printed part (Paragraph markup): part, pages in the kit PDF, paper and page size, what to do;
    the rule sheet last."""
    text = words(lang)
    rows: list[tuple[str, ...]] = []
    page = 2
    for part in parts:
        rows.append((part_markup(part.title), _page_span(page, part.pages), _paper_cell(part.paper, part.sizes),
                     part_markup(part.instructions)))
        page += part.pages
    width, height = PAPER_SIZES[paper]
    rows.append((text["rules"], _page_span(page, rules_pages),
                 _paper_cell(text["rules_paper"].format(PAPER_NAMES.get(paper, paper)),
                             f"{translator(lang).mm(width)} \u00d7 {translator(lang).mm(height)} mm"),
                 md.inline_markup(text["rules_do"])))
    return rows


def cover_pdf(rules: md.RuleText, players: int, paper: str, rows: list[tuple[str, ...]]) -> bytes:
    """The kit's first page: the title block and a checklist of what to print and what to do with it."""
    lang = rules.front.lang
    text = words(lang)
    sheet, styles = Sheet.for_paper(paper), make_styles()
    buffer = io.BytesIO()
    title = md.plain(rules.title)
    document = BaseDocTemplate(
        buffer, **sheet.document_options(), title=f"{title}: {text['kit1']}", creator=f"washigen {__version__}",
        producer=f"washigen {__version__} (reportlab)", lang=lang)
    frame = Frame(sheet.margin_x, sheet.margin_bottom, sheet.frame_width, sheet.frame_height, id="cover",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    document.addPageTemplates([PageTemplate("cover", [frame], onPage=page_footer(title, lang, sheet, text["kit1"]))])
    flow = title_block(rules, styles, sheet, subtitle=text["kit"].format(players))
    flow += [RLParagraph(md.inline_markup(text["intro"]), styles.body), Spacer(1, 4),
             _checklist(rows, text, styles, sheet)]
    document.build(flow)
    return buffer.getvalue()


def _checklist(rows: list[tuple[str, ...]], text: dict[str, str], styles: Styles, sheet: Sheet) -> RLTable:
    header = ["", text["part"], text["pages"], text["print"], text["do"]]
    box = "\u2610"
    data = [[RLParagraph(cell, styles.head_cell) for cell in header]]
    for part, pages, paper, instructions in rows:
        data.append([RLParagraph(box, styles.checkbox), RLParagraph(f"<b>{part}</b>", styles.cell),
                     RLParagraph(pages, styles.cell), RLParagraph(paper, styles.cell),
                     RLParagraph(instructions, styles.cell)])
    width = sheet.frame_width
    widths = [0.05 * width, 0.19 * width, 0.09 * width, 0.27 * width, 0.40 * width]
    table = RLTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(table_style([
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_TINT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
        ("LINEABOVE", (0, 0), (-1, 0), 0.9, ACCENT),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, ACCENT),
        ("LINEBELOW", (0, 1), (-1, -2), 0.35, RULE_GREY),
        ("LINEBELOW", (0, -1), (-1, -1), 0.9, ACCENT),
    ]))
    return table


def join(sections: list[tuple[str, bytes]], title: str, lang: str) -> bytes:
    """One PDF from (bookmark, pdf) sections, one top-level bookmark per section with its own outline nested."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter()
    for bookmark, data in sections:
        writer.append(PdfReader(io.BytesIO(data)), outline_item=bookmark)
    _name_subsets_apart(writer)
    writer.add_metadata({"/Title": title, "/Creator": f"washigen {__version__}",
                         "/Producer": f"washigen {__version__} (reportlab, pypdf)"})
    writer.page_mode = "/UseOutlines"
    writer.root_object[NameObject("/Lang")] = TextStringObject(lang)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _name_subsets_apart(writer) -> None:
    """Gives every embedded font program of the joined file its own subset tag. Each part was written by its own
    reportlab document, whose first subset of DejaVuSans is always AAAAAA+DejaVuSans: joined, several different
    subsets (other glyphs under the same codes) would share one name, and a RIP that caches fonts by name prints
    the wrong glyphs. Byte-identical programs keep one name."""
    import hashlib

    from pypdf.generic import NameObject

    tags: dict[bytes, str] = {}
    for font in _font_dicts(writer):
        descriptor = font.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else None
        program = next((descriptor[key].get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
                        if descriptor is not None and key in descriptor), None)
        name = str(font.get("/BaseFont", ""))
        if program is None or descriptor is None or "+" not in name:
            continue
        digest = hashlib.sha256(program.get_data()).digest()
        tag = tags.setdefault(digest, _subset_tag(len(tags)))
        renamed = NameObject(f"/{tag}+{name.split('+', 1)[1]}")
        font[NameObject("/BaseFont")] = renamed
        descriptor[NameObject("/FontName")] = renamed


def _font_dicts(writer) -> list:
    """Every font dictionary of the writer's pages and of the forms they draw, once each."""
    seen, fonts, stack = set(), [], [page.get("/Resources") for page in writer.pages]
    while stack:
        resources = stack.pop()
        resources = resources.get_object() if resources is not None else None
        if resources is None or id(resources) in seen:
            continue
        seen.add(id(resources))
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) not in seen:
                seen.add(id(font))
                fonts.append(font)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                stack.append(xobject.get("/Resources"))
    return fonts


def _subset_tag(index: int) -> str:
    """The index-th six-capital subset tag: AAAAAA, AAAAAB, ..."""
    letters = []
    for _ in range(6):
        index, letter = divmod(index, 26)
        letters.append(chr(ord("A") + letter))
    return "".join(reversed(letters))


def _only(game) -> Callable[[str], Any]:
    """The kit's game as a finder of games: the rules of a game draw their own figures."""
    def find(name: str):
        if name != game.name and name not in game.aliases:
            raise InputError(Says(N_("{field}: the {game} kit's rules draw {game}'s figures only, not {name!r}"),
                                  field="game", game=game.name, name=name))
        return game
    return find


def build_kit(game, players: int | None = None, paper: str = "a4", lang: str = "en",
              seed: int | None = None, layout: str | None = None,
              find_game: Callable[[str], Any] | None = None) -> bytes:
    """The kit PDF of a registered game; `seed` makes its map or setup (for games whose kit takes one), `layout`
    for a game that lists its layouts (Game.extra["layouts"]). The rules' figures are drawn by `find_game`'s
    games, by default the kit's game alone."""
    from . import load_rules, rules_pdf

    if game.kit is None:
        raise InputError(Says(N_("{field}: {game} has no kit"), field="kit", game=game.name))
    layouts = game.extra.get("layouts", ())
    if layout is not None and layout not in layouts:
        known = (Says(N_("one of {layouts}"), layouts=", ".join(layouts)) if layouts else
                 Says(N_("none: {game} has one layout"), game=game.name))
        raise InputError(Says(N_("{option}: {layout!r} is not a layout of {game} ({known})"), option="--layout",
                              layout=layout, game=game.name, known=known))
    players = check_players(game, default_players(game) if players is None else players)
    rules = load_rules(game.name, lang)            # fails early on a missing language
    rules_data = rules_pdf(rules, paper, find_game=find_game or _only(game))
    seeded = seed is not None and "seed" in inspect.signature(game.kit).parameters
    extra: dict[str, object] = {"seed": seed} if seeded else {}
    if layout:
        extra["layout"] = layout
    parts = _render_parts(game, game.kit(players, paper, lang, **extra), lang)
    from pypdf import PdfReader

    rules_pages = len(PdfReader(io.BytesIO(rules_data)).pages)
    cover = cover_pdf(rules, players, paper, cover_rows(parts, rules_pages, paper, lang))
    sections = [(words(lang)["cover"], cover)]
    sections += [(part.title, part.pdf) for part in parts]
    sections.append((words(lang)["rules"], rules_data))
    return join(sections, f"{md.plain(rules.title)}: {words(lang)['kit1']}", lang)
