"""The words washigen prints, in the language asked for.

English is the source language: every printed string is written in English in the code, marked `_("...")` where
it is used (or `N_("...")` where it is defined apart from its use), and looked up in the gettext catalog
washigen/locale/<lang>/LC_MESSAGES/washigen.po. A built wheel carries each catalog compiled to washigen.mo (setup.py
compiles it with babel at build time); a checkout (an editable install) has only the .po and compiles it in memory
at first use with babel, a development dependency, so nothing is written next to it.
English needs no catalog: the msgids are the English words, and English output stays byte for byte the same.

The language is passed along (PrintOptions.lang, a diagram's `lang` parameter), never kept in a global.
"""

from __future__ import annotations

import functools
import gettext
import io
import string
from pathlib import Path
from typing import Sequence

from .errors import InputError
from .units import format_mm
from .words import N_ as N_         # marked words are looked up here; N_ itself lives apart (words.py)
from .words import Says

SOURCE_LANGUAGE = "en"
DOMAIN = "washigen"
LOCALE_DIR = Path(__file__).parent / "locale"


def languages() -> tuple[str, ...]:
    """English and every language with a catalog under washigen/locale."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


def check_language(lang: str, where: str = "--lang") -> str:
    """The language code in lower case, or an InputError naming the languages there are."""
    code = str(lang).strip().lower()
    known = languages()
    if code not in known:
        raise InputError(Says(N_("{field}: no language {lang!r}; washigen prints {languages}"), field=where, lang=lang,
                              languages=", ".join(known)))
    return code


# Refusals said in many places.
NONE = N_("none")
MUST_BE = N_("{field}: must be {wanted}, got {value!r}")
NOT_A_NUMBER = N_("{field}: must be a number, got {value!r}")


def either(names: Sequence[str]) -> Says | str:
    """Names given as alternatives, in any language: "long", "long or short", "a or b or c"."""
    first, *rest = names
    return Says(N_("{first} or {rest}"), first=first, rest=either(rest)) if rest else first


class Translator:
    """`_ = translator("de")`; `_("fish")` -> "Fische"; `_.mm(12.5)` -> "12,5". Callable like gettext's `_`."""

    def __init__(self, lang: str, catalog: gettext.NullTranslations):
        self.lang = lang
        self._catalog = catalog
        # The decimal separator is a catalog entry of its own, so a new language brings its own.
        self.decimal = catalog.pgettext("decimal separator", ".")

    def __call__(self, message: str) -> str:
        return self._catalog.gettext(message)

    gettext = __call__          # `translator(lang).gettext("...")` where a one-off word needs no `_`

    def pgettext(self, context: str, message: str) -> str:
        """A word whose translation depends on where it stands (a card's rank letter)."""
        return self._catalog.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._catalog.ngettext(singular, plural, count)

    def mm(self, value: float) -> str:
        """A printed length in mm, without the unit: '12.5' in English, '12,5' in German."""
        return format_mm(value).replace(".", self.decimal)

    def number(self, value: float, digits: int = 2) -> str:
        """A printed decimal number with `digits` places, in the language's notation."""
        return f"{value:.{digits}f}".replace(".", self.decimal)

    def says(self, sentence: Says | str) -> str:
        """A sentence (words.Says) in this language: its template looked up, its numbers in the language's
        notation, the words among its values put into the language too. Plain text is left as it is."""
        if not isinstance(sentence, Says):
            return sentence
        values = {key: self.says(value) if isinstance(value, Says) else value
                  for key, value in sentence.values.items()}
        if isinstance(sentence.template, tuple):
            template = self.ngettext(*sentence.template, sentence.count or 0)
        else:
            template = self(sentence.template)
        return _Numbers(self.decimal).format(template, **values)

    def value(self, value: object) -> str:
        """A value shown beside words (a place: "position (12.5, 3.0)"), in the language's notation: a pair of
        decimals in German is "(12,5; 3,0)"; a name the catalog holds ("red/blue", a tile's "Wall") in its words,
        any other text as it is."""
        if isinstance(value, str):
            return "/".join(self._name(part) for part in value.split("/"))
        return _Numbers(self.decimal).format_field(value, "")

    def _name(self, text: str) -> str:
        """A name in this language where the catalog holds it, as written or starting lower case ("Wall" as the
        sentences' "wall"); else as it is."""
        for key in (text, text[:1].lower() + text[1:]) if text else ():
            words = self(key)
            if words != key:
                return words
        return text


class _Numbers(string.Formatter):
    """str.format with the decimal separator of a language: floats, and tuples of them, change their point; a
    number grouped in thousands ({count:,}) takes the other mark between its groups (1,234.5 is 1.234,5 in German)."""

    def __init__(self, decimal: str):
        self.decimal = decimal
        self.grouping = "." if decimal == "," else ","

    def format_field(self, value: object, format_spec: str) -> str:
        if self.decimal == ".":
            return format(value, format_spec) if not isinstance(value, tuple) else str(value)
        if isinstance(value, tuple):
            return "(" + "; ".join(self.format_field(v, "") for v in value) + ")"
        text = format(value, format_spec)
        if "," in format_spec and isinstance(value, (int, float)):
            return text.translate({ord("."): self.decimal, ord(","): self.grouping})
        return text.replace(".", self.decimal) if isinstance(value, float) else text


def _catalog(po_path: Path) -> gettext.GNUTranslations:
    """The compiled catalog beside the .po where the build put one (an installed wheel; a checkout never holds
    one), else the .po compiled now."""
    mo_path = po_path.with_suffix(".mo")
    if mo_path.is_file():
        with mo_path.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    return _compile(po_path)


def _compile(po_path: Path) -> gettext.GNUTranslations:
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        raise InputError(f"{po_path}: this catalog is not compiled and babel, which compiles it, is not installed "
                         f"(pip install babel, or install washigen from a wheel)") from None

    with po_path.open("rb") as source:
        catalog = read_po(source, locale=po_path.parent.parent.name, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@functools.lru_cache(maxsize=None)
def translator(lang: str = SOURCE_LANGUAGE) -> Translator:
    """The words of one language (an InputError naming the languages there are for any other)."""
    code = check_language(lang)
    if code == SOURCE_LANGUAGE:
        return Translator(code, gettext.NullTranslations())
    return Translator(code, _catalog(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"))


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
