"""What the page offers on a design (a bot game, a balance estimate and its chart) and what the endpoints then play,
worked out by one function, `refusal`: the page offers an action where it finds no reason not to, and the endpoints
refuse with the reason it finds (DESIGN 10: actions are offered only where they apply). What a game's hooks take
is read from the registry (their signatures, the components that make and replay designs), never from a game's
internals."""

from __future__ import annotations

import inspect
from typing import Literal

from .. import api as washigen
from ..design import Design, refuse_broken, to_dict
from ..errors import InputError
from ..games.registry import Game, design_classes
from ..report import Report
from ..words import N_, Says

Action = Literal["play", "balance"]
BALANCE_GAMES = 200             # the page's balance field, where that many fit in the run's minute
BALANCE_GAMES_STEP = 10         # the field's steps
BALANCE_BOTS = washigen.BALANCE_BOTS   # who plays the studio's balance: the same bots as the API's balance
ACTIONS: tuple[Action, ...] = ("play", "balance")
NO_ENGINE_PLAYS = N_("{game}: no engine plays a {kind} of this game yet")
NO_BALANCE_ENGINE = N_("{game}: no engine plays this game yet, so there is no balance estimate")
# A game whose bots build the design from the deal (Cat Tree's tree): a design is played where it keeps the seed of
# the bots' game that built it (its bot game is that one again, its balance the deals', as `GAME balance` plays
# them with no design), or where the game's hooks take it as a table to deal on (an empty layout: its grid, as
# `GAME play --map FILE` plays on it); one that is neither is no game of theirs (a tree laid out by hand).
NOT_THEIR_GAME = N_("{game}: its bots build the {kind} from the deal; a bot game and a balance estimate are played "
                    "on an empty {kind} (its grid), or for a {kind} they built, which keeps the seed of their game "
                    "({command}); this one is not empty and has no seed")
EDITED_SINCE = N_("{game}: its bots build the {kind} from the deal; a bot game and a balance estimate are played on an "
                  "empty {kind} (its grid), or for a {kind} as their game built it ({command}); this one is not empty "
                  "and was changed since")


def playable(game: Game, design: Design, report: Report | None = None) -> dict[str, bool]:
    """{"play": ..., "balance": ...}: whether the page offers a bot game and a balance estimate on this design,
    where `refusal` finds no reason not to play it (the chart goes with the balance); `report`: the design's check
    against its rules where the caller has it (the studio's check made it), else checked here once for both."""
    kinds = {action: refused_kind(game, design, action) for action in ACTIONS}
    if all(kinds.values()):
        faulty = True
    else:
        faulty = bool(report.errors) if report is not None else broken(design) is not None
    return {action: reason is None and not faulty for action, reason in kinds.items()}


def refusal(game: Game, design: Design, action: Action) -> Says | str | None:
    """Why the design is not played for `action` ("play": one bot game; "balance": the estimate and its chart), or
    None where it is: the endpoints refuse with this reason (409), and the page offers the action only where there
    is none."""
    return refused_kind(game, design, action) or broken(design)


def refused_kind(game: Game, design: Design, action: Action) -> Says | None:
    """Why no design of this kind is played for `action`: the game has no engine for it (a bot game also needs a
    component that replays it, as GET /api/games says); its bots build designs of this kind from the deal and this
    one is neither a table they are dealt on (an empty layout) nor as their game built it; or its hook does not
    take designs of this kind (as its signature says; a hook that does not say is handed every design of its game,
    and refuses what it cannot play)."""
    kind = design.KIND
    if getattr(game, action, None) is None:
        return Says(NO_BALANCE_ENGINE, game=game.name) if action == "balance" else \
            Says(NO_ENGINE_PLAYS, game=game.name, kind=kind)
    if action == "play" and not any(c.replay is not None for c in game.components):
        return Says(NO_ENGINE_PLAYS, game=game.name, kind=kind)     # a plugin's `play` hook, no drawing of its games
    if built_from_the_deal(game, design):
        if dealt_on(game, design) or design.seed is not None and as_dealt(game, design):
            return None
        if design.seed is None:
            return Says(NOT_THEIR_GAME, game=game.name, kind=kind, command=f"washigen {game.name} play --seed N")
        return Says(EDITED_SINCE, game=game.name, kind=kind,
                    command=f"washigen {game.name} play --seed {design.seed}")
    kinds = design_types(game, action)
    if (action == "play" and not kinds) or (kinds is not None and not isinstance(design, kinds)):
        return Says(NO_ENGINE_PLAYS, game=game.name, kind=kind)
    return None


