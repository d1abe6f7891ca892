"""`washigen cops tape`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from ...games.cops.spec import COMPONENTS, TapeParams, make_tape
from ..build import component_options, named
from ..options import emit, refuse_short_tape, report_written, resolve_seed
from ...words import N_, Says
from .shared import check, game


@click.command("tape")
@component_options(named(COMPONENTS, "tape"))
def command(output: Path, print_options, **params):
    """Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles where one image
    would be too large); with --paper, the repeat's segments as strips on sheets. A PDF longer than 5,080 mm (the
    longest page every viewer shows at real size) is written as pages of whole repeats with join marks."""
    from ...output import output_format, write_printed
    from ...press.rolls import check_repeat_only, pages_note
    from ...games.cops.draw import tape_document
    from ...games.cops.generate import check_tape_width

    options = TapeParams(**params)
    if options.repeat_only:
        check_repeat_only(output, [name for name, given in (("--length", options.length is not None),
                                                            ("--paper", print_options.paper),
                                                            ("--template", print_options.template)) if given])
    check_tape_width(options.tape_width)
    design = make_tape(replace(options, seed=resolve_seed(options.seed)))
    check(design)
    if options.length is not None:
        refuse_short_tape(options.length, design.segment_length, Says(N_("segment")))
    if output_format(output) in (".json", ".txt"):
        emit(game(), design, output, print_options)
        return
    document = tape_document(design, print_options, output, length=options.length, repeat_only=options.repeat_only)
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, print_options))
