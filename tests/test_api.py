"""The Python API for scripts (washigen/__init__.py) and the example scripts in examples/ that use it."""

from __future__ import annotations

import runpy
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import washigen
from washigen.errors import InputError

from .readback import page_size_mm, pdf_pages
from .sample_game import registered

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("reportlab", "cairosvg", "PIL", "pypdf", "pydantic", "svgwrite")


def test_import_washigen_loads_no_rendering_or_validation_library_and_every_public_name_resolves():
    code = ("import sys, washigen; print(','.join(m for m in %r if m in sys.modules)); "
            "print(','.join(washigen.__all__))" % (HEAVY,))
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded, names = shown.split("\n")[:2]
    assert loaded == ""
    assert {"generate", "validate", "render", "load", "play"} <= set(names.split(","))
    for name in washigen.__all__:
        assert getattr(washigen, name) is not None
    with pytest.raises(AttributeError):
        washigen.no_such_name  # noqa: B018


def test_generate_validate_render_and_load_round_trip(tmp_path):
    design = washigen.generate("cats", "map", players=4, seed=7, tape_width="45mm")
    assert (design.players, design.seed, design.tape_width) == (4, 7, 45.0)
    assert washigen.validate(design).ok
    assert washigen.render(design, tmp_path / "map.json") == [tmp_path / "map.json"]
    assert washigen.load(tmp_path / "map.json") == design

    written = washigen.render(design, tmp_path / "map.pdf", paper="letter", bleed="2mm")
    sizes = {tuple(sorted(round(v, 1) for v in page_size_mm(page))) for page in pdf_pages(written[0])}
    assert sizes == {(215.9, 279.4)}


def test_a_generated_seed_is_chosen_and_kept_in_the_design():
    first, second = washigen.generate("cops", "map"), washigen.generate("cops", "map")
    assert isinstance(first.seed, int) and isinstance(second.seed, int)
    assert washigen.generate("cops", "map", seed=first.seed) == first


@pytest.mark.parametrize("game, component, params, message", [
    ("cats", "map", {"players": 9}, "players: must be 2..6, got 9"),
    ("cats", "map", {"player": 2}, "player: cats map takes no such parameter"),
    ("cats", "map", {"players": "2"}, "players: must be a whole number"),
    # named as the script names it, not as the command line's option (tape-width)
    ("cats", "map", {"tape_width": "5 parsecs"}, "tape_width: '5 parsecs' is not a length"),
    ("cats", "map", {"segment_rows": 1}, "segment_rows: must be 4..15, got 1"),
    ("cats", "sheet", {}, "cats sheet prints parts but makes no design"),
    ("cat-tree", "deck", {"paper": "a4"}, "paper: not part of the design"),
    ("cats", "mapp", {}, "cats has no component 'mapp'; known: map,"),
    ("chess", "board", {}, "unknown game 'chess'"),
    # held to what the command line holds them to, so generate never makes a design save refuses
    ("cats", "map", {"rules_url": 1.5}, "rules_url: must be text, got 1.5"),
    ("cats", "map", {"rules_url": ""}, "rules_url: empty; leave it out for none"),
    ("cats", "map", {"rules_url": "https://example.com/\u0007"}, "rules_url: control character U+0007"),
    ("cats", "map", {"rules_url": "https://example.com/" + "x" * 5000}, "rules_url: at most"),
    # the address a QR code leads to: a web page, read as it leads
    ("cats", "map", {"rules_url": "javascript:alert(1)"}, "rules_url: must be a web address beginning http://"),
    ("cats", "tape", {"rules_url": "ftp://example.com/r.pdf"}, "rules_url: must be a web address beginning"),
    ("cats", "map", {"rules_url": "https://x.org/\u202egnp.exe"}, "rules_url: an invisible character U+202E at "
     "character 15"),
    ("cats", "tape", {"length": 0}, "length: must be greater than zero"),
    ("trail-route", "setup", {"mix": 3}, "mix: must be text, got 3"),
])
def test_generate_refuses_bad_parameters_by_name(game, component, params, message):
    with pytest.raises(InputError) as error:
        washigen.generate(game, component, **params)
    assert message in str(error.value)


