"""Cats cut-ups fair by construction (DESIGN 9): `cats map --cut-up` searches the seed's good cut-ups until one is
fair by 200 greedy games, within a budget, and stores and prints the verdict; checked here against fresh balance
runs, not against the search."""

from __future__ import annotations

import functools
import itertools
import random
import re
import warnings
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

import washigen
from washigen.arena import GameRecord, balance, wilson
from washigen.arena.fair import Trial, fair_picks, fair_search, judged_games
from washigen.cli import main
from washigen.design import dumps, loads
from washigen.errors import InputError
from washigen.games.cats.fair import CUT_UP_BUDGET, FAIR_GAMES, FairnessWarning, fair_cut_up, game_cost
from washigen.games.cats.generate import generate_map
from washigen.games.cats.plan import MapSpec, base_plan, playable
from washigen.games.cats.spec import MapParams
from washigen.games.cats.text import from_text, to_text
from washigen.games.cats.constants import VERDICT_GAMES
from washigen.games.cats.variants import make_variant, playable_by_gap

FAIR_SEED, UNFAIR_SEED = 3, 14     # 2 players: a fair cut-up found; none found within the budget
TOO_FEW_FAIR_SEED = 28             # 2 players: the first two good cut-ups not both fair


@functools.cache
def searched(players: int, seed: int, budget: float | None = None):
    """The cut-up `cats map --cut-up` makes, the search's warnings beside it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", FairnessWarning)
        design = generate_map(players=players, seed=seed, cut_up=True,
                              **({} if budget is None else {"budget": budget}))
    return design, [str(w.message) for w in caught if issubclass(w.category, FairnessWarning)]


# -- the stored verdict is the balance `cats balance` gives ---------------------------------------------------


@pytest.mark.parametrize("players, seed", [(2, FAIR_SEED), (2, UNFAIR_SEED), (3, 1)])
def test_the_stored_verdict_is_a_fresh_balance_of_the_maps_own_games(players, seed):
    design, warned = searched(players, seed)
    again = washigen.balance("cats", design, games=design.play_games, seed=design.seed)
    assert design.play_games == FAIR_GAMES == again.games
    assert design.play_score == round(again.score, 4) and design.play_fair == again.fair
    assert bool(warned) == (not design.play_fair)
    if design.play_fair:            # every seat's 95 % interval, worked out from its wins, holds 1 / players
        assert all(low <= 1 / players <= high for low, high in (wilson(s.wins, again.games) for s in again.seats))
    else:
        assert any(not s.low <= 1 / players <= s.high for s in again.seats)


def test_budget_zero_returns_the_first_playable_cut_up_judged_in_full():
    for seed in (FAIR_SEED, UNFAIR_SEED):
        spec = MapSpec(players=2, cut_up=True)
        base = base_plan(spec, seed, with_forests=False)
        first = next(v for v in range(1, 81) if (made := make_variant(spec, seed, base, v)) and playable(made))
        design, warned = searched(2, seed, 0.0)
        assert design.variant == first and design.play_games == FAIR_GAMES
        assert bool(warned) == (not design.play_fair)
    assert searched(2, FAIR_SEED, 0.0)[0].variant > 1         # cut-up 1 of seed 3 is not a good one: skipped


def test_a_budget_too_small_to_find_a_fair_cut_up_warns_with_the_fairests_score():
    design, warned = searched(2, UNFAIR_SEED)
    assert design.play_fair is False and len(warned) == 1
    assert re.search(rf"no fair cut-up found for 2 players, seed {UNFAIR_SEED}, within the budget; the fairest has "
                     rf"score {design.play_score:.3f} over {FAIR_GAMES} greedy games", warned[0])
    longer, none = searched(2, UNFAIR_SEED, 10.0)         # a fair one is there, further on
    assert longer.play_fair is True and longer.variant > design.variant and none == []


def test_team_play_judges_each_seat_against_its_teams_share():
    """4 players in 2 teams: a team's win counts for both its seats, and the fair share is 1/2, not 1/4."""
    def games(design, start, stop):
        rng = random.Random(design)
        draws = [rng.random() for _ in range(stop)][start:]
        return [GameRecord(seed=i, winners=(0, 2) if r < 0.5 else (1, 3), turns=10, end="win")
                for i, r in zip(range(start, stop), draws)]

    trial = Trial(games=games, players=4, teams=2, rate=100, candidate_cost=1)
    found = fair_search(iter(["even"]), trial, 0.0, "test")
    assert found is not None
    design, verdict = found
    assert design == "even" and verdict == balance(games("even", 0, FAIR_GAMES), 4, 2)
    assert verdict.fair and verdict.fair_share == 0.5
    assert not balance(games("even", 0, FAIR_GAMES), 4).fair          # judged by 1/4, no seat would be fair


