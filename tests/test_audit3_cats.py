"""A third audit of Cats against its reference rule text (read with seeds/cats.en.md, DESIGN 5 and 9 "Cats"): the
rule sentences no earlier test held, each with the legal case beside the refused one.

Jumps and pops that land on a sewer, and sewer poppers against the forest's "even into a sewer"; a fish once taken;
leaving a building onto a fish; home in a building on the start row; jinja mode in team play and a filled shrine;
two special moves in any combination; moves the notation has no word for; red sewers on a long map's outer rows;
the spacing of drawings, "at minimum 2 spaces in between", through `washigen validate` on a file.

What it found wrong: the set-up checks were quadratic in the drawings (the largest set-up a file holds took minutes
to validate, against DESIGN 12's minute), and the route check added the cats' bits up, so two cats on one cell
blocked the cell after it.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import MAX_DESIGN_ITEMS, dumps
from washigen.errors import InputError
from washigen.games.cats import engine
from washigen.games.cats.model import Drawing, Grid, Piece
from washigen.games.cats.rules import validate

from .cats_maps import COLS, valid_map, valid_setup, without_sewers
from .cats_states import cell_of, line_cells, names, play, position, small_map
from .limits import TIME_LIMIT, run_bounded

OPEN = ["........."] * 8                   # 8 rows x 9 columns of street: home rows 1 (top) and 8 (bottom)


def _blocked(state) -> set[tuple[int, int]]:
    return {cell_of(state, i) for i in range(state.game.terrain.n) if state.blocked >> i & 1}


# == sewers ==========================================================================================================

def test_a_jump_that_lands_on_a_sewer_blocks_it_for_every_pop():
    """BLOCKING A SEWER: moving "over the top of a sewer without using it as a special move" blocks it; DESIGN 9: a
    jump lands on a sewer, which it then blocks as a step does (free and amazing jumps alike)."""
    rows = list(OPEN)
    rows[3] = "....b...b"                        # blue at (4, 5) and its partner at (4, 9)
    game_map = small_map(rows)
    free = position(game_map, [(1, (4, 2), 8), (2, (3, 9), 1)], lines={1: [(4, 3), (4, 4)]})
    after = play(free, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 5) and _blocked(after) == {(4, 5)}
    assert after.specials == free.specials
    # Player 2, beside the partner at (4, 9), pops before the jump and not after it.
    assert "c1 pop r4c9->r4c5" in names(position(game_map, [(1, (4, 2), 8), (2, (3, 9), 1)], to_move=2))
    assert not {m for m in names(after) if "pop" in m}
    # The amazing jump over player 2's line lands there and blocks it too, for one special move.
    amazing = position(game_map, [(1, (4, 2), 8), (2, (3, 9), 1)], lines={2: [(4, 3), (4, 4)]})
    after = play(amazing, "c1 amazing E")
    assert _blocked(after) == {(4, 5)} and after.specials == (1, 2)


def test_with_two_player_sewer_poppers_no_jump_lands_on_a_sewer_but_on_a_three_player_map_one_does():
    """2P SEWER POPPERS: "You cannot walk on top of a sewer without using it for a special move"; 3P+ SEWER POPPERS:
    that holds only on a map wider than the 2-player one. DESIGN 9: the free jump stays, so on the standard map
    with 3 players it lands on a sewer and blocks it."""
    rows = list(OPEN)
    rows[3] = "....b...b"
    own = {1: [(4, 3), (4, 4)]}
    two = position(small_map(rows, sewer_poppers=True), [(1, (4, 2), 8), (2, (1, 9), 1)], lines=own)
    assert "c1 jump E" not in names(two)
    # One cell on, past the sewer, the same jump lands on the street.
    past = position(small_map(rows, sewer_poppers=True), [(1, (4, 2), 8), (2, (1, 9), 1)],
                    lines={1: [(4, 3), (4, 4), (4, 5)]})
    after = play(past, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 6) and not after.blocked
    three = position(small_map(rows, players=3, sewer_poppers=True),
                     [(1, (4, 2), 8), (2, (1, 9), 1), (3, (1, 5), 1)], lines=own)
    after = play(three, "c1 jump E")
    assert _blocked(after) == {(4, 5)}


def test_with_two_player_sewer_poppers_a_cat_leaves_a_forest_or_a_building_not_onto_a_sewer_but_may_pop():
    """EXITING THE FOREST: "even if it means you will enter into a building or sewer", but with sewer poppers no cat
    walks onto a sewer: the variant wins, and the pop (its only special move) is still there."""
    rows = list(OPEN)
    rows[3] = "...Tb...b"                        # a one-row forest at (4, 4), a blue sewer beside it
    plain = play(play(position(small_map(rows), [(1, (5, 4), 8), (2, (1, 9), 1)]), "c1 N"), "c1 W")
    assert "c1 E r4c5" in names(plain)
    dry = play(play(position(small_map(rows, sewer_poppers=True), [(1, (5, 4), 8), (2, (1, 9), 1)]), "c1 N"),
               "c1 W")
    assert "c1 E r4c5" not in names(dry) and "c1 pop r4c5->r4c9" in names(dry)
    built = list(OPEN)
    built[3] = "...#b...b"
    doors = [(((4, 4),), ((4, 4, "s"), (4, 4, "e")))]
    for poppers, allowed in ((False, True), (True, False)):
        inside = play(play(position(small_map(built, doors, sewer_poppers=poppers),
                                    [(1, (5, 4), 8), (2, (1, 9), 1)]), "c1 N"), "c1 W")
        assert ("c1 E r4c5" in names(inside)) is allowed
        assert "c1 pop r4c5->r4c9" in names(inside)


# == fish and home ===================================================================================================

def test_a_fish_once_taken_is_gone_for_every_cat():
    """PICKING UP A FISH: "Pick it up by circling it": the fish is gone. Another player's cat may not enter the cell
    (it holds the taker's line); the taker's other cat may walk over it (its own line) and finds no fish there."""
    state = position(small_map(OPEN), [(1, (2, 5), 8), (1, (1, 4), 8), (2, (1, 7), 8)], fish=[(1, 5), (1, 1)])
    assert "c1 E" in names(position(small_map(OPEN), [(1, (2, 5), 8), (1, (1, 4), 8), (2, (1, 6), 8)],
                                    fish=[(1, 5), (1, 1)], to_move=2))     # before: player 2 may take it
    after = play(play(state, "c1 N"), "c1 W")                              # player 1 takes it, player 2 to (1, 6)
    assert after.cats[0].fish and cell_of(after, after.fish.bit_length() - 1) == (1, 1)
    assert "c1 W" not in names(play(after, "c1 S"))                        # player 2: (1, 5) holds player 1's line
    mate = play(after, "c2 E")
    assert cell_of(mate, mate.cats[1].head) == (1, 5) and not mate.cats[1].fish
    # The other fish, (1, 1), is still there for that cat to take.
    assert cell_of(mate, mate.fish.bit_length() - 1) == (1, 1)


BUILT_TOP = ["........."] + ["....#...."] * 2 + ["........."] * 5      # a building on (2, 5) and (3, 5)
TOP_DOORS = [(((2, 5), (3, 5)), ((2, 5, "n"), (3, 5, "s")))]


def test_a_cat_leaving_a_building_takes_a_far_side_fish_but_never_steps_out_onto_an_own_side_one():
    """EXIT A BUILDING "into an empty, adjacent space" (DESIGN 9: a cell with no line) and "Players may never enter
    a fish space on the same side that their cat started on"."""
    game_map = small_map(BUILT_TOP, TOP_DOORS)
    far = play(play(position(game_map, [(1, (4, 5), 8), (2, (8, 9), 1)], fish=[(1, 5)]), "c1 N"), "c1 W")
    assert "c1 N r1c5" in names(far)
    after = play(far, "c1 N r1c5")
    assert after.cats[0].fish and not after.fish
    # The same cat drawn on the top row: that fish lies on its own side.
    own = play(play(position(game_map, [(1, (4, 5), 1), (2, (8, 9), 1)], fish=[(1, 5)]), "c1 N"), "c1 W")
    assert "c1 N r1c5" not in names(own)


def test_a_cat_carrying_a_fish_into_a_building_on_its_start_row_is_home():
    """GETTING HOME WITH A FISH: "return to any space on the horizontal starting row"; DESIGN 9: a cat in a building
    occupies all of it, so a building reaching the start row brings it home (our reading)."""
    rows = ["........."] * 6 + ["....#...."] * 2
    doors = [(((7, 5), (8, 5)), ((7, 5, "n"),))]
    cats = [(1, (6, 5), 8, True), (1, (2, 1), 1, True), (2, (1, 9), 1)]
    after = play(position(small_map(rows, doors), cats), "c1 S")
    assert after.cats[0].home and {(7, 5), (8, 5)} <= line_cells(after, 1)
    assert engine.result(after) is None                     # its other cat is still out
    # A building one row short of the start row: inside, but not home.
    short = ["........."] * 5 + ["....#...."] * 2 + ["........."]
    after = play(position(small_map(short, [(((6, 5), (7, 5)), ((6, 5, "n"),))]),
                          [(1, (5, 5), 8, True), (1, (2, 1), 1, True), (2, (1, 9), 1)]), "c1 S")
    assert not after.cats[0].home and after.cats[0].region != engine.NO_REGION


# == jinja mode ======================================================================================================

@pytest.mark.parametrize("specials, enters", [((2, 2), False), ((1, 2), True), ((0, 2), True)])
def test_in_team_play_jinja_counts_the_teams_special_moves(specials, enters):
    """JINJA MODE: "after you use at least 1 special move" a shrine gives one back; "capped at 2". In team play
    the team shares its two special moves, so the shrine opens once the teammate has used one."""
    rows = list(OPEN)
    rows[3] = "....J...."
    game_map = small_map(rows, players=4, coop=True, jinja=True)
    cats = [(1, (5, 5), 8), (2, (1, 1), 1), (3, (1, 9), 1), (4, (8, 9), 8)]
    state = position(game_map, cats, specials=specials)
    assert ("c1 N" in names(state)) is enters
    if enters:
        after = play(state, "c1 N")
        assert after.specials == (specials[0] + 1, 2) and (4, 5) in line_cells(after, 1)


def test_a_filled_shrine_is_no_jump_even_over_the_cats_own_line():
    """DESIGN 9: a super cat jump crosses "no wall, shrine or map edge" (the seed: "without crossing an illegal
    barrier"), so a shrine filled in jinja mode stays one. A one-cell building filled with the same line and open on
    both sides is jumped (our reading)."""
    rows = list(OPEN)
    rows[3] = "....J...."
    shrine = position(small_map(rows, jinja=True), [(1, (4, 4), 8), (2, (1, 9), 1)], lines={1: [(4, 5)]},
                      specials=(1, 2))
    assert not {m for m in names(shrine) if " E" in m}
    rows[3] = "....#...."
    building = position(small_map(rows, [(((4, 5),), ((4, 5, "w"), (4, 5, "e")))]),
                        [(1, (4, 4), 8), (2, (1, 9), 1)], lines={1: [(4, 5)]})
    after = play(building, "c1 jump E")
    assert cell_of(after, after.cats[0].head) == (4, 6)


# == special moves and notation ======================================================================================

@pytest.mark.parametrize("first", ["amazing", "pop"])
def test_two_special_moves_in_any_combination_then_none(first):
    """"Each game you have exactly two special moves ... in any combination you choose": an amazing jump and a pop,
    in either order, and then neither is offered again."""
    rows = list(OPEN)
    rows[4] = "..b.....b"                        # blue at (5, 3) and (5, 9)
    foe = {2: [(4, 4), (5, 8)]}                  # player 2's line east of (4, 3), and west of (5, 9)
    state = position(small_map(rows), [(1, (4, 3), 8), (2, (1, 1), 1)], lines=foe)
    assert {"c1 amazing E", "c1 pop r5c3->r5c9"} <= names(state)
    shuffle = iter(["c1 E", "c1 W"] * 3)         # player 2 steps to and fro on row 1
    if first == "amazing":
        state = play(play(state, "c1 amazing E"), next(shuffle))            # now on (4, 5)
        state = play(play(play(state, "c1 S"), next(shuffle)), "c1 W")      # to (5, 4), beside the sewer (5, 3)
        state = play(state, next(shuffle))
        assert "c1 pop r5c3->r5c9" in names(state)
        state = play(state, "c1 pop r5c3->r5c9")
    else:
        state = play(play(state, "c1 pop r5c3->r5c9"), next(shuffle))      # now on (5, 9), beside (5, 8)
        assert "c1 amazing W" in names(state)
        state = play(state, "c1 amazing W")
    assert state.specials == (0, 2)
    state = play(state, next(shuffle))
    assert not {m for m in names(state) if "amazing" in m or "pop" in m}


@pytest.mark.parametrize("text", ["c1 NE", "c1 jump SW", "c3 N", "c1 N N", "c1 pop r5c3->r6c9", "c1 north"])
def test_a_move_the_rules_have_no_word_for_is_refused_naming_the_player(text):
    """"Cats cannot move diagonally", a player has two cats, a pop stays in its row: such a move is no move of the
    notation and is refused as not legal (an InputError naming the move and the player), where "c1 N" is taken."""
    rows = list(OPEN)
    rows[4] = "..b.....b"
    state = position(small_map(rows), [(1, (4, 3), 8), (1, (1, 5), 1), (2, (1, 1), 1)])
    assert str(engine.parse_move("c1 N", state)) == "c1 N"
    with pytest.raises(InputError, match="not legal for player 1"):
        engine.parse_move(text, state)


# == the validator ===================================================================================================

def _long_map():
    """The 2-player test map (cats_maps) with one layer of bare street between its halves: 12 rows, red pairs in
    rows 1 and 12 only."""
    base = valid_map()
    rows = base.grid.rows[:4] + ("." * COLS,) * 4 + base.grid.rows[4:]
    sewers = tuple(replace(s, row=s.row + 4) if s.row > 4 else s for s in base.grid.sewers)
    buildings = tuple(replace(b, cells=tuple((r + 4 if r > 4 else r, c) for r, c in b.cells),
                              openings=tuple(replace(o, row=o.row + 4) if o.row > 4 else o for o in b.openings))
                      for b in base.grid.buildings)
    pieces = tuple(Piece(layer=k, col=1, width=COLS, source=1) for k in (1, 2, 3))
    return replace(base, long=1, pieces=pieces, grid=Grid(rows=rows, buildings=buildings, sewers=sewers))


def test_a_long_map_holds_red_pairs_in_its_outer_rows_only():
    """LONG GAME: "make sure the top and bottom of the finished map have the red sewers": rows 1 and 12 of a map
    three layers tall, not the rows where layers meet."""
    long_map = _long_map()
    assert not [v for v in validate(long_map) if v.rule == "cats.home-row.no-red-sewer"]
    broken = without_sewers(long_map, (12, 2))
    assert [v.where["cell"] for v in validate(broken) if v.rule == "cats.home-row.no-red-sewer"] == [(12, 17)]


def _validate_file(tmp_path, design) -> tuple[int, str]:
    path = tmp_path / "setup.json"
    path.write_text(dumps(design), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


@pytest.mark.parametrize("col, ok", [(4, True), (3, False), (2, False)])
def test_validate_on_a_file_holds_two_empty_cells_between_drawings(tmp_path, col, ok):
    """"there must be at minimum 2 spaces in between any fish or cat drawings": the set-up's second fish on row 8
    moved next to the first (column 1): at column 4 two cells lie between them, at 3 one, at 2 none."""
    setup = valid_setup()
    fish = list(setup.fish)
    k = next(i for i, d in enumerate(fish) if (d.row, d.col) == (8, 4))
    fish[k] = Drawing(player=fish[k].player, row=8, col=col)
    code, out = _validate_file(tmp_path, replace(setup, fish=tuple(fish)))
    if ok:
        assert code == 0, out
    else:
        assert code == 1 and f"cats.setup.spacing at cell (8, {col})" in out, out
    assert json.loads((tmp_path / "setup.json").read_text())["fish"][k]["col"] == col


# == the largest set-up a file may hold (DESIGN 12) ==================================================================

def _crowded_setup():
    """As many fish and cats as a design file holds (MAX_DESIGN_ITEMS each), heaped on a few cells of the home
    rows, each heap far from the others: every drawing breaks the spacing rule."""
    setup = valid_setup()
    heaps = [(1, 1), (1, 7), (1, 13), (8, 4), (8, 10), (8, 16)]
    def heaped(count):
        return tuple(Drawing(player=1 + k % 2, row=heaps[k * len(heaps) // count][0],
                             col=heaps[k * len(heaps) // count][1]) for k in range(count))
    return replace(setup, fish=heaped(MAX_DESIGN_ITEMS), cats=heaped(MAX_DESIGN_ITEMS))


def test_the_largest_set_up_a_file_holds_validates_within_the_time_bound(tmp_path):
    """DESIGN 12: "any accepted input finishes within a minute". A set-up of 20,000 fish and 20,000 cats (the most
    a design file holds) took minutes: the spacing check compared each drawing with every one before it until it
    found one too close, and the route check added up every cat's cell again for each cat."""
    path = tmp_path / "crowded.json"
    path.write_text(dumps(_crowded_setup()), encoding="utf-8")
    run = run_bounded("validate", path, timeout=TIME_LIMIT)
    assert run.code == 1, run.stderr
    assert run.stdout.count("cats.setup.spacing") == 2 * MAX_DESIGN_ITEMS - 6      # all but each heap's first


def _pairwise_spacing(setup) -> list[tuple]:
    """The spacing rule read plainly: each drawing against every one before it, the first too close named."""
    seen, found = [], []
    for d in list(setup.fish) + list(setup.cats):
        near = next((o for o in seen if max(abs(d.row - o.row), abs(d.col - o.col)) <= 2), None)
        if near is not None:
            found.append(((d.row, d.col), (near.row, near.col)))
        seen.append(d)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_the_spacing_check_names_the_first_drawing_too_close_as_a_plain_reading_does(seed):
    import random

    rng = random.Random(seed)
    setup = valid_setup()
    def scattered(count):
        return tuple(Drawing(player=rng.randint(1, 2), row=rng.choice((1, 8)), col=rng.randint(1, COLS))
                     for _ in range(count))
    setup = replace(setup, fish=scattered(rng.randint(4, 12)), cats=scattered(rng.randint(2, 8)))
    said = [(v.where["cell"], v.says.values) for v in validate(setup) if v.rule == "cats.setup.spacing"]
    expected = _pairwise_spacing(setup)
    assert [cell for cell, _ in said] == [cell for cell, _ in expected]
    assert [(p["other_row"], p["other_col"]) for _, p in said] == [other for _, other in expected]


def test_two_cats_drawn_on_one_cell_wall_off_no_other_cell():
    """The route check blocked the other cats' cells by adding their bits up: two cats on (6, 18) made a carry onto
    (7, 1), and the cat on (8, 1), with a fish beside it on (8, 2), was warned cut off though (7, 1) is open street.
    (The set-up breaks other rules; the warning was still wrong.)"""
    setup = valid_setup()
    fish = tuple(d for d in setup.fish if (d.row, d.col) != (8, 1)) + (Drawing(player=1, row=8, col=2),)
    cats = setup.cats + (Drawing(player=1, row=8, col=1), Drawing(player=2, row=6, col=18),
                         Drawing(player=2, row=6, col=18))
    report = validate(replace(setup, fish=fish, cats=cats))
    assert not report.ok
    assert (8, 1) not in [v.where.get("cell") for v in report if v.rule == "cats.setup.cut-off"]
    # Walled off for real, by a cat on (7, 1) as well, it is warned.
    walled = validate(replace(setup, fish=fish, cats=cats + (Drawing(player=2, row=7, col=1),)))
    assert (8, 1) in [v.where.get("cell") for v in walled if v.rule == "cats.setup.cut-off"]
