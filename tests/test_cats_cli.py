"""`washigen cats ...` as a user runs it: outputs by extension, exit codes 0, 1 and 2, messages that name the
field or line, the variants search."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from cats_maps import valid_map, with_rows  # noqa: E402
from washigen.cli import main  # noqa: E402
from washigen.design import dumps, load, to_dict  # noqa: E402
from washigen.games.cats.text import from_text, to_text  # noqa: E402


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_the_demo_commands_work(tmp_path):
    for name, extra in (("cats-map.pdf", ()), ("cats-map.json", ()), ("cats-map-a4.pdf", ("--paper", "a4"))):
        result = run("cats", "map", "--players", 2, "--seed", 1, *extra, "-o", tmp_path / name)
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000
    design = load(tmp_path / "cats-map.json")
    assert design.seed == 1 and design.players == 2


@pytest.mark.parametrize("suffix", [".svg", ".png", ".txt"])
def test_every_format_follows_the_extension(suffix, tmp_path):
    out = tmp_path / f"map{suffix}"
    assert run("cats", "map", "--seed", 3, "--dpi", 60, "-o", out).exit_code == 0
    head = out.read_bytes()[:64]
    expected = {".svg": b"<?xml", ".png": b"\x89PNG", ".txt": b"# Tokyo Washi Game Cats"}[suffix]
    assert head.startswith(expected)
    if suffix == ".txt":
        assert from_text(out.read_text(encoding="utf-8")).seed == 3


def test_without_a_seed_one_is_chosen_and_told(tmp_path):
    result = CliRunner().invoke(main, ["cats", "map", "-o", str(tmp_path / "m.json")])
    assert result.exit_code == 0
    told = int(result.output.split("seed: ")[1].split()[0])
    assert load(tmp_path / "m.json").seed == told


@pytest.mark.parametrize("args, message", [
    (("--players", 9), "--players"),
    (("--players", 3, "--coop"), "team play"),
    (("--variant", 4), "--cut-up"),
    (("--tape-width", "wide"), "--tape-width"),
    (("--segment-rows", 2), "--segment-rows"),
    (("--players", 5, "--segment-cols", 18), "segment-cols"),
    (("--segment-cols", 12), "--segment-cols"),
])
def test_bad_parameters_exit_2_naming_them(args, message, tmp_path):
    result = run("cats", "map", *args, "-o", tmp_path / "map.pdf")
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "map.pdf").exists()


def _write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


@pytest.mark.parametrize("edit, path", [
    (lambda d: d["grid"]["sewers"][0].update(colour="purple"), "grid.sewers[0].colour"),
    (lambda d: d["grid"]["rows"].__setitem__(3, "." * 17), "grid.rows[3]"),
    (lambda d: d["grid"]["rows"].__setitem__(2, "...Q" + "." * 14), "grid.rows[2]"),
    (lambda d: d["grid"]["sewers"][1].update(row=30), "grid.sewers[1]"),
    (lambda d: d.update(players=1), "players"),
])
def test_a_design_file_that_cannot_be_read_exits_2_naming_the_field(edit, path, tmp_path):
    data = to_dict(valid_map())
    edit(data)
    file = _write(tmp_path, "map.json", data)
    for command in (("validate", file), ("render", file, "-o", tmp_path / "out.pdf")):
        result = run(*command)
        assert result.exit_code == 2, (command, result.output)
        assert path in result.output
    assert not (tmp_path / "out.pdf").exists()


def test_a_design_that_breaks_a_rule_exits_1_with_the_report(tmp_path):
    broken = with_rows(valid_map(), r7="JJJJJJJJJJJJJJJJJJ")
    file = tmp_path / "broken.json"
    file.write_text(dumps(broken), encoding="utf-8")
    result = run("validate", file)
    assert result.exit_code == 1
    assert "cats.reach.home-to-home at cell (8, 1)" in result.output
    result = run("render", file, "-o", tmp_path / "broken.pdf")
    assert result.exit_code == 1 and (tmp_path / "broken.pdf").exists()
    as_json = run("validate", file, "--json")
    report = json.loads(as_json.output)
    assert report["valid"] is False and {"cell": [8, 1]} in [v["where"] for v in report["violations"]]


def test_text_maps_are_checked_and_printed_like_json(tmp_path):
    good = _write(tmp_path, "good.txt", to_text(valid_map()))
    assert run("validate", good).exit_code == 0
    result = run("render", good, "-o", tmp_path / "good.pdf")
    assert result.exit_code == 0 and (tmp_path / "good.pdf").exists()
    broken = _write(tmp_path, "broken.txt", to_text(with_rows(valid_map(), r7="JJJJJJJJJJJJJJJJJJ")))
    assert run("validate", broken).exit_code == 1
    unreadable = _write(tmp_path, "bad.txt", to_text(valid_map()).replace("  4  . . . b", "  4  . . . X"))
    result = run("validate", unreadable)
    assert result.exit_code == 2 and "bad.txt, line" in result.output and "unknown cell kind 'X'" in result.output


def test_variants_writes_the_fairest_first(tmp_path):
    folder = tmp_path / "variants"
    result = run("cats", "variants", "--count", 3, "--seed", 2, "--tries", 40, "--games", 20, "--format", "json,txt",
                 "-o", folder)
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("cats-variant-*.json"))
    assert [f.name for f in files] == ["cats-variant-01.json", "cats-variant-02.json", "cats-variant-03.json"]
    assert len(list(folder.glob("*.txt"))) == 3
    designs = [load(f) for f in files]
    balances = [d.balance for d in designs]
    ranks = [(not d.play_fair, d.play_score, d.balance) for d in designs]    # fair first, by play, then route gap
    assert ranks == sorted(ranks) and all(d.play_score is not None and d.play_games == 20 for d in designs)
    assert all(d.cut_up and d.variant for d in designs)
    lines = result.output.splitlines()
    table = [line for line in lines if line.strip().split(" ")[0] in ("1", "2", "3")]
    assert len(table) == 3 and f"{balances[0]:.2f}" in table[0]
    again = run("cats", "map", "--cut-up", "--seed", 2, "--variant", designs[0].variant, "-o", tmp_path / "v.json")
    assert again.exit_code == 0
    assert load(tmp_path / "v.json").grid == designs[0].grid


def test_variants_refuses_an_unknown_format(tmp_path):
    result = run("cats", "variants", "--count", 2, "--format", "gif", "-o", tmp_path / "v")
    assert result.exit_code == 2 and "--format" in result.output


@pytest.mark.parametrize("formats", ["json,,pdf", "json,", ",", " , json"])
def test_variants_refuses_an_empty_format_in_the_list(tmp_path, formats):
    """--format '' was refused, and json,,pdf taken as json,pdf: an empty item is a slip either way."""
    result = run("cats", "variants", "--count", 1, "--games", 0, "--seed", 1, "--format", formats, "-o",
                 tmp_path / "v")
    assert result.exit_code == 2 and f"--format: an empty item in {formats!r}" in result.output, result.output
    assert not (tmp_path / "v").exists()


def test_games_lists_the_cats_parameters():
    result = run("games")
    assert result.exit_code == 0
    text = result.output
    assert "cats (also: tokyo-washi-cats, washi-cats): Tokyo Washi Game Cats" in text
    assert "--players 2..6 (default 2)" in text
    assert "--segment-rows 4..15 (default 9)" in text
    listing = json.loads(run("games", "--json").output)
    cats = next(g for g in listing if g["name"] == "cats")
    assert {c["name"] for c in cats["components"]} >= {"map", "tape", "sheet", "variants"}


def test_setup_draws_a_legal_setup(tmp_path):
    out = tmp_path / "setup.json"
    result = run("cats", "setup", "--players", 4, "--coop", "--seed", 5, "-o", out)
    assert result.exit_code == 0, result.output
    assert run("validate", out).exit_code == 0
    design = load(out)
    assert len(design.cats) == 4 and len(design.fish) == 8


def test_an_output_in_a_missing_folder_exits_2(tmp_path):
    result = run("cats", "map", "--seed", 1, "-o", tmp_path / "nowhere" / "map.pdf")
    assert result.exit_code == 2 and "does not exist" in result.output