# -- the budget, the command and the files --------------------------------------------------------------------


def test_cats_map_searches_by_default_with_the_generators_budget():
    assert MapParams().budget == CUT_UP_BUDGET > 0


def test_a_budget_out_of_range_is_refused_by_name():
    runner = CliRunner()
    for bad in ("-1", "601"):
        result = runner.invoke(main, ["cats", "map", "--cut-up", "--budget", bad, "-o", "x.json"])
        assert result.exit_code == 2 and "--budget" in result.output, result.output
    with pytest.raises(InputError, match="budget"):
        washigen.generate("cats", "map", cut_up=True, budget=-1)


def test_the_verdict_goes_into_the_design_files_and_old_files_still_load():
    design = searched(2, FAIR_SEED)[0]
    text = to_text(design)
    assert f"play-score: {design.play_score}\nplay-games: {FAIR_GAMES}\nplay-fair: yes\n" in text
    assert from_text(text) == design and loads(dumps(design)) == design
    old = from_text(re.sub(r"play-(games|fair): .*\n", "", text))          # written before the search
    assert (old.play_games, old.play_fair, old.play_score) == (None, None, design.play_score)
    assert "play-games" not in to_text(old)


def _svg_words(path) -> str:
    return " | ".join("".join(node.itertext()) for node in ET.parse(path).iter() if node.tag.endswith("text"))


def test_the_command_warns_and_the_verdict_is_printed_small_on_the_map_in_english_and_german(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["cats", "map", "--cut-up", "--seed", UNFAIR_SEED, "-o", tmp_path / "unfair.json"])
    assert result.exit_code == 0, result.output
    assert f"warning: cats: no fair cut-up found for 2 players, seed {UNFAIR_SEED}" in result.output
    unfair = washigen.load(tmp_path / "unfair.json")
    assert unfair == searched(2, UNFAIR_SEED)[0]
    washigen.save(searched(2, FAIR_SEED)[0], tmp_path / "fair.json")
    for name, fair in (("fair", True), ("unfair", False)):
        design = washigen.load(tmp_path / f"{name}.json")
        score = f"{design.play_score:.3f}"
        for lang, verdict in (("en", "fair" if fair else "not fair"), ("de", "fair" if fair else "nicht fair")):
            svg = tmp_path / f"{name}-{lang}.svg"
            drawn = runner.invoke(main, ["render", str(tmp_path / f"{name}.json"), "--lang", lang, "-o", str(svg)])
            assert drawn.exit_code == 0, drawn.output
            shown = score.replace(".", ",") if lang == "de" else score
            words = _svg_words(svg)
            assert f", {verdict} {shown}/{FAIR_GAMES}" in words, words


# -- cats variants: COUNT cut-ups, each held to the same verdict -------------------------------------------------


def _two_seat_games(design, start, stop):
    """Seat 0 wins with the candidate's chance (its name's number in hundredths), drawn from its own stream."""
    rng = random.Random(design)
    draws = [rng.random() for _ in range(stop)][start:]
    return [GameRecord(seed=i, winners=(0,) if r < int(design[1:]) / 100 else (1,), turns=10, end="win")
            for i, r in zip(range(start, stop), draws)]


