"""Rendering against floors doing the same work, timed interleaved (median of per-round ratios):

    render-svg/pdf            2,000 synthetic primitives          goal SVG <= 1.3, PDF <= 1.1
    render-svg/pdf-cats-map   the standard 2-player Cats map
    render-svg/pdf-tape-5m    a 5 m x 50 mm Cats roll (the longest page a PDF holds at real size)
    render-svg/pdf-cops-map   a 4-player Cops map
    render-svg/pdf-card-sheet the first A4 sheet of the Cat Tree deck (with its card backs, duplex)

The floor writes the same scene straight with svgwrite (debug off) or reportlab's canvas (bench/straight.py)."""

from tests.scenes import many_primitives
from washigen.backends import to_pdf, to_svg

from .straight import pdf_straight, svg_straight
from .timing import figure, interleaved

GOALS = {"svg": 1.3, "pdf": 1.1}


def real_scenes() -> dict:
    from washigen.games.cat_tree import print_design as print_deck
    from washigen.games.cat_tree.model import CatTreeDeck
    from washigen.games.cats.draw import map_scene
    from washigen.games.cats.roll import roll_scene
    from washigen.games.cats.generate import generate_map, generate_roll
    from washigen.games.cops.draw import map_scene as cops_map_scene
    from washigen.games.cops.generate import generate_map as generate_cops_map
    from washigen.press import PrintOptions

    deck = print_deck(CatTreeDeck(), PrintOptions(paper="a4", duplex="long"))
    return {
        "cats-map": map_scene(generate_map(players=2, seed=1), 3.0),
        "tape-5m": roll_scene(generate_roll(segments=4, length=5_000.0, seed=1), 3.0),
        "cops-map": cops_map_scene(generate_cops_map(4, 7), 3.0),
        "card-sheet": deck.pages[1],                      # a sheet of card backs: the form-per-sheet case
    }


def run() -> list[dict]:
    scenes = {"": many_primitives(2000), **real_scenes()}
    figures = []
    for label, scene in scenes.items():
        suffix = f"-{label}" if label else ""
        for kind, ours, floor in (("svg", to_svg, svg_straight), ("pdf", lambda s: to_pdf([s]), pdf_straight)):
            mine, theirs, ratio = interleaved(lambda: ours(scene), lambda: floor(scene))
            figures.append(figure(f"render-{kind}{suffix}", mine, theirs, GOALS[kind], ratio,
                                  primitives=scene.count()))
    return figures
