"""The command line: exit codes 0/1/2, messages that name what is wrong, no traceback, no half-written file."""

import dataclasses
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from washigen import __version__
from washigen.cli import main
from washigen.games import registry as games
from washigen.design import dumps
from washigen.press import Document
from washigen.scene import Scene, Style, Text

from .readback import page_size_mm, pdf_pages, png_info
from .sample_game import SAMPLE, Board, Token, registered


@pytest.fixture(autouse=True, scope="module")
def sample_game():
    with registered() as game:
        yield game


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def write_board(path, **changes):
    values = dict(seed=1, tokens=(Token(row=2, col=3, colour="red"),))
    values.update(changes)
    path.write_text(dumps(Board(**values)))
    return path


def no_traceback(result):
    assert "Traceback" not in result.output


def test_version_and_games_listing():
    assert run("--version").output.strip() == f"washigen, version {__version__}"
    listing = run("games")
    assert listing.exit_code == 0 and "loader-sample: A sample board" in listing.output
    assert "--players 2..6 (default 2)" in listing.output
    as_json = json.loads(run("games", "--json").output)
    sample = next(g for g in as_json if g["name"] == "loader-sample")
    assert sample["components"][0]["params"][0] == {"name": "players", "flag": "--players", "kind": "int",
                                                    "default": 2, "min": 2,
                                                    "max": 6, "choices": [], "help": ""}


def test_validate_exit_codes_for_valid_broken_and_unreadable_files(tmp_path):
    good = write_board(tmp_path / "good.json")
    broken = write_board(tmp_path / "broken.json", tokens=(Token(row=1, col=1, colour="blue"),))
    unreadable = tmp_path / "bad.json"
    unreadable.write_text('{"format": "washigen/1", "game": "loader-sample", "kind": "board", "players": 9}')
    assert run("validate", good).exit_code == 0
    result = run("validate", good, broken)
    assert result.exit_code == 1 and "sample.tokens.red" in result.output
    result = run("validate", good, broken, unreadable)
    assert result.exit_code == 2
    assert "players: Input should be less than or equal to 6, got 9" in result.output
    no_traceback(result)


def test_validate_json_reports_every_file(tmp_path):
    good = write_board(tmp_path / "good.json")
    broken = write_board(tmp_path / "broken.json", tokens=())
    reports = json.loads(run("validate", "--json", good, broken).output)
    assert [r["valid"] for r in reports] == [True, False]
    assert reports[1]["violations"][0]["rule"] == "sample.tokens.red"


@pytest.mark.parametrize("suffix", [".pdf", ".svg", ".png"])
def test_render_follows_the_extension(tmp_path, suffix):
    design = write_board(tmp_path / "b.json")
    out = tmp_path / f"board{suffix}"
    result = run("render", design, "-o", out, "--bleed", "2mm", "--dpi", "100")
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    if suffix == ".pdf":
        assert page_size_mm(pdf_pages(data)[0]) == pytest.approx((94, 94), abs=0.05)
    elif suffix == ".png":
        assert png_info(data)[0] == (round(94 / 25.4 * 100), round(94 / 25.4 * 100))
    else:
        assert b'width="94mm"' in data


def test_render_of_a_broken_design_still_prints_but_exits_1(tmp_path):
    design = write_board(tmp_path / "b.json", tokens=())
    result = run("render", design, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 1 and (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("args, says", [
    (["render", "{design}", "-o", "{tmp}/missing/out.pdf"], "folder {tmp}/missing does not exist"),
    (["render", "{design}", "-o", "{tmp}/out.docx"], "the format follows the extension"),
    (["render", "{design}", "-o", "{tmp}"], "is a folder"),
    (["render", "{design}", "-o", "{tmp}/o.pdf", "--bleed", "-3mm"], "--bleed"),
    (["render", "{design}", "-o", "{tmp}/o.pdf", "--bleed", "3 furlongs"], "not a length"),
    (["render", "{design}", "-o", "{tmp}/o.pdf", "--back-offset", "1;2"], "X,Y in millimetres"),
    (["render", "{design}", "-o", "{tmp}/o.pdf", "--template", "{tmp}/none.toml"], "none.toml: no such file"),
    (["render", "{design}", "-o", "{tmp}/o.png", "--dpi", "5"], "--dpi"),
    (["render", "{tmp}/nothing.json", "-o", "{tmp}/o.pdf"], "nothing.json: no such file"),
    (["validate", "{tmp}/nothing.json"], "nothing.json: no such file"),
    (["nonsense"], "No such command"),
])
def test_bad_input_exits_2_naming_it_and_writes_nothing(tmp_path, args, says):
    design = write_board(tmp_path / "b.json")
    before = sorted(p.name for p in tmp_path.iterdir())
    fill = {"design": design, "tmp": tmp_path}
    result = run(*[a.format(**fill) for a in args])
    assert result.exit_code == 2
    assert says.format(**fill) in result.output
    no_traceback(result)
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_failed_render_leaves_an_existing_output_untouched(tmp_path, monkeypatch):
    design = write_board(tmp_path / "b.json")
    out = tmp_path / "b.pdf"
    out.write_bytes(b"the old print")

    def broken_print(board, options):
        scene = Scene(10, 10)
        scene.add(Text(1, 5, "x", style=Style(fill="no-such-colour")))
        return Document([scene])

    monkeypatch.setitem(games._GAMES, SAMPLE.name, dataclasses.replace(SAMPLE, print_design=broken_print))
    result = run("render", design, "-o", out)
    assert result.exit_code == 2 and "unknown theme colour 'no-such-colour'" in result.output
    assert out.read_bytes() == b"the old print"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "b.pdf"]


def test_calibration_sheet_prints_on_the_paper_asked(tmp_path):
    result = run("calibrate", "--paper", "letter", "--duplex", "short", "-o", tmp_path / "cal.pdf")
    assert result.exit_code == 0
    pages = pdf_pages((tmp_path / "cal.pdf").read_bytes())
    assert len(pages) == 2 and page_size_mm(pages[0]) == pytest.approx((215.9, 279.4), abs=0.05)


def test_python_dash_m_runs_the_same_cli():
    result = subprocess.run([sys.executable, "-m", "washigen", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"washigen, version {__version__}"


def test_a_text_design_without_its_games_title_line_is_refused_naming_line_1(tmp_path):
    text = tmp_path / "map.txt"
    text.write_text("just some notes\n. . .\n")
    result = run("validate", text)
    assert result.exit_code == 2 and "map.txt: line 1: no game reads this text" in result.output
    assert "starts with its game's title line" in result.output
    no_traceback(result)
