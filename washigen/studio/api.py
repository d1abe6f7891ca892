"""What each endpoint does, apart from HTTP: list the games, make a design or a part's print, read an uploaded
design with the CLI's loaders, print one, play (the balance estimate and its chart: balancing.py); all through
washigen.api and the games' specs, never the command line. Every function takes and returns plain JSON-ready values
and raises WashigenError (InputError, NotFound, Conflict) with a message for the user."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import re
import secrets
import unicodedata
import warnings
import zipfile
from pathlib import Path
from typing import Any, Iterator

from .. import api as washigen
from ..design import Design, dumps, load, loads, print_of, to_dict
from ..errors import InputError
from ..games.params import SEED_MAX, Param
from ..games.registry import Component, Game, all_games, get_game, maker_of
from ..inputs import json_spelled
from ..i18n import MUST_BE, NONE, SOURCE_LANGUAGE, translator
from ..words import N_, Says
from . import board
from .offers import balance_games, broken, playable, refusal, refused_kind
from .offers import replays_its_making as replays_its_making        # where the studio's callers found it
from .places import grid_geometry, mark, strip_frames

FORMATS = {"svg": "image/svg+xml", "pdf": "application/pdf", "png": "image/png", "json": "application/json",
           "txt": "text/plain; charset=utf-8"}
# How a game may end (arena.records.End), in the order a balance run counts them; a game says which of them its own
# games can end in (Game.extra["endings"]: Trail Route's are never trapped), and the page words only those.
ENDINGS = ("win", "trap", "stalemate", "turn_limit")
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
# The print options the page sets with every print, in the order it shows them, and which a component's print
# takes (its spec's `prints`).
PRINT_OPTION_NAMES = ("paper", "bleed", "crop_marks", "cut_lines", "duplex", "back_offset", "dpi", "gutter", "colour",
                      "lang")
PRINTS = {"": (), "lang": ("lang",), "page": ("bleed", "dpi", "colour", "lang"),
          "tape": ("bleed", "dpi", "colour", "lang"), "paper": ("paper", "dpi", "colour", "lang"),
          "strips": ("paper", "bleed", "crop_marks", "cut_lines", "dpi", "colour", "lang"),
          "sheets": ("paper", "bleed", "crop_marks", "cut_lines", "dpi", "gutter", "colour", "lang"),
          "sheets+backs": PRINT_OPTION_NAMES}
# The studio names its files; a printer profile lives in the home folder (read only when a user asks for it at the
# command line); --json chooses the CLI's output form, where the studio always answers JSON. Paths are never set.
NOT_IN_FORM = ("output", "profile", "as_json", "seed")
PATH_KINDS = ("file", "folder")
# What the page advises for a PNG too large (the command line's advice names --dpi, which the page has not).
PAGE_ADVICE = N_("lower the PNG resolution, or print a PDF")
# Refusals said in more than one place (and NONE, MUST_BE of i18n).
WHOLE_FROM_0 = N_("a whole number from 0")
PRINT_OPTIONS_OBJECT = N_("must be an object of print options, such as {example}, got {kind}")
UNKNOWN_PRINT_OPTION = N_("{field}: unknown print option; known: {known}")


class NotFound(InputError):
    """A game or component that does not exist (HTTP 404)."""


class Conflict(InputError):
    """A request that this design cannot answer, such as balance without an engine (HTTP 409)."""


class FieldError(InputError):
    """A refused value, with what the page needs to say it in its own words: the field (as the form and the API
    name it), the reason (a words.Says, or text), and the value given. `trimmed`: the reason is a whole refusal,
    "name: why", of which the page is told the why."""

    def __init__(self, field: str, reason: Says | str, value: Any = None, where: str | None = None,
                 trimmed: bool = False):
        self.place, self.reason, self.trimmed = where or field, reason, trimmed
        super().__init__(f"{self.place}: {self.reason_in(SOURCE_LANGUAGE)}")
        self.field, self.value = field, value

    @classmethod
    def refusing(cls, field: str, error: InputError, value: Any = None, where: str | None = None) -> FieldError:
        """The field's refusal from an error that names it ("dpi: must be ..."), said in any language."""
        return cls(field, error.says, value, where, trimmed=True)

    def reason_in(self, lang: str) -> str:
        words = translator(lang).says(self.reason)
        return (words.partition(": ")[2] or words) if self.trimmed else words

    def message_in(self, lang: str) -> str:
        return f"{self.place}: {self.reason_in(lang)}"


