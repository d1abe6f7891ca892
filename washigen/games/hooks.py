"""A plugin game's hooks held to their contract (CONTRIBUTING, docs/plugins.md): a hook that raises, cannot be
imported (a Lazy naming a module or a function that is not there) or returns the wrong kind of thing is said as a
PluginError naming the game, the hook and what it names, where it was a traceback from deep inside washigen (a
`'list' object has no attribute 'ok'` for a validate returning a list). A refusal the hook raises on purpose (a
WashigenError: an InputError, a DesignFormatError) passes through unchanged. Only games from other distributions
are held so (registry._load_plugin): the built-in games are tested as they are."""

from __future__ import annotations

import sys
import traceback
from typing import TYPE_CHECKING, Any, Callable

from ..errors import PluginError, WashigenError
from ..inputs import clipped
from ..words import N_, Says
from .lazy import Lazy, _resolved, replaced

if TYPE_CHECKING:
    from .registry import Component, Game

HOOK_FAILED = N_("game {game!r}: its {hook} hook ({target}) failed: {reason}")
HOOK_NOT_CALLABLE = N_("game {game!r}: its {hook} must be a function (or a `Lazy` naming one), got {got}")
HOOK_RETURNED = N_("game {game!r}: its {hook} hook ({target}) must return {wanted}, got {got}")
PLAYED_NONE = N_("game {game!r}: its `play` hook ({target}) must return the game it played, got `None`")


def _report() -> type:
    from ..report import Report

    return Report


def _document() -> type:
    from ..press import Document

    return Document


def _balance() -> type:
    """arena.balance.Balance, not imported (the core reaches this module through the registry, and must not reach
    the arena): a hook that made a Balance has imported it."""
    module = sys.modules.get("washigen.arena.balance")
    return module.Balance if module is not None else _NoBalance


class _NoBalance:
    """What a balance hook that never reached the arena returned is not."""


def _played() -> type:
    from .played import PlayedGame

    return PlayedGame


# Hook -> (what it must return, by the class's name, the same in every language; the class it must be an instance
# of).
EXPECTED: dict[str, tuple[str, Callable[[], type]]] = {
    "validate": ("washigen.report.Report", _report), "play_check": ("washigen.report.Report", _report),
    "print_design": ("washigen.press.Document", _document), "balance": ("washigen.arena.Balance", _balance),
    "replay": ("washigen.games.played.PlayedGame", _played)}
# The Game's members that are functions washigen calls; the others (designs, extra, tiled, commands) are only read.
CALLED = ("validate", "print_design", "to_text", "from_text", "check_design", "diagram", "golden", "kit",
          "play_check", "balance", "play")
PART_HOOKS = ("make", "draw", "palette", "score", "replay", "print_file")


def _where(target: Any) -> str:
    """What a hook names, as its author wrote it: a Lazy's "package.module:name", a function's module:name."""
    if type(target) is Lazy:
        return str(target._where)
    return f"{getattr(target, '__module__', '?')}:{getattr(target, '__qualname__', type(target).__name__)}"


def _failure(game: str, hook: str, target: Any, error: Exception, at_line: bool = True) -> PluginError:
    """The error said with the line it came from, the plugin's own that its author needs to open (not for a hook
    that could not be imported: that line is washigen's importer)."""
    frames = traceback.extract_tb(error.__traceback__) if at_line else []
    place = f" ({frames[-1].filename}, line {frames[-1].lineno})" if frames else ""
    reason = f"{type(error).__name__}: {clipped(str(error))}{place}"
    return PluginError(Says(HOOK_FAILED, game=game, hook=hook, target=_where(target), reason=reason))


