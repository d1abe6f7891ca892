"""Scenes built for the foundation's tests: every primitive, symbols, groups, text with umlauts."""

from washigen.scene import (Circle, Group, Line, Path, Polygon, Polyline, Rect, Scene, Style, Symbol, Text, Use,
                            filled, stroke)


def sample_scene(bleed: float = 3.0) -> Scene:
    scene = Scene(80.0, 50.0, bleed=bleed, meta={"game": "sample", "kind": "test", "seed": "7",
                                                "version": "0.1.0", "title": "Sample <scene> & co"})
    fish = Symbol("fish", 8, 5, [Polygon(((0, 2.5), (5, 0), (5, 5)), Style(fill="sewer-blue")),
                                 Circle(6.5, 2.5, 1.5, Style(fill="accent"))])
    scene.define(fish)
    scene.add(Rect(-bleed, -bleed, 80 + 2 * bleed, 50 + 2 * bleed, Style(fill="forest-tint")))
    scene.add(Rect(4, 4, 24, 14, filled("building", "wall", 0.8)))
    scene.add(Rect(32, 4, 14, 14, Style(fill="sewer-yellow", stroke="ink", stroke_width=0.4), rx=2))
    scene.add(Line(2, 46, 78, 46, stroke("ink", 0.5, (2, 1))))
    scene.add(Polyline(((50, 5), (60, 15), (70, 5)), stroke("path-edge", 1.2, cap="round")))
    scene.add(Path((("M", 52, 22), ("C", 58, 16, 66, 28, 74, 22), ("L", 74, 32), ("Z",)),
                   Style(fill="path", stroke="path-edge", stroke_width=0.3)))
    scene.add(Text(40, 30, "Straße: äöü ß <&>", 4.2, anchor="middle", weight="bold"))
    scene.add(Text(4, 40, "left", 3, family="mono"), Text(76, 40, "right", 3, anchor="end", italic=True))
    scene.add(Use("fish", 10, 22), Use("fish", 22, 22, scale=1.5, rotate=20))
    scene.add(Group([Circle(0, 0, 4, Style(fill="sewer-red"))], dx=64, dy=40, clip=(-4, -4, 4, 8)))
    scene.add(Group([Rect(0, 0, 6, 3, Style(fill="sewer-green"))], dx=40, dy=36, rotate=30, sx=1.5, sy=1.0))
    return scene


def many_primitives(count: int = 2000) -> Scene:
    """A scene of `count` primitives of every kind (the render benchmarks use it too)."""
    scene = Scene(200.0, 200.0, meta={"title": "bench"})
    colours = ["sewer-red", "sewer-blue", "sewer-green", "sewer-yellow", "ink"]
    for i in range(count):
        x, y = (i * 7.3) % 190, (i * 3.1) % 190
        colour = colours[i % len(colours)]
        kind = i % 5
        if kind == 0:
            scene.add(Rect(x, y, 5, 4, Style(fill=colour, stroke="ink", stroke_width=0.2)))
        elif kind == 1:
            scene.add(Line(x, y, x + 6, y + 3, Style(stroke=colour, stroke_width=0.3)))
        elif kind == 2:
            scene.add(Circle(x + 2, y + 2, 2, Style(fill=colour)))
        elif kind == 3:
            scene.add(Polygon(((x, y), (x + 5, y), (x + 2.5, y + 4)), Style(fill=colour)))
        else:
            scene.add(Text(x, y + 3, f"c{i}", 2.5, style=Style(fill=colour)))
    return scene
