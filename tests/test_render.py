"""The backends: the same scene gives the same picture in SVG, PDF and PNG, and the same bytes every time."""

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops, ImageStat

from washigen.backends import to_pdf, to_png, to_svg
from washigen.scene import Rect, Scene, Style, Symbol, Text, Use

from .readback import page_boxes_mm, pdf_pages, png_info, rasterise_pdf
from .scenes import sample_scene

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_is_sized_in_mm_with_a_mm_viewbox_including_the_bleed():
    root = ET.fromstring(to_svg(sample_scene(bleed=3.0)))
    assert root.get("width") == "86mm" and root.get("height") == "56mm"
    assert root.get("viewBox") == "-3 -3 86 56"


def test_svg_symbols_are_defined_once_and_used_by_stable_ids():
    root = ET.fromstring(to_svg(sample_scene()))
    symbols = root.findall(f".//{SVG}defs/{SVG}symbol")
    assert [s.get("id") for s in symbols] == ["sym-fish"]
    uses = root.findall(f".//{SVG}use")
    assert len(uses) == 2
    assert all(u.get("{http://www.w3.org/1999/xlink}href") == "#sym-fish" for u in uses)


def test_svg_desc_names_game_kind_seed_and_version_and_text_is_escaped():
    svg = to_svg(sample_scene())
    root = ET.fromstring(svg)
    desc = root.find(f"{SVG}desc").text
    for part in ("game: sample", "kind: test", "seed: 7", "version: 0.1.0"):
        assert part in desc
    assert root.find(f"{SVG}title").text == "Sample <scene> & co"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Straße: äöü ß <&>" in texts
    assert b"<&>" not in svg and b"&lt;&amp;&gt;" in svg


def test_pdf_subject_names_game_kind_seed_and_version_as_the_svg_desc_does():
    from pypdf import PdfReader

    subject = PdfReader(io.BytesIO(to_pdf([sample_scene()]))).metadata.subject
    for part in ("game: sample", "kind: test", "seed: 7", "version: 0.1.0"):
        assert part in subject
    assert "title" not in subject


def test_same_scene_gives_same_bytes_in_every_format():
    assert to_svg(sample_scene()) == to_svg(sample_scene())
    assert to_pdf([sample_scene()]) == to_pdf([sample_scene()])
    assert to_png(sample_scene(), 96) == to_png(sample_scene(), 96)


def test_pdf_page_is_trim_plus_bleed_with_trim_and_bleed_boxes():
    page = pdf_pages(to_pdf([sample_scene(bleed=3.0)]))[0]
    boxes = page_boxes_mm(page)
    assert boxes["mediabox"] == pytest.approx((0, 0, 86, 56), abs=0.05)
    assert boxes["trimbox"] == pytest.approx((3, 3, 83, 53), abs=0.05)
    assert boxes["bleedbox"] == pytest.approx((0, 0, 86, 56), abs=0.05)


def test_pdf_draws_symbols_as_one_form_each():
    page = pdf_pages(to_pdf([sample_scene()]))[0]
    xobjects = page["/Resources"]["/XObject"]
    forms = [name for name in xobjects if xobjects[name].get_object()["/Subtype"] == "/Form"]
    assert len(forms) == 1
    content = page.get_contents().get_data().decode("latin-1")
    assert content.count(f"{forms[0]} Do") == 2


def test_pdf_embeds_a_subset_font_and_german_text_comes_out_as_text():
    data = to_pdf([sample_scene()])
    page = pdf_pages(data)[0]
    assert "Straße: äöü ß <&>" in page.extract_text()
    fonts = page["/Resources"]["/Font"]
    names = [fonts[f].get_object()["/BaseFont"] for f in fonts]
    assert names and all(re.match(r"/[A-Z]{6}\+", str(n)) for n in names), names  # subset tags
    assert b"/FontFile2" in data


def test_png_has_the_pixel_size_and_dpi_asked_for():
    scene = sample_scene(bleed=3.0)           # 86 x 56 mm
    for dpi in (72, 150, 300):
        (width, height), recorded = png_info(to_png(scene, dpi))
        assert (width, height) == (round(86 / 25.4 * dpi), round(56 / 25.4 * dpi))
        # PNG stores whole pixels per metre, so 150 dpi reads back as 150.01.
        assert recorded == pytest.approx((dpi, dpi), abs=0.05)


