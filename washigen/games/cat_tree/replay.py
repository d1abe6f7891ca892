"""The bot game that made a tree, as `cat-tree play --seed SEED` plays and prints it, for washigen.bot_game (and the
studio's play panel): a layout made by `play` is the tree of its seed's game, so the game shown is that one; an
empty layout is a grid, and the game shown is the one `play --map FILE --seed SEED` deals on it, a card a step."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..played import PlayedGame
from .constants import TITLE


def played_game(design: Any, seed: int) -> PlayedGame | None:
    """The game of the layout's own seed (greedy players; `seed` is not asked: the layout names its game); on an
    empty layout, the game `seed` deals on its grid (played_on_grid); None for a design no game made, an edited
    layout among them (its seed's game built another tree)."""
    from .model import CatTreeLayout
    from .playtest import game_log, play_bots

    if isinstance(design, CatTreeLayout) and not design.cards:
        return played_on_grid(design, seed)
    if not isinstance(design, CatTreeLayout) or design.seed is None:
        return None
    game = play_bots(design.seed, "greedy", 0)
    if (game.layout.width, game.layout.height, game.layout.grid()) != (design.width, design.height, design.grid()):
        return None
    from .play_words import lines_in

    log = game_log(game)
    return PlayedGame(tuple(log), tuple(printed_lines(game, log)), lines_in=partial(lines_in, game))


def printed_lines(game: Any, log: list[str]) -> list[str]:
    """The lines `cat-tree play` prints for the game (its empty ones left out): its title, its log (a line a card),
    then the tree as `score` prints it."""
    from .rules import score, validate
    from .text import score_lines

    layout = game.layout
    said = [f"{TITLE} · simulated game · seed {game.seed}", *log, "",
            *score_lines(layout, score(layout), validate(layout), f"seed {game.seed}")]
    return [line for text in said for line in text.split("\n") if line.strip()]


def score_of(design: Any) -> int:
    """The points a tree scores, by the game's scorer."""
    from .rules import score

    return score(design).total


def played_on_grid(design: Any, seed: int) -> PlayedGame:
    """The first game `cat-tree play --map DESIGN --seed SEED` plays (greedy players, seat 1 leading) on the
    design's grid. Its lines are the command's, but for its title (the page names the game and seed): the board
    steps through them a card at a time, then shows the finished tree's score."""
    from .model import layout_from_grid
    from .play_words import lines_in
    from .playtest import game_log, play_bots

    game = play_bots(seed, "greedy", 0, design.width, design.height)
    log = game_log(game)

    def draw(step: int | None, options: Any) -> Any:
        from .draw import print_design

        shown = game.layout
        if step is not None and step < len(game.turns):
            placed = {turn.cell: turn.kept for turn in game.turns[:max(0, step)] if turn.cell is not None}
            shown = layout_from_grid(placed, game.layout.width, game.layout.height, seed=game.seed)
        return print_design(shown, options)

    def untitled(lang: str) -> tuple[str, ...]:
        return lines_in(game, lang)[1:]

    return PlayedGame(tuple(log), tuple(printed_lines(game, log)[1:]), draw, untitled)
