"""The layout text: one line per row, top row first, the floor row last; tokens separated by spaces: `.` for an
empty cell, or a rank (A 3 6 7 8 10 J K) or a name (pipe scratcher hammock catwalk box toy shelf nest), in any
case; `#` starts a comment; every row has the same number of tokens.

    # the example of the rules: 44 points
    .    .        nest
    box  catwalk  shelf
    box  pipe     scratcher

A deck's listing (`cat-tree deck -o deck.txt`) is read back too: its title line, then RANK NAME x COPIES a line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence, cast

from ...errors import DesignFormatError, InputError
from ...i18n import SOURCE_LANGUAGE, Translator, translator
from ...inputs import clipped
from ...words import N_, Says
from ..foreign import refuse_other_design
from ..params import SEED_MAX
from .model import (ALTITUDE, BY_NAME, BY_RANK, CARD_SIZE_NAMES, COPIES, CardSize, MAX_GRID, MAX_REFERENCE_CARDS, NAMES,
                    RANKS, STRUCTURES, TITLE, CatTreeDeck, CatTreeLayout, layout_from_grid)

EMPTY = "."
AT_LINE = N_("{source}: line {line}: {reason}")            # a refusal of one line of a text


def token_card(token: str) -> str | None:
    """The card name a token stands for, None for an empty cell; raises KeyError for anything else."""
    if token == EMPTY:
        return None
    upper = token.upper()
    if upper in BY_RANK:
        return BY_RANK[upper].name
    lower = token.lower()
    if lower in BY_NAME:
        return lower
    raise KeyError(token)


def from_text(text: str, source: str = "layout") -> CatTreeLayout | CatTreeDeck:
    """Parses a layout, or a deck's listing (to_text writes both); a token or row it cannot read raises InputError
    naming the line and the token. The seed is read from the title line, where it has one."""
    refuse_other_design(text, source, "cat-tree", "layout")
    first = text.split("\n", 1)[0]
    deck_title = DECK_TITLE.match(first)
    design: CatTreeLayout | CatTreeDeck
    if deck_title is not None:
        design, written = deck_from_text(text, source), deck_title.group(3)
    else:
        layout_title = LAYOUT_SEED.match(first)
        design, written = layout_from_text(text, source), None if layout_title is None else layout_title.group(1)
    if written is None:
        return design
    # A seed out of range is refused as the JSON form refuses it, not dropped; its length is looked at before
    # int() is (a line of thousands of digits is more than int() reads).
    if written.startswith("-") or len(written) > len(str(SEED_MAX)) or int(written) > SEED_MAX:
        raise InputError(Says(AT_LINE, source=source, line=1, reason=Says(
            N_("{field}: must be a whole number {low}..{high}, got {value!r}"), field="seed", low=0, high=SEED_MAX,
            value=clipped(written))))
    return replace(design, seed=int(written))


def layout_from_text(text: str, source: str = "layout") -> CatTreeLayout:
    """A layout's rows read into its grid. A refusal is a DesignFormatError naming the line apart from the file, so
    that a loader trying each game's reader in turn says it in the page's language without the file's name."""
    rows: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        tokens = line.split("#", 1)[0].split()
        if tokens:
            rows.append((number, tokens))
    if not rows:
        raise DesignFormatError(Says(N_("no rows; write one line per row, top row first, floor row last, with . for "
                                        "an empty cell")), source=source)
    first_line, first = rows[0]
    width, height = len(first), len(rows)
    if width > MAX_GRID or height > MAX_GRID:
        raise DesignFormatError(Says(N_("{width} x {height} cells; a layout holds at most {most} x {most}"),
                                     width=width, height=height, most=MAX_GRID), source=source)
    grid: dict[tuple[int, int], str] = {}
    for index, (number, tokens) in enumerate(rows):
        if len(tokens) != width:
            raise DesignFormatError(Says(
                N_("{count} cells, but line {first} has {width}; every row must have the same number of cells (. for "
                   "an empty one)"), count=len(tokens), first=first_line, width=width),
                path=f"line {number}", source=source)
        row = height - index
        for col, token in enumerate(tokens, start=1):
            try:
                name = token_card(token)
            except KeyError:
                raise DesignFormatError(Says(
                    N_("unknown token {token!r} (cell {col}); use . for an empty cell, a rank ({ranks}) or a name "
                       "({names})"), token=clipped(token), col=col, ranks=" ".join(RANKS),
                    names=" ".join(NAMES)), path=f"line {number}", source=source) from None
            if name is not None:
                grid[(row, col)] = name
    return layout_from_grid(grid, width, height)


