"""`washigen cops play`, `cops balance` and `validate --play`: JSON shapes, logs that replay, refusals with exit 2,
and the map drawn after a game read back at real size."""

import json

import pytest
from pypdf import PdfReader

from washigen.design import save
from washigen.games.cops import engine
from washigen.games.cops.generate import generate_map
from washigen.games.cops.rules import validate
from washigen.units import MM_PER_UNIT

from .test_cops_cli import refused, run


def test_play_json_gives_every_game_and_squads_take_turns_at_starting():
    result = run("cops", "play", "--players", 3, "--seed", 4, "--games", 6, "--json")
    assert result.exit_code == 0, result.output
    games = json.loads(result.output)
    assert len(games) == 6 and len({game["seed"] for game in games}) == 6
    for game in games:
        assert set(game) == {"seed", "winner", "turns", "end", "ramen_used"}
        assert game["end"] in ("win", "stalemate", "turn_limit")
        assert (game["winner"] is None) == (game["end"] != "win")
        assert len(game["ramen_used"]) == 3 and all(0 <= n <= 2 for n in game["ramen_used"])
    again = run("cops", "play", "--players", 3, "--seed", 4, "--games", 6, "--json", "--jobs", 2)
    assert json.loads(again.output) == games


def test_a_log_replays_to_the_game_that_was_played(tmp_path):
    log = tmp_path / "game.txt"
    played = run("cops", "play", "--players", 2, "--seed", 9, "--bots", "greedy,random", "-o", log)
    assert played.exit_code == 0, played.output
    lines = log.read_text().splitlines()
    assert lines[0].startswith("# Tokyo Washi Game Cops game log") and "# seed: 9" in lines
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.split("(seed")[1] == played.output.split("(seed")[1].split("wrote")[0]
    moves = [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]
    outcome = engine.result(_replayed(generate_map(2, 9), moves))
    if outcome is not None and outcome.winners:
        assert f"squad {outcome.winners[0] + 1} solves two crimes after {len(moves)} moves" in played.output
    else:
        assert f"(stalemate) after {len(moves)} moves" in played.output


def _replayed(design, moves):
    state = engine.initial_state(design)
    for text in moves:
        state = engine.apply(state, engine.parse_move(text, state))
    return state


def test_a_doctored_log_is_refused_by_its_line(tmp_path):
    log = tmp_path / "game.txt"
    run("cops", "play", "--players", 2, "--seed", 9, "-o", log)
    lines = log.read_text().splitlines()
    first_move = next(k for k, line in enumerate(lines) if not line.startswith("#"))
    lines[first_move + 2] = "1a>1a"
    log.write_text("\n".join(lines) + "\n")
    refused(run("cops", "play", "--replay", log), f"line {first_move + 3}", "'1a>1a'")
    lines[first_move + 2] = "warp 9q"
    log.write_text("\n".join(lines) + "\n")
    refused(run("cops", "play", "--replay", log), f"line {first_move + 3}", "not a Cops move")
    refused(run("cops", "play", "--replay", tmp_path / "missing.txt"), "missing.txt")
    without = tmp_path / "no-seed.txt"                # no map named: any map would do and a move took the blame
    without.write_text("\n".join(line for line in lines if not line.startswith("# seed:")) + "\n")
    refused(run("cops", "play", "--replay", without), "no-seed.txt: no '# seed:' line, so no map to replay")


def test_a_log_with_no_game_is_refused_and_one_cut_short_is_said_unfinished(tmp_path):
    """An empty log (or comments alone) read as a stalemate after 0 moves; a log cut short before the game ends
    read as a stalemate too, which it is not: no squad passed."""
    empty = tmp_path / "empty.txt"
    for text in ("", "# only a comment\n\n"):
        empty.write_text(text)
        refused(run("cops", "play", "--replay", empty), "empty.txt", "no game in it")
    log = tmp_path / "game.txt"
    assert run("cops", "play", "--players", 2, "--seed", 9, "-o", log).exit_code == 0
    lines = log.read_text().splitlines()
    first_move = next(k for k, line in enumerate(lines) if not line.startswith("#"))
    cut = tmp_path / "cut.txt"
    # without its result line (a log written by hand, or before logs stated it): a log that states it is refused
    # cut short (tests/test_cops_log_map.py)
    cut.write_text("\n".join(line for line in lines[:first_move + 3] if not line.startswith("# result:")) + "\n")
    replayed = run("cops", "play", "--replay", cut)
    assert replayed.exit_code == 0, replayed.output
    assert "unfinished (the log stops before the game ends) after 3 moves" in replayed.output
    assert "stalemate" not in replayed.output
    assert json.loads(run("cops", "play", "--replay", cut, "--json").output)[0]["end"] == "unfinished"


