"""washigen prints paper games: it builds their parts as data, checks them against each game's placement rules
and renders them to SVG, PDF and PNG at real size.

For scripts::

    import washigen
    design = washigen.generate("cats", "map", players=4, seed=7)
    report = washigen.validate(design)              # report.ok, report.violations
    washigen.render(design, "map.pdf", paper="a4")  # .pdf .svg .png .json .txt by the extension
    again = washigen.load("map.json")               # a design file (.json, or a game's text form .txt)
    game = washigen.play("trail-route", seed=3)     # one game played by bots, for every game
    numbers = washigen.balance("cops", design, games=200)   # win rate per seat with its 95 % interval
    pages = washigen.draw(design, washigen.print_options(paper="a4"))   # its print as Scenes, page by page

Every name is imported when first used, so `import washigen` (and `washigen --version`) stays quick.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import reportlab_guard  # noqa: F401  (before any reportlab import: its home-folder hooks never run)

__version__ = "0.2.0"

# public name -> (module that owns it, its name there)
_EXPORTS: dict[str, tuple[str, str]] = {
    "generate": ("api", "generate"),
    "validate": ("api", "validate"),
    "render": ("api", "render"),
    "load": ("api", "load"),
    "save": ("api", "save"),
    "play": ("api", "play"),
    "balance": ("api", "balance"),
    "check_run": ("api", "check_run"),
    "games_that_fit": ("api", "games_that_fit"),
    "print_options": ("api", "print_options"),
    "draw": ("api", "draw"),
    "draw_component": ("api", "draw_component"),
    "bot_game": ("api", "bot_game"),
    "message": ("api", "message"),
    "get_game": ("games", "get_game"),
    "all_games": ("games", "all_games"),
    "register_game": ("games", "register_game"),
    "load_design": ("api", "load"),          # the older names of load and save, checked as they are
    "save_design": ("api", "save"),
    "Design": ("design", "Design"),
    "PrintOptions": ("press.options", "PrintOptions"),
    "Report": ("report", "Report"),
    "Violation": ("report", "Violation"),
    "Scene": ("scene", "Scene"),
    "Symbol": ("scene", "Symbol"),
    "parse_length": ("units", "parse_length"),
    "WashigenError": ("errors", "WashigenError"),
    "InputError": ("errors", "InputError"),
    "DesignFormatError": ("errors", "DesignFormatError"),
    "TemplateError": ("errors", "TemplateError"),
    "OutputError": ("errors", "OutputError"),
}

# A literal list, so type checkers read it: every name of _EXPORTS, and the version.
__all__ = [
    "__version__",
    "generate", "validate", "render", "load", "save", "play", "balance", "check_run", "games_that_fit",
    "print_options", "draw", "draw_component", "bot_game", "message", "get_game", "all_games", "register_game",
    "load_design", "save_design", "Design", "PrintOptions", "Report", "Violation", "Scene", "Symbol",
    "parse_length", "WashigenError", "InputError", "DesignFormatError", "TemplateError", "OutputError",
]

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .api import (balance, bot_game, check_run, draw, draw_component, games_that_fit, generate, load, message,
                      play, print_options, render, save, validate)
    from .design import Design
    from .api import load as load_design
    from .api import save as save_design
    from .errors import DesignFormatError, InputError, OutputError, TemplateError, WashigenError
    from .games import all_games, get_game, register_game
    from .press.options import PrintOptions
    from .report import Report, Violation
    from .scene import Scene, Symbol
    from .units import parse_length


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'washigen' has no attribute {name!r}")
    module, attribute = _EXPORTS[name]
    value = getattr(importlib.import_module(f".{module}", __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
