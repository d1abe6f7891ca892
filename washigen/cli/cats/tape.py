"""`washigen cats tape`."""

from __future__ import annotations

import click

from ...games.cats.spec import COMPONENTS
from ...units import format_mm
from ...words import N_, Says
from ..build import component_options, named
from ..options import emit, refuse_short_tape, report_written, resolve_seed


@click.command("tape")
@component_options(named(COMPONENTS, "tape"))
def command(tape_width, segment_rows, segment_cols, length, bleed, segments, repeat_only, dpi, rules_url, seed,
            output, colour, output_profile, lang):
    """Artwork for a tape maker: one continuous strip, tape width x length, with bleed; the segments and forest
    sections repeat along it. A PDF roll longer than 5,080 mm (the longest page every viewer shows at real size) is
    written as pages of whole repeats with join marks; a PNG too large for one image as tiles along the tape
    (OUT-tile-01.png, ...)."""
    from ...output import check_colour_target, output_format, write_printed
    from ...press import PrintOptions
    from ...press.impose import last_whole_piece
    from ...press.rolls import check_repeat_only, pages_note
    from ...games.cats.roll import piece_length, repeat_length, tape_document
    from ...games.cats.generate import generate_roll
    from .shared import game, warn

    if repeat_only:
        check_repeat_only(output, ["--length"] if _given("length") else [])
    check_colour_target(output, colour, output_profile)
    design = generate_roll(segments=segments, tape_width=tape_width, length=length, segment_rows=segment_rows,
                           segment_cols=segment_cols, seed=resolve_seed(seed), rules_url=rules_url)
    warn(design)
    if not repeat_only:
        refuse_short_tape(design.length, piece_length(design), Says(N_("segment and the forest section after it")))
    options = PrintOptions(bleed=bleed, dpi=dpi, colour=colour, output_profile=output_profile, lang=lang)
    repeat = f"repeat: {format_mm(repeat_length(design))} mm ({segments} segments, each followed by a forest section)"
    if repeat_only:
        click.echo(f"{repeat}, written once with {format_mm(bleed)} mm bleed", err=True)
        report_written(write_printed(tape_document(design, options, output, repeat_only=True), output, options))
        return
    end = last_whole_piece(piece_length(design), design.length)
    ends = f", the artwork ending on the last whole segment at {format_mm(end)} mm" if end < design.length else ""
    click.echo(f"{repeat}, printed {format_mm(design.length)} mm long{ends}", err=True)
    if output_format(output) in (".json", ".txt"):
        emit(game(), design, output, options)
        return
    document = tape_document(design, options, output)
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, options))


def _given(name: str) -> bool:
    """Whether the option `name` was given (on the command line or by the environment), not left at its default."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT
