"""N_, the mark of a word for the catalog where it is defined apart from where it is printed (i18n.py translates it
there). Apart from i18n.py so that the specs mark their words without compiling the catalogs' machinery."""


def N_(message: str) -> str:
    """Marks a word for the catalog where it is defined; it is translated where it is printed."""
    return message
