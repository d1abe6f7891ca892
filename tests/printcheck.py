"""Preflight of a printed PDF, read back from the file alone (never from our own numbers): fonts embedded (pypdf),
text runs' sizes and places (pdfium's text page), and the pixels just inside the BleedBox edge (pdfium's raster).

Each check returns a list of faults, one readable sentence each, so a failing test says what is wrong and where.
"""

from __future__ import annotations

import ctypes
import io
import math
from dataclasses import dataclass

MM_PER_PT = 25.4 / 72.0


def strict_cases(names, known: set[str], reason: str) -> list:
    """Test cases for output `names`, those in `known` (faults not fixed yet) as strict xfails: a fix that lands
    without removing its entry fails the suite. `reason` may name the output as {name}."""
    import pytest

    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=reason.format(name=name)))
            if name in known else name for name in names]
MIN_TEXT_PT = 6.0
MIN_FINE_PRINT_PT = 5.0
SAFE_MM = 3.0
# What pdfium's glyph boxes and our rounding allow: text set exactly on the safe line measures a hair inside it.
TOLERANCE_MM = 0.05
# Fine print (seed and version lines, a sheet's slug line "sheet 1 of 4") may be smaller than body text.
FINE_PRINT_WORDS = ("seed", "washigen", "sheet ", "startwert", "bogen ")      # English and German


# -- fonts ------------------------------------------------------------------------------------------------------
def _fonts_of(resources, seen: set) -> list:
    """Every font dictionary reachable from a resource dictionary, forms (XObjects) included."""
    fonts = []
    if resources is None:
        return fonts
    resources = resources.get_object()
    if id(resources) in seen:
        return fonts
    seen.add(id(resources))
    for font in (resources.get("/Font") or {}).values():
        fonts.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            fonts.extend(_fonts_of(xobject.get("/Resources"), seen))
    return fonts


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True                      # glyphs drawn by the PDF itself
    if font.get("/Subtype") == "/Type0":
        return all(_embedded(d.get_object()) for d in font["/DescendantFonts"])
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def unembedded_fonts(data: bytes) -> list[str]:
    """'page N: font NAME is not embedded' for every font referenced without its glyphs."""
    from pypdf import PdfReader

    faults = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages, 1):
        for font in _fonts_of(page.get("/Resources"), set()):
            if not _embedded(font):
                faults.append(f"page {number}: font {font.get('/BaseFont')} is not embedded")
    return sorted(set(faults))


# -- text -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TextRun:
    """A line of text as printed: its characters, size in pt, and box in mm from the page's lower left."""
    page: int
    text: str
    size_pt: float
    box: tuple[float, float, float, float]          # x0, y0, x1, y1 in mm


