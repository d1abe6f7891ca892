"""`washigen cops tape`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from ...games.cops.constants import TITLE
from ...games.cops.spec import COMPONENTS, TapeParams, make_tape
from ..build import component_options, named
from ..options import emit, report_written, resolve_seed
from .shared import check, game


@click.command("tape")
@component_options(named(COMPONENTS, "tape"))
def command(output: Path, print_options, **params):
    """Artwork for a tape maker: one continuous strip with bleed (vector PDF, SVG, or PNG tiles where one image
    would be too large); with --paper, the repeat's segments as strips on sheets. A PDF longer than 5,080 mm (the
    longest page every viewer shows at real size) is written as pages of whole repeats with join marks."""
    from ...output import output_format, write_printed
    from ...press.impose import tape_artwork
    from ...i18n import translator
    from ...press.rolls import check_repeat_only, pages_note, repeat_document, roll_for_output
    from ...games.cops.draw import tape_repeat_scene
    from ...games.cops.generate import check_tape_width

    options = TapeParams(**params)
    if options.repeat_only:
        check_repeat_only(output, [name for name, given in (("--length", options.length is not None),
                                                            ("--paper", print_options.paper),
                                                            ("--template", print_options.template)) if given])
    check_tape_width(options.tape_width)
    design = make_tape(replace(options, seed=resolve_seed(options.seed)))
    check(design)
    if output_format(output) in (".json", ".txt") or print_options.paper or print_options.template:
        emit(game(), design, output, print_options)
        return
    bleed = print_options.bleed
    repeat = tape_repeat_scene(design, bleed, print_options.lang)
    title = f"{TITLE} — " + translator(print_options.lang).gettext("tape artwork, seed {seed}").format(
        seed=design.seed)
    if options.repeat_only:
        document = repeat_document(repeat, bleed, title)
    else:
        # Segments are torn off whole: the roll's artwork ends on its last whole one.
        strip = tape_artwork(repeat, options.length or repeat.width, bleed, piece=design.segment_length)
        document = roll_for_output(strip, output, repeat.width, title, print_options.lang,
                                   piece=design.segment_length)
    if pages_note(document):
        click.echo(pages_note(document), err=True)
    report_written(write_printed(document, output, print_options))
