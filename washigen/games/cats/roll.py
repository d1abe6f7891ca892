"""The tape maker's artwork: a segment with its band, the forest section printed after it, and the roll of
both repeated along the tape."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import __version__
from ...errors import InputError
from ...fonts import MIN_TEXT, fit_size, size_in_room
from ...i18n import N_, translator
from ...words import Says
from ...scene import Group, Path, Primitive, Rect, Scene, Style, Text
from .band import Panel, band_baseline, band_items, band_room, qr_group
from .constants import TITLE
from .dashes import fitted_dash
from .grid import draw_grid
from .model import FOREST_SECTION_COLS, CatsRoll, Grid, cell_size, forest_qr_cells
from .symbols import new_scene, symbol, use

if TYPE_CHECKING:
    from pathlib import Path as FilePath

    from ...press import Document, PrintOptions


# -- segments, forest sections, rolls ---------------------------------------------------------------------------------------------

def segment_items(scene: Scene, grid: Grid, s: float, bleed: float, note: str = "", qr: str | None = None,
                  lang: str = "en") -> list:
    R, C = grid.height, grid.width
    items = draw_grid(scene, grid, s, home_rows=(R - 1,), bleed=(bleed, 0.0, 0.0, 0.0))
    band = band_items(scene, C * s, s, [Panel(0, C * s, "")], 0.0, note=note, qr=qr, lang=lang)
    band[0] = Rect(0, 0, C * s, s + bleed, Style(fill="band"))
    return items + [Group(band, dy=R * s)]


def segment_scene(grid: Grid, tape_width: float, rows: int, bleed: float = 0.0, note: str = "",
                  lang: str = "en") -> Scene:
    s = cell_size(tape_width, rows)
    scene = new_scene(grid.width * s, (rows + 1) * s, bleed,
                      {"kind": "segment", "title": f"{TITLE} · " + translator(lang).gettext("segment")})
    scene.add(*segment_items(scene, grid, s, bleed, note, lang=lang))
    return scene


def forest_pieces(rows: int, cols: int, reserved: tuple[int, int, int, int] | None = None
                  ) -> list[tuple[int, int, int, int]]:
    """The forest section's pieces as (row, col, height, width): big forests first, shrubs in the gaps; the
    `reserved` rectangle (row, col, height, width) stays empty."""
    free = [[True] * cols for _ in range(rows)]
    if reserved:
        r0, c0, h0, w0 = reserved
        for i in range(r0, r0 + h0):
            for j in range(c0, c0 + w0):
                free[i][j] = False
    pieces = []
    shapes = [(3, 3), (2, 4), (3, 2), (2, 3), (2, 2)]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if not free[r][c]:
                continue
            placed = False
            for t in range(len(shapes)):
                h, w = shapes[(k + t) % len(shapes)]
                if r + h <= rows and c + w <= cols and all(free[r + i][c + j] for i in range(h) for j in range(w)):
                    pieces.append((r, c, h, w))
                    for i in range(h):
                        for j in range(w):
                            free[r + i][c + j] = False
                    k += 1
                    placed = True
                    break
            if not placed:
                pieces.append((r, c, 1, 1))
                free[r][c] = False
    return pieces


def forest_section_items(scene: Scene, rows: int, s: float, bleed: float, qr: str | None = None,
                         lang: str = "en") -> list:
    _ = translator(lang)
    cols = FOREST_SECTION_COLS
    width = cols * s
    items: list = [Rect(0, -bleed, width, rows * s + bleed, Style(fill="forest-tint"))]
    reserved = None
    cells = forest_qr_cells(qr, rows, s) if qr else 0
    if cells:
        # The code, and a row below it for its caption, in the middle (rounded towards the segment before it): its
        # white quiet zone never meets the section's tail, which the roll's bleed shows at its start.
        reserved = (0, (cols - cells) // 2, cells + 1, cells)
    pieces = forest_pieces(rows, cols, reserved)
    for r, c, h, w in pieces:
        for i in range(h):
            for j in range(w):
                name = "shrub" if (h, w) == (1, 1) else ("pine" if (r + i + c + j) % 3 == 0 else "tree")
                items.append(use(scene, symbol(name, s), (c + j) * s, (r + i) * s, s))
    dash = fitted_dash(s, 0.2 * s, 0.12 * s)              # whole periods to a cell's edge
    items.append(Path(piece_edges(pieces, s), Style(stroke="forest", stroke_width=max(0.12, 0.04 * s), dash=dash)))
    if reserved and qr:                                   # a place is reserved only for a code
        items.append(qr_group(qr, (cells - 0.4) * s, (reserved[1] + 0.2) * s, 0.2 * s))
        size = max(MIN_TEXT, min(0.28 * s, 1.6))
        items.append(Text((reserved[1] + cells / 2) * s, (cells + 0.5) * s + 0.36 * size, _("the rules"), size,
                          anchor="middle", style=Style(fill="forest")))
    band: list[Primitive] = [Rect(0, 0, width, s + bleed, Style(fill="forest"))]
    text = _("forests & shrubs: cut out, stick on")
    band_size = size_in_room(text, band_room(s), fit_size(text, width - 0.4 * s, max(MIN_TEXT, min(0.3 * s, 1.8))))
    if band_size:
        band.append(Text(width / 2, band_baseline(s, text, band_size), text, band_size, anchor="middle",
                         style=Style(fill="#ffffff")))
    return items + [Group(band, dy=rows * s)]


def piece_edges(pieces: list[tuple[int, int, int, int]], s: float) -> tuple:
    """The pieces' outlines, each cell's edge once and on its own: two pieces side by side share an edge, and two
    dash patterns drawn over it out of step cover each other's gaps (it printed solid); a stretch a cell long starts
    its dashes afresh at each corner, so every edge is dashed alike."""
    edges: set[tuple[int, int, int, int]] = set()         # (row, col) to (row, col), corners of the cells
    for r, c, h, w in pieces:
        edges.update((line, j, line, j + 1) for line in (r, r + h) for j in range(c, c + w))
        edges.update((i, line, i + 1, line) for line in (c, c + w) for i in range(r, r + h))
    # Each stretch is drawn from its right (lower) corner: a dash, not a dash's end, lies next to the section's end,
    # where the roll's bleed shows the section again past its start (a dash ending there would match the copy or
    # not by a fraction of a pixel).
    return tuple(part for r0, c0, r1, c1 in sorted(edges) for part in (("M", c1 * s, r1 * s), ("L", c0 * s, r0 * s)))


def piece_length(design: CatsRoll) -> float:
    """The length in mm of one segment with the forest section after it."""
    return (design.segment_cols + FOREST_SECTION_COLS) * cell_size(design.tape_width, design.segment_rows)


def repeat_length(design: CatsRoll) -> float:
    """The length in mm after which the roll's artwork repeats."""
    return len(design.segments) * piece_length(design)


