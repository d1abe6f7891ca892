"""Every command once, as a user types it: the first example its --help ends with, run as `python -m washigen ...`
in a fresh folder (inputs the examples name made first by washigen itself), checked for exit code 0 and for
every file it was asked to write, read back by its format's first bytes.

This is the smoke run `make test-lowest` repeats on the lowest versions of the dependencies pyproject.toml
allows (uv's lowest-direct resolution), so it imports nothing but the standard library, pytest and washigen."""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import click
import pytest

from washigen.cli.examples import examples_for

from .commands_walk import command_tree

# The formats an output file may take, by suffix, and the bytes it starts with.
MAGIC = {".pdf": b"%PDF-", ".png": b"\x89PNG", ".svg": b"<", ".json": b"{", ".txt": b"", ".tmj": b"{", ".jsonl": b"{"}

# What the examples read, made by washigen first (file name -> the command that writes it).
INPUTS = {
    "map.json": "cats map --seed 7 -o map.json",
    "layout.txt": "cat-tree play --seed 7 -o layout.txt",
    "setup.json": "trail-route setup --players 3 --seed 1 -o setup.json",
}


# What a command needs done before it (command path -> the command that does it).
BEFORE = {"profile remove": "profile set --name office --paper letter"}


def leaf_commands() -> list[tuple[str, click.Command]]:
    """Every runnable command under `washigen`, as the words that reach it."""
    return [(" ".join(path), command) for path, command in command_tree() if not isinstance(command, click.Group)]


def _env(folder: Path) -> dict[str, str]:
    """A home of the test's own, so `profile set` and the profiles a run reads never touch the user's."""
    env = dict(os.environ, HOME=str(folder / "home"), XDG_CONFIG_HOME=str(folder / "config"))
    env.pop("PYTHONWARNINGS", None)
    return env


def washigen(words: list[str], folder: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "washigen", *words], cwd=folder, env=_env(folder),
                          capture_output=True, timeout=timeout)


def _outputs(words: list[str]) -> list[str]:
    """The files (or folders, ending in /) the command line asks to write."""
    outputs = []
    for flag, value in zip(words, words[1:]):
        if flag in ("-o", "--output") and value != "-":
            outputs.append(value)
    return outputs


def _check_output(folder: Path, name: str) -> None:
    target = folder / name
    if name.endswith("/"):
        files = sorted(p for p in target.rglob("*") if p.is_file())
        assert files, f"{name}: the folder holds no file"
        for path in files:
            _check_output(folder, str(path.relative_to(folder)))
        return
    if not target.exists():                    # a long roll or a sheet set is written as numbered files
        numbered = sorted(folder.glob(f"{target.stem}-*{target.suffix}"))
        assert numbered, f"{name}: not written"
        target = numbered[0]
    data = target.read_bytes()
    assert data, f"{name}: empty"
    assert data.startswith(MAGIC.get(target.suffix, b"")), f"{name}: does not start as a {target.suffix} file"


# Beside the first examples, the print paths that lean hardest on a dependency's newer features: the CMYK kit
# (pypdf's object copying), PNG at a set dpi (pypdfium2), a template sheet with duplex backs (reportlab forms).
EXTRA = [
    ("kit --color cmyk", "washigen kit cats --color cmyk --seed 3 -o kit.pdf"),
    ("cat-tree deck --duplex", "washigen cat-tree deck --paper letter --duplex long --color cmyk -o deck.pdf"),
    ("cats map png", "washigen cats map --seed 2 --dpi 150 -o map.png"),
]

COMMANDS = [(path, examples_for(path, command)[0]) for path, command in leaf_commands() if path != "studio"] + EXTRA


@pytest.mark.parametrize("path, example", COMMANDS, ids=[path for path, _ in COMMANDS])
def test_every_command_runs_its_first_example(path, example, tmp_path):
    words = shlex.split(example)[1:]
    if path in BEFORE:
        made = washigen(shlex.split(BEFORE[path]), tmp_path)
        assert made.returncode == 0, f"before {path}: {made.stderr.decode()[-2000:]}"
    for name, maker in INPUTS.items():
        if name in words:
            made = washigen(shlex.split(maker), tmp_path)
            assert made.returncode == 0, f"making {name}: {made.stderr.decode()[-2000:]}"
    done = washigen(words, tmp_path)
    stderr = done.stderr.decode()
    assert done.returncode == 0, f"{example}: exit {done.returncode}\n{stderr[-3000:]}"
    assert "Traceback" not in stderr, f"{example}:\n{stderr[-3000:]}"
    for name in _outputs(words):
        _check_output(tmp_path, name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_studio_serves_its_page(tmp_path):
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "washigen", "studio", "--port", str(port), "--no-open"],
                              cwd=tmp_path, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read()
                break
            except OSError:
                assert server.poll() is None, f"the studio stopped: {server.stderr.read().decode()[-2000:]}"
                assert time.monotonic() < deadline, "the studio did not answer within 60 s"
                time.sleep(0.2)
        assert b"<html" in page.lower() and b"washigen" in page.lower()
    finally:
        server.terminate()
        server.wait(timeout=30)
