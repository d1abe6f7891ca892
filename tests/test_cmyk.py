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
from washigen.backends.pdf import rgb_to_cmyk


def _write(tmp_path, name: str, *args) -> bytes:
    out = tmp_path / name
    result = CliRunner().invoke(main, [*args, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _forms(resources, seen: set) -> list:
    """Every form XObject reachable from `resources`, forms within forms included."""
    forms = []
    for xobject in ((resources.get_object() if resources else {}).get("/XObject") or {}).values():
        form = xobject.get_object()
        if form.get("/Subtype") == "/Form" and id(form) not in seen:
            seen.add(id(form))
            forms += [form, *_forms(form.get("/Resources"), seen)]
    return forms


def _colour_operators(data: bytes) -> set[bytes]:
    """The colour-setting operators of every page and every form it draws."""
    found: set[bytes] = set()
    reader = PdfReader(io.BytesIO(data))
    streams = [(page.get_contents(), reader) for page in reader.pages]
    seen: set = set()
    for page in reader.pages:
        streams += [(form, reader) for form in _forms(page.get("/Resources"), seen)]
    for stream, pdf in streams:
        for _, operator in ContentStream(stream, pdf).operations:
            if operator in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
                found.add(operator)
    return found


@pytest.mark.parametrize("command", [["cats", "map", "--seed", "1"], ["cat-tree", "deck"],
                                     # a tape maker's roll, and the one-page drawings of a set-up and of games
                                     ["cats", "tape", "--seed", "1", "--length", "0.5m"],
                                     ["cats", "setup", "--seed", "1"], ["cats", "play", "--seed", "1"],
                                     ["cops", "play", "--seed", "1"],
                                     # set by platypus and joined from parts: turned to CMYK once written
                                     ["rules", "cat-tree", "--lang", "de"], ["kit", "cops", "--seed", "1"]])
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


# -- the output intent: which printing condition the CMYK numbers are meant for ------------------------------
def icc_profile(device_class: bytes = b"prtr", colour_space: bytes = b"CMYK", name: str = "Our Shop Coated") -> bytes:
    """A minimal ICC profile: a header and one v2 'desc' tag, enough to say what the profile is."""
    import struct

    text = name.encode("ascii") + b"\x00"
    desc = b"desc" + b"\x00" * 4 + struct.pack(">I", len(text)) + text
    tag_table = struct.pack(">I", 1) + struct.pack(">4sII", b"desc", 128 + 4 + 12, len(desc))
    size = 128 + len(tag_table) + len(desc)
    header = (struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + device_class + colour_space + b"Lab "
              + b"\x00" * 12 + b"acsp").ljust(128, b"\x00")
    return header + tag_table + desc


def _intents(data: bytes) -> list:
    return list(PdfReader(io.BytesIO(data)).trailer["/Root"].get("/OutputIntents") or [])


def test_a_cmyk_pdf_names_its_printing_condition_and_an_rgb_pdf_none(tmp_path):
    cmyk = _write(tmp_path, "cmyk.pdf", "cats", "map", "--seed", "1", "--color", "cmyk")
    [intent] = [i.get_object() for i in _intents(cmyk)]
    assert (intent["/S"], intent["/OutputConditionIdentifier"], intent["/RegistryName"]) == \
        ("/GTS_PDFX", "FOGRA39", "http://www.color.org")
    assert "/DestOutputProfile" not in intent
    assert _intents(_write(tmp_path, "rgb.pdf", "cats", "map", "--seed", "1")) == []


def test_a_shops_profile_is_embedded_byte_for_byte_as_the_output_intent(tmp_path):
    import washigen

    profile = tmp_path / "shop.icc"
    profile.write_bytes(icc_profile())
    design = washigen.generate("cats", "map", seed=1)
    washigen.render(design, tmp_path / "shop.pdf", colour="cmyk", output_profile=profile)
    [intent] = [i.get_object() for i in _intents((tmp_path / "shop.pdf").read_bytes())]
    embedded = intent["/DestOutputProfile"].get_object()
    assert embedded.get_data() == profile.read_bytes() and embedded["/N"] == 4
    assert (intent["/OutputConditionIdentifier"], intent["/Info"]) == ("Custom", "Our Shop Coated")


@pytest.mark.parametrize("content, says", [
    (b"just some bytes" * 20, "not an ICC profile"),
    (icc_profile(colour_space=b"RGB "), "for RGB colour"),
    (icc_profile(device_class=b"mntr"), "class 'mntr'"),
    (icc_profile()[:-3], "cut short"),
])
def test_a_profile_that_cannot_be_the_output_intent_is_refused_by_name(tmp_path, content, says):
    import washigen
    from washigen.errors import InputError

    profile = tmp_path / "bad.icc"
    profile.write_bytes(content)
    with pytest.raises(InputError, match=says) as refused:
        washigen.render(washigen.generate("cats", "map", seed=1), tmp_path / "x.pdf", colour="cmyk",
                        output_profile=profile)
    assert "bad.icc" in str(refused.value) and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("command", [["cats", "map", "--seed", "1"], ["cat-tree", "deck"], ["cops", "sheet"],
                                     ["trail-route", "components"], ["rules", "cats"]])
def test_icc_profile_on_the_command_line_is_the_output_intent_of_every_printing_command(command, tmp_path):
    profile = tmp_path / "shop.icc"
    profile.write_bytes(icc_profile())
    data = _write(tmp_path, "shop.pdf", *command, "--color", "cmyk", "--icc-profile", str(profile))
    [intent] = [i.get_object() for i in _intents(data)]
    assert intent["/DestOutputProfile"].get_object().get_data() == profile.read_bytes()


@pytest.mark.parametrize("extra, says", [([], "goes with --color cmyk"),
                                         (["--color", "cmyk"], "for RGB colour")])
def test_a_wrong_icc_profile_exits_2_naming_the_option_and_leaves_the_old_file(tmp_path, extra, says):
    profile = tmp_path / "screen.icc"
    profile.write_bytes(icc_profile(colour_space=b"RGB "))
    out = tmp_path / "map.pdf"
    out.write_bytes(b"old")
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", *extra, "--icc-profile", str(profile),
                                       "-o", str(out)])
    assert result.exit_code == 2 and "--icc-profile" in result.output and says in result.output
    assert out.read_bytes() == b"old"


@pytest.mark.parametrize("command", [["cats", "play", "--seed", "1"], ["cats", "tape", "--length", "1m"],
                                     ["cats", "map", "--seed", "1"]])
def test_cmyk_for_a_format_that_cannot_carry_it_is_refused_before_any_work(command, tmp_path):
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(main, [*command, "--color", "cmyk", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert "--color cmyk" in result.output and "PDF only" in result.output
    assert "player 1" not in result.output and "repeat:" not in result.output      # no game played, no roll made