class NotFoundField(FieldError, NotFound):
    """A name the request gives in a field (a game, a component) that names nothing there is (HTTP 404)."""


def refused(field: str, says: Says, value: Any = None, where: str | None = None,
            kind: type[FieldError] = FieldError) -> FieldError:
    """A refusal worded "FIELD: why" (`says`), as the refusal of that field: the answer names it in its `field`."""
    return kind.refusing(field, InputError(says), value, where)


def named_field(error: InputError) -> str:
    """The field a refusal names first ("dpi: must be ...", "offset: 'xyz' is no length")."""
    return str(error).partition(": ")[0]


def about_range(reason: str) -> bool:
    """Does an (English) refusal say that a number is out of its range? The page then says the range itself."""
    return re.search(r"range|at least|up to|larger|smaller|most", reason) is not None


def named(value: Any, field: str, what: Says) -> str:
    """A name a request gives in `field`: text. Missing (absent or null) or of another JSON type, a bad request
    (400) naming the field, not an unknown name (404 "unknown game 'None'")."""
    if value is None:
        raise FieldError(field, Says(N_("missing; give {what}"), what=what))
    if not isinstance(value, str):
        raise FieldError(field, Says(N_("must be text, {what}, got {kind}"), what=what, kind=type_name(value)), value)
    return value


def find_game(name: Any) -> Game:
    name = named(name, "game", Says(N_("a game's name as {request} lists it, such as {example}"),
                                    request="GET /api/games", example='"cats"'))
    try:
        return get_game(name)
    except InputError as error:
        raise NotFoundField.refusing("game", error, name) from None


# -- the games and their forms ---------------------------------------------------------------------------------------

def studio_components(game: Game) -> list[Component]:
    """The components the studio makes: those that make a design, and those whose spec draws their print."""
    return [c for c in game.components if c.make is not None or c.draw is not None]


def print_names(component: Component) -> tuple[str, ...]:
    """The print options the component's print takes (a part without a declared print prints on sheets)."""
    return PRINTS.get(component.prints or "sheets", ())


def settable_params(component: Component) -> list[Param]:
    """The parameters the page sets in its form: not file paths nor arguments, not the seed (a field of its own),
    not the print options (set with every print), not what only the command line chooses (its output, --json)."""
    return [p for p in component.params if p.kind not in PATH_KINDS and p.option.startswith("-")
            and p.name not in PRINT_OPTION_NAMES and p.name not in NOT_IN_FORM and not p.retired]


# The names the page's pickers show for a part and for a choice, said in the page's language (the command line's
# own names where a language has no word of its own: a paper, a card size).
PART_WORDS = {"map": N_("map"), "tape": N_("tape"), "sheet": N_("sheet"), "setup": N_("setup"), "deck": N_("deck"),
              "play": N_("played game"), "components": N_("components")}
CHOICE_WORDS = {"end-to-end": N_("end to end"), "stacked": N_("stacked")}
# What a download's name says it holds (a part made afresh, a design's kind, a played game, a balance chart), in
# the page's language; in English the name keeps the command line's word ("cats-map-7.pdf").
NAME_WORDS = {**PART_WORDS, "game": PART_WORDS["play"], "balance": N_("balance"), "layout": N_("layout"),
              "roll": N_("roll"), "segment": N_("segment")}
# Umlauts and ß as German spells them without (ae, oe, ue, ss); any other accent is dropped (file_safe).
SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def games_listing(lang: str = "en") -> dict[str, Any]:
    """Every game, and every component the studio can make, with the registry's parameter specs, their help in
    `lang`."""
    from ..i18n import languages
    from ..units import PAPER_SIZES

    listing = []
    said = translator(lang)
    for game in all_games():
        components = [{
            "name": component.name, "label": said(PART_WORDS.get(component.name, component.name)),
            "help": component.help_text(lang),
            "seeded": any(p.name == "seed" for p in component.params),
            "design": component.make is not None,
            "print_options": list(print_names(component)),
            "params": [field_spec(p, lang) for p in settable_params(component)]}
            for component in studio_components(game)]
        listing.append({"name": game.name, "title": game.title, "components": components,
                        "text_form": game.from_text is not None,
                        "balance": getattr(game, "balance", None) is not None,
                        "endings": list(game.extra.get("endings", ENDINGS)),
                        "play": any(c.replay is not None for c in game.components)})
    return {"games": listing, "papers": sorted(PAPER_SIZES), "languages": list(languages()),
            "max_upload_bytes": MAX_UPLOAD_BYTES}


