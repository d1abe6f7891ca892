"""The Cats' Trail Route: a setup whose two grids differ in rows keeps every row in its text form; the exchange
pile's 10 tiles are a setup count like the others (an error one under and one over); the tile backs' paw prints
stay inside the trim at every tile size."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner

import washigen
from tests.readback import rasterise_pdf
from washigen.backends import to_pdf
from washigen.cli import main
from washigen.design import dumps
from washigen.errors import DesignFormatError
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.model import DEFAULT_MIX_PATH, Seat
from washigen.games.trail_route.rules import validate
from washigen.games.trail_route.spec import TILE_SIZE_RANGE
from washigen.games.trail_route.text import from_text, to_text
from washigen.games.trail_route.tiles import back_tile

FOUR, THREE = generate_setup(4, 1), generate_setup(3, 1)
EXTRA_DEST = ("fixed-3", "pair-red-blue")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def verdict(path) -> tuple[int, list]:
    """`washigen validate --json FILE`: the exit code and every violation's rule, severity, place and words."""
    result = run("validate", "--json", path)
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.output)
    return result.exit_code, sorted(json.dumps(v, sort_keys=True) for v in report["violations"])


# -- 1. the text form keeps every row of both grids -----------------------------------------------------------------

def uneven_boards():
    yield "a destination row more", replace(FOUR, destinations=FOUR.destinations + (EXTRA_DEST,))
    yield "a destination row fewer", replace(FOUR, destinations=FOUR.destinations[:5])
    yield "a road row more", replace(FOUR, road=FOUR.road + (FOUR.road[0],))
    yield "a road row fewer", replace(THREE, road=THREE.road[:4])
    yield "two road rows, eight destination rows", replace(FOUR, road=FOUR.road[:2],
                                                            destinations=FOUR.destinations + ((), EXTRA_DEST))
    yield "no road rows", replace(FOUR, road=())
    yield "no destination rows", replace(FOUR, destinations=())
    yield "no rows at all", replace(FOUR, road=(), destinations=())


@pytest.mark.parametrize("name, design", list(uneven_boards()), ids=[n for n, _ in uneven_boards()])
def test_a_board_whose_grids_differ_in_rows_comes_back_from_its_text_form_whole(tmp_path, name, design):
    saved = tmp_path / "setup.json"
    washigen.render(design, saved)
    written = tmp_path / "setup.txt"
    result = run("render", saved, "-o", written)
    assert result.exit_code == 1 and written.exists(), result.output      # written, and the rule it breaks said
    back = washigen.load(written)
    assert (len(back.road), len(back.destinations)) == (len(design.road), len(design.destinations))
    assert dumps(back) == dumps(design)                     # JSON -> text -> JSON: the same file
    expected = verdict(saved)
    assert expected[0] == 1 and verdict(written) == expected


def test_the_destinations_past_the_roads_rows_are_written_not_dropped():
    text = to_text(replace(FOUR, destinations=FOUR.destinations + (EXTRA_DEST,)))
    assert "destination row 7:  3 rb" in text.splitlines()
    report = validate(from_text(text, "setup.txt"))
    assert "trail-route.grid.size" in {v.rule for v in report.errors}
    assert "6 rows of destination tiles, this setup has 7" in report.format_text()


def _lines_with(*swaps: tuple[str, str]) -> str:
    text = to_text(replace(FOUR, road=FOUR.road[:4]))
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("swaps, says", [
    ((("destination row 6:", "row 6:"),), "`row N` gives both grids a row, but 4 road rows and 5 destination"),
    ((("destination row 6:", "destination row 7:"),), "expected `destination row 6`"),
    ((("destination row 5:", "road row 5:"),), "unknown road tile"),
    ((("# Road:", "road: none\n# Road:"),), "'road' is none (a grid without rows), yet 4 of its rows are given"),
    ((("# Road:", "destinations: nothing\n# Road:"),), "'destinations' takes only none"),
])
def test_a_text_whose_rows_do_not_add_up_is_refused_naming_the_line(swaps, says):
    with pytest.raises(DesignFormatError, match="line") as refused:
        from_text(_lines_with(*swaps), "setup.txt")
    assert says in str(refused.value)


