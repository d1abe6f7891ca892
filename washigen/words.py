"""N_, the mark of a word for the catalog where it is defined apart from where it is printed (i18n.py translates it
there), and a help's first sentence. Apart from i18n.py so that the specs mark their words without compiling the
catalogs' machinery."""

import re

SENTENCE_END = r"\.\s+(?=[A-Z])"       # "e.g. 10m" does not end a sentence (compiled when first used)


def N_(message: str) -> str:
    """Marks a word for the catalog where it is defined; it is translated where it is printed."""
    return message


def first_sentence(text: str) -> str:
    """A help's first sentence, without its full stop (a one-line summary)."""
    return re.split(SENTENCE_END, text, maxsplit=1)[0].rstrip(".")


class Says:
    """A sentence with the values it names, to be shown in any language: `Says(N_("Path #{path} runs off the
    tape."), path=3)`. Its English is the template filled in (str()); i18n.Translator.says looks the template up in
    the catalog first. A value that is itself a Says (a word chosen by the code: "top", "bottom") is put into the
    same language. Write the template as an f-string's text would be ("{size:.1f} mm"), so the English stays the
    same sentence."""
    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: object):
        self.template, self.values = template, values

    def __str__(self) -> str:
        return self.template.format(**{key: str(value) if isinstance(value, Says) else value
                                        for key, value in self.values.items()})

    def __repr__(self) -> str:
        return f"Says({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Says) and (self.template, self.values) == (other.template, other.values)

    def __hash__(self) -> int:
        return hash(self.template)
