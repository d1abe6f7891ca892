"""A second audit of Cats and Cops against their reference rule texts, read as DESIGN 5 and 9 read them: the
rule sentences the first audits and the engine tests leave open, each with the legal case beside the refused one.

Cats: where a jump may land (building, own-side fish, far-side fish, carrying a fish), which sewer a pop may come
out of (colour, row, blocked, another player's line, no special left), jinja shrines outside jinja mode and once
filled, a forest shared by two players and left onto a sewer or by a pop, amazing jumps with no special or with
sewer poppers, turn order and special moves for every player count, team play's win and shared specials, and the
set-up counts for every player count.
Cops: Noodle Legs never takes the path back nor a banned or full location, and stops after a winning first move;
a location needs three areas that do not overlap; a path may not lead from a location back to itself; the start
is in turn order from the first seat, each squad on an empty location.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from washigen.games.cats import engine as cats_engine
from washigen.games.cats.generate import generate_map
from washigen.games.cats.rules import validate as cats_validate
from washigen.games.cats.setup import generate_setup
from washigen.games.cops import engine as cops_engine
from washigen.games.cops.engine import Noodle, Start
from washigen.games.cops.rules import validate as cops_validate

from .cats_states import cell_of, line_cells, names, play, position, small_map
from .test_cops_engine import HAND, texts
from .test_cops_engine import position as cops_position
from .test_cops_rules import hand_map, with_paths, with_segment

OPEN = ["........."] * 8                   # 8 rows x 9 columns of street: home rows 1 (top) and 8 (bottom)


# == Cats: jumps ==================================================================================================

def test_a_jump_never_lands_in_a_building_but_a_step_may_enter_it():
    """SUPER CAT JUMP: "you must have a blank space to land on"; DESIGN: it lands on a street, a sewer or a fish."""
    rows = list(OPEN)
    rows[3] = "....##..."
    game_map = small_map(rows, [(((4, 5), (4, 6)), ((4, 5, "w"),))])
    over_own = position(game_map, [(1, (4, 3), 8), (2, (1, 9), 1)], lines={1: [(4, 4)]})
    assert not {m for m in names(over_own) if "jump" in m or "amazing" in m}
    # Legal beside it: with the building gone the same jump lands on the street cell.
    street = position(small_map(OPEN), [(1, (4, 3), 8), (2, (1, 9), 1)], lines={1: [(4, 4)]})
    after = play(street, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 5)
    # And a step from (4, 4) goes through the opening into the building.
    beside = position(game_map, [(1, (4, 4), 8), (2, (1, 9), 1)])
    assert "c1 E" in names(beside)


def test_a_jump_lands_on_a_far_side_fish_and_takes_it_but_not_on_its_own_side_nor_with_a_fish():
    """PICKING UP A FISH / "never enter a fish space on the same side" / "not possible to enter a space with a fish
    after you have already picked one up": a jump's landing obeys them as a step does."""
    far = position(small_map(OPEN), [(1, (2, 3), 8), (2, (1, 9), 1)], lines={1: [(2, 4)]}, fish=[(2, 5)])
    after = play(far, "c1 jump E")
    assert after.cats[0].fish and not after.fish and cell_of(after, after.cats[0].head) == (2, 5)
    own_side = position(small_map(OPEN), [(1, (7, 3), 8), (2, (1, 9), 1)], lines={1: [(7, 4)]}, fish=[(7, 5)])
    assert "c1 jump E" not in names(own_side)
    carrying = position(small_map(OPEN), [(1, (2, 3), 8, True), (2, (1, 9), 1)], lines={1: [(2, 4)]},
                        fish=[(2, 5)])
    assert "c1 jump E" not in names(carrying)


def test_an_amazing_jump_needs_a_special_move_and_is_no_special_move_with_sewer_poppers():
    """SUPER AMAZING CAT JUMP is a special move ("exactly two"), and SEWER POPPERS allow only pops as specials."""
    cats = [(1, (4, 3), 8), (2, (1, 9), 1)]
    over_foe = {2: [(4, 4)]}
    assert "c1 amazing E" in names(position(small_map(OPEN), cats, lines=over_foe))
    assert "c1 amazing E" in names(position(small_map(OPEN), cats, lines=over_foe, specials=(1, 2)))
    assert "c1 amazing E" not in names(position(small_map(OPEN), cats, lines=over_foe, specials=(0, 2)))
    poppers = small_map(OPEN, sewer_poppers=True)
    assert not {m for m in names(position(poppers, cats, lines=over_foe)) if "amazing" in m}
    after = play(position(small_map(OPEN), cats, lines=over_foe, specials=(1, 2)), "c1 amazing E")
    assert after.specials == (0, 2) and cell_of(after, after.cats[0].head) == (4, 5)


