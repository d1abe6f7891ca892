"""The Cats' Trail Route, a third reading of the rule text (seeds/004) against the engine, the validator and the
design files: the 3-player board's wrap, the end of the game, claims made by another player's card, and bad
input in the text and Tiled forms of a setup (exit 2 naming the line or field, never a traceback)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.design import dumps
from washigen.games.trail_route.engine import (DEST, START, Advance, Call, Mirror, Nudge, Rearrange, Slide,
                                               Swap, apply_finish, apply_swap, check_play, land,
                                               legal_swaps, play_card, play_turn, winners)
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.text import to_text

from .test_audit2_cat_tree_trail import table as plain_table


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


class Script:
    """A chooser answering {kind: answer} and otherwise the first option."""

    def __init__(self, **answers):
        self.answers = answers

    def choose(self, state, player, kind, options):
        key = kind.replace("-", "_")
        return self.answers[key] if key in self.answers else options[0]


def table(tiles=None, players=4, hands=None, dest=None, exchange=(), chooser=None):
    """Plain road ({(row, col) 0-based: token} replaced), 6 rows with 4 players and 5 with 3, every cat off the
    board (cats 2p and 2p + 1 are player p's)."""
    return plain_table(tiles, 5 if players == 3 else 6, players, chooser, exchange, hands, dest)


# -- the 3-player board: 5 rows, the top and bottom rows adjacent -------------------------------------------------

def test_three_players_swap_between_row_1_and_row_5_but_not_across_the_outer_columns():
    # "the top and bottom rows of road tiles are considered adjacent to each other (for tile swaps ...) but the
    # leftmost and rightmost columns are not adjacent"
    state = table({(0, 2): "#"}, players=3)
    pairs = {frozenset((s.a, s.b)) for s in legal_swaps(state)}
    assert frozenset(((0, 2), (4, 2))) in pairs
    assert frozenset(((0, 2), (3, 2))) not in pairs and frozenset(((0, 0), (0, 6))) not in pairs
    apply_swap(state, Swap((0, 2), (4, 2)))
    assert state.road[4][2] == "wall" and state.road[0][2] == "road"
    for bad in (Swap((0, 2), (3, 2)), Swap((2, 0), (2, 6)), Swap((1, 1), (2, 2))):
        with pytest.raises(ValueError):
            apply_swap(state, bad)


@pytest.mark.parametrize("token, start, end", [("^", (0, 3), (4, 3)), ("v", (4, 3), (0, 3))])
def test_three_players_an_up_or_down_arrow_wraps_between_row_1_and_row_5(token, start, end):
    state = table({start: token}, players=3)
    state.cats[0].pos = start
    land(state, 0)
    assert state.cats[0].pos == end


def test_three_players_the_deep_fog_joins_row_1_and_row_5_and_the_living_path_wraps_by_5():
    state = table({(0, 1): "M", (4, 1): "#"}, players=3, hands=[["deep-fog", "living-path"], [], []])
    assert check_play(state, 0, Rearrange("deep-fog", ((0, 1), (3, 1)), (1, 0))) is not None      # apart
    play_card(state, 0, Rearrange("deep-fog", ((0, 1), (4, 1)), (1, 0)))
    assert state.road[0][1] == "wall" and state.road[4][1] == "mouse-toy"
    assert check_play(state, 0, Slide(1, 5)) is not None               # a whole turn of 5 rows moves nothing
    play_card(state, 0, Slide(1, 6))                                    # 6 steps down: one step
    assert state.road[0][1] == "mouse-toy" and state.road[1][1] == "wall"


def test_three_players_curiosity_down_left_from_row_5_reaches_row_1s_destination():
    state = table(players=3, hands=[[], ["curiosity"], []])
    state.cats[4].pos = (4, 0)                                          # green, player 3's
    play_card(state, 1, Nudge(4, 1, -1))
    assert state.claims == [[], [], ["pair-red-blue"]] and state.dest[0] == [None, "fixed-4"]
    assert state.score(2) == 3                                          # green is no red or blue cat


# -- claims, destinations and the end --------------------------------------------------------------------------------

def test_curiosity_onto_an_emptied_destination_row_sends_the_cat_to_a_start_of_its_owners_choosing():
    # "If a cat reaches a space where no destination tile remains ... return that cat pawn to any open starting
    # position instead."
    dest = [["fixed-4", "fixed-4"]] * 6
    dest = [list(d) for d in dest]
    dest[2] = [None, None]
    state = table(hands=[["curiosity"], [], [], []], dest=dest, chooser=Script(**{"return": 4}))
    state.cats[2].pos = (1, 0)                                          # blue, player 2's
    play_card(state, 0, Nudge(2, 1, -1))
    assert state.cats[2].pos == (4, START) and state.claims == [[], [], [], []]


def test_cat_forward_can_deliver_anothers_cat_which_its_owner_claims_and_that_claim_counts_for_the_end():
    state = table({(3, 3): "F"}, chooser=Script(forward=6))
    state.claims = [["fixed-4"] * 3, ["fixed-4"] * 3, [], []]               # six claimed
    state.cats[0].pos, state.cats[6].pos = (3, 4), (5, 0)               # red; yellow at the front
    apply_finish(state, Advance(0))
    assert state.claims[3] == ["pair-red-blue"] and state.cats[6].pos is None
    assert state.trigger and not state.over                             # the 7th claim: the round is played out


class Moves:
    """A policy that swaps the first legal pair, plays no card and advances its first cat that can."""

    def choose(self, state, player, kind, options):
        return options[0]

    def pick_swap(self, state, player, swaps):
        return swaps[-1]

    def pick_card(self, state, player):
        return None

    def pick_finish(self, state, player, finishes):
        return next((f for f in finishes if isinstance(f, Advance)), finishes[0])


@pytest.mark.parametrize("players", [3, 4])
def test_a_trigger_in_the_last_players_turn_ends_the_game_with_that_turn(players):
    # "the round is played out until every player has taken the same number of turns": the last player's claim
    # of the 7th (5th) tile leaves no turn to play.
    state = table(players=players)
    state.claims = [["fixed-4"] * (4 if players == 4 else 2), ["fixed-4"] * 2] + [[] for _ in range(players - 2)]
    last = players - 1
    state.cats[2 * last].pos = (1, 0)
    state.current, state.turns = last, [3] * last + [2]
    play_turn(state, Moves())
    assert state.claimed() == (7 if players == 4 else 5)
    assert state.over and state.end_reason == "destinations" and state.turns == [3] * players


@pytest.mark.parametrize("players", [3, 4])
def test_a_trigger_in_the_first_players_turn_gives_every_other_player_one_more_turn(players):
    state = table(players=players)
    state.claims = [["fixed-4"] * (6 if players == 4 else 4)] + [[] for _ in range(players - 1)]
    state.cats[0].pos = (1, 0)
    play_turn(state, Moves())
    assert state.trigger and not state.over
    for seat in range(1, players):
        assert state.current == seat and not state.over
        play_turn(state, Moves())
    assert state.over and state.turns == [1] * players


def test_a_tie_on_points_and_on_the_front_cats_column_is_shared():
    state = table()
    state.claims = [["fixed-4"], ["fixed-4"], ["fixed-3"], []]
    state.cats[0].pos, state.cats[3].pos = (0, 2), (5, 2)               # same column, other rows
    assert winners(state) == [0, 1]
    state.cats[1].pos = (3, 1)                                          # red's second cat further forward
    assert winners(state) == [0]


# -- the cards at the edges of their text ------------------------------------------------------------------------------

def test_someone_calling_from_the_first_column_passes_a_wall_and_resolves_where_it_lands():
    state = table({(2, 1): "#", (2, 2): "M"}, hands=[["someone-calling"], [], [], []], exchange=["road"])
    state.cats[2].pos = (2, 0)                                          # blue
    play_card(state, 0, Call(2))
    assert state.cats[2].pos == (2, 2) and state.mice[1] == ["mouse-toy"] and state.road[2][2] == "road"


def test_the_mirror_between_two_cats_on_starting_positions_trades_their_rows():
    state = table(hands=[["mirror"], [], [], []])
    state.cats[0].pos, state.cats[4].pos = (1, START), (4, START)
    play_card(state, 0, Mirror(0, 4))
    assert state.cats[0].pos == (4, START) and state.cats[4].pos == (1, START)


def test_the_mirror_resolves_the_other_cats_tile_which_may_deliver_it_to_a_destination():
    state = table({(2, 0): "<"}, hands=[["mirror"], [], [], []])
    state.cats[0].pos, state.cats[2].pos = (2, 0), (4, 0)               # same column
    play_card(state, 0, Mirror(0, 2))
    assert state.cats[0].pos == (4, 0)                                  # plain road
    assert state.cats[2].pos is None and state.claims[1] == ["pair-red-blue"]      # blue pushed onto row 3's


def test_a_hidden_passage_takes_three_tiles_in_three_rows_and_columns_but_not_a_destination():
    state = table({(0, 0): "#", (2, 3): "M", (5, 6): "T"}, hands=[["hidden-passage"], [], [], []])
    assert check_play(state, 0, Rearrange("hidden-passage", ((0, 0), (0, DEST)), (1, 0))) is not None
    assert check_play(state, 0, Rearrange("hidden-passage", ((0, 0), (0, START)), (1, 0))) is not None
    play_card(state, 0, Rearrange("hidden-passage", ((0, 0), (2, 3), (5, 6)), (2, 0, 1)))
    assert [state.road[0][0], state.road[2][3], state.road[5][6]] == ["tunnel", "wall", "mouse-toy"]


def test_in_the_deep_fog_takes_four_tiles_in_an_l_but_never_five():
    state = table(hands=[["deep-fog"], [], [], []])
    five = ((1, 1), (2, 1), (3, 1), (3, 2), (3, 3))
    assert check_play(state, 0, Rearrange("deep-fog", five, (4, 3, 2, 1, 0))) is not None
    assert check_play(state, 0, Rearrange("deep-fog", five[:4], (3, 2, 1, 0))) is None


# -- a hand-made setup on disk, through `washigen validate` ------------------------------------------------------------

def test_a_text_setup_with_a_loop_an_arrow_off_the_edge_and_a_closed_row_is_reported_where_each_is(tmp_path):
    setup = generate_setup(3, 1)
    lines = to_text(setup).splitlines()
    rows = [n for n, line in enumerate(lines) if line.startswith("row ")]
    road_of = {1: ". . . . . . .", 2: "> < . . . . .", 3: ". . . . . . >", 4: ". . . . . . #", 5: ". . . . . . ."}
    for n, r in zip(rows, range(1, 6)):
        dests = lines[n].split("|")[0]
        lines[n] = f"{dests}| {road_of[r]}"
    path = tmp_path / "hand.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate", path, "--json")
    assert result.exit_code == 1, result.output
    found = {(v["rule"], tuple(v["where"].get("tile", ()))) for v in json.loads(result.output)["violations"]}
    assert ("trail-route.arrow.loop", (2, 1)) in found
    assert ("trail-route.arrow.off-board", (3, 7)) in found
    assert ("trail-route.row.impassable", (4, 7)) in found


