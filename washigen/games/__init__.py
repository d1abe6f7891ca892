"""The game registry. Each game package under washigen/games/ calls register_game() in its __init__.py (last);
games from other distributions register through the entry-point group "washigen.games", whose entry points name
a module to import or a callable returning a Game."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable

from ..errors import InputError

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

    def describe(self) -> str:
        if self.kind == "choice":
            span = "|".join(self.choices)
        elif self.min is not None or self.max is not None:
            span = f"{'' if self.min is None else self.min}..{'' if self.max is None else self.max}"
        else:
            span = self.kind
        return f"--{self.name.replace('_', '-')} {span} (default {self.default})"

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
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"game {game.name!r} registered twice")
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


def get_game(name: str) -> Game:
    _load_all()
    key = _ALIASES.get(str(name).lower().replace("_", "-"))
    if key is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise InputError(f"game: unknown game {name!r}; known games: {known}")
    return _GAMES[key]
