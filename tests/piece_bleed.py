"""Every cut edge of every piece bleeds (DESIGN 4: "every cut edge of every piece bleeds, beside an empty slot
too"), measured on a raster of the finished page.

tests/printcheck.py's `bare_bleed` probes the sheet's TrimBox, the rectangle around all pieces: a card beside an
empty slot, or a piece inside the block, is never looked at. Here every piece's own trim is probed, on all four
sides: where artwork reaches the cut (the same colour just inside the trim and a little further in), the paper
just outside must carry that artwork on: the same colour within a short way along the edge (curves, diagonals),
or a darker shade of it (a pattern whose stripe falls on the trim). Bare paper there is a fault, and so is a pale
ground the piece does not show there (a tinted panel ending at the trim on a cream sheet). Tape artwork is printed
end to end: past its start the roll must show the repeat's end, and past a single repeat's end its start.
Beside a neighbouring piece, within the bleed the sheet gives that neighbour, nothing is asked: a cut a little off
shows the neighbour's own artwork there.

Where the pieces are: the slots the press placed them in, recorded as `washigen.press.impose.place` is called
(the trim of each item on each sheet); a page that is one piece (a tape repeat, a map's natural page) is its own
trim. The slot is the one thing taken from washigen: it is where the sheet will be cut, an input to the check
and not what is checked. Reading the cuts off the crop marks would need marks on every sheet, and back pages and
cut-line sheets have none or too many. What is checked, the ink either side of each cut, is read from MuPDF's
raster of the PDF alone.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import numpy as np

DPI = 200
PX_PER_MM = DPI / 25.4
INNER_MM = 0.4              # just inside the trim: clear of a 0.2 mm cut line drawn on it
FURTHER_MM = 0.9            # a little further in: artwork, not a line along the trim
OUTER_MM = 0.6              # just outside the trim: what a cut a little off shows
CORNER_MM = 1.0             # the ends of each edge are left out (a neighbour's corner, a rounded frame)
PATTERN_MM = 3.0            # how far in a colour seen outside may be found again: a pattern's repeat
ALONG_MM = 0.5              # an outside colour found this far along the edge inside counts as the same artwork
SAME_COLOUR = 16            # largest channel difference (of 255) between two samples of one colour
PAPER_WHITE = 245           # all channels this bright: bare paper (as tests/printcheck.py)
PALE = 200                  # all channels this bright: a pale ground, not a shade of the artwork
FAULT_SHARE = 0.03          # a side fails when more than this share of its artwork stops (and at least ...)
FAULT_LEAST = 3             # ... this many points)

Box = tuple[float, float, float, float]           # x0, y0, x1, y1 in mm from the page's top left


@dataclass(frozen=True)
class Piece:
    page: int                   # 1-based page of the PDF
    name: str                   # "card at row 2, column 3"
    trim: Box
    period: float | None = None  # tape artwork: the repeat's length, what the roll shows again past its start
    reach: Box | None = None     # the trim and the bleed the sheet gives it: its neighbours' artwork stops there


def piece_bleed(data: bytes, pieces: list[Piece]) -> list[str]:
    """'page P: NAME, SIDE edge: N of M points of artwork stop at the trim (...)' for every side that fails."""
    import pymupdf

    faults = []
    with pymupdf.open(stream=data, filetype="pdf") as document:
        for number in sorted({piece.page for piece in pieces}):
            image = _raster(document[number - 1])
            on_page = [piece for piece in pieces if piece.page == number]
            for piece in on_page:
                # Beyond a cut, a neighbour's own artwork is what a cut a little off shows: not this piece's fault.
                neighbours = [other.reach or other.trim for other in on_page if other is not piece]
                for side, stopped, total, bare in _sides(image, piece.trim, neighbours, piece.period):
                    if stopped > max(FAULT_LEAST, FAULT_SHARE * total):
                        beyond = "bare paper beyond" if bare * 2 >= stopped else "another colour beyond"
                        faults.append(f"page {number}: {piece.name}, {side} edge: {stopped} of {total} points of "
                                      f"artwork stop at the trim ({beyond})")
    return faults


def _raster(page) -> np.ndarray:
    """The page as an RGB array, PX_PER_MM pixels to the mm (a page past 5.08 m counts in a larger /UserUnit,
    which MuPDF leaves to us)."""
    import pymupdf

    kind, value = page.parent.xref_get_key(page.xref, "UserUnit")
    unit = float(value) if kind in ("real", "int") else 1.0
    pixmap = page.get_pixmap(matrix=pymupdf.Matrix(DPI / 72 * unit, DPI / 72 * unit), alpha=False)
    return np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.height, pixmap.width, pixmap.n)[:, :, :3]


def _sides(image: np.ndarray, trim: Box, neighbours: list[Box], period: float | None = None):
    """Per side: (side, points where artwork stops, points of artwork at the edge, of those with bare paper)."""
    x0, y0, x1, y1 = trim
    across_x = _steps(y0 + CORNER_MM, y1 - CORNER_MM)
    across_y = _steps(x0 + CORNER_MM, x1 - CORNER_MM)
    edges = {"left": (x0, +1, across_x, True), "right": (x1, -1, across_x, True),
             "top": (y0, +1, across_y, False), "bottom": (y1, -1, across_y, False)}

    def line(side: str, depth: float) -> np.ndarray:
        """Pixels `depth` mm inward of a side's edge (negative: outside), one per step along it."""
        edge, inward, along, vertical = edges[side]
        at = edge + inward * depth
        return _pixels(image, [(at, a) if vertical else (a, at) for a in along])

    for side, (edge, inward, along, vertical) in edges.items():
        inner, further, outer = line(side, INNER_MM), line(side, FURTHER_MM), line(side, -OUTER_MM)
        outside = [(edge - inward * OUTER_MM, a) if vertical else (a, edge - inward * OUTER_MM) for a in along]
        beside_piece = np.array([any(_inside(p, box) for box in neighbours) for p in outside], dtype=bool)
        # Tape artwork is printed end to end: past its start the roll shows the repeat's end again, and past the
        # end of a single repeat its start. There every point, artwork or plain ground, must match.
        wraps = period is not None and (side == "left" or (side == "right" and x1 - x0 <= period + 0.01))
        if wraps:
            artwork = ~beside_piece
            # The period is no whole number of pixels: the same edge of a shape may fall a pixel either way.
            shifts = (-1.0 / PX_PER_MM, 0.0, 1.0 / PX_PER_MM)
            found = np.any([_carried_on(line(side, period - OUTER_MM + shift), outer) for shift in shifts], axis=0)
            stops = artwork & ~found
        else:
            artwork = ~_white(inner) & _same(inner, further) & ~beside_piece
            stops = artwork & ~_carried_on(inner, outer)
            if stops.any():
                # Outside, bare paper is a fault, and so is a pale ground (plain tape, a sheet's tint) that the
                # piece does not show at that place a little further in. A darker colour is artwork carried on
                # in another shade (a brick wall whose mortar line falls on the trim).
                inside = [line(side, INNER_MM + k / PX_PER_MM) for k in range(0, round(PATTERN_MM * PX_PER_MM), 2)]
                found = np.any([_carried_on(band, outer) for band in inside], axis=0)
                stops &= _white(outer) | (_pale(outer) & ~found)
        yield side, int(stops.sum()), int(artwork.sum()), int((stops & _white(outer)).sum())


