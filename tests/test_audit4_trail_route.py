"""The Cats' Trail Route, a fourth reading of the rule text (seeds/004): every number at its limit, one under and
one over (the board's rows and columns for 3 and 4 players, the 2 destination columns, 4 cards a hand of the 16,
the seats, the wrap between the top and bottom rows, the mix a board is dealt from), and one verdict on every
surface: the command line, washigen's API and the setup's JSON, text and Tiled forms."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.games.trail_route.engine import START, Advance, apply_finish, end_of_turn
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import DECK, DEFAULT_MIX_PATH, TOKEN_TO_ROAD, Seat

from .test_audit3_trail_route import table

FORMS = ("json", "txt", "tmj", "tmx")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def verdict(path):
    """`washigen validate --json FILE`: its exit code and the (rule, severity, place) of every violation."""
    result = run("validate", "--json", path)
    if result.exit_code == 2:
        return 2, result.output
    report = json.loads(result.output)
    return result.exit_code, sorted((v["rule"], v["severity"], json.dumps(v.get("where", {}), sort_keys=True))
                                    for v in report["violations"])


def api_verdict(design):
    report = washigen.validate(design)
    return (0 if report.ok else 1), sorted((v.rule, v.severity, json.dumps(v.where, sort_keys=True))
                                           for v in report.violations)


def rules_broken(design):
    return sorted(v.rule for v in washigen.validate(design).violations)


FOUR, THREE = generate_setup(4, 1), generate_setup(3, 1)


def board(tokens: dict, rows: int = 6, fill: str = "road") -> tuple[tuple[str, ...], ...]:
    """A road of `fill` tiles with some tiles as text tokens {(row, col) 1-based: token}."""
    road = [[fill] * 7 for _ in range(rows)]
    for (r, c), token in tokens.items():
        road[r - 1][c - 1] = TOKEN_TO_ROAD[token]
    return tuple(tuple(row) for row in road)


def on_board(road, players: int = 4):
    """The setup of that player count with this road, its mix holding every tile the road shows."""
    setup = FOUR if players == 4 else THREE
    held = Counter(code for row in road for code in row)
    return replace(setup, road=road, mix=replace(setup.mix, road=tuple(held.items())))


# -- the road: arrows round the wrap, arrows off the right edge, closed rows ---------------------------------------

@pytest.mark.parametrize("players, rows", [(4, 6), (3, 5)])
def test_up_arrows_loop_round_the_wrap_only_when_every_row_of_the_column_has_one(players, rows):
    # "the top and bottom rows of road tiles are considered adjacent ... (for ... cat movement caused by arrows)":
    # a whole column of up arrows sends a cat round for ever; one plain tile in it stops the cat there.
    whole = on_board(board({(r, 4): "^" for r in range(1, rows + 1)}, rows), players)
    assert rules_broken(whole) == ["trail-route.arrow.loop"]
    assert [v.where["tile"] for v in washigen.validate(whole).errors] == [(1, 4)]
    one_short = on_board(board({(r, 4): "^" for r in range(1, rows)}, rows), players)
    assert rules_broken(one_short) == []


def test_two_colour_arrows_loop_only_for_the_colour_both_move():
    # red/blue right, then red/green left: a red cat goes back and forth, a blue or green cat does not.
    looping = on_board(board({(2, 3): "rb>", (2, 4): "rg<"}))
    (loop,) = washigen.validate(looping).errors
    assert (loop.rule, loop.where["colours"]) == ("trail-route.arrow.loop", "red")
    assert rules_broken(on_board(board({(2, 3): "rb>", (2, 4): "gy<"}))) == []


@pytest.mark.parametrize("players, rows", [(4, 6), (3, 5)])
def test_a_right_arrow_breaks_a_rule_in_the_last_column_only(players, rows):
    # Column 7 is the last road column: an arrow there pushes a cat off the board sideways (DESIGN 5).
    assert rules_broken(on_board(board({(rows, 6): ">"}, rows), players)) == []
    (edge,) = washigen.validate(on_board(board({(rows, 7): "ry>"}, rows), players)).errors
    assert (edge.rule, edge.where) == ("trail-route.arrow.off-board", {"tile": (rows, 7), "colours": "red/yellow"})
    assert rules_broken(on_board(board({(rows, 7): "<"}, rows), players)) == []


@pytest.mark.parametrize("players, rows", [(4, 6), (3, 5)])
def test_a_column_of_walls_closes_every_row_but_one_gap_round_the_wrap_keeps_them_open(players, rows):
    # A wall or tunnel may not close a row from its starting position (DESIGN 5). A gap in the top row is reached
    # from the bottom row across the wrap.
    full = on_board(board({(r, 3): "#" if r % 2 else "T" for r in range(1, rows + 1)}, rows), players)
    closed = washigen.validate(full).errors
    assert {v.rule for v in closed} == {"trail-route.row.impassable"}
    assert sorted(v.where["row"] for v in closed) == list(range(1, rows + 1))
    assert all(v.where["tile"] == (v.where["row"], 3) for v in closed)
    gap_on_top = on_board(board({(r, 3): "#" for r in range(2, rows + 1)}, rows), players)
    assert rules_broken(gap_on_top) == []


def test_a_wall_on_the_tile_beside_the_start_closes_that_row_only():
    (closed,) = washigen.validate(on_board(board({(4, 7): "#"}))).errors
    assert (closed.rule, closed.where) == ("trail-route.row.impassable", {"row": 4, "tile": (4, 7)})
    assert rules_broken(on_board(board({(4, 6): "#"}))) == []


# -- the table: grid sizes, seats, hands and the 16 cards ---------------------------------------------------------

def seat_hand(setup, seat: int, hand) -> tuple[Seat, ...]:
    return tuple(replace(s, hand=tuple(hand)) if n == seat else s for n, s in enumerate(setup.seats))


@pytest.mark.parametrize("players, rows", [(4, 6), (3, 5)])
def test_the_board_has_its_players_rows_of_seven_road_and_two_destination_tiles(players, rows):
    setup = FOUR if players == 4 else THREE
    assert (len(setup.road), len(setup.destinations)) == (rows, rows) and rules_broken(setup) == []
    for cut in (rows - 1, rows + 1):
        road = (setup.road * 2)[:cut]
        dest = (setup.destinations * 2)[:cut]
        assert "trail-route.grid.size" in rules_broken(replace(setup, road=road, destinations=dest))
    row = setup.road[0]
    for wrong in (row[:6], row + ("road",)):
        report = washigen.validate(replace(setup, road=(wrong,) + setup.road[1:]))
        assert [v.where for v in report.errors if v.rule == "trail-route.grid.size"] == [{"row": 1}]
    dest = setup.destinations[rows - 1]
    for wrong in (dest[:1], dest + dest[:1]):
        report = washigen.validate(replace(setup, destinations=setup.destinations[:-1] + (wrong,)))
        assert [v.where for v in report.errors if v.rule == "trail-route.grid.size"] == [{"row": rows}]


@pytest.mark.parametrize("players", [3, 4])
def test_each_player_is_dealt_exactly_four_of_the_sixteen_cards(players):
    setup = FOUR if players == 4 else THREE
    hand = setup.seats[1].hand
    assert len(hand) == 4 and len(setup.undealt) == 16 - 4 * players
    three = replace(setup, seats=seat_hand(setup, 1, hand[:3]), undealt=setup.undealt + hand[3:])
    assert rules_broken(three) == ["trail-route.cards.hand"]
    if players == 3:            # a fifth card from the box: the 16 cards are all there, one hand too big
        five = replace(setup, seats=seat_hand(setup, 1, hand + setup.undealt[:1]), undealt=setup.undealt[1:])
        assert [(v.rule, v.where) for v in washigen.validate(five).errors] == [("trail-route.cards.hand",
                                                                                 {"seat": 2})]
    else:                       # with four players every card is dealt: a fifth is a 17th card
        five = replace(setup, seats=seat_hand(setup, 1, hand + ("mirror",)))
        assert rules_broken(five) == ["trail-route.cards.deck", "trail-route.cards.hand"]
    assert rules_broken(replace(setup, undealt=setup.undealt + ("deep-fog",))) == ["trail-route.cards.deck"]


def test_three_or_four_players_each_a_colour_of_their_own():
    assert rules_broken(replace(FOUR, seats=FOUR.seats[:3], undealt=FOUR.seats[3].hand)) == \
        ["trail-route.seats.count"]
    spare = next(c for c in ("red", "blue", "green", "yellow") if c not in {s.colour for s in THREE.seats})
    four_at_three = replace(THREE, seats=THREE.seats + (Seat(colour=spare, hand=THREE.undealt),), undealt=())
    assert rules_broken(four_at_three) == ["trail-route.seats.count"]
    twin = replace(FOUR, seats=(FOUR.seats[0], replace(FOUR.seats[1], colour=FOUR.seats[0].colour))
                   + FOUR.seats[2:])
    assert rules_broken(twin) == ["trail-route.seats.colour"]
    for players in (2, 5):
        assert run("trail-route", "setup", "--players", players, "-o", "-").exit_code == 2
        with pytest.raises(washigen.InputError, match="players"):
            washigen.generate("trail-route", "setup", players=players, seed=1)


# -- the end: only destination tiles claimed count towards the 7th (5th) -----------------------------------------

@pytest.mark.parametrize("players, trigger", [(4, 7), (3, 5)])
def test_a_cat_sent_back_from_an_emptied_row_or_a_mouse_toy_is_no_claim_towards_the_end(players, trigger):
    # "As soon as a player claims the 7th destination tile (5th in a 3-player game)": a cat reaching a row whose
    # two tiles are gone claims nothing, nor is a mouse toy a destination tile.
    rows = 5 if players == 3 else 6
    dest = [["fixed-4", "pair-red-blue"] for _ in range(rows)]
    dest[1] = [None, None]
    state = table({(2, 0): "M"}, players=players, dest=dest, exchange=["road"])
    state.claims = [["fixed-4"] * (trigger - 1)] + [[] for _ in range(players - 1)]
    state.cats[0].pos, state.cats[2].pos, state.cats[4].pos = (1, 0), (2, 1), (3, 0)
    apply_finish(state, Advance(0))                     # into the emptied row 2: back to a starting position
    assert state.cats[0].pos is not None and state.cats[0].pos[1] == START
    apply_finish(state, Advance(2))                     # onto the mouse toy
    assert state.mice[1] == ["mouse-toy"]
    assert state.claimed() == trigger - 1 and not state.trigger
    apply_finish(state, Advance(4))                     # row 4's destination: the claim that ends the game
    assert state.claimed() == trigger and state.trigger
    state.current = players - 1
    end_of_turn(state)
    assert state.over and state.end_reason == "destinations"


# -- what the generator deals --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_every_dealt_setup_stays_inside_every_limit(players):
    rows = 5 if players == 3 else 6
    for seed in range(40):
        setup = generate_setup(players, seed)
        assert [len(row) for row in setup.road] == [7] * rows
        assert [len(row) for row in setup.destinations] == [2] * rows
        assert len(setup.exchange) == 10 and len(setup.seats) == players
        assert len({seat.colour for seat in setup.seats}) == players
        assert [len(seat.hand) for seat in setup.seats] == [4] * players
        assert Counter(card for seat in setup.seats for card in seat.hand) + Counter(setup.undealt) == Counter(DECK)
        assert not washigen.validate(setup).violations, seed


def mix_file(tmp_path, old: str, new: str):
    text = DEFAULT_MIX_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"mix-{new.replace(' ', '')}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("line, players, dealt", [
    ("\nroad = 8\n", 4, True), ("\nroad = 7\n", 4, False),          # 42 road tiles for 6 x 7, 41 too few
    ("\nroad = 1\n", 3, True), ("\nroad = 0\n", 3, False),          # 35 for 5 x 7, 34 too few
    ("fixed-3 = 3", 4, True), ("fixed-3 = 2", 4, False),            # 12 destinations for 6 x 2, 11 too few
    ("fixed-3 = 1", 3, True), ("fixed-3 = 0", 3, False),            # 10 for 5 x 2, 9 too few
])
def test_a_mix_must_hold_the_tiles_of_the_board_it_deals(tmp_path, line, players, dealt):
    old = "\nroad = 8\n" if line.startswith("\nroad") else "fixed-3 = 3"
    path = mix_file(tmp_path, old, line)
    result = run("trail-route", "setup", "--players", players, "--seed", 2, "--mix", path, "-o", tmp_path / "s.json")
    assert result.exit_code == (0 if dealt else 2), result.output
    if not dealt:
        assert path.name in result.output and ("[road]" in result.output or "[destinations]" in result.output)


# -- one verdict on every surface ----------------------------------------------------------------------------------

def broken_designs():
    yield "sound", FOUR
    yield "loop", on_board(board({(r, 2): "v" for r in range(1, 7)}))
    yield "three rows short", replace(FOUR, road=FOUR.road[:5], destinations=FOUR.destinations[:5])
    yield "hand of three", replace(THREE, seats=seat_hand(THREE, 0, THREE.seats[0].hand[:3]),
                                   undealt=THREE.undealt + THREE.seats[0].hand[3:])
    yield "nine exchange tiles", replace(FOUR, exchange=FOUR.exchange[1:])


@pytest.mark.parametrize("name, design", list(broken_designs()), ids=[n for n, _ in broken_designs()])
def test_every_form_of_a_setup_keeps_it_and_gets_the_apis_verdict(tmp_path, name, design):
    expected = api_verdict(design)
    for form in FORMS:
        path = tmp_path / f"setup.{form}"
        washigen.render(design, path)
        assert washigen.load(path) == design, form
        assert verdict(path) == expected, form


@pytest.mark.parametrize("form", ["tmj", "tmx"])
@pytest.mark.parametrize("cut", ["road row", "destination row", "destination rows"])
def test_a_board_the_tiled_form_cannot_hold_is_refused_not_written_unreadable(tmp_path, form, cut):
    # A Tiled map is one grid 2 + 7 tiles wide: a setup whose row is short (or whose destination grid has a row
    # fewer) broke a rule as JSON (exit 1), but was written as a map that washigen could not read back (exit 2).
    if cut == "road row":
        design, says = replace(FOUR, road=(FOUR.road[0][:6],) + FOUR.road[1:]), "row 1 has 2 and 6"
    elif cut == "destination row":
        design, says = replace(FOUR, destinations=(FOUR.destinations[0][:1],) + FOUR.destinations[1:]), \
            "row 1 has 1 and 7"
    else:
        design, says = replace(FOUR, destinations=FOUR.destinations[:5]), "row 6 has 0 and 7"
    saved = tmp_path / "setup.json"
    washigen.render(design, saved)
    assert verdict(saved)[0] == 1
    target = tmp_path / f"board.{form}"
    result = run("render", saved, "-o", target)
    assert result.exit_code == 2 and "Tiled form" in result.output and says in result.output, result.output
    assert not target.exists()
    with pytest.raises(washigen.InputError, match="Tiled"):
        washigen.render(design, target)
    assert not target.exists()
