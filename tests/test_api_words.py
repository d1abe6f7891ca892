"""The Python API's refusals name the Python parameter, in the API's words (README, Scripting): unknown bots in
check_run and games_that_fit, the print options render and draw take beside print_options() (template,
output_profile, profile, colour), the files a parameter names, check_run's options, and the types they take."""

from __future__ import annotations

import re

import pytest

import washigen
from washigen import api
from washigen.errors import InputError, TemplateError

FLAG = re.compile(r"(?<![\w-])--[a-z]")


@pytest.fixture(scope="module")
def cats_map():
    return washigen.generate("cats", "map", players=2, seed=1)


def refusal(call) -> str:
    with pytest.raises(InputError) as refused:
        call()
    said = str(refused.value)
    assert not FLAG.search(said), said            # never a command-line flag
    return said


@pytest.mark.parametrize("game", ["cats", "cops", "cat-tree", "trail-route"])
def test_check_run_and_games_that_fit_refuse_an_unknown_bot_as_balance_does(game):
    """check_run answered None and games_that_fit a number for bots="x", which balance and play refuse."""
    for call in (lambda: washigen.check_run(game, bots="x"), lambda: washigen.games_that_fit(game, bots="x")):
        assert refusal(call).startswith("bots: unknown bot 'x'; known bots: ")


def test_check_run_refuses_bots_for_other_seats_and_a_strength_a_bot_does_not_take(cats_map):
    assert refusal(lambda: washigen.check_run("cats", cats_map, bots="greedy,greedy,greedy")) == \
        "bots: 3 bots named for 2 seats; name one for every seat, or one for all"
    assert refusal(lambda: washigen.games_that_fit("cats", cats_map, bots="greedy:3")) == \
        "bots: 'greedy:3': the greedy bot takes no strength"
    setup = washigen.generate("cats", "setup", players=3, seed=1)          # a set-up's seats are its map's
    assert refusal(lambda: washigen.check_run("cats", setup, bots="greedy,random")).startswith(
        "bots: 2 bots named for 3 seats")
    assert washigen.check_run("cats", setup, bots="greedy,random,strong:2", games=1) is None
    assert washigen.games_that_fit("cats", cats_map, bots="Greedy, random") == \
        washigen.games_that_fit("cats", cats_map, bots="greedy")


@pytest.mark.parametrize("options", [7, ["games=9"], object(), b"games=9"])
def test_check_run_takes_its_options_as_text(options):
    """`options` is the text a refusal names: 7 or a list was named as it was ("7: about 16 minutes ...")."""
    said = refusal(lambda: washigen.check_run("cats", games=100_000, options=options))
    assert said == f"options: must be text, got {options!r}"
    with pytest.raises(InputError, match=r"^games 100000: about \d+ minutes"):
        washigen.check_run("cats", games=100_000, options="games 100000")


@pytest.mark.parametrize("profile", ["x", object(), 7])
def test_an_output_profile_is_named_as_the_parameter_with_colour_cmyk(cats_map, tmp_path, profile):
    """`--icc-profile: x: an output profile goes with --color cmyk`, and any type taken there (draw took it)."""
    out = tmp_path / "map.pdf"
    for call in (lambda: washigen.render(cats_map, out, output_profile=profile),
                 lambda: washigen.draw(cats_map, output_profile=profile)):
        said = refusal(call)
        if isinstance(profile, str):
            assert said == "output_profile: x: an output profile goes with colour='cmyk'"
        else:
            assert said.startswith("output_profile: must be a file's name (text or a pathlib.Path), got ")
    assert not out.exists()


def test_an_output_profile_file_is_named_by_its_parameter(cats_map, tmp_path):
    missing, not_icc = tmp_path / "shop.icc", tmp_path / "notes.icc"
    not_icc.write_bytes(b"not a profile" * 20)
    out = tmp_path / "map.pdf"
    assert refusal(lambda: washigen.render(cats_map, out, colour="cmyk", output_profile=missing)) == \
        f"output_profile: {missing}: no such file"
    assert refusal(lambda: washigen.render(cats_map, out, colour="cmyk", output_profile=not_icc)).startswith(
        f"output_profile: {not_icc}: not an ICC profile")
    by_hand = washigen.PrintOptions(colour="cmyk", output_profile=missing)    # made by hand, not checked
    assert refusal(lambda: api.files(washigen.draw(cats_map), str(out), by_hand)) == \
        f"output_profile: {missing}: no such file"


