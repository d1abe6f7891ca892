"""`washigen cops ...`: map, tape and sheet."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from ...cli_options import LENGTH, emit, output_option, print_options, report_written, resolve_seed, seed_option
from ...output import write_document
from ...press import Document
from ...press.impose import tape_artwork
from ...units import MM_PER_UNIT, TAPE_WIDTHS, format_mm
from .draw import tape_repeat_scene
from .generate import check_offset, check_tape_width, generate_map, generate_tape
from .model import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, TITLE
from .rules import validate

_SIGNED_LENGTH = re.compile(r"^\s*(-?)\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(mm|cm|m|in|pt)?\s*$")
STANDARD_WIDTHS = ", ".join(format_mm(w) for w in TAPE_WIDTHS)


def _offset(ctx, param, value):
    """A length of 0 or more; a negative one is refused by name (not mistaken for an option)."""
    if value is None or isinstance(value, float):
        return value or 0.0
    match = _SIGNED_LENGTH.match(str(value))
    if not match:
        raise click.BadParameter(f"{value!r} is not a length; write a number of mm such as 10 or 10mm")
    mm = float(match.group(2)) * MM_PER_UNIT[match.group(3) or "mm"]
    if match.group(1):
        raise click.BadParameter(f"must be 0 or more, got {value}")
    return mm


def _game():
    from .. import get_game

    return get_game("cops")


def _check(design) -> None:
    """Prints what the validator finds (printability warnings on narrow tape); exit 1 if a rule is broken."""
    report = validate(design)
    if report.violations:
        click.echo(report.format_text(), err=True)
    if not report.ok:
        sys.exit(1)


@click.group("cops")
def commands():
    """Tokyo Washi Game Cops: tape segments with two zones of four crime locations, yellow paths, maps that wrap
    top to bottom, offset set-ups with their new roads drawn, and squad sheets."""


@commands.command("map")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=DEFAULT_PLAYERS,
              show_default=True, help="One segment per player, laid end to end.")
@click.option("--offset", callback=_offset, default="0", show_default=True, metavar="LENGTH",
              help="Offset set-up: every other segment lies this much lower, so the joints miss; the new roads that "
                   "complete them are drawn (orange, dashed). At most a quarter of the tape width.")
@click.option("--tape-width", type=LENGTH, default="50mm", show_default=True,
              help=f"Tape width; standard widths are {STANDARD_WIDTHS} mm. Everything scales with it.")
@seed_option
@output_option()
@print_options
def map_command(players, offset, tape_width, seed, output: Path, print_options):
    """A map for PLAYERS squads. Without --paper: one page at real size (its TrimBox the map). With --paper:
    each segment a strip in the tape lanes of the sheet, with crop marks, to cut out and lay end to end."""
    check_offset(offset, check_tape_width(tape_width))
    design = generate_map(players=players, seed=resolve_seed(seed), tape_width=tape_width, offset=offset)
    _check(design)
    emit(_game(), design, output, print_options)


@commands.command("tape")
@click.option("--segments", type=click.IntRange(1, 24), default=4, show_default=True,
              help="Different segments in the repeat; the last one joins the first, so any run of segments torn "
                   "off the roll meets end to end.")
@click.option("--length", type=LENGTH, default=None, help="Length of the artwork, e.g. 10m for a whole roll "
              "(default: one repeat).")
@click.option("--tape-width", type=LENGTH, default="50mm", show_default=True,
              help=f"Tape width; standard widths are {STANDARD_WIDTHS} mm.")
@seed_option
@output_option()
@print_options
def tape_command(segments, length, tape_width, seed, output: Path, print_options):
    """Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles where one image
    would be too large); with --paper, the repeat's segments as strips on sheets."""
    check_tape_width(tape_width)
    design = generate_tape(segments=segments, seed=resolve_seed(seed), tape_width=tape_width)
    _check(design)
    suffix = output.suffix.lower()
    if suffix in (".json", ".txt") or print_options.paper or print_options.template:
        emit(_game(), design, output, print_options)
        return
    repeat = tape_repeat_scene(design, print_options.bleed, print_options.lang)
    strip = tape_artwork(repeat, length or repeat.width, print_options.bleed)
    document = Document.single(strip, title=f"{TITLE} — tape artwork, seed {design.seed}")
    report_written(write_document(document, output, print_options.dpi, print_options.colour))


@commands.command("sheet")
@click.option("--players", type=click.IntRange(1, 24), default=4, show_default=True,
              help="How many squad sheets (four to a page).")
@output_option()
@print_options
def sheet_command(players, output: Path, print_options):
    """Squad sheets: the squad's name and colour, two ramen bowls to cross off, and the two crimes with room to
    draw the culprits' faces. Four to an A4 or Letter page."""
    from .model import CopsSheet

    emit(_game(), CopsSheet(squads=players), output, print_options)


