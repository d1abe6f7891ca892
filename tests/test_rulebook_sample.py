"""A small game registered only while a rulebook test runs: its diagrams, its kit and its rules in English and
German. The rulebook tests use it so they do not depend on any real game being finished."""

from __future__ import annotations

import textwrap

import pytest

from washigen import paths
from washigen.games import registry as games
from washigen.games import Component, Game, Param, all_games
from washigen.press.document import Document, KitPart
from washigen.backends.pdf import Bookmark
from washigen.scene import Rect, Scene, Symbol, Text, Use, filled

# Text drawn inside the sample diagrams: finding it in the PDF's text layer shows the figure is vector art.
BOARD_LABEL = "Spielbrett Größe"
STRIP_LABEL = "Streifen Straße"


def _board(params: dict) -> Scene:
    size = int(params.get("size", 4))
    scene = Scene(10.0 * size, 10.0 * size + 8)
    scene.define(Symbol("pip", 4, 4).add(Rect(0, 0, 4, 4, filled("accent", "ink", 0.2))))
    for row in range(size):
        for col in range(size):
            scene.add(Rect(col * 10, row * 10, 10, 10, filled("street", "grid", 0.2)))
            if (row + col) % 3 == 0:
                scene.add(Use("pip", col * 10 + 3, row * 10 + 3))
    scene.add(Text(5 * size, 10 * size + 6, BOARD_LABEL, size=3.2, anchor="middle"))
    return scene


def _strip(params: dict) -> Scene:
    scene = Scene(300.0, 40.0)
    for index in range(30):
        scene.add(Rect(index * 10, 0, 10, 30, filled("sewer-blue" if index % 4 == 0 else "street", "grid", 0.2)))
    scene.add(Text(150, 37, STRIP_LABEL, size=3.5, anchor="middle"))
    return scene


def sample_diagram(name: str, params: dict) -> Scene:
    if name == "board":
        return _board(params)
    if name == "strip":
        return _strip(params)
    if name == "boom":
        raise ValueError("the sample cannot draw this")
    raise KeyError(name)


def _sheet(label: str, width: float = 210.0, height: float = 297.0) -> Scene:
    scene = Scene(width, height)
    scene.add(Text(20, 30, label, size=8))
    return scene


def sample_kit(players: int, paper: str, lang: str = "en") -> list[KitPart]:
    board_scene = _board({"size": 6})
    board_scene.bleed = 3.0                               # printed with bleed: its TrimBox is not its page
    board = Document.single(board_scene, title="Board")
    sheets = Document([_sheet(f"Player {n + 1}") for n in range(players)], title="Player sheets",
                      bookmarks=[Bookmark(f"Player {n + 1}", n) for n in range(players)])
    return [
        KitPart("Board", board, "Thick paper, one side, at 100\u00a0%", "Cut along the outer line; `washigen sample board` prints another."),
        KitPart("Player sheets", sheets, "A4 plain paper, one side", "One sheet per player; no cutting."),
        KitPart("Tokens", Document.single(_sheet("Tokens", 100, 60)), "Card stock", "Cut out the tokens."),
    ]


SAMPLE = Game(
    name="sample", title="Sample Game", designs={}, validate=lambda design: None,
    print_design=lambda design, options: None, diagram=sample_diagram, kit=sample_kit,
    components=(Component("board", "a board", (Param("players", "int", 2, 2, 4),)),),
)

RULES_EN = textwrap.dedent("""\
    ---
    title: Sample Game
    players: 2–4
    time: 15 minutes
    credits: Original game by Nobody in Particular.
    lang: en
    ---

    # Sample Game

    ## What the game is about

    A *small* game for **testing** rule sheets. It has a board and some strips.

    ![The board](diagram:sample/board?size=5)

    ### Components

    - One board.
    - One strip, long and thin.

    | Part | Count |
    |---|---|
    | Board | 1 |
    | Strip | 2 |

    ## Playing

    1. Take a turn.
    2. Pass the turn on.

    ![A long strip spans the page](diagram:sample/strip)

    | Players | Board size | Strips | Notes on the set-up for this many players |
    |---|---|---|---|
    | 2 | 4 × 4 | 2 | The standard game, played on the board as it comes out of the printer. |
    | 4 | 6 × 6 | 4 | Everyone sits at one side of the board and draws their own strips. |

    ## End of the game

    The game ends when it ends.
    """)

RULES_DE = textwrap.dedent("""\
    ---
    title: Beispielspiel
    players: 2–4
    credits: Originalspiel von Niemand Bestimmtem.
    lang: de
    ---

    # Beispielspiel

    ## Spielübersicht

    Ein kleines Spiel mit Größe: Die Straße führt über die Brücke. Übung macht den Meister; Öl, Äpfel und Füße.

    ![Das Spielbrett](diagram:sample/board)

    ## Spielende

    Das Spiel endet, wenn alle Straßen gefüllt sind.
    """)


@pytest.fixture
def sample_game(monkeypatch, tmp_path):
    """Registers the sample game and points seeds/ at a folder holding its rules, both for one test only."""
    all_games()                                   # load the real games first, so the sample stays apart
    monkeypatch.setitem(games._GAMES, SAMPLE.name, SAMPLE)
    monkeypatch.setitem(games._ALIASES, SAMPLE.name, SAMPLE.name)
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "sample.en.md").write_text(RULES_EN, encoding="utf-8")
    (seeds / "sample.de.md").write_text(RULES_DE, encoding="utf-8")
    monkeypatch.setattr(paths, "SEEDS", seeds)
    return SAMPLE


def test_the_sample_is_registered_only_inside_the_fixture(sample_game):
    assert games.get_game("sample") is SAMPLE
    assert (paths.SEEDS / "sample.de.md").is_file()


def test_the_sample_is_gone_outside_the_fixture():
    assert "sample" not in {game.name for game in all_games()}