def test_a_cat_in_a_building_leaves_over_its_own_line_by_a_jump_not_by_a_step():
    """EXIT A BUILDING: "through any unblocked exit into an empty, adjacent space"; DESIGN: a cat in a building
    may also jump from any of its cells."""
    rows = list(OPEN)
    rows[3] = "...##...."
    game_map = small_map(rows, [(((4, 4), (4, 5)), ((4, 5, "e"),))])
    inside = play(position(game_map, [(1, (4, 6), 8), (2, (1, 9), 1)]), "c1 W")
    assert line_cells(inside, 1) == {(4, 4), (4, 5), (4, 6)} and inside.cats[0].region >= 0
    inside.turn = 0                                          # player 1 again
    assert names(inside) == {"c1 jump E r4c7"}               # (4, 6) holds its own line: no step onto it
    after = play(inside, "c1 jump E r4c7")
    assert cell_of(after, after.cats[0].head) == (4, 7) and after.cats[0].region == cats_engine.NO_REGION


def test_in_team_play_a_run_of_own_and_teammate_lines_is_jumped_free_and_with_a_foes_it_costs_the_team():
    """4 PLAYER CO-OP: "Teammates may jump over each other for free"; SUPER AMAZING CAT JUMP over an opponent's."""
    game_map = small_map(OPEN, players=4, coop=True)
    cats = [(1, (4, 2), 8), (2, (1, 1), 1), (3, (8, 9), 8), (4, (1, 9), 1)]
    free = play(position(game_map, cats, lines={1: [(4, 3)], 2: [(4, 4)]}), "c1 jump E")
    assert cell_of(free, free.cats[0].head) == (4, 5) and free.specials == (2, 2)
    mixed = position(game_map, cats, lines={2: [(4, 3)], 3: [(4, 4)]})
    assert "c1 jump E" not in names(mixed)
    paid = play(mixed, "c1 amazing E")
    assert cell_of(paid, paid.cats[0].head) == (4, 5) and paid.specials == (1, 2)


# == Cats: sewers ==================================================================================================

POP_ROWS = list(OPEN)
POP_ROWS[4] = "...b...gb"                  # row 5: blue at 4 and 9, green at 8
POP_ROWS[5] = "........b"                  # row 6: blue at 9, another row


@pytest.mark.parametrize("change, expected", [
    ({}, {"c1 pop r5c4->r5c9"}),                           # same colour, same row only
    ({"specials": (0, 2)}, set()),                         # no special move left
    ({"lines": {2: [(5, 9)]}}, set()),                     # the way out holds another player's line
    ({"blocked": [(5, 9)]}, set()),                        # the way out was walked over
    ({"blocked": [(5, 4)]}, set()),                        # the way in was walked over
    ({"lines": {1: [(5, 9)]}}, {"c1 pop r5c4->r5c9"}),     # its own line there (an earlier pop) is no bar
])
def test_a_pop_comes_out_of_an_open_sewer_of_the_colour_in_the_row(change, expected):
    """SUPER SEWER POPPER: "enter into an adjacent sewer, and exit out of the matching color sewer along the same
    horizontal row"; BLOCKING A SEWER: a sewer walked over lets no one in or out; DESIGN: the way out holds no other
    player's line."""
    state = position(small_map(POP_ROWS), [(1, (5, 3), 8), (2, (1, 1), 1)], **change)
    assert {m for m in names(state) if "pop" in m} == expected


def test_a_pop_costs_a_special_and_a_cat_not_next_to_a_sewer_cannot_pop():
    state = position(small_map(POP_ROWS), [(1, (5, 3), 8), (2, (1, 1), 1)])
    after = play(state, "c1 pop r5c4->r5c9")
    assert after.specials == (1, 2) and cell_of(after, after.cats[0].head) == (5, 9)
    assert {(5, 4), (5, 9)} <= line_cells(after, 1) and not after.blocked
    away = position(small_map(POP_ROWS), [(1, (4, 2), 8), (2, (1, 1), 1)])
    assert not {m for m in names(away) if "pop" in m}


