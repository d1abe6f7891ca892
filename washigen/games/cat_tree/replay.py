"""The bot game that made a tree, as `cat-tree play --seed SEED` plays and prints it, for washigen.bot_game (and the
studio's play panel): a layout made by `play` is the tree of its seed's game, so the game shown is that one."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..played import PlayedGame
from .constants import TITLE


def played_game(design: Any, seed: int) -> PlayedGame | None:
    """The game of the layout's own seed (greedy players; `seed` is not asked: the layout names its game); None for
    a design no game made, an edited layout among them (its seed's game built another tree)."""
    from .model import CatTreeLayout
    from .playtest import game_log, play_bots
    from .rules import score, validate
    from .text import score_table, tree_picture

    if not isinstance(design, CatTreeLayout) or design.seed is None:
        return None
    game = play_bots(design.seed, "greedy", 0)
    if (game.layout.width, game.layout.height, game.layout.grid()) != (design.width, design.height, design.grid()):
        return None
    layout, result, report = game.layout, score(game.layout), validate(game.layout)
    log = game_log(game)
    said = [f"{TITLE} · simulated game · seed {game.seed}", *log, "",
            f"seed {game.seed}: {len(layout.cards)} cards on a {layout.width} x {layout.height} grid", "",
            *tree_picture(layout, result), "", *score_table(result), "", report.format_text(),
            f"total: {result.total} points"]
    lines = [line for text in said for line in text.split("\n") if line.strip()]
    from .play_words import lines_in

    return PlayedGame(tuple(log), tuple(lines), lines_in=partial(lines_in, game))


def score_of(design: Any) -> int:
    """The points a tree scores, by the game's scorer."""
    from .rules import score

    return score(design).total
