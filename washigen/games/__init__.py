"""The game registry. Each game package under washigen/games/ calls register_game() in its __init__.py (last);
games from other distributions register through the entry-point group "washigen.games", whose entry points name
a module to import or a callable returning a Game."""

from __future__ import annotations

import importlib
import pkgutil
import secrets
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Callable

from ..errors import InputError

if TYPE_CHECKING:
    from ..design import Design

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
        """The value, as the parameter's kind (a length in mm), or an InputError naming the parameter."""
        if value is None:
            return value
        value = self._as_kind(value)
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            raise InputError(f"{self.name.replace('_', '-')}: must be {self.min}..{self.max}, got {value}")
        if self.choices and value not in self.choices:
            raise InputError(f"{self.name.replace('_', '-')}: must be one of {', '.join(self.choices)}, got {value!r}")
        return value

    def _as_kind(self, value: Any) -> Any:
        label = self.name.replace("_", "-")
        if self.kind == "length":
            from ..units import parse_length
            return parse_length(value, field=label, allow_zero=True)
        if self.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise InputError(f"{label}: must be a whole number, got {value!r}")
        if self.kind == "float":
            return self._number(value, label)
        if self.kind == "bool" and not isinstance(value, bool):
            raise InputError(f"{label}: must be True or False, got {value!r}")
        if self.kind in ("str", "choice") and not isinstance(value, str):
            raise InputError(f"{label}: must be text, got {value!r}")
        return value

    @staticmethod
    def _number(value: Any, label: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise InputError(f"{label}: must be a number, got {value!r}")
        return float(value)


@dataclass(frozen=True)
class Component:
    name: str
    help: str
    params: tuple[Param, ...] = ()
    make: Callable[..., Any] | None = None     # (**params) -> Design, for washigen.generate; None: prints only


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
    play: Callable[..., Any] | None = None                # (design, seed=, bots=, **options) -> a played game
    tiled: Any = None                                     # a module with dump/load for .tmj maps (washigen/tiled.py)
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


def design_only(maker: Callable[..., Any], *command_params: str) -> Callable[..., Any]:
    """A component's maker for washigen.generate that refuses the parameters only its command uses (a bleed, a
    paper, a count of games): they change what is printed, not the design, and go to washigen.render instead."""
    def make(**params: Any) -> Any:
        given = [name for name in command_params if params.pop(name, None) is not None]
        if given:
            raise InputError(f"{', '.join(given)}: not part of the design that generate makes; print options go to "
                             "washigen.render")
        return maker(**params)
    return make


def get_component(game: Game, name: str) -> Component:
    for component in game.components:
        if component.name == name:
            return component
    known = ", ".join(c.name for c in game.components)
    raise InputError(f"component: {game.name} has no component {name!r}; known: {known}")


def generate(game: str, component: str, **params: Any) -> Design:
    """A new design: `generate("cats", "map", players=4, seed=7)`. Parameters are the component's, as `washigen
    games` lists them (underscores for hyphens); each is checked against its range, an unknown one is refused."""
    found = get_game(game)
    part = get_component(found, component)
    if part.make is None:
        makers = ", ".join(c.name for c in found.components if c.make is not None) or "none"
        raise InputError(f"component: {found.name} {part.name} prints parts but makes no design to keep; "
                         f"components that do: {makers}")
    known = {param.name: param for param in part.params}
    for name in params:
        if name not in known:
            raise InputError(f"{name}: {found.name} {part.name} takes no such parameter; it takes "
                             f"{', '.join(known) or 'none'}")
    checked = {name: known[name].check(value) for name, value in params.items()}
    if "seed" in known and checked.get("seed") is None:
        checked["seed"] = secrets.randbelow(1_000_000)   # recorded in the design, so it can be made again
    return part.make(**checked)


def play(game: str, design: Design | None = None, *, seed: int | None = None, bots: str | None = None,
         **options: Any) -> Any:
    """Plays one game with the game's engine and bots; `design` is the map or setup to play on (None: a new one
    made from `seed`). Raises InputError for a game without an engine."""
    found = get_game(game)
    if found.play is None:
        players = ", ".join(g.name for g in all_games() if g.play is not None) or "none"
        raise InputError(f"play: {found.name} has no engine to play it yet; games that play: {players}")
    return found.play(design, seed=seed, bots=bots, **options)
