"""Rule texts -> a print-ready PDF through reportlab's platypus.

The page is one full-width frame. Body text runs in two balanced columns (`Columns`); a figure or table too wide
for a column interrupts the columns and spans the page, and the columns resume below it. A spanning figure that
does not fit on what is left of a page floats to the top of the next one while the text after it fills the gap.
Figures are the games' own Scenes painted as vectors by the PDF backend's ScenePainter; headings carry PDF
bookmarks and never end a column or a page; short tables are never split. A figure in a column may wait for the top
of the next column while the text after it fills the gap. When the last page would be less than half full, the
sheet is set again with slightly smaller figures, then slightly closer lines, if that saves the page. The font is
washigen's DejaVu family, so German prints as text.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from .. import reportlab_guard  # noqa: F401  (before reportlab: its home-folder hooks never run)
# reportlab ships no type hints (no py.typed, types-reportlab is not installed): its names are Any to mypy
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.lib.enums import TA_CENTER, TA_LEFT  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer  # type: ignore[import-untyped]
from reportlab.platypus.doctemplate import LayoutError  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from .. import __version__
from ..errors import InputError
from ..fonts import MIN_TEXT, pdf_font, register_family
from ..i18n import N_, languages, translator
from ..backends.pdf import ScenePainter
from ..scene import DEFAULT_THEME, Group, Scene, Text, Use
from ..units import PAPER_SIZES, PT_PER_MM
from ..words import Says
from . import markdown as md
from .columns import BODY_LEADING, Columns, FigureBlock

MM = PT_PER_MM
PAPERS = ("a4", "letter")

# Colours of the sheet (the same accent as the games' theme, so figures and text belong together).
INK = colors.HexColor(DEFAULT_THEME["ink"])
MUTED = colors.HexColor("#5f5f5f")
ACCENT = colors.HexColor(DEFAULT_THEME["accent"])
ACCENT_DARK = colors.HexColor("#8e0b20")
HEADER_TINT = colors.HexColor("#f4dfe2")
ROW_TINT = colors.HexColor("#faf6f6")
RULE_GREY = colors.HexColor("#c9c0c1")

# Words printed around the rules, in the language of the rule text (from the catalog).
LABELS = {"players": N_("{} players"), "time": N_("Playing time: {}"), "page": N_("Page {}"),
          "figure": N_("Figure {}."), "rules": N_("Rules")}


def labels(lang: str) -> dict[str, str]:
    """The words around a rule text; a rule file in a language without a catalog gets English ones."""
    _ = translator(lang if lang in languages() else "en")
    return {key: _(message) for key, message in LABELS.items()}


@dataclass(frozen=True)
class Sheet:
    """The page geometry of a rule sheet, in points."""
    paper: str
    width: float
    height: float
    margin_x: float = 16 * MM
    margin_top: float = 15 * MM
    margin_bottom: float = 19 * MM
    gutter: float = 7 * MM

    @classmethod
    def for_paper(cls, paper: str) -> "Sheet":
        key = paper.lower()
        if key not in PAPERS:
            raise InputError(Says(N_("{field}: rule sheets print on {papers} or {last}, got {value!r}"), field="paper",
                                  papers=", ".join(PAPERS[:-1]), last=PAPERS[-1], value=paper))
        width, height = PAPER_SIZES[key]
        return cls(key, width * MM, height * MM)

    @property
    def frame_width(self) -> float:
        return self.width - 2 * self.margin_x

    @property
    def frame_height(self) -> float:
        return self.height - self.margin_top - self.margin_bottom

    @property
    def column_width(self) -> float:
        return (self.frame_width - self.gutter) / 2

    def document_options(self) -> dict:
        """What every platypus document on this sheet is built with: its size and margins, and our embedded font
        as the canvas's initial font (reportlab's default, Helvetica, would be referenced unembedded on every
        page)."""
        return dict(pagesize=(self.width, self.height), invariant=1, pageCompression=1, leftMargin=self.margin_x,
                    rightMargin=self.margin_x, topMargin=self.margin_top, bottomMargin=self.margin_bottom,
                    initialFontName=register_family(), initialFontSize=10)


# -- styles ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    lead_in: ParagraphStyle
    bullet: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    title: ParagraphStyle
    meta: ParagraphStyle
    credits: ParagraphStyle
    cell: ParagraphStyle
    checkbox: ParagraphStyle
    head_cell: ParagraphStyle
    caption: ParagraphStyle


def make_styles(leading: float = BODY_LEADING) -> Styles:
    """The sheet's paragraph styles; `leading` is the body text's (a tighter sheet sets its cells closer too)."""
    regular = register_family()
    bold = pdf_font("sans", "bold")
    tight = leading / BODY_LEADING
    body = ParagraphStyle("body", fontName=regular, fontSize=8.6, leading=leading, spaceAfter=4.6, textColor=INK,
                          alignment=TA_LEFT, allowWidows=0, allowOrphans=0)
    return Styles(
        body=body,
        lead_in=ParagraphStyle("lead-in", parent=body, keepWithNext=1),
        bullet=ParagraphStyle("bullet", parent=body, leftIndent=11, bulletIndent=1.5, spaceAfter=2.2,
                              bulletFontName=regular, bulletFontSize=8.6),
        h2=ParagraphStyle("h2", parent=body, fontName=bold, fontSize=12.6, leading=15.0, spaceBefore=13,
                          spaceAfter=6.5, textColor=INK, keepWithNext=1),
        h3=ParagraphStyle("h3", parent=body, fontName=bold, fontSize=9.6, leading=12.4, spaceBefore=8.5,
                          spaceAfter=2.6, textColor=ACCENT_DARK, keepWithNext=1),
        title=ParagraphStyle("title", parent=body, fontName=bold, fontSize=25, leading=29, spaceAfter=0),
        meta=ParagraphStyle("meta", parent=body, fontName=bold, fontSize=10, leading=13, textColor=MUTED,
                            spaceAfter=1.5),
        credits=ParagraphStyle("credits", parent=body, fontName=pdf_font("sans", "normal", True), fontSize=7.6,
                               leading=10, textColor=MUTED, spaceAfter=0),
        cell=ParagraphStyle("cell", parent=body, fontSize=8.0, leading=10.4 * tight, spaceAfter=0),
        checkbox=ParagraphStyle("checkbox", parent=body, fontSize=13, leading=13, spaceAfter=0, textColor=MUTED),
        head_cell=ParagraphStyle("head-cell", parent=body, fontName=bold, fontSize=8.0, leading=10.4 * tight,
                                 spaceAfter=0, textColor=ACCENT_DARK),
        caption=ParagraphStyle("caption", parent=body, fontSize=7.6, leading=9.8, textColor=MUTED,
                               alignment=TA_CENTER, spaceAfter=0),
    )


# -- flowables ---------------------------------------------------------------------------------------------

class Paragraph(RLParagraph):
    """A paragraph that breaks its lines once per width. Laying out columns tries a block several times (to
    balance them, to find where a page breaks, in every window of a long table), always at the same width."""

    def wrap(self, availWidth, availHeight):
        known = self.__dict__.get("_measured")
        if known is not None and known[0] == availWidth:
            _, self.width, self._wrapWidths, self.blPara, self.height = known
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        self._measured = (availWidth, width, self._wrapWidths, self.blPara, height)
        return width, height


class Heading(Paragraph):
    """A section heading: bookmarked in the PDF outline, never split, kept with what follows it. A section
    heading (level 2) gets an accent rule below its text."""

    outline_level = 0
    rule = 0.0            # points of room below the text for the accent rule

    def wrap(self, availWidth, availHeight):
        width, height = super().wrap(availWidth, availHeight)
        return width, height + self.rule

    def split(self, availWidth, availHeight):
        return []

    def draw(self):
        canvas = self.canv
        key = self.key
        if self.rule:
            canvas.saveState()
            canvas.setStrokeColor(ACCENT)
            canvas.setLineWidth(1.1)
            canvas.line(0, self.rule * 0.35, self.width, self.rule * 0.35)
            canvas.restoreState()
            canvas.translate(0, self.rule)
        canvas.bookmarkHorizontal(key, 0, self.height)
        canvas.addOutlineEntry(md.plain(self.outline_text), key, level=self.outline_level, closed=True)
        super().draw()


def heading(block: md.Heading, styles: Styles) -> Heading:
    style = styles.h2 if block.level == 2 else styles.h3
    flowable = Heading(md.inline_markup(block.text), style)
    flowable.outline_level = block.level - 2
    flowable.outline_text = block.text
    flowable.key = f"line-{block.line}"          # stable, so the same rules give the same bytes
    flowable.rule = 4.5 if block.level == 2 else 0.0
    return flowable


class SceneFlowable(Flowable):
    """A Scene drawn as vectors at `scale` (points per scene mm), clipped to its trim."""

    def __init__(self, scene: Scene, scale: float, forms: dict):
        super().__init__()
        self.scene = scene
        self.scale = scale
        self.forms = forms
        self.width = scene.width * scale
        self.height = scene.height * scale

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        # y-down millimetres from the flowable's top-left corner, as the PDF backend starts each page.
        canvas.translate(0, self.height)
        canvas.scale(self.scale, -self.scale)
        clip = canvas.beginPath()
        clip.rect(0, 0, self.scene.width, self.scene.height)
        canvas.clipPath(clip, stroke=0, fill=0)
        ScenePainter(canvas, self.forms).page(self.scene)
        canvas.restoreState()


def table_style(commands: list) -> TableStyle:
    """A table style whose cells are set in our embedded font: reportlab's cell default is Helvetica, which it
    selects for every cell (even one holding only paragraphs) and so references unembedded."""
    return TableStyle([("FONT", (0, 0), (-1, -1), register_family(), 10), *commands])


class BlockTable(RLTable):
    """A table that moves on whole when it is short: a table of three rows split over two columns reads badly."""

    keep_whole_height = 0.0          # points; set per sheet

    def split(self, availWidth, availHeight):
        if getattr(self, "_height", 0.0) <= self.keep_whole_height:
            return []
        return super().split(availWidth, availHeight)


# -- blocks -> flowables -----------------------------------------------------------------------------------

def text_width_pt(text: str, style: ParagraphStyle) -> float:
    return pdfmetrics.stringWidth(md.plain(text), style.fontName, style.fontSize)


def table_widths(block: md.Table, styles: Styles, available: float, padding: float,
                 measure: Callable[[str, ParagraphStyle], float] = text_width_pt) -> list[float] | None:
    """Column widths filling `available`, each at least its longest word; None when they cannot fit."""
    rows = [block.header, *block.rows]
    count = len(block.header)
    natural = [max(measure(row[c], styles.cell) for row in rows) + 2 * padding + 2 for c in range(count)]
    natural = [max(n, measure(block.header[c], styles.head_cell) + 2 * padding + 2)
               for c, n in enumerate(natural)]
    minimum = [max(measure(word, styles.head_cell) for row in rows for word in row[c].split() or [""])
               + 2 * padding + 2 for c in range(count)]
    if sum(minimum) > available:
        return None
    widths = [0.0] * count
    fixed: set[int] = set()
    while True:
        free = [c for c in range(count) if c not in fixed]
        room = available - sum(widths[c] for c in fixed)
        total = sum(natural[c] for c in free)
        for c in free:
            widths[c] = natural[c] * room / total
        short = [c for c in free if widths[c] < minimum[c]]
        if not short:
            return widths
        for c in short:
            widths[c] = minimum[c]
            fixed.add(c)


def wrapped_lines(block: md.Table, widths: list[float], styles: Styles, padding: float,
                  measure: Callable[[str, ParagraphStyle], float] = text_width_pt) -> int:
    """How many lines the table's body takes at these widths (a rough measure of how well it reads)."""
    lines: float = 0
    for row in block.rows:
        lines += max(max(1, -(-measure(cell, styles.cell) // max(w - 2 * padding, 1)))
                     for cell, w in zip(row, widths))
    return int(lines)


LONG_TABLE_ROWS = 40           # more body rows than a column holds: a long table is set a window at a time


def table(block: md.Table, styles: Styles, sheet: Sheet) -> tuple[Flowable, bool]:
    """The table and whether it spans the page (it does when a column would squeeze it)."""
    padding = 4.0
    measure = lru_cache(maxsize=None)(text_width_pt)     # each cell and word measured once, for this table only
    in_column = table_widths(block, styles, sheet.column_width, padding, measure)
    full = table_widths(block, styles, sheet.frame_width, padding, measure)
    if full is None:             # then in_column is None too (a column is narrower than the frame), and wide
        full = [sheet.frame_width / len(block.header)] * len(block.header)
    wide = in_column is None or (
        len(block.header) > 2 and wrapped_lines(block, in_column, styles, padding, measure)
        > 1.5 * wrapped_lines(block, full, styles, padding, measure))
    widths = full if wide else in_column
    header = [Paragraph(md.inline_markup(cell), styles.head_cell) for cell in block.header]
    rows = [[Paragraph(md.inline_markup(cell), styles.cell) for cell in row] for row in block.rows]

    def part(start: int, stop: int) -> BlockTable:
        """The header over body rows start..stop, styled as that stretch of the whole table."""
        data = [header, *rows[start:stop]]
        flowable = BlockTable(data, colWidths=widths, repeatRows=1, hAlign="CENTER", spaceBefore=3, spaceAfter=8)
        last = stop == len(rows)
        commands = [
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_TINT),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), padding),
            ("RIGHTPADDING", (0, 0), (-1, -1), padding),
            ("TOPPADDING", (0, 0), (-1, -1), 3.0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.6),
            ("LINEABOVE", (0, 0), (-1, 0), 0.9, ACCENT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -2 if last else -1), 0.35, RULE_GREY),
            *([("LINEBELOW", (0, -1), (-1, -1), 0.9, ACCENT)] if last else []),
        ]
        commands += [("BACKGROUND", (0, row), (-1, row), ROW_TINT) for row in range(1, len(data))
                     if (start + row) % 2 == 0 and start + row >= 2]
        flowable.setStyle(table_style(commands))
        return flowable

    if len(rows) > LONG_TABLE_ROWS:              # taller than a column: never kept whole
        return TableRows(part, len(rows), styles.cell.leading + 3.0 + 3.6), wide
    whole = part(0, len(rows))
    whole.keep_whole_height = 0.3 * sheet.frame_height
    return whole, wide


