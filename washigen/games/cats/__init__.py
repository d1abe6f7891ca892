"""Tokyo Washi Game Cats: a cat's hunt for fish across a Tokyo of washi tape, for 2 to 6 players."""

from __future__ import annotations

from ...errors import InputError
from ...i18n import N_, check_language, translator
from ...press import KitPart, PrintOptions
from ...press.impose import cut_words
from .. import Component, Game, Param, register_game
from .commands import commands
from .draw import (TITLE, Panel, assembly_lines, band_items, band_panels, lanes_template, map_scene,
                   map_strips_for_sheets, new_scene, print_design, segment_scene, sheet_document, strips_document)
from .generate import generate_map, generate_segment, generate_setup
from .model import (DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, FORESTS_MAX, LONG_MAX, SEGMENT_COLS_RANGE,
                    SEGMENT_ROWS_RANGE, TAPE_WIDTH_RANGE, CatsMap, CatsRoll, CatsSegment, CatsSetup, map_layers,
                    table)
from .rules import check_design, validate
from .text import from_text, to_text

GOLDEN_SEEDS = {"map-2p": 1, "map-4p": 2, "map-cutup": 3, "map-long": 4, "setup-2p": 1, "segment": 5}


def _tape_params() -> tuple[Param, ...]:
    return (
        Param("tape_width", "length", "50mm", int(TAPE_WIDTH_RANGE[0]), int(TAPE_WIDTH_RANGE[1]),
              help="mm; a cell is the tape width over (rows + 1)"),
        Param("segment_rows", "int", DEFAULT_SEGMENT_ROWS, *SEGMENT_ROWS_RANGE),
        Param("segment_cols", "int", DEFAULT_SEGMENT_COLS, *SEGMENT_COLS_RANGE),
    )


def _map_params() -> tuple[Param, ...]:
    return (
        Param("players", "int", 2, 2, 6, help="2-3: one segment a side, 4-5: two, 6: three"),
        Param("coop", "bool", False, help="2 v 2 or 2 v 2 v 2 on the 2-player map"),
        Param("long", "int", 0, 0, LONG_MAX, help="extra layers (long game)"),
        Param("forests", "int", 0, 0, FORESTS_MAX, help="forest and shrub pieces"),
        Param("jinja", "bool", False),
        *_tape_params(),
        Param("seed", "int", None, 0, 2**63 - 1, help="chosen and printed when left out"),
    )


COMPONENTS = (
    Component("map", "the map at real size, or its tape strips on sheets (--paper)",
              _map_params() + (Param("cut_up", "bool", False, help="cut on grid lines, pieces laid anew"),
                               Param("variant", "int", None, 1, 100_000, help="one cut-up of the seed's map"),
                               Param("rules_url", "str", None, help="printed as a QR code"))),
    Component("tape", "artwork for a tape maker: tape width x length, bleed, repeat",
              _tape_params() + (Param("length", "length", "10m", 1, 100_000, help="mm"),
                                Param("bleed", "length", "3mm", 0, 20, help="mm"),
                                Param("segments", "int", 4, 1, 1000, help="distinct segments in the repeat"),
                                Param("rules_url", "str", None),
                                Param("seed", "int", None, 0, 2**63 - 1))),
    Component("sheet", "player strips to cut out", (Param("players", "int", 2, 2, 6), Param("coop", "bool", False))),
    Component("variants", "checked cut-ups of a map, the most balanced first",
              (Param("count", "int", 5, 1, 200), Param("tries", "int", None, 1, 100_000)) + _map_params()),
    Component("setup", "fish and cats drawn on a map", _map_params()),
)


def golden() -> dict:
    """Fixed seeds -> designs, whose text forms live in tests/golden/cats-*.txt."""
    two = generate_map(players=2, seed=GOLDEN_SEEDS["map-2p"])
    return {
        "map-2p": two,
        "map-4p": generate_map(players=4, seed=GOLDEN_SEEDS["map-4p"]),
        "map-cutup": generate_map(players=2, cut_up=True, seed=GOLDEN_SEEDS["map-cutup"]),
        "map-long": generate_map(players=2, long=1, forests=4, seed=GOLDEN_SEEDS["map-long"]),
        "setup-2p": generate_setup(two, seed=GOLDEN_SEEDS["setup-2p"]),
        "segment": generate_segment(seed=GOLDEN_SEEDS["segment"]),
    }


