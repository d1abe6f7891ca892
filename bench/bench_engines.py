"""The game engines measured against python-chess: random chess games played with python-chess are the floor,
timed in the same run in alternation with ours (ours, chess; chess, ours; ...), medians taken.

    engines-chess-anchor            python-chess random playouts (a uniformly random legal move until the game is
                                    over, python-chess's own is_game_over): plies/s, the median over every round
    engines-<game>-<bot>            one bot on every seat, one core: games/s, plies/s, and plies/s over python-chess's
                                    plies/s in the same rounds. Cats on the standard 2-player map, Cops on a
                                    4-player map, Trail Route on a 4-player setup (a ply is a player's turn), Cat Tree
                                    (a ply is a keep, place, dismiss or wait). Goals: Cats greedy >= 300 games/s,
                                    Cops greedy >= 500 games/s; a strong bot >= 1/6 games/s (a 100-game balance
                                    within ten minutes on one core: DESIGN 9 "minutes, not hours")
    engines-<game>-jobs-2           a greedy balance run (map made, games played, balance gathered) with --jobs 2
                                    over --jobs 1 (goal >= 1.7), and the best speed-up Amdahl's law allows two
                                    workers given the part measured outside the workers (making the map, gathering
                                    the balance): 1 / (s + (1 - s) / 2)
    engines-<game>-strong-vs-greedy the strong bot's win rate against greedy ones, the strong seat and the first
                                    seat rotated (goal >= 0.65 with two players, DESIGN 9); where the game's BOTS
                                    has a strong bot when the bench runs

A bench of its own, slow (`python -m bench.bench_engines agreement`, or ENGINES_BENCH_AGREEMENT=1 in `make bench`):

    engines-agreement-<game>        over generated maps (--maps, default 50), the balance of each from greedy games
                                    and from strong games (--games per map, default 20): the share of maps where the
                                    verdict (fair or not) is the same, the score gaps, and Spearman's rank
                                    correlation of the two scores

Sizes: --strong-games (head-to-head games, default 24), --maps, --games, and --game NAME to measure one game
(`make bench` reads ENGINES_BENCH_STRONG_GAMES, ENGINES_BENCH_MAPS and ENGINES_BENCH_GAMES).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import statistics
import sys
import time
from typing import Any, Callable

from bench.timing import at_least, once

CHESS_GAMES = 8                # python-chess playouts per sample (about 0.1 s)
SAMPLE_S = 0.3                 # a sample of ours lasts at least this long (fast bots play several games)
ROUNDS = 5
STRONG_ROUNDS = 3              # a strong bot's game takes seconds to a minute: one game a sample
GOALS = {("cats", "greedy"): 300, ("cops", "greedy"): 500}
STRONG_GOAL = 1 / 6            # games/s: 100 games in 10 minutes
BALANCE_GAMES = {"cats": 200, "cops": 1000}
DUEL_GOAL = 0.65


# -- the floor -------------------------------------------------------------------------------------------------------

def chess_playouts(games: int = CHESS_GAMES, seed: int = 0) -> int:
    """Random games of chess to their end; the number of plies played (the same for the same seed)."""
    import chess

    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return plies


# -- the games, as the bench plays them ------------------------------------------------------------------------------

class Subject:
    """One game: its bots, a design to time on, one game played, and (where it has one) a balance run."""
    name = ""
    duel_seats = 2             # seats in a strong-vs-greedy game

    def registry(self) -> dict:
        raise NotImplementedError

    def design(self, seed: int = 1) -> Any:
        """The design the speed is measured on (map making is timed apart, in the jobs figure)."""
        raise NotImplementedError

    def duel_design(self) -> Any:
        return self.design()

    def players(self, design) -> int:
        return design.players

    def play(self, design, bots: str, seed: int, first: int) -> tuple[int, tuple[int, ...]]:
        """One game: (plies, winning seats)."""
        raise NotImplementedError

    balance: Callable[..., Any] | None = None        # (design, games, seed, jobs, bots) -> washigen.arena.Balance


class Cats(Subject):
    name = "cats"

    def registry(self):
        from washigen.games.cats.bots import BOTS
        return BOTS

    def design(self, seed: int = 1):
        from washigen.games.cats.generate import generate_map
        return generate_map(seed=seed)

    def play(self, design, bots, seed, first):
        from washigen.games.cats.playtest import play_one
        record = play_one(design, None, bots, seed, first)
        return record.turns, record.winners

    def balance(self, design, games, seed, jobs, bots="greedy"):
        from washigen.games.cats.playtest import map_balance
        return map_balance(design, games, seed, jobs, bots=bots)


class Cops(Subject):
    name = "cops"

    def registry(self):
        from washigen.games.cops.bots import BOTS
        return BOTS

    def design(self, seed: int = 7, players: int = 4):
        from washigen.games.cops.generate import generate_map
        return generate_map(players, seed)

    def duel_design(self):
        return self.design(players=2)

    def play(self, design, bots, seed, first):
        from washigen.games.cops.playtest import play_game
        match = play_game(design, bots, seed, first)
        return match.turns, (match.result.winners if match.result is not None else ())

    def balance(self, design, games, seed, jobs, bots="greedy"):
        """As cops' map_balance, with any bots: a seat is a place in the turn order (seat 0 starts)."""
        from dataclasses import replace

        from washigen.games.cops.playtest import play_record
        from washigen.arena import balance, run_games

        players = design.players
        records = run_games(functools.partial(play_record, design, bots), seed, games, players, jobs)
        records = [replace(r, winners=tuple((w - r.first) % players for w in r.winners)) for r in records]
        return balance(records, players)


