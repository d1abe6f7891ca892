"""The independent preflight (tests/outside.py: qpdf, poppler and MuPDF beside pdfium) on a mix of printed outputs,
against a floor doing the least any raster check must: pdfium rasterising each page once at the resolution the
preflight renders at. Timed interleaved (median of per-round ratios); the figure carries pages per second.

    preflight   cards, tiles, strips, a rule book and a roll: 5 checks, 3 renderers   goal <= 20x the floor

Skipped (no figure) where qpdf or pdftoppm is missing."""

import tempfile

from tests import outside
from tests.print_matrix import generate

from .timing import figure, interleaved

MIX = ("cat-tree-deck-a4-en", "trail-route-components-a4-de", "cats-strips-letter-en", "rules-cops-a4-en",
       "cops-tape-1m-en")
GOAL = 20.0             # three renderers at 3x the comparison resolution, qpdf, MuPDF's drawings: 12-17x measured


def _pdfium_once(documents: list[tuple[bytes, list[float]]]) -> None:
    import pypdfium2 as pdfium

    for data, resolutions in documents:
        document = pdfium.PdfDocument(data)
        for number, dpi in enumerate(resolutions):
            document[number].render(scale=dpi * outside.SUPERSAMPLE / 72.0, grayscale=True).to_pil()
        document.close()


def run() -> list[dict]:
    if outside.missing_tools():
        return []
    with tempfile.TemporaryDirectory(prefix="washigen-bench-preflight-") as folder:
        documents = [generate(name, folder) for name in MIX]
    resolutions = [(data, [page.dpi() for page in outside.Pdf(data).pages]) for data in documents]
    pages = sum(len(dpis) for _, dpis in resolutions)
    ours, floor, ratio = interleaved(lambda: [outside.outside_checks(data) for data in documents],
                                     lambda: _pdfium_once(resolutions), rounds=3)
    return [figure("preflight", ours, floor, GOAL, ratio, pages=pages, pages_per_s=round(pages / ours, 2),
                   floor_is="pdfium rasterising each page once")]
