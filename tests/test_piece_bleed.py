"""Every cut edge of every piece carries its artwork into the bleed, beside an empty slot too (DESIGN 4), probed
on a raster of each piece's own trim (tests/piece_bleed.py)."""

from __future__ import annotations

import pytest

from tests.piece_bleed import Piece, command_pieces, document_pieces, piece_bleed, recorded_slots
from tests.printcheck import strict_cases
from washigen.backends import to_pdf
from washigen.scene import Rect, Scene, Style

# Sheets of cards, tiles, pawns and strips, and tape repeats, with the faults found in them first (issue 20) and
# a handful that were clean.
OUTPUTS = {
    "trail-route-components": ["trail-route", "components"],       # pawns; hand cards beside empty slots
    "cat-tree-deck-letter-duplex": ["cat-tree", "deck", "--paper", "letter", "--duplex", "long"],
    "kit-cat-tree": ["kit", "cat-tree"],
    "cops-tape-repeat": ["cops", "tape", "--seed", "1"],            # the repeat's right bleed, its joint paths
    "cat-tree-deck": ["cat-tree", "deck"],
    "cats-strips": ["cats", "map", "--seed", "1", "--players", "4", "--paper", "a4"],
    "cats-tape": ["cats", "tape", "--seed", "1", "--length", "1m"],
    "cops-sheet": ["cops", "sheet"],
}

# Outputs with a piece whose artwork still stops at its trim. The xfail is strict, so a fix that lands without
# removing its entry fails the suite.
KNOWN_FAULTS: set[str] = set()


@pytest.mark.parametrize("name", strict_cases(OUTPUTS, KNOWN_FAULTS, "{name}: a piece stops at its trim"))
def test_every_cut_edge_of_every_piece_bleeds(name, tmp_path):
    data, pieces = command_pieces(OUTPUTS[name], tmp_path / f"{name}.pdf")
    assert pieces
    assert piece_bleed(data, pieces) == []


# -- the check itself, on sheets made to pass or fail it ----------------------------------------------------------
CARD_W, CARD_H = 63.5, 88.9
BLUE = Style(fill="#336699")


def _two_cards_and_an_empty_slot(second_bleeds_right: bool) -> tuple[bytes, list[Piece]]:
    """An A4 sheet, cards edge to edge (no gutter): card 1 bleeds on every outer side and meets card 2, which
    has an empty slot on its right."""
    sheet = Scene(210.0, 297.0)
    x1, x2, y = 10.0, 10.0 + CARD_W, 20.0
    sheet.add(Rect(x1 - 3, y - 3, CARD_W + 3, CARD_H + 6, BLUE),
              Rect(x2, y - 3, CARD_W + (3 if second_bleeds_right else 0), CARD_H + 6, BLUE))
    pieces = [Piece(1, "card 1", (x1, y, x1 + CARD_W, y + CARD_H)),
              Piece(1, "card 2", (x2, y, x2 + CARD_W, y + CARD_H))]
    return to_pdf([sheet]), pieces


def test_artwork_stopping_at_its_trim_beside_an_empty_slot_is_named():
    faults = piece_bleed(*_two_cards_and_an_empty_slot(second_bleeds_right=False))
    assert len(faults) == 1, faults
    assert faults[0].startswith("page 1: card 2, right edge: ")
    assert faults[0].endswith("points of artwork stop at the trim (bare paper beyond)")


def test_cards_that_bleed_on_every_cut_edge_give_no_fault():
    """Card 1's right edge meets card 2: what lies beyond is card 2's artwork, not card 1's bleed."""
    assert piece_bleed(*_two_cards_and_an_empty_slot(second_bleeds_right=True)) == []


def test_a_pale_ground_where_a_band_stops_at_the_trim_is_named():
    """A tinted panel ending at the trim with the piece's cream ground beyond (Trail Route's first pawns)."""
    sheet = Scene(100.0, 120.0)
    sheet.add(Rect(17, 17, 36, 96, Style(fill="#fbf5e6")), Rect(20, 40, 30, 30, Style(fill="#e0a0a0")))
    faults = piece_bleed(to_pdf([sheet]), [Piece(1, "pawn", (20.0, 20.0, 50.0, 110.0))])
    assert [fault.split(":")[1].split(",")[1].strip() for fault in faults] == ["left edge", "right edge"]
    assert all(fault.endswith("(another colour beyond)") for fault in faults)


def _tape_repeat(plain_end: bool) -> bytes:
    """A 100 mm repeat: a yellow path along a cream ground, a blue joint band across its ends, its bleed past the
    right end showing its start again (or, `plain_end`, plain cream)."""
    scene = Scene(100.0, 20.0, bleed=3.0)
    scene.add(Rect(-3, -3, 106, 26, Style(fill="#f0ece0")), Rect(-3, 8, 106, 4, Style(fill="#f5c400")),
              Rect(-3, -3, 13, 26, Style(fill="#1f5fbf")), Rect(97, -3, 6, 26, Style(fill="#1f5fbf")))
    if plain_end:
        scene.add(Rect(100, -3, 3, 26, Style(fill="#f0ece0")))
    return to_pdf([scene])


def test_a_tape_repeat_must_show_its_start_past_its_end():
    """Repeats print end to end: past the right end the roll shows the repeat's left end again."""
    tape = [Piece(1, "the tape", (3.0, 3.0, 103.0, 23.0), period=100.0)]
    faults = piece_bleed(_tape_repeat(plain_end=True), tape)
    assert len(faults) == 1 and faults[0].startswith("page 1: the tape, right edge: ")
    stopped, _, total = faults[0].split(": ")[2].split(" points")[0].split(" ")
    assert stopped == total                       # the whole joint: path and band alike
    assert piece_bleed(_tape_repeat(plain_end=False), tape) == []


def test_the_pieces_of_an_imposed_sheet_are_the_slots_the_press_filled():
    """Seven cards on a nine-up sheet: seven pieces, each the size of a card, none over the empty slots."""
    from washigen.press.impose import impose_grid
    from washigen.press.options import PrintOptions
    from washigen.press.templates import template_for

    card = Scene(CARD_W, CARD_H, bleed=3.0, meta={"kind": "card"})
    card.add(Rect(-3, -3, CARD_W + 6, CARD_H + 6, BLUE))
    with recorded_slots() as slots:
        document = impose_grid([card] * 7, template_for("poker", "a4"), PrintOptions(paper="a4"))
    pieces = document_pieces(document.pages, slots)
    assert len(pieces) == 7 and {p.page for p in pieces} == {1}
    assert all(abs(p.trim[2] - p.trim[0] - CARD_W) < 1e-6 and abs(p.trim[3] - p.trim[1] - CARD_H) < 1e-6
               for p in pieces)
    assert pieces[6].name == "card at row 3, column 1"
    assert piece_bleed(to_pdf(document.pages), pieces) == []