class TrailRoute(Subject):
    name = "trail-route"
    duel_seats = 3

    def registry(self):
        from washigen.games.trail_route.bots import POLICIES

        return POLICIES

    def design(self, seed: int = 1, players: int = 4):
        from washigen.games.trail_route.generate import generate_setup
        return generate_setup(players, seed)

    def duel_design(self):
        return self.design(players=3)

    def play(self, design, bots, seed, first):
        """Seat 1 always starts here (`first` is not the engine's to choose): a duel rotates the strong seat."""
        from washigen.games import get_game
        result = get_game("trail-route").play(design, seed=seed, bots=bots)
        return sum(result.state.turns), tuple(result.winners)

    def balance(self, design, games, seed, jobs, bots="greedy"):
        import washigen
        return washigen.balance("trail-route", design, games=games, seed=seed, jobs=jobs, bots=bots)


class CatTree(Subject):
    """Both players build one tree together: no head-to-head. Its balance is the deals' (no map: a "map" of the
    agreement study is a run of deals seeded apart), the larger share of the tree winning."""
    name = "cat-tree"
    duel_seats = 0

    def balance(self, design, games, seed, jobs, bots="greedy"):
        import washigen
        return washigen.balance("cat-tree", None, games=games, seed=seed, jobs=jobs, bots=bots)

    def engine(self):
        try:
            from washigen.games.cat_tree import engine
        except ImportError:
            return None
        return engine if hasattr(engine, "parse_move") else None

    def registry(self):
        if self.engine() is None:
            return {"greedy": None}                    # the simulated game of playtest.play
        from washigen.games.cat_tree.bots import BOTS
        return BOTS

    def design(self, seed: int = 1):
        return None

    def players(self, design) -> int:
        return 2

    def play(self, design, bots, seed, first):
        engine = self.engine()
        if engine is None:
            from washigen.games.cat_tree.playtest import play
            return len(play(seed).turns), (0, 1)
        from washigen.arena import make_bots, play_match
        state = engine.initial_state(seed=seed, first=first)
        match = play_match(engine, state, make_bots(bots, self.registry(), 2), seed, 10_000)
        return match.turns, (match.result.winners if match.result is not None else ())


SUBJECTS = (Cats(), Cops(), TrailRoute(), CatTree())


# -- speed -----------------------------------------------------------------------------------------------------------

def alternate(ours: Callable[[], object], floor: Callable[[], object], rounds: int) -> tuple[list[float], list[float]]:
    """Seconds of each, round by round, the order swapped every round (both meet the same load)."""
    mine, theirs = [], []
    for round_ in range(rounds):
        if round_ % 2:
            theirs.append(once(floor))
            mine.append(once(ours))
        else:
            mine.append(once(ours))
            theirs.append(once(floor))
    return mine, theirs


