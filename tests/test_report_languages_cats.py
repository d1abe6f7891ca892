"""Cats' report in German (DESIGN 11): every sentence the Cats validator writes is a words.Says, so `validate --lang
de` and the studio's German page give the whole report in German, with the words the code chooses (top or bottom
home row, a sewer's colour, what a drawing stands on) and the decimal comma, while the English stays as it was."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from cats_maps import valid_map, valid_setup, with_rows, without_sewers  # noqa: E402
from washigen.cli import main  # noqa: E402
from washigen.games.cats.generate import generate_roll, generate_segment  # noqa: E402
from washigen.games.cats.rules import validate  # noqa: E402
from washigen.i18n import translator  # noqa: E402
from washigen.words import Says  # noqa: E402

BROKEN_MAP = Path(__file__).resolve().parents[1] / "examples" / "cats-map-broken.txt"


def _moved_fish(index: int, **changes):
    setup = valid_setup()
    fish = list(setup.fish)
    fish[index] = replace(fish[index], **changes)
    return replace(setup, fish=tuple(fish))


def _uneven():
    # fish only at the right end of the bottom row: the top side's cats walk far (as in test_cats_rules)
    return with_rows(without_sewers(valid_map(), (8, 2), (8, 17)), r8="JJJJJJJJJJJJJ.J.J.")


def _roll_missing_a_red_sewer():
    roll = generate_roll(segments=2, seed=2)
    grid = roll.segments[0]
    last = len(grid.rows)
    red = next(s for s in grid.sewers if s.row == last and s.colour == "red")
    broken = replace(grid, sewers=tuple(s for s in grid.sewers if s != red))
    return replace(roll, segments=(broken,) + roll.segments[1:]), red


# (design, rule, where, English message, German message)
CASES = [
    (lambda: without_sewers(valid_map(), (5, 3)), "cats.sewer.unpaired", {"cell": (5, 15)},
     "The blue sewer has no blue partner in row 5, so nobody can pop through it.",
     "Dieser Gully ist blau, aber kein anderer Gully in Reihe 5 ist blau; so kann niemand durch ihn hindurchhopsen."),
    (lambda: without_sewers(valid_map(), (8, 17)), "cats.home-row.no-red-sewer", {"cell": (8, 2)},
     "The bottom home row (row 8) has only one red sewer; a home row holds a red pair.",
     "Die untere Heimreihe (Reihe 8) hat nur einen roten Gully; jede Heimreihe braucht ein Paar roter Gullys."),
    (lambda: without_sewers(valid_map(), (1, 2), (1, 17)), "cats.home-row.no-red-sewer", {"cell": (1, 1)},
     "The top home row (row 1) has no red sewer; a home row holds a red pair.",
     "Die obere Heimreihe (Reihe 1) hat keinen roten Gully; jede Heimreihe braucht ein Paar roter Gullys."),
    (lambda: with_rows(valid_map(), r7="JJJJJJJJJJJJJJJJJJ"), "cats.reach.home-to-home", {"cell": (8, 1)},
     "From row 8 (bottom home row) a cat cannot reach the top home row by normal moves.",
     "Von Reihe 8 (untere Heimreihe) aus kann eine Katze die obere Heimreihe mit gewöhnlichen Schritten nicht "
     "erreichen."),
    (lambda: valid_map(tape_width=13.0), "cats.print.cell-too-small", {"field": "tape_width"},
     "Cells are 2.6 mm, under 4 mm: too small to draw fish and cats in. Use wider tape or fewer rows.",
     "Die Felder sind 2,6 mm groß, kleiner als 4 mm: zu klein, um Fische und Katzen hineinzuzeichnen. Breiteres "
     "Tape oder weniger Reihen verwenden."),
    (lambda: _moved_fish(0, col=2), "cats.setup.blocked-cell", {"cell": (1, 2)},
     "Player 1's fish at row 1, column 2 is drawn on a sewer; fish and cats go on empty street cells.",
     "Der Fisch von Person 1 in Reihe 1, Spalte 2 ist auf einem Gully gezeichnet; Fische und Katzen gehören auf "
     "leere Straßenfelder."),
    (lambda: _moved_fish(1, col=3), "cats.setup.spacing", {"cell": (1, 3)},
     "Player 2's fish at row 1, column 3 is too close to the fish at row 1, column 1: leave 2 empty cells between "
     "drawings.",
     "Der Fisch von Person 2 in Reihe 1, Spalte 3 liegt zu nah am Fisch in Reihe 1, Spalte 1: zwischen zwei "
     "Zeichnungen 2 Felder frei lassen."),
    (lambda: replace(valid_setup(), fish=valid_setup().fish[1:]), "cats.setup.fish-count", {"row": 1},
     "Player 1 drew 1 fish on the top home row (row 1); everybody draws two fish on each home row.",
     "Person 1 hat 1 Fisch in die obere Heimreihe (Reihe 1) gezeichnet; jede Person zeichnet in jede Heimreihe "
     "zwei Fische."),
]


def _the(report, rule, where):
    return next(v for v in report if v.rule == rule and v.where == where)


@pytest.mark.parametrize("make, rule, where, english, german", CASES, ids=[c[1] + str(c[2]) for c in CASES])
def test_a_broken_design_is_reported_in_german_at_the_same_rule_and_place(make, rule, where, english, german):
    report = validate(make())
    violation = _the(report, rule, where)
    assert violation.message == english
    assert violation.text("de") == german
    in_english, in_german = report.to_dict(), report.to_dict("de")
    assert [(v["rule"], v["where"]) for v in in_german["violations"]] == \
        [(v["rule"], v["where"]) for v in in_english["violations"]]
    assert [v["message"] for v in in_english["violations"]] == [v.message for v in report]


def test_the_balance_warning_gives_its_steps_with_the_decimal_comma():
    violation = _the(validate(_uneven()), "cats.balance.uneven", {"cell": (1, 1)})
    steps = f"{violation.says.values['gap']:.1f}"
    assert violation.message == (f"Cats from the top home row need {steps} steps more on average to fetch a fish and "
                                 "come home than the other side's (more than 2).")
    assert "." in steps
    assert violation.text("de") == (f"Katzen aus der oberen Heimreihe brauchen im Schnitt {steps.replace('.', ',')} "
                                    "Schritte mehr als die Katzen der anderen Seite, um einen Fisch zu holen und "
                                    "heimzukehren (mehr als 2 Schritte Unterschied).")


def test_a_qr_code_left_out_names_the_player_band_in_german_with_its_size():
    violation = _the(validate(valid_map(tape_width=30.0, rules_url="https://example.org/" + "q" * 90)),
                     "cats.print.qr-left-out", {"field": "rules_url"})
    assert violation.message == ("The rules' QR code needs 21.2 mm square to scan; the player band cannot hold it, "
                                 "so it is left out. Print the address on the rule sheet, or use wider tape.")
    assert violation.text("de").startswith("Der QR-Code zu den Regeln braucht 21,2 mm im Quadrat, um scannbar zu "
                                           "sein; die Spielerleiste bietet dafür keinen Platz")


def test_a_rolls_segment_keeps_its_number_and_says_the_segments_sentence_in_german():
    roll, red = _roll_missing_a_red_sewer()
    report = validate(roll)
    violation = next(v for v in report if v.rule == "cats.home-row.no-red-sewer")
    assert violation.where["segment"] == 1
    row = len(roll.segments[0].rows)
    assert violation.message == (f"Segment 1: The segment's home row (row {row}) has only one red sewer; a home row "
                                 "holds a red pair.")
    assert violation.text("de") == (f"Segment 1: Die Heimreihe (Reihe {row}) hat nur einen roten Gully; jede "
                                    "Heimreihe braucht ein Paar roter Gullys.")


def test_a_segment_alone_names_its_far_edge_as_the_row_to_reach():
    segment = generate_segment(seed=0)
    rows = list(segment.grid.rows)
    assert rows[3] == "." * len(rows[3])                  # a bare street row across the segment: shrines on it
    rows[3] = "J" * len(rows[3])
    report = validate(replace(segment, grid=replace(segment.grid, rows=tuple(rows))))
    stuck = [v for v in report if v.rule == "cats.reach.home-to-home"]
    last = len(rows)
    assert stuck and stuck[0].message == (f"From row {last} (segment's home row) a cat cannot reach row 1 by normal "
                                          "moves.")
    assert stuck[0].text("de") == (f"Von Reihe {last} (Heimreihe) aus kann eine Katze Reihe 1 mit gewöhnlichen "
                                   "Schritten nicht erreichen.")


def test_validate_lang_de_prints_a_broken_cats_map_in_german():
    runner = CliRunner()
    text = runner.invoke(main, ["validate", str(BROKEN_MAP), "--lang", "de"])
    assert text.exit_code == 1, text.output
    assert "Fehler: cats.home-row.no-red-sewer bei Feld (18; 5): Die untere Heimreihe (Reihe 18) hat nur einen " \
           "roten Gully" in text.output
    assert "Das Gebäude in Reihe 10, Spalte 16 hat keine Öffnung" in text.output
    found = json.loads(runner.invoke(main, ["validate", str(BROKEN_MAP), "--lang", "de", "--json"]).output)
    english = json.loads(runner.invoke(main, ["validate", str(BROKEN_MAP), "--json"]).output)
    assert [(v["rule"], v["where"]) for v in found["violations"]] == \
        [(v["rule"], v["where"]) for v in english["violations"]]
    assert english["violations"][0]["message"].startswith("The bottom home row (row 18) has only one red sewer")


def _corpus():
    from test_cats_rules import BROKEN, SETUP_BROKEN

    designs = [make() for _, make, *_ in BROKEN + SETUP_BROKEN]
    designs += [design() for design, *_ in CASES] + [_uneven(), _roll_missing_a_red_sewer()[0],
                                                      valid_map(players=3),
                                                      valid_map(tape_width=30.0, rules_url="https://example.org/"
                                                                + "q" * 90)]
    return [v for design in designs for v in validate(design)]


def _templates(says: Says):
    """(English, German) of each template a sentence and the words among its values take (a plural pair's forms for
    its count)."""
    german = translator("de")
    if isinstance(says.template, tuple):
        yield says.english(), german.ngettext(*says.template, says.count)
    else:
        yield says.template, german(says.template)
    for value in says.values.values():
        if isinstance(value, Says):
            yield from _templates(value)


def test_every_violation_of_the_broken_designs_carries_a_says_the_catalog_translates():
    violations = _corpus()
    assert len({v.rule for v in violations}) >= 15
    for v in violations:
        assert v.says is not None, v
        assert str(v.says) == v.message
        for template, german in _templates(v.says):
            assert german != template or template.startswith("Segment "), template
        assert v.text("de") != v.message, v
