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
