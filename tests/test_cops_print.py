"""Cops prints read back: PDF page boxes in mm, PNG pixels, SVG sizes, colours where the paths and roads are."""

import math
import xml.etree.ElementTree as ElementTree

import pytest
from click.testing import CliRunner

from washigen.cli import main
from washigen.games import get_game
from washigen.games.cops.generate import generate_map
from washigen.games.cops.geometry import location_index, path_visible
from washigen.press import KitPart, PrintOptions
from washigen.backends import to_pdf

from .cops_designs import cops_map, cops_tape
from .readback import page_boxes_mm, page_size_mm, page_texts, pdf_pages, png_info, rasterise_pdf

TOL = 0.05


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def box_size(box):
    return box[2] - box[0], box[3] - box[1]


@pytest.mark.parametrize("players, width, offset", [(2, "50mm", 0), (4, "50mm", 10), (3, "25mm", 0),
                                                    (2, "15mm", 3), (6, "45mm", 11.25)])
def test_a_map_prints_on_one_page_at_real_size(tmp_path, players, width, offset):
    out = tmp_path / "map.pdf"
    # --budget 0: the seed's first playable layout, as the search would print it (page sizes, not fairness, here)
    run("cops", "map", "--players", players, "--tape-width", width, "--offset", offset, "--seed", 3, "--budget", 0,
        "-o", out)
    (page,) = pdf_pages(out)
    tape = float(width[:-2])
    length = players * tape * 3.6
    height = tape + offset
    w, h = page_size_mm(page)
    assert abs(w - (length + 6)) < TOL and abs(h - (height + 6)) < TOL      # 3 mm bleed all round
    trim = page_boxes_mm(page)["trimbox"]
    assert abs(trim[0] - 3) < TOL and abs(trim[1] - 3) < TOL
    assert abs(box_size(trim)[0] - length) < TOL and abs(box_size(trim)[1] - height) < TOL


@pytest.mark.parametrize("paper, size", [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
def test_strips_on_paper_fill_tape_lanes(tmp_path, paper, size):
    out = tmp_path / "strips.pdf"
    run("cops", "map", "--players", 6, "--offset", 5, "--seed", 8, "--paper", paper, "--budget", 0, "-o", out)
    pages = pdf_pages(out)
    # Three 50 mm lanes fit across a landscape page inside its margins, one 180 mm segment per lane.
    assert len(pages) == 2
    for page in pages:
        w, h = page_size_mm(page)
        assert abs(w - size[0]) < TOL and abs(h - size[1]) < TOL


def test_a_strip_is_as_wide_as_the_tape_on_paper(tmp_path):
    """Read the strip's width off the rendered page: the blue squad section at the left end of the first segment
    (no joint crosses it) spans the tape width exactly. The strip starts inside the 6.35 mm margin plus 7 mm kept
    for crop marks."""
    design = generate_map(2, seed=4, tape_width=30.0)
    document = get_game("cops").print_design(design, PrintOptions(paper="a4", bleed=0.0))
    image = rasterise_pdf(to_pdf(document.pages), dpi=254)          # 10 px per mm
    column = round((6.35 + 7.0 + 0.45) * 10)
    blue = [y for y in range(image.height) if _near(image.getpixel((column, y)), (0x2f, 0x63, 0xa8))]
    assert blue, "no squad section found"
    runs = _runs(blue)
    assert abs((runs[0][1] - runs[0][0] + 1) / 10 - 30.0) <= 0.2


def _runs(values):
    runs, start = [], values[0]
    for a, b in zip(values, values[1:]):
        if b != a + 1:
            runs.append((start, a))
            start = b
    runs.append((start, values[-1]))
    return runs


def _near(pixel, colour, tolerance=40) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour))


