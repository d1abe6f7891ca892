"""A fourth audit of Cats against its reference rule text (English and German editions; DESIGN 5 and 9 "Cats"): each
number the text gives, at its limit, one under and one over, through the surfaces an acceptance tester uses.

Team play's fish per player ("two fish on the opposite side" with 2 v 2, "one to two fish" with 2 v 2 v 2) through
`washigen validate` on a file and `washigen.api.validate`; "any number of players" in one forest (a shrub holding
the cats of three players); the sewer poppers' "if playing with a map that is wider than the standard 2 player
setup" as `--help` tells it against what the engine does on a 3-player map; the wall warning's "7 or more".

What it found wrong: `--sewer-poppers`' help said no cat steps on a sewer, whatever the table; on a 3-player map
(and in team play) the engine lets a cat walk onto a sewer and block it, as the rule text and the rule sheet say.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen import api
from washigen.cli import main
from washigen.design import dumps
from washigen.games.cats.generate import generate_map
from washigen.games.cats.model import Drawing
from washigen.games.cats.rules import validate
from washigen.games.cats.setup import generate_setup

from .cats_maps import valid_map, valid_setup, with_rows
from .cats_states import names, play, position, small_map

OPEN = ["........."] * 8                   # 8 rows x 9 columns of street: home rows 1 (top) and 8 (bottom)


def _cli_validate(tmp_path, design) -> tuple[int, str]:
    path = tmp_path / "design.json"
    path.write_text(dumps(design), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _errors(report) -> list[tuple[str, dict]]:
    return [(v.rule, dict(v.where)) for v in report if v.severity == "error"]


# == team play: fish per player ======================================================================================

def _two_v_two(fish_of: dict[int, int]):
    """2 v 2 on the test map: players 1 and 4 have their cats on the bottom row, 2 and 3 on the top; the fish of
    players 1 and 4 lie on the top row, those of 2 and 3 on the bottom (opposite their cats), four a row, `fish_of`
    a player's count."""
    cats = [Drawing(player=1, row=8, col=13), Drawing(player=2, row=1, col=13),
            Drawing(player=3, row=1, col=16), Drawing(player=4, row=8, col=16)]
    cols = iter((1, 4, 7, 10))
    top = [Drawing(player=p, row=1, col=next(cols)) for p in (1, 4) for _ in range(fish_of[p])]
    cols = iter((1, 4, 7, 10))
    bottom = [Drawing(player=p, row=8, col=next(cols)) for p in (2, 3) for _ in range(fish_of[p])]
    return replace(valid_setup(valid_map(players=4, coop=True)), fish=tuple(top + bottom), cats=tuple(cats))


@pytest.mark.parametrize("fish_of, wrong", [
    ({1: 2, 2: 2, 3: 2, 4: 2}, {}),
    ({1: 1, 2: 2, 3: 2, 4: 3}, {1: 1, 4: 3}),
    ({1: 3, 2: 1, 3: 3, 4: 1}, {1: 3, 2: 1, 3: 3, 4: 1}),
])
def test_in_two_v_two_each_player_draws_exactly_two_fish(tmp_path, fish_of, wrong):
    """4 PLAYER CO-OP: "Each player will end up drawing a single cat, and two fish on the opposite side of the
    map": two, not one or three, though each row still holds its four."""
    setup = _two_v_two(fish_of)
    report = api.validate(setup)
    said = {v.says.values["player"]: v.says.values["fish"] for v in report
            if v.rule == "cats.setup.fish-count" and "player" in v.says.values}
    assert said == wrong
    assert report.ok is not wrong and _errors(report) == _errors(validate(setup))
    code, out = _cli_validate(tmp_path, setup)
    assert code == (1 if wrong else 0), out
    assert [(v["rule"], v["where"]) for v in json.loads(out)["violations"]] == \
        [(v.rule, {k: list(c) if isinstance(c, tuple) else c for k, c in v.where.items()}) for v in report]


