"""The specs' helps in the user's language: every component's and parameter's help of a built-in game is marked for
the catalog, so `help_text("de")` and the studio's German listing give German words with the same numbers as the
English; a plugin's help that the catalog does not hold comes back as written."""

from __future__ import annotations

import pkgutil
import re
from collections import Counter
from dataclasses import dataclass

import pytest

import washigen.games
from washigen.games import Component, Param, get_component, get_game
from washigen.games.params import param, params_of, seed_param
from washigen.studio.api import games_listing

BUILT_IN = sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(washigen.games.__path__) if m.ispkg)
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")           # 63.5 in English is 63,5 in German


def numbers(text: str) -> Counter[str]:
    return Counter(found.replace(",", ".") for found in NUMBER.findall(text))


def helps(game: str) -> list[tuple[str, Component | Param]]:
    """(where, item) for every component of the game and every parameter of each that has a help."""
    found: list[tuple[str, Component | Param]] = []
    for component in get_game(game).components:
        found.append((f"{game} {component.name}", component))
        found += [(f"{game} {component.name} {p.option}", p) for p in component.params if p.help]
    return found


def test_every_built_in_game_is_checked():
    assert set(BUILT_IN) >= {"cats", "cops", "cat-tree", "trail-route"}


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_help_of_a_game_reads_in_german(game):
    for where, item in helps(game):
        english, german = item.help_text("en"), item.help_text("de")
        assert english == item.help, where
        assert german and german != english, f"{where}: no German help for {english!r}"
        assert "{" not in german, f"{where}: a field left unfilled in {german!r}"


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_german_help_keeps_the_numbers_of_the_english(game):
    for where, item in helps(game):
        english, german = item.help_text("en"), item.help_text("de")
        assert numbers(german) == numbers(english), (where, english, german)


def test_a_template_help_is_filled_in_after_translation():
    tape_width = next(p for p in get_component(get_game("cats"), "map").params if p.name == "tape_width")
    widths = dict(tape_width.help_fields)["widths"]
    german = tape_width.help_text("de")
    assert german.startswith("Tapebreite (") and f"Standardbreiten: {widths} mm" in german
    assert f"standard tapes: {widths} mm" in tape_width.help


def test_the_studio_lists_the_german_helps():
    german = {g["name"]: g for g in games_listing("de")["games"] if g["name"] in BUILT_IN}
    english = {g["name"]: g for g in games_listing("en")["games"] if g["name"] in BUILT_IN}
    assert sorted(german) == BUILT_IN
    for name, listed in german.items():
        declared = {c.name: c for c in get_game(name).components}
        assert [c["name"] for c in listed["components"]] == [c["name"] for c in english[name]["components"]]
        for shown, shown_en in zip(listed["components"], english[name]["components"]):
            component = declared[shown["name"]]
            assert shown["help"] == component.help_text("de") != shown_en["help"] == component.help
            by_keyword = {p.keyword: p for p in component.params}
            for field, field_en in zip(shown["params"], shown_en["params"]):
                declared_param = by_keyword[field["name"]]
                assert field["help"] == declared_param.help_text("de"), (name, shown["name"], field["name"])
                if declared_param.help:
                    assert field["help"] != field_en["help"], (name, shown["name"], field["name"])
    cops_map = next(c for c in german["cops"]["components"] if c["name"] == "map")
    assert cops_map["help"] == "Ein Spielfeld für 2 bis 6 Trupps, ein Segment je Trupp"


@dataclass(frozen=True)
class PondParams:
    """A plugin's parameters: its own words are not in washigen's catalog; the seed's help is washigen's."""
    depth: int = param(3, "Depth of the pond, {low}-{high} steps.", min=1, max=9, help_fields={"low": 1, "high": 9})
    lilies: int = param(3, "Lily pads on the pond.", min=1, max=9)
    label: str = param("", "")
    seed: int | None = seed_param()


def test_a_plugin_help_the_catalog_does_not_hold_comes_back_unchanged():
    pond = Component("pond", "A pond with its lily pads", options=PondParams)
    assert pond.help_text("de") == "A pond with its lily pads"
    by_name = {p.name: p for p in params_of(PondParams)}
    assert by_name["depth"].help_text("de") == by_name["depth"].help_text("en") == "Depth of the pond, 1-9 steps."
    assert by_name["lilies"].help_text("de") == "Lily pads on the pond."
    assert by_name["label"].help_text("de") == ""          # not gettext(""), the catalog's header
    assert by_name["seed"].help_text("de").startswith("Startwert des Zufallsgenerators")
