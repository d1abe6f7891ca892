"""Faults a sweep of Cats and Cops at their parameter extremes found (tape 10-200 mm, 4-15 rows, 18-60 columns, 2-6
players, team play, long games, forests, both layouts and offsets, en and de, A4 and Letter): each failing command's
PDF held to the preflight (tests/printcheck.py)."""

from __future__ import annotations

import pytest

from .print_matrix import made
from .printcheck import preflight

# Round letters and digits dip about 1.5 % of their size below the baseline; on 50 mm tape with 4 rows (10 mm cells)
# and wider the band's words are 5 to 13 mm tall, and their lowest ink came 2.8 to 2.9 mm from the trim.
BAND_WORDS_ON_WIDE_TAPE = {
    "digit": ["cats", "map", "--tape-width", "50mm", "--segment-rows", "4", "--segment-cols", "60", "--players", "3",
              "--seed", "37", "--lang", "de"],
    "team": ["cats", "setup", "--tape-width", "50mm", "--segment-rows", "4", "--players", "4", "--coop", "--seed", "5",
             "--lang", "de"],
    "words-120mm": ["cats", "map", "--tape-width", "120mm", "--segment-rows", "4", "--seed", "2"],
}


@pytest.mark.parametrize("case", list(BAND_WORDS_ON_WIDE_TAPE))
def test_a_band_s_large_words_keep_the_safe_zone_with_their_round_letters(case, tmp_path_factory):
    assert preflight(made(BAND_WORDS_ON_WIDE_TAPE[case], tmp_path_factory)) == []


def test_the_strip_numbers_of_the_assembly_plan_are_six_point_on_narrow_tape(tmp_path_factory):
    """On 10 mm tape with 4 rows the plan's strips are 3.6 mm tall, and their numbers were 5.6 pt."""
    pdf = made(["cats", "map", "--tape-width", "10mm", "--segment-rows", "4", "--players", "5", "--paper", "a4",
                "--seed", "28", "--lang", "de"], tmp_path_factory)
    assert preflight(pdf) == []


# A played game's results strip on a drawing narrower than one of its parts: the words ran up to 17.8 mm past the
# trim ('Person 2 (ausgeschieden)' 11.8 mm on a 42 mm wide map), and on white paper the preflight's bare-paper rule
# let the Cops ones through; every word is measured against the page here.
NARROW_GAMES = {
    "cats-20mm": ["cats", "play", "--tape-width", "20mm", "--segment-rows", "9", "--segment-cols", "18", "--players",
                  "2", "--seed", "14", "--lang", "de"],
    "cops-10mm": ["cops", "play", "--tape-width", "10mm", "--layout", "stacked", "--players", "4", "--seed", "39",
                  "--lang", "de"],
}


@pytest.mark.parametrize("case", list(NARROW_GAMES))
def test_a_narrow_game_s_results_strip_keeps_every_word_inside_the_page(case, tmp_path_factory):
    from .printcheck import SAFE_MM, TOLERANCE_MM, page_boxes, text_runs

    pdf = made(NARROW_GAMES[case], tmp_path_factory)
    trim = page_boxes(pdf)[0]["trim"]
    for run in text_runs(pdf):
        x0, _y0, x1, _y1 = run.box
        assert x0 >= trim[0] + SAFE_MM - TOLERANCE_MM and x1 <= trim[2] - SAFE_MM + TOLERANCE_MM, (run.text, run.box,
                                                                                                  trim)
    assert preflight(pdf) == []
