"""A PDF opened once in MuPDF, and what the checks read of its pages read once.

The independent preflight (tests/outside.py: MuPDF's rasters, what lies off the page) and the collisions as MuPDF
reads the PDF (tests/collisions.py) ask MuPDF the same questions of every page; each answer is MuPDF running the
page's content again. `MupdfReading` keeps the document, its loaded pages, and per page its drawings
(`get_cdrawings(extended=True)`: raw dicts, clips included) and its text trace, for every check that reads them.
The answers are MuPDF's, unchanged: callers must not modify them.
"""

from __future__ import annotations


class MupdfReading:
    def __init__(self, data: bytes):
        import pymupdf

        self.document = pymupdf.open(stream=data, filetype="pdf")
        self._pages: dict[int, object] = {}
        self._drawings: dict[int, list[dict]] = {}
        self._traces: dict[int, list[dict]] = {}

    def __len__(self) -> int:
        return len(self.document)

    def close(self) -> None:
        self._pages.clear()
        self.document.close()

    def __enter__(self) -> MupdfReading:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def page(self, index: int):
        """The page at `index` (from 0), loaded once."""
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def drawings(self, index: int) -> list[dict]:
        """MuPDF's drawings of the page at `index`, with its clips (get_cdrawings, extended)."""
        if index not in self._drawings:
            self._drawings[index] = self.page(index).get_cdrawings(extended=True)
        return self._drawings[index]

    def texttrace(self, index: int) -> list[dict]:
        """MuPDF's trace of every text show on the page at `index` (get_texttrace)."""
        if index not in self._traces:
            self._traces[index] = self.page(index).get_texttrace()
        return self._traces[index]


def reading(data: bytes | MupdfReading) -> MupdfReading:
    return data if isinstance(data, MupdfReading) else MupdfReading(data)
