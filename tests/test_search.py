"""washigen.arena.search: the strong bot, on tiny engines made here whose best moves are known by hand (Nim with
takes of 1..3, a guessing game with a hidden card), and on Cats against its greedy bot."""

from __future__ import annotations

import random
import types
from dataclasses import dataclass, replace

import pytest

from washigen.errors import InputError
from washigen.arena import RandomBot, game_seed, make_bots, play_match
from washigen.arena.search import DEFAULT_STRENGTH, StrongBot, strong_bot


@dataclass(frozen=True)
class Result:
    winners: tuple[int, ...]


# -- Nim: take 1, 2 or 3 stones; whoever takes the last one wins, for the team (seat % teams) ---------------------

@dataclass(frozen=True)
class Nim:
    stones: int
    seat: int
    players: int
    teams: int = 0                # 0: every seat plays for itself
    winner: Result | None = None


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


def _nim_moves(state: Nim) -> list[Take]:
    return [Take(n) for n in (1, 2, 3) if n <= state.stones] if state.winner is None else []


def _nim_apply(state: Nim, move: Take) -> Nim:
    assert move in _nim_moves(state), (state, move)           # the search only plays legal moves
    left = state.stones - move.n
    winner = None
    if left == 0:
        team = state.seat % state.teams if state.teams else None
        winner = Result(tuple(s for s in range(state.players) if s == state.seat
                              or (team is not None and s % state.teams == team)))
    return replace(state, stones=left, seat=(state.seat + 1) % state.players, winner=winner)


def _counting(**functions) -> types.SimpleNamespace:
    """An engine whose apply counts its calls."""
    engine = types.SimpleNamespace(calls=0, **functions)
    apply = functions["apply"]

    def counted(state, move):
        engine.calls += 1
        return apply(state, move)

    engine.apply = counted
    return engine


def nim_engine() -> types.SimpleNamespace:
    return _counting(__name__="nim", legal_moves=_nim_moves, apply=_nim_apply, result=lambda s: s.winner,
                     to_move=lambda s: s.seat)


class TakeMost:
    """The greedy bot of Nim: as many stones as it may (it never sees that leaving four loses)."""
    name = "greedy"

    def choose(self, state, moves, rng):
        return max(moves, key=lambda m: m.n)


class TakeAny:
    """A greedy bot with ties: 2 or 3 stones, whichever the rng says."""
    name = "greedy"

    def choose(self, state, moves, rng):
        big = [m for m in moves if m.n >= 2] or list(moves)
        return big[rng.randrange(len(big))]


def _choice(bot, state, seed=0):
    return bot.choose(state, _nim_moves(state), random.Random(seed))


def _wins_against_greedy(state: Nim, move: Take) -> bool:
    """Plays the game out after `move` with every seat taking the most: does the mover('s team) win?"""
    mover = state.seat
    state = _nim_apply(state, move)
    while state.winner is None:
        state = _nim_apply(state, TakeMost().choose(state, _nim_moves(state), None))
    return mover in state.winner.winners


def test_two_players_the_search_finds_the_winning_take_where_greedy_does_not():
    strong = strong_bot(nim_engine(), TakeMost)()
    found = []
    for stones in range(4, 30):
        state = Nim(stones, seat=0, players=2)
        winning = [m for m in _nim_moves(state) if _wins_against_greedy(state, m)]
        greedy = TakeMost().choose(state, _nim_moves(state), None)
        choice = _choice(strong, state)
        if winning:
            assert choice in winning, stones
        if winning and greedy not in winning:
            found.append(stones)
    assert found[:2] == [5, 6] and len(found) >= 4           # leave four: the first takes greedy misses


def test_three_players_the_search_finds_the_one_winning_take():
    # Nine stones, seat 0 to move, the others take three each: taking 1 or 2 comes back to seat 0 with 2 or 1
    # stones left (8 -> 5 -> 2, 7 -> 4 -> 1); taking 3 lets seat 2 take the last (6 -> 3 -> 0).
    state = Nim(9, seat=0, players=3)
    assert not _wins_against_greedy(state, Take(3))
    assert [n for n in (1, 2) if _wins_against_greedy(state, Take(n))] == [1, 2]
    choice = _choice(strong_bot(nim_engine(), TakeMost)(strength=12), state)
    assert choice in (Take(1), Take(2))


def test_a_teammates_win_counts_for_the_seat():
    # Four seats in two teams (0 and 2, 1 and 3), six stones: taking 3 lets seat 1 take the last three; taking 1
    # or 2 leaves seat 2, seat 0's teammate, the last stones. Only a bot that counts the team's win avoids 3.
    state = Nim(6, seat=0, players=4, teams=2)
    assert _wins_against_greedy(state, Take(1)) and not _wins_against_greedy(state, Take(3))
    assert _choice(strong_bot(nim_engine(), TakeMost)(), state) in (Take(1), Take(2))
    alone = replace(state, teams=0)                          # the same game, every seat for itself
    assert not any(_wins_against_greedy(alone, Take(n)) for n in (1, 2, 3))
    assert _choice(strong_bot(nim_engine(), TakeMost)(), alone) == Take(3)   # no move wins: greedy's