def test_walking_over_a_sewer_blocks_it_for_every_player():
    """BLOCKING A SEWER: "no player may go in or out of that sewer for the rest of the game"."""
    rows = list(OPEN)
    rows[4] = "...b....b"
    state = position(small_map(rows), [(1, (5, 3), 8), (2, (4, 9), 1)])
    assert "c1 pop r5c4->r5c9" in names(state)
    after = play(state, "c1 E")                              # player 1 walks onto the sewer at (5, 4)
    assert cell_of(after, after.blocked.bit_length() - 1) == (5, 4)
    assert not {m for m in names(after) if "pop" in m}       # player 2 beside (5, 9): its partner is blocked


# == Cats: shrines and forests =====================================================================================

@pytest.mark.parametrize("jinja, specials, enters", [(False, 2, False), (False, 1, False), (False, 0, False),
                                                     (True, 2, False), (True, 1, True), (True, 0, True)])
def test_a_shrine_opens_only_in_jinja_mode_with_a_special_used(jinja, specials, enters):
    """JINJA SHRINES: "You may not enter a space with a jinja shrine"; JINJA MODE: after using a special you may,
    "if you have 2 unused, you may not enter"; it gives one back."""
    rows = list(OPEN)
    rows[3] = "....J...."
    state = position(small_map(rows, jinja=jinja), [(1, (4, 4), 8), (2, (1, 9), 1)], specials=(specials, 2))
    assert ("c1 E" in names(state)) is enters
    if enters:
        after = play(state, "c1 E")
        assert after.specials == (specials + 1, 2) and (4, 5) in line_cells(after, 1)


def test_a_shrine_filled_once_opens_to_no_one_again():
    """DESIGN: a shrine is filled like a one-cell building and gives its special move back once."""
    rows = list(OPEN)
    rows[3] = "....J...."
    game_map = small_map(rows, jinja=True)
    foe_filled = position(game_map, [(1, (4, 4), 8), (2, (1, 9), 1)], specials=(1, 2), lines={2: [(4, 5)]})
    own_filled = position(game_map, [(1, (4, 4), 8), (2, (1, 9), 1)], specials=(1, 2), lines={1: [(4, 5)]})
    empty = position(game_map, [(1, (4, 4), 8), (2, (1, 9), 1)], specials=(1, 2))
    assert "c1 E" not in names(foe_filled) and "c1 E" not in names(own_filled) and "c1 E" in names(empty)


def test_two_players_cats_share_a_forest_and_leave_it_onto_a_sewer_or_by_a_pop():
    """ENTERING THE FOREST: "Any number of players may be inside the forest together"; EXITING: "in any open
    direction that is valid, even if it means you will enter into a building or sewer"."""
    rows = list(OPEN)
    rows[3] = "....T...."
    state = position(small_map(rows), [(1, (4, 4), 8), (2, (4, 6), 1)])
    state = play(state, "c1 E")                              # player 1 into the forest
    assert line_cells(state, 1) == {(4, 4)}                  # not filled
    assert "c1 W" in names(state)                            # player 2 may follow
    state = play(state, "c1 W")
    assert [cat.region for cat in state.cats] == [0, 0]
    rows[3] = "....Tb..b"
    in_forest = play(position(small_map(rows), [(1, (4, 4), 8), (2, (1, 9), 1)]), "c1 E")
    in_forest.turn = 0                                       # player 1 again
    moves = names(in_forest)
    assert {"c1 E r4c6", "c1 pop r4c6->r4c9"} <= moves
    after = play(in_forest, "c1 E r4c6")
    assert cell_of(after, after.blocked.bit_length() - 1) == (4, 6)


# == Cats: players, teams and the end ==============================================================================

@pytest.mark.parametrize("players, coop, order, teams", [
    (2, False, (0, 1), 2), (3, False, (0, 1, 2), 3), (4, False, (0, 1, 2, 3), 4), (5, False, (0, 1, 2, 3, 4), 5),
    (6, False, (0, 1, 2, 3, 4, 5), 6), (4, True, (0, 2, 1, 3), 2), (6, True, (0, 2, 4, 1, 3, 5), 3)])
