"""Cat Tree drawings and their print documents: the deck (pictures.py draws the structures, cards.py the cards,
reference.py the reference card), a scored tree (tree.py), the score sheet (sheet.py), the rule sheet's figures and
the kit. Every name the game and its tests use is importable from here."""

from __future__ import annotations

from ... import __version__
from ...i18n import N_, translator
from ...press import Document, KitPart, PrintOptions, Template, template_for
from ...press.impose import cut_words, impose_grid
from ...press.templates import Grid
from ...scene import Group, PlaceGrid, Scene
from ...units import CARD_SIZES, MIN_PAGE_MARGIN, paper_size
from .cards import card_back, card_front, card_layout, rank_index
from .model import GAME, STRUCTURES, TITLE, CatTreeDeck
from .pictures import COLOURS, POKER_H, POKER_W, SUPPORT, SUPPORT_DARK, WALL, WALL_LINE, art_symbol, tint
from .reference import reference_back, reference_front
from .sheet import SHEET_COLS, SHEET_ROWS, paper_label, score_sheet
from .tree import CELL_H, CELL_W, GAP, tree_frame, tree_scene
from .tree import print_layout as _print_layout

def print_design(design, options: PrintOptions) -> Document:
    """Game.print_design: a deck's sheets, or a layout's tree with its points, titled with its seed."""
    from .rules import score

    if isinstance(design, CatTreeDeck):
        return print_deck(design, options)
    _ = translator(options.lang)
    seed = "" if design.seed is None else " · " + _("seed {seed}").format(seed=design.seed)
    return print_layout(design, score(design), options, title=f"{TITLE}{seed}")


def print_layout(design, score, options: PrintOptions, title: str = "") -> Document:
    """The tree as tree.print_layout prints it; at its own size (no paper), with where each card's cell lies on the
    page (scene.places, for marks and the tree editor): cell (row, col) at x + (col - 1) * (CELL_W + GAP),
    y + (height - row) * (CELL_H + GAP)."""
    document = _print_layout(design, score, options, title)
    if not options.paper:
        _, _, x, y = tree_frame(design)
        document.pages[0].places.grid = PlaceGrid(x, y, CELL_W, CELL_H, CELL_W + GAP, CELL_H + GAP, design.height,
                                                  design.width, rows_up=True)
    return document


# -- the deck document -----------------------------------------------------------------------------------------

def deck_cards(deck: CatTreeDeck, bleed: float, duplex: str, lang: str = "en") -> tuple[list[Scene], list[Scene]]:
    """Fronts and their backs, in print order: every structure's copies, then the reference cards. Printed
    single-sided, each reference card's scoring side becomes a card of its own."""
    w, h = CARD_SIZES[deck.card]
    back = card_back(w, h, bleed)
    fronts: list[Scene] = []
    for structure in STRUCTURES:
        front = card_front(structure, w, h, bleed, lang)
        fronts += [front] * deck.copies
    backs = [back] * len(fronts)
    if deck.reference_cards:
        ref_front, ref_back = reference_front(w, h, bleed, lang), reference_back(w, h, bleed, lang)
        if duplex == "none":
            for _ in range(deck.reference_cards):
                fronts += [ref_front, ref_back]
                backs += [back, back]
        else:
            fronts += [ref_front] * deck.reference_cards
            backs += [ref_back] * deck.reference_cards
    return fronts, backs


# The card sizes as a footer names them.
CARD_SIZE_WORDS = {"poker": N_("poker"), "bridge": N_("bridge"), "mini-euro": N_("mini-euro"), "tarot": N_("tarot")}


def card_template(card: str, options: PrintOptions) -> Template:
    """The user's template, the built-in one for the card and paper, or for bridge cards (no built-in sheet) a
    grid of abutting cards like the poker sheets, as many as the paper holds (3 x 3 on A4 and Letter)."""
    paper = options.paper or "a4"
    if card != "bridge" or options.template is not None:
        return template_for(card, paper, options.template)
    pw, ph = paper_size(paper)
    w, h = CARD_SIZES[card]
    return Template(f"{paper_label(paper)} bridge", pw, ph, (MIN_PAGE_MARGIN,) * 4,
                    grid=Grid(w, h, gutter=0.0))


