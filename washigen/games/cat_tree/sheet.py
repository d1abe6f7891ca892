"""Cat Tree's score sheet: two 10 x 10 grids to record a tree each, laid out for the paper, 5 mm and more from its
edges."""

from __future__ import annotations

from ... import __version__
from ...fonts import MIN_TEXT, fit_size, text_width
from ...i18n import translator
from ...scene import Line, Rect, Scene, Style, Text
from ...units import paper_size
from .cards import LEAD, lines_in, rank_index
from .model import ALTITUDE, GAME, STRUCTURES, TITLE, Structure
from .pictures import BAD, COLOURS, FLOOR, INK, MUTED, WOOD_DARK, floor_band, st, tint

# -- the score sheet -----------------------------------------------------------------------------------------------

SHEET_COLS, SHEET_ROWS = 10, 10


def score_sheet(paper: str = "a4", lang: str = "en") -> Scene:
    """Two trees to record (one game each, for the two players), each a 10 x 10 grid with the floor, the altitude
    line at height 5 and a points column; the structures and their points at the foot. Everything stays
    SHEET_MARGIN inside the paper (a home printer leaves 5 mm blank) and is laid out for the paper's width."""
    _ = translator(lang)
    pw, ph = paper_size(paper)
    page = Scene(pw, ph, meta={"game": GAME, "kind": "sheet", "version": __version__,
                               "title": f"{TITLE}: " + _("score sheet")})
    margin, width = SHEET_MARGIN, pw - 2 * SHEET_MARGIN
    subtitle = _("score sheet")
    subtitle_w = text_width(subtitle, 3.4, "bold")
    page.add(Text(margin, margin + 4.5, TITLE, fit_size(TITLE, width - subtitle_w - 4.0, 5.2, "bold"), weight="bold",
                  style=Style(fill=INK)),
             Text(pw - margin, margin + 4.5, subtitle, 3.4, anchor="end", weight="bold", style=Style(fill=MUTED)))
    how = _("Write each card's rank in its cell (row 1 is the floor), each row's points on the right, the sum in "
            "the total box.")
    lines, size = lines_in(how, width, 2.4)
    for k, line in enumerate(lines):
        page.add(Text(margin, margin + 9.6 + k * LEAD * size, line, size, style=Style(fill=MUTED)))
    columns = _legend_columns(width, lang)
    legend_h = 5.0 + 6.0 * -(-len(STRUCTURES) // columns)
    top = margin + 13.0 + (len(lines) - 1) * LEAD * size
    footer_base = ph - 6.0                       # the fine print's foot stays 5 mm and more from the edge
    block_h = (footer_base - 3.0 - top - legend_h) / 2
    for k in range(2):
        _sheet_block(page, margin, top + k * block_h, width, block_h - 3.0, k + 1, lang)
    _sheet_legend(page, margin, top + 2 * block_h + 2.0, width, columns, lang)
    page.add(Text(pw / 2, footer_base, f"washigen {__version__} · {paper_label(paper)}", 2.0, anchor="middle",
                  style=Style(fill=MUTED)))
    return page


SHEET_MARGIN = 11.0


def paper_label(paper: str) -> str:
    """A paper's name as printed: A4, Letter."""
    return paper.upper() if paper.lower().startswith("a") else paper.capitalize()


def _sheet_block(page: Scene, x: float, y: float, w: float, h: float, number: int, lang: str = "en") -> None:
    _ = translator(lang)
    _sheet_fields(page, x, y, w, number, lang)
    points_w, number_w = 17.0, 8.5
    grid_top = y + 9.0
    floor_h, numbers_h = 3.4, 5.0
    cell_h = (h - 9.0 - floor_h - numbers_h) / SHEET_ROWS
    cell_w = min(cell_h * 1.45, (w - number_w - points_w - 4.0) / SHEET_COLS)
    gx = x + number_w
    grid_w = cell_w * SHEET_COLS
    line = Style(stroke="#9c958b", stroke_width=0.25)
    for row in range(SHEET_ROWS + 1):
        yy = grid_top + row * cell_h
        page.add(Line(gx, yy, gx + grid_w, yy, line))
    for col in range(SHEET_COLS + 1):
        xx = gx + col * cell_w
        page.add(Line(xx, grid_top, xx, grid_top + SHEET_ROWS * cell_h, line))
    px = gx + grid_w + 4.0
    page.add(Text(px + points_w / 2, grid_top - 1.2, _("points"), 2.2, anchor="middle", weight="bold",
                  style=Style(fill=MUTED)))
    for row in range(SHEET_ROWS):
        yy = grid_top + row * cell_h
        height = SHEET_ROWS - row
        page.add(Rect(px, yy, points_w, cell_h, Style(stroke="#9c958b", stroke_width=0.25,
                                                      fill=tint(BAD, 0.93) if height >= ALTITUDE else None)))
        page.add(Text(gx - 2.0, yy + cell_h / 2 + 1.0, str(height), 2.6, anchor="end", weight="bold",
                      style=Style(fill=BAD if height >= ALTITUDE else MUTED)))
    page.add(Rect(gx, grid_top, grid_w, (SHEET_ROWS - ALTITUDE + 1) * cell_h, Style(fill=BAD, opacity=0.05)))
    alt_y = grid_top + (SHEET_ROWS - ALTITUDE + 1) * cell_h
    page.add(Line(gx - 6.0, alt_y, px + points_w, alt_y, Style(stroke=BAD, stroke_width=0.6, dash=(2.0, 1.0))))
    mid_y = grid_top + (SHEET_ROWS - ALTITUDE + 1) * cell_h / 2
    page.add(Text(x + 1.6, mid_y, _("height {height}+: ×2").format(height=ALTITUDE), 2.3, anchor="middle",
                  weight="bold", style=Style(fill=BAD), rotate=-90))
    floor_y = grid_top + SHEET_ROWS * cell_h
    page.add(*floor_band(gx, floor_y, grid_w, floor_h))
    # the word sits on a plate of the floor's colour: the planks' joints stop either side of it
    floor_word = _("FLOOR")
    word_w = text_width(floor_word, 2.2, "bold")
    page.add(Rect(gx + grid_w - word_w - 2.0, floor_y + 0.4, word_w + 2.0, floor_h - 0.4, st(fill=FLOOR)),
             Text(gx + grid_w - 1.0, floor_y + floor_h - 0.8, floor_word, 2.2, anchor="end", weight="bold",
                  style=Style(fill=WOOD_DARK)))
    for col in range(SHEET_COLS):
        page.add(Text(gx + (col + 0.5) * cell_w, floor_y + floor_h + 3.6, str(col + 1), 2.4, anchor="middle",
                      style=Style(fill=MUTED)))
    total_y = floor_y
    page.add(Rect(px, total_y, points_w, floor_h + numbers_h + 2.0, Style(stroke=INK, stroke_width=0.5)),
             Text(px + 1.0, total_y + 2.6, _("total"), MIN_TEXT, weight="bold", style=Style(fill=MUTED)))


def _sheet_fields(page: Scene, x: float, y: float, w: float, number: int, lang: str) -> None:
    """A tree's heading and the lines to write the players' names and the date on, shared out over the width."""
    _ = translator(lang)
    field = Style(stroke=MUTED, stroke_width=0.25)
    label = Style(fill=MUTED)
    heading = _("Tree {number}").format(number=number)
    players, date = _("Players"), _("Date")
    date_line = 28.0 if w > 150 else 20.0
    date_x = x + w - date_line - 1.5 - text_width(date, 2.5)
    names_x = x + max(20.0, text_width(heading, 3.6, "bold") + 3.0)
    first = names_x + text_width(players, 2.5) + 1.5                   # the first name's line
    half = (date_x - 4.0 - first - 6.0) / 2
    page.add(Text(x, y + 4.2, heading, 3.6, weight="bold", style=Style(fill=INK)),
             Text(names_x, y + 4.2, players, 2.5, style=label),
             Line(first, y + 4.6, first + half, y + 4.6, field),
             Text(first + half + 3.0, y + 4.2, "&", 2.5, anchor="middle", style=label),
             Line(first + half + 6.0, y + 4.6, first + 2 * half + 6.0, y + 4.6, field),
             Text(date_x, y + 4.2, date, 2.5, style=label),
             Line(x + w - date_line, y + 4.6, x + w, y + 4.6, field))


def _legend_entry_width(structure: Structure, lang: str) -> float:
    _ = translator(lang)
    return 7.4 + text_width(_(structure.title), 2.6, "bold") + 1.2 + text_width(_legend_points(structure, lang), 2.3)


def _legend_points(structure: Structure, lang: str) -> str:
    _ = translator(lang)
    return f"{structure.points}" + (" " + _("+ 3 per side") if structure.per_side else
                                    " " + _("per group") if structure.grouped else "")


def _legend_columns(w: float, lang: str) -> int:
    """Four structures to a row where each has room, else two (A5)."""
    widest = max(_legend_entry_width(s, lang) for s in STRUCTURES)
    return 4 if widest + 2.0 <= w / 4 else 2


def _sheet_legend(page: Scene, x: float, y: float, w: float, columns: int, lang: str = "en") -> None:
    _ = translator(lang)
    col_w = w / columns
    for k, structure in enumerate(STRUCTURES):
        cx = x + (k % columns) * col_w
        cy = y + (k // columns) * 6.0
        colour = COLOURS[structure.name]
        title = _(structure.title)
        page.add(Rect(cx, cy, 6.0, 4.6, st(fill=colour), rx=0.8),
                 Text(cx + 3.0, cy + 3.6, rank_index(structure, lang), 2.8, anchor="middle", weight="bold",
                      style=Style(fill="#ffffff")),
                 Text(cx + 7.4, cy + 3.5, title, 2.6, weight="bold", style=Style(fill=INK)),
                 Text(cx + 7.6 + text_width(title, 2.6, "bold") + 1.2, cy + 3.5, _legend_points(structure, lang),
                      2.3, style=Style(fill=MUTED)))
