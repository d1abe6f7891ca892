"""A Cat Tree layout drawn to scale and scored: each card small in its cell with its points, the floor, the rows
and columns numbered, the altitude line at height 5 with its label in the right margin. A tree on paper draws its
cards smaller where it must, never its words."""

from __future__ import annotations

from ... import __version__
from ...fonts import ASCENT, MIN_FINE_PRINT, MIN_TEXT, balanced_lines, fit_size, text_width
from ...i18n import translator
from ...press import Document, PrintOptions
from ...scene import Circle, Group, Line, Rect, Scene, Style, Text, Use, Weight
from ...units import paper_size
from .cards import fits, rank_index
from .model import ALTITUDE, BY_NAME, GAME, TITLE, CatTreeLayout, Structure
from .pictures import ART_H, ART_W, BAD, COLOURS, CREAM, INK, MUTED, WOOD_DARK, art_symbol, floor_band, st, tint

# -- a scored tree -------------------------------------------------------------------------------------------------

CELL_W, CELL_H, GAP = 17.0, 23.8, 2.0
# Around the grid: row numbers (left), the altitude line's label (right), the title, points and cards (top), the
# floor, the column numbers and the fine print (bottom). Their words keep their size whatever the grid's zoom.
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 10.0, 7.5, 24.0, 14.0
MIN_TREE_WIDTH = 70.0
BADGE_STROKE = 0.4          # the white ring around a card's points badge
LABEL_CLEARANCE = 0.4       # mm kept between the altitude line's label and a badge


def _tree_box(design: CatTreeLayout, zoom: float = 1.0) -> tuple[float, float, float, float]:
    grid_w = (design.width * (CELL_W + GAP) - GAP) * zoom
    width = max(MARGIN_L + grid_w + MARGIN_R, MIN_TREE_WIDTH)
    margin_l = (width - grid_w - MARGIN_R + MARGIN_L) / 2
    return width, MARGIN_T + (design.height * (CELL_H + GAP) - GAP) * zoom + MARGIN_B, margin_l, MARGIN_T


def tree_frame(design: CatTreeLayout) -> tuple[float, float, float, float]:
    """(width, height, x, y) of a tree's drawing: its size and the top-left corner of the top row's first cell.
    Cell (row, col) lies at x + (col - 1) * (CELL_W + GAP), y + (height - row) * (CELL_H + GAP)."""
    return _tree_box(design)


def tree_scene(design: CatTreeLayout, score, title: str = "", lang: str = "en", zoom: float = 1.0) -> Scene:
    """The layout drawn to scale: each card small in its cell with its points beside it, the floor, the rows and
    columns numbered, the altitude line at height 5, the total. `zoom` < 1 draws the cards smaller (a large tree
    on a sheet of paper); every word stays 6 pt or more, and a card's words that no longer fit it are left out."""
    _ = translator(lang)
    width, height, margin_l, margin_t = _tree_box(design, zoom)
    pitch_x, pitch_y = (CELL_W + GAP) * zoom, (CELL_H + GAP) * zoom
    scene = Scene(width, height, meta={"game": GAME, "kind": "layout", "seed": str(design.seed),
                                       "version": __version__, "title": title or f"{TITLE}: " + _("a scored tree")})
    names = sorted({c.card for c in design.cards})
    for card_name in names:
        scene.define(art_symbol(card_name))
    scene.add(Rect(0, 0, width, height, st(fill="#ffffff")))

    def cell_xy(row: int, col: int) -> tuple[float, float]:
        return margin_l + (col - 1) * pitch_x, margin_t + (design.height - row) * pitch_y

    floor_y = margin_t + design.height * pitch_y - GAP * zoom
    scene.add(*floor_band(margin_l - 3, floor_y + 0.6, design.width * pitch_x - GAP * zoom + 6, 3.2))
    floor = _("floor")
    half = text_width(floor, MIN_TEXT) / 2
    floor_x = max(margin_l - 3.2, 3.4 + half)
    scene.add(Text(floor_x, floor_y + 7.8, floor, MIN_TEXT, anchor="middle", style=Style(fill=WOOD_DARK)))
    for row in range(1, design.height + 1):
        y = cell_xy(row, 1)[1]
        scene.add(Text(margin_l - 3.2, y + CELL_H * zoom / 2 + 1.0, str(row), 2.8, anchor="middle", weight="bold",
                       style=Style(fill=BAD if row >= ALTITUDE else MUTED)))
    # every column numbered, or every second (fifth, ...) where the numbers would touch; none on the floor's word
    step = next(n for n in (1, 2, 5, 10, 20, 64) if n * pitch_x >= text_width(str(design.width), 2.8) + 0.8)
    for col in range(1, design.width + 1):
        x = cell_xy(1, col)[0] + CELL_W * zoom / 2
        numbered = (col - 1) % step == 0 if step <= 2 else col == 1 or col % step == 0
        if numbered and x - text_width(str(col), 2.8) / 2 >= floor_x + half + 0.8:
            scene.add(Text(x, floor_y + 7.8, str(col), 2.8, anchor="middle", style=Style(fill=MUTED)))
    grid = design.grid()
    by_cell = score.by_cell()
    altitude_noted = design.height < ALTITUDE or _altitude_line(scene, design, margin_l, margin_t, zoom, lang,
                                                                _right_badges(design, by_cell, cell_xy, zoom))
    detached = {cell for part in score.parts if part.detached for cell in part.cells}
    grouped = {cell for group in score.groups if group.points for cell in group.cells[1:]}
    for row in range(1, design.height + 1):
        for col in range(1, design.width + 1):
            x, y = cell_xy(row, col)
            name = grid.get((row, col))
            if name is None:
                scene.add(Rect(x, y, CELL_W * zoom, CELL_H * zoom,
                               Style(stroke="#cfc8bd", stroke_width=0.25, dash=(0.8, 0.8)), rx=1.2 * zoom))
                continue
            cell = (row, col)
            state = ("illegal" if cell in score.illegal else "detached" if cell in detached else
                     "grouped" if cell in grouped else "ok")
            scene.add(Group(_cell_card(BY_NAME[name], by_cell[(row, col)].points, state, lang, MIN_TEXT / zoom),
                            dx=x, dy=y, sx=zoom, sy=zoom))
    _tree_header(scene, design, score, title, len(detached), lang, altitude_noted)
    return scene


