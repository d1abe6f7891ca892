"""A Document is what gets printed: pages (scenes at paper size) with a title and bookmarks."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..backends.bookmark import Bookmark
from ..scene import Scene


@dataclass
class Document:
    pages: list[Scene]
    title: str = ""
    bookmarks: list[Bookmark] = field(default_factory=list)

    @classmethod
    def single(cls, scene: Scene, title: str = "") -> "Document":
        return cls([scene], title=title or scene.meta.get("title", ""))

    def extend(self, other: "Document", bookmark: str | None = None) -> "Document":
        """Appends other's pages (and its bookmarks, one level down when `bookmark` heads them)."""
        start = len(self.pages)
        if bookmark:
            self.bookmarks.append(Bookmark(bookmark, start, 0))
        for mark in other.bookmarks:
            self.bookmarks.append(Bookmark(mark.title, mark.page + start, mark.level + (1 if bookmark else 0)))
        self.pages.extend(other.pages)
        return self


@dataclass
class KitPart:
    """One part of a game kit: its pages and what a person does with them."""
    title: str                 # "Map", "Player sheets", "Cards"
    document: Document
    paper: str                 # what to print it on: "A4, plain paper, both sides (flip on the long edge)"
    instructions: str          # what to cut and how to assemble, one or two sentences
