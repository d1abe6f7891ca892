"""The Cats' Trail Route on hand-made setups the validator passes but `trail-route setup` would never deal: boards of
one tile kind with a single open row, every road tile code on one board, right, up/down or left arrows everywhere,
tiles crowded on the edges, a column of walls with one gap; one destination code on every spot or odd ones in the
corners; an exchange deck of mouse toys, of right arrows or of walls and tunnels; hands dealt from the deck in its
order (one player holds all four of a card) or reversed; any colours; a mix of just the tiles laid out or of 200 of
every type, named oddly. Each is validated alike by the API and the command line in its JSON, text and Tiled forms,
comes back from each form whole, draws, and is played by random, greedy and referee-driven players with every move
held to the referee (tests/trail_route_referee.py). The cases found are pinned below."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.games.trail_route.bots import make_policies
from washigen.games.trail_route.engine import MAX_ROUNDS, play_game
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import (COLOURS, COLS, DECK, DEST_CODES, PAIRS, ROAD_CODES, ROWS, Mix, Seat,
                                              TrailRouteSetup, black_arrow, colour_arrow)
from washigen.games.trail_route.play_words import outcome
from washigen.games.trail_route.replay import outcome_lines
from washigen.games.trail_route.rules import board_problems
from washigen.i18n import translator

from .trail_route_referee import Log, play_refereed, policies_for

FORMS = ("json", "txt", "tmj", "tmx")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


# -- the builder: a person's edits of a setup file --------------------------------------------------------------------

def arrows(direction: str) -> list[str]:
    return [black_arrow(direction)] + [colour_arrow(a, b, direction) for a, b in PAIRS]


def fill(rows: int, rng: random.Random, pick) -> list[list[str]]:
    return [[pick(r, c) or "road" for c in range(COLS)] for r in range(rows)]


def odd_road(layout: str, rows: int, rng: random.Random) -> list[list[str]]:
    if layout == "every code":                  # all 34 road codes on one board of 35 or 42 tiles
        cells = rng.sample([(r, c) for r in range(rows) for c in range(COLS)], len(ROAD_CODES))
        spot = dict(zip(cells, ROAD_CODES))
        return fill(rows, rng, lambda r, c: spot.get((r, c)))
    if layout == "one kind":                    # one tile kind everywhere; walls and tunnels leave one row open
        kind, open_row = rng.choice(["mouse-toy", "cat-forward", "place-a-cat", "tunnel", "wall"]), rng.randrange(rows)
        return fill(rows, rng, lambda r, c: None if kind in ("wall", "tunnel") and r == open_row else kind)
    if layout == "wall column":                 # one column of walls and tunnels with a single gap
        col, gap = rng.randrange(COLS), rng.randrange(rows)
        return fill(rows, rng, lambda r, c: rng.choice(["wall", "tunnel"]) if c == col and r != gap else None)
    if layout in ("right", "up and down", "left"):
        kinds = {"right": arrows("right"), "up and down": arrows("up") + arrows("down"), "left": arrows("left")}
        return fill(rows, rng, lambda r, c: rng.choice(kinds[layout]) if rng.random() < 0.7 else None)
    if layout == "edges":                       # the outer ring of the road crowded with any tiles
        return fill(rows, rng, lambda r, c: rng.choice(ROAD_CODES) if r in (0, rows - 1) or c in (0, COLS - 1)
                    else None)
    return fill(rows, rng, lambda r, c: rng.choice(ROAD_CODES))


def repaired(road: list[list[str]]) -> tuple[tuple[str, ...], ...]:
    """The board with each tile the validator names (a loop, an arrow off the edge, a closed row) made plain road."""
    for _ in range(len(road) * COLS):
        problems = board_problems(road)
        if not problems:
            break
        r, c = min(problems)
        road[r][c] = "road"
    return tuple(tuple(row) for row in road)


def odd_destinations(kind: str, rows: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    if kind == "one code":
        code = rng.choice(DEST_CODES)
        return ((code, code),) * rows
    grid = [[rng.choice(DEST_CODES) if kind == "any" else "fixed-4" for _ in range(2)] for _ in range(rows)]
    for r, c in ((0, 0), (0, 1), (rows - 1, 0), (rows - 1, 1)):       # "corners": odd tiles at the ends
        grid[r][c] = rng.choice(DEST_CODES)
    return tuple(map(tuple, grid))


def odd_exchange(kind: str, rng: random.Random) -> tuple[str, ...]:
    pool = {"mouse toys": ["mouse-toy"], "right arrows": arrows("right"), "blockers": ["wall", "tunnel"],
            "any": list(ROAD_CODES)}[kind]
    return tuple(rng.choice(pool) for _ in range(10))


def counted(tiles, known) -> tuple[tuple[str, int], ...]:
    held = Counter(tiles)
    return tuple((code, held[code]) for code in known if held[code])


def odd_setup(seed: int) -> tuple[TrailRouteSetup, str]:
    rng = random.Random(seed)
    players = rng.choice((3, 4))
    rows = ROWS[players]
    layout = rng.choice(["every code", "one kind", "wall column", "right", "up and down", "left", "edges", "any"])
    road = repaired(odd_road(layout, rows, rng))
    destinations = odd_destinations(rng.choice(["one code", "corners", "any"]), rows, rng)
    exchange = odd_exchange(rng.choice(["mouse toys", "right arrows", "blockers", "any"]), rng)
    deck = list(DECK)
    order = rng.choice(["in order", "reversed", "shuffled"])
    deck.reverse() if order == "reversed" else rng.shuffle(deck) if order == "shuffled" else None
    colours = rng.sample(COLOURS, players)
    seats = tuple(Seat(colour=colours[n], hand=tuple(deck[4 * n:4 * n + 4])) for n in range(players))
    source = rng.choice(["odd", "Mischung für drei · ß", "x" * 255, " padded "])
    if rng.random() < 0.5:              # the box holds just the tiles laid out
        mix = Mix(source=source, road=counted((c for row in road for c in row), ROAD_CODES),
                  exchange=counted(exchange, ROAD_CODES),
                  destinations=counted((c for row in destinations for c in row), DEST_CODES))
    else:                               # a box of 200 of every type, at the mix's limit
        mix = Mix(source=source, road=tuple((c, 200) for c in ROAD_CODES), exchange=counted(exchange, ROAD_CODES),
                  destinations=tuple((c, 200) for c in DEST_CODES))
    setup = TrailRouteSetup(seed=rng.choice([None, 0, 2**62, seed]), players=players, road=road,
                            destinations=destinations, exchange=exchange, seats=seats,
                            undealt=tuple(deck[4 * players:]), mix=mix,
                            generator=rng.choice(["by hand", " edited ", "washigen"]))
    return setup, f"{players} players, {layout}, hands {order}"


# Every layout at least once, both player counts, every tile code on a 3- and a 4-player board (15, 25).
SEEDS = (0, 1, 3, 4, 5, 6, 7, 12, 14, 15, 23, 25)


def cli_verdict(path):
    result = run("validate", "--json", path)
    report = json.loads(result.output)
    return result.exit_code, sorted((v["rule"], json.dumps(v.get("where", {}), sort_keys=True))
                                    for v in report["violations"])


@pytest.mark.parametrize("seed", SEEDS)
def test_an_odd_setup_is_valid_alike_in_every_form_and_comes_back_whole(tmp_path, seed):
    setup, what = odd_setup(seed)
    assert washigen.validate(setup).ok, what
    for form in FORMS:
        path = tmp_path / f"setup.{form}"
        washigen.render(setup, path)
        assert washigen.load(path) == setup, (what, form)
        assert cli_verdict(path) == (0, []), (what, form)


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_an_odd_setup_draws(tmp_path, seed):
    setup, what = odd_setup(seed)
    saved = tmp_path / "setup.json"
    washigen.render(setup, saved)
    result = run("render", saved, "-o", tmp_path / "setup.svg")
    assert result.exit_code == 0 and (tmp_path / "setup.svg").stat().st_size > 0, (what, result.output)


LINEUPS = ("referee", "random", "greedy", "mixed")


@pytest.mark.parametrize("seed", SEEDS)
def test_every_move_on_an_odd_setup_keeps_to_the_rules(seed):
    """Up to 25 rounds of each lineup, every swap, card, step 3 and choice held to the referee (a board walled up
    but for one row plays to the turn limit: test_a_game_cut_off_by_the_turn_limit_has_no_winner)."""
    setup, what = odd_setup(seed)
    for lineup in LINEUPS:
        names = (["referee", "random", "greedy", "random"][:setup.players] if lineup == "mixed"
                 else [lineup] * setup.players)
        log = Log()
        play_refereed(setup, policies_for(names, seed, log), log, max_turns=25 * setup.players)


# -- the cases found ------------------------------------------------------------------------------------------------

def walled() -> TrailRouteSetup:
    """A 3-player board walled up but for its last column and bottom row, red & green destinations everywhere and
    the cards dealt in the deck's order (only the third player holds a Wherever Curiosity Leads): valid, as every
    start reaches the destinations round the wrap, but the cats reach only the bottom row's two destinations."""
    setup = generate_setup(3, 1)
    rows = ROWS[3]
    road = tuple(("wall",) * (COLS - 1) + ("road",) if r < rows - 1 else ("road",) * COLS for r in range(rows))
    destinations = (("pair-red-green",) * 2,) * rows
    seats = tuple(replace(seat, hand=DECK[4 * n:4 * n + 4]) for n, seat in enumerate(setup.seats))
    mix = replace(setup.mix, road=counted((c for row in road for c in row), ROAD_CODES),
                  destinations=(("pair-red-green", 2 * rows),))
    return replace(setup, road=road, destinations=destinations, seats=seats, undealt=DECK[12:], mix=mix)


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_a_game_cut_off_by_the_turn_limit_has_no_winner(bots):
    # The rules end the game with the 7th claim (5th with 3 players) and only then name a winner; `trail-route
    # play` printed "winner: red" after 200 rounds that the engine's limit cut off, which balance counts as won by
    # no one.
    setup, players = walled(), 3
    assert washigen.validate(setup).ok
    result = play_game(setup, make_policies([bots] * players, 3))
    assert result.end_reason == "turn-limit" and result.rounds == MAX_ROUNDS
    assert result.winners == []
    assert outcome_lines(result, players)[-1] == "no winner: the turn limit cut the game off"
    assert not any(line.startswith(("winner", "shared")) for line in outcome(result, players, translator("de")))


