"""Cats maps and sheets as scenes at real size: the whole map with its bands, the map cut into tape strips on
sheets with the plan of how they go together, set-ups, player strips, and print_design for every Cats design.

Everything is measured in cells: a cell is `s` mm (the tape width over the cell rows plus one for the band), and
every stroke and symbol scales with it, so a map reads at 5 mm cells and still at 3 mm. Made for white paper under
translucent washi: black walls, light fills, strong colours only where they mean something (sewers, shrines). The
parts live apart: symbols.py (palette and symbols), grid.py (cells and walls), band.py (the player band), roll.py
(segments, forest sections and rolls for a tape maker).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import __version__
from ...errors import InputError
from ...qr import qr_fits
from ...words import NN_, N_, Says
from ...fonts import MIN_FINE_PRINT, MIN_TEXT, descent
from ...i18n import Translator, translator
from ...press import Document, PrintOptions, template_for
from ...press.impose import impose_grid, impose_lanes, lane_length
from ...press.templates import Grid as SheetGrid
from ...press.templates import Template
from ...scene import Circle, Group, Line, Path, PlaceGrid, Rect, Scene, Style, Text
from ...units import PAPER_SIZES, SAFE_ZONE, format_mm
from .band import BAND_WORDS, Panel, band_items, qr_group
from .constants import TITLE
from .dashes import fitted_dash, printable
from .grid import Window, draw_grid, rect_path
from .model import BUILDING, SHRINE, CatsMap, CatsRoll, CatsSegment, CatsSetup, cell_size, map_layers, table, top_layers
from .roll import piece_length, refuse_sheets, repeat_length, roll_scene, segment_scene
from .symbols import THEME, new_scene, player_symbol, symbol, use


# -- maps --------------------------------------------------------------------------------------------------------------------

def map_meta(design: CatsMap, lang: str = "en") -> dict[str, str]:
    _ = translator(lang)
    seats = table(design.players, design.coop)
    what = (_("{players} players in teams") if seats.coop else _("{players} players")).format(players=design.players)
    return {"kind": "map", "seed": str(design.seed), "title": f"{TITLE} · " + _("map") + f" · {what}",
            "players": str(design.players)}


def sheet_note(design: CatsMap, short: bool = False, lang: str = "en") -> str:
    _ = translator(lang)
    seats = table(design.players, design.coop)
    parts = [] if short else [(_("{players}p teams") if seats.coop else _("{players}p")).format(
        players=design.players)]
    if design.cut_up and not short:
        parts.append(_("cut-up {variant}").format(variant=design.variant) + (
            _(", route gap {gap}").format(gap=_.number(design.balance)) if design.balance is not None else "")
            + _play_note(design, _))
    if design.jinja:
        parts.append(_("jinja mode"))
    parts += [_("seed {seed}").format(seed=design.seed), f"washigen {__version__}"]
    return " · ".join(parts)


def _play_note(design: CatsMap, _: Translator) -> str:
    """The balance from play, small: the fairness search's verdict, its score (the largest gap between a seat's
    win rate and its fair share) over so many greedy games, as a Cops map prints it; else the play score alone."""
    if design.play_games and design.play_score is not None:
        verdict = _("fair {score}/{games}") if design.play_fair else _("not fair {score}/{games}")
        return ", " + verdict.format(score=_.number(design.play_score, 3), games=design.play_games)
    if design.play_score is not None:
        return _(", play score {score}").format(score=_.number(design.play_score))
    return ""


def band_panels(design: CatsMap, side: str, length: float, lang: str = "en") -> list[Panel]:
    """The panels of one side's band: one per player (per team in team play) seated there."""
    seats = table(design.players, design.coop)
    mine = seats.seats(side)
    width = length / max(1, len(mine))
    name = translator(lang).gettext("team {number}") if seats.coop else "{number}"
    return [Panel(k * width, (k + 1) * width, name.format(number=seat)) for k, seat in enumerate(mine)]


