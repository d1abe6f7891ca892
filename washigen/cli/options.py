"""What every command shares: the click option built from a declared parameter (click_option), the print options
and -o built so from their declarations (common_params.py), the seed, writing a design or its print by the output's
extension (progress bars are in bars.py). Game commands build on these.

What a command needs to run (inputs, output, PrintOptions) is imported when it runs."""

from __future__ import annotations

import contextlib
import functools
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import click

from . import common_params as common
from ..errors import InputError
from ..words import N_, Says
from ..games.params import PARAM, Param, seed_param
from ..units import MAX_BLEED, MAX_GUTTER, MAX_LENGTH, format_length, format_mm, parse_length

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
        negative = str(value).lstrip().startswith("-")
        try:
            mm = parse_length(str(value).lstrip()[1:] if negative else value, allow_zero=True, maximum=math.inf,
                              field=f"--{param.name.replace('_', '-')}" if param else "length")
        except InputError as error:
            self.fail(str(error).split(": ", 1)[-1].replace(repr(str(value).lstrip()[1:]), repr(value)), param, ctx)
        if negative or mm > self.maximum or mm < (self.minimum or 0) or (mm == 0 and not self.allow_zero):
            self.fail(f"must be {self.range_text()}, got {value!r}", param, ctx)
        return mm

    def range_text(self) -> str:
        """The lengths taken, as a refusal says them: "from 10mm to 120mm", "from 0 to 20mm"."""
        most = format_length(self.maximum)
        if self.minimum:
            return f"from {format_mm(self.minimum)}mm to {most}"
        return f"from 0 to {most}" if self.allow_zero else f"more than 0 and at most {most}"


BLEED = LengthType(allow_zero=True, maximum=MAX_BLEED)


class FiniteFloat(click.FloatRange):
    """A number option: click's FloatRange reads nan and inf, and nan passes every range check (no comparison
    with it is true), so a --budget nan reached the search. Both are refused naming the option."""

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number (nan and infinities are not taken){self.range_text()}", param, ctx)
        return super().convert(number, param, ctx)

    def range_text(self) -> str:
        """"; take 0 to 600": the range a refusal of nan names, where the option has one."""
        if self.min is not None and self.max is not None:
            return f"; take {self.min:g} to {self.max:g}"
        return ""


def offset_option(ctx, param, value: str | None) -> tuple[float, float]:
    """--back-offset X,Y in millimetres."""
    from ..api import parse_back_offset

    if value is None:
        return 0.0, 0.0
    try:
        return parse_back_offset(value)
    except InputError as error:
        raise click.BadParameter(str(error)) from None


def existing_file(ctx, param, value: Path | None) -> Path | None:
    """A file option's file checked as it is read, so a missing one is named by its option (`--icc-profile
    x.icc: no such file`); where the file is opened later, the message names only the path. A folder, an
    unreadable file, bad contents are found where it is read, and named so there. - is standard input."""
    if value is not None and str(value) != "-" and not os.path.lexists(value):
        raise InputError(f"{param.opts[0]}: {value}: no such file")
    return not_the_output(ctx, param, value)


OUTPUT_KEY = "washigen.output"       # ctx.meta: the -o file, once read, for the inputs read after it


def not_the_output(ctx, param, value: Path | None) -> Path | None:
    """An input file that is not the -o file. `cats play --map m.txt -o m.txt` wrote the game log over the map it
    was played on (the log then named itself as its map): an input given as the output is refused before any
    work, whichever of the two comes first on the command line (click reads options in the order given)."""
    output = ctx.meta.get(OUTPUT_KEY)
    if value is not None and output is not None and same_file(value, output):
        raise InputError(Says(SAME_FILE, option=shown_name(param), path=str(value), flag="-o"))
    return value


SAME_FILE = N_("{option}: {path} is also the output file ({flag}); write the output to another file")


def shown_name(param: click.Parameter) -> str:
    """A parameter as a user typed it: an option's flag (--map), an argument's metavar (FILE)."""
    return param.opts[0] if isinstance(param, click.Option) else param.human_readable_name


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one existing file (a link, ./x and x alike)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return False


def printable_text(max_length: int, url: bool = False):
    """A click callback for free text that reaches the paper (a URL, a name): printable and bounded; a URL leads
    to a web page."""
    def check(ctx, param, value: str | None) -> str | None:
        from ..inputs import printable_problem, url_problem

        problem = None if value is None else (url_problem if url else printable_problem)(value, max_length)
        if problem is not None:
            raise click.BadParameter(problem)
        return value
    return check


