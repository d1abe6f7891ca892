"""Tokyo Washi Game Cops: tape segments with two zones of four crime locations joined by yellow paths, maps of one
segment per player that wrap top to bottom, offset set-ups completed with new roads, and squad sheets.

Registering the game imports only its spec (its components as data, with the makers washigen.generate calls); the
model, generator, rules and drawing, and the checks, golden designs, figures, kit and play of members.py, are Lazy
members, loaded when a design is made, checked, drawn or played."""

from __future__ import annotations

from ..registry import Game, Lazy, register_game
from . import spec
from .constants import DIAGRAMS, ENDINGS, GAME, LAYOUTS, TITLE

later = Lazy.within(__name__)       # later("rules:validate"): this package's rules.validate, imported on first use

GAME_OBJECT = Game(
    name=GAME,
    title=TITLE,
    designs={"map": later("model:CopsMap"), "tape": later("model:CopsTape"), "sheet": later("model:CopsSheet")},
    components=spec.COMPONENTS,
    commands=Lazy("washigen.cli.cops:commands"),   # the command line's, loaded by it
    validate=later("rules:validate"),
    print_design=later("draw:print_design"),
    to_text=later("text:to_text"),
    from_text=None,
    check_design=later("members:check_design"),
    diagram=later("members:diagram"),
    golden=later("members:golden"),
    kit=later("members:kit"),
    play_check=later("members:play_check"),
    balance=later("members:balance"),
    play=later("members:play"),
    extra={"diagrams": DIAGRAMS, "layouts": LAYOUTS, "endings": ENDINGS, "run_cost": later("playtest:run_cost"),
           "bots": later("bots:BOTS")},
)

register_game(GAME_OBJECT)
