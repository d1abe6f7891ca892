"""What the studio hands out and reads back, held to the command line: a tape's download is what its `tape` command
writes (the roll by the file's form: one SVG strip, pages of a PDF, the artwork's metadata)."""

from __future__ import annotations

import io
import zipfile

import pytest

from tests.test_studio_api import cli, client, workdir  # noqa: F401


def received(response) -> list[bytes]:
    """The files of an answer: itself, or each file of its zip in name order."""
    assert response.status_code == 200, response.text
    if response.headers["content-type"] != "application/zip":
        return [response.content]
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return [archive.read(name) for name in sorted(archive.namelist())]


# (game, the design's parameters as the form and the command line give them, format, print options, their flags)
TAPES = [
    ("cats", {}, [], "svg", {}, []),                                  # 10 m: one strip, not three pages
    ("cats", {"segments": 3}, ["--segments", "3"], "png", {"dpi": 40}, ["--dpi", "40"]),
    ("cops", {}, [], "pdf", {}, []),                                  # the artwork's repeat and length in its subject
    ("cops", {"segments": 2, "tape_width": "38mm"}, ["--segments", "2", "--tape-width", "38mm"], "svg",
     {"lang": "de", "bleed": "2mm"}, ["--lang", "de", "--bleed", "2mm"]),
]


@pytest.mark.parametrize("game, params, param_flags, fmt, options, option_flags", TAPES)
def test_a_tape_downloads_what_its_tape_command_writes(client, tmp_path, game, params, param_flags, fmt, options,
                                                       option_flags):
    out = tmp_path / "cli" / f"tape.{fmt}"
    out.parent.mkdir()
    result = cli(game, "tape", *param_flags, "--seed", 3, *option_flags, "-o", out)
    assert result.exit_code == 0, result.output
    written = [path.read_bytes() for path in sorted(out.parent.iterdir())]
    made = client.post("/api/design", json={"game": game, "component": "tape", "seed": 3, "params": params})
    assert made.status_code == 200, made.text
    for body in ({"design": made.json()["design"], "options": options},
                 {"game": game, "component": "tape", "seed": 3, "params": params, "options": options}):
        assert received(client.post(f"/api/render?format={fmt}", json=body)) == written, body.keys()
