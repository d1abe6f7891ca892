"""What the cat-tree commands share: the game, a layout read and scored, layouts saved."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError
from ...games.cat_tree.constants import GAME, TITLE
from ..options import emit, report_written

if TYPE_CHECKING:
    from ...games.cat_tree.model import CatTreeLayout

EXIT_RULE_BROKEN = 1


def game():
    from ...games import get_game

    return get_game(GAME)


def read_layout(path: Path) -> CatTreeLayout:
    """A layout from layout text, or from a layout design file (.json)."""
    from ...inputs import read_text
    from ...games.cat_tree.model import CatTreeLayout

    if path.suffix.lower() == ".json":
        from ...design import load

        design = load(path)
        if not isinstance(design, CatTreeLayout):
            raise InputError(f"{path}: a {design.GAME} {design.KIND} design, not a cat-tree layout")
        return design
    content = read_text(path, "layout file")
    from ...games.cat_tree.text import from_text

    design = from_text(content, str(path))
    if not isinstance(design, CatTreeLayout):
        raise InputError(f"{path}: a cat-tree deck's listing, not a layout")
    return design


def grid_to_play(path: Path | None) -> CatTreeLayout | None:
    """The empty layout whose grid `play` and `balance` play on (--map FILE, read as `score` reads a layout), or None
    for the 8 x 8 grid. A layout with cards is refused as the API's balance refuses it (playtest.grid_of), its
    field named as the option and file that gave it."""
    if path is None:
        return None
    from ...games.cat_tree.playtest import grid_of

    layout = read_layout(path)
    grid_of(layout, field=f"--map {path}")
    return layout


def score_document(result, report) -> dict:
    """The --json output: total, valid, violations (rule, severity, row, col, message), cards."""
    violations = []
    for violation in report.violations:
        row, col = violation.where.get("card", (None, None))
        violations.append({"rule": violation.rule, "severity": violation.severity, "row": row, "col": col,
                           "message": violation.message})
    cards = [{"row": c.row, "col": c.col, "card": c.card, "points": c.points, "why": c.why} for c in result.cards]
    return {"total": result.total, "valid": report.ok, "violations": violations, "cards": cards}


def save_layouts(layouts: list[CatTreeLayout], output: Path, options) -> None:
    """One layout: as `emit` writes it. Several: .txt/.json one numbered file each; a drawing one page each."""
    from ...output import check_target, numbered, write_all, write_printed
    from ...i18n import translator
    from ...press import Document

    tree_game = game()
    if len(layouts) == 1:
        emit(tree_game, layouts[0], output, options)
        return
    check_target(output)
    suffix = output.suffix.lower()
    if suffix in (".txt", ".json"):
        from ...design import dumps

        render = tree_game.to_text if suffix == ".txt" else dumps
        files = [(numbered(output, k, len(layouts)), (lambda d=layout: render(d).encode("utf-8")))
                 for k, layout in enumerate(layouts)]
        report_written(write_all(files))
        return
    _ = translator(options.lang)
    document = Document([], title=f"{TITLE}: " + _("simulated games"))
    for layout in layouts:
        document.extend(tree_game.print_design(layout, options), bookmark=_("seed {seed}").format(seed=layout.seed))
    report_written(write_printed(document, output, options))
