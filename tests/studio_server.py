"""The studio served by uvicorn on a free local port, in a thread, for the tests that talk to it over HTTP or
drive it in a browser."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path
from typing import Iterator

WAIT_S = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def served(folder: Path) -> Iterator[int]:
    """The studio serving from `folder` on a free port (its number), stopped afterwards."""
    import uvicorn

    from washigen.studio.app import create_app

    port = free_port()
    config = uvicorn.Config(create_app(folder), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_S
    while not instance.started:
        assert time.monotonic() < deadline, "the studio server did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        instance.should_exit = True
        thread.join(WAIT_S)
