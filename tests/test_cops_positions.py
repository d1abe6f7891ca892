"""The positions a Cops board's games reach again (washigen/games/cops/positions.py) and the counts worked out per
position (standing.py): games played through kept positions are the very games played without them, what is kept
is never changed by a caller, and what a run keeps stays bounded."""

from __future__ import annotations

import random

import pytest

from washigen.arena import first_seat, game_seed, make_bots, play_match
from washigen.games.cops import bots, engine, playtest, positions
from washigen.games.cops.engine import Step, apply, legal_moves
from washigen.games.cops.generate import generate_map


def _played(design, bots_named: str, count: int, seed: int = 7) -> list:
    return [playtest.play_game(design, bots_named, game_seed(seed, index), first_seat(index, design.players),
                               count_leads=True) for index in range(count)]


def _without_memos(design) -> None:
    """Nothing is kept on the design's board from here on (as when its room is used up)."""
    board = engine.board_for(design)
    board.roots.clear()
    board.memos = positions.MEMOS_A_BOARD


@pytest.mark.parametrize("players, layout, bots_named", [(2, "end-to-end", "greedy"), (3, "stacked", "greedy"),
                                                         (4, "end-to-end", "random"), (2, "stacked", "strong:2")])
def test_games_through_kept_positions_are_the_games_played_without_them(players, layout, bots_named):
    design = generate_map(players, 5, layout=layout)
    count = 4 if bots_named.startswith("strong") else 40
    kept = _played(design, bots_named, count)
    assert engine.board_for(design).memos > 1                    # positions were reached again, and kept
    _without_memos(design)
    afresh = _played(design, bots_named, count)
    assert [(m.moves, m.result, m.lead_changes) for m in kept] == [(m.moves, m.result, m.lead_changes)
                                                                   for m in afresh]


def test_a_position_reached_again_is_the_same_position():
    design = generate_map(2, 3)
    games = [play_match(engine, engine.initial_state(design, first=1), make_bots("greedy", bots.BOTS, 2), 11,
                        playtest.turn_limit(design), keep_states=True)[1] for _ in range(3)]
    assert games[1][0] is games[0][0] and games[2][2] is games[1][2]      # the same game, its positions kept
    assert games[2][0].memo is not None and games[2][0].memo.moves == engine._legal_moves(games[2][0])


def test_kept_legal_moves_are_each_callers_own():
    design = generate_map(2, 4)
    state = engine.initial_state(design)
    moves = legal_moves(state)
    moves.clear()
    assert legal_moves(state) == engine._legal_moves(state) != []


def test_the_greedy_choice_kept_is_for_the_moves_it_was_shown():
    design = generate_map(2, 4)
    state = engine.initial_state(design)
    for move in ("start", "start"):
        state = apply(state, bots.GreedyBot().choose(state, legal_moves(state), random.Random(1)))
    state = positions.remembered(state)
    greedy, moves = bots.GreedyBot(), legal_moves(state)
    assert type(moves[0]) is Step and len(moves) > 2
    greedy.choose(state, moves, random.Random(2))                  # kept for these moves
    for shown in (moves[1:], moves[:1] + moves[2:]):
        assert greedy.choose(state, shown, random.Random(3)) in shown


def test_only_the_latest_boards_keep_their_positions():
    designs = [generate_map(2, seed) for seed in range(20, 21 + positions.TREES_KEPT)]
    for design in designs:
        _played(design, "greedy", 2)
    first, last = (engine.board_for(design) for design in (designs[0], designs[-1]))
    assert not first.roots and first.memos == 0 and last.roots


def test_a_board_keeps_at_most_its_share(monkeypatch):
    monkeypatch.setattr(positions, "MEMOS_A_BOARD", 5)
    design = generate_map(2, 31)                   # (its play check has played on the board already)
    kept = _played(design, "greedy", 30)
    assert engine.board_for(design).memos == 5
    _without_memos(design)
    assert [m.moves for m in _played(design, "greedy", 30)] == [m.moves for m in kept]


def _progress_by_rules(state) -> tuple[float, ...]:
    """Three a crime solved, plus the most areas a squad holds in one zone still open (read from `filled`)."""
    board = state.board
    scores = []
    for squad in range(state.players):
        areas = [0] * board.zones
        for k, owners in enumerate(state.filled):
            if state.solved[board.zone_of[k]] < 0:
                areas[board.zone_of[k]] |= sum(1 << rank for rank, owner in enumerate(owners) if owner == squad)
        scores.append(float(3 * len(state.crimes[squad]) + max((bin(held).count("1") for held in areas),
                                                                default=0)))
    return tuple(scores)


@pytest.mark.parametrize("players, bots_named", [(2, "greedy"), (4, "random"), (6, "greedy")])
def test_progress_is_what_the_rules_count_at_every_position(players, bots_named):
    design = generate_map(players, 9)
    for index in range(6):
        state = engine.initial_state(design, first=index)
        match, states = play_match(engine, state, make_bots(bots_named, bots.BOTS, players), index,
                                   playtest.turn_limit(design), keep_states=True)
        assert any(max(state.solved) >= 0 for state in states) or match.result is None
        for state in states:
            assert engine.progress(state) == _progress_by_rules(state)
