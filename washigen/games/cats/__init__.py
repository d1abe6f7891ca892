"""Tokyo Washi Game Cats: a cat's hunt for fish across a Tokyo of washi tape, for 2 to 6 players.

Registering the game imports only its spec (its components as data); the model, generator, rules and drawing, and
the golden designs, figures, kit and play of members.py, are Lazy members, loaded when a design is made, checked,
drawn or played."""

from __future__ import annotations

from ..registry import Game, Lazy, register_game
from . import spec
from .constants import ENDINGS, TITLE

later = Lazy.within(__name__)       # later("rules:validate"): this package's rules.validate, imported on first use

GAME = register_game(Game(
    name="cats",
    title=TITLE,
    designs={"map": later("model:CatsMap"), "setup": later("model:CatsSetup"), "segment": later("model:CatsSegment"),
             "roll": later("model:CatsRoll")},
    components=spec.COMPONENTS,
    commands=Lazy("washigen.cli.cats:commands"),   # the command line's, loaded by it
    validate=later("rules:validate"),
    print_design=later("draw:print_design"),
    aliases=("tokyo-washi-cats", "washi-cats"),
    to_text=later("text:to_text"),
    from_text=later("text:from_text"),
    check_design=later("wellformed:check_design"),
    diagram=later("members:diagram"),
    golden=later("members:golden"),
    kit=later("members:kit"),
    tiled=later("tiled"),
    play_check=later("playtest:play_check"),
    balance=later("members:balance"),
    play=later("members:play"),
    extra={"endings": ENDINGS, "run_cost": later("rates:run_cost"), "bots": later("bots:BOTS")},
))

__all__ = ["GAME"]
