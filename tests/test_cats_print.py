"""Cats on paper: sizes read back from the PDF, SVG and PNG files, strips on sheets, tape artwork, the look."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from tests.readback import page_boxes_mm, page_size_mm, page_texts, pdf_pages, pdf_text, png_info, rasterise_pdf
from washigen.cli import main
from washigen.games.cats.draw import map_scene, print_design
from washigen.games.cats.symbols import THEME
from washigen.qr import qr_matrix
from washigen.games.cats.generate import generate_map
from washigen.press import PrintOptions
from washigen.backends import to_pdf, to_png, to_svg

BLEED = 3.0


def _map_size(tape: float, rows: int, cols: int = 24, layers: int = 2) -> tuple[float, float, float]:
    s = tape / (rows + 1)
    return s, cols * s, layers * rows * s + 2 * s


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result


@pytest.mark.parametrize("tape, rows", [(15, 9), (15, 4), (25, 9), (50, 9)])
def test_a_real_size_map_page_is_the_map_plus_bleed_and_its_trim_the_map(tape, rows, tmp_path):
    out = tmp_path / "map.pdf"
    result = _run("cats", "map", "--tape-width", f"{tape}mm", "--segment-rows", rows, "--seed", 1, "-o", out)
    assert result.exit_code == 0, result.output
    s, width, height = _map_size(tape, rows)
    pages = pdf_pages(out)
    assert len(pages) == 1
    boxes = page_boxes_mm(pages[0])
    x0, y0, x1, y1 = boxes["trimbox"]
    assert (x1 - x0, y1 - y0) == pytest.approx((width, height), abs=0.05)
    assert (x0, y0) == pytest.approx((BLEED, BLEED), abs=0.05)
    assert page_size_mm(pages[0]) == pytest.approx((width + 2 * BLEED, height + 2 * BLEED), abs=0.05)
    bx0, by0, bx1, by1 = boxes["bleedbox"]
    assert (bx1 - bx0, by1 - by0) == pytest.approx((width + 2 * BLEED, height + 2 * BLEED), abs=0.05)


@pytest.mark.parametrize("tape, dpi", [(15, 300), (25, 200), (50, 100)])
def test_png_pixels_follow_the_size_and_dpi(tape, dpi, tmp_path):
    out = tmp_path / "map.png"
    assert _run("cats", "map", "--tape-width", f"{tape}mm", "--seed", 2, "--dpi", dpi, "-o", out).exit_code == 0
    _, width, height = _map_size(tape, 9)
    size, recorded = png_info(out.read_bytes())
    assert size == (round((width + 2 * BLEED) / 25.4 * dpi), round((height + 2 * BLEED) / 25.4 * dpi))
    assert recorded == pytest.approx((dpi, dpi), abs=0.01)


def test_the_svg_is_in_millimetres(tmp_path):
    out = tmp_path / "map.svg"
    assert _run("cats", "map", "--seed", 1, "-o", out).exit_code == 0
    root = ET.fromstring(out.read_bytes())
    assert (root.get("width"), root.get("height")) == ("126mm", "106mm")
    assert root.get("viewBox") == "-3 -3 126 106"
    assert root.findall(".//{http://www.w3.org/2000/svg}symbol"), "repeated drawings should be symbols"
    assert not root.findall(".//{http://www.w3.org/2000/svg}image")


@pytest.mark.parametrize("paper, size", [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
def test_strips_on_sheets_are_numbered_in_assembly_order(paper, size, tmp_path):
    out = tmp_path / "strips.pdf"
    assert _run("cats", "map", "--players", 4, "--long", 1, "--seed", 3, "--paper", paper, "-o", out).exit_code == 0
    pages = pdf_pages(out)
    text = "".join(page_texts(out))
    # 3 layers x 2 segments: 6 strips of 120 x 50 mm, from the middle layer outwards
    for number in range(1, 7):
        assert f"strip {number} ·" in text
    assert "strip 7 ·" not in text
    assert text.index("strip 1 · top side") < text.index("strip 3 · bottom side")
    assert "How the strips go together" in text
    for page in pages:
        assert page_size_mm(page) == pytest.approx(size, abs=0.05)
    # read a strip's size off the printed page: its grey band runs the strip's length plus the bleed at both ends
    dpi = 100
    image = rasterise_pdf(out.read_bytes(), page=0, dpi=dpi)
    grey = _hex(THEME["band"])
    longest = max(_longest_run(image, y, grey) for y in range(image.height))
    assert longest == pytest.approx((120 + 2 * BLEED) / 25.4 * dpi, abs=2)


def _longest_run(image, y: int, colour) -> int:
    best = run = 0
    for x in range(image.width):
        if all(abs(a - b) <= 6 for a, b in zip(image.getpixel((x, y)), colour)):
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def test_a_tape_artwork_is_tape_width_by_length_with_bleed(tmp_path):
    out = tmp_path / "tape.pdf"
    result = _run("cats", "tape", "--tape-width", "25mm", "--length", "1m", "--bleed", "2mm", "--seed", 1, "-o", out)
    assert result.exit_code == 0, result.output
    page = pdf_pages(out)[0]
    assert page_size_mm(page) == pytest.approx((1004.0, 29.0), abs=0.05)
    x0, y0, x1, y1 = page_boxes_mm(page)["trimbox"]
    assert (x1 - x0, y1 - y0) == pytest.approx((1000.0, 25.0), abs=0.05)


def test_a_whole_roll_is_vector_pages_no_longer_than_200_inches(tmp_path):
    out = tmp_path / "roll.pdf"
    assert _run("cats", "tape", "--seed", 1, "-o", out).exit_code == 0
    pages = pdf_pages(out)
    assert len(pages) == 3
    assert all(page_size_mm(page)[0] <= 5080.05 and "/UserUnit" not in page for page in pages)
    trims = [page_boxes_mm(page)["trimbox"] for page in pages]
    assert sum(x1 - x0 for x0, _, x1, _ in trims) == pytest.approx(10_000.0, abs=0.1)
    assert all(y1 - y0 == pytest.approx(50.0, abs=0.05) for _, y0, _, y1 in trims)
    assert out.stat().st_size < 400_000


def test_a_roll_design_file_renders_as_the_same_pages(tmp_path):
    design, out = tmp_path / "roll.json", tmp_path / "roll.pdf"
    assert _run("cats", "tape", "--seed", 1, "-o", design).exit_code == 0
    result = _run("render", design, "-o", out)
    assert result.exit_code == 0, result.output
    assert [page_size_mm(page)[0] <= 5080.05 for page in pdf_pages(out)] == [True] * 3


def test_a_large_tape_png_is_written_as_tiles(tmp_path, monkeypatch):
    import washigen.backends.png as png

    monkeypatch.setattr(png, "MAX_PIXELS", 150_000)
    out = tmp_path / "tape.png"
    result = _run("cats", "tape", "--length", "400mm", "--dpi", 100, "--seed", 1, "-o", out)
    assert result.exit_code == 0, result.output
    tiles = sorted(tmp_path.glob("tape-tile-*.png"))
    assert len(tiles) >= 2
    sizes = [png_info(t.read_bytes())[0] for t in tiles]
    assert sum(w for w, _ in sizes) == round(406 / 25.4 * 100)
    assert {h for _, h in sizes} == {round(56 / 25.4 * 100)}


def test_player_sheets_fit_their_paper(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert _run("cats", "sheet", "--players", 6, "-o", out).exit_code == 0
    pages = pdf_pages(out)
    assert page_size_mm(pages[0]) == pytest.approx((210.0, 297.0), abs=0.05)
    text = page_texts(out)[0]
    assert all(f"player {p}" in text for p in range(1, 7))
    x0, y0, x1, y1 = page_boxes_mm(pages[0])["trimbox"]
    # two strips of 90 x 26 mm abreast, 6 mm apart (each keeps its 3 mm bleed), three rows
    assert (x1 - x0, y1 - y0) == pytest.approx((2 * 90.0 + 6.0, 3 * 26.0 + 2 * 6.0), abs=0.05)


# -- the drawing -------------------------------------------------------------------------------------------------------------

def test_the_standard_map_pdf_is_small_and_the_same_every_time():
    design = generate_map(players=2, seed=1)
    first = to_pdf(print_design(design, PrintOptions()).pages)
    again = to_pdf(print_design(generate_map(players=2, seed=1), PrintOptions()).pages)
    assert first == again
    assert len(first) <= 100_000


def test_repeated_drawings_are_symbols():
    scene = map_scene(generate_map(forests=5, seed=7))
    ids = set(scene.symbols)
    assert {i.split("-")[0] for i in ids} >= {"shrine", "sewer", "tree", "fish", "special", "colour"}


def _rgb(image: Image.Image, x_mm: float, y_mm: float, dpi: int) -> tuple[int, int, int]:
    return image.getpixel((int((x_mm + BLEED) / 25.4 * dpi), int((y_mm + BLEED) / 25.4 * dpi)))


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_walls_are_black_lids_coloured_and_shrines_red_on_the_page():
    design = generate_map(seed=1)
    data = to_pdf(print_design(design, PrintOptions()).pages)
    dpi = 200
    image = rasterise_pdf(data, dpi=dpi)
    s = 5.0
    band = s
    # a wall: the top edge of a building cell whose top is a wall
    owner = {cell: k for k, b in enumerate(design.grid.buildings) for cell in b.cells}
    doors = {(o.row, o.col, o.side) for b in design.grid.buildings for o in b.openings}
    walls = [(r, c) for (r, c) in owner if (r - 1, c) not in owner and (r, c, "n") not in doors]
    r, c = walls[0]
    pixel = _rgb(image, (c - 0.5) * s, band + (r - 1) * s, dpi)
    assert max(pixel) < 80, pixel
    for sewer in design.grid.sewers[:6]:
        x, y = (sewer.col - 0.5) * s, band + (sewer.row - 1 + 0.19) * s
        if sewer.row <= 9:                  # the top half is turned to face its player
            y = band + (sewer.row - 0.19) * s
        got = _rgb(image, x, y, dpi)
        want = _hex(THEME[f"sewer-{sewer.colour}"])
        assert all(abs(a - b) < 40 for a, b in zip(got, want)), (sewer, got, want)
    shrine = next((r + 1, row.index("J") + 1) for r, row in enumerate(design.grid.rows) if "J" in row)
    x, y = (shrine[1] - 0.7) * s, band + (shrine[0] - 1 + 0.6) * s       # on a post, turned or not
    got = _rgb(image, x, y, dpi)
    assert got[0] > 150 and got[1] < 110 and got[2] < 110, got


def test_the_rules_qr_code_is_vector_and_reads_back():
    """On the output that prints a code (a roll's forest section: the 50 mm map's band is too narrow for one), the
    code is drawn as vector shapes, module for module reportlab's, and zxing-cpp reads it from a 300 dpi raster."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the project's test extras) decodes the QR codes")
    from reportlab.graphics.barcode.qr import QrCodeWidget

    from washigen.games.cats.roll import roll_repeat
    from washigen.games.cats.generate import generate_roll

    url = "https://example.com/cats-rules.pdf"
    scene = roll_repeat(generate_roll(segments=1, seed=1, rules_url=url), BLEED)
    assert b"<image" not in to_svg(scene)
    code = QrCodeWidget(url, barLevel="M").qr
    code.make()
    n = code.getModuleCount()
    assert qr_matrix(url) == tuple(tuple(bool(code.isDark(r, c)) for c in range(n)) for r in range(n))
    image = Image.open(io.BytesIO(to_png(scene, 300))).convert("L")
    assert [found.text for found in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)] == [url]