def map_scene(design: CatsMap, bleed: float = 0.0, drawings: CatsSetup | None = None, lang: str = "en") -> Scene:
    """The whole map at real size: the top band, the grid, the bottom band. The trim is the map itself."""
    s = cell_size(design.tape_width, design.segment_rows)
    grid = design.grid
    R, C = grid.height, grid.width
    W, H = C * s, R * s + 2 * s
    scene = new_scene(W, H, bleed, map_meta(design, lang))
    turned = top_layers(map_layers(design)) * design.segment_rows
    body = draw_grid(scene, grid, s, turned_rows=turned, home_rows=(0, R - 1),
                     bleed=(0.0, bleed, 0.0, bleed))
    body += _cut_lines(design, s)
    if drawings is not None:
        body += _drawings(scene, drawings, s, turned)
    scene.add(Group(body, dy=s))
    scene.places.grid = PlaceGrid(0.0, s, s, s, s, s, R, C)      # where each cell lies, for marks and editors
    # The seed line goes at the end of the bottom band, or of the top band where the bottom one has no room
    # beside its last player's symbols (six players in teams).
    note = sheet_note(design, lang=lang)
    crowded: list[Panel] = []
    bottom_panels = band_panels(design, "bottom", W, lang)
    bottom = band_items(scene, W, s, bottom_panels, bleed, note=note, qr=design.rules_url, lang=lang,
                        crowded=crowded)
    top_note = ""
    if crowded:
        bottom = band_items(scene, W, s, bottom_panels, bleed, qr=design.rules_url, lang=lang)
        top_note = note
    top = band_items(scene, W, s, band_panels(design, "top", W, lang), bleed, note=top_note, lang=lang)
    scene.add(Group(top, dx=W, dy=s, rotate=180.0))
    scene.add(Group(bottom, dy=s + R * s))
    return scene


def _cut_lines(design: CatsMap, s: float) -> list:
    """Thin dashed lines where a cut-up's pieces meet."""
    if not design.cut_up:
        return []
    rows = design.segment_rows
    return cut_line_items([((piece.col - 1) * s, (piece.layer - 1) * rows * s, piece.layer * rows * s)
                           for piece in design.pieces if piece.col > 1], rows, s)


def cut_line_items(lines: list[tuple[float, float, float]], rows: int, s: float) -> list:
    """Cut lines down a layer of `rows` cells, each (x, top, bottom): dashes longer than their gaps, as they always
    were where these print (from 2/3 mm cells); on smaller cells fitted to whole periods a cell, each cell's stretch
    drawn on its own so that every stretch is dashed alike, a gap of at least MIN_LINE before the next."""
    if not lines:
        return []
    on, off = round(0.25 * s, 3), round(0.15 * s, 3)         # as the SVG writes them
    if printable(rows * s, on, off):
        commands = [part for x, top, bottom in lines for part in (("M", x, top), ("L", x, bottom))]
    else:
        on, off = fitted_dash(s, on, off)
        commands = [part for x, top, _bottom in lines for k in range(rows)
                    for part in (("M", x, top + k * s), ("L", x, top + (k + 1) * s))]
    return [Path(tuple(commands), Style(stroke="cut-line", stroke_width=max(0.12, 0.035 * s), dash=(on, off)))]


def _drawings(scene: Scene, setup: CatsSetup, s: float, turned_rows: int) -> list:
    items = []
    for kind, drawn in (("fish", setup.fish), ("cat", setup.cats)):
        for d in drawn:
            sym = player_symbol(kind, d.player, s)
            items.append(use(scene, sym, (d.col - 1) * s, (d.row - 1) * s, s, d.row - 1 < turned_rows))
    return items


# -- strips on sheets -----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Strip:
    number: int            # in assembly order
    layer: int             # 0-based, from the top
    c0: int                # map columns c0..c1 - 1 (0-based)
    c1: int
    turned: bool           # on the top half: printed turned, band down
    outer: bool            # carries a real band (else its band is covered by the next strip)

    def label(self, layers: int, lang: str = "en") -> str:
        _ = translator(lang)
        side = _("top side") if self.turned else _("bottom side")
        depth = "" if self.outer else _(", layer {layer} of {layers}").format(layer=self.layer + 1, layers=layers)
        return _("strip {number} · {side}{depth} · columns {first}-{last}").format(
            number=self.number, side=side, depth=depth, first=self.c0 + 1, last=self.c1)


