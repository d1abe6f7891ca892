"""A client that goes away halfway through its request leaves one short line in the studio's log, not a traceback
(a client could otherwise fill the log at will), and the studio goes on answering. Against the real server, started
as a user starts it, with raw sockets: a body promised by Content-Length and never sent."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from .test_studio_cli import free_port, washigen

BODY_ENDPOINTS = ["/api/design", "/api/validate", "/api/render", "/api/balance", "/api/play"]


def cut_short(port: int, path: str) -> None:
    """POST that promises 100 000 bytes, sends 15, and closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
        client.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                       "Content-Length: 100000\r\n\r\n".encode() + b'{"game": "cats"')
        time.sleep(0.2)                      # the server is reading the body when the client leaves


def games_listed(port: int) -> list[str]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as answer:
        return [game["name"] for game in json.load(answer)["games"]]


def wait_until_served(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            games_listed(port)
            return
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "the studio did not answer"
            time.sleep(0.1)


@pytest.mark.skipif(os.name != "posix", reason="stops the server with SIGINT, as Ctrl-C does")
def test_a_client_that_leaves_mid_body_gets_one_log_line_and_the_studio_goes_on(tmp_path):
    port = free_port()
    server = subprocess.Popen([*washigen(), "studio", "--no-open", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        wait_until_served(port, server)
        for path in BODY_ENDPOINTS:
            cut_short(port, path)
        time.sleep(0.3)                       # the last disconnect is noticed and logged
        assert "cats" in games_listed(port)
    finally:
        server.send_signal(signal.SIGINT)
        stderr = server.communicate(timeout=20)[1]
    assert server.returncode == 130                       # stopped by Ctrl-C, as every command
    assert stderr.splitlines() == [f"studio: POST {path}: the client went away before sending its whole request"
                                   for path in BODY_ENDPOINTS] + ["interrupted"]
