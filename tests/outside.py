"""The independent preflight of DESIGN section 4 ("Checked by tools we did not write"): every printed PDF read back by
qpdf, poppler and MuPDF beside pdfium, and measured against the paper it will be printed on. Nothing here asks
washigen what it meant to draw; every fact comes from the file.

    structure_faults   qpdf --check is clean, poppler parses without a syntax message, and every resource a
                       content stream names (Tf, gs, Do, cs/CS, sh, scn/SCN) is defined where it is used
    renderer_faults    pdfium, poppler and MuPDF rasterise each page alike (same size, same ink)
    font_name_faults   within one file every embedded font subset has a name of its own
    margin_faults      a home-printer sheet is blank 5 mm in from its edges, and nothing lies off the page
    length_faults      no page is longer than 5,080 mm (200 in, with its /UserUnit applied)

Each returns a list of faults, one sentence each naming the page and what is wrong where; `outside_preflight`
runs them all, sharing one parse and one set of rasters. qpdf and pdftoppm (the file on their stdin, pdftoppm's
pages on its stdout: no files but qpdf's input) run in a thread of their own from `Pdf.start_tools`, so that they
work on the second core while this process draws with pdfium and MuPDF and reads the pages.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property

from tests.mupdf_reading import MupdfReading

MM_PER_PT = 25.4 / 72.0

# -- the sheets a home printer takes (portrait, mm), written here rather than read from washigen.units -----------
HOME_SHEETS = {"A3": (297.0, 420.0), "A4": (210.0, 297.0), "A5": (148.0, 210.0), "Letter": (215.9, 279.4),
               "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8)}
SHEET_TOLERANCE_MM = 1.0
PRINTER_MARGIN_MM = 5.0          # home printers leave this much of every edge blank
PAPER = 250                      # a grey level this light or lighter is bare paper (AA noise on white is above it)
OFF_PAGE_MM = 0.1                # what MuPDF's boxes may stick out past the page before it counts as off it

MAX_PAGE_MM = 5080.0             # 200 in = 14,400 pt: the largest page every viewer honours without /UserUnit

# -- rasters ---------------------------------------------------------------------------------------------------
DPI = 24                         # the comparison's resolution: 1 px ~ 1 mm, a 5 mm margin 4 whole pixels
SUPERSAMPLE = 3                  # each renderer draws at 3 x DPI (72 dpi) and is averaged down to DPI
MAX_PIXELS = 1_500_000           # per page and renderer at DPI: a 5 m roll still costs a fraction of a second
# Renderers differ at low resolution in hinting, anti-aliasing and how they widen hairlines, so pages are drawn
# finer and averaged down (SUPERSAMPLE), blurred by BLUR px (sub-pixel placement moves ink between neighbouring
# pixels; the blur keeps it), and each pixel is compared with the range of the other raster's 3x3 neighbourhood
# (a one-pixel shift of an edge is no difference). Over the ~1,100 pages of tests/print_matrix.py the three
# renderers then stay within 69 grey levels of each other (median page 23; the CMYK Cat Tree deck, which poppler
# draws darker, reaches 74); INK_DIFFERENCE is just above that. What it finds: a glyph of a 20 pt heading (82),
# a 12 pt word (76), a half-transparent fill drawn opaque, a symbol or a page of a different size. A lone 6 pt
# glyph (~50) is under the renderers' own disagreement at this resolution: the font and resource checks find what
# would lose one.
BLUR = 0.8
INK_DIFFERENCE = 72
RENDERERS = ("pdfium", "poppler", "MuPDF")


@dataclass
class PdfPage:
    number: int
    width_mm: float                  # MediaBox with /UserUnit applied
    height_mm: float
    unit: float                      # /UserUnit (1 unless the page is written in larger units)

    @property
    def long_side_mm(self) -> float:
        return max(self.width_mm, self.height_mm)

    def dpi(self) -> float:
        """DPI, lowered on a page so large that a raster would pass MAX_PIXELS (a long roll)."""
        pixels = (self.width_mm / 25.4 * DPI) * (self.height_mm / 25.4 * DPI)
        return DPI if pixels <= MAX_PIXELS else DPI * math.sqrt(MAX_PIXELS / pixels)

    def home_sheet(self) -> str | None:
        """The home-printer paper this page is (either orientation, within 1 mm), or None."""
        size = sorted((self.width_mm, self.height_mm))
        for name, (short, long) in HOME_SHEETS.items():
            if abs(size[0] - short) <= SHEET_TOLERANCE_MM and abs(size[1] - long) <= SHEET_TOLERANCE_MM:
                return name
        return None


@dataclass
class Pdf:
    """One PDF's bytes with what the checks share: pypdf's reading, the page sizes, MuPDF's reading, each renderer's
    rasters."""
    data: bytes
    _rasters: dict = field(default_factory=dict)
    _poppler_messages: list[str] | None = None
    _runs: dict = field(default_factory=dict)          # qpdf's and pdftoppm's runs, started once (Futures)

    @cached_property
    def reader(self):
        from pypdf import PdfReader

        return PdfReader(io.BytesIO(self.data))

    @cached_property
    def mupdf(self) -> MupdfReading:
        """The file opened once in MuPDF, for its rasters, the off-page check and the collisions (what they read of
        a page read once)."""
        return MupdfReading(self.data)

    @cached_property
    def pages(self) -> list[PdfPage]:
        pages = []
        for number, page in enumerate(self.reader.pages, 1):
            unit = float(page.get("/UserUnit", 1.0))
            box = page.mediabox
            pages.append(PdfPage(number, float(box.width) * unit * MM_PER_PT, float(box.height) * unit * MM_PER_PT,
                                 unit))
        return pages

    def rasters(self, renderer: str) -> list:
        """Greyscale PIL images of every page by `renderer`, each at its page's dpi in that renderer's own idea of
        the page size (MuPDF applies /UserUnit, pdfium and poppler do not)."""
        if renderer not in self._rasters:
            self._rasters[renderer] = {"pdfium": self._pdfium, "poppler": self._poppler, "MuPDF": self._mupdf}[
                renderer]()
        return self._rasters[renderer]

    def poppler_messages(self) -> list[str]:
        self.rasters("poppler")
        return self._poppler_messages

    def start_tools(self) -> None:
        """qpdf and pdftoppm started on the file, to run on the other core while this process draws the pages
        with pdfium and MuPDF and reads them; their checks then take what they found."""
        for tool in ("qpdf", "poppler"):
            self._run(tool)

    def _run(self, tool: str):
        """The Future of `tool`'s run(s) on the file, started on the first call."""
        if tool not in self._runs:
            if tool == "qpdf":
                self._runs[tool] = _BACKGROUND.submit(_qpdf_check, self.data)
            else:
                # One run for the whole file, or one a page where the pages need different resolutions (a roll).
                runs = ([(1, len(self.pages), DPI)] if all(p.dpi() == DPI for p in self.pages)
                        else [(p.number, p.number, p.dpi()) for p in self.pages])
                self._runs[tool] = _BACKGROUND.submit(_pdftoppm, self.data, runs)
        return self._runs[tool]

    def _pdfium(self) -> list:
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(self.data)
        try:
            images = []
            for page in self.pages:
                pdf_page = document[page.number - 1]
                images.append(_reduced(pdf_page.render(scale=page.dpi() * SUPERSAMPLE / 72.0, grayscale=True)
                                      .to_pil().convert("L")))
                pdf_page.close()
            return images
        finally:
            document.close()

    def _mupdf(self) -> list:
        import pymupdf
        from PIL import Image

        # Hairlines at least a pixel wide, as pdfium and poppler draw them: otherwise a 0.2 mm rule is a faint
        # grey in MuPDF and a dark pixel in the others. The setting is MuPDF's global: set back to its default after.
        pymupdf.TOOLS.set_graphics_min_line_width(1.0)
        images = []
        try:
            for page in self.pages:
                scale = page.dpi() * SUPERSAMPLE / 72.0
                pixmap = self.mupdf.page(page.number - 1).get_pixmap(matrix=pymupdf.Matrix(scale, scale),
                                                                     colorspace=pymupdf.csGRAY, alpha=False)
                images.append(_reduced(Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples)))
        finally:
            pymupdf.TOOLS.set_graphics_min_line_width(0.0)
        return images

    def _poppler(self) -> list:
        """pdftoppm's rasters; what it says on stderr is kept for the structure check."""
        images, messages = [], []
        for stdout, stderr in self._run("poppler").result():
            messages += [line for line in stderr.decode(errors="replace").splitlines() if line.strip()]
            images += [_reduced(image) for image in _pgm_images(stdout)]
        self._poppler_messages = messages
        return images


