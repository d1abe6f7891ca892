"""Where the studio marks a violation comes from the game's own drawing (scene.Places), and the studio reaches the
games through washigen.api alone: no click, no command line, no game's internals. The rectangles are computed here
from each design's geometry, apart from the drawings that record them."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import washigen
from washigen import api
from washigen.studio.places import grid_geometry, mark, strip_frames

STUDIO = Path(washigen.__file__).parent / "studio"
# What the studio may not import itself: the command line, click, a game's own modules, and the layers below the
# API (it prints, plays and draws through washigen.api).
FORBIDDEN = ("click", "washigen.cli", "washigen.games.cats", "washigen.games.cops", "washigen.games.cat_tree",
             "washigen.games.trail_route", "washigen.press", "washigen.backends", "washigen.arena", "washigen.rulebook")


def imported_modules(path: Path) -> set[str]:
    """Every module a studio file imports (relative imports resolved), imports inside functions included."""
    found = set()
    package = "washigen.studio"
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_the_studio_imports_no_click_no_command_line_and_no_game_internals():
    files = sorted(STUDIO.glob("*.py"))
    assert {f.name for f in files} >= {"api.py", "app.py", "board.py", "places.py"}
    assert not (STUDIO / "commands_bridge.py").exists() and not (STUDIO / "marks.py").exists()
    for path in files:
        bad = sorted(m for m in imported_modules(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
        assert bad == [], f"{path.name} imports {bad}"


def test_making_checking_printing_and_playing_through_the_studio_loads_no_click(tmp_path):
    """Every game's parts made, an upload checked, a print rendered and a bot game stepped through, in a fresh
    interpreter that calls the app as an ASGI server would (httpx, under the test client, imports click itself):
    click is never imported, nor any of the command line (the command line is not what the studio runs)."""
    code = textwrap.dedent("""
        import asyncio, json, sys
        from washigen.studio.app import create_app

        app = create_app(sys.argv[1])

        async def call(method, target, body=b""):
            path, _, query = target.partition("?")
            scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(),
                     "query_string": query.encode(), "root_path": "", "scheme": "http", "http_version": "1.1",
                     "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", b"application/json")],
                     "server": ("127.0.0.1", 8765), "client": ("127.0.0.1", 50000)}
            messages = [{"type": "http.request", "body": body, "more_body": False}]
            answer = {"body": b""}
            answered = asyncio.Event()

            async def receive():
                if messages:
                    return messages.pop(0)
                await answered.wait()        # as a server: the disconnect comes once the answer is sent (ASGI)
                return {"type": "http.disconnect"}

            async def send(message):
                if message["type"] == "http.response.start":
                    answer["status"] = message["status"]
                else:
                    answer["body"] += message.get("body", b"")
                    if not message.get("more_body"):
                        answered.set()
            await app(scope, receive, send)
            return answer["status"], answer["body"]

        def post(target, value):
            return asyncio.run(call("POST", target, json.dumps(value).encode()))

        statuses = []
        status, listing = asyncio.run(call("GET", "/api/games"))
        statuses.append(status)
        for game in json.loads(listing)["games"]:
            for component in game["components"]:
                statuses.append(post("/api/design", {"game": game["name"], "component": component["name"],
                                                     "seed": 2})[0])
        status, made = post("/api/design", {"game": "cats", "component": "map", "seed": 3})
        design = json.loads(made)["design"]
        statuses.append(asyncio.run(call("POST", "/api/validate?name=m.json", json.dumps(design).encode()))[0])
        statuses.append(post("/api/render?format=pdf", {"design": design})[0])
        statuses.append(post("/api/render?format=pdf", {"game": "cats", "component": "sheet"})[0])
        statuses.append(post("/api/play", {"design": design, "seed": 1})[0])
        statuses.append(post("/api/board", {"design": design, "seed": 1, "step": 2})[0])
        statuses.append(post("/api/game?format=svg", {"design": design, "seed": 1})[0])
        print(json.dumps({"statuses": statuses, "click": "click" in sys.modules,
                          "cli": sorted(m for m in sys.modules if m.startswith("washigen.cli"))}))
    """)
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(answer["statuses"]) == {200} and len(answer["statuses"]) > 12, answer["statuses"]
    assert answer == {"statuses": answer["statuses"], "click": False, "cli": []}


# -- marks on each game's drawing, against rectangles computed from the design ---------------------------------------

def places_of(design):
    return washigen.draw(design).pages[0].places


@pytest.mark.parametrize("component,params", [("map", {"players": 2}), ("map", {"players": 4, "tape_width": "30mm"}),
                                              ("setup", {"players": 3, "segment_rows": 7})])
def test_a_cats_cell_and_row_are_marked_where_the_map_draws_them(component, params):
    design = washigen.generate("cats", component, seed=4, **params)
    game_map = design.map if component == "setup" else design
    s = game_map.tape_width / (game_map.segment_rows + 1)        # a cell: the tape width over the rows plus the band
    rows, cols = len(game_map.grid.rows), len(game_map.grid.rows[0])
    places = places_of(design)
    for row, col in ((1, 1), (3, 4), (rows, cols), (rows // 2, cols - 2)):
        # the grid starts one band (one cell) below the map's top edge
        assert mark(places, {"cell": [row, col]}) == pytest.approx([(col - 1) * s, s + (row - 1) * s, s, s])
    assert mark(places, {"row": 2}) == pytest.approx([0, 2 * s, cols * s, s])
    assert mark(places, {"cell": [rows + 1, 1]}) is None and mark(places, {"cell": [1, 0]}) is None
    assert mark(places, {"seat": 1}) is None
    geometry = grid_geometry(places.grid)
    assert (geometry["rows"], geometry["cols"], geometry["rows_up"]) == (rows, cols, False)


def test_a_cat_tree_card_is_marked_in_its_cell_counted_from_the_floor():
    from washigen.games.cat_tree.tree import CELL_H, CELL_W, GAP, MARGIN_L, MARGIN_R, MARGIN_T, MIN_TREE_WIDTH

    for seed in (1, 2):
        design = washigen.generate("cat-tree", "play", seed=seed)
        grid_w = design.width * (CELL_W + GAP) - GAP
        width = max(MARGIN_L + grid_w + MARGIN_R, MIN_TREE_WIDTH)
        left = (width - grid_w - MARGIN_R + MARGIN_L) / 2            # the grid centred between its margins
        places = places_of(design)
        for card in design.cards:
            x = left + (card.col - 1) * (CELL_W + GAP)
            y = MARGIN_T + (design.height - card.row) * (CELL_H + GAP)    # row 1 is the floor, the bottom row
            assert mark(places, {"card": [card.row, card.col]}) == pytest.approx([x, y, CELL_W, CELL_H])
        assert mark(places, {"card": [design.height + 1, 1]}) is None


def test_a_trail_route_tile_is_marked_on_the_board():
    from washigen.games.trail_route.draw import BOARD_CELL
    from washigen.games.trail_route.model import DEST_COLS

    design = washigen.generate("trail-route", "setup", players=3, seed=2)
    places = places_of(design)
    left, top = DEST_COLS * BOARD_CELL + 11.0, 20.0         # two destination columns, a gap, then the road
    for row in range(1, len(design.road) + 1):
        for col in (1, 4, 7):
            assert mark(places, {"tile": [row, col]}) == pytest.approx(
                [left + (col - 1) * BOARD_CELL, top + (row - 1) * BOARD_CELL, BOARD_CELL, BOARD_CELL])
    assert mark(places, {"tile": [len(design.road) + 1, 1]}) is None and mark(places, {"tile": [1, 8]}) is None


@pytest.mark.parametrize("layout,offset", [("end-to-end", "0"), ("end-to-end", "6mm"), ("stacked", "5mm")])
def test_cops_locations_and_segments_are_marked_where_the_map_lays_them(layout, offset):
    design = washigen.generate("cops", "map", players=3, seed=1, layout=layout, offset=offset)
    places = places_of(design)
    shift = design.offset
    scale = design.tape_width / 50.0
    frames = strip_frames(places)
    assert len(frames) == 3
    for index, segment in enumerate(design.segments):
        moved = shift if index % 2 else 0.0                  # every other segment lies `offset` lower or further right
        ox, oy = (moved, index * design.tape_width) if layout == "stacked" else (index * design.segment_length, moved)
        for location in segment.locations:
            assert mark(places, {"location": location.id}) == pytest.approx(
                [location.x + ox, location.y + oy, location.w, location.h])
        frame = frames[index]
        assert (frame["x"], frame["y"], frame["length"], frame["width"]) == pytest.approx(
            (ox, oy, design.segment_length, design.tape_width))
        assert [tuple(zone) for zone in frame["zones"]] == [
            pytest.approx((14.0 * scale, segment.gravestones)),          # from the squad section to the graves
            pytest.approx((segment.gravestones, design.segment_length))]  # from the graves to the segment's end
        assert frame["reach"] == pytest.approx(2.6 * scale)
        half = 2.0 * scale
        assert mark(places, {"segment": index + 1, "position": [10.0, 5.0]}) == pytest.approx(
            [ox + 10.0 - half, oy + 5.0 - half, 2 * half, 2 * half])
    assert mark(places, {"location": "no-such-place"}) is None
    assert mark(places, {"segment": 4, "position": [1.0, 1.0]}) is None


def test_places_change_no_byte_of_a_print():
    """The places are metadata: a drawing with them and the same drawing without them print alike."""
    from washigen.press import Document
    from washigen.scene import Places

    for design in (washigen.generate("cats", "map", seed=1), washigen.generate("cops", "map", players=2, seed=1)):
        page = washigen.draw(design).pages[0]
        assert page.places
        with_places = [data for _, data in api.files(Document.single(page), "p.svg")]
        with_places += [data for _, data in api.files(Document.single(page), "p.pdf")]
        page.places = Places()
        without = [data for _, data in api.files(Document.single(page), "p.svg")]
        without += [data for _, data in api.files(Document.single(page), "p.pdf")]
        assert with_places == without


# -- the API functions the studio calls --------------------------------------------------------------------------------

def test_print_options_are_checked_as_the_command_line_checks_them():
    options = washigen.print_options(paper="A4", bleed="2mm", crop_marks=False, duplex="long",
                                     back_offset="0.5,-1", dpi=600, gutter="4mm", colour="cmyk", lang="de")
    assert (options.paper, options.bleed, options.crop_marks, options.duplex, options.back_offset, options.dpi,
            options.gutter, options.colour, options.lang) == ("a4", 2.0, False, "long", (0.5, -1.0), 600, 4.0,
                                                              "cmyk", "de")
    assert washigen.print_options() == washigen.PrintOptions()
    for values, words in (({"dpi": 5}, "dpi: must be a whole number from 30 to 2400, got 5"),
                          ({"paper": "a9"}, "paper: must be one of"), ({"duplex": "both"}, "duplex:"),
                          ({"back_offset": "1"}, "back_offset: write X,Y in millimetres"),
                          ({"back_offset": "50,0"}, "back_offset: each of X and Y must be a number from -20"),
                          ({"bleed": "50mm"}, "bleed:"), ({"gutter": "31mm"}, "gutter:"),
                          ({"lang": "fr"}, "lang: no language 'fr'"), ({"crop_marks": "yes"}, "crop_marks:"),
                          ({"template": "x.toml"}, "template: not a print option")):
        with pytest.raises(washigen.InputError) as refused:
            washigen.print_options(**values)
        assert str(refused.value).startswith(words), str(refused.value)


def test_draw_and_draw_component_give_the_pages_the_command_line_prints(tmp_path):
    from click.testing import CliRunner
    from washigen.cli import main

    deck = washigen.generate("cat-tree", "deck")
    assert len(washigen.draw(deck, paper="letter").pages) == len(washigen.draw(deck).pages) > 1
    sheet = washigen.draw_component("cats", "sheet", washigen.print_options(paper="a4", colour="cmyk"), players=5)
    [(name, data)] = api.files(sheet, "sheet.pdf", washigen.print_options(paper="a4", colour="cmyk"))
    assert CliRunner().invoke(main, ["cats", "sheet", "--players", "5", "--paper", "a4", "--color", "cmyk", "-o",
                                     str(tmp_path / "sheet.pdf")]).exit_code == 0
    assert name == "sheet.pdf" and data == (tmp_path / "sheet.pdf").read_bytes()
    pages = washigen.draw_component("trail-route", "components", tile_size="45mm")
    assert [n for n, _ in api.files(pages, "parts.svg")] == [f"parts-{k:02d}.svg" for k in
                                                                    range(1, len(pages.pages) + 1)]
    made = washigen.draw_component("cats", "map", players=3, seed=4)      # a part with a design: its print
    assert api.svg(made.pages[0]) == api.svg(washigen.draw(washigen.generate("cats", "map", players=3,
                                                                                        seed=4)).pages[0])
    for call, words in ((lambda: washigen.draw_component("cats", "sheet", players=9), "players: must be 2..6"),
                        (lambda: washigen.draw_component("cats", "sheet", colour="red"), "colour: cats sheet takes"),
                        (lambda: washigen.draw_component("cats", "moon"), "component: cats has no component")):
        with pytest.raises(washigen.InputError) as refused:
            call()
        assert str(refused.value).startswith(words), str(refused.value)


def test_a_bot_game_is_played_and_drawn_move_by_move():
    game_map = washigen.generate("cats", "map", players=2, seed=5)
    played = washigen.bot_game(game_map, 3)
    assert len(played.lines) == len(played.moves) + 1 and played.lines[-1].startswith("game 1 (seed ")
    assert [line.split(": ", 1)[1] for line in played.lines[:-1]] == list(played.moves)
    options = washigen.print_options()
    drawn = [api.svg(played.draw(k, options).pages[0]) for k in (0, 1, 2)]
    assert drawn[0] != drawn[1] != drawn[2]
    assert api.svg(played.draw(len(played.moves), options).pages[0]) == \
        api.svg(played.draw(None, options).pages[0])
    assert washigen.bot_game(game_map, 3).moves == played.moves               # seeded: the same game again
    for lang, caption in (("en", "Still in play after 2 turns"), ("de", "Nach 2 Zügen noch im Spiel")):
        mid_game = api.svg(played.draw(2, washigen.print_options(lang=lang)).pages[0])
        assert caption in mid_game and ("no result" not in mid_game and "kein Ergebnis" not in mid_game)
    assert "Still in play" not in api.svg(played.draw(None, options).pages[0])       # the finished game says who won
    cops = washigen.bot_game(washigen.generate("cops", "map", players=2, seed=3), 1)
    assert cops.draw is not None and cops.lines[-1].startswith("game 1 (seed ") and len(cops.moves) > 3
    trail = washigen.bot_game(washigen.generate("trail-route", "setup", seed=5), 9)
    assert trail.draw is None and trail.lines[-1].startswith(("winner: ", "shared victory: "))
    tree = washigen.bot_game(washigen.generate("cat-tree", "play", seed=2), 0)
    assert tree.draw is None and tree.lines[-1].startswith("total: ")
    with pytest.raises(washigen.InputError, match="no bot game of cats is played on a roll"):
        washigen.bot_game(washigen.generate("cats", "tape", seed=1, length="1m"), 0)