def test_a_text_without_its_destinations_is_refused_on_the_command_line(tmp_path):
    text = to_text(replace(FOUR, destinations=()))
    path = tmp_path / "setup.txt"
    path.write_text(text.replace("destinations: none\n", ""))
    result = run("validate", path)
    assert result.exit_code == 2 and "no destinations" in result.output and "Traceback" not in result.output


# -- 2. the exchange pile and the other counts of the setup ----------------------------------------------------------

def with_exchange(design, size: int):
    """The setup with an exchange pile (and a mix) of `size` tiles: plain road tiles taken off or added."""
    deck = list(design.exchange[:size]) + ["road"] * (size - len(design.exchange))
    counts = Counter(deck)
    return replace(design, exchange=tuple(deck),
                   mix=replace(design.mix, exchange=tuple((code, counts[code]) for code in dict.fromkeys(deck))))


def with_hand(design, seat: int, size: int):
    """Seat `seat` (0-based) holding `size` cards, the rest of the 16 undealt (or taken from the undealt)."""
    cards = list(design.seats[seat].hand) + list(design.undealt)
    hand, undealt = cards[:size], cards[size:]
    if len(hand) < size:               # the box has no card left: take one from the next seat
        other = (seat + 1) % len(design.seats)
        hand.append(design.seats[other].hand[-1])
        design = replace(design, seats=tuple(replace(s, hand=s.hand[:-1]) if n == other else s
                                             for n, s in enumerate(design.seats)))
    return replace(design, seats=tuple(replace(s, hand=tuple(hand)) if n == seat else s
                                       for n, s in enumerate(design.seats)), undealt=tuple(undealt))


def with_seats(design, count: int):
    seats = design.seats[:count]
    spare = [c for c in ("red", "blue", "green", "yellow") if c not in {s.colour for s in seats}]
    seats += tuple(Seat(colour=spare[n], hand=()) for n in range(count - len(seats)))
    return replace(design, seats=seats)


def rows_of(grid, count: int, row):
    return grid[:count] + (row,) * (count - len(grid))


def with_row_width(grid, width: int, filler: str):
    return tuple(row[:width] + (filler,) * (width - len(row)) for row in grid)


def with_card_copies(design, card: str, copies: int):
    """`copies` of hand card `card` in the game: undealt copies taken off or added."""
    undealt = list(design.undealt)
    held = sum(seat.hand.count(card) for seat in design.seats) + undealt.count(card)
    for _ in range(held - copies):
        undealt.remove(card)
    return replace(design, undealt=tuple(undealt + [card] * (copies - held)))


# (what is counted, the setup, the rule text's count, the setup with n of it, the rule broken one under or over)
COUNTS = [
    ("exchange tiles", FOUR, 10, with_exchange, "trail-route.mix.exchange"),
    ("exchange tiles, 3 players", THREE, 10, with_exchange, "trail-route.mix.exchange"),
    ("road rows, 4 players", FOUR, 6, lambda d, n: replace(d, road=rows_of(d.road, n, d.road[0])),
     "trail-route.grid.size"),
    ("road rows, 3 players", THREE, 5, lambda d, n: replace(d, road=rows_of(d.road, n, d.road[0])),
     "trail-route.grid.size"),
    ("road columns", FOUR, 7, lambda d, n: replace(d, road=with_row_width(d.road, n, "road")),
     "trail-route.grid.size"),
    ("destination rows, 4 players", FOUR, 6,
     lambda d, n: replace(d, destinations=rows_of(d.destinations, n, EXTRA_DEST)), "trail-route.grid.size"),
    ("destination rows, 3 players", THREE, 5,
     lambda d, n: replace(d, destinations=rows_of(d.destinations, n, EXTRA_DEST)), "trail-route.grid.size"),
    ("destination columns", FOUR, 2,
     lambda d, n: replace(d, destinations=with_row_width(d.destinations, n, "fixed-3")), "trail-route.grid.size"),
    ("seats, 3 players", THREE, 3, with_seats, "trail-route.seats.count"),
    ("cards in a hand", FOUR, 4, lambda d, n: with_hand(d, 0, n), "trail-route.cards.hand"),
    ("cards in a hand, 3 players", THREE, 4, lambda d, n: with_hand(d, 1, n), "trail-route.cards.hand"),
    ("copies of A Hidden Passage", THREE, 4, lambda d, n: with_card_copies(d, "hidden-passage", n),
     "trail-route.cards.deck"),
    ("copies of Wherever Curiosity Leads", THREE, 2, lambda d, n: with_card_copies(d, "curiosity", n),
     "trail-route.cards.deck"),
]


