"""The errors washigen raises. cli.py turns every WashigenError into exit code 2."""

from __future__ import annotations

import re

from .words import N_, Says


class WashigenError(Exception):
    """Anything washigen reports to a user as a failure of the input or the environment."""


class InputError(WashigenError, ValueError):
    """The input is at fault: a parameter, a length, a file's contents. `field`: where the refusal is of one
    parameter or print option whatever its wording, its Python name ("dpi"), so that a caller (the studio) can mark
    it without reading the message; None where it does not say.

    The message may be a words.Says: str() and args give its English (the command line's words), `says` the
    sentence itself, so that the studio says it in its page's language."""

    def __init__(self, *args: object, field: str | None = None):
        self.said = args[0] if args and isinstance(args[0], Says) else None
        super().__init__(*((str(self.said),) + args[1:] if self.said is not None else args))
        self.field = field

    @property
    def says(self) -> Says | str:
        """The message as a sentence to translate (words.Says), or its text where it was given as text."""
        return self.said if self.said is not None else str(self)


class DesignFormatError(InputError):
    """A design file cannot be read. `path` is the JSON path of the first bad field ("" for the whole file)."""

    def __init__(self, message: Says | str, path: str = "", source: str = ""):
        self.path = path
        self.source = source
        self.message = str(message)       # without its place, for a caller that names the place again
        self.detail = message             # the same, as a sentence to translate where it is one
        where = _place(source, path)
        super().__init__(Says(N_("{where}: {message}"), where=where, message=message) if where else message)


def _place(source: str, path: str) -> Says | str:
    """Where a design file is at fault: its name and the field's path (a text form's "line 12", in any language)."""
    line = re.fullmatch(r"line (\d+)", path)
    spot: Says | str = Says(N_("line {number}"), number=int(line[1])) if line else path
    if source and spot:
        return Says(N_("{file}, {place}"), file=source, place=spot)
    return source or spot


class TemplateError(InputError):
    """A page template (TOML) is unreadable or does not fit its paper."""


class PluginError(WashigenError):
    """A game from another distribution broke washigen's contract: a hook that raised, could not be imported or
    returned the wrong kind of thing, an engine with no legal move before its end, a bot's move not among the legal
    ones. The message names the game (or engine) and the hook; it may be a words.Says (str() gives the English)."""

    def __init__(self, message: Says | str):
        self.said = message if isinstance(message, Says) else None
        super().__init__(str(message))

    @property
    def says(self) -> Says | str:
        return self.said if self.said is not None else str(self)


class OutputError(WashigenError):
    """An output cannot be written where it was asked for."""