def _steps(start: float, stop: float) -> np.ndarray:
    return np.arange(start, stop, 1.0 / PX_PER_MM) if stop > start else np.zeros(0)


def _pixels(image: np.ndarray, points) -> np.ndarray:
    height, width = image.shape[:2]
    if not points:
        return np.zeros((0, 3), dtype=np.int16)
    xs = np.clip((np.array([p[0] for p in points]) * PX_PER_MM).astype(int), 0, width - 1)
    ys = np.clip((np.array([p[1] for p in points]) * PX_PER_MM).astype(int), 0, height - 1)
    return image[ys, xs].astype(np.int16)


def _white(pixels: np.ndarray) -> np.ndarray:
    return pixels.min(axis=1) >= PAPER_WHITE


def _pale(pixels: np.ndarray) -> np.ndarray:
    return pixels.min(axis=1) >= PALE


def _same(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.abs(a - b).max(axis=1) <= SAME_COLOUR


def _carried_on(inner: np.ndarray, outer: np.ndarray) -> np.ndarray:
    """Whether each outside pixel has the colour of the inside pixels within ALONG_MM of it along the edge."""
    reach = max(1, round(ALONG_MM * PX_PER_MM))
    found = np.zeros(len(inner), dtype=bool)
    for shift in range(-reach, reach + 1):
        shifted = np.roll(inner, shift, axis=0)
        found |= _same(outer, shifted)
    return found


def _inside(point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


# -- where a command's pieces are --------------------------------------------------------------------------------
@contextlib.contextmanager
def recorded_slots():
    """While open, every item the press places is recorded: {id(sheet): [(slot, the item's kind), ...]}."""
    from unittest import mock

    from washigen.press import impose

    slots: dict[int, list] = {}
    place = impose.place

    def recording_place(page, item, slot):
        slots.setdefault(id(page), []).append((slot, item.meta.get("kind", "piece")))
        return place(page, item, slot)

    with mock.patch.object(impose, "place", recording_place):
        yield slots


def document_pieces(pages, slots: dict[int, list]) -> list[Piece]:
    """The pieces of `pages` (scenes, numbered from 1): the recorded slots of a sheet, or the page itself when it
    is one piece with bleed; a page with neither (a rule sheet, a cover) has none."""
    return [piece for number, scene in enumerate(pages, 1) for piece in _pieces(scene, slots, number)]


def command_pieces(args: list[str], output) -> tuple[bytes, list[Piece]]:
    """Runs `washigen ARGS -o OUTPUT` and returns a PDF of every page it painted from a scene, with the trims of
    its pieces. The pages are rendered again by washigen's PDF backend alone, in the order the command painted
    them: the output's own pages for a document, each part's pages for a kit (which joins them with its rule
    pages)."""
    from unittest import mock

    from click.testing import CliRunner

    from washigen.cli import main
    from washigen.backends.pdf import ScenePainter, to_pdf

    sheets: list = []
    paint_page = ScenePainter.page

    def recording_page(painter, scene):
        if all(scene is not s for s in sheets):
            sheets.append(scene)
        return paint_page(painter, scene)

    with recorded_slots() as slots, mock.patch.object(ScenePainter, "page", recording_page):
        result = CliRunner().invoke(main, [*args, "-o", str(output)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return to_pdf(sheets), document_pieces(sheets, slots)


def _pieces(scene, slots: dict[int, list], number: int) -> list[Piece]:
    b = scene.bleed                  # the page's top left is the scene's (-bleed, -bleed)
    placed = slots.get(id(scene))
    if placed:
        return [Piece(number, f"{kind} at row {s.row + 1}, column {s.col + 1}",
                      (s.x + b, s.y + b, s.x + s.w + b, s.y + s.h + b),
                      reach=(s.x + b - s.bleed[3], s.y + b - s.bleed[0], s.x + s.w + b + s.bleed[1],
                             s.y + s.h + b + s.bleed[2])) for s, kind in placed]
    if b <= 0:
        return []
    x, y, w, h = scene.trim_box or (0.0, 0.0, scene.width, scene.height)
    # Tape artwork names its repeat's length ("720 mm", press.impose.tape_artwork): it is printed end to end.
    period = float(scene.meta["repeat"].split()[0].replace(",", ".")) if "repeat" in scene.meta else None
    return [Piece(number, "the tape" if period else "the page's piece", (x + b, y + b, x + w + b, y + h + b),
                  period)]
