"""The balance chart read back: in the SVG, every seat's bar and interval ends sit where its numbers say (to 0.1 mm,
measured against the chart's own 0 % and 100 % grid lines, found by their labels), the fair-share line at the
fair share, the histogram holds every game; the words are in the language asked; and the PDF passes the project's
preflight and, where Debian's tools are installed, the independent one."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from tests import outside
from tests.collisions import scene_collisions
from tests.printcheck import preflight
from washigen.arena.balance import balance
from washigen.arena.chart import THEME, balance_chart, length_bins
from washigen.arena.records import GameRecord
from washigen.backends import to_pdf, to_svg

SVG = "{http://www.w3.org/2000/svg}"


def _records(players: int, seed: int, games: int = 240) -> list[GameRecord]:
    rng = random.Random(seed)
    records = []
    for index in range(games):
        roll = rng.random()
        end = "win" if roll < 0.8 else "trap" if roll < 0.93 else "stalemate" if roll < 0.97 else "turn_limit"
        winner = min(players - 1, int(rng.random() ** 1.4 * players))      # seat 1 ahead: a lopsided map
        records.append(GameRecord(seed=index, winners=(winner,) if end in ("win", "trap") else (),
                                  turns=rng.randint(30, 150), end=end, first=index % players))
    return records


def _elements(svg: bytes) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter())


def _axis(elements) -> tuple[float, float]:
    """The y of the 0 % and 100 % grid lines, read off the tick labels beside them."""
    found = {}
    for element in elements:
        if element.tag == f"{SVG}text" and element.text in ("0 %", "100 %"):
            found[element.text] = float(element.get("y"))
    lines = [float(e.get("y1")) for e in elements if e.tag == f"{SVG}line" and e.get("y1") == e.get("y2")]
    # the grid line nearest each label's baseline (the label sits a third of its size below the line's middle)
    return tuple(min(lines, key=lambda y: abs(y - found[label] + 1.0)) for label in ("0 %", "100 %"))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_bars_intervals_and_fair_line_are_where_the_numbers_say(players):
    records = _records(players, seed=players)
    result = balance(records, players)
    svg = to_svg(balance_chart(result, [r.turns for r in records], "Balance", "en"))
    elements = _elements(svg)
    zero, hundred = _axis(elements)
    per_unit = zero - hundred                          # mm per 100 %
    bars = sorted((e for e in elements if e.tag == f"{SVG}rect" and e.get("fill") == THEME["chart-bar"]),
                  key=lambda e: float(e.get("x")))
    assert len(bars) == players
    whiskers = [e for e in elements if e.tag == f"{SVG}line" and e.get("stroke") == THEME["chart-interval"]
                and e.get("x1") == e.get("x2")]
    assert len(whiskers) == players
    for seat, bar in zip(result.seats, bars):
        assert float(bar.get("height")) == pytest.approx(seat.win_rate * per_unit, abs=0.1)
        assert float(bar.get("y")) + float(bar.get("height")) == pytest.approx(zero, abs=0.1)
        centre = float(bar.get("x")) + float(bar.get("width")) / 2
        whisker = min(whiskers, key=lambda e: abs(float(e.get("x1")) - centre))
        top, bottom = sorted((float(whisker.get("y1")), float(whisker.get("y2"))))
        assert top == pytest.approx(zero - seat.high * per_unit, abs=0.1)
        assert bottom == pytest.approx(zero - seat.low * per_unit, abs=0.1)
    fair = [e for e in elements if e.tag == f"{SVG}line" and e.get("stroke") == THEME["chart-fair"]]
    assert len(fair) == 1 and float(fair[0].get("y1")) == pytest.approx(zero - per_unit / players, abs=0.1)


def test_the_histogram_holds_every_game_and_the_endings_add_up():
    records = _records(2, seed=9)
    lengths = [r.turns for r in records]
    bins = length_bins(lengths)
    assert sum(count for *_, count in bins) == len(records)
    assert bins[0][0] == min(lengths) and bins[-1][1] == max(lengths)
    assert all(b[1] + 1 == c[0] for b, c in zip(bins, bins[1:]))       # adjacent, no gap, no overlap
    elements = _elements(to_svg(balance_chart(balance(records, 2), lengths, "Balance", "en")))
    heights = [float(e.get("height")) for e in elements
               if e.tag == f"{SVG}rect" and e.get("fill") == THEME["chart-length"]]
    tallest = max(count for *_, count in bins)
    nonzero = [count for *_, count in bins if count]
    assert len(heights) == len(bins)
    assert [round(h / max(heights) * tallest) for h in heights if h] == nonzero
    keys = ("win", "trap", "stalemate", "turn_limit")
    ends = {key: sum(float(e.get("width")) for e in elements if e.tag == f"{SVG}rect" and e.get("fill") == THEME[
        "chart-" + key.replace("_", "-")] and float(e.get("height")) > 3) for key in keys}
    total = sum(ends.values())
    counted = {key: sum(r.end == key for r in records) for key in keys}
    assert all(counted.values()), counted                  # every ending drawn, none left out
    for key, width in ends.items():
        assert width / total == pytest.approx(counted[key] / len(records), abs=0.002)


@pytest.mark.parametrize("lang, words", [("en", ("Win rate per seat", "seat 1", "How the games ended")),
                                         ("de", ("Siegquote je Platz", "Platz 1", "Wie die Partien endeten"))])
def test_the_words_are_in_the_language_asked(lang, words):
    records = _records(2, seed=4)
    svg = to_svg(balance_chart(balance(records, 2), [r.turns for r in records], "Balance", lang)).decode()
    texts = " | ".join(re.findall(r">([^<>]+)</text>", svg))
    for word in words:
        assert word in texts, (word, texts)
    if lang == "de":
        assert "seat" not in texts and "games" not in texts and "0,0" not in texts.replace("50,0", "")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_chart_pdf_passes_the_preflight_and_nothing_collides(lang):
    records = _records(4, seed=7)
    scene = balance_chart(balance(records, 4), [r.turns for r in records],
                          "Balance: Tokyo Washi Game Cops, 4 players", lang)
    assert scene_collisions(scene) == []
    data = to_pdf([scene])
    assert preflight(data, bleed=False) == []
    if outside.missing_tools():
        pytest.skip(f"the independent preflight needs Debian's {' and '.join(outside.missing_tools())}")
    assert outside.structure_faults(data) == [] and outside.renderer_faults(data) == []


def test_balance_draws_its_chart_with_the_numbers_it_prints(tmp_path):
    from click.testing import CliRunner

    from washigen.cli import main

    out = tmp_path / "chart.svg"
    result = CliRunner().invoke(main, ["cops", "balance", "--players", "3", "--seed", "2", "--games", "30", "--json",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout[:result.stdout.rindex("}") + 1])
    elements = _elements(out.read_bytes())
    zero, hundred = _axis(elements)
    heights = [float(e.get("height")) for e in sorted(
        (e for e in elements if e.tag == f"{SVG}rect" and e.get("fill") == THEME["chart-bar"]),
        key=lambda e: float(e.get("x")))]
    assert heights == pytest.approx([seat["win_rate"] * (zero - hundred) for seat in printed["seats"]], abs=0.1)


@pytest.mark.parametrize("lang, bots, said", [("en", "greedy", "bots greedy"), ("de", "greedy", "Bots gierig"),
                                              ("de", "strong:400,greedy", "Bots stark:400,gierig"),
                                              ("de", "random", "Bots zufällig")])
def test_the_title_names_the_bots_in_the_language_asked(lang, bots, said):
    """A German chart said "Bots greedy": the bots' names are words on the page too; a strength stays a number."""
    from washigen.arena.chart import chart_title, sweep_title

    assert chart_title("Cats", 2, 3, bots, lang).endswith(said)
    assert sweep_title("Cats", 6, bots, lang).endswith(said)