def test_a_parameter_given_as_none_is_its_default(tmp_path):
    """None is a parameter left out, whatever the maker's own default: an int, a flag, a choice."""
    made = washigen.generate("cats", "setup", seed=3, players=None, coop=None, sewer_poppers=None, long=None)
    assert made == washigen.generate("cats", "setup", seed=3)
    assert washigen.generate("cops", "sheet", players=None) == washigen.generate("cops", "sheet")
    washigen.save(made, tmp_path / "setup.json")
    assert washigen.load(tmp_path / "setup.json") == made


def test_render_refuses_an_unknown_print_option(tmp_path):
    design = washigen.generate("trail-route", "setup", players=3, seed=1)
    with pytest.raises(InputError, match="papr: not a print option"):
        washigen.render(design, tmp_path / "setup.pdf", papr="a4")
    assert list(tmp_path.iterdir()) == []


def _trail_route_winners(result) -> list[int]:
    """Written apart from the engine: the players with the highest score."""
    best = max(result.scores)
    return [player for player, score in enumerate(result.scores) if score == best]


def test_play_trail_route_with_named_bots_is_repeatable():
    result = washigen.play("trail-route", seed=3, bots="greedy,random,random", players=3)
    again = washigen.play("trail-route", seed=3, bots="greedy,random,random", players=3)
    assert result.scores == again.scores and len(result.scores) == 3
    assert set(result.winners) <= set(_trail_route_winners(result)) and result.winners
    with pytest.raises(InputError, match="bots: unknown policy 'clever'"):
        washigen.play("trail-route", seed=3, bots="greedy,clever,random", players=3)
    with pytest.raises(InputError, match="bots: name one of"):
        washigen.play("trail-route", seed=3, bots="greedy,random", players=3)


def test_play_cat_tree_builds_a_tree_that_breaks_no_placement_rule():
    game = washigen.play("cat-tree", seed=5)
    assert game.layout.seed == 5 and game.layout.cards
    assert washigen.validate(game.layout).ok


def test_play_names_the_games_that_play_when_a_game_has_no_engine():
    with registered():
        with pytest.raises(InputError) as error:
            washigen.play("loader-sample")
    message = str(error.value)
    assert message.startswith("play: loader-sample has no engine") and "trail-route" in message


def _run_example(name: str, *args: str, cwd: Path) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "examples" / name), str(cwd), *args], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_example_fairest_map_keeps_the_fair_map_with_the_lowest_play_score(tmp_path, monkeypatch, capsys):
    # In this process, so that the maps made again below are the searches it kept (test_every_example_makes_its_
    # missing_output_folder runs the others as scripts; this one is run once, into a folder it must make: 3 cut-ups
    # take 20-30 s)
    folder = tmp_path / "not" / "there"
    monkeypatch.setattr(sys, "argv", ["fairest_map.py", str(folder), "--maps", "3"])
    runpy.run_path(str(ROOT / "examples" / "fairest_map.py"), run_name="__main__")
    out = capsys.readouterr().out
    kept = washigen.load(folder / "fairest.json")
    made = [washigen.generate("cats", "map", players=2, cut_up=True, seed=seed) for seed in range(1, 4)]
    ranks = sorted((not m.play_fair, m.play_score, m.balance, m.seed) for m in made)
    assert (not kept.play_fair, kept.play_score, kept.balance, kept.seed) == ranks[0]
    assert f"seed {kept.seed}: {'fair' if kept.play_fair else 'not fair'}, play score {kept.play_score}" in out
    assert {tuple(sorted(round(v) for v in page_size_mm(p))) for p in pdf_pages(folder / "fairest.pdf")} == \
        {(210, 297)}