def test_cmyk_to_svg_is_refused_in_the_apis_words(cats_map, tmp_path):
    """`--color cmyk: map.svg: CMYK is written in PDF only` named the command line's flag."""
    out = tmp_path / "map.svg"
    assert refusal(lambda: washigen.render(cats_map, out, colour="cmyk")) == \
        f"colour='cmyk': {out}: CMYK is written in PDF only; use a .pdf output"
    assert refusal(lambda: api.files(washigen.draw(cats_map), str(out), washigen.print_options(colour="cmyk"))) == \
        f"colour='cmyk': {out}: CMYK is written in PDF only; use a .pdf output"


def test_a_template_file_is_named_by_its_parameter(cats_map, tmp_path):
    """`render(template="x")` said only `x: no such file`; a folder, a file that is not TOML the same."""
    missing, bad = tmp_path / "sheet.toml", tmp_path / "bad.toml"
    bad.write_text("not = toml = at all\n", encoding="utf-8")
    out = tmp_path / "map.pdf"
    for template, start in ((missing, f"template: {missing}: no such file"),
                            (tmp_path, f"template: {tmp_path}: is a folder"), (bad, f"template: {bad}:1: ")):
        with pytest.raises(TemplateError) as refused:
            washigen.render(cats_map, out, paper="a4", template=template)
        assert str(refused.value).startswith(start)
        assert refused.value.field == "template"
        with pytest.raises(TemplateError, match=f"^template: {re.escape(str(template))}:"):
            washigen.draw(cats_map, paper="a4", template=str(template))
    assert not out.exists()


def test_a_mix_file_is_named_by_its_parameter(tmp_path):
    """`generate("trail-route", "setup", mix="x")` said only `x: no such file`."""
    missing = tmp_path / "mix.toml"
    assert refusal(lambda: washigen.generate("trail-route", "setup", mix=str(missing), seed=1)) == \
        f"mix: {missing}: no such file"
    assert refusal(lambda: washigen.generate("trail-route", "setup", mix=tmp_path, seed=1)).startswith(
        f"mix: {tmp_path}: is a folder")
    assert refusal(lambda: washigen.draw_component("trail-route", "components", mix=missing)) == \
        f"mix: {missing}: no such file"
    assert washigen.generate("trail-route", "setup", mix="default", seed=1).players == 4


@pytest.mark.parametrize("profile", [object(), 7, ["shop"], "", "my shop", "x" * 5000])
def test_a_printer_profile_is_a_profiles_name(cats_map, tmp_path, profile):
    """`render(profile=object())` printed the object's repr on every sheet; a profile name is what `washigen
    profile set` saves."""
    out = tmp_path / "map.pdf"
    for call in (lambda: washigen.render(cats_map, out, profile=profile), lambda: washigen.draw(cats_map,
                                                                                                 profile=profile)):
        said = refusal(call)
        assert said.startswith("profile: a printer profile's name is 1 to 40 letters"), said
        assert len(said) < 300
    assert not out.exists()
    assert washigen.render(cats_map, out, profile="shop-1") == [out]


def test_message_takes_an_error():
    """message(7) answered '7', as if it were an error's words."""
    assert refusal(lambda: washigen.message(7)) == "error: must be an error (an exception washigen raised), got int"
    assert refusal(lambda: washigen.message("bots: x", "de")).endswith("got str")
    assert washigen.message(InputError("x")) == "x"


def test_a_balance_chart_names_seeds_and_bots_as_balance_takes_them(cats_map):
    result = washigen.balance("cats", cats_map, games=2)
    assert refusal(lambda: api.balance_chart(result, cats_map, seed=10**30)).startswith(
        "seed: must be a whole number 0..")
    assert refusal(lambda: api.balance_chart(result, cats_map, bots="x")).startswith("bots: unknown bot 'x'")
    assert api.balance_chart(result, cats_map, bots="greedy", seed=3).pages


def test_the_new_refusals_are_in_german():
    """Each refusal is a sentence of the catalog: in German where the catalog holds it (the output profile's is)."""
    with pytest.raises(InputError) as refused:
        washigen.draw(washigen.generate("cats", "map", players=2, seed=1), output_profile="x.icc")
    assert washigen.message(refused.value, "de") == "output_profile: x.icc: ein Ausgabeprofil gehört zu colour='cmyk'"


def test_a_template_refusal_worded_for_the_command_line_is_said_in_the_apis_words():
    """A TemplateError kept its flag (`give a template file with --template`): only a plain InputError was renamed.
    It is renamed and stays a TemplateError, its sentence still the catalog's."""
    from washigen.words import N_, Says

    def refuse():
        raise TemplateError(Says(N_("no built-in {kind} sheet; give a template file with {option}"), kind="coaster",
                                 option="--template"))

    with pytest.raises(TemplateError) as refused:
        api._in_python_words(refuse, "template")
    assert str(refused.value) == "no built-in coaster sheet; give a template file with template"
    assert refused.value.says.values["option"] == "template"
