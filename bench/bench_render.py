"""render-pdf and render-svg: a 2,000-primitive scene through our backends, against the same primitives written
straight with reportlab's canvas and svgwrite (debug off) in the same run. Goal: both ratios <= 1.3."""

import io

import svgwrite
from reportlab.pdfgen.canvas import Canvas

from tests.scenes import many_primitives
from washigen.fonts import SVG_FAMILY, pdf_font
from washigen.render import to_pdf, to_svg
from washigen.scene import Circle, Line, Polygon, Rect, Text, hex_to_rgb, resolve_colour
from washigen.units import PT_PER_MM

from .timing import best_of, figure


def reportlab_floor(scene) -> bytes:
    """The same primitives drawn straight on a canvas: one mm transform, a colour set per primitive."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(scene.width * PT_PER_MM, scene.height * PT_PER_MM), invariant=1,
                    pageCompression=1, initialFontName=pdf_font("sans"))
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, scene.height * PT_PER_MM)
    font = pdf_font("sans")
    for item in scene.children:
        style = item.style
        if style.fill:
            canvas.setFillColorRGB(*hex_to_rgb(resolve_colour(style.fill)))
        if style.stroke:
            canvas.setStrokeColorRGB(*hex_to_rgb(resolve_colour(style.stroke)))
            canvas.setLineWidth(style.stroke_width)
        kind = type(item)
        if kind is Rect:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=1 if style.stroke else 0, fill=1)
        elif kind is Line:
            canvas.line(item.x1, item.y1, item.x2, item.y2)
        elif kind is Circle:
            canvas.circle(item.cx, item.cy, item.r, stroke=0, fill=1)
        elif kind is Polygon:
            path = canvas.beginPath()
            path.moveTo(*item.points[0])
            for point in item.points[1:]:
                path.lineTo(*point)
            path.close()
            canvas.drawPath(path, stroke=0, fill=1)
        elif kind is Text:
            canvas.saveState()
            canvas.translate(item.x, item.y)
            canvas.scale(1, -1)
            canvas.setFont(font, item.size)
            canvas.drawString(0, 0, item.text)
            canvas.restoreState()
    canvas.showPage()
    return canvas.getpdfdata()


def svgwrite_floor(scene) -> str:
    drawing = svgwrite.Drawing(size=(f"{scene.width}mm", f"{scene.height}mm"),
                               viewBox=f"0 0 {scene.width} {scene.height}", debug=False)
    add = drawing.add
    for item in scene.children:
        style = item.style
        paint = {"fill": resolve_colour(style.fill) or "none"}
        if style.stroke:
            paint.update(stroke=resolve_colour(style.stroke), stroke_width=style.stroke_width)
        kind = type(item)
        if kind is Rect:
            add(drawing.rect((item.x, item.y), (item.w, item.h), **paint))
        elif kind is Line:
            add(drawing.line((item.x1, item.y1), (item.x2, item.y2), **paint))
        elif kind is Circle:
            add(drawing.circle((item.cx, item.cy), item.r, **paint))
        elif kind is Polygon:
            add(drawing.polygon(item.points, **paint))
        elif kind is Text:
            add(drawing.text(item.text, insert=(item.x, item.y), font_size=item.size,
                             font_family=SVG_FAMILY["sans"], **paint))
    return drawing.tostring()


def run() -> list[dict]:
    scene = many_primitives(2000)
    count = scene.count()
    pdf_ours = best_of(lambda: to_pdf([scene]))
    pdf_floor = best_of(lambda: reportlab_floor(scene))
    svg_ours = best_of(lambda: to_svg(scene))
    svg_floor = best_of(lambda: svgwrite_floor(scene))
    return [figure("render-pdf", pdf_ours, pdf_floor, primitives=count, goal_ratio=1.3),
            figure("render-svg", svg_ours, svg_floor, primitives=count, goal_ratio=1.3)]
