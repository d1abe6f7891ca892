"""The game registry. Each game package under washigen/games/ calls register_game() in its __init__.py (last);
games from other distributions register through the entry-point group "washigen.games", whose entry points name
a module to import or a callable returning a Game.

A Game's heavy members (its model, generator, rules, drawing) may be given as `Lazy("package.module:name")`: they
are imported when first read, so registering a game costs only its commands and `washigen games` starts quickly."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Callable

from ..errors import InputError
from ..units import format_length, format_mm

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

    flag: str = ""                 # as typed on the command line: "--tape-width", "-o/--output", "LAYOUT"
    required: bool = False

    @property
    def option(self) -> str:
        return self.flag or f"--{self.name.replace('_', '-')}"

    @property
    def keyword(self) -> str:
        """The name scripts pass to washigen.generate: the long option's (--long -> long), whatever Python name the
        command gave it (long_)."""
        long_options = [flag for flag in self.option.split("/") if flag.startswith("--")]
        return long_options[0][2:].replace("-", "_") if long_options else self.name

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
    """One part a game makes (`cats map`): the parameters it takes (read off its click command where the game has
    commands) and the maker washigen.generate calls."""
    name: str
    help: str
    params: tuple[Param, ...] = ()
    make: Callable[..., Any] | None = None     # (**params) -> Design, for washigen.generate; None: prints only


class Lazy:
    """A member of a Game named by where it lives and imported on first use: `Lazy("washigen.games.cats.rules:
    validate")`, a whole module (`Lazy("washigen.games.cats.tiled")`), or what a function returns (`Lazy(load)`).
    A Game resolves its Lazy members (and Lazy values of its dicts: designs, makers) when they are read. A Lazy is
    callable and has the signature of what it names, so it stands for a function until it is first called."""

    __slots__ = ("_load", "_value", "_where")
    _UNSET = object()

    def __init__(self, target: str | Callable[[], Any]):
        self._value: Any = Lazy._UNSET
        self._where = target if isinstance(target, str) else getattr(target, "__qualname__", repr(target))
        self._load = _importer(target) if isinstance(target, str) else target

    @staticmethod
    def within(package: str) -> Callable[[str], Lazy]:
        """Names relative to a game's package: `later = Lazy.within(__name__)`, then `later("rules:validate")`."""
        return lambda member: Lazy(f"{package}.{member}")

    def resolve(self) -> Any:
        if self._value is Lazy._UNSET:
            self._value = self._load()
        return self._value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    @property
    def __signature__(self):                 # inspect.signature(lazy): what it names takes (washigen.generate)
        import inspect

        return inspect.signature(self.resolve())

    def __repr__(self) -> str:
        return f"Lazy({self._where!r})"


def _importer(target: str) -> Callable[[], Any]:
    module, _, name = target.partition(":")
    return lambda: getattr(importlib.import_module(module), name) if name else importlib.import_module(module)


def _resolved(value: Any) -> Any:
    """A Game member as used: a Lazy imported, a dict with its Lazy values imported; anything else as it is."""
    if type(value) is Lazy:
        return value.resolve()
    if type(value) is dict and any(type(v) is Lazy for v in value.values()):
        return {key: _resolved(v) for key, v in value.items()}
    return value


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
    balance: Callable[..., Any] | None = None     # (design, games, seed, jobs, bots="greedy") -> play.Balance
    play: Callable[..., Any] | None = None                # (design, seed=, bots=, **options) -> a played game
    tiled: Any = None                                     # a module with dump/load for .tmj maps (washigen/tiled.py)
    # component -> (**params) -> Design, for washigen.generate: the components that make a design to keep
    makers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        used = _resolved(value)
        if used is not value:
            object.__setattr__(self, name, used)       # imported once; the Game reads as if built in full
        return used

    def declared(self, name: str) -> Any:
        """A member as the game declared it: a Lazy stays unimported (the registry reads makers this way)."""
        return object.__getattribute__(self, name)


def _replace(game: Game, **changes: Any) -> Game:
    """dataclasses.replace, without importing the game's Lazy members (replace reads every field)."""
    members = {f.name: game.declared(f.name) for f in fields(game) if f.init}
    return type(game)(**{**members, **changes})


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

        game = _replace(game, components=components_from_commands(game.commands))
    makers = game.declared("makers")
    if makers:
        game = _replace(game, components=tuple(replace(c, make=makers.get(c.name, c.make))
                                               for c in game.components))
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
    for entry in _plugin_entry_points():
        loaded = entry.load()
        if isinstance(loaded, Game):
            register_game(loaded)
        elif callable(loaded):
            result = loaded()
            if isinstance(result, Game):
                register_game(result)


def _plugin_entry_points() -> Any:
    """The entry points of the group, from importlib.metadata. On Python 3.11 importing it costs more than the rest
    of `washigen games` (email, zipfile, csv...), so it is asked only when a distribution may declare the group."""
    if not _group_may_be_declared():
        return ()
    from importlib.metadata import entry_points

    return entry_points(group=ENTRY_POINT_GROUP)


def _group_may_be_declared() -> bool:
    """False only when importlib.metadata would find no distribution declaring the group: no finder of
    distributions but the standard one, every sys.path entry a folder (or missing), and no *.dist-info or
    *.egg-info folder in them whose entry_points.txt has a [washigen.games] section. A zip or an egg on sys.path
    is not looked into: True."""
    import os
    import sys
    from importlib.machinery import PathFinder

    if any(hasattr(finder, "find_distributions") and finder is not PathFinder for finder in sys.meta_path):
        return True
    section = f"[{ENTRY_POINT_GROUP}]".encode()
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return True                     # a zip file of packages
            continue
        if folder.lower().endswith(".egg"):
            return True
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.lower().endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as file:
                        text = file.read()
                except OSError:
                    continue
                if section in text and any(line.strip() == section for line in text.splitlines()):
                    return True
    return False


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
    known = {param.keyword: param for param in part.params}
    for name in params:
        if name not in known:
            raise InputError(f"{name}: {found.name} {part.name} takes no such parameter; it takes "
                             f"{', '.join(known) or 'none'}")
    checked = {name: known[name].check(value) for name, value in params.items()}
    accepted = _maker_params(part.make)
    printing = [] if accepted is None else [name for name in checked if name not in accepted]
    if printing:
        raise InputError(f"{', '.join(printing)}: not part of the design that generate makes; print options go "
                         "to washigen.render")
    if "seed" in known and checked.get("seed") is None:
        import secrets

        checked["seed"] = secrets.randbelow(1_000_000)   # recorded in the design, so it can be made again
    return part.make(**checked)


def _maker_params(maker: Callable[..., Any]) -> set[str] | None:
    """The parameters a maker takes (None: any, it passes them on); the command's other options (a bleed, a paper,
    a count of games) change what is printed, not the design."""
    import inspect

    parameters = inspect.signature(maker).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return {p.name for p in parameters}