def test_every_player_count_plays_in_turn_with_two_specials_a_player_or_team(players, coop, order, teams):
    """ON YOUR TURN: alternating; "Each game you have exactly two special moves"; co-op: "It is up to the team how
    to share their two special moves", teams alternate."""
    game_map = generate_map(players=players, coop=coop, seed=1)
    state = cats_engine.initial_state(game_map, generate_setup(game_map, seed=1))
    assert state.game.order == order
    assert state.specials == (2,) * teams
    seen = []
    for _ in range(players):
        seat = cats_engine.to_move(state)
        seen.append(seat)
        move = next(m for m in cats_engine.legal_moves(state) if m.kind == "step")
        before = state.cats
        state = cats_engine.apply(state, move)
        # "Only one of your cats can move per turn": one head moved, one of the mover's.
        moved = [b for a, b in zip(before, state.cats) if a.head != b.head]
        assert len(moved) == 1 and moved[0].player == seat
    assert tuple(seen) == order and cats_engine.to_move(state) == order[0]


def test_a_team_wins_only_with_both_teammates_cats_home():
    """4 PLAYER CO-OP: "The first team to get both of their cats back with fish is the winner"."""
    rows = list(OPEN)
    game_map = small_map(rows, players=4, coop=True)
    # Player 1's cat (start row 8) one step from home with a fish; player 2's cat (start row 1) likewise.
    cats = [(1, (7, 2), 8, True), (2, (2, 8), 1, True), (3, (4, 5), 8), (4, (5, 5), 1)]
    state = position(game_map, cats)
    state = play(state, "c1 S")                              # player 1 home
    assert state.cats[0].home and cats_engine.result(state) is None
    state = play(state, "c1 E")                              # player 3 (team 2)
    state = play(state, "c1 N")                              # player 2 home: team 1 wins
    assert cats_engine.result(state) == cats_engine.Result((0, 1), "win")
    # Without player 2's fish, reaching the row is no delivery and the game goes on.
    cats[1] = (2, (2, 8), 1, False)
    state = play(play(play(position(game_map, cats, fish=[(1, 5)]), "c1 S"), "c1 E"), "c1 N")
    assert cats_engine.result(state) is None and not state.cats[1].home


def test_a_home_player_in_team_play_passes_and_moves_no_more():
    game_map = small_map(OPEN, players=4, coop=True)
    cats = [(1, (7, 2), 8, True), (2, (5, 8), 1), (3, (4, 5), 8), (4, (5, 5), 1)]
    state = play(position(game_map, cats, fish=[(8, 9)]), "c1 S")
    state = play(state, "c1 E")
    state = play(state, "c1 N")                              # player 2
    state = play(state, "c1 W")                              # player 4
    assert cats_engine.to_move(state) == 0 and names(state) == {"pass"}


FENCE = {3: [(3, 1), (5, 1), (5, 2), (3, 2), (3, 3)]}      # player 3's line round (4, 1) and (4, 2), open at (4, 3)


@pytest.mark.parametrize("coop, specials, out, winner", [
    (True, (0, 2), (True, False), cats_engine.Result((2, 3), "trap")),      # team 1 out: team 2 wins at once
    (True, (1, 2), (False, False), None),                                   # a team special left: plays on
    (False, (0, 2, 2, 2), (True, False, False, False), None),               # 4 players: out, the others play on
    (False, (1, 2, 2, 2), (False, False, False, False), None)])
def test_a_cat_fenced_in_with_no_special_left_puts_its_player_or_team_out(coop, specials, out, winner):
    """ALTERNATIVE GAME END: "If a player gets trapped from returning home by the other player's cat line, and they
    no longer have any special moves, that player will automatically lose"; DESIGN: with more than two players (or
    teams) the others play on; in team play the specials are the team's."""
    game_map = small_map(OPEN, players=4, coop=coop)
    cats = [(1, (4, 1), 8), (2, (1, 5), 1), (3, (3, 3), 8), (4, (8, 7), 1)]
    state = position(game_map, cats, lines=FENCE, specials=specials, to_move=3, fish=[(1, 9), (8, 1)])
    after = play(state, "c1 S")                              # player 3 closes the fence at (4, 3)
    assert after.out == out and cats_engine.result(after) == winner
    if winner is None:
        assert cats_engine.to_move(after) != 0 or not out[0]  # an out player is skipped


@pytest.mark.parametrize("players, coop", [(2, False), (3, False), (4, False), (5, False), (6, False),
                                           (4, True), (6, True)])
