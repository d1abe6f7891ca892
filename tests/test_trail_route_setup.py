"""The Cats' Trail Route: the setup generator, the validator, the mix file and the design's JSON and text forms."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps, loads
from washigen.errors import DesignFormatError, InputError
from washigen.games import get_game
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import (COLS, DECK, DEST_COLS, ROAD_CODES, ROWS, TOKEN_TO_ROAD, load_mix,
                                              parse_mix)
from washigen.games.trail_route.rules import validate
from washigen.games.trail_route.text import from_text, to_text

MIX = load_mix()


def board(*rows: str):
    """Road rows from text tokens (see text.py), e.g. board('. rb< M', ...)."""
    return tuple(tuple(TOKEN_TO_ROAD[t] for t in row.split()) for row in rows)


def plain_setup(players=4, **changes):
    """A valid setup whose road is all plain road, to break one rule at a time."""
    setup = generate_setup(players, seed=3)
    road = tuple(tuple("road" for _ in range(COLS)) for _ in range(ROWS[players]))
    mix = replace(setup.mix, road=(("road", 42),) + tuple((c, n) for c, n in setup.mix.road if c != "road"))
    return replace(setup, road=road, mix=mix, **changes)


def with_tiles(setup, tiles: dict):
    """The setup with some road tiles replaced: {(row, col) 1-based: token}."""
    road = [list(row) for row in setup.road]
    for (r, c), token in tiles.items():
        road[r - 1][c - 1] = TOKEN_TO_ROAD[token]
    return replace(setup, road=tuple(tuple(row) for row in road))


def errors_of(setup, rule):
    return [v for v in validate(setup).violations if v.rule == rule]


# -- the generator makes only valid setups -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_every_generated_setup_is_valid_for_300_seeds(players):
    for seed in range(300):
        setup = generate_setup(players, seed)
        report = validate(setup)
        assert report.ok, f"seed {seed}: {report.format_text()}"
        assert len(setup.road) == ROWS[players] and {len(r) for r in setup.road} == {COLS}
        assert len(setup.destinations) == ROWS[players] and {len(r) for r in setup.destinations} == {DEST_COLS}
        on_board = Counter(code for row in setup.road for code in row)
        assert all(on_board[code] <= MIX.counts("road").get(code, 0) for code in on_board)
        assert Counter(setup.exchange) == Counter(MIX.counts("exchange"))
        assert all(len(seat.hand) == 4 for seat in setup.seats)
        assert len({seat.colour for seat in setup.seats}) == players


def test_the_same_seed_gives_the_same_setup_and_another_seed_another():
    assert generate_setup(4, 11) == generate_setup(4, 11)
    assert generate_setup(4, 11).road != generate_setup(4, 12).road


def test_a_four_player_setup_deals_all_16_cards_and_a_three_player_one_keeps_4_back():
    four, three = generate_setup(4, 5), generate_setup(3, 5)
    assert four.undealt == () and Counter(c for s in four.seats for c in s.hand) == Counter(DECK)
    assert len(three.undealt) == 4
    assert Counter(c for s in three.seats for c in s.hand) + Counter(three.undealt) == Counter(DECK)


# -- hand-made broken setups, each named with its rule and tile ----------------------------------------------------

def test_a_two_tile_arrow_loop_is_reported_at_its_first_tile():
    setup = with_tiles(plain_setup(), {(2, 3): "rb>", (2, 4): "<"})
    found = errors_of(setup, "trail-route.arrow.loop")
    assert len(found) == 1
    assert found[0].where["tile"] == (2, 3)
    assert "red" in found[0].where["colours"] and "blue" in found[0].where["colours"]
    assert "green" not in found[0].where["colours"]


def test_a_three_tile_loop_through_the_top_bottom_wrap_is_reported():
    # (1, 3) sends cats to (1, 2); (1, 2) up wraps to (6, 2); (6, 2) down wraps back to (1, 2).
    setup = with_tiles(plain_setup(), {(1, 3): "<", (1, 2): "^", (6, 2): "v"})
    found = errors_of(setup, "trail-route.arrow.loop")
    assert [v.where["tile"] for v in found] == [(1, 2)]
    assert "(6, 2)" in found[0].message


def test_a_four_tile_loop_round_the_wrap_is_reported_once():
    # (1, 5) up -> (6, 5); (6, 5) left -> (6, 4); (6, 4) down -> (1, 4); (1, 4) right -> (1, 5).
    setup = with_tiles(plain_setup(), {(1, 5): "^", (6, 5): "<", (6, 4): "v", (1, 4): ">"})
    found = errors_of(setup, "trail-route.arrow.loop")
    assert [v.where["tile"] for v in found] == [(1, 4)]
    assert all(f"({r}, {c})" in found[0].message for r, c in ((1, 5), (6, 5), (6, 4)))


def test_a_colour_arrow_loop_traps_only_its_colours():
    setup = with_tiles(plain_setup(), {(3, 2): "gy^", (2, 2): "gyv"})
    found = errors_of(setup, "trail-route.arrow.loop")
    assert len(found) == 1 and found[0].where["colours"] == "green/yellow"


def test_a_chain_that_ends_on_a_wall_is_not_a_loop():
    setup = with_tiles(plain_setup(), {(2, 3): ">", (2, 4): "#"})
    assert not errors_of(setup, "trail-route.arrow.loop")


def test_an_arrow_off_the_right_edge_is_reported_at_its_tile():
    setup = with_tiles(plain_setup(), {(4, 7): "by>"})
    found = errors_of(setup, "trail-route.arrow.off-board")
    assert [(v.where["tile"], v.where["colours"]) for v in found] == [((4, 7), "blue/yellow")]


def test_a_left_arrow_in_the_first_column_leads_to_the_destinations_and_is_fine():
    setup = with_tiles(plain_setup(), {(4, 1): "<", (5, 1): "rb<"})
    assert validate(setup).ok


def test_a_row_walled_shut_at_its_entry_is_reported():
    setup = with_tiles(plain_setup(), {(3, 7): "#"})
    found = errors_of(setup, "trail-route.row.impassable")
    assert [(v.where["row"], v.where["tile"]) for v in found] == [(3, (3, 7))]


def test_a_wall_of_walls_and_tunnels_across_the_board_closes_every_row():
    setup = with_tiles(plain_setup(), {(r, 4): "#" if r % 2 else "T" for r in range(1, 7)})
    found = errors_of(setup, "trail-route.row.impassable")
    assert sorted(v.where["row"] for v in found) == [1, 2, 3, 4, 5, 6]
    assert {v.where["tile"][1] for v in found} == {4}


def test_a_wall_that_a_cat_can_walk_round_closes_nothing():
    setup = with_tiles(plain_setup(), {(3, 4): "#", (4, 4): "T"})
    assert not errors_of(setup, "trail-route.row.impassable")


def test_a_board_of_the_wrong_size_for_the_player_count_is_reported():
    setup = generate_setup(4, 2)
    found = errors_of(replace(setup, players=3, seats=setup.seats[:3]), "trail-route.grid.size")
    assert found and "3 players" in found[0].message
    ragged = replace(setup, road=setup.road[:2] + (setup.road[2][:6],) + setup.road[3:])
    assert [v.where.get("row") for v in errors_of(ragged, "trail-route.grid.size")] == [3]


def test_more_tiles_of_a_type_than_the_mix_holds_is_reported_at_the_first_extra_tile():
    setup = plain_setup()
    walls = dict(setup.mix.road)["wall"]        # the board may hold this many walls
    extra = {(1, c): "#" for c in range(1, walls + 2)}
    found = errors_of(with_tiles(setup, extra), "trail-route.mix.count")
    assert [v.where["tile"] for v in found] == [(1, walls + 1)]


def test_a_destination_tile_beyond_the_mix_is_reported_where_it_lies():
    setup = generate_setup(4, 4)
    rows = [list(row) for row in setup.destinations]
    last = rows[-1][-1]
    pair = next(code for row in rows for code in row if code.startswith("pair-") and code != last)
    rows[-1][-1] = pair                                  # the mix holds one tile of each colour pair
    found = errors_of(replace(setup, destinations=tuple(tuple(row) for row in rows)), "trail-route.mix.count")
    assert [v.where["destination"] for v in found] == [(len(rows), 2)]
    assert "number 2" in found[0].message


def test_an_exchange_deck_that_differs_from_the_mix_is_reported():
    setup = generate_setup(4, 4)
    found = errors_of(replace(setup, exchange=setup.exchange[1:] + ("wall",)), "trail-route.mix.count")
    assert found and all("exchange" in v.where for v in found)


def test_hands_that_are_not_the_16_cards_are_reported():
    setup = generate_setup(4, 4)
    seats = (replace(setup.seats[0], hand=("mirror",) * 4),) + setup.seats[1:]
    assert errors_of(replace(setup, seats=seats), "trail-route.cards.deck")
    seats = (replace(setup.seats[0], hand=setup.seats[0].hand[:3]),) + setup.seats[1:]
    assert [v.where["seat"] for v in errors_of(replace(setup, seats=seats), "trail-route.cards.hand")] == [1]


def _dealt(*hands: tuple[str, ...], undealt: tuple[str, ...] = ()):
    """Setup 4/4 with these hands, seat by seat, and these undealt cards."""
    setup = generate_setup(4, 4)
    seats = tuple(replace(seat, hand=hand) for seat, hand in zip(setup.seats, hands))
    return replace(setup, seats=seats, undealt=undealt)


def test_hands_that_are_not_the_16_cards_say_which_cards_are_over_or_short_and_who_holds_the_extra():
    """The report named no card and no seat: it says each card over or short of the game's count, who holds an
    extra card, and the seat where one seat's hand alone holds it."""
    fair = (("hidden-passage",) * 4, ("deep-fog",) * 4, ("living-path",) * 2 + ("curiosity",) * 2,
            ("someone-calling",) * 2 + ("mirror",) * 2)
    assert not errors_of(_dealt(*fair), "trail-route.cards.deck")
    # seat 3 holds a third Living Path in place of a Curiosity: the extra is in seat 3's hand alone
    one_seat = _dealt(*fair[:2], ("living-path",) * 3 + ("curiosity",), fair[3])
    [found] = errors_of(one_seat, "trail-route.cards.deck")
    assert found.where == {"seat": 3}
    assert found.message.endswith("(4 + 4 + 2 + 2 + 2 + 2). 3 x The Living Path, 1 over the game's 2 (seat 3 holds "
                                  "3). 1 x Wherever Curiosity Leads, 1 short of the game's 2.")
    # a fifth Hidden Passage in seat 4 in place of a Mirror, a Mirror undealt: seats 1 and 4 hold them, no one seat
    split = _dealt(*fair[:3], ("someone-calling",) * 2 + ("mirror", "hidden-passage"), undealt=("mirror",))
    [found] = errors_of(split, "trail-route.cards.deck")
    assert found.where == {}
    assert "5 x A Hidden Passage, 1 over the game's 4 (seat 1 holds 4, seat 4 holds 1)." in found.message
    assert "Mirror" not in found.message                               # two Mirrors, one of them undealt