def click_option(param: Param, **settings: Any) -> Callable[[Callable], Callable]:
    """The click option for one declared parameter; `settings` add what a declaration does not say (a callback)."""
    flag = param.option
    declarations = [flag] if param.kind == "bool" and "/" in flag else flag.split("/")
    settings = {"help": param.help, "required": param.required, "hidden": param.retired, **settings}
    shown = param.default is not None and param.default is not False
    if param.kind == "bool":
        settings.update(default=bool(param.default), show_default="/" in flag)
        if "/" not in flag:
            settings["is_flag"] = True
    else:
        settings.update(type=_click_type(param), show_default=shown)
        if param.typed_default is not None or not param.required:
            # Click 8.3 and later take an explicit default=None as a value given, so a required option with it was
            # never missing: `cats map` without -o ran into a traceback. A required one is given none.
            settings["default"] = param.typed_default
        if param.kind not in _TYPED_KINDS:
            settings["metavar"] = param.kind            # URL, LIST, X,Y: what the value looks like
        elif param.unit in _UNIT_WORDS:
            settings["metavar"] = _UNIT_WORDS[param.unit]     # --budget SECONDS
        if param.max_length is not None:
            settings["callback"] = printable_text(param.max_length, url=param.kind == "URL")
        elif param.kind == "file":
            settings.setdefault("callback", existing_file)
    return click.option(*declarations, param.name, **settings)


_TYPED_KINDS = ("int", "float", "length", "choice", "file", "folder", "str")
_UNIT_WORDS = {"s": "SECONDS"}


def _click_type(param: Param) -> Any:
    if param.kind == "int":
        bounded = param.min is not None or param.max is not None
        return click.IntRange(param.min, param.max) if bounded else click.INT
    if param.kind == "float":
        return FiniteFloat(param.min, param.max)
    if param.kind == "length":
        return LengthType(allow_zero=param.min == 0, minimum=param.min or None,
                          **({} if param.max is None else {"maximum": param.max}))
    if param.kind == "choice":
        return click.Choice(param.choices, case_sensitive=False)
    if param.kind == "file":
        return click.Path(dir_okay=False, path_type=Path)
    if param.kind == "folder":
        return click.Path(file_okay=False, path_type=Path)
    return click.STRING


def _language(ctx, param, value: str) -> str:
    from ..i18n import check_language

    try:
        return check_language(value)
    except InputError as error:
        raise click.BadParameter(str(error).split(": ", 1)[-1]) from None


def profile_option(only: Iterable[str] | None = None) -> Callable:
    """--profile NAME: the saved printer profile (washigen/profiles.py) whose values become this command's option
    defaults (click's default_map), so an option given on the command line still wins. Without --profile the
    profile named `default` applies, if saved, and the run says so on stderr when it changes a value (a saved
    default must never change a print unnoticed). `only` limits it to some options (a command's own --paper)."""
    keep = None if only is None else set(only)

    def apply(ctx: click.Context, param: click.Parameter, name: str | None) -> None:
        from .profile_defaults import apply_profile

        apply_profile(ctx, name, keep)

    option = click_option(common.PROFILE, is_eager=True, expose_value=False, callback=apply)

    def decorate(func: Callable) -> Callable:
        @functools.wraps(func)                 # keeps the options already attached (click's __click_params__)
        def announcing(*args, **kwargs):
            from .profile_defaults import announce_default_profile

            announce_default_profile()
            return func(*args, **kwargs)

        return option(announcing)

    return decorate


def template_option(ctx, param, value: Path | None) -> Path | None:
    """--template read as the command reads it when it lays parts out (press.templates.load_template), whether or
    not this run does: a file that is no template is refused naming the option (or the profile that set it), not
    passed over where the run prints no sheet. A pipe is left to be read once, where it is used."""
    from click.core import ParameterSource

    value = existing_file(ctx, param, value)
    if value is None or not value.is_file():
        return value
    from ..press.templates import load_template

    try:
        load_template(value)
    except InputError as error:
        by_profile = ctx.get_parameter_source(param.name) is ParameterSource.DEFAULT_MAP
        where = f"profile {ctx.meta.get('washigen.profile')}: template" if by_profile else shown_name(param)
        raise InputError(f"{where}: {error}") from None
    return value


# The options commands share are each built once (click's types hold no state, and a click.Path made per command
# costs start-up time in its gettext look-ups).
_CALLBACKS = {"back_offset": offset_option, "lang": _language, "template_file": template_option}


@functools.cache
def shared_option(param: Param) -> Callable[[Callable], Callable]:
    """The click option for one of the options commands share (common_params.py)."""
    callback = _CALLBACKS.get(param.name)
    return click_option(param, **({} if callback is None else {"callback": callback}))