def test_paths_print_yellow_on_a_dark_edge_and_roads_orange(tmp_path):
    design = generate_map(2, seed=6, offset=9.0)
    document = get_game("cops").print_design(design, PrintOptions(bleed=0.0))
    image = rasterise_pdf(to_pdf(document.pages), dpi=254)            # 10 px per mm
    segment = design.segments[0]
    yellow = dark = 0
    for path in segment.paths:
        part = path_visible(path, location_index(segment))
        (x1, y1), (x2, y2) = part[0], part[1]
        length = math.dist(part[0], part[1])
        if length < 6:
            continue
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length            # across the path
        if _near(image.getpixel((round(mx * 10), round(my * 10))), (0xf5, 0xc4, 0x00)):
            yellow += 1
        edge = image.getpixel((round((mx + nx * 1.15) * 10), round((my + ny * 1.15) * 10)))
        if sum(edge) < 3 * 140:
            dark += 1
    assert yellow >= 8 and dark >= 8
    road = design.roads[0]
    along = [(p[0] + k * (q[0] - p[0]) / 10, p[1] + k * (q[1] - p[1]) / 10)
             for p, q in zip(road.points, road.points[1:]) for k in range(1, 10)]
    colours = [image.getpixel((round(x * 10), round(y * 10))) for x, y in along]
    assert any(_near(c, (0xf0, 0x8a, 0x24)) for c in colours)


def test_png_and_svg_sizes(tmp_path):
    png = tmp_path / "map.png"
    run("cops", "map", "--players", 2, "--seed", 1, "--dpi", 100, "-o", png)
    (w, h), dpi = png_info(png.read_bytes())
    assert (w, h) == (round(366 / 25.4 * 100), round(56 / 25.4 * 100))
    assert abs(dpi[0] - 100) < 0.5
    svg = tmp_path / "map.svg"
    run("cops", "map", "--players", 2, "--seed", 1, "-o", svg)
    root = ElementTree.fromstring(svg.read_bytes())
    assert root.get("width") == "366mm" and root.get("height") == "56mm"
    assert root.get("viewBox") == "-3 -3 366 56"


