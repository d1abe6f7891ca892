"""washigen prints paper games: it builds their parts as data, checks them against each game's placement rules
and renders them to SVG, PDF and PNG at real size."""

__version__ = "0.1.0"

from .errors import DesignFormatError, InputError, OutputError, TemplateError, WashigenError  # noqa: E402
from .report import Report, Violation  # noqa: E402
from .scene import Scene, Symbol  # noqa: E402
from .units import parse_length  # noqa: E402

__all__ = [
    "__version__",
    "WashigenError", "InputError", "DesignFormatError", "TemplateError", "OutputError",
    "Report", "Violation", "Scene", "Symbol", "parse_length",
    "get_game", "all_games", "register_game", "load_design", "save_design",
]


def __getattr__(name):
    # The registry and the design loader import the games; load them only when asked for.
    if name in ("get_game", "all_games", "register_game"):
        from . import games
        return getattr(games, name)
    if name in ("load_design", "save_design"):
        from . import design
        return getattr(design, {"load_design": "load", "save_design": "save"}[name])
    raise AttributeError(name)
