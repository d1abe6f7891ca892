"""DESIGN 12, the command line's last bad-input cases of a fuzz: a Cats log without its result (or with it among the
moves), a game log's `bots:` line, a tape shorter than one piece, a profile whose template is a folder, runs that
would take past a minute of one core, and refusals that printed Python's words or no range. Each exits 2 with one
line naming what is wrong and where, before any work. In-process (CliRunner), so that each can be run against an
older checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from washigen.cli import main


def run(*args, env: dict | None = None, cwd: Path | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def refused(result, *says: str) -> str:
    """The one-line refusal (exit 2, no traceback), holding every piece of `says`."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for piece in says:
        assert piece in result.output, result.output
    return result.output


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("logs")
    for game in ("cats", "cops"):
        assert run(game, "play", "--seed", 3, "-o", folder / f"{game}.txt").exit_code == 0
    return {game: folder / f"{game}.txt" for game in ("cats", "cops")}


def edited(log: Path, tmp_path: Path, edit) -> Path:
    """A copy of the log, its lines passed through `edit` (a list in, a list out)."""
    lines = log.read_text(encoding="utf-8").split("\n")
    target = tmp_path / "game.txt"
    target.write_text("\n".join(edit(lines)), encoding="utf-8")
    return target


def number_of(path: Path, prefix: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), start=1) if line.startswith(prefix))


# -- 1. a Cats log says how its game ended ---------------------------------------------------------------------------

def test_a_cats_log_without_its_result_line_is_refused(logs, tmp_path):
    log = edited(logs["cats"], tmp_path, lambda lines: [line for line in lines if not line.startswith("result:")])
    refused(run("cats", "play", "--replay", log), f"{log}: the log has no 'result:' line", "no result after N moves")


def test_a_result_line_moved_among_the_moves_is_named_as_a_header_line(logs, tmp_path):
    def below_last_move(lines):
        result = next(line for line in lines if line.startswith("result:"))
        kept = [line for line in lines if line != result]
        last = max(n for n, line in enumerate(kept) if line and not line.startswith("#"))
        return kept[:last] + [result] + kept[last:]                  # before the last move
    log = edited(logs["cats"], tmp_path, below_last_move)
    number = number_of(log, "result:")
    refused(run("cats", "play", "--replay", log), f"line {number}: a 'result:' line among the moves",
            "the header comes before 'moves:'")


def test_a_cats_log_cut_short_or_with_two_results_is_still_refused_by_line(logs, tmp_path):
    cut = edited(logs["cats"], tmp_path, lambda lines: lines[:lines.index("moves:") + 11])
    refused(run("cats", "play", "--replay", cut), f"line {number_of(cut, 'result:')}: the log's result is",
            "no result after 10 moves")
    twice = edited(logs["cats"], tmp_path, lambda lines: [x for line in lines
                                                          for x in ([line] * (2 if line.startswith("result:") else 1))])
    refused(run("cats", "play", "--replay", twice), f"line {number_of(twice, 'result:') + 1}: a second 'result:' line")


def test_a_game_cut_short_that_says_so_replays(logs, tmp_path):
    def cut(lines):
        lines = lines[:lines.index("moves:") + 11]
        return [("result: no result after 10 moves" if line.startswith("result:") else line) for line in lines]
    result = run("cats", "play", "--replay", edited(logs["cats"], tmp_path, cut))
    assert result.exit_code == 0, result.output
    assert "10 moves replayed" in result.output


# -- 2. the bots a log names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, bots, says", [
    ("cats", "x", "bots: unknown bot 'x'; known bots: greedy, random, strong"),
    ("cats", "strong:0", "bots: 'strong:0': strength must be a whole number 1..10000"),
    ("cats", "strong:99999", "bots: 'strong:99999': strength must be a whole number 1..10000"),
    ("cats", "greedy,greedy,greedy", "bots: 3 bots named for 2 seats"),
    ("cats", "greedy:3", "bots: 'greedy:3': the greedy bot takes no strength"),
    ("cats", "", "bots: empty bot name"),
    ("cops", "nan", "bots: unknown bot 'nan'"),
    ("cops", "1.5", "bots: unknown bot '1.5'"),
    ("cops", "strong:10001", "bots: 'strong:10001': strength must be a whole number 1..10000"),
    ("cops", "greedy,random,random", "bots: 3 bots named for 2 seats"),
])
def test_the_bots_line_of_a_log_is_checked_by_its_line(logs, tmp_path, game, bots, says):
    key = "# bots:" if game == "cops" else "bots:"
    log = edited(logs[game], tmp_path, lambda lines: [f"{key} {bots}" if line.startswith(key) else line
                                                      for line in lines])
    refused(run(game, "play", "--replay", log), f"{log}, line {number_of(log, key)}: {says}")


