"""`washigen rules` and `washigen kit`: thin click commands over the rulebook."""

from __future__ import annotations

import inspect
from pathlib import Path

import click

from .options import (COLOUR_OPTION, ICC_PROFILE_OPTION, lang_option, output_option, profile_option, report_written,
                      resolve_seed, seed_option)

PAPER = click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
                     show_default=True, help="Paper size of the rule sheet (and of the kit's cover).")


@click.command("rules")
@click.argument("game", metavar="GAME|FILE.md")
@lang_option
@PAPER
@profile_option(only=("paper",))
@output_option((".pdf",))
@COLOUR_OPTION
@ICC_PROFILE_OPTION
def rules_command(game: str, lang: str, paper: str, output: Path, colour: str, output_profile: Path | None):
    """Typeset a game's rules into a print-ready PDF (A4 or Letter), with diagrams drawn by the game.

    GAME is a registered game (cats, cops, cat-tree, trail-route); a path to a Markdown file in the same format
    as seeds/*.md typesets that file instead."""
    from ..games import get_game
    from ..rulebook import game_rules_pdf, read, rules_pdf, source_name

    profile = _colour_checked(output, colour, output_profile)
    if game.lower().endswith(".md"):
        path = Path(game)
        data = rules_pdf(read(path, source_name(path)), paper.lower(), find_game=get_game)
    else:
        data = game_rules_pdf(get_game(game).name, lang, paper.lower(), find_game=get_game)
    _write(output, data, colour, profile)


@click.command("kit")
@click.argument("game")
@click.option("--players", type=int, default=None,
              help="Players to print for (default: the game's own default; checked against its range).")
@click.option("--layout", default=None, metavar="LAYOUT",
              help="How the map's segments are laid, for games that have a choice (cops: end-to-end or stacked).")
@lang_option
@PAPER
@profile_option(only=("paper",))
@seed_option
@output_option((".pdf",))
@COLOUR_OPTION
@ICC_PROFILE_OPTION
def kit_command(game: str, players: int | None, layout: str | None, lang: str, paper: str, seed: int | None,
                output: Path, colour: str, output_profile: Path | None):
    """One PDF with everything a table needs: a first page saying what to print on which paper, what to cut and
    how to assemble; the map or components; player sheets; the rules. One bookmark per part. The seed of the
    map or setup is printed on stderr (chosen when --seed is not given) and on its sheets."""
    from ..errors import InputError
    from ..games import get_game
    from ..rulebook.kit import build_kit, check_players

    profile = _colour_checked(output, colour, output_profile)
    found = get_game(game)
    if players is not None:
        try:
            check_players(found, players)
        except InputError as error:          # said as click says every other option's range
            raise click.BadParameter(str(error).split(": ", 1)[-1], param_hint="'--players'") from None
    seeded = found.kit is not None and "seed" in inspect.signature(found.kit).parameters
    data = build_kit(found, players, paper.lower(), lang, resolve_seed(seed) if seeded else None, layout)
    _write(output, data, colour, profile)


def _colour_checked(output: Path, colour: str, output_profile: Path | None) -> bytes | None:
    """--color and --icc-profile checked before the work: the shop's profile's bytes, if one is given."""
    from ..output import check_colour_target, read_output_profile

    check_colour_target(output, colour, output_profile)
    return read_output_profile(output_profile)


def _write(output: Path, data: bytes, colour: str, profile: bytes | None) -> None:
    """The PDF written, turned to CMYK with its output intent first when --color cmyk asks for it."""
    from ..output import write_bytes

    if colour == "cmyk":
        from ..backends.cmyk import pdf_to_cmyk

        data = pdf_to_cmyk(data, profile)
    report_written([write_bytes(output, data)])