# qpdf and pdftoppm run from here, beside the checks' own work (a thread that waits while its program runs)
_BACKGROUND = ThreadPoolExecutor(max_workers=2, thread_name_prefix="outside-tools")


def _pdftoppm(data: bytes, runs: list[tuple[int, int, float]]) -> list[tuple[bytes, bytes]]:
    """(stdout, stderr) of pdftoppm for each (first page, last page, dpi) of `runs`. The file comes in on stdin
    ("-"), the pages go out on stdout, one PGM after another: no files written."""
    results = []
    for first, last, dpi in runs:
        # -thinlinemode solid: hairlines a whole pixel wide, as pdfium and (set so) MuPDF draw them.
        result = subprocess.run(["pdftoppm", "-r", f"{dpi * SUPERSAMPLE:.4f}", "-gray", "-thinlinemode", "solid",
                                 "-f", str(first), "-l", str(last), "-"],
                                input=data, capture_output=True, timeout=300)
        results.append((result.stdout, result.stderr))
    return results


def _qpdf_check(data: bytes) -> tuple[int, str]:
    """qpdf --check's exit code and what it printed, the file's temporary name given as 'the file'."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(data)
        file.flush()
        result = subprocess.run(["qpdf", "--check", file.name], capture_output=True, text=True, timeout=300)
    return result.returncode, (result.stdout + result.stderr).replace(file.name, "the file")


_PGM_HEADER = re.compile(rb"P5\s+(\d+)\s+(\d+)\s+255\s")


def _pgm_images(stream: bytes) -> list:
    """The greyscale images of a stream of binary PGMs one after another (what pdftoppm -gray writes to stdout)."""
    from PIL import Image

    images, at = [], 0
    while header := _PGM_HEADER.match(stream, at):
        width, height = int(header[1]), int(header[2])
        images.append(Image.frombytes("L", (width, height), stream[header.end():header.end() + width * height]))
        at = header.end() + width * height
    return images


def _reduced(image):
    """A raster rendered SUPERSAMPLE times finer, averaged down to DPI."""
    return image.reduce(SUPERSAMPLE) if SUPERSAMPLE > 1 else image


def _resolved(value, default=None):
    """A PDF object with its indirect reference followed (a resource category may be one), or `default`."""
    if value is None:
        return {} if default is None else default
    return value.get_object() if hasattr(value, "get_object") else value


def _pdf(data: bytes | Pdf) -> Pdf:
    return data if isinstance(data, Pdf) else Pdf(data)


def missing_tools() -> list[str]:
    """The outside programs the checks run that this machine lacks (the suite skips, naming them)."""
    return [tool for tool in ("qpdf", "pdftoppm") if shutil.which(tool) is None]


# -- 1. structure ------------------------------------------------------------------------------------------------
QPDF_CLEAN = ("checking ", "PDF Version:", "File is not encrypted", "File is not linearized",
              "No syntax or stream encoding errors found", "errors that qpdf cannot detect")


def qpdf_faults(data: bytes | Pdf) -> list[str]:
    """Every line of `qpdf --check` beyond the lines it prints for a clean file."""
    returncode, output = _pdf(data)._run("qpdf").result()
    faults = [f"qpdf: {line.strip()}" for line in output.splitlines()
              if line.strip() and not line.startswith(QPDF_CLEAN)]
    if returncode != 0 and not faults:
        faults.append(f"qpdf: --check exits with {returncode}")
    return faults


def poppler_faults(data: bytes | Pdf) -> list[str]:
    """What poppler says on stderr while it rasterises the file ('Syntax Error', 'Syntax Warning', ...)."""
    return [f"poppler: {message}" for message in _pdf(data).poppler_messages()]


# A content stream names a resource by the name just before these operators (scn/SCN: a pattern, when the last
# operand is a name). Device colour spaces and /Pattern need no entry.
RESOURCE_OF = {b"Tf": "/Font", b"gs": "/ExtGState", b"Do": "/XObject", b"cs": "/ColorSpace", b"CS": "/ColorSpace",
               b"sh": "/Shading", b"scn": "/Pattern", b"SCN": "/Pattern"}
BUILT_IN_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}
_NAME_BEFORE_OPERATOR = re.compile(
    rb"/([^\s/\[\]()<>{}%]+)\s+(?:[-+]?(?:\d+\.?\d*|\.\d+)\s+)*(Tf|gs|Do|cs|CS|sh|scn|SCN)(?![^\s/\[\]()<>{}%])")
# Text strings and inline images are taken out first, so that words or image bytes never read as operators.
_STRING = re.compile(rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)", re.S)
_INLINE_IMAGE = re.compile(rb"(?<![^\s])BI\s.*?\sID\s.*?\sEI(?![^\s])", re.S)


def named_resources(content: bytes) -> list[tuple[str, str]]:
    """(resource category, name) for every resource a content stream names, in order."""
    content = _STRING.sub(b"()", _INLINE_IMAGE.sub(b" ", content))
    return [(RESOURCE_OF[op], "/" + name.decode("latin-1")) for name, op in _NAME_BEFORE_OPERATOR.findall(content)]


def undefined_resources(data: bytes | Pdf) -> list[str]:
    """Every resource a page, a form, a tiling pattern or a Type 3 glyph names but the resources in force there do not
    define. A form or pattern with its own /Resources sees only those; one without sees its parent's."""
    pdf = _pdf(data)
    faults: list[str] = []
    for page in pdf.reader.pages:
        number = page.page_number + 1
        seen: set = set()
        resources = page.get("/Resources")
        contents = page.get_contents()
        if contents is not None:
            _check_stream(contents.get_data(), resources, f"page {number}", faults, seen)
        for annotation in _resolved(page.get("/Annots"), []):
            appearance = _resolved(annotation.get_object().get("/AP")).get("/N")
            if appearance is not None and hasattr(appearance.get_object(), "get_data"):
                _check_form(appearance, resources, f"page {number}: an annotation's appearance", faults, seen)
    return faults


