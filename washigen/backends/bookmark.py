"""A PDF bookmark: a title pointing at a page. Its own module, so documents can hold bookmarks without importing
a backend."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bookmark:
    title: str
    page: int          # 0-based page index
    level: int = 0
