"""What every command shares: the print-option decorators (spelled the same everywhere), the output option, the
seed, writing a design or its print by the output's extension, and progress bars. Game commands build on these."""

from __future__ import annotations

import contextlib
import secrets
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

import click

from .errors import InputError
from .output import check_target, write_bytes, write_document
from .press.options import PrintOptions
from .units import DEFAULT_BLEED, PAPER_SIZES, parse_length

DESIGN_FORMATS = (".json", ".txt")
MAX_GUTTER = 30.0


class LengthType(click.ParamType):
    """A click parameter for lengths: 50mm, 2.5in, 1m, 12pt, or a bare number of millimetres."""
    name = "LENGTH"

    def __init__(self, allow_zero: bool = False):
        self.allow_zero = allow_zero

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            return parse_length(value, field=f"--{param.name.replace('_', '-')}" if param else "length",
                                allow_zero=self.allow_zero)
        except InputError as error:
            self.fail(str(error).split(": ", 1)[-1], param, ctx)


LENGTH = LengthType()
LENGTH_OR_ZERO = LengthType(allow_zero=True)


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    if value is None:
        return 0.0, 0.0
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return float(parts[0]), float(parts[1])
    except ValueError:
        raise click.BadParameter(f"write X,Y in millimetres, such as 0.5,-1; got {value!r}") from None


def _language(ctx, param, value: str) -> str:
    from .i18n import check_language

    try:
        return check_language(value)
    except InputError as error:
        raise click.BadParameter(str(error).split(": ", 1)[-1]) from None


def lang_option(func: Callable) -> Callable:
    """--lang: the language of every printed word (the catalogs under washigen/locale)."""
    return click.option("--lang", default="en", show_default=True, callback=_language, metavar="en|de",
                        help="Language of the printed words (and of the rules): en or de.")(func)


def print_options(func: Callable) -> Callable:
    """--paper --template --bleed --crop-marks/--no-crop-marks --cut-lines --duplex --back-offset --dpi --color --gutter
    --lang, gathered into one PrintOptions passed as the `print_options` argument."""
    options = [
        click.option("--paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default=None,
                     help="Lay the parts out on sheets of this paper (default: each at its own size, or A4 where "
                          "the parts need sheets)."),
        click.option("--template", "template_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Your own sheet template (TOML), e.g. a label or sticker sheet."),
        click.option("--bleed", type=LENGTH_OR_ZERO, default=DEFAULT_BLEED, show_default="3mm",
                     help="Artwork beyond the trim."),
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
                     help="Crop marks 5 mm long, 2 mm outside the trim (or outside the bleed)."),
        click.option("--cut-lines", is_flag=True, help="Full-length cut lines instead of crop marks."),
        click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="none", show_default=True,
                     help="Print backs: long-edge flip mirrors columns, short-edge flip mirrors rows."),
        click.option("--back-offset", callback=_offset, default=None, metavar="X,Y",
                     help="Shift the backs by X,Y mm to correct a printer's duplex drift."),
        click.option("--dpi", type=click.IntRange(30, 2400), default=300, show_default=True,
                     help="Resolution of PNG output."),
        click.option("--color", "colour", type=click.Choice(["rgb", "cmyk"]), default="rgb", show_default=True,
                     help="Colour space of PDF output: cmyk writes every colour as CMYK (for print shops and "
                          "tape makers)."),
        click.option("--gutter", type=LENGTH_OR_ZERO, default=None, metavar="LENGTH",
                     help="Space between cards or tiles on a sheet, so neighbours never meet on a cut (default: "
                          "the template's; up to 30mm)."),
    ]

    def wrapper(*args, paper, template_file, bleed, crop_marks, cut_lines, duplex, back_offset, dpi, gutter, colour,
                lang, **kwargs):
        if gutter is not None and gutter > MAX_GUTTER:
            raise InputError(f"--gutter: at most {MAX_GUTTER:g}mm, got {gutter:g}mm")
        if template_file is not None and not template_file.is_file():
            raise InputError(f"--template: {template_file}: no such file")
        kwargs["print_options"] = PrintOptions(
            paper=paper.lower() if paper else None, template=template_file, bleed=bleed, crop_marks=crop_marks,
            cut_lines=cut_lines, duplex=duplex, back_offset=back_offset, dpi=dpi, gutter=gutter, colour=colour,
            lang=lang)
        return func(*args, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    wrapper = lang_option(wrapper)
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def output_option(formats: Iterable[str] = (".pdf", ".svg", ".png", ".json", ".txt"), required: bool = True):
    formats = tuple(formats)

    def check(ctx, param, value):
        if value is None:
            return value
        path = check_target(Path(value))
        if path.suffix.lower() not in formats:
            raise click.BadParameter(f"{value}: the format follows the extension; use one of {', '.join(formats)}")
        return path

    return click.option("-o", "--output", required=required, callback=check, metavar="OUT",
                        help=f"Output file; its extension sets the format ({' '.join(formats)}).")


def seed_option(func: Callable) -> Callable:
    return click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
                        help="Seed of the generator; without it one is chosen and printed on stderr.")(func)


def resolve_seed(seed: int | None) -> int:
    """The seed to use; a chosen one is echoed on stderr so the sheet can be made again."""
    if seed is None:
        seed = secrets.randbelow(1_000_000)
        click.echo(f"seed: {seed}", err=True)
    return seed


def emit(game, design, path: Path, options: PrintOptions | None = None) -> list[Path]:
    """Writes a design by the output's extension: .json the design, .txt its text form, else its print."""
    from .design import dumps

    suffix = path.suffix.lower()
    if suffix == ".json":
        written = [write_bytes(path, dumps(design).encode("utf-8"))]
    elif suffix == ".txt":
        if game.to_text is None:
            raise InputError(f"{path}: {game.name} has no text form; use .json")
        written = [write_bytes(path, game.to_text(design).encode("utf-8"))]
    else:
        options = options or PrintOptions()
        written = write_document(game.print_design(design, options), path, options.dpi, options.colour)
    report_written(written)
    return written


def report_written(paths: Iterable[Path]) -> None:
    for path in paths:
        click.echo(f"wrote {path}")


@contextlib.contextmanager
def progress(items, label: str, length: int | None = None):
    """A progress bar on stderr when stderr is a terminal; the plain items otherwise."""
    if sys.stderr.isatty():
        with click.progressbar(items, label=label, length=length, file=sys.stderr) as bar:
            yield bar
    else:
        yield items


def echo_report(report: Any, as_json: bool = False) -> None:
    click.echo(report.to_json() if as_json else report.format_text())