def test_validate_play_reports_a_board_the_greedy_bots_cannot_finish_with_its_seed(tmp_path):
    # DESIGN 9: a design is playable when greedy bots finish a game on every seating within the turn limit; `validate
    # --play` said "washigen cannot play The Cats' Trail Route yet" (exit 2), though the game has an engine.
    path = tmp_path / "walled.json"
    washigen.render(walled(), path)
    result = run("validate", "--play", "--json", path)
    assert result.exit_code == 1, result.output
    [violation] = json.loads(result.output)["violations"]
    assert violation["rule"] == "trail-route.play.stalemate" and set(violation["where"]) == {"seed", "seat"}
    dealt = tmp_path / "dealt.json"
    washigen.render(generate_setup(3, 1), dealt)
    assert run("validate", "--play", dealt).exit_code == 0


@pytest.mark.parametrize("form", ["tmj", "tmx"])
def test_a_board_of_no_rows_is_refused_by_the_tiled_form_not_written_unreadable(tmp_path, form):
    # A setup without rows breaks trail-route.grid.size (exit 1) as JSON, but was written as a Tiled map 0 tiles
    # high, which washigen then could not read (exit 2).
    setup = replace(generate_setup(4, 1), road=(), destinations=())
    target = tmp_path / f"board.{form}"
    with pytest.raises(washigen.InputError, match="at least one row"):
        washigen.render(setup, target)
    assert not target.exists()


@pytest.mark.parametrize("name", [" padded ", '"quoted"', "\u00a0nbsp", " "])
def test_a_mix_or_generator_name_with_outer_spaces_comes_back_from_the_text_form(tmp_path, name):
    # The text form trimmed its `mix:` and `generator:` lines: a mix named " padded " came back as "padded".
    setup = generate_setup(3, 1)
    setup = replace(setup, mix=replace(setup.mix, source=name), generator=name)
    path = tmp_path / "setup.txt"
    washigen.render(setup, path)
    assert washigen.load(path) == setup
