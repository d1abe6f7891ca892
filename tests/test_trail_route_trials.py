"""The Trail Route bots try swaps, cards and finishes on one copy of the table and undo each (bots.Mark,
finish_trials, try_play): every value they find is the one a fresh copy for each move gives, and the table is left
exactly as it was, on tables from real games where finishes and plays claim destinations and mouse toys."""

import random
from collections import Counter
from functools import cache

from washigen.games.trail_route.bots import (GreedyPolicy, Heuristic, Mark, all_scores, best_finish, finish_trials,
                                             make_policies, margin, try_play, value)
from washigen.games.trail_route.engine import (apply_finish, apply_swap, card_plays, legal_finishes, legal_swaps,
                                               play_card, play_game)
from washigen.games.trail_route.generate import generate_setup


def tables(players, seed):
    """The table after every turn of a greedy game, as the bots copy it to try moves on (heuristic choices)."""
    found = []
    play_game(generate_setup(players, seed), make_policies(["greedy"] * players, seed),
              on_turn=lambda state: found.append(state.clone([Heuristic()] * players)))
    return [table for table in found if not table.over]


def snapshot(state):
    """Everything a move may change on a table, as plain values."""
    return ([row[:] for row in state.road], [row[:] for row in state.dest], state.exchange[:],
            [hand[:] for hand in state.hands], [cat.pos for cat in state.cats], [c[:] for c in state.claims],
            [m[:] for m in state.mice], state.trigger, state.played[:], state.turns[:], state.current, state.over)


def claimed(before, after):
    """What a move claimed: destinations and mouse toys."""
    return Counter(destinations=after.claimed() - before.claimed(),
                   mice=sum(map(len, after.mice)) - sum(map(len, before.mice)))


def copied_finish_values(state, player, judge):
    """Each legal finish judged on a fresh copy of the table, as the bots judged them before."""
    values, claims = [], Counter()
    for finish in legal_finishes(state, player):
        trial = state.clone()
        apply_finish(trial, finish)
        values.append(judge(trial, player))
        claims += claimed(state, trial)
    return values, claims


def copied_best(state, player):
    values, _ = copied_finish_values(state, player, value)
    return max(values) if values else value(state, player)


CASES = [(3, 2), (3, 5), (4, 3), (4, 8)]


@cache
def all_tables():
    return [(players, table) for players, seed in CASES for table in tables(players, seed)]


def test_finishes_tried_on_the_table_are_valued_as_on_copies_and_leave_it_as_it_was():
    claims = Counter()
    for players, table in all_tables():
        for player in range(players):
            finishes = legal_finishes(table, player)
            before = snapshot(table)
            for judge in (value, margin):
                expected, claimed_here = copied_finish_values(table, player, judge)
                assert finish_trials(table, player, finishes, judge) == expected
                assert snapshot(table) == before
                if finishes:
                    assert best_finish(table, player, finishes, judge, None) == max(expected)
                    assert snapshot(table) == before
            claims += claimed_here
    assert claims["destinations"] > 0 and claims["mice"] > 0, claims        # the undo of a claim was tried


def test_card_plays_tried_on_the_table_are_valued_as_on_copies_and_leave_it_as_it_was():
    rng = random.Random(1)
    kinds, claims = Counter(), Counter()
    for _, table in all_tables():
        player = table.current
        before, mark, scores = snapshot(table), Mark(table), all_scores(table)
        for card in sorted(set(table.hands[player])):
            for play in card_plays(table, player, card, rng, samples=6):
                trial = table.clone()
                play_card(trial, player, play)
                got = try_play(table, player, play, mark, scores,
                               lambda t, known: GreedyPolicy._best_finish_value(t, player, known))
                assert got == copied_best(trial, player), play
                assert snapshot(table) == before, play
                kinds[type(play).__name__] += 1
                claims += claimed(table, trial)
    assert len(kinds) == 5 and claims["destinations"] > 0 and claims["mice"] > 0, (kinds, claims)


def test_swaps_tried_on_the_table_are_valued_as_on_copies():
    policy = GreedyPolicy(random.Random(1))
    for _, table in all_tables()[::4]:
        player, swaps = table.current, legal_swaps(table)
        expected = []
        for swap in swaps:
            trial = table.clone()
            apply_swap(trial, swap)
            expected.append(copied_best(trial, player))
        assert policy._swap_values(table, player, swaps) == expected
