"""Cops games per second, the code on the path against another copy of it, interleaved in one run.

    python -m bench.bench_cops_speed --old /tmp/oldcops [--rounds 5] [--games 150] [--players 2,4]

One process of each copy plays; each round asks both for every map's games, old and new taking turns map by
map (so a busy machine slows both alike); a map's figure is each copy's best round. The maps: 2-6 players, both
layouts, without and with an offset (6 mm), each the seed's first playable layout (no fairness search). The games:
greedy without the lead changes counted (as the fairness search plays them), greedy with them (as balance plays
them), and random. Every game's moves and ending are hashed per map, so the two copies are also checked to play
the same games. The old copy: `git -C /work/main archive HEAD | tar x -C /tmp/oldcops` (with this file in its
bench/).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time

MAPS = [(players, layout, offset) for layout in ("end-to-end", "stacked") for offset in (0.0, 6.0)
        for players in range(2, 7)]
SEED = 7


def serve(games: int) -> None:
    """Plays the map and bots asked for on each line of stdin ("map-index bots"), answering a JSON line each."""
    from washigen.arena import game_seed, first_seat
    from washigen.games.cops import engine, playtest
    from washigen.games.cops.generate import generate_map

    designs = {}
    for line in sys.stdin:
        number, bots = line.split()
        players, layout, offset = MAPS[int(number)]
        if number not in designs:
            designs[number] = generate_map(players, SEED, offset=offset, layout=layout)
        design = designs[number]
        engine._BOARDS.clear()              # a board afresh: nothing kept from the games played before
        board = engine.board_for(design)
        board.miso_pairs, board.no_miso, board.rings            # worked out once per map, outside a game
        named, _, leads = bots.partition("+")
        count = games if named == "greedy" else max(1, games // 5)
        digest = hashlib.sha256()
        start = time.perf_counter()
        for index in range(count):
            match = playtest.play_game(design, named, game_seed(SEED, index), first_seat(index, players),
                                       count_leads=bool(leads))
            digest.update(repr((match.moves, match.result, match.lead_changes, match.final.ramen)).encode())
        seconds = time.perf_counter() - start
        print(json.dumps({"games": count, "seconds": seconds, "hash": digest.hexdigest()[:16]}), flush=True)


def worker(path: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=path)
    return subprocess.Popen([sys.executable, "-m", "bench.bench_cops_speed", "--serve", "--games", str(GAMES)],
                            env=env, cwd=path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(process: subprocess.Popen, number: int, bots: str) -> dict:
    assert process.stdin and process.stdout
    process.stdin.write(f"{number} {bots}\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


GAMES = 150
KINDS = ("greedy", "greedy+leads", "random")     # the fairness search's games, balance's (lead changes counted)


def main() -> None:
    global GAMES
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", help="the other copy's root (holding washigen/ and bench/)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--serve", action="store_true")
    parser.add_argument("--players", default="2,3,4,5,6")
    args = parser.parse_args()
    GAMES = args.games
    if args.serve:
        serve(args.games)
        return
    wanted = {int(p) for p in args.players.split(",")}
    copies = {"old": worker(args.old), "new": worker(os.getcwd())}
    best: dict[tuple[str, int, str], dict] = {}
    try:
        for round_ in range(args.rounds):
            for number, (players, _, _) in enumerate(MAPS):
                if players not in wanted:
                    continue
                for bots in KINDS:
                    order = ("old", "new") if (round_ + number) % 2 == 0 else ("new", "old")
                    for name in order:          # old and new take turns, so a busy moment slows both alike
                        row = ask(copies[name], number, bots)
                        key = (name, number, bots)
                        if key not in best or row["seconds"] < best[key]["seconds"]:
                            best[key] = row
    finally:
        for process in copies.values():
            assert process.stdin
            process.stdin.close()
            process.wait()
    report(best)


def report(best: dict) -> None:
    same = True
    totals: dict[tuple[str, int], list[float]] = {}
    for (name, number, bots), old in sorted(best.items()):
        if name != "old":
            continue
        players, layout, offset = MAPS[number]
        new = best[("new", number, bots)]
        same &= old["hash"] == new["hash"]
        for key in ((bots, 0), (bots, players)):
            total = totals.setdefault(key, [0.0, 0.0])
            total[0] += old["seconds"]
            total[1] += new["seconds"]
        print(f"{players}p {layout:10} offset {offset:g}  {bots:12} old {old['games'] / old['seconds']:6.0f} games/s"
              f"  new {new['games'] / new['seconds']:6.0f} games/s  x{old['seconds'] / new['seconds']:.2f}  "
              f"{'same games' if old['hash'] == new['hash'] else 'GAMES DIFFER'}")
    for (bots, players), (old_s, new_s) in sorted(totals.items()):
        print(f"{bots:12} {'all maps' if not players else f'{players} players'}: x{old_s / new_s:.2f} "
              "(time summed over its maps)")
    print("every map's games the same" if same else "SOME GAMES DIFFER")


if __name__ == "__main__":
    main()
