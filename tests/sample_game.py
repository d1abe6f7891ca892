"""A small game registered by the foundation's tests only: a design with nested records, ranges and tuples."""

from __future__ import annotations

import contextlib
from typing import Annotated, Literal

from pydantic import Field

from washigen.design import Design, record
from washigen.errors import DesignFormatError
from washigen.games import Game, Param, Component, register_game, unregister_game
from washigen.press import Document
from washigen.report import Report, Violation
from washigen.scene import Rect, Scene, Style, Text


@record
class Token:
    row: Annotated[int, Field(ge=1, le=9)]
    col: Annotated[int, Field(ge=1, le=9)]
    colour: Literal["red", "blue"]


@record
class Board(Design):
    GAME = "loader-sample"
    KIND = "board"
    players: Annotated[int, Field(ge=2, le=6)] = 2
    name: str = "board"
    tokens: tuple[Token, ...] = ()
    corner: tuple[float, float] = (0.0, 0.0)


def check(board: Board) -> None:
    seen = set()
    for index, token in enumerate(board.tokens):
        if (token.row, token.col) in seen:
            raise DesignFormatError(f"a second token on ({token.row}, {token.col})", path=f"tokens[{index}]")
        seen.add((token.row, token.col))


def validate(board: Board) -> Report:
    reds = sum(t.colour == "red" for t in board.tokens)
    return Report.of([Violation.error("sample.tokens.red", "At least one red token is needed.")] if not reds else [])


def print_board(board: Board, options) -> Document:
    scene = Scene(90, 90, bleed=options.bleed, meta={"title": board.name, "seed": str(board.seed)})
    scene.add(Rect(-options.bleed, -options.bleed, 90 + 2 * options.bleed, 90 + 2 * options.bleed,
                   Style(fill="forest-tint")))
    for token in board.tokens:
        scene.add(Rect(token.col * 10 - 10, token.row * 10 - 10, 10, 10, Style(fill=f"sewer-{token.colour}")))
    scene.add(Text(45, 88, board.name, 3, anchor="middle"))
    return Document.single(scene)


SAMPLE = Game(name="loader-sample", title="A sample board", designs={"board": Board}, validate=validate,
              print_design=print_board, check_design=check,
              components=(Component("board", "a 9 x 9 board", (Param("players", "int", 2, 2, 6),)),))


@contextlib.contextmanager
def registered():
    register_game(SAMPLE)
    try:
        yield SAMPLE
    finally:
        unregister_game(SAMPLE.name)