def test_a_setup_prints_its_fish_and_cats(tmp_path):
    out = tmp_path / "setup.pdf"
    assert _run("cats", "setup", "--seed", 4, "-o", out).exit_code == 0
    image = rasterise_pdf(out.read_bytes(), dpi=100)
    colours = {image.getpixel((x, y)) for x in range(0, image.width, 2) for y in range(0, image.height, 2)}
    assert _hex(THEME["player-1"]) in colours or any(
        all(abs(a - b) < 12 for a, b in zip(c, _hex(THEME["player-1"]))) for c in colours)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


# -- rule-sheet figures and the kit ----------------------------------------------------------------------------------------

def test_the_rule_sheet_figures_are_drawn_at_real_size():
    from washigen.errors import InputError
    from washigen.games import get_game

    game = get_game("cats")
    segment = game.diagram("segment", {"seed": 2})
    assert (segment.width, segment.height) == pytest.approx((120.0, 50.0))
    two = game.diagram("map", {"players": 2, "seed": 1})
    four = game.diagram("map", {"players": 4, "seed": 1})
    assert (two.width, two.height) == pytest.approx((120.0, 100.0))
    assert four.width == pytest.approx(240.0)
    cut = game.diagram("cutup", {"seed": 3})
    assert b"stroke-dasharray" in to_svg(cut)                 # the dashed lines where the pieces meet
    assert "Spezialzüge".encode() in to_svg(game.diagram("band", {"lang": "de"}))
    with pytest.raises(InputError, match="no diagram"):
        game.diagram("legend", {})
    with pytest.raises(InputError, match="lang"):
        game.diagram("band", {"lang": "fr"})