def broken(design: Design) -> Says | str | None:
    """The first rule the design breaks, as the command line and washigen.play and balance refuse it: bots do not
    play a broken design."""
    try:
        refuse_broken(design)
    except InputError as error:
        return error.says
    return None


def balance_games(game: Game, design: Design) -> int:
    """The games the page's balance field starts at for this design: BALANCE_GAMES, or fewer (in whole steps of
    the field where there is room for one) where more would pass the run's minute, as the estimate would refuse
    them (washigen.check_run)."""
    fits = washigen.games_that_fit(game.name, balance_table(game, design), bots=BALANCE_BOTS)
    if fits is None or fits >= BALANCE_GAMES:
        return BALANCE_GAMES
    return max(1, fits // BALANCE_GAMES_STEP * BALANCE_GAMES_STEP if fits >= BALANCE_GAMES_STEP else fits)


def balance_table(game: Game, design: Design) -> Design | None:
    """What the game's `balance` hook plays on, for a design `refusal` finds no reason not to: the design, or None
    (the game's own table) where it is the game its bots built from the deal (its balance is the deals')."""
    return None if replays_its_making(game, design) else design


def design_types(game: Game, hook_name: str) -> tuple[type, ...] | None:
    """The design classes a hook's first parameter is annotated with (none: it takes no design); None where there is
    no such hook or it does not say (no annotation)."""
    hook = getattr(game, hook_name, None)
    first = None if hook is None else next(iter(inspect.signature(hook).parameters.values()), None)
    if first is None or first.annotation is inspect.Parameter.empty:
        return None
    return design_classes(game, hook, first.annotation)


def built_from_the_deal(game: Game, design: Design) -> bool:
    """A design of the kind its game's `play` component makes (by the maker's return annotation), where that game's
    bots play: what they build from the deal (Cat Tree's tree)."""
    maker = next((c.make for c in game.components if c.name == "play"), None)
    if getattr(game, "play", None) is None or maker is None:
        return False
    return isinstance(design, design_classes(game, maker, inspect.signature(maker).return_annotation))


def dealt_on(game: Game, design: Design) -> bool:
    """A design of the kind the bots build that their game is also dealt on, a table (Cat Tree's empty layout, its
    grid): its `play` hook takes the kind (its annotation names it) and the game's own estimate of a run, which
    refuses what its hooks refuse (washigen.check_run: a layout with cards), takes it. Its bot game is the one the
    page's seed deals on it, and its balance is played on it."""
    kinds = design_types(game, "play")
    if not kinds or not isinstance(design, kinds):
        return False
    try:
        washigen.check_run(game.name, design, games=1, bots=BALANCE_BOTS)
    except InputError:
        return False
    return True


def as_dealt(game: Game, design: Design) -> bool:
    """The design is what its seed's bot game built (a tree edited on the page keeps its seed, but no longer the
    game: that game would be shown, and its points, for another tree)."""
    def fields(made: Design) -> dict:
        return {k: v for k, v in to_dict(made).items() if k != "generator"}

    return fields(washigen.generate(game.name, "play", seed=design.seed)) == fields(design)


def replays_its_making(game: Game, design: Design) -> bool:
    """A design its game's bots built from the deal, with the seed of their game: the bot game shown is the one
    that built it, played again from its seed (a table they are dealt on is not: its game is the page's seed's)."""
    return design.seed is not None and built_from_the_deal(game, design) and not dealt_on(game, design)