def _int(params: dict, key: str, default: int) -> int:
    value = params.get(key, default)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InputError(f"diagram parameter {key}: expected a whole number, got {value!r}") from None


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `segment` (seed), `band`, `map` (players, seed), `cutup` (seed); each takes
    `lang` (en, de) for the words on the band."""
    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "segment":
        design = generate_segment(seed=_int(params, "seed", 1))
        return segment_scene(design.grid, design.tape_width, design.segment_rows,
                             note=translator(lang).gettext("seed {seed}").format(seed=design.seed), lang=lang)
    if name == "band":
        return band_diagram(lang)
    if name == "map":
        return map_scene(generate_map(players=_int(params, "players", 2), seed=_int(params, "seed", 1)), lang=lang)
    if name == "cutup":
        return map_scene(generate_map(players=2, cut_up=True, seed=_int(params, "seed", 3)), lang=lang)
    raise InputError(f"cats has no diagram {name!r}; it draws segment, band, map and cutup")


CALLOUTS = ((N_("your colour"), N_("fill it in")), (N_("special moves"), N_("cross one off when used")),
            (N_("fish"), N_("cross one off for each catch")))


def band_diagram(lang: str = "en"):
    """The player band, more than twice its size, each part named below it."""
    from ...fonts import text_width
    from ...scene import Group, Line, Style, Text

    h, length = 12.0, 104.0
    _ = translator(lang)
    scene = new_scene(length, h + 11.0, 0.0, {"kind": "diagram", "title": f"{TITLE} · " + _("the player band")})
    anchors: dict = {}
    scene.add(Group(band_items(scene, length, h, [Panel(0, length, "")], words=False, anchors=anchors,
                               spread=2.0)))
    for name, (title, line) in zip(("colour-box", "special", "fish"), CALLOUTS):
        title, line = _(title), _(line)
        half = max(text_width(title, 2.8, "bold"), text_width(line, 2.3)) / 2 + 1.5   # 1.5 mm from the edge
        x = min(max(anchors[name], half), length - half)
        scene.add(Line(anchors[name], h + 0.6, anchors[name], h + 2.2, Style(stroke="ink", stroke_width=0.25)),
                  Text(x, h + 5.2, title, 2.8, anchor="middle", weight="bold"),
                  Text(x, h + 8.6, line, 2.3, anchor="middle", style=Style(fill="muted")))
    return scene


def kit(players: int, paper: str, lang: str = "en") -> list[KitPart]:
    """The map's tape strips on sheets (seed 1), and player strips only for players the map's bands leave out.
    The instructions are said from the strips and the sheet they are printed on."""
    _ = translator(lang)
    design = generate_map(players=players, seed=1)
    options = PrintOptions(paper=paper, lang=lang)
    name = paper.upper() if paper.lower() == "a4" else paper.title()
    strips = map_strips_for_sheets(design, options)
    how = assembly_lines(strips, map_layers(design), lang)[1:]
    cut = _("Cut out the strips {how} and lay them in number order.").format(
        how=cut_words(lanes_template(design, options), options))
    parts = [KitPart(_("Map"), strips_document(design, options),
                     _("{paper}, plain white paper, one side").format(paper=name),
                     " ".join([cut, *how, _("The last page shows how they go together.")]))]
    seated = sum(len(band_panels(design, side, 1.0)) for side in ("top", "bottom"))
    needed = table(players, False).teams if design.coop else players
    if seated < needed:
        parts.append(KitPart(_("Player strips"), sheet_document(players, False, options, seed=1),
                             _("{paper}, one side").format(paper=name),
                             _("Cut out one strip per player; the players without a band on the map use them.")))
    return parts


GAME = register_game(Game(
    name="cats",
    title=TITLE,
    designs={"map": CatsMap, "setup": CatsSetup, "segment": CatsSegment, "roll": CatsRoll},
    validate=validate,
    print_design=print_design,
    aliases=("tokyo-washi-cats", "washi-cats"),
    components=COMPONENTS,
    to_text=to_text,
    from_text=from_text,
    check_design=check_design,
    diagram=diagram,
    golden=golden,
    kit=kit,
    commands=commands,
))

__all__ = ["GAME"]