def _fair_by_hand(design) -> bool:
    wins = sum(r.winners == (0,) for r in _two_seat_games(design, 0, FAIR_GAMES))
    low, high = wilson(wins, FAIR_GAMES)
    return low <= 0.5 <= high


def test_picks_keep_the_first_fair_candidates_in_order_and_judge_none_after_them():
    names = ["c90", "c50", "c85", "c52", "c49", "c48"]
    fair_ones = [name for name in names if _fair_by_hand(name)]
    assert fair_ones[:3] == ["c50", "c52", "c49"] and not _fair_by_hand("c90")
    asked = []

    def games(design, start, stop):
        asked.append(design)
        return _two_seat_games(design, start, stop)

    trial = Trial(games=games, players=2, rate=100, candidate_cost=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", FairnessWarning)           # all found: no warning
        picked = fair_picks(iter(names), trial, 60.0, 3, "test")
    assert [design for design, _ in picked] == ["c50", "c52", "c49"]
    assert all(verdict.fair and verdict.games == FAIR_GAMES for _, verdict in picked)
    assert "c48" not in asked                                       # the search stops at the third fair one


def test_picks_short_of_fair_ones_fill_with_the_fairest_others_and_say_their_scores():
    trial = Trial(games=_two_seat_games, players=2, rate=100, candidate_cost=1)
    with pytest.warns(FairnessWarning) as caught:           # budget 0: the first three judged, whatever they are
        picked = fair_picks(iter(["c70", "c50", "c60", "c52"]), trial, 0.0, 3, "test")
    designs = [design for design, _ in picked]
    assert designs == ["c50", "c60", "c70"] and "c52" not in designs      # the fair one, then the fairest others
    fill = [verdict for _, verdict in picked[1:]]
    assert [v.games for v in fill] == [FAIR_GAMES, FAIR_GAMES] and fill[0].score <= fill[1].score
    assert fill == [balance(_two_seat_games(d, 0, FAIR_GAMES), 2) for d in designs[1:]]
    assert str(caught[0].message).startswith(f"test: 1 of 3 fair within the budget; the fairest others have scores "
                                             f"{fill[0].score:.3f}, {fill[1].score:.3f} over {FAIR_GAMES}")
    with pytest.warns(FairnessWarning, match=r"^test: 0 fair of the 2 there were to judge; the fairest others "):
        assert [design for design, _ in fair_picks(iter(["c70", "c60"]), trial, 60.0, 3, "test")] == ["c60", "c70"]


def test_a_costlier_game_spends_the_budget_sooner():
    """Three unfair candidates then a fair one: a budget that pays for all four at one game each stops after the
    first when each game costs ten (its cost counted in games at the nominal rate)."""
    names = ["c90", "c85", "c80", "c50"]
    cheap = Trial(games=_two_seat_games, players=2, rate=100, candidate_cost=1)
    dear = Trial(games=_two_seat_games, players=2, rate=100, candidate_cost=1, game_cost=10.0)
    found, verdict = fair_search(iter(names), cheap, 6.0, "test")
    assert found == "c50" and verdict.fair
    with pytest.warns(FairnessWarning, match=r"^test, within the budget; the fairest has score "):
        found, verdict = fair_search(iter(names), dear, 6.0, "test")
    assert found == "c90" and not verdict.fair


def test_a_big_maps_cost_and_the_games_its_verdict_rests_on():
    assert game_cost(MapSpec(players=5)) == game_cost(MapSpec(segment_rows=4, segment_cols=18)) == 1.0
    assert game_cost(MapSpec(long=1)) == pytest.approx(2.25)          # 1.5 times the rows, 1.5 times the turns
    assert game_cost(MapSpec(segment_cols=48)) == pytest.approx(2.0)
    big = MapSpec(players=5, long=4, forests=30, segment_rows=15, segment_cols=60)
    assert game_cost(big) == pytest.approx(62.5)
    # 40 s at 24 games a second, 62.5 games each: 15 games, three rounds of five seats; a budget of 600 s pays 200
    assert judged_games(FAIR_GAMES, 5, 24, game_cost(big), CUT_UP_BUDGET) == 15
    assert judged_games(FAIR_GAMES, 5, 24, game_cost(big), 600) == FAIR_GAMES
    assert judged_games(FAIR_GAMES, 5, 24, 1.0, CUT_UP_BUDGET) == FAIR_GAMES       # the default map: all 200
    assert judged_games(FAIR_GAMES, 6, 1, 1000.0, 0) == 6                          # never under a round of seats


def test_the_search_on_a_big_map_says_its_verdicts_rest_on_fewer_games():
    big = MapSpec(players=5, long=4, forests=30, segment_rows=15, segment_cols=60, cut_up=True)
    with pytest.warns(FairnessWarning, match=r"^cats: a game on a map this size is long \(about 62 times one on the "
                                             r"default map\); each cut-up is judged on 15 greedy games, not 200"):
        assert fair_cut_up(big, 1, [], CUT_UP_BUDGET) is None
    with warnings.catch_warnings():
        warnings.simplefilter("error", FairnessWarning)           # the default map: no word of it
        assert fair_cut_up(MapSpec(players=5, cut_up=True), 1, [], CUT_UP_BUDGET) is None


def test_the_verdict_games_are_the_generic_searchs():
    assert VERDICT_GAMES == FAIR_GAMES


def test_cats_variants_writes_fair_cut_ups_first_each_with_a_fresh_balances_verdict(tmp_path):
    runner = CliRunner()
    folder = tmp_path / "v"
    result = runner.invoke(main, ["cats", "variants", "--count", 2, "--seed", FAIR_SEED, "--tries", 30,
                                  "-o", folder])
    assert result.exit_code == 0, result.output
    designs = [washigen.load(path) for path in sorted(folder.glob("cats-variant-*.json"))]
    assert len(designs) == 2 and all(d.play_games == FAIR_GAMES for d in designs)
    assert [(not d.play_fair, d.play_score) for d in designs] == sorted((not d.play_fair, d.play_score)
                                                                       for d in designs)
    spec = MapSpec(players=2, cut_up=True)
    by_gap = [d.variant for d in itertools.islice(playable_by_gap(spec, FAIR_SEED, 30), 10)]
    assert {d.variant for d in designs} <= set(by_gap)              # judged in route-gap order, among those that play
    again = washigen.balance("cats", designs[0], games=FAIR_GAMES, seed=FAIR_SEED)
    assert designs[0].play_score == round(again.score, 4) and designs[0].play_fair == again.fair
    table = [line.split() for line in result.output.splitlines() if line.strip().startswith(("1 ", "2 "))]
    assert [row[2] for row in table] == ["yes" if d.play_fair else "no" for d in designs]
    assert "the fairest first" in result.output


def test_cats_variants_warns_when_the_budget_finds_too_few_fair_ones(tmp_path):
    result = CliRunner().invoke(main, ["cats", "variants", "--count", 2, "--seed", TOO_FEW_FAIR_SEED, "--tries", 30,
                                       "--budget", 0, "-o", tmp_path / "v"])
    assert result.exit_code == 0, result.output
    designs = [washigen.load(path) for path in sorted((tmp_path / "v").glob("cats-variant-*.json"))]
    unfair = [d for d in designs if not d.play_fair]
    assert unfair, "the first two good cut-ups of this seed that play are not both fair"
    scores = ", ".join(f"{d.play_score:.3f}" for d in unfair)
    assert (f"warning: cats: cut-ups of seed {TOO_FEW_FAIR_SEED} for 2 players: {2 - len(unfair)} of 2 fair within the "
            f"budget; the fairest others have scores {scores}") in result.output