def _ending_lines(records, endings) -> list[str]:
    svg = to_svg(balance_chart(balance(records, 2), [r.turns for r in records], "Balance", "en", endings)).decode()
    texts = re.findall(r">([^<>]+)</text>", svg)
    return [text.split(":")[0] for text in texts if re.search(r": \d+ \(\d+ %\)$", text)]


def test_the_endings_named_are_the_games_own_and_any_that_happened():
    won_or_cut = [r for r in _records(2, seed=5) if r.end in ("win", "turn_limit")]
    assert _ending_lines(won_or_cut, ("win", "turn_limit")) == ["won", "turn limit"]       # Trail Route's
    assert _ending_lines(won_or_cut, None) == ["won", "by a trap", "stalemate", "turn limit"]
    everything = _records(2, seed=5)                   # a trap where the game says it has none is still shown
    assert _ending_lines(everything, ("win", "turn_limit")) == ["won", "by a trap", "stalemate", "turn limit"]


def test_a_trail_route_chart_from_the_api_names_no_trap_or_stalemate():
    import washigen
    from washigen.api import balance_chart as api_chart

    setup = washigen.generate("trail-route", "setup", players=3, seed=1)
    result = washigen.balance("trail-route", setup, games=6, seed=1)
    svg = to_svg(api_chart(result, setup, seed=1).pages[0]).decode()
    texts = re.findall(r">([^<>]+)</text>", svg)
    assert any(text.startswith("won: ") for text in texts)
    assert not any(text.startswith(("by a trap", "stalemate")) for text in texts), texts
