"""`washigen cat-tree deck | sheet | score | play | balance`.

The options are built from the game's spec (games/cat_tree/spec.py), which declares them once; only click, the spec
and the option helpers are imported here, the model, the rules and the drawing by the command that runs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .build import component_options
from .options import emit, report_written, resolve_seed
from ..errors import InputError
from ..games.cat_tree.constants import GAME, TITLE
from ..games.cat_tree.spec import COMPONENTS, DeckParams

if TYPE_CHECKING:
    from ..games.cat_tree.model import CatTreeLayout

EXIT_RULE_BROKEN = 1


def _game():
    from ..games import get_game

    return get_game(GAME)


@click.group("cat-tree")
def commands():
    """Cat Tree? We can handle this! Print the deck and the score sheet; score a tree; simulate games; measure
    how good the bots' trees are.

    The grid: row 1 is the floor, a card's height is its row number, column 1 is the left."""


COMPONENT = {component.name: component for component in COMPONENTS}


@commands.command("deck")
@component_options(COMPONENT["deck"])
def deck_command(card: str, reference: bool, output: Path, print_options):
    """The 32 structure cards (four of each), 9-up with bleed and crop marks, on A4 unless --paper says otherwise.
    With --duplex long|short each sheet of fronts is followed by its backs."""
    from ..games.cat_tree.spec import make_deck

    emit(_game(), make_deck(DeckParams(card=card.lower(), reference=reference)), output, print_options)


@commands.command("sheet")
@component_options(COMPONENT["sheet"])
def sheet_command(output: Path, print_options):
    """A score sheet for two trees: a 10 x 10 grid each, the floor marked, the altitude line at height 5, a points
    column. A4 unless --paper says otherwise."""
    from ..output import write_printed
    from ..games.cat_tree.draw import sheet_document

    paper = print_options.paper or "a4"
    report_written(write_printed(sheet_document(paper, print_options.lang), output, print_options))