def text_runs(data: bytes) -> list[TextRun]:
    """The page's characters grouped into runs of one size on one line, in the order the PDF draws them."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    runs: list[TextRun] = []
    document = pdfium.PdfDocument(data)
    matrix = raw.FS_MATRIX()
    left, right, bottom, top, origin_x, origin_y = (ctypes.c_double() for _ in range(6))
    units = user_units(data)
    try:
        for number in range(len(document)):
            page = document[number]
            unit = units[number]          # pdfium measures in the page's own units: a long roll's are larger
            textpage = page.get_textpage()
            current: list = []
            for index in range(textpage.count_chars()):
                char = chr(raw.FPDFText_GetUnicode(textpage.raw, index))
                if raw.FPDFText_IsGenerated(textpage.raw, index) or not char.strip():
                    if current and current[-1][0] != " ":
                        current.append((" ", current[-1][1], None, current[-1][3]))
                    continue
                raw.FPDFText_GetMatrix(textpage.raw, index, ctypes.byref(matrix))
                size = unit * raw.FPDFText_GetFontSize(textpage.raw, index) * math.sqrt(
                    abs(matrix.a * matrix.d - matrix.b * matrix.c))
                raw.FPDFText_GetCharBox(textpage.raw, index, *(ctypes.byref(v) for v in (left, right, bottom, top)))
                box = tuple(v.value * unit * MM_PER_PT for v in (left, bottom, right, top))
                raw.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(origin_x), ctypes.byref(origin_y))
                origin = (origin_x.value, origin_y.value)
                turned = abs(matrix.b) > 1e-3 or abs(matrix.c) > 1e-3
                if current and (abs(current[-1][1] - size) > 0.05 or _new_line(current[-1][3], origin, size, turned)):
                    _close(current, runs, number + 1)
                current.append((char, size, box, origin))
            _close(current, runs, number + 1)
            textpage.close()
            page.close()
    finally:
        document.close()
    return runs


def _new_line(last: tuple[float, float], origin: tuple[float, float], size: float, turned: bool) -> bool:
    """A character starts a new run when its origin is off the last one's line (for turned text a line runs up or
    down the page) or far along it."""
    across, along = (0, 1) if turned else (1, 0)
    return abs(origin[across] - last[across]) > size / 3 or abs(origin[along] - last[along]) > 3 * size


def _close(chars: list, runs: list, page: int) -> None:
    if not chars:
        return
    boxes = [c[2] for c in chars if c[2] is not None]
    runs.append(TextRun(page, "".join(c[0] for c in chars).strip(), round(chars[0][1], 2),
                        (min(b[0] for b in boxes), min(b[1] for b in boxes),
                         max(b[2] for b in boxes), max(b[3] for b in boxes))))
    chars.clear()


def is_fine_print(text: str) -> bool:
    return any(word in text.lower() for word in FINE_PRINT_WORDS)


def small_text(runs: list[TextRun]) -> list[str]:
    """Runs under 6 pt (fine print under 5 pt)."""
    return [f"page {r.page}: {r.text!r} is {r.size_pt:.1f} pt" for r in runs
            if r.size_pt < (MIN_FINE_PRINT_PT if is_fine_print(r.text) else MIN_TEXT_PT) - 0.05]


def user_units(data: bytes) -> list[float]:
    """Per page the size of its unit in points: 1, or the /UserUnit of a page longer than 5.08 m (a roll)."""
    from pypdf import PdfReader

    return [float(page.get("/UserUnit", 1.0)) for page in PdfReader(io.BytesIO(data)).pages]


def page_boxes(data: bytes) -> list[dict[str, tuple[float, float, float, float]]]:
    """Per page: trimbox and bleedbox in mm from the lower left (x0, y0, x1, y1), /UserUnit applied."""
    from pypdf import PdfReader

    boxes = []
    for page in PdfReader(io.BytesIO(data)).pages:
        unit = float(page.get("/UserUnit", 1.0)) * MM_PER_PT
        boxes.append({name: tuple(float(v) * unit for v in (box.left, box.bottom, box.right, box.top))
                      for name, box in (("trim", page.trimbox), ("bleed", page.bleedbox), ("media", page.mediabox))})
    return boxes


def text_near_trim(data: bytes, runs: list[TextRun], safe: float = SAFE_MM) -> list[str]:
    """Runs neither ≥ `safe` mm inside the trim nor wholly outside the bleed (in the sheet's margin), nor on bare
    paper between the pieces of a sheet (whose TrimBox is the rectangle around all of them)."""
    boxes = page_boxes(data)
    faults = []
    rasters: dict = {}
    for run in runs:
        trim, bleed = boxes[run.page - 1]["trim"], boxes[run.page - 1]["bleed"]
        x0, y0, x1, y1 = run.box
        gap = min(x0 - trim[0], y0 - trim[1], trim[2] - x1, trim[3] - y1)
        inside = gap >= safe - TOLERANCE_MM
        outside = x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
        if not (inside or outside or _on_bare_paper(data, run, boxes[run.page - 1], rasters)):
            faults.append(f"page {run.page}: {run.text!r} is {gap:.1f} mm from the trim")
    return faults


def _on_bare_paper(data: bytes, run: TextRun, boxes: dict, rasters: dict, dpi: int = 100) -> bool:
    """Whether the paper in a 1 mm ring around the run is bare: a label between two pieces, not on one."""
    import pypdfium2 as pdfium

    if run.page not in rasters:
        document = pdfium.PdfDocument(data)
        unit = user_units(data)[run.page - 1]
        rasters[run.page] = document[run.page - 1].render(scale=unit * dpi / 72.0).to_pil().convert("L")
        document.close()
    image, media = rasters[run.page], boxes["media"]
    px = dpi / 25.4
    x0, y0, x1, y1 = run.box
    ring = [(x, y) for x in _range(x0 - 1.0, x1 + 1.0, 0.5) for y in (y0 - 1.0, y1 + 1.0)]
    ring += [(x, y) for y in _range(y0 - 1.0, y1 + 1.0, 0.5) for x in (x0 - 1.0, x1 + 1.0)]
    inked = sum(1 for x, y in ring
                if image.getpixel((min(image.width - 1, max(0, int((x - media[0]) * px))),
                                   min(image.height - 1, max(0, int((media[3] - y) * px))))) < PAPER_WHITE)
    return inked <= 0.05 * len(ring)


# -- bleed ------------------------------------------------------------------------------------------------------
PAPER_WHITE = 245          # a channel this bright or brighter on all three counts as bare paper
LINE_ON_TRIM_MM = 0.5      # a cut line or crop mark on the trim is thinner than this: not artwork at the edge


def bare_bleed(data: bytes, dpi: int = 300, depth_mm: float = 0.15, max_pages: int | None = None) -> list[str]:
    """Where artwork touches the trim but the paper just inside the BleedBox edge beside it is bare: on each of the
    four sides, pixels `depth_mm` inside the trim are compared with pixels `depth_mm` inside the bleed edge. Artwork
    further in than `depth_mm` (a symbol inset in its cell) is the design's margin, not artwork at the edge."""
    import pypdfium2 as pdfium

    faults = []
    document = pdfium.PdfDocument(data)
    units = user_units(data)
    try:
        for number, boxes in enumerate(page_boxes(data)[:max_pages], 1):
            trim, bleed = boxes["trim"], boxes["bleed"]
            if bleed[0] >= trim[0] - 0.5:          # a page without bleed has nothing to check
                continue
            page = document[number - 1]
            image = _EdgeRaster(page, boxes, units[number - 1], dpi, depth_mm + LINE_ON_TRIM_MM + 1.0)
            page.close()
            for side, bare, total in _bare_sides(image, boxes, dpi, depth_mm):
                if bare > max(2, 0.02 * total):
                    faults.append(f"page {number}: {side} edge: {bare} of {total} points of artwork at the trim "
                                  "have bare paper in the bleed beside them")
    finally:
        document.close()
    return faults


class _EdgeRaster:
    """A page's render at `dpi` where it lies within `reach` mm inside the trim or beyond it: four strips, one along
    each side, each pdfium's render of the whole page cut down to its strip (the same pixels, shifted by whole
    pixels), so a 10 m roll is not rendered whole at 300 dpi to look along its edges."""

    def __init__(self, page, boxes: dict, unit: float, dpi: int, reach: float):
        from PIL import ImageChops

        media, trim = boxes["media"], boxes["trim"]
        scale = unit * dpi / 72.0
        mm_per_unit = unit * MM_PER_PT
        self.media, self.px = media, dpi / 25.4
        self.width, self.height = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
        width, height = media[2] - media[0], media[3] - media[1]
        inner = (trim[0] - media[0] + reach, trim[1] - media[1] + reach, media[2] - trim[2] + reach,
                 media[3] - trim[3] + reach)         # each side's strip: the media edge to `reach` inside the trim
        # what pdfium cuts off the page's render (left, bottom, right, top) to leave each strip
        cut_offs = ((0.0, 0.0, width - inner[0], 0.0), (0.0, 0.0, 0.0, height - inner[1]),
                    (width - inner[2], 0.0, 0.0, 0.0), (0.0, height - inner[3], 0.0, 0.0))
        self.strips = []
        for cut in cut_offs:
            crop = tuple(max(0.0, mm) / mm_per_unit for mm in cut)
            red, green, blue = page.render(scale=scale, crop=crop).to_pil().convert("RGB").split()
            darkest = ImageChops.darker(ImageChops.darker(red, green), blue)    # a pixel's darkest channel
            self.strips.append((math.ceil(crop[0] * scale), math.ceil(crop[3] * scale), darkest.width,
                                darkest.height, darkest.tobytes()))

    def inked(self, x_mm: float, y_mm: float) -> bool:
        """True when the paper at (x, y) mm from the lower left carries ink (the nearest pixel of the page, one of
        its channels darker than PAPER_WHITE)."""
        col = min(self.width - 1, max(0, int((x_mm - self.media[0]) * self.px)))
        row = min(self.height - 1, max(0, int((self.media[3] - y_mm) * self.px)))
        for left, top, width, height, darkest in self.strips:
            if left <= col < left + width and top <= row < top + height:
                return darkest[(row - top) * width + col - left] < PAPER_WHITE
        raise AssertionError(f"({x_mm:.1f}, {y_mm:.1f}) mm lies in none of the rendered strips")


def _bare_sides(image: _EdgeRaster, boxes, dpi: int, depth: float):
    trim, bleed = boxes["trim"], boxes["bleed"]
    pixel = image.inked
    step, deep = 1.0 / (dpi / 25.4), depth + LINE_ON_TRIM_MM
    sides = {
        "left": [((trim[0] + depth, y), (trim[0] + deep, y), (bleed[0] + depth, y))
                 for y in _range(trim[1] + 1, trim[3] - 1, step)],
        "right": [((trim[2] - depth, y), (trim[2] - deep, y), (bleed[2] - depth, y))
                  for y in _range(trim[1] + 1, trim[3] - 1, step)],
        "bottom": [((x, trim[1] + depth), (x, trim[1] + deep), (x, bleed[1] + depth))
                   for x in _range(trim[0] + 1, trim[2] - 1, step)],
        "top": [((x, trim[3] - depth), (x, trim[3] - deep), (x, bleed[3] - depth))
                for x in _range(trim[0] + 1, trim[2] - 1, step)],
    }
    for side, probes in sides.items():
        # Artwork at the edge is inked just inside the trim and a little further in; a cut line on the trim (over
        # an empty slot of a sheet's last page) only at the first.
        inked = [outer for inner, further, outer in probes if pixel(*inner) and pixel(*further)]
        bare = sum(1 for outer in inked if not pixel(*outer))
        yield side, bare, len(inked)


def _range(start: float, stop: float, step: float):
    value = start
    while value < stop:
        yield value
        value += step


def preflight(data: bytes, bleed: bool = True, runs: list[TextRun] | None = None) -> list[str]:
    """Every fault of DESIGN section 4 that can be read back from the PDF (`runs`: its text_runs, where the caller
    has read them already for its own checks)."""
    runs = text_runs(data) if runs is None else runs
    faults = unembedded_fonts(data) + small_text(runs) + text_near_trim(data, runs)
    if bleed:
        faults += bare_bleed(data)
    return faults
