"""The Cats' Trail Route's report in German (DESIGN 11): every sentence of its validator is a words.Says, so
`validate --lang de` says each broken rule in German, with the words the code puts in (a tile, a colour, a hand card,
who holds it) in German too, while the rule id, the place and the English sentence stay as they are."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.design import dumps
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import COLS, DEST_CODES, ROAD_CODES, ROWS, TOKEN_TO_ROAD, dest_name, tile_name
from washigen.games.trail_route.rules import Capitalized, tile_says, validate
from washigen.i18n import translator



def plain_setup(players=4):
    """A valid setup whose road is all plain road, to break one rule at a time."""
    setup = generate_setup(players, seed=3)
    road = tuple(tuple("road" for _ in range(COLS)) for _ in range(ROWS[players]))
    mix = replace(setup.mix, road=(("road", 42),) + tuple((c, n) for c, n in setup.mix.road if c != "road"))
    return replace(setup, road=road, mix=mix)


def with_tiles(setup, tiles: dict):
    """The setup with some road tiles replaced: {(row, col) 1-based: token}."""
    road = [list(row) for row in setup.road]
    for (r, c), token in tiles.items():
        road[r - 1][c - 1] = TOKEN_TO_ROAD[token]
    return replace(setup, road=tuple(tuple(row) for row in road))


def dealt_setup():
    """Setup 4/4 with a fifth Hidden Passage in seat 4 in place of a Mirror, and that Mirror undealt."""
    setup = generate_setup(4, 4)
    hands = (("hidden-passage",) * 4, ("deep-fog",) * 4, ("living-path",) * 2 + ("curiosity",) * 2,
             ("someone-calling",) * 2 + ("mirror", "hidden-passage"))
    seats = tuple(replace(seat, hand=hand) for seat, hand in zip(setup.seats, hands))
    return replace(setup, seats=seats, undealt=("mirror",))


def shared_colour():
    setup = generate_setup(4, 4)
    return replace(setup, seats=(replace(setup.seats[0], colour=setup.seats[1].colour),) + setup.seats[1:])


def short_hand():
    setup = generate_setup(4, 4)
    return replace(setup, seats=(replace(setup.seats[0], hand=setup.seats[0].hand[:3]),) + setup.seats[1:])


def too_many_walls():
    setup = plain_setup()
    walls = dict(setup.mix.road)["wall"]
    return with_tiles(setup, {(1, c): "#" for c in range(1, walls + 2)})


def wall_in_the_exchange():
    setup = generate_setup(4, 4)
    return replace(setup, exchange=setup.exchange[1:] + ("wall",))


def destination_twice():
    setup = generate_setup(4, 4)
    rows = [list(row) for row in setup.destinations]
    rows[-1][-1] = "pair-red-blue"                       # the mix holds one tile of each colour pair
    return replace(setup, destinations=tuple(tuple(row) for row in rows))


# (setup, rule, where, English, German): one violation of the setup's report, in both languages
CASES = {
    "loop": (lambda: with_tiles(plain_setup(), {(2, 3): "rb>", (2, 4): "<"}), "trail-route.arrow.loop",
             {"tile": (2, 3), "colours": "red/blue"},
             "Arrows send a red or blue cat round in a loop: (2, 3) -> (2, 4) and back.",
             "Pfeile schicken eine rote oder blaue Katze im Kreis herum: (2, 3) -> (2, 4) und zurück."),
    "loop-one-colour": (lambda: with_tiles(plain_setup(), {(2, 3): "rb>", (2, 4): "ry<"}), "trail-route.arrow.loop",
                        {"tile": (2, 3), "colours": "red"},
                        "Arrows send a red cat round in a loop: (2, 3) -> (2, 4) and back.",
                        "Pfeile schicken eine rote Katze im Kreis herum: (2, 3) -> (2, 4) und zurück."),
    "off-board": (lambda: with_tiles(plain_setup(), {(4, 7): ">"}), "trail-route.arrow.off-board",
                  {"tile": (4, 7), "colours": "red/blue/green/yellow"},
                  "This arrow in the last column pushes every cat off the right edge of the board.",
                  "Dieser Pfeil in der letzten Spalte schiebt jede Katze über den rechten Rand des Spielplans "
                  "hinaus."),
    "tunnel": (lambda: with_tiles(plain_setup(), {(3, 7): "T"}), "trail-route.row.impassable",
               {"row": 3, "tile": (3, 7)},
               "A cat starting in row 3 can never reach the destinations: walls and tunnels close its way, first "
               "this tunnel.",
               "Eine Katze, die in Reihe 3 startet, kann die Ziele nie erreichen: Mauern und Tunnel versperren ihr "
               "den Weg, als Erstes dieser Tunnel."),
    "colour-arrow-count": (lambda: with_tiles(plain_setup(), {(2, 3): "rb>"}), "trail-route.mix.count",
                           {"tile": (2, 3)},
                           "This is red/blue arrow right number 1 on the board; the mix (default) has none.",
                           "Dies ist das 1. Plättchen „Farbpfeil rot/blau nach rechts“ auf dem Spielplan; die "
                           "Mischung (default) enthält keines."),
    "wall-count": (too_many_walls, "trail-route.mix.count", {"tile": (1, 4)},
                   "This is wall number 4 on the board; the mix (default) has only 3.",
                   "Dies ist das 4. Plättchen „Mauer“ auf dem Spielplan; die Mischung (default) enthält nur 3."),
    "destination-count": (destination_twice, "trail-route.mix.count", {"destination": (6, 2)},
                          "This is destination 'Red & blue' number 2; the mix (default) has only 1.",
                          "Dies ist das 2. Zielplättchen mit dem Farbpaar rot/blau; die Mischung (default) enthält "
                          "nur 1."),
    "exchange": (wall_in_the_exchange, "trail-route.mix.count", {"exchange": "Wall"},
                 "The exchange deck holds 2 Wall tiles, the mix (default) 1.",
                 "Der Ersatzstapel enthält 2 Plättchen „Mauer“, die Mischung (default) 1."),
    "seat-colour": (shared_colour, "trail-route.seats.colour", {"seat": 1},
                    "Seats 1 and 2 both play red; each player has a colour of their own.",
                    "Die Plätze 1 und 2 sind beide rot; jede Person hat ihre eigene Farbe."),
    "hand": (short_hand, "trail-route.cards.hand", {"seat": 1},
             "Player 1 holds 3 hand cards; each player is dealt 4.",
             "Person 1 hat 3 Handkarten; jede Person erhält 4."),
    "deck": (dealt_setup, "trail-route.cards.deck", {},
             "The hands and the undealt cards are not the 16 hand cards of the game (4 + 4 + 2 + 2 + 2 + 2). "
             "5 x A Hidden Passage, 1 over the game's 4 (seat 1 holds 4, seat 4 holds 1).",
             "Die Kartenhände und die nicht ausgeteilten Karten ergeben nicht die 16 Handkarten des Spiels "
             "(4 + 4 + 2 + 2 + 2 + 2). 5 × „Ein verborgener Durchgang“, 1 mehr als die 4 des Spiels (Platz 1 hat 4, "
             "Platz 4 hat 1)."),
    "grid": (lambda: replace(generate_setup(4, 2), players=3), "trail-route.grid.size", {},
             "3 players play on 5 rows of road tiles, this setup has 6.",
             "3 Personen spielen auf 5 Reihen Straßenplättchen, dieser Aufbau hat 6."),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_german_report_names_the_same_rule_and_place_and_says_the_sentence_in_german(name):
    make, rule, where, english, german = CASES[name]
    report = validate(make())
    en, de = report.to_dict(), report.to_dict("de")
    assert [v["rule"] for v in de["violations"]] == [v["rule"] for v in en["violations"]]
    assert [v["where"] for v in de["violations"]] == [v["where"] for v in en["violations"]]
    [found] = [n for n, v in enumerate(report.violations) if v.rule == rule and v.where == where and
               v.message == english]                    # the English sentence as it was
    assert en["violations"][found]["message"] == english
    assert de["violations"][found]["message"] == german


def test_the_whole_german_report_of_a_setup_broken_many_ways_is_german():
    """Every sentence and every word put into it; the places keep their values (names a script reads)."""
    setup = with_tiles(dealt_setup(), {(2, 3): "rb>", (2, 4): "<", (4, 7): "gy>", (3, 7): "#", (5, 7): "T"})
    setup = replace(setup, seats=(replace(setup.seats[0], colour=setup.seats[2].colour),) + setup.seats[1:])
    report = validate(setup)
    assert len(report.rules()) == 6
    english = {"a", "and", "arrow", "back", "cat", "every", "green", "hidden", "holds", "mix", "none", "number",
               "only", "over", "passage", "red", "right", "seat", "seats", "short", "the", "this", "tile", "wall",
               "yellow"}
    for violation in report.violations:
        assert violation.says is not None
        german = violation.text("de")
        assert not set(re.findall(r"[a-z]+", german.lower())) & english, german
    assert "Die Plätze 1 und 3 sind beide grün; jede Person hat ihre eigene Farbe." in report.format_text("de")


def test_every_road_tile_is_named_in_english_as_tile_name_writes_it_and_in_german_by_the_catalog():
    _ = translator("de")
    for code in ROAD_CODES:
        says = tile_says(code)
        assert str(says) == tile_name(code).lower()
        assert str(Capitalized(says.template, **says.values)) == tile_name(code)
        german = _.says(says)
        assert (german != str(says) or code == "tunnel") and "arrow" not in german, (code, german)


def test_every_destination_over_the_mix_is_said_with_its_english_name_and_in_german():
    setup = generate_setup(4, 4)
    for code in DEST_CODES:
        board = tuple((code, code) for _ in setup.destinations)
        [found] = [v for v in validate(replace(setup, destinations=board)).violations if "destination" in v.where][:1]
        assert f"destination '{dest_name(code)}' number " in found.message
        assert found.text("de").startswith("Dies ist das ") and "Zielplättchen" in found.text("de")


def test_validate_lang_de_prints_a_broken_trail_route_setup_in_german(tmp_path):
    out = tmp_path / "broken.json"
    out.write_text(dumps(with_tiles(plain_setup(), {(2, 7): "#"})))
    german = CliRunner().invoke(main, ["validate", str(out), "--lang", "de"])
    assert german.exit_code == 1, german.output
    assert "Fehler: trail-route.row.impassable bei Reihe 2, Plättchen (2; 7): Eine Katze, die in Reihe 2 startet, " \
           "kann die Ziele nie erreichen" in german.output
    assert "als Erstes diese Mauer." in german.output
    english = CliRunner().invoke(main, ["validate", str(out)])
    assert "error: trail-route.row.impassable at row 2, tile (2, 7): A cat starting in row 2 can never reach the " \
           "destinations: walls and tunnels close its way, first this wall." in english.output
