"""The games other distributions register through the entry-point group "washigen.games", found without importing
importlib.metadata where no distribution can declare the group. Apart from the registry: only listing every game
asks for them."""

from __future__ import annotations

from typing import Any

ENTRY_POINT_GROUP = "washigen.games"


def entry_points() -> Any:
    """The entry points of the group, from importlib.metadata. On Python 3.11 importing it costs more than the rest
    of `washigen games` (email, zipfile, csv...), so it is asked only when a distribution may declare the group."""
    if not _group_may_be_declared():
        return ()
    from importlib import metadata

    return metadata.entry_points(group=ENTRY_POINT_GROUP)


def _group_may_be_declared() -> bool:
    """False only when importlib.metadata would find no distribution declaring the group: no finder of
    distributions but the standard one, every sys.path entry a folder (or missing), and no *.dist-info or
    *.egg-info folder in them whose entry_points.txt has a [washigen.games] section. A zip or an egg on sys.path
    is not looked into: True."""
    import os
    import sys
    from importlib.machinery import PathFinder

    if any(hasattr(finder, "find_distributions") and finder is not PathFinder for finder in sys.meta_path):
        return True
    section = f"[{ENTRY_POINT_GROUP}]".encode()
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return True                     # a zip file of packages
            continue
        if folder.lower().endswith(".egg"):
            return True
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.lower().endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as file:
                        text = file.read()
                except OSError:
                    continue
                if section in text and any(line.strip() == section for line in text.splitlines()):
                    return True
    return False