def test_the_validator_never_raises_on_a_mutated_setup():
    rng = random.Random(7)
    base = generate_setup(4, 9)
    for _ in range(200):
        road = [list(row) for row in base.road]
        for _ in range(rng.randrange(1, 8)):
            road[rng.randrange(len(road))][rng.randrange(COLS)] = rng.choice(ROAD_CODES)
        rows = [tuple(row[:rng.choice((COLS, COLS, rng.randrange(COLS + 2)))]) for row in road]
        mutated = replace(base, road=tuple(rows[:rng.choice((6, 6, 5, 7))]), players=rng.choice((3, 4)))
        validate(mutated)


# -- JSON and text -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(3, 0), (4, 1), (4, 77), (3, 123)])
def test_json_round_trips_exactly(players, seed):
    setup = generate_setup(players, seed)
    assert loads(dumps(setup)) == setup


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 3)])
def test_text_round_trips_exactly(players, seed):
    setup = generate_setup(players, seed)
    assert from_text(to_text(setup)) == setup


def test_a_bad_token_in_a_text_board_names_its_line():
    text = to_text(generate_setup(4, 1)).replace("row 2:", "row 2: zz", 1)
    with pytest.raises(DesignFormatError, match="line"):
        from_text(text, "board.txt")


@pytest.mark.parametrize("change, says", [
    (lambda line: line.replace(line.split()[2], "purple", 1), "unknown colour 'purple'; one of red, blue"),
    (lambda line: line.replace("| ", "| joker ", 1), "unknown hand card 'joker'; one of hidden-passage"),
])
def test_a_bad_seat_line_in_a_text_setup_names_its_line(change, says):
    """A seat's colour and cards are named by the line they are on, as a row's tiles are (they were named as the
    JSON field seats[1].colour, counted from 0)."""
    lines = to_text(generate_setup(4, 1)).splitlines()
    number = next(k for k, line in enumerate(lines) if line.startswith("seat 2:"))
    lines[number] = change(lines[number])
    with pytest.raises(DesignFormatError) as refused:
        from_text("\n".join(lines), "setup.txt")
    assert f"line {number + 1}: {says}" in str(refused.value)