@pytest.mark.parametrize("game, bots", [("cats", "strong:400"), ("cats", "GREEDY , random"), ("cops", "strong,greedy")])
def test_a_bots_line_the_game_knows_replays(logs, tmp_path, game, bots):
    key = "# bots:" if game == "cops" else "bots:"
    log = edited(logs[game], tmp_path, lambda lines: [f"{key} {bots}" if line.startswith(key) else line
                                                      for line in lines])
    assert run(game, "play", "--replay", log).exit_code == 0


# -- 3. a tape holds at least one piece -----------------------------------------------------------------------------

@pytest.mark.parametrize("args, says", [
    (["cats", "tape", "--length", "1mm"], "--length: 1 mm is shorter than one segment and the forest section after "
                                          "it; the least length that holds one is 160 mm"),
    (["cats", "tape", "--length", "159mm", "-o", "t.json"], "--length: 159 mm is shorter"),
    (["cats", "tape", "--tape-width", "15mm", "--length", "40mm"], "the least length that holds one is 48 mm"),
    (["cops", "tape", "--length", "1mm"], "--length: 1 mm is shorter than one segment; the least length that holds "
                                          "one is 180 mm"),
])
def test_a_tape_shorter_than_one_piece_is_refused(tmp_path, monkeypatch, args, says):
    monkeypatch.chdir(tmp_path)
    if "-o" not in args:
        args = [*args, "-o", "t.svg"]
    refused(run(*args, "--seed", 1), says)
    assert not list(tmp_path.iterdir())


def test_a_tape_one_piece_long_is_printed(tmp_path):
    assert run("cats", "tape", "--length", "160mm", "--seed", 1, "-o", tmp_path / "t.svg").exit_code == 0
    assert run("cops", "tape", "--length", "180mm", "--seed", 1, "-o", tmp_path / "c.svg").exit_code == 0


# -- 4. a profile's template -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, option", [("default", []), ("shop", ["--profile", "shop"])])
def test_a_profile_whose_template_is_a_folder_is_refused_naming_profile_and_path(tmp_path, name, option):
    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.toml").write_text(f'[{name}]\ntemplate = "{tmp_path}"\ndpi = 100\n')
    result = run("cat-tree", "deck", *option, "-o", tmp_path / "deck.pdf", env={"WASHIGEN_CONFIG_DIR": str(config)})
    refused(result, f"profile {name}: template {tmp_path} is a folder, not a template file")
    assert not (tmp_path / "deck.pdf").exists()