def roll_repeat(design: CatsRoll, bleed: float, lang: str = "en") -> Scene:
    """One repeat of the roll: every segment followed by a forest section, as the tape maker prints it."""
    scene, words = _repeat_layers(design, bleed, lang)
    pitch = piece_length(design)
    scene.add(*(Group(piece, dx=k * pitch) for k, piece in enumerate(words)))
    return scene


def _repeat_layers(design: CatsRoll, bleed: float, lang: str = "en") -> tuple[Scene, list[list[Primitive]]]:
    """One repeat's art (a scene) and the words of each of its pieces (a segment and its forest section), in the
    piece's own frame: a roll prints a piece's words only where the whole piece is on the tape."""
    from ...press.rolls import words_apart

    s = cell_size(design.tape_width, design.segment_rows)
    R, C = design.segment_rows, design.segment_cols
    pitch = piece_length(design)
    scene = new_scene(len(design.segments) * pitch, (R + 1) * s, bleed,
                      {"kind": "roll", "seed": str(design.seed),
                       "title": f"{TITLE} · " + translator(lang).gettext("tape")})
    note = translator(lang).gettext("seed {seed}").format(seed=design.seed) + f" · washigen {__version__}"
    words = []
    for k, grid in enumerate(design.segments):
        segment = Group(segment_items(scene, grid, s, bleed, note, lang=lang))
        forest = Group(forest_section_items(scene, R, s, bleed, design.rules_url, lang), dx=C * s)
        art, piece_words = words_apart([segment, forest])
        scene.add(Group(art, dx=k * pitch))
        words.append(piece_words)
    return scene, words


def roll_scene(design: CatsRoll, bleed: float, lang: str = "en") -> Scene:
    from ...press.rolls import roll_with_words

    art, words = _repeat_layers(design, bleed, lang)
    # A segment and its forest section are cut off the roll together: the artwork ends on the last whole pair, so
    # the roll's end never cuts through a segment (its bleed shows the plain tape after it). Words go on the whole
    # pieces alone, apart from the art, so that a page of a long roll prints them on its own pieces alone too.
    strip = roll_with_words(art, words, design.length, bleed, piece_length(design), str(design.seed))
    strip.meta.update({"game": "cats", "kind": "roll", "seed": str(design.seed), "version": __version__})
    return strip


def refuse_sheets(options: PrintOptions) -> None:
    """A roll is one strip for a tape maker: it is not laid out on sheets (a map's strips are: `cats map --paper`)."""
    if options.paper or options.template:
        raise InputError(Says(N_("{field}: a roll prints as one strip for a tape maker, not on sheets; leave out "
                                 "{option} and {other} (a map prints its strips on sheets: {hint})"), field="paper",
                              option="--paper", other="--template", hint="cats map --paper"), field="paper")


def tape_document(design: CatsRoll, options: PrintOptions, output: FilePath, repeat_only: bool = False) -> Document:
    """What `cats tape` writes to `output`, as its form takes it: the roll (a PDF as pages of whole repeats, an SVG
    or PNG as the one strip), or with `repeat_only` the one repeat a tape maker prints from. The studio's tape
    downloads are made here too (the component's print_file)."""
    from ...press.rolls import repeat_with_words, roll_for_output

    refuse_sheets(options)
    if repeat_only:
        art, words = _repeat_layers(design, options.bleed, options.lang)
        return repeat_with_words(art, words, piece_length(design), options.bleed, art.meta.get("title", ""),
                                 str(design.seed))
    strip = roll_scene(design, options.bleed, options.lang)
    return roll_for_output(strip, output, repeat_length(design), strip.meta.get("title", ""), options.lang,
                           piece=piece_length(design))
