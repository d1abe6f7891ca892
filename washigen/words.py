"""N_, the mark of a word for the catalog where it is defined apart from where it is printed (i18n.py translates it
there), and a help's first sentence. Apart from i18n.py so that the specs mark their words without compiling the
catalogs' machinery."""

import re
from typing import Any, Callable

SENTENCE_END = r"\.\s+(?=[A-Z])"       # "e.g. 10m" does not end a sentence (compiled when first used)


def N_(message: str) -> str:
    """Marks a word for the catalog where it is defined; it is translated where it is printed."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a sentence that has a plural for the catalog (pybabel takes it as ngettext's pair): `Says(NN_("{count}
    zone", "{count} zones"), by="count", count=3)` says the form its count asks for, in any language."""
    return singular, plural


def first_sentence(text: str) -> str:
    """A help's first sentence, without its full stop (a one-line summary)."""
    return re.split(SENTENCE_END, text, maxsplit=1)[0].rstrip(".")


class Says:
    """A sentence with the values it names, to be shown in any language: `Says(N_("Path #{path} runs off the
    tape."), path=3)`. Its English is the template filled in (str()); i18n.Translator.says looks the template up in
    the catalog first. A value that is itself a Says (a word chosen by the code: "top", "bottom") is put into the
    same language. Write the template as an f-string's text would be ("{size:.1f} mm"), so the English stays the
    same sentence. A template with a plural is NN_'s pair, and `by` names the value that counts: the singular is
    said for one, the plural otherwise (in English; a catalog brings its language's rule)."""
    __slots__ = ("template", "values", "by")

    def __init__(self, template: str | tuple[str, str], *, by: str | None = None, **values: Any):
        if isinstance(template, tuple) != (by is not None) or (by is not None and by not in values):
            raise ValueError("Says: a plural pair (NN_) needs `by`, the name of the value that counts, and only it")
        self.template, self.values, self.by = template, values, by

    @property
    def count(self) -> int | None:
        """The value that picks the singular or the plural (None for a sentence without one)."""
        return None if self.by is None else int(self.values[self.by])

    def with_text(self, change: Callable[[str], str]) -> "Says":
        """This sentence (its template and plural count) with `change` made to its text values, and to those of
        the sentences among them; its own words stay as they are."""
        again = Says.__new__(Says)
        again.template, again.by = self.template, self.by
        again.values = {key: value.with_text(change) if isinstance(value, Says) else
                        change(value) if isinstance(value, str) else value for key, value in self.values.items()}
        return again

    def english(self) -> str:
        """The English template this sentence takes: the pair's form for its count."""
        if isinstance(self.template, str):
            return self.template
        return self.template[0] if self.count == 1 else self.template[1]

    def __str__(self) -> str:
        return self.english().format(**{key: str(value) if isinstance(value, Says) else value
                                        for key, value in self.values.items()})

    def __repr__(self) -> str:
        return f"Says({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Says) and (self.template, self.values) == (other.template, other.values)

    def __hash__(self) -> int:
        return hash(self.template)
