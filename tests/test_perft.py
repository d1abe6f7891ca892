"""Perft for Cats and Cops (tests/perft.py): the number of move sequences to depth 2 or 3 from start positions and
from positions a fixed seeded game reaches, compared with tests/golden/games/perft-<game>.txt, the first changed
subtree named. At depth 1 and 2 every counted move is also judged by the legality check written apart from the
engine (tests/cats_legality.py, tests/cops_legality.py), and where that check can list the legal moves itself (every
Cats position; the Cops start phase), its list is the engine's. `pytest tests/test_perft.py --update-golden`
rewrites the stored counts (review the diff)."""

from __future__ import annotations

import copy

import pytest

from washigen.errors import InputError

from . import perft
from .cats_legality import check, legal_names
from .cops_legality import Referee, witness
from .perft import (POSITIONS, Stored, design_of, divide, engine_of, initial, reach, read_golden, seeded_path,
                    write_golden)

GAMES = sorted({position.game for position in POSITIONS})
NO_MOVE = {"pass", "trapped"}


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_counts_list_every_position(game, update_golden):
    positions = [p for p in POSITIONS if p.game == game]
    if update_golden:
        found = {}
        for position in positions:
            path = seeded_path(position)
            state = reach(position, path)
            engine = engine_of(position.game)
            counts = [perft.perft(engine, state, depth) for depth in range(1, position.depth + 1)]
            found[position.name] = Stored(path, counts, divide(engine, state, position.depth))
        perft.golden_path(game).write_text(write_golden(game, found), encoding="utf-8")
        return
    stored = read_golden(game)
    assert stored, f"{perft.golden_path(game)} is missing: run pytest tests/test_perft.py --update-golden"
    assert list(stored) == [p.name for p in positions], \
        f"{perft.golden_path(game).name} lists other positions than tests/perft.py: run --update-golden"


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_perft_matches_the_stored_counts(position, update_golden):
    if update_golden:
        return
    stored = read_golden(position.game).get(position.name)
    assert stored is not None, f"no stored perft for {position.name}: run pytest tests/test_perft.py --update-golden"
    state = _reach(position, stored.path)
    engine = engine_of(position.game)
    found = divide(engine, state, position.depth)
    missing = [move for move in stored.divide if move not in found]
    extra = [move for move in found if move not in stored.divide]
    assert not missing and not extra, f"{position.name}: moves no longer legal {missing}, newly legal {extra}"
    for move, count in stored.divide.items():
        assert found[move] == count, \
            f"{position.name}: perft({position.depth - 1}) after {move!r} is {found[move]}, stored {count}"
    counts = [perft.perft(engine, state, depth) for depth in range(1, position.depth)] + [sum(found.values())]
    assert counts == stored.counts, f"{position.name}: perft 1..{position.depth} {counts}, stored {stored.counts}"


def _reach(position, path: list[str]):
    """The position the stored path reaches; a path move that no longer reads fails, named."""
    engine = engine_of(position.game)
    state = initial(position)
    for number, text in enumerate(path, start=1):
        try:
            state = engine.apply(state, engine.parse_move(text, state))
        except InputError as error:
            pytest.fail(f"{position.name}: path move {number} {text!r} no longer replays: {error}")
    assert engine.result(state) is None, f"{position.name}: the game is over at the stored position"
    return state


# -- the legality check written apart from the engine ----------------------------------------------------------------

def _path(position, update_golden: bool) -> list[str]:
    """The stored path; while --update-golden rewrites the file, the one it is writing."""
    if update_golden:
        return seeded_path(position)
    stored = read_golden(position.game).get(position.name)
    assert stored is not None, f"no stored perft for {position.name}: run pytest tests/test_perft.py --update-golden"
    return stored.path


CATS = [p for p in POSITIONS if p.game == "cats"]
COPS = [p for p in POSITIONS if p.game == "cops"]


@pytest.mark.parametrize("position", CATS, ids=lambda p: p.name)
def test_cats_moves_counted_to_depth_2_are_the_rule_texts(position, update_golden):
    design = design_of(position)
    engine = engine_of("cats")
    state = _reach(position, _path(position, update_golden))
    children = _judge_cats(position.name, state, design, engine)
    for after in children:
        if engine.result(after) is None:
            _judge_cats(position.name, after, design, engine)


def _judge_cats(name: str, state, design, engine) -> list:
    """Every move the engine offers is legal by the rule text with the outcome it says, and the rule text allows no
    other (pass and trapped: that the player really has no move, or is walled off); the states after."""
    moves = engine.legal_moves(state)
    offered = {str(move) for move in moves}
    children = []
    for move in moves:
        after = engine.apply(state, move)
        why = check(state, str(move), after, design)
        assert why is None, f"{name}: the engine offers {str(move)!r}, the rule text says: {why}"
        children.append(after)
    if not offered & NO_MOVE:
        assert offered == legal_names(state, design), \
            f"{name}: the engine's moves differ from the rule text's: " \
            f"{sorted(offered ^ legal_names(state, design))}"
    return children


@pytest.mark.parametrize("position", COPS, ids=lambda p: p.name)
def test_cops_moves_counted_to_depth_2_pass_the_referee(position, update_golden):
    design = design_of(position)
    engine = engine_of("cops")
    referee = Referee(design, position.first)
    state = initial(position)
    for text in _path(position, update_golden):      # the referee keeps its own record of the game that led here
        move = engine.parse_move(text, state)
        referee.play(text, witness(state, move))
        state = engine.apply(state, move)
    for move in engine.legal_moves(state):
        after, below = _judge_cops(position.name, referee, state, move, engine, deeper=True)
        if engine.result(after) is None:
            for second in engine.legal_moves(after):
                _judge_cops(position.name, below, after, second, engine)
            _starts_counted(position.name, below, after, engine)
    _starts_counted(position.name, referee, state, engine)


def _judge_cops(name: str, referee: Referee, state, move, engine, deeper: bool = False):
    """The referee's verdict on one move; with `deeper`, the state after it and a referee that has seen it."""
    text, proof = str(move), witness(state, move)
    why = referee.problem(text, proof)
    assert why is None, f"{name}: the engine offers {text!r}, the referee says: {why}"
    if not deeper:
        return None
    below = _copy(referee)
    below.play(text, proof)
    return engine.apply(state, move), below


RECORD = ("filled", "used", "ramen", "crimes", "solved", "miso")     # what Referee.play changes besides counters


def _copy(referee: Referee) -> Referee:
    """The referee with its own record of the game (the map and its geometry are shared: play never changes them)."""
    twin = copy.copy(referee)
    for name in RECORD:
        setattr(twin, name, copy.deepcopy(getattr(referee, name)))
    return twin


def _starts_counted(name: str, referee: Referee, state, engine) -> None:
    """In the start phase the referee lists the moves itself: one start at every location nobody has filled."""
    if referee.started >= referee.players:
        return
    empty = {location for location in referee.zone if not referee.filled.get(location)}
    assert {str(move) for move in engine.legal_moves(state)} == {f"start {location}" for location in empty}, name