def test_example_tweak_map_breaks_then_mends_the_red_sewer_rule(tmp_path):
    out = _run_example("tweak_map.py", cwd=tmp_path)
    assert "cats.home-row.no-red-sewer" in out and "loads back equal: True" in out
    tweaked = washigen.load(tmp_path / "tweaked.json")
    original = washigen.generate("cats", "map", players=2, seed=1)
    assert washigen.validate(tweaked).ok and tweaked != original
    assert replace(tweaked, grid=replace(tweaked.grid, sewers=original.grid.sewers)) == original
    assert sum(s.row == 1 and s.colour == "red" for s in tweaked.grid.sewers) >= 2


def test_example_custom_deck_prints_letter_sheets_with_backs(tmp_path):
    _run_example("custom_deck.py", cwd=tmp_path)
    pages = pdf_pages(tmp_path / "deck.pdf")
    assert len(pages) % 2 == 0 and len(pages) >= 2
    assert {tuple(sorted(round(v, 1) for v in page_size_mm(p))) for p in pages} == {(215.9, 279.4)}
    fonts = {str(f.get("/BaseFont")) for p in pages for f in p["/Resources"].get("/Font", {}).values()}
    assert any("DejaVuSans" in font for font in fonts)


def test_the_readme_documents_the_api():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Scripting"):]
    section = section[:section.index("\n## ", 4)]
    for name in ("generate", "validate", "render", "load", "play"):
        assert f"washigen.{name}(" in section
    for script in ("fairest_map.py", "tweak_map.py", "custom_deck.py"):
        assert f"examples/{script}" in section


