"""An audit of the rule sheets (seeds/*.md) against the reference rules and DESIGN 5, 6 and 9: each test a point
where a sheet left out or misnamed something the reference or DESIGN fixes, read from the parsed rule text."""

from __future__ import annotations

import re

import pytest

from washigen.i18n import translator
from washigen.rulebook import load_rules
from washigen.rulebook import markdown as md


def _sections(game: str, lang: str) -> dict[str, list]:
    """The blocks under each level-2 heading, by the heading's plain text."""
    sections: dict[str, list] = {}
    current = None
    for block in load_rules(game, lang).blocks:
        if isinstance(block, md.Heading) and block.level == 2:
            current = sections.setdefault(md.plain(block.text), [])
        elif current is not None:
            current.append(block)
    return sections


def _text(blocks) -> str:
    parts = []
    for block in blocks:
        if isinstance(block, (md.Heading, md.Paragraph)):
            parts.append(block.text)
        elif isinstance(block, md.ListBlock):
            parts += block.items
        elif isinstance(block, md.Table):
            parts += [cell for row in (block.header, *block.rows) for cell in row]
    return " ".join(md.plain(part) for part in parts)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text.lower()))


CATS = {
    "en": {"step": "Playing the game", "fish": "Fish", "end": "End of the game",
           "own lines": "own lines never stop you", "home": "does not move again", "gone": "no other cat can take it",
           "more players": "the others play on"},
    "de": {"step": "Der Spielablauf", "fish": "Fische", "end": "Spielende",
           "own lines": "eigenen Linien halten dich nie auf", "home": "zieht für den Rest der Partie nicht mehr",
           "gone": "Keine andere Katze",
           "more players": "die anderen spielen weiter"},
}


@pytest.mark.parametrize("lang", sorted(CATS))
def test_cats_says_what_design_9_fixes_where_the_rule_is_told(lang):
    """DESIGN 9 "Cats": own lines may be stepped on again, a fish taken is gone, a cat home moves no more, and a
    trapped player with more than two players is out while the others play on (the reference's "the game ends"
    holds for two); each in the section that tells the rule, not only in the readings at the end."""
    words = CATS[lang]
    sections = _sections("cats", lang)
    assert words["own lines"] in _text(sections[words["step"]])
    fish = _text(sections[words["fish"]])
    assert words["gone"] in fish and words["home"] in fish
    assert words["more players"] in _text(sections[words["end"]])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_trail_route_states_the_engines_readings(lang):
    """The engine decides where the reference is open (engine.py; README); like Cats and Cops the sheet says so,
    in the same points in both languages."""
    sections = _sections("trail-route", lang)
    last = list(sections)[-1]
    items = [item for block in sections[last] if isinstance(block, md.ListBlock) for item in block.items]
    assert len(items) == 10, (last, items)
    wall = translator(lang).gettext("wall").lower()
    assert wall in _text(sections[last]).lower()


def test_cat_tree_german_names_a_floating_part_as_the_reference_card_does():
    """The German reference card printed on the same sheet says "Schwebende Teile"; the text used "Block"."""
    floating = translator("de").gettext("Floating parts")
    part = floating.split()[-1].lower()                      # "teile"
    sections = _sections("cat-tree", "de")
    scoring = _text(sections["Wertung"])
    assert "block" not in _words(scoring) and "blöcke" not in _words(scoring)
    assert part in _words(scoring)


@pytest.mark.parametrize("lang, roads", [("en", "yellow roads"), ("de", "gelben Straßen")])
def test_cops_calls_the_yellow_lines_paths_not_roads(lang, roads):
    """A road is what players draw to complete an offset map; the printed yellow lines are paths throughout."""
    assert roads not in _text(load_rules("cops", lang).blocks)
