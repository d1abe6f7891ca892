"""Running the command line as a user would, in a subprocess under a memory limit and a timeout (DESIGN 12)."""

from __future__ import annotations

import atexit
import json
import locale
import os
import resource
import selectors
import signal
import socket
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MEMORY_LIMIT = 1024 * 1024 * 1024          # 1 GB of address space: DESIGN 12's bound for any accepted input
TIME_LIMIT = 60.0
WASHIGEN = [sys.executable, "-m", "washigen"]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def run_bounded(*args, cwd: Path | None = None, timeout: float = TIME_LIMIT, umask: int | None = None,
                **options) -> Run:
    """washigen ARGS in a fresh interpreter with 1 GB of address space (and `umask`, when given); a TimeoutExpired
    fails the test."""
    def prepare() -> None:
        _limit_memory()
        if umask is not None:
            os.umask(umask)

    done = subprocess.run([*WASHIGEN, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=prepare, **options)
    return Run(done.returncode, done.stdout, done.stderr)


# -- the same run, started warm ----------------------------------------------------------------------------------
# A fresh interpreter spends most of a refusal importing washigen (0.3 of 0.4 s of CPU for a game log's). run_warm
# runs the same command in a process of its own, forked from a server that has done that import once per test
# process (tests/warm_server.py): its own exit code, standard streams, folder, umask, environment, timeout and
# 1 GB of address space (the server's imports counted in it), so it guards what run_bounded does. What it does
# not show is a cold start: keep run_bounded where the start-up is under test (the time a user waits, its memory).

WARM_SERVER = Path(__file__).with_name("warm_server.py")
# Set anew for each test (by pytest; by conftest's autouse fixture) and read only when a command runs, never by an
# import: the child has them as they are, and the server need not start again for them.
READ_AT_RUN_TIME = ("PYTEST_CURRENT_TEST", "WASHIGEN_CONFIG_DIR")
LENGTH, NUMBER = struct.Struct("!I"), struct.Struct("!q")      # a request's length; the pid and exit code answered


class _WarmServer:
    def __init__(self, env: dict[str, str]):
        ours, theirs = socket.socketpair()
        self.process = subprocess.Popen([sys.executable, str(WARM_SERVER), str(theirs.fileno())],
                                        pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, env=env)
        theirs.close()
        self.channel, self.env, self.owner = ours, env, os.getpid()

    def send(self, request: dict, fds: list[int]) -> None:
        """The request with descriptors `fds` (they travel with its first bytes)."""
        data = json.dumps(request).encode()
        message = LENGTH.pack(len(data)) + data
        sent = socket.send_fds(self.channel, [message], fds)
        self.channel.sendall(message[sent:])

    def receive(self) -> int:
        answer = b""
        while len(answer) < NUMBER.size:
            chunk = self.channel.recv(NUMBER.size - len(answer))
            if not chunk:
                raise RuntimeError(f"the warm-start server ended (exit {self.process.poll()}); see its stderr")
            answer += chunk
        return NUMBER.unpack(answer)[0]

    def stop(self) -> None:
        self.channel.close()                 # the server reads the end and exits
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_warm: _WarmServer | None = None


def _warm_server(environ: dict[str, str]) -> _WarmServer:
    """The server for this process and the command's environment: started at the first run, again when the
    environment its imports saw has changed, never shared with a forked copy of this process."""
    global _warm
    env = {key: value for key, value in environ.items() if key not in READ_AT_RUN_TIME}
    if _warm is not None and (_warm.owner != os.getpid() or _warm.env != env):
        if _warm.owner == os.getpid():
            _warm.stop()
        _warm = None
    if _warm is None:
        _warm = _WarmServer(env)
        atexit.register(_warm.stop)
    return _warm


def run_warm(*args, cwd: Path | None = None, timeout: float = TIME_LIMIT, umask: int | None = None,
             stdin=None, memory_limit: int | None = MEMORY_LIMIT, env: dict[str, str] | None = None) -> Run:
    """run_bounded's run (washigen ARGS, 1 GB of address space unless `memory_limit` says otherwise, `umask` when
    given, standard input the file or descriptor `stdin` or this process's, the environment `env` or this
    process's), in a child of the warm-start server; a TimeoutExpired fails the test."""
    env = dict(os.environ) if env is None else env
    server = _warm_server(env)
    command = [*WASHIGEN, *map(str, args)]
    request = {"args": command[len(WASHIGEN):], "cwd": os.path.abspath(cwd if cwd is not None else os.getcwd()),
               "umask": _current_umask() if umask is None else umask, "env": env,
               "memory_limit": memory_limit}
    stdin_fd = 0 if stdin is None else stdin if isinstance(stdin, int) else stdin.fileno()
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe()
    try:
        server.send(request, [stdin_fd, out_write, err_write])
    finally:
        os.close(out_write)
        os.close(err_write)
    pid = server.receive()
    output, timed_out = _read_until_closed({out_read: [], err_read: []}, timeout, pid)
    code = server.receive()
    stdout, stderr = _text(b"".join(output[out_read])), _text(b"".join(output[err_read]))
    if timed_out:
        raise subprocess.TimeoutExpired(command, timeout, stdout, stderr)
    return Run(code, stdout, stderr)


def _current_umask() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def _read_until_closed(output: dict[int, list[bytes]], timeout: float, pid: int) -> tuple[dict, bool]:
    """Reads every pipe in `output` to its end; past `timeout` seconds kills process `pid` and reads on."""
    deadline, timed_out = time.monotonic() + timeout, False
    with selectors.DefaultSelector() as selector:
        for fd in output:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            ready = selector.select(None if timed_out else max(0.0, deadline - time.monotonic()))
            if not ready and not timed_out:
                os.kill(pid, signal.SIGKILL)
                timed_out = True
            for key, _ in ready:
                chunk = os.read(key.fd, 1 << 16)
                if chunk:
                    output[key.fd].append(chunk)
                else:
                    selector.unregister(key.fd)
                    os.close(key.fd)
    return output, timed_out


def _text(data: bytes) -> str:
    """Bytes read as subprocess.run(text=True) reads them."""
    encoding = "utf-8" if sys.flags.utf8_mode else locale.getencoding()
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")