def test_bad_options_exit_2_naming_them(tmp_path):
    refused(run("cops", "play", "--bots", "clever", "--seed", 1), "--bots", "clever")
    refused(run("cops", "play", "--bots", "greedy,random,random", "--seed", 1), "--bots", "3 bots")
    refused(run("cops", "play", "--games", 0, "--seed", 1), "--games")
    refused(run("cops", "balance", "--jobs", 0, "--seed", 1), "--jobs")
    sheet = tmp_path / "sheet.json"
    run("cops", "sheet", "-o", sheet)
    refused(run("cops", "play", "--map", sheet), "not a Cops map")


def test_balance_json_has_the_play_protocol_shape_and_jobs_change_nothing(tmp_path):
    design = tmp_path / "map.json"
    save(generate_map(4, 2), design)
    result = run("cops", "balance", "--map", design, "--games", 40, "--seed", 1, "--json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert set(body) == {"games", "seats", "mean_turns", "trapped", "stalemates", "turn_limits", "score", "fair",
                         "ends", "turns_sd", "decisiveness", "first_mover_edge", "lead_changes"}
    assert body["games"] == 40 and [seat["seat"] for seat in body["seats"]] == [1, 2, 3, 4]
    unfinished = body["stalemates"] + body["turn_limits"]
    assert sum(seat["wins"] for seat in body["seats"]) == 40 - unfinished
    assert body["ends"] == {"win": 40 - unfinished, "trap": 0, "stalemate": body["stalemates"],
                            "turn_limit": body["turn_limits"]}
    assert body["decisiveness"] == pytest.approx((40 - unfinished) / 40, abs=1e-4)
    assert body["score"] == pytest.approx(max(abs(seat["win_rate"] - 0.25) for seat in body["seats"]), abs=1e-3)
    parallel = run("cops", "balance", "--map", design, "--games", 40, "--seed", 1, "--json", "--jobs", 2)
    assert json.loads(parallel.output) == body


def test_validate_play_passes_a_generated_map(tmp_path):
    design = tmp_path / "map.json"
    save(generate_map(3, 1), design)
    result = run("validate", design, "--play")
    assert result.exit_code == 0, result.output


def test_the_game_drawing_is_the_map_at_real_size(tmp_path):
    design = generate_map(2, 9)
    out = tmp_path / "game.pdf"
    result = run("cops", "play", "--players", 2, "--seed", 9, "-o", out)
    assert result.exit_code == 0, result.output
    page = PdfReader(out).pages[0]
    trim = page.trimbox
    width = (float(trim.right) - float(trim.left)) * MM_PER_UNIT["pt"]
    height = (float(trim.top) - float(trim.bottom)) * MM_PER_UNIT["pt"]
    assert width == pytest.approx(2 * design.segment_length, abs=0.05)
    # the map's tape width, then the strip saying how the game ended, a row of the key per row of squads
    assert design.tape_width + 10 < height < design.tape_width + 25
    svg = tmp_path / "game.svg"
    run("cops", "play", "--players", 2, "--seed", 9, "-o", svg)
    text = svg.read_text()
    assert "#d62728" in text and "#1f4fd6" in text        # both squads' colours are on the map
    assert validate(design).ok