def grid_lines(design: CatTreeLayout, use_ranks: bool = False) -> list[str]:
    """The rows of the layout, top row first, columns aligned."""
    grid = design.grid()
    cells = [[_token(grid.get((row, col)), use_ranks) for col in range(1, design.width + 1)]
             for row in range(design.height, 0, -1)]
    widths = [max(len(line[col]) for line in cells) for col in range(design.width)]
    return [" ".join(token.ljust(widths[col]) for col, token in enumerate(line)).rstrip() for line in cells]


def _token(name: str | None, use_ranks: bool) -> str:
    if name is None:
        return EMPTY
    return BY_NAME[name].rank if use_ranks else name


def to_text(design: CatTreeLayout | CatTreeDeck, comments: Sequence[str] = ()) -> str:
    """The layout text of a layout (`comments` follow it as # lines), or a listing of a deck."""
    if isinstance(design, CatTreeDeck):
        return deck_text(design)
    seed = "" if design.seed is None else f" · seed {design.seed}"
    head = [f"# {TITLE} · layout {design.width} x {design.height}{seed} · {len(design.cards)} cards",
            "# one line per row, top row first; the last line is the floor (row 1); . is an empty cell"]
    tail = [f"# {line}" if line else "#" for line in comments]
    return "\n".join(head + grid_lines(design) + (["#"] + tail if tail else [])) + "\n"


def deck_text(deck: CatTreeDeck) -> str:
    seed = "" if deck.seed is None else f" · seed {deck.seed}"
    lines = [f"# {TITLE} · deck · {deck.card} cards · {deck.copies * len(STRUCTURES)} structure cards "
             f"and {deck.reference_cards} reference cards{seed}"]
    for structure in STRUCTURES:
        lines.append(f"{structure.rank:>2}  {structure.title:<10} x {deck.copies}")
    return "\n".join(lines) + "\n"


# The title lines to_text writes: a deck's says its card size and counts, and each its seed where it has one.
DECK_TITLE = re.compile(rf"# {re.escape(TITLE)} · deck · (\S+) cards · \d+ structure cards and "
                        r"(\d+) reference cards(?: · seed (-?\d+))?\s*$")
LAYOUT_SEED = re.compile(rf"# {re.escape(TITLE)} · layout \d+ x \d+ · seed (-?\d+) · ")
DECK_LINE = re.compile(r"\s*(\S+)\s+(\S+)\s+x\s+(\d+)\s*$")
COUNT_DIGITS = 3                # a longer count is far past any limit of a deck (and past what int() reads)


def deck_from_text(text: str, source: str = "deck") -> CatTreeDeck:
    """A deck's listing read back: its title line gives the card size and the reference cards, and every structure
    has a line `RANK  NAME  x COPIES`, the same count for each (a deck holds as many of every structure)."""
    lines = text.splitlines()
    title = DECK_TITLE.match(lines[0]) if lines else None
    if title is None:
        raise InputError(Says(AT_LINE, source=source, line=1, reason=Says(
            N_("a deck's listing starts with its title line, as `cat-tree deck -o deck.txt` writes it"))))
    card, reference = title.group(1, 2)
    if card not in CARD_SIZE_NAMES:
        raise InputError(Says(AT_LINE, source=source, line=1, reason=Says(
            N_("unknown card size {card!r}; one of {sizes}"), card=card, sizes=", ".join(CARD_SIZE_NAMES))))
    copies: dict[str, tuple[int, int]] = {}                                 # structure -> (copies, line)
    for number, line in enumerate(lines[1:], start=2):
        if not line.split("#", 1)[0].strip():
            continue
        found = DECK_LINE.match(line)
        name = found.group(2).lower() if found else ""
        if found is None or name not in BY_NAME or BY_NAME[name].rank != found.group(1).upper():
            raise InputError(Says(AT_LINE, source=source, line=number, reason=Says(
                N_("write a structure as {form} ({example}), got {text!r}"), form="RANK NAME x COPIES",
                example="' 3  Scratcher  x 4'", text=clipped(line.strip()))))
        if name in copies:
            raise InputError(Says(AT_LINE, source=source, line=number, reason=Says(
                N_("{name} is listed twice (line {first})"), name=name, first=copies[name][1])))
        copies[name] = (_count(found.group(3), "copies", 1, COPIES, source, number), number)
    missing = [name for name in NAMES if name not in copies]
    if missing:
        raise InputError(Says(N_("{source}: no line for {missing}; a deck lists every structure"), source=source,
                              missing=", ".join(missing)))
    counts = {count for count, _line in copies.values()}
    if len(counts) > 1:
        raise InputError(Says(N_("{source}: every structure must have the same number of copies, got {counts}"),
                              source=source, counts=_listed([Says(N_("{name} x {count} (line {line})"), name=name,
                                                                  count=count, line=line)
                                                             for name, (count, line) in copies.items()])))
    return CatTreeDeck(card=cast(CardSize, card), copies=counts.pop(),
                       reference_cards=_count(reference, "reference_cards", 0, MAX_REFERENCE_CARDS, source, 1))