def with_shared(params: tuple[Param, ...], func: Callable, profile_only: Iterable[str] | None = None) -> Callable:
    """`func` offering these shared options in this order; --profile, where among them, limited to `profile_only`."""
    for param in reversed(params):
        func = (profile_option(profile_only) if param is common.PROFILE else shared_option(param))(func)
    return func


def lang_option(func: Callable) -> Callable:
    """--lang: the language of every printed word (the catalogs under washigen/locale)."""
    return shared_option(common.LANG)(func)


COLOUR_OPTION = shared_option(common.COLOUR)
ICC_PROFILE_OPTION = shared_option(common.ICC_PROFILE)


def print_options(func: Callable | None = None, *, backs: bool = True) -> Callable:
    """--paper --template --bleed --crop-marks/--no-crop-marks --cut-lines --duplex --back-offset --dpi --color
    --icc-profile --gutter --lang, gathered into one PrintOptions passed as the `print_options` argument; --profile
    NAME sets their defaults. `@print_options(backs=False)` leaves out --duplex and --back-offset where a command
    prints no backs."""
    if func is None:
        return lambda f: print_options(f, backs=backs)
    return gathered_print_options("sheets+backs" if backs else "sheets")(func)


# The print options' parameters by the PrintOptions field each sets, where the two names differ.
_PRINT_FIELDS = {"template_file": "template"}