class Hook:
    """A plugin's function as washigen calls it: the same signature, module globals and attributes (read through to
    it), its errors and wrong answers said as PluginError. Picklable where the function is."""

    __slots__ = ("game", "hook", "target", "wanted")

    def __init__(self, game: str, hook: str, target: Callable[..., Any], wanted: tuple[str, Callable[[], type]]
                 | None = None):
        self.game, self.hook, self.target, self.wanted = game, hook, target, wanted

    def _function(self) -> Any:
        try:
            return self.target.resolve() if type(self.target) is Lazy else self.target
        except WashigenError:
            raise
        except Exception as error:
            raise _failure(self.game, self.hook, self.target, error, at_line=False) from error

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function = self._function()
        try:
            answer = function(*args, **kwargs)
        except WashigenError:
            raise
        except Exception as error:
            raise _failure(self.game, self.hook, self.target, error) from error
        self._check(answer)
        return answer

    def _check(self, answer: Any) -> None:
        if self.wanted is not None and not isinstance(answer, self.wanted[1]()):
            self._refuse(self.wanted[0], answer)
        if self.hook == "play" and answer is None:      # printed as "None", and studio's replay found nothing
            raise PluginError(Says(PLAYED_NONE, game=self.game, target=_where(self.target)))

    def _refuse(self, wanted: str, answer: Any) -> None:
        raise PluginError(Says(HOOK_RETURNED, game=self.game, hook=self.hook, target=_where(self.target),
                               wanted=wanted, got=_kind(answer)))

    @property
    def __signature__(self) -> Any:           # inspect.signature(hook): what the plugin's function takes
        import inspect

        return inspect.signature(self._function())

    def __getattr__(self, name: str) -> Any:  # __globals__, __name__, __doc__...: the function's own
        if name in type(self)._fields():
            raise AttributeError(name)
        return getattr(self._function(), name)

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields())

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(self._fields(), state):
            object.__setattr__(self, name, value)

    @classmethod
    def _fields(cls) -> tuple[str, ...]:
        return tuple(name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ()))

    def __repr__(self) -> str:
        return f"<{self.game} {self.hook} hook: {_where(self.target)}>"


class _Maker(Hook):
    """A component's maker: what it makes must be one of the game's designs (washigen writes, checks and plays it
    as one), as the game declares them (`designs`: classes, or Lazy ones imported when first checked)."""

    __slots__ = ("designs",)

    def __init__(self, game: str, hook: str, target: Callable[..., Any], designs: dict[str, Any]):
        super().__init__(game, hook, target)
        self.designs = designs

    def _check(self, answer: Any) -> None:
        kinds = tuple(_resolved(self.designs).values())
        if not isinstance(answer, kinds):
            self._refuse(" | ".join(f"{getattr(kind, '__name__', kind)}" for kind in kinds), answer)


def _kind(answer: Any) -> str:
    return "None" if answer is None else f"{type(answer).__module__}.{type(answer).__qualname__}"


class _Loaded:
    """A Lazy member that is only read (a design class, extra["bots"]): imported as before, a failure said."""

    def __init__(self, game: str, member: str, lazy: Lazy):
        self.game, self.member, self.lazy = game, member, lazy

    def __call__(self) -> Any:
        try:
            return self.lazy.resolve()
        except WashigenError:
            raise
        except Exception as error:
            raise _failure(self.game, self.member, self.lazy, error, at_line=False) from error


def _read_member(game: str, member: str, value: Any) -> Any:
    if type(value) is Lazy:
        return Lazy(_Loaded(game, member, value))
    if type(value) is dict:
        return {key: _read_member(game, f"{member}[{key!r}]", item) for key, item in value.items()}
    return value


def guarded(game: Game) -> Game:
    """The plugin's Game with every hook held to its contract, nothing imported (its Lazy members stay Lazy)."""
    changes: dict[str, Any] = {}
    for member in CALLED:
        target = game.declared(member)
        if target is not None and not callable(target):      # refused as it registers: the game is left out
            raise PluginError(Says(HOOK_NOT_CALLABLE, game=game.name, hook=member, got=_kind(target)))
        if target is not None:
            changes[member] = Hook(game.name, member, target, EXPECTED.get(member))
    for member in ("designs", "extra", "tiled", "commands"):
        changes[member] = _read_member(game.name, member, game.declared(member))
    designs = game.declared("designs")
    changes["components"] = tuple(_part(game.name, part, designs) for part in game.components)
    return replaced(game, **changes)


def _part(game: str, part: Component, designs: dict[str, Any]) -> Component:
    hooks: dict[str, Any] = {}
    for member in PART_HOOKS:
        target = getattr(part, member)
        if target is None or not callable(target):
            continue
        name = f"{part.name}.{member}"
        hooks[member] = (_Maker(game, name, target, designs) if member == "make" else
                         Hook(game, name, target, EXPECTED.get(member)))
    return part._replace(**hooks)