class TableRows(Flowable):
    """A long table, made into reportlab Tables a window of rows at a time. A Table measures all its rows (and
    copies a style command per tinted row) whenever it is wrapped or split, so a table of n rows split page by
    page costs n² row measurements; a window holds only the rows that can fit in the height on offer, so each
    page costs what it holds. The pieces are the Tables the whole table would have split into."""

    def __init__(self, part: Callable[[int, int], BlockTable], count: int, least_row: float, start: int = 0):
        super().__init__()
        self.part, self.count, self.least_row, self.start = part, count, least_row, start
        self.spaceBefore, self.spaceAfter, self.hAlign = 3, 8, "CENTER"
        self.table: BlockTable | None = None

    def window(self, availWidth: float, availHeight: float) -> BlockTable:
        """The header over more rows than fit in `availHeight`, or over all that are left. A row is mostly at
        least a line and its padding; a window of rows emptier than that grows until it is too tall."""
        rows = int(max(availHeight, 0) // self.least_row) + 2
        while True:
            stop = min(self.count, self.start + rows)
            table = self.part(self.start, stop)
            table.wrap(availWidth, availHeight)
            if stop == self.count or table._height > availHeight:
                return table
            rows *= 2

    def wrap(self, availWidth, availHeight):
        self.table = self.window(availWidth, availHeight)
        self.width, self.height = self.table._width, self.table._height
        return self.width, self.height

    def split(self, availWidth, availHeight):
        table = self.window(availWidth, availHeight)
        parts = table.split(availWidth, availHeight)
        if not parts:
            return []
        done = self.start + len(parts[0]._cellvalues) - 1          # body rows placed, the header repeated
        if done >= self.count:
            return parts
        return [parts[0], TableRows(self.part, self.count, self.least_row, done)]

    def drawOn(self, canvas, x, y, _sW=0):
        self.table.drawOn(canvas, x, y, _sW)


def figure(block: md.Figure, scene: Scene, number: int, styles: Styles, sheet: Sheet, forms: dict,
           lang: str, size: float = 1.0) -> tuple[FigureBlock, bool]:
    """The figure and whether it spans the page (when a column would shrink it well below the size its game
    drew it at, and spanning shows it markedly larger). `size` (at most 1) shrinks the figure, never below the
    scale its words need to stay readable."""
    pad = 2 * FigureBlock.padding
    limit = 1.25 * MM                                   # never more than 125 % of real size

    def scale(width: float, height: float) -> float:
        return min((width - pad) / scene.width, (height - pad) / scene.height, limit)

    column = scale(sheet.column_width, 0.36 * sheet.frame_height)
    full = scale(sheet.frame_width, 0.42 * sheet.frame_height)
    # The scale at which the figure's smallest words print at 6 pt (its fine print at 5 pt): a figure that needs
    # more than its share of the page's height to reach it may take up to 60 % of the page, in a column or across.
    readable = readable_scale(scene)
    if column < readable:
        column = min(readable, scale(sheet.column_width, 0.6 * sheet.frame_height))
    if full < readable:
        full = min(readable, scale(sheet.frame_width, 0.6 * sheet.frame_height))
    # Games draw diagrams at a real size: a column keeps one that it shows at 80 % or more of that size (and at a
    # readable size). A tall figure that a column narrows gains nothing from the page's width: it only spans when
    # it uses it.
    wide = (column < 0.8 * MM or column < readable) and full > 1.1 * column and scene.width * full > sheet.column_width
    chosen = full if wide else column
    chosen = max(chosen * size, min(chosen, readable))
    caption = RLParagraph(f"<b>{labels(lang)['figure'].format(number)}</b> {md.inline_markup(block.caption)}",
                          styles.caption)
    drawing = SceneFlowable(scene, chosen, forms)
    return FigureBlock(drawing, caption, sheet.frame_width if wide else sheet.column_width), wide


MIN_TEXT_PT, MIN_FINE_PRINT_PT = 6.0, 5.0


def readable_scale(scene: Scene) -> float:
    """The least scale (points per scene mm) at which every word of `scene` prints at 6 pt, and its fine print at
    5 pt (a game draws only its fine print, a seed and version, below 6 pt at real size); 0 for a figure without
    words."""
    needed = 0.0
    for size in text_sizes(scene):
        wanted = MIN_FINE_PRINT_PT if size < MIN_TEXT - 1e-6 else MIN_TEXT_PT
        needed = max(needed, wanted / size)
    return needed


def smallest_text(scene: Scene) -> float | None:
    """The smallest text size in `scene`, in scene mm as drawn (groups' and symbols' scales applied)."""
    sizes = text_sizes(scene)
    return min(sizes) if sizes else None


def text_sizes(scene: Scene) -> list[float]:
    """Every text size in `scene`, in scene mm as drawn (groups' and symbols' scales applied)."""
    sizes: list[float] = []

    def walk(items, factor: float) -> None:
        for item in items:
            if isinstance(item, Text):
                sizes.append(item.size * factor)
            elif isinstance(item, Group):
                walk(item.children, factor * min(abs(item.sx), abs(item.sy)))
            elif isinstance(item, Use) and item.symbol in scene.symbols:
                walk(scene.symbols[item.symbol].children, factor * item.scale)

    walk(scene.children, 1.0)
    return sizes


def lead_in(block: md.Paragraph, styles: Styles) -> ParagraphStyle:
    """A short paragraph ending in a colon introduces what follows and stays with it."""
    if block.text.rstrip().endswith(":") and len(block.text) <= 160:
        return styles.lead_in
    return styles.body


def list_items(block: md.ListBlock, styles: Styles) -> list[Flowable]:
    items = []
    for index, text in enumerate(block.items):
        bullet = f"{block.start + index}." if block.ordered else "\u2022"
        item = Paragraph(md.inline_markup(text), styles.bullet, bulletText=bullet)
        items.append(item)
    if items:
        items[-1].style = ParagraphStyle("bullet-last", parent=styles.bullet, spaceAfter=styles.body.spaceAfter)
    return items


def title_block(rules: md.RuleText, styles: Styles, sheet: Sheet, subtitle: str = "") -> list[Flowable]:
    """The game's title over an accent rule, then players, playing time and the credits line."""
    # reportlab ships no type hints
    from reportlab.platypus.flowables import HRFlowable  # type: ignore[import-untyped]

    words = labels(rules.front.lang)
    facts = [subtitle] if subtitle else [words["players"].format(rules.front.players)]
    if rules.front.time:
        facts.append(words["time"].format(rules.front.time))
    return [
        RLParagraph(md.inline_markup(rules.title), styles.title),
        Spacer(1, 3),
        HRFlowable(width="100%", thickness=2.4, color=ACCENT, spaceBefore=2, spaceAfter=6),
        RLParagraph("\u2003·\u2003".join(md.inline_markup(f) for f in facts), styles.meta),
        RLParagraph(md.inline_markup(rules.front.credits), styles.credits),
        Spacer(1, 7 * MM),
    ]


def story(rules: md.RuleText, scenes: dict[int, Scene], sheet: Sheet, styles: Styles,
          figure_size: float = 1.0) -> list[Flowable]:
    """The page's flowables: the title block, then runs of columns broken by spanning figures and tables."""
    forms: dict = {}
    flow: list[Flowable] = title_block(rules, styles, sheet)
    run: list[Flowable] = []
    figures = 0

    def close_run(before_wide: bool) -> None:
        # Headings at the end of a run would be orphaned above a spanning item: they span with it instead.
        trailing: list[Flowable] = []
        while before_wide and run and isinstance(run[-1], Heading):
            trailing.insert(0, run.pop())
        if run:
            flow.append(Columns(run[:], sheet.gutter))
            run.clear()
        flow.extend(trailing)

    for block in rules.blocks:
        if isinstance(block, md.Heading):
            if block.level > 1:
                run.append(heading(block, styles))
        elif isinstance(block, md.Paragraph):
            run.append(Paragraph(md.inline_markup(block.text), lead_in(block, styles)))
        elif isinstance(block, md.ListBlock):
            run.extend(list_items(block, styles))
        elif isinstance(block, md.Table):
            flowable, wide = table(block, styles, sheet)
            if wide:
                close_run(True)
                flow.append(flowable)
            else:
                run.append(flowable)
        elif isinstance(block, md.Figure):
            figures += 1
            flowable, wide = figure(block, scenes[block.line], figures, styles, sheet, forms, rules.front.lang,
                                    figure_size)
            flowable.floats = wide
            if wide:
                close_run(True)
                flow.append(flowable)
            else:
                run.append(flowable)
    close_run(False)
    return flow


# -- the document ------------------------------------------------------------------------------------------

def page_footer(title: str, lang: str, sheet: Sheet, label: str = "") -> Callable:
    """Draws the footer of every page: a hairline, the game's title and what the sheet is, the page number."""
    regular, bold = register_family(), pdf_font("sans", "bold")
    words = labels(lang)
    label = label or words["rules"]

    def draw(canvas, doc):
        canvas.saveState()
        if doc.page == 1:
            canvas.showOutline()
        y = sheet.margin_bottom - 9 * MM
        left, right = sheet.margin_x, sheet.width - sheet.margin_x
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 10, right, y + 10)
        canvas.setFillColor(MUTED)
        canvas.setFont(regular, 7.2)
        canvas.drawString(left, y, f"{title} \u2014 {label}")
        canvas.setFont(bold, 7.2)
        canvas.drawRightString(right, y, words["page"].format(doc.page))
        canvas.restoreState()

    return draw


