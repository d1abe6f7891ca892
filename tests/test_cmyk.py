"""--color cmyk: every colour of a PDF written with the CMYK operators, the page looking as the RGB one does."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import ImageChops, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.readback import rasterise_pdf
from washigen.cli import main
from washigen.render.pdf import rgb_to_cmyk


def _write(tmp_path, name: str, *args) -> bytes:
    out = tmp_path / name
    result = CliRunner().invoke(main, [*args, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _colour_operators(data: bytes) -> set[bytes]:
    """The colour-setting operators of every page and every form it draws."""
    found: set[bytes] = set()
    reader = PdfReader(io.BytesIO(data))
    streams = [(page.get_contents(), reader) for page in reader.pages]
    for page in reader.pages:
        for xobject in (page["/Resources"].get("/XObject") or {}).values():
            streams.append((xobject.get_object(), reader))
    for stream, pdf in streams:
        for _, operator in ContentStream(stream, pdf).operations:
            if operator in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
                found.add(operator)
    return found


@pytest.mark.parametrize("command", [["cats", "map", "--seed", "1"], ["cat-tree", "deck"]])
def test_cmyk_pdfs_set_every_colour_in_cmyk_and_look_the_same(command, tmp_path):
    rgb = _write(tmp_path, "rgb.pdf", *command)
    cmyk = _write(tmp_path, "cmyk.pdf", *command, "--color", "cmyk")
    assert _colour_operators(cmyk) <= {b"k", b"K"} and b"k" in _colour_operators(cmyk)
    assert {b"rg", b"RG"} & _colour_operators(rgb)
    difference = ImageChops.difference(rasterise_pdf(rgb, 0, 50), rasterise_pdf(cmyk, 0, 50))
    # the same picture: pdfium turns device CMYK back into RGB by its own rule, a few levels off ours
    assert max(ImageStat.Stat(difference).mean) < 12


def test_black_is_one_ink_and_white_none():
    assert rgb_to_cmyk(0.0, 0.0, 0.0) == (0.0, 0.0, 0.0, 1.0)
    assert rgb_to_cmyk(1.0, 1.0, 1.0) == (0.0, 0.0, 0.0, 0.0)


def test_cmyk_png_is_refused_naming_the_option(tmp_path):
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "--color", "cmyk", "-o",
                                       str(tmp_path / "map.png")])
    assert result.exit_code == 2
    assert "--color cmyk" in result.output
    assert not (tmp_path / "map.png").exists()
