"""The design envelope: JSON files with a format version, the game, the kind and the seed.

A design is a frozen dataclass (kw_only) deriving from `Design`. pydantic validates a JSON document against that
very dataclass, so the in-memory types stay plain and a bad file is answered with the JSON path of its first bad
field: `players: must be 2..6, got 9` style messages, never a traceback.
"""

from __future__ import annotations

import enum
import json
import math
import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated, Any, Callable, ClassVar, Iterable, TypeVar, dataclass_transform

import pydantic
from pydantic import ConfigDict, Field, TypeAdapter
from pydantic_core import ErrorDetails

from . import __version__
from .errors import DesignFormatError, InputError
from .inputs import (NOT_TEXT, TOO_LARGE, as_utf8, check_tree, clipped, decode_text, json_spelled, json_syntax,
                     long_number_line, read_bytes)
from .units import MAX_LENGTH
from .words import N_, NN_, Says

if TYPE_CHECKING:
    from .press.options import PrintOptions
    from .report import Report

FORMAT = "washigen/1"
MAX_GENERATOR = 200          # characters of a design's `generator` ("washigen 0.2.0")


_T = TypeVar("_T")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def record(cls: type[_T]) -> type[_T]:
    """A frozen, keyword-only dataclass that a design file may hold (unknown keys are refused on load). Type
    checkers see it as the dataclass it makes (dataclass_transform), so `dataclasses.replace` checks its fields."""
    setattr(cls, "__pydantic_config__", ConfigDict(extra="forbid"))
    return dataclass(frozen=True, kw_only=True)(cls)


@dataclass(frozen=True, kw_only=True)
class Design:
    """Base of every game's design. Subclasses set GAME and KIND, and add their fields (kw_only, frozen)."""
    __pydantic_config__ = ConfigDict(extra="forbid")

    GAME: ClassVar[str] = ""
    KIND: ClassVar[str] = ""

    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] | None = None      # as --seed takes it
    # Bounded: a setup's page prints it, and a 2 MB one (a JSON field had no limit) kept `render` fitting it for
    # minutes (DESIGN 12: an accepted input finishes within a minute).
    generator: Annotated[str, Field(max_length=MAX_GENERATOR)] = f"washigen {__version__}"


# Calls to _adapter with a design class carry `type: ignore[arg-type]`: mypy checks a `type[C]` against lru_cache's
# Hashable with C's unbound instance __hash__ and refuses it, though every class is hashable.
@lru_cache(maxsize=None)
def _adapter(cls: type) -> TypeAdapter:
    return TypeAdapter(cls)


def to_dict(design: Design) -> dict[str, Any]:
    body = _adapter(type(design)).dump_python(design, mode="json")  # type: ignore[arg-type]  # see _adapter
    return {"format": FORMAT, "game": design.GAME, "kind": design.KIND, **body}


def dumps(design: Design) -> str:
    """Deterministic JSON: the same design gives the same text. Small lists and objects stay on one line, so a
    map's rows read as rows."""
    return _pretty(to_dict(design), 0) + "\n"


