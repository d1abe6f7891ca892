"""Nim on a printed card: heaps of sticks drawn on one card; players take turns taking sticks from one heap, and
whoever takes the last stick wins. A plugin game for the tests (tests/test_plugin_engine.py), from a distribution
of its own: found through the "washigen.games" entry point (`nim = washigen_nim:GAME`), with an engine on the
washigen.arena protocol, its bots, a balance hook and a run cost, following CONTRIBUTING.md alone. The same
distribution registers a second game, `nim-deal` (`nim-deal = washigen_nim:DEAL`): the same card made by a
component named "card", which its `extra["table"]` names as the one a sweep's tables are made with.

Registering it imports only this module: the design, rules, drawing and engine are Lazy members."""

from __future__ import annotations

from dataclasses import dataclass

from washigen.games import Component, Game, Lazy
from washigen.games.params import param, seed_param
from washigen.games.registry import DESIGN

later = Lazy.within(__name__)


@dataclass(frozen=True)
class CardParams:
    """The card's parameters: `washigen nim map`, `washigen games`, washigen.generate, the studio and `washigen
    sweep nim --set ...` are built from them."""
    heaps: int = param(4, "Heaps on the card.", min=2, max=6)
    most: int = param(7, "Most sticks in one heap.", min=1, max=9)
    players: int = param(2, "Players.", min=2, max=3)
    seed: int | None = seed_param()


def make_card(options: CardParams):
    from .model import generate

    return generate(options.heaps, options.most, options.players, options.seed)


def make_deal(options: CardParams):
    from .model import NimDeal, generate

    return generate(options.heaps, options.most, options.players, options.seed, NimDeal)


# The component is named "map": `washigen sweep GAME --seeds` makes each table it plays with the component of that
# name (CONTRIBUTING, "Rules of play").
COMPONENTS = (Component("map", "A card of heaps to play Nim on", options=CardParams, make=make_card, writes=DESIGN,
                        prints="page", replay=later("playtest:replay")),)

GAME = Game(name="nim", title="Nim card", designs={"map": later("model:NimCard")}, components=COMPONENTS,
            validate=later("model:validate"), print_design=later("model:print_card"),
            play=later("playtest:play"), balance=later("playtest:balance"), play_check=later("playtest:play_check"),
            extra={"endings": ("win",), "run_cost": later("playtest:run_cost")})

# Nim again, its table made by a component named "card": extra["table"] tells `washigen sweep nim-deal --seeds`;
# extra["bots"] names its bots, so `washigen nim-deal play --bots` is checked against them before any estimate.
DEAL = Game(name="nim-deal", title="Nim deal", designs={"card": later("model:NimDeal")},
            components=(Component("card", "A card of heaps to play Nim on", options=CardParams, make=make_deal,
                                  writes=DESIGN, prints="page", replay=later("playtest:replay")),),
            validate=later("model:validate"), print_design=later("model:print_card"),
            play=later("playtest:play"), balance=later("playtest:balance"), play_check=later("playtest:play_check"),
            extra={"endings": ("win",), "run_cost": later("playtest:run_cost"), "table": "card",
                   "bots": later("bots:BOTS")})
