"""DESIGN 12, class by class: endless or huge files, non-finite and out-of-range numbers, deep nesting, control
characters. Each bad input exits 2 naming the option, field or line, with no traceback, within a minute and 1 GB,
leaving no file behind and an existing output untouched."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from washigen.inputs import MAX_INPUT_BYTES

from .limits import run_bounded, run_warm

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
OLD = b"the old print"


def design_with(**changes) -> str:
    document = json.loads((EXAMPLES / "cats-map-2p.json").read_text())
    document.update(changes)
    return json.dumps(document)


def cops_location_with(**raw: str) -> str:
    """The example Cops map with numbers of the first location written as raw JSON literals."""
    document = json.loads((EXAMPLES / "cops-map-2p.json").read_text())
    location = document["segments"][0]["zones"][0]["locations"][0]
    location.update({key: f"RAW-{key}" for key in raw})
    text = json.dumps(document)
    for key, literal in raw.items():
        text = text.replace(f'"RAW-{key}"', literal)
    return text


RULES_HEAD = "---\ntitle: T\nplayers: 2\ncredits: C\nlang: en\n---\n# T\n\n"

# name -> file contents (str, bytes, or a path the file links to)
FILES = {
    "zero.json": Path("/dev/zero"), "zero.txt": Path("/dev/zero"), "zero.toml": Path("/dev/zero"),
    "zero.md": Path("/dev/zero"),
    "big.md": b"word " * (MAX_INPUT_BYTES // 5 + 1),
    "nan-item.toml": "paper = 'a4'\n[grid]\nitem = [nan, 88.9]\n",
    "inf-margins.toml": "paper = 'a4'\nmargins = inf\n[grid]\nitem = 'poker'\n",
    "nan-marks.toml": "paper = 'a4'\n[grid]\nitem = 'poker'\n[marks]\noffset = nan\n",
    "inf-gap.toml": "paper = 'a4'\n[lanes]\nwidth = 50\ngap = -inf\n",
    "huge-item.toml": "paper = 'a4'\n[grid]\nitem = [1e308, 10]\n",
    "tiny-pitch.toml": "paper = 'a4'\n[grid]\nitem = 'poker'\npitch = [0, 0]\n",
    "many-cols.toml": "size = [5000, 5000]\nmargins = 0\n[grid]\nitem = [10, 10]\ncols = 1000000000\nrows = 1\n",
    "deep.toml": "a = " + "[" * 5000 + "]" * 5000 + "\n",
    "deep.json": '{"format": "washigen/1", "game": "cats", "kind": "map", "x": ' + "[" * 5000 + "]" * 5000 + "}",
    "deep-design.json": design_with(seed=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
    "bell.json": design_with(rules_url="https://example.com/\u0007"),
    "surrogate.json": design_with(rules_url="https://example.com/\ud800"),
    "huge-number.json": design_with(seed="HUGE").replace('"HUGE"', "1e400"),     # JSON reads it as infinity
    "huge-area.json": cops_location_with(w="1e300"),
    "huge-int.json": cops_location_with(x="1" + "0" * 300),
    # 2.6 million bad items in 7.8 MB: validation built an error for each (8 GB) before it said the first
    "many-items.json": design_with(seed="MANY").replace('"MANY"', "1, \"pad\": [" + ",".join(["{}"] * 2_600_000) + "]"),
    "bell-layout.txt": "A . .\n. 3\x07 .\n",
    "bell-mix.toml": "# a mix\x01\n[road]\nroad = 4\n",
    "billion-mix.toml": "[road]\nroad = 1000000000\n",
    "nan-mix.toml": "[road]\nroad = nan\n",
    "long-paragraph.md": RULES_HEAD + "word *a* " * 60000 + "\n",
    "wide-table.md": RULES_HEAD + "|" + "h|" * 1000 + "\n|" + "---|" * 1000 + "\n|" + "x|" * 1000 + "\n",
    "deep-emphasis.md": RULES_HEAD + "*" * 5000 + "x" + "*" * 5000 + "\n",
    "many-lines.md": RULES_HEAD + "word\n" * 50_000,
    "many-pieces.md": RULES_HEAD + "- item\n" * 25_001,
    "many-figures.md": RULES_HEAD + "![A band](diagram:cats/band)\n\n" * 31,
}

CASES = [
    # endless or huge files: devices and oversized files stop at the cap, whatever size they claim
    (["validate", "zero.json"], "larger than 8 MiB"),
    (["validate", "zero.txt"], "larger than 8 MiB"),
    (["render", "zero.json", "-o", "out.pdf"], "larger than 8 MiB"),
    (["cat-tree", "score", "zero.txt"], "larger than 8 MiB"),
    (["trail-route", "components", "--mix", "zero.toml", "-o", "out.pdf"], "larger than 8 MiB"),
    (["trail-route", "play", "--setup", "zero.json"], "larger than 8 MiB"),
    (["cat-tree", "deck", "--template", "zero.toml", "-o", "out.pdf"], "larger than 8 MiB"),
    (["rules", "zero.md", "-o", "out.pdf"], "larger than 8 MiB"),
    (["rules", "big.md", "-o", "out.pdf"], "big.md: larger than 8 MiB"),
    # lengths, counts and resolutions
    (["cats", "tape", "--length", "1e308mm", "-o", "out.pdf"], "--length"),
    (["cats", "tape", "--length", "1000001m", "-o", "out.pdf"], "--length"),
    (["cops", "tape", "--length", "1e400", "-o", "out.pdf"], "--length"),
    (["cats", "map", "--tape-width", "9" * 400, "-o", "out.pdf"], "--tape-width"),
    (["trail-route", "components", "--tile-size", "1e308", "-o", "out.pdf"], "--tile-size"),
    (["cats", "tape", "--length", "1000m", "--dpi", "300", "-o", "out.png"], "--dpi"),
    (["cats", "variants", "--count", "1000000000", "-o", "."], "--count"),
    (["cat-tree", "play", "--games", "1000000000", "-o", "out.pdf"], "--games"),
    # non-finite numbers in options
    (["cats", "map", "--bleed", "nan", "-o", "out.pdf"], "--bleed"),
    (["cats", "map", "--bleed", "1e400mm", "-o", "out.pdf"], "--bleed"),
    (["cats", "map", "--bleed", "1m", "-o", "out.pdf"], "--bleed"),
    (["cats", "tape", "--bleed", "inf", "-o", "out.pdf"], "--bleed"),
    (["cat-tree", "deck", "--duplex", "long", "--back-offset", "nan,0", "-o", "out.pdf"], "--back-offset"),
    (["cat-tree", "deck", "--duplex", "long", "--back-offset", "0,inf", "-o", "out.pdf"], "--back-offset"),
    (["cat-tree", "deck", "--duplex", "long", "--back-offset", "1e300,0", "-o", "out.pdf"], "--back-offset"),
    # non-finite and out-of-range numbers in files
    (["cat-tree", "deck", "--template", "nan-item.toml", "-o", "out.pdf"], "grid.item"),
    (["cat-tree", "deck", "--template", "inf-margins.toml", "-o", "out.pdf"], "margins"),
    (["cat-tree", "deck", "--template", "nan-marks.toml", "-o", "out.pdf"], "marks.offset"),
    (["cats", "map", "--template", "inf-gap.toml", "--paper", "a4", "-o", "out.pdf"], "lanes.gap"),
    (["cat-tree", "deck", "--template", "huge-item.toml", "-o", "out.pdf"], "grid.item"),
    (["cat-tree", "deck", "--template", "tiny-pitch.toml", "-o", "out.pdf"], "grid.pitch"),
    (["cat-tree", "deck", "--template", "many-cols.toml", "-o", "out.pdf"], "grid.cols"),
    (["trail-route", "components", "--mix", "billion-mix.toml", "-o", "out.pdf"], "road.road"),
    (["trail-route", "components", "--mix", "nan-mix.toml", "-o", "out.pdf"], "road.road"),
    (["validate", "huge-number.json"], "seed"),
    (["render", "huge-area.json", "-o", "out.pdf"], "segments[0].zones[0].locations[0].w: 1e+300 is out of range"),
    (["validate", "huge-int.json"], "segments[0].zones[0].locations[0].x: the number is out of range"),
    (["validate", "many-items.json"], "many-items.json, pad: a list of 2,600,000 items; a design holds at most"),
    # pathological structure
    (["cat-tree", "deck", "--template", "deep.toml", "-o", "out.pdf"], "nested"),
    (["validate", "deep.json"], "nested"),
    (["rules", "long-paragraph.md", "-o", "out.pdf"], "long-paragraph.md:9: a block of 539,999 characters"),
    (["rules", "wide-table.md", "-o", "out.pdf"], "wide-table.md:9: a table of 1000 columns"),
    (["rules", "deep-emphasis.md", "-o", "out.pdf"], "deep-emphasis.md:9: "),
    (["rules", "many-lines.md", "-o", "out.pdf"], "many-lines.md:50001: a rule text of 50,009 lines; at most 50,000"),
    (["rules", "many-pieces.md", "-o", "out.pdf"], "many-pieces.md:25008: more than 25,000 headings, paragraphs"),
    (["rules", "many-figures.md", "-o", "out.pdf"], "many-figures.md:69: more than 30 figures"),
    (["render", "deep-design.json", "-o", "out.pdf"], "nested"),
    # control characters in text that reaches a drawing
    (["render", "bell.json", "-o", "out.pdf"], "rules_url: control character U+0007"),
    (["validate", "surrogate.json"], "rules_url: lone surrogate U+D800 (half of a UTF-16 pair, not a character)"),
    (["cat-tree", "score", "bell-layout.txt", "-o", "out.pdf"], "line 2, column 4: control character U+0007"),
    (["trail-route", "components", "--mix", "bell-mix.toml", "-o", "out.pdf"], "line 1, column 8"),
    (["cats", "map", "--rules-url", "https://example.com/\x1b[2J", "-o", "out.pdf"], "--rules-url"),
    (["cats", "map", "--rules-url", "https://example.com/" + "x" * 5000, "-o", "out.pdf"], "--rules-url"),
    (["cats", "tape", "--rules-url", "", "-o", "out.json"], "--rules-url': empty; leave it out for none"),
]


def make_files(folder: Path) -> None:
    for name, content in FILES.items():
        target = folder / name
        if isinstance(content, Path):
            target.symlink_to(content)
        elif isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8", errors="surrogatepass")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inputs")
    make_files(folder)
    return folder


@pytest.mark.parametrize("args, says", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_exits_2_naming_it_within_bounds_and_writes_nothing(inputs, tmp_path, args, says):
    work = tmp_path / "work"
    work.mkdir()
    for name in FILES:
        (work / name).symlink_to(inputs / name)
    (work / "out.pdf").write_bytes(OLD)
    (work / "out.png").write_bytes(OLD)
    before = sorted(os.listdir(work))
    result = run_warm(*args, cwd=work)
    assert result.code == 2, result.stderr
    assert says in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert len(result.stderr.strip().splitlines()) <= 4        # one message (click adds its usage lines)
    assert sorted(os.listdir(work)) == before
    assert (work / "out.pdf").read_bytes() == OLD and (work / "out.png").read_bytes() == OLD


def test_an_endless_pipe_is_read_only_up_to_the_cap(tmp_path):
    with subprocess.Popen(["yes"], stdout=subprocess.PIPE) as endless:
        result = run_warm("validate", "/dev/stdin", cwd=tmp_path, stdin=endless.stdout)
        endless.kill()
    assert result.code == 2 and "/dev/stdin: larger than 8 MiB" in result.stderr


def test_the_longest_tape_accepted_is_printed_within_a_minute_and_1_gb(tmp_path):
    result = run_bounded("cats", "tape", "--length", "1000m", "--seed", "1", "-o", "roll.pdf", cwd=tmp_path)
    assert result.code == 0, result.stderr
    assert "printed 1000000 mm long" in result.stderr
    assert (tmp_path / "roll.pdf").stat().st_size > 0


def test_ten_thousand_headings_are_set_within_a_minute_and_1_gb(tmp_path):
    (tmp_path / "heads.md").write_text(RULES_HEAD + "".join(f"## Heading {n}\n\n" for n in range(10_000)))
    result = run_bounded("rules", "heads.md", "-o", "heads.pdf", cwd=tmp_path)
    assert result.code == 0, result.stderr
    assert (tmp_path / "heads.pdf").stat().st_size > 0


# Every option that reads a file, given a named pipe nobody writes to: a plain open() would wait for a writer
# forever; the read finds the pipe empty at once and says what it is.
PIPE_CASES = [
    (["validate", "pipe.json"], "pipe.json: the file is empty"),
    (["render", "pipe.txt", "-o", "out.pdf"], "pipe.txt"),
    (["cat-tree", "score", "pipe.txt"], "pipe.txt"),
    (["trail-route", "components", "--mix", "pipe.toml", "-o", "out.pdf"], "pipe.toml"),
    (["cat-tree", "deck", "--template", "pipe.toml", "-o", "out.pdf"], "pipe.toml"),
    (["rules", "pipe.md", "-o", "out.pdf"], "pipe.md"),
    (["cats", "play", "--replay", "pipe.txt"], "pipe.txt"),
]


@pytest.mark.parametrize("args, says", PIPE_CASES, ids=[" ".join(a) for a, _ in PIPE_CASES])
def test_a_named_pipe_without_a_writer_is_read_as_empty_not_waited_on(tmp_path, args, says):
    for name in ("pipe.json", "pipe.txt", "pipe.toml", "pipe.md"):
        os.mkfifo(tmp_path / name)
    (tmp_path / "out.pdf").write_bytes(OLD)
    result = run_warm(*args, cwd=tmp_path, timeout=30)
    assert result.code == 2, result.stderr
    assert says in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert (tmp_path / "out.pdf").read_bytes() == OLD
