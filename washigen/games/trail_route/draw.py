"""Drawing a setup of The Cats' Trail Route: the table as a picture (destinations, road tiles, starting
positions, the players with their cards and the decks), on its own page or fitted to paper: the game's
print_design.

The components are drawn in modules of their own: tiles.py, hand_cards.py, pawns.py, board_mat.py, score_pad.py
(all of them together: components.py), on the shapes and colours of art.py; the rule sheet's figures in
figures.py."""

from __future__ import annotations

from ... import __version__
from ...fonts import MIN_TEXT, balanced_lines, fit_size, text_width
from ...i18n import translator
from ...press import Document, PrintOptions
from ...scene import Circle, Group, PlaceGrid, Rect, Scene, Style, Text
from ...units import MIN_PAGE_MARGIN, paper_size
from .art import COLOUR_WORDS, INK, THEME, straight_arrow
from .board_mat import start_spot
from .model import CARDS, COLS, DEST_COLS, GAME, ROAD_CODES, TITLE, TrailRouteSetup
from .tiles import LINE_SPACING, destination_face, ground_symbol, mini, road_face

BOARD_CELL = 24.0           # a setup's natural drawing; on paper the cell shrinks to fit and the words do not
BOARD_TEXT = 2.4            # mm (6.8 pt): the board's smallest words


def road_origin(cell: float = BOARD_CELL, legend: bool = True) -> tuple[float, float]:
    """(x, y) in a setup's drawing of the road tile in row 1, column 1; tile (r, c) lies (c - 1, r - 1) cells on."""
    return DEST_COLS * cell + 3.0 + 8.0, 20.0 if legend else 12.0


def board_size(cell: float, rows: int, seats: int, legend: bool = True) -> tuple[float, float]:
    """Width and height in mm of a setup drawn with `cell` mm cells."""
    road_x, top = road_origin(cell, legend)
    info = (10.0 + 6.5 * seats + 12.0) if legend else 0.0
    return road_x + COLS * cell + 3.0 + cell * 0.8 + 6.0, top + rows * cell + 12.0 + info


def board_cell(setup: TrailRouteSetup, paper: str) -> float:
    """The largest cell (to 0.5 mm, at most BOARD_CELL) at which the setup's drawing fits inside the paper's margins
    in either orientation: the board is drawn to fit, never scaled, so its words keep their size."""
    best = 0.0
    for orientation in ("landscape", "portrait"):
        w, h = (side - 2 * MIN_PAGE_MARGIN for side in paper_size(paper, orientation))
        cell = BOARD_CELL
        while cell > 5.0 and any(a > b for a, b in zip(board_size(cell, len(setup.road), len(setup.seats)), (w, h))):
            cell -= 0.5
        best = max(best, cell)
    return best


def board_scene(setup: TrailRouteSetup, cell: float = BOARD_CELL, legend: bool = True, lang: str = "en",
                min_text: float = MIN_TEXT) -> Scene:
    """The table of a setup as a picture: destinations, road tiles, starting positions, and who holds what. The
    tiles are drawn small, with their pictures and without their words (any word of theirs under `min_text` mm is
    left out); the board's own words are BOARD_TEXT or larger whatever the cell."""
    _ = translator(lang)
    rows = len(setup.road)
    road_x, top = road_origin(cell, legend)
    start_x = road_x + COLS * cell + 3.0
    width, height = board_size(cell, rows, len(setup.seats), legend)
    scene = Scene(width, height, theme=dict(THEME),
                  meta={"game": GAME, "kind": "setup", "seed": str(setup.seed), "version": __version__,
                        "title": f"{TITLE}: " + _("setup")})
    scene.define(ground_symbol())
    scene.places.grid = PlaceGrid(road_x, top, cell, cell, cell, cell, rows, COLS)     # where each road tile lies
    scene.add(Rect(0, 0, scene.width, scene.height, Style(fill="tr-mat")))
    label = Style(fill="tr-grass-dark")
    if legend:
        heading = f"{TITLE} · " + _("{players} players").format(players=setup.players)
        scene.add(Text(8.0, 10.0, heading, fit_size(heading, scene.width - 40.0, 5.0, "bold", MIN_TEXT),
                       weight="bold"),
                  Text(scene.width - 6.0, 10.0, _("seed {seed}").format(seed=setup.seed), 3.0, anchor="end",
                       style=Style(fill="muted")))
    scene.add(Text(8.0 + cell, top - 1.2, _("destinations"), 2.6, anchor="middle", weight="bold", style=label),
              Text(start_x + cell * 0.4, top - 1.2, _("start"), 2.6, anchor="middle", weight="bold", style=label))
    arrow_y = top - 5.0
    scene.add(*straight_arrow(road_x + COLS * cell, arrow_y, road_x + COLS * cell - 24, arrow_y, "tr-grass-dark",
                              0.9, 2.2))
    scene.add(Text(road_x + COLS * cell - 26, arrow_y + 1.0, _("forward"), 2.8, anchor="end", style=label))
    for r in range(rows):
        y = top + r * cell
        scene.add(Text(4.5, y + cell / 2 + 1.0, str(r + 1), 3.0, anchor="middle", weight="bold", style=label))
        for c, code in enumerate(setup.destinations[r] if r < len(setup.destinations) else ()):
            scene.add(mini(destination_face(code, lang), 8.0 + c * cell, y, cell - 1.0, min_text))
        for c, code in enumerate(setup.road[r]):
            if code in ROAD_CODES:
                scene.add(mini(road_face(code, lang), road_x + c * cell, y, cell - 1.0, min_text))
        scene.add(*start_spot(start_x + cell * 0.4, y + cell / 2, r, lang, radius=cell * 11 / 32, label=False))
    for c in range(COLS):
        scene.add(Text(road_x + (c + 0.5) * cell, top - 1.2, str(c + 1), BOARD_TEXT, anchor="middle", style=label))
    y = top + rows * cell + 5.0
    note = _("Row 1 and the bottom row are neighbours; the left and right edges are not.")
    scene.add(Text(8.0, y, note, fit_size(note, scene.width - 14.0, BOARD_TEXT, minimum=MIN_TEXT), style=label))
    if legend:
        scene.add(*seat_lines(setup, y + 8.0, scene.width, lang))
    return scene


