"""A component's parameters, declared once as data. A spec declares each component's parameters as a frozen
dataclass whose fields say, through `param(...)`, what each is: its kind, default, range, unit, help and example;
`params_of` reads them back as `Param`s, which `washigen games`, washigen.generate's checks, the studio's form and
the command line's options (cli/build.py) are all made from.

    class SheetOptions(Options):
        players: int = param(2, N_("Players at the table."), min=2, max=6)
        coop: bool = param(False, N_("One strip a team."))
        tape_width: float = param(45.0, N_("Tape width, {low}-{high} mm."), kind="length", min=10, max=120,
                                  help_fields={"low": "10", "high": "120"})

A help is English and marked N_ for the catalog, so the studio shows it in the page's language (`help_text(lang)`);
one that names computed values is a template whose {fields} are filled in after translation (`help_fields`), and
`help` holds it filled in, as the command line shows it.

An `Options` class is a frozen dataclass made so when it is first instantiated (or its fields asked for): making
the forty-odd parameter classes of the built-in games dataclasses at import would cost `washigen games` a third of
its start-up, and listing or building options only reads their declarations. A plain @dataclass(frozen=True) with
param() fields works everywhere an Options class does (plugins may use either)."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, NamedTuple, dataclass_transform

from ..errors import InputError
from ..inputs import printable_says, url_says
from ..i18n import MUST_BE, NOT_A_NUMBER, either
from ..words import N_, Says
from ..units import format_length, format_mm

PARAM = "washigen.param"            # the key of a field's metadata that holds its declaration
# Kinds whose value is text (a file also a path). Others a game reads itself: cops' offset, a number or "6mm".
TEXT_KINDS = ("str", "choice", "URL", "LIST", "file", "folder")
# A value out of its range, refused here and wherever a maker checks its own (a form field's, on the studio's page).
IN_RANGE = N_("{field}: must be {low}..{high}, got {value}")


class Param(NamedTuple):
    """One parameter of a component, as `washigen games` lists it and the CLI checks it. A named tuple, not a
    frozen dataclass: some three hundred are made as washigen starts (every declaration, and each as a component
    names it), and a named tuple is made, changed (`_replace`) and its class built several times faster."""
    name: str
    kind: str                      # "int", "float", "length", "choice", "bool", "str"
    default: Any = None
    min: Any = None
    max: Any = None
    choices: tuple[str, ...] = ()
    help: str = ""

    flag: str = ""                 # as typed on the command line: "--tape-width", "-o/--output", "LAYOUT"
    required: bool = False
    unit: str = ""                 # "mm" for a length, "s" for seconds
    example: Any = None            # a value worth showing (docs, the studio's placeholder)
    max_length: int | None = None  # free text that reaches the paper: at most this many characters
    design: bool = True            # False: it changes what is printed or played, not the design made
    # The help as the catalog holds it where that differs from `help`: a template whose {fields} (a range, the
    # standard widths) are filled in from help_fields after translation, so numbers never enter a msgid.
    help_msgid: str = ""
    help_fields: tuple[tuple[str, Any], ...] = ()
    # Kept so that old command lines and scripts still run, but it changes nothing: off --help, the studio's form
    # and `washigen games`.
    retired: bool = False

    @property
    def option(self) -> str:
        return self.flag or f"--{self.name.replace('_', '-')}"

    @property
    def typed_default(self) -> Any:
        """The default as the command line writes it: a length as 50mm or 10m, anything else as declared."""
        if self.kind == "length" and isinstance(self.default, (int, float)):
            return format_length(self.default)
        return self.default

    @property
    def keyword(self) -> str:
        """The name scripts pass to washigen.generate: the long option's (--long -> long), whatever Python name the
        command gave it (long_)."""
        long_options = [flag for flag in self.option.split("/") if flag.startswith("--")]
        return long_options[0][2:].replace("-", "_") if long_options else self.name

    @property
    def label(self) -> str:
        """How a message names it: as its long option does (--mix-file is "mix"), which is what scripts pass."""
        return self.keyword.replace("_", "-")

    def help_text(self, lang: str = "en") -> str:
        """The help in a language (`help` in English): the catalog's words for it, its fields filled in."""
        return translated_help(self.help_msgid or self.help, self.help_fields, lang)

    def reworded(self, help: str, help_fields: dict[str, Any] | None = None) -> Param:
        """The same parameter with another help (a template when help_fields are given)."""
        return self._replace(**worded(help, help_fields))

    def describe(self) -> str:
        name = self.option
        if self.kind == "bool":
            return name
        if self.kind == "choice":
            span = "|".join(self.choices)
        elif self.kind == "length":
            span = "LENGTH" + (f" up to {format_length(self.max)}" if self.max is not None else "")
        elif self.min is not None or self.max is not None:
            span = f"{'' if self.min is None else self.min}..{'' if self.max is None else self.max}"
        else:               # a type name shown as a placeholder (FILE, INT), a metavar (X,Y, en|de) as written
            span = self.kind.upper() if self.kind in ("int", "float", "str", "file", "folder") else self.kind
        if self.required:
            note = " (required)"
        elif self.default is None or self.default is False:
            note = ""
        else:
            shown = f"{format_mm(self.default)}mm" if self.kind == "length" and not isinstance(self.default, str) \
                else self.default
            note = f" (default {shown})"
        return f"{name} {span}{note}"

    def check(self, value: Any, field: str | None = None) -> Any:
        """The value, as the parameter's kind (a length in mm), or an InputError naming the parameter as `field`
        (its label unless given: a Python call names it by its keyword, tape_width)."""
        if value is None:
            return value
        label = field or self.label
        value = self._as_kind(value, label)
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            raise InputError(Says(IN_RANGE, field=label, low=self.min, high=self.max, value=value))
        if self.choices and value not in self.choices:
            raise InputError(Says(N_("{field}: must be one of {known}, got {value!r}"), field=label,
                                  known=", ".join(self.choices), value=value))
        return value

    def _as_kind(self, value: Any, label: str) -> Any:
        if self.kind == "length":
            from ..units import parse_length
            # As on the command line: zero only where a lower bound is declared (a bleed's 0), never for a size.
            return parse_length(value, field=label, allow_zero=self.min is not None)
        if self.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise InputError(Says(N_("{field}: must be a whole number, got {value!r}"), field=label, value=value))
        if self.kind == "float":
            return self._number(value, label)
        if self.kind == "bool" and not isinstance(value, bool):
            raise InputError(Says(MUST_BE, field=label, wanted=either(("True", "False")), value=value))
        if self.kind in ("file", "folder") and isinstance(value, os.PathLike):
            return value
        if self.kind in TEXT_KINDS and not isinstance(value, str):
            raise InputError(Says(N_("{field}: must be text, got {value!r}"), field=label, value=value))
        if self.max_length is not None:
            check = url_says if self.kind == "URL" else printable_says
            problem = check(value, self.max_length)
            if problem is not None:
                raise InputError(Says(N_("{field}: {problem}"), field=label, problem=problem))
        return value

    @staticmethod
    def _number(value: Any, label: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise InputError(Says(NOT_A_NUMBER, field=label, value=value))
        return float(value)


def param(default: Any = None, help: str = "", *, kind: str = "", min: Any = None, max: Any = None,
          choices: tuple[str, ...] = (), flag: str = "", required: bool = False, unit: str = "",
          example: Any = None, max_length: int | None = None, design: bool = True,
          help_fields: dict[str, Any] | None = None, retired: bool = False) -> Any:
    """A dataclass field declaring one parameter. `kind` defaults from the default's type (bool, int, float,
    str); give it for lengths ("length", in mm, unit "mm"), choices, and text the command line shows by a metavar
    ("URL", "LIST"). `design=False` marks an option of the command (a print's bleed, a file to read, --json)
    that washigen.generate does not take. With `help_fields`, `help` is a template whose {fields} they fill.
    `retired`: an option kept for old command lines that no longer changes anything (Param.retired)."""
    if not kind:
        kind = {bool: "bool", int: "int", float: "float", str: "str"}.get(type(default), "")
        if not kind:
            raise TypeError(f"param: say the kind of a parameter whose default is {default!r}")
    declared = Param("", kind, default, min, max, tuple(choices), flag=flag, required=required, unit=unit or
                     ("mm" if kind == "length" else ""), example=example, max_length=max_length, design=design,
                     retired=retired, **worded(help, help_fields))
    return field(default=default, metadata={PARAM: declared})


def worded(help: str, help_fields: dict[str, Any] | None) -> dict[str, Any]:
    """A Param's help fields: `help` as given, or a template and its fields with `help` filled in (English)."""
    if not help_fields:
        return {"help": help, "help_msgid": "", "help_fields": ()}
    return {"help": help.format(**help_fields), "help_msgid": help, "help_fields": tuple(help_fields.items())}


def translated_help(msgid: str, help_fields: tuple[tuple[str, Any], ...] = (), lang: str = "en") -> str:
    """A help (a component's or a parameter's) in `lang`: its msgid looked up in the catalog (itself where the
    catalog has no entry, as for a plugin's), its fields filled in after translation."""
    if not msgid:
        return ""               # gettext("") is the catalog's header
    from ..i18n import translator

    words = translator(lang).gettext(msgid)
    return words.format(**dict(help_fields)) if help_fields else words


SEED_MAX = 2**63 - 1


def seed_param() -> Any:
    """The seed every generator takes: unset, one is chosen (and printed by the command line), so a design can be
    made again."""
    return param(None, N_("Seed of the generator; without it one is chosen and printed on stderr."), kind="int",
                 min=0, max=SEED_MAX)


# param() is not named a field specifier: a specifier's default counts only when passed as `default=`, and param
# takes it first by position; every param() field has a default, as a plain value has to a type checker.
@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
class OptionsMeta(type):
    """Makes an Options class a frozen dataclass on its first instantiation (see the module's docstring)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        built(cls)
        return super().__call__(*args, **kwargs)


class Options(metaclass=OptionsMeta):
    """The base of a component's parameter dataclass: fields declared with param(...)."""


def built(cls: type) -> type:
    """The Options class (and its Options bases) made frozen dataclasses, once."""
    for base in reversed(cls.__mro__):
        if issubclass(base, Options) and base is not Options and "__dataclass_fields__" not in base.__dict__:
            dataclass(frozen=True)(base)
    return cls


def declared_fields(options: type) -> dict[str, dataclasses.Field]:
    """A parameter class's fields by name, in dataclass order (a base's first; a field declared again keeps its
    place), read off the declarations without making the class a dataclass."""
    if "__dataclass_fields__" in options.__dict__:
        return {item.name: item for item in fields(options)}
    found: dict[str, dataclasses.Field] = {}
    for cls in reversed(options.__mro__):
        # A base already made a dataclass holds its defaults where its Fields were: read those from its fields.
        made = cls.__dict__.get("__dataclass_fields__", {})
        for name in cls.__dict__.get("__annotations__", {}):
            value = made.get(name, cls.__dict__.get(name))
            if isinstance(value, dataclasses.Field):
                found[name] = value
    return found


def params_of(options: type) -> tuple[Param, ...]:
    """The Params a parameter dataclass declares, in field order (a subclass's fields after its base's)."""
    found = []
    for name, item in declared_fields(options).items():
        if item not in _NAMED:
            declared = item.metadata.get(PARAM)
            if declared is None:
                raise TypeError(f"{options.__name__}.{name}: declare it with param(...)")
            default = None if item.default is MISSING else item.default
            _NAMED[item] = declared._replace(name=name, default=default)
        found.append(_NAMED[item])
    return tuple(found)


# Each field's Param, named, made once: a base's fields (the map's options) are shared by many components.
_NAMED: dict[dataclasses.Field, Param] = {}
