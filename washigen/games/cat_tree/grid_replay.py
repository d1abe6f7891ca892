"""The bot game `cat-tree play --map FILE --seed SEED` plays on an empty layout's grid, for washigen.bot_game and
the studio's board: a step a card (placed or dismissed), the tree drawn after any number of them as the layout's
print draws a tree, and the finished one as `play --map FILE -o tree.pdf` draws it."""

from __future__ import annotations

from typing import Any

from ..played import PlayedGame


def played_on_grid(design: Any, seed: int) -> PlayedGame:
    """The first game `cat-tree play --map DESIGN --seed SEED` plays (greedy players, seat 1 leading) on the
    design's grid. Its lines are the command's, but for its title (the page names the game and seed): the board
    steps through them a card at a time, then shows the finished tree's score."""
    from .model import layout_from_grid
    from .play_words import lines_in
    from .playtest import game_log, play_bots
    from .replay import printed_lines

    game = play_bots(seed, "greedy", 0, design.width, design.height)
    log = game_log(game)

    def draw(step: int | None, options: Any) -> Any:
        from . import print_design

        shown = game.layout
        if step is not None and step < len(game.turns):
            placed = {turn.cell: turn.kept for turn in game.turns[:max(0, step)] if turn.cell is not None}
            shown = layout_from_grid(placed, game.layout.width, game.layout.height, seed=game.seed)
        return print_design(shown, options)

    def untitled(lang: str) -> tuple[str, ...]:
        return lines_in(game, lang)[1:]

    return PlayedGame(tuple(log), tuple(printed_lines(game)[1:]), draw, untitled)
