"""Every printed output washigen makes, for the independent preflight (tests/outside.py): each printing command x
--lang en|de x every paper it offers (its --help) x its print options (duplex, gutter, cut lines, CMYK, narrow
tapes, card sizes, player counts, layouts, whole rolls), as the argument lists of `washigen ... -o OUT.pdf`.

`OUTPUTS` maps a stable name ("cat-tree-deck-tarot-de") to the arguments; `generate(name, folder)` writes one
in-process (click's CliRunner on washigen.cli.main) and returns its bytes. `made(arguments, tmp_path_factory)` is
the same, made once in a test run however many tests and workers ask for it (the preflights read the same outputs).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from pathlib import Path

LANGUAGES = ("en", "de")
SHEET_PAPERS = ("a4", "letter", "a3", "a5", "legal", "tabloid")   # every --paper of the sheet commands
RULE_PAPERS = ("a4", "letter")                                     # rules, kit and calibrate offer these two
TAPE_WIDTHS = ("15mm", "25mm", "35mm")


def _cats() -> dict[str, list[str]]:
    made = {}
    base = ["cats", "map", "--seed", "1"]
    for players in range(2, 7):
        made[f"cats-map-{players}p"] = [*base, "--players", str(players)]
    made |= {
        "cats-map-coop4": [*base, "--players", "4", "--coop"],
        "cats-map-coop6": [*base, "--players", "6", "--coop"],
        **{f"cats-map-tape{w[:2]}": [*base, "--tape-width", w, "--segment-rows", "4"] for w in TAPE_WIDTHS},
        "cats-map-long": [*base, "--long", "2", "--forests", "10"],
        "cats-map-jinja-poppers": ["cats", "map", "--seed", "4", "--jinja", "--sewer-poppers"],
        "cats-map-cut-up": ["cats", "map", "--seed", "4", "--cut-up"],
        # The rules' QR code goes in a player band one cell tall: at the default 50 mm tape it does not fit (left out
        # with a warning: the file was cats-map-2p's byte for byte); 120 mm tape of 4-row segments holds it.
        "cats-map-qr": [*base, "--tape-width", "120mm", "--segment-rows", "4", "--rules-url", "https://example.com/r"],
        "cats-map-cmyk": [*base, "--color", "cmyk"],
    }
    for paper in SHEET_PAPERS:                                    # the map as strips on sheets
        made[f"cats-strips-{paper}"] = [*base, "--players", "4", "--paper", paper]
    made["cats-strips-a4-6p-cut-lines"] = [*base, "--players", "6", "--paper", "a4", "--cut-lines"]
    made["cats-strips-letter-cmyk"] = [*base, "--paper", "letter", "--color", "cmyk"]
    for players in (2, 4):
        made[f"cats-play-{players}p"] = ["cats", "play", "--seed", "3", "--players", str(players)]
        made[f"cats-setup-{players}p"] = ["cats", "setup", "--seed", "2", "--players", str(players)]
    for players in range(2, 7):
        made[f"cats-sheet-{players}p"] = ["cats", "sheet", "--players", str(players)]
    made["cats-sheet-coop"] = ["cats", "sheet", "--players", "4", "--coop"]
    for paper in SHEET_PAPERS[1:]:
        made[f"cats-sheet-{paper}"] = ["cats", "sheet", "--players", "4", "--paper", paper]
    made["cats-sheet-cut-lines-gutter"] = ["cats", "sheet", "--players", "6", "--cut-lines", "--gutter", "4mm"]
    tape = ["cats", "tape", "--seed", "1"]
    made |= {
        "cats-tape-10m": tape,
        "cats-tape-1m": [*tape, "--length", "1m"],
        **{f"cats-tape-{w[:2]}mm": [*tape, "--length", "1m", "--tape-width", w, "--segment-rows", "4"]
           for w in TAPE_WIDTHS},
        "cats-tape-2-segments": [*tape, "--length", "1m", "--segments", "2"],
        "cats-tape-qr": [*tape, "--length", "0.5m", "--rules-url", "https://example.com/r"],
        "cats-tape-cmyk": [*tape, "--length", "1m", "--color", "cmyk"],
        "cats-tape-repeat-only": [*tape, "--repeat-only"],
    }
    return made


def _cops() -> dict[str, list[str]]:
    base = ["cops", "map", "--seed", "1"]
    # Two maps are searched for fairness, as `cops map` makes them, and print its verdict; the other squad counts and
    # the outputs for print options take the seed's first layout (`--budget 0`): the same drawing code, without a
    # search of up to 7 s each (about 80 s of the suite's CPU) that prints nothing the searched maps do not.
    # (`--fair`, kept for old callers, asks for the search every map has now: it drew cops-map-2p byte for byte.)
    quick = [*base, "--budget", "0"]
    made = {f"cops-map-{players}p": [*(base if players in (2, 4) else quick), "--players", str(players)]
            for players in range(2, 7)}
    made |= {
        "cops-map-stacked": [*quick, "--players", "4", "--layout", "stacked"],
        "cops-map-offset": [*quick, "--players", "4", "--offset", "10mm"],
        **{f"cops-map-tape{w[:2]}": [*quick, "--tape-width", w] for w in TAPE_WIDTHS},
        "cops-map-cmyk": [*quick, "--color", "cmyk"],
    }
    for paper in SHEET_PAPERS:
        made[f"cops-strips-{paper}"] = [*quick, "--players", "4", "--paper", paper]
    made["cops-strips-a4-stacked-cut-lines"] = [*quick, "--players", "4", "--layout", "stacked", "--paper", "a4",
                                                 "--cut-lines"]
    for players in (2, 4):
        made[f"cops-play-{players}p"] = ["cops", "play", "--seed", "3", "--players", str(players)]
    for paper in SHEET_PAPERS:
        made[f"cops-sheet-{paper}"] = ["cops", "sheet", "--paper", paper]
    for players in (1, 6, 24):
        made[f"cops-sheet-{players}p"] = ["cops", "sheet", "--players", str(players)]
    tape = ["cops", "tape", "--seed", "1"]
    made |= {
        "cops-tape-repeat": tape,
        "cops-tape-10m": [*tape, "--length", "10m"],
        "cops-tape-1m": [*tape, "--length", "1m"],
        **{f"cops-tape-{w[:2]}mm": [*tape, "--length", "1m", "--tape-width", w] for w in TAPE_WIDTHS},
        "cops-tape-stacked": [*tape, "--length", "1m", "--layout", "stacked"],
        "cops-tape-repeat-only": [*tape, "--repeat-only"],
        "cops-tape-strips-a4": [*tape, "--paper", "a4"],
        "cops-tape-strips-letter": [*tape, "--paper", "letter"],
    }
    return made


def _cat_tree() -> dict[str, list[str]]:
    deck = ["cat-tree", "deck"]
    made = {f"cat-tree-deck-{paper}": [*deck, "--paper", paper] for paper in SHEET_PAPERS}
    made |= {
        **{f"cat-tree-deck-{card}": [*deck, "--card", card] for card in ("bridge", "mini-euro", "tarot")},
        "cat-tree-deck-duplex-long": [*deck, "--duplex", "long"],
        "cat-tree-deck-duplex-short-letter": [*deck, "--duplex", "short", "--paper", "letter"],
        "cat-tree-deck-no-reference": [*deck, "--no-reference"],
        "cat-tree-deck-cut-lines-gutter": [*deck, "--cut-lines", "--gutter", "3mm"],
        "cat-tree-deck-cmyk": [*deck, "--color", "cmyk"],
    }
    made |= {f"cat-tree-sheet-{paper}": ["cat-tree", "sheet", "--paper", paper] for paper in SHEET_PAPERS}
    return made


def _trail_route() -> dict[str, list[str]]:
    parts = ["trail-route", "components"]
    made = {f"trail-route-components-{paper}": [*parts, "--paper", paper] for paper in SHEET_PAPERS}
    made |= {
        "trail-route-components-duplex-long": [*parts, "--duplex", "long"],
        "trail-route-components-duplex-short": [*parts, "--duplex", "short"],
        "trail-route-components-tiles25": [*parts, "--tile-size", "25mm"],
        "trail-route-components-tiles60": [*parts, "--tile-size", "60mm"],
        "trail-route-components-mat-a3": [*parts, "--mat-paper", "a3"],
        "trail-route-components-gutter-cut-lines": [*parts, "--gutter", "4mm", "--cut-lines"],
        "trail-route-components-cmyk": [*parts, "--color", "cmyk"],
        "trail-route-setup": ["trail-route", "setup", "--seed", "1"],
        "trail-route-setup-3p": ["trail-route", "setup", "--seed", "1", "--players", "3"],
    }
    made |= {f"trail-route-setup-{paper}": ["trail-route", "setup", "--seed", "1", "--paper", paper]
             for paper in SHEET_PAPERS}
    return made


def _shared() -> dict[str, list[str]]:
    made = {f"calibrate-{paper}-{duplex}": ["calibrate", "--paper", paper, "--duplex", duplex]
            for paper in RULE_PAPERS for duplex in ("long", "short")}
    for game in ("cats", "cops", "cat-tree", "trail-route"):
        for paper in RULE_PAPERS:
            made[f"rules-{game}-{paper}"] = ["rules", game, "--paper", paper]
            made[f"kit-{game}-{paper}"] = ["kit", game, "--seed", "1", "--paper", paper]
    made |= {
        "kit-cats-6p": ["kit", "cats", "--seed", "1", "--players", "6"],
        "kit-cops-6p": ["kit", "cops", "--seed", "1", "--players", "6"],
        "kit-cops-stacked": ["kit", "cops", "--seed", "1", "--layout", "stacked"],
        "kit-trail-route-3p": ["kit", "trail-route", "--seed", "1", "--players", "3"],
        "kit-cats-cmyk": ["kit", "cats", "--seed", "1", "--color", "cmyk"],
    }
    return made


def _all() -> dict[str, list[str]]:
    outputs = {}
    for family in (_cats(), _cops(), _cat_tree(), _trail_route(), _shared()):
        for name, arguments in family.items():
            for language in LANGUAGES:
                outputs[f"{name}-{language}"] = [*arguments, "--lang", language]
    return outputs


OUTPUTS: dict[str, list[str]] = _all()


def generate(name: str, folder: Path) -> bytes:
    """The PDF of output `name`, written in-process into `folder`."""
    return _write(OUTPUTS[name], Path(folder) / f"{name}.pdf")


def _write(arguments: list[str], path: Path) -> bytes:
    from click.testing import CliRunner

    from washigen.cli import main

    result = CliRunner().invoke(main, [*arguments, "-o", str(path)], catch_exceptions=False)
    if result.exit_code != 0:
        raise AssertionError(f"washigen {' '.join(arguments)} exited {result.exit_code}: {result.output}")
    return path.read_bytes()


def made(arguments: list[str], tmp_path_factory) -> bytes:
    """The PDF `washigen ARGUMENTS -o OUT.pdf` writes, made by the first test of this run to ask for it (under a
    lock, so a second worker asking meanwhile waits for it) and read back by every later one. The folder is this
    run's: the one its xdist workers share, else its own temporary folder."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "made-outputs"
    folder.mkdir(exist_ok=True)
    key = hashlib.sha256("\0".join(arguments).encode()).hexdigest()[:24]
    path = folder / f"{key}.pdf"
    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            partial = folder / f"{key}.partial.pdf"
            _write(arguments, partial)
            partial.replace(path)
        return path.read_bytes()
