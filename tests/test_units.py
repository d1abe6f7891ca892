import pytest

from washigen.errors import InputError
from washigen.units import (CARD_SIZES, PAPER_SIZES, TAPE_WIDTHS, TILE_SIZES, card_size, format_mm, paper_size,
                            parse_length)


@pytest.mark.parametrize("text, mm", [
    ("50mm", 50.0), ("2.5in", 63.5), ("1m", 1000.0), ("12pt", 12 * 25.4 / 72), ("10m", 10_000.0),
    ("3.5cm", 35.0), ("7", 7.0), (" 15 mm ", 15.0), (42, 42.0), (0.5, 0.5), ("1e1mm", 10.0),
])
def test_lengths_parse_to_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("text, says", [
    ("50 furlongs", "not a length"), ("mm", "not a length"), ("", "not a length"), ("-x", "not a length"),
    ("-3mm", "must be greater than zero, got '-3mm'"), (" -1", "must be greater than zero"),
    ("0mm", "greater than zero"), (0, "greater than zero"), (-1, "greater than zero"), ("5 m m", "not a length"),
    (True, "expected a length"), (float("nan"), "finite"),
])
def test_bad_lengths_name_the_field_and_the_problem(text, says):
    with pytest.raises(InputError) as caught:
        parse_length(text, field="--tape-width")
    assert str(caught.value).startswith("--tape-width: ")
    assert says in str(caught.value)


def test_zero_is_allowed_only_where_asked():
    assert parse_length("0mm", allow_zero=True) == 0.0
    for below in (-3, "-3mm", -0.5):       # a bleed (a TOML number, an option) says what it may be: zero too
        with pytest.raises(InputError, match=r"^bleed: must be zero or more, got "):
            parse_length(below, field="bleed", allow_zero=True)
    with pytest.raises(InputError, match="bleed: must be zero or more, got '-1mm'"):
        parse_length("-1mm", field="bleed", allow_zero=True)


def test_size_tables_hold_the_real_sizes():
    assert PAPER_SIZES["a4"] == (210.0, 297.0)
    assert PAPER_SIZES["letter"] == (215.9, 279.4)
    assert set(PAPER_SIZES) == {"a3", "a4", "a5", "letter", "legal", "tabloid"}
    assert TAPE_WIDTHS == (15.0, 20.0, 25.0, 30.0, 35.0, 45.0, 50.0)
    assert CARD_SIZES == {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "mini-euro": (44.0, 68.0),
                          "tarot": (70.0, 120.0)}
    assert set(TILE_SIZES.values()) == {40.0, 45.0}


def test_landscape_swaps_the_sides_and_unknown_names_are_refused():
    assert paper_size("A4", "landscape") == (297.0, 210.0)
    with pytest.raises(InputError, match="unknown paper 'b5'"):
        paper_size("b5")
    with pytest.raises(InputError, match="unknown card size"):
        card_size("jumbo")


def test_format_mm_drops_needless_zeros():
    assert (format_mm(12.0), format_mm(63.5), format_mm(57.15)) == ("12", "63.5", "57.15")
