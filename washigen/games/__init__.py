"""The games washigen prints and plays: one package each (cats, cops, cat_tree, trail_route), registered in
registry.py, plus those other distributions register through the entry-point group "washigen.games"."""

from .registry import (ENTRY_POINT_GROUP, Component, Game, Lazy, Param, all_games, generate, get_component,
                       get_game, register_game, unregister_game)

__all__ = ["ENTRY_POINT_GROUP", "Component", "Game", "Lazy", "Param", "all_games", "generate", "get_component",
           "get_game", "register_game", "unregister_game"]