def print_deck(deck: CatTreeDeck, options: PrintOptions) -> Document:
    _ = translator(options.lang)
    fronts, backs = deck_cards(deck, options.bleed, options.duplex, options.lang)
    template = card_template(deck.card, options)
    w, h = CARD_SIZES[deck.card]
    footer = f"{TITLE} · " + _("{card} cards {width} × {height} mm").format(
        card=_(CARD_SIZE_WORDS[deck.card]), width=_.mm(w), height=_.mm(h)) + f" · washigen {__version__}"
    return impose_grid(fronts, template, options, backs=backs, title=f"{TITLE}: " + _("deck"), footer=footer)


# -- diagrams for the rule sheet -----------------------------------------------------------------------------------

def reference_pair(w: float = POKER_W, h: float = POKER_H, lang: str = "en") -> Scene:
    """Both sides of the reference card, side by side."""
    gap = 6.0
    front, back = reference_front(w, h, 0.0, lang), reference_back(w, h, 0.0, lang)
    scene = Scene(2 * w + gap, h, meta={"game": GAME, "kind": "reference", "version": __version__,
                                        "title": translator(lang).gettext("reference card")})
    for symbol in front.symbols.values():
        scene.define(symbol)
    scene.add(Group(front.children, clip=(0, 0, w, h)), Group(back.children, dx=w + gap, clip=(0, 0, w, h)))
    return scene


def sheet_document(paper: str, lang: str = "en") -> Document:
    return Document.single(score_sheet(paper, lang))             # titled as the sheet is, in its language


def kit_parts(paper: str, deck: CatTreeDeck, options: PrintOptions) -> list[KitPart]:
    """The deck (the reference cards fill its last sheet) and the score sheet; the instructions say how this very
    sheet is cut (crop marks or cut lines) and which cards it holds."""
    _ = translator(options.lang)
    name = paper_label(paper)
    cards = print_deck(deck, options)
    count = len(STRUCTURES) * deck.copies
    how = cut_words(card_template(deck.card, options), options)
    if deck.reference_cards:
        cut = _("Print both sides and cut {how}: {count} structure cards with their backs, and {reference} reference "
                "cards (structures on the front, scoring on the back), one per player.").format(
                    how=how, count=count, reference=deck.reference_cards)
    else:
        cut = _("Print both sides and cut {how}: {count} structure cards with their backs.").format(how=how,
                                                                                                  count=count)
    return [
        KitPart(_("Cards"), cards, _("{paper} card stock, both sides ({duplex})").format(
                    paper=name, duplex=_(DUPLEX_WORDS[options.duplex])), cut),
        KitPart(_("Score sheet"), sheet_document(paper, options.lang),
                _("{paper} plain paper, one side").format(paper=name),
                _("Write each card's rank in its cell, the points of each row on the right, the total at the "
                  "foot.")),
    ]


DUPLEX_WORDS = {"long": N_("flip on the long edge"), "short": N_("flip on the short edge"), "none": N_("one side")}


__all__ = [      # what the game's package, the studio and the tests use, wherever it is drawn
    "CELL_H", "CELL_W", "COLOURS", "DUPLEX_WORDS", "GAP", "SHEET_COLS", "SHEET_ROWS", "SUPPORT", "SUPPORT_DARK", "WALL",
    "WALL_LINE", "art_symbol", "card_back", "card_front", "card_layout", "card_template", "deck_cards", "kit_parts",
    "paper_label", "print_deck", "print_layout", "rank_index", "reference_back", "reference_front", "reference_pair",
    "score_sheet", "sheet_document", "tint", "tree_frame", "tree_scene",
]