def test_a_json_file_with_an_unknown_tile_names_its_path():
    text = dumps(generate_setup(4, 1)).replace('"wall"', '"moat"', 1)
    with pytest.raises(DesignFormatError, match=r"road\[\d\]\[\d\]"):
        loads(text)


def _validated_without(tmp_path, field: str):
    """`washigen validate` on a setup's JSON file with `field` left out."""
    document = json.loads(dumps(generate_setup(4, 1)))
    del document[field]
    missing = tmp_path / "setup.json"
    missing.write_text(json.dumps(document))
    return CliRunner().invoke(main, ["validate", str(missing)])


@pytest.mark.parametrize("field", ["road", "destinations", "seats"])
def test_a_setup_file_without_its_board_or_seats_is_refused_as_unreadable(tmp_path, field):
    """The board and the seats are what a setup is: a JSON file without one, or a text file without its `row` or
    `seat` lines, is refused on load naming what is missing (exit 2), as a Cats map without its grid is; not
    played as an empty table that then breaks a rule (exit 1)."""
    result = _validated_without(tmp_path, field)
    assert result.exit_code == 2 and f"setup.json, {field}: Field required" in result.output
    kept = "seat" if field == "seats" else "row"
    lines = [line for line in to_text(generate_setup(4, 1)).splitlines() if not line.startswith(f"{kept} ")]
    with pytest.raises(DesignFormatError) as refused:
        from_text("\n".join(lines), "setup.txt")
    assert refused.value.path == ("seats" if field == "seats" else "road")
    assert f"`{kept} N:" in refused.value.message