def _difference(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose grey level differs by more than a quarter of the range."""
    if a.size != b.size:
        size = (min(a.width, b.width), min(a.height, b.height))
        a, b = a.crop((0, 0, *size)), b.crop((0, 0, *size))
    diff = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 64 else 0)
    return ImageStat.Stat(diff).mean[0] / 255.0


def test_pdf_and_svg_of_one_scene_give_the_same_picture():
    scene = sample_scene()
    dpi = 150
    from_pdf = rasterise_pdf(to_pdf([scene]), dpi=dpi)
    from_svg = Image.open(io.BytesIO(to_png(scene, dpi))).convert("RGB")
    assert abs(from_pdf.width - from_svg.width) <= 1 and abs(from_pdf.height - from_svg.height) <= 1
    # Anti-aliasing differs a little between pdfium and cairo; a misplaced or missing shape costs far more.
    assert _difference(from_pdf, from_svg) < 0.01


def test_the_picture_comparison_notices_a_missing_shape():
    scene = sample_scene()
    changed = sample_scene()
    changed.children = [c for c in changed.children if not (isinstance(c, Rect) and c.x == 4)]
    a = rasterise_pdf(to_pdf([scene]), dpi=150)
    b = Image.open(io.BytesIO(to_png(changed, 150))).convert("RGB")
    assert _difference(a, b) > 0.01


def test_two_symbols_with_one_id_but_different_drawings_get_two_forms():
    first = Scene(20, 20)
    first.define(Symbol("dot", 4, 4, [Rect(0, 0, 4, 4, Style(fill="sewer-red"))]))
    first.add(Use("dot", 1, 1))
    second = Scene(20, 20)
    second.define(Symbol("dot", 4, 4, [Rect(0, 0, 4, 4, Style(fill="sewer-blue"))]))
    second.add(Use("dot", 1, 1))
    pages = pdf_pages(to_pdf([first, second]))
    names = [set(p["/Resources"]["/XObject"]) for p in pages]
    assert names[0] != names[1]


def test_unknown_theme_colour_is_an_input_error():
    from washigen.errors import InputError

    scene = Scene(10, 10)
    scene.add(Text(1, 5, "x", style=Style(fill="sewer-mauve")))
    with pytest.raises(InputError, match="unknown theme colour 'sewer-mauve'"):
        to_svg(scene)


def test_a_strip_too_large_for_one_png_is_cut_into_tiles_that_add_up_to_it():
    from washigen.backends.png import pixel_size, tile_windows

    strip = Scene(2000.0, 50.0, bleed=3.0)
    strip.add(Rect(-3, -3, 2006, 56, Style(fill="band")))
    for k in range(20):
        strip.add(Rect(k * 100.0, 10, 50, 30, Style(fill="sewer-red")))
    dpi = 100
    full_width, full_height = pixel_size(strip, dpi)
    windows = tile_windows(strip, dpi, max_pixels=full_width * full_height // 3)
    assert len(windows) == 4
    sizes = [png_info(to_png(w, dpi))[0] for w in windows]
    assert sum(w for w, _ in sizes) == full_width
    assert all(h == full_height for _, h in sizes)
    # The red box at 0..50 mm (plus 3 mm bleed) shows at the start of the first tile, not in the second.
    first = Image.open(io.BytesIO(to_png(windows[0], dpi))).convert("RGB")
    assert first.getpixel((round(23 / 25.4 * dpi), round(31 / 25.4 * dpi))) > (180, 0, 0)
    second = Image.open(io.BytesIO(to_png(windows[1], dpi))).convert("RGB")
    left_mm = float(windows[1].meta["tile_x_mm"])         # the scene x at the tile's left edge
    inside_red, between = round((620 - left_mm) / 25.4 * dpi), round((670 - left_mm) / 25.4 * dpi)
    y = round((28 + 3) / 25.4 * dpi)
    assert second.getpixel((inside_red, y)) == first.getpixel((round(23 / 25.4 * dpi), y))   # a red box at 600 mm
    assert second.getpixel((between, y))[2] > 150                                           # band grey at 670 mm


def test_png_output_of_a_huge_page_writes_tiles(tmp_path, monkeypatch):
    from washigen.output import write_document
    from washigen.press import Document
    import washigen.backends.png as png

    monkeypatch.setattr(png, "MAX_PIXELS", 50_000)          # the strip is 1417 x 85 px at 72 dpi
    strip = Scene(500.0, 30.0)
    strip.add(Rect(0, 0, 500, 30, Style(fill="band")))
    written = write_document(Document([strip]), tmp_path / "roll.png", dpi=72)
    assert [p.name for p in written] == [f"roll-tile-0{k}.png" for k in range(1, len(written) + 1)]
    assert len(written) >= 2 and not (tmp_path / "roll.png").exists()


def test_a_symbol_after_a_translucent_shape_is_drawn_opaque_in_the_pdf():
    scene = Scene(40, 20)
    scene.define(Symbol("lid", 10, 10, [Rect(0, 0, 10, 10, Style(fill="sewer-red"))]))
    scene.add(Rect(0, 0, 10, 10, Style(fill="sewer-blue", opacity=0.3)), Use("lid", 20, 5))
    image = rasterise_pdf(to_pdf([scene]), dpi=100)
    red = image.getpixel((round(25 / 25.4 * 100), round(10 / 25.4 * 100)))
    expected = Image.open(io.BytesIO(to_png(scene, 100))).convert("RGB").getpixel(
        (round(25 / 25.4 * 100), round(10 / 25.4 * 100)))
    assert all(abs(a - b) <= 3 for a, b in zip(red, expected)) and red[0] > 200 and red[2] < 60
