"""A bot game's lines in the words of a language, for the studio's page (PlayedGame.lines_in): what `cat-tree play`
prints (the rounds, the tree in text, each card's points and why, the tree's check, the total), told in the words
of `lang` with the cards' names as the German deck prints them. The command's own lines (text.py, rules.py) stay
English, as its log is; the reasons here follow the scorer's cases (rules.score_grid) one for one."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, Translator, translator
from ...words import NN_
from .text import card_name, tree_picture

HEAD = N_("{title} · simulated game · seed {seed}")
DREW = N_("round {round}, player {player}: drew {drawn}, kept {kept}")
PLACED = N_("{drew} -> row {row}, column {col} ({gain})")
DISMISSED = N_("{drew}, no legal cell: dismissed")
AND = N_("{first} and {second}")
GRID = NN_("seed {seed}: {count} card on a {width} x {height} grid",
           "seed {seed}: {count} cards on a {width} x {height} grid")
COLUMNS = (N_("row"), N_("column"), N_("card"), N_("points"), N_("why"))
TOTAL_ROW, TOTAL = N_("total"), N_("total: {points} points")
# Why a card scores what it does: the scorer's cases (rules.score_grid, _group_member_score, _single_points)
BROKEN = N_("breaks its placement rule ({rule}): 0")
FLOATING = N_("detached: no part touches the floor: 0")
DETACHED = N_("detached: its part is {distance} from the grounded tree: 0")
IN_GROUP = N_("in the group scored at {cell}: 0")
GROUP = N_("group of {size}: {points}")
SIDES = NN_("{points} + {per_side} x {sides} side neighbour",
            "{points} + {per_side} x {sides} side neighbours")
POINTS = N_("{points} points")
HIGH = N_("({why}) x {factor} at height {height}")
HIGH_IN_GROUP = N_("({why}) x {factor}, a card at height {height}")


def lines_in(game: Any, lang: str) -> tuple[str, ...]:
    """The lines `cat-tree play` prints for the game that made the tree, in the words of `lang`."""
    from .constants import TITLE
    from .rules import score, validate

    _ = translator(lang)
    layout = game.layout
    result = score(layout)
    said = [_(HEAD).format(title=TITLE, seed=game.seed), *(_round(turn, _) for turn in game.turns),
            _.ngettext(*GRID, len(layout.cards)).format(seed=game.seed, count=len(layout.cards), width=layout.width,
                                                        height=layout.height),
            *tree_picture(layout, result, _), *score_table(result, _), validate(layout).format_text(lang),
            _(TOTAL).format(points=result.total)]
    return tuple(line for text in said for line in text.split("\n") if line.strip())


def _round(turn: Any, _: Translator) -> str:
    names = [card_name(name, _) for name in turn.drawn]
    drawn = names[-1] if names else ""
    for name in reversed(names[:-1]):
        drawn = _(AND).format(first=name, second=drawn)
    drew = _(DREW).format(round=turn.round, player=turn.player, drawn=drawn, kept=card_name(turn.kept, _))
    if turn.cell is None:
        return _(DISMISSED).format(drew=drew)
    return _(PLACED).format(drew=drew, row=turn.cell[0], col=turn.cell[1], gain=f"{turn.gain:+d}")


def score_table(score: Any, _: Translator) -> list[str]:
    """text.score_table in the words of `_`: a line per card (row, column, card, points, why), then the total."""
    row, col, card, points, why = (_(word) for word in COLUMNS)
    names = [card_name(c.card, _) for c in score.cards]
    wide = max([len(card), *map(len, names)])
    lines = [f"{row:>6} {col:>6}  {card:<{wide}} {points:>6}  {why}"]
    for scored, name in zip(score.cards, names):
        lines.append(f"{scored.row:>6} {scored.col:>6}  {name:<{wide}} {scored.points:>6}  {reason(score, scored, _)}")
    lines.append(f"{_(TOTAL_ROW):<{15 + wide}} {score.total:>6}")
    return lines


def reason(score: Any, card: Any, _: Translator) -> str:
    """Why `card` scores its points, as rules.score_grid found it: broken, detached, in a group, alone."""
    from .model import ALTITUDE_FACTOR, BY_NAME, PLACEMENT_TEXT
    from .rules import altitude

    cell = (card.row, card.col)
    structure = BY_NAME[card.card]
    if cell in score.illegal:
        return _(BROKEN).format(rule=_(PLACEMENT_TEXT[structure.placement]))
    part = next((p for p in score.parts if p.detached and cell in p.cells), None)
    if part is not None:
        return _(FLOATING) if part.distance is None else _(DETACHED).format(distance=part.distance)
    group = next((g for g in score.groups if cell in g.cells), None)
    if group is not None:
        if cell != group.cells[0] or group.points == 0:
            return _(IN_GROUP).format(cell=_.value(group.cells[0]))
        why = _(GROUP).format(size=len(group.cells), points=structure.points)
        if not group.doubled:
            return why
        high = max(r for r, _c in group.cells)
        return _(HIGH if len(group.cells) == 1 else HIGH_IN_GROUP).format(why=why, factor=ALTITUDE_FACTOR,
                                                                            height=high)
    if structure.per_side:
        sides = sum((card.row, c) in score.by_cell() for c in (card.col - 1, card.col + 1))
        why = _.ngettext(*SIDES, sides).format(points=structure.points, per_side=structure.per_side, sides=sides)
    else:
        why = _(POINTS).format(points=structure.points)
    return _(HIGH).format(why=why, factor=ALTITUDE_FACTOR, height=card.row) if altitude(cell) else why
