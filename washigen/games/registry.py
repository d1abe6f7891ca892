"""The game registry: Game (a game declared as data), register_game, get_game. Each game package under
washigen/games/ calls register_game() in its __init__.py (last); games from other distributions register through
the entry-point group "washigen.games" (plugins.py), whose entry points name a module to import or a callable
returning a Game.

A Game's heavy members (its model, generator, rules, drawing) may be given as `Lazy("package.module:name")`: they
are imported when first read, so registering a game costs only its spec and `washigen games` starts quickly."""

from __future__ import annotations

import importlib
import os
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from ..errors import InputError
from ..i18n import NONE
from ..inputs import clipped
from ..words import N_, Says
from .lazy import Lazy as Lazy, _resolved, replaced as _replace      # Lazy: games import it from here
from .params import Param, params_of, translated_help

PRINTS = ("", "sheets", "sheets+backs", "strips", "paper", "page", "tape", "lang")
FOLDER = "folder"
# The file forms a component writes (Component.writes), by what it is: a print, a design, a design Tiled opens too,
# a game played (its log, or its drawing).
PRINTED = (".pdf", ".svg", ".png")
DESIGN = (*PRINTED, ".json", ".txt")
MAP = (*DESIGN, ".tmj", ".tmx")
GAME_PLAYED = (".txt", *PRINTED)
GAMES_PACKAGE = __name__.rpartition(".")[0]         # washigen.games: the built-in games are its subpackages
PLUGIN_NOT_LOADED = N_("game {name!r} ({target}) could not be loaded and is left out: {reason}")


def _built_in_games() -> list[str]:
    """The game packages under washigen/games/, by their module names, sorted."""
    folder = os.path.dirname(__file__)
    return sorted(entry.name for entry in os.scandir(folder) if entry.is_dir() and entry.name.isidentifier()
                  and os.path.exists(os.path.join(entry.path, "__init__.py")))


class _ComponentFields(NamedTuple):
    name: str
    help: str
    params: tuple[Param, ...] = ()
    make: Callable[..., Any] | None = None     # (options) or (**params) -> Design; None: prints only
    options: type | None = None
    # A part that only prints (player sheets, a score pad): (options, PrintOptions) -> press.Document, what its
    # command writes, so washigen.draw_component prints it without the command line.
    draw: Callable[..., Any] | None = None
    # What an editor may put in one place of the design it makes: (code, name) pairs (cell kinds, cards).
    palette: Callable[[], tuple[tuple[str, str], ...]] | None = None
    score: Callable[[Any], int] | None = None  # the points a design of it scores (a finished tree)
    # (design, seed) -> PlayedGame: one bot game on a design, as `GAME play` plays it (a play component's).
    replay: Callable[..., Any] | None = None
    # What it writes, with -o: the file forms (".pdf", ".json", ...), FOLDER for a folder of them, () nothing;
    # None where the spec does not say (a plugin's own commands then tell). `output_required`: -o must be given.
    writes: tuple[str, ...] | None = None
    output_required: bool = True
    # The print options it takes (PRINTS): "sheets" (paper, template, bleed, marks, gutter, ...), "sheets+backs"
    # (and duplex, back offset), "strips" (tape strips in a sheet's lanes: as sheets, no gutter), "paper" (one
    # whole sheet: paper, colour, dpi, lang), "page" (one page at real size: bleed, dpi, colour, lang), "tape",
    # "lang", or "". Only the options that change what it prints.
    prints: str = ""
    # What its command writes for a design it made, where the file's form decides what is drawn (a tape: a PDF as
    # pages of whole repeats, an SVG or PNG as the one strip): (design, PrintOptions, output path) -> press.Document;
    # None: the game's print_design, whatever the form.
    print_file: Callable[..., Any] | None = None


