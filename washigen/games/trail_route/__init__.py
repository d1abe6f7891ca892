"""The Cats' Trail Route: road, destination and exchange tiles, hand cards, cat pawns, a board mat and score pad
to print; a setup generator and validator; a rules engine that plays the game."""

from __future__ import annotations

from collections import Counter

from ...errors import DesignFormatError, InputError
from ...i18n import check_language, translator
from ...press import Document, KitPart, PrintOptions
from .. import Component, Game, Param, register_game
from .commands import TILE_SIZE_RANGE, commands
from .draw import (board_scene, cards_figure, print_cards, print_mat, print_pawns, print_setup, print_tiles,
                   score_pad, tiles_figure)
from .generate import generate_setup
from .model import GAME, PLAYERS, TITLE, TrailRouteSetup, load_mix
from .rules import validate
from .text import from_text, to_text


def check_design(design: TrailRouteSetup) -> None:
    """A mix that names a tile type twice cannot be read: which count would hold?"""
    for part in ("road", "exchange", "destinations"):
        seen = Counter(code for code, _ in getattr(design.mix, part))
        for index, (code, _) in enumerate(getattr(design.mix, part)):
            if seen[code] > 1:
                raise DesignFormatError(f"{code!r} is listed twice", path=f"mix.{part}[{index}]")


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `board` (players 3 or 4), `tiles`, `cards`; each takes `lang`."""
    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "board":
        players = int(params.get("players", 4))
        if players not in PLAYERS:
            raise InputError(f"diagram board: players must be 3 or 4, got {players}")
        return board_scene(generate_setup(players, seed=1), cell=14.0, legend=False, lang=lang)
    if name == "tiles":
        return tiles_figure(lang)
    if name == "cards":
        return cards_figure(lang)
    raise InputError(f"{GAME} has no diagram {name!r}; known: board, tiles, cards")


def golden() -> dict[str, TrailRouteSetup]:
    return {"setup-3p": generate_setup(3, seed=1), "setup-4p": generate_setup(4, seed=1)}


def mat_instructions(mat: Document, lang: str = "en") -> str:
    """How to put the mat together, naming the sheets the mat printed (so the words follow the drawing)."""
    _ = translator(lang)
    names = [page.meta["sheet"] for page in mat.pages]
    if len(names) == 1:
        return _("One sheet: the whole mat.")
    return _("Trim each sheet at its dashed line where a neighbour overlaps, lay the sheets in order {sheets} with "
             "their crosses on top of each other, and tape them.").format(sheets=", ".join(names))


def kit(players: int, paper: str, lang: str = "en") -> list[KitPart]:
    if players not in PLAYERS:
        raise InputError(f"players: The Cats' Trail Route is for 3 or 4 players, got {players}")
    _ = translator(lang)
    mix = load_mix()
    duplex = PrintOptions(paper=paper, duplex="long", lang=lang)
    plain = PrintOptions(paper=paper, lang=lang)
    name = paper.upper()
    mat = print_mat(40.0, paper, lang)
    return [
        KitPart(_("Setup"), print_setup(generate_setup(players, seed=1), plain),
                _("{paper}, plain paper").format(paper=name),
                _("Lay the tiles out as this sheet shows, or deal your own with `washigen trail-route setup`.")),
        KitPart(_("Tiles"), print_tiles(mix, 40.0, duplex, paper),
                _("{paper} card stock, both sides (flip on the long edge)").format(paper=name),
                _("Cut the tiles on the crop marks; keep the exchange tiles (turning arrows in the corner) as a "
                  "separate face-down deck.")),
        KitPart(_("Hand cards"), print_cards(duplex, paper),
                _("{paper} card stock, both sides (flip on the long edge)").format(paper=name),
                _("Cut the 16 cards on the crop marks.")),
        KitPart(_("Cat pawns"), print_pawns(plain, paper), _("{paper} card stock, one side").format(paper=name),
                _("Cut each standee out, fold on the dashed lines and glue the two feet together under it.")),
        KitPart(_("Board mat"), mat, _("{paper} paper, one side (or A3 in one piece)").format(paper=name),
                mat_instructions(mat, lang)),
        KitPart(_("Score pad"), score_pad(paper, lang), _("{paper} paper").format(paper=name),
                _("Two pads per sheet; cut in half.")),
    ]


GAME_INFO = register_game(Game(
    name=GAME,
    title=TITLE,
    aliases=("trailroute", "trail_route"),
    designs={TrailRouteSetup.KIND: TrailRouteSetup},
    validate=validate,
    print_design=print_setup,
    components=(
        Component("components", "every tile, hand card, cat pawn, the board mat and a score pad, ready to cut", (
            Param("tile_size", "length", "40mm", TILE_SIZE_RANGE[0], TILE_SIZE_RANGE[1],
                  help="square road and destination tiles"),
            Param("mix", "str", "assets/trail-route-mix.toml", help="how many tiles of each type"),
            Param("mat_paper", "choice", "same as --paper", choices=("a3", "a4", "letter", "tabloid")))),
        Component("setup", "a dealt table that passes every placement rule", (
            Param("players", "int", 4, 3, 4), Param("seed", "int", None, 0), Param("mix", "str", "default"))),
        Component("play", "plays a game to its end and prints the moves and scores", (
            Param("players", "int", 4, 3, 4), Param("seed", "int", None, 0),
            Param("policy", "choice", "greedy", choices=("random", "greedy")))),
    ),
    to_text=to_text,
    from_text=from_text,
    check_design=check_design,
    diagram=diagram,
    golden=golden,
    kit=kit,
    commands=commands,
))