def _check_stream(content: bytes, resources, where: str, faults: list, seen: set) -> None:
    resources = resources.get_object() if resources is not None else {}
    for category, name in named_resources(content):
        if category == "/ColorSpace" and name in BUILT_IN_SPACES:
            continue
        defined = _resolved(resources.get(category))
        if name not in defined:
            faults.append(f"{where} names {category[1:]} {name}, which its resources do not define")
            continue
        target = defined[name]
        if category == "/XObject" and target.get_object().get("/Subtype") == "/Form":
            _check_form(target, resources, f"{where}: form {name}", faults, seen)
        elif category == "/Pattern" and target.get_object().get("/PatternType") == 1:
            _check_form(target, resources, f"{where}: pattern {name}", faults, seen)
        elif category == "/Font" and target.get_object().get("/Subtype") == "/Type3":
            _check_type3(target, resources, f"{where}: Type 3 font {name}", faults, seen)


def _check_form(reference, parent_resources, where: str, faults: list, seen: set) -> None:
    form = reference.get_object()
    own = form.get("/Resources")
    key = (id(form), id(own if own is not None else parent_resources))
    if key in seen:                  # a form placed a hundred times is read once
        return
    seen.add(key)
    _check_stream(form.get_data(), own if own is not None else parent_resources, where, faults, seen)