@pytest.mark.parametrize("field", ["mix", "exchange"])
def test_a_setup_file_without_its_mix_or_exchange_deck_is_refused_as_unreadable(tmp_path, field):
    """The mix and the exchange deck are part of the table: a JSON file without one, or a text file without its
    `mix` or `exchange` lines, is refused on load naming the field (exit 2); it used to load as an empty box and
    report every tile on the board as one the mix lacks (exit 1)."""
    result = _validated_without(tmp_path, field)
    assert result.exit_code == 2 and f"setup.json, {field}: Field required" in result.output
    lines = [line for line in to_text(generate_setup(4, 1)).splitlines() if not line.startswith(field)]
    with pytest.raises(DesignFormatError) as refused:
        from_text("\n".join(lines), "setup.txt")
    assert refused.value.path == field and f"no {field}" in refused.value.message
    # A bare `exchange:` line is an empty deck (a rule then says it is short), not a missing one.
    assert from_text("\n".join([*lines, f"{field}:"]), "setup.txt")


def test_a_mix_naming_a_tile_twice_cannot_be_read():
    setup = generate_setup(4, 1)
    twice = replace(setup, mix=replace(setup.mix, road=setup.mix.road + (("wall", 1),)))
    with pytest.raises(DesignFormatError, match="mix.road"):
        loads(dumps(twice))


# -- the mix file --------------------------------------------------------------------------------------------------

def test_the_default_mix_fills_a_four_player_board_and_gives_10_exchange_tiles():
    assert MIX.total("road") >= 6 * COLS and MIX.total("exchange") == 10 and MIX.total("destinations") >= 12


def test_a_negative_count_is_refused_naming_its_entry():
    with pytest.raises(InputError, match=r"road\.wall.*-1"):
        parse_mix("[road]\nwall = -1\n", "mine.toml")


def test_an_unknown_tile_type_is_refused_naming_it():
    with pytest.raises(InputError, match=r"exchange\.moat.*unknown tile type"):
        parse_mix("[exchange]\nmoat = 2\n", "mine.toml")