class RulesDocTemplate(BaseDocTemplate):
    """A doc template whose spanning figures float: when one does not fit in what is left of a page, the column
    text after it fills the page first and the figure heads the next page, instead of leaving a hole. The last
    figure of the rules never floats past their end, and the rules never end on a page of their own for the few
    lines after their last figure when those lines fit beside the text above it."""

    def handle_flowable(self, flowables):
        item = flowables[0]
        if (isinstance(item, Columns) and len(flowables) > 2 and getattr(flowables[1], "floats", False)
                and isinstance(flowables[2], Columns)):
            self.join_around_float(flowables)
            item = flowables[0]
        if (isinstance(item, Columns) and len(flowables) == 3 and isinstance(flowables[1], FigureBlock)
                and isinstance(flowables[2], Columns)):
            self.join_above_last_figure(flowables)
            item = flowables[0]
        if getattr(item, "floats", False) and len(flowables) > 1 and isinstance(flowables[1], Columns):
            item.floats = False                            # float once, never past more than one page
            frame = self.frame
            room = frame._y - frame._y1p - item.getSpaceBefore()
            _, height = item.wrap(frame._getAvailableWidth(), room)
            if height > room and not frame._atTop:
                parts = flowables[1].split(frame._getAvailableWidth(), room)
                if parts and (len(parts) > 1 or len(flowables) > 2):   # never to the very end of the rules
                    flowables[0:2] = [parts[0], item, *parts[1:]]
        super().handle_flowable(flowables)

    def join_above_last_figure(self, flowables) -> None:
        """Columns, the last figure, the last columns: when the figure fits on this page but the text after it does
        not, and all of that text fits in the columns above the figure, it goes there and the figure ends the
        rules, instead of a last page holding a few lines."""
        before, figure, after = flowables
        frame = self.frame
        width = frame._getAvailableWidth()
        room = frame._y - frame._y1p
        _, figure_height = figure.wrap(width, room)
        _, height = before.wrap(width, room)
        _, rest = after.wrap(width, room)
        below = room - height - figure.getSpaceBefore() - figure_height
        if height + figure.getSpaceBefore() + figure_height > room or rest + after.getSpaceBefore() <= below:
            return                                       # the figure moves on anyway, or everything fits
        joined = Columns(before.items + after.items, before.gutter)
        _, joined_height = joined.wrap(width, room)
        if joined_height + figure.getSpaceBefore() + figure_height <= room:
            flowables[:] = [joined, figure]

    def join_around_float(self, flowables) -> None:
        """Columns, a figure that will float past this page, more columns: the two blocks of columns become one,
        so the text after the figure continues the same columns (left, then right) instead of starting a second
        block under the first, where a reader would go down the left column into it. The figure then floats."""
        before, figure, after = flowables[0], flowables[1], flowables[2]
        frame = self.frame
        width = frame._getAvailableWidth()
        room = frame._y - frame._y1p
        _, height = before.wrap(width, room)
        if height > room or before.placed is None:
            return
        _, figure_height = figure.wrap(width, room)
        if height + figure.getSpaceBefore() + figure_height <= room:
            return                                       # the figure fits below the text: nothing floats
        joined = Columns(before.items + after.items, before.gutter)
        # What of the joined text fills this page, then the figure at the top of the next, then the rest: the text
        # after the figure may run over several pages, and the figure must not wait for all of it.
        parts = joined.split(width, room)
        if len(parts) > 1:
            figure.floats = False
            flowables[0:3] = [parts[0], figure, *parts[1:]]
        else:
            flowables[0:3] = [joined, figure]