def speed(subject: Subject, bot: str, anchor: list[float]) -> dict:
    from washigen.arena import first_seat, game_seed

    design = subject.design()
    players = subject.players(design)
    strong = bot == "strong"
    if strong:
        count, rounds = 1, STRONG_ROUNDS
    else:
        once(lambda: subject.play(design, bot, game_seed(0, 0), 0))              # warms caches and imports
        warm = once(lambda: [subject.play(design, bot, game_seed(1, i), 0) for i in range(3)]) / 3
        count, rounds = max(1, min(400, math.ceil(SAMPLE_S / max(warm, 1e-6)))), ROUNDS
    tasks = [(game_seed(0, i), first_seat(i, players)) for i in range(count)]
    plies = [0]

    def ours():
        plies[0] = sum(subject.play(design, bot, seed, first)[0] for seed, first in tasks)

    chess_plies = chess_playouts()
    mine, theirs = alternate(ours, chess_playouts, rounds)
    anchor.extend(chess_plies / s for s in theirs)
    ours_s, floor_s = statistics.median(mine), statistics.median(theirs)
    versus = statistics.median((plies[0] / a) / (chess_plies / b) for a, b in zip(mine, theirs))
    extra = dict(games=count, rounds=rounds, plies_per_game=round(plies[0] / count, 1),
                 plies_per_s=round(plies[0] / ours_s, 1), chess_plies_per_s=round(chess_plies / floor_s, 1),
                 plies_per_s_vs_chess=round(versus, 4), ours_s=round(ours_s, 4), floor_s=round(floor_s, 4))
    name = f"engines-{subject.name}-{bot}"
    goal = STRONG_GOAL if strong else GOALS.get((subject.name, bot))
    if goal is not None:
        return at_least(name, count / ours_s, round(goal, 3), "games/s", **extra)
    return {"name": name, "value": round(count / ours_s, 3), "unit": "games/s", **extra}


# -- two jobs, and Amdahl's bound ------------------------------------------------------------------------------------

def jobs_two(subject: Subject, rounds: int = 3) -> dict:
    """A greedy balance run, map included, with two workers over one; the serial part is what runs outside the
    workers (making the map, gathering the balance), measured in the one-job run's pieces."""
    from washigen.arena import balance

    games = BALANCE_GAMES[subject.name]

    def run(jobs: int):
        return subject.balance(subject.design(), games, 1, jobs)

    making = statistics.median(once(subject.design) for _ in range(3))
    result = run(1)                                     # warm (imports, caches) and the records to gather
    records = _records_like(result)
    gathering = statistics.median(once(lambda: balance(records, len(result.seats))) for _ in range(3))
    one, two = alternate(lambda: run(1), lambda: run(2), rounds)
    one_s, two_s = statistics.median(one), statistics.median(two)
    speedup = statistics.median(a / b for a, b in zip(one, two))
    serial = making + gathering
    share = serial / one_s
    bound = 1 / (share + (1 - share) / 2)
    return at_least(f"engines-{subject.name}-jobs-2", speedup, 1.7, "x faster", games=games,
                    one_job_s=round(one_s, 3), two_jobs_s=round(two_s, 3), serial_s=round(serial, 4),
                    map_making_s=round(making, 4), gathering_s=round(gathering, 5), serial_share=round(share, 4),
                    amdahl_max=round(bound, 3), share_of_amdahl=round(speedup / bound, 3),
                    cores=os.cpu_count(), load_average=round(os.getloadavg()[0], 2))


def _records_like(result) -> list:
    """As many records as the run played, with its wins (gathering costs the same whatever the games were)."""
    from washigen.arena import GameRecord

    records = []
    for seat in result.seats:
        records += [GameRecord(seed=0, winners=(seat.seat,), turns=int(result.mean_turns), end="win")] * seat.wins
    return records + [GameRecord(seed=0, winners=(), turns=0, end="turn_limit")] * (result.games - len(records))


# -- strong against greedy -------------------------------------------------------------------------------------------

