"""Rule sheets and game kits: each game's rules (seeds/<game>.<lang>.md) typeset into a print-ready PDF with
diagrams drawn by the game itself, and one kit PDF per game with everything a table needs. The rulebook knows no
game: the layer above hands it the games (a kit's game, the registry's get_game for a rule sheet's figures)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..errors import InputError
from ..words import N_, Says

if TYPE_CHECKING:
    from .markdown import RuleText

LANGUAGE_NAMES = {"en": N_("English"), "de": N_("German")}        # as a refusal names the rules' language


def source_name(path: Path) -> str:
    """How messages name a rule file: relative to the project for seeds/, else as given."""
    from .. import paths      # here: finding the data folders costs start-up time

    try:
        return str(Path(path).resolve().relative_to(paths.SEEDS.parent))
    except ValueError:
        return str(path)


def languages(game_name: str) -> list[str]:
    """The languages a game's rules are written in, from the files in seeds/."""
    from .. import paths

    return sorted(p.name.split(".")[-2] for p in paths.SEEDS.glob(f"{game_name}.*.md"))


def seed_path(game_name: str, lang: str) -> Path:
    """seeds/<game>.<lang>.md, or an InputError naming the languages there are."""
    from .. import paths

    path = paths.SEEDS / f"{game_name}.{lang.lower()}.md"
    if path.is_file():
        return path
    available = languages(game_name)
    wanted = Says(LANGUAGE_NAMES[lang.lower()]) if lang.lower() in LANGUAGE_NAMES else lang
    if not available:
        raise InputError(Says(N_("{field}: {game} has no rule text in {folder}"), field="rules", game=game_name,
                              folder=paths.SEEDS))
    raise InputError(Says(N_("{option}: there are no {language} rules for {game}; available: {available}"),
                          option="--lang", language=wanted, game=game_name, available=", ".join(available)))


def load_rules(game_name: str, lang: str = "en") -> RuleText:
    from .markdown import read

    path = seed_path(game_name, lang)
    return read(path, source_name(path))


def __getattr__(name: str):
    """The Markdown reader's names, imported on first use (the parser costs start-up time most commands skip)."""
    if name in ("RuleText", "parse", "read"):
        from . import markdown

        return getattr(markdown, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rules_pdf(rules: RuleText, paper: str = "a4", *, find_game: Callable[[str], Any]) -> bytes:
    """Typesets a parsed rule text, drawing every figure first so a bad one fails before any layout; its figures
    are drawn by the games `find_game` (name -> game: the registry's get_game) finds."""
    from .figures import draw_all
    from .typeset import typeset

    return typeset(rules, draw_all(rules, find_game), paper)


def game_rules_pdf(game_name: str, lang: str = "en", paper: str = "a4", *,
                   find_game: Callable[[str], Any]) -> bytes:
    return rules_pdf(load_rules(game_name, lang), paper, find_game=find_game)


__all__ = ["RuleText", "parse", "read", "languages", "seed_path", "load_rules", "rules_pdf", "game_rules_pdf",
           "source_name"]
