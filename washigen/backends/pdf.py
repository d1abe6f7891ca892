"""Scene -> PDF through reportlab's canvas.

invariant=1, so the same scenes give the same bytes; symbols become forms (XObjects) drawn once; TrimBox and
BleedBox are set on every page; the DejaVu font is embedded as a subset. Scenes are y-down millimetres: each page
starts from one transform that maps them onto PDF points, so primitives are written in mm as they are.
"""

from __future__ import annotations

import io
from typing import Iterable, Sequence

from .. import reportlab_guard  # noqa: F401  (before reportlab: its home-folder hooks never run)
# reportlab ships no type hints (no py.typed, types-reportlab is not installed): its names are Any to mypy
from reportlab import rl_config  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from .. import __version__
from ..fonts import pdf_font
from ..scene import (Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Symbol, Text, Use,
                     hex_to_rgb, resolve_colour)
from ..errors import InputError
from ..units import PT_PER_MM, Mm
from ..words import N_, Says
from .bookmark import Bookmark

# Binary (zlib only) streams: ASCII85 on top of zlib makes files 25% larger and slower to write.
rl_config.useA85 = 0

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_INK_TEXT = Style(fill="ink")
# The longest page side every PDF viewer shows at its size: 14,400 pt (200 in). Past it a page would need /UserUnit,
# which poppler and the viewers built on it ignore (a 10 m roll showed at half size), so a longer roll is written as
# pages of whole repeats (press/rolls.py) and a longer page is refused.
MAX_PAGE_MM = 5080.0