def file_stem(game: str, what: str, *seeds: int | None, lang: str = SOURCE_LANGUAGE) -> str:
    """A download's name without its extension: the game, what the file holds said in `lang`, and its seeds."""
    word = what if lang == SOURCE_LANGUAGE else file_safe(translator(lang)(NAME_WORDS.get(what, what))) or what
    return "-".join([game, word, *(str(seed) for seed in seeds if seed is not None)])


def file_safe(word: str) -> str:
    """A word as every file system, a zip and the page's filename="..." take it: lower-case ASCII letters and
    digits between hyphens (Spielfeld: spielfeld; gespielte Partie: gespielte-partie; Würfel: wuerfel)."""
    spelled = unicodedata.normalize("NFKD", word.lower().translate(SPELLED_OUT))
    return re.sub(r"[^a-z0-9]+", "-", spelled.encode("ascii", "ignore").decode("ascii")).strip("-")


def field_spec(param: Param, lang: str = "en") -> dict[str, Any]:
    """A parameter as the page's form shows it: named as on the command line (--long is "long", whatever the spec
    calls it in Python), with its range and help."""
    return {"name": param.keyword, "kind": param.kind, "default": param.default, "min": param.min, "max": param.max,
            "choices": list(param.choices), "help": param.help_text(lang), "design": param.design,
            "choice_labels": [translator(lang)(CHOICE_WORDS[c]) if c in CHOICE_WORDS else c for c in param.choices]}


def _component(game: Game, body: dict[str, Any]) -> Component:
    offered = studio_components(game)
    known = ", ".join(c.name for c in offered) or Says(NONE)
    name = named(body.get("component"), "component",
                 Says(N_("a part of {game} the studio makes ({known})"), game=game.name, known=known))
    found = next((c for c in offered if c.name == name), None)
    if found is None:
        raise refused("component", Says(N_("{field}: {game} has no component {name!r} the studio makes; known: "
                                           "{known}"), field="component", game=game.name, name=name, known=known),
                      name, kind=NotFoundField)
    return found


def form_values(game: Game, component: Component, params: Any) -> dict[str, Any]:
    """The form's values checked by the component's specs: {keyword: value as its kind}; a field refused by name."""
    if not isinstance(params, dict):
        raise FieldError("params", Says(N_("must be an object of parameter names and values, such as {example}, got "
                                           "{kind}"), example='{"players": 3}', kind=type_name(params)), params)
    specs = {p.keyword: p for p in settable_params(component)}
    values = {}
    for name, value in params.items():
        spec = specs.get(name)
        if spec is None:
            raise refused(f"params.{name}", Says(N_("{field}: {game} {component} has no such parameter; known: "
                                                    "{known}"), field=f"params.{name}", game=game.name,
                                                 component=component.name, known=", ".join(specs) or Says(NONE)),
                          value)
        if value is None or value == "":
            continue
        values[name] = checked(spec, value)
    return values


# The kinds whose values are not text (a length may be a bare number of millimetres, or text such as "50mm").
NOT_TEXT_KINDS = ("int", "float", "bool", "length")


def checked(param: Param, value: Any) -> Any:
    """A value as the spec's check takes it; out of its range, a reason the page words as a range."""
    from ..units import format_mm

    if param.kind == "bool" and not isinstance(value, bool):      # the spec says Python's True or False
        raise FieldError(param.keyword, Says(N_("must be true or false, got {kind}"), kind=type_name(value)), value)
    if param.kind not in NOT_TEXT_KINDS and not isinstance(value, str):
        # a spec checks the text kinds' words, not that they are words (the command line only gives it text)
        raise FieldError(param.keyword, Says(N_("must be text, got {kind}"), kind=type_name(value)), value)
    try:
        # Unbounded, to say the range in the studio's words below; a declared lower bound stays declared (-inf),
        # as a length may be zero only where one is.
        value = param._replace(min=None if param.min is None else -math.inf, max=None).check(value)
    except InputError as error:
        raise FieldError.refusing(param.keyword, error, value) from None
    low, high = param.min, param.max
    if isinstance(value, (int, float)) and not isinstance(value, bool) and (
            low is not None and value < low or high is not None and value > high):
        def shown(number):
            return f"{format_mm(number)}mm" if param.kind == "length" else number
        if low is not None and high is not None:
            reason = Says(N_("must be at least {low} and at most {high}, got {value}"), low=shown(low),
                          high=shown(high), value=shown(value))
        elif low is not None:
            reason = Says(N_("must be at least {low}, got {value}"), low=shown(low), value=shown(value))
        else:
            reason = Says(N_("must be at most {high}, got {value}"), high=shown(high), value=shown(value))
        raise FieldError(param.keyword, reason, value)
    return value