def test_a_profile_whose_template_is_gone_names_the_profile_not_an_option_never_given(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.toml").write_text('[default]\ntemplate = "/no/such/template.toml"\n')
    result = run("cat-tree", "deck", "-o", tmp_path / "deck.pdf", env={"WASHIGEN_CONFIG_DIR": str(config)})
    said = refused(result, "error: profile default: template /no/such/template.toml: no such file")
    assert not said.startswith("error: --template")


# -- 5. what is accepted ends within a minute of one core -----------------------------------------------------------

MINUTE = "past the minute a run may take"
STRONG = "past the 30 minutes a run with a strong bot may take"


@pytest.mark.parametrize("args, says, past", [
    (["cats", "balance", "--games", 100000], "--games 100000: about 16 minutes of one core's work, past the minute "
                                             "a run may take; at most 6,600 games fit", MINUTE),
    (["cats", "play", "--games", 100000], "at most 6,600 games fit", MINUTE),
    (["cats", "play", "--bots", "strong:10000"], "--games 1 --bots strong:10000: about", STRONG),
    (["cats", "balance", "--bots", "strong", "--games", 300], "--games 300 --bots strong: about", STRONG),
    (["cops", "balance", "--games", 100000], "--games 100000: about 2 minutes", MINUTE),
    (["cops", "balance", "--bots", "strong:10000"], "--games 200 --bots strong:10000: about", STRONG),
    (["cat-tree", "balance", "--games", 100000], "at most 3,360 games fit", MINUTE),
    (["cat-tree", "balance", "--bots", "strong:200", "--against", "greedy", "--games", 100],
     "--games 100 --bots strong:200: about", STRONG),
    (["cat-tree", "balance", "--bots", "strong:10000"], "--games 200 --bots strong:10000: about", STRONG),
    (["cat-tree", "balance", "--bots", "strong:8000", "--games", 40], "at most 1 game fits", STRONG),
    (["trail-route", "play", "--bots", "strong:10000"], "--bots strong:10000: about", STRONG),
    (["cats", "variants", "--count", 10000, "-o", "v"], "--count 10000 --games 200 --budget 2: about", MINUTE),
    (["cats", "variants", "--count", 10000, "--games", 0, "-o", "v"], "at most 869 maps fit", MINUTE),
    (["cats", "variants", "--count", 1, "--tries", 100000, "--games", 0, "-o", "v"], "try fewer --tries", MINUTE),
    (["sweep", "cats", "--seeds", "1-2", "--games", 100000, "-o", "s.jsonl"], "--games 100000: about", MINUTE),
])
def test_a_run_past_its_allowance_of_one_core_is_refused_up_front(tmp_path, monkeypatch, args, says, past):
    """A minute; a run with a strong seat 30 minutes (DESIGN 9: a strong balance takes minutes, not hours)."""
    monkeypatch.chdir(tmp_path)
    said = refused(run(*args, "--seed", 1), says, past)
    assert len(said.strip().split("\n")) == 1
    assert not list(tmp_path.iterdir())                   # refused before anything was played or written


def test_the_default_strong_balance_on_the_2_player_map_is_allowed_and_300_games_are_not():
    """`cats balance --bots strong` (200 strong games, with the same games between greedy bots for the agreement;
    DESIGN 9: minutes, not hours) passes the estimate; half as many again do not."""
    from washigen.arena.balance import refuse_long_run
    from washigen.errors import InputError
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.rates import run_cost

    cost = run_cost(generate_map(seed=1))
    refuse_long_run(200, cost, "strong", "--games 200 --bots strong", "greedy")
    with pytest.raises(InputError, match="past the 30 minutes"):
        refuse_long_run(300, cost, "strong", "--games 300 --bots strong", "greedy")


def test_the_most_that_fits_is_accepted(tmp_path):
    """The estimate's largest is within the allowance on a 2-player map: the refusal's numbers are the ones taken."""
    said = refused(run("cats", "play", "--bots", "strong:10000", "--seed", 1), "strongest bot that fits is")
    strongest = int(re.search(r"strong:(\d+)\s*$", said.strip()).group(1))
    from washigen.arena.balance import STRONG_RUN_SECONDS
    from washigen.games.cats.generate import generate_map
    from washigen.games.cats.rates import run_cost

    cost = run_cost(generate_map(seed=1))
    assert cost.seconds(f"strong:{strongest}") <= STRONG_RUN_SECONDS < cost.seconds(f"strong:{strongest + 1}")


# -- 6. messages say the range, in the user's words -----------------------------------------------------------------

@pytest.mark.parametrize("args, says", [
    (["cats", "map", "--tape-width", "0"], "must be from 10mm to 120mm, got '0'"),
    (["cats", "map", "--tape-width", "-5mm"], "must be from 10mm to 120mm, got '-5mm'"),
    (["cats", "map", "--bleed", "-1mm"], "must be from 0 to 20mm, got '-1mm'"),
    (["cat-tree", "deck", "--gutter", "-1"], "must be from 0 to 30mm, got '-1'"),
    (["cats", "tape", "--length", "0"], "must be more than 0 and at most 1000m, got '0'"),
    (["cats", "variants", "--budget", "nan"], "take 0 to 600"),
])
def test_a_refused_number_is_told_its_range(tmp_path, args, says):
    refused(run(*args, "-o", tmp_path / "out.json"), says)


@pytest.mark.parametrize("line, says", [
    ("paper = true", "default.paper: must be one of a3, a4, a5, legal, letter, tabloid, got true"),
    ("dpi = false", "default.dpi: must be a whole number 30..2400, got false"),
    ("duplex = [1, 2]", "got [1, 2]"),
    ("bleed = \"25mm\"", "got '25mm'"),
])
def test_a_profile_value_is_quoted_as_the_file_writes_it(tmp_path, line, says):
    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.toml").write_text(f"[default]\n{line}\n")
    said = refused(run("profile", "show", env={"WASHIGEN_CONFIG_DIR": str(config)}), says)
    assert not re.search(r"\b(True|False|None)\b", said)
