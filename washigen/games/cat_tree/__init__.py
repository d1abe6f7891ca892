"""Cat Tree? We can handle this!: a printable deck, reference card and score sheet; the placement validator and
the scorer of a finished tree; simulated games.

Registering the game imports only its spec (its components as data); the model, rules and drawing, and the checks,
golden designs, figures, kit and play of members.py, are Lazy members, loaded when a design is made, checked,
drawn or played."""

from __future__ import annotations

from ..registry import Game, Lazy, register_game
from . import spec
from .constants import ENDINGS, GAME, REFERENCE_CARDS, TITLE

later = Lazy.within(__name__)       # later("text:from_text"): this package's text.from_text, imported on first use


GAME_OBJECT = Game(
    name=GAME,
    title=TITLE,
    aliases=("cattree", "cat_tree"),
    designs={"layout": later("model:CatTreeLayout"), "deck": later("model:CatTreeDeck")},
    components=spec.COMPONENTS,
    commands=Lazy("washigen.cli.cat_tree:commands"),   # the command line's, loaded by it
    validate=later("members:validate_design"),
    print_design=later("draw:print_design"),
    to_text=later("members:to_text"),
    from_text=later("text:from_text"),
    check_design=later("members:check_design"),
    diagram=later("members:diagram"),
    golden=later("members:golden"),
    kit=later("members:kit"),
    play=later("members:play"),
    balance=later("playtest:balance"),
    extra={"endings": ENDINGS, "run_cost": later("playtest:run_cost"), "bots": later("bots:BOTS")},
)


register_game(GAME_OBJECT)

__all__ = ["GAME_OBJECT", "REFERENCE_CARDS"]