class _State:
    """The graphics state we last wrote, so unchanged colours and widths are not written again."""
    __slots__ = ("fill", "stroke", "width", "dash", "cap", "join", "fill_alpha", "stroke_alpha")

    def __init__(self):
        self.fill = self.stroke = self.width = self.dash = self.cap = self.join = None
        self.fill_alpha = self.stroke_alpha = 1.0

    def copy(self) -> "_State":
        other = _State()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class ScenePainter:
    """Paints scenes onto a reportlab canvas whose current transform is y-down millimetres."""

    def __init__(self, canvas: Canvas, forms: dict | None = None, cmyk: bool = False):
        self.canvas = canvas
        # CMYK output sets every colour through the CMYK operators (k, K) instead of RGB (rg, RG).
        self.set_fill = canvas.setFillColorCMYK if cmyk else canvas.setFillColorRGB
        self.set_stroke = canvas.setStrokeColorCMYK if cmyk else canvas.setStrokeColorRGB
        self.convert = rgb_to_cmyk if cmyk else None
        self.forms: dict[str, tuple[Symbol, str]] = {} if forms is None else forms
        self.state = _State()
        self.stack: list[_State] = []
        self.theme: dict[str, str] = {}
        self.opacity = 1.0
        self._rgb: dict[str, tuple[float, ...]] = {}
        self._styles: dict[int, tuple] = {}

    # -- state ---------------------------------------------------------------------------------------------
    def save(self):
        self.canvas.saveState()
        self.stack.append(self.state.copy())

    def restore(self):
        self.canvas.restoreState()
        self.state = self.stack.pop()

    def rgb(self, key: str) -> tuple[float, ...] | None:
        """The colour's device values: RGB, or CMYK when the painter converts."""
        value = self._rgb.get(key)
        if value is None:
            colour = resolve_colour(key, self.theme)
            if colour is None:
                return None
            value = hex_to_rgb(colour)
            value = self._rgb[key] = self.convert(*value) if self.convert else value
        return value

    def colours(self, style: Style):
        """(fill rgb, stroke rgb) of a style, resolved once per style object and page."""
        cached = self._styles.get(id(style))
        if cached is None or cached[0] is not style:
            cached = self._styles[id(style)] = (style, self.rgb(style.fill) if style.fill else None,
                                                self.rgb(style.stroke) if style.stroke else None)
        return cached[1], cached[2]

    def apply(self, style: Style) -> tuple[int, int]:
        """Sets the canvas state for `style`; returns (stroke, fill) flags for the drawing call."""
        canvas, state = self.canvas, self.state
        fill_rgb, stroke_rgb = self.colours(style)
        alpha = style.opacity * self.opacity
        if fill_rgb is not None:
            if state.fill != fill_rgb:
                self.set_fill(*fill_rgb)
                state.fill = fill_rgb
            if state.fill_alpha != alpha:
                canvas.setFillAlpha(alpha)
                state.fill_alpha = alpha
        if stroke_rgb is not None:
            if state.stroke != stroke_rgb:
                self.set_stroke(*stroke_rgb)
                state.stroke = stroke_rgb
            if state.width != style.stroke_width:
                canvas.setLineWidth(style.stroke_width)
                state.width = style.stroke_width
            dash = style.dash or ()
            if state.dash != dash:
                canvas.setDash(list(dash) if dash else [], 0)
                state.dash = dash
            if state.cap != style.line_cap:
                canvas.setLineCap(_CAPS[style.line_cap])
                state.cap = style.line_cap
            if state.join != style.line_join:
                canvas.setLineJoin(_JOINS[style.line_join])
                state.join = style.line_join
            if state.stroke_alpha != alpha:
                canvas.setStrokeAlpha(alpha)
                state.stroke_alpha = alpha
        return (1 if stroke_rgb is not None else 0), (1 if fill_rgb is not None else 0)

    # -- primitives ----------------------------------------------------------------------------------------
    def paint(self, items: Iterable) -> None:
        for item in items:
            kind = type(item)
            if kind is Rect:
                s, f = self.apply(item.style)
                if s or f:
                    if item.rx:
                        self.canvas.roundRect(item.x, item.y, item.w, item.h, item.rx, stroke=s, fill=f)
                    else:
                        self.canvas.rect(item.x, item.y, item.w, item.h, stroke=s, fill=f)
            elif kind is Line:
                s, _ = self.apply(item.style)
                if s:
                    self.canvas.line(item.x1, item.y1, item.x2, item.y2)
            elif kind is Circle:
                s, f = self.apply(item.style)
                if s or f:
                    self.canvas.circle(item.cx, item.cy, item.r, stroke=s, fill=f)
            elif kind is Polyline or kind is Polygon:
                self.poly(item.points, item.style, closed=kind is Polygon)
            elif kind is Path:
                self.path(item)
            elif kind is Text:
                self.text(item)
            elif kind is Use:
                self.use(item)
            elif kind is Group:
                self.group(item)
            else:
                raise TypeError(f"unknown primitive {kind.__name__}")

    def poly(self, points, style: Style, closed: bool) -> None:
        s, f = self.apply(style)
        if not (s or f) or not points:
            return
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for x, y in points[1:]:
            path.lineTo(x, y)
        if closed:
            path.close()
        self.canvas.drawPath(path, stroke=s, fill=f if closed else 0)

    def path(self, item: Path) -> None:
        s, f = self.apply(item.style)
        if not (s or f):
            return
        path = self.canvas.beginPath()
        for command in item.commands:
            letter = command[0]
            if letter == "M":
                path.moveTo(command[1], command[2])
            elif letter == "L":
                path.lineTo(command[1], command[2])
            elif letter == "C":
                path.curveTo(*command[1:7])
            elif letter == "Z":
                path.close()
            else:
                raise ValueError(f"path command {letter!r} is not supported")
        self.canvas.drawPath(path, stroke=s, fill=f)

    def text(self, item: Text) -> None:
        self.apply(item.style if item.style.fill else _INK_TEXT)
        canvas = self.canvas
        self.save()
        canvas.translate(item.x, item.y)
        if item.rotate:
            canvas.rotate(item.rotate)
        canvas.scale(1, -1)
        canvas.setFont(pdf_font(item.family, item.weight, item.italic), item.size)
        if item.anchor == "middle":
            canvas.drawCentredString(0, 0, item.text)
        elif item.anchor == "end":
            canvas.drawRightString(0, 0, item.text)
        else:
            canvas.drawString(0, 0, item.text)
        self.restore()

    def group(self, item: Group) -> None:
        canvas = self.canvas
        self.save()
        if item.dx or item.dy:
            canvas.translate(item.dx, item.dy)
        if item.rotate:
            canvas.rotate(item.rotate)
        if item.sx != 1.0 or item.sy != 1.0:
            canvas.scale(item.sx, item.sy)
        if item.clip is not None:
            clip = canvas.beginPath()
            clip.rect(*item.clip)
            canvas.clipPath(clip, stroke=0, fill=0)
        outer = self.opacity
        self.opacity = outer * item.opacity
        self.paint(item.children)
        self.opacity = outer
        self.restore()

    def use(self, item: Use) -> None:
        name = self.form_for(self.current_symbols[item.symbol])
        canvas = self.canvas
        self.save()
        # A form inherits the caller's alpha: draw it opaque unless the form itself says otherwise.
        if self.state.fill_alpha != 1.0:
            canvas.setFillAlpha(1.0)
            self.state.fill_alpha = 1.0
        if self.state.stroke_alpha != 1.0:
            canvas.setStrokeAlpha(1.0)
            self.state.stroke_alpha = 1.0
        canvas.translate(item.x, item.y)
        if item.rotate:
            canvas.rotate(item.rotate)
        if item.scale != 1.0:
            canvas.scale(item.scale, item.scale)
        canvas.doForm(name)
        self.restore()

    def form_for(self, symbol: Symbol) -> str:
        """The form drawing `symbol`, defined on first use; two different symbols sharing an id get two forms."""
        suffix = 0
        while True:
            name = f"sym-{symbol.id}" + (f"-{suffix}" if suffix else "")
            known = self.forms.get(name)
            if known is None:
                break
            if known[0] == symbol:
                return name
            suffix += 1
        canvas = self.canvas
        # The form's box is generous: a symbol may draw past its nominal box, as SVG's overflow="visible" lets it.
        canvas.beginForm(name, -symbol.width, -symbol.height, 2 * symbol.width, 2 * symbol.height)
        outer_state, outer_stack = self.state, self.stack
        self.state, self.stack = _State(), []
        self.paint(symbol.children)
        self.state, self.stack = outer_state, outer_stack
        canvas.endForm()
        self.forms[name] = (symbol, name)
        return name

    # -- a whole page --------------------------------------------------------------------------------------
    def page(self, scene: Scene) -> None:
        self.theme = scene.theme
        self._rgb, self._styles = {}, {}
        # showPage resets the canvas's graphics state, so nothing we wrote on the last page holds here.
        self.state, self.stack = _State(), []
        self.current_symbols = scene.symbols
        # Forms are defined before the page's own drawing starts, so no page state is open while one is written.
        for symbol in scene.symbols.values():
            self.form_for(symbol)
        self.paint(scene.children)


