"""Cat Tree on designs `generate` never makes but the validator accepts: layouts at the grid's limits (1 and 64 cells
a side), played out to the edges, of rare cards (Hammock, Catwalk, Pipe, Toy) wherever a cell takes one, of cards on
the grid's outer cells only, of towers up the first and last columns, of shelves floating anywhere; decks of every
count the design allows; games on grids of every odd size dealt from stacked piles. Each layout gets one verdict and
one score through the API, the command line and its JSON and text forms, scores what the referee of
tests/cat_tree_referee.py (written from the rule text) scores, and draws; each game keeps every rule by the referee.

Mutations of a person editing a design: the grid's size (width and height each 1, 2, 4, 5, 6, 8, 63 or 64), how the
cards are laid (FILLS below), a seed or none, a deck's card size, copies and reference cards; a pile stacked in the
orders of PILES below.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st

from washigen import api
from washigen.cli import main
from washigen.design import dumps, load_text, loads
from washigen.errors import InputError
from washigen.games import get_game
from washigen.games.cat_tree import engine
from washigen.games.cat_tree.bots import BOTS, Board
from washigen.games.cat_tree.model import CatTreeDeck, CatTreeLayout, PlacedCard
from washigen.games.cat_tree.playtest import TURN_LIMIT, play_bots
from washigen.games.cat_tree.rules import score
from washigen.arena import make_bots, play_match
from washigen.backends import to_svg
from washigen.press import PrintOptions

from .cat_tree_referee import STANDS, referee, rule_holds, tree_points

SIZES = (1, 2, 4, 5, 6, 8, 63, 64)
RARE = ("hammock", "catwalk", "pipe", "toy")
# How the cards are laid: each card where its rule holds as it is placed, in a random order.
FILLS = {
    "full": "every cell, row by row from the floor: a grid played out to its edges",
    "rare": "a Hammock, Catwalk, Pipe or Toy wherever a cell takes one, another card only where none does",
    "edges": "the floor, the top row and the first and last columns only, while a cell there takes a card",
    "towers": "up the first and last columns",
    "shelves": "Shelves anywhere above the floor, far from the tree or not, with what hangs from them",
    "deck": "at most 16 cards, 4 of each: a game's tree on an odd grid",
}


def _takes(grid: dict, name: str, cell: tuple[int, int]) -> bool:
    return cell not in grid and rule_holds(grid, name, *cell)


def _near(grid: dict, width: int, height: int) -> set:
    """The empty cells a card other than a Shelf may stand in: the floor, and above or beside a card."""
    cells = {(1, col) for col in range(1, width + 1)}
    for row, col in grid:
        cells |= {(row + 1, col), (row, col - 1), (row, col + 1)}
    return {(r, c) for r, c in cells if 1 <= r <= height and 1 <= c <= width and (r, c) not in grid}


def odd_layout(rng: random.Random, width: int, height: int, fill: str, cards: int, seed: int | None = None):
    """A layout laid by `fill` (FILLS), `cards` cards at most, each where the rule text lets it stand then."""
    grid: dict = {}
    if fill == "full":
        for row in range(1, height + 1):
            for col in rng.sample(range(1, width + 1), width):
                if len(grid) < cards:
                    grid[(row, col)] = rng.choice([name for name in STANDS if _takes(grid, name, (row, col))] or
                                                  ["shelf"])
        return _layout(grid, width, height, seed)
    counts: dict = {}
    for _ in range(cards):
        cells = sorted(_near(grid, width, height))
        if fill == "shelves" or rng.random() < 0.1:
            cells += [(rng.randint(2, height), rng.randint(1, width))] if height > 1 else []
        if fill == "edges":
            cells = [(r, c) for r, c in cells if r in (1, height) or c in (1, width)]
        elif fill == "towers":
            cells = [(r, c) for r, c in cells if c in (1, width)]
        names = {"rare": RARE, "shelves": ("shelf", "hammock", "catwalk", "toy", "box")}.get(fill, tuple(STANDS))
        if fill == "deck":
            names = tuple(name for name in STANDS if counts.get(name, 0) < 4)
        options = [(cell, name) for cell in cells for name in names if _takes(grid, name, cell)]
        if not options and fill == "rare":
            options = [(cell, name) for cell in cells for name in STANDS if _takes(grid, name, cell)]
        if not options:
            break
        cell, name = rng.choice(options)
        grid[cell] = name
        counts[name] = counts.get(name, 0) + 1
    return _layout(grid, width, height, seed)


def _layout(grid: dict, width: int, height: int, seed: int | None) -> CatTreeLayout:
    return CatTreeLayout(width=width, height=height, seed=seed,
                         cards=tuple(PlacedCard(row=r, col=c, card=n) for (r, c), n in sorted(grid.items())))


def cli(*args, stdin: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def one_verdict_and_score_everywhere(design: CatTreeLayout, draw: bool = True) -> None:
    report = api.validate(design)
    assert report.ok, report.format_text()
    verdict = report.to_dict()
    points = score(design).total
    assert tree_points(design.grid())[0] == points                           # the referee's points
    assert Board.of(design.grid(), design.width, design.height).total() == points   # the bots' count
    as_json, as_text = dumps(design), get_game("cat-tree").to_text(design)
    assert loads(as_json) == design
    read = load_text(as_text.encode(), "layout.txt")
    assert (read.width, read.height, read.seed, read.grid()) == (design.width, design.height, design.seed,
                                                                 design.grid())
    assert api.validate(read).to_dict() == verdict
    for form in (as_json, as_text):
        done = cli("validate", "--json", "-", stdin=form)
        assert done.exit_code == 0, done.output
        assert json.loads(done.stdout)["violations"] == verdict["violations"]
    with tempfile.TemporaryDirectory() as folder:
        for name, form in (("tree.json", as_json), ("tree.txt", as_text)):
            (Path(folder) / name).write_text(form)
            done = cli("cat-tree", "score", "--json", Path(folder) / name)
            assert done.exit_code == 0 and json.loads(done.stdout)["total"] == points, done.output
    if draw:
        for paper in (None, "a4"):
            pages = get_game("cat-tree").print_design(design, PrintOptions(paper=paper)).pages
            assert [to_svg(page) for page in pages]


@st.composite
def odd_layouts(draw):
    width, height = draw(st.sampled_from(SIZES)), draw(st.sampled_from(SIZES))
    fill = draw(st.sampled_from(sorted(FILLS)))
    cards = draw(st.integers(1, 40 if fill != "full" else min(width * height, 400)))
    seed = draw(st.none() | st.integers(0, 2**63 - 1))
    return odd_layout(random.Random(draw(st.integers(0, 2**32))), width, height, fill, cards, seed)


@settings(max_examples=30, deadline=None)
@given(odd_layouts())
@example(odd_layout(random.Random(1), 1, 1, "full", 1))
@example(odd_layout(random.Random(2), 64, 1, "rare", 40, seed=2**63 - 1))
@example(odd_layout(random.Random(3), 1, 64, "towers", 64))
@example(odd_layout(random.Random(4), 5, 5, "full", 25))
def test_an_odd_layout_gets_one_verdict_and_score_through_every_surface_and_draws(design):
    one_verdict_and_score_everywhere(design, draw=design.width * design.height <= 400)


def test_a_64_by_64_grid_played_out_to_its_edges_is_valid_scored_by_the_rule_text_and_drawn_on_a4():
    design = odd_layout(random.Random(64), 64, 64, "full", 64 * 64)
    assert len(design.cards) == 64 * 64
    warnings = {v.rule for v in api.validate(design).violations}
    assert warnings == {"cat-tree.deck.count", "cat-tree.deck.cards"}        # warnings only: more than one deck holds
    one_verdict_and_score_everywhere(design, draw=False)
    assert to_svg(get_game("cat-tree").print_design(design, PrintOptions(paper="a4")).pages[0])


# -- games on odd grids, dealt from stacked piles -------------------------------------------------------------------

def _pile(order: str, rng: random.Random) -> list[str]:
    """The 32 cards, top card last, in one of PILES' orders."""
    deck = engine.full_deck()
    rng.shuffle(deck)
    first = {"hangers first": ("hammock", "catwalk"),
             "shelves and hangers first": ("shelf", "hammock", "catwalk")}.get(order)
    if order == "kinds together":
        kinds = list(STANDS)
        rng.shuffle(kinds)
        return [kind for kind in kinds for _ in range(4)]
    if first is None:
        return deck
    return [c for c in deck if c not in first] + [c for c in deck if c in first]        # `first` dealt first


