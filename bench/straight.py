"""Floors for the render benchmarks: a real scene written straight with svgwrite and with reportlab's canvas, doing
the same work as our backends (every primitive, symbols defined once and placed by reference, transforms, clips,
colours resolved once per style like ours) and nothing else: no number formatting of our own, no state tracking."""

from __future__ import annotations

import io

import svgwrite
from reportlab.pdfgen.canvas import Canvas

from washigen.fonts import SVG_FAMILY, pdf_font
from washigen.scene import (Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Text, Use,
                            hex_to_rgb, resolve_colour)
from washigen.units import PT_PER_MM


def svg_straight(scene: Scene) -> bytes:
    drawing = svgwrite.Drawing(size=(f"{scene.outer_width}mm", f"{scene.outer_height}mm"), debug=False,
                               viewBox=f"{-scene.bleed} {-scene.bleed} {scene.outer_width} {scene.outer_height}")
    paints: dict[Style, dict] = {}

    def paint(style: Style) -> dict:
        if style not in paints:
            attrs = {"fill": resolve_colour(style.fill, scene.theme) or "none"}
            if style.stroke:
                attrs.update(stroke=resolve_colour(style.stroke, scene.theme), stroke_width=style.stroke_width)
                if style.dash:
                    attrs["stroke_dasharray"] = " ".join(map(str, style.dash))
                if style.line_cap != "butt":
                    attrs["stroke_linecap"] = style.line_cap
            if style.opacity != 1.0:
                attrs["opacity"] = style.opacity
            paints[style] = attrs
        return paints[style]

    def element(item):
        kind = type(item)
        if kind is Rect:
            corner = {"rx": item.rx} if item.rx else {}
            return drawing.rect((item.x, item.y), (item.w, item.h), **corner, **paint(item.style))
        if kind is Line:
            return drawing.line((item.x1, item.y1), (item.x2, item.y2), **paint(item.style))
        if kind is Polyline:
            return drawing.polyline(item.points, **paint(item.style))
        if kind is Polygon:
            return drawing.polygon(item.points, **paint(item.style))
        if kind is Circle:
            return drawing.circle((item.cx, item.cy), item.r, **paint(item.style))
        if kind is Path:
            return drawing.path(d=" ".join(" ".join(map(str, c)) for c in item.commands), **paint(item.style))
        if kind is Text:
            return drawing.text(item.text, insert=(item.x, item.y), font_size=item.size,
                                font_family=SVG_FAMILY[item.family], **paint(item.style))
        if kind is Use:
            use = drawing.use(f"#s-{item.symbol}")
            use["transform"] = f"translate({item.x} {item.y}) rotate({item.rotate}) scale({item.scale})"
            return use
        group = drawing.g(transform=f"translate({item.dx} {item.dy}) rotate({item.rotate}) "
                                    f"scale({item.sx} {item.sy})")
        for child in item.children:
            group.add(element(child))
        return group

    for name, symbol in scene.symbols.items():
        definition = drawing.symbol(id=f"s-{name}")
        for child in symbol.children:
            definition.add(element(child))
        drawing.defs.add(definition)
    for child in scene.children:
        drawing.add(element(child))
    return drawing.tostring().encode("utf-8")


def pdf_straight(scene: Scene) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(scene.outer_width * PT_PER_MM, scene.outer_height * PT_PER_MM), invariant=1,
                    pageCompression=1, initialFontName=pdf_font("sans"))
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, scene.bleed * PT_PER_MM,
                     (scene.outer_height - scene.bleed) * PT_PER_MM)
    colours: dict[str | None, tuple | None] = {}
    applied: list[Style | None] = [None]

    def colour(name):
        if name not in colours:
            colours[name] = hex_to_rgb(resolve_colour(name, scene.theme)) if name else None
        return colours[name]

    def draw(item):
        kind = type(item)
        if kind is Use:
            canvas.saveState()
            canvas.translate(item.x, item.y)
            canvas.rotate(item.rotate)
            canvas.scale(item.scale, item.scale)
            canvas.doForm(f"s-{item.symbol}")
            canvas.restoreState()
            applied[0] = None
            return
        if kind is Group:
            canvas.saveState()
            canvas.translate(item.dx, item.dy)
            canvas.rotate(item.rotate)
            canvas.scale(item.sx, item.sy)
            if item.clip:
                clip = canvas.beginPath()
                clip.rect(*item.clip)
                canvas.clipPath(clip, stroke=0, fill=0)
            for child in item.children:
                draw(child)
            canvas.restoreState()
            applied[0] = None
            return
        style = item.style
        fill, line = colour(style.fill), colour(style.stroke)
        if style is not applied[0]:                    # state set when the style changes, as ours does
            applied[0] = style
            if fill:
                canvas.setFillColorRGB(*fill)
            if line:
                canvas.setStrokeColorRGB(*line)
                canvas.setLineWidth(style.stroke_width)
                canvas.setDash(list(style.dash) if style.dash else [])
                canvas.setLineCap({"butt": 0, "round": 1, "square": 2}[style.line_cap])
            canvas.setFillAlpha(style.opacity)
        if kind is Text:
            canvas.saveState()
            canvas.translate(item.x, item.y)
            canvas.scale(1, -1)
            canvas.setFont(pdf_font(item.family, item.weight, item.italic), item.size)
            canvas.drawString(0, 0, item.text)
            canvas.restoreState()
            return
        if kind is Line:
            canvas.line(item.x1, item.y1, item.x2, item.y2)
            return
        path = canvas.beginPath()
        if kind is Rect:
            if item.rx:
                path.roundRect(item.x, item.y, item.w, item.h, item.rx)
            else:
                path.rect(item.x, item.y, item.w, item.h)
        elif kind is Circle:
            path.circle(item.cx, item.cy, item.r)
        elif kind in (Polyline, Polygon):
            path.moveTo(*item.points[0])
            for point in item.points[1:]:
                path.lineTo(*point)
            if kind is Polygon:
                path.close()
        else:
            for letter, *values in item.commands:
                {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}[letter](*values)
        canvas.drawPath(path, stroke=1 if line else 0, fill=1 if fill and kind is not Polyline else 0)

    for name, symbol in scene.symbols.items():
        canvas.beginForm(f"s-{name}")
        applied[0] = None
        for child in symbol.children:
            draw(child)
        canvas.endForm()
        applied[0] = None
    for child in scene.children:
        draw(child)
    canvas.showPage()
    return canvas.getpdfdata()
