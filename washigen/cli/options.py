"""What every command shares: the print-option decorators (spelled the same everywhere), the output option, the
seed, writing a design or its print by the output's extension (progress bars are in bars.py). Game commands build on these.

Every command is built from these when washigen starts, so this module imports only click and the units; what
a command needs to run (inputs, output, PrintOptions) is imported when it runs."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import click

from ..errors import InputError
from ..units import DEFAULT_BLEED, MAX_BLEED, MAX_GUTTER, MAX_LENGTH, PAPER_SIZES, format_mm, parse_length

DESIGN_FORMATS = (".json", ".txt")

if TYPE_CHECKING:
    from ..press.options import PrintOptions


class LengthType(click.ParamType):
    """A click parameter for lengths: 50mm, 2.5in, 1m, 12pt, or a bare number of millimetres."""
    name = "LENGTH"

    def __init__(self, allow_zero: bool = False, maximum: float = MAX_LENGTH, minimum: float | None = None):
        self.allow_zero = allow_zero
        self.maximum = maximum
        self.minimum = minimum

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            mm = parse_length(value, field=f"--{param.name.replace('_', '-')}" if param else "length",
                              allow_zero=self.allow_zero, maximum=self.maximum)
        except InputError as error:
            self.fail(str(error).split(": ", 1)[-1], param, ctx)
        if self.minimum is not None and mm < self.minimum:
            self.fail(f"must be at least {format_mm(self.minimum)}mm, got {value!r}", param, ctx)
        return mm


LENGTH = LengthType()
LENGTH_OR_ZERO = LengthType(allow_zero=True)
BLEED = LengthType(allow_zero=True, maximum=MAX_BLEED)


def offset_option(ctx, param, value: str | None) -> tuple[float, float]:
    """--back-offset X,Y in millimetres."""
    from ..api import parse_back_offset

    if value is None:
        return 0.0, 0.0
    try:
        return parse_back_offset(value)
    except InputError as error:
        raise click.BadParameter(str(error)) from None


def printable_text(max_length: int):
    """A click callback for free text that reaches the paper (a URL, a name): printable and bounded."""
    def check(ctx, param, value: str | None) -> str | None:
        from ..inputs import CONTROL, describe_char

        if value is None:
            return value
        if len(value) > max_length:
            raise click.BadParameter(f"at most {max_length} characters, got {len(value)}")
        found = CONTROL.search(value)
        if found is not None:
            raise click.BadParameter(f"control character {describe_char(found.group())} at character "
                                     f"{found.start() + 1}; the text must be printable")
        return value
    return check


# The parameters print_options adds to a command (`washigen games` lists them once per command).
PRINT_OPTION_NAMES = frozenset({"paper", "template_file", "bleed", "crop_marks", "cut_lines", "duplex", "back_offset",
                                "dpi", "lang"})
BLEED_OPTION = click.option("--bleed", type=BLEED, default=f"{DEFAULT_BLEED:g}mm", show_default=True,
                            help="Artwork beyond the trim.")
# Types shared by every command's print options (click's types hold no state; a click.Path made per command costs
# start-up time in its gettext look-ups).
PAPER_CHOICE = click.Choice(sorted(PAPER_SIZES), case_sensitive=False)
TEMPLATE_FILE = click.Path(dir_okay=False, path_type=Path)
DPI_OPTION = click.option("--dpi", type=click.IntRange(30, 2400), default=300, show_default=True,
                          help="Resolution of PNG output.")


def _language(ctx, param, value: str) -> str:
    from ..i18n import check_language

    try:
        return check_language(value)
    except InputError as error:
        raise click.BadParameter(str(error).split(": ", 1)[-1]) from None


def lang_option(func: Callable) -> Callable:
    """--lang: the language of every printed word (the catalogs under washigen/locale)."""
    return click.option("--lang", default="en", show_default=True, callback=_language, metavar="en|de",
                        help="Language of the printed words (and of the rules): en or de.")(func)


def profile_option(only: Iterable[str] | None = None) -> Callable:
    """--profile NAME: the saved printer profile (washigen/profiles.py) whose values become this command's option
    defaults (click's default_map), so an option given on the command line still wins. Without --profile the
    profile named `default` applies, if saved, and the run says so on stderr when it changes a value (a saved
    default must never change a print unnoticed). `only` limits it to some options (a command's own --paper)."""
    keep = None if only is None else set(only)

    def apply(ctx: click.Context, param: click.Parameter, name: str | None) -> None:
        from .profile_defaults import apply_profile

        apply_profile(ctx, name, keep)

    option = click.option("--profile", metavar="NAME", is_eager=True, expose_value=False, callback=apply,
                          help="Printer profile for the print options' defaults (washigen profile set); without "
                               "it the profile named default, if saved.")

    def decorate(func: Callable) -> Callable:
        import functools

        @functools.wraps(func)                 # keeps the options already attached (click's __click_params__)
        def announcing(*args, **kwargs):
            from .profile_defaults import announce_default_profile

            announce_default_profile()
            return func(*args, **kwargs)

        return option(announcing)

    return decorate


COLOUR_OPTION = click.option(
    "--color", "colour", type=click.Choice(["rgb", "cmyk"]), default="rgb", show_default=True,
    help="Colour space of PDF output: cmyk writes every colour as CMYK (for print shops and tape makers), with an "
         "output intent naming the printing condition (FOGRA39).")
ICC_PROFILE_OPTION = click.option(
    "--icc-profile", "output_profile", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
    help="With --color cmyk: your print shop's CMYK output profile (.icc), embedded as the PDF's output intent.")


def print_options(func: Callable | None = None, *, backs: bool = True) -> Callable:
    """--paper --template --bleed --crop-marks/--no-crop-marks --cut-lines --duplex --back-offset --dpi --color
    --icc-profile --gutter --lang, gathered into one PrintOptions passed as the `print_options` argument; --profile NAME sets their defaults.
    `@print_options(backs=False)` leaves out --duplex and --back-offset where a command prints no backs."""
    if func is None:
        return lambda f: print_options(f, backs=backs)
    options = [
        profile_option(),
        click.option("--paper", type=PAPER_CHOICE, default=None,
                     help="Lay the parts out on sheets of this paper (default: each at its own size, or A4 where "
                          "the parts need sheets)."),
        click.option("--template", "template_file", type=TEMPLATE_FILE, default=None,
                     help="Your own sheet template (TOML), e.g. a label or sticker sheet."),
        BLEED_OPTION,
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
                     help="Crop marks 5 mm long, 2 mm outside the trim (or outside the bleed)."),
        click.option("--cut-lines", is_flag=True, help="Full-length cut lines instead of crop marks."),
        COLOUR_OPTION,
        ICC_PROFILE_OPTION,
        click.option("--gutter", type=LENGTH_OR_ZERO, default=None, metavar="LENGTH",
                     help="Space between cards or tiles on a sheet, so neighbours never meet on a cut (default: "
                          "the template's; up to 30mm)."),
    ]
    if backs:
        options += [
            click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="none", show_default=True,
                         help="Print backs: long-edge flip mirrors columns, short-edge flip mirrors rows."),
            click.option("--back-offset", callback=offset_option, default=None, metavar="X,Y",
                         help="Shift the backs by X,Y mm to correct a printer's duplex drift."),
        ]
    options.append(DPI_OPTION)

    def wrapper(*args, paper, template_file, bleed, crop_marks, cut_lines, dpi, gutter, colour, output_profile, lang,
                duplex="none", back_offset=(0.0, 0.0), **kwargs):
        from ..press.options import PrintOptions
        from .profile_defaults import used_profile

        if gutter is not None and gutter > MAX_GUTTER:
            raise InputError(f"--gutter: at most {MAX_GUTTER:g}mm, got {gutter:g}mm")
        if template_file is not None and (not template_file.exists() or template_file.is_dir()):
            raise InputError(f"--template: {template_file}: no such file")
        _check_colour(kwargs.get("output"), colour, output_profile)
        kwargs["print_options"] = PrintOptions(
            paper=paper.lower() if paper else None, template=template_file, bleed=bleed, crop_marks=crop_marks,
            cut_lines=cut_lines, duplex=duplex, back_offset=back_offset, dpi=dpi, gutter=gutter, colour=colour,
            output_profile=output_profile, lang=lang, profile=used_profile())
        return func(*args, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    wrapper = lang_option(wrapper)
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def _check_colour(output: Path | None, colour: str, output_profile: Path | None) -> None:
    """--color and --icc-profile checked against -o before the command does its work."""
    if output is not None:
        from ..output import check_colour_target

        check_colour_target(output, colour, output_profile)


def page_options(func: Callable) -> Callable:
    """--bleed --dpi --color --icc-profile --lang, for a part that always prints as one page at its real size (no
    sheets: no --paper), gathered into the `print_options` argument like print_options does."""
    def wrapper(*args, bleed, dpi, colour, output_profile, lang, **kwargs):
        from ..press.options import PrintOptions

        _check_colour(kwargs.get("output"), colour, output_profile)
        kwargs["print_options"] = PrintOptions(bleed=bleed, dpi=dpi, colour=colour, output_profile=output_profile,
                                               lang=lang)
        return func(*args, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return BLEED_OPTION(DPI_OPTION(COLOUR_OPTION(ICC_PROFILE_OPTION(lang_option(wrapper)))))


def output_option(formats: Iterable[str] = (".pdf", ".svg", ".png", ".json", ".txt"), required: bool = True):
    formats = tuple(formats)

    def check(ctx, param, value):
        from ..output import STDOUT_FORMATS, check_target

        if value is None:
            return value
        if value in STDOUT_FORMATS:
            if STDOUT_FORMATS[value] not in formats:
                raise click.BadParameter(f"{value}: stdout takes {', '.join(STDOUT_FORMATS)}; this command writes "
                                         f"{', '.join(formats)}")
            return Path(value)
        path = check_target(Path(value))
        if path.suffix.lower() not in formats:
            raise click.BadParameter(f"{value}: the format follows the extension; use one of {', '.join(formats)}")
        return path

    to_stdout = [name for name, suffix in (("-", ".json"), ("-.txt", ".txt"), ("-.svg", ".svg")) if suffix in formats]
    return click.option("-o", "--output", required=required, callback=check, metavar="OUT",
                        help=f"Output file; its extension sets the format ({' '.join(formats)})"
                             + (f"; {' or '.join(to_stdout)} writes to stdout." if to_stdout else "."))


def print_decorator(prints: str) -> Callable[[Callable], Callable]:
    """The print options a component takes (Component.prints), gathered into its `print_options` argument."""
    def tape(func: Callable) -> Callable:           # a tape maker's strip: its own bleed and dpi, no sheets
        for option in (profile_option(only=("bleed", "dpi")), lang_option, ICC_PROFILE_OPTION, COLOUR_OPTION):
            func = option(func)
        return func

    return {"": lambda func: func, "sheets": print_options(backs=False), "sheets+backs": print_options,
            "page": page_options, "tape": tape, "lang": lang_option}[prints]


def output_decorator(writes: tuple[str, ...] | None, required: bool) -> Callable[[Callable], Callable]:
    """-o as a component `writes` (Component.writes): a file of those forms, a folder, or none."""
    from ..games.registry import FOLDER

    if not writes:
        return lambda func: func
    if writes == (FOLDER,):
        return click.option("-o", "--output", "folder", required=required,
                            type=click.Path(file_okay=False, path_type=Path), help="Folder for the maps (made if "
                            "missing).")
    return output_option(writes, required=required)


def seed_option(func: Callable) -> Callable:
    return click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
                        help="Seed of the generator; without it one is chosen and printed on stderr.")(func)


def resolve_seed(seed: int | None) -> int:
    """The seed to use; a chosen one is echoed on stderr so the sheet can be made again."""
    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
        click.echo(f"seed: {seed}", err=True)
    return seed


def emit(game, design, path: Path, options: PrintOptions | None = None) -> list[Path]:
    """Writes a design by the output's extension (washigen.design.render) and says what it wrote."""
    from ..design import render

    written = render(design, path, options)
    report_written(written)
    return written


def report_written(paths: Iterable[Path]) -> None:
    from ..output import is_stdout

    for path in paths:
        if not is_stdout(path):      # stdout holds the output itself
            click.echo(f"wrote {path}")


def echo_report(report: Any, as_json: bool = False) -> None:
    click.echo(report.to_json() if as_json else report.format_text())


@contextlib.contextmanager
def fairness_warnings() -> Iterator[None]:
    """A fairness search's FairnessWarning (no fair map within the budget) said on stderr as `warning: ...`, once
    for each time it is given, after the block."""
    import warnings

    from ..arena.fair import FairnessWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", FairnessWarning)
        yield
    for warning in caught:
        click.echo(f"warning: {warning.message}", err=True)