def _check_type3(reference, parent_resources, where: str, faults: list, seen: set) -> None:
    font = reference.get_object()
    if id(font) in seen:
        return
    seen.add(id(font))
    resources = font.get("/Resources") if font.get("/Resources") is not None else parent_resources
    for glyph, procedure in _resolved(font.get("/CharProcs")).items():
        _check_stream(procedure.get_object().get_data(), resources, f"{where} glyph {glyph}", faults, seen)


def structure_faults(data: bytes | Pdf) -> list[str]:
    pdf = _pdf(data)
    undefined = undefined_resources(pdf)             # read first: qpdf and pdftoppm may be running meanwhile
    return qpdf_faults(pdf) + poppler_faults(pdf) + undefined


# -- 2. three renderers agree ------------------------------------------------------------------------------------
def ink_difference(first, second, blur: float = BLUR):
    """Per pixel, how far the blurred rasters differ beyond the range of the other's 3x3 neighbourhood (0-255)."""
    width, height = min(first.width, second.width), min(first.height, second.height)
    return _Blurred(first.crop((0, 0, width, height)), blur).difference(
        _Blurred(second.crop((0, 0, width, height)), blur))


class _Blurred:
    """A raster blurred, with the lightest and the darkest pixel of each 3x3 neighbourhood worked out once: a page's
    three rasters are compared in three pairs, each raster in two."""

    def __init__(self, image, blur: float):
        from PIL import ImageFilter

        self.image = image.filter(ImageFilter.GaussianBlur(blur))

    @cached_property
    def lightest(self):
        from PIL import ImageChops

        return _spread(self.image, ImageChops.lighter)

    @cached_property
    def darkest(self):
        from PIL import ImageChops

        return _spread(self.image, ImageChops.darker)

    def beyond(self, other: _Blurred):
        """How far each pixel lies outside the range of `other`'s 3x3 neighbourhood."""
        from PIL import ImageChops

        return ImageChops.lighter(ImageChops.subtract(self.image, other.lightest),
                                  ImageChops.subtract(other.darkest, self.image))

    def difference(self, other: _Blurred):
        from PIL import ImageChops

        return ImageChops.lighter(self.beyond(other), other.beyond(self))


