"""A game that is not built in, with an engine, a balance hook and a run cost (tests/plugin_nim: Nim on a printed
card, found through the "washigen.games" entry point as CONTRIBUTING says a plugin is), is swept, balanced, held to
the run allowance and played by the studio like a built-in game."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from .limits import run_warm
from .test_sweep import killed_and_resumed

HERE = Path(__file__).resolve().parent

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The plugin's package and a dist-info declaring its entry point, as pip installs a distribution: in a folder
    of its own, put on PYTHONPATH by `run` (so a pool's workers find it as the command does)."""
    folder = tmp_path_factory.mktemp("nim-site")
    shutil.copytree(HERE / "plugin_nim", folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def _pythonpath(site: Path) -> str:
    return os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))


def run(site: Path, *args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """python ARGS started afresh, with `site` on PYTHONPATH."""
    env = {**os.environ, "PYTHONPATH": _pythonpath(site)}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def run_washigen(site: Path, *args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """`python -m washigen ARGS` as `run` starts it, in a process forked from a warm-start server that has imported
    washigen with `site` on PYTHONPATH (tests/limits.run_warm): its own exit code, streams, folder and
    environment, and the games' registry read there as in a fresh interpreter (the plugin found through its entry
    point); only washigen's own imports (0.5 s a command) are done once."""
    done = run_warm(*args, cwd=cwd, timeout=timeout, memory_limit=None,
                    env={**os.environ, "PYTHONPATH": _pythonpath(site)})
    return subprocess.CompletedProcess(["washigen", *args], done.code, done.stdout, done.stderr)


def sweep(site: Path, cwd: Path, out: str, *args: str) -> subprocess.CompletedProcess:
    return run_washigen(site, "sweep", "nim", "-o", out, *args, cwd=cwd)


def test_the_pool_sweeps_the_plugin_as_one_process_does(site, tmp_path):
    alone = sweep(site, tmp_path, "one.jsonl", "--seeds", "1-6", "--games", "30", "--jobs", "1")
    pooled = sweep(site, tmp_path, "pool.jsonl", "--seeds", "1-6", "--games", "30", "--jobs", "2")
    assert alone.returncode == 0 and pooled.returncode == 0, alone.stderr + pooled.stderr
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "pool.jsonl").read_bytes()
    lines = [json.loads(line) for line in (tmp_path / "one.jsonl").read_text().splitlines()]
    assert [(line["game"], line["source"], line["players"]) for line in lines] == [
        ("nim", f"seed {seed}", 2) for seed in range(1, 7)]
    assert len({json.dumps(line["balance"], sort_keys=True) for line in lines}) > 1      # six cards, not one


def test_a_dask_cluster_sweeps_the_plugin_as_one_process_does(site, tmp_path):
    """The cluster's workers are processes of their own that find the game by its name, through the entry point."""
    if importlib.util.find_spec("distributed") is None:      # not imported here: it changes how exceptions pickle
        pytest.skip("the cluster extra (distributed) runs the sweep")
    alone = sweep(site, tmp_path, "one.jsonl", "--seeds", "1-4", "--games", "20", "--jobs", "1")
    assert alone.returncode == 0, alone.stderr
    code = ("import sys, distributed\n"
            "from washigen.cli.main import main\n"
            "if __name__ == '__main__':\n"
            "    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host='127.0.0.1',\n"
            "                                  dashboard_address=None) as cluster:\n"
            "        main(['sweep', 'nim', '--seeds', '1-4', '--games', '20', '-o', 'cluster.jsonl', '--scheduler',\n"
            "              cluster.scheduler_address], standalone_mode=False)\n")
    (tmp_path / "on_cluster.py").write_text(code)
    clustered = run(site, "on_cluster.py", cwd=tmp_path)
    assert clustered.returncode == 0, clustered.stderr[-3000:]
    assert (tmp_path / "cluster.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()


def test_a_sweep_of_the_plugin_killed_halfway_ends_with_the_same_file(site, tmp_path):
    args = ("--seeds", "1-20", "--set", "heaps=6", "--set", "most=9", "--games", "150")
    whole = sweep(site, tmp_path, "whole.jsonl", *args, "--jobs", "1")
    assert whole.returncode == 0, whole.stderr
    expected = (tmp_path / "whole.jsonl").read_bytes()
    out = tmp_path / "killed.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "washigen", "sweep", "nim", "-o", str(out), *args, "--jobs", "2"]
    killed_and_resumed(command, out, expected, maps=20, cwd=tmp_path, env=env)


def test_one_cards_sweep_line_is_its_balance_as_washigen_balance_plays_it(site, nim, tmp_path):
    """A plugin that brings no commands has no `washigen nim balance`: from the command line its balance is one
    card's sweep line, the same numbers washigen.balance (and the studio) answer."""
    import washigen as api

    swept = sweep(site, tmp_path, "one.jsonl", "--seeds", "5", "--set", "players=3", "--games", "45", "--seed", "2")
    assert swept.returncode == 0, swept.stderr
    [line] = [json.loads(text) for text in (tmp_path / "one.jsonl").read_text().splitlines()]
    card = api.generate("nim", "map", seed=5, players=3)
    played = as_printed(api.balance("nim", card, games=45, seed=2, jobs=2).to_json())
    assert line["balance"] == played and len(line["balance"]["seats"]) == 3


def test_a_bad_bots_for_the_plugin_is_the_options_not_the_first_cards(site, tmp_path):
    """The plugin's balance hook words a bad bot as washigen.balance's parameter (`bots: unknown bot`, as Cat
    Tree's does); the sweep said it was the first card's fault ("seed 1: bots: ...")."""
    refused = sweep(site, tmp_path, "bad.jsonl", "--seeds", "1-3", "--games", "4", "--bots", "nobody")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("error: --bots: unknown bot 'nobody'; known bots: greedy, random, strong")
    assert not (tmp_path / "bad.jsonl").exists()


def test_the_run_allowance_refuses_an_absurd_sweep_of_the_plugin_naming_what_fits(site, tmp_path):
    refused = sweep(site, tmp_path, "long.jsonl", "--seeds", "1-2", "--games", "100000")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "--games 100000" in refused.stderr and "at most 60,000 games fit" in refused.stderr
    assert not (tmp_path / "long.jsonl").exists()


def test_a_plugin_without_a_run_cost_is_not_estimated(monkeypatch, nim):
    from washigen.arena.sweep import seed_tasks
    from washigen.cli.sweep import _refuse_long_entry
    from washigen.errors import InputError

    task = seed_tasks("nim", [1], {}, 100_000, 0, "greedy")[0]
    with pytest.raises(InputError, match="at most 60,000 games fit"):
        _refuse_long_entry("nim", task, [], 100_000, "greedy")
    monkeypatch.delitem(nim.extra, "run_cost")
    assert _refuse_long_entry("nim", task, [], 100_000, "greedy") is None


def broken_site(site: Path, tmp_path: Path) -> Path:
    """The plugin's site beside another distribution whose entry point names a module that is not there (half
    uninstalled)."""
    broken = tmp_path / "broken-site"
    shutil.copytree(site, broken)
    info = broken / "washigen_gone-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: washigen-gone\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[washigen.games]\ngone = washigen_gone:GAME\n")
    return broken


def test_a_broken_plugin_beside_it_is_left_out_and_named_not_a_traceback(site, tmp_path):
    """Another distribution's entry point naming a module that is not there (half uninstalled) made every command
    that lists the games (`games`, `validate`, `sweep`, the studio) end in a traceback."""
    broken = broken_site(site, tmp_path)
    listed = run(broken, "-m", "washigen", "games", "--json", cwd=tmp_path)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr[-2000:]
    assert {"nim", "cats"} <= {game["name"] for game in json.loads(listed.stdout)}
    assert "game 'gone' (washigen_gone:GAME) could not be loaded" in listed.stderr
    swept = run(broken, "-m", "washigen", "sweep", "gone", "--seeds", "1", "--games", "2", "-o", "gone.jsonl",
                cwd=tmp_path)
    assert swept.returncode == 2 and "Traceback" not in swept.stderr
    assert "error: game 'gone' (washigen_gone:GAME) could not be loaded" in swept.stderr
    assert "No module named 'washigen_gone'" in swept.stderr
    assert run(broken, "-m", "washigen", "sweep", "nim", "-o", "nim.jsonl", "--seeds", "1", "--games", "2",
               cwd=tmp_path).returncode == 0


# -- in this process: the plugin registered here, and the studio ---------------------------------------------------

@pytest.fixture(scope="module")
def nim(site):
    """The plugin's Game registered in this process (the registry may have read the entry points before the site
    was on sys.path), with the distribution's second game (nim-deal), and taken out again so that no other test
    sees them."""
    from washigen.games import get_game, register_game
    from washigen.games.registry import unregister_game

    sys.path.insert(0, str(site))
    try:
        import washigen_nim
        known = {g.name for g in _games()}
        for game in (washigen_nim.GAME, washigen_nim.DEAL):
            if game.name not in known:
                register_game(game)
        yield get_game("nim")
    finally:
        unregister_game("nim")
        unregister_game("nim-deal")
        sys.path.remove(str(site))


def _games():
    from washigen.games import all_games

    return all_games()


@pytest.fixture(scope="module")
def client(nim, tmp_path_factory):
    from washigen.studio.app import create_app

    with TestClient(create_app(tmp_path_factory.mktemp("studio")), base_url="http://127.0.0.1:8765") as test_client:
        yield test_client


def test_the_studio_lists_the_plugin_with_its_balance_and_its_card(client):
    listing = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    nim = listing["nim"]
    assert nim["title"] == "Nim card" and nim["balance"] is True and nim["play"] is True
    assert nim["endings"] == ["win"]
    [card] = nim["components"]
    assert card["name"] == "map" and card["seeded"] and [p["name"] for p in card["params"]] == [
        "heaps", "most", "players"]


def test_the_studios_balance_plays_the_plugins_card(client):
    import washigen

    made = client.post("/api/design", json={"game": "nim", "component": "map", "seed": 3, "params": {"heaps": 5}})
    assert made.status_code == 200, made.text
    assert made.json()["playable"]["balance"] is True
    answer = client.post("/api/balance", json={"design": made.json()["design"], "games": 24, "seed": 4})
    assert answer.status_code == 200, answer.text
    card = washigen.generate("nim", "map", seed=3, heaps=5)
    assert answer.json() == washigen.balance("nim", card, games=24, seed=4).to_json()
    assert answer.json()["ends"]["win"] == 24
    chart = client.post("/api/balance/chart?format=svg", json={"design": made.json()["design"], "games": 24,
                                                               "seed": 4, "lang": "de"})
    assert chart.status_code == 200 and chart.text.lstrip().startswith("<?xml")


def test_the_studio_shows_a_bot_game_on_the_plugins_card(client):
    import washigen

    made = client.post("/api/design", json={"game": "nim", "component": "map", "seed": 8}).json()
    assert made["playable"]["play"] is True
    shown = client.post("/api/play", json={"design": made["design"], "seed": 5})
    assert shown.status_code == 200, shown.text
    game = washigen.play("nim", washigen.generate("nim", "map", seed=8), seed=5)
    assert shown.json()["lines"][:-1] == [f"seat {i % 2 + 1}: {move}" for i, move in enumerate(game.moves)]
    assert shown.json()["lines"][-1] == f"seat {game.result + 1} takes the last stick and wins"
    assert shown.json()["board"] is None


def test_the_studio_points_to_the_plugins_own_balance_command_for_other_bots(client, site, tmp_path):
    made = client.post("/api/design", json={"game": "nim", "component": "map", "seed": 3}).json()
    answer = client.post("/api/balance", json={"design": made["design"], "games": 4, "bots": "random"})
    assert answer.status_code == 400 and answer.json()["field"] == "bots"
    assert "washigen nim balance --bots" in answer.json()["error"]
    help_text = run_washigen(site, "nim", "balance", "--help", cwd=tmp_path)       # a command that exists
    assert help_text.returncode == 0 and "--bots" in help_text.stdout


def test_the_studio_offers_no_bot_game_where_no_part_shows_one(client, nim, monkeypatch):
    """A plugin with a `play` hook and no component that replays its games: /api/games says so, and the design's
    answer agreed with it (it offered a bot game that /api/play then refused)."""
    import dataclasses

    from washigen.games import registry

    bare = dataclasses.replace(nim, components=tuple(c._replace(replay=None) for c in nim.components))
    monkeypatch.setitem(registry._GAMES, "nim", bare)
    listing = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    made = client.post("/api/design", json={"game": "nim", "component": "map", "seed": 8}).json()
    assert listing["nim"]["play"] is False and made["playable"]["play"] is False
    assert made["playable"]["balance"] is True


def test_the_command_line_names_a_broken_plugin_game_by_why(site, tmp_path):
    broken = broken_site(site, tmp_path)
    done = run(broken, "-m", "washigen", "gone", "map", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "could not be loaded" in done.stderr and "No module named 'washigen_gone'" in done.stderr
    assert "No such command" not in done.stderr


# -- the commands built from the plugin's spec and hooks: `washigen nim play` and `washigen nim balance` -------------

def as_printed(value: object) -> object:
    """What a script printing `value` as JSON answers (tuples as lists, keys as strings): washigen's answer asked
    in this process, where the plugin is registered (the `nim` fixture), not in a script started for it."""
    return json.loads(json.dumps(value))


def test_the_plugins_balance_command_is_washigen_balance_on_its_own_table_and_on_a_card(site, nim, tmp_path):
    """A plugin without commands of its own had no `washigen nim balance` ("No such command"): it is built from
    the spec and the balance hook, on the hook's own table (None) or on --map FILE, the numbers washigen.balance
    answers."""
    import washigen as api

    own = run_washigen(site, "nim", "balance", "--games", "40", "--seed", "3", "--json", cwd=tmp_path)
    assert own.returncode == 0, own.stderr[-2000:]
    assert json.loads(own.stdout) == as_printed(api.balance("nim", None, games=40, seed=3).to_json())
    assert run_washigen(site, "nim", "map", "--seed", "9", "--players", "3", "-o", "card.json",
                        cwd=tmp_path).returncode == 0
    on_card = run_washigen(site, "nim", "balance", "--map", "card.json", "--games", "45", "--seed", "2",
                           "--jobs", "2", "--json", cwd=tmp_path)
    assert on_card.returncode == 0, on_card.stderr[-2000:]
    expected = as_printed(api.balance("nim", api.load(tmp_path / "card.json"), games=45, seed=2).to_json())
    assert json.loads(on_card.stdout) == expected and len(expected["seats"]) == 3
    assert json.loads(on_card.stdout) != json.loads(own.stdout)


def test_the_plugins_balance_command_draws_its_chart_in_the_language_asked(site, tmp_path):
    drawn = run_washigen(site, "nim", "balance", "--games", "30", "--seed", "4", "-o", "chart.svg",
                         "--lang", "de", cwd=tmp_path)
    assert drawn.returncode == 0, drawn.stderr[-2000:]
    assert "wrote chart.svg" in drawn.stdout and "30 games" in drawn.stdout
    chart = (tmp_path / "chart.svg").read_text()
    assert chart.lstrip().startswith("<?xml") and "Ausgewogenheit: Nim card, 2 Personen, Startwert 4" in chart


def test_the_plugins_balance_command_refuses_a_long_run_bad_bots_and_a_foreign_table_by_option(site, tmp_path):
    long = run_washigen(site, "nim", "balance", "--games", "100000", "--seed", "1", "-o", "long.svg",
                        cwd=tmp_path)
    assert long.returncode == 2 and "Traceback" not in long.stderr
    assert long.stderr.startswith("error: --games 100000: about 2 minutes of one core's work")
    assert "at most 60,000 games fit" in long.stderr and not (tmp_path / "long.svg").exists()
    bots = run_washigen(site, "nim", "balance", "--games", "10", "--seed", "1", "--bots", "nobody",
                        cwd=tmp_path)
    assert bots.returncode == 2 and "Traceback" not in bots.stderr
    assert bots.stderr.startswith("error: --bots: unknown bot 'nobody'; known bots: greedy, random, strong")
    assert run_washigen(site, "cats", "map", "--seed", "1", "-o", "cats.json", cwd=tmp_path).returncode == 0
    foreign = run_washigen(site, "nim", "play", "--map", "cats.json", "--seed", "1", cwd=tmp_path)
    assert foreign.returncode == 2 and "Traceback" not in foreign.stderr
    assert foreign.stderr.startswith("error: --map: cats.json holds a cats map; nim play plays a nim map")


def test_the_plugins_play_command_plays_the_game_washigen_play_plays(site, nim, tmp_path):
    """On the hook's own table the moves washigen.play makes; on --map FILE the bot game the studio shows
    (washigen.bot_game), line for line; with other bots, the game washigen.play plays with them."""
    import washigen as api

    own = run_washigen(site, "nim", "play", "--seed", "5", cwd=tmp_path)
    assert own.returncode == 0, own.stderr[-2000:]
    moves = as_printed(api.play("nim", seed=5).moves)
    assert own.stdout.splitlines()[:-1] == [f"{n}. {move}" for n, move in enumerate(moves, 1)]
    assert own.stdout.splitlines()[-1].startswith(f"ended after {len(moves)} moves")
    assert run_washigen(site, "nim", "map", "--seed", "8", "-o", "card.json", cwd=tmp_path).returncode == 0
    shown = run_washigen(site, "nim", "play", "--map", "card.json", "--seed", "5", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr[-2000:]
    lines = as_printed(api.bot_game(api.load(tmp_path / "card.json"), 5).lines)
    assert shown.stdout.splitlines() == lines and lines[-1].endswith("takes the last stick and wins")
    random = run_washigen(site, "nim", "play", "--map", "card.json", "--seed", "5", "--bots", "random",
                          cwd=tmp_path)
    assert random.returncode == 0, random.stderr[-2000:]
    moves = as_printed(api.play("nim", api.load(tmp_path / "card.json"), seed=5, bots="random").moves)
    assert random.stdout.splitlines()[:-1] == [f"{n}. {move}" for n, move in enumerate(moves, 1)]


def test_a_plugin_whose_table_is_another_component_sweeps_by_seeds(site, nim, tmp_path):
    """nim-deal (the same distribution's second game) makes its table with a component named `card`, which its
    extra["table"] names: `sweep --seeds` made every table with the component `map` and refused it ("has no map
    made from a seed")."""
    import washigen as api

    swept = run_washigen(site, "sweep", "nim-deal", "--seeds", "3-5", "--set", "players=3", "--games", "24",
                         "-o", "deal.jsonl", cwd=tmp_path)
    assert swept.returncode == 0, swept.stderr[-2000:]
    lines = [json.loads(text) for text in (tmp_path / "deal.jsonl").read_text().splitlines()]
    assert [(line["game"], line["source"], line["players"]) for line in lines] == [
        ("nim-deal", f"seed {seed}", 3) for seed in (3, 4, 5)]
    expected = as_printed([api.balance("nim-deal", api.generate("nim-deal", "card", seed=s, players=3),
                                       games=24).to_json() for s in (3, 4, 5)])
    assert [line["balance"] for line in lines] == expected
    refused = run_washigen(site, "sweep", "nim-deal", "--seeds", "1", "--set", "heaps=9", "-o", "bad.jsonl",
                           cwd=tmp_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("error: --set heaps: must be 2..6, got 9"), refused.stderr


def test_the_plugins_bots_are_checked_before_the_run_is_estimated(site, tmp_path):
    """A strength past the bound was estimated as it stood ("the strongest bot that fits is strong:1799999", past
    the 10,000 a bot may have); a game whose extra["bots"] names its bots (nim-deal) has --bots held to them, one for
    every seat of --map's card, before the estimate and any game."""
    strong = run_washigen(site, "nim", "play", "--seed", "1", "--bots", "strong:99999999", cwd=tmp_path)
    assert strong.returncode == 2 and "Traceback" not in strong.stderr
    assert strong.stderr.startswith("error: --bots: 'strong:99999999': strength must be a whole number 1..10000")
    assert run_washigen(site, "nim-deal", "card", "--seed", "3", "-o", "deal.json",
                        cwd=tmp_path).returncode == 0
    seats = run_washigen(site, "nim-deal", "balance", "--map", "deal.json", "--bots", "greedy,random,greedy",
                         "--games", "100000", cwd=tmp_path)
    assert seats.returncode == 2 and "Traceback" not in seats.stderr
    assert seats.stderr.startswith("error: --bots: 3 bots named for 2 seats; name one for every seat, or one for all")
