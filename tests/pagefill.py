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


def text_runs(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The page's printed words as (text, box): characters on one baseline, each next to the one before."""
    textpage = page.get_textpage()
    runs: list[tuple[str, list]] = []
    last = None
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if not char.strip():
            last = None
            continue
        box = textpage.get_charbox(index)
        if last is None or abs(box[1] - last[1]) > 0.5 * (last[3] - last[1]) + 0.5 or box[0] < last[0] \
                or box[0] - last[2] > 0.6 * (last[3] - last[1]):
            runs.append((char, [box]))
        else:
            runs[-1] = (runs[-1][0] + char, runs[-1][1] + [box])
        last = box
    return [(text, (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                    max(b[3] for b in boxes))) for text, boxes in runs]


def overlapping_text(data: bytes, slack: float = 0.3) -> list[str]:
    """Words printed over other words, page by page: two runs whose ink boxes overlap by more than `slack` pt."""
    found = []
    document = pdfium.PdfDocument(data)
    try:
        for number in range(len(document)):
            runs = text_runs(document[number])
            for k, (text, a) in enumerate(runs):
                for other, b in runs[k + 1:]:
                    if min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack:
                        found.append(f"page {number + 1}: {text!r} overlaps {other!r}")
    finally:
        document.close()
    return found
