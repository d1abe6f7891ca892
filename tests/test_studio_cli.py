"""`washigen studio` as a user runs it: prints its URL, serves the page on 127.0.0.1, stops on Ctrl-C with exit 0
and leaves no temporary folder behind; a port already taken is a clear message (exit 2)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from click.testing import CliRunner

from washigen.cli import main


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def washigen() -> list[str]:
    return [str(Path(sys.executable).with_name("washigen"))] if Path(sys.executable).with_name(
        "washigen").exists() else [sys.executable, "-m", "washigen"]


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl-C does")
def test_studio_serves_and_stops_cleanly_on_ctrl_c(tmp_path):
    port = free_port()
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    server = subprocess.Popen([*washigen(), "studio", "--no-open", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as answer:
                    listing = json.load(answer)
                break
            except OSError:
                assert time.monotonic() < deadline, "the studio did not answer"
                time.sleep(0.1)
        assert "cats" in [g["name"] for g in listing["games"]]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            assert b'<script type="module" src="/static/main.js">' in page.read()
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith("washigen-studio-")]
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert "stopped" in out and "Traceback" not in err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("washigen-studio-")]


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["studio", "--no-open", "--port", str(port)])
    assert result.exit_code == 2
    assert f"--port: {port} is in use" in result.output and "Traceback" not in result.output


def test_a_port_out_of_range_is_refused():
    result = CliRunner().invoke(main, ["studio", "--port", "80"])
    assert result.exit_code == 2 and "--port" in result.output
