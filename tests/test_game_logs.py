"""Golden game logs: for a fixed seed per game, player count and variant, every move of a greedy game and of a random
one, in tests/golden/games/<game>-<case>-<bots>.txt.

Each log is compared line by line with the same game played now (a changed rule, bot or generator shows as the
first line that differs), and, apart from that, replayed move by move through the engine's parse_move and apply:
a stored log that no longer replays fails with its first bad line named, and every replayed move is judged by the
legality check written apart from the engine (tests/cats_legality.py, tests/cops_legality.py; Cat Tree's moves
are read back by its engine alone). Trail Route's engine has no notation to read back: its logs are compared only.

`pytest tests/test_game_logs.py --update-golden` rewrites the logs (and removes those of cases no longer listed);
review the diff. A registered game that plays (an engine, or a play, balance or play-check hook) without golden
logs fails here.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest

from washigen.design import to_dict
from washigen.errors import InputError
from washigen.games import all_games

from .cats_legality import check as cats_check
from .cops_legality import Referee, witness

FOLDER = Path(__file__).parent / "golden" / "games"
TITLE = ("# washigen golden game log: tests/test_game_logs.py plays it again and replays it; "
         "`pytest --update-golden` rewrites it")
BOTS = ("greedy", "random")


@dataclass(frozen=True)
class Case:
    game: str                      # the registry's name
    name: str                      # player count and variant: "2p", "4p-stacked-offset"
    bots: str
    params: dict = field(hash=False, default_factory=dict)     # what the design is made from
    seed: int = 7                  # the game's seed (the bots' choices; Cats: its set-up too)
    first: int = 1                 # 0-based seat that moves first

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}-{self.name}-{self.bots}.txt"

    @property
    def id(self) -> str:
        return self.path.stem


CATS = {"2p": dict(players=2), "3p": dict(players=3), "4p": dict(players=4), "6p": dict(players=6),
        "coop": dict(players=4, coop=True), "jinja": dict(jinja=True, forests=3),
        "poppers": dict(sewer_poppers=True), "long": dict(long=1, forests=6)}
COPS = {**{f"{p}p": dict(players=p) for p in range(2, 7)},
        **{f"{p}p-stacked": dict(players=p, layout="stacked") for p in range(2, 7)},
        "3p-offset": dict(players=3, offset=8.0), "4p-stacked-offset": dict(players=4, layout="stacked", offset=6.0)}
TRAIL_ROUTE = {"3p": dict(players=3), "4p": dict(players=4)}


def _cases() -> list[Case]:
    cases = []
    for game, variants in (("cats", CATS), ("cops", COPS), ("trail-route", TRAIL_ROUTE)):
        for name, params in variants.items():
            for k, bots in enumerate(BOTS):
                cases.append(Case(game, name, bots, {**params, "seed": 1}, seed=7 + k, first=k % 2))
    cases += [Case("cat-tree", "2p", bots, seed=7 + k) for k, bots in enumerate(_cat_tree_bots())]
    return cases


def _cat_tree_bots() -> tuple[str, ...]:
    """Cat Tree's bots: the engine's registry once it has an engine on the protocol, else the simulated game's."""
    return BOTS if _protocol("cat_tree") else ("greedy",)


def _protocol(package: str) -> bool:
    """The game's package has an engine with the shared protocol (washigen.arena) and a bots module."""
    if importlib.util.find_spec(f"washigen.games.{package}.engine") is None:
        return False
    engine = importlib.import_module(f"washigen.games.{package}.engine")
    return all(hasattr(engine, name) for name in ("initial_state", "legal_moves", "apply", "result", "parse_move"))


# -- playing a case --------------------------------------------------------------------------------------------------

@dataclass
class Played:
    """One case's game: its header (key, value) lines and its moves in the engine's notation; with what a replay
    needs when the engine reads its notation back."""
    header: list[tuple[str, str]]
    moves: list[str]
    engine: Any = None
    start: Callable[[dict[str, str]], Any] | None = None        # stored header -> the state before the first move
    judge: Callable[[dict[str, str]], Callable] | None = None   # stored header -> judge(before, text, move, after)
    design: Any = None

    def text(self) -> str:
        return "\n".join([TITLE, *(f"{key}: {value}" for key, value in self.header), "moves:", *self.moves]) + "\n"


def _check(design) -> str:
    """A fingerprint of a design (what it is, not which washigen made it)."""
    body = {key: value for key, value in to_dict(design).items() if key != "generator"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]


def _params_text(params: dict) -> str:
    return " ".join(f"{key}={value}" for key, value in params.items())


def _outcome(result, moves: int) -> str:
    if result is None:
        return f"no result after {moves} moves (the turn limit)"
    winners = " and ".join(f"seat {seat + 1}" for seat in result.winners) or "nobody"
    score = f", score {result.score}" if hasattr(result, "score") else ""      # Cat Tree: the shared tree's
    return f"{winners} ({result.end}{score}) after {moves} moves"