def raster_differences(first, second, blur: float = BLUR, threshold: int = INK_DIFFERENCE) -> list[tuple]:
    """Where two greyscale rasters of one page disagree in ink: (x0, y0, x1, y1) pixel boxes of the differing areas
    (empty when they agree). The rasters must be the same size within a pixel (the overlap is compared)."""
    return _differing_areas(ink_difference(first, second, blur), threshold)


def _differing_areas(difference, threshold: int = INK_DIFFERENCE) -> list[tuple]:
    mask = difference.point(lambda v: 255 if v > threshold else 0)
    return _areas(mask) if mask.getbbox() else []


def _spread(image, pick):
    """The lightest (pick=lighter) or darkest (darker) pixel of each 3x3 neighbourhood, from shifted copies (PIL's
    rank filters are ten times slower). The copies wrap round at the edges, which only widens the range there."""
    from PIL import ImageChops

    across = pick(pick(image, ImageChops.offset(image, 1, 0)), ImageChops.offset(image, -1, 0))
    return pick(pick(across, ImageChops.offset(across, 0, 1)), ImageChops.offset(across, 0, -1))


def _areas(mask, cell: int = 16) -> list[tuple]:
    """The boxes of a difference mask, gathered per cell of `cell` px and merged where cells touch."""
    boxes = []
    for top in range(0, mask.height, cell):
        for left in range(0, mask.width, cell):
            box = mask.crop((left, top, min(left + cell, mask.width), min(top + cell, mask.height))).getbbox()
            if box:
                boxes.append((left + box[0], top + box[1], left + box[2], top + box[3]))
    merged: list[list[int]] = []
    for box in boxes:
        for other in merged:
            if box[0] <= other[2] + 1 and other[0] <= box[2] + 1 and box[1] <= other[3] + 1 and other[1] <= box[3] + 1:
                other[:] = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
                break
        else:
            merged.append(list(box))
    return [tuple(box) for box in merged]