def _box_pt(box: tuple[float, float, float, float], scene: Scene) -> tuple[float, ...]:
    """A box (x, y, w, h) in scene mm, y down -> PDF (x1, y1, x2, y2) in points from the page's lower left."""
    x, y, w, h = box
    b = scene.bleed
    left = (x + b) * PT_PER_MM
    bottom = (scene.outer_height - (y + b) - h) * PT_PER_MM
    return (round(left, 4), round(bottom, 4), round(left + w * PT_PER_MM, 4), round(bottom + h * PT_PER_MM, 4))


def page_boxes(scene: Scene) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """(trim, bleed) boxes in scene mm: the scene's own when set, else the trim and the trim grown by bleed."""
    trim = scene.trim_box or (0.0, 0.0, scene.width, scene.height)
    bleed = scene.bleed_box
    if bleed is None:
        b = scene.bleed
        bleed = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    return trim, bleed


def rgb_to_cmyk(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    """The device CMYK of an RGB colour (0..1): black from the darkest channel, the rest from what it leaves. A
    shop's own profile refines it; pure black stays one ink (K only)."""
    black = 1.0 - max(red, green, blue)
    if black >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    cyan, magenta, yellow = (round((1.0 - c - black) / (1.0 - black), 4) for c in (red, green, blue))
    return cyan, magenta, yellow, round(black, 4)


def to_pdf(scenes: Sequence[Scene], title: str = "", bookmarks: Sequence[Bookmark] = (),
           subject: str = "", cmyk: bool = False, output_profile: bytes | None = None) -> bytes:
    """One page per scene, each page the scene's trim plus its bleed; with `cmyk`, every colour in CMYK and an
    output intent naming the printing condition (`output_profile` embedded, or the registered FOGRA39)."""
    buffer = io.BytesIO()
    # The initial font is ours, so no unembedded Helvetica is referenced by any page.
    canvas = _Canvas(buffer, invariant=1, pageCompression=1, pdfVersion=(1, 6), initialFontName=pdf_font("sans"),
                     initialFontSize=10)
    canvas.setCreator(f"washigen {__version__}")
    canvas.setProducer(f"washigen {__version__} (reportlab)")
    canvas.setAuthor("")        # washigen names no author; left unset, reportlab writes "anonymous"
    if title:
        canvas.setTitle(title)
    # As the SVG's <desc>: what the file is and how to make it again (game, kind, seed, version).
    subject = subject or " · ".join(f"{key}: {value}" for key, value in (scenes[0].meta if scenes else {}).items()
                                    if key != "title")
    canvas.setSubject(subject)      # empty where the scene says nothing, not reportlab's "unspecified"
    painter = ScenePainter(canvas, cmyk=cmyk)
    marks: dict[int, list[Bookmark]] = {b.page: [] for b in bookmarks}
    for mark in bookmarks:
        marks[mark.page].append(mark)
    for index, scene in enumerate(scenes):
        _begin_page(canvas, scene, index + 1)
        for n, mark in enumerate(marks.get(index, ())):
            key = f"bm-{index}-{n}"
            canvas.bookmarkPage(key, fit="Fit")
            canvas.addOutlineEntry(mark.title, key, level=mark.level)
        painter.page(scene)
        canvas.showPage()
    if bookmarks:
        canvas.showOutline()
    if cmyk:
        add_output_intent(canvas, output_profile)
    return canvas.getpdfdata()


# The printing condition a CMYK file is separated for, by its name in the ICC's registry of characterizations:
# coated offset paper (ISO 12647-2), what print shops in Europe expect when nothing else is agreed. Named by
# reference, a shop's RIP uses its own copy of that profile; a shop's own profile can be embedded instead.
REGISTERED_CONDITION = ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)")
ICC_REGISTRY = "http://www.color.org"


