"""The real rule texts in seeds/: every figure directive resolves through its game, and every rule sheet holds
every heading of its source as text. A test that needs a game is skipped only while that game is not registered."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.readback import page_size_mm, pdf_text
from washigen.games import all_games
from washigen.paths import SEEDS
from washigen.rulebook import read, rules_pdf, source_name
from washigen.rulebook.figures import draw, parse_target
from washigen.rulebook.markdown import plain
from washigen.scene import Scene
from washigen.games import get_game

SEED_FILES = sorted(SEEDS.glob("*.md"))
RULES = {path.name: read(path, source_name(path)) for path in SEED_FILES}


def registered() -> set[str]:
    return {game.name for game in all_games()}


def needed_games(rules) -> list[str]:
    return sorted({parse_target(f.target, rules.source, f.line).game for f in rules.figures()})


def skip_unless_registered(names) -> None:
    missing = [name for name in names if name not in registered()]
    if missing:
        pytest.skip(f"game not registered yet: {', '.join(missing)}")


FIGURES = [pytest.param(name, figure, id=f"{name}:{figure.line}")
           for name, rules in RULES.items() for figure in rules.figures()]


@pytest.mark.parametrize("name, figure", FIGURES)
def test_every_figure_directive_resolves(name, figure):
    rules = RULES[name]
    ref = parse_target(figure.target, rules.source, figure.line)
    skip_unless_registered([ref.game])
    scene = draw(figure, rules.source, get_game)
    assert isinstance(scene, Scene) and scene.width > 0 and scene.height > 0
    assert scene.children, f"{rules.source}:{figure.line}: {figure.target} drew nothing"


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_rule_sheet_holds_every_heading_as_text(name):
    rules = RULES[name]
    skip_unless_registered(needed_games(rules))
    paper = "letter" if name.startswith("cops") else "a4"
    data = rules_pdf(rules, paper, find_game=get_game)
    reader = PdfReader(io.BytesIO(data))
    text = " ".join(pdf_text(data).split())
    for heading in rules.headings():
        assert " ".join(plain(heading.text).split()) in text, f"{rules.source}:{heading.line}: {heading.text}"
    assert all(not page.images for page in reader.pages)
    expected = (215.9, 279.4) if paper == "letter" else (210.0, 297.0)
    for page in reader.pages:
        assert page_size_mm(page) == pytest.approx(expected, abs=0.05)
    if rules.front.lang == "de":
        source = (SEEDS / name).read_text(encoding="utf-8")
        german = set(re.findall(r"[A-Za-zÄÖÜäöüß]*[ÄÖÜäöüß][A-Za-zÄÖÜäöüß]*", source))
        assert len(german) >= 20                    # a German text is full of umlauts and ß
        missing = sorted(word for word in german if word not in text)
        assert not missing, missing
        assert "Seite 1" in text