def test_the_kit_holds_the_map_strips_and_says_how_they_go_together_as_the_plan_does():
    from washigen.games import get_game

    parts = get_game("cats").kit(4, "letter")
    # every player has a panel of a band on the map: no player strips to print
    assert [p.title for p in parts] == ["Map"]
    pages = parts[0].document.pages
    # Letter, either way up: the strips are packed in the orientation that takes the fewest sheets
    assert all(sorted((round(p.width, 1), round(p.height, 1))) == [215.9, 279.4] for p in pages)
    plan = " ".join(page_texts(to_pdf(pages))[-1].split())
    said = parts[0].instructions
    meeting = said[said.index("The row of strips"):said.index("faces out.") + len("faces out.")]
    assert meeting in plan                    # the kit's words are the plan's, made from the same strips
    assert "top edge to top edge" not in said


# -- figures that read clearly, in both languages -------------------------------------------------------------------------

FIGURES = ("band", "segment", "map", "cutup", "play-step", "play-jump", "play-amazing", "play-pop", "play-building",
           "play-game")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", FIGURES)
def test_no_word_of_a_rule_sheet_figure_is_crossed_or_printed_over(name, lang):
    from tests.collisions import scene_collisions
    from washigen.games import get_game

    assert scene_collisions(get_game("cats").diagram(name, {"lang": lang}), name) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_band_figure_names_each_part_under_it_side_by_side(lang):
    """Each callout stands under its own group of symbols, the three apart from each other (read back from the SVG)."""
    from washigen.games import get_game
    from washigen.i18n import translator

    svg = ET.fromstring(to_svg(get_game("cats").diagram("band", {"lang": lang})))
    words = {"".join(t.itertext()): float(t.get("x")) for t in svg.iter("{http://www.w3.org/2000/svg}text")}
    _ = translator(lang)
    titles = [words[_(title)] for title in ("your colour", "special moves", "fish")]
    assert titles == sorted(titles) and min(b - a for a, b in zip(titles, titles[1:])) > 20.0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_move_figure_stands_in_the_section_that_explains_its_move(lang):
    """The rule sheet shows a move where its rule is told (the figure then prints on that page or the next, as
    tests/test_rulebook_order.py checks), not in a run of figures pages later."""
    from washigen.rulebook import load_rules
    from washigen.rulebook import markdown as md

    sections = {"en": {"play-step": "Moving one step", "play-building": "Buildings", "play-jump": "Super cat jump",
                       "play-amazing": "Special moves", "play-pop": "Special moves",
                       "play-game": "End of the game"},
                "de": {"play-step": "Einen Schritt ziehen", "play-building": "Gebäude",
                       "play-jump": "Super-Katzensprung", "play-amazing": "Spezialzüge", "play-pop": "Spezialzüge",
                       "play-game": "Spielende"}}[lang]
    heading, found = "", {}
    for block in load_rules("cats", lang).blocks:
        if isinstance(block, md.Heading):
            heading = block.text
        elif isinstance(block, md.Figure) and "/play-" in block.target:
            found[block.target.split("/")[1].split("?")[0]] = heading
    assert found == sections


# -- one German word for one thing ----------------------------------------------------------------------------------------

# The outputs of tests/print_matrix.py (made once a run, and read by the preflights and the language check too):
# the map's strips on A4 for 4 players, the 3 player sheet, the rules, the 6 player kit.
@pytest.mark.parametrize("name", ["cats-strips-a4-de", "cats-sheet-3p-de", "rules-cats-a4-de", "kit-cats-6p-de"])
def test_german_cats_sheets_call_the_player_band_spielerleiste_and_only_a_tape_strip_streifen(name,
                                                                                             tmp_path_factory):
    """A band and a strip are two things: the German sheets never call a band a 'Spielerstreifen' beside the
    'Streifen' they cut out."""
    from tests.print_matrix import OUTPUTS, made

    text = pdf_text(made(OUTPUTS[name], tmp_path_factory)).replace("\n", " ")
    assert "Spielerleiste" in text
    assert "Spielerstreifen" not in text and "Streifen pro Person" not in text