JSON_TYPES = {bool: N_("true or false"), int: N_("a number"), float: N_("a number"), list: N_("a list"),
              dict: N_("an object"), str: N_("text")}


def type_name(value: Any) -> Says | str:
    """What a JSON value is, in the words of JSON (null, as JSON writes it)."""
    if value is None:
        return "null"
    words = JSON_TYPES.get(type(value))
    return type(value).__name__ if words is None else Says(words)


def print_options(options: Any, taken: tuple[str, ...] = PRINT_OPTION_NAMES):
    """PrintOptions from a JSON object, each value checked as the command line checks it (washigen.print_options);
    a refused one names its field."""
    if not isinstance(options, dict):
        raise FieldError("options", Says(PRINT_OPTIONS_OBJECT, example='{"paper": "a4", "bleed": "3mm"}',
                                         kind=type_name(options)), options)
    for name in options:
        if name not in PRINT_OPTION_NAMES:
            raise refused(f"options.{name}", Says(UNKNOWN_PRINT_OPTION, field=f"options.{name}",   # no form has it
                                                  known=", ".join(PRINT_OPTION_NAMES)), options[name])
        if name not in taken:
            raise refused(name, Says(N_("{field}: this component's print does not take {name}"),
                                     field=f"options.{name}", name=name), options[name], f"options.{name}")
    values = {name: (None if value == "" else value) for name, value in options.items()}
    try:
        return washigen.print_options(**values)
    except InputError as error:
        field = named_field(error)
        raise FieldError.refusing(field, error, values.get(field), f"options.{field}") from None


# -- making, reading and describing designs ------------------------------------------------------------------------