def _right_badges(design: CatTreeLayout, by_cell: dict, cell_xy, zoom: float) -> list[tuple[float, float, float]]:
    """(right, top, bottom) in mm of the points badges of the last column's cards: each stands out past its card's
    right edge, into the margin the altitude line's label runs up."""
    badges = []
    for (row, col), name in design.grid().items():
        circle = _badge_circle(by_cell[(row, col)].points, MIN_TEXT / zoom) if col == design.width else None
        if circle is not None:
            x, y = cell_xy(row, col)
            bx, by, reach = circle[0], circle[1], circle[2] + BADGE_STROKE / 2
            badges.append((x + (bx + reach) * zoom, y + (by - reach) * zoom, y + (by + reach) * zoom))
    return badges


def _altitude_line(scene: Scene, design: CatTreeLayout, margin_l: float, margin_t: float, zoom: float,
                   lang: str, badges: list[tuple[float, float, float]]) -> bool:
    """The dashed line under height 5 and, in the right margin beside the rows it doubles, its label turned to
    run up the page, clear of every card and of the `badges` standing out into that margin (moved along the
    rows to a stretch between them); False where those rows have no room for the label at 6 pt."""
    _ = translator(lang)
    pitch = (CELL_H + GAP) * zoom
    y = margin_t + (design.height - ALTITUDE + 1) * pitch - GAP * zoom / 2
    right = margin_l + design.width * (CELL_W + GAP) * zoom - GAP * zoom      # the grid's right edge
    scene.add(Line(margin_l - 5, y, right + 2.0, y, Style(stroke=BAD, stroke_width=0.45, dash=(1.6, 1.0))))
    label = _("height {height}+: ×2").format(height=ALTITUDE)
    size = fit_size(label, y - 1.0 - margin_t, 2.4, "bold")
    if size < MIN_TEXT:
        return False
    middle = _label_middle((margin_t, y - 1.0), text_width(label, size, "bold"),
                           [(top, bottom) for far, top, bottom in badges if far > right + 1.2 - LABEL_CLEARANCE])
    if middle is None:
        return False
    scene.add(Text(right + 1.2 + ASCENT * size, middle, label, size, anchor="middle",
                   weight="bold", style=Style(fill=BAD), rotate=-90))
    return True


