"""Every loader, fed mutated real files and arbitrary bytes, raises nothing but washigen's own errors (DESIGN 8):
design JSON, the text forms of every game that has one, Cat Tree layouts, sheet templates, Trail Route mixes and
rule texts. Examples are bounded so the whole file runs in seconds."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from washigen.design import load_text, loads
from washigen.errors import WashigenError
from washigen.games import get_game
from washigen.games.cat_tree.text import from_text as layout_from_text
from washigen.games.trail_route.model import parse_mix
from washigen.inputs import decode_text
from washigen.press.templates import loads_template
from washigen.rulebook.markdown import parse as parse_rules

ROOT = Path(__file__).resolve().parent.parent
SYNTAX = b"0123456789.-+e,:=[]{}()\"'#|*_\\ \n\tabcxyzAJK!"
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def design_json(data: bytes):
    design = loads(data, "fuzz.json")
    get_game(design.GAME).validate(design)       # a design that loads is validated without raising


def design_text(data: bytes):
    design = load_text(data, "fuzz.txt")
    get_game(design.GAME).validate(design)


LOADERS = {
    "design-json": (design_json, ["examples/*.json"]),
    "design-text": (design_text, ["examples/cats-map-*.txt", "examples/trail-route-setup-*.txt"]),
    "layout": (lambda data: layout_from_text(decode_text(data, "fuzz.txt"), "fuzz.txt"), ["examples/cat-tree-*.txt"]),
    "template": (lambda data: loads_template(decode_text(data, "fuzz.toml"), "fuzz.toml"), ["templates/*.toml"]),
    "mix": (lambda data: parse_mix(decode_text(data, "fuzz.toml"), "fuzz.toml"),
            ["assets/trail-route-mix.toml", "examples/*.toml"]),
    "rules": (lambda data: parse_rules(decode_text(data, "fuzz.md"), "fuzz.md"), ["seeds/cat_tree.en.md",
                                                                                  "seeds/cats.de.md"]),
}


def samples(patterns: list[str]) -> list[bytes]:
    found = [path.read_bytes() for pattern in patterns for path in sorted(ROOT.glob(pattern))]
    assert found, patterns
    return found


@st.composite
def mutated(draw, originals: list[bytes]) -> bytes:
    """A real file with a few bytes flipped, cut, duplicated or spliced in: close enough to get deep into a parser."""
    data = bytearray(draw(st.sampled_from(originals)))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["flip", "cut", "insert", "repeat", "truncate"]))
        if action == "flip" and at < len(data):
            data[at] = draw(st.sampled_from(SYNTAX) | st.integers(0, 255))
        elif action == "cut":
            del data[at:at + draw(st.integers(1, 64))]
        elif action == "insert":
            data[at:at] = draw(st.binary(max_size=16) | st.sampled_from(
                [b"\x00", b"\x07", b"\\u0007", b"NaN", b"1e400", b"-1", b"[[[[[[", b"{", b"\"", b"|", b"**", b"\n"]))
        elif action == "repeat":
            data[at:at] = data[at:at + 200] * draw(st.integers(2, 20))
        else:
            del data[at:]
    return bytes(data)


@pytest.mark.parametrize("loader", LOADERS)
def test_loader_raises_only_washigen_errors(loader):
    load, patterns = LOADERS[loader]
    originals = samples(patterns)

    @FUZZ
    @given(mutated(originals) | st.binary(max_size=64))
    def check(data):
        try:
            load(data)
        except WashigenError:
            pass

    check()
