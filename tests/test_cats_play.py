"""Cats played: random and greedy games on generated maps of every player count and variant checked move by move
by tests/cats_legality.py (written from the rule text, apart from the engine); logs that replay; `cats play` and
`cats balance` as a user runs them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.games.cats import engine, playtest
from washigen.games.cats.bots import BOTS, GreedyBot
from washigen.games.cats.gamelog import read_log, replay, write_log
from washigen.games.cats.generate import generate_map
from washigen.games.cats.setup import generate_setup
from washigen.arena import RandomBot, game_seed, play_match

from .cats_legality import check, legal_names
from .readback import page_boxes_mm, pdf_pages

KINDS = {
    "2p": dict(players=2), "3p": dict(players=3), "4p": dict(players=4), "5p": dict(players=5),
    "6p": dict(players=6), "2v2": dict(players=4, coop=True), "2v2v2": dict(players=6, coop=True),
    "long": dict(long=1, forests=6), "cut-up": dict(cut_up=True, budget=0), "jinja": dict(jinja=True, forests=3),
    "poppers-2p": dict(sewer_poppers=True), "poppers-4p": dict(players=4, sewer_poppers=True),
}


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_random_and_greedy_games_make_only_legal_moves_and_end_properly(kind):
    design = generate_map(seed=11, **KINDS[kind])
    setup = generate_setup(design, seed=2)
    rng = random.Random(kind)
    for bot in (RandomBot, GreedyBot):
        state = engine.initial_state(design, setup, first=rng.randrange(design.players))
        match, states = play_match(engine, state, [bot()] * design.players, rng.randrange(1 << 30),
                                   playtest.turn_limit(design), keep_states=True)
        for before, move, after in zip(states, match.moves, states[1:]):
            why = check(before, move, after, design)
            assert why is None, f"{kind}, {bot.name}: {move!r} after {len(states)} states: {why}"
        # the engine offers exactly the moves the rule text allows, on a few positions along the way
        for before in states[:: max(1, len(states) // 3)][:3]:
            if engine.result(before) is None:
                offered = {str(m) for m in engine.legal_moves(before)} - {"pass", "trapped"}
                assert offered == legal_names(before, design), kind
        final = match.final
        if match.cut_off:
            assert engine.result(final) is None and match.turns == playtest.turn_limit(design)
        else:
            result = engine.result(final)
            assert result.end in ("win", "trap") and result.winners
            if result.end == "win":
                team = final.game.team_of[result.winners[0]]
                assert all(c.home for c in final.cats if final.game.team_of[c.player] == team)
            else:
                assert sum(not out for out in final.out) == 1


@pytest.mark.parametrize("kind", ["2p", "2v2", "jinja", "poppers-4p"])
def test_a_game_log_replays_to_the_same_final_state(kind, tmp_path):
    design = generate_map(seed=5, **KINDS[kind])
    played = playtest.play_game(design, None, "greedy", 77, 1)
    path = tmp_path / "game.txt"
    path.write_text(write_log(design, None, played.setup, 1, "greedy", played.record, played.moves))
    log = read_log(path)
    assert log.design == design and log.setup.cats == played.setup.cats and log.first == 1
    final = replay(log, path)
    assert final == played.final
    assert engine.result(final) == played.final.winner


def test_a_seed_plays_the_same_game_again():
    design = generate_map(seed=4)
    one = playtest.play_game(design, None, "greedy", 123, 0)
    two = playtest.play_game(design, None, "greedy", 123, 0)
    other = playtest.play_game(design, None, "greedy", 124, 0)
    assert one.moves == two.moves and one.record == two.record
    assert other.moves != one.moves


def test_balance_counts_every_game_and_rotates_the_first_seat():
    design = generate_map(seed=6)
    result = playtest.map_balance(design, games=20, seed=1)
    assert result.games == 20
    wins = sum(s.wins for s in result.seats)
    assert wins + result.turn_limits == 20 and result.stalemates == 0     # Cats has no stalemate by its rules
    assert 0.0 <= result.score <= 0.5
    records = [playtest.play_one(design, None, "greedy", s, f) for s, f in ((1, 0), (1, 1))]
    assert {r.first for r in records} == {0, 1}


def test_the_greedy_bot_beats_the_random_bot():
    design = generate_map(seed=8)
    wins = sum(0 in playtest.play_game(design, None, "greedy,random", seed, seed % 2).record.winners
               for seed in range(20))
    assert wins >= 16, wins
    assert set(BOTS) == {"greedy", "random", "strong"}


def test_the_strong_bot_beats_the_greedy_bot_with_seats_rotated():
    design = generate_map(seed=1)
    won = lost = 0
    for game in range(6):
        strong = game // 2 % 2                     # seats and the first move rotated
        bots = ["greedy", "greedy"]
        bots[strong] = "strong:8"
        winners = playtest.play_game(design, None, ",".join(bots), game_seed(7, game), game % 2).record.winners
        won += strong in winners
        lost += bool(winners) and strong not in winners
    assert won >= 4 and lost <= 2, (won, lost)


# -- the play check ---------------------------------------------------------------------------------------------------

def test_the_play_check_passes_a_generated_map_and_reports_a_stalemate_with_its_seed(monkeypatch):
    design = generate_map(seed=9)
    assert playtest.play_check(design, 0).ok
    monkeypatch.setattr(playtest, "TURNS_PER_ROW", 1)          # no game finishes in 18 turns
    report = playtest.play_check(design, 0)
    assert [v.rule for v in report] == ["cats.play.stalemate"]
    stuck = report.errors[0].where["seed"]
    assert str(stuck) in report.errors[0].message
    assert playtest.play_one(design, None, "greedy", stuck, 0).end == "turn_limit"



@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_cut_off_and_a_game_with_every_player_trapped_are_not_called_a_win_or_a_stalemate(lang):
    """Cats has no stalemate in its rules: a game without a winner was cut off by the turn limit, or ended with
    every player trapped at once; the log and the drawing of the paper say which."""
    from washigen.arena import GameRecord
    from washigen.games.cats.draw_game import printed_outcome
    from washigen.games.cats.gamelog import outcome_text

    cut_off = GameRecord(seed=1, winners=(), turns=720, end="turn_limit")
    all_trapped = GameRecord(seed=1, winners=(), turns=41, end="trap")
    assert outcome_text(cut_off) == "turn limit reached: no winner after 720 turns"
    assert outcome_text(all_trapped) == "every player trapped: no winner after 41 turns"
    words = {"en": ("Turn limit reached", "Every player trapped"), "de": ("Zuglimit erreicht", "Alle in der Falle")}
    assert printed_outcome((), "turn_limit", 720, lang).startswith(words[lang][0])
    assert printed_outcome((), "trap", 41, lang).startswith(words[lang][1])
    assert "stalemate" not in printed_outcome((), "turn_limit", 720, lang).lower()

# -- the command line ----------------------------------------------------------------------------------------------------

def test_cats_play_prints_each_game_and_json_in_the_issues_shape():
    result = run("cats", "play", "--seed", 3, "--games", 3)
    assert result.exit_code == 0, result.output
    assert len([line for line in result.output.splitlines() if line.startswith("game ")]) == 3
    result = run("cats", "play", "--seed", 3, "--games", 2, "--json", "--players", 3)
    games = json.loads(result.output)
    assert len(games) == 2
    for game in games:
        assert set(game) == {"seed", "winner", "turns", "end", "special_moves_used"}
        assert game["end"] in ("win", "trap", "turn_limit")
        assert len(game["special_moves_used"]) == 3 and all(0 <= n for n in game["special_moves_used"])
        assert all(1 <= w <= 3 for w in game["winner"])


def test_cats_play_writes_a_log_that_replays_and_draws_the_finished_paper(tmp_path):
    log = tmp_path / "game.txt"
    result = run("cats", "play", "--seed", 4, "--jinja", "-o", log)
    assert result.exit_code == 0, result.output
    summary = next(line for line in result.output.splitlines() if line.startswith("game 1 "))
    outcome = summary.split(": ", 1)[1]
    text = log.read_text()
    assert "jinja=yes" in text and "moves:" in text
    pdf = tmp_path / "game.pdf"
    result = run("cats", "play", "--replay", log, "-o", pdf)
    assert result.exit_code == 0, result.output
    assert outcome in result.output
    design = generate_map(seed=4, jinja=True)
    page = pdf_pages(pdf)[0]
    x0, y0, x1, y1 = page_boxes_mm(page)["trimbox"]
    assert x1 - x0 == pytest.approx(design.grid.width * 50 / 10, abs=0.05)       # the map at real size
    assert y1 - y0 > (design.grid.height + 2) * 5                                 # and the tally under it
    assert "player 1" in page.extract_text()


def test_a_log_with_an_illegal_move_names_its_line(tmp_path):
    log = tmp_path / "game.txt"
    assert run("cats", "play", "--seed", 4, "-o", log).exit_code == 0
    lines = log.read_text().splitlines()
    at = lines.index("moves:") + 2
    lines[at] = "c1 jump N"
    log.write_text("\n".join(lines) + "\n")
    result = run("cats", "play", "--replay", log)
    assert result.exit_code == 2
    assert f"line {at + 1}" in result.output and "c1 jump N" in result.output


def test_bad_play_options_exit_2_with_a_message():
    result = run("cats", "play", "--bots", "clever", "--seed", 1)
    assert result.exit_code == 2 and "--bots" in result.output and "clever" in result.output
    result = run("cats", "play", "--bots", "greedy,random,random", "--seed", 1)
    assert result.exit_code == 2 and "3 bots named for 2 seats" in result.output
    result = run("cats", "balance", "--games", 0)
    assert result.exit_code == 2 and "--games" in result.output


def test_balance_gives_identical_json_for_one_and_two_jobs():
    one = run("cats", "balance", "--seed", 2, "--games", 24, "--jobs", 1, "--json")
    two = run("cats", "balance", "--seed", 2, "--games", 24, "--jobs", 2, "--json")
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    data = json.loads(one.output)
    assert {"games", "seats", "mean_turns", "trapped", "stalemates", "turn_limits", "score", "fair"} <= set(data)
    assert [set(s) for s in data["seats"]] == [{"seat", "wins", "win_rate", "low", "high"}] * 2
    assert sum(s["wins"] for s in data["seats"]) + data["turn_limits"] == 24 and data["stalemates"] == 0


def test_a_set_up_file_is_played_with_its_own_drawings(tmp_path):
    path = tmp_path / "setup.json"
    assert run("cats", "setup", "--seed", 5, "-o", path).exit_code == 0
    result = run("cats", "play", "--map", path, "--games", 2, "--json")
    assert result.exit_code == 0, result.output
    log = tmp_path / "log.txt"
    assert run("cats", "play", "--map", path, "-o", log).exit_code == 0
    from washigen.design import load
    setup = load(path)
    assert read_log(log).setup.cats == setup.cats


def test_sewer_poppers_are_stored_in_the_map_file(tmp_path):
    path = tmp_path / "map.json"
    assert run("cats", "map", "--sewer-poppers", "--seed", 12, "-o", path).exit_code == 0
    from washigen.design import load
    design = load(path)
    assert design.sewer_poppers and engine.rules_of(design).sewer_poppers
    assert Path(path).read_text().count('"sewer_poppers": true') == 1


def test_validate_play_reports_a_stalemate_with_its_seed(tmp_path, monkeypatch):
    path = tmp_path / "map.json"
    assert run("cats", "map", "--seed", 7, "-o", path).exit_code == 0
    result = run("validate", "--play", path)
    assert result.exit_code == 0, result.output
    monkeypatch.setattr(playtest, "TURNS_PER_ROW", 1)
    result = run("validate", "--play", "--json", path)
    assert result.exit_code == 1
    found = json.loads(result.output)
    rules = [v["rule"] for v in found["violations"]]
    assert rules == ["cats.play.stalemate"]
    assert str(found["violations"][0]["where"]["seed"]) in found["violations"][0]["message"]


def test_one_game_prints_its_moves_with_the_player_who_made_each(tmp_path):
    """What the studio steps through: every move of the logged game, in order, each named by the player to move."""
    log = tmp_path / "game.txt"
    result = run("cats", "play", "--players", 3, "--seed", 4, "-o", log)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line[:1].isdigit()]
    moves = [move for _, move in read_log(log).moves]
    assert [line.split(": ", 1)[1] for line in lines] == list(moves)
    assert [line.split(".", 1)[0] for line in lines] == [str(n) for n in range(1, len(moves) + 1)]
    players = [int(line.split("player ", 1)[1].split(":", 1)[0]) for line in lines]
    assert set(players) <= {1, 2, 3} and players[:3] == [1, 2, 3]      # player 1 first, then in seat order
    several = run("cats", "play", "--players", 3, "--seed", 4, "--games", 2)
    assert not any(line[:1].isdigit() for line in several.output.splitlines())


def test_a_design_of_another_game_is_named_by_its_game():
    """It said `not a cats map` of a Cops map (the kind alone was read)."""
    from washigen.errors import InputError
    from washigen.games.cats.playtest import map_of
    from washigen.games.cops.generate import generate_map as cops_map

    with pytest.raises(InputError, match=r"^design: only a cats map or set-up can be played, not a cops map$"):
        map_of(cops_map(2, 1, search=False))


@pytest.mark.parametrize("text", ["", "# only a comment\n\n", "\n \n"])
def test_a_log_with_no_game_in_it_says_so(tmp_path, text):
    empty = tmp_path / "empty.txt"
    empty.write_text(text)
    done = CliRunner().invoke(main, ["cats", "play", "--replay", str(empty)])
    assert done.exit_code == 2 and "empty.txt: no game in it" in done.output, done.output
    assert "'fish:' line" not in done.output          # a missing line of a log that is there