def map_strips(design: CatsMap, max_cols: int | None = None) -> list[Strip]:
    """The map cut into tape strips, numbered in the order they are laid: from the middle outwards (each layer
    overlaps the band of the one before), the top side first, left to right as seen from the bottom."""
    layers = map_layers(design)
    tops = top_layers(layers)
    C = design.grid.width
    step = min(design.segment_cols, max_cols or design.segment_cols)
    order = []
    for depth in range(max(tops, layers - tops)):
        if depth < tops:
            order.append(tops - 1 - depth)
        if depth < layers - tops:
            order.append(tops + depth)
    strips: list[Strip] = []
    for layer in order:
        for c0 in range(0, C, step):
            strips.append(Strip(len(strips) + 1, layer, c0, min(C, c0 + step), layer < tops,
                                layer in (0, layers - 1)))
    return strips


def strip_scene(design: CatsMap, strip: Strip, bleed: float, lang: str = "en") -> Scene:
    """One strip in its own orientation (band at the bottom), as it comes off the roll."""
    s = cell_size(design.tape_width, design.segment_rows)
    R = design.segment_rows
    width = (strip.c1 - strip.c0) * s
    scene = new_scene(width, (R + 1) * s, bleed, {**map_meta(design, lang), "kind": "strip",
                                                  "strip": str(strip.number)})
    r0 = strip.layer * R
    window = Window(r0, r0 + R, strip.c0, strip.c1)
    turned_rows = top_layers(map_layers(design)) * R
    homes = tuple(r for r in (0, design.grid.height - 1) if r0 <= r < r0 + R)
    # The strip's outer edge (away from its band) is a trim: row r0, or row r1 - 1 on a turned strip.
    outer = (0.0, bleed, bleed, bleed) if strip.turned else (bleed, bleed, 0.0, bleed)
    cells = draw_grid(scene, design.grid, s, window, turned_rows=turned_rows, home_rows=homes, bleed=outer)
    cells += _strip_cut_lines(design, strip, s)
    W = design.grid.width * s
    side = "top" if strip.turned else "bottom"
    span = (W - strip.c1 * s, W - strip.c0 * s) if strip.turned else (strip.c0 * s, strip.c1 * s)
    # The seed line at the strip's end, shortened (then left out: the sheet's footer says it too) where the last
    # player's symbols on the strip run into it (three players: a seat's panel ends under the note).
    notes = [sheet_note(design, lang=lang), sheet_note(design, short=True, lang=lang), ""] if strip.outer else [""]
    for note in notes:
        crowded: list[Panel] = []
        band = band_items(scene, W, s, band_panels(design, side, W, lang), bleed, overlap=not strip.outer,
                          note=note, qr=design.rules_url if strip.outer else None, lang=lang, span=span,
                          crowded=crowded)
        if not crowded:
            break
    if strip.turned:
        scene.add(Group(cells, dx=width, dy=R * s, rotate=180.0))
        scene.add(Group(band, dx=-(W - strip.c1 * s), dy=R * s))
    else:
        scene.add(Group(cells))
        scene.add(Group(band, dx=-strip.c0 * s, dy=R * s))
    return scene


def _strip_cut_lines(design: CatsMap, strip: Strip, s: float) -> list:
    if not design.cut_up:
        return []
    return cut_line_items([((piece.col - 1 - strip.c0) * s, 0.0, design.segment_rows * s) for piece in design.pieces
                           if piece.layer == strip.layer + 1 and strip.c0 < piece.col - 1 < strip.c1],
                          design.segment_rows, s)


def lanes_template(design: CatsMap, options: PrintOptions) -> Template:
    """The sheet the map's strips are printed on: the user's, the built-in one for the tape, or plain lanes."""
    paper = options.paper or "a4"
    tape = design.tape_width
    return template_for(f"tape{format_mm(tape)}", paper, options.template) if options.template or \
        f"{paper}-tape{format_mm(tape)}" in _builtin_names() else _lanes_template(paper, tape)


