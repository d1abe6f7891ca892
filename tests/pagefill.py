"""How full a printed page is, read back from the PDF with pdfium: the share of the body (between the margins) that
its text lines and drawn things cover, column by column. A page whose left column runs to the bottom while its
right one is empty is half full, not full; two lines at the top of a page are a few percent."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

LINE_GAP = 9.0        # pt: text lines and blocks closer than this count as one block (leading, paragraph space)
EDGE = 4.0            # pt: a box must reach this far into a column to count for it


def _boxes(page) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every character and every drawn top-level object of a page."""
    textpage = page.get_textpage()
    boxes = [textpage.get_charbox(i) for i in range(textpage.count_chars())
             if textpage.get_text_range(i, 1).strip()]
    boxes += [item.get_bounds() for item in page.get_objects(max_depth=1)
              if item.type != pdfium_c.FPDF_PAGEOBJ_TEXT]
    return boxes


def _covered(intervals: list[tuple[float, float]]) -> float:
    """The length the intervals cover, gaps under LINE_GAP closed."""
    total, current = 0.0, None
    for low, high in sorted(intervals):
        if current is not None and low <= current[1] + LINE_GAP:
            current = (current[0], max(current[1], high))
            continue
        if current is not None:
            total += current[1] - current[0]
        current = (low, high)
    return total + (current[1] - current[0] if current else 0.0)


def page_fill(page, margins: tuple[float, float, float, float]) -> float:
    """The share (0..1) of the body that holds something: the body, inside `margins` (left, top, right, bottom, in
    points), is cut into a left and a right half; in each, the heights covered by the boxes reaching into it count.
    The running footer below the bottom margin is left out."""
    left, top, right, bottom = margins
    width, height = page.get_width(), page.get_height()
    x0, x1, y0, y1 = left, width - right, bottom, height - top
    middle = (x0 + x1) / 2
    boxes = _boxes(page)
    shares = []
    for c0, c1 in ((x0, middle), (middle, x1)):
        spans = [(max(b, y0), min(t, y1)) for l, b, r, t in boxes
                 if min(r, c1) - max(l, c0) >= EDGE and min(t, y1) > max(b, y0)]
        shares.append(_covered(spans) / (y1 - y0))
    return sum(shares) / 2


def pages_fill(data: bytes, margins: tuple[float, float, float, float]) -> list[float]:
    document = pdfium.PdfDocument(data)
    try:
        return [page_fill(document[n], margins) for n in range(len(document))]
    finally:
        document.close()