def _count(written: str, field: str, low: int, high: int, source: str, line: int) -> int:
    """A count of the listing, as a number; one of more digits than any count of a deck has is refused here, naming
    the field as the design's check does for a count out of range (a count of a few digits is left to it)."""
    if len(written) > COUNT_DIGITS:
        raise InputError(Says(AT_LINE, source=source, line=line, reason=Says(
            N_("{field}: must be a whole number {low}..{high}, got {value!r}"), field=field, low=low, high=high,
            value=clipped(written))))
    return int(written)


def _listed(items: list[Says]) -> Says:
    """Items one after the other, "a, b, c", each said in the refusal's language."""
    head, *rest = items
    return Says(N_("{first}, {rest}"), first=head, rest=_listed(rest)) if rest else head


# -- the scored tree, for a terminal -------------------------------------------------------------------------------

DOUBLED_UP = N_("height {height} and up: x{factor}")
FLOOR = N_("floor")
MARKS = N_("! breaks its placement rule, 0 points   ~ detached from the tree, 0 points")


def card_name(name: str, _: Translator) -> str:
    """A card as the deck of the language names it (`pipe`: "Pipe", "Röhre")."""
    return _(BY_NAME[name].title) if name in BY_NAME else name


def tree_picture(design: CatTreeLayout, score, _: Translator | None = None) -> list[str]:
    """The tree drawn in text, two lines per row: each card's name over its points, the altitude line, the floor;
    `!` marks a card that breaks its placement rule, `~` a card of a detached part. In the words of `_` with the
    cards named as its deck prints them (the studio's page); without it as the command prints it."""
    from .model import ALTITUDE_FACTOR

    say = _ or translator(SOURCE_LANGUAGE)
    name = (lambda card: card) if _ is None else (lambda card: card_name(card, _))
    by_cell = score.by_cell()
    detached = {cell for part in score.parts if part.detached for cell in part.cells}
    width = max([len(name(card.card)) for card in by_cell.values()] + [5]) + 1
    margin = len(str(design.height)) + 1
    lines = []
    for row in range(design.height, 0, -1):
        names, points = [], []
        for col in range(1, design.width + 1):
            card = by_cell.get((row, col))
            mark = "" if card is None else "!" if (row, col) in score.illegal else "~" if (row, col) in detached else ""
            names.append(("." if card is None else name(card.card)).center(width))
            points.append(("" if card is None else f"{card.points}{mark}").center(width))
        lines.append(f"{row:>{margin}} |{''.join(names)}|")
        lines.append(f"{'':>{margin}} |{''.join(points)}|")
        if row == ALTITUDE:
            lines.append(f"{'':>{margin}} +" + "-" * (width * design.width) + "+ "
                         + say(DOUBLED_UP).format(height=ALTITUDE, factor=ALTITUDE_FACTOR))
    lines.append(f"{'':>{margin}} +" + "=" * (width * design.width) + "+ " + say(FLOOR))
    lines.append((f"{'':>{margin}}  " + "".join(str(col).center(width) for col in range(1, design.width + 1))).rstrip())
    if score.illegal or detached:
        lines.append(say(MARKS))
    return lines


def score_table(score) -> list[str]:
    """One line per card: row, column, card, points, why; then the total."""
    lines = [f"{'row':>4} {'col':>4}  {'card':<10} {'points':>6}  why"]
    for card in score.cards:
        lines.append(f"{card.row:>4} {card.col:>4}  {card.card:<10} {card.points:>6}  {card.why}")
    lines.append(f"{'total':<21} {score.total:>6}")
    return lines


# The scored example of the rules (seeds/cat-tree.en.md): 44 points.
EXAMPLE = """\
# The scored example of the rules: 44 points.
.    .        nest
box  catwalk  shelf
box  pipe     scratcher
"""


def example_layout() -> CatTreeLayout:
    return layout_from_text(EXAMPLE, "example")


def score_lines(design: CatTreeLayout, result, report, name: str) -> list[str]:
    """What `cat-tree score` and `play` print for a tree under its name: its size, the tree, each card's points,
    the tree's check and the total."""
    lines = [f"{name}: {len(design.cards)} cards on a {design.width} x {design.height} grid", ""]
    lines += tree_picture(design, result) + [""] + score_table(result) + [""]
    lines.append(report.format_text())
    lines.append(f"total: {result.total} points")
    return lines