PILES = ("shuffled", "hangers first", "shelves and hangers first", "kinds together")


@pytest.mark.parametrize("width, height", [(1, 1), (1, 64), (64, 1), (2, 5), (5, 2), (64, 64), (3, 8)])
def test_games_on_odd_grids_from_stacked_piles_keep_every_rule_and_score_as_the_rule_text(width, height):
    rng = random.Random(width * 100 + height)
    for k, (order, bots) in enumerate(zip(PILES, ("random", "greedy", "greedy,random", "random,greedy"))):
        deck = _pile(order, rng)
        state = engine.initial_state(CatTreeLayout(width=width, height=height), seed=k, first=k % 2, deck=deck)
        match = play_match(engine, state, make_bots(bots, BOTS, 2), k, TURN_LIMIT)
        final = match.final
        tree = referee(deck, k % 2, [str(move) for move in match.moves], width, height)
        assert tree == final.grid, (order, bots)
        assert engine.result(final).score == tree_points(tree)[0]


@pytest.mark.parametrize("width, height", [(1, 1), (64, 64), (6, 63)])
def test_the_greedy_players_plan_keeps_every_rule_on_odd_grids(width, height):
    for seed in range(2):
        game = play_bots(seed, "greedy", seed % 2, width, height)
        tree = referee(engine.shuffled_deck(random.Random(seed)), game.first, game.moves, width, height)
        assert tree == game.layout.grid() and tree_points(tree)[0] == game.score