@lru_cache(maxsize=None)
def _design(game: str, params: tuple):
    module = importlib.import_module(f"washigen.games.{game.replace('-', '_')}.generate")
    if game == "trail-route":
        return module.generate_setup(**dict(params))
    return module.generate_map(**dict(params))


def design_of(case: Case):
    return _design(case.game, tuple(case.params.items()))


def play_cats(case: Case) -> Played:
    from washigen.games.cats import engine, playtest

    design = design_of(case)
    game = playtest.play_game(design, None, case.bots, case.seed, case.first)
    drawings = lambda drawn: ", ".join(f"{d.player} r{d.row}c{d.col}" for d in drawn)   # noqa: E731
    header = [("game", case.game), ("design", _params_text(case.params)), ("design-check", _check(design)),
              ("fish", drawings(game.setup.fish)), ("cats", drawings(game.setup.cats)), ("seed", str(case.seed)),
              ("first", str(case.first + 1)), ("bots", case.bots),
              ("result", _outcome(engine.result(game.final), len(game.moves)))]

    def start(stored: dict[str, str]):
        setup = _cats_setup(design, stored)
        return engine.initial_state(design, setup, engine.rules_of(design), int(stored["seed"]),
                                    first=int(stored["first"]) - 1)

    def judge(stored: dict[str, str]):
        return lambda before, text, move, after: cats_check(before, text, after, design)

    return Played(header, list(game.moves), engine, start, judge, design)


def _cats_setup(design, stored: dict[str, str]):
    """The set-up written in the log (not drawn again: the log says where the fish and cats were)."""
    from washigen.games.cats.model import CatsSetup, Drawing

    def drawings(text: str):
        found = []
        for item in text.split(", "):
            player, cell = item.split()
            row, col = cell[1:].split("c")
            found.append(Drawing(player=int(player), row=int(row), col=int(col)))
        return tuple(found)

    return CatsSetup(map=design, fish=drawings(stored["fish"]), cats=drawings(stored["cats"]))


def play_cops(case: Case) -> Played:
    from washigen.games.cops import engine, playtest

    design = design_of(case)
    match = playtest.play_game(design, case.bots, case.seed, case.first)
    header = [("game", case.game), ("design", _params_text(case.params)), ("design-check", _check(design)),
              ("seed", str(case.seed)), ("first", str(case.first + 1)), ("bots", case.bots),
              ("result", _outcome(match.result, match.turns))]

    def start(stored: dict[str, str]):
        return engine.initial_state(design, seed=int(stored["seed"]), first=int(stored["first"]) - 1)

    def judge(stored: dict[str, str]):
        referee = Referee(design, int(stored["first"]) - 1)

        def verdict(before, text, move, after):
            proof = witness(before, move)
            why = referee.problem(text, proof)
            referee.play(text, proof)
            return why
        return verdict

    return Played(header, list(match.moves), engine, start, judge, design)


def play_trail_route(case: Case) -> Played:
    from washigen.games import get_game
    from washigen.games.trail_route.gamelog import describe

    setup = design_of(case)
    result = get_game(case.game).play(setup, seed=case.seed, bots=case.bots)
    state = result.state
    scores = ", ".join(f"{state.colours[p]} {result.scores[p]}" for p in range(setup.players))
    winners = " and ".join(state.colours[p] for p in result.winners)
    header = [("game", case.game), ("design", _params_text(case.params)), ("design-check", _check(setup)),
              ("seed", str(case.seed)), ("bots", case.bots),
              ("result", f"{winners} after {result.rounds} rounds ({result.end_reason}); scores {scores}")]
    return Played(header, [describe(state, event) for event in state.events])


def play_cat_tree(case: Case) -> Played:
    if _protocol("cat_tree"):
        return _play_protocol(case, "cat_tree")
    from washigen.games.cat_tree.playtest import game_log, play

    game = play(case.seed)
    header = [("game", case.game), ("seed", str(case.seed)), ("bots", case.bots),
              ("result", f"{len(game.turns) - len(game.dismissed)} cards placed, {len(game.dismissed)} dismissed")]
    return Played(header, game_log(game))


def _play_protocol(case: Case, package: str) -> Played:
    """A game whose engine follows washigen.arena's protocol and deals its own table from the seed
    (initial_state(None, None, None, seed)), with the bots of its bots.BOTS on every seat."""
    from washigen.arena import play_match

    engine = importlib.import_module(f"washigen.games.{package}.engine")
    registry = importlib.import_module(f"washigen.games.{package}.bots").BOTS

    def start(stored: dict[str, str]):
        return engine.initial_state(None, None, None, int(stored["seed"]))

    state = start({"seed": str(case.seed)})
    seats = 1 + max(engine.to_move(state), getattr(state, "players", 2) - 1)
    match = play_match(engine, state, [registry[case.bots]() for _ in range(seats)], case.seed, 10_000)
    header = [("game", case.game), ("seed", str(case.seed)), ("bots", case.bots),
              ("result", _outcome(match.result, match.turns))]
    return Played(header, list(match.moves), engine, start, None)


