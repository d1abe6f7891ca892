"""The errors washigen raises. cli.py turns every WashigenError into exit code 2."""


class WashigenError(Exception):
    """Anything washigen reports to a user as a failure of the input or the environment."""


class InputError(WashigenError, ValueError):
    """The input is at fault: a parameter, a length, a file's contents. `field`: where the refusal is of one
    parameter or print option whatever its wording, its Python name ("dpi"), so that a caller (the studio) can mark
    it without reading the message; None where it does not say."""

    def __init__(self, *args: object, field: str | None = None):
        super().__init__(*args)
        self.field = field


class DesignFormatError(InputError):
    """A design file cannot be read. `path` is the JSON path of the first bad field ("" for the whole file)."""

    def __init__(self, message: str, path: str = "", source: str = ""):
        self.path = path
        self.source = source
        self.message = message            # without its place, for a caller that names the place again
        where = ", ".join(part for part in (source, path) if part)
        super().__init__(f"{where}: {message}" if where else message)


class TemplateError(InputError):
    """A page template (TOML) is unreadable or does not fit its paper."""


class OutputError(WashigenError):
    """An output cannot be written where it was asked for."""
