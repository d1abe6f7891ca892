"""Benchmarks for washigen studio, each against a floor measured in the same run.

    studio-design    a parameter change to the new preview of a 2-player Cats map, server side: POST /api/design
                     through the ASGI app (the game's own command run in-process, its JSON read back, validated,
                     drawn to SVG, answered as JSON), against the same generate + validate + draw + SVG called
                     directly; goal <= 150 ms a change, and the ratio is the studio's overhead
    studio-edit      an edit re-checked: POST /api/validate of an edited map (report and new SVG), against
                     loading, validating and drawing the same JSON directly
"""

from __future__ import annotations

import warnings

from bench.timing import figure, limit

ROUNDS = 15


def _client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from washigen.studio.app import create_app

    return TestClient(create_app(), base_url="http://127.0.0.1:8765")


def _alternate(ours, floor, rounds: int) -> tuple[float, float, float]:
    """Best times of both (seed k for round k, so no run is served from a cache), and ours' median."""
    import time

    times_ours, times_floor = [], []
    for k in range(rounds):
        for func, times in ((ours, times_ours), (floor, times_floor)):
            start = time.perf_counter()
            func(k + 1)
            times.append(time.perf_counter() - start)
    return min(times_ours), min(times_floor), sorted(times_ours)[len(times_ours) // 2]


def run() -> list[dict]:
    from washigen.design import dumps, loads
    from washigen.games import get_game
    from washigen.games.cats.generate import generate_map
    from washigen.press.options import PrintOptions
    from washigen.backends import to_svg

    game = get_game("cats")

    def direct(design):
        report = game.validate(design).to_dict()
        svg = to_svg(game.print_design(design, PrintOptions()).pages[0])
        return report, svg

    figures = []
    with _client() as client:
        def ours(seed):
            response = client.post("/api/design", json={"game": "cats", "component": "map", "seed": seed,
                                                        "params": {"players": 2}})
            assert response.status_code == 200, response.text

        def floor(seed):
            direct(generate_map(players=2, seed=seed))

        ours(0)
        best, base, median = _alternate(ours, floor, ROUNDS)
        figures.append(limit("studio-design", 1000 * median, 150, "ms", best_ms=round(1000 * best, 1),
                             ratio=round(best / base, 3)))

        edited = [dumps(generate_map(players=2, seed=seed)).encode() for seed in range(1, ROUNDS + 1)]

        def ours_edit(k):
            response = client.post("/api/validate?name=edit.json", content=edited[k - 1])
            assert response.status_code == 200, response.text

        def floor_edit(k):
            direct(loads(edited[k - 1]))

        best, base, median = _alternate(ours_edit, floor_edit, ROUNDS)
        figures.append(figure("studio-edit", best, base, median_ms=round(1000 * median, 1)))
    return figures