def whole_number(value: Any, field: str, wanted: Says) -> int:
    """A JSON whole number, or one written as plain digits (the page sends seeds as text: a JavaScript number
    cannot hold every seed). Nothing else Python's int() would take: no 1.7 cut to 1, no " 1_0 " read as 10."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= len(str(SEED_MAX)):
        return int(value)
    raise InputError(Says(MUST_BE, field=field, wanted=wanted, value=json_spelled(value)))


def request_fields(body: dict[str, Any], taken: tuple[str, ...], request: Says | str) -> None:
    """Refuses a field the request does not read (a typo such as "paramz", or "bots" to a balance), naming it and
    those it reads: dropped without a word, the answer would be something other than what was asked."""
    for name in body:
        if name not in taken:
            raise FieldError(name, Says(N_("{request} reads no such field; it reads {fields}"), request=request,
                                        fields=", ".join(taken)), body[name])


def _seed(body: dict[str, Any]) -> int | None:
    seed = body.get("seed")
    if seed is None or seed == "":
        return None
    try:
        value = whole_number(seed, "seed", Says(N_("a whole number 0..{most}"), most=SEED_MAX))
    except InputError as error:
        raise FieldError.refusing("seed", error, seed) from None
    if not 0 <= value <= SEED_MAX:
        # named as a field, so that the page says it as its form labels it ("Startwert: ...")
        raise FieldError.refusing("seed", InputError(Says(N_("{field}: must be 0..{most}, got {value}"), field="seed",
                                                          most=SEED_MAX, value=value)), value)
    return value


def make_design(body: dict[str, Any], folder: Path | None = None, words: str | None = None) -> dict[str, Any]:
    """A component made from the form (washigen.generate, or its spec's drawing for a part that only prints): the
    design, its preview and its report. The preview is printed in the body's `lang`; the report, the log and the
    editors' names are said in `words`, the page's language (the body's `lang` when not given)."""
    request_fields(body, ("game", "component", "params", "seed", "page", "lang"), "POST /api/design")
    game = find_game(body.get("game"))
    component = _component(game, body)
    values = form_values(game, component, body.get("params", {}))
    seed = _seed(body)
    lang = language(body.get("lang"))
    words = words or lang
    said = translator(words)                    # the log's own words ("warning", "seed") in the page's language
    messages = []
    if any(p.name == "seed" for p in component.params):
        if seed is None:
            seed = secrets.randbelow(1_000_000)
            messages.append(f"{said('seed')}: {seed}")
        values["seed"] = seed
    page = page_number(body.get("page"))
    if component.make is not None:
        making = designing(game, component, values)
        with warnings.catch_warnings(record=True) as caught, form_refusals(making):
            warnings.simplefilter("always")
            design = washigen.generate(game.name, component.name, **making)
        messages += [f"{said('warning')}: {said.says(getattr(w.message, 'says', str(w.message)))}" for w in caught
                     if not issubclass(w.category, DeprecationWarning)]
        answer = describe(game, design, page=page, lang=lang, words=words)
        messages += [f"{said('warning')}: {v['message']}" for v in answer["report"]["violations"]
                     if v["severity"] == "warning"]
        return {**answer, "component": component.name, "messages": messages}
    options = washigen.print_options(lang=lang) if "lang" in print_names(component) else None
    with form_refusals(values):
        document = washigen.draw_component(game.name, component.name, options, **values)
    shown = min(page, len(document.pages) - 1)
    return {"game": game.name, "component": component.name, "kind": component.name, "seed": seed, "design": None,
            "svg": washigen.svg(document.pages[shown]), "page": shown, "pages": len(document.pages),
            "report": None, "geometry": None, "messages": messages}


@contextlib.contextmanager
def form_refusals(values: dict[str, Any]) -> Iterator[None]:
    """A maker's refusal that names a field of the form ("offset: ...", a sheet's "coop: ..."), raised as that
    field's refusal, so that the page names it as its form labels it and marks it; any other as it came."""
    try:
        yield
    except FieldError:
        raise
    except InputError as error:
        field = named_field(error)
        if field not in values or field == "seed":
            raise
        raise FieldError.refusing(field, error, values[field], f"params.{field}") from None


def _param(component: Component, keyword: str) -> Param:
    return next(p for p in component.params if p.keyword == keyword)


def designing(game: Game, component: Component, values: dict[str, Any]) -> dict[str, Any]:
    """The values washigen.generate makes the design from. A parameter that is no part of the design (the bots and
    games of `cat-tree play`, a tape's printed length) changes nothing the studio shows, so it is refused unless it
    is left at its default: dropped without a word, the page would show something other than what was asked."""
    for name, value in values.items():
        param = _param(component, name)
        if not param.design and value != param.default:
            command = f"washigen {game.name} {component.name} {param.option.split('/')[0]}"
            raise FieldError(name, Says(N_("no part of the design the studio shows (as {maker} makes it); leave it at "
                                           "{default!r}, or give it to the command line: {command} ..."),
                                        maker="washigen.generate", default=param.default, command=command),
                             value, f"params.{name}")
    return {name: value for name, value in values.items() if _param(component, name).design}


def language(value: Any) -> str:
    """The language of the printed words on the preview (en when not given)."""
    from ..i18n import SOURCE_LANGUAGE, check_language

    if value in (None, ""):
        return SOURCE_LANGUAGE
    if not isinstance(value, str):             # 3 or ["de"] were looked up as the languages '3' and "['de']"
        raise FieldError("lang", Says(N_("must be text, a language such as {example}, got {kind}"), example='"de"',
                                      kind=type_name(value)), value)
    try:
        return check_language(value, "lang")
    except InputError as error:
        raise FieldError.refusing("lang", error, value) from None


def page_number(value: Any) -> int:
    """Which page of the print to preview (0 the first); a page past the last shows the last."""
    if value is None or value == "":
        return 0
    try:
        page = whole_number(value, "page", Says(WHOLE_FROM_0))
        if page < 0:
            raise InputError(Says(MUST_BE, field="page", wanted=Says(WHOLE_FROM_0), value=value))
    except InputError as error:
        raise FieldError.refusing("page", error, value) from None
    return page


def describe(game: Game, design: Design, page: int | None = 0, lang: str = "en",
             words: str | None = None) -> dict[str, Any]:
    """A design as the page sees it: its JSON, its report with each violation's mark on the drawing, and (unless
    page is None) one page of its natural print, in `lang`, as SVG. The marks and the editors' grid come from the
    places the drawing records on its first page. The report and the names of what an editor paints are said in
    `words`, the page's language (`lang` when not given): a German page printing English cards still speaks German."""
    words = words or lang
    checked = washigen.validate(design)
    report = checked.to_dict(words)
    document = washigen.draw(design, washigen.print_options(lang=lang))
    places = document.pages[0].places
    for found, violation in zip(checked.violations, report["violations"]):
        violation["mark"] = mark(places, violation["where"])
        violation["place"] = found.place(words)           # where, in words of the page's language
    component = maker_of(game, design)
    maker = None if component is None else component.name
    palette = component.palette() if component is not None and component.palette is not None else ()
    said = translator(words)
    palette = tuple((code, said(name)) for code, name in palette)      # "Gebäude", "Kiste": the tools' names
    offered = playable(game, design, checked)
    answer: dict[str, Any] = {"game": game.name, "kind": design.KIND, "seed": design.seed, "component": maker,
                              "design": to_dict(design), "report": report,
                              "geometry": grid_geometry(places.grid, palette),
                              "playable": offered,
                              # the balance field's start: as many of the page's 200 as fit in the run's minute
                              "balance_games": balance_games(game, design) if offered["balance"] else None,
                              "text": game.to_text(design) if game.to_text is not None else None,
                              "score": component.score(design) if component is not None and component.score else None,
                              "frames": strip_frames(places)}
    answer["params"] = design_params(component, design)      # the form's values the design says
    if page is not None:
        answer["page"] = min(page, len(document.pages) - 1)
        answer["svg"] = washigen.svg(document.pages[answer["page"]])
        answer["pages"] = len(document.pages)
    return answer


def design_params(component: Component | None, design: Design) -> dict[str, Any]:
    """The form's values a design says, by the form's names, as the form writes them: each parameter of the design
    (of the part that made it) that the design holds under the parameter's name (a Cops map's `players`, the
    count of its segments), or the design it is drawn on holds (a set-up's map); a whole number counts what the
    design holds under its name (a tape's segments), and a length is written "45mm"; a value equal to the default
    is left out (the form shows its default). The page builds its form and address from them with an opened file,
    so that a reload or a field changed makes the file's design again, not one of the form's old parameters."""
    from dataclasses import fields, is_dataclass

    from ..units import format_mm, parse_length

    if component is None:
        return {}
    inner = [value for f in fields(design) if isinstance(value := getattr(design, f.name), Design)]
    values: dict[str, Any] = {}
    for param in settable_params(component):
        holder = next((d for d in (design, *inner) if hasattr(d, param.name)), None)
        value = getattr(holder, param.name, None)
        if value is None or not param.design:
            continue
        if isinstance(value, tuple) and param.kind == "int":
            value = len(value)
        elif is_dataclass(value) or isinstance(value, (tuple, list, dict)):
            continue                        # not a value of the parameter (held under its name for another use)
        try:
            if param.kind.lower() == "length" and isinstance(value, (int, float)) and not isinstance(value, bool):
                # in mm, as is the default (which may be text: "0", a bare number of mm)
                value = f"{format_mm(value)}mm"
                checked(param, value)
                same = parse_length(value, field=param.keyword, allow_zero=True) == parse_length(
                    param.default, field=param.keyword, allow_zero=True)
            else:
                same = checked(param, value) == param.default
        except InputError:                  # a value the form would refuse (out of its range): left out
            continue
        if not same:
            values[param.keyword] = value
    return values


UPLOAD_FORMS = (".json", ".txt", ".tmj", ".tmx")


def read_design(data: bytes, name: str, folder: Path) -> Design:
    """A design file as `washigen validate FILE` reads it: saved under its own name (a .tmj is read as a Tiled map,
    a .txt as a text form, anything else as JSON) and loaded by the CLI's loader; its messages name the file."""
    source = Path(name.replace("\\", "/")).name
    source = "".join(c for c in source if c.isprintable() and c not in "/:") or "upload"
    if not source.strip("."):                 # ".." would name the folder the file was to be saved in
        raise FieldError("name", Says(N_("must be a file's name, such as {example}, got {value!r}"), example="map.json",
                                      value=name), name)
    target = folder / source[-120:]
    target.write_bytes(data)
    return load(target)           # the server's folder is taken out of any message by the endpoint


def design_of(body: dict[str, Any]) -> Design:
    """The design a request carries in "design", read by the same loader as a design file."""
    if "design" not in body:
        raise refused("design", Says(N_("{field}: the request carries no design"), field="design"))
    try:
        return loads(json.dumps(body["design"]), source="design")
    except FieldError:
        raise
    except InputError as error:              # "design: ...", "design, format: ...": the page marks the design
        raise FieldError.refusing("design", error, where=named_field(error) or "design") from None


def validate_upload(data: bytes, name: str, page: Any, lang: Any, folder: Path,
                    words: str | None = None) -> dict[str, Any]:
    """A design file checked; with `page` None, no drawing (the report alone); the report said in `words` (the
    page's language; `lang` when not given)."""
    lang = language(lang)
    page = None if page is None else page_number(page)         # the request's own fields before the file's
    design = read_design(data, name, folder)
    return describe(get_game(design.GAME), design, page, lang, words)


# -- printing ----------------------------------------------------------------------------------------------------------

def render(body: dict[str, Any], fmt: str, folder: Path | None = None,
           names_in: str = SOURCE_LANGUAGE) -> tuple[bytes, str, str]:
    """The print of a design (body["design"]) or of a component made afresh (game, component, params, seed), with
    the print options in body["options"], byte for byte what the command line writes, named in the page's language
    `names_in`. Several pages of SVG or PNG come as one zip."""
    if fmt not in FORMATS:
        raise refused("format", Says(N_("{field}: must be one of {known}, got {value!r}"), field="format",
                                     known=", ".join(FORMATS), value=fmt), fmt)
    if "design" in body:
        request_fields(body, ("design", "options"), Says(N_("{request} with a design"), request="POST /api/render"))
    else:
        request_fields(body, ("game", "component", "params", "seed", "options"), "POST /api/render")
    options = body.get("options", {})
    if not isinstance(options, dict):             # refused here too, where a design is written as it is
        print_options(options)
    if "design" in body:
        design = design_of(body)
        game = get_game(design.GAME)
        stem = file_stem(game.name, design.KIND, design.seed, lang=names_in)
        if fmt == "json":
            return dumps(design).encode("utf-8"), FORMATS[fmt], f"{stem}.json"
        if fmt == "txt":
            if game.to_text is None:
                raise refused("format", Says(N_("{field}: {game} has no text form; use {other}"), field="format",
                                             game=game.name, other="json"), fmt)
            return game.to_text(design).encode("utf-8"), FORMATS[fmt], f"{stem}.txt"
        chosen = print_options(options)
        document = print_of(design, f"{stem}.{fmt}", chosen)
    else:
        if fmt in ("json", "txt"):
            raise refused("format", Says(N_("{field}: a part made afresh is printed as pdf, svg or png, got "
                                            "{value!r}"), field="format", value=fmt), fmt)
        game = find_game(body.get("game"))
        component = _component(game, body)
        values = form_values(game, component, body.get("params", {}))
        seed = _seed(body)
        if seed is not None:
            if not any(p.name == "seed" for p in component.params):
                raise refused("seed", Says(N_("{field}: {game} {component} takes no seed"), field="seed",
                                           game=game.name, component=component.name), seed)
            values["seed"] = seed
        chosen = print_options(options, print_names(component))
        stem = file_stem(game.name, component.name, seed, lang=names_in)
        with form_refusals(values):
            if component.make is not None and component.print_file is not None:
                document = print_of(washigen.generate(game.name, component.name, **values), f"{stem}.{fmt}", chosen)
            else:
                document = washigen.draw_component(game.name, component.name, chosen, **values)
    return packed(printed_files(document, f"{stem}.{fmt}", chosen), fmt, stem)


def printed_files(document: Any, name: str, options: Any = None) -> list[tuple[str, bytes]]:
    """washigen.files, a PNG too large at the resolution asked refused as the page words it: the dpi field (the
    refusal names it in its `field`), by what its form calls it (the message named the command line's --dpi)."""
    try:
        return washigen.files(document, name, options)
    except InputError as error:
        if type(error) is not InputError or error.field != "dpi":
            raise
        said = error.says
        if isinstance(said, Says) and "advice" in said.values:       # the advice in the form's words
            said = copy.copy(said)
            said.values = {**said.values, "advice": Says(PAGE_ADVICE)}
        raise FieldError("dpi", said, getattr(options, "dpi", None), "options.dpi", trimmed=True) from None


def packed(files: list[tuple[str, bytes]], fmt: str, stem: str) -> tuple[bytes, str, str]:
    """One file as itself; several (an SVG or PNG a page) as one zip."""
    if len(files) == 1:
        return files[0][1], FORMATS[fmt], f"{stem}.{fmt}"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(name, data)
    return buffer.getvalue(), "application/zip", f"{stem}-{fmt}.zip"


# -- playing -----------------------------------------------------------------------------------------------------------

def _count(body: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FieldError(key, Says(N_("{field}: must be a whole number {low}..{high}, got {value!r}"), field=key,
                                   low=low, high=high, value=json_spelled(value)), value, trimmed=True)      # the page marks it
    return value


def play(body: dict[str, Any], folder: Path | None = None, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
    """One bot game on the design, as the game's `play` command plays it: the lines it prints, told in the page's
    language `lang`, and for a game drawn on the board (Cats, Cops) how many moves the board steps through."""
    request_fields(body, ("design", "seed"), "POST /api/play")
    design = design_of(body)
    game = get_game(design.GAME)
    reason = refusal(game, design, "play")
    if reason is not None:
        raise Conflict(reason)                  # the reason the page was offered no bot game for
    played = board.played(design, _seed(body) or 0)
    return {"game": game.name, "lines": board.lines(played, lang),
            "board": None if played.draw is None else {"moves": len(played.moves)}}


def board_step(body: dict[str, Any], folder: Path | None = None) -> dict[str, Any]:
    """The board after `step` moves of the bot game `seed` on the design (the game's own drawing of it, in
    `lang`), as SVG; the same game as POST /api/play answers."""
    request_fields(body, ("design", "seed", "step", "lang"), "POST /api/board")
    design = _board_design(body)
    step = _count(body, "step", 0, 0, 10**6)
    return {"game": design.GAME, **board.board(design, _seed(body) or 0, step, language(body.get("lang")))}


def _board_design(body: dict[str, Any]) -> Design:
    """The design of a bot game drawn on the board: refused as POST /api/play refuses it, a kind it plays no game
    on said as the board says it."""
    design = design_of(body)
    if refused_kind(get_game(design.GAME), design, "play") is not None:
        raise Conflict(Says(board.NOT_ON_BOARD, game=design.GAME))
    reason = broken(design)
    if reason is not None:
        raise Conflict(reason)
    return design


def game_file(body: dict[str, Any], fmt: str, folder: Path | None = None,
              names_in: str = SOURCE_LANGUAGE) -> tuple[bytes, str, str]:
    """The finished bot game as `play -o game.FMT` draws it (pdf, svg, png; the print options its print takes:
    bleed, dpi, colour, lang), byte for byte, named in `names_in`; several pages come as one zip."""
    if fmt not in ("pdf", "svg", "png"):
        raise refused("format", Says(N_("{field}: a game is drawn as pdf, svg or png, got {value!r}"),
                                     field="format", value=fmt), fmt)
    request_fields(body, ("design", "seed", "options"), "POST /api/game")
    design = _board_design(body)
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise FieldError("options", Says(PRINT_OPTIONS_OBJECT, example='{"bleed": "3mm"}', kind=type_name(options)),
                         options)
    seed = _seed(body) or 0
    game = get_game(design.GAME)
    play_part = next((c for c in game.components if c.replay is not None), None)
    taken = print_names(play_part) if play_part is not None else ()
    unknown = next((name for name in options if name not in PRINT_OPTION_NAMES), None)
    if unknown is not None:
        raise refused(f"options.{unknown}", Says(UNKNOWN_PRINT_OPTION, field=f"options.{unknown}",
                                                 known=", ".join(PRINT_OPTION_NAMES)), options[unknown])
    # The page sends the print options of the design's form (a map's paper): those the game's drawing does not
    # take are left out, as `play -o game.pdf` has no --paper.
    chosen = print_options({name: value for name, value in options.items() if name in taken}, taken)
    document = board.finished(design, seed, chosen)
    stem = file_stem(game.name, "game", design.seed, seed, lang=names_in)
    return packed(printed_files(document, f"{stem}.{fmt}", chosen), fmt, stem)