def test_validate_play_reports_a_stalemate_with_the_seed_of_the_failing_game(tmp_path, monkeypatch):
    from washigen.games.cops import playtest
    from washigen.arena import game_seed

    design = tmp_path / "map.json"
    save(generate_map(2, 3), design)
    monkeypatch.setattr(playtest, "turn_limit", lambda design: 4)        # no game can be won in four moves
    result = run("validate", design, "--play", "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    violation = next(v for v in report["violations"] if v["rule"] == "cops.play.stalemate")
    assert violation["where"]["seed"] == game_seed(0, 0) and violation["where"]["first"] == 1   # --seed 0, game 1
    assert f"seed {game_seed(0, 0)}" in violation["message"] and "turn limit" in violation["message"]


def test_one_game_prints_its_moves_squad_by_squad_before_its_result():
    result = run("cops", "play", "--players", 3, "--seed", 5)
    assert result.exit_code == 0, result.output
    *moves, last = result.output.strip().splitlines()
    turns = int(last.split(" after ")[1].split()[0])
    assert len(moves) == turns and moves[0].startswith("squad 1: start ")
    assert [line.split(":")[0] for line in moves[:4]] == ["squad 1", "squad 2", "squad 3", "squad 1"]


def test_a_strong_bot_plays_and_its_log_replays(tmp_path):
    log = tmp_path / "strong.txt"
    played = run("cops", "play", "--players", 2, "--seed", 4, "--bots", "strong:8,greedy", "-o", log)
    assert played.exit_code == 0, played.output
    assert "# bots: strong:8,greedy" in log.read_text()
    replayed = run("cops", "play", "--replay", log)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.split("(seed")[1] == played.output.split("(seed")[1].split("wrote")[0]
    refused(run("cops", "play", "--bots", "greedy:8", "--seed", 1), "--bots", "takes no strength")
    refused(run("cops", "play", "--bots", "strong:0", "--seed", 1), "--bots")


def test_balance_between_strong_squads(tmp_path):
    result = run("cops", "balance", "--players", 2, "--seed", 3, "--bots", "strong:8", "--games", 6, "--json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["games"] == 6
    assert sum(seat["wins"] for seat in body["seats"]) == 6 - body["stalemates"] - body["turn_limits"]
    again = run("cops", "balance", "--players", 2, "--seed", 3, "--bots", "strong:8", "--games", 6, "--json",
                "--jobs", 2)
    assert json.loads(again.output) == body
    refused(run("cops", "balance", "--bots", "greedy:8", "--seed", 1), "--bots", "takes no strength")


def test_a_strong_balance_says_how_far_greedy_play_agrees():
    strong = run("cops", "balance", "--players", 2, "--seed", 4, "--bots", "strong:4", "--games", 8, "--json")
    assert strong.exit_code == 0, strong.output
    body = json.loads(strong.output)
    greedy = json.loads(run("cops", "balance", "--players", 2, "--seed", 4, "--games", 8, "--json").output)
    agreement = body["agreement"]
    assert agreement["greedy"] == greedy                      # the same games, played by greedy squads
    assert agreement["same_verdict"] == (greedy["fair"] == body["fair"])
    assert agreement["score_gap"] == pytest.approx(abs(greedy["score"] - body["score"]), abs=1e-4)
    gaps = [seat["gap"] for seat in agreement["seat_gaps"]]
    assert gaps == pytest.approx([s["win_rate"] - g["win_rate"] for s, g in zip(body["seats"], greedy["seats"])],
                                 abs=1e-4)
    plain = json.loads(run("cops", "balance", "--players", 2, "--seed", 4, "--bots", "strong:4,greedy",
                           "--games", 8, "--json").output)
    assert "agreement" not in plain                           # mixed seats: no greedy twin to compare with


def test_a_stalemate_by_the_rules_and_a_game_cut_off_by_the_turn_limit_are_told_apart(monkeypatch):
    """DESIGN 9 counts four endings: every squad passing in a row is a stalemate (the rules end the game); the
    bots' turn limit cutting a game off before that is not one."""
    from washigen.arena import balance
    from washigen.games.cops import playtest

    design = generate_map(3, 1)
    stalemate = playtest.play_record(design, "random", 8, 2)      # the golden log cops-3p-random: all squads stuck
    assert (stalemate.end, stalemate.winners) == ("stalemate", ())
    won = playtest.play_record(design, "greedy", 8, 2)
    assert won.end == "win" and len(won.winners) == 1
    monkeypatch.setattr(playtest, "turn_limit", lambda design: 20)
    cut_off = playtest.play_record(design, "random", 8, 2)
    assert (cut_off.end, cut_off.winners, cut_off.turns) == ("turn_limit", (), 20)
    counted = balance([stalemate, won, cut_off], 3)
    assert (counted.won, counted.stalemates, counted.turn_limits) == (1, 1, 1)
    assert "the turn limit cut the game off" in playtest.game_line(0, cut_off)
    assert "(stalemate)" in playtest.game_line(0, stalemate)
