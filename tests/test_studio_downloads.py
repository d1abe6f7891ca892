"""What the studio hands out and reads back, held to the command line: a tape's download is what its `tape` command
writes (the roll by the file's form: one SVG strip, pages of a PDF, the artwork's metadata), and so is `render`'s
of the saved design; an opened design says the
parameters it was made with, as the form writes them; every game lists the endings its games can have; a PNG too large
at its resolution is refused naming the dpi field by the refusal's own field, not by its words."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

import washigen
from tests.test_studio_api import assert_refused, cli, client, workdir  # noqa: F401
from washigen.design import dumps
from washigen.errors import InputError
from washigen.games import all_games


def received(response) -> list[bytes]:
    """The files of an answer: itself, or each file of its zip in name order."""
    assert response.status_code == 200, response.text
    if response.headers["content-type"] != "application/zip":
        return [response.content]
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return [archive.read(name) for name in sorted(archive.namelist())]


# (game, the design's parameters as the form and the command line give them, format, print options, their flags)
TAPES = [
    ("cats", {}, [], "svg", {}, []),                                  # 10 m: one strip, not three pages
    ("cats", {"segments": 3}, ["--segments", "3"], "png", {"dpi": 40}, ["--dpi", "40"]),
    ("cops", {}, [], "pdf", {}, []),                                  # the artwork's repeat and length in its subject
    ("cops", {"segments": 2, "tape_width": "38mm"}, ["--segments", "2", "--tape-width", "38mm"], "svg",
     {"lang": "de", "bleed": "2mm"}, ["--lang", "de", "--bleed", "2mm"]),
]


@pytest.mark.parametrize("game, params, param_flags, fmt, options, option_flags", TAPES)
def test_a_tape_downloads_what_its_tape_command_writes(client, tmp_path, game, params, param_flags, fmt, options,
                                                       option_flags):
    out = tmp_path / "cli" / f"tape.{fmt}"
    out.parent.mkdir()
    result = cli(game, "tape", *param_flags, "--seed", 3, *option_flags, "-o", out)
    assert result.exit_code == 0, result.output
    written = [path.read_bytes() for path in sorted(out.parent.iterdir())]
    made = client.post("/api/design", json={"game": game, "component": "tape", "seed": 3, "params": params})
    assert made.status_code == 200, made.text
    for body in ({"design": made.json()["design"], "options": options},
                 {"game": game, "component": "tape", "seed": 3, "params": params, "options": options}):
        assert received(client.post(f"/api/render?format={fmt}", json=body)) == written, body.keys()


@pytest.mark.parametrize("game, params, param_flags, fmt, options, option_flags", TAPES)
def test_render_prints_a_saved_tape_as_its_tape_command_does(tmp_path, game, params, param_flags, fmt, options,
                                                             option_flags):
    """`washigen render tape.json` and washigen.render write what `GAME tape` wrote from the same design: a Cats roll
    as one SVG strip (not pages), a Cops tape as its artwork (not only the repeat)."""
    made, by_command, by_render, by_api = (tmp_path / name for name in ("made", "command", "render", "api"))
    for folder in (made, by_command, by_render, by_api):
        folder.mkdir()
    for output, folder in ((made / "tape.json", made), (by_command / f"tape.{fmt}", by_command)):
        result = cli(game, "tape", *param_flags, "--seed", 3, *option_flags, "-o", output)
        assert result.exit_code == 0, result.output
    result = cli("render", made / "tape.json", *option_flags, "-o", by_render / f"tape.{fmt}")
    assert result.exit_code == 0, result.output
    washigen.render(washigen.load(made / "tape.json"), by_api / f"tape.{fmt}", **options)
    written = [path.read_bytes() for path in sorted(by_command.iterdir())]
    assert [path.read_bytes() for path in sorted(by_render.iterdir())] == written
    assert [path.read_bytes() for path in sorted(by_api.iterdir())] == written


def test_a_cats_roll_is_not_laid_out_on_sheets(tmp_path):
    """A roll prints as one strip for a tape maker: --paper is refused naming its field (exit 2, nothing written),
    not dropped without a word to print metres-long pages for an A4 printer."""
    made = tmp_path / "roll.json"
    assert cli("cats", "tape", "--seed", 3, "-o", made).exit_code == 0
    result = cli("render", made, "--paper", "a4", "-o", tmp_path / "roll.pdf")
    assert result.exit_code == 2 and "paper: a roll prints as one strip for a tape maker" in result.output, \
        result.output
    assert not (tmp_path / "roll.pdf").exists()
    for refused_by in (washigen.draw, lambda design, **options: washigen.render(design, tmp_path / "r.pdf", **options)):
        with pytest.raises(InputError) as refused:
            refused_by(washigen.load(made), paper="a4")
        assert refused.value.field == "paper"


# (game, component, what it is made with, as the form writes it)
OPENED = [
    ("cops", "map", {"players": 4, "layout": "stacked", "offset": "6mm"}),
    ("cops", "tape", {"segments": 6, "tape_width": "38mm"}),
    ("cops", "sheet", {"players": 7}),
    ("cats", "map", {"players": 4, "forests": 5, "tape_width": "45mm"}),
    ("cats", "tape", {"segments": 3, "length": "2000mm"}),
    ("cats", "setup", {"players": 3, "tape_width": "40mm"}),
    ("cat-tree", "deck", {"reference": False}),
    ("trail-route", "setup", {"players": 3}),
]


@pytest.mark.parametrize("game, component, params", OPENED)
def test_an_opened_design_says_the_parameters_it_was_made_with(client, game, component, params):
    """The page carries them into its form: a 4-squad Cops map opened on a 2-player page kept 2 (a Cops map holds
    its squads as segments, a sheet as squads, a set-up its map's parameters in its map)."""
    seeded = {"seed": 4} if component != "sheet" and component != "deck" else {}
    design = washigen.generate(game, component, **seeded, **params)
    answer = client.post(f"/api/validate?name={component}.json&page=0", content=dumps(design).encode())
    assert answer.status_code == 200, answer.text
    # those at their defaults left out: the form shows its defaults, and the address does not grow with them
    assert answer.json()["params"] == params


def test_each_game_lists_the_endings_its_games_can_have(client):
    """The balance summary words only these: Trail Route's games are never trapped, Cats' never a stalemate."""
    listed = {game["name"]: game["endings"] for game in client.get("/api/games").json()["games"]}
    assert listed == {game.name: list(game.extra["endings"]) for game in all_games()}
    assert listed["trail-route"] == ["win", "turn_limit"] and listed["cats"] == ["win", "trap", "turn_limit"]
    assert listed["cops"] == ["win", "stalemate", "turn_limit"]


def test_a_png_too_large_is_refused_with_its_field(tmp_path):
    """The refusal carries the option it refuses in `field` (its words named the command line's --dpi)."""
    from washigen.api import files
    from washigen.press import Document
    from washigen.scene import Scene

    design = washigen.generate("cats", "map", seed=1)
    with pytest.raises(InputError, match=r"^dpi: 2400 dpi makes [\d,]+ megapixels") as error:
        washigen.render(design, tmp_path / "map.png", paper="a4", dpi=2400)
    assert error.value.field == "dpi"
    tall = Document.single(Scene(10.0, 400.0))             # 37,795 px high at 2400 dpi: no tiles
    with pytest.raises(InputError, match=r"^png: the page is \d+ px high") as error:
        files(tall, "tall.png", washigen.print_options(dpi=2400))
    assert error.value.field == "dpi"


def test_the_studio_names_the_dpi_field_by_the_refusals_field_not_its_words(client, caplog, monkeypatch):
    """Reworded, the refusal still names the page's dpi field (the studio matched "lower dpi" in its message)."""
    from washigen import output

    checked = output.check_png_total

    def reworded(document, dpi):
        try:
            checked(document, dpi)
        except InputError as error:
            error.args, error.said = ("this PNG would be too large at this resolution",), None
            raise

    monkeypatch.setattr(output, "check_png_total", reworded)
    design = json.loads(dumps(washigen.generate("cats", "map", seed=1)))
    response = client.post("/api/render?format=png", json={"design": design, "options": {"dpi": 2400, "paper": "a4"}})
    answer = assert_refused(client, caplog, response, "dpi", "options.dpi: this PNG would be too large")
    assert answer["value"] == 2400 and answer["reason"] == "this PNG would be too large at this resolution"
