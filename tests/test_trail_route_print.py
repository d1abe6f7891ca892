"""The Cats' Trail Route on paper: sizes read back from the PDFs and PNGs, sheets, figures, kit and commands."""

import json
import xml.etree.ElementTree as ElementTree

import pytest
from click.testing import CliRunner

from tests.readback import page_boxes_mm, page_size_mm, page_texts, pdf_pages, png_info, rasterise_pdf
from washigen.cli import main
from washigen.errors import InputError
from washigen.games import get_game
from washigen.games.trail_route.board_mat import mat_scene
from washigen.games.trail_route.generate import generate_setup
from washigen.games.trail_route.hand_cards import card_back, card_front
from washigen.games.trail_route.model import CARDS, load_mix
from washigen.games.trail_route.tiles import road_tile
from washigen.press import PrintOptions
from washigen.backends import to_pdf
from washigen.scene import Line, Scene, Style
from washigen.units import CARD_SIZES, PAPER_SIZES

GAME = get_game("trail-route")
MIX = load_mix()


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def trim_mm(page):
    x0, y0, x1, y1 = page_boxes_mm(page)["trimbox"]
    return x1 - x0, y1 - y0


@pytest.fixture(scope="module")
def components(tmp_path_factory):
    """The whole game at the default tile size, without bleed or gutter so that tiles abut and the trim is all tiles."""
    out = tmp_path_factory.mktemp("tr") / "components.pdf"
    result = run("trail-route", "components", "--bleed", "0", "--gutter", "0", "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_tiles_print_40mm_square_read_back_from_the_pdf(components):
    pages = pdf_pages(components)
    tile_trims = [trim_mm(p) for p in pages[1:4]]          # the contents page comes first
    for width, height in tile_trims:
        for side in (width, height):
            count = round(side / 40.0)
            assert count >= 1 and abs(side - count * 40.0) <= 0.05 * count, (width, height)


@pytest.mark.parametrize("size", ["45mm", "38mm"])
def test_other_tile_sizes_read_back(tmp_path, size):
    out = tmp_path / "c.pdf"
    result = run("trail-route", "components", "--bleed", "0", "--gutter", "0", "--tile-size", size, "-o", out)
    assert result.exit_code == 0, result.output
    side = float(size[:-2])
    width, height = trim_mm(pdf_pages(out)[1])
    assert abs(width / round(width / side) - side) <= 0.05 and abs(height / round(height / side) - side) <= 0.05


def test_every_tile_of_the_mix_is_printed_once():
    from washigen.games.trail_route.tiles import print_tiles
    from washigen.scene import Group

    document = print_tiles(MIX, 40.0, PrintOptions(bleed=0.0), "a4")
    placed = sum(1 for page in document.pages for item in page.children if isinstance(item, Group) and item.clip)
    assert placed == MIX.total("road") + MIX.total("exchange") + MIX.total("destinations")


def test_cards_print_poker_size_nine_up(components):
    pages = pdf_pages(components)
    card_pages = [p for p, text in zip(pages, page_texts(components)) if "Route · hand cards" in text]
    assert len(card_pages) == 2                             # 16 cards, 9 a sheet
    width, height = trim_mm(card_pages[0])
    card_w, card_h = CARD_SIZES["poker"]
    assert abs(width - 3 * card_w) <= 0.05 and abs(height - 3 * card_h) <= 0.05


def test_duplex_puts_a_back_page_behind_every_tile_and_card_page(tmp_path):
    plain, duplex = tmp_path / "plain.pdf", tmp_path / "duplex.pdf"
    assert run("trail-route", "components", "-o", plain).exit_code == 0
    assert run("trail-route", "components", "--duplex", "long", "-o", duplex).exit_code == 0
    plain_n, duplex_n = len(pdf_pages(plain)), len(pdf_pages(duplex))
    assert duplex_n - plain_n == 3 + 2                      # three tile sheets, two card sheets


def test_the_mat_fits_one_a3_sheet_and_is_tiled_over_a4_and_letter(tmp_path):
    from washigen.games.trail_route.board_mat import print_mat
    from washigen.output import write_document

    for paper, sheets in (("a3", 1), ("a4", None), ("letter", None)):
        out = tmp_path / f"mat-{paper}.pdf"
        write_document(print_mat(40.0, paper), out)
        pages = pdf_pages(out)
        w, h = PAPER_SIZES[paper]
        for page in pages:
            size = sorted(page_size_mm(page))
            assert abs(size[0] - w) <= 0.05 and abs(size[1] - h) <= 0.05
        if sheets:
            assert len(pages) == sheets
        else:
            assert len(pages) > 1
            # The tiled sheets together cover the mat: each shows a window no larger than its paper.
            mat = mat_scene(40.0)
            covered_w = max(trim_mm(p)[0] for p in pages)
            assert covered_w < mat.width


def test_mat_slots_are_the_tile_size_plus_a_little_room():
    mat = mat_scene(40.0)
    slots = [c for c in mat.children if type(c).__name__ == "Rect" and abs(c.w - 40.0) < 1e-9]
    assert len(slots) == 6 * (7 + 2)


def test_every_page_keeps_its_colours_in_the_pdf():
    # The PDF writer once carried the last page's colour over to the next page, where the canvas had reset it.
    style = Style(stroke="accent", stroke_width=2.0)
    pages = [Scene(40, 40, children=[Line(0, 20, 40, 20, style)]) for _ in range(2)]
    pdf = to_pdf(pages)
    colours = [rasterise_pdf(pdf, page=n, dpi=50).getpixel((40, 39)) for n in range(2)]
    assert colours[0] == colours[1] and colours[0][0] > 150 > colours[0][1]


def test_the_setup_png_has_the_pixel_size_of_the_board_at_the_dpi(tmp_path):
    out = tmp_path / "setup.png"
    assert run("trail-route", "setup", "--seed", "2", "--dpi", "60", "-o", out).exit_code == 0
    scene = GAME.print_design(generate_setup(4, 2), PrintOptions()).pages[0]
    (px_w, px_h), dpi = png_info(out.read_bytes())
    assert (px_w, px_h) == (round(scene.outer_width / 25.4 * 60), round(scene.outer_height / 25.4 * 60))
    assert round(dpi[0]) == 60


def test_a_setup_on_paper_fits_the_paper(tmp_path):
    out = tmp_path / "setup.pdf"
    assert run("trail-route", "setup", "--players", "3", "--seed", "2", "--paper", "letter", "-o", out).exit_code == 0
    (page,) = pdf_pages(out)
    assert sorted(round(v, 1) for v in page_size_mm(page)) == sorted(PAPER_SIZES["letter"])


def test_the_setup_svg_is_xml_naming_the_seed(tmp_path):
    out = tmp_path / "setup.svg"
    assert run("trail-route", "setup", "--seed", "31", "-o", out).exit_code == 0
    root = ElementTree.parse(out).getroot()
    desc = "".join(e.text or "" for e in root.iter() if e.tag.endswith("desc"))
    assert "seed: 31" in desc


def test_tiles_and_cards_paint_their_bleed():
    for scene in (road_tile("wall", 40.0, 3.0), road_tile("road", 40.0, 3.0), card_front("mirror"), card_back()):
        pdf = to_pdf([scene])
        image = rasterise_pdf(pdf, dpi=100)
        corner = image.getpixel((2, 2))                     # inside the 3 mm bleed
        assert corner != (255, 255, 255)


def test_the_tile_art_reads_back_its_size_from_a_single_tile_pdf():
    (page,) = pdf_pages(to_pdf([road_tile("mouse-toy", 40.0, 3.0)]))
    assert all(abs(v - 40.0) <= 0.05 for v in trim_mm(page))
    assert all(abs(v - 46.0) <= 0.05 for v in page_size_mm(page))


def test_the_rule_sheet_figures_exist_and_the_board_follows_the_player_count():
    four, three = GAME.diagram("board", {"players": "4"}), GAME.diagram("board", {"players": 3})
    assert three.height < four.height and three.width == four.width
    assert GAME.diagram("tiles", {}).width > 0
    assert GAME.diagram("cards", {}).height > 0
    with pytest.raises(InputError, match="no diagram"):
        GAME.diagram("dragons", {})


def test_the_kit_has_every_part_with_instructions():
    parts = GAME.kit(3, "letter")
    titles = [p.title for p in parts]
    assert titles == ["Setup", "Tiles", "Hand cards", "Cat pawns", "Board mat", "Score pad"]
    assert all(p.document.pages and p.instructions for p in parts)
    tiles = next(p for p in parts if p.title == "Tiles").document
    assert len(tiles.pages) % 2 == 0                         # fronts and backs


def test_play_prints_moves_scores_and_a_winner():
    result = run("trail-route", "play", "--players", "3", "--seed", "4", "--policy", "random")
    assert result.exit_code == 0, result.output
    assert "turn 1 ·" in result.output and "game over" in result.output
    assert "winner:" in result.output or "shared victory:" in result.output
    data = json.loads(run("trail-route", "play", "--seed", "4", "--json").output)
    assert data["end"] == "destinations" and len(data["scores"]) == 4
    assert set(data["winners"]) <= set(data["scores"])
    best = max(data["scores"].values())
    assert all(data["scores"][w] == best for w in data["winners"])


def test_play_runs_a_saved_setup(tmp_path):
    out = tmp_path / "s.json"
    assert run("trail-route", "setup", "--players", "3", "--seed", "6", "-o", out).exit_code == 0
    result = run("trail-route", "play", "--setup", out, "--seed", "1", "--quiet")
    assert result.exit_code == 0 and "turn 1" not in result.output and "game over" in result.output


@pytest.mark.parametrize("change, rule", [
    (lambda d: d.update(seats=[]), "trail-route.seats.count"),
    (lambda d: d.update(road=[]), "trail-route.grid.size"),
    (lambda d: d["destinations"].__setitem__(0, ["fixed-4"]), "trail-route.grid.size at row 1"),
    (lambda d: d["seats"][0].update(colour=d["seats"][1]["colour"]), "trail-route.seats.colour at seat 1"),
    (lambda d: d["seats"][2].update(colour=d["seats"][0]["colour"]), "seat 1: Seats 1 and 3 both play"),
])
def test_a_broken_setup_is_refused_by_play_and_drawn_by_render_with_its_report(tmp_path, change, rule):
    """`play --setup` plays only a setup that keeps the rules (it played some, and crashed on others); `render`
    still draws a broken one beside its report, as it does for every game."""
    out = tmp_path / "s.json"
    assert run("trail-route", "setup", "--seed", "6", "-o", out).exit_code == 0
    data = json.loads(out.read_text())
    change(data)
    out.write_text(json.dumps(data))
    played = run("trail-route", "play", "--setup", out, "--seed", "1", "--quiet")
    assert played.exit_code == 1 and rule in played.output and "game over" not in played.output
    assert played.exception is None or isinstance(played.exception, SystemExit)
    drawn = run("render", out, "-o", tmp_path / "s.svg")
    assert drawn.exit_code == 1 and rule in drawn.output and (tmp_path / "s.svg").stat().st_size > 0


def test_a_tile_size_out_of_range_is_exit_2(tmp_path):
    result = run("trail-route", "components", "--tile-size", "10mm", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2 and "--tile-size" in result.output


def test_the_seed_and_version_print_on_the_setup():
    scene = GAME.print_design(generate_setup(4, 1234), PrintOptions()).pages[0]
    texts = [t.text for t in _texts(scene.children)]
    assert any("seed 1234" in t for t in texts) and any("washigen" in t for t in texts)


def _texts(items):
    for item in items:
        if hasattr(item, "children"):
            yield from _texts(item.children)
        elif type(item).__name__ == "Text":
            yield item


def test_every_card_front_names_its_card():
    for card, (name, copies) in CARDS.items():
        texts = [t.text for t in _texts(card_front(card).children)]
        assert name in texts and any(f"{copies} in the deck" in t for t in texts)


# -- the tiles' words, read back from the PDF: >= 6 pt and >= 3 mm inside each tile's trim -------------------------
def _tile_sheet_runs(tmp_path, size: str, lang: str):
    from tests.printcheck import text_runs

    out = tmp_path / f"tiles-{size}-{lang}.pdf"
    result = run("trail-route", "components", "--bleed", "0", "--gutter", "0", "--tile-size", size, "--lang", lang,
                 "-o", out)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    boxes = [page_boxes_mm(page)["trimbox"] for page in pdf_pages(out)]
    runs = text_runs(data)
    tile_pages = {r.page for r in runs if ("tiles " in r.text or "Plättchen " in r.text) and "washigen" in r.text}

    def inside(box, trim):
        return trim[0] <= box[0] and box[2] <= trim[2] and trim[1] <= box[1] and box[3] <= trim[3]
    return [(r, boxes[r.page - 1]) for r in runs if r.page in tile_pages and inside(r.box, boxes[r.page - 1])]


def _gap_to_own_tile(box, trim, side: float) -> float:
    """How far a run lies inside the trim of the tile it stands on (tiles abut on the sheet from its trim's corner)."""
    x0, y0, x1, y1 = box
    col, row = int((x0 - trim[0]) // side), int((y0 - trim[1]) // side)
    left, bottom = trim[0] + col * side, trim[1] + row * side
    return min(x0 - left, y0 - bottom, left + side - x1, bottom + side - y1)


@pytest.mark.parametrize("lang, words", [("en", ["ROAD", "MOUSE TOY", "EVERY CAT", "TUNNEL · BACK TO START",
                                                 "5 RED OR BLUE", "3 OTHER"]),
                                         ("de", ["STRASSE", "SPIELZEUGMAUS", "JEDE KATZE", "TUNNEL",
                                                 "ZURÜCK ZUM START", "5 ROT ODER BLAU", "3 SONST"])])
@pytest.mark.parametrize("size", [40.0, 45.0])
def test_tile_words_print_at_6_pt_3_mm_inside_each_tile(tmp_path, size, lang, words):
    runs = _tile_sheet_runs(tmp_path, f"{size:g}mm", lang)
    printed = " | ".join(r.text for r, _trim in runs)         # one line at 45 mm may be two at 40 mm
    assert all(word in printed for word in words), printed
    for r, trim in runs:
        assert r.size_pt >= 5.95, (r.text, r.size_pt)
        assert _gap_to_own_tile(r.box, trim, size) >= 2.95, (r.text, r.box)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tiles_too_small_for_6_pt_words_print_pictures_only(tmp_path, lang):
    runs = _tile_sheet_runs(tmp_path, "28mm", lang)
    labels = {"ROAD", "WALL", "STRASSE", "MAUER", "MOUSE TOY", "SPIELZEUGMAUS"}
    assert not labels & {r.text for r, _trim in runs}
    assert any(r.text in ("1", "5") for r, _trim in runs)        # the badges' numbers still print, >= 6 pt
    for r, trim in runs:
        assert r.size_pt >= 5.95 and _gap_to_own_tile(r.box, trim, 28.0) >= 2.95, (r.text, r.size_pt, r.box)


def _mat_runs(tmp_path, tile: float, paper: str, lang: str):
    """The mat's text runs in mat millimetres (from its top left), and the cuts: where each sheet's first edge lies
    on its neighbour. The windows are evenly spaced, the first at the mat's corner, the last at its far edge."""
    import re

    from tests.printcheck import text_runs
    from washigen.games.trail_route.board_mat import print_mat
    from washigen.i18n import translator
    from washigen.output import write_document
    from washigen.press.oversize import sheet_grid

    out = tmp_path / f"mat-{tile:g}-{paper}-{lang}.pdf"
    document = print_mat(tile, paper, lang)
    write_document(document, out)
    trims = [page_boxes_mm(page)["trimbox"] for page in pdf_pages(out)]
    mat = mat_scene(tile, lang=lang)
    runs = text_runs(out.read_bytes())
    # The sheets in reading order, each named in its meta (whatever the names are), as many as the grid holds.
    grid = sheet_grid(mat.width, mat.height, paper, 12.0)
    cols, rows = grid.cols, grid.rows
    assert len(document.pages) == cols * rows
    names = {n + 1: page.meta["sheet"] for n, page in enumerate(document.pages)} if cols * rows > 1 else {}
    lay = translator(lang).gettext("lay sheet {sheet} over this strip, up to the line")
    any_name = "|".join(re.escape(name) for name in names.values()) or "$^"
    glue = re.compile(re.escape(lay).replace(re.escape("{sheet}"), f"(?:{any_name})"))
    ww, wh = trims[0][2] - trims[0][0], trims[0][3] - trims[0][1]
    step_x = (mat.width - ww) / (cols - 1) if cols > 1 else 0.0
    step_y = (mat.height - wh) / (rows - 1) if rows > 1 else 0.0
    placed = []
    for r in runs:
        x0, y0, x1, y1 = r.box
        t = trims[r.page - 1]
        inside = t[0] <= x0 and x1 <= t[2] and t[1] <= y0 and y1 <= t[3]
        if not inside or r.page in names and r.text == names[r.page] or glue.search(r.text):
            continue                          # the footer, the sheet's name, the glue note: the sheet's, not the mat's
        row, col = divmod(r.page - 1, cols)
        mx, my = x0 - t[0] + col * step_x, t[3] - y1 + row * step_y
        placed.append((r.text, (mx, my, mx + x1 - x0, my + y1 - y0)))
    cuts = ([k * step_x for k in range(1, cols)], [k * step_y for k in range(1, rows)])
    return mat, placed, cuts


@pytest.mark.parametrize("tile, paper, lang", [(40.0, "a4", "en"), (40.0, "a4", "de"), (40.0, "letter", "en"),
                                               (50.0, "a4", "de"), (30.0, "letter", "de"), (60.0, "a3", "en")])
def test_mat_text_prints_whole_and_clear_of_every_sheet_cut(tmp_path, tile, paper, lang):
    mat, placed, (cuts_x, cuts_y) = _mat_runs(tmp_path, tile, paper, lang)
    assert cuts_x or cuts_y or paper == "a3"
    for text, (x0, y0, x1, y1) in placed:
        for cut in cuts_x:
            assert x1 <= cut - 2.95 or x0 >= cut + 2.95, (text, (x0, x1), cut)
        for cut in cuts_y:
            assert y1 <= cut - 2.95 or y0 >= cut + 2.95, (text, (y0, y1), cut)
    printed = " ".join(text for text, _box in placed).split()
    for item in mat.children:
        if type(item).__name__ == "Text":
            assert all(word in printed for word in item.text.split()), item.text


def test_every_copy_of_a_tile_type_is_one_drawing_and_each_kind_of_back_one():
    """A scene per copy held 1.6 GB at 200 tiles of every type (DESIGN 12: 1 GB); the sheets place one drawing as
    often as the mix holds it."""
    from washigen.games.trail_route.tiles import tile_runs

    mix = load_mix()
    fronts, backs = tile_runs(mix, 40.0, 3.0)
    codes = mix.pool("road") + mix.pool("exchange") + mix.pool("destinations")
    assert len(fronts) == len(backs) == len(codes) == mix.total("road") + mix.total("exchange") + \
        mix.total("destinations")
    road = len(mix.pool("road"))
    first_of = {}
    for index, code in enumerate(codes):
        part = "road" if index < road else ("exchange" if index < road + len(mix.pool("exchange")) else "dest")
        first_of.setdefault((part, code), fronts[index])
        assert fronts[index] is first_of[(part, code)]
    assert len({id(front) for front in fronts}) == len(first_of)
    assert len({id(back) for back in backs}) == 3                   # road, exchange and destination backs
    exchange_front = fronts[road + mix.pool("exchange").index(codes[0])]
    assert exchange_front is not fronts[0]                          # an exchange tile is not its road twin