def test_the_set_up_counts_scale_with_the_player_count(players, coop):
    """DRAW SOME FISH / DRAW YOUR CATS and the 3- to 6-player sections: 8 fish and 4 cats (2), 8 and 6 (3),
    16 and 8 (4), 20 and 10 (5), 24 and 12 (6), 8 and 4 (2 v 2), 8 and 6 (2 v 2 v 2); half of each on each home
    row. One fish fewer is refused."""
    want = {(2, False): (8, 4), (3, False): (8, 6), (4, False): (16, 8), (5, False): (20, 10), (6, False): (24, 12),
            (4, True): (8, 4), (6, True): (8, 6)}[players, coop]
    game_map = generate_map(players=players, coop=coop, seed=1)
    setup = generate_setup(game_map, seed=1)
    assert (len(setup.fish), len(setup.cats)) == want
    top, bottom = 1, len(game_map.grid.rows)
    for row in (top, bottom):
        assert sum(d.row == row for d in setup.fish) == want[0] // 2
        assert sum(d.row == row for d in setup.cats) == want[1] // 2
    report = cats_validate(setup)
    assert report.ok, report.format_text()
    short = cats_validate(replace(setup, fish=setup.fish[1:]))
    assert "cats.setup.fish-count" in short.rules() and not short.ok
    # A cat handed to another player (or team): one player has two on that row, the other none.
    moved = list(setup.cats)
    cat = moved[0]
    moved[0] = replace(cat, player=cat.player % players + 1 if not coop else (cat.player + 1) % players + 1)
    assert "cats.setup.cat-count" in cats_validate(replace(setup, cats=tuple(moved))).rules()


@pytest.mark.parametrize("gap, ok", [(3, True), (2, False), (1, False)])
def test_drawings_on_a_home_row_keep_two_empty_cells_between_them(gap, ok):
    """*Note: there must be at minimum 2 spaces in between any fish or cat drawings."""
    game_map = generate_map(players=2, seed=1)
    setup = generate_setup(game_map, seed=1)
    row = 1
    on_row = sorted((d for d in setup.fish if d.row == row), key=lambda d: d.col)
    first = on_row[0]
    others = [d for d in setup.fish + setup.cats if d is not first and d.row == row]
    # put the first fish `gap` columns from another drawing, clear of everything else, on a street cell
    for anchor in others:
        col = anchor.col - gap
        if col < 1 or game_map.grid.rows[row - 1][col - 1] != "." or any(
                (s.row, s.col) == (row, col) for s in game_map.grid.sewers):
            continue
        if all(abs(d.col - col) >= 3 for d in others if d is not anchor):
            break
    else:
        pytest.skip("no place on this map")
    fish = tuple(replace(d, col=col) if d is first else d for d in setup.fish)
    rules = cats_validate(replace(setup, fish=fish)).rules()
    assert ("cats.setup.spacing" not in rules) is ok


# == Cops ==========================================================================================================

def test_noodle_legs_never_takes_its_own_path_back_nor_goes_where_a_move_may_not():
    """NOODLE LEGS: "Following the normal movement rules": the second move uses no path the first used (each path
    once), and obeys the largest-and-middle ban and the full-location rule."""
    state = cops_position({"1a": (0,), "2h": (0,)})
    moves = texts(state)
    assert "noodle 1a>1b 1b>1e" in moves
    assert "noodle 1a>1b 1b>1a" not in moves                # back along path a-b
    banned = cops_position({"1a": (0,), "1e": (0,)})        # 1e: the squad holds only its largest area
    assert "noodle 1a>1b 1b>1e" not in texts(banned) and "noodle 1a>1b 1b>1d" in texts(banned)
    full = cops_position({"1a": (0,), "1e": (1, 1, 1)})
    assert "noodle 1a>1b 1b>1e" not in texts(full)
    middle_taken = cops_position({"1a": (0,), "1e": (0, 1)})
    assert "noodle 1a>1b 1b>1e" in texts(middle_taken)     # the middle is another's: the smallest is open


def test_noodle_legs_ends_after_a_first_move_that_wins():
    """"As soon as one squad has solved their second crime" the game ends: DESIGN stops Noodle Legs there."""
    state = cops_position({"1a": (0,), "1b": (1, 0), "1c": (1, 1)}, solved={1: 0})
    noodle = next(m for m in cops_engine.legal_moves(state) if isinstance(m, Noodle) and str(m.first) == "1a>1c")
    after = cops_engine.apply(state, noodle)
    assert cops_engine.result(after) == cops_engine.Result((0,), "win")
    assert after.filled[after.board.number[noodle.second.target]] == state.filled[
        state.board.number[noodle.second.target]]            # the second move was not made
    # A first move that solves only the first crime goes on to the second location.
    state = cops_position({"1a": (0,), "1b": (1, 0), "1c": (1, 1)})
    noodle = next(m for m in cops_engine.legal_moves(state) if isinstance(m, Noodle) and str(m.first) == "1a>1c")
    after = cops_engine.apply(state, noodle)
    assert cops_engine.result(after) is None and after.crimes[0] == (0,)
    assert 0 in after.filled[after.board.number[noodle.second.target]]