def _pretty(value: Any, depth: int, width: int = 100) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + 2 * depth <= width or not isinstance(value, (list, dict)) or not value:
        return flat
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, list):
        items = [inner + _pretty(item, depth + 1, width) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    items = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {_pretty(item, depth + 1, width)}"
             for key, item in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def save(design: Design, path: str | Path) -> None:
    from .output import write_bytes

    write_bytes(Path(path), dumps(design).encode("utf-8"))


def validate(design: Design) -> Report:
    """The design checked against its game's rules: every violation with its rule id, severity and place."""
    from .games import get_game

    return get_game(design.GAME).validate(design)


def refuse_broken(design: Design) -> None:
    """InputError naming the first rule the design breaks, if any: bots do not play a broken design (a road row cut
    short, two cats on one cell), as `GAME play --map` does not."""
    errors = validate(design).errors
    if errors:
        raise InputError(Says(N_("{field}: breaks a rule, so it is not played: {message}"), field="design",
                              message=errors[0].says or errors[0].message))


def render(design: Design, path: str | Path, options: PrintOptions | None = None, **print_options: Any) -> list[Path]:
    """Writes a design by the extension of `path`: .json the design, .txt its text form, .tmj a Tiled map (its
    tileset image beside it), .pdf .svg .png its print; "-" writes to stdout (output.STDOUT_FORMATS). Print
    options are PrintOptions' fields (paper="a4", bleed="3mm", duplex="long", back_offset=(0.5, -1), dpi=600).
    Returns the files written (an SVG or PNG of several pages is one file a page)."""
    from .games import get_game
    from .output import output_format, write_bytes, write_printed

    game = get_game(design.GAME)
    path = Path(path)
    suffix = output_format(path)
    if suffix == ".json":
        return [write_bytes(path, dumps(design).encode("utf-8"))]
    if suffix == ".txt":
        if game.to_text is None:
            raise InputError(Says(N_("{path}: {game} has no text form; use .json"), path=str(path), game=game.name))
        return [write_bytes(path, game.to_text(design).encode("utf-8"))]
    if suffix in (".tmj", ".tmx"):
        from .tiled import write_tmj

        return write_tmj(game, design, to_dict(design), path)
    options = print_options_from(options, print_options)
    return write_printed(print_of(design, path, options), path, options)


def print_of(design: Design, path: str | Path, options: PrintOptions) -> Any:
    """The design's print (a press Document) as written to `path`. Where the file's form decides what is drawn (a
    tape: a PDF as pages of whole repeats, an SVG or PNG as the one strip), as the command that makes the design
    draws it (its component's print_file: `render roll.json` writes what `cats tape` wrote); any other by the
    game's print_design."""
    from .games import get_game
    from .games.registry import maker_of

    game = get_game(design.GAME)
    part = maker_of(game, design)
    if part is not None and part.print_file is not None:
        return part.print_file(design, options, Path(path))
    return game.print_design(design, options)


def print_options_from(options: PrintOptions | None, overrides: dict[str, Any]) -> PrintOptions:
    """PrintOptions from keywords (lengths as "3mm" or mm), or an InputError naming the unknown one."""
    from dataclasses import fields, replace

    from .press.options import PrintOptions
    from .units import parse_length

    known = {f.name for f in fields(PrintOptions)}
    for name in overrides:
        if name not in known:
            raise InputError(Says(N_("{name}: not a print option; the print options are {known}"), name=name,
                                  known=", ".join(sorted(known))))
    if "bleed" in overrides:
        overrides = {**overrides, "bleed": parse_length(overrides["bleed"], field="bleed", allow_zero=True)}
    return replace(options or PrintOptions(), **overrides)


STDIN = "-"                 # the path that names standard input
DESIGN_FILE = N_("design file")     # what a design is read from, as a refusal names it
DESIGN = N_("design")               # what a design document is, as a refusal names it


def load(path: str | Path) -> Design:
    """A design from its JSON file, a game's text form (.txt) whose first line names the game, or a Tiled map
    (.tmj or .tmx) that washigen wrote. `-` reads standard input (up to the same size), its form told by its first
    bytes."""
    from_stdin = str(path) == STDIN
    path = Path(path)
    source = "<stdin>" if from_stdin else str(path)
    data = _read_stdin() if from_stdin else read_bytes(path, Says(DESIGN_FILE))
    data = as_utf8(data, source, DesignFormatError, Says(DESIGN_FILE))
    if not data.strip():
        raise DesignFormatError(Says(N_("the file is empty; a design file holds a washigen design (JSON, .txt or "
                                        ".tmj)")), source=source)
    suffix = "" if from_stdin else path.suffix.lower()
    form = _form_of(suffix, data)
    if form == ".txt":
        if suffix in (".json", ".tmj"):          # a text form saved as .json; else a broken JSON, said as one
            try:
                return load_text(data, source=source)
            except DesignFormatError:
                return loads(data, source=source)
        return load_text(data, source=source)
    if form in (".tmj", ".tmx"):
        return load_tmj(data, source=source, form=form)
    return loads(data, source=source)


def _form_of(suffix: str, data: bytes) -> str:
    """The form a design file is read in, told by its first bytes as standard input's is: Windows hides
    extensions, so a JSON design is saved as map.json.txt, a text form as map.json, a Tiled map as Tiled's
    map.json. A .tmj that is JSON without Tiled's keys stays a .tmj, for the map reader to say what it lacks."""
    sniffed = _sniff_form(data)
    return suffix if suffix == ".tmj" and sniffed == ".json" else sniffed


def checked(design: Any, what: str = "design") -> Design:
    """A design handed over in Python, held to what its file would be held to (types, ranges, sizes, the game's
    own check): one changed by hand (`dataclasses.replace(map, segment_rows=0)`) that no file could hold is
    refused naming the field, instead of failing deep in a drawing or an engine, or being saved unloadable. The
    design as read back from its JSON is returned."""
    if not isinstance(design, Design) or not design.GAME:
        raise InputError(Says(N_("{what}: must be a design of one of washigen's games ({generate} or {load} makes "
                                 "one), got {type}"), what=what, generate="washigen.generate", load="washigen.load",
                              type=type(design).__name__))
    _refuse_non_finite(design, what)
    _refuse_foreign_parts(design, what)
    with warnings.catch_warnings():            # a field of the wrong type is reported below, by its name
        warnings.simplefilter("ignore")
        try:
            text = json.dumps(to_dict(design))
        except (TypeError, ValueError) as error:           # pydantic's serialization error is a ValueError
            raise DesignFormatError(Says(N_("cannot be written as a design file ({error})"), error=str(error)),
                                    path=json_path(_unwritable(design) or ()), source=what) from None
    read = loads(text, source=what)
    _refuse_coerced(design, read, what)
    for name, value in vars(design).items():      # what rides along, not a field (a Tiled map's other properties)
        if name not in vars(read):
            object.__setattr__(read, name, value)
    return read


def _refuse_non_finite(value: Any, what: str, path: tuple = ()) -> None:
    """Refuses a NaN or an infinity anywhere in a design, naming its field (its file would hold null there)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise DesignFormatError(Says(N_("{value} is not a finite number"), value=value), path=json_path(path),
                                source=what)
    if hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _refuse_non_finite(getattr(value, name), what, (*path, name))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _refuse_non_finite(item, what, (*path, index))


def _unwritable(value: Any, path: tuple = ()) -> tuple | None:
    """The path of the first value in a design that JSON cannot hold (an object() put in a field by hand), so
    that the refusal names its field; None where every value is plain."""
    if isinstance(value, (str, int, float, bool, type(None), enum.Enum, PurePath)):
        return None
    if hasattr(value, "__dataclass_fields__"):
        items: Iterable[tuple[Any, Any]] = ((name, getattr(value, name)) for name in value.__dataclass_fields__)
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    elif isinstance(value, dict):
        items = value.items()
    else:
        return path
    return next((found for key, item in items if (found := _unwritable(item, (*path, key))) is not None), None)


def _refuse_foreign_parts(design: Design, what: str) -> None:
    """Refuses a design held in a field meant for another kind (a Cops map put in a Cats set-up's `map`), naming
    the field: pydantic's writer failed on it with an AttributeError."""
    for name, wanted in _design_fields(type(design)).items():      # type: ignore[arg-type]  # a class hashes
        value = getattr(design, name, None)
        if isinstance(value, Design) and not isinstance(value, wanted):
            raise DesignFormatError(Says(N_("must be a {game} {kind}, got a {other} {other_kind}"), game=wanted.GAME,
                                         kind=wanted.KIND, other=value.GAME, other_kind=value.KIND),
                                    path=name, source=what)


@lru_cache(maxsize=None)
def _design_fields(cls: type) -> dict[str, type[Design]]:
    """The fields of a design class that hold a design of their own, by the class they hold (CatsSetup.map)."""
    import typing

    hints = typing.get_type_hints(cls)
    return {name: hint for name, hint in hints.items()
            if name in getattr(cls, "__dataclass_fields__", {}) and isinstance(hint, type) and issubclass(hint, Design)}


def _refuse_coerced(given: Any, read: Any, what: str) -> None:
    """Refuses a value the design's file would not hold as it is (True read back as 1, bytes as text), naming its
    field: it was saved, drawn and played changed, without a word."""
    loc = _coerced(given, read, ())
    if loc is not None:
        value, back = loc[1], loc[2]
        raise DesignFormatError(Says(N_("{value!r} is not a value a design file holds here (it would read back as "
                                        "{back!r})"), value=value, back=back), path=json_path(loc[0]), source=what)


def _coerced(given: Any, read: Any, path: tuple) -> tuple[tuple, Any, Any] | None:
    """The first place where a design and its reading back from JSON differ by more than a list for a tuple or
    an int for a float: (its path, the value given, the value read)."""
    if isinstance(given, Design) or (hasattr(given, "__dataclass_fields__") and type(given) is type(read)):
        for name in getattr(given, "__dataclass_fields__", {}):
            found = _coerced(getattr(given, name), getattr(read, name, None), (*path, name))
            if found is not None:
                return found
        return None
    if isinstance(given, (list, tuple)) and isinstance(read, (list, tuple)) and len(given) == len(read):
        for index, (item, back) in enumerate(zip(given, read)):
            found = _coerced(item, back, (*path, index))
            if found is not None:
                return found
        return None
    held = isinstance(given, bool) == isinstance(read, bool) and type(given) is not bytes and given == read
    return None if held else (path, given, read)


def load_tmj(data: bytes, source: str, form: str = ".tmj") -> Design:
    """A design from a Tiled map washigen wrote (tiled.read_tmj); what the map holds beyond the design rides along
    on it (tiled.EXTRAS), written back when it is saved as a map again."""
    import json

    from .tiled import EXTRAS, read_tmj

    document, extras = read_tmj(data, source, form)
    design = loads(json.dumps(document), source=source)
    object.__setattr__(design, EXTRAS, extras)
    return design


def _read_stdin() -> bytes:
    import sys

    from .inputs import MAX_INPUT_BYTES

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputError(Says(N_("{path}: standard input is closed; pass a design file, or pipe one in"),
                              path=STDIN))
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(Says(TOO_LARGE, path="<stdin>", size=MAX_INPUT_BYTES // 2**20, what=Says(DESIGN_FILE)))
    return data


def _sniff_form(data: bytes) -> str:
    """A JSON object is a Tiled map where it has Tiled's keys (a washigen design never has), else a washigen
    design; XML is a Tiled .tmx; a JSON array is read as JSON, to be refused as what it is (no text form starts
    with a bracket); anything else is a text form."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):          # <?xml, <map, or a comment before them
        return ".tmx"
    if head.startswith(b"["):
        return ".json"
    if not head.startswith(b"{"):
        return ".txt"
    return ".tmj" if b'"tiledversion"' in data or b'"orientation"' in data else ".json"


def load_text(data: bytes, source: str) -> Design:
    """A text-form design: the game whose title stands on the first line reads the rest."""
    from .games import all_games

    text = decode_text(data, source, DesignFormatError)
    first = text.split("\n", 1)[0]
    readers = [(g, g.from_text) for g in all_games() if g.from_text is not None]
    for game, read in readers:
        if game.title in first:
            return _held_to_json_limits(_quoting_in_part(read, text, source), source)
    for game in all_games():        # a text form written for reading only (Cops): say so, not "no game reads it"
        if game.from_text is None and game.to_text is not None and first.startswith(f"{game.name} "):
            raise DesignFormatError(Says(N_("line {line}: a {game} text form, written to be read by people; "
                                            "washigen does not read it back: give the design's .json instead"),
                                         line=1, game=game.name), source=source)
    # A text form without a title line (a Cat Tree layout is rows of cards): the reader that takes it.
    complaints: list[Says] = []
    for game, read in readers:
        try:
            return _held_to_json_limits(_quoting_in_part(read, text, source), source)
        except InputError as error:
            complaints.append(Says(N_("as {game}: {complaint}"), game=game.name, complaint=_without_source(error,
                                                                                                          source)))
    titles = "; ".join(f"{g.title!r} ({g.name})" for g, _read in readers)
    raise DesignFormatError(Says(N_("line {line}: no game reads this text. A text design starts with its game's title "
                                    "line ({titles}) or is a layout one game reads without it. {complaints}"),
                                 line=1, titles=titles, complaints=_joined(complaints)), source=source)


# A value a refusal names that is longer than this is the user's text echoed (an unknown key 100 kB long); it is
# quoted in part. The lists a refusal offers (the known tiles, ~700 characters) stay whole.
LONG_VALUE = 1000


def _quoting_in_part(read: Callable[[str, str], Design], text: str, source: str) -> Design:
    """read(text, source), its refusal said with every very long value it quotes cut short."""
    try:
        return read(text, source)
    except DesignFormatError as error:
        if not isinstance(error.detail, Says):
            raise
        raise DesignFormatError(_in_part(error.detail), path=error.path, source=error.source) from None


def _in_part(said: Says) -> Says:
    """The sentence with every text value longer than LONG_VALUE cut short (its sentences' too)."""
    return said.with_text(lambda value: clipped(value) if len(value) > LONG_VALUE else value)


def _without_source(error: InputError, source: str) -> Says | str:
    """An error's words without the file it names first (its place in the file kept), as a sentence to translate
    where it is one."""
    text = str(error).removeprefix(source).lstrip(":, ")
    said = error.says
    if isinstance(error, DesignFormatError) and error.source == source:
        said = DesignFormatError(error.detail, path=error.path).says           # the same error, without its file
    return said if str(said) == text else text


def _joined(parts: list[Says]) -> Says | str:
    """Sentences one after another, " | " between them, each in the page's language."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return Says(N_("{first} | {rest}"), first=parts[0], rest=_joined(parts[1:]))


def _held_to_json_limits(design: Design, source: str) -> Design:
    """A design read from its text form, held to what its JSON form may hold (finite numbers in range, every
    field's range): a text form took `balance: nan`, and a deck listing 9 copies, which washigen then refused as
    JSON."""
    check_tree(to_dict(design), source, DesignFormatError, Says(DESIGN), max_float=MAX_LENGTH)
    return checked(design, source)


def loads(data: bytes | str, source: str = "") -> Design:
    """Parses a design document; raises DesignFormatError (and nothing else) naming the first bad field."""
    document = _parse_json(data, source)
    if not isinstance(document, dict):
        raise DesignFormatError(Says(N_("a design file must hold a JSON object")), source=source)
    fmt = document.get("format")
    if fmt != FORMAT:
        raise DesignFormatError(Says(N_("must be {wanted!r}, got {got!r}"), wanted=FORMAT, got=json_spelled(fmt)),
                                path="format", source=source)
    cls = _design_class(document, source)
    body = {k: v for k, v in document.items() if k not in ("format", "game", "kind")}
    try:
        design = _adapter(cls).validate_json(json.dumps(body), strict=True)  # type: ignore[arg-type]  # see _adapter
    except pydantic.ValidationError as error:
        raise _first_error(error, source) from None
    except (ValueError, TypeError, KeyError, IndexError) as error:      # Python's own words: English anywhere
        raise DesignFormatError(str(error) or type(error).__name__, source=source) from None
    from .games import get_game

    check = get_game(cls.GAME).check_design
    if check is not None:
        try:
            check(design)
        except DesignFormatError as error:
            if error.source:                  # it names its own file already
                raise
            raise DesignFormatError(error.detail, path=error.path, source=source) from None
    return design


def _parse_json(data: bytes | str, source: str) -> Any:
    try:      # a leading BOM (Windows editors write one) is dropped, as the text reader drops it
        text = data.decode("utf-8-sig") if isinstance(data, (bytes, bytearray)) else data.removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise DesignFormatError(Says(NOT_TEXT, encoding="UTF-8", byte=error.start), source=source) from None
    try:
        # NaN and Infinity are read as the floats they spell, so that check_tree below names the field holding one
        document = json.loads(text, parse_constant=float, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise DesignFormatError(json_syntax(error), source=source) from None
    except _DuplicateKey as error:
        raise DesignFormatError(error.args[0], source=source) from None
    except RecursionError:
        raise DesignFormatError(Says(N_("JSON nested too deeply")), source=source) from None
    except ValueError as error:
        if "integer string conversion" in str(error):        # Python's own words, about its digit limit
            raise DesignFormatError(Says(N_("line {line}: a number with thousands of digits; whole numbers in a "
                                            "design are at most 20 digits long"), line=long_number_line(text)),
                                    source=source) from None
        raise DesignFormatError(str(error), source=source) from None
    check_tree(document, source, DesignFormatError, Says(DESIGN), max_float=MAX_LENGTH,     # mm: a kilometre
               max_items=MAX_DESIGN_ITEMS)
    return document


# The longest list a design holds: a Trail Route exchange deck with every tile count at its cap (34 x 200), a Cat
# Tree layout of 64 x 64 cards, 1,158 buildings on the largest Cats map washigen makes. Validation builds an error
# for every bad item of a list before the first is reported (2.6 million items of an 8 MB file took 8 GB), and
# some rules compare items pairwise: at this many neither passes 200 MB or a minute.
MAX_DESIGN_ITEMS = 20_000


class _DuplicateKey(ValueError):
    """A JSON object naming one key twice: json keeps the last silently, so an edited file said one thing and
    washigen read another."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise _DuplicateKey(Says(N_("{key}: the key stands twice in one object; a design names each field once"),
                                     key=clipped(key)))
        document[key] = value
    return document


def _design_class(document: dict, source: str) -> type[Design]:
    from .games import all_games, get_game

    game_name, kind = document.get("game"), document.get("kind")
    if not isinstance(game_name, str):
        raise DesignFormatError(Says(N_("must name a game, got {got!r}"), got=json_spelled(game_name)), path="game",
                                source=source)
    try:
        game = get_game(game_name)
    except InputError as error:
        from .games.registry import load_failure

        if load_failure(game_name) is not None:        # a plugin game left out: why, not "unknown game"
            raise DesignFormatError(error.says, path="game", source=source) from None
        names = ", ".join(g.name for g in all_games())
        raise DesignFormatError(Says(N_("unknown game {game!r}; known: {names}"), game=clipped(game_name),
                                     names=names), path="game", source=source) from None
    if not isinstance(kind, str) or kind not in game.designs:
        kinds = ", ".join(game.designs)
        raise DesignFormatError(Says(N_("{game} has no design kind {kind!r}; known: {kinds}"), game=game.name,
                                     kind=json_spelled(kind), kinds=kinds), path="kind", source=source)
    return game.designs[kind]


def _first_error(error: pydantic.ValidationError, source: str) -> DesignFormatError:
    first = error.errors(include_url=False)[0]
    path = json_path(first.get("loc", ()))
    own = _own_sentence(first)
    if own is not None:                  # a validator of ours: its sentence says all, without pydantic's "Value error"
        return DesignFormatError(own, path=path, source=source)
    message = pydantic_says(first)
    if "input" in first and first.get("type") not in ("missing",):
        shown = first["input"]
        if isinstance(shown, str):           # clipped: a 2 MB string refused as too long was echoed whole
            shown = clipped(shown)
        if not isinstance(shown, (dict, list)):
            message = Says(N_("{message}, got {shown!r}"), message=message, shown=json_spelled(shown))
    return DesignFormatError(message, path=path, source=source)


def _own_sentence(first: ErrorDetails) -> Says | None:
    """The sentence a validator of ours refused a value with (a ValueError holding a words.Says), or None."""
    raised = (first.get("ctx") or {}).get("error")
    said = raised.args[0] if isinstance(raised, ValueError) and len(raised.args) == 1 else None
    return said if first.get("type") == "value_error" and isinstance(said, Says) else None


# pydantic's refusals (an error's `type`) in its own English, as sentences to translate: its `msg` is its template
# filled in with the error's `ctx`. A template is taken only where it gives that very msg, so a pydantic that words
# a refusal otherwise is quoted as it says it, never put into a sentence it did not say.
PYDANTIC_WORDS: dict[str, tuple[str, ...]] = {
    "missing": (N_("Field required"),),
    "unexpected_keyword_argument": (N_("Unexpected keyword argument"),),
    "extra_forbidden": (N_("Extra inputs are not permitted"),),
    "int_type": (N_("Input should be a valid integer"),),
    "int_from_float": (N_("Input should be a valid integer, got a number with a fractional part"),),
    "float_type": (N_("Input should be a valid number"),),
    "finite_number": (N_("Input should be a finite number"),),
    "string_type": (N_("Input should be a valid string"),),
    "bool_type": (N_("Input should be a valid boolean"),),
    "none_required": (N_("Input should be None"), N_("Input should be null")),
    "list_type": (N_("Input should be a valid list"), N_("Input should be a valid array")),
    "tuple_type": (N_("Input should be a valid tuple"), N_("Input should be a valid array")),
    "set_type": (N_("Input should be a valid set"), N_("Input should be a valid array")),
    "frozen_set_type": (N_("Input should be a valid frozenset"), N_("Input should be a valid array")),
    "dict_type": (N_("Input should be a valid dictionary"), N_("Input should be an object")),
    "model_type": (N_("Input should be a valid dictionary or instance of {class_name}"),
                   N_("Input should be an object")),
    "dataclass_type": (N_("Input should be a dictionary or an instance of {class_name}"),
                       N_("Input should be an object")),
    "dataclass_exact_type": (N_("Input should be an instance of {class_name}"),),
    "literal_error": (N_("Input should be {expected}"),),
    "enum": (N_("Input should be {expected}"),),
    "greater_than": (N_("Input should be greater than {gt}"),),
    "greater_than_equal": (N_("Input should be greater than or equal to {ge}"),),
    "less_than": (N_("Input should be less than {lt}"),),
    "less_than_equal": (N_("Input should be less than or equal to {le}"),),
    "multiple_of": (N_("Input should be a multiple of {multiple_of}"),),
    "string_pattern_mismatch": (N_("String should match pattern {pattern!r}"),),
    "union_tag_invalid": (N_("Input tag {tag!r} found using {discriminator} does not match any of the expected "
                             "tags: {expected_tags}"),),
    "union_tag_not_found": (N_("Unable to extract tag using discriminator {discriminator}"),),
    "value_error": (N_("Value error, {error}"),),
    "assertion_error": (N_("Assertion failed, {error}"),),
}
# Those that count (a length of text or of a list): the sentences each may be, made from the ctx, whose min_length
# or max_length picks the singular or the plural.
PYDANTIC_COUNTED: dict[str, Callable[[dict[str, Any]], tuple[Says, ...]]] = {
    "string_too_short": lambda ctx: (Says(NN_("String should have at least {min_length} character",
                                              "String should have at least {min_length} characters"),
                                          by="min_length", **ctx),),
    "string_too_long": lambda ctx: (Says(NN_("String should have at most {max_length} character",
                                             "String should have at most {max_length} characters"),
                                         by="max_length", **ctx),),
    "too_short": lambda ctx: (Says(NN_("{field_type} should have at least {min_length} item after validation, not "
                                       "{actual_length}",
                                       "{field_type} should have at least {min_length} items after validation, not "
                                       "{actual_length}"), by="min_length", **ctx),),
    "too_long": lambda ctx: (Says(NN_("{field_type} should have at most {max_length} item after validation, not "
                                      "{actual_length}",
                                      "{field_type} should have at most {max_length} items after validation, not "
                                      "{actual_length}"), by="max_length", **ctx),
                             Says(NN_("{field_type} should have at most {max_length} item after validation, not more",
                                      "{field_type} should have at most {max_length} items after validation, not "
                                      "more"), by="max_length", **ctx)),
}
# The kinds of collection pydantic names in too_short and too_long (others are named as pydantic writes them).
PYDANTIC_COLLECTIONS = {"List": N_("List"), "Tuple": N_("Tuple"), "Set": N_("Set"), "Dictionary": N_("Dictionary")}
# The choices a literal_error or enum error lists ("'a', 'b' or 'c'"): quoted texts or bare words and numbers.
_CHOICE = r"""('[^']*'|"[^"]*"|[\w.+-]+)"""
PYDANTIC_CHOICES = re.compile(rf"(?P<choices>{_CHOICE}(, {_CHOICE})*) or (?P<last>{_CHOICE})")


def pydantic_says(first: ErrorDetails) -> Says | str:
    """A pydantic error (one of ValidationError.errors()) as a sentence to translate, or as pydantic's own words
    where no template here gives them exactly."""
    text = first.get("msg")
    if text is None:
        return Says(N_("invalid value"))
    kind = first.get("type", "")
    values = {key: _pydantic_value(key, value) for key, value in (first.get("ctx") or {}).items()}
    try:
        sentences = PYDANTIC_COUNTED[kind](values) if kind in PYDANTIC_COUNTED else \
            tuple(Says(template, **values) for template in PYDANTIC_WORDS.get(kind, ()))
    except (ValueError, TypeError):         # a count missing from the ctx, or not a number
        return text
    for said in sentences:
        try:
            if str(said) == text:
                return said
        except (KeyError, IndexError, ValueError, TypeError):       # a ctx without the template's values
            continue
    return text


def _pydantic_value(key: str, value: Any) -> Any:
    """A value of a pydantic error's ctx as its msg shows it: a whole float without its ".0" (pydantic writes
    `le=120.0` as 120), a ValueError raised in a validator as its sentence, "'a', 'b' or 'c'" with its "or" in
    the page's language."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, Exception):
        said = value.args[0] if len(value.args) == 1 else None
        return said if isinstance(said, Says) else str(value)
    listed = PYDANTIC_CHOICES.fullmatch(value) if key == "expected" and isinstance(value, str) else None
    if listed is not None:
        return Says(N_("{choices} or {last}"), choices=listed["choices"], last=listed["last"])
    if key == "field_type" and value in PYDANTIC_COLLECTIONS:
        return Says(PYDANTIC_COLLECTIONS[value])
    return value


def json_path(loc) -> str:
    """('segments', 0, 'cells', 3) -> 'segments[0].cells[3]'."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + clipped(str(part))     # an unknown key may be 100 kB long
    return text


def finite(value: float) -> bool:
    return not (math.isnan(value) or math.isinf(value))