@commands.command("score")
@click.argument("layout", type=click.Path(path_type=Path))
@component_options(COMPONENT["score"], skip=("layout",))         # an argument, declared apart from the options
def score_command(layout: Path, as_json: bool, output: Path | None, print_options):
    """Check and score a finished tree. LAYOUT is layout text (one line per row, top row first, the floor row last;
    . for an empty cell, a rank A 3 6 7 8 10 J K or a name; # starts a comment) or a layout design (.json).

    Exit 0 when every card is legally placed, 1 when a card breaks a placement rule (it scores 0), 2 when the file
    cannot be read."""
    import json

    design = read_layout(layout)
    from ..games.cat_tree.rules import score, validate

    result, report = score(design), validate(design)
    if as_json:
        click.echo(json.dumps(score_document(result, report), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(score_lines(design, result, report, str(layout))))
    if output is not None:
        emit(_game(), design, output, print_options)
    if not report.ok:
        sys.exit(EXIT_RULE_BROKEN)


@commands.command("play")
@component_options(COMPONENT["play"])
def play_command(seed: int | None, games: int, bots: str, output: Path | None, print_options):
    """Simulate a game: two players, eight rounds; each round both draw two cards and keep one in secret, then
    place their cards together on one shared tree (a card with no legal cell is dismissed). Greedy players keep
    and place where a card adds the most points now; the strong bot looks ahead by playing the game out.
    Game k is led by player 1 in even games and player 2 in odd ones. Prints each round, the finished tree and
    its score; -o saves the tree (.txt layout text, .json) or draws it (.svg .pdf .png)."""
    from ..arena import make_bots
    from ..games.cat_tree.bots import BOTS
    from ..games.cat_tree.playtest import game_log, play_bots
    from ..games.cat_tree.rules import score, validate

    make_bots(bots, BOTS, 2)
    first = resolve_seed(seed)
    played = [play_bots(first + k, bots, k % 2) for k in range(games)]
    for k, game in enumerate(played):
        if k:
            click.echo("")
        result, report = score(game.layout), validate(game.layout)
        who = "" if bots == "greedy" else f" · bots {bots}"
        click.echo(f"{TITLE} · simulated game · seed {game.seed}{who}")
        click.echo("\n".join(game_log(game)))
        click.echo("")
        click.echo("\n".join(score_lines(game.layout, result, report, f"seed {game.seed}")))
    if len(played) > 1:
        totals = ", ".join(f"seed {g.seed}: {score(g.layout).total}" for g in played)
        click.echo(f"\ntrees compared: {totals}")
    if output is not None:
        save_layouts([g.layout for g in played], output, print_options)


@commands.command("balance")
@component_options(COMPONENT["balance"])
def balance_command(bots: str, against: str | None, games: int, jobs: int | None, as_json: bool,
                    seed: int | None):
    """How good the trees are that bots build: over GAMES seeded deals (the leading player alternating), the
    trees' points (mean, spread, min, quartiles, max), cards placed and dismissed a game, and how many trees reach
    height 5. The players build one tree together, so there is no seat to win: with --against the same deals are
    played by the other bots, and the line says how often the first bots' tree scored more, the same, less, with
    the 95 % Wilson interval of the first bots' share."""
    import json

    from ..arena import make_bots
    from ..arena.records import default_jobs
    from ..games.cat_tree.bots import BOTS
    from ..games.cat_tree.playtest import Comparison, Summary, compare, summary, tree_records

    make_bots(bots, BOTS, 2)
    if against is not None:
        make_bots(against, BOTS, 2, option="--against")
    seed = resolve_seed(seed)
    jobs = jobs or default_jobs()
    records = tree_records(bots, games, seed, jobs, label="playing")
    result: Summary | Comparison
    if against is None:
        result = summary(bots, records)
    else:
        result = compare(records, tree_records(against, games, seed, jobs, label="playing"), bots, against)
    click.echo(json.dumps(result.to_json(), indent=2) if as_json else result.format_text())


# -- helpers -------------------------------------------------------------------------------------------------------

def read_layout(path: Path) -> CatTreeLayout:
    """A layout from layout text, or from a layout design file (.json)."""
    from ..inputs import read_text
    from ..games.cat_tree.model import CatTreeLayout

    if path.suffix.lower() == ".json":
        from ..design import load

        design = load(path)
        if not isinstance(design, CatTreeLayout):
            raise InputError(f"{path}: a {design.GAME} {design.KIND} design, not a cat-tree layout")
        return design
    content = read_text(path, "layout file")
    from ..games.cat_tree.text import from_text

    return from_text(content, str(path))


def score_document(result, report) -> dict:
    """The --json output: total, valid, violations (rule, severity, row, col, message), cards."""
    violations = []
    for violation in report.violations:
        row, col = violation.where.get("card", (None, None))
        violations.append({"rule": violation.rule, "severity": violation.severity, "row": row, "col": col,
                           "message": violation.message})
    cards = [{"row": c.row, "col": c.col, "card": c.card, "points": c.points, "why": c.why} for c in result.cards]
    return {"total": result.total, "valid": report.ok, "violations": violations, "cards": cards}


def score_lines(design: CatTreeLayout, result, report, name: str) -> list[str]:
    from ..games.cat_tree.text import score_table, tree_picture

    lines = [f"{name}: {len(design.cards)} cards on a {design.width} x {design.height} grid", ""]
    lines += tree_picture(design, result) + [""] + score_table(result) + [""]
    lines.append(report.format_text())
    lines.append(f"total: {result.total} points")
    return lines


def save_layouts(layouts: list[CatTreeLayout], output: Path, options) -> None:
    """One layout: as `emit` writes it. Several: .txt/.json one numbered file each; a drawing one page each."""
    from ..output import check_target, numbered, write_all, write_printed
    from ..press import Document

    game = _game()
    if len(layouts) == 1:
        emit(game, layouts[0], output, options)
        return
    check_target(output)
    suffix = output.suffix.lower()
    if suffix in (".txt", ".json"):
        from ..design import dumps

        render = game.to_text if suffix == ".txt" else dumps
        files = [(numbered(output, k, len(layouts)), (lambda d=layout: render(d).encode("utf-8")))
                 for k, layout in enumerate(layouts)]
        report_written(write_all(files))
        return
    document = Document([], title=f"{TITLE}: simulated games")
    for layout in layouts:
        document.extend(game.print_design(layout, options), bookmark=f"seed {layout.seed}")
    report_written(write_printed(document, output, options))


__all__ = ["commands", "read_layout", "score_document"]