@pytest.mark.parametrize("first", [0, 1])
def test_squads_start_in_turn_from_the_first_seat_each_on_an_empty_location(first):
    """PICK A STARTING LOCATION: "starting with the most mischievous player", each fills the largest area of one
    location; DESIGN: an empty one. Normal turns follow in the same order."""
    state = cops_engine.initial_state(HAND, first=first)
    assert cops_engine.to_move(state) == first
    state = cops_engine.apply(state, cops_engine.parse_move("start 1a", state))
    assert "start 1a" not in texts(state) and all(isinstance(m, Start) for m in cops_engine.legal_moves(state))
    state = cops_engine.apply(state, cops_engine.parse_move("start 2h", state))
    assert cops_engine.to_move(state) == first
    assert not any(isinstance(m, Start) for m in cops_engine.legal_moves(state))
    number = state.board.number
    assert state.filled[number["1a"]] == (first,) and state.filled[number["2h"]] == (1 - first,)


def _location_with_areas(design, areas):
    first = design.segments[0]
    zone = first.zones[0]
    spot = replace(zone.locations[0], areas=tuple(areas))
    zone = replace(zone, locations=(spot,) + zone.locations[1:])
    return with_segment(design, 0, replace(first, zones=(zone,) + first.zones[1:]))


def test_a_location_has_three_areas_that_do_not_overlap():
    """Each location holds the three kinds of evidence: one largest, one middle, one smallest spot."""
    design = hand_map()
    areas = design.segments[0].zones[0].locations[0].areas
    assert len(areas) == 3 and cops_validate(design).ok
    two = cops_validate(_location_with_areas(design, areas[:2]))
    assert "cops.location.areas" in two.rules() and not two.ok
    four = cops_validate(_location_with_areas(design, areas + (replace(areas[2], w=areas[2].w / 2),)))
    assert "cops.location.areas" in four.rules()
    big, mid, small = areas
    overlapping = replace(mid, x=big.x + big.w / 4, y=big.y)          # the middle area laid over the largest
    report = cops_validate(_location_with_areas(design, (big, overlapping, small)))
    assert "cops.location.areas-overlap" in report.rules() and not report.ok


def test_a_path_from_a_location_back_to_itself_is_refused():
    """"draw your movement along the path" to "the next location": a path joins two locations."""
    from washigen.games.cops.model import End, Path

    design = hand_map()
    a = design.segments[0].zones[0].locations[0]
    x, y = a.centre
    loop = Path(a=End(location=a.id), b=End(location=a.id),
                points=((x, y), (x, y - 5.5), (x + 3, y - 5.5), (x + 3, y)))
    report = cops_validate(with_paths(design, 0, list(design.segments[0].paths) + [loop]))
    assert "cops.path.loop" in report.rules() and not report.ok


def test_ramen_is_eaten_twice_in_any_mix_then_no_more_and_noodle_paths_are_used_for_that_squad_only():
    """"Each squad can eat ramen twice per match"; "*You may only use each path one time" (per squad, DESIGN)."""
    state = cops_position({"1a": (0,), "2h": (1,)})
    state = cops_engine.apply(state, cops_engine.parse_move("noodle 1a>1b 1b>1e", state))
    assert state.ramen == (1, 2)
    state = replace(state, to_move=0)
    assert not {"1a>1b", "1b>1a", "1b>1e", "1e>1b"} & texts(state)       # both paths used by squad 1
    state = cops_engine.apply(state, cops_engine.parse_move("miso 1a~1d", state))
    assert state.ramen == (0, 2)
    state = replace(state, to_move=0)
    assert not any(isinstance(m, (Noodle, cops_engine.Miso)) for m in cops_engine.legal_moves(state))
    other = replace(state, to_move=1, held=(state.held[0], state.held[1] | 1 << state.board.number["1a"]))
    assert "1a>1b" in texts(other)                          # squad 2 may still take path a-b