def _tree_header(scene: Scene, design: CatTreeLayout, score, title: str, detached: int, lang: str,
                 altitude_noted: bool = True) -> None:
    """The title (on two lines where one would print it below 6 pt), the points, what the tree holds (and what
    the altitude line means, where its own label had no room), and the fine print at the foot."""
    _ = translator(lang)
    width, height = scene.width, scene.height
    heading = title or TITLE
    size = fit_size(heading, width - 8.0, 3.6, "bold")
    if size >= MIN_TEXT:
        scene.add(Text(4.0, 8.0, heading, size, weight="bold", style=Style(fill=INK)))
    else:
        lines = balanced_lines(heading, "bold")
        size = max(MIN_TEXT, min(fit_size(line, width - 8.0, 2.6, "bold") for line in lines))
        for k, line in enumerate(lines):
            scene.add(Text(4.0, 5.8 + k * 1.15 * size, line, size, weight="bold", style=Style(fill=INK)))
    scene.add(Text(4.0, 14.6, _("{points} points").format(points=score.total), 4.6, weight="bold",
                   style=Style(fill=INK)))
    broken = len(score.illegal)
    parts = [_.ngettext("{cards} card", "{cards} cards", len(design.cards)).format(cards=len(design.cards))]
    if broken:
        parts.append(translator(lang).ngettext("{count} breaks a rule", "{count} break a rule", broken).format(
            count=broken))
    if detached:
        parts.append(_("{count} detached").format(count=detached))
    if not altitude_noted:
        parts.append(_("height {height}+: ×2").format(height=ALTITUDE))
    status = " · ".join(parts)
    if fit_size(status, width - 8.0, 2.4) < MIN_TEXT and len(parts) > 1:
        status = " · ".join(parts[1:])                 # a narrow tree: what is wrong before how many cards
    scene.add(Text(4.0, 19.6, status, max(MIN_TEXT, fit_size(status, width - 8.0, 2.4)),
                   style=Style(fill=BAD if broken else MUTED)))
    stamp = f"washigen {__version__}" + ("" if design.seed is None else " · " + _("seed {seed}").format(
        seed=design.seed))
    scene.add(Text(width - 3.2, height - 3.6, stamp, MIN_FINE_PRINT + 0.04, anchor="end", style=Style(fill=MUTED)))


def _label_middle(room: tuple[float, float], length: float, blocked: list[tuple[float, float]]) -> float | None:
    """Where a label `length` long, running along `room`, has its middle: the room's middle, or the nearest place
    keeping LABEL_CLEARANCE from every `blocked` stretch; None where no stretch between them is long enough."""
    edges = sorted((top - LABEL_CLEARANCE, bottom + LABEL_CLEARANCE) for top, bottom in blocked)
    free, start = [], room[0]
    for top, bottom in edges:
        free.append((start, min(top, room[1])))
        start = max(start, bottom)
    free.append((start, room[1]))
    wanted = (room[0] + room[1]) / 2
    places = [min(max(wanted, lo + length / 2), hi - length / 2) for lo, hi in free if hi - lo >= length]
    return min(places, key=lambda place: abs(place - wanted), default=None)


def _badge_circle(points: int, least: float) -> tuple[float, float, float] | None:
    """(x, y, radius) of a card's points badge in its cell: over the top corner (a small badge clear of the card
    above, 2 mm up, and of the picture, 5 mm down), or larger in the middle, or None (no room at `least`)."""
    number = 3.0 if points < 10 else 2.6
    radius = 3.1 * max(number, least) / number
    return ((CELL_W - 1.2, 1.6, radius) if radius <= 3.2 else (CELL_W - 1.2, 1.2, radius) if radius <= 4.2 else
            (CELL_W / 2, 10.7, radius) if radius <= 5.6 else None)