def compare_renderings(number: int, images: dict, dpi: float) -> list[str]:
    """Faults of one page rendered by several renderers ({name: image}): sizes that differ by more than a pixel,
    then areas where one renderer's ink differs from the others'."""
    names = list(images)
    sizes = {name: images[name].size for name in names}
    if any(abs(a - b) > 1 for s in sizes.values() for t in sizes.values() for a, b in zip(s, t)):
        shown = ", ".join(f"{name} {w / dpi * 25.4:.0f} x {h / dpi * 25.4:.0f} mm" for name, (w, h) in sizes.items())
        return [f"page {number}: the renderers disagree on the page size: {shown}"]
    faults = []
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    if len(set(sizes.values())) == 1:      # no cropping to the common size: each raster blurred once
        blurred = {name: _Blurred(images[name], BLUR) for name in names}
        differing = {(a, b): _differing_areas(blurred[a].difference(blurred[b])) for a, b in pairs}
    else:
        differing = {(a, b): raster_differences(images[a], images[b]) for a, b in pairs}
    reported: list[tuple] = []
    for (a, b), areas in differing.items():
        for area in areas:
            if any(_overlap(area, other) for other in reported):
                continue
            reported.append(area)
            odd = _odd_one_out(area, (a, b), differing, names)
            x0, y0, x1, y1 = (v / dpi * 25.4 for v in area)
            faults.append(f"page {number}: {odd} at {x0:.0f}-{x1:.0f} mm from the left, {y0:.0f}-{y1:.0f} mm from "
                          f"the top ({len(areas)} such area{'s' if len(areas) > 1 else ''} between {a} and {b})")
    return faults


def _overlap(box, other) -> bool:
    return box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]


def _odd_one_out(area, pair, differing, names) -> str:
    """'poppler differs from pdfium and MuPDF' when the third renderer agrees with one of the pair."""
    others = [name for name in names if name not in pair]
    for suspect in pair:
        partner = pair[1] if suspect == pair[0] else pair[0]
        for third in others:
            with_third = differing.get((suspect, third)) or differing.get((third, suspect)) or []
            against_partner = differing.get((partner, third)) or differing.get((third, partner)) or []
            if any(_overlap(area, box) for box in with_third) and not any(_overlap(area, box) for box in
                                                                          against_partner):
                return f"{suspect} differs from {partner} and {third}"
    return f"{pair[0]} and {pair[1]} differ"


def renderer_faults(data: bytes | Pdf) -> list[str]:
    """Every page rasterised by pdfium, poppler and MuPDF at DPI (lower on a huge page) must agree."""
    pdf = _pdf(data)
    rasters = {name: pdf.rasters(name) for name in RENDERERS}
    counts = {name: len(images) for name, images in rasters.items()}
    if len(set(counts.values())) > 1:
        return [f"the renderers disagree on the number of pages: {counts}"]
    faults = []
    for page in pdf.pages:
        faults += compare_renderings(page.number, {name: rasters[name][page.number - 1] for name in RENDERERS},
                                     page.dpi())
    return faults


# -- 3. font subset names ----------------------------------------------------------------------------------------
def font_name_faults(data: bytes | Pdf) -> list[str]:
    """One name, one program: the same /FontName on embedded programs whose bytes differ (a viewer or RIP that
    caches fonts by name draws one subset's glyphs with another's)."""
    pdf = _pdf(data)
    programs: dict[str, dict[str, list[int]]] = {}     # name -> program digest -> pages
    digests: dict = {}
    for page in pdf.reader.pages:
        for descriptor in _font_descriptors(page.get("/Resources"), set()):
            name = str(descriptor.get("/FontName"))
            stream = next((descriptor[key] for key in ("/FontFile2", "/FontFile", "/FontFile3") if key in descriptor),
                          None)
            if stream is None:
                continue
            key = getattr(stream, "idnum", None) or id(stream.get_object())
            if key not in digests:
                digests[key] = hashlib.sha1(stream.get_object().get_data()).hexdigest()
            programs.setdefault(name, {}).setdefault(digests[key], []).append(page.page_number + 1)
    faults = []
    for name, by_program in programs.items():
        if len(by_program) > 1:
            where = "; ".join(f"pages {_page_list(pages)}" for pages in by_program.values())
            faults.append(f"font {name} names {len(by_program)} different embedded programs ({where})")
    return faults