def _two_v_two_v_two(fish_of: dict[int, int]):
    """2 v 2 v 2 on a generated 2-player-width map, drawn on the spots its own set-up found: players 1, 4 and 5 have
    their cats on the bottom row, 2, 3 and 6 on the top; the fish of 1, 4 and 5 lie on the top row, the others' on
    the bottom, `fish_of` a player's count (the teams 1-2, 3-4, 5-6 keep their 3, 3 and 2)."""
    game_map = generate_map(players=6, coop=True, seed=1, play_check=False)
    drawn = generate_setup(game_map, seed=1)
    bottom_row = len(game_map.grid.rows)
    spots = {row: sorted(d.col for d in drawn.fish + drawn.cats if d.row == row) for row in (1, bottom_row)}
    cats = [Drawing(player=p, row=bottom_row, col=c) for p, c in zip((1, 4, 5), spots[bottom_row][:3])] + \
        [Drawing(player=p, row=1, col=c) for p, c in zip((2, 3, 6), spots[1][:3])]
    fish_top = iter(spots[1][3:])
    fish_bottom = iter(spots[bottom_row][3:])
    fish = [Drawing(player=p, row=1, col=next(fish_top)) for p in (1, 4, 5) for _ in range(fish_of[p])] + \
        [Drawing(player=p, row=bottom_row, col=next(fish_bottom)) for p in (2, 3, 6) for _ in range(fish_of[p])]
    return replace(drawn, fish=tuple(fish), cats=tuple(cats))


@pytest.mark.parametrize("fish_of, wrong", [
    ({1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 6: 1}, {}),
    ({1: 1, 2: 2, 3: 2, 4: 1, 5: 2, 6: 0}, {6: 0}),
    ({1: 2, 2: 1, 3: 3, 4: 0, 5: 2, 6: 0}, {3: 3, 4: 0, 6: 0}),
])
def test_in_two_v_two_v_two_each_player_draws_one_or_two_fish(tmp_path, fish_of, wrong):
    """6 PLAYER CO-OP (2v2v2): "Each player will end up drawing a single cat, and one to two fish on the opposite
    side of the map" (German: "ein bis zwei Fische"): one and two are fine, none and three are not, though each team
    keeps the 3, 3 and 2 of the 3-player set-up."""
    setup = _two_v_two_v_two(fish_of)
    report = api.validate(setup)
    said = {v.says.values["player"]: v.says.values["fish"] for v in report
            if v.rule == "cats.setup.fish-count" and "player" in v.says.values}
    assert said == wrong
    assert not [v for v in report if v.rule == "cats.setup.fish-count" and "team" in v.says.values]
    assert report.ok is not wrong
    code, out = _cli_validate(tmp_path, setup)
    assert code == (1 if wrong else 0), out
    assert sorted(v["rule"] for v in json.loads(out)["violations"] if v["severity"] == "error") == \
        sorted(rule for rule, _ in _errors(report))


# == forests: any number of players ==================================================================================

def test_a_shrub_holds_the_cats_of_three_players():
    """ENTERING THE FOREST: "Any number of players may be inside the forest together at any given time": the third
    player's cat steps into a shrub (a one-cell forest) that holds two other players' cats, and none of them draws a
    line in it."""
    rows = list(OPEN)
    rows[3] = "....t...."                                 # the shrub at (4, 5)
    state = position(small_map(rows, players=3), [(1, (3, 5), 8), (2, (5, 5), 1), (3, (4, 4), 1)])
    for move in ("c1 S", "c1 N", "c1 E"):                # players 1, 2 and 3 in turn
        assert move in names(state)
        state = play(state, move)
    assert [cat.region for cat in state.cats] == [0, 0, 0]
    assert not state.every >> (3 * 9 + 4) & 1          # (4, 5) holds no line
    # Each may leave it on a later turn, on any open side.
    assert {"c1 N r3c5", "c1 E r4c6", "c1 W r4c4"} & names(state)


# == sewer poppers: what --help says against what the engine does ====================================================

