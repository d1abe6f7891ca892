"""The studio's balance estimate: seeded greedy games on a design through its game's `balance` hook, refused before
any is played where the run would pass its minute of one core as `GAME balance` refuses it (DESIGN 12), kept for
the chart the page draws from the run it has just shown."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import api as washigen
from ..design import Design, dumps
from ..errors import InputError
from ..games.registry import Game, get_game
from ..words import N_, Says
from .api import (Conflict, FieldError, _count, _seed, design_of, file_stem, language, named_field, packed,
                  printed_files, refused, request_fields, type_name)
from .offers import BALANCE_BOTS, BALANCE_GAMES, balance_table, refusal

if TYPE_CHECKING:
    from ..api import Balance

MAX_BALANCE_GAMES = 2000
BALANCE_RUNS_KEPT = 16
class BalanceRuns:
    """The studio's latest balance runs, by what was asked (design, games, seed): the chart of a run the page has
    just shown is drawn from its numbers, without playing its games again. Jobs add to it from their threads."""

    def __init__(self, kept: int = BALANCE_RUNS_KEPT):
        self.kept = kept
        self._runs: OrderedDict[str, Balance] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(design: Design, games: int, seed: int) -> str:
        return hashlib.sha256(f"{games}|{seed}|{dumps(design)}".encode()).hexdigest()

    def get(self, key: str) -> Balance | None:
        with self._lock:
            found = self._runs.get(key)
            if found is not None:
                self._runs.move_to_end(key)
            return found

    def put(self, key: str, result: Balance) -> None:
        with self._lock:
            self._runs[key] = result
            self._runs.move_to_end(key)
            while len(self._runs) > self.kept:
                self._runs.popitem(last=False)


def refuse_long_run(game: Game, design: Design | None, games: int) -> None:
    """A FieldError on `games`, before any game is played, where `games` greedy games on the design would pass
    their minute of one core, as `GAME balance --games N` refuses them (washigen.check_run: the game's registered
    cost), naming the games asked for and the most that fit."""
    try:
        washigen.check_run(game.name, design, games=games, bots=BALANCE_BOTS, options=str(games))
    except InputError as error:
        raise FieldError.refusing("games", error, games) from None          # the page marks the field


def _balance_run(body: dict[str, Any], runs: BalanceRuns | None, reuse: bool,
                 request: str = "POST /api/balance") -> tuple[Design, int, Balance]:
    """(design, seed, Balance) of the games the body asks for, played through the game's `balance` hook (greedy
    bots, seats rotated) and kept in `runs`; with `reuse`, a run kept there is taken instead of playing again. A run
    not kept there is refused, unplayed, past its minute."""
    chart = request.endswith("/chart")
    request_fields(body, ("design", "games", "seed", "bots", *(("lang",) if chart else ())), request)
    design = design_of(body)
    game = get_game(design.GAME)
    _check_bots(body.get("bots", BALANCE_BOTS), game)
    reason = refusal(game, design, "balance")
    if reason is not None:
        raise Conflict(reason)          # the reason the page was offered no estimate for
    hook = game.balance
    assert hook is not None             # refusal() finds a game without one
    table = balance_table(game, design)
    games = _count(body, "games", BALANCE_GAMES, 1, MAX_BALANCE_GAMES)
    seed = _seed(body) or 0
    key = BalanceRuns.key(design, games, seed)
    held = runs.get(key) if runs is not None else None
    if held is None:                    # a run the studio holds was played already: its chart is never refused
        refuse_long_run(game, table, games)
    result = held if reuse else None
    if result is None:
        try:
            result = hook(table, games, seed, 1)
        except InputError as error:     # a design of a kind it plays, that a plugin's hook still cannot: a conflict
            if table is None or named_field(error) != "design":     # too, the request is sound
                raise
            raise Conflict(error.says) from None
        if runs is not None:
            runs.put(key, result)
    return design, seed, result


def _check_bots(bots: Any, game: Game) -> None:
    if not isinstance(bots, str):
        raise FieldError("bots", Says(N_("must be text, such as {example!r}, got {kind}"), example=BALANCE_BOTS,
                                      kind=type_name(bots)), bots)
    if bots.strip().lower() != BALANCE_BOTS:
        raise FieldError("bots", Says(N_("the studio's balance is played by {bots} bots alone; leave it at {bots!r}, "
                                         "or ask the command line for others: {command} --bots ..."),
                                      bots=BALANCE_BOTS, command=f"washigen {game.name} balance"), bots)


def balance(body: dict[str, Any], runs: BalanceRuns | None = None) -> dict[str, Any]:
    """Seeded bot games on the design through the game's `balance` hook: win rates per seat with intervals. The
    games are always played (the page sees their progress); the run is kept in `runs` for its chart."""
    return _balance_run(body, runs, reuse=False)[2].to_json()


def balance_chart(body: dict[str, Any], fmt: str, runs: BalanceRuns | None = None, folder: Path | None = None,
                  names_in: str = "en") -> tuple[bytes, str, str]:
    """The chart of the balance run the body asks for (design, games, seed, as POST /api/balance; lang), byte for
    byte what `GAME balance --seed SEED --games GAMES --lang LANG -o chart.FMT` writes (svg, pdf or png), named in
    the page's language `names_in`: drawn from the run kept in `runs`, or from the same games played again."""
    if fmt not in ("svg", "pdf", "png"):
        raise refused("format", Says(N_("{field}: a balance chart is drawn as svg, pdf or png, got {value!r}"),
                                     field="format", value=fmt), fmt)
    lang = language(body.get("lang"))
    design, seed, result = _balance_run(body, runs, reuse=True, request="POST /api/balance/chart")
    document = washigen.balance_chart(result, design, seed=seed, bots=BALANCE_BOTS, lang=lang)
    stem = file_stem(design.GAME, "balance", design.seed, seed, lang=names_in)
    return packed(printed_files(document, f"{stem}.{fmt}"), fmt, stem)
