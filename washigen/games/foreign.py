"""What a file handed to the wrong reader is: a game log or a design of some game, told by its first line (the
title line every log and text form starts with) or, for a JSON design, by its `game` and `kind`. A Cops log given
to `cats play --replay` was refused for its tenth line, a Cats map given to `cat-tree score` for a token on its
fourth; the readers ask here first and say what the file is and which command reads it."""

from __future__ import annotations

import re

from ..errors import InputError
from ..words import N_, Says

_KIND = re.compile(r"\s*[·:]?\s*([a-z]+)\b")
_JSON_FIELD = r'"{}"\s*:\s*"([\w-]{{1,40}})"'


def label(name: str) -> str:
    """A game's name as a sentence says it: cats -> Cats, cat-tree -> Cat Tree."""
    return name.replace("-", " ").title()


def what_file(text: str) -> tuple[str, str] | None:
    """(game name, "log" or the design's kind) of a file washigen wrote, or None when its start says neither."""
    from . import all_games

    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        named = re.search(_JSON_FIELD.format("game"), head[:4000])
        kind = re.search(_JSON_FIELD.format("kind"), head[:4000])
        return (named.group(1), kind.group(1) if kind else "design") if named else None
    first = head.split("\n", 1)[0]
    titled = [g for g in all_games() if g.title in first or first.startswith(f"{g.name} ")]
    if not titled:
        return None
    game = max(titled, key=lambda g: len(g.title))          # the longest title that fits is the one written
    if "game log" in first:
        return game.name, "log"
    # "cats · map", "cops map · 2 players", "The Cats' Trail Route: setup for 4 players": the word after the title
    after = first[len(game.name):] if first.startswith(f"{game.name} ") else first.partition(game.title)[2]
    kind = _KIND.match(after)
    return game.name, kind.group(1) if kind else "design"


def refuse_other_log(text: str, path: object, game: str) -> None:
    """Refuses, as a game log of `game`, a log of another game (naming the command that replays it) or any
    design; a file that is neither is left to the log's own reader."""
    found = what_file(text)
    if found is None or found == (game, "log"):
        return
    name, kind = found
    if kind == "log":
        raise InputError(Says(N_("{path}: this is a {game} game log; replay it with `washigen {name} play --replay "
                                 "FILE`"), path=str(path), game=label(name), name=name))
    raise InputError(Says(N_("{path}: this is a {game} {kind}, not a {other} game log"), path=str(path),
                          game=label(name), kind=kind, other=label(game)))


def refuse_other_design(text: str, path: object, game: str, wanted: str) -> None:
    """Refuses, as a text form of `game` (`wanted` says what is read: "layout"), a log or a design of another
    game; the game's own files are left to its reader."""
    found = what_file(text)
    if found is None or found[0] == game:
        return
    name, kind = found
    if kind == "log":
        raise InputError(Says(N_("{path}: this is a {game} game log, not a {other} {wanted}; replay it with "
                                 "`washigen {name} play --replay FILE`"), path=str(path), game=label(name),
                              other=label(game), wanted=wanted, name=name))
    raise InputError(Says(N_("{path}: this is a {game} {kind}, not a {other} {wanted}"), path=str(path),
                          game=label(name), kind=kind, other=label(game), wanted=wanted))