def _help_of(option: str) -> str:
    result = CliRunner().invoke(main, ["cats", "map", "--help"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    found = re.search(re.escape(option) + r" (.*?)(?= --[a-z])", text)
    assert found, text
    return found.group(1)


def test_the_sewer_poppers_help_says_sewers_stay_open_to_steps_on_a_standard_width_map_as_the_engine_plays():
    """3P+ SEWER POPPERS: "You cannot walk on sewer drains to block them without using a special move, if playing
    with a map that is wider than the standard 2 player setup"; 2P SEWER POPPERS: "You cannot walk on top of a sewer
    without using it for a special move". On a 3-player map (one segment wide) a cat walks onto a sewer; with two
    players it does not. The help said "no cat steps on a sewer" for every table."""
    rows = list(OPEN)
    rows[3] = "....b...b"
    cats = [(1, (4, 4), 8), (2, (1, 1), 8), (3, (1, 9), 8)]
    three = position(small_map(rows, players=3, sewer_poppers=True), cats)
    assert "c1 E" in names(three) and "c1 pop r4c5->r4c9" in names(three)
    two = position(small_map(rows, sewer_poppers=True), cats[:2])
    assert "c1 E" not in names(two) and "c1 pop r4c5->r4c9" in names(two)
    said = _help_of("--sewer-poppers")
    assert "no cat steps on a sewer;" not in said, said
    assert "2 players" in said and "wider than the 2-player" in said, said


# == the wall warning: 7 or more side by side ========================================================================

@pytest.mark.parametrize("rows, warned", [
    ({"r7": "......JJJJJJ......"}, []),                                  # 6
    ({"r7": "......JJJJJJJ....."}, [(7, 7)]),                            # 7
    ({"r6": "....##JJJJJ......."}, [(6, 5)]),                            # 2 building cells and 5 shrines
    ({"r6": "....##........JJJJ", "r7": "JJJ......J........"}, []),      # 4 + 3, split over two rows
])
def test_a_wall_is_seven_blocking_cells_side_by_side_in_one_row(rows, warned):
    """cats.layout.wall: "7 or more buildings and shrines in a row, side by side": 6 are no wall, and a run that
    ends one row and goes on at the start of the next is two runs."""
    report = validate(with_rows(valid_map(), **rows))
    assert [v.where["cell"] for v in report if v.rule == "cats.layout.wall"] == warned


# == one game on every surface: a log of a map file played with a variant switched on ===============================

@pytest.mark.parametrize("variant, bots_seed", [("--jinja", 2), ("--sewer-poppers", 4)])
def test_a_game_played_on_a_map_file_with_a_variant_switched_on_replays_from_its_log(tmp_path, variant, bots_seed):
    """`cats play --map FILE --jinja` (or `--sewer-poppers`) plays JINJA MODE (SEWER POPPERS) on a map file that does
    not hold it; the log named the file alone, so its replay played the standard rules: a jinja cat's step into a
    shrine was "not legal", a sewer-popper game ended otherwise than its result line. The log now says the rules
    it was played with, and the game replays to the same end."""
    runner = CliRunner()
    made = runner.invoke(main, ["cats", "map", "--players", "2", "--seed", "1", "-o", str(tmp_path / "map.json")])
    assert made.exit_code == 0, made.output
    log = tmp_path / "game.txt"
    played = runner.invoke(main, ["cats", "play", "--map", str(tmp_path / "map.json"), variant, "--bots", "random",
                                  "--seed", str(bots_seed), "-o", str(log)])
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(main, ["cats", "play", "--replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    result = next(line for line in log.read_text().splitlines() if line.startswith("result: "))
    assert result.removeprefix("result: ") in replayed.output
    # Without the variant the same file plays the standard rules, and its log says nothing more.
    plain = tmp_path / "plain.txt"
    assert runner.invoke(main, ["cats", "play", "--map", str(tmp_path / "map.json"), "--seed", "1", "-o",
                                str(plain)]).exit_code == 0
    assert not [line for line in plain.read_text().splitlines() if line.startswith("rules:")]


@pytest.mark.parametrize("line, says", [
    ("rules: jinja=maybe", "must be yes or no, got 'maybe'"),
    ("rules: jinja=yes jinja=no", "given twice"),
    ("rules: coop=yes", "unknown; known: jinja, sewer-poppers"),
])
def test_a_bad_rules_line_of_a_log_is_refused_naming_its_line(tmp_path, line, says):
    """The `rules:` line is read as bounded input like the rest of a log's header: a known variant, yes or no, once;
    beside `map:` (which names the variants itself) it is refused too."""
    runner = CliRunner()
    assert runner.invoke(main, ["cats", "map", "--players", "2", "--seed", "1", "-o",
                                str(tmp_path / "map.json")]).exit_code == 0
    log = tmp_path / "game.txt"
    assert runner.invoke(main, ["cats", "play", "--map", str(tmp_path / "map.json"), "--jinja", "--seed", "1",
                                "-o", str(log)]).exit_code == 0
    lines = log.read_text().splitlines()
    k = next(i for i, text in enumerate(lines) if text.startswith("rules: "))
    assert lines[k] == "rules: jinja=yes sewer-poppers=no"
    lines[k] = line
    log.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["cats", "play", "--replay", str(log)])
    assert result.exit_code == 2 and f"line {k + 1}" in result.output and says in result.output, result.output
    assert "Traceback" not in result.output
    # A generated map's log names the variants on its `map:` line; a `rules:` line there is refused.
    generated = tmp_path / "generated.txt"
    assert runner.invoke(main, ["cats", "play", "--players", "2", "--seed", "1", "-o", str(generated)]).exit_code == 0
    text = generated.read_text().replace("map-check:", "rules: jinja=yes\nmap-check:", 1)
    generated.write_text(text)
    result = runner.invoke(main, ["cats", "play", "--replay", str(generated)])
    assert result.exit_code == 2 and "'rules:' goes with 'map-file:'" in result.output, result.output
