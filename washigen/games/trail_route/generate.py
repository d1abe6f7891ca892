"""The setup generator: a seeded random table for 3 or 4 players that the validator accepts."""

from __future__ import annotations

import random

from ...errors import InputError
from ...i18n import either
from ...words import N_, Says
from .model import (COLOURS, COLS, DECK, DEST_COLS, HAND_SIZE, PLAYERS, ROWS, Mix, Seat, TrailRouteSetup,
                    check_exchange_deck, load_mix)
from .rules import board_problems, validate

REPAIRS = 200          # tile moves tried on one shuffle before shuffling again
SHUFFLES = 200


def generate_setup(players: int = 4, seed: int = 0, mix: Mix | None = None) -> TrailRouteSetup:
    """Road tiles drawn from the mix and arranged so that no arrow loops or leaves the board and no row is closed,
    destinations drawn and laid out, the exchange deck shuffled, colours given, 4 hand cards dealt to each."""
    if type(players) is not int or players not in PLAYERS:         # 4.0 is no player count (True neither)
        raise InputError(Says(N_("{field}: must be {wanted}, got {value}"), field="players",
                              wanted=either([str(n) for n in PLAYERS]), value=players))
    mix = mix or load_mix()
    rows = ROWS[players]
    check_mix_fits(mix, rows)
    rng = random.Random(seed)
    road = _road(mix, rows, rng)
    destinations = _pick(mix.pool("destinations"), rows * DEST_COLS, rng)
    exchange = mix.pool("exchange")
    rng.shuffle(exchange)
    colours = list(COLOURS)
    rng.shuffle(colours)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [tuple(deck[n::players][:HAND_SIZE]) for n in range(players)]
    dealt = players * HAND_SIZE
    undealt = tuple(sorted(deck[dealt:], key=DECK.index))
    setup = TrailRouteSetup(
        seed=seed, players=players, road=road,
        destinations=tuple(tuple(destinations[r * DEST_COLS:(r + 1) * DEST_COLS]) for r in range(rows)),
        exchange=tuple(exchange), seats=tuple(Seat(colour=colours[n], hand=hands[n]) for n in range(players)),
        undealt=undealt, mix=mix)
    report = validate(setup)
    if not report.ok:    # the repair loop only stops on a sound board; this guards the other rules
        raise AssertionError(report.format_text())
    return setup


def check_mix_fits(mix: Mix, rows: int) -> None:
    """Refuses (exit 2) a mix no setup can be dealt from without breaking a rule: too few tiles for the board, or an
    exchange deck of other than the game's 10 tiles (trail-route.mix.exchange)."""
    need_road, need_dest = rows * COLS, rows * DEST_COLS
    if mix.total("road") < need_road:
        raise InputError(Says(N_("mix {source}: {table} holds {count} tiles; a board of {rows} x {cols} needs {need}"),
                              source=mix.source, table="[road]", count=mix.total("road"), rows=rows, cols=COLS,
                              need=need_road))
    if mix.total("destinations") < need_dest:
        raise InputError(Says(N_("mix {source}: {table} holds {count} tiles; {rows} rows need {need}"),
                              source=mix.source, table="[destinations]", count=mix.total("destinations"), rows=rows,
                              need=need_dest))
    check_exchange_deck(mix)


def _pick(pool: list[str], count: int, rng: random.Random) -> list[str]:
    pool = list(pool)
    rng.shuffle(pool)
    return pool[:count]


def _road(mix: Mix, rows: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Shuffles, then moves offending tiles to random places until the board is sound."""
    for _ in range(SHUFFLES):
        tiles = _pick(mix.pool("road"), rows * COLS, rng)
        grid = [tiles[r * COLS:(r + 1) * COLS] for r in range(rows)]
        for _ in range(REPAIRS):
            problems = board_problems(grid)
            if not problems:
                return tuple(tuple(row) for row in grid)
            r, c = sorted(problems)[rng.randrange(len(problems))]
            r2, c2 = rng.randrange(rows), rng.randrange(COLS)
            grid[r][c], grid[r2][c2] = grid[r2][c2], grid[r][c]
    raise InputError(Says(N_("mix {source}: no board without arrow loops, arrows off the edge or closed rows was "
                             "found in {tries} tries; use fewer walls, tunnels or right arrows"), source=mix.source,
                          tries=SHUFFLES))
