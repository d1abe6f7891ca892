"""Game kits: one PDF with a first page saying what to print, the game's kit parts, then the rules; one bookmark
per part. Shown with the sample game, and with every real game that is registered and has a kit."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from tests.readback import page_boxes_mm, page_size_mm, pdf_pages
from tests.test_rulebook_sample import sample_game, sample_kit  # noqa: F401
from washigen.cli import main
from washigen.errors import InputError
from washigen.games import all_games
from washigen.rulebook import languages
from washigen.rulebook.kit import build_kit, default_players

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def top_bookmarks(data: bytes) -> list[tuple[str, int]]:
    reader = PdfReader(io.BytesIO(data))
    return [(item.title, reader.get_destination_page_number(item))
            for item in reader.outline if not isinstance(item, list)]


def nested_bookmarks(data: bytes) -> list[list[str]]:
    """The titles nested under each top-level bookmark, in order."""
    reader = PdfReader(io.BytesIO(data))
    groups: list[list[str]] = []
    for item in reader.outline:
        if isinstance(item, list):
            groups[-1] = [entry.title for entry in item if not isinstance(entry, list)]
        else:
            groups.append([])
    return groups


def test_kit_has_a_cover_each_part_and_the_rules_with_one_bookmark_each(sample_game):
    players = 3
    parts = sample_kit(players, "a4")
    data = build_kit(sample_game, players, "a4")
    pages = pdf_pages(data)
    marks = top_bookmarks(data)
    assert [title for title, _ in marks] == ["What to print"] + [p.title for p in parts] + ["Rules"]
    # Each bookmark points at its part's first page: the cover is page 0, the parts follow in order.
    first = 1
    for (title, page), part in zip(marks[1:-1], parts):
        assert (title, page) == (part.title, first)
        first += len(part.document.pages)
    assert marks[-1][1] == first
    rules_pages = len(pages) - first
    assert rules_pages >= 1
    # A part's own bookmarks (one per player sheet) are nested under it.
    assert nested_bookmarks(data)[2] == [f"Player {n + 1}" for n in range(players)]


def test_kit_pages_keep_the_parts_sizes_and_the_paper(sample_game):
    parts = sample_kit(2, "letter")
    data = build_kit(sample_game, 2, "letter")
    pages = pdf_pages(data)
    assert page_size_mm(pages[0]) == pytest.approx(PAPERS["letter"], abs=0.05)
    index = 1
    for part in parts:
        for scene in part.document.pages:
            assert page_size_mm(pages[index]) == pytest.approx((scene.outer_width, scene.outer_height), abs=0.05)
            x0, y0, x1, y1 = page_boxes_mm(pages[index])["trimbox"]
            assert (x1 - x0, y1 - y0) == pytest.approx((scene.width, scene.height), abs=0.05)
            index += 1
    assert any(scene.bleed > 0 for part in parts for scene in part.document.pages)
    for page in pages[index:]:
        assert page_size_mm(page) == pytest.approx(PAPERS["letter"], abs=0.05)


def test_the_cover_lists_what_to_print_where_and_how(sample_game):
    parts = sample_kit(4, "a4")
    data = build_kit(sample_game, 4, "a4")
    cover = " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert "Game kit for 4 players" in cover
    page = 2
    for part in parts:
        count = len(part.document.pages)
        span = str(page) if count == 1 else f"{page}–{page + count - 1}"
        for words in (part.title, span, part.paper, part.instructions.replace("`", "")):
            assert " ".join(words.split()) in cover, words
        page += count
    assert "Rules" in cover and "A4, plain paper" in cover
    assert "`" not in cover                    # a `command` in a part's instructions prints in the mono font


def test_players_default_to_the_game_and_are_checked(sample_game):
    data = build_kit(sample_game, None, "a4")
    assert nested_bookmarks(data)[2] == ["Player 1", "Player 2"]          # the sample's default: 2
    with pytest.raises(InputError, match="players: must be 2..4, got 9"):
        build_kit(sample_game, 9, "a4")


def test_kit_command(sample_game, tmp_path):
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["kit", "sample", "--players", "3", "--paper", "letter", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [title for title, _ in top_bookmarks(out.read_bytes())] == \
        ["What to print", "Board", "Player sheets", "Tokens", "Rules"]
    bad = CliRunner().invoke(main, ["kit", "sample", "--players", "7", "-o", str(tmp_path / "bad.pdf")])
    assert bad.exit_code == 2 and "Invalid value for '--players': must be 2..4, got 7" in bad.output
    assert not (tmp_path / "bad.pdf").exists()


def test_kit_in_german_has_german_bookmarks_and_cover(sample_game):
    data = build_kit(sample_game, 2, "a4", "de")
    marks = [title for title, _ in top_bookmarks(data)]
    assert marks[0] == "Was drucken" and marks[-1] == "Spielregeln"
    assert "Spielset für 2 Personen" in PdfReader(io.BytesIO(data)).pages[0].extract_text()


def test_same_kit_same_bytes(sample_game):
    assert build_kit(sample_game, 2, "a4") == build_kit(sample_game, 2, "a4")


REAL_GAMES = ["cats", "cops", "cat-tree", "trail-route"]


@pytest.mark.parametrize("name", REAL_GAMES)
def test_real_game_kits(name):
    games = {game.name: game for game in all_games()}
    if name not in games:
        pytest.skip(f"game not registered yet: {name}")
    game = games[name]
    assert game.kit is not None, f"{name} has no kit"
    assert "en" in languages(name)
    data = build_kit(game, None, "a4")
    marks = top_bookmarks(data)
    parts = game.kit(default_players(game), "a4")
    assert [title for title, _ in marks] == ["What to print"] + [p.title for p in parts] + ["Rules"]
    part_pages = sum(len(p.document.pages) for p in parts)
    assert marks[-1][1] == 1 + part_pages
    pages = pdf_pages(data)
    assert len(pages) > 1 + part_pages
    for page in pages[1 + part_pages:]:
        assert page_size_mm(page) == pytest.approx(PAPERS["a4"], abs=0.05)


def test_every_font_program_of_a_kit_has_its_own_subset_name():
    """Each part of a kit is written by its own reportlab document, whose subsets all start at AAAAAA: joined, a
    RIP caching fonts by name would print one part's glyphs in another's text."""
    import hashlib

    from pypdf import PdfReader

    from washigen.games import get_game
    from washigen.rulebook.kit import build_kit

    reader = PdfReader(io.BytesIO(build_kit(get_game("cats"), lang="de")))
    programs: dict[str, set[bytes]] = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            program = descriptor["/FontFile2"].get_object().get_data()
            programs.setdefault(str(font["/BaseFont"]), set()).add(hashlib.sha256(program).digest())
            assert descriptor["/FontName"] == font["/BaseFont"]
    assert len(programs) >= 4
    assert {name: len(found) for name, found in programs.items() if len(found) > 1} == {}


@pytest.mark.parametrize("name", REAL_GAMES)
@pytest.mark.parametrize("players", [-5, 0, 99])
def test_every_kit_refuses_players_out_of_its_range(name, players, tmp_path):
    """Cat Tree declares no --players of its own, so its kit took any number and printed a kit for 2."""
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["kit", name, "--players", str(players), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--players': must be " in result.output and f"got {players}" in result.output
    assert "Traceback" not in result.output and not out.exists()
