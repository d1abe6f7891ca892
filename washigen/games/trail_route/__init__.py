"""The Cats' Trail Route: road, destination and exchange tiles, hand cards, cat pawns, a board mat and score pad
to print; a setup generator and validator; a rules engine that plays the game.

Registering the game imports only its spec (its components as data); the model, generator, rules and drawing, and
the check, golden designs, figures, kit and play of members.py, are Lazy members, loaded when a design is made,
checked, drawn or played."""

from __future__ import annotations

from ..registry import Game, Lazy, register_game
from . import spec
from .constants import ENDINGS, GAME, TITLE

later = Lazy.within(__name__)       # later("rules:validate"): this package's rules.validate, imported on first use

GAME_INFO = register_game(Game(
    name=GAME,
    title=TITLE,
    aliases=("trailroute", "trail_route"),
    designs={"setup": later("model:TrailRouteSetup")},
    components=spec.COMPONENTS,
    commands=Lazy("washigen.cli.trail_route:commands"),   # the command line's, loaded by it
    validate=later("rules:validate"),
    print_design=later("draw:print_setup"),
    to_text=later("text:to_text"),
    from_text=later("text:from_text"),
    check_design=later("members:check_design"),
    diagram=later("members:diagram"),
    golden=later("members:golden"),
    kit=later("members:kit"),
    play=later("members:play"),
    balance=later("playtest:balance"),
    play_check=later("playtest:play_check"),
    tiled=later("tiled"),
    extra={"endings": ENDINGS, "run_cost": later("playtest:run_cost"), "bots": later("bots:POLICIES")},
))
