"""The games washigen prints and plays: one package each (cats, cops, cat_tree, trail_route), registered in
registry.py, plus those other distributions register through the entry-point group "washigen.games" (plugins.py)."""

from typing import TYPE_CHECKING, Any

from .registry import (Component, Game, Lazy, Param, all_games, get_component, get_game, register_game,
                       unregister_game)

if TYPE_CHECKING:
    from .generating import generate
    from .plugins import ENTRY_POINT_GROUP

# Imported when first asked for (PEP 562): a start of the command line uses neither.
_LATER = {"generate": "generating", "ENTRY_POINT_GROUP": "plugins"}


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)


__all__ = ["ENTRY_POINT_GROUP", "Component", "Game", "Lazy", "Param", "all_games", "generate", "get_component",
           "get_game", "register_game", "unregister_game"]