@pytest.mark.parametrize("script", ["custom_deck.py", "tweak_map.py"])     # and fairest_map.py, above
def test_every_example_makes_its_missing_output_folder(script, tmp_path):
    folder = tmp_path / "not" / "there"
    result = subprocess.run([sys.executable, str(ROOT / "examples" / script), str(folder)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert any(path.is_file() for path in folder.iterdir())


def test_threads_that_first_ask_for_the_games_at_once_all_see_every_game(tmp_path):
    """The registry marked itself loaded before it imported the games, so a second thread saw none: a text design
    it loaded had 'no game that reads it' (in nearly every fresh process, three threads loading at once)."""
    washigen.render(washigen.generate("cats", "map", seed=1), tmp_path / "map.txt")
    code = f"""
import threading, washigen
seen, gate = [], threading.Barrier(3)
def load():
    gate.wait()
    try:
        seen.append(type(washigen.load({str(tmp_path / 'map.txt')!r})).__name__)
    except washigen.WashigenError as error:
        seen.append(str(error))
threads = [threading.Thread(target=load) for _ in range(3)]
[t.start() for t in threads]; [t.join() for t in threads]
print(seen)
"""
    for _ in range(4):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert done.stdout.strip() == "['CatsMap', 'CatsMap', 'CatsMap']", done.stdout + done.stderr


@pytest.mark.parametrize("game, component, change, says", [
    ("cats", "map", {"segment_rows": 0}, "segment_rows: Input should be greater than or equal to 4"),
    ("cats", "map", {"long": 10**9}, "long: Input should be less than or equal to 4"),
    ("cats", "map", {"players": "two"}, "players: Input should be a valid integer"),
    ("cat-tree", "deck", {"card": "jumbo"}, "card: Input should be 'poker'"),
    ("cat-tree", "deck", {"copies": 10**6}, "copies: Input should be less than or equal to 4"),
    ("cops", "map", {"layout": "diagonal"}, "layout: Input should be 'end-to-end' or 'stacked'"),
])
def test_a_design_changed_by_hand_beyond_its_file_is_refused_by_every_call_naming_the_field(tmp_path, game,
                                                                                           component, change,
                                                                                           says):
    """The API documents dataclasses.replace for changing a design; validate, draw, render, save and the bots met
    what load() refuses with a ZeroDivisionError, a MemoryError, a drawing that ran for minutes, or a saved file
    that would not load."""
    made = washigen.generate(game, component, **({"seed": 1, "budget": 0} if game == "cops" else
                                                 {} if game == "cat-tree" else {"seed": 1}))
    bad = replace(made, **change)
    good = tmp_path / "good.json"
    washigen.save(made, good)
    before = good.read_bytes()
    for call in (lambda: washigen.validate(bad), lambda: washigen.draw(bad), lambda: washigen.save(bad, good),
                 lambda: washigen.render(bad, tmp_path / "bad.pdf")):
        with pytest.raises(washigen.DesignFormatError, match=rf"^design, {says}"):
            call()
    assert good.read_bytes() == before and not (tmp_path / "bad.pdf").exists()
    with pytest.raises(InputError, match=r"^design: must be a design of one of washigen's games"):
        washigen.validate("map.json")


def test_play_balance_and_bot_games_take_the_seeds_generate_takes():
    for seed in (-1, "3", 3.5, float("nan"), 2**64, True):
        for call in (lambda: washigen.play("cats", seed=seed), lambda: washigen.balance("cats", games=2, seed=seed),
                     lambda: washigen.bot_game(washigen.generate("cats", "map", seed=1), seed=seed)):
            with pytest.raises(InputError, match=r"^seed: must be a whole number 0\.\.9223372036854775807"):
                call()


def test_a_trail_route_setup_that_breaks_a_rule_is_not_played():
    """A road row cut short loads (the validator reports it); the bots then failed with an IndexError."""
    setup = washigen.generate("trail-route", "setup", seed=1)
    short = replace(setup, road=setup.road[:-1] + (setup.road[-1][:2],))
    assert "trail-route.grid.size" in washigen.validate(short).rules()
    for call in (lambda: washigen.bot_game(short), lambda: washigen.play("trail-route", short),
                 lambda: washigen.balance("trail-route", short, games=2)):
        with pytest.raises(InputError, match=r"^design: breaks a rule, so it is not played: Road row"):
            call()


@pytest.mark.parametrize("option, says", [
    ({"dpi": "300"}, "dpi: must be a whole number from 30 to 2400"), ({"paper": "b5"}, "paper: must be one of"),
    ({"crop_marks": "no"}, "crop_marks: must be true or false"), ({"gutter": -1}, "gutter: must be zero or more"),
    ({"back_offset": (float("nan"), 0)}, "back_offset: each of X and Y"),
    ({"orientation": "diagonal"}, "orientation: must be one of portrait, landscape"),
])
def test_render_and_draw_hold_their_print_options_to_what_print_options_takes(tmp_path, option, says):
    """They checked the bleed alone: dpi="300" was a TypeError, paper="b5" a KeyError, crop_marks="no" drew marks."""
    deck = washigen.generate("cat-tree", "deck")
    keep = tmp_path / "deck.pdf"
    keep.write_bytes(b"kept")
    with pytest.raises(InputError, match=rf"^{says}"):
        washigen.render(deck, keep, **option)
    with pytest.raises(InputError, match=rf"^{says}"):
        washigen.draw(deck, **option)
    assert keep.read_bytes() == b"kept"
    with pytest.raises(InputError, match=r"^options: must be PrintOptions"):
        washigen.draw(deck, "a4")                                  # type: ignore[arg-type]
    assert washigen.render(deck, tmp_path / "fine.pdf", dpi=None, paper="A4") == [tmp_path / "fine.pdf"]


def test_nan_is_refused_by_name_for_every_number_generate_play_and_balance_take():
    """NaN passes every range check; generate("cops", "map", offset=nan) made a map whose offset was nan."""
    nan = float("nan")
    for game in washigen.all_games():
        for part in game.components:
            if part.make is None:
                continue
            for param in part.params:
                if param.kind in ("file", "folder", "bool") or not param.design or param.name == "seed":
                    continue
                seed = {"seed": 1} if any(p.name == "seed" for p in part.params) else {}
                with pytest.raises(InputError, match=rf"^{param.keyword}: |^{param.label}: "):
                    washigen.generate(game.name, part.name, **seed, **{param.keyword: nan})
    with pytest.raises(InputError, match=r"^offset: must be a number, got nan"):
        washigen.generate("cops", "map", offset=nan, seed=1, budget=0)
    for call, name in ((lambda: washigen.play("cats", first=nan), "first"),
                       (lambda: washigen.play("trail-route", players=nan), "players"),
                       (lambda: washigen.balance("cats", games=nan), "games"),
                       (lambda: washigen.balance("cats", games=2, jobs=nan), "jobs")):
        with pytest.raises(InputError, match=rf"^{name}: "):
            call()


def test_render_load_and_save_refuse_what_is_no_files_name_naming_path(tmp_path):
    """None, a number or bytes failed deep in pathlib with a TypeError."""
    design = washigen.generate("cats", "map", seed=1)
    for path in (None, 3, b"map.json", "", "  "):
        for call in (lambda: washigen.render(design, path), lambda: washigen.load(path),
                     lambda: washigen.save(design, path)):
            with pytest.raises(InputError, match=r"^path: must be a file's name"):
                call()
    assert list(tmp_path.iterdir()) == []


def test_save_writes_json_only_to_a_json_name(tmp_path):
    """save wrote JSON into map.docx (and into map.txt, which load then read as a text form and refused)."""
    design = washigen.generate("cats", "map", seed=1)
    for name in ("map.docx", "map", "map.txt", "map.pdf", "map.tmj"):
        with pytest.raises(InputError, match=r"^path: save writes a design as JSON, to a name ending in \.json"):
            washigen.save(design, tmp_path / name)
    assert list(tmp_path.iterdir()) == []
    washigen.save(design, tmp_path / "map.JSON")
    assert washigen.load(tmp_path / "map.JSON") == design


@pytest.mark.parametrize("game", [None, "cats", {"name": "cats"}])
def test_register_game_refuses_what_is_no_game_naming_it(game):
    """register_game(None) was an AttributeError ('NoneType' object has no attribute 'name')."""
    with pytest.raises(InputError, match=r"^game: must be a Game"):
        washigen.register_game(game)


def test_play_refuses_an_option_its_game_does_not_take_naming_those_it_takes():
    """An unknown keyword was a TypeError from the game's hook (play() got an unexpected keyword argument)."""
    design = washigen.generate("cats", "map", seed=1)
    for game, on, takes in (("cats", design, "seed, bots, first"), ("cat-tree", None, "seed, bots"),
                            ("trail-route", None, "seed, bots, players")):
        with pytest.raises(InputError, match=rf"^colour: washigen.play\('{game}'\) takes no such option; it takes "
                                             rf"{takes}$"):
            washigen.play(game, on, colour=1)


def test_bots_none_is_the_default_and_a_refusal_names_bots_not_the_command_lines_flag():
    """balance(bots=None) said "--bots: unknown bot 'none'" (a flag of the command line, and None no default);
    bots=3 was an AttributeError in Trail Route's play."""
    design = washigen.generate("cats", "map", seed=1)
    assert washigen.balance("cats", design, games=2, bots=None) == washigen.balance("cats", design, games=2)
    assert washigen.play("cats", design, bots=None).record == washigen.play("cats", design, bots="greedy").record
    for game, on in (("cats", design), ("cops", None), ("cat-tree", None), ("trail-route", None)):
        for call in (lambda: washigen.play(game, on, bots="clever"),
                     lambda: washigen.balance(game, on, games=2, bots="clever")):
            with pytest.raises(InputError, match=r"^bots: unknown (bot|policy) 'clever'"):
                call()
        for call in (lambda: washigen.play(game, on, bots=3), lambda: washigen.balance(game, on, games=2, bots=3)):
            with pytest.raises(InputError, match=r"^bots: must name a bot for every seat or one per seat"):
                call()
        # The command line refuses --bots '' (empty bot name); the API took '' for None and played greedy.
        for call in (lambda: washigen.play(game, on, bots=""), lambda: washigen.balance(game, on, games=2, bots=" "),
                     lambda: washigen.check_run(game, on, bots="")):
            with pytest.raises(InputError, match=r"^bots: empty bot name in '\s*'"):
                call()


def test_a_png_too_large_at_its_dpi_is_refused_naming_dpi_not_the_command_lines_flag(tmp_path):
    design = washigen.generate("cats", "map", seed=1)
    with pytest.raises(InputError, match=r"^dpi: 2400 dpi makes [\d,]+ megapixels of PNG") as error:
        washigen.render(design, tmp_path / "map.png", paper="a4", dpi=2400)
    assert "--dpi" not in str(error.value) and "lower dpi" in str(error.value)
    assert list(tmp_path.iterdir()) == []


def test_a_language_that_is_not_text_is_refused_as_such():
    """["de"] was looked up as the language "['de']", and balance_chart's lang=None as the language 'None'."""
    from washigen.api import balance_chart

    for lang in (["de"], 3, True):
        with pytest.raises(InputError, match=r"^lang: must be text, a language such as 'de'"):
            washigen.print_options(lang=lang)
    design = washigen.generate("cats", "map", seed=1)
    numbers = washigen.balance("cats", design, games=2)
    assert balance_chart(numbers, design, lang=None) == balance_chart(numbers, design)


def test_draw_component_files_svg_and_balance_chart_refuse_what_they_cannot_take_by_name():
    """Each failed deep inside with an AttributeError ('str' object has no attribute 'paper', 'NoneType' object has
    no attribute 'pages', ...) or a TypeError from pathlib."""
    from washigen import api

    design = washigen.generate("cats", "map", seed=1)
    document = washigen.draw(design)
    refused = [(lambda: api.draw_component("cats", "sheet", "a4"), "options: must be PrintOptions"),
               (lambda: api.files(document, "map.pdf", "a4"), "options: must be PrintOptions"),
               (lambda: api.files(None, "map.pdf"), "document: must be a Document"),
               (lambda: api.files(document, None), "name: must be a file's name"),
               (lambda: api.svg(None), "scene: must be a Scene"),
               (lambda: api.balance_chart(None, design), "result: must be the Balance washigen.balance answered"),
               (lambda: api.balance_chart(washigen.balance("cats", design, games=2), None),
                "design: must be a design")]
    for call, says in refused:
        with pytest.raises(InputError, match=rf"^{says}"):
            call()
    assert [name for name, _ in api.files(document, "map.svg")] == ["map.svg"]


def test_a_rules_address_is_held_to_a_web_page_in_a_file_and_on_the_command_line(tmp_path):
    """A design file's rules_url is checked as --rules-url is: a hand-edited `javascript:` address or one holding a
    right-to-left override (which prints one address and leads to another) is refused naming the field, exit 2;
    http and https addresses print."""
    from click.testing import CliRunner

    from washigen.cli import main

    design = washigen.generate("cats", "map", seed=1, rules_url="HTTP://example.com/rules")
    path = tmp_path / "map.json"
    washigen.save(design, path)
    text = path.read_text()
    for bad, says in (("javascript:alert(1)", "rules_url: must be a web address beginning http:// or https://, got "
                                              "'javascript:alert(1)'\n"),
                      ("https://x.org/\u202egnp", "rules_url: an invisible character U+202E at character 15; a "
                                                  "printed address must read as it leads\n")):
        path.write_text(text.replace("HTTP://example.com/rules", bad))
        result = CliRunner().invoke(main, ["validate", str(path)])
        # The sentence alone: not behind pydantic's "Value error, " nor followed by the value a second time.
        assert result.exit_code == 2 and result.output.endswith(f"{path}, {says}"), result.output
    refused = CliRunner().invoke(main, ["cats", "map", "--rules-url", "file:///etc/passwd", "-o",
                                        str(tmp_path / "m.json")])
    assert refused.exit_code == 2 and "--rules-url" in refused.output and not (tmp_path / "m.json").exists()


@pytest.mark.parametrize("change, says", [
    ({"seed": float("nan")}, "design, seed: nan is not a finite number"),
    ({"players": float("inf")}, "design, players: inf is not a finite number"),      # it said "got None"
    ({"rules_url": float("nan")}, "design, rules_url: nan is not a finite number"),
    ({"seed": True}, "design, seed: True is not a value a design file holds here (it would read back as 1)"),
    ({"balance": True}, "design, balance: True is not a value a design file holds here (it would read back as 1.0)"),
    ({"generator": b"x"}, "design, generator: b'x' is not a value a design file holds here (it would read back as "
                          "'x')"),
])
def test_a_value_its_file_would_change_is_refused_not_changed(change, says, tmp_path):
    """A NaN was written as null and True as 1, without a word: validated, saved and drawn changed."""
    changed = replace(washigen.generate("cats", "map", seed=1), **change)
    for call in (lambda: washigen.validate(changed), lambda: washigen.save(changed, tmp_path / "m.json")):
        with pytest.raises(washigen.DesignFormatError) as caught:
            call()
        assert str(caught.value) == says
    assert not (tmp_path / "m.json").exists()
    same = replace(washigen.generate("cats", "map", seed=1), seed=5, pieces=list(washigen.generate(
        "cats", "map", seed=1).pieces))                   # a list for a tuple, a whole number: held as they are
    assert washigen.validate(same).ok


def test_a_design_of_another_kind_inside_a_design_is_refused_naming_its_field():
    setup = washigen.generate("cats", "setup", seed=1)
    cops = washigen.generate("cops", "map", seed=1, budget=0)
    with pytest.raises(washigen.DesignFormatError, match=r"^design, map: must be a cats map, got a cops map$"):
        washigen.validate(replace(setup, map=cops))          # an AttributeError from inside pydantic's writer


def test_arguments_of_the_wrong_kind_are_refused_naming_them(tmp_path):
    design = washigen.generate("cats", "map", seed=1)
    refusals = [
        (lambda: washigen.message(InputError("x"), ["de"]), "lang: no language ['de']; washigen prints de, en"),
        (lambda: washigen.load_design(None), "path: must be a file's name (text or a pathlib.Path), got NoneType"),
        (lambda: washigen.save_design("x", tmp_path / "a.json"), "design: must be a design of one of washigen's "
                                                                   "games"),
        (lambda: washigen.render(design, tmp_path / "t.pdf", template=5), "template: must be a file's name (text or "
                                                                           "a pathlib.Path), got int"),
        (lambda: washigen.play("trail-route", players=4.0), "players: must be 3 or 4, got 4.0"),
        (lambda: washigen.play("trail-route", washigen.generate("trail-route", "setup", seed=1), players=3),
         "players: the setup is dealt for 4 players, not 3"),
    ]
    for call, says in refusals:
        with pytest.raises(InputError) as caught:            # not a TypeError, AttributeError or a quiet 4 players
            call()
        assert str(caught.value).startswith(says), str(caught.value)
    assert not (tmp_path / "t.pdf").exists() and not (tmp_path / "a.json").exists()
    default = washigen.draw_component("cats", "sheet")
    assert len(washigen.draw_component("cats", "sheet", players=None).pages) == len(default.pages)


@pytest.mark.parametrize("game, bots", [("trail-route", "greedy"), ("cats", "strong:400,greedy"),
                                        ("cops", "greedy"), ("cat-tree", "strong,greedy")])
def test_games_that_fit_is_the_most_check_run_accepts(game, bots):
    fits = washigen.games_that_fit(game, bots=bots)
    assert fits is not None and fits >= 1
    washigen.check_run(game, games=fits, bots=bots)
    with pytest.raises(washigen.InputError, match=f"at most {fits:,} game"):
        washigen.check_run(game, games=fits + 1, bots=bots)


def test_games_that_fit_refuses_what_check_run_refuses():
    with pytest.raises(washigen.InputError, match="strong:0"):
        washigen.games_that_fit("cats", bots="strong:0")
    with pytest.raises(washigen.WashigenError):
        washigen.games_that_fit("cats", "not a design")          # type: ignore[arg-type]