def test_it_beats_greedy_with_seats_rotated():
    factory = strong_bot(nim_engine(), TakeAny)
    wins = 0
    for game in range(20):
        stones, first = 9 + game % 7, game % 2
        bots = [factory(strength=24), TakeAny()] if game % 4 < 2 else [TakeAny(), factory(strength=24)]
        strong_seat = 0 if game % 4 < 2 else 1
        match = play_match(nim_engine(), Nim(stones, first, 2), bots, game_seed(3, game), turn_limit=50)
        wins += strong_seat in match.result.winners
    assert wins >= 15


def test_the_same_seed_plays_the_same_game():
    factory = strong_bot(nim_engine(), TakeAny)

    def game(seed):
        bots = [factory(strength=8), TakeAny(), factory(strength=8)]
        return play_match(nim_engine(), Nim(40, 0, 3), bots, seed, turn_limit=100).moves

    assert game(11) == game(11)
    assert len({game(seed) for seed in range(8)}) > 1       # the seed does choose


def test_one_legal_move_costs_nothing():
    engine = nim_engine()
    bot = strong_bot(engine, TakeMost)()
    assert _choice(bot, Nim(1, 0, 2)) == Take(1)
    assert engine.calls == 0


def test_strength_is_the_playouts_a_move_and_evaluate_cuts_them():
    """With `evaluate`, a playout is the candidate plus `depth` plies at most, so a move costs about
    strength x (depth + 1) applies; without one, playouts run to the end."""
    seen = []

    def evaluate(state):
        seen.append(state)
        return [0.5] * state.players

    def cost(strength, evaluate=None, depth=4):
        engine = nim_engine()
        _choice(StrongBot(engine, TakeAny(), evaluate, strength, depth=depth), Nim(400, 0, 2))
        return engine.calls

    small, large = cost(30, evaluate), cost(300, evaluate)
    assert small <= 30 * 5 and large <= 300 * 5
    assert 8 <= large / small <= 12                          # linear in the strength
    # cut after the candidate and 4 plies of 2 or 3 stones
    assert seen and all(s.winner is None and 400 - 3 - 4 * 3 <= s.stones <= 400 - 1 - 4 * 2 for s in seen)
    played_out = cost(30)
    assert played_out > 30 * 100                             # 400 stones, taken 2 or 3 at a time


def test_evaluate_decides_where_playouts_are_cut():
    # No ply deep, Nim's playouts say nothing; an evaluate that knows Nim (the mover facing a multiple of four
    # loses) leads the bot to the winning take at once, and one that knows nothing leaves greedy's choice.
    def knows_nim(state):
        loser = state.seat if state.stones % 4 == 0 else (state.seat + 1) % 2
        return [0.0 if seat == loser else 1.0 for seat in range(2)]

    bot = StrongBot(nim_engine(), TakeMost(), knows_nim, strength=12, depth=0)
    for stones in (50, 53, 54):
        assert _choice(bot, Nim(stones, 0, 2)) == Take(stones % 4)
    blind = StrongBot(nim_engine(), TakeMost(), lambda state: [0.5, 0.5], strength=12, depth=0)
    assert _choice(blind, Nim(50, 0, 2)) == Take(3)


def test_width_keeps_the_greedy_bots_best_candidates():
    state = Nim(5, 0, 2)
    narrow = StrongBot(nim_engine(), TakeMost(), None, strength=10, width=2)
    assert narrow.candidates(state, _nim_moves(state), random.Random(0)) == [Take(3), Take(2)]
    assert _choice(narrow, state) == Take(3)             # take 1, the winner, is not a candidate: greedy's choice
    wide = StrongBot(nim_engine(), TakeMost(), None, strength=10, width=3)
    assert _choice(wide, state) == Take(1)


def test_greedys_choice_stands_unless_another_is_clearly_better():
    # No ply deep: the evaluate alone scores the candidates. Greedy's take 3 is worth 0.5 to the mover; take 2 is
    # worth 0.5 + gap. A gap within the margin (0.02) keeps greedy's choice.
    def scored(gap):
        def evaluate(state):
            value = {97: 0.5, 98: 0.5 + gap}.get(state.stones, 0.0)
            return [value, 1 - value]
        return _choice(StrongBot(nim_engine(), TakeMost(), evaluate, strength=12, depth=0), Nim(100, 0, 2))

    assert scored(0.01) == Take(3)
    assert scored(0.05) == Take(2)
    assert scored(-0.05) == Take(3)


# -- a coin: seat 0 picks one of four moves, then a coin seat 1 tosses says who wins -----------------------------

@dataclass(frozen=True)
class Coin:
    picked: int = -1
    winner: Result | None = None

    @property
    def seat(self) -> int:
        return 0 if self.picked < 0 else 1


def _coin_moves(state):
    return [] if state.winner else [("pick", k) for k in range(4)] if state.seat == 0 else [("toss", 0), ("toss", 1)]


def _coin_apply(state, move):
    kind, k = move
    return Coin(picked=k) if kind == "pick" else Coin(state.picked, Result((k,)))