def test_every_count_the_rule_text_gives_a_setup_is_an_error_one_under_and_one_over():
    """The reference text fixes each of these counts ("the 10 exchange tiles", 6 x 2 and 6 x 7 (5 rows with 3
    players), 4 of the 16 cards each): the count itself breaks no rule, one fewer or one more is an error (exit 1)."""
    wrong = []
    for what, design, count, with_count, rule in COUNTS:
        for n in (count - 1, count, count + 1):
            report = validate(with_count(design, n))
            errors = {v.rule for v in report.errors}
            broken = rule in errors
            if broken != (n != count) or (n == count and not report.ok):
                wrong.append((what, n, sorted(errors), [v.rule for v in report.warnings]))
    assert not wrong


@pytest.mark.parametrize("size", [9, 11])
def test_an_exchange_pile_of_other_than_10_tiles_fails_validate_with_exit_1(tmp_path, size):
    path = tmp_path / "setup.json"
    washigen.render(with_exchange(FOUR, size), path)
    code, violations = verdict(path)
    assert code == 1
    assert [json.loads(v)["severity"] for v in violations if '"trail-route.mix.exchange"' in v] == ["error"]
    assert f"this mix has {size}" in run("validate", path).output


@pytest.mark.parametrize("size", [9, 11])
def test_setup_deals_from_no_mix_whose_exchange_pile_is_not_10_tiles(tmp_path, size):
    mix = tmp_path / "mix.toml"
    text = DEFAULT_MIX_PATH.read_text(encoding="utf-8")
    assert "\n[exchange]\nroad = 2\n" in text
    mix.write_text(text.replace("\n[exchange]\nroad = 2\n", f"\n[exchange]\nroad = {2 + size - 10}\n"))
    out = tmp_path / "s.json"
    result = run("trail-route", "setup", "--mix", mix, "--seed", 3, "-o", out)
    assert result.exit_code == 2 and not out.exists(), result.output
    assert f"mix.toml: [exchange] holds {size} tiles; the game's exchange deck is 10" in result.output


# -- 3. the tile backs' paw prints stay inside the trim --------------------------------------------------------------

BLEED, DPI = 3.0, 1200        # a pixel is 0.021 mm; the old paws ran 0.09 mm (25 mm tile) to 0.37 mm (60 mm) over


def ink_past_the_trim(kind: str, size: float, lang: str) -> list[str]:
    """The sides of a back, read back from its PDF, where anything but the bleed's plain colour lies outside the trim
    (a pixel's width of anti-aliasing at the trim allowed)."""
    image = np.asarray(rasterise_pdf(to_pdf([back_tile(kind, size, BLEED, lang)]), dpi=DPI), dtype=np.int16)
    px = DPI / 25.4
    inner, outer = int(BLEED * px) - 1, int((BLEED + size) * px) + 2
    plain = image[1, 1]                                       # the bleed's corner: background alone
    sides = {"left": image[:, :inner], "right": image[:, outer:], "top": image[:inner, :],
             "bottom": image[outer:, :]}
    return [f"{side}: {int(off.sum())} px" for side, strip in sides.items()
            if (off := np.abs(strip - plain).max(axis=2) > 2).any()]


# The art is one drawing scaled by size / 40, so a margin kept at both ends of the option's range is kept between.
@pytest.mark.parametrize("size", [TILE_SIZE_RANGE[0], 40.0, TILE_SIZE_RANGE[1]])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", ["road", "exchange", "destination"])
def test_a_tile_backs_paw_prints_stay_inside_the_trim_at_every_tile_size(kind, size, lang):
    assert ink_past_the_trim(kind, size, lang) == []
