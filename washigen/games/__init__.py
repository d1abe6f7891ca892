"""The game registry. Each game package under washigen/games/ calls register_game() in its __init__.py (last);
games from other distributions register through the entry-point group "washigen.games", whose entry points name
a module to import or a callable returning a Game."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..errors import InputError
from ..units import format_length, format_mm

ENTRY_POINT_GROUP = "washigen.games"


@dataclass(frozen=True)
class Param:
    """One parameter of a component, as `washigen games` lists it and the CLI checks it."""
    name: str
    kind: str                      # "int", "float", "length", "choice", "bool", "str"
    default: Any = None
    min: Any = None
    max: Any = None
    choices: tuple[str, ...] = ()
    help: str = ""

    flag: str = ""                 # as typed on the command line: "--tape-width", "-o/--output", "LAYOUT"
    required: bool = False

    @property
    def option(self) -> str:
        return self.flag or f"--{self.name.replace('_', '-')}"

    def describe(self) -> str:
        name = self.option
        if self.kind == "bool":
            return name
        if self.kind == "choice":
            span = "|".join(self.choices)
        elif self.kind == "length":
            span = "LENGTH" + (f" up to {format_length(self.max)}" if self.max is not None else "")
        elif self.min is not None or self.max is not None:
            span = f"{'' if self.min is None else self.min}..{'' if self.max is None else self.max}"
        else:               # a type name shown as a placeholder (FILE, INT), a metavar (X,Y, en|de) as written
            span = self.kind.upper() if self.kind in ("int", "float", "str", "file", "folder") else self.kind
        if self.required:
            note = " (required)"
        elif self.default is None or self.default is False:
            note = ""
        else:
            shown = f"{format_mm(self.default)}mm" if self.kind == "length" and not isinstance(self.default, str) \
                else self.default
            note = f" (default {shown})"
        return f"{name} {span}{note}"

    def check(self, value: Any) -> Any:
        if value is None:
            return value
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            raise InputError(f"{self.name.replace('_', '-')}: must be {self.min}..{self.max}, got {value}")
        if self.choices and value not in self.choices:
            raise InputError(f"{self.name.replace('_', '-')}: must be one of {', '.join(self.choices)}, got {value!r}")
        return value


@dataclass(frozen=True)
class Component:
    name: str
    help: str
    params: tuple[Param, ...] = ()


@dataclass(frozen=True)
class Game:
    """What a game offers washigen. Only name, title, designs, validate and print_design are required."""
    name: str                                   # "cats", "cat-tree"
    title: str                                  # "Tokyo Washi Game Cats"
    designs: dict[str, type]                    # kind -> Design dataclass
    validate: Callable[[Any], Any]              # design -> Report
    print_design: Callable[..., Any]            # (design, PrintOptions) -> Document
    aliases: tuple[str, ...] = ()
    components: tuple[Component, ...] = ()
    to_text: Callable[[Any], str] | None = None           # design -> readable text (golden files, .txt)
    from_text: Callable[[str, str], Any] | None = None    # (text, source) -> design
    check_design: Callable[[Any], None] | None = None     # load-time cross-field checks, raises DesignFormatError
    diagram: Callable[[str, dict], Any] | None = None     # (name, params) -> Scene, for rule sheets; params["lang"]
    golden: Callable[[], dict[str, Any]] | None = None    # golden-file name -> design, fixed seeds
    kit: Callable[[int, str, str], list] | None = None    # (players, paper, lang) -> [press.KitPart] for `washigen kit`
    commands: Any = None                                  # a click.Group attached as `washigen NAME`
    # Games with a rules engine (DESIGN 9); None where washigen cannot play the game.
    play_check: Callable[[Any, int], Any] | None = None   # (design, seed) -> Report: GAME.play.stalemate if stuck
    balance: Callable[[Any, int, int, int], Any] | None = None  # (design, games, seed, jobs) -> play.Balance
    extra: dict[str, Any] = field(default_factory=dict)


_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register_game(game: Game) -> Game:
    """Registers a game. A game with click commands gets its components from them (one source: what `washigen
    games` lists and the studio offers is what the command line accepts)."""
    existing = _GAMES.get(game.name)
    same = existing is game or (existing is not None and game.commands is not None
                                and existing.commands is game.commands)
    if existing is not None and not same:
        raise ValueError(f"game {game.name!r} registered twice")
    if game.commands is not None:
        from .params import components_from_commands

        game = replace(game, components=components_from_commands(game.commands))
    _GAMES[game.name] = game
    for alias in (game.name, *game.aliases):
        _ALIASES[alias.lower()] = game.name
    return game


def unregister_game(name: str) -> None:
    """Removes a game (tests register throwaway games; a plugin may be reloaded)."""
    game = _GAMES.pop(name, None)
    if game is not None:
        for alias in (game.name, *game.aliases):
            _ALIASES.pop(alias.lower(), None)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg:
            importlib.import_module(f"{__name__}.{module.name}")
    from importlib.metadata import entry_points      # only when games are asked for: it costs start-up time

    for entry in entry_points(group=ENTRY_POINT_GROUP):
        loaded = entry.load()
        if isinstance(loaded, Game):
            register_game(loaded)
        elif callable(loaded):
            result = loaded()
            if isinstance(result, Game):
                register_game(result)


def all_games() -> list[Game]:
    _load_all()
    return [_GAMES[name] for name in sorted(_GAMES)]


def _load_package(name: str) -> None:
    """Imports the one built-in game package a name points at (cats, cat-tree -> cat_tree), if there is one:
    `washigen cats map` need not load the other games."""
    module = name.replace("-", "_")
    if module.isidentifier() and any(m.name == module and m.ispkg for m in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{module}")


def get_game(name: str) -> Game:
    wanted = str(name).lower().replace("_", "-")
    if wanted not in _ALIASES and not _loaded:
        _load_package(wanted)
    if wanted not in _ALIASES:
        _load_all()
    key = _ALIASES.get(wanted)
    if key is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise InputError(f"game: unknown game {name!r}; known games: {known}")
    return _GAMES[key]