class Component(_ComponentFields):
    """One part a game makes (`cats map`): the parameters it takes, as its spec declares them, and the maker
    washigen.generate calls. With `options` (the component's parameter dataclass, see params.py) the parameters
    are read off its fields, and the maker takes one instance of it. A named tuple (its fields in
    _ComponentFields; `component._replace(make=...)` makes a changed copy), not a frozen dataclass: its class is
    built and its thirty-odd instances made as washigen starts, several times faster so."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Component:
        component = super().__new__(cls, *args, **kwargs)
        if component.prints not in PRINTS:
            raise ValueError(f"component {component.name}: prints must be one of {', '.join(map(repr, PRINTS))}")
        if component.options is not None and not component.params:
            return component._replace(params=params_of(component.options))
        return component

    def help_text(self, lang: str = "en") -> str:
        """What the component is, in a language (`help` in English; the spec marks it N_ for the catalog)."""
        return translated_help(self.help, (), lang)


# Compared and shown as itself (identity, object's repr): field by field, either would import every Lazy member.
@dataclass(frozen=True, eq=False, repr=False)
class Game:
    """What a game offers washigen. Only name, title, designs, validate and print_design are required."""
    name: str                                   # "cats", "cat-tree"
    title: str                                  # "Tokyo Washi Game Cats"
    designs: dict[str, Any]                     # kind -> Design dataclass (or a Lazy naming it, resolved when read)
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
    commands: Any = None       # `washigen NAME`'s click.Group: a plugin's own, or Lazy("washigen.cli.<game>:commands")
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


_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_loaded = False
_loading = False                   # this or another thread is importing the games
_LOADING = threading.RLock()
_plugin_loading = False            # an entry point is being loaded: the games it registers are a third party's


def register_game(game: Game) -> Game:
    """Registers a game: its components (what washigen.generate makes and the studio offers) are the ones its
    spec declares; its commands, where it has any, are the command line's business."""
    if not isinstance(game, Game):
        raise InputError(Says(N_("{field}: must be a {kind} ({path}, a game declared as data), got {type}"),
                              field="game", kind="Game", path="washigen.games.Game", type=type(game).__name__))
    existing = _GAMES.get(game.name)
    commands = game.declared("commands")
    same = existing is game or (existing is not None and commands is not None
                                and existing.declared("commands") is commands)
    if existing is not None and not same:
        raise ValueError(f"game {game.name!r} registered twice")
    for alias in (game.name, *game.aliases):     # a plugin's alias must not take over another game's name
        owner = _ALIASES.get(alias.lower())
        if owner is not None and owner != game.name:
            raise ValueError(f"game {game.name!r}: the name {alias!r} already names the game {owner!r}")
    makers = game.declared("makers")
    if makers:
        game = _replace(game, components=tuple(c._replace(make=makers.get(c.name, c.make))
                                               for c in game.components))
    if _plugin_loading:                 # a third party's hooks: their mistakes said by game and hook (hooks.py)
        from .hooks import guarded

        game = guarded(game)
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
    """Every game registered, once. Other threads wait until it is done (one that found `_loaded` set while the
    games were still being imported saw an empty registry); the loading thread itself, asked again while a game
    is imported, goes on with what is there."""
    global _loaded, _loading
    if _loaded:
        return
    with _LOADING:
        if _loaded or _loading:
            return
        _loading = True
        try:
            _import_every_game()
            _loaded = True
        finally:
            _loading = False


class PluginWarning(UserWarning):
    """A game from another distribution could not be loaded: it is left out, the other games work. Its message is
    a words.Says (str() gives the English)."""


# The plugins that could not be loaded, by their entry points' names: what each names, and why it failed (get_game
# says it for that name).
_BROKEN: dict[str, dict[str, str]] = {}


def _import_every_game() -> None:
    for module in _built_in_games():
        importlib.import_module(f"{GAMES_PACKAGE}.{module}")
    from .plugins import entry_points

    for entry in entry_points():
        _load_plugin(entry)


