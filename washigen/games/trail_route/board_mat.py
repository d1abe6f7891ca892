"""The board mat of The Cats' Trail Route at real size: slots for the destination and road tiles, the starting
positions, the wrap marks; on paper smaller than the mat, tiled over sheets with overlaps."""

from __future__ import annotations

from collections.abc import Sequence

from ...fonts import balanced_lines, fit_size, text_width
from ...i18n import translator
from ...press import Document
from ...press.oversize import sheet_grid, tile_pages
from ...scene import Circle, Line, Rect, Scene, Style, Text
from ...units import SAFE_ZONE
from .art import THEME, paw, straight_arrow
from .model import COLS, DEST_COLS, GAME, TITLE


def mat_geometry(tile: float) -> dict[str, float]:
    cell = tile + 0.8
    g = {"cell": cell, "top": 15.0, "dest_x": 0.0, "gap": 4.0, "start_w": 30.0}
    g["road_x"] = DEST_COLS * cell + g["gap"]
    g["start_x"] = g["road_x"] + COLS * cell + g["gap"]
    g["width"] = g["start_x"] + g["start_w"]
    g["height"] = g["top"] + 6 * cell + 15.0
    return g


def mat_scene(tile: float = 40.0, rows: int = 6, lang: str = "en", cuts: Sequence[float] = ()) -> Scene:
    """The board mat at real size: slots for the destination and road tiles, the starting positions, wrap marks;
    `cuts`: the x (mm) where the sheets of a tiled print meet, which the title keeps clear of."""
    _ = translator(lang)
    g = mat_geometry(tile)
    cell, top = g["cell"], g["top"]
    scene = Scene(g["width"], g["height"], theme=dict(THEME), meta={"game": GAME, "kind": "mat",
                                                                     "title": f"{TITLE}: " + _("board mat")})
    scene.add(Rect(0, 0, g["width"], g["height"], Style(fill="tr-mat"), rx=4.0))
    right = g["road_x"] + COLS * cell - 14.0
    forward = _("forward")
    title_x, title_size = _title_place(cuts, right - 42 - text_width(forward, 3.4, "bold") - 3.0)
    scene.add(Text(title_x, 8.0, TITLE, title_size, weight="bold", style=Style(fill="tr-grass-dark")))
    scene.add(*straight_arrow(right, 7.0, right - 40, 7.0, "tr-grass-dark", 1.2))
    scene.add(Text(right - 42, 8.2, forward, 3.4, anchor="end", weight="bold", style=Style(fill="tr-grass-dark")))
    for r in range(rows):
        y = top + r * cell
        for c in range(DEST_COLS):
            scene.add(Rect(g["dest_x"] + c * cell + 0.4, y + 0.4, tile, tile,
                           Style(fill="tr-dest-slot", stroke="tr-dest-dark", stroke_width=0.4), rx=1.5))
        for c in range(COLS):
            scene.add(Rect(g["road_x"] + c * cell + 0.4, y + 0.4, tile, tile,
                           Style(fill="tr-slot", stroke="tr-mat-dark", stroke_width=0.4), rx=1.5))
        scene.add(*start_spot(g["start_x"] + g["start_w"] / 2, y + cell / 2, r, lang))
        scene.add(Text(g["road_x"] - g["gap"] / 2, y + cell / 2 + 1.0, str(r + 1), 2.6, anchor="middle",
                       style=Style(fill="tr-grass-dark")))
    if rows == 6:
        scene.add(*_row_six_note(g, tile, lang))
    for c in range(COLS):
        scene.add(Text(g["road_x"] + (c + 0.5) * cell, top - 1.5, str(c + 1), 2.6, anchor="middle",
                       style=Style(fill="tr-grass-dark")))
    scene.add(Text(g["dest_x"] + cell, top - 1.5, _("destinations"), 2.8, anchor="middle", weight="bold",
                   style=Style(fill="tr-dest-ink")))     # words: 5.6:1 on the mat (the edges' pink: 1.4)
    scene.add(Text(g["start_x"] + g["start_w"] / 2, top - 1.5, _("start"), 2.8, anchor="middle", weight="bold",
                   style=Style(fill="tr-grass-dark")))
    title_end = title_x + text_width(TITLE, title_size, "bold")
    scene.add(*wrap_marks(g, rows, lang, clear_of=title_end))
    return scene


