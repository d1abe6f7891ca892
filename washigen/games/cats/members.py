"""What the registry entry of Cats (__init__.py) names beyond its spec: golden designs, rule-sheet figures, the kit,
balance and play. Imported when one of them is first used (a Lazy member), so registering the game does not compile
them; each imports what it draws or plays with inside its body."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import InputError
from ...i18n import N_, check_language, translator
from ...words import Says
from .constants import TITLE

if TYPE_CHECKING:
    from ...arena import Balance
    from ...press import KitPart
    from .model import CatsMap, CatsSetup
    from .playtest import Played

GOLDEN_SEEDS = {"map-2p": 1, "map-4p": 2, "map-cutup": 3, "map-long": 4, "setup-2p": 1, "segment": 5}


def golden() -> dict:
    """Fixed seeds -> designs, whose text forms live in tests/golden/cats-*.txt."""
    from .generate import generate_map, generate_segment
    from .setup import generate_setup

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
        raise InputError(Says(N_("diagram parameter {key}: expected a whole number, got {value!r}"), key=key,
                              value=value)) from None


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `segment` (seed), `band`, `map` (players, seed), `cutup` (seed), and moves from
    real games: `play-step`, `play-jump`, `play-amazing`, `play-pop`, `play-building`, `play-game` (seed); each
    takes `lang` (en, de) for the words on the band."""
    from .draw import map_scene
    from .roll import segment_scene
    from .generate import generate_map, generate_segment

    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "segment":
        design = generate_segment(seed=_int(params, "seed", 1))
        return segment_scene(design.grid, design.tape_width, design.segment_rows,
                             note=translator(lang).gettext("seed {seed}").format(seed=design.seed), lang=lang)
    if name == "band":
        return band_diagram(lang)
    if name == "map":
        return map_scene(generate_map(players=_int(params, "players", 2), seed=_int(params, "seed", 1)), lang=lang)
    if name == "cutup":                 # how a cut-up looks: a drawing needs no fairness verdict (200+ games)
        return map_scene(generate_map(players=2, cut_up=True, seed=_int(params, "seed", 3), play_check=False),
                         lang=lang)
    if name.startswith("play-"):
        from .draw_game import figure
        return figure(name[len("play-"):], _int(params, "seed", 1), lang)
    raise InputError(Says(N_("{game} has no diagram {name!r}; it draws {names} and {plays}"), game="cats", name=name,
                          names="segment, band, map, cutup",
                          plays="play-step, play-jump, play-amazing, play-pop, play-building, play-game"))


CALLOUTS = ((N_("your colour"), N_("fill it in")), (N_("special moves"), N_("cross one off when used")),
            (N_("fish"), N_("cross one off for each catch")))
BAND_GROUPS = (("colour-box", 1), ("special", 2), ("fish", 2))     # as a band prints them, left to right


def band_diagram(lang: str = "en"):
    """The player band, more than twice its size, each part named below it. Each group of symbols stands in a
    slot as wide as its longer line of words, so the callouts of neighbouring groups never meet, in any language."""
    from ...fonts import text_width
    from ...scene import Line, Rect, Style, Text
    from .model import BAND_PAD
    from .symbols import new_scene, symbol, use

    h, title_size, line_size, gap = 12.0, 2.8, 2.3, 4.0
    icon, step, edge = 0.78 * h, 0.84 * h, BAND_PAD * h + 0.15 * h     # icon spacing and end room as on a band
    _ = translator(lang)
    callouts = [(_(title), _(line)) for title, line in CALLOUTS]
    groups = [count * step - (step - icon) for _name, count in BAND_GROUPS]
    slots = [max(group, text_width(title, title_size, "bold"), text_width(line, line_size))
             for group, (title, line) in zip(groups, callouts)]
    length = 2 * edge + sum(slots) + gap * (len(slots) - 1)
    scene = new_scene(length, h + 11.0, 0.0, {"kind": "diagram", "title": f"{TITLE} · " + _("the player band")})
    scene.add(Rect(0, 0, length, h, Style(fill="band")))
    x = edge
    for (name, count), group, slot, (title, line) in zip(BAND_GROUPS, groups, slots, callouts):
        middle = x + slot / 2
        for k in range(count):
            scene.add(use(scene, symbol(name, icon), middle - group / 2 + k * step, (h - icon) / 2, icon))
        scene.add(Line(middle, h + 0.6, middle, h + 2.2, Style(stroke="ink", stroke_width=0.25)),
                  Text(middle, h + 5.2, title, title_size, anchor="middle", weight="bold"),
                  Text(middle, h + 8.6, line, line_size, anchor="middle", style=Style(fill="muted")))
        x += slot + gap
    return scene


def kit(players: int, paper: str, lang: str = "en", seed: int = 1) -> list[KitPart]:
    """The map's tape strips on sheets, and player strips only for players the map's bands leave out. The
    instructions are said from the strips and the sheet they are printed on."""
    from ...press import KitPart, PrintOptions
    from ...press.impose import cut_words
    from .draw import (assembly_lines, band_panels, lanes_template, map_strips_for_sheets, sheet_document,
                       strips_document)
    from .generate import generate_map
    from .model import map_layers, table

    _ = translator(lang)
    design = generate_map(players=players, seed=seed)
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
        parts.append(KitPart(_("Player strips"), sheet_document(players, False, options, seed=seed),
                             _("{paper}, one side").format(paper=name),
                             _("Cut out one strip per player; the players without a band on the map use them.")))
    return parts


def balance(design: CatsMap | CatsSetup | None, games: int, seed: int, jobs: int, bots: str = "greedy") -> Balance:
    """Game.balance: a map's balance, or a set-up's (its drawings in every game); None: the 2-player map of
    `seed`."""
    from .generate import generate_map
    from .model import CatsSetup
    from .playtest import map_balance, map_of

    if design is None:
        design = generate_map(seed=seed)
    setup = design if isinstance(design, CatsSetup) else None
    return map_balance(map_of(design), games, seed, jobs, setup, bots)


def play(design: CatsMap | CatsSetup | None = None, seed: int | None = None, bots: str | None = None,
         first: int = 0) -> Played:
    """Game.play: one game on a map or set-up (None: the 2-player map of `seed`), seat `first` moving first; the
    game is seeded as `cats play --seed SEED` seeds its first game."""
    from ...arena import game_seed
    from .generate import generate_map
    from .model import CatsSetup
    from .playtest import map_of, play_game

    seed = 0 if seed is None else seed
    if design is None:
        design = generate_map(seed=seed)
    setup = design if isinstance(design, CatsSetup) else None
    game_map = map_of(design)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < game_map.players:
        raise InputError(Says(N_("{field}: must be a seat 0..{last}, got {value!r}"), field="first",
                              last=game_map.players - 1, value=first))
    return play_game(game_map, setup, bots or "greedy", game_seed(seed, 0), first)