def test_same_seed_same_bytes(tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("cops", "map", "--players", 3, "--offset", 4, "--seed", 77, "-o", first)
    run("cops", "map", "--players", 3, "--offset", 4, "--seed", 77, "-o", second)
    assert first.read_bytes() == second.read_bytes()


def test_a_tape_roll_prints_as_pages_of_whole_repeats(tmp_path):
    """10 m of a 540 mm repeat: pages of whole repeats (the last may be shorter), none longer than the 5,080 mm
    every viewer shows at real size, whose trims add up to the roll; one repeat is one page, its length plus the
    bleed."""
    out = tmp_path / "roll.pdf"
    run("cops", "tape", "--segments", 3, "--length", "10m", "--bleed", "2mm", "--seed", 1, "-o", out)
    pages = pdf_pages(out)
    trims = [box_size(page_boxes_mm(page)["trimbox"]) for page in pages]
    assert len(pages) > 1 and all(page_size_mm(page)[0] <= 5080 for page in pages)
    assert abs(sum(w for w, _ in trims) - 10000) < 0.5 and all(abs(h - 50) < TOL for _, h in trims)
    assert all(abs(w / 540 - round(w / 540)) < 1e-6 for w, _ in trims[:-1])
    repeat = tmp_path / "repeat.pdf"
    run("cops", "tape", "--segments", 3, "--seed", 1, "-o", repeat)
    assert abs(page_size_mm(pdf_pages(repeat)[0])[0] - (3 * 180 + 6)) < TOL


def test_a_roll_ends_on_its_last_whole_segment_and_its_plain_tape_runs_into_the_bleed(tmp_path):
    """1 m of 180 mm segments: five whole ones (900 mm), then plain tape to the cut and through the bleed, so the
    cut crosses no location and the bleed beyond the end is printed (read at 300 dpi)."""
    from .printcheck import bare_bleed

    out = tmp_path / "roll.pdf"
    run("cops", "tape", "--seed", 1, "--length", "1m", "-o", out)
    data = out.read_bytes()
    assert bare_bleed(data) == []
    image = rasterise_pdf(data, dpi=300).convert("RGB")
    px = 300 / 25.4
    ground = (0xfb, 0xf8, 0xf1)
    tail = {image.getpixel((round((3 + x) * px), round(y * px)))
            for x in range(902, 1003, 2) for y in range(1, 56, 2)}
    assert tail == {ground}
    segment = {image.getpixel((round((3 + 890) * px), round(y * px))) for y in range(5, 52, 2)}
    assert ground not in segment                   # the fifth segment's zone colour, not plain tape, up to 900 mm


def test_rule_sheet_figures_and_the_kit():
    game = get_game("cops")
    segment = game.diagram("segment", {"seed": 3})
    assert (segment.width, segment.height) == (180.0, 50.0)
    assert game.diagram("map", {"players": 2, "seed": 3}).width == 360.0
    location = game.diagram("location", {})
    assert location.width > 50 and location.height > 25
    with pytest.raises(Exception, match="segment, location, map"):
        game.diagram("river", {})
    parts = game.kit(3, "letter")
    assert [part.title for part in parts] == ["Map", "Squad sheets"] and all(isinstance(p, KitPart) for p in parts)
    pdf = to_pdf(parts[0].document.pages)
    w, h = page_size_mm(pdf_pages(pdf)[0])
    assert abs(w - 279.4) < TOL and abs(h - 215.9) < TOL
    assert len(parts[1].document.pages) == 1


FIGURE_TEXT = {"en": ("Figure", ("Two zones.", "Every location is split", "End to end.", "Side by side.",
                                   "Offset setup.")),
               "de": ("Abb.", ("Zwei Zonen.", "Jeder Tatort", "Ende an Ende.", "Untereinander.",
                               "Versetzter Aufbau."))}


@pytest.mark.parametrize("lang, paper", [("en", "a4"), ("de", "letter")])
def test_the_rule_sheet_figures_print_every_word_readable_near_their_text(tmp_path, lang, paper):
    """The figures are scaled into the page: the segment and the side-by-side maps draw their words larger for the
    width they print at, so every id, squad label and seed line reads >= 6 pt (fine print >= 5 pt) on the page;
    the end-to-end overview, printed at half size, leaves its words off. Each figure prints on the page of the
    paragraph it illustrates or the next one."""
    from .printcheck import small_text, text_runs

    out = tmp_path / "rules.pdf"
    run("rules", "cops", "--lang", lang, "--paper", paper, "-o", out)
    runs = text_runs(out.read_bytes())
    assert small_text(runs) == []
    ids = [(word, run.size_pt) for run in runs for word in run.text.split()
           if len(word) == 2 and word[0] in "123" and word[1] in "abcdefgh"]
    # the segment's eight ids, the two strips' sixteen, and those in the detail of figure 5
    assert {"1a", "1h", "2a", "2h"} <= {word for word, _ in ids} and len(ids) > 24
    assert all(6.0 - 0.05 <= size <= 8.0 for _, size in ids)
    pages = [text.replace("\n", " ") for text in page_texts(out)]
    label, paragraphs = FIGURE_TEXT[lang]
    for number, paragraph in zip((1, 2, 3, 4, 5), paragraphs):
        figure = next(k for k, text in enumerate(pages) if f"{label} {number}." in text)
        text = next(k for k, text in enumerate(pages) if paragraph in text)
        assert 0 <= figure - text <= 1, (number, figure, text)


def test_a_figure_drawn_for_its_printed_width_draws_its_words_that_much_larger():
    from washigen.fonts import MIN_TEXT
    from washigen.rulebook.typeset import smallest_text

    game = get_game("cops")
    real = smallest_text(game.diagram("map", {"players": 3, "layout": "stacked"}))
    larger = smallest_text(game.diagram("map", {"players": 3, "layout": "stacked", "print_width": 120}))
    assert larger == pytest.approx(real * 180 / 120)
    assert smallest_text(game.diagram("map", {"players": 2, "words": False})) is None
    detail = game.diagram("map", {"players": 3, "layout": "stacked", "crop": "0,18,101,84", "print_width": 80})
    assert (detail.width, detail.height) == (101.0, 84.0)
    # the seed lines lie outside the detail and are left out: its smallest words are the ids, for 80 mm
    assert smallest_text(detail) == pytest.approx(MIN_TEXT * 101 / 80)
    # what lies outside the detail is left out of its PDF, not only clipped: no shape reaches far past its edge
    # (the whole map's would reach 89 mm past its right edge)
    import pypdfium2 as pdfium
    import pypdfium2.raw  # noqa: F401 (pdfium.raw)

    page = pdfium.PdfDocument(to_pdf([detail]))[0]
    width, height = page.get_width(), page.get_height()
    reach = 7.0 * 72 / 25.4                 # 3 mm drawn past the edge, and pdfium's bounds widen strokes generously
    for item in page.get_objects(max_depth=1):
        if item.type in (pdfium.raw.FPDF_PAGEOBJ_PATH, pdfium.raw.FPDF_PAGEOBJ_TEXT):     # a form's box is not its ink
            left, bottom, right, top = item.get_bounds()
            assert left >= -reach and bottom >= -reach and right <= width + reach and top <= height + reach
    for bad, says in (({"print_width": 0}, "print_width"), ({"crop": "0,0,500,10"}, "not inside the map"),
                      ({"crop": "a,b"}, "x,y,w,h")):
        with pytest.raises(Exception, match=says):
            game.diagram("map" if "crop" in bad else "segment", bad)


def test_every_tape_width_renders_at_its_width():
    game = get_game("cops")
    for width in (15.0, 20.0, 25.0, 30.0, 35.0, 45.0, 50.0):
        design = generate_map(2, seed=2, tape_width=width)
        page = pdf_pages(to_pdf(game.print_design(design, PrintOptions(bleed=0.0)).pages))[0]
        w, h = page_size_mm(page)
        assert abs(w - 2 * width * 3.6) < TOL and abs(h - width) < TOL


STANDARD_TAPE_WIDTHS = (15.0, 20.0, 25.0, 30.0, 35.0, 45.0, 50.0)


def _printed_words(runs) -> list[str]:
    return [word for run in runs for word in run.text.split()]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", STANDARD_TAPE_WIDTHS)
def test_every_word_keeps_inside_the_tape_on_every_standard_width(width, lang):
    """Read back from the PDFs: on every standard tape, a map (end to end with an offset, and stacked strips on a
    sheet), a tape repeat (on its own page and as strips on Letter) and a roll print every word >= 6 pt (fine
    print >= 5 pt) and >= 3 mm inside the tape's trim, artwork into the bleed. Every location id stays on the
    tape, each once: a narrow tape sets it beside its location or in its pictogram's place, never smaller."""
    from .printcheck import preflight, text_runs

    game = get_game("cops")
    offset = round(width * 0.2, 1)
    # each design generated once for both languages (tests/cops_designs.py), the map and the tape for the scenes of
    # tests/test_cops_words_print.py too
    cases = {
        "map": (cops_map(3, seed=2, tape_width=width, offset=offset), PrintOptions(lang=lang)),
        "stacked strips": (cops_map(3, seed=2, tape_width=width, offset=offset, layout="stacked"),
                           PrintOptions(paper="a4", lang=lang)),
        "tape": (cops_tape(4, seed=2, tape_width=width), PrintOptions(lang=lang)),
        "stacked tape strips": (cops_tape(2, seed=5, tape_width=width, layout="stacked"),
                                PrintOptions(paper="letter", lang=lang)),
    }
    for name, (design, options) in cases.items():
        pdf = to_pdf(game.print_design(design, options).pages)
        runs = text_runs(pdf)                           # read once, for the preflight and the words
        assert preflight(pdf, runs=runs) == [], (name, width, lang)
        words = _printed_words(runs)
        for segment in design.segments:
            for location in segment.locations:
                assert words.count(location.id) == 1, (name, width, lang, location.id)
        if width >= 45:            # a wide tape keeps its look: the squad label, the seed and version at the end
            count = len(design.segments)
            assert words.count("SQUAD" if lang == "en" else "TRUPP") >= 1, (name, lang)
            assert words.count("washigen") == count and words.count(f"{count}/{count}") == 1, (name, lang)


@pytest.mark.parametrize("width", ["15mm", "25mm"])
def test_a_tape_roll_on_narrow_tape_passes_the_preflight(tmp_path, width):
    from .printcheck import preflight

    out = tmp_path / "roll.pdf"
    run("cops", "tape", "--seed", 2, "--tape-width", width, "--length", "1m", "--lang", "de", "-o", out)
    assert preflight(out.read_bytes()) == []


@pytest.mark.parametrize("players, seed, layout", [(2, 1, "end-to-end"), (3, 5, "stacked"), (4, 6, "stacked")])
def test_a_solved_zone_s_digit_at_the_map_s_end_keeps_the_safe_zone_from_the_trim(tmp_path, players, seed, layout):
    """The squad's digit on a solved zone at the right end of a strip came 1.6 to 2.9 mm from the trim on 15 mm
    tape (15 of 72 games: these three among them), where the disc alone was kept inside the zone."""
    from .printcheck import preflight

    out = tmp_path / "game.pdf"
    run("cops", "play", "--seed", seed, "--players", players, "--layout", layout, "--tape-width", "15mm", "-o", out)
    assert preflight(out.read_bytes()) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_on_15mm_tape_is_drawn_with_every_word_inside_the_tape(tmp_path, lang):
    from .printcheck import preflight, text_runs

    out = tmp_path / "game.pdf"
    run("cops", "play", "--seed", 3, "--players", 3, "--tape-width", "15mm", "--lang", lang, "-o", out)
    data = out.read_bytes()
    runs = text_runs(data)
    assert preflight(data, runs=runs) == []
    words = _printed_words(runs)
    assert all(f"{n}{letter}" in words for n in (1, 2, 3) for letter in "abcdefgh")


def test_on_a_narrow_tape_a_word_with_no_room_is_left_off_not_shrunk():
    """15 mm tape: the squad field is too narrow for SQUAD at 6 pt 3 mm inside the tape's end, so it is left off;
    the version has no room in the corridor, so it is left off too; the seed stays where it finds room, at 5 pt."""
    from washigen.fonts import MIN_FINE_PRINT, MIN_TEXT
    from washigen.games.cops.draw import map_scene
    from washigen.scene import Group, Text

    def texts(items):
        for item in items:
            if isinstance(item, Group):
                yield from texts(item.children)
            elif isinstance(item, Text):
                yield item

    design = cops_map(3, seed=2, tape_width=15.0)
    words = list(texts(map_scene(design, 3.0).children))
    assert not any(word.text == "SQUAD" or word.text.startswith("washigen") for word in words)
    assert any(word.text.startswith("seed 2") for word in words)
    assert all(word.size >= (MIN_FINE_PRINT if word.text.startswith("seed") else MIN_TEXT) - 1e-9 for word in words)


def test_each_squad_section_says_squad_once_where_joint_paths_split_it():
    """Paths from a joint cut a segment's squad section into white fields; the word goes in the tallest only (a
    section split into two tall fields printed it twice)."""
    from washigen.games.cops.draw import _squad_section
    from washigen.games.cops.model import scale_for
    from washigen.scene import Rect, Text

    tall_fields = 0
    for players, seed in [(2, 1), (3, 3), (4, 6), (5, 2), (6, 4)]:
        design = generate_map(players, seed, search=False)
        s = scale_for(design.tape_width)
        for segment in design.segments:
            items = _squad_section(segment, design.tape_width, s, 0.0)
            fields = [item for item in items if isinstance(item, Rect) and item.style.fill == "#ffffff"]
            tall_fields += sum(1 for field in fields if field.h >= 12.8 * s) >= 2
            assert sum(1 for item in items if isinstance(item, Text) and item.text == "SQUAD") <= 1, (players, seed)
    assert tall_fields, "no section of these maps has two fields tall enough for the word: nothing is tested"
