"""What a kit says, read back against what it prints: the cover's command makes the very map the kit prints, the
cover names the paper one way in every row, and a rule sheet's move figure shows a game still being played (a
figure of entering a building must not show the mover put out, which ends a 2-player game)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from PIL import ImageChops

from tests.readback import rasterise_pdf
from washigen.backends.pdf import to_pdf
from washigen.cli import main
from washigen.games import all_games
from washigen.games.registry import get_game
from washigen.i18n import translator
from washigen.rulebook import load_rules
from washigen.rulebook.figures import draw
from washigen.rulebook.kit import RenderedPart, cover_rows, default_players
from washigen.scene import Group, Text


def test_the_cops_cover_command_makes_the_map_the_kit_prints(tmp_path):
    """The cover says `washigen cops map ... makes it again`: run as written (on the kit's paper), it draws the
    kit's map pixel for pixel. Before, the kit printed the seed's first layout, unjudged, and the command
    searched for a fair one."""
    kit_map = get_game("cops").kit(2, "a4", "en", seed=1)[0]
    command = re.search(r"washigen (cops map [^)]*?) makes it again", kit_map.instructions)
    assert command, kit_map.instructions
    out = tmp_path / "map.pdf"
    result = CliRunner().invoke(main, [*command.group(1).split(), "--paper", "a4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    printed = rasterise_pdf(to_pdf(kit_map.document.pages), dpi=30)
    remade = rasterise_pdf(out.read_bytes(), dpi=30)
    assert printed.size == remade.size
    assert ImageChops.difference(printed.convert("RGB"), remade.convert("RGB")).getbbox() is None


def _kit_parts(game, paper: str):
    return game.kit(default_players(game), paper, "en")


@pytest.mark.parametrize("paper, name", [("letter", "Letter"), ("a4", "A4")])
def test_the_cover_names_the_paper_one_way(paper, name):
    """Every row of every kit's cover, the rules' included, begins with the paper as the games name it: "Letter",
    never "US Letter" in one row and "Letter" or "LETTER" in the others."""
    for game in all_games():
        if game.kit is None:
            continue
        parts = [RenderedPart(part.title, part.paper, part.instructions, b"", 1, "")
                 for part in _kit_parts(game, paper)]
        for row in cover_rows(parts, 4, paper, "en"):
            named = re.match(r"(US )?[A-Za-z0-9]+", row[2])
            assert named and named.group(0) == name, (game.name, row[2])


def _texts(items) -> list[str]:
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append(item.text)
        elif isinstance(item, Group):
            found += _texts(item.children)
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_cats_move_figures_show_a_game_still_played(lang):
    """The move figures (a step, a jump, entering a building, ...) stop at a move that leaves both players in: a
    player put out ends a 2-player game, which the figure's caption would not say."""
    rules = load_rules("cats", lang)
    _ = translator(lang)
    out_labels = {_("player {number} (out)").format(number=n) for n in (1, 2)}
    moves = [figure for figure in rules.figures()
             if "/play-" in figure.target and "/play-game" not in figure.target]
    assert len(moves) >= 5
    for figure in moves:
        texts = _texts(draw(figure, rules.source, get_game, lang).children)
        assert not out_labels.intersection(texts), (figure.target, sorted(out_labels.intersection(texts)))
        # a cat's number is its player's own (each has cats 1 and 2): the caption says whose cat moved
        said = _("last move, player {player}: {move}").split("{player}")[0]
        assert any(text.startswith(said) and text[len(said)] in "12" for text in texts), (figure.target, texts)


def test_a_letter_kit_offers_no_a4_family_paper():
    """A Letter kit names Letter and nothing of the A series (A3 is not sold where Letter is the paper)."""
    for game in all_games():
        if game.kit is not None:
            for part in _kit_parts(game, "letter"):
                assert not re.search(r"\bA[345]\b", part.paper), (game.name, part.title, part.paper)


@pytest.mark.parametrize("players, coop, lang, top, bottom", [
    (2, False, "en", "top band: player 2", "bottom band: player 1"),
    (5, False, "en", "top band: players 2, 4", "bottom band: players 1, 3, 5"),
    (6, True, "de", "Spielerleiste oben: Team 2", "Spielerleiste unten: Teams 1, 3")])
def test_the_strip_plan_says_whose_band_is_where(players, coop, lang, top, bottom):
    """The plan's big numbers are the strips'; a band prints its seats' numbers (strip 1, on top, shows a 2): the
    plan names the seats of each band, as the bands print them."""
    from washigen.games.cats.draw import guide_items, map_strips
    from washigen.games.cats.generate import generate_map

    design = generate_map(players=players, coop=coop, seed=1)
    texts = _texts(guide_items(design, map_strips(design), 0, 0, 180, 120, lang))
    assert top in texts and bottom in texts, texts
