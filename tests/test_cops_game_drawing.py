"""The drawing of a played Cops game (`cops play -o game.svg`, the studio's bot game) says under its map how the game
ended and which squad played which colour, in the language asked: read back from its SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from washigen import api
from washigen.games.cops import engine
from washigen.games.cops.draw_game import SQUAD_COLOURS, game_scene, printed_outcome
from washigen.games.cops.generate import generate_map
from washigen.games.cops.playtest import play_game, turn_limit

SVG = "{http://www.w3.org/2000/svg}"
WORDS = {"en": ("squad {n} ({colour})", ("red", "blue"),
                "Squad {n} solves its second crime after {turns} turns and wins", "crimes solved: {count}"),
         "de": ("Trupp {n} ({colour})", ("rot", "blau"),
                "Trupp {n} klärt nach {turns} Zügen sein zweites Verbrechen auf und gewinnt",
                "Verbrechen aufgeklärt: {count}")}


@pytest.fixture(scope="module")
def game():
    design = generate_map(2, 9)
    match = play_game(design, "greedy", 868702639, 0)          # the game `cops play --players 2 --seed 9` draws
    assert match.result is not None and match.result.winners
    return design, match


def drawn(design, state, lang: str) -> tuple[list[ET.Element], list[ET.Element]]:
    """What the drawing holds on its map, and the children of the strip under the map (the page's last group)."""
    root = ET.fromstring(api.svg(game_scene(design, state, lang=lang)))
    under = [child for child in root if child.tag == f"{SVG}g"][-1]
    on_map = [item for child in root if child is not under and child.tag != f"{SVG}defs" for item in child.iter()]
    return on_map, list(under)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_finished_game_says_who_won_and_keys_each_squad_to_its_colour_on_the_map(game, lang):
    design, match = game
    final = match.final
    label, colours, wins, crimes = WORDS[lang]
    on_map, items = drawn(design, final, lang)
    texts = [item.text for item in items if item.tag == f"{SVG}text"]
    winner = match.result.winners[0]
    assert texts[0] == wins.format(n=winner + 1, turns=len(match.moves))
    assert items[0].get("font-weight") == "bold"
    swatch = {}
    for squad in range(2):
        at = next(k for k, item in enumerate(items) if item.text == label.format(n=squad + 1, colour=colours[squad]))
        assert items[at - 1].tag == f"{SVG}rect"                   # the box beside the squad's name
        swatch[squad] = items[at - 1].get("fill")
        after = next(item.text for item in items[at + 1:] if item.tag == f"{SVG}text")      # the entry's count
        assert after == crimes.format(count=len(final.crimes[squad]))
    assert swatch == {0: SQUAD_COLOURS[0], 1: SQUAD_COLOURS[1]}
    if lang == "de":
        assert not {"squad", "crimes", "solved", "wins", "turns"} & {w.lower() for t in texts for w in t.split()}
    # The key's colours are the map's: each solved zone's disc (its solver's number) and every area a squad filled.
    discs = [(a.get("fill"), b.text) for a, b in zip(on_map, on_map[1:])
             if a.tag == f"{SVG}circle" and a.get("stroke") == "#ffffff" and b.tag == f"{SVG}text"]
    assert discs and all(colour == swatch[int(number) - 1] for colour, number in discs)
    assert len(discs) == sum(1 for solver in final.solved if solver >= 0)
    areas = [item.get("fill") for item in on_map if item.tag in (f"{SVG}circle", f"{SVG}rect")
             and item.get("stroke") == "#2b2b2b" and item.get("fill") in swatch.values()]
    for squad in range(2):
        filled = sum(owners.count(squad) for owners in final.filled)
        assert filled > 0 and areas.count(swatch[squad]) == filled
    # both squads' ramen bowls, those eaten crossed off (two strokes each)
    bowls = [item for item in items if item.tag == f"{SVG}use"]
    assert len(bowls) == 2 * engine.RAMEN
    assert sum(1 for item in items if item.tag == f"{SVG}line") == 2 * sum(engine.RAMEN - n for n in final.ramen)


def test_a_game_drawn_before_its_end_a_stalemate_and_the_turn_limit_say_so(game):
    design, match = game
    state = engine.initial_state(design, first=0)
    for text in match.moves[:3]:
        state = engine.apply(state, engine.parse_move(text, state))
    for lang, words in (("en", "Still in play after 3 turns"), ("de", "Nach 3 Zügen noch im Spiel")):
        _on_map, items = drawn(design, state, lang)
        assert items[0].text == words
    stuck = replace(state, passes=state.players)                  # every squad passed in a row
    assert engine.result(stuck) is not None
    assert printed_outcome(design, stuck) == "Stalemate after 3 turns: no squad can move any more, so no one wins"
    assert printed_outcome(design, stuck, "de") == \
        "Patt nach 3 Zügen: Kein Trupp kann mehr ziehen, daher gewinnt niemand"
    limit = turn_limit(design)
    out_of_time = replace(state, plies=limit)
    assert printed_outcome(design, out_of_time) == \
        f"Turn limit reached after {limit} turns: no squad has solved two crimes"
    assert printed_outcome(design, out_of_time, "de") == \
        f"Zuglimit nach {limit} Zügen erreicht: Kein Trupp hat zwei Verbrechen aufgeklärt"
