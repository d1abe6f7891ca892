"""DESIGN section 4's print rules, read back from every built-in PDF output of every game: every font embedded, no
text under 6 pt (fine print under 5 pt), no text within 3 mm of a trim, and artwork at a trim reaching into the
bleed."""

from __future__ import annotations

import io

import pytest

from tests.print_matrix import OUTPUTS as MATRIX, made
from tests.printcheck import (bare_bleed, page_boxes, small_text, strict_cases, text_near_trim, text_runs,
                              unembedded_fonts)

# The outputs checked, most of them by their name in tests/print_matrix.py (the same arguments: each is made once a
# run for both preflights).
OUTPUTS = {name: MATRIX[made_as] for name, made_as in {
    "cats-map": "cats-map-2p-en",
    "cats-map-coop6": "cats-map-coop6-en",
    "cats-strips": "cats-strips-a4-en",
    "cats-tape": "cats-tape-1m-en",
    "cats-sheet": "cats-sheet-4p-en",
    "cops-map": "cops-map-2p-en",
    "cops-tape": "cops-tape-1m-en",
    "cops-sheet": "cops-sheet-a4-en",
    "cops-sheet-letter": "cops-sheet-letter-en",
    "cat-tree-deck": "cat-tree-deck-a4-en",
    "cat-tree-deck-letter": "cat-tree-deck-letter-en",
    "cat-tree-sheet": "cat-tree-sheet-a4-en",
    "trail-route-components": "trail-route-components-a4-en",
    "trail-route-setup": "trail-route-setup-en",
    **{f"rules-{game}": f"rules-{game}-a4-en" for game in ("cats", "cops", "cat-tree", "trail-route")},
    **{f"kit-{game}": f"kit-{game}-a4-en" for game in ("cats", "cops", "cat-tree", "trail-route")},
    # German words run longer and Letter is shorter than A4: the rule sheets in both, and a kit.
    **{f"rules-{game}-de-letter": f"rules-{game}-letter-de" for game in ("cats", "cops", "cat-tree", "trail-route")},
    "kit-cat-tree-letter": "kit-cat-tree-letter-en",
    "trail-route-components-de-letter": "trail-route-components-letter-de",
    # A shrine and a door at the trim, a roll's start showing the tail of its repeat (the forest section's QR code),
    # games drawn after they were played, the calibration page.
    "cats-map-shrine-at-trim": "cats-map-jinja-poppers-en",
    "cats-tape-qr": "cats-tape-qr-en",
    "cats-play-de": "cats-play-2p-de",
    "cops-play": "cops-play-2p-en",
    "calibrate": "calibrate-a4-long-en",
    "trail-route-components-a5-de": "trail-route-components-a5-de",
    # Whole 10 m rolls, as pages of whole repeats no longer than 5.08 m; a Cops repeat ending on a whole segment.
    "cats-tape-10m": "cats-tape-10m-en",
    "cops-tape-10m": "cops-tape-10m-en",
    "cops-tape-repeat": "cops-tape-repeat-en",
}.items()}
# Strips on Letter whose top row has a door.
OUTPUTS["cats-strips-letter"] = ["cats", "map", "--seed", "5", "--players", "3", "--paper", "letter"]

# Outputs that still break a rule, by check: each entry is a fault not fixed yet. The xfail is strict, so a fix
# that lands without removing its entry fails the suite.
KNOWN_FAULTS = {
    "fonts": set(),
    "small": set(),
    "trim": set(),
    "bleed": set(),
}

def _cases(check: str):
    return strict_cases(OUTPUTS, KNOWN_FAULTS[check], f"{{name}} still fails the {check} check")


def _pdf(name: str, tmp_path_factory) -> bytes:
    return made(OUTPUTS[name], tmp_path_factory)


@pytest.mark.parametrize("name", _cases("fonts"))
def test_every_font_is_embedded(name, tmp_path_factory):
    assert unembedded_fonts(_pdf(name, tmp_path_factory)) == []


@pytest.mark.parametrize("name", _cases("small"))
def test_no_text_is_too_small(name, tmp_path_factory):
    assert small_text(text_runs(_pdf(name, tmp_path_factory))) == []


@pytest.mark.parametrize("name", _cases("trim"))
def test_no_text_is_near_a_trim(name, tmp_path_factory):
    data = _pdf(name, tmp_path_factory)
    assert text_near_trim(data, text_runs(data)) == []


# Outputs whose bleed is right but white where this probe looks: it cannot tell white artwork from bare paper. A
# Cops repeat's right bleed is the next repeat's start, whose white name field begins 1.6 mm in; tests/
# test_piece_bleed.py reads that bleed against the repeat's start instead.
BLEED_READ_BY_PIECE = {"cops-tape-repeat"}


@pytest.mark.parametrize("name", [case for case in _cases("bleed") if case not in BLEED_READ_BY_PIECE])
def test_artwork_at_a_trim_reaches_into_the_bleed(name, tmp_path_factory):
    assert bare_bleed(_pdf(name, tmp_path_factory)) == []


# -- the checks themselves, on pages made to pass or fail them ------------------------------------------------
def _page(*children, bleed: float = 3.0) -> bytes:
    from washigen.backends import to_pdf
    from washigen.scene import Scene

    scene = Scene(60.0, 40.0, bleed=bleed)
    scene.children.extend(children)
    return to_pdf([scene])


def test_the_checks_pass_a_page_that_follows_the_rules():
    from washigen.scene import Rect, Style, Text

    data = _page(Rect(-3, -3, 66, 46, style=Style(fill="#336699")),
                 Text(10, 20, "six point text", size=6.2 * 25.4 / 72, style=Style(fill="#ffffff")))
    runs = text_runs(data)
    assert [run.text for run in runs] == ["six point text"]
    assert runs[0].size_pt == pytest.approx(6.2, abs=0.05)
    assert (unembedded_fonts(data), small_text(runs), text_near_trim(data, runs), bare_bleed(data)) == \
        ([], [], [], [])


def test_the_checks_catch_small_text_text_at_the_trim_and_artwork_stopping_at_the_trim():
    from washigen.scene import Rect, Style, Text

    data = _page(Rect(0, 0, 60, 40, style=Style(fill="#336699")),
                 Text(1, 20, "tiny", size=4 * 25.4 / 72))
    runs = text_runs(data)
    assert small_text(runs) == ["page 1: 'tiny' is 4.0 pt"]
    assert len(text_near_trim(data, runs)) == 1 and "from the trim" in text_near_trim(data, runs)[0]
    assert {fault.split(":")[1].strip() for fault in bare_bleed(data)} == {"left edge", "right edge", "top edge",
                                                                           "bottom edge"}


def test_an_unembedded_font_is_named():
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(100, 100, "standard font")
    canvas.showPage()
    canvas.save()
    assert unembedded_fonts(buffer.getvalue()) == ["page 1: font /Helvetica is not embedded"]


@pytest.mark.parametrize("name, band", [("cats-map", "bottom"), ("cats-map-coop6", "top")])
def test_the_seed_line_goes_where_its_band_has_room(name, band, tmp_path_factory):
    """Six players in teams leave no room beside team 3's fish for the seed line: it moves to the top band."""
    data = _pdf(name, tmp_path_factory)
    seed_lines = [run for run in text_runs(data) if "seed 1" in run.text]
    assert len(seed_lines) == 1
    middle = (page_boxes(data)[0]["media"][1] + page_boxes(data)[0]["media"][3]) / 2
    assert (seed_lines[0].box[1] > middle) == (band == "top")
