"""Cops tape artwork read back at its cut edges: a path that runs to a segment's end carries on into the bleed,
as the zones' colours and the line of gravestones do at the tape's long edges."""

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.games.cops.generate import generate_map, generate_tape
from washigen.games.cops.geometry import joints_of
from washigen.backends import to_pdf

from .readback import rasterise_pdf

DPI = 254                  # 10 px per mm
PATH_YELLOW = (0xf5, 0xc4, 0x00)
PATH_EDGE = (0x6b, 0x52, 0x00)


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def _near(pixel, colour, tolerance=40) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour))


def _path_across(image, x_mm: float, y_mm: float, half_mm: float) -> bool:
    """Whether a path's yellow or dark edge shows within `half_mm` of (x, y) mm across the tape."""
    steps = range(-round(half_mm * 10), round(half_mm * 10) + 1)
    return any(_near(image.getpixel((round(x_mm * 10), round(y_mm * 10) + k)), colour)
               for k in steps for colour in (PATH_YELLOW, PATH_EDGE))


def test_the_joint_paths_at_the_end_of_a_tape_repeat_run_on_into_the_bleed(tmp_path):
    """`cops tape` (one repeat, 3 mm bleed) rasterised: beside every joint path at the repeat's right end, the
    bleed shows the path too (1.5 mm past the trim), as it does just inside the trim."""
    out = tmp_path / "tape.pdf"
    run("cops", "tape", "--seed", 1, "-o", out)
    design = generate_tape(4, seed=1)
    image = rasterise_pdf(out.read_bytes(), dpi=DPI)
    bleed, length = 3.0, len(design.segments) * design.segment_length
    heights = [y for _, y in joints_of(design.segments[-1], "right")]
    assert heights
    for y in heights:
        assert _path_across(image, bleed + length - 1.0, bleed + y, 0.6), ("inside", y)
        assert _path_across(image, bleed + length + 1.5, bleed + y, 0.6), ("bleed", y)


@pytest.mark.parametrize("layout", ["end-to-end", "stacked"])
def test_the_line_of_gravestones_runs_into_the_bleed(layout):
    """A map's page rasterised: the dashed blue line between a segment's zones reaches the tape's long edges and
    carries on into the bleed there (blue ink within the 3 mm past the trim, at the gravestones' x)."""
    from washigen.games import get_game
    from washigen.press import PrintOptions

    design = generate_map(2, seed=3, layout=layout)
    pdf = to_pdf(get_game("cops").print_design(design, PrintOptions(bleed=3.0)).pages)
    image = rasterise_pdf(pdf, dpi=DPI)
    blue = (0x2f, 0x63, 0xa8)
    height = design.size[1]
    for index, segment in enumerate(design.segments):
        ox, oy = design.origin(index)
        x = 3.0 + ox + segment.gravestones
        if oy <= 0:                                                     # the page's top edge
            assert any(_near(image.getpixel((round(x * 10), row)), blue) for row in range(0, 30)), index
        if oy + design.tape_width >= height:                            # its bottom edge
            bottom = round((3.0 + height) * 10)
            assert any(_near(image.getpixel((round(x * 10), row)), blue) for row in range(bottom, bottom + 30)), index