def test_a_mix_too_small_for_the_board_is_refused():
    with pytest.raises(InputError, match="42"):
        generate_setup(4, 1, parse_mix("[road]\nroad = 35\n[destinations]\nfixed-4 = 12\n", "small.toml"))
    # The rules' 10 exchange tiles are a setup count (trail-route.mix.exchange, an error): a mix without them deals none.
    with pytest.raises(InputError, match=r"small\.toml: \[exchange\] holds 0 tiles; the game's exchange deck is 10"):
        generate_setup(3, 1, parse_mix("[road]\nroad = 35\n[destinations]\nfixed-4 = 10\n", "small.toml"))


def test_a_setup_from_a_user_mix_is_checked_against_that_mix(tmp_path):
    mix = tmp_path / "mix.toml"
    mix.write_text("[road]\nroad = 30\nwall = 2\nblack-arrow-left = 10\n[exchange]\nroad = 10\n"
                   "[destinations]\nfixed-4 = 12\n")
    setup = generate_setup(4, 8, load_mix(mix))
    assert validate(setup).ok
    assert Counter(code for row in setup.road for code in row) == Counter({"road": 30, "wall": 2,
                                                                           "black-arrow-left": 10})


# -- the command line: bad input is exit 2 and names the culprit ----------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, list(args))


def test_setup_says_where_a_mix_of_your_own_breaks_the_rule_texts_counts(tmp_path):
    """The rules' 10 exchange tiles: a mix with 4 deals no setup (the count is a rule of setup, as the 16 cards are);
    the refusal names the mix file and its table."""
    mix = tmp_path / "mix.toml"
    mix.write_text("[road]\nroad = 30\nwall = 2\nblack-arrow-left = 10\n[exchange]\nroad = 4\n"
                   "[destinations]\nfixed-4 = 12\n")
    result = CliRunner().invoke(main, ["trail-route", "setup", "--mix", str(mix), "--seed", "8",
                                       "-o", str(tmp_path / "s.json")])
    assert result.exit_code == 2 and not (tmp_path / "s.json").exists()
    assert "mix.toml: [exchange] holds 4 tiles; the game's exchange deck is 10" in result.output
    assert "Traceback" not in result.output
    plain = CliRunner().invoke(main, ["trail-route", "setup", "-o", str(tmp_path / "t.json")])
    assert plain.exit_code == 0 and "warning" not in plain.stderr


def test_five_players_is_exit_2_naming_the_option(tmp_path):
    result = run("trail-route", "setup", "--players", "5", "-o", str(tmp_path / "s.json"))
    assert result.exit_code == 2 and "--players" in result.output
    assert not (tmp_path / "s.json").exists()


@pytest.mark.parametrize("body,named", [("[road]\nwall = -2\n", "road.wall"),
                                        ("[road]\nspaceship = 1\n", "spaceship")])
def test_a_bad_mix_file_is_exit_2_naming_it(tmp_path, body, named):
    mix = tmp_path / "bad.toml"
    mix.write_text(body)
    for command in (["setup", "-o", str(tmp_path / "s.json")], ["components", "-o", str(tmp_path / "c.pdf")]):
        result = run("trail-route", *command, "--mix", str(mix))
        assert result.exit_code == 2, result.output
        assert named in result.output and "Traceback" not in result.output


def test_setup_writes_json_that_washigen_validate_accepts(tmp_path):
    out = tmp_path / "setup.json"
    assert run("trail-route", "setup", "--players", "3", "--seed", "4", "-o", str(out)).exit_code == 0
    assert loads(out.read_text()) == generate_setup(3, 4)
    assert run("validate", str(out)).exit_code == 0


def test_validate_exits_1_on_a_broken_setup_file(tmp_path):
    out = tmp_path / "broken.json"
    out.write_text(dumps(with_tiles(plain_setup(), {(2, 7): "#"})))
    result = run("validate", str(out))
    assert result.exit_code == 1 and "trail-route.row.impassable" in result.output and "(2, 7)" in result.output


def test_the_game_is_registered_under_its_aliases():
    for name in ("trail-route", "trailroute", "trail_route"):
        assert get_game(name).name == "trail-route"