def _load_plugin(entry: Any) -> None:
    """Registers the Game an entry point names (a Game, a callable returning one, or a module that registers its
    own). A plugin that fails (half installed, written for another washigen, clashing with a game's name) is left
    out with a PluginWarning, not a traceback from every command that lists the games."""
    import warnings

    global _plugin_loading
    _plugin_loading = True
    try:
        loaded = entry.load()
        if not isinstance(loaded, Game) and callable(loaded):
            loaded = loaded()
        if isinstance(loaded, Game):
            register_game(loaded)
        return
    except Exception as error:                    # anything a third party's import or call may raise
        # Long enough for Python's own words ("Game.__init__() missing 1 required positional argument: 'validate'")
        reason = f"{type(error).__name__}: {clipped(str(error), 200)}"
    finally:
        _plugin_loading = False
    name = str(entry.name).lower().replace("_", "-")
    _BROKEN[name] = {"name": name, "target": str(entry.value), "reason": reason}
    warnings.warn(PluginWarning(Says(PLUGIN_NOT_LOADED, **_BROKEN[name])), stacklevel=2)


def load_failure(name: str) -> Says | None:
    """Why the plugin game of this name could not be loaded (after the games were loaded); None for any other name.
    The command line's `washigen NAME` may say it instead of "no such command"."""
    found = _BROKEN.get(str(name).lower().replace("_", "-"))
    return None if found is None else Says(PLUGIN_NOT_LOADED, **found)


def all_games() -> list[Game]:
    _load_all()
    return [_GAMES[name] for name in sorted(_GAMES)]


def _load_package(name: str) -> None:
    """Imports the one built-in game package a name points at (cats, cat-tree -> cat_tree), if there is one:
    `washigen cats map` need not load the other games."""
    module = name.replace("-", "_")
    if module in _built_in_games():
        importlib.import_module(f"{GAMES_PACKAGE}.{module}")


def get_game(name: str) -> Game:
    if not isinstance(name, str):
        # Said by its type: a design passed where its game's name goes was echoed whole (pages of its repr).
        _load_all()
        raise InputError(Says(N_("{field}: must be a game's name ({known}), got {type}"), field="game",
                              known=", ".join(sorted(_GAMES)) or Says(NONE), type=type(name).__name__))
    wanted = name.lower().replace("_", "-")
    if wanted not in _ALIASES and not _loaded:
        _load_package(wanted)
    if wanted not in _ALIASES:
        _load_all()
    key = _ALIASES.get(wanted)
    failure = load_failure(wanted) if key is None else None
    if failure is not None:
        raise InputError(failure)
    if key is None:
        known = ", ".join(sorted(_GAMES)) or Says(NONE)
        raise InputError(Says(N_("{field}: unknown game {name!r}; known games: {known}"), field="game",
                              name=clipped(name), known=known))
    return _GAMES[key]


def get_component(game: Game, name: str) -> Component:
    for component in game.components:
        if component.name == name:
            return component
    known = ", ".join(c.name for c in game.components)
    raise InputError(Says(N_("{field}: {game} has no component {name!r}; known: {known}"), field="component",
                          game=game.name, name=name, known=known))


def design_classes(game: Game, function: Any, annotation: Any) -> tuple[type, ...]:
    """The game's design classes an annotation names (a string one resolved among the game's designs and the
    function's module)."""
    import typing

    names = {cls.__name__: cls for cls in game.designs.values()}
    try:
        if isinstance(annotation, str):
            annotation = eval(annotation, {**getattr(function, "__globals__", {}), **names})  # noqa: S307 (ours)
    except Exception:           # a name the game's designs do not hold: not a design
        return ()
    found = typing.get_args(annotation) or (annotation,)
    return tuple(t for t in found if isinstance(t, type) and t in game.designs.values())


def maker_of(game: Game, design: Any) -> Component | None:
    """The component that makes designs of this kind (a map is made by `map`, a Cats roll by `tape`), among those
    that make a design or draw a print; None where none does."""
    import inspect

    for component in game.components:
        maker = component.make
        if maker is None and component.draw is None:
            continue
        if component.name == design.KIND or (maker is not None and isinstance(
                design, design_classes(game, maker, inspect.signature(maker).return_annotation))):
            return component
    return None