def map_strips_for_sheets(design: CatsMap, options: PrintOptions) -> list[Strip]:
    """The map cut into strips no longer than a lane of its sheet."""
    s = cell_size(design.tape_width, design.segment_rows)
    longest = lane_length(lanes_template(design, options)) - 2 * options.bleed
    return map_strips(design, max(1, int(longest // s)))


def strips_document(design: CatsMap, options: PrintOptions) -> Document:
    template = lanes_template(design, options)
    strips = map_strips_for_sheets(design, options)
    lang = options.lang
    scenes = [strip_scene(design, strip, options.bleed, lang) for strip in strips]
    layers = map_layers(design)
    footer = f"{TITLE} · {sheet_note(design, lang=lang)}"
    document = impose_lanes(scenes, template, options, labels=[st.label(layers, lang) for st in strips],
                            title=map_meta(design, lang)["title"], footer=footer)
    _add_guide(document, design, strips, template, lang)
    return document


def _builtin_names() -> set[str]:
    from ...press.templates import builtin_templates
    return set(builtin_templates())


def _lanes_template(paper: str, tape: float) -> Template:
    """Lanes for a tape width that has no built-in template: like the built-in ones, on landscape paper."""
    from ...press.templates import Lanes
    w, h = PAPER_SIZES[paper]
    return Template(f"{paper} tape {format_mm(tape)} mm", h, w, (6.35,) * 4, lanes=Lanes(tape, 10.0))


def _add_guide(document: Document, design: CatsMap, strips: list[Strip], template: Template,
               lang: str = "en") -> None:
    """How the strips go together: a small plan of the map with every strip's number, below the last strip or on a
    page of its own."""
    last = document.pages[-1]
    if (last.width > last.height) != (template.paper_w > template.paper_h):
        template = template.turned()          # impose_lanes turned the sheet to save one
    used = max((g.dy + g.clip[1] + g.clip[3] for g in last.children if isinstance(g, Group) and g.clip), default=0)
    x0, y0, uw, uh = template.usable
    free_top = used + 8.0
    free = y0 + uh - free_top - 6.0
    if free < 40.0:
        page = Scene(template.paper_w, template.paper_h, theme=dict(THEME), meta=dict(last.meta))
        document.pages.append(page)
        free_top, free, last = y0 + 6.0, uh - 12.0, page
    last.add(*guide_items(design, strips, x0 + 4.0, free_top, uw - 8.0, free, lang))


def _numbers(strips: list[Strip], lang: str = "en") -> str:
    names = [str(strip.number) for strip in strips]
    if len(names) == 1:
        return names[0]
    return translator(lang).gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def assembly_lines(strips: list[Strip], layers: int, lang: str = "en") -> list[str]:
    """How the strips go together, said from the same strips the plan draws (their layers and columns), so the
    words and the drawing cannot disagree."""
    _ = translator(lang)
    by_layer: dict[int, list[Strip]] = {}
    for strip in strips:
        by_layer.setdefault(strip.layer, []).append(strip)
    order = list(by_layer)                                  # layers in the order they are laid
    lines = [_("Lay the strips in number order, printed side up.")]
    for layer in order:
        row = by_layer[layer]
        if len(row) > 1:
            lines.append(_("Strips {numbers} lie end to end in one row, columns {first}-{last} left to right as the "
                           "bottom player sees them.").format(numbers=_numbers(row, lang), first=row[0].c0 + 1,
                                                              last=row[-1].c1))
    first = [by_layer[layer] for layer in order[:2]]
    if len(first) == 2 and len(first[0]) == len(first[1]) == 1:
        lines.append(_("Strips {first} and {second} meet along their edges without a band; every band faces "
                       "out.").format(first=first[0][0].number, second=first[1][0].number))
    elif len(first) == 2:
        lines.append(_("The row of strips {first} meets the row of strips {second} along the edges without a band; "
                       "every band faces out.").format(first=_numbers(first[0], lang),
                                                       second=_numbers(first[1], lang)))
    if layers > 2:
        lines.append(_("Each later row goes outside the one before it and covers that row's band."))
    return lines


BAND_OWNERS = {"top": NN_("top band: player {seats}", "top band: players {seats}"),
               "bottom": NN_("bottom band: player {seats}", "bottom band: players {seats}")}
TEAM_BAND_OWNERS = {"top": NN_("top band: team {seats}", "top band: teams {seats}"),
                    "bottom": NN_("bottom band: team {seats}", "bottom band: teams {seats}")}


def band_owners(design: CatsMap, side: str, _: Translator) -> str:
    """Whose band a side's is, by the numbers the band prints ("top band: player 2"): a strip's band shows its
    seats' numbers, which the plan's big strip numbers are not."""
    seats = table(design.players, design.coop)
    mine = seats.seats(side)
    words = (TEAM_BAND_OWNERS if seats.coop else BAND_OWNERS)[side]
    return _.ngettext(*words, len(mine)).format(seats=", ".join(str(seat) for seat in mine))


def guide_items(design: CatsMap, strips: list[Strip], x: float, y: float, width: float, height: float,
                lang: str = "en") -> list:
    """A small plan of the map: its buildings and bands, every strip outlined with its number."""
    s = cell_size(design.tape_width, design.segment_rows)
    R, C = design.grid.height, design.grid.width
    map_w, map_h = C * s, (R + 2) * s
    title_size = 3.2
    layers = map_layers(design)
    _ = translator(lang)
    lines = assembly_lines(strips, layers, lang)
    scale = min(0.45, (width * 0.6) / map_w, (height - 8 - 4.2 * len(lines) - title_size) / map_h)
    items: list = [Text(x, y + title_size, _("How the strips go together"), title_size, weight="bold")]
    for k, line in enumerate(lines):
        items.append(Text(x, y + title_size + 5 + 4.2 * k, line, 2.6))
    gx, gy = x, y + title_size + 6 + 4.2 * len(lines)
    u = s * scale
    items.append(Rect(gx, gy, C * u, u, Style(fill="band")))
    items.append(Rect(gx, gy + (R + 1) * u, C * u, u, Style(fill="band")))
    built = []
    for r, line in enumerate(design.grid.rows):
        for c, kind in enumerate(line):
            if kind in (BUILDING, SHRINE):
                built.append((gx + c * u, gy + (r + 1) * u, u, u))
    if built:
        items.append(rect_path(built, Style(fill="#cfcfcf")))
    cell_h = design.segment_rows * u
    for strip in strips:
        sx = gx + strip.c0 * u
        sy = gy + u + strip.layer * cell_h
        w = (strip.c1 - strip.c0) * u
        items.append(Rect(sx, sy, w, cell_h, Style(stroke="ink", stroke_width=0.35)))
        size = max(MIN_TEXT, min(7.0, cell_h * 0.55, w * 0.5))      # never under 6 pt (narrow tape: 5.6 pt)
        items.append(Circle(sx + w / 2, sy + cell_h / 2, size * 0.75, Style(fill="#ffffff", stroke="ink",
                                                                             stroke_width=0.25)))
        items.append(Text(sx + w / 2, sy + cell_h / 2 + 0.36 * size, str(strip.number), size, anchor="middle",
                          weight="bold"))
    label = 2.4
    right = gx + C * u + 3
    items.append(Text(right, gy + u * 0.5 + 0.8, band_owners(design, "top", _), label, style=Style(fill="muted")))
    items.append(Text(right, gy + (R + 1.5) * u + 0.8, band_owners(design, "bottom", _), label,
                      style=Style(fill="muted")))
    q = min(28.0, height - 10)
    if design.rules_url and qr_fits(design.rules_url, q):
        qx = x + width - q
        items.append(qr_group(design.rules_url, q, qx, gy))
        items.append(Text(qx + q / 2, gy + q + 3.5, _("the rules"), 2.6, anchor="middle"))
    return items


# -- print ------------------------------------------------------------------------------------------------------------------

def print_design(design, options: PrintOptions) -> Document:
    if isinstance(design, CatsMap):
        if options.paper or options.template:
            return strips_document(design, options)
        return Document.single(map_scene(design, options.bleed, lang=options.lang))
    if isinstance(design, CatsSetup):
        if options.paper or options.template:
            raise InputError(Says(N_("{field}: a set-up prints as one page at real size; leave out {option}"),
                                  field="paper", option="--paper"))
        scene = map_scene(design.map, options.bleed, drawings=design, lang=options.lang)
        scene.meta["kind"] = "setup"
        return Document.single(scene)
    if isinstance(design, CatsSegment):
        note = translator(options.lang).gettext("seed {seed}").format(seed=design.seed) + f" · washigen {__version__}"
        return Document.single(segment_scene(design.grid, design.tape_width, design.segment_rows, options.bleed,
                                             note=note, lang=options.lang))
    if isinstance(design, CatsRoll):
        from ...press.rolls import roll_document      # a roll past 5,080 mm: pages of whole repeats

        refuse_sheets(options)
        strip = roll_scene(design, options.bleed, options.lang)
        return roll_document(strip, repeat_length(design), strip.meta.get("title", ""), options.lang,
                             piece=piece_length(design))
    raise InputError(Says(N_("{game} cannot print {kind}"), game="cats", kind=type(design).__name__))


# -- player sheets --------------------------------------------------------------------------------------------------------------

SHEET_STRIP = (90.0, 26.0)         # two abreast on A4 or Letter, with room for their bleed between them


def player_strip(player_label: str, w: float = SHEET_STRIP[0], h: float = SHEET_STRIP[1], note: str = "",
                 bleed: float = 0.0, lang: str = "en") -> Scene:
    """A player strip to cut out: a band at a size you can write on, with a name line. The band runs into the
    bleed; its words keep the safe zone."""
    _ = translator(lang)
    scene = new_scene(w, h, bleed, {"kind": "sheet", "title": f"{TITLE} · " + _("player strips")})
    icon = 0.27 * h
    y = SAFE_ZONE + 0.5
    ink = Style(fill="band-ink")
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="band")))
    scene.add(Text(SAFE_ZONE + 1, y + 0.6 * icon, player_label, 3.4, weight="bold", style=ink))
    line_y = y + icon + 3.2
    scene.add(Text(SAFE_ZONE + 1, line_y, _("name"), MIN_TEXT, style=ink))
    scene.add(Line(SAFE_ZONE + 10, line_y + 0.2, SAFE_ZONE + 33, line_y + 0.2,
                   Style(stroke="band-ink", stroke_width=0.25)))
    groups = (("colour-box", 1, 0.485), ("special", 2, 0.67), ("fish", 2, 0.855))
    for name, count, at in groups:
        label = _(BAND_WORDS[name])
        x = at * w - (count * (icon + 1.0)) / 2
        for k in range(count):
            scene.add(use(scene, symbol(name, icon), x + k * (icon + 1.0), y, icon))
        scene.add(Text(at * w, line_y, label, MIN_TEXT, anchor="middle", style=ink))
    if note:
        scene.add(Text(w - SAFE_ZONE, h - SAFE_ZONE - descent(note) * MIN_FINE_PRINT, note, MIN_FINE_PRINT,
                       anchor="end", style=ink))
    return scene