def _font_descriptors(resources, seen: set) -> list:
    """Every font descriptor reachable from a resource dictionary: fonts, Type 0 descendants, forms and patterns."""
    found = []
    if resources is None:
        return found
    resources = resources.get_object()
    if id(resources) in seen:
        return found
    seen.add(id(resources))
    for font in _resolved(resources.get("/Font")).values():
        font = font.get_object()
        for member in [font] + [d.get_object() for d in _resolved(font.get("/DescendantFonts"), [])]:
            if member.get("/FontDescriptor") is not None:
                found.append(member["/FontDescriptor"].get_object())
        found += _font_descriptors(font.get("/Resources"), seen)          # a Type 3 font's own resources
    for category in ("/XObject", "/Pattern"):
        for item in _resolved(resources.get(category)).values():
            found += _font_descriptors(item.get_object().get("/Resources"), seen)
    return found


def _page_list(pages: list[int]) -> str:
    pages = sorted(set(pages))
    return ", ".join(map(str, pages[:6])) + (f" and {len(pages) - 6} more" if len(pages) > 6 else "")


# -- 4. margins of a home-printer sheet, and nothing off the page -------------------------------------------------
def margin_faults(data: bytes | Pdf) -> list[str]:
    """On A3, A4, A5, Letter, Legal and Tabloid pages: no ink within 5 mm of an edge (read from pdfium's raster),
    and no text or drawing (MuPDF's boxes of what each operator paints) past the page."""
    pdf = _pdf(data)
    faults = []
    for page in pdf.pages:
        sheet = page.home_sheet()
        if sheet is None:
            continue
        image = pdf.rasters("pdfium")[page.number - 1]
        faults += [f"page {page.number} ({sheet}): {fault}" for fault in _inked_margins(image, page.dpi())]
        faults += [f"page {page.number} ({sheet}): {fault}" for fault in _off_page(pdf.mupdf, page.number - 1)]
    return faults


def _inked_margins(image, dpi: float) -> list[str]:
    """Per edge, the ink nearest to it in the pixels wholly inside the PRINTER_MARGIN_MM band."""
    px_per_mm = dpi / 25.4
    band = int(PRINTER_MARGIN_MM * px_per_mm)              # whole pixels only: ink just past 5 mm never shows here
    ink = image.point(lambda v: 255 if v < PAPER else 0)
    width, height = image.size
    strips = {"left": (0, 0, band, height), "right": (width - band, 0, width, height),
              "top": (0, 0, width, band), "bottom": (0, height - band, width, height)}
    faults = []
    for edge, box in strips.items():
        found = ink.crop(box).getbbox()
        if not found:
            continue
        x0, y0, x1, y1 = found
        nearest = {"left": x0, "right": band - x1, "top": y0, "bottom": band - y1}[edge]    # whole pixels
        across = (nearest + 0.5) / px_per_mm                       # the middle of the inked pixel nearest the edge
        start, end = ((y0 + box[1], y1 + box[1]) if edge in ("left", "right") else (x0 + box[0], x1 + box[0]))
        faults.append(f"ink {across:.0f} mm from the {edge} edge (at {start / px_per_mm:.0f}-{end / px_per_mm:.0f} "
                      f"mm along it), inside the {PRINTER_MARGIN_MM:.0f} mm a home printer leaves blank")
    return faults


