"""The fork server behind tests/limits.py's run_warm (run as a script, never collected: no test_ prefix).

Started once per test process, it imports washigen's command line and the modules most commands load, then waits
on a socket. Each request forks a child that becomes `python -m washigen ARGS` as a fresh interpreter would run
it: the request's standard streams (as descriptors 0, 1 and 2), folder, umask, environment and address-space
limit, `sys.path[0]` the folder (what `-m` puts first), `__main__` run by runpy as `-m` runs it, and the
interpreter's own ending (exit code, an uncaught exception's traceback, atexit, flushing). Only the start-up,
the same in every child, is done once. The server answers each request with the child's pid, then its exit code
(negative for a signal, as subprocess says it)."""

from __future__ import annotations

import json
import os
import resource
import runpy
import socket
import struct
import sys

del sys.path[0]             # this script's folder (tests/): none of its modules may stand in for another's

import washigen.cli.main  # noqa: E402,F401  (the command line every command starts with)
import washigen.design  # noqa: E402,F401  (pydantic and the design model: validate, render, every map)
import washigen.games.cats.gamelog  # noqa: E402,F401  (Cats play and replay)
import washigen.games.cops.generate  # noqa: E402,F401  (Cops maps; reportlab's font metrics)
import washigen.games.cops.playtest  # noqa: E402,F401  (Cops play and replay)

LENGTH, NUMBER = struct.Struct("!I"), struct.Struct("!q")      # as tests/limits.py: a request's length; answers


def serve(channel: socket.socket) -> dict | None:
    """Forks a child for each request until the test process hangs up: returns the request in the child, None in
    the server."""
    while True:
        head, fds, _flags, _address = socket.recv_fds(channel, LENGTH.size, 3)
        if not head:
            return None
        head += read_exactly(channel, LENGTH.size - len(head))
        message = read_exactly(channel, LENGTH.unpack(head)[0])
        pid = os.fork()
        if pid == 0:
            channel.close()
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
            for fd in fds:
                os.close(fd)
            return json.loads(message)
        for fd in fds:
            os.close(fd)
        channel.sendall(NUMBER.pack(pid))
        _, status = os.waitpid(pid, 0)
        channel.sendall(NUMBER.pack(os.waitstatus_to_exitcode(status)))


def read_exactly(channel: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = channel.recv(size - len(data))
        if not chunk:
            raise EOFError("the test process hung up inside a request")
        data += chunk
    return data


def become_washigen(request: dict) -> None:
    os.chdir(request["cwd"])
    os.umask(request["umask"])
    os.environ.clear()
    os.environ.update(request["env"])
    if request["memory_limit"] is not None:
        resource.setrlimit(resource.RLIMIT_AS, (request["memory_limit"], request["memory_limit"]))
    sys.path.insert(0, os.getcwd())
    sys.argv = ["-m", *request["args"]]
    runpy.run_module("washigen", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    request = serve(socket.socket(fileno=int(sys.argv[1])))
    if request is not None:
        become_washigen(request)