# -- deck designs --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("copies", [1, 2, 3, 4])
@pytest.mark.parametrize("reference", [0, 1, 4])
def test_every_deck_design_reads_back_in_both_forms_with_one_verdict(copies, reference):
    card = ("poker", "bridge", "mini-euro", "tarot")[(copies + reference) % 4]
    for seed in (None, 7):
        deck = CatTreeDeck(card=card, copies=copies, reference_cards=reference, seed=seed)
        verdict = api.validate(deck).to_dict()
        for form in (dumps(deck), get_game("cat-tree").to_text(deck)):
            read = load_text(form.encode(), "deck.txt") if form.startswith("#") else loads(form)
            assert read == deck, form
            done = cli("validate", "--json", "-", stdin=form)
            assert done.exit_code == 0 and json.loads(done.stdout)["violations"] == verdict["violations"], done.output


def test_a_deck_of_the_fewest_and_the_most_cards_draws():
    for deck in (CatTreeDeck(card="mini-euro", copies=1, reference_cards=0),
                 CatTreeDeck(card="tarot", copies=4, reference_cards=4)):
        assert api.draw(deck, paper="a4", duplex="short").pages


# -- the run estimate: what balance refuses, and what a larger grid costs ---------------------------------------------

@pytest.mark.parametrize("design", [CatTreeDeck(), _layout({(1, 1): "box"}, 2, 1, None)])
def test_a_run_estimate_refuses_the_design_balance_refuses(design):
    """check_run and games_that_fit took a deck or a tree with cards and estimated the 8 x 8 grid's run, where
    balance() refuses them: the estimate passed a run that then failed."""
    with pytest.raises(InputError) as refused:
        api.balance("cat-tree", design, games=1)
    for estimate in (lambda: api.check_run("cat-tree", design, games=10),
                     lambda: api.games_that_fit("cat-tree", design)):
        with pytest.raises(InputError) as also:
            estimate()
        assert str(also.value) == str(refused.value)


def test_a_run_on_a_larger_grid_is_estimated_dearer_and_the_default_grid_as_before():
    """The estimate was the 8 x 8 grid's whatever the layout's: 3,360 greedy games "fit the minute" on a 64 x 64 grid,
    where a game costs about 23 times one on 8 x 8 (some 6 minutes of one core, measured)."""
    default = api.games_that_fit("cat-tree")
    assert default == api.games_that_fit("cat-tree", CatTreeLayout()) == api.games_that_fit(
        "cat-tree", CatTreeLayout(width=3, height=2))
    largest = api.games_that_fit("cat-tree", CatTreeLayout(width=64, height=64))
    assert largest <= default / 20
    assert api.games_that_fit("cat-tree", CatTreeLayout(width=64, height=1)) <= default / 7    # a wide floor
    with pytest.raises(InputError, match="at most"):
        api.check_run("cat-tree", CatTreeLayout(width=64, height=64), games=largest + 1)


@pytest.mark.parametrize("seed", ["-1", "9223372036854775808", "1" * 400])
def test_a_deck_listings_seed_out_of_range_is_refused_naming_line_1_as_a_layouts_is(seed):
    listing = get_game("cat-tree").to_text(CatTreeDeck(seed=1)).replace("seed 1", f"seed {seed}")
    with pytest.raises(InputError, match=r"deck.txt: line 1: seed: must be a whole number 0\.\.9223372036854775807"):
        load_text(listing.encode(), "deck.txt")
