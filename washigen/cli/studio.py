"""`washigen studio`: serves the page on 127.0.0.1 until Ctrl-C, which ends it as it ends every command (exit 130,
the one line `interrupted`)."""

from __future__ import annotations

import click

DEFAULT_PORT = 8765


@click.command("studio")
@click.option("--port", type=click.IntRange(1024, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port on 127.0.0.1 to serve the page on.")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the page in the web browser.")
def studio_command(port: int, open_browser: bool):
    """A local web page to make, edit, check and print every game's parts: pick a game, set its parameters, see
    the design and its report live, edit it, and download PDF, PNG, SVG or JSON. Only this computer can reach it
    (127.0.0.1); Ctrl-C stops it."""
    import socket

    import uvicorn

    from ..errors import InputError
    from .options import note
    from ..studio.app import create_app

    url = f"http://127.0.0.1:{port}/"
    with socket.socket() as probe:      # a clear message instead of uvicorn's log when the port is taken
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            raise InputError(f"--port: {port} is in use on 127.0.0.1; choose another with --port") from None
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = stopping_server()(config)
    note(f"washigen studio: {url}  (Ctrl-C stops it)")
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # Ctrl-C: uvicorn stops serving, removes the temporary folder (the app's shutdown), then raises the
    # KeyboardInterrupt again; it ends the studio as it ends every command, exit 130 and the line `interrupted`.
    server.run()
    if server.interrupted:      # uvicorn's signal raised again may reach asyncio's runner, which can let it go
        raise KeyboardInterrupt


def stopping_server():
    """uvicorn's Server, whose Ctrl-C (or SIGTERM) also stops the bot games in flight: uvicorn waits for every open
    answer before it shuts down, and a balance streaming to a page still open would keep it waiting for minutes."""
    import signal

    import uvicorn

    from ..studio import jobs

    class Server(uvicorn.Server):
        interrupted = False

        def handle_exit(self, sig, frame) -> None:
            self.interrupted = self.interrupted or sig == signal.SIGINT
            super().handle_exit(sig, frame)
            jobs.stop_all()

    return Server


__all__ = ["studio_command", "DEFAULT_PORT"]