def _off_page(pages: MupdfReading, index: int) -> list[str]:
    """Text and drawings whose visible part (inside the clip in force) reaches past the page, as MuPDF's drawings
    with their clips and its text spans say. Its box log of every painting operator has the last word: a page whose
    every painted box lies on it passes. The box log is read only when some drawing or span is off the page (they
    are read for the collisions anyway, and the box log costs as much again)."""
    import pymupdf

    mupdf_page = pages.page(index)
    slack = OFF_PAGE_MM / MM_PER_PT
    bounds = mupdf_page.rect + (-slack, -slack, slack, slack)
    left, top, right, bottom = bounds
    painted = [(_drawing_kind(drawing), rect) for drawing, rect in _visible_drawings(pages.drawings(index), bounds)]
    # a span whose box is within bounds (pymupdf's `Rect(box) in bounds`, on the raw tuple) is no fault
    painted += [("text " + repr("".join(chr(c[0]) for c in span["chars"])), pymupdf.Rect(span["bbox"]))
                for span in pages.texttrace(index) if span["type"] != 3 and span["opacity"] > 0
                and not (left <= span["bbox"][0] <= span["bbox"][2] <= right
                         and top <= span["bbox"][1] <= span["bbox"][3] <= bottom)]
    faults = []
    for what, rect in painted:
        if not rect.is_empty and rect not in bounds:
            faults.append(f"{what} at {rect.x0 * MM_PER_PT:.1f}, {rect.y0 * MM_PER_PT:.1f} to "
                          f"{rect.x1 * MM_PER_PT:.1f}, {rect.y1 * MM_PER_PT:.1f} mm (from the top left) lies off "
                          "the page")
    if faults and all(left <= x0 <= x1 <= right and top <= y0 <= y1 <= bottom for kind, (x0, y0, x1, y1)
                      in mupdf_page.get_bboxlog() if not kind.startswith(("ignore", "clip"))):
        return []
    return faults


def _visible_drawings(drawings: list[dict], bounds):
    """(drawing, its box within the clip in force) for every drawing of a page (MuPDF's, with its clips) whose box
    reaches past `bounds` (what lies within them does whatever its clip; MuPDF's raw drawings: tuples, no Rect
    objects, several times faster on a sheet of a thousand paths)."""
    import pymupdf

    left, top, right, bottom = bounds
    clips: list[tuple[int, tuple]] = []                   # (level, scissor) of the clips around the current path
    for drawing in drawings:
        while clips and clips[-1][0] >= drawing["level"]:
            clips.pop()
        if drawing["type"] == "clip":
            clips.append((drawing["level"], drawing["scissor"]))
        elif drawing["type"] != "group":
            x0, y0, x1, y1 = drawing["rect"]
            if left <= x0 and x1 <= right and top <= y0 and y1 <= bottom:
                continue
            box = pymupdf.Rect(drawing["rect"])
            yield drawing, (box & pymupdf.Rect(clips[-1][1])) if clips else box


def _drawing_kind(drawing) -> str:
    return {"f": "a filled shape", "s": "a line", "fs": "a filled and stroked shape"}.get(drawing["type"], "a shape")


# -- 5. page length ----------------------------------------------------------------------------------------------
def length_faults(data: bytes | Pdf) -> list[str]:
    return [f"page {page.number} is {page.long_side_mm:,.1f} mm long"
            f"{f' (in a /UserUnit of {page.unit:g} pt)' if page.unit != 1 else ''}: longer than "
            f"{MAX_PAGE_MM:,.0f} mm, the size every viewer honours"
            for page in _pdf(data).pages if page.long_side_mm > MAX_PAGE_MM + 0.05]


# -- 6. all of them ----------------------------------------------------------------------------------------------
CHECKS = {"structure": structure_faults, "renderers": renderer_faults, "fonts": font_name_faults,
          "margins": margin_faults, "length": length_faults}


def outside_checks(data: bytes | Pdf) -> dict[str, list[str]]:
    """Every check's faults by check name, sharing one reading and one set of rasters. qpdf and pdftoppm run
    meanwhile: the checks that need neither come first."""
    pdf = _pdf(data)
    pdf.start_tools()
    found = {name: CHECKS[name](pdf) for name in ("fonts", "length", "margins")}
    for renderer in ("pdfium", "MuPDF"):
        pdf.rasters(renderer)
    found |= {name: check(pdf) for name, check in CHECKS.items() if name not in found}
    return {name: found[name] for name in CHECKS}


def outside_preflight(data: bytes | Pdf) -> list[str]:
    """All the faults of every check, each prefixed with its check's name."""
    return [f"{name}: {fault}" for name, faults in outside_checks(data).items() for fault in faults]