PLAYERS = {"cats": play_cats, "cops": play_cops, "trail-route": play_trail_route, "cat-tree": play_cat_tree}
CASES = _cases()


@lru_cache(maxsize=None)
def played(case: Case) -> Played:
    return PLAYERS[case.game](case)


# -- the tests -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_game_played_now_is_the_stored_log(case, update_golden):
    text = played(case).text()
    if update_golden:
        FOLDER.mkdir(parents=True, exist_ok=True)
        case.path.write_text(text, encoding="utf-8")
        return
    assert case.path.exists(), f"{case.path} is missing: run pytest tests/test_game_logs.py --update-golden"
    expected = case.path.read_text(encoding="utf-8").splitlines()
    actual = text.splitlines()
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, f"{case.path.name} line {number}: stored {want!r}, played now {got!r}"
    assert len(actual) == len(expected), f"{case.path.name}: {len(actual)} lines played now, {len(expected)} stored"


REPLAYED = [case for case in CASES if case.game in ("cats", "cops") or (case.game == "cat-tree" and
                                                                          _protocol("cat_tree"))]
# Trail Route's engine asks its policies mid-turn and has no notation to read back: its logs are compared only.


@pytest.mark.parametrize("case", REPLAYED, ids=lambda c: c.id)
def test_the_stored_log_replays_move_by_move(case, update_golden):
    if update_golden or not case.path.exists():
        pytest.skip("no stored log to replay (written by --update-golden)")
    lines = case.path.read_text(encoding="utf-8").splitlines()
    header, first_move = _header(case.path, lines)
    now = played(case)
    if now.design is not None:
        assert header.get("design-check") == _check(now.design), \
            f"{case.path.name}: the design made from `design: {header.get('design')}` is no longer the one the " \
            "log was played on (design-check differs): run --update-golden and review"
    engine, state = now.engine, now.start(header)
    judge = now.judge(header) if now.judge is not None else None
    for number, text in enumerate(lines[first_move:], start=first_move + 1):
        assert engine.result(state) is None, f"{case.path.name} line {number}: the game was already over"
        try:
            move = engine.parse_move(text, state)
        except InputError as error:
            pytest.fail(f"{case.path.name} line {number}: {text!r} no longer replays: {error}")
        assert str(move) == text, f"{case.path.name} line {number}: {text!r} reads back as {str(move)!r}"
        after = engine.apply(state, move)
        why = judge(state, text, move, after) if judge is not None else None
        assert why is None, f"{case.path.name} line {number}: {text!r} breaks a rule: {why}"
        state = after
    assert _outcome(engine.result(state), len(lines) - first_move) == header["result"], \
        f"{case.path.name}: the replayed game ends {_outcome(engine.result(state), len(lines) - first_move)!r}, " \
        f"the log says {header['result']!r}"


def _header(path: Path, lines: list[str]) -> tuple[dict[str, str], int]:
    """The stored header and the index of the first move line."""
    header = {}
    for index, line in enumerate(lines):
        if line == "moves:":
            return header, index + 1
        if not line.startswith("#"):
            key, _, value = line.partition(": ")
            header[key] = value
    pytest.fail(f"{path.name}: no `moves:` line")


def test_every_game_that_plays_has_golden_logs(update_golden):
    for game in all_games():
        package = game.name.replace("-", "_")
        hooks = [name for name in ("play", "balance", "play_check") if game.declared(name) is not None]
        engine = importlib.util.find_spec(f"washigen.games.{package}.engine") is not None \
            if importlib.util.find_spec(f"washigen.games.{package}") is not None else False
        if not hooks and not engine:
            continue
        cases = [case for case in CASES if case.game == game.name]
        assert cases, f"{game.name} plays (engine: {engine}, hooks: {hooks}) but has no golden game log: add its " \
                      "cases to tests/test_game_logs.py and run --update-golden"
        missing = [case.path.name for case in cases if not case.path.exists()]
        assert update_golden or not missing, f"{game.name}: golden game logs missing: {missing}; run --update-golden"


def test_every_engine_that_reads_its_notation_has_its_logs_replayed():
    for game in sorted({case.game for case in CASES}):
        if _protocol(game.replace("-", "_")):
            assert any(case.game == game for case in REPLAYED), \
                f"{game}'s engine now reads its notation back (parse_move): make its golden logs replay"


def test_no_stored_log_is_left_without_its_case(update_golden):
    known = {case.path for case in CASES}
    stale = sorted(path for path in FOLDER.glob("*.txt") if path not in known and not path.name.startswith("perft-"))
    if update_golden:
        for path in stale:
            path.unlink()
        return
    assert not stale, f"logs of no case (run --update-golden to remove them): {[path.name for path in stale]}"
