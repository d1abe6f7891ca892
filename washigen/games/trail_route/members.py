"""What the registry entry of The Cats' Trail Route (__init__.py) names beyond its spec: the load-time check of a
setup, golden designs, rule-sheet figures, the kit and play. Imported when one of them is first used (a Lazy
member), so registering the game does not compile them; each imports what it draws or plays with inside its body."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...errors import DesignFormatError, InputError
from ...i18n import check_language, translator
from ...words import N_, Says
from .constants import GAME, PLAYERS, TITLE

if TYPE_CHECKING:
    from ...press import Document, KitPart
    from .model import TrailRouteSetup

def check_design(design: TrailRouteSetup) -> None:
    """A mix that names a tile type twice cannot be read: which count would hold?"""
    for part in ("road", "exchange", "destinations"):
        seen = Counter(code for code, _ in getattr(design.mix, part))
        for index, (code, _) in enumerate(getattr(design.mix, part)):
            if seen[code] > 1:
                raise DesignFormatError(Says(N_("{code!r} is listed twice"), code=code), path=f"mix.{part}[{index}]")


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `board` (players 3 or 4), `tiles`, `cards`; each takes `lang`."""
    from .draw import BOARD_TEXT, board_scene
    from .figures import cards_figure, tiles_figure
    from .generate import generate_setup

    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "board":
        players = int(params.get("players", 4))
        if players not in PLAYERS:
            raise InputError(Says(N_("{where}: {field} must be 3 or 4, got {value}"), where="diagram board",
                                  field="players", value=players))
        # 13 mm cells: the figure spans the page at about real size; its tiles show pictures, no words.
        return board_scene(generate_setup(players, seed=1), cell=13.0, legend=False, lang=lang,
                           min_text=BOARD_TEXT)
    if name == "tiles":
        return tiles_figure(lang)
    if name == "cards":
        return cards_figure(lang)
    raise InputError(Says(N_("{game} has no diagram {name!r}; known: {known}"), game=GAME, name=name,
                          known="board, tiles, cards"))


def golden() -> dict[str, TrailRouteSetup]:
    from .generate import generate_setup

    return {"setup-3p": generate_setup(3, seed=1), "setup-4p": generate_setup(4, seed=1)}


def mat_instructions(mat: Document, lang: str = "en") -> str:
    """How to put the mat together, naming the sheets the mat printed (so the words follow the drawing)."""
    _ = translator(lang)
    names = [page.meta["sheet"] for page in mat.pages]
    if len(names) == 1:
        return _("One sheet: the whole mat.")
    return _("Trim each sheet at its dashed line where a neighbour overlaps, lay the sheets in order {sheets} with "
             "their crosses on top of each other, and tape them.").format(sheets=", ".join(names))


def kit(players: int, paper: str, lang: str = "en", seed: int = 1) -> list[KitPart]:
    from ...press import KitPart, PrintOptions
    from .board_mat import print_mat
    from .draw import print_setup
    from .generate import generate_setup
    from .hand_cards import print_cards
    from .model import load_mix
    from .pawns import print_pawns
    from .score_pad import score_pad
    from .tiles import print_tiles

    if players not in PLAYERS:
        raise InputError(Says(N_("{field}: {title} is for 3 or 4 players, got {value}"), field="players", title=TITLE,
                              value=players))
    _ = translator(lang)
    mix = load_mix()
    duplex = PrintOptions(paper=paper, duplex="long", lang=lang)
    plain = PrintOptions(paper=paper, lang=lang)
    name = paper.upper() if paper.lower() == "a4" else paper.capitalize()      # A4, Letter (not LETTER)
    mat = print_mat(40.0, paper, lang)
    return [
        KitPart(_("Setup"), print_setup(generate_setup(players, seed=seed), plain),
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
        # A3 holds the 405 x 275 mm mat whole; Tabloid (11 x 17 in) leaves it 2 mm a side, past a home printer's margin
        KitPart(_("Board mat"), mat, (_("{paper} paper, one side (or A3 in one piece)") if paper.lower() == "a4"
                                      else _("{paper} paper, one side")).format(paper=name),
                mat_instructions(mat, lang)),
        KitPart(_("Score pad"), score_pad(paper, lang), _("{paper} paper").format(paper=name),
                _("Two pads per sheet; cut in half.")),
    ]


def play(setup: TrailRouteSetup | None = None, seed: int | None = None, bots: str | None = None,
         players: int | None = None):
    """One game played to its end by the engine (washigen.arena): on `setup`, or on a setup dealt from `seed` for
    `players` (4 unless given; with a setup, its own or refused); `bots` names a policy for every seat or one per
    seat (`"greedy"`, `"greedy,random,random"`)."""
    from .bots import make_policies
    from .engine import GameResult, play_game
    from .generate import generate_setup
    from .model import TrailRouteSetup

    seed = 0 if seed is None else seed
    if setup is None:
        setup = generate_setup(4 if players is None else players, seed)
    elif not isinstance(setup, TrailRouteSetup):
        raise InputError(Says(N_("{field}: {game} plays on a setup, got a {other} {kind}"), field="play", game=GAME,
                              other=getattr(setup, "GAME", "?"), kind=getattr(setup, "KIND", type(setup).__name__)))
    else:
        from .rules import playable

        playable(setup)
        if players is not None and players != setup.players:
            raise InputError(Says(N_("{field}: the setup is dealt for {players} players, not {value}"), field="players",
                                  players=setup.players, value=players))
    names = [name.strip() for name in (bots or "greedy").split(",")]
    names = names * setup.players if len(names) == 1 else names
    if len(names) != setup.players:
        raise InputError(Says(N_("{field}: name one of {names} ({strong}) for every seat, or one per seat "
                                 "({players}), got {value!r}"), field="bots", names="random, greedy, strong",
                              strong="strong:N", players=setup.players, value=bots))
    result: GameResult = play_game(setup, make_policies(names, seed, option="bots"))
    return result
