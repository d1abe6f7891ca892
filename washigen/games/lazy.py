"""Lazy: a member of a Game named by where it lives and imported on first use, apart from the registry, so that
what wraps a game's members (hooks.py, a plugin's hooks held to their contract) needs no registry."""

from __future__ import annotations

import importlib
from dataclasses import fields
from typing import Any, Callable


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


def replaced(game: Any, **changes: Any) -> Any:
    """dataclasses.replace of a Game, without importing its Lazy members (replace reads every field)."""
    members = {f.name: game.declared(f.name) for f in fields(game) if f.init}
    return type(game)(**{**members, **changes})