def _cell_card(structure: Structure, points: int, state: str, lang: str = "en", least: float = MIN_TEXT) -> list:
    """A card in its cell (CELL_W x CELL_H), its points in a badge at the corner. `least` is the smallest size a
    word may have here (6 pt, in the cell's millimetres): a word that cannot have it is left out."""
    _ = translator(lang)
    colour = COLOURS[structure.name]
    title = _(structure.title)
    items: list = [Rect(0, 0, CELL_W, CELL_H, st(fill=colour), rx=1.2),
                   Rect(0.9, 0.9, CELL_W - 1.8, CELL_H - 1.8, st(fill=CREAM), rx=0.8),
                   Rect(1.6, 5.0, CELL_W - 3.2, 11.4, st(fill=tint(colour, 0.86)))]
    scale = (CELL_W - 3.2) / ART_W
    items.append(Use(f"cat-tree-{structure.name}", 1.6, 5.0 + (11.4 - ART_H * scale) / 2, scale=scale))
    rank_size = max(2.4, least)
    if rank_size <= 4.4:
        items.append(Text(2.0, max(4.0, 1.2 + ASCENT * rank_size), rank_index(structure, lang), rank_size,
                          weight="bold", style=Style(fill=colour)))
    title_size = 0.0
    weight: Weight = "bold"
    for weight in ("bold", "normal"):
        title_size = fit_size(title, CELL_W - 3.0, max(2.2, least), weight)      # clear of the frame
        if title_size >= least:
            break
    shown = title_size >= least and ASCENT * title_size <= 3.0
    if shown:
        items.append(Text(CELL_W / 2, 19.6, title, title_size, anchor="middle", weight=weight, style=Style(fill=INK)))
    number = 3.0 if points < 10 else 2.6
    badge_size = max(number, least)
    badge_at = _badge_circle(points, least)
    badge = {"ok": (INK, "#ffffff"), "grouped": (MUTED, "#ffffff"), "illegal": (BAD, "#ffffff"),
             "detached": (MUTED, "#ffffff")}[state]
    if badge_at is not None:
        bx, by, radius = badge_at
        items += [Circle(bx, by, radius, st(fill=badge[0], stroke="#ffffff", width=BADGE_STROKE)),
                  Text(bx, by + 1.05 * badge_size / number, str(points), badge_size, anchor="middle", weight="bold",
                       style=Style(fill=badge[1]))]
    # the state under the name, where both have room at their size
    note = {"grouped": _("in a group"), "illegal": _("breaks a rule"), "detached": _("detached")}.get(state, "")
    note_weight: Weight = "bold" if state == "detached" else "normal"
    if note and not (fits(note, least, CELL_W - 3.0, note_weight) and (not shown or least <= 2.5)):
        note = ""
    note_style = Style(fill={"grouped": MUTED, "illegal": BAD}.get(state, INK))
    if state == "illegal":
        items.append(Rect(-0.4, -0.4, CELL_W + 0.8, CELL_H + 0.8, Style(stroke=BAD, stroke_width=0.6,
                                                                         dash=(1.2, 0.7)), rx=1.4))
    if state == "detached":
        items = [Group(items, opacity=0.45)]
    if note:
        items.append(Text(CELL_W / 2, CELL_H - 1.5, note, least, anchor="middle", weight=note_weight,
                          style=note_style))
    return items


def print_layout(design: CatTreeLayout, score, options: PrintOptions, title: str = "") -> Document:
    """The tree at its own size, or centred on a sheet of options.paper: its cards drawn smaller where the tree
    would not fit it, its words never below 6 pt."""
    if not options.paper:
        return Document.single(tree_scene(design, score, title, options.lang))
    zoom, orientation = paper_zoom(design, options.paper)
    return Document.single(on_paper(tree_scene(design, score, title, options.lang, zoom), options.paper,
                                    orientation=orientation))


def paper_zoom(design: CatTreeLayout, paper: str, margin: float = 12.0) -> tuple[float, str]:
    """The zoom (1 at most) at which the tree fits a sheet of `paper`, and the orientation that gives the
    larger (portrait or landscape as the tree is, when both hold it at its own size)."""
    grid_w = design.width * (CELL_W + GAP) - GAP
    grid_h = design.height * (CELL_H + GAP) - GAP
    width, height, _x, _y = _tree_box(design)
    natural = "landscape" if width > height else "portrait"
    best = (0.0, natural)
    for orientation in (natural, "portrait" if natural == "landscape" else "landscape"):
        pw, ph = paper_size(paper, orientation)
        zoom = min(1.0, (pw - 2 * margin - MARGIN_L - MARGIN_R) / grid_w,
                   (ph - 2 * margin - MARGIN_T - MARGIN_B) / grid_h)
        if zoom > best[0] + 1e-9:
            best = (zoom, orientation)
    return best


def on_paper(scene: Scene, paper: str, margin: float = 12.0, orientation: str | None = None) -> Scene:
    orientation = orientation or ("landscape" if scene.width > scene.height else "portrait")
    pw, ph = paper_size(paper, orientation)
    scale = min(1.0, (pw - 2 * margin) / scene.width, (ph - 2 * margin) / scene.height)
    page = Scene(pw, ph, meta=dict(scene.meta))
    for symbol in scene.symbols.values():
        page.define(symbol)
    page.add(Group(list(scene.children), dx=(pw - scene.width * scale) / 2, dy=(ph - scene.height * scale) / 2,
                   sx=scale, sy=scale))
    return page