# -- bad input: the text form ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def text_setup():
    return to_text(generate_setup(3, 3))


def refused(tmp_path, text, *named):
    path = tmp_path / "setup.txt"
    path.write_text(text, encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for words in named:
        assert words in result.output, result.output
    return result.output


def test_a_row_number_of_thousands_of_digits_is_refused_naming_its_line(tmp_path, text_setup):
    text = text_setup.replace("row 1:", "row " + "9" * 5000 + ":", 1)
    refused(tmp_path, text, "line 8", "expected row 1")


def test_a_mix_count_of_thousands_of_digits_is_refused_naming_its_line(tmp_path, text_setup):
    line = next(n for n, text in enumerate(text_setup.splitlines(), 1) if text.startswith("mix road:"))
    text = text_setup.replace("mix road: road=8", "mix road: road=" + "9" * 5000, 1)
    refused(tmp_path, text, f"line {line}")


@pytest.mark.parametrize("change", [("seat 2:", "seat 7:"), ("seat 2:", "seat 1:"), ("seat 1:", "seat 0:"),
                                    ("seat 3:", "seat " + "9" * 5000 + ":")])
def test_seats_out_of_order_or_numbered_twice_are_refused_naming_the_line(tmp_path, text_setup, change):
    old, new = change
    line = next(n for n, text in enumerate(text_setup.splitlines(), 1) if text.startswith(old))
    refused(tmp_path, text_setup.replace(old, new, 1), f"line {line}", "expected seat")


@pytest.mark.parametrize("key", ["players", "seed", "exchange", "undealt", "mix", "mix road"])
def test_a_field_given_twice_is_refused_naming_both_lines(tmp_path, text_setup, key):
    lines = text_setup.splitlines()
    first = next(n for n, text in enumerate(lines, 1) if text.startswith(key + ":"))
    text = text_setup + lines[first - 1] + "\n"
    refused(tmp_path, text, f"line {len(lines) + 1}", f"first on line {first}", repr(key))


# -- bad input: the Tiled form -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["mix", "exchange", "seats"])
def test_a_tiled_board_without_its_mix_exchange_deck_or_seats_is_refused_as_the_json_is(tmp_path, name):
    # A JSON or text setup without them is unreadable (exit 2); the same board from Tiled read them as empty and
    # then broke every rule they hold (exit 1, "the mix (default) has none" at every tile).
    design = generate_setup(4, 2)
    washigen.render(design, tmp_path / "board.tmj")
    document = json.loads((tmp_path / "board.tmj").read_text(encoding="utf-8"))
    document["properties"] = [p for p in document["properties"] if p["name"] != name]
    (tmp_path / "board.tmj").write_text(json.dumps(document), encoding="utf-8")
    result = run("validate", tmp_path / "board.tmj")
    assert result.exit_code == 2, result.output
    assert name in result.output and "required" in result.output.lower()


def test_a_tiled_board_without_undealt_cards_is_read_as_none_undealt(tmp_path):
    design = generate_setup(4, 2)                                      # 4 players: every card dealt
    washigen.render(design, tmp_path / "board.tmj")
    document = json.loads((tmp_path / "board.tmj").read_text(encoding="utf-8"))
    document["properties"] = [p for p in document["properties"] if p["name"] != "undealt"]
    (tmp_path / "board.tmj").write_text(json.dumps(document), encoding="utf-8")
    assert run("validate", tmp_path / "board.tmj").exit_code == 0


def test_a_mix_name_far_longer_than_a_file_name_is_refused_naming_it(tmp_path):
    # The mix's name is said in every message about a tile the mix lacks: a 1.8 MB name made `validate` print
    # 43 MB. A mix's name is its file's name (at most 255 characters on the usual file systems).
    document = json.loads(dumps(generate_setup(4, 2)))
    document["mix"]["source"] = "a" * 256
    (tmp_path / "setup.json").write_text(json.dumps(document), encoding="utf-8")
    result = run("validate", tmp_path / "setup.json")
    assert result.exit_code == 2 and "mix.source" in result.output and len(result.output) < 1000, result.output
    document["mix"]["source"] = "a" * 255
    (tmp_path / "setup.json").write_text(json.dumps(document), encoding="utf-8")
    assert run("validate", tmp_path / "setup.json").exit_code == 0
