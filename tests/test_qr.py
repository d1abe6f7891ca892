"""Every QR code washigen prints decodes to its URL from a 300 dpi raster of the page, with modules of at least
0.4 mm and a 4-module quiet zone; where a place cannot hold one, the code is left out and the validator warns."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.readback import pdf_pages, rasterise_pdf
from washigen.cli import main
from washigen.qr import MIN_MODULE, QUIET_MODULES, min_qr_size, qr_matrix

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the project's test extras) decodes the QR codes")

URL = "https://example.org/washigen/cats-rules"
DPI = 300


def _print(tmp_path, *args) -> bytes:
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*args, "--rules-url", URL, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _decoded(data: bytes) -> list[tuple[str, float]]:
    """(text, module size in mm) of every QR code found on every page at 300 dpi."""
    found = []
    for page in range(len(pdf_pages(data))):
        image = rasterise_pdf(data, page, DPI)
        for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
            corners = code.position
            side_px = abs(corners.top_right.x - corners.top_left.x)
            modules = len(qr_matrix(code.text)) if code.text else 1
            found.append((code.text, side_px / modules * 25.4 / DPI))
    return found


def test_the_qr_codes_on_a_roll_scan_to_the_rules(tmp_path):
    codes = _decoded(_print(tmp_path, "cats", "tape", "--seed", "1", "--length", "1m"))
    # 1 m holds six forest sections of 160 mm pitch (the seventh starts past the end)
    assert [text for text, _ in codes] == [URL] * 6
    assert all(module >= MIN_MODULE - 0.02 for _, module in codes), codes


def test_the_qr_code_on_the_strips_guide_scans(tmp_path):
    codes = _decoded(_print(tmp_path, "cats", "map", "--seed", "1", "--paper", "a4"))
    assert [text for text, _ in codes] == [URL]


def test_a_band_too_narrow_for_a_scannable_code_leaves_it_out_and_says_so(tmp_path):
    out = tmp_path / "map.pdf"
    result = CliRunner().invoke(main, ["cats", "map", "--seed", "1", "--rules-url", URL, "-o", str(out)])
    assert result.exit_code == 0
    assert "needs 14.8 mm square" in result.output
    assert _decoded(out.read_bytes()) == []


def test_the_smallest_printable_code_has_its_quiet_zone():
    assert min_qr_size(URL) == pytest.approx((len(qr_matrix(URL)) + 2 * QUIET_MODULES) * MIN_MODULE)


def test_one_limit_for_a_rules_url_the_option_the_design_file_and_the_code():
    """2,000 characters wherever a rules URL is given, and the largest QR code (version 40-M) holds them."""
    from washigen.errors import InputError
    from washigen.qr import MAX_URL_LENGTH, QR_BYTES

    longest = "https://example.com/" + "r" * (MAX_URL_LENGTH - 20)
    assert len(qr_matrix(longest)) <= 177                      # version 40 at most: 177 modules a side
    with pytest.raises(InputError, match=f"1 to {MAX_URL_LENGTH} characters"):
        qr_matrix(longest + "r")
    wide = "https://example.com/" + "ä" * (QR_BYTES // 2)      # few characters, too many bytes
    with pytest.raises(InputError, match=f"at most {QR_BYTES} bytes"):
        qr_matrix(wide)
    too_long = CliRunner().invoke(main, ["cats", "tape", "--rules-url", longest + "r", "-o", "x.pdf"])
    assert too_long.exit_code == 2 and f"at most {MAX_URL_LENGTH} characters" in too_long.output


def test_a_design_file_with_a_rules_url_past_the_limit_is_refused_by_field(tmp_path):
    import json

    from washigen.qr import MAX_URL_LENGTH

    made = tmp_path / "roll.json"
    assert CliRunner().invoke(main, ["cats", "tape", "--seed", "1", "--length", "1m", "-o", str(made)]).exit_code == 0
    document = json.loads(made.read_text())
    document["rules_url"] = "https://example.com/" + "r" * MAX_URL_LENGTH
    made.write_text(json.dumps(document))
    refused = CliRunner().invoke(main, ["validate", str(made)])
    assert refused.exit_code == 2 and "rules_url" in refused.output and str(MAX_URL_LENGTH) in refused.output
