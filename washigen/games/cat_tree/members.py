"""What the registry entry of Cat Tree (__init__.py) names beyond its spec: validating, writing and checking a
design, golden designs, rule-sheet figures, the kit and play. Imported when one of them is first used (a Lazy
member), so registering the game does not compile them; each imports what it draws or plays with inside its body."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import DesignFormatError, InputError
from ...i18n import check_language, translator
from ...words import N_, Says
from .constants import REFERENCE_CARDS

if TYPE_CHECKING:
    from ...press import KitPart
    from ...report import Report
    from ...scene import Scene
    from .model import CatTreeLayout

GOLDEN_SEEDS = (1, 2, 3)


def validate_design(design) -> Report:
    """A layout's placement rules; a deck's count of cards."""
    from .rules import validate

    return validate(design)


def score_comments(design: CatTreeLayout) -> list[str]:
    """The score and the rules broken, as comment lines under a layout's text."""
    from . import text
    from .rules import score, validate

    result, report = score(design), validate(design)
    verdict = "no rule broken" if report.ok else (f"{len(report.errors)} card breaks a placement rule" if len(report.errors) == 1
                                                   else f"{len(report.errors)} cards break a placement rule")
    lines = [f"score: {result.total} points; {verdict}", ""] + text.score_table(result)
    if report.violations:
        lines += [""] + [str(v) for v in report.violations]
    return lines


def to_text(design) -> str:
    from . import text
    from .model import CatTreeLayout

    if isinstance(design, CatTreeLayout):
        return text.to_text(design, score_comments(design))
    return text.to_text(design)


def check_design(design) -> None:
    """Cards inside the grid, one per cell."""
    from .model import CatTreeLayout

    if not isinstance(design, CatTreeLayout):
        return
    seen: dict[tuple[int, int], int] = {}
    for index, card in enumerate(design.cards):
        if card.row > design.height:
            raise DesignFormatError(Says(N_("row {row} is above the grid's {height} rows"), row=card.row,
                                         height=design.height), path=f"cards[{index}].row")
        if card.col > design.width:
            raise DesignFormatError(Says(N_("column {col} is right of the grid's {width} columns"), col=card.col,
                                         width=design.width), path=f"cards[{index}].col")
        cell = (card.row, card.col)
        if cell in seen:
            raise DesignFormatError(Says(N_("a second card in row {row}, column {col} ({other} is there already)"),
                                         row=card.row, col=card.col, other=f"cards[{seen[cell]}]"),
                                    path=f"cards[{index}]")
        seen[cell] = index


def diagram(name: str, params: dict) -> Scene:
    """`card` (name= one of the structures or ranks), `back`, `tree` (the scored example), `reference`; each takes
    `lang`."""
    from . import draw, text
    from .model import BY_NAME, NAMES, RANKS
    from .rules import score

    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "card":
        wanted = str(params.get("name", "box"))
        try:
            card = text.token_card(wanted)
        except KeyError:
            card = None
        if card is None:
            raise InputError(Says(N_("{where}: {field}: unknown structure {value!r}; use one of {names} or a rank "
                                     "({ranks})"), where="diagram cat-tree/card", field="name", value=wanted,
                                  names=", ".join(NAMES), ranks=" ".join(RANKS)))
        return draw.card_front(BY_NAME[card], bleed=0.0, lang=lang)
    if name == "back":
        return draw.card_back(bleed=0.0)
    if name == "tree":
        example = text.example_layout()
        return draw.tree_scene(example, score(example), translator(lang).gettext("The example tree"), lang)
    if name == "reference":
        return draw.reference_pair(lang=lang)
    raise InputError(Says(N_("{field}: {reason}"), field="diagram", reason=Says(
        N_("{game} has no diagram {name!r}; known: {known}"), game="cat-tree", name=name,
        known="card, back, tree, reference")))


def golden() -> dict:
    from . import text
    from .generate import generate_layout

    designs = {"example": text.example_layout()}
    designs.update({f"play-{seed}": generate_layout(seed) for seed in GOLDEN_SEEDS})
    return designs


def kit(players: int, paper: str, lang: str = "en") -> list[KitPart]:
    """The cards (both sides), the two reference cards and the score sheet. The game is for two players whatever
    `players` says: nothing printed depends on it."""
    from ...press import PrintOptions
    from . import draw
    from .model import CatTreeDeck

    options = PrintOptions(paper=paper, duplex="long", lang=lang)
    return draw.kit_parts(paper, CatTreeDeck(reference_cards=REFERENCE_CARDS), options)


def play(design: CatTreeLayout | None = None, seed: int | None = None, bots: str | None = None):
    """One game on the engine (both players build one tree; bots greedy by default, or random, strong, strong:N,
    one name or one per player): a PlayedGame with its layout and turns. The tree grows from the deal, on the 8 x 8
    grid or on an empty layout's (its width and height), as `cat-tree play --map FILE` plays it; a layout with
    cards is refused, as balance refuses it (playtest.grid_of). The annotation names the layout: the studio offers
    its bot game on an empty one (studio/offers.py)."""
    from .playtest import grid_of, play_bots

    width, height = grid_of(design)
    return play_bots(0 if seed is None else seed, bots or "greedy", 0, width, height)