def strong_vs_greedy(subject: Subject, games: int) -> dict | None:
    from washigen.arena import game_seed, wilson

    seats = subject.duel_seats
    if not seats or "strong" not in subject.registry():
        return None
    design = subject.duel_design()
    wins = 0
    start = time.perf_counter()
    for i in range(games):
        strong_seat, first = i % seats, (i // seats) % seats
        spec = ",".join("strong" if s == strong_seat else "greedy" for s in range(seats))
        wins += strong_seat in subject.play(design, spec, game_seed(5, i), first)[1]
    seconds = time.perf_counter() - start
    low, high = wilson(wins, games)
    extra = dict(games=games, seats=seats, fair_share=round(1 / seats, 3), strong_wins=wins,
                 interval_95=[round(low, 3), round(high, 3)], seconds=round(seconds, 1))
    name = f"engines-{subject.name}-strong-vs-greedy"
    if seats == 2:
        return at_least(name, wins / games, DUEL_GOAL, "win rate", **extra)
    return {"name": name, "value": round(wins / games, 3), "unit": "win rate", **extra}


# -- greedy and strong agree? ----------------------------------------------------------------------------------------

def agreement(subject: Subject, maps: int, games: int) -> dict:
    from bench.bench_cats_play import spearman
    from washigen.arena.records import default_jobs

    name = f"engines-agreement-{subject.name}"
    if subject.balance is None or "strong" not in subject.registry():
        return {"name": name, "value": None, "unit": "same verdict", "skipped": "no balance or no strong bot"}
    jobs = default_jobs()
    same, gaps, greedy_scores, strong_scores, fair = 0, [], [], [], [0, 0]
    start = time.perf_counter()
    for seed in range(maps):
        design = subject.design(seed)
        greedy = subject.balance(design, games, seed, jobs, "greedy")
        strong = subject.balance(design, games, seed, jobs, "strong")
        same += greedy.fair == strong.fair
        fair[0] += greedy.fair
        fair[1] += strong.fair
        gaps.append(abs(greedy.score - strong.score))
        greedy_scores.append(greedy.score)
        strong_scores.append(strong.score)
    return {"name": name, "value": round(same / maps, 3), "unit": "same verdict", "maps": maps,
            "games_per_map": games, "jobs": jobs, "greedy_fair": round(fair[0] / maps, 3),
            "strong_fair": round(fair[1] / maps, 3), "mean_score_gap": round(statistics.mean(gaps), 4),
            "max_score_gap": round(max(gaps), 4), "spearman_scores": round(spearman(greedy_scores, strong_scores), 3),
            "seconds": round(time.perf_counter() - start, 1)}


# -- running ---------------------------------------------------------------------------------------------------------

def speeds(subjects=SUBJECTS):
    anchor: list[float] = []
    for subject in subjects:
        for bot in subject.registry():
            yield speed(subject, bot, anchor)
    yield {"name": "engines-chess-anchor", "value": round(statistics.median(anchor), 1), "unit": "plies/s",
           "samples": len(anchor), "games_per_sample": CHESS_GAMES}


def parts(selected: set[str], maps: int, games: int, strong_games: int, subjects=SUBJECTS):
    if "speed" in selected:
        yield from speeds(subjects)
    if "jobs" in selected:
        for subject in subjects:
            if subject.name in BALANCE_GAMES:
                yield jobs_two(subject)
    if "strong" in selected:
        for subject in subjects:
            duel = strong_vs_greedy(subject, strong_games)
            if duel is not None:
                yield duel
    if "agreement" in selected:
        for subject in subjects:
            if subject.balance is not None:
                yield agreement(subject, maps, games)


def _env(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def run():
    """`make bench`: speed, two jobs, strong against greedy; the agreement study only with ENGINES_BENCH_AGREEMENT=1."""
    selected = {"speed", "jobs", "strong"} | ({"agreement"} if os.environ.get("ENGINES_BENCH_AGREEMENT") == "1"
                                              else set())
    yield from parts(selected, _env("ENGINES_BENCH_MAPS", 50), _env("ENGINES_BENCH_GAMES", 20),
                     _env("ENGINES_BENCH_STRONG_GAMES", 24))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_engines", description=__doc__.split("\n")[0])
    parser.add_argument("parts", nargs="*", help="speed, jobs, strong, agreement (default: the first three)")
    parser.add_argument("--maps", type=int, default=_env("ENGINES_BENCH_MAPS", 50),
                        help="agreement: generated maps per game")
    parser.add_argument("--games", type=int, default=_env("ENGINES_BENCH_GAMES", 20),
                        help="agreement: games per map and bot")
    parser.add_argument("--strong-games", type=int, default=_env("ENGINES_BENCH_STRONG_GAMES", 24),
                        help="strong: head-to-head games per game")
    parser.add_argument("--game", action="append", choices=[s.name for s in SUBJECTS],
                        help="only this game (repeat for more)")
    args = parser.parse_args(argv)
    known = {"speed", "jobs", "strong", "agreement"}
    unknown = set(args.parts) - known
    if unknown:
        parser.error(f"unknown part {sorted(unknown)[0]!r}; parts: {', '.join(sorted(known))}")
    if min(args.maps, args.games, args.strong_games) < 1:
        parser.error("--maps, --games and --strong-games must be at least 1")
    subjects = [s for s in SUBJECTS if not args.game or s.name in args.game]
    for figure in parts(set(args.parts) or {"speed", "jobs", "strong"}, args.maps, args.games, args.strong_games,
                        subjects):
        print(json.dumps(figure), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