class Tosser:
    """Picks the first move, tosses fairly (after as many draws as the pick: the candidates' tosses differ)."""
    name = "greedy"

    def choose(self, state, moves, rng):
        if state.seat == 0:
            return moves[0]
        for _ in range(state.picked):
            rng.random()
        return moves[rng.randrange(len(moves))]


def test_luck_does_not_move_it_off_greedys_choice():
    # Every pick wins half the time: the luckiest candidate's playouts are no reason to leave greedy's pick.
    engine = _counting(__name__="coin", legal_moves=_coin_moves, apply=_coin_apply, result=lambda s: s.winner,
                       to_move=lambda s: s.seat)
    bot = strong_bot(engine, Tosser)(strength=24)
    picks = [bot.choose(Coin(), _coin_moves(Coin()), random.Random(seed)) for seed in range(60)]
    assert picks.count(("pick", 0)) >= 45           # picking the best mean would keep it about 27 times


# -- a hidden card: seat 0 holds it, seat 1 guesses it -------------------------------------------------------------

@dataclass(frozen=True)
class Guess:
    card: int                     # seat 0's card: seat 1 cannot see it
    seat: int = 1
    winner: Result | None = None


@dataclass(frozen=True)
class Say:
    card: int


def _guess_apply(state, move):
    return replace(state, winner=Result((1,) if move.card == state.card else (0,)))


def test_hidden_cards_are_dealt_again_before_every_playout():
    dealt = []

    def determinize(state, seat, rng):
        dealt.append(seat)
        return replace(state, card=rng.randrange(4)) if seat != 0 else state

    class Peeker:
        """A rollout bot that looks at the card: only determinize keeps it from the truth."""
        name = "peeker"

        def choose(self, state, moves, rng):
            return next((m for m in moves if m.card == state.card), moves[0])

    engine = _counting(__name__="guess", legal_moves=lambda s: [Say(c) for c in range(4)], apply=_guess_apply,
                       result=lambda s: s.winner, to_move=lambda s: s.seat, determinize=determinize)
    bot = strong_bot(engine, Peeker)(strength=40)
    moves = [Say(c) for c in range(4)]
    choices = {card: bot.choose(Guess(card), moves, random.Random(5)) for card in range(4)}
    assert len(set(choices.values())) == 1                   # the same guess whatever the card: it never peeks
    assert dealt and set(dealt) == {1}                       # dealt from seat 1's view
    assert len(dealt) >= engine.calls                        # every playout started from a fresh deal
    right = sum(bot.choose(Guess(card), moves, random.Random(seed)) == Say(card)
                for card in range(4) for seed in range(10))
    assert right < 20                                        # chance is 10 of 40; a peeker would say all 40


# -- the command line's names ----------------------------------------------------------------------------------------

REGISTRY = {"random": RandomBot, "greedy": TakeMost, "strong": strong_bot(nim_engine(), TakeMost)}


def test_a_strength_after_the_name():
    bots = make_bots("strong:400, greedy, strong", REGISTRY, 3)
    assert [b.name for b in bots] == ["strong", "greedy", "strong"]
    assert [bots[0].strength, bots[2].strength] == [400, DEFAULT_STRENGTH]
    assert [b.strength for b in make_bots("STRONG:1", REGISTRY, 2)] == [1, 1]
    assert make_bots("strong:10000", REGISTRY, 1)[0].strength == 10000
    assert strong_bot(nim_engine(), TakeMost, default_strength=7)().strength == 7


@pytest.mark.parametrize("spec, message", [
    ("strong:0", r"--bots: 'strong:0': strength must be a whole number 1\.\.10000"),
    ("strong:10001", r"--bots: 'strong:10001': strength must be a whole number 1\.\.10000"),
    ("strong:-3", r"--bots: 'strong:-3': strength must be"),
    ("strong:1e3", r"--bots: 'strong:1e3': strength must be"),
    ("strong:", r"--bots: 'strong:': strength must be"),
    ("strong:" + "9" * 5000, r"--bots: 'strong:9{30}\.\.\.': strength must be"),
    ("greedy:5", r"--bots: 'greedy:5': the greedy bot takes no strength"),
    (":5", r"--bots: ':5': a strength needs a bot's name"),
    ("clever:5", r"--bots: unknown bot 'clever'; known bots: greedy, random, strong"),
])
def test_a_bad_strength_names_the_option_and_the_part(spec, message):
    with pytest.raises(InputError, match=message):
        make_bots(f"random,{spec}", REGISTRY, 2)


def test_a_strength_given_in_code_is_bounded_too():
    factory = strong_bot(nim_engine(), TakeMost)
    for bad in (0, 10_001, 2.5, True, "40"):
        with pytest.raises(InputError, match="strength must be a whole number 1..10000"):
            factory(strength=bad)
    with pytest.raises(InputError, match="strength"):
        strong_bot(nim_engine(), TakeMost, default_strength=0)


# Strong against greedy on the real games: tests/test_cats_play.py, test_cops_engine.py, test_cat_tree_engine.py.