def _title_place(cuts: Sequence[float], limit: float, size: float = 5.5) -> tuple[float, float]:
    """(x, size) of the mat's title, SAFE_ZONE clear of every sheet cut and left of `limit` (the "forward" label):
    at the mat's top left where it fits; else whole just past a cut; else a little smaller (80 %) at the first
    place it fits so; else as large as fits between two cuts (a title moved past the cuts by the sheets' layout ran
    into the wrap arrow and the "forward" label)."""
    low, gaps = SAFE_ZONE + 0.5, []
    for cut in sorted(cuts):
        if cut + SAFE_ZONE <= low or cut - SAFE_ZONE >= limit:
            continue                                     # its safe zone reaches neither the title nor its room
        gaps.append((low, cut - SAFE_ZONE))
        low = max(low, cut + SAFE_ZONE)
    gaps = [(a, b) for a, b in [*gaps, (low, limit)] if b > a] or [(low, max(limit, low + 1.0))]
    width = text_width(TITLE, size, "bold")
    for low, high in gaps:
        if low + width <= high:
            return low, size
    for low, high in gaps:                               # a little smaller, but still at the top left
        if low + width * 0.8 <= high:
            return low, fit_size(TITLE, high - low, size, "bold")
    low, high = max(gaps, key=lambda gap: gap[1] - gap[0])
    return low, fit_size(TITLE, max(high - low, 1.0), size, "bold")


def _row_six_note(g: dict[str, float], tile: float, lang: str = "en") -> list:
    """"row 6: 4 players only" at the foot of the middle slot of row 6, on two lines where one would run past the
    slot's edges (small tiles, German)."""
    size, cell = 2.6, g["cell"]
    note = translator(lang).gettext("row 6: 4 players only")
    lines = [note] if text_width(note, size) <= tile - 2.0 else balanced_lines(note)
    x, y = g["road_x"] + COLS * cell / 2, g["top"] + 6 * cell - 3.0
    return [Text(x, y - (len(lines) - 1 - k) * 1.2 * size, line, size, anchor="middle",
                 style=Style(fill="tr-grass-dark")) for k, line in enumerate(lines)]


def start_spot(cx: float, cy: float, row: int, lang: str = "en", radius: float = 11.0, label: bool = True) -> list:
    """A starting position: a dashed ring with a paw, and on the mat its name ("start 3") inside the ring."""
    items = [Circle(cx, cy, radius, Style(fill="tr-slot", stroke="tr-mat-dark", stroke_width=0.6 * radius / 11.0,
                                          dash=(2.0 * radius / 11.0, 1.2 * radius / 11.0))),
             # with its name under it the paw sits a little higher, clear of the name's letters
             *paw(cx, cy + (0.0 if label else 1.0) * radius / 11.0, 3.6 * radius / 11.0, Style(fill="tr-mat-dark"))]
    if label:
        items.append(Text(cx, cy + 0.84 * radius, translator(lang).gettext("start {row}").format(row=row + 1), 2.2,
                          anchor="middle", style=Style(fill="tr-grass-dark")))
    return items


def wrap_marks(g: dict[str, float], rows: int, lang: str = "en", clear_of: float = 0.0) -> list:
    """Marks at the top and bottom of the road: the two rows are neighbours. The upper left arrow keeps right of
    `clear_of` (the mat's title, which reaches over the road on small tiles)."""
    x0, x1 = g["road_x"], g["road_x"] + COLS * g["cell"]
    y_top, y_bottom = g["top"], g["top"] + 6 * g["cell"]
    style = Style(stroke="tr-grass-dark", stroke_width=0.6, dash=(2.0, 1.5))
    items: list = []
    for x in (x0 + 6, x1 - 6):
        items += straight_arrow(max(x, clear_of + 3.0), y_top - 5.0, max(x, clear_of + 3.0), y_top - 11.0,
                                "tr-grass-dark", 0.8, 2.0)
        items += straight_arrow(x, y_bottom + 4.0, x, y_bottom + 10.0, "tr-grass-dark", 0.8, 2.0)
    items += [Line(x0 + 10, y_bottom + 10.5, x1 - 10, y_bottom + 10.5, style),
              Text((x0 + x1) / 2, y_bottom + 7.0, wrap_note(lang), 2.6, anchor="middle",
                   style=Style(fill="tr-grass-dark"))]
    return items


def wrap_note(lang: str = "en") -> str:
    return translator(lang).gettext("The bottom row and the top row are neighbours: arrows, swaps and cards wrap "
                                    "round (3 players: row 5 and row 1)")


def wrap_note_lane(g: dict[str, float]) -> tuple[float, float]:
    """Where the wrap note may move to keep clear of the sheet cuts: along the dashed line, between the wrap arrows."""
    return g["road_x"] + 10.0, g["road_x"] + COLS * g["cell"] - 10.0


def print_mat(tile: float, paper: str, lang: str = "en") -> Document:
    title = f"{TITLE}: " + translator(lang).gettext("board mat")
    g = mat_geometry(tile)
    lanes = {wrap_note(lang): wrap_note_lane(g)}
    # "row 6: 4 players only" moves along its own slot only, off a cut (it hung over the slot's edge).
    slot = g["road_x"] + (COLS // 2) * g["cell"] + 0.4
    lanes.update({note.text: (slot + 1.0, slot + tile - 1.0) for note in _row_six_note(g, tile, lang)})
    cuts_x = sheet_grid(g["width"], g["height"], paper, 12.0).cuts()[0]
    return tile_pages(mat_scene(tile, lang=lang, cuts=cuts_x), paper, title, overlap=12.0, lang=lang, lanes=lanes)