def build(rules: md.RuleText, scenes: dict[int, Scene], sheet: Sheet, figure_size: float,
          leading: float = BODY_LEADING) -> tuple[bytes, int, float]:
    """One layout: the PDF bytes, its page count and how full its last page is (0..1)."""
    styles = make_styles(leading)
    buffer = io.BytesIO()
    title = md.plain(rules.title)
    document = RulesDocTemplate(
        buffer, **sheet.document_options(), title=f"{title}: {labels(rules.front.lang)['rules']}",
        author=md.plain(rules.front.credits), subject=f"{title} ({rules.front.lang})",
        creator=f"washigen {__version__}", producer=f"washigen {__version__} (reportlab)", lang=rules.front.lang)
    frame = Frame(sheet.margin_x, sheet.margin_bottom, sheet.frame_width, sheet.frame_height, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    document.addPageTemplates([PageTemplate("rules", [frame], onPage=page_footer(title, rules.front.lang, sheet))])
    document.build(story(rules, scenes, sheet, styles, figure_size))
    last = document.frame
    filled = (last._y2 - last._y) / last._height
    return buffer.getvalue(), document.page, filled


# What is tried, in turn, when the last page would be less than half full: figures a little smaller, then the body
# set a little closer (11.2 pt, then 10.8 pt, on 8.6 pt type still reads easily: 125 %), as (figure size, leading).
LAYOUTS = ((1.0, BODY_LEADING), (0.88, BODY_LEADING), (0.76, BODY_LEADING), (1.0, 11.2), (0.88, 11.2), (0.76, 11.2),
           (1.0, 10.8), (0.88, 10.8), (0.76, 10.8))
NEARLY_EMPTY = 0.5
def _too_tall(rules: md.RuleText, scenes: dict[int, Scene], sheet: Sheet) -> InputError:
    """The refusal of a text with a block no page holds (a table cell, heading or caption too long to fit a page
    alone), naming its line: the shortest run of blocks from the start that fails to set ends with it."""
    low, high = 0, len(rules.blocks)             # blocks[:low] set; blocks[:high] fail
    while high - low > 1:
        mid = (low + high) // 2
        try:
            build(replace(rules, blocks=rules.blocks[:mid]), scenes, sheet, *LAYOUTS[0])
            low = mid
        except LayoutError:
            high = mid
    return md.fail(rules.source, rules.blocks[high - 1].line,
                   Says(N_("this block does not fit on one page; shorten it (a long table cell, heading or figure "
                           "caption cannot break across pages)")))


# A longer text is not set again to save its last page: one page in so many is not worth setting them all twice.
MAX_REFIT_PAGES = 24


def typeset(rules: md.RuleText, scenes: dict[int, Scene], paper: str = "a4") -> bytes:
    """The rule sheet as PDF bytes; the same input gives the same bytes. When the last page of a sheet of a few
    pages would be less than half full, the first of LAYOUTS that saves the page is taken."""
    sheet = Sheet.for_paper(paper)
    try:
        data, pages, filled = build(rules, scenes, sheet, *LAYOUTS[0])
    except LayoutError:
        raise _too_tall(rules, scenes, sheet) from None
    if 1 < pages <= MAX_REFIT_PAGES and filled < NEARLY_EMPTY:
        for size, leading in LAYOUTS[1:]:
            if size < 1.0 and not scenes:
                continue
            tighter, fewer, _ = build(rules, scenes, sheet, size, leading)
            if fewer < pages:
                return tighter
    return data
