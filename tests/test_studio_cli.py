"""`washigen studio` as a user runs it: prints its URL, serves the page on 127.0.0.1, stops on Ctrl-C as every
command does (exit 130, the one line `interrupted`) and leaves no temporary folder behind; a port already taken is
a clear message (exit 2)."""

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
def test_studio_serves_and_ctrl_c_ends_it_as_every_command_cleanly(tmp_path):
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
    assert server.returncode == 130, err                 # as every command stopped by Ctrl-C (washigen/exits.py)
    assert err == "interrupted\n" and out == ""           # the URL line was read above; nothing else is said
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


def start_balance(port: int, design: dict, stream: bool) -> socket.socket:
    """A 2000-game balance asked for and left running, its client still there."""
    body = json.dumps({"design": design, "games": 2000, "seed": 1}).encode()
    client = socket.create_connection(("127.0.0.1", port), timeout=5)
    client.sendall(f"POST /api/balance{'?stream=1' if stream else ''} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
    return client


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT as Ctrl-C does")
def test_ctrl_c_stops_the_bot_games_in_flight_at_once(tmp_path):
    """uvicorn waits for every open answer before it stops: a balance a page is still waiting for (streamed or
    not) is stopped by the Ctrl-C too, instead of keeping the studio up for its minute of games."""
    port = free_port()
    server = subprocess.Popen([*washigen(), "studio", "--no-open", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    clients = []
    try:
        server.stdout.readline()
        deadline = time.monotonic() + 20
        while True:
            try:
                request = urllib.request.Request(f"http://127.0.0.1:{port}/api/design", json.dumps(
                    {"game": "cats", "component": "map", "seed": 2}).encode(), {"Content-Type": "application/json"})
                with urllib.request.urlopen(request, timeout=10) as answer:
                    design = json.load(answer)["design"]
                break
            except OSError:
                assert time.monotonic() < deadline, "the studio did not answer"
                time.sleep(0.1)
        clients = [start_balance(port, design, stream) for stream in (True, False)]
        time.sleep(1)                                         # both are playing
    finally:
        server.send_signal(signal.SIGINT)
        started = time.monotonic()
        try:
            err = server.communicate(timeout=10)[1]
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
            pytest.fail("the Ctrl-C waited for the games")
        finally:
            for client in clients:
                client.close()
    assert time.monotonic() - started < 10, "the Ctrl-C waited for the games"
    assert server.returncode == 130 and err == "interrupted\n", err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("washigen-studio-")]