def seat_lines(setup: TrailRouteSetup, y: float, width: float, lang: str = "en") -> list:
    """Under the board: the players in turn order with their cards, and the decks."""
    _ = translator(lang)
    heading = _("Players, in turn order (first cats are placed in reverse order):")
    items: list = [Text(8.0, y, heading, fit_size(heading, width - 14.0, 3.0, "bold", MIN_TEXT), weight="bold")]
    lines = [_("player {number}, {colour}: {cards}").format(
        number=n + 1, colour=_(COLOUR_WORDS[seat.colour]), cards=", ".join(_(CARDS[card][0]) for card in seat.hand))
        for n, seat in enumerate(setup.seats)]
    # one size for every player (none at all in a setup drawn to show what is wrong with it)
    size = min((fit_size(line, width - 21.0, 2.8, minimum=MIN_TEXT) for line in lines), default=2.8)
    for seat, line in zip(setup.seats, lines):
        y += 6.5
        items += [Circle(11.0, y - 1.0, 2.2, Style(fill=f"cat-{seat.colour}", stroke="ink", stroke_width=0.2)),
                  *fitted_lines(15.0, y, line, size, width - 21.0)]
    deck = _("Exchange deck: {tiles} tiles, shuffled face down. Undealt hand cards: {cards}. Generator: "
             "{generator}.").format(tiles=len(setup.exchange), cards=len(setup.undealt), generator=setup.generator)
    items += fitted_lines(8.0, y + 8.0, deck, 2.6, width - 14.0, Style(fill="muted"))
    return items


def fitted_lines(x: float, y: float, text: str, size: float, room: float, style: Style = INK) -> list[Text]:
    """`text` in one line `room` mm wide at `size` or smaller down to 6 pt, and where even 6 pt is too wide (long
    German card names on narrow paper), in two lines centred on the baseline `y`."""
    size = fit_size(text, room, size, minimum=MIN_TEXT)
    lines = [text] if text_width(text, size) <= room else balanced_lines(text)
    top = y - (len(lines) - 1) * LINE_SPACING * size / 2
    return [Text(x, top + n * LINE_SPACING * size, line, size, style=style) for n, line in enumerate(lines)]


def print_setup(setup: TrailRouteSetup, options: PrintOptions) -> Document:
    if options.paper is None:
        return Document.single(board_scene(setup, lang=options.lang))          # titled as the board is
    scene = board_scene(setup, board_cell(setup, options.paper), lang=options.lang)
    return Document([fit_on_paper(scene, options.paper)], title=scene.meta["title"])


def fit_on_paper(scene: Scene, paper: str) -> Scene:
    """The scene centred on the paper, in whichever orientation fits it larger, scaled to fit inside the margins
    (a setup is drawn to fit, so it is scaled by no more than a rounding)."""
    best: tuple[float, float, float] | None = None
    for orientation in ("landscape", "portrait"):
        w, h = paper_size(paper, orientation)
        k = min((w - 2 * MIN_PAGE_MARGIN) / scene.width, (h - 2 * MIN_PAGE_MARGIN) / scene.height)
        if best is None or k > best[0]:
            best = (k, w, h)
    assert best is not None, "the first orientation tried is the best so far"
    k, w, h = best
    page = Scene(w, h, theme=dict(scene.theme), meta=dict(scene.meta))
    for symbol in scene.symbols.values():
        page.define(symbol)
    page.add(Group(children=list(scene.children), dx=(w - scene.width * k) / 2, dy=(h - scene.height * k) / 2,
                   sx=k, sy=k))
    return page