def gathered_print_options(prints: str) -> Callable[[Callable], Callable]:
    """The print options of a kind (common.PRINT_PARAMS), gathered into one PrintOptions passed as the
    `print_options` argument; those the kind does not offer keep PrintOptions' defaults."""
    params = common.PRINT_PARAMS[prints]
    names = tuple(param.name for param in params if param is not common.PROFILE)

    def decorate(func: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            from ..press.options import PrintOptions
            from .profile_defaults import used_profile

            given = {name: kwargs.pop(name) for name in names}
            _check_print_values(kwargs.get("output"), given)
            if given.get("paper"):
                given["paper"] = given["paper"].lower()
            kwargs["print_options"] = PrintOptions(**{_PRINT_FIELDS.get(name, name): value
                                                      for name, value in given.items()}, profile=used_profile())
            return func(*args, **kwargs)

        wrapper.__name__ = func.__name__
        wrapper.__doc__ = func.__doc__
        return with_shared(params, wrapper)
    return decorate


def _check_print_values(output: Path | None, given: dict[str, Any]) -> None:
    """What the print options' types cannot check alone, before the command does its work: --color and
    --icc-profile against each other and against -o, the ICC file read whether or not this run writes a PDF."""
    gutter = given.get("gutter")
    if gutter is not None and gutter > MAX_GUTTER:
        raise InputError(f"--gutter: must be from 0 to {MAX_GUTTER:g}mm, got {gutter:g}mm")
    if "colour" in given:
        from ..output import check_colour_target

        check_colour_target(output, given["colour"], given.get("output_profile"))


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
        if str(value).endswith(("/", os.sep)):
            # Path() drops a trailing slash: `-o out/map.pdf/` wrote the file out/map.pdf, not into a folder.
            raise click.BadParameter(f"{value}: names a folder (it ends in /); give a file name such as "
                                     f"{Path(value) / 'out.pdf'}")
        path = check_target(Path(value))
        if path.suffix.lower() not in formats:
            raise click.BadParameter(f"{value}: the format follows the extension; use one of {', '.join(formats)}")
        for other in ctx.command.params:        # the inputs read before -o (not_the_output checks those after)
            given = ctx.params.get(other.name)
            for item in given if isinstance(given, tuple) else (given,):
                if other is not param and isinstance(item, Path) and same_file(item, path):
                    raise InputError(Says(SAME_FILE, option=shown_name(other), path=str(item), flag="-o"))
        ctx.meta[OUTPUT_KEY] = path
        return path

    return click_option(common.output_param(formats, required), callback=check)


def print_decorator(prints: str) -> Callable[[Callable], Callable]:
    """The print options a component takes (Component.prints), gathered into its `print_options` argument (a
    tape maker's strip and a --lang alone are passed as they are)."""
    if prints in ("", "tape", "lang"):
        return lambda func: with_shared(common.PRINT_PARAMS[prints], func, profile_only=("bleed", "dpi"))
    return gathered_print_options(prints)


def output_decorator(writes: tuple[str, ...] | None, required: bool) -> Callable[[Callable], Callable]:
    """-o as a component `writes` (Component.writes): a file of those forms, a folder, or none."""
    if not writes:
        return lambda func: func
    declared = common.output_params(writes, required)[0]
    if declared.kind == "folder":
        return click_option(declared)
    return output_option(writes, required=required)


def given_on_command_line(name: str) -> bool:
    """Whether the running command's parameter `name` was typed, not left at its default."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) == ParameterSource.COMMANDLINE


def seed_option(func: Callable) -> Callable:
    """--seed, as every generator's spec declares it (params.seed_param)."""
    return click_option(seed_param().metadata[PARAM]._replace(name="seed"))(func)


def resolve_seed(seed: int | None) -> int:
    """The seed to use; a chosen one is echoed on stderr so the sheet can be made again."""
    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
        click.echo(f"seed: {seed}", err=True)
    return seed


def refuse_contradicted(design: Any, file_option: str, names: Iterable[str], makes: Iterable[str] = (),
                        what: str = "map") -> None:
    """The options given on the command line beside a design file (`file_option`, --map), held to the file: each
    of `names` that says other than the design's field of that name, and any of `makes` (how a new design would
    be made), is refused; the file is used as it is, so either would be silently ignored. An option left at its
    default, or one that agrees with the file, passes (click's parameter source tells the two apart)."""
    from click.core import ParameterSource

    ctx = click.get_current_context(silent=True)
    if ctx is None:                  # called outside a command: no command line to hold to the file
        return
    for name in (*names, *makes):
        if ctx.get_parameter_source(name) is not ParameterSource.COMMANDLINE:
            continue
        given, flag = ctx.params[name], _flag(ctx, name)
        if name in names and _same(given, getattr(design, name)):
            continue
        said = flag if isinstance(given, bool) else f"{flag} {_shown(name, given)}"
        why = f"the {what} {_described(name, getattr(design, name))}" if name in names else \
            f"it makes a new {what}, and the {what} file is used as it is"
        raise InputError(f"{said}: {why}; leave {flag} out with {file_option}")


def _flag(ctx: click.Context, name: str) -> str:
    return next((p.opts[0] for p in ctx.command.params if p.name == name), f"--{name.replace('_', '-')}")


def _same(given: Any, held: Any) -> bool:
    if isinstance(given, float) or isinstance(held, float):
        return abs(float(given) - float(held)) < 1e-6
    return str(given).lower() == str(held).lower() if isinstance(given, str) else given == held


def _shown(name: str, value: Any) -> str:
    return f"{format_mm(value)}mm" if isinstance(value, float) else str(value)


def _described(name: str, held: Any) -> str:
    if name == "players":
        return f"is for {held} players"
    if isinstance(held, bool):
        return f"has {name.replace('_', ' ')} {'on' if held else 'off'}"
    return f"has {name.replace('_', ' ')} {_shown(name, held)}"


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
            note(f"wrote {path}")


def note(text: str) -> None:
    """A line beside a command's work, not its product (`wrote FILE`, the studio's address): left unsaid where
    standard output was closed before the start, where printing the product is an error."""
    from ..exits import stdout_closed

    if not stdout_closed():
        click.echo(text)


def echo_warnings(report: Any) -> None:
    """A made design's warnings on stderr, one `warning: ...` line each: it is written, but something is off."""
    for violation in report.warnings:
        click.echo(f"warning: {violation.message}", err=True)


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


def refuse_short_tape(length: float, piece: float, piece_name: Says) -> None:
    """`--length` shorter than one piece of the repeat (DESIGN 12): the tape would print no whole piece, only the
    start of one, so it is refused, naming the least length that holds one (rounded up to what a message shows)."""
    if length < piece - 1e-6:
        least = math.ceil(piece * 100 - 1e-6) / 100
        raise InputError(Says(N_("{option}: {value} mm is shorter than one {piece}; the least length that holds one "
                                 "is {least} mm"), option="--length", value=format_mm(length), piece=piece_name,
                              least=format_mm(least)))


def refuse_long_run(games: int, bots: str, cost: Any, also: str | None = None, games_flag: str | None = "--games"
                    ) -> None:
    """A run of `games` games between `bots` refused up front when it would pass its allowance of one core (a
    minute, DESIGN 12; with a strong seat 30: arena.balance.run_allowance), naming the options as given: --games
    (where the command has it) and --bots where a strong bot is in it."""
    from ..arena.balance import refuse_long_run as refuse

    shown = [f"{games_flag} {games}"] if games_flag else []
    shown += [f"{flag} {spec}" for flag, spec in (("--bots", bots), ("--against", also))
              if spec and "strong" in str(spec).lower()]
    refuse(games, cost, bots, " ".join(shown) or f"--bots {bots}", also)
