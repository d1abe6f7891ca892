"""Scene -> SVG (svgwrite, debug off: its validator costs 3x; elements come from the drawing's factory so they
inherit debug=False). Sizes in mm, a mm viewBox, symbols as
<symbol>/<use>, stable ids, a <desc> naming the game, kind, seed and version. svgwrite escapes all text."""

from __future__ import annotations

# svgwrite ships no type hints (no py.typed, no stubs): its names are Any to mypy
import svgwrite  # type: ignore[import-untyped]

from ..fonts import SVG_FAMILY
from ..scene import (Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Text, Use,
                     resolve_colour)


_NUMBERS: dict[float, str] = {}         # a map repeats the same few hundred coordinates thousands of times
_NUMBERS_MAX = 1 << 16


def _num(value: float) -> str:
    """Short, stable number text: 3 decimals (a micrometre), trailing zeros dropped."""
    text = _NUMBERS.get(value)
    if text is None:
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(_NUMBERS) < _NUMBERS_MAX:
            _NUMBERS[value] = text
    return text


class _SvgWriter:
    def __init__(self, scene: Scene):
        self.scene = scene
        self.theme = scene.theme
        self.clip_count = 0
        self._style_cache: dict[Style, dict[str, str]] = {}
        self._symbol_refs: dict[str, tuple[str, tuple[str, str]]] = {}
        b = scene.bleed
        self.drawing = svgwrite.Drawing(
            size=(f"{_num(scene.outer_width)}mm", f"{_num(scene.outer_height)}mm"),
            viewBox=f"{_num(-b)} {_num(-b)} {_num(scene.outer_width)} {_num(scene.outer_height)}",
            debug=False, profile="full")

    def style(self, style: Style) -> dict[str, str]:
        cached = self._style_cache.get(style)
        if cached is not None:
            return cached
        fill_colour = resolve_colour(style.fill, self.theme)
        stroke_colour = resolve_colour(style.stroke, self.theme)
        attrs = {"fill": fill_colour or "none"}
        if stroke_colour:
            attrs["stroke"] = stroke_colour
            attrs["stroke_width"] = _num(style.stroke_width)
            if style.dash:
                attrs["stroke_dasharray"] = " ".join(_num(d) for d in style.dash)
            if style.line_cap != "butt":
                attrs["stroke_linecap"] = style.line_cap
            if style.line_join != "miter":
                attrs["stroke_linejoin"] = style.line_join
        if style.opacity != 1.0:
            attrs["opacity"] = _num(style.opacity)
        self._style_cache[style] = attrs
        return attrs

    def element(self, item):
        kind = type(item)
        if kind is Rect:
            extra = {"rx": _num(item.rx)} if item.rx else {}
            return self.drawing.rect(insert=(_num(item.x), _num(item.y)), size=(_num(item.w), _num(item.h)),
                               **extra, **self.style(item.style))
        if kind is Line:
            return self.drawing.line(start=(_num(item.x1), _num(item.y1)), end=(_num(item.x2), _num(item.y2)),
                               **self.style(item.style))
        if kind is Polyline:
            return self.drawing.polyline(points=[(_num(x), _num(y)) for x, y in item.points], **self.style(item.style))
        if kind is Polygon:
            return self.drawing.polygon(points=[(_num(x), _num(y)) for x, y in item.points], **self.style(item.style))
        if kind is Circle:
            return self.drawing.circle(center=(_num(item.cx), _num(item.cy)), r=_num(item.r), **self.style(item.style))
        if kind is Path:
            return self.drawing.path(d=path_data(item.commands), **self.style(item.style))
        if kind is Text:
            return self.text(item)
        if kind is Use:
            return self.use(item)
        if kind is Group:
            return self.group(item)
        raise TypeError(f"unknown primitive {kind.__name__}")

    def text(self, item: Text):
        attrs = {"font_family": SVG_FAMILY[item.family], "font_size": _num(item.size)}
        if item.anchor != "start":
            attrs["text_anchor"] = item.anchor
        if item.weight != "normal":
            attrs["font_weight"] = item.weight
        if item.italic:
            attrs["font_style"] = "italic"
        if item.rotate:
            attrs["transform"] = f"rotate({_num(item.rotate)} {_num(item.x)} {_num(item.y)})"
        return self.drawing.text(item.text, insert=(_num(item.x), _num(item.y)), **attrs, **self.style(item.style))

    def use(self, item: Use):
        href, size = self._symbol_refs.get(item.symbol) or self._symbol_ref(item.symbol)
        element = self.drawing.use(href, size=size)
        element["transform"] = transform_text(item.x, item.y, item.rotate, item.scale, item.scale)
        return element

    def _symbol_ref(self, name: str) -> tuple[str, tuple[str, str]]:
        symbol = self.scene.symbols[name]
        ref = self._symbol_refs[name] = (f"#sym-{symbol.id}", (_num(symbol.width), _num(symbol.height)))
        return ref

    def group(self, item: Group):
        element = self.drawing.g()
        if not item.is_identity:
            element["transform"] = transform_text(item.dx, item.dy, item.rotate, item.sx, item.sy)
        if item.opacity != 1.0:
            element["opacity"] = _num(item.opacity)
        if item.clip is not None:
            element["clip-path"] = f"url(#{self.clip_path(item.clip)})"
        for child in item.children:
            element.add(self.element(child))
        return element

    def clip_path(self, rect: tuple[float, float, float, float]) -> str:
        self.clip_count += 1
        clip_id = f"clip-{self.clip_count}"
        clip = self.drawing.defs.add(self.drawing.clipPath(id=clip_id))
        x, y, w, h = rect
        clip.add(self.drawing.rect(insert=(_num(x), _num(y)), size=(_num(w), _num(h))))
        return clip_id

    def build(self) -> svgwrite.Drawing:
        meta = self.scene.meta
        if meta:
            self.drawing.set_desc(title=meta.get("title"),
                                  desc=" · ".join(f"{k}: {v}" for k, v in meta.items() if k != "title"))
        for symbol in self.scene.symbols.values():
            element = self.drawing.symbol(id=f"sym-{symbol.id}",
                                       viewBox=f"0 0 {_num(symbol.width)} {_num(symbol.height)}")
            element["overflow"] = "visible"
            for child in symbol.children:
                element.add(self.element(child))
            self.drawing.defs.add(element)
        add = self.drawing.elements.append
        for child in self.scene.children:
            add(self.element(child))
        return self.drawing


def transform_text(dx: float, dy: float, rotate: float, sx: float, sy: float) -> str:
    parts = []
    if dx or dy:
        parts.append(f"translate({_num(dx)} {_num(dy)})")
    if rotate:
        parts.append(f"rotate({_num(rotate)})")
    if sx != 1.0 or sy != 1.0:
        parts.append(f"scale({_num(sx)} {_num(sy)})")
    return " ".join(parts)


def path_data(commands) -> str:
    num = _num
    return " ".join(command[0] + " ".join([num(v) for v in command[1:]]) for command in commands)


def to_svg(scene: Scene) -> bytes:
    """The scene as a standalone SVG document (UTF-8)."""
    _NUMBERS.clear()                  # the number cache lives for one document
    drawing = _SvgWriter(scene).build()
    return ('<?xml version="1.0" encoding="utf-8" ?>\n' + drawing.tostring() + "\n").encode("utf-8")