def add_output_intent(canvas: Canvas, profile: bytes | None = None) -> None:
    """The document's /OutputIntents (PDF/X style, /S /GTS_PDFX): the registered FOGRA39 condition, or `profile`
    (a CMYK output profile's bytes) embedded as the DestOutputProfile."""
    document = canvas._doc
    identifier, info = output_condition(profile)
    entries = {"Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
               "OutputConditionIdentifier": pdfdoc.PDFString(identifier), "Info": pdfdoc.PDFString(info),
               "RegistryName": pdfdoc.PDFString(ICC_REGISTRY)}
    if profile is not None:
        stream = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), profile)
        entries["DestOutputProfile"] = document.Reference(stream)
    catalog = document.Catalog
    # reportlab's catalog writes only the keys it lists; OutputIntents is not among them (reportlab is pinned < 6)
    catalog.__NoDefault__ = type(catalog).__NoDefault__ + ["OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([pdfdoc.PDFDictionary(entries)])


def output_condition(profile: bytes | None) -> tuple[str, str]:
    """(OutputConditionIdentifier, Info) of the output intent: the registered FOGRA39, or a shop's own profile."""
    return REGISTERED_CONDITION if profile is None else ("Custom", icc_description(profile))


def icc_description(profile: bytes) -> str:
    """A CMYK output profile's own description (its 'desc' tag), or a plain name when it has none readable."""
    from .icc import description

    return description(profile) or "CMYK output profile"


def _begin_page(canvas: "_Canvas", scene: Scene, number: int) -> None:
    longest = max(scene.outer_width, scene.outer_height)
    if longest > MAX_PAGE_MM + 1e-6:
        raise InputError(Says(N_("{field}: page {number} is {length} mm long, longer than the {most} mm (200 in) every "
                                 "PDF viewer shows at real size; a tape roll is written as pages of whole repeats "
                                 "({commands})"), field="pdf", number=number, length=Mm(longest),
                              most=Mm(MAX_PAGE_MM), commands="washigen cats tape, washigen cops tape"))
    canvas.setPageSize((scene.outer_width * PT_PER_MM, scene.outer_height * PT_PER_MM))
    trim, bleed = page_boxes(scene)
    canvas.setTrimBox(_box_pt(trim, scene))
    canvas.setBleedBox(_box_pt(bleed, scene))
    b = scene.bleed
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, b * PT_PER_MM, (scene.outer_height - b) * PT_PER_MM)


class _Canvas(Canvas):
    """reportlab's canvas, giving forms that draw with transparency their graphics states."""

    def _setAnnotations(self, page):
        super()._setAnnotations(page)
        if isinstance(page, pdfdoc.PDFFormXObject) and page.ExtGState:
            page.Resources = _form_resources(page)


def _form_resources(form: "pdfdoc.PDFFormXObject") -> "pdfdoc.PDFResourceDictionary":
    """A form's resources with its graphics states: reportlab builds them without /ExtGState, so a symbol drawn
    with transparency named states its form never defined (poppler: "ExtGState 'gRLs0' is unknown")."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    return resources