def sheet_document(players: int, coop: bool, options: PrintOptions, seed: int | None = None) -> Document:
    """One strip a player (a team), two abreast where the paper is wide enough (one on A5), each with its bleed and
    crop marks."""
    seats = table(players, coop)
    paper = options.paper or "a4"
    w, h = PAPER_SIZES[paper]
    margin, gutter = 10.0, 2 * options.bleed
    abreast = 2 if 2 * SHEET_STRIP[0] + gutter <= w - 2 * margin else 1
    template = Template(f"{paper} player strips", w, h, (margin,) * 4,
                        grid=SheetGrid(SHEET_STRIP[0], SHEET_STRIP[1], cols=abreast, gutter=gutter))
    if options.template is not None:
        from ...press.templates import load_template
        template = load_template(options.template)
    _ = translator(options.lang)
    note = f"washigen {__version__}" + (" · " + _("seed {seed}").format(seed=seed) if seed is not None else "")
    labels = [_("team {number}").format(number=t) for t in range(1, seats.teams + 1)] if coop else \
        [_("player {number}").format(number=p) for p in range(1, players + 1)]
    fronts = [player_strip(label, note=note, bleed=options.bleed, lang=options.lang) for label in labels]
    what = (_("{players} players in teams") if coop else _("{players} players")).format(players=players)
    return impose_grid(fronts, template, replace(options, paper=paper, duplex="none"),
                       title=f"{TITLE} · " + _("player strips") + f" · {what}",
                       footer=f"{TITLE} · " + _("player strips") + f" · {note}")
